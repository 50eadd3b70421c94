//! Cap'n Proto: `capnp compile` with the capnpc-rust plugin (the `capnpc`
//! crate, linked in here, so only the `capnp` tool must be installed).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

/// How to get the `capnp` tool, for the error that says it is missing.
const INSTALL: &str = "install the Cap'n Proto tools 0.9: `apt-get install capnproto` on \
                       Debian 12 (bookworm), which has 0.9.2, else build 0.9.2 from \
                       https://capnproto.org/install.html";

/// The `capnp` releases whose output the committed code is. capnpc embeds
/// each schema node the tool hands it in the generated code, and 1.0 added
/// source positions to those nodes: 1.x writes code that works the same but
/// differs in those arrays, so `--check` would call the code stale.
const TOOL_RELEASES: &str = "0.9.";

/// Compiles every `*.capnp` in `root/schemas` into `out/<name>_capnp.rs`.
/// `module` is where the files live in their crate, so that their paths to
/// each other resolve (`crate::generated::graph_capnp::…`).
pub(crate) fn generate(
    root: &Path,
    schemas: &str,
    module: &[&str],
    out: &Path,
) -> anyhow::Result<()> {
    let version = match Command::new("capnp").arg("--version").output() {
        Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stdout)
            .trim()
            // "Cap'n Proto version 0.9.2"
            .rsplit(' ')
            .next()
            .unwrap_or_default()
            .to_owned(),
        Ok(output) => bail!("`capnp --version` failed ({}); {INSTALL}", output.status),
        Err(error) => bail!("cannot run `capnp` ({error}); {INSTALL}"),
    };
    if !version.starts_with(TOOL_RELEASES) {
        bail!(
            "`capnp` is version {version}, but the committed code comes from {TOOL_RELEASES}x, \
             and other releases write different schema nodes into it; {INSTALL}"
        );
    }
    let folder = root.join(schemas);
    let files = schema_files(&folder)?;
    if files.is_empty() {
        bail!("no .capnp schemas in {}", folder.display());
    }
    let mut command = capnpc::CompilerCommand::new();
    command
        .src_prefix(&folder)
        // The schemas import nothing; without the system's include folders
        // the output cannot depend on what else is installed.
        .no_standard_import()
        .output_path(out)
        .default_parent_module(module.iter().map(|&part| part.to_owned()).collect());
    for file in &files {
        command.file(file);
    }
    command.run().context("`capnp compile` failed")?;
    for file in &files {
        let stem = file
            .file_stem()
            .and_then(|stem| stem.to_str())
            .context("schema file names are UTF-8")?;
        let generated = out.join(format!("{}_capnp.rs", stem.replace('-', "_")));
        let code = std::fs::read_to_string(&generated)
            .with_context(|| format!("capnpc wrote no {}", generated.display()))?;
        std::fs::write(&generated, with_header(schemas, stem, &code))?;
    }
    Ok(())
}

/// The schemas, sorted so the compiler sees them in the same order
/// everywhere.
fn schema_files(schemas: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in
        std::fs::read_dir(schemas).with_context(|| format!("cannot read {}", schemas.display()))?
    {
        let path = entry?.path();
        if path
            .extension()
            .is_some_and(|extension| extension == "capnp")
        {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// `code` with our header on top and without the plugin's line naming the
/// installed `capnp` version: every 0.9 release writes the same code, so
/// the file must not say which one a developer happens to have.
fn with_header(schemas: &str, stem: &str, code: &str) -> String {
    let mut text = format!(
        "// Generated from {schemas}/{stem}.capnp by `cargo xtask codegen`; do not edit.\n\
         // Change the schema and run `cargo xtask codegen` to regenerate;\n\
         // `cargo xtask codegen --check` fails while this file is stale.\n"
    );
    for line in code.lines() {
        if !line.starts_with("// capnp binary version:") {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}
