"""Avro's binary encoding of a bare datum, after schemas/*.avsc: crafted
inputs.

A datum is its fields in the schema's order with nothing around them: no
names, no tags, no end of record. What it declares is lengths and block
counts, signed zigzag varints (a negative count is followed by the block's
size in bytes). So: lengths and counts past the input, up to 2^63 - 1 and
-2^63; varints too long or endless; invalid UTF-8; enum and union indexes
out of range; a boolean byte of 2; integers past their type; times out of
range; and amplification. A block written with a negative count and its
size, as buffering writers (Java's, fastavro's) do, must be accepted.
"""

import struct

from ..model import AMPLIFY_BYTES, PAYLOAD, READINGS, VALUES
from ..runner import Case, amplified
from ..wire import leb128, zigzag

FAMILIES = ("Avro",)
TEXT_LENGTH = {"Avro": lambda n: leb128(zigzag(n))}
# A datum ends with its last field: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

PRIORITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"]


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing Avro."""
    for ds in datasets:
        if ds in VALUES:
            yield from avro_bombs(codec, ds)
    yield from amplification(codec)


def long(n):
    return leb128(zigzag(n) & 0xFFFFFFFFFFFFFFFF)


class Datum(list):
    """A datum as (path, kind, bytes) pieces in order; a bomb replaces one."""

    def put(self, path, kind, data):
        self.append((path, kind, data))

    def string(self, path, text):
        data = text if isinstance(text, bytes) else text.encode()
        self.put(path, "len", long(len(data)))
        self.put(path + "#", "text", data)

    def array(self, path, items, item):
        self.put(path, "count", long(len(items)))
        if items:
            for i, value in enumerate(items):
                item(f"{path}[{i}]", value)
            self.put(path + "$", "end", long(0))

    def optional(self, path, value, write):
        if value is None:
            self.put(path, "union", long(0))
        else:
            self.put(path, "union", long(1))
            write(path + "|", value)

    def header(self, path, h):
        seconds, nanos, offset = h["created"]
        self.put(path + ".id", "fixed", h["id"])
        self.string(path + ".name", h["name"])
        self.put(path + ".color", "fixed", h["color"].to_bytes(4, "big"))
        self.put(path + ".created.millis", "long", long(seconds * 1000 + nanos // 1_000_000))
        self.put(path + ".created.nanos", "int", long(nanos % 1_000_000))
        self.put(path + ".created.offset_seconds", "int", long(offset))


def av_value(ds, v):
    d = Datum()
    if ds == "task-manager":
        d.string("user", v["user"])
        d.array("version", v["version"], lambda p, s: d.put(p, "u32", long(s)))

        def task(p, t):
            d.header(p + ".header", t["header"])
            d.string(p + ".description", t["description"])
            d.put(p + ".priority", "enum", long(t["priority"]))
            d.put(p + ".completed", "bool", bytes([int(t["completed"])]))

        def tasklist(p, lst):
            d.header(p + ".header", lst["header"])
            d.array(p + ".tasks", lst["tasks"], task)

        d.array("lists", v["lists"], tasklist)
    elif ds == "telemetry":
        d.string("sensor_id", v["sensor_id"])
        for r in READINGS:
            d.put(r, "f64", struct.pack("<d", v[r]))
    elif ds == "graph":
        def node(p, n):
            d.put(p + ".id", "u16", long(n["id"]))
            d.string(p + ".name", n["name"])
            d.array(p + ".out_edges", n["out_edges"], lambda q, e: d.put(q, "u32", long(e)))
            d.array(p + ".in_edges", n["in_edges"], lambda q, e: d.put(q, "u32", long(e)))

        def edge(p, e):
            d.put(p + ".from", "u32", long(e["from"]))
            d.put(p + ".to", "u32", long(e["to"]))
            d.put(p + ".weight", "u16", long(e["weight"]))

        d.array("nodes", v["nodes"], node)
        d.array("edges", v["edges"], edge)
    elif ds == "records":
        d.array("ids", v["ids"], lambda p, i: d.put(p, "long", long(i)))
        d.array("strings", v["strings"], d.string)
    elif ds == "media":
        m = v["media"]
        d.string("media.uri", m["uri"])
        d.optional("media.title", m["title"], d.string)
        d.put("media.width", "int", long(m["width"]))
        d.put("media.height", "int", long(m["height"]))
        d.string("media.format", m["format"])
        d.put("media.duration", "long", long(m["duration"]))
        d.put("media.size", "long", long(m["size"]))
        d.optional("media.bitrate", m["bitrate"], lambda p, b: d.put(p, "int", long(b)))
        d.array("media.persons", m["persons"], d.string)
        d.put("media.player", "enum", long(["JAVA", "FLASH"].index(m["player"])))
        d.optional("media.copyright", m["copyright"], d.string)

        def image(p, im):
            d.string(p + ".uri", im["uri"])
            d.optional(p + ".title", im["title"], d.string)
            d.put(p + ".width", "int", long(im["width"]))
            d.put(p + ".height", "int", long(im["height"]))
            d.put(p + ".size", "enum", long(["SMALL", "LARGE"].index(im["size"])))

        d.array("images", v["images"], image)
    else:
        raise ValueError(ds)
    return d


def run(datum, path, data=None, stop=False):
    """The datum's bytes with the piece at `path` replaced by `data` (and,
    with `stop`, nothing after it)."""
    out = bytearray()
    for p, _, piece in datum:
        if p == path:
            out += piece if data is None else data
            if stop:
                break
        else:
            out += piece
    return bytes(out)


LENGTHS = [(1 << 31, "2^31"), (1 << 32, "2^32"), (1 << 62, "2^62"), ((1 << 63) - 1, "2^63-1")]


def avro_bombs(codec, ds):
    """A control of the dataset, then bombs built from it."""
    datum = av_value(ds, VALUES[ds][1])
    control = f"{codec}/{ds} value"
    base = run(datum, None)
    reject = lambda cls, label, data: Case(codec, ds, cls, label, data, "reject", control=control)  # noqa: E731
    yield Case(codec, ds, "control", "valid value built here", base, "accept", control=control)
    for path, kind, piece in datum:
        if kind in ("len", "count"):
            for n, name in LENGTHS:
                yield reject("length", f"{path} declares {name}", run(datum, path, long(n) + PAYLOAD, stop=True))
            yield reject("length", f"{path} declares one byte more than it has", run(datum, path, long(len(PAYLOAD) + 1) + PAYLOAD, stop=True))
            yield reject("length", f"{path} declares -1", run(datum, path, long(-1) + PAYLOAD, stop=True))
            yield reject("varint", f"{path} as an 11-byte varint", run(datum, path, b"\x80" * 10 + b"\x01"))
            yield reject("varint", f"{path} as an endless varint", run(datum, path, b"\xff" * 64, stop=True))
        if kind == "count":
            yield reject("length", f"{path} declares -2^63 items in a block of 1 byte", run(datum, path, long(-(1 << 63)) + long(1) + PAYLOAD, stop=True))
            if piece != long(0):
                # The same block, written as buffering writers do: -count, then its size.
                items = [p for p in datum if p[0].startswith(path + "[")]
                size = sum(len(p[2]) for p in items)
                count = len({p[0][len(path):].split("]")[0] for p in items})
                head = long(-count) + long(size)
                yield Case(codec, ds, "survive", f"{path} as a block of -{count} items and its size", run(datum, path, head), "accept", control=control)
        if kind == "text":
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                bytes_ = b"ok" + bad
                yield reject("utf8", f"{path[:-1]} holds {what}", utf8_bomb(datum, path, bytes_))
        if kind == "enum":
            for value in (4 if path.endswith("priority") else 2, -1, 1 << 31):
                yield reject("enum", f"{path} = {value}", run(datum, path, long(value)))
        if kind == "union":
            for value in (2, -1):
                yield reject("type", f"{path} branch {value}", run(datum, path, long(value)))
        if kind == "bool":
            yield reject("type", f"{path} bool byte 2", run(datum, path, b"\x02"))
        if kind == "int":
            yield reject("range", f"{path} = 2^31 (not an int)", run(datum, path, long(1 << 31)))
        if kind == "u16":
            yield reject("range", f"{path} = 65536 (not a u16)", run(datum, path, long(65536)))
        if kind == "u32":
            yield reject("range", f"{path} = 2^32 (not a u32)", run(datum, path, long(1 << 32)))
            yield reject("range", f"{path} = -1 (not a u32)", run(datum, path, long(-1)))
        if kind == "fixed":
            yield reject("length", f"{path} cut short", run(datum, path, piece[:-1], stop=True))
        if path.endswith("created.nanos"):
            for value in (1_000_000, -1):
                yield reject("range", f"{path} = {value}", run(datum, path, long(value)))
        if path.endswith("created.offset_seconds"):
            yield reject("range", f"{path} = 100000 s", run(datum, path, long(100_000)))
        if path.endswith("created.millis"):
            yield reject("range", f"{path} = i64::MAX", run(datum, path, long((1 << 63) - 1)))
    yield reject("varint", "a varint over 2^64 first", b"\xff" * 9 + b"\x7f" + base)


def utf8_bomb(datum, text_path, data):
    """The string whose bytes are at `text_path`, holding `data` instead."""
    length_path = text_path[:-1]
    out = bytearray()
    for p, _, piece in datum:
        if p == length_path:
            out += long(len(data))
        elif p == text_path:
            out += data
        else:
            out += piece
    return bytes(out)


def amplification(codec):
    """Empty strings of one byte, empty nodes of four."""
    n = AMPLIFY_BYTES
    yield amplified(codec, "records", "empty strings, 1 byte each", long(0) + long(n) + b"\x00" * n + long(0))
    count = n // 4
    yield amplified(codec, "graph", "empty nodes, 4 bytes each", long(count) + b"\x00\x00\x00\x00" * count + long(0) + long(0))
