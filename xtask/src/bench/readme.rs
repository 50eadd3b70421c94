//! `--readme`: the README's results block and `docs/results/` rewritten
//! from a run, their text as [`serbench_report::readme`] writes it.

use std::path::Path;

use anyhow::Context;
use serbench_report::Chart;
use serbench_report::readme::{self, DOCS, HEADLINE};
use serbench_results::Report;

/// Rewrites the README's results block and `docs/results/` from this run,
/// whose charts were written into `out`.
pub(crate) fn update(
    root: &Path,
    out: &Path,
    results: &Report,
    charts: &[Chart],
) -> anyhow::Result<()> {
    let picture = readme::headline(results, charts)?;
    let docs = root.join(DOCS);
    let _ = std::fs::remove_dir_all(&docs);
    std::fs::create_dir_all(&docs).with_context(|| format!("cannot create {}", docs.display()))?;
    for chart in charts {
        std::fs::copy(out.join(&chart.file), docs.join(&chart.file))
            .with_context(|| format!("cannot copy {} to {}", chart.file, docs.display()))?;
    }
    std::fs::write(docs.join(HEADLINE), &picture.svg)
        .with_context(|| format!("cannot write {}", docs.join(HEADLINE).display()))?;
    std::fs::write(
        docs.join("README.md"),
        readme::full_results(results, charts),
    )
    .with_context(|| format!("cannot write {}", docs.join("README.md").display()))?;

    let readme_path = root.join("README.md");
    let text = std::fs::read_to_string(&readme_path)
        .with_context(|| format!("cannot read {}", readme_path.display()))?;
    std::fs::write(
        &readme_path,
        readme::replace_section(&text, &readme::block(results))?,
    )
    .with_context(|| format!("cannot write {}", readme_path.display()))?;
    Ok(())
}
