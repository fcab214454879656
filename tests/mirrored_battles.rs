//! Issue 38: the mirrored battles in `tests/data` (one per rule set) are
//! what they say: the second side is the first reflected top to bottom,
//! on a field the reflection maps onto itself, so a difference between
//! the sides' results is the players' (or moving first), never the map.

use std::path::Path;
use vedette::hex::{Dir, Hex, Orientation};
use vedette::scenario::{Map, Placement};

/// The reflection top to bottom: on a box grid row r goes to R+1-r; on a
/// flat-top hex grid staggered Even, one row further in odd columns.
fn mirror(map: &Map, h: Hex) -> Hex {
    let rows = map.rows as i32;
    let odd = match map.orientation {
        Orientation::Boxes => 0,
        _ => h.col.rem_euclid(2),
    };
    Hex {
        col: h.col,
        row: rows + 1 - h.row + odd,
    }
}

fn flip(d: Dir) -> Dir {
    match d {
        Dir::N => Dir::S,
        Dir::S => Dir::N,
        Dir::NE => Dir::SE,
        Dir::SE => Dir::NE,
        Dir::NW => Dir::SW,
        Dir::SW => Dir::NW,
        other => other,
    }
}

#[test]
fn issue38_each_rule_sets_mirrored_battle_is_an_exact_mirror() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for f in [
        "mirror-naw.ron",
        "mirror-napoleon.ron",
        "mirror-one-hour.ron",
        "mirror-hits16.ron",
    ] {
        let l = vedette::files::load_scenario(&root.join("tests/data").join(f)).expect("loads");
        let (s, map) = (&l.scenario, &l.map);
        if f == "mirror-naw.ron" {
            // The first of them, mirrored left to right (no facings in
            // those rules): checked by its own test in `sim`.
            continue;
        }
        let grid = map.grid();
        // The field: every hex whose reflection is on the map has its
        // terrain, and its neighbours reflect to the reflection's.
        let mut seen = 0;
        for col in 1..=map.columns as i32 {
            for row in 1..=map.rows as i32 {
                let h = Hex { col, row };
                let m = mirror(map, h);
                if !map.in_bounds(m) {
                    continue;
                }
                seen += 1;
                assert_eq!(
                    map.code_at(h),
                    map.code_at(m),
                    "{f}: terrain at {h} and {m}"
                );
                for &d in grid.dirs() {
                    let a = grid.neighbour(h, d).map(|n| mirror(map, n));
                    let b = grid.neighbour(m, flip(d));
                    assert_eq!(a, b, "{f}: {h}'s neighbour across {d:?}");
                }
            }
        }
        assert!(seen >= (map.columns * map.rows) as usize * 9 / 10, "{f}");
        // The armies: each unit of the first side has its reflection on
        // the second, the same in everything but its side and name.
        let side = |i: usize| s.sides[i].id.clone();
        let first: Vec<_> = s.units.iter().filter(|u| u.side == side(0)).collect();
        let second: Vec<_> = s.units.iter().filter(|u| u.side == side(1)).collect();
        assert_eq!(first.len(), second.len(), "{f}");
        assert!(first.len() >= 5, "{f}: a battle, not a skirmish");
        for (a, b) in first.iter().zip(&second) {
            let (Placement::Start(ha), Placement::Start(hb)) = (&a.placement, &b.placement) else {
                panic!("{f}: {} and {} start on the map", a.id, b.id);
            };
            assert_eq!(mirror(map, *ha), *hb, "{f}: {} and {}", a.id, b.id);
            assert_eq!(a.facing.map(flip), b.facing, "{f}: {}'s facing", b.id);
            assert_eq!(
                (
                    a.kind,
                    a.strength,
                    a.movement,
                    &a.troop,
                    &a.one_hour,
                    &a.hits16
                ),
                (
                    b.kind,
                    b.strength,
                    b.movement,
                    &b.troop,
                    &b.one_hour,
                    &b.hits16
                ),
                "{f}: {} and {}",
                a.id,
                b.id
            );
        }
        // The objectives: each side holds the reflection of the other's.
        let v = &s.victory.victory_hexes;
        assert_eq!(v.len(), 2, "{f}");
        assert_eq!(mirror(map, v[0].hex), v[1].hex, "{f}");
        assert_eq!((&v[0].side, &v[1].side), (&side(0), &side(1)), "{f}");
        assert_eq!(v[0].points, v[1].points, "{f}");
        // Leaders, Generals and forces: their hexes reflect too (read
        // from the file's text, each rule set keeping them its own way).
        let text = std::fs::read_to_string(root.join("tests/data").join(f)).expect("reads");
        let hexes_of = |who: &str| -> Vec<Hex> {
            text.lines()
                .filter(|l| l.contains(who) && !l.contains("designation"))
                .flat_map(|l| {
                    l.match_indices("Some(\"")
                        .filter_map(|(i, _)| l[i + 6..i + 10].parse::<Hex>().ok())
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        let (red, blue) = (hexes_of("Red"), hexes_of("Blue"));
        assert!(
            !red.is_empty(),
            "{f}: the first side has a leader or General"
        );
        assert_eq!(
            red.iter().map(|&h| mirror(map, h)).collect::<Vec<_>>(),
            blue,
            "{f}: leaders and Generals reflect"
        );
    }
}
