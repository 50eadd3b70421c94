//! Untrusted bytes for the codec `SERBENCH_FUZZ_CODEC` names: see
//! `serbench_fuzz::DECODE`.

#![no_main]

use serbench_fuzz::DECODE;

libfuzzer_sys::fuzz_target!(init: DECODE.init(), |data: &[u8]| DECODE.run(data));
