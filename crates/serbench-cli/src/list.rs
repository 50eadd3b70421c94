//! `serbench list`: the datasets and the codecs of this build, as a table
//! for people or as JSON for programs (`--json`).

use std::fmt::Write as _;

use serbench_codecs::{Carried, DatasetVisitor, Tuning};
use serde_json::{Value, json};

/// What `list` shows of a dataset.
pub(crate) struct DatasetInfo {
    pub(crate) name: &'static str,
    about: &'static str,
    size_unit: &'static str,
    default_size: usize,
    quick_size: usize,
    dump_size: usize,
}

/// Every dataset, in report order.
pub(crate) fn datasets() -> Vec<DatasetInfo> {
    struct Collect(Vec<DatasetInfo>);

    impl DatasetVisitor for Collect {
        fn dataset<D: Carried>(&mut self) {
            self.0.push(DatasetInfo {
                name: D::NAME,
                about: D::ABOUT,
                size_unit: D::SIZE_UNIT,
                default_size: D::DEFAULT_SIZE,
                quick_size: D::QUICK_SIZE,
                dump_size: D::DUMP_SIZE,
            });
        }
    }

    let mut collect = Collect(Vec::new());
    serbench_codecs::visit_datasets(&mut collect);
    collect.0
}

/// The listing people read.
pub(crate) fn text() -> String {
    let mut text = String::from("datasets:\n");
    let datasets = datasets();
    let width = datasets.iter().map(|d| d.name.len()).max().unwrap_or(0) + 2;
    for dataset in datasets {
        let size = if dataset.size_unit.is_empty() {
            String::new()
        } else {
            format!(" ({} {})", dataset.default_size, dataset.size_unit)
        };
        let _ = writeln!(text, "  {:<width$}{}{size}", dataset.name, dataset.about);
    }
    text.push_str("formats:\n");
    let codecs = serbench_codecs::codecs();
    let width = codecs.iter().map(|c| c.id.len()).max().unwrap_or(0) + 2;
    for codec in codecs {
        let mut notes = vec![
            codec.wire_format.to_owned(),
            format!("{} {}", codec.library, codec.version),
        ];
        if codec.tuning == Tuning::Tuned {
            notes.push("tuned".to_owned());
        }
        if codec.zero_copy {
            notes.push("traverses in place".to_owned());
        }
        if codec.borrow == serbench_model::Borrowing::Lends {
            notes.push("borrows".to_owned());
        }
        let _ = writeln!(text, "  {:<width$}{}", codec.id, notes.join(", "));
    }
    text
}

/// The listing programs read: one JSON object, documented in the crate docs.
pub(crate) fn json() -> Value {
    let datasets: Vec<Value> = datasets()
        .iter()
        .map(|d| {
            json!({
                "name": d.name,
                "about": d.about,
                "size_unit": d.size_unit,
                "default_size": d.default_size,
                "quick_size": d.quick_size,
                "dump_size": d.dump_size,
            })
        })
        .collect();
    let codecs: Vec<Value> = serbench_codecs::codecs()
        .iter()
        .map(|codec| {
            json!({
                "id": codec.id,
                "wire_format": codec.wire_format,
                "library": codec.library,
                "version": codec.version,
                "tuned": codec.tuning == Tuning::Tuned,
                "zero_copy": codec.zero_copy,
                "detects_truncation": codec.detects_truncation,
                "native": codec.native,
                "borrows": codec.borrow == serbench_model::Borrowing::Lends,
            })
        })
        .collect();
    json!({ "datasets": datasets, "codecs": codecs })
}
