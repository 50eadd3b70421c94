//! XML for the serbench model, with [quick-xml]'s event reader and writer.
//!
//! XML is what the Qt serialization benchmark writes with
//! `QXmlStreamWriter`, and what many systems still exchange. This crate
//! writes the serbench datasets as compact XML 1.0 in UTF-8, and the
//! task-manager exactly in the Qt benchmark's layout, so a Qt program using
//! `QXmlStreamReader` reads what it writes and the other way round. It works
//! on quick-xml's events rather than serde: the layout is attributes and
//! text, which serde's data model does not describe, and the events let the
//! writer reuse one buffer per element name and the reader borrow values
//! from the input.
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_xml::to_vec(&manager)?;
//! assert!(bytes.starts_with(
//!     br#"<?xml version="1.0" encoding="UTF-8"?><taskmanager user="Demo User" version="1.0.0"><tasklist id=""#
//! ));
//! let back: TaskManager = serbench_xml::from_slice(&bytes)?;
//! assert_eq!(back, manager);
//!
//! // Indented, attributes in another order, an escape and a comment: the same value.
//! let qt = r##"<?xml version="1.0" encoding="UTF-8"?>
//! <taskmanager version="1.0.0" user="Demo &quot;User&quot;">
//!     <!-- written by hand -->
//!     <tasklist name="Work" id="67e55044-10b1-426f-9247-bb680e5fe0c8" color="#ff0000" created="2025-11-03T09:00:00.000Z"/>
//! </taskmanager>
//! "##;
//! let manager: TaskManager = serbench_xml::from_slice(qt.as_bytes())?;
//! assert_eq!(manager.user, r#"Demo "User""#);
//! # Ok::<(), serbench_xml::Error>(())
//! ```
//!
//! # Wire layout
//!
//! No indentation and no trailing newline; element and attribute names are
//! the model's field names (the task-manager's are Qt's). Writers put
//! attributes in the order shown; readers take any order, and skip
//! whitespace, comments and processing instructions between elements.
//!
//! - **task-manager**, the Qt benchmark's layout:
//!   `<?xml version="1.0" encoding="UTF-8"?>` then
//!   `<taskmanager user="Demo User" version="1.0.0">` holding
//!   `<tasklist id="…" name="Work" color="#ff0000" created="2025-11-03T09:00:00.000Z">`
//!   elements holding
//!   `<task id="…" name="Task 0-0" color="#ff0000" created="…" priority="0" completed="true">`
//!   elements whose text is the description. Ids are lowercase and
//!   hyphenated, colors `#rrggbb` or `#aarrggbb`, `created` RFC 3339 with at
//!   least millisecond digits, the version its dotted form (`""` when
//!   empty), priority `0` to `3`, completed `true` or `false` (`1` and `0`
//!   are read too, as `xs:boolean` allows). JSON and CBOR write the same
//!   text forms.
//! - **telemetry**, one small message:
//!   `<reading sensor_id="AB12CD34" ambient_temperature="21.5" object_temperature="…"
//!   accelerometer_x="…" accelerometer_y="…" accelerometer_z="…" altitude="…"
//!   light="…" humidity="…"/>`, with no XML declaration: it is optional, and
//!   would add 38 bytes to every message. Readings are `xs:double`s in the
//!   shortest form that reads back to the same bits: plain digits from 1e-5
//!   to 1e16, else an exponent (`1e300`, `5e-324`); `-0`, `NaN`, `INF` and
//!   `-INF`.
//! - **graph**: `<graph>` holding a `<node id="0" name="…" out_edges="0 1 2"
//!   in_edges="0 5"/>` per node, then an `<edge from="0" to="1"
//!   weight="17"/>` per edge; a node's or edge's index is its place among
//!   its kind (readers also take the two kinds interleaved). Edge index lists are `xs:list`s: decimal numbers separated by
//!   single spaces (any whitespace when read), `""` when empty.
//! - **records**: `<record ids="-7363025924956902506 433747491 …">` holding a
//!   `<string>…</string>` per string.
//! - **media**: `<mediacontent>` holding
//!   `<media uri="…" title="…" width="640" height="480" format="video/mpg4"
//!   duration="18000000" size="58982400" bitrate="262144" player="JAVA">`
//!   with a `<person>…</person>` per person, then an `<image uri="…"
//!   title="…" width="1024" height="768" size="LARGE"/>` per image (readers
//!   take the one `<media>` anywhere among them). `title`, `bitrate` and
//!   `copyright` are absent when `None`, and an empty title or copyright is
//!   `""`; `player` is `JAVA` or `FLASH`, `size` `SMALL` or `LARGE`.
//!
//! - **log**: `<logs>` holding a `<log address="192.168.0.1" identity="-"
//!   userid="alice" date="1/Jan/2000:0:0:0 +0000" request="GET /favicon.ico
//!   HTTP/1.1" code="200" size="1234"/>` per record, the address in its
//!   dotted form.
//! - **mesh**: `<mesh>` holding a `<triangle v0="x y z" v1="…" v2="…"
//!   normal="…"/>` per triangle, each vector an `xs:list` of three
//!   `xs:float`s, written as `xs:double`s are (the shortest form that reads
//!   back to the same `f32`).
//! - **minecraft_savedata**: `<players>` holding a `<player
//!   game_type="SURVIVAL" previous_game_type="…" score="…" dimension="…"
//!   selected_item_slot="…" spawn_dimension="…" spawn_x="…" spawn_y="…"
//!   spawn_z="…" spawn_forced="true" sleep_timer="…"
//!   food_exhaustion_level="…" food_saturation_level="…"
//!   food_tick_timer="…" xp_level="…" xp_p="…" xp_total="…" xp_seed="…"
//!   entered_nether_position="x y z" seen_credits="false">` per player,
//!   holding `<selected_item count slot id/>`, an `<item …/>` per inventory
//!   item, an `<ender_item …/>` per ender item, `<abilities walk_speed
//!   fly_speed may_fly flying invulnerable may_build instabuild/>`, a
//!   `<root_vehicle uuid="a b c d">` holding its `<entity …/>`,
//!   `<shoulder_entity_left …/>`, `<shoulder_entity_right …/>` and
//!   `<recipe_book …8 flags>` holding a `<recipe>` per recipe and a
//!   `<to_be_displayed>` per recipe to be shown. An entity's attributes are
//!   `id pos="x y z" motion="x y z" rotation="yaw pitch" fall_distance fire
//!   air on_ground no_gravity invulnerable portal_cooldown uuid="a b c d"
//!   custom_name custom_name_visible silent glowing`. Options are absent
//!   attributes or elements when `None`; game types `SURVIVAL`,
//!   `CREATIVE`, `ADVENTURE`, `SPECTATOR`; a UUID its four `u32`s.
//! - **mk48**: `<updates>` holding an `<update score="…"
//!   world_radius="…">` per update, holding a `<contact damage="…"
//!   entity_id="…" entity_type="YASEN" player_id="…" reloads="true false"
//!   turret_angles="12 345">` per contact (its `<guidance angle submerge
//!   velocity/>` and `<transform altitude angle position="x y"
//!   velocity/>` inside) and a `<terrain_update chunk_id="x y"
//!   data="0a1b…"/>` per terrain update (the data `xs:hexBinary`, written
//!   lowercase); readers take contacts and terrain updates interleaved.
//!   Entity types are `ARLEIGH_BURKE` to `ZUBR`. At RSB's counts: log
//!   1 567 502 bytes, mesh 20 317 883, minecraft_savedata 1 815 726, mk48
//!   9 036 845; RSB times no XML library.
//!
//! Elements without content are written `<name/>`, except a task, written
//! `<task …></task>` as Qt writes it; readers take both forms everywhere.
//!
//! # What survives
//!
//! Every string comes back exactly, leading and trailing whitespace and all.
//! In text, `<`, `&` and `>` are escaped (so `]]>` never appears) and CR is
//! written `&#13;`, which end-of-line handling would otherwise turn into LF.
//! In attribute values both quotes are escaped too, and tab, LF and CR are
//! written `&#9;`, `&#10;` and `&#13;`, which attribute-value normalization
//! would otherwise turn into spaces. Readers apply XML's end-of-line handling
//! and attribute-value normalization, so what another writer leaves literal
//! reads as XML says it does.
//!
//! XML 1.0 cannot hold the C0 controls other than tab, LF and CR, nor
//! U+FFFE and U+FFFF, written or referenced: a string holding one is an
//! [`ErrorKind::Unsupported`] error. So is a NaN other than the canonical
//! quiet NaN (`xs:double` and `xs:float` have one `NaN` each) and a
//! timestamp RFC 3339 cannot write (a year outside 0 to 9999, an offset
//! with seconds or of 24 hours or more).
//! Infinities, −0.0 and subnormals survive.
//!
//! # Reading untrusted bytes
//!
//! Decoding never panics and allocates in proportion to the input. A
//! DOCTYPE is refused, so no entity is declared, expanded or fetched; the
//! five predefined entities and character references are the only
//! references. Only XML 1.0 in UTF-8 is read (a UTF-8 byte order mark is
//! skipped). Every element is checked against the layout as it opens, so
//! nesting deeper than the layout's four levels is an immediate error.
//! Errors say what was wrong, naming the element or attribute, and where:
//! their [`position`](Error::position) is the byte offset of the element at
//! fault (a byte order mark counted), and quick-xml's error, where it found
//! the fault, is the [`source`](std::error::Error::source). Encode errors
//! give the field path instead. The kinds: [`ErrorKind::Syntax`] for malformed XML, [`ErrorKind::Invalid`]
//! for well-formed XML that is not the layout (unknown, missing or repeated
//! elements and attributes, text where none belongs, bad or out-of-range
//! values, a DOCTYPE, an XML version or encoding other than 1.0 and UTF-8),
//! [`ErrorKind::Truncated`] when the input ends inside
//! the document and [`ErrorKind::TrailingBytes`] for anything but
//! whitespace, comments and processing instructions after the root element.
//!
//! # Borrowed decode
//!
//! [`Codec::borrow`] runs the same reader, with the same checks, into the
//! datasets' borrowed forms: text and attribute values are slices of the
//! input unless reading changed them (a reference resolved, a line end or
//! attribute whitespace normalized, text split by a comment or CDATA),
//! which are copies.
//!
//! [quick-xml]: https://docs.rs/quick-xml

mod declared;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "evolution")]
mod evolution;
mod float;
mod graph;
mod log;
mod media;
mod mesh;
mod minecraft;
mod mk48;
mod read;
mod records;
mod task_manager;
mod telemetry;
mod write;

use serbench_model::forms;
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record,
    SensorReading, TaskManager, Text, Updates, lend_or_tell,
};

use crate::read::Input;
pub use serbench_model::{Error, ErrorKind};

/// The XML codec.
#[derive(Clone, Copy, Debug, Default)]
pub struct Xml;

impl BaseCodec for Xml {
    const NAME: &'static str = "xml";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::XML);
    const CARRIES: Carries = Carries {
        // `INF`, `-INF` and `NaN` are `xs:double` forms…
        non_finite_floats: true,
        // …but there is only one `NaN`.
        nan_payloads: false,
        // Neither written nor as character references.
        xml_forbidden_chars: false,
        // Timestamps are RFC 3339 text.
        offsets_outside_rfc3339: false,
        years_outside_rfc3339: false,
    };
    const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Lends;
    type Error = Error;
}

serbench_model::functions!(Xml, "XML document");

impl Codec<TaskManager> for Xml {
    fn encode(value: &TaskManager, out: &mut Vec<u8>) -> Result<(), Error> {
        task_manager::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<TaskManager, Error> {
        task_manager::decode(Input::new::<TaskManager>(bytes))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<TaskManager<Text<'_>>, Error>> {
        Some(lend_or_tell::<Self, TaskManager>(bytes, |bytes| {
            task_manager::decode(Input::lending::<TaskManager>(bytes)).ok()
        }))
    }
}

impl Codec<SensorReading> for Xml {
    fn encode(value: &SensorReading, out: &mut Vec<u8>) -> Result<(), Error> {
        telemetry::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<SensorReading, Error> {
        telemetry::decode(Input::new::<SensorReading>(bytes))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<SensorReading<Text<'_>>, Error>> {
        Some(lend_or_tell::<Self, SensorReading>(bytes, |bytes| {
            telemetry::decode(Input::lending::<SensorReading>(bytes)).ok()
        }))
    }
}

impl Codec<Graph> for Xml {
    fn encode(value: &Graph, out: &mut Vec<u8>) -> Result<(), Error> {
        graph::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<Graph, Error> {
        graph::decode(Input::new::<Graph>(bytes))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<Graph<Text<'_>>, Error>> {
        Some(lend_or_tell::<Self, Graph>(bytes, |bytes| {
            graph::decode(Input::lending::<Graph>(bytes)).ok()
        }))
    }
}

impl Codec<Record> for Xml {
    fn encode(value: &Record, out: &mut Vec<u8>) -> Result<(), Error> {
        records::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<Record, Error> {
        records::decode(Input::new::<Record>(bytes))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<Record<Text<'_>>, Error>> {
        Some(lend_or_tell::<Self, Record>(bytes, |bytes| {
            records::decode(Input::lending::<Record>(bytes)).ok()
        }))
    }
}

impl Codec<MediaContent> for Xml {
    fn encode(value: &MediaContent, out: &mut Vec<u8>) -> Result<(), Error> {
        media::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<MediaContent, Error> {
        media::decode(Input::new::<MediaContent>(bytes))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<MediaContent<Text<'_>>, Error>> {
        Some(lend_or_tell::<Self, MediaContent>(bytes, |bytes| {
            media::decode(Input::lending::<MediaContent>(bytes)).ok()
        }))
    }
}

impl Codec<Logs> for Xml {
    fn encode(value: &Logs, out: &mut Vec<u8>) -> Result<(), Error> {
        log::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<Logs, Error> {
        log::decode(Input::new::<Logs>(bytes))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<Logs<Text<'_>>, Error>> {
        Some(lend_or_tell::<Self, Logs>(bytes, |bytes| {
            log::decode(Input::lending::<Logs>(bytes)).ok()
        }))
    }
}

impl Codec<Mesh> for Xml {
    fn encode(value: &Mesh, out: &mut Vec<u8>) -> Result<(), Error> {
        mesh::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<Mesh, Error> {
        mesh::decode(Input::new::<Mesh>(bytes))
    }

    /// A mesh has no text to lend: its borrowed form is the decoded value.
    fn borrow(bytes: &[u8]) -> Option<Result<Mesh, Error>> {
        Some(Self::decode(bytes))
    }
}

impl Codec<Players> for Xml {
    fn encode(value: &Players, out: &mut Vec<u8>) -> Result<(), Error> {
        minecraft::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<Players, Error> {
        minecraft::decode(Input::new::<Players>(bytes))
    }

    fn borrow(bytes: &[u8]) -> Option<Result<Players<Text<'_>>, Error>> {
        Some(lend_or_tell::<Self, Players>(bytes, |bytes| {
            minecraft::decode(Input::lending::<Players>(bytes)).ok()
        }))
    }
}

impl Codec<Updates> for Xml {
    fn encode(value: &Updates, out: &mut Vec<u8>) -> Result<(), Error> {
        mk48::encode(value, out)
    }

    fn decode(bytes: &[u8]) -> Result<Updates, Error> {
        mk48::decode(Input::new::<Updates>(bytes))
    }

    /// Updates have no text to lend: their borrowed form is the decoded
    /// value.
    fn borrow(bytes: &[u8]) -> Option<Result<Updates, Error>> {
        Some(Self::decode(bytes))
    }
}

/// The first character of `text` that XML 1.0 cannot hold, if any, with
/// its byte index.
fn forbidden_char(text: &str) -> Option<(usize, char)> {
    // Only a byte below 0x20 or the lead byte 0xEF (U+F000 to U+FFFF, where
    // U+FFFE and U+FFFF live) can begin such a character; most strings have
    // neither and skip decoding.
    let suspect = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0xEF;
    if !text.bytes().any(suspect) {
        return None;
    }
    text.char_indices().find(|&(_, c)| !forms::is_xml_char(c))
}

/// Makes an error of one dataset. The reader and the writer hold this
/// function for the dataset at hand instead of being generic over it.
type NewError = fn(ErrorKind, String) -> Error;

fn new_error<T: Dataset>(kind: ErrorKind, message: String) -> Error {
    Error::new::<Xml, T>(kind, message)
}
