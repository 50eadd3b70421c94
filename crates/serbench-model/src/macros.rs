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
