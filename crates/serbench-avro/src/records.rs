//! records as `schemas/records.avsc`'s `serbench.Record`.

use std::sync::OnceLock;

use serbench_model::Record;
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::wire::{self, Compiled, Wire};

impl Wire for Record {
    const SCHEMA: &'static str = include_str!("../../../schemas/records.avsc");
    const SHAPE: Shape = Shape::record(&[Shape::array(&Shape::Long), Shape::array(&Shape::String)]);
    type Out<'a> = RecordOut<'a>;
    type In = RecordIn;

    fn out(&self) -> RecordOut<'_> {
        RecordOut {
            ids: &self.ids,
            strings: &self.strings,
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: RecordIn) -> Record {
        Record {
            ids: read.ids,
            strings: read.strings,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "Record")]
pub(crate) struct RecordOut<'a> {
    ids: &'a [i64],
    strings: &'a [String],
}

#[derive(Deserialize)]
#[serde(rename = "Record")]
pub(crate) struct RecordIn {
    ids: Vec<i64>,
    strings: Vec<String>,
}
