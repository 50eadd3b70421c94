//! The Cap'n Proto codec's tests: the shared conformance kit with Cap'n
//! Proto's hostile inputs, then Cap'n Proto's own.

mod errors;
mod hostile;
mod layout;

serbench_testkit::conformance_tests!(serbench_capnp::Capnp, hostile = crate::hostile::Inputs);

/// `bytes` with the one occurrence of `from` replaced by `to`.
fn patch(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let at: Vec<usize> = bytes
        .windows(from.len())
        .enumerate()
        .filter(|(_, window)| *window == from)
        .map(|(at, _)| at)
        .collect();
    assert_eq!(at.len(), 1, "{from:x?} occurs {} times", at.len());
    let mut patched = bytes.to_vec();
    patched[at[0]..at[0] + to.len()].copy_from_slice(to);
    patched
}
