//! Setup-sheet sections more than one rule set prints: the turn track,
//! the terrain effects chart, a table of victory hexes, and the helpers
//! they share (side names, hex lists).

use crate::hex::Hex;
use crate::scenario::{HexsideFeature, Map, MovementRule, Placement, Scenario, SideId, Unit};
use crate::sheet::flow::{Art, BODY, Cell, Column, Flow, rect};
use crate::sheet::{Align, Item, MARGIN, Rgb, pt};

pub fn side_name(s: &Scenario, id: &SideId) -> String {
    s.side(id)
        .map_or_else(|| id.as_str().to_string(), |x| x.name.clone())
}

/// "0513" or "0513 La Haye Sainte".
pub fn hex_with_place(map: &Map, h: Hex) -> String {
    match map.place_at(h) {
        Some(p) => format!("{} {}", h.label(), p.name),
        None => h.label(),
    }
}

/// A list of hexes, with the place names of those that have one.
pub fn hex_list(map: &Map, hexes: &[Hex]) -> String {
    hexes
        .iter()
        .map(|&h| hex_with_place(map, h))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Ranges of consecutive hex labels, for long lists ("0101-0901, 1001").
pub fn hex_ranges(hexes: &[Hex]) -> String {
    let mut sorted: Vec<Hex> = hexes.to_vec();
    sorted.sort_by_key(|h| (h.row, h.col));
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len()
            && sorted[j + 1].row == sorted[i].row
            && sorted[j + 1].col == sorted[j].col + 1
        {
            j += 1;
        }
        if j > i + 1 {
            parts.push(format!("{}-{}", sorted[i].label(), sorted[j].label()));
        } else {
            for h in &sorted[i..=j] {
                parts.push(h.label());
            }
        }
        i = j + 1;
    }
    parts.join(", ")
}

/// The scenario's victory hexes (or boxes) as a table: where, the place
/// there, the points, and the side, under `side_title`.
pub fn victory_box_table(flow: &mut Flow, s: &Scenario, map: &Map, side_title: &str) {
    let columns = [
        Column::new("Hex"),
        Column::new("Place"),
        Column::new("Points").centred(),
        Column::new(side_title),
    ];
    let rows: Vec<Vec<Cell>> = s
        .victory
        .victory_hexes
        .iter()
        .map(|v| {
            vec![
                Cell::new(v.hex.label()).bold(),
                Cell::new(
                    map.place_at(v.hex)
                        .map(|p| p.name.clone())
                        .unwrap_or_default(),
                ),
                Cell::new(v.points.to_string()),
                Cell::new(side_name(s, &v.side)),
            ]
        })
        .collect();
    flow.table(&columns, &rows);
}

/// Boxes for each Game-Turn, with what arrives on it.
pub fn turn_track(flow: &mut Flow, s: &Scenario) {
    let n = s.turns.max(1);
    let width = flow.text_width();
    let per_row = n.min(12);
    let w = width / per_row as f32;
    let h = 16.0;
    let rows = n.div_ceil(per_row);
    flow.heading("Turn track", rows as f32 * h + 2.0);
    let mut arrivals: Vec<Vec<String>> = vec![Vec::new(); n as usize + 1];
    for side in &s.sides {
        let mut by_turn = std::collections::BTreeMap::<u32, (u32, u32)>::new();
        for u in s.units.iter().filter(|u| u.side == side.id) {
            if let Placement::Reinforcement { turn, .. } = u.placement {
                let e = by_turn.entry(turn).or_default();
                e.0 += 1;
                e.1 += u.strength;
            }
        }
        for (t, (units, sp)) in by_turn {
            if let Some(a) = arrivals.get_mut(t as usize) {
                a.push(format!(
                    "{}: {}, {sp} SP",
                    side.name,
                    crate::words::counted(units, "unit", "units")
                ));
            }
        }
    }
    let y0 = flow.y;
    let page = flow.page();
    let corner = |t: u32| {
        let i = t - 1;
        let (col, row) = (i % per_row, i / per_row);
        (MARGIN + col as f32 * w, y0 + row as f32 * h)
    };
    for t in 1..=n {
        let (x, y) = corner(t);
        page.items.push(rect(
            x,
            y,
            x + w,
            y + h,
            Some(Rgb::WHITE),
            Some((Rgb::BLACK, 0.3)),
        ));
    }
    for t in 1..=n {
        let (x, y) = corner(t);
        page.items.push(Item::Text {
            at: pt(x + 1.5, y + 5.0),
            size: 12.0,
            text: t.to_string(),
            bold: true,
            colour: Rgb::BLACK,
            align: Align::Left,
        });
        let lines: Vec<String> = arrivals[t as usize]
            .iter()
            .flat_map(|a| crate::sheet::font::wrap(a, w - 2.0, 6.5, false))
            .collect();
        for (k, a) in lines.iter().enumerate() {
            page.items.push(Item::Text {
                at: pt(x + 1.2, y + 8.5 + k as f32 * 2.8),
                size: 6.5,
                text: a.clone(),
                bold: false,
                colour: Rgb(40, 40, 40),
                align: Align::Left,
            });
        }
    }
    flow.y = y0 + rows as f32 * h + 3.0;
}

/// The terrain effects chart: each terrain kind on the map, then the
/// hexside features the map uses.
pub fn terrain_effects(flow: &mut Flow, map: &Map) {
    flow.heading("Terrain Effects Chart", 30.0);
    let columns = [
        Column::new("Terrain"),
        Column::new("Movement").wrapping(),
        Column::new("Defender"),
        Column::new("Line of sight"),
    ];
    let mut rows: Vec<Vec<Cell>> = map
        .terrain_kinds
        .iter()
        .map(|t| {
            let movement = match t.movement {
                MovementRule::Cost(1) => "1 MP".to_string(),
                MovementRule::Cost(n) => format!("{n} MP"),
                MovementRule::RoadOnly(n) => format!(
                    "{n} MP, entered or left only across a road hexside, also when retreating or advancing [4.2]"
                ),
                MovementRule::Prohibited => "may not be entered".to_string(),
            };
            let defence = match t.defence_multiplier {
                0 | 1 => "no effect".to_string(),
                2 => "strength doubled".to_string(),
                n => format!("strength x{n}"),
            };
            vec![
                Cell::new(t.name.clone()).art(Art::Swatch(Rgb::from_colour(t.colour))),
                Cell::new(movement),
                Cell::new(defence),
                Cell::new(if t.blocks_line_of_sight {
                    "blocks bombardment"
                } else {
                    "clear"
                }),
            ]
        })
        .collect();
    for f in HexsideFeature::ALL {
        if !map.hexsides.values().any(|fs| fs.contains(&f)) {
            continue;
        }
        let effect = match f {
            HexsideFeature::Road => {
                "the only way into or out of a woods hex [4.2]; no movement bonus"
            }
            _ => "no effect in these rules",
        };
        rows.push(vec![
            Cell::new(format!("{} hexside", crate::words::capitalised(f.name()))),
            Cell::new(effect),
            Cell::new("no effect"),
            Cell::new("clear"),
        ]);
    }
    flow.table(&columns, &rows);
    flow.paragraph(
        "Every hex entered costs one movement point; a unit must stop on entering an enemy zone of control. Attackers are never affected by terrain.",
        BODY,
    );
}

/// A table cell naming a unit, its counter drawn before the name.
pub fn counter_cell(s: &Scenario, u: &Unit) -> Cell {
    Cell::new(u.designation.clone()).art(Art::Counter(
        Box::new(u.clone()),
        crate::sheet::map_page::CounterFace::of(s, u),
    ))
}
