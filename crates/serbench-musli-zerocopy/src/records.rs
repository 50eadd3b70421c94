//! records ↔ its buffer: the integers as one `i64` array, the strings as
//! an array of string references.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::{Record, RecordAnswer};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Arrays {
    pub(crate) len: u64,
    ids: Ref<[i64]>,
    strings: Ref<[Ref<str>]>,
}

impl Wire for Record {
    type Root = Arrays;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Arrays, musli_zerocopy::Error> {
        let ids = buf.store_slice(&self.ids)?;
        let strings = self
            .strings
            .iter()
            .map(|string| buf.store_unsized(string.as_str()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Arrays {
            len: 0,
            ids,
            strings: buf.store_slice(&strings)?,
        })
    }

    fn len_field(root: &mut Arrays) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Arrays, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let ids = reader.list(root.ids, &|| "ids".to_owned())?.to_vec();
        let stored = reader.list(root.strings, &|| "strings".to_owned())?;
        let mut strings = Vec::with_capacity(stored.len());
        for (i, string) in stored.iter().enumerate() {
            strings.push(
                reader
                    .text(*string, &|| format!("strings[{i}]"))?
                    .to_owned(),
            );
        }
        Ok(Record { ids, strings })
    }

    fn answer(root: &Arrays, reader: &mut Reader<'_>) -> Result<RecordAnswer, Failure> {
        let ids = reader.list(root.ids, &|| "ids".to_owned())?;
        let stored = reader.list(root.strings, &|| "strings".to_owned())?;
        let mut answer = RecordAnswer::new(ids.iter().copied(), []);
        for (i, string) in stored.iter().enumerate() {
            let string = reader.text(*string, &|| format!("strings[{i}]"))?;
            answer.strings += 1;
            answer.string_bytes += string.len() as u64;
        }
        Ok(answer)
    }
}
