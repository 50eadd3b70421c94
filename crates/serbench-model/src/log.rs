//! The log dataset of rust_serialization_benchmark: HTTP access-log
//! records, many short strings beside a few integers.

use std::fmt;

use rand::Rng;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::rsb::{self, Stream};
use crate::text::{Lend, Text};

/// Access-log records, RSB's `Logs`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Logs<S = String> {
    /// The records, in the order they were drawn.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub logs: Vec<Log<S>>,
}

/// One access-log line, as a web server's common log format holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Log<S = String> {
    /// The client's IPv4 address.
    pub address: Address,
    /// The client's identity; always `-` in the generated records.
    pub identity: S,
    /// The authenticated user, or `-`.
    pub userid: S,
    /// When, as `day/Mon/year:h:m:s zone` (numbers not zero-padded).
    pub date: S,
    /// The request line: method, route and protocol.
    pub request: S,
    /// The HTTP status code.
    pub code: u16,
    /// The response's size in bytes.
    pub size: u64,
}

/// An IPv4 address, one byte per field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Address {
    /// The first byte.
    pub x0: u8,
    /// The second byte.
    pub x1: u8,
    /// The third byte.
    pub x2: u8,
    /// The fourth byte.
    pub x3: u8,
}

const USERIDS: [&str; 9] = [
    "-", "alice", "bob", "carmen", "david", "eric", "frank", "george", "harry",
];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const ZONES: [&str; 25] = [
    "-1200", "-1100", "-1000", "-0900", "-0800", "-0700", "-0600", "-0500", "-0400", "-0300",
    "-0200", "-0100", "+0000", "+0100", "+0200", "+0300", "+0400", "+0500", "+0600", "+0700",
    "+0800", "+0900", "+1000", "+1100", "+1200",
];
const CODES: [u16; 63] = [
    100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304,
    305, 306, 307, 308, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414,
    415, 416, 417, 418, 421, 422, 423, 424, 425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504,
    505, 506, 507, 508, 510, 511,
];
const METHODS: [&str; 5] = ["GET", "POST", "PUT", "UPDATE", "DELETE"];
const ROUTES: [&str; 7] = [
    "/favicon.ico",
    "/css/index.css",
    "/css/font-awsome.min.css",
    "/img/logo-full.svg",
    "/img/splash.jpg",
    "/api/login",
    "/api/logout",
];
const PROTOCOLS: [&str; 4] = ["HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/3"];

impl Logs {
    /// RSB's log dataset at `count` records (RSB benches 10 000): drawn
    /// from [`rsb::STATE`] and [`rsb::STREAM`] as RSB draws it, so equal
    /// to RSB's value field for field.
    #[must_use]
    pub fn generate(count: usize) -> Self {
        Self {
            logs: rsb::generate(count, Log::generate),
        }
    }
}

impl Log {
    fn generate(rng: &mut Stream) -> Self {
        // RSB draws the date's and the request's parts before the address,
        // and the date's numbers as `i32` (one 32-bit word each, unless a
        // draw is rejected), the table indices as `usize` (64 bits).
        let day = rng.gen_range(1..=28_i32);
        let month = MONTHS[rng.gen_range(0..MONTHS.len())];
        let year = rng.gen_range(1970..=2021_i32);
        let hour = rng.gen_range(0..24_i32);
        let minute = rng.gen_range(0..60_i32);
        let second = rng.gen_range(0..60_i32);
        let zone = ZONES[rng.gen_range(0..ZONES.len())];
        let date = format!("{day}/{month}/{year}:{hour}:{minute}:{second} {zone}");
        let method = METHODS[rng.gen_range(0..METHODS.len())];
        let route = ROUTES[rng.gen_range(0..ROUTES.len())];
        let protocol = PROTOCOLS[rng.gen_range(0..PROTOCOLS.len())];
        let request = format!("{method} {route} {protocol}");
        let address = Address {
            x0: rng.gen_range(0..=u8::MAX),
            x1: rng.gen_range(0..=u8::MAX),
            x2: rng.gen_range(0..=u8::MAX),
            x3: rng.gen_range(0..=u8::MAX),
        };
        let userid = USERIDS[rng.gen_range(0..USERIDS.len())].to_owned();
        let code = CODES[rng.gen_range(0..CODES.len())];
        let size = rng.gen_range(0..100_000_000_u64);
        Self {
            address,
            identity: "-".to_owned(),
            userid,
            date,
            request,
            code,
            size,
        }
    }
}

impl Address {
    /// The address as one big-endian number (`1.2.3.4` is `0x0102_0304`).
    #[must_use]
    pub fn to_u32(self) -> u32 {
        u32::from_be_bytes([self.x0, self.x1, self.x2, self.x3])
    }
}

/// The log traverse answer: what RSB's access benches read of each record
/// (its address, code and size), summed (wrapping, so that no value, however
/// made, can overflow the answer; generated ones stay far below).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogAnswer {
    /// Records.
    pub logs: u64,
    /// The addresses as big-endian `u32`s ([`Address::to_u32`]), summed.
    pub address_sum: u64,
    /// The status codes, summed.
    pub code_sum: u64,
    /// The sizes, summed.
    pub size_sum: u64,
}

impl fmt::Display for LogAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JsonObject::new(f)?
            .raw("logs", self.logs)?
            .raw("address_sum", self.address_sum)?
            .raw("code_sum", self.code_sum)?
            .raw("size_sum", self.size_sum)?
            .end()
    }
}

impl Lend for Logs {
    type Lent<'a> = Logs<Text<'a>>;

    fn lend(&self) -> Logs<Text<'_>> {
        Logs {
            logs: self.logs.lend(),
        }
    }
}

impl Lend for Log {
    type Lent<'a> = Log<Text<'a>>;

    fn lend(&self) -> Log<Text<'_>> {
        Log {
            address: self.address,
            identity: self.identity.lend(),
            userid: self.userid.lend(),
            date: self.date.lend(),
            request: self.request.lend(),
            code: self.code,
            size: self.size,
        }
    }
}

impl Dataset for Logs {
    type Borrowed<'a> = Logs<Text<'a>>;

    fn lend(&self) -> Logs<Text<'_>> {
        Lend::lend(self)
    }

    const NAME: &'static str = "log";
    const ABOUT: &'static str = "rust_serialization_benchmark's HTTP access-log records";
    const SIZE_UNIT: &'static str = "records";
    /// RSB's count.
    const DEFAULT_SIZE: usize = 10_000;
    /// A tenth, a prefix of the full dataset.
    const QUICK_SIZE: usize = 1_000;
    const DUMP_SIZE: usize = 10;
    /// The quick size: the benchmarks verify the full one.
    const TEST_SIZE: usize = Self::QUICK_SIZE;
    const DAMAGED_SIZE: usize = 3;
    type Answer = LogAnswer;

    fn workload(size: usize) -> Vec<Self> {
        vec![Self::generate(size)]
    }

    fn traverse(&self) -> LogAnswer {
        self.logs
            .iter()
            .fold(LogAnswer::default(), |answer, log| LogAnswer {
                logs: answer.logs + 1,
                address_sum: answer
                    .address_sum
                    .wrapping_add(u64::from(log.address.to_u32())),
                code_sum: answer.code_sum.wrapping_add(u64::from(log.code)),
                size_sum: answer.size_sum.wrapping_add(log.size),
            })
    }
}
