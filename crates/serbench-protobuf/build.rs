//! Compiles `schemas/*.proto` into Rust with protox (a protobuf compiler in
//! pure Rust) and prost-build, so building this crate needs no `protoc`.

use std::error::Error;
use std::path::Path;

/// The schemas, one per dataset, all in package `serbench`.
const SCHEMAS: [&str; 5] = [
    "task-manager.proto",
    "telemetry.proto",
    "graph.proto",
    "records.proto",
    "media.proto",
];

fn main() -> Result<(), Box<dyn Error>> {
    let schemas = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schemas");
    for schema in SCHEMAS {
        println!("cargo::rerun-if-changed={}", schemas.join(schema).display());
    }
    let descriptors = protox::compile(SCHEMAS, [&schemas])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    Ok(())
}
