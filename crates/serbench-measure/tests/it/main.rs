//! The crate's one integration-test binary: a module per subject.

mod protobuf;
