//! rkyv through its derive (`Archive`, `Serialize`, `Deserialize`) and
//! its high-level entry points: `rkyv::to_bytes`, and `rkyv::from_bytes`,
//! which validates the archive with bytecheck before deserializing it, as
//! a program reading bytes it did not write itself must.
//!
//! An archive is the reader's type laid out in memory: the root object
//! sits at the end of the buffer, found by the size of the *reader's*
//! archived type, and reaches its strings through offsets relative to
//! itself. A reader whose type differs from the writer's looks for the
//! root in the wrong place, unless the two happen to have the same size;
//! bytecheck then judges whatever it finds there (offsets in bounds,
//! valid UTF-8, an enum's tag in range), not whether it is what was
//! written.
//!
//! The version tag is an enum whose variants are the versions, as for the
//! other positional formats; rkyv archives it as a one-byte tag before
//! the largest variant's room, so it too is found by its size.
//!
//! rkyv's own answer is its `backwards_compat` example: the root is a
//! [`Versioned`] box, whose archive is a relative pointer of fixed size,
//! so every version finds it in the same place, and an old reader views
//! the record it points to as the old type: a prefix of the new one, where
//! fields were only added at the end.

use rkyv::api::high::{HighSerializer, HighValidator};
use rkyv::bytecheck::CheckBytes;
use rkyv::de::Pool;
use rkyv::rancor::{self, Strategy};
use rkyv::ser::allocator::ArenaHandle;
use rkyv::util::AlignedVec;
use rkyv::{Archive, Deserialize, Serialize};

use serbench_evolution::model::{Pair, Version};
use serbench_evolution::{
    Bare, Evolution, Library, Mirror, Outcome, Practice, Practised, RECORD, Tagged, cells, mirror,
};
use serbench_model::{BaseCodec, Error, ErrorKind};

use crate::access::refused;

/// rkyv's `to_bytes` and `from_bytes` over its derive's types.
struct Rkyv;

impl Evolution for crate::Rkyv {
    const PRACTICES: &'static [Practised] = &[
        Practised {
            practice: "bare",
            cells: cells::<Bare<Rkyv>>,
        },
        Practised {
            practice: "version tag",
            cells: cells::<Tagged<Rkyv>>,
        },
        Practised {
            practice: "boxed root",
            cells: cells::<Boxed>,
        },
    ];
}

mirror! { Rkyv, #[derive(rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)] }

/// The root boxed, as rkyv's `backwards_compat` example does.
struct Boxed;

/// rkyv's example's wrapper: the record archived out of line, behind a
/// pointer that is the root.
#[derive(Archive, Serialize, Deserialize)]
#[repr(transparent)]
struct Versioned<T>(#[rkyv(with = rkyv::with::AsBox)] T);

impl<T> Library<T> for Rkyv
where
    T: Archive<
            Archived: for<'a> CheckBytes<HighValidator<'a, rancor::BoxedError>>
                          + Deserialize<T, Strategy<Pool, rancor::BoxedError>>,
        > + for<'a> Serialize<HighSerializer<AlignedVec, ArenaHandle<'a>, rancor::BoxedError>>,
{
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        rkyv::to_bytes::<rancor::BoxedError>(value)
            .map(AlignedVec::into_vec)
            .map_err(|error| {
                let message = format!("rkyv cannot archive the value: {error}");
                Error::named(ErrorKind::Unsupported, crate::Rkyv::NAME, RECORD, message)
                    .with_source(error)
            })
    }

    /// Validated as the dataset codec validates, its refusal told as that
    /// codec tells it: with offsets in place of addresses.
    fn read(bytes: &[u8]) -> Result<T, Error> {
        // rkyv reads an archive in place, so only from bytes aligned for
        // it; a program given bytes from elsewhere copies them into an
        // `AlignedVec` first.
        let mut aligned = AlignedVec::<16>::with_capacity(bytes.len());
        aligned.extend_from_slice(bytes);
        rkyv::from_bytes::<T, rancor::BoxedError>(&aligned)
            .map_err(|error| refused::<crate::Rkyv>(RECORD, &aligned, error))
    }
}

impl<Old: Version, New: Version> Practice<Old, New> for Boxed
where
    Rkyv: Mirror<Old> + Mirror<New>,
    Rkyv: Library<Versioned<<Rkyv as Mirror<Old>>::Own>>,
    Rkyv: Library<Versioned<<Rkyv as Mirror<New>>::Own>>,
{
    fn new_reads_old(pair: &Pair<Old, New>) -> Outcome {
        let read = Rkyv::write(&Versioned(Rkyv::own(&pair.old)))
            .and_then(|bytes| Rkyv::read(&bytes))
            .map(|Versioned(new)| Rkyv::model(new));
        pair.judge_new(read)
    }

    fn old_reads_new(pair: &Pair<Old, New>) -> Outcome {
        let read = Rkyv::write(&Versioned(Rkyv::own(&pair.new)))
            .and_then(|bytes| Rkyv::read(&bytes))
            .map(|Versioned(old)| Rkyv::model(old));
        pair.judge_old(read)
    }
}
