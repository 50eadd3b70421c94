"""wincode as serbench-wincode writes the model: crafted inputs.

Written from the crate docs' layout, bincode 1's: a struct is its fields in
order, a string or sequence a u64 little-endian count then its items, every
integer and f64 its full width little-endian, a bool one byte 0 or 1, an
option a 0/1 tag byte then the value, an enum (priority, player, image
size) a u32 variant index; an id 16 bytes, a color a u32, a timestamp an
i64, a u32 and an i32.

Positional, so no depth or duplicate-key bombs. What it declares is u64
counts, which wincode uses to reserve room before reading: every string and
sequence gets counts far past the input, and one just inside wincode's own
4 MiB preallocation limit; then invalid UTF-8, bool bytes, option tags and
variants out of range, nanoseconds out of range, and amplification.
"""

import struct

from ..model import AMPLIFY_BYTES, PAYLOAD, VALUES
from ..runner import Case, amplified
from ..wire import le64

FAMILIES = ("wincode",)
TEXT_LENGTH = {"wincode": le64}
# A value ends with its last field: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

# Counts far past any input, and one whose strings fit in wincode's 4 MiB.
COUNTS = ((1 << 32, "2^32"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64 - 1"), (150_000, "150 000"))
FIXED = {"u16": "<H", "u32": "<I", "i32": "<i", "i64": "<q", "f64": "<d"}


class Stop(Exception):
    """A bomb that ends the input: the bytes written so far."""

    def __init__(self, data):
        super().__init__()
        self.data = data


def leaf(t, v):
    if t == "str":
        data = v.encode()
        return struct.pack("<Q", len(data)) + data
    if t == "uuid":
        return v
    if t == "color":
        return struct.pack("<I", v)
    if t == "time":
        return struct.pack("<qIi", *v)
    if t in ("prio",):
        return struct.pack("<I", v)
    if t == "bool":
        return bytes([v])
    if t == "version":
        return struct.pack("<Q", len(v)) + b"".join(struct.pack("<I", x) for x in v)
    return struct.pack(FIXED[t], v)


def write(t, v, path, bomb, out):
    """Appends v of type t; at `bomb`'s path writes its bytes instead (and stops there if asked)."""
    if bomb is not None and path == bomb[0]:
        out += bomb[1]
        if bomb[2]:
            raise Stop(bytes(out))
        return
    if isinstance(t, tuple) and t[0] == "struct":
        for name, ft in t[1]:
            write(ft, v[name], path + (name,), bomb, out)
    elif isinstance(t, tuple) and t[0] == "seq":
        out += struct.pack("<Q", len(v))
        for i, item in enumerate(v):
            write(t[1], item, path + (i,), bomb, out)
    elif isinstance(t, tuple) and t[0] == "opt":
        if v is None:
            out += b"\x00"
        else:
            out += b"\x01"
            write(t[1], v, path + ("some",), bomb, out)
    elif isinstance(t, tuple) and t[0] == "enum":
        out += struct.pack("<I", t[1].index(v))
    else:
        out += leaf(t, v)


def encode(ds, bomb=None):
    t, v = VALUES[ds]
    out = bytearray()
    try:
        write(t, v, (), bomb, out)
    except Stop as stop:
        return stop.data
    return bytes(out)


def nodes(t, v, path=()):
    """(path, type, value) of every node, depth first."""
    yield path, t, v
    if isinstance(t, tuple) and t[0] == "struct":
        for name, ft in t[1]:
            yield from nodes(ft, v[name], path + (name,))
    elif isinstance(t, tuple) and t[0] == "seq":
        for i, item in enumerate(v):
            yield from nodes(t[1], item, path + (i,))
    elif isinstance(t, tuple) and t[0] == "opt" and v is not None:
        yield from nodes(t[1], v, path + ("some",))


def path_text(path):
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else ("" if part == "some" else f".{part}")
    return text.lstrip(".") or "the value"


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing wincode."""
    for ds in datasets:
        if ds in VALUES:
            yield from bombs(codec, ds)
    yield from amplification(codec)


def bombs(codec, ds):
    control = f"{codec}/{ds} value"
    yield Case(codec, ds, "control", "valid value built here", encode(ds), "accept", control=control)
    t, v = VALUES[ds]
    for path, nt, nv in nodes(t, v):
        where = path_text(path)
        if nt in ("str", "version") or (isinstance(nt, tuple) and nt[0] == "seq"):
            for n, name in COUNTS:
                data = encode(ds, (path, struct.pack("<Q", n) + PAYLOAD, True))
                yield Case(codec, ds, "length", f"{where} declares {name}", data, "reject", control=control)
        if nt == "str" and nv:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                text = b"ok" + bad
                data = encode(ds, (path, struct.pack("<Q", len(text)) + text, False))
                yield Case(codec, ds, "utf8", f"{where} holds {what}", data, "reject", control=control)
        name = path[-1] if path else None
        if nt == "prio":
            for value in (4, 0xFFFFFFFF):
                data = encode(ds, (path, struct.pack("<I", value), False))
                yield Case(codec, ds, "enum", f"{where} = {value}", data, "reject", control=control)
        if nt == "bool":
            data = encode(ds, (path, b"\x02", False))
            yield Case(codec, ds, "type", f"{where} bool byte 2", data, "reject", control=control)
        if isinstance(nt, tuple) and nt[0] == "enum":
            data = encode(ds, (path, struct.pack("<I", len(nt[1])), False))
            yield Case(codec, ds, "enum", f"{where} variant {len(nt[1])}", data, "reject", control=control)
        if isinstance(nt, tuple) and nt[0] == "opt":
            data = encode(ds, (path, b"\x02", True))
            yield Case(codec, ds, "type", f"{where} option tag 2", data, "reject", control=control)
        if nt == "time" and name == "created":
            data = encode(ds, (path, struct.pack("<qIi", nv[0], 1_000_000_000, nv[2]), False))
            yield Case(codec, ds, "range", f"{where} nanoseconds = 10^9", data, "reject", control=control)
            data = encode(ds, (path, struct.pack("<qIi", nv[0], 0, 100_000), False))
            yield Case(codec, ds, "range", f"{where} offset = 100000 s", data, "reject", control=control)


def amplification(codec):
    """Empty graph nodes of 26 bytes and empty strings of 8 bytes each."""
    count = AMPLIFY_BYTES // 26
    node = struct.pack("<H", 0) + bytes(24)
    data = struct.pack("<Q", count) + node * count + struct.pack("<Q", 0)
    yield amplified(codec, "graph", "empty nodes, 26 bytes each", data)
    count = AMPLIFY_BYTES // 8
    data = struct.pack("<Q", 0) + struct.pack("<Q", count) + bytes(8 * count)
    yield amplified(codec, "records", "empty strings, 8 bytes each", data)
