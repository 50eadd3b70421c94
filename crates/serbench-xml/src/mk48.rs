//! mk48: `<updates>` holding an `<update score="…" world_radius="…">` per
//! update, which holds a `<contact>` per contact and a `<terrain_update>`
//! per terrain update. A contact's scalars are attributes (an absent
//! option an absent attribute; its reload flags and turret angles
//! `xs:list`s), its guidance and transform the child elements
//! `<guidance>` and `<transform>`; a terrain update's chunk id is an
//! `xs:list` of two numbers and its data `xs:hexBinary`.

use std::fmt;

use serbench_model::excerpt::shown;
use serbench_model::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update};
use serbench_model::{Error, Updates};

use crate::float::{self, items, parse_float};
use crate::read::{Element, Input, parse_bool};
use crate::write::{Output, Tag};

const ENTITY_TYPES: [&str; 10] = [
    "ARLEIGH_BURKE",
    "BISMARCK",
    "CLEMENCEAU",
    "FLETCHER",
    "G5",
    "IOWA",
    "KOLKATA",
    "OSA",
    "YASEN",
    "ZUBR",
];

fn parse_entity_type(text: &str) -> Result<EntityType, String> {
    ENTITY_TYPES
        .iter()
        .position(|name| *name == text)
        .map(|index| EntityType::ALL[index])
        .ok_or_else(|| {
            format!(
                "{} is not an entity type (ARLEIGH_BURKE to ZUBR)",
                shown(text)
            )
        })
}

/// `<contact>`'s attributes, in wire order.
const CONTACT: [&str; 6] = [
    "damage",
    "entity_id",
    "entity_type",
    "player_id",
    "reloads",
    "turret_angles",
];

/// Bytes as `xs:hexBinary`, two lowercase digits each.
struct Hex<'a>(&'a [u8]);

impl fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

/// Reads `xs:hexBinary`: pairs of hex digits, either case.
fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    let digits = text.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return Err(format!("{} has an odd number of hex digits", shown(text)));
    }
    let digit = |d: u8| (d as char).to_digit(16);
    digits
        .chunks_exact(2)
        .map(|pair| match (digit(pair[0]), digit(pair[1])) {
            (Some(high), Some(low)) => Ok((high * 16 + low) as u8),
            _ => Err(format!("{} is not xs:hexBinary", shown(text))),
        })
        .collect()
}

fn bool_text(value: bool) -> &'static str {
    if value { "true" } else { "false" }
}

pub(crate) fn encode(updates: &Updates, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<Updates>(out);
    out.declaration()?;
    if !out.open(&Tag::new("updates"), !updates.updates.is_empty())? {
        return Ok(());
    }
    let mut tags = [
        Tag::new("update"),
        Tag::new("contact"),
        Tag::new("guidance"),
        Tag::new("transform"),
        Tag::new("terrain_update"),
    ];
    for (index, update) in updates.updates.iter().enumerate() {
        write_update(&mut out, &mut tags, update, &|| format!("updates[{index}]"))?;
    }
    out.end("updates")
}

fn write_update(
    out: &mut Output<'_>,
    [tag, contact_tag, guidance, transform, terrain]: &mut [Tag; 5],
    update: &Update,
    path: &dyn Fn() -> String,
) -> Result<(), Error> {
    out.number(tag.clear(), "score", update.score);
    let radius = float::float(out, update.world_radius, || {
        format!("{}.world_radius", path())
    })?;
    out.number(tag, "world_radius", radius);
    let has_content = !update.contacts.is_empty() || !update.terrain_updates.is_empty();
    if !out.open(tag, has_content)? {
        return Ok(());
    }
    for (index, contact) in update.contacts.iter().enumerate() {
        let contact_path = || format!("{}.contacts[{index}]", path());
        out.number(contact_tag.clear(), "damage", contact.damage);
        out.number(contact_tag, "entity_id", contact.entity_id);
        if let Some(entity_type) = contact.entity_type {
            contact_tag.plain("entity_type", ENTITY_TYPES[entity_type as usize]);
        }
        if let Some(player_id) = contact.player_id {
            out.number(contact_tag, "player_id", player_id);
        }
        out.list(
            contact_tag,
            "reloads",
            contact.reloads.iter().map(|reload| bool_text(*reload)),
        );
        out.list(contact_tag, "turret_angles", &contact.turret_angles);
        out.start(contact_tag)?;

        let Guidance {
            angle,
            submerge,
            velocity,
        } = contact.guidance;
        out.number(guidance.clear(), "angle", angle);
        guidance.plain("submerge", bool_text(submerge));
        out.number(guidance, "velocity", velocity);
        out.empty(guidance)?;

        let Transform {
            altitude,
            angle,
            position: (x, y),
            velocity,
        } = contact.transform;
        out.number(transform.clear(), "altitude", altitude);
        out.number(transform, "angle", angle);
        let at = || format!("{}.transform.position", contact_path());
        let position = [float::float(out, x, at)?, float::float(out, y, at)?];
        out.list(transform, "position", position);
        out.number(transform, "velocity", velocity);
        out.empty(transform)?;
        out.end("contact")?;
    }
    for terrain_update in &update.terrain_updates {
        let (x, y) = terrain_update.chunk_id;
        out.list(terrain.clear(), "chunk_id", [x, y]);
        out.number(terrain, "data", Hex(&terrain_update.data));
        out.empty(terrain)?;
    }
    out.end("update")
}

/// The updates `input` holds.
pub(crate) fn decode(mut input: Input<'_>) -> Result<Updates, Error> {
    let root = input.root("updates")?;
    root.attributes([])?;
    let mut updates = Vec::new();
    while let Some(element) = input.child(&root)? {
        if element.name() != "update" {
            return Err(input.unexpected(&element, &root));
        }
        updates.push(read_update(&mut input, &element)?);
    }
    input.finish()?;
    Ok(Updates { updates })
}

fn read_update<'a>(input: &mut Input<'a>, element: &Element<'a>) -> Result<Update, Error> {
    let attributes = element.attributes(["score", "world_radius"])?;
    let score = attributes.integer(0)?;
    let world_radius = attributes.parse(1, parse_float)?;
    let (mut contacts, mut terrain_updates) = (Vec::new(), Vec::new());
    while let Some(child) = input.child(element)? {
        match child.name() {
            "contact" => contacts.push(read_contact(input, &child)?),
            "terrain_update" => {
                let attributes = child.attributes(["chunk_id", "data"])?;
                terrain_updates.push(TerrainUpdate {
                    chunk_id: attributes.parse(0, |text| {
                        items(text, |item| {
                            item.parse::<i8>().map_err(|_| {
                                format!("{} is not an integer in range for i8", shown(item))
                            })
                        })
                        .map(|[x, y]| (x, y))
                    })?,
                    data: attributes.parse(1, parse_hex)?,
                });
                input.close(&child)?;
            }
            _ => return Err(input.unexpected(&child, element)),
        }
    }
    Ok(Update {
        contacts,
        score,
        world_radius,
        terrain_updates,
    })
}

fn read_contact<'a>(input: &mut Input<'a>, element: &Element<'a>) -> Result<Contact, Error> {
    let attributes = element.attributes(CONTACT)?;
    let damage = attributes.integer(0)?;
    let entity_id = attributes.integer(1)?;
    let entity_type = if attributes.has(2) {
        Some(attributes.parse(2, parse_entity_type)?)
    } else {
        None
    };
    let player_id = attributes.optional_integer(3)?;
    let reloads = attributes.parse(4, |text| {
        text.split(' ')
            .filter(|item| !item.is_empty())
            .map(parse_bool)
            .collect::<Result<Vec<_>, _>>()
    })?;
    let turret_angles = attributes.integers(5)?;
    let (mut guidance, mut transform) = (None, None);
    while let Some(child) = input.child(element)? {
        match child.name() {
            "guidance" if guidance.is_some() => return Err(input.repeated(&child, element)),
            "guidance" => {
                let attributes = child.attributes(["angle", "submerge", "velocity"])?;
                guidance = Some(Guidance {
                    angle: attributes.integer(0)?,
                    submerge: attributes.parse(1, parse_bool)?,
                    velocity: attributes.integer(2)?,
                });
            }
            "transform" if transform.is_some() => return Err(input.repeated(&child, element)),
            "transform" => {
                let attributes = child.attributes(["altitude", "angle", "position", "velocity"])?;
                transform = Some(Transform {
                    altitude: attributes.integer(0)?,
                    angle: attributes.integer(1)?,
                    position: attributes
                        .parse(2, |text| items(text, parse_float).map(|[x, y]| (x, y)))?,
                    velocity: attributes.integer(3)?,
                });
            }
            _ => return Err(input.unexpected(&child, element)),
        }
        input.close(&child)?;
    }
    Ok(Contact {
        damage,
        entity_id,
        entity_type,
        guidance: guidance.ok_or_else(|| input.missing("guidance", element))?,
        player_id,
        reloads,
        transform: transform.ok_or_else(|| input.missing("transform", element))?,
        turret_angles,
    })
}
