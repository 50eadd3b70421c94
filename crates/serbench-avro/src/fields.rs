//! The serde forms of the model's leaf values and sequences that the
//! datasets' modules share: how a uuid, a color and a time meet the
//! schemas' `Uuid`, `Argb` and `Timestamp`, and sequences written straight
//! from the model's slices and read straight into its vectors.

use std::fmt;
use std::marker::PhantomData;

use serbench_model::forms::{timestamp_from_parts, timestamp_parts};
use serbench_model::{Color, OffsetDateTime, Uuid};
use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

/// A slice written as an Avro array, each item through `M`'s form; no
/// intermediate vector is built.
pub(crate) struct Items<'a, T, M>(pub(crate) &'a [T], pub(crate) fn(&'a T) -> M);

impl<T, M: Serialize> Serialize for Items<'_, T, M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(self.1))
    }
}

/// An Avro array read into the model's vector, each item read in the form
/// `M` and converted as it arrives.
///
/// The vector reserves the block's declared count: the walk in `check` has
/// found every one of those items in the input before this runs.
pub(crate) fn items<'de, D, M, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    M: Deserialize<'de> + IntoModel<T>,
{
    struct Converted<M, T>(PhantomData<(M, T)>);

    impl<'de, M: Deserialize<'de> + IntoModel<T>, T> Visitor<'de> for Converted<M, T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an array")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
            while let Some(item) = seq.next_element::<M>()? {
                out.push(item.into_model()?);
            }
            Ok(out)
        }
    }

    deserializer.deserialize_seq(Converted::<M, T>(PhantomData))
}

/// A value read in a schema's form, turned into the model's, with an
/// error where the form holds what the model cannot (a time out of range).
pub(crate) trait IntoModel<T> {
    fn into_model<E: de::Error>(self) -> Result<T, E>;
}

/// A UUID as the schemas' `Uuid`: `fixed(16)` with the `uuid` logical
/// type, its bytes in RFC 9562 order.
pub(crate) struct Id(pub(crate) Uuid);

impl Serialize for Id {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0.as_bytes())
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_bytes(Fixed::<16>("a 16-byte uuid"))
            .map(|bytes| Id(Uuid::from_bytes(bytes)))
    }
}

/// A color as the schemas' `Argb`: `fixed(4)`, `0xAARRGGBB` big-endian
/// (Qt's `QRgb`). Four bytes always, where an opaque color as a zigzag
/// `long` would take five.
pub(crate) struct Argb(pub(crate) Color);

impl Serialize for Argb {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0.argb().to_be_bytes())
    }
}

impl<'de> Deserialize<'de> for Argb {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_bytes(Fixed::<4>("a 4-byte color"))
            .map(|bytes| Argb(Color::from_argb(u32::from_be_bytes(bytes))))
    }
}

/// A fixed-size byte string.
struct Fixed<const N: usize>(&'static str);

impl<const N: usize> Visitor<'_> for Fixed<N> {
    type Value = [u8; N];

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<[u8; N], E> {
        bytes
            .try_into()
            .map_err(|_| E::invalid_length(bytes.len(), &self))
    }

    fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<[u8; N], E> {
        self.visit_bytes(&bytes)
    }
}

/// A time as the schemas' `Timestamp` record: the instant in whole
/// milliseconds since 1970 (`long`, logical type `timestamp-millis`, which
/// Avro tools show as a UTC time), the nanoseconds past that millisecond
/// (0 to 999 999) and the UTC offset in seconds. Milliseconds reach far
/// past the model's years in a `long`, where `timestamp-nanos` would end in
/// 2262; the two extra fields keep every nanosecond and the offset.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Timestamp")]
pub(crate) struct Created {
    millis: i64,
    nanos: i32,
    offset_seconds: i32,
}

impl Created {
    pub(crate) fn new(time: &OffsetDateTime) -> Self {
        let (seconds, nanos, offset_seconds) = timestamp_parts(time);
        // `nanos` is below 10^9: both parts fit their types.
        Self {
            millis: seconds * 1000 + i64::from(nanos / 1_000_000),
            nanos: (nanos % 1_000_000).cast_signed(),
            offset_seconds,
        }
    }

    pub(crate) fn time<E: de::Error>(&self) -> Result<OffsetDateTime, E> {
        let nanos = u32::try_from(self.nanos)
            .ok()
            .filter(|nanos| *nanos < 1_000_000)
            .ok_or_else(|| {
                E::custom(format_args!(
                    "created.nanos is {}, not 0 to 999 999",
                    self.nanos
                ))
            })?;
        let seconds = self.millis.div_euclid(1000);
        let millis = self.millis.rem_euclid(1000) as u32;
        timestamp_from_parts(seconds, millis * 1_000_000 + nanos, self.offset_seconds)
            .map_err(|error| E::custom(format_args!("created: {error}")))
    }
}
