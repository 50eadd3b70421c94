//! The wire layout the crate docs promise, what survives a round trip, and
//! the errors' kinds and positions.

use serbench_model::forms;
use serbench_model::{
    Dataset, Graph, MediaContent, Priority, Record, SensorReading, TaskManager, Version,
};
use serbench_xml::{Error, ErrorKind, from_slice, to_vec};

fn text<T: Dataset>(value: &T) -> String
where
    serbench_xml::Xml: serbench_model::Codec<T>,
{
    String::from_utf8(to_vec(value).unwrap()).unwrap()
}

fn error<T: Dataset + std::fmt::Debug>(xml: impl AsRef<[u8]>) -> Error
where
    serbench_xml::Xml: serbench_model::Codec<T>,
{
    from_slice::<T>(xml.as_ref()).unwrap_err()
}

/// Asserts `error` is of `kind` at byte `offset` of the input.
#[track_caller]
fn assert_error(error: &Error, kind: ErrorKind, offset: usize) {
    assert_eq!(error.kind(), kind, "{error}");
    assert_eq!(error.position().offset(), Some(offset), "{error}");
}

/// A small task manager in Qt's layout, for the error tests to break.
const SMALL: &str = r##"<?xml version="1.0" encoding="UTF-8"?><taskmanager user="u" version="1.0.0"><tasklist id="67e55044-10b1-426f-9247-bb680e5fe0c8" name="n" color="#ff0000" created="2025-11-03T09:00:00.000Z"><task id="67e55044-10b1-426f-9247-bb680e5fe0c8" name="t" color="#ff0000" created="2025-11-03T09:00:00.000Z" priority="1" completed="true">desc</task></tasklist></taskmanager>"##;

#[test]
fn task_manager_follows_the_qt_layout() {
    let manager = TaskManager::generate(10_000);
    let xml = text(&manager);
    let list = &manager.lists[0];
    let first = &list.tasks[0];
    let expected = format!(
        r##"<?xml version="1.0" encoding="UTF-8"?><taskmanager user="Demo User" version="1.0.0"><tasklist id="{}" name="Work" color="#ff0000" created="2025-11-03T09:00:00.000Z"><task id="{}" name="Task 0-0" color="#ff0000" created="2025-11-03T09:00:00.000Z" priority="0" completed="true">Finish quarterly report</task><task "##,
        list.header.id.hyphenated(),
        first.header.id.hyphenated()
    );
    assert!(xml.starts_with(&expected), "{}", &xml[..600]);
    assert!(xml.ends_with("</task></tasklist></taskmanager>"));
    assert!(!xml.contains('\n'));
    // The Qt benchmark's XML for the same data is 1 757 KB.
    let kb = xml.len() as f64 / 1000.0;
    assert!((1_740.0..1_775.0).contains(&kb), "{kb} KB");
}

#[test]
fn reads_what_qt_writes() {
    // QXmlStreamWriter with auto-formatting: a declaration, indentation
    // between elements, attributes escaped its way, a trailing newline.
    let qt = r##"<?xml version="1.0" encoding="UTF-8"?>
<taskmanager user="Demo &quot;User&quot; &amp; co" version="6.10.0">
    <tasklist id="67e55044-10b1-426f-9247-bb680e5fe0c8" name="Work" color="#80ff0000" created="2025-11-03T10:00:00.000+01:00">
        <task id="{67E55044-10B1-426F-9247-BB680E5FE0C9}" name="Task&#9;0-0&#10;" color="#FF0000" created="2025-11-03T09:00:00.123456Z" priority="3" completed="false">Line one&#13;&#xD;
line two &lt;b&gt; &amp; &#x1F980;</task>
        <task completed="true" priority="0" created="2025-11-03T09:02:00.000Z" color="#00ff00" name='single "quoted"' id="67e55044-10b1-426f-9247-bb680e5fe0ca"></task>
    </tasklist>
    <!-- an empty list -->
    <tasklist id="67e55044-10b1-426f-9247-bb680e5fe0cb" name="Personal" color="#00ff00" created="2025-10-27T10:00:00.000Z"/>
</taskmanager>
"##;
    let manager: TaskManager = from_slice(qt.as_bytes()).unwrap();
    assert_eq!(manager.user, r#"Demo "User" & co"#);
    assert_eq!(
        manager.version,
        Version {
            segments: vec![6, 10, 0]
        }
    );
    assert_eq!(manager.lists.len(), 2);
    let list = &manager.lists[0];
    assert_eq!(list.header.color.a, 0x80);
    assert_eq!(list.header.created.offset().whole_hours(), 1);
    let task = &list.tasks[0];
    assert_eq!(task.header.name, "Task\t0-0\n");
    assert_eq!(task.header.created.nanosecond(), 123_456_000);
    assert_eq!(task.priority, Priority::Critical);
    assert!(!task.completed);
    assert_eq!(task.description, "Line one\r\r\nline two <b> & 🦀");
    let task = &list.tasks[1];
    assert_eq!(task.header.name, r#"single "quoted""#);
    assert_eq!(task.description, "");
    assert!(task.completed);
    assert!(manager.lists[1].tasks.is_empty());
}

#[test]
fn strings_survive_exactly() {
    let mut manager = TaskManager::generate(30);
    let tricky = "  a\"b'c<d>e&f\tg\nh\ri\r\nj]]>k 🦀  ";
    tricky.clone_into(&mut manager.user);
    tricky.clone_into(&mut manager.lists[0].header.name);
    tricky.clone_into(&mut manager.lists[0].tasks[0].description);
    " \t\r\n ".clone_into(&mut manager.lists[0].tasks[1].description);
    let xml = text(&manager);
    assert!(
        xml.contains(
            r#"user="  a&quot;b&apos;c&lt;d&gt;e&amp;f&#9;g&#10;h&#13;i&#13;&#10;j]]&gt;k 🦀  ""#
        ),
        "{xml}"
    );
    assert!(
        xml.contains(">  a\"b'c&lt;d&gt;e&amp;f\tg\nh&#13;i&#13;\nj]]&gt;k 🦀  </task>"),
        "{xml}"
    );
    assert!(xml.contains("> \t&#13;\n </task>"), "{xml}");
    assert_eq!(from_slice::<TaskManager>(xml.as_bytes()).unwrap(), manager);
}

#[test]
fn reads_line_ends_and_references_as_xml_says() {
    let read = |description: &str| {
        from_slice::<TaskManager>(SMALL.replace("desc", description).as_bytes())
            .unwrap()
            .lists[0]
            .tasks[0]
            .description
            .clone()
    };
    // End-of-line handling: literal CR LF and CR become LF; `&#13;` stays CR.
    assert_eq!(read("a\r\nb\rc&#13;d&#xa;"), "a\nb\nc\rd\n");
    // CDATA, comments and processing instructions inside text.
    assert_eq!(read("x<![CDATA[<&>]]>y<!-- no -->z<?pi?>"), "x<&>yz");
    assert_eq!(read("&lt;&gt;&amp;&apos;&quot;"), "<>&'\"");

    // Attribute-value normalization: literal tab, LF and CR LF become spaces.
    let manager: TaskManager = from_slice(
        SMALL
            .replace(r#"user="u""#, "user=\"a\tb\nc\r\nd&#9;\"")
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(manager.user, "a b c d\t");
}

#[test]
fn other_datasets_have_documented_shapes() {
    let reading = &SensorReading::generate(1)[0];
    let xml = text(reading);
    assert!(
        xml.starts_with(&format!(
            r#"<reading sensor_id="{}" ambient_temperature=""#,
            reading.sensor_id
        )),
        "{xml}"
    );
    assert!(
        xml.ends_with("\"/>") && xml.contains(" humidity=\""),
        "{xml}"
    );
    let mut extreme = reading.clone();
    extreme.ambient_temperature = f64::INFINITY;
    extreme.object_temperature = f64::NEG_INFINITY;
    extreme.accelerometer_x = f64::NAN;
    extreme.accelerometer_y = -0.0;
    extreme.accelerometer_z = 1e300;
    extreme.altitude = f64::from_bits(1);
    let xml = text(&extreme);
    for part in [
        r#"ambient_temperature="INF""#,
        r#"object_temperature="-INF""#,
        r#"accelerometer_x="NaN""#,
        r#"accelerometer_y="-0""#,
        r#"accelerometer_z="1e300""#,
        r#"altitude="5e-324""#,
    ] {
        assert!(xml.contains(part), "{part} in {xml}");
    }
    assert_eq!(
        from_slice::<SensorReading>(xml.as_bytes()).unwrap(),
        extreme
    );

    let media = text(&MediaContent::canonical());
    assert_eq!(
        media,
        r#"<?xml version="1.0" encoding="UTF-8"?><mediacontent><media uri="http://javaone.com/keynote.mpg" title="Javaone Keynote" width="640" height="480" format="video/mpg4" duration="18000000" size="58982400" bitrate="262144" player="JAVA"><person>Bill Gates</person><person>Steve Jobs스</person></media><image uri="http://javaone.com/keynote_large.jpg" title="Javaone Keynote" width="1024" height="768" size="LARGE"/><image uri="http://javaone.com/keynote_small.jpg" title="Javaone Keynote" width="320" height="240" size="SMALL"/></mediacontent>"#
    );
    let mut bare = MediaContent::canonical();
    bare.media.title = None;
    bare.media.bitrate = None;
    bare.media.copyright = Some(String::new());
    bare.media.persons.clear();
    let xml = text(&bare);
    assert!(
        xml.contains(r#"<media uri="http://javaone.com/keynote.mpg" width="640" height="480" format="video/mpg4" duration="18000000" size="58982400" player="JAVA" copyright=""/>"#),
        "{xml}"
    );
    assert_eq!(from_slice::<MediaContent>(xml.as_bytes()).unwrap(), bare);

    let record = text(&Record::canonical());
    assert!(
        record.starts_with(
            r#"<?xml version="1.0" encoding="UTF-8"?><record ids="-7363025924956902506 433747491 "#
        ),
        "{}",
        &record[..200]
    );
    assert!(record.ends_with(&format!("<string>{}</string></record>", Record::STRING)));

    let graph = Graph::generate(2);
    let xml = text(&graph);
    let node = &graph.nodes[0];
    let edge = &graph.edges[0];
    assert!(
        xml.starts_with(&format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><graph><node id="0" name="{}" out_edges="{}" in_edges="#,
            node.name,
            node.out_edges.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        )),
        "{xml}"
    );
    assert!(
        xml.contains(&format!(
            r#"<edge from="0" to="{}" weight="{}"/>"#,
            edge.to, edge.weight
        )),
        "{xml}"
    );
    assert_eq!(
        text(&Graph::default()),
        r#"<?xml version="1.0" encoding="UTF-8"?><graph/>"#
    );
}

#[test]
fn readers_take_any_attribute_order_whitespace_and_both_element_forms() {
    let graph: Graph = from_slice(
        b"<graph>\n  <edge weight='3' to='1' from='0'></edge>\n  <node in_edges='' out_edges=' 0\t1\n\n2 ' name='a' id='7'/>\n</graph>\n",
    )
    .unwrap();
    assert_eq!(graph.nodes[0].out_edges, [0, 1, 2]);
    assert_eq!((graph.nodes[0].id, graph.edges[0].weight), (7, 3));
    let record: Record =
        from_slice(b"<record ids=' -1 +2 '>\n<string/>\n<string>  a  </string></record>").unwrap();
    assert_eq!(record.ids, [-1, 2]);
    assert_eq!(record.strings, ["", "  a  "]);
}

#[test]
fn refuses_what_xml_cannot_carry() {
    let unsupported_at = |error: Error, path: &str| {
        assert_eq!(error.kind(), ErrorKind::Unsupported, "{error}");
        assert_eq!(error.position().path(), Some(path), "{error}");
    };
    let mut manager = TaskManager::generate(3);
    "bell \u{7}".clone_into(&mut manager.lists[1].tasks[0].description);
    unsupported_at(
        to_vec(&manager).unwrap_err(),
        "lists[1].tasks[0].description",
    );

    let mut manager = TaskManager::generate(3);
    manager.lists[0].header.created = forms::timestamp_from_parts(0, 0, 19_815).unwrap();
    unsupported_at(to_vec(&manager).unwrap_err(), "lists[0].header.created");

    let mut reading = SensorReading::generate(1).remove(0);
    reading.light = f64::from_bits(0x7ff0_0000_0000_0001);
    unsupported_at(to_vec(&reading).unwrap_err(), "light");
    reading.light = -f64::NAN;
    unsupported_at(to_vec(&reading).unwrap_err(), "light");
}

#[test]
fn refuses_dtds_and_unknown_references() {
    let laughs = r#"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><taskmanager user="&lol2;" version=""/>"#;
    assert_error(&error::<TaskManager>(laughs), ErrorKind::Invalid, 21);
    let external =
        r#"<!DOCTYPE taskmanager SYSTEM "file:///etc/passwd"><taskmanager user="" version=""/>"#;
    assert_error(&error::<TaskManager>(external), ErrorKind::Invalid, 0);
    assert_error(
        &error::<TaskManager>(SMALL.replace("desc", "a&lol;b")),
        ErrorKind::Syntax,
        327,
    );
    assert_error(
        &error::<TaskManager>(SMALL.replace(r#"user="u""#, r#"user="&lol;""#)),
        ErrorKind::Syntax,
        38,
    );
    assert_error(
        &error::<TaskManager>(SMALL.replace("desc", "a&#1;b")),
        ErrorKind::Syntax,
        327,
    );
    assert_error(
        &error::<TaskManager>(SMALL.replace("desc", "a&#xFFFE;b")),
        ErrorKind::Syntax,
        327,
    );
    assert_error(
        &error::<TaskManager>(SMALL.replace("desc", "a&#0;b")),
        ErrorKind::Syntax,
        327,
    );
    assert_error(
        &error::<TaskManager>(SMALL.replace(r#"user="u""#, r#"user="&#x1b;""#)),
        ErrorKind::Syntax,
        38,
    );
    assert_error(
        &error::<TaskManager>(SMALL.replace("desc", "ab\u{1}")),
        ErrorKind::Syntax,
        328,
    );
}

/// Replaces `from` with `to` in [`SMALL`] for each case and checks the
/// error's kind and byte offset.
#[track_caller]
fn check_broken(cases: &[(&str, &str, ErrorKind, usize)]) {
    for (from, to, kind, offset) in cases {
        let broken = SMALL.replacen(from, to, 1);
        assert_ne!(broken, SMALL, "{from}");
        assert_error(&error::<TaskManager>(&broken), *kind, *offset);
    }
}

#[test]
fn layout_errors_say_what_and_where() {
    check_broken(&[
        ("<task ", "<tusk ", ErrorKind::Invalid, 188),
        ("priority=", "prio=", ErrorKind::Invalid, 188),
        (r#"priority="1""#, "", ErrorKind::Invalid, 188),
        (
            r#"priority="1""#,
            r#"priority="1" priority="2""#,
            ErrorKind::Invalid,
            188,
        ),
        (
            r#"priority="1""#,
            r#"priority="4""#,
            ErrorKind::Invalid,
            188,
        ),
        (
            r#"completed="true""#,
            r#"completed="yes""#,
            ErrorKind::Invalid,
            188,
        ),
        (
            "#ff0000\" created=\"2025-11-03T09:00:00.000Z\" priority",
            "red\" created=\"2025-11-03T09:00:00.000Z\" priority",
            ErrorKind::Invalid,
            188,
        ),
        (
            "00.000Z\" priority",
            "00.000\" priority",
            ErrorKind::Invalid,
            188,
        ),
        (
            r#"version="1.0.0""#,
            r#"version="1..0""#,
            ErrorKind::Invalid,
            38,
        ),
        ("<task ", "hello<task ", ErrorKind::Invalid, 188),
        ("desc", "<b>bold</b>", ErrorKind::Invalid, 326),
        ("<taskmanager", "<taskmanagers", ErrorKind::Invalid, 38),
    ]);

    let graph = r#"<graph><node id="70000" name="a" out_edges="" in_edges=""/></graph>"#;
    assert_error(&error::<Graph>(graph), ErrorKind::Invalid, 7);
    let graph = r#"<graph><node id="1" name="a" out_edges="1 -2" in_edges=""/></graph>"#;
    assert_error(&error::<Graph>(graph), ErrorKind::Invalid, 7);
    assert_error(
        &error::<MediaContent>("<mediacontent/>"),
        ErrorKind::Invalid,
        0,
    );
    let reading = r#"<reading sensor_id="x" ambient_temperature="inf" object_temperature="0" accelerometer_x="0" accelerometer_y="0" accelerometer_z="0" altitude="0" light="0" humidity="0"/>"#;
    assert_error(&error::<SensorReading>(reading), ErrorKind::Invalid, 0);
}

#[test]
fn malformed_xml_says_what_and_where() {
    check_broken(&[
        ("</tasklist>", "</taskliste>", ErrorKind::Syntax, 337),
        (r#"user="u""#, "user=u", ErrorKind::Syntax, 38),
        (r#"user="u""#, r#"user="<""#, ErrorKind::Syntax, 38),
        ("desc", "a ]]> b", ErrorKind::Syntax, 328),
        ("desc", "a & b", ErrorKind::Syntax, 328),
        ("desc", "<!-- a -- b -->", ErrorKind::Syntax, 333),
        ("1.0\" encoding", "1.1\" encoding", ErrorKind::Invalid, 0),
        ("UTF-8", "ISO-8859-1", ErrorKind::Invalid, 0),
    ]);
    let mut bad_utf8 = SMALL.as_bytes().to_vec();
    bad_utf8[327] = 0xff;
    assert_error(&error::<TaskManager>(&bad_utf8), ErrorKind::Syntax, 327);
    assert_error(
        &error::<TaskManager>(format!(" {SMALL}")),
        ErrorKind::Syntax,
        1,
    );
}

#[test]
fn nesting_beyond_the_layout_fails_at_once() {
    let deep = SMALL.replace("desc", &"<a>".repeat(1_000_000));
    assert_error(&error::<TaskManager>(&deep), ErrorKind::Invalid, 326);
    let deep = format!("<record ids=''>{}", "<string>".repeat(1_000_000));
    assert_error(&error::<Record>(&deep), ErrorKind::Invalid, 23);
}

#[test]
fn truncated_and_trailing_input() {
    let cut = |at: usize| error::<TaskManager>(&SMALL.as_bytes()[..at]);
    assert_error(&cut(0), ErrorKind::Truncated, 0);
    assert_error(&cut(110), ErrorKind::Truncated, 76);
    assert_error(&cut(328), ErrorKind::Truncated, 328);
    assert_error(&cut(SMALL.len() - 1), ErrorKind::Truncated, 348);
    let steve = text(&MediaContent::canonical());
    let inside = steve.find('스').unwrap() + 1;
    assert_eq!(
        error::<MediaContent>(&steve.as_bytes()[..inside]).kind(),
        ErrorKind::Truncated
    );

    assert_error(
        &error::<TaskManager>(format!("{SMALL}x")),
        ErrorKind::TrailingBytes,
        362,
    );
    assert_error(
        &error::<TaskManager>(format!("{SMALL}<taskmanager/>")),
        ErrorKind::TrailingBytes,
        362,
    );
    assert_error(
        &error::<TaskManager>([SMALL.as_bytes(), b"\xff"].concat()),
        ErrorKind::TrailingBytes,
        362,
    );
    // Whitespace, comments and processing instructions may follow.
    from_slice::<TaskManager>(format!("{SMALL}\n<!-- end -->\n<?done?>\n").as_bytes()).unwrap();
    // A byte order mark may precede, and counts in positions.
    let bom = |xml: &str| [b"\xef\xbb\xbf", xml.as_bytes()].concat();
    from_slice::<TaskManager>(&bom(SMALL)).unwrap();
    assert_error(
        &error::<TaskManager>(bom(&SMALL.replace("<task ", "<tusk "))),
        ErrorKind::Invalid,
        191,
    );
}
