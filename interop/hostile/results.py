"""`serbench-report` on hostile results files (issue 39), under the
watchdog's bound.

The base is a real results.json: `serbench measure --quick` on a small
document with a few codecs, so every record has timings. Each case mutates
it and runs `serbench-report DIR`:

- figures that are not plausible: every `median_ns`, or every
  `size_bytes`, set to 1e308, 5e-324, a negative number or zero;
  `1e999`, which is not a finite number;
- a 100 KB codec name, a 300-character dataset name;
- a dataset name with a newline and `/`: every file written stays in DIR,
  and no line of report.md starts with the name's tail;
- many records (a few MiB with --quick, 30 MiB without);
- a file past any cap (a sparse file of 1 GiB): refused before it is read,
  so its bound is the constant alone.

Expected: rendered (exit 0) or refused with one error line (exit 1),
within the bound; the dataset name with `/` must be rendered.
"""

import copy
import json
import os
import shutil
import subprocess
import threading

from . import watchdog
from .runner import MIB

SMALL = {"id": 3, "name": "report", "tags": ["a", "b"], "score": 0.25, "none": None}
CODECS = ("json", "cbor", "protobuf")
# Past any cap, yet within the address-space limit of a run, so that a
# program that reads it whole shows its peak instead of failing to allocate.
SPARSE = 1 << 30


class Case:
    phase = "report"

    def __init__(self, cls, label, write, expect, uncounted=False, checks=()):
        self.cls, self.label, self.write, self.expect = cls, label, write, expect
        self.uncounted, self.checks = uncounted, list(checks)


def each_op(results, key, value):
    out = copy.deepcopy(results)
    for record in out["results"]:
        for op in (record.get("ops") or {}).values():
            if isinstance(op, dict) and key in op:
                op[key] = value
    return out


def each_record(results, key, value):
    out = copy.deepcopy(results)
    for record in out["results"]:
        record[key] = value
    return out


def as_json(value):
    return lambda f: f.write(json.dumps(value).encode())


def many(results, size):
    """Records of base, copied across datasets until the file is about size bytes."""
    def write(f):
        head = {k: v for k, v in results.items() if k != "results"}
        text = json.dumps(head)
        f.write(text[:-1].encode() + b', "results": [')
        written, n = 0, 0
        while written < size:
            for record in results["results"]:
                record = dict(record, dataset=f"dataset{n // 50}")
                chunk = (", " if n else "") + json.dumps(record)
                f.write(chunk.encode())
                written += len(chunk)
                n += 1
        f.write(b"]}")
    return write


def sparse(results):
    def write(f):
        f.write(json.dumps(results).encode())
        f.truncate(SPARSE)
    return write


def cases(base, quick):
    for key in ("median_ns", "size_bytes"):
        where = each_op if key == "median_ns" else each_record
        for value, name in ((1e308, "1e308"), (5e-324, "5e-324"), (-1.5e6, "negative"), (0.0, "zero")):
            yield Case("figures", f"every {key} {name}", as_json(where(base, key, value)), "render-or-refuse")
    text = json.dumps(each_op(base, "median_ns", 1.0)).replace('"median_ns": 1.0', '"median_ns": 1e999')
    yield Case("figures", "every median_ns 1e999 (not finite)", lambda f: f.write(text.encode()), "render-or-refuse")
    yield Case("names", "a 100 KB codec name", as_json(each_record(base, "codec", "c" * 100_000)), "render-or-refuse")
    yield Case("names", "a 300-character dataset name", as_json(each_record(base, "dataset", "d" * 300)), "render-or-refuse")
    yield Case("names", "a dataset name with a newline and /", as_json(each_record(base, "dataset", "x\nINJECTED/../../escape")),
               "render", checks=[stays_inside])
    size = 4 * MIB if quick else 30 * MIB
    yield Case("size", f"{size // MIB} MiB of records", many(base, size), "render-or-refuse")
    yield Case("size", "a sparse results.json of 1 GiB, past any cap", sparse(base), "refuse", uncounted=True)


def stays_inside(result, folder, run):
    found = []
    strays = [e for e in os.listdir(folder) if e not in ("run", "run.out", "run.err")]
    if strays:
        found.append(f"files written outside DIR: {strays[:3]!r}")
    report = os.path.join(run, "report.md")
    if os.path.exists(report):
        with open(report, encoding="utf-8", errors="replace") as f:
            if any(line.startswith("INJECTED") for line in f):
                found.append("the name's newline reaches report.md unescaped: a line starts with the name's tail")
    else:
        found.append("no report.md written")
    return found


class Phase:
    def __init__(self, serbench, report, work):
        self.serbench, self.report = serbench, report
        self.root = os.path.join(work, "report")
        self.failures = os.path.join(work, "failures")
        shutil.rmtree(self.root, ignore_errors=True)
        os.makedirs(self.root)
        self.count = 0
        self.lock = threading.Lock()

    def base(self):
        """A real results.json: a quick timed measure of a small document."""
        folder = os.path.join(self.root, "base")
        os.makedirs(folder)
        path = os.path.join(folder, "report.json")
        with open(path, "w") as f:
            json.dump(SMALL, f)
        codecs = [a for c in CODECS for a in ("--codec", c)]
        out = os.path.join(folder, "out")
        subprocess.run([self.serbench, "measure", "--quick", "--out", out] + codecs + [path], check=True, capture_output=True)
        with open(os.path.join(out, "results.json")) as f:
            base = json.load(f)
        if not all(r["ok"] and r.get("ops", {}).get("decode", {}).get("median_ns") for r in base["results"]):
            raise SystemExit("hostile: the base results file has no timings: the report phase proves nothing")
        return base

    def run(self, case):
        with self.lock:
            self.count += 1
            n = self.count
        folder = os.path.join(self.root, str(n))
        run = os.path.join(folder, "run")
        os.makedirs(run)
        path = os.path.join(run, "results.json")
        with open(path, "wb") as f:
            case.write(f)
        size = 0 if case.uncounted else os.path.getsize(path)
        result = watchdog.run(case, [self.report, run], size, os.path.join(folder, "run"))
        o = result.outcome
        if o.sig is None and not o.timed_out:
            if case.expect == "refuse" or (case.expect == "render-or-refuse" and o.code == 1):
                result.problems += watchdog.refused(o)
            elif case.expect == "render" and o.code != 0:
                result.problems.append(f"exit {o.code}, want 0 (rendered): {(watchdog.error_lines(o) or [''])[-1][:160]}")
            for check in case.checks:
                result.problems += check(result, folder, run)
        watchdog.progress(result)
        if result.problems:
            watchdog.keep(self.failures, n, result, [path])
        shutil.rmtree(folder, ignore_errors=True)
        return result


def run_phase(serbench, report, work, quick, pool):
    """Runs every case; the number of violating runs."""
    phase = Phase(serbench, report, work)
    print(f"\n== serbench-report: hostile results files (under {watchdog.stated()})")
    base = phase.base()
    print(f"  base: a results.json of {len(base['results'])} timed records ({', '.join(CODECS)})")
    results = list(pool.map(phase.run, cases(base, quick)))
    return watchdog.summary("serbench-report", results)
