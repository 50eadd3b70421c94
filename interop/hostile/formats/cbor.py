"""CBOR (RFC 8949) as ciborium writes the model: crafted inputs.

The task-manager follows Qt's CBOR layout (crate docs): the id as tag 37
over 16 bytes, the created time as tag 0 over RFC 3339 text, color and
version as text. Beyond the serde bombs (`serde.py`): those tags and texts
wrong, nesting of arrays, maps, tags and indefinite-length texts, declared
lengths past 2^63, reserved and out-of-place heads, non-text keys, and
amplification.
"""

from ..model import AMPLIFY_BYTES, CREATED_TEXT, DEEP, PAYLOAD, UUID1, UUID2, VALUES, uuid_text
from ..runner import Case, amplified
from ..wire import cbor_head, le64
from .serde import Raw, Serializer, Tag, generic, path_text, replace, self_describing_bombs, serde_bombs, walk

FAMILIES = ("CBOR",)
TEXT_LENGTH = {"CBOR": lambda n: cbor_head(3, n)}
# A data item ends where its heads say: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

HEADER_VALUES = {
    "id": [Tag(37, bytes(15)), Tag(37, bytes(17)), UUID2, Tag(37, uuid_text(UUID2)), Tag(38, UUID2)],
    "color": ["#ff00", "red", "#gg0000"],
    "created": [Tag(1, 1762160400), CREATED_TEXT, Tag(0, 1762160400), Tag(0, "2025-13-03T09:00:00.000Z"), Tag(0, Tag(0, CREATED_TEXT))],
}
VERSION_VALUES = ["1..0", "4294967296.0", "-1.0", "1.0.0.", "a.b"]


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing CBOR."""
    for ds in datasets:
        if ds in VALUES:
            yield from serde_bombs(codec, "cbor", ds)
            yield from self_describing_bombs(codec, "cbor", ds, HEADER_VALUES, VERSION_VALUES)
            yield from split_chunks(codec, ds)
    yield from raw_bombs(codec)
    yield from amplification(codec)


# Texts with a form of their own (parsed, or an enum's names): a split
# character there proves nothing, as no text but the form is valid.
FORMED_TEXTS = ("color", "version", "player", "size")


def chunked(*chunks):
    """A text string of indefinite length made of these chunks."""
    return b"\x7f" + b"".join(cbor_head(3, len(c)) + c for c in chunks) + b"\xff"


def split_chunks(codec, ds):
    """Every free text of the dataset in two chunks: split after its first
    character it is the same value (a control), and with "é" (c3 a9) split
    between the chunks it is refused. RFC 8949 3.2.3: each chunk of a text
    string is valid UTF-8 by itself, so no character is split between two."""
    tree = generic("cbor", ds, *VALUES[ds])
    ser = lambda node: Serializer("cbor").run(node)  # noqa: E731
    control = f"{codec}/{ds} value"
    for path, node in walk(tree):
        if not isinstance(node, str) or not path or path[-1] in FORMED_TEXTS:
            continue
        head, tail = node[:1].encode(), node[1:].encode()
        whole = replace(tree, path, lambda old: Raw(chunked(head, tail)))
        yield Case(codec, ds, "control", f"{path_text(path)} in two chunks", ser(whole), "accept", control=control)
        split = replace(tree, path, lambda old: Raw(chunked(head + b"\xc3", b"\xa9" + tail)))
        yield Case(codec, ds, "utf8", f"{path_text(path)}: é split between two chunks (c3 | a9)", ser(split), "reject", control=control)


def raw_bombs(codec):
    """Bombs written as bytes into and around the task-manager value."""
    ds = "task-manager"
    tree = generic("cbor", ds, *VALUES[ds])
    base = Serializer("cbor").run(tree)
    control = f"{codec}/task-manager value"

    def case(cls, label, data, expect="reject", d=ds):
        return Case(codec, d, cls, label, data, expect, control=control)

    def with_user(raw):
        return Serializer("cbor").run(replace(tree, ("user",), lambda old: Raw(raw)))

    yield case("nesting", f"{DEEP} nested arrays", b"\x81" * DEEP + b"\x00")
    yield case("nesting", f"{DEEP} nested indefinite arrays, unclosed", b"\x9f" * DEEP)
    yield case("nesting", f"{DEEP} nested indefinite arrays, closed", b"\x9f" * DEEP + b"\xff" * DEEP)
    yield case("nesting", f"{DEEP} nested maps", b"\xa1\x61a" * DEEP + b"\x00")
    yield case("nesting", f"{DEEP} nested tags at the root", b"\xc6" * DEEP + b"\x00")
    # The crate docs: tags on other items carry no meaning and are skipped.
    yield case("survive", f"user under {DEEP} tags (documented: skipped)", with_user(b"\xc6" * DEEP + b"\x61x"), "survive")
    yield case("nesting", f"user = {DEEP} nested arrays", with_user(b"\x81" * DEEP + b"\x00"))
    ident = Serializer("cbor").run(replace(tree, ("lists", 0, "header", "id"), lambda old: Raw(b"\xd8\x25" * DEEP + b"\x50" + UUID1)))
    yield case("nesting", f"id under {DEEP} tags 37", ident)
    yield case("length", "root map of 2^63 pairs", b"\xbb" + le64(1 << 63)[::-1])
    yield case("length", "root map of 2^64-1 pairs", b"\xbb" + b"\xff" * 8)
    yield case("length", "user: indefinite text of 2^63-byte chunk", with_user(b"\x7f\x7b" + (1 << 63).to_bytes(8, "big") + PAYLOAD))
    yield case("survive", "user: indefinite text of 200 000 one-byte chunks", with_user(b"\x7f" + b"\x61A" * 200_000 + b"\xff"), "survive")
    yield case("syntax", "user: indefinite text with a byte-string chunk", with_user(b"\x7f\x61A\x41B\xff"))
    # RFC 8949 3.2.3: the chunks of an indefinite-length string are definite-length strings.
    yield case("syntax", "user: indefinite text inside indefinite text", with_user(b"\x7f\x7f\x61A\xff\xff"))
    yield case("nesting", f"user: {DEEP} nested indefinite texts, closed", with_user(b"\x7f" * DEEP + b"\x61A" + b"\xff" * DEEP))
    yield case("nesting", f"user: {DEEP} nested indefinite texts, unclosed", with_user(b"\x7f" * DEEP))
    yield case("syntax", "user: indefinite text never closed", with_user(b"\x7f" + b"\x61A" * 1000))
    for raw, what in (
        (b"\x1c", "reserved additional info 28"),
        (b"\x3d", "negative int, additional info 29"),
        (b"\x5e", "byte string, additional info 30"),
        (b"\x1f", "integer with indefinite length"),
        (b"\xdf", "tag with indefinite length"),
        (b"\xff", "lone break"),
        (b"\xf8\x00", "two-byte simple value 0"),
        (b"\xf7", "undefined"),
        (b"\xe0", "simple value 0"),
        (b"\xf9\x7e\x00", "half-float NaN"),
    ):
        yield case("syntax", f"user = {what}", with_user(raw))
    yield case("syntax", "break inside a definite array", b"\x82\x00\xff")
    yield case("type", "map with an integer key", b"\xa1\x01\x00")
    yield case("type", "map with a byte-string key 'user'", base[:1] + b"\x44user" + base[6:])
    yield case("utf8", "map key with invalid UTF-8", base[:1] + b"\x64us\xff\xfe" + base[6:])
    prio = ("lists", 0, "tasks", 0, "priority")
    for raw, what in ((b"\xc2\x41\x02", "bignum tag 2 over h'02'"), (b"\xf9\x40\x00", "half-float 2.0"), (b"\x1b" + b"\x00" * 7 + b"\x02", "2 in a 9-byte head")):
        data = Serializer("cbor").run(replace(tree, prio, lambda old, r=raw: Raw(r)))
        # RFC 8949 3.4.3: a bignum is an integer; a small one is just that integer.
        expect = "survive" if what.startswith(("2 in", "bignum")) else "reject"
        yield case("enum", f"priority = {what}", data, expect)
    yield case("survive", "self-described CBOR tag 55799 first", b"\xd9\xd9\xf7" + base, "survive")
    yield case("survive", "user length in a 9-byte head", with_user(b"\x7b" + (9).to_bytes(8, "big") + b"Demo User"), "survive")
    for text in (b"", b"\x00", b"\xf6", b"\x80", b"\xa0"):
        yield case("type", f"document {text.hex() or '(empty)'}", text)


def amplification(codec):
    """Empty strings of one byte each, in a definite and an indefinite array."""
    n = AMPLIFY_BYTES
    yield amplified(codec, "records", "empty strings, 1 byte each", b"\xa2\x63ids\x80\x67strings" + cbor_head(4, n) + b"\x60" * n)
    yield amplified(codec, "records", "empty strings in an indefinite array", b"\xa2\x63ids\x80\x67strings\x9f" + b"\x60" * n + b"\xff")
