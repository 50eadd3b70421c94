"""savefile as serbench-savefile writes the model: crafted inputs.

Written from savefile 0.20.6's file layout (its `save` and the crate docs
of serbench-savefile): a file is the magic `savefile\\0`, savefile's format
version as a u16 (2), the data's version as a u32 (0), a byte 0 for "not
compressed", then the schema of the saved type, then the data. The schema
is a tree of tagged nodes (1 a struct, its name a u64 length then UTF-8;
7 an Option around the node that follows; ...), and it records Rust's
memory layout of each struct (field offsets, sizes), which the compiler
chooses: a schema built here would be tied to one compiler's layout, so
no valid value is built here, and the data's bombs come from the codec's
own dumps (their texts, found by TEXT_LENGTH, and mutations).

What needs no valid value: the header (another magic, a future format
version, a later data version, the compressed flag, a cut), and a schema
after a valid header that nests DEEP Options, declares a struct name far
past the input, or starts with a tag savefile does not know. savefile
reads the file's schema before comparing it with its types', recursing
once per level with its length-trusting reader; serbench-savefile refuses
every header and schema but its own before savefile reads.
"""

from ..model import DEEP, PAYLOAD
from ..runner import Case
from ..wire import le16, le32, le64

FAMILIES = ("savefile",)
TEXT_LENGTH = {"savefile": le64}
# A value ends with its last field, and the codec refuses bytes after it.
KNOWS_ITS_END = True
# Every file starts with the magic: an empty file is no value.
EMPTY_FILE = "reject"
TAILS = ()

MAGIC = b"savefile\x00"
# savefile 0.20.6 writes and reads format version 2.
FORMAT = 2


def header(magic=MAGIC, fmt=FORMAT, version=0, compressed=0):
    return magic + le16(fmt) + le32(version) + bytes([compressed])


LENGTHS = ((1 << 32, "2^32"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64 - 1"), (1_000_000, "1 000 000"))


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing savefile."""
    for ds in datasets:
        yield from bombs(codec, ds)


def bombs(codec, ds):
    def reject(cls, label, data):
        return Case(codec, ds, cls, label, data, "reject")

    yield reject("syntax", "the magic is savefilf", header(magic=b"savefilf\x00") + PAYLOAD)
    yield reject("syntax", "the header cut after the magic", MAGIC)
    yield reject("range", "savefile's format version 3, from a future savefile", header(fmt=3) + PAYLOAD)
    yield reject("range", "the data's version is 1, later than the codec's", header(version=1) + PAYLOAD)
    yield reject("range", "the data is marked compressed (bzip2)", header(compressed=1) + PAYLOAD)
    yield reject("nesting", f"a schema of {DEEP} nested Options", header() + b"\x07" * DEEP + PAYLOAD)
    for n, name in LENGTHS:
        yield reject("length", f"the root struct's name declares {name} bytes", header() + b"\x01" + le64(n) + PAYLOAD)
    yield reject("type", "a schema node of unknown tag 0xff", header() + b"\xff" + PAYLOAD)
