//! The macro that turns the list into [`visit_list`](crate::visit_list):
//! one call of the visitor per codec whose feature is on. Everything else
//! is plain functions over that visit.

/// Whether a list line's marker (`native`, `document`, `serde`, `lend`,
/// `input`, `evolution`) is
/// `native`; any other word is a compile error.
#[allow(
    unused_macros,
    reason = "a build with none of the marked codecs' features has no line that uses it"
)]
macro_rules! marked {
    (native, native) => {
        true
    };
    (native, document) => {
        false
    };
    (native, serde) => {
        false
    };
    (native, lend) => {
        false
    };
    (native, input) => {
        false
    };
    (native, evolution) => {
        false
    };
}

/// The visitor's call for a marker of a list line.
#[allow(
    unused_macros,
    reason = "a build with none of the marked codecs' features has no line that uses it"
)]
macro_rules! list_marker {
    (native, $visitor:ident, $codec:ty, $info:ident) => {
        $visitor.native::<$codec>(&$info)
    };
    (document, $visitor:ident, $codec:ty, $info:ident) => {
        // Without the `document` feature the codec crates build no
        // document path, and the registry offers none.
        {
            #[cfg(feature = "document")]
            $visitor.document::<$codec>(&$info);
        }
    };
    (serde, $visitor:ident, $codec:ty, $info:ident) => {{
        #[cfg(feature = "document")]
        $visitor.serde::<$codec>(&$info);
    }};
    (lend, $visitor:ident, $codec:ty, $info:ident) => {{
        #[cfg(feature = "document")]
        $visitor.lend::<$codec>(&$info);
    }};
    (input, $visitor:ident, $codec:ty, $info:ident) => {{
        #[cfg(feature = "document")]
        $visitor.input::<$codec>(&$info);
    }};
    (evolution, $visitor:ident, $codec:ty, $info:ident) => {{
        #[cfg(feature = "evolution")]
        $visitor.evolution::<$codec>(&$info);
    }};
}

/// Expands the list into `visit_list`, checking at compile time that each
/// feature is named by its codec's id.
macro_rules! codecs {
    ($(
        $feature:literal => $krate:ident :: $name:ident, $wire_format:literal, $library:literal,
        $tuning:ident $(, $marker:ident)*
        $(+ $row:literal => $row_krate:ident :: $row_name:ident $(, $row_marker:ident)*)*;
    )*) => {
        /// Calls `visitor` with every codec whose feature is on, in list
        /// order: [`Visitor::codec`](crate::Visitor::codec) for each, and
        /// [`Visitor::native`](crate::Visitor::native) after it for the
        /// codecs marked `native`, and `Visitor::document` for those marked
        /// `document` (with the `document` feature).
        pub(crate) fn visit_list(visitor: &mut impl crate::Visitor) {
            // A build with no codec feature (the code-size baseline) has
            // no line below; these keep it free of unused warnings.
            const _: () = assert!(crate::same(crate::Tuning::from_marker("stock").id(), "stock"));
            let _ = &visitor;
            $(
                #[cfg(feature = $feature)]
                {
                    type Codec = $krate::$name;
                    const INFO: crate::Info = crate::Info {
                        id: <Codec as serbench_model::BaseCodec>::NAME,
                        krate: stringify!($krate),
                        wire_format: $wire_format,
                        library: $library,
                        version: crate::listed_version($library),
                        tuning: crate::Tuning::from_marker(stringify!($tuning)),
                        zero_copy: <Codec as serbench_model::BaseCodec>::ZERO_COPY,
                        detects_truncation:
                            <Codec as serbench_model::BaseCodec>::DETECTS_TRUNCATION,
                        native: false $(|| marked!(native, $marker))*,
                        borrow: <Codec as serbench_model::BaseCodec>::BORROW,
                        declared: <Codec as serbench_model::BaseCodec>::DECLARED,
                    };
                    const _: () = assert!(
                        crate::same(INFO.id, $feature),
                        concat!("the feature ", $feature, " must be named by its codec's id")
                    );
                    const _: () = assert!(
                        crate::declares(&INFO),
                        concat!("the facts ", $feature, " declares must name its list line's wire format and library")
                    );
                    visitor.codec::<Codec>(&INFO);
                    $(
                        list_marker!($marker, visitor, Codec, INFO);
                    )*
                    $(
                        // A document row's type exists only in its crate's
                        // document path.
                        #[cfg(feature = "document")]
                        {
                            type Row = $row_krate::$row_name;
                            const ROW: crate::Info = crate::Info { id: $row, native: false, ..INFO };
                            $(
                                list_marker!($row_marker, visitor, Row, ROW);
                            )*
                        }
                    )*
                }
            )*
        }
    };
}
