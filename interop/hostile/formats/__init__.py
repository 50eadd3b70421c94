"""The registry: one module of crafted inputs per wire format.

A codec's `wire_format` in `serbench list --json` names its wire format
(here, its family): codecs of one wire format write the same bytes, so they
share a module and are fed the same crafted inputs under their own ids. A
module lists the wire formats it writes in FAMILIES and offers:

- `crafted(codec, family, datasets)`: its controls and bombs (`runner.Case`);
- KNOWS_ITS_END: whether an accepted truncation or trailer is worth a note;
- EMPTY_FILE: what an empty file must do ("reject", or "survive" where an
  empty input is a valid value);
- TAILS: (label, bytes) trailers particular to the format, allowed after a value.

A listed codec whose wire format has no module here fails the run: a format
with no crafted inputs would otherwise pass on mutations alone.
"""

from . import avro, bitcode, capnp, cbor, compact, flatbuffers, json, msgpack, protobuf, qdatastream, rkyv, thrift, wincode, xml

MODULES = (json, cbor, msgpack, compact, protobuf, capnp, flatbuffers, rkyv, thrift, avro, xml, qdatastream, bitcode, wincode)


def _by_family():
    table = {}
    for module in MODULES:
        for family in module.FAMILIES:
            if family in table:
                raise RuntimeError(f"wire format {family!r} is claimed by {table[family].__name__} and {module.__name__}")
            table[family] = module
    return table


BY_FAMILY = _by_family()


def modules_for(codecs):
    """{codec id: module} for codecs [(id, wire format)], and the codecs with no module."""
    found, missing = {}, []
    for name, family in codecs:
        module = BY_FAMILY.get(family)
        if module is None:
            missing.append((name, family))
        else:
            found[name] = module
    return found, missing
