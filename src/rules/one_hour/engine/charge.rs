//! Cavalry charges as numbers (RULINGS-ONE-HOUR H26-H27, H45, H49, H50):
//! the dice a charge rolls and what each needs to hit, from the facts of
//! one charge. Only the charger rolls; the target never hits back (H27).

use super::fire::hit_number;
use crate::rules::one_hour::model::{OneHourOptions, OneHourUnit, UnitType};

/// The facts of one charge, gathered by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charge<'a> {
    pub charger: &'a OneHourUnit,
    /// The charger is in column of route (H33: half effect).
    pub charger_in_column: bool,
    pub target: &'a OneHourUnit,
    /// The target is in column of route (H45: always flanked).
    pub target_in_column: bool,
    /// The charger's final box is not in the target's front wedge.
    pub outside_target_front: bool,
    /// The target stands in a town or strongpoint box (H35, H49: its own
    /// 5+ or 6 replaces other cover and frontage).
    pub target_in_town: bool,
    /// The target's box has cover (woods, fortification) (H49).
    pub target_box_cover: bool,
    /// The charger's box, a box it entered, or the target's box is a
    /// bridge or woods (H27 narrow frontage, H49).
    pub narrow_frontage: bool,
}

/// Why a unit may not charge, with the ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCharge {
    NotCavalry,
    TargetInSquare,
}

impl NoCharge {
    pub fn reason(self) -> &'static str {
        match self {
            NoCharge::NotCavalry => {
                "only cavalry charge; infantry and artillery never melee [L42] (H26)"
            }
            NoCharge::TargetInSquare => "a unit in square may not be charged [L45] (H26, H32)",
        }
    }
}

/// Whether the charge takes the target in the flank (H27 step 2 with the
/// no-flank cases of H16 and H45): from outside its front wedge, unless
/// it is light infantry or infantry occupying a town; a column always.
pub fn flank_attack(c: &Charge) -> bool {
    if c.target_in_column {
        return true;
    }
    let t = c.target.unit_type;
    let no_flanks = t == UnitType::LightInfantry || (c.target_in_town && t.is_infantry());
    c.outside_target_front && !no_flanks
}

/// The dice a charge rolls (H27, H50): the charger's dice (cavalry
/// against heavy cavalry its own number); doubled once for a flank attack,
/// a light infantry target or artillery not in cover; one more die for
/// shock against a target without it.
pub fn charge_dice(
    o: &OneHourOptions,
    c: &Charge,
    target_in_square: bool,
) -> Result<u32, NoCharge> {
    let ct = c.charger.unit_type;
    if !ct.is_cavalry() {
        return Err(NoCharge::NotCavalry);
    }
    if target_in_square {
        return Err(NoCharge::TargetInSquare);
    }
    let t = c.target.unit_type;
    let base = if ct == UnitType::Cavalry && t == UnitType::HeavyCavalry {
        o.troops.vs_heavy_cavalry_dice
    } else {
        *o.troops.charge_dice.get(ct)
    };
    let uncovered_guns = t == UnitType::Artillery && !c.target_box_cover && !c.target_in_town;
    let doubled = flank_attack(c) || t == UnitType::LightInfantry || uncovered_guns;
    let shock = o.has_shock(c.charger) && !o.has_shock(c.target);
    Ok(if doubled { base * 2 } else { base } + u32::from(shock))
}

/// The halvings of a charge (H27, H49): a town or strongpoint target one
/// for cavalry and artillery, two for infantry, in place of cover and
/// frontage; elsewhere one for cover and one for a narrow frontage; and
/// one more for a charger in column.
pub fn charge_halvings(c: &Charge) -> u32 {
    let place = if c.target_in_town {
        if c.target.unit_type.is_infantry() {
            2
        } else {
            1
        }
    } else {
        u32::from(c.target_box_cover) + u32::from(c.narrow_frontage)
    };
    place + u32::from(c.charger_in_column)
}

/// The hits a charge scores from its dice.
pub fn charge_hits(o: &OneHourOptions, c: &Charge, faces: &[u32]) -> u32 {
    hit_number(o, charge_halvings(c)).map_or(0, |need| {
        faces.iter().filter(|&&f| f >= need).count() as u32
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn charge<'a>(charger: &'a OneHourUnit, target: &'a OneHourUnit) -> Charge<'a> {
        Charge {
            charger,
            charger_in_column: false,
            target,
            target_in_column: false,
            outside_target_front: false,
            target_in_town: false,
            target_box_cover: false,
            narrow_frontage: false,
        }
    }

    #[test]
    fn h26_only_cavalry_charge_and_never_a_square() {
        let o = OneHourOptions::default();
        let (line, cav) = (
            OneHourUnit::of(UnitType::LineInfantry),
            OneHourUnit::of(UnitType::Cavalry),
        );
        assert_eq!(
            charge_dice(&o, &charge(&line, &cav), false),
            Err(NoCharge::NotCavalry)
        );
        assert_eq!(
            charge_dice(&o, &charge(&cav, &line), true),
            Err(NoCharge::TargetInSquare)
        );
        assert!(NoCharge::TargetInSquare.reason().contains("H32"));
    }

    #[test]
    fn h27_h50_charge_dice() {
        let o = OneHourOptions::default();
        let (line, light, cav, heavy, art) = (
            OneHourUnit::of(UnitType::LineInfantry),
            OneHourUnit::of(UnitType::LightInfantry),
            OneHourUnit::of(UnitType::Cavalry),
            OneHourUnit::of(UnitType::HeavyCavalry),
            OneHourUnit::of(UnitType::Artillery),
        );
        let dice = |c: &Charge| charge_dice(&o, c, false).expect("a charge");
        assert_eq!(dice(&charge(&cav, &line)), 3);
        assert_eq!(
            dice(&charge(&cav, &heavy)),
            2,
            "cavalry against heavy cavalry"
        );
        assert_eq!(dice(&charge(&heavy, &heavy)), 3, "H50");
        assert_eq!(dice(&charge(&cav, &light)), 6, "light infantry: x2");
        assert_eq!(dice(&charge(&cav, &art)), 6, "guns in the open: x2");
        let mut c = charge(&cav, &art);
        c.target_box_cover = true;
        assert_eq!(dice(&c), 3, "guns in cover");
        let mut c = charge(&cav, &line);
        c.outside_target_front = true;
        assert_eq!(dice(&c), 6, "flank");
        let mut c = charge(&cav, &light);
        c.outside_target_front = true;
        assert_eq!(dice(&c), 6, "light infantry flanked: still x2 once");
        let mut c = charge(&cav, &line);
        c.target_in_column = true;
        assert_eq!(dice(&c), 6, "H45: a column is flanked");
        // Shock: one more die against a target without it.
        let shock = OneHourUnit {
            shock: true,
            ..OneHourUnit::of(UnitType::HeavyCavalry)
        };
        assert_eq!(dice(&charge(&shock, &line)), 4);
        let shock_target = OneHourUnit {
            shock: true,
            ..OneHourUnit::of(UnitType::HeavyCavalry)
        };
        assert_eq!(dice(&charge(&shock, &shock_target)), 3);
    }

    #[test]
    fn h27_h49_halvings_towns_frontage_and_column() {
        let o = OneHourOptions::default();
        let (line, cav, art) = (
            OneHourUnit::of(UnitType::LineInfantry),
            OneHourUnit::of(UnitType::Cavalry),
            OneHourUnit::of(UnitType::Artillery),
        );
        let need = |c: &Charge| hit_number(&o, charge_halvings(c));
        assert_eq!(need(&charge(&cav, &line)), Some(3));
        // Infantry in a town: 6; guns or cavalry there: 5+ [L56-57].
        let mut c = charge(&cav, &line);
        c.target_in_town = true;
        c.narrow_frontage = true;
        assert_eq!(need(&c), Some(6));
        let mut c = charge(&cav, &art);
        c.target_in_town = true;
        assert_eq!(need(&c), Some(5));
        c.charger_in_column = true;
        assert_eq!(need(&c), Some(6), "the column halving adds");
        // Woods along a road: cover and narrow frontage, 6.
        let mut c = charge(&cav, &line);
        c.target_box_cover = true;
        c.narrow_frontage = true;
        assert_eq!(need(&c), Some(6));
        assert_eq!(charge_hits(&o, &c, &[5, 6, 6, 2]), 2);
        // Over a bridge at a target in the open: 5+.
        let mut c = charge(&cav, &line);
        c.narrow_frontage = true;
        assert_eq!(charge_hits(&o, &c, &[4, 5, 6]), 2);
    }
}
