//! telemetry: `schemas/telemetry.fbs`.

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use serbench_model::{Error, SensorReading, TelemetryAnswer};

use crate::bound;
use crate::generated::telemetry::serbench as fb;
use crate::private::Schema;

impl Schema for SensorReading {
    type Root<'a> = fb::SensorReading<'a>;

    fn size_bound(&self) -> usize {
        bound::FRAME + bound::table(2, 4 + 64) + bound::string(self.sensor_id.len())
    }

    fn build<'b>(&self, builder: &mut FlatBufferBuilder<'b>) -> WIPOffset<fb::SensorReading<'b>> {
        let readings = fb::Readings::new(
            self.ambient_temperature,
            self.object_temperature,
            self.accelerometer_x,
            self.accelerometer_y,
            self.accelerometer_z,
            self.altitude,
            self.light,
            self.humidity,
        );
        let args = fb::SensorReadingArgs {
            sensor_id: Some(builder.create_string(&self.sensor_id)),
            readings: Some(&readings),
        };
        fb::SensorReading::create(builder, &args)
    }

    fn read(root: fb::SensorReading<'_>) -> Result<Self, Error> {
        Ok(SensorReading::from_readings(
            root.sensor_id().to_owned(),
            readings(root.readings()),
        ))
    }

    fn answer(root: fb::SensorReading<'_>) -> Result<TelemetryAnswer, Error> {
        Ok(TelemetryAnswer::new(
            root.sensor_id(),
            readings(root.readings()),
        ))
    }
}

/// The readings in field order, as [`SensorReading::readings`] gives them.
fn readings(r: &fb::Readings) -> [f64; 8] {
    [
        r.ambient_temperature(),
        r.object_temperature(),
        r.accelerometer_x(),
        r.accelerometer_y(),
        r.accelerometer_z(),
        r.altitude(),
        r.light(),
        r.humidity(),
    ]
}
