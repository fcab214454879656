//! The sheet layout on the real Waterloo scenario, without a backend.

use super::*;
use crate::scenario::{parse_map, parse_scenario};

const WATERLOO: &str = include_str!("../../scenarios/waterloo.ron");
const WATERLOO_MAP: &str = include_str!("../../maps/waterloo.ron");

fn waterloo() -> (Scenario, Map) {
    (
        parse_scenario(WATERLOO, "waterloo.ron").expect("parses"),
        parse_map(WATERLOO_MAP, "map.ron").expect("parses"),
    )
}

fn inside(p: &Page, q: Pt) -> bool {
    q.x >= 0.0 && q.y >= 0.0 && q.x <= p.width && q.y <= p.height
}

#[test]
fn the_map_page_fits_the_paper_with_every_hex_and_counter() {
    let (s, m) = waterloo();
    for paper in [Paper::A4, Paper::Letter] {
        let pages = layout(&s, &m, paper);
        let p = &pages[0];
        let (w, h) = paper.size_mm();
        // Waterloo's 23x17 flat-top hexes are wider than tall: landscape.
        assert_eq!((p.width, p.height), (h, w));
        let texts: Vec<&str> = p.texts().collect();
        assert!(texts.contains(&"Napoleon at Waterloo"));
        assert!(texts.contains(&"0101") && texts.contains(&"2316"));
        assert!(texts.contains(&"Hougoumont"));
        let hexes = p
            .items
            .iter()
            .filter(|i| matches!(i, Item::Polygon { points, .. } if points.len() == 6))
            .count();
        assert_eq!(hexes, 380);
        let counters = p
            .items
            .iter()
            .filter(|i| matches!(i, Item::Polygon { points, .. } if points.len() == 4))
            .count();
        assert_eq!(counters, 44);
        for i in &p.items {
            let pts: Vec<Pt> = match i {
                Item::Polygon { points, .. } => points.clone(),
                Item::Line { from, to, .. } => vec![*from, *to],
                Item::Circle { centre, .. } => vec![*centre],
                Item::Text { at, .. } => vec![*at],
            };
            for q in pts {
                assert!(
                    inside(p, q) && q.x >= MARGIN - 0.01 && q.x <= p.width - MARGIN + 0.01,
                    "{q:?} off the printable area of {paper:?}"
                );
            }
        }
    }
}
