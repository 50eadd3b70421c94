//! Compiles `schemas/*.proto` into Rust twice, so building this crate
//! needs no `protoc`: for prost, with protox (a protobuf compiler in pure
//! Rust) and prost-build; for the `protobuf` crate (rust-protobuf), with
//! protobuf-codegen and its own pure-Rust parser.

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
    // Read when the script runs, not when it is compiled: cargo may reuse a
    // build script compiled for one checkout in another that shares the
    // target folder (CI's cache does, across clone folders), and a path
    // baked in at compile time would then point into the first checkout.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .ok_or("cargo sets CARGO_MANIFEST_DIR for build scripts; it is missing")?;
    let schemas = Path::new(&manifest_dir).join("../../schemas");
    for schema in SCHEMAS {
        println!("cargo::rerun-if-changed={}", schemas.join(schema).display());
    }
    let descriptors = protox::compile(SCHEMAS, [&schemas])?;
    prost_build::Config::new().compile_fds(descriptors)?;
    protobuf_codegen::Codegen::new()
        .pure()
        .include(&schemas)
        .inputs(SCHEMAS.map(|schema| schemas.join(schema)))
        .cargo_out_dir("rust_protobuf")
        .run()?;
    Ok(())
}
