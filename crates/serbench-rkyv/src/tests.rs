//! Unit checks of what the reader relies on in the archive types.

use std::mem::offset_of;

use serbench_model::{
    BaseCodec, Codec, Dataset, Graph, MediaContent, Record, SensorReading, TaskManager,
};

use crate::graph::ArchivedNetwork;
use crate::media::ArchivedContent;
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
