//! The one list of datasets.
//!
//! The codec registry (`serbench-codecs`) expands it into the bounds every
//! codec meets and its dispatch per dataset, so a dataset added here is
//! carried, listed and benchmarked everywhere.

/// Calls `$callback! { $crate::Type, ... }` with every dataset type, in
/// report order; `for_each_dataset!(callback, modules)` calls
/// `$callback! { module: $crate::Type, ... }`, each type with a snake-case
/// name for items a macro writes per dataset (`task_manager`,
/// `telemetry`, …).
///
/// ```
/// use serbench_model::Dataset;
///
/// macro_rules! names {
///     ($($dataset:path),* $(,)?) => { [$(<$dataset as Dataset>::NAME),*] };
/// }
/// assert_eq!(
///     serbench_model::for_each_dataset!(names),
///     [
///         "task-manager", "telemetry", "graph", "records", "media",
///         "log", "mesh", "minecraft_savedata", "mk48",
///     ]
/// );
///
/// macro_rules! modules {
///     ($($module:ident: $dataset:path),* $(,)?) => { [$(stringify!($module)),*] };
/// }
/// assert_eq!(
///     serbench_model::for_each_dataset!(modules, modules),
///     [
///         "task_manager", "telemetry", "graph", "records", "media",
///         "log", "mesh", "minecraft", "mk48",
///     ]
/// );
/// ```
#[macro_export]
macro_rules! for_each_dataset {
    ($callback:ident) => {
        $crate::for_each_dataset! { @list $callback, types }
    };
    ($callback:ident, modules) => {
        $crate::for_each_dataset! { @list $callback, modules }
    };
    (@list $callback:ident, $shape:ident) => {
        $crate::for_each_dataset! {
            @shape $callback,
            $shape,
            task_manager: TaskManager,
            telemetry: SensorReading,
            graph: Graph,
            records: Record,
            media: MediaContent,
            log: Logs,
            mesh: Mesh,
            minecraft: Players,
            mk48: Updates,
        }
    };
    (@shape $callback:ident, types, $($module:ident: $dataset:ident,)*) => {
        $callback! { $($crate::$dataset,)* }
    };
    (@shape $callback:ident, modules, $($module:ident: $dataset:ident,)*) => {
        $callback! { $($module: $crate::$dataset,)* }
    };
}

/// Writes a codec crate's two free functions, `to_vec` and `from_slice`,
/// over its codec type: what a user of one crate calls, the same in every
/// crate, so written once. `$what` names one encoded value
/// (`"postcard value"`, `"Avro datum"`).
///
/// ```
/// use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Record};
///
/// /// A codec that writes nothing and reads nothing.
/// pub struct Refusing;
///
/// impl BaseCodec for Refusing {
///     const NAME: &'static str = "refusing";
///     const CARRIES: Carries = Carries::EVERYTHING;
///     const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable("a test codec");
///     type Error = Error;
/// }
///
/// impl<T: Dataset> Codec<T> for Refusing {
///     fn encode(_: &T, _: &mut Vec<u8>) -> Result<(), Error> {
///         Err(Error::new::<Self, T>(ErrorKind::Unsupported, "nothing is written"))
///     }
///     fn decode(_: &[u8]) -> Result<T, Error> {
///         Err(Error::new::<Self, T>(ErrorKind::Syntax, "nothing is read"))
///     }
/// }
///
/// serbench_model::functions!(Refusing, "refused value");
///
/// assert!(to_vec(&Record::workload(0)[0]).is_err());
/// assert!(from_slice::<Record>(b"").is_err());
/// ```
#[macro_export]
macro_rules! functions {
    ($codec:ident, $what:literal) => {
        #[doc = concat!("Encodes `value` as one ", $what, ", with [`", stringify!($codec), "`].")]
        ///
        /// # Errors
        ///
        /// A value the format cannot carry, named as the codec's
        /// [`Codec::encode`](serbench_model::Codec::encode) names it.
        pub fn to_vec<T: $crate::Dataset>(value: &T) -> ::std::result::Result<::std::vec::Vec<u8>, $crate::Error>
        where
            $codec: $crate::Codec<T, Error = $crate::Error>,
        {
            <$codec as $crate::Codec<T>>::to_vec(value)
        }

        #[doc = concat!("Decodes the one ", $what, " that fills `bytes`, with [`", stringify!($codec), "`].")]
        ///
        /// # Errors
        ///
        /// What is wrong with `bytes`, and where.
        pub fn from_slice<T: $crate::Dataset>(bytes: &[u8]) -> ::std::result::Result<T, $crate::Error>
        where
            $codec: $crate::Codec<T, Error = $crate::Error>,
        {
            <$codec as $crate::Codec<T>>::decode(bytes)
        }
    };
}

/// Compiles a codec written once for every dataset in its own crate, once
/// per dataset: the crate writes `impl<T> Codec<T> for $generic` (and, with
/// `native`, `impl<T> NativeCodec<T> for $generic`), and this writes
/// `$codec`'s impl for each dataset, each method a call of the generic one.
/// `$generic` is a type this declares, the same codec as `$codec` (its
/// [`BaseCodec`](crate::BaseCodec) is `$codec`'s): public, as a native
/// codec's message type is named through it, and hidden from the docs.
///
/// A generic impl is compiled anew in every crate that uses it with a
/// dataset: the registry, the benches, the CLI and every test binary each
/// compiled every codec's library code for every dataset again, and that
/// compilation was most of the workspace's build. Written out per dataset
/// here, a codec's code is compiled once, in its crate, and the crates
/// above call it, as a user's program calls a library.
///
/// ```
/// use serbench_model::{BaseCodec, Carries, Codec, Dataset, Error, ErrorKind, Record};
///
/// /// A codec that writes nothing and reads nothing.
/// pub struct Refusing;
///
/// impl BaseCodec for Refusing {
///     const NAME: &'static str = "refusing";
///     const CARRIES: Carries = Carries::EVERYTHING;
///     const BORROW: serbench_model::Borrowing = serbench_model::Borrowing::Unavailable("a test codec");
///     type Error = Error;
/// }
///
/// serbench_model::per_dataset!(Refusing, Generic);
///
/// impl<T: Dataset> Codec<T> for Generic {
///     fn encode(_: &T, _: &mut Vec<u8>) -> Result<(), Error> {
///         Err(Error::new::<Self, T>(ErrorKind::Unsupported, "nothing is written"))
///     }
///     fn decode(_: &[u8]) -> Result<T, Error> {
///         Err(Error::new::<Self, T>(ErrorKind::Syntax, "nothing is read"))
///     }
/// }
///
/// let record = &Record::workload(0)[0];
/// assert!(<Refusing as Codec<Record>>::to_vec(record).is_err());
/// assert_eq!(Generic::NAME, "refusing");
/// ```
#[macro_export]
macro_rules! per_dataset {
    ($codec:ident, $generic:ident $(, $native:ident)?) => {
        #[doc = concat!(
            "[`", stringify!($codec), "`] written once for every dataset; [`",
            stringify!($codec), "`]'s impls call it, one per dataset, so it is compiled here."
        )]
        #[doc(hidden)]
        #[allow(
            unreachable_pub,
            reason = "public for a native codec's message type, named through it; hidden from the docs"
        )]
        pub struct $generic;

        impl $crate::BaseCodec for $generic {
            const NAME: &'static str = <$codec as $crate::BaseCodec>::NAME;
            const ZERO_COPY: bool = <$codec as $crate::BaseCodec>::ZERO_COPY;
            const CARRIES: $crate::Carries = <$codec as $crate::BaseCodec>::CARRIES;
            const DETECTS_TRUNCATION: bool = <$codec as $crate::BaseCodec>::DETECTS_TRUNCATION;
            const DOCUMENT: $crate::DocumentPath = <$codec as $crate::BaseCodec>::DOCUMENT;
            const BORROW: $crate::Borrowing = <$codec as $crate::BaseCodec>::BORROW;
            const DECLARED: ::std::option::Option<$crate::declared::Declared> =
                <$codec as $crate::BaseCodec>::DECLARED;
            type Error = <$codec as $crate::BaseCodec>::Error;

            fn trust(bytes: &'static [u8]) {
                <$codec as $crate::BaseCodec>::trust(bytes);
            }
        }

        $crate::__per_dataset_impls!(($) $codec, $generic $(, $native)?);
    };
}

/// [`per_dataset!`]'s impls, one per dataset.
#[doc(hidden)]
#[macro_export]
macro_rules! __per_dataset_impls {
    (($d:tt) $codec:ident, $generic:ident $(, $native:ident)?) => {
        macro_rules! __serbench_per_dataset {
            ($d($d dataset:path),* $d(,)?) => {$d(
                impl $crate::Codec<$d dataset> for $codec {
                    fn encode(value: &$d dataset, out: &mut ::std::vec::Vec<u8>) -> ::std::result::Result<(), Self::Error> {
                        <$generic as $crate::Codec<$d dataset>>::encode(value, out)
                    }

                    fn decode(bytes: &[u8]) -> ::std::result::Result<$d dataset, Self::Error> {
                        <$generic as $crate::Codec<$d dataset>>::decode(bytes)
                    }

                    fn borrow(
                        bytes: &[u8],
                    ) -> ::std::option::Option<::std::result::Result<<$d dataset as $crate::Dataset>::Borrowed<'_>, Self::Error>> {
                        <$generic as $crate::Codec<$d dataset>>::borrow(bytes)
                    }

                    fn to_vec(value: &$d dataset) -> ::std::result::Result<::std::vec::Vec<u8>, Self::Error> {
                        <$generic as $crate::Codec<$d dataset>>::to_vec(value)
                    }

                    fn traverse(bytes: &[u8]) -> ::std::result::Result<<$d dataset as $crate::Dataset>::Answer, Self::Error> {
                        <$generic as $crate::Codec<$d dataset>>::traverse(bytes)
                    }
                }

                $(
                    $crate::__per_dataset_native!($native, $codec, $generic, $d dataset);
                )?
            )*};
        }

        $crate::for_each_dataset!(__serbench_per_dataset);
    };
}

/// [`per_dataset!`]'s native impl of one dataset.
#[doc(hidden)]
#[macro_export]
macro_rules! __per_dataset_native {
    (native, $codec:ident, $generic:ident, $dataset:path) => {
        impl $crate::NativeCodec<$dataset> for $codec {
            type Message = <$generic as $crate::NativeCodec<$dataset>>::Message;

            fn build(value: &$dataset) -> ::std::result::Result<Self::Message, Self::Error> {
                <$generic as $crate::NativeCodec<$dataset>>::build(value)
            }

            fn write(
                message: &Self::Message,
                out: &mut ::std::vec::Vec<u8>,
            ) -> ::std::result::Result<(), Self::Error> {
                <$generic as $crate::NativeCodec<$dataset>>::write(message, out)
            }
        }
    };
}
