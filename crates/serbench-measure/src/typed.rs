//! Your own serde type through every serde library here, by row id.
//!
//! A document goes through the formats as a [`Value`](crate::Value);
//! a value of your own `Serialize + Deserialize` type goes through the
//! same libraries, configured as their rows are, with [`encode`] and
//! [`decode`] and the ids in [`SERDE_ROWS`], through the serde calls each
//! codec's crate offers (`serbench_codecs::serde_codec`). Rows whose library has no
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
//! for id in serbench_measure::typed::SERDE_ROWS.iter() {
//!     let mut bytes = Vec::new();
//!     serbench_measure::typed::encode(id, &point, &mut bytes)?;
//!     assert_eq!(serbench_measure::typed::decode::<Point>(id, &bytes)?, point);
//! }
//! # Ok::<(), String>(())
//! ```

use std::sync::LazyLock;

use serde::Serialize;
use serde::de::DeserializeOwned;

use serbench_document::BorrowedForm;

use crate::codec::Codec;

/// The row ids [`encode`] and [`decode`] take, in the report's order:
/// every row whose list line in the registry marks its library's serde
/// calls (`serde`), so a serde library added there is here too.
pub static SERDE_ROWS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    crate::ROWS
        .iter()
        .map(|row| row.id)
        .filter(|id| serbench_codecs::serde_codec::<u8>(id).is_some())
        .collect()
});

/// Appends `value`'s encoding by row `id`'s library to `out`.
///
/// # Errors
///
/// What the library could not write, as its error prints, or an id not
/// in [`SERDE_ROWS`].
pub fn encode<T>(id: &str, value: &T, out: &mut Vec<u8>) -> Result<(), String>
where
    T: Serialize + DeserializeOwned + 'static,
{
    codec(id)
        .ok_or_else(|| unknown(id))?
        .encode(value, out)
        .map_err(|error| error.to_string())
}

/// Reads a whole `T` from `bytes` with row `id`'s library.
///
/// # Errors
///
/// What the library or its codec's checks refused, as its error prints,
/// or an id not in [`SERDE_ROWS`].
pub fn decode<T>(id: &str, bytes: &[u8]) -> Result<T, String>
where
    T: Serialize + DeserializeOwned + 'static,
{
    codec(id)
        .ok_or_else(|| unknown(id))?
        .decode(bytes)
        .map_err(|error| error.to_string())
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
    serbench_codecs::serde_codec::<T>(id)
}

/// As [`codec`], with a borrowed decode of `T`'s form where the library
/// lends ([`Codec::lender`]).
pub(crate) fn lending_codec<T>(id: &str) -> Option<Box<dyn Codec<T>>>
where
    T: Serialize + DeserializeOwned + BorrowedForm + 'static,
{
    serbench_codecs::serde_lending_codec::<T>(id)
}
