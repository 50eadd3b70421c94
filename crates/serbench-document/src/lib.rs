//! A document as serbench's formats carry it at run time, below the codec
//! crates and the engines that drive them.
//!
//! `serbench measure` reads a user's JSON, NDJSON, CBOR or MessagePack
//! into a [`Value`], infers a [`Schema`] from its messages, and has every
//! format carry the value: the self-describing formats as it is, the
//! schema formats under the schema written in their own language. Both
//! types live here, apart from the engine, so that a codec crate can
//! carry a document without depending on `serbench-measure`.
//!
//! - [`value`]: the value, its strict comparison (floats by their bits,
//!   maps in order or in any order), its serde form and the nesting limit
//!   every reader keeps.
//! - [`codec`]: the [`Codec`] a codec crate builds for a document from
//!   its [`Context`], and the schema files it writes.
//! - [`serde_path`]: a codec whose library goes through serde, for a
//!   document and for any serde type alike.
//! - [`positional`]: a document in the formats that write a serde type's
//!   values and nothing else (bincode, postcard), through its schema.
//! - [`schema`]: the schema inferred in one pass over the values, the
//!   identifiers every schema language takes, and the bounds a schema row
//!   keeps (fields written per value, fields in all).
//! - [`schema_file`]: a user's own schema file read within bounds.

pub mod codec;
pub mod positional;
pub mod schema;
pub mod schema_file;
pub mod serde_path;
pub mod value;

pub use codec::{
    BorrowedForm, BuildDocument, Codec, Context, DOCUMENT, DocumentCodec, Lender, ReadDocument,
    ReadInput, SchemaFile, UserSchemas,
};

pub use schema::Schema;
pub use serde_path::{SerdeCodec, SerdeLend};
pub use value::{DocText, Lent, Value};
