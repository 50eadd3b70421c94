"""Classes of input every codec gets, made from the codec's own dumps.

The crafted bombs (`formats/`) are written per wire format, and an outside
run found defects of a kind in one codec that the other codecs were never
fed (issue 25). These classes are built for every codec from the bytes it
wrote itself (`serbench dump`), at the texts of the dataset, which the JSON
dump names; a text is found in a dump by its bytes and, where the wire
writes a length before a text, by that length too, so an edit lands on a
text and nowhere else.

- utf8-split: a text whose bytes stop inside a character, edited in place
  so that no length changes: a lead byte c3 before an ASCII byte (UTF-8),
  a lone high surrogate D800 (QDataStream's UTF-16); in CBOR also the text
  as an indefinite-length string whose two chunks split one character:
  their concatenation is valid UTF-8, each chunk is not, and RFC 8949
  3.2.3 requires each to be. Expected: check and convert both refuse
  ("decode").
- varint-wide: a text's length as a varint wider than its type allows:
  eleven bytes (past any 64-bit varint), the length plus 2^32 and plus
  2^64 (right again once wrapped to 32 or 64 bits), six bytes for thrift
  compact's i32; bincode's u64 marker over the length plus 2^32 and its
  u128 marker; bitcode's first length in its long form (bitcode refuses
  bytes it would not write). Expected: refused.
- huge-text: a text grown by 4 MiB: a parsed one (a version, id, color or
  time the wire writes as text) with ASCII, else the first text, ending in
  a byte that is not UTF-8 (UTF-16: a lone surrogate); a length before it
  says the new length. Expected: refused, with at most ERROR_LIMIT bytes
  on stderr (runner.py): an error must not echo its input.

What a wire cannot hold is said in the run's output (`not_applicable`): a
fixed-width length has no width to abuse, and a text cannot grow in place
behind the offsets of Cap'n Proto, FlatBuffers, rkyv or bitcode.
"""

import json
import re

from .formats.bitcode import FIRST, long_length
from .model import AMPLIFY_BYTES
from .runner import Case
from .formats import TEXT_LENGTHS
from .wire import INLINE, bincode_varint, cbor_head, le64, leb128, zigzag

# How much a huge text grows.
HUGE = AMPLIFY_BYTES
# Texts edited per dump and class: the first ones of the dataset.
PER_DUMP = 2
# Texts shorter than this could match bytes that are not the text.
SHORTEST = 5
# The forms of the texts the model parses: a uuid, a color, a version, a time.
PARSED = re.compile(
    r"\A(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|#[0-9a-f]{6}(?:[0-9a-f]{2})?"
    r"|\d+\.\d+\.\d+"
    r"|\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:\d\d))\Z",
    re.IGNORECASE,
)
# The wires whose lengths are LEB128 varints.
LEB128_WIRES = ("postcard", "Protobuf", "thrift compact", "Avro")


def texts_of(json_dump):
    """(free texts, parsed texts) of a JSON dump, in order, each once.

    A free text is ASCII, at least SHORTEST bytes long and not of a parsed
    form; object keys are not texts."""
    found = []

    def walk(value):
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(json.loads(json_dump))
    unique = list(dict.fromkeys(found))
    parsed = [t for t in unique if PARSED.match(t)]
    free = [t for t in unique if t.isascii() and len(t) >= SHORTEST and not PARSED.match(t)]
    return free, parsed


def wire_of(codec, family):
    """The wire as far as its texts go: the family, or which thrift protocol."""
    if family == "Thrift":
        return "thrift compact" if codec.endswith("compact") else "thrift binary"
    return family


def prefix_of(wire):
    """How the wire writes a text's byte length before it: a function of the
    length, INLINE for delimited text, or None (an offset elsewhere), as
    its format module's TEXT_LENGTH says."""
    return TEXT_LENGTHS.get(wire)


def encoded(wire, text):
    return text.encode("utf-16-be") if wire == "QDataStream" else text.encode()


def locate(data, wire, text):
    """(prefix start, text start, text end) of text's first place in data, or None."""
    body = encoded(wire, text)
    prefix = prefix_of(wire)
    head = prefix(len(body)) if callable(prefix) else b""
    at = data.find(head + body)
    if at < 0:
        return None
    return at, at + len(head), at + len(head) + len(body)


def found_texts(data, wire, texts):
    """The first PER_DUMP texts found in data, with their places."""
    places = []
    for text in texts:
        place = locate(data, wire, text)
        if place:
            places.append((text, place))
        if len(places) == PER_DUMP:
            break
    return places


def not_applicable(codec, family):
    """The classes this codec's wire cannot hold, each with the reason."""
    wire = wire_of(codec, family)
    prefix = prefix_of(wire)
    skipped = []
    if wire not in LEB128_WIRES + ("bincode", "bitcode"):
        reason = {INLINE: "text is delimited, with no length", None: "lengths are offsets"}.get(prefix, "lengths are fixed-width or heads")
        skipped.append(("varint-wide", reason))
    if prefix is None:
        skipped.append(("huge-text", "a text cannot grow behind offsets"))
    return skipped


def cases(codec, family, ds, data, free, parsed):
    """The classes' inputs for codec's dump data of ds, from its texts."""
    wire = wire_of(codec, family)
    yield from split_utf8(codec, wire, ds, data, free + parsed)
    yield from wide_varints(codec, wire, ds, data, free)
    yield from huge_text(codec, wire, ds, data, free, parsed)


def split_utf8(codec, wire, ds, data, texts):
    for text, (at, start, end) in found_texts(data, wire, texts):
        mid = len(text) // 2
        shown = f"{text[:24]!r}"
        if wire == "QDataStream":
            unit = start + 2 * mid
            bad = data[:unit] + b"\xd8\x00" + data[unit + 2 :]
            yield Case(codec, ds, "utf8-split", f"{shown}: a lone surrogate D800 inside", bad, "decode")
            continue
        bad = data[: start + mid] + b"\xc3" + data[start + mid + 1 :]
        yield Case(codec, ds, "utf8-split", f"{shown}: c3 then ASCII inside", bad, "decode")
        if wire == "CBOR":
            body = data[start:end]
            first, second = body[:mid] + b"\xc3", b"\xa9" + body[mid:]
            chunks = b"\x7f" + cbor_head(3, len(first)) + first + cbor_head(3, len(second)) + second + b"\xff"
            bad = data[:at] + chunks + data[end:]
            yield Case(codec, ds, "utf8-split", f"{shown}: indefinite, chunks splitting c3 a9", bad, "decode")


def padded(value, width):
    """value as a LEB128 varint of exactly width bytes."""
    out = bytearray()
    for i in range(width):
        out.append((value & 0x7F) | (0x80 if i < width - 1 else 0))
        value >>= 7
    return bytes(out)


def wide_varints(codec, wire, ds, data, texts):
    if wire == "bitcode":
        if data and data[0] < 255:
            bad = long_length(data[0]) + data[1:]
            yield Case(codec, ds, "varint-wide", f"{FIRST.get(ds, 'the first')} length {data[0]} in its long form", bad, "reject")
        return
    if wire not in LEB128_WIRES + ("bincode",):
        return
    for text, (at, start, end) in found_texts(data, wire, texts)[:1]:
        n = end - start
        shown = f"{text[:24]!r}'s length {n}"
        if wire == "bincode":
            forms = [
                ("u64 marker, the length plus 2^32", b"\xfd" + le64(n + (1 << 32))),
                ("u128 marker (a length is a u64)", b"\xfe" + n.to_bytes(16, "little")),
            ]
        else:
            code = (lambda v: leb128(zigzag(v))) if wire == "Avro" else leb128
            raw = zigzag(n) if wire == "Avro" else n
            forms = [
                ("in 11 bytes, past any 64-bit varint", padded(raw, 11)),
                ("plus 2^32", code(n + (1 << 32))),
                ("plus 2^64 (10 bytes)", leb128(raw + (1 << 64))),
            ]
            if wire == "thrift compact":
                forms.append(("in 6 bytes, past an i32 varint", padded(raw, 6)))
        for what, head in forms:
            yield Case(codec, ds, "varint-wide", f"{shown} {what}", data[:at] + head + data[start:], "reject")


def huge_text(codec, wire, ds, data, free, parsed):
    prefix = prefix_of(wire)
    if prefix is None:
        return
    utf16 = wire == "QDataStream"
    for texts, is_parsed in ((parsed, True), (free, False)):
        places = found_texts(data, wire, texts)
        if not places:
            continue
        text, (at, start, end) = places[0]
        if is_parsed:
            grown = b"x" * HUGE
            what = f"{text[:24]!r} then {HUGE >> 20} MiB of 'x'"
        else:
            fill = b"\x00\x01" if utf16 else b"\x01"
            grown = fill * (HUGE // len(fill)) + (b"\xd8\x00" if utf16 else b"\xff")
            what = f"{text[:24]!r} then {HUGE >> 20} MiB of 01 and a byte not UTF-8"
            if utf16:
                what = f"{text[:24]!r} then {HUGE >> 20} MiB of U+0001 and a lone surrogate"
        body = data[start:end] + grown
        head = prefix(len(body)) if callable(prefix) else b""
        bad = data[:at] + head + body + data[end:]
        yield Case(codec, ds, "huge-text", what, bad, "reject" if is_parsed else "decode")
        return
