//! simd-json under the conformance kit: every test of
//! `conformance_tests!`, with the damaged encodings held to simd-json's
//! own memory bound ([`DAMAGED_EXPANSION`]), which SECURITY.md documents.

use serbench_json::JsonSimd;
use serbench_model::{Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::{Crafts, HostileInputs};

use crate::hostile::Simd;

/// simd-json's worst peak on the kit's damaged encodings, in bytes per
/// input byte on top of 64 KiB: it copies the input (it parses in place),
/// copies it again aligned and padded, keeps a string buffer of the
/// input's size, and indexes every structural character in a tape of
/// 16-byte nodes before serde reads a value. The kit's bound, four times
/// the input, holds only for inputs of a few KiB.
const DAMAGED_EXPANSION: usize = 24;

macro_rules! datasets {
    ($($name:ident: $dataset:ty),*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn generated() {
                serbench_testkit::generated::<JsonSimd, $dataset>();
            }

            #[test]
            fn edge_cases() {
                serbench_testkit::edge_cases::<JsonSimd, $dataset>();
            }

            #[test]
            fn properties() {
                serbench_testkit::properties::<JsonSimd, $dataset>();
            }

            #[test]
            fn damaged() {
                crate::damaged::damaged::<JsonSimd, $dataset>(DAMAGED_EXPANSION);
            }

            #[test]
            fn crafted() {
                serbench_testkit::crafted::<JsonSimd, $dataset>(&<Simd as Crafts<$dataset>>::crafted());
            }

            #[test]
            fn expansion() {
                serbench_testkit::expansion::<JsonSimd, $dataset>(<Simd as HostileInputs>::EXPANSION);
            }
        }
    )*};
}

datasets!(
    task_manager: TaskManager,
    telemetry: SensorReading,
    graph: Graph,
    records: Record,
    media: MediaContent
);

#[test]
fn hostile_coverage() {
    serbench_testkit::coverage::<Simd>();
}
