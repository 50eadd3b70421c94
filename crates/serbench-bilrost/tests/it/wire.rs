//! Bilrost messages written field by field from the specification, for
//! the crafted inputs and the layout tests: a field's key is a varint of
//! the tag's distance from the previous field's tag, times four, plus the
//! wire type (0 varint, 1 length-delimited, 2 fixed 32 bits, 3 fixed 64).

/// Bilrost's varint: bijective base 128, least significant digit first,
/// at most nine bytes.
pub(crate) fn varint(mut value: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    for _ in 0..8 {
        if value < 0x80 {
            bytes.push(value as u8);
            return bytes;
        }
        bytes.push(0x80 | (value & 0x7f) as u8);
        value = (value >> 7) - 1;
    }
    bytes.push(value as u8);
    bytes
}

/// A message's fields, in tag order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fields {
    pub(crate) bytes: Vec<u8>,
    tag: u32,
}

impl Fields {
    /// Bytes as they are, with no field of their own.
    pub(crate) fn raw(bytes: Vec<u8>) -> Self {
        Self { bytes, tag: 0 }
    }

    /// The key of field `tag` with `wire_type`; `tag` may repeat the
    /// previous field's (distance 0), never go below it.
    pub(crate) fn key(mut self, tag: u32, wire_type: u64) -> Self {
        let distance = tag.checked_sub(self.tag).expect("fields in tag order");
        self.bytes
            .extend(varint(u64::from(distance) << 2 | wire_type));
        self.tag = tag;
        self
    }

    pub(crate) fn varint(self, tag: u32, value: u64) -> Self {
        let mut fields = self.key(tag, 0);
        fields.bytes.extend(varint(value));
        fields
    }

    /// A length-delimited field declaring `length` bytes, holding
    /// `content`.
    pub(crate) fn declaring(self, tag: u32, length: u64, content: &[u8]) -> Self {
        let mut fields = self.key(tag, 1);
        fields.bytes.extend(varint(length));
        fields.bytes.extend_from_slice(content);
        fields
    }

    pub(crate) fn bytes(self, tag: u32, content: &[u8]) -> Self {
        self.declaring(tag, content.len() as u64, content)
    }

    pub(crate) fn string(self, tag: u32, text: &str) -> Self {
        self.bytes(tag, text.as_bytes())
    }

    pub(crate) fn message(self, tag: u32, message: &Fields) -> Self {
        self.bytes(tag, &message.bytes)
    }

    pub(crate) fn fixed32(self, tag: u32, value: u32) -> Self {
        let mut fields = self.key(tag, 2);
        fields.bytes.extend(value.to_le_bytes());
        fields
    }

    pub(crate) fn fixed64(self, tag: u32, value: u64) -> Self {
        let mut fields = self.key(tag, 3);
        fields.bytes.extend(value.to_le_bytes());
        fields
    }
}

/// One element of a packed list of messages: its length, then its bytes.
pub(crate) fn element(message: &Fields) -> Vec<u8> {
    [varint(message.bytes.len() as u64), message.bytes.clone()].concat()
}
