//! The serbench conformance kit: one line in a codec crate's tests holds
//! the codec to the model's contract on every dataset.
//!
//! `serbench-model` states what a codec promises: every value it carries
//! comes back exactly, a value it cannot carry is an encode error, and no
//! input, however hostile, makes a decode panic, overflow its stack or
//! allocate much more than the input's size. A comparison of formats is
//! only fair when every codec keeps those promises, and tests written
//! crate by crate drift apart. So the checks live here, once, as
//! `serde_test` is to serde: every codec crate runs them as a
//! dev-dependency, and a new format is checked the moment it exists. Being
//! a crate of its own keeps proptest and a counting allocator out of the
//! model, which every user of a codec crate builds.
//!
//! ```text
//! # crates/serbench-<format>/Cargo.toml
//! [dev-dependencies]
//! serbench-testkit.workspace = true
//! ```
//!
//! ```ignore
//! // crates/serbench-<format>/tests/it/main.rs
//! mod hostile; // `Inputs`: HostileInputs, and Crafts<D> for every dataset
//!
//! serbench_testkit::conformance_tests!(serbench_json::Json, hostile = crate::hostile::Inputs);
//! ```
//!
//! (`conformance_tests!(serbench_json::Json)` alone runs everything but the
//! format's own crafted inputs. Options hold the damaged encodings to a
//! codec's own documented memory bound, `damaged_expansion = N`, or leave
//! out named checks with the reason, `skip(telemetry::edge_cases) =
//! "…"`, for a codec whose crate checks that case its own way; see
//! [`conformance_tests!`].)
//!
//! A codec crate's own tests build on the kit too: [`patched`] crafts an
//! input from a valid encoding ([`patched_bytes`], [`ending`],
//! [`replace_once`], [`overwrite_once`] and [`overwritten`] from bytes at
//! hand), [`hex`] reads an annotated hex dump of a layout, and
//! [`small_record`] is the smallest record to patch.
//!
//! The macro installs [`CountingAllocator`] as the test binary's global
//! allocator (a binary has one: a second invocation in the same binary
//! adds `global_allocator = false`). For each of the model's datasets it
//! expands to a module of tests:
//!
//! - `generated`: the workload at `Dataset::TEST_SIZE` round-trips exactly,
//!   encodes the same bytes twice, appends to a non-empty buffer, and
//!   [`Codec::traverse`] gives the same answer as the value;
//! - `edge_cases`: hand-picked values (nil and max ids, nanoseconds and odd
//!   offsets, control characters, huge strings, NaN payloads, −0.0,
//!   subnormals, extreme integers) round-trip exactly when the format
//!   [carries](serbench_model::Carries) them and are encode errors when it
//!   does not;
//! - `properties`: the same over arbitrary values; `PROPTEST_CASES` sets
//!   how many (default 64; `PROPTEST_CASES=10000 cargo test --release
//!   --workspace` is the long run);
//! - `hostile`: damaged encodings of small workloads and edge cases: every
//!   truncation (the first and last 64 and 512 seeded ones of an encoding
//!   over 4 KiB), 2 048 seeded single-bit flips and three trailers. A
//!   truncation or trailer gives `Err` (a truncation in a format that
//!   cannot detect one, see
//!   [`DETECTS_TRUNCATION`](serbench_model::BaseCodec::DETECTS_TRUNCATION), may
//!   give an `Ok` that is not the original); a flip may give anything but a
//!   panic.
//!   Each input's traverse agrees with its decode (below).
//!
//! With `hostile = Type`, where `Type` implements [`HostileInputs`] (what
//! the format declares once) and [`Crafts<D>`](Crafts) for each of the
//! model's datasets (its inputs for `D`), each module also has:
//!
//! - `crafted`: the format's crafted inputs for the dataset (huge declared
//!   lengths, 100 000-deep nesting, invalid UTF-8, wrong types, unknown
//!   enum values, duplicate keys, DTDs, a megabyte of text where the
//!   decoder quotes what it refuses) each fail with the error kind the
//!   input names and a message, and so does their traverse;
//! - `expansion`: valid values made of many minimal elements (empty nodes,
//!   empty strings, minimal tasks) decode within the codec's documented
//!   [`HostileInputs::EXPANSION`] bytes per byte of input, plus 64 KiB,
//!   and traverse to their answer;
//!
//! and the codec's `hostile_coverage` test checks that every
//! [`Class::REQUIRED`] class has an input or a reason it does not apply.
//!
//! Every codec's [`Codec::traverse`] must be `Ok` exactly when its
//! [`Codec::decode`] is, with the decoded value's answer: every test above
//! compares the two on each input it decodes, valid or damaged, and fails
//! naming the input when they differ. That is what makes a zero-copy
//! traverse, which never builds the value, as strict as decoding.
//!
//! Every `hostile` and `crafted` decode and traverse runs on a 256 KiB
//! stack ([`STACK`]) and must not panic, overflow the stack or allocate
//! more than four times its input plus 64 KiB at peak ([`bound`]), counted
//! per thread by [`CountingAllocator`], and its error line (if any)
//! must be at most [`MESSAGE_MAX`] bytes, however long the input: a
//! message shows a prefix of the input it quotes. An error's byte offset,
//! where it names one, must lie within the input (at most its length);
//! on a cut of a valid encoding it may be 0 only for an
//! [`ErrorKind::Truncated`](serbench_model::ErrorKind::Truncated) error,
//! as the bytes there are right and only their end is wrong; and an
//! error with no position says `(position unknown)`. Failures name the
//! input: sample and cut, flip seed and bit, or the crafted input's
//! description.
//! `cargo test -- --nocapture crafted expansion` prints each input's peak
//! allocation.
//!
//! The checks are plain functions too, for a fuzz target or a test of
//! one value. [`check_value`] catches a codec that loses part of a value:
//!
//! ```
//! use std::io;
//!
//! use serbench_model::{BaseCodec, Carries, Codec, Record};
//!
//! /// Writes a record's ids and forgets its strings.
//! struct IdsOnly;
//!
//! impl BaseCodec for IdsOnly {
//!     const NAME: &'static str = "ids-only";
//!     const CARRIES: Carries = Carries::EVERYTHING;
//!     const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable("a test codec");
//!     type Error = io::Error;
//! }
//!
//! impl Codec<Record> for IdsOnly {
//!     fn encode(value: &Record, out: &mut Vec<u8>) -> io::Result<()> {
//!         out.extend(value.ids.iter().flat_map(|id| id.to_le_bytes()));
//!         Ok(())
//!     }
//!
//!     fn decode(mut bytes: &[u8]) -> io::Result<Record> {
//!         let mut ids = Vec::new();
//!         while let Some((id, rest)) = bytes.split_first_chunk() {
//!             ids.push(i64::from_le_bytes(*id));
//!             bytes = rest;
//!         }
//!         if !bytes.is_empty() {
//!             return Err(io::Error::other("an id cut short"));
//!         }
//!         Ok(Record { ids, strings: Vec::new() })
//!     }
//! }
//!
//! let problem = serbench_testkit::check_value::<IdsOnly, Record>(&Record::canonical());
//! assert_eq!(
//!     problem,
//!     Err("ids-only changed a records value in a round trip".to_owned())
//! );
//! ```

#![allow(
    clippy::missing_panics_doc,
    reason = "the kit's checks fail by panicking, as tests do"
)]

mod arbitrary;
mod crafted;
mod dense;
mod figures;
mod fixtures;
mod hostile;
pub mod lending;
mod memory;
mod needs;
mod rsb;

use proptest::test_runner::{Config, TestCaseError, TestRunner};

pub use self::arbitrary::{Arbitrary, float, string, timestamp, uuid};
pub use self::crafted::{
    Class, Crafted, Crafts, CraftsEvery, HUGE_TEXT, HostileInputs, LENGTHS, NESTING, WIRE_FAULTS,
    coverage, crafted, ending, overwrite_once, overwritten, patched, patched_bytes, refused_by,
    replace_once,
};
pub use self::dense::{Dense, expansion};
pub use self::figures::{Safety, safety};
pub use self::fixtures::{hex, small_record};
pub use self::hostile::{
    EVERY_CUT_UP_TO, FLIPS, MESSAGE_MAX, SAMPLED_CUTS, SEED, STACK, hostile, hostile_within,
};
pub use self::memory::{
    CountingAllocator, HOSTILE_EXPANSION, Tally, bound, bound_per_byte, installed, measure, tally,
};
pub use self::needs::Needs;
use serbench_model::{Borrowing, Codec, Dataset};

/// The property-test case count: `PROPTEST_CASES`, else 64.
#[must_use]
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(64)
}

/// Checks one value against the format's declared capabilities: a value it
/// carries round-trips exactly (and traverses to the same answer); a value
/// it does not carry is an encode error.
pub fn check_value<C, D>(value: &D) -> Result<(), String>
where
    C: Codec<D>,
    D: Dataset + Needs,
{
    let needs = value.needs();
    let carried = C::CARRIES.covers(needs);
    let mut bytes = Vec::new();
    match (C::encode(value, &mut bytes), carried) {
        (Ok(()), true) => {}
        (Ok(()), false) => {
            return Err(format!(
                "{} encoded a {} value needing {needs:?}, which it declares it cannot carry; \
                 that must be an encode error",
                C::NAME,
                D::NAME
            ));
        }
        (Err(error), true) => {
            return Err(format!(
                "{} failed to encode a {} value it carries: {error}",
                C::NAME,
                D::NAME
            ));
        }
        (Err(error), false) if error.to_string().is_empty() => {
            return Err(format!("{} refused a value with an empty message", C::NAME));
        }
        (Err(_), false) => return Ok(()),
    }
    let decoded = C::decode(&bytes).map_err(|error| {
        format!(
            "{} cannot decode its own {} encoding: {error}",
            C::NAME,
            D::NAME
        )
    })?;
    if decoded != *value {
        return Err(format!(
            "{} changed a {} value in a round trip",
            C::NAME,
            D::NAME
        ));
    }
    let answer = C::traverse(&bytes).map_err(|error| {
        format!(
            "{} cannot traverse its own {} encoding: {error}",
            C::NAME,
            D::NAME
        )
    })?;
    if answer != value.traverse() {
        return Err(format!(
            "{} traverses {} to {answer}, the value to {}",
            C::NAME,
            D::NAME,
            value.traverse()
        ));
    }
    check_borrowed::<C, D>(value, &bytes)
}

/// The borrowed decode of a value's encoding: present exactly when the
/// codec says it lends ([`BaseCodec::BORROW`](serbench_model::BaseCodec::BORROW)),
/// and then equal to the value's borrowed form.
fn check_borrowed<C, D>(value: &D, bytes: &[u8]) -> Result<(), String>
where
    C: Codec<D>,
    D: Dataset,
{
    let lends = C::BORROW == Borrowing::Lends;
    match C::borrow(bytes) {
        None if lends => Err(format!(
            "{} declares a borrowed decode, but has none for {}",
            C::NAME,
            D::NAME
        )),
        Some(_) if !lends => Err(format!(
            "{} has a borrowed decode of {} but declares none",
            C::NAME,
            D::NAME
        )),
        Some(Err(error)) => Err(format!(
            "{} cannot borrow from its own {} encoding: {error}",
            C::NAME,
            D::NAME
        )),
        Some(Ok(lent)) if lent != value.lend() => Err(format!(
            "{} borrows a {} value other than the one it encoded",
            C::NAME,
            D::NAME
        )),
        None | Some(Ok(_)) => Ok(()),
    }
}

/// The benchmark workload round-trips exactly; see the module docs.
pub fn generated<C, D>()
where
    C: Codec<D>,
    D: Dataset + Needs,
{
    for (index, message) in D::workload(D::TEST_SIZE).iter().enumerate() {
        let bytes = encode::<C, D>(message);
        let again = encode::<C, D>(message);
        assert!(
            bytes == again,
            "{} encodes {} message {index} differently twice",
            C::NAME,
            D::NAME
        );
        let mut appended = b"prefix".to_vec();
        C::encode(message, &mut appended).expect("encoded once already");
        assert!(
            appended.starts_with(b"prefix") && appended[6..] == bytes,
            "{} does not append to the buffer it is given",
            C::NAME
        );
        if let Err(problem) = check_value::<C, D>(message) {
            panic!("message {index}: {problem}");
        }
        if index == 0 && installed() {
            fewer_allocations::<C, D>(&bytes);
        }
    }
}

/// A borrowed decode allocates fewer times than the owned one: at least
/// the strings it lends are not allocated (for a dataset with text to
/// lend, [`Dataset::LENDS_TEXT`]). Counted, not timed, so the same on
/// every machine.
fn fewer_allocations<C, D>(bytes: &[u8])
where
    C: Codec<D>,
    D: Dataset,
{
    if C::BORROW != Borrowing::Lends || !D::LENDS_TEXT {
        return;
    }
    let ((), owned) = tally(|| drop(C::decode(bytes)));
    let ((), lent) = tally(|| drop(C::borrow(bytes)));
    assert!(
        lent.allocations < owned.allocations,
        "{}'s borrowed decode of {} allocates {} times, its decode {}",
        C::NAME,
        D::NAME,
        lent.allocations,
        owned.allocations
    );
}

/// Hand-picked edge values; see the module docs.
pub fn edge_cases<C, D>()
where
    C: Codec<D>,
    D: Dataset + Needs + Arbitrary,
{
    for (index, value) in D::edge_cases().iter().enumerate() {
        if let Err(problem) = check_value::<C, D>(value) {
            panic!("edge case {index} of {}: {problem}\n{value:?}", D::NAME);
        }
    }
}

/// Arbitrary values; see the module docs.
pub fn properties<C, D>()
where
    C: Codec<D>,
    D: Dataset + Needs + Arbitrary,
{
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&D::strategy(), |value| {
        check_value::<C, D>(&value).map_err(TestCaseError::fail)
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
}

fn encode<C: Codec<D>, D: Dataset>(value: &D) -> Vec<u8> {
    let mut bytes = Vec::new();
    if let Err(error) = C::encode(value, &mut bytes) {
        panic!(
            "{} cannot encode the generated {}: {error}",
            C::NAME,
            D::NAME
        );
    }
    bytes
}

/// Expands to the kit's tests for one codec; see the [crate docs](crate).
///
/// `conformance_tests!(Codec)` writes the round-trip and damaged-encoding
/// tests for every dataset of `for_each_dataset!`, in a module per
/// dataset. Options follow, in this order, each optional:
///
/// - `hostile = Type`: also the crafted inputs and valid-input expansion
///   of `Type`, which implements [`HostileInputs`](crate::HostileInputs)
///   and [`Crafts<D>`](crate::Crafts) for every dataset `D`, and the check
///   that they cover every [`Class::REQUIRED`](crate::Class::REQUIRED);
/// - `damaged_expansion = N`: the damaged encodings held to the codec's
///   own documented bound, `N` bytes per byte of input plus 64 KiB,
///   instead of the kit's [`HOSTILE_EXPANSION`](crate::HOSTILE_EXPANSION)
///   ([`hostile_within`](crate::hostile_within()));
/// - `skip(dataset::check, …) = "reason"`: leaves out the named tests
///   (`telemetry::edge_cases`), for a codec whose crate holds it to a
///   check of its own there; the reason says which and why;
/// - `global_allocator = false`: for a second codec in the same test
///   binary, which already has the kit's allocator.
///
/// ```ignore
/// serbench_testkit::conformance_tests!(
///     serbench_json::JsonSonic,
///     hostile = crate::hostile::Sonic,
///     skip(telemetry::edge_cases, telemetry::properties) = "sonic-rs cannot read -0.0 \
///         back: `sonic::telemetry_*` hold it to an encode error",
///     global_allocator = false,
/// );
/// ```
#[macro_export]
macro_rules! conformance_tests {
    (
        $codec:ty
        $(, hostile = $hostile:ty)?
        $(, damaged_expansion = $expansion:expr)?
        $(, skip($($skip_dataset:ident::$skip_check:ident),+ $(,)?) = $reason:literal)?
        $(, global_allocator = $global:tt)?
        $(,)?
    ) => {
        $crate::conformance_tests!(@allocator $($global)?);
        $crate::conformance_tests!(
            @codec ($)
            [$codec]
            [$($hostile)?]
            [$crate::conformance_tests!(@expansion $($expansion)?)]
            [$($($skip_dataset::$skip_check)+)?]
        );
    };
    (@allocator) => {
        #[global_allocator]
        static COUNTING_ALLOCATOR: $crate::CountingAllocator = $crate::CountingAllocator;
    };
    (@allocator false) => {};
    (@expansion) => {
        $crate::HOSTILE_EXPANSION
    };
    (@expansion $expansion:expr) => {
        $expansion
    };
    // `$d` is `$`, for the macros this one writes: a skip list matched by
    // dataset and check, and the tests of the datasets `for_each_dataset!`
    // lists.
    (
        @codec ($d:tt)
        [$codec:ty]
        [$($hostile:ty)?]
        [$expansion:expr]
        [$($skip_dataset:ident::$skip_check:ident)*]
    ) => {
        /// Writes a test unless the options skip it.
        macro_rules! __conformance_unless_skipped {
            $(($skip_dataset, $skip_check, $d($d test:tt)*) => {};)*
            ($d dataset:ident, $d check:ident, $d($d test:tt)*) => { $d($d test)* };
        }

        /// The tests of every dataset.
        macro_rules! __conformance_datasets {
            ($d($d module:ident: $d dataset:path,)*) => {
                $d(
                    mod $d module {
                        #[allow(unused_imports, reason = "the codec path may name an item of the parent")]
                        use super::*;

                        __conformance_unless_skipped!($d module, generated,
                            #[test]
                            fn generated() {
                                $crate::generated::<$codec, $d dataset>();
                            }
                        );

                        __conformance_unless_skipped!($d module, edge_cases,
                            #[test]
                            fn edge_cases() {
                                $crate::edge_cases::<$codec, $d dataset>();
                            }
                        );

                        __conformance_unless_skipped!($d module, properties,
                            #[test]
                            fn properties() {
                                $crate::properties::<$codec, $d dataset>();
                            }
                        );

                        __conformance_unless_skipped!($d module, hostile,
                            #[test]
                            fn hostile() {
                                $crate::hostile_within::<$codec, $d dataset>($expansion);
                            }
                        );

                        $(
                            __conformance_unless_skipped!($d module, crafted,
                                #[test]
                                fn crafted() {
                                    $crate::crafted::<$codec, $d dataset>(
                                        &<$hostile as $crate::Crafts<$d dataset>>::crafted(),
                                    );
                                }
                            );

                            __conformance_unless_skipped!($d module, expansion,
                                #[test]
                                fn expansion() {
                                    $crate::expansion::<$codec, $d dataset>(
                                        <$hostile as $crate::HostileInputs>::EXPANSION,
                                    );
                                }
                            );
                        )?
                    }
                )*

                $(
                    #[test]
                    fn hostile_coverage() {
                        let inputs = [$d(<$hostile as $crate::Crafts<$d dataset>>::crafted()),*];
                        $crate::coverage::<$hostile>(&inputs.concat());
                    }
                )?
            };
        }

        $crate::__private::for_each_dataset!(__conformance_datasets, modules);
    };
}

/// `document_tests!(Codec, Inputs)`: with the crate's `document` feature,
/// a test that the codec's document decode (`serbench measure`'s, from
/// `serbench_document::DocumentCodec`) refuses every crafted input of
/// `Inputs` whose fault lies in the wire format itself
/// ([`refused_by`](crate::refused_by())), as the dataset decode does. The
/// crate depends on `serbench-document` under that feature.
///
/// ```ignore
/// serbench_testkit::document_tests!(serbench_json::Json, crate::hostile::Inputs);
/// ```
#[macro_export]
macro_rules! document_tests {
    ($codec:ty, $hostile:ty $(,)?) => {
        #[cfg(feature = "document")]
        #[test]
        fn document_decode_refuses_the_wire_faults() {
            $crate::refused_by::<$hostile>(
                <$codec as $crate::__private::BaseCodec>::NAME,
                serbench_document::codec::decode_unknown::<$codec>,
            );
        }
    };
}

/// What `conformance_tests!` names in the crate that expands it, which may
/// not depend on the model under that name: not API.
#[doc(hidden)]
pub mod __private {
    pub use serbench_model::BaseCodec;
    pub use serbench_model::for_each_dataset;
}
