//! What the formats with types of their own share: bitcode, wincode and
//! rkyv read and write types carrying their own derives, QDataStream code
//! written per type. [`PairVisitor`] hands over each pair of versions as
//! any [`Version`], but such a format must know which versions they are to
//! reach its own types for them; so [`cells`] looks each pair up by its
//! concrete types and hands it to a [`Practice`], whose bounds name the
//! format's traits.
//!
//! [`mirror!`] declares a format's own types in the calling module, with
//! the caller's derives, as that format's users write their types.

use std::any::Any;
use std::marker::PhantomData;

use crate::model::{
    Change, Image, ImageAdded, ImageMoreSizes, ImageRemoved, ImageRenamed, ImageReordered,
    ImageWidened, Pair, PairVisitor, Version, visit_pairs,
};
use crate::{Direction, Outcome};

/// One format's way of writing a version and reading the bytes as the
/// other: bare, behind a version tag, ….
pub(crate) trait Practice<Old, New> {
    /// The old writer's bytes, read by the new program.
    fn new_reads_old(pair: &Pair<Old, New>) -> Result<New, String>;
    /// The new writer's bytes, read by the old program.
    fn old_reads_new(pair: &Pair<Old, New>) -> Result<Old, String>;
}

/// A practice for every pair [`visit_pairs`] makes.
pub(crate) trait EveryPair:
    Practice<Image, ImageAdded>
    + Practice<Image, ImageRemoved>
    + Practice<Image, ImageRenamed>
    + Practice<Image, ImageReordered>
    + Practice<Image, ImageWidened>
    + Practice<Image, ImageMoreSizes>
{
}

impl<P> EveryPair for P where
    P: Practice<Image, ImageAdded>
        + Practice<Image, ImageRemoved>
        + Practice<Image, ImageRenamed>
        + Practice<Image, ImageReordered>
        + Practice<Image, ImageWidened>
        + Practice<Image, ImageMoreSizes>
{
}

/// The cells of practice `P`.
pub(crate) fn cells<P: EveryPair>() -> Vec<(Change, Direction, Outcome)> {
    let mut cells = Cells::<P>(Vec::new(), PhantomData);
    visit_pairs(&mut cells);
    cells.0
}

struct Cells<P>(Vec<(Change, Direction, Outcome)>, PhantomData<P>);

impl<P: EveryPair> PairVisitor for Cells<P> {
    fn visit<Old: Version, New: Version>(&mut self, pair: &Pair<Old, New>) {
        let pair: &dyn Any = pair;
        // Each change's pair has its own types, so the first that fits is
        // the one; `visit_pairs` making a pair of other types is a change
        // this module must learn, found by every test that reads a cell.
        let judged = self.judge::<ImageAdded>(pair)
            || self.judge::<ImageRemoved>(pair)
            || self.judge::<ImageRenamed>(pair)
            || self.judge::<ImageReordered>(pair)
            || self.judge::<ImageWidened>(pair)
            || self.judge::<ImageMoreSizes>(pair);
        assert!(
            judged,
            "a pair of versions the formats' own types do not cover"
        );
    }
}

impl<P: EveryPair> Cells<P> {
    /// Judges both directions if `pair` is the pair of [`Image`] and
    /// `New`; says whether it was.
    fn judge<New: Version>(&mut self, pair: &dyn Any) -> bool
    where
        P: Practice<Image, New>,
    {
        let Some(pair) = pair.downcast_ref::<Pair<Image, New>>() else {
            return false;
        };
        self.0.push((
            pair.change,
            Direction::NewReadsOld,
            Outcome::judge(P::new_reads_old(pair), Some(&pair.intended_new())),
        ));
        self.0.push((
            pair.change,
            Direction::OldReadsNew,
            Outcome::judge(P::old_reads_new(pair), pair.intended_old().as_ref()),
        ));
        true
    }
}

/// Declares, in the calling module, a format's own types for every
/// version, each with the derives given, as that format's users declare
/// theirs:
///
/// - `Size`, `SizeMore` and one struct per version, named and shaped as
///   the model's, fields in the same order;
/// - the version tags: `OldTagged<Old>` (`V1`), the only version the old
///   program knows, and `NewTagged<Old, New>` (`V1`, `V2`), the new
///   program's, which keeps the old version to migrate it;
/// - `Mirrored`, implemented for every model version: its own type
///   (`Own`) and the conversions both ways.
macro_rules! mirror {
    ($(#[$derive:meta])*) => {
        $(#[$derive])*
        pub(crate) enum Size {
            Small,
            Large,
        }

        $(#[$derive])*
        pub(crate) enum SizeMore {
            Small,
            Large,
            Huge,
        }

        impl From<$crate::model::Size> for Size {
            fn from(size: $crate::model::Size) -> Self {
                match size {
                    $crate::model::Size::Small => Size::Small,
                    $crate::model::Size::Large => Size::Large,
                }
            }
        }

        impl From<Size> for $crate::model::Size {
            fn from(size: Size) -> Self {
                match size {
                    Size::Small => $crate::model::Size::Small,
                    Size::Large => $crate::model::Size::Large,
                }
            }
        }

        impl From<$crate::model::SizeMore> for SizeMore {
            fn from(size: $crate::model::SizeMore) -> Self {
                match size {
                    $crate::model::SizeMore::Small => SizeMore::Small,
                    $crate::model::SizeMore::Large => SizeMore::Large,
                    $crate::model::SizeMore::Huge => SizeMore::Huge,
                }
            }
        }

        impl From<SizeMore> for $crate::model::SizeMore {
            fn from(size: SizeMore) -> Self {
                match size {
                    SizeMore::Small => $crate::model::SizeMore::Small,
                    SizeMore::Large => $crate::model::SizeMore::Large,
                    SizeMore::Huge => $crate::model::SizeMore::Huge,
                }
            }
        }

        /// The version tag the old program writes and reads.
        $(#[$derive])*
        pub(crate) enum OldTagged<Old> {
            V1(Old),
        }

        /// The version tag the new program writes and reads.
        $(#[$derive])*
        pub(crate) enum NewTagged<Old, New> {
            V1(Old),
            V2(New),
        }

        /// A model version with its own type here.
        pub(crate) trait Mirrored: $crate::model::Version {
            type Own;
            fn own(&self) -> Self::Own;
            fn model(own: Self::Own) -> Self;
        }

        $crate::formats::own_types::mirror!(@record [$(#[$derive])*] Image {
            uri: String, title: String, width: i32, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record [$(#[$derive])*] ImageAdded {
            uri: String, title: String, width: i32, height: i32, size: Size, alt: String,
        });
        $crate::formats::own_types::mirror!(@record [$(#[$derive])*] ImageRemoved {
            uri: String, width: i32, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record [$(#[$derive])*] ImageRenamed {
            url: String, title: String, width: i32, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record [$(#[$derive])*] ImageReordered {
            uri: String, title: String, height: i32, width: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record [$(#[$derive])*] ImageWidened {
            uri: String, title: String, width: i64, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record [$(#[$derive])*] ImageMoreSizes {
            uri: String, title: String, width: i32, height: i32, size: SizeMore,
        });
    };
    (@record [$(#[$derive:meta])*] $name:ident { $($field:ident: $type:ty),* $(,)? }) => {
        $(#[$derive])*
        pub(crate) struct $name {
            $($field: $type),*
        }

        impl Mirrored for $crate::model::$name {
            type Own = $name;

            fn own(&self) -> $name {
                $name {
                    $($field: self.$field.clone().into()),*
                }
            }

            fn model(own: $name) -> Self {
                Self {
                    $($field: own.$field.into()),*
                }
            }
        }
    };
}

pub(crate) use mirror;
