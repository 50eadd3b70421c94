//! What a serbench run measured, as typed values.
//!
//! Every line that passes between serbench's processes (the bench binary,
//! the CLI, xtask) is one of these types, serialized once and deserialized
//! once; `results.json` is one too. Format-agnostic: it depends on serde
//! only, and the callers choose JSON.

use serde::{Deserialize, Serialize};

pub mod timing;

/// An operation a bench times; its name is the bench path's segment and
/// the key `results.json` files it under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// The model to bytes, into a reused buffer.
    Encode,
    /// Bytes to an owned model value.
    Decode,
    /// The dataset's question answered from the bytes.
    Traverse,
    /// A `memcpy` of the encoded bytes: the floor no decoder can beat.
    Floor,
    /// The native path's build of its own types from the model.
    Build,
    /// The native path's write of those types.
    Write,
}

impl Op {
    /// Every operation, in the order `results.json` lists them.
    pub const ALL: [Op; 6] = [
        Op::Encode,
        Op::Decode,
        Op::Traverse,
        Op::Floor,
        Op::Build,
        Op::Write,
    ];

    /// The operation's id, as the bench binary's lines and `results.json`
    /// spell it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Op::Encode => "encode",
            Op::Decode => "decode",
            Op::Traverse => "traverse",
            Op::Floor => "floor",
            Op::Build => "build",
            Op::Write => "write",
        }
    }

    /// The operation named `name`, as [`Op::name`] spells it.
    #[must_use]
    pub fn parse(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::Op;

    #[test]
    fn names_parse_back() {
        for op in Op::ALL {
            assert_eq!(Op::parse(op.name()), Some(op));
        }
        assert_eq!(Op::parse("encoding"), None);
    }
}
