//! [`ProtobufStock`]: protobuf as a prost user writes it, beside the
//! crate's tuned [`Protobuf`](crate::Protobuf).

use prost::Message as _;
use serbench_model::{BaseCodec, Carries, Codec, Dataset, DocumentPath, Error};

use crate::read::ReadError;
use crate::wire::Wire;

/// Protocol Buffers with prost's generated messages alone: decoding is
/// `prost::Message::decode` into the message, then a conversion to the
/// model; encoding converts the model to the message and lets prost write
/// it, as [`Protobuf`](crate::Protobuf) does, so the bytes are the same.
///
/// It times what prost gives a user of these schemas; `Protobuf` beside it
/// reads the bytes straight into the model with prost's field decoders, and
/// the two rows show what that adds. Both accept and refuse the same
/// inputs with the same error kinds; the conversion checks what protobuf
/// cannot (ids, ranges, enum values, required fields) once the message is
/// whole, so an input with a fault of each sort may name a different one.
/// A malformed input's error names the fields prost's generated code was
/// in. Holding the message and the model at once costs memory: SECURITY.md
/// gives the measured bound.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProtobufStock;

impl BaseCodec for ProtobufStock {
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::PROTOBUF_STOCK);
    const DOCUMENT: DocumentPath = DocumentPath::Elsewhere {
        by: "protobuf",
        why: "prost's generated messages need types known at compile time; the protobuf row is prost-reflect's",
    };
    const NAME: &'static str = "protobuf-stock";
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("prost decodes into owned strings only");
    // A message cut at a field boundary is a valid, smaller message.
    const DETECTS_TRUNCATION: bool = false;
    type Error = Error;
}

serbench_model::per_dataset!(ProtobufStock, ProtobufStockGeneric);

impl<T: Dataset + Wire> Codec<T> for ProtobufStockGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::write::<Self, T>(&value.build(), out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        // Decoding from a slice we hold shows where prost stopped.
        let mut rest = bytes;
        T::Message::decode(&mut rest)
            .map_err(ReadError::from)
            .and_then(T::from_message)
            .map_err(|error| error.into_error::<Self, T>(bytes.len(), rest.len()))
    }
}
