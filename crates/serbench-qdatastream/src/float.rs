//! `float` at `DoublePrecision`, QDataStream's default: Qt writes a
//! `float` as the `double` of the same value (`*this << double(f)`) and
//! reads it back by converting.
//!
//! Every non-NaN `f32` widens exactly, so this writes what Qt writes. A
//! NaN needs care: a conversion may set the quiet bit of a signalling NaN
//! (Qt's, on x86, does), so its bits are moved by hand: the sign, and the
//! 23-bit payload at the top of the 52-bit one, where widening puts it. A
//! quiet NaN comes out as Qt writes it; a signalling one, which Qt cannot
//! carry, keeps its bits here. Narrowing undoes exactly that, so every
//! `f32` bit pattern round-trips, and refuses a `double` that is no
//! `f32`'s widening (one Qt never writes for a `float`).

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
        // Rounds; the check refuses any value that changed.
        let narrow = value as f32;
        (f64::from(narrow).to_bits() == value.to_bits()).then_some(narrow)
    }
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
            0x7f80_0001,
            0xffbf_ffff,
            0x7fc0_0000,
            0xffc0_0001,
        ];
        for bits in bits {
            let wide = widen(f32::from_bits(bits));
            assert_eq!(narrow(wide).map(f32::to_bits), Some(bits), "{bits:#x}");
        }
        // Qt's own widening of the quiet NaN.
        assert_eq!(widen(f32::NAN).to_bits(), f64::from(f32::NAN).to_bits());
    }

    #[test]
    fn a_double_no_f32_holds_is_refused() {
        for value in [0.1, 1e300, -1e-300, f64::from_bits(0x7ff8_0000_0000_0001)] {
            assert_eq!(narrow(value), None, "{value}");
        }
    }
}
