//! musli-zerocopy's crafted hostile inputs, which the conformance kit runs
//! on a small stack within its memory bound: each must fail with the kind
//! given.
//!
//! Each input is a valid buffer with a few bytes changed, found through
//! the layout the crate docs give: the root is at offset 0 and starts with
//! the buffer's length; a reference is a 32-bit offset then a 32-bit
//! length; a task's fields follow its 16 id bytes. Lengths are 32-bit, so
//! they declare up to 2^32 − 1; the root's own length is 64-bit and
//! declares 2^63. The layout types are not recursive, so nothing nests
//! deeper than they do; fields are found by position, so none can appear
//! twice; and there are no document type declarations. There are no type
//! tags: the nearest to a value of another type is a byte outside its
//! type's values (a `bool` of 2, an option tag of 2).

use serbench_model::mk48::EntityType;
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_musli_zerocopy::{ErrorKind, MusliZerocopy};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, replace_once};

pub(crate) struct Inputs;

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the layout types are not recursive: nesting is fixed by them",
        ),
        (
            Class::Duplicate,
            "fields sit at fixed offsets in their struct: none can appear twice",
        ),
        (
            Class::Dtd,
            "musli-zerocopy has no document type declarations",
        ),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are positions and numbers, never names",
        ),
    ];
    // Measured 3 (an empty string or list: 8 stored bytes, 24 in the
    // model); SECURITY.md.
    const EXPANSION: usize = 4;
}

/// The valid buffer of `value`.
fn buffer<D: Dataset>(value: &D) -> Vec<u8>
where
    MusliZerocopy: Codec<D>,
{
    MusliZerocopy::to_vec(value).unwrap()
}

/// `bytes` with `new` written at `at`.
fn with(bytes: &[u8], at: usize, new: &[u8]) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    bytes[at..at + new.len()].copy_from_slice(new);
    bytes
}

/// Where `needle` occurs in `bytes`, once.
fn find(bytes: &[u8], needle: &[u8]) -> usize {
    let found: Vec<usize> = bytes
        .windows(needle.len())
        .enumerate()
        .filter(|(_, window)| *window == needle)
        .map(|(at, _)| at)
        .collect();
    assert_eq!(found.len(), 1, "{needle:?} occurs once");
    found[0]
}

/// The offset or length of a reference field at `at` changed; `aligned`
/// when what it points to needs more than byte alignment.
fn ref_field(bytes: &[u8], at: usize, name: &str, aligned: bool) -> Vec<Crafted> {
    let offset = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let mut crafted = vec![
        Crafted::new(
            Class::Length,
            format!("{name} declares 2^32 - 1 elements"),
            ErrorKind::Invalid,
            with(bytes, at + 4, &u32::MAX.to_le_bytes()),
        ),
        Crafted::new(
            Class::Other,
            format!("{name} points 4 GiB past the start"),
            ErrorKind::Invalid,
            with(bytes, at, &u32::MAX.to_le_bytes()),
        ),
        Crafted::new(
            Class::Other,
            format!("{name} points one byte past the end"),
            ErrorKind::Invalid,
            with(bytes, at, &(bytes.len() as u32 + 1).to_le_bytes()),
        ),
    ];
    if aligned {
        crafted.push(Crafted::new(
            Class::Other,
            format!("{name} points one byte past its elements, misaligned"),
            ErrorKind::Invalid,
            with(bytes, at, &(offset + 1).to_le_bytes()),
        ));
    }
    crafted
}

/// Where the elements of the reference at `at` start: its offset counts
/// from the buffer's start.
fn target(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

/// The root declaring the lengths of [`serbench_testkit::LENGTHS`] and a
/// byte too few.
fn root_lengths(bytes: &[u8]) -> Vec<Crafted> {
    let mut crafted: Vec<Crafted> = serbench_testkit::LENGTHS
        .iter()
        .map(|&len| {
            Crafted::new(
                Class::Length,
                format!("the root declares a buffer of {len} bytes"),
                ErrorKind::Truncated,
                with(bytes, 0, &len.to_le_bytes()),
            )
        })
        .collect();
    crafted.push(Crafted::new(
        Class::Other,
        "the root declares one byte fewer than there are",
        ErrorKind::TrailingBytes,
        with(bytes, 0, &(bytes.len() as u64 - 1).to_le_bytes()),
    ));
    crafted
}

/// The list reference at `at` (of `size`-byte elements) made to cover the
/// whole buffer from offset 0: every byte is in bounds and aligned, but its
/// bytes are claimed twice.
fn covers_everything(bytes: &[u8], at: usize, size: usize, name: &str) -> Crafted {
    let len = (bytes.len() / size) as u32;
    Crafted::new(
        Class::Other,
        format!("{name} covers the whole buffer, overlapping every other object"),
        ErrorKind::Invalid,
        with(bytes, at, &[0u32.to_le_bytes(), len.to_le_bytes()].concat()),
    )
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let manager = TaskManager::generate(20);
        let bytes = buffer(&manager);
        // A task's layout: id (16), name (8), color (4), padding (4),
        // created {seconds (8), nanos (4), offset (4)}, description (8),
        // priority (1), completed (1).
        let task = &manager.lists[0].tasks[0];
        let id = find(&bytes, task.header.id.as_bytes());
        let (nanos, priority, completed) = (id + 40, id + 56, id + 57);
        assert_eq!(bytes[priority], task.priority as u8);
        assert_eq!(bytes[completed], u8::from(task.completed));
        let mut crafted = vec![
            Crafted::new(
                Class::Utf8,
                "user holds 0xff",
                ErrorKind::Invalid,
                replace_once(&bytes, b"Demo User", b"Demo\xffUser"),
            ),
            Crafted::new(
                Class::UnknownEnum,
                "a task's priority is 4",
                ErrorKind::Invalid,
                with(&bytes, priority, &[4]),
            ),
            Crafted::new(
                Class::UnknownEnum,
                "a task's priority is 255",
                ErrorKind::Invalid,
                with(&bytes, priority, &[255]),
            ),
            Crafted::new(
                Class::WrongType,
                "a task's completed bool is 2",
                ErrorKind::Invalid,
                with(&bytes, completed, &[2]),
            ),
            Crafted::new(
                Class::Other,
                "a task's created has 10^9 nanoseconds",
                ErrorKind::Invalid,
                with(&bytes, nanos, &1_000_000_000u32.to_le_bytes()),
            ),
        ];
        crafted.extend(ref_field(&bytes, 8, "user", false));
        crafted.extend(ref_field(&bytes, 16, "version", true));
        crafted.extend(ref_field(&bytes, 24, "lists", true));
        crafted.push(covers_everything(&bytes, 16, 4, "version"));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = buffer(&SensorReading::generate(1)[0]);
        // The 8-character id follows the 80-byte root.
        let mut crafted = vec![Crafted::new(
            Class::Utf8,
            "sensor_id starts with a lone 0xc3",
            ErrorKind::Invalid,
            with(&bytes, 80, &[0xc3]),
        )];
        crafted.extend(ref_field(&bytes, 8, "sensor_id", false));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = buffer(&Graph::generate(6));
        let mut crafted = ref_field(&bytes, 8, "nodes", true);
        crafted.extend(ref_field(&bytes, 16, "edges", true));
        crafted.push(covers_everything(&bytes, 16, 12, "edges"));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = buffer(&Record::canonical());
        // The 100 strings are copies: the first one's bytes come first.
        let first = bytes.windows(4).position(|w| w == b"shgf").unwrap();
        let mut crafted = vec![Crafted::new(
            Class::Utf8,
            "the first string holds 0xff",
            ErrorKind::Invalid,
            with(&bytes, first, &[0xff]),
        )];
        crafted.extend(ref_field(&bytes, 8, "ids", true));
        crafted.extend(ref_field(&bytes, 16, "strings", true));
        crafted.push(covers_everything(&bytes, 8, 8, "ids"));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = buffer(&MediaContent::canonical());
        // An image's layout: uri (8), title (a tag byte, padding, 8), width
        // (4), height (4), size (1).
        let large = [1024i32.to_le_bytes(), 768i32.to_le_bytes()].concat();
        let width = find(&bytes, &large);
        let (title, size) = (width - 12, width + 8);
        assert_eq!((bytes[title], bytes[size]), (1, 1));
        // musli-zerocopy zeroes padding (here the tag's), so buffers are
        // deterministic.
        assert_eq!(bytes[title + 1..title + 4], [0, 0, 0]);
        let mut crafted = vec![
            Crafted::new(
                Class::UnknownEnum,
                "the large image's size is 2",
                ErrorKind::Invalid,
                with(&bytes, size, &[2]),
            ),
            Crafted::new(
                Class::WrongType,
                "the large image's title option tag is 2",
                ErrorKind::Invalid,
                with(&bytes, title, &[2]),
            ),
            Crafted::new(
                Class::Utf8,
                "a person's name holds 0xff",
                ErrorKind::Invalid,
                replace_once(&bytes, b"Bill", b"\xffill"),
            ),
        ];
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Logs> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut logs = Logs::generate(3);
        "mallory-x".clone_into(&mut logs.logs[1].userid);
        let bytes = buffer(&logs);
        // A log's layout: address (4), identity, userid, date, request (8
        // each), code (2), padding (2), size (8).
        let date = target(&bytes, 8) + 20;
        let mut crafted = vec![Crafted::new(
            Class::Utf8,
            "a userid holds 0xff",
            ErrorKind::Invalid,
            replace_once(&bytes, b"mallory-x", b"\xffallory-x"),
        )];
        crafted.extend(ref_field(&bytes, 8, "logs", true));
        crafted.extend(ref_field(&bytes, date, "a date", false));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        // Every bit pattern is an f32: only the list and the root can be
        // wrong.
        let bytes = buffer(&Mesh::generate(3));
        let mut crafted = ref_field(&bytes, 8, "triangles", true);
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Players> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut players = Players::generate(1);
        let player = &mut players.players[0];
        "the-void-1".clone_into(&mut player.dimension);
        player.spawn_dimension = Some("overworld".to_owned());
        player.spawn_forced = Some(true);
        let bytes = buffer(&players);
        // A player's layout: game_type (1), previous_game_type (1),
        // padding (6), score (8), dimension (8), selected_item_slot (4),
        // selected_item (12), spawn_dimension (a tag byte, padding, 8),
        // padding (4), spawn_x, spawn_y, spawn_z (8 each), spawn_forced (a
        // tag byte, the bool).
        let player = target(&bytes, 8);
        let (spawn_dimension, spawn_forced) = (player + 40, player + 80);
        assert_eq!(
            (
                bytes[spawn_dimension],
                bytes[spawn_forced],
                bytes[spawn_forced + 1]
            ),
            (1, 1, 1)
        );
        let mut crafted = vec![
            Crafted::new(
                Class::Utf8,
                "the dimension holds 0xff",
                ErrorKind::Invalid,
                replace_once(&bytes, b"the-void-1", b"the-void-\xff"),
            ),
            Crafted::new(
                Class::UnknownEnum,
                "the game type is 4",
                ErrorKind::Invalid,
                with(&bytes, player, &[4]),
            ),
            Crafted::new(
                Class::UnknownEnum,
                "the previous game type is 255",
                ErrorKind::Invalid,
                with(&bytes, player + 1, &[255]),
            ),
            Crafted::new(
                Class::WrongType,
                "spawn_dimension's option tag is 2",
                ErrorKind::Invalid,
                with(&bytes, spawn_dimension, &[2]),
            ),
            Crafted::new(
                Class::WrongType,
                "spawn_forced's bool is 2",
                ErrorKind::Invalid,
                with(&bytes, spawn_forced + 1, &[2]),
            ),
        ];
        crafted.extend(ref_field(&bytes, 8, "players", true));
        crafted.extend(ref_field(&bytes, player + 16, "the dimension", false));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Updates> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let mut updates = Updates::generate(1);
        let contact = &mut updates.updates[0].contacts[0];
        contact.entity_type = Some(EntityType::Zubr);
        contact.guidance.submerge = true;
        contact.reloads = vec![true, false, true];
        let bytes = buffer(&updates);
        // An update's layout: contacts (8), score (4), world_radius (4),
        // terrain_updates (8). A contact's: damage (1), padding (3),
        // entity_id (4), entity_type (1: 0 none, 1 + the type's number),
        // padding (1), guidance {angle (2), submerge (1), padding (1),
        // velocity (2)}, player_id (a tag byte, padding, 2), reloads (8),
        // transform (16), turret_angles (8).
        let update = target(&bytes, 8);
        let contact = target(&bytes, update);
        let (entity_type, submerge) = (contact + 8, contact + 12);
        assert_eq!((bytes[entity_type], bytes[submerge]), (10, 1));
        let mut crafted = vec![
            Crafted::new(
                Class::UnknownEnum,
                "a contact's entity type is 11",
                ErrorKind::Invalid,
                with(&bytes, entity_type, &[11]),
            ),
            Crafted::new(
                Class::WrongType,
                "a contact's submerge bool is 2",
                ErrorKind::Invalid,
                with(&bytes, submerge, &[2]),
            ),
            Crafted::new(
                Class::WrongType,
                "a contact's player id option tag is 2",
                ErrorKind::Invalid,
                with(&bytes, contact + 16, &[2]),
            ),
        ];
        crafted.extend(ref_field(&bytes, 8, "updates", true));
        crafted.extend(ref_field(&bytes, update, "an update's contacts", true));
        crafted.extend(ref_field(
            &bytes,
            contact + 20,
            "a contact's reloads",
            false,
        ));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}
