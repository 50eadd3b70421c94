"""Outside checks of `serbench measure` on the documents of data/measure/.

    python3 check_measure.py OUT DOCUMENTS

OUT is a `serbench measure --untimed --out OUT` folder of those documents.
For each document, read here with Python's json:
- Python's cbor2 and msgpack write it (a NDJSON file message by message)
  within 1 % of the bytes serbench's cbor and msgpack rows wrote;
- cbor2 and msgpack read serbench's encodings (OUT/encoded/NAME.cbor,
  NAME.msgpack: the first message) back to the document's value.
Run by `cargo xtask interop`.
"""

import json
import math
import sys
from pathlib import Path

import cbor2
import msgpack


def messages(path):
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".ndjson", ".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [json.loads(text)]


def same(a, b, where="$"):
    """Equal as documents: the same kinds, keys in the same order, floats
    to the bit."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and list(a) == list(b), f"{where}: keys {list(a)[:5]} vs {list(b)[:5] if isinstance(b, dict) else b!r}"
        for key in a:
            same(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), f"{where}: a list of {len(a)}"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, float):
        assert isinstance(b, float) and (a == b or (math.isnan(a) and math.isnan(b))), f"{where}: {a!r} vs {b!r}"
    else:
        assert type(a) is type(b) and a == b, f"{where}: {a!r} vs {b!r}"


def main():
    out, documents = Path(sys.argv[1]), Path(sys.argv[2])
    report = json.loads((out / "results.json").read_text())
    rows = {(r["dataset"], r["codec"]): r for r in report["results"]}
    checked = 0
    for path in sorted(documents.iterdir()):
        if path.suffix not in (".json", ".ndjson"):
            continue
        name = path.name.rsplit(".", 1)[0]
        values = messages(path)
        for codec, write, read in [
            ("cbor", cbor2.dumps, cbor2.loads),
            ("msgpack", msgpack.packb, lambda b: msgpack.unpackb(b, strict_map_key=False)),
        ]:
            row = rows[(name, codec)]
            assert row["ok"], f"{name} {codec}: {row['error']}"
            ours = row["size_bytes"] * row["messages"]
            theirs = sum(len(write(v)) for v in values)
            ratio = ours / theirs
            assert abs(ratio - 1) <= 0.01, f"{name} {codec}: serbench {ours:.0f} bytes, Python {theirs} ({ratio:.4f})"
            encoded = (out / "encoded" / f"{name}.{codec}").read_bytes()
            same(values[0], read(encoded))
            print(f"{name} {codec}: serbench {ours:.0f} bytes, Python {theirs} ({ratio:.4f}); read back equal")
            checked += 1
    assert checked >= 8, f"only {checked} checks: are the documents in {documents}?"


if __name__ == "__main__":
    main()
