//! log: `schemas/log.fbs`, RSB's shape, built in RSB's order (strings
//! first, then each field in schema order).

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::log::{Address, Log, LogAnswer};
use serbench_model::{Error, Logs};

use crate::bound;
use crate::generated::log::serbench as fb;
use crate::private::Schema;

/// A log table and its slot in the logs vector: address, four strings,
/// code, size.
const LOG: usize = bound::table(7, 4 + 4 * 4 + 2 + 8) + 4;

impl Schema for Logs {
    type Root<'a> = fb::Logs<'a>;

    fn size_bound(&self) -> usize {
        let logs: usize = self
            .logs
            .iter()
            .map(|log| {
                LOG + bound::string(log.identity.len())
                    + bound::string(log.userid.len())
                    + bound::string(log.date.len())
                    + bound::string(log.request.len())
            })
            .sum();
        bound::FRAME + bound::table(1, 4) + bound::vector(self.logs.len(), 4) + logs
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::Logs<'b>> {
        let logs: Vec<_> = self
            .logs
            .iter()
            .map(|log| {
                let identity = builder.create_string(&log.identity);
                let userid = builder.create_string(&log.userid);
                let date = builder.create_string(&log.date);
                let request = builder.create_string(&log.request);
                let address = &log.address;
                let address = fb::Address::new(address.x0, address.x1, address.x2, address.x3);
                let mut table = fb::LogBuilder::new(builder);
                table.add_address(&address);
                table.add_identity(identity);
                table.add_userid(userid);
                table.add_date(date);
                table.add_request(request);
                table.add_code(log.code);
                table.add_size(log.size);
                table.finish()
            })
            .collect();
        let logs = builder.create_vector(&logs);
        let mut table = fb::LogsBuilder::new(builder);
        table.add_logs(logs);
        table.finish()
    }

    fn read(root: fb::Logs<'_>) -> Result<Self, Error> {
        Ok(Logs {
            logs: root
                .logs()
                .iter()
                .map(|log| Log {
                    address: address(*log.address()),
                    identity: log.identity().to_owned(),
                    userid: log.userid().to_owned(),
                    date: log.date().to_owned(),
                    request: log.request().to_owned(),
                    code: log.code(),
                    size: log.size(),
                })
                .collect(),
        })
    }

    fn answer(root: fb::Logs<'_>) -> Result<LogAnswer, Error> {
        // The verifier checked every string; nothing else has a range.
        Ok(root
            .logs()
            .iter()
            .fold(LogAnswer::default(), |answer, log| LogAnswer {
                logs: answer.logs + 1,
                address_sum: answer
                    .address_sum
                    .wrapping_add(u64::from(address(*log.address()).to_u32())),
                code_sum: answer.code_sum.wrapping_add(u64::from(log.code())),
                size_sum: answer.size_sum.wrapping_add(log.size()),
            }))
    }
}

fn address(address: fb::Address) -> Address {
    Address {
        x0: address.x0(),
        x1: address.x1(),
        x2: address.x2(),
        x3: address.x3(),
    }
}
