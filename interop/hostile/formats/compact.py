"""bincode 2 and postcard as serde writes the model: crafted inputs.

Neither wire names or types anything: a struct is its fields in order, an
option a 0/1 tag byte, an enum a varint index, a length a varint (bincode's
251..255 markers, postcard's LEB128). So beyond the serde length bombs
(`serde.py`): invalid UTF-8, varints that are too long or never end, enum
indices, bool bytes and option tags out of range, integers past their type,
and amplification.
"""

from ..model import AMPLIFY_BYTES, VALUES
from ..runner import Case, amplified
from ..wire import bincode_varint, leb128
from .serde import U8, BadText, Raw, Serializer, Var, ZVar, generic, lengthy, path_text, replace, serde_bombs, walk

FAMILIES = ("bincode", "postcard")
TEXT_LENGTH = {"bincode": bincode_varint, "postcard": leb128}
# The serializer's key for each family.
WIRES = {"bincode": "bincode", "postcard": "postcard"}
# Codecs whose library tells serde it is human-readable: the model writes
# their ids, colors, times and versions as text (serbench-bincode's
# src/zap.rs).
TEXT_FORMS = {"bincode-serde-zap": "bincode-text"}
# A value ends with its last field: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing bincode or postcard."""
    wire = TEXT_FORMS.get(codec, WIRES[family])
    for ds in datasets:
        if ds in VALUES:
            yield from serde_bombs(codec, wire, ds)
            yield from compact_bombs(codec, wire, ds)
    yield from amplification(codec, wire)


def compact_bombs(codec, wire, ds):
    """Bombs particular to bincode and postcard (lengths come from serde_bombs)."""
    t, v = VALUES[ds]
    tree = generic(wire, ds, t, v)
    ser = lambda node: Serializer(wire).run(node)  # noqa: E731
    control = f"{codec}/{ds} value"
    nodes = list(walk(tree))
    varint = leb128 if wire == "postcard" else bincode_varint
    for path, node in nodes:
        if isinstance(node, str) and path:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                bomb = replace(tree, path, lambda old, b=bad: BadText(b"ok" + b))
                yield Case(codec, ds, "utf8", f"{path_text(path)} holds {what}", ser(bomb), "reject", control=control)
    first_len = next(p for p, n in nodes if lengthy(wire, n))
    if wire != "postcard":
        for marker, what in ((b"\xfe", "254 (u128 marker)"), (b"\xff", "255 (reserved)")):
            bomb = replace(tree, first_len, lambda old, m=marker: Raw(m + b"\x01" * 16, stop=True))
            yield Case(codec, ds, "varint", f"{path_text(first_len)} length marker {what}", ser(bomb), "reject", control=control)
        bomb = replace(tree, first_len, lambda old: Raw(b"\xfd" + b"\x01\x02", stop=True))
        yield Case(codec, ds, "varint", f"{path_text(first_len)} u64 marker then 2 bytes", ser(bomb), "reject", control=control)
    else:
        bomb = replace(tree, first_len, lambda old: Raw(b"\x80" * 10 + b"\x01", stop=False))
        yield Case(codec, ds, "varint", f"{path_text(first_len)} length as an 11-byte varint", ser(bomb), "reject", control=control)
        bomb = replace(tree, first_len, lambda old: Raw(b"\xff" * 9 + b"\x7f", stop=False))
        yield Case(codec, ds, "varint", f"{path_text(first_len)} length varint over 2^64", ser(bomb), "reject", control=control)
        bomb = replace(tree, first_len, lambda old: Raw(b"\x80" * 64, stop=True))
        yield Case(codec, ds, "varint", f"{path_text(first_len)} endless varint", ser(bomb), "reject", control=control)
    for path, node in nodes:
        name = path[-1] if path else None
        if isinstance(node, U8) and name == "priority":
            for value in (4, 255):
                bomb = replace(tree, path, lambda old, x=value: U8(x))
                yield Case(codec, ds, "enum", f"{path_text(path)} = {value}", ser(bomb), "reject", control=control)
        if isinstance(node, U8) and name == "completed":
            bomb = replace(tree, path, lambda old: U8(2))
            yield Case(codec, ds, "type", f"{path_text(path)} bool byte 2", ser(bomb), "reject", control=control)
        if name in ("player", "size") and isinstance(node, Var) and ds == "media":
            for value in (2, 0xFFFFFFFF):
                bomb = replace(tree, path, lambda old, x=value: Var(x))
                yield Case(codec, ds, "enum", f"{path_text(path)} variant {value}", ser(bomb), "reject", control=control)
        if name == "title" and ds == "media":
            bomb = replace(tree, path, lambda old: Raw(b"\x02"))
            yield Case(codec, ds, "type", f"{path_text(path)} option tag 2", ser(bomb), "reject", control=control)
        if name == "color":
            bomb = replace(tree, path, lambda old: Raw(varint(1 << 40)))
            yield Case(codec, ds, "range", f"{path_text(path)} = 2^40 (not a u32)", ser(bomb), "reject", control=control)
        if name == "id" and isinstance(node, bytes):
            for n in (15, 17):
                bomb = replace(tree, path, lambda old, n=n: bytes(n))
                yield Case(codec, ds, "range", f"{path_text(path)} of {n} bytes", ser(bomb), "reject", control=control)
        if name == "id" and isinstance(node, Var):
            bomb = replace(tree, path, lambda old: Var(65536))
            yield Case(codec, ds, "range", f"{path_text(path)} = 65536 (not a u16)", ser(bomb), "reject", control=control)
        if name == "nanos":
            bomb = replace(tree, path, lambda old: Var(1_000_000_000))
            yield Case(codec, ds, "range", f"{path_text(path)} = 10^9", ser(bomb), "reject", control=control)
        if name == "offset":
            bomb = replace(tree, path, lambda old: ZVar(100_000))
            yield Case(codec, ds, "range", f"{path_text(path)} = 100000 s", ser(bomb), "reject", control=control)
        if name == "seconds":
            bomb = replace(tree, path, lambda old: ZVar((1 << 63) - 1))
            yield Case(codec, ds, "range", f"{path_text(path)} = i64::MAX", ser(bomb), "reject", control=control)
        if name == "version" and isinstance(node, list):
            bomb = replace(tree, path + (0,), lambda old: Var(1 << 40))
            yield Case(codec, ds, "range", f"{path_text(path)}[0] = 2^40 (not a u32)", ser(bomb), "reject", control=control)



def amplification(codec, wire):
    """Empty nodes of 4 bytes and empty strings of one byte each."""
    n = AMPLIFY_BYTES
    varint = leb128 if wire == "postcard" else bincode_varint
    count = n // 4
    yield amplified(codec, "graph", "empty nodes, 4 bytes each", varint(count) + b"\x00" * (4 * count) + b"\x00")
    count = n
    yield amplified(codec, "records", "empty strings, 1 byte each", b"\x00" + varint(count) + b"\x00" * count)
