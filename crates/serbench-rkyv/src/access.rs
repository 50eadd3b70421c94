//! Bytes in and out: writing an archive and its length, and reading one
//! back through the length check, alignment and bytecheck validation.

use std::fmt::Write as _;

use rkyv::rancor;
use rkyv::util::AlignedVec;
use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::wire::{Failure, Wire};

/// The alignment archives need: the roots hold a `u64` and the timestamps
/// an `i64`, nothing needs more.
const ALIGN: usize = 8;

/// Appends the archive of `mirror` to `out` and fills in its length.
pub(crate) fn write<F: BaseCodec, T: Wire>(
    mirror: &T::Mirror,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    if out.is_empty() {
        return write_fresh::<F, T>(mirror, out);
    }
    // rkyv pads each object to its alignment counted from the start of the
    // buffer, so an archive written after other bytes would differ from one
    // written alone: write it alone and append it.
    let mut own = Vec::new();
    write_fresh::<F, T>(mirror, &mut own)?;
    out.extend_from_slice(&own);
    Ok(())
}

fn write_fresh<F: BaseCodec, T: Wire>(mirror: &T::Mirror, out: &mut Vec<u8>) -> Result<(), Error> {
    rkyv::api::high::to_bytes_in::<_, rancor::BoxedError>(mirror, &mut *out).map_err(|error| {
        // rkyv's lengths and relative pointers are 32-bit: a value past
        // 2 GiB of archive cannot be written.
        Error::new::<F, T>(
            ErrorKind::Unsupported,
            format!("rkyv cannot archive the value: {error}"),
        )
        .with_source(error)
    })?;
    // The root is written last, so it ends the buffer; its first field is
    // the length.
    let len = out.len();
    let root = len - size_of::<T::Archive>();
    out[root..root + 8].copy_from_slice(&(len as u64).to_le_bytes());
    Ok(())
}

/// Checks the length, validates the archive in `bytes` and hands its root
/// to `visit`.
pub(crate) fn with_archive<F: BaseCodec, T: Wire, R>(
    bytes: &[u8],
    visit: impl FnOnce(&T::Archive) -> Result<R, Failure>,
) -> Result<R, Error> {
    check_length::<F, T>(bytes)?;
    // rkyv reads in place, so the bytes must sit at an address aligned for
    // the archive; bytecheck refuses any other. A buffer from the global
    // allocator is; a slice at an odd offset is copied once.
    let copy;
    let bytes = if bytes.as_ptr().addr().is_multiple_of(ALIGN) {
        bytes
    } else {
        copy = aligned(bytes);
        copy.as_slice()
    };
    let archive = rkyv::access::<T::Archive, rancor::BoxedError>(bytes)
        .map_err(|error| refused::<F>(T::NAME, bytes, error))?;
    visit(archive).map_err(Failure::into_error::<F, T>)
}

/// `bytes` copied to an aligned buffer.
pub(crate) fn aligned(bytes: &[u8]) -> AlignedVec {
    let mut copy = AlignedVec::with_capacity(bytes.len());
    copy.extend_from_slice(bytes);
    copy
}

/// Whether `bytes` sit where rkyv can read them in place.
pub(crate) fn is_aligned(bytes: &[u8]) -> bool {
    bytes.as_ptr().addr().is_multiple_of(ALIGN)
}

/// Checks the length the root declares against the input's, before any
/// pointer is followed. rkyv itself has no framing (the root is simply the
/// last bytes), so without it bytes cut at a multiple of the root's
/// alignment, or followed by others, would be read as some other root.
pub(crate) fn check_length<F: BaseCodec, T: Wire>(bytes: &[u8]) -> Result<(), Error> {
    let root_size = size_of::<T::Archive>();
    let Some(root) = bytes.len().checked_sub(root_size) else {
        return Err(Error::new::<F, T>(
            ErrorKind::Truncated,
            format!(
                "{} bytes cannot hold the archive's {root_size}-byte root",
                bytes.len()
            ),
        )
        .at_offset(bytes.len()));
    };
    let mut declared = [0; 8];
    declared.copy_from_slice(&bytes[root..root + 8]);
    let declared = u64::from_le_bytes(declared);
    let actual = bytes.len() as u64;
    if declared == actual {
        return Ok(());
    }
    let kind = if declared > actual {
        ErrorKind::Truncated
    } else {
        ErrorKind::TrailingBytes
    };
    Err(Error::new::<F, T>(
        kind,
        format!(
            "the root at byte {root} declares an archive of {declared} bytes, the input has \
             {actual}: cut short, followed by other bytes, or not an archive of this dataset"
        ),
    )
    .at_offset(root))
}

/// bytecheck's refusal of `bytes` as an error. It names what is wrong (a
/// `rancor::Error` would in a build with debug assertions only, and say
/// "failed without error information" in a release build) and where,
/// as addresses in memory: those become offsets into `bytes`, and the
/// pointer it refuses, when inside them, the error's offset. The error is
/// codec `F`'s, about `subject` (a dataset, or the evolution record).
pub(crate) fn refused<F: BaseCodec>(
    subject: &'static str,
    bytes: &[u8],
    error: rancor::BoxedError,
) -> Error {
    let (message, at) = relative(&error.to_string(), bytes);
    let error = Error::named(
        ErrorKind::Invalid,
        F::NAME,
        subject,
        format!("the archive does not validate: {message}"),
    )
    .with_source(error);
    match at {
        Some(at) => error.at_offset(at),
        None => error,
    }
}

/// `message` with every address (`0x` and hex digits) written as an
/// offset into `bytes`, and the offset of the one after `ptr `, if it is
/// within them.
pub(crate) fn relative(message: &str, bytes: &[u8]) -> (String, Option<usize>) {
    let base = bytes.as_ptr().addr();
    let mut text = String::with_capacity(message.len());
    let mut at = None;
    let mut rest = message;
    while let Some(start) = rest.find("0x") {
        let digits = rest[start + 2..]
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(rest.len() - start - 2);
        let token = &rest[start..start + 2 + digits];
        text.push_str(&rest[..start]);
        match usize::from_str_radix(&token[2..], 16) {
            Ok(address) if address >= base => {
                let offset = address - base;
                if at.is_none() && offset <= bytes.len() && text.ends_with("ptr ") {
                    at = Some(offset);
                }
                // Writing to a `String` cannot fail.
                let _ = write!(text, "byte {offset}");
            }
            Ok(address) => {
                let _ = write!(text, "{} bytes before byte 0", base - address);
            }
            Err(_) => text.push_str(token),
        }
        rest = &rest[start + token.len()..];
    }
    text.push_str(rest);
    (text, at)
}

#[cfg(test)]
mod tests {
    use super::relative;

    #[test]
    fn addresses_become_offsets() {
        let bytes = [0u8; 64];
        let base = bytes.as_ptr().addr();
        let message = format!(
            "subtree pointer overran range: ptr {:#018x} size 16 in range {:#018x}..{:#018x}",
            base + 40,
            base + 8,
            base + 48
        );
        assert_eq!(
            relative(&message, &bytes),
            (
                "subtree pointer overran range: ptr byte 40 size 16 in range byte 8..byte 48"
                    .to_owned(),
                Some(40)
            )
        );
        let before = format!("ptr {:#x} unaligned", base - 3);
        assert_eq!(
            relative(&before, &bytes),
            ("ptr 3 bytes before byte 0 unaligned".to_owned(), None)
        );
        let past = format!("ptr {:#x} size 8", base + (1 << 31));
        assert_eq!(relative(&past, &bytes).1, None);
        assert_eq!(
            relative("invalid UTF-8", &bytes),
            ("invalid UTF-8".to_owned(), None)
        );
    }
}
