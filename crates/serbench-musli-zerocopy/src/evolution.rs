//! musli-zerocopy's record in each version: a `repr(C)` type deriving
//! `ZeroCopy` (strings as `Ref<str>`, the size as a `repr(u8)` enum),
//! stored and loaded as the datasets' roots are (offset 0, the buffer's
//! length first, every load validated), through the same framing and
//! reader.
//!
//! musli-zerocopy has no versioning of its own: its docs list what a
//! reader must know to load a buffer (its alignment, its byte order, the
//! type and the offset of the root) and leave them to the program. A
//! buffer names nothing, so a reader whose type differs from the writer's
//! sees the writer's bytes through its own fields. Its users' practice is
//! then a positional format's: a version number the program writes in the
//! root's header, which the reader loads first (`{len: u64, version:
//! u32}`, a prefix of every version's root) to pick the type it loads the
//! record as, migrating an old one. That is the `version tag` row: the
//! new program reads every old record, the old one refuses the version it
//! does not know.
//!
//! The `bare` row is each version's root `{len: u64, record}` loaded as
//! the other version's. `repr(C)` lays the fields out in order, each at
//! its alignment, so a field added at the end leaves the old ones where
//! they were and the old program reads the new record (✓), as an rkyv
//! reader does behind its boxed root; the new program's larger root
//! overlaps the old record's strings, and the reader refuses the title
//! that the root and the string then both claim. A renamed field keeps
//! the bytes, and `width` and `height` swapped read each other's value
//! (⚠). A widened `width` is the silent one: the padding after the old
//! root's `size` makes both roots 40 bytes, so the new program reads the
//! old `width` and `height` as one `i64`, the size byte as `height` and a
//! padding byte as `Small` (⚠). The other changes put a byte other than 0
//! or 1 where a size enum sits, and the validation of the root refuses it:
//! the record's bytes' luck as much as the format's.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_evolution::model::{self, Pair, Version};
use serbench_evolution::{Evolution, Outcome, Practice, Practised, RECORD, cells};
use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::MusliZerocopy;
use crate::wire::{Failure, Reader, load, store};

impl Evolution for MusliZerocopy {
    const PRACTICES: &'static [Practised] = &[
        Practised {
            practice: "bare",
            cells: cells::<Bare>,
        },
        Practised {
            practice: "version tag",
            cells: cells::<VersionTag>,
        },
    ];
}

/// Each version's root as it is, loaded as the other's.
struct Bare;

/// The version in the root's header, loaded first.
struct VersionTag;

/// The bare root: the buffer's length, then the record.
#[derive(ZeroCopy)]
#[repr(C)]
struct Framed<R: ZeroCopy> {
    len: u64,
    record: R,
}

/// The tagged root: the buffer's length, the version, then the record.
#[derive(ZeroCopy)]
#[repr(C)]
struct Tagged<R: ZeroCopy> {
    len: u64,
    version: u32,
    record: R,
}

/// Every tagged root's first fields, loaded to learn its version.
#[derive(ZeroCopy)]
#[repr(C)]
struct Head {
    len: u64,
    version: u32,
}

/// The old version's number in the header, and the new one's.
const OLD: u32 = 1;
const NEW: u32 = 2;

/// A version of the record as its program stores it: its `repr(C)`
/// type, and the conversions both ways.
trait Stored: Version {
    type Own: ZeroCopy;
    /// Stores what the value points to in `buf` and returns its type.
    fn store(&self, buf: &mut OwnedBuf) -> Result<Self::Own, musli_zerocopy::Error>;
    /// The value, loading what `own` points to through `reader`.
    fn load(own: &Self::Own, reader: &mut Reader<'_>) -> Result<Self, Failure>;
}

/// A field of the model's record, as a stored record holds it.
trait Field: Sized {
    type Own: ZeroCopy;
    fn store(&self, buf: &mut OwnedBuf) -> Result<Self::Own, musli_zerocopy::Error>;
    fn load(own: &Self::Own, reader: &mut Reader<'_>, name: &'static str) -> Result<Self, Failure>;
}

impl Field for String {
    type Own = Ref<str>;

    fn store(&self, buf: &mut OwnedBuf) -> Result<Ref<str>, musli_zerocopy::Error> {
        buf.store_unsized(self.as_str())
    }

    fn load(own: &Ref<str>, reader: &mut Reader<'_>, name: &'static str) -> Result<Self, Failure> {
        reader.text(*own, &|| name.to_owned()).map(str::to_owned)
    }
}

/// Integers and the size enums, held by value: the root's load has
/// validated them (an enum's tag in range).
macro_rules! copied {
    ($($model:ty => $own:ty),* $(,)?) => {$(
        impl Field for $model {
            type Own = $own;

            fn store(&self, _: &mut OwnedBuf) -> Result<$own, musli_zerocopy::Error> {
                Ok((*self).into())
            }

            fn load(own: &$own, _: &mut Reader<'_>, _: &'static str) -> Result<Self, Failure> {
                Ok((*own).into())
            }
        }
    )*};
}

copied!(i32 => i32, i64 => i64, model::Size => Size, model::SizeMore => SizeMore);

/// [`model::Size`]: one byte, its index.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum Size {
    Small,
    Large,
}

/// [`model::SizeMore`]: one byte, its index.
#[derive(ZeroCopy, Clone, Copy)]
#[repr(u8)]
enum SizeMore {
    Small,
    Large,
    Huge,
}

impl From<model::Size> for Size {
    fn from(size: model::Size) -> Self {
        match size {
            model::Size::Small => Size::Small,
            model::Size::Large => Size::Large,
        }
    }
}

impl From<Size> for model::Size {
    fn from(size: Size) -> Self {
        match size {
            Size::Small => model::Size::Small,
            Size::Large => model::Size::Large,
        }
    }
}

impl From<model::SizeMore> for SizeMore {
    fn from(size: model::SizeMore) -> Self {
        match size {
            model::SizeMore::Small => SizeMore::Small,
            model::SizeMore::Large => SizeMore::Large,
            model::SizeMore::Huge => SizeMore::Huge,
        }
    }
}

impl From<SizeMore> for model::SizeMore {
    fn from(size: SizeMore) -> Self {
        match size {
            SizeMore::Small => model::SizeMore::Small,
            SizeMore::Large => model::SizeMore::Large,
            SizeMore::Huge => model::SizeMore::Huge,
        }
    }
}

/// Each version's stored type, in `layout`, named and shaped as the
/// model's: its fields in the same order, each as [`Field`] holds it.
macro_rules! stored {
    ($($name:ident { $($field:ident: $type:ty),* $(,)? })*) => {
        mod layout {
            use musli_zerocopy::ZeroCopy;
            use serbench_evolution::model;

            use super::Field;

            $(
                #[derive(ZeroCopy)]
                #[repr(C)]
                pub(super) struct $name {
                    $(pub(super) $field: <$type as Field>::Own),*
                }
            )*
        }

        $(
            impl Stored for model::$name {
                type Own = layout::$name;

                fn store(&self, buf: &mut OwnedBuf) -> Result<layout::$name, musli_zerocopy::Error> {
                    Ok(layout::$name {
                        $($field: self.$field.store(buf)?),*
                    })
                }

                fn load(own: &layout::$name, reader: &mut Reader<'_>) -> Result<Self, Failure> {
                    Ok(model::$name {
                        $($field: Field::load(&own.$field, reader, stringify!($field))?),*
                    })
                }
            }
        )*
    };
}

stored! {
    Image { uri: String, title: String, width: i32, height: i32, size: model::Size }
    ImageAdded {
        uri: String, title: String, width: i32, height: i32, size: model::Size, alt: String,
    }
    ImageRemoved { uri: String, width: i32, height: i32, size: model::Size }
    ImageRenamed { url: String, title: String, width: i32, height: i32, size: model::Size }
    ImageReordered { uri: String, title: String, height: i32, width: i32, size: model::Size }
    ImageWidened { uri: String, title: String, width: i64, height: i32, size: model::Size }
    ImageMoreSizes {
        uri: String, title: String, width: i32, height: i32, size: model::SizeMore,
    }
}

/// `value`'s bare buffer.
fn write_bare<V: Stored>(value: &V) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    store::<MusliZerocopy, Framed<V::Own>>(
        RECORD,
        &mut out,
        |buf| {
            Ok(Framed {
                len: 0,
                record: value.store(buf)?,
            })
        },
        |root| &mut root.len,
    )?;
    Ok(out)
}

/// A bare buffer loaded as version `V`.
fn read_bare<V: Stored>(bytes: &[u8]) -> Result<V, Error> {
    load::<MusliZerocopy, Framed<V::Own>, V>(RECORD, bytes, |root, reader| {
        V::load(&root.record, reader)
    })
}

/// `value`'s buffer with `version` in its header.
fn write_tagged<V: Stored>(version: u32, value: &V) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    store::<MusliZerocopy, Tagged<V::Own>>(
        RECORD,
        &mut out,
        |buf| {
            Ok(Tagged {
                len: 0,
                version,
                record: value.store(buf)?,
            })
        },
        |root| &mut root.len,
    )?;
    Ok(out)
}

/// The version a tagged buffer's header names.
fn version(bytes: &[u8]) -> Result<u32, Error> {
    load::<MusliZerocopy, Head, u32>(RECORD, bytes, |head, _| Ok(head.version))
}

/// A tagged buffer loaded as version `V`, its header already read.
fn read_tagged<V: Stored>(bytes: &[u8]) -> Result<V, Error> {
    load::<MusliZerocopy, Tagged<V::Own>, V>(RECORD, bytes, |root, reader| {
        V::load(&root.record, reader)
    })
}

/// A header naming a version the reader does not know.
fn unknown(version: u32, known: &str) -> Error {
    Error::named(
        ErrorKind::Invalid,
        MusliZerocopy::NAME,
        RECORD,
        format!("the record is version {version}; this program reads {known}"),
    )
    .at_offset(std::mem::offset_of!(Head, version))
}

impl<Old: Stored, New: Stored> Practice<Old, New> for Bare {
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_new(write_bare(&pair.old).and_then(|bytes| read_bare(&bytes)))
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        pair.judge_old(write_bare(&pair.new).and_then(|bytes| read_bare(&bytes)))
    }
}

impl<Old: Stored, New: Stored> Practice<Old, New> for VersionTag {
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let read = write_tagged(OLD, &pair.old).and_then(|bytes| match version(&bytes)? {
            OLD => read_tagged::<Old>(&bytes).map(|old| (pair.migrate)(&old)),
            NEW => read_tagged::<New>(&bytes),
            other => Err(unknown(other, "versions 1 and 2")),
        });
        pair.judge_new(read)
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let read = write_tagged(NEW, &pair.new).and_then(|bytes| match version(&bytes)? {
            OLD => read_tagged::<Old>(&bytes),
            other => Err(unknown(other, "version 1 only")),
        });
        pair.judge_old(read)
    }
}

#[cfg(test)]
mod tests {
    use std::mem::{offset_of, size_of};

    use serbench_evolution::{Change, Direction};

    use super::*;

    fn outcome(
        cells: &[(Change, Direction, Outcome)],
        change: Change,
        direction: Direction,
    ) -> Outcome {
        cells
            .iter()
            .find(|cell| cell.0 == change && cell.1 == direction)
            .map(|cell| cell.2.clone())
            .unwrap()
    }

    /// The reader loads the header of every tagged root, and the framing
    /// reads every root's first eight bytes as its length.
    #[test]
    fn the_header_is_a_prefix_of_every_tagged_root() {
        assert_eq!(offset_of!(Head, len), 0);
        assert_eq!(offset_of!(Framed<layout::Image>, len), 0);
        assert_eq!(offset_of!(Tagged<layout::Image>, len), 0);
        assert_eq!(
            offset_of!(Tagged<layout::Image>, version),
            offset_of!(Head, version)
        );
        assert_eq!(
            offset_of!(Tagged<layout::ImageWidened>, version),
            offset_of!(Head, version)
        );
    }

    #[test]
    fn behind_the_version_the_new_program_reads_every_old_record() {
        let cells = cells::<VersionTag>();
        assert_eq!(cells.len(), 12);
        for (change, direction, outcome) in cells {
            match direction {
                Direction::NewReadsOld => assert_eq!(outcome, Outcome::Reads, "{change:?}"),
                Direction::OldReadsNew => {
                    assert_eq!(outcome.id(), "error", "{change:?}: {outcome}");
                }
            }
        }
    }

    #[test]
    fn bare_a_widened_field_reads_wrong_in_the_old_roots_padding() {
        // Why the new program finds nothing amiss: the two roots are one
        // size.
        assert_eq!(size_of::<Framed<layout::Image>>(), 40);
        assert_eq!(size_of::<Framed<layout::ImageWidened>>(), 40);
        let cells = cells::<Bare>();
        let widened = outcome(&cells, Change::Widened, Direction::NewReadsOld);
        assert_eq!(widened.id(), "wrong", "{widened}");
        assert_eq!(
            outcome(&cells, Change::Added, Direction::OldReadsNew),
            Outcome::Reads
        );
        for direction in Direction::ALL {
            assert_eq!(outcome(&cells, Change::Reordered, direction).id(), "wrong");
        }
    }

    #[test]
    fn a_cut_or_unknown_header_is_refused() {
        let bytes = write_tagged(
            OLD,
            &model::Image {
                uri: "u".to_owned(),
                title: "t".to_owned(),
                width: 1,
                height: 2,
                size: model::Size::Small,
            },
        )
        .unwrap();
        let cut = version(&bytes[..bytes.len() - 1]).unwrap_err();
        assert_eq!(cut.kind(), ErrorKind::Truncated);
        assert_eq!(
            version(&bytes[..5]).unwrap_err().kind(),
            ErrorKind::Truncated
        );
        assert_eq!(version(&bytes).unwrap(), OLD);
        let mut newer = bytes.clone();
        newer[8..12].copy_from_slice(&7_u32.to_ne_bytes());
        // The header's version sits at byte 8, after the length.
        assert_eq!(version(&newer).unwrap(), 7);
    }
}
