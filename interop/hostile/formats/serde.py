"""The serde formats' shared serializer and the bombs all of them get.

json, cbor, msgpack, bincode and postcard all write the model through serde,
so one generic tree of the reference value (`generic`) and one serializer
with a writer per wire (`Serializer`) build every input; the format modules
add what is particular to their wire. A bomb is the tree with one node
replaced (`replace`) by a wrong value or an edit marker (`Raw`, `LenBomb`,
`BadText`) that the serializers, and protobuf's, honour.

`wire` below is the serializer's key: "json", "cbor", "msgpack", "bincode"
or "postcard", or "bincode-text": bincode's bytes with the leaf values in
their text forms, as a serde library that says it is human-readable
(serde-zap) writes them; `codec` is the id `serbench check --codec` takes, so
another codec of the same wire format is fed the same bytes.
"""

import json
import struct

from ..model import PAYLOAD, color_text, uuid_text, CREATED_TEXT, VALUES
from ..runner import Case
from ..wire import (
    bincode_varint,
    cbor_head,
    leb128,
    mp_array_head,
    mp_bin_head,
    mp_int,
    mp_map_head,
    mp_str_head,
    zigzag,
)


class Pairs(list):
    """A struct or map: (key, value) pairs, so keys may repeat."""


class Tag:
    def __init__(self, tag, value):
        self.tag, self.value = tag, value


class Raw:
    """Bytes written as they are in place of a value; stop ends the input there."""

    def __init__(self, data, stop=False):
        self.data, self.stop = data, stop


class LenBomb:
    """The head of `orig` declaring length n, a few bytes, then the end."""

    def __init__(self, n, orig, payload=PAYLOAD):
        self.n, self.orig, self.payload = n, orig, payload


class BadText:
    """A text value holding bytes that are not UTF-8."""

    def __init__(self, data):
        self.data = data


class U8(int):
    """One byte in bincode and postcard."""


class Var(int):
    """An unsigned varint in bincode and postcard."""


class ZVar(int):
    """A zigzag varint in bincode and postcard."""


class F64(float):
    pass


class Some:
    def __init__(self, value):
        self.value = value


class Stop(Exception):
    def __init__(self, data):
        super().__init__("stop")
        self.data = data


# The wires without names or types: a struct is its fields in order, an
# option a 0/1 byte, integers varints.
COMPACT = ("bincode", "postcard", "bincode-text")
# The wires whose serializer tells serde it is human-readable, so ids,
# colors, times and versions take their text forms.
TEXT_FORMS = ("json", "bincode-text")


def generic(wire, ds, t, v):
    """The typed value v as the generic tree wire writes."""
    compact = wire in COMPACT
    text = wire in TEXT_FORMS
    qt_cbor = wire == "cbor" and ds == "task-manager"
    if isinstance(t, tuple):
        kind = t[0]
        if kind == "struct":
            return Pairs((name, generic(wire, ds, ft, v[name])) for name, ft in t[1])
        if kind == "seq":
            return [generic(wire, ds, t[1], x) for x in v]
        if kind == "opt":
            if v is None:
                return None
            inner = generic(wire, ds, t[1], v)
            return Some(inner) if compact else inner
        if kind == "enum":
            return Var(t[1].index(v)) if compact else v
        raise ValueError(kind)
    if t == "str":
        return v
    if t == "uuid":
        if text:
            return uuid_text(v)
        return Tag(37, v) if qt_cbor else v
    if t == "color":
        if text or qt_cbor:
            return color_text(v)
        return Var(v) if compact else v
    if t == "time":
        if text:
            return CREATED_TEXT
        if qt_cbor:
            return Tag(0, CREATED_TEXT)
        if compact:
            return Pairs([("seconds", ZVar(v[0])), ("nanos", Var(v[1])), ("offset", ZVar(v[2]))])
        return list(v)
    if t == "version":
        if text or qt_cbor:
            return ".".join(str(x) for x in v)
        return [Var(x) for x in v] if compact else list(v)
    if t in ("prio",):
        return U8(v) if compact else v
    if t == "bool":
        return U8(int(v)) if compact else v
    if t in ("u16", "u32"):
        return Var(v) if compact else v
    if t in ("i32", "i64"):
        return ZVar(v) if compact else v
    if t == "f64":
        return F64(v) if compact else float(v)
    raise ValueError(t)


class Serializer:
    def __init__(self, wire):
        self.wire = wire
        self.out = bytearray()

    def run(self, node):
        try:
            self.node(node)
        except Stop:
            pass
        return bytes(self.out)

    def node(self, x):
        wire = self.wire
        if isinstance(x, Raw):
            self.out += x.data
            if x.stop:
                raise Stop(self.out)
            return
        if isinstance(x, LenBomb):
            self.out += self.len_head(x.orig, x.n) + x.payload
            raise Stop(self.out)
        if wire == "json":
            self.json(x)
        elif wire == "cbor":
            self.cbor(x)
        elif wire == "msgpack":
            self.msgpack(x)
        else:
            self.compact(x)

    def len_head(self, orig, n):
        wire = self.wire
        if wire == "cbor":
            if isinstance(orig, Tag):
                return cbor_head(6, orig.tag) + self.len_head(orig.value, n)
            major = {str: 3, BadText: 3, bytes: 2, list: 4, Pairs: 5}[type(orig)]
            return cbor_head(major, n)
        if wire == "msgpack":
            if isinstance(orig, (str, BadText)):
                return mp_str_head(n)
            if isinstance(orig, bytes):
                return mp_bin_head(n)
            if isinstance(orig, Pairs):
                return mp_map_head(n)
            return mp_array_head(n)
        if wire in ("bincode", "bincode-text"):
            return bincode_varint(n)
        return leb128(n)

    def json(self, x):
        out = self.out
        if x is None:
            out += b"null"
        elif isinstance(x, bool):
            out += b"true" if x else b"false"
        elif isinstance(x, (int, float, str)):
            out += json.dumps(x, ensure_ascii=False).encode()
        elif isinstance(x, BadText):
            out += b'"' + x.data + b'"'
        elif isinstance(x, Pairs):
            out += b"{"
            for i, (k, v) in enumerate(x):
                if i:
                    out += b","
                out += json.dumps(k).encode() + b":"
                self.node(v)
            out += b"}"
        elif isinstance(x, list):
            out += b"["
            for i, v in enumerate(x):
                if i:
                    out += b","
                self.node(v)
            out += b"]"
        else:
            raise TypeError(type(x))

    def cbor(self, x):
        out = self.out
        if x is None:
            out += b"\xf6"
        elif isinstance(x, bool):
            out += b"\xf5" if x else b"\xf4"
        elif isinstance(x, int):
            out += cbor_head(0, x) if x >= 0 else cbor_head(1, -1 - x)
        elif isinstance(x, float):
            out += b"\xfb" + struct.pack(">d", x)
        elif isinstance(x, str):
            b = x.encode()
            out += cbor_head(3, len(b)) + b
        elif isinstance(x, BadText):
            out += cbor_head(3, len(x.data)) + x.data
        elif isinstance(x, bytes):
            out += cbor_head(2, len(x)) + x
        elif isinstance(x, Tag):
            out += cbor_head(6, x.tag)
            self.node(x.value)
        elif isinstance(x, Pairs):
            out += cbor_head(5, len(x))
            for k, v in x:
                self.node(k)
                self.node(v)
        elif isinstance(x, list):
            out += cbor_head(4, len(x))
            for v in x:
                self.node(v)
        else:
            raise TypeError(type(x))

    def msgpack(self, x):
        out = self.out
        if x is None:
            out += b"\xc0"
        elif isinstance(x, bool):
            out += b"\xc3" if x else b"\xc2"
        elif isinstance(x, int):
            out += mp_int(x)
        elif isinstance(x, float):
            out += b"\xcb" + struct.pack(">d", x)
        elif isinstance(x, str):
            b = x.encode()
            out += mp_str_head(len(b)) + b
        elif isinstance(x, BadText):
            out += mp_str_head(len(x.data)) + x.data
        elif isinstance(x, bytes):
            out += mp_bin_head(len(x)) + x
        elif isinstance(x, Pairs):
            out += mp_map_head(len(x))
            for k, v in x:
                self.node(k)
                self.node(v)
        elif isinstance(x, list):
            out += mp_array_head(len(x))
            for v in x:
                self.node(v)
        else:
            raise TypeError(type(x))

    def compact(self, x):
        out = self.out
        varint = bincode_varint if self.wire in ("bincode", "bincode-text") else leb128
        if x is None:
            out += b"\x00"
        elif isinstance(x, Some):
            out += b"\x01"
            self.node(x.value)
        elif isinstance(x, U8):
            out += bytes([x & 0xFF])
        elif isinstance(x, ZVar):
            out += varint(zigzag(int(x)))
        elif isinstance(x, Var):
            out += varint(int(x))
        elif isinstance(x, F64):
            out += struct.pack("<d", x)
        elif isinstance(x, str):
            b = x.encode()
            out += varint(len(b)) + b
        elif isinstance(x, BadText):
            out += varint(len(x.data)) + x.data
        elif isinstance(x, bytes):
            out += varint(len(x)) + x
        elif isinstance(x, Pairs):
            for _, v in x:
                self.node(v)
        elif isinstance(x, list):
            out += varint(len(x))
            for v in x:
                self.node(v)
        else:
            raise TypeError(type(x))


def walk(node, path=()):
    """Every (path, node) of a generic tree, parents first."""
    yield path, node
    if isinstance(node, Pairs):
        for k, v in node:
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))
    elif isinstance(node, Tag):
        pass
    elif isinstance(node, Some):
        yield from walk(node.value, path)


def replace(node, path, make):
    """A copy of the tree with the node at path replaced by make(old)."""
    if not path:
        return make(node)
    head, rest = path[0], path[1:]
    if isinstance(node, Some):
        return Some(replace(node.value, path, make))
    if isinstance(node, Pairs):
        return Pairs((k, replace(v, rest, make) if k == head else v) for k, v in node)
    if isinstance(node, list):
        return [replace(v, rest, make) if i == head else v for i, v in enumerate(node)]
    raise KeyError(path)


def path_text(path):
    text = ""
    for p in path:
        text += f"[{p}]" if isinstance(p, int) else ("." if text else "") + str(p)
    return text or "(root)"


def lengthy(wire, node):
    if isinstance(node, Some):
        return False
    if wire in ("cbor", "msgpack"):
        if isinstance(node, Tag):
            return isinstance(node.value, (str, bytes))
        return isinstance(node, (str, bytes, list, Pairs))
    if wire in COMPACT:
        return isinstance(node, (str, bytes, list)) and not isinstance(node, Pairs)
    return False


def length_sizes(wire):
    if wire == "msgpack":
        # MessagePack's lengths are 32-bit: 2^32 and 2^63 cannot be written.
        return [(1 << 31, "2^31"), ((1 << 32) - 1, "2^32-1 (max)")]
    return [(1 << 31, "2^31"), (1 << 32, "2^32"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64-1")]


def wrong_value(node):
    """A value of another type than node, in the generic tree."""
    if isinstance(node, bool):
        return 1
    if isinstance(node, (int, float)):
        return "12"
    if isinstance(node, (str, Tag)):
        return 12345
    if isinstance(node, bytes):
        return "sixteen bytes!!!"
    if isinstance(node, Pairs):
        return [1, 2]
    if isinstance(node, list):
        return Pairs([("a", 1)])
    if node is None:
        return 0
    return None


def serde_bombs(codec, wire, ds):
    """Cases for one serde format and dataset: a control, then bombs."""
    t, v = VALUES[ds]
    tree = generic(wire, ds, t, v)
    ser = lambda node: Serializer(wire).run(node)  # noqa: E731
    control = f"{codec}/{ds} value"
    yield Case(codec, ds, "control", "valid value built here", ser(tree), "accept", control=control)
    nodes = list(walk(tree))
    # Declared lengths.
    for path, node in nodes:
        if not lengthy(wire, node):
            continue
        for n, name in length_sizes(wire):
            bomb = replace(tree, path, lambda old, n=n: LenBomb(n, old))
            yield Case(codec, ds, "length", f"{path_text(path)} declares {name}", ser(bomb), "reject", control=control)
        bomb = replace(tree, path, lambda old: LenBomb(len(PAYLOAD) + 1, old))
        yield Case(codec, ds, "length", f"{path_text(path)} declares one byte more than it has", ser(bomb), "reject", control=control)
    if wire in COMPACT:
        return
    # Wrong types, duplicate and unknown keys, for the self-describing formats.
    for path, node in nodes:
        if not path:
            continue
        wrong = wrong_value(node)
        if wrong is None:
            continue
        bomb = replace(tree, path, lambda old, w=wrong: w)
        yield Case(codec, ds, "type", f"{path_text(path)} of the wrong type", ser(bomb), "reject", control=control)
    for path, node in nodes:
        if isinstance(node, Pairs) and node:
            first_key, first_value = node[0]
            dup = replace(tree, path, lambda old: Pairs(list(old) + [(old[0][0], old[0][1])]))
            yield Case(codec, ds, "duplicate", f"{path_text(path)}: key {first_key!r} twice", ser(dup), "reject", control=control)
            extra = replace(tree, path, lambda old: Pairs(list(old) + [("unknown_field", 1)]))
            yield Case(codec, ds, "unknown-key", f"{path_text(path)}: an unknown key", ser(extra), "reject", control=control)
            missing = replace(tree, path, lambda old: Pairs(list(old)[1:]))
            yield Case(codec, ds, "missing-key", f"{path_text(path)}: {first_key!r} missing", ser(missing), "reject", control=control)
    # Invalid UTF-8 in every text.
    for path, node in nodes:
        if isinstance(node, str) and path:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                bomb = replace(tree, path, lambda old, b=bad: BadText(b"ok" + b))
                yield Case(codec, ds, "utf8", f"{path_text(path)} holds {what}", ser(bomb), "reject", control=control)



# The header whose fields the task-manager's value bombs replace.
TASK_HEADER = ("lists", 0, "tasks", 0, "header")


def self_describing_bombs(codec, wire, ds, header_values, version_values, header_survivors=()):
    """Bombs of the self-describing serde formats (json, cbor, msgpack).

    Out-of-range enums and integers in every dataset; in the task-manager,
    the wrong forms of a header's fields on this wire (header_values: field
    -> values), of the version (version_values), and forms the codec docs
    say are read (header_survivors: (field, value, label)).
    """
    t, v = VALUES[ds]
    tree = generic(wire, ds, t, v)
    ser = lambda node: Serializer(wire).run(node)  # noqa: E731
    control = f"{codec}/{ds} value"
    for path, node in walk(tree):
        name = path[-1] if path else None
        if name == "priority":
            for value, what in ((4, "4"), (-1, "-1"), ((1 << 64) - 1, "2^64-1"), (2.0, "2.0"), (True, "true")):
                bomb = replace(tree, path, lambda old, x=value: x)
                yield Case(codec, ds, "enum", f"{path_text(path)} = {what}", ser(bomb), "reject", control=control)
        if name in ("player", "size") and ds == "media" and isinstance(node, str):
            for value in ("QUICKTIME", "java", ""):
                bomb = replace(tree, path, lambda old, x=value: x)
                yield Case(codec, ds, "enum", f"{path_text(path)} = {value!r}", ser(bomb), "reject", control=control)
        if name == "id" and ds == "graph":
            bomb = replace(tree, path, lambda old: 65536)
            yield Case(codec, ds, "range", f"{path_text(path)} = 65536 (not a u16)", ser(bomb), "reject", control=control)
        if name == "width" and ds == "media":
            bomb = replace(tree, path, lambda old: 1 << 31)
            yield Case(codec, ds, "range", f"{path_text(path)} = 2^31 (not an i32)", ser(bomb), "reject", control=control)
    if ds != "task-manager":
        return
    hdr = TASK_HEADER
    for field, values in header_values.items():
        for value in values:
            bomb = replace(tree, hdr + (field,), lambda old, x=value: x)
            yield Case(codec, ds, "value", f"{path_text(hdr + (field,))} = {describe(value)}", ser(bomb), "reject", control=control)
    for field, value, label in header_survivors:
        bomb = replace(tree, hdr + (field,), lambda old, x=value: x)
        yield Case(codec, ds, "survive", label, ser(bomb), "survive", control=control)
    for value in version_values:
        bomb = replace(tree, ("version",), lambda old, x=value: x)
        yield Case(codec, ds, "value", f"version = {describe(value)}", ser(bomb), "reject", control=control)


def describe(value):
    """A short label for a value in the generic tree."""
    if isinstance(value, Tag):
        return f"{value.tag}({describe(value.value)})"
    if isinstance(value, bytes):
        return f"{len(value)} bytes"
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."
