//! The one value every input is read into and every codec is measured on.
//!
//! A [`Value`] is what the self-describing formats (JSON, CBOR,
//! MessagePack) can say about a document: null, booleans, integers,
//! floats, text, bytes, lists and maps with text keys, in the order the
//! input gave them. It is compared strictly: floats by their bits, maps
//! key by key in order, so a codec that changes a float's last bit, turns
//! bytes into a list or sorts keys fails its row instead of passing as
//! "equal enough". A format whose maps are records of a schema gives keys
//! back in the schema's order, so its rows are compared with
//! [`Value::difference_in_any_key_order`], which holds every key to its
//! value but not to its place. Both compare in time linear in the values:
//! a wide map's keys are looked up through a hash.
//!
//! It goes through serde both ways: a self-describing codec serializes it
//! as it is and deserializes it with [`Value`]'s own `Deserialize`, which
//! refuses nesting deeper than [`MAX_DEPTH`] before any library's stack
//! can overflow.
//!
//! Its text is a type parameter, `String` by default. A [`Lent`] value
//! holds the model's [`Text`] instead: the borrowed decode of a document
//! (`serbench measure`'s `borrow` row) reads its keys and strings as
//! slices of the input wherever the library lends them, with the same
//! checks, and [`Lent::into_owned`](Value::into_owned) gives the value it
//! is verified against.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;

use serbench_model::{Error, ErrorKind, Str, Text, excerpt};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The deepest nesting of lists and maps a value may have: every input
/// reader and every self-describing row's decode refuse a deeper one.
/// It is the deepest serde_json reads (it refuses a 128th level), so a
/// document any input reader takes, every self-describing row carries.
pub const MAX_DEPTH: usize = 127;

/// A document's value, as the self-describing formats carry it, its text
/// of type `S` ([`DocText`]): owned, or lent by the input ([`Lent`]).
#[derive(Clone, Debug)]
pub enum Value<S = String> {
    /// JSON's `null`, CBOR's null or undefined, MessagePack's nil.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer that fits `i64`.
    Int(i64),
    /// An integer past `i64::MAX` that fits `u64`; a value that fits `i64`
    /// is always [`Value::Int`], so one number has one form.
    UInt(u64),
    /// A floating-point number, compared by its bits.
    Float(f64),
    /// Text, valid UTF-8.
    Text(S),
    /// A byte string (CBOR, MessagePack; JSON has none).
    Bytes(Vec<u8>),
    /// An array.
    List(Vec<Value<S>>),
    /// An object or map with text keys, in the input's order.
    Map(Vec<(S, Value<S>)>),
}

/// A value read with its text borrowed from the input where the library
/// lends it: a borrowed decode's result.
pub type Lent<'a> = Value<Text<'a>>;

impl Lent<'_> {
    /// The same value, its text owned: what a borrowed read is verified
    /// against.
    #[must_use]
    pub fn into_owned(self) -> Value {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(b),
            Value::Int(n) => Value::Int(n),
            Value::UInt(n) => Value::UInt(n),
            Value::Float(x) => Value::Float(x),
            Value::Text(text) => Value::Text(text.0.into_owned()),
            Value::Bytes(bytes) => Value::Bytes(bytes),
            Value::List(items) => Value::List(items.into_iter().map(Lent::into_owned).collect()),
            Value::Map(entries) => Value::Map(
                entries
                    .into_iter()
                    .map(|(key, value)| (key.0.into_owned(), value.into_owned()))
                    .collect(),
            ),
        }
    }

    /// How many of its texts, keys included, are slices of the input, and
    /// how many in all.
    #[must_use]
    pub fn texts_lent(&self) -> (usize, usize) {
        fn one(text: &Text<'_>, tally: &mut (usize, usize)) {
            tally.0 += usize::from(text.is_borrowed());
            tally.1 += 1;
        }
        fn count(value: &Lent<'_>, tally: &mut (usize, usize)) {
            match value {
                Value::Text(text) => one(text, tally),
                Value::List(items) => items.iter().for_each(|item| count(item, tally)),
                Value::Map(entries) => {
                    for (key, item) in entries {
                        one(key, tally);
                        count(item, tally);
                    }
                }
                _ => {}
            }
        }
        let mut tally = (0, 0);
        count(self, &mut tally);
        tally
    }
}

/// The text of a [`Value`], made from what a deserializer offers: a slice
/// of the input it lends for `'de`, a passing slice, or a string. Any of
/// the model's string types ([`Str`]: `String`, [`Text`]) is one.
pub trait DocText<'de>: AsRef<str> + Sized {
    /// Text the input lends.
    fn lent(text: &'de str) -> Self;
    /// Text that must be copied, as it lives only for the call.
    fn copied(text: &str) -> Self;
    /// Text already owned.
    fn owned(text: String) -> Self;
}

impl<'de, S: Str<'de> + AsRef<str>> DocText<'de> for S {
    fn lent(text: &'de str) -> Self {
        S::of(Cow::Borrowed(text))
    }

    fn copied(text: &str) -> Self {
        S::of(Cow::Owned(text.to_owned()))
    }

    fn owned(text: String) -> Self {
        S::of(Cow::Owned(text))
    }
}

impl<S> Value<S> {
    /// The integer `n` in its one form.
    #[must_use]
    pub fn from_u64(n: u64) -> Value<S> {
        i64::try_from(n).map_or(Value::UInt(n), Value::Int)
    }

    /// What kind of value this is, as the errors and schemas name it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Int(_) | Value::UInt(_) => "integer",
            Value::Float(_) => "float",
            Value::Text(_) => "text",
            Value::Bytes(_) => "bytes",
            Value::List(_) => "list",
            Value::Map(_) => "map",
        }
    }
}

impl Value {
    /// The first place where `other` differs from `self`, as a path
    /// (`$.items[3].price`) and what differs there; `None` when the two
    /// are equal by [`Value`]'s strict rule.
    #[must_use]
    pub fn difference(&self, other: &Value) -> Option<String> {
        difference(self, other, &mut String::from("$"), KeyOrder::Kept)
    }

    /// As [`Value::difference`], but a map's keys may come back in any
    /// order: what a format whose maps are records in a schema's order
    /// (Protobuf, Avro, Thrift, the positional ones) is held to, as a JSON
    /// object is an unordered collection (RFC 8259).
    #[must_use]
    pub fn difference_in_any_key_order(&self, other: &Value) -> Option<String> {
        difference(self, other, &mut String::from("$"), KeyOrder::Ignored)
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::UInt(a), Value::UInt(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Text(a), Value::Text(b)) => a == b,
            (Value::Bytes(a), Value::Bytes(b)) => a == b,
            (Value::List(a), Value::List(b)) => a == b,
            (Value::Map(a), Value::Map(b)) => a == b,
            _ => false,
        }
    }
}

fn difference(want: &Value, got: &Value, path: &mut String, order: KeyOrder) -> Option<String> {
    use std::fmt::Write as _;
    match (want, got) {
        (Value::List(a), Value::List(b)) => {
            let len = path.len();
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                let _ = write!(path, "[{i}]");
                if let Some(found) = difference(x, y, path, order) {
                    return Some(found);
                }
                path.truncate(len);
            }
            (a.len() != b.len()).then(|| {
                format!(
                    "{path}: a list of {} elements came back with {}",
                    a.len(),
                    b.len()
                )
            })
        }
        (Value::Map(a), Value::Map(b)) => map_difference(a, b, path, order),
        _ if want == got => None,
        _ => Some(format!(
            "{path}: {} came back as {}",
            shown(want),
            shown(got)
        )),
    }
}

/// Whether a comparison holds maps to their key order.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyOrder {
    Kept,
    Ignored,
}

/// Maps this wide or wider are compared through a hash of their keys; a
/// scan of a few keys costs less than building one.
const SCANNED: usize = 16;

/// Each key's first entry in a map, by key: a scan for a narrow map, a
/// hash for a wide one, so comparing two maps is linear in their width.
pub enum MapKeys<'a> {
    /// A narrow map, searched.
    Scan(&'a [(String, Value)]),
    /// A wide map's keys, hashed.
    Hash(HashMap<&'a str, &'a Value>),
}

impl<'a> MapKeys<'a> {
    /// The index of `map`'s keys.
    #[must_use]
    pub fn of(map: &'a [(String, Value)]) -> MapKeys<'a> {
        if map.len() < SCANNED {
            return MapKeys::Scan(map);
        }
        let mut index = HashMap::with_capacity(map.len());
        for (key, value) in map {
            index.entry(key.as_str()).or_insert(value);
        }
        MapKeys::Hash(index)
    }

    /// The value of `key`'s first entry, if the map has the key.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        match self {
            MapKeys::Scan(map) => map.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            MapKeys::Hash(index) => index.get(key).copied(),
        }
    }
}

fn map_difference(
    a: &[(String, Value)],
    b: &[(String, Value)],
    path: &mut String,
    order: KeyOrder,
) -> Option<String> {
    use std::fmt::Write as _;
    let in_b = MapKeys::of(b);
    if order == KeyOrder::Kept {
        let same_keys = a.len() == b.len() && a.iter().all(|(k, _)| in_b.get(k).is_some());
        let in_order = a.iter().zip(b).all(|((k, _), (l, _))| k == l);
        if same_keys && !in_order {
            return Some(format!(
                "{path}: the keys came back in another order ({})",
                keys_shown(b)
            ));
        }
    }
    for (key, x) in a {
        let Some(y) = in_b.get(key) else {
            return Some(format!("{path}: the key {key:?} is missing"));
        };
        let len = path.len();
        let _ = write!(path, ".{key}");
        if let Some(found) = difference(x, y, path, order) {
            return Some(found);
        }
        path.truncate(len);
    }
    let in_a = MapKeys::of(a);
    b.iter()
        .find(|(l, _)| in_a.get(l).is_none())
        .map(|(l, _)| format!("{path}: the key {l:?} was added"))
}

fn keys_shown(map: &[(String, Value)]) -> String {
    let mut keys: Vec<&str> = map.iter().take(4).map(|(k, _)| k.as_str()).collect();
    if map.len() > 4 {
        keys.push("…");
    }
    keys.join(", ")
}

/// A scalar as a difference names it: its kind and a short rendering.
fn shown(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Int(n) => format!("integer {n}"),
        Value::UInt(n) => format!("integer {n}"),
        Value::Float(x) => format!("float {x:?} (bits {:#018x})", x.to_bits()),
        Value::Text(t) if t.len() <= 40 => format!("text {t:?}"),
        Value::Text(t) => format!("text of {} bytes", t.len()),
        Value::Bytes(b) => format!("{} bytes", b.len()),
        Value::List(l) => format!("a list of {}", l.len()),
        Value::Map(m) => format!("a map of {} keys", m.len()),
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            // `none`, not `unit`: cbor4ii writes a unit as an empty array.
            Value::Null => serializer.serialize_none(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Int(n) => serializer.serialize_i64(*n),
            Value::UInt(n) => serializer.serialize_u64(*n),
            Value::Float(x) => serializer.serialize_f64(*x),
            Value::Text(t) => serializer.serialize_str(t),
            Value::Bytes(b) => serializer.serialize_bytes(b),
            Value::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Map(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl<'de, S: DocText<'de>> Deserialize<'de> for Value<S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value<S>, D::Error> {
        Seed {
            depth: 0,
            text: PhantomData,
        }
        .deserialize(deserializer)
    }
}

/// [`Value`]'s deserializer at a depth: past [`MAX_DEPTH`] it refuses.
struct Seed<S> {
    depth: usize,
    text: PhantomData<fn() -> S>,
}

impl<S> Clone for Seed<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Seed<S> {}

impl<S> Seed<S> {
    fn deeper<E: de::Error>(self) -> Result<Seed<S>, E> {
        if self.depth >= MAX_DEPTH {
            return Err(E::custom(format_args!(
                "nesting deeper than {MAX_DEPTH} levels"
            )));
        }
        Ok(Seed {
            depth: self.depth + 1,
            text: PhantomData,
        })
    }
}

impl<'de, S: DocText<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = Value<S>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<S>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, S: DocText<'de>> Visitor<'de> for Seed<S> {
    type Value = Value<S>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value")
    }

    fn visit_unit<E>(self) -> Result<Value<S>, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value<S>, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<S>, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value<S>, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value<S>, E> {
        Ok(Value::Int(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value<S>, E> {
        Ok(Value::from_u64(n))
    }

    fn visit_i128<E: de::Error>(self, n: i128) -> Result<Value<S>, E> {
        if let Ok(n) = i64::try_from(n) {
            Ok(Value::Int(n))
        } else if let Ok(n) = u64::try_from(n) {
            Ok(Value::UInt(n))
        } else {
            Err(E::custom(format_args!(
                "the integer {n} is outside the 64-bit range every format here carries"
            )))
        }
    }

    fn visit_u128<E: de::Error>(self, n: u128) -> Result<Value<S>, E> {
        u64::try_from(n).map(Value::<S>::from_u64).map_err(|_| {
            E::custom(format_args!(
                "the integer {n} is outside the 64-bit range every format here carries"
            ))
        })
    }

    fn visit_f64<E>(self, x: f64) -> Result<Value<S>, E> {
        Ok(Value::Float(x))
    }

    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Value<S>, E> {
        Ok(Value::Text(S::lent(text)))
    }

    fn visit_str<E>(self, text: &str) -> Result<Value<S>, E> {
        Ok(Value::Text(S::copied(text)))
    }

    fn visit_string<E>(self, text: String) -> Result<Value<S>, E> {
        Ok(Value::Text(S::owned(text)))
    }

    fn visit_bytes<E>(self, bytes: &[u8]) -> Result<Value<S>, E> {
        Ok(Value::Bytes(bytes.to_vec()))
    }

    fn visit_byte_buf<E>(self, bytes: Vec<u8>) -> Result<Value<S>, E> {
        Ok(Value::Bytes(bytes))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value<S>, A::Error> {
        let inner = self.deeper()?;
        // The hint is the input's claim: trust it only as far as a small
        // first allocation, so a declared length costs nothing until the
        // elements arrive.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(item) = seq.next_element_seed(inner)? {
            items.push(item);
        }
        Ok(Value::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value<S>, A::Error> {
        let inner = self.deeper()?;
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(1024));
        let mut keys = Keys::default();
        while let Some(key) = map.next_key_seed(inner)? {
            let Value::Text(key) = key else {
                return Err(de::Error::custom(format_args!(
                    "a map key that is {} rather than text: only text keys are measured",
                    key.kind()
                )));
            };
            if keys.repeats(&entries, key.as_ref()) {
                return Err(de::Error::custom(duplicate_key(key.as_ref())));
            }
            let value = map.next_value_seed(inner)?;
            entries.push((key, value));
        }
        Ok(Value::Map(entries))
    }
}

/// Why a map that names a key twice is refused, quoting the key.
///
/// RFC 8259 leaves such an object's meaning to each reader, and readers
/// differ (the first wins, the last wins, both are kept): a document
/// that says it would be measured as something its author may not have
/// meant, and the schema formats, whose records name a field once, could
/// not carry it. So every reader refuses it: a duplicate key has no one
/// meaning.
#[must_use]
pub fn duplicate_key(key: &str) -> String {
    format!("the key {} twice in one map", excerpt::shown(key))
}

/// The keys of a map being read, for finding a repeated one as it is
/// read: small maps are searched, a wide one's keys hashed, so a map of
/// n keys costs about n steps, not n².
#[derive(Default)]
pub struct Keys {
    hashes: Option<(std::hash::RandomState, std::collections::HashSet<u64>)>,
}

impl Keys {
    /// Searching costs less than hashing up to about this many keys.
    const SEARCHED: usize = 16;

    /// Whether `key` is one of `entries`' keys already; `entries` are the
    /// map's entries so far, each one seen by an earlier call.
    pub fn repeats<S: AsRef<str>>(&mut self, entries: &[(S, Value<S>)], key: &str) -> bool {
        use std::hash::BuildHasher as _;
        if entries.len() < Self::SEARCHED {
            return entries.iter().any(|(earlier, _)| earlier.as_ref() == key);
        }
        let (state, hashes) = self.hashes.get_or_insert_with(|| {
            let state = std::hash::RandomState::new();
            let hashes = entries
                .iter()
                .map(|(k, _)| state.hash_one(k.as_ref()))
                .collect();
            (state, hashes)
        });
        // A hash seen before is confirmed by a search, which a random
        // state keeps rare whatever the keys are.
        !hashes.insert(state.hash_one(key))
            && entries.iter().any(|(earlier, _)| earlier.as_ref() == key)
    }
}

/// Refuses what JSON's data model cannot carry: a float that is not
/// finite, or a byte string. serde_json writes `null` for NaN and a list
/// of numbers for bytes, a silent change, so the JSON codecs refuse them
/// with the path; XML's representation of JSON (XPath 3.1's) shares the
/// model, and refuses them too.
///
/// # Errors
///
/// The first such value, what it is and where (`$.items[3].price`), as
/// [`first_problem`]'s.
pub fn json_carries(codec: &'static str, messages: &[Value]) -> Result<(), Error> {
    first_problem(codec, messages, &json_problem)
}

/// What JSON cannot say about `value` itself (not its elements), if any.
#[must_use]
pub fn json_problem(value: &Value) -> Option<String> {
    match value {
        Value::Float(x) if !x.is_finite() => Some(format!("JSON has no {x}, only finite floats")),
        Value::Bytes(_) => Some("JSON has no byte strings".to_owned()),
        _ => None,
    }
}

/// The first value in `messages`, depth first, that `problem` finds
/// fault with, as an error of `codec` (its id) that says what and where
/// (`$.items[3].price`).
///
/// # Errors
///
/// That value's problem, an [`ErrorKind::Unsupported`] at its path.
pub fn first_problem(
    codec: &'static str,
    messages: &[Value],
    problem: &dyn Fn(&Value) -> Option<String>,
) -> Result<(), Error> {
    fn walk(
        value: &Value,
        problem: &dyn Fn(&Value) -> Option<String>,
        path: &mut String,
    ) -> Result<(), (String, String)> {
        use std::fmt::Write as _;
        if let Some(what) = problem(value) {
            return Err((what, path.clone()));
        }
        match value {
            Value::List(items) => items.iter().enumerate().try_for_each(|(i, item)| {
                let len = path.len();
                let _ = write!(path, "[{i}]");
                walk(item, problem, path)?;
                path.truncate(len);
                Ok(())
            }),
            Value::Map(entries) => entries.iter().try_for_each(|(key, item)| {
                let len = path.len();
                let _ = write!(path, ".{key}");
                walk(item, problem, path)?;
                path.truncate(len);
                Ok(())
            }),
            _ => Ok(()),
        }
    }
    messages
        .iter()
        .try_for_each(|message| walk(message, problem, &mut String::from("$")))
        .map_err(|(what, path)| {
            Error::named(ErrorKind::Unsupported, codec, crate::DOCUMENT, what).at_path(path)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_compare_by_bits() {
        assert_ne!(Value::Float(0.0), Value::Float(-0.0));
        assert_eq!(Value::Float(f64::NAN), Value::Float(f64::NAN));
        assert_ne!(Value::Int(1), Value::Float(1.0));
    }

    #[test]
    fn a_difference_names_its_path() {
        let want: Value = serde_json::from_str(r#"{"a": [1, {"b": 2.5}]}"#).unwrap();
        let got: Value = serde_json::from_str(r#"{"a": [1, {"b": 2}]}"#).unwrap();
        let found = want.difference(&got).unwrap();
        assert!(found.starts_with("$.a[1].b: float 2.5"), "{found}");
        assert_eq!(want.difference(&want.clone()), None);
        let reordered: Value = serde_json::from_str(r#"{"b": 1, "a": 2}"#).unwrap();
        let ordered: Value = serde_json::from_str(r#"{"a": 2, "b": 1}"#).unwrap();
        let found = ordered.difference(&reordered).unwrap();
        assert!(found.contains("another order"), "{found}");
    }

    #[test]
    fn a_lent_value_borrows_its_text_and_keeps_the_checks() {
        let text = r#"{"name": "plain", "note": "with\"escape", "list": ["x", 1]}"#;
        let lent: Lent<'_> = serde_json::from_str(text).unwrap();
        // Four keys and strings lent; the escaped string is copied.
        assert_eq!(lent.texts_lent(), (5, 6));
        let owned: Value = serde_json::from_str(text).unwrap();
        assert_eq!(lent.into_owned(), owned);
        let twice = serde_json::from_str::<Lent<'_>>(r#"{"a": 1, "a": 2}"#).unwrap_err();
        assert!(twice.to_string().contains("twice"), "{twice}");
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(serde_json::from_str::<Lent<'_>>(&deep).is_err());
    }

    #[test]
    fn integers_have_one_form() {
        assert_eq!(Value::from_u64(5), Value::Int(5));
        assert_eq!(Value::from_u64(u64::MAX), Value::UInt(u64::MAX));
        let big: Value = serde_json::from_str("18446744073709551615").unwrap();
        assert_eq!(big, Value::UInt(u64::MAX));
    }
}
