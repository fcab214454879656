//! Where units and leaders go when driven back (RULINGS-ONE-HOUR H8, H18,
//! H24): the retreat from fire with its blocked cases, and an overrun
//! leader's retirement. The engine says which boxes are open.

use super::geometry::{BOXES, directly_away};
use crate::hex::Hex;
use crate::rules::one_hour::model::BlockedRetreat;

/// How a retreat from fire ends (H8, H18).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Retreat {
    /// Into this box, the one directly away.
    To(Hex),
    /// Directly away is blocked; its owner picks one of these (45 degrees
    /// either side, never nearer the shooter).
    Choose(Vec<Hex>),
    /// Every way is blocked: the unit stays, and takes `extra_hits` more
    /// or routs, as the option `blocked_retreat` says.
    Blocked { extra_hits: u32, routs: bool },
}

/// The retreat of the unit in `target` from the shooter in `shooter`
/// (H8): `open` says whether a box is on the map, passable to the unit and
/// empty of units. The unit keeps its facing.
pub fn retreat_from_fire(
    shooter: Hex,
    target: Hex,
    blocked: BlockedRetreat,
    open: impl Fn(Hex) -> bool,
) -> Retreat {
    let (first, others) = directly_away(shooter, target);
    if open(first) {
        return Retreat::To(first);
    }
    let ways: Vec<Hex> = others.into_iter().filter(|&h| open(h)).collect();
    match ways.len() {
        0 => match blocked {
            BlockedRetreat::ExtraHit => Retreat::Blocked {
                extra_hits: 1,
                routs: false,
            },
            BlockedRetreat::Stay => Retreat::Blocked {
                extra_hits: 0,
                routs: false,
            },
            BlockedRetreat::Rout => Retreat::Blocked {
                extra_hits: 0,
                routs: true,
            },
        },
        1 => Retreat::To(ways[0]),
        _ => Retreat::Choose(ways),
    }
}

/// The boxes an overrun leader who survives may retire to (H24): the
/// neighbours of his box not held by an enemy unit and not nearer the
/// overrunning unit; those holding a friendly unit of his command come
/// first (`preferred`), and he must take one of them if there are any.
/// Empty: he is lost.
pub fn leader_retreats(
    leader: Hex,
    overrunner: Hex,
    enemy_at: impl Fn(Hex) -> bool,
    on_map: impl Fn(Hex) -> bool,
    own_unit_at: impl Fn(Hex) -> bool,
) -> Vec<Hex> {
    let now = BOXES.distance(overrunner, leader);
    let ok: Vec<Hex> = BOXES
        .neighbours(leader)
        .into_iter()
        .filter(|&h| on_map(h) && !enemy_at(h) && BOXES.distance(overrunner, h) >= now)
        .collect();
    let preferred: Vec<Hex> = ok.iter().copied().filter(|&h| own_unit_at(h)).collect();
    if preferred.is_empty() { ok } else { preferred }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(l: &str) -> Hex {
        l.parse().expect("a box")
    }

    #[test]
    fn h8_the_retreat_goes_directly_away_or_to_the_owners_pick() {
        let (s, t) = (b("0502"), b("0505"));
        assert_eq!(
            retreat_from_fire(s, t, BlockedRetreat::ExtraHit, |_| true),
            Retreat::To(b("0506"))
        );
        // Directly away blocked: the two boxes 45 degrees aside.
        let r = retreat_from_fire(s, t, BlockedRetreat::ExtraHit, |h| h != b("0506"));
        assert_eq!(r, Retreat::Choose(vec![b("0606"), b("0406")]));
        // One of them blocked too: the other, no choice.
        let r = retreat_from_fire(s, t, BlockedRetreat::ExtraHit, |h| h == b("0406"));
        assert_eq!(r, Retreat::To(b("0406")));
    }

    #[test]
    fn h8_a_blocked_retreat_costs_a_hit_by_default_or_as_the_option_says() {
        let (s, t) = (b("0502"), b("0505"));
        let shut = |_: Hex| false;
        assert_eq!(
            retreat_from_fire(s, t, BlockedRetreat::ExtraHit, shut),
            Retreat::Blocked {
                extra_hits: 1,
                routs: false
            }
        );
        assert_eq!(
            retreat_from_fire(s, t, BlockedRetreat::Stay, shut),
            Retreat::Blocked {
                extra_hits: 0,
                routs: false
            }
        );
        assert_eq!(
            retreat_from_fire(s, t, BlockedRetreat::Rout, shut),
            Retreat::Blocked {
                extra_hits: 0,
                routs: true
            }
        );
    }

    #[test]
    fn h24_an_overrun_leader_retires_away_to_his_own_units_first() {
        let (leader, enemy) = (b("0505"), b("0504"));
        let on_map = |_: Hex| true;
        let no_enemy = |h: Hex| h == enemy;
        let none = |_: Hex| false;
        let all = leader_retreats(leader, enemy, no_enemy, on_map, none);
        // Not nearer the overrunning unit (H5 range 1 now, and nothing is
        // nearer than 1): every neighbour but the enemy's box, the two
        // beside it included.
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            ["0404", "0405", "0406", "0506", "0604", "0605", "0606"]
                .map(b)
                .to_vec()
        );
        // From farther off, the boxes nearer the overrunner are excluded.
        let far = leader_retreats(leader, b("0502"), |_| false, on_map, none);
        assert!(
            far.iter().all(|&h| BOXES.distance(b("0502"), h) >= 3),
            "{far:?}"
        );
        assert_eq!(far.len(), 5);
        // A friendly unit of his command at 0606: he goes there.
        let own = |h: Hex| h == b("0606");
        assert_eq!(
            leader_retreats(leader, enemy, no_enemy, on_map, own),
            vec![b("0606")]
        );
        // Hemmed in: lost.
        assert!(leader_retreats(leader, enemy, |_| true, on_map, none).is_empty());
    }
}
