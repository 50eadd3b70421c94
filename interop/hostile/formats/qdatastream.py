"""Qt's QDataStream as serbench-qdatastream writes the model: crafted inputs.

Written from the crate docs' layouts (stream version Qt_6_4, big-endian):
a QString is a quint32 byte size then UTF-16 units, 0xFFFFFFFF the null
string; a QList a quint32 count then its items; a QUuid 16 bytes; a
QDateTime a qint64 Julian day, a quint32 of milliseconds since midnight and
a qint8 time spec (UTC 1, or OffsetFromUTC 2 and a qint32 offset; bit 0x40
adds a quint32 of nanoseconds below the millisecond, serbench's own); a
QColor a qint8 spec (Rgb 1) then alpha, red, green, blue and a pad as
quint16, each channel an 8-bit value twice.

The format is positional: no names, no tags, no nesting beyond the
datasets' types, so there are no depth or duplicate-key bombs. What it does
declare is 32-bit sizes, so every string and list of every dataset gets
sizes far past the input; then odd string sizes, invalid UTF-16, time
specs, color specs, enum and bool bytes the model cannot hold, a cut at
every item boundary, trailing bytes, and amplification.
"""

import struct

from ..model import AMPLIFY_BYTES, PAYLOAD, READINGS, VALUES
from ..runner import Case, amplified

FAMILIES = ("QDataStream",)
TEXT_LENGTH = {"QDataStream": lambda n: struct.pack(">I", n)}
# A value ends with its last field: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
# Every dataset starts with a string size or a list count: an empty file is
# no value.
EMPTY_FILE = "reject"
TAILS = ()

UNIX_EPOCH_JULIAN_DAY = 2_440_588
NULL_SIZE = 0xFFFFFFFF
# Sizes far past any input: just below the null marker, just below 2^31
# (even, so not refused as odd), and Qt 6.7's marker of a 64-bit size (an
# ordinary size at Qt_6_4).
STRING_SIZES = (0xFFFFFFF0, 0x7FFFFFFE, 0xFFFFFFFE)
# Counts far past any input: 2^31, Qt 6.7's marker, just below the null marker.
LIST_COUNTS = (1 << 31, 0xFFFFFFFE, 0xFFFFFFF0)
# Time specs the model cannot hold: local time, time zone, unknown values,
# and serbench's extension bit on a spec it does not extend.
BAD_TIME_SPECS = (0, 3, 4, 0x7F, 0x80, 0x40, 0x43)
# QColor specs other than Rgb: Invalid, Hsv, Cmyk, Hsl, ExtendedRgb, unknown.
BAD_COLOR_SPECS = (0, 2, 3, 4, 5, 0x7F, 0xFF)


def be16(n):
    return struct.pack(">H", n & 0xFFFF)


def be32(n):
    return struct.pack(">I", n & 0xFFFFFFFF)


def be64(n):
    return struct.pack(">Q", n & 0xFFFFFFFFFFFFFFFF)


def qstring(text):
    units = text.encode("utf-16-be")
    return be32(len(units)) + units


def qdatetime(created, spec=None, nanos_below=None):
    """A QDateTime of (seconds, nanos, offset); spec and nanos_below override
    what the value would write."""
    seconds, nanos, offset = created
    local = seconds + offset
    day, second = divmod(local, 86_400)
    out = be64(day + UNIX_EPOCH_JULIAN_DAY) + be32(second * 1000 + nanos // 1_000_000)
    below = nanos % 1_000_000 if nanos_below is None else nanos_below
    if spec is None:
        spec = (1 if offset == 0 else 2) | (0x40 if below else 0)
    out += bytes([spec & 0xFF])
    if spec & 0x3F == 2:
        out += struct.pack(">i", offset)
    if spec & 0x40:
        out += be32(below)
    return out


def qcolor(argb):
    a, r, g, b = (argb >> 24) & 0xFF, (argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF
    return b"\x01" + b"".join(be16(c * 0x101) for c in (a, r, g, b)) + be16(0)


class Stop(bytes):
    """An edit after which nothing more is written: a head over too few bytes."""


class Done(Exception):
    pass


class Stream:
    """Writes a dataset's value field by field, applying edits by path and
    marking where every item starts and ends (for the cuts)."""

    def __init__(self, edits=None):
        self.out = bytearray()
        self.edits = edits or {}
        self.marks = []

    def put(self, path, kind, raw):
        start = len(self.out)
        edit = self.edits.get(path)
        self.out += raw if edit is None else edit
        self.marks.append((path, kind, start, len(self.out)))
        if isinstance(edit, Stop):
            raise Done

    def string(self, path, text):
        self.put(path, "null" if text is None else "str", be32(NULL_SIZE) if text is None else qstring(text))

    def items(self, path, values, item):
        start = len(self.out)
        self.put(path + ("count",), "count", be32(len(values)))
        for i, v in enumerate(values):
            item(path + (i,), v)
        self.marks.append((path, "list", start, len(self.out)))

    def header(self, path, h):
        self.put(path + ("id",), "uuid", h["id"])
        self.string(path + ("name",), h["name"])
        self.put(path + ("created",), "time", qdatetime(h["created"]))
        self.put(path + ("color",), "color", qcolor(h["color"]))


def write(ds, v, s):
    """The layouts of the crate docs, one dataset each."""
    if ds == "task-manager":
        s.string(("user",), v["user"])
        s.items(("version",), v["version"], lambda p, x: s.put(p, "u32", be32(x)))

        def task(p, t):
            s.header(p + ("header",), t["header"])
            s.string(p + ("description",), t["description"])
            s.put(p + ("priority",), "priority", bytes([t["priority"]]))
            s.put(p + ("completed",), "bool", bytes([t["completed"]]))

        def task_list(p, lst):
            s.header(p + ("header",), lst["header"])
            s.items(p + ("tasks",), lst["tasks"], task)

        s.items(("lists",), v["lists"], task_list)
    elif ds == "telemetry":
        s.string(("sensor_id",), v["sensor_id"])
        for r in READINGS:
            s.put((r,), "f64", struct.pack(">d", v[r]))
    elif ds == "graph":

        def node(p, n):
            s.put(p + ("id",), "u16", be16(n["id"]))
            s.string(p + ("name",), n["name"])
            s.items(p + ("out_edges",), n["out_edges"], lambda q, x: s.put(q, "u32", be32(x)))
            s.items(p + ("in_edges",), n["in_edges"], lambda q, x: s.put(q, "u32", be32(x)))

        def edge(p, e):
            s.put(p + ("from",), "u32", be32(e["from"]))
            s.put(p + ("to",), "u32", be32(e["to"]))
            s.put(p + ("weight",), "u16", be16(e["weight"]))

        s.items(("nodes",), v["nodes"], node)
        s.items(("edges",), v["edges"], edge)
    elif ds == "records":
        s.items(("ids",), v["ids"], lambda p, x: s.put(p, "i64", be64(x)))
        s.items(("strings",), v["strings"], lambda p, x: s.string(p, x))
    elif ds == "media":
        m = ("media",)
        media = v["media"]
        s.string(m + ("uri",), media["uri"])
        s.string(m + ("title",), media["title"])
        s.put(m + ("width",), "i32", be32(media["width"]))
        s.put(m + ("height",), "i32", be32(media["height"]))
        s.string(m + ("format",), media["format"])
        s.put(m + ("duration",), "i64", be64(media["duration"]))
        s.put(m + ("size",), "i64", be64(media["size"]))
        s.put(m + ("has_bitrate",), "bool", bytes([media["bitrate"] is not None]))
        if media["bitrate"] is not None:
            s.put(m + ("bitrate",), "i32", be32(media["bitrate"]))
        s.items(m + ("persons",), media["persons"], lambda p, x: s.string(p, x))
        s.put(m + ("player",), "enum", bytes([["JAVA", "FLASH"].index(media["player"])]))
        s.string(m + ("copyright",), media["copyright"])

        def image(p, img):
            s.string(p + ("uri",), img["uri"])
            s.string(p + ("title",), img["title"])
            s.put(p + ("width",), "i32", be32(img["width"]))
            s.put(p + ("height",), "i32", be32(img["height"]))
            s.put(p + ("size",), "enum", bytes([["SMALL", "LARGE"].index(img["size"])]))

        s.items(("images",), v["images"], image)
    else:
        raise ValueError(ds)


def encode(ds, edits=None):
    """(bytes, marks) of the dataset's reference value with edits applied."""
    s = Stream(edits)
    try:
        write(ds, VALUES[ds][1], s)
    except Done:
        pass
    return bytes(s.out), s.marks


def path_text(path):
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else ("." if out else "") + p
    return out or "(root)"


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing QDataStream."""
    for ds in datasets:
        if ds in VALUES:
            yield from bombs(codec, ds)
    yield from amplification(codec)


def bombs(codec, ds):
    """The control of one dataset, and every bomb of each of its items."""
    control = f"{codec}/{ds} value"
    base, marks = encode(ds)

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=control)

    def edited(path, raw):
        return encode(ds, {path: raw})[0]

    ends = {path: end for path, kind, _, end in marks if kind == "list"}
    yield case("control", "the reference value", base, "accept")
    for path, kind, start, _ in marks:
        at = path_text(path)
        if kind in ("str", "null"):
            yield from string_bombs(case, edited, path, at, kind)
        elif kind == "count":
            last = ends[path[:-1]] == len(base)
            yield from count_bombs(case, edited, path, at, base, start, last)
        elif kind == "time":
            yield from time_bombs(case, edited, path, at, ds)
        elif kind == "color":
            yield from color_bombs(case, edited, path, at)
        elif kind == "priority":
            for value in (4, 0x7F, 0x80, 0xFF):
                yield case("enum", f"{at} = {value:#04x}", edited(path, bytes([value])))
        elif kind == "enum":
            for value in (2, 0x7F, 0xFF):
                yield case("enum", f"{at} = {value:#04x}", edited(path, bytes([value])))
        elif kind == "bool":
            for value in (2, 0xFF):
                yield case("type", f"{at} bool byte {value:#04x}", edited(path, bytes([value])))
    yield from cuts(case, base, marks)
    for tail, what in ((b"\x00", "one zero byte"), (be32(0), "an empty QString's size"), (be32(NULL_SIZE), "a null QString"), (base, "the value twice")):
        yield case("tail", f"value then {what}", base + tail)


def string_bombs(case, edited, path, at, kind):
    """Sizes past the input, odd sizes, invalid UTF-16; the null string."""
    for size in STRING_SIZES:
        yield case("length", f"{at} declares {size:#x} bytes", edited(path, Stop(be32(size) + PAYLOAD)))
    yield case("length", f"{at} declares 0xfffffffe then a 64-bit size (Qt 6.7's form)", edited(path, be32(0xFFFFFFFE) + be64(2) + b"\x00A"))
    yield case("length", f"{at} declares 2 bytes more than it holds", edited(path, Stop(be32(8) + "abc".encode("utf-16-be"))))
    for size, units in ((1, b"\x00"), (3, b"\x00A\x00"), (0xFFFFFFF1, b"\x00A\x00")):
        yield case("utf16", f"{at} odd size {size:#x}", edited(path, be32(size) + units))
    for units, what in (
        (b"\xd8\x00\x00A", "a lone high surrogate D800"),
        (b"\xdc\x00\x00A", "a lone low surrogate DC00"),
        (b"\x00A\xdb\xff", "a high surrogate DBFF at the end"),
        (b"\xdc\x00\xd8\x00", "the surrogates of a pair in the wrong order"),
        (b"\xd8\x00\xd8\x00\xdc\x00", "two high surrogates then a low one"),
    ):
        yield case("utf16", f"{at} holds {what}", edited(path, be32(len(units)) + units))
    if kind == "str":
        # A null QString reads as empty where the model has no option.
        yield case("survive", f"{at} is the null QString", edited(path, be32(NULL_SIZE)), "survive")
    else:
        yield case("survive", f"{at} is the empty QString, not null", edited(path, be32(0)), "survive")


def count_bombs(case, edited, path, at, base, start, last):
    """Counts past the input, with the rest of the value after them; last:
    whether the list ends the value."""
    count = struct.unpack(">I", base[start : start + 4])[0]
    for n in LIST_COUNTS:
        yield case("length", f"{at} = {n:#x}, the rest of the value after it", edited(path, be32(n)))
        yield case("length", f"{at} = {n:#x} over a few bytes", edited(path, Stop(be32(n) + PAYLOAD)))
    yield case("length", f"{at} = 0xfffffffe then a 64-bit count (Qt 6.7's form)", edited(path, be32(0xFFFFFFFE) + be64(count)))
    # One item more reads the fields after the list as that item: only a
    # list that ends the value must fail (nothing is left); elsewhere the
    # bytes may well read as another valid value, as nothing is tagged.
    more = edited(path, be32(count + 1))
    if last:
        yield case("length", f"{at} one more than its items ({count + 1}), at the end", more)
    else:
        yield case("survive", f"{at} one more than its items ({count + 1})", more, "survive")


def time_bombs(case, edited, path, at, ds):
    """Time specs, times of day and days the model cannot hold."""
    created = VALUES[ds][1]
    for p in path:
        created = created[p]
    for spec in BAD_TIME_SPECS:
        yield case("enum", f"{at} time spec {spec:#04x}", edited(path, qdatetime(created, spec=spec, nanos_below=1)))
    seconds, nanos, offset = created
    yield case("control", f"{at} at offset -01:00", edited(path, qdatetime((seconds, nanos, -3600))), "accept")
    yield case("control", f"{at} with 1 ns below the millisecond", edited(path, qdatetime(created, spec=0x41, nanos_below=1)), "accept")
    if created[2] == 0:
        # Qt writes UTC for offset 0 but reads OffsetFromUTC 0, as UTC: the
        # same value (SECURITY.md), accepted.
        yield case("control", f"{at} as OffsetFromUTC with offset 0", edited(path, qdatetime(created, spec=2)), "accept")
    for below in (0, 1_000_000, 0xFFFFFFFF):
        yield case("range", f"{at} with {below} ns below the millisecond", edited(path, qdatetime(created, spec=0x41, nanos_below=below)))
    for off in (100_000, -100_000, 0x7FFFFFFF, -0x80000000):
        yield case("range", f"{at} offset {off} s", edited(path, qdatetime((seconds, nanos, off), spec=2)))
    good = qdatetime(created)
    for ms in (86_400_000, 0xFFFFFFFF):
        yield case("range", f"{at} {ms} ms since midnight", edited(path, good[:8] + be32(ms) + good[12:]))
    for day, what in (((1 << 63) - 1, "i64::MAX"), (-(1 << 63), "i64::MIN"), (-2_000_000, "-2000000 (before year -9999)"), (5_373_850, "5373850 (year 10001)")):
        yield case("range", f"{at} Julian day {what}", edited(path, be64(day) + good[8:]))


def color_bombs(case, edited, path, at):
    """Color specs other than Rgb, 16-bit channels, a pad that is not 0."""
    good = qcolor(0xFF102030)
    for spec in BAD_COLOR_SPECS:
        yield case("enum", f"{at} color spec {spec:#04x}", edited(path, bytes([spec]) + good[1:]))
    for channel, name in enumerate(("alpha", "red", "green", "blue")):
        at_byte = 1 + 2 * channel
        bad = good[:at_byte] + be16(0x1234) + good[at_byte + 2 :]
        yield case("range", f"{at} {name} 0x1234, not an 8-bit value", edited(path, bad))
    yield case("range", f"{at} pad 0x0001", edited(path, good[:9] + be16(1)))
    yield case("cut", f"{at} cut after its spec", edited(path, Stop(good[:1])))


def cuts(case, base, marks):
    """The value cut at every item boundary: nothing in it may be left out."""
    for offset in sorted({s for _, _, s, _ in marks} | {e for _, _, _, e in marks}):
        if offset < len(base):
            yield case("cut", f"first {offset} of {len(base)} bytes (an item boundary)", base[:offset])


def amplification(codec):
    """Minimal items of a few bytes each, counts exactly what the input holds."""
    n = AMPLIFY_BYTES
    count = n // 14
    node = be16(0) + be32(0) + be32(0) + be32(0)
    yield amplified(codec, "graph", "empty nodes, 14 bytes each", be32(count) + node * count + be32(0))
    count = n // 10
    yield amplified(codec, "graph", "edges, 10 bytes each", be32(0) + be32(count) + bytes(10) * count)
    count = n // 4
    yield amplified(codec, "records", "empty strings, 4 bytes each", be32(0) + be32(count) + be32(0) * count)
    yield amplified(codec, "records", "null strings, 4 bytes each", be32(0) + be32(count) + be32(NULL_SIZE) * count)
    yield amplified(codec, "records", "strings as many as fit, each with an odd size", be32(0) + be32(count) + be32(3) * count)
    task = bytes(16) + be32(0) + qdatetime((0, 0, 0)) + qcolor(0xFF000000) + be32(0) + b"\x00\x00"
    count = n // len(task)
    header = bytes(16) + be32(0) + qdatetime((0, 0, 0)) + qcolor(0xFF000000)
    yield amplified(codec, "task-manager", f"minimal tasks, {len(task)} bytes each", be32(0) + be32(0) + be32(1) + header + be32(count) + task * count)
    lst = header + be32(0)
    count = n // len(lst)
    yield amplified(codec, "task-manager", f"empty task lists, {len(lst)} bytes each", be32(0) + be32(0) + be32(count) + lst * count)
    count = n // 4
    yield amplified(codec, "media", "empty persons, 4 bytes each", media_with_persons(count))


def media_with_persons(count):
    """The media value whose persons are count empty strings."""
    return encode("media", {("media", "persons", "count"): be32(count) + be32(0) * (count - 2)})[0]
