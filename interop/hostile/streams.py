"""A full or closed standard output and a full standard error, for every codec.

What the serbench binary promises (crates/serbench-cli): when the reader of
its standard output has gone (a pipe closed before it writes, as
`serbench list --json | head -c 10` leaves it) it ends quietly with exit 0,
as `cat` does; a full standard output (/dev/full) is an error, exit 1 with
one line on stderr; a standard error it cannot write costs the messages,
not the exit status; and none of these panics (exit 101, "panicked").

Every codec gets `check` of each dataset's dump and of garbage, `convert`
to /dev/stdout and `dump` (which prints nothing) with its standard output
closed and full, and `check` with its standard error full; `list`, `list
--json`, `--help` and `--version` run once. A run's exit must be the
promised one; otherwise the harness's usual limits hold.
"""

import os

from .runner import Case, problems_of, run_command

# Stands for the case's input file in its arguments.
FILE = "{file}"
# Refused by every codec (the CLI's own tests hold it for the task-manager).
GARBAGE = b"\xff\x00garbage\x01\x02"
# What a run under each mode must exit with, by whether it prints.
PROMISE = {
    ("closed", True): (0, "a reader that has gone ends serbench quietly"),
    ("closed", False): (0, "nothing is printed"),
    ("full", True): (1, "a full standard output is an error"),
    ("full", False): (0, "nothing is printed"),
    ("stderr full", True): (0, "a full standard error changes no exit status"),
}


class Run(Case):
    """A serbench command (its arguments, FILE for the input's path) run
    with a stream closed or full, and the exit code it must end with."""

    __slots__ = ("args", "stdout", "stderr", "want", "why", "names")

    def __init__(self, codec, ds, mode, args, data=None, prints=True, fails=False):
        label = " ".join("FILE" if a == FILE else a for a in args) + f", {mode}"
        super().__init__(codec, ds, f"stdout {mode}" if mode != "stderr full" else mode, label, data, "survive")
        self.args = args
        self.stdout = mode if mode in ("closed", "full") else None
        self.stderr = "full" if mode == "stderr full" else None
        self.want, self.why = (1, "the input is refused first") if fails else PROMISE[(mode, prints)]
        # A decode error names the codec and the dataset; a write error need not.
        self.names = fails


def cases(codec, datasets, files, work):
    """The runs for one codec; files maps (codec, dataset) to its dump's bytes."""
    for ds in datasets:
        check = ["check", "--dataset", ds, "--codec", codec, FILE]
        for mode in ("closed", "full"):
            yield Run(codec, ds, mode, check, files[(codec, ds)])
    ds = "task-manager" if "task-manager" in datasets else datasets[0]
    check = ["check", "--dataset", ds, "--codec", codec, FILE]
    convert = ["convert", "--dataset", ds, "--from", codec, "--to", codec, FILE, "/dev/stdout"]
    for mode in ("closed", "full"):
        yield Run(codec, ds, mode, check, GARBAGE, fails=True)
        yield Run(codec, ds, mode, convert, files[(codec, ds)])
        out = os.path.join(work, "scratch", f"streams-{codec}-{mode}")
        yield Run(codec, ds, mode, ["dump", "--out", out, "--dataset", ds, "--codec", codec], prints=False)
    yield Run(codec, ds, "stderr full", check, files[(codec, ds)])
    yield Run(codec, ds, "stderr full", check, GARBAGE, fails=True)


def commands(codec):
    """The runs that need no codec (named after codec for the tally)."""
    for args in (["list"], ["list", "--json"], ["--help"], ["--version"], ["check", "--help"]):
        for mode in ("closed", "full"):
            yield Run(codec, "-", mode, args)


def run(harness, case):
    """Runs one Run under harness; returns what `Harness.run_case` does."""
    path = None
    args = case.args
    if case.data is not None:
        path = harness.scratch_file(case.codec)
        with open(path, "wb") as f:
            f.write(case.data)
        case.data = None
        args = [path if a == FILE else a for a in args]
    cmd = [harness.serbench] + args
    outcome = run_command(cmd, scratch=harness.scratch_file("run"), stdout=case.stdout, stderr=case.stderr)
    found = problems_of(outcome, case.codec, case.ds, need_names=case.names)
    if case.stderr:
        # Nothing of stderr came back: its line count says nothing.
        found = [p for p in found if not p.startswith("exit 1 with")]
    if outcome.code == 101:
        found = [p for p in found if p != "exit code 101"] + ["exit 101: serbench panicked"]
    elif outcome.code in (0, 1) and outcome.code != case.want:
        found.append(f"exit {outcome.code}, want {case.want}: {case.why}")
    if found and path:
        harness.keep_failure(case, path, cmd, outcome, found)
    elif found:
        with harness.lock:
            harness.violations.append((case, " ".join(cmd), found, outcome))
    if path:
        os.unlink(path)
    return case, outcome, found, []
