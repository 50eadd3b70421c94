//! What the Cap'n Proto and FlatBuffers docs promise of the changes they
//! allow, and what they warn of for the two they do not (a type changed,
//! FlatBuffers fields reordered without `id`).

use serbench_evolution::{Change, Direction, Outcome};

use super::outcome;

const CAPNP: (&str, &str) = ("Cap'n Proto", "ordinals, obsolete field kept");
const FLATBUFFERS: (&str, &str) = ("FlatBuffers", "declaration order, deprecated");

/// Ordinals decide the layout, so adding, keeping a removed field unused,
/// renaming and reordering declarations read right both ways; an old
/// reader refuses an enum value it does not know; a type changed is never
/// read right.
#[test]
fn capnp_keeps_its_promises() {
    let (format, practice) = CAPNP;
    for change in [
        Change::Added,
        Change::Removed,
        Change::Renamed,
        Change::Reordered,
    ] {
        for direction in Direction::ALL {
            assert_eq!(
                outcome(format, practice, change, direction),
                Outcome::Reads,
                "{change:?} {direction:?}"
            );
        }
    }
    assert_eq!(
        outcome(
            format,
            practice,
            Change::EnumValueAdded,
            Direction::NewReadsOld
        ),
        Outcome::Reads
    );
    let Outcome::Error(error) = outcome(
        format,
        practice,
        Change::EnumValueAdded,
        Direction::OldReadsNew,
    ) else {
        panic!("an old Cap'n Proto reader read an enum value it does not know");
    };
    assert!(
        error.contains("2 is not a value the schema defines"),
        "{error}"
    );
    let Outcome::Wrong(what) = outcome(format, practice, Change::Widened, Direction::NewReadsOld)
    else {
        panic!("a Cap'n Proto reader read a field whose type changed, right or with an error");
    };
    assert!(what.contains("height 1 (meant 480)"), "{what}");
    assert!(matches!(
        outcome(format, practice, Change::Widened, Direction::OldReadsNew),
        Outcome::Error(_)
    ));
}

/// Fields appended, deprecated or renamed read right both ways; declared
/// in another order without `id`, two fields of one type swap; an old
/// reader takes an unknown enum value without a word (open enums).
#[test]
fn flatbuffers_keeps_its_promises_and_springs_its_traps() {
    let (format, practice) = FLATBUFFERS;
    for change in [Change::Added, Change::Removed, Change::Renamed] {
        for direction in Direction::ALL {
            assert_eq!(
                outcome(format, practice, change, direction),
                Outcome::Reads,
                "{change:?} {direction:?}"
            );
        }
    }
    for direction in Direction::ALL {
        let Outcome::Wrong(what) = outcome(format, practice, Change::Reordered, direction) else {
            panic!("FlatBuffers read fields reordered without `id` right ({direction:?})");
        };
        assert!(what.contains("width 480 (meant 640)"), "{what}");
    }
    let Outcome::Wrong(what) = outcome(
        format,
        practice,
        Change::EnumValueAdded,
        Direction::OldReadsNew,
    ) else {
        panic!("an old FlatBuffers reader refused an enum value it does not know");
    };
    assert!(what.contains("size 2"), "{what}");
    // The low half of a little-endian `long` is the `int` it holds.
    assert_eq!(
        outcome(format, practice, Change::Widened, Direction::OldReadsNew),
        Outcome::Reads
    );
    assert_ne!(
        outcome(format, practice, Change::Widened, Direction::NewReadsOld),
        Outcome::Reads
    );
}
