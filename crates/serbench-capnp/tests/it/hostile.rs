//! Cap'n Proto's crafted hostile inputs, which the conformance kit runs on
//! a small stack within its memory bound: each must fail with the kind
//! given.
//!
//! Each input is a valid encoding with one word changed. Cap'n Proto's
//! lengths are 32-bit in the segment table (segment count and sizes) and
//! 29-bit in list pointers (element or word counts), so they declare up to
//! 2^32 − 1 and 2^29 − 1; 2^63 cannot be written. The reader follows
//! pointers only where the schema has them, and no schema is recursive, so
//! no input nests deeper than the schema's six levels (the reader would
//! stop at 16). Fields sit at fixed places in a struct's sections, so none
//! can appear twice, and there are no document type declarations.

use serbench_capnp::{Capnp, ErrorKind};
use serbench_model::minecraft::GameType;
use serbench_model::mk48::EntityType;
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, patched};

pub(crate) struct Inputs;

/// The largest count a list pointer holds.
const MOST: u32 = (1 << 29) - 1;

/// The byte offset of the one list pointer in `bytes` (a one-segment
/// message) with element size code `size` and count `count`.
fn list_pointer(bytes: &[u8], size: u32, count: u32) -> usize {
    let upper = (count << 3 | size).to_le_bytes();
    let found: Vec<usize> = (8..bytes.len())
        .step_by(8)
        .filter(|&at| bytes[at] & 3 == 1 && bytes[at + 4..at + 8] == upper)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "list pointers of size {size} and count {count}"
    );
    found[0]
}

/// `value`'s encoding with the list pointer of element size `size` and
/// count `count` declaring [`MOST`] instead.
fn longest<T: Dataset>(value: &T, what: &str, kind: ErrorKind, size: u32, count: u32) -> Crafted
where
    Capnp: Codec<T>,
{
    let mut bytes = Capnp::to_vec(value).unwrap();
    let at = list_pointer(&bytes, size, count);
    bytes[at + 4..at + 8].copy_from_slice(&(MOST << 3 | size).to_le_bytes());
    Crafted::new(
        Class::Length,
        format!("{what} declares 2^29 - 1"),
        kind,
        bytes,
    )
}

/// `value`'s encoding with its segment table claiming more than there is.
fn framing<T: Dataset>(value: &T) -> Vec<Crafted>
where
    Capnp: Codec<T>,
{
    let bytes = Capnp::to_vec(value).unwrap();
    let with = |at: usize, word: u32| {
        let mut bytes = bytes.clone();
        bytes[at..at + 4].copy_from_slice(&word.to_le_bytes());
        bytes
    };
    // Two segments: the message, then one declaring 2^32 - 1 words.
    let words = u32::from_le_bytes(bytes[4..8].try_into().unwrap());
    let two = [
        &1u32.to_le_bytes()[..],
        &words.to_le_bytes(),
        &u32::MAX.to_le_bytes(),
        &[0; 4],
        &bytes[8..],
    ]
    .concat();
    vec![
        Crafted::new(
            Class::Length,
            "the segment declares 2^32 - 1 words",
            ErrorKind::Truncated,
            with(4, u32::MAX),
        ),
        Crafted::new(
            Class::Length,
            "the segment table declares 2^32 segments",
            ErrorKind::Syntax,
            with(0, u32::MAX),
        ),
        Crafted::new(
            Class::Length,
            "a second segment declares 2^32 - 1 words",
            ErrorKind::Truncated,
            two,
        ),
        Crafted::new(
            Class::WrongType,
            "the root pointer is a list pointer",
            ErrorKind::Syntax,
            {
                let mut bytes = bytes.clone();
                bytes[8] |= 1;
                bytes
            },
        ),
        Crafted::new(
            Class::Other,
            "the root pointer points past the segment",
            ErrorKind::Syntax,
            {
                let mut bytes = bytes.clone();
                bytes[8..12].copy_from_slice(&(MOST << 2).to_le_bytes());
                bytes
            },
        ),
        Crafted::new(
            Class::Other,
            "the root is a far pointer to segment 2^32 - 1",
            ErrorKind::Syntax,
            {
                let mut bytes = bytes.clone();
                bytes[8..16].copy_from_slice(&(u64::from(u32::MAX) << 32 | 2).to_le_bytes());
                bytes
            },
        ),
    ]
}

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the reader follows pointers only where the schema has them, and no schema is \
             recursive: no input nests deeper than six levels (the reader stops at 16)",
        ),
        (
            Class::Duplicate,
            "fields sit at fixed places in a struct's data and pointer sections: none can \
             appear twice",
        ),
        (
            Class::Dtd,
            "Cap'n Proto has no document type declarations or entities",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are positions and numbers, never names",
        ),
    ];

    // Every element takes at least a word on the wire, and the reader
    // visits at most as many words as the message holds.
    const EXPANSION: usize = 2;
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut m = TaskManager::generate(1);
        m.lists[0].tasks[0].priority = serbench_model::Priority::Critical;
        let m = &m;
        let mut inputs = framing(m);
        inputs.extend([
            longest(m, "the user", Syntax, 2, 10),
            longest(m, "the version", Syntax, 4, 3),
            longest(m, "a description", Syntax, 2, 24),
            patched::<Capnp, _>(
                m,
                Class::Utf8,
                Syntax,
                "a byte 0xff in the user",
                b"Demo",
                b"\xffemo",
            ),
            // The task's data word: priority 3, then the completed bit.
            patched::<Capnp, _>(
                m,
                Class::UnknownEnum,
                Invalid,
                "priority 9",
                [3, 0, 1, 0, 0, 0, 0, 0],
                [9, 0, 1, 0, 0, 0, 0, 0],
            ),
        ]);
        inputs
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let r = &SensorReading::workload(1).remove(0);
        let mut inputs = framing(r);
        inputs.extend([
            longest(r, "the sensor id", ErrorKind::Syntax, 2, 9),
            patched::<Capnp, _>(
                r,
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in the sensor id",
                r.sensor_id.as_bytes(),
                [&[0xff][..], &r.sensor_id.as_bytes()[1..]].concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let g = &Graph::generate(1);
        let name = g.nodes[0].name.as_bytes();
        let mut inputs = framing(g);
        inputs.extend([
            // Struct lists count words: a node takes 4, an edge 2.
            longest(g, "the nodes", ErrorKind::Syntax, 7, 4),
            longest(g, "the edges", ErrorKind::Syntax, 7, 2),
            longest(
                g,
                "a node name",
                ErrorKind::Syntax,
                2,
                name.len() as u32 + 1,
            ),
            patched::<Capnp, _>(
                g,
                Class::Utf8,
                ErrorKind::Syntax,
                "a byte 0xff in a node name",
                name,
                [&[0xff][..], &name[1..]].concat(),
            ),
        ]);
        inputs
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Limit, Syntax};

        let r = &Record {
            ids: vec![7],
            strings: vec!["s".repeat(100)],
        };
        let mut inputs = framing(r);
        inputs.extend([
            longest(r, "the ids", Syntax, 5, 1),
            longest(r, "the strings", Syntax, 6, 1),
            longest(r, "a string", Syntax, 2, 101),
            patched::<Capnp, _>(
                r,
                Class::Utf8,
                Syntax,
                "a byte 0xff in a string",
                "s".repeat(100),
                [&[0xff][..], "s".repeat(99).as_bytes()].concat(),
            ),
        ]);
        // The strings' list pointer (element size 6, pointers) re-aimed at
        // itself: a list that holds its own pointer, read as a text.
        let valid = Capnp::to_vec(r).unwrap();
        let at = list_pointer(&valid, 6, 1);
        let mut cycle = valid;
        cycle[at..at + 4].copy_from_slice(&((-1i32).cast_unsigned() << 2 | 1).to_le_bytes());
        inputs.push(Crafted::new(
            Class::Other,
            "the strings' list holds its own pointer",
            Syntax,
            cycle,
        ));
        // 100 strings all pointing at the first, of 800 bytes: 2 KiB that
        // would read as 80 KB.
        let mut strings = vec![String::new(); 100];
        strings[0] = "s".repeat(800);
        let valid = Capnp::to_vec(&Record {
            ids: Vec::new(),
            strings,
        })
        .unwrap();
        let word = |at: usize| u32::from_le_bytes(valid[at..at + 4].try_into().unwrap());
        let list = list_pointer(&valid, 6, 100);
        let first = list + 8 + 8 * (word(list) >> 2) as usize;
        let mut aliased = valid.clone();
        for index in 1..100 {
            // An offset counts words from the end of its own pointer.
            let offset = (word(first) >> 2) - index;
            let at = first + 8 * index as usize;
            aliased[at..at + 4].copy_from_slice(&(offset << 2 | 1).to_le_bytes());
            aliased[at + 4..at + 8].copy_from_slice(&valid[first + 4..first + 8]);
        }
        inputs.push(Crafted::new(
            Class::Other,
            "100 strings point at one text",
            Limit,
            aliased,
        ));
        inputs
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let m = &MediaContent::canonical();
        let uri = m.media.uri.as_bytes();
        // Bitrate's tag (1, bitsPerSecond), the player (0, java), the bitrate.
        let word = [1, 0, 0, 0, 0, 0, 4, 0];
        let mut inputs = framing(m);
        inputs.extend([
            longest(m, "the uri", Syntax, 2, uri.len() as u32 + 1),
            longest(m, "the persons", Syntax, 6, 2),
            patched::<Capnp, _>(
                m,
                Class::Utf8,
                Syntax,
                "a byte 0xff in the uri",
                uri,
                [&[0xff][..], &uri[1..]].concat(),
            ),
            patched::<Capnp, _>(
                m,
                Class::UnknownEnum,
                Invalid,
                "player 2",
                word,
                [1, 0, 2, 0, 0, 0, 4, 0],
            ),
            patched::<Capnp, _>(
                m,
                Class::Other,
                Invalid,
                "bitrate's union tag 5",
                word,
                [5, 0, 0, 0, 0, 0, 4, 0],
            ),
        ]);
        inputs
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::Syntax;

        let mut l = Logs::generate(1);
        "mallory".clone_into(&mut l.logs[0].userid);
        let l = &l;
        let mut inputs = framing(l);
        inputs.extend([
            // A log takes 7 words: 2 of data, 5 pointers.
            longest(l, "the logs", Syntax, 7, 7),
            longest(l, "a userid", Syntax, 2, 8),
            patched::<Capnp, _>(
                l,
                Class::Utf8,
                Syntax,
                "a byte 0xff in a userid",
                b"mallory",
                b"\xffallory",
            ),
        ]);
        inputs
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        // Floats only: every bit pattern is a value, so only the framing
        // and the pointers can be wrong.
        let m = &Mesh::generate(1);
        let mut inputs = framing(m);
        // A triangle takes 4 words, its 4 pointers.
        inputs.push(longest(m, "the triangles", ErrorKind::Syntax, 7, 4));
        inputs
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut p = Players::generate(1);
        let player = &mut p.players[0];
        player.game_type = GameType::Spectator;
        player.previous_game_type = GameType::Creative;
        player.selected_item_slot = 0xa55a_5aa5;
        player.score = 0x0102_0304_0506_0708;
        "the-very-far-void-xy".clone_into(&mut player.dimension);
        player.spawn_dimension = Some("overworld".to_owned());
        player.spawn_forced = Some(true);
        player.seen_credits = false;
        player.sleep_timer = 0xbeef;
        let p = &p;
        // A player's first data words: game type, previous game type,
        // selected item slot; score; the spawn dimension's and spawn
        // forced's union tags, spawn forced and seen credits' bits, the
        // sleep timer.
        let types = [3, 0, 1, 0, 0xa5, 0x5a, 0x5a, 0xa5];
        let tags = [1, 0, 1, 0, 1, 0, 0xef, 0xbe];
        let mut inputs = framing(p);
        inputs.extend([
            // A player takes 26 words: 16 of data, 10 pointers.
            longest(p, "the players", Syntax, 7, 26),
            longest(p, "the dimension", Syntax, 2, 21),
            patched::<Capnp, _>(
                p,
                Class::Utf8,
                Syntax,
                "a byte 0xff in the dimension",
                b"the-very-far-void-xy",
                b"the-very-far-void-x\xff",
            ),
            patched::<Capnp, _>(
                p,
                Class::UnknownEnum,
                Invalid,
                "game type 9",
                types,
                [9, 0, 1, 0, 0xa5, 0x5a, 0x5a, 0xa5],
            ),
            patched::<Capnp, _>(
                p,
                Class::UnknownEnum,
                Invalid,
                "previous game type 4",
                types,
                [3, 0, 4, 0, 0xa5, 0x5a, 0x5a, 0xa5],
            ),
            patched::<Capnp, _>(
                p,
                Class::Other,
                Invalid,
                "spawn dimension's union tag 2",
                tags,
                [2, 0, 1, 0, 1, 0, 0xef, 0xbe],
            ),
            patched::<Capnp, _>(
                p,
                Class::Other,
                Invalid,
                "spawn forced's union tag 2",
                tags,
                [1, 0, 2, 0, 1, 0, 0xef, 0xbe],
            ),
        ]);
        inputs
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        use ErrorKind::{Invalid, Syntax};

        let mut u = Updates::generate(1);
        let contact = &mut u.updates[0].contacts[0];
        contact.damage = 0xc3;
        contact.entity_id = 0x7e57_1d00;
        contact.entity_type = Some(EntityType::Zubr);
        contact.player_id = Some(0xbeef);
        let u = &u;
        // A contact's two data words: damage, the entity type's union tag,
        // the entity id; the entity type, the player id's union tag, the
        // player id.
        let words = [
            0xc3, 0, 1, 0, 0x00, 0x1d, 0x57, 0x7e, 9, 0, 1, 0, 0xef, 0xbe, 0, 0,
        ];
        let with = |at: usize, byte: u8| {
            let mut words = words;
            words[at] = byte;
            words
        };
        let mut inputs = framing(u);
        inputs.extend([
            // An update takes 3 words: 1 of data, 2 pointers.
            longest(u, "the updates", Syntax, 7, 3),
            patched::<Capnp, _>(
                u,
                Class::UnknownEnum,
                Invalid,
                "entity type 10",
                words,
                with(8, 10),
            ),
            patched::<Capnp, _>(
                u,
                Class::Other,
                Invalid,
                "entity type's union tag 2",
                words,
                with(2, 2),
            ),
            patched::<Capnp, _>(
                u,
                Class::Other,
                Invalid,
                "player id's union tag 7",
                words,
                with(10, 7),
            ),
        ]);
        inputs
    }
}
