//! Unit checks of what the reader relies on in the archive types.

use std::mem::offset_of;

use serbench_model::{
    BaseCodec, Codec, Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading,
    TaskManager, Updates,
};

use crate::graph::ArchivedNetwork;
use crate::log::ArchivedJournal;
use crate::media::ArchivedContent;
use crate::mesh::ArchivedSurface;
use crate::minecraft::ArchivedSave;
use crate::mk48::ArchivedFeed;
use crate::records::ArchivedArrays;
use crate::task_manager::ArchivedManager;
use crate::telemetry::ArchivedReading;
use crate::{Rkyv, RkyvUnvalidated};

/// The length check reads the root's first eight bytes.
#[test]
fn every_root_starts_with_its_length() {
    assert_eq!(offset_of!(ArchivedManager, len), 0);
    assert_eq!(offset_of!(ArchivedReading, len), 0);
    assert_eq!(offset_of!(ArchivedNetwork, len), 0);
    assert_eq!(offset_of!(ArchivedArrays, len), 0);
    assert_eq!(offset_of!(ArchivedContent, len), 0);
    assert_eq!(offset_of!(ArchivedJournal, len), 0);
    assert_eq!(offset_of!(ArchivedSurface, len), 0);
    assert_eq!(offset_of!(ArchivedSave, len), 0);
    assert_eq!(offset_of!(ArchivedFeed, len), 0);
}

fn misaligned_round_trip<D: Dataset>(value: &D)
where
    Rkyv: Codec<D>,
{
    let bytes = Rkyv::to_vec(value).expect("encodes");
    let mut shifted = vec![0; bytes.len() + 1];
    shifted[1..].copy_from_slice(&bytes);
    assert_eq!(&Rkyv::decode(&shifted[1..]).expect("decodes"), value);
    assert_eq!(
        Rkyv::traverse(&shifted[1..]).expect("traverses"),
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

/// RSB's types archive to these sizes (a `Log` and a `Triangle` in an
/// array, the fields of a `Player` and a `Contact` inline): ours must match
/// for the sizes to equal RSB's but for the root's `len`.
#[test]
fn elements_have_rsb_sizes() {
    assert_eq!(size_of::<crate::log::ArchivedEntry>(), 48);
    assert_eq!(size_of::<crate::mesh::ArchivedFacet>(), 48);
}

#[test]
fn appending_keeps_the_bytes() {
    let media = MediaContent::canonical();
    let alone = Rkyv::to_vec(&media).expect("encodes");
    let mut out = vec![7];
    Rkyv::encode(&media, &mut out).expect("encodes");
    assert_eq!(&out[1..], &alone[..]);
}

#[test]
fn unvalidated_reads_trusted_bytes_after_one_validation() {
    let manager = TaskManager::generate(50);
    let bytes: &'static [u8] = Vec::leak(Rkyv::to_vec(&manager).expect("encodes"));
    <RkyvUnvalidated as BaseCodec>::trust(bytes);
    for _ in 0..2 {
        assert_eq!(
            <RkyvUnvalidated as Codec<TaskManager>>::traverse(bytes).expect("traverses"),
            manager.traverse()
        );
    }
    // The same bytes copied elsewhere are not trusted: damaged, they fail.
    let mut copy = bytes.to_vec();
    let at = copy.len() - 20;
    copy[at] ^= 0xff;
    assert!(<RkyvUnvalidated as Codec<TaskManager>>::traverse(&copy).is_err());
}
