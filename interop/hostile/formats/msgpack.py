"""MessagePack as rmp-serde writes the model: crafted inputs.

Structs are maps keyed by field name; rmp-serde also reads a struct as the
array of its fields (its documented alternative), so both forms have a
control. Beyond the serde bombs (`serde.py`): the header fields' wrong
forms, nesting, 32-bit declared lengths past the input, ext types and the
reserved byte, non-text keys, and amplification.
"""

import struct

from ..model import AMPLIFY_BYTES, DEEP, PAYLOAD, UUID2, VALUES, uuid_text
from ..runner import Case, amplified
from ..wire import le32, mp_array_head, mp_str_head
from .serde import Pairs, Raw, Serializer, generic, replace, self_describing_bombs, serde_bombs

FAMILIES = ("MessagePack",)
TEXT_LENGTH = {"MessagePack": mp_str_head}
# A value ends where its heads say: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

HEADER_VALUES = {
    "id": [bytes(15), bytes(17), uuid_text(UUID2)],
    "color": [1 << 40, -1, "#ff0000"],
    "created": [[1762160400, 0], [1762160400, 0, 0, 0], [1762160400, 1_000_000_000, 0], [1 << 62, 0, 0], [1762160400, 0, 100_000]],
}
VERSION_VALUES = [[1 << 32], [-1], ["1"]]


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing MessagePack."""
    for ds in datasets:
        if ds in VALUES:
            yield from serde_bombs(codec, "msgpack", ds)
            yield from self_describing_bombs(codec, "msgpack", ds, HEADER_VALUES, VERSION_VALUES)
            if codec in STRUCTS_AS_ARRAYS:
                yield from struct_array_bombs(codec, ds)
            else:
                yield from struct_array_refused(codec, ds)
    yield from raw_bombs(codec)
    yield from amplification(codec)


def as_arrays(node):
    """Every struct of a value tree as the array of its fields."""
    if isinstance(node, Pairs):
        return [as_arrays(v) for _, v in node]
    if isinstance(node, list):
        return [as_arrays(v) for v in node]
    return node


# The codecs whose library reads a struct written as the array of its
# fields (rmp-serde documents it); zerompk's derive in map form reads only
# maps, so for the others that form is a wrong type (SECURITY.md).
STRUCTS_AS_ARRAYS = {"msgpack"}


def struct_array_refused(codec, ds):
    """A struct as the array of its fields, for a library that reads only maps."""
    tree = generic("msgpack", ds, *VALUES[ds])

    data = Serializer("msgpack").run(as_arrays(tree))
    yield Case(codec, ds, "wrong-type", "structs as arrays of their fields", data, "reject", control=f"{codec}/{ds} value")


def struct_array_bombs(codec, ds):
    """rmp-serde's documented alternative: a struct as the array of its fields."""
    tree = generic("msgpack", ds, *VALUES[ds])
    control = f"{codec}/{ds} value"

    def enc(x):
        return Serializer("msgpack").run(x)

    yield Case(codec, ds, "control", "structs as arrays of their fields", enc(as_arrays(tree)), "accept", control=control)
    short = list(as_arrays(tree))[:-1]
    yield Case(codec, ds, "missing-key", "root struct as an array one field short", enc(short), "reject", control=control)
    longer = list(as_arrays(tree)) + [1]
    yield Case(codec, ds, "unknown-key", "root struct as an array one field long", enc(longer), "reject", control=control)


def raw_bombs(codec):
    """Bombs written as bytes into and around the task-manager value."""
    ds = "task-manager"
    tree = generic("msgpack", ds, *VALUES[ds])
    base = Serializer("msgpack").run(tree)
    control = f"{codec}/task-manager value"

    def case(cls, label, data, expect="reject", d=ds):
        return Case(codec, d, cls, label, data, expect, control=control)

    def with_user(raw):
        return Serializer("msgpack").run(replace(tree, ("user",), lambda old: Raw(raw)))

    yield case("nesting", f"{DEEP} nested arrays", b"\x91" * DEEP + b"\xc0")
    yield case("nesting", f"{DEEP} nested array16s", b"\xdc\x00\x01" * DEEP + b"\xc0")
    yield case("nesting", f"{DEEP} nested maps", b"\x81\xa1a" * DEEP + b"\xc0")
    yield case("nesting", f"user = {DEEP} nested arrays", with_user(b"\x91" * DEEP + b"\xc0"))
    yield case("nesting", f"lists = {DEEP} nested arrays", Serializer("msgpack").run(replace(tree, ("lists",), lambda old: Raw(b"\x91" * DEEP + b"\x90"))))
    for n, what in ((1 << 31, "2^31"), ((1 << 32) - 1, "2^32-1")):
        yield case("length", f"user = ext 32 declaring {what}", with_user(b"\xc9" + struct.pack(">I", n) + b"\x01" + PAYLOAD))
        yield case("length", f"root map 32 declaring {what}", b"\xdf" + struct.pack(">I", n) + b"\xa4user")
        yield case("length", f"root array 32 declaring {what}", b"\xdd" + struct.pack(">I", n) + b"\xa4user")
    for raw, what in (
        (b"\xc1", "reserved byte c1"),
        (b"\xd4\x01\x00", "fixext 1"),
        (b"\xd6\xff" + le32(0), "timestamp ext -1"),
        (b"\xc4\x09Demo User", "bin 8 instead of str"),
        (b"\xdb\x00\x00\x00\x09Demo Use", "str 32, one byte short"),
    ):
        expect = "survive" if "bin 8" in what else "reject"
        yield case("type", f"user = {what}", with_user(raw), expect)
    color = ("lists", 0, "header", "color")
    yield case("type", "color = timestamp ext -1", Serializer("msgpack").run(replace(tree, color, lambda old: Raw(b"\xd6\xff" + le32(0)))))
    yield case("type", "created = timestamp ext -1", Serializer("msgpack").run(replace(tree, ("lists", 0, "header", "created"), lambda old: Raw(b"\xd6\xff" + le32(0)))))
    yield case("type", "map with an integer key", b"\x81\x01\x00")
    yield case("survive", "user length in a str 32 head", with_user(b"\xdb" + struct.pack(">I", 9) + b"Demo User"), "survive")
    for text in (b"", b"\xc0", b"\x90", b"\x80", b"\x00"):
        yield case("type", f"document {text.hex() or '(empty)'}", text)



def amplification(codec):
    """Empty nodes as 5-byte arrays, and empty strings of one byte each."""
    n = AMPLIFY_BYTES
    count = n // 5
    yield amplified(codec, "graph", "empty nodes as 5-byte arrays", b"\x82\xa5nodes" + mp_array_head(count) + b"\x94\x00\xa0\x90\x90" * count + b"\xa5edges\x90")
    yield amplified(codec, "records", "empty strings, 1 byte each", b"\x82\xa3ids\x90\xa7strings" + mp_array_head(n) + b"\xa0" * n)
