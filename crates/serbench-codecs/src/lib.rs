//! The one list of serbench codecs, and typed dispatch over it.
//!
//! serbench's command line, benchmarks and fuzz targets work on every codec
//! without naming any: they ask this crate. It depends on every codec crate,
//! each behind a cargo feature named by the codec's id (all on by default),
//! and holds the list in `src/list.rs`: per codec its type, the wire format
//! it writes, the library it times, that library's exact version, and
//! whether the timed path is the library's stock API or code written here
//! ([`Tuning`]). A codec crate joins with one line there and one dependency
//! and feature in the manifest; nothing else in the workspace changes.
//!
//! Dispatch is ordinary generic Rust. [`codecs`] lists the codecs;
//! [`run`] calls a [`PairJob`] with the codec type picked by id and the
//! dataset type picked by the caller, so the job's code is monomorphised
//! for each pair as if the types had been written out;
//! [`visit_datasets`] calls a [`DatasetVisitor`] with each dataset type.
//!
//! ```
//! use serbench_codecs::{Carried, Info, PairJob};
//! use serbench_model::{Codec, Error, MediaContent};
//!
//! /// Encodes the media record and reports its size.
//! struct Size;
//!
//! impl<D: Carried> PairJob<D> for Size {
//!     type Output = Result<usize, Error>;
//!
//!     fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> Self::Output {
//!         let value = D::workload(D::DEFAULT_SIZE).remove(0);
//!         Ok(C::to_vec(&value)?.len())
//!     }
//! }
//!
//! let json = serbench_codecs::codec("json").expect("json is a default feature");
//! assert_eq!((json.wire_format, json.library), ("JSON", "serde_json"));
//! let size = serbench_codecs::run::<MediaContent, _>("json", Size).expect("a listed codec");
//! assert_eq!(size?, 488);
//! # Ok::<(), Error>(())
//! ```

#[macro_use]
mod macros;
pub mod capabilities;
mod datasets;
mod list;

use std::fmt;
use std::sync::OnceLock;

use serbench_model::{Codec, Error, NativeCodec};

pub use crate::datasets::{Carried, DatasetVisitor, Registered, RegisteredNative, visit_datasets};
use crate::list::visit_list;

/// What the list says of one codec.
#[derive(Debug, PartialEq, Eq)]
pub struct Info {
    /// The codec's id, used by the CLI, the reports and the cargo feature:
    /// `"json"`, `"json-simd"`.
    pub id: &'static str,
    /// The codec crate, as Rust code names it (`serbench_json`); see
    /// [`Info::package`] for its package name.
    pub krate: &'static str,
    /// The wire format it writes, as people name it: `"JSON"`, `"Cap'n
    /// Proto"`. Codecs of one wire format write the same bytes where the
    /// format allows.
    pub wire_format: &'static str,
    /// The library whose code is timed: `"serde_json"`.
    pub library: &'static str,
    /// That library's exact version, as in `Cargo.lock`.
    pub version: &'static str,
    /// Whether the timed path is the library's own API or written here.
    pub tuning: Tuning,
    /// Whether the codec answers the traverse question from the bytes in
    /// place instead of decoding first.
    pub zero_copy: bool,
    /// Whether every truncated encoding fails to decode (protobuf's cannot
    /// tell a message cut at a field boundary from a smaller one).
    pub detects_truncation: bool,
    /// Whether the codec also has a message type of its own
    /// ([`NativeCodec`]), whose build and write halves are reported apart.
    pub native: bool,
    /// Whether it decodes into the datasets' borrowed forms (the `borrow`
    /// rows), and if not, why
    /// ([`BaseCodec::BORROW`](serbench_model::BaseCodec::BORROW)).
    pub borrow: serbench_model::Borrowing,
    /// What its crate declares for the capability table
    /// ([`BaseCodec::DECLARED`](serbench_model::BaseCodec::DECLARED)).
    pub declared: Option<serbench_model::declared::Declared>,
}

/// Whether `info`'s declared facts, if any, name its wire format and
/// library as its list line does: checked at compile time.
#[must_use]
pub(crate) const fn declares(info: &Info) -> bool {
    match info.declared {
        Some(declared) => {
            same(declared.format.wire_format, info.wire_format)
                && same(declared.library.library, info.library)
        }
        None => true,
    }
}

impl Info {
    /// The codec crate's package, as cargo names it (`serbench-json`):
    /// what `--compile-times` builds and times.
    #[must_use]
    pub fn package(&self) -> String {
        self.krate.replace('_', "-")
    }
}

impl fmt::Display for Info {
    /// The id, so divan names a bench row by it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

/// Whether a codec times its library's own API or a path written in
/// serbench, so a reader knows what a row measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tuning {
    /// The library's documented API, as a user of the library would call it.
    Stock,
    /// Code written in serbench around the library (hand-written decoders,
    /// a fast path): what tuning adds on top of the library.
    Tuned,
}

impl Tuning {
    /// The id the reports use: `"stock"` or `"tuned"`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Tuning::Stock => "stock",
            Tuning::Tuned => "tuned",
        }
    }

    /// The tuning a list line names; any other word stops the build.
    const fn from_marker(marker: &str) -> Self {
        if same(marker, "stock") {
            Tuning::Stock
        } else if same(marker, "tuned") {
            Tuning::Tuned
        } else {
            panic!("a list line's path is `stock` or `tuned`")
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/locked.rs"));

/// The version of `package` that `Cargo.lock` resolves, if it resolves
/// exactly one: what a list line's library is built at.
#[must_use]
pub const fn locked_version(package: &str) -> Option<&'static str> {
    let mut found = None;
    let mut at = 0;
    while at < LOCKED.len() {
        let (name, version) = LOCKED[at];
        if same(name, package) {
            if found.is_some() {
                return None;
            }
            found = Some(version);
        }
        at += 1;
    }
    found
}

/// [`locked_version`], for a list line: a library `Cargo.lock` does not
/// resolve to one version (a line written before its crate depends on
/// it) reads as such, and the registry's tests refuse it.
const fn listed_version(library: &str) -> &'static str {
    match locked_version(library) {
        Some(version) => version,
        None => "(not one version in Cargo.lock)",
    }
}

/// `a == b`, usable in constants.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut at = 0;
    while at < a.len() {
        if a[at] != b[at] {
            return false;
        }
        at += 1;
    }
    true
}

/// Typed work called with each codec of the list: the codec's type and
/// what the list says of it.
pub trait Visitor {
    /// Called once per codec, in list order.
    fn codec<C: Registered>(&mut self, info: &'static Info);

    /// Called after [`Visitor::codec`] for codecs that also implement
    /// [`NativeCodec`] for every dataset.
    fn native<C: RegisteredNative>(&mut self, info: &'static Info) {
        let _ = info;
    }

    /// Called after [`Visitor::codec`] for codecs whose crate carries a
    /// document (marked `document` in the list).
    #[cfg(feature = "document")]
    fn document<C: serbench_document::DocumentCodec>(&mut self, info: &'static Info) {
        let _ = info;
    }

    /// Called after [`Visitor::codec`] for codecs whose crate offers its
    /// library's serde calls for any type (marked `serde` in the list).
    #[cfg(feature = "document")]
    fn serde<C: serbench_document::SerdeCodec + 'static>(&mut self, info: &'static Info) {
        let _ = info;
    }

    /// Called after [`Visitor::serde`] for codecs whose library also reads
    /// any type borrowed from a slice (marked `lend` in the list).
    #[cfg(feature = "document")]
    fn lend<C: serbench_document::SerdeLend + 'static>(&mut self, info: &'static Info) {
        let _ = info;
    }

    /// Called after [`Visitor::codec`] for the codec whose crate reads a
    /// user's file of its wire format (marked `input` in the list).
    #[cfg(feature = "document")]
    fn input<C: serbench_document::ReadDocument>(&mut self, info: &'static Info) {
        let _ = info;
    }

    /// Called after [`Visitor::codec`] for codecs whose crate tests its
    /// library's schema evolution (marked `evolution` in the list).
    #[cfg(feature = "evolution")]
    fn evolution<C: serbench_evolution::Evolution>(&mut self, info: &'static Info) {
        let _ = info;
    }
}

/// The evolution matrix's rows: every practice of every codec marked
/// `evolution` and built in, with the wire format and library its line
/// names, in list order. Two codecs of one library and practice (a tuned
/// and a stock row) give one row.
#[cfg(feature = "evolution")]
#[must_use]
pub fn evolution_rows() -> Vec<serbench_evolution::Row> {
    struct Collect(Vec<serbench_evolution::Row>);

    impl Visitor for Collect {
        fn codec<C: Registered>(&mut self, _: &'static Info) {}

        fn evolution<C: serbench_evolution::Evolution>(&mut self, info: &'static Info) {
            for practice in C::PRACTICES {
                let seen = self.0.iter().any(|row| {
                    (row.wire_format, row.library, row.practice.practice)
                        == (info.wire_format, info.library, practice.practice)
                });
                if !seen {
                    self.0.push(serbench_evolution::Row {
                        wire_format: info.wire_format,
                        library: info.library,
                        practice: *practice,
                    });
                }
            }
        }
    }

    let mut collect = Collect(Vec::new());
    visit_list(&mut collect);
    collect.0
}

/// Every cell of the evolution matrix, over [`evolution_rows`].
#[cfg(feature = "evolution")]
#[must_use]
pub fn evolution_matrix() -> Vec<serbench_evolution::Cell> {
    serbench_evolution::matrix(&evolution_rows())
}

/// How a user's file of `wire_format` (`"JSON"`, `"CBOR"`) is read into a
/// document, by the crate of the codec marked `input` for it; `None` when
/// that codec is not built in.
#[cfg(feature = "document")]
#[must_use]
pub fn document_reader(wire_format: &str) -> Option<serbench_document::ReadInput> {
    struct Find<'a> {
        wire_format: &'a str,
        found: Option<serbench_document::ReadInput>,
    }

    impl Visitor for Find<'_> {
        fn codec<C: Registered>(&mut self, _: &'static Info) {}

        fn input<C: serbench_document::ReadDocument>(&mut self, info: &'static Info) {
            if info.wire_format == self.wire_format && self.found.is_none() {
                self.found = Some(C::read_document);
            }
        }
    }

    let mut find = Find {
        wire_format,
        found: None,
    };
    visit_list(&mut find);
    find.found
}

/// Codec `id`'s serde calls as a codec of the user's own type `T`, for
/// `serbench measure`'s typed path; `None` when the codec is not built in
/// or its crate offers no serde path.
#[cfg(feature = "document")]
#[must_use]
pub fn serde_codec<T>(id: &str) -> Option<Box<dyn serbench_document::Codec<T>>>
where
    T: serde::Serialize + serde::de::DeserializeOwned + 'static,
{
    struct Find<'a, T> {
        id: &'a str,
        found: Option<Box<dyn serbench_document::Codec<T>>>,
    }

    impl<T> Visitor for Find<'_, T>
    where
        T: serde::Serialize + serde::de::DeserializeOwned + 'static,
    {
        fn codec<C: Registered>(&mut self, _: &'static Info) {}

        fn serde<C: serbench_document::SerdeCodec + 'static>(&mut self, info: &'static Info) {
            if info.id == self.id {
                self.found = Some(Box::new(
                    serbench_document::serde_path::Through::<C>::default(),
                ));
            }
        }
    }

    let mut find = Find { id, found: None };
    visit_list(&mut find);
    find.found
}

/// As [`serde_codec`], for a type with a borrowed form: codec `id`'s serde
/// calls with, where its library lends (marked `lend` in the list), a
/// borrowed decode of `T`'s form through them
/// ([`Codec::lender`](serbench_document::Codec::lender)), for
/// `serbench measure`'s typed `borrow` row.
#[cfg(feature = "document")]
#[must_use]
pub fn serde_lending_codec<T>(id: &str) -> Option<Box<dyn serbench_document::Codec<T>>>
where
    T: serde::Serialize + serde::de::DeserializeOwned + serbench_document::BorrowedForm + 'static,
{
    use serbench_document::serde_path::{Lending, Through};

    struct Find<'a, T> {
        id: &'a str,
        found: Option<Box<dyn serbench_document::Codec<T>>>,
    }

    impl<T> Visitor for Find<'_, T>
    where
        T: serde::Serialize
            + serde::de::DeserializeOwned
            + serbench_document::BorrowedForm
            + 'static,
    {
        fn codec<C: Registered>(&mut self, _: &'static Info) {}

        fn serde<C: serbench_document::SerdeCodec + 'static>(&mut self, info: &'static Info) {
            if info.id == self.id {
                self.found = Some(Box::new(Through::<C>::default()));
            }
        }

        /// Called after `serde` for the same codec: the lending codec
        /// takes the place of the plain one.
        fn lend<C: serbench_document::SerdeLend + 'static>(&mut self, info: &'static Info) {
            if info.id == self.id {
                self.found = Some(Box::new(Lending::<C>::default()));
            }
        }
    }

    let mut find = Find { id, found: None };
    visit_list(&mut find);
    find.found
}

/// Calls `visitor` with every codec built in, in report order.
pub fn visit_codecs(visitor: &mut impl Visitor) {
    visit_list(visitor);
}

/// Every codec built in, in report order.
#[must_use]
pub fn codecs() -> &'static [&'static Info] {
    struct Collect(Vec<&'static Info>);

    impl Visitor for Collect {
        fn codec<C: Registered>(&mut self, info: &'static Info) {
            self.0.push(info);
        }
    }

    static CODECS: OnceLock<Vec<&'static Info>> = OnceLock::new();
    CODECS.get_or_init(|| {
        let mut collect = Collect(Vec::new());
        visit_list(&mut collect);
        collect.0
    })
}

/// The codecs with build and write rows ([`Info::native`]).
pub fn native_codecs() -> impl Iterator<Item = &'static Info> {
    codecs().iter().copied().filter(|info| info.native)
}

/// The codec with id `id`, if it is built in.
#[must_use]
pub fn codec(id: &str) -> Option<&'static Info> {
    codecs().iter().copied().find(|info| info.id == id)
}

/// Work on dataset `D` with one codec, whose type the job learns.
pub trait PairJob<D: Carried> {
    /// What the job gives back.
    type Output;

    /// Runs the job with codec `C`.
    fn run<C: Codec<D, Error = Error> + 'static>(self, info: &'static Info) -> Self::Output;
}

/// Work on dataset `D` with the native half of one codec.
pub trait NativeJob<D: Carried> {
    /// What the job gives back.
    type Output;

    /// Runs the job with native codec `C`.
    fn run<C: NativeCodec<D> + Codec<D, Error = Error> + 'static>(
        self,
        info: &'static Info,
    ) -> Self::Output;
}

/// Runs `job` for the codec with id `codec` on dataset `D`; `None` when no
/// such codec is built in.
pub fn run<D: Carried, J: PairJob<D>>(codec: &str, job: J) -> Option<J::Output> {
    struct Find<'a, D: Carried, J: PairJob<D>> {
        codec: &'a str,
        job: Option<J>,
        output: Option<J::Output>,
        dataset: std::marker::PhantomData<D>,
    }

    impl<D: Carried, J: PairJob<D>> Visitor for Find<'_, D, J> {
        fn codec<C: Registered>(&mut self, info: &'static Info) {
            if info.id == self.codec
                && let Some(job) = self.job.take()
            {
                self.output = Some(D::run_pair::<C, J>(job, info));
            }
        }
    }

    let mut find = Find {
        codec,
        job: Some(job),
        output: None,
        dataset: std::marker::PhantomData::<D>,
    };
    visit_list(&mut find);
    find.output
}

/// Runs `job` for the native codec with id `codec` on dataset `D`; `None`
/// when no such native codec is built in.
pub fn run_native<D: Carried, J: NativeJob<D>>(codec: &str, job: J) -> Option<J::Output> {
    struct Find<'a, D: Carried, J: NativeJob<D>> {
        codec: &'a str,
        job: Option<J>,
        output: Option<J::Output>,
        dataset: std::marker::PhantomData<D>,
    }

    impl<D: Carried, J: NativeJob<D>> Visitor for Find<'_, D, J> {
        fn codec<C: Registered>(&mut self, _: &'static Info) {}

        fn native<C: RegisteredNative>(&mut self, info: &'static Info) {
            if info.id == self.codec
                && let Some(job) = self.job.take()
            {
                self.output = Some(D::run_native::<C, J>(job, info));
            }
        }
    }

    let mut find = Find {
        codec,
        job: Some(job),
        output: None,
        dataset: std::marker::PhantomData::<D>,
    };
    visit_list(&mut find);
    find.output
}
