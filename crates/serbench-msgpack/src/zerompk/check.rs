//! The length check that runs before zerompk reads: a walk of the layout
//! that holds every array's count to the input left.
//!
//! zerompk's `Vec` reserves its whole declared count before its first
//! element, once the input has at least that many bytes left (one a
//! value at least). The walk refuses a count of `n` elements when `n`
//! times the fewest bytes one element of its field takes is more than the
//! input left, so a `Vec` zerompk reserves for is one the input could
//! fill.
//!
//! The fewest bytes are not enough where an element is one byte and its
//! type eight (an `i64` id): an array of `n` nils declared as ids would
//! have zerompk reserve `8 n` bytes before it meets the first nil. So the
//! walk also refuses an array whose elements are not what the field holds,
//! where zerompk would have reserved for all of them before failing.
//!
//! The walk follows the model's structs by their keys, in the input's
//! order, checks the markers of list elements that are integers or texts,
//! and skips every other value by its markers and lengths
//! ([`crate::walk::skip`]). Where the bytes leave the layout outside any
//! array (a struct that is not a map, an unknown key, a leaf cut short or
//! ill-formed) it stops and leaves the input to zerompk, which reads in
//! the same order and fails there, before any count the walk did not see.

use serbench_model::ErrorKind;

use crate::walk::Refused;

/// The model's layout as the walk sees it.
pub enum Shape {
    /// A value holding no list, skipped whole: the fewest bytes it takes.
    Leaf(usize),
    /// An integer, in any of MessagePack's integer forms.
    Int,
    /// A str.
    Str,
    /// An array of elements of one shape.
    List(&'static Shape),
    /// A map of the fields named, each key a str.
    Struct(&'static [(&'static str, Shape)]),
}

use Shape::{Int, Leaf, List, Str, Struct};

/// The fewest bytes a value of `shape` takes: a fixmap and fixstr keys for
/// a struct (every key is required), a fixarray for a list.
const fn least(shape: &Shape) -> usize {
    match shape {
        Leaf(n) => *n,
        Int | Str | List(_) => 1,
        Struct(fields) => {
            let mut total = 1;
            let mut i = 0;
            while i < fields.len() {
                total += 1 + fields[i].0.len() + least(&fields[i].1);
                i += 1;
            }
            total
        }
    }
}

/// An integer, a bool, nil, an empty str.
const ONE: Shape = Leaf(1);
/// A fixarray of three fixints.
const CREATED: Shape = Leaf(4);
/// bin 8 holding 16 bytes.
const ID: Shape = Leaf(2 + 16);
const HEADER: Shape = Struct(&[
    ("id", ID),
    ("name", ONE),
    ("color", ONE),
    ("created", CREATED),
]);
const TASK: Shape = Struct(&[
    ("header", HEADER),
    ("description", ONE),
    ("priority", ONE),
    ("completed", ONE),
]);
const TASK_LIST: Shape = Struct(&[("header", HEADER), ("tasks", List(&TASK))]);
pub(super) const TASK_MANAGER: Shape = Struct(&[
    ("user", ONE),
    ("version", List(&Int)),
    ("lists", List(&TASK_LIST)),
]);
pub(super) const SENSOR_READING: Shape = Leaf(1);
const NODE: Shape = Struct(&[
    ("id", ONE),
    ("name", ONE),
    ("out_edges", List(&Int)),
    ("in_edges", List(&Int)),
]);
const EDGE: Shape = Struct(&[("from", ONE), ("to", ONE), ("weight", ONE)]);
pub(super) const GRAPH: Shape = Struct(&[("nodes", List(&NODE)), ("edges", List(&EDGE))]);
pub(super) const RECORD: Shape = Struct(&[("ids", List(&Int)), ("strings", List(&Str))]);
/// A size's name, "SMALL" or "LARGE", as a fixstr.
const SIZE: Shape = Leaf(6);
const IMAGE: Shape = Struct(&[
    ("uri", ONE),
    ("title", ONE),
    ("width", ONE),
    ("height", ONE),
    ("size", SIZE),
]);
pub(super) const MEDIA_CONTENT: Shape = Struct(&[
    (
        "media",
        Struct(&[
            ("uri", ONE),
            ("title", ONE),
            ("width", ONE),
            ("height", ONE),
            ("format", ONE),
            ("duration", ONE),
            ("size", ONE),
            ("bitrate", ONE),
            ("persons", List(&Str)),
            ("player", ONE),
            ("copyright", ONE),
        ]),
    ),
    ("images", List(&IMAGE)),
]);

const ADDRESS: Shape = Struct(&[("x0", ONE), ("x1", ONE), ("x2", ONE), ("x3", ONE)]);
const LOG: Shape = Struct(&[
    ("address", ADDRESS),
    ("identity", ONE),
    ("userid", ONE),
    ("date", ONE),
    ("request", ONE),
    ("code", ONE),
    ("size", ONE),
]);
pub(super) const LOGS: Shape = Struct(&[("logs", List(&LOG))]);
const VECTOR3: Shape = Struct(&[("x", ONE), ("y", ONE), ("z", ONE)]);
const TRIANGLE: Shape = Struct(&[
    ("v0", VECTOR3),
    ("v1", VECTOR3),
    ("v2", VECTOR3),
    ("normal", VECTOR3),
]);
pub(super) const MESH: Shape = Struct(&[("triangles", List(&TRIANGLE))]);
const ITEM: Shape = Struct(&[("count", ONE), ("slot", ONE), ("id", ONE)]);
/// Fields that hold no list (options, tuples, entities, abilities) are
/// leaves, skipped whole: zerompk reads their arrays by a fixed length.
const PLAYER: Shape = Struct(&[
    ("game_type", ONE),
    ("previous_game_type", ONE),
    ("score", ONE),
    ("dimension", ONE),
    ("selected_item_slot", ONE),
    ("selected_item", ITEM),
    ("spawn_dimension", ONE),
    ("spawn_x", ONE),
    ("spawn_y", ONE),
    ("spawn_z", ONE),
    ("spawn_forced", ONE),
    ("sleep_timer", ONE),
    ("food_exhaustion_level", ONE),
    ("food_saturation_level", ONE),
    ("food_tick_timer", ONE),
    ("xp_level", ONE),
    ("xp_p", ONE),
    ("xp_total", ONE),
    ("xp_seed", ONE),
    ("inventory", List(&ITEM)),
    ("ender_items", List(&ITEM)),
    ("abilities", ONE),
    ("entered_nether_position", ONE),
    ("root_vehicle", ONE),
    ("shoulder_entity_left", ONE),
    ("shoulder_entity_right", ONE),
    ("seen_credits", ONE),
    (
        "recipe_book",
        Struct(&[
            ("recipes", List(&Str)),
            ("to_be_displayed", List(&Str)),
            ("is_filtering_craftable", ONE),
            ("is_gui_open", ONE),
            ("is_furnace_filtering_craftable", ONE),
            ("is_furnace_gui_open", ONE),
            ("is_blasting_furnace_filtering_craftable", ONE),
            ("is_blasting_furnace_gui_open", ONE),
            ("is_smoker_filtering_craftable", ONE),
            ("is_smoker_gui_open", ONE),
        ]),
    ),
]);
pub(super) const PLAYERS: Shape = Struct(&[("players", List(&PLAYER))]);
/// The reloads are bools, one byte in the input at least and one in
/// memory, so a count the input holds reserves no more than the input.
const CONTACT: Shape = Struct(&[
    ("damage", ONE),
    ("entity_id", ONE),
    ("entity_type", ONE),
    ("guidance", ONE),
    ("player_id", ONE),
    ("reloads", List(&ONE)),
    ("transform", ONE),
    ("turret_angles", List(&Int)),
]);
const TERRAIN_UPDATE: Shape = Struct(&[("chunk_id", ONE), ("data", List(&Int))]);
const UPDATE: Shape = Struct(&[
    ("contacts", List(&CONTACT)),
    ("score", ONE),
    ("world_radius", ONE),
    ("terrain_updates", List(&TERRAIN_UPDATE)),
]);
pub(super) const UPDATES: Shape = Struct(&[("updates", List(&UPDATE))]);

/// A count the input cannot hold: where it is, and what it declares
/// against what is left.
#[derive(Debug)]
pub(crate) struct TooLong {
    pub(crate) kind: ErrorKind,
    pub(crate) at: usize,
    pub(crate) message: String,
}

/// Why the walk ended early.
enum Stop {
    TooLong(TooLong),
    /// Bytes that leave the layout: zerompk's to report, unless they are
    /// in an array; the walk's refusal of them, if it has one.
    Unreadable(Option<Refused>),
}

/// Walks `bytes` as a value of `shape`: `Ok(Some(end))` where the value
/// ends, `Ok(None)` where the walk left the input to zerompk.
///
/// # Errors
///
/// A count of elements the input left cannot hold, or an element that is
/// not of its array's type.
pub(crate) fn check(shape: &Shape, bytes: &[u8]) -> Result<Option<usize>, TooLong> {
    let mut at = 0;
    match walk(shape, bytes, &mut at) {
        Ok(()) => Ok(Some(at)),
        Err(Stop::Unreadable(_)) => Ok(None),
        Err(Stop::TooLong(too_long)) => Err(too_long),
    }
}

/// Reads a container's head at `*at`: `Some(count)` of items (entries for
/// a map) when its marker is one of `short` (the count in its low four
/// bits), `sixteen` or `thirty_two`.
fn head(bytes: &[u8], at: &mut usize, short: u8, sixteen: u8, thirty_two: u8) -> Option<usize> {
    let marker = *bytes.get(*at)?;
    let (count, width) = if marker & 0xf0 == short {
        (usize::from(marker & 0x0f), 0)
    } else if marker == sixteen {
        let field = bytes.get(*at + 1..*at + 3)?;
        (usize::from(u16::from_be_bytes([field[0], field[1]])), 2)
    } else if marker == thirty_two {
        let field = bytes.get(*at + 1..*at + 5)?;
        let count = u32::from_be_bytes([field[0], field[1], field[2], field[3]]);
        (usize::try_from(count).ok()?, 4)
    } else {
        return None;
    };
    *at += 1 + width;
    Some(count)
}

/// The model's structs and lists nest at most this deep; a leaf is
/// skipped with no deeper nesting than a few levels of its own.
const LEAF_DEPTH: usize = 16;

fn walk(shape: &Shape, bytes: &[u8], at: &mut usize) -> Result<(), Stop> {
    let unreadable = || Stop::Unreadable(None);
    match shape {
        Leaf(_) | Int | Str => {
            let marker = *bytes.get(*at).ok_or_else(unreadable)?;
            let fits = match shape {
                Int => matches!(marker, 0x00..=0x7f | 0xcc..=0xd3 | 0xe0..=0xff),
                Str => matches!(marker, 0xa0..=0xbf | 0xd9..=0xdb),
                _ => true,
            };
            if !fits {
                return Err(unreadable());
            }
            *at = crate::walk::skip(bytes, *at, LEAF_DEPTH)
                .map_err(|refused| Stop::Unreadable(Some(refused)))?;
        }
        List(element) => {
            let start = *at;
            let count = head(bytes, at, 0x90, 0xdc, 0xdd).ok_or_else(unreadable)?;
            let left = bytes.len() - *at;
            let least = least(element);
            if count.saturating_mul(least) > left {
                let message = format!(
                    "an array declares {count} elements of at least {least} byte{} each, and \
                     {left} bytes are left",
                    if least == 1 { "" } else { "s" }
                );
                return Err(Stop::TooLong(TooLong {
                    kind: ErrorKind::Truncated,
                    at: start,
                    message,
                }));
            }
            for index in 0..count {
                let element_at = *at;
                walk(element, bytes, at).map_err(|stop| match stop {
                    Stop::Unreadable(refused) => {
                        Stop::TooLong(not_element(refused, start, index, element_at))
                    }
                    too_long @ Stop::TooLong(_) => too_long,
                })?;
            }
        }
        Struct(fields) => {
            let entries = head(bytes, at, 0x80, 0xde, 0xdf).ok_or_else(unreadable)?;
            for _ in 0..entries {
                let key_at = *at;
                let key_end = crate::walk::skip(bytes, key_at, 0)
                    .map_err(|refused| Stop::Unreadable(Some(refused)))?;
                let key = key_text(&bytes[key_at..key_end]).ok_or_else(unreadable)?;
                *at = key_end;
                let (_, field) = fields
                    .iter()
                    .find(|(name, _)| name.as_bytes() == key)
                    .ok_or_else(unreadable)?;
                walk(field, bytes, at)?;
            }
        }
    }
    Ok(())
}

/// The refusal of element `index` of the array at byte `array`, which
/// starts at byte `at`: the walk's own where it has one (a str that is not
/// UTF-8, a value cut short), else that the element is not of the array's
/// type. zerompk would have reserved room for the whole array first.
fn not_element(refused: Option<Refused>, array: usize, index: usize, at: usize) -> TooLong {
    match refused {
        Some(Refused { kind, message, at }) => TooLong { kind, at, message },
        None => TooLong {
            kind: ErrorKind::Invalid,
            at,
            message: format!("element {index} of the array at byte {array} is not of its type"),
        },
    }
}

/// A str's bytes, without its head: `None` for any other value.
fn key_text(item: &[u8]) -> Option<&[u8]> {
    let width = match item.first()? {
        0xa0..=0xbf => 1,
        0xd9 => 2,
        0xda => 3,
        0xdb => 5,
        _ => return None,
    };
    item.get(width..)
}
