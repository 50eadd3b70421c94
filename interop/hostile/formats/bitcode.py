"""bitcode as serbench-bitcode writes the model: crafted inputs.

bitcode's layout is columnar (the crate docs): a value is split into one
column per field, depth first, and each column is packed into the fewest
bits its values need, behind a packing byte chosen from the values. A
value built here would take a second encoder of those packings, tied to
bitcode's release; so the crafted inputs are the ones that need no valid
value around them, and the mutated dumps (the codec's own bytes) carry the
rest: flipped bits, cuts and trailers.

What needs no value: every dataset's encoding starts with a column of one
length (the user, the sensor id, the nodes, the ids, the uri), stored as a
byte; a length past 254 is a byte 255, then a column of one u64 (a packing
byte, 0 for eight bytes, then the value). Each dataset gets lengths far
past the input there. Then amplification: bitcode packs 16 empty strings
in the two bytes of their lengths, which decode to 384 bytes of `String`s;
16 MiB of them made bitcode ask for 3 GB and abort. Both codecs now read
the lengths first and refuse a value that declares more than 32 bytes per
byte of input (SECURITY.md), so the input is a records value of 16 MiB,
the size that aborted, and must be refused.
"""

import struct

from ..model import PAYLOAD, VALUES
from ..runner import MIB, Case

FAMILIES = ("bitcode",)
# A value ends with its last column: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

LENGTHS = ((1 << 32, "2^32"), (1 << 51, "2^51 (bitcode's largest)"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64 - 1"), (300_000, "300 000"))
FIRST = {
    "task-manager": "user",
    "telemetry": "sensor_id",
    "graph": "nodes",
    "records": "ids",
    "media": "media.uri",
}
# Empty strings in the amplification input: 16 MiB of input at one bit
# each, the input that aborted before the codecs bounded it.
EMPTY_STRINGS = 128 << 20


def long_length(n):
    """A length past 254: the byte 255, then a column of one u64 in the fewest bytes that hold it."""
    for limit, packing, form in ((1 << 8, 6, "<B"), (1 << 16, 4, "<H"), (1 << 32, 2, "<I")):
        if n < limit:
            return b"\xff" + bytes([packing]) + struct.pack(form, n)
    return b"\xff" + b"\x00" + struct.pack("<Q", n)


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing bitcode."""
    for ds in datasets:
        if ds in VALUES:
            for n, name in LENGTHS:
                data = long_length(n) + PAYLOAD
                yield Case(codec, ds, "length", f"{FIRST[ds]} declares {name}", data, "reject")
    yield amplification(codec)


def amplification(codec):
    """Records of EMPTY_STRINGS empty strings: no ids, then the strings' count and their packed lengths."""
    data = (
        b"\x00"  # ids: a length of 0, and no values
        + long_length(EMPTY_STRINGS)  # strings: their count
        + b"\x0a"  # the lengths' packing: one bit each (all 0)
        + bytes(EMPTY_STRINGS // 8)
    )
    label = f"empty strings, one bit each ({len(data) / MIB:.1f} MiB)"
    return Case(codec, "records", "amplify", label, data, "reject")
