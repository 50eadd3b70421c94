//! The borrowed decode: it lends every string, and builds the
//! task-manager's lists once (its allocations printed with
//! `--nocapture`).

use serbench_testkit::lending;
use serbench_wincode::Wincode;

#[test]
fn lends_every_string() {
    lending::lends_every_string::<Wincode>();
}

/// The lent mirror's lists become the borrowed form's in place, so the
/// borrow allocates about once per list.
#[test]
fn allocations() {
    lending::borrows_within_the_bar::<Wincode>();
}
