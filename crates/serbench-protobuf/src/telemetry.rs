//! telemetry ↔ `serbench.SensorReading` (`schemas/telemetry.proto`).

use prost::encoding;
use serbench_model::SensorReading;

use crate::proto;
use crate::read::{Delimited, ReadError, Within, ctx, required, skip};
use crate::wire::Wire;

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
                        .field(SensorReading::READING_NAMES[index])?;
                }
                _ => skip(tag, wire_type, buf)?,
            }
        }
        reading_from(sensor_id, readings)
    }

    fn from_message(message: proto::SensorReading) -> Result<Self, ReadError> {
        let readings = [
            message.ambient_temperature,
            message.object_temperature,
            message.accelerometer_x,
            message.accelerometer_y,
            message.accelerometer_z,
            message.altitude,
            message.light,
            message.humidity,
        ];
        reading_from(message.sensor_id, readings)
    }
}

/// The reading of `sensor_id` once its message has ended, every one of
/// its eight readings required: the owned decodes' check and the borrowed
/// one's, whichever string `S` holds the id.
pub(crate) fn reading_from<S>(
    sensor_id: S,
    readings: [Option<f64>; 8],
) -> Result<SensorReading<S>, ReadError> {
    let mut values = [0.0; 8];
    for (index, value) in values.iter_mut().enumerate() {
        *value = required(readings[index], SensorReading::READING_NAMES[index])?;
    }
    Ok(SensorReading::from_readings(sensor_id, values))
}
