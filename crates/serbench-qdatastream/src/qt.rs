//! Qt's value types as Qt 6 streams them: `QUuid`, `QColor` and
//! `QVersionNumber` (`QDateTime` has a module of its own).

use serbench_model::{Color, ErrorKind, Uuid, Version};

use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

/// Bytes a `QUuid` takes.
pub(crate) const UUID_BYTES: usize = 16;
/// Bytes a `QColor` takes: spec, then five 16-bit values.
pub(crate) const COLOR_BYTES: usize = 11;

/// `QColor::Rgb`, the spec of every color the model holds.
const SPEC_RGB: i8 = 1;

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
    let Color { a, r, g, b } = color;
    let [spec] = SPEC_RGB.to_be_bytes();
    w.bytes(&[spec, a, a, r, r, g, g, b, b, 0, 0]);
}

/// Read in one piece and checked with a few word operations: every
/// 16-bit channel must be an 8-bit value twice, the spec `Rgb` and the pad
/// 0. What is wrong, if anything, is found again on the cold path.
pub(crate) fn read_color(r: &mut Reader<'_>, what: &str) -> Result<Color, Fault> {
    let at = r.pos();
    let bytes: [u8; COLOR_BYTES] = r.array(what)?;
    let [
        spec,
        a,
        a_low,
        red,
        r_low,
        green,
        g_low,
        blue,
        b_low,
        pad_high,
        pad_low,
    ] = bytes;
    let channels = u64::from_be_bytes([a, a_low, red, r_low, green, g_low, blue, b_low]);
    let doubled = (channels ^ (channels >> 8)) & 0x00FF_00FF_00FF_00FF == 0;
    if spec.cast_signed() != SPEC_RGB || !doubled || pad_high | pad_low != 0 {
        return Err(color_fault(at, bytes, what));
    }
    Ok(Color {
        a,
        r: red,
        g: green,
        b: blue,
    })
}

/// What is wrong with a color [`read_color`] refused, which started at
/// `at`: the first of its spec, its channels and its pad.
#[cold]
fn color_fault(at: usize, bytes: [u8; COLOR_BYTES], what: &str) -> Fault {
    let spec = bytes[0].cast_signed();
    if spec != SPEC_RGB {
        return Reader::fault(
            at,
            ErrorKind::Invalid,
            format!("{what} has color spec {spec}; only Rgb (1) holds an 8-bit RGBA color"),
        );
    }
    // alpha, red, green, blue: each 16-bit value is an 8-bit one twice.
    for channel in 0..4 {
        let [high, low] = [bytes[1 + 2 * channel], bytes[2 + 2 * channel]];
        if high != low {
            return Reader::fault(
                at + 1 + 2 * channel,
                ErrorKind::Invalid,
                format!(
                    "{what} has the 16-bit channel {:#06x}, not an 8-bit value",
                    u16::from_be_bytes([high, low])
                ),
            );
        }
    }
    let pad = u16::from_be_bytes([bytes[9], bytes[10]]);
    Reader::fault(
        at + 9,
        ErrorKind::Invalid,
        format!("{what} has the pad {pad:#06x}; an Rgb color's is 0"),
    )
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
