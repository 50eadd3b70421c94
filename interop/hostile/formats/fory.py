"""Fory as serbench-fory writes the model: crafted inputs.

Written from Fory's xlang serialization specification and the crate docs'
layout: a header byte (bit 0: xlang, bit 1: out-of-band buffers), then the
root: a reference flag (-1 not null, -3 null, -2 a reference), its type id
as a varint (a struct in compatible mode: COMPATIBLE_STRUCT, 28), and the
type's index marker, a varint (index << 1, low bit 1 for a type already
read); a new type's meta follows: an i64 header whose low byte is the
body's size (255: a varint of the rest follows) and whose top bits are a
hash, then the body. A text is a varint of `length << 2 | encoding` (2 for
UTF-8), then its bytes.

A valid value around a bomb would need a writer of fory's type meta (meta
strings, field order, hash), tied to its release; so the crafted inputs
are the ones the root's frame holds, and the classes every codec gets from
its own dumps (`classes.py`, through TEXT_LENGTH) and the mutated dumps
carry the rest: lengths at every text, flipped bits, cuts and trailers.

Bombs: a type meta declaring 2^32 - 1 bytes and more than fory's limit
(4 096), a reference to a type index never read, a null root (fory reads
it as a default value; the codec refuses it), a reference root without
tracking, native mode's header, out-of-band buffers, an unknown encoding.
"""

import struct

from ..model import PAYLOAD, VALUES
from ..runner import Case
from ..wire import leb128

FAMILIES = ("Fory",)
# A value ends with its root's last field: a cut one is damage, and the
# codec refuses bytes after it.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()


def text_length(n):
    """A UTF-8 text's header: its length shifted left twice, encoding 2."""
    return leb128(n << 2 | 2)


TEXT_LENGTH = {"Fory": text_length}

XLANG = b"\x01"
NOT_NULL = b"\xff"
COMPATIBLE_STRUCT = leb128(28)
# A meta hash (the header's top 52 bits) that no registered type has, so
# fory reads the body; bits 8 to 11 (compression, reserved) stay clear.
HASH = 0x5A5A5A5A5A5A5 << 12


def meta_header(size_byte):
    """The i64 header of a type meta: the hash, and the body's size byte."""
    return struct.pack("<q", HASH | size_byte)


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing Fory."""
    root = XLANG + NOT_NULL + COMPATIBLE_STRUCT
    for ds in datasets:
        if ds not in VALUES:
            continue
        for extra, name in ((0xFFFF_FFFF - 255, "2^32 - 1"), (1 << 20, "1 MiB")):
            data = root + leb128(0) + meta_header(0xFF) + leb128(extra) + PAYLOAD
            yield Case(codec, ds, "length", f"the root's type meta declares {name} bytes", data, "reject")
        yield Case(codec, ds, "tag", "the root's type is index 5, never read", root + leb128(5 << 1 | 1) + PAYLOAD, "reject")
        yield Case(codec, ds, "tag", "the root is null", XLANG + b"\xfd", "reject")
        yield Case(codec, ds, "tag", "the root is a reference without tracking", XLANG + b"\xfe" + leb128(0) + PAYLOAD, "reject")
        yield Case(codec, ds, "tag", "native mode's header", b"\x00" + NOT_NULL + COMPATIBLE_STRUCT + PAYLOAD, "reject")
        yield Case(codec, ds, "tag", "out-of-band buffers", b"\x03" + NOT_NULL + COMPATIBLE_STRUCT + PAYLOAD, "reject")
        yield Case(codec, ds, "tag", "type id 2^32 - 1", XLANG + NOT_NULL + leb128(0xFFFF_FFFF) + PAYLOAD, "reject")
