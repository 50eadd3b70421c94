//! telemetry ↔ `schemas/telemetry.capnp`.

use serbench_model::{SensorReading, TelemetryAnswer};

use crate::generated::telemetry_capnp::sensor_reading;
use crate::private::Wire;
use crate::read::{self, At, Failure};
use crate::write::{TooLong, Words};

impl Wire for SensorReading {
    type Root = sensor_reading::Owned;

    fn words(&self, words: &mut Words) -> Result<(), TooLong> {
        words.add_struct::<sensor_reading::Owned>();
        words.text("sensor_id", &self.sensor_id)
    }

    fn build(&self, mut root: sensor_reading::Builder<'_>) {
        root.set_sensor_id(self.sensor_id.as_str());
        root.set_ambient_temperature(self.ambient_temperature);
        root.set_object_temperature(self.object_temperature);
        root.set_accelerometer_x(self.accelerometer_x);
        root.set_accelerometer_y(self.accelerometer_y);
        root.set_accelerometer_z(self.accelerometer_z);
        root.set_altitude(self.altitude);
        root.set_light(self.light);
        root.set_humidity(self.humidity);
    }

    fn read(root: sensor_reading::Reader<'_>) -> Result<Self, Failure> {
        Ok(SensorReading {
            sensor_id: read::string(root.get_sensor_id()).at("sensor_id")?,
            ambient_temperature: root.get_ambient_temperature(),
            object_temperature: root.get_object_temperature(),
            accelerometer_x: root.get_accelerometer_x(),
            accelerometer_y: root.get_accelerometer_y(),
            accelerometer_z: root.get_accelerometer_z(),
            altitude: root.get_altitude(),
            light: root.get_light(),
            humidity: root.get_humidity(),
        })
    }

    fn answer(root: sensor_reading::Reader<'_>) -> Result<TelemetryAnswer, Failure> {
        let sensor_id = read::text(root.get_sensor_id()).at("sensor_id")?;
        Ok(TelemetryAnswer::new(
            sensor_id,
            [
                root.get_ambient_temperature(),
                root.get_object_temperature(),
                root.get_accelerometer_x(),
                root.get_accelerometer_y(),
                root.get_accelerometer_z(),
                root.get_altitude(),
                root.get_light(),
                root.get_humidity(),
            ],
        ))
    }
}
