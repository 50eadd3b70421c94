"""musli-zerocopy 0.1 as serbench-musli-zerocopy writes the model: crafted
inputs.

The buffer is `repr(C)` structs as they lie in memory (little-endian: the
crate builds only for little-endian targets). The root sits at offset 0 and
starts with the buffer's length; a string or list is a reference, a 32-bit
offset from the start of the buffer and a 32-bit length, to bytes or
elements stored elsewhere. musli-zerocopy checks a reference when it is
loaded (bounds, alignment, UTF-8, bool and enum bytes), not that objects
are distinct: the codec charges every string's and list's bytes against
the input's length instead, so references that claim more than the buffer
holds fail. `Buffer` writes that layout from the crate docs, not with
musli-zerocopy. Bombs damage the length, references (out of bounds,
misaligned, huge, overlapping past the input's size), strings, enum and
bool bytes, and timestamps (refused by check and convert alike: "decode").
`check` answers from the buffer in place, loading what a decode loads.
"""

import struct

from ..model import AMPLIFY_BYTES, READINGS, VALUES
from ..runner import Case, amplified
from ..wire import le32, le64

FAMILIES = ("musli-zerocopy",)
# The root holds the buffer's length: a cut buffer or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing musli-zerocopy (task-manager, records, telemetry)."""
    yield from task_manager_bombs(codec)
    yield from records_bombs(codec)
    yield from telemetry_bombs(codec)
    yield from amplification(codec)


class Buffer:
    """A buffer written front to back after its root; `at` names the places bombs edit."""

    def __init__(self, root_size):
        self.b = bytearray(root_size)
        self.root_size = root_size
        self.at = {}

    def put(self, data, align, name=None):
        """Data at the next place aligned to `align`; its position."""
        while len(self.b) % align:
            self.b.append(0)
        p = len(self.b)
        self.b += data
        if name:
            self.at[name] = p
        return p

    def finish(self, fill):
        """The root filled in, with the buffer's length in its first 8 bytes."""
        root = bytearray(self.root_size)
        fill(root)
        root[0:8] = le64(len(self.b))
        self.b[0 : self.root_size] = root
        return bytes(self.b)


def ref(offset, n):
    """A reference: offset from the buffer's start, then length."""
    return le32(offset) + le32(n)


def header(buf, h, name):
    """A header's 48 bytes, its name stored now."""
    nm = h["name"].encode()
    c = h["color"]
    seconds, nanos, offset = h["created"]
    return (
        h["id"]
        + ref(buf.put(nm, 1, name + ".name"), len(nm))
        + bytes([(c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF, c >> 24])
        + bytes(4)
        + struct.pack("<qIi", seconds, nanos, offset)
    )


def mz_task_manager(priority=None, completed=None):
    """The task-manager value: root 32 bytes, list 56, task 64, header 48."""
    v = VALUES["task-manager"][1]
    buf = Buffer(32)
    user = v["user"].encode()
    user_at = buf.put(user, 1, "user")
    version_at = buf.put(b"".join(le32(x) for x in v["version"]), 4, "version")
    lists = bytearray()
    for li, lv in enumerate(v["lists"]):
        tasks = bytearray()
        for ti, tv in enumerate(lv["tasks"]):
            h = header(buf, tv["header"], f"list{li}.task{ti}.header")
            desc = tv["description"].encode()
            desc_at = buf.put(desc, 1, f"list{li}.task{ti}.description")
            tasks += h + ref(desc_at, len(desc))
            tasks.append(tv["priority"] if priority is None else priority)
            tasks.append(int(tv["completed"]) if completed is None else completed)
            tasks += bytes(6)
        tasks_at = buf.put(bytes(tasks), 8, f"list{li}.tasks")
        lists += header(buf, lv["header"], f"list{li}.header") + ref(tasks_at, len(lv["tasks"]))
    lists_at = buf.put(bytes(lists), 8, "lists")

    def fill_root(s):
        s[8:16] = ref(user_at, len(user))
        s[16:24] = ref(version_at, len(v["version"]))
        s[24:32] = ref(lists_at, len(v["lists"]))

    return buf, buf.finish(fill_root)


def mz_records(ids=None, strings=None):
    """The records value (or these ids and strings): root 24 bytes."""
    v = VALUES["records"][1]
    ids = v["ids"] if ids is None else ids
    strings = [x.encode() for x in (v["strings"] if strings is None else strings)]
    buf = Buffer(24)
    ids_at = buf.put(b"".join(struct.pack("<q", x) for x in ids), 8, "ids")
    refs = b"".join(ref(buf.put(x, 1, f"string{i}"), len(x)) for i, x in enumerate(strings))
    strings_at = buf.put(refs, 4, "strings")

    def fill_root(s):
        s[8:16] = ref(ids_at, len(ids))
        s[16:24] = ref(strings_at, len(strings))

    return buf, buf.finish(fill_root)


def mz_telemetry():
    """The telemetry value: an 80-byte root, then the id's bytes."""
    v = VALUES["telemetry"][1]
    buf = Buffer(80)
    sid = v["sensor_id"].encode()
    sid_at = buf.put(sid, 1, "sensor_id")

    def fill_root(s):
        s[8:16] = ref(sid_at, len(sid))
        s[16:80] = b"".join(struct.pack("<d", v[r]) for r in READINGS)

    return buf, buf.finish(fill_root)


def patch(data, at, new):
    """data with the bytes at offset `at` overwritten by new."""
    data = bytearray(data)
    data[at : at + len(new)] = new
    return bytes(data)


def length_bombs(case, base):
    size = len(base)
    for n, what in ((1 << 63, "2^63"), (1 << 32, "2^32"), (0, "0"), (size - 8, "8 bytes short"), (size + 8, "8 bytes long")):
        yield case("framing", f"root length {what}", patch(base, 0, le64(n)))
    yield case("framing", "cut by 8 bytes", base[:-8])
    yield case("framing", "8 zero bytes after", base + bytes(8))
    yield case("framing", "8 zero bytes before", bytes(8) + base)


def ref_bombs(case, base, field, name, size, align):
    """A reference at `field` to elements of `size` bytes aligned to `align`."""
    for n, what in ((0xFFFFFFFF, "2^32-1"), (1 << 31, "2^31"), (1 << 29, "2^29")):
        yield case("length", f"{name} length {what}", patch(base, field + 4, le32(n)))
    here = struct.unpack_from("<I", base, field)[0]
    for n, what in ((0xFFFFFFFF, "2^32-1 on"), (len(base), "at the end"), (len(base) + 8, "past the end")):
        yield case("pointer", f"{name} points {what}", patch(base, field, le32(n)))
    if align > 1:
        yield case("pointer", f"{name} points misaligned by one", patch(base, field, le32(here + 1)))
    # In bounds and aligned, but claiming every byte of the buffer again.
    yield case("pointer", f"{name} covers the whole buffer", patch(base, field, ref(0, len(base) // size)))


def task_manager_bombs(codec):
    ds = "task-manager"
    fam = f"{codec}/task-manager value"
    buf, base = mz_task_manager()

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=fam)

    yield case("control", "valid value built here", base, "accept")
    yield from length_bombs(case, base)
    yield from ref_bombs(case, base, 8, "user", 1, 1)
    yield from ref_bombs(case, base, 16, "version", 4, 4)
    yield from ref_bombs(case, base, 24, "lists", 56, 8)
    yield from ref_bombs(case, base, buf.at["lists"] + 48, "lists[0].tasks", 64, 8)
    yield case("utf8", "user holds ff fe", patch(base, buf.at["user"], b"\xff\xfe"))
    yield case("utf8", "a description holds a lone c3", patch(base, buf.at["list0.task0.description"] + 3, b"\xc3"))
    for value in (4, 255):
        _, data = mz_task_manager(priority=value)
        yield case("enum", f"priority = {value}", data)
    for value in (2, 255):
        _, data = mz_task_manager(completed=value)
        yield case("type", f"completed bool = {value}", data)
    ts = buf.at["list0.tasks"] + 32
    yield case("range", "created nanos = 10^9", patch(base, ts + 8, le32(1_000_000_000)), "decode")
    yield case("range", "created offset = 100000 s", patch(base, ts + 12, le32(100_000)), "decode")
    yield case("range", "created seconds = i64::MAX", patch(base, ts, le64((1 << 63) - 1)), "decode")


def records_bombs(codec):
    ds = "records"
    fam = f"{codec}/records value"
    buf, base = mz_records()

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=fam)

    yield case("control", "valid value built here", base, "accept")
    yield from length_bombs(case, base)
    yield from ref_bombs(case, base, 8, "ids", 8, 8)
    yield from ref_bombs(case, base, 16, "strings", 8, 4)
    yield case("utf8", "strings[0] holds ff", patch(base, buf.at["string0"], b"\xff"))
    s0, first = buf.at["strings"], buf.at["string0"]
    n = len(VALUES["records"][1]["strings"])
    # One string's bytes read twice, within the input's length: musli-zerocopy
    # does not check that objects are distinct (documented).
    yield case("survive", "strings[1] aliases strings[0] (documented: overlap within the input is not checked)", patch(base, s0 + 8, ref(first, len(VALUES["records"][1]["strings"][0].encode()))), "survive")
    # Every string claiming all the strings' bytes: n times the input.
    every = ref(first, buf.at["strings"] - first)
    yield case("pointer", "every string claims all the strings' bytes", patch(base, s0, every * n))


def telemetry_bombs(codec):
    ds = "telemetry"
    fam = f"{codec}/telemetry value"
    buf, base = mz_telemetry()

    def case(cls, label, data, expect="reject"):
        return Case(codec, ds, cls, label, data, expect, control=fam)

    yield case("control", "valid value built here", base, "accept")
    yield from length_bombs(case, base)
    yield from ref_bombs(case, base, 8, "sensor id", 1, 1)
    yield case("utf8", "sensor id starts with a lone c3", patch(base, buf.at["sensor_id"], b"\xc3"))


def amplification(codec):
    """Empty strings, a reference of 8 bytes each: the model holds 24 bytes per string."""
    n = AMPLIFY_BYTES // 8
    _, data = mz_records(ids=[], strings=[""] * n)
    yield amplified(codec, "records", "empty strings, 8 bytes each", data)
