//! The walk over a datum that runs before apache-avro reads it.
//!
//! apache-avro allocates what a length declares before reading the bytes
//! (a string of `n` bytes is `vec![0; n]`), up to a process-wide limit of
//! 512 MiB that can be set once and never per input, and serde reserves a
//! vector for a declared block count. So a 16-byte input could make it
//! allocate half a gigabyte. This walk reads the datum against the schema
//! without allocating, and refuses it, with the byte offset, unless every
//! length and count fits in the bytes that remain, every varint is well
//! formed, every string is UTF-8, every enum and union index is in range
//! and the datum ends exactly where the input does. What apache-avro then
//! allocates is bounded by the input.

use std::collections::HashMap;

use apache_avro::Schema;
use apache_avro::schema::{Name, UuidSchema};
use serbench_model::ErrorKind;

/// Why a datum was refused, and where.
#[derive(Debug)]
pub(crate) struct Fault {
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
    pub(crate) offset: usize,
}

/// Walks one datum of `schema` that must fill `bytes`.
pub(crate) fn datum(
    schema: &Schema,
    names: &HashMap<Name, &Schema>,
    bytes: &[u8],
) -> Result<(), Fault> {
    let mut walk = Walk {
        bytes,
        at: 0,
        names,
    };
    walk.value(schema)?;
    if walk.at == bytes.len() {
        Ok(())
    } else {
        Err(walk.fault(
            ErrorKind::TrailingBytes,
            format!("{} bytes after the datum", bytes.len() - walk.at),
        ))
    }
}

struct Walk<'a, 's> {
    bytes: &'a [u8],
    at: usize,
    names: &'a HashMap<Name, &'s Schema>,
}

impl Walk<'_, '_> {
    fn fault(&self, kind: ErrorKind, message: impl Into<String>) -> Fault {
        Fault {
            kind,
            message: message.into(),
            offset: self.at,
        }
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn value(&mut self, schema: &Schema) -> Result<(), Fault> {
        match schema {
            Schema::Null => Ok(()),
            Schema::Boolean => {
                if let [0 | 1] = self.take(1, "a boolean")? {
                    Ok(())
                } else {
                    self.at -= 1;
                    Err(self.fault(ErrorKind::Invalid, "a boolean that is neither 0 nor 1"))
                }
            }
            Schema::Int | Schema::Date | Schema::TimeMillis => self.int("an int").map(drop),
            Schema::Long
            | Schema::TimeMicros
            | Schema::TimestampMillis
            | Schema::TimestampMicros
            | Schema::TimestampNanos
            | Schema::LocalTimestampMillis
            | Schema::LocalTimestampMicros
            | Schema::LocalTimestampNanos => self.long("a long").map(drop),
            Schema::Float => self.take(4, "a float").map(drop),
            Schema::Double => self.take(8, "a double").map(drop),
            Schema::Bytes | Schema::Uuid(UuidSchema::Bytes) => self.bytes("bytes").map(drop),
            Schema::String | Schema::Uuid(UuidSchema::String) => self.string(),
            Schema::Fixed(fixed) | Schema::Uuid(UuidSchema::Fixed(fixed)) => {
                self.take(fixed.size, "a fixed").map(drop)
            }
            Schema::Enum(schema) => {
                let start = self.at;
                let index = self.int("an enum index")?;
                if usize::try_from(index).is_ok_and(|index| index < schema.symbols.len()) {
                    Ok(())
                } else {
                    self.at = start;
                    Err(self.fault(
                        ErrorKind::Invalid,
                        format!("enum {} has no symbol {index}", schema.name),
                    ))
                }
            }
            Schema::Union(union) => {
                let start = self.at;
                let index = self.int("a union index")?;
                let variant = usize::try_from(index)
                    .ok()
                    .and_then(|index| union.variants().get(index));
                if let Some(variant) = variant {
                    self.value(variant)
                } else {
                    self.at = start;
                    Err(self.fault(
                        ErrorKind::Invalid,
                        format!("the union has no branch {index}"),
                    ))
                }
            }
            Schema::Record(record) => record
                .fields
                .iter()
                .try_for_each(|field| self.value(&field.schema)),
            Schema::Array(array) => self.blocks(|walk| walk.value(&array.items)),
            Schema::Map(map) => self.blocks(|walk| {
                walk.string()?;
                walk.value(&map.types)
            }),
            Schema::Ref { name } => match self.names.get(name) {
                Some(schema) => self.value(schema),
                None => Err(self.fault(ErrorKind::Invalid, format!("no type named {name}"))),
            },
            other => Err(self.fault(ErrorKind::Invalid, format!("the schemas use no {other:?}"))),
        }
    }

    /// An array's or a map's blocks: a count, items, until a count of 0.
    /// Every item of the shipped schemas takes at least one byte, so a
    /// count past the bytes that remain cannot be honest.
    fn blocks(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Result<(), Fault>,
    ) -> Result<(), Fault> {
        loop {
            let start = self.at;
            let count = self.long("a block count")?;
            if count == 0 {
                return Ok(());
            }
            if count < 0 {
                // A negative count is followed by the block's size in bytes.
                self.long("a block size")?;
            }
            let count = count.unsigned_abs();
            if count > self.remaining() as u64 {
                self.at = start;
                return Err(self.fault(
                    ErrorKind::Truncated,
                    format!(
                        "a block of {count} items in the {} bytes that remain",
                        self.remaining()
                    ),
                ));
            }
            for _ in 0..count {
                item(self)?;
            }
        }
    }

    fn string(&mut self) -> Result<(), Fault> {
        let start = self.at;
        let text = self.bytes("a string")?;
        if std::str::from_utf8(text).is_err() {
            self.at = start;
            return Err(self.fault(ErrorKind::Syntax, "a string that is not UTF-8"));
        }
        Ok(())
    }

    /// A length, then that many bytes.
    fn bytes(&mut self, what: &str) -> Result<&[u8], Fault> {
        let start = self.at;
        let len = self.long(what)?;
        let Ok(len) = usize::try_from(len) else {
            self.at = start;
            return Err(self.fault(ErrorKind::Invalid, format!("{what} of length {len}")));
        };
        if len > self.remaining() {
            self.at = start;
            return Err(self.fault(
                ErrorKind::Truncated,
                format!(
                    "{what} of {len} bytes in the {} that remain",
                    self.remaining()
                ),
            ));
        }
        self.take(len, what)
    }

    fn take(&mut self, len: usize, what: &str) -> Result<&[u8], Fault> {
        if len > self.remaining() {
            return Err(self.fault(ErrorKind::Truncated, format!("{what} cut short")));
        }
        let taken = &self.bytes[self.at..self.at + len];
        self.at += len;
        Ok(taken)
    }

    fn int(&mut self, what: &str) -> Result<i32, Fault> {
        let start = self.at;
        let value = self.long(what)?;
        i32::try_from(value).map_err(|_| {
            self.at = start;
            self.fault(
                ErrorKind::Invalid,
                format!("{what} of {value}, past 32 bits"),
            )
        })
    }

    /// A zigzag varint of at most 10 bytes (64 bits).
    fn long(&mut self, what: &str) -> Result<i64, Fault> {
        let start = self.at;
        let mut raw: u64 = 0;
        for shift in (0..70).step_by(7) {
            let Some(&byte) = self.bytes.get(self.at) else {
                return Err(self.fault(ErrorKind::Truncated, format!("{what} cut short")));
            };
            self.at += 1;
            if shift == 63 && byte > 1 {
                break;
            }
            raw |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok((raw >> 1).cast_signed() ^ -(raw & 1).cast_signed());
            }
        }
        self.at = start;
        Err(self.fault(ErrorKind::Syntax, format!("{what}: a varint past 64 bits")))
    }
}
