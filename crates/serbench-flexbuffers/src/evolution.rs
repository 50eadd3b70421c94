//! flexbuffers' schema evolution: the model's serde types through this
//! crate's serde calls (`SerdeCodec`, with the walk its datasets run).
//! A FlexBuffers map names its keys, so serde's `default` fills a field
//! the writer did not know, `alias` reads an old name and an unknown field
//! is skipped, as with JSON.

use serbench_evolution::{Evolution, Practised, Serde};

impl Evolution for crate::FlexBuffers {
    const PRACTICES: &'static [Practised] = Serde::<Self>::SELF_DESCRIBING;
}
