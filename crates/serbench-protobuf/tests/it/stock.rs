//! The stock codec against the tuned one: the same bytes, the same values,
//! and failures of the same kind.

use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_protobuf::{ErrorKind, Protobuf, ProtobufStock};

/// `value` encodes to the same bytes in both codecs, decodes back in the
/// stock one, and every cut of its encoding fails (or not) alike.
fn same<T: Dataset>(value: &T)
where
    Protobuf: Codec<T>,
    ProtobufStock: Codec<T>,
{
    let bytes = Protobuf::to_vec(value).unwrap();
    assert_eq!(ProtobufStock::to_vec(value).unwrap(), bytes, "{}", T::NAME);
    assert_eq!(
        &ProtobufStock::decode(&bytes).unwrap(),
        value,
        "{}",
        T::NAME
    );
    for cut in 0..bytes.len() {
        let (stock, tuned) = (
            ProtobufStock::decode(&bytes[..cut]),
            Protobuf::decode(&bytes[..cut]),
        );
        match (stock, tuned) {
            (Ok(stock), Ok(tuned)) => assert_eq!(stock, tuned, "{} cut at {cut}", T::NAME),
            (Err(stock), Err(tuned)) => {
                assert_eq!(
                    stock.kind(),
                    tuned.kind(),
                    "{} cut at {cut}: {stock}",
                    T::NAME
                );
                assert_eq!(stock.codec(), "protobuf-stock");
            }
            (stock, tuned) => panic!(
                "{} cut at {cut}: stock {:?}, tuned {:?}",
                T::NAME,
                stock.err(),
                tuned.err()
            ),
        }
    }
}

#[test]
fn stock_writes_and_reads_what_the_tuned_codec_does() {
    same(&TaskManager::generate(3));
    same(&SensorReading::generate(1)[0]);
    same(&Graph::generate(6));
    same(&Record::canonical());
    same(&MediaContent::canonical());
    same(&Logs::generate(3));
    same(&Mesh::generate(3));
    same(&Players::generate(1));
    same(&Updates::generate(2));
}

#[test]
fn stock_errors_name_the_field_prost_was_in() {
    let bytes = Protobuf::to_vec(&TaskManager::generate(3)).unwrap();
    // Cut inside the last list, whose length then runs past the end.
    let error =
        <ProtobufStock as Codec<TaskManager>>::decode(&bytes[..bytes.len() - 10]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
    assert!(
        error.message().contains("inside TaskManager.lists:"),
        "{error}"
    );
    assert!(error.position().offset().is_some(), "{error}");
}
