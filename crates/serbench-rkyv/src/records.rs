//! records ↔ its archive: the integers as one little-endian `i64` array,
//! the strings as an array of rkyv strings.

use rkyv::{Archive, Serialize};
use serbench_model::{Record, RecordAnswer};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Arrays {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    ids: Vec<i64>,
    strings: Vec<String>,
}

impl Wire for Record {
    type Mirror = Arrays;
    type Archive = ArchivedArrays;

    fn build(&self) -> Arrays {
        Arrays {
            len: 0,
            ids: self.ids.clone(),
            strings: self.strings.clone(),
        }
    }

    fn read(archive: &ArchivedArrays) -> Result<Self, Failure> {
        Ok(Record {
            ids: archive.ids.iter().map(|id| id.to_native()).collect(),
            strings: archive
                .strings
                .iter()
                .map(|string| string.as_str().to_owned())
                .collect(),
        })
    }

    fn answer(archive: &ArchivedArrays) -> Result<RecordAnswer, Failure> {
        Ok(RecordAnswer::new(
            archive.ids.iter().map(|id| id.to_native()),
            archive.strings.iter().map(|string| string.len()),
        ))
    }
}
