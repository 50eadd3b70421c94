//! A document through zerompk, for the `msgpack-zerompk` row: zerompk has
//! no serde support, so a [`Value`] is written and read by hand over its
//! `Write` and `Read` traits, as a zerompk user writes a type its derive
//! does not fit. The bytes are the `msgpack` row's: floats as float 64,
//! integers in the smallest form of their value, keys in order.
//!
//! Reading runs the walk the `msgpack` row's input runs first
//! ([`crate::walk::skip`]): a value cut short, a `str` that is not UTF-8,
//! nesting past [`MAX_DEPTH`] and bytes after the value are refused at
//! their byte before zerompk reads, so zerompk meets only a well-formed
//! value; it then refuses what a document has no place for (a key that is
//! not a str, an extension) and a repeated key.

use ::zerompk::{FromMessagePack, Read, ToMessagePack, Write};
use serbench_document::codec::{Codec, Context, DOCUMENT, DocumentCodec};
use serbench_document::value::{Keys, MAX_DEPTH, Value};
use serbench_model::{BaseCodec, Error, ErrorKind};

use super::{MsgPackZerompk, decode_error};

impl DocumentCodec for MsgPackZerompk {
    const KEEPS_KEY_ORDER: bool = true;

    /// The document as it is: MessagePack carries every [`Value`] kind.
    fn document(_: &Context<'_>) -> Result<Box<dyn Codec>, Error> {
        Ok(Box::new(Document))
    }
}

/// zerompk's codec of a document.
struct Document;

impl Codec for Document {
    fn encode(&self, value: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        ::zerompk::write_msgpack(out, &Written(value))
            .map_err(|error| Error::unwritable(MsgPackZerompk::NAME, DOCUMENT, error))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Value, Error> {
        let refused = |kind, message, at| {
            Error::named(kind, MsgPackZerompk::NAME, DOCUMENT, message).at_offset(at)
        };
        let end = crate::walk::skip(bytes, 0, MAX_DEPTH)
            .map_err(|refusal| refused(refusal.kind, refusal.message, refusal.at))?;
        if end < bytes.len() {
            let message = format!("{} bytes follow the value", bytes.len() - end);
            return Err(refused(ErrorKind::TrailingBytes, message, end));
        }
        ::zerompk::from_msgpack::<Read_>(bytes)
            .map(|Read_(value)| value)
            .map_err(|error| decode_error(DOCUMENT, error))
    }
}

/// A document written through zerompk's `Write`.
struct Written<'a>(&'a Value);

impl ToMessagePack for Written<'_> {
    fn write<W: Write>(&self, writer: &mut W) -> ::zerompk::Result<()> {
        match self.0 {
            Value::Null => writer.write_nil(),
            Value::Bool(b) => writer.write_boolean(*b),
            // The smallest form of either sign, as rmp-serde writes.
            Value::Int(n) => match u64::try_from(*n) {
                Ok(n) => writer.write_u64(n),
                Err(_) => writer.write_i64(*n),
            },
            Value::UInt(n) => writer.write_u64(*n),
            Value::Float(x) => writer.write_f64(*x),
            Value::Text(text) => writer.write_string(text),
            Value::Bytes(bytes) => writer.write_binary(bytes),
            Value::List(items) => {
                writer.write_array_len(items.len())?;
                items
                    .iter()
                    .try_for_each(|item| Written(item).write(writer))
            }
            Value::Map(entries) => {
                writer.write_map_len(entries.len())?;
                entries.iter().try_for_each(|(key, item)| {
                    writer.write_string(key)?;
                    Written(item).write(writer)
                })
            }
        }
    }
}

/// A document read through zerompk's `Read`.
struct Read_(Value);

impl<'a> FromMessagePack<'a> for Read_ {
    fn read<R: Read<'a>>(reader: &mut R) -> ::zerompk::Result<Self> {
        let marker = reader.peek_marker()?;
        let value = match marker {
            0xc0 => {
                reader.read_nil()?;
                Value::Null
            }
            0xc2 | 0xc3 => Value::Bool(reader.read_boolean()?),
            0x00..=0x7f | 0xcc..=0xcf => Value::from_u64(reader.read_u64()?),
            0xe0..=0xff | 0xd0..=0xd3 => Value::Int(reader.read_i64()?),
            0xca => Value::Float(f64::from(reader.read_f32()?)),
            0xcb => Value::Float(reader.read_f64()?),
            0xa0..=0xbf | 0xd9..=0xdb => Value::Text(reader.read_string()?.into_owned()),
            0xc4..=0xc6 => Value::Bytes(reader.read_binary()?.into_owned()),
            0x90..=0x9f | 0xdc | 0xdd => {
                let len = reader.read_array_len()?;
                reader.increment_depth()?;
                // The walk saw every element, so the count is the input's.
                let items = (0..len)
                    .map(|_| Read_::read(reader).map(|Read_(item)| item))
                    .collect::<Result<_, _>>()?;
                reader.decrement_depth();
                Value::List(items)
            }
            0x80..=0x8f | 0xde | 0xdf => {
                let len = reader.read_map_len()?;
                reader.increment_depth()?;
                let mut entries = Vec::new();
                let mut keys = Keys::default();
                for _ in 0..len {
                    // A key that is not a str is refused here, as zerompk
                    // refuses a str where another kind is read.
                    let key = reader.read_string()?.into_owned();
                    if keys.repeats(&entries, &key) {
                        return Err(::zerompk::Error::KeyDuplicated(key));
                    }
                    let Read_(item) = Read_::read(reader)?;
                    entries.push((key, item));
                }
                reader.decrement_depth();
                Value::Map(entries)
            }
            // An extension (0xc7 to 0xc9, 0xd4 to 0xd8), which a document
            // has no place for.
            _ => return Err(::zerompk::Error::InvalidMarker(marker)),
        };
        Ok(Self(value))
    }
}
