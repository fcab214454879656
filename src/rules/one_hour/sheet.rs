//! The setup sheet's sections for One Hour Napoleonic (issue 21, item 4):
//! the victory conditions the scenario sets (objectives, army morale, the
//! turn limit: H9), orders of battle by side and command with quality,
//! traits and facing, the leaders and their abilities (H23-H25), the
//! reinforcements, the tables a player needs (turn sequence, shooting dice
//! by range, hit numbers, charges, move rates, rally, leader risk: H9-H33),
//! the terrain chart (H34), each side's deck listed, a hit roster to mark
//! with a pencil; and, after the sheet, both decks as cut-out cards, eight
//! to a page.
//!
//! Numbers come from the scenario's options, the data the engine plays
//! (`engine::one_hour::Board` for objectives and army morale), so the
//! sheet says what the engine does.

use crate::rules::one_hour::engine::Board;
use crate::rules::one_hour::model::{
    Band, CardEffect, Commands, OneHourOptions, OneHourUnit, Quality, Terrain, UnitType,
};
use crate::scenario::{Map, Placement, RuleSet, Scenario, Unit};
use crate::sheet::flow::{Cell, Column, Flow};
use crate::sheet::sections::counter_cell;
use crate::sheet::{Align, Item, MARGIN, Page, Paper, Rgb, pt};

const BODY: f32 = 8.5;

fn options(s: &Scenario) -> Option<&OneHourOptions> {
    match &s.rules {
        RuleSet::OneHour(o) => Some(o),
        _ => None,
    }
}

fn halves(h: u32) -> String {
    crate::rules::one_hour::engine::check::halves(h)
}

/// "1: 3D6, 2-4: 2D6, 5-8: 1D6".
fn bands(table: &[Band]) -> String {
    if table.is_empty() {
        return "never shoots".into();
    }
    let mut from = 1;
    table
        .iter()
        .map(|b| {
            let r = if from == b.to {
                format!("{from}")
            } else {
                format!("{from}-{}", b.to)
            };
            from = b.to.saturating_add(1);
            format!("{r}: {}D6", b.dice)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn traits(o: &OneHourOptions, x: &OneHourUnit) -> String {
    let mut t = Vec::new();
    for (on, word) in [
        (x.steadfast, "steadfast"),
        (x.conscript, "conscript"),
        (x.reluctant, "reluctant"),
        (x.impetuous, "impetuous"),
        (o.has_shock(x), "shock"),
        (x.rifles, "rifles"),
    ] {
        if on {
            t.push(word);
        }
    }
    t.join(", ")
}

/// The sections, in order, after the map.
pub fn sections(flow: &mut Flow, s: &Scenario, map: &Map) {
    let Some(o) = options(s) else {
        return;
    };
    order_of_battle(flow, s, o);
    reinforcements(flow, s, o);
    turn_and_tables(flow, o);
    terrain_chart(flow, s, map, o);
    decks(flow, s, o);
    roster(flow, s, o);
}

/// The victory conditions (H9): objectives held at the turn limit, the
/// tie-break, and army morale.
pub fn victory(flow: &mut Flow, s: &Scenario, map: &Map) {
    flow.heading("Victory conditions (H9)", 15.0);
    let board = Board::new(s, map).ok();
    let limit = board.as_ref().map_or(s.turns, |b| b.turn_limit);
    let names: Vec<String> = s.sides.iter().map(|x| x.name.clone()).collect();
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    if let Some(b) = &board {
        for (i, m) in b.morale.iter().enumerate() {
            if let Some(m) = m {
                flow.paragraph(
                    &format!(
                        "{} loses at once when {m} of its units have routed (its army's breaking point).",
                        name(i)
                    ),
                    BODY + 0.5,
                );
            }
        }
    }
    flow.paragraph(
        &format!(
            "After Game-Turn {limit} the side holding objectives worth more wins; if they are \
             even, the side that has lost fewer units; if that is even too, the game is a draw. \
             A side with no units left on the map and none to come loses."
        ),
        BODY + 0.5,
    );
    if !s.victory.victory_hexes.is_empty() {
        flow.subheading(
            "Objectives: held by the side whose unit last stood in the box",
            10.0,
        );
        crate::sheet::sections::victory_box_table(flow, s, map, "Held at the start by");
    }
}

/// Each side by command: box, counter, type, quality and hits, traits,
/// facing; then its leaders.
fn order_of_battle(flow: &mut Flow, s: &Scenario, o: &OneHourOptions) {
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
        let mut commands: Vec<String> = Vec::new();
        for u in &units {
            let c = OneHourUnit::read(u).command;
            if !commands.contains(&c) {
                commands.push(c);
            }
        }
        for c in &commands {
            let leaders: Vec<String> = o
                .leaders
                .iter()
                .filter(|l| {
                    l.side == side.id && matches!(&l.commands, Commands::Listed(v) if v.contains(c))
                })
                .map(|l| l.name.clone())
                .collect();
            let title = if c.is_empty() {
                "Units of no command".to_string()
            } else if leaders.is_empty() {
                c.clone()
            } else {
                format!("{c} — {}", leaders.join(", "))
            };
            flow.subheading(&title, 18.0);
            let columns = [
                Column::new("Box"),
                Column::new("Unit"),
                Column::new("Type"),
                Column::new("Quality"),
                Column::new("Hits").centred(),
                Column::new("Traits"),
                Column::new("Facing").centred(),
            ];
            let rows: Vec<Vec<Cell>> = units
                .iter()
                .filter(|u| &OneHourUnit::read(u).command == c)
                .map(|u| {
                    let x = OneHourUnit::read(u);
                    vec![
                        Cell::new(match &u.placement {
                            Placement::Start(h) => h.label(),
                            Placement::Reinforcement { turn, .. } => format!("turn {turn}"),
                            Placement::Variant { .. } => "variant".into(),
                        })
                        .bold(),
                        counter_cell(s, u),
                        Cell::new(x.unit_type.name()),
                        Cell::new(x.quality.name()),
                        Cell::new(o.hits_of(&x).to_string()),
                        Cell::new(traits(o, &x)),
                        Cell::new(u.facing.map_or("—", |d| d.name())),
                    ]
                })
                .collect();
            flow.table(&columns, &rows);
        }
        let leaders: Vec<Vec<Cell>> = o
            .leaders
            .iter()
            .filter(|l| l.side == side.id)
            .map(|l| {
                let mut ability = Vec::new();
                if l.force_fire_reroll {
                    ability.push(
                        "an enemy shooting at a unit within 1 box rerolls one hit, once a turn",
                    );
                }
                if l.melee_reroll_miss {
                    ability.push("a charger within 1 box rerolls one missed die, once a turn");
                }
                let at = l.start.map_or("—".into(), |h| h.label());
                vec![
                    Cell::new(match l.arrives {
                        Some(t) => format!("{at}, turn {t}"),
                        None => at,
                    })
                    .bold(),
                    Cell::new(l.name.clone()),
                    Cell::new(match &l.commands {
                        Commands::All => "every command".to_string(),
                        Commands::Listed(v) => v.join(", "),
                    }),
                    Cell::new(ability.join("; ")),
                ]
            })
            .collect();
        if !leaders.is_empty() {
            flow.subheading("Leaders (H23-H25)", 14.0);
            let columns = [
                Column::new("Box"),
                Column::new("Leader"),
                Column::new("Leads"),
                Column::new("Ability").wrapping(),
            ];
            flow.table(&columns, &leaders);
        }
    }
}

fn reinforcements(flow: &mut Flow, s: &Scenario, o: &OneHourOptions) {
    let mut rows: Vec<(u32, Vec<Cell>)> = Vec::new();
    for u in &s.units {
        if let Placement::Reinforcement { turn, entry } = &u.placement {
            let x = OneHourUnit::read(u);
            let side = s
                .side(&u.side)
                .map_or(u.side.to_string(), |x| x.name.clone());
            rows.push((
                *turn,
                vec![
                    Cell::new(format!("Game-Turn {turn}")).bold(),
                    Cell::new(side),
                    counter_cell(s, u),
                    Cell::new(x.unit_type.name()),
                    Cell::new(o.hits_of(&x).to_string()),
                    Cell::new(
                        entry
                            .iter()
                            .map(|h| h.label())
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                ],
            ));
        }
    }
    for l in &o.leaders {
        if let (Some(turn), Some(at)) = (l.arrives, l.start) {
            let side = s
                .side(&l.side)
                .map_or(l.side.to_string(), |x| x.name.clone());
            rows.push((
                turn,
                vec![
                    Cell::new(format!("Game-Turn {turn}")).bold(),
                    Cell::new(side),
                    Cell::new(l.name.clone()),
                    Cell::new("Leader"),
                    Cell::new("—"),
                    Cell::new(at.label()),
                ],
            ));
        }
    }
    if rows.is_empty() {
        return;
    }
    rows.sort_by_key(|(t, _)| *t);
    flow.heading("Reinforcements", 30.0);
    flow.paragraph(
        "A reinforcement arrives at the start of its side's player turn, in the first of its \
         entry boxes that is free, facing as shown in the order of battle; if all are held it \
         waits a turn. A leader arrives in his box unless the enemy holds it.",
        BODY,
    );
    let columns = [
        Column::new("Arrives"),
        Column::new("Side"),
        Column::new("Unit"),
        Column::new("Type"),
        Column::new("Hits").centred(),
        Column::new("Entry boxes"),
    ];
    let rows: Vec<Vec<Cell>> = rows.into_iter().map(|(_, r)| r).collect();
    flow.table(&columns, &rows);
}

/// The turn sequence and the tables of H13-H33.
fn turn_and_tables(flow: &mut Flow, o: &OneHourOptions) {
    let t = &o.troops;
    flow.heading("The turn (H9-H11)", 40.0);
    flow.paragraph(
        "Each Game-Turn is two player turns. In its player turn a side (1) draws its chance card \
         and resolves it, (2) shoots with any of its units, (3) moves, charges, forms or leaves \
         square and rallies. A unit moves OR shoots. No box may hold two units when step 3 ends.",
        BODY,
    );
    flow.subheading("Units (H12-H15, H27, H33)", 30.0);
    let columns = [
        Column::new("Type"),
        Column::new("Move").centred(),
        Column::new("Column, across country / on road").centred(),
        Column::new("Shooting: range in boxes and dice").wrapping(),
        Column::new("Charge dice").centred(),
    ];
    let rows: Vec<Vec<Cell>> = UnitType::ALL
        .iter()
        .map(|&ty| {
            let m = *t.move_halves.get(ty);
            let c = t.column.get(ty);
            let mut shoot = bands(t.dice.get(ty));
            if ty == UnitType::LightInfantry {
                shoot = format!("{shoot}; rifles {}", bands(&t.rifles_dice));
            }
            let charge = *t.charge_dice.get(ty);
            vec![
                Cell::new(ty.name()).bold(),
                Cell::new(halves(m)),
                Cell::new(format!(
                    "{} / {}",
                    halves(m.saturating_add(c.cross_country)),
                    halves(m.saturating_add(c.road))
                )),
                Cell::new(shoot),
                Cell::new(if charge == 0 {
                    "—".to_string()
                } else {
                    format!("{charge}D6")
                }),
            ]
        })
        .collect();
    flow.table(&columns, &rows);
    flow.paragraph(
        &format!(
            "Leaders alone move {} in any direction. Steps go straight ahead (1) or 45 \
             degrees ahead (1.5); a unit pivots only before and after its move. Cavalry charging \
             heavy cavalry roll {}D6.",
            crate::words::counted(halves(t.leader_move_halves), "box", "boxes"),
            t.vs_heavy_cavalry_dice
        ),
        BODY,
    );
    flow.subheading("Hits (H13, H17)", 24.0);
    flow.paragraph(
        &format!(
            "Each die hits on 3+; one halving 5+; two or more 6. Units rout at their hits: \
             {} {}, {} {}, {} {}, {} {}; a leader of its command in its box allows one more. \
             Artillery doubles its dice against a flank or a square; a charge doubles against a \
             flank, light infantry or guns in the open; shock adds a die.",
            Quality::Poor.name(),
            t.quality_hits.poor,
            Quality::Good.name(),
            t.quality_hits.good,
            Quality::Excellent.name(),
            t.quality_hits.excellent,
            Quality::OldGuard.name(),
            t.quality_hits.old_guard
        ),
        BODY,
    );
    flow.paragraph(
        "Halvings: cover (light infantry ignore it, artillery ignores all but fortification, \
         towns shelter only infantry); light infantry targets of infantry or artillery fire; a \
         charge into woods or over a bridge; a charger in column of route. Cavalry charging a \
         town or strongpoint hit on 5+ against cavalry or guns and 6 against infantry.",
        BODY,
    );
    flow.paragraph(
        "3 hits from one shot (2 for conscripts, never for steadfast units) drive the target \
         back one box directly away. Line infantry that routs its target at 1 box may advance \
         into the box.",
        BODY,
    );
    flow.subheading("Rally and leader risk (H21, H24)", 24.0);
    let columns = [Column::new("1D6"), Column::new("Rally")];
    let rows = vec![
        vec![Cell::new("1"), Cell::new("no effect")],
        vec![Cell::new("2, 3, 4"), Cell::new("regain 1 hit")],
        vec![Cell::new("5, 6"), Cell::new("regain 2 hits")],
    ];
    flow.table(&columns, &rows);
    flow.paragraph(
        &format!(
            "A unit that has neither moved nor shot, is not next to an enemy and has hits may \
             rally instead of moving; +{} with a leader of its command in its box. A leader in a \
             box that takes hits is lost on 2D6 = 2; in a box whose unit routs, or overrun, on \
             1D6 = 1, and an overrun leader who survives retires one box.",
            o.rally_leader_bonus
        ),
        BODY,
    );
}

/// What each terrain kind of the map is to these rules (H34, H35).
fn terrain_chart(flow: &mut Flow, s: &Scenario, map: &Map, o: &OneHourOptions) {
    let _ = s;
    flow.heading("Terrain (H34, H35)", 30.0);
    let columns = [
        Column::new("Terrain"),
        Column::new("Who may enter"),
        Column::new("Cover").centred(),
        Column::new("Line of sight").wrapping(),
    ];
    let mut rows: Vec<Vec<Cell>> = map
        .terrain_kinds
        .iter()
        .map(|k| {
            let role = o.terrain_role(&k.id);
            let (enter, cover, sight) = match role {
                Terrain::Open => ("all", "—", "clear"),
                Terrain::Woods => (
                    "infantry and leaders; cavalry and guns by road in column",
                    "cover",
                    "blocks",
                ),
                Terrain::Town => (
                    "all; only infantry occupy it (all round front)",
                    "infantry",
                    "blocks",
                ),
                Terrain::River | Terrain::Marsh | Terrain::Lake => {
                    ("only by road in column of route", "—", "clear")
                }
                Terrain::Bridge | Terrain::Ford => ("all", "—", "clear"),
                Terrain::Impassable => ("none", "—", "clear"),
            };
            vec![
                Cell::new(k.name.clone())
                    .art(crate::sheet::flow::Art::Swatch(Rgb::from_colour(k.colour))),
                Cell::new(enter),
                Cell::new(cover),
                Cell::new(sight),
            ]
        })
        .collect();
    if map.hexes.values().any(|d| d.stronghold) {
        rows.push(vec![
            Cell::new("Strongpoint"),
            Cell::new("all; a town for every rule"),
            Cell::new("infantry"),
            Cell::new("blocks"),
        ]);
    }
    if map.hexes.values().any(|d| d.elevation > 0) {
        rows.push(vec![
            Cell::new("Hill (ground level)"),
            Cell::new("all"),
            Cell::new("—"),
            Cell::new("blocks if higher than both ends; fire over units from higher ground"),
        ]);
    }
    flow.table(&columns, &rows);
    let corner_road = map.has_corner_road();
    let mut roads =
        "Roads help only units in column of route moving along them, and charges along them."
            .to_string();
    if corner_road {
        let default = o.road_diagonal_cost == OneHourOptions::default().road_diagonal_cost;
        roads.push_str(&format!(
            " A road drawn across a box corner carries a column diagonally; such a step costs {} {} (H33, H46), and the column then faces either side of that corner.",
            crate::words::counted(halves(o.road_diagonal_cost), "box", "boxes"),
            if default { "(the rules' figure)" } else { "(this scenario's option)" }
        ));
    }
    flow.paragraph(&roads, BODY);
}

fn effect_words(e: CardEffect) -> String {
    e.words()
}

/// Each side's deck, as a list (the cut-out cards follow the sheet).
fn decks(flow: &mut Flow, s: &Scenario, o: &OneHourOptions) {
    for d in &o.decks {
        let side = s
            .side(&d.side)
            .map_or(d.side.to_string(), |x| x.name.clone());
        flow.heading(
            &format!(
                "{side} chance cards ({}, H38-H43)",
                crate::words::counted(d.cards.len(), "card", "cards")
            ),
            30.0,
        );
        let columns = [Column::new("Card"), Column::new("Effect").wrapping()];
        let rows: Vec<Vec<Cell>> = d
            .cards
            .iter()
            .map(|c| {
                vec![
                    Cell::new(c.title.clone()).bold(),
                    Cell::new(effect_words(c.effect)),
                ]
            })
            .collect();
        flow.table(&columns, &rows);
    }
    if !o.decks.is_empty() {
        flow.paragraph(
            "The side a card helps chooses its units; for a card that harms the drawer, the \
             opponent chooses. 1-3 is 1D6 halved rounding up; 1-2 is 1-3 = 1, 4-6 = 2. An empty \
             deck is reshuffled.",
            BODY,
        );
    }
}

/// A box per hit each unit can take (and one for a leader's), to mark
/// with a pencil.
fn roster(flow: &mut Flow, s: &Scenario, o: &OneHourOptions) {
    flow.heading("Hit roster (the last box is an attached leader's)", 30.0);
    let name_w = 80.0;
    let boxw = 5.0;
    let h = 5.5;
    for side in &s.sides {
        flow.subheading(&side.name, 12.0);
        for u in s.units.iter().filter(|u| u.side == side.id) {
            flow.need(h + 0.5);
            let y = flow.y;
            let x = OneHourUnit::read(u);
            let n = o.hits_of(&x).saturating_add(1);
            let page = flow.page();
            page.items.push(Item::Text {
                at: pt(MARGIN, y + h - 1.5),
                size: 7.5,
                text: format!("{} ({})", u.designation, x.unit_type.name()),
                bold: false,
                colour: Rgb::BLACK,
                align: Align::Left,
            });
            for k in 0..n.min(20) {
                let left = MARGIN + name_w + k as f32 * boxw;
                let leader = k + 1 == n;
                page.items.push(crate::sheet::flow::rect(
                    left,
                    y + 0.5,
                    left + boxw - 0.8,
                    y + h - 0.3,
                    Some(if leader {
                        Rgb(230, 230, 230)
                    } else {
                        Rgb::WHITE
                    }),
                    Some((Rgb::BLACK, 0.2)),
                ));
            }
            flow.y = y + h;
        }
        flow.y += 2.0;
    }
}

/// Both decks as cut-out cards, eight to a page (two across, four down),
/// each with its side, title, effect and text, and its number in the
/// deck; each deck starts a page.
pub fn card_pages(s: &Scenario, paper: Paper) -> Vec<Page> {
    let Some(o) = options(s) else {
        return Vec::new();
    };
    let (pw, ph) = paper.size_mm();
    let (cols, rows) = (2usize, 4usize);
    let foot = 12.0;
    let (cw, chh) = (
        (pw - 2.0 * MARGIN) / cols as f32,
        (ph - 2.0 * MARGIN - foot) / rows as f32,
    );
    let mut pages = Vec::new();
    for d in &o.decks {
        let side = s.side(&d.side);
        let name = side.map_or(d.side.to_string(), |x| x.name.clone());
        let colour = side.map_or(Rgb(90, 90, 90), |x| Rgb::from_colour(x.colour));
        for (chunk_i, chunk) in d.cards.chunks(cols * rows).enumerate() {
            let mut page = Page::new(pw, ph);
            // Cut lines: the grid of card edges, thin and grey.
            let grey = Rgb(150, 150, 150);
            for c in 0..=cols {
                let x = MARGIN + c as f32 * cw;
                page.items.push(Item::Line {
                    from: pt(x, MARGIN - 4.0),
                    to: pt(x, MARGIN + rows as f32 * chh + 4.0),
                    colour: grey,
                    width: 0.2,
                });
            }
            for r in 0..=rows {
                let y = MARGIN + r as f32 * chh;
                page.items.push(Item::Line {
                    from: pt(MARGIN - 4.0, y),
                    to: pt(MARGIN + cols as f32 * cw + 4.0, y),
                    colour: grey,
                    width: 0.2,
                });
            }
            for (k, card) in chunk.iter().enumerate() {
                let number = chunk_i * cols * rows + k + 1;
                let (c, r) = (k % cols, k / cols);
                let (x, y) = (MARGIN + c as f32 * cw, MARGIN + r as f32 * chh);
                let inset = 4.0;
                // The side's band across the top.
                page.items.push(crate::sheet::flow::rect(
                    x + inset,
                    y + inset,
                    x + cw - inset,
                    y + inset + 8.0,
                    Some(colour),
                    None,
                ));
                page.items.push(Item::Text {
                    at: pt(x + inset + 2.0, y + inset + 5.8),
                    size: 9.0,
                    text: format!("{name} chance card"),
                    bold: true,
                    colour: Rgb::WHITE,
                    align: Align::Left,
                });
                page.items.push(Item::Text {
                    at: pt(x + cw - inset - 2.0, y + inset + 5.8),
                    size: 8.0,
                    text: format!("{number}/{}", d.cards.len()),
                    bold: false,
                    colour: Rgb::WHITE,
                    align: Align::Right,
                });
                let width = cw - 2.0 * inset - 4.0;
                let mut ty = y + inset + 16.0;
                for line in crate::sheet::font::wrap(&card.title, width, 13.0, true) {
                    page.items.push(Item::Text {
                        at: pt(x + inset + 2.0, ty),
                        size: 13.0,
                        text: line,
                        bold: true,
                        colour: Rgb::BLACK,
                        align: Align::Left,
                    });
                    ty += 5.5;
                }
                ty += 1.5;
                let effect = match card.effect {
                    CardEffect::NoEffect => "No effect.".to_string(),
                    e => format!("{}.", effect_words(e)),
                };
                for line in crate::sheet::font::wrap(&effect, width, 10.0, true) {
                    page.items.push(Item::Text {
                        at: pt(x + inset + 2.0, ty),
                        size: 10.0,
                        text: line,
                        bold: true,
                        colour: Rgb(40, 40, 40),
                        align: Align::Left,
                    });
                    ty += 4.3;
                }
                ty += 2.0;
                for line in crate::sheet::font::wrap(&card.text, width, 9.0, false) {
                    if ty > y + chh - inset - 2.0 {
                        break;
                    }
                    page.items.push(Item::Text {
                        at: pt(x + inset + 2.0, ty),
                        size: 9.0,
                        text: line,
                        bold: false,
                        colour: Rgb(70, 70, 70),
                        align: Align::Left,
                    });
                    ty += 3.9;
                }
            }
            pages.push(page);
        }
    }
    pages
}
