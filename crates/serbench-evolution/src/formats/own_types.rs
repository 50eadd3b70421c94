//! The types bitcode's, wincode's and rkyv's users declare: [`mirror!`]
//! declares them in the calling module, with the caller's derives, one
//! per version of the model's record, so each format's
//! [`Practice`](super::typed::Practice) reaches the type for a version.

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
