//! The types wincode reads: the model's shape with wincode's derive, as a
//! wincode user writes their own types, and their conversion into the
//! model, which checks what the types cannot (timestamp ranges). The model
//! crate declares them (`owned_mirror!`), so bitcode's crate and this one
//! share one definition of the layout.
//!
//! [`crate::write`] borrows the model into the same shapes for encoding;
//! the two must write the same bytes, which every round trip of the
//! conformance kit checks, and [`crate::check`] walks the layout they
//! imply.

serbench_model::__private::owned_mirror! {
    #[derive(wincode::SchemaWrite, wincode::SchemaRead)]
}
