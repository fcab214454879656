//! The 16-hits rules behind the rule-set contract, with the sentences
//! their events are read in.

use super::board::{Board, HexIx, NO_HEX, SetupError};
use super::state::State;
use super::types::{Cause, Command, Event, Pending, Phase, RuleError};
use crate::engine::{BatchScale, Counter, Dice, GameEnd, Lost, Rules, Tallies};
use crate::hex::Hex;
use crate::scenario::{Map, Scenario};
use std::fmt::Write as _;
use std::sync::Arc;

/// The measured Napoleonic miniatures rules, 16 hits a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hits16;

impl Rules for Hits16 {
    const NAME: &'static str = "hits16";
    const TITLE: &'static str = "Napoleonic Wars (16 hits)";
    const PLAY_EXAMPLE: crate::engine::PlayExample = crate::engine::PlayExample {
        scenario: "scenarios/hits16-tutorial.ron",
        seed: 1,
        commands: "[EndPhase, Move(unit: \"fr-1\", path: [\"0507\"]), EndPhase, EndPhase, EndPhase]",
    };
    const UNDO_LIMIT: &'static str =
        "moves, formation changes, charges, turns to face and Generals' moves";

    type Board = Board;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Refusal = RuleError;
    type SetupError = SetupError;
    type Setup = ();
    /// Each unit's hex before the command.
    type Watch = Vec<HexIx>;

    fn board(scenario: &Scenario, map: &Map) -> Result<Board, SetupError> {
        Board::new(scenario, map)
    }

    fn board_of(state: &State) -> &Arc<Board> {
        &state.board
    }

    fn batch_setup(_variant: bool) {}

    fn parse_setup(text: &str) -> Result<(), String> {
        match text {
            "off" | "" => Ok(()),
            _ => Err(format!("`{text}`: these rules have no variant to draw")),
        }
    }

    fn initial(board: &Arc<Board>) -> State {
        State::new(board.clone())
    }

    fn start(board: &Arc<Board>, _setup: &(), _dice: &mut Dice) -> (State, Vec<Event>) {
        let mut state = Self::initial(board);
        let events = state.start();
        (state, events)
    }

    fn check(state: &State, cmd: &Command) -> Result<(), RuleError> {
        state.check(cmd)
    }

    fn execute(state: &mut State, cmd: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
        state.execute(cmd, dice)
    }

    fn apply(state: &mut State, event: &Event) {
        state.apply(event);
    }

    fn legal_commands(state: &State) -> Vec<Command> {
        state.legal_commands()
    }

    fn to_act(state: &State) -> u8 {
        state.to_act()
    }

    fn phasing(state: &State) -> Option<u8> {
        Some(state.side)
    }

    fn outcome(state: &State) -> Option<GameEnd> {
        state.outcome.as_ref().map(|o| match o.winner {
            Some(side) => GameEnd::Win {
                side,
                section: "M38".into(),
                reason: o.reason.clone(),
            },
            None => GameEnd::Draw {
                section: "M38".into(),
                reason: o.reason.clone(),
            },
        })
    }

    fn tallies(state: &State) -> Tallies {
        let mut counters = Vec::new();
        for s in 0..2u8 {
            let i = s as usize;
            for (name, value) in [
                ("charges", state.charges[i]),
                ("withdrawals", state.withdrawals[i]),
                ("rallies", state.rallies_made[i]),
                ("Generals lost", state.generals_lost[i]),
                ("shots", state.shots[i]),
            ] {
                counters.push(Counter {
                    name,
                    side: Some(s),
                    value,
                });
            }
        }
        Tallies {
            turn: state.turn,
            losses: state.lost,
            exited: [0, 0],
            demoralized: [0, 1].map(|s| state.lost[s] >= state.board.break_at[s]),
            chits: None,
            counters,
        }
    }

    fn sensitivity_numbers(s: &crate::scenario::Scenario) -> Vec<crate::scenario::numbers::Knob> {
        // The Tables' numbers (M10-M38), marked where they are Vedette
        // defaults.
        let docs: Vec<crate::scenario::numbers::NumberDoc> =
            crate::rules::hits16::model::TABLE_DOCS
                .iter()
                .map(|d| (d.field, d.label, d.source, d.min, d.max, d.vedette_default))
                .collect();
        crate::scenario::numbers::documented(s, &docs)
    }

    fn batch_scale(board: &Board) -> BatchScale {
        BatchScale {
            sides: board.side_names.clone(),
            loss_limits: board.army,
            thresholds: board.break_at,
            loss_unit: "units",
            turns: board.turn_limit,
            variant: false,
        }
    }

    fn side_name(board: &Board, side: u8) -> String {
        board.side_names[side as usize & 1].clone()
    }

    fn position_label(st: &State) -> String {
        let side = &st.board.side_names[st.side as usize & 1];
        format!("T{} {side} {}", st.turn, st.phase.name())
    }

    fn event_sentence(board: &Board, event: &Event) -> String {
        sentence(board, event)
    }

    fn event_section(event: &Event) -> String {
        event.section().to_string()
    }

    fn refusal_sentence(_board: &Board, refusal: &RuleError) -> String {
        refusal.to_string()
    }

    fn command_name(c: &Command) -> &'static str {
        match c {
            Command::Rally { .. } => "a rally",
            Command::Move { .. } => "a move",
            Command::MoveGeneral { .. } => "a General's move",
            Command::Form { .. } => "a formation change",
            Command::Charge { .. } => "a charge",
            Command::TurnToFace { .. } => "turning to face",
            Command::Shoot { .. } => "a shot",
            Command::Fight { .. } => "a hand-to-hand combat",
            Command::Withdraw { .. } => "a withdrawal",
            Command::PlaceGeneral { .. } => "a General's placing",
            Command::EndPhase => "the end of the phase",
        }
    }

    /// A move, formation change, charge, turn to face or General's move
    /// rolls no die and may be taken back while no choice is owed.
    fn undoable(state: &State, cmd: &Command) -> bool {
        matches!(
            cmd,
            Command::Move { .. }
                | Command::MoveGeneral { .. }
                | Command::Form { .. }
                | Command::Charge { .. }
                | Command::TurnToFace { .. }
        ) && state.pending.is_empty()
    }

    fn summary(st: &State) -> String {
        let b = &st.board;
        let mut s = String::new();
        let _ = writeln!(s, "-- turn {} of {}", st.turn, b.turn_limit);
        for side in 0..2 {
            let held = st.held.iter().filter(|h| **h == Some(side as u8)).count();
            let _ = writeln!(
                s,
                "   {}: {} lost of {} (breaks at {}), {} held",
                b.side_names[side],
                st.lost[side],
                crate::words::counted(b.army[side], "unit", "units"),
                b.break_at[side],
                crate::words::counted(held, "victory hex", "victory hexes"),
            );
        }
        match &st.outcome {
            Some(o) => {
                let _ = match o.winner {
                    Some(w) => writeln!(
                        s,
                        "   result: {} wins: {}",
                        b.side_names[w as usize], o.reason
                    ),
                    None => writeln!(s, "   result: draw: {}", o.reason),
                };
            }
            None => {
                let _ = writeln!(s, "   the game goes on");
            }
        }
        s
    }

    fn may_eliminate(state: &State) -> bool {
        matches!(state.phase, Phase::Shooting | Phase::HandToHand) || !state.pending.is_empty()
    }

    fn watch(state: &State, into: &mut Vec<HexIx>) {
        into.clear();
        into.extend(state.units.iter().map(|u| u.hex));
    }

    fn losses(state: &State, before: &Vec<HexIx>, events: &[Event]) -> Vec<Lost> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Eliminated { unit } => {
                    let h = *before.get(*unit as usize)?;
                    (h != NO_HEX).then(|| Lost {
                        hex: state.board.hex(h),
                        side: state.board.units[*unit as usize].side,
                        strength: 1,
                        turn: state.turn,
                    })
                }
                _ => None,
            })
            .collect()
    }
}

fn hexes_word(n: usize) -> &'static str {
    if n == 1 { "hex" } else { "hexes" }
}

fn factors_words(f: super::types::Factors, half: &str, double: &str) -> String {
    let mut v = Vec::new();
    if f.half {
        v.push(format!("halved ({half})"));
    }
    if f.double {
        v.push(format!("doubled ({double})"));
    }
    if f.march {
        v.push("doubled (march column)".to_string());
    }
    if v.is_empty() {
        String::new()
    } else {
        format!(", {}", v.join(", "))
    }
}

/// An event as a player reads it: units and Generals by name, hexes by
/// label, facings by compass.
pub fn sentence(b: &Board, e: &Event) -> String {
    let unit = |u: &u16| {
        b.units
            .get(*u as usize)
            .map_or_else(|| format!("unit {u}"), |x| x.name.clone())
    };
    let general = |g: &u16| {
        b.generals
            .get(*g as usize)
            .map_or_else(|| format!("General {g}"), |x| x.name.clone())
    };
    let hex = |h: &HexIx| -> Hex { b.hexes.get(*h as usize).map_or(Hex::new(0, 0), |x| x.hex) };
    let side = |s: &u8| b.side_names[*s as usize & 1].clone();
    let facing = |f: &u8| b.dir(*f).name();
    match e {
        Event::TurnBegan { turn, side: s } => format!("Turn {turn}: {}'s player turn", side(s)),
        Event::PhaseBegan { phase } => format!("{} phase", phase.name()),
        Event::Rallied {
            general: g,
            unit: u,
            face,
            recovered,
        } => format!(
            "{} rallies {}: rolled {face}, {} recovered",
            general(g),
            unit(u),
            crate::words::counted(*recovered, "hit", "hits")
        ),
        Event::GeneralLost { general: g } => {
            format!("{} is injured or killed and is out of the game", general(g))
        }
        Event::Moved {
            unit: u,
            path,
            facing: f,
            march,
            road,
        } => {
            let how = match (march, road) {
                (true, true) => " marching by road",
                (true, false) => " marching",
                (false, true) => " by road",
                (false, false) => "",
            };
            match path.last() {
                Some(to) => format!(
                    "{} moves{how} to {} ({} {}), facing {}",
                    unit(u),
                    hex(to),
                    path.len(),
                    hexes_word(path.len()),
                    facing(f)
                ),
                None => format!("{} turns to face {}", unit(u), facing(f)),
            }
        }
        Event::GeneralMoved { general: g, path } => match path.last() {
            Some(to) => format!("{} rides to {}", general(g), hex(to)),
            None => format!("{} stays", general(g)),
        },
        Event::Formed {
            unit: u,
            formation,
            facing: f,
        } => match formation {
            crate::rules::hits16::model::Formation::Square => {
                format!("{} forms square", unit(u))
            }
            _ => format!(
                "{} forms {}, facing {}",
                unit(u),
                formation.name(),
                facing(f)
            ),
        },
        Event::Charged {
            unit: u,
            target,
            path,
            ..
        } => match path.last() {
            Some(h) => format!("{} charges {} from {}", unit(u), unit(target), hex(h)),
            None => format!("{} charges {}", unit(u), unit(target)),
        },
        Event::TurnedToFace { unit: u, facing: f } => {
            format!("{} turns to face its attacker ({})", unit(u), facing(f))
        }
        Event::Shot {
            unit: u,
            target,
            distance,
            face,
            modifier,
            factors,
            hits,
        } => format!(
            "{} shoots at {} at {distance} {}: rolled {face}{:+}{}, {}",
            unit(u),
            unit(target),
            hexes_word(*distance as usize),
            modifier,
            factors_words(*factors, "cover", "artillery on a march column"),
            crate::words::counted(*hits, "hit", "hits")
        ),
        Event::Fought {
            unit: u,
            against,
            face,
            modifier,
            factors,
            hits,
        } => format!(
            "{} fights {}: rolled {face}{:+}{}, {}",
            unit(u),
            unit(against),
            modifier,
            factors_words(*factors, "on a hill", "flank or rear"),
            crate::words::counted(*hits, "hit", "hits")
        ),
        Event::Overrun { unit: u, by } => {
            format!("{} is contacted by {} and eliminated", unit(u), unit(by))
        }
        Event::Hit {
            unit: u,
            hits,
            cause,
            ..
        } => format!(
            "{} takes {}{}",
            unit(u),
            crate::words::counted(*hits, "hit", "hits"),
            match cause {
                Cause::Disruption => " of disruption (1D3)",
                Cause::Blocked => " with nowhere to withdraw (1D3)",
                _ => "",
            }
        ),
        Event::Eliminated { unit: u } => format!("{} is eliminated", unit(u)),
        Event::CombatEnded { attacker, defender } => {
            format!(
                "The combat of {} and {} ends",
                unit(attacker),
                unit(defender)
            )
        }
        Event::Withdrew {
            unit: u,
            to,
            behind,
            ..
        } => match behind {
            Some(f) => format!(
                "{} withdraws and reforms behind {} in {}",
                unit(u),
                unit(f),
                hex(to)
            ),
            None => format!("{} withdraws to {}", unit(u), hex(to)),
        },
        Event::WithdrawalBlocked { unit: u } => format!("{} has nowhere to withdraw", unit(u)),
        Event::Asked { pending } => match pending {
            Pending::Withdraw { unit: u, .. } => {
                format!("{}'s owner picks where it withdraws", unit(u))
            }
            Pending::PlaceGeneral { general: g, .. } => {
                format!(
                    "{}'s owner places him by the nearest friendly unit",
                    general(g)
                )
            }
        },
        Event::GeneralPlaced { general: g, at } => format!("{} goes to {}", general(g), hex(at)),
        Event::GeneralLeft { general: g } => {
            format!(
                "{} has no unit left to join and leaves the table",
                general(g)
            )
        }
        Event::PlayerTurnEnded { side: s } => format!("{}'s player turn ends", side(s)),
        Event::GameEnded { winner, reason } => match winner {
            Some(w) => format!("{} wins: {reason}", side(w)),
            None => format!("Draw: {reason}"),
        },
    }
}
