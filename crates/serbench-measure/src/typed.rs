//! Your own serde type through every serde library here, by row id.
//!
//! A document goes through the formats as a [`Value`](crate::Value);
//! a value of your own `Serialize + Deserialize` type goes through the
//! same libraries, configured as their rows are, with [`encode`] and
//! [`decode`] and the ids in [`SERDE_ROWS`]. A codec whose crate offers
//! its serde calls (`serbench_codecs::serde_codec`) goes through them;
//! the others, through this crate's own until they move. Rows whose library has no
//! serde support (minicbor, wincode, the schema formats) are not here.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Point {
//!     x: i32,
//!     label: String,
//! }
//!
//! let point = Point { x: -3, label: "ünïcode".into() };
//! for id in serbench_measure::typed::SERDE_ROWS {
//!     let mut bytes = Vec::new();
//!     serbench_measure::typed::encode(id, &point, &mut bytes)?;
//!     assert_eq!(serbench_measure::typed::decode::<Point>(id, &bytes)?, point);
//! }
//! # Ok::<(), String>(())
//! ```

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codec::Codec;

use crate::formats::positional::{Bincode, BitcodeSerde, Postcard, RmpPositional};
use serbench_document::SerdeCodec;
use serbench_document::serde_path::Through;

/// The row ids [`encode`] and [`decode`] take, in the report's order.
pub const SERDE_ROWS: &[&str] = &[
    "json",
    "json-simd",
    "json-sonic",
    "cbor",
    "cbor-cbor4ii",
    "msgpack",
    "msgpack-positional",
    "bincode",
    "postcard",
    "bitcode-serde",
];

/// Appends `value`'s encoding by row `id`'s library to `out`.
///
/// # Errors
///
/// What the library could not write, or an id not in [`SERDE_ROWS`].
pub fn encode<T>(id: &str, value: &T, out: &mut Vec<u8>) -> Result<(), String>
where
    T: Serialize + DeserializeOwned + 'static,
{
    if let Some(codec) = serbench_codecs::serde_codec::<T>(id) {
        return codec.encode(value, out);
    }
    match id {
        "msgpack-positional" => RmpPositional::write(value, out),
        "bincode" => Bincode::write(value, out),
        "postcard" => Postcard::write(value, out),
        "bitcode-serde" => BitcodeSerde::write(value, out),
        _ => Err(unknown(id)),
    }
}

/// Reads a whole `T` from `bytes` with row `id`'s library.
///
/// # Errors
///
/// What the library or its codec's checks refused, or an id not in
/// [`SERDE_ROWS`].
pub fn decode<T>(id: &str, bytes: &[u8]) -> Result<T, String>
where
    T: Serialize + DeserializeOwned + 'static,
{
    if let Some(codec) = serbench_codecs::serde_codec::<T>(id) {
        return codec.decode(bytes);
    }
    match id {
        "msgpack-positional" => RmpPositional::read(bytes),
        "bincode" => Bincode::read(bytes),
        "postcard" => Postcard::read(bytes),
        "bitcode-serde" => BitcodeSerde::read(bytes),
        _ => Err(unknown(id)),
    }
}

fn unknown(id: &str) -> String {
    format!(
        "{id:?} is not a serde row; the serde rows are {}",
        SERDE_ROWS.join(", ")
    )
}

/// Row `id`'s library as a [`Codec`] of `T`, if it has a serde path.
pub(crate) fn codec<T>(id: &str) -> Option<Box<dyn Codec<T>>>
where
    T: Serialize + DeserializeOwned + 'static,
{
    fn of<L: SerdeCodec + 'static, T: Serialize + DeserializeOwned + 'static>() -> Box<dyn Codec<T>>
    {
        Box::new(Through::<L>::default())
    }
    if let Some(codec) = serbench_codecs::serde_codec::<T>(id) {
        return Some(codec);
    }
    Some(match id {
        "msgpack-positional" => of::<RmpPositional, T>(),
        "bincode" => of::<Bincode, T>(),
        "postcard" => of::<Postcard, T>(),
        "bitcode-serde" => of::<BitcodeSerde, T>(),
        _ => return None,
    })
}
