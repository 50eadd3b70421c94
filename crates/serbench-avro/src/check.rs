//! The walk over a datum that runs before apache-avro reads it.
//!
//! apache-avro allocates what a length declares before reading the bytes
//! (a string of `n` bytes is `vec![0; n]`), up to a process-wide limit of
//! 512 MiB that can be set once and never per input, and serde reserves a
//! vector for a declared block count. So a 16-byte input could make it
//! allocate half a gigabyte. This walk reads the datum against the schema
//! without allocating, and refuses it, with the byte offset, unless every
//! length and count fits in the bytes that remain, every varint is well
//! formed, every string is UTF-8, every enum and union index is in range
//! and the datum ends exactly where the input does. What apache-avro then
//! allocates is bounded by the input.
//!
//! The walk follows a [`Shape`], the schema as constant data, rather than
//! apache-avro's parsed `Schema`: parsing a schema takes up to 70 KiB, and
//! input the walk refuses should not cost more than the input itself. So
//! the walk also refuses what the model cannot hold (integers past a
//! `u16` or `u32`, times out of range), and apache-avro parses a schema
//! only for a datum that decodes. A test holds each dataset's shape to its
//! shipped `.avsc`.
//!
//! A document's schema is known only at run time: its shape is built once
//! from the parsed schema, with its codec, into a table (`Built`). It
//! has Avro's own types only (no model ranges), may refer to itself (so
//! the walk bounds how deep records nest), and may hold items that take
//! no byte (nulls, empty records), whose count no byte bounds.

use std::ops::{Range, RangeInclusive};

use serbench_model::forms::check_timestamp_parts;
use serbench_model::{BaseCodec, Error, ErrorKind};

/// What the walk needs of an Avro schema: the encoding of each type, and
/// how many symbols an enum or branches a union has.
///
/// A dataset's shape is constant data, its children borrowed from other
/// constants ([`Child::Const`]); a document's is built when its codec is
/// ([`Built`]), its children kept in a table ([`Child::At`]), where a
/// record of a schema that refers to itself can be reached again.
#[cfg_attr(
    not(feature = "document"),
    expect(dead_code, reason = "only a document's shape is built at run time")
)]
#[derive(Debug)]
pub(crate) enum Shape {
    /// Avro's `null`, which takes no byte (documents only).
    Null,
    Boolean,
    Int,
    /// An `int` the model holds as a `u8` (an address byte, an item's
    /// slot, a contact's damage).
    U8,
    /// An `int` the model holds as an `i8` (an item's count, an altitude,
    /// a chunk id).
    I8,
    /// An `int` the model holds as an `i16` (a velocity).
    I16,
    /// An `int` the model holds as a `u16` (node ids, weights, angles).
    U16,
    Long,
    /// A `long` the model holds as a `u32` (version segments, edge indexes).
    U32,
    /// The `Timestamp` record: `millis` (`timestamp-millis`), `nanos` past
    /// it (0 to 999 999), `offset_seconds`; a time the model holds.
    Timestamp,
    /// 4 bytes: an `f32`.
    Float,
    Double,
    /// A length, then that many bytes.
    Bytes,
    String,
    /// `fixed` of this many bytes (and the `uuid` logical type on it).
    Fixed(usize),
    /// An enum with this many symbols.
    Enum(usize),
    /// `["null", T]`: the branch index, then the branch.
    Nullable(Child),
    /// Any union: the branch index, then the branch (documents only).
    Union(Children),
    Record(Children),
    Array(Child),
    /// Blocks of entries, each a `string` key and a value (documents only).
    Map(Child),
    /// The record at this index of the table: a document's records are
    /// reached through it, so a schema may refer to itself and the walk
    /// counts how deep records nest.
    Named(usize),
}

impl Shape {
    /// A dataset's record of these fields.
    pub(crate) const fn record(fields: &'static [Shape]) -> Shape {
        Shape::Record(Children::Const(fields))
    }

    /// A dataset's array of these items.
    pub(crate) const fn array(items: &'static Shape) -> Shape {
        Shape::Array(Child::Const(items))
    }

    /// A dataset's `["null", T]`.
    pub(crate) const fn nullable(shape: &'static Shape) -> Shape {
        Shape::Nullable(Child::Const(shape))
    }
}

/// Where a shape's one child is.
#[cfg_attr(
    not(feature = "document"),
    expect(dead_code, reason = "only a document's shape is built at run time")
)]
#[derive(Debug)]
pub(crate) enum Child {
    /// In constant data: a dataset's shape.
    Const(&'static Shape),
    /// At this index of a [`Built`] shape's table.
    At(usize),
}

/// Where a shape's children (a record's fields, a union's branches) are.
#[cfg_attr(
    not(feature = "document"),
    expect(dead_code, reason = "only a document's shape is built at run time")
)]
#[derive(Debug)]
pub(crate) enum Children {
    /// In constant data: a dataset's shape.
    Const(&'static [Shape]),
    /// These entries of a [`Built`] shape's table.
    At(Range<usize>),
}

/// A shape built at run time, from a schema known only then (a
/// document's): the root, and the table its children are in.
#[cfg(feature = "document")]
#[derive(Debug)]
pub(crate) struct Built {
    pub(crate) root: Shape,
    pub(crate) table: Vec<Shape>,
    /// How deep records may nest: a schema that refers to itself puts no
    /// bound on it, and the walk, like apache-avro's reader after it,
    /// recurses once per level.
    pub(crate) nesting: usize,
}

/// Why a datum was refused, and where.
#[derive(Debug)]
pub(crate) struct Fault {
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
    pub(crate) offset: usize,
}

impl Fault {
    /// The fault as the codec's error about `subject` (a dataset, or a
    /// document), at its byte.
    pub(crate) fn about(self, subject: &'static str) -> Error {
        Error::named(self.kind, crate::Avro::NAME, subject, self.message).at_offset(self.offset)
    }
}

/// Walks one datum of a dataset's `shape` that must fill `bytes`.
pub(crate) fn datum(shape: &Shape, bytes: &[u8]) -> Result<(), Fault> {
    Walk::new(bytes, &[], 0).datum(shape)
}

#[cfg(feature = "document")]
impl Built {
    /// Walks one datum of this shape that must fill `bytes`.
    pub(crate) fn datum(&self, bytes: &[u8]) -> Result<(), Fault> {
        Walk::new(bytes, &self.table, self.nesting).datum(&self.root)
    }
}

struct Walk<'a> {
    bytes: &'a [u8],
    at: usize,
    /// A built shape's table; empty for a dataset's.
    table: &'a [Shape],
    /// How deep records nest here through [`Shape::Named`], and the most
    /// they may.
    depth: usize,
    nesting: usize,
}

impl<'a> Walk<'a> {
    fn new(bytes: &'a [u8], table: &'a [Shape], nesting: usize) -> Self {
        Walk {
            bytes,
            at: 0,
            table,
            depth: 0,
            nesting,
        }
    }

    fn datum(mut self, shape: &Shape) -> Result<(), Fault> {
        self.value(shape)?;
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(self.fault(
                ErrorKind::TrailingBytes,
                format!("{} bytes after the datum", self.bytes.len() - self.at),
            ))
        }
    }

    fn child<'s>(&self, child: &'s Child) -> &'s Shape
    where
        'a: 's,
    {
        match child {
            Child::Const(shape) => shape,
            Child::At(index) => &self.table[*index],
        }
    }

    fn children<'s>(&self, children: &'s Children) -> &'s [Shape]
    where
        'a: 's,
    {
        match children {
            Children::Const(shapes) => shapes,
            Children::At(range) => &self.table[range.clone()],
        }
    }

    fn fault(&self, kind: ErrorKind, message: impl Into<String>) -> Fault {
        Fault {
            kind,
            message: message.into(),
            offset: self.at,
        }
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn value(&mut self, shape: &Shape) -> Result<(), Fault> {
        match shape {
            Shape::Boolean => {
                if let [0 | 1] = self.take(1, "a boolean")? {
                    Ok(())
                } else {
                    self.at -= 1;
                    Err(self.fault(ErrorKind::Invalid, "a boolean that is neither 0 nor 1"))
                }
            }
            Shape::Int => self.int("an int").map(drop),
            Shape::U8 => self.ranged(0..=u8::MAX.into(), "an int"),
            Shape::I8 => self.ranged(i8::MIN.into()..=i8::MAX.into(), "an int"),
            Shape::I16 => self.ranged(i16::MIN.into()..=i16::MAX.into(), "an int"),
            Shape::U16 => self.ranged(0..=u16::MAX.into(), "an int"),
            Shape::Long => self.long("a long").map(drop),
            Shape::U32 => self.ranged(0..=u32::MAX.into(), "a long"),
            Shape::Timestamp => self.timestamp(),
            Shape::Double => self.take(8, "a double").map(drop),
            Shape::String => self.string(),
            Shape::Fixed(size) => self.take(*size, "a fixed").map(drop),
            Shape::Enum(symbols) => self.index(*symbols, "enum symbol").map(drop),
            Shape::Nullable(shape) => match self.index(2, "union branch")? {
                0 => Ok(()),
                _ => self.value(self.child(shape)),
            },
            Shape::Record(fields) => self
                .children(fields)
                .iter()
                .try_for_each(|field| self.value(field)),
            Shape::Array(items) => self.blocks(self.child(items), false),
            Shape::Null => Ok(()),
            Shape::Float => self.take(4, "a float").map(drop),
            Shape::Bytes => self.bytes("bytes").map(drop),
            Shape::Union(branches) => {
                let branches = self.children(branches);
                let branch = self.index(branches.len(), "union branch")?;
                self.value(&branches[branch])
            }
            Shape::Map(values) => self.blocks(self.child(values), true),
            Shape::Named(index) => {
                if self.depth == self.nesting {
                    return Err(self.fault(
                        ErrorKind::Limit,
                        format!("records nested past {} levels", self.nesting),
                    ));
                }
                let table = self.table;
                self.depth += 1;
                self.value(&table[*index])?;
                self.depth -= 1;
                Ok(())
            }
        }
    }

    /// Whether every datum of `shape` takes no byte (`null`, a record of
    /// such fields), so its count in an array cannot be bounded by the
    /// bytes. A record that holds itself is taken to need bytes: no datum
    /// of it ends.
    fn takes_no_bytes(&self, shape: &Shape, nesting: usize) -> bool {
        match shape {
            Shape::Null | Shape::Fixed(0) => true,
            Shape::Record(fields) => self
                .children(fields)
                .iter()
                .all(|field| self.takes_no_bytes(field, nesting)),
            Shape::Named(index) => {
                nesting > 0 && self.takes_no_bytes(&self.table[*index], nesting - 1)
            }
            _ => false,
        }
    }

    /// A number the model holds in `range`.
    fn ranged(&mut self, range: RangeInclusive<i64>, what: &str) -> Result<(), Fault> {
        let start = self.at;
        let value = self.long(what)?;
        if range.contains(&value) {
            Ok(())
        } else {
            self.at = start;
            Err(self.fault(
                ErrorKind::Invalid,
                format!("{what} of {value}, outside {range:?}"),
            ))
        }
    }

    fn timestamp(&mut self) -> Result<(), Fault> {
        let start = self.at;
        let millis = self.long("created.millis")?;
        let nanos = self.int("created.nanos")?;
        let offset_seconds = self.int("created.offset_seconds")?;
        let valid = u32::try_from(nanos)
            .ok()
            .filter(|nanos| *nanos < 1_000_000)
            .ok_or_else(|| format!("created.nanos of {nanos}, not 0 to 999 999"))
            .and_then(|nanos| {
                let in_second = millis.rem_euclid(1000).cast_unsigned() as u32 * 1_000_000;
                check_timestamp_parts(millis.div_euclid(1000), in_second + nanos, offset_seconds)
                    .map_err(|error| format!("created: {error}"))
            });
        valid.map_err(|message| {
            self.at = start;
            self.fault(ErrorKind::Invalid, message)
        })
    }

    /// An enum's symbol or a union's branch: an `int` below `count`.
    fn index(&mut self, count: usize, what: &str) -> Result<usize, Fault> {
        let start = self.at;
        let index = self.int(what)?;
        match usize::try_from(index) {
            Ok(index) if index < count => Ok(index),
            _ => {
                self.at = start;
                Err(self.fault(ErrorKind::Invalid, format!("{what} {index}, of {count}")))
            }
        }
    }

    /// An array's or a map's blocks: a count, items (after a `string` key
    /// for a map), until a count of 0. Every item of the shipped schemas
    /// takes at least one byte, so a count past the bytes that remain
    /// cannot be honest. A document's array may hold items that take no
    /// byte (nulls, empty records): no count of those is dishonest, and
    /// none needs walking, so apache-avro's own limit on a collection is
    /// all that bounds it.
    fn blocks(&mut self, item: &Shape, keyed: bool) -> Result<(), Fault> {
        loop {
            let start = self.at;
            let count = self.long("a block count")?;
            if count == 0 {
                return Ok(());
            }
            if count < 0 {
                // A negative count is followed by the block's size in bytes.
                self.long("a block size")?;
            }
            let count = count.unsigned_abs();
            if count > self.remaining() as u64 {
                if !keyed && self.takes_no_bytes(item, self.nesting) {
                    continue;
                }
                self.at = start;
                return Err(self.fault(
                    ErrorKind::Truncated,
                    format!(
                        "a block of {count} items in the {} bytes that remain",
                        self.remaining()
                    ),
                ));
            }
            for _ in 0..count {
                if keyed {
                    self.string()?;
                }
                self.value(item)?;
            }
        }
    }

    fn string(&mut self) -> Result<(), Fault> {
        let start = self.at;
        let text = self.bytes("a string")?;
        if std::str::from_utf8(text).is_err() {
            self.at = start;
            return Err(self.fault(ErrorKind::Syntax, "a string that is not UTF-8"));
        }
        Ok(())
    }

    /// A length, then that many bytes.
    fn bytes(&mut self, what: &str) -> Result<&[u8], Fault> {
        let start = self.at;
        let len = self.long(what)?;
        let Ok(len) = usize::try_from(len) else {
            self.at = start;
            return Err(self.fault(ErrorKind::Invalid, format!("{what} of length {len}")));
        };
        if len > self.remaining() {
            self.at = start;
            return Err(self.fault(
                ErrorKind::Truncated,
                format!(
                    "{what} of {len} bytes in the {} that remain",
                    self.remaining()
                ),
            ));
        }
        self.take(len, what)
    }

    fn take(&mut self, len: usize, what: &str) -> Result<&[u8], Fault> {
        if len > self.remaining() {
            return Err(self.fault(ErrorKind::Truncated, format!("{what} cut short")));
        }
        let taken = &self.bytes[self.at..self.at + len];
        self.at += len;
        Ok(taken)
    }

    fn int(&mut self, what: &str) -> Result<i32, Fault> {
        let start = self.at;
        let value = self.long(what)?;
        i32::try_from(value).map_err(|_| {
            self.at = start;
            self.fault(
                ErrorKind::Invalid,
                format!("{what} of {value}, past 32 bits"),
            )
        })
    }

    /// A zigzag varint of at most 10 bytes (64 bits).
    fn long(&mut self, what: &str) -> Result<i64, Fault> {
        let start = self.at;
        let mut raw: u64 = 0;
        for shift in (0..70).step_by(7) {
            let Some(&byte) = self.bytes.get(self.at) else {
                return Err(self.fault(ErrorKind::Truncated, format!("{what} cut short")));
            };
            self.at += 1;
            if shift == 63 && byte > 1 {
                break;
            }
            raw |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok((raw >> 1).cast_signed() ^ -(raw & 1).cast_signed());
            }
        }
        self.at = start;
        Err(self.fault(ErrorKind::Syntax, format!("{what}: a varint past 64 bits")))
    }
}

#[cfg(test)]
mod tests {
    use apache_avro::Schema;
    use apache_avro::schema::{ResolvedSchema, UuidSchema};
    use serbench_model::{
        Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
    };

    use super::{Child, Children, Shape};
    use crate::wire::Wire;

    /// Whether `shape` encodes as `schema` does.
    fn same(shape: &Shape, schema: &Schema, resolved: &ResolvedSchema<'_>) -> bool {
        match (shape, schema) {
            (_, Schema::Ref { name }) => same(shape, resolved.get_names()[name], resolved),
            (Shape::Boolean, Schema::Boolean)
            | (Shape::Int | Shape::U8 | Shape::I8 | Shape::I16 | Shape::U16, Schema::Int)
            | (Shape::Long | Shape::U32, Schema::Long)
            | (Shape::Float, Schema::Float)
            | (Shape::Double, Schema::Double)
            | (Shape::Bytes, Schema::Bytes)
            | (Shape::String, Schema::String) => true,
            (Shape::Fixed(size), Schema::Fixed(fixed) | Schema::Uuid(UuidSchema::Fixed(fixed))) => {
                *size == fixed.size
            }
            (Shape::Timestamp, Schema::Record(record)) => {
                let fields: Vec<_> = record
                    .fields
                    .iter()
                    .map(|f| (f.name.as_str(), &f.schema))
                    .collect();
                fields
                    == [
                        ("millis", &Schema::TimestampMillis),
                        ("nanos", &Schema::Int),
                        ("offset_seconds", &Schema::Int),
                    ]
            }
            (Shape::Enum(symbols), Schema::Enum(schema)) => *symbols == schema.symbols.len(),
            (Shape::Nullable(Child::Const(shape)), Schema::Union(union)) => {
                let variants = union.variants();
                variants.len() == 2
                    && variants[0] == Schema::Null
                    && same(shape, &variants[1], resolved)
            }
            (Shape::Record(Children::Const(fields)), Schema::Record(record)) => {
                fields.len() == record.fields.len()
                    && fields
                        .iter()
                        .zip(&record.fields)
                        .all(|(shape, field)| same(shape, &field.schema, resolved))
            }
            (Shape::Array(Child::Const(items)), Schema::Array(array)) => {
                same(items, &array.items, resolved)
            }
            _ => false,
        }
    }

    fn holds<T: Wire>() {
        let schema = Schema::parse_str(T::SCHEMA).unwrap();
        let resolved = ResolvedSchema::try_from(&schema).unwrap();
        assert!(
            same(&T::SHAPE, &schema, &resolved),
            "{}: the walk's shape is not the .avsc",
            T::NAME
        );
    }

    #[test]
    fn every_shape_is_its_schema() {
        holds::<TaskManager>();
        holds::<SensorReading>();
        holds::<Graph>();
        holds::<Record>();
        holds::<MediaContent>();
        holds::<Logs>();
        holds::<Mesh>();
        holds::<Players>();
        holds::<Updates>();
    }
}
