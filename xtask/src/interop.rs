//! `cargo xtask interop`: other programs read serbench's files, and serbench
//! reads theirs.
//!
//! - Python's json, cbor2, lxml, msgpack, pymongo's bson, flatbuffers'
//!   `flexbuffers` and pyfory read every dump, see the same values in every format
//!   and compute the same traverse answers, and what pymongo writes of the
//!   values `serbench` reads with the same answers
//!   (`interop/check_dumps.py`).
//! - Python's thriftpy2, loading `schemas/*.thrift` at run time, reads every
//!   Thrift dump in both protocols as the JSON dump's values, with
//!   `serbench check`'s answers, and writes our bytes back exactly
//!   (`interop/check_thrift.py`); fastavro reads every Avro dump with the
//!   shipped `.avsc` as the JSON dump's values and writes back the same
//!   bytes (`interop/check_avro.py`).
//! - `serbench measure` on the documents of `data/measure/`: Python's
//!   cbor2 and msgpack write each within 1 % of the bytes of serbench's
//!   cbor and msgpack rows, and read those rows' encodings back to the
//!   document, as pymongo reads the bson row's; protoc, fastavro and
//!   thriftpy2 read the schema rows' encodings with the schemas serbench
//!   inferred, write back the same bytes and (fastavro, thriftpy2) hold
//!   every value of the document;
//!   Saxon's XPath 3.1 `fn:xml-to-json` reads the xml row's encoding back
//!   to the document (`interop/check_measure.py`); Qt's QDataStream reads
//!   the qdatastream row's `QVariant`s and finds in them, type by type,
//!   what Qt's JSON parser reads from the documents.
//! - protoc and the Apache Thrift compiler compile the `.proto` and
//!   `.thrift` that `serbench measure` writes for a document of awkward
//!   keys: Thrift's reserved words (`py_module`, `java_package`, …), keys
//!   that clean to one identifier, and more than 19 000 keys, which number
//!   Protobuf fields past its reserved 19000–19999.
//! - A Qt program reads the task-manager in JSON, XML and CBOR the way the Qt
//!   benchmark does (QJsonDocument, QXmlStreamReader, QCborValue) and gets
//!   `serbench check`'s answer; what it writes, `serbench` reads back as
//!   exactly the generated value (`interop/qt/qt_taskmanager.cpp`). Qt's
//!   own QDataStream (at `Qt_6_4`) reads our QDataStream file too, and
//!   what it writes from the JSON dump is that file byte for byte.
//!
//! - The official tools of the schema formats read every dump with the
//!   shipped schemas: `protoc --decode` (and `--encode` gives back our exact
//!   bytes), `capnp decode`, `flatc --json`; what `capnp encode` and
//!   `flatc --binary` make of their text, serbench reads as the same value.
//!
//! Needs python3 with `interop/requirements.txt` (cbor2, lxml, msgpack,
//! pymongo, pyfory, thriftpy2, fastavro, saxonche and flatc 25.12.19), g++ with Qt 6, protoc, capnp
//! and thrift (Debian: `g++ pkg-config qt6-base-dev protobuf-compiler capnproto
//! thrift-compiler`);
//! `.ci/run` installs them.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail, ensure};

use crate::{build_serbench, project_root, target_dir};

pub(crate) fn run() -> anyhow::Result<()> {
    let root = project_root();
    let work = target_dir().join("interop");
    let dumps = work.join("dumps");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&dumps)?;

    eprintln!("interop: building serbench (release)");
    let serbench = build_serbench()?;
    run_checked(Command::new(&serbench).arg("dump").arg("--out").arg(&dumps))?;

    eprintln!("interop: Python reads the dumps");
    run_checked(
        Command::new("python3")
            .arg(root.join("interop/check_dumps.py"))
            .arg(&dumps)
            .arg(&serbench),
    )
    .context("Python interop failed (needs: pip install cbor2 lxml msgpack pymongo pyfory)")?;
    run_checked(
        Command::new("python3")
            .arg(root.join("interop/check_avro.py"))
            .arg(&dumps)
            .arg(&serbench),
    )
    .context("fastavro interop failed (needs: pip install fastavro)")?;

    let qt = build_qt(&root, &work).context(
        "cannot build the Qt program (needs g++ and Qt 6: apt-get install g++ qt6-base-dev)",
    )?;
    measured_documents(&root, &work, &serbench, &qt)?;
    schema_compilers(&work, &serbench)?;

    eprintln!("interop: thriftpy2 reads the Thrift dumps with the shipped schemas");
    run_checked(
        Command::new("python3")
            .arg(root.join("interop/check_thrift.py"))
            .arg(&dumps)
            .arg(&serbench),
    )
    .context("Thrift interop failed (needs: pip install thriftpy2)")?;

    eprintln!("interop: protoc, capnp and flatc read the schema-format dumps");
    official_tools(&root, &work, &dumps, &serbench)
        .context("official tool interop failed (needs protoc, capnp and flatc 25.12.19 on PATH)")?;

    eprintln!("interop: Qt reads and writes the task-manager");
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
    qt_datastream(&qt, &serbench, &dumps, &work)
}

/// `serbench measure` on `data/measure/`'s documents, and what other
/// programs make of its results (`interop/check_measure.py`, and Qt for
/// the qdatastream row).
fn measured_documents(root: &Path, work: &Path, serbench: &Path, qt: &Path) -> anyhow::Result<()> {
    eprintln!(
        "interop: cbor2, msgpack, protoc, fastavro, thriftpy2 and Saxon read the measured documents"
    );
    let measured = work.join("measure");
    let documents = root.join("data/measure");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&documents)
        .with_context(|| format!("cannot list {}", documents.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|path| {
        path.extension()
            .is_some_and(|e| e == "json" || e == "ndjson")
    });
    files.sort();
    run_checked(
        Command::new(serbench)
            .args(["measure", "--untimed", "--out"])
            .arg(&measured)
            .args(&files),
    )?;
    run_checked(
        Command::new("python3")
            .arg(root.join("interop/check_measure.py"))
            .arg(&measured)
            .arg(&documents),
    )
    .context(
        "the measured documents' interop failed (needs protoc and: pip install cbor2 msgpack pymongo fastavro thriftpy2 saxonche)",
    )?;
    eprintln!("interop: Qt reads the measured documents' QVariants");
    for file in &files {
        // `serbench measure` names a document by its file stem and writes
        // its first message's encoding as `encoded/NAME.CODEC`.
        let name = file
            .file_stem()
            .and_then(|stem| stem.to_str())
            .context("a document's name is not UTF-8")?;
        let ours = measured.join("encoded").join(format!("{name}.qdatastream"));
        ensure!(
            ours.is_file(),
            "no {}: the qdatastream row did not carry {name} (see {})",
            ours.display(),
            measured.join("results.json").display()
        );
        let answer = output(Command::new(qt).arg("variant").arg(&ours).arg(file))?;
        println!("{name} qdatastream: {answer}");
    }
    Ok(())
}

/// The keys that once gave schemas the formats' own compilers refuse:
/// Thrift's reserved words, keys that clean to one identifier or whose
/// protoc JSON names clash, and enough keys to number fields past
/// Protobuf's reserved 19000–19999.
fn awkward_document() -> String {
    let mut keys: Vec<String> = [
        "py_module",
        "java_package",
        "cpp_namespace",
        "csharp_namespace",
        "php_namespace",
        "perl_package",
        "ruby_namespace",
        "smalltalk_category",
        "smalltalk_prefix",
        "delphi_namespace",
        "struct",
        "namespace",
        "required",
        "first name",
        "first_name",
        "firstName",
        "first-name",
        "@id",
        "_id",
        "id",
    ]
    .iter()
    .map(|key| (*key).to_owned())
    .collect();
    keys.extend((0..19_010).map(|i| format!("k{i}")));
    let fields: Vec<String> = keys.iter().map(|key| format!("{key:?}: 1")).collect();
    format!("{{{}}}", fields.join(", "))
}

/// protoc and the Apache Thrift compiler take the `.proto` and `.thrift`
/// that `serbench measure` writes for [`awkward_document`].
fn schema_compilers(work: &Path, serbench: &Path) -> anyhow::Result<()> {
    eprintln!("interop: protoc and thrift compile the schemas measure writes for awkward keys");
    let folder = work.join("awkward");
    std::fs::create_dir_all(&folder)?;
    let document = folder.join("awkward.json");
    std::fs::write(&document, awkward_document())?;
    let measured = folder.join("measure");
    run_checked(
        Command::new(serbench)
            .args([
                "measure",
                "--untimed",
                "--codec",
                "protobuf",
                "--codec",
                "thrift-compact",
            ])
            .arg("--out")
            .arg(&measured)
            .arg(&document),
    )?;
    let schemas = measured.join("schemas");
    run_checked(
        Command::new("protoc")
            .arg(format!("-I{}", schemas.display()))
            .arg(format!(
                "--descriptor_set_out={}",
                folder.join("awkward.pb").display()
            ))
            .arg(schemas.join("awkward.proto")),
    )
    .context("protoc refused the .proto measure wrote (needs protoc on PATH)")?;
    let generated = folder.join("thrift-py");
    std::fs::create_dir_all(&generated)?;
    run_checked(
        Command::new("thrift")
            .args(["--gen", "py", "-out"])
            .arg(&generated)
            .arg(schemas.join("awkward.thrift")),
    )
    .context(
        "the Thrift compiler refused the .thrift measure wrote (needs thrift: apt-get install thrift-compiler)",
    )?;
    println!("protoc and thrift compile the schemas measure wrote for awkward keys");
    Ok(())
}

/// Qt's QDataStream reads our task-manager as `serbench check` does, and
/// what Qt writes from the JSON dump is our file byte for byte (and so
/// `serbench check` reads it).
fn qt_datastream(qt: &Path, serbench: &Path, dumps: &Path, work: &Path) -> anyhow::Result<()> {
    let ours = dumps.join("task-manager.qdatastream");
    let expected = check(serbench, "qdatastream", &ours)?;
    let qt_answer = output(Command::new(qt).args(["read", "datastream"]).arg(&ours))?;
    ensure!(
        qt_answer == expected,
        "Qt reads our qdatastream as {qt_answer}, serbench as {expected}"
    );
    let theirs = work.join("qt-task-manager.qdatastream");
    run_checked(
        Command::new(qt)
            .args(["write", "datastream"])
            .arg(dumps.join("task-manager.json"))
            .arg(&theirs),
    )?;
    let answer = check(serbench, "qdatastream", &theirs)?;
    ensure!(
        answer == expected,
        "serbench reads Qt's qdatastream as {answer}, expected {expected}"
    );
    ensure!(
        std::fs::read(&theirs)? == std::fs::read(&ours)?,
        "Qt's QDataStream bytes differ from ours ({} and {})",
        theirs.display(),
        ours.display()
    );
    println!("qt reads and writes task-manager qdatastream, byte-identical: {answer}");
    Ok(())
}

/// The codecs of one Protobuf library each, whose dumps protoc reads.
const PROTOBUF_CODECS: [&str; 3] = ["protobuf", "protobuf-rust", "protobuf-buffa"];

/// Each dataset's root type in the schemas.
const ROOTS: [(&str, &str); 9] = [
    ("task-manager", "TaskManager"),
    ("telemetry", "SensorReading"),
    ("graph", "Graph"),
    ("records", "Record"),
    ("media", "MediaContent"),
    ("log", "Logs"),
    ("mesh", "Mesh"),
    ("minecraft_savedata", "Players"),
    ("mk48", "Updates"),
];

/// The codecs of FlatBuffers' libraries, whose dumps flatc reads alike:
/// the official runtime and planus write buffers of the same schemas.
const FLATBUFFERS_CODECS: [&str; 2] = ["flatbuffers", "flatbuffers-planus"];

fn official_tools(root: &Path, work: &Path, dumps: &Path, serbench: &Path) -> anyhow::Result<()> {
    let tools = Tools {
        schemas: root.join("schemas"),
        out: work.join("tools"),
        dumps: dumps.to_path_buf(),
        serbench: serbench.to_path_buf(),
    };
    std::fs::create_dir_all(&tools.out)?;
    for (dataset, root_type) in ROOTS {
        tools.protoc(dataset, root_type)?;
        tools.capnp(dataset, root_type)?;
        let mut answer = String::new();
        for codec in FLATBUFFERS_CODECS {
            answer = tools.flatc(dataset, codec)?;
        }
        println!("protoc, capnp and flatc read {dataset}: {answer}");
    }
    Ok(())
}

/// Where the official-tool checks read and write.
struct Tools {
    schemas: PathBuf,
    out: PathBuf,
    dumps: PathBuf,
    serbench: PathBuf,
}

impl Tools {
    fn answer(&self, dataset: &str, format: &str, file: &Path) -> anyhow::Result<String> {
        let text = output(
            Command::new(&self.serbench)
                .args(["check", "--dataset", dataset, "--codec", format])
                .arg(file),
        )?;
        Ok(text.lines().last().unwrap_or_default().to_owned())
    }

    /// protoc decodes the dump of each Protobuf library (prost's, the
    /// protobuf crate's and buffa's), and encoding its text gives its bytes.
    fn protoc(&self, dataset: &str, root_type: &str) -> anyhow::Result<()> {
        for codec in PROTOBUF_CODECS {
            self.protoc_reads(dataset, root_type, codec)?;
        }
        Ok(())
    }

    fn protoc_reads(&self, dataset: &str, root_type: &str, codec: &str) -> anyhow::Result<()> {
        let ours = std::fs::read(self.dumps.join(format!("{dataset}.{codec}")))?;
        let proto = self.schemas.join(format!("{dataset}.proto"));
        let protoc = |mode: &str, input: &[u8]| {
            piped(
                Command::new("protoc")
                    .arg(format!("--{mode}=serbench.{root_type}"))
                    .arg("-I")
                    .arg(&self.schemas)
                    .arg(&proto),
                input,
            )
        };
        let text = protoc("decode", &ours)?;
        ensure!(
            protoc("encode", &text)? == ours,
            "protoc re-encodes {dataset}.{codec} differently"
        );
        Ok(())
    }

    /// capnp decodes our dump, and what it encodes from its text (in
    /// segments of its choosing) reads as the same value.
    fn capnp(&self, dataset: &str, root_type: &str) -> anyhow::Result<()> {
        let ours = self.dumps.join(format!("{dataset}.capnp"));
        let schema = self.schemas.join(format!("{dataset}.capnp"));
        let text = piped(
            Command::new("capnp")
                .arg("decode")
                .arg(&schema)
                .arg(root_type),
            &std::fs::read(&ours)?,
        )?;
        let again = self.out.join(format!("{dataset}.capnp"));
        std::fs::write(
            &again,
            piped(
                Command::new("capnp")
                    .arg("encode")
                    .arg(&schema)
                    .arg(root_type),
                &text,
            )?,
        )?;
        ensure!(
            self.answer(dataset, "capnp", &again)? == self.answer(dataset, "capnp", &ours)?,
            "capnp encode of {dataset} reads differently"
        );
        Ok(())
    }

    /// flatc turns `codec`'s dump into JSON and back, and serbench reads the
    /// result as the same value (flatc prints floats rounded, so for
    /// telemetry only the sensor id can be compared, and for the mesh only
    /// the count of triangles). Returns our dump's answer.
    fn flatc(&self, dataset: &str, codec: &str) -> anyhow::Result<String> {
        let ours = self.dumps.join(format!("{dataset}.{codec}"));
        let schema = self.schemas.join(format!("{dataset}.fbs"));
        run_checked(
            Command::new("flatc")
                .args([
                    "--json",
                    "--raw-binary",
                    "--size-prefixed",
                    "--strict-json",
                    "--defaults-json",
                    "-o",
                ])
                .arg(&self.out)
                .arg(&schema)
                .arg("--")
                .arg(&ours),
        )?;
        let json = self.out.join(format!("{dataset}.json"));
        run_checked(
            Command::new("flatc")
                .args(["--binary", "--size-prefixed", "-o"])
                .arg(&self.out)
                .arg(&schema)
                .arg(&json),
        )?;
        let theirs = self.answer(dataset, codec, &self.out.join(format!("{dataset}.bin")))?;
        let expected = self.answer(dataset, codec, &ours)?;
        let same = without_float_checksum(&theirs) == without_float_checksum(&expected);
        ensure!(
            same,
            "flatc round trip of {dataset} reads as {theirs}, not {expected}"
        );
        Ok(expected)
    }
}

/// An answer without its `checksum` of float bits: flatc's JSON writes
/// doubles rounded, so a round trip through it keeps every other figure
/// but not every bit of a float.
fn without_float_checksum(answer: &str) -> Option<serde_json::Value> {
    let mut value: serde_json::Value = serde_json::from_str(answer).ok()?;
    let fields = value.as_object_mut()?;
    // Telemetry's and the mesh's checksums of float bits.
    fields.remove("checksum");
    fields.remove("normal_checksum");
    Some(value)
}

/// Runs `command` with `input` on its standard input; its standard output.
fn piped(command: &mut Command, input: &[u8]) -> anyhow::Result<Vec<u8>> {
    use std::io::Write as _;
    use std::process::Stdio;

    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {command:?}"))?;
    let mut stdin = child.stdin.take().context("no stdin")?;
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output()?;
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("stdin writer panicked"))??;
    if !output.status.success() {
        bail!(
            "{command:?} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(output.stdout)
}

pub(crate) fn build_qt(root: &Path, work: &Path) -> anyhow::Result<PathBuf> {
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
            .args(["check", "--dataset", "task-manager", "--codec", format])
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
