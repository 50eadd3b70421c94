//! A user's MessagePack input read into a document (`serbench measure`'s
//! input), by rmp-serde reading over the slice as the `msgpack` row reads,
//! after a walk for what rmp-serde would let through changed.

use serbench_document::value::{MAX_DEPTH, Value};
use serbench_document::{DOCUMENT, ReadDocument};
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::Deserialize as _;

use crate::MsgPack;

impl ReadDocument for MsgPack {
    fn read_document(bytes: &[u8]) -> Result<Value, Error> {
        let end = msgpack_scan(bytes)?;
        if end < bytes.len() {
            let message = format!("{} bytes follow the value", bytes.len() - end);
            return Err(refused(ErrorKind::TrailingBytes, message, end));
        }
        let mut deserializer = rmp_serde::Deserializer::new(bytes);
        Value::deserialize(&mut deserializer)
            .map_err(|error| crate::located::<Value>(bytes, error, DOCUMENT))
    }
}

/// An error of the document's read, at byte `at`.
fn refused(kind: ErrorKind, message: impl Into<String>, at: usize) -> Error {
    Error::named(kind, MsgPack::NAME, DOCUMENT, message).at_offset(at)
}

/// Walks the MessagePack value at the start of `bytes` and returns where
/// it ends, refusing what rmp-serde would let through changed: a `str`
/// that is not UTF-8 (rmp-serde hands its bytes on as a byte string) and
/// nesting past [`MAX_DEPTH`]; also a value cut short. Errors are at the
/// byte.
fn msgpack_scan(bytes: &[u8]) -> Result<usize, Error> {
    /// What follows a marker: payload bytes, text bytes, or items.
    enum Next {
        Skip(u64),
        Text(u64),
        Items(u64),
    }
    // The items still to read in each open array or map.
    let mut open: Vec<u64> = Vec::new();
    let mut at = 0;
    loop {
        let start = at;
        let cut = || refused(ErrorKind::Truncated, "the value is cut short", start);
        let marker = *bytes.get(at).ok_or_else(cut)?;
        at += 1;
        let mut take = |n: usize| -> Result<u64, Error> {
            let field = bytes.get(at..at + n).ok_or_else(cut)?;
            at += n;
            Ok(field.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b)))
        };
        let next = match marker {
            0x00..=0x7f | 0xc0 | 0xc2 | 0xc3 | 0xe0..=0xff => Next::Skip(0),
            0x80..=0x8f => Next::Items(2 * u64::from(marker & 0x0f)),
            0x90..=0x9f => Next::Items(u64::from(marker & 0x0f)),
            0xa0..=0xbf => Next::Text(u64::from(marker & 0x1f)),
            0xc1 => {
                let message = "the marker 0xc1, which is never used";
                return Err(refused(ErrorKind::Syntax, message, start));
            }
            0xc4 => Next::Skip(take(1)?),
            0xc5 => Next::Skip(take(2)?),
            0xc6 => Next::Skip(take(4)?),
            0xc7 => Next::Skip(take(1)? + 1),
            0xc8 => Next::Skip(take(2)? + 1),
            0xc9 => Next::Skip(take(4)? + 1),
            0xca | 0xce | 0xd2 => Next::Skip(4),
            0xcb | 0xcf | 0xd3 => Next::Skip(8),
            0xcc | 0xd0 => Next::Skip(1),
            0xcd | 0xd1 | 0xd4 => Next::Skip(2),
            0xd5 => Next::Skip(3),
            0xd6 => Next::Skip(5),
            0xd7 => Next::Skip(9),
            0xd8 => Next::Skip(17),
            0xd9 => Next::Text(take(1)?),
            0xda => Next::Text(take(2)?),
            0xdb => Next::Text(take(4)?),
            0xdc => Next::Items(take(2)?),
            0xdd => Next::Items(take(4)?),
            0xde => Next::Items(2 * take(2)?),
            0xdf => Next::Items(2 * take(4)?),
        };
        match next {
            Next::Skip(n) | Next::Text(n) => {
                let end = usize::try_from(n)
                    .ok()
                    .and_then(|n| at.checked_add(n))
                    .filter(|&end| end <= bytes.len())
                    .ok_or_else(cut)?;
                if matches!(next, Next::Text(_))
                    && let Err(error) = std::str::from_utf8(&bytes[at..end])
                {
                    let message = "a str that is not UTF-8";
                    return Err(refused(
                        ErrorKind::Syntax,
                        message,
                        at + error.valid_up_to(),
                    ));
                }
                at = end;
            }
            Next::Items(n) => {
                if open.len() >= MAX_DEPTH {
                    let message = format!("nesting deeper than {MAX_DEPTH} levels");
                    return Err(refused(ErrorKind::Limit, message, start));
                }
                if n > 0 {
                    open.push(n);
                    continue;
                }
            }
        }
        // One item is complete: so is every container it completes.
        loop {
            let Some(left) = open.last_mut() else {
                return Ok(at);
            };
            *left -= 1;
            if *left > 0 {
                break;
            }
            open.pop();
        }
    }
}
