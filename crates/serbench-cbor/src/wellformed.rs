//! The pass every input takes before ciborium reads it: well-formed CBOR
//! (RFC 8949 §3), map keys that are text strings, and tags only where the
//! layout has them.
//!
//! ciborium is lenient where a decoder of untrusted bytes should not be: it
//! reads a text string of indefinite length nested in another as if its
//! chunks were the outer string's (§3.2.3 allows only definite-length
//! chunks of the same type), takes a byte string where a map key belongs,
//! and skips any number of tags before any item. This pass reads every item
//! head once, in one loop over an explicit stack of open containers (no
//! recursion, at most [`DEPTH`] deep), and steps over string contents
//! without reading them, but for the chunks of a text string of indefinite
//! length: each must be UTF-8 by itself (§3.2.3), which cbor4ii does not
//! check (it joins the chunks first). ciborium then reads a value known to
//! be well formed and tagged as the layout says, and checks what this pass
//! leaves to it: types, the UTF-8 of definite-length text, ranges,
//! unknown, missing and repeated keys.
//!
//! Heads longer than needed (`0x18 0x05` for 5, a length in 9 bytes) are
//! well formed, merely not RFC 8949's preferred serialization, and pass.

use std::fmt::Write as _;
use std::ops::Range;

use serbench_model::ErrorKind;

/// The deepest arrays and maps may nest. The deepest layout, mk48's, nests
/// 7 levels (root, updates, update, contacts, contact, transform,
/// position; the task-manager's and minecraft_savedata's 6), so deeper
/// input is wrong whatever it holds; the limit keeps the pass's stack a
/// small array that needs no allocation.
const DEPTH: usize = 16;

/// Where a layout has tags: a tree that follows the path from the root to
/// each tagged item. Every other item, map keys included, has no tag.
pub enum Tags {
    /// No tag here or below.
    None,
    /// A map: the values of the keys listed have the tags given.
    Map(&'static [(&'static str, Tags)]),
    /// An array: every item has the tags given.
    Items(&'static Tags),
    /// This item: exactly this tag, once, over an item without tags.
    Tag(u64),
}

impl Tags {
    fn items(&'static self) -> &'static Tags {
        match self {
            Tags::Items(items) => items,
            _ => &Tags::None,
        }
    }

    fn value(&'static self, key: &[u8]) -> &'static Tags {
        match self {
            Tags::Map(values) => values
                .iter()
                .find(|(name, _)| name.as_bytes() == key)
                .map_or(&Tags::None, |(_, tags)| tags),
            _ => &Tags::None,
        }
    }
}

/// Why an input failed the pass, and where.
pub(crate) struct Problem {
    pub(crate) kind: ErrorKind,
    /// What was wrong, without the position.
    pub(crate) message: String,
    /// The byte offset of the item at fault, or of the end of the input.
    pub(crate) at: usize,
    /// The field path of the item at fault; empty at the top level.
    pub(crate) path: String,
}

/// Checks the one item at the start of `bytes` against RFC 8949 §3 and the
/// layout's `tags`; returns where the item ends.
pub(crate) fn check(bytes: &[u8], tags: &'static Tags) -> Result<usize, Problem> {
    // Built in place and lent to the stack: moving it would copy it.
    let mut frames = [const { Frame::ROOT }; DEPTH + 1];
    check_in(bytes, tags, &mut frames)
}

/// [`check`] for a document ([`crate::document`]): no tags, and arrays and
/// maps nested up to `depth` levels, a document's limit rather than the
/// datasets'.
#[cfg(feature = "document")]
pub(crate) fn check_document(bytes: &[u8], depth: usize) -> Result<usize, Problem> {
    let mut frames: Vec<Frame> = (0..=depth).map(|_| Frame::ROOT).collect();
    check_in(bytes, &Tags::None, &mut frames)
}

/// [`check`] with room for `frames.len() - 1` open arrays and maps.
fn check_in(bytes: &[u8], tags: &'static Tags, frames: &mut [Frame]) -> Result<usize, Problem> {
    let mut reader = Reader { bytes, at: 0 };
    frames[0].tags = tags;
    let mut stack = Stack { frames, len: 1 };
    match walk(&mut reader, &mut stack) {
        Ok(()) => Ok(reader.at),
        Err(problem) => Err(Problem {
            path: path(bytes, stack.open()),
            ..problem
        }),
    }
}

/// The open containers, innermost last: the document's frame, then up to
/// [`DEPTH`] arrays and maps (as many as there are frames after it).
struct Stack<'a> {
    frames: &'a mut [Frame],
    len: usize,
}

impl Stack<'_> {
    fn last_mut(&mut self) -> Option<&mut Frame> {
        let top = self.len.checked_sub(1)?;
        self.frames.get_mut(top)
    }

    /// Opens a container; `false` when every frame is taken.
    fn push(&mut self, frame: Frame) -> bool {
        let Some(slot) = self.frames.get_mut(self.len) else {
            return false;
        };
        *slot = frame;
        self.len += 1;
        true
    }

    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    fn open(&self) -> &[Frame] {
        &self.frames[..self.len]
    }
}

/// An open container: the document itself, an array or a map.
struct Frame {
    /// Items (of the document or an array) or pairs (of a map) yet to
    /// begin; `None` in a container of indefinite length, which a break
    /// ends.
    left: Option<u64>,
    /// The container's tags in the layout.
    tags: &'static Tags,
    kind: Kind,
}

impl Frame {
    /// The document's frame before its one item, with no tags.
    const ROOT: Frame = Frame {
        left: Some(1),
        tags: &Tags::None,
        kind: Kind::Root,
    };
}

enum Kind {
    /// The document, which holds one item.
    Root,
    /// An array, at the item of this index.
    Array(u64),
    /// A map, at the value of the key held by this range of the input;
    /// `None` where a key belongs.
    Map(Option<Range<usize>>),
}

const BYTES: u8 = 2;
const TEXT: u8 = 3;
const ARRAY: u8 = 4;
const MAP: u8 = 5;
const TAG: u8 = 6;
const SIMPLE: u8 = 7;

/// Reads items until the document's one item is complete.
fn walk(reader: &mut Reader<'_>, stack: &mut Stack<'_>) -> Result<(), Problem> {
    while let Some(frame) = stack.last_mut() {
        let mut at = reader.at;
        let mut head = reader.head()?;
        if head.is_break() {
            // The document's frame always has a length.
            if frame.left.is_none() {
                stack.pop();
                finished(stack);
                continue;
            }
            return Err(syntax(
                at,
                "a break outside an array or map of indefinite length".to_owned(),
            ));
        }
        // A map's key and value are read in one round: the loop begins a
        // round at a map's key, never at its value.
        let tags = match &mut frame.kind {
            Kind::Map(key) => {
                if let Some(left) = &mut frame.left {
                    *left -= 1;
                }
                let (TEXT, Some(len)) = (head.major(), head.len()) else {
                    return Err(invalid(
                        at,
                        format!(
                            "{} as a map key; keys are text strings of definite length",
                            head.describe()
                        ),
                    ));
                };
                let start = reader.at;
                reader.skip(len)?;
                let name = start..reader.at;
                let tags = frame.tags.value(&reader.bytes[name.clone()]);
                *key = Some(name);
                at = reader.at;
                head = reader.head()?;
                if head.is_break() {
                    return Err(syntax(at, "a break where a map value belongs".to_owned()));
                }
                tags
            }
            Kind::Array(_) => {
                if let Some(left) = &mut frame.left {
                    *left -= 1;
                }
                frame.tags.items()
            }
            Kind::Root => {
                frame.left = Some(0);
                frame.tags
            }
        };
        let (at, head) = untag(reader, tags, at, head)?;
        match (head.major(), head.len()) {
            (BYTES | TEXT, Some(len)) => reader.skip(len)?,
            (BYTES | TEXT, None) => reader.chunks(head.major(), at)?,
            (ARRAY | MAP, Some(0)) => {}
            (major @ (ARRAY | MAP), left) => {
                let kind = if major == ARRAY {
                    Kind::Array(0)
                } else {
                    Kind::Map(None)
                };
                if !stack.push(Frame { left, tags, kind }) {
                    return Err(too_deep(at, stack.frames.len() - 1));
                }
                continue;
            }
            _ => {}
        }
        finished(stack);
    }
    Ok(())
}

/// The item whose head is `head` at `at`, under the tag the layout's
/// `tags` ask for: the item itself where they ask for none.
fn untag(
    reader: &mut Reader<'_>,
    tags: &Tags,
    at: usize,
    head: Head,
) -> Result<(usize, Head), Problem> {
    match (tags, head.major(), head.len()) {
        (&Tags::Tag(tag), TAG, Some(found)) if found == tag => {
            let inner_at = reader.at;
            let inner = reader.head()?;
            if inner.major() == TAG {
                return Err(invalid(
                    inner_at,
                    format!(
                        "{} inside tag {tag}; the layout has one tag here",
                        inner.describe()
                    ),
                ));
            }
            if inner.is_break() {
                return Err(syntax(
                    inner_at,
                    format!("a break where the item of tag {tag} belongs"),
                ));
            }
            Ok((inner_at, inner))
        }
        (&Tags::Tag(tag), _, _) => Err(invalid(
            at,
            format!("{} where the layout has tag {tag}", head.describe()),
        )),
        (_, TAG, _) => Err(invalid(
            at,
            format!("{}; the layout has no tag here", head.describe()),
        )),
        _ => Ok((at, head)),
    }
}

/// Marks the item at the top of `stack` read, closing the definite-length
/// containers it completes.
fn finished(stack: &mut Stack<'_>) {
    while let Some(frame) = stack.last_mut() {
        match &mut frame.kind {
            Kind::Array(index) => *index += 1,
            Kind::Map(key) => *key = None,
            Kind::Root => {}
        }
        if frame.left != Some(0) {
            return;
        }
        stack.pop();
    }
}

/// Where the pass stopped, as a field path such as `lists[3].header.id`;
/// empty at the top level.
fn path(bytes: &[u8], stack: &[Frame]) -> String {
    // Keys are shown cut, so that a hostile key of megabytes does not make
    // a message of megabytes.
    const KEY_CHARS: usize = 64;

    let mut path = String::new();
    for frame in stack {
        match &frame.kind {
            Kind::Root => {}
            Kind::Array(index) => {
                let _ = write!(path, "[{index}]");
            }
            Kind::Map(Some(key)) => {
                if !path.is_empty() {
                    path.push('.');
                }
                let key = String::from_utf8_lossy(&bytes[key.clone()]);
                path.extend(key.chars().take(KEY_CHARS));
                if key.chars().nth(KEY_CHARS).is_some() {
                    path.push('…');
                }
            }
            Kind::Map(None) => break,
        }
    }
    path
}

/// Why the head at `at`, beginning with `initial` and giving `arg`, is not
/// well formed.
#[cold]
fn malformed_head(at: usize, initial: u8, arg: u64) -> Problem {
    let (major, info) = (initial >> 5, initial & 0x1f);
    let message = match (major, info) {
        (0 | 1, 31) => format!("an integer of indefinite length (head {initial:#04x})"),
        (TAG, 31) => format!("a tag of indefinite length (head {initial:#04x})"),
        (SIMPLE, 24) => format!(
            "simple value {arg} in two bytes (head 0xf8 {arg:#04x}); values below 32 take one"
        ),
        _ => format!("reserved additional information {info} (head {initial:#04x})"),
    };
    syntax(at, message)
}

#[cold]
fn too_deep(at: usize, depth: usize) -> Problem {
    problem(
        ErrorKind::Limit,
        at,
        format!("nesting deeper than {depth} levels of arrays and maps"),
    )
}

#[cold]
fn syntax(at: usize, message: String) -> Problem {
    problem(ErrorKind::Syntax, at, message)
}

#[cold]
fn invalid(at: usize, message: String) -> Problem {
    problem(ErrorKind::Invalid, at, message)
}

/// A problem whose path [`check`] fills in.
fn problem(kind: ErrorKind, at: usize, message: String) -> Problem {
    Problem {
        kind,
        message,
        at,
        path: String::new(),
    }
}

/// An item head: its initial byte and the argument that follows, 0 where
/// the initial byte says indefinite length (or is the break).
// Two fields rather than major type, additional information and an
// `Option`: the head then stays in registers through the pass's loop.
#[derive(Clone, Copy)]
struct Head {
    initial: u8,
    arg: u64,
}

impl Head {
    fn major(self) -> u8 {
        self.initial >> 5
    }

    /// The length or value; `None` for an indefinite length or the break.
    fn len(self) -> Option<u64> {
        (self.initial & 0x1f != 31).then_some(self.arg)
    }

    fn is_break(self) -> bool {
        self.initial == 0xff
    }

    /// What the item is, for messages: "a text string", "tag 6".
    fn describe(self) -> String {
        let indefinite = if self.len().is_none() {
            " of indefinite length"
        } else {
            ""
        };
        match (self.major(), self.initial & 0x1f, self.len()) {
            (0, ..) => "an unsigned integer".to_owned(),
            (1, ..) => "a negative integer".to_owned(),
            (BYTES, ..) => format!("a byte string{indefinite}"),
            (TEXT, ..) => format!("a text string{indefinite}"),
            (ARRAY, ..) => format!("an array{indefinite}"),
            (MAP, ..) => format!("a map{indefinite}"),
            (TAG, _, Some(tag)) => format!("tag {tag}"),
            (_, 20, _) => "false".to_owned(),
            (_, 21, _) => "true".to_owned(),
            (_, 22, _) => "null".to_owned(),
            (_, 23, _) => "undefined".to_owned(),
            (_, 25..=27, _) => "a float".to_owned(),
            (_, _, Some(value)) => format!("simple value {value}"),
            (_, _, None) => "a break".to_owned(),
        }
    }
}

/// Checks that `chunk`, the content of the chunk whose head is at
/// `chunk_at` in the text string of indefinite length at `at`, is valid
/// UTF-8 by itself (RFC 8949 §3.2.3).
///
/// Only chunks are checked here: the libraries check a definite-length
/// string themselves, but cbor4ii joins the chunks before it checks them,
/// so a character split between two passed it.
fn split_character(chunk: &[u8], chunk_at: usize, at: usize) -> Result<(), Problem> {
    match std::str::from_utf8(chunk) {
        Ok(_) => Ok(()),
        Err(error) => Err(syntax(
            chunk_at,
            format!(
                "a chunk of the text string of indefinite length from byte {at} is not \
                 UTF-8 by itself (invalid from its byte {}); each chunk must be, so no \
                 character is split between two",
                error.valid_up_to()
            ),
        )),
    }
}

/// The input and how far the pass has read.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    /// Reads the head at the current position (RFC 8949 §3).
    // Inlined at its three callers: returned from a call, the head goes
    // through memory, which made the whole pass a third slower.
    #[allow(
        clippy::inline_always,
        reason = "measured: a third faster inlined at its three callers"
    )]
    #[inline(always)]
    fn head(&mut self) -> Result<Head, Problem> {
        let at = self.at;
        let Some(&initial) = self.bytes.get(at) else {
            return Err(self.truncated());
        };
        let (major, info) = (initial >> 5, initial & 0x1f);
        let arg = match info {
            0..=23 => {
                self.at = at + 1;
                u64::from(info)
            }
            24 => u64::from(u8::from_be_bytes(self.argument()?)),
            25 => u64::from(u16::from_be_bytes(self.argument()?)),
            26 => u64::from(u32::from_be_bytes(self.argument()?)),
            27 => u64::from_be_bytes(self.argument()?),
            31 if matches!(major, BYTES | TEXT | ARRAY | MAP | SIMPLE) => {
                self.at = at + 1;
                0
            }
            _ => return Err(malformed_head(at, initial, 0)),
        };
        // §3.3: simple values below 32 take the initial byte alone; the
        // two-byte form of one is not well formed.
        if initial == 0xf8 && arg < 32 {
            return Err(malformed_head(at, initial, arg));
        }
        Ok(Head { initial, arg })
    }

    /// The `N` bytes of argument after the initial byte at the current
    /// position, which is then past them.
    #[inline]
    fn argument<const N: usize>(&mut self) -> Result<[u8; N], Problem> {
        let start = self.at + 1;
        let Some(argument) = self.bytes.get(start..).and_then(<[u8]>::first_chunk) else {
            return Err(self.truncated());
        };
        self.at = start + N;
        Ok(*argument)
    }

    /// Steps over `len` bytes of string content.
    #[inline]
    fn skip(&mut self, len: u64) -> Result<(), Problem> {
        let left = self.bytes.len() - self.at;
        match usize::try_from(len) {
            Ok(len) if len <= left => {
                self.at += len;
                Ok(())
            }
            _ => Err(self.truncated()),
        }
    }

    /// Steps over the chunks of the string of indefinite length and major
    /// type `major` whose head is at `at`, and its break (§3.2.3). The
    /// chunks of a text string are each valid UTF-8 on their own: a
    /// character may not be split between two.
    fn chunks(&mut self, major: u8, at: usize) -> Result<(), Problem> {
        loop {
            let chunk_at = self.at;
            let chunk = self.head()?;
            match (chunk.major(), chunk.len()) {
                (SIMPLE, None) => return Ok(()),
                (found, Some(len)) if found == major => {
                    let start = self.at;
                    self.skip(len)?;
                    if major == TEXT {
                        split_character(&self.bytes[start..self.at], chunk_at, at)?;
                    }
                }
                _ => {
                    let string = Head {
                        initial: major << 5 | 31,
                        arg: 0,
                    }
                    .describe();
                    let chunks = if major == TEXT { "text" } else { "byte" };
                    return Err(syntax(
                        chunk_at,
                        format!(
                            "{} inside {string} from byte {at}, whose chunks are {chunks} \
                             strings of definite length",
                            chunk.describe()
                        ),
                    ));
                }
            }
        }
    }

    #[cold]
    fn truncated(&self) -> Problem {
        problem(
            ErrorKind::Truncated,
            self.bytes.len(),
            "the input ends inside the value".to_owned(),
        )
    }
}
