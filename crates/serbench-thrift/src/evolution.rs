//! Thrift through the thrift crate's protocols, evolved by field ids.
//!
//! The structs below are those the Thrift 0.17 compiler (`thrift --gen
//! rs`) generates from the IDL each one's doc quotes, written out by hand
//! in the generated code's shape by `thrift_struct!`: building needs no
//! Thrift compiler, and the code reads and writes as generated code
//! does. A real IDL keeps one `struct Image` and edits it; here each
//! version needs a name of its own, since both live in one program.
//!
//! Every field has the requiredness a Thrift user gets by writing neither
//! `required` nor `optional` (the IDL spec calls it *default*): "Thrift:
//! The Missing Guide" warns that `required` is forever, as old readers
//! refuse a record without the field. The Rust generator makes such a
//! field an `Option`, writes it when it is `Some`, and starts a reader's
//! copy at the type's zero (`""`, `0`) or, for an enum, at `None`. A
//! removed field's id is never used again (the guide's rule; Thrift has
//! no `reserved`).
//!
//! How 0.17's generated reader treats what it does not expect, and so
//! this row's cells:
//!
//! - It matches a field on its id alone, never on the type in the
//!   field's header: an unknown id is skipped, a known id is read as the
//!   type the reader declares, whatever was written. (The C++ and Java
//!   generators check the type too and skip a mismatch.) A field widened
//!   from `i32` to `i64` is therefore read with the other width: the
//!   compact protocol writes both as the same zigzag varint, so a value
//!   that fits reads right; the binary protocol writes 4 and 8 big-endian
//!   bytes, so the reader takes the wrong number of bytes and reads the
//!   next ones as a field header. Here the byte it lands on is a 0, the
//!   stop, so the rest of the record goes unread without an error, and
//!   only the `size` left missing makes the conversion below refuse the
//!   record (the unit test at the end follows the bytes). That is why the
//!   two protocols get a row each.
//! - An enum is an `i32` on the wire, and 0.17 generates it as a newtype
//!   over `i32` whose `From<i32>` keeps a number it has no name for
//!   (`Size(2)`), without an error. The model's enum has no such value,
//!   so the conversion a user writes after reading has to decide: here it
//!   refuses the record, naming the number, as it refuses a record whose
//!   enum field never arrived (an enum field starts at `None`).

use std::marker::PhantomData;

use thrift::protocol::{
    TBinaryInputProtocol, TBinaryOutputProtocol, TCompactInputProtocol, TCompactOutputProtocol,
    TFieldIdentifier, TInputProtocol, TOutputProtocol, TSerializable, TStructIdentifier, TType,
    field_id,
};

use serbench_evolution::model::{self, Version};
use serbench_evolution::{Codec, Direct, Evolution, Outcome, Practised, RECORD, cells};
use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::error::{Fail, encode_error, kind};

impl Evolution for crate::ThriftBinary {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "field ids, binary protocol",
        cells: cells::<Direct<Thrift<Binary>>>,
    }];
}

impl Evolution for crate::ThriftCompact {
    const PRACTICES: &'static [Practised] = &[Practised {
        practice: "field ids, compact protocol",
        cells: cells::<Direct<Thrift<Compact>>>,
    }];
}

/// The Thrift rows' format, over protocol `P`.
struct Thrift<P>(PhantomData<P>);

/// One of Thrift's protocols: a struct's bytes and back, as a user of the
/// thrift crate serializes a struct on its own (no message envelope).
trait Protocol {
    /// The codec whose row this protocol's is.
    type Codec: BaseCodec;
    fn write(value: &impl TSerializable) -> thrift::Result<Vec<u8>>;
    fn read<T: TSerializable>(bytes: &[u8]) -> thrift::Result<T>;
}

/// The binary protocol.
struct Binary;

impl Protocol for Binary {
    type Codec = crate::ThriftBinary;

    fn write(value: &impl TSerializable) -> thrift::Result<Vec<u8>> {
        let mut out = Vec::new();
        value.write_to_out_protocol(&mut TBinaryOutputProtocol::new(&mut out, true))?;
        Ok(out)
    }

    fn read<T: TSerializable>(bytes: &[u8]) -> thrift::Result<T> {
        T::read_from_in_protocol(&mut TBinaryInputProtocol::new(bytes, true))
    }
}

/// The compact protocol.
struct Compact;

impl Protocol for Compact {
    type Codec = crate::ThriftCompact;

    fn write(value: &impl TSerializable) -> thrift::Result<Vec<u8>> {
        let mut out = Vec::new();
        value.write_to_out_protocol(&mut TCompactOutputProtocol::new(&mut out))?;
        Ok(out)
    }

    fn read<T: TSerializable>(bytes: &[u8]) -> thrift::Result<T> {
        T::read_from_in_protocol(&mut TCompactInputProtocol::new(bytes))
    }
}

/// A model version and the struct its IDL version generates.
trait Versioned: Version {
    type Struct: TSerializable;
    /// The struct a program of this version fills to write `self`.
    fn to_struct(&self) -> Self::Struct;
    /// The model's value of a struct read; where the struct holds what
    /// the model cannot, why, which the reader names as its codec's error.
    fn from_struct(read: Self::Struct) -> Result<Self, String>;
}

impl<P: Protocol, V: Versioned> Codec<V> for Thrift<P> {
    fn write(value: &V) -> Result<Vec<u8>, Error> {
        P::write(&value.to_struct())
            .map_err(|error| encode_error::<P::Codec>(RECORD, Fail::Thrift(error)))
    }

    /// The generated reader tells no position: its errors are the thrift
    /// crate's messages, of the kinds the dataset reader gives them.
    fn read(bytes: &[u8], intended: Option<&V>) -> Outcome {
        let name = P::Codec::NAME;
        let read = P::read::<V::Struct>(bytes)
            .map_err(|error| {
                Error::named(kind(&error), name, RECORD, error.to_string()).with_source(error)
            })
            .and_then(|read| {
                V::from_struct(read)
                    .map_err(|why| Error::named(ErrorKind::Invalid, name, RECORD, why))
            });
        Outcome::judge(read, intended)
    }
}

/// A field's type as generated code handles it.
trait Field: Sized {
    /// The type its field header names.
    const TYPE: TType;
    /// The model's type for it.
    type Model;
    /// Where generated code starts the field before reading: the zero
    /// of a base type, nothing for an enum.
    fn initial() -> Option<Self>;
    fn read(i_prot: &mut dyn TInputProtocol) -> thrift::Result<Self>;
    fn write(&self, o_prot: &mut dyn TOutputProtocol) -> thrift::Result<()>;
    fn from_model(model: &Self::Model) -> Self;
    fn into_model(self, field: &str) -> Result<Self::Model, String>;
}

impl Field for String {
    const TYPE: TType = TType::String;
    type Model = String;

    fn initial() -> Option<Self> {
        Some(String::new())
    }

    fn read(i_prot: &mut dyn TInputProtocol) -> thrift::Result<Self> {
        i_prot.read_string()
    }

    fn write(&self, o_prot: &mut dyn TOutputProtocol) -> thrift::Result<()> {
        o_prot.write_string(self)
    }

    fn from_model(model: &String) -> Self {
        model.clone()
    }

    fn into_model(self, _: &str) -> Result<String, String> {
        Ok(self)
    }
}

impl Field for i32 {
    const TYPE: TType = TType::I32;
    type Model = i32;

    fn initial() -> Option<Self> {
        Some(0)
    }

    fn read(i_prot: &mut dyn TInputProtocol) -> thrift::Result<Self> {
        i_prot.read_i32()
    }

    fn write(&self, o_prot: &mut dyn TOutputProtocol) -> thrift::Result<()> {
        o_prot.write_i32(*self)
    }

    fn from_model(model: &i32) -> Self {
        *model
    }

    fn into_model(self, _: &str) -> Result<i32, String> {
        Ok(self)
    }
}

impl Field for i64 {
    const TYPE: TType = TType::I64;
    type Model = i64;

    fn initial() -> Option<Self> {
        Some(0)
    }

    fn read(i_prot: &mut dyn TInputProtocol) -> thrift::Result<Self> {
        i_prot.read_i64()
    }

    fn write(&self, o_prot: &mut dyn TOutputProtocol) -> thrift::Result<()> {
        o_prot.write_i64(*self)
    }

    fn from_model(model: &i64) -> Self {
        *model
    }

    fn into_model(self, _: &str) -> Result<i64, String> {
        Ok(self)
    }
}

/// `enum Size { SMALL = 0, LARGE = 1 }`, as the project's
/// `schemas/media.thrift` has it, in the newtype 0.17 generates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Size(i32);

impl Size {
    const SMALL: Size = Size(0);
    const LARGE: Size = Size(1);
}

impl From<i32> for Size {
    /// Keeps a number without a name, as generated code does.
    fn from(number: i32) -> Self {
        Size(number)
    }
}

impl Field for Size {
    const TYPE: TType = TType::I32;
    type Model = model::Size;

    fn initial() -> Option<Self> {
        None
    }

    fn read(i_prot: &mut dyn TInputProtocol) -> thrift::Result<Self> {
        i_prot.read_i32().map(Size::from)
    }

    fn write(&self, o_prot: &mut dyn TOutputProtocol) -> thrift::Result<()> {
        o_prot.write_i32(self.0)
    }

    fn from_model(model: &model::Size) -> Self {
        match model {
            model::Size::Small => Size::SMALL,
            model::Size::Large => Size::LARGE,
        }
    }

    fn into_model(self, field: &str) -> Result<model::Size, String> {
        match self {
            Size::SMALL => Ok(model::Size::Small),
            Size::LARGE => Ok(model::Size::Large),
            Size(number) => Err(unknown(field, number)),
        }
    }
}

/// The enum with `HUGE = 2` appended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SizeMore(i32);

impl SizeMore {
    const SMALL: SizeMore = SizeMore(0);
    const LARGE: SizeMore = SizeMore(1);
    const HUGE: SizeMore = SizeMore(2);
}

impl From<i32> for SizeMore {
    /// Keeps a number without a name, as generated code does.
    fn from(number: i32) -> Self {
        SizeMore(number)
    }
}

impl Field for SizeMore {
    const TYPE: TType = TType::I32;
    type Model = model::SizeMore;

    fn initial() -> Option<Self> {
        None
    }

    fn read(i_prot: &mut dyn TInputProtocol) -> thrift::Result<Self> {
        i_prot.read_i32().map(SizeMore::from)
    }

    fn write(&self, o_prot: &mut dyn TOutputProtocol) -> thrift::Result<()> {
        o_prot.write_i32(self.0)
    }

    fn from_model(model: &model::SizeMore) -> Self {
        match model {
            model::SizeMore::Small => SizeMore::SMALL,
            model::SizeMore::Large => SizeMore::LARGE,
            model::SizeMore::Huge => SizeMore::HUGE,
        }
    }

    fn into_model(self, field: &str) -> Result<model::SizeMore, String> {
        match self {
            SizeMore::SMALL => Ok(model::SizeMore::Small),
            SizeMore::LARGE => Ok(model::SizeMore::Large),
            SizeMore::HUGE => Ok(model::SizeMore::Huge),
            SizeMore(number) => Err(unknown(field, number)),
        }
    }
}

/// The conversion's refusal of an enum number the reader has no name for.
fn unknown(field: &str, number: i32) -> String {
    format!("{field} is {number}, a number the reader's enum has no value for")
}

/// A struct in the shape `thrift --gen rs` (0.17) gives it, for the
/// model version of the same fields: every field an `Option` (default
/// requiredness); the reader starts each at [`Field::initial`], loops
/// over the field headers until the stop, matches each on its id alone
/// and skips an id it does not know; the writer writes each field that is
/// `Some` in id order (the compiler sorts the fields by id, whatever
/// order the IDL declares them in), then the stop.
macro_rules! thrift_struct {
    ($(#[$doc:meta])* $name:ident for $model:ident { $($id:literal: $field:ident: $type:ty,)* }) => {
        $(#[$doc])*
        struct $name {
            $($field: Option<$type>,)*
        }

        impl TSerializable for $name {
            fn read_from_in_protocol(i_prot: &mut dyn TInputProtocol) -> thrift::Result<Self> {
                i_prot.read_struct_begin()?;
                let mut read = $name { $($field: <$type as Field>::initial(),)* };
                loop {
                    let field_ident = i_prot.read_field_begin()?;
                    if field_ident.field_type == TType::Stop {
                        break;
                    }
                    match field_id(&field_ident)? {
                        $($id => read.$field = Some(<$type as Field>::read(i_prot)?),)*
                        _ => i_prot.skip(field_ident.field_type)?,
                    }
                    i_prot.read_field_end()?;
                }
                i_prot.read_struct_end()?;
                Ok(read)
            }

            fn write_to_out_protocol(&self, o_prot: &mut dyn TOutputProtocol) -> thrift::Result<()> {
                o_prot.write_struct_begin(&TStructIdentifier::new(stringify!($name)))?;
                $(
                    if let Some(value) = &self.$field {
                        o_prot.write_field_begin(&TFieldIdentifier::new(
                            stringify!($field),
                            <$type as Field>::TYPE,
                            $id,
                        ))?;
                        value.write(o_prot)?;
                        o_prot.write_field_end()?;
                    }
                )*
                o_prot.write_field_stop()?;
                o_prot.write_struct_end()
            }
        }

        impl Versioned for model::$model {
            type Struct = $name;

            fn to_struct(&self) -> $name {
                $name { $($field: Some(Field::from_model(&self.$field)),)* }
            }

            fn from_struct(read: $name) -> Result<Self, String> {
                Ok(model::$model {
                    $($field: read
                        .$field
                        .ok_or_else(|| format!("{} is missing", stringify!($field)))?
                        .into_model(stringify!($field))?,)*
                })
            }
        }
    };
}

thrift_struct! {
    /// ```thrift
    /// struct Image {
    ///   1: string uri,
    ///   2: string title,
    ///   3: i32 width,
    ///   4: i32 height,
    ///   5: Size size,
    /// }
    /// ```
    Image for Image {
        1: uri: String,
        2: title: String,
        3: width: i32,
        4: height: i32,
        5: size: Size,
    }
}

thrift_struct! {
    /// `Image` with `6: string alt` after the others.
    ImageAdded for ImageAdded {
        1: uri: String,
        2: title: String,
        3: width: i32,
        4: height: i32,
        5: size: Size,
        6: alt: String,
    }
}

thrift_struct! {
    /// `Image` without `2: string title`, whose id is not used again.
    ImageRemoved for ImageRemoved {
        1: uri: String,
        3: width: i32,
        4: height: i32,
        5: size: Size,
    }
}

thrift_struct! {
    /// `Image` with `1: string url` for `uri`: the id stays.
    ImageRenamed for ImageRenamed {
        1: url: String,
        2: title: String,
        3: width: i32,
        4: height: i32,
        5: size: Size,
    }
}

thrift_struct! {
    /// `Image` with `4: i32 height` declared before `3: i32 width`: the
    /// compiler sorts by id, so the generated struct is `Image`'s.
    ImageReordered for ImageReordered {
        1: uri: String,
        2: title: String,
        3: width: i32,
        4: height: i32,
        5: size: Size,
    }
}

thrift_struct! {
    /// `Image` with `3: i64 width`.
    ImageWidened for ImageWidened {
        1: uri: String,
        2: title: String,
        3: width: i64,
        4: height: i32,
        5: size: Size,
    }
}

thrift_struct! {
    /// `Image` whose `size` is the enum with `HUGE` appended.
    ImageMoreSizes for ImageMoreSizes {
        1: uri: String,
        2: title: String,
        3: width: i32,
        4: height: i32,
        5: size: SizeMore,
    }
}

#[cfg(test)]
mod tests {
    use super::{Binary, Compact, Image, ImageWidened, Protocol, Size};

    /// Why the binary protocol's widened cells are errors: the old
    /// reader takes 4 of the `i64`'s 8 bytes (its high half, 0) and then
    /// reads a 0 byte of the rest as the struct's stop, so `height` stays
    /// at its starting 0 and `size` at `None`. Only the missing `size`
    /// makes the conversion refuse the record; the compact protocol's
    /// varint reads the width right.
    #[test]
    fn binary_reads_a_widened_width_short_and_stops() {
        let widened = ImageWidened {
            uri: Some("u".to_owned()),
            title: Some("t".to_owned()),
            width: Some(640),
            height: Some(480),
            size: Some(Size::LARGE),
        };
        let read: Image = Binary::read(&Binary::write(&widened).unwrap()).unwrap();
        assert_eq!(
            (read.width, read.height, read.size),
            (Some(0), Some(0), None)
        );
        let read: Image = Compact::read(&Compact::write(&widened).unwrap()).unwrap();
        assert_eq!(
            (read.width, read.height, read.size),
            (Some(640), Some(480), Some(Size::LARGE))
        );
    }
}
