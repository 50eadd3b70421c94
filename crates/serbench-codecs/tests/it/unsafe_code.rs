//! The capability table's `unsafe` column, measured: for each library of
//! the list, the `unsafe` keywords in its own crates' source and in the
//! other crates it links, in the versions `Cargo.lock` resolves, held to
//! the committed table the registry reads (`src/unsafe_code.txt`). A
//! dependency bump that changes a count fails here until the table is
//! rewritten (`SERBENCH_BLESS=1 cargo test -p serbench-codecs`).
//!
//! cargo-geiger answers the same question, but it is a cargo subcommand
//! to install, not a library; `cargo metadata` (offline, locked, for the
//! host only, so nothing is downloaded) gives the resolved graph and each
//! crate's folder, and proc-macro2's lexer finds the keyword without the
//! comments and strings around it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};
use serbench_codecs::capabilities::{
    UNSAFE_CODE, UNSAFE_CODE_HEADER, unsafe_code, unsafe_code_line,
};
use serbench_results::UnsafeCode;
use serde_json::Value;

use crate::root;

/// One package of the resolved graph.
struct Package {
    name: String,
    version: String,
    repository: Option<String>,
    /// The folder of its library target's root file.
    folder: PathBuf,
    /// Its library root file.
    root_file: PathBuf,
    /// A workspace member (no registry source).
    local: bool,
    /// A procedural macro: it runs in the compiler, and what it writes is
    /// linked, so its own source counts and its dependencies do not.
    proc_macro: bool,
    /// What it links: its normal dependencies (derives included, build
    /// dependencies not: they run at build time only). A workspace crate's
    /// optional ones are left out: its features beyond the datasets
    /// (`document`, `evolution`) serve serbench's own tools, and a user of
    /// the codec crate links none of them.
    links: Vec<String>,
}

/// The workspace's resolved graph for the host, by package id.
fn graph() -> BTreeMap<String, Package> {
    let host = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .arg("-vV")
        .output()
        .expect("run rustc -vV");
    let host = String::from_utf8_lossy(&host.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: ").map(str::to_owned))
        .expect("rustc -vV names the host");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .args(["--filter-platform", &host])
        .current_dir(root())
        .output()
        .expect("run cargo metadata");
    assert!(
        output.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
    let mut links: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for node in metadata["resolve"]["nodes"]
        .as_array()
        .expect("resolve nodes")
    {
        let normal = node["deps"]
            .as_array()
            .expect("a node's deps")
            .iter()
            .filter(|dep| {
                dep["dep_kinds"]
                    .as_array()
                    .expect("dep kinds")
                    .iter()
                    .any(|kind| kind["kind"].is_null())
            })
            .map(|dep| dep["pkg"].as_str().expect("a dep's id").to_owned())
            .collect();
        links.insert(node["id"].as_str().expect("a node's id"), normal);
    }
    let mut packages = BTreeMap::new();
    for package in metadata["packages"].as_array().expect("packages") {
        let id = package["id"].as_str().expect("a package id");
        let Some(library) = package["targets"]
            .as_array()
            .expect("targets")
            .iter()
            .find(|target| {
                target["kind"].as_array().is_some_and(|kinds| {
                    kinds
                        .iter()
                        .any(|k| k == "lib" || k == "proc-macro" || k == "rlib")
                })
            })
        else {
            continue;
        };
        let root_file = PathBuf::from(library["src_path"].as_str().expect("src_path"));
        let local = package["source"].is_null();
        let optional: Vec<&str> = package["dependencies"]
            .as_array()
            .expect("a package's dependencies")
            .iter()
            .filter(|dep| local && dep["optional"].as_bool() == Some(true))
            .filter_map(|dep| dep["name"].as_str())
            .collect();
        let links = links
            .remove(id)
            .unwrap_or_default()
            .into_iter()
            .filter(|link| !optional.iter().any(|name| link_is(link, name)))
            .collect();
        packages.insert(
            id.to_owned(),
            Package {
                name: package["name"].as_str().expect("name").to_owned(),
                version: package["version"].as_str().expect("version").to_owned(),
                repository: package["repository"].as_str().map(repository),
                folder: root_file.parent().expect("a root file's folder").to_owned(),
                root_file,
                local,
                proc_macro: library["kind"]
                    .as_array()
                    .is_some_and(|kinds| kinds.iter().any(|k| k == "proc-macro")),
                links,
            },
        );
    }
    packages
}

/// Whether package id `id` (`path+file:///…#serbench-document@0.1.0`,
/// `registry+…#serde@1.0.219`, or `…#0.1.0` when the folder is the name)
/// names the package `name`.
fn link_is(id: &str, name: &str) -> bool {
    let (path, fragment) = id.rsplit_once('#').unwrap_or((id, ""));
    match fragment.split_once('@') {
        Some((package, _)) => package == name,
        None => path.rsplit('/').next() == Some(name),
    }
}

/// A repository URL without what varies in how crates spell it.
fn repository(url: &str) -> String {
    url.trim_end_matches('/')
        .trim_end_matches(".git")
        .to_ascii_lowercase()
        .replace("http://", "https://")
}

/// `unsafe` keywords in a token stream, groups included.
fn count(tokens: TokenStream) -> u64 {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(ident) => u64::from(ident == "unsafe"),
            TokenTree::Group(group) => count(group.stream()),
            TokenTree::Punct(_) | TokenTree::Literal(_) => 0,
        })
        .sum()
}

/// `unsafe` keywords in the `.rs` files under `folder`, leaving out
/// folders named `tests`, `benches` and `examples`; a file the lexer
/// cannot read fails the test, naming it.
fn count_folder(folder: &Path) -> u64 {
    let mut total = 0;
    let mut stack = vec![folder.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                // Test, bench and example code is not linked.
                if !path
                    .file_name()
                    .is_some_and(|name| ["tests", "benches", "examples"].iter().any(|n| name == *n))
                {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = crate::read(&path);
                let tokens = TokenStream::from_str(&text)
                    .unwrap_or_else(|e| panic!("{}: not Rust to the lexer: {e}", path.display()));
                total += count(tokens);
            }
        }
    }
    total
}

/// Whether a crate's root file forbids unsafe code.
fn forbids(root_file: &Path) -> bool {
    let tokens = TokenStream::from_str(&crate::read(root_file)).expect("a root file lexes");
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees.windows(3).any(|w| match w {
        [
            TokenTree::Punct(hash),
            TokenTree::Punct(bang),
            TokenTree::Group(group),
        ] => {
            hash.as_char() == '#' && bang.as_char() == '!' && {
                let inner = group.stream().to_string().replace(' ', "");
                inner.starts_with("forbid(") && inner.contains("unsafe_code")
            }
        }
        _ => false,
    })
}

/// Measures one library: the package of that name the workspace links
/// (its highest version if two are resolved), the crates it links from
/// its own repository (or workspace), and the rest. A procedural macro
/// counts, since what it writes is linked, but not what it depends on.
fn measure(graph: &BTreeMap<String, Package>, library: &str) -> UnsafeCode {
    let (id, main) = graph
        .iter()
        .filter(|(_, p)| p.name == library)
        .max_by(|(_, a), (_, b)| version_key(&a.version).cmp(&version_key(&b.version)))
        .unwrap_or_else(|| panic!("{library} is not in the resolved graph"));
    let mut seen = BTreeSet::from([id.clone()]);
    let mut stack = vec![id.clone()];
    while let Some(next) = stack.pop() {
        if graph.get(&next).is_none_or(|p| p.proc_macro) {
            continue;
        }
        for dep in &graph[&next].links {
            if graph.contains_key(dep) && seen.insert(dep.clone()) {
                stack.push(dep.clone());
            }
        }
    }
    let own = |p: &Package| {
        p.name == main.name
            || (p.local && main.local)
            || (p.repository.is_some() && p.repository == main.repository)
    };
    let mut code = UnsafeCode {
        forbidden: forbids(&main.root_file),
        ..UnsafeCode::default()
    };
    let mut packages: Vec<&Package> = seen.iter().map(|id| &graph[id]).collect();
    packages.sort_by(|a, b| (a.name != main.name, &a.name).cmp(&(b.name != main.name, &b.name)));
    for package in packages {
        let unsafe_count = count_folder(&package.folder);
        if own(package) {
            code.crates
                .push(format!("{} {}", package.name, package.version));
            code.count += unsafe_count;
        } else {
            // Two versions of one crate are named once and counted twice.
            if code.dependencies.last() != Some(&package.name) {
                code.dependencies.push(package.name.clone());
            }
            code.dependencies_count += unsafe_count;
        }
    }
    code
}

/// A version's numbers, to pick the highest of two.
fn version_key(version: &str) -> Vec<u64> {
    version
        .split(['.', '-', '+'])
        .map(|part| part.parse().unwrap_or(0))
        .collect()
}

/// Every library of the list, once, in list order.
fn libraries() -> Vec<&'static str> {
    let mut libraries: Vec<&'static str> = Vec::new();
    for info in serbench_codecs::codecs() {
        if !libraries.contains(&info.library) {
            libraries.push(info.library);
        }
    }
    libraries
}

#[test]
fn unsafe_counts_are_the_committed_ones() {
    let graph = graph();
    let mut table = String::from(UNSAFE_CODE_HEADER);
    for library in libraries() {
        table.push_str(&unsafe_code_line(library, &measure(&graph, library)));
        table.push('\n');
    }
    let path = root().join("crates/serbench-codecs/src/unsafe_code.txt");
    if std::env::var_os("SERBENCH_BLESS").is_some() {
        std::fs::write(&path, &table).expect("write the table");
        return;
    }
    let changed: Vec<&str> = table
        .lines()
        .filter(|line| !UNSAFE_CODE.lines().any(|c| c == *line))
        .collect();
    assert!(
        changed.is_empty() && table.lines().count() == UNSAFE_CODE.lines().count(),
        "unsafe counts changed (rewrite {} with SERBENCH_BLESS=1 if on purpose):\n{}",
        path.display(),
        changed.join("\n")
    );
}

#[test]
fn every_library_has_a_line_that_reads_back() {
    for library in libraries() {
        let code = unsafe_code(library)
            .unwrap_or_else(|| panic!("{library} has no line in src/unsafe_code.txt"));
        assert_eq!(
            unsafe_code_line(library, &code).as_str(),
            UNSAFE_CODE
                .lines()
                .find(|line| line.starts_with(&format!("{library} |")))
                .expect("its line")
        );
        assert!(code.crates[0].starts_with(library), "{:?}", code.crates);
    }
}

#[test]
fn the_lexer_counts_code_not_comments_or_strings() {
    let text = "// unsafe\n/// unsafe\nfn f() { let s = \"unsafe\"; unsafe { g() } }\n\
                macro_rules! m { () => { unsafe fn h() {} } }\nunsafe impl Send for X {}";
    assert_eq!(count(TokenStream::from_str(text).unwrap()), 3);
    let folder = std::env::temp_dir().join(format!("serbench-unsafe-{}", std::process::id()));
    std::fs::create_dir_all(folder.join("inner")).unwrap();
    std::fs::write(folder.join("lib.rs"), "#![forbid(unsafe_code)]\nmod inner;").unwrap();
    std::fs::write(folder.join("inner/mod.rs"), text).unwrap();
    assert_eq!(count_folder(&folder), 3);
    assert!(forbids(&folder.join("lib.rs")));
    assert!(!forbids(&folder.join("inner/mod.rs")));
    std::fs::remove_dir_all(&folder).unwrap();
}
