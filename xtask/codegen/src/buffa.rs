//! buffa: the `.proto` schemas compiled by protox (a protobuf compiler in
//! pure Rust) into a FileDescriptorSet, and that set handed to
//! buffa-codegen, a library linked in here. No external tool runs.
//!
//! buffa has a build-script route too (buffa-build), but it asks for
//! `protoc` or `buf` unless given a descriptor set, and the crate it would
//! build for then carries buffa-codegen and protox as build dependencies;
//! committed code keeps serbench-protobuf's build to prost-build's.

use std::path::Path;

use anyhow::{Context, bail};
use buffa::Message as _;
use buffa_codegen::generated::descriptor::FileDescriptorSet;
use prost::Message as _;

/// The datasets' messages with their lazy views (`TaskManagerLazyView<'a>`,
/// `&'a str` fields), which the codec's borrowed decode reads: a lazy view
/// holds a nested message as its bytes, where an eager view boxes it, so a
/// task-manager borrow allocates for its lists alone, not a box per
/// header. The lazy family needs the eager one beside it.
pub(crate) fn generate_with_views(
    root: &Path,
    schemas: &str,
    _module: &[&str],
    out: &Path,
) -> anyhow::Result<()> {
    write(root, schemas, out, true)
}

/// The evolution record's messages, owned only: its practices decode
/// owned messages, and views would double the code.
pub(crate) fn generate(
    root: &Path,
    schemas: &str,
    _module: &[&str],
    out: &Path,
) -> anyhow::Result<()> {
    write(root, schemas, out, false)
}

/// Compiles every `*.proto` in `root/schemas` into `out`: one file per
/// schema and a `<package>.mod.rs` that includes them (`serbench.mod.rs`
/// for the datasets, the evolution record's package's for
/// `schemas/evolution/`); with the eager and lazy views when `views`.
/// buffa's code names its own types by relative paths within the package
/// module, so it needs no module path.
fn write(root: &Path, schemas: &str, out: &Path, views: bool) -> anyhow::Result<()> {
    let folder = root.join(schemas);
    let mut files = Vec::new();
    for entry in
        std::fs::read_dir(&folder).with_context(|| format!("cannot read {}", folder.display()))?
    {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "proto")
            && let Some(name) = path.file_name()
        {
            files.push(name.to_string_lossy().into_owned());
        }
    }
    // Sorted, so the output does not depend on the folder's order.
    files.sort();
    if files.is_empty() {
        bail!("no .proto schemas in {}", folder.display());
    }
    let set = protox::compile(&files, [&folder])?;
    let set = FileDescriptorSet::decode_from_slice(&set.encode_to_vec())
        .map_err(|error| anyhow::anyhow!("buffa cannot read protox's descriptors: {error}"))?;
    let mut config = buffa_codegen::CodeGenConfig::default();
    config.generate_views = views;
    config.lazy_views = views;
    // No descriptor registry: the codec names its types.
    config.emit_register_fn = false;
    let generated = buffa_codegen::generate(&set.file, &files, &config)
        .map_err(|error| anyhow::anyhow!("buffa-codegen failed: {error}"))?;
    for file in generated {
        std::fs::write(out.join(&file.name), file.content)?;
    }
    Ok(())
}
