"""Reads serbench's Avro dumps with Python's fastavro and the shipped schemas.

    python3 check_avro.py DUMPS SERBENCH

fastavro, given only `schemas/DATASET.avsc`, must read every `DATASET.avro`
as a bare datum (`schemaless_reader`) with the values of the JSON dump;
its traverse answer must equal `SERBENCH check`'s; and writing back what
it read (`schemaless_writer`) must give our file byte for byte, so both
sides encode the same values the same way. Run by `cargo xtask interop`.
"""

import datetime
import io
import json
import sys
import uuid
from pathlib import Path

from fastavro import parse_schema, schemaless_reader, schemaless_writer

from check_dumps import DATASETS, answer_for, manager_answer, manager_from_json, serbench_answer

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
PRIORITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"]


def schema(dataset):
    return parse_schema(json.loads((SCHEMAS / f"{dataset}.avsc").read_text()))


def time_from_avro(created):
    """The schema's Timestamp as (unix seconds, nanoseconds, offset seconds)."""
    millis = created["millis"]
    if isinstance(millis, datetime.datetime):  # timestamp-millis, read as a UTC time
        millis = (millis - EPOCH) // datetime.timedelta(milliseconds=1)
    assert 0 <= created["nanos"] < 1_000_000, created
    return (millis // 1000, millis % 1000 * 1_000_000 + created["nanos"], created["offset_seconds"])


def manager_from_avro(doc):
    def head(h):
        id_ = h["id"] if isinstance(h["id"], uuid.UUID) else uuid.UUID(bytes=h["id"])
        color = int.from_bytes(h["color"], "big")
        return (str(id_), h["name"], color, time_from_avro(h["created"]))

    return (
        doc["user"],
        tuple(doc["version"]),
        [
            (head(l["header"]),
             [(head(t["header"]), t["description"], PRIORITIES.index(t["priority"]), t["completed"])
              for t in l["tasks"]])
            for l in doc["lists"]
        ],
    )


def main():
    dumps, serbench = Path(sys.argv[1]), sys.argv[2]
    for dataset in DATASETS:
        parsed = schema(dataset)
        ours = (dumps / f"{dataset}.avro").read_bytes()
        stream = io.BytesIO(ours)
        doc = schemaless_reader(stream, parsed, None)
        assert stream.tell() == len(ours), f"{dataset}.avro: {len(ours) - stream.tell()} bytes after the datum"

        expected_json = json.loads((dumps / f"{dataset}.json").read_bytes())
        if dataset == "task-manager":
            value = manager_from_avro(doc)
            assert value == manager_from_json(expected_json), "task-manager.avro differs from task-manager.json"
            expected = manager_answer(value)
        else:
            assert doc == expected_json, f"{dataset}.avro differs from {dataset}.json"
            expected = answer_for(dataset, doc)

        again = io.BytesIO()
        schemaless_writer(again, parsed, doc)
        assert again.getvalue() == ours, f"fastavro writes {dataset} differently from serbench"

        answer = serbench_answer(serbench, dumps, dataset, "avro")
        if expected is not None:
            assert answer == expected, f"{dataset}: python {expected} vs serbench {answer}"
        print(f"fastavro reads and writes {dataset}.avro: {answer}")


if __name__ == "__main__":
    main()
