//! telemetry ↔ its archive: the sensor id, then the eight readings as
//! little-endian `f64` bits.

use rkyv::{Archive, Serialize};
use serbench_model::{SensorReading, TelemetryAnswer};

use crate::wire::{Failure, Wire};

/// The root.
#[derive(Archive, Serialize)]
pub struct Reading {
    /// The archive's length (see [`Wire`]).
    pub len: u64,
    sensor_id: String,
    readings: [f64; 8],
}

impl ArchivedReading {
    fn readings(&self) -> [f64; 8] {
        self.readings.map(rkyv::rend::f64_le::to_native)
    }
}

impl Wire for SensorReading {
    type Mirror = Reading;
    type Archive = ArchivedReading;

    fn build(&self) -> Reading {
        Reading {
            len: 0,
            sensor_id: self.sensor_id.clone(),
            readings: self.readings(),
        }
    }

    fn read(archive: &ArchivedReading) -> Result<Self, Failure> {
        Ok(SensorReading::from_readings(
            archive.sensor_id.as_str().to_owned(),
            archive.readings(),
        ))
    }

    fn answer(archive: &ArchivedReading) -> Result<TelemetryAnswer, Failure> {
        Ok(TelemetryAnswer::new(
            archive.sensor_id.as_str(),
            archive.readings(),
        ))
    }
}
