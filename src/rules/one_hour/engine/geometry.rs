//! The box-grid rules of One Hour Napoleonic that need no game state
//! (RULINGS-ONE-HOUR H1-H8, H44): a unit's own frame, the front wedge,
//! the three steps ahead and their costs, the diagonal corner rule, range,
//! line of sight and the box "directly away" from a shooter. The engine
//! asks these with its own predicates (what blocks, what is occupied), so
//! each ruling is written once.

use crate::hex::{Dir, Grid, Hex, LineStep, Orientation, Stagger};
use crate::rules::one_hour::model::{CornerRule, RangeMetric};

/// The box grid all of this is about.
pub const BOXES: Grid = Grid::new(Orientation::Boxes, Stagger::Even);

/// The (column, row) step of a box side a unit faces (H2: N, E, S or W).
/// `None` for a diagonal, which no unit faces.
pub fn forward(facing: Dir) -> Option<(i32, i32)> {
    match facing {
        Dir::N => Some((0, -1)),
        Dir::E => Some((1, 0)),
        Dir::S => Some((0, 1)),
        Dir::W => Some((-1, 0)),
        _ => None,
    }
}

/// The offset (dx, dy) of `b` from `a` in the frame of a unit in `a`
/// facing `facing` (the grid words of the rulings): dy boxes toward the
/// faced side, dx boxes to its right.
pub fn frame(a: Hex, facing: Dir, b: Hex) -> Option<(i32, i32)> {
    let (fx, fy) = forward(facing)?;
    // Right is forward turned a quarter clockwise on screen (y down).
    let (rx, ry) = (-fy, fx);
    let (ux, uy) = (b.col - a.col, b.row - a.row);
    Some((ux * rx + uy * ry, ux * fx + uy * fy))
}

/// Whether `b` is in the front wedge of a unit in `a` facing `facing`
/// (H6): dy >= |dx| and dy >= 1, the wedge's diagonal edges included.
pub fn in_front_wedge(a: Hex, facing: Dir, b: Hex) -> bool {
    frame(a, facing, b).is_some_and(|(dx, dy)| dy >= 1 && dy >= dx.abs())
}

/// One step ahead (H3): where it goes, what it costs in half boxes, and,
/// for a diagonal, the two boxes sharing the corner it crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub to: Hex,
    pub cost_halves: u32,
    pub corner: Option<(Hex, Hex)>,
}

/// The three steps ahead of a unit in `a` facing `facing` (H3): straight
/// ahead for 2 half boxes, and diagonally ahead left and right for 3. No
/// sideways or backward step exists.
pub fn steps_ahead(a: Hex, facing: Dir) -> Vec<Step> {
    let Some((fx, fy)) = forward(facing) else {
        return Vec::new();
    };
    let (rx, ry) = (-fy, fx);
    let at = |x: i32, y: i32| Hex::new(a.col + x, a.row + y);
    let ahead = at(fx, fy);
    let mut out = vec![Step {
        to: ahead,
        cost_halves: 2,
        corner: None,
    }];
    for s in [-1, 1] {
        out.push(Step {
            to: at(fx + s * rx, fy + s * ry),
            cost_halves: 3,
            corner: Some((ahead, at(s * rx, s * ry))),
        });
    }
    out
}

/// The facing of a unit in column after a road step in direction `d`
/// (H33, H46): the side the road crosses; across a box corner, one of the
/// corner's two sides, the one nearer the facing before the step (the same
/// facing when it is one of them). The unit may still pivot after its
/// move, and a last road step's other side is no pivot (H46).
pub fn facing_along_road(facing: Dir, d: Dir) -> Dir {
    let dirs = BOXES.dirs();
    let (Some(i), Some(f)) = (BOXES.dir_index(d), BOXES.dir_index(facing)) else {
        return facing;
    };
    if BOXES.is_side(d) {
        return d;
    }
    let turn = |a: usize, b: usize| {
        let x = a.abs_diff(b);
        x.min(8 - x)
    };
    let (left, right) = ((i + 7) % 8, (i + 1) % 8);
    if turn(f, left) <= turn(f, right) {
        dirs[left]
    } else {
        dirs[right]
    }
}

/// The two sides of a box corner crossed in direction `d` (H46); `None`
/// for a side.
pub fn corner_sides(d: Dir) -> Option<[Dir; 2]> {
    let i = BOXES.dir_index(d)?;
    (!BOXES.is_side(d)).then(|| [BOXES.dirs()[(i + 7) % 8], BOXES.dirs()[(i + 1) % 8]])
}

/// Whether a diagonal step is refused by the corner rule (H3, H44): the
/// boxes sharing its corner block when both hold an enemy unit or
/// impassable terrain (`either_blocks`: when one does). `blocks` says
/// whether one box blocks, off-map boxes included. A straight step is
/// never refused here.
pub fn corner_refuses(step: &Step, rule: CornerRule, blocks: impl Fn(Hex) -> bool) -> bool {
    let Some((x, y)) = step.corner else {
        return false;
    };
    match rule {
        CornerRule::BothBlock => blocks(x) && blocks(y),
        CornerRule::EitherBlocks => blocks(x) || blocks(y),
    }
}

/// Range in boxes (H5): the Chebyshev count, or with `step_cost` the
/// cheapest path over open ground at 1 a straight and 1.5 a diagonal box,
/// rounded up.
pub fn range(a: Hex, b: Hex, metric: RangeMetric) -> u32 {
    match metric {
        RangeMetric::Chebyshev => BOXES.distance(a, b),
        RangeMetric::StepCost => BOXES.path_cost_halves(a, b).div_ceil(2),
    }
}

/// What a box in between holds, for line of sight (H7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Between {
    /// Its terrain blocks sight (woods, town, strongpoint by default).
    pub terrain_blocks: bool,
    /// It holds a unit of either side (never a leader).
    pub unit: bool,
    /// Its ground level.
    pub level: i32,
}

/// Whether the line of sight from `from` (ground level `from_level`) to
/// `to` (`to_level`) is clear (H7, H44). A box in between blocks for its
/// terrain, for a unit in it, or for ground higher than both ends; a
/// shooter higher than the box sees over its units (`overhead`; with
/// `overhead_terrain` over its terrain too). Where the line passes
/// through a corner, the two boxes there block only if both do. Range 1
/// is never blocked.
pub fn line_of_sight(
    from: Hex,
    from_level: i32,
    to: Hex,
    to_level: i32,
    overhead: bool,
    overhead_terrain: bool,
    what: impl Fn(Hex) -> Between,
) -> bool {
    if BOXES.distance(from, to) <= 1 {
        return true;
    }
    let blocks = |h: Hex| {
        let b = what(h);
        let over = overhead && from_level > b.level;
        (b.terrain_blocks && !(over && overhead_terrain))
            || (b.unit && !over)
            || (b.level > from_level && b.level > to_level)
    };
    let line = BOXES.line(from, to);
    let inner = &line[1..line.len() - 1];
    !inner.iter().any(|s| match *s {
        LineStep::One(h) => blocks(h),
        LineStep::Either(x, y) => blocks(x) && blocks(y),
    })
}

/// The retreat from fire "directly away" (H8): the neighbour of `target`
/// whose direction is nearest to the line from the shooter's box through
/// the target's, an exact tie taking the orthogonal step; then the two
/// neighbours 45 degrees either side of it that are no nearer the shooter
/// (H5 range), for the owner to pick when the first is blocked: the
/// anticlockwise one (seen on screen) first.
pub fn directly_away(shooter: Hex, target: Hex) -> (Hex, Vec<Hex>) {
    let (ux, uy) = (target.col - shooter.col, target.row - shooter.row);
    let m = ux.abs().max(uy.abs()).max(1);
    // round(u / m), halves toward zero: 2|u| > m gives a step.
    let unit = |u: i32| if 2 * u.abs() > m { u.signum() } else { 0 };
    let (sx, sy) = (unit(ux), unit(uy));
    let first = Hex::new(target.col + sx, target.row + sy);
    let dirs = BOXES.dirs();
    let i = dirs
        .iter()
        .position(|&d| BOXES.neighbour(target, d) == Some(first))
        .unwrap_or(0);
    let now = BOXES.distance(shooter, target);
    let others = [i + 7, i + 1]
        .iter()
        .map(|&k| BOXES.neighbour_by_index(target, k % 8))
        .filter(|&h| BOXES.distance(shooter, h) >= now)
        .collect();
    (first, others)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(label: &str) -> Hex {
        label.parse().expect("a box")
    }

    #[test]
    fn grid_words_the_frame_turns_with_the_facing() {
        // 0504 is one box north of 0505: ahead when facing N, behind when
        // facing S, to the left when facing E.
        assert_eq!(frame(b("0505"), Dir::N, b("0504")), Some((0, 1)));
        assert_eq!(frame(b("0505"), Dir::S, b("0504")), Some((0, -1)));
        assert_eq!(frame(b("0505"), Dir::E, b("0504")), Some((-1, 0)));
        assert_eq!(frame(b("0505"), Dir::W, b("0504")), Some((1, 0)));
        assert_eq!(
            frame(b("0505"), Dir::NE, b("0504")),
            None,
            "H2: no diagonal facing"
        );
    }

    #[test]
    fn h6_the_front_wedge_includes_its_diagonal_edges() {
        let a = b("0505");
        for (x, inside) in [
            ("0504", true),
            ("0604", true),
            ("0404", true),
            ("0703", true),
            ("0803", false),
            ("0605", false),
            ("0506", false),
            ("0505", false),
        ] {
            assert_eq!(in_front_wedge(a, Dir::N, b(x)), inside, "{x}");
        }
        assert!(in_front_wedge(a, Dir::E, b("0705")));
        assert!(!in_front_wedge(a, Dir::E, b("0405")));
    }

    #[test]
    fn h3_three_steps_ahead_a_diagonal_costing_one_and_a_half() {
        let s = steps_ahead(b("0505"), Dir::E);
        let got: Vec<(String, u32)> = s.iter().map(|x| (x.to.label(), x.cost_halves)).collect();
        assert_eq!(
            got,
            vec![("0605".into(), 2), ("0604".into(), 3), ("0606".into(), 3)]
        );
        // The diagonal to 0604 crosses the corner of 0605 and 0504.
        assert_eq!(s[1].corner, Some((b("0605"), b("0504"))));
        assert!(steps_ahead(b("0505"), Dir::SE).is_empty());
        // Every step ahead is a neighbour, at the grid's cost.
        for &f in BOXES.sides() {
            for st in steps_ahead(b("0505"), f) {
                assert_eq!(
                    BOXES.step_cost_halves(b("0505"), st.to),
                    Some(st.cost_halves)
                );
                assert!(in_front_wedge(b("0505"), f, st.to));
            }
        }
    }

    #[test]
    fn h3_a_diagonal_step_is_refused_only_when_both_corner_boxes_block() {
        let s = steps_ahead(b("0505"), Dir::N)[1];
        let one = |h: Hex| h == s.corner.expect("a corner").0;
        let both = |_: Hex| true;
        assert!(!corner_refuses(&s, CornerRule::BothBlock, one));
        assert!(corner_refuses(&s, CornerRule::BothBlock, both));
        assert!(corner_refuses(&s, CornerRule::EitherBlocks, one));
        let straight = steps_ahead(b("0505"), Dir::N)[0];
        assert!(!corner_refuses(&straight, CornerRule::EitherBlocks, both));
    }

    #[test]
    fn h5_range_is_chebyshev_or_the_step_cost_rounded_up() {
        assert_eq!(range(b("0505"), b("0604"), RangeMetric::Chebyshev), 1);
        assert_eq!(range(b("0505"), b("0808"), RangeMetric::Chebyshev), 3);
        // Three diagonals: 4.5, rounded up to 5.
        assert_eq!(range(b("0505"), b("0808"), RangeMetric::StepCost), 5);
        assert_eq!(range(b("0505"), b("0508"), RangeMetric::StepCost), 3);
    }

    #[test]
    fn h7_sight_is_blocked_by_terrain_units_and_ridges_in_between() {
        let (from, to) = (b("0101"), b("0401"));
        let clear = |_: Hex| Between::default();
        assert!(line_of_sight(from, 0, to, 0, true, false, clear));
        let wood = |h: Hex| Between {
            terrain_blocks: h == b("0201"),
            ..Between::default()
        };
        assert!(!line_of_sight(from, 0, to, 0, true, false, wood));
        let unit = |h: Hex| Between {
            unit: h == b("0301"),
            ..Between::default()
        };
        assert!(!line_of_sight(from, 0, to, 0, true, false, unit));
        // From higher ground the shooter sees over the unit, not the wood
        // (unless the option says so).
        let unit_low = |h: Hex| Between {
            unit: h == b("0301"),
            level: 0,
            ..Between::default()
        };
        assert!(line_of_sight(from, 1, to, 0, true, false, unit_low));
        assert!(
            !line_of_sight(from, 1, to, 0, false, false, unit_low),
            "charges: no overhead"
        );
        assert!(!line_of_sight(from, 1, to, 0, true, false, wood));
        assert!(line_of_sight(from, 1, to, 0, true, true, wood));
        // A ridge higher than both ends blocks; one as high as an end does not.
        let ridge = |h: Hex| Between {
            level: if h == b("0201") { 1 } else { 0 },
            ..Between::default()
        };
        assert!(!line_of_sight(from, 0, to, 0, true, false, ridge));
        assert!(line_of_sight(from, 1, to, 0, true, false, ridge));
    }

    #[test]
    fn h7_h44_a_corner_blocks_only_if_both_boxes_do_and_range_one_never() {
        // 0101 to 0303 passes the corners 0102/0201 and 0203/0302.
        let (from, to) = (b("0101"), b("0303"));
        let one = |h: Hex| Between {
            terrain_blocks: h == b("0102"),
            ..Between::default()
        };
        assert!(line_of_sight(from, 0, to, 0, true, false, one));
        let both = |h: Hex| Between {
            terrain_blocks: h == b("0102") || h == b("0201"),
            ..Between::default()
        };
        assert!(!line_of_sight(from, 0, to, 0, true, false, both));
        // Range 1 across a corner whose two boxes block: still clear.
        let all = |_: Hex| Between {
            terrain_blocks: true,
            unit: true,
            level: 9,
        };
        assert!(line_of_sight(b("0505"), 0, b("0604"), 0, true, false, all));
    }

    #[test]
    fn h8_directly_away_with_ties_taking_the_orthogonal_step() {
        // Straight from the north: south, then south-west and south-east.
        let (first, others) = directly_away(b("0502"), b("0505"));
        assert_eq!(first, b("0506"));
        assert_eq!(others, vec![b("0606"), b("0406")], "anticlockwise first");
        // A 2:1 offset is a tie between east and south-east: east.
        assert_eq!(directly_away(b("0302"), b("0503")).0, b("0603"));
        // A 3:1 offset rounds to east too; 3:2 to the diagonal.
        assert_eq!(directly_away(b("0202"), b("0503")).0, b("0603"));
        assert_eq!(directly_away(b("0201"), b("0503")).0, b("0604"));
        // Never nearer the shooter: alternates at range at least the
        // target's.
        for shooter in ["0301", "0101", "0905", "0509", "0704"] {
            let s = b(shooter);
            let (first, others) = directly_away(s, b("0505"));
            let now = BOXES.distance(s, b("0505"));
            assert!(BOXES.distance(s, first) > now, "{shooter}");
            assert_eq!(others.len(), 2, "{shooter}");
            assert!(
                others.iter().all(|&h| BOXES.distance(s, h) >= now),
                "{shooter}"
            );
        }
    }
}
