//! Thrift bytes written by hand, independently of the codecs, for the
//! layout tests and the crafted inputs: each protocol's field headers,
//! list headers, integers and strings, and the small values both build.

/// One protocol's encodings of the pieces a struct is made of.
pub(crate) trait Wire {
    /// A field header, as the codecs write it when the field before it
    /// has id `id - 1` (or it is the first, id 1): the compact protocol
    /// then writes a delta of 1 in the type byte.
    fn field(kind: Kind, id: i16) -> Vec<u8>;
    /// A field header with the id in full, whatever came before.
    fn field_long(kind: Kind, id: i16) -> Vec<u8> {
        Self::field(kind, id)
    }
    /// A list header.
    fn list(element: Kind, count: u32) -> Vec<u8>;
    /// A string or binary value's length prefix, taken as the protocol
    /// reads it (the binary protocol's `u32` bits are its `i32`).
    fn length(length: u32) -> Vec<u8>;
    fn i16(value: i16) -> Vec<u8>;
    fn i32(value: i32) -> Vec<u8>;
    fn i64(value: i64) -> Vec<u8>;
    fn double(value: f64) -> Vec<u8>;
    /// A `bool` field: header and value (one byte in compact).
    fn bool_field(id: i16, value: bool) -> Vec<u8>;
    /// A `bool` field with the id in full, whatever came before.
    fn bool_field_long(id: i16, value: bool) -> Vec<u8> {
        Self::bool_field(id, value)
    }
    /// A `bool` list item.
    fn bool(value: bool) -> Vec<u8>;
    /// The struct's end.
    const STOP: u8 = 0;
    /// Whether integers are varints (compact), which can be written wider
    /// than their type.
    const VARINTS: bool = false;

    fn string(text: &[u8]) -> Vec<u8> {
        [Self::length(text.len() as u32), text.to_vec()].concat()
    }
}

/// The field and element types the datasets use.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Bool,
    I8,
    I16,
    I32,
    I64,
    Double,
    String,
    Struct,
    List,
}

pub(crate) struct BinaryWire;
pub(crate) struct CompactWire;

impl Wire for BinaryWire {
    fn field(kind: Kind, id: i16) -> Vec<u8> {
        let code = match kind {
            Kind::Bool => 2,
            Kind::I8 => 3,
            Kind::Double => 4,
            Kind::I16 => 6,
            Kind::I32 => 8,
            Kind::I64 => 10,
            Kind::String => 11,
            Kind::Struct => 12,
            Kind::List => 15,
        };
        [&[code][..], &id.to_be_bytes()].concat()
    }

    fn list(element: Kind, count: u32) -> Vec<u8> {
        let mut bytes = Self::field(element, 0);
        bytes.truncate(1);
        bytes.extend(count.to_be_bytes());
        bytes
    }

    fn length(length: u32) -> Vec<u8> {
        length.to_be_bytes().to_vec()
    }

    fn i16(value: i16) -> Vec<u8> {
        value.to_be_bytes().to_vec()
    }

    fn i32(value: i32) -> Vec<u8> {
        value.to_be_bytes().to_vec()
    }

    fn double(value: f64) -> Vec<u8> {
        value.to_bits().to_be_bytes().to_vec()
    }

    fn bool(value: bool) -> Vec<u8> {
        vec![u8::from(value)]
    }

    fn i64(value: i64) -> Vec<u8> {
        value.to_be_bytes().to_vec()
    }

    fn bool_field(id: i16, value: bool) -> Vec<u8> {
        [&[2][..], &id.to_be_bytes(), &[u8::from(value)]].concat()
    }
}

fn compact_code(kind: Kind) -> u8 {
    match kind {
        // As a list's element type; a bool field's type is its value.
        Kind::Bool => 1,
        Kind::I8 => 3,
        Kind::I16 => 4,
        Kind::I32 => 5,
        Kind::I64 => 6,
        Kind::Double => 7,
        Kind::String => 8,
        Kind::List => 9,
        Kind::Struct => 12,
    }
}

/// An unsigned LEB128 varint.
pub(crate) fn varint(value: u64) -> Vec<u8> {
    varint_wide(value.into())
}

/// An unsigned LEB128 varint of any value up to 128 bits, for values
/// wider than any Thrift integer.
pub(crate) fn varint_wide(mut value: u128) -> Vec<u8> {
    let mut bytes = Vec::new();
    while value >= 0x80 {
        bytes.push((value as u8) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
    bytes
}

pub(crate) fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)).cast_unsigned()
}

impl Wire for CompactWire {
    const VARINTS: bool = true;

    fn field(kind: Kind, _id: i16) -> Vec<u8> {
        vec![0x10 | compact_code(kind)]
    }

    fn field_long(kind: Kind, id: i16) -> Vec<u8> {
        [vec![compact_code(kind)], varint(zigzag(id.into()))].concat()
    }

    fn list(element: Kind, count: u32) -> Vec<u8> {
        if count < 15 {
            vec![(count as u8) << 4 | compact_code(element)]
        } else {
            [vec![0xf0 | compact_code(element)], varint(count.into())].concat()
        }
    }

    fn length(length: u32) -> Vec<u8> {
        varint(length.into())
    }

    fn i16(value: i16) -> Vec<u8> {
        varint(zigzag(value.into()))
    }

    fn i32(value: i32) -> Vec<u8> {
        varint(zigzag(value.into()))
    }

    fn double(value: f64) -> Vec<u8> {
        value.to_bits().to_le_bytes().to_vec()
    }

    fn bool(value: bool) -> Vec<u8> {
        vec![if value { 1 } else { 2 }]
    }

    fn i64(value: i64) -> Vec<u8> {
        varint(zigzag(value))
    }

    fn bool_field(_id: i16, value: bool) -> Vec<u8> {
        vec![0x10 | if value { 1 } else { 2 }]
    }

    fn bool_field_long(id: i16, value: bool) -> Vec<u8> {
        [Self::bool(value), varint(zigzag(id.into()))].concat()
    }
}

/// A record's bytes with `ids` and `strings` as given.
pub(crate) fn record<W: Wire>(ids: &[i64], strings: &[&[u8]]) -> Vec<u8> {
    let mut bytes = W::field(Kind::List, 1);
    bytes.extend(W::list(Kind::I64, ids.len() as u32));
    for id in ids {
        bytes.extend(W::i64(*id));
    }
    bytes.extend(W::field(Kind::List, 2));
    bytes.extend(W::list(Kind::String, strings.len() as u32));
    for text in strings {
        bytes.extend(W::string(text));
    }
    bytes.push(W::STOP);
    bytes
}
