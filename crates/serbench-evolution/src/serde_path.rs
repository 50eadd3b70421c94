//! The libraries serde drives, written once over their crates' serde calls
//! ([`SerdeCodec`]): the self-describing ones (JSON, CBOR, MessagePack's
//! map form, XML), where serde's `default` fills a field the writer did
//! not know, `alias` reads an old name and unknown fields are skipped; and
//! the positional ones (bincode, postcard), which write the fields in
//! order without names, tested bare and behind the version tag their
//! users are told to put in front.
//!
//! The calls are the codec crate's own, with the checks its document path
//! runs (a whole value, no bytes after it), over the model's types, which
//! carry serde's derive.

use std::marker::PhantomData;

use serbench_document::SerdeCodec;
use serbench_model::Error;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::library::{Bare, Library, Mirror, OldVersion, Tag, Tagged, Tags, Versions};
use crate::model::Version;
use crate::practice::cells;
use crate::{Practised, RECORD};

/// The serde library of codec type `C`, as a [`Library`] of every type
/// serde's derive covers.
pub struct Serde<C>(PhantomData<C>);

impl<C: SerdeCodec + 'static> Serde<C> {
    /// The practice of a self-describing format: fields found by name,
    /// serde's `default` and `alias`.
    pub const SELF_DESCRIBING: &'static [Practised] = &[Practised {
        practice: "serde default, alias",
        cells: cells::<Bare<Self>>,
    }];

    /// The practices of a positional format: bare, and a version tag.
    pub const POSITIONAL: &'static [Practised] = &[
        Practised {
            practice: "bare",
            cells: cells::<Bare<Self>>,
        },
        Practised {
            practice: "version tag",
            cells: cells::<Tagged<Self>>,
        },
    ];
}

impl<C: SerdeCodec, T: Serialize + DeserializeOwned> Library<T> for Serde<C> {
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        C::write(value, &mut out).map_err(|error| error.about(RECORD))?;
        Ok(out)
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        C::read(bytes).map_err(|error| error.about(RECORD))
    }
}

/// serde's users derive its traits on their own types, the model's here:
/// each version is its own mirror.
impl<C, V: Version> Mirror<V> for Serde<C> {
    type Own = V;

    fn own(value: &V) -> V {
        value.clone()
    }

    fn model(own: V) -> V {
        own
    }
}

impl<C> Tags for Serde<C> {
    type Old<O> = OldVersion<O>;
    type New<O, N> = Versions<O, N>;

    fn old<O>(value: O) -> OldVersion<O> {
        OldVersion::V1(value)
    }

    fn from_old<O>(tagged: OldVersion<O>) -> O {
        let OldVersion::V1(value) = tagged;
        value
    }

    fn new<O, N>(value: N) -> Versions<O, N> {
        Versions::V2(value)
    }

    fn from_new<O, N>(tagged: Versions<O, N>) -> Tag<O, N> {
        match tagged {
            Versions::V1(old) => Tag::V1(old),
            Versions::V2(new) => Tag::V2(new),
        }
    }
}
