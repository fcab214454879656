//! The rule sets, and the one registration of them: every rule set is a
//! folder here (`naw`, `napoleon`, `one_hour`, `hits16`) holding its
//! engine, scenario model, computer players, setup-sheet sections and
//! window parts, and one line of [`with_rule_sets`] registers it. From
//! that list follow the scenario's `RuleSet` enum (its file names), File >
//! New's list ([`RuleSet::every`]), the model's questions
//! ([`RuleSet::plugin`]), the engine for generic work ([`dispatch`]) and,
//! in the window, the playtest tables and window parts
//! (`app::plugin`).
//!
//! A rule set's folder provides, by these names:
//! - `Options`: what a scenario's `rules` field holds, implementing
//!   [`plugin::Plugin`] (the model, its checks, its sheet);
//! - `Engine`: the engine type, implementing `engine::Rules` and
//!   `ai::Computer`;
//! - `window::Window`: its window parts, implementing
//!   `app::plugin::RuleWindow`.
//!
//! A piece missing is a compile error. `tests/architecture.rs` checks
//! that no shared module names a rule set.

pub mod hits16;
pub mod napoleon;
pub mod naw;
pub mod one_hour;
pub mod plugin;

use crate::ai::Computer;

/// The one list of rule sets, in the order File > New shows them: each
/// line is the scenario file's name for the rule set and its folder.
/// `with_rule_sets!(m)` calls the macro `m` with the list, so every
/// dispatch over rule sets is made from this one list.
macro_rules! with_rule_sets {
    ($then:path) => {
        $then! {
            /// SPI Napoleon at Waterloo (3rd edition rules, with the
            /// Grouchy variant).
            NapoleonAtWaterloo => naw,
            /// *Napoleon*, the hex-grid miniatures rules: forces,
            /// leaders, Generals, facing and impulses.
            Napoleon => napoleon,
            /// One Hour Napoleonic (Project Waterloo) on square boxes,
            /// with chance-card decks.
            OneHour => one_hour,
            /// The measured Napoleonic miniatures rules (16 hits a unit)
            /// on hexes of 10 cm: formations, fields of fire, charges and
            /// hand-to-hand across turns, Generals who rally.
            Hits16 => hits16,
        }
    };
}
pub(crate) use with_rule_sets;

with_rule_sets!(plugin::define_rule_sets);

/// Makes [`examples`] from the list.
macro_rules! examples_of {
    ($( $(#[$doc:meta])* $variant:ident => $m:ident ),* $(,)?) => {
        /// Every rule set's shipped examples (scenarios, maps, army
        /// lists), in the list's order.
        pub fn examples() -> Vec<(&'static str, &'static str)> {
            let mut all = Vec::new();
            $( all.extend_from_slice($m::EXAMPLES); )*
            all
        }
    };
}

with_rule_sets!(examples_of);

// What rule sets add to the shared model's units and sides, named as the
// files write them: a rule set whose units or sides carry data of their
// own adds a line here.
crate::scenario::define_unit_and_side! {
    unit {
        /// What the *Napoleon* rules need beyond kind and strength (horse
        /// artillery, Cossacks, a start in column, casualties).
        #[serde(default, skip_serializing_if = "napoleon::model::Troop::is_plain")]
        troop: napoleon::model::Troop,
        /// What One Hour Napoleonic needs of the unit (type, quality,
        /// traits, command); absent: read from `kind`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        one_hour: Option<one_hour::model::OneHourUnit>,
        /// What the 16-hits rules need of the unit (type, formation,
        /// rating, hits, nation); absent: read from `kind`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hits16: Option<hits16::model::Hits16Unit>,
    }
    side {
        /// The army of the *Napoleon* rules: General, nation, army-list
        /// values.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        army: Option<napoleon::model::Army>,
    }
}

/// Pick-up battles, the procedure the *Napoleon* rules define [3.1][3.2]
/// to build a battle from two army lists: the command line's `simulate
/// --pickup` and its batch shards reach it here. (The window reaches it
/// through the rule set's window parts: its wizard and Balance section.)
pub mod pickup {
    pub use super::napoleon::pickup_batch::PickupTally;
    pub use super::napoleon::pickup_cli::{PickupArgs, simulate};
}

/// Work to be done with whichever rule set a scenario names: the registry
/// calls `visit` with that rule set's engine type.
pub trait Visit {
    type Output;
    fn visit<R: Computer>(self) -> Self::Output;
}

struct Example;

impl Visit for Example {
    type Output = (&'static str, crate::engine::PlayExample);
    fn visit<R: Computer>(self) -> Self::Output {
        (R::TITLE, R::PLAY_EXAMPLE)
    }
}

/// Every rule set's title and `vedette play` example, in the order File >
/// New lists them.
pub fn play_examples() -> Vec<(&'static str, crate::engine::PlayExample)> {
    RuleSet::every()
        .iter()
        .map(|r| dispatch(r, Example))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Dice;
    use crate::scenario::{parse_map, parse_scenario};
    use std::sync::Arc;

    struct InitialThenSetup<'a>(&'a crate::scenario::Scenario, &'a crate::scenario::Map);

    impl Visit for InitialThenSetup<'_> {
        type Output = ();
        fn visit<R: Computer>(self) {
            let board = Arc::new(R::board(self.0, self.1).expect("plays"));
            for seed in 0..5 {
                let (start, events) = R::start(&board, &R::batch_setup(true), &mut Dice::new(seed));
                let mut st = R::initial(&board);
                for e in &events {
                    R::apply(&mut st, e);
                }
                assert_eq!(format!("{st:?}"), format!("{start:?}"), "{}", R::NAME);
            }
        }
    }

    /// Plays heuristic games and, for every command the players choose,
    /// finds it in `legal_commands` or a listed command leading to the
    /// same position (the same dice); returns, by command name, how many
    /// were chosen and the first found in neither.
    struct Coverage<'a>(&'a crate::scenario::Scenario, &'a crate::scenario::Map, u64);

    type Found = std::collections::BTreeMap<&'static str, (usize, Option<String>)>;

    impl Visit for Coverage<'_> {
        type Output = (&'static [(&'static str, &'static str)], Found);
        fn visit<R: Computer>(self) -> Self::Output {
            let board = Arc::new(R::board(self.0, self.1).expect("plays"));
            let know = R::knowledge(board.clone());
            let mut out = Found::new();
            let after = |st: &R::State, c: &R::Command, dice: &Dice| {
                let (mut st, mut dice) = (st.clone(), dice.clone());
                R::execute(&mut st, c, &mut dice).ok()?;
                Some(format!("{st:?}"))
            };
            for seed in 0..self.2 {
                let (mut st, _) = R::start(&board, &R::batch_setup(true), &mut Dice::new(seed));
                let tuning = Default::default();
                let mut players = [0u64, 1].map(|s| {
                    R::computer(
                        crate::ai::PlayerKind::Heuristic,
                        &know,
                        &tuning,
                        seed * 2 + s,
                    )
                });
                let mut dice = Dice::new(seed + 1000);
                for _ in 0..20_000 {
                    if R::outcome(&st).is_some() {
                        break;
                    }
                    let side = usize::from(R::to_act(&st));
                    let Some(cmd) = players[side].choose(&st) else {
                        break;
                    };
                    let legal = R::legal_commands(&st);
                    for c in &legal {
                        if let Err(e) = R::check(&st, c) {
                            panic!("{}: listed but refused: {c:?}: {e}", R::NAME);
                        }
                    }
                    let e = out.entry(R::command_name(&cmd)).or_default();
                    e.0 += 1;
                    if e.1.is_none() && !legal.contains(&cmd) {
                        let want = after(&st, &cmd, &dice);
                        let same = legal
                            .iter()
                            .filter(|c| R::command_name(c) == R::command_name(&cmd))
                            .any(|c| after(&st, c, &dice) == want);
                        if !same {
                            e.1 = Some(format!("{cmd:?}"));
                        }
                    }
                    R::execute(&mut st, &cmd, &mut dice).expect("the player's command is legal");
                }
            }
            (R::LEGAL_LEAVES_OUT, out)
        }
    }

    /// Issue 38 item 1: every command the heuristic players choose on the
    /// shipped scenarios is listed by `legal_commands`, or a listed one
    /// leads to the same position, for every rule set; only the kinds a
    /// rule set declares in `LEGAL_LEAVES_OUT` may be missing; and every
    /// listed command passes `check` in every position of those games.
    #[test]
    fn issue38_legal_commands_list_every_choice_of_the_heuristic_players_up_to_outcome() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for (f, games) in [
            ("waterloo.ron", 1),
            ("tutorial.ron", 2),
            ("saint-aubin.ron", 1),
            ("waterloo-one-hour.ron", 3),
            ("quatre-bras.ron", 2),
            ("hits16-tutorial.ron", 3),
        ] {
            let l = crate::files::load_scenario(&root.join("scenarios").join(f)).expect("loads");
            let (leaves_out, found) = dispatch(
                &l.scenario.rules.clone(),
                Coverage(&l.scenario, &l.map, games),
            );
            for (name, (chosen, missing)) in &found {
                if let Some(cmd) = missing
                    && !leaves_out.iter().any(|(k, _)| k == name)
                {
                    panic!("{f}: {name} ({chosen} chosen) not listed: {cmd}");
                }
            }
            assert!(
                found.len() > 5,
                "{f}: the players chose too few kinds: {found:?}"
            );
        }
    }

    /// `Rules::initial` and the setup's events make `start`'s position, for
    /// every rule set (what `vedette play` labels setup events by).
    #[test]
    fn the_initial_position_and_the_setup_events_make_the_start() {
        let cases = [
            (
                include_str!("../../scenarios/waterloo.ron"),
                include_str!("../../maps/waterloo.ron"),
            ),
            (
                include_str!("../../scenarios/saint-aubin.ron"),
                include_str!("../../maps/saint-aubin.ron"),
            ),
            (
                include_str!("../../scenarios/waterloo-one-hour.ron"),
                include_str!("../../maps/waterloo-boxes.ron"),
            ),
        ];
        for (s, m) in cases {
            let s = parse_scenario(s, "s.ron").expect("parses");
            let m = parse_map(m, "m.ron").expect("parses");
            dispatch(&s.rules.clone(), InitialThenSetup(&s, &m));
        }
    }
}
