//! postcard's schema evolution: the model's serde types through this crate's
//! serde calls (`SerdeCodec`, with the checks its document path runs).
//! postcard: fields in declaration order, no names, so another version's
//! bytes are read field by field as this one's; tested bare and behind
//! the version tag its users are told to put in front.

use serbench_evolution::{Evolution, Practised, Serde};

impl Evolution for crate::Postcard {
    const PRACTICES: &'static [Practised] = Serde::<Self>::POSITIONAL;
}
