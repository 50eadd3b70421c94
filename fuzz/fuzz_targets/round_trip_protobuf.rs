#![no_main]

libfuzzer_sys::fuzz_target!(
    |data: &[u8]| serbench_fuzz::round_trip::<serbench_protobuf::Protobuf>(data)
);
