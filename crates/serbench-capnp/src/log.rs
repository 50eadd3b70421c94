//! log ↔ `schemas/log.capnp`.

use serbench_model::Logs;
use serbench_model::log::{Address, Log, LogAnswer};

use crate::generated::log_capnp::{address, log, logs};
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{TooLong, Words};

impl Wire for Logs {
    type Root = logs::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<logs::Owned>();
        words.structs::<log::Owned>("logs", self.logs.len())?;
        for log in &self.logs {
            words.add_struct::<address::Owned>();
            words.text("identity", &log.identity)?;
            words.text("userid", &log.userid)?;
            words.text("date", &log.date)?;
            words.text("request", &log.request)?;
        }
        Ok(())
    }

    fn build(&self, root: logs::Builder<'_>) {
        let mut logs = root.init_logs(self.logs.len() as u32);
        for (index, log) in self.logs.iter().enumerate() {
            let mut wire = logs.reborrow().get(index as u32);
            let mut address = wire.reborrow().init_address();
            address.set_x0(log.address.x0);
            address.set_x1(log.address.x1);
            address.set_x2(log.address.x2);
            address.set_x3(log.address.x3);
            wire.set_identity(log.identity.as_str());
            wire.set_userid(log.userid.as_str());
            wire.set_date(log.date.as_str());
            wire.set_request(log.request.as_str());
            wire.set_code(log.code);
            wire.set_size(log.size);
        }
    }

    fn read(root: logs::Reader<'_>) -> Result<Self, Failure> {
        let wire_logs = root.get_logs().at("logs")?;
        let mut logs = Vec::with_capacity(wire_logs.len() as usize);
        for (index, log) in wire_logs.iter().enumerate() {
            logs.push(read_log(log).at_item("logs", index)?);
        }
        Ok(Logs { logs })
    }

    fn answer(root: logs::Reader<'_>) -> Result<LogAnswer, Failure> {
        let mut answer = LogAnswer::default();
        for (index, log) in root.get_logs().at("logs")?.iter().enumerate() {
            let address = check_log(log).at_item("logs", index)?;
            answer.logs += 1;
            answer.address_sum = answer.address_sum.wrapping_add(u64::from(address.to_u32()));
            answer.code_sum = answer.code_sum.wrapping_add(u64::from(log.get_code()));
            answer.size_sum = answer.size_sum.wrapping_add(log.get_size());
        }
        Ok(answer)
    }
}

fn read_address(log: log::Reader<'_>) -> Result<Address, Failure> {
    let address = log.get_address().at("address")?;
    Ok(Address {
        x0: address.get_x0(),
        x1: address.get_x1(),
        x2: address.get_x2(),
        x3: address.get_x3(),
    })
}

fn read_log(log: log::Reader<'_>) -> Result<Log, Failure> {
    Ok(Log {
        address: read_address(log)?,
        identity: read::string(log.get_identity()).at("identity")?,
        userid: read::string(log.get_userid()).at("userid")?,
        date: read::string(log.get_date()).at("date")?,
        request: read::string(log.get_request()).at("request")?,
        code: log.get_code(),
        size: log.get_size(),
    })
}

/// Reads in place every pointer [`read_log`] reads and checks every text
/// as it does, returning the address.
fn check_log(log: log::Reader<'_>) -> Result<Address, Failure> {
    let address = read_address(log)?;
    read::text(log.get_identity()).at("identity")?;
    read::text(log.get_userid()).at("userid")?;
    read::text(log.get_date()).at("date")?;
    read::text(log.get_request()).at("request")?;
    Ok(address)
}
