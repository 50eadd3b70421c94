//! serbench-measure's integration tests, one binary for the crate.

mod positional;
mod typed;
