"""Bilrost as serbench-bilrost writes the model: crafted inputs.

Written from bilrost's encoding specification (the README's "Encoding
specification") and the crate docs' messages: a message is fields in tag
order, each a key (a varint of the tag's distance from the previous tag,
times four, plus the wire type: 0 varint, 1 length-delimited, 2 fixed 32
bits, 3 fixed 64) and its value. Varints are bijective base 128, at most
nine bytes; signed integers zigzag. Every struct's fields take the tags 1,
2, … in the model's order (a timestamp three: seconds, nanoseconds,
offset); texts, ids, nested messages and packed integer lists (the
version, a node's edges, the ids) are length-delimited, a color fixed 32
bits, a reading fixed 64; an empty value is left out; a list of strings or
messages repeats its tag.

Bombs: declared lengths far past the input at the first text, varints
past 2^64, tags past 2^32, wrong wire types, invalid UTF-8, a field given
twice, enumeration values out of range, and amplification (empty strings,
two bytes each). An unknown field is skipped by the relaxed decoder and
must survive.
"""

import struct

from ..model import AMPLIFY_BYTES, PAYLOAD, VALUES
from ..runner import Case, amplified
from ..wire import le32, zigzag

FAMILIES = ("Bilrost",)
# Fields follow fields with no end marker: a cut at a field's end, or more
# fields after the value, is a valid message, so neither is noted.
KNOWS_ITS_END = False
# An empty message is the value whose every field is empty.
EMPTY_FILE = "survive"
TAILS = ()


def varint(n):
    """Bilrost's varint: bijective base 128, least significant digit first."""
    out = bytearray()
    for _ in range(8):
        if n < 0x80:
            out.append(n)
            return bytes(out)
        out.append(0x80 | (n & 0x7F))
        n = (n >> 7) - 1
    out.append(n)
    return bytes(out)


TEXT_LENGTH = {"Bilrost": varint}
LENGTHS = ((1 << 32, "2^32"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64 - 1"))
PACKED = ("version", "out_edges", "in_edges", "ids")


class Msg:
    """A message being written: its bytes and the last tag."""

    def __init__(self):
        self.data, self.tag = bytearray(), 0

    def key(self, tag, wire):
        self.data += varint((tag - self.tag) << 2 | wire)
        self.tag = tag

    def delimited(self, tag, body):
        self.key(tag, 1)
        self.data += varint(len(body)) + body


def scalar(t, v):
    """(wire type, bytes, empty) of a leaf value."""
    if t in ("u16", "u32", "prio", "bool"):
        return 0, varint(int(v)), int(v) == 0
    if t in ("i32", "i64"):
        return 0, varint(zigzag(v)), v == 0
    if t == "f64":
        bits = struct.pack("<d", v)
        return 3, bits, bits == bytes(8)
    if t == "color":
        return 2, le32(v), v == 0
    if isinstance(t, tuple) and t[0] == "enum":
        # An int is an index the enumeration may not have (a bomb).
        index = v if isinstance(v, int) else t[1].index(v)
        return 0, varint(index), index == 0
    raise ValueError(t)


def message(t, v, first_text=None):
    """The bytes of struct type t holding v; first_text, if given, is a
    function that writes the first text field's key and value instead."""
    msg = Msg()
    state = {"first": first_text}
    tag = 0
    for name, field in t[1]:
        tag += 1
        if field == "time":
            seconds, nanos, offset = v[name]
            for part, wire_value in ((seconds, varint(zigzag(seconds))), (nanos, varint(nanos)), (offset, varint(zigzag(offset)))):
                if part:
                    msg.key(tag, 0)
                    msg.data += wire_value
                tag += 1
            tag -= 1
            continue
        write(msg, tag, field, v[name], state)
    return bytes(msg.data)


def write(msg, tag, t, v, state):
    if t == "str":
        if state["first"] is not None:
            bomb, state["first"] = state["first"], None
            bomb(msg, tag, v.encode())
        elif v:
            msg.delimited(tag, v.encode())
    elif t == "uuid":
        msg.delimited(tag, v)
    elif t == "version" or (isinstance(t, tuple) and t[0] == "seq" and t[1] in ("u32", "i64")):
        if v:
            code = (lambda x: varint(zigzag(x))) if t != "version" and t[1] == "i64" else varint
            msg.delimited(tag, b"".join(code(x) for x in v))
    elif isinstance(t, tuple) and t[0] == "seq":
        for item in v:
            if t[1] == "str":
                write(msg, tag, "str", item, state)
            else:
                # The first text may be in the first element (a graph's
                # node, a record): the bomb goes there.
                body = message(t[1], item, state["first"])
                state["first"] = None
                msg.delimited(tag, body)
    elif isinstance(t, tuple) and t[0] == "opt":
        if v is not None:
            if t[1] == "str":
                msg.delimited(tag, v.encode())
            else:
                wire, data, _ = scalar(t[1], v)
                msg.key(tag, wire)
                msg.data += data
    elif isinstance(t, tuple) and t[0] == "struct":
        body = message(t, v, state["first"])
        state["first"] = None
        msg.delimited(tag, body)
    else:
        wire, data, empty = scalar(t, v)
        if not empty:
            msg.key(tag, wire)
            msg.data += data


def first_text_listed(t, v):
    """Whether the first text the bombs take is an element of a list of
    texts (True), a text field (False), or absent (None): a list's text
    given twice is two elements, not a repeated field."""
    for name, field in t[1]:
        if field == "str":
            return False
        if isinstance(field, tuple) and field[0] == "seq" and field[1] == "str" and v[name]:
            return True
        if isinstance(field, tuple) and field[0] == "struct":
            found = first_text_listed(field, v[name])
        elif isinstance(field, tuple) and field[0] == "seq" and isinstance(field[1], tuple) and v[name]:
            found = first_text_listed(field[1], v[name][0]) if field[1][0] == "struct" else None
        else:
            found = None
        if found is not None:
            return found
    return None


def value(ds, first_text=None):
    t, v = VALUES[ds]
    return message(t, v, first_text)


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing Bilrost."""
    for ds in datasets:
        if ds in VALUES:
            yield from bombs(codec, ds)
    yield from amplification(codec)


def bombs(codec, ds):
    control = value(ds)
    yield Case(codec, ds, "control", "the reference value", control, "accept")

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control="the reference value")

    for n, name in LENGTHS:

        def declare(msg, tag, text, n=n):
            msg.key(tag, 1)
            msg.data += varint(n) + PAYLOAD

        yield case("length", f"the first text declares {name}", value(ds, declare))

    def bad_utf8(msg, tag, text):
        msg.delimited(tag, text[:1] + b"\xff" + text[2:])

    def as_varint(msg, tag, text):
        msg.key(tag, 0)
        msg.data += varint(len(text))

    def twice(msg, tag, text):
        msg.delimited(tag, text)
        msg.delimited(tag, text)

    yield case("utf8", "0xff in the first text", value(ds, bad_utf8))
    yield case("wrong-type", "the first text as a varint", value(ds, as_varint))
    if first_text_listed(*VALUES[ds]) is False:
        yield case("duplicate", "the first text twice", value(ds, twice))
    # An unknown varint field 1000 after the value: skipped.
    unknown = Msg()
    unknown.key(1000, 0)
    yield case("unknown", "an unknown field 1000 at the end", control + bytes(unknown.data), "survive")
    yield case("varint", "an unknown field's varint past 2^64", control + varint(4000) + b"\xff" * 9)
    yield case("tag", "a tag past 2^32", control + varint((1 << 33) << 2))
    if ds == "task-manager":
        t, v = VALUES[ds]
        task = dict(v["lists"][0]["tasks"][0], priority=7)
        lst = dict(v["lists"][0], tasks=[task])
        yield case("enum", "priority 7", message(t, dict(v, lists=[lst])))
    if ds == "media":
        t, v = VALUES[ds]
        media = dict(v["media"], player=2)
        yield case("enum", "player 2", message(t, dict(v, media=media)))


def amplification(codec):
    """Records of empty strings, two bytes each: the key (tag 2, then the
    same tag again) and a length of 0."""
    count = AMPLIFY_BYTES // 2
    data = varint(2 << 2 | 1) + b"\x00" + (varint(1) + b"\x00") * (count - 1)
    yield amplified(codec, "records", "empty strings", data)
