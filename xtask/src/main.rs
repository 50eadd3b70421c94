//! serbench's task runner: `cargo xtask <task>`.

fn main() {}
