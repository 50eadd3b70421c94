"""RON (Rusty Object Notation) as serbench-ron writes the model: crafted inputs.

RON is delimited text with Rust's shapes: structs `(field:value,…)`, lists
`[…]`, maps `{…}`, `Some(…)`/`None`, enum variants as bare names. It
declares no lengths, so its bombs are nesting past ron's recursion limit
(unclosed and closed, of every container RON has, root and in a field),
texts and comments that never end, escapes and bytes that are not UTF-8,
numbers ron cannot hold, documents of the wrong type, bytes after the
value, and amplification. They are written as bytes and need no valid
value around them; the codec's own dumps, mutated, carry the rest.
"""

from ..model import AMPLIFY_BYTES, DEEP
from ..runner import Case, amplified
from ..wire import INLINE

FAMILIES = ("RON",)
TEXT_LENGTH = {"RON": INLINE}
# A document ends with its value: a cut one or one with bytes after it is damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
# Whitespace and comments may follow the value.
TAILS = (("a line comment", b" // end\n"), ("a block comment", b"/* end */"))


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing RON."""
    for ds in datasets:
        yield from nesting(codec, ds)
        yield from texts(codec, ds)
        yield from documents(codec, ds)
    yield from amplification(codec)


def nesting(codec, ds):
    """DEEP levels of every container, as the root and unclosed or closed."""
    for opening, closing, what in (
        (b"[", b"]", "lists"),
        (b"(", b")", "tuples"),
        (b"(a:", b")", "structs"),
        (b"{1:", b"}", "maps"),
        (b"Some(", b")", "options"),
        (b"V(", b")", "enum variants"),
    ):
        yield Case(codec, ds, "nesting", f"{DEEP} nested {what}, unclosed", opening * DEEP, "reject")
        yield Case(codec, ds, "nesting", f"{DEEP} nested {what}, closed", opening * DEEP + b"0" + closing * DEEP, "reject")


def texts(codec, ds):
    """Texts, comments and numbers that break RON's lexer."""
    for data, what in (
        (b'("' + b"A" * 100_000, "a string that never ends"),
        (b"(a:1 /* " + b"x" * 100_000, "a block comment that never ends"),
        (b"/* /* /* " * 10_000, "10 000 nested block comments, unclosed"),
        (b'(a:"\\u{d800}")', "a lone surrogate escape"),
        (b'(a:"\\u{110000}")', "an escape past U+10FFFF"),
        (b'(a:"\\x80")', "a byte escape that is not UTF-8"),
        (b'(a:"\xff")', "the byte 0xff in a string"),
        (b'(a:"\xc0\xaf")', "an overlong UTF-8 form"),
        (b"(a:" + b"9" * 100_000 + b")", "an integer of 100 000 digits"),
        (b"(a:0x" + b"f" * 100_000 + b")", "a hex integer of 100 000 digits"),
        (b"(a:1" + b"_" * 100_000 + b")", "100 000 digit separators"),
        (b'(a:b"' + b"\\xff" * 100_000 + b'")', "a byte string of 100 000 escapes"),
        (b"(" + b"r#" * 10_000 + b"a:1)", "a raw identifier of 10 000 marks"),
    ):
        yield Case(codec, ds, "string", what, data, "reject")


def documents(codec, ds):
    """Documents of no dataset's type, and extensions of no meaning."""
    for data in (b" ", b"()", b"[]", b"{}", b"None", b"0", b'"x"', b"true", b"'c'", b"1.5"):
        yield Case(codec, ds, "type", f"document {data.decode()!r}", data, "reject")
    yield Case(codec, ds, "syntax", "an unknown extension", b"#![enable(no_such_extension)]\n()", "reject")
    yield Case(codec, ds, "syntax", "two values", b"() ()", "reject")
    yield Case(codec, ds, "syntax", "NUL before the value", b"\x00()", "reject")
    yield Case(codec, ds, "unknown-key", f"{DEEP} unknown fields", b"(" + b",".join(b"k%d:1" % i for i in range(DEEP)) + b")", "reject")
    yield Case(codec, ds, "terminal", "an unknown field holding ESC [31m", b"(r#\x1b[31m:1)", "reject")


def amplification(codec):
    """Empty strings of 3 bytes and ids of 2 bytes each: valid records, which must stay in bounds."""
    n = AMPLIFY_BYTES
    yield amplified(codec, "records", "empty strings, 3 bytes each", b"(ids:[],strings:[" + b'"",' * (n // 3) + b"])")
    yield amplified(codec, "records", "ids of 2 bytes each", b"(ids:[" + b"0," * (n // 2) + b"],strings:[])")
