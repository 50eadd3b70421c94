//! How a dataset meets musli-zerocopy: the buffer's framing (a root at
//! offset 0 whose first field is the buffer's length), the reader that
//! loads references through musli-zerocopy's validation and charges what
//! each claims against the input's size, and the timestamp every header
//! holds.

use std::borrow::Cow;
use std::mem::size_of;

use musli_zerocopy::{Buf, OwnedBuf, Ref, ZeroCopy};
use serbench_model::forms::{self, FormError};
use serbench_model::{BaseCodec, Dataset, Error, ErrorKind, OffsetDateTime};

/// The alignment buffers need: roots hold a `u64` and timestamps an `i64`,
/// nothing needs more.
pub(crate) const ALIGN: usize = 8;

/// A dataset with a musli-zerocopy layout.
///
/// Every root type is `repr(C)` and starts with `len: u64`, the buffer's
/// total length (see the crate docs), which the reader checks before it
/// loads anything else.
pub(crate) trait Wire: Dataset {
    /// The root, stored at offset 0.
    type Root: ZeroCopy;

    /// Stores what the root points to in `buf` and returns the root, its
    /// `len` left at 0 for the framing to fill in.
    fn write(&self, buf: &mut OwnedBuf) -> Result<Self::Root, musli_zerocopy::Error>;

    /// The root's length field.
    fn len_field(root: &mut Self::Root) -> &mut u64;

    /// Converts the buffer under `root` into the model, loading every
    /// reference through `reader`.
    fn read(root: &Self::Root, reader: &mut Reader<'_>) -> Result<Self, Failure>;

    /// Answers the traverse question in place, loading (so validating)
    /// everything [`Wire::read`] loads.
    fn answer(root: &Self::Root, reader: &mut Reader<'_>) -> Result<Self::Answer, Failure>;
}

/// Why a buffer does not read as the dataset: what is wrong and where.
#[derive(Debug)]
pub(crate) struct Failure {
    path: String,
    message: String,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl Failure {
    /// The error a decode of `subject` (a dataset, or the evolution
    /// record) returns for it.
    pub(crate) fn into_error<F: BaseCodec>(self, subject: &'static str) -> Error {
        let error =
            Error::named(ErrorKind::Invalid, F::NAME, subject, self.message).at_path(self.path);
        match self.source {
            Some(source) => error.with_source(source),
            None => error,
        }
    }

    fn form(path: String, source: FormError) -> Self {
        Self {
            path,
            message: source.to_string(),
            source: Some(Box::new(source)),
        }
    }
}

/// Loads references out of a buffer whose root has been checked.
///
/// A valid buffer stores every string and list once, so what its
/// references claim adds up to less than its length. A hostile one can
/// point many references at one long string or list; read whole, that
/// would cost the input's size once per reference (quadratic time, and
/// memory in a decode). The reader charges each load's bytes against a
/// budget of the input's length and refuses the load that overdraws it.
pub(crate) struct Reader<'a> {
    buf: &'a Buf,
    budget: usize,
}

impl<'a> Reader<'a> {
    /// Charges `bytes` for the object at `path`.
    fn charge(&mut self, bytes: usize, path: &dyn Fn() -> String) -> Result<(), Failure> {
        match self.budget.checked_sub(bytes) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => Err(Failure {
                path: path(),
                message: format!(
                    "claims {bytes} bytes where {} are left unclaimed: past the input, or \
                     bytes another reference claims",
                    self.budget
                ),
                source: None,
            }),
        }
    }

    /// The string `text` refers to, checked for bounds and UTF-8.
    pub(crate) fn text(
        &mut self,
        text: Ref<str>,
        path: &dyn Fn() -> String,
    ) -> Result<&'a str, Failure> {
        self.charge(text.len(), path)?;
        self.buf.load(text).map_err(|error| refused(path, error))
    }

    /// The elements `list` refers to, checked for bounds and alignment, and
    /// each for the values its type allows (enum tags, `bool`s).
    pub(crate) fn list<T: ZeroCopy>(
        &mut self,
        list: Ref<[T]>,
        path: &dyn Fn() -> String,
    ) -> Result<&'a [T], Failure> {
        // A length times the element size past `usize` is past any budget.
        self.charge(list.len().saturating_mul(size_of::<T>()), path)?;
        self.buf.load(list).map_err(|error| refused(path, error))
    }
}

/// musli-zerocopy's refusal of a load at `path`.
fn refused(path: &dyn Fn() -> String, error: musli_zerocopy::Error) -> Failure {
    Failure {
        path: path(),
        message: format!("the buffer does not validate: {error}"),
        source: Some(Box::new(error)),
    }
}

/// Appends the buffer of `value` to `out`.
pub(crate) fn write<F: BaseCodec, T: Wire>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
    store::<F, T::Root>(T::NAME, out, |buf| value.write(buf), T::len_field)
}

/// Appends to `out` a buffer whose root, at offset 0, `root` makes after
/// storing what it points to; `len` is the root's length field, filled in
/// here. An error names `subject` (a dataset, or the evolution record).
pub(crate) fn store<F: BaseCodec, R: ZeroCopy>(
    subject: &'static str,
    out: &mut Vec<u8>,
    root: impl FnOnce(&mut OwnedBuf) -> Result<R, musli_zerocopy::Error>,
    len: fn(&mut R) -> &mut u64,
) -> Result<(), Error> {
    let unwritable = |error: musli_zerocopy::Error| {
        // Offsets and lengths are 32-bit: a value past 4 GiB of buffer
        // cannot be written.
        Error::named(
            ErrorKind::Unsupported,
            F::NAME,
            subject,
            format!("musli-zerocopy cannot store the value: {error}"),
        )
        .with_source(error)
    };
    let mut buf = OwnedBuf::new();
    let slot = buf.store_uninit::<R>().map_err(unwritable)?;
    let mut root = root(&mut buf).map_err(unwritable)?;
    *len(&mut root) = buf.len() as u64;
    buf.load_uninit_mut(slot).map_err(unwritable)?.write(&root);
    out.extend_from_slice(buf.as_slice());
    Ok(())
}

/// Checks the length, loads the root of `bytes` and hands it to `visit`
/// with a reader of the rest.
pub(crate) fn with_root<F: BaseCodec, T: Wire, R>(
    bytes: &[u8],
    visit: impl FnOnce(&T::Root, &mut Reader<'_>) -> Result<R, Failure>,
) -> Result<R, Error> {
    load::<F, T::Root, R>(T::NAME, bytes, visit)
}

/// [`with_root`] for a root of type `Root`, its errors naming `subject`
/// (a dataset, or the evolution record). `Root` starts with `len: u64`.
pub(crate) fn load<F: BaseCodec, Root: ZeroCopy, R>(
    subject: &'static str,
    bytes: &[u8],
    visit: impl FnOnce(&Root, &mut Reader<'_>) -> Result<R, Failure>,
) -> Result<R, Error> {
    check_length::<F>(subject, size_of::<Root>(), bytes)?;
    // musli-zerocopy reads in place, so the bytes must sit at an address
    // aligned for the widest field; its loads refuse any other. A buffer
    // from the global allocator is; a slice at an odd offset is copied once.
    let buf: Cow<'_, Buf> = Buf::new(bytes).to_aligned_with(ALIGN).map_err(|error| {
        Error::named(
            ErrorKind::Limit,
            F::NAME,
            subject,
            format!("no memory to align {} bytes: {error}", bytes.len()),
        )
    })?;
    let root = buf.load(Ref::<Root>::zero()).map_err(|error| {
        Error::named(
            ErrorKind::Invalid,
            F::NAME,
            subject,
            format!("the root does not validate: {error}"),
        )
        .at_offset(0)
        .with_source(error)
    })?;
    let mut reader = Reader {
        buf: &buf,
        budget: bytes.len() - size_of::<Root>(),
    };
    visit(root, &mut reader).map_err(|failure| failure.into_error::<F>(subject))
}

/// Checks the length the root declares against the input's, before any
/// reference is followed: without it bytes cut after the last object a
/// reference reaches, or followed by others, would read as the dataset.
fn check_length<F: BaseCodec>(
    subject: &'static str,
    root: usize,
    bytes: &[u8],
) -> Result<(), Error> {
    if bytes.len() < root {
        return Err(Error::named(
            ErrorKind::Truncated,
            F::NAME,
            subject,
            format!("{} bytes cannot hold the {root}-byte root", bytes.len()),
        )
        .at_offset(bytes.len()));
    }
    let mut declared = [0; 8];
    declared.copy_from_slice(&bytes[..8]);
    let declared = u64::from_ne_bytes(declared);
    let actual = bytes.len() as u64;
    if declared == actual {
        return Ok(());
    }
    let kind = if declared > actual {
        ErrorKind::Truncated
    } else {
        ErrorKind::TrailingBytes
    };
    Err(Error::named(
        kind,
        F::NAME,
        subject,
        format!(
            "the root declares a buffer of {declared} bytes, the input has {actual}: cut \
             short, followed by other bytes, or not a buffer of this {subject}"
        ),
    )
    .at_offset(0))
}

/// A timestamp as the buffers store it: seconds since the Unix epoch,
/// nanoseconds within the second, UTC offset in seconds.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
pub(crate) struct Stamp {
    seconds: i64,
    nanos: u32,
    offset: i32,
}

impl Stamp {
    /// The parts of `time`.
    pub(crate) fn new(time: &OffsetDateTime) -> Self {
        let (seconds, nanos, offset) = forms::timestamp_parts(time);
        Self {
            seconds,
            nanos,
            offset,
        }
    }

    /// The timestamp, or what is out of range; `path` names the field.
    pub(crate) fn read(&self, path: &dyn Fn() -> String) -> Result<OffsetDateTime, Failure> {
        forms::timestamp_from_parts(self.seconds, self.nanos, self.offset)
            .map_err(|source| Failure::form(path(), source))
    }

    /// Checks the parts as [`Stamp::read`] does, building nothing.
    pub(crate) fn check(&self, path: &dyn Fn() -> String) -> Result<(), Failure> {
        forms::check_timestamp_parts(self.seconds, self.nanos, self.offset)
            .map_err(|source| Failure::form(path(), source))
    }
}
