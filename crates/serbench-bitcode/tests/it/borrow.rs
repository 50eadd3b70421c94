//! The borrowed decodes: they lend every string (their task-manager
//! allocations printed with `--nocapture`).

use serbench_bitcode::{Bitcode, BitcodeSerde};
use serbench_testkit::lending;

#[test]
fn lends_every_string() {
    lending::lends_every_string::<Bitcode>();
    lending::lends_every_string::<BitcodeSerde>();
}

/// The derive within the 25, its column buffers kept from call to
/// call; the serde codec fewer than its decode only, as its serde decoder
/// reads every byte string (each task's UUID) into a `Vec` of its own.
#[test]
fn allocations() {
    lending::borrows_within_the_bar::<Bitcode>();
    let (owned, lent) = lending::task_manager_allocations::<BitcodeSerde>();
    assert!(lent < owned, "{lent} allocations, against {owned}");
}
