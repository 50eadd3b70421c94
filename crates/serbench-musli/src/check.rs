//! The length check that runs before musli reads: a walk of each dataset's
//! shape, in each of the three formats' framing, that holds every declared
//! count to the input left.
//!
//! musli reserves a `Vec`'s room from the count it reads before it reads
//! an element, capped at 1 MiB a `Vec` (musli-core's `size_hint::cautious`,
//! serde's heuristic): a 10-byte input declaring a million tasks would have
//! it reserve 1 MiB, and one such `Vec` at each level of the model's
//! nesting. The walk refuses a count of `n` elements when `n` times the
//! fewest bytes one complete element takes (every field of the mirror is
//! required, so an element holds them all) is more than the input left,
//! so what musli then reserves is at most what those bytes could hold.
//!
//! The walk reads only tags, lengths and field indexes: a leaf (an
//! integer, a float, a `bool`, a string, an id) is skipped by its framing.
//! A field index the type does not have is a value of any shape in wire
//! and descriptive, which musli skips, and so does the walk, holding its
//! lengths to the input too. Where the walk meets a byte it cannot read
//! past (a tag of the wrong kind, an unknown field in storage, the end of
//! the input) it stops and leaves the input to musli, which reads in the
//! same order and fails there, having reserved only what the walk checked.

use serbench_model::{
    Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};

/// A count the input cannot hold: where it is, what it declares and how
/// much is left.
#[derive(Debug)]
pub(crate) struct TooLong {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

enum Stop {
    TooLong(TooLong),
    /// A byte the walk cannot read past: musli fails there.
    Unreadable,
}

/// A leaf value: how many bytes it takes at least differs by format.
#[derive(Clone, Copy)]
pub(crate) enum Leaf {
    /// An integer, a float's bits, an enum's variant index.
    Int,
    Bool,
    Str,
    /// The 16 bytes of an id (`[u8; 16]`).
    Id,
    /// A `u8` or `i8`: one byte as it is in storage, an integer in the
    /// tagged formats.
    Byte,
}

/// The mirror types' shapes: each struct's fields in their index order.
#[derive(Clone, Copy)]
pub(crate) enum Shape {
    Leaf(Leaf),
    Option(&'static Shape),
    Seq(&'static str, &'static Shape),
    Struct(&'static [Shape]),
    /// A tuple: a sequence of its elements' count, each of its own shape.
    Tuple(&'static [Shape]),
}

const INT: Shape = Shape::Leaf(Leaf::Int);
const STR: Shape = Shape::Leaf(Leaf::Str);
const HEADER: Shape = Shape::Struct(&[
    Shape::Leaf(Leaf::Id),
    STR,
    INT,
    Shape::Struct(&[INT, INT, INT]),
]);
const TASK: Shape = Shape::Struct(&[HEADER, STR, INT, Shape::Leaf(Leaf::Bool)]);
const TASK_LIST: Shape = Shape::Struct(&[HEADER, Shape::Seq("a list's tasks", &TASK)]);
const TASK_MANAGER: Shape = Shape::Struct(&[
    STR,
    Shape::Seq("the version", &INT),
    Shape::Seq("the lists", &TASK_LIST),
]);
const SENSOR_READING: Shape = Shape::Struct(&[STR, INT, INT, INT, INT, INT, INT, INT, INT]);
const NODE: Shape = Shape::Struct(&[
    INT,
    STR,
    Shape::Seq("a node's out_edges", &INT),
    Shape::Seq("a node's in_edges", &INT),
]);
const EDGE: Shape = Shape::Struct(&[INT, INT, INT]);
const GRAPH: Shape = Shape::Struct(&[
    Shape::Seq("the nodes", &NODE),
    Shape::Seq("the edges", &EDGE),
]);
const RECORD: Shape =
    Shape::Struct(&[Shape::Seq("the ids", &INT), Shape::Seq("the strings", &STR)]);
const MEDIA: Shape = Shape::Struct(&[
    STR,
    Shape::Option(&STR),
    INT,
    INT,
    STR,
    INT,
    INT,
    Shape::Option(&INT),
    Shape::Seq("the persons", &STR),
    INT,
    Shape::Option(&STR),
]);
const IMAGE: Shape = Shape::Struct(&[STR, Shape::Option(&STR), INT, INT, INT]);
const MEDIA_CONTENT: Shape = Shape::Struct(&[MEDIA, Shape::Seq("the images", &IMAGE)]);

const BYTE: Shape = Shape::Leaf(Leaf::Byte);
const BOOL: Shape = Shape::Leaf(Leaf::Bool);
const LOG: Shape = Shape::Struct(&[
    Shape::Struct(&[BYTE, BYTE, BYTE, BYTE]),
    STR,
    STR,
    STR,
    STR,
    INT,
    INT,
]);
const LOGS: Shape = Shape::Struct(&[Shape::Seq("the logs", &LOG)]);
const VECTOR3: Shape = Shape::Struct(&[INT, INT, INT]);
const TRIANGLE: Shape = Shape::Struct(&[VECTOR3, VECTOR3, VECTOR3, VECTOR3]);
const MESH: Shape = Shape::Struct(&[Shape::Seq("the triangles", &TRIANGLE)]);
/// An `(f64, f64, f64)` or `(f32, f32)`.
const TRIPLE: Shape = Shape::Tuple(&[INT, INT, INT]);
const PAIR: Shape = Shape::Tuple(&[INT, INT]);
/// A `[u32; 4]`, a sequence of its four.
const UUID: Shape = Shape::Seq("a uuid", &INT);
const ITEM: Shape = Shape::Struct(&[BYTE, BYTE, STR]);
const ABILITIES: Shape = Shape::Struct(&[INT, INT, BOOL, BOOL, BOOL, BOOL, BOOL]);
const ENTITY: Shape = Shape::Struct(&[
    STR,
    TRIPLE,
    TRIPLE,
    PAIR,
    INT,
    INT,
    INT,
    BOOL,
    BOOL,
    BOOL,
    INT,
    UUID,
    Shape::Option(&STR),
    BOOL,
    BOOL,
    BOOL,
]);
const RECIPE_BOOK: Shape = Shape::Struct(&[
    Shape::Seq("the recipes", &STR),
    Shape::Seq("the recipes to be displayed", &STR),
    BOOL,
    BOOL,
    BOOL,
    BOOL,
    BOOL,
    BOOL,
    BOOL,
    BOOL,
]);
/// A player's 28 fields: the game types, score, dimension, selected slot
/// and item, spawn dimension, point and flag, the sleep timer and seven
/// numbers of food and experience, the inventories, abilities, the nether
/// position, the vehicle and shoulder entities, credits, recipe book.
const PLAYER: Shape = Shape::Struct(&[
    INT,
    INT,
    INT,
    STR,
    INT,
    ITEM,
    Shape::Option(&STR),
    INT,
    INT,
    INT,
    Shape::Option(&BOOL),
    INT,
    INT,
    INT,
    INT,
    INT,
    INT,
    INT,
    INT,
    Shape::Seq("an inventory", &ITEM),
    Shape::Seq("the ender items", &ITEM),
    ABILITIES,
    Shape::Option(&TRIPLE),
    Shape::Option(&Shape::Tuple(&[UUID, ENTITY])),
    Shape::Option(&ENTITY),
    Shape::Option(&ENTITY),
    BOOL,
    RECIPE_BOOK,
]);
const PLAYERS: Shape = Shape::Struct(&[Shape::Seq("the players", &PLAYER)]);
const GUIDANCE: Shape = Shape::Struct(&[INT, BOOL, INT]);
const TRANSFORM: Shape = Shape::Struct(&[BYTE, INT, PAIR, INT]);
const CONTACT: Shape = Shape::Struct(&[
    BYTE,
    INT,
    Shape::Option(&INT),
    GUIDANCE,
    Shape::Option(&INT),
    Shape::Seq("a contact's reloads", &BOOL),
    TRANSFORM,
    Shape::Seq("a contact's turret angles", &INT),
]);
const TERRAIN_UPDATE: Shape = Shape::Struct(&[
    Shape::Tuple(&[BYTE, BYTE]),
    Shape::Seq("a terrain update's data", &BYTE),
]);
const UPDATE: Shape = Shape::Struct(&[
    Shape::Seq("an update's contacts", &CONTACT),
    INT,
    INT,
    Shape::Seq("an update's terrain updates", &TERRAIN_UPDATE),
]);
const UPDATES: Shape = Shape::Struct(&[Shape::Seq("the updates", &UPDATE)]);

/// A dataset whose shape the walk knows.
pub(crate) trait Counts {
    const SHAPE: Shape;
}

impl Counts for TaskManager {
    const SHAPE: Shape = TASK_MANAGER;
}

impl Counts for SensorReading {
    const SHAPE: Shape = SENSOR_READING;
}

impl Counts for Graph {
    const SHAPE: Shape = GRAPH;
}

impl Counts for Record {
    const SHAPE: Shape = RECORD;
}

impl Counts for MediaContent {
    const SHAPE: Shape = MEDIA_CONTENT;
}

impl Counts for Logs {
    const SHAPE: Shape = LOGS;
}

impl Counts for Mesh {
    const SHAPE: Shape = MESH;
}

impl Counts for Players {
    const SHAPE: Shape = PLAYERS;
}

impl Counts for Updates {
    const SHAPE: Shape = UPDATES;
}

/// How one of musli's formats frames the shapes.
trait Framing {
    /// The fewest bytes a leaf takes.
    fn least_leaf(leaf: Leaf) -> usize;
    /// The bytes a struct's field index takes at least.
    const LEAST_INDEX: usize;
    /// Skips a leaf.
    fn leaf(walk: &mut Walk<'_>, leaf: Leaf) -> Result<(), Stop>;
    /// Reads an `Option`'s tag: whether a value follows.
    fn option(walk: &mut Walk<'_>) -> Result<bool, Stop>;
    /// Reads a sequence's tag and count.
    fn count(walk: &mut Walk<'_>) -> Result<u64, Stop>;
    /// Reads a struct's tag and its number of fields.
    fn fields(walk: &mut Walk<'_>) -> Result<u64, Stop>;
    /// Reads a field's index.
    fn index(walk: &mut Walk<'_>) -> Result<u64, Stop>;
    /// Skips the value of a field the type does not have.
    fn unknown(walk: &mut Walk<'_>) -> Result<(), Stop>;

    /// The fewest bytes a complete value of `shape` takes.
    fn least(shape: &Shape) -> usize {
        match shape {
            Shape::Leaf(leaf) => Self::least_leaf(*leaf),
            Shape::Option(_) | Shape::Seq(..) => 1,
            Shape::Struct(fields) => {
                1 + fields
                    .iter()
                    .map(|field| Self::LEAST_INDEX + Self::least(field))
                    .sum::<usize>()
            }
            Shape::Tuple(elements) => 1 + elements.iter().map(Self::least).sum::<usize>(),
        }
    }
}

struct Walk<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Walk<'_> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn byte(&mut self) -> Result<u8, Stop> {
        let byte = *self.bytes.get(self.at).ok_or(Stop::Unreadable)?;
        self.at += 1;
        Ok(byte)
    }

    fn skip(&mut self, n: u64) -> Result<(), Stop> {
        match usize::try_from(n) {
            Ok(n) if n <= self.left() => {
                self.at += n;
                Ok(())
            }
            _ => Err(Stop::Unreadable),
        }
    }

    /// musli's continuation encoding (LEB128), as its integers and lengths
    /// are written by default.
    fn varint(&mut self) -> Result<u64, Stop> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(Stop::Unreadable)
    }

    /// A length read at `offset` of `n` things of at least `least` bytes
    /// each, refused when the input left cannot hold them.
    fn hold(&self, what: &str, offset: usize, n: u64, least: usize) -> Result<u64, Stop> {
        self.hold_as(what, offset, n, least, "values")
    }

    /// [`Walk::hold`] of a string's bytes.
    fn bytes(&self, offset: usize, n: u64) -> Result<u64, Stop> {
        self.hold_as("a string", offset, n, 1, "bytes")
    }

    fn hold_as(
        &self,
        what: &str,
        offset: usize,
        n: u64,
        least: usize,
        unit: &str,
    ) -> Result<u64, Stop> {
        let left = self.left();
        let fits = usize::try_from(n)
            .ok()
            .and_then(|n| n.checked_mul(least))
            .is_some_and(|need| need <= left);
        if fits {
            return Ok(n);
        }
        let message = if least == 1 {
            format!("{what} declares {n} {unit}, past the {left} bytes left")
        } else {
            format!(
                "{what} declares {n} elements of at least {least} bytes each, past the {left} bytes left"
            )
        };
        Err(Stop::TooLong(TooLong { offset, message }))
    }

    fn shape<F: Framing>(&mut self, shape: &Shape) -> Result<(), Stop> {
        match shape {
            Shape::Leaf(leaf) => F::leaf(self, *leaf),
            Shape::Option(inner) => {
                if F::option(self)? {
                    self.shape::<F>(inner)?;
                }
                Ok(())
            }
            Shape::Seq(what, element) => {
                let offset = self.at;
                let count = F::count(self)?;
                let count = self.hold(what, offset, count, F::least(element))?;
                for _ in 0..count {
                    self.shape::<F>(element)?;
                }
                Ok(())
            }
            Shape::Struct(fields) => {
                for _ in 0..F::fields(self)? {
                    let index = F::index(self)?;
                    match usize::try_from(index)
                        .ok()
                        .and_then(|index| fields.get(index))
                    {
                        Some(field) => self.shape::<F>(field)?,
                        None => F::unknown(self)?,
                    }
                }
                Ok(())
            }
            Shape::Tuple(elements) => {
                // musli refuses a tuple of another length: it fails there.
                if F::count(self)? != elements.len() as u64 {
                    return Err(Stop::Unreadable);
                }
                for element in *elements {
                    self.shape::<F>(element)?;
                }
                Ok(())
            }
        }
    }
}

/// Runs the walk of `shape` over `bytes`: `Err` only for a count the input
/// cannot hold.
fn run<F: Framing>(bytes: &[u8], shape: &Shape) -> Result<(), TooLong> {
    match (Walk { bytes, at: 0 }).shape::<F>(shape) {
        Err(Stop::TooLong(too_long)) => Err(too_long),
        Ok(()) | Err(Stop::Unreadable) => Ok(()),
    }
}

/// musli's storage format: a struct is its number of fields, then each
/// field's index and value; a sequence its count, then its elements; a
/// string or an id its length, then its bytes; an integer (a float's
/// bits, an enum's index) a continuation-encoded number; a `bool` and an
/// `Option`'s tag a byte. No value says its kind.
struct Storage;

impl Framing for Storage {
    const LEAST_INDEX: usize = 1;

    fn least_leaf(leaf: Leaf) -> usize {
        match leaf {
            Leaf::Int | Leaf::Bool | Leaf::Str | Leaf::Byte => 1,
            Leaf::Id => 1 + 16,
        }
    }

    fn leaf(walk: &mut Walk<'_>, leaf: Leaf) -> Result<(), Stop> {
        match leaf {
            Leaf::Int => walk.varint().map(drop),
            Leaf::Bool | Leaf::Byte => walk.byte().map(drop),
            Leaf::Str | Leaf::Id => {
                let offset = walk.at;
                let length = walk.varint()?;
                let length = walk.bytes(offset, length)?;
                walk.skip(length)
            }
        }
    }

    fn option(walk: &mut Walk<'_>) -> Result<bool, Stop> {
        // musli's storage decoder reads any byte but 1 as `None`.
        Ok(walk.byte()? == 1)
    }

    fn count(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        walk.varint()
    }

    fn fields(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        walk.varint()
    }

    fn index(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        walk.varint()
    }

    fn unknown(_: &mut Walk<'_>) -> Result<(), Stop> {
        // Storage cannot skip a field it does not know: musli fails there.
        Err(Stop::Unreadable)
    }
}

/// musli's wire format: every value starts with a tag byte, its kind in
/// the top two bits and a number in the low six (all ones: a
/// continuation-encoded number follows): a prefix of that many bytes (a
/// string), a sequence of that many values (a struct's index and value
/// pairs, a `Vec`, an id's 16 numbers, an `Option` of 0 or 1), or a
/// continuation number (an integer, a float's bits, a `bool`, an enum's
/// index).
struct Wire;

impl Wire {
    const PREFIX: u8 = 0b01;
    const SEQUENCE: u8 = 0b10;
    const CONTINUATION: u8 = 0b11;

    /// A tag: its kind and its number, read after it where it is not in
    /// the tag.
    fn tag(walk: &mut Walk<'_>) -> Result<(u8, u64), Stop> {
        let tag = walk.byte()?;
        let data = tag & 0x3f;
        let number = if data == 0x3f {
            walk.varint()?
        } else {
            u64::from(data)
        };
        Ok((tag >> 6, number))
    }

    fn expect(walk: &mut Walk<'_>, kind: u8) -> Result<u64, Stop> {
        match Self::tag(walk)? {
            (actual, number) if actual == kind => Ok(number),
            _ => Err(Stop::Unreadable),
        }
    }
}

impl Framing for Wire {
    const LEAST_INDEX: usize = 1;

    fn least_leaf(leaf: Leaf) -> usize {
        match leaf {
            Leaf::Int | Leaf::Bool | Leaf::Str | Leaf::Byte => 1,
            Leaf::Id => 1 + 16,
        }
    }

    fn leaf(walk: &mut Walk<'_>, _: Leaf) -> Result<(), Stop> {
        Self::unknown(walk)
    }

    fn option(walk: &mut Walk<'_>) -> Result<bool, Stop> {
        match Self::expect(walk, Self::SEQUENCE)? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(Stop::Unreadable),
        }
    }

    fn count(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        Self::expect(walk, Self::SEQUENCE)
    }

    fn fields(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        let offset = walk.at;
        let pairs = Self::expect(walk, Self::SEQUENCE)?;
        walk.hold("a struct", offset, pairs, 1)
            .map(|pairs| pairs / 2)
    }

    fn index(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        Self::expect(walk, Self::CONTINUATION)
    }

    /// Skips one value of any shape, as musli's `skip_any` does, each
    /// length held to the input left.
    fn unknown(walk: &mut Walk<'_>) -> Result<(), Stop> {
        let mut values = 1u64;
        while values > 0 {
            values -= 1;
            let offset = walk.at;
            match Self::tag(walk)? {
                (Self::PREFIX, length) => {
                    let length = walk.bytes(offset, length)?;
                    walk.skip(length)?;
                }
                (Self::SEQUENCE, count) => {
                    values += walk.hold("a sequence", offset, count, 1)?;
                }
                (Self::CONTINUATION, _) => {}
                _ => return Err(Stop::Unreadable),
            }
        }
        Ok(())
    }
}

/// musli's descriptive format: every value starts with a tag byte, its
/// kind in the top three bits and a number in the low five (all ones: a
/// continuation-encoded number follows): a number (its type in the tag,
/// its value a continuation number after it), a sequence or a map of that
/// many values or pairs (a struct is a map of field indexes, numbers, to
/// values), bytes or a string of that many bytes, or a mark (`None`,
/// `Some` before a value, `true`, `false`, a variant before its tag and
/// value, a character before its number, unit).
struct Descriptive;

impl Descriptive {
    const NUMBER: u8 = 0b010;
    const SEQUENCE: u8 = 0b011;
    const MAP: u8 = 0b100;
    const BYTES: u8 = 0b101;
    const STRING: u8 = 0b110;
    const MARK: u8 = 0b111;

    const NONE: u8 = 0b000;
    const SOME: u8 = 0b001;
    const VARIANT: u8 = 0b100;
    const CHAR: u8 = 0b101;

    /// A tag: its kind and its low five bits.
    fn tag(walk: &mut Walk<'_>) -> Result<(u8, u8), Stop> {
        let tag = walk.byte()?;
        Ok((tag >> 5, tag & 0x1f))
    }

    /// The length in a tag's low bits, or after it.
    fn length(walk: &mut Walk<'_>, data: u8) -> Result<u64, Stop> {
        if data == 0x1f {
            walk.varint()
        } else {
            Ok(u64::from(data))
        }
    }

    fn expect(walk: &mut Walk<'_>, kind: u8) -> Result<u64, Stop> {
        match Self::tag(walk)? {
            (actual, data) if actual == kind => Self::length(walk, data),
            _ => Err(Stop::Unreadable),
        }
    }
}

impl Framing for Descriptive {
    /// A field index is a number: its tag, then at least one byte.
    const LEAST_INDEX: usize = 2;

    fn least_leaf(leaf: Leaf) -> usize {
        match leaf {
            Leaf::Int | Leaf::Byte => 2,
            Leaf::Bool | Leaf::Str => 1,
            Leaf::Id => 1 + 16 * 2,
        }
    }

    fn leaf(walk: &mut Walk<'_>, _: Leaf) -> Result<(), Stop> {
        Self::unknown(walk)
    }

    fn option(walk: &mut Walk<'_>) -> Result<bool, Stop> {
        match Self::tag(walk)? {
            (Self::MARK, Self::NONE) => Ok(false),
            (Self::MARK, Self::SOME) => Ok(true),
            _ => Err(Stop::Unreadable),
        }
    }

    fn count(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        Self::expect(walk, Self::SEQUENCE)
    }

    fn fields(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        let offset = walk.at;
        let pairs = Self::expect(walk, Self::MAP)?;
        walk.hold("a struct", offset, pairs, 2)
    }

    fn index(walk: &mut Walk<'_>) -> Result<u64, Stop> {
        match Self::tag(walk)? {
            (Self::NUMBER, _) => walk.varint(),
            _ => Err(Stop::Unreadable),
        }
    }

    /// Skips one value of any shape, as musli's `skip_any` does, each
    /// length held to the input left.
    fn unknown(walk: &mut Walk<'_>) -> Result<(), Stop> {
        let mut values = 1u64;
        while values > 0 {
            values -= 1;
            let offset = walk.at;
            match Self::tag(walk)? {
                // A number, or a character's mark: a continuation number.
                (Self::NUMBER, _) | (Self::MARK, Self::CHAR) => {
                    walk.varint()?;
                }
                (Self::MARK, Self::VARIANT) => values += 2,
                (Self::MARK, Self::SOME) => values += 1,
                (Self::MARK, _) => {}
                (Self::BYTES | Self::STRING, data) => {
                    let length = Self::length(walk, data)?;
                    let length = walk.bytes(offset, length)?;
                    walk.skip(length)?;
                }
                (Self::SEQUENCE, data) => {
                    let count = Self::length(walk, data)?;
                    values += walk.hold("a sequence", offset, count, 1)?;
                }
                (Self::MAP, data) => {
                    let pairs = Self::length(walk, data)?;
                    values += walk.hold("a map", offset, pairs, 2)? * 2;
                }
                _ => return Err(Stop::Unreadable),
            }
        }
        Ok(())
    }
}

/// Checks `bytes` as musli's storage format writes a `shape`.
pub(crate) fn storage<T: Counts>(bytes: &[u8]) -> Result<(), TooLong> {
    run::<Storage>(bytes, &T::SHAPE)
}

/// Checks `bytes` as musli's wire format writes a `shape`.
pub(crate) fn wire<T: Counts>(bytes: &[u8]) -> Result<(), TooLong> {
    run::<Wire>(bytes, &T::SHAPE)
}

/// Checks `bytes` as musli's descriptive format writes a `shape`.
pub(crate) fn descriptive<T: Counts>(bytes: &[u8]) -> Result<(), TooLong> {
    run::<Descriptive>(bytes, &T::SHAPE)
}
