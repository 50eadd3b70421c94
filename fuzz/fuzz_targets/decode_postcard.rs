#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| serbench_fuzz::decode::<serbench_binary::Postcard>(data));
