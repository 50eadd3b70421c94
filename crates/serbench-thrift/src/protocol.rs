//! What differs between the binary and the compact protocol, as far as the
//! codecs care: which of the thrift crate's protocol types to use, how a
//! length prefix looks (to check it before the protocol allocates), and
//! the fewest bytes a list item can take (to check a count).

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

    /// The fewest bytes a list item of each kind takes.
    const MIN_I32: usize;
    const MIN_I64: usize;
    const MIN_STRING: usize;
}

/// A struct item takes at least its stop byte in both protocols.
pub(crate) const MIN_STRUCT: usize = 1;

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
        // An unsigned varint of at most five bytes, as the protocol reads it.
        let mut length = 0u64;
        for (at, byte) in ahead.iter().take(5).enumerate() {
            length |= u64::from(byte & 0x7f) << (7 * at);
            if byte & 0x80 == 0 {
                return Some((i64::from(length as u32), at + 1));
            }
        }
        None
    }

    const MIN_I32: usize = 1;
    const MIN_I64: usize = 1;
    const MIN_STRING: usize = 1;
}
