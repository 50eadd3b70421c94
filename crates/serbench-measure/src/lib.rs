//! Measure your own data across every serbench format.
//!
//! serbench's benchmarks time its own five datasets. This crate takes
//! yours: a document (JSON, NDJSON, CBOR or MessagePack, read into one
//! [`Value`]) or a value of your own serde type, and measures every
//! codec that can carry it, each row verified to give back exactly what
//! went in.
//!
//! The self-describing formats (JSON, CBOR, MessagePack) take a document
//! as it is. The schema formats get a [`Schema`] inferred from the
//! document ([`schema`] says how) and written in their own language.
//! A codec whose library cannot be driven by a schema known only at run
//! time has a row saying why.

pub mod codec;
mod formats;
pub mod input;
pub mod measure;
pub mod schema;
pub mod typed;
pub mod value;

pub use codec::{Build, Codec, Context, Row, SchemaFile, UserSchemas};
pub use formats::ROWS;
pub use input::{Document, InputFormat};
pub use measure::{Measured, Options, Progress, measure, measure_value};
pub use schema::Schema;
pub use value::Value;
