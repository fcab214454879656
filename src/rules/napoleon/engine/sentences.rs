//! A sentence for every event, in the words of the table: unit, force and
//! side names, hex labels and compass facings, never internal indices.

use super::board::Board;
use super::types::{Direction, Event, Phase, RuleError};
use crate::scenario::UnitId;
use std::fmt::Write as _;

fn piece(b: &Board, p: u16) -> String {
    b.pieces
        .get(p as usize)
        .map_or_else(|| format!("piece {p}"), |i| i.name.clone())
}

fn force(b: &Board, f: u16) -> String {
    b.forces
        .get(f as usize)
        .map_or_else(|| format!("force {f}"), |i| i.name.clone())
}

fn side(b: &Board, s: u8) -> String {
    b.side_names[s as usize & 1].clone()
}

fn facing(b: &Board, f: u8) -> &'static str {
    b.grid.dirs()[f as usize % 6].name()
}

fn list(names: impl IntoIterator<Item = String>) -> String {
    let v: Vec<String> = names.into_iter().collect();
    match v.len() {
        0 => "none".into(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

fn dice(d: &[u32]) -> String {
    list(d.iter().map(u32::to_string))
}

fn modifiers(m: &[(String, i32)]) -> String {
    if m.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = m.iter().map(|(k, v)| format!("{k} {v:+}")).collect();
    format!(" ({})", parts.join(", "))
}

/// The sentence the event log shows for `e`.
pub fn sentence(b: &Board, e: &Event) -> String {
    match e {
        Event::TurnBegan { turn } => format!("Turn {turn} begins; the Generals' ADCs are back"),
        Event::InitiativeRolled {
            impulse,
            dice: d,
            totals,
            winner,
            ends_turn,
        } => {
            if *ends_turn {
                format!(
                    "Impulse {impulse}: the initiative dice show {} and {}, over 8: the turn ends",
                    d[0], d[1]
                )
            } else {
                format!(
                    "Impulse {impulse}: initiative {} {} ({}), {} {} ({}): {} has the initiative",
                    side(b, 0),
                    totals[0],
                    d[0],
                    side(b, 1),
                    totals[1],
                    d[1],
                    side(b, *winner)
                )
            }
        }
        Event::ImpulseBegan {
            impulse,
            initiative,
            engaged,
            isolated,
        } => {
            let mut s = format!(
                "Impulse {impulse} begins, {} first; engaged: {}",
                side(b, *initiative),
                list(engaged.iter().map(|&f| force(b, f)))
            );
            if !isolated.is_empty() {
                let _ = write!(
                    s,
                    "; isolated: {}",
                    list(isolated.iter().map(|&p| piece(b, p)))
                );
            }
            s
        }
        Event::PhaseBegan { phase } => match phase {
            Phase::Skirmish { side: s } => format!("{} skirmish declarations", side(b, *s)),
            Phase::Bombardment { side: s } => {
                format!("{} bombardment declarations", side(b, *s))
            }
            Phase::Maneuver { side: s } => format!("{} Maneuver & Combat", side(b, *s)),
            Phase::Over => "The game is over".into(),
        },
        Event::ManeuverPassed { side: s } => {
            format!("{} activates no more forces this impulse", side(b, *s))
        }
        Event::SkirmishDeclared { force: f, target } => format!(
            "{}'s skirmishers attack {}",
            force(b, *f),
            force(b, *target)
        ),
        Event::SkirmishResolved {
            force: f,
            target,
            powers,
            loser,
        } => {
            let result = match loser {
                Some(l) => format!("{} is under skirmishers' fire", force(b, *l)),
                None => "neither gives way".into(),
            };
            format!(
                "Skirmish: {} {} against {} {}: {result}",
                force(b, *f),
                powers[0],
                force(b, *target),
                powers[1]
            )
        }
        Event::BombardDeclared { gun, target } => {
            format!("{} will fire at {}", piece(b, *gun), piece(b, *target))
        }
        Event::Bombarded {
            target,
            guns,
            dice: d,
            hits,
        } => format!(
            "{} fire at {}: {}; {hits} hit{}",
            list(guns.iter().map(|&g| piece(b, g))),
            piece(b, *target),
            dice(d),
            if *hits == 1 { "" } else { "s" }
        ),
        Event::Saves {
            piece: p,
            dice: d,
            saved,
        } => format!(
            "{} in the town saves {saved} casualty point{} ({})",
            piece(b, *p),
            if *saved == 1 { "" } else { "s" },
            dice(d)
        ),
        Event::Casualties {
            piece: p,
            points,
            total,
        } => format!(
            "{} takes {} ({total} of its {} in all)",
            piece(b, *p),
            crate::words::counted(points, "casualty point", "casualty points"),
            b.pieces.get(*p as usize).map_or(0, |x| x.capacity)
        ),
        Event::Eliminated { piece: p } => format!("{} is eliminated", piece(b, *p)),
        Event::LeaderLossRolled {
            force: f,
            roll,
            lost,
        } => {
            if *lost {
                format!(
                    "{}'s leader falls ({roll}); a -1 leader takes his place",
                    force(b, *f)
                )
            } else {
                format!("{}'s leader is unhurt ({roll})", force(b, *f))
            }
        }
        Event::CommandChecked {
            force: f,
            roll,
            modifiers: m,
            total,
            result,
        } => format!(
            "{}: command check {roll}{}, {total}: {}",
            force(b, *f),
            modifiers(m),
            result.name()
        ),
        Event::AdcSpent { side: s, left } => {
            format!("The {} General spends an ADC ({left} left)", side(b, *s))
        }
        Event::ReserveActivated { force: f } => {
            format!("{} is activated from reserve: Forward!", force(b, *f))
        }
        Event::Rallied { force: f, pieces } => format!(
            "{} rallies: {} lose a casualty point",
            force(b, *f),
            list(pieces.iter().map(|&p| piece(b, p)))
        ),
        Event::SauveQuiPeutOrdered { force: f, units } => format!(
            "Sauve qui peut! {} must move away: {}",
            force(b, *f),
            list(units.iter().map(|&p| piece(b, p)))
        ),
        Event::GeneralMoved { side: s, path } => format!(
            "The {} General moves to {}",
            side(b, *s),
            path.last()
                .map_or_else(|| "where he is".into(), |h| h.to_string())
        ),
        Event::Stepped {
            piece: p,
            from,
            to,
            backward,
        } => format!(
            "{} {} {from} to {to}",
            piece(b, *p),
            if *backward {
                "steps back from"
            } else {
                "moves from"
            }
        ),
        Event::Turned {
            piece: p,
            facing: f,
        } => {
            format!("{} turns to face {}", piece(b, *p), facing(b, *f))
        }
        Event::FormationChanged { piece: p, column } => format!(
            "{} forms {}",
            piece(b, *p),
            if *column { "column" } else { "line" }
        ),
        Event::MovesTakenBack { pieces } => format!(
            "Moves taken back: {}",
            list(pieces.iter().map(|(p, h, f, _)| {
                if b.pieces.get(*p as usize).is_some_and(|i| i.kind.is_unit()) {
                    format!("{} to {h} facing {}", piece(b, *p), facing(b, *f))
                } else {
                    format!("{} to {h}", piece(b, *p))
                }
            }))
        ),
        Event::MovementEnded { force: f } => format!("{} ends its movement", force(b, *f)),
        Event::DefensiveFire { gun, at, roll, hit } => format!(
            "{} fires at {} as it charges: {roll}, {}",
            piece(b, *gun),
            piece(b, *at),
            if *hit { "a hit" } else { "a miss" }
        ),
        Event::Melee {
            attacker,
            defender,
            rolls,
            modifiers: m,
            totals,
        } => format!(
            "Melee: {} {}{} = {} against {} {}{} = {}",
            piece(b, *attacker),
            rolls[0],
            modifiers(&m[0]),
            totals[0],
            piece(b, *defender),
            rolls[1],
            modifiers(&m[1]),
            totals[1]
        ),
        Event::MovedBack {
            piece: p,
            from,
            to,
            facing: f,
        } => {
            if b.pieces.get(*p as usize).is_some_and(|i| i.kind.is_unit()) {
                format!(
                    "{} moves back from {from} to {to}, facing {}",
                    piece(b, *p),
                    facing(b, *f)
                )
            } else {
                format!("{} moves back with it to {to}", piece(b, *p))
            }
        }
        Event::MoveBackDue {
            piece: p, options, ..
        } => format!(
            "{} must move back; its rear-centre hex is barred: its owner picks {}",
            piece(b, *p),
            list(options.iter().map(|h| h.to_string())).replace(" and ", " or ")
        ),
        Event::MeleeRerollOffered {
            attacker, defender, ..
        } => format!(
            "{}'s attack on {}, vulnerable, failed: it may re-roll",
            piece(b, *attacker),
            piece(b, *defender)
        ),
        Event::MeleeRerolled {
            attacker,
            roll,
            totals,
        } => format!(
            "{} re-rolls: {roll}, {} against {}",
            piece(b, *attacker),
            totals[0],
            totals[1]
        ),
        Event::MeleeRerollDeclined { attacker } => {
            format!("{} keeps its roll", piece(b, *attacker))
        }
        Event::OfficerContacted { officer, by } => format!(
            "{} comes next to {}, alone: he must move away",
            piece(b, *by),
            piece(b, *officer)
        ),
        Event::OfficerFled { officer, to } => {
            format!("{} moves away to {to}", piece(b, *officer))
        }
        Event::OfficerCaptured { officer } => {
            format!("{} is captured", piece(b, *officer))
        }
        Event::GeneralPlacementDue { side: s, .. } => format!(
            "The new {} General, command factor 1, waits to be placed",
            side(b, *s)
        ),
        Event::GeneralPlaced { side: s, to } => {
            format!("The new {} General takes the field at {to}", side(b, *s))
        }
        Event::ActivationEnded { force: f } => format!("{}'s activation ends", force(b, *f)),
        Event::GunContacted {
            gun,
            by,
            roll,
            hit,
            evades,
        } => format!(
            "{} contacts {}: {roll}{}; {}",
            piece(b, *by),
            piece(b, *gun),
            if *hit { ", the gun hits it" } else { "" },
            if *evades {
                "the gun may evade"
            } else {
                "the gun is overrun"
            }
        ),
        Event::EvasionDue { piece: p, from, .. } => format!(
            "{} must evade {}; its owner picks where",
            piece(b, *p),
            piece(b, *from)
        ),
        Event::EvasionOffered { cavalry, attacker } => format!(
            "{} may evade {} or stand",
            piece(b, *cavalry),
            piece(b, *attacker)
        ),
        Event::Evaded {
            piece: p,
            path,
            facing: f,
            with,
            ..
        } => {
            let mut s = format!(
                "{} evades to {}, facing {}",
                piece(b, *p),
                path.last()
                    .map_or_else(|| "where it is".into(), |h| h.to_string()),
                facing(b, *f)
            );
            if !with.is_empty() {
                let _ = write!(s, ", with {}", list(with.iter().map(|&q| piece(b, q))));
            }
            s
        }
        Event::StoodFast { piece: p } => format!("{} stands to fight", piece(b, *p)),
        Event::CombatsBegan {
            force: f,
            direction,
            ..
        } => format!(
            "{} fights its combats {}",
            force(b, *f),
            match direction {
                Direction::LeftToRight => "left to right",
                Direction::RightToLeft => "right to left",
            }
        ),
        Event::Fight { attacker, defender } => {
            format!("{} attacks {}", piece(b, *attacker), piece(b, *defender))
        }
        Event::PursuitOffered { cavalry, fought } => format!(
            "{} may pursue past {}",
            piece(b, *cavalry),
            piece(b, *fought)
        ),
        Event::PursuitBegan { cavalry } => format!("{} pursues", piece(b, *cavalry)),
        Event::PursuitDeclined { cavalry } => {
            format!("{} does not pursue", piece(b, *cavalry))
        }
        Event::LeaderPlaced { force: f, to } => {
            format!("{}'s new leader takes command at {to}", force(b, *f))
        }
        Event::BreakTest {
            side: s,
            roll,
            beyond,
            finished_turns,
            locations,
            total,
        } => format!(
            "Final Step: {} rolls {roll}, {beyond} past its break point, {finished_turns} finished turn{}, {locations} victory point{}: {total}, {}",
            side(b, *s),
            if *finished_turns == 1 { "" } else { "s" },
            if *locations == 1 { "" } else { "s" },
            if *total > 0 {
                "it fights on"
            } else {
                "it leaves the field"
            }
        ),
        Event::GameOver { winner, reason } => match winner {
            Some(w) => format!("{} wins: {reason}", side(b, *w)),
            None => format!("The game ends drawn: {reason}"),
        },
    }
}

/// A refusal as the table shows it: the rule's words and section, with
/// the pieces by name rather than by id.
pub fn refusal(b: &Board, e: &RuleError) -> String {
    let ids: Vec<&UnitId> = match e {
        RuleError::NotATarget { gun, target, .. } => vec![gun, target],
        RuleError::GunMustFire(x) | RuleError::NotActive(x) | RuleError::NoMovementLeft(x) => {
            vec![x]
        }
        RuleError::CannotMove { piece, .. }
        | RuleError::CannotEnter { piece, .. }
        | RuleError::CannotTurn { piece, .. }
        | RuleError::CannotChangeFormation { piece, .. }
        | RuleError::CannotEvade { piece, .. }
        | RuleError::CannotMoveBack { piece, .. }
        | RuleError::CannotFlee { piece, .. } => vec![piece],
        _ => Vec::new(),
    };
    let mut text = e.to_string();
    // Each id comes before the text that follows it in the message.
    let mut from = 0;
    for id in ids {
        let Some(p) = b.piece_ix(id) else {
            continue;
        };
        let name = &b.pieces[p as usize].name;
        if name.is_empty() {
            continue;
        }
        if let Some(at) = text[from..].find(id.as_str()) {
            let at = from + at;
            text.replace_range(at..at + id.as_str().len(), name);
            from = at + name.len();
        }
    }
    text
}
