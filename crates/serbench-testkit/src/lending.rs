//! A codec's borrowed decode held to issue 38's bar on the task-manager:
//! every text lent, and few allocations besides the borrowed form's lists.
//! The kit itself checks every lending codec on every dataset (equal to
//! `lend()`, agreeing with decode, fewer allocations than it); a codec
//! crate's own tests call these for the strict bar, or print the counts
//! where its library cannot reach it.

use serbench_model::{Codec, Dataset, MediaContent, Record, TaskManager, Text};

use crate::memory::{installed, tally};

/// The bound on a task-manager borrow's allocations: the borrowed
/// form's lists and the version's segments (13 for the default workload),
/// and little besides.
pub const BORROW_ALLOCATIONS: u64 = 25;

/// Asserts that `C`'s borrow of a task-manager of 100 tasks lends every
/// string: the user, each list's name, each task's name and description.
///
/// # Panics
///
/// When `C` has no borrow, or a string is a copy.
pub fn lends_every_string<C: Codec<TaskManager>>() {
    let manager = TaskManager::generate(100);
    let bytes = C::to_vec(&manager).expect("the task-manager encodes");
    let lent = C::borrow(&bytes)
        .expect("a borrowed decode")
        .expect("the borrow reads its own bytes");
    assert!(lent.user.is_borrowed(), "{}: the user is copied", C::NAME);
    for list in &lent.lists {
        assert!(list.header.name.is_borrowed(), "{}: a list name", C::NAME);
        for task in &list.tasks {
            assert!(
                task.header.name.is_borrowed() && task.description.is_borrowed(),
                "{}: a task's text is copied",
                C::NAME
            );
        }
    }
}

/// Asserts that `C`'s borrows of the canonical media and record lend
/// their texts: the persons, the first image's title, every string.
///
/// # Panics
///
/// When `C` has no borrow, or one of them is a copy.
pub fn lends_media_and_record_text<C: Codec<MediaContent> + Codec<Record>>() {
    let bytes =
        <C as Codec<MediaContent>>::to_vec(&MediaContent::canonical()).expect("the media encodes");
    let lent = <C as Codec<MediaContent>>::borrow(&bytes)
        .expect("a borrowed decode")
        .expect("the borrow reads its own bytes");
    assert!(
        lent.media.persons.iter().all(Text::is_borrowed),
        "{}: a person",
        C::NAME
    );
    assert!(
        lent.images[0].title.as_ref().is_some_and(Text::is_borrowed),
        "{}: an image title",
        C::NAME
    );
    let bytes = <C as Codec<Record>>::to_vec(&Record::canonical()).expect("the record encodes");
    let lent = <C as Codec<Record>>::borrow(&bytes)
        .expect("a borrowed decode")
        .expect("the borrow reads its own bytes");
    assert!(
        lent.strings.iter().all(Text::is_borrowed),
        "{}: a string",
        C::NAME
    );
}

/// `C`'s borrow of a task-manager whose user name holds a byte that is
/// not UTF-8, asserted to fail in its decode's words; the error, for the
/// caller to hold to its position.
///
/// # Panics
///
/// When `C` has no borrow, the borrow reads the bytes, or its error is
/// not the decode's.
#[must_use]
pub fn refuses_bad_text_as_decode_does<C: Codec<TaskManager>>() -> C::Error {
    let bytes = C::to_vec(&TaskManager::generate(1)).expect("the task-manager encodes");
    let bad = crate::replace_once(&bytes, b"Demo User", b"Demo \xffser");
    let decoded = C::decode(&bad).expect_err("decode refuses the bytes");
    let lent = C::borrow(&bad)
        .expect("a borrowed decode")
        .expect_err("the borrow refuses the bytes");
    assert_eq!(lent.to_string(), decoded.to_string(), "{}", C::NAME);
    lent
}

/// The allocations of `C`'s decode and borrow of the default task-manager,
/// printed (`--nocapture` shows them). Each is called once before it is
/// counted, as the benches count a call among many: a library that keeps
/// its buffers from call to call (bitcode's `Buffer`) is counted warm.
///
/// # Panics
///
/// When the test binary's global allocator is not the kit's
/// [`CountingAllocator`](crate::CountingAllocator), which counts them.
#[must_use]
pub fn task_manager_allocations<C: Codec<TaskManager>>() -> (u64, u64) {
    assert!(installed(), "the kit's counting allocator is not installed");
    let manager = &TaskManager::workload(TaskManager::DEFAULT_SIZE)[0];
    let bytes = C::to_vec(manager).expect("the task-manager encodes");
    drop(C::decode(&bytes));
    let ((), owned) = tally(|| drop(C::decode(&bytes)));
    drop(C::borrow(&bytes));
    let ((), lent) = tally(|| drop(C::borrow(&bytes)));
    println!(
        "{}: task-manager decode {} allocations, borrow {}",
        C::NAME,
        owned.allocations,
        lent.allocations
    );
    (owned.allocations, lent.allocations)
}

/// Asserts [`task_manager_allocations`]' borrow within
/// [`BORROW_ALLOCATIONS`].
///
/// # Panics
///
/// When it allocates more.
pub fn borrows_within_the_bar<C: Codec<TaskManager>>() {
    let (_, lent) = task_manager_allocations::<C>();
    assert!(
        lent <= BORROW_ALLOCATIONS,
        "{} borrows the task-manager with {lent} allocations",
        C::NAME
    );
}
