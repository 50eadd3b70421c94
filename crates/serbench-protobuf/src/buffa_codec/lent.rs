//! The borrowed decode: buffa's lazy views of the root messages, whose
//! strings are slices of the input, into the model's borrowed forms.
//!
//! A lazy view (`TaskManagerLazyView<'a>`) reads its own fields, strings
//! as `&'a str` checked for UTF-8, and keeps each nested message as its
//! bytes until it is read; the conversions below read every one, so the
//! whole message is decoded and checked, as buffa's owned decode checks
//! it. buffa's eager views box every nested message (a header per task),
//! which a lazy view does not: a task-manager borrow allocates the views'
//! lists of element bytes and the model's lists, and nothing per task.
//!
//! The checks beyond the wire are the owned decode's own functions
//! (`finish_header`, `read_priority`, `node_from`, `edges_from`,
//! `reading_from`, `MediaFields::finish`, `size_from`, `LogFields::finish`,
//! `triangle_from`, `PlayerFields::finish`, `ContactFields::finish`, …),
//! generic over the string they hold. The small messages of numbers alone
//! (an address, a vector) are copied into prost's, whose checks the owned
//! decodes share. mesh and mk48 hold no text, so their borrowed form is
//! the owned value, read from the views all the same. A conversion that fails returns `None`, and
//! `lend_or_tell` then reports the owned decode's error.

use buffa::{LazyMessageFieldView, LazyMessageView};
use serbench_model::minecraft::{Item, RecipeBook};
use serbench_model::{
    Dataset, Graph, Image, Logs, MediaContent, Mesh, Players, Record, SensorReading, Task,
    TaskHeader, TaskList, TaskManager, Text, Updates, Version,
};

use super::messages as b;
use crate::graph::{edges_from, node_from};
use crate::log::LogFields;
use crate::media::{MediaFields, size_from};
use crate::mesh::triangle_from;
use crate::minecraft::{EntityFields, PlayerFields, item_from};
use crate::mk48::{ContactFields, angles_from, terrain_from};
use crate::proto;
use crate::read::required;
use crate::task_manager::{Header, finish_header, read_priority};
use crate::telemetry::reading_from;

/// A dataset and the lazy view of its buffa root message.
pub(crate) trait Lent: Dataset {
    /// The root message's lazy view, borrowing from the input for `'a`.
    type View<'a>: LazyMessageView<'a>;

    /// The borrowed form `view` holds, its text lent from the input;
    /// `None` where a nested message or a check refuses it.
    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>>;
}

impl Lent for TaskManager {
    type View<'a> = b::TaskManagerLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut lists = Vec::with_capacity(view.lists.len());
        for list in &view.lists {
            let list = list.ok()?;
            let list_header = header(&list.header)?;
            let mut tasks = Vec::with_capacity(list.tasks.len());
            for task in &list.tasks {
                let task = task.ok()?;
                tasks.push(Task {
                    header: header(&task.header)?,
                    description: Text::borrowed(task.description),
                    priority: read_priority(task.priority.to_i32()).ok()?,
                    completed: task.completed,
                });
            }
            lists.push(TaskList {
                header: list_header,
                tasks,
            });
        }
        Some(TaskManager {
            user: Text::borrowed(view.user),
            version: Version {
                // The view's own vector, reused.
                segments: view.version.into_iter().collect(),
            },
            lists,
        })
    }
}

/// The required header of a list or task, read from its bytes.
fn header<'a>(
    field: &LazyMessageFieldView<'a, b::TaskHeaderLazyView<'a>>,
) -> Option<TaskHeader<Text<'a>>> {
    let header = field.get().ok()?.map(|header| Header {
        id: header.id,
        name: Text::borrowed(header.name),
        color: header.color,
        seconds: header.created_seconds,
        nanos: header.created_nanos,
        offset: header.created_offset_seconds,
    });
    finish_header(header).ok()
}

impl Lent for SensorReading {
    type View<'a> = b::SensorReadingLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let readings = [
            view.ambient_temperature,
            view.object_temperature,
            view.accelerometer_x,
            view.accelerometer_y,
            view.accelerometer_z,
            view.altitude,
            view.light,
            view.humidity,
        ];
        reading_from(Text::borrowed(view.sensor_id), readings).ok()
    }
}

impl Lent for Graph {
    type View<'a> = b::GraphLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut nodes = Vec::with_capacity(view.nodes.len());
        for node in &view.nodes {
            let node = node.ok()?;
            let node = node_from(
                node.id,
                Text::borrowed(node.name),
                node.out_edges.into_iter().collect(),
                node.in_edges.into_iter().collect(),
            );
            nodes.push(node.ok()?);
        }
        let count = view.edge_from.len();
        let edges = edges_from([view.edge_from, view.edge_to, view.edge_weight], count).ok()?;
        Some(Graph { nodes, edges })
    }
}

impl Lent for Record {
    type View<'a> = b::RecordLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        Some(Record {
            ids: view.ids.into_iter().collect(),
            strings: view.strings.into_iter().map(Text::borrowed).collect(),
        })
    }
}

impl Lent for MediaContent {
    type View<'a> = b::MediaContentLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        // Media first, as the owned decode's conversion checks it first.
        let media = required(view.media.get().ok()?, "media").ok()?;
        let media = MediaFields {
            uri: Text::borrowed(media.uri),
            title: media.title.map(Text::borrowed),
            width: media.width,
            height: media.height,
            format: Text::borrowed(media.format),
            duration: media.duration,
            size: media.size,
            bitrate: media.bitrate,
            persons: media.persons.into_iter().map(Text::borrowed).collect(),
            player: media.player.to_i32(),
            copyright: media.copyright.map(Text::borrowed),
        }
        .finish()
        .ok()?;
        let mut images = Vec::with_capacity(view.images.len());
        for image in &view.images {
            let image = image.ok()?;
            images.push(Image {
                size: size_from(image.size.to_i32()).ok()?,
                uri: Text::borrowed(image.uri),
                title: image.title.map(Text::borrowed),
                width: image.width,
                height: image.height,
            });
        }
        Some(MediaContent { media, images })
    }
}

impl Lent for Logs {
    type View<'a> = b::LogsLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut logs = Vec::with_capacity(view.logs.len());
        for log in &view.logs {
            let log = log.ok()?;
            let address = log.address.get().ok()?.map(|address| proto::Address {
                x0: address.x0,
                x1: address.x1,
                x2: address.x2,
                x3: address.x3,
            });
            let log = LogFields {
                address,
                identity: Text::borrowed(log.identity),
                userid: Text::borrowed(log.userid),
                date: Text::borrowed(log.date),
                request: Text::borrowed(log.request),
                code: log.code,
                size: log.size,
            };
            logs.push(log.finish().ok()?);
        }
        Some(Logs { logs })
    }
}

/// A vector of a triangle, if its bytes are a message: the owned
/// decodes' `Vector3`.
#[allow(
    clippy::option_option,
    reason = "absent (`None` inside) is for the owned decode's check to refuse; a view that does not parse is `None`"
)]
fn vector3<'a>(
    field: &LazyMessageFieldView<'a, b::Vector3LazyView<'a>>,
) -> Option<Option<proto::Vector3>> {
    let vector = field.get().ok()?;
    Some(vector.map(|vector| proto::Vector3 {
        x: vector.x,
        y: vector.y,
        z: vector.z,
    }))
}

impl Lent for Mesh {
    type View<'a> = b::MeshLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut triangles = Vec::with_capacity(view.triangles.len());
        for triangle in &view.triangles {
            let triangle = triangle.ok()?;
            let vectors = [
                vector3(&triangle.v0)?,
                vector3(&triangle.v1)?,
                vector3(&triangle.v2)?,
                vector3(&triangle.normal)?,
            ];
            triangles.push(triangle_from(vectors).ok()?);
        }
        Some(Mesh { triangles })
    }
}

#[allow(
    clippy::option_option,
    reason = "absent (`None` inside) is for the owned decode's check to refuse; a view that does not parse is `None`"
)]
fn vector3d<'a>(
    field: &LazyMessageFieldView<'a, b::Vector3dLazyView<'a>>,
) -> Option<Option<proto::Vector3d>> {
    let vector = field.get().ok()?;
    Some(vector.map(|vector| proto::Vector3d {
        x: vector.x,
        y: vector.y,
        z: vector.z,
    }))
}

#[allow(
    clippy::option_option,
    reason = "absent (`None` inside) is for the owned decode's check to refuse; a view that does not parse is `None`"
)]
fn uuid<'a>(field: &LazyMessageFieldView<'a, b::UuidLazyView<'a>>) -> Option<Option<proto::Uuid>> {
    let uuid = field.get().ok()?;
    Some(uuid.map(|uuid| proto::Uuid {
        x0: uuid.x0,
        x1: uuid.x1,
        x2: uuid.x2,
        x3: uuid.x3,
    }))
}

/// An entity's fields, its text lent, if its bytes are a message.
#[allow(
    clippy::option_option,
    reason = "absent (`None` inside) is for the owned decode's check to refuse; a view that does not parse is `None`"
)]
fn entity<'a>(
    field: &LazyMessageFieldView<'a, b::EntityLazyView<'a>>,
) -> Option<Option<EntityFields<Text<'a>>>> {
    let Some(entity) = field.get().ok()? else {
        return Some(None);
    };
    let rotation = entity.rotation.get().ok()?;
    Some(Some(EntityFields {
        id: Text::borrowed(entity.id),
        pos: vector3d(&entity.pos)?,
        motion: vector3d(&entity.motion)?,
        rotation: rotation.map(|rotation| proto::Vector2f {
            x: rotation.x,
            y: rotation.y,
        }),
        fall_distance: entity.fall_distance,
        fire: entity.fire,
        air: entity.air,
        on_ground: entity.on_ground,
        no_gravity: entity.no_gravity,
        invulnerable: entity.invulnerable,
        portal_cooldown: entity.portal_cooldown,
        uuid: uuid(&entity.uuid)?,
        custom_name: entity.custom_name.map(Text::borrowed),
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
    }))
}

/// An inventory's items, checked, their ids lent.
fn items<'a>(
    items: &buffa::LazyRepeatedView<'a, b::ItemLazyView<'a>>,
) -> Option<Vec<Item<Text<'a>>>> {
    let mut lent = Vec::with_capacity(items.len());
    for item in items {
        let item = item.ok()?;
        lent.push(item_from(item.count, item.slot, Text::borrowed(item.id)).ok()?);
    }
    Some(lent)
}

/// A recipe book, its recipes lent.
fn recipe_book(book: b::RecipeBookLazyView<'_>) -> RecipeBook<Text<'_>> {
    RecipeBook {
        recipes: book.recipes.into_iter().map(Text::borrowed).collect(),
        to_be_displayed: book
            .to_be_displayed
            .into_iter()
            .map(Text::borrowed)
            .collect(),
        is_filtering_craftable: book.is_filtering_craftable,
        is_gui_open: book.is_gui_open,
        is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
        is_furnace_gui_open: book.is_furnace_gui_open,
        is_blasting_furnace_filtering_craftable: book.is_blasting_furnace_filtering_craftable,
        is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
        is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
        is_smoker_gui_open: book.is_smoker_gui_open,
    }
}

impl Lent for Players {
    type View<'a> = b::PlayersLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut players = Vec::with_capacity(view.players.len());
        for player in &view.players {
            let player = player.ok()?;
            let selected_item = player.selected_item.get().ok()?;
            let abilities = player.abilities.get().ok()?;
            let root_vehicle = match player.root_vehicle.get().ok()? {
                None => None,
                Some(vehicle) => Some((uuid(&vehicle.uuid)?, entity(&vehicle.entity)?)),
            };
            let recipe_book = player.recipe_book.get().ok()?.map(recipe_book);
            let fields = PlayerFields {
                game_type: player.game_type.to_i32(),
                previous_game_type: player.previous_game_type.to_i32(),
                score: player.score,
                dimension: Text::borrowed(player.dimension),
                selected_item_slot: player.selected_item_slot,
                selected_item: selected_item
                    .map(|item| item_from(item.count, item.slot, Text::borrowed(item.id))),
                spawn_dimension: player.spawn_dimension.map(Text::borrowed),
                spawn_x: player.spawn_x,
                spawn_y: player.spawn_y,
                spawn_z: player.spawn_z,
                spawn_forced: player.spawn_forced,
                sleep_timer: player.sleep_timer,
                food_exhaustion_level: player.food_exhaustion_level,
                food_saturation_level: player.food_saturation_level,
                food_tick_timer: player.food_tick_timer,
                xp_level: player.xp_level,
                xp_p: player.xp_p,
                xp_total: player.xp_total,
                xp_seed: player.xp_seed,
                inventory: items(&player.inventory)?,
                ender_items: items(&player.ender_items)?,
                abilities: abilities.map(|abilities| proto::Abilities {
                    walk_speed: abilities.walk_speed,
                    fly_speed: abilities.fly_speed,
                    may_fly: abilities.may_fly,
                    flying: abilities.flying,
                    invulnerable: abilities.invulnerable,
                    may_build: abilities.may_build,
                    instabuild: abilities.instabuild,
                }),
                entered_nether_position: vector3d(&player.entered_nether_position)?,
                root_vehicle,
                shoulder_entity_left: entity(&player.shoulder_entity_left)?,
                shoulder_entity_right: entity(&player.shoulder_entity_right)?,
                seen_credits: player.seen_credits,
                recipe_book,
            };
            players.push(fields.finish().ok()?);
        }
        Some(Players { players })
    }
}

impl Lent for Updates {
    type View<'a> = b::UpdatesLazyView<'a>;

    fn lent(view: Self::View<'_>) -> Option<Self::Borrowed<'_>> {
        let mut updates = Vec::with_capacity(view.updates.len());
        for update in &view.updates {
            let update = update.ok()?;
            let mut contacts = Vec::with_capacity(update.contacts.len());
            for contact in &update.contacts {
                let contact = contact.ok()?;
                let guidance = contact.guidance.get().ok()?;
                let transform =
                    match contact.transform.get().ok()? {
                        None => None,
                        Some(transform) => Some(proto::Transform {
                            altitude: transform.altitude,
                            angle: transform.angle,
                            position: transform.position.get().ok()?.map(|position| {
                                proto::Position {
                                    x: position.x,
                                    y: position.y,
                                }
                            }),
                            velocity: transform.velocity,
                        }),
                    };
                let fields = ContactFields {
                    damage: contact.damage,
                    entity_id: contact.entity_id,
                    entity_type: contact.entity_type.map(|entity_type| entity_type.to_i32()),
                    guidance: guidance.map(|guidance| proto::Guidance {
                        angle: guidance.angle,
                        submerge: guidance.submerge,
                        velocity: guidance.velocity,
                    }),
                    player_id: contact.player_id,
                    reloads: contact.reloads.into_iter().collect(),
                    transform,
                    turret_angles: angles_from(contact.turret_angles).ok()?,
                };
                contacts.push(fields.finish().ok()?);
            }
            let mut terrain_updates = Vec::with_capacity(update.terrain_updates.len());
            for terrain in &update.terrain_updates {
                let terrain = terrain.ok()?;
                let chunk_id = terrain.chunk_id.get().ok()?.map(|chunk| proto::ChunkId {
                    x: chunk.x,
                    y: chunk.y,
                });
                terrain_updates.push(terrain_from(chunk_id, terrain.data.to_vec()).ok()?);
            }
            updates.push(serbench_model::mk48::Update {
                contacts,
                score: update.score,
                world_radius: crate::read::or_zero(update.world_radius),
                terrain_updates,
            });
        }
        Some(Updates { updates })
    }
}
