//! What differs between the binary and the compact protocol, as far as the
//! codecs care: which of the thrift crate's protocol types to use, how a
//! length prefix looks (to check it before the protocol allocates), how an
//! integer may be too wide for its type (to refuse it before the protocol
//! cuts it to the type), and the fewest bytes a list item can take (to
//! check a count).

use thrift::protocol::{
    TBinaryInputProtocol, TBinaryOutputProtocol, TCompactInputProtocol, TCompactOutputProtocol,
    TInputProtocol, TOutputProtocol,
};

use crate::input::Input;
use crate::{ThriftBinary, ThriftCompact};

/// One of Thrift's two protocols.
pub(crate) trait Protocol {
    /// The thrift crate's input protocol over the bytes.
    type In<'i>: TInputProtocol;
    /// The thrift crate's output protocol appending to a buffer.
    type Out<'o>: TOutputProtocol;

    fn input<'i>(input: &'i Input<'i>) -> Self::In<'i>;
    fn output(out: &mut Vec<u8>) -> Self::Out<'_>;

    /// The length a string or binary value at the start of `ahead`
    /// declares, and the bytes its prefix takes; `None` when the prefix is
    /// cut short or malformed (the protocol's own read then fails).
    fn peek_length(ahead: &[u8]) -> Option<(i64, usize)>;

    /// How the integer of `int` at the start of `ahead` is wider than its
    /// type, if it is; `None` when it fits or is cut short (the protocol's
    /// own read then fails). The binary protocol's integers have the
    /// type's width: none is ever too wide.
    fn too_wide(_ahead: &[u8], _int: Int) -> Option<TooWide> {
        None
    }

    /// The fewest bytes a list item of each kind takes.
    const MIN_I32: usize;
    const MIN_I64: usize;
    const MIN_STRING: usize;
}

/// A struct item takes at least its stop byte in both protocols.
pub(crate) const MIN_STRUCT: usize = 1;
/// A `bool` item takes a byte in both protocols.
pub(crate) const MIN_BOOL: usize = 1;

/// An integer the reader is about to take from the protocol, for
/// [`Protocol::too_wide`].
#[derive(Clone, Copy)]
pub(crate) enum Int {
    /// A field header, whose id is an `i16`.
    FieldHeader,
    /// A list header, whose count is 32 bits.
    ListHeader,
    /// A string or binary value's length, 32 bits.
    Length,
    I16,
    I32,
    I64,
}

/// Why an integer is wider than its type: its varint takes more bytes than
/// the type's width needs, or its value has bits past that width.
pub(crate) enum TooWide {
    Long { bits: u32, most: usize },
    Value { bits: u32 },
}

impl std::fmt::Display for TooWide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TooWide::Long { bits, most } => write!(
                f,
                "a varint longer than {most} bytes, the most a {bits}-bit integer takes"
            ),
            TooWide::Value { bits } => write!(f, "a varint whose value does not fit {bits} bits"),
        }
    }
}

impl Protocol for ThriftBinary {
    type In<'i> = TBinaryInputProtocol<&'i Input<'i>>;
    type Out<'o> = TBinaryOutputProtocol<&'o mut Vec<u8>>;

    fn input<'i>(input: &'i Input<'i>) -> Self::In<'i> {
        // Strictness concerns message headers only; a bare struct has none.
        TBinaryInputProtocol::new(input, true)
    }

    fn output(out: &mut Vec<u8>) -> Self::Out<'_> {
        TBinaryOutputProtocol::new(out, true)
    }

    fn peek_length(ahead: &[u8]) -> Option<(i64, usize)> {
        let prefix: [u8; 4] = ahead.get(..4)?.try_into().ok()?;
        Some((i64::from(i32::from_be_bytes(prefix)), 4))
    }

    const MIN_I32: usize = 4;
    const MIN_I64: usize = 8;
    const MIN_STRING: usize = 4;
}

impl Protocol for ThriftCompact {
    type In<'i> = TCompactInputProtocol<&'i Input<'i>>;
    type Out<'o> = TCompactOutputProtocol<&'o mut Vec<u8>>;

    fn input<'i>(input: &'i Input<'i>) -> Self::In<'i> {
        TCompactInputProtocol::new(input)
    }

    fn output(out: &mut Vec<u8>) -> Self::Out<'_> {
        TCompactOutputProtocol::new(out)
    }

    fn peek_length(ahead: &[u8]) -> Option<(i64, usize)> {
        // An unsigned varint of at most five bytes, whole: the protocol
        // would cut it to 32 bits, which `too_wide` refuses first.
        let mut length = 0u64;
        for (at, byte) in ahead.iter().take(5).enumerate() {
            length |= u64::from(byte & 0x7f) << (7 * at);
            if byte & 0x80 == 0 {
                return Some((i64::try_from(length).ok()?, at + 1));
            }
        }
        None
    }

    fn too_wide(ahead: &[u8], int: Int) -> Option<TooWide> {
        // The thrift crate reads each varint into the type's width and
        // drops the bits past it: 2^32 + 9 as a length reads 9, 65 537 as
        // a field id reads 1. The compact protocol defines each integer by
        // its type, so a varint that does not fit it is refused here first.
        let (skip, bits) = match int {
            // A field id follows the type byte when the byte's delta is 0
            // (and it is not the stop byte, type 0).
            Int::FieldHeader => match ahead.first() {
                Some(&byte) if byte & 0xf0 == 0 && byte & 0x0f != 0 => (1, 16),
                _ => return None,
            },
            // A count follows the header byte when its count is 15.
            Int::ListHeader => match ahead.first() {
                Some(&byte) if byte & 0xf0 == 0xf0 => (1, 32),
                _ => return None,
            },
            Int::I16 => (0, 16),
            Int::Length | Int::I32 => (0, 32),
            Int::I64 => (0, 64),
        };
        too_wide_varint(ahead.get(skip..)?, bits)
    }

    const MIN_I32: usize = 1;
    const MIN_I64: usize = 1;
    const MIN_STRING: usize = 1;
}

/// How the varint at the start of `ahead` does not fit `bits` bits (16,
/// 32 or 64; zigzag-encoded or not, the bits are the type's), if it does
/// not; `None` when it fits or is cut short.
fn too_wide_varint(ahead: &[u8], bits: u32) -> Option<TooWide> {
    // 3 bytes for 16 bits, 5 for 32, 10 for 64.
    let most = bits.div_ceil(7) as usize;
    for (at, &byte) in ahead.iter().take(most).enumerate() {
        if byte & 0x80 == 0 {
            // The last byte of the longest form holds only the bits left.
            let left = bits - 7 * at as u32;
            return (left < 7 && byte >> left != 0).then_some(TooWide::Value { bits });
        }
    }
    (ahead.len() >= most).then_some(TooWide::Long { bits, most })
}
