//! Unit checks of what the reader relies on in the layout types.

use std::mem::{offset_of, size_of};

use serbench_model::{
    Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager,
    Updates,
};

use crate::MusliZerocopy;

/// The length check reads the root's first eight bytes.
#[test]
fn every_root_starts_with_its_length() {
    assert_eq!(offset_of!(crate::task_manager::Manager, len), 0);
    assert_eq!(offset_of!(crate::telemetry::Reading, len), 0);
    assert_eq!(offset_of!(crate::graph::Network, len), 0);
    assert_eq!(offset_of!(crate::records::Arrays, len), 0);
    assert_eq!(offset_of!(crate::media::Content, len), 0);
    assert_eq!(offset_of!(crate::log::Journal, len), 0);
    assert_eq!(offset_of!(crate::mesh::Surface, len), 0);
    assert_eq!(offset_of!(crate::minecraft::Save, len), 0);
    assert_eq!(offset_of!(crate::mk48::Feed, len), 0);
    assert_eq!(size_of::<crate::telemetry::Reading>(), 80);
    assert_eq!(size_of::<crate::log::Entry>(), 48);
    assert_eq!(size_of::<crate::mesh::Facet>(), 48);
}

fn misaligned_round_trip<D: Dataset>(value: &D)
where
    MusliZerocopy: Codec<D>,
{
    let bytes = MusliZerocopy::to_vec(value).expect("encodes");
    let mut shifted = vec![0; bytes.len() + 1];
    shifted[1..].copy_from_slice(&bytes);
    assert_eq!(
        &MusliZerocopy::decode(&shifted[1..]).expect("decodes"),
        value
    );
    assert_eq!(
        MusliZerocopy::traverse(&shifted[1..]).expect("traverses"),
        value.traverse()
    );
}

#[test]
fn reads_bytes_at_an_odd_address() {
    misaligned_round_trip(&TaskManager::generate(30));
    misaligned_round_trip(&SensorReading::generate(1)[0]);
    misaligned_round_trip(&Graph::generate(20));
    misaligned_round_trip(&Record::canonical());
    misaligned_round_trip(&MediaContent::canonical());
    misaligned_round_trip(&Logs::generate(5));
    misaligned_round_trip(&Mesh::generate(5));
    misaligned_round_trip(&Players::generate(2));
    misaligned_round_trip(&Updates::generate(1));
}

#[test]
fn appending_keeps_the_bytes() {
    let media = MediaContent::canonical();
    let alone = MusliZerocopy::to_vec(&media).expect("encodes");
    let mut out = vec![7];
    MusliZerocopy::encode(&media, &mut out).expect("encodes");
    assert_eq!(&out[1..], &alone[..]);
}

/// Every single-byte change of a small buffer: decode and traverse agree
/// on whether the bytes are refused, and where both accept them, on the
/// answer. musli-zerocopy validates a reference only when it is loaded,
/// so this holds only while the traverse loads all the decode loads.
fn damaged_agree<D: Dataset>(value: &D)
where
    MusliZerocopy: Codec<D>,
{
    let bytes = MusliZerocopy::to_vec(value).expect("encodes");
    for at in 0..bytes.len() {
        for new in [0x00, 0x01, 0x02, 0x7f, 0x80, 0xff, bytes[at] ^ 0x10] {
            let mut damaged = bytes.clone();
            damaged[at] = new;
            let decoded = MusliZerocopy::decode(&damaged);
            let traversed = MusliZerocopy::traverse(&damaged);
            match (&decoded, &traversed) {
                (Ok(decoded), Ok(traversed)) => assert_eq!(decoded.traverse(), *traversed),
                (Err(_), Err(_)) => {}
                _ => panic!(
                    "byte {at} set to {new:#04x}: decode {:?}, traverse {:?}",
                    decoded.as_ref().err(),
                    traversed.as_ref().err()
                ),
            }
        }
    }
}

#[test]
fn decode_and_traverse_refuse_the_same_damage() {
    damaged_agree(&TaskManager::generate(3));
    damaged_agree(&SensorReading::generate(1)[0]);
    damaged_agree(&Graph::generate(4));
    damaged_agree(&Record {
        ids: vec![1, -2, 3],
        strings: vec!["a".to_owned(), "bc".to_owned(), String::new()],
    });
    damaged_agree(&MediaContent::canonical());
    damaged_agree(&Logs::generate(2));
    damaged_agree(&Mesh::generate(2));
    let mut players = Players::generate(1);
    // Small lists keep the byte-by-byte damage quick.
    let player = &mut players.players[0];
    player.inventory.truncate(2);
    player.ender_items.truncate(2);
    damaged_agree(&players);
    let mut updates = Updates::generate(1);
    updates.updates[0].contacts.truncate(3);
    updates.updates[0].terrain_updates.truncate(1);
    damaged_agree(&updates);
}
