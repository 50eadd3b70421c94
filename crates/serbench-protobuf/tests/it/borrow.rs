//! buffa's borrowed decode: it lends every text, refuses in the owned
//! decode's words, and allocates for the task-manager only its lists (the
//! counts printed with `--nocapture`).

use serbench_protobuf::{ErrorKind, ProtobufBuffa};
use serbench_testkit::lending;

/// Every text of the borrowed task-manager, media and records is a slice
/// of the input.
#[test]
fn buffa_lends_every_text() {
    lending::lends_every_string::<ProtobufBuffa>();
    lending::lends_media_and_record_text::<ProtobufBuffa>();
}

/// A refusal is the decode's, in its words: a text that is not UTF-8, a
/// fault of the wire (buffa's error has no field path).
#[test]
fn buffa_refuses_as_decode_does() {
    let lent = lending::refuses_bad_text_as_decode_does::<ProtobufBuffa>();
    assert_eq!(lent.kind(), ErrorKind::Syntax, "{lent}");
    assert!(lent.position().is_known(), "{lent}");
}

/// The decode's and the borrow's allocations for the default task-manager,
/// printed; the borrow within issue 38's bar.
#[test]
fn buffa_borrows_within_the_bar() {
    lending::borrows_within_the_bar::<ProtobufBuffa>();
}

/// Every text of a borrowed log and of a borrowed player is a slice of the
/// input: the records' four strings, and a player's dimension, items,
/// entities' names and recipes.
#[test]
fn buffa_lends_log_and_player_text() {
    use serbench_model::{Codec, Logs, Players};

    let bytes = ProtobufBuffa::to_vec(&Logs::generate(20)).unwrap();
    let lent = <ProtobufBuffa as Codec<Logs>>::borrow(&bytes)
        .unwrap()
        .unwrap();
    for log in &lent.logs {
        for text in [&log.identity, &log.userid, &log.date, &log.request] {
            assert!(text.is_borrowed(), "{text}");
        }
    }
    let bytes = ProtobufBuffa::to_vec(&Players::generate(4)).unwrap();
    let lent = <ProtobufBuffa as Codec<Players>>::borrow(&bytes)
        .unwrap()
        .unwrap();
    for player in &lent.players {
        let entities = player
            .root_vehicle
            .iter()
            .map(|(_, entity)| entity)
            .chain(&player.shoulder_entity_left)
            .chain(&player.shoulder_entity_right);
        let texts = [&player.dimension, &player.selected_item.id]
            .into_iter()
            .chain(player.inventory.iter().map(|item| &item.id))
            .chain(&player.spawn_dimension)
            .chain(&player.recipe_book.recipes)
            .chain(entities.flat_map(|entity| [&entity.id].into_iter().chain(&entity.custom_name)));
        for text in texts {
            assert!(text.is_borrowed(), "{text}");
        }
    }
}
