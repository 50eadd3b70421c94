//! The walk's shape of a schema parsed at run time: a document's schema is
//! known only when its codec is built, so its shape is built then, once,
//! for the same walk a dataset's constant shape gets.

use std::collections::HashMap;

use apache_avro::Schema as AvroSchema;
use apache_avro::schema::{InnerDecimalSchema, Name, RecordSchema, ResolvedSchema, UuidSchema};

use serbench_model::Error;

use super::convert::{integer_bits, resolve};
use crate::check::{Built, Child, Children, Shape};

/// The shape of `schema`, whose named types `names` resolves, with
/// records nesting at most `nesting` deep.
pub(super) fn built(
    schema: &AvroSchema,
    names: &ResolvedSchema<'_>,
    nesting: usize,
) -> Result<Built, Error> {
    let mut builder = Builder {
        names,
        table: Vec::new(),
        records: HashMap::new(),
    };
    let root = builder.shape(schema)?;
    Ok(Built {
        root,
        table: builder.table,
        nesting,
    })
}

struct Builder<'s> {
    names: &'s ResolvedSchema<'s>,
    table: Vec<Shape>,
    /// Each record's entry in the table, taken before its fields are
    /// built, so that a field can refer to the record that holds it.
    records: HashMap<Name, usize>,
}

impl<'s> Builder<'s> {
    fn shape(&mut self, schema: &'s AvroSchema) -> Result<Shape, Error> {
        Ok(match schema {
            AvroSchema::Null => Shape::Null,
            AvroSchema::Boolean => Shape::Boolean,
            AvroSchema::Float => Shape::Float,
            AvroSchema::Double => Shape::Double,
            AvroSchema::Bytes | AvroSchema::BigDecimal | AvroSchema::Uuid(UuidSchema::Bytes) => {
                Shape::Bytes
            }
            AvroSchema::String | AvroSchema::Uuid(UuidSchema::String) => Shape::String,
            AvroSchema::Fixed(fixed)
            | AvroSchema::Uuid(UuidSchema::Fixed(fixed))
            | AvroSchema::Duration(fixed) => Shape::Fixed(fixed.size),
            AvroSchema::Decimal(decimal) => match &decimal.inner {
                InnerDecimalSchema::Bytes => Shape::Bytes,
                InnerDecimalSchema::Fixed(fixed) => Shape::Fixed(fixed.size),
            },
            AvroSchema::Enum(symbols) => Shape::Enum(symbols.symbols.len()),
            AvroSchema::Array(array) => Shape::Array(self.child(&array.items)?),
            AvroSchema::Map(map) => Shape::Map(self.child(&map.types)?),
            AvroSchema::Union(union) => Shape::Union(self.children(union.variants())?),
            AvroSchema::Record(record) => self.record(record)?,
            AvroSchema::Ref { .. } => self.shape(resolve(self.names, schema)?)?,
            // What is left holds an integer: an `int` or a `long`, under
            // its logical type.
            _ if integer_bits(schema) == Some(32) => Shape::Int,
            _ => Shape::Long,
        })
    }

    /// A record, defined where first met and named everywhere.
    fn record(&mut self, record: &'s RecordSchema) -> Result<Shape, Error> {
        if let Some(&index) = self.records.get(&record.name) {
            return Ok(Shape::Named(index));
        }
        let index = self.table.len();
        // Replaced by the record once its fields are built.
        self.table.push(Shape::Null);
        self.records.insert(record.name.clone(), index);
        let fields = self.children(record.fields.iter().map(|field| &field.schema))?;
        self.table[index] = Shape::Record(fields);
        Ok(Shape::Named(index))
    }

    fn child(&mut self, schema: &'s AvroSchema) -> Result<Child, Error> {
        let shape = self.shape(schema)?;
        self.table.push(shape);
        Ok(Child::At(self.table.len() - 1))
    }

    fn children(
        &mut self,
        schemas: impl IntoIterator<Item = &'s AvroSchema>,
    ) -> Result<Children, Error> {
        let shapes = schemas
            .into_iter()
            .map(|schema| self.shape(schema))
            .collect::<Result<Vec<_>, _>>()?;
        let start = self.table.len();
        self.table.extend(shapes);
        Ok(Children::At(start..self.table.len()))
    }
}
