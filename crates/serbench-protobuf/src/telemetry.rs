//! telemetry ↔ `serbench.SensorReading` (`schemas/telemetry.proto`).

use serbench_model::SensorReading;

use crate::proto;
use crate::wire::{Invalid, Wire, required};

impl Wire for SensorReading {
    type Message = proto::SensorReading;

    fn build(&self) -> proto::SensorReading {
        proto::SensorReading {
            sensor_id: self.sensor_id.clone(),
            ambient_temperature: Some(self.ambient_temperature),
            object_temperature: Some(self.object_temperature),
            accelerometer_x: Some(self.accelerometer_x),
            accelerometer_y: Some(self.accelerometer_y),
            accelerometer_z: Some(self.accelerometer_z),
            altitude: Some(self.altitude),
            light: Some(self.light),
            humidity: Some(self.humidity),
        }
    }

    fn read(message: proto::SensorReading) -> Result<Self, Invalid> {
        Ok(SensorReading {
            sensor_id: message.sensor_id,
            ambient_temperature: required(message.ambient_temperature, "ambient_temperature")?,
            object_temperature: required(message.object_temperature, "object_temperature")?,
            accelerometer_x: required(message.accelerometer_x, "accelerometer_x")?,
            accelerometer_y: required(message.accelerometer_y, "accelerometer_y")?,
            accelerometer_z: required(message.accelerometer_z, "accelerometer_z")?,
            altitude: required(message.altitude, "altitude")?,
            light: required(message.light, "light")?,
            humidity: required(message.humidity, "humidity")?,
        })
    }
}
