//! `cargo xtask compare OLD.json NEW.json`: how two runs differ, pair by
//! pair, with the changes larger than the runs' own noise flagged.
//!
//! The rule is [`serbench_results::compare`]'s, the table
//! [`serbench_report::comparison`]; this reads the two files (of any
//! schema) and writes what was asked.
//!
//! With `--html OUT` it also writes the two runs side by side as a page
//! ([`serbench_report::html_comparison`]), highlighting the same changes.

use std::path::Path;

use anyhow::Context;

use crate::bench::load;

const USAGE: &str = "usage: cargo xtask compare OLD.json NEW.json [--html OUT.html]";

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let (old, new, html) = match args {
        [old, new] => (old, new, None),
        [old, new, flag, out] if flag == "--html" => (old, new, Some(Path::new(out))),
        _ => anyhow::bail!(USAGE),
    };
    let (old, new) = (load(Path::new(old))?, load(Path::new(new))?);
    print!(
        "{}",
        serbench_report::comparison(&old.results, &new.results)
    );
    if let Some(out) = html {
        std::fs::write(out, serbench_report::html_comparison(&old, &new))
            .with_context(|| format!("cannot write {}", out.display()))?;
        eprintln!("compare: wrote {}", out.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::load;

    /// A `results.json` of schema 2 (flat `<op><figure>` keys, written
    /// before the nested layout) still compares: against itself every
    /// figure is unchanged.
    #[test]
    fn compares_a_schema_2_file() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/results-schema2.json");
        let old = load(&path).unwrap();
        assert_eq!(old.results.len(), 2);
        assert!(old.results[0].safety.is_some() && old.results[1].safety.is_none());
        let text = serbench_report::comparison(&old.results, &old.results);
        assert!(text.contains("0 change(s)"), "{text}");
        assert!(text.contains("6 of 6 figures"), "{text}");
        let page = serbench_report::html_comparison(&old, &old);
        assert!(page.contains("data-page=\"compare\""));
    }
}
