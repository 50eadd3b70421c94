//! The binary codecs' tests: the shared conformance kit for each, then
//! their own.

mod layout;

mod bincode {
    serbench_model::conformance_tests!(serbench_binary::Bincode);
}

mod postcard {
    serbench_model::conformance_tests!(serbench_binary::Postcard);
}
