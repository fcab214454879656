//! *Napoleon* behind the rule-set contract, and its computer player.

use super::{Board, Command, Event, Phase, RuleError, SetupError, State};
use crate::engine::{BatchScale, Counter, Dice, GameEnd, Lost, Rules, Tallies};
use crate::scenario::{Map, Scenario};
use std::fmt::Write as _;
use std::sync::Arc;

/// The *Napoleon* rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Napoleon;

impl Rules for Napoleon {
    const NAME: &'static str = "napoleon";
    const TITLE: &'static str = "Napoleon";
    const PLAY_EXAMPLE: crate::engine::PlayExample = crate::engine::PlayExample {
        scenario: "scenarios/saint-aubin.ron",
        seed: 2,
        commands: "[Activate(force: \"Bonet's division\"), EndActivation(direction: LeftToRight)]",
    };
    const UNDO_LIMIT: &'static str =
        "only steps, turns and formation changes of the activation in progress";

    type Board = Board;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Refusal = RuleError;
    type SetupError = SetupError;
    /// A game starts as the scenario sets it up; nothing to choose.
    type Setup = ();
    type Watch = Vec<super::HexIx>;

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
            _ => Err(format!("`{text}`: the Napoleon rules have no variant")),
        }
    }

    fn initial(board: &Arc<Board>) -> State {
        State::new(board.clone())
    }

    fn start(board: &Arc<Board>, _setup: &(), dice: &mut Dice) -> (State, Vec<Event>) {
        let mut state = Self::initial(board);
        let events = state.start(dice);
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

    fn outcome(state: &State) -> Option<GameEnd> {
        state.outcome.as_ref().map(|o| match o.winner {
            Some(side) => GameEnd::Win {
                side,
                section: "4.1".into(),
                reason: o.reason.clone(),
            },
            None => GameEnd::Draw {
                section: "4.1".into(),
                reason: o.reason.clone(),
            },
        })
    }

    fn tallies(state: &State) -> Tallies {
        Tallies {
            turn: state.turn,
            losses: state.lost,
            exited: [0, 0],
            demoralized: [0, 1].map(|s| state.lost[s] >= state.board.armies[s].break_point),
            chits: None,
            counters: {
                let mut c = vec![Counter {
                    name: "impulses played",
                    side: None,
                    value: state.impulses_played,
                }];
                for s in 0..2u8 {
                    let i = s as usize;
                    c.push(Counter {
                        name: "break tests taken",
                        side: Some(s),
                        value: state.break_tests[i],
                    });
                    c.push(Counter {
                        name: "break tests failed",
                        side: Some(s),
                        value: state.breaks_failed[i],
                    });
                    c.push(Counter {
                        name: "casualty points taken",
                        side: Some(s),
                        value: state.casualty_points[i],
                    });
                }
                c
            },
        }
    }

    fn sensitivity_numbers(s: &crate::scenario::Scenario) -> Vec<crate::scenario::numbers::Knob> {
        use crate::scenario::numbers::{documented, option_numbers};
        // The troop characteristics (N13-N19) are Vedette defaults; their
        // point costs (N18) only price armies for pick-up battles [3.1],
        // so a set battle is not played any differently with them moved.
        let docs: Vec<_> = option_numbers(crate::rules::napoleon::model::options::TROOP_DOCS, true)
            .into_iter()
            .filter(|d| !d.0.starts_with("troops.points."))
            .collect();
        documented(s, &docs)
    }

    fn batch_scale(board: &Board) -> BatchScale {
        let units = |s: u8| {
            board
                .pieces
                .iter()
                .filter(|p| p.side == s && p.kind.is_unit())
                .count() as u32
        };
        BatchScale {
            sides: board.side_names.clone(),
            loss_limits: [units(0), units(1)],
            thresholds: [board.armies[0].break_point, board.armies[1].break_point],
            loss_unit: "units",
            turns: board.turn_limit.unwrap_or(0),
            variant: false,
        }
    }

    fn side_name(board: &Board, side: u8) -> String {
        board.side_names[side as usize & 1].clone()
    }

    fn position_label(st: &State) -> String {
        let phase = match st.phase {
            Phase::Skirmish { side } => format!("{} Skirmish", st.board.side_names[side as usize]),
            Phase::Bombardment { side } => {
                format!("{} Bombardment", st.board.side_names[side as usize])
            }
            Phase::Maneuver { side } => format!("{} M&C", st.board.side_names[side as usize]),
            Phase::Over => "Over".into(),
        };
        format!("T{} I{} {phase}", st.turn, st.impulse)
    }

    fn event_sentence(board: &Board, event: &Event) -> String {
        super::sentences::sentence(board, event)
    }

    fn event_section(event: &Event) -> String {
        event.section().to_string()
    }

    fn refusal_sentence(board: &Board, refusal: &RuleError) -> String {
        super::sentences::refusal(board, refusal)
    }

    fn command_name(c: &Command) -> &'static str {
        match c {
            Command::Skirmish { .. } => "a skirmish attack",
            Command::EndSkirmish => "the end of the skirmish declarations",
            Command::Bombard { .. } => "a gun's target",
            Command::EndBombardment => "the end of the bombardment declarations",
            Command::Activate { .. } => "a command check",
            Command::Reroll => "a re-roll",
            Command::ActivateReserve { .. } => "a reserve activation",
            Command::Rally { .. } => "a rally",
            Command::SauveQuiPeut { .. } => "a Sauve qui peut!",
            Command::MoveGeneral { .. } => "the General's move",
            Command::Step { .. } => "a step",
            Command::Turn { .. } => "a turn",
            Command::Formation { .. } => "a change of formation",
            Command::TakeBack => "taking back the activation's moves",
            Command::EndActivation { .. } => "the end of an activation",
            Command::EndManeuver => "the end of the Maneuver & Combat phase",
            Command::Evade { .. } => "an evasion",
            Command::StandFast => "standing to fight",
            Command::Pursue => "a pursuit",
            Command::NoPursuit => "declining a pursuit",
            Command::EndPursuit => "the end of a pursuit's move",
            Command::MoveBack { .. } => "a hex to move back to",
            Command::RerollMelee => "re-rolling a failed attack",
            Command::KeepMelee => "keeping a failed attack's roll",
            Command::Flee { .. } => "an officer's escape",
            Command::PlaceGeneral { .. } => "the new General's hex",
        }
    }

    /// Steps, turns and formation changes roll no dice and may be taken
    /// back while the activation is open; a step that contacts a gun rolls
    /// one (N75) and stands.
    fn undoable(state: &State, cmd: &Command) -> bool {
        let piece = match cmd {
            Command::Step { piece, .. }
            | Command::Turn { piece, .. }
            | Command::Formation { piece, .. } => piece,
            _ => return false,
        };
        let Some(a) = &state.active else {
            return false;
        };
        // `state` is the position after `cmd`: the command rolled a die if
        // it left the piece exactly where the last die-roll checkpoint
        // holds it (N69).
        let rolled = state.board.piece_ix(piece).is_some_and(|p| {
            a.checkpoint.as_ref().is_some_and(|cp| {
                cp.iter().any(|(q, h, f, _, m)| {
                    *q == p
                        && state.pos[p as usize] == *h
                        && state.facing[p as usize] == *f
                        && a.moved.iter().any(|(r, m2)| *r == p && m2 == m)
                })
            })
        });
        state.pending.is_none() && !rolled
    }

    fn summary(st: &State) -> String {
        let b = &st.board;
        let mut s = String::new();
        let _ = writeln!(s, "-- turn {}, impulse {}", st.turn, st.impulse);
        for side in 0..2 {
            let _ = writeln!(
                s,
                "   {}: lost {}, break point {}",
                b.side_names[side],
                crate::words::counted(st.lost[side], "unit", "units"),
                b.armies[side].break_point
            );
        }
        match &st.outcome {
            Some(o) => {
                let _ = match o.winner {
                    Some(w) => writeln!(
                        s,
                        "   result: {} wins [4.1]: {}",
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

    fn may_eliminate(_state: &State) -> bool {
        true
    }

    fn watch(state: &State, into: &mut Vec<super::HexIx>) {
        into.clear();
        into.extend_from_slice(&state.pos);
    }

    fn losses(state: &State, before: &Vec<super::HexIx>, events: &[Event]) -> Vec<Lost> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Eliminated { piece } => {
                    let h = *before.get(*piece as usize)?;
                    (h != super::NO_HEX).then(|| Lost {
                        hex: state.board.hex(h),
                        side: state.board.pieces[*piece as usize].side,
                        strength: 1,
                        turn: state.turn,
                    })
                }
                _ => None,
            })
            .collect()
    }
}
