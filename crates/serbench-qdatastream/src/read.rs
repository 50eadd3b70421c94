//! Reading QDataStream's primitives from a slice, with every size checked
//! against the bytes that remain before anything is allocated.

use serbench_model::ErrorKind;

use crate::error::Fault;

/// A position in the input: the bytes not yet read. Each read checks the
/// one length it needs against them; offsets are counted back from the
/// end, so a successful read keeps no position of its own. `what`, in every
/// read, names the item for the error message ("the task's name").
pub(crate) struct Reader<'a> {
    /// The length of the whole input.
    len: usize,
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    #[must_use]
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self {
            len: bytes.len(),
            rest: bytes,
        }
    }

    /// Where the next item starts.
    #[must_use]
    pub(crate) fn pos(&self) -> usize {
        self.len - self.rest.len()
    }

    fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// A failure of the item that started at `offset`. Cold, so that the
    /// message built for it stays out of the paths that succeed.
    #[cold]
    #[must_use]
    pub(crate) fn fault(offset: usize, kind: ErrorKind, message: String) -> Fault {
        Fault::new(offset, kind, message)
    }

    /// The value is complete: nothing may follow it.
    pub(crate) fn finish(self) -> Result<(), Fault> {
        if self.remaining() == 0 {
            return Ok(());
        }
        Err(Self::fault(
            self.pos(),
            ErrorKind::TrailingBytes,
            format!("{} bytes follow the value", self.remaining()),
        ))
    }

    /// `what` needs `len` bytes and fewer remain.
    #[cold]
    #[inline(never)]
    fn truncated(&self, len: usize, what: &str) -> Fault {
        Self::fault(
            self.pos(),
            ErrorKind::Truncated,
            format!("{what} needs {len} bytes but {} remain", self.remaining()),
        )
    }

    /// Fails unless `len` bytes remain, with the message reading them
    /// all at once would give: for an item read in several parts.
    #[inline]
    pub(crate) fn ensure(&self, len: usize, what: &str) -> Result<(), Fault> {
        if len > self.remaining() {
            return Err(self.truncated(len, what));
        }
        Ok(())
    }

    #[inline]
    fn take(&mut self, len: usize, what: &str) -> Result<&'a [u8], Fault> {
        let Some((taken, rest)) = self.rest.split_at_checked(len) else {
            return Err(self.truncated(len, what));
        };
        self.rest = rest;
        Ok(taken)
    }

    /// The next `N` bytes, with one length check.
    #[inline]
    pub(crate) fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], Fault> {
        let Some((taken, rest)) = self.rest.split_first_chunk::<N>() else {
            return Err(self.truncated(N, what));
        };
        self.rest = rest;
        Ok(*taken)
    }

    #[inline]
    pub(crate) fn bytes16(&mut self, what: &str) -> Result<[u8; 16], Fault> {
        self.array(what)
    }

    /// A `qint8`.
    #[inline]
    pub(crate) fn i8(&mut self, what: &str) -> Result<i8, Fault> {
        Ok(i8::from_be_bytes(self.array(what)?))
    }

    /// An enum as a `qint8`, as the crate writes every enum: the item of
    /// `all` at that index, which the variants of `name` are numbered by.
    pub(crate) fn variant<T: Copy>(
        &mut self,
        what: &str,
        all: &[T],
        name: &str,
    ) -> Result<T, Fault> {
        let at = self.pos();
        let value = self.i8(what)?;
        usize::try_from(value)
            .ok()
            .and_then(|index| all.get(index).copied())
            .ok_or_else(|| {
                Self::fault(
                    at,
                    ErrorKind::Invalid,
                    format!("{what} is {value}, not a {name} (0 to {})", all.len() - 1),
                )
            })
    }

    /// A `quint8`.
    #[inline]
    pub(crate) fn u8(&mut self, what: &str) -> Result<u8, Fault> {
        Ok(u8::from_be_bytes(self.array(what)?))
    }

    /// A `qint16`.
    #[inline]
    pub(crate) fn i16(&mut self, what: &str) -> Result<i16, Fault> {
        Ok(i16::from_be_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn u16(&mut self, what: &str) -> Result<u16, Fault> {
        Ok(u16::from_be_bytes(self.array(what)?))
    }

    /// A `quint32`.
    #[inline]
    pub(crate) fn u32(&mut self, what: &str) -> Result<u32, Fault> {
        Ok(u32::from_be_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn i32(&mut self, what: &str) -> Result<i32, Fault> {
        Ok(i32::from_be_bytes(self.array(what)?))
    }

    /// A `qint64`.
    #[inline]
    pub(crate) fn i64(&mut self, what: &str) -> Result<i64, Fault> {
        Ok(i64::from_be_bytes(self.array(what)?))
    }

    /// A `quint64`.
    #[inline]
    pub(crate) fn u64(&mut self, what: &str) -> Result<u64, Fault> {
        Ok(u64::from_be_bytes(self.array(what)?))
    }

    /// A `double` at `DoublePrecision`: its bits as they are.
    #[inline]
    pub(crate) fn f64(&mut self, what: &str) -> Result<f64, Fault> {
        Ok(f64::from_bits(u64::from_be_bytes(self.array(what)?)))
    }

    /// A `float` at `DoublePrecision`: the double Qt writes for it, which
    /// must hold an `f32` exactly ([`crate::float`]).
    pub(crate) fn f32(&mut self, what: &str) -> Result<f32, Fault> {
        let at = self.pos();
        let value = self.f64(what)?;
        crate::float::narrow(value).ok_or_else(|| {
            Self::fault(
                at,
                ErrorKind::Invalid,
                format!(
                    "{what} is the double {value} ({:#018x}), which no float holds",
                    value.to_bits()
                ),
            )
        })
    }

    /// A `bool`. Qt reads any non-zero byte as true but only writes 0 and
    /// 1; anything else is refused, so each value has one encoding.
    pub(crate) fn bool(&mut self, what: &str) -> Result<bool, Fault> {
        let at = self.pos();
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
        let at = self.pos();
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
        let (items, _) = self.take(count * 4, what)?.as_chunks();
        Ok(items.iter().map(|item| u32::from_be_bytes(*item)).collect())
    }

    /// An `Option`: a `bool` saying whether the value follows, then the
    /// value if so, as the crate writes one.
    pub(crate) fn optional<T>(
        &mut self,
        what: &str,
        item: impl FnOnce(&mut Self) -> Result<T, Fault>,
    ) -> Result<Option<T>, Fault> {
        if self.bool(what)? {
            item(self).map(Some)
        } else {
            Ok(None)
        }
    }

    /// A `QList` of 64-bit integers, read in one go.
    pub(crate) fn i64_list(&mut self, what: &str) -> Result<Vec<i64>, Fault> {
        let count = self.count(what, 8)?;
        let (items, _) = self.take(count * 8, what)?.as_chunks();
        Ok(items.iter().map(|item| i64::from_be_bytes(*item)).collect())
    }

    /// A `QString`, `None` when null (size 0xFFFFFFFF).
    pub(crate) fn optional_string(&mut self, what: &str) -> Result<Option<String>, Fault> {
        let at = self.pos();
        match self.u32(what)? {
            u32::MAX => Ok(None),
            len => self.text(at, len, what).map(Some),
        }
    }

    /// A `QString` where the model has no null: a null reads as empty, as
    /// `QString::isEmpty` treats it.
    pub(crate) fn string(&mut self, what: &str) -> Result<String, Fault> {
        let at = self.pos();
        match self.u32(what)? {
            u32::MAX => Ok(String::new()),
            len => self.text(at, len, what),
        }
    }

    /// A `QByteArray`: a `quint32` size, then the bytes. A null one (size
    /// 0xFFFFFFFF) reads as empty, as `QByteArray::isEmpty` treats it.
    pub(crate) fn byte_array(&mut self, what: &str) -> Result<Vec<u8>, Fault> {
        let at = self.pos();
        let len = match self.u32(what)? {
            u32::MAX => return Ok(Vec::new()),
            len => len as usize,
        };
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
        Ok(self.take(len, what)?.to_vec())
    }

    /// The `len` bytes of UTF-16 of the `QString` whose size starts at `at`.
    #[inline]
    fn text(&mut self, at: usize, len: u32, what: &str) -> Result<String, Fault> {
        let len = len as usize;
        if !len.is_multiple_of(2) || len > self.remaining() {
            return Err(self.bad_string_size(at, len, what));
        }
        let units = self.take(len, what)?;
        utf16(units, at + 4, what)
    }

    /// Why a `QString` of `len` bytes, whose size starts at `at`, was refused.
    #[cold]
    #[inline(never)]
    fn bad_string_size(&self, at: usize, len: usize, what: &str) -> Fault {
        if len.is_multiple_of(2) {
            Self::fault(
                at,
                ErrorKind::Truncated,
                format!(
                    "{what} declares {len} bytes but {} remain",
                    self.remaining()
                ),
            )
        } else {
            Self::fault(
                at,
                ErrorKind::Syntax,
                format!("{what} declares {len} bytes, an odd number; UTF-16 takes two per unit"),
            )
        }
    }
}

/// Big-endian UTF-16 (`units`, an even number of bytes starting at byte
/// `at`) as a `String`: ASCII, nearly all text, in one pass, anything else
/// through the standard library's UTF-16 decoder.
fn utf16(units: &[u8], at: usize, what: &str) -> Result<String, Fault> {
    if let Some(text) = ascii(units) {
        return Ok(text);
    }
    let (units, _) = units.as_chunks::<2>();
    let mut text = String::with_capacity(units.len());
    let decoded = units.iter().map(|unit| u16::from_be_bytes(*unit));
    for c in char::decode_utf16(decoded) {
        match c {
            Ok(c) => text.push(c),
            Err(error) => {
                let unit_index: usize = text.chars().map(char::len_utf16).sum();
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

/// Big-endian UTF-16 `units` as a `String`, if every unit is ASCII
/// (0x0000 to 0x007F), whose UTF-8 is the unit's low byte.
///
/// Four units at a time, as one 64-bit word: its low bytes are gathered
/// with two shifts and masks, and the words are ORed together so that the
/// check that no unit was above 0x7F is made once, at the end. The groups
/// of four bytes are collected from an iterator of known length, which
/// reserves once and writes without checking for room; a last, partial
/// word is padded with zero units, then cut off.
fn ascii(units: &[u8]) -> Option<String> {
    const NOT_ASCII: u64 = 0xFF80_FF80_FF80_FF80;
    let mut all = 0;
    let mut narrow = |word: [u8; 8]| {
        let word = u64::from_be_bytes(word);
        all |= word;
        // Bytes 0a0b0c0d, then 00ab00cd, then abcd in the low half.
        let pairs = (word | (word >> 8)) & 0x0000_FFFF_0000_FFFF;
        ((pairs | (pairs >> 16)) as u32).to_be_bytes()
    };
    let (words, tail) = units.as_chunks::<8>();
    let mut fours = Vec::with_capacity(units.len().div_ceil(8));
    fours.extend(words.iter().map(|word| narrow(*word)));
    // One to three units left (high and low bytes), padded with zero
    // units to a word.
    let last = match *tail {
        [h0, l0] => Some([h0, l0, 0, 0, 0, 0, 0, 0]),
        [h0, l0, h1, l1] => Some([h0, l0, h1, l1, 0, 0, 0, 0]),
        [h0, l0, h1, l1, h2, l2] => Some([h0, l0, h1, l1, h2, l2, 0, 0]),
        _ => None,
    };
    if let Some(last) = last {
        fours.push(narrow(last));
    }
    if all & NOT_ASCII != 0 {
        return None;
    }
    let mut bytes = fours.into_flattened();
    bytes.truncate(units.len() / 2);
    // ASCII is UTF-8: this never fails, and were it to, the caller's
    // decoder would read the same units.
    String::from_utf8(bytes).ok()
}
