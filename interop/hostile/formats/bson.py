"""BSON (bsonspec.org, version 1.1) as the bson crate writes the model:
crafted inputs.

A document is its length (int32, little-endian, counting itself and its
final 0), its elements and a 0; an element is a type byte, a key (a C
string) and the value. Structs are documents keyed by field name, a
sequence an array (a document keyed "0", "1", ...), an id a binary of
subtype 0, a color, a time's parts and a version's segments integers (the
crate docs). The writer here is this module's own, from the
specification: integers as int32 where they fit, else int64, which the
codec reads in either width.

The bombs replace one node of the reference value and keep every length
around it right, so each input is well-formed BSON but for its one fault:
lengths past the input and negative, wrong types, repeated, unknown and
missing keys, text that is not UTF-8, enum values and integers out of
range, the header's fields in wrong forms; then bytes BSON itself forbids
(type bytes it does not define, a boolean of 2, strings and documents
without their final 0 or shorter than their header), nesting, and
amplification.
"""

import struct

from ..model import AMPLIFY_BYTES, DEEP, UUID2, VALUES
from ..runner import Case, amplified
from ..wire import le32
from .serde import BadText, Pairs, generic, path_text, replace, walk, wrong_value

FAMILIES = ("BSON",)
# A string's length counts its final 0, which follows the text.
TEXT_LENGTH = {"BSON": lambda n: le32(n + 1)}
# A document declares its length first: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

INT32_RANGE = range(-(1 << 31), 1 << 31)


class Element:
    """A value written as a type byte and payload bytes chosen here."""

    def __init__(self, kind, payload):
        self.kind, self.payload = kind, payload


class Declares:
    """`node` as written, but its length field declaring n."""

    def __init__(self, n, node):
        self.n, self.node = n, node


def document(elements):
    """A document of (type, key bytes, payload) elements."""
    body = b"".join(bytes([kind]) + key + b"\x00" + payload for kind, key, payload in elements)
    return le32(4 + len(body) + 1) + body + b"\x00"


def string(data):
    return le32(len(data) + 1) + data + b"\x00"


def key(name):
    return name if isinstance(name, bytes) else str(name).encode()


def element(x):
    """(type, payload) of a node of the generic tree."""
    if isinstance(x, Element):
        return x.kind, x.payload
    if isinstance(x, Declares):
        kind, payload = element(x.node)
        return kind, le32(x.n) + payload[4:]
    if x is None:
        return 0x0A, b""
    if isinstance(x, bool):
        return 0x08, b"\x01" if x else b"\x00"
    if isinstance(x, int):
        if x in INT32_RANGE:
            return 0x10, struct.pack("<i", x)
        return 0x12, struct.pack("<q", x)
    if isinstance(x, float):
        return 0x01, struct.pack("<d", x)
    if isinstance(x, str):
        return 0x02, string(x.encode())
    if isinstance(x, BadText):
        return 0x02, string(x.data)
    if isinstance(x, bytes):
        return 0x05, le32(len(x)) + b"\x00" + x
    # A struct is a list of pairs: it comes first.
    if isinstance(x, Pairs):
        return 0x03, document(entry(k, v) for k, v in x)
    if isinstance(x, list):
        return 0x04, document(entry(i, v) for i, v in enumerate(x))
    raise TypeError(type(x))


def entry(name, node):
    """The (type, key, payload) element of node under name."""
    kind, payload = element(node)
    return kind, key(name), payload


def top(tree):
    """The bytes of a top-level document."""
    kind, payload = element(tree)
    if kind != 0x03:
        raise ValueError("BSON's top level is a document")
    return payload


def length_bombs(tree):
    """(label, tree) for every node with a length: past the input, one
    more than it has, negative."""
    for path, node in walk(tree):
        if not isinstance(node, (str, bytes, list, Pairs)):
            continue
        _, payload = element(node)
        own = struct.unpack("<i", payload[:4])[0]
        for n, name in (((1 << 31) - 1, "2^31-1 (max)"), (own + 1, "one byte more than it has"), (-1, "-1")):
            yield f"{path_text(path)} declares {name}", replace(tree, path, lambda old, n=n: Declares(n, old))


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing BSON."""
    for ds in datasets:
        if ds in VALUES:
            yield from value_bombs(codec, ds)
    yield from header_bombs(codec)
    yield from raw_bombs(codec)
    yield from amplification(codec)


def value_bombs(codec, ds):
    """A control, then the bombs every serde format gets, in BSON."""
    tree = generic("bson", ds, *VALUES[ds])
    control = f"{codec}/{ds} value"

    def case(cls, label, node, expect="reject"):
        return Case(codec, ds, cls, label, top(node), expect, control=control)

    yield case("control", "valid value built here", tree, "accept")
    for label, bomb in length_bombs(tree):
        yield case("length", label, bomb)
    nodes = list(walk(tree))
    for path, node in nodes:
        wrong = wrong_value(node) if path else None
        if wrong is not None:
            yield case("type", f"{path_text(path)} of the wrong type", replace(tree, path, lambda old, w=wrong: w))
    for path, node in nodes:
        if isinstance(node, Pairs) and node:
            first_key, first_value = node[0]
            yield case("duplicate", f"{path_text(path)}: key {first_key!r} twice", replace(tree, path, lambda old: Pairs(list(old) + [old[0]])))
            yield case("unknown-key", f"{path_text(path)}: an unknown key", replace(tree, path, lambda old: Pairs(list(old) + [("unknown_field", 1)])))
            yield case("missing-key", f"{path_text(path)}: {first_key!r} missing", replace(tree, path, lambda old: Pairs(list(old)[1:])))
    for path, node in nodes:
        if isinstance(node, str) and path:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                yield case("utf8", f"{path_text(path)} holds {what}", replace(tree, path, lambda old, b=bad: BadText(b"ok" + b)))
    for path, node in nodes:
        name = path[-1] if path else None
        if name == "priority":
            for value, what in ((4, "4"), (-1, "-1"), ((1 << 63) - 1, "2^63-1"), (2.0, "2.0"), (True, "true")):
                yield case("enum", f"{path_text(path)} = {what}", replace(tree, path, lambda old, x=value: x))
        if name in ("player", "size") and isinstance(node, str):
            for value in ("QUICKTIME", "java", ""):
                yield case("enum", f"{path_text(path)} = {value!r}", replace(tree, path, lambda old, x=value: x))
            as_document = Pairs([(node, None)])
            yield case("enum", f"{path_text(path)} = {{{node!r}: null}}", replace(tree, path, lambda old: as_document))
        if name == "id" and ds == "graph":
            yield case("range", f"{path_text(path)} = 65536 (not a u16)", replace(tree, path, lambda old: 65536))
        if name in ("from", "to"):
            yield case("range", f"{path_text(path)} = -1 (not a u32)", replace(tree, path, lambda old: -1))
        if name == "width" and ds == "media":
            yield case("range", f"{path_text(path)} = 2^31 (not an i32)", replace(tree, path, lambda old: 1 << 31))
        if isinstance(node, int) and not isinstance(node, bool) and node in INT32_RANGE and path:
            # The codec reads either width wherever the value fits.
            wide = Element(0x12, struct.pack("<q", node))
            yield case("control", f"{path_text(path)} as an int64", replace(tree, path, lambda old: wide), "accept")


# The header whose fields the task-manager's bombs replace.
TASK_HEADER = ("lists", 0, "tasks", 0, "header")
HEADER_VALUES = {
    "id": [
        ("15 bytes", bytes(15)),
        ("17 bytes", bytes(17)),
        ("binary subtype 4 (UUID)", Element(0x05, le32(16) + b"\x04" + UUID2)),
        ("the old binary subtype 2", Element(0x05, le32(20) + b"\x02" + le32(16) + UUID2)),
        ("an ObjectId", Element(0x07, bytes(12))),
        ("text", "3f2504e0-4f89-41d3-9a0c-0305e82c3301"),
    ],
    "color": [("2^40", 1 << 40), ("-1", -1), ("text", "#ff0000")],
    "created": [
        ("[s, ns]", [1762160400, 0]),
        ("nanoseconds 10^9", [1762160400, 1_000_000_000, 0]),
        ("seconds 2^62", [1 << 62, 0, 0]),
        ("offset 100 000 s", [1762160400, 0, 100_000]),
        ("a BSON datetime", Element(0x09, struct.pack("<q", 1762160400000))),
    ],
}
VERSION_VALUES = [("[2^32]", [1 << 32]), ("[-1]", [-1]), ('["1"]', ["1"]), ('"1.0.0"', "1.0.0")]


def header_bombs(codec):
    """The task-manager's header fields and version in wrong forms."""
    ds = "task-manager"
    tree = generic("bson", ds, *VALUES[ds])
    control = f"{codec}/{ds} value"
    for field, values in HEADER_VALUES.items():
        for what, value in values:
            bomb = replace(tree, TASK_HEADER + (field,), lambda old, x=value: x)
            yield Case(codec, ds, "value", f"{path_text(TASK_HEADER + (field,))} = {what}", top(bomb), "reject", control=control)
    for what, value in VERSION_VALUES:
        bomb = replace(tree, ("version",), lambda old, x=value: x)
        yield Case(codec, ds, "value", f"version = {what}", top(bomb), "reject", control=control)
    # The crate docs: serde reads a time's three parts, and the bson crate
    # does not look for a fourth.
    created = TASK_HEADER + ("created",)
    longer = replace(tree, created, lambda old: list(old) + [0])
    label = f"{path_text(created)} = [s, ns, offset, 0] (documented: the fourth is not read)"
    yield Case(codec, ds, "survive", label, top(longer), "survive", control=control)


def nested_arrays(depth):
    """depth arrays, one in another, the innermost empty: built from the
    outside in, as each length is known from the depth below it."""
    innermost = document([])
    out = bytearray()
    for level in range(depth):
        out += le32(len(innermost) + (depth - level) * 7) + b"\x04" + b"0\x00"
    out += innermost
    out += bytes(depth)
    return bytes(out)


def nested_documents(depth, name):
    """depth documents {name: {name: ...}}, the innermost empty."""
    innermost = document([])
    level = 4 + 1 + len(name) + 1 + 1
    out = bytearray()
    for depth_here in range(depth):
        out += le32(len(innermost) + (depth - depth_here) * level) + b"\x03" + name + b"\x00"
    out += innermost
    out += bytes(depth)
    return bytes(out)


def raw_bombs(codec):
    """Bytes BSON forbids, and nesting, in and around the task-manager value."""
    ds = "task-manager"
    tree = generic("bson", ds, *VALUES[ds])
    control = f"{codec}/{ds} value"

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=control)

    def with_user(kind, payload):
        return top(replace(tree, ("user",), lambda old: Element(kind, payload)))

    yield case("nesting", f"user = {DEEP} nested arrays", with_user(0x04, nested_arrays(DEEP)))
    yield case("nesting", f"user = {DEEP} nested documents", with_user(0x03, nested_documents(DEEP, b"user")))
    yield case("nesting", f"root: {DEEP} nested documents under an unknown key", document([(0x03, b"a", nested_documents(DEEP, b"a"))]))
    for kind, payload, what in (
        (0x20, b"", "type byte 0x20 (undefined by BSON)"),
        (0x00, b"", "type byte 0 (the end of a document)"),
        (0x06, b"", "undefined (deprecated)"),
        (0x0C, string(b"Demo User") + bytes(12), "a DBPointer (deprecated)"),
        (0x0D, string(b"Demo User"), "JavaScript code"),
        (0x0E, string(b"Demo User"), "a symbol (deprecated)"),
        (0x0B, b"Demo User\x00\x00", "a regular expression"),
        (0x13, bytes(16), "a decimal128"),
        (0x02, le32(0) + b"\x00", "a string declaring 0 bytes"),
        (0x02, le32(10) + b"Demo Userx", "a string without its final 0"),
    ):
        yield case("syntax" if kind in (0x20, 0x00) or what.startswith("a string") else "type", f"user = {what}", with_user(kind, payload))
    completed = TASK_HEADER[:-1] + ("completed",)
    yield case("value", "completed = a boolean byte 2", top(replace(tree, completed, lambda old: Element(0x08, b"\x02"))))
    base = top(tree)
    yield case("utf8", "a key that is not UTF-8", base[:5] + b"us\xff\xfe" + base[9:])
    yield case("syntax", "a key running to the document's end", le32(9) + b"\x02user")
    yield case("syntax", "the document without its final 0", base[:-1] + b"\x01")
    yield case("syntax", "the document declaring 4 bytes", le32(4) + base[4:])
    yield case("length", "the document declaring 2^31-1 bytes", le32((1 << 31) - 1) + base[4:])
    yield case("length", "the document declaring -1 bytes", le32(-1) + base[4:])
    lists = top(replace(tree, ("lists",), lambda old: Element(0x04, le32(4) + b"\x00")))
    yield case("syntax", "lists declaring 4 bytes", lists)
    for text in (b"\x05\x00\x00\x00\x00", b"\x00", b"\x05\x00\x00\x00"):
        yield case("type", f"document {text.hex()}", text)
    arrays = top(replace(tree, ("lists",), lambda old: Element(0x04, document([(0x03, b"9", element(old[0])[1])]))))
    # The crate docs: the bson crate reads an array's elements in order,
    # whatever their keys.
    yield case("survive", "lists with its one element under the key '9' (documented: read)", arrays, "survive")


def amplification(codec):
    """Empty strings, and graph nodes without names or edges."""
    n = AMPLIFY_BYTES // 12
    strings = b"".join(b"\x02" + str(i).encode() + b"\x00" + string(b"") for i in range(n))
    records = document([(0x04, b"ids", document([])), (0x04, b"strings", le32(4 + len(strings) + 1) + strings + b"\x00")])
    yield amplified(codec, "records", "empty strings, 12 bytes each", records)
    node = document([(0x10, b"id", le32(0)), (0x02, b"name", string(b"")), (0x04, b"out_edges", document([])), (0x04, b"in_edges", document([]))])
    count = AMPLIFY_BYTES // (len(node) + 8)
    nodes = b"".join(b"\x03" + str(i).encode() + b"\x00" + node for i in range(count))
    graph = document([(0x04, b"nodes", le32(4 + len(nodes) + 1) + nodes + b"\x00"), (0x04, b"edges", document([]))])
    yield amplified(codec, "graph", "nodes without names or edges", graph)
