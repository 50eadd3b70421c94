//! The positional formats (MessagePack's compact form, bincode, postcard,
//! bitcode's serde form), which carry a document through its [`Schema`].
//!
//! These formats write the values a serde type describes and nothing
//! else: no key names and, in bincode, postcard and bitcode, no kinds
//! either: a `0x05` is an integer, a length or a string's first byte
//! according to the type reading it. So a document goes in through
//! [`Typed`], which walks the value beside its schema as a derived
//! `Serialize` of the schema's types would, and comes back through
//! [`Seed`], a `DeserializeSeed` that asks the deserializer for exactly
//! what the schema says comes next: [`Value`]'s own `Deserialize` asks
//! for "any" value, which only a self-describing format can answer.
//!
//! A positional library's crate implements [`Positional`] (its serde
//! calls, and a read through the seed) and builds its document codec with
//! [`schematic`]; the layout and the limits below are then the same for
//! every such library.
//!
//! # Layout
//!
//! In schema order, as the types the schema formats write would be:
//!
//! - a record is a tuple of all its fields, in field order, keys not
//!   written, each found in the map by key whatever the map's order; a
//!   required field is its value, an optional one an `Option` (`None`
//!   when the map lacks the key);
//! - an optional field whose schema holds null is `Option<(T,)>`, a
//!   one-element tuple around the nullable value, so absent (`None`) and
//!   null (`Some((None,))`) stay apart even in MessagePack, which writes
//!   `Some(x)` as plain `x` and so both `None` and `Some(None)` as nil;
//! - a list is a sequence; a nullable value an `Option`;
//! - a union is an enum with one newtype variant per member, the
//!   variant index being the member's position in the union and its name
//!   the member's kind (`integer`, `text`, `map`), which MessagePack
//!   writes in place of the index;
//! - an integer is an `i64`, or a `u64` where the document has one past
//!   `i64::MAX` (a place with both that and a negative one fits no 64-bit
//!   type, and the rows refuse the document); a float an `f64`; text a
//!   `str`; bytes a byte string; null a unit.
//!
//! Every map writes all of its record's fields, so a document whose maps'
//! keys all differ is refused past
//! [`FIELDS_PER_VALUE`](crate::schema::FIELDS_PER_VALUE) fields per value
//! (the [`schema`](crate::schema) module's bounds).
//!
//! # Decoding limits
//!
//! Nesting follows the schema, so it is no deeper than the document the
//! schema came from. The seed reads text of either kind ([`DocText`]):
//! owned, or lent by the input where the library lends it; a record's keys
//! are the schema's, never on the wire, so they are copied either way. A declared length pre-allocates at most
//! [`PREALLOCATE`] elements. Text and bytes are read borrowed, so a lying
//! length is checked against the input before anything is allocated. A
//! list of elements that take no bytes on the wire (nulls, in bincode and
//! postcard) could declare billions of them in a few bytes: a decode
//! reads at most [`ZERO_SIZED`] such elements in all.

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

use serbench_model::{Error, ErrorKind};
use serde::de::{self, DeserializeSeed, EnumAccess, SeqAccess, Unexpected, VariantAccess, Visitor};
use serde::ser::{self, SerializeSeq, SerializeTuple};
use serde::{Deserializer, Serialize, Serializer};

use crate::codec::{Codec, Context, DOCUMENT, Lender};
use crate::schema::{Record, Schema};
use crate::serde_path::SerdeCodec;
use crate::value::{DocText, Lent, Value};

/// The most elements a declared length pre-allocates; more grow as they
/// arrive.
pub const PREALLOCATE: usize = 1024;

/// The most elements of zero wire size one decode reads, all lists
/// together: 32 MiB of [`Value::Null`].
pub const ZERO_SIZED: usize = 1 << 20;

/// Every kind a union member can have, as its variants are named.
const VARIANTS: &[&str] = &[
    "boolean", "integer", "float", "text", "bytes", "list", "map",
];

/// A value as its schema's types would serialize it (see the module docs).
/// A value the schema does not admit is an error naming its path.
pub struct Typed<'a> {
    /// The schema `value` is written with.
    pub schema: &'a Schema,
    /// The value, which the schema admits.
    pub value: &'a Value,
}

impl Serialize for Typed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let node = Node {
            schema: self.schema,
            value: self.value,
        };
        // The walk stops at the first misfit without knowing where it is;
        // only then is the value walked again for the path.
        node.serialize(serializer).map_err(|error| {
            match misfit(self.schema, self.value, &mut String::from("$")) {
                Some((path, what)) => ser::Error::custom(format_args!("{path}: {what}")),
                None => error,
            }
        })
    }
}

/// One place of a [`Typed`] value.
struct Node<'a> {
    schema: &'a Schema,
    value: &'a Value,
}

const NOT_ADMITTED: &str = "a value the schema does not admit";

impl Serialize for Node<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let wrong = || Err(ser::Error::custom(NOT_ADMITTED));
        match (self.schema, self.value) {
            (Schema::Null, Value::Null) => serializer.serialize_unit(),
            (Schema::Bool, Value::Bool(b)) => serializer.serialize_bool(*b),
            (Schema::Int(range), value) if range.fits_64_bits() => match value {
                Value::Int(n) if range.past_i64 && *n >= 0 => {
                    serializer.serialize_u64(n.unsigned_abs())
                }
                Value::Int(n) if !range.past_i64 && (*n >= 0 || range.negative) => {
                    serializer.serialize_i64(*n)
                }
                Value::UInt(n) if range.past_i64 => serializer.serialize_u64(*n),
                _ => wrong(),
            },
            (Schema::Float, Value::Float(x)) => serializer.serialize_f64(*x),
            (Schema::Text, Value::Text(t)) => serializer.serialize_str(t),
            (Schema::Bytes, Value::Bytes(b)) => serializer.serialize_bytes(b),
            (Schema::List(item), Value::List(items)) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for value in items {
                    seq.serialize_element(&Node {
                        schema: item,
                        value,
                    })?;
                }
                seq.end()
            }
            (Schema::Record(record), Value::Map(entries)) => {
                serialize_record(record, entries, serializer)
            }
            (Schema::Nullable(_), Value::Null) => serializer.serialize_none(),
            (Schema::Nullable(inner), value) => serializer.serialize_some(&Node {
                schema: inner,
                value,
            }),
            (Schema::Union(members), value) => {
                let Some(index) = members.iter().position(|m| m.kind() == value.kind()) else {
                    return wrong();
                };
                let member = &members[index];
                serializer.serialize_newtype_variant(
                    "Union",
                    index as u32,
                    member.kind(),
                    &Node {
                        schema: member,
                        value,
                    },
                )
            }
            _ => wrong(),
        }
    }
}

fn serialize_record<S: Serializer>(
    record: &Record,
    entries: &[(String, Value)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let slots = record
        .arrange(entries)
        .map_err(|_| ser::Error::custom(NOT_ADMITTED))?;
    let mut tuple = serializer.serialize_tuple(record.fields.len())?;
    for (field, present) in record.fields.iter().zip(slots) {
        match (present, field.required) {
            (Some(value), true) => tuple.serialize_element(&Node {
                schema: &field.schema,
                value,
            })?,
            (Some(value), false) => tuple.serialize_element(&Present {
                schema: &field.schema,
                value,
            })?,
            (None, false) => tuple.serialize_element(&None::<()>)?,
            (None, true) => return Err(ser::Error::custom(NOT_ADMITTED)),
        }
    }
    tuple.end()
}

/// An optional field that is present.
struct Present<'a> {
    schema: &'a Schema,
    value: &'a Value,
}

impl Serialize for Present<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let node = Node {
            schema: self.schema,
            value: self.value,
        };
        if holds_null(self.schema) {
            serializer.serialize_some(&(node,))
        } else {
            serializer.serialize_some(&node)
        }
    }
}

/// Whether a schema's values include null, so an optional field of it
/// needs the tuple that keeps absent and null apart.
fn holds_null(schema: &Schema) -> bool {
    matches!(schema, Schema::Null | Schema::Nullable(_))
}

/// What a place of a schema whose integers fit no 64-bit type is refused
/// with.
const WIDE: &str =
    "the integers here are both negative and past i64::MAX, which no 64-bit type carries";

/// Where `value` first leaves `schema` (its path) and how; `None` if it
/// does not.
fn misfit(schema: &Schema, value: &Value, path: &mut String) -> Option<(String, String)> {
    use std::fmt::Write as _;
    match (schema, value) {
        (Schema::Int(range), Value::Int(_) | Value::UInt(_)) if !range.fits_64_bits() => {
            Some((path.clone(), WIDE.to_owned()))
        }
        (Schema::List(item), Value::List(items)) => {
            items.iter().enumerate().find_map(|(i, value)| {
                let len = path.len();
                let _ = write!(path, "[{i}]");
                let found = misfit(item, value, path);
                path.truncate(len);
                found
            })
        }
        (Schema::Record(record), Value::Map(entries)) => match record.present(entries) {
            Err(misfit) => Some((path.clone(), misfit.to_string())),
            Ok(present) => present.into_iter().find_map(|(at, value)| {
                let field = &record.fields[at];
                let len = path.len();
                let _ = write!(path, ".{}", field.key);
                let found = misfit(&field.schema, value, path);
                path.truncate(len);
                found
            }),
        },
        (Schema::Nullable(inner), value) if !matches!(value, Value::Null) => {
            misfit(inner, value, path)
        }
        (Schema::Union(members), value) => {
            match members.iter().find(|m| m.kind() == value.kind()) {
                Some(member) => misfit(member, value, path),
                None => Some(not_admitted(schema, value, path)),
            }
        }
        _ if schema.admits(value) => None,
        _ => Some(not_admitted(schema, value, path)),
    }
}

fn not_admitted(schema: &Schema, value: &Value, path: &str) -> (String, String) {
    let wanted = match schema {
        Schema::Union(members) => members
            .iter()
            .map(Schema::kind)
            .collect::<Vec<_>>()
            .join(" or "),
        Schema::Int(range) if !range.negative => "a non-negative integer".to_owned(),
        Schema::Int(_) => "an integer that fits i64".to_owned(),
        other => other.kind().to_owned(),
    };
    (
        path.to_owned(),
        format!("{} where the schema has {wanted}", value.kind()),
    )
}

/// Reads back what [`Typed`] wrote with the same schema, its text of type
/// `S`.
pub struct Seed<'a, S = String> {
    /// The schema the value was written with.
    pub schema: &'a Schema,
    text: PhantomData<fn() -> S>,
}

impl<'a, S> Seed<'a, S> {
    /// The seed of values written with `schema`.
    #[must_use]
    pub fn new(schema: &'a Schema) -> Self {
        Seed {
            schema,
            text: PhantomData,
        }
    }
}

impl<'de, S: DocText<'de>> DeserializeSeed<'de> for Seed<'_, S> {
    type Value = Value<S>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<S>, D::Error> {
        let budget = Cell::new(ZERO_SIZED);
        Place {
            schema: self.schema,
            budget: &budget,
            text: PhantomData,
        }
        .deserialize(deserializer)
    }
}

/// One place being read: its schema and the decode's zero-size budget.
struct Place<'a, S> {
    schema: &'a Schema,
    budget: &'a Cell<usize>,
    text: PhantomData<fn() -> S>,
}

impl<S> Clone for Place<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Place<'_, S> {}

impl<'a, S> Place<'a, S> {
    fn at(self, schema: &'a Schema) -> Place<'a, S> {
        Place { schema, ..self }
    }

    fn wrong<E: de::Error>(self, found: Unexpected<'_>) -> Result<Value<S>, E> {
        Err(de::Error::invalid_type(found, &ExpectedAt(self.schema)))
    }
}
impl<'de, S: DocText<'de>> DeserializeSeed<'de> for Place<'_, S> {
    type Value = Value<S>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<S>, D::Error> {
        match self.schema {
            Schema::Empty => Err(de::Error::custom(
                "an element where the document's lists were all empty",
            )),
            Schema::Null => deserializer.deserialize_unit(self),
            Schema::Bool => deserializer.deserialize_bool(self),
            Schema::Int(range) if range.past_i64 => deserializer.deserialize_u64(self),
            Schema::Int(_) => deserializer.deserialize_i64(self),
            Schema::Float => deserializer.deserialize_f64(self),
            Schema::Text => deserializer.deserialize_str(self),
            Schema::Bytes => deserializer.deserialize_bytes(self),
            Schema::List(_) => deserializer.deserialize_seq(self),
            Schema::Record(record) => deserializer.deserialize_tuple(record.fields.len(), self),
            Schema::Nullable(_) => deserializer.deserialize_option(self),
            Schema::Union(_) => deserializer.deserialize_enum("Union", VARIANTS, self),
        }
    }
}

impl<'de, S: DocText<'de>> Visitor<'de> for Place<'_, S> {
    type Value = Value<S>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        de::Expected::fmt(&ExpectedAt(self.schema), f)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Bool => Ok(Value::Bool(b)),
            _ => self.wrong(Unexpected::Bool(b)),
        }
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Int(_) => Ok(Value::Int(n)),
            _ => self.wrong(Unexpected::Signed(n)),
        }
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Int(_) => Ok(Value::from_u64(n)),
            _ => self.wrong(Unexpected::Unsigned(n)),
        }
    }

    fn visit_f64<E: de::Error>(self, x: f64) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Float => Ok(Value::Float(x)),
            _ => self.wrong(Unexpected::Float(x)),
        }
    }

    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Text => Ok(Value::Text(S::lent(text))),
            _ => self.wrong(Unexpected::Str(text)),
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Text => Ok(Value::Text(S::copied(text))),
            _ => self.wrong(Unexpected::Str(text)),
        }
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Text => Ok(Value::Text(S::owned(text))),
            _ => self.wrong(Unexpected::Str(&text)),
        }
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Bytes => Ok(Value::Bytes(bytes.to_vec())),
            _ => self.wrong(Unexpected::Bytes(bytes)),
        }
    }

    fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Bytes => Ok(Value::Bytes(bytes)),
            _ => self.wrong(Unexpected::Bytes(&bytes)),
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value<S>, E> {
        match self.schema {
            Schema::Null | Schema::Nullable(_) => Ok(Value::Null),
            _ => self.wrong(Unexpected::Unit),
        }
    }

    fn visit_none<E: de::Error>(self) -> Result<Value<S>, E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<S>, D::Error> {
        match self.schema {
            Schema::Nullable(inner) => self.at(inner).deserialize(deserializer),
            _ => self.wrong(Unexpected::Option),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value<S>, A::Error> {
        match self.schema {
            Schema::List(item) => {
                let item = self.at(item);
                let free = wire_zero_sized(item.schema);
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(PREALLOCATE));
                while let Some(value) = seq.next_element_seed(item)? {
                    if free {
                        let left = self.budget.get().checked_sub(1).ok_or_else(|| {
                            de::Error::custom(format_args!(
                                "more than {ZERO_SIZED} elements that take no bytes"
                            ))
                        })?;
                        self.budget.set(left);
                    }
                    items.push(value);
                }
                Ok(Value::List(items))
            }
            Schema::Record(record) => {
                let mut entries = Vec::with_capacity(record.fields.len());
                for (i, field) in record.fields.iter().enumerate() {
                    let place = self.at(&field.schema);
                    let value = if field.required {
                        seq.next_element_seed(place)?.map(Some)
                    } else {
                        seq.next_element_seed(Optional(place))?
                    };
                    let value = value
                        .ok_or_else(|| de::Error::invalid_length(i, &ExpectedAt(self.schema)))?;
                    if let Some(value) = value {
                        entries.push((S::copied(&field.key), value));
                    }
                }
                Ok(Value::Map(entries))
            }
            _ => self.wrong(Unexpected::Seq),
        }
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Value<S>, A::Error> {
        let Schema::Union(members) = self.schema else {
            return self.wrong(Unexpected::Enum);
        };
        let (index, variant) = data.variant_seed(Member(members))?;
        variant.newtype_variant_seed(self.at(&members[index]))
    }
}

/// What a place of `schema` expects, as serde's errors name it.
struct ExpectedAt<'a>(&'a Schema);

impl de::Expected for ExpectedAt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Schema::Record(record) => write!(f, "a record of {} fields", record.fields.len()),
            Schema::Nullable(inner) => write!(f, "null or {}", inner.kind()),
            other => f.write_str(other.kind()),
        }
    }
}

/// Whether values of `schema` may take no bytes in bincode or postcard:
/// nulls, and records of nothing but required such fields.
fn wire_zero_sized(schema: &Schema) -> bool {
    match schema {
        Schema::Null | Schema::Empty => true,
        Schema::Record(record) => record
            .fields
            .iter()
            .all(|f| f.required && wire_zero_sized(&f.schema)),
        _ => false,
    }
}

/// An optional field: `None` when absent, else its value (inside a
/// one-element tuple when the schema holds null).
struct Optional<'a, S>(Place<'a, S>);

impl<'de, S: DocText<'de>> DeserializeSeed<'de> for Optional<'_, S> {
    type Value = Option<Value<S>>;

    fn deserialize<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Option<Value<S>>, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de, S: DocText<'de>> Visitor<'de> for Optional<'_, S> {
    type Value = Option<Value<S>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an optional field")
    }

    fn visit_none<E>(self) -> Result<Option<Value<S>>, E> {
        Ok(None)
    }

    fn visit_unit<E>(self) -> Result<Option<Value<S>>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Option<Value<S>>, D::Error> {
        if holds_null(self.0.schema) {
            deserializer.deserialize_tuple(1, OneOf(self.0)).map(Some)
        } else {
            self.0.deserialize(deserializer).map(Some)
        }
    }
}

/// The one-element tuple around a present optional field that holds null.
struct OneOf<'a, S>(Place<'a, S>);

impl<'de, S: DocText<'de>> Visitor<'de> for OneOf<'_, S> {
    type Value = Value<S>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a one-element tuple")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value<S>, A::Error> {
        seq.next_element_seed(self.0)?
            .ok_or_else(|| de::Error::invalid_length(0, &self))
    }
}

/// A union's variant: the member's index, or its kind where the format
/// writes variant names (MessagePack).
struct Member<'a>(&'a [Schema]);

impl<'de> DeserializeSeed<'de> for Member<'_> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Member<'_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a variant below {}", self.0.len())
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<usize, E> {
        usize::try_from(n)
            .ok()
            .filter(|&n| n < self.0.len())
            .ok_or_else(|| de::Error::invalid_value(Unexpected::Unsigned(n), &self))
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<usize, E> {
        self.0
            .iter()
            .position(|m| m.kind() == name)
            .ok_or_else(|| de::Error::unknown_variant(name, VARIANTS))
    }
}

/// The integers at some place need both signs and the range past
/// `i64::MAX`: the first such place, as an error of `codec` at its path.
fn refuse_wide_integers(codec: &'static str, schema: &Schema) -> Result<(), Error> {
    fn walk(schema: &Schema, path: &mut String) -> Result<(), String> {
        match schema {
            Schema::Int(range) if !range.fits_64_bits() => Err(path.clone()),
            Schema::List(item) => {
                path.push_str("[]");
                walk(item, path)
            }
            Schema::Nullable(inner) => walk(inner, path),
            Schema::Union(members) => members.iter().try_for_each(|m| walk(m, path)),
            Schema::Record(record) => record.fields.iter().try_for_each(|field| {
                let len = path.len();
                path.push('.');
                path.push_str(&field.key);
                walk(&field.schema, path)?;
                path.truncate(len);
                Ok(())
            }),
            _ => Ok(()),
        }
    }
    walk(schema, &mut String::from("$"))
        .map_err(|path| Error::named(ErrorKind::Unsupported, codec, DOCUMENT, WIDE).at_path(path))
}

/// A positional library: [`SerdeCodec`] for a Rust type, and a read through
/// the seed for a document.
pub trait Positional: SerdeCodec {
    /// The codec's id, which the errors of its document name.
    const ID: &'static str;

    /// Whether the library hands the seed text borrowed from the input,
    /// so that a read into a [`Lent`] value copies none: the row then has
    /// a borrowed decode.
    const LENDS: bool;

    /// Reads a whole value written with `schema` from `bytes`, its text
    /// of type `S`.
    ///
    /// # Errors
    ///
    /// What the library or the seed refused, and where.
    fn read_seed<'de, S: DocText<'de>>(
        schema: &Rc<Schema>,
        bytes: &'de [u8],
    ) -> Result<Value<S>, Error>;
}

/// A positional codec over library `L`, for one schema.
struct Schematic<L> {
    schema: Rc<Schema>,
    library: PhantomData<L>,
}

impl<L: Positional> Codec for Schematic<L> {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        let typed = Typed {
            schema: &self.schema,
            value,
        };
        // postcard's error keeps no message of ours: the path is found
        // again here, for every library alike.
        L::write(&typed, out).map_err(|error| {
            match misfit(&self.schema, value, &mut String::from("$")) {
                Some((path, what)) => {
                    Error::named(ErrorKind::Unsupported, L::ID, DOCUMENT, what).at_path(path)
                }
                None => error,
            }
        })
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        L::read_seed(&self.schema, bytes)
    }

    fn lender(&self) -> Option<&dyn Lender> {
        L::LENDS.then_some(self)
    }
}

impl<L: Positional> Lender for Schematic<L> {
    fn borrow<'a>(&'a self, bytes: &'a [u8]) -> Result<Lent<'a>, Error> {
        L::read_seed(&self.schema, bytes)
    }
}

/// Library `L`'s codec of the document `context` describes, under its
/// inferred schema.
///
/// # Errors
///
/// Why the schema has no positional form: past the schema bounds, a
/// place whose integers fit no 64-bit type, records too sparse to write
/// every field for every map.
pub fn schematic<L: Positional + 'static>(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
    let schema = context.inferred(L::ID)?;
    refuse_wide_integers(L::ID, schema)?;
    crate::schema::refuse_sparse_records(L::ID, schema, context.messages)?;
    Ok(Box::new(Schematic::<L> {
        schema: Rc::new(schema.clone()),
        library: PhantomData,
    }))
}
