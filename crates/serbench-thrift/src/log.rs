//! The access-log records as `schemas/log.thrift` describes it, in the
//! shape of rust_serialization_benchmark's `log.proto`: the address a
//! struct of four `i16`s (each a `u8`), the code an `i32` (a `u16`), the
//! size a `u64`'s bits as an `i64`.

use serbench_model::Logs;
use serbench_model::log::{Address, Log};
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::protocol::{MIN_STRUCT, Protocol};
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const LOGS: &Fields = &[("logs", TType::List)];
const LOG: &Fields = &[
    ("address", TType::Struct),
    ("identity", TType::String),
    ("userid", TType::String),
    ("date", TType::String),
    ("request", TType::String),
    ("code", TType::I32),
    ("size", TType::I64),
];
const ADDRESS: &Fields = &[
    ("x0", TType::I16),
    ("x1", TType::I16),
    ("x2", TType::I16),
    ("x3", TType::I16),
];

impl Thrift for Logs {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| w.list_field(1, &self.logs, TType::Struct, "the logs", write_log))
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let mut logs = None;
        r.fields("Logs", LOGS, |r, _| {
            logs = Some(r.list("the logs", TType::Struct, MIN_STRUCT, read_log)?);
            Ok(())
        })?;
        Ok(Logs {
            logs: required(logs, at, "Logs", "logs")?,
        })
    }
}

fn write_log<P: Protocol>(w: &mut Writer<'_, P>, log: &Log) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::Struct, |w| {
            w.structure(|w| {
                let Address { x0, x1, x2, x3 } = log.address;
                for (id, byte) in (1..).zip([x0, x1, x2, x3]) {
                    w.field(id, TType::I16, |w| w.i16(byte.into()))?;
                }
                Ok(())
            })
        })?;
        w.string_field(2, &log.identity, "a log's identity")?;
        w.string_field(3, &log.userid, "a log's userid")?;
        w.string_field(4, &log.date, "a log's date")?;
        w.string_field(5, &log.request, "a log's request")?;
        w.field(6, TType::I32, |w| w.i32(log.code.into()))?;
        w.field(7, TType::I64, |w| w.i64(log.size.cast_signed()))
    })
}

fn read_log<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Log, Fault> {
    let at = r.pos();
    let (mut address, mut identity, mut userid, mut date) = (None, None, None, None);
    let (mut request, mut code, mut size) = (None, None, None);
    r.fields("Log", LOG, |r, field| {
        match field {
            0 => address = Some(read_address(r)?),
            1 => identity = Some(r.string("a log's identity")?),
            2 => userid = Some(r.string("a log's userid")?),
            3 => date = Some(r.string("a log's date")?),
            4 => request = Some(r.string("a log's request")?),
            5 => code = Some(r.u16("a log's code")?),
            _ => size = Some(r.i64("a log's size")?.cast_unsigned()),
        }
        Ok(())
    })?;
    Ok(Log {
        address: required(address, at, "Log", "address")?,
        identity: required(identity, at, "Log", "identity")?,
        userid: required(userid, at, "Log", "userid")?,
        date: required(date, at, "Log", "date")?,
        request: required(request, at, "Log", "request")?,
        code: required(code, at, "Log", "code")?,
        size: required(size, at, "Log", "size")?,
    })
}

fn read_address<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Address, Fault> {
    let at = r.pos();
    let mut bytes = [None; 4];
    r.fields("Address", ADDRESS, |r, field| {
        bytes[field] = Some(r.u8(ADDRESS[field].0)?);
        Ok(())
    })?;
    let [x0, x1, x2, x3] = bytes;
    Ok(Address {
        x0: required(x0, at, "Address", "x0")?,
        x1: required(x1, at, "Address", "x1")?,
        x2: required(x2, at, "Address", "x2")?,
        x3: required(x3, at, "Address", "x3")?,
    })
}
