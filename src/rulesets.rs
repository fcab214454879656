//! The one registration of rule sets: where a scenario's `RuleSet` meets
//! the type that implements it. Everything generic over rule sets (`Game`,
//! replay, `play::Session`, `sim`, `vedette play/replay/simulate`) reaches
//! a concrete rule set only through [`dispatch`]; adding a rule set means
//! adding its modules (`engine::X`, its `ai::Computer`) and one arm here.
//! `tests/architecture.rs` checks that the generic modules name no rule
//! set.

use crate::ai::Computer;
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
    }
}
