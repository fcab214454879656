//! What the *Napoleon* rules forbid at set-up, reported in a designer's
//! words with the section (and ruling) that forbids it: armies and their
//! Generals [1.1][3.6.1], forces and leaders [0.5][1.2] (N12), troop
//! factors [1.3][1.4], facing [3.7.2.6] (N6), where each kind of unit may
//! stand [3.8.1.1][3.8.5][3.8.6] (N67, N92, N94, N97), stacking [3.7.2.1]
//! (N67), attached guns [3.7.2.9.1] (N72), the initiative tie [3.3] (N34),
//! and the options' own bounds.

use crate::hex::Hex;
use crate::rules::napoleon::model::{EliminationThreshold, NapoleonOptions, NapoleonTerrain};
use crate::scenario::limits::MAX_TROOP_VALUE;
use crate::scenario::{Issues, field};
use crate::scenario::{Location, Map, Placement, Scenario, UnitId, UnitKind};
use std::collections::BTreeMap;

/// What stands in a hex at set-up.
#[derive(Default)]
struct Stack<'a> {
    /// Infantry and cavalry (at most one may).
    troops: Vec<&'a UnitId>,
    artillery: Vec<&'a UnitId>,
    leaders: Vec<(usize, usize)>,
    general: Vec<usize>,
}

pub(crate) fn check(s: &Scenario, map: &Map, o: &NapoleonOptions, out: &mut Issues) {
    let grid = map.grid();
    let role = |h: Hex| {
        map.terrain_at(h)
            .map_or(NapoleonTerrain::Clear, |t| o.terrain_role(&t.id))
    };
    check_options(map, o, out);

    // Armies [0.5][1.1] and the initiative tie [3.3] (N34).
    let mut french = 0;
    for (si, side) in s.sides.iter().enumerate() {
        let loc = || field(&format!("sides[{si}].army"));
        let Some(army) = &side.army else {
            out.error(
                loc(),
                format!(
                    "side \"{}\" has no army: each army has one General [0.5] (N12)",
                    side.id
                ),
            );
            continue;
        };
        if is_french(&army.nation) {
            french += 1;
        }
        let g = &army.general;
        if !(1..=4).contains(&g.command_factor) {
            out.error(
                loc(),
                format!(
                    "General {} has a command factor of {}: Generals are rated 1 to 4 [1.1]",
                    g.name, g.command_factor
                ),
            );
        }
        if army.nation.trim().is_empty() {
            out.warning(
                loc(),
                format!("the army of side \"{}\" names no nation (N12)", side.id),
            );
        }
        if let Some(m) = army.cavalry_movement
            && (m == 0 || m > MAX_TROOP_VALUE)
        {
            out.error(
                loc(),
                format!(
                    "the nation's cavalry moves {}: 1 to {MAX_TROOP_VALUE} are supported (N14)",
                    crate::words::counted(m, "hex", "hexes")
                ),
            );
        }
        if army.break_point == Some(0) {
            out.error(
                loc(),
                "a break point of 0 would break the army before a shot is fired [4.1] (N98)",
            );
        }
        if side.forces.is_empty() {
            out.error(
                field(&format!("sides[{si}].forces")),
                format!(
                    "side \"{}\" has no forces: an army is a General and one or more forces [0.5] (N12)",
                    side.id
                ),
            );
        }
    }
    match &o.initiative_tie_side {
        Some(id) if !s.sides.iter().any(|x| &x.id == id) => out.error(
            field("rules.initiative_tie_side"),
            format!("initiative ties go to side \"{id}\", which the scenario does not define"),
        ),
        None if french != 1 && s.sides.len() == 2 => out.error(
            field("rules.initiative_tie_side"),
            "initiative ties go to the French side [3.3], and this scenario has no single French \
             army: say which side wins them (N34)",
        ),
        _ => {}
    }

    // Forces and leaders [0.5][1.2] (N12).
    let mut force_of: BTreeMap<&UnitId, (usize, usize)> = BTreeMap::new();
    // Commands and logs name a force by its name [3.7.1], so two forces
    // of one name on a side would send a command to whichever is found
    // first.
    // Per side: a command names its own side's force (Activate) or the
    // enemy's (a skirmish's target), never one by name alone, and the
    // editor names new forces "Force 1", "Force 2" on each side.
    let mut force_names: BTreeMap<(usize, &str), (usize, usize)> = BTreeMap::new();
    for (si, side) in s.sides.iter().enumerate() {
        for (fi, force) in side.forces.iter().enumerate() {
            let loc = || field(&format!("sides[{si}].forces[{fi}]"));
            if force.name.trim().is_empty() {
                out.error(
                    loc(),
                    "a force has no name: commands and the log name forces by name [0.5] (N12)",
                );
            } else if let Some((s0, f0)) = force_names.insert((si, force.name.as_str()), (si, fi)) {
                out.error(
                    loc(),
                    format!(
                        "force \"{}\" is named like force {} of side \"{}\": commands and the log name forces by name, so each name must be unique [0.5] (N12)",
                        force.name,
                        f0 + 1,
                        s.sides[s0].name
                    ),
                );
            }
            if force.leader.is_none() {
                out.error(
                    loc(),
                    format!(
                        "force \"{}\" has no leader: each force is one leader and its units [0.5] (N12)",
                        force.name
                    ),
                );
            }
            if force.units.is_empty() {
                out.error(
                    loc(),
                    format!("force \"{}\" has no units [0.5] (N12)", force.name),
                );
            }
            for id in &force.units {
                force_of.entry(id).or_insert((si, fi));
            }
        }
    }

    // Units: kind, factors, facing, terrain.
    let mut stacks: BTreeMap<Hex, Stack> = BTreeMap::new();
    for u in &s.units {
        let loc = || Location::Unit(u.id.clone());
        let name = format!("{} {}", u.kind.name(), u.id);
        if !force_of.contains_key(&u.id) {
            out.error(
                loc(),
                format!("{name} belongs to no force: every unit is in one force [0.5] (N12)"),
            );
        }
        match u.kind {
            UnitKind::Infantry if !(2..=7).contains(&u.strength) => out.error(
                loc(),
                format!(
                    "{name} has a combat factor of {}: infantry is rated 2 to 7 [1.3]",
                    u.strength
                ),
            ),
            UnitKind::Cavalry if !(3..=7).contains(&u.strength) => out.error(
                loc(),
                format!(
                    "{name} has a combat factor of {}: cavalry is rated 3 to 7 [1.4]",
                    u.strength
                ),
            ),
            _ => {}
        }
        if u.troop.horse && u.kind != UnitKind::Artillery {
            out.error(
                loc(),
                format!("{name} is marked horse artillery, but it is not artillery [1.5]"),
            );
        }
        if u.troop.cossack && u.kind != UnitKind::Cavalry {
            out.error(
                loc(),
                format!("{name} is marked Cossack, but Cossacks are cavalry [2.2] (N20)"),
            );
        }
        if let Some(k) = u.troop.skirmish {
            let may = u.kind == UnitKind::Infantry || u.troop.cossack;
            if k > 0 && !may {
                out.error(
                    loc(),
                    format!(
                        "{name} has a skirmish factor of {k}: only infantry and Cossacks skirmish [3.4.1]"
                    ),
                );
            } else if k > MAX_TROOP_VALUE {
                out.error(
                    loc(),
                    format!("{name} has a skirmish factor of {k}: at most {MAX_TROOP_VALUE} is supported"),
                );
            }
        }
        // `unsigned_abs`: the magnitude of i32::MIN does not fit an i32.
        if u.troop.melee_modifier.unsigned_abs() > MAX_TROOP_VALUE {
            out.error(
                loc(),
                format!(
                    "{name} has a melee modifier of {}: at most ±{MAX_TROOP_VALUE} is supported",
                    u.troop.melee_modifier
                ),
            );
        }
        // A mid-battle start: column and casualties already taken (N95,
        // N19).
        if u.troop.column && u.kind == UnitKind::Artillery {
            out.error(
                loc(),
                format!("{name} starts in column, but artillery has no formation [3.8.2.1] (N95)"),
            );
        }
        let capacity = match (u.kind, o.elimination_threshold) {
            (UnitKind::Artillery, _) => o.artillery_capacity,
            (_, EliminationThreshold::CombatFactor) => u.strength,
            (_, EliminationThreshold::Fixed) => o.casualties_to_eliminate,
        };
        if u.troop.casualties > 0 && u.troop.casualties >= capacity {
            out.error(
                loc(),
                format!(
                    "{name} starts with {} casualty {}: {capacity} eliminate it, so it would start eliminated [3.7.3.3] (N19)",
                    u.troop.casualties,
                    if u.troop.casualties == 1 { "point" } else { "points" }
                ),
            );
        }
        let Placement::Start(h) = u.placement else {
            out.warning(
                loc(),
                format!(
                    "{name} arrives later, but the Napoleon rules have no reinforcements: it never plays"
                ),
            );
            continue;
        };
        if !map.is_on_map(h) {
            continue;
        }
        let r = role(h);
        if r != NapoleonTerrain::Town && u.facing.is_none() {
            out.error(
                loc(),
                format!("{name} on {h} has no facing: every unit faces one hexside [3.7.2.6] (N6)"),
            );
        }
        if let Some(why) = barred(u.kind, r) {
            out.error(loc(), format!("{name} may not stand on {h}: {why}"));
        }
        if u.kind != UnitKind::Artillery
            && !u.troop.column
            && matches!(
                r,
                NapoleonTerrain::Ford | NapoleonTerrain::Bridge | NapoleonTerrain::Defile
            )
        {
            out.error(
                loc(),
                format!(
                    "{name} stands on {h}, a ford, bridge or defile, in line: infantry and cavalry enter such a hex only in column; start it in column [3.8.2.1] (N95)"
                ),
            );
        }
        if u.kind == UnitKind::Cavalry
            && o.cavalry_barred_from_outskirts
            && let Some(t) = grid
                .neighbours(h)
                .into_iter()
                .find(|&n| map.is_on_map(n) && role(n) == NapoleonTerrain::Town)
        {
            out.error(
                loc(),
                format!(
                    "{name} may not stand on {h}: it is on the outskirts of the town at {t}, which cavalry may not enter [3.8.1.1] (N92)"
                ),
            );
        }
        let st = stacks.entry(h).or_default();
        match u.kind {
            UnitKind::Artillery => st.artillery.push(&u.id),
            _ => st.troops.push(&u.id),
        }
    }
    for (si, side) in s.sides.iter().enumerate() {
        for (fi, force) in side.forces.iter().enumerate() {
            if let Some(h) = force.leader.as_ref().and_then(|l| l.hex) {
                if !map.is_on_map(h) {
                    out.error(
                        field(&format!("sides[{si}].forces[{fi}].leader")),
                        format!(
                            "the leader of force \"{}\" stands on {h}, which is not on the map",
                            force.name
                        ),
                    );
                } else if role(h) == NapoleonTerrain::Impassable
                    || role(h) == NapoleonTerrain::River
                {
                    out.error(
                        field(&format!("sides[{si}].forces[{fi}].leader")),
                        format!("the leader of force \"{}\" stands on {h}, which nobody may enter [3.8.5]", force.name),
                    );
                } else {
                    stacks.entry(h).or_default().leaders.push((si, fi));
                }
            }
        }
        if let Some(h) = side.army.as_ref().and_then(|a| a.general.hex) {
            if map.is_on_map(h) {
                stacks.entry(h).or_default().general.push(si);
            } else {
                out.error(
                    field(&format!("sides[{si}].army.general")),
                    format!("the General stands on {h}, which is not on the map"),
                );
            }
        }
    }

    // Stacking [3.7.2.1] (N67) and attachment [3.7.2.9.1] (N72).
    let side_of = |id: &UnitId| s.unit(id).map(|u| u.side.clone());
    for (h, st) in &stacks {
        let at = Location::Hex(*h);
        let mut sides: Vec<_> = st
            .troops
            .iter()
            .chain(&st.artillery)
            .filter_map(|id| side_of(id))
            .chain(st.leaders.iter().map(|&(si, _)| s.sides[si].id.clone()))
            .chain(st.general.iter().map(|&si| s.sides[si].id.clone()))
            .collect();
        sides.sort();
        sides.dedup();
        if sides.len() > 1 {
            out.error(at, format!("{h} holds units of both sides [3.7.2.1] (N67)"));
            continue;
        }
        let forces: Vec<_> = st
            .troops
            .iter()
            .chain(&st.artillery)
            .filter_map(|id| force_of.get(id).copied())
            .chain(st.leaders.iter().copied())
            .collect();
        let one_force = forces.windows(2).all(|w| w[0] == w[1]);
        let units = st.troops.len() + st.artillery.len();
        let why = if !st.general.is_empty()
            && (units > 0 || !st.leaders.is_empty() || st.general.len() > 1)
        {
            Some("a General with other pieces: a General stands alone in his hex".to_string())
        } else if st.troops.len() > 1 {
            Some(format!(
                "{} infantry and cavalry units: one at most",
                st.troops.len()
            ))
        } else if st.leaders.len() > 1 {
            Some("two leaders: a leader stands alone or with a unit of his own force".to_string())
        } else if !one_force {
            Some(
                "units of different forces: only one force's units, guns and leader stack"
                    .to_string(),
            )
        } else if !st.troops.is_empty() && st.artillery.len() > 1 {
            Some("an infantry or cavalry unit with more than one gun attached".to_string())
        } else if st.artillery.len() > 2 {
            Some(format!("{} guns: two at most", st.artillery.len()))
        } else if role(*h) == NapoleonTerrain::Town && !st.artillery.is_empty() {
            Some(
                "a gun in a town: a town holds one infantry unit and its leader [3.8.1.1]"
                    .to_string(),
            )
        } else {
            None
        };
        if let Some(why) = why {
            out.error(at, format!("{h} holds {why} [3.7.2.1] (N67)"));
            continue;
        }
        // An attached gun faces as its host does [3.7.2.9.1] (N72).
        if let (Some(host), Some(gun)) = (st.troops.first(), st.artillery.first())
            && let (Some(hu), Some(gu)) = (s.unit(host), s.unit(gun))
            && hu.facing != gu.facing
        {
            out.error(
                Location::Unit(gun.to_owned().clone()),
                format!(
                    "artillery {gun} is attached to {host} on {h} and must face as it does [3.7.2.9.1] (N72)"
                ),
            );
        }
    }
}

/// Why a kind of unit may not stand on terrain of this role, or `None`.
pub(crate) fn barred(kind: UnitKind, r: NapoleonTerrain) -> Option<&'static str> {
    match (kind, r) {
        (_, NapoleonTerrain::Impassable) => {
            Some("impassable terrain, which no unit may enter [3.8.5]")
        }
        (_, NapoleonTerrain::River) => {
            Some("a river, crossed only at fords and bridges [3.8.2] (N94)")
        }
        (UnitKind::Cavalry | UnitKind::Artillery, NapoleonTerrain::Woods) => {
            Some("woods, impassable to cavalry and artillery [3.8.6]")
        }
        (UnitKind::Cavalry, NapoleonTerrain::Town) => {
            Some("a town, which only infantry and officers may occupy [3.8.1.1]")
        }
        (UnitKind::Artillery, NapoleonTerrain::Town) => {
            Some("a town, which only infantry and officers may occupy [3.8.1.1] (N67)")
        }
        _ => None,
    }
}

fn is_french(nation: &str) -> bool {
    let n = nation.trim().to_ascii_lowercase();
    n == "france" || n == "french"
}

/// The options' own bounds: numbers the engine can use.
fn check_options(map: &Map, o: &NapoleonOptions, out: &mut Issues) {
    // Every documented number within the range the editor offers.
    {
        use crate::rules::napoleon::model::options::{OPTION_DOCS, TROOP_DOCS, out_of_range};
        for (path, why) in out_of_range(o, &[OPTION_DOCS, TROOP_DOCS]) {
            out.error(field(&format!("rules.{path}")), why);
        }
    }
    let t = &o.troops;
    let bounded = [
        ("rules.troops.movement.infantry", t.movement.infantry, 1),
        ("rules.troops.movement.cavalry", t.movement.cavalry, 1),
        ("rules.troops.movement.cossack", t.movement.cossack, 1),
        (
            "rules.troops.movement.foot_artillery",
            t.movement.foot_artillery,
            1,
        ),
        (
            "rules.troops.movement.horse_artillery",
            t.movement.horse_artillery,
            1,
        ),
        ("rules.troops.artillery_range", t.artillery_range, 1),
        ("rules.troops.bombardment_dice", t.bombardment_dice, 1),
        ("rules.troops.infantry_skirmish", t.infantry_skirmish, 0),
        ("rules.troops.cossack_skirmish", t.cossack_skirmish, 0),
        ("rules.artillery_capacity", o.artillery_capacity, 1),
        (
            "rules.casualties_to_eliminate",
            o.casualties_to_eliminate,
            1,
        ),
        ("rules.skirmish_range", o.skirmish_range, 0),
        ("rules.retreat_min_distance", o.retreat_min_distance, 0),
        ("rules.rerolls_per_check", o.rerolls_per_check, 0),
        ("rules.max_pursuits", o.max_pursuits, 0),
        ("rules.road_bonus", o.road_bonus, 0),
    ];
    for (path, v, least) in bounded {
        if v < least || v > MAX_TROOP_VALUE {
            out.error(
                field(path),
                format!("{path} is {v}: {least} to {MAX_TROOP_VALUE} are supported"),
            );
        }
    }
    if o.general_adjacent_bonus.unsigned_abs() > 6 || o.woods_defence_modifier.unsigned_abs() > 6 {
        out.error(
            field("rules"),
            "a modifier beyond ±6 would decide every die roll (general_adjacent_bonus, woods_defence_modifier)",
        );
    }
    for (id, cost) in &o.terrain_move_cost {
        if !map.terrain_kinds.iter().any(|k| &k.id == id) {
            out.warning(
                field("rules.terrain_move_cost"),
                format!(
                    "a movement cost is given for terrain \"{id}\", which the map does not have"
                ),
            );
        }
        if *cost == 0 || *cost > MAX_TROOP_VALUE {
            out.error(
                field("rules.terrain_move_cost"),
                format!("terrain \"{id}\" costs {cost} MP to enter: 1 to {MAX_TROOP_VALUE} are supported (N62)"),
            );
        }
    }
    for id in o.terrain.keys() {
        if !map.terrain_kinds.iter().any(|k| &k.id == id) {
            out.warning(
                field("rules.terrain"),
                format!("terrain \"{id}\" is given a role, but the map has no such terrain"),
            );
        }
    }
    if let Some(0) = o.max_impulses_per_turn {
        out.error(
            field("rules.max_impulses_per_turn"),
            "a turn has at least one impulse [3]",
        );
    }
    if let Some(0) = o.turn_limit {
        out.error(
            field("rules.turn_limit"),
            "a turn limit of 0 ends the game before it starts",
        );
    }
}
