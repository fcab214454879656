//! One Hour Napoleonic behind the rule-set contract, with the sentences
//! its events and refusals are read in.

use super::board::{Board, SetupError};
use super::check::mode_words;
use super::state::State;
use super::types::{Cause, Command, Event, Pending, Phase, RuleError};
use crate::engine::{BatchScale, Counter, Dice, GameEnd, Lost, Rules, Tallies};
use crate::hex::Hex;
use crate::scenario::{Map, Scenario};
use std::fmt::Write as _;
use std::sync::Arc;

/// The One Hour Napoleonic rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneHour;

impl Rules for OneHour {
    const NAME: &'static str = "one_hour";
    const TITLE: &'static str = "One Hour Napoleonic";
    const PLAY_EXAMPLE: crate::engine::PlayExample = crate::engine::PlayExample {
        scenario: "scenarios/waterloo-one-hour.ron",
        seed: 1,
        commands: "[Draw, EndShooting, Move(unit: \"f-foy\", steps: [\"0506\"]), EndTurn]",
    };
    const UNDO_LIMIT: &'static str = "only moves, pivots and leader moves that rolled no die";

    type Board = Board;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Refusal = RuleError;
    type SetupError = SetupError;
    /// A game starts as the scenario sets it up; the decks are shuffled
    /// with the game's dice.
    type Setup = ();
    /// Each unit's box before the command.
    type Watch = Vec<Option<Hex>>;

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
            _ => Err(format!(
                "`{text}`: One Hour Napoleonic has no variant to draw"
            )),
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

    fn parse_commands(
        board: &Board,
        text: &str,
        origin: &str,
    ) -> Result<Vec<Command>, crate::scenario::LoadError> {
        super::input::parse_commands(board, text, origin)
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
                section: "H9".into(),
                reason: o.reason.clone(),
            },
            None => GameEnd::Draw {
                section: "H9".into(),
                reason: o.reason.clone(),
            },
        })
    }

    fn tallies(state: &State) -> Tallies {
        let mut counters = Vec::new();
        for s in 0..2u8 {
            let i = s as usize;
            for (name, value) in [
                ("chance cards drawn", state.cards_drawn[i]),
                ("shots", state.shots[i]),
                ("charges", state.charges[i]),
                ("rallies", state.rallies[i]),
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
            demoralized: [0, 1]
                .map(|s| state.board.morale[s].is_some_and(|m| m > 0 && state.lost[s] >= m)),
            chits: None,
            counters,
        }
    }

    fn sensitivity_numbers(s: &crate::scenario::Scenario) -> Vec<crate::scenario::numbers::Knob> {
        use crate::scenario::numbers::{documented, option_numbers};
        // The troop table's numbers are Vedette defaults.
        documented(
            s,
            &option_numbers(crate::rules::one_hour::model::options::TROOP_DOCS, true),
        )
    }

    fn batch_scale(board: &Board) -> BatchScale {
        let units = |s: u8| board.units.iter().filter(|u| u.side == s).count() as u32;
        BatchScale {
            sides: board.side_names.clone(),
            loss_limits: [units(0), units(1)],
            thresholds: [0, 1].map(|s| board.morale[s].unwrap_or(0)),
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
        let step = match st.phase {
            Phase::Card | Phase::CardChoice { .. } => "Chance card",
            Phase::Shoot => "Shooting",
            Phase::Move => "Movement",
            Phase::Volley => "Fire takes effect",
            Phase::Over => "Over",
        };
        format!("T{} {side} {step}", st.turn)
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
            Command::Draw => "drawing the chance card",
            Command::ChooseCard { .. } => "the card's choice",
            Command::Shoot { .. } => "a shot",
            Command::EndShooting => "the end of shooting",
            Command::Move { .. } => "a move",
            Command::Charge { .. } => "a charge",
            Command::Square { .. } => "a square formed or left",
            Command::Rally { .. } => "a rally",
            Command::MoveLeader { .. } => "a leader's move",
            Command::EndTurn => "the end of the player turn",
            Command::Retreat { .. } => "a retreat box",
            Command::Bayonet { .. } => "the bayonet advance",
            Command::Respond { .. } => "facing the charge",
            Command::Retire { .. } => "the leader's retirement",
        }
    }

    /// A move or a leader's move that rolled no die (no overrun after
    /// it, no reluctance test this turn) may be taken back.
    fn undoable(state: &State, cmd: &Command) -> bool {
        let tested = match cmd {
            Command::Move { unit, .. } => state
                .acts
                .get(*unit as usize)
                .is_none_or(|a| a.reluctant.is_some()),
            Command::MoveLeader { .. } => false,
            _ => return false,
        };
        !tested && state.pending.is_empty() && state.last_roll_seq < state.last_move_seq
    }

    fn summary(st: &State) -> String {
        let b = &st.board;
        let mut s = String::new();
        let _ = writeln!(s, "-- turn {} of {}", st.turn, b.turn_limit);
        for side in 0..2 {
            let held: u32 = b
                .objectives
                .iter()
                .enumerate()
                .filter(|(i, _)| st.held[*i] as usize == side)
                .map(|(_, o)| o.points)
                .sum();
            let _ = writeln!(
                s,
                "   {}: {} routed{}, objectives worth {held}",
                b.side_names[side],
                crate::words::counted(st.lost[side], "unit", "units"),
                b.morale[side].map_or(String::new(), |m| format!(" (breaks at {m})")),
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

    fn may_eliminate(_state: &State) -> bool {
        true
    }

    fn watch(state: &State, into: &mut Vec<Option<Hex>>) {
        into.clear();
        into.extend_from_slice(&state.pos);
    }

    fn losses(state: &State, before: &Vec<Option<Hex>>, events: &[Event]) -> Vec<Lost> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Routed { unit } => Some(Lost {
                    hex: (*before.get(*unit as usize)?)?,
                    side: state.board.units[*unit as usize].side,
                    strength: 1,
                    turn: state.turn,
                }),
                _ => None,
            })
            .collect()
    }
}

fn dice_words(d: &[u32]) -> String {
    d.iter()
        .map(|f| f.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn need_words(n: Option<u32>) -> String {
    match n {
        Some(6) => "6 to hit".into(),
        Some(k) => format!("{k}+ to hit"),
        None => "no die can hit".into(),
    }
}

/// An event as a player reads it: units and leaders by name.
pub fn sentence(b: &Board, e: &Event) -> String {
    let unit = |u: &u16| {
        b.units
            .get(*u as usize)
            .map_or_else(|| format!("unit {u}"), |x| x.name.clone())
    };
    let leader = |l: &u16| {
        b.leaders
            .get(*l as usize)
            .map_or_else(|| format!("leader {l}"), |x| x.name.clone())
    };
    let side = |s: &u8| b.side_names[*s as usize & 1].clone();
    let card = |s: u8, c: u16| {
        b.decks[s as usize & 1]
            .get(c as usize)
            .map_or_else(|| format!("card {c}"), |x| format!("\"{}\"", x.title))
    };
    match e {
        Event::TurnBegan { turn, side: s } => format!("Turn {turn}: {}'s player turn", side(s)),
        Event::Arrived {
            unit: u,
            at,
            facing,
        } => {
            format!("{} arrives at {at}, facing {}", unit(u), facing.name())
        }
        Event::ArrivalDelayed { unit: u } => {
            format!("{} cannot arrive: every entry box is held", unit(u))
        }
        Event::LeaderArrived { leader: l, at } => format!("{} arrives at {at}", leader(l)),
        Event::LeaderDelayed { leader: l } => {
            format!("{} cannot arrive: the enemy holds his entry box", leader(l))
        }
        Event::Shuffled { side: s, order } => {
            format!(
                "{}'s deck of {} is shuffled",
                side(s),
                crate::words::counted(order.len(), "card", "cards")
            )
        }
        Event::CardDrawn { side: s, card: c } => {
            let text = b.decks[*s as usize & 1]
                .get(*c as usize)
                .map_or(String::new(), |x| format!(": {}", x.effect.words()));
            format!("{} draws {}{text}", side(s), card(*s, *c))
        }
        Event::DeckEmpty { side: s } => {
            format!("{}'s deck is empty: there is no card to draw", side(s))
        }
        Event::AmountRolled { face, amount } => {
            format!("The card's number: rolled {face}, {amount}")
        }
        Event::CardChoiceAsked {
            chooser, amount, ..
        } => match amount {
            Some(n) if *n > 0 => format!("{} chooses for the card ({n})", side(chooser)),
            _ => format!("{} chooses for the card", side(chooser)),
        },
        Event::CardNoTarget => "The card has nothing to act on".into(),
        Event::MayNotMove { units } => format!(
            "May not move this turn: {}",
            units.iter().map(unit).collect::<Vec<_>>().join(", ")
        ),
        Event::LowAmmo { units } => format!(
            "Low on ammunition, may not fire this turn: {}",
            units.iter().map(unit).collect::<Vec<_>>().join(", ")
        ),
        Event::DoubleAction { unit: u, mode } => {
            format!("{} takes a Double action: {}", unit(u), mode_words(*mode))
        }
        Event::DoubleDeclined => "The Double action is not taken".into(),
        Event::ShootingBegan => "Shooting".into(),
        Event::MovementBegan => "Movement and charges".into(),
        Event::StepBegan { side: s, phase } => match phase {
            Phase::Card => format!("{} draws its chance card", side(s)),
            Phase::Shoot => format!(
                "{} shoots; the hits wait until both sides have fired",
                side(s)
            ),
            Phase::Move => format!("{}'s movement and charges", side(s)),
            Phase::Volley => "The hits of both sides' fire take effect".into(),
            // Never begun by a StepBegan today; said all the same.
            Phase::CardChoice { chooser, .. } => {
                format!("The chance card waits for {} to choose", side(chooser))
            }
            Phase::Over => "The game is over".into(),
        },
        Event::VolleyHits {
            unit: u,
            target: t,
            hits,
        } => format!(
            "{}'s fire on {} takes effect: {hits} hit{}",
            unit(u),
            unit(t),
            if *hits == 1 { "" } else { "s" }
        ),
        Event::Shot {
            unit: u,
            target,
            range,
            dice,
            need,
            hits,
        } => format!(
            "{} shoots at {} at {range} {}: {} ({}), {hits} {}",
            unit(u),
            unit(target),
            if *range == 1 { "box" } else { "boxes" },
            dice_words(dice),
            need_words(*need),
            if *hits == 1 { "hit" } else { "hits" }
        ),
        Event::Rerolled {
            leader: l,
            from,
            to,
            hits,
            ..
        } => match hits {
            Some(n) => format!(
                "{} has a die rerolled: {from} becomes {to}, {n} {} in all",
                leader(l),
                if *n == 1 { "hit" } else { "hits" }
            ),
            None => format!("{} has a die rerolled: {from} becomes {to}", leader(l)),
        },
        Event::Hits {
            unit: u,
            hits,
            cause,
        } => format!(
            "{} takes {hits} {}{}",
            unit(u),
            if *hits == 1 { "hit" } else { "hits" },
            match cause {
                Cause::Card => " from the card",
                Cause::Blocked => " for a blocked retreat",
                _ => "",
            }
        ),
        Event::Recovered { unit: u, hits, .. } => format!(
            "{} recovers {hits} {}",
            unit(u),
            if *hits == 1 { "hit" } else { "hits" }
        ),
        Event::Reluctant {
            unit: u,
            face,
            hits_left,
            passed,
        } => format!(
            "{} is reluctant: rolled {face} against {hits_left} {} left, {}",
            unit(u),
            if *hits_left == 1 { "hit" } else { "hits" },
            if *passed {
                "goes forward"
            } else {
                "will not advance or charge this turn"
            }
        ),
        Event::Moved {
            unit: u,
            path,
            facing,
            formation,
            ..
        } => {
            let how = match formation {
                super::fire::Formation::Column => " in column of route",
                _ => "",
            };
            match path.last() {
                Some(to) => format!(
                    "{} moves to {to}{how}, facing {} ({} {})",
                    unit(u),
                    facing.name(),
                    path.len(),
                    if path.len() == 1 { "box" } else { "boxes" }
                ),
                None => format!("{} turns to face {}{how}", unit(u), facing.name()),
            }
        }
        Event::LeaderMoved { leader: l, to } => format!("{} goes to {to}", leader(l)),
        Event::Formed {
            unit: u,
            formation,
            facing,
        } => match formation {
            super::fire::Formation::Square => format!("{} forms square", unit(u)),
            _ => format!("{} leaves square, facing {}", unit(u), facing.name()),
        },
        Event::Faced { unit: u, facing } => {
            format!("{} turns to face the charge ({})", unit(u), facing.name())
        }
        Event::ChargeMoved {
            unit: u,
            target,
            path,
        } => match path.last() {
            Some(h) => format!("{} charges {} from {h}", unit(u), unit(target)),
            None => format!("{} charges {}", unit(u), unit(target)),
        },
        Event::ChargeRolled {
            dice, need, hits, ..
        } => format!(
            "Charge dice: {} ({}), {hits} {}",
            dice_words(dice),
            need_words(*need),
            if *hits == 1 { "hit" } else { "hits" }
        ),
        Event::Routed { unit: u } => format!("{} routs and leaves the field", unit(u)),
        Event::LeaderRisk {
            leader: l,
            faces,
            lost,
        } => match (faces.is_empty(), lost) {
            (true, _) => format!("{} has nowhere to go and is lost", leader(l)),
            (false, true) => format!("{} is lost (rolled {})", leader(l), dice_words(faces)),
            (false, false) => format!("{} is unhurt (rolled {})", leader(l), dice_words(faces)),
        },
        Event::Retreated { unit: u, to } => format!("{} falls back to {to}", unit(u)),
        Event::RetreatBlocked { unit: u } => format!("{} cannot fall back", unit(u)),
        Event::Advanced { unit: u, to } => format!("{} advances into {to}", unit(u)),
        Event::Rallied {
            unit: u,
            face,
            regained,
        } => format!("{} rallies: rolled {face}, regains {regained}", unit(u)),
        Event::Impetuous { unit: u, obliged } => {
            if *obliged {
                format!("{} must charge again", unit(u))
            } else {
                format!("{} has no target and is steady again", unit(u))
            }
        }
        Event::Asked { pending } => match pending {
            Pending::Retreat { unit: u, .. } => {
                format!("{}'s owner picks where it falls back", unit(u))
            }
            Pending::Bayonet { unit: u, .. } => format!("{} may advance with the bayonet", unit(u)),
            Pending::Respond { target, .. } => {
                format!("{} may turn to face the charge", unit(target))
            }
            Pending::Retire { leader: l, .. } => format!("{} must retire", leader(l)),
        },
        Event::Answered => "Answered".into(),
        Event::TurnEnded { side: s } => format!("{}'s player turn ends", side(s)),
        Event::GameEnded { winner, reason } => match winner {
            Some(w) => format!("{} wins: {reason}", side(w)),
            None => format!("Draw: {reason}"),
        },
    }
}
