//! The length check that runs before borsh reads: a walk of the layout
//! that holds every declared length and count to the input left.
//!
//! borsh trusts a declared length up to a cap, not up to the input: a
//! string's or byte list's length makes it zero 1 MiB at once
//! (`vec![0u8; len.min(1024 * 1024)]` in 1.8.1), so an 8-byte input
//! declaring `0xFFFF_FFFF` bytes costs a megabyte; any other `Vec`
//! reserves up to 4 KiB before its first element (`hint::cautious`). The
//! walk refuses a count of `n` elements when `n` times the fewest bytes
//! one element takes is more than the input left, so what borsh then
//! zeroes for a string is at most the input, and a `Vec` it reserves for
//! is one the input could fill.
//!
//! The walk reads only lengths and `Option` tags, and skips everything
//! else by its size. Where it meets a byte it cannot read past (an
//! `Option` tag other than 0 or 1, the end of the input) it stops and
//! leaves the input to borsh, which reads in the same order and fails
//! there, before any length the walk did not see.

use serbench_model::{
    Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};

/// A length the input cannot hold: where it is, and what it declares
/// against what is left.
#[derive(Debug)]
pub(crate) struct TooLong {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

/// Why the walk ended early.
enum Stop {
    TooLong(TooLong),
    /// A byte borsh refuses, or the end of the input: borsh's to report.
    Unreadable,
}

/// The fewest bytes each element takes in Borsh's layout: `u32` lengths,
/// `u8` enum and `Option` tags, fixed-width little-endian numbers.
mod least {
    pub(super) const LENGTH: usize = 4;
    /// `id` 16, `name` length, `color` 4, `created` 8 + 4 + 4.
    pub(super) const HEADER: usize = 16 + LENGTH + 4 + 16;
    /// A header, then the `tasks` count.
    pub(super) const LIST: usize = HEADER + LENGTH;
    /// A header, the `description` length, `priority` 1, `completed` 1.
    pub(super) const TASK: usize = HEADER + LENGTH + 1 + 1;
    /// `id` 2, then three lengths.
    pub(super) const NODE: usize = 2 + 3 * LENGTH;
    pub(super) const EDGE: usize = 4 + 4 + 2;
    /// `uri` length, `title` tag, `width`, `height`, `size` tag.
    pub(super) const IMAGE: usize = LENGTH + 1 + 4 + 4 + 1;
    /// The address 4, four string lengths, `code` 2, `size` 8.
    pub(super) const LOG: usize = 4 + 4 * LENGTH + 2 + 8;
    /// Three vertices and a normal of three `f32`s.
    pub(super) const TRIANGLE: usize = 4 * 3 * 4;
    /// `count`, `slot`, the `id`'s length.
    pub(super) const ITEM: usize = 1 + 1 + LENGTH;
    /// The fixed fields, the selected item, the lengths of the two lists
    /// of items and of the recipe book's two lists, and six `Option` tags,
    /// each absent.
    pub(super) const PLAYER: usize = PLAYER_FIXED + ITEM + 4 * LENGTH + 6;
    /// The two game types, `score`, `dimension`'s length, the selected
    /// slot, the spawn's three coordinates, the eight fields from
    /// `sleep_timer` to `xp_seed`, the abilities (two `f32`s, five flags),
    /// `seen_credits` and the recipe book's eight flags.
    const PLAYER_FIXED: usize = 1 + 1 + 8 + LENGTH + 4 + 3 * 8 + 30 + 13 + 1 + 8;
    /// The contacts' and terrain updates' lengths, `score`, `world_radius`.
    pub(super) const UPDATE: usize = 2 * LENGTH + 4 + 4;
    /// `damage`, `entity_id`, two `Option` tags, the guidance, the
    /// transform and the two lists' lengths.
    pub(super) const CONTACT: usize = 1 + 4 + 2 + GUIDANCE + TRANSFORM + 2 * LENGTH;
    /// `angle`, `submerge`, `velocity`.
    pub(super) const GUIDANCE: usize = 2 + 1 + 2;
    /// `altitude`, `angle`, `position`, `velocity`.
    pub(super) const TRANSFORM: usize = 1 + 2 + 8 + 2;
    /// `chunk_id`, the data's length.
    pub(super) const TERRAIN: usize = 2 + LENGTH;
    /// An entity's fields after its `id`, up to `custom_name`: `pos`,
    /// `motion`, `rotation`, `fall_distance`, `fire`, `air`, three flags,
    /// `portal_cooldown`, `uuid`.
    pub(super) const ENTITY_FIXED: usize = 24 + 24 + 8 + 4 + 2 + 2 + 3 + 4 + 16;
}

struct Walk<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Walk<'_> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Skips `n` bytes; past the end the walk is done: borsh fails there,
    /// having reserved nothing the walk did not check.
    fn skip(&mut self, n: usize) -> Result<(), Stop> {
        if n > self.left() {
            return Err(Stop::Unreadable);
        }
        self.at += n;
        Ok(())
    }

    /// Reads a count of elements of at least `least` bytes each, refusing
    /// one the input left cannot hold.
    fn count(&mut self, what: &str, least: usize) -> Result<usize, Stop> {
        let offset = self.at;
        let Some(&length) = self.bytes[offset..].first_chunk::<4>() else {
            return Err(Stop::Unreadable);
        };
        let length = u32::from_le_bytes(length) as usize;
        self.at += 4;
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

    fn string(&mut self, what: &str) -> Result<(), Stop> {
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

    /// An `Option`: its tag, then `some` when present.
    fn option(&mut self, some: impl FnOnce(&mut Self) -> Result<(), Stop>) -> Result<(), Stop> {
        let tag = self.bytes.get(self.at).copied().ok_or(Stop::Unreadable)?;
        self.at += 1;
        match tag {
            0 => Ok(()),
            1 => some(self),
            _ => Err(Stop::Unreadable),
        }
    }

    /// `what`'s items: their count, then each's `count`, `slot`, `id`.
    fn items(&mut self, what: &str) -> Result<(), Stop> {
        for _ in 0..self.count(what, least::ITEM)? {
            self.skip(2)?;
            self.string("an item's id")?;
        }
        Ok(())
    }

    /// A minecraft entity.
    fn entity(&mut self) -> Result<(), Stop> {
        self.string("an entity's id")?;
        self.skip(least::ENTITY_FIXED)?;
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
fn run(bytes: &[u8], walk: impl FnOnce(&mut Walk<'_>) -> Result<(), Stop>) -> Result<(), TooLong> {
    match walk(&mut Walk { bytes, at: 0 }) {
        Err(Stop::TooLong(too_long)) => Err(too_long),
        Ok(()) | Err(Stop::Unreadable) => Ok(()),
    }
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
                walk.skip(4 + 2)?;
                walk.string("the selected item's id")?;
                walk.option(|walk| walk.string("a player's spawn_dimension"))?;
                walk.skip(3 * 8)?;
                walk.option(|walk| walk.skip(1))?;
                // From `sleep_timer` to `xp_seed`.
                walk.skip(30)?;
                walk.items("a player's inventory")?;
                walk.items("a player's ender_items")?;
                walk.skip(4 + 4 + 5)?;
                walk.option(|walk| walk.skip(3 * 8))?;
                walk.option(|walk| {
                    walk.skip(16)?;
                    walk.entity()
                })?;
                walk.option(Walk::entity)?;
                walk.option(Walk::entity)?;
                walk.skip(1)?;
                walk.strings("a recipe book's recipes")?;
                walk.strings("a recipe book's to_be_displayed")?;
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
                    walk.skip(least::GUIDANCE)?;
                    walk.option(|walk| walk.skip(2))?;
                    walk.fixed("a contact's reloads", 1)?;
                    walk.skip(least::TRANSFORM)?;
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
