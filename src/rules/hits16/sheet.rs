//! The setup sheet's sections for the 16-hits rules (issue 37, item 6):
//! the victory conditions (M38, M56), orders of battle with type,
//! formation, facing, rating and hits, the Generals (M13), the sequence of
//! play (M11), the Tables of every number the text lost, each marked as a
//! Vedette default (M10, M17, M18, M23, M24, M32, M38), a field-of-fire
//! diagram (M21) in the scenario's `fire_arc`, the terrain (M3) and a hit
//! roster of 16 boxes with a mark every 4 (M5).
//!
//! Numbers come from the scenario's options and the engine's board, so
//! the sheet says what the engine does.

use crate::hex::{Grid, Hex, Layout, Orientation, Point, Stagger};
use crate::rules::hits16::engine::Board;
use crate::rules::hits16::engine::geometry::in_field;
use crate::rules::hits16::model::{FireArc, Hits16Options, Hits16Unit, TABLE_DOCS, TroopType};
use crate::scenario::{Map, Placement, RuleSet, Scenario, Unit};
use crate::sheet::flow::{Cell, Column, Flow};
use crate::sheet::sections::counter_cell;
use crate::sheet::{Align, Item, MARGIN, Rgb, pt};

const BODY: f32 = 8.5;

fn options(s: &Scenario) -> Option<&Hits16Options> {
    match &s.rules {
        RuleSet::Hits16(o) => Some(o),
        _ => None,
    }
}

/// The sections, in order, after the map.
pub fn sections(flow: &mut Flow, s: &Scenario, map: &Map) {
    let Some(o) = options(s) else {
        return;
    };
    order_of_battle(flow, s, o);
    sequence(flow, o);
    tables(flow, o);
    field_of_fire(flow, o);
    terrain(flow, o);
    roster(flow, s);
    let _ = map;
}

/// The victory conditions (M38, M56).
pub fn victory(flow: &mut Flow, s: &Scenario, map: &Map) {
    flow.heading("Victory conditions (M38, M56; a Vedette default)", 15.0);
    let Some(o) = options(s) else {
        return;
    };
    let board = Board::new(s, map).ok();
    let names: Vec<String> = s.sides.iter().map(|x| x.name.clone()).collect();
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    if let Some(b) = &board {
        for i in 0..2 {
            flow.paragraph(
                &format!(
                    "{}'s army breaks when {} of its {} are eliminated ({:.0}% rounded up; Generals do not count): it loses at once.",
                    name(i),
                    b.break_at[i],
                    crate::words::counted(b.army[i], "unit", "units"),
                    o.army_break_fraction * 100.0
                ),
                BODY + 0.5,
            );
        }
    }
    let limit = board.as_ref().map_or(o.turn_limit, |b| b.turn_limit);
    flow.paragraph(
        &format!(
            "Breaks are checked at the end of every player turn; both armies breaking together is a draw. \
             Otherwise, after the second player turn of turn {limit}, the side holding more victory hexes \
             wins, else it is a draw. A hex is held by the side of the unit standing in it, else of the \
             last unit that ended a move there; Generals never hold."
        ),
        BODY + 0.5,
    );
    if !s.victory.victory_hexes.is_empty() {
        let hexes: Vec<String> = s
            .victory
            .victory_hexes
            .iter()
            .map(|v| {
                map.place_at(v.hex)
                    .map_or(v.hex.label(), |p| format!("{} ({})", v.hex.label(), p.name))
            })
            .collect();
        flow.paragraph(&format!("Victory hexes: {}.", hexes.join(", ")), BODY + 0.5);
    }
}

/// Each side: hex, counter, type, formation, facing, rating, hits; then
/// its Generals.
fn order_of_battle(flow: &mut Flow, s: &Scenario, o: &Hits16Options) {
    for side in &s.sides {
        let units: Vec<&Unit> = s.units.iter().filter(|u| u.side == side.id).collect();
        flow.heading(
            &format!(
                "Order of battle: {} ({})",
                side.name,
                crate::words::counted(units.len(), "unit", "units")
            ),
            30.0,
        );
        let columns = [
            Column::new("Hex"),
            Column::new("Unit"),
            Column::new("Type"),
            Column::new("Formation"),
            Column::new("Facing").centred(),
            Column::new("Rating"),
            Column::new("Hits").centred(),
            Column::new("Line").centred(),
        ];
        let rows: Vec<Vec<Cell>> = units
            .iter()
            .map(|u| {
                let x = Hits16Unit::read(u);
                let f = x.formation();
                vec![
                    Cell::new(match &u.placement {
                        Placement::Start(h) => h.label(),
                        _ => "—".into(),
                    })
                    .bold(),
                    counter_cell(s, u),
                    Cell::new(x.troop.name()),
                    Cell::new(f.name()),
                    Cell::new(if f == crate::rules::hits16::model::Formation::Square {
                        "—"
                    } else {
                        u.facing.map_or("toward the enemy", |d| d.name())
                    }),
                    Cell::new(x.rating.name()),
                    Cell::new(x.hits.to_string()),
                    Cell::new(if x.troop != TroopType::Infantry {
                        "—"
                    } else if o.line_allowed(&x) {
                        "yes"
                    } else {
                        "no"
                    }),
                ]
            })
            .collect();
        flow.table(&columns, &rows);
        let generals: Vec<Vec<Cell>> = o
            .generals
            .iter()
            .filter(|g| g.side == side.id)
            .map(|g| {
                vec![
                    Cell::new(g.hex.map_or("—".into(), |h| h.label())).bold(),
                    Cell::new(g.name.clone()),
                ]
            })
            .collect();
        if !generals.is_empty() {
            flow.subheading(
                &format!(
                    "Generals (M12, M13): rally units within {}; move {}",
                    crate::words::counted(o.rally_reach, "hex", "hexes"),
                    crate::words::counted(o.general_move_hexes(), "hex", "hexes")
                ),
                14.0,
            );
            flow.table(&[Column::new("Hex"), Column::new("General")], &generals);
        }
    }
}

fn sequence(flow: &mut Flow, o: &Hits16Options) {
    flow.heading("Sequence of play (M11)", 40.0);
    let items = [
        "Each turn is two player turns; the active player plays these phases in order, one unit at a time:".to_string(),
        format!(
            "1. Command: each General may rally friendly units within {}: roll 1D6, remove that many hits, never a lost base; on a 1 the General is out of the game [L33-34] (M12).",
            crate::words::counted(o.rally_reach, "hex", "hexes")
        ),
        format!(
            "2. Movement: each unit makes one action: a move (pivots at the start and end only), a march in march column (x{}, never within {} cm of the enemy), a charge, a formation change, or a turn to face [L41-65] (M14-M30, M43).",
            o.march_multiplier,
            20
        ),
        "3. Shooting: infantry, skirmishers and unlimbered artillery shoot once at one enemy in their field of fire, in range, with a clear line of fire; only skirmishers shoot after moving [L55-84] (M20-M24).".to_string(),
        "4. Hand to hand: every combat is fought once; only the active player's unit rolls. A unit that loses a base withdraws one hex; cavalry that fails to take one withdraws; infantry stays in combat [L86-105] (M31-M35).".to_string(),
        "Hits: 16 eliminate a unit; every 4 hits remove a base (two for skirmishers); 8 or more hits: -1 to shooting and hand-to-hand dice [L81][L100][L107] (M36).".to_string(),
    ];
    for p in items {
        flow.paragraph(&p, BODY);
    }
}

/// Every number of the Tables, its source, and whether it is a Vedette
/// default (the text does not print it).
fn tables(flow: &mut Flow, o: &Hits16Options) {
    flow.heading(
        "Tables (numbers marked * are Vedette defaults: the text lost them)",
        40.0,
    );
    let columns = [
        Column::new("Number").wrapping(),
        Column::new("Value").centred(),
        Column::new("Source"),
    ];
    // The game's length is printed once, in the title.
    let rows: Vec<Vec<Cell>> = TABLE_DOCS
        .iter()
        .filter(|d| Some(d.field) != crate::rules::plugin::Plugin::game_length_field(o))
        .map(|d| {
            let v = o.table_value(d.field).unwrap_or(0);
            vec![
                Cell::new(format!(
                    "{}{}",
                    d.label,
                    if d.vedette_default { " *" } else { "" }
                )),
                Cell::new(v.to_string()).bold(),
                Cell::new(d.source),
            ]
        })
        .collect();
    flow.table(&columns, &rows);
    flow.paragraph(
        &format!(
            "Distances are in hexes of {} cm, centre to centre{}. The road bonus is a whole hex where the text gives 3 cm (+50% for a 2-hex move against its +25%) (M18).",
            o.cm_per_hex,
            match o.distance_count {
                crate::rules::hits16::model::DistanceCount::Centre => "",
                crate::rules::hits16::model::DistanceCount::Gap => " (\"within X cm\" counts the hexes between)",
            }
        ),
        BODY,
    );
}

/// The field of fire from a unit facing up, in the scenario's mode:
/// hexes in the field shaded, out to 6 hexes (M21, M49).
fn field_of_fire(flow: &mut Flow, o: &Hits16Options) {
    let title = match o.fire_arc {
        FireArc::Corners45 => "Field of fire (M21): 45° from the front corners",
        FireArc::Centre45 => "Field of fire (M21): 45° from the centre",
        FireArc::Wedge120 => "Field of fire (M49): the 120° wedge",
    };
    let size = 3.2f32;
    let h = size * 3f32.sqrt() * 7.5;
    flow.heading(title, h + 12.0);
    let grid = Grid::new(Orientation::FlatTop, Stagger::Even);
    let origin = Hex::new(8, 9);
    let layout = Layout {
        grid,
        size: f64::from(size),
        origin: Point { x: 0.0, y: 0.0 },
    };
    let oc = layout.center(origin);
    let (x0, y0) = (MARGIN + flow.text_width() / 2.0, flow.y + h - 2.0);
    let mut items = Vec::new();
    for hx in grid.range(origin, 6) {
        let c = layout.center(hx);
        if c.y > oc.y + 1e-6 {
            continue;
        }
        let pts: Vec<crate::sheet::Pt> = layout
            .corners(hx)
            .iter()
            .map(|p| pt(x0 + (p.x - oc.x) as f32, y0 + (p.y - oc.y) as f32))
            .collect();
        let fill = if hx == origin {
            Rgb(60, 60, 60)
        } else if in_field(grid, o.fire_arc, origin, 0, hx) {
            Rgb(250, 210, 120)
        } else {
            Rgb::WHITE
        };
        items.push(Item::Polygon {
            points: pts,
            fill: Some(fill),
            stroke: Some((Rgb(120, 120, 120), 0.2)),
        });
    }
    let page = flow.page();
    page.items.extend(items);
    page.items.push(Item::Text {
        at: pt(x0, y0 + 6.0),
        size: 7.0,
        text: "The shooter faces up; the shaded hexes are in its field. In a town: every direction [L70].".into(),
        bold: false,
        colour: Rgb::BLACK,
        align: Align::Centre,
    });
    flow.y = y0 + 9.0;
}

fn terrain(flow: &mut Flow, o: &Hits16Options) {
    flow.heading("Terrain (M3, M14, M24, M29, M32)", 30.0);
    let rows = [
        (
            "Woods",
            "Only skirmishers enter; cover (half hits from shooting); blocks lines of fire; no charge into it [L49][L83]",
        ),
        (
            "Town",
            "Only infantry and skirmishers end a move there; cover; blocks lines of fire; all-round fire; only infantry charge into it [L50][L70][L83]",
        ),
        ("Marsh, lake", "Impassable [L51]"),
        (
            "Hill",
            "A unit hit on a hill takes half the hand-to-hand hits [L97]",
        ),
        ("River", "Crossed only at a bridge or ford [L52]"),
        (
            "Road",
            if o.road_bonus_hexes > 0 {
                "+1 hex when every hex entered is along the road; not when charging [L53] (M18)"
            } else {
                "No bonus in this scenario (M18)"
            },
        ),
    ];
    let cells: Vec<Vec<Cell>> = rows
        .iter()
        .map(|(a, b)| vec![Cell::new(*a).bold(), Cell::new(*b)])
        .collect();
    flow.table(
        &[Column::new("Terrain"), Column::new("Effect").wrapping()],
        &cells,
    );
}

/// A roster of 16 boxes per unit, heavier every 4th: each block of four
/// is a base (M5).
fn roster(flow: &mut Flow, s: &Scenario) {
    flow.heading("Hit roster: 16 boxes, a base every 4 (M5, M36)", 30.0);
    let name_w = 70.0;
    let boxw = 5.0;
    let h = 5.5;
    for side in &s.sides {
        flow.subheading(&side.name, 12.0);
        for u in s.units.iter().filter(|u| u.side == side.id) {
            flow.need(h + 0.5);
            let y = flow.y;
            let x = Hits16Unit::read(u);
            // The name shortened to end before the boxes.
            let (text, size) = crate::sheet::font::fit_text(
                &format!("{} ({})", u.designation, x.troop.name()),
                7.5,
                name_w - 2.0,
                false,
            );
            let page = flow.page();
            page.items.push(Item::Text {
                at: pt(MARGIN, y + h - 1.5),
                size,
                text,
                bold: false,
                colour: Rgb::BLACK,
                align: Align::Left,
            });
            for k in 0..16u32 {
                let left = MARGIN + name_w + k as f32 * boxw + (k / 4) as f32 * 2.0;
                let taken = k < x.hits;
                page.items.push(crate::sheet::flow::rect(
                    left,
                    y + 0.5,
                    left + boxw - 0.8,
                    y + h - 0.3,
                    Some(if taken { Rgb(90, 90, 90) } else { Rgb::WHITE }),
                    Some((Rgb::BLACK, if k % 4 == 3 { 0.5 } else { 0.2 })),
                ));
            }
            flow.y = y + h;
        }
        flow.y += 2.0;
    }
}
