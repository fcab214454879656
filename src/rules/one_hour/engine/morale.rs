//! Morale as numbers (RULINGS-ONE-HOUR H18, H20-H22, H24, H37): when a
//! unit routs, retreats from fire, rallies, dares to advance, and when a
//! leader is lost. The engine rolls the dice and passes the faces.

use crate::rules::one_hour::model::{OneHourOptions, OneHourUnit};

/// The hits a unit takes before it routs (H20): its quality's hits, plus
/// one while a leader of its command (any leader, without
/// `leader_extra_hit_requires_command`) is in its box; one leader counts.
pub fn rout_at(o: &OneHourOptions, u: &OneHourUnit, leader_with_it: bool) -> u32 {
    o.hits_of(u) + u32::from(leader_with_it)
}

/// Whether a unit with `taken` hits routs (H20).
pub fn routs(o: &OneHourOptions, u: &OneHourUnit, taken: u32, leader_with_it: bool) -> bool {
    taken >= rout_at(o, u, leader_with_it)
}

/// Whether `hits` from one shot drive the target back (H18, H37): 3 or
/// more, 2 for conscripts, never for steadfast units.
pub fn retreats_from_fire(u: &OneHourUnit, hits: u32) -> bool {
    if u.steadfast {
        return false;
    }
    hits >= if u.conscript { 2 } else { 3 }
}

/// The hits a rally regains (H21): the die plus the leader's bonus when a
/// leader of its command is with it; 1 nothing, 2-4 one hit, 5 or more
/// two; never more than it has taken.
pub fn rally_regains(o: &OneHourOptions, face: u32, leader_with_it: bool, taken: u32) -> u32 {
    let roll = face
        + if leader_with_it {
            o.rally_leader_bonus
        } else {
            0
        };
    let regained = match roll {
        0 | 1 => 0,
        2..=4 => 1,
        _ => 2,
    };
    regained.min(taken)
}

/// Whether a reluctant unit passes its test to advance or charge (H22):
/// the die under the hits it can still take before routing (a leader's
/// extra hit counts).
pub fn reluctant_passes(hits_left: u32, face: u32) -> bool {
    face < hits_left
}

/// What can happen to a leader (H24).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderRisk {
    /// His box took hits: lost on 2D6 showing 2.
    BoxHit,
    /// The unit in his box routed, or an enemy entered it: lost on 1D6
    /// showing 1.
    RoutOrOverrun,
}

/// Whether the leader is lost, from the faces of the dice rolled for the
/// risk (two for a hit, one for a rout or overrun).
pub fn leader_lost(risk: LeaderRisk, faces: &[u32]) -> bool {
    match risk {
        LeaderRisk::BoxHit => faces.iter().sum::<u32>() == 2,
        LeaderRisk::RoutOrOverrun => faces.first() == Some(&1),
    }
}

/// How many dice the risk rolls.
pub fn leader_risk_dice(risk: LeaderRisk) -> usize {
    match risk {
        LeaderRisk::BoxHit => 2,
        LeaderRisk::RoutOrOverrun => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::one_hour::model::Quality;

    fn unit(q: Quality) -> OneHourUnit {
        OneHourUnit {
            quality: q,
            ..OneHourUnit::default()
        }
    }

    #[test]
    fn h20_a_unit_routs_at_its_quality_hits_one_more_with_a_leader() {
        let o = OneHourOptions::default();
        let poor = unit(Quality::Poor);
        assert!(!routs(&o, &poor, 4, false));
        assert!(routs(&o, &poor, 5, false));
        assert!(
            !routs(&o, &poor, 5, true),
            "the attached leader's extra hit"
        );
        assert!(routs(&o, &poor, 6, true));
        assert_eq!(rout_at(&o, &unit(Quality::OldGuard), false), 8);
    }

    #[test]
    fn h18_h37_retreat_from_fire_at_three_hits_two_for_conscripts_never_steadfast() {
        let line = unit(Quality::Good);
        assert!(!retreats_from_fire(&line, 2));
        assert!(retreats_from_fire(&line, 3));
        let conscript = OneHourUnit {
            conscript: true,
            ..line.clone()
        };
        assert!(retreats_from_fire(&conscript, 2));
        assert!(!retreats_from_fire(&conscript, 1));
        let steadfast = OneHourUnit {
            steadfast: true,
            ..line
        };
        assert!(!retreats_from_fire(&steadfast, 6));
    }

    #[test]
    fn h21_the_rally_table_with_the_leaders_bonus() {
        let o = OneHourOptions::default();
        let table: Vec<u32> = (1..=6).map(|f| rally_regains(&o, f, false, 3)).collect();
        assert_eq!(table, vec![0, 1, 1, 1, 2, 2]);
        // A leader turns a 1 into a 2 and a 4 into a 5.
        assert_eq!(rally_regains(&o, 1, true, 3), 1);
        assert_eq!(rally_regains(&o, 4, true, 3), 2);
        // Never above the hits taken.
        assert_eq!(rally_regains(&o, 6, false, 1), 1);
        let no_bonus = OneHourOptions {
            rally_leader_bonus: 0,
            ..OneHourOptions::default()
        };
        assert_eq!(rally_regains(&no_bonus, 4, true, 3), 1);
    }

    #[test]
    fn h22_a_reluctant_unit_must_roll_under_its_hits_left() {
        assert!(reluctant_passes(4, 3));
        assert!(!reluctant_passes(4, 4));
        assert!(
            !reluctant_passes(1, 1),
            "a unit about to rout never advances"
        );
    }

    #[test]
    fn h24_leaders_are_lost_on_a_two_on_2d6_or_a_one_on_1d6() {
        assert!(leader_lost(LeaderRisk::BoxHit, &[1, 1]));
        assert!(!leader_lost(LeaderRisk::BoxHit, &[1, 2]));
        assert!(leader_lost(LeaderRisk::RoutOrOverrun, &[1]));
        assert!(!leader_lost(LeaderRisk::RoutOrOverrun, &[2]));
        assert_eq!(leader_risk_dice(LeaderRisk::BoxHit), 2);
        assert_eq!(leader_risk_dice(LeaderRisk::RoutOrOverrun), 1);
    }
}
