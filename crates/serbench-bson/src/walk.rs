//! BSON's structure, walked after a failed decode to say what was wrong
//! and where.
//!
//! The bson crate's errors name what it refused and, sometimes, a key,
//! but no byte. This walk checks what the library checks of a document's
//! structure (element types, every declared length against its document
//! and the input, terminating 0 bytes, UTF-8 of keys and strings, booleans
//! of 0 or 1) in the order the library meets it, so the first fault it
//! finds is the one the library refused, now with its offset and path.
//! It runs only once a decode has failed: valid input never pays for it.
//!
//! It also finds the element a field path names ([`element_at`]), for
//! the errors serde raises about a well-formed value (a wrong type, an
//! unknown enum value), which the library reports with no position at all;
//! and, for the document path, the first container nested past a limit
//! ([`deeper_than`]), before the library's deserializer recurses into it.

use std::fmt::Write as _;

use serbench_model::ErrorKind;

/// What is wrong with a document's structure, and where.
pub(crate) struct Fault {
    /// The byte where the faulty item starts (a length, a type byte, the
    /// first byte that is not UTF-8).
    pub(crate) at: usize,
    pub(crate) kind: ErrorKind,
    pub(crate) what: String,
    /// The field path of the element at fault, as serde's would be
    /// (`lists[0].tasks[1].priority`); empty at the top level.
    pub(crate) path: String,
}

/// How many documents deep the walk follows: past the model's seven levels
/// and a document's nesting limit of 127 (`MAX_DEPTH` of
/// serbench-document), where every decode has refused the input already.
/// A deeper document is checked for its length and final byte and not
/// entered, so the walk's own memory stays a few KiB whatever the nesting.
const DEPTH: usize = 160;

/// The first fault of `document`'s structure, if any; `document` is the
/// whole top-level document, its declared length checked already.
pub(crate) fn fault(document: &[u8]) -> Option<Fault> {
    let mut walk = Walk {
        bytes: document,
        frames: Vec::new(),
    };
    walk.run().err()
}

/// Where the element `path` names starts (its type byte), following
/// serde's path through `document`: keys joined by `.`, array elements as
/// `[i]`. The empty path is the top-level document, at byte 0. `None`
/// when the path leads nowhere in the bytes.
pub(crate) fn element_at(document: &[u8], path: &str) -> Option<usize> {
    let walk = Walk {
        bytes: document,
        frames: Vec::new(),
    };
    let (mut start, mut end, mut array, mut rest) =
        (0, document.len().checked_sub(1)?, false, path);
    let mut at = 4;
    let mut index = 0;
    loop {
        if rest.is_empty() {
            return Some(start);
        }
        if at >= end {
            return None;
        }
        let element = walk.element(at, end).ok()?;
        let segment = if array {
            format!("[{index}]")
        } else {
            walk.key(&element).to_owned()
        };
        let followed = rest
            .strip_prefix(segment.as_str())
            .filter(|after| after.is_empty() || after.starts_with(['.', '[']));
        let Some(after) = followed else {
            at = element.end;
            index += 1;
            continue;
        };
        rest = after.strip_prefix('.').unwrap_or(after);
        start = at;
        if !rest.is_empty() {
            let (0x03 | 0x04) = element.kind else {
                return None;
            };
            array = element.kind == 0x04;
            end = element.end - 1;
            at = element.value + 4;
            index = 0;
        }
    }
}

/// Where the first container nested past `most` levels starts, counting
/// the top-level document as one level, a document or an array as one
/// more and a JavaScript code with scope as two (serde sees a map around
/// its scope); `None` when none is, or where the walk meets bytes that
/// are not BSON, which the read then refuses.
#[cfg(feature = "document")]
pub(crate) fn deeper_than(document: &[u8], most: usize) -> Option<usize> {
    let walk = Walk {
        bytes: document,
        frames: Vec::new(),
    };
    // Each open container: its final 0 byte and the levels it adds.
    let mut open = vec![(document.len().checked_sub(1)?, 1)];
    let mut depth = 1;
    let mut at = 4;
    while let Some(&(end, levels)) = open.last() {
        if at >= end {
            at = end + 1;
            depth -= levels;
            open.pop();
            continue;
        }
        let element = walk.element(at, end).ok()?;
        let (levels, start) = match element.kind {
            0x03 | 0x04 => (1, element.value),
            // The scope follows the whole's length and the code.
            0x0F => (2, element.value + 4 + 4 + walk.length(element.value + 4)),
            _ => {
                at = element.end;
                continue;
            }
        };
        if depth + levels > most {
            return Some(at);
        }
        depth += levels;
        open.push((element.end - 1, levels));
        at = start + 4;
    }
    None
}

/// One element's parts, its value's length checked against its document.
struct Element {
    kind: u8,
    /// The key's first byte; the key ends at `value - 1`, its 0 byte.
    key: usize,
    value: usize,
    /// One past its last byte.
    end: usize,
}

/// A document being walked.
struct Frame {
    /// Its final 0 byte.
    end: usize,
    array: bool,
    /// Elements walked so far: the next one's index in an array.
    count: usize,
    /// Where its key starts, in its parent (none for the top level).
    key: Option<usize>,
}

struct Walk<'a> {
    bytes: &'a [u8],
    frames: Vec<Frame>,
}

impl Walk<'_> {
    fn run(&mut self) -> Result<(), Fault> {
        let end = self.top()?;
        self.frames.push(Frame {
            end,
            array: false,
            count: 0,
            key: None,
        });
        let mut at = 4;
        while let Some(frame) = self.frames.last() {
            if at == frame.end {
                at += 1;
                self.frames.pop();
                continue;
            }
            let element = self.element(at, frame.end)?;
            self.value(&element)?;
            let nested = matches!(element.kind, 0x03 | 0x04) && self.frames.len() < DEPTH;
            if let Some(frame) = self.frames.last_mut() {
                frame.count += 1;
            }
            if nested {
                self.frames.push(Frame {
                    end: element.end - 1,
                    array: element.kind == 0x04,
                    count: 0,
                    key: Some(element.key),
                });
                at = element.value + 4;
            } else {
                at = element.end;
            }
        }
        Ok(())
    }

    /// The element at `at` of the document ending at `end` (its 0 byte):
    /// its type, its key (UTF-8), and its value's extent, checked to end
    /// within the document.
    fn element(&self, at: usize, end: usize) -> Result<Element, Fault> {
        let kind = self.bytes[at];
        let key = at + 1;
        // The document's own final 0 byte ends a key that runs that far.
        let Some(length) = self.bytes[key..=end].iter().position(|&b| b == 0) else {
            return Err(self.fault(key, ErrorKind::Syntax, "a key runs past its document"));
        };
        if let Err(error) = std::str::from_utf8(&self.bytes[key..key + length]) {
            let bad = key + error.valid_up_to();
            return Err(self.fault(bad, ErrorKind::Invalid, "a key is not UTF-8"));
        }
        let value = key + length + 1;
        if value > end {
            let what = "a key runs to the end of its document";
            return Err(self.fault(key, ErrorKind::Syntax, what));
        }
        let size = match kind {
            0x06 | 0x0A | 0x7F | 0xFF => 0,
            0x08 => 1,
            0x10 => 4,
            0x01 | 0x09 | 0x11 | 0x12 => 8,
            0x07 => 12,
            0x13 => 16,
            0x02 | 0x0D | 0x0E => self.string(value, end, key)?,
            0x03 | 0x04 => self.embedded(value, end, key)?,
            0x05 => self.binary(value, end, key)?,
            0x0B => {
                let pattern = self.cstring(value, end, key)?;
                pattern + self.cstring(value + pattern, end, key)?
            }
            0x0C => self.string(value, end, key)? + 12,
            0x0F => self.code_with_scope(value, end, key)?,
            other => {
                let what = format!("the element type 0x{other:02x} is not BSON's");
                return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
            }
        };
        let element_end = self.within(value, size, end, key, &|| {
            format!("a value of {size} bytes")
        })?;
        Ok(Element {
            kind,
            key,
            value,
            end: element_end,
        })
    }

    /// Checks what the element's value holds beyond its extent.
    fn value(&self, element: &Element) -> Result<(), Fault> {
        let at = element.value;
        match element.kind {
            0x08 if self.bytes[at] > 1 => {
                let what = format!("a boolean is {}, neither 0 nor 1", self.bytes[at]);
                Err(self
                    .fault(at, ErrorKind::Invalid, what)
                    .at_key(self, element.key))
            }
            0x02 | 0x0D | 0x0E | 0x0C => self.utf8(at + 4, self.length(at) - 1, element.key),
            0x0F => self.utf8(at + 8, self.length(at + 4) - 1, element.key),
            _ => Ok(()),
        }
    }

    /// The `i32` length at `at`, which [`Walk::element`] has checked to
    /// be at least 1.
    fn length(&self, at: usize) -> usize {
        let length = i32::from_le_bytes([
            self.bytes[at],
            self.bytes[at + 1],
            self.bytes[at + 2],
            self.bytes[at + 3],
        ]);
        usize::try_from(length).unwrap_or(1)
    }

    /// The string at `at` (a length counting its final 0, the bytes, the
    /// 0): its size in bytes.
    fn string(&self, at: usize, end: usize, key: usize) -> Result<usize, Fault> {
        let declared = self.declared(at, end, key)?;
        if declared < 1 {
            let what = format!("a string declares {declared} bytes; its final 0 takes 1");
            return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
        }
        let size = 4 + declared.unsigned_abs() as usize;
        let last = self.within(at, size, end, key, &|| {
            format!("a string of {declared} bytes")
        })? - 1;
        if self.bytes[last] != 0 {
            let what = "a string does not end with a 0 byte";
            return Err(self.fault(last, ErrorKind::Syntax, what).at_key(self, key));
        }
        Ok(size)
    }

    /// The embedded document or array at `at`: its size in bytes.
    fn embedded(&self, at: usize, end: usize, key: usize) -> Result<usize, Fault> {
        let declared = self.declared(at, end, key)?;
        if declared < 5 {
            let what = format!("a document declares {declared} bytes; one takes at least 5");
            return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
        }
        let size = declared.unsigned_abs() as usize;
        let last = self.within(at, size, end, key, &|| {
            format!("a document of {size} bytes")
        })? - 1;
        if self.bytes[last] != 0 {
            let what = "a document does not end with a 0 byte";
            return Err(self.fault(last, ErrorKind::Syntax, what).at_key(self, key));
        }
        Ok(size)
    }

    /// The top-level document, whose length is the input's: the index of
    /// its final 0 byte.
    fn top(&self) -> Result<usize, Fault> {
        let last = self.bytes.len().saturating_sub(1);
        if self.bytes.len() < 5 || self.bytes[last] != 0 {
            let what = "the document does not end with a 0 byte";
            return Err(self.fault(last, ErrorKind::Syntax, what));
        }
        Ok(last)
    }

    /// The binary at `at` (a length, a subtype, the bytes): its size.
    fn binary(&self, at: usize, end: usize, key: usize) -> Result<usize, Fault> {
        let declared = self.declared(at, end, key)?;
        if declared < 0 {
            let what = format!("a binary declares {declared} bytes");
            return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
        }
        let size = 5 + declared.unsigned_abs() as usize;
        self.within(at, size, end, key, &|| {
            format!("a binary of {declared} bytes")
        })?;
        // The old binary subtype holds a second length, of the rest.
        if self.bytes[at + 4] == 0x02 {
            let inner = (declared >= 4).then(|| self.declared(at + 5, end, key));
            if !matches!(inner, Some(Ok(inner)) if inner.checked_add(4) == Some(declared)) {
                let what = "an old binary's inner length is not its length less 4";
                return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
            }
        }
        Ok(size)
    }

    /// The C string at `at`, UTF-8 and ending before the document does:
    /// its size with its 0.
    fn cstring(&self, at: usize, end: usize, key: usize) -> Result<usize, Fault> {
        let text = self.bytes.get(at..end).unwrap_or_default();
        let Some(length) = text.iter().position(|&b| b == 0) else {
            let what = "a C string runs past its document";
            return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
        };
        self.utf8(at, length, key)?;
        Ok(length + 1)
    }

    /// The JavaScript code with scope at `at`: a length of the whole, a
    /// string, a document filling the rest.
    fn code_with_scope(&self, at: usize, end: usize, key: usize) -> Result<usize, Fault> {
        let declared = self.declared(at, end, key)?;
        if declared < 14 {
            let what = format!("a code with scope declares {declared} bytes; one takes 14");
            return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
        }
        let size = declared.unsigned_abs() as usize;
        let whole = self.within(at, size, end, key, &|| {
            format!("a code with scope of {size} bytes")
        })?;
        let code = self.string(at + 4, whole, key)?;
        let scope = self.embedded(at + 4 + code, whole, key)?;
        if 4 + code + scope != size {
            let what = "a code with scope's parts do not fill its length";
            return Err(self.fault(at, ErrorKind::Syntax, what).at_key(self, key));
        }
        Ok(size)
    }

    /// The `i32` length at `at`, whose four bytes must lie within the
    /// document ending at `end`.
    fn declared(&self, at: usize, end: usize, key: usize) -> Result<i32, Fault> {
        self.within(at, 4, end, key, &|| "a length".to_owned())?;
        Ok(i32::from_le_bytes([
            self.bytes[at],
            self.bytes[at + 1],
            self.bytes[at + 2],
            self.bytes[at + 3],
        ]))
    }

    /// One past the `size` bytes from `at` (`item`, named for a
    /// message), which must end before the document's final 0 byte at
    /// `end`: past the input, the input ends too soon for them; within
    /// it, they overrun their document.
    fn within(
        &self,
        at: usize,
        size: usize,
        end: usize,
        key: usize,
        item: &dyn Fn() -> String,
    ) -> Result<usize, Fault> {
        let stop = at.saturating_add(size);
        if stop <= end {
            return Ok(stop);
        }
        let left = self.bytes.len().saturating_sub(at);
        let (kind, what) = if stop > self.bytes.len() {
            let what = format!("{}; the input ends {left} bytes on", item());
            (ErrorKind::Truncated, what)
        } else {
            let what = format!("{} runs past the end of its document", item());
            (ErrorKind::Syntax, what)
        };
        Err(self.fault(at, kind, what).at_key(self, key))
    }

    /// Checks that the `length` bytes at `at` are UTF-8.
    fn utf8(&self, at: usize, length: usize, key: usize) -> Result<(), Fault> {
        match std::str::from_utf8(&self.bytes[at..at + length]) {
            Ok(_) => Ok(()),
            Err(error) => {
                let bad = at + error.valid_up_to();
                let what = "a string is not UTF-8";
                Err(self.fault(bad, ErrorKind::Invalid, what).at_key(self, key))
            }
        }
    }

    /// The key starting at `at`, which [`Walk::element`] has checked.
    fn key(&self, element: &Element) -> &str {
        std::str::from_utf8(&self.bytes[element.key..element.value - 1]).unwrap_or_default()
    }

    /// A fault at `at`, in the document being walked: its path is that
    /// document's.
    fn fault(&self, at: usize, kind: ErrorKind, what: impl Into<String>) -> Fault {
        let mut path = String::new();
        for (parent, frame) in self.frames.iter().zip(self.frames.iter().skip(1)) {
            // The parent counted the document as it entered it.
            let index = parent.count.saturating_sub(1);
            if let Some(key) = frame.key {
                self.segment(&mut path, parent.array, index, key);
            }
        }
        Fault {
            at,
            kind,
            what: what.into(),
            path,
        }
    }

    /// Appends to `path` the segment of the element whose key starts at
    /// `key`, the `index`th of its document: `[i]` in an array, `.key`
    /// in a document (the key alone at the start).
    fn segment(&self, path: &mut String, array: bool, index: usize, key: usize) {
        if array {
            // Writing to a `String` cannot fail.
            let _ = write!(path, "[{index}]");
            return;
        }
        let length = self.bytes[key..].iter().position(|&b| b == 0).unwrap_or(0);
        let name = std::str::from_utf8(&self.bytes[key..key + length]).unwrap_or("?");
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(name);
    }
}

impl Fault {
    /// The fault of the element whose key starts at `key`, the next one
    /// of the document being walked: its path names the element.
    fn at_key(mut self, walk: &Walk<'_>, key: usize) -> Fault {
        if let Some(parent) = walk.frames.last() {
            walk.segment(&mut self.path, parent.array, parent.count, key);
        }
        self
    }
}
