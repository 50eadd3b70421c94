//! `cargo xtask new-format NAME [--type TYPE] [--wire-format FORMAT] [--library CRATE]`:
//! a new codec crate, and its one line in the registry.
//!
//! It writes `crates/serbench-NAME/` (manifest, a codec skeleton whose
//! every encode and decode is an error until written, the conformance
//! test line and an empty list of crafted hostile inputs), registers the
//! crate in `crates/serbench-codecs` (its dependency and feature in the
//! manifest, its line in `src/list.rs`) and gives it a SECURITY.md section
//! of limits and a row in each memory table, with blanks to fill in
//! (`(to fill in…)`, which a registry test refuses). No code elsewhere
//! changes: the CLI, the benches, the fuzz targets and the reports find the
//! codec through the registry. When `crates/serbench-NAME/` already exists
//! (a crate written by hand or copied), only the registration is done, and
//! the SECURITY.md skeleton when no section names the crate.
//!
//! What it cannot write, CONTRIBUTING.md's "Adding a format" lists: the
//! codec itself, its crafted inputs, the outside tester's module for a new
//! wire format (`interop/hostile/formats/`), the fuzz seeds (written from
//! the working codec), the measured figures.

use std::fs;
use std::path::Path;

use anyhow::{Context, bail, ensure};

use crate::project_root;

const USAGE: &str = "usage: cargo xtask new-format NAME [--type TYPE] \
                     [--wire-format FORMAT] [--library CRATE] (--format is an alias of \
                     --wire-format)";

/// What the registry line says of the new codec.
#[derive(Debug, PartialEq)]
pub(crate) struct NewFormat {
    /// The codec id: lowercase letters, digits and `-`.
    pub(crate) id: String,
    /// The codec type's name (default: the id in CamelCase).
    pub(crate) type_name: String,
    /// The wire format as people name it (default: the id).
    pub(crate) wire_format: String,
    /// The library timed (default: the id); its version is read from
    /// `Cargo.lock` when it is there.
    pub(crate) library: String,
}

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let new = parse(args)?;
    let root = project_root();
    let crate_dir = root.join("crates").join(format!("serbench-{}", new.id));
    // Read and edited before anything is written, so that a SECURITY.md
    // this cannot place the skeleton in stops the run with nothing changed.
    let security_path = root.join("SECURITY.md");
    let security = fs::read_to_string(&security_path)
        .with_context(|| format!("cannot read {}", security_path.display()))?;
    let documented = documented_security(&security, &new)?;
    if crate_dir.exists() {
        eprintln!(
            "new-format: {} exists; registering it only",
            crate_dir.display()
        );
    } else {
        write_crate(&crate_dir, &new)?;
        eprintln!("new-format: wrote {}", crate_dir.display());
    }
    let offers = Offers::of(&crate_dir, &new.type_name)?;
    register(&root.join("crates/serbench-codecs"), &new, offers)?;
    eprintln!(
        "new-format: registered {} in crates/serbench-codecs (Cargo.toml, src/list.rs)",
        new.id
    );
    match documented {
        Some(documented) => {
            fs::write(&security_path, documented)?;
            eprintln!("new-format: wrote its SECURITY.md section and memory rows, to fill in");
        }
        None => eprintln!("new-format: SECURITY.md has a section on it already"),
    }
    eprintln!(
        "Next (CONTRIBUTING.md, \"Adding a format\"): write the codec in {dir}/src/lib.rs and \
         its crafted inputs in tests/it/hostile.rs; fill in SECURITY.md; for a new wire \
         format, a module of bombs in interop/hostile/formats/; then \
         `cargo test --workspace` (it writes README.md's codec row) and the fuzz seeds.",
        dir = crate_dir.display(),
    );
    Ok(())
}

fn parse(args: &[String]) -> anyhow::Result<NewFormat> {
    let mut args = args.iter();
    let name = args.next().context(USAGE)?.clone();
    ensure!(
        !name.is_empty()
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
        "{name:?} is not a codec id: lowercase letters, digits and '-', starting with a letter"
    );
    let mut new = NewFormat {
        type_name: camel_case(&name),
        wire_format: name.clone(),
        library: name.clone(),
        id: name,
    };
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .with_context(|| format!("{flag} needs a value; {USAGE}"))?;
        match flag.as_str() {
            "--type" => new.type_name.clone_from(value),
            "--wire-format" | "--format" => new.wire_format.clone_from(value),
            "--library" => new.library.clone_from(value),
            other => bail!("unexpected argument {other:?}; {USAGE}"),
        }
    }
    Ok(new)
}

/// `simd-json` → `SimdJson`.
fn camel_case(name: &str) -> String {
    name.split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

/// What a codec crate offers beyond the datasets, which its list line
/// marks: a document path for `serbench measure` (a `document` feature
/// under which the codec type implements `DocumentCodec`), its library's
/// serde calls for any type (`SerdeCodec`) and its borrowed read of any
/// type (`SerdeLend`), and its library's schema
/// evolution (an `evolution` feature under which the codec type
/// implements `Evolution`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "one flag per marker of the list line"
)]
pub(crate) struct Offers {
    pub(crate) document: bool,
    pub(crate) serde: bool,
    pub(crate) lend: bool,
    pub(crate) evolution: bool,
}

impl Offers {
    /// What the crate in `dir` offers for its type `ty`, read from its
    /// manifest and sources.
    fn of(dir: &Path, ty: &str) -> anyhow::Result<Offers> {
        let manifest = fs::read_to_string(dir.join("Cargo.toml"))
            .with_context(|| format!("cannot read {}", dir.join("Cargo.toml").display()))?;
        let has_document = manifest.contains("\ndocument = [");
        let has_evolution = manifest.contains("\nevolution = [");
        if !has_document && !has_evolution {
            return Ok(Offers::default());
        }
        let mut sources = String::new();
        let mut dirs = vec![dir.join("src")];
        while let Some(next) = dirs.pop() {
            for entry in
                fs::read_dir(&next).with_context(|| format!("cannot read {}", next.display()))?
            {
                let path = entry?.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|ext| ext == "rs") {
                    sources.push_str(&fs::read_to_string(&path)?);
                }
            }
        }
        let implements = |trait_name: &str| {
            sources.contains(&format!("impl {trait_name} for {ty} "))
                || sources.contains(&format!("impl {trait_name} for crate::{ty} "))
        };
        Ok(Offers {
            document: has_document && implements("DocumentCodec"),
            serde: has_document && implements("SerdeCodec"),
            lend: has_document && implements("SerdeLend"),
            evolution: has_evolution && implements("Evolution"),
        })
    }

    /// The list line's markers, after its path.
    fn markers(self) -> String {
        [
            (self.document, ", document"),
            (self.serde, ", serde"),
            (self.lend, ", lend"),
            (self.evolution, ", evolution"),
        ]
        .iter()
        .filter(|(offered, _)| *offered)
        .map(|(_, marker)| *marker)
        .collect()
    }
}

/// Adds the codec to the registry's manifest and list.
fn register(registry: &Path, new: &NewFormat, offers: Offers) -> anyhow::Result<()> {
    let manifest_path = registry.join("Cargo.toml");
    let manifest = fs::read_to_string(&manifest_path)
        .with_context(|| format!("cannot read {}", manifest_path.display()))?;
    let list_path = registry.join("src/list.rs");
    let list = fs::read_to_string(&list_path)
        .with_context(|| format!("cannot read {}", list_path.display()))?;
    fs::write(&manifest_path, registered_manifest(&manifest, new, offers)?)?;
    fs::write(&list_path, registered_list(&list, new, offers)?)?;
    Ok(())
}

/// The registry's manifest with the codec's feature and dependency, and
/// its crate's document path and evolution in the registry's `document`
/// and `evolution` features when it has them.
pub(crate) fn registered_manifest(
    manifest: &str,
    new: &NewFormat,
    offers: Offers,
) -> anyhow::Result<String> {
    let package = format!("serbench-{}", new.id);
    ensure!(
        !manifest.contains(&format!("\"dep:{package}\"")),
        "{package} is already in the registry"
    );
    let mut out = String::with_capacity(manifest.len() + 200);
    // The feature list being read, if the codec joins it.
    let mut joining: Option<String> = None;
    for line in manifest.lines() {
        if line.starts_with("default = [") {
            joining = Some(format!("    \"{}\",", new.id));
        }
        if line.starts_with("document = [") && offers.document {
            joining = Some(format!("    \"{package}?/document\","));
        }
        if line.starts_with("evolution = [") && offers.evolution {
            joining = Some(format!("    \"{package}?/evolution\","));
        }
        if line.trim() == "]"
            && let Some(entry) = joining.take()
        {
            out.push_str(&entry);
            out.push('\n');
        }
        out.push_str(line);
        out.push('\n');
    }
    let feature = format!("{} = [\"dep:{package}\"]\n", new.id);
    let out = insert_after_last(&out, " = [\"dep:", &feature)
        .context("the registry's manifest has no codec features")?;
    let dependency = format!("{package} = {{ path = \"../{package}\", optional = true }}\n");
    insert_after_last(&out, ", optional = true }", &dependency)
        .context("the registry's manifest has no codec dependencies")
}

/// The registry's list with the codec's line before the closing brace.
pub(crate) fn registered_list(
    list: &str,
    new: &NewFormat,
    offers: Offers,
) -> anyhow::Result<String> {
    let end = list
        .rfind("\n}")
        .context("the registry's list has no closing brace")?;
    let line = format!(
        "\n    \"{id}\" => serbench_{module}::{ty}, \"{wire_format}\", \"{library}\", stock{markers};",
        id = new.id,
        module = new.id.replace('-', "_"),
        ty = new.type_name,
        wire_format = new.wire_format,
        library = new.library,
        markers = offers.markers(),
    );
    Ok(format!("{}{line}{}", &list[..end], &list[end..]))
}

/// `text` with `insert` on a line of its own after the last line holding
/// `marker`.
fn insert_after_last(text: &str, marker: &str, insert: &str) -> Option<String> {
    let at = text.rfind(marker)?;
    let line_end = text[at..].find('\n').map_or(text.len(), |end| at + end + 1);
    Some(format!(
        "{}{insert}{}",
        &text[..line_end],
        &text[line_end..]
    ))
}

/// SECURITY.md with the codec's skeleton: its section of limits last
/// before `## Memory`, a row at the end of the hostile-input and the
/// valid-input tables. `None` when a section already names the crate.
pub(crate) fn documented_security(
    security: &str,
    new: &NewFormat,
) -> anyhow::Result<Option<String>> {
    let package = format!("`serbench-{}`", new.id);
    if security
        .lines()
        .any(|line| line.starts_with("### ") && line.contains(&package))
    {
        return Ok(None);
    }
    let memory = security
        .find("\n## Memory\n")
        .context("SECURITY.md has no `## Memory` section")?
        + 1;
    let section = fill(include_str!("new_format/security.md.in"), new);
    let security = format!("{}{section}\n{}", &security[..memory], &security[memory..]);
    let hostile = format!("| {} |{}", new.wire_format, " (to fill in) |".repeat(8));
    let security = append_row(&security, "### Hostile input", &hostile)
        .context("SECURITY.md has no table under `### Hostile input`")?;
    let valid = format!("| {} | (to fill in) | (to fill in) |", new.wire_format);
    append_row(&security, "### Valid input", &valid)
        .context("SECURITY.md has no table under `### Valid input`")
        .map(Some)
}

/// `text` with `row` after the last row of the first table under the line
/// `heading`.
fn append_row(text: &str, heading: &str, row: &str) -> Option<String> {
    let section = text.find(&format!("\n{heading}\n"))?;
    let table = section + text[section..].find("\n|")? + 1;
    let end = text[table..]
        .find("\n\n")
        .map_or(text.len(), |blank| table + blank + 1);
    Some(format!("{}{row}\n{}", &text[..end], &text[end..]))
}

/// `template` with the new codec's names.
fn fill(template: &str, new: &NewFormat) -> String {
    template
        .replace("{id}", &new.id)
        .replace("{module}", &new.id.replace('-', "_"))
        .replace("{Type}", &new.type_name)
        .replace("{wire_format}", &new.wire_format)
        .replace("{library}", &new.library)
}

/// The new crate's files.
fn write_crate(dir: &Path, new: &NewFormat) -> anyhow::Result<()> {
    for (path, text) in crate_files(new) {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// The skeleton: `(path in the crate, text)`.
fn crate_files(new: &NewFormat) -> Vec<(&'static str, String)> {
    vec![
        (
            "Cargo.toml",
            fill(include_str!("new_format/Cargo.toml.in"), new),
        ),
        (
            "src/lib.rs",
            fill(include_str!("new_format/lib.rs.in"), new),
        ),
        (
            "tests/it/main.rs",
            fill(include_str!("new_format/main.rs.in"), new),
        ),
        (
            "tests/it/hostile.rs",
            fill(include_str!("new_format/hostile.rs.in"), new),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(name: &str) -> NewFormat {
        parse(&[name.to_owned()]).expect("a valid id")
    }

    #[test]
    fn names_the_type_after_the_id() {
        assert_eq!(new("simd-json").type_name, "SimdJson");
        assert!(parse(&["Bad_Name".to_owned()]).is_err());
        let flagged = parse(&["x".into(), "--wire-format".into(), "X".into()]).unwrap();
        assert_eq!(flagged.wire_format, "X");
        // `--format`, the flag's old name, is an alias.
        let aliased = parse(&["x".into(), "--format".into(), "X".into()]).unwrap();
        assert_eq!(aliased, flagged);
    }

    /// The registry as it is, with one more codec: a feature, a default,
    /// a dependency and a list line, each where its kind is.
    #[test]
    fn registers_in_the_real_registry() {
        let registry = project_root().join("crates/serbench-codecs");
        let manifest = fs::read_to_string(registry.join("Cargo.toml")).unwrap();
        let list = fs::read_to_string(registry.join("src/list.rs")).unwrap();
        let demo = new("demo-format");
        let plain = registered_manifest(&manifest, &demo, Offers::default()).unwrap();
        assert!(!plain.contains("serbench-demo-format?/document"));
        assert!(!plain.contains("serbench-demo-format?/evolution"));
        let offers = Offers {
            document: true,
            serde: false,
            lend: false,
            evolution: true,
        };
        let manifest = registered_manifest(&manifest, &demo, offers).unwrap();
        assert!(manifest.contains("    \"demo-format\",\n]"));
        assert!(manifest.contains("    \"serbench-demo-format?/document\",\n]"));
        assert!(manifest.contains("    \"serbench-demo-format?/evolution\",\n]"));
        assert!(manifest.contains("\ndemo-format = [\"dep:serbench-demo-format\"]\n"));
        assert!(manifest.contains(
            "\nserbench-demo-format = { path = \"../serbench-demo-format\", optional = true }\n"
        ));
        assert!(
            registered_manifest(&manifest, &demo, offers).is_err(),
            "registered twice"
        );
        let list = registered_list(&list, &demo, offers).unwrap();
        assert!(list.ends_with(
            "\n    \"demo-format\" => serbench_demo_format::DemoFormat, \"demo-format\", \
             \"demo-format\", stock, document, evolution;\n}\n"
        ));
    }

    /// SECURITY.md as it is, with the skeleton of one more codec: its
    /// section last among the codecs', its rows last in both memory tables,
    /// and nothing else changed. Once a section names the crate, nothing.
    #[test]
    fn documents_in_the_real_security_md() {
        let security = fs::read_to_string(project_root().join("SECURITY.md")).unwrap();
        let demo = parse(&[
            "demo-format".into(),
            "--wire-format".into(),
            "Demo".into(),
            "--library".into(),
            "demo-lib".into(),
        ])
        .unwrap();
        let documented = documented_security(&security, &demo).unwrap().unwrap();
        let section = fill(include_str!("new_format/security.md.in"), &demo);
        assert!(section.starts_with("### Demo (`serbench-demo-format`, demo-lib)\n"));
        assert!(documented.contains(&format!("\n\n{section}\n## Memory\n")));
        let hostile = format!("| Demo |{}\n", " (to fill in) |".repeat(8));
        let valid = "| Demo | (to fill in) | (to fill in) |\n";
        // Each row ends its table: a blank line follows it.
        let at = |row: &str| documented.find(&format!("|\n{row}\n")).unwrap();
        let heading = |name: &str| documented.find(&format!("\n### {name}\n")).unwrap();
        assert!(heading("Hostile input") < at(&hostile));
        assert!(at(&hostile) < heading("Valid input"));
        assert!(heading("Valid input") < at(valid));
        let undone = documented
            .replacen(&format!("{section}\n"), "", 1)
            .replacen(&hostile, "", 1)
            .replacen(valid, "", 1);
        assert_eq!(undone, security, "nothing else changed");
        assert_eq!(documented_security(&documented, &demo).unwrap(), None);
        assert_eq!(documented_security(&security, &new("json")).unwrap(), None);
    }
}
