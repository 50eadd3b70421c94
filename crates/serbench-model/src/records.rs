//! The records dataset: two arrays, 1 000 integers of every magnitude and
//! 100 copies of one string, as in the C++ serializer benchmarks.

use std::fmt;
use std::sync::OnceLock;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::text::{Lend, Text};

/// An array of integers and an array of strings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct Record<S = String> {
    /// Integers from one digit to nineteen, both signs.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub ids: Vec<i64>,
    /// Strings.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_forms::bounded_vec")
    )]
    pub strings: Vec<S>,
}

/// The 1 000 fixed integers, one per line (`data/records-ids.txt`).
const IDS: &str = include_str!("../data/records-ids.txt");

impl Record {
    /// The string repeated in [`Record::strings`].
    pub const STRING: &str =
        "shgfkghsdfjhgsfjhfgjhfgjsffghgsfdhgsfdfkdjhfioukjhkfdljgdfkgvjafdhasgdfwurtjkghfsdjkfg";
    /// How many copies of [`Self::STRING`] the record holds.
    pub const STRING_COPIES: usize = 100;

    /// The benchmark's record: the 1 000 fixed integers and 100 copies of
    /// [`Self::STRING`].
    #[must_use]
    pub fn canonical() -> Self {
        static IDS_PARSED: OnceLock<Vec<i64>> = OnceLock::new();
        // The file is part of the crate and a unit test parses all of it, so
        // a line that is not an integer cannot reach a user.
        let ids = IDS_PARSED.get_or_init(|| {
            IDS.lines()
                .filter_map(|line| line.trim().parse().ok())
                .collect()
        });
        Self {
            ids: ids.clone(),
            strings: vec![Self::STRING.to_owned(); Self::STRING_COPIES],
        }
    }
}

/// The records traverse answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordAnswer {
    /// Integers in the record.
    pub ids: u64,
    /// Their exact sum.
    pub ids_sum: i128,
    /// Strings in the record.
    pub strings: u64,
    /// Their UTF-8 bytes.
    pub string_bytes: u64,
}

impl RecordAnswer {
    /// The answer for a record with these integers and string lengths.
    pub fn new(
        ids: impl IntoIterator<Item = i64>,
        string_lens: impl IntoIterator<Item = usize>,
    ) -> Self {
        let (mut count, mut ids_sum) = (0, 0i128);
        for id in ids {
            count += 1;
            ids_sum += i128::from(id);
        }
        let (mut strings, mut string_bytes) = (0, 0);
        for len in string_lens {
            strings += 1;
            string_bytes += len as u64;
        }
        Self {
            ids: count,
            ids_sum,
            strings,
            string_bytes,
        }
    }
}

impl fmt::Display for RecordAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JsonObject::new(f)?
            .raw("ids", self.ids)?
            .raw("ids_sum", self.ids_sum)?
            .raw("strings", self.strings)?
            .raw("string_bytes", self.string_bytes)?
            .end()
    }
}

impl Lend for Record {
    type Lent<'a> = Record<Text<'a>>;

    fn lend(&self) -> Record<Text<'_>> {
        Record {
            ids: self.ids.clone(),
            strings: self.strings.lend(),
        }
    }
}

impl Dataset for Record {
    type Borrowed<'a> = Record<Text<'a>>;

    fn lend(&self) -> Record<Text<'_>> {
        Lend::lend(self)
    }

    const NAME: &'static str = "records";
    const ABOUT: &'static str = "two arrays: 1 000 integers and 100 strings";
    const SIZE_UNIT: &'static str = "";
    const DEFAULT_SIZE: usize = 1;
    const DAMAGED_SIZE: usize = 1;
    type Answer = RecordAnswer;

    fn workload(_size: usize) -> Vec<Self> {
        vec![Self::canonical()]
    }

    fn traverse(&self) -> RecordAnswer {
        RecordAnswer::new(
            self.ids.iter().copied(),
            self.strings.iter().map(String::len),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_the_fixed_data() {
        let record = Record::canonical();
        assert_eq!(record.ids.len(), 1_000);
        assert_eq!(record.ids[0], -7_363_025_924_956_902_506);
        assert_eq!(Record::STRING.len(), 86);
        let answer = record.traverse();
        assert_eq!((answer.strings, answer.string_bytes), (100, 8_600));
    }
}
