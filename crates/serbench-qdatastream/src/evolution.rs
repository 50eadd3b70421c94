//! QDataStream as a Qt program writes a record: its `operator<<` streams
//! the fields in declaration order (`out << uri << title << width << …`)
//! and its `operator>>` reads them back in the same order, each in Qt 6's
//! layout, big-endian: a `QString` is its size in bytes as a `quint32`
//! (`0xFFFFFFFF` for the null string), then its UTF-16 code units; an
//! `int` a `qint32`, a `qint64` eight bytes; an enum its underlying type,
//! `int` for `enum class Size { Small, Large }` (Qt 6's template
//! `operator<<` for enums). The fields go through this crate's own
//! writer and reader, the codec's, byte-identical with Qt.
//!
//! Reading checks what Qt's stream status reports: a read past the end
//! (`QDataStream::ReadPastEnd`, which a careful program checks after
//! reading) and a `QString` of an odd number of bytes (`ReadCorruptData`)
//! are errors, and a declared size past the bytes left is refused before
//! anything is allocated. Bytes left over after the record are not: Qt's
//! reader stops where the record ends, and `status()` stays `Ok`. Where Qt
//! itself checks nothing, an enum read from a value it has no name for,
//! the reader here must: Qt's `operator>>` stores the integer in the enum
//! unchecked (an `enum class` of `int` holds 2 as well as 0 or 1), where a
//! Rust enum cannot hold it, so such a value is an error here and a
//! nameless `Size(2)` in a Qt program.
//!
//! The "Versioning" section of QDataStream's documentation tells a program
//! to write a magic number and a version number of its own before its
//! data, and the reader to refuse a wrong magic number and a version newer
//! than it knows, reading an older version's layout by the number.

use serbench_evolution::model::{
    self, Image, ImageAdded, ImageMoreSizes, ImageRemoved, ImageRenamed, ImageReordered,
    ImageWidened, Pair, Version,
};
use serbench_evolution::{Evolution, Outcome, Practice, Practised, RECORD, cells};
use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::error::decode_error;
use crate::read::Reader;
use crate::write::Writer;

impl Evolution for crate::QDataStream {
    const PRACTICES: &'static [Practised] = &[
        Practised {
            practice: "bare",
            cells: cells::<Bare>,
        },
        Practised {
            practice: "version tag",
            cells: cells::<Tagged>,
        },
    ];
}

/// This program's magic number, the one QDataStream's documentation uses.
const MAGIC: u32 = 0xA0B0_C0D0;

/// The record alone.
struct Bare;

/// The magic number and the version number in front.
struct Tagged;

/// The version numbers the old and the new program write.
const OLD: i32 = 1;
const NEW: i32 = 2;

/// A field's type as the stream carries it.
/// The record's fields go through this crate's own [`Writer`] and
/// [`Reader`], with the checks the codec's reads make.
trait Field: Sized {
    fn write(&self, out: &mut Writer<'_>);
    fn read(reader: &mut Reader<'_>, what: &str) -> Result<Self, Error>;
}

impl Field for String {
    fn write(&self, out: &mut Writer<'_>) {
        out.string(self, "a string")
            .expect("the record's strings are a few dozen characters");
    }

    fn read(reader: &mut Reader<'_>, what: &str) -> Result<Self, Error> {
        reader
            .string(what)
            .map_err(|fault| decode_error(RECORD, &fault))
    }
}

impl Field for i32 {
    fn write(&self, out: &mut Writer<'_>) {
        out.i32(*self);
    }

    fn read(reader: &mut Reader<'_>, what: &str) -> Result<Self, Error> {
        reader
            .i32(what)
            .map_err(|fault| decode_error(RECORD, &fault))
    }
}

impl Field for i64 {
    fn write(&self, out: &mut Writer<'_>) {
        out.i64(*self);
    }

    fn read(reader: &mut Reader<'_>, what: &str) -> Result<Self, Error> {
        reader
            .i64(what)
            .map_err(|fault| decode_error(RECORD, &fault))
    }
}

/// What the program refuses in a record it read, as the codec's error.
fn invalid(message: String) -> Error {
    Error::named(
        ErrorKind::Invalid,
        crate::QDataStream::NAME,
        RECORD,
        message,
    )
}

/// An enum as its `int` value, refused when it names no value of the
/// reader's enum.
fn read_enum<E>(reader: &mut Reader<'_>, what: &str, values: &[E]) -> Result<E, Error>
where
    E: Copy,
{
    let at = reader.pos();
    let value = i32::read(reader, what)?;
    usize::try_from(value)
        .ok()
        .and_then(|index| values.get(index).copied())
        .ok_or_else(|| {
            let message = format!("{what} is {value}, a value the enum has no name for");
            invalid(message).at_offset(at)
        })
}

impl Field for model::Size {
    fn write(&self, out: &mut Writer<'_>) {
        (*self as i32).write(out);
    }

    fn read(reader: &mut Reader<'_>, what: &str) -> Result<Self, Error> {
        read_enum(reader, what, &[model::Size::Small, model::Size::Large])
    }
}

impl Field for model::SizeMore {
    fn write(&self, out: &mut Writer<'_>) {
        (*self as i32).write(out);
    }

    fn read(reader: &mut Reader<'_>, what: &str) -> Result<Self, Error> {
        read_enum(
            reader,
            what,
            &[
                model::SizeMore::Small,
                model::SizeMore::Large,
                model::SizeMore::Huge,
            ],
        )
    }
}

/// A version's `operator<<` and `operator>>`.
trait Stream: Version {
    fn write(&self, out: &mut Writer<'_>);
    fn read(reader: &mut Reader<'_>) -> Result<Self, Error>;
}

/// [`Stream`] for a version, its fields listed in declaration order, the
/// order Qt programs stream them in.
macro_rules! stream {
    ($type:ident { $($field:ident),* }) => {
        impl Stream for $type {
            fn write(&self, out: &mut Writer<'_>) {
                $(self.$field.write(out);)*
            }

            fn read(reader: &mut Reader<'_>) -> Result<Self, Error> {
                // A struct expression evaluates its fields in the order
                // written, so they are read in the stream's order.
                Ok(Self {
                    $($field: Field::read(reader, stringify!($field))?),*
                })
            }
        }
    };
}

stream!(Image {
    uri,
    title,
    width,
    height,
    size
});
stream!(ImageAdded {
    uri,
    title,
    width,
    height,
    size,
    alt
});
stream!(ImageRemoved {
    uri,
    width,
    height,
    size
});
stream!(ImageRenamed {
    url,
    title,
    width,
    height,
    size
});
stream!(ImageReordered {
    uri,
    title,
    height,
    width,
    size
});
stream!(ImageWidened {
    uri,
    title,
    width,
    height,
    size
});
stream!(ImageMoreSizes {
    uri,
    title,
    width,
    height,
    size
});

fn write<V: Stream>(value: &V) -> Vec<u8> {
    let mut out = Vec::new();
    value.write(&mut Writer::new(&mut out));
    out
}

impl<Old: Stream, New: Stream> Practice<Old, New> for Bare {
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_new(New::read(&mut Reader::new(&write(&pair.old))))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_old(Old::read(&mut Reader::new(&write(&pair.new))))
    }
}

/// The header and the record of version `version`.
fn write_tagged<V: Stream>(version: i32, value: &V) -> Vec<u8> {
    let mut out = Vec::new();
    let writer = &mut Writer::new(&mut out);
    writer.u32(MAGIC);
    writer.i32(version);
    value.write(writer);
    out
}

/// Checks the magic number and returns the version number.
fn read_header(reader: &mut Reader<'_>) -> Result<i32, Error> {
    let magic = reader
        .u32("the magic number")
        .map_err(|fault| decode_error(RECORD, &fault))?;
    if magic != MAGIC {
        return Err(invalid(format!(
            "bad file format: magic number {magic:#010X}"
        )));
    }
    i32::read(reader, "the version number")
}

/// What the new program reads from tagged `bytes`: either version, the
/// old one migrated with `migrate`.
fn read_tagged_new<Old: Stream, New: Stream>(
    bytes: &[u8],
    migrate: fn(&Old) -> New,
) -> Result<New, Error> {
    let reader = &mut Reader::new(bytes);
    match read_header(reader)? {
        OLD => Old::read(reader).map(|old| migrate(&old)),
        NEW => New::read(reader),
        version => Err(invalid(format!(
            "version {version}: this program reads versions {OLD} and {NEW}"
        ))),
    }
}

/// What the old program reads from tagged `bytes`: its own version only.
fn read_tagged_old<Old: Stream>(bytes: &[u8]) -> Result<Old, Error> {
    let reader = &mut Reader::new(bytes);
    match read_header(reader)? {
        OLD => Old::read(reader),
        version => Err(invalid(format!(
            "version {version}: this program reads version {OLD} only"
        ))),
    }
}

impl<Old: Stream, New: Stream> Practice<Old, New> for Tagged {
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_new(read_tagged_new(&write_tagged(OLD, &pair.old), pair.migrate))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_old(read_tagged_old(&write_tagged(NEW, &pair.new)))
    }
}
