//! Telemetry: one `<reading>` element, every field an attribute.

use std::fmt;

use serbench_model::excerpt::shown;
use serbench_model::forms;
use serbench_model::{Error, SensorReading};

use crate::read::Input;
use crate::write::{Output, Tag};
use serbench_model::Str;

/// The attribute names: the id, then the readings in field order.
const NAMES: [&str; 9] = [
    "sensor_id",
    SensorReading::READING_NAMES[0],
    SensorReading::READING_NAMES[1],
    SensorReading::READING_NAMES[2],
    SensorReading::READING_NAMES[3],
    SensorReading::READING_NAMES[4],
    SensorReading::READING_NAMES[5],
    SensorReading::READING_NAMES[6],
    SensorReading::READING_NAMES[7],
];

pub(crate) fn encode(reading: &SensorReading, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<SensorReading>(out);
    let mut tag = Tag::new("reading");
    tag.text(
        "sensor_id",
        out.check(&reading.sensor_id, || "sensor_id".to_owned())?,
    );
    for (name, value) in SensorReading::READING_NAMES
        .into_iter()
        .zip(reading.readings())
    {
        if value.is_nan() && value.to_bits() != forms::CANONICAL_NAN_BITS {
            return Err(out
                .unsupported(format!(
                    "a NaN with bits {:#018x}, where XML writes only the canonical NaN \
                     ({:#018x}) as `NaN`",
                    value.to_bits(),
                    forms::CANONICAL_NAN_BITS
                ))
                .at_path(name));
        }
        out.number(&mut tag, name, XsDouble(value));
    }
    out.empty(&tag)
}

/// An `f64` in `xs:double`'s lexical form, the shortest that reads back to
/// the same bits: `21.5`, `-0`, `1e300`, `5e-324`, `NaN`, `INF`, `-INF`.
struct XsDouble(f64);

impl fmt::Display for XsDouble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        if value.is_nan() {
            f.write_str("NaN")
        } else if value.is_infinite() {
            f.write_str(if value > 0.0 { "INF" } else { "-INF" })
        } else if value == 0.0 || (1e-5..1e16).contains(&value.abs()) {
            // Rust's float formatting is the shortest that round-trips;
            // plain digits in this range, so `21.5` rather than `2.15e1`.
            write!(f, "{value}")
        } else {
            // Plain digits would run to hundreds for 1e300 or 5e-324.
            write!(f, "{value:e}")
        }
    }
}

/// Reads an `xs:double`: `NaN`, `INF`, `+INF`, `-INF` or a decimal number
/// with an optional exponent. Rust's own spellings (`inf`, `nan`,
/// `infinity`) are not XML's and are refused.
fn parse_double(text: &str) -> Result<f64, String> {
    match text {
        "NaN" => return Ok(f64::from_bits(forms::CANONICAL_NAN_BITS)),
        "INF" | "+INF" => return Ok(f64::INFINITY),
        "-INF" => return Ok(f64::NEG_INFINITY),
        _ => {}
    }
    let numeric = text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
    match text.parse() {
        Ok(value) if numeric => Ok(value),
        _ => Err(format!("{} is not an xs:double", shown(text))),
    }
}

/// The reading `input` holds, its sensor id of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<SensorReading<S>, Error> {
    let root = input.root("reading")?;
    let mut attributes = root.attributes(NAMES)?;
    let sensor_id = attributes.string(0)?;
    let mut values = [0.0; 8];
    for (index, value) in values.iter_mut().enumerate() {
        *value = attributes.parse(index + 1, parse_double)?;
    }
    input.close(&root)?;
    input.finish()?;
    Ok(SensorReading::from_readings(sensor_id, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_are_short_and_exact() {
        for (value, text) in [
            (21.5, "21.5"),
            (-0.0, "-0"),
            (0.0, "0"),
            (1e300, "1e300"),
            (f64::from_bits(1), "5e-324"),
            (0.1, "0.1"),
            (1e16, "1e16"),
            (123_456_789_012_345.67, "123456789012345.67"),
            (0.000_01, "0.00001"),
            (0.000_001, "1e-6"),
            (f64::INFINITY, "INF"),
            (f64::NEG_INFINITY, "-INF"),
            (f64::NAN, "NaN"),
        ] {
            let written = XsDouble(value).to_string();
            assert_eq!(written, text);
            assert_eq!(
                parse_double(&written).unwrap().to_bits(),
                value.to_bits(),
                "{text}"
            );
        }
    }

    #[test]
    fn refuses_rust_only_spellings() {
        for text in [
            "inf",
            "nan",
            "infinity",
            "-Infinity",
            "",
            " 1",
            "1 ",
            "0x10",
        ] {
            assert!(parse_double(text).is_err(), "{text:?}");
        }
        assert_eq!(parse_double("+1.5E3"), Ok(1500.0));
        assert_eq!(parse_double(".5"), Ok(0.5));
    }
}
