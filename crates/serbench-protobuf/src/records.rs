//! records ↔ `serbench.Record` (`schemas/records.proto`).

use serbench_model::Record;

use crate::proto;
use crate::wire::{Invalid, Wire};

impl Wire for Record {
    type Message = proto::Record;

    fn build(&self) -> proto::Record {
        proto::Record {
            ids: self.ids.clone(),
            strings: self.strings.clone(),
        }
    }

    fn read(message: proto::Record) -> Result<Self, Invalid> {
        // Every message is a record: both fields hold any value.
        Ok(Record {
            ids: message.ids,
            strings: message.strings,
        })
    }
}
