//! The computer's order of battle for a pick-up battle [3.1]: a General
//! it can afford, forces of a leader, infantry, a cavalry unit and a
//! battery, now and then a cavalry force, every minimum of the list met,
//! within the agreed points. Randomness comes from the seeded `Dice`
//! passed in, so the same seed builds the same army.

use crate::engine::Dice;
use crate::scenario::NapoleonOptions;
use crate::scenario::UnitKind;
use crate::scenario::pickup::{
    ArmyList, ForcePick, OrderOfBattle, PICKUP_FORMAT_VERSION, UnitType,
};

/// Builds an order of battle from `list` at `points`; the reasons it could
/// not, when the list cannot field a legal army at that size.
pub fn build_order(
    list: &ArmyList,
    points: u32,
    o: &NapoleonOptions,
    dice: &mut Dice,
) -> Result<OrderOfBattle, Vec<String>> {
    let v = &o.troops.points;
    // A General costing at most an eighth of the army, the best such.
    let mut generals: Vec<_> = list.generals.iter().collect();
    generals.sort_by_key(|g| std::cmp::Reverse(g.command_factor));
    let general = generals
        .iter()
        .find(|g| g.cost(v) * 8 <= points)
        .or(generals.last())
        .ok_or_else(|| vec![format!("the list \"{}\" has no General [1.1]", list.name)])?;
    let mut order = OrderOfBattle {
        version: PICKUP_FORMAT_VERSION,
        list: list.name.clone(),
        points,
        general: general.name.clone(),
        forces: Vec::new(),
    };
    // Leaders in a shuffled order, the good ones first.
    let mut leaders: Vec<_> = list.leaders.iter().collect();
    for i in (1..leaders.len()).rev() {
        let j = dice.roll(i as u32 + 1) as usize - 1;
        leaders.swap(i, j);
    }
    leaders.sort_by_key(|l| std::cmp::Reverse(l.factor));
    let max_forces = list
        .max_forces
        .map_or(leaders.len(), |m| (m as usize).min(leaders.len()));
    let of =
        |k: UnitKind| -> Vec<&UnitType> { list.units.iter().filter(|t| t.kind == k).collect() };
    let infantry = of(UnitKind::Infantry);
    let cavalry = of(UnitKind::Cavalry);
    let artillery = of(UnitKind::Artillery);
    let count = |order: &OrderOfBattle, id: &str| {
        order
            .forces
            .iter()
            .flat_map(|f| &f.units)
            .filter(|u| *u == id)
            .count() as u32
    };
    // Picks a type of `kinds` the list still allows and the points afford.
    let pick = |order: &OrderOfBattle, kinds: &[&UnitType], left: u32, dice: &mut Dice| {
        let ok: Vec<&&UnitType> = kinds
            .iter()
            .filter(|t| t.max.is_none_or(|m| count(order, &t.id) < m) && t.cost(o) <= left)
            .collect();
        (!ok.is_empty()).then(|| ok[dice.roll(ok.len() as u32) as usize - 1].id.clone())
    };
    let mut left = points.saturating_sub(general.cost(v));
    // The list's minimums first, into the first force.
    let mut required: Vec<String> = Vec::new();
    for t in &list.units {
        for _ in 0..t.min {
            required.push(t.id.clone());
            left = left.saturating_sub(t.cost(o));
        }
    }
    let cheapest = list.units.iter().map(|t| t.cost(o)).min().unwrap_or(0);
    for (n, leader) in leaders.iter().take(max_forces).enumerate() {
        let lc = leader.cost(v);
        if lc + 2 * cheapest > left && (n != 0 || required.is_empty()) {
            break;
        }
        left = left.saturating_sub(lc);
        let cavalry_force = n % 4 == 3 && !cavalry.is_empty();
        let mut force = ForcePick {
            name: format!(
                "{}'s {}",
                leader.name,
                if cavalry_force { "cavalry" } else { "division" }
            ),
            leader: leader.name.clone(),
            units: if n == 0 {
                std::mem::take(&mut required)
            } else {
                Vec::new()
            },
        };
        let plan: &[(&[&UnitType], u32)] = if cavalry_force {
            &[(&cavalry, 3), (&artillery, 1)]
        } else {
            &[(&infantry, 4), (&cavalry, 1), (&artillery, 1)]
        };
        for (kinds, want) in plan {
            let have = force
                .units
                .iter()
                .filter(|id| kinds.iter().any(|t| &t.id == *id))
                .count() as u32;
            for _ in have..*want {
                order.forces.push(force.clone());
                let choice = pick(&order, kinds, left, dice);
                order.forces.pop();
                if let Some(id) = choice {
                    left -= list.unit_type(&id).map_or(0, |t| t.cost(o));
                    force.units.push(id);
                }
            }
        }
        if force.units.is_empty() {
            left += lc;
            break;
        }
        order.forces.push(force);
    }
    // Spend what is left on more infantry, round the forces.
    let mut i = 0;
    while !order.forces.is_empty() {
        let Some(id) = pick(&order, &infantry, left, dice) else {
            break;
        };
        left -= list.unit_type(&id).map_or(0, |t| t.cost(o));
        let n = order.forces.len();
        order.forces[i % n].units.push(id);
        i += 1;
    }
    let why = list.check_order(&order, o);
    if why.is_empty() { Ok(order) } else { Err(why) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::pickup::shipped_lists;

    #[test]
    fn n18_the_computer_builds_legal_orders_of_battle_from_each_shipped_list() {
        let o = NapoleonOptions::default();
        for list in shipped_lists() {
            for points in [400, 700, 1000, 1500] {
                for seed in 0..20 {
                    let order = build_order(&list, points, &o, &mut Dice::new(seed))
                        .unwrap_or_else(|e| panic!("{} at {points}: {e:?}", list.name));
                    let cost = list.cost(&order, &o);
                    assert!(cost <= points, "{cost} > {points}");
                    // Sensible: most of the points spent, and every force
                    // has infantry or cavalry.
                    assert!(
                        cost * 10 >= points * 8,
                        "{} at {points} spent only {cost}",
                        list.name
                    );
                    for f in &order.forces {
                        assert!(f.units.iter().any(|id| {
                            list.unit_type(id)
                                .is_some_and(|t| t.kind != UnitKind::Artillery)
                        }));
                    }
                }
            }
        }
    }

    #[test]
    fn n18_the_same_seed_builds_the_same_army() {
        let o = NapoleonOptions::default();
        let list = &shipped_lists()[0];
        let a = build_order(list, 1000, &o, &mut Dice::new(7));
        let b = build_order(list, 1000, &o, &mut Dice::new(7));
        assert_eq!(a, b);
    }
}
