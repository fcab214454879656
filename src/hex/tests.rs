use super::*;
use proptest::prelude::*;

const GRIDS: [Grid; 4] = [
    Grid::new(Orientation::FlatTop, Stagger::Even),
    Grid::new(Orientation::FlatTop, Stagger::Odd),
    Grid::new(Orientation::PointyTop, Stagger::Even),
    Grid::new(Orientation::PointyTop, Stagger::Odd),
];

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
    (0usize..4).prop_map(|i| GRIDS[i])
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
        i in 0usize..6,
    ) {
        let text = format!("{c},{r}/{}", g.dirs()[i]);
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
    fn neighbours_are_symmetric(g in arb_grid(), hex in arb_hex(), i in 0usize..6) {
        let dir = g.dirs()[i];
        let n = g.neighbour(hex, dir).unwrap();
        prop_assert_eq!(g.neighbour(n, g.opposite(dir).unwrap()), Some(hex));
        prop_assert_eq!(g.distance(hex, n), 1);
        prop_assert_eq!(g.hexside(hex, dir), g.hexside(n, g.opposite(dir).unwrap()));
        prop_assert_eq!(g.hexside_between(hex, n), g.hexside(hex, dir));
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
        prop_assert_eq!(line.len() as u32, g.distance(a, b) + 1);
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
        for c in layout.corners(hit) {
            prop_assert!((c.distance(layout.center(hit)) - size).abs() < 1e-6);
        }
    }

    #[test]
    fn hexside_hit_testing_finds_the_side_under_its_midpoint(
        g in arb_grid(), hex in arb_hex(), i in 0usize..6, size in 8.0f64..60.0,
    ) {
        let layout = Layout::with_first_hex_at(g, size, Point::new(0.0, 0.0));
        let side = g.hexside(hex, g.dirs()[i]).unwrap();
        let mid = layout.hexside_midpoint(side).unwrap();
        // Nudge towards the hex's centre so the point is unambiguous.
        let c = layout.center(hex);
        let p = Point::new(mid.x + (c.x - mid.x) * 0.05, mid.y + (c.y - mid.y) * 0.05);
        prop_assert_eq!(layout.hexside_at(p, size * 0.2), Some(side));
        prop_assert_eq!(layout.hexside_at(c, size * 0.2), None);
        // The side's segment is the same seen from either hex.
        let n = g.neighbour(hex, g.dirs()[i]).unwrap();
        let (a, b) = layout.edge(hex, g.dirs()[i]).unwrap();
        let (a2, b2) = layout.edge(n, g.opposite(g.dirs()[i]).unwrap()).unwrap();
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
