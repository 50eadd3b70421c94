//! The encoder's side: the thrift crate's output protocol, with the
//! checks for what Thrift cannot carry (a string or list of more than
//! `i32::MAX` bytes or items).

use thrift::protocol::{
    TFieldIdentifier, TListIdentifier, TOutputProtocol, TStructIdentifier, TType,
};

use crate::error::Fail;
use crate::protocol::Protocol;

pub(crate) struct Writer<'o, P: Protocol> {
    protocol: P::Out<'o>,
}

impl<'o, P: Protocol> Writer<'o, P> {
    pub(crate) fn new(out: &'o mut Vec<u8>) -> Self {
        Self {
            protocol: P::output(out),
        }
    }

    /// A struct whose fields `fields` writes.
    pub(crate) fn structure(
        &mut self,
        fields: impl FnOnce(&mut Self) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        // The name is not on the wire in either protocol.
        self.protocol.write_struct_begin(&TStructIdentifier {
            name: String::new(),
        })?;
        fields(self)?;
        self.protocol.write_field_stop()?;
        self.protocol.write_struct_end()?;
        Ok(())
    }

    /// Field `id` of type `field_type`, whose value `value` writes.
    pub(crate) fn field(
        &mut self,
        id: i16,
        field_type: TType,
        value: impl FnOnce(&mut Self) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        self.protocol.write_field_begin(&TFieldIdentifier {
            name: None,
            field_type,
            id: Some(id),
        })?;
        value(self)?;
        self.protocol.write_field_end()?;
        Ok(())
    }

    pub(crate) fn bool(&mut self, value: bool) -> Result<(), Fail> {
        Ok(self.protocol.write_bool(value)?)
    }

    pub(crate) fn i8(&mut self, value: i8) -> Result<(), Fail> {
        Ok(self.protocol.write_i8(value)?)
    }

    pub(crate) fn i16(&mut self, value: i16) -> Result<(), Fail> {
        Ok(self.protocol.write_i16(value)?)
    }

    pub(crate) fn i32(&mut self, value: i32) -> Result<(), Fail> {
        Ok(self.protocol.write_i32(value)?)
    }

    pub(crate) fn i64(&mut self, value: i64) -> Result<(), Fail> {
        Ok(self.protocol.write_i64(value)?)
    }

    pub(crate) fn double(&mut self, value: f64) -> Result<(), Fail> {
        Ok(self.protocol.write_double(value)?)
    }

    /// An `f32` as the `double` of the same value ([`crate::float`]).
    pub(crate) fn float(&mut self, value: f32) -> Result<(), Fail> {
        self.double(crate::float::widen(value))
    }

    pub(crate) fn string(&mut self, value: &str, what: &str) -> Result<(), Fail> {
        fits(value.len(), what, "bytes")?;
        Ok(self.protocol.write_string(value)?)
    }

    pub(crate) fn bytes(&mut self, value: &[u8]) -> Result<(), Fail> {
        Ok(self.protocol.write_bytes(value)?)
    }

    /// A binary value of any length, refused past Thrift's `i32` lengths.
    pub(crate) fn binary(&mut self, value: &[u8], what: &str) -> Result<(), Fail> {
        fits(value.len(), what, "bytes")?;
        self.bytes(value)
    }

    /// A list of `element`s, each written by `item`.
    pub(crate) fn list<T>(
        &mut self,
        items: &[T],
        element: TType,
        what: &str,
        mut item: impl FnMut(&mut Self, &T) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        let size = fits(items.len(), what, "items")?;
        self.protocol
            .write_list_begin(&TListIdentifier::new(element, size))?;
        for value in items {
            item(self, value)?;
        }
        self.protocol.write_list_end()?;
        Ok(())
    }

    /// The field `id` holding a string.
    pub(crate) fn string_field(&mut self, id: i16, value: &str, what: &str) -> Result<(), Fail> {
        self.field(id, TType::String, |w| w.string(value, what))
    }

    /// The field `id` holding a list of `element`s.
    pub(crate) fn list_field<T>(
        &mut self,
        id: i16,
        items: &[T],
        element: TType,
        what: &str,
        item: impl FnMut(&mut Self, &T) -> Result<(), Fail>,
    ) -> Result<(), Fail> {
        self.field(id, TType::List, |w| w.list(items, element, what, item))
    }
}

/// A length as Thrift's `i32`, or the refusal of a value too long for it.
fn fits(len: usize, what: &str, unit: &str) -> Result<i32, Fail> {
    i32::try_from(len).map_err(|_| {
        Fail::Unsupported(format!(
            "{what} has {len} {unit}; Thrift lengths stop at {} (i32)",
            i32::MAX
        ))
    })
}
