//! log ↔ its archive: RSB's own rkyv layout (its types derive `Archive`
//! as they are), the address as four bytes inline, the strings as rkyv
//! strings (inline up to 8 bytes).

use rkyv::{Archive, Serialize};
use serbench_model::Logs;
use serbench_model::log::{Address, Log, LogAnswer};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Journal {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    logs: Vec<Entry>,
}

/// A [`Log`], its fields in the model's (and RSB's) order.
#[derive(Archive, Serialize)]
pub(crate) struct Entry {
    address: [u8; 4],
    identity: String,
    userid: String,
    date: String,
    request: String,
    code: u16,
    size: u64,
}

impl Wire for Logs {
    type Mirror = Journal;
    type Archive = ArchivedJournal;

    fn build(&self) -> Journal {
        Journal {
            len: 0,
            logs: self
                .logs
                .iter()
                .map(|log| Entry {
                    address: [
                        log.address.x0,
                        log.address.x1,
                        log.address.x2,
                        log.address.x3,
                    ],
                    identity: log.identity.clone(),
                    userid: log.userid.clone(),
                    date: log.date.clone(),
                    request: log.request.clone(),
                    code: log.code,
                    size: log.size,
                })
                .collect(),
        }
    }

    fn read(archive: &ArchivedJournal) -> Result<Self, Failure> {
        Ok(Logs {
            logs: archive
                .logs
                .iter()
                .map(|log| {
                    let [x0, x1, x2, x3] = log.address;
                    Log {
                        address: Address { x0, x1, x2, x3 },
                        identity: log.identity.as_str().to_owned(),
                        userid: log.userid.as_str().to_owned(),
                        date: log.date.as_str().to_owned(),
                        request: log.request.as_str().to_owned(),
                        code: log.code.to_native(),
                        size: log.size.to_native(),
                    }
                })
                .collect(),
        })
    }

    fn answer(archive: &ArchivedJournal) -> Result<LogAnswer, Failure> {
        Ok(archive
            .logs
            .iter()
            .fold(LogAnswer::default(), |answer, log| LogAnswer {
                logs: answer.logs + 1,
                address_sum: answer
                    .address_sum
                    .wrapping_add(u64::from(u32::from_be_bytes(log.address))),
                code_sum: answer
                    .code_sum
                    .wrapping_add(u64::from(log.code.to_native())),
                size_sum: answer.size_sum.wrapping_add(log.size.to_native()),
            }))
    }
}
