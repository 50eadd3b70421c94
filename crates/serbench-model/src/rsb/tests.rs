//! The four RSB datasets held to digests of their full values and to first
//! values read from RSB's own generator, so that any change to a generator
//! (a draw moved, a type changed, a dependency bumped) fails here.
//!
//! The digest is 64-bit FNV-1a over a canonical walk of the value: every
//! field in declaration order; integers and floats (by their bits) as
//! little-endian bytes of their own width; `bool` as one byte; an enum as
//! its variant's number, one byte; a string and a `Vec` as their length (a
//! `u64`) and then their contents; an `Option` as a byte 0 or 1 and then
//! its value; tuples and arrays element by element.

use crate::Dataset;
use crate::log::{Address, Log, Logs};
use crate::mesh::{Mesh, Triangle, Vector3};
use crate::minecraft::{Abilities, Entity, GameType, Item, Player, Players, RecipeBook};
use crate::mk48::{Contact, EntityType, Guidance, TerrainUpdate, Transform, Update, Updates};

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

trait Walk {
    fn walk(&self, h: &mut Fnv);
}

macro_rules! walk_le {
    ($($ty:ty),*) => {$(
        impl Walk for $ty {
            fn walk(&self, h: &mut Fnv) {
                h.bytes(&self.to_le_bytes());
            }
        }
    )*};
}

walk_le!(u8, i8, u16, i16, u32, i32, u64, i64);

impl Walk for f32 {
    fn walk(&self, h: &mut Fnv) {
        self.to_bits().walk(h);
    }
}

impl Walk for f64 {
    fn walk(&self, h: &mut Fnv) {
        self.to_bits().walk(h);
    }
}

impl Walk for bool {
    fn walk(&self, h: &mut Fnv) {
        u8::from(*self).walk(h);
    }
}

impl Walk for usize {
    fn walk(&self, h: &mut Fnv) {
        (*self as u64).walk(h);
    }
}

impl Walk for String {
    fn walk(&self, h: &mut Fnv) {
        self.len().walk(h);
        h.bytes(self.as_bytes());
    }
}

impl<T: Walk> Walk for Vec<T> {
    fn walk(&self, h: &mut Fnv) {
        self.len().walk(h);
        for item in self {
            item.walk(h);
        }
    }
}

impl<T: Walk> Walk for Option<T> {
    fn walk(&self, h: &mut Fnv) {
        self.is_some().walk(h);
        if let Some(value) = self {
            value.walk(h);
        }
    }
}

impl<T: Walk, const N: usize> Walk for [T; N] {
    fn walk(&self, h: &mut Fnv) {
        for item in self {
            item.walk(h);
        }
    }
}

impl<A: Walk, B: Walk> Walk for (A, B) {
    fn walk(&self, h: &mut Fnv) {
        self.0.walk(h);
        self.1.walk(h);
    }
}

impl<A: Walk, B: Walk, C: Walk> Walk for (A, B, C) {
    fn walk(&self, h: &mut Fnv) {
        self.0.walk(h);
        self.1.walk(h);
        self.2.walk(h);
    }
}

/// Walks each listed field of a struct, destructured without `..` so that
/// a field added to the type and not to the walk fails to compile.
macro_rules! walk_struct {
    ($($ty:ident { $($field:ident),* $(,)? })*) => {$(
        impl Walk for $ty {
            fn walk(&self, h: &mut Fnv) {
                let $ty { $($field),* } = self;
                $($field.walk(h);)*
            }
        }
    )*};
}

walk_struct! {
    Logs { logs }
    Log { address, identity, userid, date, request, code, size }
    Address { x0, x1, x2, x3 }
    Mesh { triangles }
    Triangle { v0, v1, v2, normal }
    Vector3 { x, y, z }
    Players { players }
    Item { count, slot, id }
    Abilities { walk_speed, fly_speed, may_fly, flying, invulnerable, may_build, instabuild }
    Entity {
        id, pos, motion, rotation, fall_distance, fire, air, on_ground, no_gravity,
        invulnerable, portal_cooldown, uuid, custom_name, custom_name_visible, silent, glowing,
    }
    RecipeBook {
        recipes, to_be_displayed, is_filtering_craftable, is_gui_open,
        is_furnace_filtering_craftable, is_furnace_gui_open,
        is_blasting_furnace_filtering_craftable, is_blasting_furnace_gui_open,
        is_smoker_filtering_craftable, is_smoker_gui_open,
    }
    Player {
        game_type, previous_game_type, score, dimension, selected_item_slot, selected_item,
        spawn_dimension, spawn_x, spawn_y, spawn_z, spawn_forced, sleep_timer,
        food_exhaustion_level, food_saturation_level, food_tick_timer, xp_level, xp_p,
        xp_total, xp_seed, inventory, ender_items, abilities, entered_nether_position,
        root_vehicle, shoulder_entity_left, shoulder_entity_right, seen_credits, recipe_book,
    }
    Updates { updates }
    Update { contacts, score, world_radius, terrain_updates }
    Contact {
        damage, entity_id, entity_type, guidance, player_id, reloads, transform, turret_angles,
    }
    Guidance { angle, submerge, velocity }
    Transform { altitude, angle, position, velocity }
    TerrainUpdate { chunk_id, data }
}

impl Walk for GameType {
    fn walk(&self, h: &mut Fnv) {
        (*self as u8).walk(h);
    }
}

impl Walk for EntityType {
    fn walk(&self, h: &mut Fnv) {
        (*self as u8).walk(h);
    }
}

fn digest(value: &impl Walk) -> u64 {
    let mut h = Fnv::new();
    value.walk(&mut h);
    h.0
}

#[test]
fn smaller_sizes_are_prefixes() {
    let logs = Logs::generate(Logs::QUICK_SIZE);
    assert_eq!(logs.logs.len(), Logs::QUICK_SIZE);
    assert_eq!(logs.logs[..3], Logs::generate(3).logs[..]);
    let updates = Updates::generate(5);
    assert_eq!(updates.updates[..2], Updates::generate(2).updates[..]);
    assert_eq!(Mesh::generate(0), Mesh::default());
    assert_eq!(Players::generate(0).traverse().players, 0);
}

#[test]
fn float_equality_is_bitwise() {
    let mut a = Mesh::generate(1);
    let mut b = a.clone();
    a.triangles[0].normal.x = f32::NAN;
    b.triangles[0].normal.x = f32::NAN;
    assert_eq!(a, b);
    a.triangles[0].normal.x = 0.0;
    b.triangles[0].normal.x = -0.0;
    assert_ne!(a, b);
    let mut players = Players::generate(1);
    let other = players.clone();
    players.players[0].abilities.walk_speed = -players.players[0].abilities.walk_speed;
    assert_ne!(players, other);
}

// The first values below were read from RSB's own generator (its crate at
// commit 695b804, `generate_vec` with the seed of its benches), printed as
// serde_json; docs/rsb-datasets.md says how.

#[test]
fn first_log_is_rsbs() {
    let logs = Logs::generate(1);
    assert_eq!(
        logs.logs,
        [Log {
            address: Address {
                x0: 38,
                x1: 4,
                x2: 128,
                x3: 5
            },
            identity: "-".to_owned(),
            userid: "david".to_owned(),
            date: "17/Feb/1999:22:18:8 +1100".to_owned(),
            request: "POST /img/logo-full.svg HTTP/1.1".to_owned(),
            code: 424,
            size: 84_520_116,
        }]
    );
}

#[test]
fn first_triangle_is_rsbs() {
    let v = |x, y, z| Vector3 { x, y, z };
    assert_eq!(
        Mesh::generate(1).triangles,
        [Triangle {
            v0: v(0.579_271_26, 0.168_227_43, 0.118_336_8),
            v1: v(0.569_706_74, 0.947_270_2, 0.314_058_13),
            v2: v(0.138_064_8, 0.333_335_4, 0.279_484_57),
            normal: v(0.836_640_24, 0.928_406_3, 0.254_208_4),
        }]
    );
}

#[test]
fn first_player_is_rsbs() {
    let players = Players::generate(1);
    let player = &players.players[0];
    assert_eq!(
        (player.game_type, player.previous_game_type),
        (GameType::Adventure, GameType::Survival)
    );
    assert_eq!(player.score, -972_692_674_281_190_006);
    assert_eq!(player.dimension, "overworld");
    assert_eq!(player.selected_item_slot, 1_431_664_644);
    assert_eq!(
        player.selected_item,
        Item {
            count: -8,
            slot: 107,
            id: "pickaxe".to_owned()
        }
    );
    assert_eq!(
        (player.spawn_dimension.as_deref(), player.spawn_forced),
        (None, None)
    );
    assert_eq!(player.spawn_x, 6_865_244_468_548_865_876);
    assert_eq!(
        (player.xp_level, player.xp_total),
        (3_630_111_369, -993_835_319)
    );
    assert_eq!(player.xp_p.to_bits(), 0.543_475_9_f32.to_bits());
    assert_eq!((player.inventory.len(), player.ender_items.len()), (18, 3));
    assert_eq!(
        player.ender_items[0],
        Item {
            count: -43,
            slot: 228,
            id: "chestplate".to_owned()
        }
    );
    assert_eq!(
        player.entered_nether_position.map(|(x, _, _)| x.to_bits()),
        Some(0.237_816_657_657_853_76_f64.to_bits())
    );
    assert!(player.root_vehicle.is_none() && player.shoulder_entity_left.is_none());
    let right = player
        .shoulder_entity_right
        .as_ref()
        .expect("RSB's has one");
    assert_eq!(
        (right.id.as_str(), right.custom_name.as_deref()),
        ("skeleton", Some("princess"))
    );
    assert_eq!(
        right.uuid,
        [3_660_801_368, 4_247_488_481, 1_550_164_079, 2_212_086_760]
    );
    assert_eq!(right.portal_cooldown, -2_093_099_168);
    assert_eq!(
        (
            player.recipe_book.recipes.len(),
            player.recipe_book.to_be_displayed.len()
        ),
        (19, 6)
    );
}

#[test]
fn first_update_is_rsbs() {
    let updates = Updates::generate(1);
    let update = &updates.updates[0];
    assert_eq!(update.score, 208);
    assert_eq!(update.world_radius.to_bits(), 1_831.325_7_f32.to_bits());
    assert_eq!(update.contacts.len(), 31);
    assert_eq!(
        update.contacts[0],
        Contact {
            damage: 0,
            entity_id: 4_326,
            entity_type: Some(EntityType::Zubr),
            guidance: Guidance {
                angle: 52_706,
                submerge: false,
                velocity: 0
            },
            player_id: Some(105),
            reloads: [
                false, false, false, false, false, false, true, true, true, false, false
            ]
            .into(),
            transform: Transform {
                altitude: 0,
                angle: 46_146,
                position: (-87.154_42, 12.448_853),
                velocity: 706
            },
            turret_angles: vec![14_156, 13_896, 13_942],
        }
    );
    assert_eq!(update.terrain_updates.len(), 7);
    assert_eq!(
        update.terrain_updates[0],
        TerrainUpdate {
            chunk_id: (1, 1),
            data: vec![227, 185, 157, 236, 149, 201, 207]
        }
    );
}

/// The digests of the full datasets at RSB's counts, whose values were
/// found equal to RSB's (docs/rsb-datasets.md). A generator change that
/// is meant shows here and must be checked against RSB's generator again.
#[test]
fn full_datasets_keep_their_digests() {
    assert_eq!(
        digest(&Logs::generate(Logs::DEFAULT_SIZE)),
        0x8cce_f662_ca69_584f
    );
    assert_eq!(
        digest(&Mesh::generate(Mesh::DEFAULT_SIZE)),
        0xc0c2_b715_6080_ebae
    );
    assert_eq!(
        digest(&Players::generate(Players::DEFAULT_SIZE)),
        0xced4_40d7_fab4_379b
    );
    assert_eq!(
        digest(&Updates::generate(Updates::DEFAULT_SIZE)),
        0x0696_e358_9a7f_6bbe
    );
}

#[test]
fn digest_sees_one_bit() {
    let mesh = Mesh::generate(2);
    let mut flipped = mesh.clone();
    flipped.triangles[1].v2.z = f32::from_bits(flipped.triangles[1].v2.z.to_bits() ^ 1);
    assert_ne!(digest(&mesh), digest(&flipped));
}

#[test]
fn answers_at_rsbs_counts() {
    let answers = [
        Logs::generate(Logs::DEFAULT_SIZE).traverse().to_string(),
        Mesh::generate(Mesh::DEFAULT_SIZE).traverse().to_string(),
        Players::generate(Players::DEFAULT_SIZE)
            .traverse()
            .to_string(),
        Updates::generate(Updates::DEFAULT_SIZE)
            .traverse()
            .to_string(),
    ];
    assert_eq!(
        answers,
        [
            r#"{"logs":10000,"address_sum":21383257423559,"code_sum":3625448,"size_sum":502696869440}"#,
            r#"{"triangles":125000,"normal_checksum":"50cc29855ca93f82"}"#,
            r#"{"players":500,"survival":123,"creative":130,"adventure":131,"spectator":116}"#,
            r#"{"updates":1000,"score_sum":1144214}"#,
        ]
    );
}

#[test]
fn datasets_are_named_and_sized_as_rsb() {
    assert_eq!(
        [Logs::NAME, Mesh::NAME, Players::NAME, Updates::NAME],
        ["log", "mesh", "minecraft_savedata", "mk48"]
    );
    assert_eq!(
        [
            Logs::DEFAULT_SIZE,
            Mesh::DEFAULT_SIZE,
            Players::DEFAULT_SIZE,
            Updates::DEFAULT_SIZE
        ],
        [10_000, 125_000, 500, 1_000]
    );
    assert_eq!(Mesh::size_label(Mesh::DEFAULT_SIZE), "125 000 triangles");
    assert_eq!(
        Logs::workload(Logs::DUMP_SIZE)[0].logs.len(),
        Logs::DUMP_SIZE
    );
}
