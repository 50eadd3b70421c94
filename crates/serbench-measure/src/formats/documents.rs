//! The self-describing formats, which take a document as it is: the
//! [`Value`] goes through each library's serde support both ways.

use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codec::{Codec, Context};
use crate::value::Value;

/// One library's serde entry points, so the rows share one codec type.
pub(crate) trait Library {
    /// Appends `value`'s encoding to `out`.
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String>;
    /// Reads a whole `T` from `bytes`, refusing bytes left after it.
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;
}

/// A self-describing codec over library `L`.
struct Document<L>(PhantomData<L>);

impl<L: Library> Codec for Document<L> {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), String> {
        L::write(value, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, String> {
        L::read(bytes)
    }
}

/// The row of a self-describing library `L`: the document as it is.
#[expect(
    clippy::unnecessary_wraps,
    reason = "the signature every Build::From has"
)]
pub(crate) fn row<L: Library + 'static>(_: &Context<'_>) -> Result<Box<dyn Codec>, String> {
    Ok(Box::new(Document::<L>(PhantomData)))
}

/// The row of a JSON library `L`: the document as it is, once it holds
/// nothing JSON cannot write.
pub(crate) fn json_row<L: Library + 'static>(
    context: &Context<'_>,
) -> Result<Box<dyn Codec>, String> {
    json_carries(context.messages)?;
    row::<L>(context)
}

/// JSON cannot carry a float that is not finite nor a byte string:
/// serde_json writes `null` for NaN and a list of numbers for bytes, a
/// silent change, so the JSON rows refuse them with the path. The XML row
/// writes JSON's own data model, so it refuses them too.
pub(crate) fn json_carries(messages: &[Value]) -> Result<(), String> {
    first_problem(messages, &json_problem)
}

/// What JSON cannot say about `value` itself (not its elements), if any.
pub(crate) fn json_problem(value: &Value) -> Option<String> {
    match value {
        Value::Float(x) if !x.is_finite() => Some(format!("JSON has no {x}, only finite floats")),
        Value::Bytes(_) => Some("JSON has no byte strings".to_owned()),
        _ => None,
    }
}

/// The first value in `messages`, depth first, that `problem` finds
/// fault with, as an error that says what and where (`$.items[3].price`).
pub(crate) fn first_problem(
    messages: &[Value],
    problem: &dyn Fn(&Value) -> Option<String>,
) -> Result<(), String> {
    fn walk(
        value: &Value,
        problem: &dyn Fn(&Value) -> Option<String>,
        path: &mut String,
    ) -> Result<(), String> {
        use std::fmt::Write as _;
        if let Some(what) = problem(value) {
            return Err(format!("{what} (at {path})"));
        }
        match value {
            Value::List(items) => items.iter().enumerate().try_for_each(|(i, item)| {
                let len = path.len();
                let _ = write!(path, "[{i}]");
                walk(item, problem, path)?;
                path.truncate(len);
                Ok(())
            }),
            Value::Map(entries) => entries.iter().try_for_each(|(key, item)| {
                let len = path.len();
                let _ = write!(path, ".{key}");
                walk(item, problem, path)?;
                path.truncate(len);
                Ok(())
            }),
            _ => Ok(()),
        }
    }
    messages
        .iter()
        .try_for_each(|message| walk(message, problem, &mut String::from("$")))
}

pub(crate) struct SerdeJson;

impl Library for SerdeJson {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_json::to_writer(out, value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|error| error.to_string())
    }
}

pub(crate) struct SimdJson;

impl Library for SimdJson {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        simd_json::serde::to_writer(out, value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        // simd-json parses in place: it needs its own copy of the input,
        // as serbench's json-simd codec makes, inside the timed decode.
        let mut copy = bytes.to_vec();
        simd_json::serde::from_slice(&mut copy).map_err(|error| error.to_string())
    }
}

pub(crate) struct SonicRs;

impl Library for SonicRs {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        sonic_rs::to_writer(out, value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        sonic_rs::from_slice(bytes).map_err(|error| error.to_string())
    }
}

pub(crate) struct Ciborium;

impl Library for Ciborium {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        ciborium::into_writer(value, out).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let mut rest = bytes;
        let value = ciborium::from_reader(&mut rest).map_err(|error| error.to_string())?;
        if rest.is_empty() {
            Ok(value)
        } else {
            Err(format!("{} bytes after the value", rest.len()))
        }
    }
}

pub(crate) struct Cbor4ii;

impl Library for Cbor4ii {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        cbor4ii::serde::to_writer(out, &value).map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        cbor4ii::serde::from_slice(bytes).map_err(|error| error.to_string())
    }
}

pub(crate) struct RmpSerde;

impl Library for RmpSerde {
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        // Maps with their keys, as serbench's msgpack codec writes structs
        // and as a document's maps are.
        let mut serializer = rmp_serde::Serializer::new(out).with_struct_map();
        value
            .serialize(&mut serializer)
            .map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let mut rest = bytes;
        let mut deserializer = rmp_serde::Deserializer::new(&mut rest);
        let value = T::deserialize(&mut deserializer).map_err(|error| error.to_string())?;
        drop(deserializer);
        if rest.is_empty() {
            Ok(value)
        } else {
            Err(format!("{} bytes after the value", rest.len()))
        }
    }
}
