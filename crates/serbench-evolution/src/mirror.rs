//! The types a library with a derive of its own (bitcode, wincode, rkyv)
//! has its users declare: [`mirror!`](crate::mirror) declares them in the
//! calling module, with the caller's derives, one per version of the
//! model's record and the two version tags, and says they are the
//! library's [`Mirror`](crate::Mirror) of each version and its
//! [`Tags`](crate::Tags), so the shared practices reach them.

/// Declares, in the calling module, a library's own types for every
/// version, each with the derives given, as that library's users declare
/// theirs:
///
/// - `Size`, `SizeMore` and one struct per version, named and shaped as
///   the model's, fields in the same order;
/// - `OldTagged` and `NewTagged`, the version tags;
/// - [`Mirror`](crate::Mirror) for the library type given, for every model
///   version: its own type and the conversions both ways, and
///   [`Tags`](crate::Tags) for the tags;
/// - optionally, as the model's `mirror!` does, `enums: #[…]` puts
///   attributes on the enums alone, and `variants: attr(key)` puts
///   `#[attr(key = N)]` on each variant, `N` its index, for a library that
///   wants each enum's tag type and each variant's value spelled out
///   (bin-proto).
#[macro_export]
macro_rules! mirror {
    (
        $library:ty, $(#[$derive:meta])*
        $(, enums: $(#[$enums:meta])*)?
        $(, variants: $variant:ident($key:ident))?
        $(,)?
    ) => {
        $(#[$derive])*
        $($(#[$enums])*)?
        pub(crate) enum Size {
            $(#[$variant($key = 0)])?
            Small,
            $(#[$variant($key = 1)])?
            Large,
        }

        $(#[$derive])*
        $($(#[$enums])*)?
        pub(crate) enum SizeMore {
            $(#[$variant($key = 0)])?
            Small,
            $(#[$variant($key = 1)])?
            Large,
            $(#[$variant($key = 2)])?
            Huge,
        }

        $(#[$derive])*
        $($(#[$enums])*)?
        pub(crate) enum OldTagged<Old> {
            $(#[$variant($key = 0)])?
            V1(Old),
        }

        $(#[$derive])*
        $($(#[$enums])*)?
        pub(crate) enum NewTagged<Old, New> {
            $(#[$variant($key = 0)])?
            V1(Old),
            $(#[$variant($key = 1)])?
            V2(New),
        }

        impl $crate::Tags for $library {
            type Old<O> = OldTagged<O>;
            type New<O, N> = NewTagged<O, N>;

            fn old<O>(value: O) -> OldTagged<O> {
                OldTagged::V1(value)
            }

            fn from_old<O>(tagged: OldTagged<O>) -> O {
                let OldTagged::V1(value) = tagged;
                value
            }

            fn new<O, N>(value: N) -> NewTagged<O, N> {
                NewTagged::V2(value)
            }

            fn from_new<O, N>(tagged: NewTagged<O, N>) -> $crate::Tag<O, N> {
                match tagged {
                    NewTagged::V1(old) => $crate::Tag::V1(old),
                    NewTagged::V2(new) => $crate::Tag::V2(new),
                }
            }
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

        $crate::mirror!(@record $library, [$(#[$derive])*] Image {
            uri: String, title: String, width: i32, height: i32, size: Size,
        });
        $crate::mirror!(@record $library, [$(#[$derive])*] ImageAdded {
            uri: String, title: String, width: i32, height: i32, size: Size, alt: String,
        });
        $crate::mirror!(@record $library, [$(#[$derive])*] ImageRemoved {
            uri: String, width: i32, height: i32, size: Size,
        });
        $crate::mirror!(@record $library, [$(#[$derive])*] ImageRenamed {
            url: String, title: String, width: i32, height: i32, size: Size,
        });
        $crate::mirror!(@record $library, [$(#[$derive])*] ImageReordered {
            uri: String, title: String, height: i32, width: i32, size: Size,
        });
        $crate::mirror!(@record $library, [$(#[$derive])*] ImageWidened {
            uri: String, title: String, width: i64, height: i32, size: Size,
        });
        $crate::mirror!(@record $library, [$(#[$derive])*] ImageMoreSizes {
            uri: String, title: String, width: i32, height: i32, size: SizeMore,
        });
    };
    (@record $library:ty, [$(#[$derive:meta])*] $name:ident { $($field:ident: $type:ty),* $(,)? }) => {
        $(#[$derive])*
        pub(crate) struct $name {
            $($field: $type),*
        }

        impl $crate::Mirror<$crate::model::$name> for $library {
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
