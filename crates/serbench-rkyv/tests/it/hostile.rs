//! rkyv's crafted hostile inputs, which the conformance kit runs on a
//! small stack within its memory bound: each must fail with the kind given.
//!
//! Each input is a valid archive with a few bytes changed, found through
//! the layout the crate docs give: the root is the last bytes and starts
//! with the archive's length; a task's fields follow its 16 id bytes.
//! rkyv's lengths are 32-bit (a string's 30-bit), so they declare up to
//! 2^32 − 1 (2^30 − 1); the root's own length is 64-bit and declares 2^63.
//! The archive types are not recursive, so nothing nests deeper than they
//! do; fields are found by position, so none can appear twice; and there
//! are no document type declarations. rkyv has no type tags: the nearest
//! to a value of another type is a byte outside its type's values (a
//! `bool` of 2, an option tag of 2).

use serbench_model::mk48::EntityType;
use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};
use serbench_rkyv::{ErrorKind, Rkyv};
use serbench_testkit::{Class, Crafted, Crafts, HostileInputs, replace_once};

pub(crate) struct Inputs;

impl HostileInputs for Inputs {
    const NOT_APPLICABLE: &'static [(Class, &'static str)] = &[
        (
            Class::Nesting,
            "the archive types are not recursive: nesting is fixed by them",
        ),
        (
            Class::Duplicate,
            "fields sit at fixed offsets in their struct: none can appear twice",
        ),
        (Class::Dtd, "rkyv has no document type declarations"),
        (
            Class::HugeText,
            "no error quotes the input: ids, colors, times and versions are binary, and \
             fields and enum values are positions and numbers, never names",
        ),
    ];
    // Measured 3 (an empty string or list: 8 archived bytes, 24 in the
    // model); SECURITY.md.
    const EXPANSION: usize = 4;
}

/// The valid archive of `value`.
fn archive<D: Dataset>(value: &D) -> Vec<u8>
where
    Rkyv: Codec<D>,
{
    Rkyv::to_vec(value).unwrap()
}

/// Where the root starts: the last 8-aligned place holding the archive's
/// length (an archive ends with its root, whose size is a multiple of 8).
fn root(bytes: &[u8]) -> usize {
    let len = (bytes.len() as u64).to_le_bytes();
    (0..=bytes.len() - 8)
        .rev()
        .step_by(8)
        .find(|&at| bytes[at..at + 8] == len)
        .unwrap()
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

/// A relative pointer or length of a `Vec` field at `at` changed.
fn vec_field(bytes: &[u8], at: usize, name: &str) -> Vec<Crafted> {
    vec![
        Crafted::new(
            Class::Length,
            format!("{name} declares 2^32 - 1 elements"),
            ErrorKind::Invalid,
            with(bytes, at + 4, &u32::MAX.to_le_bytes()),
        ),
        Crafted::new(
            Class::Other,
            format!("{name} points 2 GiB past the end"),
            ErrorKind::Invalid,
            with(bytes, at, &i32::MAX.to_le_bytes()),
        ),
        Crafted::new(
            Class::Other,
            format!("{name} points 2 GiB before the start"),
            ErrorKind::Invalid,
            with(bytes, at, &i32::MIN.to_le_bytes()),
        ),
        Crafted::new(
            Class::Other,
            format!("{name} points at its own field, misaligned"),
            ErrorKind::Invalid,
            with(bytes, at, &1i32.to_le_bytes()),
        ),
    ]
}

/// Where the elements of the `Vec` field at `at` start: its relative
/// pointer counts from the field itself.
fn elements(bytes: &[u8], at: usize) -> usize {
    let offset = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    at.checked_add_signed(offset as isize).unwrap()
}

/// The root declaring the lengths of [`serbench_testkit::LENGTHS`] and a
/// byte too few.
fn root_lengths(bytes: &[u8]) -> Vec<Crafted> {
    let at = root(bytes);
    let mut crafted: Vec<Crafted> = serbench_testkit::LENGTHS
        .iter()
        .map(|&len| {
            Crafted::new(
                Class::Length,
                format!("the root declares an archive of {len} bytes"),
                ErrorKind::Truncated,
                with(bytes, at, &len.to_le_bytes()),
            )
        })
        .collect();
    crafted.push(Crafted::new(
        Class::Other,
        "the root declares one byte fewer than there are",
        ErrorKind::TrailingBytes,
        with(bytes, at, &(bytes.len() as u64 - 1).to_le_bytes()),
    ));
    crafted
}

impl Crafts<TaskManager> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let manager = TaskManager::generate(20);
        let bytes = archive(&manager);
        let at = root(&bytes);
        // A task's layout: id (16), name (8), color (4), padding (4),
        // created {seconds (8), nanos (4), offset (4)}, description (8),
        // priority (1), completed (1).
        let task = &manager.lists[0].tasks[0];
        let id = find(&bytes, task.header.id.as_bytes());
        let (nanos, priority, completed) = (id + 40, id + 56, id + 57);
        assert_eq!(bytes[priority], task.priority as u8);
        assert_eq!(bytes[completed], u8::from(task.completed));
        // "Demo User" is 9 bytes, stored out of line: its field holds a
        // length whose first byte is marked 0b10 in its top bits.
        let mut crafted = vec![
            Crafted::new(
                Class::Utf8,
                "user holds 0xff",
                ErrorKind::Invalid,
                replace_once(&bytes, b"Demo User", b"Demo\xffUser"),
            ),
            Crafted::new(
                Class::Length,
                "user declares 2^30 - 1 bytes",
                ErrorKind::Invalid,
                with(&bytes, at + 8, &[0xbf, 0xff, 0xff, 0xff]),
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
        crafted.extend(vec_field(&bytes, at + 16, "version"));
        crafted.extend(vec_field(&bytes, at + 24, "lists"));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<SensorReading> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = archive(&SensorReading::generate(1)[0]);
        let at = root(&bytes);
        // The 8-character id is stored inline, right after the length.
        let mut crafted = vec![Crafted::new(
            Class::Utf8,
            "sensor_id starts with a lone 0xc3",
            ErrorKind::Invalid,
            with(&bytes, at + 8, &[0xc3]),
        )];
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Graph> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = archive(&Graph::generate(6));
        let at = root(&bytes);
        let mut crafted = vec_field(&bytes, at + 8, "nodes");
        crafted.extend(vec_field(&bytes, at + 16, "edges"));
        // The edges' relative pointer moved back onto the nodes' elements:
        // two objects on the same bytes.
        let nodes = i32::from_le_bytes(bytes[at + 8..at + 12].try_into().unwrap());
        crafted.push(Crafted::new(
            Class::Other,
            "edges overlap the nodes",
            ErrorKind::Invalid,
            with(&bytes, at + 16, &(nodes - 8).to_le_bytes()),
        ));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Record> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = archive(&Record::canonical());
        let at = root(&bytes);
        // The 100 strings are copies: the first one's bytes come first.
        let first = bytes.windows(4).position(|w| w == b"shgf").unwrap();
        let mut crafted = vec![Crafted::new(
            Class::Utf8,
            "the first string holds 0xff",
            ErrorKind::Invalid,
            with(&bytes, first, &[0xff]),
        )];
        crafted.extend(vec_field(&bytes, at + 8, "ids"));
        crafted.extend(vec_field(&bytes, at + 16, "strings"));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<MediaContent> for Inputs {
    fn crafted() -> Vec<Crafted> {
        let bytes = archive(&MediaContent::canonical());
        // An image's layout: uri (8), title (a tag byte, padding, 8), width
        // (4), height (4), size (1).
        let large = [1024i32.to_le_bytes(), 768i32.to_le_bytes()].concat();
        let width = find(&bytes, &large);
        let (title, size) = (width - 12, width + 8);
        assert_eq!((bytes[title], bytes[size]), (1, 1));
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
        // Longer than 8 bytes, so stored out of line, and found once.
        "mallory-x".clone_into(&mut logs.logs[1].userid);
        let bytes = archive(&logs);
        let at = root(&bytes);
        let mut crafted = vec![Crafted::new(
            Class::Utf8,
            "a userid holds 0xff",
            ErrorKind::Invalid,
            replace_once(&bytes, b"mallory-x", b"\xffallory-x"),
        )];
        // A log's layout: address (4), identity, userid, date, request (8
        // each), code (2), padding (2), size (8). The first one's date
        // (always past 8 bytes) declaring 2^30 - 1 bytes.
        let date = elements(&bytes, at + 8) + 20;
        assert_eq!(bytes[date] & 0xc0, 0x80, "an out-of-line string");
        crafted.push(Crafted::new(
            Class::Length,
            "a date declares 2^30 - 1 bytes",
            ErrorKind::Invalid,
            with(&bytes, date, &[0xbf, 0xff, 0xff, 0xff]),
        ));
        crafted.extend(vec_field(&bytes, at + 8, "logs"));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}

impl Crafts<Mesh> for Inputs {
    fn crafted() -> Vec<Crafted> {
        // Every bit pattern is an f32: only the array and the root can be
        // wrong.
        let bytes = archive(&Mesh::generate(3));
        let at = root(&bytes);
        let mut crafted = vec_field(&bytes, at + 8, "triangles");
        crafted.push(Crafted::new(
            Class::Length,
            "triangles declares one more than there are",
            ErrorKind::Invalid,
            with(&bytes, at + 12, &4u32.to_le_bytes()),
        ));
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
        let bytes = archive(&players);
        let at = root(&bytes);
        // A player's layout: game_type (1), previous_game_type (1),
        // padding (6), score (8), dimension (8), selected_item_slot (4),
        // selected_item (12), spawn_dimension (a tag byte, padding, 8),
        // padding (4), spawn_x, spawn_y, spawn_z (8 each), spawn_forced (a
        // tag byte, the bool).
        let player = elements(&bytes, at + 8);
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
        crafted.extend(vec_field(&bytes, at + 8, "players"));
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
        let bytes = archive(&updates);
        let at = root(&bytes);
        // An update's layout: contacts (8), score (4), world_radius (4),
        // terrain_updates (8). A contact's: damage (1), padding (3),
        // entity_id (4), entity_type (a tag byte, the enum byte), guidance
        // {angle (2), submerge (1), padding (1), velocity (2)}, player_id
        // (a tag byte, padding, 2), reloads (8), transform (16),
        // turret_angles (8).
        let update = elements(&bytes, at + 8);
        let contact = elements(&bytes, update);
        let (entity_type, submerge) = (contact + 8, contact + 12);
        assert_eq!(
            (bytes[entity_type], bytes[entity_type + 1], bytes[submerge]),
            (1, 9, 1)
        );
        let mut crafted = vec![
            Crafted::new(
                Class::UnknownEnum,
                "a contact's entity type is 10",
                ErrorKind::Invalid,
                with(&bytes, entity_type + 1, &[10]),
            ),
            Crafted::new(
                Class::WrongType,
                "a contact's entity type option tag is 2",
                ErrorKind::Invalid,
                with(&bytes, entity_type, &[2]),
            ),
            Crafted::new(
                Class::WrongType,
                "a contact's submerge bool is 2",
                ErrorKind::Invalid,
                with(&bytes, submerge, &[2]),
            ),
        ];
        crafted.extend(vec_field(&bytes, at + 8, "updates"));
        crafted.extend(vec_field(&bytes, update, "an update's contacts"));
        crafted.extend(vec_field(
            &bytes,
            update + 16,
            "an update's terrain updates",
        ));
        crafted.extend(root_lengths(&bytes));
        crafted
    }
}
