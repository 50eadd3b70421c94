//! Writes the committed seed corpora, `corpus/<target>/`, for every codec in
//! `for_each_codec!`:
//!
//! ```text
//! cargo run --manifest-path fuzz/Cargo.toml --example seed_corpus
//! ```
//!
//! A decode seed is the dataset's selector byte followed by an encoding: the
//! file `serbench dump --size task-manager=50 --size graph=12` writes, and
//! each of the kit's edge cases the format carries (up to 16 KiB). A
//! round-trip seed is the selector byte followed by fixed pseudo-random
//! bytes, from which the target builds a value.
//!
//! `cargo xtask fuzz` runs it with `--missing` before every run: it then
//! seeds only the corpora that do not exist yet (a new codec's) and fails
//! when a codec has no targets in `Cargo.toml`, saying what to add.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serbench_fuzz::Fuzzed;
use serbench_model::testkit::{Arbitrary, Needs};
use serbench_model::{Codec, Dataset, Format};

/// Edge-case encodings larger than this (the kit's 100 KB strings) would
/// slow every run of the target more than they teach it.
const MAX_SEED: usize = 16 * 1024;

/// The lengths of the round-trip seeds of each dataset.
const RANDOM_SEED_LENGTHS: [usize; 6] = [8, 32, 128, 512, 2_048, 8_192];

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let only_missing = std::env::args().skip(1).any(|arg| arg == "--missing");
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    let mut missing_targets = Vec::new();
    let mut result = Ok(());
    macro_rules! seed_every_codec {
        ($($codec:path),* $(,)?) => {$(
            let name = <$codec as Format>::NAME;
            for kind in KINDS {
                if !manifest.contains(&format!("name = \"{kind}_{name}\"")) {
                    missing_targets.push((kind, name, stringify!($codec)));
                }
            }
            if result.is_ok() {
                result = seed::<$codec>(&root.join("corpus"), only_missing);
            }
        )*};
    }
    serbench_model::for_each_codec!(seed_every_codec);
    if let Err(error) = result {
        eprintln!("error: cannot write the seed corpora: {error}");
        return ExitCode::FAILURE;
    }
    if missing_targets.is_empty() {
        return ExitCode::SUCCESS;
    }
    eprintln!("error: codecs in for_each_codec! without fuzz targets; add to fuzz/:");
    for (kind, name, codec) in missing_targets {
        eprintln!(
            "\n  fuzz_targets/{kind}_{name}.rs:\n    #![no_main]\n    \
             libfuzzer_sys::fuzz_target!(|data: &[u8]| serbench_fuzz::{kind}::<{codec}>(data));\n  \
             Cargo.toml:\n    [[bin]]\n    name = \"{kind}_{name}\"\n    \
             path = \"fuzz_targets/{kind}_{name}.rs\"\n    test = false\n    doc = false\n    \
             bench = false"
        );
    }
    ExitCode::FAILURE
}

/// The two kinds of target, named `<kind>_<codec>`.
const KINDS: [&str; 2] = ["decode", "round_trip"];

fn seed<C: Fuzzed>(corpus: &Path, only_missing: bool) -> io::Result<()> {
    let name = <C as Format>::NAME;
    let decode = corpus.join(format!("decode_{name}"));
    let round_trip = corpus.join(format!("round_trip_{name}"));
    if only_missing && has_files(&decode)? && has_files(&round_trip)? {
        return Ok(());
    }
    let decode = fresh(decode)?;
    let round_trip = fresh(round_trip)?;
    let mut selector = 0u8;
    macro_rules! seed_every_dataset {
        ($($dataset:path),* $(,)?) => {
            $(
                seed_dataset::<C, $dataset>(selector, &decode, &round_trip)?;
                selector += 1;
            )*
        };
    }
    serbench_model::for_each_dataset!(seed_every_dataset);
    println!("seeded {} and {}", decode.display(), round_trip.display());
    Ok(())
}

fn seed_dataset<C, D>(selector: u8, decode: &Path, round_trip: &Path) -> io::Result<()>
where
    C: Codec<D>,
    D: Dataset + Needs + Arbitrary,
{
    let size = match D::SIZE_UNIT {
        "tasks" => 50,
        "nodes" => 12,
        _ => 1,
    };
    let dumped = D::workload(size).into_iter().next();
    let edges = D::edge_cases().into_iter().enumerate();
    let values = dumped
        .map(|value| (D::NAME.to_owned(), value))
        .into_iter()
        .chain(edges.map(|(index, value)| (format!("{}-edge-{index}", D::NAME), value)));
    for (file, value) in values {
        let mut bytes = vec![selector];
        let encoded = C::encode(&value, &mut bytes).is_ok();
        if encoded && (file == D::NAME || bytes.len() <= MAX_SEED + 1) {
            fs::write(decode.join(file), bytes)?;
        }
    }
    for (index, len) in RANDOM_SEED_LENGTHS.into_iter().enumerate() {
        let mut bytes = vec![selector];
        let mut state = u64::from(selector) << 32 | index as u64;
        while bytes.len() <= len {
            bytes.extend_from_slice(&split_mix(&mut state).to_le_bytes());
        }
        fs::write(round_trip.join(format!("{}-{index}", D::NAME)), bytes)?;
    }
    Ok(())
}

fn has_files(path: &Path) -> io::Result<bool> {
    match fs::read_dir(path) {
        Ok(mut entries) => Ok(entries.next().is_some()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(error) => Err(error),
    }
}

/// `SplitMix64`: fixed bytes that look random.
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// An empty folder at `path`, replacing the seeds written before.
fn fresh(path: PathBuf) -> io::Result<PathBuf> {
    if path.exists() {
        fs::remove_dir_all(&path)?;
    }
    fs::create_dir_all(&path)?;
    Ok(path)
}
