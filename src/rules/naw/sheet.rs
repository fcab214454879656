//! Napoleon at Waterloo's setup-sheet sections: orders of battle with
//! strengths, reinforcements, the victory conditions of [8.0]-[8.4], the
//! variant's chits, the CRT and the loss tracks.

use crate::hex::Hex;
use crate::scenario::{CombatResult, Map, Placement, Scenario, SideId, Unit};
use crate::sheet::flow::{BODY, Cell, Column, Flow, rect};
use crate::sheet::font::MM_PER_PT;
use crate::sheet::sections::counter_cell;
use crate::sheet::sections::{hex_list, hex_ranges, side_name};
use crate::sheet::{Align, Item, MARGIN, Rgb, pt};

/// The order of battle at start, one table per side, sorted by hex.
pub fn order_of_battle(flow: &mut Flow, s: &Scenario, map: &Map) {
    for side in &s.sides {
        let mut units: Vec<(&Unit, Hex)> = s
            .units_at_start()
            .filter(|(u, _)| u.side == side.id)
            .collect();
        units.sort_by_key(|&(u, h)| (h, u.id.as_str().to_string()));
        let strength: u32 = units.iter().map(|(u, _)| u.strength).sum();
        flow.heading(
            &format!(
                "Order of battle: {} ({}, {} at start)",
                side.name,
                crate::words::counted(units.len(), "unit", "units"),
                crate::words::counted(strength, "strength point", "strength points")
            ),
            20.0,
        );
        if units.is_empty() {
            flow.paragraph("No units on the map at start.", BODY);
            continue;
        }
        let columns = [
            Column::new("Hex"),
            Column::new("Unit"),
            Column::new("Type"),
            Column::new("Strength-Move").centred(),
            Column::new("Contingent"),
            Column::new("Place").wrapping(),
        ];
        let rows: Vec<Vec<Cell>> = units
            .iter()
            .map(|&(u, h)| {
                vec![
                    Cell::new(h.label()).bold(),
                    counter_cell(s, u),
                    Cell::new(u.kind.name()),
                    Cell::new(s.rules.counter_label(u)),
                    Cell::new(u.contingent.clone().unwrap_or_default()),
                    Cell::new(map.place_at(h).map(|p| p.name.clone()).unwrap_or_default()),
                ]
            })
            .collect();
        flow.table(&columns, &rows);
    }
}

/// Reinforcements by Game-Turn with their entry hexes, then the units held
/// for a variant.
pub fn reinforcements(flow: &mut Flow, s: &Scenario, map: &Map) {
    let mut due: Vec<(u32, &Unit, &Vec<Hex>)> = s
        .units
        .iter()
        .filter_map(|u| match &u.placement {
            Placement::Reinforcement { turn, entry } => Some((*turn, u, entry)),
            _ => None,
        })
        .collect();
    let held: Vec<&Unit> = s
        .units
        .iter()
        .filter(|u| matches!(u.placement, Placement::Variant { .. }))
        .collect();
    if due.is_empty() && held.is_empty() {
        return;
    }
    flow.heading("Reinforcements", 25.0);
    flow.paragraph(
        "Reinforcements enter during their side's Movement Phase of the Game-Turn shown, through any of the entry hexes listed (ringed on the map).",
        BODY,
    );
    due.sort_by_key(|&(t, u, _)| {
        (
            t,
            s.sides.iter().position(|x| x.id == u.side),
            u.id.as_str().to_string(),
        )
    });
    let columns = [
        Column::new("Arrives"),
        Column::new("Side"),
        Column::new("Unit"),
        Column::new("Type"),
        Column::new("Strength-Move").centred(),
        Column::new("Entry hexes").wrapping(),
    ];
    let mut rows = Vec::new();
    let mut last: Option<(u32, Vec<Hex>)> = None;
    for &(turn, u, entry) in &due {
        let key = (turn, entry.clone());
        let first = last.as_ref() != Some(&key);
        let new_turn = last.as_ref().is_none_or(|(t, _)| *t != turn);
        rows.push(vec![
            // The turn is written where its group starts.
            Cell::new(if new_turn {
                format!("Game-Turn {turn}")
            } else {
                String::new()
            })
            .bold(),
            Cell::new(side_name(s, &u.side)),
            counter_cell(s, u),
            Cell::new(u.kind.name()),
            Cell::new(s.rules.counter_label(u)),
            // The same entry list for a whole group is written once.
            Cell::new(if first {
                hex_list(map, entry)
            } else {
                "as above".to_string()
            }),
        ]);
        last = Some(key);
    }
    if !rows.is_empty() {
        flow.table(&columns, &rows);
    }
    if !held.is_empty() {
        let variant = s.variants.first().map_or("a variant", |v| v.name.as_str());
        flow.subheading(&format!("Held for the {variant} variant"), 15.0);
        flow.paragraph(
            &format!(
                "These units enter only when a chit of the {variant} variant schedules them (see the chit table)."
            ),
            BODY,
        );
        let mut rows = Vec::new();
        let mut last: Option<Vec<Hex>> = None;
        for u in held {
            let entry = match &u.placement {
                Placement::Variant { entry } => entry.clone(),
                _ => Vec::new(),
            };
            let first = last.as_ref() != Some(&entry);
            rows.push(vec![
                Cell::new("by chit"),
                Cell::new(side_name(s, &u.side)),
                counter_cell(s, u),
                Cell::new(u.kind.name()),
                Cell::new(s.rules.counter_label(u)),
                Cell::new(if first {
                    hex_list(map, &entry)
                } else {
                    "as above".to_string()
                }),
            ]);
            last = Some(entry);
        }
        flow.table(&columns, &rows);
    }
}

/// The victory conditions in words, from the scenario's data and its rule
/// set's victory rules.
pub fn victory_text(s: &Scenario) -> Vec<String> {
    let mut out = Vec::new();
    let threshold = |id: &SideId| s.loss_threshold(id);
    if let Some(exit) = s.victory.exits.first() {
        // Napoleon at Waterloo [8.0]-[8.4]: the exiting side must demoralize
        // the other and get units off the map; the other wins on losses.
        let f = side_name(s, &exit.side);
        let other = s.sides.iter().find(|x| x.id != exit.side);
        let a = other.map_or_else(|| "the other side".to_string(), |x| x.name.clone());
        let tf = threshold(&exit.side);
        let ta = other.and_then(|x| threshold(&x.id));
        if let (Some(tf), Some(ta)) = (tf, ta) {
            out.push(format!(
                "{a} wins at once by destroying {tf} {f} strength points before losing {ta} of its own [8.1]."
            ));
            out.push(format!(
                "{a} is demoralized as soon as it has lost {ta} strength points: from then on its attacks are shifted one column to the left on the CRT and {f}'s attacks one column to the right [8.2]."
            ));
        }
        out.push(format!(
            "{f} wins at once when {a} is demoralized and {f} has moved at least {} off the map through the exit hexes ({}) during its Movement Phases. Units forced off the map by combat are destroyed, not exited [8.3].",
            crate::words::counted(exit.units, "unit", "units"),
            hex_ranges(&exit.hexes)
        ));
        out.push(format!(
            "If neither side has won after Game-Turn {}, the game is a draw [8.4]. If both sides reach their loss limits in the same combat, {f} wins if it has already exited its {}, otherwise {a} wins.",
            s.turns,
            crate::words::counted(exit.units, "unit", "units")
        ));
    } else {
        for t in &s.victory.loss_thresholds {
            out.push(format!(
                "{} loses when it has lost {} strength points.",
                side_name(s, &t.side),
                t.points
            ));
        }
        out.push(format!(
            "If no side has won after Game-Turn {}, the game is a draw.",
            s.turns
        ));
    }
    for v in &s.victory.victory_hexes {
        out.push(format!(
            "Hex {} is worth {} to {} while it holds it.",
            v.hex.label(),
            crate::words::counted(v.points, "point", "points"),
            side_name(s, &v.side)
        ));
    }
    out
}

pub fn victory(flow: &mut Flow, s: &Scenario) {
    flow.heading("Victory conditions", 15.0);
    for p in victory_text(s) {
        flow.paragraph(&p, BODY + 0.5);
    }
}

/// The most boxes a loss track draws (ten rows of twenty).
const MAX_TRACK_BOXES: u32 = 200;

/// A track of boxes 1 to 40 (or the loss limit, if higher) per side, with
/// the loss limit marked; past 200 points each box stands for several.
pub fn loss_tracks(flow: &mut Flow, s: &Scenario) {
    let width = flow.text_width();
    flow.heading("Loss tracks (strength points lost)", 30.0);
    for side in &s.sides {
        let limit = s.loss_threshold(&side.id);
        let points = limit.unwrap_or(40).max(40);
        // A bounded cost whatever the limit (issue 35 item 33: a limit of
        // 9,999,999 drew one box a point and hung at 1.9 GB): at most
        // MAX_TRACK_BOXES boxes, each standing for `step` points.
        let step = points.div_ceil(MAX_TRACK_BOXES).max(1);
        let n = points.div_ceil(step);
        let per_row = 20u32;
        let w = width / per_row as f32;
        let h = 6.5;
        let rows = n.div_ceil(per_row);
        flow.need(6.0 + rows as f32 * h + 3.0);
        let each = if step > 1 {
            format!(" (each box {step} points)") // count: step > 1
        } else {
            String::new()
        };
        let label = match limit {
            Some(l) => format!("{}: loss limit {l}{each}", side.name),
            None => side.name.clone(),
        };
        let y = flow.y + 10.0 * MM_PER_PT;
        flow.page()
            .text(pt(MARGIN, y), 9.0, label, true, Align::Left);
        let y0 = y + 1.5;
        let colour = Rgb::from_colour(side.colour);
        let page = flow.page();
        for b in 1..=n {
            let i = b - 1;
            let k = b.saturating_mul(step);
            let (x, y) = (
                MARGIN + (i % per_row) as f32 * w,
                y0 + (i / per_row) as f32 * h,
            );
            // The box holding the limit.
            let at_limit = limit.is_some_and(|l| l <= k && l > k - step);
            page.items.push(rect(
                x,
                y,
                x + w,
                y + h,
                Some(if at_limit { colour } else { Rgb::WHITE }),
                Some((Rgb::BLACK, if at_limit { 0.5 } else { 0.2 })),
            ));
            page.items.push(Item::Text {
                at: pt(x + w / 2.0, y + h / 2.0 + 1.0),
                size: 7.0,
                text: k.to_string(),
                bold: at_limit,
                colour: if at_limit {
                    crate::sheet::map_page::ink_on(colour)
                } else {
                    Rgb(60, 60, 60)
                },
                align: Align::Centre,
            });
        }
        flow.y = y0 + rows as f32 * h + 2.5;
    }
}

/// Each variant: its description and each side's chit table.
pub fn chits(flow: &mut Flow, s: &Scenario) {
    for v in &s.variants {
        flow.heading(&format!("{} variant: chit tables", v.name), 25.0);
        if !v.description.is_empty() {
            flow.paragraph(&v.description, BODY);
        }
        for t in &v.tables {
            flow.subheading(&format!("{} chits", side_name(s, &t.side)), 12.0);
            let columns = [
                Column::new("Chit").centred(),
                Column::new("Effect").wrapping(),
                Column::new("Changed units").wrapping(),
            ];
            let rows: Vec<Vec<Cell>> = t
                .chits
                .iter()
                .map(|c| {
                    let changes = c
                        .changes
                        .iter()
                        .map(|ch| {
                            let units = ch
                                .units
                                .iter()
                                .map(|id| {
                                    s.unit(id).map_or_else(
                                        || id.as_str().to_string(),
                                        |u| {
                                            format!(
                                                "{} {}",
                                                u.designation,
                                                s.rules.counter_label(u)
                                            )
                                        },
                                    )
                                })
                                .collect::<Vec<_>>()
                                .join(", ");
                            match ch.turn {
                                Some(t) => format!("Game-Turn {t}: {units}"),
                                None => format!("never: {units}"),
                            }
                        })
                        .collect::<Vec<_>>()
                        .join("; ");
                    vec![
                        Cell::new(c.code.to_string()).bold(),
                        Cell::new(c.text.clone()),
                        Cell::new(if changes.is_empty() {
                            "—".into()
                        } else {
                            changes
                        }),
                    ]
                })
                .collect();
            flow.table(&columns, &rows);
        }
    }
}

fn result_colour(r: CombatResult) -> Rgb {
    match r {
        CombatResult::Ae => Rgb(244, 204, 204),
        CombatResult::Ar => Rgb(250, 228, 208),
        CombatResult::Ee => Rgb(238, 238, 238),
        CombatResult::Dr => Rgb(214, 232, 214),
        CombatResult::De => Rgb(190, 220, 190),
    }
}

/// The Combat Results Table with a legend.
pub fn crt(flow: &mut Flow, s: &Scenario) {
    flow.heading("Combat Results Table", 45.0);
    let mut columns = vec![Column::new("Die").centred()];
    columns.extend(
        s.crt
            .columns
            .iter()
            .map(|o| Column::new(&o.to_string()).centred()),
    );
    let rows: Vec<Vec<Cell>> = s
        .crt
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![Cell::new(r.die.to_string()).bold()];
            row.extend(
                r.results
                    .iter()
                    .map(|&x| Cell::new(x.code()).background(result_colour(x))),
            );
            row
        })
        .collect();
    flow.table(&columns, &rows);
    let legend = [
        CombatResult::Ae,
        CombatResult::Ar,
        CombatResult::Ee,
        CombatResult::Dr,
        CombatResult::De,
    ]
    .iter()
    .map(|r| format!("{} = {}", r.code(), r.meaning()))
    .collect::<Vec<_>>()
    .join(";  ");
    flow.paragraph(&format!("{legend}."), BODY);
    flow.paragraph(
        "Divide the attackers' total strength by the defenders' and round in the defender's favour to find the column; ratios beyond the table use its end columns, and the attacker may announce a lower column [6.2]. A demoralized side's attacks shift one column left, and its enemy's one column right [8.2].",
        BODY,
    );
}
