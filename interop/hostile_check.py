#!/usr/bin/env python3
"""An outside tester's hostile-input run over `serbench check`.

    python3 interop/hostile_check.py SERBENCH WORKDIR [--quick]

Standard library only; `cargo xtask hostile [--quick]` builds serbench in
release and runs this with WORKDIR = target/hostile.

1. `SERBENCH dump` writes every dataset in every format at small sizes (the
   lists come from `SERBENCH list`, so a new format or dataset is covered
   without editing this file).
2. Every dump is mutated: truncations (every prefix of a short file, else
   the first and last 16 and 64 seeded cuts), single-bit flips (the first 8
   bytes exhaustively, then seeded ones), bytes set to 00/ff/7f/80, deleted
   and duplicated ranges, trailing garbage; each file is also read as every
   other dataset and in every other format, and random bytes as every
   dataset. Expected: exit 0 or 1; on exit 1 exactly one line on stderr
   naming the format and the dataset.
3. Crafted bombs, written here from the formats' specifications (RFC 8949,
   the MessagePack spec, the bincode 2 and postcard wire specs, the protobuf
   encoding guide, the Cap'n Proto encoding spec, the FlatBuffers internals
   and the XML 1.0 recommendation) and from the crate docs' wire layouts,
   not taken from the project's own tests: huge declared lengths, deep
   nesting, entity tricks, invalid UTF-8, wrong types, unknown enum values,
   duplicate keys, bad framing and pointers, amplification. Expected: exit
   1 with one line naming the format and the dataset. A few inputs are
   valid stress ("survive": exit 0 or 1), and a few value-level defects in
   fields a zero-copy `check` does not need for its answer ("decode": both
   `check` and `serbench convert` must refuse them, since a traverse fails
   exactly when a decode does).
   Every crafted family starts from a valid value built by the same code (a
   "control"), which must be accepted: otherwise the bombs built from it
   would prove nothing.

Every run: no signal, no exit code but 0 or 1, no run over 10 s, peak
resident memory (the child's ru_maxrss from os.wait4) at most 300 MiB.
Linux carries a parent's peak across exec into the child's ru_maxrss; the
script resets its own peak before each spawn (/proc/self/clear_refs), so a
child's figure is its own peak or this script's resident size at the
spawn, whichever is larger (the floor, printed): an upper bound. Children
inherit an address-space limit of 4 GiB, a safety net that turns a runaway
allocation into an abort (reported as a crash).

Violations keep their input under WORKDIR/failures/ with the command line.
Exit status: 0 when nothing was violated, 1 otherwise, 2 on usage errors.
"""

import argparse
import collections
import concurrent.futures
import ctypes
import json
import os
import random
import re
import resource
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time

MIB = 1024 * 1024
RSS_LIMIT_KIB = 300 * 1024
TIMEOUT = 10.0
ADDRESS_SPACE_LIMIT = 4 << 30
DEEP = 100_000
AMPLIFY_BYTES = 4 * MIB
PAYLOAD = b"AAAAAAAA"

# -------------------------------------------------------------------------
# Running one input


class Case:
    """One input for one (format, dataset), and what must happen to it.

    expect: "reject" (exit 1), "survive" (exit 0 or 1), "accept" (exit 0,
    the controls) or "decode" (check and convert must both exit 1).
    """

    __slots__ = ("fmt", "ds", "cls", "label", "data", "path", "expect", "trace", "family", "size")

    def __init__(self, fmt, ds, cls, label, data, expect, path=None, trace=False, family=None):
        self.fmt, self.ds, self.cls, self.label = fmt, ds, cls, label
        self.data, self.path, self.expect, self.trace = data, path, expect, trace
        self.family = family
        self.size = len(data) if data is not None else 0


class Outcome:
    __slots__ = ("code", "sig", "timed_out", "rss", "floor", "secs", "stdout", "stderr")

    def __init__(self):
        self.code = self.sig = None
        self.timed_out = False
        self.rss = self.floor = 0
        self.secs = 0.0
        self.stdout = self.stderr = ""


def reset_own_peak():
    """Lowers this process's peak RSS to its current RSS (Linux 4.0+).

    Linux carries the parent's peak across exec into the child's ru_maxrss;
    resetting it before each spawn keeps the children's figures their own
    but for this script's current resident size (the floor)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def trim_own_heap():
    """Gives the C heap's free memory back to the system (glibc), lowering the floor."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def own_rss():
    """This script's resident size in KiB (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return 0


def run_command(cmd, timeout=TIMEOUT, scratch=None):
    """Runs cmd with output in files; its exit, signal, peak RSS (KiB) and time."""
    reset_own_peak()
    out_path = scratch + ".out"
    err_path = scratch + ".err"
    outcome = Outcome()
    outcome.floor = own_rss()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.monotonic()
        proc = subprocess.Popen(
            cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True
        )
        lock = threading.Lock()
        state = {"reaped": False, "killed": False}

        def kill():
            with lock:
                if not state["reaped"]:
                    state["killed"] = True
                    try:
                        os.killpg(proc.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        # Wait without reaping, so the timer never signals a recycled pid.
        os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)
        with lock:
            state["reaped"] = True
        timer.cancel()
        _, status, usage = os.wait4(proc.pid, 0)
        outcome.secs = time.monotonic() - start
        # Tell Popen the child is gone, so it never waits on the pid again.
        proc.returncode = os.waitstatus_to_exitcode(status)
    outcome.timed_out = state["killed"]
    outcome.rss = usage.ru_maxrss
    if os.WIFSIGNALED(status):
        outcome.code, outcome.sig = None, os.WTERMSIG(status)
    else:
        outcome.code, outcome.sig = os.WEXITSTATUS(status), None
    with open(out_path, "rb") as f:
        outcome.stdout = f.read(1 << 16).decode("utf-8", "replace")
    with open(err_path, "rb") as f:
        outcome.stderr = f.read(1 << 16).decode("utf-8", "replace")
    os.unlink(out_path)
    os.unlink(err_path)
    return outcome


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def problems_of(case, outcome, fmt, ds, need_names=True):
    """What is wrong with an outcome, whatever the input was."""
    found = []
    if outcome.timed_out:
        found.append(f"hang: killed after {TIMEOUT:.0f} s")
    elif outcome.sig is not None:
        found.append(f"crash: killed by {signal_name(outcome.sig)}")
    elif outcome.code not in (0, 1):
        found.append(f"exit code {outcome.code}")
    if outcome.rss > RSS_LIMIT_KIB:
        found.append(f"peak RSS {outcome.rss / 1024:.1f} MiB > {RSS_LIMIT_KIB // 1024} MiB")
    if "panicked" in outcome.stderr or "stack overflow" in outcome.stderr:
        found.append("panic or stack overflow message on stderr")
    if outcome.code == 1:
        lines = outcome.stderr.rstrip("\n").split("\n") if outcome.stderr else []
        if len(lines) != 1:
            found.append(f"exit 1 with {len(lines)} lines on stderr (want exactly 1)")
        elif need_names and not (
            re.search(rf"\b{re.escape(fmt)}\b", lines[0]) and ds in lines[0]
        ):
            found.append(f"error line does not name format {fmt!r} and dataset {ds!r}")
    return found


# -------------------------------------------------------------------------
# Byte-level helpers


def le16(n):
    return struct.pack("<H", n & 0xFFFF)


def le32(n):
    return struct.pack("<I", n & 0xFFFFFFFF)


def le64(n):
    return struct.pack("<Q", n & 0xFFFFFFFFFFFFFFFF)


def zigzag(n):
    return (n << 1) if n >= 0 else ((-n) << 1) - 1


def leb128(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def bincode_varint(n):
    if n < 251:
        return bytes([n])
    if n <= 0xFFFF:
        return b"\xfb" + le16(n)
    if n <= 0xFFFFFFFF:
        return b"\xfc" + le32(n)
    return b"\xfd" + le64(n)


def cbor_head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    if n < 1 << 8:
        return bytes([major << 5 | 24, n])
    if n < 1 << 16:
        return bytes([major << 5 | 25]) + struct.pack(">H", n)
    if n < 1 << 32:
        return bytes([major << 5 | 26]) + struct.pack(">I", n)
    return bytes([major << 5 | 27]) + struct.pack(">Q", n)


def mp_int(n):
    if 0 <= n < 128:
        return bytes([n])
    if -32 <= n < 0:
        return struct.pack("b", n)
    if n >= 0:
        for code, fmt, top in ((0xCC, ">B", 8), (0xCD, ">H", 16), (0xCE, ">I", 32), (0xCF, ">Q", 64)):
            if n < 1 << top:
                return bytes([code]) + struct.pack(fmt, n)
    for code, fmt, top in ((0xD0, ">b", 7), (0xD1, ">h", 15), (0xD2, ">i", 31), (0xD3, ">q", 63)):
        if n >= -(1 << top):
            return bytes([code]) + struct.pack(fmt, n)
    raise ValueError(n)


def mp_str_head(n):
    if n < 32:
        return bytes([0xA0 | n])
    if n < 1 << 8:
        return bytes([0xD9, n])
    if n < 1 << 16:
        return b"\xda" + struct.pack(">H", n)
    return b"\xdb" + struct.pack(">I", n)


def mp_bin_head(n):
    if n < 1 << 8:
        return bytes([0xC4, n])
    if n < 1 << 16:
        return b"\xc5" + struct.pack(">H", n)
    return b"\xc6" + struct.pack(">I", n)


def mp_array_head(n):
    if n < 16:
        return bytes([0x90 | n])
    if n < 1 << 16:
        return b"\xdc" + struct.pack(">H", n)
    return b"\xdd" + struct.pack(">I", n)


def mp_map_head(n):
    if n < 16:
        return bytes([0x80 | n])
    if n < 1 << 16:
        return b"\xde" + struct.pack(">H", n)
    return b"\xdf" + struct.pack(">I", n)


# -------------------------------------------------------------------------
# The serde formats (json, cbor, msgpack, bincode, postcard): the model as
# the crate docs lay it out, built as a generic tree, then serialized.


class Pairs(list):
    """A struct or map: (key, value) pairs, so keys may repeat."""


class Tag:
    def __init__(self, tag, value):
        self.tag, self.value = tag, value


class Raw:
    """Bytes written as they are in place of a value; stop ends the input there."""

    def __init__(self, data, stop=False):
        self.data, self.stop = data, stop


class LenBomb:
    """The head of `orig` declaring length n, a few bytes, then the end."""

    def __init__(self, n, orig, payload=PAYLOAD):
        self.n, self.orig, self.payload = n, orig, payload


class BadText:
    """A text value holding bytes that are not UTF-8."""

    def __init__(self, data):
        self.data = data


class U8(int):
    """One byte in bincode and postcard."""


class Var(int):
    """An unsigned varint in bincode and postcard."""


class ZVar(int):
    """A zigzag varint in bincode and postcard."""


class F64(float):
    pass


class Some:
    def __init__(self, value):
        self.value = value


class Stop(Exception):
    def __init__(self, data):
        super().__init__("stop")
        self.data = data


UUID1 = bytes.fromhex("67e5504410b1426f9247bb680e5fe0c8")
UUID2 = bytes.fromhex("3f2504e04f8941d39a0c0305e82c3301")
CREATED = (1762160400, 0, 0)
CREATED_TEXT = "2025-11-03T09:00:00.000Z"


def uuid_text(b):
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def color_text(c):
    return "#%06x" % (c & 0xFFFFFF) if c >> 24 == 0xFF else "#%08x" % c


HEADER_T = ("struct", [("id", "uuid"), ("name", "str"), ("color", "color"), ("created", "time")])
TASK_T = ("struct", [("header", HEADER_T), ("description", "str"), ("priority", "prio"), ("completed", "bool")])
LIST_T = ("struct", [("header", HEADER_T), ("tasks", ("seq", TASK_T))])
TM_T = ("struct", [("user", "str"), ("version", "version"), ("lists", ("seq", LIST_T))])
READINGS = [
    "ambient_temperature",
    "object_temperature",
    "accelerometer_x",
    "accelerometer_y",
    "accelerometer_z",
    "altitude",
    "light",
    "humidity",
]
TELEMETRY_T = ("struct", [("sensor_id", "str")] + [(r, "f64") for r in READINGS])
NODE_T = ("struct", [("id", "u16"), ("name", "str"), ("out_edges", ("seq", "u32")), ("in_edges", ("seq", "u32"))])
EDGE_T = ("struct", [("from", "u32"), ("to", "u32"), ("weight", "u16")])
GRAPH_T = ("struct", [("nodes", ("seq", NODE_T)), ("edges", ("seq", EDGE_T))])
RECORDS_T = ("struct", [("ids", ("seq", "i64")), ("strings", ("seq", "str"))])
MEDIA_T = (
    "struct",
    [
        ("uri", "str"),
        ("title", ("opt", "str")),
        ("width", "i32"),
        ("height", "i32"),
        ("format", "str"),
        ("duration", "i64"),
        ("size", "i64"),
        ("bitrate", ("opt", "i32")),
        ("persons", ("seq", "str")),
        ("player", ("enum", ["JAVA", "FLASH"])),
        ("copyright", ("opt", "str")),
    ],
)
IMAGE_T = (
    "struct",
    [
        ("uri", "str"),
        ("title", ("opt", "str")),
        ("width", "i32"),
        ("height", "i32"),
        ("size", ("enum", ["SMALL", "LARGE"])),
    ],
)
MEDIA_CONTENT_T = ("struct", [("media", MEDIA_T), ("images", ("seq", IMAGE_T))])


def header(uuid, name, color):
    return {"id": uuid, "name": name, "color": color, "created": CREATED}


VALUES = {
    "task-manager": (
        TM_T,
        {
            "user": "Demo User",
            "version": [1, 0, 0],
            "lists": [
                {
                    "header": header(UUID1, "Work", 0xFFFF0000),
                    "tasks": [
                        {
                            "header": header(UUID2, "Task 0-0", 0xFF00FF00),
                            "description": "Finish quarterly report",
                            "priority": 2,
                            "completed": True,
                        }
                    ],
                }
            ],
        },
    ),
    "telemetry": (
        TELEMETRY_T,
        dict(
            [("sensor_id", "AB12CD34")]
            + list(zip(READINGS, [21.5, 36.25, -0.5, 0.125, 9.75, 312.0, 1500.5, 57.25]))
        ),
    ),
    "graph": (
        GRAPH_T,
        {
            "nodes": [
                {"id": 0, "name": "alpha", "out_edges": [0], "in_edges": [1]},
                {"id": 1, "name": "beta", "out_edges": [1], "in_edges": [0]},
            ],
            "edges": [{"from": 0, "to": 1, "weight": 17}, {"from": 1, "to": 0, "weight": 3}],
        },
    ),
    "records": (RECORDS_T, {"ids": [1, -2, 1 << 62, -(1 << 63)], "strings": ["shgfkghsdf", "x"]}),
    "media": (
        MEDIA_CONTENT_T,
        {
            "media": {
                "uri": "http://javaone.com/keynote.mpg",
                "title": "Javaone Keynote",
                "width": 640,
                "height": 480,
                "format": "video/mpg4",
                "duration": 18000000,
                "size": 58982400,
                "bitrate": 262144,
                "persons": ["Bill Gates", "Steve Jobs\uc2a4"],
                "player": "JAVA",
                "copyright": None,
            },
            "images": [
                {"uri": "http://javaone.com/a.jpg", "title": "A", "width": 1024, "height": 768, "size": "LARGE"},
                {"uri": "http://javaone.com/b.jpg", "title": None, "width": 320, "height": 240, "size": "SMALL"},
            ],
        },
    ),
}

SERDE_FORMATS = ("json", "cbor", "msgpack", "bincode", "postcard")
COMPACT = ("bincode", "postcard")


def generic(fmt, ds, t, v):
    """The typed value v as the generic tree fmt writes."""
    compact = fmt in COMPACT
    qt_cbor = fmt == "cbor" and ds == "task-manager"
    if isinstance(t, tuple):
        kind = t[0]
        if kind == "struct":
            return Pairs((name, generic(fmt, ds, ft, v[name])) for name, ft in t[1])
        if kind == "seq":
            return [generic(fmt, ds, t[1], x) for x in v]
        if kind == "opt":
            if v is None:
                return None
            inner = generic(fmt, ds, t[1], v)
            return Some(inner) if compact else inner
        if kind == "enum":
            return Var(t[1].index(v)) if compact else v
        raise ValueError(kind)
    if t == "str":
        return v
    if t == "uuid":
        if fmt == "json":
            return uuid_text(v)
        return Tag(37, v) if qt_cbor else v
    if t == "color":
        if fmt == "json" or qt_cbor:
            return color_text(v)
        return Var(v) if compact else v
    if t == "time":
        if fmt == "json":
            return CREATED_TEXT
        if qt_cbor:
            return Tag(0, CREATED_TEXT)
        if compact:
            return Pairs([("seconds", ZVar(v[0])), ("nanos", Var(v[1])), ("offset", ZVar(v[2]))])
        return list(v)
    if t == "version":
        if fmt == "json" or qt_cbor:
            return ".".join(str(x) for x in v)
        return [Var(x) for x in v] if compact else list(v)
    if t in ("prio",):
        return U8(v) if compact else v
    if t == "bool":
        return U8(int(v)) if compact else v
    if t in ("u16", "u32"):
        return Var(v) if compact else v
    if t in ("i32", "i64"):
        return ZVar(v) if compact else v
    if t == "f64":
        return F64(v) if compact else float(v)
    raise ValueError(t)


class Serializer:
    def __init__(self, fmt):
        self.fmt = fmt
        self.out = bytearray()

    def run(self, node):
        try:
            self.node(node)
        except Stop:
            pass
        return bytes(self.out)

    def node(self, x):
        fmt = self.fmt
        if isinstance(x, Raw):
            self.out += x.data
            if x.stop:
                raise Stop(self.out)
            return
        if isinstance(x, LenBomb):
            self.out += self.len_head(x.orig, x.n) + x.payload
            raise Stop(self.out)
        if fmt == "json":
            self.json(x)
        elif fmt == "cbor":
            self.cbor(x)
        elif fmt == "msgpack":
            self.msgpack(x)
        else:
            self.compact(x)

    def len_head(self, orig, n):
        fmt = self.fmt
        if fmt == "cbor":
            if isinstance(orig, Tag):
                return cbor_head(6, orig.tag) + self.len_head(orig.value, n)
            major = {str: 3, BadText: 3, bytes: 2, list: 4, Pairs: 5}[type(orig)]
            return cbor_head(major, n)
        if fmt == "msgpack":
            if isinstance(orig, (str, BadText)):
                return mp_str_head(n)
            if isinstance(orig, bytes):
                return mp_bin_head(n)
            if isinstance(orig, Pairs):
                return mp_map_head(n)
            return mp_array_head(n)
        if fmt == "bincode":
            return bincode_varint(n)
        return leb128(n)

    def json(self, x):
        out = self.out
        if x is None:
            out += b"null"
        elif isinstance(x, bool):
            out += b"true" if x else b"false"
        elif isinstance(x, (int, float, str)):
            out += json.dumps(x, ensure_ascii=False).encode()
        elif isinstance(x, BadText):
            out += b'"' + x.data + b'"'
        elif isinstance(x, Pairs):
            out += b"{"
            for i, (k, v) in enumerate(x):
                if i:
                    out += b","
                out += json.dumps(k).encode() + b":"
                self.node(v)
            out += b"}"
        elif isinstance(x, list):
            out += b"["
            for i, v in enumerate(x):
                if i:
                    out += b","
                self.node(v)
            out += b"]"
        else:
            raise TypeError(type(x))

    def cbor(self, x):
        out = self.out
        if x is None:
            out += b"\xf6"
        elif isinstance(x, bool):
            out += b"\xf5" if x else b"\xf4"
        elif isinstance(x, int):
            out += cbor_head(0, x) if x >= 0 else cbor_head(1, -1 - x)
        elif isinstance(x, float):
            out += b"\xfb" + struct.pack(">d", x)
        elif isinstance(x, str):
            b = x.encode()
            out += cbor_head(3, len(b)) + b
        elif isinstance(x, BadText):
            out += cbor_head(3, len(x.data)) + x.data
        elif isinstance(x, bytes):
            out += cbor_head(2, len(x)) + x
        elif isinstance(x, Tag):
            out += cbor_head(6, x.tag)
            self.node(x.value)
        elif isinstance(x, Pairs):
            out += cbor_head(5, len(x))
            for k, v in x:
                self.node(k)
                self.node(v)
        elif isinstance(x, list):
            out += cbor_head(4, len(x))
            for v in x:
                self.node(v)
        else:
            raise TypeError(type(x))

    def msgpack(self, x):
        out = self.out
        if x is None:
            out += b"\xc0"
        elif isinstance(x, bool):
            out += b"\xc3" if x else b"\xc2"
        elif isinstance(x, int):
            out += mp_int(x)
        elif isinstance(x, float):
            out += b"\xcb" + struct.pack(">d", x)
        elif isinstance(x, str):
            b = x.encode()
            out += mp_str_head(len(b)) + b
        elif isinstance(x, BadText):
            out += mp_str_head(len(x.data)) + x.data
        elif isinstance(x, bytes):
            out += mp_bin_head(len(x)) + x
        elif isinstance(x, Pairs):
            out += mp_map_head(len(x))
            for k, v in x:
                self.node(k)
                self.node(v)
        elif isinstance(x, list):
            out += mp_array_head(len(x))
            for v in x:
                self.node(v)
        else:
            raise TypeError(type(x))

    def compact(self, x):
        out = self.out
        varint = bincode_varint if self.fmt == "bincode" else leb128
        if x is None:
            out += b"\x00"
        elif isinstance(x, Some):
            out += b"\x01"
            self.node(x.value)
        elif isinstance(x, U8):
            out += bytes([x & 0xFF])
        elif isinstance(x, ZVar):
            out += varint(zigzag(int(x)))
        elif isinstance(x, Var):
            out += varint(int(x))
        elif isinstance(x, F64):
            out += struct.pack("<d", x)
        elif isinstance(x, str):
            b = x.encode()
            out += varint(len(b)) + b
        elif isinstance(x, BadText):
            out += varint(len(x.data)) + x.data
        elif isinstance(x, bytes):
            out += varint(len(x)) + x
        elif isinstance(x, Pairs):
            for _, v in x:
                self.node(v)
        elif isinstance(x, list):
            out += varint(len(x))
            for v in x:
                self.node(v)
        else:
            raise TypeError(type(x))


def walk(node, path=()):
    """Every (path, node) of a generic tree, parents first."""
    yield path, node
    if isinstance(node, Pairs):
        for k, v in node:
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))
    elif isinstance(node, Tag):
        pass
    elif isinstance(node, Some):
        yield from walk(node.value, path)


def replace(node, path, make):
    """A copy of the tree with the node at path replaced by make(old)."""
    if not path:
        return make(node)
    head, rest = path[0], path[1:]
    if isinstance(node, Some):
        return Some(replace(node.value, path, make))
    if isinstance(node, Pairs):
        return Pairs((k, replace(v, rest, make) if k == head else v) for k, v in node)
    if isinstance(node, list):
        return [replace(v, rest, make) if i == head else v for i, v in enumerate(node)]
    raise KeyError(path)


def path_text(path):
    text = ""
    for p in path:
        text += f"[{p}]" if isinstance(p, int) else ("." if text else "") + str(p)
    return text or "(root)"


def lengthy(fmt, node):
    if isinstance(node, Some):
        return False
    if fmt in ("cbor", "msgpack"):
        if isinstance(node, Tag):
            return isinstance(node.value, (str, bytes))
        return isinstance(node, (str, bytes, list, Pairs))
    if fmt in COMPACT:
        return isinstance(node, (str, bytes, list)) and not isinstance(node, Pairs)
    return False


def length_sizes(fmt):
    if fmt == "msgpack":
        # MessagePack's lengths are 32-bit: 2^32 and 2^63 cannot be written.
        return [(1 << 31, "2^31"), ((1 << 32) - 1, "2^32-1 (max)")]
    return [(1 << 31, "2^31"), (1 << 32, "2^32"), (1 << 63, "2^63"), ((1 << 64) - 1, "2^64-1")]


def wrong_value(node):
    """A value of another type than node, in the generic tree."""
    if isinstance(node, bool):
        return 1
    if isinstance(node, (int, float)):
        return "12"
    if isinstance(node, (str, Tag)):
        return 12345
    if isinstance(node, bytes):
        return "sixteen bytes!!!"
    if isinstance(node, Pairs):
        return [1, 2]
    if isinstance(node, list):
        return Pairs([("a", 1)])
    if node is None:
        return 0
    return None


def serde_bombs(fmt, ds):
    """Cases for one serde format and dataset: a control, then bombs."""
    t, v = VALUES[ds]
    tree = generic(fmt, ds, t, v)
    ser = lambda node: Serializer(fmt).run(node)  # noqa: E731
    family = f"{fmt}/{ds} value"
    yield Case(fmt, ds, "control", "valid value built here", ser(tree), "accept", family=family)
    nodes = list(walk(tree))
    # Declared lengths.
    for path, node in nodes:
        if not lengthy(fmt, node):
            continue
        for n, name in length_sizes(fmt):
            bomb = replace(tree, path, lambda old, n=n: LenBomb(n, old))
            yield Case(fmt, ds, "length", f"{path_text(path)} declares {name}", ser(bomb), "reject", family=family)
        bomb = replace(tree, path, lambda old: LenBomb(len(PAYLOAD) + 1, old))
        yield Case(fmt, ds, "length", f"{path_text(path)} declares one byte more than it has", ser(bomb), "reject", family=family)
    if fmt in COMPACT:
        return
    # Wrong types, duplicate and unknown keys, for the self-describing formats.
    for path, node in nodes:
        if not path:
            continue
        wrong = wrong_value(node)
        if wrong is None:
            continue
        bomb = replace(tree, path, lambda old, w=wrong: w)
        yield Case(fmt, ds, "type", f"{path_text(path)} of the wrong type", ser(bomb), "reject", family=family)
    for path, node in nodes:
        if isinstance(node, Pairs) and node:
            first_key, first_value = node[0]
            dup = replace(tree, path, lambda old: Pairs(list(old) + [(old[0][0], old[0][1])]))
            yield Case(fmt, ds, "duplicate", f"{path_text(path)}: key {first_key!r} twice", ser(dup), "reject", family=family)
            extra = replace(tree, path, lambda old: Pairs(list(old) + [("unknown_field", 1)]))
            yield Case(fmt, ds, "unknown-key", f"{path_text(path)}: an unknown key", ser(extra), "reject", family=family)
            missing = replace(tree, path, lambda old: Pairs(list(old)[1:]))
            yield Case(fmt, ds, "missing-key", f"{path_text(path)}: {first_key!r} missing", ser(missing), "reject", family=family)
    # Invalid UTF-8 in every text.
    for path, node in nodes:
        if isinstance(node, str) and path:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                bomb = replace(tree, path, lambda old, b=bad: BadText(b"ok" + b))
                yield Case(fmt, ds, "utf8", f"{path_text(path)} holds {what}", ser(bomb), "reject", family=family)


def compact_bombs(fmt, ds):
    """Bombs particular to bincode and postcard (lengths come from serde_bombs)."""
    t, v = VALUES[ds]
    tree = generic(fmt, ds, t, v)
    ser = lambda node: Serializer(fmt).run(node)  # noqa: E731
    family = f"{fmt}/{ds} value"
    nodes = list(walk(tree))
    varint = bincode_varint if fmt == "bincode" else leb128
    for path, node in nodes:
        if isinstance(node, str) and path:
            for bad, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "surrogate D800")):
                bomb = replace(tree, path, lambda old, b=bad: BadText(b"ok" + b))
                yield Case(fmt, ds, "utf8", f"{path_text(path)} holds {what}", ser(bomb), "reject", family=family)
    first_len = next(p for p, n in nodes if lengthy(fmt, n))
    if fmt == "bincode":
        for marker, what in ((b"\xfe", "254 (u128 marker)"), (b"\xff", "255 (reserved)")):
            bomb = replace(tree, first_len, lambda old, m=marker: Raw(m + b"\x01" * 16, stop=True))
            yield Case(fmt, ds, "varint", f"{path_text(first_len)} length marker {what}", ser(bomb), "reject", family=family)
        bomb = replace(tree, first_len, lambda old: Raw(b"\xfd" + b"\x01\x02", stop=True))
        yield Case(fmt, ds, "varint", f"{path_text(first_len)} u64 marker then 2 bytes", ser(bomb), "reject", family=family)
    else:
        bomb = replace(tree, first_len, lambda old: Raw(b"\x80" * 10 + b"\x01", stop=False))
        yield Case(fmt, ds, "varint", f"{path_text(first_len)} length as an 11-byte varint", ser(bomb), "reject", family=family)
        bomb = replace(tree, first_len, lambda old: Raw(b"\xff" * 9 + b"\x7f", stop=False))
        yield Case(fmt, ds, "varint", f"{path_text(first_len)} length varint over 2^64", ser(bomb), "reject", family=family)
        bomb = replace(tree, first_len, lambda old: Raw(b"\x80" * 64, stop=True))
        yield Case(fmt, ds, "varint", f"{path_text(first_len)} endless varint", ser(bomb), "reject", family=family)
    for path, node in nodes:
        name = path[-1] if path else None
        if isinstance(node, U8) and name == "priority":
            for value in (4, 255):
                bomb = replace(tree, path, lambda old, x=value: U8(x))
                yield Case(fmt, ds, "enum", f"{path_text(path)} = {value}", ser(bomb), "reject", family=family)
        if isinstance(node, U8) and name == "completed":
            bomb = replace(tree, path, lambda old: U8(2))
            yield Case(fmt, ds, "type", f"{path_text(path)} bool byte 2", ser(bomb), "reject", family=family)
        if name in ("player", "size") and isinstance(node, Var) and ds == "media":
            for value in (2, 0xFFFFFFFF):
                bomb = replace(tree, path, lambda old, x=value: Var(x))
                yield Case(fmt, ds, "enum", f"{path_text(path)} variant {value}", ser(bomb), "reject", family=family)
        if name == "title" and ds == "media":
            bomb = replace(tree, path, lambda old: Raw(b"\x02"))
            yield Case(fmt, ds, "type", f"{path_text(path)} option tag 2", ser(bomb), "reject", family=family)
        if name == "color":
            bomb = replace(tree, path, lambda old: Raw(varint(1 << 40)))
            yield Case(fmt, ds, "range", f"{path_text(path)} = 2^40 (not a u32)", ser(bomb), "reject", family=family)
        if name == "id" and isinstance(node, bytes):
            for n in (15, 17):
                bomb = replace(tree, path, lambda old, n=n: bytes(n))
                yield Case(fmt, ds, "range", f"{path_text(path)} of {n} bytes", ser(bomb), "reject", family=family)
        if name == "id" and isinstance(node, Var):
            bomb = replace(tree, path, lambda old: Var(65536))
            yield Case(fmt, ds, "range", f"{path_text(path)} = 65536 (not a u16)", ser(bomb), "reject", family=family)
        if name == "nanos":
            bomb = replace(tree, path, lambda old: Var(1_000_000_000))
            yield Case(fmt, ds, "range", f"{path_text(path)} = 10^9", ser(bomb), "reject", family=family)
        if name == "offset":
            bomb = replace(tree, path, lambda old: ZVar(100_000))
            yield Case(fmt, ds, "range", f"{path_text(path)} = 100000 s", ser(bomb), "reject", family=family)
        if name == "seconds":
            bomb = replace(tree, path, lambda old: ZVar((1 << 63) - 1))
            yield Case(fmt, ds, "range", f"{path_text(path)} = i64::MAX", ser(bomb), "reject", family=family)
        if name == "version" and isinstance(node, list):
            bomb = replace(tree, path + (0,), lambda old: Var(1 << 40))
            yield Case(fmt, ds, "range", f"{path_text(path)}[0] = 2^40 (not a u32)", ser(bomb), "reject", family=family)


def text_format_bombs(fmt, ds):
    """Bombs particular to json, cbor and msgpack."""
    t, v = VALUES[ds]
    tree = generic(fmt, ds, t, v)
    ser = lambda node: Serializer(fmt).run(node)  # noqa: E731
    family = f"{fmt}/{ds} value"
    nodes = list(walk(tree))

    def enc(x):
        return Serializer(fmt).run(x)

    for path, node in nodes:
        name = path[-1] if path else None
        if name == "priority":
            for value, what in ((4, "4"), (-1, "-1"), ((1 << 64) - 1, "2^64-1"), (2.0, "2.0"), (True, "true")):
                bomb = replace(tree, path, lambda old, x=value: x)
                yield Case(fmt, ds, "enum", f"{path_text(path)} = {what}", ser(bomb), "reject", family=family)
        if name in ("player", "size") and ds == "media" and isinstance(node, str):
            for value in ("QUICKTIME", "java", ""):
                bomb = replace(tree, path, lambda old, x=value: x)
                yield Case(fmt, ds, "enum", f"{path_text(path)} = {value!r}", ser(bomb), "reject", family=family)
        if name == "id" and ds == "graph":
            bomb = replace(tree, path, lambda old: 65536)
            yield Case(fmt, ds, "range", f"{path_text(path)} = 65536 (not a u16)", ser(bomb), "reject", family=family)
        if name == "width" and ds == "media":
            bomb = replace(tree, path, lambda old: 1 << 31)
            yield Case(fmt, ds, "range", f"{path_text(path)} = 2^31 (not an i32)", ser(bomb), "reject", family=family)
    if ds == "task-manager":
        hdr = ("lists", 0, "tasks", 0, "header")
        if fmt == "json":
            texts = {
                "id": ["67e55044-10b1-426f-9247-bb680e5fe0c", "{67e55044-10b1-426f-9247-bb680e5fe0c8", "zze55044-10b1-426f-9247-bb680e5fe0c8"],
                "color": ["#ff00", "red", "#gg0000", "#ff0000ff00"],
                "created": ["2025-13-03T09:00:00.000Z", "2025-11-03 09:00", "", "10000-01-01T00:00:00.000Z", "2025-11-03T09:00:00.000+24:00"],
            }
        elif fmt == "cbor":
            texts = {
                "id": [Tag(37, bytes(15)), Tag(37, bytes(17)), UUID2, Tag(37, uuid_text(UUID2)), Tag(38, UUID2)],
                "color": ["#ff00", "red", "#gg0000"],
                "created": [Tag(1, 1762160400), CREATED_TEXT, Tag(0, 1762160400), Tag(0, "2025-13-03T09:00:00.000Z"), Tag(0, Tag(0, CREATED_TEXT))],
            }
        else:
            texts = {
                "id": [bytes(15), bytes(17), uuid_text(UUID2)],
                "color": [1 << 40, -1, "#ff0000"],
                "created": [[1762160400, 0], [1762160400, 0, 0, 0], [1762160400, 1_000_000_000, 0], [1 << 62, 0, 0], [1762160400, 0, 100_000]],
            }
        for field, values in texts.items():
            for value in values:
                bomb = replace(tree, hdr + (field,), lambda old, x=value: x)
                yield Case(fmt, ds, "value", f"{path_text(hdr + (field,))} = {describe(value)}", ser(bomb), "reject", family=family)
        if fmt == "json":
            # Qt's QUuid::toString writes braces; the forms module reads them (documented).
            bomb = replace(tree, hdr + ("id",), lambda old: "{" + uuid_text(UUID2) + "}")
            yield Case(fmt, ds, "survive", "braced id (documented as read)", ser(bomb), "survive", family=family)
        version_bad = ["1..0", "4294967296.0", "-1.0", "1.0.0.", "a.b"] if fmt in ("json", "cbor") else [[1 << 32], [-1], ["1"]]
        for value in version_bad:
            bomb = replace(tree, ("version",), lambda old, x=value: x)
            yield Case(fmt, ds, "value", f"version = {describe(value)}", ser(bomb), "reject", family=family)
    if fmt == "msgpack":
        # rmp-serde's documented alternative: a struct as the array of its fields.
        def as_arrays(node):
            if isinstance(node, Pairs):
                return [as_arrays(v) for _, v in node]
            if isinstance(node, list):
                return [as_arrays(v) for v in node]
            return node

        yield Case(fmt, ds, "control", "structs as arrays of their fields", enc(as_arrays(tree)), "accept", family=family)
        short = list(as_arrays(tree))[:-1]
        yield Case(fmt, ds, "missing-key", "root struct as an array one field short", enc(short), "reject", family=family)
        longer = list(as_arrays(tree)) + [1]
        yield Case(fmt, ds, "unknown-key", "root struct as an array one field long", enc(longer), "reject", family=family)


def describe(value):
    if isinstance(value, Tag):
        return f"{value.tag}({describe(value.value)})"
    if isinstance(value, bytes):
        return f"{len(value)} bytes"
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."


def raw_json_bombs():
    ds = "task-manager"
    base = Serializer("json").run(generic("json", ds, *VALUES[ds]))
    fam = "json/task-manager value"

    def case(cls, label, data, expect="reject", d=ds):
        return Case("json", d, cls, label, data, expect, family=fam)

    lists_at = base.index(b'"lists":') + len(b'"lists":')
    yield case("nesting", f"{DEEP} nested arrays, unclosed", b"[" * DEEP)
    yield case("nesting", f"{DEEP} nested arrays, closed", b"[" * DEEP + b"]" * DEEP)
    yield case("nesting", f"{DEEP} nested objects", b'{"a":' * DEEP + b"1" + b"}" * DEEP)
    yield case("nesting", f"lists = {DEEP} nested arrays", base[:lists_at] + b"[" * DEEP + b"]" * DEEP + b"}")
    yield case("nesting", f"user = {DEEP} nested arrays", b'{"user":' + b"[" * DEEP + b"]" * DEEP + base[base.index(b',"version"'):])
    pri = base.index(b'"priority":2')
    for text in (b"1e999999", b"1" + b"0" * 100_000, b"-" + b"9" * 100_000, b"1e-999999", b"0x2", b"02", b"+2", b"2.", b".2", b"NaN", b"Infinity", b"1E2"):
        yield case("number", f"priority = {text[:12].decode()}{'...' if len(text) > 12 else ''}", base[:pri] + b'"priority":' + text + base[pri + 12:])
    yield case("survive", "priority = -0", base[:pri] + b'"priority":-0' + base[pri + 12:], "survive")
    user = base.index(b'"Demo User"')
    end = user + len(b'"Demo User"')
    for text, what in (
        (b'"\\ud800"', "lone surrogate escape"),
        (b'"\\udc00\\ud800"', "reversed surrogate pair"),
        (b'"a\x01b"', "raw control character"),
        (b'"a\\x41"', "invalid escape"),
        (b'"\\u00"', "short \\u escape"),
        (b'"abc', "unterminated string"),
        (b"'Demo'", "single quotes"),
        (b'"' + b"\\u0041" * 200_000 + b'"\x00', "200 000 escapes then NUL"),
    ):
        yield case("string", f"user: {what}", base[:user] + text + base[end:])
    yield case("syntax", "trailing comma", base[:-1] + b",}")
    yield case("syntax", "comment", b"/* c */" + base)
    yield case("syntax", "NUL before the value", b"\x00" + base)
    yield case("syntax", "two values", base + base)
    for text in (b"", b" ", b"null", b"[]", b"{}", b"0", b'"x"', b"true"):
        yield case("type", f"document {text.decode() or '(empty)'!r}", text)
    yield case("unknown-key", f"{DEEP} unknown keys", ("{" + ",".join(f'"k{i}":1' for i in range(DEEP)) + "}").encode())
    yield case("terminal", "an unknown key holding ESC [31m", b'{"\\u001b[31mRED\\u001b[0m":1}')
    yield case("survive", "UTF-8 BOM before the value", b"\xef\xbb\xbf" + base, "survive")
    yield case("survive", "4 MiB of whitespace first", b" " * AMPLIFY_BYTES + base, "survive")
    yield case("survive", "4 MiB user name", base[:user] + b'"' + b"A" * AMPLIFY_BYTES + b'"' + base[end:], "survive")
    tel = Serializer("json").run(generic("json", "telemetry", *VALUES["telemetry"]))
    at = tel.index(b"21.5")
    for text in (b"NaN", b"Infinity", b"-Infinity", b"1e400"):
        yield Case("json", "telemetry", "number", f"ambient_temperature = {text.decode()}", tel[:at] + text + tel[at + 4:], "reject", family="json/telemetry value")


def raw_cbor_bombs():
    ds = "task-manager"
    tree = generic("cbor", ds, *VALUES[ds])
    base = Serializer("cbor").run(tree)
    fam = "cbor/task-manager value"

    def case(cls, label, data, expect="reject", d=ds):
        return Case("cbor", d, cls, label, data, expect, family=fam)

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


def raw_msgpack_bombs():
    ds = "task-manager"
    tree = generic("msgpack", ds, *VALUES[ds])
    base = Serializer("msgpack").run(tree)
    fam = "msgpack/task-manager value"

    def case(cls, label, data, expect="reject", d=ds):
        return Case("msgpack", d, cls, label, data, expect, family=fam)

    def with_user(raw):
        return Serializer("msgpack").run(replace(tree, ("user",), lambda old: Raw(raw)))

    yield case("nesting", f"{DEEP} nested arrays", b"\x91" * DEEP + b"\xc0")
    yield case("nesting", f"{DEEP} nested array16s", b"\xdc\x00\x01" * DEEP + b"\xc0")
    yield case("nesting", f"{DEEP} nested maps", b"\x81\xa1a" * DEEP + b"\xc0")
    yield case("nesting", f"user = {DEEP} nested arrays", with_user(b"\x91" * DEEP + b"\xc0"))
    yield case("nesting", f"lists = {DEEP} nested arrays", Serializer("msgpack").run(replace(tree, ("lists",), lambda old: Raw(b"\x91" * DEEP + b"\x90"))))
    for n, what in ((1 << 31, "2^31"), ((1 << 32) - 1, "2^32-1")):
        yield case("length", f"user = ext 32 declaring {what}", with_user(b"\xc9" + struct.pack(">I", n) + b"\x01" + PAYLOAD))
        yield case("length", f"root map 32 declaring {what}", b"\xdf" + struct.pack(">I", n) + b"\xa4user")
        yield case("length", f"root array 32 declaring {what}", b"\xdd" + struct.pack(">I", n) + b"\xa4user")
    for raw, what in (
        (b"\xc1", "reserved byte c1"),
        (b"\xd4\x01\x00", "fixext 1"),
        (b"\xd6\xff" + le32(0), "timestamp ext -1"),
        (b"\xc4\x09Demo User", "bin 8 instead of str"),
        (b"\xdb\x00\x00\x00\x09Demo Use", "str 32, one byte short"),
    ):
        expect = "survive" if "bin 8" in what else "reject"
        yield case("type", f"user = {what}", with_user(raw), expect)
    color = ("lists", 0, "header", "color")
    yield case("type", "color = timestamp ext -1", Serializer("msgpack").run(replace(tree, color, lambda old: Raw(b"\xd6\xff" + le32(0)))))
    yield case("type", "created = timestamp ext -1", Serializer("msgpack").run(replace(tree, ("lists", 0, "header", "created"), lambda old: Raw(b"\xd6\xff" + le32(0)))))
    yield case("type", "map with an integer key", b"\x81\x01\x00")
    yield case("survive", "user length in a str 32 head", with_user(b"\xdb" + struct.pack(">I", 9) + b"Demo User"), "survive")
    for text in (b"", b"\xc0", b"\x90", b"\x80", b"\x00"):
        yield case("type", f"document {text.hex() or '(empty)'}", text)


# -------------------------------------------------------------------------
# Protocol Buffers


PACKED = ("version", "out_edges", "in_edges", "edge_from", "edge_to", "edge_weight", "ids")


class PMsg(list):
    """A message: (name, field number, wire type, value) tuples."""


def pb_key(no, wt):
    return leb128(no << 3 | wt)


def pb_varint(n):
    return leb128(n & 0xFFFFFFFFFFFFFFFF)


def pb_packed(items, zig=False):
    return b"".join(pb_varint(zigzag(x) if zig else x) for x in items)


def pb_header(h):
    return PMsg(
        [
            ("id", 1, 2, h["id"]),
            ("name", 2, 2, h["name"].encode()),
            ("color", 3, 5, le32(h["color"])),
            ("created_seconds", 4, 0, zigzag(h["created"][0])),
            ("created_nanos", 5, 5, le32(h["created"][1])),
            ("created_offset_seconds", 6, 0, zigzag(h["created"][2])),
        ]
    )


def pb_value(ds, v):
    if ds == "task-manager":
        lists = []
        for i, lst in enumerate(v["lists"]):
            tasks = [
                (
                    f"tasks[{j}]",
                    2,
                    2,
                    PMsg(
                        [
                            ("header", 1, 2, pb_header(t["header"])),
                            ("description", 2, 2, t["description"].encode()),
                            ("priority", 3, 0, t["priority"]),
                            ("completed", 4, 0, int(t["completed"])),
                        ]
                    ),
                )
                for j, t in enumerate(lst["tasks"])
            ]
            lists.append((f"lists[{i}]", 3, 2, PMsg([("header", 1, 2, pb_header(lst["header"]))] + tasks)))
        return PMsg([("user", 1, 2, v["user"].encode()), ("version", 2, 2, pb_packed(v["version"]))] + lists)
    if ds == "telemetry":
        return PMsg([("sensor_id", 1, 2, v["sensor_id"].encode())] + [(r, 2 + i, 1, struct.pack("<d", v[r])) for i, r in enumerate(READINGS)])
    if ds == "graph":
        nodes = [
            (
                f"nodes[{i}]",
                1,
                2,
                PMsg(
                    [
                        ("id", 1, 0, n["id"]),
                        ("name", 2, 2, n["name"].encode()),
                        ("out_edges", 3, 2, pb_packed(n["out_edges"])),
                        ("in_edges", 4, 2, pb_packed(n["in_edges"])),
                    ]
                ),
            )
            for i, n in enumerate(v["nodes"])
        ]
        edges = v["edges"]
        return PMsg(
            nodes
            + [
                ("edge_from", 2, 2, pb_packed([e["from"] for e in edges])),
                ("edge_to", 3, 2, pb_packed([e["to"] for e in edges])),
                ("edge_weight", 4, 2, pb_packed([e["weight"] for e in edges])),
            ]
        )
    if ds == "records":
        return PMsg([("ids", 1, 2, pb_packed(v["ids"], zig=True))] + [(f"strings[{i}]", 2, 2, s.encode()) for i, s in enumerate(v["strings"])])
    if ds == "media":
        m = v["media"]
        media = PMsg(
            [("uri", 1, 2, m["uri"].encode())]
            + ([("title", 2, 2, m["title"].encode())] if m["title"] is not None else [])
            + [
                ("width", 3, 0, m["width"]),
                ("height", 4, 0, m["height"]),
                ("format", 5, 2, m["format"].encode()),
                ("duration", 6, 0, m["duration"]),
                ("size", 7, 0, m["size"]),
            ]
            + ([("bitrate", 8, 0, m["bitrate"])] if m["bitrate"] is not None else [])
            + [(f"persons[{i}]", 9, 2, p.encode()) for i, p in enumerate(m["persons"])]
            + [("player", 10, 0, ["JAVA", "FLASH"].index(m["player"]))]
        )
        images = [
            (
                f"images[{i}]",
                1,
                2,
                PMsg(
                    [("uri", 1, 2, im["uri"].encode())]
                    + ([("title", 2, 2, im["title"].encode())] if im["title"] is not None else [])
                    + [("width", 3, 0, im["width"]), ("height", 4, 0, im["height"]), ("size", 5, 0, ["SMALL", "LARGE"].index(im["size"]))]
                ),
            )
            for i, im in enumerate(v["images"])
        ]
        return PMsg(images + [("media", 2, 2, media)])
    raise ValueError(ds)


def pb_serialize(msg, mods=None, prefix=""):
    """Bytes of msg; mods maps a field path to LenBomb(n) or Raw(bytes of key + value)."""
    mods = mods or {}
    out = bytearray()
    for name, no, wt, value in msg:
        path = prefix + name
        mod = mods.get(path)
        if isinstance(mod, LenBomb):
            out += pb_key(no, 2) + pb_varint(mod.n) + mod.payload
            raise Stop(out)
        if isinstance(mod, Raw):
            out += mod.data
            if mod.stop:
                raise Stop(out)
            continue
        out += pb_key(no, wt)
        if wt == 0:
            out += pb_varint(value)
        elif wt in (1, 5):
            out += value
        elif isinstance(value, PMsg):
            try:
                inner = pb_serialize(value, mods, path + ".")
            except Stop as stop:
                out += pb_varint(len(stop.data)) + stop.data
                raise Stop(out) from None
            out += pb_varint(len(inner)) + inner
        else:
            out += pb_varint(len(value)) + value
    return bytes(out)


def pb_paths(msg, prefix=""):
    for name, no, wt, value in msg:
        path = prefix + name
        yield path, no, wt, value
        if isinstance(value, PMsg):
            yield from pb_paths(value, path + ".")


def pb_run(msg, mods):
    try:
        return pb_serialize(msg, mods)
    except Stop as stop:
        return bytes(stop.data)


def protobuf_bombs(ds):
    fmt = "protobuf"
    msg = pb_value(ds, VALUES[ds][1])
    family = f"protobuf/{ds} value"
    base = pb_serialize(msg)
    yield Case(fmt, ds, "control", "valid value built here", base, "accept", family=family)
    for path, no, wt, value in pb_paths(msg):
        if wt != 2:
            continue
        for n, name in length_sizes(fmt):
            yield Case(fmt, ds, "length", f"{path} declares {name}", pb_run(msg, {path: LenBomb(n, None)}), "reject", family=family)
        yield Case(fmt, ds, "length", f"{path} declares one byte more than it has", pb_run(msg, {path: LenBomb(len(PAYLOAD) + 1, None)}), "reject", family=family)
        yield Case(fmt, ds, "varint", f"{path} length as an 11-byte varint", pb_run(msg, {path: Raw(pb_key(no, 2) + b"\x80" * 10 + b"\x01", stop=True)}), "reject", family=family)
        packed = path.rsplit(".", 1)[-1] in PACKED
        # A packed repeated field may come unpacked: wire type 0 is legal there.
        yield Case(fmt, ds, "type", f"{path} with wire type 0", pb_run(msg, {path: Raw(pb_key(no, 0) + b"\x01")}), "survive" if packed else "reject", family=family)
        if not isinstance(value, PMsg) and not packed and not path.endswith(".id"):
            yield Case(fmt, ds, "utf8", f"{path} holds ff fe", pb_run(msg, {path: Raw(pb_key(no, 2) + b"\x04ok\xff\xfe")}), "reject", family=family)
    first = msg[0]
    yield Case(fmt, ds, "varint", "a key as an 11-byte varint", b"\x80" * 10 + b"\x01" + base, "reject", family=family)
    yield Case(fmt, ds, "varint", "a key varint over 2^64", b"\xff" * 9 + b"\x7f" + base, "reject", family=family)
    yield Case(fmt, ds, "varint", "an endless varint", base + pb_key(15, 0) + b"\xff" * 64, "reject", family=family)
    for wt in (6, 7):
        yield Case(fmt, ds, "syntax", f"wire type {wt}", base + pb_key(15, wt) + b"\x00", "reject", family=family)
    yield Case(fmt, ds, "syntax", "field number 0", base + b"\x00\x00", "reject", family=family)
    yield Case(fmt, ds, "syntax", "field number 2^29 (over the maximum)", base + pb_key(1 << 29, 0) + b"\x00", "reject", family=family)
    yield Case(fmt, ds, "syntax", "end group without a start", base + pb_key(15, 4), "reject", family=family)
    yield Case(fmt, ds, "syntax", "group ended with another field number", base + pb_key(15, 3) + pb_key(16, 4), "reject", family=family)
    yield Case(fmt, ds, "nesting", f"{DEEP} nested unknown groups, closed", base + pb_key(15, 3) * DEEP + pb_key(15, 4) * DEEP, "reject", family=family)
    yield Case(fmt, ds, "nesting", f"{DEEP} nested unknown groups, unclosed", base + pb_key(15, 3) * DEEP, "reject", family=family)
    yield Case(fmt, ds, "nesting", f"field {first[1]} as {DEEP} nested groups", pb_key(first[1], 3) * DEEP + pb_key(first[1], 4) * DEEP + base, "reject", family=family)
    # Unknown length-delimited fields are skipped without being parsed.
    nested = b""
    for _ in range(2000):
        nested = pb_key(15, 2) + pb_varint(len(nested)) + nested
    yield Case(fmt, ds, "survive", "an unknown field holding 2000 nested messages", base + nested, "survive", family=family)
    # Protobuf's own rules (crate docs): these are valid messages.
    yield Case(fmt, ds, "survive", "the first field twice (the last one wins)", pb_serialize(PMsg([msg[0]])) + base, "survive", family=family)
    unknown = pb_key(20, 0) + b"\x01" + pb_key(21, 1) + bytes(8) + pb_key(22, 2) + b"\x01x" + pb_key(23, 5) + bytes(4) + pb_key(24, 3) + pb_key(24, 4)
    yield Case(fmt, ds, "survive", "unknown fields of every wire type", base + unknown, "survive", family=family)
    yield Case(fmt, ds, "survive", "the whole message twice (merged)", base + base, "survive", family=family)
    if ds == "task-manager":
        prio = "lists[0].tasks[0].priority"
        for value, what in ((4, "4"), (-1, "-1 (10-byte varint)"), (1 << 31, "2^31")):
            yield Case(fmt, ds, "enum", f"{prio} = {what}", pb_run(msg, {prio: Raw(pb_key(3, 0) + pb_varint(value))}), "reject", family=family)
        hdr = "lists[0].tasks[0].header"
        yield Case(fmt, ds, "missing-key", f"{hdr} missing", pb_run(msg, {hdr: Raw(b"")}), "reject", family=family)
        yield Case(fmt, ds, "missing-key", "lists[0].header missing", pb_run(msg, {"lists[0].header": Raw(b"")}), "reject", family=family)
        for n in (0, 15, 17):
            yield Case(fmt, ds, "range", f"{hdr}.id of {n} bytes", pb_run(msg, {hdr + ".id": Raw(pb_key(1, 2) + bytes([n]) + bytes(n))}), "reject", family=family)
        yield Case(fmt, ds, "range", f"{hdr}.created_nanos = 10^9", pb_run(msg, {hdr + ".created_nanos": Raw(pb_key(5, 5) + le32(1_000_000_000))}), "reject", family=family)
        yield Case(fmt, ds, "range", f"{hdr}.created_offset_seconds = 100000", pb_run(msg, {hdr + ".created_offset_seconds": Raw(pb_key(6, 0) + pb_varint(zigzag(100_000)))}), "reject", family=family)
        yield Case(fmt, ds, "range", f"{hdr}.created_seconds = i64::MAX", pb_run(msg, {hdr + ".created_seconds": Raw(pb_key(4, 0) + pb_varint(zigzag((1 << 63) - 1)))}), "reject", family=family)
        yield Case(fmt, ds, "type", f"{hdr}.color as a varint", pb_run(msg, {hdr + ".color": Raw(pb_key(3, 0) + b"\x01")}), "reject", family=family)
        yield Case(fmt, ds, "type", "version packed with a cut varint", pb_run(msg, {"version": Raw(pb_key(2, 2) + b"\x02\x01\x80")}), "reject", family=family)
    if ds == "media":
        for path, no in (("media.player", 10), ("images[0].size", 5)):
            for value in (2, -1):
                yield Case(fmt, ds, "enum", f"{path} = {value}", pb_run(msg, {path: Raw(pb_key(no, 0) + pb_varint(value))}), "reject", family=family)
        yield Case(fmt, ds, "missing-key", "media missing", pb_run(msg, {"media": Raw(b"")}), "reject", family=family)
    if ds == "graph":
        yield Case(fmt, ds, "range", "nodes[0].id = 65536", pb_run(msg, {"nodes[0].id": Raw(pb_key(1, 0) + pb_varint(65536))}), "reject", family=family)
        yield Case(fmt, ds, "range", "edge_to one item short", pb_run(msg, {"edge_to": Raw(pb_key(3, 2) + b"\x01\x01")}), "reject", family=family)
        yield Case(fmt, ds, "range", "edge_weight = 65536", pb_run(msg, {"edge_weight": Raw(pb_key(4, 2) + b"\x04" + pb_varint(65536) + b"\x03")}), "reject", family=family)
    if ds == "telemetry":
        yield Case(fmt, ds, "missing-key", "humidity missing", pb_run(msg, {"humidity": Raw(b"")}), "reject", family=family)


# -------------------------------------------------------------------------
# Cap'n Proto: a single-segment message written word by word.


class Capnp:
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


def capnp_bombs():
    fmt = "capnp"
    ds = "task-manager"
    fam = "capnp/task-manager value"

    def case(cls, label, data, expect="reject", d=ds, family=fam):
        return Case(fmt, d, cls, label, data, expect, family=family)

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
    rfam = "capnp/records value"
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
    tfam = "capnp/telemetry value"
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


# -------------------------------------------------------------------------
# FlatBuffers: a size-prefixed buffer laid out front to back.


class FlatBuilder:
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
    data = bytearray(data)
    data[at : at + len(new)] = new
    return bytes(data)


def flatbuffers_bombs():
    fmt = "flatbuffers"
    ds = "task-manager"
    fam = "flatbuffers/task-manager value"
    f, base = fb_task_manager()
    a = f.at
    size = len(base)

    def case(cls, label, data, expect="reject", d=ds, family=fam):
        return Case(fmt, d, cls, label, data, expect, family=family)

    yield case("control", "valid value built here", base, "accept")
    for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (0, "0"), (size - 5, "one byte short"), (size - 3, "one byte long")):
        yield case("framing", f"size prefix {what}", patch(base, 0, le32(n)))
    yield case("framing", "size prefix only", le32(0xFFFFFFFF))
    yield case("framing", "size prefix 4, root offset 0", le32(4) + le32(0))
    for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (0, "0 (the offset itself)"), (1, "1 (misaligned)"), (size - 4, "just past the end")):
        yield case("pointer", f"root offset {what}", patch(base, 4, le32(n)))
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
    yield case("syntax", "user string without its NUL", patch(base, user + 4 + len("Demo User"), b"x"))
    yield case("utf8", "user holds ff fe", patch(base, user + 4, b"\xff\xfe"))
    yield case("utf8", "task name holds ff fe", patch(base, a["task.header.name"] + 4, b"\xff\xfe"))
    for field in ("version", "lists", "tasks"):
        for n, what in ((1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1"), (1 << 30, "2^30 (4n wraps to 0)"), ((1 << 30) + 1, "2^30+1 (4n wraps to 4)")):
            yield case("length", f"{field} vector length {what}", patch(base, a[field], le32(n)))
    yield case("pointer", "lists[0] offset 2^32-1", patch(base, a["lists"] + 4, le32(0xFFFFFFFF)))
    yield case("pointer", "lists[0] offset 0 (to itself)", patch(base, a["lists"] + 4, le32(0)))
    yield case("pointer", "task table misaligned by one", patch(base, a["tasks"] + 4, le32(struct.unpack_from("<I", base, a["tasks"] + 4)[0] + 1)))
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
    rfam = "flatbuffers/records value"
    yield case("control", "valid value built here", rbase, "accept", "records", rfam)
    for n, what in ((1 << 29, "2^29 (8n wraps to 0)"), ((1 << 29) + 1, "2^29+1 (8n wraps to 8)"), (1 << 31, "2^31"), (0xFFFFFFFF, "2^32-1")):
        yield case("length", f"ids vector length {what}", patch(rbase, rf.at["ids"], le32(n)), "reject", "records", rfam)
        yield case("length", f"strings vector length {what}", patch(rbase, rf.at["strings"], le32(n)), "reject", "records", rfam)
    yield case("pointer", "ids vector misaligned by 4", fb_misaligned_ids(), "reject", "records", rfam)
    tf, tbase = fb_telemetry()
    tfam = "flatbuffers/telemetry value"
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


# -------------------------------------------------------------------------
# XML


XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>'
TASK_ATTRS = f'id="{uuid_text(UUID2)}" name="Task 0-0" color="#00ff00" created="{CREATED_TEXT}" priority="2" completed="true"'
XML_TM = (
    XML_DECL
    + '<taskmanager user="Demo User" version="1.0.0">'
    + f'<tasklist id="{uuid_text(UUID1)}" name="Work" color="#ff0000" created="{CREATED_TEXT}">'
    + f"<task {TASK_ATTRS}>Finish quarterly report</task>"
    + "</tasklist></taskmanager>"
)
XML_OTHERS = {
    "telemetry": '<reading sensor_id="AB12CD34" ambient_temperature="21.5" object_temperature="36.25" accelerometer_x="-0.5" accelerometer_y="0.125" accelerometer_z="9.75" altitude="312" light="1500.5" humidity="57.25"/>',
    "graph": XML_DECL + '<graph><node id="0" name="alpha" out_edges="0" in_edges="1"/><node id="1" name="beta" out_edges="1" in_edges="0"/><edge from="0" to="1" weight="17"/><edge from="1" to="0" weight="3"/></graph>',
    "records": XML_DECL + '<record ids="1 -2 4611686018427387904 -9223372036854775808"><string>shgfkghsdf</string><string>x</string></record>',
    "media": XML_DECL
    + '<mediacontent><media uri="http://javaone.com/keynote.mpg" title="Javaone Keynote" width="640" height="480" format="video/mpg4" duration="18000000" size="58982400" bitrate="262144" player="JAVA"><person>Bill Gates</person><person>Steve Jobs\uc2a4</person></media>'
    + '<image uri="http://javaone.com/a.jpg" title="A" width="1024" height="768" size="LARGE"/><image uri="http://javaone.com/b.jpg" width="320" height="240" size="SMALL"/></mediacontent>',
}
BODY = XML_TM[len(XML_DECL) :]
PASSWD = "file:///etc/passwd"


def xml_bombs():
    fmt = "xml"
    ds = "task-manager"
    fam = "xml/task-manager value"

    def case(cls, label, text, expect="reject", d=ds, trace=False, family=fam):
        data = text.encode() if isinstance(text, str) else text
        return Case(fmt, d, cls, label, data, expect, trace=trace, family=family)

    def sub(old, new, text=XML_TM):
        assert old in text, old
        return text.replace(old, new, 1)

    yield case("control", "valid value built here", XML_TM, "accept")
    for d, text in XML_OTHERS.items():
        yield case("control", "valid value built here", text, "accept", d, family=f"xml/{d} value")
    # Entities and DTDs.
    laughs = '<!ENTITY lol "lol">' + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    yield case("entity", "billion laughs in an attribute", XML_DECL + f"<!DOCTYPE taskmanager [{laughs}]>" + sub('user="Demo User"', 'user="&lol9;"', BODY))
    yield case("entity", "billion laughs in text", XML_DECL + f"<!DOCTYPE taskmanager [{laughs}]>" + sub(">Finish quarterly report<", ">&lol9;<", BODY))
    big = "a" * 100_000
    yield case("entity", "quadratic blowup: 100 kB entity used 50 000 times", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY a "{big}">]>' + sub(">Finish quarterly report<", ">" + "&a;" * 50_000 + "<", BODY))
    for target in (PASSWD, "/etc/passwd", "file:///dev/zero", "http://127.0.0.1:9/x"):
        yield case("entity", f"external entity {target} in text", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY x SYSTEM "{target}">]>' + sub(">Finish quarterly report<", ">&x;<", BODY), trace=True)
    yield case("entity", "external entity in an attribute", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY x SYSTEM "{PASSWD}">]>' + sub('user="Demo User"', 'user="&x;"', BODY), trace=True)
    yield case("entity", "external parameter entity", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY % p SYSTEM "{PASSWD}"> %p;]>' + BODY, trace=True)
    yield case("entity", "parameter entity declaring an entity", XML_DECL + "<!DOCTYPE taskmanager [<!ENTITY % p \"<!ENTITY y 'z'>\"> %p;]>" + sub('user="Demo User"', 'user="&y;"', BODY), trace=True)
    yield case("entity", "external DTD", XML_DECL + f'<!DOCTYPE taskmanager SYSTEM "{PASSWD}">' + BODY, trace=True)
    yield case("entity", "public external DTD over http", XML_DECL + '<!DOCTYPE taskmanager PUBLIC "-//x//y" "http://127.0.0.1:9/x.dtd">' + BODY, trace=True)
    yield case("entity", "DOCTYPE without entities", XML_DECL + "<!DOCTYPE taskmanager>" + BODY)
    yield case("entity", "DOCTYPE after the root", XML_TM + "<!DOCTYPE taskmanager>")
    yield case("entity", "XInclude of /etc/passwd", sub("<task ", f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{PASSWD}" parse="text"/><task '), trace=True)
    yield case("survive", "stylesheet processing instruction pointing at /etc/passwd", XML_DECL + f'<?xml-stylesheet href="{PASSWD}"?>' + BODY, "survive", trace=True)
    for ref, what in (
        ("&x;", "undeclared entity"),
        ("&#0;", "character reference 0"),
        ("&#1;", "character reference 1 (not allowed in XML 1.0)"),
        ("&#xD800;", "surrogate character reference"),
        ("&#xFFFE;", "character reference FFFE"),
        ("&#x110000;", "character reference past Unicode"),
        ("&#99999999999999999999999;", "24-digit character reference"),
        ("&#x;", "empty hex reference"),
        ("&#;", "empty reference"),
        ("&amp", "reference without ;"),
        ("&;", "empty entity name"),
    ):
        yield case("entity", f"{what} in text", sub(">Finish quarterly report<", f">a{ref}b<"))
        yield case("entity", f"{what} in an attribute", sub('user="Demo User"', f'user="a{ref}b"'))
    # Nesting.
    yield case("nesting", f"{DEEP} nested elements as the root", "<a>" * DEEP + "</a>" * DEEP)
    yield case("nesting", f"{DEEP} unclosed elements", XML_DECL + "<a>" * DEEP)
    yield case("nesting", f"{DEEP} elements inside a task", sub("Finish quarterly report", "<b>" * DEEP + "</b>" * DEEP))
    yield case("nesting", f"{DEEP} nested tasklists", (XML_DECL + '<taskmanager user="u" version="1">').encode() + f'<tasklist id="{uuid_text(UUID1)}" name="n" color="#ff0000" created="{CREATED_TEXT}">'.encode() * DEEP)
    head, tail = XML_TM.encode().split(f"<task {TASK_ATTRS}>Finish quarterly report</task>".encode())
    yield case("nesting", f"{DEEP} nested tasks", head + f"<task {TASK_ATTRS}>".encode() * DEEP + b"</task>" * DEEP + tail)
    # Attributes.
    yield case("attribute", "100 000 unknown attributes", sub('user="Demo User"', 'user="Demo User" ' + " ".join(f'a{i}="x"' for i in range(DEEP))))
    yield case("attribute", "user twice", sub('user="Demo User"', 'user="Demo User" user="x"'))
    yield case("attribute", "priority twice", sub('priority="2"', 'priority="2" priority="2"'))
    yield case("attribute", "user missing", sub('user="Demo User" ', ""))
    yield case("attribute", "unquoted attribute", sub('user="Demo User"', "user=Demo"))
    yield case("attribute", "< in an attribute", sub('user="Demo User"', 'user="a<b"'))
    yield case("attribute", "namespaced root", sub("<taskmanager ", '<x:taskmanager xmlns:x="urn:x" ').replace("</taskmanager>", "</x:taskmanager>"))
    yield case("survive", "4 MiB user name", sub('user="Demo User"', 'user="' + "A" * AMPLIFY_BYTES + '"'), "survive")
    yield case("survive", "4 MiB of whitespace between elements", sub("<task ", " " * AMPLIFY_BYTES + "<task "), "survive")
    # Encoding and well-formedness.
    for raw, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "encoded surrogate"), (b"\xf8\x88\x80\x80\x80", "5-byte sequence"), (b"\xc3", "cut sequence")):
        yield case("utf8", f"user holds {what}", XML_TM.encode().replace(b'user="Demo User"', b'user="Demo' + raw + b'User"'))
        yield case("utf8", f"description holds {what}", XML_TM.encode().replace(b">Finish quarterly report<", b">Finish" + raw + b"<"))
        yield case("utf8", f"element name holds {what}", XML_TM.encode().replace(b"<task ", b"<ta" + raw + b"sk ", 1))
    yield case("syntax", "encoding UTF-16 declared", XML_TM.replace('encoding="UTF-8"', 'encoding="UTF-16"'))
    yield case("syntax", "encoding ISO-8859-1 declared", XML_TM.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'))
    yield case("syntax", "UTF-16LE with BOM", b"\xff\xfe" + XML_TM.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16-le"))
    yield case("syntax", "XML 1.1", XML_TM.replace('version="1.0" encoding', 'version="1.1" encoding'))
    yield case("syntax", "XML 2.0", XML_TM.replace('version="1.0" encoding', 'version="2.0" encoding'))
    yield case("syntax", "declaration not first", " " + XML_TM)
    yield case("syntax", "two declarations", XML_DECL + XML_TM)
    yield case("syntax", "two roots", XML_TM + BODY)
    yield case("syntax", "mismatched end tag", sub("</task>", "</tasklist>"))
    yield case("syntax", "end tag never closed", XML_TM[:-1])
    yield case("syntax", "NUL in text", sub("Finish quarterly", "Finish\x00quarterly"))
    yield case("syntax", "comment never closed", XML_TM + "<!--")
    yield case("syntax", "CDATA never closed", sub("Finish quarterly report", "<![CDATA[abc"))
    yield case("syntax", "text inside a tasklist", sub("<task ", "stray text<task "))
    yield case("syntax", "CDATA inside a tasklist", sub("<task ", "<![CDATA[x]]><task "))
    yield case("syntax", "unknown element inside a task list", sub("<task ", "<note/><task "))
    yield case("survive", "description as CDATA", sub("Finish quarterly report", "<![CDATA[Finish <quarterly> report]]>"), "survive")
    yield case("survive", "comments and PIs everywhere", sub("<task ", "<!-- c --><?pi x?><task ") + "<!-- after -->", "survive")
    for text in ("", " ", XML_DECL, "<taskmanager/>", "<x/>", "plain text"):
        yield case("type", f"document {text or '(empty)'!r}", text)
    # Values.
    for attr, values in (
        ("priority", ["4", "-1", "1e0", "99999999999999999999", "high", ""]),
        ("completed", ["yes", "TRUE", "2", ""]),
        ("color", ["#ff000", "red", "#gg0000", "#ff0000ff00", ""]),
        ("id", ["xyz", uuid_text(UUID2)[:-1], "{" + uuid_text(UUID2), ""]),
        ("created", ["2025-13-03T09:00:00.000Z", "yesterday", "10000-01-01T00:00:00.000Z", ""]),
    ):
        for value in values:
            attrs = re.sub(f'(^| ){attr}="[^"]*"', lambda m, v=value: f'{m.group(1)}{attr}="{v}"', TASK_ATTRS)
            yield case("value", f"task {attr}={value!r}", sub(TASK_ATTRS, attrs))
    yield case("survive", "braced task id (documented as read)", sub(uuid_text(UUID2), "{" + uuid_text(UUID2) + "}"), "survive")
    for value in ("1..0", "4294967296", "-1", "1.0.", "a"):
        yield case("value", f"version={value!r}", sub('version="1.0.0"', f'version="{value}"'))
    media = XML_OTHERS["media"]
    for old, new in (('player="JAVA"', 'player="QUICKTIME"'), ('size="LARGE"', 'size="HUGE"'), ('width="640"', 'width="2147483648"'), ('duration="18000000"', 'duration="9223372036854775808"'), ('bitrate="262144"', 'bitrate="x"')):
        yield case("value", new, sub(old, new, media), "reject", "media", family="xml/media value")
    graph = XML_OTHERS["graph"]
    for old, new in (('node id="0"', 'node id="65536"'), ('out_edges="0"', 'out_edges="0 x"'), ('weight="17"', 'weight="-1"'), ('from="0"', 'from="4294967296"')):
        yield case("value", new, sub(old, new, graph), "reject", "graph", family="xml/graph value")
    records = XML_OTHERS["records"]
    yield case("value", "ids holds 2^63", sub('ids="1 ', 'ids="9223372036854775808 ', records), "reject", "records", family="xml/records value")
    yield case("nesting", f"{DEEP} nested strings", sub("<string>x</string>", "<string>" * DEEP, records), "reject", "records", family="xml/records value")
    tel = XML_OTHERS["telemetry"]
    yield case("value", "ambient_temperature='abc'", sub('ambient_temperature="21.5"', 'ambient_temperature="abc"', tel), "reject", "telemetry", family="xml/telemetry value")
    yield case("value", "humidity missing", sub(' humidity="57.25"', "", tel), "reject", "telemetry", family="xml/telemetry value")


# -------------------------------------------------------------------------
# Amplification: small elements that become large values, 4 MiB of them.


def amplification_bombs(formats):
    for fmt, ds, label, data in amplification_inputs(formats):
        yield Case(fmt, ds, "amplify", f"{label} ({len(data) / MIB:.1f} MiB)", data, "survive")


def amplification_inputs(formats):
    n = AMPLIFY_BYTES
    if "protobuf" in formats:
        yield ("protobuf", "graph", "empty nodes, 2 bytes each", b"\x0a\x00" * (n // 2))
        yield ("protobuf", "records", "empty strings, 2 bytes each", b"\x12\x00" * (n // 2))
        yield ("protobuf", "task-manager", "lists with an empty header, 4 bytes each", b"\x1a\x02\x0a\x00" * (n // 4))
        yield ("protobuf", "media", "empty images, 2 bytes each", b"\x0a\x00" * (n // 2))
        yield ("protobuf", "records", "ids as one-item packed runs, 3 bytes each", b"\x0a\x01\x02" * (n // 3))
        yield ("protobuf", "media", "media messages of one person each, merged", b"\x12\x03\x4a\x01A" * (n // 5))
    for fmt in COMPACT:
        if fmt not in formats:
            continue
        varint = bincode_varint if fmt == "bincode" else leb128
        count = n // 4
        yield (fmt, "graph", "empty nodes, 4 bytes each", varint(count) + b"\x00" * (4 * count) + b"\x00")
        count = n
        yield (fmt, "records", "empty strings, 1 byte each", b"\x00" + varint(count) + b"\x00" * count)
    if "msgpack" in formats:
        count = n // 5
        yield ("msgpack", "graph", "empty nodes as 5-byte arrays", b"\x82\xa5nodes" + mp_array_head(count) + b"\x94\x00\xa0\x90\x90" * count + b"\xa5edges\x90")
        yield ("msgpack", "records", "empty strings, 1 byte each", b"\x82\xa3ids\x90\xa7strings" + mp_array_head(n) + b"\xa0" * n)
    if "cbor" in formats:
        yield ("cbor", "records", "empty strings, 1 byte each", b"\xa2\x63ids\x80\x67strings" + cbor_head(4, n) + b"\x60" * n)
        yield ("cbor", "records", "empty strings in an indefinite array", b"\xa2\x63ids\x80\x67strings\x9f" + b"\x60" * n + b"\xff")
    if "json" in formats:
        count = n // 3
        yield ("json", "records", "empty strings, 3 bytes each", b'{"ids":[' + b"],\"strings\":[" + b'"",' * (count - 1) + b'""]}')
        yield ("json", "records", "ids of 2 bytes each", b'{"ids":[' + b"0," * (n // 2 - 1) + b'0],"strings":[]}')
    if "xml" in formats:
        count = n // 9
        yield ("xml", "records", "empty strings, 9 bytes each", (XML_DECL + '<record ids="">').encode() + b"<string/>" * count + b"</record>")
        yield ("xml", "graph", "empty nodes", (XML_DECL + "<graph>").encode() + b'<node id="0" name="" out_edges="" in_edges=""/>' * (n // 48) + b"</graph>")
    if "flatbuffers" in formats:
        _, data = fb_records(shared_empty=n // 4)
        yield ("flatbuffers", "records", "offsets to one empty string, 4 bytes each", data)
    if "capnp" in formats:
        m = Capnp()
        root = m.alloc(1)
        rec = m.alloc(2)
        m.struct_ptr(root, rec, 0, 2)
        m.list_ptr(rec, rec, 5, 0)
        count = n // 8
        strs = m.alloc(count)
        m.list_ptr(rec + 1, strs, 6, count)
        yield ("capnp", "records", "null texts, 8 bytes each", m.framed())


# -------------------------------------------------------------------------
# The harness


class Stats:
    def __init__(self):
        self.runs = 0
        self.exit0 = 0
        self.exit1 = 0
        self.other = 0
        self.rss = 0
        self.rss_label = ""
        self.slowest = 0.0
        self.slowest_label = ""

    def add(self, outcome, label):
        self.runs += 1
        if outcome.code == 0:
            self.exit0 += 1
        elif outcome.code == 1:
            self.exit1 += 1
        else:
            self.other += 1
        if outcome.rss > self.rss:
            self.rss, self.rss_label = outcome.rss, label
        if outcome.secs > self.slowest:
            self.slowest, self.slowest_label = outcome.secs, label


class Harness:
    def __init__(self, serbench, work, quick):
        self.serbench = serbench
        self.work = work
        self.quick = quick
        self.scratch = os.path.join(work, "scratch")
        self.failures = os.path.join(work, "failures")
        self.lock = threading.Lock()
        self.counter = 0
        self.stats = collections.defaultdict(Stats)
        self.violations = []
        self.notes = collections.defaultdict(list)
        self.family_broken = set()
        self.amplification = []
        self.answers = collections.defaultdict(set)
        self.strace = shutil.which("strace")
        self.strace_note = None
        self.traced = 0
        workers = max(2, os.cpu_count() or 2)
        # Inputs wait in memory until a worker writes them: keep few waiting,
        # as this script's own peak shows in every child's ru_maxrss.
        self.window = 2 * workers
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)

    def scratch_file(self, suffix):
        with self.lock:
            self.counter += 1
            n = self.counter
        return os.path.join(self.scratch, f"{n}.{suffix}")

    def check_cmd(self, case, path):
        return [self.serbench, "check", "--dataset", case.ds, "--format", case.fmt, path]

    def run_case(self, case):
        """Runs one case; returns (case, outcome, problems, notes)."""
        path = case.path
        own_file = path is None
        if own_file:
            path = self.scratch_file(case.fmt)
            with open(path, "wb") as f:
                f.write(case.data)
            case.data = None
        cmd = self.check_cmd(case, path)
        outcome = run_command(cmd, scratch=self.scratch_file("run"))
        found = problems_of(case, outcome, case.fmt, case.ds, need_names=case.cls != "cli")
        notes = []
        if case.cls == "cli" and outcome.code == 1 and not (case.fmt in outcome.stderr and case.ds in outcome.stderr):
            notes.append(("the error line for a file that cannot be read names no format or dataset", f"{case.label}: {outcome.stderr.strip()}"))
        if "\x1b" in outcome.stderr:
            notes.append(("the error line passes ESC from the input to the terminal (escape sequences)", f"{case.cls}: {case.label}: {outcome.stderr.strip()[:80]!r}"))
        elif re.search(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u2028\u2029]", outcome.stderr):
            notes.append(("the error line echoes control characters from the input verbatim", f"{case.cls}: {case.label}: {outcome.stderr.strip()[:80]!r}"))
        if case.expect in ("reject", "decode") and outcome.code == 0:
            found.append("accepted (exit 0) an input that must be rejected")
        if case.expect == "accept" and outcome.code != 0:
            found.append(f"control rejected (exit {outcome.code}): the crafted inputs of {case.family} prove nothing until this is resolved")
        if case.expect == "accept" and outcome.code == 0:
            answer = outcome.stdout.strip().splitlines()[-1:] or [""]
            with self.lock:
                self.answers[case.ds].add((answer[0], f"{case.fmt}: {case.label}"))
        if case.expect in ("decode", "accept"):
            conv_out = self.scratch_file("json")
            conv = run_command(
                [self.serbench, "convert", "--dataset", case.ds, "--from", case.fmt, "--to", "json", path, conv_out],
                scratch=self.scratch_file("run"),
            )
            if os.path.exists(conv_out):
                os.unlink(conv_out)
            found += [f"convert: {p}" for p in problems_of(case, conv, case.fmt, case.ds)]
            if conv.code == 0 and case.expect == "decode":
                found.append("convert (decode) accepted an input that must be rejected")
            if conv.code != 0 and case.expect == "accept":
                found.append(f"control: convert (decode) refused it: {conv.stderr.strip()[:200]}")
            if outcome.code == 0 and conv.code != 0:
                found.append("check accepted an input that convert (decode) refused: traverse must fail exactly when decode does")
            if outcome.code != 0 and conv.code == 0:
                found.append("convert (decode) accepted an input that check refused: traverse must fail exactly when decode does")
        if case.trace:
            found += self.trace(case, path)
        if case.trace and re.search(r"root:[^:\n]*:0:0:", outcome.stdout + outcome.stderr):
            found.append("output holds what looks like /etc/passwd")
        if found:
            self.keep_failure(case, path, cmd, outcome, found)
        if own_file:
            os.unlink(path)
        return case, outcome, found, notes

    def trace(self, case, path):
        """Runs case under strace: no file but the input opened, no socket."""
        if not self.strace:
            self.strace_note = "strace is not installed: the no-file-read sub-check was skipped"
            return []
        log = self.scratch_file("strace")
        cmd = [self.strace, "-f", "-qq", "-e", "trace=open,openat,openat2,socket,connect", "-o", log, "--"] + self.check_cmd(case, path)
        outcome = run_command(cmd, timeout=30, scratch=self.scratch_file("run"))
        try:
            with open(log, encoding="utf-8", errors="replace") as f:
                text = f.read()
            os.unlink(log)
        except FileNotFoundError:
            text = ""
        if not text.strip() or "PTRACE" in outcome.stderr.upper() or not self.strace_works():
            self.strace_note = f"strace could not trace here ({outcome.stderr.strip()[:100]}): the no-file-read sub-check was skipped"
            return []
        with self.lock:
            self.traced += 1
        found = []
        for line in text.splitlines():
            if "/etc/passwd" in line or "/dev/zero" in line:
                found.append(f"strace: the external entity was opened: {line.strip()}")
            if re.search(r"\b(socket|connect)\(", line):
                found.append(f"strace: network access: {line.strip()}")
        return found

    def strace_works(self):
        """Whether the trace sees a file being opened: traces cat /etc/passwd once."""
        if not hasattr(self, "_strace_works"):
            log = self.scratch_file("strace")
            cmd = [self.strace, "-f", "-qq", "-e", "trace=open,openat,openat2", "-o", log, "--", "cat", "/etc/passwd"]
            run_command(cmd, timeout=30, scratch=self.scratch_file("run"))
            try:
                with open(log, encoding="utf-8", errors="replace") as f:
                    self._strace_works = "/etc/passwd" in f.read()
                os.unlink(log)
            except FileNotFoundError:
                self._strace_works = False
        return self._strace_works

    def keep_failure(self, case, path, cmd, outcome, found):
        folder = os.path.join(self.failures, case.fmt)
        os.makedirs(folder, exist_ok=True)
        slug = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{case.ds}--{case.cls}--{case.label}")[:120]
        with self.lock:
            self.counter += 1
            slug += f"--{self.counter}"
        kept = os.path.join(folder, f"{slug}.{case.fmt}")
        if case.path is None:
            shutil.copyfile(path, kept)
        else:
            kept = case.path
        shown = [c if c != path else kept for c in cmd]
        with open(kept + ".txt", "w", encoding="utf-8") as f:
            f.write(" ".join(shown) + "\n")
            f.write("\n".join(found) + "\n")
            f.write(f"exit {outcome.code} signal {outcome.sig} rss {outcome.rss} KiB {outcome.secs:.2f} s\n")
            f.write("stderr:\n" + outcome.stderr[:4000] + "\n")
        with self.lock:
            self.violations.append((case, " ".join(shown), found, outcome))

    def run_batch(self, title, cases, group=None):
        """Runs cases (an iterable, consumed lazily) in parallel and prints a
        progress line: one for the batch, or one per group(case) in the order
        the groups first appear."""
        groups = collections.OrderedDict()
        pending = collections.deque()

        def drain(block):
            while pending and (block or len(pending) >= self.window):
                case, outcome, found, notes = pending.popleft().result()
                key = group(case) if group else None
                stats, kinds, bad = groups.setdefault(key, (Stats(), collections.Counter(), []))
                stats.add(outcome, f"{case.cls}: {case.label}")
                self.stats[case.fmt].add(outcome, f"{case.ds} {case.cls}: {case.label}")
                kinds[case.cls] += 1
                if found:
                    bad.append(case)
                    if case.expect == "accept":
                        self.family_broken.add(case.family)
                for kind, detail in notes:
                    self.notes[case.fmt].append((kind, f"{case.ds} {detail}"))
                if case.cls == "amplify":
                    self.amplification.append((case, outcome, case.size))
                self.observe(case, outcome)

        for case in cases:
            if case.size >= MIB:
                # Let the big inputs before this one go before making it wait.
                drain(True)
                trim_own_heap()
            pending.append(self.pool.submit(self.run_case, case))
            drain(False)
        drain(True)
        trim_own_heap()
        for key, (stats, kinds, bad) in groups.items():
            detail = " ".join(f"{k} {v}" for k, v in kinds.items())
            status = "ok" if not bad else f"{len(bad)} VIOLATION(S)"
            name = title if key is None else f"{title} {key}"
            print(
                f"  {name:<34} {stats.runs:5d} inputs ({detail}) | exit0 {stats.exit0} exit1 {stats.exit1}"
                f" | peak {stats.rss / 1024:.1f} MiB | slowest {stats.slowest:.2f} s | {status}",
                flush=True,
            )

    def observe(self, case, outcome):
        """Non-fatal findings: damage that a format says it detects but accepted."""
        if outcome.code != 0:
            return
        if case.cls == "cut" and case.fmt != "protobuf":
            self.notes[case.fmt].append(("a truncation was accepted", f"{case.ds}: {case.label}"))
        if case.cls == "tail" and case.fmt != "protobuf" and case.label not in ("space", "newline"):
            if not (case.fmt == "xml" and "comment" in case.label):
                self.notes[case.fmt].append(("trailing bytes were accepted", f"{case.ds}: {case.label}"))


def mutations(fmt, ds, data, quick):
    """Truncations, bit flips, byte sets, splices and trailing garbage of data."""
    rng = random.Random(f"{fmt}/{ds}")
    n = len(data)
    short = 256 if quick else 1024
    if n <= short:
        cuts = range(n)
    else:
        cuts = sorted(set(range(16)) | set(range(n - 16, n)) | set(rng.randrange(16, n - 16) for _ in range(64)))
    for cut in cuts:
        yield Case(fmt, ds, "cut", f"first {cut} of {n} bytes", data[:cut], "survive")
    flips = [(i, b) for i in range(min(8, n)) for b in range(8)]
    flips += [(rng.randrange(n), rng.randrange(8)) for _ in range(200 if quick else 1000)]
    for i, bit in flips:
        mutated = bytearray(data)
        mutated[i] ^= 1 << bit
        yield Case(fmt, ds, "flip", f"byte {i} bit {bit}", bytes(mutated), "survive")
    for _ in range(40 if quick else 200):
        i = rng.randrange(n)
        value = rng.choice((0x00, 0xFF, 0x7F, 0x80))
        mutated = bytearray(data)
        mutated[i] = value
        yield Case(fmt, ds, "byte", f"byte {i} = {value:02x}", bytes(mutated), "survive")
    for _ in range(20 if quick else 100):
        i = rng.randrange(n)
        j = min(n, i + rng.randrange(1, 64))
        if rng.random() < 0.5:
            yield Case(fmt, ds, "splice", f"bytes {i}..{j} deleted", data[:i] + data[j:], "survive")
        else:
            yield Case(fmt, ds, "splice", f"bytes {i}..{j} repeated", data[:j] + data[i:j] + data[j:], "survive")
    tails = [
        ("00", b"\x00"),
        ("ff", b"\xff"),
        ("space", b" "),
        ("newline", b"\n"),
        ("text 'garbage'", b"garbage"),
        ("8 zero bytes", bytes(8)),
        ("16 random bytes", bytes(rng.randrange(256) for _ in range(16))),
        ("the file again", data),
    ]
    if fmt == "xml":
        tails.append(("a comment", b"<!-- x -->"))
    for label, tail in tails:
        yield Case(fmt, ds, "tail", label, data + tail, "survive")


def crafted(fmt, formats, datasets):
    """Every crafted case for fmt."""
    if fmt in SERDE_FORMATS:
        for ds in datasets:
            if ds in VALUES:
                yield from serde_bombs(fmt, ds)
                if fmt in COMPACT:
                    yield from compact_bombs(fmt, ds)
                else:
                    yield from text_format_bombs(fmt, ds)
        yield from {"json": raw_json_bombs, "cbor": raw_cbor_bombs, "msgpack": raw_msgpack_bombs}.get(fmt, lambda: iter(()))()
    elif fmt == "protobuf":
        for ds in datasets:
            if ds in VALUES:
                yield from protobuf_bombs(ds)
    elif fmt == "capnp":
        yield from capnp_bombs()
    elif fmt == "flatbuffers":
        yield from flatbuffers_bombs()
    elif fmt == "xml":
        yield from xml_bombs()
    yield from amplification_bombs({fmt})


def self_test(harness):
    """The harness sees a hang, a crash and memory: else its verdicts mean nothing."""
    hang = run_command(["sleep", "5"], timeout=0.5, scratch=harness.scratch_file("run"))
    crash = run_command(["sh", "-c", "kill -SEGV $$"], scratch=harness.scratch_file("run"))
    fat = run_command([sys.executable, "-c", "b = b'x' * (96 << 20)"], scratch=harness.scratch_file("run"))
    if not (hang.timed_out and crash.sig == signal.SIGSEGV and fat.rss >= 96 * 1024):
        sys.exit(f"hostile: the harness cannot see hangs, crashes or memory here (timed out {hang.timed_out}, signal {crash.sig}, peak {fat.rss} KiB)")


def listing(serbench):
    text = subprocess.run([serbench, "list"], check=True, capture_output=True, text=True).stdout
    datasets, formats, section = [], [], None
    for line in text.splitlines():
        if line.strip() in ("datasets:", "formats:"):
            section = line.strip()
        elif line.strip() and section:
            (datasets if section == "datasets:" else formats).append(line.split()[0])
    return datasets, formats


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("serbench")
    parser.add_argument("workdir")
    parser.add_argument("--quick", action="store_true", help="fewer mutations per file")
    args = parser.parse_args()
    serbench = os.path.abspath(args.serbench)
    work = os.path.abspath(args.workdir)
    started = time.monotonic()

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = ADDRESS_SPACE_LIMIT if hard == resource.RLIM_INFINITY else min(ADDRESS_SPACE_LIMIT, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))

    for sub in ("dumps", "scratch", "failures"):
        shutil.rmtree(os.path.join(work, sub), ignore_errors=True)
        os.makedirs(os.path.join(work, sub))
    datasets, formats = listing(serbench)
    print(f"hostile: {serbench}")
    print(f"hostile: {len(datasets)} datasets ({', '.join(datasets)}) x {len(formats)} formats ({', '.join(formats)}); {'quick' if args.quick else 'full'} run")
    dumps = os.path.join(work, "dumps")
    subprocess.run(
        [serbench, "dump", "--out", dumps, "--size", "task-manager=40", "--size", "graph=12"],
        check=True,
        capture_output=True,
    )
    harness = Harness(serbench, work, args.quick)
    self_test(harness)
    floor = run_command([serbench, "list"], scratch=harness.scratch_file("run")).rss
    unknown = [f for f in formats if f not in SERDE_FORMATS + ("xml", "protobuf", "capnp", "flatbuffers")]

    print("\n== mutated dumps (expected: exit 0 or 1, one error line naming format and dataset)")
    files = {}
    for fmt in formats:
        for ds in datasets:
            path = os.path.join(dumps, f"{ds}.{fmt}")
            with open(path, "rb") as f:
                files[(fmt, ds)] = f.read()
            harness.run_batch(f"{fmt}/{ds}", mutations(fmt, ds, files[(fmt, ds)], args.quick))

    print("\n== confusion and noise: every dump read as every other dataset and in every other format; random bytes")
    for fmt in formats:

        def confused(fmt=fmt):
            for (other_fmt, ds), data in files.items():
                for target in datasets:
                    if other_fmt == fmt and target != ds:
                        yield Case(fmt, target, "dataset", f"{ds}.{other_fmt} as {target}", data, "survive")
                    elif other_fmt != fmt and target == ds:
                        yield Case(fmt, target, "format", f"{ds}.{other_fmt} as {fmt}", data, "survive")
            rng = random.Random(f"noise/{fmt}")
            for i in range(20 if args.quick else 100):
                size = rng.choice((1, 2, 7, 8, 16, 64, 512, 4096))
                target = datasets[i % len(datasets)]
                yield Case(fmt, target, "noise", f"{size} random bytes #{i}", bytes(rng.randrange(256) for _ in range(size)), "survive")
            for byte in (0x00, 0xFF):
                for target in datasets:
                    yield Case(fmt, target, "noise", f"4096 bytes of {byte:02x}", bytes([byte]) * 4096, "survive")

        harness.run_batch(f"{fmt}", confused())

    print("\n== command line: files that are not inputs")
    missing = os.path.join(work, "scratch", "does-not-exist")

    def cli_cases():
        yield Case(formats[0], datasets[0], "cli", "a missing file", None, "reject", path=missing)
        yield Case(formats[0], datasets[0], "cli", "a directory", None, "reject", path=dumps)
        for fmt in formats:
            # An empty protobuf message is a valid, empty value of some datasets.
            empty = "survive" if fmt == "protobuf" else "reject"
            for ds in datasets:
                yield Case(fmt, ds, "cli", "/dev/null", None, empty, path=os.devnull)
                yield Case(fmt, ds, "cut", "an empty file", b"", empty)

    harness.run_batch("missing, directory, /dev/null, empty", cli_cases())

    print("\n== crafted bombs (expected: exit 1 with one line naming format and dataset)")
    for fmt in formats:
        if fmt in unknown:
            print(f"  {fmt}: no crafted bombs here for this format yet (mutations and confusion only)")
            continue
        cases = (c for c in crafted(fmt, formats, datasets) if c.ds in datasets)
        harness.run_batch(fmt, cases, group=lambda c: c.cls)

    harness.pool.shutdown()
    floor_end = run_command([serbench, "list"], scratch=harness.scratch_file("run")).rss
    report(harness, formats, floor, floor_end, time.monotonic() - started)
    return 1 if harness.violations else 0


def report(h, formats, floor, floor_end, elapsed):
    print("\n== summary (a peak RSS is at least this script's resident size at the spawn, the floor:")
    print(f"   `serbench list` measures {floor / 1024:.1f} MiB at the start and {floor_end / 1024:.1f} MiB at the end)")
    print(f"  {'format':<12} {'inputs':>7} {'exit 0':>7} {'exit 1':>7} {'other':>6} {'peak RSS':>10} {'slowest':>8}  (peak and slowest input)")
    total = Stats()
    for fmt in formats:
        s = h.stats[fmt]
        total.runs += s.runs
        total.exit0 += s.exit0
        total.exit1 += s.exit1
        total.other += s.other
        print(
            f"  {fmt:<12} {s.runs:7d} {s.exit0:7d} {s.exit1:7d} {s.other:6d} {s.rss / 1024:8.1f} MiB {s.slowest:6.2f} s"
            f"  ({s.rss_label[:50]}; {s.slowest_label[:50]})"
        )
    print(f"  {'all':<12} {total.runs:7d} {total.exit0:7d} {total.exit1:7d} {total.other:6d}")
    if h.amplification:
        print("\n== amplification (peak RSS over input size; at or below the floor, the child's own peak is lower)")
        for case, outcome, size in sorted(h.amplification, key=lambda x: -x[1].rss):
            own = outcome.rss > outcome.floor + 1024
            ratio = f"{outcome.rss * 1024 / size:6.1f} x" if own and size else "(floor)"
            print(f"  {case.fmt + '/' + case.ds:<24} {case.label[:56]:<56} exit {outcome.code}  {outcome.rss / 1024:7.1f} MiB  {ratio}")
    if h.strace_note:
        print(f"\nnote: {h.strace_note}")
    else:
        print(f"\nstrace: {h.traced} entity/DTD/XInclude/PI inputs ran under strace -f (open, openat, socket, connect)")
    if h.notes:
        print("\n== notes (not violations: what the formats cannot, or by design do not, tell; and the command line)")
        for fmt in formats:
            grouped = collections.OrderedDict()
            for kind, detail in h.notes.get(fmt, []):
                grouped.setdefault(kind, []).append(detail)
            for kind, details in grouped.items():
                print(f"  {fmt}: {kind} ({len(details)}x), e.g.:")
                for detail in details[:3]:
                    print(f"      {detail[:160]}")
    for ds, answers in h.answers.items():
        if len({a for a, _ in answers}) > 1:
            h.violations.append(
                (Case("*", ds, "control", "answers differ", None, "accept"), "(the controls of every format)", [f"{w} -> {a}" for a, w in sorted(answers)], Outcome())
            )
            h.family_broken.add(f"{ds}: the controls' answers differ between formats")
    if h.family_broken:
        print("\n== controls rejected: these crafted families are not meaningful until fixed")
        for fam in sorted(h.family_broken):
            print(f"  {fam}")
    if h.violations:
        print(f"\n== {len(h.violations)} VIOLATION(S) (inputs kept under {h.failures})")
        for case, cmd, found, outcome in h.violations:
            print(f"- {case.fmt}/{case.ds} {case.cls}: {case.label}")
            for p in found:
                print(f"    {p}")
            print(f"    $ {cmd}")
            print(f"    exit {outcome.code} signal {outcome.sig} peak {outcome.rss / 1024:.1f} MiB {outcome.secs:.2f} s")
            first = outcome.stderr.strip().splitlines()[:3]
            for line in first:
                print(f"    stderr: {line[:300]}")
    else:
        print("\nno violations")
    print(f"\nhostile: {sum(s.runs for s in h.stats.values())} runs in {elapsed:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
