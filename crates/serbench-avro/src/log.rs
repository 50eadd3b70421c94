//! log as `schemas/log.avsc`'s `serbench.Logs`, in the shape of
//! rust_serialization_benchmark's `log.proto`.

use std::sync::OnceLock;

use serbench_model::Logs;
use serbench_model::log::{Address, Log};
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::fields::{IntoModel, Items, items};
use crate::wire::{self, Compiled, Wire};

impl Wire for Logs {
    const SCHEMA: &'static str = include_str!("../../../schemas/log.avsc");
    const SHAPE: Shape = Shape::record(&[Shape::array(&Shape::record(&[
        Shape::record(&[Shape::U8, Shape::U8, Shape::U8, Shape::U8]),
        Shape::String,
        Shape::String,
        Shape::String,
        Shape::String,
        Shape::U16,
        Shape::Long,
    ]))]);
    type Out<'a> = LogsOut<'a>;
    type In = LogsIn;

    fn out(&self) -> LogsOut<'_> {
        LogsOut {
            logs: Items(&self.logs, LogOut::new),
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: LogsIn) -> Logs {
        Logs { logs: read.logs }
    }
}

#[derive(Serialize)]
#[serde(rename = "Logs")]
pub(crate) struct LogsOut<'a> {
    logs: Items<'a, Log, LogOut<'a>>,
}

#[derive(Deserialize)]
#[serde(rename = "Logs")]
pub(crate) struct LogsIn {
    #[serde(deserialize_with = "items::<_, LogIn, _>")]
    logs: Vec<Log>,
}

/// The address's bytes as `int`s (0 to 255), the code as an `int` (0 to
/// 65535): apache-avro's serde refuses a read value out of their range.
/// The size, a `u64`, is its 64 bits as a `long`: apache-avro writes a
/// `u64` only as an 8-byte `fixed`, and the generated sizes are small
/// numbers, a few bytes as a varint.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Address")]
struct AddressForm {
    x0: u8,
    x1: u8,
    x2: u8,
    x3: u8,
}

#[derive(Serialize)]
#[serde(rename = "Log")]
struct LogOut<'a> {
    address: AddressForm,
    identity: &'a str,
    userid: &'a str,
    date: &'a str,
    request: &'a str,
    code: u16,
    size: i64,
}

impl<'a> LogOut<'a> {
    fn new(log: &'a Log) -> Self {
        let Address { x0, x1, x2, x3 } = log.address;
        Self {
            address: AddressForm { x0, x1, x2, x3 },
            identity: &log.identity,
            userid: &log.userid,
            date: &log.date,
            request: &log.request,
            code: log.code,
            size: log.size.cast_signed(),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Log")]
struct LogIn {
    address: AddressForm,
    identity: String,
    userid: String,
    date: String,
    request: String,
    code: u16,
    size: i64,
}

impl IntoModel<Log> for LogIn {
    fn into_model<E: serde::de::Error>(self) -> Result<Log, E> {
        let AddressForm { x0, x1, x2, x3 } = self.address;
        Ok(Log {
            address: Address { x0, x1, x2, x3 },
            identity: self.identity,
            userid: self.userid,
            date: self.date,
            request: self.request,
            code: self.code,
            size: self.size.cast_unsigned(),
        })
    }
}
