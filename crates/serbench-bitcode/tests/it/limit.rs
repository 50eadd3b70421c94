//! The size limit at its edge: for each kind of minimal element, the most
//! of them an input may hold decodes within the codec's `EXPANSION`, and
//! one more is refused with [`ErrorKind::Limit`], within it too. The kit's dense values hold a fixed number of elements,
//! which the limit now refuses; these find the number it lets through.

use serbench_bitcode::{Error, ErrorKind};
use serbench_model::log::{Address, Log};
use serbench_model::minecraft::{Item, Player};
use serbench_model::mk48::{Contact, Guidance, Transform, Update};
use serbench_model::{
    BaseCodec, Codec, Color, Dataset, Edge, Graph, Image, Logs, MediaContent, Node, OffsetDateTime,
    Players, Priority, Record, Size, Task, TaskHeader, TaskList, TaskManager, Updates, Uuid,
    Version,
};
use serbench_testkit::{bound_per_byte, measure};

use crate::hostile::PerCodec;

/// The most elements tried: far past the 64 KiB the bound allows on top
/// of its rate, and just past a power of two, where a vector grown by
/// doubling holds the most spare room.
const MOST: usize = (1 << 18) + 1;

/// Decodes `n` elements: `Some(peak)` when they decode, `None` when the
/// limit refuses them, within the codec's expansion: the serde codec's
/// budget may refuse part way through.
fn attempt<C, D>(what: &str, make: &impl Fn(usize) -> D, n: usize) -> (usize, Option<usize>)
where
    C: Codec<D> + BaseCodec<Error = Error> + PerCodec,
    D: Dataset,
{
    let value = make(n);
    let bytes = C::to_vec(&value).expect("the model encodes");
    let (decoded, peak) = measure(|| C::decode(&bytes));
    match decoded {
        Ok(decoded) => {
            assert!(decoded == value, "{} changed {n} {what}", C::NAME);
            (bytes.len(), Some(peak))
        }
        Err(error) => {
            assert_eq!(
                error.kind(),
                ErrorKind::Limit,
                "{} {n} {what}: {error}",
                C::NAME
            );
            assert!(
                peak <= bound_per_byte(bytes.len(), C::EXPANSION),
                "{} refused {n} {what} ({} bytes) with a peak of {peak}",
                C::NAME,
                bytes.len()
            );
            (bytes.len(), None)
        }
    }
}

/// Finds the most `what` the limit lets through and holds its decode to
/// the codec's expansion.
fn edge<C, D>(what: &str, make: impl Fn(usize) -> D)
where
    C: Codec<D> + BaseCodec<Error = Error> + PerCodec,
    D: Dataset,
{
    // Doubles up to `MOST`, then bisects between the last count that
    // decodes and the first refused; elements that declare no more than
    // the limit's rate per byte of input are never refused, and are
    // measured at `MOST`.
    let mut low = 0;
    let mut high = 1;
    let mut refused = false;
    loop {
        if attempt::<C, D>(what, &make, high).1.is_none() {
            refused = true;
            break;
        }
        low = high;
        if high == MOST {
            break;
        }
        high = (high * 2).min(MOST);
    }
    while refused && high - low > 1 {
        let middle = low + (high - low) / 2;
        match attempt::<C, D>(what, &make, middle).1 {
            Some(_) => low = middle,
            None => high = middle,
        }
    }
    let (len, peak) = attempt::<C, D>(what, &make, low);
    let peak = peak.expect("the count below the edge decodes");
    // A borrowed decode, where the codec has one, holds the lent mirror
    // and the borrowed form at once: within the same expansion.
    let bytes = C::to_vec(&make(low)).expect("the model encodes");
    let (lent, borrow_peak) = measure(|| C::borrow(&bytes).map(|lent| lent.is_ok()));
    assert_ne!(lent, Some(false), "{} cannot borrow {low} {what}", C::NAME);
    assert!(
        borrow_peak <= bound_per_byte(len, C::EXPANSION),
        "{} {low} {what}: {len} bytes borrow with a peak of {borrow_peak} bytes, past the \
         documented {} per byte + 64 KiB",
        C::NAME,
        C::EXPANSION
    );
    let ratio = peak as f64 / len as f64;
    println!(
        "{} {what}: {low} decode from {len} bytes with a peak of {peak} bytes ({ratio:.1} per \
         byte), borrow {borrow_peak}; {}",
        C::NAME,
        if refused {
            format!("{high} are refused")
        } else {
            "never refused".to_owned()
        }
    );
    assert!(
        peak <= bound_per_byte(len, C::EXPANSION),
        "{} {low} {what}: {len} bytes decode with a peak of {peak} bytes ({ratio:.1} per byte), \
         past the documented {} per byte + 64 KiB",
        C::NAME,
        C::EXPANSION
    );
}

fn header() -> TaskHeader {
    TaskHeader {
        id: Uuid::nil(),
        name: String::new(),
        color: Color::from_argb(0),
        created: OffsetDateTime::UNIX_EPOCH,
    }
}

fn manager() -> TaskManager {
    TaskManager {
        user: String::new(),
        version: Version::default(),
        lists: Vec::new(),
    }
}

fn media() -> MediaContent {
    let mut media = MediaContent::canonical();
    media.media.persons.clear();
    media.images.clear();
    media
}

/// A generated player without text, lists or options.
fn player() -> Player {
    let mut player = Players::generate(1).players.remove(0);
    player.dimension.clear();
    player.selected_item.id.clear();
    player.spawn_dimension = None;
    player.spawn_forced = None;
    player.inventory.clear();
    player.ender_items.clear();
    player.entered_nether_position = None;
    player.root_vehicle = None;
    player.shoulder_entity_left = None;
    player.shoulder_entity_right = None;
    player.recipe_book.recipes.clear();
    player.recipe_book.to_be_displayed.clear();
    player
}

fn update() -> Update {
    Update {
        contacts: Vec::new(),
        score: 0,
        world_radius: 0.0,
        terrain_updates: Vec::new(),
    }
}

/// Every kind of minimal element, at its edge.
pub(crate) fn edges<C>()
where
    C: PerCodec
        + BaseCodec<Error = Error>
        + Codec<TaskManager>
        + Codec<Graph>
        + Codec<Record>
        + Codec<MediaContent>
        + Codec<Logs>
        + Codec<Players>
        + Codec<Updates>,
{
    edge::<C, _>("empty strings", |n| Record {
        ids: Vec::new(),
        strings: vec![String::new(); n],
    });
    edge::<C, _>("ids of 0", |n| Record {
        ids: vec![0; n],
        strings: Vec::new(),
    });
    let node = Node {
        id: 0,
        name: String::new(),
        out_edges: Vec::new(),
        in_edges: Vec::new(),
    };
    edge::<C, _>("empty nodes", |n| Graph {
        nodes: vec![node.clone(); n],
        edges: Vec::new(),
    });
    edge::<C, _>("edges from node 0 to itself", |n| Graph {
        nodes: vec![node.clone()],
        edges: vec![
            Edge {
                from: 0,
                to: 0,
                weight: 0,
            };
            n
        ],
    });
    edge::<C, _>("out-edges of 0", |n| Graph {
        nodes: vec![Node {
            out_edges: vec![0; n],
            ..node.clone()
        }],
        edges: vec![Edge {
            from: 0,
            to: 0,
            weight: 0,
        }],
    });
    let task = Task {
        header: header(),
        description: String::new(),
        priority: Priority::Low,
        completed: false,
    };
    edge::<C, _>("minimal tasks", |n| TaskManager {
        lists: vec![TaskList {
            header: header(),
            tasks: vec![task.clone(); n],
        }],
        ..manager()
    });
    edge::<C, _>("lists without tasks", |n| TaskManager {
        lists: vec![
            TaskList {
                header: header(),
                tasks: Vec::new(),
            };
            n
        ],
        ..manager()
    });
    edge::<C, _>("version segments of 0", |n| TaskManager {
        version: Version {
            segments: vec![0; n],
        },
        ..manager()
    });
    edge::<C, _>("empty persons", |n| {
        let mut value = media();
        value.media.persons = vec![String::new(); n];
        value
    });
    let image = Image {
        uri: String::new(),
        title: None,
        width: 0,
        height: 0,
        size: Size::Small,
    };
    edge::<C, _>("minimal images", |n| {
        let mut value = media();
        value.images = vec![image.clone(); n];
        value
    });
    rsb_edges::<C>();
}

/// The minimal elements of RSB's datasets, at their edges.
fn rsb_edges<C>()
where
    C: PerCodec + BaseCodec<Error = Error> + Codec<Logs> + Codec<Players> + Codec<Updates>,
{
    let log = Log {
        address: Address {
            x0: 0,
            x1: 0,
            x2: 0,
            x3: 0,
        },
        identity: String::new(),
        userid: String::new(),
        date: String::new(),
        request: String::new(),
        code: 0,
        size: 0,
    };
    edge::<C, _>("minimal logs", |n| Logs {
        logs: vec![log.clone(); n],
    });
    let item = Item {
        count: 0,
        slot: 0,
        id: String::new(),
    };
    edge::<C, _>("minimal inventory items", |n| Players {
        players: vec![Player {
            inventory: vec![item.clone(); n],
            ..player()
        }],
    });
    let contact = Contact {
        damage: 0,
        entity_id: 0,
        entity_type: None,
        guidance: Guidance {
            angle: 0,
            submerge: false,
            velocity: 0,
        },
        player_id: None,
        reloads: Vec::new(),
        transform: Transform {
            altitude: 0,
            angle: 0,
            position: (0.0, 0.0),
            velocity: 0,
        },
        turret_angles: Vec::new(),
    };
    edge::<C, _>("minimal contacts", |n| Updates {
        updates: vec![Update {
            contacts: vec![contact.clone(); n],
            ..update()
        }],
    });
    edge::<C, _>("empty updates", |n| Updates {
        updates: vec![update(); n],
    });
}
