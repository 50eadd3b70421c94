//! A document (`serbench-document`'s [`Value`] under its inferred
//! [`Schema`], or the user's own `.proto`) in Protocol Buffers, for
//! `serbench measure`'s `protobuf` row, driven at run time by
//! prost-reflect: a proto3 schema written from the inferred one,
//! compiled in memory by protox (no protoc), and each value carried
//! through a [`DynamicMessage`] that prost encodes and decodes. The
//! `protobuf-rust` and `protobuf-buffa` rows carry the same schema and the
//! same mapping (`Reflect`) through rust-protobuf's `MessageDyn`
//! (`document/rust.rs`) and buffa-descriptor's `DynamicMessage`
//! (`document/buffa.rs`).
//!
//! # The crate's checks
//!
//! prost-reflect reads a message with prost's own field decoders
//! (`prost::encoding`) and prost's default decode context, the calls the
//! datasets' decode makes: the same varints (at most 10 bytes, the last
//! at most 1), wire types, keys, UTF-8, lengths checked against the
//! bytes left, and the same 100 levels of nesting, unknown groups
//! included. A fault is the error the datasets' decode makes of it: what
//! went wrong, in which message, and the byte where reading stopped as its
//! position (`invalid tag value: 0 in Doc`, at byte 5). A message is
//! written as the datasets' are, refused past 2 GiB − 1, the limit other
//! protobuf implementations keep. What the datasets' decode checks beyond the
//! wire (ids of 16 bytes, ranges, required messages) is their layout's,
//! and a document's reader checks its own schema's instead.
//!
//! # How the inferred schema becomes proto3
//!
//! Every place must read back exactly as it went in, so each kind picks
//! the proto3 form that keeps what the document says, presence included:
//!
//! - A [`Record`] is a message; its fields are numbered 1, 2, … in the
//!   record's order, skipping 19000–19999 (which Protobuf keeps for
//!   itself), and named by their `ident`, folded apart where protoc's
//!   JSON names would clash, with a comment giving the document's key
//!   where the two differ. A map's keys are found by name whatever their
//!   order, and a message decodes its fields in the record's order: the
//!   row is verified without regard to key order.
//! - Bool, Int, Text, Bytes are `bool`, `int64`, `string`, `bytes`. An
//!   integer place that saw a negative value is `sint64` (zigzag: small
//!   negatives stay small), one past `i64::MAX` is `uint64`; one that saw
//!   both fits no 64-bit type and the row is refused, naming the place.
//! - Float is `double`, and always `optional`: proto3 leaves a field
//!   without presence out when it equals its default, and prost-reflect
//!   compares floats by value, so `-0.0` would be left out and come back
//!   as `0.0`.
//! - A key missing from some maps is `optional` (a scalar) or a message
//!   (which has presence anyway), so an absent key stays absent. A key in
//!   every map is a plain scalar: its default reads back as present.
//! - A list in every map is `repeated`. A list whose key is sometimes
//!   absent, a list inside a list, a list in a union or beside null is a
//!   wrapper message (`Int64List { repeated int64 items = 1; }`), since
//!   `repeated` has no presence and cannot nest.
//! - Null-only is `message Null {}`, an empty message: its presence is
//!   the null, in a field, a list or a oneof. (`google.protobuf.NullValue`
//!   is an enum, and a proto3 enum field has no presence without
//!   `optional`; the empty message needs no import either.)
//! - Nullable and Union are a message with one `oneof value`: a `Null
//!   null_value = 1` first when null was seen, then one member per kind
//!   (`int_value`, `float_value`, `text_value`, `map_value`, …). These
//!   messages are named after their members (`NullableDouble`,
//!   `Int64OrString`) and shared by every place of the same type. A
//!   nullable key that is sometimes absent is an unset message field
//!   when absent and a set `null_value` when null, so the two differ.
//! - Empty (the elements of lists that were always empty) is `bool`:
//!   nothing is ever written as it.
//! - A document that is not a map is wrapped in a message named after it
//!   with the one field `value = 1`.
//!
//! Each generated message name is unique in the file (a `_2` suffix when
//! a record already took it) and the file needs no import, so protoc
//! reads it as protox does.
//!
//! A value the schema does not admit (a key the record lacks, a kind the
//! place never saw) is an encode error naming its path.
//!
//! prost decodes at most 100 messages nested inside the outermost, so a
//! document whose messages nest deeper (a chain of maps past 101 levels;
//! wrappers for lists, nulls and unions take a level each) is refused
//! when the row is built, with the document's depth in the reason.
//!
//! # The user's own schema
//!
//! With `--schema FILE.proto --message NAME` the user's message is used
//! instead (`src/document/user.rs` says how a document is mapped onto
//! it and what it refuses), and no schema file is written.

pub(crate) mod buffa;
pub(crate) mod rust;
mod user;

use std::collections::HashMap;
use std::fmt::Write as _;

use prost::bytes::Bytes;
use std::borrow::Cow;

use prost_reflect::{
    DynamicMessage, FieldDescriptor, Kind as ProstKind, MessageDescriptor, ReflectMessage as _,
    Value as Proto,
};
use protox::file::{File, FileResolver};

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec, SchemaFile};
use serbench_document::schema::{Field, IntRange, Record, Schema, Unique, camel};
use serbench_document::value::Value;
use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::Protobuf;
use crate::read::ReadError;

impl DocumentCodec for Protobuf {
    const KEEPS_KEY_ORDER: bool = false;
    const LIBRARY: Option<&'static str> = Some("prost-reflect");

    /// The user's message when one is given, else the schema written
    /// from the inferred one.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        if let Some((path, message)) = &context.user.proto {
            return Ok(Box::new(user::UserProto::new(
                path,
                message,
                context.messages,
            )?));
        }
        let compiled = Compiled::new(Protobuf::NAME, context.name, context.inferred(Self::NAME)?)?;
        let root = compiled
            .compiler
            .descriptor_pool()
            .get_message_by_name(&compiled.root)
            .ok_or_else(|| compiled.lost())?;
        Ok(Box::new(Generated::<Prost> {
            schema: compiled.schema,
            root,
            file: compiled.file,
        }))
    }
}

/// The `.proto` written from the inferred schema, compiled by protox:
/// what both rows' reflection APIs start from.
pub(crate) struct Compiled {
    /// The codec whose errors these are.
    codec: &'static str,
    /// The inferred schema the values are walked with.
    pub(crate) schema: Schema,
    /// The written `.proto`.
    pub(crate) file: SchemaFile,
    /// protox, holding the compiled file.
    pub(crate) compiler: protox::Compiler,
    /// The document's message: the root record's, or the wrapper's.
    pub(crate) root: String,
}

impl Compiled {
    /// Writes and compiles the schema for codec `codec`, refused where its
    /// messages nest past what the libraries decode.
    pub(crate) fn new(codec: &'static str, name: &str, schema: &Schema) -> Result<Compiled, Error> {
        let (text, root) = write_proto(codec, name, schema)?;
        let file = SchemaFile {
            name: format!("{name}.proto"),
            text,
        };
        let mut compiler = protox::Compiler::with_file_resolver(InMemory(file.clone()));
        compiler.open_file(&file.name).map_err(|error| {
            unsupported_by(
                codec,
                format!("protox refused the schema written for it: {error}"),
            )
            .with_source(error)
        })?;
        let written = Compiled {
            codec,
            schema: schema.clone(),
            file,
            compiler,
            root,
        };
        let descriptor = written
            .compiler
            .descriptor_pool()
            .get_message_by_name(&written.root)
            .ok_or_else(|| written.lost())?;
        let nesting = message_nesting(&descriptor, &mut HashMap::new());
        // Both libraries' limit, told as the document's own depth.
        if nesting > MAX_NESTING {
            return Err(unsupported_by(
                codec,
                format!(
                    "the document nests {} levels, {nesting} in its messages, past the {MAX_NESTING} protobuf decodes",
                    schema.depth()
                ),
            ));
        }
        Ok(written)
    }

    /// The compiled files as a `FileDescriptorSet`, what the other
    /// libraries' descriptor pools start from. Encoded from protox's
    /// `DescriptorPool` directly: protox's own `encode_file_descriptor_set`
    /// rebuilds every file as a `DynamicMessage` first, a map entry for
    /// each of a descriptor's fields, several times the schema's size.
    pub(crate) fn descriptor_set(&self) -> Vec<u8> {
        self.compiler.descriptor_pool().encode_to_vec()
    }

    /// The error of a root message the compiled file lacks.
    pub(crate) fn lost(&self) -> Error {
        unsupported_by(
            self.codec,
            format!("the written schema lost its message {}", self.root),
        )
    }
}

/// The codec over the schema written from the inferred one, through the
/// reflection API `R`.
pub(crate) struct Generated<R: Reflect> {
    /// The inferred schema the values are walked with.
    pub(crate) schema: Schema,
    /// The document's message: the root record's, or the wrapper's.
    pub(crate) root: R::Descriptor,
    /// The written `.proto`.
    pub(crate) file: SchemaFile,
}

impl<R: Reflect> Codec for Generated<R> {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        let mut path = String::from("$");
        let message = match (&self.schema, value) {
            (Schema::Record(record), Value::Map(entries)) => {
                put_record::<R>(record, entries, &self.root, &mut path)?
            }
            (Schema::Record(_), _) => return Err(mismatch(R::CODEC, &path, &self.schema, value)),
            _ => {
                let mut message = R::new_message(&self.root);
                put_field::<R>(
                    &mut message,
                    &field::<R>(&self.root, 1)?,
                    &self.schema,
                    value,
                    &mut path,
                )?;
                message
            }
        };
        R::write(&message, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        let message = R::read(&self.root, bytes)?;
        let message = R::as_message(&message);
        match &self.schema {
            Schema::Record(record) => read_record::<R>(record, message),
            schema => read_field::<R>(message, &field::<R>(&self.root, 1)?, schema, true)?
                .ok_or_else(|| unread_by(R::CODEC, "the document's value is missing")),
        }
    }

    fn schema_files(&self) -> Vec<SchemaFile> {
        vec![self.file.clone()]
    }
}

/// Appends `message` as the datasets' messages are written, within their
/// size limit.
fn write(message: &DynamicMessage, out: &mut Vec<u8>) -> Result<(), Error> {
    crate::put(message, out).map_err(|unwritten| unwritten.error_of(Protobuf::NAME, DOCUMENT))
}

/// The message of `root` that fills `bytes`, a fault described as the
/// datasets' decode describes one.
fn read(root: &MessageDescriptor, bytes: &[u8]) -> Result<DynamicMessage, Error> {
    // Reading from a slice we hold shows where reading stopped.
    let mut rest = bytes;
    DynamicMessage::decode(root.clone(), &mut rest).map_err(|error| {
        ReadError::from(error).error_of(
            Protobuf::NAME,
            DOCUMENT,
            root.name(),
            bytes.len(),
            rest.len(),
        )
    })
}

/// What the document holds that it or its schema has no form for, an
/// encode error; where it is, [`misfit`].
fn unsupported_by(codec: &'static str, message: impl Into<String>) -> Error {
    Error::named(ErrorKind::Unsupported, codec, DOCUMENT, message)
}

/// [`unsupported_by`] at `path`.
fn misfit_by(codec: &'static str, path: &str, message: impl Into<String>) -> Error {
    unsupported_by(codec, message).at_path(path)
}

/// [`misfit_by`] the `protobuf` row, for the user's own schema.
fn misfit(path: &str, message: impl Into<String>) -> Error {
    misfit_by(Protobuf::NAME, path, message)
}

/// What a message read holds that the schema does not lead to.
fn unread_by(codec: &'static str, message: impl Into<String>) -> Error {
    Error::named(ErrorKind::Invalid, codec, DOCUMENT, message)
}

/// [`unread_by`] the `protobuf` row, for the user's own schema.
fn unread(message: impl Into<String>) -> Error {
    unread_by(Protobuf::NAME, message)
}

/// protox's view of the one written file, so nothing touches the disk.
struct InMemory(SchemaFile);

impl FileResolver for InMemory {
    fn open_file(&self, name: &str) -> Result<File, protox::Error> {
        if name == self.0.name {
            File::from_source(name, &self.0.text)
        } else {
            Err(protox::Error::file_not_found(name))
        }
    }
}

/// The most levels of messages prost, rust-protobuf and buffa decode: the
/// outermost and 100 nested (each library's recursion limit).
const MAX_NESTING: usize = 101;

/// How many levels of messages a value of `message` can nest, itself
/// included; `known` keeps each message's, as the wrapper messages are
/// shared.
fn message_nesting(message: &MessageDescriptor, known: &mut HashMap<String, usize>) -> usize {
    if let Some(&levels) = known.get(message.full_name()) {
        return levels;
    }
    let levels = 1 + message
        .fields()
        .filter_map(|field| match field.kind() {
            ProstKind::Message(inner) => Some(message_nesting(&inner, known)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    known.insert(message.full_name().to_owned(), levels);
    levels
}

fn field<R: Reflect>(message: &R::Descriptor, number: u32) -> Result<R::Field, Error> {
    R::field(message, number).ok_or_else(|| {
        unread_by(
            R::CODEC,
            format!("{} has no field {number}", R::message_name(message)),
        )
    })
}

fn mismatch(codec: &'static str, path: &str, schema: &Schema, value: &Value) -> Error {
    let message = format!("expected {}, found {}", schema.kind(), value.kind());
    misfit_by(codec, path, message)
}

/// Runs `f` with `path` extended by `step`, then restores it.
fn at<T>(path: &mut String, step: std::fmt::Arguments<'_>, f: impl FnOnce(&mut String) -> T) -> T {
    let len = path.len();
    let _ = path.write_fmt(step);
    let result = f(path);
    path.truncate(len);
    result
}

// ---------------------------------------------------------------------------
// Writing the .proto

/// The proto3 text for `schema` and the name of the document's message.
fn write_proto(
    codec: &'static str,
    name: &str,
    schema: &Schema,
) -> Result<(String, String), Error> {
    let mut writer = Writer {
        codec,
        messages: Vec::new(),
        taken: Unique::default(),
        made: HashMap::new(),
    };
    for record in schema.records() {
        writer.taken.reserve(&record.name);
    }
    let root = if let Schema::Record(record) = schema {
        writer.record(record, &mut String::from("$"))?;
        record.name.clone()
    } else {
        let camel = camel(name);
        let wanted = if writer.taken.contains(&camel) {
            format!("{camel}Document")
        } else {
            camel
        };
        let root = writer.name(&wanted);
        let slot = writer.reserve();
        let line = writer.field_line(schema, true, "value", 1, &mut String::from("$"))?;
        writer.messages[slot] = format!(
            "// The document, which is not a map, as the one field of a message.\nmessage {root} {{\n{line}}}\n"
        );
        root
    };
    let mut text = format!(
        "// Written by serbench-measure from the document {name:?}: the schema\n\
         // inferred from its values, in proto3. Edit it and pass it back with\n\
         // --schema {name}.proto --message {root}.\nsyntax = \"proto3\";\n"
    );
    for message in &writer.messages {
        text.push('\n');
        text.push_str(message);
    }
    Ok((text, root))
}

/// The messages written so far and their names.
struct Writer {
    /// The codec whose errors these are.
    codec: &'static str,
    /// Each message's text, in the file's order (a parent before the
    /// messages it made).
    messages: Vec<String>,
    /// Every message name given or reserved.
    taken: Unique,
    /// The wrapper and oneof messages made, by what they hold.
    made: HashMap<String, String>,
}

impl Writer {
    fn name(&mut self, wanted: &str) -> String {
        self.taken.give(wanted)
    }

    /// A place for a message whose text is written after its children's
    /// names are known.
    fn reserve(&mut self) -> usize {
        self.messages.push(String::new());
        self.messages.len() - 1
    }

    fn record(&mut self, record: &Record, path: &mut String) -> Result<(), Error> {
        let slot = self.reserve();
        let mut text = format!(
            "// The maps at {}.\nmessage {} {{\n",
            path.escape_debug(),
            record.name
        );
        let mut json_names = Unique::folded(json_folded);
        if field_number(record.fields.len().saturating_sub(1)) > MAX_FIELD_NUMBER {
            return Err(misfit_by(
                self.codec,
                path,
                format!(
                    "{} keys; Protobuf's field numbers stop at {MAX_FIELD_NUMBER}",
                    record.fields.len()
                ),
            ));
        }
        for (i, field) in record.fields.iter().enumerate() {
            let number = field_number(i);
            let Field {
                key,
                ident,
                schema,
                required,
            } = field;
            let name = json_names.give(ident);
            if *key != name {
                let _ = writeln!(text, "  // The key {key:?}.");
            }
            let line = at(path, format_args!(".{key}"), |path| {
                self.field_line(schema, *required, &name, number, path)
            })?;
            text.push_str(&line);
        }
        text.push_str("}\n");
        self.messages[slot] = text;
        Ok(())
    }

    /// The declaration of field `number` named `ident`, whose values are
    /// of `schema`, present in every map when `required`.
    fn field_line(
        &mut self,
        schema: &Schema,
        required: bool,
        ident: &str,
        number: u32,
        path: &mut String,
    ) -> Result<String, Error> {
        let label = match schema {
            Schema::List(item) if required => {
                let item = at(path, format_args!("[]"), |path| self.type_name(item, path))?;
                return Ok(format!("  repeated {item} {ident} = {number};\n"));
            }
            Schema::Bool | Schema::Int(_) | Schema::Text | Schema::Bytes | Schema::Empty
                if required =>
            {
                ""
            }
            Schema::Bool
            | Schema::Int(_)
            | Schema::Text
            | Schema::Bytes
            | Schema::Empty
            | Schema::Float => "optional ",
            _ => "",
        };
        let ty = self.type_name(schema, path)?;
        Ok(format!("  {label}{ty} {ident} = {number};\n"))
    }

    /// The type a value of `schema` is written as, in a singular field,
    /// a repeated one or a oneof: a scalar or a message.
    fn type_name(&mut self, schema: &Schema, path: &mut String) -> Result<String, Error> {
        Ok(match schema {
            Schema::Empty | Schema::Bool => "bool".to_owned(),
            Schema::Int(range) => int_type(self.codec, *range, path)?.to_owned(),
            Schema::Float => "double".to_owned(),
            Schema::Text => "string".to_owned(),
            Schema::Bytes => "bytes".to_owned(),
            Schema::Null => self.made("null", "Null", |name| {
                format!("// A null: the message's presence is the value.\nmessage {name} {{}}\n")
            }),
            Schema::Record(record) => {
                self.record(record, path)?;
                record.name.clone()
            }
            Schema::List(item) => {
                let item = at(path, format_args!("[]"), |path| self.type_name(item, path))?;
                self.made(&format!("list {item}"), &format!("{}List", camel(&item)), |name| {
                    format!(
                        "// A list where `repeated` alone cannot be one.\nmessage {name} {{\n  repeated {item} items = 1;\n}}\n"
                    )
                })
            }
            Schema::Nullable(inner) => {
                let members = match &**inner {
                    Schema::Union(members) => members.as_slice(),
                    one => std::slice::from_ref(one),
                };
                self.oneof(true, members, path)?
            }
            Schema::Union(members) => self.oneof(false, members, path)?,
        })
    }

    /// The message with one `oneof value` over `members`, led by a null
    /// when `null`.
    fn oneof(
        &mut self,
        null: bool,
        members: &[Schema],
        path: &mut String,
    ) -> Result<String, Error> {
        let mut lines = String::new();
        let mut names = Vec::new();
        let mut number = 1;
        if null {
            let ty = self.type_name(&Schema::Null, path)?;
            let _ = writeln!(lines, "    {ty} null_value = 1;");
            number += 1;
        }
        for member in members {
            let ty = self.type_name(member, path)?;
            let _ = writeln!(lines, "    {ty} {}_value = {number};", member_name(member));
            names.push(camel(&ty));
            number += 1;
        }
        let joined = names.join("Or");
        let (key, wanted, what) = if null {
            (
                format!("nullable {joined}"),
                format!("Nullable{joined}"),
                "null or one of these",
            )
        } else {
            (format!("union {joined}"), joined, "one of these")
        };
        Ok(self.made(&key, &wanted, |name| {
            format!(
                "// A value that is {what}.\nmessage {name} {{\n  oneof value {{\n{lines}  }}\n}}\n"
            )
        }))
    }

    /// The message made for `key`, written by `text` the first time.
    fn made(&mut self, key: &str, wanted: &str, text: impl FnOnce(&str) -> String) -> String {
        if let Some(name) = self.made.get(key) {
            return name.clone();
        }
        let name = self.name(wanted);
        self.made.insert(key.to_owned(), name.clone());
        let message = text(&name);
        self.messages.push(message);
        name
    }
}

/// A field name as protoc compares JSON names: protoc refuses two
/// proto3 fields whose names are the same in lower case without
/// underscores (`first_name`, `firstName`, `FirstName`), as their JSON
/// names would clash.
fn json_folded(name: &str) -> String {
    name.replace('_', "").to_ascii_lowercase()
}

/// The number of the field at `index` in its record: from 1, past the
/// range 19000–19999 that Protobuf keeps for its own implementation.
fn field_number(index: usize) -> u32 {
    let number = u32::try_from(index).map_or(u32::MAX, |i| i.saturating_add(1));
    if number < RESERVED_NUMBERS.start {
        number
    } else {
        number.saturating_add(RESERVED_NUMBERS.end - RESERVED_NUMBERS.start)
    }
}

/// The index in its record of the field numbered `number`.
fn field_index(number: u32) -> usize {
    let index = if number < RESERVED_NUMBERS.start {
        number - 1
    } else {
        number - 1 - (RESERVED_NUMBERS.end - RESERVED_NUMBERS.start)
    };
    index as usize
}

/// The field numbers Protobuf keeps for itself.
const RESERVED_NUMBERS: std::ops::Range<u32> = 19_000..20_000;

/// The largest field number.
const MAX_FIELD_NUMBER: u32 = (1 << 29) - 1;

fn int_type(codec: &'static str, range: IntRange, path: &str) -> Result<&'static str, Error> {
    if !range.fits_64_bits() {
        return Err(misfit_by(
            codec,
            path,
            "integers both negative and past i64::MAX, which neither sint64 nor uint64 holds",
        ));
    }
    Ok(if range.past_i64 {
        "uint64"
    } else if range.negative {
        "sint64"
    } else {
        "int64"
    })
}

/// A oneof member's field name, after its kind (unique in a union: one
/// member per kind).
fn member_name(schema: &Schema) -> &'static str {
    match schema {
        Schema::Bool => "bool",
        Schema::Int(_) => "int",
        Schema::Float => "float",
        Schema::Text => "text",
        Schema::Bytes => "bytes",
        Schema::List(_) => "list",
        Schema::Record(_) => "map",
        Schema::Empty | Schema::Null | Schema::Nullable(_) | Schema::Union(_) => "other",
    }
}

// ---------------------------------------------------------------------------
// The reflection APIs

/// A library's run-time messages as the mapping below drives them, so
/// that the three rows carry a document by one mapping: prost-reflect's
/// `DynamicMessage` ([`Prost`]), rust-protobuf's `MessageDyn`
/// (`document::rust`) and buffa-descriptor's `DynamicMessage`
/// (`document::buffa`).
pub(crate) trait Reflect {
    /// The codec whose errors these are.
    const CODEC: &'static str;
    /// A message type.
    type Descriptor: Clone;
    /// A field of a message type.
    type Field;
    /// A message as it is read.
    type Message: ?Sized;
    /// A message being built, and as it is decoded.
    type Built;
    /// A value to set in a field or a list.
    type Boxed;
    /// A message value read out of another.
    type Ref<'a>: std::ops::Deref<Target = Self::Message>
    where
        Self: 'a;

    fn new_message(descriptor: &Self::Descriptor) -> Self::Built;
    fn as_message(built: &Self::Built) -> &Self::Message;
    fn descriptor(message: &Self::Message) -> Self::Descriptor;
    fn message_name(descriptor: &Self::Descriptor) -> String;
    fn field(descriptor: &Self::Descriptor, number: u32) -> Option<Self::Field>;
    fn field_name(field: &Self::Field) -> String;
    fn number(field: &Self::Field) -> u32;
    fn is_list(field: &Self::Field) -> bool;
    /// Whether the field is written only when set, as proto3 says: a
    /// message, a oneof member or an `optional` one.
    fn has_presence(field: &Self::Field) -> bool;
    fn kind(field: &Self::Field) -> Kind<Self::Descriptor>;

    fn boxed(scalar: Scalar) -> Self::Boxed;
    fn boxed_message(message: Self::Built) -> Self::Boxed;
    fn set(message: &mut Self::Built, field: &Self::Field, value: Self::Boxed);
    fn set_list(message: &mut Self::Built, field: &Self::Field, items: Vec<Self::Boxed>);

    /// The numbers of the fields set in `message`, in increasing order.
    fn set_numbers(message: &Self::Message) -> Vec<u32>;
    fn has(message: &Self::Message, field: &Self::Field) -> bool;
    /// A singular field's value, its default when unset.
    fn get<'a>(message: &'a Self::Message, field: &Self::Field) -> Element<'a, Self>;
    fn get_list<'a>(message: &'a Self::Message, field: &Self::Field) -> Vec<Element<'a, Self>>;

    /// Appends `message` within protobuf's size limit.
    fn write(message: &Self::Built, out: &mut Vec<u8>) -> Result<(), Error>;
    /// The message of `root` that fills `bytes`.
    fn read(root: &Self::Descriptor, bytes: &[u8]) -> Result<Self::Built, Error>;
}

/// What a field's type asks of an integer, or the message it holds.
pub(crate) enum Kind<D> {
    Signed,
    Unsigned,
    Message(D),
    Other,
}

/// A scalar to set.
pub(crate) enum Scalar {
    Bool(bool),
    I64(i64),
    U64(u64),
    F64(f64),
    Text(String),
    Bytes(Vec<u8>),
}

/// A value read out of a message.
pub(crate) enum Element<'a, R: Reflect + ?Sized + 'a> {
    Bool(bool),
    I64(i64),
    U64(u64),
    F64(f64),
    Text(std::borrow::Cow<'a, str>),
    Bytes(std::borrow::Cow<'a, [u8]>),
    Message(R::Ref<'a>),
    /// A type the written schemas never use.
    Other,
}

/// prost-reflect's `DynamicMessage`: the `protobuf` row.
pub(crate) struct Prost;

impl Prost {
    fn element(proto: Cow<'_, Proto>) -> Element<'_, Prost> {
        match proto {
            Cow::Borrowed(proto) => match proto {
                Proto::Message(message) => Element::Message(Cow::Borrowed(message)),
                Proto::String(text) => Element::Text(Cow::Borrowed(text)),
                Proto::Bytes(bytes) => Element::Bytes(Cow::Borrowed(bytes)),
                other => Self::scalar(other),
            },
            Cow::Owned(proto) => match proto {
                Proto::Message(message) => Element::Message(Cow::Owned(message)),
                Proto::String(text) => Element::Text(Cow::Owned(text)),
                Proto::Bytes(bytes) => Element::Bytes(Cow::Owned(bytes.to_vec())),
                other => Self::scalar(&other),
            },
        }
    }

    fn scalar<'a>(proto: &Proto) -> Element<'a, Prost> {
        match proto {
            Proto::Bool(b) => Element::Bool(*b),
            Proto::I64(n) => Element::I64(*n),
            Proto::U64(n) => Element::U64(*n),
            Proto::F64(x) => Element::F64(*x),
            _ => Element::Other,
        }
    }
}

impl Reflect for Prost {
    const CODEC: &'static str = Protobuf::NAME;
    type Descriptor = MessageDescriptor;
    type Field = FieldDescriptor;
    type Message = DynamicMessage;
    type Built = DynamicMessage;
    type Boxed = Proto;
    type Ref<'a> = Cow<'a, DynamicMessage>;

    fn new_message(descriptor: &MessageDescriptor) -> DynamicMessage {
        DynamicMessage::new(descriptor.clone())
    }

    fn as_message(built: &DynamicMessage) -> &DynamicMessage {
        built
    }

    fn descriptor(message: &DynamicMessage) -> MessageDescriptor {
        message.descriptor()
    }

    fn message_name(descriptor: &MessageDescriptor) -> String {
        descriptor.full_name().to_owned()
    }

    fn field(descriptor: &MessageDescriptor, number: u32) -> Option<FieldDescriptor> {
        descriptor.get_field(number)
    }

    fn field_name(field: &FieldDescriptor) -> String {
        field.full_name().to_owned()
    }

    fn number(field: &FieldDescriptor) -> u32 {
        field.number()
    }

    fn is_list(field: &FieldDescriptor) -> bool {
        field.is_list()
    }

    fn has_presence(field: &FieldDescriptor) -> bool {
        field.supports_presence()
    }

    fn kind(field: &FieldDescriptor) -> Kind<MessageDescriptor> {
        match field.kind() {
            ProstKind::Int64 | ProstKind::Sint64 => Kind::Signed,
            ProstKind::Uint64 => Kind::Unsigned,
            ProstKind::Message(message) => Kind::Message(message),
            _ => Kind::Other,
        }
    }

    fn boxed(scalar: Scalar) -> Proto {
        match scalar {
            Scalar::Bool(b) => Proto::Bool(b),
            Scalar::I64(n) => Proto::I64(n),
            Scalar::U64(n) => Proto::U64(n),
            Scalar::F64(x) => Proto::F64(x),
            Scalar::Text(text) => Proto::String(text),
            Scalar::Bytes(bytes) => Proto::Bytes(Bytes::from(bytes)),
        }
    }

    fn boxed_message(message: DynamicMessage) -> Proto {
        Proto::Message(message)
    }

    fn set(message: &mut DynamicMessage, field: &FieldDescriptor, value: Proto) {
        message.set_field(field, value);
    }

    fn set_list(message: &mut DynamicMessage, field: &FieldDescriptor, items: Vec<Proto>) {
        message.set_field(field, Proto::List(items));
    }

    fn set_numbers(message: &DynamicMessage) -> Vec<u32> {
        message
            .fields()
            .map(|(descriptor, _)| descriptor.number())
            .collect()
    }

    fn has(message: &DynamicMessage, field: &FieldDescriptor) -> bool {
        message.has_field(field)
    }

    fn get<'a>(message: &'a DynamicMessage, field: &FieldDescriptor) -> Element<'a, Prost> {
        Self::element(message.get_field(field))
    }

    fn get_list<'a>(
        message: &'a DynamicMessage,
        field: &FieldDescriptor,
    ) -> Vec<Element<'a, Prost>> {
        match message.get_field(field) {
            Cow::Borrowed(Proto::List(items)) => items
                .iter()
                .map(|item| Self::element(Cow::Borrowed(item)))
                .collect(),
            // An unset list reads as its default, which is empty.
            _ => Vec::new(),
        }
    }

    fn write(message: &DynamicMessage, out: &mut Vec<u8>) -> Result<(), Error> {
        write(message, out)
    }

    fn read(root: &MessageDescriptor, bytes: &[u8]) -> Result<DynamicMessage, Error> {
        read(root, bytes)
    }
}

// ---------------------------------------------------------------------------
// Value → message

fn put_record<R: Reflect>(
    record: &Record,
    entries: &[(String, Value)],
    message: &R::Descriptor,
    path: &mut String,
) -> Result<R::Built, Error> {
    let mut out = R::new_message(message);
    let present = record
        .present(entries)
        .map_err(|found| misfit_by(R::CODEC, path, found.to_string()))?;
    for (index, value) in present {
        let field_schema = &record.fields[index];
        let descriptor = field::<R>(message, field_number(index))?;
        at(path, format_args!(".{}", field_schema.key), |path| {
            put_field::<R>(&mut out, &descriptor, &field_schema.schema, value, path)
        })?;
    }
    Ok(out)
}

fn put_field<R: Reflect>(
    message: &mut R::Built,
    descriptor: &R::Field,
    schema: &Schema,
    value: &Value,
    path: &mut String,
) -> Result<(), Error> {
    let kind = R::kind(descriptor);
    if R::is_list(descriptor) {
        let (Schema::List(item), Value::List(items)) = (schema, value) else {
            return Err(mismatch(R::CODEC, path, schema, value));
        };
        let items = items
            .iter()
            .enumerate()
            .map(|(i, value)| {
                at(path, format_args!("[{i}]"), |path| {
                    element::<R>(item, value, &kind, path)
                })
            })
            .collect::<Result<_, _>>()?;
        R::set_list(message, descriptor, items);
    } else {
        let value = element::<R>(schema, value, &kind, path)?;
        R::set(message, descriptor, value);
    }
    Ok(())
}

/// `value` as a singular value of `kind`, the type `schema` was written as.
fn element<R: Reflect>(
    schema: &Schema,
    value: &Value,
    kind: &Kind<R::Descriptor>,
    path: &mut String,
) -> Result<R::Boxed, Error> {
    Ok(match (schema, value, kind) {
        (Schema::Bool, Value::Bool(b), _) => R::boxed(Scalar::Bool(*b)),
        (Schema::Int(_), Value::Int(n), Kind::Signed) => R::boxed(Scalar::I64(*n)),
        (Schema::Int(_), Value::Int(n), Kind::Unsigned) if *n >= 0 => {
            R::boxed(Scalar::U64(n.cast_unsigned()))
        }
        (Schema::Int(_), Value::UInt(n), Kind::Unsigned) => R::boxed(Scalar::U64(*n)),
        (Schema::Float, Value::Float(x), _) => R::boxed(Scalar::F64(*x)),
        (Schema::Text, Value::Text(text), _) => R::boxed(Scalar::Text(text.clone())),
        (Schema::Bytes, Value::Bytes(bytes), _) => R::boxed(Scalar::Bytes(bytes.clone())),
        (Schema::Null, Value::Null, Kind::Message(null)) => R::boxed_message(R::new_message(null)),
        (Schema::Record(record), Value::Map(entries), Kind::Message(message)) => {
            R::boxed_message(put_record::<R>(record, entries, message, path)?)
        }
        (Schema::List(_), Value::List(_), Kind::Message(wrapper)) => {
            let mut out = R::new_message(wrapper);
            put_field::<R>(&mut out, &field::<R>(wrapper, 1)?, schema, value, path)?;
            R::boxed_message(out)
        }
        (Schema::Nullable(inner), value, Kind::Message(oneof)) => {
            let mut out = R::new_message(oneof);
            if let Value::Null = value {
                let null = field::<R>(oneof, 1)?;
                let boxed = element::<R>(&Schema::Null, value, &R::kind(&null), path)?;
                R::set(&mut out, &null, boxed);
            } else {
                let members = match &**inner {
                    Schema::Union(members) => members.as_slice(),
                    one => std::slice::from_ref(one),
                };
                put_member::<R>(&mut out, oneof, members, 2, value, path)?;
            }
            R::boxed_message(out)
        }
        (Schema::Union(members), value, Kind::Message(oneof)) => {
            let mut out = R::new_message(oneof);
            put_member::<R>(&mut out, oneof, members, 1, value, path)?;
            R::boxed_message(out)
        }
        _ => return Err(mismatch(R::CODEC, path, schema, value)),
    })
}

/// Sets the oneof member of `value`'s kind in `message` (of type
/// `oneof`), the members numbered from `first`.
fn put_member<R: Reflect>(
    message: &mut R::Built,
    oneof: &R::Descriptor,
    members: &[Schema],
    first: u32,
    value: &Value,
    path: &mut String,
) -> Result<(), Error> {
    let Some((member, number)) = members
        .iter()
        .zip(first..)
        .find(|(member, _)| same_kind(member, value))
    else {
        let message = format!(
            "expected one of {}, found {}",
            members
                .iter()
                .map(Schema::kind)
                .collect::<Vec<_>>()
                .join(", "),
            value.kind()
        );
        return Err(misfit_by(R::CODEC, path, message));
    };
    let descriptor = field::<R>(oneof, number)?;
    let boxed = element::<R>(member, value, &R::kind(&descriptor), path)?;
    R::set(message, &descriptor, boxed);
    Ok(())
}

fn same_kind(schema: &Schema, value: &Value) -> bool {
    matches!(
        (schema, value),
        (Schema::Bool, Value::Bool(_))
            | (Schema::Int(_), Value::Int(_) | Value::UInt(_))
            | (Schema::Float, Value::Float(_))
            | (Schema::Text, Value::Text(_))
            | (Schema::Bytes, Value::Bytes(_))
            | (Schema::List(_), Value::List(_))
            | (Schema::Record(_), Value::Map(_))
    )
}

// ---------------------------------------------------------------------------
// message → Value

fn read_record<R: Reflect>(record: &Record, message: &R::Message) -> Result<Value, Error> {
    // The fields set and the required ones (which read as their default
    // when unset), not every field: a map costs its own width.
    let mut fields: Vec<usize> = R::set_numbers(message)
        .into_iter()
        .map(field_index)
        .chain(record.required_fields().iter().copied())
        .collect();
    fields.sort_unstable();
    fields.dedup();
    let descriptor = R::descriptor(message);
    let mut entries = Vec::with_capacity(fields.len());
    for at in fields {
        let field_schema = record.fields.get(at).ok_or_else(|| {
            unread_by(
                R::CODEC,
                format!(
                    "{} has no field {}",
                    R::message_name(&descriptor),
                    field_number(at)
                ),
            )
        })?;
        let field_descriptor = field::<R>(&descriptor, field_number(at))?;
        if let Some(value) = read_field::<R>(
            message,
            &field_descriptor,
            &field_schema.schema,
            field_schema.required,
        )? {
            entries.push((field_schema.key.clone(), value));
        }
    }
    Ok(Value::Map(entries))
}

/// The value of field `descriptor`, `None` when it is absent and may be.
fn read_field<R: Reflect>(
    message: &R::Message,
    descriptor: &R::Field,
    schema: &Schema,
    required: bool,
) -> Result<Option<Value>, Error> {
    if R::is_list(descriptor) {
        let Schema::List(item) = schema else {
            return Err(unread_by(
                R::CODEC,
                format!("{} is not a list", R::field_name(descriptor)),
            ));
        };
        let items = R::get_list(message, descriptor)
            .into_iter()
            .map(|element| read_element::<R>(item, element))
            .collect::<Result<_, _>>()?;
        return Ok(Some(Value::List(items)));
    }
    // A field without presence reads as its default when it was left out.
    if R::has(message, descriptor) || (required && !R::has_presence(descriptor)) {
        return read_element::<R>(schema, R::get(message, descriptor)).map(Some);
    }
    if required {
        return Err(unread_by(
            R::CODEC,
            format!("the field {} is missing", R::field_name(descriptor)),
        ));
    }
    Ok(None)
}

fn read_element<R: Reflect>(schema: &Schema, element: Element<'_, R>) -> Result<Value, Error> {
    Ok(match (schema, element) {
        (Schema::Bool, Element::Bool(b)) => Value::Bool(b),
        (Schema::Int(_), Element::I64(n)) => Value::Int(n),
        (Schema::Int(_), Element::U64(n)) => Value::from_u64(n),
        (Schema::Float, Element::F64(x)) => Value::Float(x),
        (Schema::Text, Element::Text(text)) => Value::Text(text.into_owned()),
        (Schema::Bytes, Element::Bytes(bytes)) => Value::Bytes(bytes.into_owned()),
        (Schema::Null, Element::Message(_)) => Value::Null,
        (Schema::Record(record), Element::Message(message)) => read_record::<R>(record, &message)?,
        (Schema::List(_), Element::Message(wrapper)) => {
            let descriptor = field::<R>(&R::descriptor(&wrapper), 1)?;
            read_field::<R>(&wrapper, &descriptor, schema, true)?
                .ok_or_else(|| unread_by(R::CODEC, "a list is missing"))?
        }
        (Schema::Nullable(inner), Element::Message(oneof)) => {
            let number = set_member::<R>(&oneof)?;
            if number == 1 {
                Value::Null
            } else {
                let members = match &**inner {
                    Schema::Union(members) => members.as_slice(),
                    one => std::slice::from_ref(one),
                };
                read_member::<R>(&oneof, members, number, 2)?
            }
        }
        (Schema::Union(members), Element::Message(oneof)) => {
            let number = set_member::<R>(&oneof)?;
            read_member::<R>(&oneof, members, number, 1)?
        }
        _ => {
            return Err(unread_by(
                R::CODEC,
                format!("a protobuf value where the schema has {}", schema.kind()),
            ));
        }
    })
}

/// The number of the member set in `oneof`.
fn set_member<R: Reflect>(oneof: &R::Message) -> Result<u32, Error> {
    R::set_numbers(oneof).first().copied().ok_or_else(|| {
        unread_by(
            R::CODEC,
            format!(
                "{} with no member set",
                R::message_name(&R::descriptor(oneof))
            ),
        )
    })
}

/// The value of member `number` of `oneof`, whose members are numbered
/// from `first`.
fn read_member<R: Reflect>(
    oneof: &R::Message,
    members: &[Schema],
    number: u32,
    first: u32,
) -> Result<Value, Error> {
    let index = number - first;
    let member = members.get(index as usize).ok_or_else(|| {
        unread_by(
            R::CODEC,
            format!("a oneof member {index} past the union's {}", members.len()),
        )
    })?;
    let descriptor = field::<R>(&R::descriptor(oneof), number)?;
    read_element::<R>(member, R::get(oneof, &descriptor))
}
