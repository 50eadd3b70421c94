//! Measure your own data across every serbench format.
//!
//! serbench's benchmarks time its own datasets. This crate takes
//! yours: a document (JSON, NDJSON, CBOR or MessagePack, read into one
//! [`Value`]) or a value of your own serde type, and measures every
//! codec that can carry it, each row verified to give back exactly what
//! went in.
//!
//! The self-describing formats (JSON, CBOR, MessagePack) take a document
//! as it is, and QDataStream takes it as Qt's own `QVariant`s (a
//! `QVariantHash` for each map, written in the document's key order). The
//! schema formats get a [`Schema`] inferred from the document ([`schema`]
//! says how) and written in their own language:
//! Protobuf through prost-reflect over a `.proto` compiled by protox,
//! Avro through apache-avro's values, Thrift through its protocols, and
//! bincode, postcard, bitcode's serde and MessagePack's positional form
//! through one schema-driven serde value. A codec whose library cannot be
//! driven by a schema known only at run time has a row saying why
//! ([`ROWS`]).
//!
//! Input is read strictly, one rule for every format: a key twice in one
//! map, an integer outside `i64` and `u64`, text that is not UTF-8 and
//! nesting past [`value::MAX_DEPTH`] are refused with where they are;
//! messages quote input through serbench-model's excerpt, so every line
//! stays within 256 bytes; a document's name is [`input::safe_name`],
//! which every file written takes. Memory is bounded by the input: about
//! 128 bytes per input byte and 256 MiB besides ([`input::MAX_INPUT_BYTES`]).
//!
//! Every row is verified before it is measured: each message must come
//! back exactly ([`Value`]'s strict equality, or your type's
//! `PartialEq`); one that does not is reported with the first difference
//! and never timed. A format whose maps are records of a schema gives
//! keys back in the schema's order, so its row is held to every key and
//! value but not to their order ([`Row::keeps_key_order`] says which rows
//! keep it). The figures are the benchmark's, taken the same way
//! ([`mod@measure`] says how), as `serbench_results` records that
//! `serbench-report` renders.
//!
//! A row whose library lends text from the input also reads each message
//! borrowed, timed as `borrow` beside `decode`: a document into a
//! [`value::Lent`] value, and a value of your own type, through
//! [`measure_value_lent`], into the borrowed twin its [`BorrowedForm`]
//! names (`&str`, `Cow<str>`, `&[u8]` fields). That read is verified
//! too, owned again against the message; a row that cannot lend says
//! why.
//!
//! ```
//! use serbench_measure::{Document, InputFormat, Options};
//!
//! let json = br#"{"id": 7, "tags": ["a", "b"], "price": 9.5, "note": null}"#;
//! let document = Document::parse("order", InputFormat::Json, json)?;
//! let options = Options { untimed: true, ..Options::default() };
//! let measured = serbench_measure::measure(&document, &options, &mut |_| {})?;
//! let protobuf = measured.records.iter().find(|r| r.codec == "protobuf").unwrap();
//! assert!(protobuf.ok);
//! assert!(measured.schema_files.iter().any(|f| f.name == "order.proto"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod codec;
pub mod input;
pub mod measure;
mod rows;
pub mod typed;

/// The document types live in `serbench-document`, below the codec crates;
/// they are re-exported here under the paths they have always had.
pub use serbench_document::{schema, value};

pub use codec::{Build, Codec, Context, Row, SchemaFile, UserSchemas};
pub use input::{Document, InputFormat};
pub use measure::{Measured, Options, Progress, measure, measure_value, measure_value_lent};
pub use rows::ROWS;
pub use schema::Schema;
pub use serbench_document::BorrowedForm;
pub use value::Value;
