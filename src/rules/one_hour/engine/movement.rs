//! Movement as numbers (RULINGS-ONE-HOUR H14, H28, H33, H36): a unit's
//! allowance deployed or in column of route, who may pass through whom,
//! and the facings line infantry may take against a charge.

use super::geometry::{BOXES, in_front_wedge};
use crate::hex::{Dir, Hex};
use crate::rules::one_hour::model::{OneHourOptions, OneHourUnit, UnitType};

/// A unit's allowance for one move, in half boxes (H14, H33): its
/// deployed rate, plus in column of route its bonus across country or,
/// when every step of the move is along the road, its road bonus.
pub fn allowance_halves(
    o: &OneHourOptions,
    u: &OneHourUnit,
    column: bool,
    all_on_road: bool,
) -> u32 {
    let base = *o.troops.move_halves.get(u.unit_type);
    if !column {
        return base;
    }
    let bonus = o.troops.column.get(u.unit_type);
    // Saturating: the numbers are the scenario's (bounded by validate,
    // but an engine never wraps on file data, issue 35 item 37).
    base.saturating_add(if all_on_road {
        bonus.road
    } else {
        bonus.cross_country
    })
}

/// Whether a moving unit may pass through a friendly unit's box (H36):
/// light infantry pass and are passed by anyone; others only when both
/// faced the same way at the start of the player turn. Enemy boxes are
/// never passed.
pub fn may_pass_through(
    mover: UnitType,
    occupant: UnitType,
    friendly: bool,
    same_facing_at_turn_start: bool,
) -> bool {
    friendly
        && (mover == UnitType::LightInfantry
            || occupant == UnitType::LightInfantry
            || same_facing_at_turn_start)
}

/// The facings line infantry at `target` may pivot to when charged from
/// `charger` (H28): each side that puts the charger's box in its front
/// wedge (one across a side, two across a corner).
pub fn response_facings(target: Hex, charger: Hex) -> Vec<Dir> {
    BOXES
        .sides()
        .iter()
        .copied()
        .filter(|&f| in_front_wedge(target, f, charger))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h14_h33_allowances_deployed_and_in_column() {
        let o = OneHourOptions::default();
        let line = OneHourUnit::of(UnitType::LineInfantry);
        let light = OneHourUnit::of(UnitType::LightInfantry);
        let cav = OneHourUnit::of(UnitType::Cavalry);
        // Deployed: 1, 1.5, 2 boxes.
        assert_eq!(allowance_halves(&o, &line, false, true), 2);
        assert_eq!(allowance_halves(&o, &light, false, false), 3);
        assert_eq!(allowance_halves(&o, &cav, false, true), 4);
        // Column: line infantry +1 across country, +2 along the road.
        assert_eq!(allowance_halves(&o, &line, true, false), 4);
        assert_eq!(allowance_halves(&o, &line, true, true), 6);
        // Cavalry and light infantry gain only on the road.
        assert_eq!(allowance_halves(&o, &cav, true, false), 4);
        assert_eq!(allowance_halves(&o, &cav, true, true), 6);
        assert_eq!(allowance_halves(&o, &light, true, true), 5);
    }

    #[test]
    fn h36_light_infantry_pass_anyone_others_only_facing_alike() {
        use UnitType::*;
        assert!(may_pass_through(LightInfantry, Artillery, true, false));
        assert!(may_pass_through(Cavalry, LightInfantry, true, false));
        assert!(!may_pass_through(Cavalry, LineInfantry, true, false));
        assert!(may_pass_through(Cavalry, LineInfantry, true, true));
        assert!(
            !may_pass_through(LightInfantry, LineInfantry, false, true),
            "never an enemy"
        );
    }

    #[test]
    fn h28_line_infantry_turns_to_face_a_charge() {
        let t: Hex = "0505".parse().expect("box");
        // From across a side: one facing; from a corner: either side.
        assert_eq!(
            response_facings(t, "0605".parse().expect("box")),
            vec![Dir::E]
        );
        assert_eq!(
            response_facings(t, "0604".parse().expect("box")),
            vec![Dir::N, Dir::E]
        );
        assert_eq!(
            response_facings(t, "0406".parse().expect("box")),
            vec![Dir::S, Dir::W]
        );
    }
}
