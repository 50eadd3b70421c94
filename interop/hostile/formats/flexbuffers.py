"""FlexBuffers (the FlatBuffers internals doc, "FlexBuffers") as flexbuffers
writes the model through serde: crafted inputs.

A FlexBuffer is read from its end: the last byte is the root's width, the
one before it the root's packed type (type << 2 | width code), and before
them the root's slot. Strings, vectors and maps stand before whatever points
at them; a slot holds an inline scalar or an offset back to its value; a
string, blob, vector or map has its length in the slot before its address;
a map has, before its length, its keys vector's offset and width. The
bombs are built here with every slot, offset and length 8 bytes wide, so
any length can be declared: lengths far past the buffer, offsets of 0,
past the start or into a value's own prefix, nesting past the codec's
depth, type bytes and widths flexbuffers does not read, strings without
their NUL and not UTF-8, maps whose keys are repeated or out of order, and
one string pointed at by many slots (a decode many times the input). The
codec's own dumps, mutated, carry the rest; a text cannot grow behind the
offsets after it, so there is no TEXT_LENGTH.
"""

import struct

from ..model import AMPLIFY_BYTES, DEEP
from ..runner import Case, amplified

FAMILIES = ("FlexBuffers",)
# The root is the buffer's last bytes: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

NULL, INT, UINT, FLOAT, KEY, STRING, MAP, VECTOR, BLOB, BOOL = 0, 1, 2, 3, 4, 5, 9, 10, 25, 26
LENGTHS = ((1 << 32, "2^32"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64 - 1"))


def u64(n):
    return struct.pack("<Q", n)


class Writer:
    """A FlexBuffer written front to back, every slot 8 bytes wide."""

    def __init__(self):
        self.b = bytearray()

    def string(self, data, length=None, nul=True):
        """A string's address."""
        self.b += u64(len(data) if length is None else length)
        at = len(self.b)
        self.b += data + (b"\x00" if nul else b"")
        return at

    def key(self, data):
        at = len(self.b)
        self.b += data + b"\x00"
        return at

    def vector(self, slots, length=None):
        """slots: (type, inline value or None, address); the vector's address."""
        self.b += u64(len(slots) if length is None else length)
        at = len(self.b)
        self.row(slots)
        return at

    def row(self, slots):
        for ty, value, target in slots:
            here = len(self.b)
            self.b += u64(value if target is None else here - target)
        self.b += bytes(ty << 2 | 3 for ty, _, _ in slots)

    def map(self, entries):
        """entries: (key bytes, slot); the map's address. Keys as given: unsorted, repeated."""
        keys = [self.key(k) for k, _ in entries]
        self.b += u64(len(keys))
        keys_at = len(self.b)
        for k in keys:
            self.b += u64(len(self.b) - k)
        self.b += u64(len(self.b) - keys_at) + u64(8) + u64(len(entries))
        at = len(self.b)
        self.row([slot for _, slot in entries])
        return at

    def root(self, ty, target):
        here = len(self.b)
        return bytes(self.b) + u64(here - target) + bytes([ty << 2 | 3, 8])


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing FlexBuffers."""
    for ds in datasets:
        yield from lengths(codec, ds)
        yield from offsets(codec, ds)
        yield from nesting(codec, ds)
        yield from values(codec, ds)
    yield from amplification(codec)


def lengths(codec, ds):
    for n, name in LENGTHS:
        w = Writer()
        yield Case(codec, ds, "length", f"a root string declaring {name} bytes", w.root(STRING, w.string(b"x", n)), "reject")
        w = Writer()
        at = w.vector([(NULL, 0, None)], n)
        yield Case(codec, ds, "length", f"a root vector declaring {name} elements", w.root(VECTOR, at), "reject")


def offsets(codec, ds):
    """Offsets of 0, past the start, into a prefix; root widths and types flexbuffers does not read."""
    for data, what in (
        (bytes([1, 0, VECTOR << 2, 2, VECTOR << 2, 1]), "a vector whose element's offset is 0"),
        (bytes([1, 1, VECTOR << 2, 2, VECTOR << 2, 1]), "an element pointing at its vector's length"),
        (bytes([0, 200, STRING << 2, 1]), "an offset past the start"),
        (u64(1 << 63) + bytes([STRING << 2 | 3, 8]), "a root offset of 2^63"),
        (bytes([0, 0, 0, UINT << 2, 3]), "a root width of 3"),
        (bytes([0, 0, 0, UINT << 2, 16]), "a root width of 16"),
        (bytes([0, INT << 2 | 3, 1]), "an 8-byte integer in a 1-byte root slot"),
        (bytes([0, 8, 8]), "an 8-byte root slot before the buffer"),
        (bytes([1, 0, 2, 15 << 2, 1]), "type 15, the deprecated string vector"),
        (bytes([1, 0, 2, 63 << 2, 1]), "type 63, no type"),
        (bytes([0, FLOAT << 2, 1]), "a 1-byte float"),
        (bytes([2, BOOL << 2, 1]), "a boolean 2"),
        (bytes([2, 0x61, 0x62, 0x63, 3, STRING << 2, 1]), "a string without its NUL"),
        (bytes([0x61, 0x62, 2, KEY << 2, 1]), "a key without its NUL"),
        (bytes([0x61, 0, 2, 3, 1, 1, 1, 0, 0, 2, MAP << 2, 1]), "a map of one value with two keys"),
    ):
        yield Case(codec, ds, "offset", what, data, "reject")


def nesting(codec, ds):
    """DEEP vectors each holding the next, 3 bytes a level, as the root."""
    b = bytearray([0])
    inner = len(b)
    for _ in range(DEEP):
        b.append(1)
        at = len(b)
        b += bytes([at - inner, VECTOR << 2])
        inner = at
    b += bytes([len(b) - inner, VECTOR << 2, 1])
    yield Case(codec, ds, "nesting", f"{DEEP} nested vectors", bytes(b), "reject")
    w = Writer()
    at = w.map([(b"k", (VECTOR, None, w.vector([])))] * 1)
    for _ in range(200):
        at = w.map([(b"k", (MAP, None, at))])
    yield Case(codec, ds, "nesting", "200 nested maps", w.root(MAP, at), "reject")


def values(codec, ds):
    """Strings not UTF-8, keys repeated or unsorted, documents of no dataset's type."""
    w = Writer()
    yield Case(codec, ds, "string", "a root string with the byte 0xff", w.root(STRING, w.string(b"a\xffb")), "reject")
    w = Writer()
    yield Case(codec, ds, "string", "a lone surrogate's bytes", w.root(STRING, w.string(b"\xed\xa0\x80")), "reject")
    w = Writer()
    at = w.map([(b"a\xff", (NULL, 0, None))])
    yield Case(codec, ds, "string", "a key with the byte 0xff", w.root(MAP, at), "reject")
    w = Writer()
    at = w.map([(b"a", (NULL, 0, None)), (b"a", (NULL, 0, None))])
    yield Case(codec, ds, "duplicate", "a map with the key 'a' twice", w.root(MAP, at), "reject")
    w = Writer()
    at = w.map([(b"b", (NULL, 0, None)), (b"a", (NULL, 0, None))])
    yield Case(codec, ds, "duplicate", "a map's keys out of order", w.root(MAP, at), "reject")
    for ty, value, what in ((NULL, 0, "null"), (INT, 1, "an integer"), (FLOAT, 0x3FF8000000000000, "a float"), (BOOL, 1, "true")):
        yield Case(codec, ds, "type", f"document {what}", u64(value) + bytes([ty << 2 | 3, 8]), "reject")
    w = Writer()
    yield Case(codec, ds, "type", "document: an empty vector", w.root(VECTOR, w.vector([])), "reject")
    w = Writer()
    yield Case(codec, ds, "type", "document: an empty map", w.root(MAP, w.map([])), "reject")


def amplification(codec):
    """One 1 000-byte string behind many slots (refused: a decode many times
    the input), and valid records of empty strings and ids, which must stay
    in bounds."""
    w = Writer()
    s = w.string(b"a" * 1000)
    count = AMPLIFY_BYTES // 9
    at = w.vector([(STRING, None, s)] * count)
    yield Case(codec, "records", "amplify", f"{count} slots pointing at one 1 000-byte string", w.root(VECTOR, at), "reject")
    yield amplified(codec, "records", "empty strings, 7 bytes each", records(strings=AMPLIFY_BYTES // 7))
    yield amplified(codec, "records", "ids of 0, 5 bytes each", records(ids=AMPLIFY_BYTES // 5))


def records(ids=0, strings=0):
    """A valid records value: `ids` zeros and `strings` empty strings, in
    vectors of 4-byte slots (the widest offset a few MiB need), then the
    two keys, their 1-byte keys vector and the map, as flexbuffers lays
    them out."""
    b = bytearray()
    addresses = []
    for _ in range(strings):
        b += b"\x00"  # the length, then the NUL at the string's address
        addresses.append(len(b))
        b += b"\x00"

    def vector(slots):
        b.extend(struct.pack("<I", len(slots)))
        at = len(b)
        for value, target in slots:
            b.extend(struct.pack("<I", value if target is None else len(b) - target))
        return at

    strings_at = vector([(None, a) for a in addresses])
    b.extend(bytes([STRING << 2]) * strings)
    ids_at = vector([(0, None)] * ids)
    b.extend(bytes([INT << 2]) * ids)
    key_ids = len(b)
    b += b"ids\x00"
    key_strings = len(b)
    b += b"strings\x00"
    b.append(2)
    keys_at = len(b)
    b += bytes([keys_at - key_ids, keys_at + 1 - key_strings])
    b += struct.pack("<III", len(b) - keys_at, 1, 2)
    at = len(b)
    for target in (ids_at, strings_at):
        b += struct.pack("<I", len(b) - target)
    b += bytes([VECTOR << 2 | 2, VECTOR << 2 | 2])
    b += bytes([len(b) - at, MAP << 2 | 2, 1])
    return bytes(b)
