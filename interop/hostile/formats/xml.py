"""XML 1.0 as the serbench-xml codec (quick-xml) writes the model: crafted inputs.

The documents are written out as text from the crate docs' layout
(attributes for fields, elements for lists). Bombs: entity expansion
(billion laughs, quadratic blowup), external entities, DTDs and XInclude
(run under strace: no file but the input may be opened, no socket),
character references XML forbids, nesting, duplicate, missing and unknown
attributes, invalid UTF-8, declared encodings and versions, broken
well-formedness, wrong values, and amplification.
"""

import re

from ..model import AMPLIFY_BYTES, CREATED_TEXT, DEEP, UUID1, UUID2, uuid_text
from ..runner import Case, amplified
from ..wire import INLINE

FAMILIES = ("XML",)
TEXT_LENGTH = {"XML": INLINE}
# A document ends with its root's end tag: a cut one or bytes after it are damage.
KNOWS_ITS_END = True
EMPTY_FILE = "reject"
# XML allows comments after the root element (Misc in the grammar).
TAILS = (("a comment", b"<!-- x -->"),)


def crafted(codec, family, datasets):
    """Every crafted case for a codec writing XML."""
    yield from xml_bombs(codec)
    yield from amplification(codec)


XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>'
TASK_ATTRS = f'id="{uuid_text(UUID2)}" name="Task 0-0" color="#00ff00" created="{CREATED_TEXT}" priority="2" completed="true"'
XML_TM = (
    XML_DECL
    + '<taskmanager user="Demo User" version="1.0.0">'
    + f'<tasklist id="{uuid_text(UUID1)}" name="Work" color="#ff0000" created="{CREATED_TEXT}">'
    + f"<task {TASK_ATTRS}>Finish quarterly report</task>"
    + "</tasklist></taskmanager>"
)
XML_OTHERS = {
    "telemetry": '<reading sensor_id="AB12CD34" ambient_temperature="21.5" object_temperature="36.25" accelerometer_x="-0.5" accelerometer_y="0.125" accelerometer_z="9.75" altitude="312" light="1500.5" humidity="57.25"/>',
    "graph": XML_DECL + '<graph><node id="0" name="alpha" out_edges="0" in_edges="1"/><node id="1" name="beta" out_edges="1" in_edges="0"/><edge from="0" to="1" weight="17"/><edge from="1" to="0" weight="3"/></graph>',
    "records": XML_DECL + '<record ids="1 -2 4611686018427387904 -9223372036854775808"><string>shgfkghsdf</string><string>x</string></record>',
    "media": XML_DECL
    + '<mediacontent><media uri="http://javaone.com/keynote.mpg" title="Javaone Keynote" width="640" height="480" format="video/mpg4" duration="18000000" size="58982400" bitrate="262144" player="JAVA"><person>Bill Gates</person><person>Steve Jobs\uc2a4</person></media>'
    + '<image uri="http://javaone.com/a.jpg" title="A" width="1024" height="768" size="LARGE"/><image uri="http://javaone.com/b.jpg" width="320" height="240" size="SMALL"/></mediacontent>',
}
BODY = XML_TM[len(XML_DECL) :]
PASSWD = "file:///etc/passwd"


def xml_bombs(codec):
    """Controls of every dataset, then bombs, mostly in the task-manager."""
    ds = "task-manager"
    fam = f"{codec}/task-manager value"

    def case(cls, label, text, expect="reject", d=ds, trace=False, control=fam):
        data = text.encode() if isinstance(text, str) else text
        return Case(codec, d, cls, label, data, expect, trace=trace, control=control)

    def sub(old, new, text=XML_TM):
        assert old in text, old
        return text.replace(old, new, 1)

    yield case("control", "valid value built here", XML_TM, "accept")
    for d, text in XML_OTHERS.items():
        yield case("control", "valid value built here", text, "accept", d, control=f"{codec}/{d} value")
    # Entities and DTDs.
    laughs = '<!ENTITY lol "lol">' + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    yield case("entity", "billion laughs in an attribute", XML_DECL + f"<!DOCTYPE taskmanager [{laughs}]>" + sub('user="Demo User"', 'user="&lol9;"', BODY))
    yield case("entity", "billion laughs in text", XML_DECL + f"<!DOCTYPE taskmanager [{laughs}]>" + sub(">Finish quarterly report<", ">&lol9;<", BODY))
    big = "a" * 100_000
    yield case("entity", "quadratic blowup: 100 kB entity used 50 000 times", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY a "{big}">]>' + sub(">Finish quarterly report<", ">" + "&a;" * 50_000 + "<", BODY))
    for target in (PASSWD, "/etc/passwd", "file:///dev/zero", "http://127.0.0.1:9/x"):
        yield case("entity", f"external entity {target} in text", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY x SYSTEM "{target}">]>' + sub(">Finish quarterly report<", ">&x;<", BODY), trace=True)
    yield case("entity", "external entity in an attribute", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY x SYSTEM "{PASSWD}">]>' + sub('user="Demo User"', 'user="&x;"', BODY), trace=True)
    yield case("entity", "external parameter entity", XML_DECL + f'<!DOCTYPE taskmanager [<!ENTITY % p SYSTEM "{PASSWD}"> %p;]>' + BODY, trace=True)
    yield case("entity", "parameter entity declaring an entity", XML_DECL + "<!DOCTYPE taskmanager [<!ENTITY % p \"<!ENTITY y 'z'>\"> %p;]>" + sub('user="Demo User"', 'user="&y;"', BODY), trace=True)
    yield case("entity", "external DTD", XML_DECL + f'<!DOCTYPE taskmanager SYSTEM "{PASSWD}">' + BODY, trace=True)
    yield case("entity", "public external DTD over http", XML_DECL + '<!DOCTYPE taskmanager PUBLIC "-//x//y" "http://127.0.0.1:9/x.dtd">' + BODY, trace=True)
    yield case("entity", "DOCTYPE without entities", XML_DECL + "<!DOCTYPE taskmanager>" + BODY)
    yield case("entity", "DOCTYPE after the root", XML_TM + "<!DOCTYPE taskmanager>")
    yield case("entity", "XInclude of /etc/passwd", sub("<task ", f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{PASSWD}" parse="text"/><task '), trace=True)
    yield case("survive", "stylesheet processing instruction pointing at /etc/passwd", XML_DECL + f'<?xml-stylesheet href="{PASSWD}"?>' + BODY, "survive", trace=True)
    for ref, what in (
        ("&x;", "undeclared entity"),
        ("&#0;", "character reference 0"),
        ("&#1;", "character reference 1 (not allowed in XML 1.0)"),
        ("&#xD800;", "surrogate character reference"),
        ("&#xFFFE;", "character reference FFFE"),
        ("&#x110000;", "character reference past Unicode"),
        ("&#99999999999999999999999;", "24-digit character reference"),
        ("&#x;", "empty hex reference"),
        ("&#;", "empty reference"),
        ("&amp", "reference without ;"),
        ("&;", "empty entity name"),
    ):
        yield case("entity", f"{what} in text", sub(">Finish quarterly report<", f">a{ref}b<"))
        yield case("entity", f"{what} in an attribute", sub('user="Demo User"', f'user="a{ref}b"'))
    # Nesting.
    yield case("nesting", f"{DEEP} nested elements as the root", "<a>" * DEEP + "</a>" * DEEP)
    yield case("nesting", f"{DEEP} unclosed elements", XML_DECL + "<a>" * DEEP)
    yield case("nesting", f"{DEEP} elements inside a task", sub("Finish quarterly report", "<b>" * DEEP + "</b>" * DEEP))
    yield case("nesting", f"{DEEP} nested tasklists", (XML_DECL + '<taskmanager user="u" version="1">').encode() + f'<tasklist id="{uuid_text(UUID1)}" name="n" color="#ff0000" created="{CREATED_TEXT}">'.encode() * DEEP)
    head, tail = XML_TM.encode().split(f"<task {TASK_ATTRS}>Finish quarterly report</task>".encode())
    yield case("nesting", f"{DEEP} nested tasks", head + f"<task {TASK_ATTRS}>".encode() * DEEP + b"</task>" * DEEP + tail)
    # Attributes.
    yield case("attribute", "100 000 unknown attributes", sub('user="Demo User"', 'user="Demo User" ' + " ".join(f'a{i}="x"' for i in range(DEEP))))
    yield case("attribute", "user twice", sub('user="Demo User"', 'user="Demo User" user="x"'))
    yield case("attribute", "priority twice", sub('priority="2"', 'priority="2" priority="2"'))
    yield case("attribute", "user missing", sub('user="Demo User" ', ""))
    yield case("attribute", "unquoted attribute", sub('user="Demo User"', "user=Demo"))
    yield case("attribute", "< in an attribute", sub('user="Demo User"', 'user="a<b"'))
    yield case("attribute", "namespaced root", sub("<taskmanager ", '<x:taskmanager xmlns:x="urn:x" ').replace("</taskmanager>", "</x:taskmanager>"))
    yield case("survive", "4 MiB user name", sub('user="Demo User"', 'user="' + "A" * AMPLIFY_BYTES + '"'), "survive")
    yield case("survive", "4 MiB of whitespace between elements", sub("<task ", " " * AMPLIFY_BYTES + "<task "), "survive")
    # Encoding and well-formedness.
    for raw, what in ((b"\xff\xfe", "ff fe"), (b"\xc0\xaf", "overlong /"), (b"\xed\xa0\x80", "encoded surrogate"), (b"\xf8\x88\x80\x80\x80", "5-byte sequence"), (b"\xc3", "cut sequence")):
        yield case("utf8", f"user holds {what}", XML_TM.encode().replace(b'user="Demo User"', b'user="Demo' + raw + b'User"'))
        yield case("utf8", f"description holds {what}", XML_TM.encode().replace(b">Finish quarterly report<", b">Finish" + raw + b"<"))
        yield case("utf8", f"element name holds {what}", XML_TM.encode().replace(b"<task ", b"<ta" + raw + b"sk ", 1))
    yield case("syntax", "encoding UTF-16 declared", XML_TM.replace('encoding="UTF-8"', 'encoding="UTF-16"'))
    yield case("syntax", "encoding ISO-8859-1 declared", XML_TM.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'))
    yield case("syntax", "UTF-16LE with BOM", b"\xff\xfe" + XML_TM.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16-le"))
    yield case("syntax", "XML 1.1", XML_TM.replace('version="1.0" encoding', 'version="1.1" encoding'))
    yield case("syntax", "XML 2.0", XML_TM.replace('version="1.0" encoding', 'version="2.0" encoding'))
    yield case("syntax", "declaration not first", " " + XML_TM)
    yield case("syntax", "two declarations", XML_DECL + XML_TM)
    yield case("syntax", "two roots", XML_TM + BODY)
    yield case("syntax", "mismatched end tag", sub("</task>", "</tasklist>"))
    yield case("syntax", "end tag never closed", XML_TM[:-1])
    yield case("syntax", "NUL in text", sub("Finish quarterly", "Finish\x00quarterly"))
    yield case("syntax", "comment never closed", XML_TM + "<!--")
    yield case("syntax", "CDATA never closed", sub("Finish quarterly report", "<![CDATA[abc"))
    yield case("syntax", "text inside a tasklist", sub("<task ", "stray text<task "))
    yield case("syntax", "CDATA inside a tasklist", sub("<task ", "<![CDATA[x]]><task "))
    yield case("syntax", "unknown element inside a task list", sub("<task ", "<note/><task "))
    yield case("survive", "description as CDATA", sub("Finish quarterly report", "<![CDATA[Finish <quarterly> report]]>"), "survive")
    yield case("survive", "comments and PIs everywhere", sub("<task ", "<!-- c --><?pi x?><task ") + "<!-- after -->", "survive")
    for text in ("", " ", XML_DECL, "<taskmanager/>", "<x/>", "plain text"):
        yield case("type", f"document {text or '(empty)'!r}", text)
    # Values.
    for attr, values in (
        ("priority", ["4", "-1", "1e0", "99999999999999999999", "high", ""]),
        ("completed", ["yes", "TRUE", "2", ""]),
        ("color", ["#ff000", "red", "#gg0000", "#ff0000ff00", ""]),
        ("id", ["xyz", uuid_text(UUID2)[:-1], "{" + uuid_text(UUID2), ""]),
        ("created", ["2025-13-03T09:00:00.000Z", "yesterday", "10000-01-01T00:00:00.000Z", ""]),
    ):
        for value in values:
            attrs = re.sub(f'(^| ){attr}="[^"]*"', lambda m, v=value: f'{m.group(1)}{attr}="{v}"', TASK_ATTRS)
            yield case("value", f"task {attr}={value!r}", sub(TASK_ATTRS, attrs))
    yield case("survive", "braced task id (documented as read)", sub(uuid_text(UUID2), "{" + uuid_text(UUID2) + "}"), "survive")
    for value in ("1..0", "4294967296", "-1", "1.0.", "a"):
        yield case("value", f"version={value!r}", sub('version="1.0.0"', f'version="{value}"'))
    media = XML_OTHERS["media"]
    for old, new in (('player="JAVA"', 'player="QUICKTIME"'), ('size="LARGE"', 'size="HUGE"'), ('width="640"', 'width="2147483648"'), ('duration="18000000"', 'duration="9223372036854775808"'), ('bitrate="262144"', 'bitrate="x"')):
        yield case("value", new, sub(old, new, media), "reject", "media", control=f"{codec}/media value")
    graph = XML_OTHERS["graph"]
    for old, new in (('node id="0"', 'node id="65536"'), ('out_edges="0"', 'out_edges="0 x"'), ('weight="17"', 'weight="-1"'), ('from="0"', 'from="4294967296"')):
        yield case("value", new, sub(old, new, graph), "reject", "graph", control=f"{codec}/graph value")
    records = XML_OTHERS["records"]
    yield case("value", "ids holds 2^63", sub('ids="1 ', 'ids="9223372036854775808 ', records), "reject", "records", control=f"{codec}/records value")
    yield case("nesting", f"{DEEP} nested strings", sub("<string>x</string>", "<string>" * DEEP, records), "reject", "records", control=f"{codec}/records value")
    tel = XML_OTHERS["telemetry"]
    yield case("value", "ambient_temperature='abc'", sub('ambient_temperature="21.5"', 'ambient_temperature="abc"', tel), "reject", "telemetry", control=f"{codec}/telemetry value")
    yield case("value", "humidity missing", sub(' humidity="57.25"', "", tel), "reject", "telemetry", control=f"{codec}/telemetry value")



def amplification(codec):
    """Empty elements: strings of 9 bytes and nodes of 48 bytes each."""
    n = AMPLIFY_BYTES
    count = n // 9
    yield amplified(codec, "records", "empty strings, 9 bytes each", (XML_DECL + '<record ids="">').encode() + b"<string/>" * count + b"</record>")
    yield amplified(codec, "graph", "empty nodes", (XML_DECL + "<graph>").encode() + b'<node id="0" name="" out_edges="" in_edges=""/>' * (n // 48) + b"</graph>")
