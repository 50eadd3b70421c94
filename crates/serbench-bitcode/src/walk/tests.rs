//! The walk against bitcode itself: for every input bitcode decodes, the
//! walk reads through it and declares exactly what bitcode built, counted
//! from the decoded mirror. A bitcode release that moves a column fails
//! here, not in production.

use std::mem::size_of;

use serbench_model::Random;
use serbench_model::{
    Dataset, Graph, Logs, MediaContent, Mesh, Players, Record, SensorReading, TaskManager, Updates,
};
use serbench_testkit::{Arbitrary, Dense};

use super::{Declared, Stop};
use crate::mirror::{self, Mirrored};

/// The heap bytes of a decoded mirror, as the walk charges them.
trait Heap {
    fn heap(&self) -> usize;
}

impl Heap for mirror::TaskManager {
    fn heap(&self) -> usize {
        let lists: usize = self
            .lists
            .iter()
            .map(|list| {
                let tasks: usize = list
                    .tasks
                    .iter()
                    .map(|task| task.header.name.len() + task.description.len())
                    .sum();
                list.header.name.len() + list.tasks.len() * size_of::<mirror::Task>() + tasks
            })
            .sum();
        self.user.len()
            + self.version.len() * size_of::<u32>()
            + self.lists.len() * size_of::<mirror::TaskList>()
            + lists
    }
}

impl Heap for mirror::SensorReading {
    fn heap(&self) -> usize {
        self.sensor_id.len()
    }
}

impl Heap for mirror::Graph {
    fn heap(&self) -> usize {
        let nodes: usize = self
            .nodes
            .iter()
            .map(|node| node.name.len() + (node.out_edges.len() + node.in_edges.len()) * 4)
            .sum();
        self.nodes.len() * size_of::<mirror::Node>()
            + nodes
            + self.edges.len() * size_of::<mirror::Edge>()
    }
}

impl Heap for mirror::Record {
    fn heap(&self) -> usize {
        let strings: usize = self.strings.iter().map(String::len).sum();
        self.ids.len() * size_of::<i64>() + self.strings.len() * size_of::<String>() + strings
    }
}

impl Heap for mirror::MediaContent {
    fn heap(&self) -> usize {
        let text = |text: &Option<String>| text.as_ref().map_or(0, String::len);
        let media = &self.media;
        let persons: usize = media.persons.iter().map(String::len).sum();
        let images: usize = self
            .images
            .iter()
            .map(|image| image.uri.len() + text(&image.title))
            .sum();
        media.uri.len()
            + text(&media.title)
            + media.format.len()
            + media.persons.len() * size_of::<String>()
            + persons
            + text(&media.copyright)
            + self.images.len() * size_of::<mirror::Image>()
            + images
    }
}

impl Heap for mirror::Logs {
    fn heap(&self) -> usize {
        let text: usize = self
            .logs
            .iter()
            .map(|log| log.identity.len() + log.userid.len() + log.date.len() + log.request.len())
            .sum();
        self.logs.len() * size_of::<mirror::Log>() + text
    }
}

impl Heap for mirror::Mesh {
    fn heap(&self) -> usize {
        self.triangles.len() * size_of::<mirror::Triangle>()
    }
}

impl Heap for mirror::Players {
    fn heap(&self) -> usize {
        let text = |text: &Option<String>| text.as_ref().map_or(0, String::len);
        let items = |items: &[mirror::Item]| {
            size_of_val(items) + items.iter().map(|item| item.id.len()).sum::<usize>()
        };
        let entity = |entity: Option<&mirror::Entity>| {
            entity.map_or(0, |entity| entity.id.len() + text(&entity.custom_name))
        };
        let names =
            |names: &[String]| size_of_val(names) + names.iter().map(String::len).sum::<usize>();
        let players: usize = self
            .players
            .iter()
            .map(|player| {
                player.dimension.len()
                    + player.selected_item.id.len()
                    + text(&player.spawn_dimension)
                    + items(&player.inventory)
                    + items(&player.ender_items)
                    + entity(player.root_vehicle.as_ref().map(|(_, entity)| entity))
                    + entity(player.shoulder_entity_left.as_ref())
                    + entity(player.shoulder_entity_right.as_ref())
                    + names(&player.recipe_book.recipes)
                    + names(&player.recipe_book.to_be_displayed)
            })
            .sum();
        self.players.len() * size_of::<mirror::SavedPlayer>() + players
    }
}

impl Heap for mirror::Updates {
    fn heap(&self) -> usize {
        let updates: usize = self
            .updates
            .iter()
            .map(|update| {
                let contacts: usize = update
                    .contacts
                    .iter()
                    .map(|contact| {
                        contact.reloads.len() * size_of::<bool>()
                            + contact.turret_angles.len() * size_of::<u16>()
                    })
                    .sum();
                let terrain: usize = update
                    .terrain_updates
                    .iter()
                    .map(|terrain| terrain.data.len())
                    .sum();
                update.contacts.len() * size_of::<mirror::Contact>()
                    + contacts
                    + update.terrain_updates.len() * size_of::<mirror::TerrainUpdate>()
                    + terrain
            })
            .sum();
        self.updates.len() * size_of::<mirror::Update>() + updates
    }
}

/// For `input` and its damaged forms (every cut, flips of every bit of
/// the first 512 bytes, a trailer), wherever bitcode decodes the mirror the
/// walk reads through and declares what bitcode built.
fn agrees<T>(what: &str, input: &[u8])
where
    T: Declared + Mirrored,
    T::Owned: bitcode::DecodeOwned + Heap,
{
    let mut damaged = vec![input.to_vec(), [input, b"\0"].concat()];
    damaged.extend((0..input.len()).map(|cut| input[..cut].to_vec()));
    for bit in 0..input.len().min(512) * 8 {
        let mut flipped = input.to_vec();
        flipped[bit / 8] ^= 1 << (bit % 8);
        damaged.push(flipped);
    }
    for bytes in &damaged {
        let Ok(decoded) = bitcode::decode::<T::Owned>(bytes) else {
            continue;
        };
        match T::declared(bytes, usize::MAX) {
            Ok(declared) => assert_eq!(
                declared,
                decoded.heap(),
                "{what}: the walk and bitcode disagree on {} bytes",
                bytes.len()
            ),
            Err(stop) => panic!(
                "{what}: bitcode decodes {} bytes the walk stops in: {stop:?}",
                bytes.len()
            ),
        }
    }
}

fn dataset<T>()
where
    T: Dataset + Declared + Mirrored + Arbitrary + Dense,
    T::Owned: bitcode::DecodeOwned + Heap,
    crate::Bitcode: serbench_model::Codec<T>,
{
    let mut values = T::workload(T::DAMAGED_SIZE);
    values.truncate(3);
    values.extend(T::edge_cases());
    values.extend(T::dense().into_iter().map(|(_, value)| value));
    for (index, value) in values.iter().enumerate() {
        let bytes = crate::to_vec(value).expect("the model encodes");
        // Damaging every bit of the dense values' kilobytes takes long
        // in debug builds; the valid bytes are what they add.
        if bytes.len() > 4096 {
            let declared = T::declared(&bytes, usize::MAX).expect("the walk reads valid input");
            let decoded: T::Owned = bitcode::decode(&bytes).expect("bitcode decodes its own");
            assert_eq!(declared, decoded.heap(), "{} value {index}", T::NAME);
        } else {
            agrees::<T>(&format!("{} value {index}", T::NAME), &bytes);
        }
    }
}

#[test]
fn task_manager() {
    dataset::<TaskManager>();
}

#[test]
fn telemetry() {
    dataset::<SensorReading>();
}

#[test]
fn graph() {
    dataset::<Graph>();
}

#[test]
fn records() {
    dataset::<Record>();
}

#[test]
fn media() {
    dataset::<MediaContent>();
}

#[test]
fn log() {
    dataset::<Logs>();
}

#[test]
fn mesh() {
    dataset::<Mesh>();
}

#[test]
fn minecraft_savedata() {
    dataset::<Players>();
}

#[test]
fn mk48() {
    dataset::<Updates>();
}

/// Records and graphs of random shapes: counts on both sides of 255
/// (bitcode's escape to a second column), strings of every length class,
/// integers of every packing width.
#[test]
fn random_shapes() {
    let mut random = Random::new(0x25);
    for round in 0..64 {
        let count = |random: &mut Random, most: u64| random.below(most + 1) as usize;
        let string = |random: &mut Random| "x".repeat(count(random, 600).saturating_sub(300));
        let width = [0, 1 << 7, 1 << 15, 1 << 31, u64::MAX][round % 5];
        let record = Record {
            ids: (0..count(&mut random, 600))
                .map(|_| random.below(width.max(1)).cast_signed())
                .collect(),
            strings: (0..count(&mut random, 600))
                .map(|_| string(&mut random))
                .collect(),
        };
        agrees::<Record>(
            &format!("random record {round}"),
            &crate::to_vec(&record).expect("encodes"),
        );
        let nodes = count(&mut random, 40);
        let edges = count(&mut random, 300);
        let index = |random: &mut Random, below: usize| random.below(below.max(1) as u64) as u32;
        let graph = Graph {
            nodes: (0..nodes)
                .map(|id| serbench_model::Node {
                    id: u16::try_from(id).unwrap_or(u16::MAX),
                    name: string(&mut random),
                    out_edges: (0..count(&mut random, 300))
                        .map(|_| index(&mut random, edges))
                        .collect(),
                    in_edges: (0..count(&mut random, 3))
                        .map(|_| index(&mut random, edges))
                        .collect(),
                })
                .collect(),
            edges: (0..edges)
                .map(|_| serbench_model::Edge {
                    from: index(&mut random, nodes),
                    to: index(&mut random, nodes),
                    weight: random.below(1001) as u16,
                })
                .collect(),
        };
        let bytes = crate::to_vec(&graph).expect("encodes");
        let declared = Graph::declared(&bytes, usize::MAX).expect("the walk reads valid input");
        let decoded: mirror::Graph = bitcode::decode(&bytes).expect("bitcode decodes its own");
        assert_eq!(declared, decoded.heap(), "random graph {round}");
    }
}

/// The walk stops where bitcode refuses and charges nothing past it.
#[test]
fn stops_where_bitcode_refuses() {
    let bytes = crate::to_vec(&Record::canonical()).expect("encodes");
    for cut in 0..bytes.len() {
        if let Ok(declared) = Record::declared(&bytes[..cut], usize::MAX) {
            assert!(declared <= Record::declared(&bytes, usize::MAX).unwrap_or(0));
        }
    }
    assert!(matches!(
        Record::declared(&[255, 0], usize::MAX),
        Err(Stop::Unreadable)
    ));
}

/// The benchmark's datasets at full size declare under 4 bytes per byte
/// (the seed graph 1.4, 10 000 tasks 2.2, 500 minecraft players 3.9, whose
/// three optional entities take their room in each player, present or
/// not), an eighth of the limit's rate.
#[test]
fn datasets_stay_far_below_the_limit() {
    fn check<T: Dataset + Declared>()
    where
        crate::Bitcode: serbench_model::Codec<T>,
    {
        let value = T::workload(T::DEFAULT_SIZE).remove(0);
        let bytes = crate::to_vec(&value).expect("the model encodes");
        let declared = T::declared(&bytes, usize::MAX).expect("the walk reads valid input");
        println!(
            "{}: {:.2} bytes declared per byte",
            T::NAME,
            declared as f64 / bytes.len() as f64
        );
        assert!(
            declared <= 4 * bytes.len().max(super::ALLOWANCE),
            "{} declares {declared} bytes in {}",
            T::NAME,
            bytes.len()
        );
    }
    check::<TaskManager>();
    check::<SensorReading>();
    check::<Graph>();
    check::<Record>();
    check::<MediaContent>();
    check::<Logs>();
    check::<Mesh>();
    check::<Players>();
    check::<Updates>();
}
