//! A user's own type read borrowed (`measure_value_lent`): the rows whose
//! library lends read it into its borrowed form, verified against the
//! value written before they are timed, and allocate less than decode;
//! the others say why they have no `borrow`.

use std::borrow::Cow;
use std::ops::Range;

use serbench_measure::{BorrowedForm, Options, measure_value_lent};
use serde::{Deserialize, Serialize};

/// The serde rows whose library reads a type borrowed.
const LENDING: &[&str] = &[
    "json",
    "json-sonic",
    "cbor-cbor4ii",
    "msgpack",
    "bincode-stock",
    "postcard",
    "bitcode-serde",
];

/// The rows whose encoding writes `"` and a newline as escapes, so that
/// a `Cow` of such text is a copy.
const ESCAPING: &[&str] = &["json", "json-sonic"];

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Post {
    id: u64,
    author: String,
    title: String,
    body: String,
    tags: Vec<String>,
    score: f64,
}

/// `Post` as the input lends it: `&str` where no format escapes the text,
/// `Cow` where JSON may.
#[derive(Deserialize)]
struct PostRef<'a> {
    id: u64,
    author: &'a str,
    #[serde(borrow)]
    title: Cow<'a, str>,
    #[serde(borrow)]
    body: Cow<'a, str>,
    #[serde(borrow)]
    tags: Vec<&'a str>,
    score: f64,
}

impl BorrowedForm for Post {
    type Lent<'a> = PostRef<'a>;

    fn owned(lent: PostRef<'_>) -> Post {
        Post {
            id: lent.id,
            author: lent.author.to_owned(),
            title: lent.title.into_owned(),
            body: lent.body.into_owned(),
            tags: lent.tags.into_iter().map(str::to_owned).collect(),
            score: lent.score,
        }
    }
}

fn post() -> Post {
    Post {
        // Within i64, which every serde row carries (typed.rs holds
        // the rows to an id past it).
        id: 9_007_199_254_740_993,
        author: "Zoë Ångström".to_owned(),
        title: "Borrowed decodes, measured".to_owned(),
        body: "She said \"lend it\",\nand it was lent.".to_owned(),
        tags: vec!["serde".to_owned(), "zero-copy".to_owned(), "ünï".to_owned()],
        score: -0.25,
    }
}

fn within(text: &str, bytes: &Range<*const u8>) -> bool {
    bytes.contains(&text.as_ptr())
}

/// Every serde row carries the value; the lending ones read it borrowed,
/// verified, and the others name why they have no `borrow`.
#[test]
fn every_lending_row_reads_the_value_borrowed_the_others_say_why_not() {
    let options = Options {
        untimed: true,
        ..Options::default()
    };
    let measured = measure_value_lent("post", &post(), &options);
    let ids: Vec<&str> = measured.records.iter().map(|r| r.codec.as_str()).collect();
    assert_eq!(ids, *serbench_measure::typed::SERDE_ROWS);
    for record in &measured.records {
        assert!(record.ok, "{}: {:?}", record.codec, record.error);
        if LENDING.contains(&record.codec.as_str()) {
            assert_eq!(record.borrow_unavailable, None, "{}", record.codec);
        } else {
            assert_eq!(
                record.borrow_unavailable.as_deref(),
                Some("its serde path has no borrowed read"),
                "{}",
                record.codec
            );
        }
    }
}

/// The borrowed form holds slices of the encoding: every `&str`, and
/// every `Cow` but one whose text the format escapes, which JSON's rows
/// copy.
#[test]
fn the_lent_text_is_the_encodings_own_bar_json_escapes() {
    let post = post();
    for &id in LENDING {
        let codec = serbench_codecs::serde_lending_codec::<Post>(id).expect("a serde row");
        let mut bytes = Vec::new();
        codec.encode(&post, &mut bytes).unwrap();
        let lender = codec
            .lender()
            .unwrap_or_else(|| panic!("{id} has no borrowed decode"));
        let lent = lender
            .borrow(&bytes)
            .unwrap_or_else(|error| panic!("{id}: {error}"));
        let input = bytes.as_ptr_range();
        assert!(within(lent.author, &input), "{id}: author");
        assert!(lent.tags.iter().all(|tag| within(tag, &input)), "{id}");
        assert!(
            matches!(lent.title, Cow::Borrowed(title) if within(title, &input)),
            "{id}: title"
        );
        let escaped = ESCAPING.contains(&id);
        assert_eq!(matches!(lent.body, Cow::Owned(_)), escaped, "{id}: body");
        assert_eq!(Post::owned(lent), post, "{id}");
        // What decode refuses, borrow refuses in its words.
        let cut = &bytes[..bytes.len() - 1];
        assert_eq!(
            lender.borrow(cut).err().map(|e| e.to_string()),
            codec.decode(cut).err().map(|e| e.to_string()),
            "{id}"
        );
    }
    // A row without the `lend` marker has no borrowed decode.
    let ciborium = serbench_codecs::serde_lending_codec::<Post>("cbor").unwrap();
    assert!(ciborium.lender().is_none());
}

/// Timed, with allocations counted (this binary's global allocator is
/// the counting one): each lending row's `borrow` allocates less than its
/// `decode`, which builds every `String` the borrow lends.
#[test]
fn a_borrow_allocates_less_than_a_decode() {
    // One row per wire format: no paired rounds to wait for.
    let rows = [
        "json",
        "cbor-cbor4ii",
        "msgpack",
        "bincode-stock",
        "postcard",
        "bitcode-serde",
    ];
    let options = Options {
        quick: true,
        codecs: rows.iter().map(|&id| id.to_owned()).collect(),
        ..Options::default()
    };
    let measured = measure_value_lent("post", &post(), &options);
    assert_eq!(measured.records.len(), rows.len());
    for record in &measured.records {
        assert!(record.ok, "{}: {:?}", record.codec, record.error);
        let allocs = |op: Option<&serbench_results::OpStats>| {
            op.and_then(|stats| stats.allocs)
                .unwrap_or_else(|| panic!("{}: no allocations counted", record.codec))
        };
        let (decode, borrow) = (
            allocs(record.ops.decode.as_ref()),
            allocs(record.ops.borrow.as_ref()),
        );
        println!(
            "{}: decode {decode} allocations, borrow {borrow}",
            record.codec
        );
        assert!(
            borrow < decode,
            "{}: borrow {borrow}, decode {decode}",
            record.codec
        );
    }
    assert!(measured.table().contains("borrow"));
}

/// A type whose borrowed form, owned again, is not the value written: the
/// lending rows fail, saying their borrowed decode does not read it, and
/// are not timed; the rows that read it owned only pass.
#[test]
fn a_borrowed_form_that_differs_fails_its_rows() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Tag {
        name: String,
        uses: u32,
    }

    #[derive(Deserialize)]
    struct TagRef<'a> {
        name: &'a str,
        uses: u32,
    }

    impl BorrowedForm for Tag {
        type Lent<'a> = TagRef<'a>;

        /// Deliberately wrong: one use too many.
        fn owned(lent: TagRef<'_>) -> Tag {
            Tag {
                name: lent.name.to_owned(),
                uses: lent.uses + 1,
            }
        }
    }

    let tag = Tag {
        name: "lent".to_owned(),
        uses: 3,
    };
    let options = Options {
        untimed: true,
        ..Options::default()
    };
    let measured = measure_value_lent("tag", &tag, &options);
    for record in &measured.records {
        if LENDING.contains(&record.codec.as_str()) {
            assert!(
                !record.ok,
                "{} verified a wrong borrowed form",
                record.codec
            );
            let error = record.error.as_deref().unwrap_or_default();
            assert!(
                error.contains("its borrowed decode does not read it exactly"),
                "{}: {error}",
                record.codec
            );
            assert!(record.ops.borrow.is_none() && record.ops.decode.is_none());
        } else {
            assert!(record.ok, "{}: {:?}", record.codec, record.error);
        }
    }
}

/// Bytes a serializer writes as bytes (serde writes a `Vec<u8>` as a
/// sequence of numbers), read back from bytes or a sequence.
#[derive(PartialEq, Debug)]
struct Blob(Vec<u8>);

impl Serialize for Blob {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Blob {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Blob, D::Error> {
        struct Bytes;

        impl<'de> serde::de::Visitor<'de> for Bytes {
            type Value = Blob;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("bytes")
            }

            fn visit_bytes<E>(self, bytes: &[u8]) -> Result<Blob, E> {
                Ok(Blob(bytes.to_vec()))
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Blob, A::Error> {
                let mut bytes = Vec::new();
                while let Some(byte) = seq.next_element()? {
                    bytes.push(byte);
                }
                Ok(Blob(bytes))
            }
        }

        deserializer.deserialize_byte_buf(Bytes)
    }
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Packet {
    id: u32,
    payload: Blob,
}

#[derive(Deserialize)]
struct PacketRef<'a> {
    id: u32,
    payload: &'a [u8],
}

impl BorrowedForm for Packet {
    type Lent<'a> = PacketRef<'a>;

    fn owned(lent: PacketRef<'_>) -> Packet {
        Packet {
            id: lent.id,
            payload: Blob(lent.payload.to_vec()),
        }
    }
}

/// A `&[u8]` field: the binary rows lend it; bitcode's serde form copies
/// bytes into a `Vec` first, so its borrowed read is refused and the row
/// fails, as a document's row does whose borrowed decode refuses its own
/// bytes.
#[test]
fn a_byte_slice_is_lent_by_the_binary_rows() {
    let packet = Packet {
        id: 9,
        payload: Blob((0..=255).collect()),
    };
    let lending = ["cbor-cbor4ii", "msgpack", "bincode-stock", "postcard"];
    for id in lending {
        let codec = serbench_codecs::serde_lending_codec::<Packet>(id).unwrap();
        let mut bytes = Vec::new();
        codec.encode(&packet, &mut bytes).unwrap();
        let lent = codec.lender().unwrap().borrow(&bytes).unwrap();
        assert!(
            bytes.as_ptr_range().contains(&lent.payload.as_ptr()),
            "{id}"
        );
    }
    let options = Options {
        untimed: true,
        codecs: lending
            .iter()
            .chain(&["bitcode-serde"])
            .map(|&id| id.to_owned())
            .collect(),
        ..Options::default()
    };
    let measured = measure_value_lent("packet", &packet, &options);
    for record in &measured.records {
        if record.codec == "bitcode-serde" {
            let error = record.error.as_deref().unwrap_or_default();
            assert!(
                !record.ok && error.contains("its borrowed decode refuses its own bytes"),
                "{error}"
            );
        } else {
            assert!(record.ok, "{}: {:?}", record.codec, record.error);
            assert_eq!(record.borrow_unavailable, None, "{}", record.codec);
        }
    }
}
