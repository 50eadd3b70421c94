#!/usr/bin/env python3
"""Writes the documents `serbench measure` is tried on, in the shapes
issue 23 names: an API response with nested objects and non-ASCII text, a
GeoJSON-like file of about 100 000 floats, a catalogue of many small
objects, and an NDJSON log of a few thousand lines; and, for issue 39, a
social network's search results with the traits of real API responses
(keys in another order from one object to the next, optional keys, mixed
kinds, nulls, deep and wide records), as one document and as NDJSON.

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


# The search results have their own generator, so that the documents above
# stay byte for byte what they were.
social = random.Random(39)
HASHTAGS = ["serde", "rustlang", "データ", "größe", "json", "cbor", "benchmark", "café"]
MEDIA_SIZES = [("thumb", 150, 150, "crop"), ("small", 680, 383, "fit"), ("medium", 1200, 675, "fit"),
               ("large", 2048, 1152, "fit")]


def social_user(n):
    """A wide record: an account as a search result embeds it, some keys only sometimes."""
    handle = f"{social.choice(['ana', 'bo', 'chen', 'dmitri', 'élodie', 'fatma', 'goro'])}_{n}"
    user = {
        "id": social.randrange(10**6, 10**18),
        "id_str": None,
        "name": f"{handle.title()} {social.choice(WORDS)}",
        "screen_name": handle,
        "location": social.choice(["", "Zürich", "東京", "São Paulo", None]),
        "description": " ".join(social.choice(WORDS) for _ in range(social.randrange(0, 12))),
        "url": social.choice([None, f"https://t.example/{n}"]),
        "entities": {"description": {"urls": []}},
        "protected": False,
        "followers_count": social.randrange(0, 2_000_000),
        "friends_count": social.randrange(0, 5_000),
        "listed_count": social.randrange(0, 900),
        "created_at": f"Mon Mar {social.randrange(1, 29):02} 10:{social.randrange(60):02}:00 +0000 2014",
        "favourites_count": social.randrange(0, 90_000),
        "utc_offset": social.choice([None, -18000, 3600, 32400]),
        "time_zone": social.choice([None, "Bern", "Tokyo"]),
        "geo_enabled": social.random() < 0.3,
        "verified": social.random() < 0.1,
        "statuses_count": social.randrange(1, 300_000),
        "lang": None,
        "contributors_enabled": False,
        "is_translator": False,
        "profile_background_color": "%06X" % social.randrange(1 << 24),
        "profile_image_url_https": f"https://pbs.example/profile_images/{n}/a_normal.jpg",
        "profile_link_color": "%06X" % social.randrange(1 << 24),
        "profile_use_background_image": True,
        "has_extended_profile": social.random() < 0.5,
        "default_profile": social.random() < 0.5,
        "following": None,
        "follow_request_sent": None,
        "notifications": None,
        "translator_type": "none",
    }
    user["id_str"] = str(user["id"])
    if social.random() < 0.4:
        user["profile_banner_url"] = f"https://pbs.example/profile_banners/{n}/1500"
    if user["url"]:
        user["entities"]["url"] = {"urls": [{"url": user["url"], "expanded_url": f"https://example.org/{handle}",
                                              "display_url": f"example.org/{handle}", "indices": [0, 23]}]}
    return user


def social_media(n):
    """A photo; its `sizes` list their keys in an order of their own, as the API did."""
    sizes = MEDIA_SIZES[:]
    social.shuffle(sizes)
    media_id = social.randrange(10**17, 10**18)
    return {
        "id": media_id,
        "id_str": str(media_id),
        "indices": [social.randrange(0, 60), social.randrange(60, 140)],
        "media_url_https": f"https://pbs.example/media/{n}.jpg",
        "url": f"https://t.example/m{n}",
        "type": "photo",
        "sizes": {name: {"w": w, "h": h, "resize": resize} for name, w, h, resize in sizes},
    }


def social_status(n, depth=0):
    """A status: entities, media and, now and then, the status it retweets or quotes (deeper records)."""
    status_id = social.randrange(10**17, 1 << 62)
    text = " ".join(social.choice(WORDS) for _ in range(social.randrange(3, 20)))
    tags = social.sample(HASHTAGS, social.randrange(0, 3))
    status = {
        "created_at": f"Sun Dec 06 0{social.randrange(10)}:{social.randrange(60):02}:00 +0000 2026",
        "id": status_id,
        "id_str": str(status_id),
        "text": text + "".join(f" #{t}" for t in tags),
        "truncated": False,
        "entities": {
            "hashtags": [{"text": t, "indices": [i * 10, i * 10 + len(t) + 1]} for i, t in enumerate(tags)],
            "symbols": [],
            "user_mentions": [{"screen_name": f"m{social.randrange(999)}", "name": social.choice(WORDS),
                               "id": social.randrange(10**9), "indices": [0, 9]}
                              for _ in range(social.randrange(0, 3))],
            "urls": [],
        },
        "metadata": {"iso_language_code": social.choice(["en", "de", "ja", "fr"]), "result_type": "recent"},
        "source": "<a href=\"https://example.org\" rel=\"nofollow\">serbench</a>",
        "in_reply_to_status_id": None,
        "in_reply_to_user_id": None,
        "in_reply_to_screen_name": None,
        "user": social_user(n),
        "geo": None,
        "coordinates": None,
        "place": None,
        "contributors": None,
        "is_quote_status": False,
        "retweet_count": social.randrange(0, 5_000),
        "favorite_count": social.randrange(0, 20_000),
        "favorited": False,
        "retweeted": False,
        "lang": social.choice(["en", "de", "ja", "und"]),
    }
    if social.random() < 0.4:
        media = [social_media(f"{n}-{i}") for i in range(social.randrange(1, 4))]
        status["entities"]["media"] = media[:1]
        status["extended_entities"] = {"media": media}
        status["possibly_sensitive"] = social.random() < 0.05
    if social.random() < 0.25:
        reply = social.randrange(10**17, 1 << 62)
        status["in_reply_to_status_id"] = reply
        status["in_reply_to_status_id_str"] = str(reply)
    if social.random() < 0.2:
        lon, lat = round(social.uniform(-180, 180), 6), round(social.uniform(-80, 80), 6)
        status["coordinates"] = {"type": "Point", "coordinates": [lon, lat]}
        status["geo"] = {"type": "Point", "coordinates": [lat, lon]}
        status["place"] = {"id": "%016x" % social.randrange(1 << 64), "place_type": "city",
                           "name": social.choice(["Zürich", "東京", "Lyon"]), "country_code": "CH",
                           "bounding_box": {"type": "Polygon",
                                            "coordinates": [[[lon - 0.1, lat - 0.1], [lon + 0.1, lat - 0.1],
                                                             [lon + 0.1, lat + 0.1], [lon - 0.1, lat + 0.1]]]},
                           "attributes": {}}
    if depth < 2 and social.random() < 0.3:
        inner = social_status(f"{n}r", depth + 1)
        if social.random() < 0.5:
            status["retweeted_status"] = inner
        else:
            status["is_quote_status"] = True
            status["quoted_status_id"] = inner["id"]
            status["quoted_status_id_str"] = inner["id_str"]
            status["quoted_status"] = inner
    if social.random() < 0.1:
        status["withheld_in_countries"] = social.sample(["DE", "FR", "RU", "TR"], social.randrange(1, 3))
    return status


def social_search():
    """A page of search results, as a social network's REST API returned them."""
    statuses = [social_status(n) for n in range(40)]
    last = statuses[-1]["id"]
    metadata = {"completed_in": 0.047, "max_id": statuses[0]["id"], "max_id_str": str(statuses[0]["id"]),
                "next_results": f"?max_id={last - 1}&q=serde&include_entities=1", "query": "serde", "count": 40,
                "since_id": 0, "since_id_str": "0", "refresh_url": f"?since_id={statuses[0]['id']}&q=serde"}
    return {"statuses": statuses, "search_metadata": metadata}


def write(name, text):
    (HERE / name).write_text(text, encoding="utf-8")


write("api-issues.json", json.dumps(api_response(), ensure_ascii=False, indent=1) + "\n")
write("routes.geojson.json", json.dumps(geojson(), separators=(",", ":")) + "\n")
write("catalogue.json", json.dumps(catalogue(), ensure_ascii=False) + "\n")
write("access-log.ndjson", access_log())
search = social_search()
write("social-search.json", json.dumps(search, ensure_ascii=False, indent=1) + "\n")
write("social-statuses.ndjson", "".join(json.dumps(s, ensure_ascii=False) + "\n" for s in search["statuses"]))
