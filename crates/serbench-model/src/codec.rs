//! The contract between the model and the format crates.

use std::fmt;

/// One of the model's datasets: a model type with a generator and a traverse
/// question.
pub trait Dataset: Clone + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// The id used by the CLI and the reports, such as `"task-manager"`.
    const NAME: &'static str;
    /// One line on what the dataset is and where it comes from.
    const ABOUT: &'static str;
    /// What the `size` of [`Dataset::workload`] counts (`"tasks"`,
    /// `"messages"`, `"nodes"`), or `""` for a fixed value.
    const SIZE_UNIT: &'static str;
    /// The size the benchmarks use.
    const DEFAULT_SIZE: usize;
    /// The size a quick benchmark run (`cargo xtask bench --quick`)
    /// measures: the default unless that takes minutes per bench.
    const QUICK_SIZE: usize = Self::DEFAULT_SIZE;
    /// The size `serbench dump` writes unless told otherwise: one message
    /// of a message stream, and a file small enough to open in an editor.
    const DUMP_SIZE: usize = Self::DEFAULT_SIZE;
    /// The size whose round trip the conformance kit checks in every codec
    /// crate's tests (a debug build): the default unless the debug build
    /// of the slowest codec takes seconds on it. The benchmarks verify the
    /// round trip at their own size before they time it.
    const TEST_SIZE: usize = Self::DEFAULT_SIZE;
    /// The size of the workload whose encodings the conformance kit
    /// damages (cuts at every length, flips bits in): a few of the unit,
    /// so that every cut of a message stays cheap to decode.
    const DAMAGED_SIZE: usize;

    /// The answer to the dataset's traverse question. It prints as one line
    /// of compact JSON, the same for every format holding the same value.
    type Answer: Clone + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The same value with its text borrowed from the bytes it was read
    /// from: the dataset's type with [`Text`](crate::Text) for `String`,
    /// the value a borrowed decode ([`Codec::borrow`]) builds. Its lists
    /// are still built, so it allocates as many times as the value has
    /// lists, and not once per string.
    type Borrowed<'a>: Clone + PartialEq + fmt::Debug + Send + Sync;

    /// Whether the dataset holds text a borrowed decode can lend: `false`
    /// where the borrowed form is the owned type itself (no text, as in
    /// RSB's mesh and mk48), so a borrowed decode allocates as the owned
    /// one does.
    const LENDS_TEXT: bool = true;

    /// This value's borrowed form, its text lent from `self`: what a
    /// borrowed decode of its encoding must equal, and the floor under
    /// one, the lists built with no parsing at all.
    fn lend(&self) -> Self::Borrowed<'_>;

    /// The messages a benchmark encodes and decodes one by one. Most datasets
    /// are one document; telemetry is `size` separate messages. Fixed
    /// datasets (records, media) ignore `size`.
    fn workload(size: usize) -> Vec<Self>;

    /// Answers the traverse question by walking the value.
    fn traverse(&self) -> Self::Answer;

    /// How reports name a run at `size`, such as `"10 000 messages"`, or
    /// `""` for a fixed value. A dataset whose generator makes something
    /// other than `size` of its unit says so (`"10 000 → 9 944 tasks"`).
    #[must_use]
    fn size_label(size: usize) -> String {
        if Self::SIZE_UNIT.is_empty() {
            String::new()
        } else {
            format!("{} {}", grouped(size), Self::SIZE_UNIT)
        }
    }
}

/// `n` with its digits in groups of three, as the reports write numbers:
/// `9 944`, `10 000`.
#[must_use]
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(digit);
    }
    out
}

/// What a format can represent beyond the values every format carries.
///
/// Every format carries the *portable* values: finite floats, strings of
/// characters XML 1.0 allows, and timestamps RFC 3339 can write (offset in
/// whole minutes within ±23:59, year 0 to 9999). A value outside that set needs the matching
/// capability; a codec without it must refuse the value with an encode
/// error, never change it. The conformance kit checks both halves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "one flag per independent capability"
)]
pub struct Carries {
    /// NaN and the infinities.
    pub non_finite_floats: bool,
    /// NaNs other than the canonical quiet NaN `0x7ff8_0000_0000_0000`.
    pub nan_payloads: bool,
    /// Characters XML 1.0 cannot hold: C0 controls other than tab, line feed
    /// and carriage return, and U+FFFE, U+FFFF.
    pub xml_forbidden_chars: bool,
    /// UTC offsets RFC 3339 cannot write: with a seconds part (`+05:30:15`)
    /// or of 24 hours and more.
    pub offsets_outside_rfc3339: bool,
    /// Years before 0 or after 9999, which RFC 3339 cannot write.
    pub years_outside_rfc3339: bool,
}

impl Carries {
    /// A format that carries every value of the model bit for bit.
    pub const EVERYTHING: Carries = Carries {
        non_finite_floats: true,
        nan_payloads: true,
        xml_forbidden_chars: true,
        offsets_outside_rfc3339: true,
        years_outside_rfc3339: true,
    };

    /// Whether every capability in `needed` is one this format has.
    #[must_use]
    pub const fn covers(self, needed: Carries) -> bool {
        (self.non_finite_floats || !needed.non_finite_floats)
            && (self.nan_payloads || !needed.nan_payloads)
            && (self.xml_forbidden_chars || !needed.xml_forbidden_chars)
            && (self.offsets_outside_rfc3339 || !needed.offsets_outside_rfc3339)
            && (self.years_outside_rfc3339 || !needed.years_outside_rfc3339)
    }
}

/// Whether a codec's crate carries a user's document (`serbench
/// measure`), as [`BaseCodec::DOCUMENT`] states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocumentPath {
    /// Its crate carries a document (its `document` feature), and the
    /// registry's list line says so.
    Carried,
    /// The library is measured for a document by another codec of the
    /// registry, `by`: this codec is a second path through it (a tuned
    /// fast path for the model's own types, a stock API beside it). Why.
    Elsewhere {
        /// The codec whose row measures the library.
        by: &'static str,
        /// Why this codec has no row of its own.
        why: &'static str,
    },
    /// The library cannot be driven by a document known only at run time;
    /// its row says why.
    Unavailable(&'static str),
}

impl Borrowing {
    /// A library that can lend its input's text, for which serbench has
    /// no borrowed decode yet: said as such, rather than left out.
    pub const NOT_WRITTEN: Borrowing =
        Borrowing::Unavailable("its library may lend; no borrowed decode written yet");
}

/// Whether a codec decodes into the datasets' borrowed forms
/// ([`Codec::borrow`]), as [`BaseCodec::BORROW`] states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Borrowing {
    /// Its [`Codec::borrow`] reads every dataset, lending the input's text
    /// wherever the library does.
    Lends,
    /// It has no borrowed decode, and why: its library builds owned
    /// strings, reads from a stream, or parses a mutable copy; or the
    /// format is zero-copy and its traverse reads the bytes in place.
    Unavailable(&'static str),
}

/// A codec, independent of the dataset it carries: the half of
/// [`Codec<T>`] that is the same for every dataset.
///
/// A codec is one library's implementation of a wire format (`json-simd`
/// times simd-json writing JSON); a wire format with several libraries has
/// several codecs.
pub trait BaseCodec {
    /// The codec's id, used by the CLI and the reports, such as `"json"` or
    /// `"json-simd"`.
    const NAME: &'static str;
    /// Whether [`Codec::traverse`] reads the bytes in place instead of
    /// decoding first; reports label such rows.
    const ZERO_COPY: bool = false;
    /// What the codec carries beyond the portable values.
    const CARRIES: Carries;
    /// Whether every truncated encoding fails to decode. Protobuf's cannot:
    /// a message cut at a field boundary is a valid, smaller message.
    const DETECTS_TRUNCATION: bool = true;
    /// Whether the codec's crate carries a user's document for `serbench
    /// measure`, and if not, why: a codec's row of its own there, or
    /// none, comes from this.
    const DOCUMENT: DocumentPath = DocumentPath::Carried;
    /// Whether [`Codec::borrow`] reads the datasets' borrowed forms, and if
    /// not, why: a borrowed-decode row of its own in the reports, or a
    /// reason in its place. Every codec states it.
    const BORROW: Borrowing;
    /// What the crate declares of the codec's wire format, library and API
    /// path for the capability table. The registry's tests fail while a
    /// listed codec declares nothing.
    const DECLARED: Option<crate::declared::Declared> = None;
    /// The crate's one error type.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Told that `bytes` stay in memory, unchanged, for the rest of the
    /// process (a `&'static [u8]` is never freed nor changed). The
    /// benchmark says so of its verified encodings before it times
    /// [`Codec::traverse`] on them. A codec may then skip checks it has
    /// already made on those very bytes, as `rkyv-unvalidated` skips
    /// validation; it must still check any other input in full. Every
    /// other codec ignores it, the default.
    fn trust(bytes: &'static [u8]) {
        let _ = bytes;
    }
}

/// A codec that carries dataset type `T`.
///
/// `decode` is safe on untrusted bytes: it bounds depth and allocation,
/// rejects trailing bytes, and returns `Err` rather than panicking.
pub trait Codec<T: Dataset>: BaseCodec {
    /// Appends the encoding of `value` to `out`, so callers can reuse one
    /// buffer. On error `out` may hold a partial encoding.
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Self::Error>;

    /// Decodes exactly one value that fills `bytes`.
    fn decode(bytes: &[u8]) -> Result<T, Self::Error>;

    /// Decodes exactly one value that fills `bytes` into the dataset's
    /// borrowed form ([`Dataset::Borrowed`]), its text borrowed from
    /// `bytes` where the library lends it; `None` when the codec has no
    /// borrowed decode ([`BaseCodec::BORROW`] says why).
    ///
    /// It is as safe on untrusted bytes as [`Codec::decode`], `Ok` exactly
    /// when `decode` is, and then equal to the decoded value's
    /// [`Dataset::lend`]. The conformance kit holds it to both.
    #[must_use]
    fn borrow(bytes: &[u8]) -> Option<Result<T::Borrowed<'_>, Self::Error>> {
        let _ = bytes;
        None
    }

    /// Encodes `value` into a new buffer.
    fn to_vec(value: &T) -> Result<Vec<u8>, Self::Error> {
        let mut out = Vec::new();
        Self::encode(value, &mut out)?;
        Ok(out)
    }

    /// Answers the dataset's traverse question from the bytes. Zero-copy
    /// formats read the answer in place; the default decodes first.
    ///
    /// It is `Ok` exactly when [`Codec::decode`] of the same bytes is, and
    /// then equals the decoded value's [`Dataset::traverse`]: the answer is
    /// about the value the bytes hold, and bytes that hold no valid value
    /// have none. So a zero-copy traverse checks in place all that decoding
    /// checks (pointers and bounds, UTF-8, enum values, timestamp ranges,
    /// required fields, the reader's limits) without building the value.
    /// The conformance kit compares the two on every input it decodes.
    fn traverse(bytes: &[u8]) -> Result<T::Answer, Self::Error> {
        Self::decode(bytes).map(|value| value.traverse())
    }
}

/// The borrowed decode of a codec whose library reports nothing useful
/// when it fails: `lend` reads the bytes, `None` on any failure, and the
/// failure is then told as [`Codec::decode`] tells it, by decoding the
/// same bytes owned. So a borrowed decode refuses what the owned one
/// refuses, in its words, and pays for them only when it fails.
///
/// # Errors
///
/// The owned decode's error of `bytes`; an [`ErrorKind::Invalid`] one when
/// the owned decode accepts what `lend` refused, a bug the conformance
/// kit reports.
///
/// [`ErrorKind::Invalid`]: crate::ErrorKind::Invalid
pub fn lend_or_tell<'a, C, T>(
    bytes: &'a [u8],
    lend: impl FnOnce(&'a [u8]) -> Option<T::Borrowed<'a>>,
) -> Result<T::Borrowed<'a>, crate::Error>
where
    C: Codec<T, Error = crate::Error>,
    T: Dataset,
{
    if let Some(lent) = lend(bytes) {
        return Ok(lent);
    }
    Err(match C::decode(bytes) {
        Err(error) => error,
        Ok(_) => crate::Error::new::<C, T>(
            crate::ErrorKind::Invalid,
            "the borrowed decode refused what the owned decode reads",
        ),
    })
}

/// A codec whose library has a message type of its own (protobuf's
/// generated structs, a Cap'n Proto or FlatBuffers builder). The benchmark reports
/// its two halves as separate, labelled rows: building the message from
/// the model, and writing a prebuilt message.
pub trait NativeCodec<T: Dataset>: Codec<T> {
    /// The format's own message, ready to write.
    type Message;

    /// Builds the format's message from the model.
    fn build(value: &T) -> Result<Self::Message, Self::Error>;

    /// Appends the encoding of a prebuilt message to `out`; the bytes equal
    /// [`Codec::encode`]'s for the same value.
    fn write(message: &Self::Message, out: &mut Vec<u8>) -> Result<(), Self::Error>;
}
