//! The bridge between the codec list and the model's datasets: the bounds
//! every listed codec meets, and typed dispatch per dataset.

use serbench_model::{BaseCodec, Codec, Dataset, Error, NativeCodec};

use crate::{Info, NativeJob, PairJob};

/// Work done once per dataset, with its type known.
pub trait DatasetVisitor {
    /// Called once per dataset, in report order.
    fn dataset<D: Carried>(&mut self);
}

macro_rules! bridge {
    ($($dataset:path),* $(,)?) => {
        /// A codec of every dataset, returning the model's error: what a
        /// codec must be to join the list.
        pub trait Registered: BaseCodec<Error = Error> + $(Codec<$dataset> +)* 'static {}

        impl<C: BaseCodec<Error = Error> + $(Codec<$dataset> +)* 'static> Registered for C {}

        /// A listed codec with a message type of its own for every dataset.
        pub trait RegisteredNative: Registered $(+ NativeCodec<$dataset>)* {}

        impl<C: Registered $(+ NativeCodec<$dataset>)*> RegisteredNative for C {}

        /// A dataset every listed codec carries. It turns a codec that is
        /// known to carry each dataset by name into one that carries `Self`,
        /// which generic code cannot conclude on its own.
        pub trait Carried: Dataset {
            /// Runs `job` for codec `C` on this dataset.
            #[doc(hidden)]
            fn run_pair<C: Registered, J: PairJob<Self>>(job: J, info: &'static Info) -> J::Output;

            /// Runs `job` for native codec `C` on this dataset.
            #[doc(hidden)]
            fn run_native<C: RegisteredNative, J: NativeJob<Self>>(
                job: J,
                info: &'static Info,
            ) -> J::Output;
        }

        $(
            impl Carried for $dataset {
                fn run_pair<C: Registered, J: PairJob<Self>>(
                    job: J,
                    info: &'static Info,
                ) -> J::Output {
                    job.run::<C>(info)
                }

                fn run_native<C: RegisteredNative, J: NativeJob<Self>>(
                    job: J,
                    info: &'static Info,
                ) -> J::Output {
                    job.run::<C>(info)
                }
            }
        )*

        /// Calls `visitor` with every dataset, in report order.
        pub fn visit_datasets(visitor: &mut impl DatasetVisitor) {
            $(visitor.dataset::<$dataset>();)*
        }
    };
}

serbench_model::for_each_dataset!(bridge);
