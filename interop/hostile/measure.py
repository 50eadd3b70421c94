"""`serbench measure` on the classes of issue 39: a user's documents and
schemas that are hostile, or only unusual, under the watchdog's bound.

Every input is generated here; the large ones are written to disk in
blocks. Each run is `serbench measure --untimed` (verify and size every
row, time nothing) and is judged on the watchdog's limits, then on what its
class expects:

- refuse: exit 1 with one error line, the last on stderr. Exit 0 on an
  input that must be refused is a value accepted and changed: the rows that
  "verified" it are named.
- verify: exit 0, and every row that the control document verifies (the
  rows a schema known at run time can drive) verifies this one too, but
  for a document whose top level is not a map in a row whose wire format
  has no other (BSON's top level is a document), which says so.
- refuse-or-verify: one of the two, for a class whose rule is the
  program's to choose (a duplicate key: refuse it, or keep one value
  everywhere).
- bounded: exit 0 or 1 within the bound; when measured, every
  self-describing row (JSON, CBOR, schemaless MessagePack) verifies, or
  refuses a value its wire format cannot carry where the case names that
  reason. A schema-driven row may refuse such a document, with its reason.
- refuse-or-float: refused, or measured with the run's output saying the
  integer was read as a float.

Inputs of one group (a nesting depth, an integer past 64 bits) in
different input formats must get the same verdict: one rule for every input
format. Every schema written (`schemas/`) is checked for what the formats'
own tools refuse: Protobuf field numbers in 19000-19999 or past 2^29 - 1,
Thrift field ids past 32767 or names that are Thrift's reserved words, and
a name twice in one message, struct or record.
"""

import json
import os
import re
import shutil
import struct
import threading

from . import watchdog
from .runner import MIB

THRIFT_RESERVED = (
    "py_module", "java_package", "cpp_namespace", "csharp_namespace", "php_namespace",
    "perl_package", "ruby_namespace", "smalltalk_category", "smalltalk_prefix", "delphi_namespace",
)
# The wire formats whose rows carry any value without a schema.
SELF_DESCRIBING = ("JSON", "CBOR")
SELF_DESCRIBING_CODECS = ("msgpack",)
DEPTH_WORDS = re.compile(r"deep|depth|nest|level", re.IGNORECASE)
# The reason of a row whose wire format has only a map at the top level
# (BSON) for a document that is a list or a scalar there.
TOP_LEVEL = r"top level is a document"
CONTROL = {
    "id": 7, "name": "control", "ok": True, "score": 0.5, "tags": ["a", "b"], "none": None,
    "user": {"login": "x", "followers": 3, "site": None},
    "items": [{"k": 1, "v": "one"}, {"k": 2, "v": "two", "extra": 2.5}],
}


class Case:
    """One run of `serbench measure`.

    files: {name: bytes, or a function writing to a binary file}; docs: the
    names given as documents; opts: options, "{name}" standing for a file's
    path; expect: see the module docs; group: inputs that must agree;
    checks: functions of (result, out folder, records) giving more problems
    of a measured run; uncarried: a pattern of the reasons a row may give
    for a value its format or library cannot carry (JSON and a NaN, which
    the fidelity rule makes an encode error rather than a change; an array
    longer than apache-avro reads), excused in a bounded or verified run."""

    phase = "measure"

    def __init__(self, cls, label, files, expect, docs=None, opts=(), group=None, checks=(), uncarried=None):
        self.cls, self.label, self.files, self.expect = cls, label, files, expect
        self.docs = list(files) if docs is None else docs
        self.opts, self.group, self.checks = list(opts), group, list(checks)
        self.uncarried = re.compile(uncarried) if uncarried else None


def doc(value):
    return json.dumps(value, separators=(",", ":")).encode()


def blocks(head, unit, count, tail, block=1 << 16):
    """A writer of head, count copies of unit, then tail, without holding them all."""
    def write(f):
        f.write(head)
        left = count
        chunk = unit * block
        while left >= block:
            f.write(chunk)
            left -= block
        f.write(unit * left)
        f.write(tail)
    return write


def cbor_head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    for extra, fmt in ((24, ">B"), (25, ">H"), (26, ">I"), (27, ">Q")):
        if n < 1 << (8 * struct.calcsize(fmt)):
            return bytes([major << 5 | extra]) + struct.pack(fmt, n)
    raise ValueError(n)


def cbor_text(s):
    b = s.encode()
    return cbor_head(3, len(b)) + b


def msgpack_str(b):
    if len(b) < 32:
        return bytes([0xA0 | len(b)]) + b
    return b"\xd9" + bytes([len(b)]) + b


def cases(quick):
    """Every class of issue 39 for `serbench measure`, smaller where --quick says."""
    big = 2 * MIB if quick else 30 * MIB
    # Keys in varying order: a search result's media `sizes`.
    sizes = [("thumb", 150), ("small", 680), ("medium", 1200), ("large", 2048)]
    statuses = []
    for i in range(12):
        order = sizes[i % 4:] + sizes[:i % 4]
        statuses.append({"id": i, "sizes": {k: {"w": w, "h": w // 2, "resize": "fit"} for k, w in order}})
    yield Case("key-order", "media sizes, keys in another order per status", {"order.json": doc({"statuses": statuses})}, "verify")
    yield Case("key-order", "the same as NDJSON", {"order.ndjson": b"\n".join(doc(s) for s in statuses) + b"\n"}, "verify")

    yield Case("one-key-objects", '[{"f0":0},{"f1":1},...], 10 000 elements',
               {"onekey.json": doc([{f"f{i}": i} for i in range(10_000)])}, "bounded")
    yield Case("one-key-objects", "20 000 NDJSON lines of one key each",
               {"onekey.ndjson": b"\n".join(doc({f"f{i}": i}) for i in range(20_000)) + b"\n"}, "bounded")
    wide = 40_000 if quick else 400_000
    yield Case("wide-object", f"one object of {wide:,} keys".replace(",", " "), {"wide.json": doc({f"key{i}": i for i in range(wide)})}, "bounded")
    # The schema rows' field limit (32 768) less one, which Thrift's field
    # ids stop at, with the shortest keys: the most schema a row compiles
    # for the fewest input bytes.
    yield Case("wide-object", "32 767 keys of at most 4 bytes", {"short.json": doc({f"{i:x}": 0 for i in range((1 << 15) - 1)})}, "verify")
    alike = {}
    for i in range(20_000):
        alike["k" + "".join("-. :"[(i >> (2 * d)) & 3] for d in range(8))] = i
    yield Case("keys-clean-alike", "20 000 keys that clean to one identifier", {"alike.json": doc(alike)}, "verify")
    yield Case("keys-19000", "20 500 keys: field numbers across 19000-19999", {"many.json": doc({f"k{i}": i for i in range(20_500)})}, "verify")
    yield Case("thrift-words", "Thrift's reserved words as keys", {"words.json": doc({w: i for i, w in enumerate(THRIFT_RESERVED)})}, "verify")
    yield Case("duplicate-key", '{"a":1,"a":2}', {"dup.json": b'{"a":1,"a":2}'}, "refuse-or-verify")
    yield Case("duplicate-key", "a duplicate key in CBOR", {"dup.cbor": b"\xa2" + cbor_text("a") + b"\x01" + cbor_text("a") + b"\x02"}, "refuse-or-verify")
    yield Case("duplicate-key", "a duplicate key in MessagePack", {"dup.msgpack": b"\x82\xa1a\x01\xa1a\x02"}, "refuse-or-verify")

    bad_utf8 = {
        "ff": b"a\xffb", "overlong": b"\xc0\xaf", "surrogate": b"\xed\xa0\x80", "lone continuation": b"x\x80",
        "cut sequence": b"\xe2\x82", "5-byte form": b"\xf8\x88\x80\x80\x80",
    }
    for name, text in bad_utf8.items():
        yield Case("invalid-utf8", f"MessagePack str: {name}", {"text.msgpack": b"\x81" + msgpack_str(b"s") + msgpack_str(text)}, "refuse")
        yield Case("invalid-utf8", f"CBOR text: {name}", {"text.cbor": b"\xa1" + cbor_text("s") + cbor_head(3, len(text)) + text}, "refuse")

    yield Case("big-integer", "JSON 2^64", {"int.json": b'{"n":18446744073709551616}'}, "refuse-or-float", group="2^64")
    yield Case("big-integer", "CBOR bignum 2^64", {"int.cbor": b"\xa1" + cbor_text("n") + b"\xc2\x49\x01" + bytes(8)}, "refuse-or-float", group="2^64")
    yield Case("big-integer", "JSON -2^63-1", {"int.json": b'{"n":-9223372036854775809}'}, "refuse-or-float", group="-2^63-1")
    yield Case("big-integer", "CBOR -2^63-1", {"int.cbor": b"\xa1" + cbor_text("n") + b"\x3b\x80" + bytes(7)}, "refuse-or-float", group="-2^63-1")
    yield Case("big-integer", "JSON 100-digit integer", {"int.json": b'{"n":' + b"9" * 100 + b"}"}, "refuse-or-float")

    for depth in (127, 128, 129):
        for kind, name, data in (
            ("JSON", "deep.json", b"[" * depth + b"0" + b"]" * depth),
            ("CBOR", "deep.cbor", b"\x81" * depth + b"\x00"),
            ("MessagePack", "deep.msgpack", b"\x91" * depth + b"\x00"),
        ):
            yield Case("nesting", f"{kind} lists {depth} deep", {name: data}, "bounded", group=f"lists {depth} deep", checks=[depth_reasons])
        yield Case("nesting", f"JSON objects {depth} deep", {"deepmap.json": b'{"a":' * depth + b"0" + b"}" * depth},
                   "bounded", group=f"objects {depth} deep", checks=[depth_reasons])
        yield Case("nesting", f"CBOR maps {depth} deep", {"deepmap.cbor": (b"\xa1" + cbor_text("a")) * depth + b"\x00"},
                   "bounded", group=f"objects {depth} deep", checks=[depth_reasons])

    yield Case("signalling-nan", "CBOR half-float signalling NaN f97c01", {"nan.cbor": b"\xa1" + cbor_text("x") + b"\xf9\x7c\x01"},
               "bounded", checks=[nan_payload], uncarried=r"\bno NaN\b")

    tiny = MIB if quick else big
    yield Case("tiny-ndjson", f"NDJSON of `0` lines, {tiny // MIB} MiB", {"zeros.ndjson": blocks(b"", b"0\n", tiny // 2, b"")}, "verify",
               uncarried=TOP_LEVEL)
    n = (big - 2) // 2
    # apache-avro reads at most 512 MiB into one array: past 9.6 million
    # values, the Avro row refuses the document, naming that limit; the
    # BSON row refuses a list at the top level.
    long_list = r"past the \d+ apache-avro reads into one array|" + TOP_LEVEL
    yield Case("near-cap", f"JSON array of zeros, {big // MIB} MiB", {"zeros.json": blocks(b"[0", b",0", n - 1, b"]")}, "verify",
               uncarried=long_list)
    n = big - 5
    yield Case("near-cap", f"CBOR list of zeros, {big // MIB} MiB", {"zeros.cbor": blocks(cbor_head(4, n), b"\x00", n, b"")}, "verify",
               uncarried=long_list)
    each = MIB if quick else big
    n = (each - 2) // 2
    yield Case("several-files", f"three JSON arrays of zeros, {each // MIB} MiB each",
               {f"{c}.json": blocks(b"[0", b",0", n - 1, b"]") for c in "abc"}, "verify", uncarried=long_list)

    small = {"small.json": doc({"a": 1, "b": "x"})}
    schema = ["--schema", None, "--message", "Small"]
    deep_option = (b'syntax = "proto3";\nimport "google/protobuf/descriptor.proto";\n'
                   b"extend google.protobuf.MessageOptions { Deep deep = 50001; }\nmessage Deep { Deep a = 1; }\n"
                   b"message Small {\n  option (deep) = " + b"{a: " * 100_000 + b"}" * 100_000
                   + b";\n  int64 a = 1;\n  string b = 2;\n}\n")
    # A user's schema is the input of one row: refusing it leaves that row
    # "not measured" (or the whole run refused), within the bound.
    yield Case("user-schema", "--schema with an option value nested 100 000 deep", {**small, "deep.proto": deep_option},
               "bounded", docs=["small.json"], opts=with_file(schema, "{deep.proto}"), checks=[row_refused("protobuf")])
    yield Case("user-schema", "--avsc /dev/zero", dict(small), "bounded", opts=["--avsc", "/dev/zero"], checks=[row_refused("avro")])

    def messages(f):
        f.write(b'syntax = "proto3";\nmessage Small {\n  int64 a = 1;\n  string b = 2;\n}\n')
        for i in range(10 * 1000 * 1000 // 64):
            f.write(b"message Filler%07d { int64 a = 1; string b = 2; bytes c = 3; }\n" % i)
    yield Case("user-schema", "a 10 MB .proto", {**small, "big.proto": messages}, "bounded", docs=["small.json"],
               opts=with_file(schema, "{big.proto}"))
    long_name = json.dumps({"type": "record", "name": "N" * MIB, "fields": [{"name": "zz", "type": "long"}]}).encode()
    yield Case("user-schema", "--avsc with a 1 MiB type name (not the document's shape)", {**small, "name.avsc": long_name},
               "bounded", docs=["small.json"], opts=["--avsc", "{name.avsc}"], checks=[row_refused("avro")])
    default = json.dumps({"type": "record", "name": "Small", "fields": [
        {"name": "a", "type": "long"}, {"name": "b", "type": "long"}, {"name": "c", "type": "string", "default": "d" * (10 * MIB)}]}).encode()
    yield Case("user-schema", "--avsc with a 10 MiB default (not the document's shape)", {**small, "default.avsc": default},
               "bounded", docs=["small.json"], opts=["--avsc", "{default.avsc}"], checks=[row_refused("avro")])

    key = MIB
    yield Case("messages", "NDJSON: a 1 MiB key that differs between lines",
               {"keys.ndjson": doc({"a" * key: 1}) + b"\n" + doc({"b" * key: 1}) + b"\n" + doc({"c" * key: 1}) + b"\n"}, "bounded")
    yield Case("names", "a 250-character file stem", {"n" * 250 + ".json": doc(CONTROL)}, "verify")
    yield Case("names", "a newline in the file name", {"doc\nINJECTED.json": doc(CONTROL)}, "verify", checks=[no_split_name])
    yield Case("names", "--codec nope", dict(small), "refuse", opts=["--codec", "nope"])


def with_file(opts, placeholder):
    return [placeholder if o is None else o for o in opts]


def row_refused(codec):
    """The row the user's schema drives does not verify a document the schema does not describe."""
    def check(result, out, records):
        return [f"{codec}: verified with a schema that does not describe the document" for r in records if r["codec"] == codec and r["ok"]]
    return check


def rows(results_path):
    with open(results_path, encoding="utf-8") as f:
        return json.load(f)["results"]


def self_describing(record):
    return record.get("wire_format") in SELF_DESCRIBING or record.get("codec") in SELF_DESCRIBING_CODECS


def short(text, n=120):
    text = text or ""
    return text if len(text) <= n else f"{text[:n]}... ({len(text)} bytes)"


def depth_reasons(result, out, records):
    """A row that cannot reach a depth says so: its reason names the depth
    (or that its wire format has no list at the top level)."""
    return [f"{r['codec']}: not measured, and the reason names no depth: {short(r.get('error'))}"
            for r in records if not r["ok"] and not DEPTH_WORDS.search(r.get("error") or "")
            and not re.search(TOP_LEVEL, r.get("error") or "") and r["codec"] in Phase.runtime]


def nan_payload(result, out, records):
    """The CBOR row's encoding keeps the NaN's signalling bit and payload, or the run says it does not."""
    path = next((os.path.join(out, "encoded", f) for f in os.listdir(os.path.join(out, "encoded")) if f.endswith(".cbor")), None) \
        if os.path.isdir(os.path.join(out, "encoded")) else None
    if path is None:
        return []
    with open(path, "rb") as f:
        data = f.read()
    kept = (b"\xf9\x7c\x01", b"\xfa\x7f\x80\x20\x00", b"\xfb\x7f\xf0\x04\x00\x00\x00\x00\x00")
    said = "nan" in (result.outcome.stdout + result.outcome.stderr).lower()
    if any(k in data for k in kept) or said:
        return []
    return [f"the cbor row's encoding quieted the signalling NaN ({data.hex()[-20:]}) and the run does not say so"]


def no_split_name(result, out, records):
    """A newline in a name must not start a line of its own in the output or report.md."""
    found = []
    texts = {"stdout": result.outcome.stdout, "stderr": result.outcome.stderr}
    report = os.path.join(out, "report.md")
    if os.path.exists(report):
        with open(report, encoding="utf-8", errors="replace") as f:
            texts["report.md"] = f.read()
    for where, text in texts.items():
        if any(line.startswith("INJECTED") for line in text.splitlines()):
            found.append(f"the name's newline reaches {where} unescaped: a line starts with the name's tail")
    return found


def schema_problems(out):
    """What protoc or the Thrift compiler would refuse in the schemas written, or an Avro record's name twice."""
    found = []
    folder = os.path.join(out, "schemas")
    if not os.path.isdir(folder):
        return found
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
            text = f.read()
        if name.endswith(".proto"):
            for block in re.findall(r"\nmessage (\w+) \{(.*?)\n\}", text, re.S):
                fields = re.findall(r"^\s+(?:repeated |optional )?[\w.]+ (\w+) = (\d+)", block[1], re.M)
                numbers = [int(n) for _, n in fields]
                reserved = [n for n in numbers if 19000 <= n <= 19999 or n > (1 << 29) - 1]
                if reserved:
                    found.append(f"{name}: message {block[0]} numbers {len(reserved)} fields in a reserved range (e.g. {reserved[0]})")
                twice = len(fields) - len({f for f, _ in fields})
                if twice:
                    found.append(f"{name}: message {block[0]} has {twice} field names twice")
        elif name.endswith(".thrift"):
            for block in re.findall(r"\nstruct (\w+) \{(.*?)\n\}", text, re.S):
                fields = re.findall(r"^\s+(-?\d+):[^\n]*?(\w+)\s*(?:=[^\n]*)?,?$", block[1], re.M)
                words = [f for _, f in fields if f in THRIFT_RESERVED]
                if words:
                    found.append(f"{name}: struct {block[0]} declares fields named with reserved words ({', '.join(words[:3])})")
                if any(not 0 < int(i) <= 32767 for i, _ in fields):
                    found.append(f"{name}: struct {block[0]} has field ids outside 1-32767")
                if len(fields) != len({f for _, f in fields}):
                    found.append(f"{name}: struct {block[0]} has a field name twice")
        elif name.endswith(".avsc"):
            try:
                schema = json.loads(text)
            except ValueError:
                found.append(f"{name}: not JSON")
                continue
            stack = [schema]
            while stack:
                node = stack.pop()
                if isinstance(node, list):
                    stack.extend(node)
                elif isinstance(node, dict):
                    if node.get("type") == "record":
                        names = [field.get("name") for field in node.get("fields", [])]
                        if len(names) != len(set(names)):
                            found.append(f"{name}: record {short(node.get('name'), 40)} has a field name twice")
                        if any(not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n or "") for n in names):
                            found.append(f"{name}: record {short(node.get('name'), 40)} has a field name Avro does not allow")
                    stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
    return found


class Phase:
    """Runs the cases and judges them; `runtime` holds the rows the control verifies."""

    runtime = set()

    def __init__(self, serbench, work):
        self.serbench = serbench
        self.root = os.path.join(work, "measure")
        self.failures = os.path.join(work, "failures")
        shutil.rmtree(self.root, ignore_errors=True)
        os.makedirs(self.root)
        self.count = 0
        self.lock = threading.Lock()

    def control(self):
        """The rows a schema known at run time drives: those that verify the control document."""
        case = Case("control", "a small document of every kind", {"control.json": doc(CONTROL)}, "verify")
        result, records = self.run(case)
        Phase.runtime = {r["codec"] for r in records if r["ok"]}
        if result.problems or result.outcome.code != 0 or not Phase.runtime:
            print(f"hostile: the control document is not measured ({'; '.join(result.problems)}): the measure phase proves nothing")
            return None
        return sorted(Phase.runtime)

    def run(self, case):
        with self.lock:
            self.count += 1
            n = self.count
        folder = os.path.join(self.root, str(n))
        os.makedirs(folder)
        paths = {}
        for name, content in case.files.items():
            path = os.path.join(folder, name)
            with open(path, "wb") as f:
                if callable(content):
                    content(f)
                else:
                    f.write(content)
            paths[name] = path
        case.files = None
        docs = [paths[d] for d in case.docs if d in paths]
        size = max((os.path.getsize(p) for d, p in paths.items() if d in case.docs), default=0)
        size += sum(os.path.getsize(p) for d, p in paths.items() if d not in case.docs)
        out = os.path.join(folder, "out")
        opts = [re.sub(r"\{([^}]+)\}", lambda m: paths[m.group(1)], o) for o in case.opts]
        cmd = [self.serbench, "measure", "--untimed", "--out", out] + opts + docs
        result = watchdog.run(case, cmd, size, os.path.join(folder, "run"))
        records = []
        results_path = os.path.join(out, "results.json")
        if result.outcome.code == 0 and os.path.exists(results_path):
            try:
                records = rows(results_path)
            except (ValueError, KeyError) as e:
                result.problems.append(f"results.json unreadable: {e}")
        if case.cls != "control":
            result.problems += self.judge(case, result, records)
            for check in case.checks:
                if result.outcome.code == 0:
                    result.problems += check(result, out, records)
            if result.outcome.code == 0:
                result.problems += schema_problems(out)
        if case.cls != "control":
            watchdog.progress(result)
        if result.problems:
            watchdog.keep(self.failures, n, result, list(paths.values()))
        shutil.rmtree(folder, ignore_errors=True)
        return result, records

    def judge(self, case, result, records):
        o = result.outcome
        if o.sig is not None or o.timed_out:
            return []
        expect = case.expect
        verified = [r["codec"] for r in records if r["ok"]]
        failing = [r for r in records if not r["ok"] and r["codec"] in Phase.runtime]
        if expect == "refuse":
            found = watchdog.refused(o)
            if o.code == 0 and verified:
                found.append(f"accepted and changed: {len(verified)} rows verified an input that must be refused ({', '.join(verified[:6])}...)")
            return found
        if o.code == 1:
            if expect in ("verify",):
                return [f"refused a document that every row must carry: {short(watchdog.error_lines(o)[-1:] and watchdog.error_lines(o)[-1], 160)}"]
            return watchdog.refused(o)
        if o.code != 0:
            return []
        if expect == "refuse-or-float":
            said = "float" in (o.stdout + o.stderr).lower()
            return [] if said else [f"accepted and changed: the integer read as a float without a word ({len(verified)} rows verified the float)"]
        if expect in ("verify", "refuse-or-verify"):
            return [f"{r['codec']}: not measured: {short(r.get('error'))}" for r in failing
                    if not (case.uncarried and case.uncarried.search(r.get("error") or ""))]
        if expect == "bounded":
            carried = [r for r in failing if not (case.uncarried and case.uncarried.search(r.get("error") or ""))]
            return [f"{r['codec']} (self-describing): not measured: {short(r.get('error'))}" for r in carried if self_describing(r)]
        raise ValueError(expect)


def run_phase(serbench, work, quick, pool):
    """Runs every class; the number of violating runs."""
    phase = Phase(serbench, work)
    print(f"\n== serbench measure: hostile and unusual documents and schemas (under {watchdog.stated()})")
    runtime = phase.control()
    if runtime is None:
        return 1
    print(f"  control: {len(runtime)} rows a schema known at run time drives ({', '.join(runtime)})")
    results = list(pool.map(lambda c: phase.run(c)[0], cases(quick)))
    bad = watchdog.summary("serbench measure", results)
    groups = {}
    for r in results:
        if r.case.group:
            groups.setdefault(r.case.group, []).append(r)
    disagree = 0
    for group, members in groups.items():
        verdicts = {(m.outcome.code if m.outcome.sig is None and not m.outcome.timed_out else "killed") for m in members}
        if len(verdicts) > 1:
            disagree += 1
            shown = "; ".join(f"{m.case.label}: exit {m.outcome.code}" for m in members)
            print(f"- VIOLATION: {group}: the input formats disagree ({shown})")
    return bad + disagree
