//! records ↔ `serbench.Record` (`schemas/records.proto`).

use prost::encoding;
use serbench_model::Record;

use crate::proto;
use crate::read::{Delimited, ReadError, Within, ctx, repeated, skip};
use crate::wire::Wire;

impl Wire for Record {
    type Message = proto::Record;

    fn build(&self) -> proto::Record {
        proto::Record {
            ids: self.ids.clone(),
            strings: self.strings.clone(),
        }
    }

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        // Every message is a record: both fields hold any value.
        let message = Delimited::root(buf);
        let mut record = Record {
            ids: Vec::new(),
            strings: Vec::new(),
        };
        if let Some(tally) = message.tally() {
            record.strings.reserve_exact(tally.count(2));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => repeated(wire_type, buf, encoding::sint64::merge, &mut record.ids)
                    .field("ids")?,
                2 => encoding::string::merge_repeated(wire_type, &mut record.strings, buf, ctx())
                    .field("strings")?,
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(record)
    }

    fn from_message(message: proto::Record) -> Result<Self, ReadError> {
        Ok(Record {
            ids: message.ids,
            strings: message.strings,
        })
    }
}
