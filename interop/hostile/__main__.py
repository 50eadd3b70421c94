"""The run, phase by phase: for `serbench check` listing, dumps, mutations,
confusion, the command line, crafted bombs, then the report; then
`serbench measure` and `serbench-report` under the memory watchdog. See the
package docs."""

import argparse
import concurrent.futures
import itertools
import os
import shutil
import subprocess
import sys
import time

if not __package__:
    # Run as a folder (`python3 interop/hostile`): put the package's parent
    # on the path in place of the folder, so its modules load as `hostile.*`.
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import hostile  # noqa: E402
from hostile import catalog, classes, formats, measure, results, streams  # noqa: E402
from hostile.harness import Harness  # noqa: E402
from hostile.mutations import confusion, mutations, share  # noqa: E402
from hostile.report import report  # noqa: E402
from hostile.runner import ERROR_LIMIT, Case, limit_address_space, run_command, self_test  # noqa: E402

# Small dumps keep the thousands of runs over their mutations quick.
DUMP_SIZES = ("task-manager=40", "graph=12")


def main():
    parser = argparse.ArgumentParser(prog="hostile", description=hostile.__doc__.split("\n\n")[0])
    parser.add_argument("serbench")
    parser.add_argument("workdir")
    parser.add_argument("--quick", action="store_true", help="fewer mutations per file, smaller documents")
    parser.add_argument("--report", help="the serbench-report binary (default: beside SERBENCH)")
    parser.add_argument("--phases", default="check,measure,report", help="which of check, measure, report to run (default: all)")
    args = parser.parse_args()
    serbench = os.path.abspath(args.serbench)
    work = os.path.abspath(args.workdir)
    phases = set(args.phases.split(","))
    if not phases or phases - {"check", "measure", "report"}:
        parser.error("--phases takes a comma-separated list of check, measure, report")
    started = time.monotonic()
    limit_address_space()
    os.makedirs(work, exist_ok=True)
    shutil.rmtree(os.path.join(work, "failures"), ignore_errors=True)
    os.makedirs(os.path.join(work, "failures"))
    selftest = os.path.join(work, "selftest")
    shutil.rmtree(selftest, ignore_errors=True)
    os.makedirs(selftest)
    runs = itertools.count()
    self_test(lambda: os.path.join(selftest, str(next(runs))))
    failed = run_check(args, serbench, work, started) if "check" in phases else 0
    # Two runs at a time: the near-cap documents each take up to their bound.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        if "measure" in phases:
            began = time.monotonic()
            bad = measure.run_phase(serbench, work, args.quick, pool)
            print(f"serbench measure: {time.monotonic() - began:.0f} s")
            failed = failed or bad
        if "report" in phases:
            report_bin = os.path.abspath(args.report or os.path.join(os.path.dirname(serbench), "serbench-report"))
            began = time.monotonic()
            bad = results.run_phase(serbench, report_bin, work, args.quick, pool)
            print(f"serbench-report: {time.monotonic() - began:.0f} s")
            failed = failed or bad
    print(f"\nhostile: {time.monotonic() - started:.0f} s in all; {'violations above' if failed else 'no violations'}")
    return 1 if failed else 0


def run_check(args, serbench, work, started):
    """The phases over `serbench check`; 1 when any was violated."""

    datasets, listed = catalog.read(serbench)
    families, missing = formats.modules_for(listed)
    if missing:
        for name, family in missing:
            print(f"hostile: codec {name!r} (wire format {family!r}) has no crafted inputs: no module in interop/hostile/formats/ lists {family!r} in its FAMILIES", file=sys.stderr)
        print("hostile: add the wire format's bombs as a module there (or the wire format to the FAMILIES of the module of the format it writes)", file=sys.stderr)
        return 1
    codecs = [name for name, _ in listed]

    for sub in ("dumps", "scratch"):
        shutil.rmtree(os.path.join(work, sub), ignore_errors=True)
        os.makedirs(os.path.join(work, sub))
    print(f"hostile: {serbench}")
    print(f"hostile: {len(datasets)} datasets ({', '.join(datasets)}) x {len(codecs)} codecs ({', '.join(codecs)}); {'quick' if args.quick else 'full'} run")
    dumps = os.path.join(work, "dumps")
    sizes = [arg for size in DUMP_SIZES for arg in ("--size", size)]
    subprocess.run([serbench, "dump", "--out", dumps] + sizes, check=True, capture_output=True)
    harness = Harness(serbench, work, families)
    floor = run_command([serbench, "list"], scratch=harness.scratch_file("run")).rss

    print("\n== mutated dumps (expected: exit 0 or 1, one error line naming codec and dataset)")
    files = {}
    part = share(args.quick, len(codecs) * len(datasets))
    for codec in codecs:
        for ds in datasets:
            with open(os.path.join(dumps, f"{ds}.{codec}"), "rb") as f:
                files[(codec, ds)] = f.read()
            harness.run_batch(f"{codec}/{ds}", mutations(codec, ds, files[(codec, ds)], args.quick, families[codec].TAILS, part))

    print("\n== confusion and noise: every dump read as every other dataset and in every other format; random bytes")
    for codec in codecs:
        harness.run_batch(codec, confusion(codec, files, datasets, args.quick))

    print("\n== command line: files that are not inputs")
    harness.run_batch("missing, directory, /dev/null, empty", cli_cases(codecs, datasets, families, work, dumps))

    print("\n== standard output closed or full, standard error full (expected: exit 0 into a closed pipe, 1 into a full output, never a panic)")
    stream_run = lambda case: streams.run(harness, case)  # noqa: E731
    harness.run_batch("list, --help, --version", streams.commands(codecs[0]), group=lambda c: c.cls, run=stream_run)
    for codec in codecs:
        harness.run_batch(codec, streams.cases(codec, datasets, files, work), group=lambda c: c.cls, run=stream_run)

    print("\n== split UTF-8, over-wide varints, huge texts, in every codec's dumps (expected: refused; every error line at most " + str(ERROR_LIMIT) + " bytes)")
    texts = dataset_texts(listed, files, datasets)
    for codec, family in listed:
        for cls, why in classes.not_applicable(codec, family):
            print(f"  {codec} {cls}: not applicable ({why})")
        issue_cases = (c for ds in datasets for c in classes.cases(codec, family, ds, files[(codec, ds)], *texts[ds]))
        if harness.run_batch(codec, issue_cases, group=lambda c: c.cls) == 0:
            print(f"  {codec}: no text of the JSON dumps found in its dumps")

    print("\n== crafted bombs (expected: exit 1 with one line naming codec and dataset)")
    empty = []
    for codec, family in listed:
        cases = (c for c in families[codec].crafted(codec, family, datasets) if c.ds in datasets)
        if harness.run_batch(codec, cases, group=lambda c: c.cls) == 0:
            empty.append(f"{codec} ({family})")

    harness.pool.shutdown()
    harness.check_answers()
    floor_end = run_command([serbench, "list"], scratch=harness.scratch_file("run")).rss
    report(harness, codecs, floor, floor_end, time.monotonic() - started)
    if empty:
        print(f"\nhostile: no crafted inputs for the listed datasets: {', '.join(empty)}")
    return 1 if harness.violations or empty else 0


def dataset_texts(listed, files, datasets):
    """{dataset: (free texts, parsed texts)} from the first JSON codec's dumps (none without one)."""
    json_codec = next((codec for codec, family in listed if family == "JSON"), None)
    if json_codec is None:
        print("  no JSON codec listed: no texts to build these inputs at")
        return {ds: ([], []) for ds in datasets}
    return {ds: classes.texts_of(files[(json_codec, ds)]) for ds in datasets}


def cli_cases(codecs, datasets, families, work, dumps):
    """Paths that are not input files, and an empty file, for every codec and dataset."""
    missing = os.path.join(work, "scratch", "does-not-exist")
    yield Case(codecs[0], datasets[0], "cli", "a missing file", None, "reject", path=missing)
    yield Case(codecs[0], datasets[0], "cli", "a directory", None, "reject", path=dumps)
    for codec in codecs:
        empty = families[codec].EMPTY_FILE
        for ds in datasets:
            yield Case(codec, ds, "cli", "/dev/null", None, empty, path=os.devnull)
            yield Case(codec, ds, "cut", "an empty file", b"", empty)


if __name__ == "__main__":
    sys.exit(main())
