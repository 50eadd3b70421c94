"""Inputs made from serbench's own dumps, the same for every format.

Truncations (every prefix of a short file, else the first and last 16 and 64
seeded cuts), single-bit flips (the first 8 bytes exhaustively, then seeded
ones), bytes set to 00/ff/7f/80, deleted and duplicated ranges, trailing
garbage; each dump read as every other dataset and in every other format
(a quick run: in a seeded handful of them, and its seeded mutations sharing
a fixed budget, so its size does not grow with the registry); random bytes
as every dataset. Expected: exit 0 or 1, and on exit 1 exactly
one line on stderr naming the format and the dataset. The seeds are the
codec and dataset names, so a run repeats exactly.
"""

import random

from .runner import Case

# Trailers a format may allow after a value: accepting them is no finding.
WHITESPACE_TAILS = ("space", "newline")


# A quick run's size, whatever the registry holds: the seeded mutations of
# every (codec, dataset) pair share the budget of this many pairs, and a
# dump is read in at most this many other formats. A full run takes every
# one (docs/ci.md).
QUICK_PAIRS = 120
QUICK_FORMATS = 8


def share(quick, pairs):
    """What part of a pair's seeded mutations a run takes: all of them in a
    full run, a part that keeps a quick run's total fixed otherwise."""
    return min(1.0, QUICK_PAIRS / pairs) if quick else 1.0


def mutations(codec, ds, data, quick, extra_tails=(), part=1.0):
    """Truncations, bit flips, byte sets, splices and trailing garbage of data.

    extra_tails: (label, bytes) trailers particular to the format; part:
    the part of the seeded mutations to take (`share`)."""

    def count(full, fast):
        return max(1, round((fast if quick else full) * part))

    rng = random.Random(f"{codec}/{ds}")
    n = len(data)
    short = 256 if quick else 1024
    if n <= short:
        cuts = range(n)
    else:
        cuts = sorted(set(range(16)) | set(range(n - 16, n)) | set(rng.randrange(16, n - 16) for _ in range(64)))
    for cut in cuts:
        yield Case(codec, ds, "cut", f"first {cut} of {n} bytes", data[:cut], "survive")
    flips = [(i, b) for i in range(min(8, n)) for b in range(8)]
    flips += [(rng.randrange(n), rng.randrange(8)) for _ in range(count(1000, 200))]
    for i, bit in flips:
        mutated = bytearray(data)
        mutated[i] ^= 1 << bit
        yield Case(codec, ds, "flip", f"byte {i} bit {bit}", bytes(mutated), "survive")
    for _ in range(count(200, 40)):
        i = rng.randrange(n)
        value = rng.choice((0x00, 0xFF, 0x7F, 0x80))
        mutated = bytearray(data)
        mutated[i] = value
        yield Case(codec, ds, "byte", f"byte {i} = {value:02x}", bytes(mutated), "survive")
    for _ in range(count(100, 20)):
        i = rng.randrange(n)
        j = min(n, i + rng.randrange(1, 64))
        if rng.random() < 0.5:
            yield Case(codec, ds, "splice", f"bytes {i}..{j} deleted", data[:i] + data[j:], "survive")
        else:
            yield Case(codec, ds, "splice", f"bytes {i}..{j} repeated", data[:j] + data[i:j] + data[j:], "survive")
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
    tails += extra_tails
    for label, tail in tails:
        yield Case(codec, ds, "tail", label, data + tail, "survive")


def confusion(codec, files, datasets, quick):
    """Every dump read as every other dataset and in codec, then random bytes.

    files maps (codec, dataset) to the bytes of that dump. A quick run reads
    each dataset's dumps of at most QUICK_FORMATS other codecs in codec,
    chosen with a seed, so it does not grow as the square of the registry."""
    others = sorted({other for other, _ in files if other != codec})
    if quick and len(others) > QUICK_FORMATS:
        others = random.Random(f"confusion/{codec}").sample(others, QUICK_FORMATS)
    others = set(others)
    for (other, ds), data in files.items():
        for target in datasets:
            if other == codec and target != ds:
                yield Case(codec, target, "dataset", f"{ds}.{other} as {target}", data, "survive")
            elif other in others and target == ds:
                yield Case(codec, target, "format", f"{ds}.{other} as {codec}", data, "survive")
    rng = random.Random(f"noise/{codec}")
    for i in range(20 if quick else 100):
        size = rng.choice((1, 2, 7, 8, 16, 64, 512, 4096))
        target = datasets[i % len(datasets)]
        yield Case(codec, target, "noise", f"{size} random bytes #{i}", bytes(rng.randrange(256) for _ in range(size)), "survive")
    for byte in (0x00, 0xFF):
        for target in datasets:
            yield Case(codec, target, "noise", f"4096 bytes of {byte:02x}", bytes([byte]) * 4096, "survive")
