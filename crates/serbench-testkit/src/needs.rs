//! What a value needs beyond the portable set (see [`Carries`]).

use time::OffsetDateTime;

use serbench_model::forms;
use serbench_model::{
    Carries, Graph, MediaContent, Record, SensorReading, TaskHeader, TaskManager,
};

/// Computes which capabilities a value needs from a format.
pub trait Needs {
    /// The capabilities this value needs; all `false` for a portable value.
    fn needs(&self) -> Carries;
}

pub(crate) const NOTHING: Carries = Carries {
    non_finite_floats: false,
    nan_payloads: false,
    xml_forbidden_chars: false,
    offsets_outside_rfc3339: false,
    years_outside_rfc3339: false,
};

pub(crate) fn text(needs: &mut Carries, text: &str) {
    needs.xml_forbidden_chars |= !text.chars().all(forms::is_xml_char);
}

pub(crate) fn float(needs: &mut Carries, value: f64) {
    needs.non_finite_floats |= !value.is_finite();
    needs.nan_payloads |= value.is_nan() && value.to_bits() != forms::CANONICAL_NAN_BITS;
}

fn time(needs: &mut Carries, time: &OffsetDateTime) {
    let offset = time.offset();
    needs.offsets_outside_rfc3339 |=
        offset.seconds_past_minute() != 0 || offset.whole_hours().abs() > 23;
    needs.years_outside_rfc3339 |= !(0..=9999).contains(&time.year());
}

fn header(needs: &mut Carries, header: &TaskHeader) {
    text(needs, &header.name);
    time(needs, &header.created);
}

impl Needs for TaskManager {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        text(&mut needs, &self.user);
        for list in &self.lists {
            header(&mut needs, &list.header);
            for task in &list.tasks {
                header(&mut needs, &task.header);
                text(&mut needs, &task.description);
            }
        }
        needs
    }
}

impl Needs for SensorReading {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        text(&mut needs, &self.sensor_id);
        for reading in self.readings() {
            float(&mut needs, reading);
        }
        needs
    }
}

impl Needs for Graph {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        for node in &self.nodes {
            text(&mut needs, &node.name);
        }
        needs
    }
}

impl Needs for Record {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        for string in &self.strings {
            text(&mut needs, string);
        }
        needs
    }
}

impl Needs for MediaContent {
    fn needs(&self) -> Carries {
        let mut needs = NOTHING;
        let media = &self.media;
        let images = self.images.iter();
        let texts = [&media.uri, &media.format]
            .into_iter()
            .chain(&media.persons)
            .chain(media.title.as_ref())
            .chain(media.copyright.as_ref())
            .chain(images.clone().map(|image| &image.uri))
            .chain(images.filter_map(|image| image.title.as_ref()));
        for string in texts {
            text(&mut needs, string);
        }
        needs
    }
}
