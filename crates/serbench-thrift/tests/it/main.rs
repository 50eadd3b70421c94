//! The Thrift codecs' tests: the shared conformance kit, once per
//! protocol with its crafted hostile inputs, then the layouts.

mod hostile;
mod layout;
mod rsb;
mod wire;

mod binary {
    serbench_testkit::conformance_tests!(
        serbench_thrift::ThriftBinary,
        hostile = crate::hostile::Binary
    );
    serbench_testkit::document_tests!(serbench_thrift::ThriftBinary, crate::hostile::Binary);
}

mod compact {
    serbench_testkit::conformance_tests!(
        serbench_thrift::ThriftCompact,
        hostile = crate::hostile::Compact,
        global_allocator = false
    );
    serbench_testkit::document_tests!(serbench_thrift::ThriftCompact, crate::hostile::Compact);
}
