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

/// Counts allocations, as the `serbench` binary does, so that timed
/// measurements carry them.
#[global_allocator]
static COUNTING_ALLOCATOR: serbench_results::alloc::CountingAllocator =
    serbench_results::alloc::CountingAllocator;
