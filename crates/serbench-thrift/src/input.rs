//! The bytes being decoded, as the transport the thrift crate's input
//! protocols read from, with the position shared with the decoder.
//!
//! The protocols own their transport and do not say how far they have
//! read. Reading through `&Input` keeps the position in a `Cell`, so the
//! decoder sees it between two protocol calls: for error offsets, for the
//! trailing-bytes check, and to look at a length before the protocol
//! allocates what it declares.

use std::cell::Cell;
use std::io::{self, Read};

pub(crate) struct Input<'a> {
    bytes: &'a [u8],
    pos: Cell<usize>,
}

impl<'a> Input<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self {
            bytes,
            pos: Cell::new(0),
        }
    }

    /// How many bytes have been read.
    pub(crate) fn pos(&self) -> usize {
        self.pos.get()
    }

    /// The bytes not yet read.
    pub(crate) fn ahead(&self) -> &'a [u8] {
        self.bytes.get(self.pos.get()..).unwrap_or_default()
    }
}

impl Read for &Input<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let ahead = self.ahead();
        let n = ahead.len().min(buf.len());
        buf[..n].copy_from_slice(&ahead[..n]);
        self.pos.set(self.pos.get() + n);
        Ok(n)
    }

    fn read_exact(&mut self, buf: &mut [u8]) -> io::Result<()> {
        let ahead = self.ahead();
        let Some(taken) = ahead.get(..buf.len()) else {
            // Consume what is there, as a stream would, so the error's
            // offset is the end of the input.
            self.pos.set(self.bytes.len());
            return Err(io::ErrorKind::UnexpectedEof.into());
        };
        buf.copy_from_slice(taken);
        self.pos.set(self.pos.get() + buf.len());
        Ok(())
    }
}
