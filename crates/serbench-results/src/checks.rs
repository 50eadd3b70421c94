//! Rows that contradict themselves: figures a stable measurement cannot
//! show, so that a reader (and `results.json`) sees a disturbed row as
//! disturbed instead of as a finding.
//!
//! - `traverse_below_decode`: a codec that is not zero-copy answers the
//!   traverse question by decoding and then walking the value, so its
//!   traverse cannot be faster than its decode;
//! - `floor_above_encode`: the floor is a memcpy of the encoded bytes,
//!   which every encode must at least write, so it cannot be slower than
//!   encode.
//!
//! "Below" and "above" are beyond noise: by more than the larger of the two
//! rows' noise figures, so two equal times measured a little apart are not
//! called a contradiction.

use crate::{Op, OpStats, Record};

/// A non-zero-copy codec's traverse timed faster than its decode.
pub const TRAVERSE_BELOW_DECODE: &str = "traverse_below_decode";
/// The memcpy floor timed slower than the encode it bounds.
pub const FLOOR_ABOVE_ENCODE: &str = "floor_above_encode";

/// The contradictions of one record, by their `results.json` names.
pub(crate) fn contradictions(record: &Record) -> Vec<String> {
    let mut found = Vec::new();
    if !record.zero_copy
        && let (Some(traverse), Some(decode)) = (record.op(Op::Traverse), record.op(Op::Decode))
        && below_beyond_noise(traverse, decode)
    {
        found.push(TRAVERSE_BELOW_DECODE.to_owned());
    }
    if let (Some(floor), Some(encode)) = (record.op(Op::Floor), record.op(Op::Encode))
        && below_beyond_noise(encode, floor)
    {
        found.push(FLOOR_ABOVE_ENCODE.to_owned());
    }
    found
}

/// Whether `low`'s median is below `high`'s by more than either's noise.
fn below_beyond_noise(low: &OpStats, high: &OpStats) -> bool {
    let noise = low.noise.unwrap_or(0.0).max(high.noise.unwrap_or(0.0));
    low.median_ns < high.median_ns * (1.0 - noise)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ops;

    fn stats(median_ns: f64, noise: f64) -> Option<OpStats> {
        let stats = OpStats {
            median_ns,
            noise: Some(noise),
            ..OpStats::default()
        };
        (median_ns > 0.0).then_some(stats)
    }

    fn record(zero_copy: bool, decode: f64, traverse: f64, noise: f64) -> Record {
        Record {
            zero_copy,
            ops: Ops {
                encode: stats(100.0, 0.02),
                decode: stats(decode, noise),
                traverse: stats(traverse, noise),
                floor: stats(10.0, 0.02),
                ..Ops::default()
            },
            ..Record::default()
        }
    }

    #[test]
    fn traverse_below_decode_beyond_noise() {
        // The json: traverse 7.25 ms, decode 8.67 ms, 16 % apart.
        assert_eq!(
            contradictions(&record(false, 8.67, 7.25, 0.05)),
            [TRAVERSE_BELOW_DECODE]
        );
        // Within a 20 % noise it is no contradiction, nor for zero-copy.
        assert!(contradictions(&record(false, 8.67, 7.25, 0.20)).is_empty());
        assert!(contradictions(&record(true, 8.67, 1.0, 0.0)).is_empty());
    }

    #[test]
    fn floor_above_encode() {
        let mut record = record(false, 8.0, 9.0, 0.0);
        record.ops.floor = stats(150.0, 0.05);
        assert_eq!(contradictions(&record), [FLOOR_ABOVE_ENCODE]);
        record.ops.floor = stats(101.0, 0.05);
        assert!(contradictions(&record).is_empty());
    }
}
