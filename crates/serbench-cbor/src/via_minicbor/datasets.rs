//! The datasets other than the task-manager, as minicbor `Encode`/`Decode`
//! impls: maps keyed by the model's field names in field order, the layout
//! ciborium writes through the model's serde derive.

use minicbor::decode::Error as DecodeError;
use minicbor::encode::{Error as EncodeError, Write};
use minicbor::{Decode, Decoder, Encode, Encoder};
use serbench_model::excerpt::shown_name;
use serbench_model::{
    Edge, Graph, Image, Media, MediaContent, Node, Player, Record, SensorReading, Size,
};

use super::{
    Ctx, Str, decoded, fields, float, items, need, optional, string, text, write_optional,
};

impl Encode<Ctx> for SensorReading {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        _: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(9)?.str("sensor_id")?.str(&self.sensor_id)?;
        for (name, value) in SensorReading::READING_NAMES
            .into_iter()
            .zip(self.readings())
        {
            e.str(name)?;
            float(e, value)?;
        }
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for SensorReading<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        const NAMES: [&str; 9] = [
            "sensor_id",
            "ambient_temperature",
            "object_temperature",
            "accelerometer_x",
            "accelerometer_y",
            "accelerometer_z",
            "altitude",
            "light",
            "humidity",
        ];
        let mut sensor_id = None;
        let mut readings = [None; 8];
        fields(d, &NAMES, |field, d| {
            match field.checked_sub(1) {
                None => sensor_id = Some(string(d)?),
                Some(reading) => readings[reading] = Some(d.f64()?),
            }
            Ok(())
        })?;
        let mut values = [0.0; 8];
        for ((value, reading), name) in values.iter_mut().zip(readings).zip(&NAMES[1..]) {
            *value = need(reading, name, d)?;
        }
        Ok(SensorReading::from_readings(
            need(sensor_id, "sensor_id", d)?,
            values,
        ))
    }
}

impl Encode<Ctx> for Graph {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        ctx: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(2)?.str("nodes")?.encode_with(&self.nodes, ctx)?;
        e.str("edges")?.encode_with(&self.edges, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Graph<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut nodes, mut edges) = (None, None);
        fields(d, &["nodes", "edges"], |field, d| {
            match field {
                0 => nodes = Some(decoded(d)?),
                _ => edges = Some(decoded(d)?),
            }
            Ok(())
        })?;
        Ok(Graph {
            nodes: need(nodes, "nodes", d)?,
            edges: need(edges, "edges", d)?,
        })
    }
}

impl Encode<Ctx> for Node {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        ctx: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(4)?.str("id")?.u16(self.id)?;
        e.str("name")?.str(&self.name)?;
        e.str("out_edges")?.encode_with(&self.out_edges, ctx)?;
        e.str("in_edges")?.encode_with(&self.in_edges, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Node<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut id, mut name, mut out_edges, mut in_edges) = (None, None, None, None);
        fields(d, &["id", "name", "out_edges", "in_edges"], |field, d| {
            match field {
                0 => id = Some(d.u16()?),
                1 => name = Some(string(d)?),
                2 => out_edges = Some(items(d, Decoder::u32)?),
                _ => in_edges = Some(items(d, Decoder::u32)?),
            }
            Ok(())
        })?;
        Ok(Node {
            id: need(id, "id", d)?,
            name: need(name, "name", d)?,
            out_edges: need(out_edges, "out_edges", d)?,
            in_edges: need(in_edges, "in_edges", d)?,
        })
    }
}

impl Encode<Ctx> for Edge {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        _: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(3)?.str("from")?.u32(self.from)?;
        e.str("to")?.u32(self.to)?;
        e.str("weight")?.u16(self.weight)?;
        Ok(())
    }
}

impl<'b> Decode<'b, Ctx> for Edge {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut from, mut to, mut weight) = (None, None, None);
        fields(d, &["from", "to", "weight"], |field, d| {
            match field {
                0 => from = Some(d.u32()?),
                1 => to = Some(d.u32()?),
                _ => weight = Some(d.u16()?),
            }
            Ok(())
        })?;
        Ok(Edge {
            from: need(from, "from", d)?,
            to: need(to, "to", d)?,
            weight: need(weight, "weight", d)?,
        })
    }
}

impl Encode<Ctx> for Record {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        ctx: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(2)?.str("ids")?.encode_with(&self.ids, ctx)?;
        e.str("strings")?.encode_with(&self.strings, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Record<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut ids, mut strings) = (None, None);
        fields(d, &["ids", "strings"], |field, d| {
            match field {
                0 => ids = Some(items(d, Decoder::i64)?),
                _ => strings = Some(items(d, string)?),
            }
            Ok(())
        })?;
        Ok(Record {
            ids: need(ids, "ids", d)?,
            strings: need(strings, "strings", d)?,
        })
    }
}

impl Encode<Ctx> for MediaContent {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        ctx: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(2)?.str("media")?.encode_with(&self.media, ctx)?;
        e.str("images")?.encode_with(&self.images, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for MediaContent<S> {
    fn decode(d: &mut Decoder<'b>, ctx: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut media, mut images) = (None, None);
        fields(d, &["media", "images"], |field, d| {
            match field {
                0 => media = Some(Media::decode(d, ctx)?),
                _ => images = Some(decoded(d)?),
            }
            Ok(())
        })?;
        Ok(MediaContent {
            media: need(media, "media", d)?,
            images: need(images, "images", d)?,
        })
    }
}

impl Encode<Ctx> for Media {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        _: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(11)?.str("uri")?.str(&self.uri)?.str("title")?;
        write_optional(e, self.title.as_ref(), |e, title| e.str(title).map(|_| ()))?;
        e.str("width")?
            .i32(self.width)?
            .str("height")?
            .i32(self.height)?;
        e.str("format")?.str(&self.format)?;
        e.str("duration")?
            .i64(self.duration)?
            .str("size")?
            .i64(self.size)?;
        e.str("bitrate")?;
        write_optional(e, self.bitrate.as_ref(), |e, bitrate| {
            e.i32(*bitrate).map(|_| ())
        })?;
        e.str("persons")?.array(self.persons.len() as u64)?;
        for person in &self.persons {
            e.str(person)?;
        }
        let player = match self.player {
            Player::Java => "JAVA",
            Player::Flash => "FLASH",
        };
        e.str("player")?.str(player)?.str("copyright")?;
        write_optional(e, self.copyright.as_ref(), |e, copyright| {
            e.str(copyright).map(|_| ())
        })
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Media<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        const NAMES: [&str; 11] = [
            "uri",
            "title",
            "width",
            "height",
            "format",
            "duration",
            "size",
            "bitrate",
            "persons",
            "player",
            "copyright",
        ];
        let (mut uri, mut title, mut width, mut height, mut format) =
            (None, None, None, None, None);
        let (mut duration, mut size, mut bitrate, mut persons) = (None, None, None, None);
        let (mut player, mut copyright) = (None, None);
        fields(d, &NAMES, |field, d| {
            match field {
                0 => uri = Some(string(d)?),
                1 => title = Some(optional(d, string)?),
                2 => width = Some(d.i32()?),
                3 => height = Some(d.i32()?),
                4 => format = Some(string(d)?),
                5 => duration = Some(d.i64()?),
                6 => size = Some(d.i64()?),
                7 => bitrate = Some(optional(d, Decoder::i32)?),
                8 => persons = Some(items(d, string)?),
                9 => player = Some(variant(d, &PLAYERS)?),
                _ => copyright = Some(optional(d, string)?),
            }
            Ok(())
        })?;
        Ok(Media {
            uri: need(uri, "uri", d)?,
            title: need(title, "title", d)?,
            width: need(width, "width", d)?,
            height: need(height, "height", d)?,
            format: need(format, "format", d)?,
            duration: need(duration, "duration", d)?,
            size: need(size, "size", d)?,
            bitrate: need(bitrate, "bitrate", d)?,
            persons: need(persons, "persons", d)?,
            player: need(player, "player", d)?,
            copyright: need(copyright, "copyright", d)?,
        })
    }
}

impl Encode<Ctx> for Image {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        _: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(5)?.str("uri")?.str(&self.uri)?.str("title")?;
        write_optional(e, self.title.as_ref(), |e, title| e.str(title).map(|_| ()))?;
        e.str("width")?
            .i32(self.width)?
            .str("height")?
            .i32(self.height)?;
        let size = match self.size {
            Size::Small => "SMALL",
            Size::Large => "LARGE",
        };
        e.str("size")?.str(size)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Image<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut uri, mut title, mut width, mut height, mut size) = (None, None, None, None, None);
        fields(
            d,
            &["uri", "title", "width", "height", "size"],
            |field, d| {
                match field {
                    0 => uri = Some(string(d)?),
                    1 => title = Some(optional(d, string)?),
                    2 => width = Some(d.i32()?),
                    3 => height = Some(d.i32()?),
                    _ => size = Some(variant(d, &SIZES)?),
                }
                Ok(())
            },
        )?;
        Ok(Image {
            uri: need(uri, "uri", d)?,
            title: need(title, "title", d)?,
            width: need(width, "width", d)?,
            height: need(height, "height", d)?,
            size: need(size, "size", d)?,
        })
    }
}

/// The players by the names the model's serde derive writes.
const PLAYERS: [(&str, Player); 2] = [("JAVA", Player::Java), ("FLASH", Player::Flash)];

/// The image sizes by the names the model's serde derive writes.
const SIZES: [(&str, Size); 2] = [("SMALL", Size::Small), ("LARGE", Size::Large)];

/// A unit enum variant, by its name as text.
pub(super) fn variant<T: Copy>(
    d: &mut Decoder<'_>,
    variants: &[(&str, T)],
) -> Result<T, DecodeError> {
    let at = d.position();
    let name = text(d)?;
    variants
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, value)| *value)
        .ok_or_else(|| {
            DecodeError::message(format!("unknown variant `{}`", shown_name(&name))).at(at)
        })
}
