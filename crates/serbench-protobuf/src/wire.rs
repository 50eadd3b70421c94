//! The link between each dataset and its root message.

use crate::read::ReadError;

/// A dataset with a root message in `schemas/<dataset>.proto`.
///
/// Public only inside this private module, so users cannot implement it:
/// the datasets are the model's.
pub trait Wire: Sized {
    /// The generated root message, which encoding writes and the stock
    /// codec decodes.
    type Message: prost::Message + Default;

    /// The message holding this value. Every value of the model has one.
    fn build(&self) -> Self::Message;

    /// Reads the value from the root message that fills `buf`, straight
    /// into the model, checking what protobuf cannot (lengths, ranges, enum
    /// values, required fields). On error `buf` holds what was left unread.
    fn read(buf: &mut &[u8]) -> Result<Self, ReadError>;

    /// The value a decoded root message holds, checking what `read` checks
    /// beyond the wire (ids, ranges, enum values, required fields), with
    /// the same errors: the stock codec's way, the one a prost user writes.
    fn from_message(message: Self::Message) -> Result<Self, ReadError>;
}
