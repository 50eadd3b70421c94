//! The types savefile reads and writes: the model's shape with savefile's
//! derive, as a savefile user writes their own types. The model crate
//! declares them (`mirror!`), so bitcode's, wincode's, borsh's and this
//! crate share one definition of the layout.
//!
//! Only the owned half carries the derive. `#[derive(Savefile)]` writes a
//! reader along with the writer, and savefile has no reader for a borrowed
//! `&str` (it writes one), so the borrowed types cannot derive it; the
//! codec encodes from the owned types instead, built from the model by
//! [`Owned::own`], which copies every string (timed, as a savefile user
//! whose data lives in other types pays the same).

#![allow(
    dead_code,
    reason = "`mirror!` declares a borrowed half too, which savefile's derive cannot take (see \
              above), so nothing reads it"
)]

use savefile::prelude::Savefile;
use serbench_model::forms;

serbench_model::mirror! {
    owned: #[derive(Savefile)],
    borrowed: ,
    integer_lists: copied,
}

/// A model value as its owned mirror, for savefile to write.
pub(crate) trait Owned: Mirrored {
    fn own(&self) -> Self::Owned;
}

impl Owned for serbench_model::TaskManager {
    fn own(&self) -> TaskManager {
        TaskManager {
            user: self.user.clone(),
            version: self.version.segments.clone(),
            lists: self
                .lists
                .iter()
                .map(|list| TaskList {
                    header: header(&list.header),
                    tasks: list
                        .tasks
                        .iter()
                        .map(|task| Task {
                            header: header(&task.header),
                            description: task.description.clone(),
                            priority: match task.priority {
                                serbench_model::Priority::Low => Priority::Low,
                                serbench_model::Priority::Medium => Priority::Medium,
                                serbench_model::Priority::High => Priority::High,
                                serbench_model::Priority::Critical => Priority::Critical,
                            },
                            completed: task.completed,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

fn header(header: &serbench_model::TaskHeader) -> Header {
    let (seconds, nanos, offset_seconds) = forms::timestamp_parts(&header.created);
    Header {
        id: header.id.into_bytes(),
        name: header.name.clone(),
        color: serbench_model::Color::argb(header.color),
        created: Created {
            seconds,
            nanos,
            offset_seconds,
        },
    }
}

impl Owned for serbench_model::SensorReading {
    fn own(&self) -> SensorReading {
        SensorReading {
            sensor_id: self.sensor_id.clone(),
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

impl Owned for serbench_model::Graph {
    fn own(&self) -> Graph {
        Graph {
            nodes: self
                .nodes
                .iter()
                .map(|node| Node {
                    id: node.id,
                    name: node.name.clone(),
                    out_edges: node.out_edges.clone(),
                    in_edges: node.in_edges.clone(),
                })
                .collect(),
            edges: self
                .edges
                .iter()
                .map(|edge| Edge {
                    from: edge.from,
                    to: edge.to,
                    weight: edge.weight,
                })
                .collect(),
        }
    }
}

impl Owned for serbench_model::Record {
    fn own(&self) -> Record {
        Record {
            ids: self.ids.clone(),
            strings: self.strings.clone(),
        }
    }
}

impl Owned for serbench_model::MediaContent {
    fn own(&self) -> MediaContent {
        let media = &self.media;
        MediaContent {
            media: Media {
                uri: media.uri.clone(),
                title: media.title.clone(),
                width: media.width,
                height: media.height,
                format: media.format.clone(),
                duration: media.duration,
                size: media.size,
                bitrate: media.bitrate,
                persons: media.persons.clone(),
                player: match media.player {
                    serbench_model::Player::Java => Player::Java,
                    serbench_model::Player::Flash => Player::Flash,
                },
                copyright: media.copyright.clone(),
            },
            images: self
                .images
                .iter()
                .map(|image| Image {
                    uri: image.uri.clone(),
                    title: image.title.clone(),
                    width: image.width,
                    height: image.height,
                    size: match image.size {
                        serbench_model::Size::Small => Size::Small,
                        serbench_model::Size::Large => Size::Large,
                    },
                })
                .collect(),
        }
    }
}

impl Owned for serbench_model::Logs {
    fn own(&self) -> Logs {
        Logs {
            logs: self
                .logs
                .iter()
                .map(|log| Log {
                    address: log.address.into(),
                    identity: log.identity.clone(),
                    userid: log.userid.clone(),
                    date: log.date.clone(),
                    request: log.request.clone(),
                    code: log.code,
                    size: log.size,
                })
                .collect(),
        }
    }
}

/// Mesh and mk48 have no text: with its integer lists copied, their view
/// is their owned mirror already.
impl Owned for serbench_model::Mesh {
    fn own(&self) -> Mesh {
        self.borrowed()
    }
}

impl Owned for serbench_model::Updates {
    fn own(&self) -> Updates {
        self.borrowed()
    }
}

fn item(item: &serbench_model::minecraft::Item) -> Item {
    Item {
        count: item.count,
        slot: item.slot,
        id: item.id.clone(),
    }
}

fn entity(entity: &serbench_model::minecraft::Entity) -> Entity {
    Entity {
        id: entity.id.clone(),
        pos: entity.pos,
        motion: entity.motion,
        rotation: entity.rotation,
        fall_distance: entity.fall_distance,
        fire: entity.fire,
        air: entity.air,
        on_ground: entity.on_ground,
        no_gravity: entity.no_gravity,
        invulnerable: entity.invulnerable,
        portal_cooldown: entity.portal_cooldown,
        uuid: entity.uuid,
        custom_name: entity.custom_name.clone(),
        custom_name_visible: entity.custom_name_visible,
        silent: entity.silent,
        glowing: entity.glowing,
    }
}

impl Owned for serbench_model::Players {
    fn own(&self) -> Players {
        Players {
            players: self
                .players
                .iter()
                .map(|player| {
                    let book = &player.recipe_book;
                    SavedPlayer {
                        game_type: player.game_type.into(),
                        previous_game_type: player.previous_game_type.into(),
                        score: player.score,
                        dimension: player.dimension.clone(),
                        selected_item_slot: player.selected_item_slot,
                        selected_item: item(&player.selected_item),
                        spawn_dimension: player.spawn_dimension.clone(),
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
                        inventory: player.inventory.iter().map(item).collect(),
                        ender_items: player.ender_items.iter().map(item).collect(),
                        abilities: player.abilities.into(),
                        entered_nether_position: player.entered_nether_position,
                        root_vehicle: player
                            .root_vehicle
                            .as_ref()
                            .map(|(uuid, vehicle)| (*uuid, entity(vehicle))),
                        shoulder_entity_left: player.shoulder_entity_left.as_ref().map(entity),
                        shoulder_entity_right: player.shoulder_entity_right.as_ref().map(entity),
                        seen_credits: player.seen_credits,
                        recipe_book: RecipeBook {
                            recipes: book.recipes.clone(),
                            to_be_displayed: book.to_be_displayed.clone(),
                            is_filtering_craftable: book.is_filtering_craftable,
                            is_gui_open: book.is_gui_open,
                            is_furnace_filtering_craftable: book.is_furnace_filtering_craftable,
                            is_furnace_gui_open: book.is_furnace_gui_open,
                            is_blasting_furnace_filtering_craftable: book
                                .is_blasting_furnace_filtering_craftable,
                            is_blasting_furnace_gui_open: book.is_blasting_furnace_gui_open,
                            is_smoker_filtering_craftable: book.is_smoker_filtering_craftable,
                            is_smoker_gui_open: book.is_smoker_gui_open,
                        },
                    }
                })
                .collect(),
        }
    }
}
