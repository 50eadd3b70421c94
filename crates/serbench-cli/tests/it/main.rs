//! The `serbench` binary as a user runs it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serbench_codecs::{Carried, DatasetVisitor};
use serde_json::Value;

mod measure;
mod streams;

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

/// `serbench list --json`, as a program reads it.
fn listing() -> Value {
    let output = serbench(&["list", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("list --json prints JSON")
}

/// The `id_key` of every entry of `listing()[key]`.
fn ids(key: &str, id_key: &str) -> Vec<String> {
    listing()[key]
        .as_array()
        .expect("an array")
        .iter()
        .map(|entry| entry[id_key].as_str().expect("an id").to_owned())
        .collect()
}

/// Every codec id of the registry's default build: what the binary must
/// list.
fn codecs() -> Vec<String> {
    let codecs = ids("codecs", "id");
    let registry: Vec<&str> = serbench_codecs::codecs().iter().map(|c| c.id).collect();
    assert_eq!(codecs, registry, "list --json and the registry disagree");
    codecs
}

/// Each dataset's answer for the value `dump` writes by default, from the
/// model itself.
fn dump_answers() -> BTreeMap<String, String> {
    struct Answers(BTreeMap<String, String>);

    impl DatasetVisitor for Answers {
        fn dataset<D: Carried>(&mut self) {
            let value = D::workload(D::DUMP_SIZE).remove(0);
            self.0
                .insert(D::NAME.to_owned(), value.traverse().to_string());
        }
    }

    let mut answers = Answers(BTreeMap::new());
    serbench_codecs::visit_datasets(&mut answers);
    answers.0
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
fn lists_every_dataset_and_codec() {
    let output = serbench(&["list"]);
    assert!(output.status.success());
    let listing = text(&output.stdout);
    let datasets = ids("datasets", "name");
    assert_eq!(
        datasets,
        [
            "task-manager",
            "telemetry",
            "graph",
            "records",
            "media",
            "log",
            "mesh",
            "minecraft_savedata",
            "mk48"
        ]
    );
    for name in datasets.iter().chain(&codecs()) {
        assert!(
            listing.contains(name.as_str()),
            "{name} missing from:\n{listing}"
        );
    }
    for codec in listing_codecs() {
        for key in ["wire_format", "library", "version"] {
            assert!(
                codec[key].as_str().is_some_and(|value| !value.is_empty()),
                "{codec}: no {key}"
            );
        }
        for key in [
            "tuned",
            "zero_copy",
            "detects_truncation",
            "native",
            "borrows",
        ] {
            assert!(codec[key].is_boolean(), "{codec}: no {key}");
        }
    }
}

fn listing_codecs() -> Vec<Value> {
    listing()["codecs"].as_array().expect("codecs").clone()
}

#[test]
fn dumps_every_pair_and_checks_them_to_the_same_answer() {
    let dir = scratch("dump-all");
    let output = serbench(&["dump", "--out", dir.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let expected = dump_answers();
    let codecs = codecs();
    for dataset in expected.keys() {
        for codec in &codecs {
            let file = dir.join(format!("{dataset}.{codec}"));
            assert!(file.is_file(), "{} not written", file.display());
            let output = serbench(&[
                "check",
                "--dataset",
                dataset,
                "--codec",
                codec,
                file.to_str().unwrap(),
            ]);
            assert_eq!(answer(&output), expected[dataset], "{dataset}.{codec}");
        }
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        expected.len() * codecs.len()
    );
}

/// Every file `dump` wrote before still has the same bytes: the registry
/// and refactors around the codecs must not change what they write.
#[test]
fn dumps_are_unchanged() {
    let dir = scratch("dump-unchanged");
    let output = serbench(&["dump", "--out", dir.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/dumps.crc32");
    let known = std::fs::read_to_string(&fixture).expect("the fixture");
    let header: String = known
        .lines()
        .take_while(|l| l.starts_with('#'))
        .flat_map(|l| {
            [
                l, "
",
            ]
        })
        .collect();
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let line = |name: &str| {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        format!("{:08x} {:>9} {name}", crc32fast::hash(&bytes), bytes.len())
    };
    if std::env::var_os("SERBENCH_BLESS").is_some() {
        let lines: Vec<String> = written.iter().map(|name| line(name)).collect();
        std::fs::write(&fixture, header + &lines.join("\n") + "\n").unwrap();
        return;
    }
    for expected in known.lines().filter(|l| !l.starts_with('#')) {
        let name = expected.rsplit(' ').next().unwrap();
        assert!(
            written.iter().any(|w| w == name),
            "{name} is no longer written"
        );
        assert_eq!(line(name), expected, "{name} changed");
    }
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
        "--codec",
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
        "--codec",
        "json",
        file.to_str().unwrap(),
    ]);
    assert!(answer(&output).starts_with(r#"{"tasks":30,"#));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

/// `--format`, the flag's name before it said it takes a codec id, still
/// picks a codec in `dump` and `check`; `--help` names both.
#[test]
fn format_is_an_alias_of_codec() {
    let dir = scratch("format-alias");
    let output = serbench(&[
        "dump",
        "--out",
        dir.to_str().unwrap(),
        "--dataset",
        "media",
        "--format",
        "json-simd",
        "--format",
        "cbor",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["media.cbor", "media.json-simd"]);
    let file = dir.join("media.json-simd");
    let by_alias = serbench(&[
        "check",
        "--dataset",
        "media",
        "--format",
        "json-simd",
        file.to_str().unwrap(),
    ]);
    let by_name = serbench(&[
        "check",
        "--dataset",
        "media",
        "--codec",
        "json-simd",
        file.to_str().unwrap(),
    ]);
    assert_eq!(answer(&by_alias), answer(&by_name));
    let unknown = serbench(&["check", "--dataset", "media", "--format", "nope", "x"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("unknown codec; one of json, json-simd"));
    for command in ["dump", "check"] {
        let help = text(&serbench(&[command, "--help"]).stdout);
        assert!(
            help.contains("--codec <C>") && help.contains("--format"),
            "serbench {command} --help:\n{help}"
        );
    }
}

#[test]
fn converts_between_codecs() {
    let dir = scratch("convert");
    let output = serbench(&["dump", "--out", dir.to_str().unwrap(), "--dataset", "media"]);
    assert!(output.status.success());
    // Around the list and back to the start: every codec reads and writes.
    let codecs = codecs();
    let next = codecs.iter().cycle().skip(1);
    for (from, to) in codecs.iter().zip(next) {
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
    for codec in listing_codecs() {
        let id = codec["id"].as_str().expect("an id");
        let detects_truncation = codec["detects_truncation"] == true;
        let good = std::fs::read(dir.join(format!("task-manager.{id}"))).unwrap();
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
            "--codec",
            id,
            dir.join(format!("task-manager.{id}")).to_str().unwrap(),
        ]));
        for (what, bytes) in damaged.iter().chain([&("flipped", flipped)]) {
            let file = dir.join(format!("{what}.{id}"));
            std::fs::write(&file, bytes).unwrap();
            let output = serbench(&[
                "check",
                "--dataset",
                "task-manager",
                "--codec",
                id,
                file.to_str().unwrap(),
            ]);
            if output.status.success() {
                // A flip inside a name can still be a valid value, and in
                // a format that cannot detect truncation (protobuf) a
                // message cut short (or empty) is a smaller valid message;
                // neither may pass for the original.
                let cut = !detects_truncation && matches!(*what, "truncated" | "empty");
                assert!(*what == "flipped" || cut, "{what} {id} accepted");
                assert!(
                    *what == "flipped" || answer(&output) != original,
                    "{what} {id}"
                );
                continue;
            }
            let line = refusal(&output);
            assert!(
                line.starts_with(&format!("error: cannot decode {id} task-manager: ")),
                "{what} {id}: {line}"
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
        "--codec",
        "json",
        "/nonexistent/file",
    ]));
    assert!(
        line.starts_with("error: cannot read /nonexistent/file"),
        "{line}"
    );
    let output = serbench(&["check", "--dataset", "nope", "--codec", "json", "x"]);
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
        "--codec",
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
        "--codec",
        "json",
        "/dev/zero",
    ]));
    assert!(
        line.contains("more than the 192 MiB serbench reads"),
        "{line}"
    );
}
