//! `cargo xtask interop`: other programs read serbench's files, and serbench
//! reads theirs.
//!
//! - Python's json, cbor2, lxml and msgpack read every dump, see the same
//!   values in every format and compute the same traverse answers
//!   (`interop/check_dumps.py`).
//! - A Qt program reads the task-manager in JSON, XML and CBOR the way the Qt
//!   benchmark does (QJsonDocument, QXmlStreamReader, QCborValue) and gets
//!   `serbench check`'s answer; what it writes, `serbench` reads back as
//!   exactly the generated value (`interop/qt/qt_taskmanager.cpp`).
//!
//! Needs python3 with `cbor2 lxml msgpack`, and g++ with Qt 6 (Debian:
//! `qt6-base-dev`); `.ci/run` installs them.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail, ensure};

use crate::{cargo, project_root, target_dir};

pub(crate) fn run() -> anyhow::Result<()> {
    let root = project_root();
    let work = target_dir().join("interop");
    let dumps = work.join("dumps");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&dumps)?;

    eprintln!("interop: building serbench (release)");
    let status = cargo()
        .args([
            "build",
            "--quiet",
            "--release",
            "--package",
            "serbench-cli",
            "--bin",
            "serbench",
        ])
        .status()?;
    ensure!(status.success(), "cargo build failed");
    let serbench = target_dir().join("release").join("serbench");
    run_checked(Command::new(&serbench).arg("dump").arg("--out").arg(&dumps))?;

    eprintln!("interop: Python reads the dumps");
    run_checked(
        Command::new("python3")
            .arg(root.join("interop/check_dumps.py"))
            .arg(&dumps)
            .arg(&serbench),
    )
    .context("Python interop failed (needs: pip install cbor2 lxml msgpack)")?;

    eprintln!("interop: Qt reads and writes the task-manager");
    let qt = build_qt(&root, &work).context(
        "cannot build the Qt program (needs g++ and Qt 6: apt-get install g++ qt6-base-dev)",
    )?;
    let json = dumps.join("task-manager.json");
    for format in ["json", "xml", "cbor"] {
        let ours = dumps.join(format!("task-manager.{format}"));
        let expected = check(&serbench, format, &ours)?;
        let qt_answer = output(Command::new(&qt).args(["read", format]).arg(&ours))?;
        ensure!(
            qt_answer == expected,
            "Qt reads our {format} as {qt_answer}, serbench as {expected}"
        );

        let theirs = work.join(format!("qt-task-manager.{format}"));
        run_checked(
            Command::new(&qt)
                .args(["write", format])
                .arg(&json)
                .arg(&theirs),
        )?;
        let answer = check(&serbench, format, &theirs)?;
        ensure!(
            answer == expected,
            "serbench reads Qt's {format} as {answer}, expected {expected}"
        );
        // Qt orders keys and spaces elements its own way; re-encoding what we
        // read from Qt must give back our file byte for byte, so every value
        // survived the trip through Qt.
        let again = work.join(format!("again.{format}"));
        run_checked(
            Command::new(&serbench)
                .args([
                    "convert",
                    "--dataset",
                    "task-manager",
                    "--from",
                    format,
                    "--to",
                    format,
                ])
                .arg(&theirs)
                .arg(&again),
        )?;
        ensure!(
            std::fs::read(&again)? == std::fs::read(&ours)?,
            "Qt's {format} holds a different task-manager than ours"
        );
        println!("qt reads and writes task-manager {format}: {answer}");
    }
    Ok(())
}

fn build_qt(root: &Path, work: &Path) -> anyhow::Result<PathBuf> {
    let flags =
        output(Command::new("pkg-config").args(["--cflags", "--libs", "Qt6Gui", "Qt6Core"]))?;
    let binary = work.join("qt_taskmanager");
    run_checked(
        Command::new("g++")
            .args(["-std=c++17", "-O2", "-fPIC", "-o"])
            .arg(&binary)
            .arg(root.join("interop/qt/qt_taskmanager.cpp"))
            .args(flags.split_whitespace()),
    )?;
    Ok(binary)
}

fn check(serbench: &Path, format: &str, file: &Path) -> anyhow::Result<String> {
    let answer = output(
        Command::new(serbench)
            .args(["check", "--dataset", "task-manager", "--format", format])
            .arg(file),
    )?;
    Ok(answer.lines().last().unwrap_or_default().to_owned())
}

fn run_checked(command: &mut Command) -> anyhow::Result<()> {
    let status = command
        .status()
        .with_context(|| format!("cannot run {command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed: {status}");
    }
    Ok(())
}

fn output(command: &mut Command) -> anyhow::Result<String> {
    let output = command
        .output()
        .with_context(|| format!("cannot run {command:?}"))?;
    if !output.status.success() {
        bail!(
            "{command:?} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8(output.stdout)?.trim().to_owned())
}
