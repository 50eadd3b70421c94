//! The pass simd-json's and sonic-rs's input takes first: arrays and
//! objects nest no deeper than any dataset's layout could use, and, for
//! simd-json, no number is a bare `-0`.
//!
//! simd-json finds every structural character of the whole input (stage 1)
//! before it checks nesting (stage 2), and sizes its buffers by the input:
//! 100 000 nested `[` cost it several bytes each before the depth limit is
//! seen. This pass reads the bytes once, outside strings, and stops at the
//! first bracket past [`DEPTH`], so such an input fails before simd-json
//! allocates for it. sonic-rs recurses with large frames: the pass keeps
//! its depth, and so its stack, small.
//!
//! `-0`, with no fraction or exponent, is to serde_json (and sonic-rs) the
//! float −0.0: no integer field takes it. simd-json reads it as the
//! integer 0, so it took `"priority": -0` as priority 0, and a reading of
//! `-0` as +0.0. The same loop finds it for simd-json ([`MinusZero`]), so
//! the JSON codecs refuse the same integers; the error says to write `0`,
//! or `-0.0` for a float.

use serbench_model::{BaseCodec, Error, ErrorKind};

/// The deepest arrays and objects may nest: mk48 nests 7 levels (root,
/// updates, update, contacts, contact, transform, position), the deepest
/// of the layouts (the task-manager and minecraft_savedata nest 6), and no
/// key holds anything but its layout's value, so deeper input is wrong
/// whatever it holds.
pub(crate) const DEPTH: usize = 16;

/// Whether the pass refuses a bare `-0`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum MinusZero {
    /// Left to the library, which reads it as serde_json does.
    Read,
    /// Refused: the library would read it as the integer 0.
    Refused,
}

/// What the pass found wrong, at a byte offset.
#[derive(Clone, Copy)]
enum Fault {
    TooDeep(usize),
    MinusZero(usize),
    Trailing(usize),
}

/// An [`ErrorKind::Limit`] error of codec `C` about `subject` (a dataset,
/// or a document) at the bracket that opens a container more than `depth`
/// levels deep (the datasets' [`DEPTH`], or a document's), or with
/// [`MinusZero::Refused`] an [`ErrorKind::Invalid`] one at a bare `-0`,
/// whichever comes first.
pub(crate) fn check<C: BaseCodec>(
    subject: &'static str,
    bytes: &[u8],
    depth: usize,
    minus_zero: MinusZero,
) -> Result<(), Error> {
    match fault(bytes, depth, minus_zero) {
        None => Ok(()),
        Some((kind, at, message)) => {
            Err(Error::named(kind, C::NAME, subject, message).at_offset(at))
        }
    }
}

/// What the pass finds wrong in `bytes`, with containers allowed `depth`
/// levels: its kind, its byte offset and what to say.
fn fault(bytes: &[u8], depth: usize, minus_zero: MinusZero) -> Option<(ErrorKind, usize, String)> {
    let fault = if minus_zero == MinusZero::Refused {
        first_fault::<true, false>(bytes, depth)
    } else {
        first_fault::<false, false>(bytes, depth)
    };
    Some(describe(fault?, depth))
}

/// As [`check`] with [`MinusZero::Refused`], and an
/// [`ErrorKind::TrailingBytes`] error at the first byte other than
/// whitespace after the root value ends, for a library that stops reading
/// there without saying whether more follows (flexon).
pub(crate) fn check_whole<C: BaseCodec>(
    subject: &'static str,
    bytes: &[u8],
    depth: usize,
) -> Result<(), Error> {
    match first_fault::<true, true>(bytes, depth).map(|fault| describe(fault, depth)) {
        None => Ok(()),
        Some((kind, at, message)) => {
            Err(Error::named(kind, C::NAME, subject, message).at_offset(at))
        }
    }
}

/// A fault's kind, byte offset and what to say, with containers allowed
/// `depth` levels.
fn describe(fault: Fault, depth: usize) -> (ErrorKind, usize, String) {
    match fault {
        Fault::TooDeep(at) => (
            ErrorKind::Limit,
            at,
            format!("arrays and objects nest more than {depth} levels"),
        ),
        // simd-json and flexon read it as the integer 0.
        Fault::MinusZero(at) => (
            ErrorKind::Invalid,
            at,
            "the number -0, which this library reads as 0 and serde_json as -0.0 (write 0 or -0.0)"
                .to_owned(),
        ),
        Fault::Trailing(at) => (
            ErrorKind::TrailingBytes,
            at,
            "bytes after the value's end".to_owned(),
        ),
    }
}

/// Which bytes of JSON text lie outside its strings, read byte by byte.
#[derive(Default)]
pub(crate) struct Strings {
    inside: bool,
    escaped: bool,
}

impl Strings {
    /// Whether `byte`, the next one, is outside every string: not a quote
    /// that opens or closes one, nor anything between them.
    pub(crate) fn outside(&mut self, byte: u8) -> bool {
        if self.inside {
            match byte {
                _ if self.escaped => self.escaped = false,
                b'\\' => self.escaped = true,
                b'"' => self.inside = false,
                _ => {}
            }
            return false;
        }
        if byte == b'"' {
            self.inside = true;
            return false;
        }
        true
    }

    /// Whether the bytes read so far end inside a string.
    pub(crate) fn open(&self) -> bool {
        self.inside
    }
}

/// The first `[` or `{` that opens a container past `limit` levels deep, or
/// with `MINUS_ZERO` the first bare `-0`, or with `TRAILING` the first byte
/// after the root value, if there is one. Brackets and signs inside strings
/// do not count; a closing bracket without its opener and a number JSON
/// does not have are left to the parser.
fn first_fault<const MINUS_ZERO: bool, const TRAILING: bool>(
    bytes: &[u8],
    limit: usize,
) -> Option<Fault> {
    let mut depth = 0usize;
    let mut strings = Strings::default();
    let mut root = Root::default();
    for (at, &byte) in bytes.iter().enumerate() {
        let in_string = strings.open();
        if TRAILING && depth == 0 && root.after(byte, in_string) {
            return Some(Fault::Trailing(at));
        }
        if !strings.outside(byte) {
            if TRAILING && depth == 0 && in_string && !strings.open() {
                // A root string has closed.
                root.ended = true;
            }
            continue;
        }
        match byte {
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some(Fault::TooDeep(at));
                }
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                root.ended |= TRAILING && depth == 0;
            }
            b'-' if MINUS_ZERO
                && bytes.get(at + 1) == Some(&b'0')
                && !matches!(bytes.get(at + 2), Some(b'.' | b'e' | b'E' | b'0'..=b'9')) =>
            {
                return Some(Fault::MinusZero(at));
            }
            _ => {}
        }
    }
    None
}

/// Where the root value stands, for the bytes outside containers: the
/// parser has checked the value itself by the time this matters (it reads
/// what comes first), so a number or literal is any run of the bytes
/// numbers and literals are made of.
#[derive(Default)]
struct Root {
    /// A number or literal at the root has begun.
    scalar: bool,
    /// The root value has ended: only whitespace may follow.
    ended: bool,
}

impl Root {
    /// Whether `byte`, the next one outside every container, lies after the
    /// root value's end; `in_string` if it is inside a string.
    fn after(&mut self, byte: u8, in_string: bool) -> bool {
        if in_string {
            return false;
        }
        match byte {
            b' ' | b'\t' | b'\n' | b'\r' => {
                self.ended |= self.scalar;
                false
            }
            b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'-' | b'+' | b'.' => {
                self.scalar = true;
                self.ended
            }
            // A container, a string, or punctuation.
            _ => self.ended || self.scalar,
        }
    }
}
