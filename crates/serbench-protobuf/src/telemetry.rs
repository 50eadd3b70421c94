//! telemetry ↔ `serbench.SensorReading` (`schemas/telemetry.proto`).

use prost::encoding;
use serbench_model::SensorReading;

use crate::proto;
use crate::read::{Delimited, ReadError, Within, ctx, required, skip};
use crate::wire::Wire;

/// The readings, fields 2 to 9.
const READINGS: [&str; 8] = [
    "ambient_temperature",
    "object_temperature",
    "accelerometer_x",
    "accelerometer_y",
    "accelerometer_z",
    "altitude",
    "light",
    "humidity",
];

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

    fn read(buf: &mut &[u8]) -> Result<Self, ReadError> {
        let message = Delimited::root(buf);
        let mut sensor_id = String::new();
        let mut readings = [None; 8];
        while let Some((tag, wire_type)) = message.next_key(buf)? {
            match tag {
                1 => encoding::string::merge(wire_type, &mut sensor_id, buf, ctx())
                    .field("sensor_id")?,
                2..=9 => {
                    let index = tag as usize - 2;
                    let reading = readings[index].get_or_insert(0.0);
                    encoding::double::merge(wire_type, reading, buf, ctx())
                        .field(READINGS[index])?;
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        let reading = |index: usize| required(readings[index], READINGS[index]);
        Ok(SensorReading {
            sensor_id,
            ambient_temperature: reading(0)?,
            object_temperature: reading(1)?,
            accelerometer_x: reading(2)?,
            accelerometer_y: reading(3)?,
            accelerometer_z: reading(4)?,
            altitude: reading(5)?,
            light: reading(6)?,
            humidity: reading(7)?,
        })
    }
}
