//! The pass simd-json's and sonic-rs's input takes first: arrays and
//! objects nest no deeper than any dataset's layout could use.
//!
//! simd-json finds every structural character of the whole input (stage 1)
//! before it checks nesting (stage 2), and sizes its buffers by the input:
//! 100 000 nested `[` cost it several bytes each before the depth limit is
//! seen. This pass reads the bytes once, outside strings, and stops at the
//! first bracket past [`DEPTH`], so such an input fails before simd-json
//! allocates for it. sonic-rs recurses with large frames: the pass keeps
//! its depth, and so its stack, small.

use serbench_model::{BaseCodec, Dataset, Error, ErrorKind};

/// The deepest arrays and objects may nest: the task-manager nests 6
/// levels (root, lists, list, tasks, task, header), the deepest of the
/// layouts, and no key holds anything but its layout's value, so deeper
/// input is wrong whatever it holds.
pub(crate) const DEPTH: usize = 16;

/// An [`ErrorKind::Limit`] error of codec `C` at the bracket that opens a
/// container more than [`DEPTH`] deep, if there is one.
pub(crate) fn check<C: BaseCodec, T: Dataset>(bytes: &[u8]) -> Result<(), Error> {
    match too_deep(bytes) {
        Some(at) => {
            let message = format!("arrays and objects nest more than {DEPTH} levels");
            Err(Error::new::<C, T>(ErrorKind::Limit, message).at_offset(at))
        }
        None => Ok(()),
    }
}

/// The offset of the first `[` or `{` that opens a container [`DEPTH`]
/// levels deep, if there is one. Brackets inside strings do not count; a
/// closing bracket without its opener is left to the parser.
fn too_deep(bytes: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (at, &byte) in bytes.iter().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > DEPTH {
                    return Some(at);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}
