//! Shooting as numbers (RULINGS-ONE-HOUR H15-H17, H45): how many dice a
//! shot rolls and what each needs to hit, from the facts of one shot. The
//! engine gathers the facts (range, arc, cover, formation) from the state;
//! these functions are the rulings, written once.

use crate::rules::one_hour::model::{
    HalvingsBeyondQuarter, LightInfantryHalfHits, OneHourOptions, OneHourUnit, UnitType, dice_at,
};

/// The cover a target's box gives (H17): terrain data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cover {
    #[default]
    None,
    /// Woods, towns and strongpoints by default.
    Cover,
    /// Boxes the scenario marks; artillery does not ignore it.
    Fortification,
}

/// A unit's formation (H32, H33).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Formation {
    #[default]
    Deployed,
    Square,
    Column,
}

/// The facts of one shot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot<'a> {
    pub shooter: &'a OneHourUnit,
    pub shooter_formation: Formation,
    /// H5 range.
    pub range: u32,
    pub target: &'a OneHourUnit,
    pub target_formation: Formation,
    /// The shooter's box is not in the target's front wedge (H16).
    pub outside_target_front: bool,
    /// The target is infantry occupying a town or strongpoint (H35).
    pub target_occupies_town: bool,
    /// The cover the target has ([`cover_for`]).
    pub cover: Cover,
}

/// Why a unit may not shoot, with the ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoShot {
    Cavalry,
    InSquare,
    InColumn,
    OutOfRange,
}

impl NoShot {
    pub fn reason(self) -> &'static str {
        match self {
            NoShot::Cavalry => "cavalry never shoot [L27] (H15)",
            NoShot::InSquare => "a unit in square may not shoot [L45] (H32)",
            NoShot::InColumn => {
                "infantry and artillery in column of route may not shoot [L48] (H33)"
            }
            NoShot::OutOfRange => "the target is out of range (H5, H15)",
        }
    }
}

/// Whether the target counts as flanked by this shot (H16, H45): the
/// shooter outside its front wedge, except that light infantry, infantry
/// occupying a town or strongpoint and squares have no flanks; a unit in
/// column of route is always flanked.
pub fn flanked(s: &Shot) -> bool {
    if s.target_formation == Formation::Column {
        return true;
    }
    let no_flanks = s.target.unit_type == UnitType::LightInfantry
        || s.target_occupies_town
        || s.target_formation == Formation::Square;
    s.outside_target_front && !no_flanks
}

/// The dice the shot rolls (H15, H16): the table's dice at this range,
/// doubled (once) for artillery against the flank of infantry or cavalry,
/// or against a square.
pub fn shot_dice(o: &OneHourOptions, s: &Shot) -> Result<u32, NoShot> {
    if s.shooter.unit_type.is_cavalry() {
        return Err(NoShot::Cavalry);
    }
    match s.shooter_formation {
        Formation::Square => return Err(NoShot::InSquare),
        Formation::Column => return Err(NoShot::InColumn),
        Formation::Deployed => {}
    }
    let base = dice_at(o.dice_table(s.shooter), s.range).ok_or(NoShot::OutOfRange)?;
    let target_kind = s.target.unit_type;
    let doubled = s.shooter.unit_type == UnitType::Artillery
        && ((flanked(s) && (target_kind.is_infantry() || target_kind.is_cavalry()))
            || s.target_formation == Formation::Square);
    Ok(if doubled { base * 2 } else { base })
}

/// The halvings of a shot (H17): cover (light infantry ignore it;
/// artillery ignores all but fortification; towns and strongpoints shelter
/// only infantry), and light infantry targets of infantry or artillery
/// fire under `half_effect`.
pub fn shot_halvings(o: &OneHourOptions, s: &Shot) -> u32 {
    let shooter = s.shooter.unit_type;
    let sheltered = s.cover != Cover::None;
    let cover = sheltered
        && shooter != UnitType::LightInfantry
        && !(shooter == UnitType::Artillery && s.cover != Cover::Fortification);
    let light = s.target.unit_type == UnitType::LightInfantry
        && (shooter.is_infantry() || shooter == UnitType::Artillery)
        && o.light_infantry_half_hits == LightInfantryHalfHits::HalfEffect;
    u32::from(cover) + u32::from(light)
}

/// The cover a box gives a unit in it (H17, H35): a town or strongpoint
/// shelters only infantry, which occupy it; other cover (woods,
/// fortification) shelters whoever is there.
pub fn cover_for(box_cover: Cover, town_or_strongpoint: bool, unit: UnitType) -> Cover {
    if town_or_strongpoint && !unit.is_infantry() {
        Cover::None
    } else {
        box_cover
    }
}

/// What a die must show to hit after `halvings` (H17): 3+, one halving
/// 5+, two or more 6; with `no_hits`, three or more halvings hit nothing.
pub fn hit_number(o: &OneHourOptions, halvings: u32) -> Option<u32> {
    match halvings {
        0 => Some(3),
        1 => Some(5),
        2 => Some(6),
        _ => match o.halvings_beyond_quarter {
            HalvingsBeyondQuarter::Clamp6 => Some(6),
            HalvingsBeyondQuarter::NoHits => None,
        },
    }
}

/// The hits a shot scores from its dice (H17), light infantry's halving
/// applied to the hits under the `halve_hits_*` options instead of the
/// hit number.
pub fn shot_hits(o: &OneHourOptions, s: &Shot, faces: &[u32]) -> u32 {
    let Some(need) = hit_number(o, shot_halvings(o, s)) else {
        return 0;
    };
    let hits = faces.iter().filter(|&&f| f >= need).count() as u32;
    let light = s.target.unit_type == UnitType::LightInfantry
        && (s.shooter.unit_type.is_infantry() || s.shooter.unit_type == UnitType::Artillery);
    match (light, o.light_infantry_half_hits) {
        (true, LightInfantryHalfHits::HalveHitsRoundDown) => hits / 2,
        (true, LightInfantryHalfHits::HalveHitsRoundUp) => hits.div_ceil(2),
        _ => hits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shot<'a>(shooter: &'a OneHourUnit, target: &'a OneHourUnit, range: u32) -> Shot<'a> {
        Shot {
            shooter,
            shooter_formation: Formation::Deployed,
            range,
            target,
            target_formation: Formation::Deployed,
            outside_target_front: false,
            target_occupies_town: false,
            cover: Cover::None,
        }
    }

    #[test]
    fn h15_who_may_shoot_and_with_how_many_dice() {
        let o = OneHourOptions::default();
        let (art, line, cav) = (
            OneHourUnit::of(UnitType::Artillery),
            OneHourUnit::of(UnitType::LineInfantry),
            OneHourUnit::of(UnitType::Cavalry),
        );
        assert_eq!(shot_dice(&o, &shot(&art, &line, 1)), Ok(3));
        assert_eq!(shot_dice(&o, &shot(&art, &line, 4)), Ok(2));
        assert_eq!(shot_dice(&o, &shot(&art, &line, 8)), Ok(1));
        assert_eq!(
            shot_dice(&o, &shot(&art, &line, 9)),
            Err(NoShot::OutOfRange)
        );
        assert_eq!(shot_dice(&o, &shot(&line, &line, 2)), Ok(1));
        assert_eq!(shot_dice(&o, &shot(&cav, &line, 1)), Err(NoShot::Cavalry));
        let mut sq = shot(&line, &line, 1);
        sq.shooter_formation = Formation::Square;
        assert_eq!(shot_dice(&o, &sq), Err(NoShot::InSquare));
        sq.shooter_formation = Formation::Column;
        assert_eq!(shot_dice(&o, &sq), Err(NoShot::InColumn));
        assert!(NoShot::InColumn.reason().contains("H33"));
    }

    #[test]
    fn h16_artillery_doubles_against_flanks_and_squares_never_twice() {
        let o = OneHourOptions::default();
        let (art, line, light) = (
            OneHourUnit::of(UnitType::Artillery),
            OneHourUnit::of(UnitType::LineInfantry),
            OneHourUnit::of(UnitType::LightInfantry),
        );
        let mut s = shot(&art, &line, 2);
        s.outside_target_front = true;
        assert_eq!(shot_dice(&o, &s), Ok(4), "flank");
        s.target_formation = Formation::Square;
        assert_eq!(shot_dice(&o, &s), Ok(4), "square, not x4");
        // Light infantry and occupied towns have no flanks.
        let mut s = shot(&art, &light, 2);
        s.outside_target_front = true;
        assert_eq!(shot_dice(&o, &s), Ok(2));
        let mut s = shot(&art, &line, 2);
        s.outside_target_front = true;
        s.target_occupies_town = true;
        assert_eq!(shot_dice(&o, &s), Ok(2));
        // H45: column of route is flanked even from the front.
        let mut s = shot(&art, &light, 2);
        s.target_formation = Formation::Column;
        assert_eq!(shot_dice(&o, &s), Ok(4));
        // Only artillery doubles.
        let mut s = shot(&line, &line, 1);
        s.outside_target_front = true;
        assert_eq!(shot_dice(&o, &s), Ok(3));
    }

    #[test]
    fn h17_hit_numbers_and_halvings() {
        let o = OneHourOptions::default();
        assert_eq!(
            (0..4).map(|h| hit_number(&o, h)).collect::<Vec<_>>(),
            vec![Some(3), Some(5), Some(6), Some(6)]
        );
        let strict = OneHourOptions {
            halvings_beyond_quarter: HalvingsBeyondQuarter::NoHits,
            ..OneHourOptions::default()
        };
        assert_eq!(hit_number(&strict, 3), None);
        let (art, line, light) = (
            OneHourUnit::of(UnitType::Artillery),
            OneHourUnit::of(UnitType::LineInfantry),
            OneHourUnit::of(UnitType::LightInfantry),
        );
        // Line infantry at a line in woods: cover, 5+.
        let mut s = shot(&line, &line, 1);
        s.cover = Cover::Cover;
        assert_eq!(shot_halvings(&o, &s), 1);
        // Light infantry ignore cover; artillery ignores all but
        // fortification.
        let mut s = shot(&light, &line, 1);
        s.cover = Cover::Cover;
        assert_eq!(shot_halvings(&o, &s), 0);
        let mut s = shot(&art, &line, 1);
        s.cover = Cover::Cover;
        assert_eq!(shot_halvings(&o, &s), 0);
        s.cover = Cover::Fortification;
        assert_eq!(shot_halvings(&o, &s), 1);
        // A light infantry target of infantry fire in woods: two halvings,
        // 6 to hit.
        let mut s = shot(&line, &light, 1);
        s.cover = Cover::Cover;
        assert_eq!(shot_halvings(&o, &s), 2);
        assert_eq!(shot_hits(&o, &s, &[3, 4, 5, 6, 6]), 2);
        // Under halve_hits_round_down the light infantry's halving moves
        // to the hits: 5+ for the woods, then half the hits.
        let halve = OneHourOptions {
            light_infantry_half_hits: LightInfantryHalfHits::HalveHitsRoundDown,
            ..OneHourOptions::default()
        };
        assert_eq!(shot_halvings(&halve, &s), 1);
        assert_eq!(shot_hits(&halve, &s, &[3, 4, 5, 6, 6]), 1);
        // A town shelters infantry, not cavalry or guns standing in it.
        assert_eq!(
            cover_for(Cover::Cover, true, UnitType::LightInfantry),
            Cover::Cover
        );
        assert_eq!(
            cover_for(Cover::Cover, true, UnitType::Cavalry),
            Cover::None
        );
        assert_eq!(
            cover_for(Cover::Cover, false, UnitType::Artillery),
            Cover::Cover
        );
        // Open ground, no halving: 3+.
        assert_eq!(shot_hits(&o, &shot(&art, &line, 1), &[1, 2, 3]), 1);
    }
}
