//! The access-log records as a Qt program would stream them: a `QList` of
//! records, each the address's four `quint8`s, the identity, userid, date
//! and request as `QString`s, the code as a `quint16` and the size as a
//! `quint64`.

use serbench_model::Logs;
use serbench_model::log::{Address, Log};

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// The address, four empty strings, the code and the size.
const MIN_LOG: usize = 4 + 4 * 4 + 2 + 8;

impl Stream for Logs {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.list(&self.logs, "the logs", |w, log| {
            let Address { x0, x1, x2, x3 } = log.address;
            w.bytes(&[x0, x1, x2, x3]);
            w.string(&log.identity, "a log's identity")?;
            w.string(&log.userid, "a log's userid")?;
            w.string(&log.date, "a log's date")?;
            w.string(&log.request, "a log's request")?;
            w.u16(log.code);
            w.u64(log.size);
            Ok(())
        })
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let logs = r.list("the log list", MIN_LOG, |r| {
            let [x0, x1, x2, x3] = r.array("a log's address")?;
            Ok(Log {
                address: Address { x0, x1, x2, x3 },
                identity: r.string("a log's identity")?,
                userid: r.string("a log's userid")?,
                date: r.string("a log's date")?,
                request: r.string("a log's request")?,
                code: r.u16("a log's code")?,
                size: r.u64("a log's size")?,
            })
        })?;
        Ok(Logs { logs })
    }
}
