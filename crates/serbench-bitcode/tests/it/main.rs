//! The bitcode codecs' tests: the shared conformance kit, once per codec
//! with its crafted hostile inputs, then the layouts and the canonical
//! check.

mod borrow;
mod hostile;
mod limit;

mod derive {
    serbench_testkit::conformance_tests!(
        serbench_bitcode::Bitcode,
        hostile = crate::hostile::Derive
    );

    #[test]
    fn limit_edges() {
        crate::limit::edges::<serbench_bitcode::Bitcode>();
    }
}

mod serde {
    serbench_testkit::conformance_tests!(
        serbench_bitcode::BitcodeSerde,
        hostile = crate::hostile::Serde,
        global_allocator = false
    );
    serbench_testkit::document_tests!(serbench_bitcode::BitcodeSerde, crate::hostile::Serde);

    #[test]
    fn limit_edges() {
        crate::limit::edges::<serbench_bitcode::BitcodeSerde>();
    }
}
