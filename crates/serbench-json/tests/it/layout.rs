//! The wire layout the crate docs promise, and where its errors point.

use std::error::Error as _;

use serbench_json::{ErrorKind, from_slice, to_vec};
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};

#[test]
fn task_manager_follows_the_qt_layout() {
    let manager = TaskManager::generate(10_000);
    let text = String::from_utf8(to_vec(&manager).unwrap()).unwrap();
    let first = &manager.lists[0].tasks[0];
    let expected = format!(
        r##"{{"header":{{"id":"{}","name":"Task 0-0","color":"#ff0000","created":"2025-11-03T09:00:00.000Z"}},"description":"Finish quarterly report","priority":0,"completed":true}}"##,
        first.header.id.hyphenated()
    );
    assert!(text.contains(&expected), "{}", &text[..400]);
    assert!(text.starts_with(r#"{"user":"Demo User","version":"1.0.0","lists":[{"header":"#));
    // The Qt benchmark's JSON for the same data is 2 005 KB.
    let kb = text.len() as f64 / 1000.0;
    assert!((1_950.0..2_060.0).contains(&kb), "{kb} KB");
}

#[test]
fn reads_keys_in_any_order_and_whitespace() {
    let text = r##"{ "lists": [ { "tasks": [], "header": { "created": "2025-11-03T10:00:00.5+01:00",
        "color": "#80FF0000", "name": "n", "id": "{67E55044-10B1-426F-9247-BB680E5FE0C8}" } } ],
        "version": "6.10.0", "user": "u" }"##;
    let manager: TaskManager = from_slice(text.as_bytes()).unwrap();
    let header = &manager.lists[0].header;
    assert_eq!(header.color.a, 0x80);
    assert_eq!(header.created.offset().whole_hours(), 1);
    assert_eq!(header.created.nanosecond(), 500_000_000);
    assert_eq!(manager.version.segments, [6, 10, 0]);
}

#[test]
fn other_datasets_have_documented_shapes() {
    let media = String::from_utf8(to_vec(&MediaContent::canonical()).unwrap()).unwrap();
    assert!(
        media.contains(r#""player":"JAVA","copyright":null}"#),
        "{media}"
    );
    assert!(media.contains(r#""size":"LARGE""#));
    let record = String::from_utf8(to_vec(&Record::canonical()).unwrap()).unwrap();
    assert!(record.starts_with(r#"{"ids":[-7363025924956902506,433747491,"#));
    let graph = String::from_utf8(to_vec(&Graph::generate(2)).unwrap()).unwrap();
    assert!(
        graph.starts_with(r#"{"nodes":[{"id":0,"name":""#),
        "{graph}"
    );
    let reading = String::from_utf8(to_vec(&SensorReading::generate(1)[0]).unwrap()).unwrap();
    assert!(reading.starts_with(r#"{"sensor_id":""#) && reading.contains(r#","humidity":"#));
}

/// rust_serialization_benchmark's datasets in the model's serde layout,
/// RSB's field names and order: enums by name, tuples as arrays.
#[test]
fn rsb_datasets_have_rsbs_shapes() {
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    let logs = text(to_vec(&Logs::generate(1)).unwrap());
    assert!(
        logs.starts_with(r#"{"logs":[{"address":{"x0":"#)
            && logs.contains(r#","identity":"-","userid":""#),
        "{logs}"
    );
    let mesh = text(to_vec(&Mesh::generate(1)).unwrap());
    assert!(
        mesh.starts_with(r#"{"triangles":[{"v0":{"x":0."#) && mesh.contains(r#"},"normal":{"x":"#),
        "{mesh}"
    );
    let mut players = Players::generate(1);
    players.players[0].entered_nether_position = Some((1.5, -2.0, 0.25));
    players.players[0].shoulder_entity_left = None;
    let players = text(to_vec(&players).unwrap());
    assert!(
        players.starts_with(r#"{"players":[{"game_type":""#)
            && players.contains(r#""entered_nether_position":[1.5,-2.0,0.25],"#)
            && players.contains(r#""shoulder_entity_left":null,"#),
        "{players}"
    );
    let updates = text(to_vec(&Updates::generate(1)).unwrap());
    assert!(
        updates.starts_with(r#"{"updates":[{"contacts":[{"damage":"#)
            && updates.contains(r#""terrain_updates":[{"chunk_id":["#),
        "{updates}"
    );
}

#[test]
fn refuses_what_json_cannot_carry() {
    let mut reading = SensorReading::generate(1).remove(0);
    reading.light = f64::NAN;
    let error = to_vec(&reading).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("light"), "{error}");

    let mut mesh = Mesh::generate(2);
    mesh.triangles[1].normal.y = f32::INFINITY;
    let error = to_vec(&mesh).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(
        error.position().path(),
        Some("triangles[1].normal.y"),
        "{error}"
    );
}

#[test]
fn errors_say_where() {
    let manager = TaskManager::generate(20);
    let mut text = String::from_utf8(to_vec(&manager).unwrap()).unwrap();
    text = text.replacen(r#""priority":2"#, r#""priority":9"#, 1);
    let error = from_slice::<TaskManager>(text.as_bytes()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(
        error.position().path(),
        Some("lists[2].tasks[0].priority"),
        "{error}"
    );
    let after_nine = text.find(r#""priority":9"#).unwrap() + r#""priority":9"#.len();
    assert_eq!(
        error.position().line_column(),
        Some((1, after_nine)),
        "{error}"
    );
    assert!(error.source().is_some());

    let error = from_slice::<TaskManager>(&text.as_bytes()[..100]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated);
    assert_eq!(error.position().line_column(), Some((1, 100)), "{error}");
    let error = from_slice::<Record>(b"{\"ids\":[],\"strings\":[]}\n x").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::TrailingBytes);
    assert_eq!(error.position().line_column(), Some((2, 2)), "{error}");
    let error = from_slice::<Record>(b"{\"ids\":[],\"ids\":[],\"strings\":[]}").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Invalid);
    assert_eq!(error.position().line_column(), Some((1, 15)), "{error}");
    let deep = format!("{{\"ids\":{}", "[".repeat(100_000));
    assert_eq!(
        from_slice::<Record>(deep.as_bytes()).unwrap_err().kind(),
        ErrorKind::Invalid
    );
}

#[test]
fn traverse_answers_match_the_model() {
    let manager = TaskManager::generate(1_000);
    let bytes = to_vec(&manager).unwrap();
    let decoded: TaskManager = from_slice(&bytes).unwrap();
    assert_eq!(decoded.traverse(), manager.traverse());
}

/// An unknown key is named once, in the message; the path names the
/// object that holds it. Every library's message quotes a long key or a
/// huge text in a parsed field as a short prefix and its length.
#[test]
fn errors_quote_the_input_once_and_briefly() {
    use serbench_json::{JsonSimd, JsonSonic};
    use serbench_model::Codec;

    fn decode<C: Codec<TaskManager, Error = serbench_json::Error>>(
        text: &str,
    ) -> serbench_json::Error {
        C::decode(text.as_bytes()).unwrap_err()
    }

    let text = String::from_utf8(to_vec(&TaskManager::generate(1)).unwrap()).unwrap();
    let unknown = text.replacen(r#""name":"#, r#""surname":"#, 1);
    for error in [
        decode::<serbench_json::Json>(&unknown),
        decode::<JsonSimd>(&unknown),
        decode::<JsonSonic>(&unknown),
    ] {
        assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
        assert_eq!(error.to_string().matches("surname").count(), 1, "{error}");
        assert_eq!(error.position().path(), Some("lists[0].header"), "{error}");
    }

    let huge = "k".repeat(1 << 20);
    let long_key = text.replacen(r#""name":"#, &format!(r#""{huge}":"#), 1);
    let huge_version = text.replacen(
        r#""1.0.0""#,
        &format!(r#""{}""#, r"\u0001".repeat(1 << 20)),
        1,
    );
    for input in [long_key, huge_version] {
        for error in [
            decode::<serbench_json::Json>(&input),
            decode::<JsonSimd>(&input),
            decode::<JsonSonic>(&input),
        ] {
            assert_eq!(error.kind(), ErrorKind::Invalid, "{error}");
            let shown = error.to_string();
            assert!(shown.len() <= 256, "{} bytes: {shown}", shown.len());
        }
    }
}
