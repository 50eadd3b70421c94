//! The simd-json-derive codec: the same bytes as
//! [`JsonSimd`](crate::JsonSimd), written and read by simd-json's own
//! derive (`simd_json_derive::Serialize` and `Deserialize`), which writes
//! straight to the output and reads from simd-json's tape, without serde.
//!
//! The derive is on types of this module's own, in the JSON layout: the
//! leaf values the model writes as text (ids, colors, times, the version,
//! the enums of media, minecraft_savedata and mk48) are text here, written
//! from the model's forms ([`serbench_model::forms`]) or variant names and
//! read back through them; the encode types borrow the model's strings and
//! lists (the long lists of the four rust_serialization_benchmark datasets
//! are mirrored item by item as they are written, not collected first),
//! and the decode types borrow the text leaves from simd-json's copy of
//! the input. So the row times the derive plus the conversion a user of
//! these types would write, and is marked `tuned`. (RSB's `simd-json` row
//! is this derive on RSB's own types, which need no conversion.)
//!
//! What the derive leaves undone is done here:
//!
//! - it keeps the last of a repeated key, where serde's derive refuses it:
//!   a walk of the tape before the derive reads it refuses a repeated key,
//!   and an object of more keys than any of the layout's objects has
//!   ([`MAX_KEYS`]), which must hold one;
//! - it reads a bare `-0` as the integer 0, as simd-json does: the pass
//!   before it ([`crate::depth`]) refuses it, and nesting past the
//!   datasets' 16 levels, as for `json-simd`.
//!
//! It writes floats through ryu as simd-json does (`1e300` where serde_json
//! writes `1e+300`), and strings with simd-json's escapes, serde_json's.

use std::io::Write;

use serbench_model::forms::{self, FormError};
use serbench_model::{
    BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Graph, MediaContent, OffsetDateTime,
    Player, Record, SensorReading, Size, TaskHeader, TaskManager,
};
use serde::de::DeserializeOwned;
use simd_json::Node;
use simd_json_derive::Deserialize as _;

use crate::depth;
use crate::private::Portable;

mod rsb;

/// JSON through simd-json-derive: the same layout and bytes as
/// [`JsonSimd`](crate::JsonSimd).
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonSimdDerive;

impl BaseCodec for JsonSimdDerive {
    const NAME: &'static str = "json-simd-derive";
    const DECLARED: Option<serbench_model::declared::Declared> =
        Some(crate::declared::JSON_SIMD_DERIVE);
    const DOCUMENT: serbench_model::DocumentPath =
        serbench_model::DocumentPath::Unavailable("a derive on types known at compile time");
    const CARRIES: Carries = crate::Json::CARRIES;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("simd-json parses a mutable copy of the input");
    type Error = Error;
}

/// The most keys an object of any dataset's layout has (a
/// minecraft_savedata player's).
pub(crate) const MAX_KEYS: usize = 28;

/// A value the model cannot hold, or one this layout cannot write: the
/// field path and what is wrong there.
pub(crate) struct Fault {
    path: String,
    message: String,
}

impl Fault {
    fn at(path: impl Into<String>, error: &FormError) -> Self {
        Self {
            path: path.into(),
            message: error.to_string(),
        }
    }
}

/// A model type and its two mirrors: how it is written, and read from the
/// tape.
pub(crate) trait Mirrored: Sized {
    /// Writes the value through its mirror.
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()>;

    /// The value read through its mirror, or the field path of a text
    /// form the model does not take.
    fn read(tape: Tape<'_, '_>) -> Read<Self>;

    /// Where a failed [`write`](Mirrored::write) failed: the first value
    /// without a text form, looked for on the error path only.
    fn unwritable(&self) -> Option<Fault> {
        None
    }
}

serbench_model::per_dataset!(JsonSimdDerive, JsonSimdDeriveGeneric);

impl<T> Codec<T> for JsonSimdDeriveGeneric
where
    T: Dataset + Mirrored + DeserializeOwned + Portable,
{
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::refuse_unportable::<Self, T>(value)?;
        let start = out.len();
        value.write(out).map_err(|error| {
            out.truncate(start);
            match value.unwritable() {
                Some(fault) => {
                    Error::new::<Self, T>(ErrorKind::Unsupported, fault.message).at_path(fault.path)
                }
                None => Error::unwritable(Self::NAME, T::NAME, error),
            }
        })
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        depth::check::<Self>(T::NAME, bytes, depth::DEPTH, depth::MinusZero::Refused)?;
        // simd-json parses in place: it needs its own copy of the input,
        // made inside the timed decode.
        let mut copy = bytes.to_vec();
        let tape = match simd_json::to_tape(&mut copy) {
            Ok(tape) => tape,
            Err(error) => {
                // Locating the error parses again, into a copy of its own.
                drop(copy);
                return Err(crate::simd::located::<T>(Self::NAME, bytes, error, T::NAME));
            }
        };
        if let Some(key) = repeated_key(&tape.0) {
            let message = match key {
                Repeated::Key(key) => format!(
                    "duplicate field `{}`",
                    serbench_model::excerpt::shown_name(key)
                ),
                Repeated::TooMany(len) => {
                    format!("an object of {len} keys, more than the layout's {MAX_KEYS}")
                }
            };
            return Err(invalid::<T>(bytes, message));
        }
        let mut nodes = tape.0.into_iter().peekable();
        match T::read(&mut nodes) {
            Ok(Ok(value)) if nodes.next().is_none() => Ok(value),
            Ok(Ok(_)) => Err(Error::new::<Self, T>(
                ErrorKind::TrailingBytes,
                "values after the first",
            )),
            Ok(Err(fault)) => {
                Err(Error::new::<Self, T>(ErrorKind::Invalid, fault.message).at_path(fault.path))
            }
            Err(error) => Err(invalid::<T>(bytes, error.to_string())),
        }
    }
}

/// An [`ErrorKind::Invalid`] error about `T` in `bytes`, at the field path
/// simd-json's serde support finds, where it does.
fn invalid<T: Dataset + DeserializeOwned>(bytes: &[u8], message: String) -> Error {
    let error = Error::new::<JsonSimdDerive, T>(ErrorKind::Invalid, message);
    match crate::simd::path::<T>(bytes) {
        Some(path) => error.at_path(path),
        None => error,
    }
}

/// What [`repeated_key`] finds.
enum Repeated<'a> {
    Key(&'a str),
    TooMany(usize),
}

/// The first key repeated within one object of `tape`, or the first object
/// with more keys than [`MAX_KEYS`]: one pass over the tape, each object's
/// keys found by stepping over its values.
fn repeated_key<'a>(tape: &[Node<'a>]) -> Option<Repeated<'a>> {
    for (at, node) in tape.iter().enumerate() {
        let Node::Object { len, .. } = *node else {
            continue;
        };
        if len > MAX_KEYS {
            return Some(Repeated::TooMany(len));
        }
        let mut keys = [""; MAX_KEYS];
        let mut next = at + 1;
        for index in 0..len {
            let Some(Node::String(key)) = tape.get(next) else {
                break;
            };
            if keys[..index].contains(key) {
                return Some(Repeated::Key(key));
            }
            keys[index] = key;
            next += 1 + match tape.get(next + 1) {
                Some(Node::Object { count, .. } | Node::Array { count, .. }) => count + 1,
                _ => 1,
            };
        }
    }
    None
}

/// A model text form, written as a JSON string.
struct Text<S>(S);

impl<S: std::ops::Deref<Target = str>> simd_json_derive::Serialize for Text<S> {
    fn json_write<W: Write>(&self, writer: &mut W) -> std::io::Result<()> {
        (*self.0).json_write(writer)
    }
}

/// The types written: the model's strings and lists borrowed, its leaf
/// values in their text forms.
mod out {
    use simd_json_derive::Serialize;

    use super::Text;

    #[derive(Serialize)]
    pub(super) struct TaskManager<'a> {
        pub(super) user: &'a str,
        pub(super) version: String,
        pub(super) lists: Vec<TaskList<'a>>,
    }

    #[derive(Serialize)]
    pub(super) struct TaskList<'a> {
        pub(super) header: Header<'a>,
        pub(super) tasks: Vec<Task<'a>>,
    }

    #[derive(Serialize)]
    pub(super) struct Task<'a> {
        pub(super) header: Header<'a>,
        pub(super) description: &'a str,
        pub(super) priority: u8,
        pub(super) completed: bool,
    }

    #[derive(Serialize)]
    pub(super) struct Header<'a> {
        pub(super) id: Text<serbench_model::forms::ShortText<36>>,
        pub(super) name: &'a str,
        pub(super) color: Text<serbench_model::forms::ShortText<9>>,
        pub(super) created: super::Created<'a>,
    }

    #[derive(Serialize)]
    pub(super) struct SensorReading<'a> {
        pub(super) sensor_id: &'a str,
        pub(super) ambient_temperature: f64,
        pub(super) object_temperature: f64,
        pub(super) accelerometer_x: f64,
        pub(super) accelerometer_y: f64,
        pub(super) accelerometer_z: f64,
        pub(super) altitude: f64,
        pub(super) light: f64,
        pub(super) humidity: f64,
    }

    #[derive(Serialize)]
    pub(super) struct Graph<'a> {
        pub(super) nodes: Vec<Node<'a>>,
        pub(super) edges: Vec<Edge>,
    }

    #[derive(Serialize)]
    pub(super) struct Node<'a> {
        pub(super) id: u16,
        pub(super) name: &'a str,
        pub(super) out_edges: &'a [u32],
        pub(super) in_edges: &'a [u32],
    }

    #[derive(Serialize)]
    pub(super) struct Edge {
        pub(super) from: u32,
        pub(super) to: u32,
        pub(super) weight: u16,
    }

    #[derive(Serialize)]
    pub(super) struct Record<'a> {
        pub(super) ids: &'a [i64],
        pub(super) strings: &'a [String],
    }

    #[derive(Serialize)]
    pub(super) struct MediaContent<'a> {
        pub(super) media: Media<'a>,
        pub(super) images: Vec<Image<'a>>,
    }

    #[derive(Serialize)]
    pub(super) struct Media<'a> {
        pub(super) uri: &'a str,
        pub(super) title: Option<&'a str>,
        pub(super) width: i32,
        pub(super) height: i32,
        pub(super) format: &'a str,
        pub(super) duration: i64,
        pub(super) size: i64,
        pub(super) bitrate: Option<i32>,
        pub(super) persons: &'a [String],
        pub(super) player: &'static str,
        pub(super) copyright: Option<&'a str>,
    }

    #[derive(Serialize)]
    pub(super) struct Image<'a> {
        pub(super) uri: &'a str,
        pub(super) title: Option<&'a str>,
        pub(super) width: i32,
        pub(super) height: i32,
        pub(super) size: &'static str,
    }
}

/// The types read: the model's strings and lists owned, as they move into
/// the model; its leaf values' text borrowed from simd-json's copy of the
/// input, to be parsed.
mod read {
    use simd_json_derive::Deserialize;

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct TaskManager<'a> {
        pub(super) user: String,
        pub(super) version: &'a str,
        pub(super) lists: Vec<TaskList<'a>>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct TaskList<'a> {
        pub(super) header: Header<'a>,
        pub(super) tasks: Vec<Task<'a>>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Task<'a> {
        pub(super) header: Header<'a>,
        pub(super) description: String,
        pub(super) priority: u8,
        pub(super) completed: bool,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Header<'a> {
        pub(super) id: &'a str,
        pub(super) name: String,
        pub(super) color: &'a str,
        pub(super) created: &'a str,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct SensorReading {
        pub(super) sensor_id: String,
        pub(super) ambient_temperature: f64,
        pub(super) object_temperature: f64,
        pub(super) accelerometer_x: f64,
        pub(super) accelerometer_y: f64,
        pub(super) accelerometer_z: f64,
        pub(super) altitude: f64,
        pub(super) light: f64,
        pub(super) humidity: f64,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Graph {
        pub(super) nodes: Vec<Node>,
        pub(super) edges: Vec<Edge>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Node {
        pub(super) id: u16,
        pub(super) name: String,
        pub(super) out_edges: Vec<u32>,
        pub(super) in_edges: Vec<u32>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Edge {
        pub(super) from: u32,
        pub(super) to: u32,
        pub(super) weight: u16,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Record {
        pub(super) ids: Vec<i64>,
        pub(super) strings: Vec<String>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct MediaContent<'a> {
        pub(super) media: Media<'a>,
        pub(super) images: Vec<Image<'a>>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Media<'a> {
        pub(super) uri: String,
        pub(super) title: Option<String>,
        pub(super) width: i32,
        pub(super) height: i32,
        pub(super) format: String,
        pub(super) duration: i64,
        pub(super) size: i64,
        pub(super) bitrate: Option<i32>,
        pub(super) persons: Vec<String>,
        pub(super) player: &'a str,
        pub(super) copyright: Option<String>,
    }

    #[derive(Deserialize)]
    #[simd_json(deny_unknown_fields)]
    pub(super) struct Image<'a> {
        pub(super) uri: String,
        pub(super) title: Option<String>,
        pub(super) width: i32,
        pub(super) height: i32,
        pub(super) size: &'a str,
    }
}

/// The derive's tape, as the mirrors read it.
pub(crate) type Tape<'t, 'a> = &'t mut simd_json_derive::Tape<'a>;
/// A value read, a text form the model does not take, or the derive's
/// error.
pub(crate) type Read<T> = Result<Result<T, Fault>, simd_json_derive::de::Error>;

/// A time, written in its RFC 3339 form; one RFC 3339 cannot write fails
/// the write, and [`Mirrored::unwritable`] finds it.
struct Created<'a>(&'a OffsetDateTime);

impl simd_json_derive::Serialize for Created<'_> {
    fn json_write<W: Write>(&self, writer: &mut W) -> std::io::Result<()> {
        let text = forms::timestamp_text(self.0).map_err(std::io::Error::other)?;
        (*text).json_write(writer)
    }
}

/// The text forms of a header.
fn header(header: &TaskHeader) -> out::Header<'_> {
    out::Header {
        id: Text(forms::uuid_text(&header.id)),
        name: &header.name,
        color: Text(forms::color_text(header.color)),
        created: Created(&header.created),
    }
}

/// A header read back, or the field path of its first bad text form.
fn header_back(header: read::Header<'_>, path: &dyn Fn() -> String) -> Result<TaskHeader, Fault> {
    let at = |field: &str| format!("{}.{field}", path());
    Ok(TaskHeader {
        id: forms::parse_uuid(header.id).map_err(|error| Fault::at(at("id"), &error))?,
        name: header.name,
        color: forms::parse_color(header.color).map_err(|error| Fault::at(at("color"), &error))?,
        created: forms::parse_timestamp(header.created)
            .map_err(|error| Fault::at(at("created"), &error))?,
    })
}

impl Mirrored for TaskManager {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let lists = self
            .lists
            .iter()
            .map(|list| out::TaskList {
                header: header(&list.header),
                tasks: list
                    .tasks
                    .iter()
                    .map(|task| out::Task {
                        header: header(&task.header),
                        description: &task.description,
                        priority: task.priority as u8,
                        completed: task.completed,
                    })
                    .collect(),
            })
            .collect();
        let mirror = out::TaskManager {
            user: &self.user,
            version: self.version.to_string(),
            lists,
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn unwritable(&self) -> Option<Fault> {
        let fault = |path: String, time: &OffsetDateTime| {
            forms::timestamp_text(time)
                .err()
                .map(|error| Fault::at(path, &error))
        };
        self.lists.iter().enumerate().find_map(|(l, list)| {
            fault(format!("lists[{l}].header.created"), &list.header.created).or_else(|| {
                list.tasks.iter().enumerate().find_map(|(t, task)| {
                    fault(
                        format!("lists[{l}].tasks[{t}].header.created"),
                        &task.header.created,
                    )
                })
            })
        })
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::TaskManager::from_tape(tape)?;
        let version = match read.version.parse() {
            Ok(version) => version,
            Err(error) => return Ok(Err(Fault::at("version", &error))),
        };
        let mut lists = Vec::with_capacity(read.lists.len());
        for (l, list) in read.lists.into_iter().enumerate() {
            let list_header = match header_back(list.header, &|| format!("lists[{l}].header")) {
                Ok(header) => header,
                Err(fault) => return Ok(Err(fault)),
            };
            let mut tasks = Vec::with_capacity(list.tasks.len());
            for (t, task) in list.tasks.into_iter().enumerate() {
                let task_header =
                    match header_back(task.header, &|| format!("lists[{l}].tasks[{t}].header")) {
                        Ok(header) => header,
                        Err(fault) => return Ok(Err(fault)),
                    };
                let Some(priority) = serbench_model::Priority::from_u8(task.priority) else {
                    return Ok(Err(Fault {
                        path: format!("lists[{l}].tasks[{t}].priority"),
                        message: format!("priority {}, expected 0 to 3", task.priority),
                    }));
                };
                tasks.push(serbench_model::Task {
                    header: task_header,
                    description: task.description,
                    priority,
                    completed: task.completed,
                });
            }
            lists.push(serbench_model::TaskList {
                header: list_header,
                tasks,
            });
        }
        Ok(Ok(TaskManager {
            user: read.user,
            version,
            lists,
        }))
    }
}

impl Mirrored for SensorReading {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let mirror = out::SensorReading {
            sensor_id: &self.sensor_id,
            ambient_temperature: self.ambient_temperature,
            object_temperature: self.object_temperature,
            accelerometer_x: self.accelerometer_x,
            accelerometer_y: self.accelerometer_y,
            accelerometer_z: self.accelerometer_z,
            altitude: self.altitude,
            light: self.light,
            humidity: self.humidity,
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::SensorReading::from_tape(tape)?;
        Ok(Ok(SensorReading {
            sensor_id: read.sensor_id,
            ambient_temperature: read.ambient_temperature,
            object_temperature: read.object_temperature,
            accelerometer_x: read.accelerometer_x,
            accelerometer_y: read.accelerometer_y,
            accelerometer_z: read.accelerometer_z,
            altitude: read.altitude,
            light: read.light,
            humidity: read.humidity,
        }))
    }
}

impl Mirrored for Graph {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let mirror = out::Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| out::Node {
                    id: node.id,
                    name: &node.name,
                    out_edges: &node.out_edges,
                    in_edges: &node.in_edges,
                })
                .collect(),
            edges: self
                .edges
                .iter()
                .map(|edge| out::Edge {
                    from: edge.from,
                    to: edge.to,
                    weight: edge.weight,
                })
                .collect(),
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::Graph::from_tape(tape)?;
        Ok(Ok(Graph {
            nodes: read
                .nodes
                .into_iter()
                .map(|node| serbench_model::Node {
                    id: node.id,
                    name: node.name,
                    out_edges: node.out_edges,
                    in_edges: node.in_edges,
                })
                .collect(),
            edges: read
                .edges
                .into_iter()
                .map(|edge| serbench_model::Edge {
                    from: edge.from,
                    to: edge.to,
                    weight: edge.weight,
                })
                .collect(),
        }))
    }
}

impl Mirrored for Record {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let mirror = out::Record {
            ids: &self.ids,
            strings: &self.strings,
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::Record::from_tape(tape)?;
        Ok(Ok(Record {
            ids: read.ids,
            strings: read.strings,
        }))
    }
}

/// The text of a media player, as the model's serde form writes it.
fn player_text(player: Player) -> &'static str {
    match player {
        Player::Java => "JAVA",
        Player::Flash => "FLASH",
    }
}

/// The text of an image size, as the model's serde form writes it.
fn size_text(size: Size) -> &'static str {
    match size {
        Size::Small => "SMALL",
        Size::Large => "LARGE",
    }
}

impl Mirrored for MediaContent {
    fn write(&self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let media = &self.media;
        let mirror = out::MediaContent {
            media: out::Media {
                uri: &media.uri,
                title: media.title.as_deref(),
                width: media.width,
                height: media.height,
                format: &media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: &media.persons,
                player: player_text(media.player),
                copyright: media.copyright.as_deref(),
            },
            images: self
                .images
                .iter()
                .map(|image| out::Image {
                    uri: &image.uri,
                    title: image.title.as_deref(),
                    width: image.width,
                    height: image.height,
                    size: size_text(image.size),
                })
                .collect(),
        };
        simd_json_derive::Serialize::json_write(&mirror, out)
    }

    fn read(tape: Tape<'_, '_>) -> Read<Self> {
        let read = read::MediaContent::from_tape(tape)?;
        let player = match read.media.player {
            "JAVA" => Player::Java,
            "FLASH" => Player::Flash,
            other => {
                return Ok(Err(unknown_variant(
                    "media.player",
                    other,
                    "`JAVA`, `FLASH`",
                )));
            }
        };
        let mut images = Vec::with_capacity(read.images.len());
        for (index, image) in read.images.into_iter().enumerate() {
            let size = match image.size {
                "SMALL" => Size::Small,
                "LARGE" => Size::Large,
                other => {
                    let path = format!("images[{index}].size");
                    return Ok(Err(unknown_variant(&path, other, "`SMALL`, `LARGE`")));
                }
            };
            images.push(serbench_model::Image {
                uri: image.uri,
                title: image.title,
                width: image.width,
                height: image.height,
                size,
            });
        }
        let media = read.media;
        Ok(Ok(MediaContent {
            media: serbench_model::Media {
                uri: media.uri,
                title: media.title,
                width: media.width,
                height: media.height,
                format: media.format,
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons,
                player,
                copyright: media.copyright,
            },
            images,
        }))
    }
}

/// An enum's text that names none of its variants, at `path`.
fn unknown_variant(path: &str, text: &str, expected: &str) -> Fault {
    Fault {
        path: path.to_owned(),
        message: format!(
            "unknown variant {}, expected one of {expected}",
            serbench_model::excerpt::shown_name(text)
        ),
    }
}
