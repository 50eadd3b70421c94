//! Model values built from the bytes, for the codec `SERBENCH_FUZZ_CODEC`
//! names: see `serbench_fuzz::ROUND_TRIP`.

#![no_main]

use serbench_fuzz::ROUND_TRIP;

libfuzzer_sys::fuzz_target!(init: ROUND_TRIP.init(), |data: &[u8]| ROUND_TRIP.run(data));
