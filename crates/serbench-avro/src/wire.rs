//! What each dataset gives the codec: its schema, and the serde forms it is
//! written from and read into.

use std::sync::OnceLock;

use apache_avro::Schema;
use apache_avro::reader::datum::GenericDatumReader;
use apache_avro::writer::datum::GenericDatumWriter;
use serbench_model::Dataset;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::check::Shape;

/// A dataset's Avro schema and forms.
pub(crate) trait Wire: Dataset {
    /// The `.avsc` text shipped in `schemas/`.
    const SCHEMA: &'static str;
    /// The same schema as the walk before decoding follows it.
    const SHAPE: Shape;
    /// The form written: borrows the value, builds nothing.
    type Out<'a>: Serialize;
    /// The form read: owns what it reads, with every nested value already
    /// converted into the model as it arrived.
    type In: DeserializeOwned;

    fn out(&self) -> Self::Out<'_>;
    fn into_model(read: Self::In) -> Self;
    /// The parsed schema with its reader and writer, made once.
    fn compiled() -> &'static Compiled;
}

/// A parsed schema with the apache-avro reader and writer over it, each
/// made on first use: a program that only decodes never resolves the
/// schema for writing.
pub(crate) struct Compiled {
    schema: &'static Schema,
    reader: OnceLock<GenericDatumReader<'static>>,
    writer: OnceLock<GenericDatumWriter<'static>>,
}

impl Compiled {
    /// Parses a shipped schema. The tests parse every one, so a failure
    /// here is a broken build, not a property of any input.
    fn new(text: &str) -> Self {
        // Leaked once per dataset and process: the reader and writer
        // borrow the schema for as long as the process runs.
        let schema: &'static Schema = Box::leak(Box::new(
            Schema::parse_str(text).expect("a shipped schema parses"),
        ));
        Self {
            schema,
            reader: OnceLock::new(),
            writer: OnceLock::new(),
        }
    }

    pub(crate) fn reader(&self) -> &GenericDatumReader<'static> {
        self.reader.get_or_init(|| {
            GenericDatumReader::builder(self.schema)
                .human_readable(false)
                .build()
                .expect("a shipped schema resolves")
        })
    }

    pub(crate) fn writer(&self) -> &GenericDatumWriter<'static> {
        self.writer.get_or_init(|| {
            // No target block size: each array is one block, its count
            // known up front, as Avro's writers do for an in-memory value.
            GenericDatumWriter::builder(self.schema)
                .human_readable(false)
                .build()
                .expect("a shipped schema resolves")
        })
    }
}

/// The compiled schema of one dataset, kept in the caller's own static.
pub(crate) fn compiled(cell: &'static OnceLock<Compiled>, text: &str) -> &'static Compiled {
    cell.get_or_init(|| Compiled::new(text))
}
