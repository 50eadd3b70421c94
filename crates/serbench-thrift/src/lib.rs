//! DOCS

mod error;
mod graph;
mod input;
mod media;
mod protocol;
mod read;
mod records;
mod task_manager;
mod telemetry;
mod write;

use serbench_model::{Carries, Codec, Dataset, Format};
pub use serbench_model::{Error, ErrorKind};

use crate::error::{Fail, Fault, decode_error, encode_error};
use crate::input::Input;
use crate::protocol::Protocol;
use crate::read::Reader;
use crate::write::Writer;

/// Thrift's binary protocol: a bare struct, as `TSerializer` writes it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThriftBinary;

/// Thrift's compact protocol: a bare struct, as `TSerializer` writes it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThriftCompact;

impl Format for ThriftBinary {
    const NAME: &'static str = "thrift-binary";
    const CARRIES: Carries = Carries::EVERYTHING;
    type Error = Error;
}

impl Format for ThriftCompact {
    const NAME: &'static str = "thrift-compact";
    const CARRIES: Carries = Carries::EVERYTHING;
    type Error = Error;
}

/// Encodes `value` in the binary protocol.
pub fn to_binary<T: Dataset>(value: &T) -> Result<Vec<u8>, Error>
where
    ThriftBinary: Codec<T>,
{
    ThriftBinary::to_vec(value)
}

/// Decodes the value that fills `bytes`, in the binary protocol.
pub fn from_binary<T: Dataset>(bytes: &[u8]) -> Result<T, Error>
where
    ThriftBinary: Codec<T>,
{
    ThriftBinary::decode(bytes)
}

/// Encodes `value` in the compact protocol.
pub fn to_compact<T: Dataset>(value: &T) -> Result<Vec<u8>, Error>
where
    ThriftCompact: Codec<T>,
{
    ThriftCompact::to_vec(value)
}

/// Decodes the value that fills `bytes`, in the compact protocol.
pub fn from_compact<T: Dataset>(bytes: &[u8]) -> Result<T, Error>
where
    ThriftCompact: Codec<T>,
{
    ThriftCompact::decode(bytes)
}

/// A dataset's struct as its schema in `schemas/` describes it, in either
/// protocol.
trait Thrift: Sized {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail>;
    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault>;
}

/// Both codecs: the dataset's struct over the protocol's types.
fn encode<P: Protocol + Format, T: Dataset + Thrift>(
    value: &T,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    value
        .write(&mut Writer::<P>::new(out))
        .map_err(encode_error::<P, T>)
}

fn decode<P: Protocol + Format, T: Dataset + Thrift>(bytes: &[u8]) -> Result<T, Error> {
    let input = Input::new(bytes);
    let mut reader = Reader::<P>::new(&input);
    T::read(&mut reader)
        .and_then(|value| reader.finish().map(|()| value))
        .map_err(decode_error::<P, T>)
}

impl<T: Dataset + Thrift> Codec<T> for ThriftBinary {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        encode::<Self, T>(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        decode::<Self, T>(bytes)
    }
}

impl<T: Dataset + Thrift> Codec<T> for ThriftCompact {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        encode::<Self, T>(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        decode::<Self, T>(bytes)
    }
}
