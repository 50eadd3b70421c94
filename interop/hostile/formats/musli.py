"""musli's three binary formats as serbench-musli writes the model: crafted inputs.

Written from musli 0.2's module docs and tag definitions (`musli::storage`,
`musli::wire`, `musli::descriptive`) and the crate docs' mapping of the
model onto them. musli's derive tags each field with its index (its
position) and each unit variant with its index; all three formats write a
struct as its number of fields then each field's index and value, a
sequence as its count then its items, a string as its length then its
UTF-8 bytes, and integers (signed ones zigzagged), a float's bits and
lengths as LEB128 numbers. What each puts in front of a value:

- storage: nothing; a bool and an option's tag are one byte, an id a
  length (16) then its bytes;
- wire: a tag byte, the kind in the top two bits (01 a prefix of bytes, 10
  a sequence, 11 a number) and the length or number in the low six (all
  ones: a LEB128 number follows); a struct is a sequence of twice its
  fields; an option a sequence of 0 or 1; a bool a number; an id a
  sequence of 16 numbers;
- descriptive: a tag byte, the kind in the top three bits (010 a number,
  its type in the low five; 011 a sequence; 100 a map; 110 a string; 111 a
  mark: none, some, true, false) and the length in the low five (all
  ones: a LEB128 number follows); a struct is a map of field numbers.

musli reserves a sequence's room from its declared count (up to 1 MiB):
every string and sequence gets lengths far past the input, and each
sequence a count within that cap; then invalid UTF-8, variants and bools
out of range, option tags out of range (wire, descriptive: storage reads
any tag but 1 as none), a value nested 100 000 deep in a field the type
does not have (wire, descriptive, which skip it in a loop), and
amplification.
"""

import struct

from ..model import AMPLIFY_BYTES, DEEP, PAYLOAD, VALUES
from ..runner import Case, amplified
from ..wire import leb128, zigzag

STORAGE, WIRE, DESCRIPTIVE = "Musli storage", "Musli wire", "Musli descriptive"
FAMILIES = (STORAGE, WIRE, DESCRIPTIVE)


def _wire_tag(kind, n):
    return bytes([kind << 6 | n]) if n < 0x3F else bytes([kind << 6 | 0x3F]) + leb128(n)


def _descriptive_tag(kind, n):
    return bytes([kind << 5 | n]) if n < 0x1F else bytes([kind << 5 | 0x1F]) + leb128(n)


TEXT_LENGTH = {
    STORAGE: leb128,
    WIRE: lambda n: _wire_tag(0b01, n),
    DESCRIPTIVE: lambda n: _descriptive_tag(0b110, n),
}
# A value ends with its struct's last field: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
# Every dataset is a struct: an empty file is no value.
EMPTY_FILE = "reject"
TAILS = ()

COUNTS = ((1 << 32, "2^32"), (1 << 63, "2^63"))
# A count whose items fit in musli's 1 MiB first reservation.
UNDER_CAP = (20_000, "20 000 (within musli's 1 MiB cap)")

SIGNED = ("i32", "i64")
# Descriptive's number tags: 010, then the width (011 u8 to 110 u64) and the kind (00 signed, 01 unsigned, 10 float).
NUMBER_TAG = {"u8": 0x4D, "u16": 0x51, "u32": 0x55, "u64": 0x59, "i32": 0x54, "i64": 0x58, "f64": 0x5A}


class Frame:
    """How one of the formats frames each kind of value."""

    def __init__(self, family):
        self.family = family

    def integer(self, t, v):
        n = zigzag(v) if t in SIGNED else v
        if t == "f64":
            n = struct.unpack("<Q", struct.pack("<d", v))[0]
        if self.family == STORAGE:
            return leb128(n)
        if self.family == WIRE:
            return _wire_tag(0b11, n)
        return bytes([NUMBER_TAG[t]]) + leb128(n)

    def index(self, n):
        """A field's index or a unit variant's."""
        return self.integer("u64", n)

    def text(self, data):
        return TEXT_LENGTH[self.family](len(data)) + data

    def sequence(self, n):
        if self.family == STORAGE:
            return leb128(n)
        if self.family == WIRE:
            return _wire_tag(0b10, n)
        return _descriptive_tag(0b011, n)

    def structure(self, fields):
        if self.family == STORAGE:
            return leb128(fields)
        if self.family == WIRE:
            return _wire_tag(0b10, 2 * fields)
        return _descriptive_tag(0b100, fields)

    def boolean(self, v):
        if self.family == STORAGE:
            return bytes([int(v)])
        if self.family == WIRE:
            return _wire_tag(0b11, int(v))
        return b"\xe2" if v else b"\xe3"

    def option(self, some):
        if self.family == STORAGE:
            return bytes([int(some)])
        if self.family == WIRE:
            return _wire_tag(0b10, int(some))
        return b"\xe1" if some else b"\xe0"

    def uuid(self, v):
        if self.family == STORAGE:
            return leb128(16) + v
        return self.sequence(16) + b"".join(self.integer("u8", b) for b in v)


class Stop(Exception):
    """A bomb that ends the input: the bytes written so far."""

    def __init__(self, data):
        super().__init__()
        self.data = data


def leaf(f, t, v):
    if t == "str":
        return f.text(v.encode())
    if t == "uuid":
        return f.uuid(v)
    if t == "color":
        return f.integer("u32", v)
    if t == "time":
        seconds, nanos, offset = v
        parts = (("i64", seconds), ("u32", nanos), ("i32", offset))
        return f.structure(3) + b"".join(f.index(i) + f.integer(pt, pv) for i, (pt, pv) in enumerate(parts))
    if t == "prio":
        return f.index(v)
    if t == "bool":
        return f.boolean(v)
    if t == "version":
        return f.sequence(len(v)) + b"".join(f.integer("u32", x) for x in v)
    return f.integer(t, v)


def write(f, t, v, path, bomb, out):
    """Appends v of type t; at `bomb`'s path writes its bytes instead (and stops there if asked)."""
    if bomb is not None and path == bomb[0]:
        out += bomb[1]
        if bomb[2]:
            raise Stop(bytes(out))
        return
    if isinstance(t, tuple) and t[0] == "struct":
        out += f.structure(len(t[1]))
        for i, (name, field) in enumerate(t[1]):
            out += f.index(i)
            write(f, field, v[name], path + (name,), bomb, out)
    elif isinstance(t, tuple) and t[0] == "seq":
        out += f.sequence(len(v))
        for i, item in enumerate(v):
            write(f, t[1], item, path + (i,), bomb, out)
    elif isinstance(t, tuple) and t[0] == "opt":
        out += f.option(v is not None)
        if v is not None:
            write(f, t[1], v, path + ("some",), bomb, out)
    elif isinstance(t, tuple) and t[0] == "enum":
        out += f.index(t[1].index(v))
    else:
        out += leaf(f, t, v)


def encode(f, ds, bomb=None):
    """The dataset's reference value, with `bomb` (path, bytes, stop) in place of one node."""
    t, v = VALUES[ds]
    out = bytearray()
    try:
        write(f, t, v, (), bomb, out)
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
    """Every crafted case for a codec writing one of musli's formats."""
    f = Frame(family)
    for ds in datasets:
        if ds in VALUES:
            yield from bombs(codec, f, ds)
    yield from amplification(codec, f)


def bombs(codec, f, ds):
    control = f"{codec}/{ds} value"

    def reject(cls, label, data):
        return Case(codec, ds, cls, label, data, "reject", control=control)

    def at_node(cls, label, bomb):
        return reject(cls, label, encode(f, ds, bomb))

    yield Case(codec, ds, "control", "valid value built here", encode(f, ds), "accept", control=control)
    t, v = VALUES[ds]
    for path, nt, nv in nodes(t, v):
        at = where(path)
        sequence = nt == "version" or (isinstance(nt, tuple) and nt[0] == "seq")
        if nt == "str":
            for n, name in COUNTS:
                yield at_node("length", f"{at} declares {name} bytes", (path, TEXT_LENGTH[f.family](n) + PAYLOAD, True))
            if nv:
                for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                    yield at_node("utf8", f"{at} holds {what}", (path, f.text(b"ok" + bad), False))
        if sequence:
            for n, name in COUNTS + (UNDER_CAP,):
                yield at_node("length", f"{at} declares {name} items", (path, f.sequence(n) + PAYLOAD, True))
        if nt == "prio":
            yield at_node("enum", f"{at} = 4", (path, f.index(4), False))
        if isinstance(nt, tuple) and nt[0] == "enum":
            yield at_node("enum", f"{at} variant {len(nt[1])}", (path, f.index(len(nt[1])), False))
        if nt == "bool" and f.family != DESCRIPTIVE:
            yield at_node("type", f"{at} = 2", (path, f.integer("u8", 2) if f.family == WIRE else b"\x02", False))
        if nt == "bool" and f.family == DESCRIPTIVE:
            yield at_node("type", f"{at} is the mark none", (path, b"\xe0", False))
        if isinstance(nt, tuple) and nt[0] == "opt" and f.family != STORAGE:
            yield at_node("type", f"{at} option of two", (path, f.sequence(2) if f.family == WIRE else b"\xe4", True))
    if f.family != STORAGE:
        # A struct claiming one field more than it holds, the first unknown and nested DEEP levels.
        deep = f.structure(2) + f.index(40) + f.sequence(1) * DEEP + f.integer("u8", 0)
        yield reject("nesting", f"an unknown field nested {DEEP} deep, then the end", deep)


def amplification(codec, f):
    """Strings of no bytes and graph nodes without names or edges, as small as the format writes them."""
    count = AMPLIFY_BYTES // len(f.text(b""))
    data = f.structure(2) + f.index(0) + f.sequence(0) + f.index(1) + f.sequence(count) + f.text(b"") * count
    yield amplified(codec, "records", "empty strings", data)
    node = f.structure(4) + f.index(0) + f.integer("u16", 0) + f.index(1) + f.text(b"")
    node += f.index(2) + f.sequence(0) + f.index(3) + f.sequence(0)
    count = AMPLIFY_BYTES // len(node)
    data = f.structure(2) + f.index(0) + f.sequence(count) + node * count + f.index(1) + f.sequence(0)
    yield amplified(codec, "graph", f"nodes without names or edges, {len(node)} bytes each", data)
