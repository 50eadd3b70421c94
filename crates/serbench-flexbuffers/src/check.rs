//! The walk that validates a whole FlexBuffer before flexbuffers reads it.
//!
//! flexbuffers' reader trusts the buffer: it indexes a slice at an address
//! read from the input (`read_usize`, `get_bool`, `get_key` panic past the
//! end), its iterators turn every element it cannot read into a null, and
//! its `as_*` accessors, which its serde deserializer calls, turn a string
//! that is not UTF-8 or out of bounds into `""` and a number out of bounds
//! into 0. A damaged buffer would panic or decode to other values without
//! an error. Its offsets are free to point anywhere before their slot, so a
//! vector may point back at itself (unbounded recursion) or many slots at
//! one large child (a decode many times the input's size).
//!
//! So the codec reads nothing the walk has not checked, and the walk holds
//! the buffer to the layout flexbuffers writes:
//!
//! - the value an offset reaches, with its length prefix and its trailing
//!   type bytes, lies in the buffer and ends at or before the slot that
//!   points at it (writers write a child before its parent), so every
//!   reference to a value that holds anything points strictly back and the
//!   references form no cycle;
//! - every packed type is one flexbuffers reads, floats are 4 or 8 bytes
//!   wide, an inline value fits its slot, a boolean is 0 or 1, strings and
//!   keys are UTF-8, strings end in their NUL and keys find theirs;
//! - a map's keys vector has the map's length and its keys are in strictly
//!   ascending byte order (the order flexbuffers' lookup needs; a repeated
//!   key is refused with it);
//! - containers nest at most `depth` levels;
//! - the walk visits a shared value once for each reference to it and
//!   counts what it visits: a buffer whose values, counted so, exceed
//!   [`BUDGET_PER_BYTE`] times its length is refused, which bounds both the
//!   walk's time and what the decode after it builds.

use serbench_model::ErrorKind;

/// The bytes the walk may visit per byte of buffer, a shared value counted
/// at each reference. The writer shares only keys, so a valid buffer visits
/// its keys once per map that holds them: the model's maps of short
/// records, whose field names are longer than their values, visit about
/// twice their bytes.
pub(crate) const BUDGET_PER_BYTE: usize = 8;

/// What the walk refused: where, what kind of error, and why.
#[derive(Debug)]
pub(crate) struct Refused {
    pub(crate) offset: usize,
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
}

fn refuse<T>(offset: usize, kind: ErrorKind, message: impl Into<String>) -> Result<T, Refused> {
    Err(Refused {
        offset,
        kind,
        message: message.into(),
    })
}

/// FlexBuffers' packed types (the high six bits of a type byte), as the
/// walk tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    Null,
    Int,
    UInt,
    Float,
    Bool,
    Key,
    String,
    Blob,
    /// An `IndirectInt`, `IndirectUInt` or `IndirectFloat`: a scalar out of
    /// line, its width its own; `float` for the last.
    Indirect {
        float: bool,
    },
    Map,
    Vector,
    /// A typed vector of `Int`, `UInt`, `Float`, `Bool` or `Key`, with a
    /// length prefix unless `fixed` gives its length (2, 3 or 4).
    Typed {
        element: Element,
        fixed: Option<usize>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Element {
    Int,
    Float,
    Bool,
    Key,
}

impl Type {
    fn of(code: u8) -> Option<Type> {
        use Element as E;
        let typed = |element, fixed| Some(Type::Typed { element, fixed });
        match code {
            0 => Some(Type::Null),
            1 => Some(Type::Int),
            2 => Some(Type::UInt),
            3 => Some(Type::Float),
            4 => Some(Type::Key),
            5 => Some(Type::String),
            6 | 7 => Some(Type::Indirect { float: false }),
            8 => Some(Type::Indirect { float: true }),
            9 => Some(Type::Map),
            10 => Some(Type::Vector),
            11 | 12 => typed(E::Int, None),
            13 => typed(E::Float, None),
            14 => typed(E::Key, None),
            // 15, the deprecated typed vector of strings, is refused:
            // flexbuffers reads its elements as keys, which it never wrote.
            16 | 17 => typed(E::Int, Some(2)),
            18 => typed(E::Float, Some(2)),
            19 | 20 => typed(E::Int, Some(3)),
            21 => typed(E::Float, Some(3)),
            22 | 23 => typed(E::Int, Some(4)),
            24 => typed(E::Float, Some(4)),
            25 => Some(Type::Blob),
            26 => Some(Type::Bool),
            36 => typed(E::Bool, None),
            _ => None,
        }
    }

    fn is_inline(self) -> bool {
        matches!(
            self,
            Type::Null | Type::Int | Type::UInt | Type::Float | Type::Bool
        )
    }
}

/// A type byte's type and width in bytes.
fn unpack(byte: u8, at: usize) -> Result<(Type, usize), Refused> {
    match Type::of(byte >> 2) {
        Some(ty) => Ok((ty, 1 << (byte & 3))),
        None => refuse(
            at,
            ErrorKind::Syntax,
            format!("type byte {byte:#04x} is no FlexBuffers type flexbuffers reads"),
        ),
    }
}

/// Validates `bytes` as one FlexBuffer nesting at most `depth` containers.
pub(crate) fn check(bytes: &[u8], depth: usize) -> Result<(), Refused> {
    let end = bytes.len();
    if end < 3 {
        return refuse(
            end,
            ErrorKind::Truncated,
            format!("{end} bytes, and a FlexBuffer's root takes at least 3"),
        );
    }
    let root_width = bytes[end - 1];
    if !matches!(root_width, 1 | 2 | 4 | 8) {
        return refuse(
            end - 1,
            ErrorKind::Syntax,
            format!("root width {root_width}, not 1, 2, 4 or 8"),
        );
    }
    let root_width = usize::from(root_width);
    let (ty, width) = unpack(bytes[end - 2], end - 2)?;
    let Some(slot) = (end - 2).checked_sub(root_width) else {
        return refuse(
            0,
            ErrorKind::Truncated,
            format!("the root's {root_width}-byte slot starts before the buffer"),
        );
    };
    let mut walk = Walk {
        bytes,
        budget: bytes.len().saturating_mul(BUDGET_PER_BYTE).max(1024),
        depth,
    };
    walk.value(slot, root_width, ty, width, 0)
}

struct Walk<'a> {
    bytes: &'a [u8],
    /// Bytes the walk may still visit.
    budget: usize,
    /// The deepest containers may nest.
    depth: usize,
}

impl<'a> Walk<'a> {
    /// Counts `n` visited bytes against the budget.
    fn spend(&mut self, n: usize, at: usize) -> Result<(), Refused> {
        match self.budget.checked_sub(n) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => refuse(
                at,
                ErrorKind::Limit,
                format!(
                    "its references reach more than {BUDGET_PER_BYTE} times its {} bytes",
                    self.bytes.len()
                ),
            ),
        }
    }

    /// The unsigned little-endian number of `width` bytes at `at`.
    fn uint(&self, at: usize, width: usize) -> Result<u64, Refused> {
        match at
            .checked_add(width)
            .and_then(|end| self.bytes.get(at..end))
        {
            Some(slice) => Ok(slice
                .iter()
                .rev()
                .fold(0, |n, &byte| (n << 8) | u64::from(byte))),
            None => refuse(
                at,
                ErrorKind::Truncated,
                format!("a {width}-byte field past the end of the buffer"),
            ),
        }
    }

    /// `uint` as a length or an offset.
    fn size(&self, at: usize, width: usize) -> Result<usize, Refused> {
        let n = self.uint(at, width)?;
        usize::try_from(n).or_else(|_| {
            refuse(
                at,
                ErrorKind::Limit,
                format!("length or offset {n} past this machine's"),
            )
        })
    }

    /// The address a reference in the `width`-byte slot at `slot` points
    /// at, within the buffer.
    fn target(&self, slot: usize, width: usize) -> Result<usize, Refused> {
        // An offset of 0 is how flexbuffers points at an empty vector or
        // map written just before the slot; anything longer must end by the
        // slot, so it cannot be the slot itself.
        let offset = self.size(slot, width)?;
        slot.checked_sub(offset).map_or_else(
            || {
                refuse(
                    slot,
                    ErrorKind::Syntax,
                    format!("offset {offset} points before the buffer"),
                )
            },
            Ok,
        )
    }

    /// The value of type `ty` (of width `width`) in the `slot_width`-byte
    /// slot at `slot`, inside `level` containers.
    fn value(
        &mut self,
        slot: usize,
        slot_width: usize,
        ty: Type,
        width: usize,
        level: usize,
    ) -> Result<(), Refused> {
        self.spend(slot_width, slot)?;
        if ty.is_inline() {
            if width > slot_width {
                return refuse(
                    slot,
                    ErrorKind::Syntax,
                    format!("a {width}-byte value in a {slot_width}-byte slot"),
                );
            }
            return self.scalar(slot, ty, width);
        }
        let at = self.target(slot, slot_width)?;
        match ty {
            Type::Indirect { float } => {
                Self::within(at, width, slot)?;
                if float {
                    self.scalar(at, Type::Float, width)
                } else {
                    Ok(())
                }
            }
            Type::Key => self.key(at, slot).map(|_| ()),
            Type::String | Type::Blob => {
                let len = self.prefix(at, width)?;
                let string = ty == Type::String;
                // A string's NUL follows its bytes; a length of
                // `usize::MAX` leaves no room for it.
                let Some(extent) = len.checked_add(usize::from(string)) else {
                    return refuse(
                        at,
                        ErrorKind::Syntax,
                        format!("{len} bytes run past the buffer"),
                    );
                };
                Self::within(at, extent, slot)?;
                self.spend(len, at)?;
                if string {
                    if self.bytes[at + len] != 0 {
                        return refuse(at + len, ErrorKind::Syntax, "a string without its NUL");
                    }
                    utf8(&self.bytes[at..at + len], at)?;
                }
                Ok(())
            }
            Type::Vector => {
                let level = self.enter(level, at)?;
                let len = self.prefix(at, width)?;
                let types = self.elements(at, len, width, 1, slot)?;
                for i in 0..len {
                    let (ty, child) = unpack(self.bytes[types + i], types + i)?;
                    self.value(at + i * width, width, ty, child, level)?;
                }
                Ok(())
            }
            Type::Typed { element, fixed } => {
                self.enter(level, at)?;
                let len = match fixed {
                    Some(len) => len,
                    None => self.prefix(at, width)?,
                };
                self.elements(at, len, width, 0, slot)?;
                for i in 0..len {
                    let element_at = at + i * width;
                    match element {
                        Element::Key => {
                            self.spend(width, element_at)?;
                            let key = self.target(element_at, width)?;
                            self.key(key, element_at)?;
                        }
                        Element::Int => {}
                        Element::Float => self.scalar(element_at, Type::Float, width)?,
                        Element::Bool => self.scalar(element_at, Type::Bool, width)?,
                    }
                }
                Ok(())
            }
            Type::Map => self.map(at, width, slot, level),
            Type::Null | Type::Int | Type::UInt | Type::Float | Type::Bool => {
                unreachable!("inline types return above")
            }
        }
    }

    /// One more level of nesting, or the limit's error.
    fn enter(&self, level: usize, at: usize) -> Result<usize, Refused> {
        if level >= self.depth {
            return refuse(
                at,
                ErrorKind::Limit,
                format!("containers nest deeper than {}", self.depth),
            );
        }
        Ok(level + 1)
    }

    /// Checks that `len` bytes at `at` end at or before `limit`, the slot
    /// that points at them.
    fn within(at: usize, len: usize, limit: usize) -> Result<(), Refused> {
        match at.checked_add(len) {
            Some(end) if end <= limit => Ok(()),
            _ => refuse(
                at,
                ErrorKind::Syntax,
                format!("{len} bytes at {at} run past {limit}, the slot that points at them"),
            ),
        }
    }

    /// The length in the `width` bytes before `at`.
    fn prefix(&self, at: usize, width: usize) -> Result<usize, Refused> {
        match at.checked_sub(width) {
            Some(prefix) => self.size(prefix, width),
            None => refuse(
                0,
                ErrorKind::Syntax,
                format!("a length prefix at {at} starts before the buffer"),
            ),
        }
    }

    /// Checks that `len` slots of `width` bytes at `at`, with `types`
    /// bytes of type per slot after them, end by `limit`, and charges
    /// them; returns where the types start.
    fn elements(
        &mut self,
        at: usize,
        len: usize,
        width: usize,
        types: usize,
        limit: usize,
    ) -> Result<usize, Refused> {
        let Some(size) = len.checked_mul(width + types) else {
            return refuse(
                at,
                ErrorKind::Syntax,
                format!("{len} elements run past the buffer"),
            );
        };
        Self::within(at, size, limit)?;
        self.spend(len * types, at)?;
        Ok(at + len * width)
    }

    /// A scalar of `width` bytes at `at`, in the slot checked before.
    fn scalar(&self, at: usize, ty: Type, width: usize) -> Result<(), Refused> {
        match ty {
            Type::Float if width < 4 => refuse(
                at,
                ErrorKind::Syntax,
                format!("a {width}-byte float, which flexbuffers does not read"),
            ),
            Type::Bool => match self.uint(at, width)? {
                0 | 1 => Ok(()),
                n => refuse(at, ErrorKind::Invalid, format!("boolean {n}, not 0 or 1")),
            },
            _ => self.uint(at, width).map(|_| ()),
        }
    }

    /// The key at `at`, ending in its NUL before `limit`: its bytes.
    fn key(&mut self, at: usize, limit: usize) -> Result<&'a [u8], Refused> {
        let bytes = self.bytes;
        let Some(len) = bytes
            .get(at..limit)
            .and_then(|rest| rest.iter().position(|&b| b == 0))
        else {
            return refuse(
                at,
                ErrorKind::Syntax,
                "a key without its NUL before the slot that points at it",
            );
        };
        self.spend(len, at)?;
        let key = &bytes[at..at + len];
        utf8(key, at)?;
        Ok(key)
    }

    /// The map whose values start at `at`, `width` bytes each.
    fn map(&mut self, at: usize, width: usize, slot: usize, level: usize) -> Result<(), Refused> {
        let level = self.enter(level, at)?;
        let Some(keys_slot) = at.checked_sub(3 * width) else {
            return refuse(
                0,
                ErrorKind::Syntax,
                "a map's prefix starts before the buffer",
            );
        };
        let keys_width = self.size(keys_slot + width, width)?;
        if !matches!(keys_width, 1 | 2 | 4 | 8) {
            return refuse(
                keys_slot + width,
                ErrorKind::Syntax,
                format!("a map's keys width {keys_width}, not 1, 2, 4 or 8"),
            );
        }
        let len = self.prefix(at, width)?;
        let types = self.elements(at, len, width, 1, slot)?;
        let keys = self.target(keys_slot, width)?;
        let keys_len = self.prefix(keys, keys_width)?;
        if keys_len != len {
            return refuse(
                keys,
                ErrorKind::Syntax,
                format!("a map of {len} values has {keys_len} keys"),
            );
        }
        self.elements(keys, len, keys_width, 0, keys_slot)?;
        let mut previous: Option<&[u8]> = None;
        for i in 0..len {
            let slot_of_key = keys + i * keys_width;
            self.spend(keys_width, slot_of_key)?;
            let key_at = self.target(slot_of_key, keys_width)?;
            let key = self.key(key_at, slot_of_key)?;
            if previous.is_some_and(|previous| previous >= key) {
                return refuse(
                    key_at,
                    ErrorKind::Invalid,
                    "a map's keys out of order or repeated",
                );
            }
            previous = Some(key);
            let (ty, child) = unpack(self.bytes[types + i], types + i)?;
            self.value(at + i * width, width, ty, child, level)?;
        }
        Ok(())
    }
}

fn utf8(bytes: &[u8], at: usize) -> Result<(), Refused> {
    match std::str::from_utf8(bytes) {
        Ok(_) => Ok(()),
        Err(error) => refuse(
            at + error.valid_up_to(),
            ErrorKind::Invalid,
            "a string or key that is not UTF-8",
        ),
    }
}
