//! `cargo xtask hostile [--quick]`: an outside tester's hostile-input run
//! over `serbench check`, the Python package `interop/hostile/`.
//!
//! It builds `serbench` in release and hands it to the package, which reads
//! the datasets and codecs from `serbench list --json`, dumps every dataset
//! in every codec at small sizes, and feeds `serbench check` their
//! truncations, bit flips, splices and trailing garbage, and bombs written
//! from the formats' specifications: huge declared lengths, deep nesting,
//! XML entities and DTDs, invalid UTF-8, wrong types, unknown enum values,
//! duplicate keys, bad framing and pointers, amplification. The bombs live
//! in one module per wire format (`interop/hostile/formats/`); codecs of one
//! wire format share its module, and a listed codec whose wire format has
//! none fails the run, so a new format cannot pass on mutations alone. From
//! its own dumps every codec also gets split UTF-8, over-wide varints, huge
//! texts, and a closed or full standard output. Every run must end with
//! exit 0 or 1 (bombs: exit 1 and one line naming the codec and the
//! dataset), within 10 s and 300 MiB of peak memory. The work
//! folder is `target/hostile/`; the inputs of any violation are kept in
//! `target/hostile/failures/`.
//!
//! Needs `python3` (standard library only); with `strace` installed it also
//! proves that no XML entity trick opens a file or a socket. `--quick` runs
//! fewer mutations per file.

use std::process::Command;

use anyhow::{Context, bail, ensure};

use crate::{build_serbench, project_root, target_dir};

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut quick = false;
    for arg in args {
        match arg.as_str() {
            "--quick" => quick = true,
            other => bail!("usage: cargo xtask hostile [--quick]; unexpected argument {other:?}"),
        }
    }

    eprintln!("hostile: building serbench (release)");
    let serbench = build_serbench()?;
    let work = target_dir().join("hostile");
    std::fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
    let mut script = Command::new("python3");
    // Python runs a package folder through its `__main__.py`, whatever the
    // working folder; -B leaves no bytecode in the source tree.
    script
        .arg("-B")
        .arg(project_root().join("interop/hostile"))
        .arg(&serbench)
        .arg(&work);
    if quick {
        script.arg("--quick");
    }
    let status = script
        .status()
        .context("cannot run python3 (the hostile-input run needs Python 3)")?;
    ensure!(
        status.success(),
        "the hostile-input run failed ({status}); its report says why, and the inputs of any violation are in {}",
        work.join("failures").display()
    );
    Ok(())
}
