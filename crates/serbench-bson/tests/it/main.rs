//! The BSON codec's tests: the shared conformance kit with BSON's hostile
//! inputs, then BSON's own (layouts, the borrowed decode).

mod borrow;
#[cfg(feature = "document")]
mod document;
mod hostile;
mod layout;
mod signaling;
mod unsigned;

serbench_testkit::conformance_tests!(
    serbench_bson::Bson,
    hostile = crate::hostile::Inputs,
    skip(
        log::edge_cases,
        log::properties,
        mesh::properties,
        minecraft::properties,
        mk48::properties
    ) = "BSON has no unsigned 64-bit integer and its one float is a double, and the kit's \
        values hold log sizes past i64::MAX and signaling NaN f32s, which `Carries` has no \
        flags for: tests/it/unsigned.rs and tests/it/signaling.rs hold the same values to a \
        round trip, or to an encode error where they hold such a value",
);
serbench_testkit::document_tests!(serbench_bson::Bson, crate::hostile::Inputs);
