//! A document carried by the user's own message (`--schema FILE.proto
//! --message NAME`).
//!
//! The file is compiled by protox with its folder as the include path.
//! A map is a message: each key names a field by its proto name or its
//! `json_name`, one spelling per field across the document (decoding
//! gives back the spelling the document used). Nested messages, repeated
//! fields, proto3 `optional`, oneofs and enums (by value name) follow.
//!
//! Decoding must give the document back, so what proto3 cannot tell
//! apart is refused with the path rather than changed silently:
//!
//! - The keys must come in the message's field order (the order decoding
//!   gives them).
//! - A field without presence (a plain proto3 scalar, a repeated or map
//!   field) always reads back, so its key must be in every map: mark the
//!   field `optional` where the document leaves it out. A `-0.0` in a
//!   `double` or `float` without presence is left out by prost-reflect
//!   as the default and is refused too.
//! - Null has no protobuf form: a null value is refused (leave the key
//!   out, with an `optional` field).
//! - Two keys of one oneof in a map would keep only the last.
//! - A `float` takes only a value that is exactly a 32-bit float, the
//!   32-bit integer types only values in their range, an enum only one of
//!   its value names.
//! - A map field takes at most one entry, with text keys: prost-reflect
//!   holds a map in a `HashMap`, whose order is not the document's.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use prost::bytes::Bytes;
use prost_reflect::{
    DescriptorPool, DynamicMessage, FieldDescriptor, Kind, MapKey, MessageDescriptor,
    ReflectMessage as _, Value as Proto,
};

use protox::file::{
    ChainFileResolver, File, FileResolver, GoogleFileResolver, IncludeFileResolver,
};

use serbench_document::codec::{Codec, DOCUMENT};
use serbench_document::schema_file::{MAX_SCHEMA_BYTES, schema_text, schema_text_within};
use serbench_document::value::Value;
use serbench_model::excerpt::{shown, shown_name};
use serbench_model::{BaseCodec, Error, ErrorKind};

use super::{at, misfit, read, unread, write};
use crate::Protobuf;

/// The user's folder as protox's include path, each file read as
/// [`schema_text_within`] reads it: UTF-8, nested at most
/// [`MAX_SCHEMA_DEPTH`](serbench_document::schema_file::MAX_SCHEMA_DEPTH)
/// levels, and all of them together at most [`MAX_SCHEMA_BYTES`].
struct Capped {
    folder: PathBuf,
    /// What the files not yet read may still take.
    left: Cell<u64>,
    /// The bound a file passed, kept whole for the codec's error: protox
    /// holds its resolver's errors as text.
    refused: Rc<RefCell<Option<Error>>>,
}

impl FileResolver for Capped {
    fn resolve_path(&self, path: &Path) -> Option<String> {
        IncludeFileResolver::new(self.folder.clone()).resolve_path(path)
    }

    fn open_file(&self, name: &str) -> Result<File, protox::Error> {
        let path = self.folder.join(name);
        if !path.is_file() {
            return Err(protox::Error::file_not_found(name));
        }
        let text = schema_text_within(Protobuf::NAME, &path, self.left.get()).map_err(|error| {
            let text = error.message().to_owned();
            self.refused.replace(Some(error));
            protox::Error::new(text)
        })?;
        self.left.set(self.left.get() - text.len() as u64);
        File::from_source(name, &text)
    }
}

/// The codec over the user's message.
pub(super) struct UserProto {
    root: MessageDescriptor,
    /// Each message's fields in declaration order, with the key each is
    /// spelled by in the document.
    keys: HashMap<String, Vec<(String, FieldDescriptor)>>,
}

impl UserProto {
    pub(super) fn new(path: &Path, message: &str, messages: &[Value]) -> Result<UserProto, Error> {
        let folder = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let path_text = path.to_string_lossy();
        let schema_error =
            |message: String| Error::named(ErrorKind::Invalid, Protobuf::NAME, DOCUMENT, message);
        let file = path
            .file_name()
            .ok_or_else(|| schema_error(format!("{} is not a file", shown_name(&path_text))))?;
        // The schema's own faults as plain errors, before protox wraps them.
        schema_text(Protobuf::NAME, path)?;
        // Every file protox reads, the schema and each import, comes
        // through `Capped`: protox's parser has no depth limit, and holds
        // about 200 times a file's size.
        let refused = Rc::default();
        let mut resolver = ChainFileResolver::new();
        resolver.add(Capped {
            folder: folder.to_owned(),
            left: Cell::new(MAX_SCHEMA_BYTES),
            refused: Rc::clone(&refused),
        });
        resolver.add(GoogleFileResolver::new());
        let mut compiler = protox::Compiler::with_file_resolver(resolver);
        compiler.open_file(file).map_err(|error| {
            refused.take().unwrap_or_else(|| {
                let file = file.to_string_lossy();
                let message = format!("protox cannot compile {}: {error}", shown_name(&file));
                schema_error(message).with_source(error)
            })
        })?;
        let pool = compiler.descriptor_pool();
        let root = find_message(&pool, message, path)?;

        let mut spelling = HashMap::new();
        for value in messages {
            learn(&root, value, &mut spelling)?;
        }
        let keys = pool
            .all_messages()
            .map(|message| {
                let fields = message
                    .fields()
                    .map(|field| {
                        let key = spelling
                            .get(field.full_name())
                            .cloned()
                            .unwrap_or_else(|| field.name().to_owned());
                        (key, field)
                    })
                    .collect();
                (message.full_name().to_owned(), fields)
            })
            .collect();
        let codec = UserProto { root, keys };
        // Every message is checked now, so a document that does not fit
        // fails the row before anything is timed.
        for value in messages {
            codec.message(&codec.root, value, &mut String::from("$"))?;
        }
        Ok(codec)
    }

    fn fields(&self, message: &MessageDescriptor) -> Result<&[(String, FieldDescriptor)], Error> {
        self.keys
            .get(message.full_name())
            .map(Vec::as_slice)
            .ok_or_else(|| {
                unread(format!(
                    "{} is not in the schema's pool",
                    message.full_name()
                ))
            })
    }

    fn message(
        &self,
        descriptor: &MessageDescriptor,
        value: &Value,
        path: &mut String,
    ) -> Result<DynamicMessage, Error> {
        let Value::Map(entries) = value else {
            let message = format!(
                "expected message {}, found {}",
                descriptor.full_name(),
                value.kind()
            );
            return Err(misfit(path, message));
        };
        let fields = self.fields(descriptor)?;
        let mut out = DynamicMessage::new(descriptor.clone());
        let mut next = fields.iter();
        for (key, value) in entries {
            // Keys come in field order: skip the fields left out.
            loop {
                let Some((spelled, field)) = next.next() else {
                    return Err(unknown_key(path, key, descriptor, fields));
                };
                if spelled == key {
                    at(path, format_args!(".{key}"), |path| {
                        self.put_field(&mut out, field, value, path)
                    })?;
                    break;
                }
                if always_read(field) {
                    return Err(absent(path, spelled, field));
                }
            }
        }
        if let Some((spelled, field)) = next.find(|(_, field)| always_read(field)) {
            return Err(absent(path, spelled, field));
        }
        Ok(out)
    }

    fn put_field(
        &self,
        message: &mut DynamicMessage,
        field: &FieldDescriptor,
        value: &Value,
        path: &mut String,
    ) -> Result<(), Error> {
        if let Some(oneof) = field.containing_oneof().filter(|o| !o.is_synthetic())
            && let Some(other) = oneof.fields().find(|other| message.has_field(other))
        {
            let message = format!(
                "the oneof {} already has {}: a message keeps only one of its fields",
                oneof.name(),
                other.name()
            );
            return Err(misfit(path, message));
        }
        let kind = field.kind();
        let proto = if field.is_map() {
            self.map(&kind, value, path)?
        } else if field.is_list() {
            let Value::List(items) = value else {
                let message = format!(
                    "expected a list of {}, found {}",
                    kind_name(&kind),
                    value.kind()
                );
                return Err(misfit(path, message));
            };
            let items = items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    at(path, format_args!("[{i}]"), |path| {
                        self.single(&kind, item, path)
                    })
                })
                .collect::<Result<_, _>>()?;
            Proto::List(items)
        } else {
            let proto = self.single(&kind, value, path)?;
            let negative_zero = match proto {
                Proto::F64(x) => x.to_bits() == (-0.0f64).to_bits(),
                Proto::F32(x) => x.to_bits() == (-0.0f32).to_bits(),
                _ => false,
            };
            if negative_zero && !field.supports_presence() {
                // prost-reflect leaves a field without presence out when
                // it equals its default, which -0.0 does.
                let message = format!(
                    "-0.0 in {}, a field without presence, reads back as 0.0; mark it `optional`",
                    field.name()
                );
                return Err(misfit(path, message));
            }
            proto
        };
        message.set_field(field, proto);
        Ok(())
    }

    fn map(&self, kind: &Kind, value: &Value, path: &mut String) -> Result<Proto, Error> {
        let Kind::Message(entry) = kind else {
            return Err(misfit(path, "a map field without an entry message"));
        };
        let key_field = entry.map_entry_key_field();
        let value_field = entry.map_entry_value_field();
        let Value::Map(entries) = value else {
            return Err(misfit(
                path,
                format!("expected a map, found {}", value.kind()),
            ));
        };
        if key_field.kind() != Kind::String {
            let message = format!(
                "a map field with {} keys, where the document's keys are text",
                kind_name(&key_field.kind())
            );
            return Err(misfit(path, message));
        }
        if entries.len() > 1 {
            // prost-reflect holds a map field in a `HashMap`.
            let message = format!(
                "{} entries in a map field, which prost-reflect gives back in another order",
                entries.len()
            );
            return Err(misfit(path, message));
        }
        let value_kind = value_field.kind();
        let map = entries
            .iter()
            .map(|(key, value)| {
                let value = at(path, format_args!(".{key}"), |path| {
                    self.single(&value_kind, value, path)
                })?;
                Ok((MapKey::String(key.clone()), value))
            })
            .collect::<Result<_, Error>>()?;
        Ok(Proto::Map(map))
    }

    /// `value` as one value of `kind` (a singular field, a list element).
    fn single(&self, kind: &Kind, value: &Value, path: &mut String) -> Result<Proto, Error> {
        Ok(match (kind, value) {
            (Kind::Message(message), Value::Map(_)) => {
                Proto::Message(self.message(message, value, path)?)
            }
            (_, Value::Null) => {
                let message = format!(
                    "expected {}, found null: proto3 has none; leave the key out, the field `optional`",
                    kind_name(kind)
                );
                return Err(misfit(path, message));
            }
            (Kind::Double, Value::Float(x)) => Proto::F64(*x),
            (Kind::Float, Value::Float(x)) => {
                let narrow = *x as f32;
                if f64::from(narrow).to_bits() != x.to_bits() {
                    let message = format!("the float {x:?} is not exactly a 32-bit float");
                    return Err(misfit(path, message));
                }
                Proto::F32(narrow)
            }
            (Kind::Int32 | Kind::Sint32 | Kind::Sfixed32, Value::Int(n)) => {
                Proto::I32(i32::try_from(*n).map_err(|_| out_of_range(path, *n, kind))?)
            }
            (Kind::Int64 | Kind::Sint64 | Kind::Sfixed64, Value::Int(n)) => Proto::I64(*n),
            (Kind::Uint32 | Kind::Fixed32, Value::Int(n)) => {
                Proto::U32(u32::try_from(*n).map_err(|_| out_of_range(path, *n, kind))?)
            }
            (Kind::Uint64 | Kind::Fixed64, Value::Int(n)) => {
                Proto::U64(u64::try_from(*n).map_err(|_| out_of_range(path, *n, kind))?)
            }
            (Kind::Uint64 | Kind::Fixed64, Value::UInt(n)) => Proto::U64(*n),
            (Kind::Bool, Value::Bool(b)) => Proto::Bool(*b),
            (Kind::String, Value::Text(text)) => Proto::String(text.clone()),
            (Kind::Bytes, Value::Bytes(bytes)) => Proto::Bytes(Bytes::copy_from_slice(bytes)),
            (Kind::Enum(enumeration), Value::Text(name)) => {
                let Some(number) = enumeration.get_value_by_name(name) else {
                    let message = format!(
                        "{} is not a value of the enum {}",
                        shown(name),
                        enumeration.full_name()
                    );
                    return Err(misfit(path, message));
                };
                Proto::EnumNumber(number.number())
            }
            _ => {
                let message = format!("expected {}, found {}", kind_name(kind), value.kind());
                return Err(misfit(path, message));
            }
        })
    }

    fn read_message(&self, message: &DynamicMessage) -> Result<Value, Error> {
        let fields = self.fields(&message.descriptor())?;
        let mut entries = Vec::with_capacity(fields.len());
        for (key, field) in fields {
            if always_read(field) || message.has_field(field) {
                let proto = message.get_field(field);
                let value = if let Proto::List(items) = &*proto {
                    Value::List(
                        items
                            .iter()
                            .map(|item| self.read_single(&field.kind(), item))
                            .collect::<Result<_, _>>()?,
                    )
                } else {
                    self.read_single(&field.kind(), &proto)?
                };
                entries.push((key.clone(), value));
            }
        }
        Ok(Value::Map(entries))
    }

    fn read_single(&self, kind: &Kind, proto: &Proto) -> Result<Value, Error> {
        Ok(match proto {
            Proto::Bool(b) => Value::Bool(*b),
            Proto::I32(n) => Value::Int(i64::from(*n)),
            Proto::I64(n) => Value::Int(*n),
            Proto::U32(n) => Value::Int(i64::from(*n)),
            Proto::U64(n) => Value::from_u64(*n),
            Proto::F32(x) => Value::Float(f64::from(*x)),
            Proto::F64(x) => Value::Float(*x),
            Proto::String(text) => Value::Text(text.clone()),
            Proto::Bytes(bytes) => Value::Bytes(bytes.to_vec()),
            Proto::EnumNumber(number) => {
                let Kind::Enum(enumeration) = kind else {
                    return Err(unread(format!(
                        "an enum number where the schema has {}",
                        kind_name(kind)
                    )));
                };
                let value = enumeration.get_value(*number).ok_or_else(|| {
                    unread(format!(
                        "{number} is not a value of the enum {}",
                        enumeration.full_name()
                    ))
                })?;
                Value::Text(value.name().to_owned())
            }
            Proto::Message(message) => self.read_message(message)?,
            Proto::List(items) => Value::List(
                items
                    .iter()
                    .map(|item| self.read_single(kind, item))
                    .collect::<Result<_, _>>()?,
            ),
            Proto::Map(map) => {
                let Kind::Message(entry) = kind else {
                    return Err(unread("a map where the schema has none"));
                };
                let value_kind = entry.map_entry_value_field().kind();
                let mut entries = Vec::with_capacity(map.len());
                for (key, value) in map {
                    let MapKey::String(key) = key else {
                        return Err(unread("a map key that is not text"));
                    };
                    entries.push((key.clone(), self.read_single(&value_kind, value)?));
                }
                Value::Map(entries)
            }
        })
    }
}

impl Codec for UserProto {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        let message = self.message(&self.root, value, &mut String::from("$"))?;
        write(&message, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        self.read_message(&read(&self.root, bytes)?)
    }
}

/// The message named `name` (its full name, or a short name only one
/// message has).
fn find_message(
    pool: &DescriptorPool,
    name: &str,
    path: &Path,
) -> Result<MessageDescriptor, Error> {
    if let Some(found) = pool.get_message_by_name(name) {
        return Ok(found);
    }
    let short: Vec<MessageDescriptor> = pool.all_messages().filter(|m| m.name() == name).collect();
    if let [one] = short.as_slice() {
        return Ok(one.clone());
    }
    let own: Vec<String> = pool
        .all_messages()
        .filter(|m| !m.full_name().starts_with("google.protobuf."))
        .map(|m| m.full_name().to_owned())
        .collect();
    let mut shown: Vec<&str> = own.iter().take(8).map(String::as_str).collect();
    if own.len() > 8 {
        shown.push("…");
    }
    // The file by its name: the user gave its path.
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    let file = shown_name(&file);
    let message = if short.is_empty() {
        format!(
            "{file} has no message {}; its messages: {}",
            shown_name(name),
            shown.join(", ")
        )
    } else {
        format!(
            "{file} has several messages named {}; give the full name: {}",
            shown_name(name),
            short
                .iter()
                .map(MessageDescriptor::full_name)
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Err(Error::named(
        ErrorKind::Invalid,
        Protobuf::NAME,
        DOCUMENT,
        message,
    ))
}

/// Records, field by field, which spelling (proto name or json_name) the
/// document uses; a field spelled both ways is refused.
fn learn(
    message: &MessageDescriptor,
    value: &Value,
    spelling: &mut HashMap<String, String>,
) -> Result<(), Error> {
    let Value::Map(entries) = value else {
        return Ok(());
    };
    for (key, value) in entries {
        let Some(field) = message
            .get_field_by_name(key)
            .or_else(|| message.get_field_by_json_name(key))
        else {
            continue;
        };
        match spelling.get(field.full_name()) {
            Some(seen) if seen != key => {
                let message = format!(
                    "the field {} is spelled both {} and {}; decoding gives back one",
                    field.full_name(),
                    shown(seen),
                    shown(key)
                );
                return Err(Error::named(
                    ErrorKind::Unsupported,
                    Protobuf::NAME,
                    DOCUMENT,
                    message,
                ));
            }
            Some(_) => {}
            None => {
                spelling.insert(field.full_name().to_owned(), key.clone());
            }
        }
        if let Kind::Message(inner) = field.kind() {
            if field.is_map() {
                continue;
            }
            match value {
                Value::List(items) => {
                    for item in items {
                        learn(&inner, item, spelling)?;
                    }
                }
                value => learn(&inner, value, spelling)?,
            }
        }
    }
    Ok(())
}

/// Whether decoding always gives the field back: it has no presence.
fn always_read(field: &FieldDescriptor) -> bool {
    field.is_list() || field.is_map() || !field.supports_presence()
}

fn absent(path: &str, key: &str, field: &FieldDescriptor) -> Error {
    let why = if field.is_list() || field.is_map() {
        "a repeated or map field reads back empty"
    } else {
        "a field without `optional` reads back as its default"
    };
    misfit(path, format!("the key {} is absent, but {why}", shown(key)))
}

fn unknown_key(
    path: &str,
    key: &str,
    message: &MessageDescriptor,
    fields: &[(String, FieldDescriptor)],
) -> Error {
    let known: Vec<&str> = fields.iter().map(|(key, _)| key.as_str()).collect();
    let what = if fields.iter().any(|(spelled, _)| spelled == key) {
        "comes out of the message's field order"
    } else {
        "is not a field"
    };
    let message = format!(
        "the key {} {what} of {} ({})",
        shown(key),
        message.full_name(),
        known.join(", ")
    );
    misfit(path, message)
}

fn out_of_range(path: &str, n: i64, kind: &Kind) -> Error {
    misfit(
        path,
        format!("the integer {n} is outside {}", kind_name(kind)),
    )
}

fn kind_name(kind: &Kind) -> String {
    match kind {
        Kind::Double => "double".to_owned(),
        Kind::Float => "float".to_owned(),
        Kind::Int32 => "int32".to_owned(),
        Kind::Int64 => "int64".to_owned(),
        Kind::Uint32 => "uint32".to_owned(),
        Kind::Uint64 => "uint64".to_owned(),
        Kind::Sint32 => "sint32".to_owned(),
        Kind::Sint64 => "sint64".to_owned(),
        Kind::Fixed32 => "fixed32".to_owned(),
        Kind::Fixed64 => "fixed64".to_owned(),
        Kind::Sfixed32 => "sfixed32".to_owned(),
        Kind::Sfixed64 => "sfixed64".to_owned(),
        Kind::Bool => "bool".to_owned(),
        Kind::String => "string".to_owned(),
        Kind::Bytes => "bytes".to_owned(),
        Kind::Message(message) => format!("message {}", message.full_name()),
        Kind::Enum(enumeration) => format!("enum {}", enumeration.full_name()),
    }
}
