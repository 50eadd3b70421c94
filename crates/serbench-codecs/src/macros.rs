//! The macro that turns the list into [`visit_list`](crate::visit_list):
//! one call of the visitor per codec whose feature is on. Everything else
//! is plain functions over that visit.

/// `true` for the `native` marker of a list line; any other word is a
/// compile error.
#[allow(
    unused_macros,
    reason = "a build with none of the native codecs' features has no line that uses it"
)]
macro_rules! is_native {
    (native) => {
        true
    };
}

/// Expands the list into `visit_list`, checking at compile time that each
/// feature is named by its codec's id.
macro_rules! codecs {
    ($(
        $feature:literal => $krate:ident :: $name:ident, $wire_format:literal, $library:literal,
        $version:literal,
        $tuning:ident $(, $native:ident)?;
    )*) => {
        /// Calls `visitor` with every codec whose feature is on, in list
        /// order: [`Visitor::codec`](crate::Visitor::codec) for each, and
        /// [`Visitor::native`](crate::Visitor::native) after it for the
        /// codecs marked `native`.
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
                        version: $version,
                        tuning: crate::Tuning::from_marker(stringify!($tuning)),
                        zero_copy: <Codec as serbench_model::BaseCodec>::ZERO_COPY,
                        detects_truncation:
                            <Codec as serbench_model::BaseCodec>::DETECTS_TRUNCATION,
                        native: false $(|| is_native!($native))?,
                    };
                    const _: () = assert!(
                        crate::same(INFO.id, $feature),
                        concat!("the feature ", $feature, " must be named by its codec's id")
                    );
                    visitor.codec::<Codec>(&INFO);
                    $(
                        if is_native!($native) {
                            visitor.native::<Codec>(&INFO);
                        }
                    )?
                }
            )*
        }
    };
}
