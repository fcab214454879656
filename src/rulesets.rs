//! The one registration of rule sets: where a scenario's `RuleSet` meets
//! the type that implements it. Everything generic over rule sets (`Game`,
//! replay, `play::Session`, `sim`, `vedette play/replay/simulate`) reaches
//! a concrete rule set only through [`dispatch`]; adding a rule set means
//! adding its modules (`engine::X`, its `ai::Computer`) and one arm here.
//! `tests/architecture.rs` checks that the generic modules name no rule
//! set.

use crate::ai::Computer;
use crate::engine::hits16::Hits16;
use crate::engine::napoleon::Napoleon;
use crate::engine::naw::Naw;
use crate::engine::one_hour::OneHour;
use crate::scenario::RuleSet;

/// Work to be done with whichever rule set a scenario names: the registry
/// calls `visit` with that rule set's type.
pub trait Visit {
    type Output;
    fn visit<R: Computer>(self) -> Self::Output;
}

/// Runs `v` with the rule set the scenario names.
pub fn dispatch<V: Visit>(rules: &RuleSet, v: V) -> V::Output {
    match rules {
        RuleSet::NapoleonAtWaterloo(_) => v.visit::<Naw>(),
        RuleSet::Napoleon(_) => v.visit::<Napoleon>(),
        RuleSet::OneHour(_) => v.visit::<OneHour>(),
        RuleSet::Hits16(_) => v.visit::<Hits16>(),
    }
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

    /// `Rules::initial` and the setup's events make `start`'s position, for
    /// every rule set (what `vedette play` labels setup events by).
    #[test]
    fn the_initial_position_and_the_setup_events_make_the_start() {
        let cases = [
            (
                include_str!("../scenarios/waterloo.ron"),
                include_str!("../maps/waterloo.ron"),
            ),
            (
                include_str!("../scenarios/saint-aubin.ron"),
                include_str!("../maps/saint-aubin.ron"),
            ),
            (
                include_str!("../scenarios/waterloo-one-hour.ron"),
                include_str!("../maps/waterloo-boxes.ron"),
            ),
        ];
        for (s, m) in cases {
            let s = parse_scenario(s, "s.ron").expect("parses");
            let m = parse_map(m, "m.ron").expect("parses");
            dispatch(&s.rules.clone(), InitialThenSetup(&s, &m));
        }
    }
}
