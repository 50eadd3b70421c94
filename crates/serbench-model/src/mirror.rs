//! The model's shape as plain owned types, for binary libraries that
//! derive their own traits.

/// Declares, in the calling module, owned types of the model's shape with
/// the caller's derives (`#[derive(bitcode::Encode, bitcode::Decode)]`,
/// say), each with an `into_model` that checks what the types cannot
/// (timestamp ranges) and names the field path of what fails, and
/// `Invalid`, that failure.
///
/// For codec crates whose library writes a type's fields in order, as a
/// user of the library writes their own types: the types are one
/// definition of the layout, so two such crates cannot drift apart. A
/// timestamp is `Created` (the parts `forms::timestamp_parts` gives), an
/// id 16 bytes, a color `0xAARRGGBB`, an enum its variant's index.
#[doc(hidden)]
#[macro_export]
macro_rules! __owned_mirror {
    ($(#[$derive:meta])*) => {
        /// A value the bytes hold that the model does not: where, and what.
        #[derive(Debug)]
        pub(crate) struct Invalid {
            pub(crate) path: String,
            pub(crate) message: String,
        }

        impl Invalid {
            /// The same error one level out: `field` then the path within it.
            fn within(mut self, field: &str) -> Self {
                self.path = if self.path.is_empty() {
                    field.to_owned()
                } else if self.path.starts_with('[') {
                    format!("{field}{}", self.path)
                } else {
                    format!("{field}.{}", self.path)
                };
                self
            }
        }

        /// Converts every element, naming the index of the first that fails.
        fn each<M, T>(
            items: Vec<M>,
            field: &str,
            convert: impl Fn(M) -> Result<T, Invalid>,
        ) -> Result<Vec<T>, Invalid> {
            items
                .into_iter()
                .enumerate()
                .map(|(index, item)| {
                    convert(item).map_err(|error| error.within(&format!("{field}[{index}]")))
                })
                .collect()
        }

        $(#[$derive])*
        pub(crate) struct TaskManager {
            pub(crate) user: String,
            pub(crate) version: Vec<u32>,
            pub(crate) lists: Vec<TaskList>,
        }

        $(#[$derive])*
        pub(crate) struct TaskList {
            pub(crate) header: Header,
            pub(crate) tasks: Vec<Task>,
        }

        $(#[$derive])*
        pub(crate) struct Task {
            pub(crate) header: Header,
            pub(crate) description: String,
            pub(crate) priority: Priority,
            pub(crate) completed: bool,
        }

        $(#[$derive])*
        pub(crate) struct Header {
            pub(crate) id: [u8; 16],
            pub(crate) name: String,
            /// `0xAARRGGBB`.
            pub(crate) color: u32,
            pub(crate) created: Created,
        }

        /// A timestamp as `forms::timestamp_parts` gives it.
        #[derive(Clone, Copy)]
        $(#[$derive])*
        pub(crate) struct Created {
            pub(crate) seconds: i64,
            pub(crate) nanos: u32,
            pub(crate) offset_seconds: i32,
        }

        #[derive(Clone, Copy)]
        $(#[$derive])*
        pub(crate) enum Priority {
            Low,
            Medium,
            High,
            Critical,
        }

        impl TaskManager {
            pub(crate) fn into_model(self) -> Result<$crate::TaskManager, Invalid> {
                Ok($crate::TaskManager {
                    user: self.user,
                    version: $crate::Version {
                        segments: self.version,
                    },
                    lists: each(self.lists, "lists", TaskList::into_model)?,
                })
            }
        }

        impl TaskList {
            fn into_model(self) -> Result<$crate::TaskList, Invalid> {
                Ok($crate::TaskList {
                    header: self.header.into_model().map_err(|e| e.within("header"))?,
                    tasks: each(self.tasks, "tasks", Task::into_model)?,
                })
            }
        }

        impl Task {
            fn into_model(self) -> Result<$crate::Task, Invalid> {
                Ok($crate::Task {
                    header: self.header.into_model().map_err(|e| e.within("header"))?,
                    description: self.description,
                    priority: self.priority.into(),
                    completed: self.completed,
                })
            }
        }

        impl Header {
            fn into_model(self) -> Result<$crate::TaskHeader, Invalid> {
                let Created {
                    seconds,
                    nanos,
                    offset_seconds,
                } = self.created;
                let created = $crate::__private::forms::timestamp_from_parts(
                    seconds,
                    nanos,
                    offset_seconds,
                )
                .map_err(|error| Invalid {
                    path: "created".to_owned(),
                    message: error.to_string(),
                })?;
                Ok($crate::TaskHeader {
                    id: $crate::Uuid::from_bytes(self.id),
                    name: self.name,
                    color: $crate::Color::from_argb(self.color),
                    created,
                })
            }
        }

        impl From<Priority> for $crate::Priority {
            fn from(priority: Priority) -> Self {
                match priority {
                    Priority::Low => Self::Low,
                    Priority::Medium => Self::Medium,
                    Priority::High => Self::High,
                    Priority::Critical => Self::Critical,
                }
            }
        }

        $(#[$derive])*
        pub(crate) struct SensorReading {
            pub(crate) sensor_id: String,
            pub(crate) ambient_temperature: f64,
            pub(crate) object_temperature: f64,
            pub(crate) accelerometer_x: f64,
            pub(crate) accelerometer_y: f64,
            pub(crate) accelerometer_z: f64,
            pub(crate) altitude: f64,
            pub(crate) light: f64,
            pub(crate) humidity: f64,
        }

        impl SensorReading {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::SensorReading, Invalid> {
                Ok($crate::SensorReading {
                    sensor_id: self.sensor_id,
                    ambient_temperature: self.ambient_temperature,
                    object_temperature: self.object_temperature,
                    accelerometer_x: self.accelerometer_x,
                    accelerometer_y: self.accelerometer_y,
                    accelerometer_z: self.accelerometer_z,
                    altitude: self.altitude,
                    light: self.light,
                    humidity: self.humidity,
                })
            }
        }

        $(#[$derive])*
        pub(crate) struct Graph {
            pub(crate) nodes: Vec<Node>,
            pub(crate) edges: Vec<Edge>,
        }

        $(#[$derive])*
        pub(crate) struct Node {
            pub(crate) id: u16,
            pub(crate) name: String,
            pub(crate) out_edges: Vec<u32>,
            pub(crate) in_edges: Vec<u32>,
        }

        #[derive(Clone, Copy)]
        $(#[$derive])*
        pub(crate) struct Edge {
            pub(crate) from: u32,
            pub(crate) to: u32,
            pub(crate) weight: u16,
        }

        impl Graph {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::Graph, Invalid> {
                Ok($crate::Graph {
                    nodes: self
                        .nodes
                        .into_iter()
                        .map(|node| $crate::Node {
                            id: node.id,
                            name: node.name,
                            out_edges: node.out_edges,
                            in_edges: node.in_edges,
                        })
                        .collect(),
                    edges: self
                        .edges
                        .into_iter()
                        .map(|edge| $crate::Edge {
                            from: edge.from,
                            to: edge.to,
                            weight: edge.weight,
                        })
                        .collect(),
                })
            }
        }

        $(#[$derive])*
        pub(crate) struct Record {
            pub(crate) ids: Vec<i64>,
            pub(crate) strings: Vec<String>,
        }

        impl Record {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::Record, Invalid> {
                Ok($crate::Record {
                    ids: self.ids,
                    strings: self.strings,
                })
            }
        }

        $(#[$derive])*
        pub(crate) struct MediaContent {
            pub(crate) media: Media,
            pub(crate) images: Vec<Image>,
        }

        $(#[$derive])*
        pub(crate) struct Media {
            pub(crate) uri: String,
            pub(crate) title: Option<String>,
            pub(crate) width: i32,
            pub(crate) height: i32,
            pub(crate) format: String,
            pub(crate) duration: i64,
            pub(crate) size: i64,
            pub(crate) bitrate: Option<i32>,
            pub(crate) persons: Vec<String>,
            pub(crate) player: Player,
            pub(crate) copyright: Option<String>,
        }

        $(#[$derive])*
        pub(crate) struct Image {
            pub(crate) uri: String,
            pub(crate) title: Option<String>,
            pub(crate) width: i32,
            pub(crate) height: i32,
            pub(crate) size: Size,
        }

        #[derive(Clone, Copy)]
        $(#[$derive])*
        pub(crate) enum Player {
            Java,
            Flash,
        }

        #[derive(Clone, Copy)]
        $(#[$derive])*
        pub(crate) enum Size {
            Small,
            Large,
        }

        impl MediaContent {
            #[allow(
                clippy::unnecessary_wraps,
                reason = "every mirror converts the same way"
            )]
            pub(crate) fn into_model(self) -> Result<$crate::MediaContent, Invalid> {
                let media = self.media;
                Ok($crate::MediaContent {
                    media: $crate::Media {
                        uri: media.uri,
                        title: media.title,
                        width: media.width,
                        height: media.height,
                        format: media.format,
                        duration: media.duration,
                        size: media.size,
                        bitrate: media.bitrate,
                        persons: media.persons,
                        player: match media.player {
                            Player::Java => $crate::Player::Java,
                            Player::Flash => $crate::Player::Flash,
                        },
                        copyright: media.copyright,
                    },
                    images: self
                        .images
                        .into_iter()
                        .map(|image| $crate::Image {
                            uri: image.uri,
                            title: image.title,
                            width: image.width,
                            height: image.height,
                            size: match image.size {
                                Size::Small => $crate::Size::Small,
                                Size::Large => $crate::Size::Large,
                            },
                        })
                        .collect(),
                })
            }
        }
    };
}
