//! Floating-point numbers as XML Schema writes them: `xs:double` for an
//! `f64`, `xs:float` for an `f32`, each in the shortest form that reads
//! back to the same bits, and the `xs:list`s of them that hold a vector.

use std::fmt;

use serbench_model::Error;
use serbench_model::excerpt::shown;
use serbench_model::forms;

use crate::write::Output;

/// The one NaN `xs:float` writes: the canonical quiet NaN of `f32`, which
/// widens to [`forms::CANONICAL_NAN_BITS`].
const CANONICAL_NAN_BITS_32: u32 = 0x7fc0_0000;

/// An `f64` in `xs:double`'s lexical form, the shortest that reads back to
/// the same bits: `21.5`, `-0`, `1e300`, `5e-324`, `NaN`, `INF`, `-INF`.
pub(crate) struct XsDouble(pub(crate) f64);

/// An `f32` in `xs:float`'s lexical form, the shortest that reads back to
/// the same bits, by the same rules as [`XsDouble`].
pub(crate) struct XsFloat(pub(crate) f32);

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

impl fmt::Display for XsFloat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        if value.is_nan() {
            f.write_str("NaN")
        } else if value.is_infinite() {
            f.write_str(if value > 0.0 { "INF" } else { "-INF" })
        } else if value == 0.0 || (1e-5..1e16).contains(&value.abs()) {
            write!(f, "{value}")
        } else {
            write!(f, "{value:e}")
        }
    }
}

/// `value`, unless it is a NaN other than the canonical one, which XML
/// cannot write: `xs:double` has one `NaN`.
pub(crate) fn double(
    out: &Output<'_>,
    value: f64,
    path: impl FnOnce() -> String,
) -> Result<XsDouble, Error> {
    if value.is_nan() && value.to_bits() != forms::CANONICAL_NAN_BITS {
        return Err(out
            .unsupported(format!(
                "a NaN with bits {:#018x}, where XML writes only the canonical NaN \
                 ({:#018x}) as `NaN`",
                value.to_bits(),
                forms::CANONICAL_NAN_BITS
            ))
            .at_path(path()));
    }
    Ok(XsDouble(value))
}

/// `value`, unless it is a NaN other than the canonical one, which XML
/// cannot write: `xs:float` has one `NaN`.
pub(crate) fn float(
    out: &Output<'_>,
    value: f32,
    path: impl FnOnce() -> String,
) -> Result<XsFloat, Error> {
    if value.is_nan() && value.to_bits() != CANONICAL_NAN_BITS_32 {
        return Err(out
            .unsupported(format!(
                "a NaN with bits {:#010x}, where XML writes only the canonical NaN \
                 ({CANONICAL_NAN_BITS_32:#010x}) as `NaN`",
                value.to_bits(),
            ))
            .at_path(path()));
    }
    Ok(XsFloat(value))
}

/// Whether `text` has only the characters of a decimal number: Rust's
/// own spellings (`inf`, `nan`, `infinity`) are not XML's.
fn numeric(text: &str) -> bool {
    text.bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
}

/// Reads an `xs:double`: `NaN`, `INF`, `+INF`, `-INF` or a decimal number
/// with an optional exponent.
pub(crate) fn parse_double(text: &str) -> Result<f64, String> {
    match text {
        "NaN" => return Ok(f64::from_bits(forms::CANONICAL_NAN_BITS)),
        "INF" | "+INF" => return Ok(f64::INFINITY),
        "-INF" => return Ok(f64::NEG_INFINITY),
        _ => {}
    }
    match text.parse() {
        Ok(value) if numeric(text) => Ok(value),
        _ => Err(format!("{} is not an xs:double", shown(text))),
    }
}

/// Reads an `xs:float`, as [`parse_double`] an `xs:double`; the decimal
/// is rounded to the nearest `f32`, as XML Schema says.
pub(crate) fn parse_float(text: &str) -> Result<f32, String> {
    match text {
        "NaN" => return Ok(f32::from_bits(CANONICAL_NAN_BITS_32)),
        "INF" | "+INF" => return Ok(f32::INFINITY),
        "-INF" => return Ok(f32::NEG_INFINITY),
        _ => {}
    }
    match text.parse() {
        Ok(value) if numeric(text) => Ok(value),
        _ => Err(format!("{} is not an xs:float", shown(text))),
    }
}

/// An `xs:list` of exactly `N` items, each read by `parse`: a vector's
/// coordinates, a UUID's words. Attribute normalization has already made
/// every whitespace a space.
pub(crate) fn items<T, const N: usize>(
    text: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<[T; N], String> {
    let mut items = text.split(' ').filter(|item| !item.is_empty());
    let mut values = Vec::with_capacity(N);
    for item in items.by_ref().take(N) {
        values.push(parse(item)?);
    }
    let found = values.len() + items.count();
    values
        .try_into()
        .ok()
        .filter(|_| found == N)
        .ok_or_else(|| format!("{} is a list of {found} items, not {N}", shown(text)))
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
    fn floats_are_short_and_exact() {
        for (value, text) in [
            (0.1_f32, "0.1"),
            (-0.0, "-0"),
            (0.333_333_34, "0.33333334"),
            (f32::MAX, "3.4028235e38"),
            (f32::from_bits(1), "1e-45"),
            (f32::INFINITY, "INF"),
            (f32::NAN, "NaN"),
        ] {
            let written = XsFloat(value).to_string();
            assert_eq!(written, text);
            assert_eq!(
                parse_float(&written).unwrap().to_bits(),
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
            assert!(parse_float(text).is_err(), "{text:?}");
        }
        assert_eq!(parse_double("+1.5E3"), Ok(1500.0));
        assert_eq!(parse_double(".5"), Ok(0.5));
    }

    #[test]
    fn lists_have_their_length() {
        assert_eq!(items::<f32, 3>("1 2 3", parse_float), Ok([1.0, 2.0, 3.0]));
        assert!(items::<f32, 3>("1 2", parse_float).is_err());
        assert!(items::<f32, 3>("1 2 3 4", parse_float).is_err());
        assert!(items::<f32, 3>("1 x 3", parse_float).is_err());
    }
}
