//! The computer's order of battle for a pick-up battle [3.1]: a General
//! it can afford, forces of a leader, infantry, a cavalry unit and a
//! battery, now and then a cavalry force, every minimum of the list met,
//! within the agreed points. Randomness comes from the seeded `Dice`
//! passed in, so the same seed builds the same army.

use crate::engine::Dice;
use crate::rules::napoleon::model::NapoleonOptions;
use crate::rules::napoleon::model::pickup::{
    ArmyList, ForcePick, OrderOfBattle, PICKUP_FORMAT_VERSION, UnitType,
};
use crate::scenario::UnitKind;

/// Builds an order of battle from `list` at `points`; the reasons it could
/// not, when the list cannot field a legal army at that size.
pub fn build_order(
    list: &ArmyList,
    points: u32,
    o: &NapoleonOptions,
    dice: &mut Dice,
) -> Result<OrderOfBattle, Vec<String>> {
    let v = &o.troops.points;
    // Bounds before anything is built (issue 35 item 33).
    let mut why = list.check();
    if points > crate::scenario::limits::MAX_PICKUP_POINTS {
        why.push(format!(
            "{points} points: at most {} are supported (N18)",
            crate::scenario::limits::MAX_PICKUP_POINTS
        ));
    }
    if !why.is_empty() {
        return Err(why);
    }
    // A General costing at most an eighth of the army, the best such.
    let mut generals: Vec<_> = list.generals.iter().collect();
    generals.sort_by_key(|g| std::cmp::Reverse(g.command_factor));
    let general = generals
        .iter()
        .find(|g| g.cost(v).saturating_mul(8) <= points)
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
        if lc.saturating_add(cheapest.saturating_mul(2)) > left && (n != 0 || required.is_empty()) {
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
                    left = left.saturating_sub(list.unit_type(&id).map_or(0, |t| t.cost(o)));
                    force.units.push(id);
                }
            }
        }
        if force.units.is_empty() {
            left = left.saturating_add(lc);
            break;
        }
        order.forces.push(force);
    }
    // Spend what is left on more infantry, round the forces.
    // Bounded: a unit type costing 0 points would otherwise be bought
    // forever.
    let mut i = 0;
    let units = |order: &OrderOfBattle| order.forces.iter().map(|f| f.units.len()).sum::<usize>();
    while !order.forces.is_empty()
        && units(&order) < crate::scenario::limits::MAX_PICKUP_ENTRIES as usize
    {
        let Some(id) = pick(&order, &infantry, left, dice) else {
            break;
        };
        left = left.saturating_sub(list.unit_type(&id).map_or(0, |t| t.cost(o)));
        let n = order.forces.len();
        order.forces[i % n].units.push(id);
        i += 1;
    }
    let why = list.check_order(&order, o);
    if why.is_empty() { Ok(order) } else { Err(why) }
}

// ----- the computer's deployment [3.2] ------------------------------------

use crate::hex::{Dir, Hex};
use crate::rules::napoleon::engine::deploy::{
    DeployCommand, Deployment, FeatureKind, ForcePlacement, Occupy, Step, Zone,
};

/// The computer's command for its step of the pick-up procedure: legal
/// (every candidate goes through [`Deployment::check`]) and sensible:
/// hills and villages in its own areas toward its front, its infantry on
/// the features it may occupy, nothing placed in the enemy's areas, a
/// straight supply road, forces in line along its frontline with the
/// guns attached, the General behind them.
pub fn deploy_command(d: &Deployment, dice: &mut Dice) -> DeployCommand {
    let side = d.to_act();
    let cmd = match d.step {
        Step::ForwardRoll => Some(DeployCommand::RollForward),
        Step::ForwardMove => Some(DeployCommand::RemoveFeature),
        Step::DefenderRoad | Step::AttackerRoad => road(d, side),
        Step::DefenderForces | Step::AttackerForces => (0..d.forces(side))
            .filter(|&f| !d.force_placed(side, f))
            .find_map(|f| place_force(d, side, f, &d.home_zones(side), None, dice))
            .map(DeployCommand::PlaceForce),
        Step::DefenderGeneral | Step::AttackerGeneral => general(d, side),
        Step::Done => None,
        _ => feature(d, side, dice),
    };
    match cmd {
        Some(c) if d.check(side, &c).is_ok() => c,
        _ => DeployCommand::Pass,
    }
}

/// The direction a side's units face: toward the enemy's edge.
pub fn front_dir(d: &Deployment, side: u8) -> Dir {
    if d.edge_row(1 - side) > d.edge_row(side) {
        Dir::S
    } else {
        Dir::N
    }
}

fn is_own(d: &Deployment, side: u8, z: Zone) -> bool {
    z == Zone::Forward || d.home_zones(side).contains(&z)
}

fn feature(d: &Deployment, side: u8, dice: &mut Dice) -> Option<DeployCommand> {
    let (zone, kinds, occupy) = d.allowed();
    if !is_own(d, side, zone) && occupy != Occupy::Must {
        // Terrain in the enemy's areas serves the enemy: pass.
        return None;
    }
    // Hills first, then villages, woods and broken ground, with a die
    // so that tables differ: each kind's weight plus a roll.
    let mut prefer: Vec<(FeatureKind, usize, usize)> = kinds.to_vec();
    let keys: Vec<u32> = prefer
        .iter()
        .map(|(k, _, _)| {
            let weight = match k {
                FeatureKind::Hill => 4,
                FeatureKind::Village => 3,
                FeatureKind::Forest => 2,
                FeatureKind::Difficult => 1,
            };
            weight + dice.roll(4)
        })
        .collect();
    let mut order: Vec<usize> = (0..prefer.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(keys[i]));
    prefer = order.iter().map(|&i| prefer[i]).collect();
    let hexes = d.zone_hexes(zone);
    let centre = d.map().columns as i32 / 2;
    let front = d.edge_row(1 - side);
    // Candidates near the middle and toward the front, a few at random.
    let mut starts: Vec<Hex> = hexes.clone();
    starts.sort_by_key(|h| {
        (
            (h.col - centre).abs() * 2 + (h.row - front).abs(),
            h.col,
            h.row,
        )
    });
    starts.truncate(24);
    for i in (1..starts.len()).rev() {
        let j = dice.roll(i as u32 + 1) as usize - 1;
        starts.swap(i, j);
    }
    for &(kind, lo, hi) in prefer.iter().take(3) {
        let size = if kind == FeatureKind::Village {
            hi.min(2)
        } else {
            ((lo + hi) / 2).max(lo)
        };
        for &start in &starts {
            let shape = grow(d, start, size, zone);
            if shape.len() != size || d.check_feature(kind, &shape, None).is_err() {
                continue;
            }
            let force = if occupy == Occupy::No {
                None
            } else {
                let painted = d.with_feature(kind, &shape);
                (0..d.forces(side))
                    .filter(|&f| !d.force_placed(side, f))
                    .find_map(|f| place_force(&painted, side, f, &[zone], Some(&shape), dice))
            };
            if occupy == Occupy::Must && force.is_none() {
                continue;
            }
            let cmd = DeployCommand::PlaceFeature {
                kind,
                hexes: shape,
                force,
            };
            if d.check(side, &cmd).is_ok() {
                return Some(cmd);
            }
        }
    }
    None
}

/// `size` contiguous hexes from `start`, all in `zone`.
fn grow(d: &Deployment, start: Hex, size: usize, zone: Zone) -> Vec<Hex> {
    let g = d.map().grid();
    let mut out = vec![start];
    let mut i = 0;
    while out.len() < size && i < out.len() {
        for n in g.neighbours(out[i]) {
            if out.len() < size && !out.contains(&n) && d.zone_of(n) == Some(zone) {
                out.push(n);
            }
        }
        i += 1;
    }
    out
}

/// A legal placement of force `f` in `zones`, on the feature when given
/// (pass a table with the feature painted, [`Deployment::with_feature`]):
/// its infantry and cavalry one to a hex along the front from an anchor,
/// each gun attached to a unit, the leader with the first unit.
pub fn place_force(
    d: &Deployment,
    side: u8,
    f: usize,
    zones: &[Zone],
    on: Option<&[Hex]>,
    dice: &mut Dice,
) -> Option<ForcePlacement> {
    let units = d.force_units(side, f);
    let facing = front_dir(d, side);
    let mut anchors: Vec<Hex> = match on {
        Some(hexes) => hexes.to_vec(),
        None => zones.iter().flat_map(|&z| d.zone_hexes(z)).collect(),
    };
    let centre = d.map().columns as i32 / 2;
    let front = d.edge_row(1 - side);
    anchors.sort_by_key(|h| ((h.row - front).abs() * 3 + (h.col - centre).abs(), h.col));
    // Spread the candidates a little so forces do not all try one spot.
    let skip = if on.is_none() {
        dice.roll(3) as usize - 1
    } else {
        0
    };
    let g = d.map().grid();
    let free = |h: Hex, taken: &[Hex]| {
        !taken.contains(&h) && d.zone_of(h).is_some_and(|z| zones.contains(&z)) && !d.holds_piece(h)
    };
    for &anchor in anchors.iter().skip(skip).take(40) {
        // Hexes along the row first, then behind.
        let mut ring: Vec<Hex> = Vec::new();
        let mut todo = vec![anchor];
        while let Some(h) = todo.first().copied() {
            todo.remove(0);
            if ring.contains(&h) || !free(h, &[]) {
                continue;
            }
            ring.push(h);
            if ring.len() > units.len() * 3 {
                break;
            }
            let mut ns: Vec<Hex> = g.neighbours(h).into_iter().collect();
            ns.sort_by_key(|n| ((n.row - h.row).abs(), (n.row - front).abs()));
            todo.extend(ns);
        }
        let assign = || -> Option<Vec<Option<(Hex, Dir)>>> {
            let mut taken: Vec<Hex> = Vec::new();
            let mut places: Vec<Option<(Hex, Dir)>> = vec![None; units.len()];
            let kind = |i: usize| d.unit(i).map(|u| u.kind);
            // Troops first, in ring order, on ground they may stand on.
            for (k, &i) in units.iter().enumerate() {
                if kind(i) == Some(crate::scenario::UnitKind::Artillery) {
                    continue;
                }
                let Some(u) = d.unit(i) else { continue };
                let h = ring
                    .iter()
                    .copied()
                    .find(|&h| !taken.contains(&h) && d.may_stand(u.kind, h))?;
                taken.push(h);
                places[k] = Some((h, facing));
            }
            // Guns attached to a host each, or on their own hexes.
            let mut hosts: Vec<Hex> = taken
                .iter()
                .copied()
                .filter(|&h| d.may_stand(crate::scenario::UnitKind::Artillery, h))
                .collect();
            for (k, &i) in units.iter().enumerate() {
                if kind(i) != Some(crate::scenario::UnitKind::Artillery) {
                    continue;
                }
                let h = if hosts.is_empty() {
                    let h = ring.iter().copied().find(|&h| {
                        !taken.contains(&h) && d.may_stand(crate::scenario::UnitKind::Artillery, h)
                    })?;
                    taken.push(h);
                    h
                } else {
                    hosts.remove(0)
                };
                places[k] = Some((h, facing));
            }
            Some(places)
        };
        let Some(places) = assign() else { continue };
        let units: Option<Vec<(Hex, Dir)>> = places.into_iter().collect();
        let Some(units) = units else { continue };
        let Some(leader) = units.first().map(|p| p.0) else {
            continue;
        };
        let p = ForcePlacement {
            force: f,
            units,
            leader,
        };
        if d.check_placement(side, &p, zones, on).is_ok() {
            return Some(p);
        }
    }
    None
}

fn road(d: &Deployment, side: u8) -> Option<DeployCommand> {
    let edge = d.edge_row(side);
    let step = if d.edge_row(1 - side) > edge { 1 } else { -1 };
    let columns: Vec<i32> = match d.roads[1 - side as usize].last() {
        // The attacker's road ends next to the defender's.
        Some(end) if d.step == Step::AttackerRoad => vec![end.col],
        _ => {
            let c = d.map().columns as i32 / 2;
            vec![c, c + 1, c - 1, c + 2, c - 2]
        }
    };
    let end = if side == d.attacker {
        d.roads[1 - side as usize].last()?.row - step
    } else {
        let r = d.zone_rows(Zone::DefenderFrontline);
        if step > 0 { *r.end() } else { *r.start() }
    };
    for c in columns {
        let mut hexes = Vec::new();
        let mut r = edge;
        loop {
            hexes.push(Hex::new(c, r));
            if r == end {
                break;
            }
            r += step;
        }
        let cmd = DeployCommand::MarkRoad { hexes };
        if d.check(side, &cmd).is_ok() {
            return Some(cmd);
        }
    }
    None
}

fn general(d: &Deployment, side: u8) -> Option<DeployCommand> {
    let centre = d.map().columns as i32 / 2;
    let edge = d.edge_row(side);
    let mut hexes: Vec<Hex> = d
        .home_zones(side)
        .iter()
        .flat_map(|&z| d.zone_hexes(z))
        .collect();
    // Behind the middle of the line, a row or two from the edge.
    hexes.sort_by_key(|h| {
        (
            (h.col - centre).abs() + ((h.row - edge).abs() - 2).abs() * 2,
            h.col,
        )
    });
    hexes
        .into_iter()
        .map(|hex| DeployCommand::PlaceGeneral { hex })
        .find(|c| d.check(side, c).is_ok())
}

/// A whole pick-up procedure played by two computer players from `seed`:
/// the table, and the log that re-creates it.
pub fn deploy_by_computers(
    mut log: crate::rules::napoleon::engine::deploy::DeploymentLog,
) -> Result<
    (
        Deployment,
        crate::rules::napoleon::engine::deploy::DeploymentLog,
    ),
    crate::rules::napoleon::engine::deploy::DeployError,
> {
    let (mut d, mut dice, _) = log.start()?;
    let mut mind = Dice::new(log.seed ^ 0x6465_706c_6f79);
    log.commands.clear();
    // Every step ends after a bounded number of commands; the bound only
    // guards against a bug looping forever.
    for _ in 0..10_000 {
        if d.is_done() {
            return Ok((d, log));
        }
        let side = d.to_act();
        let cmd = deploy_command(&d, &mut mind);
        d.execute(side, &cmd, &mut dice)?;
        log.commands.push((side, cmd));
    }
    Err(crate::rules::napoleon::engine::deploy::DeployError(
        format!(
            "the computer players did not finish the deployment (stuck at {:?})",
            d.step
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::napoleon::model::pickup::shipped_lists;

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
