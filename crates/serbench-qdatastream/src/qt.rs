//! Qt's value types as Qt 6 streams them: `QUuid`, `QColor`, `QDateTime`
//! and `QVersionNumber`.

use serbench_model::__private::forms;
use serbench_model::{Color, ErrorKind, OffsetDateTime, Uuid, Version};

use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// Bytes a `QUuid` takes.
pub(crate) const UUID_BYTES: usize = 16;
/// Bytes a `QColor` takes: spec, then five 16-bit values.
pub(crate) const COLOR_BYTES: usize = 11;
/// The fewest bytes a `QDateTime` takes: date, time and spec (UTC).
pub(crate) const MIN_DATE_TIME_BYTES: usize = 13;

/// `QColor::Rgb`, the spec of every color the model holds.
const SPEC_RGB: i8 = 1;

/// `Qt::UTC` and `Qt::OffsetFromUTC`, the time specs a fixed offset needs.
const SPEC_UTC: i8 = 1;
const SPEC_OFFSET: i8 = 2;
/// `Qt::LocalTime` and `Qt::TimeZone`, which Qt writes but which name no
/// fixed offset.
const SPEC_LOCAL: i8 = 0;
const SPEC_ZONE: i8 = 3;
/// serbench's extension: set on the spec byte when a quint32 of
/// nanoseconds within the millisecond follows. Qt knows no such spec.
const SUB_MILLISECOND: i8 = 0x40;

/// The Julian day of 1970-01-01, Qt's `QDate::fromJulianDay` numbering.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;
const SECONDS_PER_DAY: i64 = 86_400;
const MS_PER_DAY: u32 = 86_400_000;
const NANOS_PER_MS: u32 = 1_000_000;

/// A `QUuid` in big-endian order: RFC 4122's 16 bytes.
pub(crate) fn write_uuid(w: &mut Writer<'_>, id: &Uuid) {
    w.bytes(id.as_bytes());
}

pub(crate) fn read_uuid(r: &mut Reader<'_>, what: &str) -> Result<Uuid, Fault> {
    Ok(Uuid::from_bytes(r.bytes16(what)?))
}

/// A `QColor` of spec `Rgb`: alpha, red, green, blue as 16-bit values
/// (an 8-bit value `v` is `v * 0x101`, as `QColor::fromRgb` stores it),
/// then a zero pad.
pub(crate) fn write_color(w: &mut Writer<'_>, color: Color) {
    w.i8(SPEC_RGB);
    for channel in [color.a, color.r, color.g, color.b] {
        w.u16(u16::from(channel) * 0x101);
    }
    w.u16(0);
}

/// Read in one piece: the common case, a valid 8-bit color, is one
/// comparison per byte pair.
pub(crate) fn read_color(r: &mut Reader<'_>, what: &str) -> Result<Color, Fault> {
    let at = r.pos();
    let bytes: [u8; COLOR_BYTES] = r.array(what)?;
    let spec = i8::from_be_bytes([bytes[0]]);
    if spec != SPEC_RGB {
        return Err(Reader::fault(
            at,
            ErrorKind::Invalid,
            format!("{what} has color spec {spec}; only Rgb (1) holds an 8-bit RGBA color"),
        ));
    }
    // alpha, red, green, blue: each 16-bit value is an 8-bit one twice.
    for channel in 0..4 {
        let [high, low] = [bytes[1 + 2 * channel], bytes[2 + 2 * channel]];
        if high != low {
            return Err(Reader::fault(
                at + 1 + 2 * channel,
                ErrorKind::Invalid,
                format!(
                    "{what} has the 16-bit channel {:#06x}, not an 8-bit value",
                    u16::from_be_bytes([high, low])
                ),
            ));
        }
    }
    let pad = u16::from_be_bytes([bytes[9], bytes[10]]);
    if pad != 0 {
        return Err(Reader::fault(
            at + 9,
            ErrorKind::Invalid,
            format!("{what} has the pad {pad:#06x}; an Rgb color's is 0"),
        ));
    }
    Ok(Color {
        a: bytes[1],
        r: bytes[3],
        g: bytes[5],
        b: bytes[7],
    })
}

/// A `QDateTime` at stream version Qt_5_2 and later: the Julian day
/// (`qint64`) and milliseconds since midnight (`quint32`) of the local date
/// and time, the time spec (`qint8`: UTC for offset 0, else OffsetFromUTC
/// followed by the offset in seconds as `qint32`). Nanoseconds below the
/// millisecond, which `QDateTime` cannot hold, set [`SUB_MILLISECOND`] on
/// the spec and follow as a `quint32`.
pub(crate) fn write_date_time(w: &mut Writer<'_>, time: &OffsetDateTime) {
    let (seconds, nanos, offset) = forms::timestamp_parts(time);
    let local = seconds + i64::from(offset);
    let day = local.div_euclid(SECONDS_PER_DAY);
    let second_of_day = local.rem_euclid(SECONDS_PER_DAY) as u32;
    w.i64(day + UNIX_EPOCH_JULIAN_DAY);
    w.u32(second_of_day * 1000 + nanos / NANOS_PER_MS);
    let below_ms = nanos % NANOS_PER_MS;
    let extension = if below_ms == 0 { 0 } else { SUB_MILLISECOND };
    if offset == 0 {
        w.i8(SPEC_UTC | extension);
    } else {
        w.i8(SPEC_OFFSET | extension);
        w.i32(offset);
    }
    if below_ms != 0 {
        w.u32(below_ms);
    }
}

pub(crate) fn read_date_time(r: &mut Reader<'_>, what: &str) -> Result<OffsetDateTime, Fault> {
    let at = r.pos();
    // Date, time and spec in one piece; an offset or extension follows.
    let bytes: [u8; MIN_DATE_TIME_BYTES] = r.array(what)?;
    let mut julian_day = [0; 8];
    julian_day.copy_from_slice(&bytes[..8]);
    let julian_day = i64::from_be_bytes(julian_day);
    let ms = u32::from_be_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    let spec = i8::from_be_bytes([bytes[12]]);
    if ms >= MS_PER_DAY {
        return Err(Reader::fault(
            at + 8,
            ErrorKind::Invalid,
            format!("{what} has {ms} milliseconds since midnight; a day has {MS_PER_DAY}"),
        ));
    }
    let offset = match spec & !SUB_MILLISECOND {
        SPEC_UTC => 0,
        SPEC_OFFSET => r.i32(what)?,
        _ => return Err(spec_fault(at + 12, spec, what)),
    };
    let below_ms = if spec & SUB_MILLISECOND == 0 {
        0
    } else {
        let at = r.pos();
        let below_ms = r.u32(what)?;
        if !(1..NANOS_PER_MS).contains(&below_ms) {
            return Err(Reader::fault(
                at,
                ErrorKind::Invalid,
                format!("{what} has {below_ms} nanoseconds below the millisecond, not 1 to 999999"),
            ));
        }
        below_ms
    };
    let seconds = julian_day
        .checked_sub(UNIX_EPOCH_JULIAN_DAY)
        .and_then(|day| day.checked_mul(SECONDS_PER_DAY))
        .and_then(|local| local.checked_add(i64::from(ms / 1000)))
        .and_then(|local| local.checked_sub(i64::from(offset)))
        .ok_or_else(|| {
            Reader::fault(
                at,
                ErrorKind::Invalid,
                format!("{what} has the Julian day {julian_day}, out of range"),
            )
        })?;
    let nanos = ms % 1000 * NANOS_PER_MS + below_ms;
    forms::timestamp_from_parts(seconds, nanos, offset).map_err(|error| {
        Reader::fault(
            at,
            ErrorKind::Invalid,
            format!("{what} is out of range: {error}"),
        )
    })
}

/// Why a time spec the model cannot hold is refused.
fn spec_fault(at: usize, spec: i8, what: &str) -> Fault {
    let why = match spec {
        SPEC_LOCAL => "the local time spec (0), which names no UTC offset".to_owned(),
        SPEC_ZONE => "the time zone spec (3); the model holds fixed offsets only".to_owned(),
        _ => format!("the time spec {spec}, not UTC (1) or OffsetFromUTC (2)"),
    };
    Reader::fault(at, ErrorKind::Invalid, format!("{what} has {why}"))
}

/// A `QVersionNumber`: its segments as a `QList<int>`. The model's
/// segments are `u32`; each is written as the same 32 bits, so a segment
/// above `i32::MAX` reads in Qt as a negative `int`.
pub(crate) fn write_version(w: &mut Writer<'_>, version: &Version) -> Result<(), Unsupported> {
    w.u32_list(&version.segments, "the version")
}

pub(crate) fn read_version(r: &mut Reader<'_>) -> Result<Version, Fault> {
    Ok(Version {
        segments: r.u32_list("the version's segment list")?,
    })
}
