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

from check_dumps import (
    DATASETS, VARIANTS, answer_for, f32_fields, manager_answer, manager_from_json, serbench_answer,
)

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


def xyz(v):
    return [v["x"], v["y"], v["z"]]


def uuid_words(u):
    return [u["x0"], u["x1"], u["x2"], u["x3"]]


def entity_from_avro(e):
    if e is None:
        return None
    return {
        **e, "pos": xyz(e["pos"]), "motion": xyz(e["motion"]), "rotation": [e["rotation"]["x"], e["rotation"]["y"]],
        "uuid": uuid_words(e["uuid"]),
    }


def tree_from_avro(dataset, doc):
    """The JSON dump's tree from what fastavro reads. The schemas hold a
    tuple as a record of x, y(, z), `[u32; 4]` as a record of x0 to x3, an
    enum's variant in upper snake case, a `Vec<u8>` as bytes; log's and
    mesh's records are the JSON tree already, as the five datasets' are."""
    if dataset == "minecraft_savedata":
        players = []
        for p in doc["players"]:
            vehicle, position = p["root_vehicle"], p["entered_nether_position"]
            players.append({
                **p, "game_type": VARIANTS[p["game_type"]], "previous_game_type": VARIANTS[p["previous_game_type"]],
                "entered_nether_position": None if position is None else xyz(position),
                "root_vehicle": None if vehicle is None else [uuid_words(vehicle["uuid"]), entity_from_avro(vehicle["entity"])],
                "shoulder_entity_left": entity_from_avro(p["shoulder_entity_left"]),
                "shoulder_entity_right": entity_from_avro(p["shoulder_entity_right"]),
            })
        return {"players": players}
    if dataset == "mk48":
        def contact(c):
            t = c["transform"]
            return {
                **c, "entity_type": None if c["entity_type"] is None else VARIANTS[c["entity_type"]],
                "transform": {**t, "position": [t["position"]["x"], t["position"]["y"]]},
            }

        return {
            "updates": [
                {**u, "contacts": [contact(c) for c in u["contacts"]],
                 "terrain_updates": [{"chunk_id": [t["chunk_id"]["x"], t["chunk_id"]["y"]], "data": list(t["data"])}
                                     for t in u["terrain_updates"]]}
                for u in doc["updates"]
            ]
        }
    return doc


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
            # fastavro reads an Avro float as the double of the same value.
            tree = tree_from_avro(dataset, doc)
            assert f32_fields(tree) == f32_fields(expected_json), f"{dataset}.avro differs from {dataset}.json"
            expected = answer_for(dataset, tree)

        again = io.BytesIO()
        schemaless_writer(again, parsed, doc)
        assert again.getvalue() == ours, f"fastavro writes {dataset} differently from serbench"

        answer = serbench_answer(serbench, dumps, dataset, "avro")
        if expected is not None:
            assert answer == expected, f"{dataset}: python {expected} vs serbench {answer}"
        print(f"fastavro reads and writes {dataset}.avro: {answer}")


if __name__ == "__main__":
    main()
