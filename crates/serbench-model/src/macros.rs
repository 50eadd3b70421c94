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
///     ["task-manager", "telemetry", "graph", "records", "media"]
/// );
///
/// macro_rules! modules {
///     ($($module:ident: $dataset:path),* $(,)?) => { [$(stringify!($module)),*] };
/// }
/// assert_eq!(
///     serbench_model::for_each_dataset!(modules, modules),
///     ["task_manager", "telemetry", "graph", "records", "media"]
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
        }
    };
    (@shape $callback:ident, types, $($module:ident: $dataset:ident,)*) => {
        $callback! { $($crate::$dataset,)* }
    };
    (@shape $callback:ident, modules, $($module:ident: $dataset:ident,)*) => {
        $callback! { $($module: $crate::$dataset,)* }
    };
}
