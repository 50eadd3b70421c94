//! The decoder's side: the thrift crate's input protocol, with the checks
//! the model needs around each call.
//!
//! Every struct is read by [`Reader::fields`], which refuses unknown field
//! ids, fields of the wrong type and fields given twice; lengths are
//! checked against the input left before the protocol allocates them, and
//! list counts against the fewest bytes their items take. Every integer
//! (field ids, counts and lengths included) is checked to fit its type
//! before the protocol reads it, which would cut it to the type.

use serbench_model::ErrorKind;
use thrift::protocol::TType;

use crate::error::Fault;
use crate::input::Input;
use crate::protocol::{Int, Protocol};

pub(crate) struct Reader<'i, P: Protocol> {
    protocol: P::In<'i>,
    input: &'i Input<'i>,
}

/// A struct's fields by id: field `i` (from 1) has name `FIELDS[i - 1].0`
/// and type `FIELDS[i - 1].1`.
pub(crate) type Fields = [(&'static str, TType)];

impl<'i, P: Protocol> Reader<'i, P> {
    pub(crate) fn new(input: &'i Input<'i>) -> Self {
        Self {
            protocol: P::input(input),
            input,
        }
    }

    pub(crate) fn pos(&self) -> usize {
        self.input.pos()
    }

    /// Checks that the value filled the input.
    pub(crate) fn finish(self) -> Result<(), Fault> {
        let left = self.input.ahead().len();
        if left == 0 {
            Ok(())
        } else {
            Err(Fault::new(
                self.pos(),
                ErrorKind::TrailingBytes,
                format!("{left} bytes follow the value"),
            ))
        }
    }

    /// Refuses the integer of `int` ahead, part of `what`, if it is wider
    /// than its type.
    fn fits(&self, what: &str, int: Int) -> Result<(), Fault> {
        match P::too_wide(self.input.ahead(), int) {
            None => Ok(()),
            Some(why) => {
                let part = match int {
                    Int::FieldHeader => "a field id in ",
                    Int::ListHeader => "the count of ",
                    Int::Length => "the length of ",
                    Int::I16 | Int::I32 | Int::I64 => "",
                };
                Err(Fault::new(
                    self.pos(),
                    ErrorKind::Syntax,
                    format!("{part}{what} is {why}"),
                ))
            }
        }
    }

    /// Runs a protocol read of `what`, its error placed where it began.
    fn call<T>(
        &mut self,
        what: &str,
        read: impl FnOnce(&mut P::In<'i>) -> thrift::Result<T>,
    ) -> Result<T, Fault> {
        let at = self.pos();
        read(&mut self.protocol).map_err(|error| Fault::thrift(at, what, error))
    }

    /// Reads the struct `what`, calling `field` with each field's index in
    /// `fields` (its id less one) once its header is read.
    pub(crate) fn fields(
        &mut self,
        what: &str,
        fields: &Fields,
        field: impl FnMut(&mut Self, usize) -> Result<(), Fault>,
    ) -> Result<(), Fault> {
        self.struct_fields(what, fields.len(), |index| fields[index], field)
    }

    /// [`Reader::fields`] for a struct of `count` fields whose names are
    /// known at run time (a document's): field `index` is named and typed
    /// as `describe(index)` says. The same checks, for any number of fields.
    pub(crate) fn struct_fields<'n>(
        &mut self,
        what: &str,
        count: usize,
        describe: impl Fn(usize) -> (&'n str, TType),
        mut field: impl FnMut(&mut Self, usize) -> Result<(), Fault>,
    ) -> Result<(), Fault> {
        self.call(what, thrift::protocol::TInputProtocol::read_struct_begin)?;
        let mut seen = Seen::new(count);
        loop {
            let at = self.pos();
            self.fits(what, Int::FieldHeader)?;
            let header = self.call(what, thrift::protocol::TInputProtocol::read_field_begin)?;
            if header.field_type == TType::Stop {
                break;
            }
            let id = header.id.unwrap_or_default();
            let index = usize::try_from(id)
                .ok()
                .and_then(|id| id.checked_sub(1))
                .filter(|&index| index < count)
                .ok_or_else(|| {
                    Fault::new(
                        at,
                        ErrorKind::Invalid,
                        format!("{what} has no field {id} (it has 1 to {count})"),
                    )
                })?;
            let (name, expected) = describe(index);
            if header.field_type != expected {
                return Err(Fault::new(
                    at,
                    ErrorKind::Invalid,
                    format!(
                        "{name} (field {id} of {what}) is a {:?}, not a {expected:?}",
                        header.field_type
                    ),
                ));
            }
            if seen.again(index) {
                return Err(Fault::new(
                    at,
                    ErrorKind::Invalid,
                    format!("{name} (field {id} of {what}) is given twice"),
                ));
            }
            field(self, index)?;
            self.call(what, thrift::protocol::TInputProtocol::read_field_end)?;
        }
        self.call(what, thrift::protocol::TInputProtocol::read_struct_end)
    }

    pub(crate) fn bool(&mut self, what: &str) -> Result<bool, Fault> {
        self.call(what, thrift::protocol::TInputProtocol::read_bool)
    }

    pub(crate) fn i8(&mut self, what: &str) -> Result<i8, Fault> {
        self.call(what, thrift::protocol::TInputProtocol::read_i8)
    }

    pub(crate) fn i16(&mut self, what: &str) -> Result<i16, Fault> {
        self.fits(what, Int::I16)?;
        self.call(what, thrift::protocol::TInputProtocol::read_i16)
    }

    /// An `i16` that must hold a `u8`: Thrift has no unsigned integers.
    pub(crate) fn u8(&mut self, what: &str) -> Result<u8, Fault> {
        let at = self.pos();
        let value = self.i16(what)?;
        u8::try_from(value).map_err(|_| outside(at, what, value, u8::MAX.into()))
    }

    /// An `i32` that must hold a `u16`: Thrift has no unsigned integers.
    pub(crate) fn u16(&mut self, what: &str) -> Result<u16, Fault> {
        let at = self.pos();
        let value = self.i32(what)?;
        u16::try_from(value).map_err(|_| outside(at, what, value, u16::MAX.into()))
    }

    /// An enum as Thrift's `i32`: the item of `all` at that index, which
    /// the variants of `name` are numbered by.
    pub(crate) fn variant<T: Copy>(
        &mut self,
        what: &str,
        all: &[T],
        name: &str,
    ) -> Result<T, Fault> {
        let at = self.pos();
        let value = self.i32(what)?;
        usize::try_from(value)
            .ok()
            .and_then(|index| all.get(index).copied())
            .ok_or_else(|| {
                Fault::new(
                    at,
                    ErrorKind::Invalid,
                    format!("{what} is {value}, not a {name} (0 to {})", all.len() - 1),
                )
            })
    }

    pub(crate) fn i32(&mut self, what: &str) -> Result<i32, Fault> {
        self.fits(what, Int::I32)?;
        self.call(what, thrift::protocol::TInputProtocol::read_i32)
    }

    pub(crate) fn i64(&mut self, what: &str) -> Result<i64, Fault> {
        self.fits(what, Int::I64)?;
        self.call(what, thrift::protocol::TInputProtocol::read_i64)
    }

    pub(crate) fn double(&mut self, what: &str) -> Result<f64, Fault> {
        self.call(what, thrift::protocol::TInputProtocol::read_double)
    }

    /// A `double` that must hold an `f32` exactly (Thrift has no 32-bit
    /// float): see [`crate::float`].
    pub(crate) fn float(&mut self, what: &str) -> Result<f32, Fault> {
        let at = self.pos();
        let value = self.double(what)?;
        crate::float::narrow(value).ok_or_else(|| {
            Fault::new(
                at,
                ErrorKind::Invalid,
                format!(
                    "{what} is {value} ({:#018x}), which no f32 holds",
                    value.to_bits()
                ),
            )
        })
    }

    /// Checks the length of the string or binary value ahead: the protocol
    /// allocates what it declares before reading a byte (and panics on a
    /// negative binary-protocol length), so it must be within the input.
    fn check_length(&self, what: &str) -> Result<(), Fault> {
        self.fits(what, Int::Length)?;
        let ahead = self.input.ahead();
        let Some((length, prefix)) = P::peek_length(ahead) else {
            return Ok(());
        };
        let left = ahead.len() - prefix;
        if length < 0 {
            Err(Fault::new(
                self.pos(),
                ErrorKind::Syntax,
                format!("{what} declares a negative length, {length}"),
            ))
        } else if length.cast_unsigned() > left as u64 {
            Err(Fault::new(
                self.pos(),
                ErrorKind::Truncated,
                format!("{what} declares {length} bytes, {left} are left"),
            ))
        } else {
            Ok(())
        }
    }

    pub(crate) fn string(&mut self, what: &str) -> Result<String, Fault> {
        self.check_length(what)?;
        self.call(what, thrift::protocol::TInputProtocol::read_string)
    }

    /// A binary value of any length.
    pub(crate) fn binary(&mut self, what: &str) -> Result<Vec<u8>, Fault> {
        self.check_length(what)?;
        self.call(what, thrift::protocol::TInputProtocol::read_bytes)
    }

    /// A binary value of exactly `N` bytes.
    pub(crate) fn bytes<const N: usize>(&mut self, what: &str) -> Result<[u8; N], Fault> {
        self.check_length(what)?;
        let at = self.pos();
        let bytes = self.call(what, thrift::protocol::TInputProtocol::read_bytes)?;
        <[u8; N]>::try_from(bytes).map_err(|bytes| {
            Fault::new(
                at,
                ErrorKind::Invalid,
                format!("{what} has {} bytes, not {N}", bytes.len()),
            )
        })
    }

    /// A list of `element`s, each read by `item`, which takes at least
    /// `min` bytes.
    pub(crate) fn list<T>(
        &mut self,
        what: &str,
        element: TType,
        min: usize,
        mut item: impl FnMut(&mut Self) -> Result<T, Fault>,
    ) -> Result<Vec<T>, Fault> {
        let at = self.pos();
        self.fits(what, Int::ListHeader)?;
        let header = self.call(what, thrift::protocol::TInputProtocol::read_list_begin)?;
        if header.element_type != element {
            return Err(Fault::new(
                at,
                ErrorKind::Invalid,
                format!(
                    "{what} is a list of {:?}, not of {element:?}",
                    header.element_type
                ),
            ));
        }
        let count = usize::try_from(header.size).map_err(|_| {
            Fault::new(
                at,
                ErrorKind::Syntax,
                format!("{what} declares a negative count, {}", header.size),
            )
        })?;
        let left = self.input.ahead().len();
        if count > left / min {
            return Err(Fault::new(
                at,
                ErrorKind::Truncated,
                format!(
                    "{what} declares {count} items of at least {min} bytes, {left} bytes are left"
                ),
            ));
        }
        // Room for as many items as the input left could hold at one byte
        // of memory per byte of input; it grows from there as items arrive.
        let mut items = Vec::with_capacity(count.min(left / size_of::<T>().max(1)));
        for _ in 0..count {
            items.push(item(self)?);
        }
        self.call(what, thrift::protocol::TInputProtocol::read_list_end)?;
        Ok(items)
    }
}

/// The error for an integer `value` read at `at` outside `0..=max`, the
/// range of the model's unsigned field `what`.
fn outside(at: usize, what: &str, value: impl std::fmt::Display, max: i64) -> Fault {
    Fault::new(
        at,
        ErrorKind::Invalid,
        format!("{what} is {value}, outside 0 to {max}"),
    )
}

/// `value`, or an error saying the struct `what` that began at `at` lacks
/// the required field `name`.
pub(crate) fn required<T>(value: Option<T>, at: usize, what: &str, name: &str) -> Result<T, Fault> {
    value.ok_or_else(|| {
        Fault::new(
            at,
            ErrorKind::Invalid,
            format!("{what} lacks its required field {name}"),
        )
    })
}

/// The fields of a struct read so far, a bit each: in one word for the
/// model's structs, in as many as a document's wide struct needs.
struct Seen {
    word: u64,
    words: Vec<u64>,
}

impl Seen {
    fn new(count: usize) -> Self {
        let words = if count > 64 {
            vec![0; count.div_ceil(64)]
        } else {
            Vec::new()
        };
        Self { word: 0, words }
    }

    /// Marks field `index` read; whether it was already.
    fn again(&mut self, index: usize) -> bool {
        let (word, bit) = if self.words.is_empty() {
            (&mut self.word, index)
        } else {
            (&mut self.words[index / 64], index % 64)
        };
        let again = *word & (1 << bit) != 0;
        *word |= 1 << bit;
        again
    }
}
