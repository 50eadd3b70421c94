//! Same data, same bytes: on rust_serialization_benchmark's (RSB) four
//! datasets, which the model generates to RSB's very values, every codec
//! whose library RSB also times writes as many bytes as RSB publishes for
//! it (docs/rsb/published.json), or README.md's "Sizes against RSB" says
//! why not, in one line per codec and dataset; and no line there is stale.

use std::collections::BTreeSet;

use serbench_codecs::{Carried, Info, PairJob};
use serbench_model::{Codec, Error, Logs, Mesh, Players, Updates};
use serbench_report::rsb::Published;

use crate::{read, root};

/// The README's section of reasons, up to the next heading.
const SECTION: &str = "### Sizes against RSB";

/// The length of a codec's encoding of the dataset at RSB's count.
struct Length;

impl<D: Carried> PairJob<D> for Length {
    type Output = Result<usize, Error>;

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> Self::Output {
        let value = D::workload(D::DEFAULT_SIZE).remove(0);
        Ok(C::to_vec(&value)?.len())
    }
}

/// `(codec, dataset)` of every line `- \`codec\` on \`dataset\`: reason`
/// in the README's section.
fn explained() -> BTreeSet<(String, String)> {
    let readme = read(&root().join("README.md"));
    let (_, section) = readme
        .split_once(&format!("\n{SECTION}\n"))
        .unwrap_or_else(|| panic!("README.md has no section {SECTION:?}"));
    let section = section.split("\n#").next().unwrap_or_default();
    section
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("- `")?;
            let (codec, rest) = rest.split_once("` on `")?;
            let (dataset, reason) = rest.split_once("`: ")?;
            assert!(
                !reason.trim().is_empty(),
                "README.md's {SECTION}: {codec} on {dataset} gives no reason"
            );
            Some((codec.to_owned(), dataset.to_owned()))
        })
        .collect()
}

/// Each codec's length against RSB's size for its library, where RSB has
/// one: `(codec, dataset, ours, RSB's)`.
fn sizes<D: Carried>(published: &Published) -> Vec<(String, String, usize, u64)> {
    let rows = published
        .datasets
        .get(D::NAME)
        .unwrap_or_else(|| panic!("docs/rsb/published.json has no dataset {}", D::NAME));
    serbench_codecs::codecs()
        .iter()
        .filter_map(|info| {
            let theirs = rows
                .iter()
                .find(|row| row.library == info.library && row.variant.is_none())?
                .size?;
            let ours = serbench_codecs::run::<D, _>(info.id, Length)
                .expect("a listed codec")
                .unwrap_or_else(|error| panic!("{} cannot encode {}: {error}", info.id, D::NAME));
            Some((info.id.to_owned(), D::NAME.to_owned(), ours, theirs))
        })
        .collect()
}

#[test]
fn every_size_equals_rsbs_or_the_readme_says_why() {
    let path = root().join("docs/rsb/published.json");
    let published: Published = serde_json::from_str(&read(&path))
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let sizes = [
        sizes::<Logs>(&published),
        sizes::<Mesh>(&published),
        sizes::<Players>(&published),
        sizes::<Updates>(&published),
    ]
    .concat();
    let explained = explained();
    let mut problems = Vec::new();
    let mut differing = BTreeSet::new();
    for (codec, dataset, ours, theirs) in &sizes {
        let key = (codec.clone(), dataset.clone());
        if *ours as u64 == *theirs {
            if explained.contains(&key) {
                problems.push(format!(
                    "{codec} on {dataset}: {ours} bytes, equal to RSB's, yet README.md explains \
                     a difference"
                ));
            }
        } else {
            differing.insert(key.clone());
            if !explained.contains(&key) {
                problems.push(format!(
                    "{codec} on {dataset}: {ours} bytes against RSB's {theirs}, and README.md's \
                     {SECTION} says nothing of it"
                ));
            }
        }
    }
    let compared: BTreeSet<_> = sizes
        .iter()
        .map(|(codec, dataset, ..)| (codec.clone(), dataset.clone()))
        .collect();
    for (codec, dataset) in explained.difference(&compared) {
        problems.push(format!(
            "README.md's {SECTION} explains {codec} on {dataset}, which RSB does not time"
        ));
    }
    let equal = sizes.len() - differing.len();
    println!(
        "{equal} sizes equal RSB's, {} differ with a reason",
        differing.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
