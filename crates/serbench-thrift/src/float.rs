//! `f32`s as Thrift's `double`, the one floating-point type it has.
//!
//! Every `f32` is a `double` of the same value, so other Thrift programs
//! read the coordinates as numbers. A NaN needs care: converting with `as`
//! or `f64::from` may set the quiet bit of a signalling NaN, so its bits
//! are moved by hand: the sign, and the 23-bit payload at the top of the
//! 52-bit one, which is where widening hardware puts it. Narrowing undoes
//! exactly that, so every `f32` bit pattern round-trips, and refuses a
//! `double` that is no `f32`'s widening (a value with more precision or
//! range, a NaN with payload bits below the top 23).

use thrift::protocol::TType;

use crate::error::{Fail, Fault};
use crate::protocol::Protocol;
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const F64_EXPONENT: u64 = 0x7ff0_0000_0000_0000;
const F32_EXPONENT: u32 = 0x7f80_0000;
/// The `f64` payload bits below an `f32` payload's.
const PAYLOAD_SHIFT: u32 = 52 - 23;

/// The `double` that holds `value`.
pub(crate) fn widen(value: f32) -> f64 {
    if value.is_nan() {
        let bits = value.to_bits();
        let sign = u64::from(bits >> 31) << 63;
        let payload = u64::from(bits & 0x007f_ffff) << PAYLOAD_SHIFT;
        f64::from_bits(sign | F64_EXPONENT | payload)
    } else {
        f64::from(value)
    }
}

/// The `f32` that `value` is the widening of, if any.
pub(crate) fn narrow(value: f64) -> Option<f32> {
    if value.is_nan() {
        let bits = value.to_bits();
        let payload = bits & 0x000f_ffff_ffff_ffff;
        if payload & ((1 << PAYLOAD_SHIFT) - 1) != 0 {
            return None;
        }
        let sign = ((bits >> 63) as u32) << 31;
        Some(f32::from_bits(
            sign | F32_EXPONENT | (payload >> PAYLOAD_SHIFT) as u32,
        ))
    } else {
        // Rounds; the check below refuses any value that changed.
        let narrow = value as f32;
        (f64::from(narrow).to_bits() == value.to_bits()).then_some(narrow)
    }
}

/// `Vector2f`, the struct of two `f32`s that both RSB schemas with floats
/// in pairs have (minecraft_savedata's rotation, mk48's position).
const VECTOR2F: &Fields = &[("x", TType::Double), ("y", TType::Double)];

pub(crate) fn write_vector2f<P: Protocol>(
    w: &mut Writer<'_, P>,
    (x, y): (f32, f32),
) -> Result<(), Fail> {
    w.structure(|w| {
        w.field(1, TType::Double, |w| w.float(x))?;
        w.field(2, TType::Double, |w| w.float(y))
    })
}

pub(crate) fn read_vector2f<P: Protocol>(r: &mut Reader<'_, P>) -> Result<(f32, f32), Fault> {
    let at = r.pos();
    let mut xy = [None; 2];
    r.fields("Vector2f", VECTOR2F, |r, field| {
        xy[field] = Some(r.float(VECTOR2F[field].0)?);
        Ok(())
    })?;
    let [x, y] = xy;
    Ok((
        required(x, at, "Vector2f", "x")?,
        required(y, at, "Vector2f", "y")?,
    ))
}

#[cfg(test)]
mod tests {
    use super::{narrow, widen};

    #[test]
    fn every_class_of_f32_round_trips_bit_for_bit() {
        let bits = [
            0,
            0x8000_0000,
            1,
            0x007f_ffff,
            0x3f80_0000,
            0x7f7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            // Signalling NaNs, with the lowest and the highest payloads.
            0x7f80_0001,
            0xffbf_ffff,
            0x7fc0_0000,
            0xffc0_0001,
        ];
        for bits in bits {
            let wide = widen(f32::from_bits(bits));
            assert_eq!(narrow(wide).map(f32::to_bits), Some(bits), "{bits:#x}");
        }
        assert_eq!(widen(1.5).to_bits(), 1.5f64.to_bits());
        // The quiet NaN widens as hardware widens it.
        assert_eq!(widen(f32::NAN).to_bits(), f64::from(f32::NAN).to_bits());
    }

    #[test]
    fn a_double_no_f32_holds_is_refused() {
        for value in [0.1, 1e300, -1e-300, f64::from_bits(0x7ff8_0000_0000_0001)] {
            assert_eq!(narrow(value), None, "{value}");
        }
    }
}
