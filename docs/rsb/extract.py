#!/usr/bin/env python3
"""Extract the published sizes and times from one rust_serialization_benchmark results file.

Usage: extract.py RESULTS_JSON SOURCE_PATH COMMIT > docs/rsb/published.json

RESULTS_JSON is RSB's benchmark_results/<date>.json (its tools/schema
`Results`: datasets -> features -> benches, each bench `{"Bytes": {"primary":
n, "variants": {name: n}}}` or `{"Nanos": ...}`). SOURCE_PATH and COMMIT name
where it came from. Kept: the byte counts, `size`, `zlib` and `zstd`, per
dataset, library (RSB's feature name) and variant (`null` for the primary
encoding, else RSB's variant name such as capnp's `packed`); the times of
the three benches serbench has a row for, `serialize`, `deserialize` and
`borrow`, per dataset and library, each as RSB wrote it (nanoseconds, a
`primary` figure and named `variants`, such as prost's `encode` and
`populate + encode`); and the library's crate and version as RSB lists
them. The output is sorted, so running it again on the same file gives
the same bytes.
"""

import json
import sys

# The benches serbench has a row for: encode, decode and borrowed decode.
TIMES = ("serialize", "deserialize", "borrow")


def main() -> None:
    results_path, source_path, commit = sys.argv[1:4]
    with open(results_path, encoding="utf-8") as f:
        results = json.load(f)
    datasets = {}
    times = {}
    for dataset, data in sorted(results["datasets"].items()):
        rows = []
        for library, feature in sorted(data["features"].items()):
            variants = {}
            for bench, values in feature["benches"].items():
                if "Bytes" not in values:
                    continue
                values = values["Bytes"]
                if values.get("primary") is not None:
                    variants.setdefault(None, {})[bench] = values["primary"]
                for variant, n in values.get("variants", {}).items():
                    variants.setdefault(variant, {})[bench] = n
            for variant in sorted(variants, key=lambda v: (v is not None, v or "")):
                sizes = variants[variant]
                rows.append(
                    {
                        "library": library,
                        "variant": variant,
                        "size": sizes.get("size"),
                        "zlib": sizes.get("zlib"),
                        "zstd": sizes.get("zstd"),
                    }
                )
        datasets[dataset] = rows
        times[dataset] = [
            {"library": library}
            | {
                bench: {
                    "primary": feature["benches"][bench]["Nanos"].get("primary"),
                    "variants": dict(
                        sorted(feature["benches"][bench]["Nanos"].get("variants", {}).items())
                    ),
                }
                for bench in TIMES
                if "Nanos" in feature["benches"].get(bench, {})
            }
            for library, feature in sorted(data["features"].items())
        ]
    out = {
        "source": {
            "repository": "https://github.com/djkoloski/rust_serialization_benchmark",
            "commit": commit,
            "file": source_path,
            "rustc": results.get("rustc_info", "").strip().splitlines()[0],
        },
        "libraries": {
            name: {"crate": package["crate_name"], "version": package["version"]}
            for name, package in sorted(results["features"].items())
        },
        "datasets": datasets,
        "times": times,
    }
    # One library or row per line: a diff of a newer results file reads
    # row by row.
    def compact(value):
        return json.dumps(value, separators=(", ", ": "))

    lines = ["{", f' "source": {compact(out["source"])},', ' "libraries": {']
    libraries = list(out["libraries"].items())
    for at, (name, package) in enumerate(libraries):
        comma = "," if at + 1 < len(libraries) else ""
        lines.append(f"  {compact(name)}: {compact(package)}{comma}")
    lines.append(" },")
    lines.append(' "datasets": {')
    for at, (dataset, rows) in enumerate(datasets.items()):
        lines.append(f"  {compact(dataset)}: [")
        for row_at, row in enumerate(rows):
            comma = "," if row_at + 1 < len(rows) else ""
            lines.append(f"   {compact(row)}{comma}")
        lines.append("  ]" + ("," if at + 1 < len(datasets) else ""))
    lines.append(" },")
    lines.append(' "times": {')
    for at, (dataset, rows) in enumerate(times.items()):
        lines.append(f"  {compact(dataset)}: [")
        for row_at, row in enumerate(rows):
            comma = "," if row_at + 1 < len(rows) else ""
            lines.append(f"   {compact(row)}{comma}")
        lines.append("  ]" + ("," if at + 1 < len(times) else ""))
    lines.append(" }")
    lines.append("}")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
