//! The Pareto front of a scatter of (time, size), lower better on both:
//! the codecs no other codec beats on both at once. Every codec off the
//! front has a rival that is at least as fast and at least as small, and
//! better on one; every codec on it is the best choice for some weighing
//! of time against size. Exact figures only: noise is the tables' matter,
//! and a front drawn with it would need a rule of its own.

/// The indices of the points on the front, fastest first. A point is off
/// the front when another is no slower and no larger, and differs; two
/// points with the same figures stand or fall together.
pub(crate) fn front(points: &[(f64, f64)]) -> Vec<usize> {
    let beats = |a: (f64, f64), b: (f64, f64)| a.0 <= b.0 && a.1 <= b.1 && a != b;
    let mut front: Vec<usize> = (0..points.len())
        .filter(|&i| !points.iter().any(|&other| beats(other, points[i])))
        .collect();
    front.sort_by(|&a, &b| {
        points[a]
            .0
            .total_cmp(&points[b].0)
            .then(points[b].1.total_cmp(&points[a].1))
    });
    front
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_nothing_beats_on_both() {
        let points = [
            (1.0, 900.0), // fastest
            (2.0, 600.0), // on the front
            (3.0, 600.0), // as small as the one before, slower: off
            (2.5, 700.0), // beaten by (2, 600) on both: off
            (5.0, 500.0), // smallest
            (9.0, 500.0), // as small, slower: off
            (1.0, 950.0), // as fast as the fastest, larger: off
        ];
        assert_eq!(front(&points), [0, 1, 4]);
    }

    #[test]
    fn ties_stand_together_and_one_point_is_a_front() {
        assert_eq!(front(&[(2.0, 5.0), (1.0, 9.0), (2.0, 5.0)]), [1, 0, 2]);
        assert_eq!(front(&[(3.0, 3.0)]), [0]);
        assert!(front(&[]).is_empty());
    }
}
