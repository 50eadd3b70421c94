//! The check that runs before savefile reads: the header and schema must
//! be the ones this codec writes, and a walk of the data's layout holds
//! every declared length and count to the input left.
//!
//! savefile's `load` reads the schema a file carries with its own
//! deserializer before it compares it with the types': a schema nests
//! without limit (savefile recurses once per level), its names and field
//! lists are read through the same length-trusting code as the data, and
//! its comparison panics on a `Future` schema, which only savefile-abi
//! writes. The dataset codec saves every dataset at one version, so the
//! one schema it can meet is the one its own types give: the check
//! compares the header and schema bytes with those, and savefile then
//! reads only a schema it wrote itself.
//!
//! The data is where savefile trusts declared lengths (0.20.6): a string's
//! `u64` length is zeroed at once (`vec![0; len]`), a list reserves its
//! count of elements (`Vec::with_capacity`), and a list of plain numbers
//! (`Vec<u32>`, `Vec<i64>`, read as raw bytes) allocates its count times
//! the element size, a product that is not checked for overflow, before
//! reading a byte. The walk refuses a count of `n` elements when `n` times
//! the fewest bytes one takes is more than the input left, so every
//! allocation is one the input could fill, and no product overflows.
//!
//! The walk also refuses a `bool` or `Option` tag other than 0 and 1:
//! savefile reads every byte but 1 as `false` (or `None`), so a byte 2
//! would read as a value the writer never wrote, or shift the rest. It
//! reads nothing else; where the input ends it stops and leaves the input
//! to savefile, which reads in the same order and fails there.

use savefile::prelude::{Serializer, WithSchema, WithSchemaContext};
use serbench_model::{
    Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};

use crate::VERSION;

/// Bytes the check refuses: where, and why.
#[derive(Debug)]
pub(crate) struct Refused {
    pub(crate) offset: usize,
    pub(crate) message: String,
    /// A length past the input ([`serbench_model::ErrorKind::Truncated`])
    /// rather than a byte savefile would misread.
    pub(crate) too_long: bool,
}

/// Why the walk ended early.
enum Stop {
    Refused(Refused),
    /// The end of the input: savefile's to report.
    End,
}

/// The header and schema savefile writes ahead of a `T` saved at
/// [`VERSION`], as `savefile::save` writes them: the magic `savefile\0`,
/// the library's format version (`u16`), the data's version (`u32`), a
/// byte 0 for "not compressed", then the schema.
pub(crate) fn prefix<T: WithSchema>() -> Vec<u8> {
    let library = savefile::CURRENT_SAVEFILE_LIB_VERSION;
    let mut out = b"savefile\0".to_vec();
    out.extend(library.to_le_bytes());
    out.extend(VERSION.to_le_bytes());
    out.push(0);
    let schema = T::schema(VERSION, &mut WithSchemaContext::new());
    // savefile writes the schema in its library format version.
    Serializer::bare_serialize(&mut out, u32::from(library), &schema)
        .expect("a schema is written to memory without fail");
    out
}

/// Compares the start of `bytes` with `prefix`, naming what differs.
fn header(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
    let Some(offset) = bytes.iter().zip(prefix).position(|(a, b)| a != b) else {
        // Equal as far as both go: a shorter input is savefile's to
        // report, as it ends inside the schema it compares.
        return Ok(());
    };
    let message = match offset {
        0..9 => "the input does not start with savefile's magic, savefile\\0".to_owned(),
        9..11 => format!(
            "the file is of savefile's format version {}, not {}",
            u16::from_le_bytes([bytes[9], bytes.get(10).copied().unwrap_or(0)]),
            savefile::CURRENT_SAVEFILE_LIB_VERSION
        ),
        11..15 => format!("the data is not of version {VERSION}, the one the codec saves"),
        15 => "the data is compressed, which the codec never writes".to_owned(),
        _ => "the file's schema is not the one this codec writes for the dataset".to_owned(),
    };
    Err(Refused {
        offset,
        message,
        too_long: false,
    })
}

/// The fewest bytes each element takes in savefile's layout: `u64`
/// lengths, `u8` enum, `bool` and `Option` tags, fixed-width
/// little-endian numbers.
mod least {
    pub(super) const LENGTH: usize = 8;
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

struct Walk<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Walk<'_> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Skips `n` bytes; past the end the walk is done.
    fn skip(&mut self, n: usize) -> Result<(), Stop> {
        if n > self.left() {
            return Err(Stop::End);
        }
        self.at += n;
        Ok(())
    }

    /// Reads a count of elements of at least `least` bytes each, refusing
    /// one the input left cannot hold.
    fn count(&mut self, what: &str, least: usize) -> Result<usize, Stop> {
        let offset = self.at;
        let Some(&length) = self.bytes[offset..].first_chunk::<8>() else {
            return Err(Stop::End);
        };
        let length = u64::from_le_bytes(length);
        self.at += 8;
        let left = self.left();
        if let Ok(count) = usize::try_from(length)
            && count.checked_mul(least).is_some_and(|bytes| bytes <= left)
        {
            return Ok(count);
        }
        let message = if least == 1 {
            format!("{what} declares {length} bytes, past the {left} bytes left")
        } else {
            format!(
                "{what} declares {length} elements of at least {least} bytes each, past the \
                 {left} bytes left"
            )
        };
        Err(Stop::Refused(Refused {
            offset,
            message,
            too_long: true,
        }))
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

    /// A byte that must be 0 or 1: a `bool`, or an `Option`'s tag.
    fn flag(&mut self, what: &str) -> Result<bool, Stop> {
        let offset = self.at;
        let byte = self.bytes.get(offset).copied().ok_or(Stop::End)?;
        self.at += 1;
        match byte {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(Stop::Refused(Refused {
                offset,
                message: format!(
                    "{what} is the byte {byte}, not 0 or 1: savefile would read it as 0"
                ),
                too_long: false,
            })),
        }
    }

    /// An `Option`: its tag, then `some` when present.
    fn option(
        &mut self,
        what: &str,
        some: impl FnOnce(&mut Self) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        if self.flag(&format!("{what}'s Option tag"))? {
            some(self)?;
        }
        Ok(())
    }

    /// `n` flags, each 0 or 1.
    fn flags(&mut self, what: &str, n: usize) -> Result<(), Stop> {
        for _ in 0..n {
            self.flag(what)?;
        }
        Ok(())
    }

    /// A minecraft item: `count`, `slot`, `id`.
    fn item(&mut self, what: &str) -> Result<(), Stop> {
        self.skip(2)?;
        self.string(what)
    }

    /// A minecraft entity: `id`, the fixed-width fields and flags up to
    /// `uuid`, `custom_name`, three flags.
    fn entity(&mut self) -> Result<(), Stop> {
        self.string("an entity's id")?;
        // pos, motion, rotation, fall_distance, fire, air.
        self.skip(3 * 8 + 3 * 8 + 2 * 4 + 4 + 2 + 2)?;
        self.flags("an entity's flag", 3)?;
        // portal_cooldown, uuid.
        self.skip(4 + 4 * 4)?;
        self.option("an entity's custom_name", |walk| {
            walk.string("an entity's custom_name")
        })?;
        self.flags("an entity's flag", 3)
    }

    /// A task-manager header: `id`, `name`, `color`, `created`.
    fn header(&mut self, what: &str) -> Result<(), Stop> {
        self.skip(16)?;
        self.string(what)?;
        self.skip(4 + 16)
    }
}

/// Checks the header and schema of `bytes` against `prefix`, then runs
/// `walk` over the data: `Err` for bytes savefile must not read.
fn run(
    bytes: &[u8],
    prefix: &[u8],
    walk: impl FnOnce(&mut Walk<'_>) -> Result<(), Stop>,
) -> Result<(), Refused> {
    header(bytes, prefix)?;
    if bytes.len() < prefix.len() {
        return Ok(());
    }
    match walk(&mut Walk {
        bytes,
        at: prefix.len(),
    }) {
        Err(Stop::Refused(refused)) => Err(refused),
        Ok(()) | Err(Stop::End) => Ok(()),
    }
}

/// A dataset whose layout the walk knows.
pub(crate) trait Check {
    /// Holds the header, the schema and every length `bytes` declare to
    /// the prefix and the input left.
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused>;
}

impl Check for TaskManager {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
            walk.string("user")?;
            walk.fixed("version", 4)?;
            for _ in 0..walk.count("lists", least::LIST)? {
                walk.header("a list's name")?;
                for _ in 0..walk.count("a list's tasks", least::TASK)? {
                    walk.header("a task's name")?;
                    walk.string("a task's description")?;
                    walk.skip(1)?;
                    walk.flag("a task's completed")?;
                }
            }
            Ok(())
        })
    }
}

impl Check for SensorReading {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| walk.string("sensor_id"))
    }
}

impl Check for Graph {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
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

impl Check for Record {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
            walk.fixed("ids", 8)?;
            walk.strings("strings")
        })
    }
}

impl Check for MediaContent {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
            walk.string("uri")?;
            walk.option("the title", |walk| walk.string("title"))?;
            walk.skip(4 + 4)?;
            walk.string("format")?;
            walk.skip(8 + 8)?;
            walk.option("the bitrate", |walk| walk.skip(4))?;
            walk.strings("persons")?;
            walk.skip(1)?;
            walk.option("the copyright", |walk| walk.string("copyright"))?;
            for _ in 0..walk.count("images", least::IMAGE)? {
                walk.string("an image's uri")?;
                walk.option("an image's title", |walk| walk.string("an image's title"))?;
                walk.skip(4 + 4 + 1)?;
            }
            Ok(())
        })
    }
}

impl Check for Logs {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
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

impl Check for Mesh {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
            walk.fixed("triangles", least::TRIANGLE)
        })
    }
}

impl Check for Players {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
            for _ in 0..walk.count("players", least::PLAYER)? {
                walk.skip(1 + 1 + 8)?;
                walk.string("a player's dimension")?;
                walk.skip(4)?;
                walk.item("the selected item's id")?;
                walk.option("a player's spawn_dimension", |walk| {
                    walk.string("a player's spawn_dimension")
                })?;
                walk.skip(3 * 8)?;
                walk.option("a player's spawn_forced", |walk| {
                    walk.flag("a player's spawn_forced").map(drop)
                })?;
                walk.skip(2 + 7 * 4)?;
                for _ in 0..walk.count("a player's inventory", least::ITEM)? {
                    walk.item("an inventory item's id")?;
                }
                for _ in 0..walk.count("a player's ender_items", least::ITEM)? {
                    walk.item("an ender item's id")?;
                }
                walk.skip(2 * 4)?;
                walk.flags("an ability", 5)?;
                walk.option("a player's entered_nether_position", |walk| {
                    walk.skip(3 * 8)
                })?;
                walk.option("a player's root_vehicle", |walk| {
                    walk.skip(4 * 4)?;
                    walk.entity()
                })?;
                walk.option("a player's shoulder_entity_left", Walk::entity)?;
                walk.option("a player's shoulder_entity_right", Walk::entity)?;
                walk.flag("a player's seen_credits")?;
                walk.strings("a player's recipes")?;
                walk.strings("a player's to_be_displayed")?;
                walk.flags("a recipe book's flag", 8)?;
            }
            Ok(())
        })
    }
}

impl Check for Updates {
    fn check(bytes: &[u8], prefix: &[u8]) -> Result<(), Refused> {
        run(bytes, prefix, |walk| {
            for _ in 0..walk.count("updates", least::UPDATE)? {
                for _ in 0..walk.count("an update's contacts", least::CONTACT)? {
                    walk.skip(1 + 4)?;
                    walk.option("a contact's entity_type", |walk| walk.skip(1))?;
                    walk.skip(2)?;
                    walk.flag("a guidance's submerge")?;
                    walk.skip(2)?;
                    walk.option("a contact's player_id", |walk| walk.skip(2))?;
                    let reloads = walk.count("a contact's reloads", 1)?;
                    walk.flags("a reload flag", reloads)?;
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
