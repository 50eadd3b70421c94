//! The wincode codec's tests: the shared conformance kit with its crafted
//! hostile inputs, then the format's own (layouts, errors).

mod borrow;
mod hostile;

serbench_testkit::conformance_tests!(serbench_wincode::Wincode, hostile = crate::hostile::Inputs);

/// wincode's errors name no position: the codec's is where wincode's
/// reader stood, past the item it refused or at the start of the one the
/// input ends inside.
#[test]
fn errors_are_where_wincode_stopped() {
    use serbench_model::{Codec, TaskManager};
    use serbench_testkit::replace_once;
    use serbench_wincode::{ErrorKind, Wincode};

    let manager = TaskManager::generate(1);
    let bytes = Wincode::to_vec(&manager).unwrap();
    let decode = |bytes: &[u8]| <Wincode as Codec<TaskManager>>::decode(bytes).unwrap_err();

    // The user's 8-byte length, then its 9 bytes: refused once read.
    let error = decode(&replace_once(&bytes, b"Demo User", b"Demo \xffser"));
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    assert_eq!(error.position().offset(), Some(17), "{error}");
    // Cut inside the user: the walk before wincode refuses its length,
    // at byte 0, the start of what runs past the end.
    let error = decode(&bytes[..12]);
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    assert_eq!(error.position().offset(), Some(0), "{error}");
    // The last task's `completed`, the last byte, is 2.
    let mut bad = bytes.clone();
    *bad.last_mut().unwrap() = 2;
    let error = decode(&bad);
    assert_eq!(error.position().offset(), Some(bytes.len()), "{error}");
}
