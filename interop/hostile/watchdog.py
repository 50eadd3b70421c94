"""The memory watchdog of the `serbench measure` and `serbench-report`
phases: the stated bound, one run under it, and the verdicts common to both.

A run of either program reads a user's file, so its bound grows with the
input: peak resident memory at most PER_INPUT_BYTE times the input's size
plus CONSTANT_MIB, and wall-clock time at most TIME_BASE plus TIME_PER_MIB
per MiB of input (measure runs `--untimed`, so no timing loop is in that
time). The input's size is that of the largest document of the run (the
files are measured one at a time) plus its schema files; an input past a
program's cap counts as empty, since it must be refused before it is read.

Each run gets an address-space limit of its bound plus AS_SLACK, so that a
runaway allocation ends as an abort soon after it passed the bound instead
of taking the machine; its peak is the child's ru_maxrss (os.wait4, see
runner.py). A run violates when it is killed by a signal, exits with a code
that is neither 0 nor 1 (101 is a Rust panic), passes its time, passes its
memory bound, or writes a stderr line longer than LINE_LIMIT bytes.
"""

import os
import re
import shutil

from .runner import MIB, run_command, signal_name

# The bound SECURITY.md states for `serbench measure` (and meets at its
# 32 MiB cap); serbench-report's cap keeps it far below.
PER_INPUT_BYTE = 128
CONSTANT_MIB = 256
TIME_BASE = 20.0
TIME_PER_MIB = 4.0
AS_SLACK = 1 << 30
# Every message line, whatever the input (issue 39): an error quotes only a
# prefix of what it names.
LINE_LIMIT = 256


def bound_kib(size):
    """The memory bound, in KiB, for an input of size bytes."""
    return (PER_INPUT_BYTE * size) // 1024 + CONSTANT_MIB * 1024


def time_limit(size):
    return TIME_BASE + TIME_PER_MIB * size / MIB


def stated():
    return f"{PER_INPUT_BYTE} x input + {CONSTANT_MIB} MiB of peak RSS, {TIME_BASE:.0f} s + {TIME_PER_MIB:.0f} s per MiB"


class Result:
    """One run: its case, command, outcome and what was wrong with it."""

    __slots__ = ("case", "cmd", "outcome", "problems", "bound", "limit")

    def __init__(self, case, cmd, outcome, bound, limit):
        self.case, self.cmd, self.outcome = case, cmd, outcome
        self.bound, self.limit = bound, limit
        self.problems = []


def run(case, cmd, size, scratch, cwd=None):
    """Runs cmd under the bound for an input of size bytes; a Result with
    the limits' violations already in problems."""
    bound = bound_kib(size)
    limit = time_limit(size)
    outcome = run_command(cmd, timeout=limit, scratch=scratch, address_space=bound * 1024 + AS_SLACK, cwd=cwd)
    result = Result(case, cmd, outcome, bound, limit)
    found = result.problems
    if outcome.timed_out:
        found.append(f"hang: killed after {limit:.0f} s")
    elif outcome.sig is not None:
        found.append(f"crash: killed by {signal_name(outcome.sig)} (an abort at {(bound * 1024 + AS_SLACK) / MIB:.0f} MiB of address space is a runaway allocation)")
    elif outcome.code not in (0, 1):
        found.append(f"exit code {outcome.code}" + (" (a panic)" if outcome.code == 101 else ""))
    if outcome.rss > bound:
        found.append(f"peak RSS {outcome.rss / 1024:.0f} MiB > bound {bound / 1024:.0f} MiB")
    if "panicked" in outcome.stderr or "stack overflow" in outcome.stderr:
        found.append("panic or stack overflow message on stderr")
    if outcome.longest_line > LINE_LIMIT:
        found.append(f"a stderr line of {outcome.longest_line} bytes > {LINE_LIMIT} (stderr {outcome.stderr_bytes} bytes)")
    return result


# An error line starts with `error: ` (serbench) or the program's name
# (serbench-report).
ERROR_LINE = re.compile(r"(error|serbench-report):")


def progress(result):
    """One line as each run ends, so a slow or stuck class shows in the log before the summary."""
    o = result.outcome
    verdict = "ok" if not result.problems else "VIOLATION"
    print(f"  {result.case.cls}: {result.case.label[:60]}: exit {o.code} signal {o.sig}, {o.rss / 1024:.0f} MiB, {o.secs:.1f} s: {verdict}", flush=True)


def error_lines(outcome):
    return [line for line in outcome.stderr.splitlines() if ERROR_LINE.match(line)]


def refused(outcome):
    """Problems unless the run refused its input: exit 1 and one error line, the last."""
    if outcome.code != 1:
        return [f"exit {outcome.code}, want 1 (refused)"]
    errors = error_lines(outcome)
    lines = outcome.stderr.rstrip("\n").splitlines()
    if len(errors) != 1 or not lines or not ERROR_LINE.match(lines[-1]):
        return [f"exit 1 with {len(errors)} error lines (want exactly one, the last line of stderr)"]
    return []


def keep(failures, n, result, files):
    """Copies a violation's inputs (small ones) and its command line to failures/."""
    folder = os.path.join(failures, f"{result.case.phase}-{n}")
    os.makedirs(folder, exist_ok=True)
    for path in files:
        try:
            if os.path.isfile(path) and os.path.getsize(path) <= 4 * MIB:
                shutil.copy(path, os.path.join(folder, f"input-{len(os.listdir(folder))}"))
        except OSError:
            pass
    with open(os.path.join(folder, "command"), "w", encoding="utf-8", errors="replace") as f:
        f.write(" ".join(repr(a) if (" " in a or "\n" in a) else a for a in result.cmd) + "\n")
        f.write("\n".join(result.problems) + "\n")


def summary(title, results):
    """Prints each run's peak against its bound, and its violations; the number of violating runs."""
    print(f"\n== {title}: peak RSS against the bound ({stated()})")
    print(f"  {'class':<14} {'input':<46} {'exit':>5} {'peak':>9} {'bound':>9} {'time':>7}  verdict")
    bad = 0
    for r in results:
        o = r.outcome
        code = f"sig{o.sig}" if o.sig is not None else ("kill" if o.timed_out else str(o.code))
        verdict = "ok" if not r.problems else "VIOLATION"
        print(f"  {r.case.cls:<14} {r.case.label[:46]:<46} {code:>5} {o.rss / 1024:6.0f} MiB {r.bound / 1024:6.0f} MiB {o.secs:6.1f}s  {verdict}")
        bad += bool(r.problems)
    if bad:
        print(f"\n== {title}: {bad} VIOLATION(S)")
        for r in results:
            if not r.problems:
                continue
            print(f"- {r.case.cls}: {r.case.label}")
            for p in r.problems:
                print(f"    {p[:400]}")
            shown = " ".join(a if len(a) < 120 else a[:117] + "..." for a in r.cmd)
            print(f"    $ {shown!r}"[:400] if "\n" in shown else f"    $ {shown}"[:400])
            for line in r.outcome.stderr.strip().splitlines()[-2:]:
                print(f"    stderr: {line[:200]}")
    else:
        print(f"\n{title}: no violations")
    return bad
