"""Running one input: the limits, the child's exit and peak memory, the verdict.

Every run: no signal, no exit code but 0 or 1, no run over 10 s, peak
resident memory (the child's ru_maxrss from os.wait4) at most 300 MiB, and
at most ERROR_LIMIT bytes on stderr (for the classes in ERROR_LIMITED).
Linux carries a parent's peak across exec into the child's ru_maxrss; the
runner resets this process's own peak before each spawn
(/proc/self/clear_refs), so a child's figure is its own peak or this
process's resident size at the spawn, whichever is larger (the floor,
printed): an upper bound. Children inherit an address-space limit of 4 GiB,
a safety net that turns a runaway allocation into an abort (reported as a
crash).
"""

import ctypes
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time

MIB = 1024 * 1024
RSS_LIMIT_KIB = 300 * 1024
TIMEOUT = 10.0
ADDRESS_SPACE_LIMIT = 4 << 30
# The most a run may write to stderr: its one error line says what was
# wrong and where, and may quote the input only in part (issue 25: a 16 MiB
# text in a version field came back as an 80 MiB line). A codec's error
# prints as at most 200 bytes (the model's LINE_BYTES, which the kit holds
# every decode to as MESSAGE_MAX), and the CLI prints it alone after
# `error: `, without the library's error it keeps as its source: 200 +
# 7 + the newline. The CLI's other errors (a file it cannot read, an
# output it cannot write) name a path and an OS error in fewer.
ERROR_LIMIT = 208
# The classes of input held to ERROR_LIMIT (None: every class). On the
# code of issue 25 only the huge texts (classes.py) passed it, by echoing
# them whole; every other class stayed under 300 bytes.
ERROR_LIMITED = None


class Case:
    """One input for one (codec, dataset), and what must happen to it.

    codec: the id `serbench check --codec` takes. expect: "reject" (exit
    1), "survive" (exit 0 or 1), "accept" (exit 0, the controls) or "decode"
    (check and convert must both exit 1). control: for a crafted input, the
    name of the valid value it was built from, which must be accepted for
    the input to prove anything.
    """

    __slots__ = ("codec", "ds", "cls", "label", "data", "path", "expect", "trace", "control", "size")

    def __init__(self, codec, ds, cls, label, data, expect, path=None, trace=False, control=None):
        self.codec, self.ds, self.cls, self.label = codec, ds, cls, label
        self.data, self.path, self.expect, self.trace = data, path, expect, trace
        self.control = control
        self.size = len(data) if data is not None else 0


def amplified(codec, ds, label, data):
    """Small elements that become large values: the run must stay in bounds."""
    return Case(codec, ds, "amplify", f"{label} ({len(data) / MIB:.1f} MiB)", data, "survive")


class Outcome:
    """What one run did: exit code or signal, peak RSS (KiB), time, output."""

    __slots__ = ("code", "sig", "timed_out", "rss", "floor", "secs", "stdout", "stderr", "stderr_bytes", "longest_line")

    def __init__(self):
        self.code = self.sig = None
        self.timed_out = False
        self.rss = self.floor = 0
        self.secs = 0.0
        self.stdout = self.stderr = ""
        # All of stderr's size and its longest line in bytes: `stderr`
        # holds only its first 64 KiB.
        self.stderr_bytes = 0
        self.longest_line = 0


def reset_own_peak():
    """Lowers this process's peak RSS to its current RSS (Linux 4.0+).

    Linux carries the parent's peak across exec into the child's ru_maxrss;
    resetting it before each spawn keeps the children's figures their own
    but for this process's current resident size (the floor)."""
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
    """This process's resident size in KiB (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return 0


def stream(mode, path):
    """A file object for a child's output: a file at path (mode None), /dev/full
    ("full"), or the write end of a pipe whose read end is already closed
    ("closed"), so the child's first write finds the reader gone."""
    if mode == "full":
        return open("/dev/full", "wb")
    if mode == "closed":
        read, write = os.pipe()
        os.close(read)
        return os.fdopen(write, "wb")
    return open(path, "wb")


def longest_line(path):
    """The longest line of a file in bytes, read in blocks (a runaway error
    output may be gigabytes)."""
    longest = current = 0
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            parts = block.split(b"\n")
            current += len(parts[0])
            for part in parts[1:]:
                longest = max(longest, current)
                current = len(part)
    return max(longest, current)


def run_command(cmd, timeout=TIMEOUT, scratch=None, stdout=None, stderr=None, address_space=None, cwd=None):
    """Runs cmd with output in files; its exit, signal, peak RSS (KiB) and time.

    stdout, stderr: None for a file read back, or "full" or "closed" (see
    `stream`), whose output is lost. address_space: bytes, a lower limit
    than this process's for the child alone, so a runaway allocation ends
    soon after the bound it passed rather than at the shared ceiling."""
    preexec = None
    if address_space is not None:
        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        limit = address_space if hard == resource.RLIM_INFINITY else min(address_space, hard)

        def preexec():
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    reset_own_peak()
    out_path = scratch + ".out"
    err_path = scratch + ".err"
    outcome = Outcome()
    outcome.floor = own_rss()
    with stream(stdout, out_path) as out, stream(stderr, err_path) as err:
        start = time.monotonic()
        proc = subprocess.Popen(
            cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True,
            preexec_fn=preexec, cwd=cwd,
        )
        # This process's copies go now: a pipe's only writer is the child.
        out.close()
        err.close()
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
    if stdout is None:
        with open(out_path, "rb") as f:
            outcome.stdout = f.read(1 << 16).decode("utf-8", "replace")
        os.unlink(out_path)
    if stderr is None:
        outcome.stderr_bytes = os.path.getsize(err_path)
        outcome.longest_line = longest_line(err_path)
        with open(err_path, "rb") as f:
            outcome.stderr = f.read(1 << 16).decode("utf-8", "replace")
        os.unlink(err_path)
    return outcome


def error_limited(cls):
    """Whether a case of class cls is held to ERROR_LIMIT."""
    return ERROR_LIMITED is None or cls in ERROR_LIMITED


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def problems_of(outcome, codec, ds, need_names=True):
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
            re.search(rf"\b{re.escape(codec)}\b", lines[0]) and ds in lines[0]
        ):
            found.append(f"error line does not name format {codec!r} and dataset {ds!r}")
    return found


def limit_address_space():
    """Caps the address space this process and its children may take."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = ADDRESS_SPACE_LIMIT if hard == resource.RLIM_INFINITY else min(ADDRESS_SPACE_LIMIT, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def self_test(scratch):
    """The runner sees a hang, a crash and memory: else its verdicts mean nothing.

    scratch() gives a fresh path prefix for a run's output files."""
    hang = run_command(["sleep", "5"], timeout=0.5, scratch=scratch())
    crash = run_command(["sh", "-c", "kill -SEGV $$"], scratch=scratch())
    fat = run_command([sys.executable, "-c", "b = b'x' * (96 << 20)"], scratch=scratch())
    if not (hang.timed_out and crash.sig == signal.SIGSEGV and fat.rss >= 96 * 1024):
        sys.exit(f"hostile: the harness cannot see hangs, crashes or memory here (timed out {hang.timed_out}, signal {crash.sig}, peak {fat.rss} KiB)")
    capped = run_command([sys.executable, "-c", "b = b'x' * (512 << 20)"], scratch=scratch(), address_space=256 << 20)
    long_line = run_command([sys.executable, "-c", "import sys; sys.stderr.write('a\\n' + 'b' * (3 << 20) + '\\nc')"], scratch=scratch())
    if capped.code == 0 or capped.rss >= 512 * 1024 or long_line.longest_line != 3 << 20:
        sys.exit(f"hostile: the harness cannot hold a run to an address-space limit or measure its lines here (exit {capped.code}, peak {capped.rss} KiB, longest line {long_line.longest_line})")
