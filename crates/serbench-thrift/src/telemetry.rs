//! Telemetry as `schemas/telemetry.thrift` describes it: the id, then the
//! eight readings as doubles, fields 1 to 9.

use serbench_model::SensorReading;
use thrift::protocol::TType;

use crate::Thrift;
use crate::error::{Fail, Fault};
use crate::protocol::Protocol;
use crate::read::{Fields, Reader, required};
use crate::write::Writer;

const READING: &Fields = &[
    ("sensor_id", TType::String),
    ("ambient_temperature", TType::Double),
    ("object_temperature", TType::Double),
    ("accelerometer_x", TType::Double),
    ("accelerometer_y", TType::Double),
    ("accelerometer_z", TType::Double),
    ("altitude", TType::Double),
    ("light", TType::Double),
    ("humidity", TType::Double),
];

impl Thrift for SensorReading {
    fn write<P: Protocol>(&self, w: &mut Writer<'_, P>) -> Result<(), Fail> {
        w.structure(|w| {
            w.string_field(1, &self.sensor_id, "the sensor id")?;
            for (id, reading) in (2..).zip(self.readings()) {
                w.field(id, TType::Double, |w| w.double(reading))?;
            }
            Ok(())
        })
    }

    fn read<P: Protocol>(r: &mut Reader<'_, P>) -> Result<Self, Fault> {
        let at = r.pos();
        let mut sensor_id = None;
        let mut readings = [None; 8];
        r.fields("SensorReading", READING, |r, field| {
            match field.checked_sub(1) {
                None => sensor_id = Some(r.string("the sensor id")?),
                Some(reading) => readings[reading] = Some(r.double(READING[field].0)?),
            }
            Ok(())
        })?;
        let sensor_id = required(sensor_id, at, "SensorReading", "sensor_id")?;
        let mut values = [0.0; 8];
        for (index, (value, reading)) in values.iter_mut().zip(readings).enumerate() {
            *value = required(reading, at, "SensorReading", READING[index + 1].0)?;
        }
        Ok(SensorReading::from_readings(sensor_id, values))
    }
}
