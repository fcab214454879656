//! The rulings of hex geometry that need no game state, written once and
//! exactly in integers: a hex's place in a unit's frame (F ahead, M21),
//! the field of fire in its three `fire_arc` modes (M21, M49), front,
//! flank and rear hexsides (M8), and the exact line of fire of M50 (every
//! hex whose interior the segment between two centres crosses, once
//! shifted an arbitrarily small distance to one side; then to the other).
//!
//! Coordinates: cube coordinates (x, y, z = -x - y) from the grid's axial
//! ones, where the Euclidean dot product of two vectors is half their
//! cube dot product (neighbours are 1 apart). The line of fire works in
//! three times the axial coordinates, where every hex centre and vertex
//! is a point with integer coordinates, so crossing and touching are
//! decided by signs of integer cross products, never by rounding.

use crate::hex::{Grid, Hex};
use crate::rules::hits16::model::FireArc;

/// A hex's cube coordinates.
fn cube(grid: Grid, h: Hex) -> [i64; 3] {
    let a = grid.to_axial(h);
    let (q, r) = (i64::from(a.q), i64::from(a.r));
    [q, r, -q - r]
}

fn sub(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The cube vector of direction `i` (0-5, the grid's clockwise order).
fn dir_vec(grid: Grid, i: u8) -> [i64; 3] {
    let o = Hex::new(0, 0);
    sub(
        cube(grid, grid.neighbour_by_index(o, usize::from(i % 6))),
        cube(grid, o),
    )
}

/// Where `h` lies seen from `o` facing `f`: `(k, m)` with the hex centre
/// at x = k·√3/2 to the right and y = m/2 ahead, 1 being a hex flat to
/// flat (M21's frame).
pub fn frame(grid: Grid, o: Hex, f: u8, h: Hex) -> (i64, i64) {
    let v = sub(cube(grid, h), cube(grid, o));
    let d = dir_vec(grid, f);
    let right = sub(dir_vec(grid, (f + 1) % 6), dir_vec(grid, (f + 5) % 6));
    (dot(v, right) / 3, dot(v, d))
}

/// Whether `h` is in the field of fire of a unit at `o` facing `f` (M21,
/// M49). `Corners45`: 45° from the two front corners, |x| <= y + 1/√3
/// with y > 0, decided exactly as (3|k| - 2)² <= 3m²; `Centre45`:
/// |x| <= y from the centre, 3k² <= m²; `Wedge120`: N7's wedge,
/// distance(h, o + d·dir(F)) <= d. The unit's own hex never is.
pub fn in_field(grid: Grid, arc: FireArc, o: Hex, f: u8, h: Hex) -> bool {
    if h == o {
        return false;
    }
    match arc {
        FireArc::Corners45 => {
            let (k, m) = frame(grid, o, f, h);
            let lhs = 3 * k.abs() - 2;
            m > 0 && (lhs <= 0 || lhs * lhs <= 3 * m * m)
        }
        FireArc::Centre45 => {
            let (k, m) = frame(grid, o, f, h);
            m > 0 && 3 * k * k <= m * m
        }
        FireArc::Wedge120 => {
            let d = i64::from(grid.distance(o, h));
            let dv = dir_vec(grid, f);
            let c = cube(grid, o);
            let ahead = [c[0] + d * dv[0], c[1] + d * dv[1], c[2] + d * dv[2]];
            let x = sub(cube(grid, h), ahead);
            x.iter().map(|v| v.abs()).max().unwrap_or(0) <= d
        }
    }
}

/// Which of a unit's hexsides a neighbour lies across (M8): 0 = F, 1 = F+1
/// ... 5 = F-1.
pub fn side_from_facing(f: u8, dir: u8) -> u8 {
    (dir + 6 - f % 6) % 6
}

/// Whether the hexside `dir` is one of the front hexsides F-1, F, F+1 of
/// a unit facing `f` (M8).
pub fn is_front(f: u8, dir: u8) -> bool {
    matches!(side_from_facing(f, dir), 0 | 1 | 5)
}

/// Whether `dir` is the rear hexside F+3.
pub fn is_rear(f: u8, dir: u8) -> bool {
    side_from_facing(f, dir) == 3
}

/// The exact rows of M50 between two hex centres, end hexes excluded:
/// `rows[0]` the hexes the segment shifted to one side crosses, `rows[1]`
/// to the other, each in order from `a` to `b`. Empty at distance 0 or 1.
pub fn fire_rows(grid: Grid, a: Hex, b: Hex) -> [Vec<Hex>; 2] {
    let mut rows: [Vec<(i64, Hex)>; 2] = [Vec::new(), Vec::new()];
    if grid.distance(a, b) <= 1 {
        return [Vec::new(), Vec::new()];
    }
    let (pa, pb) = (grid.to_axial(a), grid.to_axial(b));
    // Three times the axial coordinates: centres and vertices are integer.
    let p0 = (3 * i64::from(pa.q), 3 * i64::from(pa.r));
    let d = (3 * i64::from(pb.q - pa.q), 3 * i64::from(pb.r - pa.r));
    let dd = d.0 * d.0 + d.1 * d.1;
    let cross = |v: (i64, i64)| d.0 * (v.1 - p0.1) - d.1 * (v.0 - p0.0);
    let along = |v: (i64, i64)| d.0 * (v.0 - p0.0) + d.1 * (v.1 - p0.1);
    // The six vertices of a hex, around it, as offsets from its centre.
    const VERTS: [(i64, i64); 6] = [(2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2)];
    let (q0, q1) = (pa.q.min(pb.q) - 1, pa.q.max(pb.q) + 1);
    let (r0, r1) = (pa.r.min(pb.r) - 1, pa.r.max(pb.r) + 1);
    for q in q0..=q1 {
        for r in r0..=r1 {
            let h = grid.from_axial(crate::hex::Axial { q, r });
            if h == a || h == b {
                continue;
            }
            let c = (3 * i64::from(q), 3 * i64::from(r));
            let vs: [(i64, i64); 6] = VERTS.map(|(x, y)| (c.0 + x, c.1 + y));
            let s: [i64; 6] = vs.map(cross);
            let pos = s.iter().any(|&x| x > 0);
            let neg = s.iter().any(|&x| x < 0);
            // Whether the contact lies between the two centres: it lies
            // wholly inside or wholly outside, since both centres are
            // inside other hexes, so one point of it decides.
            let within = if pos && neg {
                // A crossing point of the line with an edge whose ends lie
                // on opposite sides (or one on the line).
                let mut inside = false;
                for i in 0..6 {
                    let j = (i + 1) % 6;
                    if (s[i] > 0 && s[j] <= 0) || (s[i] < 0 && s[j] >= 0) {
                        let e = (vs[j].0 - vs[i].0, vs[j].1 - vs[i].1);
                        let w = (vs[i].0 - p0.0, vs[i].1 - p0.1);
                        let mut num = w.0 * e.1 - w.1 * e.0;
                        let mut den = d.0 * e.1 - d.1 * e.0;
                        if den < 0 {
                            num = -num;
                            den = -den;
                        }
                        inside = num > 0 && num < den;
                        break;
                    }
                }
                inside
            } else if pos || neg {
                // Touching only: a vertex, or an edge the line runs along.
                let zeros: Vec<usize> = (0..6).filter(|&i| s[i] == 0).collect();
                if zeros.is_empty() {
                    continue;
                }
                let sum: i64 = zeros.iter().map(|&i| along(vs[i])).sum();
                let n = zeros.len() as i64;
                sum > 0 && sum < n * dd
            } else {
                false
            };
            if !within {
                continue;
            }
            let key = along(c);
            if pos && neg {
                rows[0].push((key, h));
                rows[1].push((key, h));
            } else if pos {
                rows[0].push((key, h));
            } else {
                rows[1].push((key, h));
            }
        }
    }
    rows.map(|mut r| {
        r.sort();
        r.into_iter().map(|(_, h)| h).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{LineStep, Orientation, Stagger, axial_round};
    use std::collections::BTreeSet;

    fn grids() -> [Grid; 4] {
        [
            Grid::new(Orientation::FlatTop, Stagger::Even),
            Grid::new(Orientation::FlatTop, Stagger::Odd),
            Grid::new(Orientation::PointyTop, Stagger::Even),
            Grid::new(Orientation::PointyTop, Stagger::Odd),
        ]
    }

    fn field_counts(grid: Grid, arc: FireArc, o: Hex, f: u8) -> Vec<usize> {
        (1..=6)
            .map(|d| {
                grid.ring(o, d)
                    .into_iter()
                    .filter(|&h| in_field(grid, arc, o, f, h))
                    .count()
            })
            .collect()
    }

    /// M21: 3, 3, 5, 7, 9, 9 hexes at distances 1-6 from the front
    /// corners, for all six facings and both column parities, on every
    /// grid.
    #[test]
    fn m21_corners_45_holds_3_3_5_7_9_9_for_every_facing_and_parity() {
        for g in grids() {
            for o in [Hex::new(10, 10), Hex::new(11, 10), Hex::new(10, 11)] {
                for f in 0..6 {
                    assert_eq!(
                        field_counts(g, FireArc::Corners45, o, f),
                        vec![3, 3, 5, 7, 9, 9],
                        "{g:?} {o} facing {f}"
                    );
                }
            }
        }
    }

    #[test]
    fn m21_centre_45_holds_1_3_5_5_7_9_and_leaves_out_the_side_front_hexes() {
        let g = grids()[0];
        for o in [Hex::new(10, 10), Hex::new(11, 10)] {
            for f in 0..6 {
                assert_eq!(
                    field_counts(g, FireArc::Centre45, o, f),
                    vec![1, 3, 5, 5, 7, 9]
                );
                let ahead = g.neighbour_by_index(o, f as usize);
                assert!(in_field(g, FireArc::Centre45, o, f, ahead));
                let right = g.neighbour_by_index(o, (f as usize + 1) % 6);
                assert!(!in_field(g, FireArc::Centre45, o, f, right));
            }
        }
    }

    #[test]
    fn m49_wedge_120_holds_3_5_7_9_11_13() {
        for g in grids() {
            for f in 0..6 {
                assert_eq!(
                    field_counts(g, FireArc::Wedge120, Hex::new(10, 10), f),
                    vec![3, 5, 7, 9, 11, 13]
                );
            }
        }
    }

    /// M21: every field is symmetric about F, and the front hexes are the
    /// three across the front hexsides.
    #[test]
    fn m21_the_front_hexes_are_in_the_field_and_flank_and_rear_are_not() {
        let g = grids()[0];
        let o = Hex::new(5, 5);
        for f in 0..6u8 {
            for dir in 0..6u8 {
                let n = g.neighbour_by_index(o, dir as usize);
                assert_eq!(
                    in_field(g, FireArc::Corners45, o, f, n),
                    is_front(f, dir),
                    "facing {f} hexside {dir}"
                );
            }
            assert!(is_rear(f, (f + 3) % 6));
        }
    }

    /// The brute-force reading of M50: points along the segment shifted
    /// by a small distance to each side, and the hex each point is in.
    fn brute_rows(grid: Grid, a: Hex, b: Hex) -> [BTreeSet<Hex>; 2] {
        let (pa, pb) = (grid.to_axial(a), grid.to_axial(b));
        let (dq, dr) = (f64::from(pb.q - pa.q), f64::from(pb.r - pa.r));
        // Perpendicular in the axial metric |v|² = q² + r² + qr.
        let (nq, nr) = (dq + 2.0 * dr, -(2.0 * dq + dr));
        let len = (nq * nq + nr * nr + nq * nr).sqrt();
        let delta = 1e-3;
        let steps = (f64::from(grid.distance(a, b)) / 2.5e-4) as usize;
        let mut out = [BTreeSet::new(), BTreeSet::new()];
        for (i, sign) in [-1.0, 1.0].into_iter().enumerate() {
            for k in 0..=steps {
                let t = k as f64 / steps as f64;
                let q = f64::from(pa.q) + dq * t + sign * delta * nq / len;
                let r = f64::from(pa.r) + dr * t + sign * delta * nr / len;
                let h = grid.from_axial(axial_round(q, r));
                if h != a && h != b {
                    out[i].insert(h);
                }
            }
        }
        out
    }

    /// M50: the exact rows agree with a brute-force crossing check for
    /// every target within 7 hexes, on every grid.
    #[test]
    fn m50_exact_rows_agree_with_a_brute_force_crossing_check() {
        for g in grids() {
            let o = Hex::new(20, 20);
            for d in 2..=7 {
                for t in g.ring(o, d) {
                    let exact = fire_rows(g, o, t);
                    let exact: BTreeSet<BTreeSet<Hex>> =
                        exact.iter().map(|r| r.iter().copied().collect()).collect();
                    let brute: BTreeSet<BTreeSet<Hex>> = brute_rows(g, o, t).into_iter().collect();
                    assert_eq!(exact, brute, "{g:?} {o} to {t}");
                }
            }
        }
    }

    /// M50's own cases: 0706 to 0104 crosses six hexes in both rows; 0706
    /// to 0204 passes two vertices on opposite sides.
    #[test]
    fn m50_the_rulings_examples() {
        let g = grids()[0];
        let h = |s: &str| s.parse::<Hex>().expect("label");
        let set = |v: &[&str]| v.iter().map(|s| h(s)).collect::<BTreeSet<_>>();
        let rows = fire_rows(g, h("0706"), h("0104"));
        let want = set(&["0605", "0505", "0405", "0404", "0305", "0204"]);
        assert_eq!(rows[0].iter().copied().collect::<BTreeSet<_>>(), want);
        assert_eq!(rows[1].iter().copied().collect::<BTreeSet<_>>(), want);
        let rows = fire_rows(g, h("0706"), h("0204"));
        let common = ["0605", "0505", "0405", "0305"];
        let mut a = common.to_vec();
        a.push("0506");
        let mut b = common.to_vec();
        b.push("0404");
        let got: BTreeSet<BTreeSet<Hex>> =
            rows.iter().map(|r| r.iter().copied().collect()).collect();
        assert_eq!(got, [set(&a), set(&b)].into_iter().collect());
    }

    /// M50: the shared sampled line gives these rows only up to distance
    /// 3; it disagrees for 12 targets at each of distances 4, 5 and 6.
    #[test]
    fn m50_the_sampled_line_disagrees_for_12_targets_at_4_5_and_6() {
        let g = grids()[0];
        let o = Hex::new(20, 20);
        let sampled = |t: Hex| -> BTreeSet<BTreeSet<Hex>> {
            let steps = g.line(o, t);
            let inner = &steps[1..steps.len() - 1];
            (0..2)
                .map(|side| {
                    inner
                        .iter()
                        .map(|s| match *s {
                            LineStep::One(h) => h,
                            LineStep::Either(x, y) => {
                                if side == 0 {
                                    x
                                } else {
                                    y
                                }
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let differ = |d: u32| {
            g.ring(o, d)
                .into_iter()
                .filter(|&t| {
                    let exact: BTreeSet<BTreeSet<Hex>> = fire_rows(g, o, t)
                        .iter()
                        .map(|r| r.iter().copied().collect())
                        .collect();
                    exact != sampled(t)
                })
                .count()
        };
        assert_eq!(
            [2, 3, 4, 5, 6].map(differ),
            [0, 0, 12, 12, 12],
            "targets at distances 2-6 where the sampled line and M50 differ"
        );
    }

    #[test]
    fn m22_rows_are_empty_at_distance_1_and_symmetric() {
        let g = grids()[0];
        let o = Hex::new(8, 8);
        for n in g.ring(o, 1) {
            assert_eq!(fire_rows(g, o, n), [Vec::<Hex>::new(), Vec::new()]);
        }
        for t in g.ring(o, 5) {
            let ab: BTreeSet<BTreeSet<Hex>> = fire_rows(g, o, t)
                .iter()
                .map(|r| r.iter().copied().collect())
                .collect();
            let ba: BTreeSet<BTreeSet<Hex>> = fire_rows(g, t, o)
                .iter()
                .map(|r| r.iter().copied().collect())
                .collect();
            assert_eq!(ab, ba, "{o} to {t}");
        }
    }
}
