//! The measurement's rows: each codec's facts and how its document codec
//! ([`Codec`], from `serbench-document`) is built.

pub use serbench_document::codec::{BuildDocument, Codec, Context, SchemaFile, UserSchemas};
use serbench_model::Error;

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
    /// Whether a map's keys come back in the order they went in
    /// (`serbench_document::DocumentCodec::KEEPS_KEY_ORDER`).
    pub keeps_key_order: bool,
    /// How the codec is built, or why it cannot be.
    pub build: Build,
}

impl Row {
    /// The row's codec built for the document `context` describes.
    ///
    /// # Errors
    ///
    /// Why not, as the row's record says it: the library cannot be driven
    /// at run time, or this document has no form in the format (the
    /// codec's error, told as its message and position, names the place).
    pub fn codec(&self, context: &Context<'_>) -> Result<Box<dyn Codec>, String> {
        match self.build {
            Build::Unavailable(why) => Err(why.to_owned()),
            Build::Carried(build) => build(context).map_err(|error| said(&error)),
        }
    }
}

/// A codec's error as a row's record or an input's refusal tells it: its
/// message and, where it has one, its position (`JSON has no NaN (at
/// $.price)`); the row or the input names the codec already.
pub(crate) fn said(error: &Error) -> String {
    if error.position().is_known() {
        format!("{} (at {})", error.message(), error.position())
    } else {
        error.message().to_owned()
    }
}

/// How a row's codec is made for a document.
#[derive(Clone, Copy)]
pub enum Build {
    /// Built by the codec crate's own document path
    /// (`serbench_document::DocumentCodec::document`): the same library
    /// calls and checks as the benchmark's row of that id. An `Err` says
    /// why this document cannot be carried (a kind the format lacks), and
    /// the row reports it.
    Carried(BuildDocument),
    /// The library cannot be driven by a value known only at run time;
    /// the reason is the codec's (`serbench_model::DocumentPath`).
    Unavailable(&'static str),
}

impl std::fmt::Debug for Build {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Build::Carried(_) => f.write_str("Carried(..)"),
            Build::Unavailable(why) => f.debug_tuple("Unavailable").field(why).finish(),
        }
    }
}
