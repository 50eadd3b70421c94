//! The borrowed decodes: they lend every string (their task-manager
//! allocations printed with `--nocapture`).

use serbench_bitcode::{Bitcode, BitcodeSerde};
use serbench_testkit::lending;

#[test]
fn lends_every_string() {
    lending::lends_every_string::<Bitcode>();
    lending::lends_every_string::<BitcodeSerde>();
}

/// Fewer allocations than the decode, not the 25: bitcode decodes
/// text into a `&str` (no `Cow`), so the lists are built twice, and its
/// column decoders and the canonical check's encode allocate their own
/// buffers; its serde decoder reads every byte string (each task's UUID)
/// into a `Vec` of its own.
#[test]
fn allocations() {
    for (owned, lent) in [
        lending::task_manager_allocations::<Bitcode>(),
        lending::task_manager_allocations::<BitcodeSerde>(),
    ] {
        assert!(lent < owned, "{lent} allocations, against {owned}");
    }
}
