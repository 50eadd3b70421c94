//! records: `schemas/records.fbs`.

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::{Error, Record, RecordAnswer};

use crate::bound;
use crate::generated::records::serbench as fb;
use crate::private::Schema;

impl Schema for Record {
    type Root<'a> = fb::Record<'a>;

    fn size_bound(&self) -> usize {
        let strings: usize = self.strings.iter().map(|s| bound::string(s.len())).sum();
        bound::FRAME
            + bound::table(2, 8)
            + bound::vector(self.ids.len(), 8)
            + bound::vector(self.strings.len(), 4)
            + strings
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::Record<'b>> {
        let strings: Vec<_> = self
            .strings
            .iter()
            .map(|string| builder.create_string(string))
            .collect();
        let args = fb::RecordArgs {
            ids: Some(builder.create_vector(&self.ids)),
            strings: Some(builder.create_vector(&strings)),
        };
        fb::Record::create(builder, &args)
    }

    fn read(root: fb::Record<'_>) -> Result<Self, Error> {
        Ok(Record {
            ids: root.ids().iter().collect(),
            strings: root.strings().iter().map(str::to_owned).collect(),
        })
    }

    fn answer(root: fb::Record<'_>) -> Result<RecordAnswer, Error> {
        Ok(RecordAnswer::new(
            root.ids().iter(),
            root.strings().iter().map(str::len),
        ))
    }
}
