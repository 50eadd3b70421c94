//! log ↔ its buffer: the address as four bytes inline, the strings as
//! references.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::Logs;
use serbench_model::log::{Address, Log, LogAnswer};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Journal {
    pub(crate) len: u64,
    logs: Ref<[Entry]>,
}

/// A [`Log`], its fields in the model's order.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(C)]
pub(crate) struct Entry {
    address: [u8; 4],
    identity: Ref<str>,
    userid: Ref<str>,
    date: Ref<str>,
    request: Ref<str>,
    code: u16,
    size: u64,
}

/// A log's strings, loaded (so validated), in field order.
struct Texts<'a> {
    identity: &'a str,
    userid: &'a str,
    date: &'a str,
    request: &'a str,
}

impl Entry {
    fn texts<'a>(&self, reader: &mut Reader<'a>, i: usize) -> Result<Texts<'a>, Failure> {
        Ok(Texts {
            identity: reader.text(self.identity, &|| format!("logs[{i}].identity"))?,
            userid: reader.text(self.userid, &|| format!("logs[{i}].userid"))?,
            date: reader.text(self.date, &|| format!("logs[{i}].date"))?,
            request: reader.text(self.request, &|| format!("logs[{i}].request"))?,
        })
    }
}

impl Wire for Logs {
    type Root = Journal;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Journal, musli_zerocopy::Error> {
        let mut logs = Vec::with_capacity(self.logs.len());
        for log in &self.logs {
            let Address { x0, x1, x2, x3 } = log.address;
            logs.push(Entry {
                address: [x0, x1, x2, x3],
                identity: buf.store_unsized(log.identity.as_str())?,
                userid: buf.store_unsized(log.userid.as_str())?,
                date: buf.store_unsized(log.date.as_str())?,
                request: buf.store_unsized(log.request.as_str())?,
                code: log.code,
                size: log.size,
            });
        }
        Ok(Journal {
            len: 0,
            logs: buf.store_slice(&logs)?,
        })
    }

    fn len_field(root: &mut Journal) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Journal, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let entries = reader.list(root.logs, &|| "logs".to_owned())?;
        let mut logs = Vec::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            let texts = entry.texts(reader, i)?;
            let [x0, x1, x2, x3] = entry.address;
            logs.push(Log {
                address: Address { x0, x1, x2, x3 },
                identity: texts.identity.to_owned(),
                userid: texts.userid.to_owned(),
                date: texts.date.to_owned(),
                request: texts.request.to_owned(),
                code: entry.code,
                size: entry.size,
            });
        }
        Ok(Logs { logs })
    }

    fn answer(root: &Journal, reader: &mut Reader<'_>) -> Result<LogAnswer, Failure> {
        let entries = reader.list(root.logs, &|| "logs".to_owned())?;
        let mut answer = LogAnswer::default();
        for (i, entry) in entries.iter().enumerate() {
            // Loaded for the validation a decode makes; the answer needs
            // none of them.
            entry.texts(reader, i)?;
            answer.logs += 1;
            answer.address_sum = answer
                .address_sum
                .wrapping_add(u64::from(u32::from_be_bytes(entry.address)));
            answer.code_sum = answer.code_sum.wrapping_add(u64::from(entry.code));
            answer.size_sum = answer.size_sum.wrapping_add(entry.size);
        }
        Ok(answer)
    }
}
