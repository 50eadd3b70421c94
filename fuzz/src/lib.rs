//! The checks behind serbench's fuzz targets.
//!
//! Every codec in [`serbench_model::for_each_codec!`] gets two targets, each
//! a one-line file in `fuzz_targets/` calling one of these functions:
//!
//! - [`decode`]: untrusted bytes. Decoding (and, for zero-copy formats,
//!   traversing) must return, never panic; bytes that decode must traverse
//!   to the decoded value's answer and survive a round trip of their own.
//! - [`round_trip`]: arbitrary model values built from the fuzz input
//!   ([`Generate`], edge values weighted up as in the conformance kit: NaN
//!   payloads, −0.0, odd timestamps and offsets, control characters, huge
//!   and empty strings). A value the format carries must come back equal and
//!   traverse to the same answer; a value it cannot carry must be an encode
//!   error ([`check_value`] decides both).
//!
//! In both the input's first byte picks the dataset, so one target covers
//! all five.

mod values;

use arbitrary::Unstructured;
use serbench_model::{Codec, Dataset};
use serbench_testkit::{Needs, check_value};

pub use crate::values::Generate;

macro_rules! fuzzed_trait {
    ($($dataset:path),* $(,)?) => {
        /// A codec of every dataset in `for_each_dataset!`, as every codec
        /// in `for_each_codec!` is.
        pub trait Fuzzed: $(Codec<$dataset> +)* Sized {}

        impl<C: $(Codec<$dataset> +)* Sized> Fuzzed for C {}

        /// Calls `run::<C, D>(rest)` for the dataset `D` that `data`'s
        /// first byte picks; an empty input does nothing.
        macro_rules! dispatch {
            ($data:expr, $run:ident) => {
                if let Some((&selector, rest)) = $data.split_first() {
                    let runs: &[fn(&[u8])] = &[$($run::<C, $dataset>),*];
                    runs[usize::from(selector) % runs.len()](rest);
                }
            };
        }
    };
}

serbench_model::for_each_dataset!(fuzzed_trait);

/// The decode target: see the crate docs.
pub fn decode<C: Fuzzed>(data: &[u8]) {
    dispatch!(data, decode_as);
}

/// The round-trip target: see the crate docs.
pub fn round_trip<C: Fuzzed>(data: &[u8]) {
    dispatch!(data, round_trip_as);
}

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
