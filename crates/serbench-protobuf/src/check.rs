//! A pre-walk of the wire that refuses a length-delimited field declaring
//! more bytes than its message has left, before a library decodes it.
//!
//! rust-protobuf reserves room for a packed field's values from its
//! declared length (up to 10 million values) before it checks that the
//! length fits the input: six bytes declaring a packed `sint64` run of
//! 2^32 bytes would reserve 80 MB. The walk below finds such a lie in one
//! pass, without allocating, so the library only ever sees lengths the
//! input can fill and reserves at most a few bytes per input byte.
//!
//! The walk follows the schemas' message fields (so that it reaches the
//! packed fields of nested messages) and reads every other field flat.
//! Groups are walked flat too, with no recursion, so their depth costs no
//! stack; the library refuses them past its own limit. At the first byte
//! that is not a well-formed field the walk stops and lets the library
//! report it: the library reads in the same order and fails there too.

/// Which fields of a message hold messages, and their shapes.
#[derive(Clone, Copy)]
pub(crate) struct Shape(pub(crate) &'static [(u32, &'static Shape)]);

/// A message's fields as the walk follows them: a dataset's [`Shape`], or
/// a document's message descriptor, known only at run time.
pub(crate) trait Fields: Sized {
    /// The message field `number` holds, if it holds one.
    fn message_at(&self, number: u64) -> Option<Self>;
}

impl Fields for Shape {
    fn message_at(&self, number: u64) -> Option<Shape> {
        self.0
            .iter()
            .find(|(field, _)| u64::from(*field) == number)
            .map(|&(_, inner)| *inner)
    }
}

/// A message with no message fields.
pub(crate) const FLAT: Shape = Shape(&[]);

/// A length that runs past the end of the message holding it.
#[derive(Debug)]
pub(crate) struct Overlong {
    /// Where its field's key starts, from the start of the input.
    pub(crate) offset: usize,
    /// The length it declares.
    pub(crate) declared: u64,
    /// The bytes its message has left after the length.
    pub(crate) left: usize,
}

/// Walks the root message `input` of shape `shape`.
pub(crate) fn lengths<F: Fields>(input: &[u8], shape: &F) -> Result<(), Overlong> {
    walk(input, 0, shape)
}

/// Walks message `bytes`, which starts `base` bytes into the input.
/// Recursion is bounded by the schema's nesting: the datasets' nest five
/// messages deep, a document's at most the 101 levels its row admits.
fn walk<F: Fields>(bytes: &[u8], base: usize, shape: &F) -> Result<(), Overlong> {
    let mut at = 0;
    // Start-group keys not yet closed: fields inside a group are not the
    // message's, so they are walked flat.
    let mut groups = 0usize;
    while at < bytes.len() {
        let key_at = at;
        let Some(key) = varint(bytes, &mut at) else {
            return Ok(());
        };
        let (field, wire_type) = (key >> 3, key & 7);
        match wire_type {
            0 => {
                if varint(bytes, &mut at).is_none() {
                    return Ok(());
                }
            }
            1 => at += 8,
            5 => at += 4,
            2 => {
                let Some(declared) = varint(bytes, &mut at) else {
                    return Ok(());
                };
                let left = bytes.len() - at;
                let len = match usize::try_from(declared) {
                    Ok(len) if len <= left => len,
                    _ => {
                        return Err(Overlong {
                            offset: base + key_at,
                            declared,
                            left,
                        });
                    }
                };
                let body = &bytes[at..at + len];
                if groups == 0
                    && let Some(inner) = shape.message_at(field)
                {
                    walk(body, base + at, &inner)?;
                }
                at += len;
            }
            3 => groups += 1,
            4 => match groups.checked_sub(1) {
                Some(depth) => groups = depth,
                None => return Ok(()),
            },
            _ => return Ok(()),
        }
    }
    Ok(())
}

/// Reads a varint of at most 10 bytes at `*at`; `None` if it is cut or
/// longer, which the library reports.
fn varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut value = 0u64;
    for shift in 0..10 {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << (shift * 7);
        if byte < 0x80 {
            return Some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTER: Shape = Shape(&[(1, &FLAT)]);

    #[test]
    fn refuses_a_nested_length_past_its_message() {
        // Field 1 (a message of 3 bytes) holding field 2, declaring 5 bytes.
        let input = [0x0a, 0x03, 0x12, 0x05, 0x00];
        let overlong = lengths(&input, &OUTER).unwrap_err();
        assert_eq!(
            (overlong.offset, overlong.declared, overlong.left),
            (2, 5, 1)
        );
        assert!(lengths(&[0x0a, 0x03, 0x12, 0x01, 0x00], &OUTER).is_ok());
    }

    #[test]
    fn walks_groups_flat_and_stops_at_malformed_bytes() {
        assert!(lengths(&vec![0x7b; 100_000], &OUTER).is_ok());
        assert!(lengths(&[0x0e, 0x12, 0xff], &OUTER).is_ok());
        assert!(lengths(&[0x7b, 0x12, 0x09, 0x00, 0x7c], &OUTER).is_err());
    }
}
