//! Tidy rules over the workspace's Rust sources and manifests.
//!
//! - Only the registry names codec crates: the CLI, the benches, the fuzz
//!   crate and the xtask reach codecs through it, so a new codec edits no
//!   file outside it. (A codec crate may name itself in its own docs and
//!   tests; the xtask's code generation names the crates whose generated
//!   code it refreshes.)
//! - Only the model branches on a dataset's id or unit: a fact code
//!   branches on is an item of `Dataset` (`DAMAGED_SIZE`, not a match on
//!   `SIZE_UNIT`). The rule reads tokens, so a match arm is caught as
//!   surely as an `==`. (The Python outside readers in `interop/` decode each
//!   dataset's layout on their own, which is their job, and are not held
//!   to this.)

use std::path::{Path, PathBuf};

use crate::{codec_crates, read, root};

/// The Rust sources and manifests under `dir`, skipping build output.
fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | ".git" | "corpus" | "artifacts") {
                files(&path, found);
            }
        } else if is_rust(&path) || name == "Cargo.toml" {
            found.push(path);
        }
    }
}

fn is_rust(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "rs")
}

fn workspace_files() -> Vec<PathBuf> {
    let mut found = Vec::new();
    files(&root(), &mut found);
    found
}

/// The path relative to the root, with `/` separators.
fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The lines of `text` that are code, not comments.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim_start();
            !line.starts_with("//") && !line.starts_with('#')
        })
        .map(|(index, line)| (index + 1, line))
}

#[test]
fn only_the_registry_names_codec_crates() {
    let crates = codec_crates();
    assert!(
        crates.len() >= 8,
        "the registry's manifest lists {crates:?}"
    );
    let mut offences = Vec::new();
    for path in workspace_files() {
        let file = relative(&path);
        // The QDataStream codec's library is its own crate.
        let allowed = file.starts_with("crates/serbench-codecs/")
            || file.starts_with("xtask/codegen/")
            || crates
                .iter()
                .any(|name| file.starts_with(&format!("crates/{name}/")));
        if allowed {
            continue;
        }
        let text = read(&path);
        for (line, code) in code_lines(&text) {
            for name in &crates {
                let path_name = format!("{}::", name.replace('-', "_"));
                if code.contains(&format!("\"{name}\""))
                    || code.contains(&format!("{name} ="))
                    || code.contains(&format!("{name}."))
                    || code.contains(&format!("../{name}"))
                    || code.contains(&path_name)
                {
                    offences.push(format!("{file}:{line}: {code}"));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "codec crates named outside the registry (use serbench-codecs instead):\n{}",
        offences.join("\n")
    );
}

/// What the tidy rule looks for, from the model's own list: each
/// dataset's type name, and its id and unit as string literals.
struct DatasetFacts {
    types: Vec<&'static str>,
    strings: Vec<&'static str>,
}

fn dataset_facts() -> DatasetFacts {
    macro_rules! facts {
        ($($dataset:path),* $(,)?) => {
            DatasetFacts {
                types: vec![$(short_type_name::<$dataset>()),*],
                strings: [$(
                    <$dataset as serbench_model::Dataset>::NAME,
                    <$dataset as serbench_model::Dataset>::SIZE_UNIT,
                )*]
                .into_iter()
                .filter(|text| !text.is_empty())
                .collect(),
            }
        };
    }
    serbench_model::for_each_dataset!(facts)
}

fn short_type_name<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    name.rsplit("::").next().unwrap_or(name)
}

/// A token of Rust source: enough of the lexer to tell code from
/// comments and strings.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    /// A string or byte-string literal's contents, escapes left as written.
    Str(String),
    Punct(&'static str),
    /// Any other character: numbers, char literals, lifetimes.
    Other,
}

/// The tokens of `source` with their line numbers; comments are dropped.
fn tokens(source: &str) -> Vec<(usize, Token)> {
    const PUNCTS: [&str; 16] = [
        "=>", "==", "!=", "::", "||", "|", "(", ")", "{", "}", ",", "!", "=", ";", "[", "]",
    ];
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let (mut at, mut line) = (0, 1);
    while at < chars.len() {
        let c = chars[at];
        let rest: String = chars[at..chars.len().min(at + 3)].iter().collect();
        if c == '\n' {
            line += 1;
            at += 1;
        } else if c.is_whitespace() {
            at += 1;
        } else if rest.starts_with("//") {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            while at < chars.len() {
                if chars[at..].starts_with(&['/', '*']) {
                    depth += 1;
                    at += 2;
                } else if chars[at..].starts_with(&['*', '/']) {
                    depth -= 1;
                    at += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[at] == '\n');
                    at += 1;
                }
            }
        } else if let Some((text, len)) = string_literal(&chars[at..]) {
            line += text.matches('\n').count();
            out.push((line, Token::Str(text)));
            at += len;
        } else if c == '\'' {
            // A char literal ('x', '\n') or a lifetime ('a).
            let close = if chars.get(at + 1) == Some(&'\\') {
                chars[at + 2..]
                    .iter()
                    .position(|&c| c == '\'')
                    .map(|p| p + 3)
            } else if chars.get(at + 2) == Some(&'\'') {
                Some(3)
            } else {
                None
            };
            out.push((line, Token::Other));
            at += close.unwrap_or(1);
        } else if c.is_alphanumeric() || c == '_' {
            let start = at;
            while at < chars.len() && (chars[at].is_alphanumeric() || chars[at] == '_') {
                at += 1;
            }
            let word: String = chars[start..at].iter().collect();
            let token = if c.is_ascii_digit() {
                Token::Other
            } else {
                Token::Ident(word)
            };
            out.push((line, token));
        } else if let Some(punct) = PUNCTS.iter().find(|punct| rest.starts_with(**punct)) {
            out.push((line, Token::Punct(punct)));
            at += punct.len();
        } else {
            out.push((line, Token::Other));
            at += 1;
        }
    }
    out
}

/// A string literal starting at `chars[0]` (`"…"`, `b"…"`, `r#"…"#`,
/// `br"…"`): its contents and its length in chars.
fn string_literal(chars: &[char]) -> Option<(String, usize)> {
    let mut at = usize::from(chars.first() == Some(&'b'));
    let raw = chars.get(at) == Some(&'r');
    at += usize::from(raw);
    let hashes = chars[at..].iter().take_while(|&&c| c == '#').count();
    if (!raw && hashes > 0) || chars.get(at + hashes) != Some(&'"') {
        return None;
    }
    at += hashes + 1;
    let start = at;
    while at < chars.len() {
        if !raw && chars[at] == '\\' {
            at += 2;
        } else if chars[at] == '"' && chars[at + 1..].iter().take(hashes).all(|&c| c == '#') {
            let text = chars[start..at].iter().collect();
            return Some((text, at + 1 + hashes));
        } else {
            at += 1;
        }
    }
    None
}

/// The lines of `source` where code branches on a dataset's id or unit,
/// each with the literal or item it branches on:
/// such a string literal as a match pattern (`"tasks" =>`, `"a" | "b"`,
/// in `matches!`, after `if let`) or compared (`==`, `!=`, `.eq(…)`), or
/// a dataset's `NAME` or any `SIZE_UNIT` as what a `match` or `matches!`
/// looks at or compared.
fn branches_on_dataset_facts(source: &str, facts: &DatasetFacts) -> Vec<(usize, String)> {
    let tokens = tokens(source);
    let punct = |at: Option<usize>, punct: &'static str| {
        at.and_then(|at| tokens.get(at))
            .is_some_and(|(_, token)| *token == Token::Punct(punct))
    };
    let ident = |at: Option<usize>, name: &str| {
        at.and_then(|at| tokens.get(at))
            .is_some_and(|(_, token)| matches!(token, Token::Ident(word) if word == name))
    };
    let fact = |at: usize| match &tokens[at].1 {
        Token::Str(text) => facts.strings.contains(&text.as_str()),
        Token::Ident(word) if word == "SIZE_UNIT" => true,
        Token::Ident(word) if word == "NAME" => {
            let owner = at.checked_sub(2).map(|at| &tokens[at].1);
            punct(at.checked_sub(1), "::")
                && matches!(owner, Some(Token::Ident(ty)) if facts.types.contains(&ty.as_str()))
        }
        _ => false,
    };
    // The spans a `match` or `matches!` looks at: from the keyword to the
    // `{` of its arms, or the whole `matches!(…)`.
    let mut scrutinised = vec![false; tokens.len()];
    for (at, (_, token)) in tokens.iter().enumerate() {
        let is_matches = *token == Token::Ident("matches".to_owned()) && punct(Some(at + 1), "!");
        if *token != Token::Ident("match".to_owned()) && !is_matches {
            continue;
        }
        let mut depth = 0usize;
        for (next, (_, inner)) in tokens.iter().enumerate().skip(at + 1) {
            match inner {
                Token::Punct("(" | "[") => depth += 1,
                Token::Punct(")" | "]") if depth <= 1 && is_matches => break,
                Token::Punct(")" | "]") => depth = depth.saturating_sub(1),
                Token::Punct("{") if depth == 0 => break,
                _ => scrutinised[next] = true,
            }
        }
    }
    let mut found = Vec::new();
    for (at, (line, token)) in tokens.iter().enumerate() {
        if !fact(at) {
            continue;
        }
        // What comes before a path (`Graph::SIZE_UNIT`) is before its start.
        let mut start = at;
        while start >= 2
            && punct(Some(start - 1), "::")
            && matches!(tokens[start - 2].1, Token::Ident(_))
        {
            start -= 2;
        }
        let before = start.checked_sub(1);
        let after = Some(at + 1);
        let compared = ["==", "!="]
            .into_iter()
            .any(|op| punct(before, op) || punct(after, op))
            || (punct(before, "(")
                && (ident(at.checked_sub(2), "eq") || ident(at.checked_sub(2), "ne")));
        let pattern = matches!(token, Token::Str(_))
            && (punct(after, "=>")
                || punct(after, "|")
                || (punct(before, "|")
                    && at
                        .checked_sub(2)
                        .is_some_and(|at| matches!(tokens[at].1, Token::Str(_))))
                || ident(after, "if")
                || ident(before, "let"));
        if compared || pattern || scrutinised[at] {
            let what = match token {
                Token::Str(text) | Token::Ident(text) => text.clone(),
                Token::Punct(_) | Token::Other => String::new(),
            };
            found.push((*line, what));
        }
    }
    found.dedup();
    found
}

/// Literals that are a dataset's id by coincidence, where code branches on
/// them: the file, the literal, and what it is there.
const COINCIDENCES: [(&str, &str, &str); 2] = [
    (
        "crates/serbench-xml/src/media.rs",
        "media",
        "the name of MediaContent's `<media>` element, as the reader meets it",
    ),
    (
        "crates/serbench-xml/src/log.rs",
        "log",
        "the name of each access record's `<log>` element, as the reader meets it",
    ),
];

#[test]
fn only_the_model_branches_on_dataset_names() {
    let facts = dataset_facts();
    let mut offences = Vec::new();
    for path in workspace_files() {
        let file = relative(&path);
        if file.starts_with("crates/serbench-model/") || !is_rust(&path) {
            continue;
        }
        let text = read(&path);
        let lines: Vec<&str> = text.lines().collect();
        for (line, what) in branches_on_dataset_facts(&text, &facts) {
            let coincidence = COINCIDENCES
                .iter()
                .any(|&(path, literal, _)| path == file && literal == what);
            if coincidence {
                continue;
            }
            let code = lines.get(line - 1).map_or("", |code| code.trim());
            offences.push(format!("{file}:{line}: {code}"));
        }
    }
    assert!(
        offences.is_empty(),
        "code outside the model branches on a dataset's id or unit (make the fact a `Dataset` \
         item):\n{}",
        offences.join("\n")
    );
}

/// The rule catches what it is for, including the kit's size match this
/// rule was written after, and passes what only names a dataset.
#[test]
fn the_dataset_rule_sees_branches_not_mentions() {
    let facts = dataset_facts();
    let caught = [
        r#"match D::SIZE_UNIT {
            "tasks" => 40,
            "nodes" => 6,
            _ => 3,
        }"#,
        r#"let quick = if D::NAME == "graph" { 6 } else { 3 };"#,
        r#"if "telemetry" != name { return; }"#,
        r#"let small = matches!(D::SIZE_UNIT, "messages");"#,
        r#"match name { "records" | "media" => fixed(), _ => sized() }"#,
        r#"if let "task-manager" = id { headline() }"#,
        r#"if id.eq("media") { fixed() }"#,
        "if unit == Graph::SIZE_UNIT { nodes() }",
        "let same = TaskManager::NAME != other;",
        "match TaskManager::NAME { x => x }",
    ];
    for code in caught {
        assert!(
            !branches_on_dataset_facts(code, &facts).is_empty(),
            "not caught: {code}"
        );
    }
    let passed = [
        r#"println!("{} {}", D::NAME, D::SIZE_UNIT);"#,
        r#"let ids = ["task-manager", "graph"];"#,
        r#"// match D::SIZE_UNIT { "tasks" => 40 }"#,
        r#"let doc = "match D::SIZE_UNIT { \"tasks\" => 40 }";"#,
        "assert_eq!(error.codec(), C::NAME);",
        "if error.codec() != C::NAME { fail() }",
        r#"let label = format!("{} tasks", n);"#,
        "let raw = r#\"x == \"graph\"\"#;",
        r#"let c = '"'; let graph = "graph"; let media = |_| "media";"#,
    ];
    for code in passed {
        assert!(
            branches_on_dataset_facts(code, &facts).is_empty(),
            "caught: {code}"
        );
    }
}
