"""What a serbench binary carries, from `serbench list --json`.

The human `serbench list` table is for people; this reads the machine form:
one JSON object with "datasets" (each with a "name") and "codecs" (each with
an "id", the id `check --codec` takes, and a "wire_format", the wire format
it writes). Other fields are ignored.
"""

import json
import subprocess
import sys


def read(serbench):
    """(dataset names, [(codec id, wire format)]) in the listed order; exits on a bad listing."""
    cmd = [serbench, "list", "--json"]
    shown = " ".join(cmd)
    try:
        done = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as err:
        sys.exit(f"hostile: cannot run `{shown}`: {err}")
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()[:1]
        sys.exit(f"hostile: `{shown}` exited with {done.returncode}: {' '.join(said)}")
    try:
        listing = json.loads(done.stdout)
        datasets = [d["name"] for d in listing["datasets"]]
        codecs = [(c["id"], c["wire_format"]) for c in listing["codecs"]]
    except (ValueError, KeyError, TypeError) as err:
        sys.exit(f"hostile: `{shown}` printed no listing of datasets and codecs ({type(err).__name__}: {err})")
    if not datasets or not codecs:
        sys.exit(f"hostile: `{shown}` lists {len(datasets)} datasets and {len(codecs)} codecs: nothing to test")
    return datasets, codecs
