//! The sonic-rs codec: the same bytes as [`Json`](crate::Json), written and
//! read by sonic-rs's serde support.
//!
//! sonic-rs reads from `&[u8]` with SIMD scanning and checks UTF-8 and
//! trailing bytes. It limits nesting to 255 levels, but its frames are
//! large: 100 000 nested arrays where a field's value belongs overflow a
//! 256 KiB stack before the limit is reached. The same pass as simd-json's
//! ([`crate::depth`]) refuses such input first.
//!
//! Its borrowed decode (`Codec::borrow`) lends every string without an
//! escape from the input, through the same serde forms and behind the same
//! depth pass as the decode.
//!
//! sonic-rs 0.5.10 reads every negative zero (`-0.0`, `-0`, `-0e0`) as a
//! positive zero, so no JSON text carries `-0.0` through it. Rather than
//! change the value silently, encoding a reading of `-0.0` is an
//! [`ErrorKind::Unsupported`] error; serde_json and simd-json carry it.

use serbench_model::serde_forms::{Lent, SerdeBorrow, with_path};
use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, lend_or_tell};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sonic_rs::error::Category;

use crate::private::Portable;

/// JSON through sonic-rs: the same layout and bytes as [`Json`](crate::Json).
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonSonic;

impl BaseCodec for JsonSonic {
    const NAME: &'static str = "json-sonic";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::JSON_SONIC);
    const CARRIES: Carries = crate::Json::CARRIES;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::per_dataset!(JsonSonic, JsonSonicGeneric);

impl<T> Codec<T> for JsonSonicGeneric
where
    T: Dataset + Serialize + DeserializeOwned + SerdeBorrow + Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        // sonic-rs writes NaN and infinities as `null`, which would read
        // back as an error: they are refused here first.
        crate::refuse_unportable::<Self, T>(value)?;
        if let Some(path) = value.negative_zero() {
            let message = "-0.0, which sonic-rs reads back as 0.0";
            return Err(Error::new::<Self, T>(ErrorKind::Unsupported, message).at_path(path));
        }
        sonic_rs::to_writer(out, value)
            .map_err(|error| Error::unwritable(Self::NAME, T::NAME, error))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        read(bytes, T::NAME, crate::depth::DEPTH)
    }

    /// sonic-rs lends a string that has no escape, and copies one that
    /// has; behind the same depth pass as the decode.
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            lend::<Lent<'_, T>>(bytes, T::NAME, crate::depth::DEPTH).map(|lent| lent.0)
        }))
    }
}

/// A `T` read by sonic-rs from `bytes`, after the pass that allows
/// containers `depth` levels; its errors about `subject` (a dataset, or a
/// document).
pub(crate) fn read<T: DeserializeOwned>(
    bytes: &[u8],
    subject: &'static str,
    depth: usize,
) -> Result<T, Error> {
    crate::depth::check::<JsonSonic>(subject, bytes, depth, crate::depth::MinusZero::Read)?;
    sonic_rs::from_slice(bytes).map_err(|error| located::<T>(bytes, error, subject))
}

/// [`read`]'s read and pass for a `T` that borrows from `bytes`; `None`
/// where `read` fails, which `read` then tells.
pub(crate) fn lend<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
    subject: &'static str,
    depth: usize,
) -> Option<T> {
    crate::depth::check::<JsonSonic>(subject, bytes, depth, crate::depth::MinusZero::Read).ok()?;
    sonic_rs::from_slice(bytes).ok()
}

/// sonic-rs's error as ours, at its line and column, with the field path
/// found by decoding again while tracking it.
fn located<T: DeserializeOwned>(
    bytes: &[u8],
    error: sonic_rs::Error,
    subject: &'static str,
) -> Error {
    let (line, column) = (error.line(), error.column());
    // sonic-rs appends the line and column, which the position keeps, and
    // lines quoting the input around them, which would quote a wrong key a
    // second time and read as part of the message.
    let text = error.to_string();
    let text = text.split("\n\n").next().unwrap_or_default();
    let suffix = format!(" at line {line} column {column}");
    let text = text.strip_suffix(&suffix).unwrap_or(text).to_owned();
    // sonic-rs names trailing bytes and too deep nesting only in its
    // message: both are syntax errors to its `classify`.
    let kind = match error.classify() {
        Category::Eof => ErrorKind::Truncated,
        Category::TypeUnmatched | Category::NotFound => ErrorKind::Invalid,
        _ if text.contains("trailing") => ErrorKind::TrailingBytes,
        _ if text.contains("recursion limit") => ErrorKind::Limit,
        _ => ErrorKind::Syntax,
    };
    let mut deserializer = sonic_rs::Deserializer::from_slice(bytes);
    let path = match with_path::<_, T>(&mut deserializer) {
        Err((path, _)) if path != "." => Some(path),
        _ => None,
    };
    let located = Error::named(kind, JsonSonic::NAME, subject, text)
        .at_line_column(line, column)
        .with_source(error);
    match path {
        Some(path) => located.at_path(path),
        None => located,
    }
}
