//! serbench's run held against rust_serialization_benchmark's (RSB)
//! published figures, on the datasets both measure (RSB's four, which the
//! model reproduces value for value): `docs/rsb-comparison.md`.
//!
//! A record and an RSB figure join on the dataset's name and the library's
//! (serbench's `library` is the crate's name, which is RSB's feature name
//! for every library both time). Sizes compare as bytes: the same data in
//! the same library's encoding has the same length, so a difference is a
//! design difference or a bug. Times compare only within each project: a
//! row's time over the fastest of the libraries both time, in each, so the
//! two machines never meet in one ratio.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serbench_model::grouped;
use serbench_results::{Op, Record, Report, units};
use serde::Deserialize;

/// What `docs/rsb/published.json` holds (written by `docs/rsb/extract.py`).
#[derive(Clone, Debug, Deserialize)]
pub struct Published {
    /// Where the figures come from.
    pub source: Source,
    /// Per dataset, a row per library and variant.
    pub datasets: BTreeMap<String, Vec<Sizes>>,
    /// Per dataset, a row per library.
    pub times: BTreeMap<String, Vec<Times>>,
}

/// The results file the figures were extracted from.
#[derive(Clone, Debug, Deserialize)]
pub struct Source {
    /// RSB's repository.
    pub repository: String,
    /// The commit the file was read at.
    pub commit: String,
    /// The file, in that repository.
    pub file: String,
    /// The compiler of RSB's run.
    pub rustc: String,
}

/// One library's (or variant's) encoded sizes on one dataset.
#[derive(Clone, Debug, Deserialize)]
pub struct Sizes {
    /// RSB's name of the library.
    pub library: String,
    /// `None` for the library's primary encoding.
    pub variant: Option<String>,
    /// Encoded bytes.
    pub size: Option<u64>,
}

/// One library's times on one dataset, in nanoseconds on RSB's machine.
#[derive(Clone, Debug, Deserialize)]
pub struct Times {
    /// RSB's name of the library.
    pub library: String,
    /// Encoding.
    pub serialize: Option<Figure>,
    /// Decoding to owned values.
    pub deserialize: Option<Figure>,
    /// Decoding with text borrowed from the input.
    pub borrow: Option<Figure>,
}

/// A bench's figure: its primary value, or named variants, or both.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Figure {
    /// The figure without a variant.
    pub primary: Option<f64>,
    /// The figures of named ways to do the same.
    #[serde(default)]
    pub variants: BTreeMap<String, f64>,
}

/// The variants that do what serbench's row does, in order of preference,
/// where RSB publishes no primary figure: serbench encodes from the model's
/// values and decodes into them, so prost's `populate + encode` and
/// `decode + convert` are its encode and decode; rkyv's and flatbuffers'
/// `validated upfront with error` are its validated decode. Any other
/// library's variants count by their fastest.
const PREFERRED: [&str; 3] = [
    "populate + encode",
    "decode + convert",
    "validated upfront with error",
];

impl Figure {
    /// The figure that compares with serbench's row, and the variant it
    /// is (`None` for the primary).
    fn chosen(&self) -> Option<(f64, Option<&str>)> {
        if let Some(primary) = self.primary {
            return Some((primary, None));
        }
        PREFERRED
            .iter()
            .find_map(|name| {
                self.variants
                    .get_key_value(*name)
                    .map(|(name, ns)| (*ns, Some(name.as_str())))
            })
            .or_else(|| {
                self.variants
                    .iter()
                    .min_by(|a, b| a.1.total_cmp(b.1))
                    .map(|(name, ns)| (*ns, Some(name.as_str())))
            })
    }
}

/// The three operations both projects time, serbench's name first.
const OPS: [(Op, &str); 3] = [
    (Op::Encode, "serialize"),
    (Op::Decode, "deserialize"),
    (Op::Borrow, "borrow"),
];

impl Times {
    fn get(&self, bench: &str) -> Option<&Figure> {
        match bench {
            "serialize" => self.serialize.as_ref(),
            "deserialize" => self.deserialize.as_ref(),
            _ => self.borrow.as_ref(),
        }
    }
}

/// One codec's row on one dataset, joined with its library's RSB figures.
struct Joined<'a> {
    record: &'a Record,
    sizes: Option<&'a Sizes>,
    times: Option<&'a Times>,
}

/// The rows of `dataset` whose library RSB times, in the run's order.
fn joined<'a>(results: &'a Report, published: &'a Published, dataset: &str) -> Vec<Joined<'a>> {
    let sizes = published.datasets.get(dataset);
    let times = published.times.get(dataset);
    results
        .results
        .iter()
        .filter(|record| record.dataset == dataset && record.ok)
        .filter_map(|record| {
            let sizes = sizes.and_then(|rows| {
                rows.iter()
                    .find(|row| row.library == record.library && row.variant.is_none())
            });
            let times =
                times.and_then(|rows| rows.iter().find(|row| row.library == record.library));
            (sizes.is_some() || times.is_some()).then_some(Joined {
                record,
                sizes,
                times,
            })
        })
        .collect()
}

/// Each value over the smallest of them, by key; `None` where a key has no
/// value.
fn over_fastest<K: Ord + Clone>(values: &[(K, Option<f64>)]) -> BTreeMap<K, f64> {
    let fastest = values
        .iter()
        .filter_map(|(_, value)| *value)
        .filter(|value| *value > 0.0)
        .min_by(f64::total_cmp);
    values
        .iter()
        .filter_map(|(key, value)| Some((key.clone(), (*value)? / fastest?)))
        .collect()
}

/// Each key's place (1 for the fastest) among those with a value.
fn ranks<K: Ord + Clone>(ratios: &BTreeMap<K, f64>) -> BTreeMap<K, usize> {
    let mut order: Vec<(&K, &f64)> = ratios.iter().collect();
    order.sort_by(|a, b| a.1.total_cmp(b.1));
    order
        .into_iter()
        .enumerate()
        .map(|(place, (key, _))| (key.clone(), place + 1))
        .collect()
}

/// How far two places may be apart before the page marks them: the
/// neighbours of a close race swap places between any two runs.
const PLACES_APART: usize = 3;

/// The page: per dataset both measured, every joined codec's size beside
/// RSB's, then each operation's time over the fastest, in each project,
/// with the places marked where they are more than `PLACES_APART`
/// apart. `None` when the run has none of RSB's datasets.
#[must_use]
pub fn page(results: &Report, published: &Published) -> Option<String> {
    let datasets: Vec<&String> = published
        .datasets
        .keys()
        .filter(|dataset| results.results.iter().any(|r| &r.dataset == *dataset))
        .collect();
    if datasets.is_empty() {
        return None;
    }
    let source = &published.source;
    let mut page = format!(
        "# serbench against rust_serialization_benchmark\n\n\
         Written by `cargo xtask bench --readme` from its run and from\n\
         [rsb/published.json](rsb/published.json), the figures of `{file}` in\n\
         [RSB]({repository}) at `{commit}` ({rustc}).\n\n\
         Sizes are bytes of the same values: a difference is a design difference\n\
         named in the README's [sizes against RSB](../README.md#sizes-against-rsb), or a bug.\n\
         Times are each project's own: a codec's time over the fastest of the\n\
         libraries both projects time, on this dataset, in each project (so the\n\
         two machines never meet in one ratio), and its place among them; ◆ marks\n\
         places more than {PLACES_APART} apart. RSB's figure is its primary one, or\n\
         the variant named beside it.\n",
        file = source.file,
        repository = source.repository,
        commit = source.commit,
        rustc = source.rustc,
    );
    for dataset in datasets {
        let rows = joined(results, published, dataset);
        let label = rows
            .first()
            .map_or(String::new(), |row| row.record.size_label.clone());
        let _ = write!(page, "\n## {dataset}\n\n");
        if !label.is_empty() {
            let _ = writeln!(page, "serbench's run: {label}.\n");
        }
        page.push_str(
            "| codec | library | serbench bytes | RSB bytes | |\n|---|---|---:|---:|---|\n",
        );
        for row in &rows {
            let ours = row.record.size_bytes * row.record.messages as f64;
            let theirs = row.sizes.and_then(|sizes| sizes.size);
            let verdict = match theirs {
                None => "–".to_owned(),
                Some(theirs) if (ours - theirs as f64).abs() < 0.5 => "equal".to_owned(),
                Some(theirs) => format!("{:+}", ours.round() - theirs as f64),
            };
            let _ = writeln!(
                page,
                "| {} | {} | {} | {} | {verdict} |",
                row.record.codec,
                row.record.library,
                whole(ours),
                theirs.map_or("–".to_owned(), |n| whole(n as f64)),
            );
        }
        for (op, bench) in OPS {
            times_table(&mut page, &rows, op, bench);
        }
    }
    Some(page)
}

/// One operation's table: each codec's time over the fastest, in each
/// project, and its place.
fn times_table(page: &mut String, rows: &[Joined<'_>], op: Op, bench: &str) {
    let ours: Vec<(&str, Option<f64>)> = rows
        .iter()
        .map(|row| {
            let ns = row.record.ops.get(op).map(|stats| stats.median_ns);
            (row.record.codec.as_str(), ns)
        })
        .collect();
    let chosen: Vec<Option<(f64, Option<&str>)>> = rows
        .iter()
        .map(|row| row.times.and_then(|times| times.get(bench)?.chosen()))
        .collect();
    let theirs: Vec<(&str, Option<f64>)> = rows
        .iter()
        .zip(&chosen)
        .map(|(row, chosen)| (row.record.codec.as_str(), chosen.map(|(ns, _)| ns)))
        .collect();
    let (our_ratios, their_ratios) = (over_fastest(&ours), over_fastest(&theirs));
    if our_ratios.is_empty() || their_ratios.is_empty() {
        return;
    }
    let (our_places, their_places) = (ranks(&our_ratios), ranks(&their_ratios));
    let _ = write!(
        page,
        "\n{} (RSB's `{bench}`):\n\n\
         | codec | serbench | × fastest | place | RSB | × fastest | place | |\n\
         |---|---:|---:|---:|---:|---:|---:|---|\n",
        capitalized(op.name()),
    );
    for ((codec, ns), chosen) in ours.iter().zip(&chosen) {
        let (Some(ours_ns), Some((theirs_ns, variant))) = (ns, chosen) else {
            continue;
        };
        let (our_place, their_place) = (our_places[*codec], their_places[*codec]);
        let apart = our_place.abs_diff(their_place) > PLACES_APART;
        let _ = writeln!(
            page,
            "| {codec} | {} | {:.2}× | {our_place} | {}{} | {:.2}× | {their_place} | {} |",
            units::time(Some(*ours_ns)),
            our_ratios[*codec],
            units::time(Some(*theirs_ns)),
            variant.map_or(String::new(), |name| format!(" ({name})")),
            their_ratios[*codec],
            if apart { "◆" } else { "" },
        );
    }
}

/// A byte count, in groups of three digits.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a size in bytes: whole, positive and far below 2^52"
)]
fn whole(bytes: f64) -> String {
    grouped(bytes.round() as usize)
}

fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{record, report};
    use serbench_results::OpStats;

    fn timed(codec: &str, library: &str, size: f64, encode: f64, decode: f64) -> Record {
        let mut record = record("log", codec, size);
        record.library = library.to_owned();
        record.size_label = "10 000 records".to_owned();
        let stats = |median_ns| {
            Some(OpStats {
                median_ns,
                ..OpStats::default()
            })
        };
        record.ops.encode = stats(encode);
        record.ops.decode = stats(decode);
        record
    }

    fn published() -> Published {
        serde_json::from_str(
            r#"{
              "source": {"repository": "https://example.org/rsb", "commit": "abc",
                         "file": "results.json", "rustc": "rustc 1.0"},
              "libraries": {},
              "datasets": {"log": [
                {"library": "postcard", "variant": null, "size": 100, "zlib": 1, "zstd": 1},
                {"library": "prost", "variant": null, "size": 120, "zlib": 1, "zstd": 1},
                {"library": "capnp", "variant": "packed", "size": 90, "zlib": 1, "zstd": 1}
              ]},
              "times": {"log": [
                {"library": "postcard", "serialize": {"primary": 50.0, "variants": {}},
                 "deserialize": {"primary": 100.0, "variants": {}}},
                {"library": "prost",
                 "serialize": {"primary": null,
                               "variants": {"encode": 20.0, "populate + encode": 200.0}},
                 "deserialize": {"primary": null,
                                 "variants": {"decode": 10.0, "decode + convert": 300.0}}}
              ]}
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn sizes_join_on_the_library_and_show_the_difference() {
        let results = report(vec![
            timed("postcard", "postcard", 100.0, 10.0, 20.0),
            timed("protobuf", "prost", 125.0, 30.0, 40.0),
            timed("xml", "quick-xml", 900.0, 90.0, 90.0),
        ]);
        let page = page(&results, &published()).unwrap();
        assert!(
            page.contains("| postcard | postcard | 100 | 100 | equal |"),
            "{page}"
        );
        assert!(
            page.contains("| protobuf | prost | 125 | 120 | +5 |"),
            "{page}"
        );
        assert!(
            !page.contains("quick-xml"),
            "a library RSB lacks has no row: {page}"
        );
        assert!(page.contains("serbench's run: 10 000 records."), "{page}");
    }

    #[test]
    fn times_compare_within_each_project_with_the_variant_that_does_serbenchs_work() {
        let results = report(vec![
            timed("postcard", "postcard", 100.0, 10.0, 20.0),
            timed("protobuf", "prost", 120.0, 30.0, 40.0),
        ]);
        let page = page(&results, &published()).unwrap();
        // Encode: postcard fastest in both (10 ns here, 50 ns there);
        // prost's `populate + encode` (200 ns) is 4× postcard's there.
        assert!(
            page.contains("| postcard | 10.0 ns | 1.00× | 1 | 50.0 ns | 1.00× | 1 |"),
            "{page}"
        );
        assert!(
            page.contains(
                "| protobuf | 30.0 ns | 3.00× | 2 | 200 ns (populate + encode) | 4.00× | 2 |"
            ),
            "{page}"
        );
        assert!(page.contains("(decode + convert) | 3.00× | 2 |"), "{page}");
        assert!(
            !page.contains("Borrow"),
            "no borrow row on either side: {page}"
        );
    }

    #[test]
    fn a_run_without_rsbs_datasets_has_no_page() {
        let results = report(vec![record("media", "json", 488.0)]);
        assert!(page(&results, &published()).is_none());
    }

    #[test]
    fn places_far_apart_are_marked() {
        let codecs = ["a", "b", "c", "d", "e"];
        let mut rows = Vec::new();
        let mut times = Vec::new();
        for (at, codec) in codecs.iter().enumerate() {
            // Ours: a fastest … e slowest; theirs: the reverse.
            rows.push(timed(codec, codec, 1.0, (at + 1) as f64, 1.0));
            times.push(Times {
                library: (*codec).to_owned(),
                serialize: Some(Figure {
                    primary: Some((5 - at) as f64),
                    variants: BTreeMap::new(),
                }),
                deserialize: None,
                borrow: None,
            });
        }
        let mut published = published();
        published.times.insert("log".to_owned(), times);
        let page = page(&report(rows), &published).unwrap();
        let marked: Vec<&str> = page.lines().filter(|line| line.ends_with("◆ |")).collect();
        assert_eq!(
            marked.len(),
            2,
            "a (1st against 5th) and e (5th against 1st): {page}"
        );
    }
}
