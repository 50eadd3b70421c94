//! The one list of datasets.
//!
//! The codec registry (`serbench-codecs`) expands it into the bounds every
//! codec meets and its dispatch per dataset, so a dataset added here is
//! carried, listed and benchmarked everywhere.

/// Calls `$callback! { $crate::Type, ... }` with every dataset type, in
/// report order.
///
/// ```
/// use serbench_model::Dataset;
///
/// macro_rules! names {
///     ($($dataset:path),* $(,)?) => { [$(<$dataset as Dataset>::NAME),*] };
/// }
/// assert_eq!(
///     serbench_model::for_each_dataset!(names),
///     ["task-manager", "telemetry", "graph", "records", "media"]
/// );
/// ```
#[macro_export]
macro_rules! for_each_dataset {
    ($callback:ident) => {
        $callback! {
            $crate::TaskManager,
            $crate::SensorReading,
            $crate::Graph,
            $crate::Record,
            $crate::MediaContent,
        }
    };
}
