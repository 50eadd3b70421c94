//! The walk of one MessagePack value by its markers and lengths alone,
//! which the readers of this crate run before a library whose own reading
//! would let something through, or allocate for a length the input cannot
//! fill: the document read (`ReadDocument`) and zerompk's length check.

use serbench_model::ErrorKind;

/// Why a walk refused the bytes: what, and the byte where it is.
#[derive(Debug)]
pub(crate) struct Refused {
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
    pub(crate) at: usize,
}

/// Walks the MessagePack value that starts at byte `start` of `bytes`
/// and returns where it ends, refusing a `str` that is not UTF-8 (a
/// library may hand its bytes on as a byte string), nesting past
/// `max_depth` arrays and maps, the marker 0xc1 and a value cut short.
/// Iterative, so deep nesting costs a stack of counts, not of frames.
pub(crate) fn skip(bytes: &[u8], start: usize, max_depth: usize) -> Result<usize, Refused> {
    /// What follows a marker: payload bytes, text bytes, or items.
    enum Next {
        Skip(u64),
        Text(u64),
        Items(u64),
    }
    // The items still to read in each open array or map.
    let mut open = Open::default();
    let mut at = start;
    loop {
        let head = at;
        let cut = || Refused {
            kind: ErrorKind::Truncated,
            message: "the value is cut short".to_owned(),
            at: head,
        };
        let marker = *bytes.get(at).ok_or_else(cut)?;
        at += 1;
        let mut take = |n: usize| -> Result<u64, Refused> {
            let field = bytes.get(at..at + n).ok_or_else(cut)?;
            at += n;
            Ok(field.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b)))
        };
        let next = match marker {
            0x00..=0x7f | 0xc0 | 0xc2 | 0xc3 | 0xe0..=0xff => Next::Skip(0),
            0x80..=0x8f => Next::Items(2 * u64::from(marker & 0x0f)),
            0x90..=0x9f => Next::Items(u64::from(marker & 0x0f)),
            0xa0..=0xbf => Next::Text(u64::from(marker & 0x1f)),
            0xc1 => {
                return Err(Refused {
                    kind: ErrorKind::Syntax,
                    message: "the marker 0xc1, which is never used".to_owned(),
                    at: head,
                });
            }
            0xc4 => Next::Skip(take(1)?),
            0xc5 => Next::Skip(take(2)?),
            0xc6 => Next::Skip(take(4)?),
            0xc7 => Next::Skip(take(1)? + 1),
            0xc8 => Next::Skip(take(2)? + 1),
            0xc9 => Next::Skip(take(4)? + 1),
            0xca | 0xce | 0xd2 => Next::Skip(4),
            0xcb | 0xcf | 0xd3 => Next::Skip(8),
            0xcc | 0xd0 => Next::Skip(1),
            0xcd | 0xd1 | 0xd4 => Next::Skip(2),
            0xd5 => Next::Skip(3),
            0xd6 => Next::Skip(5),
            0xd7 => Next::Skip(9),
            0xd8 => Next::Skip(17),
            0xd9 => Next::Text(take(1)?),
            0xda => Next::Text(take(2)?),
            0xdb => Next::Text(take(4)?),
            0xdc => Next::Items(take(2)?),
            0xdd => Next::Items(take(4)?),
            0xde => Next::Items(2 * take(2)?),
            0xdf => Next::Items(2 * take(4)?),
        };
        match next {
            Next::Skip(n) | Next::Text(n) => {
                let end = usize::try_from(n)
                    .ok()
                    .and_then(|n| at.checked_add(n))
                    .filter(|&end| end <= bytes.len())
                    .ok_or_else(cut)?;
                if matches!(next, Next::Text(_))
                    && let Err(error) = std::str::from_utf8(&bytes[at..end])
                {
                    return Err(Refused {
                        kind: ErrorKind::Syntax,
                        message: "a str that is not UTF-8".to_owned(),
                        at: at + error.valid_up_to(),
                    });
                }
                at = end;
            }
            Next::Items(n) => {
                if open.depth() >= max_depth {
                    return Err(Refused {
                        kind: ErrorKind::Limit,
                        message: format!("nesting deeper than {max_depth} levels"),
                        at: head,
                    });
                }
                if n > 0 {
                    open.push(n);
                    continue;
                }
            }
        }
        // One item is complete: so is every container it completes.
        loop {
            let Some(left) = open.last_mut() else {
                return Ok(at);
            };
            *left -= 1;
            if *left > 0 {
                break;
            }
            open.pop();
        }
    }
}

/// How many open containers [`Open`] keeps on the stack: the model's
/// values nest seven deep, and a leaf it skips (a timestamp's array, a
/// struct of numbers) one or two.
const NEAR: usize = 8;

/// The counts of the open arrays and maps of a walk: the first [`NEAR`] in
/// place, deeper ones in a `Vec`. A walk runs per leaf of a zerompk read,
/// so one that allocated for every container it opened would allocate once
/// per timestamp; hostile nesting still grows only a `Vec` of counts.
#[derive(Default)]
struct Open {
    near: [u64; NEAR],
    far: Vec<u64>,
    depth: usize,
}

impl Open {
    fn depth(&self) -> usize {
        self.depth
    }

    fn push(&mut self, count: u64) {
        match self.near.get_mut(self.depth) {
            Some(slot) => *slot = count,
            None => self.far.push(count),
        }
        self.depth += 1;
    }

    fn last_mut(&mut self) -> Option<&mut u64> {
        let top = self.depth.checked_sub(1)?;
        match self.near.get_mut(top) {
            Some(slot) => Some(slot),
            None => self.far.last_mut(),
        }
    }

    fn pop(&mut self) {
        if self.depth > NEAR {
            self.far.pop();
        }
        self.depth = self.depth.saturating_sub(1);
    }
}
