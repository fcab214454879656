//! Napoleon at Waterloo behind the rule-set contract ([`Rules`]): the
//! functions the shared machinery (`Game`, replay, sessions, batches, the
//! command line) calls, each a thin door into this rule set's own code.

use super::{Board, Command, Event, Outcome, Phase, Pos, RuleError, SetupError, State};
use crate::engine::{BatchScale, Dice, GameEnd, Lost, Rules, Tallies};
use crate::scenario::{Map, Scenario};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::sync::Arc;

/// The Napoleon at Waterloo rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Naw;

/// How the variant chits are chosen when a game starts [9.0].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum VariantSetup {
    /// Play without the variant.
    Off,
    /// Each side draws a chit 1-6 from the game's dice.
    Drawn,
    /// Chits set by hand (for playtesting a given case): first side, second.
    Fixed(u32, u32),
}

impl VariantSetup {
    /// Reads `off`, `drawn` (or `on`), or two chit codes `4,2`.
    pub fn parse(s: &str) -> Result<VariantSetup, String> {
        match s {
            "off" => Ok(VariantSetup::Off),
            "drawn" | "on" => Ok(VariantSetup::Drawn),
            _ => {
                let (a, b) = s.split_once(',').ok_or_else(|| {
                    format!("`{s}`: expected off, drawn or two chit codes like 4,2")
                })?;
                let p = |x: &str| x.trim().parse::<u32>().ok().filter(|c| (1..=6).contains(c));
                match (p(a), p(b)) {
                    (Some(a), Some(b)) => Ok(VariantSetup::Fixed(a, b)),
                    _ => Err(format!("`{s}`: chit codes are 1 to 6")),
                }
            }
        }
    }
}

impl Rules for Naw {
    const NAME: &'static str = "napoleon_at_waterloo";
    const TITLE: &'static str = "Napoleon at Waterloo";
    const PLAY_EXAMPLE: crate::engine::PlayExample = crate::engine::PlayExample {
        scenario: "scenarios/waterloo.ron",
        seed: 3,
        commands: "[Move(unit: \"122\", path: [\"1713\"]), EndMovement]",
    };
    const UNDO_LIMIT: &'static str = "only moves of the current Movement Phase";
    const LEGAL_LEAVES_OUT: &'static [(&'static str, &'static str)] = &[(
        "an attack",
        "lists the suggested plan's attacks, each adjacent unit alone and all of them together \
         on each defender that must be attacked, and each gun bombarding alone; other sets of \
         attackers and guns, several defenders at once and a lower odds column [7.6] are legal \
         but not listed",
    )];

    type Board = Board;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Refusal = RuleError;
    type SetupError = SetupError;
    type Setup = VariantSetup;
    type Watch = Vec<Pos>;

    fn board(scenario: &Scenario, map: &Map) -> Result<Board, SetupError> {
        Board::new(scenario, map)
    }

    fn board_of(state: &State) -> &Arc<Board> {
        &state.board
    }

    fn batch_setup(variant: bool) -> VariantSetup {
        if variant {
            VariantSetup::Drawn
        } else {
            VariantSetup::Off
        }
    }

    fn parse_setup(text: &str) -> Result<VariantSetup, String> {
        VariantSetup::parse(text)
    }

    fn initial(board: &Arc<Board>) -> State {
        State::new(board.clone(), None)
    }

    fn start(board: &Arc<Board>, setup: &VariantSetup, dice: &mut Dice) -> (State, Vec<Event>) {
        let mut state = Self::initial(board);
        let mut events = Vec::new();
        let chits = match (setup, &board.chit_changes) {
            (VariantSetup::Off, _) | (_, None) => None,
            (VariantSetup::Drawn, Some(_)) => Some([dice.d6(), dice.d6()]),
            (VariantSetup::Fixed(a, b), Some(_)) => Some([*a, *b]),
        };
        if let Some(c) = chits {
            let e = Event::ChitsDrawn {
                chits: vec![
                    (board.sides[0].clone(), c[0]),
                    (board.sides[1].clone(), c[1]),
                ],
            };
            state.apply(&e);
            events.push(e);
        }
        let first = Event::PhaseBegan {
            turn: 1,
            side: board.sides[0].clone(),
            phase: Phase::Movement,
        };
        state.apply(&first);
        events.push(first);
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
        Some(state.phasing)
    }

    fn outcome(state: &State) -> Option<GameEnd> {
        state.outcome.as_ref().map(|o| match o {
            Outcome::Win { side, case, reason } => GameEnd::Win {
                side: state.board.side_index(side),
                section: case.clone(),
                reason: reason.clone(),
            },
            Outcome::Draw { reason } => GameEnd::Draw {
                section: "8.4".to_string(),
                reason: reason.clone(),
            },
        })
    }

    fn tallies(state: &State) -> Tallies {
        Tallies {
            turn: state.turn,
            losses: state.losses,
            exited: state.exited,
            demoralized: state.demoralized,
            chits: state.chits,
            counters: Vec::new(),
        }
    }

    fn sensitivity_numbers(s: &crate::scenario::Scenario) -> Vec<crate::scenario::numbers::Knob> {
        // Demoralization levels and exits decide the game [8.2][8.3]; the
        // game's length bounds it [8.4].
        let mut k = crate::scenario::numbers::victory(s, "[8]");
        if let Ok(mut t) = crate::scenario::numbers::ticked(s, "turns") {
            t.label = "Game-Turns".into();
            t.source = "[8.4]".into();
            t.min = 1;
            k.push(t);
        }
        k
    }

    fn batch_scale(board: &Board) -> BatchScale {
        BatchScale {
            sides: board.side_names.clone(),
            loss_limits: board.thresholds,
            thresholds: board.thresholds,
            loss_unit: "strength points",
            turns: board.turns,
            variant: board.chit_changes.is_some(),
        }
    }

    fn side_name(board: &Board, side: u8) -> String {
        board.side_names[side as usize & 1].clone()
    }

    fn position_label(st: &State) -> String {
        format!(
            "T{} {} {:?}",
            st.turn, st.board.side_names[st.phasing as usize], st.phase
        )
    }

    fn event_sentence(board: &Board, event: &Event) -> String {
        board.sentence(event)
    }

    fn event_section(event: &Event) -> String {
        event.case().to_string()
    }

    fn refusal_sentence(board: &Board, refusal: &RuleError) -> String {
        board.refusal(refusal)
    }

    fn command_name(c: &Command) -> &'static str {
        match c {
            Command::Move { .. } | Command::MoveTo { .. } => "a move",
            Command::Enter { .. } => "an entry",
            Command::Exit { .. } => "an exit",
            Command::EndMovement => "the end of the Movement Phase",
            Command::Attack { .. } => "an attack",
            Command::Retreat { .. } => "a retreat",
            Command::HoldPosition { .. } => "holding position",
            Command::ChooseLosses { .. } => "the choice of losses",
            Command::Advance { .. } => "an advance",
            Command::DeclineAdvance => "declining to advance",
            Command::EndCombat => "the end of the Combat Phase",
        }
    }

    /// A move, entry or exit of the Movement Phase still in progress (no
    /// dice are rolled in it) may be taken back [4.0].
    fn undoable(state: &State, cmd: &Command) -> bool {
        state.phase == Phase::Movement
            && state.pending.is_none()
            && matches!(
                cmd,
                Command::Move { .. }
                    | Command::MoveTo { .. }
                    | Command::Enter { .. }
                    | Command::Exit { .. }
            )
    }

    fn summary(st: &State) -> String {
        let b = &st.board;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "-- Game-Turn {} of {}, {} {:?} Phase",
            st.turn, b.turns, b.side_names[st.phasing as usize], st.phase
        );
        for side in 0..2 {
            let _ = writeln!(
                s,
                "   {}: lost {} of {} strength points{}{}",
                b.side_names[side],
                st.losses[side],
                b.thresholds[side],
                if st.demoralized[side] {
                    ", demoralized"
                } else {
                    ""
                },
                if side == b.exit_side as usize && b.exits_needed > 0 {
                    format!(
                        ", {} of {} exited",
                        st.exited[side],
                        crate::words::counted(b.exits_needed, "unit", "units")
                    )
                } else {
                    String::new()
                }
            );
        }
        match &st.outcome {
            Some(Outcome::Win { side, case, reason }) => {
                let _ = writeln!(s, "   result: {side} wins [{case}]: {reason}");
            }
            Some(Outcome::Draw { reason }) => {
                let _ = writeln!(s, "   result: draw: {reason}");
            }
            None => {
                let _ = writeln!(s, "   the game goes on");
            }
        }
        s
    }

    /// Units are eliminated only in the Combat Phase [6.0]-[8.0].
    fn may_eliminate(state: &State) -> bool {
        state.phase == Phase::Combat
    }

    fn watch(state: &State, into: &mut Vec<Pos>) {
        into.clone_from(&state.pos);
    }

    fn losses(state: &State, before: &Vec<Pos>, events: &[Event]) -> Vec<Lost> {
        let board = &state.board;
        let mut out = Vec::new();
        for e in events {
            if let Event::Eliminated { unit, strength, .. } = e
                && let Some(u) = board.unit_ix(unit)
                && let Some(Pos::OnMap(h)) = before.get(u as usize)
            {
                out.push(Lost {
                    hex: board.hex(*h),
                    side: board.unit(u).side,
                    strength: *strength,
                    turn: state.turn,
                });
            }
        }
        out
    }
}
