//! The safety figures of a record: the conformance kit's memory checks run
//! by the bench binary's safety pass (`SERBENCH_MODE=safety`), one line per
//! dataset × codec, joined into the records by dataset and codec.

use serde::{Deserialize, Serialize};

use super::Record;

/// What the kit measured of one pair. Every figure is `null` in a file
/// written before the safety pass existed.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Safety {
    /// Damaged encodings (cuts, bit flips, trailers) decoded and traversed.
    #[serde(default, rename = "safety_damaged")]
    pub(crate) damaged: Option<u64>,
    /// The highest peak allocation on a damaged input as a share of the
    /// kit's bound (4 × input + 64 KiB); at most 1 is bounded.
    #[serde(default, rename = "safety_worst_of_bound")]
    pub(crate) worst_of_bound: Option<f64>,
    /// Damaged inputs that panicked or went past the bound.
    #[serde(default, rename = "safety_violations")]
    pub(crate) violations: Option<u64>,
    /// The most bytes held at once per byte of the kit's dense valid
    /// values (many minimal elements).
    #[serde(default, rename = "dense_expansion")]
    pub(crate) dense_expansion: Option<f64>,
}

impl Safety {
    /// The CSV columns of these figures, as serde names them.
    pub(crate) const COLUMNS: [&str; 4] = [
        "safety_damaged",
        "safety_worst_of_bound",
        "safety_violations",
        "dense_expansion",
    ];

    /// Whether every damaged input stayed within the bound without a
    /// panic; `None` when not measured.
    pub(crate) fn bounded(&self) -> Option<bool> {
        self.violations.map(|violations| violations == 0)
    }
}

/// One line of the safety pass.
#[derive(Debug, Deserialize)]
pub(crate) struct SafetyLine {
    dataset: String,
    format: String,
    damaged: u64,
    worst_of_bound: f64,
    violations: u64,
    dense_expansion: Option<f64>,
}

/// Fills each record's safety figures from the pass's line of its pair.
pub(crate) fn join(records: &mut [Record], lines: &[SafetyLine]) {
    for record in records {
        if let Some(line) = lines
            .iter()
            .find(|l| l.dataset == record.dataset && l.format == record.format)
        {
            record.safety = Safety {
                damaged: Some(line.damaged),
                worst_of_bound: Some(line.worst_of_bound),
                violations: Some(line.violations),
                dense_expansion: line.dense_expansion,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_a_line_to_its_pair() {
        let line: SafetyLine = serde_json::from_str(
            r#"{"dataset":"media","format":"json","damaged":2100,
                "worst_of_bound":0.25,"violations":0,"dense_expansion":null}"#,
        )
        .unwrap();
        let mut records = vec![
            Record {
                dataset: "media".into(),
                format: "json".into(),
                ..Record::default()
            },
            Record {
                dataset: "media".into(),
                format: "cbor".into(),
                ..Record::default()
            },
        ];
        join(&mut records, &[line]);
        assert_eq!(records[0].safety.damaged, Some(2100));
        assert_eq!(records[0].safety.bounded(), Some(true));
        assert_eq!(records[1].safety, Safety::default());
        assert_eq!(records[1].safety.bounded(), None);
        let value = serde_json::to_value(&records[0]).unwrap();
        assert_eq!(value["safety_worst_of_bound"], 0.25);
        assert!(value["dense_expansion"].is_null());
    }
}
