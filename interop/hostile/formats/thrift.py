"""Apache Thrift, binary and compact protocols, as serbench-thrift writes the
model after schemas/*.thrift: crafted inputs.

Both codecs of the family ("thrift-binary", "thrift-compact") get the same
attacks in their own protocol. A value is built field by field (`TStruct`);
a bomb replaces one field, by its path, with an edit (`serde.Raw`,
`serde.LenBomb`). Lengths and counts past the input (and negative ones,
which the thrift crate would allocate as huge), over-long varints and, in
compact, varints wider than their type (which the thrift crate cuts to the
type: each bomb's cut value is the control's), unknown type codes, wrong field types, a field twice, unknown fields (refused before
their value is read, however deep), invalid UTF-8, enum values outside the
schema, missing required fields, values the model cannot hold, and
amplification.
"""

import struct

from ..model import AMPLIFY_BYTES, DEEP, PAYLOAD, READINGS, VALUES
from ..runner import Case, amplified
from ..wire import leb128, zigzag
from .serde import LenBomb, Raw, Stop

FAMILIES = ("Thrift",)
# By protocol (`classes.wire_of`).
TEXT_LENGTH = {"thrift compact": leb128, "thrift binary": lambda n: struct.pack(">I", n)}
# A struct ends with a stop byte: a cut or a trailer is always detectable.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

BOOL, I32, I64, DOUBLE, STRING, STRUCT, LIST = "bool", "i32", "i64", "double", "string", "struct", "list"
BINARY_CODES = {BOOL: 2, I32: 8, I64: 10, DOUBLE: 4, STRING: 11, STRUCT: 12, LIST: 15}
COMPACT_CODES = {BOOL: 1, I32: 5, I64: 6, DOUBLE: 7, STRING: 8, STRUCT: 12, LIST: 9}


class TStruct(list):
    """A struct: (name, field id, type, value) tuples, in id order."""


class TList:
    def __init__(self, element, items):
        self.element, self.items = element, items


class Protocol:
    """One protocol's encodings of the pieces of a struct."""

    def __init__(self, compact):
        self.compact = compact
        self.codes = COMPACT_CODES if compact else BINARY_CODES

    def field(self, ttype, no, last, value=None):
        """A field header after field `last`; a compact bool holds its value."""
        code = self.codes[ttype]
        if not self.compact:
            return bytes([code]) + struct.pack(">h", no)
        if ttype == BOOL:
            code = 1 if value else 2
        if 0 < no - last <= 15:
            return bytes([(no - last) << 4 | code])
        return bytes([code]) + leb128(zigzag(no))

    def long_field(self, ttype, no):
        """A field header with the id in full."""
        return self.field(ttype, no, no + 100)

    def length(self, n):
        return leb128(n) if self.compact else struct.pack(">I", n & 0xFFFFFFFF)

    def list_head(self, element, n):
        code = self.codes[element]
        if not self.compact:
            return bytes([code]) + struct.pack(">I", n & 0xFFFFFFFF)
        return bytes([n << 4 | code]) if n < 15 else bytes([0xF0 | code]) + leb128(n)

    def i32(self, n):
        return leb128(zigzag(n)) if self.compact else struct.pack(">i", n)

    def i64(self, n):
        return leb128(zigzag(n)) if self.compact else struct.pack(">q", n)

    def value(self, ttype, v, mods, path):
        if ttype == I32:
            return self.i32(v)
        if ttype == I64:
            return self.i64(v)
        if ttype == DOUBLE:
            return struct.pack("<d" if self.compact else ">d", v)
        if ttype == BOOL:
            return b"" if self.compact else bytes([int(v)])
        if ttype == STRING:
            return self.length(len(v)) + v
        if ttype == STRUCT:
            return self.serialize(v, mods, path + ".")
        out = bytearray(self.list_head(v.element, len(v.items)))
        for i, item in enumerate(v.items):
            try:
                out += self.value(v.element, item, mods, f"{path}[{i}]")
            except Stop as stop:
                raise Stop(bytes(out) + stop.data) from None
        return bytes(out)

    def serialize(self, msg, mods=None, prefix=""):
        """Bytes of msg; mods maps a field path to LenBomb(n) or Raw(bytes of header + value)."""
        mods = mods or {}
        out, last = bytearray(), 0
        for name, no, ttype, value in msg:
            path = prefix + name
            mod = mods.get(path)
            if isinstance(mod, LenBomb):
                out += self.field(ttype, no, last) + self.length(mod.n) + mod.payload
                raise Stop(bytes(out))
            if isinstance(mod, Raw):
                out += mod.data
                if mod.stop:
                    raise Stop(bytes(out))
                if mod.data:
                    last = no
                continue
            out += self.field(ttype, no, last, value)
            last = no
            try:
                out += self.value(ttype, value, mods, path)
            except Stop as stop:
                raise Stop(bytes(out) + stop.data) from None
        out.append(0)
        return bytes(out)

    def run(self, msg, mods):
        try:
            return self.serialize(msg, mods)
        except Stop as stop:
            return stop.data


def t_header(h):
    return TStruct(
        [
            ("id", 1, STRING, h["id"]),
            ("name", 2, STRING, h["name"].encode()),
            ("color", 3, I32, h["color"] - (1 << 32) if h["color"] >> 31 else h["color"]),
            ("created_seconds", 4, I64, h["created"][0]),
            ("created_nanos", 5, I32, h["created"][1]),
            ("created_offset_seconds", 6, I32, h["created"][2]),
        ]
    )


def t_value(ds, v):
    if ds == "task-manager":
        def task(t):
            return TStruct(
                [
                    ("header", 1, STRUCT, t_header(t["header"])),
                    ("description", 2, STRING, t["description"].encode()),
                    ("priority", 3, I32, t["priority"]),
                    ("completed", 4, BOOL, t["completed"]),
                ]
            )

        lists = [
            TStruct([("header", 1, STRUCT, t_header(l["header"])), ("tasks", 2, LIST, TList(STRUCT, [task(t) for t in l["tasks"]]))])
            for l in v["lists"]
        ]
        return TStruct(
            [
                ("user", 1, STRING, v["user"].encode()),
                ("version", 2, LIST, TList(I32, v["version"])),
                ("lists", 3, LIST, TList(STRUCT, lists)),
            ]
        )
    if ds == "telemetry":
        return TStruct([("sensor_id", 1, STRING, v["sensor_id"].encode())] + [(r, 2 + i, DOUBLE, v[r]) for i, r in enumerate(READINGS)])
    if ds == "graph":
        nodes = [
            TStruct(
                [
                    ("id", 1, I32, n["id"]),
                    ("name", 2, STRING, n["name"].encode()),
                    ("out_edges", 3, LIST, TList(I32, n["out_edges"])),
                    ("in_edges", 4, LIST, TList(I32, n["in_edges"])),
                ]
            )
            for n in v["nodes"]
        ]
        edges = [TStruct([("source", 1, I32, e["from"]), ("target", 2, I32, e["to"]), ("weight", 3, I32, e["weight"])]) for e in v["edges"]]
        return TStruct([("nodes", 1, LIST, TList(STRUCT, nodes)), ("edges", 2, LIST, TList(STRUCT, edges))])
    if ds == "records":
        return TStruct([("ids", 1, LIST, TList(I64, v["ids"])), ("strings", 2, LIST, TList(STRING, [s.encode() for s in v["strings"]]))])
    if ds == "media":
        m = v["media"]
        media = TStruct(
            [("uri", 1, STRING, m["uri"].encode())]
            + ([("title", 2, STRING, m["title"].encode())] if m["title"] is not None else [])
            + [
                ("width", 3, I32, m["width"]),
                ("height", 4, I32, m["height"]),
                ("format", 5, STRING, m["format"].encode()),
                ("duration", 6, I64, m["duration"]),
                ("size", 7, I64, m["size"]),
            ]
            + ([("bitrate", 8, I32, m["bitrate"])] if m["bitrate"] is not None else [])
            + [("persons", 9, LIST, TList(STRING, [p.encode() for p in m["persons"]]))]
            + [("player", 10, I32, ["JAVA", "FLASH"].index(m["player"]))]
            + ([("copyright", 11, STRING, m["copyright"].encode())] if m["copyright"] is not None else [])
        )
        images = [
            TStruct(
                [("uri", 1, STRING, im["uri"].encode())]
                + ([("title", 2, STRING, im["title"].encode())] if im["title"] is not None else [])
                + [("width", 3, I32, im["width"]), ("height", 4, I32, im["height"]), ("size", 5, I32, ["SMALL", "LARGE"].index(im["size"]))]
            )
            for im in v["images"]
        ]
        return TStruct([("images", 1, LIST, TList(STRUCT, images)), ("media", 2, STRUCT, media)])
    raise ValueError(ds)


def t_paths(msg, prefix=""):
    """Every field: its path, id, type and value, into structs and lists of structs."""
    for name, no, ttype, value in msg:
        path = prefix + name
        yield path, no, ttype, value
        if ttype == STRUCT:
            yield from t_paths(value, path + ".")
        elif ttype == LIST and value.element == STRUCT:
            for i, item in enumerate(value.items):
                yield from t_paths(item, f"{path}[{i}].")


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing Thrift, in its protocol."""
    p = Protocol(compact=codec.endswith("compact"))
    for ds in datasets:
        if ds in VALUES:
            yield from thrift_bombs(codec, ds, p)
    yield from amplification(codec, p)


def thrift_bombs(codec, ds, p):
    """A control of the dataset, then bombs built from it."""
    msg = t_value(ds, VALUES[ds][1])
    control = f"{codec}/{ds} value"
    base = p.serialize(msg)
    yield Case(codec, ds, "control", "valid value built here", base, "accept", control=control)
    for path, no, ttype, value in t_paths(msg):
        if ttype == STRING:
            for n, name in ((0x7FFFFFFF, "2^31-1"), (0xFFFFFFFF, "2^32-1 (-1 in binary)")):
                yield Case(codec, ds, "length", f"{path} declares {name} bytes", p.run(msg, {path: LenBomb(n, None)}), "reject", control=control)
            yield Case(codec, ds, "length", f"{path} declares one byte more than it has", p.run(msg, {path: LenBomb(len(PAYLOAD) + 1, None)}), "reject", control=control)
            if not path.endswith(".id"):
                bad = p.long_field(STRING, no) + p.length(4) + b"ok\xff\xfe"
                yield Case(codec, ds, "utf8", f"{path} holds ff fe", p.run(msg, {path: Raw(bad)}), "reject", control=control)
        if ttype == LIST:
            for n, name in ((0x7FFFFFFF, "2^31-1"), (0xFFFFFFFF, "2^32-1 (-1 as an i32)")):
                head = p.long_field(LIST, no) + p.list_head(value.element, n) + PAYLOAD
                yield Case(codec, ds, "length", f"{path} declares {name} items", p.run(msg, {path: Raw(head, stop=True)}), "reject", control=control)
            other = I64 if value.element != I64 else I32
            wrong = p.long_field(LIST, no) + p.list_head(other, 1) + p.value(other, 1, {}, "")
            yield Case(codec, ds, "type", f"{path} as a list of {other}", p.run(msg, {path: Raw(wrong)}), "reject", control=control)
        wrong_type = STRING if ttype != STRING else I32
        wrong = p.long_field(wrong_type, no) + p.value(wrong_type, b"x" if wrong_type == STRING else 1, {}, "")
        yield Case(codec, ds, "type", f"{path} as {wrong_type}", p.run(msg, {path: Raw(wrong)}), "reject", control=control)
    first = msg[0]
    again = p.long_field(first[2], first[1]) + p.value(first[2], first[3], {}, first[0])
    yield Case(codec, ds, "duplicate", f"{first[0]} again at the end", base[:-1] + again + b"\x00", "reject", control=control)
    yield Case(codec, ds, "syntax", "field type code 13 (no such type in compact, a map in binary)", bytes([13 if not p.compact else 0x1D]) + base, "reject", control=control)
    yield Case(codec, ds, "syntax", "field type code 0x0f in compact / 0x11 in binary", bytes([0x11 if not p.compact else 0x1F]) + base, "reject", control=control)
    if p.compact:
        yield Case(codec, ds, "varint", "a field id as an 11-byte varint", bytes([COMPACT_CODES[I32]]) + b"\x80" * 10 + b"\x01" + base, "reject", control=control)
        yield Case(codec, ds, "varint", "an endless varint", bytes([0x15]) + b"\xff" * 64, "reject", control=control)
        yield from too_wide(codec, ds, p, msg, control)
    yield Case(codec, ds, "nesting", f"an unknown field nesting {DEEP} structs", p.long_field(STRUCT, 30) * DEEP + b"\x00" * DEEP, "reject", control=control)
    yield Case(codec, ds, "nesting", f"an unknown field nesting {DEEP} lists", p.long_field(LIST, 30) + p.list_head(LIST, 1) * DEEP, "reject", control=control)
    yield Case(codec, ds, "unknown", "an unknown i32 field", base[:-1] + p.long_field(I32, 30) + p.i32(1) + b"\x00", "reject", control=control)
    yield Case(codec, ds, "unknown", "a negative field id", base[:-1] + p.long_field(I32, -1) + p.i32(1) + b"\x00", "reject", control=control)
    yield Case(codec, ds, "missing-key", f"{first[0]} missing", p.run(msg, {first[0]: Raw(b"")}), "reject", control=control)
    yield Case(codec, ds, "syntax", "no stop byte", base[:-1], "reject", control=control)
    yield Case(codec, ds, "syntax", "a byte after the stop", base + b"\x00", "reject", control=control)
    if ds == "task-manager":
        task = "lists[0].tasks[0]"
        for value in (4, -1, 0x7FFFFFFF):
            yield Case(codec, ds, "enum", f"{task}.priority = {value}", p.run(msg, {task + ".priority": Raw(p.long_field(I32, 3) + p.i32(value))}), "reject", control=control)
        hdr = task + ".header"
        for n in (0, 15, 17):
            yield Case(codec, ds, "range", f"{hdr}.id of {n} bytes", p.run(msg, {hdr + ".id": Raw(p.long_field(STRING, 1) + p.length(n) + bytes(n))}), "reject", control=control)
        for name, no, ttype, value in (
            ("created_nanos", 5, I32, 1_000_000_000),
            ("created_nanos", 5, I32, -1),
            ("created_offset_seconds", 6, I32, 100_000),
            ("created_seconds", 4, I64, (1 << 63) - 1),
        ):
            yield Case(codec, ds, "range", f"{hdr}.{name} = {value}", p.run(msg, {f"{hdr}.{name}": Raw(p.long_field(ttype, no) + p.value(ttype, value, {}, ""))}), "reject", control=control)
        yield Case(codec, ds, "missing-key", f"{hdr} missing", p.run(msg, {hdr: Raw(b"")}), "reject", control=control)
    if ds == "media":
        for path, no in (("media.player", 10), ("images[0].size", 5)):
            for value in (2, -1):
                yield Case(codec, ds, "enum", f"{path} = {value}", p.run(msg, {path: Raw(p.long_field(I32, no) + p.i32(value))}), "reject", control=control)
    if ds == "graph":
        yield Case(codec, ds, "range", "nodes[0].id = 65536", p.run(msg, {"nodes[0].id": Raw(p.long_field(I32, 1) + p.i32(65536))}), "reject", control=control)
        yield Case(codec, ds, "range", "edges[0].weight = -1", p.run(msg, {"edges[0].weight": Raw(p.long_field(I32, 3) + p.i32(-1))}), "reject", control=control)
    if ds == "telemetry":
        yield Case(codec, ds, "missing-key", "humidity missing", p.run(msg, {"humidity": Raw(b"")}), "reject", control=control)


def too_wide(codec, ds, p, msg, control):
    """Compact varints wider than their type (i16 field ids, i32 values,
    lengths and counts, i64 values), each with the bits past the type added
    to the control's own value, so that a reader that cuts a varint to its
    type reads the control: only a check of the width refuses them."""

    def case(label, raw):
        return Case(codec, ds, "varint", label, p.run(msg, raw), "reject", control=control)

    name, no, ttype, value = msg[0]
    body = p.value(ttype, value, {}, name)
    yield case(f"{name}: field id {(1 << 16) + no} (cut to {no} as an i16)", {name: Raw(bytes([COMPACT_CODES[ttype]]) + leb128(zigzag((1 << 16) + no)) + body)})
    for path, no, ttype, value in t_paths(msg):
        head = p.long_field(ttype, no)
        if ttype == STRING:
            n = len(value)
            yield case(f"{path}: length 2^32+{n} (cut to {n})", {path: Raw(head + leb128((1 << 32) + n) + value)})
        elif ttype == LIST:
            n = len(value.items)
            items = p.value(LIST, value, {}, path)[len(p.list_head(value.element, n)) :]
            count = bytes([0xF0 | COMPACT_CODES[value.element]]) + leb128((1 << 32) + n)
            yield case(f"{path}: count 2^32+{n} (cut to {n})", {path: Raw(head + count + items)})
        elif ttype == I32:
            yield case(f"{path}: i32 {value}, its zigzag varint plus 2^33", {path: Raw(head + leb128(zigzag(value) + (1 << 33)))})
        elif ttype == I64:
            yield case(f"{path}: i64 {value}, its zigzag varint plus 2^64", {path: Raw(head + leb128(zigzag(value) + (1 << 64)))})


def amplification(codec, p):
    """Empty strings and near-empty structs in long lists."""
    n = AMPLIFY_BYTES

    def listed(ds, label, field_no, element, item, size):
        count = n // size
        data = p.long_field(LIST, field_no) + p.list_head(element, count) + item * count + b"\x00"
        return amplified(codec, ds, f"{label}, {size} bytes each", data)

    string = p.length(0)
    yield listed("records", "empty strings", 2, STRING, string, len(string))
    yield listed("graph", "empty edge structs", 2, STRUCT, b"\x00", 1)
    yield listed("media", "empty image structs", 1, STRUCT, b"\x00", 1)
    zero = p.i64(0)
    yield listed("records", "ids of 0", 1, I64, zero, len(zero))
