//! Compiles `schemas/*.proto` into Rust twice, so building this crate
//! needs no `protoc`: for prost, with protox (a protobuf compiler in pure
//! Rust) and prost-build; for the `protobuf` crate (rust-protobuf), with
//! protobuf-codegen and its own pure-Rust parser. With the `evolution`
//! feature, also `schemas/evolution/image.proto` (the evolution record's
//! versions) for the `protobuf` crate, whose row of the matrix reads them.

use std::error::Error;
use std::path::Path;

/// The schemas, one per dataset, all in package `serbench`.
const SCHEMAS: [&str; 9] = [
    "task-manager.proto",
    "telemetry.proto",
    "graph.proto",
    "records.proto",
    "media.proto",
    "log.proto",
    "mesh.proto",
    "minecraft_savedata.proto",
    "mk48.proto",
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
    // Cargo tells a build script its package's features through the
    // environment; the record's versions cost the other builds nothing.
    if std::env::var_os("CARGO_FEATURE_EVOLUTION").is_some() {
        let evolution = schemas.join("evolution");
        let image = evolution.join("image.proto");
        println!("cargo::rerun-if-changed={}", image.display());
        protobuf_codegen::Codegen::new()
            .pure()
            .include(&evolution)
            .input(&image)
            .cargo_out_dir("rust_protobuf_evolution")
            .run()?;
    }
    Ok(())
}
