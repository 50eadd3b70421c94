//! Telemetry as the Qt telemetry post's `SensorInformation` operator
//! writes it: the id, then the eight readings as doubles.

use serbench_model::SensorReading;

use crate::Stream;
use crate::error::{Fault, Unsupported};
use crate::read::Reader;
use crate::write::Writer;

impl Stream for SensorReading {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported> {
        w.string(&self.sensor_id, "the sensor id")?;
        for reading in self.readings() {
            w.f64(reading);
        }
        Ok(())
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, Fault> {
        let sensor_id = r.string("the sensor id")?;
        let mut readings = [0.0; 8];
        for (reading, name) in readings.iter_mut().zip(SensorReading::READING_NAMES) {
            *reading = r.f64(name)?;
        }
        Ok(SensorReading::from_readings(sensor_id, readings))
    }
}
