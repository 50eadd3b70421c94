//! telemetry ↔ its buffer: the sensor id, then the eight readings as `f64`.

use musli_zerocopy::{OwnedBuf, Ref, ZeroCopy};
use serbench_model::{SensorReading, TelemetryAnswer};

use crate::wire::{Failure, Reader, Wire};

/// The root.
#[derive(ZeroCopy)]
#[repr(C)]
pub(crate) struct Reading {
    pub(crate) len: u64,
    sensor_id: Ref<str>,
    readings: [f64; 8],
}

impl Wire for SensorReading {
    type Root = Reading;

    fn write(&self, buf: &mut OwnedBuf) -> Result<Reading, musli_zerocopy::Error> {
        Ok(Reading {
            len: 0,
            sensor_id: buf.store_unsized(self.sensor_id.as_str())?,
            readings: self.readings(),
        })
    }

    fn len_field(root: &mut Reading) -> &mut u64 {
        &mut root.len
    }

    fn read(root: &Reading, reader: &mut Reader<'_>) -> Result<Self, Failure> {
        let sensor_id = reader.text(root.sensor_id, &|| "sensor_id".to_owned())?;
        Ok(SensorReading::from_readings(
            sensor_id.to_owned(),
            root.readings,
        ))
    }

    fn answer(root: &Reading, reader: &mut Reader<'_>) -> Result<TelemetryAnswer, Failure> {
        let sensor_id = reader.text(root.sensor_id, &|| "sensor_id".to_owned())?;
        Ok(TelemetryAnswer::new(sensor_id, root.readings))
    }
}
