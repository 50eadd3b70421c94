//! BSON's one float is a double, and widening a signaling NaN `f32` sets
//! its quiet bit: the codec refuses such an `f32` when encoding, at its
//! path, and carries every other value. The kit's
//! arbitrary values of the three datasets with `f32`s, which draw every
//! bit pattern, are held here to that (`Carries` declares no such
//! capability).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serbench_bson::{Bson, ErrorKind};
use serbench_model::{Codec, Dataset, Mesh, Players, Updates};
use serbench_testkit::{Arbitrary, Needs, cases, check_value};

/// A value is refused with an `Unsupported` error at a path when it holds
/// a signaling NaN `f32`, and otherwise round-trips as the kit checks it.
fn check<D: Dataset + Needs>(value: &D) -> Result<(), String>
where
    Bson: Codec<D>,
{
    match Bson::to_vec(value) {
        Err(error) if error.kind() == ErrorKind::Unsupported => {
            if error.position().path().is_some() && error.to_string().contains("signaling NaN") {
                Ok(())
            } else {
                Err(format!("refused without its path or reason: {error}"))
            }
        }
        _ => check_value::<Bson, D>(value),
    }
}

fn properties<D: Dataset + Needs + Arbitrary>()
where
    Bson: Codec<D>,
{
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let result = TestRunner::new(config).run(&D::strategy(), |value| {
        check(&value).map_err(TestCaseError::fail)
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
}

#[test]
fn mesh_properties() {
    properties::<Mesh>();
}

#[test]
fn minecraft_properties() {
    properties::<Players>();
}

#[test]
fn mk48_properties() {
    properties::<Updates>();
}

/// A signaling NaN is refused at its path; a quiet NaN with a payload, of
/// either sign, round-trips bit for bit.
#[test]
fn a_signaling_nan_is_refused_and_a_quiet_one_carried() {
    let mut mesh = Mesh::generate(2);
    mesh.triangles[1].normal.y = f32::from_bits(0x7f80_0001);
    let error = Bson::to_vec(&mesh).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Unsupported);
    assert_eq!(error.position().path(), Some("triangles[1].normal.y"));
    mesh.triangles[1].normal.y = f32::from_bits(0xffc0_0001);
    let bytes = Bson::to_vec(&mesh).unwrap();
    let back = <Bson as Codec<Mesh>>::decode(&bytes).unwrap();
    assert_eq!(back.triangles[1].normal.y.to_bits(), 0xffc0_0001);
}
