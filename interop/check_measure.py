"""Outside checks of `serbench measure` on the documents of data/measure/.

    python3 check_measure.py OUT DOCUMENTS

OUT is a `serbench measure --untimed --out OUT` folder of those documents.
For each document, read here with Python's json:
- Python's cbor2 and msgpack write it (a NDJSON file message by message)
  within 1 % of the bytes serbench's cbor and msgpack rows wrote;
- cbor2 and msgpack read serbench's encodings (OUT/encoded/NAME.cbor,
  NAME.msgpack: the first message) back to the document's value, and so
  does pymongo's bson (NAME.bson; its sizes are not compared, as serbench
  writes every integer as an int64, pymongo an int32 where it fits);
- the official readers of the schema formats read the first message's
  encoding with the schema serbench inferred (OUT/schemas/): protoc
  (`--decode`, with no field it does not know), fastavro and thriftpy2
  (binary and compact); each writes back exactly our bytes, so it read
  everything serbench's own decoder reads back to the document; fastavro
  and thriftpy2 also hold the document's every text, number and boolean,
  however the schema nests them;
- Saxon (SaxonC-HE), an XPath 3.1 of its own, reads the xml row's
  encoding (OUT/encoded/NAME.xml, in XPath's XML representation of JSON)
  with fn:xml-to-json back to the document's first message, every number
  compared as a double, as fn:xml-to-json writes numbers.
Run by `cargo xtask interop`.
"""

import io
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import bson
import cbor2
import msgpack
import thriftpy2
from fastavro import parse_schema, schemaless_reader, schemaless_writer
from saxonche import PySaxonProcessor
from thriftpy2.protocol import TBinaryProtocolFactory, TCompactProtocolFactory
from thriftpy2.utils import deserialize, serialize


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


def from_bson(data):
    """The one document data holds, as pymongo reads it, with its int64s
    (pymongo's `Int64`) as the ints Python's json reads."""

    def plain(value):
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, list):
            return [plain(item) for item in value]
        if isinstance(value, bson.int64.Int64):
            return int(value)
        return value

    return plain(bson.decode(data))


def leaves(value, out):
    """Every text, number and boolean in `value`, whatever holds them:
    the document's content, independent of how a schema nests it."""
    if isinstance(value, dict):
        for item in value.values():
            leaves(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            leaves(item, out)
    elif hasattr(value, "thrift_spec"):
        for spec in value.thrift_spec.values():
            leaves(getattr(value, spec[1]), out)
    elif isinstance(value, bool):
        out.append(("bool", value))
    elif isinstance(value, (int, float)):
        out.append(("number", float(value) if isinstance(value, float) else value))
    elif isinstance(value, (str, bytes)):
        out.append((type(value).__name__, value))
    return out


def same_leaves(name, tool, document, theirs):
    ours = sorted(leaves(document, []), key=repr)
    read = sorted(leaves(theirs, []), key=repr)
    assert ours == read, f"{name}: {tool} holds other values ({len(read)} against the document's {len(ours)})"


def protoc(out, name, ours):
    """protoc decodes our bytes with the inferred .proto, every field known,
    and encodes its text back to our bytes."""
    proto = out / "schemas" / f"{name}.proto"
    root = re.search(r"--message (\S+)\.", proto.read_text()).group(1)
    command = ["protoc", f"-I{proto.parent}", str(proto)]
    text = subprocess.run(command + [f"--decode={root}"], input=ours, capture_output=True, check=True).stdout
    assert not re.search(rb"^\s*\d+[:{ ]", text, re.M), f"{name}: protoc found fields its schema lacks"
    again = subprocess.run(command + [f"--encode={root}"], input=text, capture_output=True, check=True).stdout
    assert again == ours, f"{name}: protoc re-encodes our protobuf differently"


def fastavro(out, name, ours, document):
    schema = parse_schema(json.loads((out / "schemas" / f"{name}.avsc").read_text()))
    value = schemaless_reader(io.BytesIO(ours), schema)
    again = io.BytesIO()
    schemaless_writer(again, schema, value)
    assert again.getvalue() == ours, f"{name}: fastavro re-encodes our avro differently"
    same_leaves(name, "fastavro", document, value)


def thrift(out, name, document):
    idl = out / "schemas" / f"{name}.thrift"
    module = thriftpy2.load(str(idl), module_name=re.sub(r"\W", "_", name) + "_thrift")
    roots = re.findall(r"^(?:struct|union) (\w+)", idl.read_text(), re.M)
    # The document's own struct is the last one written (children first).
    cls = getattr(module, roots[-1])
    for codec, factory in [("thrift-binary", TBinaryProtocolFactory()), ("thrift-compact", TCompactProtocolFactory())]:
        ours = (out / "encoded" / f"{name}.{codec}").read_bytes()
        value = deserialize(cls(), ours, factory)
        assert serialize(value, factory) == ours, f"{name}: thriftpy2 re-encodes our {codec} differently"
        same_leaves(name, f"thriftpy2 ({codec})", document, value)


def as_doubles(value):
    """`value` with every number a float: fn:xml-to-json writes each number
    as an xs:double, so an integer past 2**53 may come back rounded."""
    if isinstance(value, dict):
        return {key: as_doubles(item) for key, item in value.items()}
    if isinstance(value, list):
        return [as_doubles(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def xpath(saxon, out, name, document):
    """Saxon's fn:xml-to-json reads our XML back to the document: elements,
    keys in order, escapes and all."""
    row = out / "encoded" / f"{name}.xml"
    processor = saxon.new_xpath_processor()
    processor.set_context(xdm_item=saxon.parse_xml(xml_file_name=str(row)))
    text = processor.evaluate_single("xml-to-json(/*)").get_string_value()
    same(as_doubles(document), as_doubles(json.loads(text)))


def main():
    out, documents = Path(sys.argv[1]), Path(sys.argv[2])
    report = json.loads((out / "results.json").read_text())
    rows = {(r["dataset"], r["codec"]): r for r in report["results"]}
    checked = 0
    saxon = PySaxonProcessor(license=False)
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
        row = rows[(name, "bson")]
        assert row["ok"], f"{name} bson: {row['error']}"
        same(values[0], from_bson((out / "encoded" / f"{name}.bson").read_bytes()))
        print(f"{name} bson: pymongo reads it back equal")
        checked += 1
        protoc(out, name, (out / "encoded" / f"{name}.protobuf").read_bytes())
        fastavro(out, name, (out / "encoded" / f"{name}.avro").read_bytes(), values[0])
        thrift(out, name, values[0])
        print(f"{name}: protoc, fastavro and thriftpy2 read our encodings with the inferred schemas")
        checked += 1
        row = rows[(name, "xml")]
        assert row["ok"], f"{name} xml: {row['error']}"
        xpath(saxon, out, name, values[0])
        print(f"{name} xml: Saxon's fn:xml-to-json reads it back equal ({saxon.version})")
        checked += 1
    assert checked >= 16, f"only {checked} checks: are the documents in {documents}?"


if __name__ == "__main__":
    main()
