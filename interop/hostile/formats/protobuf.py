"""Protocol Buffers (proto3, the protobuf encoding guide) as prost,
rust-protobuf and buffa write the model after schemas/: crafted inputs.

The messages are built field by field (`PMsg`); a bomb replaces one field,
by its path, with an edit (`serde.Raw`, `serde.LenBomb`). Declared lengths
past the input, over-long and endless varints, wire types 6 and 7, field
number 0, unbalanced and deep groups, wrong wire types, invalid UTF-8, enum
values and integers out of range, missing messages, and amplification. What
protobuf defines as valid (unknown fields, a field or the whole message
twice, an empty message) must survive.
"""

import struct

from ..model import AMPLIFY_BYTES, DEEP, PAYLOAD, READINGS, VALUES
from ..runner import Case, amplified
from ..wire import le32, leb128, zigzag
from .serde import LenBomb, Raw, Stop, length_sizes

FAMILIES = ("Protobuf",)
TEXT_LENGTH = {"Protobuf": leb128}
# Fields follow fields with no end marker: a cut at a field's end, or more
# fields after the value, is a valid message, so neither is noted.
KNOWS_ITS_END = False
# An empty message is a valid, empty value of some datasets.
EMPTY_FILE = "survive"
TAILS = ()


# rust-protobuf's codec reads a field of the wrong wire type as an unknown
# field, as C++ protobuf does, and ends an unknown group at any end-group
# key; prost and buffa refuse both. The value is then absent: an error only
# where the dataset needs it (a header, its 16-byte id, the media).
LENIENT = ("protobuf-rust",)


def wrong_type(codec, path):
    """What a codec does with field `path` under another wire type."""
    if codec not in LENIENT:
        return "reject"
    needed = path.endswith("header") or path.endswith(".id") or path == "media"
    return "reject" if needed else "survive"


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing protobuf."""
    for ds in datasets:
        if ds in VALUES:
            yield from protobuf_bombs(codec, ds)
    yield from amplification(codec)


PACKED = ("version", "out_edges", "in_edges", "edge_from", "edge_to", "edge_weight", "ids")


class PMsg(list):
    """A message: (name, field number, wire type, value) tuples."""


def pb_key(no, wt):
    return leb128(no << 3 | wt)


def pb_varint(n):
    return leb128(n & 0xFFFFFFFFFFFFFFFF)


def pb_packed(items, zig=False):
    return b"".join(pb_varint(zigzag(x) if zig else x) for x in items)


def pb_header(h):
    return PMsg(
        [
            ("id", 1, 2, h["id"]),
            ("name", 2, 2, h["name"].encode()),
            ("color", 3, 5, le32(h["color"])),
            ("created_seconds", 4, 0, zigzag(h["created"][0])),
            ("created_nanos", 5, 5, le32(h["created"][1])),
            ("created_offset_seconds", 6, 0, zigzag(h["created"][2])),
        ]
    )


def pb_value(ds, v):
    if ds == "task-manager":
        lists = []
        for i, lst in enumerate(v["lists"]):
            tasks = [
                (
                    f"tasks[{j}]",
                    2,
                    2,
                    PMsg(
                        [
                            ("header", 1, 2, pb_header(t["header"])),
                            ("description", 2, 2, t["description"].encode()),
                            ("priority", 3, 0, t["priority"]),
                            ("completed", 4, 0, int(t["completed"])),
                        ]
                    ),
                )
                for j, t in enumerate(lst["tasks"])
            ]
            lists.append((f"lists[{i}]", 3, 2, PMsg([("header", 1, 2, pb_header(lst["header"]))] + tasks)))
        return PMsg([("user", 1, 2, v["user"].encode()), ("version", 2, 2, pb_packed(v["version"]))] + lists)
    if ds == "telemetry":
        return PMsg([("sensor_id", 1, 2, v["sensor_id"].encode())] + [(r, 2 + i, 1, struct.pack("<d", v[r])) for i, r in enumerate(READINGS)])
    if ds == "graph":
        nodes = [
            (
                f"nodes[{i}]",
                1,
                2,
                PMsg(
                    [
                        ("id", 1, 0, n["id"]),
                        ("name", 2, 2, n["name"].encode()),
                        ("out_edges", 3, 2, pb_packed(n["out_edges"])),
                        ("in_edges", 4, 2, pb_packed(n["in_edges"])),
                    ]
                ),
            )
            for i, n in enumerate(v["nodes"])
        ]
        edges = v["edges"]
        return PMsg(
            nodes
            + [
                ("edge_from", 2, 2, pb_packed([e["from"] for e in edges])),
                ("edge_to", 3, 2, pb_packed([e["to"] for e in edges])),
                ("edge_weight", 4, 2, pb_packed([e["weight"] for e in edges])),
            ]
        )
    if ds == "records":
        return PMsg([("ids", 1, 2, pb_packed(v["ids"], zig=True))] + [(f"strings[{i}]", 2, 2, s.encode()) for i, s in enumerate(v["strings"])])
    if ds == "media":
        m = v["media"]
        media = PMsg(
            [("uri", 1, 2, m["uri"].encode())]
            + ([("title", 2, 2, m["title"].encode())] if m["title"] is not None else [])
            + [
                ("width", 3, 0, m["width"]),
                ("height", 4, 0, m["height"]),
                ("format", 5, 2, m["format"].encode()),
                ("duration", 6, 0, m["duration"]),
                ("size", 7, 0, m["size"]),
            ]
            + ([("bitrate", 8, 0, m["bitrate"])] if m["bitrate"] is not None else [])
            + [(f"persons[{i}]", 9, 2, p.encode()) for i, p in enumerate(m["persons"])]
            + [("player", 10, 0, ["JAVA", "FLASH"].index(m["player"]))]
        )
        images = [
            (
                f"images[{i}]",
                1,
                2,
                PMsg(
                    [("uri", 1, 2, im["uri"].encode())]
                    + ([("title", 2, 2, im["title"].encode())] if im["title"] is not None else [])
                    + [("width", 3, 0, im["width"]), ("height", 4, 0, im["height"]), ("size", 5, 0, ["SMALL", "LARGE"].index(im["size"]))]
                ),
            )
            for i, im in enumerate(v["images"])
        ]
        return PMsg(images + [("media", 2, 2, media)])
    raise ValueError(ds)


def pb_serialize(msg, mods=None, prefix=""):
    """Bytes of msg; mods maps a field path to LenBomb(n) or Raw(bytes of key + value)."""
    mods = mods or {}
    out = bytearray()
    for name, no, wt, value in msg:
        path = prefix + name
        mod = mods.get(path)
        if isinstance(mod, LenBomb):
            out += pb_key(no, 2) + pb_varint(mod.n) + mod.payload
            raise Stop(out)
        if isinstance(mod, Raw):
            out += mod.data
            if mod.stop:
                raise Stop(out)
            continue
        out += pb_key(no, wt)
        if wt == 0:
            out += pb_varint(value)
        elif wt in (1, 5):
            out += value
        elif isinstance(value, PMsg):
            try:
                inner = pb_serialize(value, mods, path + ".")
            except Stop as stop:
                out += pb_varint(len(stop.data)) + stop.data
                raise Stop(out) from None
            out += pb_varint(len(inner)) + inner
        else:
            out += pb_varint(len(value)) + value
    return bytes(out)


def pb_paths(msg, prefix=""):
    for name, no, wt, value in msg:
        path = prefix + name
        yield path, no, wt, value
        if isinstance(value, PMsg):
            yield from pb_paths(value, path + ".")


def pb_run(msg, mods):
    try:
        return pb_serialize(msg, mods)
    except Stop as stop:
        return bytes(stop.data)


def protobuf_bombs(codec, ds):
    """A control of the dataset, then bombs built from it."""
    msg = pb_value(ds, VALUES[ds][1])
    control = f"{codec}/{ds} value"
    base = pb_serialize(msg)
    yield Case(codec, ds, "control", "valid value built here", base, "accept", control=control)
    for path, no, wt, value in pb_paths(msg):
        if wt != 2:
            continue
        for n, name in length_sizes("protobuf"):
            yield Case(codec, ds, "length", f"{path} declares {name}", pb_run(msg, {path: LenBomb(n, None)}), "reject", control=control)
        yield Case(codec, ds, "length", f"{path} declares one byte more than it has", pb_run(msg, {path: LenBomb(len(PAYLOAD) + 1, None)}), "reject", control=control)
        yield Case(codec, ds, "varint", f"{path} length as an 11-byte varint", pb_run(msg, {path: Raw(pb_key(no, 2) + b"\x80" * 10 + b"\x01", stop=True)}), "reject", control=control)
        packed = path.rsplit(".", 1)[-1] in PACKED
        # A packed repeated field may come unpacked: wire type 0 is legal there.
        yield Case(codec, ds, "type", f"{path} with wire type 0", pb_run(msg, {path: Raw(pb_key(no, 0) + b"\x01")}), "survive" if packed else wrong_type(codec, path), control=control)
        if not isinstance(value, PMsg) and not packed and not path.endswith(".id"):
            yield Case(codec, ds, "utf8", f"{path} holds ff fe", pb_run(msg, {path: Raw(pb_key(no, 2) + b"\x04ok\xff\xfe")}), "reject", control=control)
    first = msg[0]
    yield Case(codec, ds, "varint", "a key as an 11-byte varint", b"\x80" * 10 + b"\x01" + base, "reject", control=control)
    yield Case(codec, ds, "varint", "a key varint over 2^64", b"\xff" * 9 + b"\x7f" + base, "reject", control=control)
    yield Case(codec, ds, "varint", "an endless varint", base + pb_key(15, 0) + b"\xff" * 64, "reject", control=control)
    for wt in (6, 7):
        yield Case(codec, ds, "syntax", f"wire type {wt}", base + pb_key(15, wt) + b"\x00", "reject", control=control)
    yield Case(codec, ds, "syntax", "field number 0", base + b"\x00\x00", "reject", control=control)
    yield Case(codec, ds, "syntax", "field number 2^29 (over the maximum)", base + pb_key(1 << 29, 0) + b"\x00", "reject", control=control)
    yield Case(codec, ds, "syntax", "end group without a start", base + pb_key(15, 4), "reject", control=control)
    yield Case(codec, ds, "syntax", "group ended with another field number", base + pb_key(15, 3) + pb_key(16, 4), "survive" if codec in LENIENT else "reject", control=control)
    yield Case(codec, ds, "nesting", f"{DEEP} nested unknown groups, closed", base + pb_key(15, 3) * DEEP + pb_key(15, 4) * DEEP, "reject", control=control)
    yield Case(codec, ds, "nesting", f"{DEEP} nested unknown groups, unclosed", base + pb_key(15, 3) * DEEP, "reject", control=control)
    yield Case(codec, ds, "nesting", f"field {first[1]} as {DEEP} nested groups", pb_key(first[1], 3) * DEEP + pb_key(first[1], 4) * DEEP + base, "reject", control=control)
    # Unknown length-delimited fields are skipped without being parsed.
    nested = b""
    for _ in range(2000):
        nested = pb_key(15, 2) + pb_varint(len(nested)) + nested
    yield Case(codec, ds, "survive", "an unknown field holding 2000 nested messages", base + nested, "survive", control=control)
    # Protobuf's own rules (crate docs): these are valid messages.
    yield Case(codec, ds, "survive", "the first field twice (the last one wins)", pb_serialize(PMsg([msg[0]])) + base, "survive", control=control)
    unknown = pb_key(20, 0) + b"\x01" + pb_key(21, 1) + bytes(8) + pb_key(22, 2) + b"\x01x" + pb_key(23, 5) + bytes(4) + pb_key(24, 3) + pb_key(24, 4)
    yield Case(codec, ds, "survive", "unknown fields of every wire type", base + unknown, "survive", control=control)
    yield Case(codec, ds, "survive", "the whole message twice (merged)", base + base, "survive", control=control)
    if ds == "task-manager":
        prio = "lists[0].tasks[0].priority"
        for value, what in ((4, "4"), (-1, "-1 (10-byte varint)"), (1 << 31, "2^31")):
            yield Case(codec, ds, "enum", f"{prio} = {what}", pb_run(msg, {prio: Raw(pb_key(3, 0) + pb_varint(value))}), "reject", control=control)
        hdr = "lists[0].tasks[0].header"
        yield Case(codec, ds, "missing-key", f"{hdr} missing", pb_run(msg, {hdr: Raw(b"")}), "reject", control=control)
        yield Case(codec, ds, "missing-key", "lists[0].header missing", pb_run(msg, {"lists[0].header": Raw(b"")}), "reject", control=control)
        for n in (0, 15, 17):
            yield Case(codec, ds, "range", f"{hdr}.id of {n} bytes", pb_run(msg, {hdr + ".id": Raw(pb_key(1, 2) + bytes([n]) + bytes(n))}), "reject", control=control)
        yield Case(codec, ds, "range", f"{hdr}.created_nanos = 10^9", pb_run(msg, {hdr + ".created_nanos": Raw(pb_key(5, 5) + le32(1_000_000_000))}), "reject", control=control)
        yield Case(codec, ds, "range", f"{hdr}.created_offset_seconds = 100000", pb_run(msg, {hdr + ".created_offset_seconds": Raw(pb_key(6, 0) + pb_varint(zigzag(100_000)))}), "reject", control=control)
        yield Case(codec, ds, "range", f"{hdr}.created_seconds = i64::MAX", pb_run(msg, {hdr + ".created_seconds": Raw(pb_key(4, 0) + pb_varint(zigzag((1 << 63) - 1)))}), "reject", control=control)
        yield Case(codec, ds, "type", f"{hdr}.color as a varint", pb_run(msg, {hdr + ".color": Raw(pb_key(3, 0) + b"\x01")}), wrong_type(codec, "color"), control=control)
        yield Case(codec, ds, "type", "version packed with a cut varint", pb_run(msg, {"version": Raw(pb_key(2, 2) + b"\x02\x01\x80")}), "reject", control=control)
    if ds == "media":
        for path, no in (("media.player", 10), ("images[0].size", 5)):
            for value in (2, -1):
                yield Case(codec, ds, "enum", f"{path} = {value}", pb_run(msg, {path: Raw(pb_key(no, 0) + pb_varint(value))}), "reject", control=control)
        yield Case(codec, ds, "missing-key", "media missing", pb_run(msg, {"media": Raw(b"")}), "reject", control=control)
    if ds == "graph":
        yield Case(codec, ds, "range", "nodes[0].id = 65536", pb_run(msg, {"nodes[0].id": Raw(pb_key(1, 0) + pb_varint(65536))}), "reject", control=control)
        yield Case(codec, ds, "range", "edge_to one item short", pb_run(msg, {"edge_to": Raw(pb_key(3, 2) + b"\x01\x01")}), "reject", control=control)
        yield Case(codec, ds, "range", "edge_weight = 65536", pb_run(msg, {"edge_weight": Raw(pb_key(4, 2) + b"\x04" + pb_varint(65536) + b"\x03")}), "reject", control=control)
    if ds == "telemetry":
        yield Case(codec, ds, "missing-key", "humidity missing", pb_run(msg, {"humidity": Raw(b"")}), "reject", control=control)



def amplification(codec):
    """Empty messages and one-item runs, 2 to 5 bytes each."""
    n = AMPLIFY_BYTES
    yield amplified(codec, "graph", "empty nodes, 2 bytes each", b"\x0a\x00" * (n // 2))
    yield amplified(codec, "records", "empty strings, 2 bytes each", b"\x12\x00" * (n // 2))
    yield amplified(codec, "task-manager", "lists with an empty header, 4 bytes each", b"\x1a\x02\x0a\x00" * (n // 4))
    yield amplified(codec, "media", "empty images, 2 bytes each", b"\x0a\x00" * (n // 2))
    yield amplified(codec, "records", "ids as one-item packed runs, 3 bytes each", b"\x0a\x01\x02" * (n // 3))
    yield amplified(codec, "media", "media messages of one person each, merged", b"\x12\x03\x4a\x01A" * (n // 5))
