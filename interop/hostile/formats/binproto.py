"""bin-proto as serbench-binproto writes the model: crafted inputs.

Written from the crate docs' layout, which is what bin-proto 0.12.8's
derive and impls write with `prepend-tags`, little-endian: a struct is its
fields in order; a string or sequence a usize (8 bytes, little-endian)
length then its UTF-8 bytes or items; every integer and f64 its full width;
a bool one byte, read as true when it is not 0; an option a bool tag then
the value; an enum (priority, player, image size) its discriminant as a u8;
an id 16 bytes, a color a u32, a timestamp an i64, a u32 and an i32. So
Borsh's bytes with 8-byte lengths.

Positional, so no depth or duplicate-key bombs. What it declares is usize
lengths, for which bin-proto alone reserves room before it reads an
element (2^63 and more panic on the capacity): every string and sequence
gets lengths far past the input, refused by the codec's walk; then invalid
UTF-8, discriminants out of range, nanoseconds and offsets out of range,
and amplification. A bool byte or option tag of 2 is bin-proto's true, so
those inputs must only be survived.
"""

import struct

from ..model import AMPLIFY_BYTES, PAYLOAD, VALUES
from ..runner import Case, amplified
from ..wire import le64

FAMILIES = ("bin-proto",)
TEXT_LENGTH = {"bin-proto": le64}
# A value ends with its last field: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
# Every dataset starts with a length: an empty file is no value.
EMPTY_FILE = "reject"
TAILS = ()

# Lengths far past any input, up to the largest a usize holds.
COUNTS = ((1 << 32, "2^32"), (1 << 40, "2^40"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64 - 1"))
FIXED = {"u16": "<H", "u32": "<I", "i32": "<i", "i64": "<q", "f64": "<d"}


class Stop(Exception):
    """A bomb that ends the input: the bytes written so far."""

    def __init__(self, data):
        super().__init__()
        self.data = data


def leaf(t, v):
    if t == "str":
        data = v.encode()
        return le64(len(data)) + data
    if t == "uuid":
        return v
    if t == "color":
        return struct.pack("<I", v)
    if t == "time":
        return struct.pack("<qIi", *v)
    if t in ("prio", "bool"):
        return bytes([int(v)])
    if t == "version":
        return le64(len(v)) + b"".join(struct.pack("<I", x) for x in v)
    return struct.pack(FIXED[t], v)


def write(t, v, path, bomb, out):
    """Appends v of type t; at `bomb`'s path writes its bytes instead (and stops there if asked)."""
    if bomb is not None and path == bomb[0]:
        out += bomb[1]
        if bomb[2]:
            raise Stop(bytes(out))
        return
    if isinstance(t, tuple) and t[0] == "struct":
        for name, field in t[1]:
            write(field, v[name], path + (name,), bomb, out)
    elif isinstance(t, tuple) and t[0] == "seq":
        out += le64(len(v))
        for i, item in enumerate(v):
            write(t[1], item, path + (i,), bomb, out)
    elif isinstance(t, tuple) and t[0] == "opt":
        if v is None:
            out += b"\x00"
        else:
            out += b"\x01"
            write(t[1], v, path + ("some",), bomb, out)
    elif isinstance(t, tuple) and t[0] == "enum":
        out += bytes([t[1].index(v)])
    else:
        out += leaf(t, v)


def encode(ds, bomb=None):
    """The dataset's reference value, with `bomb` (path, bytes, stop) in place of one node."""
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
        for name, field in t[1]:
            yield from nodes(field, v[name], path + (name,))
    elif isinstance(t, tuple) and t[0] == "seq":
        for i, item in enumerate(v):
            yield from nodes(t[1], item, path + (i,))
    elif isinstance(t, tuple) and t[0] == "opt" and v is not None:
        yield from nodes(t[1], v, path + ("some",))


def where(path):
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else ("" if part == "some" else f".{part}")
    return text.lstrip(".") or "the value"


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing bin-proto."""
    for ds in datasets:
        if ds in VALUES:
            yield from bombs(codec, ds)
    yield from amplification(codec)


def bombs(codec, ds):
    control = f"{codec}/{ds} value"

    def case(cls, label, bomb, expect="reject"):
        return Case(codec, ds, cls, label, encode(ds, bomb), expect, control=control)

    yield Case(codec, ds, "control", "valid value built here", encode(ds), "accept", control=control)
    t, v = VALUES[ds]
    for path, nt, nv in nodes(t, v):
        at = where(path)
        if nt in ("str", "version") or (isinstance(nt, tuple) and nt[0] == "seq"):
            for n, name in COUNTS:
                yield case("length", f"{at} declares {name}", (path, le64(n) + PAYLOAD, True))
        if nt == "str" and nv:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                text = b"ok" + bad
                yield case("utf8", f"{at} holds {what}", (path, le64(len(text)) + text, False))
        if nt == "prio":
            for value in (4, 0xFF):
                yield case("enum", f"{at} = {value}", (path, bytes([value]), False))
        if isinstance(nt, tuple) and nt[0] == "enum":
            yield case("enum", f"{at} variant {len(nt[1])}", (path, bytes([len(nt[1])]), False))
        if nt == "bool":
            yield case("type", f"{at} bool byte 2 (bin-proto's true)", (path, b"\x02", False), "survive")
        if isinstance(nt, tuple) and nt[0] == "opt" and nv is not None:
            # The tag alone replaced: the value still follows it.
            inner = encode(ds, (path + ("some",), b"", True))
            full = encode(ds)
            data = inner[:-1] + b"\x02" + full[len(inner):]
            yield Case(codec, ds, "type", f"{at} option tag 2 (bin-proto's Some)", data, "survive", control=control)
        if nt == "time" and path[-1] == "created":
            yield case("range", f"{at} nanoseconds = 10^9", (path, struct.pack("<qIi", nv[0], 1_000_000_000, nv[2]), False))
            yield case("range", f"{at} offset = 100000 s", (path, struct.pack("<qIi", nv[0], 0, 100_000), False))


def amplification(codec):
    """Empty graph nodes of 26 bytes and empty strings of 8 bytes each."""
    count = AMPLIFY_BYTES // 26
    node = struct.pack("<H", 0) + bytes(24)
    data = le64(count) + node * count + le64(0)
    yield amplified(codec, "graph", "empty nodes, 26 bytes each", data)
    count = AMPLIFY_BYTES // 8
    data = le64(0) + le64(count) + bytes(8 * count)
    yield amplified(codec, "records", "empty strings, 8 bytes each", data)
