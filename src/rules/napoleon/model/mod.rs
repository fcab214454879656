//! The scenario data of the *Napoleon* hex miniatures rules
//! (`rules/napoleon-hex-miniatures.md` as read by `RULINGS-NAPOLEON.md`):
//! every "Option" of the rulings as a field of [`NapoleonOptions`] with the
//! ruled default, every "Vedette default" (movement allowances, skirmish
//! factors, points, casualty capacity, aggressiveness) as editable data in
//! [`TroopTable`] and [`Army`], never a constant in code. Armies, Generals
//! and the troop details of units live on the sides and units
//! ([`crate::scenario::Side::army`], [`crate::scenario::Unit::troop`]).

pub mod options;
pub mod pickup;
pub mod setup;

use crate::hex::Hex;
use crate::scenario::SideId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A side's army [0.5][3.6.1]: its General, nation and army-list values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    pub general: General,
    /// The nation ("France", "Britain"): N34 gives initiative ties to the
    /// French side; N14 moves officers as their nation's cavalry.
    pub nation: String,
    /// Added to the attacker/defender roll of a pick-up game (N17, a
    /// Vedette default per army list).
    #[serde(default)]
    pub aggressiveness: i32,
    /// The nation's cavalry movement allowance, which its General and
    /// leaders use [3.7.2.10] (N14); absent: the troop table's cavalry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cavalry_movement: Option<u32>,
    /// The army's break point [4.1] (N98); absent: 25 % of its
    /// infantry, cavalry and artillery units, rounded up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub break_point: Option<u32>,
}

impl Army {
    /// The break point of an army of `units` infantry, cavalry and
    /// artillery units: the scenario's, or 25 % rounded up (N98).
    pub fn break_point_of(army: Option<&Army>, units: u32) -> u32 {
        army.and_then(|a| a.break_point)
            .unwrap_or(units.div_ceil(4).max(1))
    }
}

/// The army's General [1.1][3.6.1].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct General {
    pub name: String,
    /// 1 (poorest) to 4 (finest): special actions a turn, and his ADCs.
    pub command_factor: u32,
    /// Where he starts; absent when a set-up phase places him (3.2.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<Hex>,
}

/// What a unit is beyond infantry, cavalry or artillery, for the
/// *Napoleon* rules; every field has a default, so other rule sets'
/// units carry none of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Troop {
    /// Horse ("mounted") artillery rather than foot [1.5].
    #[serde(skip_serializing_if = "is_false")]
    pub horse: bool,
    /// A Cossack cavalry unit: skirmishes, evades cavalry too [3.4.1]
    /// [3.7.3.4] (N20).
    #[serde(skip_serializing_if = "is_false")]
    pub cossack: bool,
    /// Skirmish factor [3.4.1] (N16); absent: the troop table's default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skirmish: Option<u32>,
    /// A national special rule's melee modifier [3.7.3.1] (N15).
    #[serde(skip_serializing_if = "is_zero")]
    pub melee_modifier: i32,
    /// Points, overriding the formula of N18.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Infantry or cavalry that starts in column (N95): what a
    /// mid-battle scenario, or a unit on a ford, bridge or defile, needs.
    #[serde(skip_serializing_if = "is_false")]
    pub column: bool,
    /// Casualty points the unit carries at the start (N19), below what
    /// eliminates it.
    #[serde(skip_serializing_if = "is_zero_u32")]
    pub casualties: u32,
}

impl Troop {
    pub fn is_plain(&self) -> bool {
        *self == Troop::default()
    }
}

fn is_false(v: &bool) -> bool {
    !*v
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}

/// The table of troop types characteristics the text refers to and never
/// prints (N13-N19): Vedette defaults, edited per scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TroopTable {
    /// Hexes per activation (N14).
    pub movement: Movement,
    /// Skirmish factors when a unit gives none (N16): infantry, Cossacks.
    pub infantry_skirmish: u32,
    pub cossack_skirmish: u32,
    /// Artillery range in hexes [3.5.2] and dice per gun [3.5.4].
    pub artillery_range: u32,
    pub bombardment_dice: u32,
    /// Point values for agreeing army size (N18).
    pub points: PointValues,
}

impl Default for TroopTable {
    fn default() -> Self {
        TroopTable {
            movement: Movement::default(),
            infantry_skirmish: 1,
            cossack_skirmish: 1,
            artillery_range: 3,
            bombardment_dice: 3,
            points: PointValues::default(),
        }
    }
}

/// Movement allowances by troop type (N14, Vedette defaults).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Movement {
    pub infantry: u32,
    pub cavalry: u32,
    pub cossack: u32,
    pub foot_artillery: u32,
    pub horse_artillery: u32,
}

impl Movement {
    /// A unit's allowance in hexes by its type (N14): the number the
    /// rules use, whatever the unit's own `movement` says.
    pub fn of(&self, kind: crate::scenario::UnitKind, cossack: bool, horse: bool) -> u32 {
        match kind {
            crate::scenario::UnitKind::Infantry => self.infantry,
            crate::scenario::UnitKind::Cavalry if cossack => self.cossack,
            crate::scenario::UnitKind::Cavalry => self.cavalry,
            crate::scenario::UnitKind::Artillery if horse => self.horse_artillery,
            crate::scenario::UnitKind::Artillery => self.foot_artillery,
        }
    }

    /// [`Movement::of`] a scenario unit.
    pub fn of_unit(&self, u: &crate::scenario::Unit) -> u32 {
        self.of(u.kind, u.troop.cossack, u.troop.horse)
    }
}

impl Default for Movement {
    fn default() -> Self {
        Movement {
            infantry: 2,
            cavalry: 4,
            cossack: 5,
            foot_artillery: 2,
            horse_artillery: 4,
        }
    }
}

/// Point values (N18, Vedette defaults; the engine never uses them in
/// play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PointValues {
    pub infantry_per_factor: u32,
    pub skirmish_per_factor: u32,
    pub cavalry_per_factor: u32,
    pub cossack_extra: u32,
    pub foot_artillery: u32,
    pub horse_artillery: u32,
    /// A leader of factor -1, 0 and +1.
    pub leader: [u32; 3],
    pub general_per_factor: u32,
}

impl Default for PointValues {
    fn default() -> Self {
        PointValues {
            infantry_per_factor: 5,
            skirmish_per_factor: 5,
            cavalry_per_factor: 6,
            cossack_extra: 5,
            foot_artillery: 20,
            horse_artillery: 25,
            leader: [0, 10, 25],
            general_per_factor: 25,
        }
    }
}

/// What a terrain kind of the map is to these rules (N89). Kinds are
/// matched by id through [`NapoleonOptions::terrain`], or by their usual
/// names when the scenario does not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum NapoleonTerrain {
    Clear,
    /// A village or town [3.8.1].
    Town,
    Woods,
    /// Marsh, fields, rocky ground [3.8.3].
    Difficult,
    /// A river hex, impassable but at fords and bridges [3.8.2] (N94).
    River,
    Ford,
    Bridge,
    /// Another defile: passable only in column, units in it vulnerable.
    Defile,
    Impassable,
}

impl NapoleonTerrain {
    pub const ALL: [NapoleonTerrain; 9] = [
        NapoleonTerrain::Clear,
        NapoleonTerrain::Town,
        NapoleonTerrain::Woods,
        NapoleonTerrain::Difficult,
        NapoleonTerrain::River,
        NapoleonTerrain::Ford,
        NapoleonTerrain::Bridge,
        NapoleonTerrain::Defile,
        NapoleonTerrain::Impassable,
    ];

    /// The role a terrain kind plays when the scenario does not map it:
    /// by its id, with the names the shipped maps and the text use.
    pub fn by_name(id: &str) -> NapoleonTerrain {
        match id.to_ascii_lowercase().as_str() {
            "town" | "village" | "city" | "building" => NapoleonTerrain::Town,
            "woods" | "wood" | "forest" | "woods_road" => NapoleonTerrain::Woods,
            "difficult" | "marsh" | "fields" | "rough" | "rocky" => NapoleonTerrain::Difficult,
            "river" | "stream" => NapoleonTerrain::River,
            "ford" => NapoleonTerrain::Ford,
            "bridge" => NapoleonTerrain::Bridge,
            "defile" => NapoleonTerrain::Defile,
            "impassable" | "lake" | "cliff" => NapoleonTerrain::Impassable,
            _ => NapoleonTerrain::Clear,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            NapoleonTerrain::Clear => "clear",
            NapoleonTerrain::Town => "town",
            NapoleonTerrain::Woods => "woods",
            NapoleonTerrain::Difficult => "difficult ground",
            NapoleonTerrain::River => "river",
            NapoleonTerrain::Ford => "ford",
            NapoleonTerrain::Bridge => "bridge",
            NapoleonTerrain::Defile => "defile",
            NapoleonTerrain::Impassable => "impassable",
        }
    }
}

/// Who plays Maneuver & Combat when (N2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum ManeuverOrder {
    /// The initiative side's phase, then the other's.
    #[default]
    BySide,
    /// The sides' forces alternate, initiative side first.
    AlternateForces,
}

/// What the initiative roll that ends a turn does to its impulse (N3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum TurnEndRoll {
    #[default]
    SkipImpulse,
    PlayThenEnd,
}

/// The artillery front arc (N7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum FrontArc {
    #[default]
    Wedge120,
    HalfPlane,
}

/// When casualties eliminate a unit (N19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum EliminationThreshold {
    /// At its combat factor.
    #[default]
    CombatFactor,
    /// At `casualties_to_eliminate` for every unit.
    Fixed,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum CavalryTie {
    #[default]
    NoSuperior,
    Attacker,
    Defender,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    #[default]
    North,
    South,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum VillagePoints {
    #[default]
    Occupied,
    Controlled,
}

/// Which leaders count in melee (N51).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum LeaderMelee {
    #[default]
    AttachedPlusOnly,
    AttachedFull,
    WholeForceFull,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum EngagementSnapshot {
    #[default]
    ImpulseStart,
    Activation,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum ManeuverMovement {
    #[default]
    FreeFacing,
    SameAsCombat,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum ZocHexes {
    #[default]
    AllAdjacent,
    FrontOnly,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum GunWhenHostEliminated {
    #[default]
    Eliminated,
    EvasionRoll,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum BlockedRetreat {
    #[default]
    ExtraCasualtyIfFriends,
    Eliminated,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum TownAssaultSupport {
    #[default]
    AttackerNone,
    NoneEitherSide,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum VulnerableRule {
    #[default]
    PlusTwo,
    MinusOneAndReroll,
    Both,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum FinishedTurns {
    #[default]
    BeforeCurrent,
    IncludingCurrent,
}

/// Every option of `RULINGS-NAPOLEON.md`, with the ruled default, and the
/// scenario's own data for these rules (troop table, terrain roles, the
/// initiative tie side). Any field may be left out of a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NapoleonOptions {
    /// N1.
    pub final_step_each_impulse: bool,
    /// N2.
    pub maneuver_order: ManeuverOrder,
    /// N3.
    pub turn_end_roll: TurnEndRoll,
    /// N3: none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_impulses_per_turn: Option<u32>,
    /// N4: none (the batch runner sets one; reaching it is a draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_limit: Option<u32>,
    /// N7.
    pub front_arc: FrontArc,
    /// N8, N101.
    pub fire_over_units_from_hill: bool,
    /// N19.
    pub elimination_threshold: EliminationThreshold,
    /// N19, with `elimination_threshold: fixed`.
    pub casualties_to_eliminate: u32,
    /// N19.
    pub artillery_capacity: u32,
    /// N19.
    pub artillery_damage_reduces_dice: bool,
    /// N18.
    pub pickup_points: u32,
    /// N23.
    pub pickup_columns: u32,
    /// N23.
    pub pickup_reserve_depth: u32,
    /// N23.
    pub attacker_edge: Edge,
    /// N24.
    pub edge_margin: u32,
    /// N24.
    pub feature_spacing: u32,
    /// N27.
    pub forward_feature_spacing: u32,
    /// N26.
    pub cavalry_tie: CavalryTie,
    /// N33.
    pub village_points: VillagePoints,
    /// N34: who wins an initiative tie when neither or both sides are
    /// French (pick-up games: the attacker).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initiative_tie_side: Option<SideId>,
    /// N37.
    pub skirmish_range: u32,
    /// N43.
    pub town_save_vs_bombardment: bool,
    /// N46.
    pub rerolls_per_check: u32,
    /// N51.
    pub leader_melee: LeaderMelee,
    /// N53.
    pub engagement_snapshot: EngagementSnapshot,
    /// N54.
    pub engaged_check_mandatory: bool,
    /// N55.
    pub general_adjacent_bonus: i32,
    /// N60.
    pub retreat_min_distance: u32,
    /// N61.
    pub charge_keeps_cohesion: bool,
    /// N62: MP to enter a hex, by terrain kind id; absent kinds cost 1.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub terrain_move_cost: BTreeMap<String, u32>,
    /// N63.
    pub maneuver_movement: ManeuverMovement,
    /// N66.
    pub zoc_hexes: ZocHexes,
    /// N77.
    pub gun_when_host_eliminated: GunWhenHostEliminated,
    /// N78.
    pub melee_mandatory: bool,
    /// N79.
    pub town_units_may_attack: bool,
    /// N87.
    pub max_pursuits: u32,
    /// N84.
    pub blocked_retreat: BlockedRetreat,
    /// N88.
    pub town_assault_support: TownAssaultSupport,
    /// N89.
    pub woods_defence_modifier: i32,
    /// N91.
    pub road_bonus: u32,
    /// N92.
    pub cavalry_barred_from_outskirts: bool,
    /// N93.
    pub vulnerable_rule: VulnerableRule,
    /// N99.
    pub finished_turns: FinishedTurns,
    /// N13-N19: the troop characteristics (Vedette defaults).
    pub troops: TroopTable,
    /// N89: what each terrain kind of the map is to these rules, by kind
    /// id; kinds not listed are read by name ([`NapoleonTerrain::by_name`]).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub terrain: BTreeMap<String, NapoleonTerrain>,
    /// N33 in a battle made by the pick-up procedure [3.2.8]: the hills and
    /// supply roads that score (its villages are the scenario's victory
    /// hexes, held by the attacker's infantry).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pickup_victory: Option<PickupVictory>,
}

/// The victory locations of a pick-up battle [3.2.8] (N33) beyond its
/// villages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PickupVictory {
    /// The side that scores the villages and hills.
    pub attacker: SideId,
    /// Hill features in the defender's frontline and reserve areas: 1
    /// point each to the attacker when his units are its only occupants.
    #[serde(default)]
    pub hills: Vec<Vec<Hex>>,
    /// Each side's supply road inside its own reserve area: 1 point to
    /// the other side with a unit on it.
    #[serde(default)]
    pub roads: Vec<(SideId, Vec<Hex>)>,
}

impl Default for NapoleonOptions {
    fn default() -> Self {
        NapoleonOptions {
            final_step_each_impulse: false,
            maneuver_order: ManeuverOrder::default(),
            turn_end_roll: TurnEndRoll::default(),
            max_impulses_per_turn: None,
            turn_limit: None,
            front_arc: FrontArc::default(),
            fire_over_units_from_hill: false,
            elimination_threshold: EliminationThreshold::default(),
            casualties_to_eliminate: 4,
            artillery_capacity: 3,
            artillery_damage_reduces_dice: true,
            pickup_points: 1000,
            pickup_columns: 18,
            pickup_reserve_depth: 3,
            attacker_edge: Edge::default(),
            edge_margin: 2,
            feature_spacing: 2,
            forward_feature_spacing: 1,
            cavalry_tie: CavalryTie::default(),
            village_points: VillagePoints::default(),
            initiative_tie_side: None,
            skirmish_range: 3,
            town_save_vs_bombardment: true,
            rerolls_per_check: 1,
            leader_melee: LeaderMelee::default(),
            engagement_snapshot: EngagementSnapshot::default(),
            engaged_check_mandatory: true,
            general_adjacent_bonus: 1,
            retreat_min_distance: 3,
            charge_keeps_cohesion: false,
            terrain_move_cost: BTreeMap::new(),
            maneuver_movement: ManeuverMovement::default(),
            zoc_hexes: ZocHexes::default(),
            gun_when_host_eliminated: GunWhenHostEliminated::default(),
            melee_mandatory: true,
            town_units_may_attack: false,
            max_pursuits: 1,
            blocked_retreat: BlockedRetreat::default(),
            town_assault_support: TownAssaultSupport::default(),
            woods_defence_modifier: 0,
            road_bonus: 0,
            cavalry_barred_from_outskirts: true,
            vulnerable_rule: VulnerableRule::default(),
            finished_turns: FinishedTurns::default(),
            troops: TroopTable::default(),
            terrain: BTreeMap::new(),
            pickup_victory: None,
        }
    }
}

impl NapoleonOptions {
    /// What a terrain kind is to these rules.
    pub fn terrain_role(&self, kind_id: &str) -> NapoleonTerrain {
        self.terrain
            .get(kind_id)
            .copied()
            .unwrap_or_else(|| NapoleonTerrain::by_name(kind_id))
    }

    /// The town outskirts cavalry may not enter [3.8.1.1] (N92): every hex
    /// on the map next to a town hex that is not a town itself; none when
    /// the option `cavalry_barred_from_outskirts` is off.
    pub fn outskirts(&self, map: &crate::scenario::Map) -> std::collections::BTreeSet<Hex> {
        map.hexes_on_map()
            .filter(|&h| self.is_outskirts(map, h))
            .collect()
    }

    /// Whether `h` is one of the [`NapoleonOptions::outskirts`].
    pub fn is_outskirts(&self, map: &crate::scenario::Map, h: Hex) -> bool {
        let is_town = |h: Hex| {
            map.terrain_at(h)
                .is_some_and(|t| self.terrain_role(&t.id) == NapoleonTerrain::Town)
        };
        self.cavalry_barred_from_outskirts
            && map.is_on_map(h)
            && !is_town(h)
            && map.grid().neighbours(h).into_iter().any(is_town)
    }
}

/// The terrain table of a new *Napoleon* map: one kind per terrain role of
/// the rulings (N89-N97), named so that `NapoleonTerrain::by_name` gives
/// each its role; movement costs and defence live in the rules' options,
/// not here.
pub fn terrain() -> Vec<crate::scenario::TerrainKind> {
    crate::scenario::terrain_catalog()
        .into_iter()
        .filter(|k| k.id != "lake")
        .collect()
}
