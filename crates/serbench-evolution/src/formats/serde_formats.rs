//! The formats serde drives: the self-describing ones (JSON, CBOR,
//! MessagePack's map form), where serde's `default` fills a field the
//! writer did not know, `alias` reads an old name and unknown fields are
//! skipped; and the positional ones (bincode, postcard), which write the
//! fields in order without names, tested bare and behind the version tag
//! their users are told to put in front (an enum whose variants are the
//! versions: the new program keeps the old version's type and migrates,
//! the old program refuses a variant it does not know).

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::model::{Change, Pair, PairVisitor, Version, visit_pairs};
use crate::{Direction, Outcome};

/// One serde library's entry points, called as its users call them.
pub(crate) trait Library {
    /// `value`'s bytes.
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String>;
    /// A `T` from the front of `bytes`.
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;
}

/// serde_json.
pub(crate) struct Json;

impl Library for Json {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        serde_json::to_vec(value).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
}

/// ciborium.
pub(crate) struct Cbor;

impl Library for Cbor {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        ciborium::into_writer(value, &mut out).map_err(|e| e.to_string())?;
        Ok(out)
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        ciborium::from_reader(bytes).map_err(|e| e.to_string())
    }
}

/// rmp-serde, with field names (`to_vec_named`): the self-describing
/// form, whose maps serde reads by name.
pub(crate) struct MessagePack;

impl Library for MessagePack {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        rmp_serde::to_vec_named(value).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(bytes).map_err(|e| e.to_string())
    }
}

/// bincode 2's serde path with its standard configuration, and the size
/// limit every decode of untrusted bytes should carry.
pub(crate) struct Bincode;

impl Library for Bincode {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        bincode::serde::encode_to_vec(value, bincode::config::standard()).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let config = bincode::config::standard().with_limit::<{ 1 << 20 }>();
        bincode::serde::decode_from_slice(bytes, config)
            .map(|(value, _)| value)
            .map_err(|e| e.to_string())
    }
}

/// postcard.
pub(crate) struct Postcard;

impl Library for Postcard {
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        postcard::to_allocvec(value).map_err(|e| e.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        postcard::from_bytes(bytes).map_err(|e| e.to_string())
    }
}

/// The cells of library `L` writing each version's type as it is.
pub(crate) fn named<L: Library>() -> Vec<(Change, Direction, Outcome)> {
    let mut cells = Cells::<L, false>(Vec::new(), PhantomData);
    visit_pairs(&mut cells);
    cells.0
}

/// The cells of library `L` with a version tag in front.
pub(crate) fn tagged<L: Library>() -> Vec<(Change, Direction, Outcome)> {
    let mut cells = Cells::<L, true>(Vec::new(), PhantomData);
    visit_pairs(&mut cells);
    cells.0
}

/// The old program's envelope: the only version it knows.
#[derive(Serialize, Deserialize)]
enum OldTagged<Old> {
    /// Version 1.
    V1(Old),
}

/// The new program's envelope: it keeps the old version to migrate it.
#[derive(Serialize, Deserialize)]
enum NewTagged<Old, New> {
    /// Version 1, migrated when read.
    V1(Old),
    /// Version 2.
    V2(New),
}

/// The visitor collecting library `L`'s cells, with the version tag or
/// without.
struct Cells<L, const TAGGED: bool>(Vec<(Change, Direction, Outcome)>, PhantomData<L>);

impl<L: Library, const TAGGED: bool> PairVisitor for Cells<L, TAGGED> {
    fn visit<Old: Version, New: Version>(&mut self, pair: &Pair<Old, New>) {
        let (new_reads_old, old_reads_new) = if TAGGED {
            let new_reads_old = L::write(&OldTagged::V1(pair.old.clone()))
                .and_then(|bytes| L::read::<NewTagged<Old, New>>(&bytes))
                .map(|read| match read {
                    NewTagged::V1(old) => (pair.migrate)(&old),
                    NewTagged::V2(new) => new,
                });
            let old_reads_new = L::write(&NewTagged::<Old, New>::V2(pair.new.clone()))
                .and_then(|bytes| L::read::<OldTagged<Old>>(&bytes))
                .map(|OldTagged::V1(old)| old);
            (new_reads_old, old_reads_new)
        } else {
            (
                L::write(&pair.old).and_then(|bytes| L::read::<New>(&bytes)),
                L::write(&pair.new).and_then(|bytes| L::read::<Old>(&bytes)),
            )
        };
        self.0.push((
            pair.change,
            Direction::NewReadsOld,
            Outcome::judge(new_reads_old, Some(&pair.intended_new())),
        ));
        self.0.push((
            pair.change,
            Direction::OldReadsNew,
            Outcome::judge(old_reads_new, pair.intended_old().as_ref()),
        ));
    }
}
