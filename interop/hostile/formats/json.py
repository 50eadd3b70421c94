"""JSON (RFC 8259) as serde_json writes the model: crafted inputs.

Beyond the serde bombs (`serde.py`): the header fields' text forms, nesting
past any recursion limit, numbers out of range or not JSON, broken strings
and escapes, syntax JSON does not have, and amplification.
"""

from ..model import AMPLIFY_BYTES, DEEP, UUID2, VALUES, uuid_text
from ..runner import Case, amplified
from ..wire import INLINE
from .serde import Raw, Serializer, generic, path_text, replace, self_describing_bombs, serde_bombs, walk

FAMILIES = ("JSON",)
TEXT_LENGTH = {"JSON": INLINE}
# A document ends with its value: a cut one or one with bytes after it is damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
TAILS = ()

HEADER_VALUES = {
    "id": ["67e55044-10b1-426f-9247-bb680e5fe0c", "{67e55044-10b1-426f-9247-bb680e5fe0c8", "zze55044-10b1-426f-9247-bb680e5fe0c8"],
    "color": ["#ff00", "red", "#gg0000", "#ff0000ff00"],
    "created": ["2025-13-03T09:00:00.000Z", "2025-11-03 09:00", "", "10000-01-01T00:00:00.000Z", "2025-11-03T09:00:00.000+24:00"],
}
# Qt's QUuid::toString writes braces; the forms module reads them (documented).
HEADER_SURVIVORS = [("id", "{" + uuid_text(UUID2) + "}", "braced id (documented as read)")]
VERSION_VALUES = ["1..0", "4294967296.0", "-1.0", "1.0.0.", "a.b"]


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing JSON."""
    for ds in datasets:
        if ds in VALUES:
            yield from serde_bombs(codec, "json", ds)
            yield from self_describing_bombs(codec, "json", ds, HEADER_VALUES, VERSION_VALUES, HEADER_SURVIVORS)
            yield from minus_zero(codec, ds)
    yield from raw_bombs(codec)
    yield from amplification(codec)


def minus_zero(codec, ds):
    """`-0` for every integer: the number -0.0 to serde_json, which no
    integer field takes, so every JSON library must refuse it. In a float
    field the libraries differ, as documented (serde_json reads -0.0,
    sonic-rs 0.0, simd-json, simd-json-derive and flexon refuse it rather
    than read the integer 0)."""
    tree = generic("json", ds, *VALUES[ds])
    ser = lambda node: Serializer("json").run(node)  # noqa: E731
    control = f"{codec}/{ds} value"
    for path, node in walk(tree):
        if not path or isinstance(node, bool):
            continue
        bomb = ser(replace(tree, path, lambda old: Raw(b"-0")))
        if isinstance(node, int):
            yield Case(codec, ds, "number", f"{path_text(path)} = -0", bomb, "reject", control=control)
        elif isinstance(node, float) and path[-1] == "humidity":
            yield Case(codec, ds, "survive", f"{path_text(path)} = -0 (documented: refused by json-simd, json-simd-derive, json-flexon)", bomb, "survive", control=control)


def raw_bombs(codec):
    """Bombs written as bytes around the task-manager and telemetry values."""
    ds = "task-manager"
    base = Serializer("json").run(generic("json", ds, *VALUES[ds]))
    control = f"{codec}/task-manager value"

    def case(cls, label, data, expect="reject", d=ds):
        return Case(codec, d, cls, label, data, expect, control=control)

    lists_at = base.index(b'"lists":') + len(b'"lists":')
    yield case("nesting", f"{DEEP} nested arrays, unclosed", b"[" * DEEP)
    yield case("nesting", f"{DEEP} nested arrays, closed", b"[" * DEEP + b"]" * DEEP)
    yield case("nesting", f"{DEEP} nested objects", b'{"a":' * DEEP + b"1" + b"}" * DEEP)
    yield case("nesting", f"lists = {DEEP} nested arrays", base[:lists_at] + b"[" * DEEP + b"]" * DEEP + b"}")
    yield case("nesting", f"user = {DEEP} nested arrays", b'{"user":' + b"[" * DEEP + b"]" * DEEP + base[base.index(b',"version"'):])
    pri = base.index(b'"priority":2')
    for text in (b"1e999999", b"1" + b"0" * 100_000, b"-" + b"9" * 100_000, b"1e-999999", b"0x2", b"02", b"+2", b"2.", b".2", b"NaN", b"Infinity", b"1E2"):
        yield case("number", f"priority = {text[:12].decode()}{'...' if len(text) > 12 else ''}", base[:pri] + b'"priority":' + text + base[pri + 12:])
    user = base.index(b'"Demo User"')
    end = user + len(b'"Demo User"')
    for text, what in (
        (b'"\\ud800"', "lone surrogate escape"),
        (b'"\\udc00\\ud800"', "reversed surrogate pair"),
        (b'"a\x01b"', "raw control character"),
        (b'"a\\x41"', "invalid escape"),
        (b'"\\u00"', "short \\u escape"),
        (b'"abc', "unterminated string"),
        (b"'Demo'", "single quotes"),
        (b'"' + b"\\u0041" * 200_000 + b'"\x00', "200 000 escapes then NUL"),
    ):
        yield case("string", f"user: {what}", base[:user] + text + base[end:])
    yield case("syntax", "trailing comma", base[:-1] + b",}")
    yield case("syntax", "comment", b"/* c */" + base)
    yield case("syntax", "NUL before the value", b"\x00" + base)
    yield case("syntax", "two values", base + base)
    for text in (b"", b" ", b"null", b"[]", b"{}", b"0", b'"x"', b"true"):
        yield case("type", f"document {text.decode() or '(empty)'!r}", text)
    yield case("unknown-key", f"{DEEP} unknown keys", ("{" + ",".join(f'"k{i}":1' for i in range(DEEP)) + "}").encode())
    yield case("terminal", "an unknown key holding ESC [31m", b'{"\\u001b[31mRED\\u001b[0m":1}')
    yield case("survive", "UTF-8 BOM before the value", b"\xef\xbb\xbf" + base, "survive")
    yield case("survive", "4 MiB of whitespace first", b" " * AMPLIFY_BYTES + base, "survive")
    yield case("survive", "4 MiB user name", base[:user] + b'"' + b"A" * AMPLIFY_BYTES + b'"' + base[end:], "survive")
    tel = Serializer("json").run(generic("json", "telemetry", *VALUES["telemetry"]))
    at = tel.index(b"21.5")
    for text in (b"NaN", b"Infinity", b"-Infinity", b"1e400"):
        yield Case(codec, "telemetry", "number", f"ambient_temperature = {text.decode()}", tel[:at] + text + tel[at + 4:], "reject", control=f"{codec}/telemetry value")



def amplification(codec):
    """Empty strings of 3 bytes and ids of 2 bytes each."""
    n = AMPLIFY_BYTES
    count = n // 3
    yield amplified(codec, "records", "empty strings, 3 bytes each", b'{"ids":[' + b"],\"strings\":[" + b'"",' * (count - 1) + b'""]}')
    yield amplified(codec, "records", "ids of 2 bytes each", b'{"ids":[' + b"0," * (n // 2 - 1) + b'0],"strings":[]}')
