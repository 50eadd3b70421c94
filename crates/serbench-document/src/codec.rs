//! A codec of a document: something that writes a [`Value`] to bytes and
//! reads it back, built once per document from what the document says
//! (its messages, the schema inferred from them, or the user's own). A
//! codec crate builds one for its wire format; `serbench measure` drives
//! it.
//!
//! Every error on this path is the model's [`Error`], as the datasets'
//! are: it names the codec by id and [`DOCUMENT`] as what it is about,
//! with its kind and position as data.

use std::path::PathBuf;

use serbench_model::Error;
use serde::Deserialize;

use crate::schema::Schema;
use crate::value::{Lent, Value};

/// What the errors of a document's codec name in place of a dataset
/// ([`Error::named`]'s subject): `cannot decode json document: …`.
pub const DOCUMENT: &str = "document";

/// A codec as `serbench measure` drives it, built for one document: messages of
/// type `M`, a document's [`Value`] or a user's own serde type.
pub trait Codec<M = Value> {
    /// Appends `value`'s encoding to `out` (cleared by the caller).
    ///
    /// # Errors
    ///
    /// A value the format cannot carry ([`ErrorKind::Unsupported`]),
    /// saying what and where.
    ///
    /// [`ErrorKind::Unsupported`]: serbench_model::ErrorKind::Unsupported
    fn encode(&self, value: &M, out: &mut Vec<u8>) -> Result<(), Error>;

    /// Reads one message back from `bytes`, all of them.
    ///
    /// # Errors
    ///
    /// What is wrong with the bytes, of the decode kinds, and where.
    fn decode(&self, bytes: &[u8]) -> Result<M, Error>;

    /// The schema files this codec writes with, to keep beside the report
    /// (`document.proto`); none for a self-describing format.
    fn schema_files(&self) -> Vec<SchemaFile> {
        Vec::new()
    }

    /// Its borrowed decode, where its library lends text from the input
    /// and the message type has a borrowed form; `None` where it has none.
    fn lender(&self) -> Option<&dyn Lender<M>>
    where
        M: BorrowedForm,
    {
        None
    }
}

/// A message type with a borrowed form, which a decode may read with its
/// text lent by the input: a document's [`Value`], whose form is [`Lent`],
/// or a user's own type beside its twin with `&'a str`, `Cow<'a, str>` or
/// `&'a [u8]` fields.
///
/// Rust has no name for "`Order<'a>` for every `'a`", so the owned type
/// names its borrowed form through a generic associated type. A borrowed
/// decode is verified by [`BorrowedForm::owned`]: the form, owned again,
/// must equal the message written.
pub trait BorrowedForm: Sized {
    /// The borrowed form, its text lent by input that lives for `'a`.
    type Lent<'a>: Deserialize<'a>;

    /// The same value, owned.
    fn owned(lent: Self::Lent<'_>) -> Self;
}

impl BorrowedForm for Value {
    type Lent<'a> = Lent<'a>;

    fn owned(lent: Lent<'_>) -> Value {
        lent.into_owned()
    }
}

/// A borrowed decode of messages of type `M` (a document by default):
/// `serbench measure`'s `borrow` row.
pub trait Lender<M: BorrowedForm = Value> {
    /// Reads one message from `bytes`, all of them, its keys and text
    /// borrowed from `bytes` wherever the library lends them, with the
    /// checks of the codec's owned decode.
    ///
    /// # Errors
    ///
    /// What is wrong with the bytes, as the owned decode says it.
    fn borrow<'a>(&'a self, bytes: &'a [u8]) -> Result<M::Lent<'a>, Error>;
}

/// A codec type of the registry that carries a document as well as the
/// model's datasets: its crate's document path, which `serbench measure`
/// reaches through the registry (`Visitor::document` of serbench-codecs).
pub trait DocumentCodec {
    /// Whether a map's keys come back in the order they went in. A format
    /// whose maps are records of a schema (Protobuf, Avro, Thrift, the
    /// positional ones) gives them back in the schema's order, and its
    /// round trip is verified without regard to key order; one that keeps
    /// the order (JSON, CBOR, MessagePack's maps) is held to it.
    const KEEPS_KEY_ORDER: bool;

    /// The library the document path drives, where it is not the codec's
    /// own (Protobuf's documents go through prost-reflect, its datasets
    /// through prost's generated code); its version is the one
    /// `Cargo.lock` resolves.
    const LIBRARY: Option<&'static str> = None;

    /// Its codec of the document `context` describes.
    ///
    /// # Errors
    ///
    /// Why the document has no form in this format (a kind it lacks, a
    /// schema past its limits), an [`ErrorKind::Unsupported`] naming the
    /// place.
    ///
    /// [`ErrorKind::Unsupported`]: serbench_model::ErrorKind::Unsupported
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error>;
}

/// A codec type whose crate reads a user's file of its wire format into a
/// document: `serbench measure`'s input, read with the format's own
/// checks and the library's read, so that the measurement starts from
/// what the format's code says the bytes hold.
pub trait ReadDocument {
    /// The one document `bytes` hold, all of them.
    ///
    /// # Errors
    ///
    /// What is wrong with the bytes, and where (a byte, or a line and
    /// column).
    fn read_document(bytes: &[u8]) -> Result<Value, Error>;
}

/// Reads `bytes`, of a layout no one knows, with `C`'s document decode
/// built for a document of one empty map: for the tests that hold a
/// crate's document decode to the crafted inputs its dataset decode
/// refuses (`serbench_testkit::refused_by`).
///
/// # Errors
///
/// What the decode refused.
///
/// # Panics
///
/// When `C` builds no codec for that document, which every format
/// carries.
pub fn decode_unknown<C: DocumentCodec>(bytes: &[u8]) -> Result<(), Error> {
    let messages = [Value::Map(Vec::new())];
    let schema = Schema::infer(&messages, "probe");
    let user = UserSchemas::default();
    let context = Context {
        name: "probe",
        messages: &messages,
        schema: &schema,
        user: &user,
    };
    let codec = C::document(&context)
        .unwrap_or_else(|error| panic!("no document codec for one empty map: {error}"));
    codec.decode(bytes).map(drop)
}

/// How a user's file is read into a document: [`ReadDocument::read_document`]
/// of one codec type.
pub type ReadInput = fn(&[u8]) -> Result<Value, Error>;

/// How a document codec is built: [`DocumentCodec::document`] of one
/// codec type.
pub type BuildDocument = fn(&Context<'_>) -> Result<Box<dyn Codec>, Error>;

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
    /// The reason, naming the limit, as an error of `codec` (its id).
    pub fn inferred(&self, codec: &'static str) -> Result<&'a Schema, Error> {
        self.schema.refuse_oversized(codec)?;
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
