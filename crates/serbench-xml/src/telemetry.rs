//! Telemetry: one `<reading>` element, every field an attribute.

use serbench_model::{Error, SensorReading};

use crate::float::{self, parse_double};
use crate::read::Input;
use crate::write::{Output, Tag};
use serbench_model::Str;

/// The attribute names: the id, then the readings in field order.
const NAMES: [&str; 9] = [
    "sensor_id",
    SensorReading::READING_NAMES[0],
    SensorReading::READING_NAMES[1],
    SensorReading::READING_NAMES[2],
    SensorReading::READING_NAMES[3],
    SensorReading::READING_NAMES[4],
    SensorReading::READING_NAMES[5],
    SensorReading::READING_NAMES[6],
    SensorReading::READING_NAMES[7],
];

pub(crate) fn encode(reading: &SensorReading, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<SensorReading>(out);
    let mut tag = Tag::new("reading");
    tag.text(
        "sensor_id",
        out.check(&reading.sensor_id, || "sensor_id".to_owned())?,
    );
    for (name, value) in SensorReading::READING_NAMES
        .into_iter()
        .zip(reading.readings())
    {
        let value = float::double(&out, value, || name.to_owned())?;
        out.number(&mut tag, name, value);
    }
    out.empty(&tag)
}

/// The reading `input` holds, its sensor id of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<SensorReading<S>, Error> {
    let root = input.root("reading")?;
    let mut attributes = root.attributes(NAMES)?;
    let sensor_id = attributes.string(0)?;
    let mut values = [0.0; 8];
    for (index, value) in values.iter_mut().enumerate() {
        *value = attributes.parse(index + 1, parse_double)?;
    }
    input.close(&root)?;
    input.finish()?;
    Ok(SensorReading::from_readings(sensor_id, values))
}
