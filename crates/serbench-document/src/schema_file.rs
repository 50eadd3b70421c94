//! A user's schema file (`--schema FILE.proto`, `--avsc FILE`) read as
//! text within bounds, before any schema compiler sees it: a size that
//! the schema and the files it imports share, UTF-8, and a nesting depth
//! no parser recurses past.

use std::io::Read as _;
use std::path::Path;

use serbench_model::{Error, ErrorKind, excerpt};

use crate::codec::DOCUMENT;

/// The largest schema file (`--schema`, `--avsc`) read, in bytes: far
/// above a hand-written schema, and a bound on what a schema compiler
/// holds for one.
pub const MAX_SCHEMA_BYTES: u64 = 1024 * 1024;

/// The deepest nesting of brackets, braces, parentheses and angle
/// brackets a schema file may have, so that no schema parser recurses
/// further (protox's option values have no limit of their own).
pub const MAX_SCHEMA_DEPTH: usize = 128;

/// A user's schema file as text, once it is at most [`MAX_SCHEMA_BYTES`]
/// (read no further, so `/dev/zero` is refused at once), UTF-8, and
/// nests at most [`MAX_SCHEMA_DEPTH`] levels.
///
/// # Errors
///
/// Which bound the file passed ([`ErrorKind::Limit`], or
/// [`ErrorKind::Syntax`] for text that is not UTF-8, at the byte), or why
/// it could not be read, naming it, as an error of `codec` (its id).
pub fn schema_text(codec: &'static str, path: &Path) -> Result<String, Error> {
    schema_text_within(codec, path, MAX_SCHEMA_BYTES)
}

/// [`schema_text`] for a file that may take at most `left` of the
/// [`MAX_SCHEMA_BYTES`] a schema and the files it imports share.
///
/// # Errors
///
/// As [`schema_text`]'s, the size naming the shared budget once part of
/// it is spent.
pub fn schema_text_within(codec: &'static str, path: &Path, left: u64) -> Result<String, Error> {
    let path_text = path.to_string_lossy();
    // A bound names the file by its name alone, which a long path would
    // crowd out of the message; a file that cannot be read, by its path.
    let name_text = path.file_name().unwrap_or_default().to_string_lossy();
    let shown = excerpt::shown_name(&name_text);
    let error = |kind, message: String| Error::named(kind, codec, DOCUMENT, message);
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(left.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(|cause| {
            let message = format!("cannot read {}: {cause}", excerpt::shown_name(&path_text));
            error(ErrorKind::Invalid, message).with_source(cause)
        })?;
    if bytes.len() as u64 > left {
        let message = if left == MAX_SCHEMA_BYTES {
            format!(
                "{shown}: larger than the {} MiB a schema may be",
                MAX_SCHEMA_BYTES >> 20
            )
        } else {
            format!(
                "{shown}: takes the schema and its imports past the {} MiB they share",
                MAX_SCHEMA_BYTES >> 20
            )
        };
        return Err(error(ErrorKind::Limit, message));
    }
    let text = String::from_utf8(bytes).map_err(|cause| {
        let at = cause.utf8_error().valid_up_to();
        error(ErrorKind::Syntax, format!("{shown}: not UTF-8"))
            .at_offset(at)
            .with_source(cause)
    })?;
    schema_depth(&text).map_err(|at| {
        error(
            ErrorKind::Limit,
            format!("{shown}: nesting deeper than {MAX_SCHEMA_DEPTH} levels"),
        )
        .at_offset(at)
    })?;
    Ok(text)
}

/// Where `text` first nests past [`MAX_SCHEMA_DEPTH`], if it does:
/// brackets of every kind counted alike, those in strings and comments
/// (`"…"`, `'…'`, `//…`, `/*…*/`) skipped.
fn schema_depth(text: &str) -> Result<(), usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'"' | b'\'' => {
                at += 1;
                while let Some(&c) = bytes.get(at) {
                    at += if c == b'\\' { 2 } else { 1 };
                    if c == b {
                        break;
                    }
                }
                continue;
            }
            b'/' if bytes.get(at + 1) == Some(&b'/') => {
                at = bytes[at..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(bytes.len(), |n| at + n);
                continue;
            }
            b'/' if bytes.get(at + 1) == Some(&b'*') => {
                at = text[at + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| at + n + 4);
                continue;
            }
            b'{' | b'[' | b'(' | b'<' => {
                depth += 1;
                if depth > MAX_SCHEMA_DEPTH {
                    return Err(at);
                }
            }
            b'}' | b']' | b')' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_files_are_capped_and_their_nesting_bounded() {
        let dir = std::env::temp_dir().join(format!("serbench-schema-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let deep = format!(
            "option (o) = {}{};",
            "{a:".repeat(100_000),
            "}".repeat(100_000)
        );
        let found = schema_text("demo", &write("deep.proto", deep.as_bytes())).unwrap_err();
        assert_eq!(found.kind(), ErrorKind::Limit);
        assert_eq!(found.position().offset(), Some(13 + 3 * 128));
        assert!(
            found.message().contains("deeper than 128 levels"),
            "{found}"
        );
        let big = vec![b' '; MAX_SCHEMA_BYTES as usize + 1];
        let found = schema_text("demo", &write("big.avsc", &big)).unwrap_err();
        assert_eq!(found.kind(), ErrorKind::Limit);
        assert!(found.message().contains("larger than the 1 MiB"), "{found}");
        #[cfg(unix)]
        {
            let found = schema_text("demo", Path::new("/dev/zero")).unwrap_err();
            assert_eq!(found.kind(), ErrorKind::Limit);
        }
        let found = schema_text("demo", &write("latin1.proto", b"// caf\xe9")).unwrap_err();
        assert_eq!(found.kind(), ErrorKind::Syntax);
        assert_eq!(found.position().offset(), Some(6));
        // Brackets in strings and comments are not nesting.
        let quoted = format!(
            "// {}\n/* {} */ message M {{ string s = 1 [default = \"{}\"]; }}",
            "{".repeat(500),
            "[".repeat(500),
            "<".repeat(500)
        );
        assert!(schema_text("demo", &write("quoted.proto", quoted.as_bytes())).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
