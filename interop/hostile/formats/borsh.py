"""Borsh as serbench-borsh writes the model: crafted inputs.

Written from the Borsh specification (https://github.com/near/borsh#specification)
and the crate docs' mapping of the model onto it: a struct is its fields in
order; a string or sequence a u32 little-endian length then its UTF-8 bytes
or items; every integer and f64 its full width little-endian, a NaN refused;
a bool one byte 0 or 1; an option a 0/1 tag byte then the value; an enum
(priority, player, image size) its variant index as a u8; an id 16 bytes, a
color a u32, a timestamp an i64, a u32 and an i32.

Positional, so no depth or duplicate-key bombs. What it declares is u32
lengths, which borsh uses to reserve room before reading (up to 1 MiB,
zeroed, for a string's bytes): every string and sequence gets lengths far
past the input, and each string one just under that 1 MiB; then invalid
UTF-8, bool bytes, option tags and variants out of range, a NaN reading,
nanoseconds and offsets out of range, and amplification.
"""

import struct

from ..model import AMPLIFY_BYTES, PAYLOAD, VALUES
from ..runner import Case, amplified
from ..wire import le32

FAMILIES = ("Borsh",)
TEXT_LENGTH = {"Borsh": le32}
# A value ends with its last field: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
# Every dataset starts with a length: an empty file is no value.
EMPTY_FILE = "reject"
TAILS = ()

# Lengths far past any input that a u32 holds.
COUNTS = ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32 - 1"))
# A string's length under borsh's 1 MiB cap, which it zeroes at once.
UNDER_CAP = (1_000_000, "1 000 000 (under borsh's 1 MiB cap)")
FIXED = {"u16": "<H", "u32": "<I", "i32": "<i", "i64": "<q", "f64": "<d"}
NAN = struct.pack("<Q", 0x7FF8000000000000)


class Stop(Exception):
    """A bomb that ends the input: the bytes written so far."""

    def __init__(self, data):
        super().__init__()
        self.data = data


def leaf(t, v):
    if t == "str":
        data = v.encode()
        return le32(len(data)) + data
    if t == "uuid":
        return v
    if t == "color":
        return le32(v)
    if t == "time":
        return struct.pack("<qIi", *v)
    if t in ("prio", "bool"):
        return bytes([int(v)])
    if t == "version":
        return le32(len(v)) + b"".join(le32(x) for x in v)
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
        out += le32(len(v))
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
    """Every crafted case for a codec writing Borsh."""
    for ds in datasets:
        if ds in VALUES:
            yield from bombs(codec, ds)
    yield from amplification(codec)


def bombs(codec, ds):
    control = f"{codec}/{ds} value"

    def reject(cls, label, bomb):
        return Case(codec, ds, cls, label, encode(ds, bomb), "reject", control=control)

    yield Case(codec, ds, "control", "valid value built here", encode(ds), "accept", control=control)
    t, v = VALUES[ds]
    for path, nt, nv in nodes(t, v):
        at = where(path)
        lengthy = nt in ("str", "version") or (isinstance(nt, tuple) and nt[0] == "seq")
        if lengthy:
            for n, name in COUNTS + ((UNDER_CAP,) if nt == "str" else ()):
                yield reject("length", f"{at} declares {name}", (path, le32(n) + PAYLOAD, True))
        if nt == "str" and nv:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                text = b"ok" + bad
                yield reject("utf8", f"{at} holds {what}", (path, le32(len(text)) + text, False))
        if nt == "prio":
            for value in (4, 0xFF):
                yield reject("enum", f"{at} = {value}", (path, bytes([value]), False))
        if isinstance(nt, tuple) and nt[0] == "enum":
            yield reject("enum", f"{at} variant {len(nt[1])}", (path, bytes([len(nt[1])]), False))
        if nt == "bool":
            yield reject("type", f"{at} bool byte 2", (path, b"\x02", False))
        if isinstance(nt, tuple) and nt[0] == "opt":
            yield reject("type", f"{at} option tag 2", (path, b"\x02", True))
        if nt == "f64":
            yield reject("range", f"{at} is a NaN, which Borsh forbids", (path, NAN, False))
        if nt == "time" and path[-1] == "created":
            yield reject("range", f"{at} nanoseconds = 10^9", (path, struct.pack("<qIi", nv[0], 1_000_000_000, nv[2]), False))
            yield reject("range", f"{at} offset = 100000 s", (path, struct.pack("<qIi", nv[0], 0, 100_000), False))


def amplification(codec):
    """Empty graph nodes of 14 bytes and empty strings of 4 bytes each."""
    count = AMPLIFY_BYTES // 14
    node = struct.pack("<H", 0) + bytes(12)
    data = le32(count) + node * count + le32(0)
    yield amplified(codec, "graph", "empty nodes, 14 bytes each", data)
    count = AMPLIFY_BYTES // 4
    data = le32(0) + le32(count) + bytes(4 * count)
    yield amplified(codec, "records", "empty strings, 4 bytes each", data)
