//! The registry's typed dispatch, turned into what the commands need: a
//! codec picked by id at run time, on a dataset picked the same way.

use serbench_codecs::{Carried, DatasetVisitor, Info, PairJob};
use serbench_model::{Codec, Error};

/// Encodes `value` as codec `codec` into `out`.
pub(crate) fn encode<D: Carried>(codec: &str, value: &D, out: &mut Vec<u8>) -> anyhow::Result<()> {
    struct Encode<'a, D> {
        value: &'a D,
        out: &'a mut Vec<u8>,
    }

    impl<D: Carried> PairJob<D> for Encode<'_, D> {
        type Output = Result<(), Error>;

        fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> Self::Output {
            C::encode(self.value, self.out)
        }
    }

    Ok(serbench_codecs::run::<D, _>(codec, Encode { value, out })
        .ok_or_else(|| unknown(codec))??)
}

/// Decodes `bytes` as codec `codec`.
pub(crate) fn decode<D: Carried>(codec: &str, bytes: &[u8]) -> anyhow::Result<D> {
    struct Decode<'a>(&'a [u8]);

    impl<D: Carried> PairJob<D> for Decode<'_> {
        type Output = Result<D, Error>;

        fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> Self::Output {
            C::decode(self.0)
        }
    }

    serbench_codecs::run::<D, _>(codec, Decode(bytes))
        .ok_or_else(|| unknown(codec))?
        .map_err(|error| one_line(&error))
}

/// Answers `D`'s traverse question from `bytes` in codec `codec`.
pub(crate) fn traverse<D: Carried>(codec: &str, bytes: &[u8]) -> anyhow::Result<D::Answer> {
    struct Traverse<'a>(&'a [u8]);

    impl<D: Carried> PairJob<D> for Traverse<'_> {
        type Output = Result<D::Answer, Error>;

        fn run<C: Codec<D, Error = Error> + 'static>(self, _: &'static Info) -> Self::Output {
            C::traverse(self.0)
        }
    }

    serbench_codecs::run::<D, _>(codec, Traverse(bytes))
        .ok_or_else(|| unknown(codec))?
        .map_err(|error| one_line(&error))
}

/// A codec's error as its one printed line. Its message already holds the
/// library's words, so the chain of sources (which `{:#}` would print
/// after it) would say them twice.
fn one_line(error: &Error) -> anyhow::Error {
    anyhow::anyhow!("{error}")
}

/// Ids come from the registry, so this only guards against a bug here.
fn unknown(codec: &str) -> anyhow::Error {
    anyhow::anyhow!("{codec} is not a codec of this build")
}

/// Work done on the dataset the user picked, with its type known.
pub(crate) trait DatasetJob {
    fn run<D: Carried>(&mut self) -> anyhow::Result<()>;
}

/// Runs `job` for each dataset in `chosen`, in report order.
pub(crate) fn for_datasets(chosen: &[&str], job: &mut impl DatasetJob) -> anyhow::Result<()> {
    struct Each<'a, J> {
        chosen: &'a [&'a str],
        job: &'a mut J,
        result: anyhow::Result<()>,
    }

    impl<J: DatasetJob> DatasetVisitor for Each<'_, J> {
        fn dataset<D: Carried>(&mut self) {
            if self.result.is_ok() && self.chosen.contains(&D::NAME) {
                self.result = self.job.run::<D>();
            }
        }
    }

    let mut each = Each {
        chosen,
        job,
        result: Ok(()),
    };
    serbench_codecs::visit_datasets(&mut each);
    each.result
}
