//! serbench-measure as a user drives it: documents read, every row
//! verified or refused with a reason, each format's mapping.

mod avro;
mod borrowed;
mod documents;
mod key_order;
mod positional;
mod protobuf;
mod rows;
mod schema_formats;
mod thrift;
mod typed;
mod typed_lent;

/// The serde rows whose wire format has no integer past `i64::MAX`
/// (BSON's are signed 64-bit): a `u64` past it is their encode error,
/// naming the value, never a different number read back.
const SIGNED_64_ONLY: &[&str] = &["bson"];

/// Counts allocations, as the `serbench` binary does, so that timed
/// measurements carry them.
#[global_allocator]
static COUNTING_ALLOCATOR: serbench_results::alloc::CountingAllocator =
    serbench_results::alloc::CountingAllocator;
