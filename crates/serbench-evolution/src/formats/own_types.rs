//! The types bitcode's, wincode's and rkyv's users declare: [`mirror!`]
//! declares them in the calling module, with the caller's derives, one
//! per version of the model's record, and says they are the library's
//! [`Mirror`](super::library::Mirror) of each version, so the shared
//! practices reach the type for a version.

/// Declares, in the calling module, a library's own types for every
/// version, each with the derives given, as that library's users declare
/// theirs:
///
/// - `Size`, `SizeMore` and one struct per version, named and shaped as
///   the model's, fields in the same order;
/// - [`Mirror`](super::library::Mirror) for the library type given, for
///   every model version: its own type and the conversions both ways.
///
/// The version tags are not declared here: one enum of versions serves
/// every library ([`OldTagged`](super::library::OldTagged)).
macro_rules! mirror {
    ($library:ty, $(#[$derive:meta])*) => {
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

        $crate::formats::own_types::mirror!(@record $library, [$(#[$derive])*] Image {
            uri: String, title: String, width: i32, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record $library, [$(#[$derive])*] ImageAdded {
            uri: String, title: String, width: i32, height: i32, size: Size, alt: String,
        });
        $crate::formats::own_types::mirror!(@record $library, [$(#[$derive])*] ImageRemoved {
            uri: String, width: i32, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record $library, [$(#[$derive])*] ImageRenamed {
            url: String, title: String, width: i32, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record $library, [$(#[$derive])*] ImageReordered {
            uri: String, title: String, height: i32, width: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record $library, [$(#[$derive])*] ImageWidened {
            uri: String, title: String, width: i64, height: i32, size: Size,
        });
        $crate::formats::own_types::mirror!(@record $library, [$(#[$derive])*] ImageMoreSizes {
            uri: String, title: String, width: i32, height: i32, size: SizeMore,
        });
    };
    (@record $library:ty, [$(#[$derive:meta])*] $name:ident { $($field:ident: $type:ty),* $(,)? }) => {
        $(#[$derive])*
        pub(crate) struct $name {
            $($field: $type),*
        }

        impl $crate::formats::library::Mirror<$crate::model::$name> for $library {
            type Own = $name;

            fn own(value: &$crate::model::$name) -> $name {
                $name {
                    $($field: value.$field.clone().into()),*
                }
            }

            fn model(own: $name) -> $crate::model::$name {
                $crate::model::$name {
                    $($field: own.$field.into()),*
                }
            }
        }
    };
}

pub(crate) use mirror;
