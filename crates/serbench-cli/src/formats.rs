//! The model's codec and dataset lists, turned into what a command line
//! needs: formats and datasets picked by id at run time.

use serbench_model::{Codec, Dataset, Error, Format};

/// A format as `serbench list` shows it.
pub(crate) struct FormatInfo {
    pub(crate) name: &'static str,
    pub(crate) zero_copy: bool,
}

/// A dataset as `serbench list` shows it.
pub(crate) struct DatasetInfo {
    pub(crate) name: &'static str,
    pub(crate) about: &'static str,
    pub(crate) size_unit: &'static str,
    pub(crate) default_size: usize,
}

macro_rules! formats {
    ($($codec:path),* $(,)?) => {
        /// Every format, in report order.
        pub(crate) const FORMATS: &[FormatInfo] = &[$(FormatInfo {
            name: <$codec as Format>::NAME,
            zero_copy: <$codec as Format>::ZERO_COPY,
        }),*];

        /// The codec types behind [`FORMATS`], as written in the list.
        #[cfg(test)]
        pub(crate) const CODEC_PATHS: &[&str] = &[$(stringify!($codec)),*];

        /// A dataset that every listed format carries, with the format
        /// picked by id.
        pub(crate) trait Carried: Dataset {
            fn encode_as(format: &'static str, value: &Self, out: &mut Vec<u8>) -> anyhow::Result<()>;
            fn decode_as(format: &'static str, bytes: &[u8]) -> anyhow::Result<Self>;
            fn traverse_as(format: &'static str, bytes: &[u8]) -> anyhow::Result<Self::Answer>;
        }

        impl<D: Dataset> Carried for D
        where
            $($codec: Codec<D, Error = Error>,)*
        {
            fn encode_as(format: &'static str, value: &D, out: &mut Vec<u8>) -> anyhow::Result<()> {
                $(if format == <$codec as Format>::NAME {
                    return <$codec as Codec<D>>::encode(value, out).map_err(|error| printable(&error));
                })*
                Err(unknown::<D>(format))
            }

            fn decode_as(format: &'static str, bytes: &[u8]) -> anyhow::Result<D> {
                $(if format == <$codec as Format>::NAME {
                    return <$codec as Codec<D>>::decode(bytes).map_err(|error| printable(&error));
                })*
                Err(unknown::<D>(format))
            }

            fn traverse_as(format: &'static str, bytes: &[u8]) -> anyhow::Result<D::Answer> {
                $(if format == <$codec as Format>::NAME {
                    return <$codec as Codec<D>>::traverse(bytes).map_err(|error| printable(&error));
                })*
                Err(unknown::<D>(format))
            }
        }
    };
}

serbench_model::for_each_codec!(formats);

/// A codec's error as the one line the CLI prints. Its message already
/// says what the format library said, so the library's error, its
/// `source()`, is left out rather than printed a second time.
fn printable(error: &Error) -> anyhow::Error {
    anyhow::Error::msg(error.to_string())
}

/// Ids come from [`FORMATS`], so this only guards against a bug here.
fn unknown<D: Dataset>(format: &'static str) -> anyhow::Error {
    anyhow::anyhow!("no format {format} carries {}", D::NAME)
}

/// Work done once per dataset, on the concrete model type.
pub(crate) trait DatasetJob {
    fn run<D: Carried>(&mut self) -> anyhow::Result<()>;
}

macro_rules! datasets {
    ($($dataset:path),* $(,)?) => {
        /// Every dataset, in report order.
        pub(crate) const DATASETS: &[DatasetInfo] = &[$(DatasetInfo {
            name: <$dataset as Dataset>::NAME,
            about: <$dataset as Dataset>::ABOUT,
            size_unit: <$dataset as Dataset>::SIZE_UNIT,
            default_size: <$dataset as Dataset>::DEFAULT_SIZE,
        }),*];

        /// Runs `job` for every dataset in report order; the job picks the
        /// ones it wants by [`Dataset::NAME`].
        pub(crate) fn for_each_dataset(job: &mut impl DatasetJob) -> anyhow::Result<()> {
            $(job.run::<$dataset>()?;)*
            Ok(())
        }
    };
}

serbench_model::for_each_dataset!(datasets);

/// The id in `list` equal to `name`, as a `'static` string.
pub(crate) fn find(
    list: impl IntoIterator<Item = &'static str>,
    name: &str,
) -> Option<&'static str> {
    list.into_iter().find(|candidate| *candidate == name)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::CODEC_PATHS;

    /// A codec crate that is not in `for_each_codec!` would be missing from
    /// every report and command without anyone noticing.
    #[test]
    fn every_codec_crate_is_in_the_codec_list() {
        let listed: BTreeSet<String> = CODEC_PATHS
            .iter()
            .map(|path| {
                path.split("::")
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .replace('_', "-")
            })
            .collect();
        let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut found = BTreeSet::new();
        for entry in std::fs::read_dir(&crates).expect("the crates folder is readable") {
            let name = entry
                .expect("a readable entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            if name.starts_with("serbench-")
                && !["serbench-model", "serbench-cli"].contains(&name.as_str())
            {
                found.insert(name);
            }
        }
        let missing: Vec<_> = found.difference(&listed).collect();
        assert!(
            missing.is_empty(),
            "codec crates missing from serbench_model::for_each_codec!: {missing:?}"
        );
        assert!(
            listed.is_subset(&found),
            "listed crates that do not exist: {listed:?}"
        );
    }
}
