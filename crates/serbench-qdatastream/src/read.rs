//! Reading QDataStream's primitives from a slice, with every size checked
//! against the bytes that remain before anything is allocated.

use serbench_model::ErrorKind;

use crate::error::Fault;

/// A position in the input.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, pos: 0 }
    }

    /// Where the next item starts.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    /// A failure of the item that started at `offset`.
    pub(crate) fn fault(offset: usize, kind: ErrorKind, message: String) -> Fault {
        Fault::new(offset, kind, message)
    }

    /// The value is complete: nothing may follow it.
    pub(crate) fn finish(self) -> Result<(), Fault> {
        if self.remaining() == 0 {
            return Ok(());
        }
        Err(Self::fault(
            self.pos,
            ErrorKind::TrailingBytes,
            format!("{} bytes follow the value", self.remaining()),
        ))
    }

    #[inline]
    fn take(&mut self, len: usize, what: &str) -> Result<&'a [u8], Fault> {
        let Some(taken) = self.bytes.get(self.pos..).and_then(|rest| rest.get(..len)) else {
            return Err(Self::fault(
                self.pos,
                ErrorKind::Truncated,
                format!("{what} needs {len} bytes but {} remain", self.remaining()),
            ));
        };
        self.pos += len;
        Ok(taken)
    }

    #[inline]
    pub(crate) fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], Fault> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N, what)?);
        Ok(array)
    }

    #[inline]
    pub(crate) fn bytes16(&mut self, what: &str) -> Result<[u8; 16], Fault> {
        self.array(what)
    }

    #[inline]
    pub(crate) fn i8(&mut self, what: &str) -> Result<i8, Fault> {
        Ok(i8::from_be_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn u16(&mut self, what: &str) -> Result<u16, Fault> {
        Ok(u16::from_be_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn u32(&mut self, what: &str) -> Result<u32, Fault> {
        Ok(u32::from_be_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn i32(&mut self, what: &str) -> Result<i32, Fault> {
        Ok(i32::from_be_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn i64(&mut self, what: &str) -> Result<i64, Fault> {
        Ok(i64::from_be_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn f64(&mut self, what: &str) -> Result<f64, Fault> {
        Ok(f64::from_bits(u64::from_be_bytes(self.array(what)?)))
    }

    /// A `bool`. Qt reads any non-zero byte as true but only writes 0 and
    /// 1; anything else is refused, so each value has one encoding.
    pub(crate) fn bool(&mut self, what: &str) -> Result<bool, Fault> {
        let at = self.pos;
        match self.array::<1>(what)? {
            [0] => Ok(false),
            [1] => Ok(true),
            [other] => Err(Self::fault(
                at,
                ErrorKind::Invalid,
                format!("{what} is {other}, not a bool (0 or 1)"),
            )),
        }
    }

    /// A `QList`'s count of items that take at least `min_item` bytes
    /// each, refused at once when the rest of the input cannot hold them.
    fn count(&mut self, what: &str, min_item: usize) -> Result<usize, Fault> {
        let at = self.pos;
        let count = self.u32(what)? as usize;
        let fits = count
            .checked_mul(min_item)
            .is_some_and(|needed| needed <= self.remaining());
        if !fits {
            return Err(Self::fault(
                at,
                ErrorKind::Truncated,
                format!(
                    "{what} declares {count} items of at least {min_item} bytes, but {} bytes \
                     remain",
                    self.remaining()
                ),
            ));
        }
        Ok(count)
    }

    /// A `QList` of `count` items read by `item`. The list is reserved up
    /// front, but never past two bytes of memory per byte of input left:
    /// beyond that it grows as items actually arrive.
    pub(crate) fn list<T>(
        &mut self,
        what: &str,
        min_item: usize,
        mut item: impl FnMut(&mut Self) -> Result<T, Fault>,
    ) -> Result<Vec<T>, Fault> {
        let count = self.count(what, min_item)?;
        let affordable = 2 * self.remaining() / size_of::<T>().max(1);
        let mut items = Vec::with_capacity(count.min(affordable));
        for _ in 0..count {
            items.push(item(self)?);
        }
        Ok(items)
    }

    /// A `QList` of 32-bit integers, read in one go.
    pub(crate) fn u32_list(&mut self, what: &str) -> Result<Vec<u32>, Fault> {
        let count = self.count(what, 4)?;
        let bytes = self.take(count * 4, what)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|chunk| u32::from_be_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]))
            .collect())
    }

    /// A `QList` of 64-bit integers, read in one go.
    pub(crate) fn i64_list(&mut self, what: &str) -> Result<Vec<i64>, Fault> {
        let count = self.count(what, 8)?;
        let bytes = self.take(count * 8, what)?;
        Ok(bytes
            .chunks_exact(8)
            .map(|chunk| {
                let mut array = [0; 8];
                array.copy_from_slice(chunk);
                i64::from_be_bytes(array)
            })
            .collect())
    }

    /// A `QString`, `None` when null (size 0xFFFFFFFF).
    pub(crate) fn optional_string(&mut self, what: &str) -> Result<Option<String>, Fault> {
        let at = self.pos;
        let len = self.u32(what)?;
        if len == u32::MAX {
            return Ok(None);
        }
        let len = len as usize;
        if !len.is_multiple_of(2) {
            return Err(Self::fault(
                at,
                ErrorKind::Syntax,
                format!("{what} declares {len} bytes, an odd number; UTF-16 takes two per unit"),
            ));
        }
        if len > self.remaining() {
            return Err(Self::fault(
                at,
                ErrorKind::Truncated,
                format!(
                    "{what} declares {len} bytes but {} remain",
                    self.remaining()
                ),
            ));
        }
        let units = self.take(len, what)?;
        utf16(units, at + 4, what).map(Some)
    }

    /// A `QString` where the model has no null: a null reads as empty, as
    /// `QString::isEmpty` treats it.
    pub(crate) fn string(&mut self, what: &str) -> Result<String, Fault> {
        Ok(self.optional_string(what)?.unwrap_or_default())
    }
}

/// Big-endian UTF-16 (`units`, starting at byte `at`) as a `String`.
fn utf16(units: &[u8], at: usize, what: &str) -> Result<String, Fault> {
    if let Some(bytes) = ascii(units) {
        // ASCII is UTF-8, so this never fails; the error keeps it panic-free.
        return String::from_utf8(bytes)
            .map_err(|error| Reader::fault(at, ErrorKind::Syntax, format!("{what}: {error}")));
    }
    let mut text = String::with_capacity(units.len() / 2);
    let mut unit_index = 0;
    let decoded = units
        .chunks_exact(2)
        .map(|unit| u16::from_be_bytes([unit[0], unit[1]]));
    for c in char::decode_utf16(decoded) {
        match c {
            Ok(c) => {
                text.push(c);
                unit_index += c.len_utf16();
            }
            Err(error) => {
                return Err(Reader::fault(
                    at + 2 * unit_index,
                    ErrorKind::Syntax,
                    format!(
                        "{what} holds the unpaired surrogate {:#06x}, which is not UTF-16",
                        error.unpaired_surrogate()
                    ),
                ));
            }
        }
    }
    Ok(text)
}

/// The bytes of big-endian UTF-16 `units` that are all ASCII (0x0000 to
/// 0x007F), or `None`: four units at a time, each checked and narrowed
/// with a few shifts and masks.
fn ascii(units: &[u8]) -> Option<Vec<u8>> {
    const NOT_ASCII: u64 = 0xFF80_FF80_FF80_FF80;
    let mut bytes = Vec::with_capacity(units.len() / 2);
    let mut words = units.chunks_exact(8);
    for word in words.by_ref() {
        let mut array = [0; 8];
        array.copy_from_slice(word);
        let word = u64::from_be_bytes(array);
        if word & NOT_ASCII != 0 {
            return None;
        }
        // 00a0 0b00 0c0d (per byte: 0 a 0 b 0 c 0 d) to a b c d.
        let pairs = (word | (word >> 8)) & 0x0000_FFFF_0000_FFFF;
        let four = (pairs | (pairs >> 16)) as u32;
        bytes.extend_from_slice(&four.to_be_bytes());
    }
    for unit in words.remainder().chunks_exact(2) {
        if unit[0] != 0 || unit[1] >= 0x80 {
            return None;
        }
        bytes.push(unit[1]);
    }
    Some(bytes)
}
