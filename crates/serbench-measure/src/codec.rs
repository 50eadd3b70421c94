//! What a measured codec is: something that writes a [`Value`] to bytes
//! and reads it back, built once per document from what the document
//! says (its messages, the schema inferred from them, or the user's own).

use std::path::PathBuf;

use crate::schema::Schema;
use crate::value::Value;

/// A codec as `measure` drives it, built for one document: messages of
/// type `M`, a document's [`Value`] or a user's own serde type.
pub trait Codec<M = Value> {
    /// Appends `value`'s encoding to `out` (cleared by the caller); a value
    /// the format cannot carry is an error saying what and where.
    fn encode(&self, value: &M, out: &mut Vec<u8>) -> Result<(), String>;

    /// Reads one message back from `bytes`, all of them.
    fn decode(&self, bytes: &[u8]) -> Result<M, String>;

    /// The schema files this codec writes with, to keep beside the report
    /// (`document.proto`); none for a self-describing format.
    fn schema_files(&self) -> Vec<SchemaFile> {
        Vec::new()
    }
}

/// A schema written out for the user to start from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaFile {
    /// The file name, such as `catalog.proto`.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// What a codec is built from: the document and its schemas.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The document's name as files and records take it (the input's file
    /// stem, such as `catalog`).
    pub name: &'a str,
    /// The document's messages (one for a document, a line each for NDJSON).
    pub messages: &'a [Value],
    /// The schema inferred from the messages.
    pub schema: &'a Schema,
    /// The user's own schemas, used instead of the inferred one.
    pub user: &'a UserSchemas,
}

impl<'a> Context<'a> {
    /// The inferred schema, for a row that writes it in its own schema
    /// language: refused past [`crate::schema::MAX_FIELDS`] record fields.
    ///
    /// # Errors
    ///
    /// The reason, naming the limit.
    pub fn inferred(&self) -> Result<&'a Schema, String> {
        self.schema.refuse_oversized()?;
        Ok(self.schema)
    }
}

/// The user's own schemas (`--schema FILE.proto --message NAME`,
/// `--avsc FILE`).
#[derive(Clone, Debug, Default)]
pub struct UserSchemas {
    /// A `.proto` file and the message a document is.
    pub proto: Option<(PathBuf, String)>,
    /// An Avro schema (`.avsc`).
    pub avsc: Option<PathBuf>,
}

/// One row of the measurement: a codec's facts and how it is built.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The row's id, the registry's codec id where the row is that
    /// codec's library (`json-simd`).
    pub id: &'static str,
    /// The wire format, as the registry names it (`JSON`).
    pub wire_format: &'static str,
    /// The library that is timed.
    pub library: &'static str,
    /// Its exact version, as in `Cargo.lock` (a test holds it there).
    pub version: &'static str,
    /// Whether a map's keys come back in the order they went in. A format
    /// whose maps are records of a schema (Protobuf, Avro, Thrift, the
    /// positional ones) gives them back in the schema's order, and its
    /// round trip is verified without regard to key order; one that keeps
    /// the order (JSON, CBOR, MessagePack's maps) is held to it.
    pub keeps_key_order: bool,
    /// How the codec is built, or why it cannot be.
    pub build: Build,
}

/// How a row's codec is made for a document.
#[derive(Clone, Copy)]
pub enum Build {
    /// Built from the document; an `Err` says why this document cannot
    /// be carried (a kind the format lacks), and the row reports it.
    From(fn(&Context<'_>) -> Result<Box<dyn Codec>, String>),
    /// The library cannot be driven by a value known only at run time;
    /// the reason is the row's.
    Unavailable(&'static str),
}

impl std::fmt::Debug for Build {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Build::From(_) => f.write_str("From(..)"),
            Build::Unavailable(why) => f.debug_tuple("Unavailable").field(why).finish(),
        }
    }
}
