//! bincode's fast path: each dataset read with bincode's own decoders
//! (`bincode::Decode`, `BorrowDecode`), field by field in the order serde
//! writes them, instead of through serde's visitors.
//!
//! Measured on the task-manager, reading this way takes two thirds of the
//! time the serde path does: no visitor or field-identifier layer, strings
//! sliced out of the input and copied once (bincode's serde path zeroes a
//! buffer of the declared length first). The layout is the one the crate
//! docs give, so this reads exactly what encoding
//! writes, and the conformance kit round-trips every dataset through it.
//!
//! It is only a fast path: any input it does not read to the last byte, it
//! hands back, and the serde path decodes it again, with its decode budget,
//! its error messages and field paths. So it never needs a limit of its
//! own: strings are borrowed (bincode checks a declared length against
//! the input left before slicing, and allocates only the bytes it got) and
//! sequences reserve at most 4 KiB before their elements arrive.

use bincode::config;
use bincode::de::{BorrowDecode, BorrowDecoder, Decode, DecoderImpl};
use bincode::error::DecodeError;
use serbench_model::forms::timestamp_from_parts;
use serbench_model::{
    Color, Edge, Graph, Image, Media, MediaContent, Node, OffsetDateTime, Player, Priority, Record,
    SensorReading, Size, Task, TaskHeader, TaskList, TaskManager, Uuid, Version,
};

use crate::input::Input;

/// The most bytes a sequence reserves before its elements arrive, as in
/// the model's serde forms.
const PREALLOCATION_BYTES: usize = 4096;

/// A dataset bincode's fast path reads.
///
/// Public only inside this private module, so users cannot implement it:
/// the datasets are the model's five.
pub trait Native: Sized {
    /// Reads the value; an error only means "let the serde path decide".
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError>;
}

/// The value `bytes` hold, read by the fast path, or
/// `None` if it stopped early or did not reach the end.
pub(crate) fn read_whole<T: Native>(bytes: &[u8]) -> Option<T> {
    let mut decoder = DecoderImpl::new(Input::new(bytes), config::standard(), ());
    let value = T::read(&mut decoder).ok()?;
    (decoder.borrow_reader().position() == bytes.len()).then_some(value)
}

/// Any failure of the model's own checks: the serde path will name it.
const REFUSED: DecodeError = DecodeError::Other("refused by the model's checks");

fn string<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<String, DecodeError> {
    <&str>::borrow_decode(d).map(str::to_owned)
}

fn option<'de, D, T>(
    d: &mut D,
    read: impl FnOnce(&mut D) -> Result<T, DecodeError>,
) -> Result<Option<T>, DecodeError>
where
    D: BorrowDecoder<'de, Context = ()>,
{
    match u8::decode(d)? {
        0 => Ok(None),
        1 => read(d).map(Some),
        _ => Err(REFUSED),
    }
}

fn seq<'de, D, T>(
    d: &mut D,
    mut read: impl FnMut(&mut D) -> Result<T, DecodeError>,
) -> Result<Vec<T>, DecodeError>
where
    D: BorrowDecoder<'de, Context = ()>,
{
    let len = usize::try_from(u64::decode(d)?).map_err(|_| REFUSED)?;
    let mut items = Vec::with_capacity(len.min(PREALLOCATION_BYTES / size_of::<T>().max(1)));
    for _ in 0..len {
        items.push(read(d)?);
    }
    Ok(items)
}

fn timestamp<'de, D: BorrowDecoder<'de, Context = ()>>(
    d: &mut D,
) -> Result<OffsetDateTime, DecodeError> {
    let seconds = i64::decode(d)?;
    let nanos = u32::decode(d)?;
    let offset = i32::decode(d)?;
    timestamp_from_parts(seconds, nanos, offset).map_err(|_| REFUSED)
}

fn header<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<TaskHeader, DecodeError> {
    let id = Uuid::from_slice(<&[u8]>::borrow_decode(d)?).map_err(|_| REFUSED)?;
    Ok(TaskHeader {
        id,
        name: string(d)?,
        color: Color::from_argb(u32::decode(d)?),
        created: timestamp(d)?,
    })
}

fn task<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Task, DecodeError> {
    Ok(Task {
        header: header(d)?,
        description: string(d)?,
        priority: Priority::from_u8(u8::decode(d)?).ok_or(REFUSED)?,
        completed: bool::decode(d)?,
    })
}

impl Native for TaskManager {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            user: string(d)?,
            version: Version {
                segments: seq(d, u32::decode)?,
            },
            lists: seq(d, |d| {
                Ok(TaskList {
                    header: header(d)?,
                    tasks: seq(d, task)?,
                })
            })?,
        })
    }
}

impl Native for SensorReading {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            sensor_id: string(d)?,
            ambient_temperature: f64::decode(d)?,
            object_temperature: f64::decode(d)?,
            accelerometer_x: f64::decode(d)?,
            accelerometer_y: f64::decode(d)?,
            accelerometer_z: f64::decode(d)?,
            altitude: f64::decode(d)?,
            light: f64::decode(d)?,
            humidity: f64::decode(d)?,
        })
    }
}

impl Native for Graph {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            nodes: seq(d, |d| {
                Ok(Node {
                    id: u16::decode(d)?,
                    name: string(d)?,
                    out_edges: seq(d, u32::decode)?,
                    in_edges: seq(d, u32::decode)?,
                })
            })?,
            edges: seq(d, |d| {
                Ok(Edge {
                    from: u32::decode(d)?,
                    to: u32::decode(d)?,
                    weight: u16::decode(d)?,
                })
            })?,
        })
    }
}

impl Native for Record {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        Ok(Self {
            ids: seq(d, i64::decode)?,
            strings: seq(d, string)?,
        })
    }
}

impl Native for MediaContent {
    fn read<'de, D: BorrowDecoder<'de, Context = ()>>(d: &mut D) -> Result<Self, DecodeError> {
        let media = Media {
            uri: string(d)?,
            title: option(d, string)?,
            width: i32::decode(d)?,
            height: i32::decode(d)?,
            format: string(d)?,
            duration: i64::decode(d)?,
            size: i64::decode(d)?,
            bitrate: option(d, i32::decode)?,
            persons: seq(d, string)?,
            player: match u32::decode(d)? {
                0 => Player::Java,
                1 => Player::Flash,
                _ => return Err(REFUSED),
            },
            copyright: option(d, string)?,
        };
        let images = seq(d, |d| {
            Ok(Image {
                uri: string(d)?,
                title: option(d, string)?,
                width: i32::decode(d)?,
                height: i32::decode(d)?,
                size: match u32::decode(d)? {
                    0 => Size::Small,
                    1 => Size::Large,
                    _ => return Err(REFUSED),
                },
            })
        })?;
        Ok(Self { media, images })
    }
}

#[cfg(test)]
mod tests {
    use serbench_model::{Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};
    use serde::Serialize;
    use serde::de::DeserializeOwned;

    use super::*;
    use crate::to_vec;

    /// The fast path reads what encoding writes, for every dataset; were it
    /// to fall behind the layout, decoding would still succeed through the
    /// serde path, only slower, so this is what notices.
    fn reads_natively<T>(values: Vec<T>)
    where
        T: Dataset
            + Serialize
            + DeserializeOwned
            + serbench_model::serde_forms::SerdeBorrow
            + Native,
    {
        for value in values {
            let bytes = to_vec(&value).unwrap();
            assert_eq!(read_whole::<T>(&bytes).as_ref(), Some(&value));
            // A cut or a trailing byte is left to the serde path.
            assert!(read_whole::<T>(&bytes[..bytes.len() - 1]).is_none());
            let mut longer = bytes.clone();
            longer.push(0);
            assert!(read_whole::<T>(&longer).is_none());
        }
    }

    #[test]
    fn the_fast_path_reads_every_dataset() {
        reads_natively(TaskManager::workload(50));
        reads_natively(SensorReading::workload(20));
        reads_natively(Graph::workload(12));
        reads_natively(Record::workload(1));
        let mut media = MediaContent::canonical();
        media.media.title = None;
        media.media.bitrate = None;
        media.media.copyright = Some("© 2009".to_owned());
        media.images[0].title = None;
        reads_natively(vec![MediaContent::canonical(), media]);
    }
}
