//! `SERBENCH_MODE=safety`: the conformance kit's memory checks as figures,
//! one JSON line per dataset × codec, for the report's safety column.
//!
//! Each line holds the damaged encodings decoded, the worst peak of their
//! decode or traverse as a share of the kit's bound (4 × input + 64 KiB),
//! how many broke it or panicked, and the worst bytes held per byte of the
//! kit's dense valid values. The kit's own tests hold every codec to these
//! bounds; this shows the margin. The kit's samples are a few small
//! messages per dataset, whatever the run's size, so this pass takes
//! seconds.

use serbench_codecs::{Info, PairJob};
use serbench_model::{Codec, Error};
use serbench_results::SafetyLine;
use serbench_testkit::Safety;

/// The figures of one pair.
struct Measure;

macro_rules! jobs {
    ($($dataset:path),* $(,)?) => {
        $(
            impl PairJob<$dataset> for Measure {
                type Output = ();

                fn run<C: Codec<$dataset, Error = Error> + 'static>(self, info: &'static Info) {
                    print_line::<$dataset>(info, &serbench_testkit::safety::<C, $dataset>());
                }
            }
        )*

        /// Prints every pair's line, dataset by dataset in report order.
        pub(crate) fn report() {
            $(
                eprintln!("safety: {}", <$dataset as serbench_model::Dataset>::NAME);
                for codec in serbench_codecs::codecs() {
                    serbench_codecs::run::<$dataset, _>(codec.id, Measure);
                }
            )*
        }
    };
}

serbench_model::for_each_dataset!(jobs);

/// Prints one pair's [`SafetyLine`], the type the xtask reads. The kit
/// measures its own [`Safety`] (it is a dev crate of every codec and knows
/// nothing of the results schema); this is the one place its figures
/// become the results' [`serbench_results::Safety`].
fn print_line<D: serbench_model::Dataset>(info: &Info, safety: &Safety) {
    let line = SafetyLine {
        dataset: D::NAME.to_owned(),
        codec: info.id.to_owned(),
        safety: serbench_results::Safety {
            damaged: safety.damaged as u64,
            worst_of_bound: safety.worst_of_bound,
            violations: safety.violations as u64,
            dense_expansion: safety.dense_expansion,
        },
    };
    serbench_benches::json_line(&line);
}
