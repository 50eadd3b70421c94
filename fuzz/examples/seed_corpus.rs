//! Writes the committed seed corpora, `corpus/<kind>_<codec>/`, for every
//! codec of the registry:
//!
//! ```text
//! cargo run --manifest-path fuzz/Cargo.toml --example seed_corpus
//! ```
//!
//! A decode seed is the dataset's selector byte followed by an encoding: the
//! file `serbench dump --size task-manager=50 --size graph=12` writes, and
//! each of the kit's edge cases the format carries (up to 16 KiB). A
//! round-trip seed is the selector byte followed by fixed pseudo-random
//! bytes, from which the target builds a value. The same code writes the
//! same bytes on every run, so re-seeding leaves the committed files as
//! they are.
//!
//! `cargo xtask fuzz` runs it with `--missing` before every run, which
//! seeds only the codecs that have no corpus yet (a new codec's), and with
//! `--list`, which prints the registry's codec ids, one a line, and writes
//! nothing.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serbench_codecs::{Info, PairJob};
use serbench_fuzz::{DatasetVisitor, Fuzzed, visit_datasets};
use serbench_model::{Codec, Error};

const USAGE: &str = "usage: seed_corpus [--missing] [--list]";

/// Edge-case encodings larger than this (the kit's 100 KB strings) would
/// slow every run of the target more than they teach it.
const MAX_SEED: usize = 16 * 1024;

/// The lengths of the round-trip seeds of each dataset.
const RANDOM_SEED_LENGTHS: [usize; 6] = [8, 32, 128, 512, 2_048, 8_192];

fn main() -> ExitCode {
    let (mut only_missing, mut list) = (false, false);
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--missing" => only_missing = true,
            "--list" => list = true,
            _ => {
                eprintln!("error: unknown argument {arg:?}\n{USAGE}");
                return ExitCode::FAILURE;
            }
        }
    }
    if list {
        for info in serbench_codecs::codecs() {
            println!("{}", info.id);
        }
        return ExitCode::SUCCESS;
    }
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for info in serbench_codecs::codecs() {
        if let Err(error) = seed(&corpus, info.id, only_missing) {
            eprintln!(
                "error: cannot write the seed corpora of {}: {error}",
                info.id
            );
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Writes both corpora of `codec`, unless `only_missing` and both exist.
fn seed(corpus: &Path, codec: &str, only_missing: bool) -> io::Result<()> {
    let decode = corpus.join(format!("decode_{codec}"));
    let round_trip = corpus.join(format!("round_trip_{codec}"));
    if only_missing && has_files(&decode)? && has_files(&round_trip)? {
        return Ok(());
    }
    let mut seeds = Seeds {
        codec,
        decode: fresh(decode)?,
        round_trip: fresh(round_trip)?,
        result: Ok(()),
    };
    visit_datasets(&mut seeds);
    seeds.result?;
    println!(
        "seeded {} and {}",
        seeds.decode.display(),
        seeds.round_trip.display()
    );
    Ok(())
}

/// Seeds every dataset of one codec, stopping at the first error.
struct Seeds<'a> {
    codec: &'a str,
    decode: PathBuf,
    round_trip: PathBuf,
    result: io::Result<()>,
}

impl DatasetVisitor for Seeds<'_> {
    fn dataset<D: Fuzzed>(&mut self, selector: u8) {
        if self.result.is_ok() {
            self.result = self.seed_dataset::<D>(selector);
        }
    }
}

impl Seeds<'_> {
    fn seed_dataset<D: Fuzzed>(&self, selector: u8) -> io::Result<()> {
        let encodings = serbench_codecs::run::<D, _>(self.codec, Encodings(selector))
            .ok_or_else(|| io::Error::other(format!("{} is not in the registry", self.codec)))?;
        for (file, bytes) in encodings {
            fs::write(self.decode.join(file), bytes)?;
        }
        for (index, len) in RANDOM_SEED_LENGTHS.into_iter().enumerate() {
            let mut bytes = vec![selector];
            let mut state = u64::from(selector) << 32 | index as u64;
            while bytes.len() <= len {
                bytes.extend_from_slice(&split_mix(&mut state).to_le_bytes());
            }
            fs::write(self.round_trip.join(format!("{}-{index}", D::NAME)), bytes)?;
        }
        Ok(())
    }
}

/// The decode seeds of one dataset in the codec the registry picks, each
/// its file name and bytes (the selector byte first).
struct Encodings(u8);

impl<D: Fuzzed> PairJob<D> for Encodings {
    type Output = Vec<(String, Vec<u8>)>;

    fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> Self::Output {
        let encoded = |value: &D| {
            let mut bytes = vec![self.0];
            C::encode(value, &mut bytes).is_ok().then_some(bytes)
        };
        let dumped = D::workload(D::SEED_SIZE).into_iter().next();
        let dumped = dumped
            .and_then(|value| encoded(&value))
            .map(|bytes| (D::NAME.to_owned(), bytes));
        let edges = D::edge_cases()
            .into_iter()
            .enumerate()
            .filter_map(|(index, value)| {
                let bytes = encoded(&value).filter(|bytes| bytes.len() <= MAX_SEED + 1)?;
                Some((format!("{}-edge-{index}", D::NAME), bytes))
            });
        dumped.into_iter().chain(edges).collect()
    }
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
