//! FlatBuffers' crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid encoding with one value changed, found with the
//! layout tests' walker. FlatBuffers' offsets and lengths are 32-bit, so
//! they declare up to 2^32 − 1 (2^63 cannot be written). The verifier,
//! and planus's readers, follow offsets only where the schema has them,
//! and no schema is recursive, so no input nests deeper than four tables
//! (the verifier's limit). Nothing says what type an offset points to, so a wrong type is
//! caught only when it breaks the bounds, alignment or UTF-8 checks. A
//! vtable has one slot per field, so none can appear twice, and there are
//! no document type declarations.

use std::marker::PhantomData;

use serbench_flatbuffers::{ErrorKind, FlatBuffers, FlatBuffersPlanus};
use serbench_model::minecraft::GameType;
use serbench_model::mk48::EntityType;
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Player, Players, Priority, Record,
    SensorReading, TaskManager, Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, small_record};

use crate::layout::Walk;

/// The crafted inputs, each made from the encoding of `C`, the codec
/// under test: the `flatbuffers` runtime's by default, planus's for
/// [`PlanusInputs`]. The two differ in layout, not in what each input
/// breaks, so each must fail with the same kind.
pub(crate) struct Inputs<C = FlatBuffers>(PhantomData<C>);

/// planus's inputs: the same faults in planus's buffers.
pub(crate) type PlanusInputs = Inputs<FlatBuffersPlanus>;

/// A FlatBuffers codec of every dataset.
pub(crate) trait Writer:
    Codec<TaskManager>
    + Codec<SensorReading>
    + Codec<Graph>
    + Codec<Record>
    + Codec<MediaContent>
    + Codec<Logs>
    + Codec<Mesh>
    + Codec<Players>
    + Codec<Updates>
    + 'static
{
}

impl Writer for FlatBuffers {}
impl Writer for FlatBuffersPlanus {}

/// `value`'s encoding with the bytes at the position `at` finds replaced
/// by `bytes`.
fn changed<C: Codec<T>, T: Dataset>(
    value: &T,
    class: Class,
    kind: ErrorKind,
    what: &str,
    at: impl Fn(&Walk<'_>) -> usize,
    bytes: &[u8],
) -> Crafted {
    let mut encoded = C::to_vec(value).unwrap();
    let at = at(&Walk(&encoded));
    encoded[at..at + bytes.len()].copy_from_slice(bytes);
    Crafted::new(class, what, kind, encoded)
}

/// `value`'s encoding with the length of the string or vector at the
/// position `at` finds declaring 2^32 − 1.
fn longest<C: Codec<T>, T: Dataset>(
    value: &T,
    what: &str,
    at: impl Fn(&Walk<'_>) -> usize,
) -> Crafted {
    let what = format!("{what} declares 2^32 - 1");
    changed::<C, T>(
        value,
        Class::Length,
        ErrorKind::Syntax,
        &what,
        at,
        &u32::MAX.to_le_bytes(),
    )
}

/// The framing every buffer has: the size prefix, the root offset and the
/// root table's vtable offset, each declaring the most it can.
fn framing<C: Codec<T>, T: Dataset>(value: &T) -> Vec<Crafted> {
    let most = u32::MAX.to_le_bytes();
    vec![
        changed::<C, _>(
            value,
            Class::Length,
            ErrorKind::Truncated,
            "the size prefix declares 2^32 - 1",
            |_| 0,
            &most,
        ),
        changed::<C, _>(
            value,
            Class::Length,
            ErrorKind::Syntax,
            "the root offset declares 2^32 - 1",
            |_| 4,
            &most,
        ),
        changed::<C, _>(
            value,
            Class::Other,
            ErrorKind::Syntax,
            "the root's vtable offset is -2^31",
            // The root table, where the offset after the size prefix leads.
            |w| w.deref(4),
            &i32::MIN.to_le_bytes(),
        ),
    ]
}

impl<C: Writer> HostileInputs for Inputs<C> {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "both readers follow offsets only where the schema has them, and no schema is \
             recursive: no input nests deeper than four tables (the verifier's limit; planus's \
             generated readers go no deeper than the schema)",
        ),
        (
            Class::WrongType,
            "nothing on the wire says what an offset points to: each reader reads it as the \
             schema's type and checks bounds, UTF-8, the terminating zero (and the verifier \
             alignment), so a \
             string's offset aimed at a vector of one offset reads as a one-character string",
        ),
        (
            Class::Duplicate,
            "a vtable has one slot per field: none can appear twice",
        ),
        (
            Class::Dtd,
            "FlatBuffers has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are positions and numbers, never names",
        ),
    ];

    // The worst of the kit's dense values: minimal images, 20 bytes each
    // (a vector slot and a table sharing its vtable), become 64-byte
    // `Image`s in a vector grown by doubling.
    const EXPANSION: usize = 10;
}

impl<C: Writer> Crafts<TaskManager> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut m = TaskManager::generate(1);
        // Priority low is the default, which a table leaves out.
        m.lists[0].tasks[0].priority = Priority::Critical;
        let m = &m;
        let user = |w: &Walk<'_>| w.child(w.root(), 0);
        let task = |w: &Walk<'_>| {
            let lists = w.child(w.root(), 2);
            w.element(w.child(w.element(lists, 0), 1), 0)
        };
        let mut inputs = framing::<C, _>(m);
        inputs.extend([
            longest::<C, _>(m, "the user", user),
            longest::<C, _>(m, "the version", |w| w.child(w.root(), 1)),
            longest::<C, _>(m, "the lists", |w| w.child(w.root(), 2)),
            longest::<C, _>(m, "a description", |w| w.child(task(w), 1)),
            changed::<C, _>(
                m,
                Class::Utf8,
                Syntax,
                "a byte 0xff in the user",
                |w| user(w) + 4,
                &[0xff],
            ),
            changed::<C, _>(
                m,
                Class::UnknownEnum,
                Invalid,
                "priority 9",
                |w| w.field(task(w), 2).unwrap(),
                &[9],
            ),
            changed::<C, _>(
                m,
                Class::Other,
                Invalid,
                "the user's vtable slot is empty",
                |w| w.vtable(w.root()) + 4,
                &[0, 0],
            ),
        ]);
        inputs
    }
}

impl<C: Writer> Crafts<SensorReading> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let r = &SensorReading::workload(1).remove(0);
        let id = |w: &Walk<'_>| w.child(w.root(), 0);
        let mut inputs = framing::<C, _>(r);
        inputs.extend([
            longest::<C, _>(r, "the sensor id", id),
            changed::<C, _>(
                r,
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in the sensor id",
                |w| id(w) + 4,
                &[0xff],
            ),
        ]);
        inputs
    }
}

impl<C: Writer> Crafts<Graph> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let g = &Graph::generate(1);
        let name = |w: &Walk<'_>| w.child(w.element(w.child(w.root(), 0), 0), 1);
        let mut inputs = framing::<C, _>(g);
        inputs.extend([
            longest::<C, _>(g, "the nodes", |w| w.child(w.root(), 0)),
            longest::<C, _>(g, "the edges", |w| w.child(w.root(), 1)),
            longest::<C, _>(g, "a node name", name),
            changed::<C, _>(
                g,
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in a node name",
                |w| name(w) + 4,
                &[0xff],
            ),
        ]);
        inputs
    }
}

impl<C: Writer> Crafts<Record> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let r = &small_record();
        let string = |w: &Walk<'_>| w.element(w.child(w.root(), 1), 0);
        let mut inputs = framing::<C, _>(r);
        inputs.extend([
            longest::<C, _>(r, "the ids", |w| w.child(w.root(), 0)),
            longest::<C, _>(r, "the strings", |w| w.child(w.root(), 1)),
            longest::<C, _>(r, "a string", string),
            changed::<C, _>(
                r,
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in a string",
                |w| string(w) + 4,
                &[0xff],
            ),
        ]);
        // Every string of the vector points at the first, long one: little
        // input, a lot of apparent data.
        let mut strings = vec![String::new(); 2_000];
        strings[0] = "x".repeat(1_000);
        let shared = Record {
            ids: Vec::new(),
            strings,
        };
        let mut bytes = C::to_vec(&shared).unwrap();
        let walk = Walk(&bytes);
        let vector = walk.child(walk.root(), 1);
        let first = walk.element(vector, 0);
        for index in 1..2_000 {
            let slot = vector + 4 + 4 * index;
            bytes[slot..slot + 4].copy_from_slice(&((first - slot) as u32).to_le_bytes());
        }
        inputs.push(Crafted::new(
            Class::Other,
            "2 000 strings share one of 1 000 bytes",
            ErrorKind::Limit,
            bytes,
        ));
        inputs
    }
}

impl<C: Writer> Crafts<MediaContent> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut m = MediaContent::canonical();
        // Player java is the default, which a table leaves out.
        m.media.player = Player::Flash;
        let m = &m;
        let media = |w: &Walk<'_>| w.child(w.root(), 0);
        let uri = |w: &Walk<'_>| w.child(media(w), 0);
        let mut inputs = framing::<C, _>(m);
        inputs.extend([
            longest::<C, _>(m, "the uri", uri),
            longest::<C, _>(m, "the persons", |w| w.child(media(w), 8)),
            longest::<C, _>(m, "the images", |w| w.child(w.root(), 1)),
            changed::<C, _>(
                m,
                Class::Utf8,
                Syntax,
                "a byte 0xff in the uri",
                |w| uri(w) + 4,
                &[0xff],
            ),
            changed::<C, _>(
                m,
                Class::UnknownEnum,
                Invalid,
                "player 9",
                |w| w.field(media(w), 9).unwrap(),
                &[9],
            ),
            changed::<C, _>(
                m,
                Class::UnknownEnum,
                Invalid,
                "image size 9",
                |w| {
                    let image = w.element(w.child(w.root(), 1), 0);
                    w.field(image, 4).unwrap()
                },
                &[9],
            ),
        ]);
        inputs
    }
}

impl<C: Writer> Crafts<Logs> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        let l = &Logs::generate(1);
        let log = |w: &Walk<'_>| w.element(w.child(w.root(), 0), 0);
        let userid = |w: &Walk<'_>| w.child(log(w), 2);
        let mut inputs = framing::<C, _>(l);
        inputs.extend([
            longest::<C, _>(l, "the logs", |w| w.child(w.root(), 0)),
            longest::<C, _>(l, "a date", |w| w.child(log(w), 3)),
            changed::<C, _>(
                l,
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in a userid",
                |w| userid(w) + 4,
                &[0xff],
            ),
            changed::<C, _>(
                l,
                Class::Other,
                ErrorKind::Invalid,
                "a log's request vtable slot is empty",
                |w| w.vtable(log(w)) + 4 + 2 * 4,
                &[0, 0],
            ),
        ]);
        inputs
    }
}

impl<C: Writer> Crafts<Mesh> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        // Floats in structs only: every bit pattern is a value, so only the
        // framing and the vector can be wrong.
        let m = &Mesh::generate(2);
        let mut inputs = framing::<C, _>(m);
        inputs.extend([
            longest::<C, _>(m, "the triangles", |w| w.child(w.root(), 0)),
            changed::<C, _>(
                m,
                Class::Length,
                ErrorKind::Syntax,
                "the triangles declare one more than there are",
                |w| w.child(w.root(), 0),
                &3u32.to_le_bytes(),
            ),
        ]);
        inputs
    }
}

impl<C: Writer> Crafts<Players> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut p = Players::generate(1);
        // Survival is the default, which a table leaves out.
        p.players[0].game_type = GameType::Spectator;
        p.players[0].previous_game_type = GameType::Creative;
        let p = &p;
        let player = |w: &Walk<'_>| w.element(w.child(w.root(), 0), 0);
        let dimension = |w: &Walk<'_>| w.child(player(w), 3);
        let mut inputs = framing::<C, _>(p);
        inputs.extend([
            longest::<C, _>(p, "the players", |w| w.child(w.root(), 0)),
            longest::<C, _>(p, "the inventory", |w| w.child(player(w), 19)),
            longest::<C, _>(p, "the dimension", dimension),
            changed::<C, _>(
                p,
                Class::Utf8,
                Syntax,
                "a byte 0xff in the dimension",
                |w| dimension(w) + 4,
                &[0xff],
            ),
            changed::<C, _>(
                p,
                Class::UnknownEnum,
                Invalid,
                "game type 9",
                |w| w.field(player(w), 0).unwrap(),
                &[9],
            ),
            changed::<C, _>(
                p,
                Class::UnknownEnum,
                Invalid,
                "previous game type -1",
                |w| w.field(player(w), 1).unwrap(),
                &[0xff],
            ),
            changed::<C, _>(
                p,
                Class::Other,
                Invalid,
                "the recipe book's vtable slot is empty",
                |w| w.vtable(player(w)) + 4 + 2 * 27,
                &[0, 0],
            ),
        ]);
        inputs
    }
}

impl<C: Writer> Crafts<Updates> for Inputs<C> {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut u = Updates::generate(1);
        u.updates[0].contacts[0].entity_type = Some(EntityType::Zubr);
        let u = &u;
        let update = |w: &Walk<'_>| w.element(w.child(w.root(), 0), 0);
        let contact = |w: &Walk<'_>| w.element(w.child(update(w), 0), 0);
        let mut inputs = framing::<C, _>(u);
        inputs.extend([
            longest::<C, _>(u, "the updates", |w| w.child(w.root(), 0)),
            longest::<C, _>(u, "the contacts", |w| w.child(update(w), 0)),
            longest::<C, _>(u, "a contact's reloads", |w| w.child(contact(w), 5)),
            longest::<C, _>(u, "the terrain updates", |w| w.child(update(w), 3)),
            changed::<C, _>(
                u,
                Class::UnknownEnum,
                Invalid,
                "entity type 10",
                |w| w.field(contact(w), 2).unwrap(),
                &[10],
            ),
            changed::<C, _>(
                u,
                Class::Other,
                Syntax,
                "a contact's turret angles point past the end",
                |w| w.field(contact(w), 7).unwrap(),
                &i32::MAX.to_le_bytes(),
            ),
        ]);
        inputs
    }
}
