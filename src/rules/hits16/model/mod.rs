//! The data of the measured Napoleonic miniatures rules, 16 hits a unit
//! (the published miniatures rules, played on hexes of
//! 10 cm): every "Option" of `RULINGS-16-HITS.md` with its ruled default,
//! every number the scrape lost as a **Vedette default** (movement
//! allowances M10, the march multiplier M17, the road bonus M18, ranges
//! and damage M23, the shooting and hand-to-hand modifiers M24 and M32,
//! the break fraction and turn limit M38: scenario data a designer edits,
//! never constants in code), the per-unit data (type, formation, rating,
//! hits, nation, line permission) and the Generals.
//!
//! A scenario plays these rules with `rules: Hits16((...))`; a unit's
//! `hits16` field gives its type, formation, rating and hits (absent,
//! they are read from its kind).

pub mod options;
pub mod setup;

use crate::hex::Hex;
use crate::scenario::SideId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The five troop types [L6] (M5). A General is not a unit (M13).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum TroopType {
    #[default]
    Infantry,
    Skirmishers,
    HeavyCavalry,
    LightCavalry,
    Artillery,
}

impl TroopType {
    /// The shared model's kind of the type.
    pub fn kind(self) -> crate::scenario::UnitKind {
        use crate::scenario::UnitKind;
        match self {
            TroopType::Infantry | TroopType::Skirmishers => UnitKind::Infantry,
            TroopType::HeavyCavalry | TroopType::LightCavalry => UnitKind::Cavalry,
            TroopType::Artillery => UnitKind::Artillery,
        }
    }

    pub const ALL: [TroopType; 5] = [
        TroopType::Infantry,
        TroopType::Skirmishers,
        TroopType::HeavyCavalry,
        TroopType::LightCavalry,
        TroopType::Artillery,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TroopType::Infantry => "Infantry",
            TroopType::Skirmishers => "Skirmishers",
            TroopType::HeavyCavalry => "Heavy Cavalry",
            TroopType::LightCavalry => "Light Cavalry",
            TroopType::Artillery => "Artillery",
        }
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, TroopType::HeavyCavalry | TroopType::LightCavalry)
    }

    /// Infantry or skirmishers: foot that may end in a town [L50].
    pub fn is_foot(self) -> bool {
        matches!(self, TroopType::Infantry | TroopType::Skirmishers)
    }

    /// Bases a fresh unit has (M5): 4, skirmishers 8, artillery
    /// `artillery_bases`.
    pub fn bases(self, artillery_bases: u32) -> u32 {
        match self {
            TroopType::Skirmishers => 8,
            TroopType::Artillery => artillery_bases,
            _ => 4,
        }
    }

    /// The formations the type has (M7), the first its default.
    pub fn formations(self) -> &'static [Formation] {
        match self {
            TroopType::Infantry => &[
                Formation::AttackColumn,
                Formation::Line,
                Formation::MarchColumn,
                Formation::Square,
            ],
            TroopType::Skirmishers => &[Formation::Skirmish],
            TroopType::HeavyCavalry | TroopType::LightCavalry => {
                &[Formation::CavalryLine, Formation::MarchColumn]
            }
            TroopType::Artillery => &[Formation::Limbered, Formation::Unlimbered],
        }
    }
}

/// A unit's formation (M7): a state, never geometry (M4).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Infantry four bases across [L9]: only with permission (M41).
    Line,
    /// Infantry two by two [L10].
    #[default]
    AttackColumn,
    /// Infantry or cavalry one base across [L11][L14]: may march (M17).
    MarchColumn,
    /// Infantry four bases in a square [L12]: no facing (M8, M37).
    Square,
    /// Skirmishers' only order [L15].
    Skirmish,
    /// Cavalry two by two [L13].
    CavalryLine,
    /// Artillery that may move, not shoot [L16].
    Limbered,
    /// Artillery that may shoot, not move [L16].
    Unlimbered,
}

impl Formation {
    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::AttackColumn => "attack column",
            Formation::MarchColumn => "march column",
            Formation::Square => "square",
            Formation::Skirmish => "skirmish order",
            Formation::CavalryLine => "cavalry line",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
        }
    }
}

/// A unit's rating [L24] (M6).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    Elite,
    #[default]
    Trained,
    Raw,
}

impl Rating {
    pub const ALL: [Rating; 3] = [Rating::Elite, Rating::Trained, Rating::Raw];

    pub fn name(self) -> &'static str {
        match self {
            Rating::Elite => "Elite",
            Rating::Trained => "Trained",
            Rating::Raw => "Raw",
        }
    }
}

/// What these rules know of a unit: its type, formation, rating, hits
/// taken, nation and (with `line_rule: per_unit`) its line permission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Hits16Unit {
    pub troop: TroopType,
    /// Absent: the type's first formation ([`TroopType::formations`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formation: Option<Formation>,
    pub rating: Rating,
    /// Hits already taken, 0-16 (M5); bases lost follow (M40).
    #[serde(skip_serializing_if = "is_zero")]
    pub hits: u32,
    /// "British", "French"... (M41's historical line rule).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub nation: String,
    /// With `line_rule: per_unit` only (M41); absent = false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_allowed: Option<bool>,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

impl Hits16Unit {
    pub fn of(troop: TroopType) -> Hits16Unit {
        Hits16Unit {
            troop,
            ..Hits16Unit::default()
        }
    }

    /// What a unit that says nothing of these rules is: its kind as the
    /// nearest type (cavalry as light cavalry), trained, fresh.
    pub fn from_kind(kind: crate::scenario::UnitKind) -> Hits16Unit {
        Hits16Unit::of(match kind {
            crate::scenario::UnitKind::Infantry => TroopType::Infantry,
            crate::scenario::UnitKind::Cavalry => TroopType::LightCavalry,
            crate::scenario::UnitKind::Artillery => TroopType::Artillery,
        })
    }

    /// The unit's data for these rules, or what its kind gives.
    pub fn read(u: &crate::scenario::Unit) -> Hits16Unit {
        u.hits16
            .clone()
            .unwrap_or_else(|| Hits16Unit::from_kind(u.kind))
    }

    /// Its formation, or its type's default.
    pub fn formation(&self) -> Formation {
        self.formation.unwrap_or(self.troop.formations()[0])
    }
}

/// A General [L33-35] (M13): one base, no facing, no formation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Hits16General {
    /// Unique among the scenario's units and Generals: commands name him
    /// by it.
    pub id: String,
    pub name: String,
    pub side: SideId,
    /// Where he starts; absent, he is not on the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<Hex>,
}

/// One value per troop type.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerTroop<T> {
    pub infantry: T,
    pub skirmishers: T,
    pub heavy_cavalry: T,
    pub light_cavalry: T,
    pub artillery: T,
}

impl<T> PerTroop<T> {
    pub fn get(&self, t: TroopType) -> &T {
        match t {
            TroopType::Infantry => &self.infantry,
            TroopType::Skirmishers => &self.skirmishers,
            TroopType::HeavyCavalry => &self.heavy_cavalry,
            TroopType::LightCavalry => &self.light_cavalry,
            TroopType::Artillery => &self.artillery,
        }
    }

    pub fn get_mut(&mut self, t: TroopType) -> &mut T {
        match t {
            TroopType::Infantry => &mut self.infantry,
            TroopType::Skirmishers => &mut self.skirmishers,
            TroopType::HeavyCavalry => &mut self.heavy_cavalry,
            TroopType::LightCavalry => &mut self.light_cavalry,
            TroopType::Artillery => &mut self.artillery,
        }
    }
}

/// One row of the lost range and damage table [L72-75] (M23), in hexes;
/// damage is added to the shooting die.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireRow {
    pub close_range: u32,
    pub close_damage: i32,
    pub long_range: u32,
    pub long_damage: i32,
}

/// M23's table (Vedette defaults): the troop types that shoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FireTable {
    pub infantry: FireRow,
    pub skirmishers: FireRow,
    pub artillery: FireRow,
}

impl Default for FireTable {
    fn default() -> Self {
        FireTable {
            infantry: FireRow {
                close_range: 1,
                close_damage: 0,
                long_range: 2,
                long_damage: -2,
            },
            skirmishers: FireRow {
                close_range: 1,
                close_damage: -1,
                long_range: 3,
                long_damage: -2,
            },
            artillery: FireRow {
                close_range: 2,
                close_damage: 2,
                long_range: 6,
                long_damage: 0,
            },
        }
    }
}

impl FireTable {
    /// The row of a troop type that shoots (M20); `None` for cavalry.
    pub fn row(&self, t: TroopType) -> Option<&FireRow> {
        match t {
            TroopType::Infantry => Some(&self.infantry),
            TroopType::Skirmishers => Some(&self.skirmishers),
            TroopType::Artillery => Some(&self.artillery),
            TroopType::HeavyCavalry | TroopType::LightCavalry => None,
        }
    }
}

/// M24's shooting modifiers (the text names them [L78-81], values
/// lost: Vedette defaults but `deteriorated`, printed [L81]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FireModifiers {
    pub elite: i32,
    /// Infantry shooter in line.
    pub line: i32,
    pub raw: i32,
    /// Shooter with 8 or more hits [L81].
    pub deteriorated: i32,
}

impl Default for FireModifiers {
    fn default() -> Self {
        FireModifiers {
            elite: 1,
            line: 1,
            raw: 0,
            deteriorated: -1,
        }
    }
}

/// M32's hand-to-hand modifiers of the rolling unit (names [L92-96],
/// values lost: Vedette defaults but `deteriorated` [L100]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MeleeModifiers {
    pub elite: i32,
    /// Cavalry against infantry or skirmishers.
    pub cavalry_vs_foot: i32,
    pub heavy_cavalry: i32,
    /// Infantry in column (`column_bonus` says which).
    pub column: i32,
    pub raw: i32,
    /// The roller with 8 or more hits [L100].
    pub deteriorated: i32,
}

impl Default for MeleeModifiers {
    fn default() -> Self {
        MeleeModifiers {
            elite: 1,
            cavalry_vs_foot: 1,
            heavy_cavalry: 1,
            column: 1,
            raw: -1,
            deteriorated: -1,
        }
    }
}

/// M1 Option `distance_count`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DistanceCount {
    /// Centre to centre: "within 20 cm" = distance <= 2.
    #[default]
    Centre,
    /// Edge to edge: "within 20 cm" = at most 2 empty hexes between.
    Gap,
}

/// M4 Option `footprint` (one value for now, open question Q1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Footprint {
    #[default]
    OneHex,
}

/// M7/M41 Option `line_rule`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineRule {
    /// British units, French Elite units, everyone before 1807 [L9].
    #[default]
    Historical,
    All,
    /// The unit's `line_allowed`.
    PerUnit,
}

/// M10 Option `general_moves_as`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GeneralMovesAs {
    #[default]
    LightCavalry,
    HeavyCavalry,
}

/// M21 Option `fire_arc`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireArc {
    /// 45° from the front corners: 3, 3, 5, 7, 9, 9 hexes.
    #[default]
    #[serde(rename = "corners_45")]
    Corners45,
    /// 45° from the centre: 1, 3, 5, 5, 7, 9 hexes.
    #[serde(rename = "centre_45")]
    Centre45,
    /// The 120° wedge of RULINGS-NAPOLEON N7 (M49): 3, 5, 7, 9, 11, 13.
    #[serde(rename = "wedge_120")]
    Wedge120,
}

/// M22 Option `line_of_fire`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineOfFire {
    #[default]
    UnitsAndCoverBlock,
    None,
}

/// M28 Option `outnumbered_counts`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutnumberedCounts {
    #[default]
    Bases,
    /// Every unit counts 4 - bases_lost.
    Steps,
}

/// M32 Option `column_bonus`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnBonus {
    #[default]
    AttackColumn,
    AnyColumn,
}

/// M33 Option `skirmishers_when_charged`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkirmishersWhenCharged {
    #[default]
    Fight,
    Eliminated,
}

/// M35 Option `blocked_withdrawal`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockedWithdrawal {
    #[default]
    Eliminated,
    /// Stays in combat and takes 1D3 hits.
    StayD3,
}

/// What a terrain kind is to these rules (M3); hills are the hex's hill
/// flag, on top of any of these; rivers, bridges, fords and roads are
/// hexside features.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    #[default]
    Clear,
    /// Only skirmishers enter [L49]; cover [L83]; blocks fire (M22).
    Woods,
    /// Only infantry and skirmishers end a move there [L50]; cover;
    /// all-round fire [L70]; blocks fire (M22).
    Town,
    /// Impassable [L51].
    Marsh,
    /// Impassable [L51].
    Lake,
}

impl Terrain {
    pub const ALL: [Terrain; 5] = [
        Terrain::Clear,
        Terrain::Woods,
        Terrain::Town,
        Terrain::Marsh,
        Terrain::Lake,
    ];

    /// The role of a terrain kind no table names, from its id.
    pub fn by_name(id: &str) -> Terrain {
        match id {
            "woods" | "wood" | "forest" => Terrain::Woods,
            "town" | "village" => Terrain::Town,
            "marsh" | "difficult" => Terrain::Marsh,
            "lake" | "river" | "stream" | "impassable" => Terrain::Lake,
            _ => Terrain::Clear,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Woods => "woods",
            Terrain::Town => "town",
            Terrain::Marsh => "marsh",
            Terrain::Lake => "lake",
        }
    }

    /// Whether it halves hits from shooting [L83] (M24).
    pub fn cover(self) -> bool {
        matches!(self, Terrain::Woods | Terrain::Town)
    }

    /// Whether it blocks a line of fire (M22).
    pub fn blocks_fire(self) -> bool {
        matches!(self, Terrain::Woods | Terrain::Town)
    }

    /// Whether nobody enters it [L51].
    pub fn impassable(self) -> bool {
        matches!(self, Terrain::Marsh | Terrain::Lake)
    }
}

/// Every option of `RULINGS-16-HITS.md` with the ruled default, every
/// Vedette default number of its lost tables, and the scenario's own data
/// for these rules (Generals, year, first player, terrain roles). Any
/// field may be left out of a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Hits16Options {
    /// M1: centimetres a hex stands for (sheets and conversions only).
    pub cm_per_hex: u32,
    /// M1, M39.
    pub distance_count: DistanceCount,
    /// M4.
    pub footprint: Footprint,
    /// M5: bases of an artillery unit.
    pub artillery_bases: u32,
    /// M7, M41.
    pub line_rule: LineRule,
    /// M8, M45.
    pub town_all_front: bool,
    /// M9, M43.
    pub formation_change_counts_as_move: bool,
    /// M10 (Vedette defaults): hexes per Movement phase by type.
    pub move_hexes: PerTroop<u32>,
    /// M10.
    pub general_moves_as: GeneralMovesAs,
    /// M12: hexes from the General (0 = same hex only).
    pub rally_reach: u32,
    /// M12: rallies a General may make a Command phase (none = no limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rallies_per_general: Option<u32>,
    /// M12, M46.
    pub rally_one_heals: bool,
    /// M16.
    pub no_contact_without_charge: bool,
    /// M17 (Vedette default).
    pub march_multiplier: u32,
    /// M18 (Vedette default).
    pub road_bonus_hexes: u32,
    /// M19.
    pub pivot_counts_as_move: bool,
    /// M20.
    pub march_column_may_shoot: bool,
    /// M21, M49.
    pub fire_arc: FireArc,
    /// M22, M50.
    pub line_of_fire: LineOfFire,
    /// M23 (Vedette defaults).
    pub fire_table: FireTable,
    /// M24 (Vedette defaults).
    pub fire_modifiers: FireModifiers,
    /// M27, M51.
    pub charge_pivot_hexsides: u32,
    /// M27.
    pub charge_conform: bool,
    /// M28.
    pub outnumbered_counts: OutnumberedCounts,
    /// M29.
    pub cavalry_may_charge_town: bool,
    /// M32 (Vedette defaults).
    pub melee_modifiers: MeleeModifiers,
    /// M32.
    pub column_bonus: ColumnBonus,
    /// M32, M52.
    pub hill_needs_higher_ground: bool,
    /// M33, M53.
    pub skirmishers_when_charged: SkirmishersWhenCharged,
    /// M35.
    pub blocked_withdrawal: BlockedWithdrawal,
    /// M38 (Vedette default): the share of its starting units whose loss
    /// breaks an army, rounded up.
    pub army_break_fraction: f64,
    /// M38 (Vedette default): game length in full turns.
    pub turn_limit: u32,
    /// M7, M41: the year of the battle (the historical line rule: every
    /// army may form line before 1807); none = no year clause.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub year: Option<i32>,
    /// M11: the side whose player turn comes first; none = the first side
    /// listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_side: Option<SideId>,
    /// M13: the Generals of both sides.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub generals: Vec<Hits16General>,
    /// M3: what each terrain kind is, by kind id; kinds not listed are
    /// read by name ([`Terrain::by_name`]).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub terrain: BTreeMap<String, Terrain>,
}

impl Default for Hits16Options {
    fn default() -> Self {
        Hits16Options {
            cm_per_hex: 10,
            distance_count: DistanceCount::default(),
            footprint: Footprint::default(),
            artillery_bases: 1,
            line_rule: LineRule::default(),
            town_all_front: true,
            formation_change_counts_as_move: false,
            move_hexes: PerTroop {
                infantry: 2,
                skirmishers: 2,
                heavy_cavalry: 3,
                light_cavalry: 4,
                artillery: 2,
            },
            general_moves_as: GeneralMovesAs::default(),
            rally_reach: 1,
            max_rallies_per_general: None,
            rally_one_heals: true,
            no_contact_without_charge: true,
            march_multiplier: 2,
            road_bonus_hexes: 1,
            pivot_counts_as_move: true,
            march_column_may_shoot: true,
            fire_arc: FireArc::default(),
            line_of_fire: LineOfFire::default(),
            fire_table: FireTable::default(),
            fire_modifiers: FireModifiers::default(),
            charge_pivot_hexsides: 0,
            charge_conform: true,
            outnumbered_counts: OutnumberedCounts::default(),
            cavalry_may_charge_town: false,
            melee_modifiers: MeleeModifiers::default(),
            column_bonus: ColumnBonus::default(),
            hill_needs_higher_ground: false,
            skirmishers_when_charged: SkirmishersWhenCharged::default(),
            blocked_withdrawal: BlockedWithdrawal::default(),
            army_break_fraction: 0.5,
            turn_limit: 12,
            year: None,
            first_side: None,
            generals: Vec::new(),
            terrain: BTreeMap::new(),
        }
    }
}

impl Hits16Options {
    /// Adds a General of `side`, not on the table, with an id no unit
    /// (`taken`) nor General has; returns his index.
    pub fn add_general(&mut self, side: SideId, taken: &dyn Fn(&str) -> bool) -> usize {
        let n = (1..)
            .find(|n| {
                let id = format!("general-{n}");
                !taken(&id) && self.generals.iter().all(|g| g.id != id)
            })
            .unwrap_or(1); // the range is endless: some number is free
        self.generals.push(Hits16General {
            id: format!("general-{n}"),
            name: format!("General {n}"),
            side,
            hex: None,
        });
        self.generals.len() - 1
    }

    /// What a terrain kind is to these rules.
    pub fn terrain_role(&self, kind_id: &str) -> Terrain {
        self.terrain
            .get(kind_id)
            .copied()
            .unwrap_or_else(|| Terrain::by_name(kind_id))
    }

    /// The General's allowance (M10: as light cavalry by default).
    pub fn general_move_hexes(&self) -> u32 {
        match self.general_moves_as {
            GeneralMovesAs::LightCavalry => self.move_hexes.light_cavalry,
            GeneralMovesAs::HeavyCavalry => self.move_hexes.heavy_cavalry,
        }
    }

    /// The largest distance that is "within `cm`" of the text (M1, M39):
    /// centre counting rounds cm/cm_per_hex to the nearest hex, halves up
    /// (M2); gap counting adds one.
    pub fn within(&self, cm: u32) -> u32 {
        let per = self.cm_per_hex.max(1);
        let hexes = (2 * cm + per) / (2 * per);
        match self.distance_count {
            DistanceCount::Centre => hexes,
            DistanceCount::Gap => hexes + 1,
        }
    }

    /// Units lost at which an army of `units` breaks (M38: the fraction of
    /// its starting units, rounded up; at least 1). Counted in
    /// ten-thousandths so 0.3 of 10 is 3, not 4.
    pub fn break_at(&self, units: u32) -> u32 {
        let bp = (self.army_break_fraction.clamp(0.0, 1.0) * 10_000.0).round() as u64;
        let n = (u64::from(units) * bp).div_ceil(10_000);
        (n as u32).max(1)
    }

    /// Whether the unit may form line (M7, M41).
    pub fn line_allowed(&self, u: &Hits16Unit) -> bool {
        if u.troop != TroopType::Infantry {
            return false;
        }
        match self.line_rule {
            LineRule::All => true,
            LineRule::PerUnit => u.line_allowed.unwrap_or(false),
            LineRule::Historical => {
                let nation = u.nation.trim().to_ascii_lowercase();
                nation == "british"
                    || (nation == "french" && u.rating == Rating::Elite)
                    || self.year.is_some_and(|y| y < 1807)
            }
        }
    }
}

/// Where a number of the Tables comes from, for the Tables tab and the
/// sheet: the lost table's line, or the ruling that kept it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableDoc {
    /// The path under `rules` (`move_hexes.infantry`).
    pub field: &'static str,
    /// What it is, in a designer's words.
    pub label: &'static str,
    /// The lost table's line and the ruling (`[L37] (M10)`).
    pub source: &'static str,
    /// Whether it is a Vedette default (the text does not print it).
    pub vedette_default: bool,
    /// The range the editor offers and `validate` holds it to.
    pub min: i64,
    pub max: i64,
}

macro_rules! doc {
    ($field:expr, $label:expr, $source:expr, $vd:expr, $min:expr, $max:expr) => {
        TableDoc {
            field: $field,
            label: $label,
            source: $source,
            vedette_default: $vd,
            min: $min,
            max: $max,
        }
    };
}

/// Every number of the Tables (M10, M17, M18, M23, M24, M32, M38), in the
/// order the Tables tab and the sheet list them.
pub const TABLE_DOCS: &[TableDoc] = &[
    doc!(
        "move_hexes.infantry",
        "Infantry move, hexes",
        "[L37] (M10)",
        true,
        0,
        20
    ),
    doc!(
        "move_hexes.skirmishers",
        "Skirmishers move, hexes",
        "[L37] (M10)",
        true,
        0,
        20
    ),
    doc!(
        "move_hexes.artillery",
        "Artillery move (limbered), hexes",
        "[L37] (M10)",
        true,
        0,
        20
    ),
    doc!(
        "move_hexes.heavy_cavalry",
        "Heavy cavalry move, hexes",
        "[L38] (M10)",
        true,
        0,
        20
    ),
    doc!(
        "move_hexes.light_cavalry",
        "Light cavalry move, hexes",
        "[L39] (M10)",
        true,
        0,
        20
    ),
    doc!(
        "march_multiplier",
        "March: allowance times",
        "[L43] (M17)",
        true,
        1,
        5
    ),
    doc!(
        "road_bonus_hexes",
        "Road bonus, hexes",
        "[L53] (M18)",
        true,
        0,
        5
    ),
    doc!(
        "fire_table.infantry.close_range",
        "Infantry close range",
        "[L72] (M23)",
        true,
        0,
        20
    ),
    doc!(
        "fire_table.infantry.close_damage",
        "Infantry close damage",
        "[L74] (M23)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_table.infantry.long_range",
        "Infantry long range",
        "[L75] (M23)",
        true,
        0,
        20
    ),
    doc!(
        "fire_table.infantry.long_damage",
        "Infantry long damage",
        "[L75] (M23)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_table.skirmishers.close_range",
        "Skirmishers close range",
        "[L72] (M23)",
        true,
        0,
        20
    ),
    doc!(
        "fire_table.skirmishers.close_damage",
        "Skirmishers close damage",
        "[L74] (M23)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_table.skirmishers.long_range",
        "Skirmishers long range",
        "[L75] (M23)",
        true,
        0,
        20
    ),
    doc!(
        "fire_table.skirmishers.long_damage",
        "Skirmishers long damage",
        "[L75] (M23)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_table.artillery.close_range",
        "Artillery close range",
        "[L72] (M23)",
        true,
        0,
        20
    ),
    doc!(
        "fire_table.artillery.close_damage",
        "Artillery close damage",
        "[L74] (M23)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_table.artillery.long_range",
        "Artillery long range",
        "[L75] (M23)",
        true,
        0,
        20
    ),
    doc!(
        "fire_table.artillery.long_damage",
        "Artillery long damage",
        "[L75] (M23)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_modifiers.elite",
        "Shooting: Elite unit",
        "[L78] (M24)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_modifiers.line",
        "Shooting: infantry in line",
        "[L79] (M24)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_modifiers.raw",
        "Shooting: Raw unit",
        "(M24)",
        true,
        -6,
        6
    ),
    doc!(
        "fire_modifiers.deteriorated",
        "Shooting: 8 or more hits",
        "[L81] (M24)",
        false,
        -6,
        6
    ),
    doc!(
        "melee_modifiers.elite",
        "Hand to hand: Elite unit",
        "[L92] (M32)",
        true,
        -6,
        6
    ),
    doc!(
        "melee_modifiers.cavalry_vs_foot",
        "Hand to hand: cavalry vs infantry",
        "[L93] (M32)",
        true,
        -6,
        6
    ),
    doc!(
        "melee_modifiers.heavy_cavalry",
        "Hand to hand: heavy cavalry",
        "[L94] (M32)",
        true,
        -6,
        6
    ),
    doc!(
        "melee_modifiers.column",
        "Hand to hand: infantry in column",
        "[L95] (M32)",
        true,
        -6,
        6
    ),
    doc!(
        "melee_modifiers.raw",
        "Hand to hand: Raw unit",
        "[L96] (M32)",
        true,
        -6,
        6
    ),
    doc!(
        "melee_modifiers.deteriorated",
        "Hand to hand: 8 or more hits",
        "[L100] (M32)",
        false,
        -6,
        6
    ),
    doc!(
        "army_break_percent",
        "Army breaks at % of its units lost",
        "(M38)",
        true,
        1,
        100
    ),
    doc!("turn_limit", "Turn limit", "(M38)", true, 1, 99),
];

impl Hits16Options {
    /// The value of a Tables number by its [`TableDoc::field`].
    pub fn table_value(&self, field: &str) -> Option<i64> {
        let t = &self.fire_table;
        let (fm, mm) = (&self.fire_modifiers, &self.melee_modifiers);
        let row = |r: &FireRow, f: &str| -> Option<i64> {
            Some(match f {
                "close_range" => i64::from(r.close_range),
                "close_damage" => i64::from(r.close_damage),
                "long_range" => i64::from(r.long_range),
                "long_damage" => i64::from(r.long_damage),
                _ => return None,
            })
        };
        let (head, rest) = field.split_once('.').unwrap_or((field, ""));
        Some(match head {
            "move_hexes" => i64::from(*self.move_hexes.get(troop_by_field(rest)?)),
            "march_multiplier" => i64::from(self.march_multiplier),
            "road_bonus_hexes" => i64::from(self.road_bonus_hexes),
            "fire_table" => {
                let (ty, f) = rest.split_once('.')?;
                row(t.row(troop_by_field(ty)?)?, f)?
            }
            "fire_modifiers" => i64::from(match rest {
                "elite" => fm.elite,
                "line" => fm.line,
                "raw" => fm.raw,
                "deteriorated" => fm.deteriorated,
                _ => return None,
            }),
            "melee_modifiers" => i64::from(match rest {
                "elite" => mm.elite,
                "cavalry_vs_foot" => mm.cavalry_vs_foot,
                "heavy_cavalry" => mm.heavy_cavalry,
                "column" => mm.column,
                "raw" => mm.raw,
                "deteriorated" => mm.deteriorated,
                _ => return None,
            }),
            "army_break_percent" => (self.army_break_fraction * 100.0).round() as i64,
            "turn_limit" => i64::from(self.turn_limit),
            _ => return None,
        })
    }

    /// Sets a Tables number by its field; the value is clamped to the
    /// field's range. `false` for an unknown field.
    pub fn set_table_value(&mut self, field: &str, value: i64) -> bool {
        let Some(doc) = TABLE_DOCS.iter().find(|d| d.field == field) else {
            return false;
        };
        let v = value.clamp(doc.min, doc.max);
        let (u, i) = (v.max(0) as u32, v as i32);
        let (head, rest) = field.split_once('.').unwrap_or((field, ""));
        match head {
            "move_hexes" => match troop_by_field(rest) {
                Some(t) => *self.move_hexes.get_mut(t) = u,
                None => return false,
            },
            "march_multiplier" => self.march_multiplier = u,
            "road_bonus_hexes" => self.road_bonus_hexes = u,
            "fire_table" => {
                let Some((ty, f)) = rest.split_once('.') else {
                    return false;
                };
                let r = match ty {
                    "infantry" => &mut self.fire_table.infantry,
                    "skirmishers" => &mut self.fire_table.skirmishers,
                    "artillery" => &mut self.fire_table.artillery,
                    _ => return false,
                };
                match f {
                    "close_range" => r.close_range = u,
                    "close_damage" => r.close_damage = i,
                    "long_range" => r.long_range = u,
                    "long_damage" => r.long_damage = i,
                    _ => return false,
                }
            }
            "fire_modifiers" => {
                let m = &mut self.fire_modifiers;
                match rest {
                    "elite" => m.elite = i,
                    "line" => m.line = i,
                    "raw" => m.raw = i,
                    "deteriorated" => m.deteriorated = i,
                    _ => return false,
                }
            }
            "melee_modifiers" => {
                let m = &mut self.melee_modifiers;
                match rest {
                    "elite" => m.elite = i,
                    "cavalry_vs_foot" => m.cavalry_vs_foot = i,
                    "heavy_cavalry" => m.heavy_cavalry = i,
                    "column" => m.column = i,
                    "raw" => m.raw = i,
                    "deteriorated" => m.deteriorated = i,
                    _ => return false,
                }
            }
            "army_break_percent" => self.army_break_fraction = v as f64 / 100.0,
            "turn_limit" => self.turn_limit = u,
            _ => return false,
        }
        true
    }
}

fn troop_by_field(f: &str) -> Option<TroopType> {
    Some(match f {
        "infantry" => TroopType::Infantry,
        "skirmishers" => TroopType::Skirmishers,
        "heavy_cavalry" => TroopType::HeavyCavalry,
        "light_cavalry" => TroopType::LightCavalry,
        "artillery" => TroopType::Artillery,
        _ => return None,
    })
}

/// The terrain of a new map for the 16-hits rules (M3): clear, town,
/// woods, marsh and lake; hills are the hex's hill flag on top of any of
/// these, and rivers, bridges, fords and roads hexside features.
pub fn terrain() -> Vec<crate::scenario::TerrainKind> {
    crate::scenario::terrain_catalog()
        .into_iter()
        .filter(|k| {
            matches!(
                k.id.as_str(),
                "clear" | "town" | "woods" | "difficult" | "lake"
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m10_allowances_are_the_vedette_defaults() {
        let o = Hits16Options::default();
        let m: Vec<u32> = TroopType::ALL
            .iter()
            .map(|&t| *o.move_hexes.get(t))
            .collect();
        assert_eq!(m, vec![2, 2, 3, 4, 2]);
        assert_eq!(o.general_move_hexes(), 4, "Generals move as light cavalry");
        let heavy = Hits16Options {
            general_moves_as: GeneralMovesAs::HeavyCavalry,
            ..o
        };
        assert_eq!(heavy.general_move_hexes(), 3);
    }

    #[test]
    fn m23_ranges_and_damage_are_the_vedette_defaults() {
        let t = FireTable::default();
        let r = |x: TroopType| {
            t.row(x)
                .map(|r| (r.close_range, r.close_damage, r.long_range, r.long_damage))
        };
        assert_eq!(r(TroopType::Infantry), Some((1, 0, 2, -2)));
        assert_eq!(r(TroopType::Skirmishers), Some((1, -1, 3, -2)));
        assert_eq!(r(TroopType::Artillery), Some((2, 2, 6, 0)));
        assert_eq!(
            r(TroopType::HeavyCavalry),
            None,
            "cavalry do not shoot [L67]"
        );
    }

    #[test]
    fn m1_m2_m39_within_cm_in_hexes_under_both_counts_halves_rounded_up() {
        let mut o = Hits16Options::default();
        assert_eq!((o.within(20), o.within(10)), (2, 1));
        o.distance_count = DistanceCount::Gap;
        assert_eq!((o.within(20), o.within(10)), (3, 2));
        o.distance_count = DistanceCount::Centre;
        o.cm_per_hex = 4;
        // 10 / 4 = 2.5 hexes, halves up (M2).
        assert_eq!(o.within(10), 3);
    }

    #[test]
    fn m3_terrain_roles_by_name_and_what_each_does() {
        assert_eq!(Terrain::by_name("forest"), Terrain::Woods);
        assert_eq!(Terrain::by_name("village"), Terrain::Town);
        assert_eq!(Terrain::by_name("difficult"), Terrain::Marsh);
        assert_eq!(Terrain::by_name("lake"), Terrain::Lake);
        assert_eq!(Terrain::by_name("clear"), Terrain::Clear);
        assert!(Terrain::Woods.cover() && Terrain::Town.cover() && !Terrain::Clear.cover());
        assert!(Terrain::Marsh.impassable() && Terrain::Lake.impassable());
        assert!(
            !Terrain::Woods.impassable(),
            "skirmishers enter woods [L49]"
        );
    }

    #[test]
    fn m7_each_type_has_its_formations() {
        assert_eq!(TroopType::Skirmishers.formations(), &[Formation::Skirmish]);
        assert!(
            TroopType::Infantry
                .formations()
                .contains(&Formation::Square)
        );
        assert!(
            !TroopType::LightCavalry
                .formations()
                .contains(&Formation::Square)
        );
        assert_eq!(
            TroopType::Artillery.formations(),
            &[Formation::Limbered, Formation::Unlimbered]
        );
        assert_eq!(
            Hits16Unit::of(TroopType::Infantry).formation(),
            Formation::AttackColumn
        );
    }

    #[test]
    fn m38_break_at_half_rounded_up() {
        let mut o = Hits16Options::default();
        assert_eq!(o.break_at(5), 3);
        assert_eq!(o.break_at(6), 3);
        o.army_break_fraction = 0.3;
        assert_eq!(o.break_at(10), 3, "0.3 of 10 is 3, not 4");
        assert_eq!(o.break_at(0), 1);
    }

    #[test]
    fn m41_line_permission_under_the_three_rules() {
        let mut o = Hits16Options::default();
        let mut u = Hits16Unit::of(TroopType::Infantry);
        u.nation = "French".into();
        assert!(!o.line_allowed(&u));
        u.rating = Rating::Elite;
        assert!(o.line_allowed(&u), "elite French [L9]");
        u.rating = Rating::Trained;
        o.year = Some(1806);
        assert!(o.line_allowed(&u), "every army before 1807 [L9]");
        o.year = Some(1815);
        u.nation = "British".into();
        assert!(o.line_allowed(&u));
        u.nation = "Prussian".into();
        assert!(!o.line_allowed(&u));
        o.line_rule = LineRule::All;
        assert!(o.line_allowed(&u));
        o.line_rule = LineRule::PerUnit;
        assert!(!o.line_allowed(&u), "per_unit: absent is false");
        u.line_allowed = Some(true);
        assert!(o.line_allowed(&u));
        assert!(!o.line_allowed(&Hits16Unit::of(TroopType::Skirmishers)));
    }

    #[test]
    fn every_table_number_reads_and_writes_by_its_field() {
        let mut o = Hits16Options::default();
        for d in TABLE_DOCS {
            let v = o
                .table_value(d.field)
                .unwrap_or_else(|| panic!("{}", d.field));
            assert!(
                (d.min..=d.max).contains(&v),
                "{} default {v} in range",
                d.field
            );
            let w = if v < d.max { v + 1 } else { v - 1 };
            assert!(o.set_table_value(d.field, w), "{}", d.field);
            assert_eq!(o.table_value(d.field), Some(w), "{}", d.field);
        }
        assert!(!o.set_table_value("nothing", 1));
        assert_eq!(o.table_value("nothing"), None);
    }

    #[test]
    fn options_read_back_and_every_field_may_be_left_out() {
        let o: Hits16Options = ron::from_str("()").expect("all defaults");
        assert_eq!(o, Hits16Options::default());
        let mut o = Hits16Options::default();
        o.generals.push(Hits16General {
            id: "wellington".into(),
            name: "Wellington".into(),
            side: SideId::new("Allied"),
            hex: Some(Hex::new(3, 4)),
        });
        o.year = Some(1815);
        o.terrain.insert("farm".into(), Terrain::Town);
        let text = ron::to_string(&o).expect("writes");
        let back: Hits16Options = ron::from_str(&text).expect("reads back");
        assert_eq!(back, o);
        assert!(ron::from_str::<Hits16Options>("(no_such_option: true)").is_err());
        assert_eq!(o.terrain_role("farm"), Terrain::Town);
        assert_eq!(o.terrain_role("forest"), Terrain::Woods);
    }
}
