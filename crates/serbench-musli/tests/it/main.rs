//! The musli codecs' tests: the shared conformance kit with each format's
//! crafted hostile inputs, then the formats' own (errors).

mod borrow;
mod hostile;
mod layout;

mod storage {
    serbench_testkit::conformance_tests!(
        serbench_musli::MusliStorage,
        hostile = crate::hostile::Storage
    );
}

mod wire {
    serbench_testkit::conformance_tests!(
        serbench_musli::MusliWire,
        hostile = crate::hostile::Wire,
        global_allocator = false
    );
}

mod descriptive {
    serbench_testkit::conformance_tests!(
        serbench_musli::MusliDescriptive,
        hostile = crate::hostile::Descriptive,
        global_allocator = false
    );
}

/// musli's derive reads a field given twice without error, keeping the
/// last value, in all three formats: SECURITY.md lists it among what the
/// formats do not check, and `hostile.rs` declares the class so.
#[test]
fn a_field_given_twice_keeps_the_last() {
    use serbench_model::{Codec, Record};
    use serbench_musli::{MusliDescriptive, MusliStorage, MusliWire};

    fn twice<C: Codec<Record>>(field_count: &[u8], again: &[u8]) {
        let record = Record {
            ids: vec![7],
            strings: vec!["ab".to_owned()],
        };
        let bytes = C::to_vec(&record).unwrap();
        // The struct's field count, then one more field: `ids` again.
        let bytes = [field_count, &bytes[1..], again].concat();
        let read = C::decode(&bytes).unwrap();
        assert_eq!(read.ids, [1], "{bytes:02x?}");
        assert_eq!(read.strings, ["ab"]);
    }

    // Field 0, a sequence of one integer 1.
    twice::<MusliStorage>(&[3], &[0, 1, 2]);
    twice::<MusliWire>(&[0x86], &[0xc0, 0x81, 0xc2]);
    twice::<MusliDescriptive>(&[0x83], &[0x59, 0, 0x61, 0x58, 2]);
}

/// Where musli stopped: the codec decodes again, traced, on a refusal,
/// for the field path and the byte.
#[test]
fn errors_name_the_field_and_the_byte() {
    use serbench_model::{Codec, TaskManager};
    use serbench_musli::{ErrorKind, MusliWire};
    use serbench_testkit::replace_once;

    let bytes = MusliWire::to_vec(&TaskManager::generate(1)).unwrap();
    let bad = replace_once(&bytes, b"Demo User", b"Demo \xffser");
    let error = <MusliWire as Codec<TaskManager>>::decode(&bad).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
    assert!(error.message().contains(".user"), "{error}");
    assert!(error.position().offset().is_some(), "{error}");
    let error = <MusliWire as Codec<TaskManager>>::decode(&bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
}
