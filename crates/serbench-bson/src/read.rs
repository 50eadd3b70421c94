//! The one read of a BSON document, for the datasets and for any serde
//! type (the document path): the top-level length checked here, the
//! document through the bson crate's raw deserializer, and a failure
//! located by [`walk`](crate::walk) and serde's field path.

use bson::error::{Error as BsonError, ErrorKind as BsonKind};
use serbench_model::ErrorKind;
use serbench_model::excerpt::{MESSAGE_BYTES, cut};
use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serde::de::DeserializeOwned;

use crate::walk;

/// Why a read failed, and where: the crate's error before it names a
/// codec and a dataset.
pub(crate) struct Failure {
    pub(crate) kind: ErrorKind,
    /// Cut to the model's message length at once, so a message quoting a
    /// megabyte of input is not held while the failure is located.
    pub(crate) message: String,
    pub(crate) path: Option<String>,
    pub(crate) offset: Option<usize>,
    pub(crate) source: Option<Box<BsonError>>,
}

impl Failure {
    fn new(kind: ErrorKind, message: &str) -> Self {
        Self {
            kind,
            message: cut(message, MESSAGE_BYTES).into_owned(),
            path: None,
            offset: None,
            source: None,
        }
    }

    fn at(mut self, offset: usize) -> Self {
        self.offset = Some(offset);
        self
    }
}

/// The one `T` that fills `bytes`: a BSON document, all of it.
pub(crate) fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Failure> {
    let document = framed(bytes)?;
    let value =
        bson::deserialize_from_slice(document).map_err(|error| located::<T>(document, error))?;
    if document.len() < bytes.len() {
        let message = format!("{} bytes follow the document", bytes.len() - document.len());
        return Err(Failure::new(ErrorKind::TrailingBytes, &message).at(document.len()));
    }
    Ok(value)
}

/// The borrowed form of the one `T` that fills `bytes`, through the same
/// framing and the same raw deserializer as [`read`], which lends every
/// string (a slice of `bytes`, after the library's length and UTF-8
/// checks); `None` where the read would fail, for the owned read to tell.
pub(crate) fn lend<T: SerdeBorrow>(bytes: &[u8]) -> Option<T::Borrowed<'_>> {
    let document = framed(bytes).ok()?;
    if document.len() < bytes.len() {
        return None;
    }
    bson::deserialize_from_slice::<Lent<'_, T>>(document)
        .ok()
        .map(|lent| lent.0)
}

/// [`read`], refusing first a document nested past `most` levels
/// ([`ErrorKind::Limit`]): the library's deserializer, with a visitor
/// that recurses (a document's `Value`), takes several KiB of stack a
/// level in a debug build, so only a short walk may see deep nesting.
#[cfg(feature = "document")]
pub(crate) fn read_nested<T: DeserializeOwned>(bytes: &[u8], most: usize) -> Result<T, Failure> {
    let document = framed(bytes)?;
    if let Some(at) = walk::deeper_than(document, most) {
        let message = format!("nesting deeper than {most} levels");
        return Err(Failure::new(ErrorKind::Limit, &message).at(at));
    }
    read(bytes)
}

/// The document at the start of `bytes`, as long as its first four bytes
/// say; bytes after it are the caller's to refuse, once the document is
/// read. The library needs the document exactly: it reads a length of
/// `bytes.len() as i32`, which wraps past 2 GiB.
fn framed(bytes: &[u8]) -> Result<&[u8], Failure> {
    let Some(head) = bytes.first_chunk::<4>() else {
        let message = format!(
            "the input ends within the document's length ({} of 4 bytes)",
            bytes.len()
        );
        return Err(Failure::new(ErrorKind::Truncated, &message).at(bytes.len()));
    };
    let declared = i32::from_le_bytes(*head);
    let Some(length) = usize::try_from(declared).ok().filter(|&length| length >= 5) else {
        let message = format!("the document declares {declared} bytes; one takes at least 5");
        return Err(Failure::new(ErrorKind::Syntax, &message).at(0));
    };
    bytes.get(..length).ok_or_else(|| {
        let message = format!(
            "the document declares {length} bytes; the input has {}",
            bytes.len()
        );
        Failure::new(ErrorKind::Truncated, &message).at(bytes.len())
    })
}

/// The failure of a read of `document`: where the library refused its
/// structure, the first fault of the walk, with its byte and path; where
/// serde refused a well-formed value (a wrong type, a missing field), the
/// field path found by reading again and the byte where that element
/// starts.
fn located<T: DeserializeOwned>(document: &[u8], mut error: BsonError) -> Failure {
    let serde = matches!(error.kind, BsonKind::Deserialization { .. });
    if !serde && let Some(fault) = walk::fault(document) {
        let mut failure = Failure::new(fault.kind, &fault.what).at(fault.at);
        if !fault.path.is_empty() {
            failure.path = Some(fault.path);
        }
        failure.source = Some(Box::new(error));
        return failure;
    }
    let kind = if serde {
        ErrorKind::Invalid
    } else {
        ErrorKind::Syntax
    };
    // serde's message quotes what it refuses whole (a text of a megabyte
    // where a number belongs): it is cut now, in the library's error too,
    // so neither is held while reading again.
    let quoted = error.message.as_ref().map_or(0, String::len);
    let message = match error.message.take() {
        Some(message) => message,
        None => error.kind.to_string(),
    };
    let mut failure = Failure::new(kind, &message);
    error.message = Some(failure.message.clone());
    failure.source = Some(Box::new(error));
    // Reading again copies such a text several times at once (serde's
    // message, the path's copy of a key): a longer one leaves the
    // position unknown, so the failure costs no more than the read.
    if quoted > QUOTED_MAX {
        return failure;
    }
    let path = match bson::RawDeserializer::new(document).map(with_path::<_, T>) {
        Ok(Err((path, _))) if path != "." => path,
        Ok(Err(_)) => String::new(),
        _ => return failure,
    };
    failure.offset = walk::element_at(document, &path);
    if !path.is_empty() {
        failure.path = Some(path);
    }
    failure
}

/// The longest message of serde's whose failure is read again to find
/// its place: five times it stays within the 64 KiB a decode may hold
/// beyond four times its input.
const QUOTED_MAX: usize = 8 * 1024;
