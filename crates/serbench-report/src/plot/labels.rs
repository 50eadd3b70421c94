//! Where each point's label goes, so that two dozen names near each other
//! stay readable: no label covers another label, a point or a leader
//! line, and none leaves the plot.
//!
//! Greedy placement: the points that matter most (the Pareto front) first,
//! then the most crowded. Each label tries the places next to its point
//! (right, left, the corners, above, below), then places farther out in
//! two dozen directions, tied to its point by a leader line that crosses
//! no label and no other point. A pass that leaves labels out is run again
//! with those labels placed first, and the pass that places the most is
//! kept; a label that still finds no room is left out of the plot, the
//! chart lists it under the plot instead, and its point keeps its tooltip.
//! Label boxes are estimated from character widths rather than measured
//! (nothing here renders text), generously, so the real text stays inside
//! its box; the browser check measures the rendered labels and holds them
//! apart.

/// A box in pixels, `x0 < x1` and `y0 < y1` (y grows downward).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub(crate) x0: f64,
    pub(crate) y0: f64,
    pub(crate) x1: f64,
    pub(crate) y1: f64,
}

impl Rect {
    /// Whether the two boxes share more than a touching edge.
    pub(crate) fn overlaps(&self, other: &Rect) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }

    fn inside(&self, bounds: &Rect) -> bool {
        self.x0 >= bounds.x0 && self.x1 <= bounds.x1 && self.y0 >= bounds.y0 && self.y1 <= bounds.y1
    }

    fn grown(&self, by: f64) -> Rect {
        Rect {
            x0: self.x0 - by,
            y0: self.y0 - by,
            x1: self.x1 + by,
            y1: self.y1 + by,
        }
    }

    fn contains(&self, (x, y): (f64, f64)) -> bool {
        self.x0 <= x && x <= self.x1 && self.y0 <= y && y <= self.y1
    }

    /// The point of the box's edge nearest to `(x, y)`, where a leader
    /// line from there ends.
    pub(crate) fn nearest(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x.clamp(self.x0, self.x1), y.clamp(self.y0, self.y1))
    }
}

/// The width of `text` in a Verdana-like sans-serif of `size` pixels, a
/// little over what it renders at: narrow, wide and middling glyphs
/// counted apart, since codec ids mix `i`, `-` and `m`.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' => 0.36,
            'f' | 'r' | 't' | '-' | '(' | ')' | '[' | ']' | '/' => 0.48,
            'm' | 'w' | 'M' | 'W' | '%' | '@' => 1.02,
            c if c.is_ascii_uppercase() => 0.76,
            _ => 0.66,
        })
        .sum();
    ems * size + 2.0
}

/// The height of a line of text of `size` pixels: the font's ascent and
/// descent, as a browser's box around the text spans them (1.16 em in
/// DejaVu Sans, 1.22 in Verdana), and a little room.
pub(crate) fn text_height(size: f64) -> f64 {
    size * 1.3
}

/// A label that found room.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Placed {
    pub(crate) rect: Rect,
    /// Whether it sits away from its point, tied to it by a line.
    pub(crate) leader: bool,
}

/// Room kept between a point's centre and its own label.
const GAP: f64 = 7.0;
/// How far a point's mark reaches from its centre, as labels avoid it.
const MARK: f64 = 6.0;
/// How much of another point a leader line must not cross: its centre,
/// so that a leader may graze a mark but never hide which point it is.
const CORE: f64 = 2.5;
/// How far out labels go, tried in this order; beyond the first, a leader
/// line ties the label to its point.
const RINGS: [f64; 12] = [
    0.0, 10.0, 20.0, 32.0, 46.0, 62.0, 80.0, 100.0, 125.0, 155.0, 190.0, 230.0,
];
/// The directions tried on each ring, in degrees clockwise from the right
/// (y grows downward): level first, as a label to the right or left reads
/// most naturally, then ever steeper.
const ANGLES: [f64; 24] = [
    0.0, 180.0, -30.0, 30.0, -150.0, 150.0, -60.0, 60.0, -120.0, 120.0, -90.0, 90.0, -15.0, 15.0,
    -165.0, 165.0, -45.0, 45.0, -135.0, 135.0, -75.0, 75.0, -105.0, 105.0,
];
/// Passes over the labels, each placing the previous pass's left-outs
/// first.
const PASSES: usize = 4;

/// Places a label of size `boxes[i]` (width, height) for each point
/// `points[i]` inside `bounds`, the points in `first` before the others;
/// `None` for a label that found no room.
pub(crate) fn place(
    points: &[(f64, f64)],
    boxes: &[(f64, f64)],
    bounds: Rect,
    first: &[usize],
) -> Vec<Option<Placed>> {
    let mut best: Option<Vec<Option<Placed>>> = None;
    let mut urgent: Vec<usize> = first.to_vec();
    for _ in 0..PASSES {
        let placed = pass(points, boxes, bounds, &urgent);
        let missing: Vec<usize> = (0..points.len()).filter(|&i| placed[i].is_none()).collect();
        let left_out = |placed: &[Option<Placed>]| placed.iter().filter(|p| p.is_none()).count();
        if best
            .as_ref()
            .is_none_or(|best| missing.len() < left_out(best))
        {
            best = Some(placed);
        }
        if missing.is_empty() {
            break;
        }
        for index in missing {
            if !urgent.contains(&index) {
                urgent.push(index);
            }
        }
    }
    best.unwrap_or_default()
}

/// One greedy pass: the points of `urgent` in their order, then the rest,
/// most crowded first.
fn pass(
    points: &[(f64, f64)],
    boxes: &[(f64, f64)],
    bounds: Rect,
    urgent: &[usize],
) -> Vec<Option<Placed>> {
    let marks: Vec<Rect> = points.iter().map(|&point| square(point, MARK)).collect();
    let mut placed: Vec<Option<Placed>> = vec![None; points.len()];
    let mut taken: Vec<Rect> = Vec::new();
    let mut leaders: Vec<((f64, f64), (f64, f64))> = Vec::new();
    let mut sequence: Vec<usize> = urgent.to_vec();
    let mut others: Vec<usize> = (0..points.len()).filter(|i| !urgent.contains(i)).collect();
    others.sort_by_key(|&i| std::cmp::Reverse(crowd(points, i)));
    sequence.extend(others);
    for index in sequence {
        let point = points[index];
        let (width, height) = boxes[index];
        let found = candidates(point, width, height).find(|candidate| {
            let rect = candidate.rect;
            let clear = rect.grown(1.0);
            rect.inside(&bounds)
                && !taken.iter().any(|other| other.overlaps(&clear))
                && !marks.iter().any(|mark| mark.overlaps(&clear))
                && !leaders.iter().any(|&(a, b)| crosses(a, b, &clear))
                && (!candidate.leader
                    || leader_is_clear(points, index, rect.nearest(point), &taken))
        });
        if let Some(found) = found {
            taken.push(found.rect);
            if found.leader {
                leaders.push((point, found.rect.nearest(point)));
            }
            placed[index] = Some(found);
        }
    }
    placed
}

/// The box of half-width `half` around `(x, y)`.
fn square((x, y): (f64, f64), half: f64) -> Rect {
    Rect {
        x0: x - half,
        y0: y - half,
        x1: x + half,
        y1: y + half,
    }
}

/// How many other points lie within reach of a label of `index`'s.
fn crowd(points: &[(f64, f64)], index: usize) -> usize {
    let (x, y) = points[index];
    points
        .iter()
        .enumerate()
        .filter(|&(other, &(ox, oy))| other != index && (ox - x).hypot(oy - y) < 60.0)
        .count()
}

/// The places a label may take around `point`, nearest first.
fn candidates(point: (f64, f64), width: f64, height: f64) -> impl Iterator<Item = Placed> {
    RINGS.into_iter().flat_map(move |ring| {
        ANGLES.into_iter().flat_map(move |angle| {
            let (dy, dx) = angle.to_radians().sin_cos();
            let reach = GAP + ring;
            // Farther out, the anchor sits on the circle the leader's
            // length draws; next to the point, on a square around it, so
            // that a corner label clears the point's mark.
            let anchor = if ring > 0.0 {
                (point.0 + dx * reach, point.1 + dy * reach)
            } else {
                let step = |d: f64| {
                    if d > 0.3 {
                        reach
                    } else if d < -0.3 {
                        -reach
                    } else {
                        0.0
                    }
                };
                (point.0 + step(dx), point.1 + step(dy))
            };
            // The box lies beyond the anchor; straight above or below, it
            // may also hang to either side of it.
            let lefts: Vec<f64> = if dx > 0.3 {
                vec![anchor.0]
            } else if dx < -0.3 {
                vec![anchor.0 - width]
            } else {
                vec![
                    anchor.0 - width / 2.0,
                    anchor.0 - width + 4.0,
                    anchor.0 - 4.0,
                ]
            };
            let y0 = if dy > 0.3 {
                anchor.1
            } else if dy < -0.3 {
                anchor.1 - height
            } else {
                anchor.1 - height / 2.0
            };
            lefts.into_iter().map(move |x0| Placed {
                rect: Rect {
                    x0,
                    y0,
                    x1: x0 + width,
                    y1: y0 + height,
                },
                leader: ring > 0.0,
            })
        })
    })
}

/// Whether a leader from point `index` to `end` passes clear of every
/// label and of every other point's centre. Only the part beyond the
/// point's own mark counts: a point on top of another could not be left
/// otherwise.
fn leader_is_clear(points: &[(f64, f64)], index: usize, end: (f64, f64), taken: &[Rect]) -> bool {
    let point = points[index];
    let length = (end.0 - point.0).hypot(end.1 - point.1);
    let start = if length > MARK {
        let share = MARK / length;
        (
            point.0 + (end.0 - point.0) * share,
            point.1 + (end.1 - point.1) * share,
        )
    } else {
        end
    };
    !taken.iter().any(|rect| crosses(point, end, rect))
        && !points
            .iter()
            .enumerate()
            .any(|(other, &centre)| other != index && crosses(start, end, &square(centre, CORE)))
}

/// Whether the segment from `a` to `b` passes through `rect`, sampled
/// every pixel (exact enough at a pixel's scale, and plain to read).
fn crosses(a: (f64, f64), b: (f64, f64), rect: &Rect) -> bool {
    let length = (b.0 - a.0).hypot(b.1 - a.1);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a leader is a few hundred pixels at most"
    )]
    let steps = length.ceil().max(1.0) as usize;
    (0..=steps).any(|step| {
        let t = step as f64 / steps as f64;
        rect.contains((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: Rect = Rect {
        x0: 0.0,
        y0: 0.0,
        x1: 600.0,
        y1: 400.0,
    };

    /// The codec ids of a full run.
    const CODECS: [&str; 24] = [
        "json",
        "json-simd",
        "json-sonic",
        "cbor",
        "cbor-minicbor",
        "cbor-cbor4ii",
        "xml",
        "msgpack",
        "bincode",
        "bincode-stock",
        "postcard",
        "bitcode",
        "bitcode-serde",
        "wincode",
        "protobuf",
        "protobuf-stock",
        "thrift-binary",
        "thrift-compact",
        "avro",
        "qdatastream",
        "capnp",
        "flatbuffers",
        "rkyv",
        "rkyv-unvalidated",
    ];

    fn boxes() -> Vec<(f64, f64)> {
        CODECS
            .iter()
            .map(|codec| (text_width(codec, 12.0), text_height(12.0)))
            .collect()
    }

    fn assert_apart(points: &[(f64, f64)], placed: &[Option<Placed>]) {
        let rects: Vec<Rect> = placed.iter().flatten().map(|p| p.rect).collect();
        for (i, a) in rects.iter().enumerate() {
            assert!(a.inside(&BOUNDS), "{a:?} leaves the plot");
            for b in &rects[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} overlaps {b:?}");
            }
            for &point in points {
                assert!(
                    !a.overlaps(&square(point, MARK)),
                    "{a:?} covers the point at {point:?}"
                );
            }
        }
    }

    /// A real run's task-manager decode, crowded as it was: the three JSON
    /// codecs on one line, three CBOR ones on another, the compact binary
    /// formats in a knot at the fast small corner, two pairs on top of
    /// each other.
    #[test]
    fn two_dozen_crowded_labels_all_find_room_apart() {
        let points: Vec<(f64, f64)> = vec![
            (420.0, 40.0),
            (520.0, 40.0),
            (470.0, 40.0),
            (525.0, 110.0),
            (470.0, 110.0),
            (425.0, 110.0),
            (455.0, 75.0),
            (250.0, 150.0),
            (60.0, 330.0),
            (240.0, 330.0),
            (190.0, 330.0),
            (180.0, 355.0),
            (215.0, 354.0),
            (90.0, 250.0),
            (245.0, 300.0),
            (310.0, 300.0),
            (370.0, 185.0),
            (400.0, 280.0),
            (350.0, 335.0),
            (85.0, 190.0),
            (180.0, 190.0),
            (262.0, 198.0),
            (64.0, 240.0),
            (64.0, 240.0),
        ];
        let order: Vec<usize> = vec![8, 22, 23];
        let placed = place(&points, &boxes(), BOUNDS, &order);
        assert_apart(&points, &placed);
        let missing: Vec<&str> = placed
            .iter()
            .zip(CODECS)
            .filter(|(p, _)| p.is_none())
            .map(|(_, codec)| codec)
            .collect();
        assert!(missing.is_empty(), "no room for {missing:?}");
    }

    /// Twenty-four points on one spot: what fits is placed apart, the rest
    /// is left to the list under the chart, and nothing overlaps.
    #[test]
    fn a_pile_of_points_leaves_out_what_does_not_fit() {
        let points = vec![(300.0, 200.0); 24];
        let small = Rect {
            x0: 150.0,
            y0: 100.0,
            x1: 450.0,
            y1: 300.0,
        };
        let placed = place(&points, &boxes(), small, &[]);
        let rects: Vec<Rect> = placed.iter().flatten().map(|p| p.rect).collect();
        assert!(rects.len() >= 8 && rects.len() < 24, "{}", rects.len());
        for (i, a) in rects.iter().enumerate() {
            assert!(a.inside(&small));
            assert!(rects[i + 1..].iter().all(|b| !a.overlaps(b)));
        }
    }

    #[test]
    fn widths_grow_with_wide_letters() {
        assert!(text_width("mmmm", 12.0) > text_width("iiii", 12.0) * 2.0);
        assert!(text_width("rkyv-unvalidated", 12.0) > 100.0);
    }
}
