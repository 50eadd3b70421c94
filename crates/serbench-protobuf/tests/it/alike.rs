//! prost, rust-protobuf and buffa write the same bytes for every dataset:
//! fields in field-number order, repeated numbers packed, proto3 defaults
//! left out; and each reads what the others write.

use serbench_model::mesh::Vector3;
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_protobuf::{Protobuf, ProtobufBuffa, ProtobufRust};

fn alike<T: Dataset>(value: &T)
where
    Protobuf: Codec<T>,
    ProtobufRust: Codec<T>,
    ProtobufBuffa: Codec<T>,
{
    let prost = Protobuf::to_vec(value).unwrap();
    assert_eq!(
        ProtobufRust::to_vec(value).unwrap(),
        prost,
        "rust-protobuf, {}",
        T::NAME
    );
    assert_eq!(
        ProtobufBuffa::to_vec(value).unwrap(),
        prost,
        "buffa, {}",
        T::NAME
    );
    assert_eq!(&ProtobufRust::decode(&prost).unwrap(), value, "{}", T::NAME);
    assert_eq!(
        &ProtobufBuffa::decode(&prost).unwrap(),
        value,
        "{}",
        T::NAME
    );
}

#[test]
fn the_three_libraries_write_the_same_bytes() {
    alike(&TaskManager::generate(20));
    for reading in SensorReading::generate(8) {
        alike(&reading);
    }
    alike(&Graph::generate(300));
    alike(&Record::canonical());
    alike(&MediaContent::canonical());
    alike(&Logs::generate(20));
    let mut mesh = Mesh::generate(10);
    // −0.0 is written, +0.0 left out, by each library alike.
    mesh.triangles[0].v0 = Vector3 {
        x: -0.0,
        y: 0.0,
        z: f32::NAN,
    };
    alike(&mesh);
    alike(&Players::generate(3));
    alike(&Updates::generate(3));
}
