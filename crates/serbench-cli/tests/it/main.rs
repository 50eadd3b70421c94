//! The `serbench` binary as a user runs it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serbench_model::{Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};

const FORMATS: [&str; 9] = [
    "json",
    "cbor",
    "xml",
    "bincode",
    "postcard",
    "msgpack",
    "protobuf",
    "capnp",
    "flatbuffers",
];
const DATASETS: [&str; 5] = ["task-manager", "telemetry", "graph", "records", "media"];

fn serbench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_serbench"))
        .args(args)
        .output()
        .expect("serbench runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `check` succeeded: its answer line.
fn answer(output: &Output) -> String {
    assert!(
        output.status.success(),
        "check failed: {}",
        text(&output.stderr)
    );
    let stdout = text(&output.stdout);
    stdout.lines().last().expect("an answer line").to_owned()
}

/// `check` failed as it should: exit 1 and one line on stderr.
fn refusal(output: &Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(1),
        "stdout: {}",
        text(&output.stdout)
    );
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr.trim_end().to_owned()
}

#[test]
fn lists_every_dataset_and_format() {
    let output = serbench(&["list"]);
    assert!(output.status.success());
    let listing = text(&output.stdout);
    for name in DATASETS.iter().chain(&FORMATS) {
        assert!(listing.contains(name), "{name} missing from:\n{listing}");
    }
}

#[test]
fn dumps_every_pair_and_checks_them_to_the_same_answer() {
    let dir = scratch("dump-all");
    let output = serbench(&["dump", "--out", dir.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let expected: BTreeMap<&str, String> = [
        (
            "task-manager",
            TaskManager::generate(10_000).traverse().to_string(),
        ),
        (
            "telemetry",
            SensorReading::generate(1)[0].traverse().to_string(),
        ),
        ("graph", Graph::generate(200).traverse().to_string()),
        ("records", Record::canonical().traverse().to_string()),
        ("media", MediaContent::canonical().traverse().to_string()),
    ]
    .into();
    for dataset in DATASETS {
        for format in FORMATS {
            let file = dir.join(format!("{dataset}.{format}"));
            assert!(file.is_file(), "{} not written", file.display());
            let output = serbench(&[
                "check",
                "--dataset",
                dataset,
                "--format",
                format,
                file.to_str().unwrap(),
            ]);
            assert_eq!(answer(&output), expected[dataset], "{dataset}.{format}");
        }
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 45);
}

#[test]
fn dump_takes_sizes_and_picks() {
    let dir = scratch("dump-some");
    let output = serbench(&[
        "dump",
        "--out",
        dir.to_str().unwrap(),
        "--dataset",
        "task-manager",
        "--format",
        "json",
        "--size",
        "task-manager=30",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let file = dir.join("task-manager.json");
    let output = serbench(&[
        "check",
        "--dataset",
        "task-manager",
        "--format",
        "json",
        file.to_str().unwrap(),
    ]);
    assert!(answer(&output).starts_with(r#"{"tasks":30,"#));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn converts_between_formats() {
    let dir = scratch("convert");
    let output = serbench(&["dump", "--out", dir.to_str().unwrap(), "--dataset", "media"]);
    assert!(output.status.success());
    for (from, to) in [
        ("json", "cbor"),
        ("cbor", "xml"),
        ("xml", "msgpack"),
        ("msgpack", "bincode"),
        ("bincode", "postcard"),
        ("postcard", "protobuf"),
        ("protobuf", "capnp"),
        ("capnp", "flatbuffers"),
        ("flatbuffers", "json"),
    ] {
        let converted = dir.join(format!("converted.{to}"));
        let output = serbench(&[
            "convert",
            "--dataset",
            "media",
            "--from",
            from,
            "--to",
            to,
            dir.join(format!("media.{from}")).to_str().unwrap(),
            converted.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(
            std::fs::read(&converted).unwrap(),
            std::fs::read(dir.join(format!("media.{to}"))).unwrap(),
            "{from} -> {to}"
        );
    }
}

#[test]
fn refuses_damaged_files_with_one_line() {
    let dir = scratch("damaged");
    let output = serbench(&[
        "dump",
        "--out",
        dir.to_str().unwrap(),
        "--dataset",
        "task-manager",
        "--size",
        "task-manager=20",
    ]);
    assert!(output.status.success());
    for format in FORMATS {
        let good = std::fs::read(dir.join(format!("task-manager.{format}"))).unwrap();
        let mut flipped = good.clone();
        flipped[good.len() / 2] ^= 0x5a;
        let damaged: [(&str, Vec<u8>); 4] = [
            ("truncated", good[..good.len() * 2 / 3].to_vec()),
            ("empty", Vec::new()),
            ("garbage", b"\xff\x00garbage\x01\x02".to_vec()),
            ("trailing", [good.as_slice(), b"\xffjunk"].concat()),
        ];
        let original = answer(&serbench(&[
            "check",
            "--dataset",
            "task-manager",
            "--format",
            format,
            dir.join(format!("task-manager.{format}")).to_str().unwrap(),
        ]));
        for (what, bytes) in damaged.iter().chain([&("flipped", flipped)]) {
            let file = dir.join(format!("{what}.{format}"));
            std::fs::write(&file, bytes).unwrap();
            let output = serbench(&[
                "check",
                "--dataset",
                "task-manager",
                "--format",
                format,
                file.to_str().unwrap(),
            ]);
            if output.status.success() {
                // A flip inside a name can still be a valid value, and a
                // protobuf message cut short (or empty) is a smaller valid
                // message; neither may pass for the original.
                let cut = format == "protobuf" && matches!(*what, "truncated" | "empty");
                assert!(*what == "flipped" || cut, "{what} {format} accepted");
                assert!(
                    *what == "flipped" || answer(&output) != original,
                    "{what} {format}"
                );
                continue;
            }
            let line = refusal(&output);
            assert!(
                line.starts_with(&format!("error: cannot decode {format} task-manager: ")),
                "{what} {format}: {line}"
            );
        }
    }
}

#[test]
fn says_what_is_missing() {
    let line = refusal(&serbench(&[
        "check",
        "--dataset",
        "media",
        "--format",
        "json",
        "/nonexistent/file",
    ]));
    assert!(
        line.starts_with("error: cannot read /nonexistent/file"),
        "{line}"
    );
    let output = serbench(&["check", "--dataset", "nope", "--format", "json", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("unknown dataset; one of task-manager, telemetry"));
}

#[test]
fn escapes_control_characters_and_bounds_what_it_reads() {
    let dir = scratch("escapes");
    let file = dir.join("escape.json");
    std::fs::write(&file, "{\"\\u001b[31mred\": 1}").unwrap();
    let line = refusal(&serbench(&[
        "check",
        "--dataset",
        "records",
        "--format",
        "json",
        file.to_str().unwrap(),
    ]));
    assert!(
        !line.contains('\u{1b}') && line.contains("\\u{1b}[31mred"),
        "{line}"
    );

    // A device that never ends is cut off, not read into memory.
    let line = refusal(&serbench(&[
        "check",
        "--dataset",
        "records",
        "--format",
        "json",
        "/dev/zero",
    ]));
    assert!(
        line.contains("more than the 192 MiB serbench reads"),
        "{line}"
    );
}
