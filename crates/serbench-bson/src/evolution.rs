//! The bson crate's schema evolution: the model's serde types through this
//! crate's serde calls (`SerdeCodec`, with the dataset codec's checks).
//! BSON documents are keyed by field name: fields are found by
//! name, so serde's `default` fills a field the writer did not know,
//! `alias` reads an old name and an unknown field is skipped. The old
//! reader refuses (✗) what it cannot name: a field the new writer removed
//! or renamed (a required field missing) and an enum value it lacks; no
//! read gives another value (no ⚠), as with MessagePack's maps.

use serbench_evolution::{Evolution, Practised, Serde};

impl Evolution for crate::Bson {
    const PRACTICES: &'static [Practised] = Serde::<Self>::SELF_DESCRIBING;
}
