//! serde_json's and flexon's schema evolution: the model's serde types
//! through this crate's serde calls (`SerdeCodec`, with the checks its
//! document path runs). JSON objects: fields are found by name, so serde's
//! `default` fills a field the writer did not know, `alias` reads an old
//! name and an unknown field is skipped.
//!
//! simd-json and sonic-rs drive the same serde derive over the same text,
//! so they would repeat serde_json's cells, and have no rows.
//! simd-json-derive has none either: its derive has `rename` but no
//! `default` or `alias`. What it does: a field added as an `Option` reads
//! as absent from an old writer's object, a field of any other type is
//! a missing-field error, and an unknown field is skipped unless the type
//! says `deny_unknown_fields`.

use serbench_evolution::{Evolution, Practised, Serde};

impl Evolution for crate::Json {
    const PRACTICES: &'static [Practised] = Serde::<Self>::SELF_DESCRIBING;
}

impl Evolution for crate::JsonFlexon {
    const PRACTICES: &'static [Practised] = Serde::<Self>::SELF_DESCRIBING;
}
