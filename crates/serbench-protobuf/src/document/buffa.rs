//! A document in the `protobuf-buffa` row: the `protobuf` row's `.proto`,
//! compiled by the same protox, read into buffa-descriptor's
//! `DescriptorPool` and carried through its `DynamicMessage` by the same
//! mapping (`Reflect`), so the rows write the same bytes. buffa reads
//! with the datasets' options (its recursion limit of 100 nested
//! messages, as prost's, and the element budget of `element_budget`) and
//! its errors are told as theirs. The user's own `.proto` (`--schema`)
//! is mapped by the `protobuf` row only.

use std::borrow::Cow;
use std::sync::Arc;

use buffa::DecodeOptions;
use buffa::editions::FieldPresence;
use buffa_descriptor::{
    DescriptorPool, DynamicMessage, FieldDescriptor, FieldKind, MessageIndex, ReflectMessage as _,
    ReflectMessageMut as _, ScalarType, SingularKind, Value as Proto,
};

use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_model::{BaseCodec, Error, ErrorKind};

use super::{Compiled, Element, Generated, Kind, Reflect, Scalar, unsupported_by};
use crate::ProtobufBuffa;
use crate::buffa_codec::{element_budget, library_error};

impl DocumentCodec for ProtobufBuffa {
    const KEEPS_KEY_ORDER: bool = false;
    const LIBRARY: Option<&'static str> = Some("buffa-descriptor");

    fn document(context: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        if context.user.proto.is_some() {
            return Err(unsupported_by(
                Self::NAME,
                "a user's .proto is mapped by the protobuf row only",
            ));
        }
        let compiled = Compiled::new(Self::NAME, context.name, context.inferred(Self::NAME)?)?;
        let bytes = compiled.descriptor_set();
        let pool = DescriptorPool::decode(&bytes).map_err(|error| {
            unsupported_by(
                Self::NAME,
                format!("buffa refused the written schema: {error}"),
            )
        })?;
        let index = pool
            .message_index(&compiled.root)
            .ok_or_else(|| compiled.lost())?;
        Ok(Box::new(Generated::<Buffa> {
            schema: compiled.schema,
            root: Type {
                pool: Arc::new(pool),
                index,
            },
            file: compiled.file,
        }))
    }
}

/// A message type of the pool.
#[derive(Clone)]
pub(crate) struct Type {
    pool: Arc<DescriptorPool>,
    index: MessageIndex,
}

/// A field of a message type, with the pool its message types are in.
pub(crate) struct Field {
    pool: Arc<DescriptorPool>,
    /// The message type it is a field of.
    message: MessageIndex,
    descriptor: FieldDescriptor,
}

impl Field {
    /// The pool's own descriptor of the field: buffa takes a field to set
    /// or test only by that reference, not by an equal copy.
    fn in_pool(&self) -> Option<&FieldDescriptor> {
        self.pool
            .message(self.message)
            .field(self.descriptor.number())
    }
}

/// buffa-descriptor's `DynamicMessage`: the `protobuf-buffa` row.
pub(crate) struct Buffa;

impl Buffa {
    fn element(proto: Cow<'_, Proto>) -> Element<'_, Buffa> {
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
                Proto::Bytes(bytes) => Element::Bytes(Cow::Owned(bytes)),
                other => Self::scalar(&other),
            },
        }
    }

    fn scalar<'a>(proto: &Proto) -> Element<'a, Buffa> {
        match proto {
            Proto::Bool(b) => Element::Bool(*b),
            Proto::I64(n) => Element::I64(*n),
            Proto::U64(n) => Element::U64(*n),
            Proto::F64(x) => Element::F64(*x),
            _ => Element::Other,
        }
    }

    fn singular(field: &FieldDescriptor) -> Option<SingularKind> {
        match field.kind() {
            FieldKind::Singular(kind) | FieldKind::List(kind) => Some(kind),
            FieldKind::Map { .. } => None,
        }
    }

    /// The value an unset singular field reads as.
    fn default(field: &Field) -> Proto {
        match Self::singular(&field.descriptor) {
            Some(SingularKind::Message(index)) => {
                Proto::Message(DynamicMessage::new(field.pool.clone(), index))
            }
            Some(SingularKind::Scalar(ScalarType::Bool)) => Proto::Bool(false),
            Some(SingularKind::Scalar(ScalarType::Uint64)) => Proto::U64(0),
            Some(SingularKind::Scalar(ScalarType::Double)) => Proto::F64(0.0),
            Some(SingularKind::Scalar(ScalarType::String)) => Proto::String(String::new()),
            Some(SingularKind::Scalar(ScalarType::Bytes)) => Proto::Bytes(Vec::new()),
            _ => Proto::I64(0),
        }
    }
}

impl Reflect for Buffa {
    const CODEC: &'static str = ProtobufBuffa::NAME;
    type Descriptor = Type;
    type Field = Field;
    type Message = DynamicMessage;
    type Built = DynamicMessage;
    type Boxed = Proto;
    type Ref<'a> = Cow<'a, DynamicMessage>;

    fn new_message(descriptor: &Type) -> DynamicMessage {
        DynamicMessage::new(descriptor.pool.clone(), descriptor.index)
    }

    fn as_message(built: &DynamicMessage) -> &DynamicMessage {
        built
    }

    fn descriptor(message: &DynamicMessage) -> Type {
        Type {
            pool: message.pool().clone(),
            index: message.message_index(),
        }
    }

    fn message_name(descriptor: &Type) -> String {
        descriptor
            .pool
            .message(descriptor.index)
            .full_name()
            .to_owned()
    }

    fn field(descriptor: &Type, number: u32) -> Option<Field> {
        let field = descriptor.pool.message(descriptor.index).field(number)?;
        Some(Field {
            pool: descriptor.pool.clone(),
            message: descriptor.index,
            descriptor: field.clone(),
        })
    }

    fn field_name(field: &Field) -> String {
        field.descriptor.name().to_owned()
    }

    fn number(field: &Field) -> u32 {
        field.descriptor.number()
    }

    fn is_list(field: &Field) -> bool {
        matches!(field.descriptor.kind(), FieldKind::List(_))
    }

    fn has_presence(field: &Field) -> bool {
        field.descriptor.presence() != FieldPresence::Implicit
    }

    fn kind(field: &Field) -> Kind<Type> {
        match Self::singular(&field.descriptor) {
            Some(SingularKind::Scalar(ScalarType::Int64 | ScalarType::Sint64)) => Kind::Signed,
            Some(SingularKind::Scalar(ScalarType::Uint64)) => Kind::Unsigned,
            Some(SingularKind::Message(index)) => Kind::Message(Type {
                pool: field.pool.clone(),
                index,
            }),
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
            Scalar::Bytes(bytes) => Proto::Bytes(bytes),
        }
    }

    fn boxed_message(message: DynamicMessage) -> Proto {
        Proto::Message(message)
    }

    fn set(message: &mut DynamicMessage, field: &Field, value: Proto) {
        if let Some(field) = field.in_pool() {
            message.set(field, value);
        }
    }

    fn set_list(message: &mut DynamicMessage, field: &Field, items: Vec<Proto>) {
        if let Some(field) = field.in_pool() {
            message.set(field, Proto::List(items));
        }
    }

    fn set_numbers(message: &DynamicMessage) -> Vec<u32> {
        let mut numbers = Vec::new();
        message.for_each_set(&mut |field, _| numbers.push(field.number()));
        numbers.sort_unstable();
        numbers
    }

    fn has(message: &DynamicMessage, field: &Field) -> bool {
        field.in_pool().is_some_and(|field| message.has(field))
    }

    fn get<'a>(message: &'a DynamicMessage, field: &Field) -> Element<'a, Buffa> {
        match message.field_by_number(field.descriptor.number()) {
            Some(proto) => Self::element(Cow::Borrowed(proto)),
            None => Self::element(Cow::Owned(Self::default(field))),
        }
    }

    fn get_list<'a>(message: &'a DynamicMessage, field: &Field) -> Vec<Element<'a, Buffa>> {
        match message.field_by_number(field.descriptor.number()) {
            Some(Proto::List(items)) => items
                .iter()
                .map(|item| Self::element(Cow::Borrowed(item)))
                .collect(),
            // An unset list reads as its default, which is empty.
            _ => Vec::new(),
        }
    }

    fn write(message: &DynamicMessage, out: &mut Vec<u8>) -> Result<(), Error> {
        message.try_encode(out).map_err(|error| {
            Error::named(
                ErrorKind::Unsupported,
                ProtobufBuffa::NAME,
                DOCUMENT,
                format!("{error}: protobuf's limit is 2 GiB - 1"),
            )
            .with_source(error)
        })
    }

    fn read(root: &Type, bytes: &[u8]) -> Result<DynamicMessage, Error> {
        let options = DecodeOptions::new().with_element_memory_limit(element_budget(bytes.len()));
        DynamicMessage::decode_with_options(root.pool.clone(), root.index, bytes, &options).map_err(
            // buffa's dynamic decode shows no cursor, so no byte is named.
            |error| library_error(error, bytes.len(), None, ProtobufBuffa::NAME, DOCUMENT),
        )
    }
}
