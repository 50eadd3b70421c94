//! The size budget of the serde codec: a layer between bitcode's serde
//! deserializer and the model's `Deserialize` impls that charges every
//! sequence's elements, times their size, before the first is decoded, and
//! fails the decode once the charges pass a limit set from the input's
//! length.
//!
//! bitcode's serde decoder unpacks a column when a value first needs it,
//! so a sequence's elements take nothing until its first element is
//! visited, and the length of the sequence is known before that (serde's
//! `size_hint`, which bitcode gives exactly). The layer charges it there,
//! so a top-level list of empty strings or empty nodes is refused before
//! bitcode unpacks a byte of it. Strings and byte strings are charged
//! their bytes as they arrive.
//!
//! What bitcode unpacks for a sequence nested in a list's elements (the
//! tasks of every list, the edges of every node) comes in one column for
//! all of them, unpacked when the first element of the first non-empty one
//! is visited, before the layer has seen the other lists' lengths: that
//! column costs bitcode at most its values' width plus a byte for each bit
//! of input, and the layer then refuses as the elements arrive. The
//! derive codec's walk (`crate::walk`) has no such gap, but bitcode's
//! serde layout places a column where a value first uses it, which a walk
//! would have to follow value by value.
//!
//! bitcode keeps no message of an error raised inside it in release
//! builds, so the layer notes its refusal on the thread, and the codec
//! reads the note to report [`ErrorKind::Limit`](serbench_model::ErrorKind).

use std::cell::Cell;
use std::fmt;

use serde::Deserialize;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

use crate::walk;

/// A refusal: `count` elements of `each` bytes passed the limit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Refusal {
    pub(crate) count: usize,
    pub(crate) each: usize,
    pub(crate) charged: usize,
    pub(crate) limit: usize,
}

thread_local! {
    /// Bytes charged so far in this thread's decode, and its limit.
    static CHARGED: Cell<(usize, usize)> = const { Cell::new((0, usize::MAX)) };
    /// The refusal of this thread's last decode, if the budget refused.
    static REFUSED: Cell<Option<Refusal>> = const { Cell::new(None) };
}

/// Deserializes `T` from `bytes` with bitcode's serde support under a
/// budget of [`walk::limit`] bytes: `Err(Ok(refusal))` when the budget
/// refused, `Err(Err(error))` for bitcode's own errors.
pub(crate) fn deserialize<'de, T>(bytes: &'de [u8]) -> Result<T, Result<Refusal, bitcode::Error>>
where
    T: Deserialize<'de>,
{
    CHARGED.set((0, walk::limit(bytes.len())));
    REFUSED.set(None);
    let decoded = bitcode::deserialize::<Budgeted<T>>(bytes);
    CHARGED.set((0, usize::MAX));
    match decoded {
        Ok(Budgeted(value)) => Ok(value),
        Err(error) => Err(REFUSED.take().ok_or(error)),
    }
}

/// Charges `count` elements of `each` bytes.
fn charge<E: de::Error>(count: usize, each: usize) -> Result<(), E> {
    let (charged, limit) = CHARGED.get();
    let charged = charged.saturating_add(count.saturating_mul(each));
    CHARGED.set((charged, limit));
    if charged <= limit {
        return Ok(());
    }
    REFUSED.set(Some(Refusal {
        count,
        each,
        charged,
        limit,
    }));
    Err(E::custom("the input declares more than its size limit"))
}

/// `T`, deserialized through the budget.
struct Budgeted<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Budgeted<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(Charged(deserializer)).map(Budgeted)
    }
}

/// A deserializer whose visitors go through the budget.
struct Charged<D>(D);

/// A visitor of a sequence (`Seq`) or of anything else.
struct Visiting<V> {
    visitor: V,
    seq: bool,
}

impl<V> Visiting<V> {
    fn seq(visitor: V) -> Self {
        Self { visitor, seq: true }
    }

    fn other(visitor: V) -> Self {
        Self {
            visitor,
            seq: false,
        }
    }
}

macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*) $wrap:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method($($arg,)* Visiting::$wrap(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Charged<D> {
    type Error = D::Error;

    forward! {
        deserialize_any() other;
        deserialize_bool() other;
        deserialize_i8() other;
        deserialize_i16() other;
        deserialize_i32() other;
        deserialize_i64() other;
        deserialize_i128() other;
        deserialize_u8() other;
        deserialize_u16() other;
        deserialize_u32() other;
        deserialize_u64() other;
        deserialize_u128() other;
        deserialize_f32() other;
        deserialize_f64() other;
        deserialize_char() other;
        deserialize_str() other;
        deserialize_string() other;
        deserialize_bytes() other;
        deserialize_byte_buf() other;
        deserialize_option() other;
        deserialize_unit() other;
        deserialize_unit_struct(name: &'static str) other;
        deserialize_newtype_struct(name: &'static str) other;
        deserialize_seq() seq;
        deserialize_tuple(len: usize) other;
        deserialize_tuple_struct(name: &'static str, len: usize) other;
        deserialize_map() other;
        deserialize_struct(name: &'static str, fields: &'static [&'static str]) other;
        deserialize_enum(name: &'static str, variants: &'static [&'static str]) other;
        deserialize_identifier() other;
        deserialize_ignored_any() other;
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! visit {
    ($($method:ident($ty:ty);)*) => {$(
        fn $method<E: de::Error>(self, value: $ty) -> Result<V::Value, E> {
            self.visitor.$method(value)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Visiting<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    visit! {
        visit_bool(bool);
        visit_i8(i8);
        visit_i16(i16);
        visit_i32(i32);
        visit_i64(i64);
        visit_i128(i128);
        visit_u8(u8);
        visit_u16(u16);
        visit_u32(u32);
        visit_u64(u64);
        visit_u128(u128);
        visit_f32(f32);
        visit_f64(f64);
        visit_char(char);
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<V::Value, E> {
        charge(value.len(), 1)?;
        self.visitor.visit_str(value)
    }

    fn visit_borrowed_str<E: de::Error>(self, value: &'de str) -> Result<V::Value, E> {
        charge(value.len(), 1)?;
        self.visitor.visit_borrowed_str(value)
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<V::Value, E> {
        charge(value.len(), 1)?;
        self.visitor.visit_string(value)
    }

    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<V::Value, E> {
        charge(value.len(), 1)?;
        self.visitor.visit_bytes(value)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, value: &'de [u8]) -> Result<V::Value, E> {
        charge(value.len(), 1)?;
        self.visitor.visit_borrowed_bytes(value)
    }

    fn visit_byte_buf<E: de::Error>(self, value: Vec<u8>) -> Result<V::Value, E> {
        charge(value.len(), 1)?;
        self.visitor.visit_byte_buf(value)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_none()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_some(Charged(deserializer))
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_unit()
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.visitor.visit_newtype_struct(Charged(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_seq(Elements {
            seq,
            uncharged: self.seq,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(Entries(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_enum(Variant(data))
    }
}

/// A seed whose deserializer goes through the budget.
struct Seeded<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seeded<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Charged(deserializer))
    }
}

/// The elements of a sequence (charged, all at once, before the first
/// is decoded) or the fields of a struct or tuple (part of their parent).
struct Elements<A> {
    seq: A,
    uncharged: bool,
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Elements<A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        if self.uncharged {
            // bitcode gives the exact count; a sequence without one would
            // be charged element by element.
            match self.seq.size_hint() {
                Some(count) => {
                    self.uncharged = false;
                    charge(count, size_of::<S::Value>())?;
                }
                None => charge(1, size_of::<S::Value>())?,
            }
        }
        self.seq.next_element_seed(Seeded(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

/// A map's entries, charged as they come.
struct Entries<A>(A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Entries<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        charge(1, size_of::<K::Value>())?;
        self.0.next_key_seed(Seeded(seed))
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        charge(1, size_of::<S::Value>())?;
        self.0.next_value_seed(Seeded(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// An enum whose variant's content goes through the budget.
struct Variant<A>(A);

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Variant<A> {
    type Error = A::Error;
    type Variant = Variant<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(Seeded(seed))?;
        Ok((value, Variant(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Variant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        self.0.newtype_variant_seed(Seeded(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Visiting::other(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Visiting::other(visitor))
    }
}
