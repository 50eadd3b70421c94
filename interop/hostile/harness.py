"""The harness: runs cases in parallel and judges each against what it expects.

Beyond the runner's limits it checks the controls (exit 0, and `serbench
convert` agrees), the "decode" cases (check and convert both refuse),
that entity and DTD tricks open no file and no socket (under `strace`, when
installed), keeps the inputs of every violation under WORKDIR/failures/ with
the command line, and collects notes: what a format cannot tell, and what
the error lines echo.
"""

import collections
import concurrent.futures
import os
import re
import shutil
import threading

from .mutations import WHITESPACE_TAILS
from .runner import ERROR_LIMIT, MIB, Case, Outcome, error_limited, problems_of, run_command, trim_own_heap


class Stats:
    """Counts of exits, and the peak and slowest runs, of a set of cases."""

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
    """Runs cases against one serbench binary and keeps what they showed.

    families maps each codec id to its wire format's module (`formats/`),
    whose traits say which damage the format can tell."""

    def __init__(self, serbench, work, families):
        self.serbench = serbench
        self.work = work
        self.families = families
        self.scratch = os.path.join(work, "scratch")
        self.failures = os.path.join(work, "failures")
        self.lock = threading.Lock()
        self.counter = 0
        self.stats = collections.defaultdict(Stats)
        self.violations = []
        self.notes = collections.defaultdict(list)
        self.broken_controls = set()
        self.amplification = []
        self.answers = collections.defaultdict(set)
        # codec -> (bytes, label) of its longest error output.
        self.longest_error = {}
        self.strace = shutil.which("strace")
        self.strace_note = None
        self.traced = 0
        workers = max(2, os.cpu_count() or 2)
        # Inputs wait in memory until a worker writes them: keep few waiting,
        # as this process's own peak shows in every child's ru_maxrss.
        self.window = 2 * workers
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)

    def scratch_file(self, suffix):
        with self.lock:
            self.counter += 1
            n = self.counter
        return os.path.join(self.scratch, f"{n}.{suffix}")

    def check_cmd(self, case, path):
        return [self.serbench, "check", "--dataset", case.ds, "--codec", case.codec, path]

    def run_case(self, case):
        """Runs one case; returns (case, outcome, problems, notes)."""
        path = case.path
        own_file = path is None
        if own_file:
            path = self.scratch_file(case.codec)
            with open(path, "wb") as f:
                f.write(case.data)
            case.data = None
        cmd = self.check_cmd(case, path)
        outcome = run_command(cmd, scratch=self.scratch_file("run"))
        found = problems_of(outcome, case.codec, case.ds, need_names=case.cls != "cli")
        if outcome.stderr_bytes > ERROR_LIMIT and error_limited(case.cls):
            found.append(f"error output of {outcome.stderr_bytes} bytes > {ERROR_LIMIT}: an error says what is wrong, it does not echo the input")
        notes = []
        if case.cls == "cli" and outcome.code == 1 and not (case.codec in outcome.stderr and case.ds in outcome.stderr):
            notes.append(("the error line for a file that cannot be read names no format or dataset", f"{case.label}: {outcome.stderr.strip()}"))
        if "\x1b" in outcome.stderr:
            notes.append(("the error line passes ESC from the input to the terminal (escape sequences)", f"{case.cls}: {case.label}: {outcome.stderr.strip()[:80]!r}"))
        elif re.search(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u2028\u2029]", outcome.stderr):
            notes.append(("the error line echoes control characters from the input verbatim", f"{case.cls}: {case.label}: {outcome.stderr.strip()[:80]!r}"))
        if case.expect in ("reject", "decode") and outcome.code == 0:
            found.append("accepted (exit 0) an input that must be rejected")
        if case.expect == "accept" and outcome.code != 0:
            found.append(f"control rejected (exit {outcome.code}): the crafted inputs of {case.control} prove nothing until this is resolved")
        if case.expect == "accept" and outcome.code == 0:
            answer = outcome.stdout.strip().splitlines()[-1:] or [""]
            with self.lock:
                self.answers[case.ds].add((answer[0], f"{case.codec}: {case.label}"))
        if case.expect in ("decode", "accept"):
            conv_out = self.scratch_file("json")
            conv = run_command(
                [self.serbench, "convert", "--dataset", case.ds, "--from", case.codec, "--to", "json", path, conv_out],
                scratch=self.scratch_file("run"),
            )
            if os.path.exists(conv_out):
                os.unlink(conv_out)
            found += [f"convert: {p}" for p in problems_of(conv, case.codec, case.ds)]
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
        folder = os.path.join(self.failures, case.codec)
        os.makedirs(folder, exist_ok=True)
        slug = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{case.ds}--{case.cls}--{case.label}")[:120]
        with self.lock:
            self.counter += 1
            slug += f"--{self.counter}"
        kept = os.path.join(folder, f"{slug}.{case.codec}")
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

    def run_batch(self, title, cases, group=None, run=None):
        """Runs cases (an iterable, consumed lazily) in parallel and prints a
        progress line: one for the batch, or one per group(case) in the order
        the groups first appear. run: what runs a case, returning what
        `run_case` does (by default `run_case`). Returns how many cases ran."""
        groups = collections.OrderedDict()
        pending = collections.deque()

        def drain(block):
            while pending and (block or len(pending) >= self.window):
                case, outcome, found, notes = pending.popleft().result()
                key = group(case) if group else None
                stats, kinds, bad = groups.setdefault(key, (Stats(), collections.Counter(), []))
                stats.add(outcome, f"{case.cls}: {case.label}")
                self.stats[case.codec].add(outcome, f"{case.ds} {case.cls}: {case.label}")
                kinds[case.cls] += 1
                if found:
                    bad.append(case)
                    if case.expect == "accept":
                        self.broken_controls.add(case.control)
                for kind, detail in notes:
                    self.notes[case.codec].append((kind, f"{case.ds} {detail}"))
                if case.cls == "amplify":
                    self.amplification.append((case, outcome, case.size))
                self.observe(case, outcome)
                if outcome.stderr_bytes > self.longest_error.get(case.codec, (0, ""))[0]:
                    self.longest_error[case.codec] = (outcome.stderr_bytes, f"{case.ds} {case.cls}: {case.label}")

        for case in cases:
            if case.size >= MIB:
                # Let the big inputs before this one go before making it wait.
                drain(True)
                trim_own_heap()
            pending.append(self.pool.submit(run or self.run_case, case))
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
        return sum(stats.runs for stats, _, _ in groups.values())

    def check_answers(self):
        """Every control of a dataset must give the same answer, whatever its format."""
        for ds, answers in self.answers.items():
            if len({a for a, _ in answers}) > 1:
                self.violations.append(
                    (Case("*", ds, "control", "answers differ", None, "accept"), "(the controls of every format)", [f"{w} -> {a}" for a, w in sorted(answers)], Outcome())
                )
                self.broken_controls.add(f"{ds}: the controls' answers differ between formats")

    def observe(self, case, outcome):
        """Non-fatal findings: damage that a format says it detects but accepted."""
        family = self.families.get(case.codec)
        if outcome.code != 0 or family is None or not family.KNOWS_ITS_END:
            return
        if case.cls == "cut":
            self.notes[case.codec].append(("a truncation was accepted", f"{case.ds}: {case.label}"))
        allowed = WHITESPACE_TAILS + tuple(label for label, _ in family.TAILS)
        if case.cls == "tail" and case.label not in allowed:
            self.notes[case.codec].append(("trailing bytes were accepted", f"{case.ds}: {case.label}"))

