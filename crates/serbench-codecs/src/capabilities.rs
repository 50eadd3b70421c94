//! What the capability table says of a codec that a test decides, beside
//! what its crate declares.
//!
//! [`tested`] runs the codec: whether its bytes carry the field names
//! (a reader without the schema can tell the fields apart), and whether
//! it is deterministic (the same value gives the same bytes, encoded
//! again, from a copy, and after a round trip). The crate's tests hold
//! both to a committed table, so a codec whose answer changes fails a
//! test; the bench binary prints them into `results.json`.

use serbench_model::declared::Sourced;
use serbench_model::{Codec, Dataset, Error, MediaContent};

use serbench_results::{Capability, Fact, UnsafeCode};

use crate::{Carried, DatasetVisitor, Info, PairJob};

/// What the tests decide of one codec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tested {
    /// Media's encoding holds the names of its fields (`duration`,
    /// `width`, `height`, in any case): the data describes itself.
    pub field_names: bool,
    /// On every dataset the codec carries, each message's encoding is the
    /// same when encoded again, from a clone, and after decoding it.
    pub deterministic: bool,
}

/// Names of media's fields that every media record has (optional
/// fields may be left out, and a list's name may be written per item),
/// none of them a word a value of the dataset holds.
const MEDIA_FIELDS: [&str; 3] = ["duration", "width", "height"];

/// Runs codec `info` to decide its [`Tested`] facts; `None` if it is not
/// built in.
#[must_use]
pub fn tested(info: &Info) -> Option<Tested> {
    let field_names = crate::run::<MediaContent, _>(info.id, FieldNames)?;
    let mut deterministic = Deterministic {
        codec: info.id,
        every: true,
    };
    crate::visit_datasets(&mut deterministic);
    Some(Tested {
        field_names,
        deterministic: deterministic.every,
    })
}

/// Codec `info`'s line of the capability table: what [`tested`] decides,
/// and what its crate declares of its API path, wire format and library
/// (`BaseCodec::DECLARED`); `None` if it is not built in.
#[must_use]
pub fn line(info: &Info) -> Option<Capability> {
    let fact = |name: &str, sourced: Sourced| Fact {
        name: name.to_owned(),
        fact: sourced.fact.to_owned(),
        source: sourced.source.to_owned(),
    };
    let tested = tested(info)?;
    let mut declared = Vec::new();
    if let Some(facts) = info.declared {
        declared.push(fact("specification", facts.format.specification));
        declared.push(fact("schema", facts.format.schema));
        declared.push(fact("other languages", facts.format.other_languages));
        declared.push(fact("latest release", facts.library.latest_release));
        declared.push(fact("advisories", facts.library.advisories));
    }
    Some(Capability {
        codec: info.id.to_owned(),
        wire_format: info.wire_format.to_owned(),
        library: info.library.to_owned(),
        field_names: tested.field_names,
        deterministic: tested.deterministic,
        zero_copy: info.zero_copy,
        api: Fact {
            name: String::new(),
            fact: info.declared.map_or("", |facts| facts.api.id()).to_owned(),
            source: info
                .declared
                .map_or("", |facts| facts.api_source)
                .to_owned(),
        },
        declared,
        unmaintained: info
            .declared
            .is_some_and(|facts| facts.library.unmaintained),
        unsafe_code: unsafe_code(info.library),
    })
}

/// The `unsafe` counts of every library, as the crate's tests measure
/// them from the sources `Cargo.lock` resolves and hold them
/// (`tests/it/unsafe_code.rs`), one [`unsafe_code_line`] a library.
pub const UNSAFE_CODE: &str = include_str!("unsafe_code.txt");

/// The first lines of [`UNSAFE_CODE`].
pub const UNSAFE_CODE_HEADER: &str = "\
# library | its own crates | `unsafe` in them | forbids unsafe_code | the other crates it links | `unsafe` in them
# Counted by the tests (SERBENCH_BLESS=1 cargo test -p serbench-codecs): every `unsafe`
# keyword in the .rs files of each crate's library folder, comments and strings left out.
";

/// Library `library`'s `unsafe` counts from [`UNSAFE_CODE`]; `None` if it
/// has no line.
#[must_use]
pub fn unsafe_code(library: &str) -> Option<UnsafeCode> {
    let list = |text: &str| -> Vec<String> {
        text.split(", ")
            .filter(|item| !item.is_empty())
            .map(str::to_owned)
            .collect()
    };
    UNSAFE_CODE.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [
            name,
            crates,
            count,
            forbidden,
            dependencies,
            dependencies_count,
        ] = fields[..]
        else {
            return None;
        };
        if name != library {
            return None;
        }
        Some(UnsafeCode {
            crates: list(crates),
            count: count.parse().ok()?,
            forbidden: forbidden == "yes",
            dependencies: list(dependencies),
            dependencies_count: dependencies_count.parse().ok()?,
        })
    })
}

/// Library `library`'s line of [`UNSAFE_CODE`].
#[must_use]
pub fn unsafe_code_line(library: &str, code: &UnsafeCode) -> String {
    format!(
        "{library} | {} | {} | {} | {} | {}",
        code.crates.join(", "),
        code.count,
        if code.forbidden { "yes" } else { "no" },
        code.dependencies.join(", "),
        code.dependencies_count
    )
}

/// Whether media's encoding holds its field names.
struct FieldNames;

impl PairJob<MediaContent> for FieldNames {
    type Output = bool;

    fn run<C: Codec<MediaContent, Error = Error> + 'static>(self, _: &'static Info) -> bool {
        let value = MediaContent::workload(MediaContent::DEFAULT_SIZE).remove(0);
        let Ok(bytes) = C::to_vec(&value) else {
            return false;
        };
        let lower = bytes.to_ascii_lowercase();
        MEDIA_FIELDS
            .iter()
            .all(|name| lower.windows(name.len()).any(|w| w == name.as_bytes()))
    }
}

/// Whether codec `codec` is deterministic on every dataset it carries.
struct Deterministic {
    codec: &'static str,
    every: bool,
}

impl DatasetVisitor for Deterministic {
    fn dataset<D: Carried>(&mut self) {
        if self.every {
            self.every = crate::run::<D, _>(self.codec, SameBytes).unwrap_or(true);
        }
    }
}

/// Whether every message of a dataset's quick workload encodes to the same
/// bytes again, from a clone and after a round trip; `true` where the
/// codec refuses the dataset (nothing to compare).
struct SameBytes;

impl<D: Carried> PairJob<D> for SameBytes {
    type Output = bool;

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> bool {
        D::workload(D::QUICK_SIZE).iter().all(|message| {
            let Ok(first) = C::to_vec(message) else {
                return true;
            };
            let again = C::to_vec(message).ok();
            let copy = C::to_vec(&message.clone()).ok();
            let round_trip = C::decode(&first)
                .ok()
                .and_then(|back| C::to_vec(&back).ok());
            [again, copy, round_trip]
                .iter()
                .all(|bytes| bytes.as_deref() == Some(first.as_slice()))
        })
    }
}
