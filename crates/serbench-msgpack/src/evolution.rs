//! Schema evolution of the MessagePack libraries.
//!
//! rmp-serde: the model's serde types through this crate's serde calls
//! (`SerdeCodec`, with the checks its document path runs). MessagePack
//! maps keyed by field name (the map form this crate writes): fields are
//! found by name, so serde's `default` fills a field the writer did not
//! know, `alias` reads an old name and an unknown field is skipped.
//!
//! zerompk: its derive on its users' own types, `#[msgpack(map)]` as the
//! `msgpack-zerompk` row writes (keys by field name), through its plain
//! entry points `to_msgpack_vec` and `from_msgpack`. Its derive is strict
//! unless a struct opts out: every key must be there and no other, so a
//! record with a field added or removed is refused both ways; a struct
//! may opt in with `#[msgpack(default)]` on a field and
//! `#[msgpack(allow_unknown_fields)]`, which a user adds when they change
//! the type, not before. A version tag is an enum whose variants are the
//! versions, written as a map of the variant's name to the record.

use serbench_evolution::{
    Bare, Evolution, Library, Practised, RECORD, Serde, Tagged, cells, mirror,
};
use serbench_model::{BaseCodec, Error};

impl Evolution for crate::MsgPack {
    const PRACTICES: &'static [Practised] = Serde::<Self>::SELF_DESCRIBING;
}

/// zerompk's `to_msgpack_vec` and `from_msgpack` over its derive's types.
struct Derive;

impl Evolution for crate::MsgPackZerompk {
    const PRACTICES: &'static [Practised] = &[
        Practised {
            practice: "bare",
            cells: cells::<Bare<Derive>>,
        },
        Practised {
            practice: "version tag",
            cells: cells::<Tagged<Derive>>,
        },
    ];
}

mirror! { Derive, #[derive(zerompk::ToMessagePack, zerompk::FromMessagePack)] #[msgpack(map)] }

impl<T> Library<T> for Derive
where
    T: zerompk::ToMessagePack + for<'de> zerompk::FromMessagePack<'de>,
{
    fn write(value: &T) -> Result<Vec<u8>, Error> {
        zerompk::to_msgpack_vec(value)
            .map_err(|error| Error::unwritable(crate::MsgPackZerompk::NAME, RECORD, error))
    }

    fn read(bytes: &[u8]) -> Result<T, Error> {
        zerompk::from_msgpack(bytes).map_err(|error| crate::zerompk::decode_error(RECORD, error))
    }
}
