//! The one list of codecs and the one list of datasets.
//!
//! Both the CLI and the benches expand these lists, so a codec added here
//! shows up everywhere without editing either. The codec paths resolve in
//! the crate that expands the list, which depends on every codec crate; the
//! model itself depends on none.

/// Calls `$callback! { path::To::Codec, ... }` with every codec type, in
/// report order.
///
/// ```
/// macro_rules! count {
///     ($($codec:path),* $(,)?) => { [$(stringify!($codec)),*].len() };
/// }
/// assert_eq!(serbench_model::for_each_codec!(count), 9);
/// ```
#[macro_export]
macro_rules! for_each_codec {
    ($callback:ident) => {
        $callback! {
            serbench_json::Json,
            serbench_cbor::Cbor,
            serbench_xml::Xml,
            serbench_binary::Bincode,
            serbench_binary::Postcard,
            serbench_msgpack::MsgPack,
            serbench_protobuf::Protobuf,
            serbench_capnp::Capnp,
            serbench_flatbuffers::FlatBuffers,
        }
    };
}

/// Calls `$callback! { path::To::Codec, ... }` with the codecs that also
/// implement [`NativeCodec`](crate::NativeCodec) for every dataset, whose
/// build and write halves the benchmark reports as separate rows. Every one
/// of them is in [`for_each_codec!`] too.
#[macro_export]
macro_rules! for_each_native_codec {
    ($callback:ident) => {
        $callback! {
            serbench_protobuf::Protobuf,
            serbench_capnp::Capnp,
            serbench_flatbuffers::FlatBuffers,
        }
    };
}

/// Calls `$callback! { $crate::Type, ... }` with every dataset type, in
/// report order.
///
/// ```
/// use serbench_model::Dataset;
///
/// macro_rules! names {
///     ($($dataset:path),* $(,)?) => { [$(<$dataset as Dataset>::NAME),*] };
/// }
/// assert_eq!(
///     serbench_model::for_each_dataset!(names),
///     ["task-manager", "telemetry", "graph", "records", "media"]
/// );
/// ```
#[macro_export]
macro_rules! for_each_dataset {
    ($callback:ident) => {
        $callback! {
            $crate::TaskManager,
            $crate::SensorReading,
            $crate::Graph,
            $crate::Record,
            $crate::MediaContent,
        }
    };
}
