//! The task-manager's CBOR layout: what the Qt benchmark's `QCborValue` code
//! writes and reads.
//!
//! The model's own serde impls pick binary forms for CBOR (ciborium is not
//! human-readable): a bare 16-byte id, a `(seconds, nanos, offset)` tuple, a
//! packed color. Qt writes tagged ids and dates and text colors, so this
//! module describes the model types again with serde's remote derive, which
//! reads and writes the model's structs directly: no mirror values are
//! built, and nothing is copied that the model derive would not copy. A
//! field added to the model fails to compile here until it has a layout.

use std::fmt;

use ciborium::tag::Captured;
use serbench_model::forms;
use serbench_model::serde_forms::bounded_vec;
use serbench_model::{
    Color, OffsetDateTime, Priority, Task, TaskHeader, TaskList, TaskManager, Uuid, Version,
};
use serde::de::{self, Deserializer, Visitor};
use serde::ser::{self, Serializer};
use serde::{Deserialize, Serialize};

use crate::Wire;
use crate::wellformed::Tags;

/// RFC 8949's standard date/time string, which `QCborValue(QDateTime)` writes.
const TAG_DATE_TIME: u64 = 0;
/// The IANA-registered binary UUID, which `QCborValue(QUuid)` writes.
const TAG_UUID: u64 = 37;

/// The layout's tags: on the `id` and `created` of every header, of lists
/// and of tasks. The pass before ciborium admits these and no other, and
/// requires them; ciborium then skips the tag before the item it reads.
const TAGS: Tags = Tags::Map(&[("lists", Tags::Items(&LIST_TAGS))]);
const LIST_TAGS: Tags = Tags::Map(&[("header", HEADER_TAGS), ("tasks", Tags::Items(&TASK_TAGS))]);
const TASK_TAGS: Tags = Tags::Map(&[("header", HEADER_TAGS)]);
const HEADER_TAGS: Tags = Tags::Map(&[
    ("id", Tags::Tag(TAG_UUID)),
    ("created", Tags::Tag(TAG_DATE_TIME)),
]);

#[derive(Serialize, Deserialize)]
#[serde(remote = "TaskManager", deny_unknown_fields)]
struct TaskManagerDef {
    user: String,
    #[serde(with = "version")]
    version: Version,
    #[serde(with = "seq")]
    lists: Vec<TaskList>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "TaskList", deny_unknown_fields)]
struct TaskListDef {
    #[serde(with = "TaskHeaderDef")]
    header: TaskHeader,
    #[serde(with = "seq")]
    tasks: Vec<Task>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Task", deny_unknown_fields)]
struct TaskDef {
    #[serde(with = "TaskHeaderDef")]
    header: TaskHeader,
    description: String,
    priority: Priority,
    completed: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "TaskHeader", deny_unknown_fields)]
struct TaskHeaderDef {
    #[serde(with = "id")]
    id: Uuid,
    name: String,
    #[serde(with = "color")]
    color: Color,
    #[serde(with = "created")]
    created: OffsetDateTime,
}

/// The types with a remote definition above meet serde through it.
macro_rules! remote {
    ($($model:ty => $def:ty),*) => {$(
        impl Wire for $model {
            fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$def>::serialize(self, serializer)
            }

            fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                <$def>::deserialize(deserializer)
            }
        }
    )*};
}

remote!(TaskList => TaskListDef, Task => TaskDef);

impl Wire for TaskManager {
    const TAGS: &'static Tags = &TAGS;

    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        TaskManagerDef::serialize(self, serializer)
    }

    fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        TaskManagerDef::deserialize(deserializer)
    }
}

/// Arrays of lists and of tasks.
mod seq {
    use super::{Deserializer, Serializer, Wire, bounded_vec};
    use crate::{In, Out};

    pub(super) fn serialize<S: Serializer, T: Wire>(
        items: &[T],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(items.iter().map(Out))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>, T: Wire>(
        deserializer: D,
    ) -> Result<Vec<T>, D::Error> {
        // The model's bounded preallocation; unwrapping reuses the allocation.
        let items: Vec<In<T>> = bounded_vec(deserializer)?;
        Ok(items.into_iter().map(|In(item)| item).collect())
    }
}

/// A visitor for a text form, parsed by `parse`.
///
/// Read with `deserialize_str`, ciborium lends the text from its 4 KiB
/// scratch buffer, so the short forms (ids, colors, times) allocate nothing;
/// longer or indefinite-length text is then a type error.
struct Text<T> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, forms::FormError>,
}

impl<T> Visitor<'_> for Text<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.parse)(text).map_err(E::custom)
    }
}

/// `id`: tag 37 over the 16 bytes of the UUID.
mod id {
    use super::{
        Captured, Deserialize, Deserializer, Serialize, Serializer, TAG_UUID, Uuid, Visitor, de,
    };

    struct Bytes<'a>(&'a [u8; 16]);

    impl Serialize for Bytes<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_bytes(self.0)
        }
    }

    /// The 16 bytes, read as a byte string and nothing else (ciborium would
    /// also offer an array of integers).
    struct Id(Uuid);

    impl<'de> Deserialize<'de> for Id {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_bytes(IdVisitor)
        }
    }

    struct IdVisitor;

    impl Visitor<'_> for IdVisitor {
        type Value = Id;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a byte string of the 16 bytes of a UUID")
        }

        fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Id, E> {
            Uuid::from_slice(bytes)
                .map(Id)
                .map_err(|_| E::invalid_length(bytes.len(), &self))
        }
    }

    pub(super) fn serialize<S: Serializer>(id: &Uuid, serializer: S) -> Result<S::Ok, S::Error> {
        Captured(Some(TAG_UUID), Bytes(id.as_bytes())).serialize(serializer)
    }

    /// The tag is checked before (see [`super::TAGS`]); ciborium skips it.
    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Uuid, D::Error> {
        Id::deserialize(deserializer).map(|Id(id)| id)
    }
}

/// `created`: tag 0 over RFC 3339 text with at least millisecond digits.
mod created {
    use super::{
        Captured, Deserialize, Deserializer, OffsetDateTime, Serialize, Serializer, TAG_DATE_TIME,
        Text, forms, ser,
    };

    struct Timestamp(OffsetDateTime);

    impl<'de> Deserialize<'de> for Timestamp {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer
                .deserialize_str(Text {
                    expecting: "an RFC 3339 date and time",
                    parse: forms::parse_timestamp,
                })
                .map(Timestamp)
        }
    }

    pub(super) fn serialize<S: Serializer>(
        time: &OffsetDateTime,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let text = forms::timestamp_text(time).map_err(ser::Error::custom)?;
        Captured(Some(TAG_DATE_TIME), &*text).serialize(serializer)
    }

    /// The tag is checked before (see [`super::TAGS`]); ciborium skips it.
    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<OffsetDateTime, D::Error> {
        Timestamp::deserialize(deserializer).map(|Timestamp(t)| t)
    }
}

/// `color`: `#rrggbb` when opaque, else `#aarrggbb`.
mod color {
    use super::{Color, Deserializer, Serializer, Text, forms};

    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's `with` passes the field by reference"
    )]
    pub(super) fn serialize<S: Serializer>(
        color: &Color,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&forms::color_text(*color))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Color, D::Error> {
        deserializer.deserialize_str(Text {
            expecting: "a color #rrggbb or #aarrggbb",
            parse: forms::parse_color,
        })
    }
}

/// `version`: segments joined by dots, `1.0.0`.
mod version {
    use super::{Deserializer, Serializer, Text, Version};

    pub(super) fn serialize<S: Serializer>(
        version: &Version,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(version)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Version, D::Error> {
        // A string, not a str: ciborium hands out a borrowed str only up to
        // its 4 KiB scratch buffer, and a version has no length limit.
        deserializer.deserialize_string(Text {
            expecting: "a version such as 1.0.0",
            parse: str::parse,
        })
    }
}
