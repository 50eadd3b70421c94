"""The small reference value of each dataset, and the sizes of the bombs.

Every format module builds its control (a valid input that must be accepted)
from these values, and its bombs by damaging that control: a family of bombs
proves something only while its control passes.

The types describe the model as the codec crates' docs lay it out, for the
serde formats' generic trees (`formats/serde.py`): "struct" (fields in
order), "seq", "opt", "enum" (variant names), and the leaf types.
"""

# Nesting depth of the nesting bombs: far past any sane recursion limit.
DEEP = 100_000
# Size of the amplification and stress inputs: big enough to show in the
# peak memory, small enough to stay quick.
AMPLIFY_BYTES = 4 << 20
# What follows a length bomb's head: a few bytes, far fewer than declared.
PAYLOAD = b"AAAAAAAA"

UUID1 = bytes.fromhex("67e5504410b1426f9247bb680e5fe0c8")
UUID2 = bytes.fromhex("3f2504e04f8941d39a0c0305e82c3301")
CREATED = (1762160400, 0, 0)
CREATED_TEXT = "2025-11-03T09:00:00.000Z"


def uuid_text(b):
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def color_text(c):
    return "#%06x" % (c & 0xFFFFFF) if c >> 24 == 0xFF else "#%08x" % c


HEADER_T = ("struct", [("id", "uuid"), ("name", "str"), ("color", "color"), ("created", "time")])
TASK_T = ("struct", [("header", HEADER_T), ("description", "str"), ("priority", "prio"), ("completed", "bool")])
LIST_T = ("struct", [("header", HEADER_T), ("tasks", ("seq", TASK_T))])
TM_T = ("struct", [("user", "str"), ("version", "version"), ("lists", ("seq", LIST_T))])
READINGS = [
    "ambient_temperature",
    "object_temperature",
    "accelerometer_x",
    "accelerometer_y",
    "accelerometer_z",
    "altitude",
    "light",
    "humidity",
]
TELEMETRY_T = ("struct", [("sensor_id", "str")] + [(r, "f64") for r in READINGS])
NODE_T = ("struct", [("id", "u16"), ("name", "str"), ("out_edges", ("seq", "u32")), ("in_edges", ("seq", "u32"))])
EDGE_T = ("struct", [("from", "u32"), ("to", "u32"), ("weight", "u16")])
GRAPH_T = ("struct", [("nodes", ("seq", NODE_T)), ("edges", ("seq", EDGE_T))])
RECORDS_T = ("struct", [("ids", ("seq", "i64")), ("strings", ("seq", "str"))])
MEDIA_T = (
    "struct",
    [
        ("uri", "str"),
        ("title", ("opt", "str")),
        ("width", "i32"),
        ("height", "i32"),
        ("format", "str"),
        ("duration", "i64"),
        ("size", "i64"),
        ("bitrate", ("opt", "i32")),
        ("persons", ("seq", "str")),
        ("player", ("enum", ["JAVA", "FLASH"])),
        ("copyright", ("opt", "str")),
    ],
)
IMAGE_T = (
    "struct",
    [
        ("uri", "str"),
        ("title", ("opt", "str")),
        ("width", "i32"),
        ("height", "i32"),
        ("size", ("enum", ["SMALL", "LARGE"])),
    ],
)
MEDIA_CONTENT_T = ("struct", [("media", MEDIA_T), ("images", ("seq", IMAGE_T))])


def header(uuid, name, color):
    return {"id": uuid, "name": name, "color": color, "created": CREATED}


VALUES = {
    "task-manager": (
        TM_T,
        {
            "user": "Demo User",
            "version": [1, 0, 0],
            "lists": [
                {
                    "header": header(UUID1, "Work", 0xFFFF0000),
                    "tasks": [
                        {
                            "header": header(UUID2, "Task 0-0", 0xFF00FF00),
                            "description": "Finish quarterly report",
                            "priority": 2,
                            "completed": True,
                        }
                    ],
                }
            ],
        },
    ),
    "telemetry": (
        TELEMETRY_T,
        dict(
            [("sensor_id", "AB12CD34")]
            + list(zip(READINGS, [21.5, 36.25, -0.5, 0.125, 9.75, 312.0, 1500.5, 57.25]))
        ),
    ),
    "graph": (
        GRAPH_T,
        {
            "nodes": [
                {"id": 0, "name": "alpha", "out_edges": [0], "in_edges": [1]},
                {"id": 1, "name": "beta", "out_edges": [1], "in_edges": [0]},
            ],
            "edges": [{"from": 0, "to": 1, "weight": 17}, {"from": 1, "to": 0, "weight": 3}],
        },
    ),
    "records": (RECORDS_T, {"ids": [1, -2, 1 << 62, -(1 << 63)], "strings": ["shgfkghsdf", "x"]}),
    "media": (
        MEDIA_CONTENT_T,
        {
            "media": {
                "uri": "http://javaone.com/keynote.mpg",
                "title": "Javaone Keynote",
                "width": 640,
                "height": 480,
                "format": "video/mpg4",
                "duration": 18000000,
                "size": 58982400,
                "bitrate": 262144,
                "persons": ["Bill Gates", "Steve Jobs\uc2a4"],
                "player": "JAVA",
                "copyright": None,
            },
            "images": [
                {"uri": "http://javaone.com/a.jpg", "title": "A", "width": 1024, "height": 768, "size": "LARGE"},
                {"uri": "http://javaone.com/b.jpg", "title": None, "width": 320, "height": 240, "size": "SMALL"},
            ],
        },
    ),
}
