//! The data model every serbench codec reads and writes.
//!
//! serbench compares serialization formats on data people actually send.
//! For a comparison to be fair every format must carry the *same* values, so
//! the values live here, once: nine datasets taken from well-known
//! benchmarks, each with a deterministic generator (same bytes on every run
//! and machine) and a *traverse question* whose answer proves that a decoder
//! really read everything.
//!
//! | dataset | type | from |
//! |---|---|---|
//! | `task-manager` | [`TaskManager`] | the Qt serialization benchmark (the headline) |
//! | `telemetry` | [`SensorReading`] | sensor messages over MQTT, one message at a time |
//! | `graph` | [`Graph`] | an object graph with a depth-first traversal |
//! | `records` | [`Record`] | two arrays: 1 000 integers and 100 strings |
//! | `media` | [`MediaContent`] | the classic jvm-serializers record |
//!
//! Four more are generated, not yet carried by the codecs (issue 37): the
//! datasets of rust_serialization_benchmark (RSB), drawn to the very values
//! RSB draws, so that sizes can be set beside RSB's published ones. They
//! implement [`Dataset`] but are not in [`for_each_dataset!`] yet, so no
//! codec, bench or kit test sees them.
//!
//! | dataset | type | what |
//! |---|---|---|
//! | `log` | [`Logs`] ([`log`]) | 10 000 HTTP access-log records |
//! | `mesh` | [`Mesh`] ([`mesh`]) | 125 000 triangles of `f32` vertices and a normal |
//! | `minecraft_savedata` | [`Players`] ([`minecraft`]) | 500 players' nested save data |
//! | `mk48` | [`Updates`] ([`mk48`]) | 1 000 game updates of small integers, enums, options |
//!
//! [`rsb`] holds their shared seed and stream; `docs/rsb-datasets.md` says
//! where the values come from and how they were checked against RSB's own
//! generator.
//!
//! This crate is the contract between those values and the formats, and
//! nothing more: the datasets and the [`Dataset`] trait, the [`BaseCodec`],
//! [`Codec`] and [`NativeCodec`] traits a format crate implements for each
//! dataset, [`Carries`] for what a format can hold beyond the portable
//! values, and the one [`Error`] every codec returns. It knows no format:
//! the one list of codecs lives in the registry crate, `serbench-codecs`,
//! which depends on every codec crate. With the `serde` feature every type implements `Serialize`
//! and `Deserialize`. The conformance kit that holds a codec to this
//! contract is a crate of its own, `serbench-testkit`, which codec crates
//! use as a dev-dependency.
//!
//! A format crate writes with a few more items, public for that reason:
//! [`forms`] (the text forms of ids, colors, times and versions, and the
//! timestamp parts binary formats store), [`serde_forms`] and [`strict`]
//! (behind `serde`: how the model meets serde, and the deserializer
//! wrapper compact binary codecs decode through), [`Random`] (the
//! generators' stream) and [`mirror!`] (the model's shape as types under a
//! library's own derives).
//!
//! ```
//! use serbench_model::{Dataset, TaskManager};
//!
//! let manager = TaskManager::generate(10_000);
//! assert_eq!(manager.lists.len(), 11);
//!
//! let answer = manager.traverse();
//! assert_eq!(answer.tasks, 9_944);
//! // Every answer prints as one line of compact JSON.
//! assert!(answer.to_string().starts_with(r#"{"tasks":9944,"#));
//! ```

mod answer;
mod codec;
pub mod declared;
mod error;
pub mod excerpt;
pub mod forms;
mod graph;
pub mod log;
mod macros;
mod media;
pub mod mesh;
pub mod minecraft;
mod mirror;
pub mod mk48;
mod random;
mod records;
pub mod rsb;
#[cfg(feature = "serde")]
pub mod serde_forms;
#[cfg(feature = "serde")]
pub mod strict;
mod task_manager;
mod telemetry;
mod text;

pub use crate::codec::{
    BaseCodec, Borrowing, Carries, Codec, Dataset, DocumentPath, NativeCodec, grouped, lend_or_tell,
};
pub use crate::error::{Error, ErrorKind, Position};
pub use crate::graph::{Edge, Graph, GraphAnswer, Node};
pub use crate::log::Logs;
pub use crate::media::{Image, Media, MediaAnswer, MediaContent, Player, Size};
pub use crate::mesh::Mesh;
pub use crate::minecraft::Players;
pub use crate::mk48::Updates;
pub use crate::random::Random;
pub use crate::records::{Record, RecordAnswer};
pub use crate::task_manager::{
    Color, Priority, Task, TaskHeader, TaskList, TaskManager, TaskManagerAnswer, Version,
};
pub use crate::telemetry::{SensorReading, TelemetryAnswer};
pub use crate::text::{Str, Text};
pub use time::OffsetDateTime;
pub use uuid::Uuid;
