"""Reads serbench's Thrift dumps with Python's thriftpy2 and the shipped schemas.

    python3 check_thrift.py DUMPS SERBENCH

thriftpy2 loads `schemas/*.thrift` at run time (no generated code) and
reads every dataset's `.thrift-binary` and `.thrift-compact` dump. The
values it reads must equal the JSON dump's, the traverse answer computed
from them must equal `SERBENCH check`'s, and thriftpy2 writing the value
back must give our exact bytes. Run by `cargo xtask interop`.
"""

import json
import sys
import uuid
from pathlib import Path

import thriftpy2
from thriftpy2.protocol import TBinaryProtocolFactory, TCompactProtocolFactory
from thriftpy2.utils import deserialize, serialize

from check_dumps import DATASETS, answer_for, header, manager_answer, manager_from_json, serbench_answer

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
PROTOCOLS = {"thrift-binary": TBinaryProtocolFactory(), "thrift-compact": TCompactProtocolFactory()}
ROOTS = {
    "task-manager": "TaskManager",
    "telemetry": "SensorReading",
    "graph": "Graph",
    "records": "Record",
    "media": "MediaContent",
}
U32 = 0xFFFFFFFF


def manager_from_thrift(m):
    def head(h):
        assert len(h.id) == 16, h.id
        created = (h.created_seconds, h.created_nanos, h.created_offset_seconds)
        return header(uuid.UUID(bytes=h.id), h.name, h.color & U32, created)

    return (
        m.user,
        tuple(s & U32 for s in m.version),
        [
            (head(l.header), [(head(t.header), t.description, t.priority, t.completed) for t in l.tasks])
            for l in m.lists
        ],
    )


def tree_from_thrift(dataset, value, schema):
    """The JSON dump's tree of a dataset, from thriftpy2's objects."""
    if dataset == "telemetry":
        return {k: getattr(value, k) for k, *_ in (spec[1:] for spec in value.thrift_spec.values())}
    if dataset == "graph":
        nodes = [
            {"id": n.id, "name": n.name, "out_edges": [e & U32 for e in n.out_edges],
             "in_edges": [e & U32 for e in n.in_edges]}
            for n in value.nodes
        ]
        edges = [{"from": e.source & U32, "to": e.target & U32, "weight": e.weight} for e in value.edges]
        return {"nodes": nodes, "edges": edges}
    if dataset == "records":
        return {"ids": list(value.ids), "strings": list(value.strings)}
    if dataset == "media":
        m = value.media
        media = {
            "uri": m.uri, "title": m.title, "width": m.width, "height": m.height, "format": m.format,
            "duration": m.duration, "size": m.size, "bitrate": m.bitrate, "persons": list(m.persons),
            "player": schema.Player._VALUES_TO_NAMES[m.player], "copyright": m.copyright,
        }
        images = [
            {"uri": i.uri, "title": i.title, "width": i.width, "height": i.height,
             "size": schema.Size._VALUES_TO_NAMES[i.size]}
            for i in value.images
        ]
        return {"media": media, "images": images}
    raise AssertionError(dataset)


def main():
    dumps, serbench = Path(sys.argv[1]), sys.argv[2]
    for dataset in DATASETS:
        schema = thriftpy2.load(str(SCHEMAS / f"{dataset}.thrift"), module_name=dataset.replace("-", "_") + "_thrift")
        root = getattr(schema, ROOTS[dataset])
        reference = json.loads((dumps / f"{dataset}.json").read_bytes())
        json_answer = serbench_answer(serbench, dumps, dataset, "json")
        for fmt, factory in PROTOCOLS.items():
            ours = (dumps / f"{dataset}.{fmt}").read_bytes()
            value = deserialize(root(), ours, factory)
            if dataset == "task-manager":
                read, expected_value = manager_from_thrift(value), manager_from_json(reference)
                answer = manager_answer(read)
            else:
                read, expected_value = tree_from_thrift(dataset, value, schema), reference
                answer = answer_for(dataset, read)
            assert read == expected_value, f"thriftpy2 reads {dataset}.{fmt} other than {dataset}.json"
            theirs = serialize(value, factory)
            assert theirs == ours, f"thriftpy2 writes {dataset} in {fmt} other than serbench ({len(theirs)} vs {len(ours)} bytes)"
            seen = serbench_answer(serbench, dumps, dataset, fmt)
            assert seen == json_answer, f"{dataset}.{fmt}: serbench answers {seen}, for the JSON dump {json_answer}"
            if answer is not None:
                assert seen == answer, f"{dataset}.{fmt}: python {answer} vs serbench {seen}"
            print(f"thriftpy2 reads and rewrites {dataset}.{fmt} ({len(ours)} bytes): {seen}")


if __name__ == "__main__":
    main()
