//! telemetry through planus: `schemas/telemetry.fbs`.

use serbench_model::{Error, SensorReading, TelemetryAnswer};

use super::generated::telemetry::serbench as pl;
use super::{Budget, Checked as _, PlanusSchema};

impl PlanusSchema for SensorReading {
    type Table = pl::SensorReading;
    type Ref<'a> = pl::SensorReadingRef<'a>;

    fn write(&self, builder: &mut planus::Builder) -> planus::Offset<pl::SensorReading> {
        let readings = pl::Readings {
            ambient_temperature: self.ambient_temperature,
            object_temperature: self.object_temperature,
            accelerometer_x: self.accelerometer_x,
            accelerometer_y: self.accelerometer_y,
            accelerometer_z: self.accelerometer_z,
            altitude: self.altitude,
            light: self.light,
            humidity: self.humidity,
        };
        let sensor_id = builder.create_string(self.sensor_id.as_str());
        pl::SensorReading::create(builder, sensor_id, readings)
    }

    fn read(root: pl::SensorReadingRef<'_>, budget: &mut Budget<Self>) -> Result<Self, Error> {
        let sensor_id = budget.string(root.sensor_id())?.to_owned();
        let readings = readings(root.readings().checked::<Self>()?);
        Ok(SensorReading::from_readings(sensor_id, readings))
    }

    fn answer(
        root: pl::SensorReadingRef<'_>,
        budget: &mut Budget<Self>,
    ) -> Result<TelemetryAnswer, Error> {
        let sensor_id = budget.string(root.sensor_id())?;
        let readings = readings(root.readings().checked::<Self>()?);
        Ok(TelemetryAnswer::new(sensor_id, readings))
    }
}

/// The readings in field order, as [`SensorReading::readings`] gives them.
fn readings(r: pl::ReadingsRef<'_>) -> [f64; 8] {
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
