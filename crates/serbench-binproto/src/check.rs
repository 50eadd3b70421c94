//! The length check that runs before bin-proto reads: a walk of the
//! layout that holds every declared length and count to the input left.
//!
//! bin-proto trusts a declared length whole: with `prepend-tags` a `Vec`
//! or `String` reads its `usize` length, then calls
//! `Vec::with_capacity(length)` before it reads an element (0.12.8,
//! `impls/list.rs` and `impls/string.rs`). A 16-byte input declaring
//! 2^40 strings asks for 24 TiB and aborts the process; one declaring
//! 2^63 overflows the capacity and panics. The walk refuses a count of `n`
//! elements when `n` times the fewest bytes one element takes is more than
//! the input left, so what bin-proto then reserves is what the input
//! could fill.
//!
//! The walk reads only lengths and `Option` tags, and skips everything
//! else by its size. bin-proto reads any nonzero tag byte as `Some`, and
//! so does the walk. Where it meets the end of the input it stops and
//! leaves the input to bin-proto, which reads in the same order and fails
//! there, before any length the walk did not see.

use serbench_model::{
    BaseCodec, Error, ErrorKind, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading,
    TaskManager, Updates,
};

/// A length the input cannot hold: where it is, and what it declares
/// against what is left.
#[derive(Debug)]
pub(crate) struct TooLong {
    offset: usize,
    message: String,
}

impl TooLong {
    /// The decode's error, naming `subject` (a dataset, or the evolution
    /// record), at the length.
    pub(crate) fn into_error(self, subject: &'static str) -> Error {
        Error::named(
            ErrorKind::Truncated,
            crate::BinProto::NAME,
            subject,
            self.message,
        )
        .at_offset(self.offset)
    }
}

/// Why the walk ended early.
pub(crate) enum Stop {
    TooLong(TooLong),
    /// The end of the input: bin-proto's to report.
    Ended,
}

/// The fewest bytes each element takes in the layout: `usize` lengths,
/// `u8` discriminants and `Option` tags, fixed-width little-endian
/// numbers.
mod least {
    /// bin-proto writes a length as a `usize`: 8 bytes on the 64-bit
    /// targets serbench runs on.
    pub(super) const LENGTH: usize = size_of::<usize>();
    /// `id` 16, `name` length, `color` 4, `created` 8 + 4 + 4.
    pub(super) const HEADER: usize = 16 + LENGTH + 4 + 16;
    /// A header, then the `tasks` count.
    pub(super) const LIST: usize = HEADER + LENGTH;
    /// A header, the `description` length, `priority` 1, `completed` 1.
    pub(super) const TASK: usize = HEADER + LENGTH + 1 + 1;
    /// `id` 2, then three lengths.
    pub(super) const NODE: usize = 2 + 3 * LENGTH;
    pub(super) const EDGE: usize = 4 + 4 + 2;
    /// `uri` length, `title` tag, `width`, `height`, `size` 1.
    pub(super) const IMAGE: usize = LENGTH + 1 + 4 + 4 + 1;
    /// `address` 4, four string lengths, `code` 2, `size` 8.
    pub(super) const LOG: usize = 4 + 4 * LENGTH + 2 + 8;
    /// Four vectors of three `f32`s.
    pub(super) const TRIANGLE: usize = 4 * 3 * 4;
    /// `count`, `slot`, the `id` length.
    pub(super) const ITEM: usize = 1 + 1 + LENGTH;
    /// Two game types, `score` 8, the `dimension` length, the selected
    /// slot 4 and item, the `spawn_dimension` tag, the spawn point 3 × 8,
    /// the `spawn_forced` tag, `sleep_timer` 2, seven 4-byte numbers, the
    /// two inventories' counts, the abilities (two `f32`s, five `bool`s),
    /// four `Option` tags, `seen_credits`, and the recipe book (two
    /// counts, eight `bool`s).
    pub(super) const PLAYER: usize = 2
        + 8
        + LENGTH
        + 4
        + ITEM
        + 1
        + 3 * 8
        + 1
        + 2
        + 7 * 4
        + 2 * LENGTH
        + (2 * 4 + 5)
        + 4
        + 1
        + (2 * LENGTH + 8);
    /// `damage` 1, `entity_id` 4, the `entity_type` tag, the guidance 5,
    /// the `player_id` tag, the `reloads` count, the transform 13, the
    /// `turret_angles` count.
    pub(super) const CONTACT: usize = 1 + 4 + 1 + 5 + 1 + LENGTH + 13 + LENGTH;
    /// The `contacts` count, `score` 4, `world_radius` 4, the
    /// `terrain_updates` count.
    pub(super) const UPDATE: usize = LENGTH + 4 + 4 + LENGTH;
    /// `chunk_id` 2, the `data` count.
    pub(super) const TERRAIN: usize = 2 + LENGTH;
}

pub(crate) struct Walk<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Walk<'_> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Skips `n` bytes; past the end the walk is done: bin-proto fails
    /// there, having reserved nothing the walk did not check.
    pub(crate) fn skip(&mut self, n: usize) -> Result<(), Stop> {
        if n > self.left() {
            return Err(Stop::Ended);
        }
        self.at += n;
        Ok(())
    }

    /// Reads a count of elements of at least `least` bytes each, refusing
    /// one the input left cannot hold.
    fn count(&mut self, what: &str, least: usize) -> Result<usize, Stop> {
        let offset = self.at;
        let Some(&length) = self.bytes[offset..].first_chunk::<{ least::LENGTH }>() else {
            return Err(Stop::Ended);
        };
        let length = usize::from_le_bytes(length);
        self.at += least::LENGTH;
        let left = self.left();
        if length.saturating_mul(least) <= left {
            return Ok(length);
        }
        let message = if least == 1 {
            format!("{what} declares {length} bytes, past the {left} bytes left")
        } else {
            format!(
                "{what} declares {length} elements of at least {least} bytes each, past the \
                 {left} bytes left"
            )
        };
        Err(Stop::TooLong(TooLong { offset, message }))
    }

    pub(crate) fn string(&mut self, what: &str) -> Result<(), Stop> {
        let length = self.count(what, 1)?;
        self.skip(length)
    }

    fn strings(&mut self, what: &str) -> Result<(), Stop> {
        for _ in 0..self.count(what, least::LENGTH)? {
            self.string("a string")?;
        }
        Ok(())
    }

    /// Skips a list of elements of `size` bytes each.
    fn fixed(&mut self, what: &str, size: usize) -> Result<(), Stop> {
        let count = self.count(what, size)?;
        self.skip(count * size)
    }

    /// An `Option`: its tag, then `some` when present (any byte but 0, as
    /// bin-proto reads a `bool`).
    fn option(&mut self, some: impl FnOnce(&mut Self) -> Result<(), Stop>) -> Result<(), Stop> {
        if self.byte()? == 0 {
            Ok(())
        } else {
            some(self)
        }
    }

    /// One byte: an `Option`'s tag, or an enum's `u8` discriminant.
    pub(crate) fn byte(&mut self) -> Result<u8, Stop> {
        let byte = self.bytes.get(self.at).copied().ok_or(Stop::Ended)?;
        self.at += 1;
        Ok(byte)
    }

    /// A minecraft item: `count`, `slot`, `id`.
    fn item(&mut self, what: &str) -> Result<(), Stop> {
        self.skip(2)?;
        self.string(what)
    }

    /// A minecraft entity: `id`, the fixed-width fields up to `uuid`,
    /// `custom_name`, three flags.
    fn entity(&mut self) -> Result<(), Stop> {
        self.string("an entity's id")?;
        // pos, motion, rotation, fall_distance, fire, air, three flags,
        // portal_cooldown, uuid.
        self.skip(3 * 8 + 3 * 8 + 2 * 4 + 4 + 2 + 2 + 3 + 4 + 4 * 4)?;
        self.option(|walk| walk.string("an entity's custom_name"))?;
        self.skip(3)
    }

    /// A task-manager header: `id`, `name`, `color`, `created`.
    fn header(&mut self, what: &str) -> Result<(), Stop> {
        self.skip(16)?;
        self.string(what)?;
        self.skip(4 + 16)
    }
}

/// Runs `walk` over `bytes`: `Err` only for a length the input cannot hold.
pub(crate) fn run(
    bytes: &[u8],
    walk: impl FnOnce(&mut Walk<'_>) -> Result<(), Stop>,
) -> Result<(), TooLong> {
    match walk(&mut Walk { bytes, at: 0 }) {
        Err(Stop::TooLong(too_long)) => Err(too_long),
        Ok(()) | Err(Stop::Ended) => Ok(()),
    }
}

/// Where `walk` ended on `bytes`, when it ended without stopping: a test
/// that a layout walks its own bytes to their end.
#[cfg(all(test, feature = "evolution"))]
pub(crate) fn walked(
    bytes: &[u8],
    walk: impl FnOnce(&mut Walk<'_>) -> Result<(), Stop>,
) -> Option<usize> {
    let mut state = Walk { bytes, at: 0 };
    walk(&mut state).ok().map(|()| state.at)
}

/// A dataset whose layout the walk knows.
pub(crate) trait Lengths {
    /// Holds every length `bytes` declare to the input left.
    fn check(bytes: &[u8]) -> Result<(), TooLong>;
}

impl Lengths for TaskManager {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            walk.string("user")?;
            walk.fixed("version", 4)?;
            for _ in 0..walk.count("lists", least::LIST)? {
                walk.header("a list's name")?;
                for _ in 0..walk.count("a list's tasks", least::TASK)? {
                    walk.header("a task's name")?;
                    walk.string("a task's description")?;
                    walk.skip(1 + 1)?;
                }
            }
            Ok(())
        })
    }
}

impl Lengths for SensorReading {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| walk.string("sensor_id"))
    }
}

impl Lengths for Graph {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            for _ in 0..walk.count("nodes", least::NODE)? {
                walk.skip(2)?;
                walk.string("a node's name")?;
                walk.fixed("a node's out_edges", 4)?;
                walk.fixed("a node's in_edges", 4)?;
            }
            walk.fixed("edges", least::EDGE)
        })
    }
}

impl Lengths for Record {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            walk.fixed("ids", 8)?;
            walk.strings("strings")
        })
    }
}

impl Lengths for MediaContent {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            walk.string("uri")?;
            walk.option(|walk| walk.string("title"))?;
            walk.skip(4 + 4)?;
            walk.string("format")?;
            walk.skip(8 + 8)?;
            walk.option(|walk| walk.skip(4))?;
            walk.strings("persons")?;
            walk.skip(1)?;
            walk.option(|walk| walk.string("copyright"))?;
            for _ in 0..walk.count("images", least::IMAGE)? {
                walk.string("an image's uri")?;
                walk.option(|walk| walk.string("an image's title"))?;
                walk.skip(4 + 4 + 1)?;
            }
            Ok(())
        })
    }
}

impl Lengths for Logs {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            for _ in 0..walk.count("logs", least::LOG)? {
                walk.skip(4)?;
                walk.string("a log's identity")?;
                walk.string("a log's userid")?;
                walk.string("a log's date")?;
                walk.string("a log's request")?;
                walk.skip(2 + 8)?;
            }
            Ok(())
        })
    }
}

impl Lengths for Mesh {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| walk.fixed("triangles", least::TRIANGLE))
    }
}

impl Lengths for Players {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            for _ in 0..walk.count("players", least::PLAYER)? {
                walk.skip(1 + 1 + 8)?;
                walk.string("a player's dimension")?;
                walk.skip(4)?;
                walk.item("the selected item's id")?;
                walk.option(|walk| walk.string("a player's spawn_dimension"))?;
                walk.skip(3 * 8)?;
                walk.option(|walk| walk.skip(1))?;
                walk.skip(2 + 7 * 4)?;
                for _ in 0..walk.count("a player's inventory", least::ITEM)? {
                    walk.item("an inventory item's id")?;
                }
                for _ in 0..walk.count("a player's ender_items", least::ITEM)? {
                    walk.item("an ender item's id")?;
                }
                walk.skip(2 * 4 + 5)?;
                walk.option(|walk| walk.skip(3 * 8))?;
                walk.option(|walk| {
                    walk.skip(4 * 4)?;
                    walk.entity()
                })?;
                walk.option(Walk::entity)?;
                walk.option(Walk::entity)?;
                walk.skip(1)?;
                walk.strings("a player's recipes")?;
                walk.strings("a player's to_be_displayed")?;
                walk.skip(8)?;
            }
            Ok(())
        })
    }
}

impl Lengths for Updates {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            for _ in 0..walk.count("updates", least::UPDATE)? {
                for _ in 0..walk.count("an update's contacts", least::CONTACT)? {
                    walk.skip(1 + 4)?;
                    walk.option(|walk| walk.skip(1))?;
                    walk.skip(5)?;
                    walk.option(|walk| walk.skip(2))?;
                    walk.fixed("a contact's reloads", 1)?;
                    walk.skip(13)?;
                    walk.fixed("a contact's turret_angles", 2)?;
                }
                walk.skip(4 + 4)?;
                for _ in 0..walk.count("an update's terrain_updates", least::TERRAIN)? {
                    walk.skip(2)?;
                    walk.fixed("a terrain update's data", 1)?;
                }
            }
            Ok(())
        })
    }
}
