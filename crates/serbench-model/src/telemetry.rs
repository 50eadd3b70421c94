//! The telemetry dataset: small sensor messages, each sent on its own (as
//! over MQTT), so per-message cost and bytes per message are what count.

use std::fmt;

use crate::Dataset;
use crate::answer::JsonObject;
use crate::random::Random;
use crate::text::{Lend, Text};

/// One sensor message: an id and eight readings at full `f64` precision.
///
/// Equality compares the readings bit for bit, so `-0.0 != 0.0` and a NaN
/// equals a NaN with the same payload: a round trip must keep every bit.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "S: serde::Serialize",
        deserialize = "S: serde::Deserialize<'de>"
    ))
)]
pub struct SensorReading<S = String> {
    /// Which sensor sent it; eight characters in the generated messages.
    pub sensor_id: S,
    /// °C.
    pub ambient_temperature: f64,
    /// °C, from the infrared thermometer.
    pub object_temperature: f64,
    /// g.
    pub accelerometer_x: f64,
    /// g.
    pub accelerometer_y: f64,
    /// g.
    pub accelerometer_z: f64,
    /// Metres above sea level.
    pub altitude: f64,
    /// Lux.
    pub light: f64,
    /// Relative humidity, percent.
    pub humidity: f64,
}

impl SensorReading {
    /// The seed of the telemetry stream.
    pub const SEED: u64 = 2018;

    /// The readings' field names, in field order.
    pub const READING_NAMES: [&str; 8] = [
        "ambient_temperature",
        "object_temperature",
        "accelerometer_x",
        "accelerometer_y",
        "accelerometer_z",
        "altitude",
        "light",
        "humidity",
    ];
}

impl<S> SensorReading<S> {
    /// The reading with `sensor_id` and the eight readings in field order,
    /// as [`Self::readings`] gives them.
    #[must_use]
    pub fn from_readings(sensor_id: S, readings: [f64; 8]) -> Self {
        let [
            ambient_temperature,
            object_temperature,
            accelerometer_x,
            accelerometer_y,
            accelerometer_z,
            altitude,
            light,
            humidity,
        ] = readings;
        Self {
            sensor_id,
            ambient_temperature,
            object_temperature,
            accelerometer_x,
            accelerometer_y,
            accelerometer_z,
            altitude,
            light,
            humidity,
        }
    }

    /// The eight readings in field order.
    #[must_use]
    pub fn readings(&self) -> [f64; 8] {
        [
            self.ambient_temperature,
            self.object_temperature,
            self.accelerometer_x,
            self.accelerometer_y,
            self.accelerometer_z,
            self.altitude,
            self.light,
            self.humidity,
        ]
    }
}

impl SensorReading {
    /// The first `count` messages of the telemetry stream: ChaCha8 seeded
    /// with [`Self::SEED`]; per message an id of 8 characters from `0-9A-Z`, then
    /// ambient −20..45 °C, object −40..125 °C, acceleration −2..2 g per axis,
    /// altitude −100..3 000 m, light 0..83 000 lux, humidity 0..100 %.
    #[must_use]
    pub fn generate(count: usize) -> Vec<Self> {
        let mut random = Random::new(Self::SEED);
        (0..count)
            .map(|_| Self {
                sensor_id: random.string(8, b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                ambient_temperature: random.range(-20.0, 45.0),
                object_temperature: random.range(-40.0, 125.0),
                accelerometer_x: random.range(-2.0, 2.0),
                accelerometer_y: random.range(-2.0, 2.0),
                accelerometer_z: random.range(-2.0, 2.0),
                altitude: random.range(-100.0, 3_000.0),
                light: random.range(0.0, 83_000.0),
                humidity: random.range(0.0, 100.0),
            })
            .collect()
    }
}

impl<S: PartialEq> PartialEq for SensorReading<S> {
    fn eq(&self, other: &Self) -> bool {
        self.sensor_id == other.sensor_id
            && self
                .readings()
                .iter()
                .zip(other.readings())
                .all(|(a, b)| a.to_bits() == b.to_bits())
    }
}

impl<S: Eq> Eq for SensorReading<S> {}

/// The telemetry traverse answer: which sensor, how many readings are not
/// finite, and a checksum of all eight readings' bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TelemetryAnswer {
    /// The message's sensor id.
    pub sensor_id: String,
    /// Readings that are NaN or infinite.
    pub non_finite: u32,
    /// `h = h.rotate_left(7) ^ bits` over the readings in field order.
    pub checksum: u64,
}

impl TelemetryAnswer {
    /// The answer for a message with these parts.
    #[must_use]
    pub fn new(sensor_id: &str, readings: [f64; 8]) -> Self {
        Self {
            sensor_id: sensor_id.to_owned(),
            non_finite: readings.iter().filter(|r| !r.is_finite()).count() as u32,
            checksum: readings
                .iter()
                .fold(0, |h: u64, r| h.rotate_left(7) ^ r.to_bits()),
        }
    }
}

impl fmt::Display for TelemetryAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JsonObject::new(f)?
            .string("sensor_id", &self.sensor_id)?
            .raw("non_finite", self.non_finite)?
            .string("checksum", &format!("{:016x}", self.checksum))?
            .end()
    }
}

impl Lend for SensorReading {
    type Lent<'a> = SensorReading<Text<'a>>;

    fn lend(&self) -> SensorReading<Text<'_>> {
        SensorReading {
            sensor_id: self.sensor_id.lend(),
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
}

impl Dataset for SensorReading {
    type Borrowed<'a> = SensorReading<Text<'a>>;

    fn lend(&self) -> SensorReading<Text<'_>> {
        Lend::lend(self)
    }

    const NAME: &'static str = "telemetry";
    const ABOUT: &'static str = "sensor messages, each sent on its own as over MQTT";
    const SIZE_UNIT: &'static str = "messages";
    const DEFAULT_SIZE: usize = 10_000;
    /// A dump holds one message, as one is sent.
    const DUMP_SIZE: usize = 1;
    const DAMAGED_SIZE: usize = 3;
    type Answer = TelemetryAnswer;

    fn workload(size: usize) -> Vec<Self> {
        Self::generate(size)
    }

    fn traverse(&self) -> TelemetryAnswer {
        TelemetryAnswer::new(&self.sensor_id, self.readings())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_plausible_and_deterministic() {
        let messages = SensorReading::generate(1_000);
        assert_eq!(messages, SensorReading::generate(1_000));
        assert_eq!(messages[..10], SensorReading::generate(10)[..]);
        for message in &messages {
            assert_eq!(message.sensor_id.len(), 8);
            assert!((0.0..100.0).contains(&message.humidity));
            assert!((-2.0..2.0).contains(&message.accelerometer_z));
        }
    }

    #[test]
    fn equality_is_bitwise() {
        let mut a = SensorReading::generate(1).remove(0);
        let mut b = a.clone();
        a.light = f64::NAN;
        b.light = f64::NAN;
        assert_eq!(a, b);
        b.light = -0.0;
        a.light = 0.0;
        assert_ne!(a, b);
    }
}
