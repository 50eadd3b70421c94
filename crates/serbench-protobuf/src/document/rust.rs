//! A document in the `protobuf-rust` row: the same `.proto` as the
//! `protobuf` row's, compiled by the same protox, read into rust-protobuf
//! (`FileDescriptor::new_dynamic`) and carried through its `MessageDyn`
//! by the same mapping (`Reflect`), so that both rows write the same
//! bytes for a document.
//!
//! rust-protobuf 3.7.2's dynamic writer differs from protoc's rules in
//! two ways, and the file it is given makes up for both without changing
//! what the bytes mean:
//!
//! - In a proto3 file it leaves out every singular scalar equal to its
//!   default, `optional` fields and oneof members included, so a set
//!   `optional int64` of 0 or a `-0.0` would come back absent. The file
//!   is therefore handed to it as proto2, where a set field is written
//!   whatever its value; the mapping leaves a field without proto3
//!   presence unset when its value is the default, as proto3 writes it.
//! - It packs a repeated scalar only when the field says
//!   `[packed = true]`, not by proto3's default; the option is set on
//!   each repeated scalar.
//!
//! Reading goes through `merge_from_dyn` with the library's own checks
//! and recursion limit (100 nested messages, as prost's), after the
//! pre-walk of the lengths the datasets' decode makes (`check.rs`),
//! since the library reserves a packed run's room from its declared
//! length. The user's own `.proto` (`--schema`) is mapped by the
//! `protobuf` row only.

use std::borrow::Cow;

use protobuf::descriptor::field_descriptor_proto::{Label, Type};
use protobuf::descriptor::{FileDescriptorProto, FileDescriptorSet};
use protobuf::reflect::{
    FieldDescriptor, FileDescriptor, MessageDescriptor, MessageRef, ReflectValueBox,
    ReflectValueRef, RuntimeFieldType, RuntimeType,
};
use protobuf::{CodedInputStream, Message as _, MessageDyn};

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_model::{BaseCodec, Error};

use super::{Compiled, Element, Generated, Kind, Reflect, Scalar, unsupported_by};
use crate::ProtobufRust;
use crate::check::{self, Fields};
use crate::rust_protobuf::{library_error, overlong_error, write_message};

impl DocumentCodec for ProtobufRust {
    const KEEPS_KEY_ORDER: bool = false;

    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        if context.user.proto.is_some() {
            return Err(unsupported_by(
                Self::NAME,
                "a user's .proto is mapped by the protobuf row only",
            ));
        }
        let compiled = Compiled::new(Self::NAME, context.name, context.inferred(Self::NAME)?)?;
        // Its `DynamicMessage` keeps a slot for every field its type
        // declares, set or not, as a positional format writes them all.
        serbench_document::schema::refuse_sparse_records(
            Self::NAME,
            &compiled.schema,
            context.messages,
        )?;
        let file = descriptor(&compiled)?;
        let root = file
            .message_by_package_relative_name(&compiled.root)
            .ok_or_else(|| compiled.lost())?;
        Ok(Box::new(Generated::<Rust> {
            schema: compiled.schema,
            root,
            file: compiled.file,
        }))
    }
}

/// rust-protobuf's descriptor of the compiled file, as its writer needs
/// it (the module's docs say why).
fn descriptor(compiled: &Compiled) -> Result<FileDescriptor, Error> {
    let refused = |what: String| unsupported_by(ProtobufRust::NAME, what);
    let bytes = compiled.descriptor_set();
    let set = FileDescriptorSet::parse_from_bytes(&bytes).map_err(|error| {
        refused(format!(
            "rust-protobuf refused protox's descriptors: {error}"
        ))
    })?;
    let mut file: FileDescriptorProto = set
        .file
        .into_iter()
        .find(|file| file.name() == compiled.file.name)
        .ok_or_else(|| refused("protox's descriptors lost the written file".to_owned()))?;
    file.set_syntax("proto2".to_owned());
    for message in &mut file.message_type {
        for field in &mut message.field {
            let scalar = !matches!(
                field.type_(),
                Type::TYPE_STRING | Type::TYPE_BYTES | Type::TYPE_MESSAGE | Type::TYPE_GROUP
            );
            if field.label() == Label::LABEL_REPEATED && scalar {
                field.options.mut_or_insert_default().set_packed(true);
            }
        }
    }
    FileDescriptor::new_dynamic(file, &[])
        .map_err(|error| refused(format!("rust-protobuf refused the written schema: {error}")))
}

/// rust-protobuf's `MessageDyn`: the `protobuf-rust` row.
pub(crate) struct Rust;

impl Rust {
    fn element(value: ReflectValueRef<'_>) -> Element<'_, Rust> {
        match value {
            ReflectValueRef::Bool(b) => Element::Bool(b),
            ReflectValueRef::I64(n) => Element::I64(n),
            ReflectValueRef::U64(n) => Element::U64(n),
            ReflectValueRef::F64(x) => Element::F64(x),
            ReflectValueRef::String(text) => Element::Text(Cow::Borrowed(text)),
            ReflectValueRef::Bytes(bytes) => Element::Bytes(Cow::Borrowed(bytes)),
            ReflectValueRef::Message(message) => Element::Message(message),
            _ => Element::Other,
        }
    }

    /// Whether `value` is what proto3 leaves unwritten in a field without
    /// presence (`-0.0` included, as it compares equal to `0.0`).
    fn is_default(value: &ReflectValueBox) -> bool {
        match value {
            ReflectValueBox::Bool(b) => !b,
            ReflectValueBox::I64(n) => *n == 0,
            ReflectValueBox::U64(n) => *n == 0,
            ReflectValueBox::F64(x) => *x == 0.0,
            ReflectValueBox::String(text) => text.is_empty(),
            ReflectValueBox::Bytes(bytes) => bytes.is_empty(),
            _ => false,
        }
    }
}

impl Reflect for Rust {
    const CODEC: &'static str = ProtobufRust::NAME;
    type Descriptor = MessageDescriptor;
    type Field = FieldDescriptor;
    type Message = dyn MessageDyn;
    type Built = Box<dyn MessageDyn>;
    type Boxed = ReflectValueBox;
    type Ref<'a> = MessageRef<'a>;

    fn new_message(descriptor: &MessageDescriptor) -> Box<dyn MessageDyn> {
        descriptor.new_instance()
    }

    fn as_message(built: &Box<dyn MessageDyn>) -> &dyn MessageDyn {
        &**built
    }

    fn descriptor(message: &dyn MessageDyn) -> MessageDescriptor {
        message.descriptor_dyn()
    }

    fn message_name(descriptor: &MessageDescriptor) -> String {
        descriptor.full_name().to_owned()
    }

    fn field(descriptor: &MessageDescriptor, number: u32) -> Option<FieldDescriptor> {
        descriptor.field_by_number(number)
    }

    fn field_name(field: &FieldDescriptor) -> String {
        field.full_name()
    }

    fn number(field: &FieldDescriptor) -> u32 {
        field.number().cast_unsigned()
    }

    fn is_list(field: &FieldDescriptor) -> bool {
        field.is_repeated()
    }

    fn has_presence(field: &FieldDescriptor) -> bool {
        // The written file's own proto3 rule, which proto2 would not say.
        let proto = field.proto();
        proto.proto3_optional() || proto.has_oneof_index() || proto.type_() == Type::TYPE_MESSAGE
    }

    fn kind(field: &FieldDescriptor) -> Kind<MessageDescriptor> {
        match field.proto().type_() {
            Type::TYPE_INT64 | Type::TYPE_SINT64 => Kind::Signed,
            Type::TYPE_UINT64 => Kind::Unsigned,
            Type::TYPE_MESSAGE => match field.runtime_field_type() {
                RuntimeFieldType::Singular(RuntimeType::Message(message))
                | RuntimeFieldType::Repeated(RuntimeType::Message(message)) => {
                    Kind::Message(message)
                }
                _ => Kind::Other,
            },
            _ => Kind::Other,
        }
    }

    fn boxed(scalar: Scalar) -> ReflectValueBox {
        match scalar {
            Scalar::Bool(b) => ReflectValueBox::Bool(b),
            Scalar::I64(n) => ReflectValueBox::I64(n),
            Scalar::U64(n) => ReflectValueBox::U64(n),
            Scalar::F64(x) => ReflectValueBox::F64(x),
            Scalar::Text(text) => ReflectValueBox::String(text),
            Scalar::Bytes(bytes) => ReflectValueBox::Bytes(bytes),
        }
    }

    fn boxed_message(message: Box<dyn MessageDyn>) -> ReflectValueBox {
        ReflectValueBox::Message(message)
    }

    fn set(message: &mut Box<dyn MessageDyn>, field: &FieldDescriptor, value: ReflectValueBox) {
        // proto3 writes no default in a field without presence; proto2,
        // as the library is told, writes whatever is set.
        if Self::has_presence(field) || !Self::is_default(&value) {
            field.set_singular_field(&mut **message, value);
        }
    }

    fn set_list(
        message: &mut Box<dyn MessageDyn>,
        field: &FieldDescriptor,
        items: Vec<ReflectValueBox>,
    ) {
        let mut repeated = field.mut_repeated(&mut **message);
        for item in items {
            repeated.push(item);
        }
    }

    fn set_numbers(message: &dyn MessageDyn) -> Vec<u32> {
        message
            .descriptor_dyn()
            .fields()
            .filter(|field| field.has_field(message))
            .map(|field| Self::number(&field))
            .collect()
    }

    fn has(message: &dyn MessageDyn, field: &FieldDescriptor) -> bool {
        field.has_field(message)
    }

    fn get<'a>(message: &'a dyn MessageDyn, field: &FieldDescriptor) -> Element<'a, Rust> {
        Self::element(field.get_singular_field_or_default(message))
    }

    fn get_list<'a>(
        message: &'a dyn MessageDyn,
        field: &FieldDescriptor,
    ) -> Vec<Element<'a, Rust>> {
        let repeated = field.get_repeated(message);
        (0..repeated.len())
            .map(|i| Self::element(repeated.get(i)))
            .collect()
    }

    fn write(message: &Box<dyn MessageDyn>, out: &mut Vec<u8>) -> Result<(), Error> {
        write_message(&**message, out, ProtobufRust::NAME, DOCUMENT)
    }

    fn read(root: &MessageDescriptor, bytes: &[u8]) -> Result<Box<dyn MessageDyn>, Error> {
        if let Err(overlong) = check::lengths(bytes, root) {
            return Err(overlong_error(&overlong, ProtobufRust::NAME, DOCUMENT));
        }
        let mut message = root.new_instance();
        let mut stream = CodedInputStream::from_bytes(bytes);
        if let Err(error) = message.merge_from_dyn(&mut stream) {
            let offset = usize::try_from(stream.pos()).unwrap_or(bytes.len());
            let text = error.to_string();
            return Err(
                library_error(&text, offset, ProtobufRust::NAME, DOCUMENT).with_source(error)
            );
        }
        Ok(message)
    }
}

impl Fields for MessageDescriptor {
    fn message_at(&self, number: u64) -> Option<MessageDescriptor> {
        let field = self.field_by_number(u32::try_from(number).ok()?)?;
        match field.runtime_field_type() {
            RuntimeFieldType::Singular(RuntimeType::Message(message))
            | RuntimeFieldType::Repeated(RuntimeType::Message(message)) => Some(message),
            _ => None,
        }
    }
}
