//! The input as bincode reads it, shared by the fast path and the serde
//! path, which both need to know where decoding stopped.

use bincode::de::read::{BorrowReader, Reader};
use bincode::error::DecodeError;

/// The input as bincode reads it, as bincode's `SliceReader` does, but
/// telling its position.
pub(crate) struct Input<'de> {
    rest: &'de [u8],
    len: usize,
}

impl<'de> Input<'de> {
    pub(crate) fn new(bytes: &'de [u8]) -> Self {
        Self {
            rest: bytes,
            len: bytes.len(),
        }
    }

    pub(crate) fn position(&self) -> usize {
        self.len - self.rest.len()
    }
}

impl Reader for Input<'_> {
    #[inline]
    fn read(&mut self, bytes: &mut [u8]) -> Result<(), DecodeError> {
        let taken = self.take_bytes(bytes.len())?;
        bytes.copy_from_slice(taken);
        Ok(())
    }

    #[inline]
    fn peek_read(&mut self, n: usize) -> Option<&[u8]> {
        self.rest.get(..n)
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.rest = self.rest.get(n..).unwrap_or_default();
    }
}

impl<'de> BorrowReader<'de> for Input<'de> {
    #[inline]
    fn take_bytes(&mut self, length: usize) -> Result<&'de [u8], DecodeError> {
        let (taken, rest) =
            self.rest
                .split_at_checked(length)
                .ok_or_else(|| DecodeError::UnexpectedEnd {
                    additional: length - self.rest.len(),
                })?;
        self.rest = rest;
        Ok(taken)
    }
}
