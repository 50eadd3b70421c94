//! simd-json under the conformance kit: every test of
//! `conformance_tests!`, with the damaged encodings held to simd-json's
//! own memory bound ([`DAMAGED_EXPANSION`]), which SECURITY.md documents.

use serbench_json::JsonSimd;

use crate::hostile::Simd;

/// simd-json's worst peak on the kit's damaged encodings, in bytes per
/// input byte on top of 64 KiB: it copies the input (it parses in place),
/// copies it again aligned and padded, keeps a string buffer of the
/// input's size, and indexes every structural character in a tape of
/// 16-byte nodes before serde reads a value. The kit's bound, four times
/// the input, holds only for inputs of a few KiB.
const DAMAGED_EXPANSION: usize = 24;

serbench_testkit::conformance_tests!(
    JsonSimd,
    hostile = Simd,
    damaged_expansion = DAMAGED_EXPANSION,
    global_allocator = false,
);
