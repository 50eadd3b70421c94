//! Log: `<logs>` holding a `<log>` per record, every field an attribute,
//! the address in its dotted form.

use std::fmt;

use serbench_model::excerpt::shown;
use serbench_model::log::{Address, Log};
use serbench_model::{Error, Logs, Str};

use crate::read::Input;
use crate::write::{Output, Tag};

pub(crate) fn encode(logs: &Logs, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<Logs>(out);
    out.declaration()?;
    if !out.open(&Tag::new("logs"), !logs.logs.is_empty())? {
        return Ok(());
    }
    let mut tag = Tag::new("log");
    for (index, log) in logs.logs.iter().enumerate() {
        out.number(tag.clear(), "address", Dotted(log.address));
        for (key, value) in [
            ("identity", &log.identity),
            ("userid", &log.userid),
            ("date", &log.date),
            ("request", &log.request),
        ] {
            tag.text(key, out.check(value, || format!("logs[{index}].{key}"))?);
        }
        out.number(&mut tag, "code", log.code);
        out.number(&mut tag, "size", log.size);
        out.empty(&tag)?;
    }
    out.end("logs")
}

/// An IPv4 address in its dotted form: `192.168.0.1`.
struct Dotted(Address);

impl fmt::Display for Dotted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Address { x0, x1, x2, x3 } = self.0;
        write!(f, "{x0}.{x1}.{x2}.{x3}")
    }
}

/// An IPv4 address in its dotted form: four decimal bytes of one to
/// three digits, no sign.
fn parse_address(text: &str) -> Result<Address, String> {
    let byte = |part: &str| {
        (!part.is_empty() && part.len() <= 3 && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u8>().ok())
            .flatten()
    };
    let mut parts = text.split('.').map(byte);
    match (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) {
        (Some(Some(x0)), Some(Some(x1)), Some(Some(x2)), Some(Some(x3)), None) => {
            Ok(Address { x0, x1, x2, x3 })
        }
        _ => Err(format!("{} is not an IPv4 address", shown(text))),
    }
}

/// The logs `input` holds, their strings of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<Logs<S>, Error> {
    let root = input.root("logs")?;
    root.attributes([])?;
    let mut logs = Vec::new();
    while let Some(element) = input.child(&root)? {
        if element.name() != "log" {
            return Err(input.unexpected(&element, &root));
        }
        let mut attributes = element.attributes([
            "address", "identity", "userid", "date", "request", "code", "size",
        ])?;
        logs.push(Log {
            address: attributes.parse(0, parse_address)?,
            identity: attributes.string(1)?,
            userid: attributes.string(2)?,
            date: attributes.string(3)?,
            request: attributes.string(4)?,
            code: attributes.integer(5)?,
            size: attributes.integer(6)?,
        });
        input.close(&element)?;
    }
    input.finish()?;
    Ok(Logs { logs })
}
