//! A document (`serbench-document`'s [`Value`] under its inferred
//! [`Schema`]) in Thrift, binary and compact, for `serbench measure`: the
//! thrift crate's protocol types driven by the schema, written as this
//! crate writes the model's structs and read by the same reader, with the
//! same checks. The document is one bare struct, no message header.
//!
//! # How an inferred schema is written
//!
//! The schema is written as a `.thrift` IDL (`Idl`) and the codec
//! follows that IDL's types:
//!
//! - A record is a `struct` named as [`Record::name`], fields numbered
//!   from 1 in the order first seen, `required` when every map has the key
//!   and `optional` otherwise, so an absent key is an absent field.
//! - A list is `list<T>`, text `string`, bytes `binary`, a float `double`,
//!   a boolean `bool`, an integer `i64`. Integers past `i64::MAX` are
//!   refused: Thrift's integers are all signed, and the same bits in an
//!   `i64` would read back as a negative number.
//! - A place of several kinds, or nullable, is a Thrift `union` with one
//!   member per kind (`int_value`, `text_value`, …). Thrift has no null,
//!   so null is a member too, of the empty struct `Null` (one stop byte);
//!   a place that holds only nulls is that struct. Null and absent stay
//!   apart: an optional field that is absent is not written, one that is
//!   null is written as the union's null member.
//! - The elements of lists that were always empty are `bool`, the
//!   simplest type: none is ever written.
//! - A document that is not a map is wrapped in a struct named after the
//!   document, with one field `value`.
//! - A field or struct name that is a word the Thrift compiler reserves
//!   (its own keywords and the words of the languages it generates) gets
//!   a `_` after it.
//!
//! Definitions are written children first: the compiler takes no forward
//! references.
//!
//! # Decoding
//!
//! The crate's own reader (`read.rs`) reads a document as it reads the
//! model: each struct's fields are checked against the IDL (an unknown
//! field id, a field of another type or one given twice is an error, none
//! is skipped), every integer, count and length must fit its type before
//! the protocol reads it, a string's or binary's declared length and a
//! list's count must fit in the input left before the protocol allocates
//! them, and the struct must end where the input does. A required field
//! must be there and a union must hold exactly one member.

use std::fmt::Write as _;

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec, SchemaFile};
use serbench_document::schema::{Record, Schema, Unique, camel};
use serbench_document::value::Value;
use serbench_model::{BaseCodec, Error, ErrorKind};
use thrift::protocol::{
    TFieldIdentifier, TListIdentifier, TOutputProtocol, TStructIdentifier, TType,
};

use crate::error::{Fail, Fault, decode_error, encode_error};
use crate::input::Input;
use crate::protocol::{MIN_STRUCT, Protocol};
use crate::read::Reader;
use crate::{ThriftBinary, ThriftCompact};

/// Words the Thrift compiler refuses as names (0.17's reserved words:
/// its keywords, the old per-language namespace declarations such as
/// `py_module` and `java_package`, and the words of the languages it
/// generates).
const RESERVED: &[&str] = &[
    "BEGIN",
    "END",
    "__CLASS__",
    "__DIR__",
    "__FILE__",
    "__FUNCTION__",
    "__LINE__",
    "__METHOD__",
    "__NAMESPACE__",
    "abstract",
    "alias",
    "and",
    "args",
    "as",
    "assert",
    "async",
    "begin",
    "binary",
    "bool",
    "break",
    "byte",
    "case",
    "catch",
    "class",
    "clone",
    "cocoa_prefix",
    "const",
    "continue",
    "cpp_include",
    "cpp_namespace",
    "cpp_type",
    "csharp_namespace",
    "declare",
    "def",
    "default",
    "del",
    "delete",
    "delphi_namespace",
    "do",
    "double",
    "dynamic",
    "elif",
    "else",
    "elseif",
    "elsif",
    "end",
    "enddeclare",
    "endfor",
    "endforeach",
    "endif",
    "endswitch",
    "endwhile",
    "ensure",
    "enum",
    "except",
    "exception",
    "exec",
    "extends",
    "false",
    "finally",
    "float",
    "for",
    "foreach",
    "from",
    "function",
    "global",
    "goto",
    "i16",
    "i32",
    "i64",
    "i8",
    "if",
    "implements",
    "import",
    "in",
    "include",
    "inline",
    "instanceof",
    "interface",
    "is",
    "java_package",
    "lambda",
    "list",
    "map",
    "module",
    "namespace",
    "native",
    "new",
    "next",
    "nil",
    "not",
    "oneway",
    "optional",
    "or",
    "package",
    "pass",
    "perl_package",
    "php_namespace",
    "print",
    "private",
    "protected",
    "public",
    "py_module",
    "raise",
    "redo",
    "register",
    "required",
    "rescue",
    "retry",
    "return",
    "ruby_namespace",
    "self",
    "senum",
    "service",
    "set",
    "sizeof",
    "slist",
    "smalltalk_category",
    "smalltalk_prefix",
    "static",
    "string",
    "struct",
    "super",
    "switch",
    "synchronized",
    "then",
    "this",
    "throw",
    "throws",
    "transient",
    "true",
    "try",
    "typedef",
    "undef",
    "union",
    "unless",
    "unsigned",
    "until",
    "use",
    "uuid",
    "var",
    "virtual",
    "void",
    "volatile",
    "when",
    "while",
    "with",
    "xor",
    "xsd_all",
    "xsd_attrs",
    "xsd_namespace",
    "xsd_nillable",
    "xsd_optional",
    "yield",
];

/// A Thrift type of the IDL.
#[derive(Clone, Debug, PartialEq)]
enum Ty {
    Bool,
    I64,
    Double,
    Text,
    Binary,
    List(Box<Ty>),
    /// The definition at this index of [`Idl::defs`].
    Struct(usize),
}

impl Ty {
    fn ttype(&self) -> TType {
        match self {
            Ty::Bool => TType::Bool,
            Ty::I64 => TType::I64,
            Ty::Double => TType::Double,
            Ty::Text | Ty::Binary => TType::String,
            Ty::List(_) => TType::List,
            Ty::Struct(_) => TType::Struct,
        }
    }
}

#[derive(Debug)]
enum DefKind {
    /// A record's struct.
    Record,
    /// A union of one member per kind.
    Union,
    /// The empty struct that is null.
    Null,
}

#[derive(Debug)]
struct Def {
    kind: DefKind,
    name: String,
    fields: Vec<TField>,
    /// A record's keys, field by field, to find a map's fields by name.
    record: Option<Record>,
    /// How many of its fields are required (set by [`Idl::push`]).
    required: usize,
}

#[derive(Debug)]
struct TField {
    id: i16,
    name: String,
    /// The document's key (a record's field), or empty (a union member).
    key: String,
    ty: Ty,
    optional: bool,
}

/// The IDL of an inferred schema, as the codec follows it.
#[derive(Debug)]
struct Idl {
    defs: Vec<Def>,
    /// The root struct.
    root: usize,
    /// The document is not a map: it is the root struct's one field.
    wrapped: bool,
    null: Option<usize>,
    taken: Unique,
}

impl Idl {
    fn new(schema: &Schema, name: &str) -> Result<Idl, Refused> {
        let mut taken = Unique::default();
        for name in schema
            .records()
            .iter()
            .map(|r| r.name.as_str())
            .chain(RESERVED.iter().copied())
        {
            taken.reserve(name);
        }
        let mut idl = Idl {
            defs: Vec::new(),
            root: 0,
            wrapped: false,
            null: None,
            taken,
        };
        if let Schema::Record(record) = schema {
            let Ty::Struct(root) = idl.record(record, "$")? else {
                unreachable!("a record is a struct")
            };
            idl.root = root;
        } else {
            let wrapper = idl.taken.give(&camel(name));
            let ty = idl.ty(schema, &wrapper, "$")?;
            idl.wrapped = true;
            idl.root = idl.push(Def {
                kind: DefKind::Record,
                name: wrapper,
                fields: vec![TField {
                    id: 1,
                    name: "value".to_owned(),
                    key: String::new(),
                    ty,
                    optional: false,
                }],
                record: None,
                required: 0,
            });
        }
        Ok(idl)
    }

    fn push(&mut self, mut def: Def) -> usize {
        def.required = def.fields.iter().filter(|f| !f.optional).count();
        self.defs.push(def);
        self.defs.len() - 1
    }

    fn null(&mut self) -> usize {
        if let Some(null) = self.null {
            return null;
        }
        let name = self.taken.give("Null");
        let null = self.push(Def {
            kind: DefKind::Null,
            name,
            fields: Vec::new(),
            record: None,
            required: 0,
        });
        self.null = Some(null);
        null
    }

    /// The type of `schema` at `path`, in a place named `place` (for the
    /// unions it may need).
    fn ty(&mut self, schema: &Schema, place: &str, path: &str) -> Result<Ty, Refused> {
        Ok(match schema {
            Schema::Empty | Schema::Bool => Ty::Bool,
            Schema::Null => Ty::Struct(self.null()),
            Schema::Int(range) if range.past_i64 => {
                let message = format!(
                    "integers past {} do not fit Thrift's i64, which is signed",
                    i64::MAX
                );
                return Err(Refused::at(path, message));
            }
            Schema::Int(_) => Ty::I64,
            Schema::Float => Ty::Double,
            Schema::Text => Ty::Text,
            Schema::Bytes => Ty::Binary,
            Schema::List(item) => Ty::List(Box::new(self.ty(
                item,
                &format!("{place}Item"),
                &format!("{path}[]"),
            )?)),
            Schema::Record(record) => self.record(record, path)?,
            Schema::Nullable(inner) => {
                let mut members = vec![("null_value", Ty::Struct(self.null()))];
                self.members(inner, place, path, &mut members)?;
                self.union(place, members)
            }
            Schema::Union(_) => {
                let mut members = Vec::new();
                self.members(schema, place, path, &mut members)?;
                self.union(place, members)
            }
        })
    }

    fn members(
        &mut self,
        schema: &Schema,
        place: &str,
        path: &str,
        out: &mut Vec<(&'static str, Ty)>,
    ) -> Result<(), Refused> {
        let list = match schema {
            Schema::Union(members) => members.as_slice(),
            other => std::slice::from_ref(other),
        };
        for member in list {
            let name = match member {
                Schema::Bool => "bool_value",
                Schema::Int(_) => "int_value",
                Schema::Float => "float_value",
                Schema::Text => "text_value",
                Schema::Bytes => "bytes_value",
                Schema::List(_) => "list_value",
                _ => "map_value",
            };
            out.push((name, self.ty(member, place, path)?));
        }
        Ok(())
    }

    fn union(&mut self, place: &str, members: Vec<(&'static str, Ty)>) -> Ty {
        let name = self.taken.give(&format!("{place}Value"));
        // At most eight members, one per kind and null.
        let fields = (1..)
            .zip(members)
            .map(|(id, (member, ty))| TField {
                id,
                name: member.to_owned(),
                key: String::new(),
                ty,
                optional: true,
            })
            .collect();
        Ty::Struct(self.push(Def {
            kind: DefKind::Union,
            name,
            fields,
            record: None,
            required: 0,
        }))
    }

    fn record(&mut self, record: &Record, path: &str) -> Result<Ty, Refused> {
        let count = i16::try_from(record.fields.len()).map_err(|_| {
            let message = format!(
                "{} keys; Thrift's field ids stop at {}",
                record.fields.len(),
                i16::MAX
            );
            Refused::at(path, message)
        })?;
        let mut names = Unique::default();
        for field in &record.fields {
            names.reserve(&field.ident);
        }
        let mut fields = Vec::with_capacity(record.fields.len());
        for (id, field) in (1..=count).zip(&record.fields) {
            let place = format!("{}{}", record.name, camel(&field.ident));
            let ty = self.ty(&field.schema, &place, &format!("{path}.{}", field.key))?;
            let name = if RESERVED.contains(&field.ident.as_str()) {
                names.give(&format!("{}_", field.ident))
            } else {
                field.ident.clone()
            };
            fields.push(TField {
                id,
                name,
                key: field.key.clone(),
                ty,
                optional: !field.required,
            });
        }
        let name = if RESERVED.contains(&record.name.as_str()) {
            self.taken.give(&format!("{}_", record.name))
        } else {
            record.name.clone()
        };
        Ok(Ty::Struct(self.push(Def {
            kind: DefKind::Record,
            name,
            fields,
            record: Some(record.keys_only()),
            required: 0,
        })))
    }

    fn type_name(&self, ty: &Ty) -> String {
        match ty {
            Ty::Bool => "bool".to_owned(),
            Ty::I64 => "i64".to_owned(),
            Ty::Double => "double".to_owned(),
            Ty::Text => "string".to_owned(),
            Ty::Binary => "binary".to_owned(),
            Ty::List(item) => format!("list<{}>", self.type_name(item)),
            Ty::Struct(index) => self.defs[*index].name.clone(),
        }
    }

    /// The `.thrift` text.
    fn text(&self, document: &str) -> String {
        let mut out = format!(
            "// The schema serbench-measure inferred from {document}.\n\
             // Null is a union member of the empty struct Null; an absent key\n\
             // is an absent optional field.\n"
        );
        for def in &self.defs {
            let keyword = match def.kind {
                DefKind::Union => "union",
                DefKind::Record | DefKind::Null => "struct",
            };
            let _ = write!(out, "\n{keyword} {} {{\n", def.name);
            for field in &def.fields {
                let requiredness = match def.kind {
                    DefKind::Union => "",
                    _ if field.optional => "optional ",
                    _ => "required ",
                };
                let _ = write!(
                    out,
                    "  {}: {requiredness}{} {}",
                    field.id,
                    self.type_name(&field.ty),
                    field.name
                );
                if !field.key.is_empty() && field.key != field.name {
                    let _ = write!(out, " // {:?}", field.key);
                }
                out.push('\n');
            }
            out.push_str("}\n");
        }
        out
    }
}

/// Whether a value of `ty` carries `value`'s kind: a union's member.
fn carries(idl: &Idl, ty: &Ty, value: &Value) -> bool {
    match (ty, value) {
        (Ty::Bool, Value::Bool(_))
        | (Ty::I64, Value::Int(_) | Value::UInt(_))
        | (Ty::Double, Value::Float(_))
        | (Ty::Text, Value::Text(_))
        | (Ty::Binary, Value::Bytes(_))
        | (Ty::List(_), Value::List(_)) => true,
        (Ty::Struct(index), Value::Null) => matches!(idl.defs[*index].kind, DefKind::Null),
        (Ty::Struct(index), Value::Map(_)) => matches!(idl.defs[*index].kind, DefKind::Record),
        _ => false,
    }
}

/// What an inferred schema has no Thrift form for, and where.
struct Refused {
    path: String,
    message: String,
}

impl Refused {
    fn at(path: &str, message: String) -> Self {
        Self {
            path: path.to_owned(),
            message,
        }
    }
}

/// The codec of one protocol over the IDL.
struct Thrift<P> {
    idl: Idl,
    file: SchemaFile,
    protocol: std::marker::PhantomData<P>,
}

impl DocumentCodec for ThriftBinary {
    const KEEPS_KEY_ORDER: bool = false;

    /// The binary protocol's codec of the document, or why its schema has
    /// no Thrift form: an integer past `i64`, a record of more keys than
    /// Thrift's field ids, a schema past the fields a row writes.
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        build::<ThriftBinary>(context)
    }
}

impl DocumentCodec for ThriftCompact {
    const KEEPS_KEY_ORDER: bool = false;

    /// The compact protocol's codec of the document, or why not (as the
    /// binary protocol's).
    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        build::<ThriftCompact>(context)
    }
}

fn build<P: Protocol + BaseCodec + 'static>(
    context: &Context<'_>,
) -> Result<Box<dyn Codec>, Error> {
    let idl = Idl::new(context.inferred(P::NAME)?, context.name).map_err(|refused| {
        Error::named(ErrorKind::Unsupported, P::NAME, DOCUMENT, refused.message)
            .at_path(refused.path)
    })?;
    let file = SchemaFile {
        name: format!("{}.thrift", context.name),
        text: idl.text(context.name),
    };
    Ok(Box::new(Thrift::<P> {
        idl,
        file,
        protocol: std::marker::PhantomData,
    }))
}

impl<P: Protocol + BaseCodec> Codec for Thrift<P> {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        let mut protocol = P::output(out);
        let mut path = String::from("$");
        if self.idl.wrapped {
            let root = &self.idl.defs[self.idl.root];
            begin_struct::<P>(&mut protocol)?;
            write_field::<P>(&mut protocol, &root.fields[0])?;
            self.write(&mut protocol, &root.fields[0].ty, value, &mut path)?;
            end_field::<P>(&mut protocol)?;
            end_struct::<P>(&mut protocol)
        } else {
            self.write(&mut protocol, &Ty::Struct(self.idl.root), value, &mut path)
        }
    }

    /// Read as the datasets are, a fault told as theirs.
    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        let input = Input::new(bytes);
        let mut reader = Reader::<P>::new(&input);
        let refused = |fault| decode_error::<P>(DOCUMENT, fault);
        let value = if self.idl.wrapped {
            let root = &self.idl.defs[self.idl.root];
            let mut fields = self.fields(&mut reader, root).map_err(refused)?;
            fields.pop().map(|(_, value)| value).ok_or_else(|| {
                let message = "the document's field is missing";
                Error::named(ErrorKind::Invalid, P::NAME, DOCUMENT, message)
            })?
        } else {
            self.read(&mut reader, "the document", &Ty::Struct(self.idl.root))
                .map_err(refused)?
        };
        reader.finish().map_err(refused)?;
        Ok(value)
    }

    fn schema_files(&self) -> Vec<SchemaFile> {
        vec![self.file.clone()]
    }
}

/// The thrift crate's writer failing, told as the datasets' encode tells
/// it.
fn unwritten<C: BaseCodec>(error: thrift::Error) -> Error {
    encode_error::<C>(DOCUMENT, Fail::Thrift(error))
}

/// A value the IDL has no place for at `path`.
fn misfit<C: BaseCodec>(path: &str, message: String) -> Error {
    Error::named(ErrorKind::Unsupported, C::NAME, DOCUMENT, message).at_path(path)
}

fn begin_struct<C: BaseCodec>(p: &mut impl TOutputProtocol) -> Result<(), Error> {
    // The name is not on the wire in either protocol.
    p.write_struct_begin(&TStructIdentifier {
        name: String::new(),
    })
    .map_err(unwritten::<C>)
}

fn end_struct<C: BaseCodec>(p: &mut impl TOutputProtocol) -> Result<(), Error> {
    p.write_field_stop().map_err(unwritten::<C>)?;
    p.write_struct_end().map_err(unwritten::<C>)
}

fn write_field<C: BaseCodec>(p: &mut impl TOutputProtocol, field: &TField) -> Result<(), Error> {
    p.write_field_begin(&TFieldIdentifier {
        name: None,
        field_type: field.ty.ttype(),
        id: Some(field.id),
    })
    .map_err(unwritten::<C>)
}

fn end_field<C: BaseCodec>(p: &mut impl TOutputProtocol) -> Result<(), Error> {
    p.write_field_end().map_err(unwritten::<C>)
}

fn length<C: BaseCodec>(len: usize, path: &str) -> Result<i32, Error> {
    i32::try_from(len)
        .map_err(|_| misfit::<C>(path, format!("{len} is past Thrift's lengths (i32)")))
}

impl<P: Protocol + BaseCodec> Thrift<P> {
    fn write(
        &self,
        p: &mut impl TOutputProtocol,
        ty: &Ty,
        value: &Value,
        path: &mut String,
    ) -> Result<(), Error> {
        match (ty, value) {
            (Ty::Bool, Value::Bool(b)) => p.write_bool(*b).map_err(unwritten::<P>),
            (Ty::I64, Value::Int(n)) => p.write_i64(*n).map_err(unwritten::<P>),
            (Ty::Double, Value::Float(x)) => p.write_double(*x).map_err(unwritten::<P>),
            (Ty::Text, Value::Text(text)) => {
                length::<P>(text.len(), path)?;
                p.write_string(text).map_err(unwritten::<P>)
            }
            (Ty::Binary, Value::Bytes(bytes)) => {
                length::<P>(bytes.len(), path)?;
                p.write_bytes(bytes).map_err(unwritten::<P>)
            }
            (Ty::List(item), Value::List(items)) => {
                let size = length::<P>(items.len(), path)?;
                p.write_list_begin(&TListIdentifier::new(item.ttype(), size))
                    .map_err(unwritten::<P>)?;
                for (i, element) in items.iter().enumerate() {
                    let len = path.len();
                    let _ = write!(path, "[{i}]");
                    self.write(p, item, element, path)?;
                    path.truncate(len);
                }
                p.write_list_end().map_err(unwritten::<P>)
            }
            (Ty::Struct(index), value) => self.write_struct(p, &self.idl.defs[*index], value, path),
            (ty, value) => Err(misfit::<P>(
                path,
                format!(
                    "expected {}, found {}",
                    self.idl.type_name(ty),
                    value.kind()
                ),
            )),
        }
    }

    fn write_struct(
        &self,
        p: &mut impl TOutputProtocol,
        def: &Def,
        value: &Value,
        path: &mut String,
    ) -> Result<(), Error> {
        match (&def.kind, value) {
            (DefKind::Null, Value::Null) => {
                begin_struct::<P>(p)?;
                end_struct::<P>(p)
            }
            (DefKind::Union, value) => {
                let member = def
                    .fields
                    .iter()
                    .find(|m| carries(&self.idl, &m.ty, value))
                    .ok_or_else(|| {
                        let message = format!("{} has no member for {}", def.name, value.kind());
                        misfit::<P>(path, message)
                    })?;
                begin_struct::<P>(p)?;
                write_field::<P>(p, member)?;
                self.write(p, &member.ty, value, path)?;
                end_field::<P>(p)?;
                end_struct::<P>(p)
            }
            (DefKind::Record, Value::Map(entries)) => {
                let record = def.record.as_ref().ok_or_else(|| {
                    let message = format!("expected {}, found {}", def.name, value.kind());
                    misfit::<P>(path, message)
                })?;
                let present = record
                    .present(entries)
                    .map_err(|found| misfit::<P>(path, format!("{found} (struct {})", def.name)))?;
                begin_struct::<P>(p)?;
                for (at, item) in present {
                    let field = &def.fields[at];
                    let len = path.len();
                    let _ = write!(path, ".{}", field.key);
                    write_field::<P>(p, field)?;
                    self.write(p, &field.ty, item, path)?;
                    end_field::<P>(p)?;
                    path.truncate(len);
                }
                end_struct::<P>(p)
            }
            (_, value) => Err(misfit::<P>(
                path,
                format!("expected {}, found {}", def.name, value.kind()),
            )),
        }
    }
}

impl<P: Protocol> Thrift<P> {
    /// A value of `ty`, part of `what`.
    fn read(&self, reader: &mut Reader<'_, P>, what: &str, ty: &Ty) -> Result<Value, Fault> {
        Ok(match ty {
            Ty::Bool => Value::Bool(reader.bool(what)?),
            Ty::I64 => Value::Int(reader.i64(what)?),
            Ty::Double => Value::Float(reader.double(what)?),
            Ty::Text => Value::Text(reader.string(what)?),
            Ty::Binary => Value::Bytes(reader.binary(what)?),
            Ty::List(item) => {
                Value::List(reader.list(what, item.ttype(), least::<P>(item), |reader| {
                    self.read(reader, what, item)
                })?)
            }
            Ty::Struct(index) => {
                let def = &self.idl.defs[*index];
                let at = reader.pos();
                let fields = self.fields(reader, def)?;
                match def.kind {
                    DefKind::Null => Value::Null,
                    DefKind::Union => {
                        let mut set = fields.into_iter().map(|(_, value)| value);
                        match (set.next(), set.next()) {
                            (Some(value), None) => value,
                            _ => {
                                return Err(Fault::new(
                                    at,
                                    ErrorKind::Invalid,
                                    format!("union {} must hold one member", def.name),
                                ));
                            }
                        }
                    }
                    DefKind::Record => Value::Map(
                        fields
                            .into_iter()
                            .map(|(index, value)| (def.fields[index].key.clone(), value))
                            .collect(),
                    ),
                }
            }
        })
    }

    /// A struct's fields as read, each with its position in `def`, in
    /// that order: time in the fields read, not in those `def` has (a
    /// record of many optional fields, most absent, reads fast).
    fn fields(&self, reader: &mut Reader<'_, P>, def: &Def) -> Result<Vec<(usize, Value)>, Fault> {
        let at = reader.pos();
        let mut values = Vec::new();
        reader.struct_fields(
            &def.name,
            def.fields.len(),
            |index| {
                (
                    def.fields[index].name.as_str(),
                    def.fields[index].ty.ttype(),
                )
            },
            |reader, index| {
                let field = &def.fields[index];
                values.push((index, self.read(reader, &field.name, &field.ty)?));
                Ok(())
            },
        )?;
        // The reader has refused a field given twice.
        values.sort_unstable_by_key(|&(index, _)| index);
        let required = values
            .iter()
            .filter(|&&(index, _)| !def.fields[index].optional)
            .count();
        if required < def.required {
            let mut given = values.iter().map(|&(index, _)| index).peekable();
            let missing = def.fields.iter().enumerate().find(|&(index, field)| {
                let here = given.next_if_eq(&index).is_some();
                !field.optional && !here
            });
            if let Some((_, field)) = missing {
                return Err(Fault::new(
                    at,
                    ErrorKind::Invalid,
                    format!(
                        "{} lacks its required field {} ({})",
                        def.name, field.id, field.name
                    ),
                ));
            }
        }
        Ok(values)
    }
}

/// The fewest bytes a list item of `ty` takes in protocol `P`, to check a
/// list's count against the input left.
fn least<P: Protocol>(ty: &Ty) -> usize {
    match ty {
        Ty::Bool | Ty::List(_) => 1,
        Ty::I64 => P::MIN_I64,
        Ty::Double => 8,
        Ty::Text | Ty::Binary => P::MIN_STRING,
        Ty::Struct(_) => MIN_STRUCT,
    }
}
