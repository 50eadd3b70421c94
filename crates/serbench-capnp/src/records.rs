//! records ↔ `schemas/records.capnp`.

use serbench_model::{Record, RecordAnswer};

use crate::generated::records_capnp::record;
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{self, TooLong, Words};

impl Wire for Record {
    type Root = record::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<record::Owned>();
        words.numbers("ids", self.ids.len(), 8)?;
        words.texts("strings", self.strings.len())?;
        for string in &self.strings {
            words.text("strings", string)?;
        }
        Ok(())
    }

    fn build(&self, mut root: record::Builder<'_>) {
        write::fill_i64(root.reborrow().init_ids(self.ids.len() as u32), &self.ids);
        let mut strings = root.init_strings(self.strings.len() as u32);
        for (index, string) in self.strings.iter().enumerate() {
            strings.set(index as u32, string.as_str());
        }
    }

    fn read(root: record::Reader<'_>) -> Result<Self, Failure> {
        let ids = read::i64s(root.get_ids().at("ids")?);
        let wire_strings = root.get_strings().at("strings")?;
        let mut strings = Vec::with_capacity(wire_strings.len() as usize);
        for (index, string) in wire_strings.iter().enumerate() {
            strings.push(read::string(string).at_item("strings", index)?);
        }
        Ok(Record { ids, strings })
    }

    fn answer(root: record::Reader<'_>) -> Result<RecordAnswer, Failure> {
        let ids = root.get_ids().at("ids")?;
        let strings = root.get_strings().at("strings")?;
        // `RecordAnswer::new` takes plain lengths; the first text that cannot
        // be read stops the count and is reported after it.
        let mut failure = None;
        let lens =
            strings
                .iter()
                .enumerate()
                .map_while(|(index, string)| match read::text_len(string) {
                    Ok(len) => Some(len as usize),
                    Err(error) => {
                        failure = Some((index, error));
                        None
                    }
                });
        let answer = RecordAnswer::new(ids.iter(), lens);
        match failure {
            Some((index, error)) => Err(error).at_item("strings", index),
            None => Ok(answer),
        }
    }
}
