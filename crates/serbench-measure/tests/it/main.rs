//! The crate's one integration-test binary: a module per concern.

mod avro;
mod schema_formats;
mod thrift;
