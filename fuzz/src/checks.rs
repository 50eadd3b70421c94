//! The checks themselves, one function per kind of target, generic over the
//! codec and the dataset; the registry's [`PairJob`] turns a codec id into
//! their instances for that codec.

use arbitrary::Unstructured;
use serbench_codecs::{Info, PairJob};
use serbench_model::{Codec, Dataset, Error};
use serbench_testkit::{Needs, check_value};

use crate::datasets::{DatasetVisitor, Fuzzed, visit_datasets};
use crate::values::Generate;

/// The two kinds of target.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// Untrusted bytes: [`decode_as`].
    Decode,
    /// Model values built from the bytes: [`round_trip_as`].
    RoundTrip,
}

/// One check, for one codec and dataset: it takes the input after the
/// selector byte and panics on a finding.
pub(crate) type Check = fn(&[u8]);

/// The `kind` checks of codec `codec`, one per dataset, indexed by
/// selector; `None` when the registry has no such codec.
pub(crate) fn table(kind: Kind, codec: &str) -> Option<Vec<Check>> {
    struct Table<'a> {
        kind: Kind,
        codec: &'a str,
        checks: Vec<Option<Check>>,
    }

    impl DatasetVisitor for Table<'_> {
        fn dataset<D: Fuzzed>(&mut self, _: u8) {
            let check = serbench_codecs::run::<D, _>(self.codec, Instantiate(self.kind));
            self.checks.push(check);
        }
    }

    let mut table = Table {
        kind,
        codec,
        checks: Vec::new(),
    };
    visit_datasets(&mut table);
    table.checks.into_iter().collect()
}

/// The check of one kind, monomorphised for the codec the registry picks.
struct Instantiate(Kind);

impl<D: Fuzzed> PairJob<D> for Instantiate {
    type Output = Check;

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> Self::Output {
        match self.0 {
            Kind::Decode => decode_as::<C, D>,
            Kind::RoundTrip => round_trip_as::<C, D>,
        }
    }
}

/// Decoding (and, for zero-copy formats, traversing) returns; bytes that
/// decode traverse to the decoded value's answer and round-trip.
fn decode_as<C, D>(bytes: &[u8])
where
    C: Codec<D>,
    D: Dataset + Needs,
{
    let decoded = C::decode(bytes);
    // Every other format's traverse is decode + traverse, checked below.
    let traversed = C::ZERO_COPY.then(|| C::traverse(bytes));
    let Ok(value) = decoded else { return };
    if let Some(traversed) = traversed {
        match traversed {
            Ok(answer) => assert!(
                answer == value.traverse(),
                "{} traverses {} bytes to {answer}, but they decode to a value answering {}",
                C::NAME,
                D::NAME,
                value.traverse()
            ),
            Err(error) => panic!(
                "{} decodes these {} bytes but cannot traverse them: {error}",
                C::NAME,
                D::NAME
            ),
        }
    }
    if let Err(problem) = check_value::<C, D>(&value) {
        panic!("a decoded value: {problem}\n{}", shown(&value));
    }
}

/// A value built from the bytes round-trips when the format carries it and
/// is an encode error when it does not.
fn round_trip_as<C, D>(bytes: &[u8])
where
    C: Codec<D>,
    D: Dataset + Needs + Generate,
{
    let Ok(value) = D::generate(&mut Unstructured::new(bytes)) else {
        return;
    };
    if let Err(problem) = check_value::<C, D>(&value) {
        panic!("{problem}\n{}", shown(&value));
    }
}

/// A value's `Debug`, cut short: the kit's strings reach 70 000 bytes.
fn shown(value: &impl std::fmt::Debug) -> String {
    const LIMIT: usize = 4_000;
    let mut text = format!("{value:?}");
    if text.len() > LIMIT {
        let cut = (0..=LIMIT).rev().find(|&at| text.is_char_boundary(at));
        text.truncate(cut.unwrap_or(0));
        text.push_str(" …");
    }
    text
}
