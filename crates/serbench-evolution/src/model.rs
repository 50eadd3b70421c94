//! The record and its versions: the media benchmark's `Image`, as it was
//! ([`Image`]) and after each [`Change`] on its own.
//!
//! These are the values every format is judged by: a format's own types
//! (prost messages, Cap'n Proto readers, Avro values) are turned into them
//! after reading. Their serde attributes are what a serde user writes to
//! evolve a type: `default` on a field added, `alias` on a field renamed.
//! The old version has none, since it was written before anyone knew what
//! would change.
//!
//! The pairs are listed once, in [`visit_typed`], which hands each over
//! with its concrete types: the old version is always [`Image`], and a
//! [`TypedVisitor`] names the new one, so a format with a type of its own
//! per version finds it by the type system, and a change without one is a
//! build error. A [`PairVisitor`], for formats that need no version's
//! type, is visited through the same list ([`visit_pairs`]).

use std::fmt::Debug;

use serbench_model::Error;
use serbench_results::EVOLUTION_CHANGES;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::Outcome;

/// One change between the old version and a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Change {
    /// A field added at the end (`alt`), with a default where the format
    /// has defaults.
    Added,
    /// A field removed (`title`, the second).
    Removed,
    /// A field renamed (`uri` to `url`).
    Renamed,
    /// Two fields of one type swapped (`width`, `height`).
    Reordered,
    /// An integer widened from 32 to 64 bits (`width`).
    Widened,
    /// An enum value added (`size` gains `Huge`).
    EnumValueAdded,
}

impl Change {
    /// Every change, in the order the tables show them.
    pub const ALL: [Change; 6] = [
        Change::Added,
        Change::Removed,
        Change::Renamed,
        Change::Reordered,
        Change::Widened,
        Change::EnumValueAdded,
    ];

    /// The id the reports and the committed table use
    /// (`serbench_results::EVOLUTION_CHANGES`, which holds the order).
    #[must_use]
    pub const fn id(self) -> &'static str {
        EVOLUTION_CHANGES[self as usize].0
    }

    /// What changed, for a table's heading.
    #[must_use]
    pub const fn about(self) -> &'static str {
        EVOLUTION_CHANGES[self as usize].1
    }
}

/// A version of the record: what a format's reading is compared as.
pub trait Version: Clone + PartialEq + Debug + Serialize + DeserializeOwned + 'static {
    /// Its fields by name, each value written out, for the sentence that
    /// says what a wrong read gave.
    fn fields(&self) -> Vec<(&'static str, String)>;
}

/// Lists a record's fields for [`Version::fields`].
macro_rules! fields {
    ($type:ty { $($field:ident),* }) => {
        impl Version for $type {
            fn fields(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), format!("{:?}", self.$field))),*]
            }
        }
    };
}

/// The size enum as the old version has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Size {
    /// Small.
    Small,
    /// Large.
    Large,
}

/// The size enum with a value added at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SizeMore {
    /// Small.
    Small,
    /// Large.
    Large,
    /// The value added.
    Huge,
}

/// The old version.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Image {
    /// Where the image is.
    pub uri: String,
    /// Its title.
    pub title: String,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Its size class.
    pub size: Size,
}
fields!(Image {
    uri,
    title,
    width,
    height,
    size
});

/// New: `alt` added at the end, empty by default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImageAdded {
    /// Where the image is.
    pub uri: String,
    /// Its title.
    pub title: String,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Its size class.
    pub size: Size,
    /// The field added: a text alternative.
    #[serde(default)]
    pub alt: String,
}
fields!(ImageAdded {
    uri,
    title,
    width,
    height,
    size,
    alt
});

/// New: `title` removed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImageRemoved {
    /// Where the image is.
    pub uri: String,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Its size class.
    pub size: Size,
}
fields!(ImageRemoved {
    uri,
    width,
    height,
    size
});

/// New: `uri` renamed `url`; serde reads the old name too.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImageRenamed {
    /// Where the image is, under its new name.
    #[serde(alias = "uri")]
    pub url: String,
    /// Its title.
    pub title: String,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Its size class.
    pub size: Size,
}
fields!(ImageRenamed {
    url,
    title,
    width,
    height,
    size
});

/// New: `height` declared before `width`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImageReordered {
    /// Where the image is.
    pub uri: String,
    /// Its title.
    pub title: String,
    /// Height in pixels, now before the width.
    pub height: i32,
    /// Width in pixels.
    pub width: i32,
    /// Its size class.
    pub size: Size,
}
fields!(ImageReordered {
    uri,
    title,
    width,
    height,
    size
});

/// New: `width` a 64-bit integer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImageWidened {
    /// Where the image is.
    pub uri: String,
    /// Its title.
    pub title: String,
    /// Width in pixels, widened.
    pub width: i64,
    /// Height in pixels.
    pub height: i32,
    /// Its size class.
    pub size: Size,
}
fields!(ImageWidened {
    uri,
    title,
    width,
    height,
    size
});

/// New: `size` can be `Huge`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImageMoreSizes {
    /// Where the image is.
    pub uri: String,
    /// Its title.
    pub title: String,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Its size class, with the value added.
    pub size: SizeMore,
}
fields!(ImageMoreSizes {
    uri,
    title,
    width,
    height,
    size
});

/// An old version and a new one, the value each writes, and what each
/// reader should make of the other's.
pub struct Pair<Old, New> {
    /// The change between them.
    pub change: Change,
    /// What the old version writes.
    pub old: Old,
    /// What the new version writes.
    pub new: New,
    /// The new version of an old value: what the new reader of the old
    /// writer's bytes should read (a field added takes its default).
    pub migrate: fn(&Old) -> New,
    /// The old version of a new value, what the old reader of the new
    /// writer's bytes should read (a field removed takes its default), or
    /// `None` where the old version has no form for it.
    pub project: fn(&New) -> Option<Old>,
}

impl<Old: Version, New: Version> Pair<Old, New> {
    /// What the new reader of the old writer's bytes should read.
    #[must_use]
    pub fn intended_new(&self) -> New {
        (self.migrate)(&self.old)
    }

    /// What the old reader of the new writer's bytes should read.
    #[must_use]
    pub fn intended_old(&self) -> Option<Old> {
        (self.project)(&self.new)
    }

    /// Judges what the new reader made of the old writer's bytes.
    pub fn judge_new(&self, read: Result<New, Error>) -> Outcome {
        Outcome::judge(read, Some(&self.intended_new()))
    }

    /// Judges what the old reader made of the new writer's bytes.
    pub fn judge_old(&self, read: Result<Old, Error>) -> Outcome {
        Outcome::judge(read, self.intended_old().as_ref())
    }
}

/// Work on every change's pair that needs no version's concrete type:
/// formats that serde or a schema given at run time drive.
pub trait PairVisitor {
    /// Called once per change, in [`Change::ALL`]'s order.
    fn visit<Old: Version, New: Version>(&mut self, pair: &Pair<Old, New>);
}

/// Work on the pair whose new version is `New`, its types known: what a
/// format needs whose users write a type of the format's own per version
/// (a prost message, a generated Cap'n Proto struct, a derive's type).
pub trait TypedVisitor<New> {
    /// Called with that change's pair.
    fn visit(&mut self, pair: &Pair<Image, New>);
}

/// A [`TypedVisitor`] for every change's pair, which [`visit_typed`]
/// needs. A change added to the model adds its version here, so every
/// typed format fails to build until it handles the new version, rather
/// than failing when a test reaches it.
pub trait EveryPair:
    TypedVisitor<ImageAdded>
    + TypedVisitor<ImageRemoved>
    + TypedVisitor<ImageRenamed>
    + TypedVisitor<ImageReordered>
    + TypedVisitor<ImageWidened>
    + TypedVisitor<ImageMoreSizes>
{
}

impl<V> EveryPair for V where
    V: TypedVisitor<ImageAdded>
        + TypedVisitor<ImageRemoved>
        + TypedVisitor<ImageRenamed>
        + TypedVisitor<ImageReordered>
        + TypedVisitor<ImageWidened>
        + TypedVisitor<ImageMoreSizes>
{
}

/// Calls `visitor` with every change's pair, each as its concrete types,
/// in [`Change::ALL`]'s order. The one list of the pairs: [`visit_pairs`]
/// goes through it too.
pub fn visit_typed(visitor: &mut impl EveryPair) {
    visitor.visit(&added());
    visitor.visit(&removed());
    visitor.visit(&renamed());
    visitor.visit(&reordered());
    visitor.visit(&widened());
    visitor.visit(&more_sizes());
}

/// Calls `visitor` with every change's pair, in [`Change::ALL`]'s order.
pub fn visit_pairs(visitor: &mut impl PairVisitor) {
    visit_typed(&mut Untyped(visitor));
}

/// A [`PairVisitor`] seen as a [`TypedVisitor`] of every version, so the
/// pairs are listed once.
struct Untyped<'a, V>(&'a mut V);

impl<V: PairVisitor, New: Version> TypedVisitor<New> for Untyped<'_, V> {
    fn visit(&mut self, pair: &Pair<Image, New>) {
        self.0.visit(pair);
    }
}

/// The old value every pair starts from.
fn image() -> Image {
    Image {
        uri: "https://example.com/lake.jpg".to_owned(),
        title: "Lake at dusk".to_owned(),
        width: 640,
        height: 480,
        size: Size::Large,
    }
}

/// The text alternative the new version of [`Change::Added`] writes.
const ALT: &str = "A lake under an orange sky";

// Each pair below is spelled out field by field, so a reader sees what
// each version holds.

/// [`Change::Added`]'s pair.
fn added() -> Pair<Image, ImageAdded> {
    let old = image();
    Pair {
        change: Change::Added,
        new: ImageAdded {
            uri: old.uri.clone(),
            title: old.title.clone(),
            width: old.width,
            height: old.height,
            size: old.size,
            alt: ALT.to_owned(),
        },
        old,
        migrate: |old| ImageAdded {
            uri: old.uri.clone(),
            title: old.title.clone(),
            width: old.width,
            height: old.height,
            size: old.size,
            alt: String::new(),
        },
        project: |new| {
            Some(Image {
                uri: new.uri.clone(),
                title: new.title.clone(),
                width: new.width,
                height: new.height,
                size: new.size,
            })
        },
    }
}

/// [`Change::Removed`]'s pair.
fn removed() -> Pair<Image, ImageRemoved> {
    let old = image();
    Pair {
        change: Change::Removed,
        new: ImageRemoved {
            uri: old.uri.clone(),
            width: old.width,
            height: old.height,
            size: old.size,
        },
        old,
        migrate: |old| ImageRemoved {
            uri: old.uri.clone(),
            width: old.width,
            height: old.height,
            size: old.size,
        },
        project: |new| {
            Some(Image {
                uri: new.uri.clone(),
                title: String::new(),
                width: new.width,
                height: new.height,
                size: new.size,
            })
        },
    }
}

/// [`Change::Renamed`]'s pair.
fn renamed() -> Pair<Image, ImageRenamed> {
    let old = image();
    Pair {
        change: Change::Renamed,
        new: ImageRenamed {
            url: old.uri.clone(),
            title: old.title.clone(),
            width: old.width,
            height: old.height,
            size: old.size,
        },
        old,
        migrate: |old| ImageRenamed {
            url: old.uri.clone(),
            title: old.title.clone(),
            width: old.width,
            height: old.height,
            size: old.size,
        },
        project: |new| {
            Some(Image {
                uri: new.url.clone(),
                title: new.title.clone(),
                width: new.width,
                height: new.height,
                size: new.size,
            })
        },
    }
}

/// [`Change::Reordered`]'s pair.
fn reordered() -> Pair<Image, ImageReordered> {
    let old = image();
    Pair {
        change: Change::Reordered,
        new: ImageReordered {
            uri: old.uri.clone(),
            title: old.title.clone(),
            height: old.height,
            width: old.width,
            size: old.size,
        },
        old,
        migrate: |old| ImageReordered {
            uri: old.uri.clone(),
            title: old.title.clone(),
            height: old.height,
            width: old.width,
            size: old.size,
        },
        project: |new| {
            Some(Image {
                uri: new.uri.clone(),
                title: new.title.clone(),
                width: new.width,
                height: new.height,
                size: new.size,
            })
        },
    }
}

/// [`Change::Widened`]'s pair.
fn widened() -> Pair<Image, ImageWidened> {
    let old = image();
    Pair {
        change: Change::Widened,
        new: ImageWidened {
            uri: old.uri.clone(),
            title: old.title.clone(),
            width: i64::from(old.width),
            height: old.height,
            size: old.size,
        },
        old,
        migrate: |old| ImageWidened {
            uri: old.uri.clone(),
            title: old.title.clone(),
            width: i64::from(old.width),
            height: old.height,
            size: old.size,
        },
        project: |new| {
            Some(Image {
                uri: new.uri.clone(),
                title: new.title.clone(),
                width: i32::try_from(new.width).ok()?,
                height: new.height,
                size: new.size,
            })
        },
    }
}

/// [`Change::EnumValueAdded`]'s pair.
fn more_sizes() -> Pair<Image, ImageMoreSizes> {
    let old = image();
    Pair {
        change: Change::EnumValueAdded,
        new: ImageMoreSizes {
            uri: old.uri.clone(),
            title: old.title.clone(),
            width: old.width,
            height: old.height,
            size: SizeMore::Huge,
        },
        old,
        migrate: |old| ImageMoreSizes {
            uri: old.uri.clone(),
            title: old.title.clone(),
            width: old.width,
            height: old.height,
            size: match old.size {
                Size::Small => SizeMore::Small,
                Size::Large => SizeMore::Large,
            },
        },
        project: |new| {
            Some(Image {
                uri: new.uri.clone(),
                title: new.title.clone(),
                width: new.width,
                height: new.height,
                size: match new.size {
                    SizeMore::Small => Size::Small,
                    SizeMore::Large => Size::Large,
                    SizeMore::Huge => return None,
                },
            })
        },
    }
}

/// Which fields of `read` differ from `intended`: `width 480 (meant
/// 640)`.
pub fn difference<V: Version>(intended: &V, read: &V) -> String {
    let read = read.fields();
    let changed: Vec<String> = intended
        .fields()
        .into_iter()
        .zip(read)
        .filter(|(meant, got)| meant.1 != got.1)
        .map(|((name, meant), (_, got))| format!("{name} {got} (meant {meant})"))
        .collect();
    format!("read {}", changed.join(", "))
}

/// A value's fields written out: `uri "…", width 640, …`.
pub fn describe<V: Version>(value: &V) -> String {
    value
        .fields()
        .into_iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join(", ")
}
