"""FlatBuffers (the internals doc) as flatbuffers writes the model after
schemas/: crafted inputs.

The buffers are size-prefixed and laid out front to back (`FlatBuilder`),
which is legal: offsets may point either way. Bombs damage the size prefix,
the root and field offsets, the vtables, string and vector lengths (also
lengths whose byte size wraps in 32 bits), terminators, alignment, enum
values, and alias one table 500 000 times. As with Cap'n Proto, damage a
zero-copy `check` does not read must be refused by check and convert
("decode").
"""

import struct

from ..model import AMPLIFY_BYTES, READINGS, VALUES
from ..runner import Case, amplified
from ..wire import le16, le32, le64

FAMILIES = ("FlatBuffers",)
# The size prefix says where the buffer ends: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()


# planus reads every value unaligned and has no verifier: a misaligned table,
# root or vector it reads in place is not refused as such (what it then reads
# may still fail), so for it those bombs need only be survived.
READS_UNALIGNED = {"flatbuffers-planus"}
# planus reads a string as its length's bytes and does not look at the NUL
# that FlatBuffers puts after them, so for it that bomb need only be survived.
SKIPS_THE_NUL = {"flatbuffers-planus"}


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing FlatBuffers (task-manager, records, telemetry)."""
    yield from flatbuffers_bombs(codec)
    yield from amplification(codec)


class FlatBuilder:
    """A size-prefixed buffer laid out front to back; `at` names the offsets bombs edit."""

    def __init__(self):
        self.b = bytearray(8)
        self.at = {}

    def pad(self, align, extra=0):
        while (len(self.b) + extra) % align:
            self.b.append(0)

    def string(self, data, name=None):
        self.pad(4)
        p = len(self.b)
        self.b += le32(len(data)) + data + b"\x00"
        if name:
            self.at[name] = p
        return p

    def scalars(self, fmt, items, size, name=None):
        self.pad(max(size, 4), extra=4)
        p = len(self.b)
        self.b += le32(len(items)) + b"".join(struct.pack(fmt, x) for x in items)
        if name:
            self.at[name] = p
        return p

    def tables(self, makers, name=None):
        self.pad(4)
        p = len(self.b)
        self.b += le32(len(makers)) + bytes(4 * len(makers))
        if name:
            self.at[name] = p
        for i, make in enumerate(makers):
            child = make()
            slot = p + 4 + 4 * i
            self.b[slot : slot + 4] = le32(child - slot)
        return p

    def strings(self, items, name=None):
        return self.tables([lambda s=s: self.string(s) for s in items], name)

    def table(self, fields, name=None):
        """fields: (slot, kind, value) with kind "u8", "u32" or ("inline", align),
        or "off" with value a function placing the child."""
        slots = max(f[0] for f in fields) + 1
        self.pad(2)
        vt = len(self.b)
        self.b += bytes(4 + 2 * slots)
        self.pad(8)
        t = len(self.b)
        self.b += bytes(4)
        offsets = {}
        children = []
        for slot, kind, value in fields:
            if kind == "u8":
                size, align, data = 1, 1, bytes([value])
            elif kind == "u32":
                size, align, data = 4, 4, le32(value)
            elif kind == "off":
                size, align, data = 4, 4, bytes(4)
            else:
                size, align, data = len(value), kind[1], value
            while (len(self.b) - t) % align:
                self.b.append(0)
            offsets[slot] = len(self.b) - t
            if kind == "off":
                children.append((len(self.b), value))
            self.b += data
        size = len(self.b) - t
        struct.pack_into("<HH", self.b, vt, 4 + 2 * slots, size)
        for slot, off in offsets.items():
            struct.pack_into("<H", self.b, vt + 4 + 2 * slot, off)
        struct.pack_into("<i", self.b, t, t - vt)
        if name:
            self.at[name] = t
            self.at[name + ".vtable"] = vt
            for slot, off in offsets.items():
                self.at[f"{name}.{slot}"] = t + off
        for field, make in children:
            child = make()
            self.b[field : field + 4] = le32(child - field)
        return t

    def finish(self, root):
        self.b[4:8] = le32(root - 4)
        self.pad(8)
        self.b[0:4] = le32(len(self.b) - 4)
        return bytes(self.b)


def fb_header(f, h, name):
    ts = struct.pack("<qIi", h["created"][0], h["created"][1], h["created"][2])
    return f.table(
        [
            (0, ("inline", 1), h["id"]),
            (1, "off", lambda: f.string(h["name"].encode(), name + ".name")),
            (2, "u32", h["color"]),
            (3, ("inline", 8), ts),
        ],
        name,
    )


def fb_task_manager(priority=None, n_lists=1):
    v = VALUES["task-manager"][1]
    f = FlatBuilder()
    memo = {}
    lv = v["lists"][0]
    tv = lv["tasks"][0]

    def task():
        return f.table(
            [
                (0, "off", lambda: fb_header(f, tv["header"], "task.header")),
                (1, "off", lambda: f.string(tv["description"].encode(), "description")),
                (2, "u8", tv["priority"] if priority is None else priority),
                (3, "u8", int(tv["completed"])),
            ],
            "task",
        )

    def tasklist():
        return f.table(
            [(0, "off", lambda: fb_header(f, lv["header"], "list.header")), (1, "off", lambda: f.tables([task], "tasks"))],
            "list",
        )

    def shared_list():
        if "list" not in memo:
            memo["list"] = tasklist()
        return memo["list"]

    root = f.table(
        [
            (0, "off", lambda: f.string(v["user"].encode(), "user")),
            (1, "off", lambda: f.scalars("<I", v["version"], 4, "version")),
            (2, "off", lambda: f.tables([shared_list] * n_lists, "lists")),
        ],
        "root",
    )
    return f, f.finish(root)


def fb_records(shared_empty=0):
    """The records value, or with shared_empty offsets to one empty string."""
    v = VALUES["records"][1]
    f = FlatBuilder()
    if shared_empty:
        memo = {}

        def empty():
            if "s" not in memo:
                memo["s"] = f.string(b"")
            return memo["s"]

        strings = lambda: f.tables([empty] * shared_empty, "strings")  # noqa: E731
        ids = []
    else:
        strings = lambda: f.strings([s.encode() for s in v["strings"]], "strings")  # noqa: E731
        ids = v["ids"]
    root = f.table([(0, "off", lambda: f.scalars("<q", ids, 8, "ids")), (1, "off", strings)], "root")
    return f, f.finish(root)


def fb_telemetry():
    v = VALUES["telemetry"][1]
    f = FlatBuilder()
    readings = b"".join(struct.pack("<d", v[r]) for r in READINGS)
    root = f.table([(0, "off", lambda: f.string(v["sensor_id"].encode(), "sensor_id")), (1, ("inline", 8), readings)], "root")
    return f, f.finish(root)


def patch(data, at, new):
    """data with the bytes at offset `at` overwritten by new."""
    data = bytearray(data)
    data[at : at + len(new)] = new
    return bytes(data)


def flatbuffers_bombs(codec):
    """Controls of three datasets, then bombs built from them."""
    ds = "task-manager"
    fam = f"{codec}/task-manager value"
    f, base = fb_task_manager()
    a = f.at
    size = len(base)

    def case(cls, label, data, expect="reject", d=ds, control=fam):
        return Case(codec, d, cls, label, data, expect, control=control)

    yield case("control", "valid value built here", base, "accept")
    for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (0, "0"), (size - 5, "one byte short"), (size - 3, "one byte long")):
        yield case("framing", f"size prefix {what}", patch(base, 0, le32(n)))
    yield case("framing", "size prefix only", le32(0xFFFFFFFF))
    yield case("framing", "size prefix 4, root offset 0", le32(4) + le32(0))
    misaligned = "survive" if codec in READS_UNALIGNED else "reject"
    for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (0, "0 (the offset itself)"), (1, "1 (misaligned)"), (size - 4, "just past the end")):
        yield case("pointer", f"root offset {what}", patch(base, 4, le32(n)), misaligned if n == 1 else "reject")
    root = a["root"]
    for n, what in ((0x7FFFFFFF, "2^31-1"), (-0x80000000, "-2^31"), (0, "0 (the table itself)"), (root - 4 + 1, "into the root offset")):
        yield case("pointer", f"root vtable offset {what}", patch(base, root, struct.pack("<i", n)))
    vt = a["root.vtable"]
    yield case("pointer", "root vtable of 65535 bytes", patch(base, vt, le16(0xFFFF)))
    yield case("pointer", "root vtable of 3 bytes", patch(base, vt, le16(3)))
    # The vtable's table size is not a bound verifiers check; every field is checked on its own.
    yield case("survive", "root table size 65535 in its vtable", patch(base, vt + 2, le16(0xFFFF)), "survive")
    yield case("pointer", "user field at offset 65532", patch(base, vt + 4, le16(0xFFFC)))
    yield case("missing-key", "user absent (vtable entry 0)", patch(base, vt + 4, le16(0)))
    yield case("missing-key", "task header absent", patch(base, a["task.vtable"] + 4, le16(0)))
    for field in ("user", "lists"):
        slot = a["root." + {"user": "0", "lists": "2"}[field]]
        for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (size, "the buffer's size")):
            yield case("pointer", f"{field} offset {what}", patch(base, slot, le32(n)))
    user = a["user"]
    for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (size, "the buffer's size")):
        yield case("length", f"user string length {what}", patch(base, user, le32(n)))
    yield case("survive", "user string length taking its NUL in (a NUL follows)", patch(base, user, le32(len("Demo User") + 1)), "survive")
    no_nul = "survive" if codec in SKIPS_THE_NUL else "reject"
    yield case("syntax", "user string without its NUL", patch(base, user + 4 + len("Demo User"), b"x"), no_nul)
    yield case("utf8", "user holds ff fe", patch(base, user + 4, b"\xff\xfe"))
    yield case("utf8", "task name holds ff fe", patch(base, a["task.header.name"] + 4, b"\xff\xfe"))
    for field in ("version", "lists", "tasks"):
        for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (1 << 30, "2^30 (4n wraps to 0)"), ((1 << 30) + 1, "2^30+1 (4n wraps to 4)")):
            yield case("length", f"{field} vector length {what}", patch(base, a[field], le32(n)))
    yield case("pointer", "lists[0] offset 2^32-1", patch(base, a["lists"] + 4, le32(0xFFFFFFFF)))
    yield case("pointer", "lists[0] offset 0 (to itself)", patch(base, a["lists"] + 4, le32(0)))
    yield case("pointer", "task table misaligned by one", patch(base, a["tasks"] + 4, le32(struct.unpack_from("<I", base, a["tasks"] + 4)[0] + 1)), misaligned)
    for value in (4, 255):
        _, data = fb_task_manager(priority=value)
        yield case("enum", f"priority = {value}", data)
    ts = a["task.header.3"]
    yield case("range", "created nanos = 10^9", patch(base, ts + 8, le32(1_000_000_000)), "decode")
    yield case("range", "created offset = 100000 s", patch(base, ts + 12, le32(100_000)), "decode")
    yield case("range", "created seconds = i64::MAX", patch(base, ts, le64((1 << 63) - 1)), "decode")
    yield case("amplify", "lists: 500 000 offsets to one task list", fb_shared_lists(500_000))
    # Records: vectors of 8-byte scalars and of strings.
    rf, rbase = fb_records()
    rfam = f"{codec}/records value"
    yield case("control", "valid value built here", rbase, "accept", "records", rfam)
    for n, what in ((1 << 29, "2^29 (8n wraps to 0)"), ((1 << 29) + 1, "2^29+1 (8n wraps to 8)"), (1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1")):
        yield case("length", f"ids vector length {what}", patch(rbase, rf.at["ids"], le32(n)), "reject", "records", rfam)
        yield case("length", f"strings vector length {what}", patch(rbase, rf.at["strings"], le32(n)), "reject", "records", rfam)
    yield case("pointer", "ids vector misaligned by 4", fb_misaligned_ids(), misaligned, "records", rfam)
    tf, tbase = fb_telemetry()
    tfam = f"{codec}/telemetry value"
    yield case("control", "valid value built here", tbase, "accept", "telemetry", tfam)
    yield case("missing-key", "readings absent", patch(tbase, tf.at["root.vtable"] + 6, le16(0)), "reject", "telemetry", tfam)
    yield case("length", "sensor id length 2^31", patch(tbase, tf.at["sensor_id"], le32(1 << 31)), "reject", "telemetry", tfam)


def fb_shared_lists(n):
    """The task-manager whose lists vector holds n offsets to one TaskList."""
    return fb_task_manager(n_lists=n)[1]


def fb_misaligned_ids():
    f, base = fb_records()
    ids = f.at["ids"]
    # Move the vector's start 4 bytes on: its 8-byte items lose their alignment.
    field = f.at["root.0"]
    b = bytearray(base)
    b[field : field + 4] = le32(ids + 4 - field)
    return bytes(b)



def amplification(codec):
    """A records value whose strings are offsets to one empty string, 4 bytes each."""
    _, data = fb_records(shared_empty=AMPLIFY_BYTES // 4)
    yield amplified(codec, "records", "offsets to one empty string, 4 bytes each", data)
