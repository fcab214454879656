//! What a unit's action counts as (RULINGS-ONE-HOUR H22, H41, H53): an
//! "advance" for the reluctant test, and the modes a Double action card
//! allows a unit.

use super::fire::Formation;
use super::geometry::range;
use crate::hex::Hex;
use crate::rules::one_hour::model::{RangeMetric, UnitType};

/// Whether a move from `start` to `end` is an advance (H22): it ends
/// nearer the nearest enemy unit it can see than it started, or at range 1
/// of an enemy unit it was not at range 1 of. `seen` are the boxes of the
/// enemy units it can see from `start`.
pub fn is_advance(start: Hex, end: Hex, seen: &[Hex], metric: RangeMetric) -> bool {
    let nearest = |from: Hex| seen.iter().map(|&e| range(from, e, metric)).min();
    let closer = match (nearest(start), nearest(end)) {
        (Some(a), Some(b)) => b < a,
        _ => false,
    };
    let new_contact = seen
        .iter()
        .any(|&e| range(end, e, metric) <= 1 && range(start, e, metric) > 1);
    closer || new_contact
}

/// The three ways a Double action card may be used (H41).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DoubleMode {
    MoveTwice,
    MoveThenShoot,
    ShootTwice,
}

/// The modes a unit may take (H41, H53): units that cannot shoot
/// (cavalry, columns) only move twice; a square none; everyone else all
/// three (artillery in a town keeps them, though it still may not fire
/// from there, H6).
pub fn double_modes(t: UnitType, formation: Formation) -> Vec<DoubleMode> {
    match formation {
        Formation::Square => Vec::new(),
        Formation::Column => vec![DoubleMode::MoveTwice],
        Formation::Deployed if t.is_cavalry() => vec![DoubleMode::MoveTwice],
        Formation::Deployed => vec![
            DoubleMode::MoveTwice,
            DoubleMode::MoveThenShoot,
            DoubleMode::ShootTwice,
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(l: &str) -> Hex {
        l.parse().expect("a box")
    }

    #[test]
    fn h22_an_advance_ends_nearer_the_nearest_seen_enemy_or_newly_in_contact() {
        let m = RangeMetric::Chebyshev;
        let enemy = [b("0510")];
        assert!(is_advance(b("0505"), b("0506"), &enemy, m));
        assert!(
            !is_advance(b("0505"), b("0605"), &enemy, m),
            "sideways: same range"
        );
        assert!(!is_advance(b("0505"), b("0504"), &enemy, m));
        // Already in contact with one enemy, sideways into contact with a
        // second: an advance, though the nearest stays at range 1.
        let two = [b("0504"), b("0706")];
        assert!(is_advance(b("0505"), b("0605"), &two, m));
        assert!(!is_advance(b("0505"), b("0405"), &two, m));
        assert!(
            !is_advance(b("0505"), b("0506"), &[], m),
            "no enemy in sight"
        );
    }

    #[test]
    fn h41_h53_double_action_modes_by_unit() {
        use UnitType::*;
        assert_eq!(double_modes(LineInfantry, Formation::Deployed).len(), 3);
        assert_eq!(double_modes(Artillery, Formation::Deployed).len(), 3);
        assert_eq!(
            double_modes(Cavalry, Formation::Deployed),
            vec![DoubleMode::MoveTwice]
        );
        assert_eq!(
            double_modes(LineInfantry, Formation::Column),
            vec![DoubleMode::MoveTwice]
        );
        assert!(double_modes(LightInfantry, Formation::Square).is_empty());
    }
}
