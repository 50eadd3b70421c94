//! Writing: sizing the message before building it, and the stream framing.

use capnp::message::{Builder, HeapAllocator};
use capnp::primitive_list;
use capnp::traits::{HasStructSize, OwnedStruct};
use serbench_model::{Dataset, Error, ErrorKind};

use crate::Capnp;

/// Cap'n Proto's lists count their elements, and struct lists their words,
/// in 29 bits; capnp panics beyond that, so encoding checks first.
const LIST_LIMIT: usize = 1 << 29;

/// The largest first segment `HeapAllocator` accepts (its default maximum);
/// a bigger message continues in further segments.
const MAX_SEGMENT_WORDS: usize = 1 << 29;

/// A text or list too long for Cap'n Proto: an encode error.
#[derive(Debug)]
pub struct TooLong {
    field: &'static str,
    len: usize,
    unit: &'static str,
}

impl TooLong {
    /// The error for encoding `T`, at the field that is too long.
    pub(crate) fn into_error<T: Dataset>(self) -> Error {
        let message = format!(
            "{} {}, where Cap'n Proto lists hold fewer than 2^29",
            self.len, self.unit
        );
        Error::new::<Capnp, T>(ErrorKind::Unsupported, message).at_path(self.field)
    }
}

/// The words a message takes, counted from the model, so the builder's
/// first segment holds the whole message: no second segment, no far
/// pointers, no copy on growth.
///
/// The count is exact for what this crate builds (a test checks it), since
/// capnp lays out every object in the order it is created with no gaps.
pub struct Words(usize);

impl Words {
    /// A message holding only its root pointer.
    pub(crate) fn new() -> Self {
        Self(1)
    }

    /// The first segment's size for the message.
    pub(crate) fn segment(&self) -> u32 {
        self.0.min(MAX_SEGMENT_WORDS) as u32
    }

    fn add(&mut self, words: usize) {
        self.0 = self.0.saturating_add(words);
    }

    /// A struct reached through a pointer.
    pub(crate) fn add_struct<S: OwnedStruct>(&mut self) {
        self.add(struct_words::<S>());
    }

    /// `count` structs reached through a pointer each.
    pub(crate) fn add_structs<S: OwnedStruct>(&mut self, count: usize) {
        self.add(count.saturating_mul(struct_words::<S>()));
    }

    /// A text: its UTF-8 bytes and a NUL, rounded up to words.
    pub(crate) fn text(&mut self, field: &'static str, text: &str) -> Result<(), TooLong> {
        let bytes = text.len() + 1;
        check(field, bytes, "bytes")?;
        self.add(bytes.div_ceil(8));
        Ok(())
    }

    /// A list of `len` numbers of `width` bytes each.
    pub(crate) fn numbers(
        &mut self,
        field: &'static str,
        len: usize,
        width: usize,
    ) -> Result<(), TooLong> {
        check(field, len, "numbers")?;
        self.add((len * width).div_ceil(8));
        Ok(())
    }

    /// A list of `len` booleans, one bit each.
    pub(crate) fn bools(&mut self, field: &'static str, len: usize) -> Result<(), TooLong> {
        check(field, len, "booleans")?;
        self.add(len.div_ceil(64));
        Ok(())
    }

    /// A list of `len` texts: one pointer each; add the texts separately.
    pub(crate) fn texts(&mut self, field: &'static str, len: usize) -> Result<(), TooLong> {
        check(field, len, "texts")?;
        self.add(len);
        Ok(())
    }

    /// A list of `len` structs `S`: a tag word, then the structs.
    pub(crate) fn structs<S: OwnedStruct>(
        &mut self,
        field: &'static str,
        len: usize,
    ) -> Result<(), TooLong> {
        let words = len.saturating_mul(struct_words::<S>());
        check(field, words, "words of structs")?;
        self.add(1 + words);
        Ok(())
    }
}

fn struct_words<S: OwnedStruct>() -> usize {
    <S::Builder<'static> as HasStructSize>::STRUCT_SIZE.total() as usize
}

fn check(field: &'static str, len: usize, unit: &'static str) -> Result<(), TooLong> {
    if len < LIST_LIMIT {
        Ok(())
    } else {
        Err(TooLong { field, len, unit })
    }
}

/// Defines a function that fills a fresh list of numbers from a slice of
/// its length. (Concrete types: capnp's element trait is not public API.)
macro_rules! fill {
    ($name:ident, $number:ty) => {
        pub(crate) fn $name(mut list: primitive_list::Builder<'_, $number>, values: &[$number]) {
            // On a little-endian machine the wire form is the memory form:
            // one copy.
            #[cfg(target_endian = "little")]
            if let Some(slice) = list.as_slice() {
                slice.copy_from_slice(values);
                return;
            }
            for (index, &value) in values.iter().enumerate() {
                list.set(index as u32, value);
            }
        }
    };
}

fill!(fill_u8, u8);
fill!(fill_u16, u16);
fill!(fill_u32, u32);
fill!(fill_i64, i64);

/// Appends `message` in the standard stream framing: the segment count − 1,
/// each segment's length in words (little-endian `u32`s, padded to a word),
/// then the segments.
///
/// Written here rather than with `capnp::serialize::write_message` because
/// appending to a `Vec` cannot fail, and this way no impossible I/O error
/// needs a meaning.
pub(crate) fn message(message: &Builder<HeapAllocator>, out: &mut Vec<u8>) {
    let segments = message.get_segments_for_output();
    // A builder with nothing in it still makes a message: one empty segment.
    let count = segments.len().max(1);
    let table = (count / 2 + 1) * 8;
    out.reserve(table + segments.iter().map(|segment| segment.len()).sum::<usize>());
    out.extend_from_slice(&(count as u32 - 1).to_le_bytes());
    if segments.is_empty() {
        out.extend_from_slice(&0u32.to_le_bytes());
    }
    for segment in segments.iter() {
        out.extend_from_slice(&((segment.len() / 8) as u32).to_le_bytes());
    }
    if count.is_multiple_of(2) {
        out.extend_from_slice(&[0; 4]);
    }
    for segment in segments.iter() {
        out.extend_from_slice(segment);
    }
}
