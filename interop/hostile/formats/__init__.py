"""The registry: one module of crafted inputs per wire format.

A codec's `wire_format` in `serbench list --json` names its wire format
(here, its family): codecs of one wire format write the same bytes, so they
share a module and are fed the same crafted inputs under their own ids. A
module lists the wire formats it writes in FAMILIES and offers:

- `crafted(codec, family, datasets)`: its controls and bombs (`runner.Case`);
- KNOWS_ITS_END: whether an accepted truncation or trailer is worth a note;
- EMPTY_FILE: what an empty file must do ("reject", or "survive" where an
  empty input is a valid value);
- TAILS: (label, bytes) trailers particular to the format, allowed after a value;
- TEXT_LENGTH (optional): how a text's byte length stands before it, per
  wire (`classes.wire_of`): a function of the length, or `wire.INLINE` for
  delimited text; a wire with none writes its lengths as offsets elsewhere
  (`classes.py` then says its length classes do not apply).

Every module of this folder that names FAMILIES is one: a new wire format's
bombs are one new file. A listed codec whose wire format has no module here
fails the run: a format with no crafted inputs would otherwise pass on
mutations alone.
"""

import importlib
import pkgutil


def _modules():
    """The format modules, by file name: those that name FAMILIES (the
    others, such as `serde`, are helpers they share)."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "FAMILIES"):
            found.append(module)
    return tuple(found)


MODULES = _modules()


def _by_family():
    table = {}
    for module in MODULES:
        for family in module.FAMILIES:
            if family in table:
                raise RuntimeError(f"wire format {family!r} is claimed by {table[family].__name__} and {module.__name__}")
            table[family] = module
    return table


BY_FAMILY = _by_family()

# How each wire writes a text's length, from the modules' TEXT_LENGTH.
TEXT_LENGTHS = {wire: length for module in MODULES for wire, length in getattr(module, "TEXT_LENGTH", {}).items()}


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
