//! The measurement's rows: each codec's facts and how its document codec
//! ([`Codec`], from `serbench-document`) is built.

pub use serbench_document::codec::{Codec, Context, SchemaFile, UserSchemas};

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

impl Row {
    /// The row's codec built for the document `context` describes.
    ///
    /// # Errors
    ///
    /// Why not: the library cannot be driven at run time, or this
    /// document has no form in the format (the reason names the place).
    pub fn codec(&self, context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        match self.build {
            Build::Unavailable(why) => Err(why.to_owned()),
            Build::From(build) => build(context),
            Build::Registry => match serbench_codecs::document(self.id) {
                Some(build) => build(context),
                None => Err(format!("{} is not built into this program", self.id)),
            },
        }
    }
}

/// How a row's codec is made for a document.
#[derive(Clone, Copy)]
pub enum Build {
    /// Built from the document; an `Err` says why this document cannot
    /// be carried (a kind the format lacks), and the row reports it.
    From(fn(&Context<'_>) -> Result<Box<dyn Codec>, String>),
    /// Built by the codec crate's own document path, which the registry
    /// finds by the row's id (`serbench_codecs::document`): the same
    /// library calls and checks as the benchmark's row of that id.
    Registry,
    /// The library cannot be driven by a value known only at run time;
    /// the reason is the row's.
    Unavailable(&'static str),
}

impl std::fmt::Debug for Build {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Build::From(_) => f.write_str("From(..)"),
            Build::Registry => f.write_str("Registry"),
            Build::Unavailable(why) => f.debug_tuple("Unavailable").field(why).finish(),
        }
    }
}
