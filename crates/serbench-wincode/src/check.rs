//! The length check that runs before wincode reads: a walk of the layout
//! that holds every declared count to the input left.
//!
//! wincode reserves a `Vec`'s room from its declared length before it
//! reads an element, refusing only lengths past its preallocation limit
//! (4 MiB of elements by default): a 30-byte input declaring 100 000 tasks
//! would have it reserve 4 MB. The walk refuses a count of `n` elements
//! when `n` times the fewest bytes one element takes is more than the
//! input left, so what wincode then reserves is at most what those bytes
//! could hold (about three bytes of memory per byte of input, for the
//! elements that take the fewest bytes: strings and nodes).
//!
//! The walk reads only lengths and `Option` tags, and skips everything
//! else by its size. Where it meets a byte it cannot read past (an
//! `Option` tag other than 0 or 1) it stops and leaves the input to
//! wincode, which reads in the same order and fails there, before any
//! count the walk did not see.

use serbench_model::{Graph, MediaContent, Record, SensorReading, TaskManager};

/// A count the input cannot hold: where it is, what it declares and how
/// much is left.
#[derive(Debug)]
pub(crate) struct TooLong {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

/// Where the walk stopped early: at an `Option` tag wincode refuses.
struct Unreadable;

enum Stop {
    TooLong(TooLong),
    Unreadable,
}

impl From<Unreadable> for Stop {
    fn from(_: Unreadable) -> Self {
        Stop::Unreadable
    }
}

/// The fewest bytes each element takes, in bincode's fixed-width layout
/// with `u64` lengths and `u32` enum tags.
mod least {
    pub(super) const LENGTH: usize = 8;
    /// `id` 16, `name` length 8, `color` 4, `created` 8 + 4 + 4.
    pub(super) const HEADER: usize = 16 + LENGTH + 4 + 16;
    pub(super) const LIST: usize = HEADER + LENGTH;
    /// A header, `description` length, `priority` tag 4, `completed` 1.
    pub(super) const TASK: usize = HEADER + LENGTH + 4 + 1;
    /// `id` 2, then three lengths.
    pub(super) const NODE: usize = 2 + 3 * LENGTH;
    pub(super) const EDGE: usize = 4 + 4 + 2;
    /// `uri` length, `title` tag, `width`, `height`, `size` tag.
    pub(super) const IMAGE: usize = LENGTH + 1 + 4 + 4 + 4;
}

struct Walk<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Walk<'_> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Skips `n` bytes; past the end, the walk is done (wincode fails
    /// there, having reserved nothing the walk did not check).
    fn skip(&mut self, n: usize) -> Result<(), Unreadable> {
        if n > self.left() {
            return Err(Unreadable);
        }
        self.at += n;
        Ok(())
    }

    /// Reads a count of elements of at least `least` bytes each, refusing
    /// one the input left cannot hold.
    fn count(&mut self, what: &str, least: usize) -> Result<usize, Stop> {
        let offset = self.at;
        let Some(bytes) = self.bytes.get(offset..offset + 8) else {
            return Err(Stop::Unreadable);
        };
        let mut length = [0; 8];
        length.copy_from_slice(bytes);
        let length = u64::from_le_bytes(length);
        self.at += 8;
        let fits = usize::try_from(length)
            .ok()
            .filter(|&n| n.checked_mul(least).is_some_and(|need| need <= self.left()));
        fits.ok_or_else(|| {
            let left = self.left();
            let message = if least == 1 {
                format!("{what} declares {length} bytes, past the {left} bytes left")
            } else {
                format!(
                    "{what} declares {length} elements of at least {least} bytes each, past the \
                     {left} bytes left"
                )
            };
            Stop::TooLong(TooLong { offset, message })
        })
    }

    fn string(&mut self, what: &str) -> Result<(), Stop> {
        let length = self.count(what, 1)?;
        Ok(self.skip(length)?)
    }

    fn strings(&mut self, what: &str) -> Result<(), Stop> {
        for _ in 0..self.count(what, least::LENGTH)? {
            self.string("a string")?;
        }
        Ok(())
    }

    /// Skips a list of fixed-size elements.
    fn fixed(&mut self, what: &str, size: usize) -> Result<(), Stop> {
        let count = self.count(what, size)?;
        Ok(self.skip(count * size)?)
    }

    /// An `Option`: its tag, then `some` when present.
    fn option(&mut self, some: impl FnOnce(&mut Self) -> Result<(), Stop>) -> Result<(), Stop> {
        let tag = self.bytes.get(self.at).copied().ok_or(Unreadable)?;
        self.at += 1;
        match tag {
            0 => Ok(()),
            1 => some(self),
            _ => Err(Stop::Unreadable),
        }
    }

    fn header(&mut self, what: &str) -> Result<(), Stop> {
        self.skip(16)?;
        self.string(what)?;
        Ok(self.skip(4 + 16)?)
    }
}

/// Runs `walk` over `bytes`: `Err` only for a count the input cannot hold.
fn run(bytes: &[u8], walk: impl FnOnce(&mut Walk<'_>) -> Result<(), Stop>) -> Result<(), TooLong> {
    match walk(&mut Walk { bytes, at: 0 }) {
        Err(Stop::TooLong(too_long)) => Err(too_long),
        Ok(()) | Err(Stop::Unreadable) => Ok(()),
    }
}

/// A dataset whose layout the walk knows: the counts its encoding
/// declares.
pub(crate) trait Counts {
    /// Holds every count `bytes` declare to the input left.
    fn check(bytes: &[u8]) -> Result<(), TooLong>;
}

impl Counts for TaskManager {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            walk.string("user")?;
            walk.fixed("version", 4)?;
            for _ in 0..walk.count("lists", least::LIST)? {
                walk.header("a list's name")?;
                for _ in 0..walk.count("a list's tasks", least::TASK)? {
                    walk.header("a task's name")?;
                    walk.string("a task's description")?;
                    walk.skip(4 + 1)?;
                }
            }
            Ok(())
        })
    }
}

impl Counts for SensorReading {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| walk.string("sensor_id"))
    }
}

impl Counts for Graph {
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

impl Counts for Record {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            walk.fixed("ids", 8)?;
            walk.strings("strings")
        })
    }
}

impl Counts for MediaContent {
    fn check(bytes: &[u8]) -> Result<(), TooLong> {
        run(bytes, |walk| {
            walk.string("uri")?;
            walk.option(|walk| walk.string("title"))?;
            walk.skip(4 + 4)?;
            walk.string("format")?;
            walk.skip(8 + 8)?;
            walk.option(|walk| Ok(walk.skip(4)?))?;
            walk.strings("persons")?;
            walk.skip(4)?;
            walk.option(|walk| walk.string("copyright"))?;
            for _ in 0..walk.count("images", least::IMAGE)? {
                walk.string("an image's uri")?;
                walk.option(|walk| walk.string("an image's title"))?;
                walk.skip(4 + 4 + 4)?;
            }
            Ok(())
        })
    }
}
