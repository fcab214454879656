//! The setup sheet's sections for the *Napoleon* rules (issue 19, item 6):
//! orders of battle by army, force and unit with the leaders' factors and
//! the General's command factor; the tables a player needs at the table
//! (command check, melee modifiers, gun evasion, troop characteristics,
//! the break points and the Final Step); the victory locations; the rule
//! options in play; and a roster to mark casualties with a pencil.
//!
//! Every number comes from the engine's board built from the scenario
//! (`engine::napoleon::Board`), so the sheet says what the engine plays.

use crate::rules::napoleon::engine::{Board, PieceKind, gun_evasion_number};
use crate::rules::napoleon::model::options::DocumentedOptions;
use crate::rules::napoleon::model::options::{OPTION_DOCS, OptionKind, TROOP_DOCS};
use crate::rules::napoleon::model::{LeaderMelee, NapoleonOptions, VulnerableRule};
use crate::scenario::{Map, RuleSet, Scenario, Unit};
use crate::sheet::flow::{Cell, Column, Flow};
use crate::sheet::sections::counter_cell;
use crate::sheet::{Align, Item, MARGIN, Rgb, pt};

const BODY: f32 = 8.5;

fn options(s: &Scenario) -> Option<&NapoleonOptions> {
    match &s.rules {
        RuleSet::Napoleon(o) => Some(o),
        _ => None,
    }
}

/// Whether the scenario is a pick-up battle set up by the procedure of
/// [3.2] (it scores hills and supply roads, N33).
pub fn is_pickup(s: &Scenario) -> bool {
    options(s).is_some_and(|o| o.pickup_victory.is_some())
}

/// A pick-up battle's supply roads [3.2.3] (N30), each with the name of
/// the side it supplies; none for other scenarios.
pub fn supply_roads(s: &Scenario) -> Vec<(String, Vec<crate::hex::Hex>)> {
    let Some(pv) = options(s).and_then(|o| o.pickup_victory.as_ref()) else {
        return Vec::new();
    };
    pv.roads
        .iter()
        .map(|(owner, road)| {
            let name = s
                .sides
                .iter()
                .find(|x| &x.id == owner)
                .map_or(owner.to_string(), |x| x.name.clone());
            (name, road.clone())
        })
        .collect()
}

/// The sections, in order, after the map.
pub fn sections(flow: &mut Flow, s: &Scenario, map: &Map) {
    let board = Board::new(s, map).ok();
    order_of_battle(flow, s, map, board.as_ref());
    command_table(flow, s);
    melee_table(flow, s);
    evasion_table(flow);
    troop_table(flow, s);
    rule_options(flow, s);
    roster(flow, s, board.as_ref());
}

/// The victory conditions: the break point and the Final Step [4.1], the
/// turn limit, the victory locations (N33, N98).
pub fn victory(flow: &mut Flow, s: &Scenario, map: &Map) {
    flow.heading("Victory conditions [4.1]", 15.0);
    let board = Board::new(s, map).ok();
    for (i, side) in s.sides.iter().enumerate().take(2) {
        let bp = board.as_ref().map_or("25% of its units".to_string(), |b| {
            crate::words::counted(b.armies[i].break_point, "unit", "units")
        });
        flow.paragraph(
            &format!(
                "{}: break point {bp}. In the Final Step an army that has lost its break point \
                 in units rolls a die, minus its losses beyond the break point, minus the turns \
                 finished, plus its victory location points; 0 or less and it breaks: the other \
                 side wins.",
                side.name
            ),
            BODY + 0.5,
        );
    }
    let limit = board.as_ref().and_then(|b| b.turn_limit).unwrap_or(s.turns);
    flow.paragraph(
        &format!("If neither army has broken after turn {limit}, the game is a draw."),
        BODY + 0.5,
    );
    if !s.victory.victory_hexes.is_empty() {
        flow.subheading("Victory locations (N33)", 10.0);
        crate::sheet::sections::victory_box_table(flow, s, map, "Scored by");
    }
    // A pick-up battle's hills and supply roads [3.2.8] (N33).
    if let crate::scenario::RuleSet::Napoleon(o) = &s.rules
        && let Some(pv) = &o.pickup_victory
    {
        let name = |id: &crate::scenario::SideId| {
            s.sides
                .iter()
                .find(|x| &x.id == id)
                .map_or(id.to_string(), |x| x.name.clone())
        };
        let labels =
            |hs: &[crate::hex::Hex]| hs.iter().map(|h| h.label()).collect::<Vec<_>>().join(" ");
        if !s.victory.victory_hexes.is_empty() {
            flow.paragraph(
                "A village hex scores while an infantry unit of the attacker occupies it.",
                BODY,
            );
        }
        for hill in &pv.hills {
            flow.paragraph(
                &format!(
                    "Hill {}: 1 point to {} while its units are the hill's only occupants.",
                    labels(hill),
                    name(&pv.attacker)
                ),
                BODY,
            );
        }
        for (owner, road) in &pv.roads {
            let other = s
                .sides
                .iter()
                .find(|x| &x.id != owner)
                .map_or(String::new(), |x| x.name.clone());
            flow.paragraph(
                &format!(
                    "{}'s supply road in its reserve area ({}): 1 point to {other} with a unit on it.",
                    name(owner),
                    labels(road)
                ),
                BODY,
            );
        }
    }
}

/// Each army: the General, then each force with its leader and units.
fn order_of_battle(flow: &mut Flow, s: &Scenario, map: &Map, board: Option<&Board>) {
    let dirs = map.grid().dirs();
    for (si, side) in s.sides.iter().enumerate() {
        let general = side.army.as_ref().map_or("no General".to_string(), |a| {
            format!(
                "General {} (command factor {}{}), {}",
                a.general.name,
                a.general.command_factor,
                a.general
                    .hex
                    .map_or(String::new(), |h| format!(", at {}", h.label())),
                a.nation
            )
        });
        let bp = board.map_or(String::new(), |b| {
            format!(", break point {}", b.armies[si].break_point)
        });
        flow.heading(&format!("Order of battle: {}{bp}", side.name), 30.0);
        flow.paragraph(&general, BODY + 0.5);
        for force in &side.forces {
            let leader = force.leader.as_ref().map_or("no leader".to_string(), |l| {
                format!(
                    "leader {} ({:+}){}",
                    l.name,
                    l.factor,
                    l.hex
                        .map_or(String::new(), |h| format!(", at {}", h.label()))
                )
            });
            flow.subheading(&format!("{} — {leader}", force.name), 18.0);
            let columns = [
                Column::new("Hex"),
                Column::new("Unit"),
                Column::new("Type"),
                Column::new("Combat").centred(),
                Column::new("Skirmish").centred(),
                Column::new("Move").centred(),
                Column::new("Casualties").centred(),
                Column::new("Facing").centred(),
            ];
            let rows: Vec<Vec<Cell>> = force
                .units
                .iter()
                .filter_map(|id| s.unit(id))
                .map(|u| {
                    let piece =
                        board.and_then(|b| b.piece_ix(&u.id).map(|p| &b.pieces[p as usize]));
                    // A mid-battle start shows its column (N95).
                    let kind = piece.map_or(u.kind.name().to_string(), |p| {
                        if p.column {
                            format!("{}, in column", p.kind.name())
                        } else {
                            p.kind.name().to_string()
                        }
                    });
                    let num = |f: &dyn Fn(&crate::rules::napoleon::engine::PieceInfo) -> String| {
                        piece.map_or("—".to_string(), f)
                    };
                    vec![
                        Cell::new(u.start_hex().map_or("—".into(), |h| h.label())).bold(),
                        counter_cell(s, u),
                        Cell::new(kind),
                        Cell::new(num(&|p| {
                            if p.kind.is_troop() {
                                p.combat.to_string()
                            } else {
                                "—".into()
                            }
                        })),
                        Cell::new(num(&|p| p.skirmish.to_string())),
                        Cell::new(num(&|p| p.movement.to_string())),
                        // The points that eliminate it, and those it
                        // starts with (N19).
                        Cell::new(num(&|p| {
                            if p.casualties > 0 {
                                format!("{} of {}", p.casualties, p.capacity)
                            } else {
                                p.capacity.to_string()
                            }
                        })),
                        Cell::new(
                            u.facing
                                .filter(|d| dirs.contains(d))
                                .map_or("—", |d| d.name()),
                        ),
                    ]
                })
                .collect();
            if rows.is_empty() {
                flow.paragraph("No units.", BODY);
            } else {
                flow.table(&columns, &rows);
            }
        }
        let loose: Vec<&Unit> = s
            .units
            .iter()
            .filter(|u| u.side == side.id && s.force_of(&u.id).is_none())
            .collect();
        if !loose.is_empty() {
            flow.paragraph(
                &format!(
                    "In no force (the rules activate units by force): {}",
                    loose
                        .iter()
                        .map(|u| u.designation.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                BODY,
            );
        }
    }
}

/// The command check [3.7.1.1] with its modifiers (N55).
fn command_table(flow: &mut Flow, s: &Scenario) {
    let bonus = options(s).map_or(1, |o| o.general_adjacent_bonus);
    flow.heading("Command check [3.7.1]", 40.0);
    flow.paragraph(
        "Each force takes a command check when it is activated: a die plus the modifiers \
         below. Its moves end before the next check, and its melees are fought first; the \
         force keeps cohesion.",
        BODY,
    );
    let columns = [Column::new("Modifier"), Column::new("").centred()];
    let rows = vec![
        vec![Cell::new("The leader's factor"), Cell::new("-1, 0 or +1")],
        vec![Cell::new("Under skirmishers' fire (N39)"), Cell::new("-1")],
        vec![Cell::new("Exhausted (N56)"), Cell::new("-1")],
        vec![
            Cell::new("The leader next to the General"),
            Cell::new(format!("{bonus:+}")),
        ],
    ];
    flow.table(&columns, &rows);
    let columns = [
        Column::new("Total"),
        Column::new("Result"),
        Column::new("The force").wrapping(),
    ];
    let rows = vec![
        vec![
            Cell::new("0 or less").bold(),
            Cell::new("Retreat!"),
            Cell::new("moves away from the nearest enemy, to end 3 hexes from the enemy"),
        ],
        vec![
            Cell::new("1-3").bold(),
            Cell::new("Static"),
            Cell::new("no unit of the force may move this impulse"),
        ],
        vec![
            Cell::new("4-6").bold(),
            Cell::new("Forward!"),
            Cell::new("moves as the player pleases"),
        ],
        vec![
            Cell::new("7 or more").bold(),
            Cell::new("Charge!"),
            Cell::new("every unit must move to contact the nearest enemy"),
        ],
    ];
    flow.table(&columns, &rows);
}

/// The melee modifiers [3.7.3.1], as the scenario's options set them.
fn melee_table(flow: &mut Flow, s: &Scenario) {
    let Some(o) = options(s) else {
        return;
    };
    flow.heading("Melee [3.7.3]", 60.0);
    flow.paragraph(
        "Each side rolls a die and adds its modifiers; the higher total wins. The loser takes \
         casualty points equal to the difference and moves back; the winner takes one if the \
         difference is 2 or more; a tie costs each side one and moves the attacker back.",
        BODY,
    );
    let leader = match o.leader_melee {
        LeaderMelee::AttachedPlusOnly => "+1 for a +1 leader with the unit",
        LeaderMelee::AttachedFull => "the factor of a leader with the unit",
        LeaderMelee::WholeForceFull => "the leader's factor, for every unit of the force",
    };
    let vulnerable = match o.vulnerable_rule {
        VulnerableRule::PlusTwo => ("+2", ""),
        VulnerableRule::MinusOneAndReroll => ("", "; a failed attack on it may be re-rolled"),
        VulnerableRule::Both => ("+2", "; a failed attack on it may be re-rolled"),
    };

    let columns = [
        Column::new("Modifier").wrapping(),
        Column::new("Attacker").centred(),
        Column::new("Defender").centred(),
    ];
    let mut rows = vec![
        vec![
            Cell::new("Combat factor (infantry and cavalry)"),
            Cell::new("+factor"),
            Cell::new("+factor"),
        ],
        vec![
            Cell::new("Each casualty point carried"),
            Cell::new("-1"),
            Cell::new("-1"),
        ],
        vec![
            Cell::new("Attack on a flank or the rear (not a town)"),
            Cell::new("+1"),
            Cell::new(""),
        ],
        vec![
            Cell::new("Holding a hill, faced toward an attacker from below [3.8.4]"),
            Cell::new(""),
            Cell::new("+1"),
        ],
        vec![
            Cell::new("Each supporting unit facing the enemy (N81)"),
            Cell::new("+1"),
            Cell::new("+1"),
        ],
        vec![
            Cell::new(format!("Leader (N51): {leader}")),
            Cell::new("yes"),
            Cell::new("yes"),
        ],
        vec![
            Cell::new(format!(
                "Against a vulnerable opponent: in column, on a ford, bridge or defile (N93){}",
                vulnerable.1
            )),
            Cell::new(vulnerable.0),
            Cell::new(vulnerable.0),
        ],
    ];
    if o.woods_defence_modifier != 0 {
        rows.push(vec![
            Cell::new("Defending in woods"),
            Cell::new(""),
            Cell::new(format!("{:+}", o.woods_defence_modifier)),
        ]);
    }
    flow.table(&columns, &rows);
}

/// The roll a contacted gun needs to evade [3.7.2.9.3].
fn evasion_table(flow: &mut Flow) {
    flow.heading("Artillery evasion [3.7.2.9.3]", 30.0);
    let columns = [
        Column::new("Gun"),
        Column::new("Contacted by infantry").centred(),
        Column::new("Contacted by cavalry").centred(),
    ];
    let rows: Vec<Vec<Cell>> = [PieceKind::FootArtillery, PieceKind::HorseArtillery]
        .iter()
        .map(|&g| {
            vec![
                Cell::new(g.name()),
                Cell::new(format!("{}+", gun_evasion_number(g, PieceKind::Infantry))),
                Cell::new(format!("{}+", gun_evasion_number(g, PieceKind::Cavalry))),
            ]
        })
        .collect();
    flow.table(&columns, &rows);
}

/// The troop characteristics the scenario sets (N13-N19): Vedette
/// defaults unless the designer changed them.
fn troop_table(flow: &mut Flow, s: &Scenario) {
    let Some(o) = options(s) else {
        return;
    };
    let d = NapoleonOptions::default();
    flow.heading("Troop characteristics (N13-N19)", 40.0);
    let columns = [
        Column::new("Characteristic").wrapping(),
        Column::new("Value").centred(),
        Column::new(""),
    ];
    let rows: Vec<Vec<Cell>> = TROOP_DOCS
        .iter()
        .map(|doc| {
            let v = o.option_value(doc.field);
            let dv = d.option_value(doc.field);
            vec![
                Cell::new(format!("{} ({})", doc.label, doc.ruling)),
                Cell::new(value_text(doc.kind, &v)),
                Cell::new(if v == dv {
                    "Vedette default"
                } else {
                    "this scenario"
                }),
            ]
        })
        .collect();
    flow.table(&columns, &rows);
}

/// The options of the rulings that differ from their ruled defaults.
fn rule_options(flow: &mut Flow, s: &Scenario) {
    let Some(o) = options(s) else {
        return;
    };
    let d = NapoleonOptions::default();
    // The game's length is printed once, in the title.
    let length = crate::rules::plugin::Plugin::game_length_field(o);
    let changed: Vec<Vec<Cell>> = OPTION_DOCS
        .iter()
        .filter(|doc| Some(doc.field) != length)
        .filter(|doc| o.option_value(doc.field) != d.option_value(doc.field))
        .map(|doc| {
            vec![
                Cell::new(format!("{} ({})", doc.label, doc.ruling)),
                Cell::new(value_text(doc.kind, &o.option_value(doc.field))),
            ]
        })
        .collect();
    flow.heading("Rule options", 20.0);
    if changed.is_empty() {
        flow.paragraph(
            "Every option is as RULINGS-NAPOLEON.md rules it by default.",
            BODY,
        );
    } else {
        flow.paragraph(
            "This scenario changes these options from the rulings' defaults:",
            BODY,
        );
        flow.table(
            &[
                Column::new("Option").wrapping(),
                Column::new("Played as").wrapping(),
            ],
            &changed,
        );
    }
}

fn value_text(kind: OptionKind, v: &serde_json::Value) -> String {
    match (kind, v) {
        (_, serde_json::Value::Null) => "none".into(),
        (OptionKind::Flag, serde_json::Value::Bool(b)) => if *b { "yes" } else { "no" }.into(),
        (OptionKind::Choice(values), serde_json::Value::String(x)) => values
            .iter()
            .find(|(k, _)| k == x)
            .map_or(x.clone(), |(_, words)| words.to_string()),
        (_, other) => other.to_string(),
    }
}

/// A box per casualty point each unit can take, to mark with a pencil.
fn roster(flow: &mut Flow, s: &Scenario, board: Option<&Board>) {
    let Some(b) = board else {
        return;
    };
    flow.heading("Casualty roster", 30.0);
    let width = flow.text_width();
    let name_w = 80.0;
    let boxw = 5.0;
    let h = 5.5;
    for (si, side) in s.sides.iter().enumerate() {
        flow.subheading(&side.name, 12.0);
        for p in b
            .pieces
            .iter()
            .filter(|p| p.side as usize == si && p.kind.is_unit())
        {
            flow.need(h + 0.5);
            let y = flow.y;
            let force = p.force.map_or(String::new(), |f| {
                format!(" ({})", b.forces[f as usize].name)
            });
            let page = flow.page();
            page.items.push(Item::Text {
                at: pt(MARGIN, y + h - 1.5),
                size: 7.5,
                text: format!("{}{force}", p.name),
                bold: false,
                colour: Rgb::BLACK,
                align: Align::Left,
            });
            let n = p.capacity.clamp(1, ((width - name_w) / boxw) as u32);
            for k in 0..n {
                let x = MARGIN + name_w + k as f32 * boxw;
                page.items.push(crate::sheet::flow::rect(
                    x,
                    y + 0.5,
                    x + boxw - 0.8,
                    y + h - 0.3,
                    Some(Rgb::WHITE),
                    Some((Rgb::BLACK, 0.2)),
                ));
            }
            flow.y = y + h;
        }
        flow.y += 2.0;
    }
}
