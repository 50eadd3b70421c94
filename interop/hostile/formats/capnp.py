"""Cap'n Proto (the encoding spec) as capnp writes the model after schemas/:
crafted inputs.

The messages are written word by word (`Capnp`): a segment table, then
structs, lists and texts behind pointers. Bombs damage the segment table,
the pointers (out of bounds, wrong kind, far pointers and their landing
pads, capabilities), the list kinds and declared lengths, texts and values,
and build amplification from aliased and void lists. `check` answers from
the bytes without decoding; damage confined to fields its answer does not
read must still be refused by both check and convert ("decode").
"""

import struct

from ..model import AMPLIFY_BYTES, READINGS, VALUES
from ..runner import Case, amplified
from ..wire import le32, le64

FAMILIES = ("Cap'n Proto",)
# A message's size is in its segment table: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing Cap'n Proto (task-manager, records, telemetry)."""
    yield from capnp_bombs(codec)
    yield from amplification(codec)


class Capnp:
    """A single-segment message written word by word; `at` names the words bombs edit."""

    def __init__(self):
        self.seg = bytearray()
        self.at = {}

    def alloc(self, words):
        pos = len(self.seg) // 8
        self.seg += bytes(8 * words)
        return pos

    def word(self, at, value):
        self.seg[at * 8 : at * 8 + 8] = le64(value)

    def get(self, at):
        return struct.unpack_from("<Q", self.seg, at * 8)[0]

    def struct_ptr(self, at, target, data, ptrs):
        off = target - at - 1
        self.word(at, ((off & 0x3FFFFFFF) << 2) | (data << 32) | (ptrs << 48))

    def list_ptr(self, at, target, size_code, count):
        off = target - at - 1
        self.word(at, ((off & 0x3FFFFFFF) << 2) | 1 | (size_code << 32) | ((count & 0x1FFFFFFF) << 35))

    def text(self, at, data):
        n = len(data) + 1
        t = self.alloc((n + 7) // 8)
        self.seg[t * 8 : t * 8 + len(data)] = data
        self.list_ptr(at, t, 2, n)
        return t

    def u32_list(self, at, items):
        t = self.alloc((4 * len(items) + 7) // 8)
        for i, x in enumerate(items):
            struct.pack_into("<I", self.seg, t * 8 + 4 * i, x)
        self.list_ptr(at, t, 4, len(items))
        return t

    def composite(self, at, n, data, ptrs):
        size = data + ptrs
        tag = self.alloc(1 + n * size)
        self.word(tag, (n << 2) | (data << 32) | (ptrs << 48))
        self.list_ptr(at, tag, 7, n * size)
        return tag, [tag + 1 + i * size for i in range(n)]

    def header(self, at, h, name):
        w = self.alloc(6)
        self.struct_ptr(at, w, 5, 1)
        self.word(w, int.from_bytes(h["id"][:8], "big"))
        self.word(w + 1, int.from_bytes(h["id"][8:], "big"))
        self.word(w + 2, h["color"] | h["created"][1] << 32)
        self.word(w + 3, h["created"][0])
        self.word(w + 4, h["created"][2] & 0xFFFFFFFF)
        self.at[name] = w
        self.at[name + ".name"] = self.text(w + 5, h["name"].encode())
        return w

    def framed(self, segments=None):
        segs = segments or [bytes(self.seg)]
        table = le32(len(segs) - 1) + b"".join(le32(len(s) // 8) for s in segs)
        if len(table) % 8:
            table += bytes(4)
        return table + b"".join(segs)


def capnp_task_manager():
    v = VALUES["task-manager"][1]
    m = Capnp()
    root = m.alloc(1)
    tm = m.alloc(3)
    m.struct_ptr(root, tm, 0, 3)
    m.at.update(root=root, tm=tm)
    m.at["user"] = m.text(tm, v["user"].encode())
    m.at["version"] = m.u32_list(tm + 1, v["version"])
    tag, (lst,) = m.composite(tm + 2, 1, 0, 2)
    m.at.update(lists_tag=tag, list0=lst)
    lv = v["lists"][0]
    m.header(lst, lv["header"], "list0.header")
    ttag, (task,) = m.composite(lst + 1, 1, 1, 2)
    m.at.update(tasks_tag=ttag, task0=task)
    tv = lv["tasks"][0]
    m.word(task, tv["priority"] | int(tv["completed"]) << 16)
    m.header(task + 1, tv["header"], "task0.header")
    m.at["task0.description"] = m.text(task + 2, tv["description"].encode())
    return m


def capnp_records():
    v = VALUES["records"][1]
    m = Capnp()
    root = m.alloc(1)
    rec = m.alloc(2)
    m.struct_ptr(root, rec, 0, 2)
    ids = m.alloc(len(v["ids"]))
    for i, x in enumerate(v["ids"]):
        m.word(ids + i, x & 0xFFFFFFFFFFFFFFFF)
    m.list_ptr(rec, ids, 5, len(v["ids"]))
    strs = m.alloc(len(v["strings"]))
    m.list_ptr(rec + 1, strs, 6, len(v["strings"]))
    for i, s in enumerate(v["strings"]):
        m.text(strs + i, s.encode())
    m.at.update(root=root, rec=rec, ids=ids, strings=strs)
    return m


def capnp_telemetry():
    v = VALUES["telemetry"][1]
    m = Capnp()
    root = m.alloc(1)
    s = m.alloc(9)
    m.struct_ptr(root, s, 8, 1)
    for i, r in enumerate(READINGS):
        m.seg[(s + i) * 8 : (s + i) * 8 + 8] = struct.pack("<d", v[r])
    m.text(s + 8, v["sensor_id"].encode())
    m.at.update(root=root, reading=s)
    return m


def capnp_bombs(codec):
    """Controls of three datasets, then bombs built from them."""
    ds = "task-manager"
    fam = f"{codec}/task-manager value"

    def case(cls, label, data, expect="reject", d=ds, control=fam):
        return Case(codec, d, cls, label, data, expect, control=control)

    def variant(edit):
        m = capnp_task_manager()
        out = edit(m)
        return out if out is not None else m.framed()

    base = capnp_task_manager()
    a = base.at
    frame = base.framed()
    words = len(base.seg) // 8
    yield case("control", "valid value built here", frame, "accept")
    yield case("control", "the same value in two segments (far pointer)", capnp_two_segments(), "accept")
    # The segment table.
    for n, what in ((0x7FFFFFFF, "2^31 segments"), (0xFFFFFFFF, "2^32 segments")):
        yield case("framing", f"segment count {what}", le32(n) + le32(words) + frame[8:])
    for n, what in ((1 << 31, "2^31 words"), (0xFFFFFFFF, "2^32-1 words"), (1 << 29, "2^29 words (2^32 bytes)"), (words + 1, "one word more than given")):
        yield case("framing", f"segment 0 of {what}", le32(0) + le32(n) + frame[8:])
    yield case("framing", "second segment of 2^32-1 words", le32(1) + le32(words) + le32(0xFFFFFFFF) + bytes(4) + frame[8:])
    yield case("framing", "segment of 0 words (no root pointer)", le32(0) + le32(0))
    yield case("framing", "segment table cut short", le32(3) + le32(words))
    many = 100_000
    table = le32(many - 1) + le32(words) + bytes(4 * (many - 1))
    if len(table) % 8:
        table += bytes(4)
    yield case("survive", f"{many} segments, all but the first empty", table + bytes(base.seg), "survive")
    yield case("framing", "root in a segment of 2^31 words, 8 bytes given", le32(0) + le32(1 << 31) + frame[8:16])
    # Pointers.
    # `check` answers from the bytes: damage confined to `user` and
    # `version`, which the task-manager's answer does not need, must still
    # be refused by both check and convert ("decode").
    for off, what in ((0x1FFFFFFF, "2^29-1 words ahead"), (-(1 << 29), "2^29 words back")):
        yield case("pointer", f"root struct pointer {what}", variant(lambda m, off=off: m.word(0, ((off & 0x3FFFFFFF) << 2) | (0 << 32) | (3 << 48))))
    yield case("pointer", "root struct pointer at itself (user is then a struct pointer)", variant(lambda m: m.word(0, (0x3FFFFFFF << 2) | (3 << 48))), "decode")
    yield case("pointer", "root struct of 65535 data and 65535 pointer words", variant(lambda m: m.word(0, (0xFFFF << 32) | (0xFFFF << 48))))
    yield case("pointer", "root is a capability pointer", variant(lambda m: m.word(0, 3)))
    yield case("pointer", "root is a list pointer", variant(lambda m: m.list_ptr(0, 1, 6, 3)))
    yield case("pointer", "root is a far pointer to segment 2^32-1", variant(lambda m: m.word(0, 2 | (0xFFFFFFFF << 32))))
    yield case("pointer", "root far pointer, landing pad 2^29-1 words on", variant(lambda m: m.word(0, 2 | (0x1FFFFFFF << 3))))
    yield case("pointer", "root far pointer landing on a far pointer (chain)", variant(lambda m: far_chain(m)))
    yield case("pointer", "root double-far pointer whose pad is not a far pointer", variant(lambda m: m.word(0, 2 | 4 | (1 << 3))))
    tm = a["tm"]
    for code, what in ((0, "void"), (1, "bit"), (5, "8-byte"), (6, "pointer")):
        yield case("type", f"user text as a list of {what} elements", variant(lambda m, c=code: m.list_ptr(tm, m.at["user"], c, 2)), "decode")
    yield case("type", "user is a struct pointer", variant(lambda m: m.struct_ptr(tm, m.at["user"], 1, 0)), "decode")
    yield case("type", "version is a text", variant(lambda m: m.list_ptr(tm + 1, m.at["user"], 2, 10)), "decode")
    # Cap'n Proto reads a list of primitives as a list of structs whose data
    # section is the primitive (the spec's list upgrade): valid, if odd.
    yield case("survive", "lists is a text (read as 10 empty task lists)", variant(lambda m: m.list_ptr(tm + 2, m.at["user"], 2, 10)), "survive")
    yield case("type", "lists is a list of bits", variant(lambda m: m.list_ptr(tm + 2, m.at["user"], 1, 10)))
    yield case("type", "tasks is a list of pointers to texts", variant(lambda m: m.list_ptr(m.at["list0"] + 1, m.at["user"], 6, 1)))
    yield case("type", "list header is a capability", variant(lambda m: m.word(m.at["list0"], 3)))
    # Declared lengths.
    for code, count, what, target, expect in (
        (2, 0x1FFFFFFF, "user text of 2^29-1 bytes", "user", "decode"),
        (4, 0x1FFFFFFF, "version of 2^29-1 UInt32s", "version", "decode"),
        (7, 0x1FFFFFFF, "lists of 2^29-1 words", "lists_tag", "reject"),
    ):
        field = {"user": 0, "version": 1, "lists_tag": 2}[target]
        yield case("length", f"{what}", variant(lambda m, c=code, n=count, t=target, f=field: m.list_ptr(tm + f, m.at[t], c, n)), expect)
    yield case("length", "task name of 2^29-1 bytes", variant(lambda m: m.list_ptr(m.at["task0.header"] + 5, m.at["task0.header.name"], 2, 0x1FFFFFFF)))
    yield case("length", "tasks of 2^29-1 words", variant(lambda m: m.list_ptr(m.at["list0"] + 1, m.at["tasks_tag"], 7, 0x1FFFFFFF)))
    yield case("length", "lists tag word claims 2^30-1 elements", variant(lambda m: m.word(m.at["lists_tag"], ((0x3FFFFFFF) << 2) | (0 << 32) | (2 << 48))))
    yield case("length", "lists tag word claims elements of 65535 words", variant(lambda m: m.word(m.at["lists_tag"], (1 << 2) | (0xFFFF << 32) | (0xFFFF << 48))))
    yield case(
        "amplify",
        "lists of 2^29-1 zero-word elements (0 words)",
        variant(lambda m: (m.list_ptr(tm + 2, m.at["lists_tag"], 7, 0), m.word(m.at["lists_tag"], (0x1FFFFFFF << 2)))[-1]),
    )
    yield case("amplify", "version as a void list of 2^29-1 elements", variant(lambda m: m.list_ptr(tm + 1, m.at["version"], 0, 0x1FFFFFFF)), "decode")
    yield case("amplify", "user text as a void list of 2^29-1 elements", variant(lambda m: m.list_ptr(tm, m.at["user"], 0, 0x1FFFFFFF)), "decode")
    yield case("amplify", "tasks as a void list of 2^29-1 elements", variant(lambda m: m.list_ptr(m.at["list0"] + 1, m.at["tasks_tag"], 0, 0x1FFFFFFF)))
    yield case("pointer", "list header points at the root pointer", variant(lambda m: m.struct_ptr(m.at["list0"], 0, 5, 1)))
    # Texts and values.
    desc = a["task0.description"]
    yield case("syntax", "description without its NUL", variant(lambda m: m.seg.__setitem__(slice(desc * 8 + 23, desc * 8 + 24), b"x")))
    yield case("syntax", "name text of 0 bytes (no NUL)", variant(lambda m: m.list_ptr(m.at["task0.header"] + 5, m.at["task0.header.name"], 2, 0)))
    for value in (4, 0xFFFF):
        yield case("enum", f"priority = {value}", variant(lambda m, x=value: m.word(m.at["task0"], x | 1 << 16)))
    hdr = a["task0.header"]
    # What check's traverse does not read (documented): decode must refuse it.
    yield case("utf8", "task name holds ff fe", variant(lambda m: m.seg.__setitem__(slice(m.at["task0.header.name"] * 8, m.at["task0.header.name"] * 8 + 2), b"\xff\xfe")), "decode")
    yield case("utf8", "user holds ff fe", variant(lambda m: m.seg.__setitem__(slice(m.at["user"] * 8, m.at["user"] * 8 + 2), b"\xff\xfe")), "decode")
    yield case("range", "created nanos = 10^9", variant(lambda m: m.word(hdr + 2, 0xFF00FF00 | 1_000_000_000 << 32)), "decode")
    yield case("range", "created offset = 100000 s", variant(lambda m: m.word(hdr + 4, 100_000)), "decode")
    yield case("range", "created seconds = i64::MAX", variant(lambda m: m.word(hdr + 3, (1 << 63) - 1)), "decode")
    # Aliasing: many lists share one task list; the reader's word budget must stop it.
    yield case("amplify", "2000 task lists sharing one list of 2000 tasks", capnp_aliased())
    yield case("framing", "message not a whole number of words", frame + b"\x00\x00\x00")
    # Records and telemetry.
    rec = capnp_records()
    rfam = f"{codec}/records value"
    yield case("control", "valid value built here", rec.framed(), "accept", "records", rfam)

    def rvariant(edit):
        m = capnp_records()
        edit(m)
        return m.framed()

    r = rec.at
    yield case("length", "ids of 2^29-1 Int64s", rvariant(lambda m: m.list_ptr(r["rec"], r["ids"], 5, 0x1FFFFFFF)), "reject", "records", rfam)
    yield case("length", "strings of 2^29-1 pointers", rvariant(lambda m: m.list_ptr(r["rec"] + 1, r["strings"], 6, 0x1FFFFFFF)), "reject", "records", rfam)
    yield case("amplify", "ids as a void list of 2^29-1 elements", rvariant(lambda m: m.list_ptr(r["rec"], r["ids"], 0, 0x1FFFFFFF)), "reject", "records", rfam)
    yield case("amplify", "strings as a void list of 2^29-1 elements", rvariant(lambda m: m.list_ptr(r["rec"] + 1, r["strings"], 0, 0x1FFFFFFF)), "reject", "records", rfam)
    yield case("type", "ids as a list of bytes", rvariant(lambda m: m.list_ptr(r["rec"], r["ids"], 2, 8)), "reject", "records", rfam)
    tel = capnp_telemetry()
    tfam = f"{codec}/telemetry value"
    yield case("control", "valid value built here", tel.framed(), "accept", "telemetry", tfam)
    yield case("utf8", "sensor id holds ff fe", capnp_telemetry_bad_id(), "reject", "telemetry", tfam)
    yield case("survive", "reading struct of 1 data word (the rest read as defaults)", telemetry_short_struct(), "survive", "telemetry", tfam)


def far_chain(m):
    """Root far pointer to a landing pad that is itself a far pointer."""
    pad = m.alloc(2)
    m.word(0, 2 | (pad << 3))
    m.word(pad, 2 | ((pad + 1) << 3))
    m.word(pad + 1, 2 | (pad << 3))


def capnp_two_segments():
    """The task-manager with a copy of its root struct in a second segment.

    The root pointer is a far pointer to segment 1, whose first word is the
    landing pad: a struct pointer to the copy just after it. The copy's three
    pointers are far pointers back to landing pads appended to segment 0,
    each the original pointer rebased to the pad's place."""
    m = capnp_task_manager()
    seg0 = bytes(m.seg)
    tm = m.at["tm"]
    root_struct = seg0[tm * 8 : tm * 8 + 24]
    seg0 = bytearray(seg0)
    pads = len(seg0) // 8
    seg0 += bytes(8 * 3)
    seg1 = bytearray(8 + 24)
    seg1[0:8] = le64((0 << 2) | (0 << 32) | (3 << 48))  # struct ptr, offset 0: the next 3 words
    for i in range(3):
        ptr = struct.unpack_from("<Q", root_struct, 8 * i)[0]
        off = ((ptr & 0xFFFFFFFF) >> 2)
        if off & (1 << 29):
            off -= 1 << 30
        target = tm + i + 1 + off
        pad = pads + i
        # Landing pad in segment 0: same pointer, rebased to the pad's place.
        new_off = target - pad - 1
        rebased = (ptr & ~0xFFFFFFFC & 0xFFFFFFFFFFFFFFFF) | ((new_off & 0x3FFFFFFF) << 2)
        seg0[pad * 8 : pad * 8 + 8] = le64(rebased)
        seg1[8 + 8 * i : 16 + 8 * i] = le64(2 | (pad << 3) | (0 << 32))
    # Root pointer in segment 0 becomes a far pointer into segment 1, word 0.
    seg0[0:8] = le64(2 | (0 << 3) | (1 << 32))
    return m.framed([bytes(seg0), bytes(seg1)])


def capnp_aliased(n_lists=2000, n_tasks=2000):
    """A task-manager of n_lists lists that all share one list of n_tasks tasks."""
    h = VALUES["task-manager"][1]["lists"][0]["header"]
    m = Capnp()
    root = m.alloc(1)
    tm = m.alloc(3)
    m.struct_ptr(root, tm, 0, 3)
    m.text(tm, b"u")
    m.u32_list(tm + 1, [1])
    _, lists = m.composite(tm + 2, n_lists, 0, 2)
    hdr = m.alloc(6)
    m.word(hdr + 2, h["color"])
    m.word(hdr + 3, h["created"][0])
    m.text(hdr + 5, b"n")
    desc = m.alloc(1)
    m.seg[desc * 8] = ord("d")
    tasks_tag, tasks = m.composite(lists[0] + 1, n_tasks, 1, 2)
    for t in tasks:
        m.struct_ptr(t + 1, hdr, 5, 1)
        m.list_ptr(t + 2, desc, 2, 2)
    for lst in lists:
        m.struct_ptr(lst, hdr, 5, 1)
        m.list_ptr(lst + 1, tasks_tag, 7, n_tasks * 3)
    return m.framed()


def capnp_telemetry_bad_id():
    m = capnp_telemetry()
    s = m.at["reading"]
    ptr = m.get(s + 8)
    off = (ptr & 0xFFFFFFFF) >> 2
    text = s + 8 + 1 + off
    m.seg[text * 8 : text * 8 + 2] = b"\xff\xfe"
    return m.framed()


def telemetry_short_struct():
    m = capnp_telemetry()
    s = m.at["reading"]
    # Claim a struct of 1 data word and 0 pointers: readings past the first
    # and the sensor id read as their defaults (0.0 and "").
    m.struct_ptr(0, s, 1, 0)
    return m.framed()



def amplification(codec):
    """A records value whose strings are null text pointers, 8 bytes each."""
    n = AMPLIFY_BYTES
    m = Capnp()
    root = m.alloc(1)
    rec = m.alloc(2)
    m.struct_ptr(root, rec, 0, 2)
    m.list_ptr(rec, rec, 5, 0)
    count = n // 8
    strs = m.alloc(count)
    m.list_ptr(rec + 1, strs, 6, count)
    yield amplified(codec, "records", "null texts, 8 bytes each", m.framed())
