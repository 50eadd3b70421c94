//! The libraries write the same bytes: simd-json's, simd-json-derive's,
//! sonic-rs's and flexon's encoding of every dataset's workload and edge
//! cases is serde_json's (but for the sign of simd-json's large exponents,
//! simd-json's digits of an `f32` and the case of flexon's `\u` escapes),
//! and each reads serde_json's.

use serbench_json::{Json, JsonFlexon, JsonSimd, JsonSimdDerive, JsonSonic};
use serbench_model::{Codec, Dataset, Mesh, SensorReading, TaskManager};
use serbench_testkit::Arbitrary;

/// Every message of `D`'s quick workload and every edge case `C` encodes,
/// encoded by `C`, is `Json`'s encoding (after `alike`, which evens out a
/// known difference), and `C` reads `Json`'s bytes back to the value.
fn same_bytes<C: Codec<D>, D: Dataset + Arbitrary>(alike: fn(&[u8]) -> Vec<u8>)
where
    Json: Codec<D>,
{
    let workload = D::workload(D::QUICK_SIZE);
    let edges = D::edge_cases()
        .into_iter()
        .filter(|value| C::to_vec(value).is_ok());
    for (index, message) in workload.into_iter().chain(edges).enumerate() {
        let message = &message;
        let first = alike(&Json::to_vec(message).unwrap());
        let other = C::to_vec(message).unwrap_or_else(|_| panic!("{} encodes", C::NAME));
        assert!(
            first == other,
            "{} writes {} value {index} unlike serde_json",
            C::NAME,
            D::NAME
        );
        let first = Json::to_vec(message).unwrap();
        assert!(C::decode(&first).is_ok_and(|back| back == *message));
    }
}

/// Every message of `D`'s quick workload and every edge case `C` encodes,
/// encoded by `C`, reads back to the value with `Json`, and `C` reads
/// `Json`'s bytes back to the value: for the datasets whose `f32`s
/// simd-json's serde support writes in other digits.
fn read_by_each<C: Codec<D>, D: Dataset + Arbitrary>()
where
    Json: Codec<D>,
{
    let workload = D::workload(D::QUICK_SIZE);
    let edges = D::edge_cases()
        .into_iter()
        .filter(|value| C::to_vec(value).is_ok());
    for (index, message) in workload.into_iter().chain(edges).enumerate() {
        let theirs = C::to_vec(&message).unwrap();
        assert!(
            Json::decode(&theirs).is_ok_and(|back: D| back == message),
            "serde_json reads {}'s {} value {index} otherwise",
            C::NAME,
            D::NAME
        );
        let first = Json::to_vec(&message).unwrap();
        assert!(C::decode(&first).is_ok_and(|back| back == message));
    }
}

/// `$singles`: whether the dataset has `f32`s, which simd-json's serde
/// support writes by the digits of their `f64` widening (see
/// `simd_json_writes_an_f32_by_its_f64_digits`).
macro_rules! alike {
    ($($name:ident: $dataset:path, $singles:literal;)*) => {$(
        #[test]
        fn $name() {
            if $singles {
                read_by_each::<JsonSimd, $dataset>();
            } else {
                same_bytes::<JsonSimd, $dataset>(without_exponent_plus);
            }
            same_bytes::<JsonSonic, $dataset>(<[u8]>::to_vec);
            same_bytes::<JsonSimdDerive, $dataset>(without_exponent_plus);
            same_bytes::<JsonFlexon, $dataset>(upper_case_escapes);
        }
    )*};
}

alike!(
    task_manager: serbench_model::TaskManager, false;
    telemetry: serbench_model::SensorReading, false;
    graph: serbench_model::Graph, false;
    records: serbench_model::Record, false;
    media: serbench_model::MediaContent, false;
    log: serbench_model::Logs, false;
    mesh: serbench_model::Mesh, true;
    minecraft: serbench_model::Players, true;
    mk48: serbench_model::Updates, true;
);

/// simd-json's serde support widens an `f32` to an `f64` and writes that
/// one's shortest digits (`0.10000000149011612` for `0.1f32`), where
/// serde_json, sonic-rs, flexon and simd-json's own derive write the
/// `f32`'s (`0.1`); each reads the other's back to the same bits.
#[test]
fn simd_json_writes_an_f32_by_its_f64_digits() {
    let mut mesh = Mesh::generate(1);
    mesh.triangles[0].v0.x = 0.1;
    let first = String::from_utf8(Json::to_vec(&mesh).unwrap()).unwrap();
    let simd = String::from_utf8(JsonSimd::to_vec(&mesh).unwrap()).unwrap();
    assert!(
        first.contains(r#"{"v0":{"x":0.1,"#) && simd.contains(r#"{"v0":{"x":0.10000000149011612,"#),
        "{first}\n{simd}"
    );
    assert!(JsonSimdDerive::to_vec(&mesh).unwrap() == first.as_bytes());
    assert!(JsonSimd::decode(first.as_bytes()).is_ok_and(|back: Mesh| back == mesh));
    assert!(Json::decode(simd.as_bytes()).is_ok_and(|back: Mesh| back == mesh));
}

/// serde_json's bytes as simd-json writes them: simd-json (through ryu)
/// writes a float's positive exponent without its sign, `1e300` where
/// serde_json writes `1e+300`. Only floats of magnitude 10^16 and more
/// take an exponent of that sign; the values read back the same.
fn without_exponent_plus(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len());
    for (at, &byte) in json.iter().enumerate() {
        let exponent_sign = byte == b'+'
            && json.get(at.wrapping_sub(1)) == Some(&b'e')
            && json.get(at.wrapping_sub(2)).is_some_and(u8::is_ascii_digit)
            && json.get(at + 1).is_some_and(u8::is_ascii_digit);
        if !exponent_sign {
            out.push(byte);
        }
    }
    out
}

/// serde_json's bytes as flexon writes them: flexon writes the hex digits
/// of a control character's `\u` escape in upper case, `\u001F` where
/// serde_json writes `\u001f`; both read either back.
fn upper_case_escapes(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len());
    let mut at = 0;
    while let Some(&byte) = json.get(at) {
        out.push(byte);
        at += 1;
        if byte != b'\\' {
            continue;
        }
        let Some(&escaped) = json.get(at) else { break };
        out.push(escaped);
        at += 1;
        if escaped == b'u' {
            let end = (at + 4).min(json.len());
            out.extend(json[at..end].iter().map(u8::to_ascii_uppercase));
            at = end;
        }
    }
    out
}

#[test]
fn flexon_writes_escapes_in_upper_case() {
    let reading = SensorReading::from_readings("a\u{1f}b\\u001f".to_owned(), [1.5; 8]);
    let first = String::from_utf8(Json::to_vec(&reading).unwrap()).unwrap();
    let flexon = String::from_utf8(JsonFlexon::to_vec(&reading).unwrap()).unwrap();
    assert!(
        first.contains(r#""a\u001fb\\u001f""#) && flexon.contains(r#""a\u001Fb\\u001f""#),
        "{first}\n{flexon}"
    );
    assert!(JsonFlexon::decode(first.as_bytes()).is_ok_and(|back: SensorReading| back == reading));
    assert!(Json::decode(flexon.as_bytes()).is_ok_and(|back: SensorReading| back == reading));
}

#[test]
fn simd_json_drops_the_plus_of_large_exponents() {
    let reading = SensorReading::from_readings("huge".to_owned(), [1e300; 8]);
    let first = String::from_utf8(Json::to_vec(&reading).unwrap()).unwrap();
    let simd = String::from_utf8(JsonSimd::to_vec(&reading).unwrap()).unwrap();
    assert!(
        first.contains(":1e+300,") && simd.contains(":1e300,"),
        "{first}\n{simd}"
    );
    assert!(JsonSimd::decode(first.as_bytes()).is_ok_and(|back: SensorReading| back == reading));
    assert!(Json::decode(simd.as_bytes()).is_ok_and(|back: SensorReading| back == reading));
}

#[test]
fn full_task_manager_is_byte_identical() {
    let manager = TaskManager::generate(TaskManager::DEFAULT_SIZE);
    let first = Json::to_vec(&manager).unwrap();
    assert!(JsonSimd::to_vec(&manager).unwrap() == first);
    assert!(JsonSonic::to_vec(&manager).unwrap() == first);
    assert!(JsonSimdDerive::to_vec(&manager).unwrap() == first);
    assert!(JsonFlexon::to_vec(&manager).unwrap() == first);
}
