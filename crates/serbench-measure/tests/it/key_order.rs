//! Documents whose maps give their keys in varying order, as real API
//! responses do: every row that can be built verifies them, the schema
//! formats without regard to key order.

use serbench_measure::{Build, Document, InputFormat, Options, ROWS, Value};

/// Statuses with media whose `sizes` list their keys in another order in
/// each status, optional keys, nulls, mixed kinds and nesting.
fn statuses() -> Vec<String> {
    let orders = [
        ["thumb", "small", "medium", "large"],
        ["large", "thumb", "small", "medium"],
        ["medium", "large", "small", "thumb"],
        ["small", "medium", "thumb", "large"],
    ];
    (0..8)
        .map(|i| {
            let sizes: Vec<String> = orders[i % orders.len()]
                .iter()
                .map(|size| {
                    format!(
                        r#""{size}": {{"w": {}, "h": {}, "resize": "fit"}}"#,
                        100 + i,
                        50 + i
                    )
                })
                .collect();
            let reply = if i % 3 == 0 {
                "null".to_owned()
            } else {
                format!("{}", 1000 + i)
            };
            let place = if i % 2 == 0 {
                r#", "place": {"name": "Kraków", "bbox": [19.8, 50.0]}"#
            } else {
                ""
            };
            let user = if i % 2 == 0 {
                format!(r#"{{"id": {i}, "name": "user {i}", "verified": true}}"#)
            } else {
                format!(r#"{{"verified": false, "name": "user {i}", "id": {i}}}"#)
            };
            format!(
                r#"{{"id": {i}, "text": "status {i} ✓", "in_reply_to": {reply}, "user": {user},
                    "entities": {{"media": [{{"id": {i}, "sizes": {{{}}}}}]}}{place}}}"#,
                sizes.join(", ")
            )
        })
        .collect()
}

fn measured(document: &Document) -> Vec<serbench_results::Record> {
    let options = Options {
        untimed: true,
        ..Options::default()
    };
    serbench_measure::measure(document, &options, &mut |_| {})
        .unwrap()
        .records
}

fn buildable(id: &str) -> bool {
    ROWS.iter()
        .any(|row| row.id == id && !matches!(row.build, Build::Unavailable(_)))
}

#[test]
fn an_api_response_with_keys_in_varying_order_is_verified_by_every_row() {
    let statuses = statuses();
    let json = format!(r#"{{"statuses": [{}], "count": 8}}"#, statuses.join(", "));
    let ndjson: String = statuses
        .iter()
        .map(|s| s.replace('\n', " ") + "\n")
        .collect();
    for document in [
        Document::parse("search", InputFormat::Json, json.as_bytes()).unwrap(),
        Document::parse("statuses", InputFormat::Ndjson, ndjson.as_bytes()).unwrap(),
    ] {
        for record in measured(&document) {
            if buildable(&record.codec) {
                assert!(record.ok, "{}: {:?}", record.codec, record.error);
            }
            // results.json says which rows were verified without regard
            // to key order.
            let keeps = ROWS
                .iter()
                .find(|row| row.id == record.codec)
                .unwrap()
                .keeps_key_order;
            assert_eq!(
                record.any_key_order,
                record.ok && !keeps,
                "{}",
                record.codec
            );
        }
    }
}

#[test]
fn rows_say_whether_they_keep_key_order() {
    let keeps = |id: &str| {
        ROWS.iter()
            .find(|row| row.id == id)
            .unwrap()
            .keeps_key_order
    };
    for id in ["json", "cbor", "msgpack"] {
        assert!(keeps(id), "{id}");
    }
    for id in [
        "protobuf",
        "avro",
        "thrift-compact",
        "bincode-stock",
        "msgpack-positional",
    ] {
        assert!(!keeps(id), "{id}");
    }
}

#[test]
fn maps_whose_keys_all_differ_are_refused_by_rows_that_write_every_field() {
    let items: Vec<String> = (0..3000).map(|i| format!(r#"{{"f{i}": {i}}}"#)).collect();
    let json = format!("[{}]", items.join(","));
    let document = Document::parse("sparse", InputFormat::Json, json.as_bytes()).unwrap();
    for record in measured(&document) {
        let writes_every_field = [
            "msgpack-positional",
            "bincode-stock",
            "postcard",
            "bitcode-serde",
            "avro",
        ]
        .contains(&record.codec.as_str());
        if writes_every_field {
            let error = record.error.as_deref().unwrap_or_default();
            assert!(
                !record.ok && error.contains("per value"),
                "{}: {error}",
                record.codec
            );
            assert!(error.len() <= 256, "{error}");
        } else if ["json", "protobuf", "thrift-compact"].contains(&record.codec.as_str()) {
            assert!(record.ok, "{}: {:?}", record.codec, record.error);
        }
    }
}

#[test]
fn a_schema_past_the_field_limit_is_refused_by_every_schema_row() {
    // Spread over records, so no one record passes Thrift's own limit.
    let limit = serbench_measure::schema::MAX_FIELDS;
    let per = 1000;
    let groups: Vec<String> = (0..=limit / per)
        .map(|g| {
            let keys: Vec<String> = (0..per).map(|i| format!(r#""k{i}":{i}"#)).collect();
            format!(r#""g{g}":{{{}}}"#, keys.join(","))
        })
        .collect();
    let json = format!("{{{}}}", groups.join(","));
    let document = Document::parse("wide", InputFormat::Json, json.as_bytes()).unwrap();
    let schema_rows = [
        "protobuf",
        "avro",
        "thrift-binary",
        "thrift-compact",
        "bincode-stock",
        "postcard",
        "bitcode-serde",
        "msgpack-positional",
    ];
    let mut seen = 0;
    for record in measured(&document) {
        let error = record.error.as_deref().unwrap_or_default();
        if schema_rows.contains(&record.codec.as_str()) {
            seen += 1;
            assert!(
                !record.ok && error.contains(&limit.to_string()),
                "{}: {error}",
                record.codec
            );
            assert!(error.len() <= 256, "{error}");
        } else if ["json", "cbor", "msgpack"].contains(&record.codec.as_str()) {
            assert!(record.ok, "{}: {error}", record.codec);
        }
    }
    assert_eq!(seen, schema_rows.len());
}

#[test]
fn a_wide_map_in_another_order_is_compared_in_linear_time() {
    // 200 000 keys: a scan per key would take 2·10¹⁰ comparisons.
    let keys = 200_000;
    let map: Vec<(String, Value)> = (0..keys)
        .map(|i| (format!("k{i}"), Value::Int(i)))
        .collect();
    let mut reversed = map.clone();
    reversed.reverse();
    let (want, got) = (Value::Map(map.clone()), Value::Map(reversed.clone()));
    assert_eq!(want.difference_in_any_key_order(&got), None);
    let found = want.difference(&got).unwrap();
    assert!(found.contains("another order"), "{found}");
    reversed[0].1 = Value::Int(-1);
    let found = want
        .difference_in_any_key_order(&Value::Map(reversed))
        .unwrap();
    assert!(
        found.starts_with(&format!("$.k{}: integer", keys - 1)),
        "{found}"
    );
    let mut fewer = map;
    fewer.pop();
    let found = want
        .difference_in_any_key_order(&Value::Map(fewer.clone()))
        .unwrap();
    assert!(found.contains("is missing"), "{found}");
    let found = Value::Map(fewer)
        .difference_in_any_key_order(&want)
        .unwrap();
    assert!(found.contains("was added"), "{found}");
}

#[test]
fn rows_that_cannot_reach_the_nesting_limit_give_the_depth() {
    let measure = |depth: usize, codec: &str| {
        let text = format!("{}1{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
        let document = Document::parse("deep", InputFormat::Json, text.as_bytes()).unwrap();
        let options = Options {
            untimed: true,
            codecs: vec![codec.to_owned()],
            ..Options::default()
        };
        let mut records = serbench_measure::measure(&document, &options, &mut |_| {})
            .unwrap()
            .records;
        records.remove(0)
    };
    // prost decodes 100 nested messages inside the outermost.
    assert!(measure(101, "protobuf").ok);
    let error = measure(102, "protobuf").error.unwrap();
    assert!(
        error.contains("nests 102 levels") && error.len() <= 256,
        "{error}"
    );
    assert!(measure(30, "avro").ok);
    let error = measure(60, "avro").error.unwrap();
    assert!(
        error.contains("nests 60 levels") && error.len() <= 256,
        "{error}"
    );
}
