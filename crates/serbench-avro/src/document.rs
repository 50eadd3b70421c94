//! A document (`serbench-document`'s [`Value`] under its inferred
//! [`Schema`](serbench_document::Schema)) in Avro, for `serbench
//! measure`'s `avro` row, through apache-avro's own value tree: the
//! document's schema written as an `.avsc` (or the user's `--avsc`),
//! parsed once, and each [`Value`] converted to `apache_avro::types::Value`
//! and written as one bare datum, as the crate writes its datasets: no
//! container header, no fingerprint, both ends know the schema.
//!
//! # How an inferred schema is written
//!
//! - A record is a `record` named as
//!   [`Record::name`](serbench_document::schema::Record::name); its fields
//!   are named by [`Field::ident`](serbench_document::schema::Field::ident)
//!   (Avro names are identifiers), with a `doc` giving the document's key
//!   when it is spelled otherwise (a key such as `first name` is no valid
//!   alias either).
//! - A list is an `array`, text a `string`, bytes `bytes`, a float a
//!   `double` (the bits kept), a boolean `boolean`.
//! - An integer is a `long`. Integers past `i64::MAX` are refused: Avro's
//!   only 64-bit integer is signed, and writing them as anything else
//!   (a `double`, a `string`) would not be the same number on the wire.
//! - Only nulls, and the elements of lists that were always empty, are
//!   `"null"`: it takes no byte.
//! - A place of several kinds is a union, one branch per kind, and a
//!   nullable place the union with `"null"` first. Avro forbids two
//!   arrays or two maps in a union and a union directly in a union; the
//!   inferred schema has at most one member per kind, and a nullable union
//!   is written as one flat union, so none arises.
//! - A key missing from some maps must come back missing. When it is
//!   never null, its field is `["null", T]` with the default `null`, and
//!   null means absent. When it is also null somewhere, null cannot mean
//!   both: the field is `["Absent", "null", T]`, where `Absent` is an
//!   empty record (no byte on the wire) that stands for the missing key,
//!   with the default `{}`: a reader whose data lacks the field reads it
//!   as absent, as the document had it.
//! - A document that is not a map (a top-level array) is wrapped in a
//!   record named after the document, with one field `value`.
//! - apache-avro parses a schema with serde_json, which reads 127 levels
//!   of JSON; a record takes about three, so a document nested about 42
//!   levels of maps or more has a schema it cannot parse, and the row
//!   says so with the document's depth.
//! - A map's keys are found by name whatever their order, and a record
//!   reads back in field order: the row is verified without regard to key
//!   order. Every field is written for every map, so a document whose
//!   maps' keys all differ is refused past
//!   [`FIELDS_PER_VALUE`](serbench_document::schema::FIELDS_PER_VALUE)
//!   fields per value (the [`schema`](serbench_document::schema) module's
//!   bounds).
//!
//! # The user's schema (`--avsc FILE`)
//!
//! Its records are filled by field name or alias, in the schema's order;
//! a field the map lacks takes the schema's default, and a key the record
//! has no field for is an error, as is any value whose kind the schema
//! does not take there, named by its path (`$.items[3].price: expected
//! long, found text`). A union takes the first branch of the value's kind
//! that accepts it. An `enum` takes text among its symbols, a `fixed`
//! bytes of its size, `int` and `float` the integers and floats they hold
//! exactly, and the integer logical types (dates, times, timestamps)
//! integers. A `map` is carried, but apache-avro reads it into a hash
//! map: its keys come back sorted. `decimal`, `duration` and `uuid` are
//! refused when a value reaches them.
//!
//! # Decoding
//!
//! Before apache-avro reads a byte, the datum is walked as a dataset's is
//! (the crate's [`What decoding checks`](crate#what-decoding-checks)),
//! against the same schema built into the walk's shape when the codec is:
//! every string's and bytes' length and every block count must fit in the
//! bytes that remain, varints end within 64 bits, strings are UTF-8, enum
//! and union indexes are in range, records nest no deeper than a document
//! can (which bounds a schema that refers to itself), and the datum ends
//! where the input does. A refusal holds the byte offset as its position
//! (`a string of 1000000 bytes in the 0 that remain`, at byte 1). So no
//! length a datum
//! lies about makes apache-avro allocate it (it allocates a declared
//! length before reading the bytes, up to a process-wide limit of
//! 512 MiB). An array of items that take no byte (nulls, empty records)
//! has no count the bytes can bound: apache-avro's limit is what bounds
//! it, and the row refuses, when it is built, a document with a list past
//! that. apache-avro then reads the datum into its value tree, which is
//! converted back.

mod avsc;
mod convert;
mod shape;

use apache_avro::Schema as AvroSchema;
use apache_avro::reader::datum::GenericDatumReader;
use apache_avro::schema::ResolvedSchema;
use apache_avro::types::Value as AvroValue;
use apache_avro::writer::datum::GenericDatumWriter;
use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec, SchemaFile};
use serbench_document::value::{MAX_DEPTH, Value};
use serbench_model::excerpt::shown_name;
use serbench_model::{BaseCodec, Error, ErrorKind};

use self::avsc::{AVSC_NESTING, Keys, json_nesting, write_avsc};
use crate::check::Built;
use crate::{Avro, library_error};

/// The codec: the parsed schema with apache-avro's reader and writer.
struct AvroCodec {
    schema: &'static AvroSchema,
    names: ResolvedSchema<'static>,
    writer: GenericDatumWriter<'static>,
    reader: GenericDatumReader<'static>,
    /// The schema as the walk before decoding follows it.
    shape: Built,
    keys: Keys,
    files: Vec<SchemaFile>,
}

impl DocumentCodec for Avro {
    const KEEPS_KEY_ORDER: bool = false;

    /// The document's codec under its inferred schema or the user's
    /// `--avsc`, or why not: an integer past `i64`, a list longer than
    /// apache-avro reads back, a schema apache-avro cannot parse.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        // A map is read as an Avro map only under a user's schema; the
        // inferred one makes it a record.
        let limit = apache_avro::util::max_allocation_bytes(
            apache_avro::util::DEFAULT_MAX_ALLOCATION_BYTES,
        );
        refuse_long_collections(context.messages, context.user.avsc.is_some(), limit)?;
        if let Some(path) = &context.user.avsc {
            let text = serbench_document::schema_file::schema_text(Self::NAME, path)?;
            let schema = AvroSchema::parse_str(&text).map_err(|error| {
                let file = path.file_name().unwrap_or_default().to_string_lossy();
                let message = format!("{} is not an Avro schema: {error}", shown_name(&file));
                Error::named(ErrorKind::Invalid, Self::NAME, DOCUMENT, message).with_source(error)
            })?;
            return AvroCodec::boxed(schema, Keys::default(), Vec::new());
        }
        let inferred = context.inferred(Self::NAME)?;
        serbench_document::schema::refuse_sparse_records(Self::NAME, inferred, context.messages)?;
        let (text, keys) = write_avsc(inferred, context.name)?;
        let schema = AvroSchema::parse_str(&text).map_err(|error| {
            let levels = json_nesting(&text);
            // The JSON parser's limit, told as the document's own depth.
            let message = if levels > AVSC_NESTING {
                format!(
                    "the document nests {} levels, {levels} in its .avsc, past the {AVSC_NESTING} apache-avro parses",
                    inferred.depth()
                )
            } else {
                format!("apache-avro refused the inferred schema: {error}")
            };
            Error::named(ErrorKind::Unsupported, Self::NAME, DOCUMENT, message).with_source(error)
        })?;
        let file = SchemaFile {
            name: format!("{}.avsc", context.name),
            text,
        };
        AvroCodec::boxed(schema, keys, vec![file])
    }
}

/// Refuses a document with a list or map longer than apache-avro decodes
/// into one collection: it allocates at most `limit` bytes
/// ([`apache_avro::util::max_allocation_bytes`], 512 MiB unless a program
/// sets it) for a collection's values, so a longer one would encode and
/// then fail to read back (a 30 MiB JSON array of zeros holds 15.7
/// million).
fn refuse_long_collections(messages: &[Value], maps: bool, limit: usize) -> Result<(), Error> {
    fn longest(value: &Value) -> (usize, usize) {
        match value {
            Value::List(items) => items
                .iter()
                .map(longest)
                .fold((items.len(), 0), |a, b| (a.0.max(b.0), a.1.max(b.1))),
            Value::Map(entries) => entries
                .iter()
                .map(|(_, v)| longest(v))
                .fold((0, entries.len()), |a, b| (a.0.max(b.0), a.1.max(b.1))),
            _ => (0, 0),
        }
    }
    let (list, map) = messages
        .iter()
        .map(longest)
        .fold((0, 0), |a, b| (a.0.max(b.0), a.1.max(b.1)));
    let most_items = limit / std::mem::size_of::<AvroValue>();
    let most_entries = limit / std::mem::size_of::<(String, AvroValue)>();
    let refused = |message| Error::named(ErrorKind::Unsupported, Avro::NAME, DOCUMENT, message);
    if list > most_items {
        return Err(refused(format!(
            "a list of {list} values, past the {most_items} apache-avro reads into one array"
        )));
    }
    if maps && map > most_entries {
        return Err(refused(format!(
            "a map of {map} keys, past the {most_entries} apache-avro reads into one map"
        )));
    }
    Ok(())
}

impl AvroCodec {
    fn boxed(
        schema: AvroSchema,
        keys: Keys,
        files: Vec<SchemaFile>,
    ) -> Result<Box<dyn Codec>, Error> {
        // apache-avro's reader and writer borrow the schema; the codec is
        // built once per document and kept for the whole measurement, so
        // the schema (a few KiB) is leaked once per build.
        let schema: &'static AvroSchema = Box::leak(Box::new(schema));
        let failed = |error: apache_avro::Error| {
            let message = format!("the schema does not resolve: {error}");
            Error::named(ErrorKind::Invalid, Avro::NAME, DOCUMENT, message).with_source(error)
        };
        let names = ResolvedSchema::try_from(schema).map_err(failed)?;
        // Records nest as deep as a document's maps, and one more for the
        // record that wraps a document that is not a map.
        let shape = shape::built(schema, &names, MAX_DEPTH + 1)?;
        // No validation pass: the value is built from the schema by this
        // module, so apache-avro's walk would only repeat it (the tests
        // read every encoding back).
        let writer = GenericDatumWriter::builder(schema)
            .validate(false)
            .human_readable(false)
            .build()
            .map_err(failed)?;
        let reader = GenericDatumReader::builder(schema)
            .human_readable(false)
            .build()
            .map_err(failed)?;
        Ok(Box::new(AvroCodec {
            schema,
            names,
            writer,
            reader,
            shape,
            keys,
            files,
        }))
    }
}

impl Codec for AvroCodec {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        let mut path = String::from("$");
        let datum = if self.keys.wrapped {
            let AvroSchema::Record(record) = self.schema else {
                let message = "the wrapping schema is not a record";
                return Err(Error::named(
                    ErrorKind::Unsupported,
                    Avro::NAME,
                    DOCUMENT,
                    message,
                ));
            };
            AvroValue::Record(vec![(
                record.fields[0].name.clone(),
                self.to_avro(&record.fields[0].schema, value, &mut path)?,
            )])
        } else {
            self.to_avro(self.schema, value, &mut path)?
        };
        self.writer
            .write_value_ref(out, &datum)
            .map(drop)
            .map_err(|error| library_error(ErrorKind::Unsupported, DOCUMENT, error))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        // The walk has found the datum to end where the input does.
        self.shape
            .datum(bytes)
            .map_err(|fault| fault.about(DOCUMENT))?;
        let datum = self
            .reader
            .read_value(&mut &bytes[..])
            .map_err(|error| library_error(ErrorKind::Invalid, DOCUMENT, error))?;
        if self.keys.wrapped {
            let unwrapped =
                |message| Error::named(ErrorKind::Invalid, Avro::NAME, DOCUMENT, message);
            let (AvroSchema::Record(record), AvroValue::Record(mut fields)) = (self.schema, datum)
            else {
                return Err(unwrapped("the datum is not the wrapping record"));
            };
            let (_, value) = fields
                .pop()
                .ok_or_else(|| unwrapped("the wrapping record is empty"))?;
            return self.value_of(&record.fields[0].schema, value);
        }
        self.value_of(self.schema, datum)
    }

    fn schema_files(&self) -> Vec<SchemaFile> {
        self.files.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_longer_than_apache_avro_reads_are_refused_by_name() {
        let item = std::mem::size_of::<AvroValue>();
        let list = |n| Value::Map(vec![("xs".to_owned(), Value::List(vec![Value::Int(0); n]))]);
        assert!(refuse_long_collections(&[list(10)], false, 10 * item).is_ok());
        let error = refuse_long_collections(&[list(11)], false, 10 * item).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Unsupported);
        assert!(
            error
                .message()
                .starts_with("a list of 11 values, past the 10 apache-avro"),
            "{error}"
        );
        let wide = Value::Map((0..20).map(|i| (format!("k{i}"), Value::Int(i))).collect());
        assert!(refuse_long_collections(std::slice::from_ref(&wide), false, 10 * item).is_ok());
        let error = refuse_long_collections(&[wide], true, 10 * item).unwrap_err();
        assert!(error.message().starts_with("a map of 20 keys"), "{error}");
    }
}
