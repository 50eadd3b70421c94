//! telemetry as `schemas/telemetry.avsc`'s `serbench.SensorReading`.

use std::sync::OnceLock;

use serbench_model::SensorReading;
use serde::{Deserialize, Serialize};

use crate::check::Shape;
use crate::wire::{self, Compiled, Wire};

impl Wire for SensorReading {
    const SCHEMA: &'static str = include_str!("../../../schemas/telemetry.avsc");
    const SHAPE: Shape = Shape::record(&[
        Shape::String,
        Shape::Double,
        Shape::Double,
        Shape::Double,
        Shape::Double,
        Shape::Double,
        Shape::Double,
        Shape::Double,
        Shape::Double,
    ]);
    type Out<'a> = ReadingOut<'a>;
    type In = ReadingIn;

    fn out(&self) -> ReadingOut<'_> {
        ReadingOut {
            sensor_id: &self.sensor_id,
            ambient_temperature: self.ambient_temperature,
            object_temperature: self.object_temperature,
            accelerometer_x: self.accelerometer_x,
            accelerometer_y: self.accelerometer_y,
            accelerometer_z: self.accelerometer_z,
            altitude: self.altitude,
            light: self.light,
            humidity: self.humidity,
        }
    }

    fn compiled() -> &'static Compiled {
        static COMPILED: OnceLock<Compiled> = OnceLock::new();
        wire::compiled(&COMPILED, Self::SCHEMA)
    }

    fn into_model(read: ReadingIn) -> SensorReading {
        SensorReading {
            sensor_id: read.sensor_id,
            ambient_temperature: read.ambient_temperature,
            object_temperature: read.object_temperature,
            accelerometer_x: read.accelerometer_x,
            accelerometer_y: read.accelerometer_y,
            accelerometer_z: read.accelerometer_z,
            altitude: read.altitude,
            light: read.light,
            humidity: read.humidity,
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "SensorReading")]
pub(crate) struct ReadingOut<'a> {
    sensor_id: &'a str,
    ambient_temperature: f64,
    object_temperature: f64,
    accelerometer_x: f64,
    accelerometer_y: f64,
    accelerometer_z: f64,
    altitude: f64,
    light: f64,
    humidity: f64,
}

#[derive(Deserialize)]
#[serde(rename = "SensorReading")]
pub(crate) struct ReadingIn {
    sensor_id: String,
    ambient_temperature: f64,
    object_temperature: f64,
    accelerometer_x: f64,
    accelerometer_y: f64,
    accelerometer_z: f64,
    altitude: f64,
    light: f64,
    humidity: f64,
}
