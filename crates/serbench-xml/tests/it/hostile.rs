//! XML's crafted hostile inputs, which the conformance kit runs on a small
//! stack within its memory bound: each must fail with the kind given. Then
//! the check that decoding has no way to read a file or the network.
//!
//! Each input is a valid encoding with one part replaced. XML declares no
//! lengths. Elements nest without limit in the format, but the reader
//! checks each element against the layout as it opens, so nesting fails at
//! the first element out of place. Every document type declaration is
//! refused before anything in it is read, so no entity is declared,
//! expanded or fetched.

use std::fmt::Write as _;
use std::path::Path;

use serbench_model::{Dataset, Graph, MediaContent, Record, SensorReading, TaskManager};
use serbench_testkit::{
    Class, Crafted, Crafts, HUGE_TEXT, HostileInputs, NESTING, patched, small_record,
};
use serbench_xml::{ErrorKind, Xml};

pub(crate) struct Inputs;

/// `open` repeated [`NESTING`] times.
pub(crate) fn deep(open: &str) -> String {
    open.repeat(NESTING)
}

const DECLARATION: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;

/// Documents whose DOCTYPE declares, expands or fetches entities, each
/// used in the root element `root` (an empty one, whose attributes do not
/// matter: the DOCTYPE is refused before the root is read).
pub(crate) fn doctypes(root: &str) -> Vec<Crafted> {
    // Each entity is ten of the one before: lol9 is a billion lols.
    let mut laughs = String::new();
    for level in 1..=9 {
        let previous = format!("&lol{};", level - 1).repeat(10);
        write!(laughs, r#"<!ENTITY lol{level} "{previous}">"#).unwrap();
    }
    let cases = [
        (
            "a billion laughs",
            format!(
                r#"<!DOCTYPE {root} [<!ENTITY lol0 "lol">{laughs}]><{root} a="&lol9;">&lol9;</{root}>"#
            ),
        ),
        (
            "an external entity naming a file",
            format!(
                r#"<!DOCTYPE {root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><{root} a="&xxe;">&xxe;</{root}>"#
            ),
        ),
        (
            "an external entity naming a URL",
            format!(
                r#"<!DOCTYPE {root} [<!ENTITY xxe SYSTEM "http://127.0.0.1:9/x">]><{root}>&xxe;</{root}>"#
            ),
        ),
        (
            "an external parameter entity",
            format!(
                r#"<!DOCTYPE {root} [<!ENTITY % dtd SYSTEM "http://127.0.0.1:9/x.dtd"> %dtd;]><{root}/>"#
            ),
        ),
        (
            "an external DTD",
            format!(r#"<!DOCTYPE {root} SYSTEM "file:///etc/passwd"><{root}/>"#),
        ),
        (
            "a DOCTYPE without declarations",
            format!("<!DOCTYPE {root}><{root}/>"),
        ),
    ];
    cases
        .into_iter()
        .map(|(what, document)| {
            let bytes = format!("{DECLARATION}{document}").into_bytes();
            Crafted::new(Class::Dtd, what, ErrorKind::Invalid, bytes)
        })
        .collect()
}

/// Malformed references, and declarations of what serbench does not read.
fn malformed(m: &TaskManager) -> Vec<Crafted> {
    use Class::Other;
    use ErrorKind::{Invalid, Syntax, Truncated};

    vec![
        patched::<Xml, _>(
            m,
            Other,
            Syntax,
            "an entity reference without a DTD",
            "Finish quarterly report",
            "&xxe;",
        ),
        patched::<Xml, _>(
            m,
            Other,
            Syntax,
            "a reference to character 0",
            "Finish quarterly report",
            "&#0;",
        ),
        patched::<Xml, _>(
            m,
            Other,
            Invalid,
            "XML 1.1",
            r#"version="1.0" encoding"#,
            r#"version="1.1" encoding"#,
        ),
        patched::<Xml, _>(
            m,
            Other,
            Invalid,
            "UTF-16 declared",
            r#"encoding="UTF-8""#,
            r#"encoding="UTF-16""#,
        ),
        patched::<Xml, _>(
            m,
            Other,
            Truncated,
            "a CDATA section never closed",
            "Finish quarterly report",
            "<![CDATA[Finish",
        ),
    ]
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[(
        Class::Length,
        "XML declares no lengths: elements, attribute values and text end at their delimiters",
    )];

    // The worst of the kit's dense values: ids of 0, 2 bytes each (`0 `),
    // become 8-byte integers in a vector grown by doubling.
    const EXPANSION: usize = 12;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let m = &TaskManager::generate(1);
        let mut inputs = doctypes("taskmanager");
        inputs.extend(malformed(m));
        inputs.extend([
            patched::<Xml, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested elements in a task's text",
                "Finish quarterly report",
                deep("<a>"),
            ),
            patched::<Xml, _>(
                m,
                Nesting,
                Invalid,
                "100 000 nested roots",
                "<tasklist ",
                format!("{}<tasklist ", deep("<taskmanager>")),
            ),
            patched::<Xml, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in the user",
                "Demo User",
                b"Demo \xff User",
            ),
            patched::<Xml, _>(
                m,
                Utf8,
                Syntax,
                "a byte 0xff in a task's text",
                "Finish quarterly report",
                b"Finish \xff report",
            ),
            patched::<Xml, _>(
                m,
                WrongType,
                Invalid,
                "the priority is a word",
                r#"priority="0""#,
                r#"priority="low""#,
            ),
            patched::<Xml, _>(
                m,
                WrongType,
                Invalid,
                "completed is yes",
                r#"completed="true""#,
                r#"completed="yes""#,
            ),
            patched::<Xml, _>(
                m,
                WrongType,
                Invalid,
                "the version is a word",
                r#"version="1.0.0""#,
                r#"version="one""#,
            ),
            patched::<Xml, _>(
                m,
                UnknownEnum,
                Invalid,
                "priority 4",
                r#"priority="0""#,
                r#"priority="4""#,
            ),
            patched::<Xml, _>(
                m,
                Duplicate,
                Invalid,
                "the user twice",
                r#"user="Demo User""#,
                r#"user="Demo User" user="again""#,
            ),
        ]);
        inputs.extend(huge_texts(m));
        inputs
    }
}

/// [`HUGE_TEXT`] bytes where the reader quotes what it refuses: the
/// version it parses, a priority, an element's name and an attribute's.
fn huge_texts(m: &TaskManager) -> Vec<Crafted> {
    use ErrorKind::Invalid;

    let huge = |unit: &str| unit.repeat(HUGE_TEXT);
    vec![
        patched::<Xml, _>(
            m,
            Class::HugeText,
            Invalid,
            "a version of 1 MiB",
            r#"version="1.0.0""#,
            format!(r#"version="{}""#, huge("x")),
        ),
        patched::<Xml, _>(
            m,
            Class::HugeText,
            Invalid,
            "a priority of 1 MiB of digits",
            r#"priority="0""#,
            format!(r#"priority="{}""#, huge("9")),
        ),
        patched::<Xml, _>(
            m,
            Class::HugeText,
            Invalid,
            "an element named by 1 MiB in the task-manager",
            "<tasklist ",
            format!("<{}/><tasklist ", huge("k")),
        ),
        patched::<Xml, _>(
            m,
            Class::HugeText,
            Invalid,
            "an attribute named by 1 MiB",
            r#"user="Demo User""#,
            format!(r#"user="Demo User" {}="""#, huge("k")),
        ),
    ]
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let r = &SensorReading::workload(1).remove(0);
        let id = format!(r#"sensor_id="{}""#, r.sensor_id);
        let mut inputs: Vec<Crafted> = doctypes("reading")
            .into_iter()
            .map(|mut input| {
                // A reading is written without an XML declaration.
                input.bytes.drain(..DECLARATION.len());
                input
            })
            .collect();
        inputs.extend([
            patched::<Xml, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested readings",
                "/>",
                format!(">{}", deep("<reading>")),
            ),
            patched::<Xml, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in the sensor id",
                &id,
                b"sensor_id=\"\xff\"",
            ),
            patched::<Xml, _>(
                r,
                WrongType,
                Invalid,
                "the humidity is a word",
                "humidity=\"",
                "humidity=\"wet",
            ),
            patched::<Xml, _>(
                r,
                Duplicate,
                Invalid,
                "the sensor id twice",
                &id,
                format!("{id} {id}"),
            ),
        ]);
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Other, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let g = &Graph::generate(1);
        let name = format!(r#"name="{}""#, g.nodes[0].name);
        let mut inputs = doctypes("graph");
        inputs.extend([
            patched::<Xml, _>(
                g,
                Nesting,
                Invalid,
                "100 000 nested graphs",
                "<graph>",
                deep("<graph>"),
            ),
            patched::<Xml, _>(
                g,
                Utf8,
                Syntax,
                "a byte 0xff in a node name",
                &name,
                b"name=\"\xff\"",
            ),
            patched::<Xml, _>(
                g,
                WrongType,
                Invalid,
                "an out edge is a word",
                r#"out_edges="0""#,
                r#"out_edges="0 one""#,
            ),
            patched::<Xml, _>(
                g,
                Duplicate,
                Invalid,
                "a node's name twice",
                &name,
                format!("{name} {name}"),
            ),
            patched::<Xml, _>(
                g,
                Other,
                Invalid,
                "a node id of 65 536",
                r#"id="0""#,
                r#"id="65536""#,
            ),
        ]);
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let r = &small_record();
        let mut inputs = doctypes("record");
        inputs.extend([
            patched::<Xml, _>(
                r,
                Nesting,
                Invalid,
                "100 000 nested strings",
                "<string>",
                deep("<string>"),
            ),
            patched::<Xml, _>(
                r,
                Utf8,
                Syntax,
                "a byte 0xff in a string",
                "<string>s<",
                b"<string>\xff<",
            ),
            patched::<Xml, _>(
                r,
                WrongType,
                Invalid,
                "an id is a float",
                r#"ids="7""#,
                r#"ids="1.5""#,
            ),
            patched::<Xml, _>(
                r,
                Duplicate,
                Invalid,
                "the ids twice",
                r#"ids="7""#,
                r#"ids="7" ids="8""#,
            ),
        ]);
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use Class::{Duplicate, Nesting, UnknownEnum, Utf8, WrongType};
        use ErrorKind::{Invalid, Syntax};

        let m = &MediaContent::canonical();
        let mut inputs = doctypes("mediacontent");
        inputs.extend([
            patched::<Xml, _>(m, Nesting, Invalid, "100 000 nested persons", "<person>Bill Gates", format!("{}Bill Gates", deep("<person>"))),
            patched::<Xml, _>(m, Utf8, Syntax, "a byte 0xff in a person", "Bill Gates", b"Bill \xff Gates"),
            patched::<Xml, _>(m, WrongType, Invalid, "the width is a word", r#"width="640""#, r#"width="wide""#),
            patched::<Xml, _>(m, UnknownEnum, Invalid, "player BANANA", r#"player="JAVA""#, r#"player="BANANA""#),
            patched::<Xml, _>(m, UnknownEnum, Invalid, "image size HUGE", r#"size="LARGE""#, r#"size="HUGE""#),
            patched::<Xml, _>(m, Duplicate, Invalid, "the media twice", "</media>", r#"</media><media uri="" width="0" height="0" format="" duration="0" size="0" player="JAVA"/>"#),
        ]);
        inputs
    }
}

/// Decoding takes a byte slice and has no way to reach anything else: the
/// crate's source names no file, network or process API (quick-xml's
/// reader of a slice reads only the slice, and resolves no entity itself).
#[test]
fn decoding_touches_no_files_or_network() {
    // Every source file, those of `src/document/` too.
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 8, "{files:?}");
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        for api in [
            "std::fs",
            "std::net",
            "std::process",
            "File",
            "TcpStream",
            "Command",
        ] {
            assert!(
                !source.contains(api),
                "{} names {api}, which XML decoding must not reach",
                path.display()
            );
        }
    }
}
