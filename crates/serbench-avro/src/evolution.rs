//! Avro through apache-avro, evolved by schema resolution.
//!
//! An Avro datum holds no names, tags or numbers: the reader decodes it
//! with the schema it was written with, then resolves the value against
//! its own schema, matching record fields by name. Each version here is a
//! schema; a program writes its version's value through apache-avro's
//! serde writer with its own schema, and reads the other version's bytes
//! with `GenericDatumReader` given both schemas (the writer's travels
//! beside the data in a container file or a schema registry), then turns
//! the resolved value into its type with `from_value`.
//!
//! The rules the Avro specification gives for evolving a schema, as the
//! new versions follow them: a field added has a `default`, used when the
//! writer's data lacks it; a renamed field lists its old name in
//! `aliases`; an enum gains a symbol at the end; `int` is promoted to
//! `long`. The old schema declares no defaults, neither on its fields
//! nor on its enum (the enum `default` of Avro 1.9, the symbol a reader
//! takes for one it does not know): it was written before anyone knew
//! what would change, and the matrix asks what that costs. Had it
//! declared `"default": "Small"` on its enum, the old reader would take
//! `Huge` as `Small` without a word; without it, the reader refuses.
//!
//! Two of this row's cells are apache-avro's, not the specification's.
//! Its resolution (0.22) matches a reader's field to the writer's by name
//! alone, never through `aliases`, so the new reader finds no `url` in
//! old data and refuses it: the specification lets an implementation
//! ignore aliases, though Java's resolver applies them. And it resolves a
//! `long` written to an `int` read whenever the value fits, where the
//! specification promotes only the other way and apache-avro's own
//! `SchemaCompatibility::can_read` calls that pair of schemas
//! incompatible: the old reader of a widened width reads it, and would
//! refuse a record only once a width passes `i32::MAX`.
//!
//! The enum's symbols are serde's variant names (`Small`), which is what
//! apache-avro's serde writer looks symbols up by.

use apache_avro::Schema;
use apache_avro::reader::datum::GenericDatumReader;
use apache_avro::writer::datum::GenericDatumWriter;
use serde::Serialize;
use serde::de::DeserializeOwned;

use serbench_evolution::model::{Change, Pair, PairVisitor, Version, visit_pairs};
use serbench_evolution::{Direction, Evolution, Outcome, Practised, RECORD};
use serbench_model::{Error, ErrorKind};

use crate::library_error;

impl Evolution for crate::Avro {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "schema resolution",
        cells,
    }];
}

/// The old version.
const IMAGE: &str = r#"{
    "type": "record",
    "name": "Image",
    "fields": [
        {"name": "uri", "type": "string"},
        {"name": "title", "type": "string"},
        {"name": "width", "type": "int"},
        {"name": "height", "type": "int"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["Small", "Large"]}}
    ]
}"#;

/// `alt` added at the end, with the default a reader of old data takes.
const IMAGE_ADDED: &str = r#"{
    "type": "record",
    "name": "Image",
    "fields": [
        {"name": "uri", "type": "string"},
        {"name": "title", "type": "string"},
        {"name": "width", "type": "int"},
        {"name": "height", "type": "int"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["Small", "Large"]}},
        {"name": "alt", "type": "string", "default": ""}
    ]
}"#;

/// `title` removed.
const IMAGE_REMOVED: &str = r#"{
    "type": "record",
    "name": "Image",
    "fields": [
        {"name": "uri", "type": "string"},
        {"name": "width", "type": "int"},
        {"name": "height", "type": "int"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["Small", "Large"]}}
    ]
}"#;

/// `uri` renamed `url`, the old name an alias.
const IMAGE_RENAMED: &str = r#"{
    "type": "record",
    "name": "Image",
    "fields": [
        {"name": "url", "type": "string", "aliases": ["uri"]},
        {"name": "title", "type": "string"},
        {"name": "width", "type": "int"},
        {"name": "height", "type": "int"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["Small", "Large"]}}
    ]
}"#;

/// `height` before `width`.
const IMAGE_REORDERED: &str = r#"{
    "type": "record",
    "name": "Image",
    "fields": [
        {"name": "uri", "type": "string"},
        {"name": "title", "type": "string"},
        {"name": "height", "type": "int"},
        {"name": "width", "type": "int"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["Small", "Large"]}}
    ]
}"#;

/// `width` a `long`.
const IMAGE_WIDENED: &str = r#"{
    "type": "record",
    "name": "Image",
    "fields": [
        {"name": "uri", "type": "string"},
        {"name": "title", "type": "string"},
        {"name": "width", "type": "long"},
        {"name": "height", "type": "int"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["Small", "Large"]}}
    ]
}"#;

/// `Huge` appended to the enum's symbols.
const IMAGE_MORE_SIZES: &str = r#"{
    "type": "record",
    "name": "Image",
    "fields": [
        {"name": "uri", "type": "string"},
        {"name": "title", "type": "string"},
        {"name": "width", "type": "int"},
        {"name": "height", "type": "int"},
        {"name": "size", "type": {"type": "enum", "name": "Size", "symbols": ["Small", "Large", "Huge"]}}
    ]
}"#;

/// The new version's schema for `change`.
fn new_schema(change: Change) -> &'static str {
    match change {
        Change::Added => IMAGE_ADDED,
        Change::Removed => IMAGE_REMOVED,
        Change::Renamed => IMAGE_RENAMED,
        Change::Reordered => IMAGE_REORDERED,
        Change::Widened => IMAGE_WIDENED,
        Change::EnumValueAdded => IMAGE_MORE_SIZES,
    }
}

/// A schema written above; the tests parse every one, so a failure is a
/// broken build.
fn parse(text: &str) -> Schema {
    Schema::parse_str(text).expect("the schemas written here parse")
}

/// The datum `value` is in `schema`.
fn write<V: Serialize>(value: &V, schema: &Schema) -> Result<Vec<u8>, Error> {
    GenericDatumWriter::builder(schema)
        .build()
        .and_then(|writer| writer.write_ser_to_vec(value))
        .map_err(|error| library_error(ErrorKind::Unsupported, RECORD, error))
}

/// What a program with schema `reader` reads from a datum written with
/// schema `writer`.
fn read<V: DeserializeOwned>(
    mut bytes: &[u8],
    writer: &Schema,
    reader: &Schema,
) -> Result<V, Error> {
    let invalid = |error| library_error(ErrorKind::Invalid, RECORD, error);
    let value = GenericDatumReader::builder(writer)
        .reader_schema(reader)
        .build()
        .and_then(|datum| datum.read_value(&mut bytes))
        .map_err(invalid)?;
    apache_avro::from_value(&value).map_err(invalid)
}

/// The Avro row's twelve cells.
fn cells() -> Vec<(Change, Direction, Outcome)> {
    let mut cells = Cells(Vec::new());
    visit_pairs(&mut cells);
    cells.0
}

/// The visitor collecting the cells.
struct Cells(Vec<(Change, Direction, Outcome)>);

impl PairVisitor for Cells {
    fn visit<Old: Version, New: Version>(&mut self, pair: &Pair<Old, New>) {
        let old = parse(IMAGE);
        let new = parse(new_schema(pair.change));
        let new_reads_old =
            write(&pair.old, &old).and_then(|bytes| read::<New>(&bytes, &old, &new));
        let old_reads_new =
            write(&pair.new, &new).and_then(|bytes| read::<Old>(&bytes, &new, &old));
        self.0.push((
            pair.change,
            Direction::NewReadsOld,
            Outcome::judge(new_reads_old, Some(&pair.intended_new())),
        ));
        self.0.push((
            pair.change,
            Direction::OldReadsNew,
            Outcome::judge(old_reads_new, pair.intended_old().as_ref()),
        ));
    }
}
