//! A user's MessagePack input read into a document (`serbench measure`'s
//! input), by rmp-serde reading over the slice as the `msgpack` row reads,
//! after a walk for what rmp-serde would let through changed.

use serbench_document::value::{DocText, MAX_DEPTH, Value};
use serbench_document::{DOCUMENT, ReadDocument};
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::Deserialize as _;

use crate::MsgPack;

impl ReadDocument for MsgPack {
    fn read_document(bytes: &[u8]) -> Result<Value, Error> {
        read_value(bytes)
    }
}

/// The document `bytes` hold, its text of type `S`: rmp-serde's borrowing
/// reader lends every string, which the walk has found UTF-8.
pub(crate) fn read_value<'de, S: DocText<'de>>(bytes: &'de [u8]) -> Result<Value<S>, Error> {
    let end = msgpack_scan(bytes)?;
    if end < bytes.len() {
        let message = format!("{} bytes follow the value", bytes.len() - end);
        return Err(refused(ErrorKind::TrailingBytes, message, end));
    }
    let mut deserializer = rmp_serde::Deserializer::from_read_ref(bytes);
    Value::deserialize(&mut deserializer)
        .map_err(|error| crate::located::<Value>(bytes, error, DOCUMENT))
}

/// An error of the document's read, at byte `at`.
fn refused(kind: ErrorKind, message: impl Into<String>, at: usize) -> Error {
    Error::named(kind, MsgPack::NAME, DOCUMENT, message).at_offset(at)
}

/// Where the MessagePack value at the start of `bytes` ends, after the
/// walk that refuses what rmp-serde would let through changed: a `str`
/// that is not UTF-8 (rmp-serde hands its bytes on as a byte string) and
/// nesting past [`MAX_DEPTH`]; also a value cut short. Errors are at the
/// byte.
fn msgpack_scan(bytes: &[u8]) -> Result<usize, Error> {
    crate::walk::skip(bytes, 0, MAX_DEPTH)
        .map_err(|refusal| refused(refusal.kind, refusal.message, refusal.at))
}
