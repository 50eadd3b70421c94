"""Reads serbench's Thrift dumps with Python's thriftpy2 and the shipped schemas.

    python3 check_thrift.py DUMPS SERBENCH

thriftpy2 loads `schemas/*.thrift` at run time (no generated code) and
reads every dataset's `.thrift-binary` and `.thrift-compact` dump. The
values it reads must equal the JSON dump's, the traverse answer computed
from them must equal `SERBENCH check`'s, and thriftpy2 writing the value
back must give our exact bytes. Run by `cargo xtask interop`.
"""

import json
import sys
import uuid
from pathlib import Path

import thriftpy2
from thriftpy2.protocol import TBinaryProtocolFactory, TCompactProtocolFactory
from thriftpy2.utils import deserialize, serialize

from check_dumps import (
    DATASETS, ENTITY_TYPES, GAME_TYPES, RECIPE_BOOK_FLAGS, answer_for, f32_fields, header, manager_answer,
    manager_from_json, serbench_answer, upper_snake,
)

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
PROTOCOLS = {"thrift-binary": TBinaryProtocolFactory(), "thrift-compact": TCompactProtocolFactory()}
ROOTS = {
    "task-manager": "TaskManager",
    "telemetry": "SensorReading",
    "graph": "Graph",
    "records": "Record",
    "media": "MediaContent",
    "log": "Logs",
    "mesh": "Mesh",
    "minecraft_savedata": "Players",
    "mk48": "Updates",
}
U32 = 0xFFFFFFFF


def manager_from_thrift(m):
    def head(h):
        assert len(h.id) == 16, h.id
        created = (h.created_seconds, h.created_nanos, h.created_offset_seconds)
        return header(uuid.UUID(bytes=h.id), h.name, h.color & U32, created)

    return (
        m.user,
        tuple(s & U32 for s in m.version),
        [
            (head(l.header), [(head(t.header), t.description, t.priority, t.completed) for t in l.tasks])
            for l in m.lists
        ],
    )


def tree_from_thrift(dataset, value, schema):
    """The JSON dump's tree of a dataset, from thriftpy2's objects."""
    if dataset == "telemetry":
        return {k: getattr(value, k) for k, *_ in (spec[1:] for spec in value.thrift_spec.values())}
    if dataset == "graph":
        nodes = [
            {"id": n.id, "name": n.name, "out_edges": [e & U32 for e in n.out_edges],
             "in_edges": [e & U32 for e in n.in_edges]}
            for n in value.nodes
        ]
        edges = [{"from": e.source & U32, "to": e.target & U32, "weight": e.weight} for e in value.edges]
        return {"nodes": nodes, "edges": edges}
    if dataset == "records":
        return {"ids": list(value.ids), "strings": list(value.strings)}
    if dataset == "media":
        m = value.media
        media = {
            "uri": m.uri, "title": m.title, "width": m.width, "height": m.height, "format": m.format,
            "duration": m.duration, "size": m.size, "bitrate": m.bitrate, "persons": list(m.persons),
            "player": schema.Player._VALUES_TO_NAMES[m.player], "copyright": m.copyright,
        }
        images = [
            {"uri": i.uri, "title": i.title, "width": i.width, "height": i.height,
             "size": schema.Size._VALUES_TO_NAMES[i.size]}
            for i in value.images
        ]
        return {"media": media, "images": images}
    if dataset == "log":
        return {"logs": [log_from_thrift(l) for l in value.logs]}
    if dataset == "mesh":
        vector = lambda v: {"x": v.x, "y": v.y, "z": v.z}
        return {
            "triangles": [
                {"v0": vector(t.v0), "v1": vector(t.v1), "v2": vector(t.v2), "normal": vector(t.normal)}
                for t in value.triangles
            ]
        }
    if dataset == "minecraft_savedata":
        return {"players": [player_from_thrift(p, schema) for p in value.players]}
    if dataset == "mk48":
        return {"updates": [update_from_thrift(u, schema) for u in value.updates]}
    raise AssertionError(dataset)


# rust_serialization_benchmark's four. The schemas hold an unsigned integer
# in the next wider signed type, except a `u32` in an `i32` (masked here), an
# `f32` in a double (compared as an `f32`), a tuple in a struct of x, y(, z).

def variant(enum, names, value):
    """A Thrift enum's value as the JSON dump's variant name; the schema's
    symbol must be that name's."""
    name = names[value]
    assert enum._VALUES_TO_NAMES[value] == upper_snake(name), (enum._VALUES_TO_NAMES[value], name)
    return name


def log_from_thrift(l):
    a = l.address
    return {
        "address": {"x0": a.x0, "x1": a.x1, "x2": a.x2, "x3": a.x3}, "identity": l.identity, "userid": l.userid,
        "date": l.date, "request": l.request, "code": l.code, "size": l.size,
    }


def xyz(v):
    return [v.x, v.y, v.z]


def uuid_words(u):
    return [u.x0 & U32, u.x1 & U32, u.x2 & U32, u.x3 & U32]


def item_from_thrift(i):
    return {"count": i.count, "slot": i.slot, "id": i.id}


def entity_from_thrift(e):
    if e is None:
        return None
    return {
        "id": e.id, "pos": xyz(e.pos), "motion": xyz(e.motion), "rotation": [e.rotation.x, e.rotation.y],
        "fall_distance": e.fall_distance, "fire": e.fire, "air": e.air, "on_ground": e.on_ground,
        "no_gravity": e.no_gravity, "invulnerable": e.invulnerable, "portal_cooldown": e.portal_cooldown,
        "uuid": uuid_words(e.uuid), "custom_name": e.custom_name, "custom_name_visible": e.custom_name_visible,
        "silent": e.silent, "glowing": e.glowing,
    }


def player_from_thrift(p, schema):
    a, b, vehicle = p.abilities, p.recipe_book, p.root_vehicle
    return {
        "game_type": variant(schema.GameType, GAME_TYPES, p.game_type),
        "previous_game_type": variant(schema.GameType, GAME_TYPES, p.previous_game_type),
        "score": p.score, "dimension": p.dimension, "selected_item_slot": p.selected_item_slot & U32,
        "selected_item": item_from_thrift(p.selected_item), "spawn_dimension": p.spawn_dimension,
        "spawn_x": p.spawn_x, "spawn_y": p.spawn_y, "spawn_z": p.spawn_z, "spawn_forced": p.spawn_forced,
        "sleep_timer": p.sleep_timer, "food_exhaustion_level": p.food_exhaustion_level,
        "food_saturation_level": p.food_saturation_level, "food_tick_timer": p.food_tick_timer & U32,
        "xp_level": p.xp_level & U32, "xp_p": p.xp_p, "xp_total": p.xp_total, "xp_seed": p.xp_seed,
        "inventory": [item_from_thrift(i) for i in p.inventory],
        "ender_items": [item_from_thrift(i) for i in p.ender_items],
        "abilities": {
            "walk_speed": a.walk_speed, "fly_speed": a.fly_speed, "may_fly": a.may_fly, "flying": a.flying,
            "invulnerable": a.invulnerable, "may_build": a.may_build, "instabuild": a.instabuild,
        },
        "entered_nether_position": None if p.entered_nether_position is None else xyz(p.entered_nether_position),
        "root_vehicle": None if vehicle is None else [uuid_words(vehicle.uuid), entity_from_thrift(vehicle.entity)],
        "shoulder_entity_left": entity_from_thrift(p.shoulder_entity_left),
        "shoulder_entity_right": entity_from_thrift(p.shoulder_entity_right),
        "seen_credits": p.seen_credits,
        "recipe_book": {
            "recipes": list(b.recipes), "to_be_displayed": list(b.to_be_displayed),
            **{key: getattr(b, key) for key in RECIPE_BOOK_FLAGS},
        },
    }


def update_from_thrift(u, schema):
    def contact(c):
        g, t = c.guidance, c.transform
        return {
            "damage": c.damage, "entity_id": c.entity_id & U32,
            "entity_type": None if c.entity_type is None else variant(schema.EntityType, ENTITY_TYPES, c.entity_type),
            "guidance": {"angle": g.angle, "submerge": g.submerge, "velocity": g.velocity},
            "player_id": c.player_id, "reloads": list(c.reloads),
            "transform": {"altitude": t.altitude, "angle": t.angle, "position": [t.position.x, t.position.y],
                          "velocity": t.velocity},
            "turret_angles": list(c.turret_angles),
        }

    return {
        "contacts": [contact(c) for c in u.contacts], "score": u.score & U32, "world_radius": u.world_radius,
        "terrain_updates": [
            {"chunk_id": [t.chunk_id.x, t.chunk_id.y], "data": list(t.data)} for t in u.terrain_updates
        ],
    }


def main():
    dumps, serbench = Path(sys.argv[1]), sys.argv[2]
    for dataset in DATASETS:
        schema = thriftpy2.load(str(SCHEMAS / f"{dataset}.thrift"), module_name=dataset.replace("-", "_") + "_thrift")
        root = getattr(schema, ROOTS[dataset])
        reference = json.loads((dumps / f"{dataset}.json").read_bytes())
        json_answer = serbench_answer(serbench, dumps, dataset, "json")
        for fmt, factory in PROTOCOLS.items():
            ours = (dumps / f"{dataset}.{fmt}").read_bytes()
            value = deserialize(root(), ours, factory)
            if dataset == "task-manager":
                read, expected_value = manager_from_thrift(value), manager_from_json(reference)
                answer = manager_answer(read)
            else:
                read, expected_value = tree_from_thrift(dataset, value, schema), reference
                answer = answer_for(dataset, read)
            assert f32_fields(read) == f32_fields(expected_value), f"thriftpy2 reads {dataset}.{fmt} other than {dataset}.json"
            theirs = serialize(value, factory)
            assert theirs == ours, f"thriftpy2 writes {dataset} in {fmt} other than serbench ({len(theirs)} vs {len(ours)} bytes)"
            seen = serbench_answer(serbench, dumps, dataset, fmt)
            assert seen == json_answer, f"{dataset}.{fmt}: serbench answers {seen}, for the JSON dump {json_answer}"
            if answer is not None:
                assert seen == answer, f"{dataset}.{fmt}: python {answer} vs serbench {seen}"
            print(f"thriftpy2 reads and rewrites {dataset}.{fmt} ({len(ours)} bytes): {seen}")


if __name__ == "__main__":
    main()
