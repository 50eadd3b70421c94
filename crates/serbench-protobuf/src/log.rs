//! log ↔ `serbench.Logs` (`schemas/log.proto`).

use prost::encoding::{self, WireType};
use serbench_model::Logs;
use serbench_model::log::{Address, Log};

use crate::proto;
use crate::read::{Delimited, ReadError, Within, ctx, narrow_u8, narrow_u16, required, skip};
use crate::wire::Wire;

impl Wire for Logs {
    type Message = proto::Logs;

    fn build(&self) -> proto::Logs {
        proto::Logs {
            logs: self.logs.iter().map(build_log).collect(),
        }
    }

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut logs = Vec::new();
        if let Some(tally) = message.tally() {
            // Room for no more records than the input holds valid ones,
            // each at least 4 bytes (a key, a length and its required
            // address, empty): an empty message of two bytes would
            // otherwise reserve a record of 112 bytes it cannot fill.
            logs.reserve_exact(tally.count(1).min(message.body_len() / 4));
        }
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => {
                    let log = read_log(wire_type, buf).item("logs", logs.len())?;
                    logs.push(log);
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        Ok(Logs { logs })
    }

    fn from_message(message: proto::Logs) -> Result<Self, ReadError> {
        let logs = message
            .logs
            .into_iter()
            .enumerate()
            .map(|(index, log)| {
                LogFields {
                    address: log.address,
                    identity: log.identity,
                    userid: log.userid,
                    date: log.date,
                    request: log.request,
                    code: log.code,
                    size: log.size,
                }
                .finish()
                .item("logs", index)
            })
            .collect::<Result<_, ReadError>>()?;
        Ok(Logs { logs })
    }
}

fn build_log(log: &Log) -> proto::Log {
    let Address { x0, x1, x2, x3 } = log.address;
    proto::Log {
        address: Some(proto::Address {
            x0: x0.into(),
            x1: x1.into(),
            x2: x2.into(),
            x3: x3.into(),
        }),
        identity: log.identity.clone(),
        userid: log.userid.clone(),
        date: log.date.clone(),
        request: log.request.clone(),
        code: log.code.into(),
        size: log.size,
    }
}

/// A `Log` message's fields, its text `String`s or, for buffa's borrowed
/// decode, lent: the model's record once [`LogFields::finish`] has checked
/// what protobuf cannot.
pub(crate) struct LogFields<S = String> {
    pub(crate) address: Option<proto::Address>,
    pub(crate) identity: S,
    pub(crate) userid: S,
    pub(crate) date: S,
    pub(crate) request: S,
    pub(crate) code: u32,
    pub(crate) size: u64,
}

impl<S> LogFields<S> {
    /// The record: its address required, each octet within 0 to 255 and
    /// the code within 0 to 65535.
    pub(crate) fn finish(self) -> Result<Log<S>, ReadError> {
        let address = required(self.address, "address")?;
        let octet = |value: u32, name: &'static str| narrow_u8(value).field(name).field("address");
        Ok(Log {
            address: Address {
                x0: octet(address.x0, "x0")?,
                x1: octet(address.x1, "x1")?,
                x2: octet(address.x2, "x2")?,
                x3: octet(address.x3, "x3")?,
            },
            identity: self.identity,
            userid: self.userid,
            date: self.date,
            request: self.request,
            code: narrow_u16(self.code).field("code")?,
            size: self.size,
        })
    }
}

fn read_log(wire_type: WireType, buf: &mut &[u8]) -> Result<Log, ReadError> {
    let message = Delimited::read(wire_type, buf)?;
    let mut log = LogFields {
        address: None,
        identity: String::new(),
        userid: String::new(),
        date: String::new(),
        request: String::new(),
        code: 0,
        size: 0,
    };
    while let Some((tag, wire_type)) = message.next_key(buf)? {
        match tag {
            // A message of four numbers, read by prost's generated code
            // into a value on the stack; given twice, it merges.
            1 => {
                encoding::message::merge(
                    wire_type,
                    log.address.get_or_insert_default(),
                    buf,
                    ctx(),
                )
                .field("address")?;
            }
            2 => encoding::string::merge(wire_type, &mut log.identity, buf, ctx())
                .field("identity")?,
            3 => encoding::string::merge(wire_type, &mut log.userid, buf, ctx()).field("userid")?,
            4 => encoding::string::merge(wire_type, &mut log.date, buf, ctx()).field("date")?,
            5 => {
                encoding::string::merge(wire_type, &mut log.request, buf, ctx())
                    .field("request")?;
            }
            6 => encoding::uint32::merge(wire_type, &mut log.code, buf, ctx()).field("code")?,
            7 => encoding::uint64::merge(wire_type, &mut log.size, buf, ctx()).field("size")?,
            _ => skip(tag, wire_type, buf)?,
        }
    }
    log.finish()
}
