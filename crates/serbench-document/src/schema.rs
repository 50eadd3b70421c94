//! The schema inferred from a document, which every schema format writes
//! in its own language.
//!
//! One pass over the values builds a [`Schema`]: a map becomes a
//! [`Record`] whose fields are the keys in an order the maps agree with,
//! a key missing from some of a record's maps is not [`Field::required`],
//! a list
//! holds the merge of all its elements, and a place where values of
//! several kinds meet is a [`Schema::Union`] of one schema per kind (null
//! apart: a null beside another kind makes it [`Schema::Nullable`]).
//! Integers and floats are different kinds; an integer schema keeps
//! whether it saw a negative value and a value past `i64::MAX`, so a
//! format picks a signed or unsigned type, or refuses a field that needs
//! both.
//!
//! A map is a record's whatever the order of its keys: every format finds
//! a map's fields by key ([`Record::field_of`], a hash), in time linear in
//! the map's width. Identifiers are unique in their record and record
//! names in the schema (`_2`, `_3`… after a name taken, each wanted name
//! keeping its next suffix, so many keys that clean alike cost linear
//! time), and a record name is cut to 64 bytes before its suffix, so that
//! names, each a parent's with its key after it, do not grow with depth.
//!
//! # Bounds
//!
//! A format that writes every field of a record for each map, present or
//! not (the positional formats, Avro), writes `fields × maps`: maps whose
//! keys all differ (`{"f0": 0}`, `{"f1": 1}`, …) make one record of every
//! key, and that product grows as the square of the input. Such a row
//! refuses a document past [`FIELDS_PER_VALUE`] fields written per value
//! in the document (with 65 536 to spare), naming the limit; the formats
//! that write only the fields present (Protobuf, Thrift) measure it.
//!
//! Every schema row refuses a schema past [`MAX_FIELDS`] record fields in
//! all ([`Schema::refuse_oversized`], which
//! [`Context::inferred`](crate::Context::inferred) calls): what a schema
//! library holds per field outgrows what a short key costs in the
//! document.
//!
//! # Why not genson-rs
//!
//! genson-rs and genson-core infer JSON Schema from samples, which is the
//! job here in outline. They were not used: their output is a JSON Schema
//! document as `serde_json::Value`, which every format below would have to
//! parse back into types; JSON Schema has no byte strings, no distinction
//! between a 64-bit signed and unsigned integer and no ordered record
//! fields, all of which the CBOR and MessagePack inputs and the schema
//! formats need; and they bring their own JSON parser (simd-json),
//! allocator (mimalloc) and thread pool (rayon), none of which a library a
//! user links into a test should carry. The inference is one small pass
//! over [`Value`], tested here.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use serbench_model::{Error, ErrorKind};

use crate::codec::DOCUMENT;
use crate::value::Value;

/// The type of a place in the document, as every value seen there says.
#[derive(Clone, Debug, PartialEq)]
pub enum Schema {
    /// Nothing was ever seen here: the elements of lists that were all
    /// empty. Any type carries it; the formats write the simplest.
    Empty,
    /// Only nulls.
    Null,
    /// Booleans.
    Bool,
    /// Integers.
    Int(IntRange),
    /// Floats.
    Float,
    /// Text.
    Text,
    /// Byte strings.
    Bytes,
    /// Lists whose elements have this schema.
    List(Box<Schema>),
    /// Maps with these keys.
    Record(Record),
    /// Null, or a value of the inner schema (never `Empty`, `Null`,
    /// `Nullable`).
    Nullable(Box<Schema>),
    /// Values of two or more kinds, at most one schema per kind, in the
    /// order first seen (never `Empty`, `Null`, `Nullable` or a union).
    Union(Vec<Schema>),
}

/// What the integers at a place need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IntRange {
    /// Some value was negative.
    pub negative: bool,
    /// Some value was past `i64::MAX`.
    pub past_i64: bool,
}

impl IntRange {
    /// Whether one 64-bit type carries every value: not both a negative
    /// one and one past `i64::MAX`.
    #[must_use]
    pub fn fits_64_bits(self) -> bool {
        !(self.negative && self.past_i64)
    }
}

/// A map's shape: its name in the schemas and its fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// A name unique in the schema, an identifier every schema language
    /// takes (`Document`, `Items`, `ItemsAuthor`).
    pub name: String,
    /// The keys, in an order the maps agree with where one exists (the
    /// order first seen otherwise). A map may give its keys in any order:
    /// they are looked up by name.
    pub fields: Vec<Field>,
    /// Each field's position by key, built on first use.
    index: KeyIndex,
}

/// A record's fields by key: a hash, so that finding a map's fields costs
/// the map's width, not the record's.
#[derive(Clone, Default)]
struct KeyIndex(OnceLock<Index>);

/// Each field's position by key, and how many fields are required.
#[derive(Clone)]
struct Index {
    at: HashMap<String, usize>,
    /// The required fields' positions.
    required: Vec<usize>,
}

impl PartialEq for KeyIndex {
    /// The index follows from the fields, which the record compares.
    fn eq(&self, _: &KeyIndex) -> bool {
        true
    }
}

impl std::fmt::Debug for KeyIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyIndex")
    }
}

/// Why a map's entries are not a record's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misfit<'a> {
    /// A key the record has no field for.
    Stray(&'a str),
    /// A key given twice.
    Twice(&'a str),
    /// A required field's key, which the map lacks.
    Missing(&'a str),
}

impl std::fmt::Display for Misfit<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Misfit::Stray(key) => write!(f, "the key {key:?} is not in the schema"),
            Misfit::Twice(key) => write!(f, "the key {key:?} is given twice"),
            Misfit::Missing(key) => {
                write!(f, "the key {key:?}, which the schema requires, is missing")
            }
        }
    }
}

/// One key of a record.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The key as the document spells it.
    pub key: String,
    /// The key as an identifier every schema language takes (ASCII letters,
    /// digits and `_`, starting with a letter), unique in its record.
    pub ident: String,
    /// Its values' schema.
    pub schema: Schema,
    /// Whether every map of the record has the key.
    pub required: bool,
}

impl Schema {
    /// The schema of `values`, the messages of one document, with the
    /// top record named `root`.
    #[must_use]
    pub fn infer<'a>(values: impl IntoIterator<Item = &'a Value>, root: &str) -> Schema {
        let mut shape = Shape::default();
        for value in values {
            shape.add(value);
        }
        let mut names = Names::default();
        shape.finish(&ident_case(root, "Document"), &mut names)
    }

    /// How many levels of lists and maps deep its values nest: a
    /// document's depth, as the readers' nesting limit counts it.
    #[must_use]
    pub fn depth(&self) -> usize {
        match self {
            Schema::List(item) => 1 + item.depth(),
            Schema::Record(record) => {
                1 + record
                    .fields
                    .iter()
                    .map(|f| f.schema.depth())
                    .max()
                    .unwrap_or(0)
            }
            Schema::Nullable(inner) => inner.depth(),
            Schema::Union(members) => members.iter().map(Schema::depth).max().unwrap_or(0),
            _ => 0,
        }
    }

    /// How many record fields it has, in all its records: the size of
    /// the schema a format writes, compiles and holds.
    #[must_use]
    pub fn fields(&self) -> usize {
        match self {
            Schema::List(item) | Schema::Nullable(item) => item.fields(),
            Schema::Record(record) => record.fields.iter().fold(record.fields.len(), |n, f| {
                n.saturating_add(f.schema.fields())
            }),
            Schema::Union(members) => members.iter().fold(0, |n, m| n.saturating_add(m.fields())),
            _ => 0,
        }
    }

    /// Refuses a schema past [`MAX_FIELDS`] record fields, for a row that
    /// writes it in its own schema language: maps with so many distinct
    /// keys are data, not records.
    ///
    /// # Errors
    ///
    /// The reason, naming the count and the limit, as an
    /// [`ErrorKind::Unsupported`] of `codec` (its id).
    pub fn refuse_oversized(&self, codec: &'static str) -> Result<(), Error> {
        let fields = self.fields();
        if fields > MAX_FIELDS {
            return Err(Error::named(
                ErrorKind::Unsupported,
                codec,
                DOCUMENT,
                format!(
                    "the inferred schema has {fields} record fields, past the {MAX_FIELDS} a schema row writes"
                ),
            ));
        }
        Ok(())
    }

    /// The kind this schema holds, as errors name it.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Schema::Empty => "nothing",
            Schema::Null => "null",
            Schema::Bool => "boolean",
            Schema::Int(_) => "integer",
            Schema::Float => "float",
            Schema::Text => "text",
            Schema::Bytes => "bytes",
            Schema::List(_) => "list",
            Schema::Record(_) => "map",
            Schema::Nullable(_) => "nullable",
            Schema::Union(_) => "union",
        }
    }

    /// Whether `value` is of this schema (a value of the document it was
    /// inferred from always is): what a format checks before it writes a
    /// value with a schema.
    #[must_use]
    pub fn admits(&self, value: &Value) -> bool {
        match (self, value) {
            (Schema::Null | Schema::Nullable(_), Value::Null)
            | (Schema::Bool, Value::Bool(_))
            | (Schema::Float, Value::Float(_))
            | (Schema::Text, Value::Text(_))
            | (Schema::Bytes, Value::Bytes(_)) => true,
            (Schema::Int(range), Value::Int(n)) => *n >= 0 || range.negative,
            (Schema::Int(range), Value::UInt(_)) => range.past_i64,
            (Schema::List(item), Value::List(items)) => items.iter().all(|i| item.admits(i)),
            (Schema::Record(record), Value::Map(entries)) => record.admits(entries),
            (Schema::Nullable(inner), value) => inner.admits(value),
            (Schema::Union(members), value) => members.iter().any(|m| m.admits(value)),
            _ => false,
        }
    }

    /// Every record in the schema, this one first, each once, parents
    /// before children.
    #[must_use]
    pub fn records(&self) -> Vec<&Record> {
        let mut out = Vec::new();
        self.collect_records(&mut out);
        out
    }

    fn collect_records<'a>(&'a self, out: &mut Vec<&'a Record>) {
        match self {
            Schema::Record(record) => {
                out.push(record);
                for field in &record.fields {
                    field.schema.collect_records(out);
                }
            }
            Schema::List(item) | Schema::Nullable(item) => item.collect_records(out),
            Schema::Union(members) => {
                for member in members {
                    member.collect_records(out);
                }
            }
            _ => {}
        }
    }
}

impl Record {
    /// A record of `fields` named `name`.
    #[must_use]
    pub fn new(name: String, fields: Vec<Field>) -> Record {
        Record {
            name,
            fields,
            index: KeyIndex::default(),
        }
    }

    fn index(&self) -> &Index {
        self.index.0.get_or_init(|| {
            let mut at = HashMap::with_capacity(self.fields.len());
            for (i, field) in self.fields.iter().enumerate() {
                at.entry(field.key.clone()).or_insert(i);
            }
            let required = (0..self.fields.len())
                .filter(|&i| self.fields[i].required)
                .collect();
            Index { at, required }
        })
    }

    /// The position of `key`'s field, if the record has one.
    #[must_use]
    pub fn field_of(&self, key: &str) -> Option<usize> {
        self.index().at.get(key).copied()
    }

    /// Whether a map's entries are this record's: known keys only, each
    /// once, in any order, every required one present, every value of its
    /// field's schema.
    #[must_use]
    pub fn admits(&self, entries: &[(String, Value)]) -> bool {
        self.present(entries).is_ok_and(|present| {
            present
                .iter()
                .all(|&(at, value)| self.fields[at].schema.admits(value))
        })
    }

    /// A map's entries as this record's fields: each present one's
    /// position and value, in field order, whatever the map's key order.
    /// It takes time in the map's width, not the record's (but for naming
    /// a missing key, on the way to an error).
    pub fn present<'v>(
        &'v self,
        entries: &'v [(String, Value)],
    ) -> Result<Vec<(usize, &'v Value)>, Misfit<'v>> {
        let mut present = Vec::with_capacity(entries.len());
        for (key, value) in entries {
            let at = self.field_of(key).ok_or(Misfit::Stray(key))?;
            present.push((at, value));
        }
        present.sort_unstable_by_key(|&(at, _)| at);
        if let Some(pair) = present.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(Misfit::Twice(&self.fields[pair[0].0].key));
        }
        let required = present
            .iter()
            .filter(|&&(at, _)| self.fields[at].required)
            .count();
        if required < self.index().required.len() {
            let mut given = present.iter().map(|&(at, _)| at).peekable();
            let missing = self.fields.iter().enumerate().find(|&(at, field)| {
                let here = given.next_if_eq(&at).is_some();
                field.required && !here
            });
            let key = missing.map_or("", |(_, field)| field.key.as_str());
            return Err(Misfit::Missing(key));
        }
        Ok(present)
    }

    /// This record with its fields' keys and nothing below them: what a
    /// format that keeps its own types for the fields needs to find a
    /// map's fields by key.
    #[must_use]
    pub fn keys_only(&self) -> Record {
        let fields = self
            .fields
            .iter()
            .map(|field| Field {
                key: field.key.clone(),
                ident: field.ident.clone(),
                schema: Schema::Empty,
                required: field.required,
            })
            .collect();
        Record::new(self.name.clone(), fields)
    }

    /// The positions of the required fields.
    pub fn required_fields(&self) -> &[usize] {
        &self.index().required
    }

    /// A map's values in field order, `None` where the map lacks the key.
    pub fn arrange<'v>(
        &'v self,
        entries: &'v [(String, Value)],
    ) -> Result<Vec<Option<&'v Value>>, Misfit<'v>> {
        let mut slots = vec![None; self.fields.len()];
        for (at, value) in self.present(entries)? {
            slots[at] = Some(value);
        }
        Ok(slots)
    }
}

/// The most record fields, in all its records, of a schema that a schema
/// row writes, compiles and holds. A schema library keeps a few kilobytes
/// per field (protox and prost-reflect about 3 KB, apache-avro about
/// 1.5 KB), more than the keys cost in the document; past this many, the
/// memory a run takes would grow faster than the input. It is also where
/// Thrift's field ids stop (32 767).
pub const MAX_FIELDS: usize = 1 << 15;

/// The most record fields a format that writes every field of a record,
/// present or not (the positional formats, Avro), may write for a
/// document, per value the document holds; and a library that holds a
/// slot for every field (rust-protobuf's dynamic messages), hold.
pub const FIELDS_PER_VALUE: usize = 16;

/// Fields written that need no values to pay for them: a small document
/// with a wide record is measured.
const FIELDS_FREE: usize = 1 << 16;

/// Refuses `messages` where writing every field of every map's record
/// would be out of proportion to the document: past [`FIELDS_PER_VALUE`]
/// fields per value, with `FIELDS_FREE` to spare. Maps whose keys vary
/// (`{"f0": 0}`, `{"f1": 1}`, …) make one record of every key, which such a
/// format writes in full for each map: output that grows as the square of
/// the input.
///
/// # Errors
///
/// The fields and values counted and the limit, as an
/// [`ErrorKind::Unsupported`] of `codec` (its id).
pub fn refuse_sparse_records(
    codec: &'static str,
    schema: &Schema,
    messages: &[Value],
) -> Result<(), Error> {
    let mut tally = Tally::default();
    for message in messages {
        tally.walk(schema, message);
    }
    let limit = tally
        .values
        .saturating_mul(FIELDS_PER_VALUE)
        .saturating_add(FIELDS_FREE);
    if tally.fields > limit {
        return Err(Error::named(
            ErrorKind::Unsupported,
            codec,
            DOCUMENT,
            format!(
                "maps of varying keys take {} record fields for {} values, past {FIELDS_PER_VALUE} per value",
                tally.fields, tally.values
            ),
        ));
    }
    Ok(())
}

/// Values seen and record fields that a format writing every field writes.
#[derive(Default)]
struct Tally {
    values: usize,
    fields: usize,
}

impl Tally {
    fn walk(&mut self, schema: &Schema, value: &Value) {
        self.values += 1;
        match (schema, value) {
            (Schema::List(item), Value::List(items)) => {
                for value in items {
                    self.walk(item, value);
                }
            }
            (Schema::Record(record), Value::Map(entries)) => {
                self.fields = self.fields.saturating_add(record.fields.len());
                for (key, value) in entries {
                    if let Some(at) = record.field_of(key) {
                        self.walk(&record.fields[at].schema, value);
                    }
                }
            }
            (Schema::Nullable(inner), value) if !matches!(value, Value::Null) => {
                self.values -= 1;
                self.walk(inner, value);
            }
            (Schema::Union(members), value) => {
                if let Some(member) = members.iter().find(|m| m.kind() == value.kind()) {
                    self.values -= 1;
                    self.walk(member, value);
                }
            }
            _ => {}
        }
    }
}

/// What has been seen at one place.
#[derive(Default)]
struct Shape {
    null: bool,
    kinds: Vec<Kind>,
}

/// One kind seen at a place, with what it needs.
enum Kind {
    Bool,
    Int(IntRange),
    Float,
    Text,
    Bytes,
    List(Box<Shape>),
    /// Boxed: a map's shape is wide, and every leaf holds a `Kind`.
    Map(Box<MapShape>),
}

#[derive(Default)]
struct MapShape {
    maps: usize,
    /// Each key seen: its values' shape and in how many maps it was.
    fields: Vec<(String, Shape, usize)>,
    index: HashMap<String, usize>,
    /// `(a, b)`: some map has key `b` right after key `a` (indices into
    /// `fields`).
    follows: HashSet<(usize, usize)>,
}

impl Kind {
    fn rank(&self) -> u8 {
        match self {
            Kind::Bool => 0,
            Kind::Int(_) => 1,
            Kind::Float => 2,
            Kind::Text => 3,
            Kind::Bytes => 4,
            Kind::List(_) => 5,
            Kind::Map(_) => 6,
        }
    }
}

fn rank_of(value: &Value) -> Option<u8> {
    Some(match value {
        Value::Null => return None,
        Value::Bool(_) => 0,
        Value::Int(_) | Value::UInt(_) => 1,
        Value::Float(_) => 2,
        Value::Text(_) => 3,
        Value::Bytes(_) => 4,
        Value::List(_) => 5,
        Value::Map(_) => 6,
    })
}

impl Shape {
    fn add(&mut self, value: &Value) {
        let Some(rank) = rank_of(value) else {
            self.null = true;
            return;
        };
        let kind = if let Some(found) = self.kinds.iter_mut().find(|k| k.rank() == rank) {
            found
        } else {
            self.kinds.push(match value {
                Value::Bool(_) => Kind::Bool,
                Value::Int(_) | Value::UInt(_) => Kind::Int(IntRange::default()),
                Value::Float(_) => Kind::Float,
                Value::Text(_) => Kind::Text,
                Value::Bytes(_) => Kind::Bytes,
                Value::List(_) => Kind::List(Box::default()),
                Value::Map(_) | Value::Null => Kind::Map(Box::default()),
            });
            self.kinds.last_mut().expect("just pushed")
        };
        match (kind, value) {
            (Kind::Int(range), Value::Int(n)) => range.negative |= *n < 0,
            (Kind::Int(range), Value::UInt(_)) => range.past_i64 = true,
            (Kind::List(item), Value::List(items)) => {
                for element in items {
                    item.add(element);
                }
            }
            (Kind::Map(map), Value::Map(entries)) => {
                map.maps += 1;
                let mut previous = None;
                for (key, value) in entries {
                    let at = map.field(key, previous);
                    let (_, shape, present) = &mut map.fields[at];
                    shape.add(value);
                    *present += 1;
                    previous = Some(at);
                }
            }
            _ => {}
        }
    }

    /// The schema of what was seen, records named from `name`.
    fn finish(self, name: &str, names: &mut Names) -> Schema {
        let single = self.kinds.len() == 1;
        let mut members: Vec<Schema> = self
            .kinds
            .into_iter()
            .map(|kind| match kind {
                Kind::Bool => Schema::Bool,
                Kind::Int(range) => Schema::Int(range),
                Kind::Float => Schema::Float,
                Kind::Text => Schema::Text,
                Kind::Bytes => Schema::Bytes,
                Kind::List(item) => Schema::List(Box::new(item.finish(name, names))),
                Kind::Map(map) => Schema::Record((*map).finish(name, names)),
            })
            .collect();
        let inner = match members.len() {
            0 => {
                return if self.null {
                    Schema::Null
                } else {
                    Schema::Empty
                };
            }
            1 if single => members.pop().expect("one member"),
            _ => Schema::Union(members),
        };
        if self.null {
            Schema::Nullable(Box::new(inner))
        } else {
            inner
        }
    }
}

impl MapShape {
    /// The index of `key`'s field, added if new, and the fact that it
    /// follows `previous` in a map.
    fn field(&mut self, key: &str, previous: Option<usize>) -> usize {
        let at = if let Some(&at) = self.index.get(key) {
            at
        } else {
            self.fields.push((key.to_owned(), Shape::default(), 0));
            self.index.insert(key.to_owned(), self.fields.len() - 1);
            self.fields.len() - 1
        };
        if let Some(before) = previous {
            self.follows.insert((before, at));
        }
        at
    }

    /// The fields' order: one every map agrees with where the maps' orders
    /// allow one (keys only some maps have, `discount` in one, `weight` in
    /// another, both in a third, go where each map has them), the order
    /// first seen breaking ties; where no order fits every map, the order
    /// first seen. The formats find a map's fields by key, so the maps
    /// that differ are carried all the same.
    fn order(&self) -> Vec<usize> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let n = self.fields.len();
        let mut before = vec![0usize; n];
        let mut after: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b) in &self.follows {
            if a != b {
                before[b] += 1;
                after[a].push(b);
            }
        }
        let mut ready: BinaryHeap<Reverse<usize>> =
            (0..n).filter(|&i| before[i] == 0).map(Reverse).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(Reverse(i)) = ready.pop() {
            order.push(i);
            for &j in &after[i] {
                before[j] -= 1;
                if before[j] == 0 {
                    ready.push(Reverse(j));
                }
            }
        }
        if order.len() == n {
            order
        } else {
            (0..n).collect()
        }
    }

    fn finish(self, name: &str, names: &mut Names) -> Record {
        let name = names.record(name);
        let mut idents = Unique::default();
        let order = self.order();
        let mut slots: Vec<Option<(String, Shape, usize)>> =
            self.fields.into_iter().map(Some).collect();
        let fields = order
            .iter()
            .filter_map(|&at| slots[at].take())
            .map(|(key, shape, present)| {
                let ident = idents.give(&ident_snake(&key));
                let child = format!("{name}{}", ident_case(&key, "Field"));
                Field {
                    schema: shape.finish(&child, names),
                    required: present == self.maps,
                    key,
                    ident,
                }
            })
            .collect();
        Record::new(name, fields)
    }
}

/// The record names given so far, so each is unique.
#[derive(Default)]
struct Names {
    taken: Unique,
}

impl Names {
    /// A unique record name from `wanted`, cut to [`NAME_LEN`] bytes: a
    /// child's name is its parent's with its key after it, which would
    /// otherwise grow with every level of a deep document.
    fn record(&mut self, wanted: &str) -> String {
        self.taken.give(&wanted[..wanted.len().min(NAME_LEN)])
    }
}

/// The longest record name wanted, before a `_2` suffix.
const NAME_LEN: usize = 64;

/// Names given so far, each once: `wanted`, or `wanted_2`, `wanted_3`…
/// when it is taken. Names may be compared folded (protoc's JSON names
/// clash without regard to case and underscores). Each wanted name keeps
/// the next suffix to try, so n names that clean alike cost time linear
/// in n, not a scan from `_2` each.
#[derive(Debug)]
pub struct Unique {
    /// Every name given or reserved, folded.
    taken: HashSet<String>,
    /// For each wanted name, the suffix to try next.
    next: HashMap<String, usize>,
    fold: fn(&str) -> String,
}

impl Default for Unique {
    fn default() -> Unique {
        Unique::folded(str::to_owned)
    }
}

impl Unique {
    /// Names that are taken when their `fold`s are equal.
    pub fn folded(fold: fn(&str) -> String) -> Unique {
        Unique {
            taken: HashSet::new(),
            next: HashMap::new(),
            fold,
        }
    }

    /// Marks `name` taken; whether it was free.
    pub fn reserve(&mut self, name: &str) -> bool {
        self.taken.insert((self.fold)(name))
    }

    /// Whether `name` is taken.
    #[must_use]
    pub fn contains(&self, name: &str) -> bool {
        self.taken.contains(&(self.fold)(name))
    }

    /// `wanted`, or `wanted_2`, `wanted_3`… when it is taken; then taken.
    pub fn give(&mut self, wanted: &str) -> String {
        if self.reserve(wanted) {
            return wanted.to_owned();
        }
        let next = self.next.entry(wanted.to_owned()).or_insert(2);
        loop {
            let name = format!("{wanted}_{next}");
            *next += 1;
            if self.taken.insert((self.fold)(&name)) {
                return name;
            }
        }
    }
}

/// `key` as a field identifier: ASCII letters, digits and `_`, starting
/// with a letter (`first name` → `first_name`, `@id` → `f_id`, `2x` →
/// `f_2x`).
fn ident_snake(key: &str) -> String {
    let mut ident: String = key
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if !ident.starts_with(|c: char| c.is_ascii_alphabetic()) {
        ident.insert_str(0, "f_");
    }
    ident
}

/// `key` as a type name: its ASCII letters and digits in words, each
/// capitalised (`first name` → `FirstName`); `fallback` when it has none,
/// and a name that would start with a digit gets it in front.
/// A document or type name as a type name in every schema language
/// (`my doc` → `MyDoc`, `int64` → `Int64`), `Document` when it has no
/// ASCII letter or digit and in front of one starting with a digit.
#[must_use]
pub fn camel(name: &str) -> String {
    ident_case(name, "Document")
}

fn ident_case(key: &str, fallback: &str) -> String {
    let mut name = String::new();
    for word in key.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            name.push(first.to_ascii_uppercase());
            name.extend(chars);
        }
    }
    if name.is_empty() {
        fallback.to_owned()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{fallback}{name}")
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn maps_become_records_and_missing_keys_optional() {
        let docs = [
            json(r#"{"id": 1, "name": "a"}"#),
            json(r#"{"id": -2, "tags": ["x"]}"#),
        ];
        let schema = Schema::infer(&docs, "doc");
        let Schema::Record(record) = &schema else {
            panic!("{schema:?}")
        };
        assert_eq!(record.name, "Doc");
        let fields: Vec<(&str, bool)> = record
            .fields
            .iter()
            .map(|f| (f.key.as_str(), f.required))
            .collect();
        assert_eq!(fields, [("id", true), ("name", false), ("tags", false)]);
        assert_eq!(
            record.fields[0].schema,
            Schema::Int(IntRange {
                negative: true,
                past_i64: false
            })
        );
        assert_eq!(
            record.fields[2].schema,
            Schema::List(Box::new(Schema::Text))
        );
        for doc in &docs {
            assert!(schema.admits(doc));
        }
    }

    #[test]
    fn kinds_that_meet_are_a_union_and_null_makes_it_nullable() {
        let doc = json(r#"[1, 2.5, null, "x", 3]"#);
        let schema = Schema::infer([&doc], "doc");
        assert_eq!(
            schema,
            Schema::List(Box::new(Schema::Nullable(Box::new(Schema::Union(vec![
                Schema::Int(IntRange::default()),
                Schema::Float,
                Schema::Text,
            ])))))
        );
        assert!(schema.admits(&doc));
        assert!(!schema.admits(&json("[true]")));
    }

    #[test]
    fn empty_lists_and_lone_nulls() {
        let schema = Schema::infer([&json(r#"{"a": [], "b": null}"#)], "x");
        let Schema::Record(record) = schema else {
            panic!()
        };
        assert_eq!(
            record.fields[0].schema,
            Schema::List(Box::new(Schema::Empty))
        );
        assert_eq!(record.fields[1].schema, Schema::Null);
    }

    #[test]
    fn camel_names() {
        assert_eq!(camel("my doc"), "MyDoc");
        assert_eq!(camel("2x"), "Document2x");
        assert_eq!(camel("@"), "Document");
    }

    #[test]
    fn names_are_identifiers_and_unique() {
        let doc = json(r#"{"first name": {"x": 1}, "first_name": {"y": 2}, "@id": 3, "2nd": 4}"#);
        let schema = Schema::infer([&doc], "my doc");
        let names: Vec<&str> = schema.records().iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["MyDoc", "MyDocFirstName", "MyDocFirstName_2"]);
        let Schema::Record(record) = &schema else {
            panic!()
        };
        let idents: Vec<&str> = record.fields.iter().map(|f| f.ident.as_str()).collect();
        assert_eq!(idents, ["first_name", "first_name_2", "f__id", "f_2nd"]);
    }

    #[test]
    fn keys_only_some_maps_have_take_an_order_all_agree_with() {
        let docs = [
            json(r#"{"a": 1, "w": 2}"#),
            json(r#"{"a": 1, "d": 3}"#),
            json(r#"{"a": 1, "d": 3, "w": 2}"#),
            json(r#"{"n": 0, "a": 1}"#),
            json(r#"{"s": 0, "p": 1, "t": 2}"#),
            json(r#"{"s": 0, "k": 1}"#),
            json(r#"{"s": 0, "p": 1, "k": 2}"#),
        ];
        let schema = Schema::infer(&docs, "d");
        let Schema::Record(record) = &schema else {
            panic!()
        };
        let keys: Vec<&str> = record.fields.iter().map(|f| f.key.as_str()).collect();
        assert_eq!(keys, ["n", "a", "d", "w", "s", "p", "t", "k"]);
        for doc in &docs {
            assert!(schema.admits(doc), "{doc:?}");
        }
    }

    #[test]
    fn maps_are_admitted_in_any_key_order_but_not_with_a_key_twice() {
        let docs = [json(r#"{"a": 1, "b": 2}"#), json(r#"{"b": 3, "a": 4}"#)];
        let schema = Schema::infer(&docs, "d");
        assert!(schema.admits(&docs[0]));
        assert!(schema.admits(&docs[1]));
        let Schema::Record(record) = &schema else {
            panic!()
        };
        let twice = [
            ("a".to_owned(), Value::Int(1)),
            ("a".to_owned(), Value::Int(2)),
            ("b".to_owned(), Value::Int(3)),
        ];
        assert_eq!(record.present(&twice), Err(Misfit::Twice("a")));
        let missing = [("a".to_owned(), Value::Int(1))];
        assert_eq!(record.present(&missing), Err(Misfit::Missing("b")));
        let stray = [("c".to_owned(), Value::Int(1))];
        assert_eq!(record.present(&stray), Err(Misfit::Stray("c")));
    }

    #[test]
    fn many_keys_that_clean_alike_get_distinct_identifiers_in_linear_time() {
        // Every key cleans to `a_`: a scan from `_2` for each would take
        // n²/2 set lookups, which this many keys make far too slow to pass.
        let keys = 30_000;
        let punctuation = ['!', '#', '$', '%', '&', '*', '+', '-', '.', '/'];
        let entries = (0..keys)
            .map(|i: usize| {
                let key: String = std::iter::once('a')
                    .chain(
                        i.to_string()
                            .bytes()
                            .map(|d| punctuation[usize::from(d - b'0')]),
                    )
                    .collect();
                (key, Value::Null)
            })
            .collect();
        let schema = Schema::infer([&Value::Map(entries)], "d");
        let Schema::Record(record) = &schema else {
            panic!()
        };
        let idents: HashSet<&str> = record.fields.iter().map(|f| f.ident.as_str()).collect();
        assert_eq!(idents.len(), keys);
        let keys = 60_000;
        let mut unique = Unique::default();
        let given: HashSet<String> = (0..keys).map(|_| unique.give("a")).collect();
        assert_eq!(given.len(), keys);
        assert!(given.contains("a") && given.contains("a_2"));
        let mut folded = Unique::folded(|n| n.replace('_', "").to_ascii_lowercase());
        assert_eq!(folded.give("first_name"), "first_name");
        assert_eq!(folded.give("firstName"), "firstName_2");
        assert!(folded.contains("FIRSTNAME2"));
    }

    #[test]
    fn integers_past_i64_and_negative_do_not_fit_one_type() {
        let doc = json("[-1, 18446744073709551615]");
        let Schema::List(item) = Schema::infer([&doc], "d") else {
            panic!()
        };
        let Schema::Int(range) = *item else { panic!() };
        assert!(!range.fits_64_bits());
    }
}
