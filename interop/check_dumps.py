"""Reads `serbench dump` files with Python's own libraries.

    python3 check_dumps.py DUMPS SERBENCH

json, cbor2, lxml, msgpack, pymongo's bson, flatbuffers' `flexbuffers`
module and pyfory (Apache Fory's Python implementation, xlang compatible
mode, with dataclasses registered under serbench-fory's type ids) must read
every dump of their format; the values they read must be
the same in every format; and the traverse answer computed here must equal
`SERBENCH check`'s. What pymongo writes of the datasets' values, `SERBENCH
check` reads with the same answers. Run by `cargo xtask interop`.

A format may have several codecs (JSON: `json`, `json-simd`,
`json-sonic`): every codec `SERBENCH list --json` names with a format read
here has its dumps read, so a new library of a known format is checked
without an edit.
"""

import dataclasses
import datetime
import enum
import json
import re
import struct
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any, List, Optional

import bson
import cbor2
import msgpack
import pyfory
from flatbuffers import flexbuffers
from lxml import etree

DATASETS = [
    "task-manager", "telemetry", "graph", "records", "media",
    "log", "mesh", "minecraft_savedata", "mk48",
]

# The fields of rust_serialization_benchmark's datasets that hold `f32`s:
# JSON writes an `f32` as its shortest text, which Python reads as the
# nearest double, where CBOR and MessagePack hold the `f32` itself, so a
# tree's floats under these keys compare as `f32`s.
F32_FIELDS = {
    "v0", "v1", "v2", "normal",
    "rotation", "fall_distance", "food_exhaustion_level", "food_saturation_level", "xp_p",
    "walk_speed", "fly_speed",
    "position", "world_radius",
}

# rust_serialization_benchmark's enums as the JSON dump spells them (serde's
# variant names), in ordinal order; the schemas and the XML layout spell
# them in upper snake case (`ARLEIGH_BURKE`).
GAME_TYPES = ("Survival", "Creative", "Adventure", "Spectator")
ENTITY_TYPES = (
    "ArleighBurke", "Bismarck", "Clemenceau", "Fletcher", "G5", "Iowa", "Kolkata", "Osa", "Yasen", "Zubr",
)


def upper_snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


# An upper-snake symbol as the JSON dump's variant name.
VARIANTS = {upper_snake(name): name for name in GAME_TYPES + ENTITY_TYPES}

RFC3339 = re.compile(
    r"(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?([Zz]|[+-]\d\d:\d\d)$"
)


def time_from_text(text):
    """RFC 3339 text as (unix seconds, nanoseconds, offset seconds)."""
    match = RFC3339.match(text)
    assert match, f"not RFC 3339: {text!r}"
    year, month, day, hour, minute, second = (int(g) for g in match.groups()[:6])
    nanos = int((match.group(7) or "0").ljust(9, "0"))
    zone = match.group(8)
    offset = 0 if zone in "Zz" else (1 if zone[0] == "+" else -1) * (int(zone[1:3]) * 3600 + int(zone[4:]) * 60)
    local = datetime.datetime(year, month, day, hour, minute, second, tzinfo=datetime.timezone.utc)
    return (int(local.timestamp()) - offset, nanos, offset)


def time_from_datetime(value):
    assert isinstance(value, datetime.datetime) and value.tzinfo is not None, value
    offset = int(value.utcoffset().total_seconds())
    return (int(value.timestamp()) // 1, value.microsecond * 1000, offset)


def color_from_text(text):
    assert re.fullmatch(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})", text), text
    value = int(text[1:], 16)
    return value | 0xFF000000 if len(text) == 7 else value


def version_from_text(text):
    return tuple(int(s) for s in text.split(".")) if text else ()


# task-manager: every format read into one canonical shape ------------------

def header(id_, name, color, created):
    return (str(id_), name, color, created)


def manager_from_json(doc):
    def head(h):
        return header(uuid.UUID(h["id"]), h["name"], color_from_text(h["color"]), time_from_text(h["created"]))

    return (
        doc["user"],
        version_from_text(doc["version"]),
        [
            (head(l["header"]), [(head(t["header"]), t["description"], t["priority"], t["completed"]) for t in l["tasks"]])
            for l in doc["lists"]
        ],
    )


def manager_from_cbor(doc):
    def head(h):
        assert isinstance(h["id"], uuid.UUID), "id is not tag 37"
        return header(h["id"], h["name"], color_from_text(h["color"]), time_from_datetime(h["created"]))

    return (
        doc["user"],
        version_from_text(doc["version"]),
        [
            (head(l["header"]), [(head(t["header"]), t["description"], t["priority"], t["completed"]) for t in l["tasks"]])
            for l in doc["lists"]
        ],
    )


def manager_from_binary(doc):
    """MessagePack, BSON and FlexBuffers: the model's binary serde forms
    (the id's 16 bytes, the color as an integer, the time's parts, the
    version's segments)."""

    def head(h):
        seconds, nanos, offset = h["created"]
        return header(uuid.UUID(bytes=h["id"]), h["name"], h["color"], (seconds, nanos, offset))

    return (
        doc["user"],
        tuple(doc["version"]),
        [
            (head(l["header"]), [(head(t["header"]), t["description"], t["priority"], t["completed"]) for t in l["tasks"]])
            for l in doc["lists"]
        ],
    )


def manager_from_xml(root):
    assert root.tag == "taskmanager", root.tag

    def head(e):
        return header(uuid.UUID(e.get("id")), e.get("name"), color_from_text(e.get("color")), time_from_text(e.get("created")))

    lists = []
    for l in root:
        assert l.tag == "tasklist", l.tag
        tasks = []
        for t in l:
            assert t.tag == "task", t.tag
            assert t.get("completed") in ("true", "false")
            tasks.append((head(t), t.text or "", int(t.get("priority")), t.get("completed") == "true"))
        lists.append((head(l), tasks))
    return (root.get("user"), version_from_text(root.get("version")), lists)


def manager_answer(manager):
    _, _, lists = manager
    tasks = [t for _, ts in lists for t in ts]
    by_priority = [sum(1 for t in tasks if t[2] == p) for p in range(4)]
    text = sum(len(h[1].encode()) for h, _ in lists) + sum(len(t[0][1].encode()) + len(t[1].encode()) for t in tasks)
    return json.dumps(
        {"tasks": len(tasks), "completed": sum(1 for t in tasks if t[3]), "by_priority": by_priority, "text_bytes": text},
        separators=(",", ":"),
    )


def xml_root(data):
    # No DTD loading, no entity resolution, no network: what a careful
    # consumer does with files it did not write.
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.fromstring(data, parser)


# The wire formats read here, as `serbench list --json` names them, and the
# first codec of each, whose dumps the others are compared with.
FAMILIES = {
    "JSON": "json",
    "CBOR": "cbor",
    "MessagePack": "msgpack",
    "XML": "xml",
    "BSON": "bson",
    "FlexBuffers": "flexbuffers",
    "Fory": "fory",
}


def bson_document(data):
    """The one BSON document data holds, as pymongo reads it: a dict in
    the document's key order, an int32 or int64 as an int, a binary of
    subtype 0 as bytes."""
    return bson.decode(data)


def flexbuffers_tree(data):
    """A FlexBuffer as Python values, its blobs as bytes."""
    return flexbuffers.Loads(data)


# serbench-fory's types as a pyfory user declares them: the same field
# names and types, registered under the same ids (src/mirror.rs), which is
# how Fory's languages agree on a type.
class Priority(enum.Enum):
    LOW = 0
    MEDIUM = 1
    HIGH = 2
    CRITICAL = 3


class Player(enum.Enum):
    JAVA = 0
    FLASH = 1


class Size(enum.Enum):
    SMALL = 0
    LARGE = 1


@dataclasses.dataclass
class Created:
    seconds: pyfory.Int64 = 0
    nanos: pyfory.UInt32 = 0
    offset_seconds: pyfory.Int32 = 0


@dataclasses.dataclass
class Header:
    id: bytes = b""
    name: str = ""
    color: pyfory.UInt32 = 0
    created: Created = None


@dataclasses.dataclass
class Task:
    header: Header = None
    description: str = ""
    priority: Priority = Priority.LOW
    completed: bool = False


@dataclasses.dataclass
class TaskList:
    header: Header = None
    tasks: List[Task] = None


@dataclasses.dataclass
class TaskManager:
    user: str = ""
    version: List[pyfory.UInt32] = None
    lists: List[TaskList] = None


@dataclasses.dataclass
class SensorReading:
    sensor_id: str = ""
    ambient_temperature: float = 0.0
    object_temperature: float = 0.0
    accelerometer_x: float = 0.0
    accelerometer_y: float = 0.0
    accelerometer_z: float = 0.0
    altitude: float = 0.0
    light: float = 0.0
    humidity: float = 0.0


@dataclasses.dataclass
class Node:
    id: pyfory.UInt16 = 0
    name: str = ""
    out_edges: List[pyfory.UInt32] = None
    in_edges: List[pyfory.UInt32] = None


# `from` is a Python keyword, and compatible mode matches fields by name:
# the class is built with the field named `from`, without the generated
# `__init__` and `__repr__` that would spell it as code.
Edge = dataclasses.dataclass(init=False, repr=False, eq=False)(
    type(
        "Edge",
        (),
        {
            "__annotations__": {"from": pyfory.UInt32, "to": pyfory.UInt32, "weight": pyfory.UInt16},
            "from": 0,
            "to": 0,
            "weight": 0,
        },
    )
)


@dataclasses.dataclass
class Graph:
    nodes: List[Node] = None
    edges: List[Edge] = None


@dataclasses.dataclass
class Record:
    ids: List[pyfory.Int64] = None
    strings: List[str] = None


@dataclasses.dataclass
class Media:
    uri: str = ""
    title: Optional[str] = None
    width: pyfory.Int32 = 0
    height: pyfory.Int32 = 0
    format: str = ""
    duration: pyfory.Int64 = 0
    size: pyfory.Int64 = 0
    bitrate: Optional[pyfory.Int32] = None
    persons: List[str] = None
    player: Player = Player.JAVA
    copyright: Optional[str] = None


@dataclasses.dataclass
class Image:
    uri: str = ""
    title: Optional[str] = None
    width: pyfory.Int32 = 0
    height: pyfory.Int32 = 0
    size: Size = Size.SMALL


@dataclasses.dataclass
class MediaContent:
    media: Media = None
    images: List[Image] = None


# rust_serialization_benchmark's four (src/mirror/rsb.rs). fory writes a
# Rust tuple as a list whose elements carry their own types (`(f64, f64,
# f64)`, `([u32; 4], Entity)`), declared here as `List[Any]`; its type meta
# gives `Vec<u8>` as a list of uint8, not binary.
@dataclasses.dataclass
class Address:
    x0: pyfory.UInt8 = 0
    x1: pyfory.UInt8 = 0
    x2: pyfory.UInt8 = 0
    x3: pyfory.UInt8 = 0


@dataclasses.dataclass
class Log:
    address: Address = None
    identity: str = ""
    userid: str = ""
    date: str = ""
    request: str = ""
    code: pyfory.UInt16 = 0
    size: pyfory.UInt64 = 0


@dataclasses.dataclass
class Logs:
    logs: List[Log] = None


@dataclasses.dataclass
class Vector3:
    x: pyfory.Float32 = 0.0
    y: pyfory.Float32 = 0.0
    z: pyfory.Float32 = 0.0


@dataclasses.dataclass
class Triangle:
    v0: Vector3 = None
    v1: Vector3 = None
    v2: Vector3 = None
    normal: Vector3 = None


@dataclasses.dataclass
class Mesh:
    triangles: List[Triangle] = None


class GameType(enum.Enum):
    Survival = 0
    Creative = 1
    Adventure = 2
    Spectator = 3


@dataclasses.dataclass
class Item:
    count: pyfory.Int8 = 0
    slot: pyfory.UInt8 = 0
    id: str = ""


@dataclasses.dataclass
class Abilities:
    walk_speed: pyfory.Float32 = 0.0
    fly_speed: pyfory.Float32 = 0.0
    may_fly: bool = False
    flying: bool = False
    invulnerable: bool = False
    may_build: bool = False
    instabuild: bool = False


@dataclasses.dataclass
class Entity:
    id: str = ""
    pos: List[Any] = None
    motion: List[Any] = None
    rotation: List[Any] = None
    fall_distance: pyfory.Float32 = 0.0
    fire: pyfory.UInt16 = 0
    air: pyfory.UInt16 = 0
    on_ground: bool = False
    no_gravity: bool = False
    invulnerable: bool = False
    portal_cooldown: pyfory.Int32 = 0
    uuid: List[pyfory.UInt32] = None
    custom_name: Optional[str] = None
    custom_name_visible: bool = False
    silent: bool = False
    glowing: bool = False


@dataclasses.dataclass
class RecipeBook:
    recipes: List[str] = None
    to_be_displayed: List[str] = None
    is_filtering_craftable: bool = False
    is_gui_open: bool = False
    is_furnace_filtering_craftable: bool = False
    is_furnace_gui_open: bool = False
    is_blasting_furnace_filtering_craftable: bool = False
    is_blasting_furnace_gui_open: bool = False
    is_smoker_filtering_craftable: bool = False
    is_smoker_gui_open: bool = False


# The model's `Player`; media's enum has the name here.
@dataclasses.dataclass
class MinecraftPlayer:
    game_type: GameType = GameType.Survival
    previous_game_type: GameType = GameType.Survival
    score: pyfory.Int64 = 0
    dimension: str = ""
    selected_item_slot: pyfory.UInt32 = 0
    selected_item: Item = None
    spawn_dimension: Optional[str] = None
    spawn_x: pyfory.Int64 = 0
    spawn_y: pyfory.Int64 = 0
    spawn_z: pyfory.Int64 = 0
    spawn_forced: Optional[bool] = None
    sleep_timer: pyfory.UInt16 = 0
    food_exhaustion_level: pyfory.Float32 = 0.0
    food_saturation_level: pyfory.Float32 = 0.0
    food_tick_timer: pyfory.UInt32 = 0
    xp_level: pyfory.UInt32 = 0
    xp_p: pyfory.Float32 = 0.0
    xp_total: pyfory.Int32 = 0
    xp_seed: pyfory.Int32 = 0
    inventory: List[Item] = None
    ender_items: List[Item] = None
    abilities: Abilities = None
    entered_nether_position: Optional[List[Any]] = None
    root_vehicle: Optional[List[Any]] = None
    shoulder_entity_left: Optional[Entity] = None
    shoulder_entity_right: Optional[Entity] = None
    seen_credits: bool = False
    recipe_book: RecipeBook = None


@dataclasses.dataclass
class Players:
    players: List[MinecraftPlayer] = None


class EntityType(enum.Enum):
    ArleighBurke = 0
    Bismarck = 1
    Clemenceau = 2
    Fletcher = 3
    G5 = 4
    Iowa = 5
    Kolkata = 6
    Osa = 7
    Yasen = 8
    Zubr = 9


@dataclasses.dataclass
class Transform:
    altitude: pyfory.Int8 = 0
    angle: pyfory.UInt16 = 0
    position: List[Any] = None
    velocity: pyfory.Int16 = 0


@dataclasses.dataclass
class Guidance:
    angle: pyfory.UInt16 = 0
    submerge: bool = False
    velocity: pyfory.Int16 = 0


@dataclasses.dataclass
class Contact:
    damage: pyfory.UInt8 = 0
    entity_id: pyfory.UInt32 = 0
    entity_type: Optional[EntityType] = None
    guidance: Guidance = None
    player_id: Optional[pyfory.UInt16] = None
    reloads: List[bool] = None
    transform: Transform = None
    turret_angles: List[pyfory.UInt16] = None


@dataclasses.dataclass
class TerrainUpdate:
    chunk_id: List[Any] = None
    data: List[pyfory.UInt8] = None


@dataclasses.dataclass
class Update:
    contacts: List[Contact] = None
    score: pyfory.UInt32 = 0
    world_radius: pyfory.Float32 = 0.0
    terrain_updates: List[TerrainUpdate] = None


@dataclasses.dataclass
class Updates:
    updates: List[Update] = None


FORY_TYPES = (
    (101, TaskManager), (102, TaskList), (103, Task), (104, Header), (105, Created), (106, Priority),
    (111, SensorReading), (121, Graph), (122, Node), (123, Edge), (131, Record),
    (141, MediaContent), (142, Media), (143, Image), (144, Player), (145, Size),
    (151, Logs), (152, Log), (153, Address), (161, Mesh), (162, Triangle), (163, Vector3),
    (171, Players), (172, MinecraftPlayer), (173, Item), (174, Abilities), (175, Entity), (176, RecipeBook),
    (177, GameType),
    (181, Updates), (182, Update), (183, Contact), (184, Guidance), (185, Transform), (186, TerrainUpdate),
    (187, EntityType),
)


# pyfory's typed arrays, which it reads where a list holds no declared type
# (in a tuple: `([u32; 4], Entity)`).
FORY_ARRAYS = (
    pyfory.BoolArray, pyfory.Int8Array, pyfory.Int16Array, pyfory.Int32Array, pyfory.Int64Array,
    pyfory.UInt8Array, pyfory.UInt16Array, pyfory.UInt32Array, pyfory.UInt64Array, pyfory.Float32Array,
    pyfory.Float64Array,
)


def fory_reader():
    fory = pyfory.Fory(xlang=True, compatible=True, ref=False)
    for type_id, cls in FORY_TYPES:
        fory.register_type(cls, type_id=type_id)
    return fory


def fory_tree(data):
    """A Fory value as pyfory reads it, as the JSON tree: dataclasses as
    dicts, enums by name, typed arrays as lists."""

    def tree(value):
        if dataclasses.is_dataclass(value):
            return {f.name: tree(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, enum.Enum):
            return value.name
        if isinstance(value, (list, *FORY_ARRAYS)):
            return [tree(v) for v in value]
        return value

    return tree(fory_reader().deserialize(data))


def manager_from_fory(data):
    """The task manager pyfory reads: the binary forms, the priority's
    ordinal and the time's parts as a triple."""
    doc = fory_tree(data)
    for l in doc["lists"]:
        for h in [l["header"], *(t["header"] for t in l["tasks"])]:
            c = h["created"]
            h["created"] = (c["seconds"], c["nanos"], c["offset_seconds"])
        for t in l["tasks"]:
            t["priority"] = Priority[t["priority"]].value
    return manager_from_binary(doc)


def codecs_by_family(serbench):
    """Every listed codec of a wire format read here, as {codec id: the wire format's first codec id}."""
    listing = json.loads(subprocess.run([serbench, "list", "--json"], capture_output=True, check=True).stdout)
    return {c["id"]: FAMILIES[c["wire_format"]] for c in listing["codecs"] if c["wire_format"] in FAMILIES}


def check_task_manager(dumps, codecs):
    family = {
        "json": lambda b: manager_from_json(json.loads(b)),
        "cbor": lambda b: manager_from_cbor(cbor2.loads(b)),
        "msgpack": lambda b: manager_from_binary(msgpack.unpackb(b, raw=False)),
        "bson": lambda b: manager_from_binary(bson_document(b)),
        "xml": lambda b: manager_from_xml(xml_root(b)),
        "flexbuffers": lambda b: manager_from_binary(flexbuffers_tree(b)),
        "fory": manager_from_fory,
    }
    values = {
        name: family[first]((dumps / f"task-manager.{name}").read_bytes()) for name, first in codecs.items()
    }
    reference = values["json"]
    for name, value in values.items():
        assert value == reference, f"task-manager.{name} differs from task-manager.json"
    assert len(reference[2]) == 11 and sum(len(ts) for _, ts in reference[2]) == 9944
    first = reference[2][0][1][0]
    assert first[0][1:] == ("Task 0-0", 0xFFFF0000, (1762160400, 0, 0)), first
    return manager_answer(reference)


# the other datasets: every format holds the same tree ----------------------

def ints(text):
    return [int(n) for n in text.split()]


def xml_tree(dataset, root):
    """The JSON tree of a dataset, read from its XML layout."""
    if dataset == "telemetry":
        assert root.tag == "reading", root.tag
        return {k: (v if k == "sensor_id" else float(v)) for k, v in root.attrib.items()}
    if dataset == "graph":
        assert root.tag == "graph", root.tag
        nodes = [
            {"id": int(n.get("id")), "name": n.get("name"), "out_edges": ints(n.get("out_edges")),
             "in_edges": ints(n.get("in_edges"))}
            for n in root.iter("node")
        ]
        edges = [{k: int(e.get(k)) for k in ("from", "to", "weight")} for e in root.iter("edge")]
        return {"nodes": nodes, "edges": edges}
    if dataset == "records":
        assert root.tag == "record", root.tag
        return {"ids": ints(root.get("ids")), "strings": [s.text or "" for s in root.iter("string")]}
    if dataset == "media":
        assert root.tag == "mediacontent", root.tag
        m = root.find("media")
        optional_int = lambda v: None if v is None else int(v)
        media = {
            "uri": m.get("uri"), "title": m.get("title"), "width": int(m.get("width")),
            "height": int(m.get("height")), "format": m.get("format"), "duration": int(m.get("duration")),
            "size": int(m.get("size")), "bitrate": optional_int(m.get("bitrate")),
            "persons": [p.text or "" for p in m.iter("person")], "player": m.get("player"),
            "copyright": m.get("copyright"),
        }
        images = [
            {"uri": i.get("uri"), "title": i.get("title"), "width": int(i.get("width")),
             "height": int(i.get("height")), "size": i.get("size")}
            for i in root.iter("image")
        ]
        return {"media": media, "images": images}
    if dataset == "log":
        return {"logs": [xml_log(e) for e in children(root, "logs", "log")]}
    if dataset == "mesh":
        return {"triangles": [xml_triangle(e) for e in children(root, "mesh", "triangle")]}
    if dataset == "minecraft_savedata":
        return {"players": [xml_player(e) for e in children(root, "players", "player")]}
    if dataset == "mk48":
        return {"updates": [xml_update(e) for e in children(root, "updates", "update")]}
    raise AssertionError(dataset)


# rust_serialization_benchmark's four: their elements hold only the layout's
# attributes and children, so a value the tree leaves out cannot hide there.

def children(element, tag, *kinds):
    assert element.tag == tag, element.tag
    assert all(child.tag in kinds for child in element), [child.tag for child in element]
    return list(element)


def attributes(element, required, optional=()):
    """The element's attributes, each of `optional` None when absent."""
    names = set(element.attrib)
    assert names >= set(required) and names <= set(required) | set(optional), (element.tag, sorted(names))
    return {name: element.get(name) for name in (*required, *optional)}


def xml_bool(text):
    assert text in ("true", "false"), text
    return text == "true"


def xml_floats(text, count):
    """An `xs:list` of `count` floats."""
    items = [float(item) for item in text.split(" ")]
    assert len(items) == count, text
    return items


def xml_log(e):
    a = attributes(e, ("address", "identity", "userid", "date", "request", "code", "size"))
    assert not len(e), "a log holds no elements"
    x0, x1, x2, x3 = (int(part) for part in a["address"].split("."))
    return {
        "address": {"x0": x0, "x1": x1, "x2": x2, "x3": x3}, "identity": a["identity"], "userid": a["userid"],
        "date": a["date"], "request": a["request"], "code": int(a["code"]), "size": int(a["size"]),
    }


def xml_triangle(e):
    assert not len(e), "a triangle holds no elements"
    return {key: dict(zip("xyz", xml_floats(text, 3))) for key, text in attributes(e, ("v0", "v1", "v2", "normal")).items()}


def xml_item(e):
    a = attributes(e, ("count", "slot", "id"))
    assert not len(e), f"{e.tag} holds no elements"
    return {"count": int(a["count"]), "slot": int(a["slot"]), "id": a["id"]}


ENTITY_BOOLS = ("on_ground", "no_gravity", "invulnerable", "custom_name_visible", "silent", "glowing")


def xml_entity(e):
    a = attributes(
        e, ("id", "pos", "motion", "rotation", "fall_distance", "fire", "air", "portal_cooldown", "uuid", *ENTITY_BOOLS),
        ("custom_name",),
    )
    assert not len(e), f"{e.tag} holds no elements"
    return {
        "id": a["id"], "pos": xml_floats(a["pos"], 3), "motion": xml_floats(a["motion"], 3),
        "rotation": xml_floats(a["rotation"], 2), "fall_distance": float(a["fall_distance"]), "fire": int(a["fire"]),
        "air": int(a["air"]), "portal_cooldown": int(a["portal_cooldown"]), "uuid": ints(a["uuid"]),
        "custom_name": a["custom_name"], **{key: xml_bool(a[key]) for key in ENTITY_BOOLS},
    }


ABILITY_FLAGS = ("may_fly", "flying", "invulnerable", "may_build", "instabuild")
RECIPE_BOOK_FLAGS = (
    "is_filtering_craftable", "is_gui_open", "is_furnace_filtering_craftable", "is_furnace_gui_open",
    "is_blasting_furnace_filtering_craftable", "is_blasting_furnace_gui_open", "is_smoker_filtering_craftable",
    "is_smoker_gui_open",
)
PLAYER_INTS = (
    "score", "selected_item_slot", "spawn_x", "spawn_y", "spawn_z", "sleep_timer", "food_tick_timer", "xp_level",
    "xp_total", "xp_seed",
)
PLAYER_FLOATS = ("food_exhaustion_level", "food_saturation_level", "xp_p")


def one(element, tag, optional=False):
    """The one child `tag` of element, or None when optional and absent."""
    found = element.findall(tag)
    assert len(found) in ((0, 1) if optional else (1,)), f"{element.tag} holds {len(found)} <{tag}>"
    return found[0] if found else None


def xml_player(e):
    a = attributes(
        e, ("game_type", "previous_game_type", "dimension", "seen_credits", *PLAYER_INTS, *PLAYER_FLOATS),
        ("spawn_dimension", "spawn_forced", "entered_nether_position"),
    )
    children(
        e, "player", "selected_item", "item", "ender_item", "abilities", "root_vehicle", "shoulder_entity_left",
        "shoulder_entity_right", "recipe_book",
    )
    abilities = attributes(one(e, "abilities"), ("walk_speed", "fly_speed", *ABILITY_FLAGS))
    vehicle = one(e, "root_vehicle", optional=True)
    if vehicle is not None:
        children(vehicle, "root_vehicle", "entity")
        vehicle = [ints(attributes(vehicle, ("uuid",))["uuid"]), xml_entity(one(vehicle, "entity"))]
    book = one(e, "recipe_book")
    children(book, "recipe_book", "recipe", "to_be_displayed")
    left, right = (one(e, f"shoulder_entity_{side}", optional=True) for side in ("left", "right"))
    position = a["entered_nether_position"]
    return {
        "game_type": VARIANTS[a["game_type"]], "previous_game_type": VARIANTS[a["previous_game_type"]],
        "dimension": a["dimension"], "spawn_dimension": a["spawn_dimension"],
        "spawn_forced": None if a["spawn_forced"] is None else xml_bool(a["spawn_forced"]),
        "entered_nether_position": None if position is None else xml_floats(position, 3),
        "seen_credits": xml_bool(a["seen_credits"]),
        **{key: int(a[key]) for key in PLAYER_INTS}, **{key: float(a[key]) for key in PLAYER_FLOATS},
        "selected_item": xml_item(one(e, "selected_item")),
        "inventory": [xml_item(i) for i in e.findall("item")],
        "ender_items": [xml_item(i) for i in e.findall("ender_item")],
        "abilities": {
            "walk_speed": float(abilities["walk_speed"]), "fly_speed": float(abilities["fly_speed"]),
            **{key: xml_bool(abilities[key]) for key in ABILITY_FLAGS},
        },
        "root_vehicle": vehicle,
        "shoulder_entity_left": None if left is None else xml_entity(left),
        "shoulder_entity_right": None if right is None else xml_entity(right),
        "recipe_book": {
            "recipes": [r.text or "" for r in book.findall("recipe")],
            "to_be_displayed": [r.text or "" for r in book.findall("to_be_displayed")],
            **{key: xml_bool(text) for key, text in attributes(book, RECIPE_BOOK_FLAGS).items()},
        },
    }


def xml_contact(e):
    a = attributes(e, ("damage", "entity_id", "reloads", "turret_angles"), ("entity_type", "player_id"))
    children(e, "contact", "guidance", "transform")
    guidance = attributes(one(e, "guidance"), ("angle", "submerge", "velocity"))
    transform = attributes(one(e, "transform"), ("altitude", "angle", "position", "velocity"))
    return {
        "damage": int(a["damage"]), "entity_id": int(a["entity_id"]),
        "entity_type": None if a["entity_type"] is None else VARIANTS[a["entity_type"]],
        "guidance": {"angle": int(guidance["angle"]), "submerge": xml_bool(guidance["submerge"]),
                     "velocity": int(guidance["velocity"])},
        "player_id": None if a["player_id"] is None else int(a["player_id"]),
        "reloads": [xml_bool(r) for r in a["reloads"].split()],
        "transform": {"altitude": int(transform["altitude"]), "angle": int(transform["angle"]),
                      "position": xml_floats(transform["position"], 2), "velocity": int(transform["velocity"])},
        "turret_angles": ints(a["turret_angles"]),
    }


def xml_update(e):
    a = attributes(e, ("score", "world_radius"))
    children(e, "update", "contact", "terrain_update")
    terrain_updates = []
    for t in e.findall("terrain_update"):
        t = attributes(t, ("chunk_id", "data"))
        # xs:hexBinary, as serbench writes it: lowercase
        assert re.fullmatch(r"(?:[0-9a-f]{2})*", t["data"]), t["data"]
        terrain_updates.append({"chunk_id": ints(t["chunk_id"]), "data": list(bytes.fromhex(t["data"]))})
    return {
        "contacts": [xml_contact(c) for c in e.findall("contact")], "score": int(a["score"]),
        "world_radius": float(a["world_radius"]), "terrain_updates": terrain_updates,
    }


def as_f32(value):
    """`value` with every float rounded to the nearest `f32`."""
    if isinstance(value, float):
        return struct.unpack("<f", struct.pack("<f", value))[0]
    if isinstance(value, dict):
        return {k: as_f32(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_f32(v) for v in value]
    return value


def f32_fields(tree):
    """`tree` with the floats of [`F32_FIELDS`] read as `f32`s."""
    if isinstance(tree, dict):
        return {k: as_f32(v) if k in F32_FIELDS else f32_fields(v) for k, v in tree.items()}
    if isinstance(tree, list):
        return [f32_fields(v) for v in tree]
    return tree


def f32_bits(value):
    return struct.unpack("<I", struct.pack("<f", value))[0]


def check_same_tree(dumps, dataset, codecs):
    family = {
        "json": json.loads,
        "cbor": cbor2.loads,
        "msgpack": lambda b: msgpack.unpackb(b, raw=False),
        "xml": lambda b: xml_tree(dataset, xml_root(b)),
        "bson": bson_document,
        "flexbuffers": flexbuffers_tree,
        "fory": fory_tree,
    }
    trees = {
        name: f32_fields(family[first]((dumps / f"{dataset}.{name}").read_bytes()))
        for name, first in codecs.items()
    }
    for name, tree in trees.items():
        assert tree == trees["json"], f"{dataset}.{name} differs from {dataset}.json"
    return trees["json"]


def answer_for(dataset, tree):
    compact = {"separators": (",", ":")}
    if dataset == "telemetry":
        return None  # a checksum of float bits; the check below compares formats instead
    if dataset == "graph":
        nodes, edges = tree["nodes"], tree["edges"]
        seen, stack = {0} if nodes else set(), [0] if nodes else []
        while stack:
            for e in nodes[stack.pop()]["out_edges"]:
                to = edges[e]["to"] if e < len(edges) else None
                if to is not None and to < len(nodes) and to not in seen:
                    seen.add(to)
                    stack.append(to)
        return json.dumps({"nodes": len(nodes), "edges": len(edges), "reachable": len(seen)}, **compact)
    if dataset == "records":
        return json.dumps(
            {"ids": len(tree["ids"]), "ids_sum": sum(tree["ids"]), "strings": len(tree["strings"]),
             "string_bytes": sum(len(s.encode()) for s in tree["strings"])},
            **compact,
        )
    if dataset == "media":
        media, images = tree["media"], tree["images"]
        texts = [media["uri"], media["title"] or "", media["format"], *media["persons"], media["copyright"] or ""]
        texts += [i["uri"] for i in images] + [i["title"] or "" for i in images]
        pixels = media["width"] * media["height"] + sum(i["width"] * i["height"] for i in images)
        return json.dumps(
            {"persons": len(media["persons"]), "images": len(images),
             "large_images": sum(1 for i in images if i["size"] == "LARGE"), "pixels": pixels,
             "text_bytes": sum(len(t.encode()) for t in texts)},
            **compact,
        )
    if dataset == "log":
        logs = tree["logs"]
        address = lambda a: (a["x0"] << 24) | (a["x1"] << 16) | (a["x2"] << 8) | a["x3"]
        return json.dumps(
            {"logs": len(logs), "address_sum": sum(address(log["address"]) for log in logs),
             "code_sum": sum(log["code"] for log in logs), "size_sum": sum(log["size"] for log in logs)},
            **compact,
        )
    if dataset == "mesh":
        checksum = 0
        for triangle in tree["triangles"]:
            normal = triangle["normal"]
            for axis in ("x", "y", "z"):
                checksum = ((checksum << 7) | (checksum >> 57)) & (2**64 - 1)
                checksum ^= f32_bits(normal[axis])
        return json.dumps(
            {"triangles": len(tree["triangles"]), "normal_checksum": f"{checksum:016x}"}, **compact
        )
    if dataset == "minecraft_savedata":
        players = tree["players"]
        counts = {kind: sum(1 for p in players if p["game_type"] == kind)
                  for kind in GAME_TYPES}
        return json.dumps(
            {"players": len(players), **{kind.lower(): n for kind, n in counts.items()}}, **compact
        )
    if dataset == "mk48":
        updates = tree["updates"]
        return json.dumps(
            {"updates": len(updates), "score_sum": sum(u["score"] for u in updates)}, **compact
        )
    raise AssertionError(dataset)


def serbench_answer(serbench, dumps, dataset, fmt):
    result = subprocess.run(
        [serbench, "check", "--dataset", dataset, "--codec", fmt, str(dumps / f"{dataset}.{fmt}")],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def check_pymongo_writes(serbench, dumps, dataset, tree, codecs):
    """pymongo's BSON of the dataset's value (integers as int32 where they
    fit, else int64), read by every BSON codec with the dump's answer.
    The tree's `f32`s are rounded to `f32`s already (`check_same_tree`), so
    the doubles pymongo writes narrow back to the same bits."""
    theirs = dumps / f"{dataset}.pymongo.bson"
    theirs.write_bytes(bson.encode(tree))
    for fmt in (name for name, first in codecs.items() if first == "bson"):
        result = subprocess.run(
            [serbench, "check", "--dataset", dataset, "--codec", fmt, str(theirs)],
            capture_output=True, text=True,
        )
        assert result.returncode == 0, f"{fmt} cannot read pymongo's {dataset}: {result.stderr}"
        ours = serbench_answer(serbench, dumps, dataset, fmt)
        assert result.stdout.strip().splitlines()[-1] == ours, f"{fmt} reads pymongo's {dataset} otherwise"


def main():
    dumps, serbench = Path(sys.argv[1]), sys.argv[2]
    codecs = codecs_by_family(serbench)
    answers = {"task-manager": check_task_manager(dumps, codecs)}
    for dataset in DATASETS[1:]:
        tree = check_same_tree(dumps, dataset, codecs)
        check_pymongo_writes(serbench, dumps, dataset, tree, codecs)
        answers[dataset] = answer_for(dataset, tree)
    for dataset, expected in answers.items():
        seen = {fmt: serbench_answer(serbench, dumps, dataset, fmt) for fmt in codecs}
        assert len(set(seen.values())) == 1, f"{dataset}: formats disagree: {seen}"
        if expected is not None:
            assert seen["json"] == expected, f"{dataset}: python {expected} vs serbench {seen['json']}"
        print(f"python reads {dataset} in {', '.join(codecs)}: {seen['json']}")


if __name__ == "__main__":
    main()
