"""rkyv 0.8 (its default little-endian layout) as serbench-rkyv writes the
model: crafted inputs.

rkyv writes a value as it lies in memory: out-of-line data first (string
bytes past 8, array elements), each object after what it points to, the
root last. Pointers are 32-bit and relative to the field that holds them;
strings of up to 8 bytes sit inline in their 8-byte field, padded with 0xff;
longer ones hold a length whose first byte is marked 0b10 in its top bits.
serbench's roots start with the archive's length (the crate docs), since
rkyv has no framing. `Archive` writes that layout from the crate docs, not
with rkyv. Bombs damage the length, relative pointers (out of bounds,
misaligned, overlapping, out of order), declared lengths, strings, enum,
bool and option bytes, and timestamps a validated archive may still hold
(refused by check and convert alike: "decode"). `check` answers from the
archive in place after validation.
"""

import struct

from ..model import AMPLIFY_BYTES, READINGS, VALUES
from ..runner import Case, amplified
from ..wire import le32, le64

FAMILIES = ("rkyv",)
# The root holds the archive's length: a cut archive or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing rkyv (task-manager, records, telemetry)."""
    yield from task_manager_bombs(codec)
    yield from records_bombs(codec)
    yield from telemetry_bombs(codec)
    yield from amplification(codec)


class Archive:
    """An archive written front to back; `at` names the places bombs edit."""

    def __init__(self):
        self.b = bytearray()
        self.at = {}

    def pad(self, align):
        while len(self.b) % align:
            self.b.append(0)

    def put(self, data, align, name=None):
        """Out-of-line data at the next place aligned to `align`; its position."""
        self.pad(align)
        p = len(self.b)
        self.b += data
        if name:
            self.at[name] = p
        return p

    def text(self, data, name=None):
        """A string's out-of-line bytes, if it has any: its position, else None."""
        return self.put(data, 1, name) if len(data) > 8 else None

    def struct(self, size, align, fill, name=None):
        """A struct of `size` bytes; fill(s, position) writes its fields."""
        self.pad(align)
        p = len(self.b)
        s = bytearray(size)
        fill(s, p)
        self.b += s
        if name:
            self.at[name] = p
        return p

    def finish(self, root_size, fill):
        """The root, last, with the archive's length in its first 8 bytes."""
        root = self.struct(root_size, 8, fill, "root")
        self.b[root : root + 8] = le64(len(self.b))
        return bytes(self.b)


def rel(target, base, off):
    """A relative pointer from the field at base + off to target."""
    return struct.pack("<i", target - (base + off))


def vec_field(s, base, off, target, n):
    """The 8-byte array field at s[off] of the struct at `base`."""
    s[off : off + 8] = rel(target, base, off) + le32(n)


def str_field(s, base, off, data, target):
    """The 8-byte string field at s[off] of the struct at `base`: inline when
    target is None, else a marked length and a pointer to target."""
    if target is None:
        s[off : off + 8] = data + b"\xff" * (8 - len(data))
    else:
        n = len(data)
        s[off : off + 4] = le32((n & 0x3F) | 0x80 | ((n >> 6) << 8))
        s[off + 4 : off + 8] = rel(target, base, off)


def header(a, h, name):
    """A header's out-of-line bytes now; its 48 bytes, filled later by the parent."""
    nm = h["name"].encode()
    return nm, a.text(nm, name + ".name")


def fill_header(s, base, off, h, nm, nm_at):
    s[off : off + 16] = h["id"]
    str_field(s, base, off + 16, nm, nm_at)
    c = h["color"]
    s[off + 24 : off + 28] = bytes([(c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF, c >> 24])
    seconds, nanos, offset = h["created"]
    s[off + 32 : off + 48] = struct.pack("<qIi", seconds, nanos, offset)


def rkyv_task_manager(priority=None, completed=None):
    """The task-manager value: root 32 bytes, list 56, task 64, header 48."""
    v = VALUES["task-manager"][1]
    a = Archive()
    user = v["user"].encode()
    user_at = a.text(user, "user")
    version = a.put(b"".join(le32(x) for x in v["version"]), 4, "version")
    lists = []
    for li, lv in enumerate(v["lists"]):
        lh = header(a, lv["header"], f"list{li}.header")
        items = []
        for ti, tv in enumerate(lv["tasks"]):
            th = header(a, tv["header"], f"task{ti}.header")
            desc = tv["description"].encode()
            items.append((tv, th, desc, a.text(desc, f"task{ti}.description")))

        def fill_tasks(s, p, items=items):
            for i, (tv, (nm, nm_at), desc, desc_at) in enumerate(items):
                off = 64 * i
                fill_header(s, p, off, tv["header"], nm, nm_at)
                str_field(s, p, off + 48, desc, desc_at)
                s[off + 56] = tv["priority"] if priority is None else priority
                s[off + 57] = int(tv["completed"]) if completed is None else completed

        tasks = a.struct(64 * len(items), 8, fill_tasks, f"list{li}.tasks")
        lists.append((lv, lh, tasks, len(items)))

    def fill_lists(s, p):
        for i, (lv, (nm, nm_at), tasks, n) in enumerate(lists):
            fill_header(s, p, 56 * i, lv["header"], nm, nm_at)
            vec_field(s, p, 56 * i + 48, tasks, n)

    lists_at = a.struct(56 * len(lists), 8, fill_lists, "lists")

    def fill_root(s, p):
        str_field(s, p, 8, user, user_at)
        vec_field(s, p, 16, version, len(v["version"]))
        vec_field(s, p, 24, lists_at, len(lists))

    return a, a.finish(32, fill_root)


def rkyv_records(ids=None, strings=None):
    """The records value (or these ids and strings): root 24 bytes."""
    v = VALUES["records"][1]
    ids = v["ids"] if ids is None else ids
    strings = [x.encode() for x in (v["strings"] if strings is None else strings)]
    a = Archive()
    ids_at = a.put(b"".join(struct.pack("<q", x) for x in ids), 8, "ids")
    texts = [(x, a.text(x, f"string{i}")) for i, x in enumerate(strings)]

    def fill_strings(s, p):
        for i, (x, at) in enumerate(texts):
            str_field(s, p, 8 * i, x, at)

    strings_at = a.struct(8 * len(texts), 4, fill_strings, "strings")

    def fill_root(s, p):
        vec_field(s, p, 8, ids_at, len(ids))
        vec_field(s, p, 16, strings_at, len(texts))

    return a, a.finish(24, fill_root)


def rkyv_telemetry():
    """The telemetry value: the 8-character id inline, all in an 80-byte root."""
    v = VALUES["telemetry"][1]
    a = Archive()

    def fill_root(s, p):
        str_field(s, p, 8, v["sensor_id"].encode(), None)
        s[16:80] = b"".join(struct.pack("<d", v[r]) for r in READINGS)

    return a, a.finish(80, fill_root)


def patch(data, at, new):
    """data with the bytes at offset `at` overwritten by new."""
    data = bytearray(data)
    data[at : at + len(new)] = new
    return bytes(data)


def length_bombs(case, base, root, pointers=True):
    size = len(base)
    for n, what in ((1 << 63, "2^63"), (1 << 32, "2^32"), (0, "0"), (size - 8, "8 bytes short"), (size + 8, "8 bytes long")):
        yield case("framing", f"root length {what}", patch(base, root, le64(n)))
    yield case("framing", "cut at the last 8-byte boundary", base[:-8])
    yield case("framing", "8 zero bytes after", base + bytes(8))
    # The root written again at the end, its length fixed up to match: its
    # relative pointers now miss their targets. A root without pointers is
    # a valid archive after bytes nothing reads (documented: not checked).
    moved = base + base[root:]
    moved = patch(moved, len(moved) - (size - root), le64(len(moved)))
    if pointers:
        yield case("pointer", "the root written twice, the second length fixed", moved)
    else:
        yield case("survive", "the root written twice (documented: unread bytes are not checked)", moved, "survive")


def vec_bombs(case, base, field, name):
    for n, what in ((0xFFFFFFFF, "2^32-1"), (1 << 31, "2^31"), (1 << 29, "2^29")):
        yield case("length", f"{name} length {what}", patch(base, field + 4, le32(n)))
    here = struct.unpack_from("<i", base, field)[0]
    for n, what in ((0x7FFFFFFF, "2^31-1 on"), (-0x80000000, "2^31 back"), (0, "at its own field"), (here + 1, "misaligned by one"), (here - 8, "8 bytes early (overlapping)")):
        yield case("pointer", f"{name} points {what}", patch(base, field, struct.pack("<i", n)))


def task_manager_bombs(codec):
    ds = "task-manager"
    fam = f"{codec}/task-manager value"
    a, base = rkyv_task_manager()
    root = a.at["root"]

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=fam)

    yield case("control", "valid value built here", base, "accept")
    yield from length_bombs(case, base, root)
    yield from vec_bombs(case, base, root + 16, "version")
    yield from vec_bombs(case, base, root + 24, "lists")
    yield from vec_bombs(case, base, a.at["lists"] + 48, "lists[0].tasks")
    user = root + 8
    yield case("length", "user length 2^30-1", patch(base, user, bytes([0xBF, 0xFF, 0xFF, 0xFF])))
    yield case("pointer", "user runs into the version array", patch(base, user, le32((13 & 0x3F) | 0x80)))
    yield case("utf8", "user holds ff fe", patch(base, a.at["user"], b"\xff\xfe"))
    yield case("utf8", "description holds a lone c3", patch(base, a.at["task0.description"] + 3, b"\xc3"))
    yield case("utf8", "inline list name holds ff fe then its pad", patch(base, a.at["lists"] + 16, b"W\xfe"))
    for value in (4, 255):
        _, data = rkyv_task_manager(priority=value)
        yield case("enum", f"priority = {value}", data)
    for value in (2, 255):
        _, data = rkyv_task_manager(completed=value)
        yield case("type", f"completed bool = {value}", data)
    ts = a.at["list0.tasks"] + 32
    yield case("range", "created nanos = 10^9", patch(base, ts + 8, le32(1_000_000_000)), "decode")
    yield case("range", "created offset = 100000 s", patch(base, ts + 12, le32(100_000)), "decode")
    yield case("range", "created seconds = i64::MAX", patch(base, ts, le64((1 << 63) - 1)), "decode")


def records_bombs(codec):
    ds = "records"
    fam = f"{codec}/records value"
    a, base = rkyv_records()
    root = a.at["root"]

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=fam)

    yield case("control", "valid value built here", base, "accept")
    yield from length_bombs(case, base, root)
    yield from vec_bombs(case, base, root + 8, "ids")
    yield from vec_bombs(case, base, root + 16, "strings")
    yield case("utf8", "strings[0] holds ff", patch(base, a.at["string0"], b"\xff"))
    # Both strings' fields pointing at the same bytes: objects may not overlap.
    s0 = a.at["strings"]
    target = a.at["string0"]
    yield case("pointer", "strings[1] aliases strings[0]", patch(base, s0 + 8, le32((10 & 0x3F) | 0x80) + struct.pack("<i", target - (s0 + 8))))


def telemetry_bombs(codec):
    ds = "telemetry"
    fam = f"{codec}/telemetry value"
    a, base = rkyv_telemetry()
    root = a.at["root"]

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=fam)

    yield case("control", "valid value built here", base, "accept")
    yield from length_bombs(case, base, root, pointers=False)
    yield case("utf8", "sensor id starts with a lone c3", patch(base, root + 8, b"\xc3"))
    yield case("length", "sensor id out of line, 2^30-1 bytes", patch(base, root + 8, bytes([0xBF, 0xFF, 0xFF, 0xFF]) + le32(0)))
    for n in (1, 4, 8):
        yield case("framing", f"{n} zero bytes before the archive", bytes(n) + base)


def amplification(codec):
    """Empty strings, inline in 8 bytes each: the model holds 24 bytes per string."""
    n = AMPLIFY_BYTES // 8
    _, data = rkyv_records(ids=[], strings=[""] * n)
    yield amplified(codec, "records", "empty strings, 8 bytes each", data)
