"""The summary printed at the end of a run: per-codec counts, amplification,
notes, broken controls and every violation with the command that shows it."""

import collections

from .harness import Stats
from .runner import ERROR_LIMIT, ERROR_LIMITED


def report(h, codecs, floor, floor_end, elapsed):
    """Prints the summary of harness h; floor and floor_end: `serbench list`'s peak RSS (KiB) at the start and the end."""
    print("\n== summary (a peak RSS is at least this script's resident size at the spawn, the floor:")
    print(f"   `serbench list` measures {floor / 1024:.1f} MiB at the start and {floor_end / 1024:.1f} MiB at the end)")
    print(f"  {'codec':<12} {'inputs':>7} {'exit 0':>7} {'exit 1':>7} {'other':>6} {'peak RSS':>10} {'slowest':>8}  (peak and slowest input)")
    total = Stats()
    for codec in codecs:
        s = h.stats[codec]
        total.runs += s.runs
        total.exit0 += s.exit0
        total.exit1 += s.exit1
        total.other += s.other
        print(
            f"  {codec:<12} {s.runs:7d} {s.exit0:7d} {s.exit1:7d} {s.other:6d} {s.rss / 1024:8.1f} MiB {s.slowest:6.2f} s"
            f"  ({s.rss_label[:50]}; {s.slowest_label[:50]})"
        )
    print(f"  {'all':<12} {total.runs:7d} {total.exit0:7d} {total.exit1:7d} {total.other:6d}")
    held = "every class" if ERROR_LIMITED is None else "the classes " + ", ".join(sorted(ERROR_LIMITED))
    print(f"\n== longest error output per codec (stderr bytes of one run; at most {ERROR_LIMIT} for {held})")
    for codec in codecs:
        size, label = h.longest_error.get(codec, (0, ""))
        print(f"  {codec:<16} {size:10d} bytes  ({label[:80]})")
    if h.amplification:
        print("\n== amplification (peak RSS over input size; at or below the floor, the child's own peak is lower)")
        for case, outcome, size in sorted(h.amplification, key=lambda x: -x[1].rss):
            own = outcome.rss > outcome.floor + 1024
            ratio = f"{outcome.rss * 1024 / size:6.1f} x" if own and size else "(floor)"
            print(f"  {case.codec + '/' + case.ds:<24} {case.label[:56]:<56} exit {outcome.code}  {outcome.rss / 1024:7.1f} MiB  {ratio}")
    if h.strace_note:
        print(f"\nnote: {h.strace_note}")
    else:
        print(f"\nstrace: {h.traced} entity/DTD/XInclude/PI inputs ran under strace -f (open, openat, socket, connect)")
    if h.notes:
        print("\n== notes (not violations: what the formats cannot, or by design do not, tell; and the command line)")
        for codec in codecs:
            grouped = collections.OrderedDict()
            for kind, detail in h.notes.get(codec, []):
                grouped.setdefault(kind, []).append(detail)
            for kind, details in grouped.items():
                print(f"  {codec}: {kind} ({len(details)}x), e.g.:")
                for detail in details[:3]:
                    print(f"      {detail[:160]}")
    if h.broken_controls:
        print("\n== controls rejected: these crafted families are not meaningful until fixed")
        for control in sorted(h.broken_controls):
            print(f"  {control}")
    if h.violations:
        print(f"\n== {len(h.violations)} VIOLATION(S) (inputs kept under {h.failures})")
        for case, cmd, found, outcome in h.violations:
            print(f"- {case.codec}/{case.ds} {case.cls}: {case.label}")
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

