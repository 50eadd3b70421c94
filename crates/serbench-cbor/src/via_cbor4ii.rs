//! The cbor4ii codec: the same bytes as [`Cbor`](crate::Cbor), through
//! cbor4ii's serde support, and through cbor4ii's own `Encode`/`Decode`
//! traits for the task-manager, whose tags serde cannot carry.
//!
//! cbor4ii's serde data model has no tags: its serializer has no way to
//! write tag 37 or tag 0, and its deserializer refuses a tag where a byte
//! or text string belongs. A cbor4ii user who needs the Qt layout writes
//! it with the library's core API (`types::Tag`, `types::Map`, the
//! primitive `Encode`/`Decode` impls), as [`task_manager`] does. The other
//! datasets go through serde and the same forms as ciborium.
//!
//! Its borrowed decode ([`Codec::borrow`]) lends every text string of
//! definite length from the input, through serde (`visit_borrowed_str`)
//! and the core API alike; the chunks of an indefinite-length string are
//! joined into an owned one, as the decode joins them. It runs behind the
//! same pass as the decode and reads the same layout with the same checks.
//!
//! cbor4ii writes every `f64` as a double (9 bytes) and reads a float only
//! from a double where an `f64` belongs; it writes every `f32` as a single
//! (5 bytes) and reads a single there, or a double that holds an `f32`
//! exactly ([`crate::rsb`]). ciborium writes the shortest of half, single
//! and double precision that keeps the bits: the two agree on every value
//! that needs a double (all of the telemetry workload) or a single, and
//! differ on values such as `0.0` or `21.5`, which ciborium writes in 3
//! bytes; each reads its own bytes back exactly.

mod task_manager;

use std::convert::Infallible;

use cbor4ii::core::dec::{Read, Reference};
use cbor4ii::core::utils::SliceReader;
use serbench_model::serde_forms::SerdeBorrow;
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Graph, Logs, MediaContent, Mesh, Players,
    Record, SensorReading, TaskManager, Updates, lend_or_tell,
};

use crate::{In, Out, Wire};

/// CBOR through cbor4ii: the same layout as [`Cbor`](crate::Cbor).
#[derive(Clone, Copy, Debug, Default)]
pub struct CborCbor4ii;

impl BaseCodec for CborCbor4ii {
    const NAME: &'static str = "cbor-cbor4ii";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::CBOR_CBOR4II);
    const CARRIES: Carries = crate::Cbor::CARRIES;
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

/// A fault cbor4ii reports: what was wrong, and the kind it is.
pub(crate) struct Fault {
    kind: ErrorKind,
    message: String,
}

impl Fault {
    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Fault {
            kind: ErrorKind::Invalid,
            message: message.into(),
        }
    }
}

impl From<cbor4ii::core::error::DecodeError<Infallible>> for Fault {
    fn from(error: cbor4ii::core::error::DecodeError<Infallible>) -> Self {
        use cbor4ii::core::error::DecodeError as E;

        let kind = match &error {
            E::Eof { .. } => ErrorKind::Truncated,
            E::RequireUtf8 { .. } => ErrorKind::Syntax,
            E::DepthOverflow { .. } => ErrorKind::Limit,
            _ => ErrorKind::Invalid,
        };
        Fault {
            kind,
            message: error.to_string(),
        }
    }
}

impl From<cbor4ii::serde::DecodeError<Infallible>> for Fault {
    fn from(error: cbor4ii::serde::DecodeError<Infallible>) -> Self {
        match error {
            cbor4ii::serde::DecodeError::Core(error) => error.into(),
            cbor4ii::serde::DecodeError::Custom(message) => Fault::invalid(message),
        }
    }
}

mod private {
    use cbor4ii::core::utils::SliceReader;
    use serbench_model::Dataset;

    use super::Fault;

    /// How a dataset meets cbor4ii: serde for most, the core API for the
    /// task-manager.
    pub(crate) trait Cbor4iiWire: Dataset {
        fn write_cbor4ii(&self, out: &mut Vec<u8>) -> Result<(), String>;
        fn read_cbor4ii(reader: &mut SliceReader<'_>) -> Result<Self, Fault>;
        /// The borrowed form, read as `read_cbor4ii` reads the owned one.
        fn lend_cbor4ii<'de>(reader: &mut SliceReader<'de>) -> Result<Self::Borrowed<'de>, Fault>;
    }
}

use private::Cbor4iiWire;

/// Datasets that cbor4ii's serde support reads and writes, through the same
/// serde forms as ciborium; each with the function that reads its borrowed
/// form by those forms.
macro_rules! through_serde {
    ($($dataset:ty => $lend:path),*) => {$(
        impl Cbor4iiWire for $dataset {
            fn write_cbor4ii(&self, out: &mut Vec<u8>) -> Result<(), String> {
                cbor4ii::serde::to_writer(out, &Out(self)).map_err(|error| error.to_string())
            }

            fn read_cbor4ii(reader: &mut SliceReader<'_>) -> Result<Self, Fault> {
                let mut deserializer = cbor4ii::serde::Deserializer::new(reader);
                let In(value) = serde::Deserialize::deserialize(&mut deserializer)?;
                Ok(value)
            }

            fn lend_cbor4ii<'de>(
                reader: &mut SliceReader<'de>,
            ) -> Result<Self::Borrowed<'de>, Fault> {
                let mut deserializer = cbor4ii::serde::Deserializer::new(reader);
                Ok($lend(&mut deserializer)?)
            }
        }
    )*};
}

through_serde!(
    SensorReading => SensorReading::deserialize_borrowed,
    Graph => Graph::deserialize_borrowed,
    Record => Record::deserialize_borrowed,
    MediaContent => crate::media::lend,
    Logs => Logs::deserialize_borrowed,
    Mesh => crate::rsb::lend_mesh,
    Players => crate::rsb::lend_players,
    Updates => crate::rsb::lend_updates
);

impl Cbor4iiWire for TaskManager {
    fn write_cbor4ii(&self, out: &mut Vec<u8>) -> Result<(), String> {
        task_manager::write(self, out)
    }

    fn read_cbor4ii(reader: &mut SliceReader<'_>) -> Result<Self, Fault> {
        task_manager::read(reader)
    }

    fn lend_cbor4ii<'de>(reader: &mut SliceReader<'de>) -> Result<Self::Borrowed<'de>, Fault> {
        task_manager::read(reader)
    }
}

serbench_model::per_dataset!(CborCbor4ii, CborCbor4iiGeneric);

impl<T: Dataset + Wire + Cbor4iiWire> Codec<T> for CborCbor4iiGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        value
            .write_cbor4ii(out)
            .map_err(|message| Error::new::<Self, T>(ErrorKind::Unsupported, message))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        // The same pass as ciborium's: no length cbor4ii reads can pass
        // the end of the input, and nesting is at most 16 deep.
        crate::checked::<Self, T>(bytes)?;
        let mut reader = SliceReader::new(bytes);
        T::read_cbor4ii(&mut reader).map_err(|fault| fault.at(T::NAME, bytes, &mut reader))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Error>> {
        Some(lend_or_tell::<Self, T>(bytes, |bytes| {
            crate::checked::<Self, T>(bytes).ok()?;
            T::lend_cbor4ii(&mut SliceReader::new(bytes)).ok()
        }))
    }
}

impl Fault {
    /// The fault as an error about `subject` (a dataset, or a document),
    /// at the byte where `reader`, reading `bytes`, stopped.
    pub(crate) fn at(
        self,
        subject: &'static str,
        bytes: &[u8],
        reader: &mut SliceReader<'_>,
    ) -> Error {
        let left = match reader.fill(usize::MAX) {
            Ok(Reference::Long(rest) | Reference::Short(rest)) => rest.len(),
            Err(never) => match never {},
        };
        Error::named(self.kind, CborCbor4ii::NAME, subject, self.message)
            .at_offset(bytes.len() - left)
    }
}
