//! Writing QDataStream's primitives: big-endian integers and doubles, the
//! 32-bit sizes Qt puts before strings and lists, and `QString`'s UTF-16.

use crate::error::Unsupported;

/// The largest string (in bytes) or list (in items) this crate writes.
///
/// At `Qt_6_4` a size is a `quint32`, `0xFFFFFFFF` meaning a null string.
/// From `Qt_6_7` on, `0xFFFFFFFE` announces a 64-bit size that follows, so
/// a size of `0xFFFFFFFE` or more is written differently at `Qt_6_10`.
/// Staying below it keeps every encoding the same at both versions.
pub(crate) const MAX_SIZE: usize = 0xFFFF_FFFD;

/// Appends to a caller's buffer. `what`, where a size may be too large,
/// names the item for the error message.
pub(crate) struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> Writer<'a> {
    /// A writer appending to `out`.
    pub(crate) fn new(out: &'a mut Vec<u8>) -> Self {
        Self { out }
    }

    /// Raw bytes, as they are.
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    /// A `qint8`.
    pub(crate) fn i8(&mut self, value: i8) {
        self.out.push(value.to_be_bytes()[0]);
    }

    /// Qt writes a `bool` as one byte, 0 or 1.
    pub(crate) fn bool(&mut self, value: bool) {
        self.out.push(u8::from(value));
    }

    /// A `quint8`.
    pub(crate) fn u8(&mut self, value: u8) {
        self.out.push(value);
    }

    /// A `qint16`.
    pub(crate) fn i16(&mut self, value: i16) {
        self.bytes(&value.to_be_bytes());
    }

    pub(crate) fn u16(&mut self, value: u16) {
        self.bytes(&value.to_be_bytes());
    }

    /// A `quint32`.
    pub(crate) fn u32(&mut self, value: u32) {
        self.bytes(&value.to_be_bytes());
    }

    pub(crate) fn i32(&mut self, value: i32) {
        self.bytes(&value.to_be_bytes());
    }

    /// A `qint64`.
    pub(crate) fn i64(&mut self, value: i64) {
        self.bytes(&value.to_be_bytes());
    }

    /// A `quint64`.
    pub(crate) fn u64(&mut self, value: u64) {
        self.bytes(&value.to_be_bytes());
    }

    /// A `double` at `DoublePrecision`, QDataStream's default: the IEEE 754
    /// bits, big-endian, so NaN payloads and −0.0 survive.
    pub(crate) fn f64(&mut self, value: f64) {
        self.bytes(&value.to_bits().to_be_bytes());
    }

    /// A `float` at `DoublePrecision`, QDataStream's default: the double
    /// of the same value, as Qt writes it ([`crate::float`]).
    pub(crate) fn f32(&mut self, value: f32) {
        self.f64(crate::float::widen(value));
    }

    /// An `Option` as a Qt program writes one: a `bool` saying whether
    /// the value follows, then the value if so (Qt has no optional type on
    /// the stream).
    pub(crate) fn optional<T>(
        &mut self,
        value: Option<&T>,
        item: impl FnOnce(&mut Self, &T) -> Result<(), Unsupported>,
    ) -> Result<(), Unsupported> {
        self.bool(value.is_some());
        value.map_or(Ok(()), |value| item(self, value))
    }

    /// A `QList`'s count, then each item.
    pub(crate) fn list<T>(
        &mut self,
        items: &[T],
        what: &str,
        mut item: impl FnMut(&mut Self, &T) -> Result<(), Unsupported>,
    ) -> Result<(), Unsupported> {
        self.u32(size(items.len(), "items", what)?);
        items.iter().try_for_each(|value| item(self, value))
    }

    /// A `QList` of 32-bit integers, the common case written in one go.
    pub(crate) fn u32_list(&mut self, items: &[u32], what: &str) -> Result<(), Unsupported> {
        self.u32(size(items.len(), "items", what)?);
        self.out.reserve(items.len() * 4);
        for item in items {
            self.u32(*item);
        }
        Ok(())
    }

    /// A non-null `QString`: its size in bytes, then its UTF-16 code units,
    /// big-endian.
    pub(crate) fn string(&mut self, text: &str, what: &str) -> Result<(), Unsupported> {
        let start = self.out.len();
        self.u32(0);
        if !self.ascii(text.as_bytes()) {
            self.out.truncate(start + 4);
            self.out.reserve(2 * text.len());
            for unit in text.encode_utf16() {
                self.u16(unit);
            }
        }
        let len = size(self.out.len() - start - 4, "bytes of UTF-16", what)?;
        self.out[start..start + 4].copy_from_slice(&len.to_be_bytes());
        Ok(())
    }

    /// Appends `text` as UTF-16 if it is all ASCII, whose units are its
    /// bytes with a zero byte before each; says whether it was. Four bytes
    /// at a time: spread apart into a 64-bit word with two shifts and
    /// masks, and ORed together so that ASCII is checked once, at the end
    /// (what was written is cut off by the caller if not).
    fn ascii(&mut self, text: &[u8]) -> bool {
        const NOT_ASCII: u32 = 0x8080_8080;
        let mut all = 0;
        let mut widen = |four: [u8; 4]| {
            let four = u32::from_be_bytes(four);
            all |= four;
            // Bytes abcd, then 00ab00cd, then 0a0b0c0d.
            let four = u64::from(four);
            let pairs = (four | (four << 16)) & 0x0000_FFFF_0000_FFFF;
            ((pairs | (pairs << 8)) & 0x00FF_00FF_00FF_00FF).to_be_bytes()
        };
        self.out.reserve(2 * text.len());
        let (fours, rest) = text.as_chunks::<4>();
        for four in fours {
            self.out.extend_from_slice(&widen(*four));
        }
        // One to three bytes left: widened as a word padded with zeros,
        // of which a slice of fixed length is kept (a length only known
        // at run time would be a call to `memcpy`).
        let last = match *rest {
            [a] => [a, 0, 0, 0],
            [a, b] => [a, b, 0, 0],
            [a, b, c] => [a, b, c, 0],
            _ => [0; 4],
        };
        let last = widen(last);
        match rest.len() {
            1 => self.out.extend_from_slice(&last[..2]),
            2 => self.out.extend_from_slice(&last[..4]),
            3 => self.out.extend_from_slice(&last[..6]),
            _ => {}
        }
        all & NOT_ASCII == 0
    }

    /// A non-null `QByteArray`: its size, then the bytes.
    pub(crate) fn byte_array(&mut self, bytes: &[u8], what: &str) -> Result<(), Unsupported> {
        self.u32(size(bytes.len(), "bytes", what)?);
        self.bytes(bytes);
        Ok(())
    }

    /// A null `QString`, which Qt tells apart from an empty one.
    pub(crate) fn null_string(&mut self) {
        self.u32(u32::MAX);
    }

    /// An optional string: a null `QString` for `None`.
    pub(crate) fn optional_string(
        &mut self,
        text: Option<&String>,
        what: &str,
    ) -> Result<(), Unsupported> {
        if let Some(text) = text {
            return self.string(text, what);
        }
        self.null_string();
        Ok(())
    }
}

/// `len` as a 32-bit size, if [`MAX_SIZE`] allows it.
fn size(len: usize, unit: &str, what: &str) -> Result<u32, Unsupported> {
    if len > MAX_SIZE {
        return Err(Unsupported(format!(
            "{what} has {len} {unit}; QDataStream at Qt_6_4 writes at most {MAX_SIZE} \
             (a 32-bit size below the markers 0xFFFFFFFE and 0xFFFFFFFF)"
        )));
    }
    Ok(len as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_sizes_qt_6_4_and_qt_6_10_write_differently() {
        assert_eq!(size(MAX_SIZE, "items", "the lists").unwrap(), 0xFFFF_FFFD);
        let Unsupported(why) = size(MAX_SIZE + 1, "items", "the lists").unwrap_err();
        assert_eq!(
            why,
            "the lists has 4294967294 items; QDataStream at Qt_6_4 writes at most 4294967293 \
             (a 32-bit size below the markers 0xFFFFFFFE and 0xFFFFFFFF)"
        );
    }
}
