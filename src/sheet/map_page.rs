//! The map on paper: terrain, hexside features, hex numbers, place names,
//! exit, entry and victory markers and the at-start counters, drawn at a
//! scale where hexes are at least [`MIN_HEX_MM`] across; a map too big for
//! one page is tiled over several sheets that overlap by one hex row or
//! column, with alignment marks, and the first page then carries an
//! overview with the sheets outlined.

use super::font::text_width;
use super::{Align, Item, MARGIN, MIN_HEX_MM, Page, Pt, Rgb, pt};
use crate::hex::{Hex, Layout, Point};
use crate::rules::plugin::UnitMark;
use crate::scenario::{HexsideFeature, Map, Placement, Scenario, Unit, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

const SQRT3: f32 = 1.732_050_8;

/// Hex size (centre to corner) at which a hex is `MIN_HEX_MM` across its
/// flats.
pub fn min_size() -> f32 {
    MIN_HEX_MM / SQRT3
}

/// What of the map to draw, and how much detail.
#[derive(Clone, Copy, Debug)]
pub struct Detail {
    pub hex_numbers: bool,
    pub counters: bool,
    pub names: bool,
}

impl Detail {
    pub const FULL: Detail = Detail {
        hex_numbers: true,
        counters: true,
        names: true,
    };
}

fn to_pt(p: Point) -> Pt {
    pt(p.x as f32, p.y as f32)
}

/// A layout where hexes have `size` and the bounding box of `hexes` has its
/// top left corner at `at`.
pub fn layout_for(map: &Map, hexes: &[Hex], size: f32, at: Pt) -> Option<Layout> {
    let unit = Layout::with_first_hex_at(map.grid(), size as f64, Point::default());
    let (lo, _) = unit.bounds(hexes.iter().copied())?;
    Some(Layout::new(
        map.grid(),
        size as f64,
        Point::new(
            unit.origin.x - lo.x + at.x as f64,
            unit.origin.y - lo.y + at.y as f64,
        ),
    ))
}

/// Width and height of the bounding box of `hexes` at hex size `size`.
pub fn extent(map: &Map, hexes: &[Hex], size: f32) -> (f32, f32) {
    let unit = Layout::with_first_hex_at(map.grid(), size as f64, Point::default());
    unit.bounds(hexes.iter().copied())
        .map_or((0.0, 0.0), |(lo, hi)| {
            ((hi.x - lo.x) as f32, (hi.y - lo.y) as f32)
        })
}

/// The colours of the map's areas' outlines, in turn.
const AREA_COLOURS: [Rgb; 5] = [
    Rgb(150, 40, 140),
    Rgb(30, 110, 160),
    Rgb(190, 110, 0),
    Rgb(20, 130, 80),
    Rgb(170, 40, 40),
];

/// Each named area of the map (a pick-up battle's five table areas)
/// outlined along its border hexsides in its own colour, with its name
/// in its leftmost column.
fn areas(page: &mut Page, map: &Map, layout: &Layout, shown: &BTreeSet<Hex>) {
    let grid = map.grid();
    let size = layout.size as f32;
    for (i, area) in map.areas.iter().enumerate() {
        let colour = AREA_COLOURS[i % AREA_COLOURS.len()];
        let inside: BTreeSet<Hex> = area.hexes.iter().copied().collect();
        for &h in inside.iter().filter(|h| shown.contains(h)) {
            for &dir in grid.sides() {
                let out = grid.neighbour(h, dir);
                if out.is_some_and(|n| inside.contains(&n)) {
                    continue;
                }
                let Some(side) = grid.hexside(h, dir) else {
                    continue;
                };
                if let Some((a, b)) = layout.hexside_segment(side) {
                    page.items.push(Item::Line {
                        from: to_pt(a),
                        to: to_pt(b),
                        colour,
                        width: size * 0.09,
                    });
                }
            }
        }
        // The name in the area's leftmost column, at its middle row.
        let Some(col) = inside
            .iter()
            .filter(|h| shown.contains(h))
            .map(|h| h.col)
            .min()
        else {
            continue;
        };
        let rows: Vec<Hex> = inside
            .iter()
            .filter(|h| h.col == col && shown.contains(h))
            .copied()
            .collect();
        if let Some(&h) = rows.get(rows.len() / 2) {
            let c = layout.center(h);
            page.items.push(Item::Text {
                at: pt(c.x as f32 - size * 0.8, c.y as f32 + size * 0.15),
                size: (size * 0.55).clamp(super::font::MIN_TEXT_PT, 7.0),
                text: area.name.clone(),
                bold: true,
                colour,
                align: Align::Left,
            });
        }
    }
}

/// A pick-up battle's supply roads (N30, N33): a line through each road's
/// hexes, named by the side it supplies.
fn supply_roads(page: &mut Page, s: &Scenario, layout: &Layout, shown: &BTreeSet<Hex>) {
    let size = layout.size as f32;
    for (name, road) in s.rules.plugin().drawn_roads(s).0 {
        let colour = Rgb(120, 60, 20);
        for w in road.windows(2) {
            if shown.contains(&w[0]) || shown.contains(&w[1]) {
                page.items.push(Item::Line {
                    from: to_pt(layout.center(w[0])),
                    to: to_pt(layout.center(w[1])),
                    colour,
                    width: size * 0.16,
                });
            }
        }
        if let Some(&h) = road.iter().find(|h| shown.contains(h)) {
            let c = layout.center(h);
            page.items.push(Item::Text {
                at: pt(c.x as f32 + size * 0.3, c.y as f32 + size * 0.55),
                size: (size * 0.5).clamp(super::font::MIN_TEXT_PT, 6.5),
                text: format!("{name} supply road"),
                bold: true,
                colour,
                align: Align::Left,
            });
        }
    }
}

/// Draws the hexes `hexes` of the map (and what stands on or borders them)
/// onto the page with `layout`.
pub fn draw_map(
    page: &mut Page,
    map: &Map,
    scenario: Option<&Scenario>,
    layout: &Layout,
    hexes: &[Hex],
    detail: Detail,
) {
    let size = layout.size as f32;
    let shown: BTreeSet<Hex> = hexes.iter().copied().collect();
    let grid = map.grid();
    let thin = (size * 0.02).clamp(0.08, 0.2);

    // Terrain, hills and terrain symbols.
    for &h in hexes {
        let fill = map
            .terrain_at(h)
            .map_or(Rgb::WHITE, |t| Rgb::from_colour(t.colour));
        page.items.push(Item::Polygon {
            points: layout.corners(h).iter().map(|&c| to_pt(c)).collect(),
            fill: Some(fill),
            stroke: Some((Rgb(110, 110, 110), thin)),
        });
        let detail = map.detail(h);
        if detail.hill {
            // One contour a level, up to three.
            for k in 0..detail.elevation.clamp(1, 3) {
                page.items.push(Item::Circle {
                    centre: to_pt(layout.center(h)),
                    radius: size * (0.7 - 0.2 * k as f32),
                    fill: None,
                    stroke: Some((Rgb(140, 100, 60), size * 0.05)),
                });
            }
        }
        if detail.stronghold {
            // Inset from the cell's own outline, outside the counter a
            // unit standing there covers (issue 35 item 32: a square
            // inside the counter vanished under it).
            let c = to_pt(layout.center(h));
            let points = layout
                .corners(h)
                .iter()
                .map(|&k| {
                    let k = to_pt(k);
                    pt(c.x + (k.x - c.x) * 0.84, c.y + (k.y - c.y) * 0.84)
                })
                .collect();
            page.items.push(Item::Polygon {
                points,
                fill: None,
                stroke: Some((Rgb(70, 50, 40), size * 0.09)),
            });
        }
        if let Some(t) = map.terrain_at(h) {
            terrain_symbol(page, to_pt(layout.center(h)), &t.id, size);
        }
    }

    // Hexside features of the hexes shown: rivers lie along the side, roads
    // run centre to centre across it.
    for (side, features) in &map.hexsides {
        let Some((a, b)) = grid.hexside_hexes(*side) else {
            continue;
        };
        if !shown.contains(&a) && !shown.contains(&b) {
            continue;
        }
        let Some(mid) = layout.hexside_midpoint(*side).map(to_pt) else {
            continue;
        };
        if features.contains(&HexsideFeature::River)
            && let Some((x, y)) = layout.hexside_segment(*side)
        {
            page.items.push(Item::Line {
                from: to_pt(x),
                to: to_pt(y),
                colour: Rgb(60, 110, 200),
                width: size * 0.14,
            });
        }
        if features.contains(&HexsideFeature::Road) {
            for h in [a, b] {
                let other = if h == a { b } else { a };
                if shown.contains(&h) {
                    page.items.push(road(to_pt(layout.center(h)), mid, size));
                } else if !map.is_on_map(h) && shown.contains(&other) {
                    // A road leaving the map runs on to the edge.
                    let c = to_pt(layout.center(other));
                    let out = pt(mid.x + (mid.x - c.x) * 0.3, mid.y + (mid.y - c.y) * 0.3);
                    page.items.push(road(mid, out, size));
                }
            }
        }
        if features.contains(&HexsideFeature::Bridge) {
            page.items
                .push(square(mid, size * 0.15, Rgb(90, 60, 30), None));
        }
        if features.contains(&HexsideFeature::Ford) {
            page.items.push(Item::Circle {
                centre: mid,
                radius: size * 0.15,
                fill: Some(Rgb(200, 230, 255)),
                stroke: Some((Rgb(60, 110, 200), size * 0.04)),
            });
        }
    }

    if let Some(s) = scenario {
        // Where the areas mean something to the rules (a pick-up battle's
        // table areas decide where each side deploys and scores); other
        // maps' areas name stretches of terrain the map already shows.
        if s.rules.plugin().draws_areas(s) {
            areas(page, map, layout, &shown);
        }
        supply_roads(page, s, layout, &shown);
        markers(page, map, s, layout, &shown);
    }

    if detail.counters
        && let Some(s) = scenario
    {
        let support = s.rules.support();
        for (u, h) in s.units_at_start() {
            if shown.contains(&h) {
                let c = to_pt(layout.center(h));
                // The counter's colour says its side and contingent: a
                // designation that starts with their name drops it, so
                // "British 2nd Inf" prints "2nd Inf" legibly.
                let mut shown_unit = u.clone();
                shown_unit.designation = without_nation(s, u);
                counter(page, c, size * 1.1, &shown_unit, &CounterFace::of(s, u));
                // Rules with facing: a dark wedge on the counter's front.
                if support.facing
                    && let Some(d) = u.facing
                    && let Some((a, b)) = layout.edge(h, d)
                {
                    let m = to_pt(Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0));
                    front_mark(page, c, size * 1.1, m);
                }
            }
        }
        // Leaders (a disc with the factor) and Generals (a star with the
        // command factor) where they start.
        {
            let mut at_hex: BTreeMap<Hex, usize> = BTreeMap::new();
            {
                for crate::scenario::MapOfficer {
                    hex: h,
                    general,
                    label: text,
                    ..
                } in s.officers()
                {
                    if !shown.contains(&h) {
                        continue;
                    }
                    let k = at_hex.entry(h).or_default();
                    let c = to_pt(layout.center(h));
                    let r = size * 0.24;
                    let at = pt(c.x - size * 0.55 + *k as f32 * r * 2.2, c.y - size * 0.55);
                    *k += 1;
                    let gold = Rgb(235, 190, 40);
                    if general {
                        page.items.push(star(at, r * 1.4, gold));
                    } else {
                        page.items.push(Item::Circle {
                            centre: at,
                            radius: r,
                            fill: Some(gold),
                            stroke: Some((Rgb(60, 45, 0), r * 0.12)),
                        });
                    }
                    page.items.push(Item::Text {
                        at: pt(at.x, at.y + r * 0.45),
                        size: (r * 3.0).max(super::font::MIN_TEXT_PT),
                        text,
                        bold: true,
                        colour: Rgb::BLACK,
                        align: Align::Centre,
                    });
                }
            }
        }
    }

    // Hex numbers over the counters' marks (facing wedges, exit
    // triangles, leaders), each on a light ground so none is covered
    // (issue 35 item 32).
    if detail.hex_numbers {
        let num = (size * 0.6).clamp(super::font::MIN_TEXT_PT, 7.0);
        for &h in hexes {
            let c = layout.center(h);
            let at = pt(c.x as f32, c.y as f32 - size * 0.62);
            let label = h.label();
            let hw = text_width(&label, num, false) / 2.0 + 0.3;
            let th = num * super::font::MM_PER_PT;
            page.items.push(Item::Polygon {
                points: vec![
                    pt(at.x - hw, at.y - th * 0.8),
                    pt(at.x + hw, at.y - th * 0.8),
                    pt(at.x + hw, at.y + th * 0.2),
                    pt(at.x - hw, at.y + th * 0.2),
                ],
                fill: Some(Rgb(250, 248, 236)),
                stroke: None,
            });
            page.items.push(Item::Text {
                at,
                size: num,
                text: label,
                bold: false,
                colour: Rgb(70, 70, 70),
                align: Align::Centre,
            });
        }
    }

    // Names last, on a white ground so they stay readable over counters.
    // Never under 6 pt: an overview drawn smaller than the full-size
    // sheets (whose hexes are at least MIN_HEX_MM) leaves names to them.
    if detail.names && size >= min_size() * 0.8 {
        let font = (size * 0.75).clamp(super::font::MIN_TEXT_PT, 9.0);
        for place in &map.places {
            let Some(&h) = place.hexes.iter().find(|h| shown.contains(h)) else {
                continue;
            };
            let c = layout.center(h);
            let at = pt(c.x as f32, c.y as f32 + size * 0.78);
            label(page, at, font, &place.name, Rgb(50, 25, 10));
        }
    }
}

fn road(from: Pt, to: Pt, size: f32) -> Item {
    Item::Line {
        from,
        to,
        colour: Rgb(130, 85, 40),
        width: (size * 0.1).max(0.35),
    }
}

fn square(c: Pt, half: f32, fill: Rgb, stroke: Option<(Rgb, f32)>) -> Item {
    Item::Polygon {
        points: vec![
            pt(c.x - half, c.y - half),
            pt(c.x + half, c.y - half),
            pt(c.x + half, c.y + half),
            pt(c.x - half, c.y + half),
        ],
        fill: Some(fill),
        stroke,
    }
}

/// Bold text centred on `at` (its baseline), on a white box.
fn label(page: &mut Page, at: Pt, size: f32, text: &str, colour: Rgb) {
    let w = text_width(text, size, true);
    let h = size * super::font::MM_PER_PT;
    page.items.push(Item::Polygon {
        points: vec![
            pt(at.x - w / 2.0 - 0.6, at.y - h * 0.85),
            pt(at.x + w / 2.0 + 0.6, at.y - h * 0.85),
            pt(at.x + w / 2.0 + 0.6, at.y + h * 0.3),
            pt(at.x - w / 2.0 - 0.6, at.y + h * 0.3),
        ],
        fill: Some(Rgb(255, 253, 240)),
        stroke: None,
    });
    page.items.push(Item::Text {
        at,
        size,
        text: text.to_string(),
        bold: true,
        colour,
        align: Align::Centre,
    });
}

/// Trees for woods, houses for towns; other terrain is shown by colour.
fn terrain_symbol(page: &mut Page, c: Pt, id: &str, size: f32) {
    match id {
        "woods" => {
            let tree = Rgb(40, 85, 35);
            for (dx, dy) in [
                (-0.4, 0.05),
                (0.4, 0.05),
                (0.0, 0.4),
                (-0.2, -0.3),
                (0.2, -0.3),
            ] {
                let t = pt(c.x + dx * size, c.y + dy * size);
                page.items.push(Item::Polygon {
                    points: vec![
                        pt(t.x, t.y - 0.2 * size),
                        pt(t.x + 0.13 * size, t.y + 0.1 * size),
                        pt(t.x - 0.13 * size, t.y + 0.1 * size),
                    ],
                    fill: Some(tree),
                    stroke: None,
                });
            }
        }
        "town" => {
            let house = Rgb(120, 55, 45);
            for (dx, dy) in [(-0.3, -0.05), (0.3, -0.1), (0.0, 0.35)] {
                let t = pt(c.x + dx * size, c.y + dy * size);
                page.items
                    .push(square(t, 0.1 * size, house, Some((Rgb(70, 30, 25), 0.1))));
            }
        }
        _ => {}
    }
}

/// Exit arrows, entry rings and victory stars.
fn markers(page: &mut Page, map: &Map, s: &Scenario, layout: &Layout, shown: &BTreeSet<Hex>) {
    let size = layout.size as f32;
    let grid = map.grid();
    for e in &s.victory.exits {
        let col = s
            .side(&e.side)
            .map_or(Rgb::BLACK, |x| Rgb::from_colour(x.colour));
        for &h in e.hexes.iter().filter(|h| shown.contains(h)) {
            let c = to_pt(layout.center(h));
            // An arrow across the first side that leads off the map.
            let off = grid.sides().iter().find_map(|&d| {
                let n = grid.neighbour(h, d)?;
                if map.is_on_map(n) {
                    return None;
                }
                grid.hexside(h, d)
                    .and_then(|side| layout.hexside_midpoint(side))
            });
            let Some(mid) = off.map(to_pt) else { continue };
            let (dx, dy) = (mid.x - c.x, mid.y - c.y);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            let (ux, uy) = (dx / len, dy / len);
            let tip = pt(mid.x - ux * size * 0.05, mid.y - uy * size * 0.05);
            let base = pt(mid.x - ux * size * 0.5, mid.y - uy * size * 0.5);
            let (sx, sy) = (-uy * size * 0.25, ux * size * 0.25);
            page.items.push(Item::Polygon {
                points: vec![
                    tip,
                    pt(base.x + sx, base.y + sy),
                    pt(base.x - sx, base.y - sy),
                ],
                fill: Some(col),
                stroke: Some((Rgb::WHITE, 0.15)),
            });
        }
    }
    let mut entries: BTreeMap<Hex, Rgb> = BTreeMap::new();
    for u in &s.units {
        if let Placement::Reinforcement { entry, .. } | Placement::Variant { entry } = &u.placement
        {
            for &h in entry {
                entries
                    .entry(h)
                    .or_insert_with(|| Rgb::from_colour(s.unit_colour(u)));
            }
        }
    }
    for (h, col) in entries {
        if shown.contains(&h) {
            page.items.push(Item::Circle {
                centre: to_pt(layout.center(h)),
                radius: size * 0.72,
                fill: None,
                stroke: Some((col, size * 0.08)),
            });
        }
    }
    for v in s
        .victory
        .victory_hexes
        .iter()
        .filter(|v| shown.contains(&v.hex))
    {
        let c = to_pt(layout.center(v.hex));
        let col = s
            .side(&v.side)
            .map_or(Rgb(200, 160, 0), |x| Rgb::from_colour(x.colour));
        // A flag in the colour of the side that holds it: stars are
        // army commanders and Generals.
        flag(
            page,
            pt(c.x + size * 0.5, c.y - size * 0.6),
            size * 0.5,
            col,
        );
    }
}

/// A small flag: its pole from `top` down `h` mm, the cloth to the right.
pub fn flag(page: &mut Page, top: Pt, h: f32, fill: Rgb) {
    page.items.push(Item::Line {
        from: top,
        to: pt(top.x, top.y + h),
        colour: Rgb(30, 30, 30),
        width: (h * 0.08).max(0.2),
    });
    page.items.push(Item::Polygon {
        points: vec![
            top,
            pt(top.x + h * 0.6, top.y + h * 0.22),
            pt(top.x, top.y + h * 0.45),
        ],
        fill: Some(fill),
        stroke: Some((Rgb(30, 30, 30), (h * 0.04).max(0.1))),
    });
}

/// A five-pointed star.
pub fn star(c: Pt, r: f32, fill: Rgb) -> Item {
    let points = (0..10)
        .map(|i| {
            let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            let rr = if i % 2 == 0 { r } else { r * 0.45 };
            pt(c.x + rr * a.cos(), c.y + rr * a.sin())
        })
        .collect();
    Item::Polygon {
        points,
        fill: Some(fill),
        stroke: Some((Rgb(60, 45, 0), r * 0.12)),
    }
}

/// A unit's front: a dark wedge on the edge of a counter `side` wide
/// centred on `c`, pointing out toward `toward` (the middle of the hexside
/// it faces).
fn front_mark(page: &mut Page, c: Pt, side: f32, toward: Pt) {
    let (dx, dy) = (toward.x - c.x, toward.y - c.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let half = side / 2.0;
    let reach = half / ux.abs().max(uy.abs()).max(1e-3);
    let edge = pt(c.x + ux * reach, c.y + uy * reach);
    let w = side * 0.2;
    let tip = pt(edge.x + ux * side * 0.22, edge.y + uy * side * 0.22);
    page.items.push(Item::Polygon {
        points: vec![
            pt(edge.x - uy * w, edge.y + ux * w),
            tip,
            pt(edge.x + uy * w, edge.y - ux * w),
        ],
        fill: Some(Rgb(30, 30, 30)),
        stroke: Some((Rgb(250, 240, 200), side * 0.03)),
    });
}

/// Whether dark text reads better than white on `fill`.
pub fn ink_on(fill: Rgb) -> Rgb {
    if fill.0 as u32 + fill.1 as u32 + fill.2 as u32 > 450 {
        Rgb::BLACK
    } else {
        Rgb::WHITE
    }
}

/// A unit's designation without a first word naming its side or its
/// contingent ("British 2nd Inf" of the British contingent: "2nd Inf"), when
/// anything is left.
fn without_nation(s: &Scenario, u: &Unit) -> String {
    let d = u.designation.trim();
    let Some((first, rest)) = d.split_once(' ') else {
        return d.to_string();
    };
    let side = s.side(&u.side);
    let names = [
        side.map(|x| x.name.as_str()),
        Some(u.side.as_str()),
        u.contingent.as_deref(),
    ];
    if !rest.trim().is_empty()
        && names
            .iter()
            .flatten()
            .any(|n| n.eq_ignore_ascii_case(first))
    {
        rest.trim().to_string()
    } else {
        d.to_string()
    }
}

/// What a counter shows beyond its unit, as the scenario's rules print
/// it: the numbers below the symbol, the colour, the mark within the
/// kind.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterFace {
    pub label: String,
    pub fill: Rgb,
    pub mark: UnitMark,
}

impl CounterFace {
    /// The face of `u`'s counter in the scenario.
    pub fn of(s: &Scenario, u: &Unit) -> CounterFace {
        let rules = s.rules.plugin();
        CounterFace {
            label: rules.counter_label(u),
            fill: Rgb::from_colour(s.unit_colour(u)),
            mark: rules.unit_mark(u),
        }
    }
}

/// A counter `side` millimetres square centred on `c`: side colour, NATO
/// type symbol, designation above it and strength-movement below.
pub fn counter(page: &mut Page, c: Pt, side: f32, unit: &Unit, face: &CounterFace) {
    let (label, fill) = (face.label.as_str(), face.fill);
    let half = side / 2.0;
    let ink = ink_on(fill);
    page.items.push(square(
        c,
        half,
        fill,
        Some((Rgb(20, 20, 20), (side * 0.03).max(0.12))),
    ));
    // The symbol box in the middle band; alone and larger on a counter
    // too small for text (the icons in tables).
    let small = side < 7.0;
    let (bw, bh) = if small {
        (side * 0.66, side * 0.42)
    } else {
        (side * 0.5, side * 0.28)
    };
    let (l, t) = if small {
        (c.x - bw / 2.0, c.y - bh / 2.0)
    } else {
        (c.x - bw / 2.0, c.y - side * 0.16)
    };
    let (r, b) = (l + bw, t + bh);
    let w = (side * 0.04).max(0.12);
    page.items.push(Item::Polygon {
        points: vec![pt(l, t), pt(r, t), pt(r, b), pt(l, b)],
        fill: None,
        stroke: Some((ink, w)),
    });
    let line = |from: Pt, to: Pt| Item::Line {
        from,
        to,
        colour: ink,
        width: w,
    };
    match unit.kind {
        UnitKind::Infantry => {
            page.items.push(line(pt(l, t), pt(r, b)));
            page.items.push(line(pt(l, b), pt(r, t)));
        }
        UnitKind::Cavalry => page.items.push(line(pt(l, b), pt(r, t))),
        UnitKind::Artillery => page.items.push(Item::Circle {
            centre: pt(c.x, t + bh / 2.0),
            radius: bh * 0.22,
            fill: Some(ink),
            stroke: None,
        }),
    }
    // The rule set's mark within a kind, as on the screen: a dot where
    // the cross meets, a second bar.
    match face.mark {
        UnitMark::Dot => page.items.push(Item::Circle {
            centre: pt(c.x, t + bh / 2.0),
            radius: bh * 0.28,
            fill: Some(ink),
            stroke: None,
        }),
        UnitMark::SecondBar => {
            let (w, h) = ((r - l) * 0.3, bh * 0.3);
            page.items.push(line(pt(l, b - h), pt(r - w, t)));
        }
        UnitMark::Plain => {}
    }
    if small {
        return;
    }
    // Designation: never under 6 pt (issue 35 item 32), fitted to the
    // counter's width or, on a tab of the counter's colour, to a little
    // more (the hex has room either side); shortened when even that is
    // too narrow (the order of battle prints it whole).
    let (dtext, dsize) = super::font::fit_text(&unit.designation, side * 0.55, side * 1.35, false);
    let dw = text_width(&dtext, dsize, false);
    if dw > side * 0.92 {
        let (hw, top) = (
            dw / 2.0 + 0.4,
            t - side * 0.06 - dsize * super::font::MM_PER_PT * 0.85,
        );
        let bottom = t - side * 0.02;
        page.items.push(Item::Polygon {
            points: vec![
                pt(c.x - hw, top),
                pt(c.x + hw, top),
                pt(c.x + hw, bottom),
                pt(c.x - hw, bottom),
            ],
            fill: Some(fill),
            stroke: None,
        });
    }
    page.items.push(Item::Text {
        at: pt(c.x, t - side * 0.06),
        size: dsize,
        text: dtext,
        bold: false,
        colour: ink,
        align: Align::Centre,
    });
    page.items.push(Item::Text {
        at: pt(c.x, c.y + half - side * 0.1),
        size: side * 0.95,
        text: label.to_string(),
        bold: true,
        colour: ink,
        align: Align::Centre,
    });
}

/// One sheet of a tiled map: a block of columns and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    /// "A", "B", ...
    pub name: String,
    pub columns: (u32, u32),
    pub rows: (u32, u32),
    pub hexes: Vec<Hex>,
}

/// Ranges of `1..=n` such that consecutive ranges share one index (the
/// overlap) and each range passes `fits`.
fn ranges(n: u32, fits: impl Fn(u32, u32) -> bool) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut a = 1;
    loop {
        let mut b = a;
        while b < n && fits(a, b + 1) {
            b += 1;
        }
        if b == a && a < n {
            // Not even two fit: print them anyway rather than loop forever.
            b = a + 1;
        }
        out.push((a, b));
        if b >= n {
            return out;
        }
        a = b;
    }
}

/// The map cut into sheets of at most `w` x `h` millimetres at hex size
/// `size`.
pub fn tiles(map: &Map, size: f32, w: f32, h: f32) -> Vec<Tile> {
    Cutter::new(map).tiles(map, size, w, h)
}

/// A map's playing area indexed for cutting it into sheets: the bounding
/// box of each column and row, and how many hexes of the map lie in any
/// block of columns and rows. Cutting a 999x999 map once took minutes,
/// because every candidate block filtered every hex of the map.
pub struct Cutter {
    columns: u32,
    rows: u32,
    /// Hexes of the map in each block `[0, c) x [0, r)`, row-major with a
    /// stride of `columns + 1`.
    prefix: Vec<u32>,
}

/// A bounding box in layout units.
type BBox = Option<(Point, Point)>;

/// Inclusive ranges of columns or rows, one per sheet.
type Spans = Vec<(u32, u32)>;

fn union(a: BBox, b: BBox) -> BBox {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some((a0, a1)), Some((b0, b1))) => Some((
            Point::new(a0.x.min(b0.x), a0.y.min(b0.y)),
            Point::new(a1.x.max(b1.x), a1.y.max(b1.y)),
        )),
    }
}

impl Cutter {
    pub fn new(map: &Map) -> Cutter {
        let columns = map.columns.min(crate::scenario::MAX_MAP_SIDE);
        let rows = map.rows.min(crate::scenario::MAX_MAP_SIDE);
        let stride = columns as usize + 1;
        let mut prefix = vec![0u32; stride * (rows as usize + 1)];
        for r in 1..=rows as usize {
            for c in 1..=columns as usize {
                let here = u32::from(map.is_on_map(Hex::new(c as i32, r as i32)));
                prefix[r * stride + c] =
                    here + prefix[(r - 1) * stride + c] + prefix[r * stride + c - 1]
                        - prefix[(r - 1) * stride + c - 1];
            }
        }
        Cutter {
            columns,
            rows,
            prefix,
        }
    }

    /// Hexes of the playing area in columns `c` and rows `r` (inclusive).
    fn count(&self, c: (u32, u32), r: (u32, u32)) -> u32 {
        let stride = self.columns as usize + 1;
        let at = |c: u32, r: u32| self.prefix[r as usize * stride + c as usize];
        let (c0, c1) = (c.0.max(1) - 1, c.1.min(self.columns));
        let (r0, r1) = (r.0.max(1) - 1, r.1.min(self.rows));
        if c1 <= c0 || r1 <= r0 {
            return 0;
        }
        at(c1, r1) + at(c0, r0) - at(c0, r1) - at(c1, r0)
    }

    /// The column and row ranges of the sheets at hex size `size`.
    fn ranges(&self, map: &Map, size: f32, w: f32, h: f32) -> (Spans, Spans) {
        let unit = Layout::with_first_hex_at(map.grid(), size as f64, Point::default());
        let mut col_box: Vec<BBox> = vec![None; self.columns as usize + 1];
        let mut row_box: Vec<BBox> = vec![None; self.rows as usize + 1];
        for c in 1..=self.columns {
            for r in 1..=self.rows {
                let hex = Hex::new(c as i32, r as i32);
                if map.is_on_map(hex) {
                    let b = unit.bounds([hex]);
                    col_box[c as usize] = union(col_box[c as usize], b);
                    row_box[r as usize] = union(row_box[r as usize], b);
                }
            }
        }
        let width = |b: BBox| {
            b.map_or((0.0, 0.0), |(lo, hi)| {
                ((hi.x - lo.x) as f32, (hi.y - lo.y) as f32)
            })
        };
        let span = |boxes: &[BBox], a: u32, b: u32| {
            boxes[a as usize..=b as usize]
                .iter()
                .fold(None, |acc, x| union(acc, *x))
        };
        let cols = ranges(self.columns, |a, b| width(span(&col_box, a, b)).0 <= w);
        let rows = ranges(self.rows, |a, b| width(span(&row_box, a, b)).1 <= h);
        (cols, rows)
    }

    /// How many sheets [`Cutter::tiles`] would make, without making them.
    pub fn count_tiles(&self, map: &Map, size: f32, w: f32, h: f32) -> usize {
        let (cols, rows) = self.ranges(map, size, w, h);
        rows.iter()
            .flat_map(|r| cols.iter().map(move |c| (*c, *r)))
            .filter(|&(c, r)| self.count(c, r) > 0)
            .count()
    }

    /// The sheets at hex size `size`, each at most `w` x `h` millimetres.
    pub fn tiles(&self, map: &Map, size: f32, w: f32, h: f32) -> Vec<Tile> {
        let (cols, rows) = self.ranges(map, size, w, h);
        let mut out = Vec::new();
        for r in &rows {
            for c in &cols {
                if self.count(*c, *r) == 0 {
                    continue;
                }
                // Column by column, as `Map::hexes_on_map` lists them.
                let hexes = (c.0..=c.1)
                    .flat_map(|col| (r.0..=r.1).map(move |row| Hex::new(col as i32, row as i32)))
                    .filter(|&x| map.is_on_map(x))
                    .collect();
                out.push(Tile {
                    name: sheet_name(out.len()),
                    columns: *c,
                    rows: *r,
                    hexes,
                });
            }
        }
        out
    }
}

fn sheet_name(i: usize) -> String {
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = String::new();
    s.push(letters[i % 26] as char);
    if i >= 26 {
        s.push_str(&(i / 26).to_string());
    }
    s
}

/// How the map goes on paper: one page under the title, or tiles.
#[derive(Clone, Debug)]
pub enum MapPlan {
    /// The whole map on the first page, under the title block, at `size`.
    OnePage { landscape: bool, size: f32 },
    /// Several sheets of the given orientation at `size`.
    Tiled {
        landscape: bool,
        size: f32,
        tiles: Vec<Tile>,
    },
}

/// Space above a map sheet for its heading.
pub const SHEET_HEADING: f32 = 15.0;
/// Space below a map sheet for the legend line.
pub const SHEET_FOOT: f32 = 14.0;

/// Chooses between one page and tiles: one page when the map fits under
/// the title block at [`MIN_HEX_MM`] or more; else the orientation that
/// needs the fewest sheets, at the largest scale that still needs no more.
pub fn plan(map: &Map, paper: (f32, f32), title_height: f32) -> MapPlan {
    match choose(map, paper, title_height) {
        Choice::OnePage { landscape, size } => MapPlan::OnePage { landscape, size },
        Choice::Tiled {
            landscape,
            size,
            cutter,
            ..
        } => {
            let (w, h) = sheet_area(paper, landscape);
            MapPlan::Tiled {
                landscape,
                size,
                tiles: cutter.tiles(map, size, w, h),
            }
        }
    }
}

/// The number of map sheets [`plan`] would make (`None`: the map fits on
/// the first page), without making them.
pub fn plan_count(map: &Map, paper: (f32, f32), title_height: f32) -> Option<usize> {
    match choose(map, paper, title_height) {
        Choice::OnePage { .. } => None,
        Choice::Tiled { count, .. } => Some(count),
    }
}

enum Choice {
    OnePage {
        landscape: bool,
        size: f32,
    },
    Tiled {
        landscape: bool,
        size: f32,
        count: usize,
        cutter: Cutter,
    },
}

/// The room for the map on a sheet of paper turned one way or the other.
fn sheet_area(paper: (f32, f32), landscape: bool) -> (f32, f32) {
    let (pw, ph) = paper;
    let (w, h) = if landscape { (ph, pw) } else { (pw, ph) };
    (
        w - 2.0 * MARGIN,
        h - 2.0 * MARGIN - SHEET_HEADING - SHEET_FOOT,
    )
}

fn choose(map: &Map, paper: (f32, f32), title_height: f32) -> Choice {
    let on: Vec<Hex> = map.hexes_on_map().collect();
    let (mw, mh) = extent(map, &on, 1.0);
    if mw <= 0.0 || mh <= 0.0 {
        return Choice::OnePage {
            landscape: false,
            size: min_size(),
        };
    }
    let (pw, ph) = paper;
    let mut best_one: Option<(bool, f32)> = None;
    for landscape in [false, true] {
        let (w, h) = if landscape { (ph, pw) } else { (pw, ph) };
        let aw = w - 2.0 * MARGIN;
        let ah = h - 2.0 * MARGIN - title_height - SHEET_FOOT;
        let size = (aw / mw).min(ah / mh);
        if size >= min_size() && best_one.is_none_or(|(_, s)| size > s) {
            best_one = Some((landscape, size));
        }
    }
    if let Some((landscape, size)) = best_one {
        return Choice::OnePage { landscape, size };
    }
    let cutter = Cutter::new(map);
    let mut best: Option<(usize, bool, f32)> = None;
    for landscape in [true, false] {
        let (w, h) = sheet_area(paper, landscape);
        let n = cutter.count_tiles(map, min_size(), w, h);
        // Grow the hexes while the sheet count stays the same.
        let (mut lo, mut hi) = (min_size(), min_size() * 3.0);
        for _ in 0..20 {
            let mid = (lo + hi) / 2.0;
            if cutter.count_tiles(map, mid, w, h) <= n {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let count = cutter.count_tiles(map, lo, w, h);
        if best.is_none_or(|b| count < b.0) {
            best = Some((count, landscape, lo));
        }
    }
    match best {
        Some((count, landscape, size)) => Choice::Tiled {
            landscape,
            size,
            count,
            cutter,
        },
        None => Choice::OnePage {
            landscape: false,
            size: min_size(),
        },
    }
}

/// Draws the map legend in one line at `y`: the markers and features a
/// player needs to read the map.
/// Returns how far below `y` its last line lies (0 for one line).
pub fn legend(page: &mut Page, s: Option<&Scenario>, map: &Map, x: f32, y: f32) -> f32 {
    let (x0, y0) = (x, y);
    let mut x = x;
    let mut y = y;
    let size = 5.0;
    let right = page.width - MARGIN;
    // Each entry: its mark's width and its words; a new line when it
    // would run past the margin.
    let start = |x: &mut f32, y: &mut f32, mark: f32, t: &str| {
        if *x + mark + text_width(t, 7.0, false) > right && *x > x0 {
            *x = x0;
            *y += 4.5;
        }
    };
    let text = |page: &mut Page, x: &mut f32, y: f32, t: &str| {
        page.items.push(Item::Text {
            at: pt(*x, y + 1.2),
            size: 7.0,
            text: t.to_string(),
            bold: false,
            colour: Rgb::BLACK,
            align: Align::Left,
        });
        *x += text_width(t, 7.0, false) + 5.0;
    };
    for t in &map.terrain_kinds {
        if !map
            .hexes_on_map()
            .any(|h| map.terrain_at(h).is_some_and(|k| k.id == t.id))
        {
            continue;
        }
        start(&mut x, &mut y, 4.5, &t.name);
        page.items.push(square(
            pt(x + 1.8, y),
            1.8,
            Rgb::from_colour(t.colour),
            Some((Rgb(110, 110, 110), 0.15)),
        ));
        x += 4.5;
        text(page, &mut x, y, &t.name);
    }
    let has = |f: HexsideFeature| map.hexsides.values().any(|fs| fs.contains(&f));
    if has(HexsideFeature::Road) {
        start(&mut x, &mut y, size + 1.5, "Road");
        page.items.push(road(pt(x, y), pt(x + size, y), size * 1.5));
        x += size + 1.5;
        text(page, &mut x, y, "Road");
    }
    if has(HexsideFeature::River) {
        start(&mut x, &mut y, size + 1.5, "River");
        page.items.push(Item::Line {
            from: pt(x, y),
            to: pt(x + size, y),
            colour: Rgb(60, 110, 200),
            width: 0.8,
        });
        x += size + 1.5;
        text(page, &mut x, y, "River");
    }
    let Some(s) = s else { return y - y0 };
    let support = s.rules.support();
    if support.hills && map.hexes.values().any(|d| d.hill) {
        start(&mut x, &mut y, 5.0, "Hill");
        page.items.push(Item::Circle {
            centre: pt(x + 2.0, y),
            radius: 2.0,
            fill: None,
            stroke: Some((Rgb(140, 100, 60), 0.4)),
        });
        x += 5.0;
        text(page, &mut x, y, "Hill");
    }
    if map.hexes.values().any(|d| d.stronghold) {
        // In the rule set's word (a One Hour strongpoint, H35).
        let word = crate::words::capitalised(s.rules.stronghold_word());
        let word = word.as_str();
        start(&mut x, &mut y, 5.0, word);
        page.items.push(Item::Polygon {
            points: vec![
                pt(x, y - 1.8),
                pt(x + 3.6, y - 1.8),
                pt(x + 3.6, y + 1.8),
                pt(x, y + 1.8),
            ],
            fill: None,
            stroke: Some((Rgb(70, 50, 40), 0.5)),
        });
        x += 5.0;
        text(page, &mut x, y, word);
    }
    if support.facing && s.units.iter().any(|u| u.facing.is_some()) {
        start(&mut x, &mut y, 5.0, "Front of a unit");
        page.items.push(Item::Polygon {
            points: vec![pt(x, y - 1.5), pt(x + 3.0, y), pt(x, y + 1.5)],
            fill: Some(Rgb(30, 30, 30)),
            stroke: None,
        });
        x += 5.0;
        text(page, &mut x, y, "Front of a unit");
    }
    // Officers: the same two marks, named in the rule set's words.
    let officer_words = s
        .rules
        .plugin()
        .officer_legend()
        .filter(|_| support.forces || !s.officers().is_empty());
    if let Some([commander, leader]) = officer_words {
        let gold = Rgb(235, 190, 40);
        start(&mut x, &mut y, 5.0, commander);
        page.items.push(star(pt(x + 1.8, y), 2.0, gold));
        x += 5.0;
        text(page, &mut x, y, commander);
        start(&mut x, &mut y, 5.0, leader);
        page.items.push(Item::Circle {
            centre: pt(x + 1.8, y),
            radius: 1.7,
            fill: Some(gold),
            stroke: Some((Rgb(60, 45, 0), 0.2)),
        });
        x += 5.0;
        text(page, &mut x, y, leader);
    }
    if let Some(e) = s.victory.exits.first() {
        let side = s.side(&e.side).map_or(e.side.as_str(), |x| x.name.as_str());
        let words = format!("{side} exit");
        start(&mut x, &mut y, 5.0, &words);
        let col = s
            .side(&e.side)
            .map_or(Rgb::BLACK, |x| Rgb::from_colour(x.colour));
        page.items.push(Item::Polygon {
            points: vec![pt(x, y - 1.8), pt(x + 3.5, y), pt(x, y + 1.8)],
            fill: Some(col),
            stroke: None,
        });
        x += 5.0;
        text(page, &mut x, y, &words);
    }
    let entry = s
        .units
        .iter()
        .find(|u| matches!(u.placement, Placement::Reinforcement { .. }));
    if let Some(u) = entry {
        start(&mut x, &mut y, 5.5, "Reinforcement entry");
        page.items.push(Item::Circle {
            centre: pt(x + 2.0, y),
            radius: 2.0,
            fill: None,
            stroke: Some((Rgb::from_colour(s.unit_colour(u)), 0.5)),
        });
        x += 5.5;
        text(page, &mut x, y, "Reinforcement entry");
    }
    if !s.victory.victory_hexes.is_empty() {
        let label = format!("Victory {} (its holder's colour)", map.grid().cell_word());
        start(&mut x, &mut y, 5.0, &label);
        let col = s
            .victory
            .victory_hexes
            .first()
            .and_then(|v| s.side(&v.side))
            .map_or(Rgb(200, 160, 0), |x| Rgb::from_colour(x.colour));
        flag(page, pt(x + 1.0, y - 2.2), 4.4, col);
        x += 5.0;
        text(page, &mut x, y, &label);
    }
    y - y0
}

/// The map alone on a page just big enough for it (hexes
/// [`MIN_HEX_MM`] across, a small border), with the scenario's markers and
/// counters when one is given: what `vedette render` draws.
pub fn map_image(map: &Map, scenario: Option<&Scenario>) -> Page {
    let border = 4.0;
    let hexes: Vec<Hex> = map.hexes_on_map().collect();
    let size = min_size();
    let (w, h) = extent(map, &hexes, size);
    let mut page = Page::new(w + 2.0 * border, h + 2.0 * border);
    if let Some(l) = layout_for(map, &hexes, size, pt(border, border)) {
        draw_map(&mut page, map, scenario, &l, &hexes, Detail::FULL);
    }
    page
}
