//! The types bitcode decodes: the model's shape with bitcode's derive, as
//! a bitcode user writes their own types, and their conversion into the
//! model, which checks what the types cannot (timestamp ranges). The model
//! crate declares them (`owned_mirror!`), so wincode's crate and this one
//! share one definition of the layout.
//!
//! They derive `Encode` too: the canonical check re-encodes what was
//! decoded (see the crate docs). [`crate::write`] borrows the model into
//! the same shapes for encoding; the two must write the same bytes, which
//! every round trip of the conformance kit checks.

serbench_model::__private::owned_mirror! {
    #[derive(bitcode::Encode, bitcode::Decode)]
}
