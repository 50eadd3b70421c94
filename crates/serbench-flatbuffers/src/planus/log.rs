//! log through planus: `schemas/log.fbs`.

use serbench_model::log::{Address, Log, LogAnswer};
use serbench_model::{Error, Logs};

use super::generated::log::serbench as pl;
use super::{Budget, Checked as _, PlanusSchema};

impl PlanusSchema for Logs {
    type Table = pl::Logs;
    type Ref<'a> = pl::LogsRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::Logs> {
        let logs: Vec<_> = self
            .logs
            .iter()
            .map(|log| {
                let identity = builder.create_string(log.identity.as_str());
                let userid = builder.create_string(log.userid.as_str());
                let date = builder.create_string(log.date.as_str());
                let request = builder.create_string(log.request.as_str());
                let Address { x0, x1, x2, x3 } = log.address;
                pl::Log::create(
                    builder,
                    pl::Address { x0, x1, x2, x3 },
                    identity,
                    userid,
                    date,
                    request,
                    log.code,
                    log.size,
                )
            })
            .collect();
        let logs = builder.create_vector(logs.as_slice());
        pl::Logs::create(builder, logs)
    }

    fn read(root: pl::LogsRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let mut logs = Vec::new();
        for log in budget.vector(root.logs(), 4)? {
            let log = budget.tabled(log)?;
            logs.push(Log {
                address: address(log.address())?,
                identity: budget.string(log.identity())?.to_owned(),
                userid: budget.string(log.userid())?.to_owned(),
                date: budget.string(log.date())?.to_owned(),
                request: budget.string(log.request())?.to_owned(),
                code: log.code().checked::<Self>()?,
                size: log.size().checked::<Self>()?,
            });
        }
        Ok(Logs { logs })
    }

    /// Checks everything [`read`](PlanusSchema::read) checks, in the same
    /// order, in place.
    fn answer(root: pl::LogsRef<'_>, budget: &mut Budget<Self>) -> Result<LogAnswer, Error> {
        let mut answer = LogAnswer::default();
        for log in budget.vector(root.logs(), 4)? {
            let log = budget.tabled(log)?;
            let address = address(log.address())?;
            budget.string(log.identity())?;
            budget.string(log.userid())?;
            budget.string(log.date())?;
            budget.string(log.request())?;
            let code = log.code().checked::<Self>()?;
            let size = log.size().checked::<Self>()?;
            answer.logs += 1;
            answer.address_sum = answer.address_sum.wrapping_add(u64::from(address.to_u32()));
            answer.code_sum = answer.code_sum.wrapping_add(u64::from(code));
            answer.size_sum = answer.size_sum.wrapping_add(size);
        }
        Ok(answer)
    }
}

fn address(read: planus::Result<pl::AddressRef<'_>>) -> Result<Address, Error> {
    let address = read.checked::<Logs>()?;
    Ok(Address {
        x0: address.x0(),
        x1: address.x1(),
        x2: address.x2(),
        x3: address.x3(),
    })
}
