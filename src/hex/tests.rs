use super::*;
use proptest::prelude::*;

const GRIDS: [Grid; 4] = [
    Grid::new(Orientation::FlatTop, Stagger::Even),
    Grid::new(Orientation::FlatTop, Stagger::Odd),
    Grid::new(Orientation::PointyTop, Stagger::Even),
    Grid::new(Orientation::PointyTop, Stagger::Odd),
];

const BOXES: Grid = Grid::new(Orientation::Boxes, Stagger::Even);

/// Every grid: the four hex layouts and boxes.
const ALL: [Grid; 5] = [GRIDS[0], GRIDS[1], GRIDS[2], GRIDS[3], BOXES];

fn h(label: &str) -> Hex {
    label.parse().expect("test label")
}

/// The neighbour formula printed with the Waterloo reference map
/// (flat-top, even columns lower).
#[test]
fn waterloo_neighbours_match_the_reference_formula() {
    let g = Grid::new(Orientation::FlatTop, Stagger::Even);
    // even c: NE=(c+1,r) SE=(c+1,r+1) NW=(c-1,r) SW=(c-1,r+1)
    let e = h("1004");
    assert_eq!(g.neighbour(e, Dir::N), Some(h("1003")));
    assert_eq!(g.neighbour(e, Dir::S), Some(h("1005")));
    assert_eq!(g.neighbour(e, Dir::NE), Some(h("1104")));
    assert_eq!(g.neighbour(e, Dir::SE), Some(h("1105")));
    assert_eq!(g.neighbour(e, Dir::NW), Some(h("0904")));
    assert_eq!(g.neighbour(e, Dir::SW), Some(h("0905")));
    // odd c: NE=(c+1,r-1) SE=(c+1,r) NW=(c-1,r-1) SW=(c-1,r)
    let o = h("0914");
    assert_eq!(g.neighbour(o, Dir::NE), Some(h("1013")));
    assert_eq!(g.neighbour(o, Dir::SE), Some(h("1014")));
    assert_eq!(g.neighbour(o, Dir::NW), Some(h("0813")));
    assert_eq!(g.neighbour(o, Dir::SW), Some(h("0814")));
    assert_eq!(g.neighbour(o, Dir::E), None);
}

#[test]
fn labels() {
    assert_eq!(Hex::new(9, 14).label(), "0914");
    assert_eq!(Hex::new(100, 5).label(), "100005");
    assert_eq!(Hex::new(9, 14).label_with_width(3), "009014");
    assert_eq!(h("100005"), Hex::new(100, 5));
    assert_eq!(Hex::new(-1, 3).label(), "-1,3");
    for bad in ["", "091", "09a4", "12345", "0914 ", "x,1"] {
        assert!(bad.parse::<Hex>().is_err(), "{bad:?} parsed");
    }
}

#[test]
fn hexside_keys_are_shared_by_both_hexes() {
    let g = GRIDS[0];
    let a = g.hexside(h("0914"), Dir::NW).unwrap();
    let b = g.hexside(h("0813"), Dir::SE).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "0813/SE");
    assert_eq!(
        "0914/NW".parse::<Hexside>().map(|s| g.canonical(s)),
        Ok(Some(a))
    );
}

#[test]
fn ring_and_range_sizes() {
    for g in GRIDS {
        let c = h("1010");
        assert_eq!(g.ring(c, 0), vec![c]);
        for r in 1..5 {
            let ring = g.ring(c, r);
            assert_eq!(ring.len(), 6 * r as usize);
            assert!(ring.iter().all(|&x| g.distance(c, x) == r));
        }
        assert_eq!(g.range(c, 3).len(), 37);
        assert!(g.range(c, 3).iter().all(|&x| g.distance(c, x) <= 3));
    }
}

#[test]
fn line_along_a_hexside_reports_both_hexes() {
    let g = GRIDS[0];
    // 1010 to 1209 (two columns east, same screen height) runs along the
    // hexside between 1109 and 1110.
    let a = h("1010");
    let b = g
        .neighbour(g.neighbour(a, Dir::NE).unwrap(), Dir::SE)
        .unwrap();
    let line = g.line(a, b);
    assert_eq!(line.len(), 3);
    assert_eq!(line[0], LineStep::One(a));
    assert_eq!(line[2], LineStep::One(b));
    match line[1] {
        LineStep::Either(x, y) => {
            assert!(g.are_adjacent(x, a) && g.are_adjacent(y, a));
            assert!(g.are_adjacent(x, b) && g.are_adjacent(y, b));
        }
        other => panic!("expected a tie, got {other:?}"),
    }
}

fn arb_hex() -> impl Strategy<Value = Hex> {
    (-60i32..160, -60i32..160).prop_map(|(c, r)| Hex::new(c, r))
}

fn arb_grid() -> impl Strategy<Value = Grid> {
    (0usize..5).prop_map(|i| ALL[i])
}

proptest! {
    #[test]
    fn label_round_trip(c in 0i32..=MAX_COORD, r in 0i32..=MAX_COORD) {
        let hex = Hex::new(c, r);
        prop_assert_eq!(hex.label().parse::<Hex>(), Ok(hex));
    }

    /// Whatever text reads as a hex, its label reads back as the same hex
    /// (issue 16, item 5: `format` once wrote labels it could not read).
    #[test]
    fn every_parsed_hex_label_reads_back(
        c in prop_oneof![Just(i32::MAX), Just(i32::MIN), -20_000i32..20_000],
        r in prop_oneof![Just(i32::MAX), Just(-1), -20_000i32..20_000],
        comma in any::<bool>(),
    ) {
        let text = if comma || c < 0 || r < 0 {
            format!("{c},{r}")
        } else {
            format!("{c:05}{r:05}")
        };
        if let Ok(hex) = text.parse::<Hex>() {
            prop_assert_eq!(hex.label().parse::<Hex>(), Ok(hex));
        }
    }

    /// The same for hexsides, whose canonical key may name the hex on the
    /// other side.
    #[test]
    fn every_parsed_hexside_reads_back(
        g in arb_grid(),
        c in prop_oneof![-10_001i32..10_001, 9_990i32..10_001, -10_001i32..-9_990],
        r in prop_oneof![-10_001i32..10_001, 9_990i32..10_001, -10_001i32..-9_990],
        i in 0usize..8,
    ) {
        let text = format!("{c},{r}/{}", g.sides()[i % g.sides().len()]);
        if let Ok(side) = text.parse::<Hexside>()
            && let Some(key) = g.canonical(side)
        {
            prop_assert_eq!(key.to_string().parse::<Hexside>(), Ok(key));
        }
    }

    #[test]
    fn any_label_round_trips(hex in arb_hex()) {
        prop_assert_eq!(hex.label().parse::<Hex>(), Ok(hex));
    }

    #[test]
    fn axial_round_trip(g in arb_grid(), hex in arb_hex()) {
        prop_assert_eq!(g.from_axial(g.to_axial(hex)), hex);
    }

    #[test]
    fn neighbours_are_symmetric(g in arb_grid(), hex in arb_hex(), i in 0usize..8) {
        let dir = g.dirs()[i % g.dirs().len()];
        let n = g.neighbour(hex, dir).unwrap();
        prop_assert_eq!(g.neighbour(n, g.opposite(dir).unwrap()), Some(hex));
        prop_assert_eq!(g.distance(hex, n), 1);
        prop_assert_eq!(g.hexside(hex, dir), g.hexside(n, g.opposite(dir).unwrap()));
        prop_assert_eq!(g.hexside_between(hex, n), g.hexside(hex, dir));
        // Every neighbour shares a key: a side, or on boxes a corner
        // crossing (roads only, H33).
        prop_assert!(g.hexside(hex, dir).is_some());
        prop_assert!(g.neighbours(hex).contains(&n));
        prop_assert_eq!(g.neighbours(hex).len(), g.dirs().len());
        prop_assert_eq!(g.step_cost_halves(hex, n), Some(if g.is_side(dir) { 2 } else { 3 }));
        prop_assert_eq!(g.step_cost_halves(hex, hex), None);
    }

    /// The path cost over open ground is a metric too, and never less than
    /// two half steps a step.
    #[test]
    fn path_cost_is_a_metric(g in arb_grid(), a in arb_hex(), b in arb_hex(), c in arb_hex()) {
        prop_assert_eq!(g.path_cost_halves(a, b), g.path_cost_halves(b, a));
        prop_assert_eq!(g.path_cost_halves(a, a), 0);
        prop_assert!(g.path_cost_halves(a, c) <= g.path_cost_halves(a, b) + g.path_cost_halves(b, c));
        prop_assert!(g.path_cost_halves(a, b) >= 2 * g.distance(a, b));
        prop_assert!(g.path_cost_halves(a, b) <= 3 * g.distance(a, b));
    }

    /// Ring `r` holds exactly the cells at distance `r`, and the range up
    /// to `r` is the rings together.
    #[test]
    fn rings_partition_the_range(g in arb_grid(), c in arb_hex(), r in 0u32..6) {
        let ring = g.ring(c, r);
        prop_assert!(ring.iter().all(|&x| g.distance(c, x) == r));
        let mut dedup = ring.clone();
        dedup.sort();
        dedup.dedup();
        prop_assert_eq!(dedup.len(), ring.len());
        let range = g.range(c, r);
        let from_rings: usize = (0..=r).map(|k| g.ring(c, k).len()).sum();
        prop_assert_eq!(range.len(), from_rings);
        prop_assert!(range.iter().all(|&x| g.distance(c, x) <= r));
    }

    #[test]
    fn distance_is_a_metric(g in arb_grid(), a in arb_hex(), b in arb_hex(), c in arb_hex()) {
        prop_assert_eq!(g.distance(a, b), g.distance(b, a));
        prop_assert_eq!(g.distance(a, a), 0);
        prop_assert!(g.distance(a, c) <= g.distance(a, b) + g.distance(b, c));
    }

    #[test]
    fn lines_are_connected_and_symmetric(g in arb_grid(), a in arb_hex(), b in arb_hex()) {
        let line = g.line(a, b);
        if g.is_boxes() {
            // One box per column and row crossed, a corner being one step.
            let (dc, dr) = ((a.col - b.col).unsigned_abs(), (a.row - b.row).unsigned_abs());
            let corners = line.iter().filter(|s| matches!(s, LineStep::Either(..))).count() as u32;
            prop_assert_eq!(line.len() as u32, dc + dr + 1);
            prop_assert!(line.len() as u32 > g.distance(a, b) || a == b || corners > 0 || dc == 0 || dr == 0);
            prop_assert_eq!(line.last().copied(), Some(LineStep::One(b)));
        } else {
            prop_assert_eq!(line.len() as u32, g.distance(a, b) + 1);
        }
        prop_assert_eq!(line[0], LineStep::One(a));
        let mut back = g.line(b, a);
        back.reverse();
        prop_assert_eq!(&line, &back);
        // Every hex of a step touches a hex of the previous step.
        for w in line.windows(2) {
            for x in w[1].hexes() {
                prop_assert!(w[0].hexes().any(|y| g.are_adjacent(x, y)));
            }
        }
        let simple = g.line_hexes(a, b);
        for w in simple.windows(2) {
            prop_assert!(g.are_adjacent(w[0], w[1]));
        }
    }

    /// Every box a sampled point of the segment falls inside is on the
    /// line as a single box (H7: the boxes whose interior it crosses).
    #[test]
    fn box_lines_hold_every_box_the_segment_crosses(
        a in (-20i32..20, -20i32..20), b in (-20i32..20, -20i32..20),
    ) {
        let (a, b) = (Hex::new(a.0, a.1), Hex::new(b.0, b.1));
        let line = BOXES.line(a, b);
        for k in 0..=400 {
            let t = f64::from(k) / 400.0;
            let x = f64::from(a.col) + f64::from(b.col - a.col) * t;
            let y = f64::from(a.row) + f64::from(b.row - a.row) * t;
            let on_edge = |v: f64| (v - v.floor() - 0.5).abs() < 1e-9;
            if on_edge(x) || on_edge(y) {
                continue;
            }
            let inside = Hex::new(x.round() as i32, y.round() as i32);
            prop_assert!(line.contains(&LineStep::One(inside)), "{inside} not on {line:?}");
        }
    }

    #[test]
    fn hit_testing_returns_the_nearest_centre(
        g in arb_grid(),
        x in -500.0f64..3000.0,
        y in -500.0f64..3000.0,
        size in 5.0f64..60.0,
    ) {
        let layout = Layout::with_first_hex_at(g, size, Point::new(40.0, 40.0));
        let p = Point::new(x, y);
        let hit = layout.hex_at(p);
        let d_hit = layout.center(hit).distance(p);
        for n in g.neighbours(hit) {
            prop_assert!(d_hit <= layout.center(n).distance(p) + 1e-6);
        }
        // Every corner is as far from the centre: a regular hexagon of
        // radius `size`, or a square of side `size` times root 3.
        let radius = if g.is_boxes() { size * (1.5f64).sqrt() } else { size };
        prop_assert_eq!(layout.corners(hit).len(), layout.corner_count());
        for c in layout.corners(hit) {
            prop_assert!((c.distance(layout.center(hit)) - radius).abs() < 1e-6);
        }
    }

    #[test]
    fn hexside_hit_testing_finds_the_side_under_its_midpoint(
        g in arb_grid(), hex in arb_hex(), i in 0usize..6, size in 8.0f64..60.0,
    ) {
        let layout = Layout::with_first_hex_at(g, size, Point::new(0.0, 0.0));
        let dir = g.sides()[i % g.sides().len()];
        let side = g.hexside(hex, dir).unwrap();
        let mid = layout.hexside_midpoint(side).unwrap();
        // Nudge towards the hex's centre so the point is unambiguous.
        let c = layout.center(hex);
        let p = Point::new(mid.x + (c.x - mid.x) * 0.05, mid.y + (c.y - mid.y) * 0.05);
        prop_assert_eq!(layout.hexside_at(p, size * 0.2, false), Some(side));
        prop_assert_eq!(layout.hexside_at(c, size * 0.2, true), None);
        // The side's segment is the same seen from either hex.
        let n = g.neighbour(hex, dir).unwrap();
        let (a, b) = layout.edge(hex, dir).unwrap();
        let (a2, b2) = layout.edge(n, g.opposite(dir).unwrap()).unwrap();
        // The side's midpoint lies halfway between the two centres.
        let (c1, c2) = (layout.center(hex), layout.center(n));
        let half = Point::new((c1.x + c2.x) / 2.0, (c1.y + c2.y) / 2.0);
        prop_assert!(half.distance(mid) < 1e-6);
        prop_assert!((a.distance(b2) < 1e-6 && b.distance(a2) < 1e-6)
            || (a.distance(a2) < 1e-6 && b.distance(b2) < 1e-6));
    }
}

#[test]
fn issue16_item5_huge_coordinates_are_refused_with_the_range() {
    let e = "2147483647,2147483647"
        .parse::<Hex>()
        .expect_err("out of range");
    assert!(e.out_of_range);
    assert!(
        e.to_string().contains("coordinates go from -9999 to 9999"),
        "{e}"
    );
    assert!("99999999".parse::<Hex>().is_ok());
    assert!("1000010000".parse::<Hex>().is_err());
}

/// Found by CI: `0,9998/S` reads, and its key `0,9999/N` must read back
/// (issue 16, item 5); a side whose key would pass the limit has no key.
#[test]
fn a_hexside_keyed_at_the_coordinate_limit_reads_back() {
    let g = GRIDS[0];
    let side: Hexside = "0,9998/S".parse().unwrap();
    let key = g.canonical(side).unwrap();
    assert_eq!(key.hex, Hex::new(0, 9999));
    assert_eq!(key.to_string().parse::<Hexside>(), Ok(key));
    let past: Hexside = "0,9999/S".parse().unwrap();
    assert_eq!(g.canonical(past), None);
    assert_eq!(past.to_string().parse::<Hexside>(), Ok(past));
}

// Boxes (issue 18; RULINGS-ONE-HOUR H1-H8).

#[test]
fn h1_a_box_has_eight_neighbours_four_across_a_side() {
    let b = h("0505");
    let n = BOXES.neighbours(b);
    assert_eq!(
        n.to_vec(),
        [
            "0504", "0604", "0605", "0606", "0506", "0406", "0405", "0404"
        ]
        .map(h)
        .to_vec()
    );
    assert_eq!(BOXES.sides(), &[Dir::N, Dir::E, Dir::S, Dir::W]);
    assert_eq!(BOXES.opposite(Dir::NE), Some(Dir::SW));
    assert_eq!(BOXES.opposite(Dir::W), Some(Dir::E));
    assert!(!BOXES.is_shifted(h("0202")));
    assert_eq!(BOXES.cell_word(), "box");
    assert_eq!(GRIDS[0].cell_word(), "hex");
}

#[test]
fn h3_a_diagonal_step_costs_three_half_steps_and_a_straight_one_two() {
    let b = h("0505");
    assert_eq!(BOXES.step_cost_halves(b, h("0504")), Some(2));
    assert_eq!(BOXES.step_cost_halves(b, h("0604")), Some(3));
    assert_eq!(BOXES.step_cost_halves(b, h("0705")), None);
    // Three columns east and one row south: one diagonal and two straight.
    assert_eq!(BOXES.path_cost_halves(b, h("0806")), 3 + 2 * 2);
    assert_eq!(BOXES.path_cost_halves(b, h("0808")), 3 * 3);
    // H5: range counts a diagonal as one box.
    assert_eq!(BOXES.distance(b, h("0808")), 3);
    assert_eq!(BOXES.distance(b, h("0604")), 1);
    // On hexes every step is two half steps.
    assert_eq!(GRIDS[0].path_cost_halves(h("0101"), h("0104")), 6);
}

#[test]
fn box_side_keys_are_n_or_e_and_shared_by_both_boxes() {
    let b = h("0505");
    let south = BOXES.hexside(b, Dir::S).unwrap();
    assert_eq!(south, BOXES.hexside(h("0506"), Dir::N).unwrap());
    assert_eq!(south.to_string(), "0506/N");
    let west = BOXES.hexside(b, Dir::W).unwrap();
    assert_eq!(west.to_string(), "0405/E");
    assert_eq!(BOXES.canonical("0505/W".parse().unwrap()), Some(west));
    // A corner is no side, but diagonal neighbours share a corner
    // crossing, keyed NE or SE from the western box (H33, H46).
    let ne = BOXES.hexside(b, Dir::NE).unwrap();
    assert!(!BOXES.is_side(ne.dir));
    assert_eq!(BOXES.hexside_between(b, h("0604")), Some(ne));
    assert_eq!(BOXES.hexside(h("0604"), Dir::SW), Some(ne));
    let nw = BOXES.hexside(b, Dir::NW).unwrap();
    assert_eq!(nw.to_string(), "0404/SE");
    assert_eq!(BOXES.canonical("0505/NW".parse().unwrap()), Some(nw));
    assert_eq!(BOXES.hexside_hexes(nw), Some((h("0404"), b)));
    assert_eq!(BOXES.hexside_hexes(south), Some((h("0506"), b)));
}

#[test]
fn box_rings_and_ranges_are_squares() {
    let c = h("1010");
    for r in 1..5 {
        assert_eq!(BOXES.ring(c, r).len(), 8 * r as usize);
    }
    // The editor's brushes of 1, 9 and 25 boxes.
    assert_eq!(BOXES.range(c, 0).len(), 1);
    assert_eq!(BOXES.range(c, 1).len(), 9);
    assert_eq!(BOXES.range(c, 2).len(), 25);
}

#[test]
fn h7_a_line_through_a_corner_reports_both_boxes_meeting_there() {
    // Straight along a row: every box once.
    assert_eq!(
        BOXES.line(h("0101"), h("0401")),
        ["0101", "0201", "0301", "0401"].map(|l| LineStep::One(h(l)))
    );
    // A pure diagonal passes through a corner at every step.
    let line = BOXES.line(h("0101"), h("0303"));
    assert_eq!(
        line,
        vec![
            LineStep::One(h("0101")),
            LineStep::Either(h("0102"), h("0201")),
            LineStep::One(h("0202")),
            LineStep::Either(h("0203"), h("0302")),
            LineStep::One(h("0303")),
        ]
    );
    // Two across and one down passes through box centres, no corner.
    let line = BOXES.line(h("0101"), h("0503"));
    assert!(
        line.iter().all(|s| matches!(s, LineStep::One(_))),
        "{line:?}"
    );
    // Three across and one down passes the corner where 0201, 0301, 0202
    // and 0302 meet, halfway.
    let line = BOXES.line(h("0101"), h("0402"));
    assert_eq!(
        line,
        vec![
            LineStep::One(h("0101")),
            LineStep::One(h("0201")),
            LineStep::Either(h("0202"), h("0301")),
            LineStep::One(h("0302")),
            LineStep::One(h("0402")),
        ]
    );
    // Ties are reported the same both ways.
    let mut back = BOXES.line(h("0402"), h("0101"));
    back.reverse();
    assert_eq!(line, back);
    // Range 1 across a corner has the corner's two boxes in between.
    assert_eq!(
        BOXES.line(h("0505"), h("0604"))[1],
        LineStep::Either(h("0504"), h("0605"))
    );
}

#[test]
fn box_layout_draws_squares_and_hit_tests_sides() {
    let layout = Layout::with_first_hex_at(BOXES, 10.0, Point::new(0.0, 0.0));
    let (w, hgt) = layout.hex_extent();
    assert!((w - hgt).abs() < 1e-9 && (w - 10.0 * 3f64.sqrt()).abs() < 1e-9);
    let c = layout.center(h("0201"));
    assert!((c.x - w).abs() < 1e-9 && c.y.abs() < 1e-9);
    assert_eq!(layout.hex_at(Point::new(w * 1.4, w * 0.4)), h("0201"));
    assert_eq!(layout.hex_at(Point::new(w * 1.6, w * 0.6)), h("0302"));
    // The east side of 0101 is at x = w / 2.
    assert_eq!(
        layout.hexside_at(Point::new(w / 2.0 - 0.5, 1.0), 2.0, true),
        BOXES.hexside(h("0101"), Dir::E)
    );
    assert_eq!(layout.edge(h("0101"), Dir::NE), None);
    // H33: near a corner, with corners asked for, the corner crossing from
    // the box under the pointer to its diagonal neighbour; otherwise the
    // nearer side.
    let c = layout.center(h("0202"));
    let near_ne = Point::new(c.x + w / 2.0 - 1.0, c.y - w / 2.0 + 1.5);
    let ne = BOXES.hexside(h("0202"), Dir::NE);
    assert_eq!(layout.hexside_at(near_ne, 3.0, true), ne);
    assert_eq!(
        layout.hexside_at(near_ne, 3.0, false),
        BOXES.hexside(h("0202"), Dir::E)
    );
    let corner = layout.hexside_midpoint(ne.unwrap()).unwrap();
    assert!((corner.x - (c.x + w / 2.0)).abs() < 1e-9 && (corner.y - (c.y - w / 2.0)).abs() < 1e-9);
    let near_sw = Point::new(c.x - w / 2.0 + 1.0, c.y + w / 2.0 - 1.0);
    assert_eq!(
        layout.hexside_at(near_sw, 3.0, true),
        BOXES.hexside(h("0103"), Dir::NE)
    );
}

#[test]
fn issue35_item29_a_facing_carried_to_another_grid_takes_its_nearest_side() {
    let flat = Grid::new(Orientation::FlatTop, Stagger::Even);
    let pointy = Grid::new(Orientation::PointyTop, Stagger::Even);
    assert_eq!(BOXES.nearest_side(Dir::S), Dir::S);
    assert_eq!(BOXES.nearest_side(Dir::SW), Dir::S);
    assert_eq!(BOXES.nearest_side(Dir::NW), Dir::N);
    assert_eq!(flat.nearest_side(Dir::E), Dir::NE);
    assert_eq!(flat.nearest_side(Dir::W), Dir::SW);
    assert_eq!(pointy.nearest_side(Dir::N), Dir::NE);
    assert_eq!(pointy.nearest_side(Dir::S), Dir::SE);
    for g in [flat, pointy, BOXES] {
        for &d in g.sides() {
            assert_eq!(g.nearest_side(d), d);
        }
    }
}
