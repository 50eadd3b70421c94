//! The size check that runs before bitcode decodes with its derive: a walk
//! of bitcode 0.6.9's columns that adds up what the value they declare
//! will take in memory, and refuses the input when that passes a limit set
//! from its length.
//!
//! bitcode packs a column into the fewest bits its values need, down to
//! one bit a value, and its derive then builds every element at once: a
//! 24-byte `String` from one bit of empty string, an 80-byte graph node
//! from four. Its checks hold the bits to the input, not what they become,
//! and a failed allocation aborts the process. But bitcode writes each
//! `Vec`'s and `String`'s lengths as a column ahead of its elements, so
//! every count is known before anything is built: the walk reads the
//! length columns, skips every other column by the bytes its header says
//! it takes, and charges each count times the size of its element in the
//! mirror types ([`crate::mirror`]), the bytes of each string and each
//! integer list included. It reads the packed columns where they lie and
//! allocates nothing.
//!
//! Where it meets bytes bitcode refuses (a column past the end, a packing
//! byte bitcode does not know, a length total bitcode calls too large) it
//! stops and leaves the input to bitcode, which reads the same columns in
//! the same order, fails there, and has built nothing the walk did not
//! charge. It checks nothing else (UTF-8, variants, trailing bytes): those
//! stay bitcode's and the canonical check's.

use std::mem::size_of;

use serbench_model::{
    Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};

use crate::mirror;

/// The bytes of decoded value each byte of input may declare. Valid values
/// stay far below it (the seed graph declares 1.4 bytes per byte, 10 000
/// tasks 2.2); a column of empty strings declares 192, of zero `u64`s 64.
pub(crate) const PER_BYTE: usize = 32;

/// What any input may declare on top of [`PER_BYTE`], so a short message
/// (a sensor reading, a few empty lists) is never refused.
pub(crate) const ALLOWANCE: usize = 16 * 1024;

/// The most bytes of decoded value an input of `len` bytes may declare.
pub(crate) const fn limit(len: usize) -> usize {
    len.saturating_mul(PER_BYTE).saturating_add(ALLOWANCE)
}

/// bitcode's largest total of one length column (`HUGE_LEN` in its
/// `length.rs`): it refuses a column whose lengths add up to more.
const LENGTH_TOTAL_MAX: u64 = 0x7FFF_FFFF_FFFF_FFFF / 4096;

/// An input that declares more than its limit: where the count that
/// passed it starts, and what it declares.
#[derive(Debug)]
pub(crate) struct TooLarge {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

/// Why a walk ended early.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The walk met bytes bitcode refuses; bitcode says so.
    Unreadable,
    TooLarge(TooLarge),
}

/// A column of bytes as bitcode stores it: whole bytes, or several values
/// packed into each byte as digits of `factor`, each value then raised by
/// `min`.
struct Bytes<'a> {
    packed: &'a [u8],
    factor: u16,
    per_byte: usize,
    min: u8,
    len: usize,
}

impl Bytes<'_> {
    fn values(&self) -> impl Iterator<Item = u8> + '_ {
        let (factor, per_byte, min) = (self.factor, self.per_byte, self.min);
        // Whole bytes (most length columns of real data) are read as they
        // lie; packed ones digit by digit.
        let whole = (per_byte == 1).then(|| self.packed.iter().copied());
        let packed = (per_byte > 1).then(|| {
            self.packed.iter().flat_map(move |&byte| {
                (0..per_byte).scan(u16::from(byte), move |rest, _| {
                    let digit = *rest % factor;
                    *rest /= factor;
                    // A digit is below the factor, at most 16 here.
                    Some(u8::try_from(digit).unwrap_or(u8::MAX))
                })
            })
        });
        whole
            .into_iter()
            .flatten()
            .chain(packed.into_iter().flatten())
            .take(self.len)
            .map(move |value| value.wrapping_add(min))
    }
}

/// A column of integers: whole little-endian values of `width` bytes, or a
/// column of bytes when every value fits one; each raised by `min`.
enum Ints<'a> {
    Whole {
        packed: &'a [u8],
        width: usize,
        min: u64,
    },
    Bytes {
        bytes: Bytes<'a>,
        min: u64,
    },
}

impl Ints<'_> {
    fn values(&self) -> impl Iterator<Item = u64> + '_ {
        let (whole, bytes) = match self {
            Ints::Whole { packed, width, min } => {
                let values = packed.chunks_exact(*width).map(|le| {
                    let mut value = [0; 8];
                    value[..le.len()].copy_from_slice(le);
                    u64::from_le_bytes(value).wrapping_add(*min)
                });
                (Some(values), None)
            }
            Ints::Bytes { bytes, min } => {
                let values = bytes.values().map(|v| u64::from(v).wrapping_add(*min));
                (None, Some(values))
            }
        };
        whole
            .into_iter()
            .flatten()
            .chain(bytes.into_iter().flatten())
    }
}

/// Where a walk is in its input, and what it has charged.
pub(crate) struct Walk<'a> {
    input: &'a [u8],
    at: usize,
    declared: usize,
    limit: usize,
}

impl<'a> Walk<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Stop> {
        let end = self.at.checked_add(n).ok_or(Stop::Unreadable)?;
        let taken = self.input.get(self.at..end).ok_or(Stop::Unreadable)?;
        self.at = end;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, Stop> {
        Ok(self.take(1)?[0])
    }

    /// A column of `n` bytes: up to two raw, else a packing byte (how many
    /// values a byte holds, and whether a minimum follows), the minimum,
    /// then the packed bytes.
    fn bytes(&mut self, n: usize) -> Result<Bytes<'a>, Stop> {
        if n <= 2 {
            let packed = self.take(n)?;
            return Ok(Bytes {
                packed,
                factor: 256,
                per_byte: 1,
                min: 0,
                len: n,
            });
        }
        let packing = self.byte()?;
        let (factor, per_byte) = match packing.div_ceil(2) {
            0 => (256, 1),
            1 => (16, 2),
            2 => (6, 3),
            3 => (4, 4),
            4 => (3, 5),
            5 => (2, 8),
            _ => return Err(Stop::Unreadable),
        };
        let min = if packing & 1 == 1 { self.byte()? } else { 0 };
        let packed = self.take(n.div_ceil(per_byte))?;
        Ok(Bytes {
            packed,
            factor,
            per_byte,
            min,
            len: n,
        })
    }

    /// A column of `n` integers `width` bytes wide (2, 4 or 8): a packing
    /// byte (how many bytes a value takes, and whether a minimum follows)
    /// unless there are none, or one `u16`; the minimum; the values.
    fn ints(&mut self, width: usize, n: usize) -> Result<Ints<'a>, Stop> {
        if n == 0 || (width == 2 && n == 1) {
            let packed = self.take(n * width)?;
            return Ok(Ints::Whole {
                packed,
                width,
                min: 0,
            });
        }
        let packing = self.byte()?;
        // bitcode numbers the widths 16, 8, 4, 2, 1 bytes from 0, and a
        // type's packing byte counts from its own width.
        let own = match width {
            8 => 1,
            4 => 2,
            _ => 3,
        };
        let stored = match packing.div_ceil(2).saturating_add(own) {
            1 => 8,
            2 => 4,
            3 => 2,
            4 => 1,
            _ => return Err(Stop::Unreadable),
        };
        let min = if packing & 1 == 1 {
            let le = self.take(width)?;
            let mut value = [0; 8];
            value[..width].copy_from_slice(le);
            u64::from_le_bytes(value)
        } else {
            0
        };
        if stored == 1 {
            let bytes = self.bytes(n)?;
            return Ok(Ints::Bytes { bytes, min });
        }
        let packed = self.take(n.checked_mul(stored).ok_or(Stop::Unreadable)?)?;
        Ok(Ints::Whole {
            packed,
            width: stored,
            min,
        })
    }

    /// A column of `n` lengths: bytes, 255 standing for a length stored in
    /// a following `u64` column. Returns their total.
    fn lengths(&mut self, n: usize) -> Result<usize, Stop> {
        let small = self.bytes(n)?;
        let (mut total, mut large) = (0u64, 0usize);
        for value in small.values() {
            total += u64::from(value);
            large += usize::from(value == 255);
        }
        if total < 255 {
            return usize::try_from(total).map_err(|_| Stop::Unreadable);
        }
        total -= 255 * large as u64;
        for value in self.ints(8, large)?.values() {
            total = total.checked_add(value).ok_or(Stop::Unreadable)?;
        }
        if total >= LENGTH_TOTAL_MAX {
            return Err(Stop::Unreadable);
        }
        usize::try_from(total).map_err(|_| Stop::Unreadable)
    }

    /// `n` bools, or the `Some` marks of `n` options, 8 to a byte: the
    /// number set.
    fn bools(&mut self, n: usize) -> Result<usize, Stop> {
        let packed = self.take(n.div_ceil(8))?;
        let set = packed
            .iter()
            .enumerate()
            .map(|(at, &byte)| {
                let bits = (n - at * 8).min(8);
                let kept = if bits == 8 {
                    byte
                } else {
                    byte & ((1 << bits) - 1)
                };
                kept.count_ones() as usize
            })
            .sum();
        Ok(set)
    }

    /// `n` variants of an enum of unit variants, `per_byte` to a byte.
    fn variants(&mut self, n: usize, per_byte: usize) -> Result<(), Stop> {
        self.take(n.div_ceil(per_byte)).map(drop)
    }

    /// Adds `count` elements of `each` bytes, refusing the input when the
    /// total passes its limit.
    fn charge(&mut self, at: usize, what: &str, count: usize, each: usize) -> Result<(), Stop> {
        self.declared = self.declared.saturating_add(count.saturating_mul(each));
        if self.declared <= self.limit {
            return Ok(());
        }
        let message = format!(
            "{count} {what} in {} bytes would take {}+ bytes; the limit is {}",
            self.input.len(),
            self.declared,
            self.limit
        );
        Err(Stop::TooLarge(TooLarge {
            offset: at,
            message,
        }))
    }

    /// A column of `n` lengths, charged `each` bytes per element.
    fn vec(&mut self, what: &str, n: usize, each: usize) -> Result<usize, Stop> {
        let at = self.at;
        let count = self.lengths(n)?;
        self.charge(at, what, count, each)?;
        Ok(count)
    }

    /// `n` strings: their lengths, then their bytes.
    fn strings(&mut self, what: &str, n: usize) -> Result<(), Stop> {
        let bytes = self.vec(what, n, 1)?;
        self.take(bytes).map(drop)
    }

    /// `n` lists of `u32`s or `i64`s.
    fn int_lists(&mut self, what: &str, n: usize, width: usize) -> Result<(), Stop> {
        let count = self.vec(what, n, width)?;
        self.ints(width, count).map(drop)
    }

    /// `n` options of strings.
    fn optional_strings(&mut self, what: &str, n: usize) -> Result<(), Stop> {
        let some = self.bools(n)?;
        self.strings(what, some)
    }

    /// `n` `f32`s: their bytes as they lie (bitcode splits each into its
    /// low three bytes and its high byte, unpacked).
    fn floats(&mut self, n: usize) -> Result<(), Stop> {
        self.take(n.checked_mul(4).ok_or(Stop::Unreadable)?)
            .map(drop)
    }

    /// `n` minecraft items: count, slot, id.
    fn items(&mut self, n: usize) -> Result<(), Stop> {
        self.bytes(n)?;
        self.bytes(n)?;
        self.strings("item id bytes", n)
    }

    /// `n` minecraft entities, in their fields' order.
    fn entities(&mut self, n: usize) -> Result<(), Stop> {
        self.strings("entity id bytes", n)?;
        // `pos` and `motion`, three `f64`s each.
        for _ in 0..6 {
            self.ints(8, n)?;
        }
        // `rotation` (two), `fall_distance`.
        for _ in 0..3 {
            self.floats(n)?;
        }
        self.ints(2, n)?;
        self.ints(2, n)?;
        for _ in 0..3 {
            self.bools(n)?;
        }
        self.ints(4, n)?;
        self.ints(4, n.checked_mul(4).ok_or(Stop::Unreadable)?)?;
        self.optional_strings("custom name bytes", n)?;
        for _ in 0..3 {
            self.bools(n)?;
        }
        Ok(())
    }

    /// `n` task headers: id, name, color, created.
    fn headers(&mut self, what: &str, n: usize) -> Result<(), Stop> {
        self.bytes(n.checked_mul(16).ok_or(Stop::Unreadable)?)?;
        self.strings(what, n)?;
        self.ints(4, n)?;
        self.ints(8, n)?;
        self.ints(4, n)?;
        self.ints(4, n).map(drop)
    }
}

/// A dataset whose derive layout the walk knows.
pub(crate) trait Declared {
    /// Refuses `input` if the value it declares passes its limit.
    fn check(input: &[u8]) -> Result<(), TooLarge> {
        match Self::declared(input, limit(input.len())) {
            Err(Stop::TooLarge(too_large)) => Err(too_large),
            Ok(_) | Err(Stop::Unreadable) => Ok(()),
        }
    }

    /// The bytes of decoded value `input` declares, walking no further
    /// than `limit`.
    fn declared(input: &[u8], limit: usize) -> Result<usize, Stop> {
        let mut walk = Walk {
            input,
            at: 0,
            declared: 0,
            limit,
        };
        Self::walk(&mut walk)?;
        Ok(walk.declared)
    }

    /// Walks the dataset's columns, charging every count.
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop>;
}

impl Declared for TaskManager {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        walk.strings("user bytes", 1)?;
        walk.int_lists("version segments", 1, size_of::<u32>())?;
        let lists = walk.vec("lists", 1, size_of::<mirror::TaskList>())?;
        walk.headers("list name bytes", lists)?;
        let tasks = walk.vec("tasks", lists, size_of::<mirror::Task>())?;
        walk.headers("task name bytes", tasks)?;
        walk.strings("description bytes", tasks)?;
        walk.variants(tasks, 4)?;
        walk.bools(tasks).map(drop)
    }
}

impl Declared for SensorReading {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        walk.strings("sensor id bytes", 1)
    }
}

impl Declared for Graph {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        let nodes = walk.vec("nodes", 1, size_of::<mirror::Node>())?;
        walk.ints(2, nodes)?;
        walk.strings("node name bytes", nodes)?;
        walk.int_lists("out-edges", nodes, size_of::<u32>())?;
        walk.int_lists("in-edges", nodes, size_of::<u32>())?;
        walk.vec("edges", 1, size_of::<mirror::Edge>()).map(drop)
    }
}

impl Declared for Record {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        walk.int_lists("ids", 1, size_of::<i64>())?;
        let strings = walk.vec("strings", 1, size_of::<String>())?;
        walk.strings("string bytes", strings)
    }
}

impl Declared for MediaContent {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        walk.strings("uri bytes", 1)?;
        walk.optional_strings("title bytes", 1)?;
        walk.ints(4, 1)?;
        walk.ints(4, 1)?;
        walk.strings("format bytes", 1)?;
        walk.ints(8, 1)?;
        walk.ints(8, 1)?;
        let bitrate = walk.bools(1)?;
        walk.ints(4, bitrate)?;
        let persons = walk.vec("persons", 1, size_of::<String>())?;
        walk.strings("person bytes", persons)?;
        walk.variants(1, 8)?;
        walk.optional_strings("copyright bytes", 1)?;
        let images = walk.vec("images", 1, size_of::<mirror::Image>())?;
        walk.strings("image uri bytes", images)?;
        walk.optional_strings("image title bytes", images)
    }
}

impl Declared for Logs {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        let logs = walk.vec("logs", 1, size_of::<mirror::Log>())?;
        // The address's four bytes.
        for _ in 0..4 {
            walk.bytes(logs)?;
        }
        walk.strings("identity bytes", logs)?;
        walk.strings("user id bytes", logs)?;
        walk.strings("date bytes", logs)?;
        walk.strings("request bytes", logs)?;
        walk.ints(2, logs)?;
        walk.ints(8, logs).map(drop)
    }
}

impl Declared for Mesh {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        let triangles = walk.vec("triangles", 1, size_of::<mirror::Triangle>())?;
        // Three vertices and a normal, three floats each.
        for _ in 0..12 {
            walk.floats(triangles)?;
        }
        Ok(())
    }
}

impl Declared for Players {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        let players = walk.vec("players", 1, size_of::<mirror::SavedPlayer>())?;
        walk.variants(players, 4)?;
        walk.variants(players, 4)?;
        walk.ints(8, players)?;
        walk.strings("dimension bytes", players)?;
        walk.ints(4, players)?;
        walk.items(players)?;
        walk.optional_strings("spawn dimension bytes", players)?;
        for _ in 0..3 {
            walk.ints(8, players)?;
        }
        let forced = walk.bools(players)?;
        walk.bools(forced)?;
        walk.ints(2, players)?;
        walk.floats(players)?;
        walk.floats(players)?;
        walk.ints(4, players)?;
        walk.ints(4, players)?;
        walk.floats(players)?;
        walk.ints(4, players)?;
        walk.ints(4, players)?;
        let inventory = walk.vec("inventory items", players, size_of::<mirror::Item>())?;
        walk.items(inventory)?;
        let ender = walk.vec("ender items", players, size_of::<mirror::Item>())?;
        walk.items(ender)?;
        // The abilities: two speeds, five flags.
        walk.floats(players)?;
        walk.floats(players)?;
        for _ in 0..5 {
            walk.bools(players)?;
        }
        let nether = walk.bools(players)?;
        for _ in 0..3 {
            walk.ints(8, nether)?;
        }
        let vehicles = walk.bools(players)?;
        walk.ints(4, vehicles.checked_mul(4).ok_or(Stop::Unreadable)?)?;
        walk.entities(vehicles)?;
        let left = walk.bools(players)?;
        walk.entities(left)?;
        let right = walk.bools(players)?;
        walk.entities(right)?;
        walk.bools(players)?;
        // The recipe book: two lists of names, eight flags.
        let recipes = walk.vec("recipes", players, size_of::<String>())?;
        walk.strings("recipe bytes", recipes)?;
        let shown = walk.vec("recipes to be displayed", players, size_of::<String>())?;
        walk.strings("recipe bytes", shown)?;
        for _ in 0..8 {
            walk.bools(players)?;
        }
        Ok(())
    }
}

impl Declared for Updates {
    fn walk(walk: &mut Walk<'_>) -> Result<(), Stop> {
        let updates = walk.vec("updates", 1, size_of::<mirror::Update>())?;
        let contacts = walk.vec("contacts", updates, size_of::<mirror::Contact>())?;
        walk.bytes(contacts)?;
        walk.ints(4, contacts)?;
        let typed = walk.bools(contacts)?;
        walk.variants(typed, 2)?;
        // The guidance: angle, submerge, velocity.
        walk.ints(2, contacts)?;
        walk.bools(contacts)?;
        walk.ints(2, contacts)?;
        let players = walk.bools(contacts)?;
        walk.ints(2, players)?;
        let reloads = walk.vec("reloads", contacts, size_of::<bool>())?;
        walk.bools(reloads)?;
        // The transform: altitude, angle, position (two), velocity.
        walk.bytes(contacts)?;
        walk.ints(2, contacts)?;
        walk.floats(contacts)?;
        walk.floats(contacts)?;
        walk.ints(2, contacts)?;
        walk.int_lists("turret angles", contacts, size_of::<u16>())?;
        walk.ints(4, updates)?;
        walk.floats(updates)?;
        let terrain = walk.vec(
            "terrain updates",
            updates,
            size_of::<mirror::TerrainUpdate>(),
        )?;
        walk.bytes(terrain)?;
        walk.bytes(terrain)?;
        let data = walk.vec("terrain data bytes", terrain, 1)?;
        walk.bytes(data).map(drop)
    }
}

#[cfg(test)]
mod tests;
