//! The text forms of the model's leaf values, shared by the text formats.
//!
//! The Qt benchmark writes ids, colors, times and versions as text in JSON,
//! XML and CBOR; these functions write and read exactly those forms:
//!
//! | value | form | example |
//! |---|---|---|
//! | [`Uuid`] | lowercase, hyphenated, no braces | `3f2504e0-4f89-41d3-9a0c-0305e82c3301` |
//! | [`Color`] | `#rrggbb` when opaque, else Qt's `#aarrggbb` | `#ff0000`, `#80ff0000` |
//! | [`OffsetDateTime`] | RFC 3339 with 3, 6 or 9 fraction digits, as few as exact | `2025-11-03T09:00:00.000Z` |
//! | [`Version`] | segments joined by dots (its `Display` and `FromStr`) | `1.0.0` |
//!
//! Reading is as strict as writing, except that ids may also come braced or
//! unhyphenated (as `QUuid::toString` can write them) and hex digits and the
//! RFC 3339 separators may be either case.

use std::fmt;
use std::ops::{Deref, RangeInclusive};
use std::str::FromStr;

use time::format_description::well_known::Rfc3339;
use time::{Date, OffsetDateTime, UtcOffset};
use uuid::Uuid;

use crate::excerpt::shown;
use crate::{Color, Version};

/// A value with no text form, or a text that is not the form it should be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormError {
    message: String,
}

impl FormError {
    fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FormError {}

/// A short text form kept on the stack, so writing one allocates nothing.
#[derive(Clone, Copy)]
pub struct ShortText<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> ShortText<N> {
    fn new() -> Self {
        Self {
            bytes: [0; N],
            len: 0,
        }
    }

    fn push(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    fn push_digits(&mut self, value: u32, digits: u32) {
        for position in (0..digits).rev() {
            self.push(b'0' + (value / 10u32.pow(position) % 10) as u8);
        }
    }

    fn push_hex(&mut self, byte: u8) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        self.push(HEX[usize::from(byte >> 4)]);
        self.push(HEX[usize::from(byte & 0xf)]);
    }
}

impl<const N: usize> Deref for ShortText<N> {
    type Target = str;

    fn deref(&self) -> &str {
        // Only ASCII is ever pushed.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl<const N: usize> fmt::Display for ShortText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl<const N: usize> fmt::Debug for ShortText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// The text form of an id: 36 characters.
#[must_use]
pub fn uuid_text(id: &Uuid) -> ShortText<36> {
    let mut text = ShortText::new();
    id.hyphenated().encode_lower(&mut text.bytes);
    text.len = 36;
    text
}

/// Reads an id: hyphenated, braced, `urn:uuid:` or 32 hex digits.
pub fn parse_uuid(text: &str) -> Result<Uuid, FormError> {
    Uuid::try_parse(text)
        .map_err(|error| FormError::new(format!("invalid uuid {}: {error}", shown(text))))
}

/// The text form of a color: `#rrggbb` when opaque, else `#aarrggbb`.
#[must_use]
pub fn color_text(color: Color) -> ShortText<9> {
    let mut text = ShortText::new();
    text.push(b'#');
    if color.a != u8::MAX {
        text.push_hex(color.a);
    }
    text.push_hex(color.r);
    text.push_hex(color.g);
    text.push_hex(color.b);
    text
}

/// Reads `#rrggbb` (opaque) or `#aarrggbb`.
pub fn parse_color(text: &str) -> Result<Color, FormError> {
    let invalid = || {
        FormError::new(format!(
            "invalid color {}: expected #rrggbb or #aarrggbb",
            shown(text)
        ))
    };
    let hex = text.strip_prefix('#').ok_or_else(invalid)?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(invalid());
    }
    let value = u32::from_str_radix(hex, 16).map_err(|_| invalid())?;
    match hex.len() {
        6 => Ok(Color::from_argb(0xff00_0000 | value)),
        8 => Ok(Color::from_argb(value)),
        _ => Err(invalid()),
    }
}

/// The longest timestamp form: `-0000-00-00T00:00:00.000000000+00:00`.
const TIMESTAMP_MAX: usize = 36;

/// The RFC 3339 form of a timestamp with at least millisecond digits:
/// `2025-11-03T09:00:00.000Z`, `2025-11-03T09:00:00.123456789+05:30`.
///
/// Fails for what RFC 3339 cannot write: a year outside 0 to 9999, an offset
/// with seconds or of 24 hours or more.
pub fn timestamp_text(time: &OffsetDateTime) -> Result<ShortText<TIMESTAMP_MAX>, FormError> {
    let year = time.year();
    if !(0..=9999).contains(&year) {
        return Err(FormError::new(format!(
            "year {year} of timestamp {time} is outside RFC 3339's 0000 to 9999"
        )));
    }
    let offset = time.offset();
    if offset.seconds_past_minute() != 0 || offset.whole_hours().abs() > 23 {
        return Err(FormError::new(format!(
            "offset {offset} of timestamp {time} is not an RFC 3339 offset (whole minutes within ±23:59)"
        )));
    }
    let mut text = ShortText::new();
    text.push_digits(year.unsigned_abs(), 4);
    text.push(b'-');
    text.push_digits(u32::from(u8::from(time.month())), 2);
    text.push(b'-');
    text.push_digits(u32::from(time.day()), 2);
    text.push(b'T');
    text.push_digits(u32::from(time.hour()), 2);
    text.push(b':');
    text.push_digits(u32::from(time.minute()), 2);
    text.push(b':');
    text.push_digits(u32::from(time.second()), 2);
    text.push(b'.');
    let nanos = time.nanosecond();
    if nanos.is_multiple_of(1_000_000) {
        text.push_digits(nanos / 1_000_000, 3);
    } else if nanos.is_multiple_of(1_000) {
        text.push_digits(nanos / 1_000, 6);
    } else {
        text.push_digits(nanos, 9);
    }
    let minutes = offset.whole_minutes();
    if minutes == 0 {
        text.push(b'Z');
    } else {
        text.push(if minutes < 0 { b'-' } else { b'+' });
        let minutes = u32::from(minutes.unsigned_abs());
        text.push_digits(minutes / 60, 2);
        text.push(b':');
        text.push_digits(minutes % 60, 2);
    }
    Ok(text)
}

/// Reads an RFC 3339 timestamp, keeping its offset and all nine fraction
/// digits.
pub fn parse_timestamp(text: &str) -> Result<OffsetDateTime, FormError> {
    OffsetDateTime::parse(text, &Rfc3339).map_err(|error| {
        FormError::new(format!(
            "invalid RFC 3339 timestamp {}: {error}",
            shown(text)
        ))
    })
}

/// The text form of a version: `1.0.0`; the empty version is `""`.
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, segment) in self.segments.iter().enumerate() {
            if index > 0 {
                f.write_str(".")?;
            }
            write!(f, "{segment}")?;
        }
        Ok(())
    }
}

/// Reads a version: decimal segments joined by dots, or `""`.
impl FromStr for Version {
    type Err = FormError;

    fn from_str(text: &str) -> Result<Self, FormError> {
        if text.is_empty() {
            return Ok(Version::default());
        }
        let segments = text
            .split('.')
            .map(|segment| {
                if segment.is_empty() || !segment.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(FormError::new(format!(
                        "invalid version {}: segments are decimal numbers joined by dots",
                        shown(text)
                    )));
                }
                segment.parse::<u32>().map_err(|_| {
                    FormError::new(format!(
                        "invalid version {}: a segment is past {}",
                        shown(text),
                        u32::MAX
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Version { segments })
    }
}

/// Whether XML 1.0 can hold `c`: not a C0 control other than tab, line feed
/// and carriage return, and not U+FFFE or U+FFFF.
#[must_use]
pub const fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{fffd}' | '\u{10000}'..)
}

/// The canonical quiet NaN, the one NaN a text format writes as `NaN`.
pub const CANONICAL_NAN_BITS: u64 = 0x7ff8_0000_0000_0000;

/// A timestamp's parts as binary formats store them: seconds since the Unix
/// epoch, nanoseconds within the second, and the UTC offset in seconds.
#[must_use]
pub fn timestamp_parts(time: &OffsetDateTime) -> (i64, u32, i32) {
    (
        time.unix_timestamp(),
        time.nanosecond(),
        time.offset().whole_seconds(),
    )
}

/// Rebuilds a timestamp from [`timestamp_parts`], checking every range
/// with [`check_timestamp_parts`].
pub fn timestamp_from_parts(
    seconds: i64,
    nanos: u32,
    offset_seconds: i32,
) -> Result<OffsetDateTime, FormError> {
    check_timestamp_parts(seconds, nanos, offset_seconds)?;
    // One calendar conversion, of the local time, whose date and clock are
    // then labelled with the offset: converting the UTC time and then
    // moving it to the offset took twice as long, a tenth of a binary
    // decode of the task-manager. The check covers every range these
    // constructors test; should `time` ever disagree, the result is still
    // an error, never a panic.
    let local = seconds + i64::from(offset_seconds);
    OffsetDateTime::from_unix_timestamp(local)
        .ok()
        .and_then(|wall| wall.replace_nanosecond(nanos).ok())
        .zip(UtcOffset::from_whole_seconds(offset_seconds).ok())
        .map(|(wall, offset)| wall.replace_offset(offset))
        .ok_or_else(|| local_out_of_range(seconds, offset_seconds))
}

/// Checks timestamp parts as [`timestamp_from_parts`] does, with the same
/// errors, without building the timestamp: four integer comparisons, for
/// readers that answer questions straight from the bytes and must refuse
/// what a decode refuses.
#[inline]
pub fn check_timestamp_parts(
    seconds: i64,
    nanos: u32,
    offset_seconds: i32,
) -> Result<(), FormError> {
    // The local time at the offset must be a date `time` holds too.
    // Nanoseconds never carry into a second, so whole seconds decide it;
    // the sum cannot overflow once `seconds` is in range.
    let valid = nanos < 1_000_000_000
        && OFFSET_SECONDS.contains(&offset_seconds)
        && UNIX_SECONDS.contains(&seconds)
        && UNIX_SECONDS.contains(&(seconds + i64::from(offset_seconds)));
    if valid {
        Ok(())
    } else {
        Err(timestamp_error(seconds, nanos, offset_seconds))
    }
}

/// The seconds since the Unix epoch `time` represents, in UTC and in any
/// offset's local time: from the first second of [`Date::MIN`] to the last
/// of [`Date::MAX`].
const UNIX_SECONDS: RangeInclusive<i64> = Date::MIN.midnight().assume_utc().unix_timestamp()
    ..=Date::MAX.midnight().assume_utc().unix_timestamp() + 86_399;

/// The offsets [`UtcOffset`] holds, ±25:59:59, in seconds. (`time` has no
/// constant for them; the tests hold this one to its constructor.)
const OFFSET_SECONDS: RangeInclusive<i32> = -93_599..=93_599;

/// What is wrong with parts [`check_timestamp_parts`] refuses; apart from
/// the check, so the check stays small enough to inline.
#[cold]
fn timestamp_error(seconds: i64, nanos: u32, offset_seconds: i32) -> FormError {
    if nanos >= 1_000_000_000 {
        FormError::new(format!(
            "timestamp nanoseconds {nanos} are not below 1 000 000 000"
        ))
    } else if !OFFSET_SECONDS.contains(&offset_seconds) {
        FormError::new(format!("UTC offset of {offset_seconds} s is out of range"))
    } else if !UNIX_SECONDS.contains(&seconds) {
        FormError::new(format!(
            "timestamp of {seconds} s since 1970 is out of range"
        ))
    } else {
        local_out_of_range(seconds, offset_seconds)
    }
}

fn local_out_of_range(seconds: i64, offset_seconds: i32) -> FormError {
    FormError::new(format!(
        "timestamp of {seconds} s since 1970 at an offset of {offset_seconds} s is out of range"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parse error quotes at most a prefix of its text, however long,
    /// and a short text as `{:?}` writes it.
    #[test]
    fn errors_quote_a_prefix_of_the_text() {
        let huge = "\u{1}".repeat(1 << 24);
        let errors = [
            parse_uuid(&huge).map(drop),
            parse_color(&huge).map(drop),
            parse_timestamp(&huge).map(drop),
            huge.parse::<Version>().map(drop),
            "1".repeat(1 << 20).parse::<Version>().map(drop),
        ];
        for error in errors {
            let message = error.expect_err("a huge text is refused").to_string();
            assert!(message.len() <= 160, "{} bytes: {message}", message.len());
            assert!(message.contains(" bytes)"), "{message}");
        }
        let short = "1.x".parse::<Version>().expect_err("not a version");
        assert_eq!(
            short.to_string(),
            r#"invalid version "1.x": segments are decimal numbers joined by dots"#
        );
        let color = parse_color("red").expect_err("not a color");
        assert_eq!(
            color.to_string(),
            r#"invalid color "red": expected #rrggbb or #aarrggbb"#
        );
    }

    /// The check and `time`'s own constructors agree at and around every
    /// boundary.
    #[test]
    fn check_timestamp_parts_agrees_with_time() {
        let (first, last) = (*UNIX_SECONDS.start(), *UNIX_SECONDS.end());
        // ±25:59:59, the widest offset `time` holds.
        let most: i32 = 25 * 3_600 + 59 * 60 + 59;
        let wide = i64::from(most);
        let mut seconds = vec![i64::MIN, i64::MAX, -1, 0, 1];
        for edge in [first, last, first + wide, last - wide] {
            seconds.extend([edge - 1, edge, edge + 1]);
        }
        let offsets = [
            i32::MIN,
            -most - 1,
            -most,
            -1,
            0,
            1,
            most,
            most + 1,
            i32::MAX,
        ];
        for seconds in seconds {
            for offset_seconds in offsets {
                for nanos in [0, 999_999_999, 1_000_000_000, u32::MAX] {
                    let built = OffsetDateTime::from_unix_timestamp(seconds)
                        .ok()
                        .and_then(|utc| utc.replace_nanosecond(nanos).ok())
                        .zip(UtcOffset::from_whole_seconds(offset_seconds).ok())
                        .and_then(|(utc, offset)| utc.checked_to_offset(offset));
                    let checked = check_timestamp_parts(seconds, nanos, offset_seconds);
                    assert_eq!(
                        checked.is_ok(),
                        built.is_some(),
                        "{seconds} s, {nanos} ns, offset {offset_seconds} s: {checked:?}"
                    );
                    // `OffsetDateTime`'s `==` compares instants only.
                    let with_offset = |time: OffsetDateTime| (time, time.offset());
                    assert_eq!(
                        timestamp_from_parts(seconds, nanos, offset_seconds)
                            .ok()
                            .map(with_offset),
                        built.map(with_offset)
                    );
                }
            }
        }
    }
}
