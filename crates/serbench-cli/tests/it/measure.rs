//! `serbench measure`: a user's documents, and what a bad one gets.

use std::path::Path;

use crate::{scratch, serbench, text};

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/measure")
        .join(name)
        .display()
        .to_string()
}

/// Measures one document with two codecs and writes what it says it
/// writes: results.json with a record per codec, each codec's encoding.
#[test]
fn measures_a_document_and_writes_its_results() {
    let out = scratch("measure-api");
    let output = serbench(&[
        "measure",
        "--quick",
        "--codec",
        "json",
        "--codec",
        "cbor",
        "--out",
        &out.display().to_string(),
        &data("api-issues.json"),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("[1/2] json"), "{stderr}");
    let stdout = text(&output.stdout);
    assert!(stdout.contains("api-issues (one document"), "{stdout}");
    let results: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("results.json")).unwrap()).unwrap();
    let records = results["results"].as_array().unwrap();
    assert_eq!(records.len(), 2);
    for record in records {
        assert_eq!(record["ok"], true, "{record}");
        assert_eq!(record["dataset"], "api-issues");
        assert!(record["ops"]["decode"]["median_ns"].as_f64().unwrap() > 0.0);
    }
    assert!(out.join("encoded/api-issues.cbor").is_file());
}

/// `--build-facts`, as `cargo xtask measure` hands them: the build's facts
/// and Callgrind's counts land in the one results.json written, the counts
/// per message; a count of a row not measured is refused.
#[test]
fn build_facts_are_written_into_the_results() {
    let out = scratch("measure-facts");
    let facts = out.join("facts.json");
    let counted = |dataset: &str| {
        serde_json::json!({
            "compiler": "rustc (a test)",
            "profile": "bench: a test",
            "commit": "0123abc",
            "instructions": "counted by a test",
            "counts": [{
                "dataset": dataset, "codec": "json", "op": "encode",
                "counts": { "instructions": 5000, "data_reads": 0, "data_writes": 0,
                            "l1_misses": 0, "ll_misses": 0 }
            }]
        })
        .to_string()
    };
    let measure = |facts_text: &str| {
        std::fs::write(&facts, facts_text).unwrap();
        serbench(&[
            "measure",
            "--quick",
            "--codec",
            "json",
            "--out",
            &out.display().to_string(),
            "--build-facts",
            &facts.display().to_string(),
            &data("api-issues.json"),
        ])
    };
    let output = measure(&counted("api-issues"));
    assert!(output.status.success(), "{}", text(&output.stderr));
    let results: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("results.json")).unwrap()).unwrap();
    assert_eq!(results["run"]["compiler"], "rustc (a test)");
    assert_eq!(results["run"]["commit"], "0123abc");
    assert_eq!(results["run"]["instructions"], "counted by a test");
    let record = &results["results"][0];
    let messages = record["messages"].as_f64().unwrap();
    assert_eq!(
        record["ops"]["encode"]["instructions"].as_f64(),
        Some(5000.0 / messages)
    );

    let output = measure(&counted("another-document"));
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("another-document json, which has no record"),
        "{}",
        text(&output.stderr)
    );
    let output = measure("not facts");
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("holds no build facts"),
        "{}",
        text(&output.stderr)
    );
}

/// One line saying what is wrong with the input and where, exit 1.
fn refused(name: &str, bytes: &[u8], args: &[&str]) -> String {
    let dir = scratch(&format!("measure-bad-{name}"));
    let file = dir.join(name);
    std::fs::write(&file, bytes).unwrap();
    let out = dir.join("out").display().to_string();
    let mut all = vec!["measure", "--quick", "--out", &out];
    all.extend_from_slice(args);
    let file = file.display().to_string();
    all.push(&file);
    let output = serbench(&all);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.len() <= 256, "{stderr}");
    stderr
}

#[test]
fn bad_input_gets_one_line_saying_where() {
    let json = refused("bad.json", b"{\"a\": [1, 2,\n  }", &[]);
    assert!(
        json.contains("invalid JSON") && json.contains("line 2 column"),
        "{json}"
    );
    let cut = refused("cut.json", b"{\"a\": \"tex", &[]);
    assert!(cut.contains("EOF while parsing"), "{cut}");
    let lines = refused("log.ndjson", b"{\"a\": 1}\n{\"a\": 2}\nnot json\n", &[]);
    assert!(lines.contains("line 3 is not a JSON document"), "{lines}");
    let deep = refused("deep.json", "[".repeat(100_000).as_bytes(), &[]);
    assert!(deep.contains("nesting deeper than 127"), "{deep}");
    let cbor = refused("deep.cbor", &vec![0x81; 100_000], &[]);
    assert!(cbor.contains("nesting deeper than 127"), "{cbor}");
    let msgpack = refused("cut.msgpack", &[0x92, 0x01], &[]);
    assert!(msgpack.contains("invalid MessagePack"), "{msgpack}");
    let named = refused("data.txt", b"{}", &[]);
    assert!(named.contains("--input-format"), "{named}");
    let wrong = refused("data.txt", b"{}", &["--input-format", "cbor"]);
    assert!(wrong.contains("invalid CBOR"), "{wrong}");
}

/// A file past the cap is refused before it is read whole.
#[test]
fn a_file_past_the_cap_is_refused() {
    let dir = scratch("measure-big");
    let file = dir.join("big.json");
    std::fs::File::create(&file)
        .unwrap()
        .set_len(33 * 1024 * 1024)
        .unwrap();
    let output = serbench(&[
        "measure",
        "--out",
        &dir.display().to_string(),
        &file.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("larger than the 32 MiB"),
        "{}",
        text(&output.stderr)
    );
}

/// Whatever the name or the codec id, every line stays short; a name
/// with a newline, a long stem or characters a file name cannot take is
/// written under its safe form, and the run finishes.
#[test]
fn long_and_odd_names_make_short_lines_and_safe_files() {
    let codec = "nope".repeat(100);
    let line = refused("d.json", b"{}", &["--codec", &codec]);
    assert!(line.contains("no codec"), "{line}");

    let dir = scratch("measure-names");
    let stem = format!("a\nb {}", "s".repeat(240));
    let file = dir.join(format!("{stem}.json"));
    std::fs::write(&file, br#"{"k": 1}"#).unwrap();
    let out = dir.join("out");
    let output = serbench(&[
        "measure",
        "--untimed",
        "--codec",
        "json",
        "--codec",
        "protobuf",
        "--out",
        &out.display().to_string(),
        &file.display().to_string(),
    ]);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for line in stderr.lines() {
        assert!(line.len() <= 256, "{line}");
        assert!(!line.starts_with('b'), "a name split the line: {stderr}");
    }
    let safe = format!("a_b_{}", "s".repeat(60));
    assert!(
        out.join(format!("encoded/{safe}.json")).is_file(),
        "{stderr}"
    );
    assert!(
        out.join(format!("schemas/{safe}.proto")).is_file(),
        "{stderr}"
    );
}
