//! The model's shape as plain types for binary libraries that derive
//! their own traits: owned types to decode into, borrowed ones to encode
//! from.

mod rsb;

/// Declares, in the calling module, types of the model's shape with the
/// caller's derives, as a user of a deriving library (bitcode, wincode)
/// writes their own types: the types are one definition of the layout, so
/// two such crates cannot drift apart.
///
/// ```ignore
/// serbench_model::mirror! {
///     owned: #[derive(bitcode::Encode, bitcode::Decode)],
///     borrowed: #[derive(bitcode::Encode)],
///     integer_lists: copied,
/// }
/// ```
///
/// - the owned types (`TaskManager`, …, in the calling module) are what
///   the library decodes into, each with an `into_model` that checks what
///   the types cannot (timestamp ranges) and names the field path of what
///   fails in `Invalid`;
/// - the borrowed types (`borrowed::TaskManager<'_>`, …) hold the model's
///   strings by reference, so encoding copies no text, and write the same
///   bytes as their owned twins (the leaf types `Created`, `Priority`,
///   `Edge`, `Player`, `Size`, `Address`, `Vector3`, `Triangle`,
///   `Abilities`, `GameType`, `Guidance`, `Transform` and `EntityType` are
///   the owned ones); `integer_lists: borrowed` borrows the integer lists
///   too (mk48's `bool`, `u16` and `u8` lists with them), `copied` copies
///   them, for a library that encodes a `&str` but no other borrowed slice
///   (bitcode);
/// - the view of a dataset without text may be its owned mirror, copied
///   from the model (`Mirrored::View`): always for mesh, whose model
///   triangles no slice of mirror triangles can borrow (the copy is a
///   `Vec` of plain floats, converted in place on decode), and for mk48
///   under `integer_lists: copied`, where a borrowed view would borrow
///   nothing;
/// - minecraft_savedata's `Player` is `SavedPlayer` here, as media's
///   `Player` enum holds the name; every other type keeps the model's (and
///   RSB's) name, and every struct its fields in the model's order, which
///   is RSB's;
/// - optionally, `references: cow` has the borrowed types hold
///   `Cow::Borrowed` where they would hold a `&str` (and a borrowed
///   integer list), for a library that encodes a `Cow` of an unsized type
///   but not a reference to one (bin-proto); encoding still copies no text;
/// - optionally, `enums: #[…]` puts attributes on the enums alone (the
///   owned derives are on every type), and `variants: attr(key)` puts
///   `#[attr(key = N)]` on each variant, `N` its index, for a library that
///   wants each enum's tag type and each variant's value spelled out:
///   `enums: #[bin_proto(discriminant_type = u8)], variants:
///   bin_proto(discriminant)`;
/// - optionally, `rsb_enums: #[…]` puts attributes on the enums of RSB's
///   four datasets alone (`GameType`, `EntityType`), for a library whose
///   layout for the five datasets is settled and whose RSB types ask for
///   another (wincode: `#[wincode(tag_encoding = "u8")]`, as RSB's have);
/// - optionally, `lent: cow #[…]` or `lent: reference #[…]` declares a
///   third set, the lent types (`lent::TaskManager<'_>`, …), with the
///   given derives, for a library that decodes text borrowed from its
///   input: the borrowed types' shape with the integer lists as `Vec`s
///   (a borrowed `&[u32]` would need an aligned input) and each text a
///   `Cow<'a, str>` (`cow`) or a `&'a str` (`reference`), each with an
///   `into_lent` that makes the dataset's borrowed form
///   ([`Dataset::Borrowed`](crate::Dataset::Borrowed)) with the owned
///   types' checks, and `Lends`, implemented for every dataset, to reach
///   them (for mesh and mk48, which have no text to lend, the lent mirror
///   is the owned one and their borrowed form the model type). A `Cow` text has the layout of the model's
///   [`Text`](crate::Text), so where an element's layout matches the
///   model's, a `Vec` of lent types becomes the model's `Vec` in place
///   (the standard library reuses the allocation), and the borrowed form
///   costs no list a second time;
/// - `Mirrored`, implemented for every dataset, reaches both from the
///   model type, so a codec is written once, generically, per dataset.
///
/// A timestamp is `Created` (the parts `forms::timestamp_parts` gives), an
/// id 16 bytes, a color `0xAARRGGBB`, an enum its variant's index.
///
/// A macro rather than types in this crate: the derives must sit on the
/// definitions, and neither this crate nor a codec crate could implement a
/// library's trait for types the other defines (the orphan rule) without
/// this crate depending on every such library. Expanded in the codec
/// crate, the types take that crate's own library's derives, and each
/// crate keeps depending on the model and its own library only.
#[macro_export]
macro_rules! mirror {
    (
        owned: $(#[$owned:meta])*,
        borrowed: $(#[$borrowed:meta])*,
        integer_lists: $lists:ident
        $(, references: $references:ident)?
        $(, lent: $lent_texts:ident $(#[$lent:meta])*)?
        $(, enums: $(#[$enums:meta])*)?
        $(, variants: $variant:ident($key:ident))?
        $(, rsb_enums: $(#[$rsb_enums:meta])*)?
        $(,)?
    ) => {
        $crate::mirror!(
            @shapes $lists [$($references)?]
            [$(#[$owned])*] [$(#[$borrowed])*] [$($(#[$enums])*)?] [$($variant($key))?]
            [$($(#[$rsb_enums])*)?]
        );
        $crate::mirror!(@lent [$($lent_texts $(#[$lent])*)?]);
    };
    // The borrowed types' lists and texts, by `integer_lists` and
    // `references`: their types, and how each is made from the model's.
    (@shapes copied [] $($rest:tt)*) => {
        $crate::mirror!(@types [Vec<u32>] [Vec<i64>] [&'a str] [copied reference] $($rest)*);
    };
    (@shapes borrowed [] $($rest:tt)*) => {
        $crate::mirror!(@types [&'a [u32]] [&'a [i64]] [&'a str] [borrowed reference] $($rest)*);
    };
    (@shapes copied [cow] $($rest:tt)*) => {
        $crate::mirror!(
            @types [Vec<u32>] [Vec<i64>] [::std::borrow::Cow<'a, str>] [copied cow] $($rest)*
        );
    };
    (@shapes borrowed [cow] $($rest:tt)*) => {
        $crate::mirror!(
            @types
            [::std::borrow::Cow<'a, [u32]>] [::std::borrow::Cow<'a, [i64]>]
            [::std::borrow::Cow<'a, str>] [cow cow] $($rest)*
        );
    };
    // `list` and `text`: a model's list or string as a borrowed type holds it.
    (@make copied) => {
        fn list<T: Clone>(items: &[T]) -> Vec<T> {
            items.to_vec()
        }
    };
    (@make borrowed) => {
        fn list<T>(items: &[T]) -> &[T] {
            items
        }
    };
    (@make cow) => {
        fn list<T: Clone>(items: &[T]) -> ::std::borrow::Cow<'_, [T]> {
            ::std::borrow::Cow::Borrowed(items)
        }
    };
    (@make reference text) => {
        fn text(text: &str) -> &str {
            text
        }
    };
    (@make cow text) => {
        fn text(text: &str) -> ::std::borrow::Cow<'_, str> {
            ::std::borrow::Cow::Borrowed(text)
        }
    };
    // `lend`: a lent type's text as the model's borrowed form holds it.
    (@make reference lend) => {
        fn lend(text: &str) -> $crate::Text<'_> {
            $crate::Text::borrowed(text)
        }
    };
    (@make cow lend) => {
        fn lend(text: ::std::borrow::Cow<'_, str>) -> $crate::Text<'_> {
            $crate::Text(text)
        }
    };
    (
        @types [$u32s:ty] [$i64s:ty] [$str:ty] [$lists:ident $texts:ident]
        [$(#[$owned:meta])*] [$(#[$borrowed:meta])*] [$(#[$enums:meta])*]
        [$($variant:ident($key:ident))?] [$(#[$rsb_enums:meta])*]
    ) => {
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
        ///
        /// Where the two element types have one layout, the standard
        /// library collects into the mirror's own allocation; else the
        /// list is reserved whole, as a fallible collect, which cannot
        /// know its length, would grow it by doubling (three times the
        /// list at once while it moves).
        fn each<M, T>(
            items: Vec<M>,
            field: &str,
            convert: impl Fn(M) -> Result<T, Invalid>,
        ) -> Result<Vec<T>, Invalid> {
            let convert = |(index, item)| {
                convert(item).map_err(|error: Invalid| error.within(&format!("{field}[{index}]")))
            };
            if size_of::<M>() == size_of::<T>() && align_of::<M>() == align_of::<T>() {
                return items.into_iter().enumerate().map(convert).collect();
            }
            let mut converted = Vec::with_capacity(items.len());
            for item in items.into_iter().enumerate() {
                converted.push(convert(item)?);
            }
            Ok(converted)
        }

        $(#[$owned])*
        pub(crate) struct TaskManager {
            pub(crate) user: String,
            pub(crate) version: Vec<u32>,
            pub(crate) lists: Vec<TaskList>,
        }

        $(#[$owned])*
        pub(crate) struct TaskList {
            pub(crate) header: Header,
            pub(crate) tasks: Vec<Task>,
        }

        $(#[$owned])*
        pub(crate) struct Task {
            pub(crate) header: Header,
            pub(crate) description: String,
            pub(crate) priority: Priority,
            pub(crate) completed: bool,
        }

        $(#[$owned])*
        pub(crate) struct Header {
            pub(crate) id: [u8; 16],
            pub(crate) name: String,
            /// `0xAARRGGBB`.
            pub(crate) color: u32,
            pub(crate) created: Created,
        }

        /// A timestamp as `forms::timestamp_parts` gives it.
        #[derive(Clone, Copy)]
        $(#[$owned])*
        pub(crate) struct Created {
            pub(crate) seconds: i64,
            pub(crate) nanos: u32,
            pub(crate) offset_seconds: i32,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        $(#[$enums])*
        pub(crate) enum Priority {
            $(#[$variant($key = 0)])?
            Low,
            $(#[$variant($key = 1)])?
            Medium,
            $(#[$variant($key = 2)])?
            High,
            $(#[$variant($key = 3)])?
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
                Ok($crate::TaskHeader {
                    id: $crate::Uuid::from_bytes(self.id),
                    name: self.name,
                    color: $crate::Color::from_argb(self.color),
                    created: self.created.into_model()?,
                })
            }
        }

        impl Created {
            /// The timestamp, if the model has it; else an error at `created`.
            fn into_model(self) -> Result<$crate::OffsetDateTime, Invalid> {
                $crate::forms::timestamp_from_parts(self.seconds, self.nanos, self.offset_seconds)
                    .map_err(|error| Invalid {
                        path: "created".to_owned(),
                        message: error.to_string(),
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

        $(#[$owned])*
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

        $(#[$owned])*
        pub(crate) struct Graph {
            pub(crate) nodes: Vec<Node>,
            pub(crate) edges: Vec<Edge>,
        }

        $(#[$owned])*
        pub(crate) struct Node {
            pub(crate) id: u16,
            pub(crate) name: String,
            pub(crate) out_edges: Vec<u32>,
            pub(crate) in_edges: Vec<u32>,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
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

        $(#[$owned])*
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

        $(#[$owned])*
        pub(crate) struct MediaContent {
            pub(crate) media: Media,
            pub(crate) images: Vec<Image>,
        }

        $(#[$owned])*
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

        $(#[$owned])*
        pub(crate) struct Image {
            pub(crate) uri: String,
            pub(crate) title: Option<String>,
            pub(crate) width: i32,
            pub(crate) height: i32,
            pub(crate) size: Size,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        $(#[$enums])*
        pub(crate) enum Player {
            $(#[$variant($key = 0)])?
            Java,
            $(#[$variant($key = 1)])?
            Flash,
        }

        #[derive(Clone, Copy)]
        $(#[$owned])*
        $(#[$enums])*
        pub(crate) enum Size {
            $(#[$variant($key = 0)])?
            Small,
            $(#[$variant($key = 1)])?
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
                        player: media.player.into(),
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
                            size: image.size.into(),
                        })
                        .collect(),
                })
            }
        }

        impl From<Player> for $crate::Player {
            fn from(player: Player) -> Self {
                match player {
                    Player::Java => Self::Java,
                    Player::Flash => Self::Flash,
                }
            }
        }

        impl From<Size> for $crate::Size {
            fn from(size: Size) -> Self {
                match size {
                    Size::Small => Self::Small,
                    Size::Large => Self::Large,
                }
            }
        }

        $crate::__mirror_rsb!(
            @owned [$(#[$owned])*] [$(#[$enums])*] [$($variant($key))?] [$(#[$rsb_enums])*]
        );

        /// The owned and borrowed mirrors of a dataset.
        pub(crate) trait Mirrored: Sized {
            /// What the library decodes into.
            type Owned;
            /// What the library encodes from: the value borrowed into the
            /// mirror's shape (named apart from the dataset's own borrowed
            /// form, `Dataset::Borrowed`, which a borrowed decode builds).
            type View<'a>
            where
                Self: 'a;

            /// The value borrowed into its mirror.
            fn borrowed(&self) -> Self::View<'_>;

            /// The model value a decoded mirror holds.
            fn from_owned(owned: Self::Owned) -> Result<Self, Invalid>;
        }

        $crate::mirror!(@mirrored TaskManager);
        $crate::mirror!(@mirrored SensorReading);
        $crate::mirror!(@mirrored Graph);
        $crate::mirror!(@mirrored Record);
        $crate::mirror!(@mirrored MediaContent);
        $crate::mirror!(@mirrored Logs);
        $crate::__mirror_rsb!(@mirrored_owned Mesh);
        $crate::mirror!(@mirrored Players);
        $crate::__mirror_rsb!(@mirrored_updates $lists);

        /// The model borrowed into the owned types' shapes for encoding.
        #[allow(
            clippy::ref_option_ref,
            reason = "a derive that takes each field by reference sees `&Option<&str>`, the \
                      field that borrows an optional string"
        )]
        pub(crate) mod borrowed {
            use $crate::forms;

            use super::{Abilities, Address, Created, Edge, GameType, Player, Priority, Size};

            $crate::mirror!(@make $lists);
            $crate::mirror!(@make $texts text);
            $crate::mirror!(@borrowed_shapes [$(#[$borrowed])*] [$u32s] [$i64s] [$str]);

            impl<'a> TaskManager<'a> {
                pub(crate) fn new(value: &'a $crate::TaskManager) -> Self {
                    Self {
                        user: text(&value.user),
                        version: list(&value.version.segments),
                        lists: value
                            .lists
                            .iter()
                            .map(|list| TaskList {
                                header: Header::new(&list.header),
                                tasks: list.tasks.iter().map(Task::new).collect(),
                            })
                            .collect(),
                    }
                }
            }

            impl<'a> Task<'a> {
                fn new(task: &'a $crate::Task) -> Self {
                    Self {
                        header: Header::new(&task.header),
                        description: text(&task.description),
                        priority: match task.priority {
                            $crate::Priority::Low => Priority::Low,
                            $crate::Priority::Medium => Priority::Medium,
                            $crate::Priority::High => Priority::High,
                            $crate::Priority::Critical => Priority::Critical,
                        },
                        completed: task.completed,
                    }
                }
            }

            impl<'a> Header<'a> {
                fn new(header: &'a $crate::TaskHeader) -> Self {
                    let (seconds, nanos, offset_seconds) = forms::timestamp_parts(&header.created);
                    Self {
                        id: header.id.into_bytes(),
                        name: text(&header.name),
                        color: $crate::Color::argb(header.color),
                        created: Created {
                            seconds,
                            nanos,
                            offset_seconds,
                        },
                    }
                }
            }

            impl<'a> SensorReading<'a> {
                pub(crate) fn new(value: &'a $crate::SensorReading) -> Self {
                    Self {
                        sensor_id: text(&value.sensor_id),
                        ambient_temperature: value.ambient_temperature,
                        object_temperature: value.object_temperature,
                        accelerometer_x: value.accelerometer_x,
                        accelerometer_y: value.accelerometer_y,
                        accelerometer_z: value.accelerometer_z,
                        altitude: value.altitude,
                        light: value.light,
                        humidity: value.humidity,
                    }
                }
            }

            impl<'a> Graph<'a> {
                pub(crate) fn new(value: &'a $crate::Graph) -> Self {
                    Self {
                        nodes: value
                            .nodes
                            .iter()
                            .map(|node| Node {
                                id: node.id,
                                name: text(&node.name),
                                out_edges: list(&node.out_edges),
                                in_edges: list(&node.in_edges),
                            })
                            .collect(),
                        edges: value
                            .edges
                            .iter()
                            .map(|edge| Edge {
                                from: edge.from,
                                to: edge.to,
                                weight: edge.weight,
                            })
                            .collect(),
                    }
                }
            }

            impl<'a> Record<'a> {
                pub(crate) fn new(value: &'a $crate::Record) -> Self {
                    Self {
                        ids: list(&value.ids),
                        strings: value.strings.iter().map(|string| text(string)).collect(),
                    }
                }
            }

            impl<'a> MediaContent<'a> {
                pub(crate) fn new(value: &'a $crate::MediaContent) -> Self {
                    let media = &value.media;
                    Self {
                        media: Media {
                            uri: text(&media.uri),
                            title: media.title.as_deref().map(text),
                            width: media.width,
                            height: media.height,
                            format: text(&media.format),
                            duration: media.duration,
                            size: media.size,
                            bitrate: media.bitrate,
                            persons: media.persons.iter().map(|person| text(person)).collect(),
                            player: match media.player {
                                $crate::Player::Java => Player::Java,
                                $crate::Player::Flash => Player::Flash,
                            },
                            copyright: media.copyright.as_deref().map(text),
                        },
                        images: value
                            .images
                            .iter()
                            .map(|image| Image {
                                uri: text(&image.uri),
                                title: image.title.as_deref().map(text),
                                width: image.width,
                                height: image.height,
                                size: match image.size {
                                    $crate::Size::Small => Size::Small,
                                    $crate::Size::Large => Size::Large,
                                },
                            })
                            .collect(),
                    }
                }
            }

            $crate::__mirror_rsb!(@borrowed_new $lists [$(#[$borrowed])*]);
        }
    };
    // The borrowed types' shape, for the borrowed types (encoding) and the
    // lent ones (decoding): leaf types from the enclosing module, lists and
    // texts as given.
    (@borrowed_shapes [$(#[$derives:meta])*] [$u32s:ty] [$i64s:ty] [$str:ty]) => {
        $(#[$derives])*
        pub(crate) struct TaskManager<'a> {
            user: $str,
            version: $u32s,
            lists: Vec<TaskList<'a>>,
        }

        $(#[$derives])*
        pub(crate) struct TaskList<'a> {
            header: Header<'a>,
            tasks: Vec<Task<'a>>,
        }

        $(#[$derives])*
        pub(crate) struct Task<'a> {
            header: Header<'a>,
            description: $str,
            priority: Priority,
            completed: bool,
        }

        $(#[$derives])*
        pub(crate) struct Header<'a> {
            id: [u8; 16],
            name: $str,
            color: u32,
            created: Created,
        }

        $(#[$derives])*
        pub(crate) struct SensorReading<'a> {
            sensor_id: $str,
            ambient_temperature: f64,
            object_temperature: f64,
            accelerometer_x: f64,
            accelerometer_y: f64,
            accelerometer_z: f64,
            altitude: f64,
            light: f64,
            humidity: f64,
        }

        $(#[$derives])*
        pub(crate) struct Graph<'a> {
            nodes: Vec<Node<'a>>,
            edges: Vec<Edge>,
        }

        $(#[$derives])*
        pub(crate) struct Node<'a> {
            id: u16,
            name: $str,
            out_edges: $u32s,
            in_edges: $u32s,
        }

        $(#[$derives])*
        pub(crate) struct Record<'a> {
            ids: $i64s,
            strings: Vec<$str>,
        }

        $(#[$derives])*
        pub(crate) struct MediaContent<'a> {
            media: Media<'a>,
            images: Vec<Image<'a>>,
        }

        $(#[$derives])*
        pub(crate) struct Media<'a> {
            uri: $str,
            title: Option<$str>,
            width: i32,
            height: i32,
            format: $str,
            duration: i64,
            size: i64,
            bitrate: Option<i32>,
            persons: Vec<$str>,
            player: Player,
            copyright: Option<$str>,
        }

        $(#[$derives])*
        pub(crate) struct Image<'a> {
            uri: $str,
            title: Option<$str>,
            width: i32,
            height: i32,
            size: Size,
        }

        $crate::__mirror_rsb!(@borrowed_shapes [$(#[$derives])*] [$str]);
    };
    // The lent types, when asked for: `reference` or `cow` texts.
    (@lent []) => {};
    (@lent [reference $(#[$lent:meta])*]) => {
        $crate::mirror!(@lent_types [&'a str] [reference] [$(#[$lent])*]);
    };
    (@lent [cow $(#[$lent:meta])*]) => {
        $crate::mirror!(@lent_types [::std::borrow::Cow<'a, str>] [cow] [$(#[$lent])*]);
    };
    (@lent_types [$str:ty] [$texts:ident] [$(#[$lent:meta])*]) => {
        /// The model's shape with text borrowed from the input, for
        /// decoding into the datasets' borrowed forms.
        #[allow(
            clippy::ref_option_ref,
            reason = "a derive that takes each field by reference sees `&Option<&str>`, the \
                      field that borrows an optional string"
        )]
        pub(crate) mod lent {
            use $crate::Text;

            use super::{
                Abilities, Address, Created, Edge, GameType, Invalid, Player, Priority, Size, each,
            };

            $crate::mirror!(@make $texts lend);
            $crate::mirror!(@borrowed_shapes [$(#[$lent])*] [Vec<u32>] [Vec<i64>] [$str]);

            impl<'a> TaskManager<'a> {
                pub(crate) fn into_lent(self) -> Result<$crate::TaskManager<Text<'a>>, Invalid> {
                    Ok($crate::TaskManager {
                        user: lend(self.user),
                        version: $crate::Version {
                            segments: self.version,
                        },
                        lists: each(self.lists, "lists", TaskList::into_lent)?,
                    })
                }
            }

            impl<'a> TaskList<'a> {
                fn into_lent(self) -> Result<$crate::TaskList<Text<'a>>, Invalid> {
                    Ok($crate::TaskList {
                        header: self.header.into_lent().map_err(|e| e.within("header"))?,
                        tasks: each(self.tasks, "tasks", Task::into_lent)?,
                    })
                }
            }

            impl<'a> Task<'a> {
                fn into_lent(self) -> Result<$crate::Task<Text<'a>>, Invalid> {
                    Ok($crate::Task {
                        header: self.header.into_lent().map_err(|e| e.within("header"))?,
                        description: lend(self.description),
                        priority: self.priority.into(),
                        completed: self.completed,
                    })
                }
            }

            impl<'a> Header<'a> {
                fn into_lent(self) -> Result<$crate::TaskHeader<Text<'a>>, Invalid> {
                    Ok($crate::TaskHeader {
                        id: $crate::Uuid::from_bytes(self.id),
                        name: lend(self.name),
                        color: $crate::Color::from_argb(self.color),
                        created: self.created.into_model()?,
                    })
                }
            }

            impl<'a> SensorReading<'a> {
                #[allow(
                    clippy::unnecessary_wraps,
                    reason = "every mirror converts the same way"
                )]
                pub(crate) fn into_lent(self) -> Result<$crate::SensorReading<Text<'a>>, Invalid> {
                    Ok($crate::SensorReading {
                        sensor_id: lend(self.sensor_id),
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

            impl<'a> Graph<'a> {
                #[allow(
                    clippy::unnecessary_wraps,
                    reason = "every mirror converts the same way"
                )]
                pub(crate) fn into_lent(self) -> Result<$crate::Graph<Text<'a>>, Invalid> {
                    Ok($crate::Graph {
                        nodes: self
                            .nodes
                            .into_iter()
                            .map(|node| $crate::Node {
                                id: node.id,
                                name: lend(node.name),
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

            impl<'a> Record<'a> {
                #[allow(
                    clippy::unnecessary_wraps,
                    reason = "every mirror converts the same way"
                )]
                pub(crate) fn into_lent(self) -> Result<$crate::Record<Text<'a>>, Invalid> {
                    Ok($crate::Record {
                        ids: self.ids,
                        strings: self.strings.into_iter().map(lend).collect(),
                    })
                }
            }

            impl<'a> MediaContent<'a> {
                #[allow(
                    clippy::unnecessary_wraps,
                    reason = "every mirror converts the same way"
                )]
                pub(crate) fn into_lent(self) -> Result<$crate::MediaContent<Text<'a>>, Invalid> {
                    let media = self.media;
                    Ok($crate::MediaContent {
                        media: $crate::Media {
                            uri: lend(media.uri),
                            title: media.title.map(lend),
                            width: media.width,
                            height: media.height,
                            format: lend(media.format),
                            duration: media.duration,
                            size: media.size,
                            bitrate: media.bitrate,
                            persons: media.persons.into_iter().map(lend).collect(),
                            player: media.player.into(),
                            copyright: media.copyright.map(lend),
                        },
                        images: self
                            .images
                            .into_iter()
                            .map(|image| $crate::Image {
                                uri: lend(image.uri),
                                title: image.title.map(lend),
                                width: image.width,
                                height: image.height,
                                size: image.size.into(),
                            })
                            .collect(),
                    })
                }
            }

            $crate::__mirror_rsb!(@into_lent);
        }

        /// A dataset's lent mirror, which decodes into its borrowed form.
        pub(crate) trait Lends: $crate::Dataset {
            /// What the library decodes into, borrowing the input's text.
            type Lent<'a>;

            /// The borrowed form a decoded lent mirror holds.
            fn from_lent(lent: Self::Lent<'_>) -> Result<Self::Borrowed<'_>, Invalid>;
        }

        $crate::mirror!(@lends TaskManager);
        $crate::mirror!(@lends SensorReading);
        $crate::mirror!(@lends Graph);
        $crate::mirror!(@lends Record);
        $crate::mirror!(@lends MediaContent);
        $crate::mirror!(@lends Logs);
        $crate::__mirror_rsb!(@lends_owned Mesh);
        $crate::mirror!(@lends Players);
        $crate::__mirror_rsb!(@lends_owned Updates);
    };
    (@lends $dataset:ident) => {
        impl Lends for $crate::$dataset {
            type Lent<'a> = lent::$dataset<'a>;

            fn from_lent(lent: Self::Lent<'_>) -> Result<Self::Borrowed<'_>, Invalid> {
                lent.into_lent()
            }
        }
    };
    (@mirrored $dataset:ident) => {
        impl Mirrored for $crate::$dataset {
            type Owned = $dataset;
            type View<'a> = borrowed::$dataset<'a>;

            fn borrowed(&self) -> Self::View<'_> {
                borrowed::$dataset::new(self)
            }

            fn from_owned(owned: Self::Owned) -> Result<Self, Invalid> {
                owned.into_model()
            }
        }
    };
}
