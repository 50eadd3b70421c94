#!/usr/bin/env python3
"""Writes the four documents `serbench measure` is tried on, in the shapes
issue 23 names: an API response with nested objects and non-ASCII text, a
GeoJSON-like file of about 100 000 floats, a catalogue of many small
objects, and an NDJSON log of a few thousand lines.

The data is generated here (seeded, so the files are the same on every
run), in the shapes of public formats: GitHub's REST API issue list,
RFC 7946 GeoJSON, a product catalogue, and a web server's JSON access log.
Standard library only: python3 data/measure/make.py
"""

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
rng = random.Random(23)

WORDS = ["serialize", "format", "schema", "größe", "café", "naïve", "北京", "東京",
         "データ", "Ελλάδα", "Привет", "emoji 🎉", "zürich", "smörgåsbord", "piñata",
         "crème brûlée", "façade", "fjord", "straße", "ünïcödé"]


def sentence(n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def api_response():
    """A page of issues, as a code host's REST API returns them."""
    issues = []
    for number in range(1, 31):
        user = {
            "login": f"user{rng.randrange(1000)}",
            "id": rng.randrange(1, 10_000_000),
            "avatar_url": f"https://avatars.example.org/u/{number}?v=4",
            "site_admin": rng.random() < 0.05,
        }
        labels = [
            {"id": rng.randrange(10**9), "name": rng.choice(["bug", "enhancement", "ドキュメント", "question"]),
             "color": "%06x" % rng.randrange(1 << 24), "default": rng.random() < 0.3}
            for _ in range(rng.randrange(0, 4))
        ]
        issue = {
            "id": rng.randrange(10**9, 10**10),
            "number": number,
            "title": sentence(rng.randrange(3, 9)),
            "user": user,
            "labels": labels,
            "state": rng.choice(["open", "closed"]),
            "locked": False,
            "assignee": user if rng.random() < 0.4 else None,
            "comments": rng.randrange(0, 50),
            "created_at": f"2026-{rng.randrange(1, 13):02}-{rng.randrange(1, 29):02}T12:00:00Z",
            "closed_at": None,
            "body": sentence(rng.randrange(10, 60)),
            "reactions": {"total_count": rng.randrange(0, 20), "+1": rng.randrange(0, 10),
                          "heart": rng.randrange(0, 5), "rocket": 0},
            "score": round(rng.random(), 6),
        }
        issues.append(issue)
    return {"total_count": 1234, "incomplete_results": False, "items": issues}


def geojson():
    """About 100 000 floats: polylines of longitude/latitude pairs."""
    features = []
    floats = 0
    n = 0
    while floats < 100_000:
        n += 1
        lon, lat = rng.uniform(-180, 180), rng.uniform(-80, 80)
        points = []
        for _ in range(rng.randrange(50, 400)):
            lon += rng.uniform(-0.01, 0.01)
            lat += rng.uniform(-0.01, 0.01)
            points.append([round(lon, 6), round(lat, 6)])
        floats += 2 * len(points)
        features.append({
            "type": "Feature",
            "id": n,
            "geometry": {"type": "LineString", "coordinates": points},
            "properties": {"name": f"route {n}", "length_km": round(rng.uniform(0.5, 90), 3),
                           "surface": rng.choice(["asphalt", "gravel", None])},
        })
    return {"type": "FeatureCollection", "features": features}


def catalogue():
    """Many small objects; some keys present only sometimes."""
    products = []
    for i in range(5_000):
        product = {"sku": f"SKU-{i:06}", "name": sentence(2), "price": round(rng.uniform(1, 500), 2),
                   "stock": rng.randrange(0, 1000), "tags": rng.sample(["new", "sale", "eco", "bio"], rng.randrange(0, 3))}
        if rng.random() < 0.3:
            product["discount"] = rng.randrange(5, 50)
        if rng.random() < 0.1:
            product["weight_g"] = None
        products.append(product)
    return {"catalogue": "spring 2026", "currency": "EUR", "products": products}


def access_log():
    """A web server's JSON access log, a request a line."""
    lines = []
    for i in range(3_000):
        entry = {"ts": 1_780_000_000_000 + i * 137, "method": rng.choice(["GET", "GET", "POST", "PUT"]),
                 "path": f"/api/v1/items/{rng.randrange(10_000)}", "status": rng.choice([200, 200, 201, 304, 404, 500]),
                 "bytes": rng.randrange(0, 100_000), "ms": round(rng.expovariate(1 / 20), 3),
                 "ua": rng.choice(["curl/8.5.0", "Mozilla/5.0", "serbench/0.1"])}
        if entry["status"] >= 500:
            entry["error"] = "upstream timed out"
        lines.append(json.dumps(entry, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def write(name, text):
    (HERE / name).write_text(text, encoding="utf-8")


write("api-issues.json", json.dumps(api_response(), ensure_ascii=False, indent=1) + "\n")
write("routes.geojson.json", json.dumps(geojson(), separators=(",", ":")) + "\n")
write("catalogue.json", json.dumps(catalogue(), ensure_ascii=False) + "\n")
write("access-log.ndjson", access_log())
