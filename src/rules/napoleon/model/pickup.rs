//! Pick-up battles of the *Napoleon* rules as data: army lists [3.1]
//! (nation, aggressiveness, the Generals and leaders to choose from, the
//! unit types with their factors, limits and points) and the orders of
//! battle two players build from them at an agreed number of points
//! (N18, N21). The text refers to its army lists and never prints them,
//! so every number in a shipped list is a Vedette default (N15-N18),
//! marked as such in the list's `source`.
//!
//! Pure values: reading and writing RON text, points, and the checks an
//! order of battle must pass, each citing its section.

use crate::rules::napoleon::model::{Army, General, NapoleonOptions, PointValues, Troop};
use crate::scenario::from_ron;
use crate::scenario::{Colour, Force, Leader, LoadError, Side, SideId, Unit, UnitId, UnitKind};
use serde::{Deserialize, Serialize};

/// The version of army list and order of battle files.
pub const PICKUP_FORMAT_VERSION: u32 = 1;

/// An army list [3.1]: what one nation may field in a pick-up battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyList {
    pub version: u32,
    /// "France 1813-1815".
    pub name: String,
    /// The nation its army takes ("France"): N34 and N14 read it.
    pub nation: String,
    /// Where the numbers come from ("Vedette defaults, RULINGS-NAPOLEON
    /// N15-N18"), printed with the list.
    #[serde(default)]
    pub source: String,
    /// Added to the attacker/defender roll [3.2] (N17).
    pub aggressiveness: i32,
    /// The nation's cavalry movement allowance, for its officers (N14);
    /// absent: the troop table's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cavalry_movement: Option<u32>,
    /// The Generals to choose one from [3.6.1].
    pub generals: Vec<GeneralChoice>,
    /// The leaders to choose from, one per force [3.6.2].
    pub leaders: Vec<LeaderChoice>,
    pub units: Vec<UnitType>,
    /// The most forces an order of battle may have; absent: as many as
    /// there are leaders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_forces: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneralChoice {
    pub name: String,
    /// 1 to 4 [1.1].
    pub command_factor: u32,
    /// Overrides N18's 25 × command factor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderChoice {
    pub name: String,
    /// -1, 0 or +1 [1.2].
    pub factor: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

/// A unit type of a list: its factors, its limits and its points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// Short and unique in the list ("line"); orders of battle name it.
    pub id: String,
    /// "Ligne infantry", printed on the order of battle.
    pub name: String,
    pub kind: UnitKind,
    /// Combat factor (N15); artillery has none (0).
    #[serde(default)]
    pub combat: u32,
    /// Skirmish factor (N16); absent: the troop table's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skirmish: Option<u32>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub horse: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub cossack: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub melee_modifier: i32,
    /// Overrides N18's formula.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// At least this many in an order of battle.
    #[serde(default)]
    pub min: u32,
    /// At most this many; absent: no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
}

fn is_false(v: &bool) -> bool {
    !*v
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

impl UnitType {
    /// The unit's troop details as a scenario stores them.
    pub fn troop(&self) -> Troop {
        Troop {
            horse: self.horse,
            cossack: self.cossack,
            skirmish: self.skirmish,
            melee_modifier: self.melee_modifier,
            points: self.points,
            ..Troop::default()
        }
    }

    /// Skirmish factor, the list's or the troop table's (N16).
    pub fn skirmish_factor(&self, o: &NapoleonOptions) -> u32 {
        self.skirmish.unwrap_or(match self.kind {
            UnitKind::Infantry => o.troops.infantry_skirmish,
            UnitKind::Cavalry if self.cossack => o.troops.cossack_skirmish,
            _ => 0,
        })
    }

    /// Points (N18): the list's, or the formula of the troop table.
    /// Saturating: a list past its bounds costs `u32::MAX`, never wraps.
    pub fn cost(&self, o: &NapoleonOptions) -> u32 {
        if let Some(p) = self.points {
            return p;
        }
        let v = &o.troops.points;
        match self.kind {
            UnitKind::Infantry => v
                .infantry_per_factor
                .saturating_mul(self.combat)
                .saturating_add(
                    v.skirmish_per_factor
                        .saturating_mul(self.skirmish_factor(o)),
                ),
            UnitKind::Cavalry => v
                .cavalry_per_factor
                .saturating_mul(self.combat)
                .saturating_add(if self.cossack { v.cossack_extra } else { 0 }),
            UnitKind::Artillery if self.horse => v.horse_artillery,
            UnitKind::Artillery => v.foot_artillery,
        }
    }

    /// Movement allowance from the troop table (N14).
    pub fn movement(&self, o: &NapoleonOptions) -> u32 {
        o.troops.movement.of(self.kind, self.cossack, self.horse)
    }
}

impl GeneralChoice {
    pub fn cost(&self, v: &PointValues) -> u32 {
        self.points
            .unwrap_or(v.general_per_factor.saturating_mul(self.command_factor))
    }
}

impl LeaderChoice {
    pub fn cost(&self, v: &PointValues) -> u32 {
        self.points.unwrap_or_else(|| {
            let i = (self.factor.clamp(-1, 1) + 1) as usize;
            v.leader[i]
        })
    }
}

/// An order of battle [3.1]: a General, and forces of a leader and units,
/// chosen from one army list at an agreed number of points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderOfBattle {
    pub version: u32,
    /// The army list's name.
    pub list: String,
    /// The agreed points (N18, option `pickup_points`).
    pub points: u32,
    /// The General's name in the list.
    pub general: String,
    pub forces: Vec<ForcePick>,
}

/// A force of an order of battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcePick {
    pub name: String,
    /// The leader's name in the list.
    pub leader: String,
    /// Unit type ids of the list, one per unit.
    pub units: Vec<String>,
}

/// Reads an army list, with line, column and field of any error.
pub fn parse_army_list(text: &str, origin: &str) -> Result<ArmyList, LoadError> {
    let l: ArmyList = from_ron(text, origin)?;
    newer(l.version, origin, "army list")?;
    Ok(l)
}

/// Reads an order of battle.
pub fn parse_order(text: &str, origin: &str) -> Result<OrderOfBattle, LoadError> {
    let o: OrderOfBattle = from_ron(text, origin)?;
    newer(o.version, origin, "order of battle")?;
    Ok(o)
}

fn newer(v: u32, origin: &str, what: &str) -> Result<(), LoadError> {
    if v == 0 || v > PICKUP_FORMAT_VERSION {
        return Err(LoadError {
            origin: origin.into(),
            line: 1,
            column: 1,
            field: Some("version".into()),
            message: format!(
                "this {what} is in format version {v}; this build of Vedette reads version 1 to {PICKUP_FORMAT_VERSION}"
            ),
        });
    }
    Ok(())
}

impl ArmyList {
    pub fn general(&self, name: &str) -> Option<&GeneralChoice> {
        self.generals.iter().find(|g| g.name == name)
    }

    pub fn leader(&self, name: &str) -> Option<&LeaderChoice> {
        self.leaders.iter().find(|l| l.name == name)
    }

    pub fn unit_type(&self, id: &str) -> Option<&UnitType> {
        self.units.iter().find(|u| u.id == id)
    }

    /// What is wrong with the list itself, each with its section.
    pub fn check(&self) -> Vec<String> {
        use crate::scenario::limits::{
            MAX_AGGRESSIVENESS, MAX_NAME_CHARS, MAX_PICKUP_ENTRIES, MAX_PICKUP_POINTS,
            MAX_TROOP_VALUE,
        };
        let mut out = Vec::new();
        if self.name.trim().is_empty() {
            out.push("the list has no name".to_string());
        }
        // Bounds first (issue 35 item 33): every number before anything
        // is built from it, every name printable.
        let names = std::iter::once(("the list's name", self.name.as_str()))
            .chain(std::iter::once(("the nation", self.nation.as_str())))
            .chain(
                self.generals
                    .iter()
                    .map(|g| ("a General's name", g.name.as_str())),
            )
            .chain(
                self.leaders
                    .iter()
                    .map(|l| ("a leader's name", l.name.as_str())),
            )
            .chain(self.units.iter().map(|u| ("a unit type id", u.id.as_str())))
            .chain(
                self.units
                    .iter()
                    .map(|u| ("a unit type name", u.name.as_str())),
            );
        for (what, n) in names {
            if n.chars().any(char::is_control) {
                out.push(format!(
                    "{what} {:?} holds a control character: names are printed on terminals, sheets and counters",
                    n
                ));
            }
            if n.chars().count() > MAX_NAME_CHARS {
                out.push(format!("{what} is longer than {MAX_NAME_CHARS} characters"));
            }
        }
        if self.aggressiveness.unsigned_abs() > MAX_AGGRESSIVENESS.unsigned_abs() {
            out.push(format!(
                "the aggressiveness is {}: at most {MAX_AGGRESSIVENESS} up or down is supported (N17)",
                self.aggressiveness
            ));
        }
        if self.cavalry_movement.is_some_and(|m| m > MAX_TROOP_VALUE) {
            out.push(format!(
                "the cavalry movement is over {MAX_TROOP_VALUE}: at most {MAX_TROOP_VALUE} is supported (N14)"
            ));
        }
        for (what, n) in [
            ("Generals", self.generals.len()),
            ("leaders", self.leaders.len()),
            ("unit types", self.units.len()),
        ] {
            if n > MAX_PICKUP_ENTRIES as usize {
                out.push(format!(
                    "the list has {n} {what}: at most {MAX_PICKUP_ENTRIES} are supported"
                ));
            }
        }
        if self.max_forces.is_some_and(|m| m > MAX_PICKUP_ENTRIES) {
            out.push(format!(
                "the list allows over {MAX_PICKUP_ENTRIES} forces: at most {MAX_PICKUP_ENTRIES} are supported"
            ));
        }
        let overrides = self
            .generals
            .iter()
            .map(|g| (g.name.as_str(), g.points))
            .chain(self.leaders.iter().map(|l| (l.name.as_str(), l.points)))
            .chain(self.units.iter().map(|u| (u.id.as_str(), u.points)));
        for (name, p) in overrides {
            if let Some(p) = p.filter(|&p| p > MAX_PICKUP_POINTS) {
                out.push(format!(
                    "{name} costs {p} points: at most {MAX_PICKUP_POINTS} is supported (N18)"
                ));
            }
        }
        for u in &self.units {
            if u.min > MAX_PICKUP_ENTRIES || u.max.is_some_and(|m| m > MAX_PICKUP_ENTRIES) {
                out.push(format!(
                    "unit type {} asks for or allows over {MAX_PICKUP_ENTRIES} units: at most {MAX_PICKUP_ENTRIES} are supported [3.1]",
                    u.id
                ));
            }
            if u.skirmish.is_some_and(|k| k > MAX_TROOP_VALUE) {
                out.push(format!(
                    "unit type {} has a skirmish factor over {MAX_TROOP_VALUE}: at most {MAX_TROOP_VALUE} is supported (N16)",
                    u.id
                ));
            }
            if u.melee_modifier.unsigned_abs() > MAX_TROOP_VALUE {
                out.push(format!(
                    "unit type {} has a melee modifier of {}: at most {MAX_TROOP_VALUE} up or down is supported",
                    u.id, u.melee_modifier
                ));
            }
        }
        if self.nation.trim().is_empty() {
            out.push("the list names no nation (N12)".to_string());
        }
        if self.generals.is_empty() {
            out.push("the list has no General: each army has one [0.5][1.1]".to_string());
        }
        for g in &self.generals {
            if !(1..=4).contains(&g.command_factor) {
                out.push(format!(
                    "General {} has a command factor of {}: Generals are rated 1 to 4 [1.1]",
                    g.name, g.command_factor
                ));
            }
        }
        if self.leaders.is_empty() {
            out.push("the list has no leaders: each force has one [0.5][1.2]".to_string());
        }
        for l in &self.leaders {
            if !(-1..=1).contains(&l.factor) {
                out.push(format!(
                    "leader {} has a factor of {}: leaders are rated -1, 0 or +1 [1.2]",
                    l.name, l.factor
                ));
            }
        }
        let mut names: Vec<&str> = self
            .generals
            .iter()
            .map(|g| g.name.as_str())
            .chain(self.leaders.iter().map(|l| l.name.as_str()))
            .collect();
        names.sort_unstable();
        for w in names.windows(2) {
            if w[0] == w[1] {
                out.push(format!(
                    "the name {} appears twice among the officers",
                    w[0]
                ));
            }
        }
        if self.units.is_empty() {
            out.push("the list has no unit types".to_string());
        }
        let mut ids: Vec<&str> = self.units.iter().map(|u| u.id.as_str()).collect();
        ids.sort_unstable();
        for w in ids.windows(2) {
            if w[0] == w[1] {
                out.push(format!("the unit type id `{}` appears twice", w[0]));
            }
        }
        for u in &self.units {
            let ok = match u.kind {
                UnitKind::Infantry => (2..=7).contains(&u.combat),
                UnitKind::Cavalry => (3..=7).contains(&u.combat),
                UnitKind::Artillery => u.combat == 0,
            };
            if !ok {
                out.push(format!(
                    "unit type {} has a combat factor of {}: infantry is rated 2 to 7 [1.3], cavalry 3 to 7 [1.4], artillery has none [1.5]",
                    u.id, u.combat
                ));
            }
            if u.horse && u.kind != UnitKind::Artillery {
                out.push(format!(
                    "unit type {} is horse artillery but not artillery [1.5]",
                    u.id
                ));
            }
            if u.cossack && u.kind != UnitKind::Cavalry {
                out.push(format!(
                    "unit type {} is Cossack but not cavalry (N20)",
                    u.id
                ));
            }
            if u.skirmish.is_some_and(|k| k > 0) && u.kind != UnitKind::Infantry && !u.cossack {
                out.push(format!(
                    "unit type {} has a skirmish factor: only infantry and Cossacks skirmish [3.4.1]",
                    u.id
                ));
            }
            if u.max.is_some_and(|m| m < u.min) {
                out.push(format!("unit type {} allows fewer than its minimum", u.id));
            }
        }
        out
    }

    /// The points of an order of battle built from this list (N18).
    pub fn cost(&self, order: &OrderOfBattle, o: &NapoleonOptions) -> u32 {
        let v = &o.troops.points;
        // Saturating: an order past every bound costs `u32::MAX`, so it is
        // refused as over the points instead of wrapping to a cheap one.
        let general = self.general(&order.general).map_or(0, |g| g.cost(v));
        order.forces.iter().fold(general, |sum, f| {
            let leader = self.leader(&f.leader).map_or(0, |l| l.cost(v));
            f.units
                .iter()
                .filter_map(|id| self.unit_type(id))
                .fold(sum.saturating_add(leader), |s, t| {
                    s.saturating_add(t.cost(o))
                })
        })
    }

    /// Why `order` is not a legal order of battle from this list at its
    /// points [3.1] (N18, N21): empty when it is.
    pub fn check_order(&self, order: &OrderOfBattle, o: &NapoleonOptions) -> Vec<String> {
        use crate::scenario::limits::{MAX_PICKUP_ENTRIES, MAX_PICKUP_POINTS};
        let mut out = Vec::new();
        if order.points > MAX_PICKUP_POINTS {
            out.push(format!(
                "the order of battle is agreed at {} points: at most {MAX_PICKUP_POINTS} are supported (N18)",
                order.points
            ));
        }
        let units: usize = order.forces.iter().map(|f| f.units.len()).sum();
        if order.forces.len() > MAX_PICKUP_ENTRIES as usize || units > MAX_PICKUP_ENTRIES as usize {
            out.push(format!(
                "the order of battle has {} forces and {units} units: at most {MAX_PICKUP_ENTRIES} of each are supported",
                order.forces.len()
            ));
        }
        if order.list != self.name {
            out.push(format!(
                "the order of battle is from the list \"{}\", not \"{}\" [3.1]",
                order.list, self.name
            ));
        }
        if self.general(&order.general).is_none() {
            out.push(format!(
                "General \"{}\" is not in the list \"{}\" [3.1]",
                order.general, self.name
            ));
        }
        if order.forces.is_empty() {
            out.push("an army has one or more forces [0.5] (N12)".to_string());
        }
        if let Some(m) = self.max_forces
            && order.forces.len() as u32 > m
        {
            out.push(format!(
                "{}: the list allows {m} [3.1]",
                crate::words::counted(order.forces.len(), "force", "forces")
            ));
        }
        let mut leaders: Vec<&str> = Vec::new();
        for f in &order.forces {
            if self.leader(&f.leader).is_none() {
                out.push(format!(
                    "force \"{}\": leader \"{}\" is not in the list [3.1]",
                    f.name, f.leader
                ));
            }
            if leaders.contains(&f.leader.as_str()) {
                out.push(format!(
                    "leader \"{}\" leads two forces: each force has its own leader [0.5]",
                    f.leader
                ));
            }
            leaders.push(&f.leader);
            if f.units.is_empty() {
                out.push(format!("force \"{}\" has no units [0.5] (N12)", f.name));
            }
            for id in &f.units {
                if self.unit_type(id).is_none() {
                    out.push(format!(
                        "force \"{}\": unit type `{id}` is not in the list [3.1]",
                        f.name
                    ));
                }
            }
        }
        for t in &self.units {
            let n = order
                .forces
                .iter()
                .flat_map(|f| &f.units)
                .filter(|id| **id == t.id)
                .count() as u32;
            if n < t.min {
                out.push(format!(
                    "{n} {}: the list asks for at least {} [3.1]",
                    t.name, t.min
                ));
            }
            if let Some(m) = t.max
                && n > m
            {
                out.push(format!("{n} {}: the list allows at most {m} [3.1]", t.name));
            }
        }
        let cost = self.cost(order, o);
        if cost > order.points {
            out.push(format!(
                "the order of battle costs {}, {} over the agreed {} [3.1] (N18)",
                crate::words::counted(cost, "point", "points"),
                cost - order.points,
                order.points
            ));
        }
        out
    }

    /// The side and the undeployed units an order of battle gives, for a
    /// scenario: forces with their leaders, the army with its General,
    /// units named `{prefix}{n}` with no hex yet (a set-up phase places
    /// them). Unit types the list lacks are skipped (`check_order`
    /// reports them).
    pub fn side_of(
        &self,
        order: &OrderOfBattle,
        o: &NapoleonOptions,
        id: &str,
        colour: Colour,
        prefix: &str,
    ) -> (Side, Vec<Unit>) {
        let mut units = Vec::new();
        let mut forces = Vec::new();
        let mut seq: std::collections::BTreeMap<&str, u32> = Default::default();
        for f in &order.forces {
            let mut ids = Vec::new();
            for tid in &f.units {
                let Some(t) = self.unit_type(tid) else {
                    continue;
                };
                let n = seq.entry(t.id.as_str()).or_default();
                *n += 1;
                let uid = UnitId::new(format!("{prefix}{}", units.len() + 1));
                ids.push(uid.clone());
                units.push(Unit {
                    designation: format!("{} {}", ordinal(*n), t.name),
                    strength: t.combat,
                    movement: t.movement(o),
                    // Replaced when the set-up phase places the unit.
                    placement: crate::scenario::Placement::Variant { entry: Vec::new() },
                    troop: t.troop(),
                    ..Unit::new(uid, SideId::new(id), t.kind, crate::hex::Hex::new(0, 0))
                });
            }
            forces.push(Force {
                name: f.name.clone(),
                leader: Some(Leader {
                    name: f.leader.clone(),
                    factor: self.leader(&f.leader).map_or(0, |l| l.factor),
                    hex: None,
                }),
                units: ids,
            });
        }
        let general = self.general(&order.general);
        let side = Side {
            id: SideId::new(id),
            name: id.to_string(),
            colour,
            contingents: Vec::new(),
            forces,
            army: Some(Army {
                general: General {
                    name: order.general.clone(),
                    command_factor: general.map_or(1, |g| g.command_factor),
                    hex: None,
                },
                nation: self.nation.clone(),
                aggressiveness: self.aggressiveness,
                cavalry_movement: self.cavalry_movement,
                break_point: None,
            }),
        };
        (side, units)
    }
}

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The army lists shipped with Vedette, as text, for tests and for the
/// app to offer when no list folder is at hand.
pub const SHIPPED_LISTS: [(&str, &str); 2] = [
    (
        "france-1813.ron",
        include_str!("../../../../scenarios/armies/france-1813.ron"),
    ),
    (
        "britain-1815.ron",
        include_str!("../../../../scenarios/armies/britain-1815.ron"),
    ),
];

/// The shipped lists, read. A shipped list that does not read is a bug
/// the tests catch; it is left out here rather than panicking.
pub fn shipped_lists() -> Vec<ArmyList> {
    SHIPPED_LISTS
        .iter()
        .filter_map(|(name, text)| parse_army_list(text, name).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(list: &ArmyList, forces: &[(&str, &[&str])]) -> OrderOfBattle {
        OrderOfBattle {
            version: 1,
            list: list.name.clone(),
            points: 1000,
            general: list.generals[1].name.clone(),
            forces: forces
                .iter()
                .map(|(leader, units)| ForcePick {
                    name: format!("{leader}'s division"),
                    leader: leader.to_string(),
                    units: units.iter().map(|u| u.to_string()).collect(),
                })
                .collect(),
        }
    }

    #[test]
    fn shipped_army_lists_read_check_and_are_marked_as_vedette_defaults() {
        assert_eq!(shipped_lists().len(), SHIPPED_LISTS.len());
        for (name, text) in SHIPPED_LISTS {
            let l = parse_army_list(text, name).expect(name);
            assert_eq!(l.check(), Vec::<String>::new(), "{name}");
            assert!(l.source.contains("Vedette default"), "{name}");
            // Written and read back, the list is the same.
            let back = parse_army_list(&crate::scenario::to_ron(&l), name).expect("reads back");
            assert_eq!(back, l);
        }
    }

    #[test]
    fn n18_points_follow_the_formula_unless_the_list_overrides_them() {
        let o = NapoleonOptions::default();
        let l = &shipped_lists()[0];
        // A line infantry unit (4, skirmish 1) costs 25, a cuirassier 36.
        assert_eq!(l.unit_type("ligne").map(|t| t.cost(&o)), Some(25));
        assert_eq!(l.unit_type("cuirassiers").map(|t| t.cost(&o)), Some(36));
        assert_eq!(l.unit_type("horse_battery").map(|t| t.cost(&o)), Some(25));
        assert_eq!(l.unit_type("leger").map(|t| t.cost(&o)), Some(35));
        let mut t = l.units[0].clone();
        t.points = Some(99);
        assert_eq!(t.cost(&o), 99);
        let v = &o.troops.points;
        assert_eq!(l.general("Soult").map(|g| g.cost(v)), Some(75));
        assert_eq!(l.leader("Foy").map(|x| x.cost(v)), Some(25));
        assert_eq!(l.leader("Jérôme").map(|x| x.cost(v)), Some(0));
    }

    #[test]
    fn s3_1_an_order_of_battle_within_the_list_and_the_points_is_accepted() {
        let o = NapoleonOptions::default();
        let l = &shipped_lists()[0];
        let ob = order(
            l,
            &[
                (
                    "Foy",
                    &["ligne", "ligne", "leger", "chasseurs", "foot_battery"],
                ),
                ("Compans", &["conscript", "conscript", "dragoons"]),
            ],
        );
        assert_eq!(l.check_order(&ob, &o), Vec::<String>::new());
        // 75 + 25 + 25+25+35+24+20 + 10 + 20+20+30
        assert_eq!(l.cost(&ob, &o), 309);
        let back = parse_order(&crate::scenario::to_ron(&ob), "ob.ron").expect("reads back");
        assert_eq!(back, ob);
    }

    #[test]
    fn s3_1_orders_of_battle_outside_the_list_or_the_points_are_refused_with_the_reason() {
        let o = NapoleonOptions::default();
        let l = &shipped_lists()[0];
        let mut ob = order(
            l,
            &[
                ("Foy", &["ligne", "guard", "guard", "guard", "hussars"]),
                ("Foy", &[]),
            ],
        );
        ob.points = 100;
        let why = l.check_order(&ob, &o).join("\n");
        assert!(why.contains("`hussars` is not in the list [3.1]"), "{why}");
        assert!(why.contains("leader \"Foy\" leads two forces"), "{why}");
        assert!(why.contains("has no units [0.5]"), "{why}");
        assert!(
            why.contains("3 Guard grenadiers: the list allows at most 2 [3.1]"),
            "{why}"
        );
        assert!(
            why.contains("1 Ligne: the list asks for at least 2 [3.1]"),
            "{why}"
        );
        assert!(why.contains("over the agreed 100 [3.1] (N18)"), "{why}");
    }

    #[test]
    fn a_list_with_a_bad_field_reports_line_and_column() {
        let text = SHIPPED_LISTS[0]
            .1
            .replace("aggressiveness: 1", "aggressiveness: \"high\"");
        let e = parse_army_list(&text, "france.ron").expect_err("bad field");
        assert!(e.to_string().starts_with("france.ron:12:"), "{e}");
        assert_eq!(e.field.as_deref(), Some("aggressiveness"));
        let bad = SHIPPED_LISTS[0]
            .1
            .replace("combat: 5, skirmish: 2", "combat: 9, skirmish: 2");
        let l = parse_army_list(&bad, "f").expect("reads");
        assert!(l.check().join(" ").contains("combat factor of 9"));
    }

    #[test]
    fn an_order_of_battle_makes_a_side_with_forces_leaders_and_a_general() {
        let o = NapoleonOptions::default();
        let l = &shipped_lists()[1];
        let ob = order(l, &[("Picton", &["line", "line", "rha"])]);
        let (side, units) = l.side_of(&ob, &o, "British", Colour(200, 0, 0), "b");
        assert_eq!(units.len(), 3);
        assert_eq!(units[0].designation, "1st British line");
        assert_eq!(units[1].designation, "2nd British line");
        assert!(units[2].troop.horse);
        assert_eq!(units[2].movement, 4);
        assert_eq!(side.forces[0].leader.as_ref().map(|x| x.factor), Some(1));
        let army = side.army.expect("army");
        assert_eq!(army.general.command_factor, 3);
        assert_eq!(army.aggressiveness, 1);
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(23), "23rd");
    }
}
