//! How a dataset meets rkyv: the archive types that mirror it, and the
//! three walks over them (build from the model, read back into the model,
//! answer the traverse question in place).

use rkyv::api::high::{HighSerializer, HighValidator};
use rkyv::bytecheck::CheckBytes;
use rkyv::ser::allocator::ArenaHandle;
use rkyv::{Archive, Portable, Serialize};
use serbench_model::forms::{self, FormError};
use serbench_model::{BaseCodec, Dataset, Error, ErrorKind, OffsetDateTime};

/// The serializer every archive is written with: rkyv's high-level one,
/// appending to the caller's buffer.
pub(crate) type Writer<'a, 'b> =
    HighSerializer<&'b mut Vec<u8>, ArenaHandle<'a>, rkyv::rancor::BoxedError>;

/// A dataset with an archive layout.
///
/// Every root archive type starts with `len: u64`, the archive's total
/// length (see the crate docs): rkyv derives `repr(C)` archives, so the
/// field sits in the first eight bytes of the root, where the reader checks
/// it before validating anything.
pub trait Wire: Dataset {
    /// The archive's root, built from the model.
    type Mirror: for<'a, 'b> Serialize<Writer<'a, 'b>, Archived = Self::Archive>;
    /// What the root archives to; bytecheck validates it.
    type Archive: Portable + for<'a> CheckBytes<HighValidator<'a, rkyv::rancor::BoxedError>>;

    /// Copies the model into its archive mirror, with `len` left at 0 for
    /// the writer to fill in.
    fn build(&self) -> Self::Mirror;

    /// Converts a validated archive into the model, checking what bytecheck
    /// cannot (timestamp ranges).
    fn read(archive: &Self::Archive) -> Result<Self, Failure>;

    /// Answers the traverse question from a validated archive in place,
    /// checking all that [`Wire::read`] checks.
    fn answer(archive: &Self::Archive) -> Result<Self::Answer, Failure>;
}

/// A value a validated archive holds that the model has no room for: the
/// field path and what is wrong.
#[derive(Debug)]
pub struct Failure {
    path: String,
    source: FormError,
}

impl Failure {
    /// The error a decode returns for it.
    pub(crate) fn into_error<F: BaseCodec, D: Dataset>(self) -> Error {
        Error::new::<F, D>(ErrorKind::Invalid, self.source.to_string())
            .at_path(self.path)
            .with_source(self.source)
    }
}

/// A timestamp as the archives store it: seconds since the Unix epoch,
/// nanoseconds within the second, UTC offset in seconds.
#[derive(Archive, Serialize)]
pub(crate) struct Stamp {
    /// Seconds since 1970-01-01T00:00:00Z.
    pub seconds: i64,
    /// Nanoseconds within the second, below 10^9.
    pub nanos: u32,
    /// The UTC offset in seconds.
    pub offset: i32,
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
}

impl ArchivedStamp {
    /// The timestamp, or what is out of range; `path` names the field.
    pub(crate) fn read(&self, path: impl FnOnce() -> String) -> Result<OffsetDateTime, Failure> {
        forms::timestamp_from_parts(
            self.seconds.to_native(),
            self.nanos.to_native(),
            self.offset.to_native(),
        )
        .map_err(|source| Failure {
            path: path(),
            source,
        })
    }

    /// Checks the parts as [`ArchivedStamp::read`] does, building nothing.
    pub(crate) fn check(&self, path: impl FnOnce() -> String) -> Result<(), Failure> {
        forms::check_timestamp_parts(
            self.seconds.to_native(),
            self.nanos.to_native(),
            self.offset.to_native(),
        )
        .map_err(|source| Failure {
            path: path(),
            source,
        })
    }
}
