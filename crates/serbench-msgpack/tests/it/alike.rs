//! zerompk writes rmp-serde's bytes: its encoding of every dataset's
//! workload and edge cases is the `msgpack` row's, and it reads that row's
//! bytes back to the value.

use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_msgpack::{MsgPack, MsgPackZerompk};
use serbench_testkit::Arbitrary;

/// Every message of `D`'s quick workload and every edge case, encoded by
/// `C`, is `MsgPack`'s encoding, and `C` reads `MsgPack`'s bytes back to
/// the value.
fn same_bytes<C: Codec<D>, D: Dataset + Arbitrary>()
where
    MsgPack: Codec<D>,
{
    let mut values = D::workload(D::QUICK_SIZE);
    values.extend(D::edge_cases());
    for (index, message) in values.iter().enumerate() {
        let first = MsgPack::to_vec(message).unwrap();
        let other = C::to_vec(message).unwrap_or_else(|_| panic!("{} encodes", C::NAME));
        assert!(
            first == other,
            "{} writes {} value {index} unlike rmp-serde",
            C::NAME,
            D::NAME
        );
        assert!(C::decode(&first).is_ok_and(|back| back == *message));
    }
}

macro_rules! alike {
    ($($name:ident: $dataset:ty),*) => {$(
        #[test]
        fn $name() {
            same_bytes::<MsgPackZerompk, $dataset>();
        }
    )*};
}

alike!(
    task_manager: TaskManager,
    telemetry: SensorReading,
    graph: Graph,
    records: Record,
    media: MediaContent,
    log: Logs,
    mesh: Mesh,
    minecraft_savedata: Players,
    mk48: Updates
);

#[test]
fn full_task_manager_is_byte_identical() {
    let manager = TaskManager::generate(TaskManager::DEFAULT_SIZE);
    let first = MsgPack::to_vec(&manager).unwrap();
    assert_eq!(MsgPackZerompk::to_vec(&manager).unwrap(), first);
    assert_eq!(
        <MsgPackZerompk as Codec<TaskManager>>::decode(&first).unwrap(),
        manager
    );
}

/// Signed fields take the smallest form of their value's sign, as
/// rmp-serde writes them, where zerompk's own `i32` writes 640 as int 16;
/// and a signed field reads an unsigned form.
#[test]
fn signed_integers_take_unsigned_forms() {
    let mut media = MediaContent::canonical();
    media.media.width = 640;
    media.media.duration = -1;
    let bytes = MsgPackZerompk::to_vec(&media).unwrap();
    let width = [b"\xa5width".as_slice(), &[0xcd, 0x02, 0x80]].concat();
    assert!(bytes.windows(width.len()).any(|w| w == width));
    let duration = [b"\xa8duration".as_slice(), &[0xff]].concat();
    assert!(bytes.windows(duration.len()).any(|w| w == duration));
    assert_eq!(
        <MsgPackZerompk as Codec<MediaContent>>::decode(&bytes).unwrap(),
        media
    );
}

/// zerompk's document row writes the `msgpack` row's bytes for a document
/// of every kind, and reads them back.
#[cfg(feature = "document")]
#[test]
fn documents_are_byte_identical() {
    use serbench_document::codec::{Context, DocumentCodec, UserSchemas};
    use serbench_document::{Schema, Value};

    let document = Value::Map(vec![
        ("null".into(), Value::Null),
        ("yes".into(), Value::Bool(true)),
        ("small".into(), Value::Int(200)),
        ("negative".into(), Value::Int(-70_000)),
        ("huge".into(), Value::UInt(u64::MAX)),
        ("pi".into(), Value::Float(3.25)),
        ("text".into(), Value::Text("é".repeat(40))),
        ("bytes".into(), Value::Bytes(vec![1, 2, 3])),
        (
            "list".into(),
            Value::List(vec![Value::Int(1), Value::List(Vec::new())]),
        ),
    ]);
    let messages = [document.clone()];
    let schema = Schema::infer(&messages, "probe");
    let user = UserSchemas::default();
    let context = Context {
        name: "probe",
        messages: &messages,
        schema: &schema,
        user: &user,
    };
    let rmp = MsgPack::document(&context).unwrap();
    let zerompk = MsgPackZerompk::document(&context).unwrap();
    let (mut first, mut other) = (Vec::new(), Vec::new());
    rmp.encode(&document, &mut first).unwrap();
    zerompk.encode(&document, &mut other).unwrap();
    assert_eq!(first, other);
    assert_eq!(zerompk.decode(&first).unwrap(), document);
}
