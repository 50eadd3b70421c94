//! The record as a `QList<qint64>` and a `QStringList`.

use serbench_model::Record;

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

impl Stream for Record {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.list(&self.ids, "the ids", |w, id| {
            w.i64(*id);
            Ok(())
        })?;
        w.list(&self.strings, "the strings", |w, text| {
            w.string(text, "a string")
        })
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        Ok(Record {
            ids: r.i64_list("the id list")?,
            strings: r.list("the string list", 4, |r| r.string("a string"))?,
        })
    }
}
