//! The record as `schemas/records.thrift` describes it, the C++
//! benchmark's `Record`: a `list<i64>` and a `list<string>`.

use serbench_model::Record;
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::protocol::Protocol;
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const RECORD: &Fields = &[("ids", TType::List), ("strings", TType::List)];

impl Thrift for Record {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| {
            w.list_field(1, &self.ids, TType::I64, "the ids", |w, id| w.i64(*id))?;
            w.list_field(2, &self.strings, TType::String, "the strings", |w, text| {
                w.string(text, "a string")
            })
        })
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let (mut ids, mut strings) = (None, None);
        r.fields("Record", RECORD, |r, field| {
            if field == 0 {
                ids = Some(r.list("the ids", TType::I64, P::MIN_I64, |r| r.i64("an id"))?);
            } else {
                strings = Some(r.list("the strings", TType::String, P::MIN_STRING, |r| {
                    r.string("a string")
                })?);
            }
            Ok(())
        })?;
        Ok(Record {
            ids: required(ids, at, "Record", "ids")?,
            strings: required(strings, at, "Record", "strings")?,
        })
    }
}
