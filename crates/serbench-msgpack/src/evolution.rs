//! rmp-serde's schema evolution: the model's serde types through this crate's
//! serde calls (`SerdeCodec`, with the checks its document path runs).
//! MessagePack maps keyed by field name (the map form this crate writes):
//! fields are found by name, so serde's `default` fills a field the writer
//! did not know, `alias` reads an old name and an unknown field is skipped.

use serbench_evolution::{Evolution, Practised, Serde};

impl Evolution for crate::MsgPack {
    const PRACTICES: &'static [Practised] = Serde::<Self>::SELF_DESCRIBING;
}
