//! `cargo xtask hostile [--quick]`: an outside tester's hostile-input run
//! over `serbench check`, `serbench measure` and `serbench-report`, the
//! Python package `interop/hostile/`.
//!
//! It builds `serbench` and `serbench-report` in release and hands them to
//! the package. For `serbench check` it reads
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
//! dataset), within 10 s and 300 MiB of peak memory.
//!
//! Then `serbench measure` gets the documents and schemas of issue 39's
//! classes (`interop/hostile/measure.py`): keys in another order from one
//! object to the next, a key per object, wide objects, keys that clean
//! alike, reserved words and numbers, duplicate keys, invalid UTF-8,
//! integers past 64 bits, nesting around the limit in every input format,
//! documents near the size cap, hostile schema files and names; and
//! `serbench-report` gets mutated results files (`results.py`): figures
//! that are not plausible, long names, names with a newline and `/`, a file
//! past any cap. Each run is held by a memory watchdog
//! (`watchdog.py`) to a bound stated as a multiple of its input plus a
//! constant, and a time; the run prints every input's peak against its
//! bound, and fails on a signal, a panic, a hang, a peak past the bound, a
//! stderr line past 256 bytes, or an input accepted and changed.
//!
//! The work folder is `target/hostile/`; the inputs of any violation are
//! kept in `target/hostile/failures/`. Needs `python3` (standard library
//! only); with `strace` installed it also proves that no XML entity trick
//! opens a file or a socket. `--quick` runs fewer mutations per file and
//! smaller documents near the caps.

use std::process::Command;

use anyhow::{Context, bail, ensure};

use crate::{build_serbench, cargo, project_root, target_dir};

pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut quick = false;
    for arg in args {
        match arg.as_str() {
            "--quick" => quick = true,
            other => bail!("usage: cargo xtask hostile [--quick]; unexpected argument {other:?}"),
        }
    }

    eprintln!("hostile: building serbench and serbench-report (release)");
    let serbench = build_serbench()?;
    let status = cargo()
        .args(["build", "--quiet", "--release", "--bin", "serbench-report"])
        .current_dir(project_root())
        .status()
        .context("cannot run cargo")?;
    ensure!(status.success(), "building serbench-report failed");
    let report = target_dir().join("release").join("serbench-report");
    let work = target_dir().join("hostile");
    std::fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
    let mut script = Command::new("python3");
    // Python runs a package folder through its `__main__.py`, whatever the
    // working folder; -B leaves no bytecode in the source tree.
    script
        .arg("-B")
        .arg(project_root().join("interop/hostile"))
        .arg(&serbench)
        .arg(&work)
        .arg("--report")
        .arg(&report);
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
