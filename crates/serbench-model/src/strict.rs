//! A serde deserializer wrapper that makes compact binary libraries
//! (bincode, postcard) safe and talkative on hostile input.
//!
//! [`Strict`] wraps a deserializer, and everything it hands out (visitors,
//! seeds, sequence, map and enum access), so that at every level of the value:
//!
//! - strings and byte strings are always asked for *borrowed*
//!   (`deserialize_str`, `deserialize_bytes`), even when the type asks for an
//!   owned one. bincode 2.0.1 reads an owned string by allocating the declared
//!   length first and reading second; a borrowed string is sliced out of the
//!   input after its length is checked against what is left. The visitor
//!   then copies exactly the bytes it gets, as it would have anyway.
//! - the message of an error raised by the model's own checks (`invalid
//!   value: integer 9, expected a priority 0 to 3`) survives, although
//!   postcard's error type keeps only "Serde Deserialization Error". Such a
//!   message crosses each library boundary in the [`Context`] beside the
//!   library's error and is picked up again on the way out.
//! - optionally, for error messages, a struct that the library visits as a
//!   sequence of fields is handed to its visitor as a map keyed by field
//!   name, so `serde_path_to_error` names fields (`lists[2].tasks[0].name`)
//!   instead of counting them (`[2][2][0][0][1]`).
//!
//! Each layer costs a little on every value, so the codecs use it only where
//! it is needed: bincode when its plain decode hits its limit, both when
//! describing an error. It lives in the model, beside the serde impls it
//! wraps, so the two codec crates share one copy without depending on each
//! other.

use std::cell::Cell;
use std::fmt;

use serde::de::value::StrDeserializer;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

/// What every layer of one [`Strict`] decode shares.
#[derive(Default)]
pub struct Context {
    /// Carries an error message past a library whose error type drops it.
    message: Cell<Option<String>>,
    /// Whether structs are handed over as maps keyed by field name.
    name_fields: bool,
}

impl Context {
    /// A context that also names struct fields; see the module docs.
    #[must_use]
    pub fn naming_fields() -> Self {
        Self {
            message: Cell::default(),
            name_fields: true,
        }
    }
}

/// The error of a [`Strict`] deserializer: the library's own, or a message
/// raised by the value's `Deserialize` code.
#[derive(Debug)]
pub enum Error<E> {
    /// The library's own error, which no message was attached to.
    Library(E),
    /// A message raised by the value's `Deserialize` code, such as one of
    /// the model's checks.
    Message(String),
}

impl<E: fmt::Display> fmt::Display for Error<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Library(error) => error.fmt(f),
            Error::Message(message) => f.write_str(message),
        }
    }
}

impl<E: std::error::Error> std::error::Error for Error<E> {}

impl<E: de::Error> de::Error for Error<E> {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::Message(message.to_string())
    }
}

/// Hands an error to the library below, leaving its message in `context`,
/// so that a [`Strict`] layer above takes it back out.
#[cold]
pub fn inward<E: de::Error>(context: &Context, error: Error<E>) -> E {
    match error {
        Error::Library(error) => error,
        Error::Message(message) => {
            let error = E::custom(&message);
            context.message.set(Some(message));
            error
        }
    }
}

/// Takes an error back from the library below, with the message it may
/// have left in `context`.
#[cold]
fn outward<E>(context: &Context, error: E) -> Error<E> {
    match context.message.take() {
        Some(message) => Error::Message(message),
        None => Error::Library(error),
    }
}

/// A deserializer, visitor, seed or access wrapped as the module docs say.
pub struct Strict<'c, X> {
    inner: X,
    context: &'c Context,
}

impl<'c, X> Strict<'c, X> {
    /// Wraps `inner` for one decode sharing `context`.
    pub fn new(inner: X, context: &'c Context) -> Self {
        Self { inner, context }
    }

    fn wrap<Y>(&self, inner: Y) -> Strict<'c, Y> {
        Strict::new(inner, self.context)
    }
}

/// `deserialize_*` methods that pass the visitor through unchanged.
macro_rules! forward_deserialize {
    ($($method:ident($($arg:ident: $type:ty),*))*) => {$(
        fn $method<V: Visitor<'de>>(self $(, $arg: $type)*, visitor: V) -> Result<V::Value, Self::Error> {
            let context = self.context;
            let visitor = self.wrap(visitor);
            self.inner.$method($($arg,)* visitor).map_err(|error| outward(context, error))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<'_, D> {
    type Error = Error<D::Error>;

    forward_deserialize! {
        deserialize_any() deserialize_bool() deserialize_char()
        deserialize_i8() deserialize_i16() deserialize_i32() deserialize_i64() deserialize_i128()
        deserialize_u8() deserialize_u16() deserialize_u32() deserialize_u64() deserialize_u128()
        deserialize_f32() deserialize_f64()
        deserialize_str() deserialize_bytes()
        deserialize_option() deserialize_unit() deserialize_seq() deserialize_map()
        deserialize_identifier() deserialize_ignored_any()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        let context = self.context;
        let visitor = self.wrap(visitor);
        if context.name_fields {
            let visitor = Named { visitor, fields };
            self.inner.deserialize_struct(name, fields, visitor)
        } else {
            self.inner.deserialize_struct(name, fields, visitor)
        }
        .map_err(|error| outward(context, error))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.deserialize_bytes(visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

/// `visit_*` methods for leaf values.
macro_rules! forward_visit {
    ($($method:ident($type:ty))*) => {$(
        fn $method<E: de::Error>(self, value: $type) -> Result<V::Value, E> {
            let context = self.context;
            self.inner
                .$method::<Error<E>>(value)
                .map_err(|error| inward(context, error))
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Strict<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    forward_visit! {
        visit_bool(bool) visit_char(char)
        visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64) visit_i128(i128)
        visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64) visit_u128(u128)
        visit_f32(f32) visit_f64(f64)
        visit_str(&str) visit_borrowed_str(&'de str) visit_string(String)
        visit_bytes(&[u8]) visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        let context = self.context;
        self.inner
            .visit_none::<Error<E>>()
            .map_err(|error| inward(context, error))
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        let context = self.context;
        self.inner
            .visit_unit::<Error<E>>()
            .map_err(|error| inward(context, error))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        let context = self.context;
        let deserializer = self.wrap(deserializer);
        self.inner
            .visit_some(deserializer)
            .map_err(|error| inward(context, error))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        let context = self.context;
        let deserializer = self.wrap(deserializer);
        self.inner
            .visit_newtype_struct(deserializer)
            .map_err(|error| inward(context, error))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let context = self.context;
        let seq = self.wrap(seq);
        self.inner
            .visit_seq(seq)
            .map_err(|error| inward(context, error))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let context = self.context;
        let map = self.wrap(map);
        self.inner
            .visit_map(map)
            .map_err(|error| inward(context, error))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        let context = self.context;
        let data = self.wrap(data);
        self.inner
            .visit_enum(data)
            .map_err(|error| inward(context, error))
    }
}

impl<'de, T: DeserializeSeed<'de>> DeserializeSeed<'de> for Strict<'_, T> {
    type Value = T::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T::Value, D::Error> {
        let context = self.context;
        let deserializer = self.wrap(deserializer);
        self.inner
            .deserialize(deserializer)
            .map_err(|error| inward(context, error))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Strict<'_, A> {
    type Error = Error<A::Error>;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Self::Error> {
        let seed = self.wrap(seed);
        self.inner
            .next_element_seed(seed)
            .map_err(|error| outward(self.context, error))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Strict<'_, A> {
    type Error = Error<A::Error>;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        let seed = self.wrap(seed);
        self.inner
            .next_key_seed(seed)
            .map_err(|error| outward(self.context, error))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<T::Value, Self::Error> {
        let seed = self.wrap(seed);
        self.inner
            .next_value_seed(seed)
            .map_err(|error| outward(self.context, error))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

impl<'de, 'c, A: EnumAccess<'de>> EnumAccess<'de> for Strict<'c, A> {
    type Error = Error<A::Error>;
    type Variant = Strict<'c, A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self::Variant), Self::Error> {
        let context = self.context;
        let seed = self.wrap(seed);
        self.inner
            .variant_seed(seed)
            .map(|(value, variant)| (value, Strict::new(variant, context)))
            .map_err(|error| outward(context, error))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Strict<'_, A> {
    type Error = Error<A::Error>;

    fn unit_variant(self) -> Result<(), Self::Error> {
        let context = self.context;
        self.inner
            .unit_variant()
            .map_err(|error| outward(context, error))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<T::Value, Self::Error> {
        let context = self.context;
        let seed = self.wrap(seed);
        self.inner
            .newtype_variant_seed(seed)
            .map_err(|error| outward(context, error))
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        let context = self.context;
        let visitor = self.wrap(visitor);
        self.inner
            .tuple_variant(len, visitor)
            .map_err(|error| outward(context, error))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        let context = self.context;
        let visitor = self.wrap(visitor);
        self.inner
            .struct_variant(fields, visitor)
            .map_err(|error| outward(context, error))
    }
}

/// A struct visitor that takes the fields as a map keyed by their names.
///
/// bincode and postcard visit a struct only as the sequence of its fields,
/// so only `visit_seq` needs handling.
struct Named<'c, V> {
    visitor: Strict<'c, V>,
    fields: &'static [&'static str],
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Named<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(FieldMap {
            seq,
            fields: self.fields.iter(),
        })
    }
}

/// The fields of a struct, read as a sequence and handed over as a map.
struct FieldMap<A> {
    seq: A,
    fields: std::slice::Iter<'static, &'static str>,
}

impl<'de, A: SeqAccess<'de>> MapAccess<'de> for FieldMap<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.fields
            .next()
            .map(|&field| {
                let name: StrDeserializer<'_, A::Error> = field.into_deserializer();
                seed.deserialize(name)
            })
            .transpose()
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.seq
            .next_element_seed(seed)?
            .ok_or_else(|| de::Error::custom("the struct ends before its fields do"))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.fields.len())
    }
}
