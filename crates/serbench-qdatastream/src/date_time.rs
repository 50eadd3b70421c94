//! `QDateTime` as Qt 6 streams it, and serbench's extension for the
//! nanoseconds it cannot hold.
//!
//! Reading is the costliest part of a task: turning a Julian day into a
//! calendar date takes more work than the rest of the task's fields
//! together. [`DateTimes`] remembers the last date it built, so that a time
//! on the same local day at the same offset, the common case when times
//! cluster, only changes the clock.

use serbench_model::forms;
use serbench_model::{ErrorKind, OffsetDateTime};
use time::Time;

use crate::error::Fault;
use crate::read::Reader;
use crate::write::Writer;

/// The fewest bytes a `QDateTime` takes: date, time and spec (UTC).
pub(crate) const MIN_DATE_TIME_BYTES: usize = 13;

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

/// A `QDateTime` at stream version Qt_5_2 and later: the Julian day
/// (`qint64`) and milliseconds since midnight (`quint32`) of the local date
/// and time, the time spec (`qint8`: UTC for offset 0, else OffsetFromUTC
/// followed by the offset in seconds as `qint32`). Nanoseconds below the
/// millisecond, which `QDateTime` cannot hold, set [`SUB_MILLISECOND`] on
/// the spec and follow as a `quint32`.
pub(crate) fn write_date_time(w: &mut Writer<'_>, time: &OffsetDateTime) {
    // `OffsetDateTime` holds the local date and clock that Qt writes, so
    // they are read off, not worked out from the Unix time.
    let (hour, minute, second, nanos) = time.to_hms_nano();
    let second_of_day = (u32::from(hour) * 60 + u32::from(minute)) * 60 + u32::from(second);
    let offset = time.offset().whole_seconds();
    w.i64(i64::from(time.to_julian_day()));
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

/// Reads `QDateTime`s, remembering the last one built.
///
/// Spec `OffsetFromUTC` with offset 0, which [`write_date_time`] never
/// writes, is read as UTC, as Qt reads it: Qt's `operator>>` builds
/// `QDateTime(date, time, Qt::OffsetFromUTC, 0)`, which is UTC, and the
/// model holds a zero offset one way only. It is a second encoding of the
/// value, like a null `QString` for an empty one, not a different value.
#[derive(Default)]
pub(crate) struct DateTimes {
    /// The last time built from the calendar, with its Julian day and
    /// offset.
    last: Option<(i64, i32, OffsetDateTime)>,
}

impl DateTimes {
    /// A `QDateTime` as [`write_date_time`] writes it; `what` names it in
    /// errors.
    pub(crate) fn read(&mut self, r: &mut Reader<'_>, what: &str) -> Result<OffsetDateTime, Fault> {
        let at = r.pos();
        // Date, time and spec checked for in one piece (the three reads'
        // own checks then fold away); an offset or extension follows.
        r.ensure(MIN_DATE_TIME_BYTES, what)?;
        let julian_day = r.i64(what)?;
        let ms = r.u32(what)?;
        let spec = r.i8(what)?;
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
            read_below_ms(r, what)?
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
        let out_of_range = |error| {
            Reader::fault(
                at,
                ErrorKind::Invalid,
                format!("{what} is out of range: {error}"),
            )
        };
        // The model's own check, which building the time repeats: once it
        // passes, any clock on a day already built at this offset is a
        // time the model holds.
        forms::check_timestamp_parts(seconds, nanos, offset).map_err(out_of_range)?;
        if let Some((day, last_offset, last)) = self.last
            && day == julian_day
            && last_offset == offset
            && let Some(time) = same_day(last, ms, nanos)
        {
            return Ok(time);
        }
        let time = forms::timestamp_from_parts(seconds, nanos, offset).map_err(out_of_range)?;
        self.last = Some((julian_day, offset, time));
        Ok(time)
    }
}

/// `day` with its clock set to `ms` since midnight and `nanos` within the
/// second; `None` if `time` refuses (it cannot, for a time the model's
/// check has passed).
fn same_day(day: OffsetDateTime, ms: u32, nanos: u32) -> Option<OffsetDateTime> {
    let second = ms / 1000;
    let hour = (second / 3600) as u8;
    let minute = (second / 60 % 60) as u8;
    let clock = Time::from_hms_nano(hour, minute, (second % 60) as u8, nanos).ok()?;
    Some(day.replace_time(clock))
}

/// serbench's extension: the nanoseconds below the millisecond, 1 to
/// 999 999.
fn read_below_ms(r: &mut Reader<'_>, what: &str) -> Result<u32, Fault> {
    let at = r.pos();
    let below_ms = r.u32(what)?;
    if !(1..NANOS_PER_MS).contains(&below_ms) {
        return Err(Reader::fault(
            at,
            ErrorKind::Invalid,
            format!("{what} has {below_ms} nanoseconds below the millisecond, not 1 to 999999"),
        ));
    }
    Ok(below_ms)
}

/// Why a time spec the model cannot hold is refused.
#[cold]
fn spec_fault(at: usize, spec: i8, what: &str) -> Fault {
    let why = match spec {
        SPEC_LOCAL => "the local time spec (0), which names no UTC offset".to_owned(),
        SPEC_ZONE => "the time zone spec (3); the model holds fixed offsets only".to_owned(),
        _ => format!("the time spec {spec}, not UTC (1) or OffsetFromUTC (2)"),
    };
    Reader::fault(at, ErrorKind::Invalid, format!("{what} has {why}"))
}
