//! Valid input that decodes to much more memory than it takes: many
//! minimal elements, the most a decoder builds per byte of input.

use serbench_model::{
    BaseCodec, Codec, Color, Dataset, Edge, Error, ErrorKind, Graph, Image, MediaContent, Node,
    Priority, Record, SensorReading, Size, Task, TaskHeader, TaskList, TaskManager, Uuid, Version,
};

use crate::hostile::{agree, require_counting_allocator};
use crate::memory;

/// Valid values of `D` that decode to much more memory than their encoding
/// takes; each decodes within `expansion` bytes per byte of input on top of
/// 64 KiB, and traverses to its answer (many minimal elements are the most
/// reads per byte a zero-copy reader's limits see). A codec that bounds
/// what an input may declare may refuse one instead, with
/// [`ErrorKind::Limit`], within the same bound. Prints each ratio
/// (`--nocapture` shows them).
pub fn expansion<C, D>(expansion: usize)
where
    C: Codec<D> + BaseCodec<Error = Error>,
    D: Dataset + Dense,
{
    require_counting_allocator();
    for (what, value) in D::dense() {
        let Ok(bytes) = C::to_vec(&value) else {
            continue;
        };
        let (decoded, peak) = memory::measure(|| C::decode(&bytes));
        if let Err(problem) = agree::<C, D>(&decoded, &C::traverse(&bytes), &|| what.to_owned()) {
            panic!("{problem}");
        }
        let outcome = match decoded {
            Ok(decoded) => {
                assert!(decoded == value, "{} changed {}", C::NAME, what);
                "decoded"
            }
            Err(error) if error.kind() == ErrorKind::Limit => "refused (Limit)",
            Err(error) => panic!("{} cannot decode {what}: {error}", C::NAME),
        };
        let len = bytes.len();
        let ratio = peak as f64 / len as f64;
        println!(
            "{} {} {what}: {len} bytes, {outcome}, peak {peak} bytes, {ratio:.1} per byte",
            C::NAME,
            D::NAME
        );
        let bound = memory::bound_per_byte(len, expansion);
        assert!(
            peak <= bound,
            "{} {} {what}: {len} bytes decode with a peak of {peak} bytes ({ratio:.1} per \
             byte), more than the documented {expansion} per byte + 64 KiB",
            C::NAME,
            D::NAME
        );
    }
}

/// Valid values made of many minimal elements: the most memory a decoder
/// builds per byte of input.
pub trait Dense: Sized {
    /// Each value with a description.
    fn dense() -> Vec<(&'static str, Self)>;
}

/// How many minimal elements a dense value holds: enough that the decoded
/// value dwarfs the 64 KiB allowance, and just past a power of two, where a
/// vector grown by doubling holds the most spare room.
pub(crate) const ELEMENTS: usize = (1 << 14) + 1;

fn minimal_header() -> TaskHeader {
    TaskHeader {
        id: Uuid::nil(),
        name: String::new(),
        color: Color::from_argb(0),
        created: time::OffsetDateTime::UNIX_EPOCH,
    }
}

impl Dense for TaskManager {
    fn dense() -> Vec<(&'static str, Self)> {
        let empty = TaskManager {
            user: String::new(),
            version: Version::default(),
            lists: Vec::new(),
        };
        let task = Task {
            header: minimal_header(),
            description: String::new(),
            priority: Priority::Low,
            completed: false,
        };
        vec![
            (
                "minimal tasks in one list",
                TaskManager {
                    lists: vec![TaskList {
                        header: minimal_header(),
                        tasks: vec![task; ELEMENTS],
                    }],
                    ..empty.clone()
                },
            ),
            (
                "lists without tasks",
                TaskManager {
                    lists: vec![
                        TaskList {
                            header: minimal_header(),
                            tasks: Vec::new(),
                        };
                        ELEMENTS
                    ],
                    ..empty.clone()
                },
            ),
            (
                "version segments of 0",
                TaskManager {
                    version: Version {
                        segments: vec![0; ELEMENTS],
                    },
                    ..empty
                },
            ),
        ]
    }
}

impl Dense for SensorReading {
    /// A message has no repeated parts; its fixed size is all there is.
    fn dense() -> Vec<(&'static str, Self)> {
        let mut reading = SensorReading::workload(1).remove(0);
        reading.sensor_id.clear();
        vec![("a reading with an empty sensor id", reading)]
    }
}

impl Dense for Graph {
    fn dense() -> Vec<(&'static str, Self)> {
        let node = Node {
            id: 0,
            name: String::new(),
            out_edges: Vec::new(),
            in_edges: Vec::new(),
        };
        let edge = Edge {
            from: 0,
            to: 0,
            weight: 0,
        };
        vec![
            (
                "nodes without names or edges",
                Graph {
                    nodes: vec![node.clone(); ELEMENTS],
                    edges: Vec::new(),
                },
            ),
            (
                "edges between node 0 and itself",
                Graph {
                    nodes: vec![Node {
                        out_edges: (0..ELEMENTS as u32).collect(),
                        in_edges: (0..ELEMENTS as u32).collect(),
                        ..node
                    }],
                    edges: vec![edge; ELEMENTS],
                },
            ),
        ]
    }
}

impl Dense for Record {
    fn dense() -> Vec<(&'static str, Self)> {
        vec![
            (
                "ids of 0",
                Record {
                    ids: vec![0; ELEMENTS],
                    strings: Vec::new(),
                },
            ),
            (
                "empty strings",
                Record {
                    ids: Vec::new(),
                    strings: vec![String::new(); ELEMENTS],
                },
            ),
        ]
    }
}

impl Dense for MediaContent {
    fn dense() -> Vec<(&'static str, Self)> {
        let mut empty = MediaContent::canonical();
        empty.media.uri.clear();
        empty.media.title = None;
        empty.media.format.clear();
        empty.media.bitrate = None;
        empty.media.persons.clear();
        empty.images.clear();
        let image = Image {
            uri: String::new(),
            title: None,
            width: 0,
            height: 0,
            size: Size::Small,
        };
        let mut persons = empty.clone();
        persons.media.persons = vec![String::new(); ELEMENTS];
        let mut images = empty;
        images.images = vec![image; ELEMENTS];
        vec![("empty persons", persons), ("minimal images", images)]
    }
}
