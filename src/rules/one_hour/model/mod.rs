//! The data of One Hour Napoleonic, Project Waterloo
//! (the published rules as played in "Project Waterloo", on
//! square boxes): every "Option" of `RULINGS-ONE-HOUR.md` with its ruled
//! default, the unit table the scrape lost (move rates, shooting and charge
//! dice: Vedette defaults, edited per scenario), quality, traits, leaders
//! and the chance-card decks.
//!
//! A scenario plays these rules with `rules: OneHour((...))`; a unit's
//! `one_hour` field gives its type, quality, traits and command (absent,
//! they are read from its kind).
//!
//! Distances and allowances are kept in half boxes (H3: a diagonal step
//! costs 1.5), so every number is an exact integer.

pub mod options;
pub mod setup;

use crate::hex::Hex;
use crate::scenario::SideId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The five unit types (H12). Leaders are not units (H23).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum UnitType {
    #[default]
    LineInfantry,
    LightInfantry,
    Cavalry,
    HeavyCavalry,
    Artillery,
}

impl UnitType {
    /// The shared model's kind of the type.
    pub fn kind(self) -> crate::scenario::UnitKind {
        use crate::scenario::UnitKind;
        match self {
            UnitType::LineInfantry | UnitType::LightInfantry => UnitKind::Infantry,
            UnitType::Cavalry | UnitType::HeavyCavalry => UnitKind::Cavalry,
            UnitType::Artillery => UnitKind::Artillery,
        }
    }

    pub const ALL: [UnitType; 5] = [
        UnitType::LineInfantry,
        UnitType::LightInfantry,
        UnitType::Cavalry,
        UnitType::HeavyCavalry,
        UnitType::Artillery,
    ];

    pub fn name(self) -> &'static str {
        match self {
            UnitType::LineInfantry => "Line Infantry",
            UnitType::LightInfantry => "Light Infantry",
            UnitType::Cavalry => "Cavalry",
            UnitType::HeavyCavalry => "Heavy Cavalry",
            UnitType::Artillery => "Artillery",
        }
    }

    pub fn is_infantry(self) -> bool {
        matches!(self, UnitType::LineInfantry | UnitType::LightInfantry)
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, UnitType::Cavalry | UnitType::HeavyCavalry)
    }
}

/// One value per unit type.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerType<T> {
    pub line_infantry: T,
    pub light_infantry: T,
    pub cavalry: T,
    pub heavy_cavalry: T,
    pub artillery: T,
}

impl<T> PerType<T> {
    pub fn get(&self, t: UnitType) -> &T {
        match t {
            UnitType::LineInfantry => &self.line_infantry,
            UnitType::LightInfantry => &self.light_infantry,
            UnitType::Cavalry => &self.cavalry,
            UnitType::HeavyCavalry => &self.heavy_cavalry,
            UnitType::Artillery => &self.artillery,
        }
    }

    pub fn get_mut(&mut self, t: UnitType) -> &mut T {
        match t {
            UnitType::LineInfantry => &mut self.line_infantry,
            UnitType::LightInfantry => &mut self.light_infantry,
            UnitType::Cavalry => &mut self.cavalry,
            UnitType::HeavyCavalry => &mut self.heavy_cavalry,
            UnitType::Artillery => &mut self.artillery,
        }
    }
}

/// Troop quality: the hits a unit takes before it routs (H13, [L77]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    Poor,
    #[default]
    Good,
    Excellent,
    /// The French Old Guard: a quality, not a type (H13).
    OldGuard,
}

impl Quality {
    pub const ALL: [Quality; 4] = [
        Quality::Poor,
        Quality::Good,
        Quality::Excellent,
        Quality::OldGuard,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Quality::Poor => "Poor",
            Quality::Good => "Good",
            Quality::Excellent => "Excellent",
            Quality::OldGuard => "Old Guard",
        }
    }
}

/// Hits by quality, as printed [L77] (H13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QualityHits {
    pub poor: u32,
    pub good: u32,
    pub excellent: u32,
    pub old_guard: u32,
}

impl Default for QualityHits {
    fn default() -> Self {
        QualityHits {
            poor: 5,
            good: 6,
            excellent: 7,
            old_guard: 8,
        }
    }
}

impl QualityHits {
    pub fn of(&self, q: Quality) -> u32 {
        match q {
            Quality::Poor => self.poor,
            Quality::Good => self.good,
            Quality::Excellent => self.excellent,
            Quality::OldGuard => self.old_guard,
        }
    }
}

/// What One Hour Napoleonic knows of a unit (H12, H37): its type,
/// quality, traits and command.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OneHourUnit {
    pub unit_type: UnitType,
    pub quality: Quality,
    /// Never retreats from fire (H18, H37). Not with `conscript`.
    pub steadfast: bool,
    /// Retreats from fire at 2 hits from one shot (H18, H37).
    pub conscript: bool,
    /// Tests 1D6 < hits left to advance or charge (H22).
    pub reluctant: bool,
    /// Must charge again while it has a target (H30).
    pub impetuous: bool,
    /// An extra die charging a unit without it (H27, H31).
    pub shock: bool,
    /// Light infantry with rifles: range 3 (H15).
    pub rifles: bool,
    /// The command it belongs to (H20, H23, H41): a name the scenario's
    /// leaders list.
    pub command: String,
}

impl OneHourUnit {
    /// What a unit that says nothing of these rules is: its kind as the
    /// nearest type, good, no traits, no command.
    pub fn from_kind(kind: crate::scenario::UnitKind) -> OneHourUnit {
        OneHourUnit::of(match kind {
            crate::scenario::UnitKind::Infantry => UnitType::LineInfantry,
            crate::scenario::UnitKind::Cavalry => UnitType::Cavalry,
            crate::scenario::UnitKind::Artillery => UnitType::Artillery,
        })
    }

    /// The unit's One Hour data, or what its kind gives.
    pub fn read(u: &crate::scenario::Unit) -> OneHourUnit {
        u.one_hour
            .clone()
            .unwrap_or_else(|| OneHourUnit::from_kind(u.kind))
    }

    /// A unit of this type with every other field at its default (good,
    /// no traits, no command).
    pub fn of(unit_type: UnitType) -> OneHourUnit {
        OneHourUnit {
            unit_type,
            ..OneHourUnit::default()
        }
    }
}

/// Which commands a leader leads (H23).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Commands {
    /// An army commander (Napoleon, Wellington): every command of his side.
    #[default]
    All,
    /// These commands, by name.
    Listed(Vec<String>),
}

impl Commands {
    pub fn leads(&self, command: &str) -> bool {
        match self {
            Commands::All => true,
            Commands::Listed(v) => v.iter().any(|c| c == command),
        }
    }
}

/// A leader (H23-H25): not a unit; set up in a box, alone or with a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    pub name: String,
    pub side: SideId,
    #[serde(default)]
    pub commands: Commands,
    /// The box he starts in; `None` while the designer has not placed him.
    /// With `arrives`, the box he enters by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Hex>,
    /// The game turn he arrives on, as a reinforcement, at the start of
    /// his side's player turn; `None`: on the map from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<u32>,
    /// H25: may make an enemy shooting at a unit within 1 box of him
    /// reroll one die that hit (Vedette default: Wellington).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub force_fire_reroll: bool,
    /// H25 (Lobau): a friendly charger within 1 box may reroll one missed
    /// die.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub melee_reroll_miss: bool,
}

/// A number a card gives: fixed, or rolled when the card is drawn (H39).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Amount {
    Fixed(u32),
    /// 1D2: 1D6, 1-3 = 1, 4-6 = 2.
    D2,
    /// 1D3: 1D6, 1-2 = 1, 3-4 = 2, 5-6 = 3.
    D3,
    D6,
}

impl Amount {
    /// The amount a die face gives (faces 1-6; a fixed amount ignores it).
    pub fn from_face(self, face: u32) -> u32 {
        match self {
            Amount::Fixed(n) => n,
            Amount::D2 => face.div_ceil(3),
            Amount::D3 => face.div_ceil(2),
            Amount::D6 => face,
        }
    }

    /// The largest amount (the `max` reading of H39).
    pub fn max(self) -> u32 {
        self.from_face(6)
    }

    /// "1-3", "1-2", "2": as a card prints it.
    pub fn words(self) -> String {
        match self {
            Amount::Fixed(n) => n.to_string(),
            Amount::D2 => "1-2".into(),
            Amount::D3 => "1-3".into(),
            Amount::D6 => "1-6".into(),
        }
    }

    /// The amount and its noun: "1 hit", "2 hits", "1-3 hits".
    pub fn counted(self, one: &str, many: &str) -> String {
        match self {
            Amount::Fixed(n) => crate::words::counted(n, one, many),
            _ => format!("{} {many}", self.words()),
        }
    }
}

/// What a chance card does (H41), with its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CardEffect {
    /// A quote and nothing else (H42).
    NoEffect,
    /// One enemy unit, picked by the drawer, takes `hits`.
    EnemyPanic { hits: Amount },
    /// `units` of the drawer's units of one command, picked by the
    /// opponent, may not move this turn.
    MayNotMove { units: Amount },
    /// `units` of the drawer's units of one command, picked by the
    /// opponent, may not fire this turn.
    LowAmmo { units: Amount },
    /// One of the drawer's units, picked by the opponent, takes `hits`.
    OwnUnitHit { hits: Amount },
    /// One unit may move twice, move then shoot, or shoot twice.
    DoubleAction,
    /// Up to `units` of the drawer's units remove `hits` each.
    Recover { units: Amount, hits: Amount },
}

impl CardEffect {
    /// The effect as a card prints it, for the card face and the log.
    pub fn words(self) -> String {
        match self {
            CardEffect::NoEffect => "No effect".into(),
            CardEffect::EnemyPanic { hits } => {
                format!(
                    "Enemy Panic! One enemy unit acquires {}",
                    hits.counted("hit", "hits")
                )
            }
            CardEffect::MayNotMove { units } => format!(
                "{} of your units of one command may not move this turn",
                units.words()
            ),
            CardEffect::LowAmmo { units } => format!(
                "Low Ammo: {} of your units of one command may not fire this turn",
                units.words()
            ),
            CardEffect::OwnUnitHit { hits } => {
                format!(
                    "A single unit of yours acquires {}",
                    hits.counted("hit", "hits")
                )
            }
            CardEffect::DoubleAction => {
                "A single unit may move twice, move then shoot, or shoot twice".into()
            }
            CardEffect::Recover { units, hits } => format!(
                "{} of your units {} {} each",
                units.words(),
                if units == Amount::Fixed(1) {
                    "removes"
                } else {
                    "remove"
                },
                hits.counted("hit", "hits")
            ),
        }
    }

    /// Whether the card harms the side that draws it: its units are then
    /// picked by the opponent (H40).
    pub fn is_adverse(self) -> bool {
        matches!(
            self,
            CardEffect::MayNotMove { .. }
                | CardEffect::LowAmmo { .. }
                | CardEffect::OwnUnitHit { .. }
        )
    }
}

/// One chance card: a title and a line of flavour text the designer
/// writes, and its effect (H38).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub title: String,
    pub effect: CardEffect,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

/// A side's deck (H38), in the order written; the engine shuffles it with
/// the seeded dice at set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    pub side: SideId,
    pub cards: Vec<Card>,
}

/// One band of a shooting table: up to `to` boxes, roll `dice` D6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub to: u32,
    pub dice: u32,
}

/// Dice by range (H15): the bands in increasing range; past the last, out
/// of range. An empty table never shoots (cavalry).
pub type DiceTable = Vec<Band>;

/// The dice for a shot at `range` boxes, or `None` out of range.
pub fn dice_at(table: &[Band], range: u32) -> Option<u32> {
    if range == 0 {
        return None;
    }
    table.iter().find(|b| range <= b.to).map(|b| b.dice)
}

/// Column-of-route bonus in half boxes (H33): across country, and when
/// every step is along the road.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnBonus {
    pub cross_country: u32,
    pub road: u32,
}

/// The unit table the scrape lost, and the printed numbers beside it:
/// Vedette defaults a designer edits (H13-H15, H23, H27, H33).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TroopTable {
    /// H14: deployed move rates, in half boxes.
    pub move_halves: PerType<u32>,
    /// H23: a leader moving alone, in half boxes ("as cavalry").
    pub leader_move_halves: u32,
    /// H15: shooting dice by range.
    pub dice: PerType<DiceTable>,
    /// H15: light infantry with rifles.
    pub rifles_dice: DiceTable,
    /// H27: charge dice of the two cavalry types (others never charge).
    pub charge_dice: PerType<u32>,
    /// H27, H50: cavalry (not heavy) charging heavy cavalry.
    pub vs_heavy_cavalry_dice: u32,
    /// H33: column-of-route bonuses.
    pub column: PerType<ColumnBonus>,
    /// H13.
    pub quality_hits: QualityHits,
}

impl Default for TroopTable {
    fn default() -> Self {
        let band = |to, dice| Band { to, dice };
        let col = |cross_country, road| ColumnBonus {
            cross_country,
            road,
        };
        TroopTable {
            move_halves: PerType {
                line_infantry: 2,
                light_infantry: 3,
                cavalry: 4,
                heavy_cavalry: 4,
                artillery: 2,
            },
            leader_move_halves: 4,
            dice: PerType {
                line_infantry: vec![band(1, 3), band(2, 1)],
                light_infantry: vec![band(2, 1)],
                cavalry: Vec::new(),
                heavy_cavalry: Vec::new(),
                artillery: vec![band(1, 3), band(4, 2), band(8, 1)],
            },
            rifles_dice: vec![band(3, 1)],
            charge_dice: PerType {
                line_infantry: 0,
                light_infantry: 0,
                cavalry: 3,
                heavy_cavalry: 3,
                artillery: 0,
            },
            vs_heavy_cavalry_dice: 2,
            column: PerType {
                line_infantry: col(2, 4),
                light_infantry: col(0, 2),
                cavalry: col(0, 2),
                heavy_cavalry: col(0, 2),
                artillery: col(2, 4),
            },
            quality_hits: QualityHits::default(),
        }
    }
}

/// What a terrain kind is to these rules (H34, H35, H47).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    #[default]
    Open,
    /// Infantry and leaders; cavalry and artillery only along a road;
    /// cover; blocks LOS.
    Woods,
    /// Any unit may end there, only infantry occupy it (H35); cover for
    /// infantry; blocks LOS.
    Town,
    /// Impassable except by a road step in column (H47).
    River,
    Marsh,
    Lake,
    /// Passable to every unit in any formation (H47).
    Bridge,
    Ford,
    Impassable,
}

impl Terrain {
    /// The role of a terrain kind no table names, from its id.
    pub fn by_name(id: &str) -> Terrain {
        match id {
            "woods" | "wood" | "forest" => Terrain::Woods,
            "town" | "village" => Terrain::Town,
            "river" | "stream" => Terrain::River,
            "marsh" | "difficult" => Terrain::Marsh,
            "lake" => Terrain::Lake,
            "bridge" => Terrain::Bridge,
            "ford" => Terrain::Ford,
            "impassable" => Terrain::Impassable,
            _ => Terrain::Open,
        }
    }

    /// Whether it gives cover (H17 Vedette default: woods and towns;
    /// strongpoints are towns for this).
    pub fn cover(self) -> bool {
        matches!(self, Terrain::Woods | Terrain::Town)
    }

    /// Whether it blocks line of sight (H7 (a)).
    pub fn blocks_sight(self) -> bool {
        matches!(self, Terrain::Woods | Terrain::Town)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum CornerRule {
    #[default]
    BothBlock,
    EitherBlocks,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum RangeMetric {
    #[default]
    Chebyshev,
    StepCost,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum BlockedRetreat {
    #[default]
    ExtraHit,
    Stay,
    Rout,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum TurnStructure {
    #[default]
    Alternate,
    SimultaneousFire,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum HalvingsBeyondQuarter {
    /// Written `clamp_6` as the rulings name it (`clamp6` is read too).
    #[default]
    #[serde(rename = "clamp_6", alias = "clamp6")]
    Clamp6,
    NoHits,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum LightInfantryHalfHits {
    #[default]
    HalfEffect,
    HalveHitsRoundDown,
    HalveHitsRoundUp,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum RerollScope {
    #[default]
    PerLeaderPerTurn,
    PerUnitPerTurn,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum ImpetuousClears {
    #[default]
    OnNoTarget,
    Never,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum CardAmounts {
    #[default]
    Roll,
    Max,
    ChooserPicks,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum AdverseCardChooser {
    #[default]
    Opponent,
    Drawer,
    Random,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum DeckExhausted {
    #[default]
    Reshuffle,
    StopDrawing,
}

/// Every option of `RULINGS-ONE-HOUR.md` with the ruled default, and the
/// scenario's own data for these rules (troop table, terrain roles,
/// leaders, decks, who goes first). Any field may be left out of a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OneHourOptions {
    /// H3.
    pub min_move_one_box: bool,
    /// H3.
    pub diagonal_corner_rule: CornerRule,
    /// H4.
    pub pivot_after_shooting: bool,
    /// H5.
    pub range_metric: RangeMetric,
    /// H7.
    pub overhead_ignores_terrain: bool,
    /// H8.
    pub blocked_retreat: BlockedRetreat,
    /// H9: game length in game turns (Vedette default 15).
    pub turn_limit: u32,
    /// H9.
    pub turn_structure: TurnStructure,
    /// H9: the side that goes first; `None` = the first side listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_side: Option<SideId>,
    /// H17.
    pub halvings_beyond_quarter: HalvingsBeyondQuarter,
    /// H17.
    pub light_infantry_half_hits: LightInfantryHalfHits,
    /// H20.
    pub leader_extra_hit_requires_command: bool,
    /// H21.
    pub rally_requires_leader: bool,
    /// H21.
    pub rally_leader_bonus: u32,
    /// H21.
    pub rally_next_to_enemy: bool,
    /// H24.
    pub leader_risk_per_hit: bool,
    /// H25.
    pub special_reroll_scope: RerollScope,
    /// H30.
    pub impetuous_clears: ImpetuousClears,
    /// H31: unit types that have shock whatever the unit says (none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shock_by_type: Vec<UnitType>,
    /// H32.
    pub square_types: Vec<UnitType>,
    /// H32.
    pub move_after_leaving_square: bool,
    /// H33: a diagonal road step, in half boxes.
    pub road_diagonal_cost: u32,
    /// H39.
    pub card_amounts: CardAmounts,
    /// H40.
    pub adverse_card_chooser: AdverseCardChooser,
    /// H41.
    pub double_action_optional: bool,
    /// H43.
    pub deck_exhausted: DeckExhausted,
    /// H6.
    pub artillery_fires_from_strongpoint: bool,
    /// H17: boxes the scenario marks as fortification (cover artillery
    /// does not ignore).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fortified: Vec<Hex>,
    /// H13-H15, H23, H27, H33: the unit table (Vedette defaults).
    pub troops: TroopTable,
    /// H34: what each terrain kind is, by kind id; kinds not listed are
    /// read by name ([`Terrain::by_name`]).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub terrain: BTreeMap<String, Terrain>,
    /// H23: the leaders of both sides.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<Leader>,
    /// H38: a deck per side.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<Deck>,
}

impl Default for OneHourOptions {
    fn default() -> Self {
        OneHourOptions {
            min_move_one_box: false,
            diagonal_corner_rule: CornerRule::default(),
            pivot_after_shooting: false,
            range_metric: RangeMetric::default(),
            overhead_ignores_terrain: false,
            blocked_retreat: BlockedRetreat::default(),
            turn_limit: 15,
            turn_structure: TurnStructure::default(),
            first_side: None,
            halvings_beyond_quarter: HalvingsBeyondQuarter::default(),
            light_infantry_half_hits: LightInfantryHalfHits::default(),
            leader_extra_hit_requires_command: true,
            rally_requires_leader: false,
            rally_leader_bonus: 1,
            rally_next_to_enemy: false,
            leader_risk_per_hit: false,
            special_reroll_scope: RerollScope::default(),
            impetuous_clears: ImpetuousClears::default(),
            shock_by_type: Vec::new(),
            square_types: vec![UnitType::LineInfantry, UnitType::LightInfantry],
            move_after_leaving_square: false,
            road_diagonal_cost: 3,
            card_amounts: CardAmounts::default(),
            adverse_card_chooser: AdverseCardChooser::default(),
            double_action_optional: true,
            deck_exhausted: DeckExhausted::default(),
            artillery_fires_from_strongpoint: false,
            fortified: Vec::new(),
            troops: TroopTable::default(),
            terrain: BTreeMap::new(),
            leaders: Vec::new(),
            decks: Vec::new(),
        }
    }
}

impl OneHourOptions {
    /// What a terrain kind is to these rules.
    pub fn terrain_role(&self, kind_id: &str) -> Terrain {
        self.terrain
            .get(kind_id)
            .copied()
            .unwrap_or_else(|| Terrain::by_name(kind_id))
    }

    /// The hits a unit takes before it routs, without a leader (H13, H20).
    pub fn hits_of(&self, u: &OneHourUnit) -> u32 {
        self.troops.quality_hits.of(u.quality)
    }

    /// The shooting table of a unit (H15): rifles extend light infantry.
    pub fn dice_table(&self, u: &OneHourUnit) -> &[Band] {
        if u.unit_type == UnitType::LightInfantry && u.rifles {
            &self.troops.rifles_dice
        } else {
            self.troops.dice.get(u.unit_type)
        }
    }

    /// Whether the unit has shock (its own trait, or its type's, H31).
    pub fn has_shock(&self, u: &OneHourUnit) -> bool {
        u.shock || self.shock_by_type.contains(&u.unit_type)
    }
}

/// The terrain of a new One Hour Napoleonic map (H34): open, town, woods,
/// marsh, lake, stream, ford, bridge and impassable ground; strongpoints
/// are a box flag and hills the ground level, on top of any of these.
pub fn terrain() -> Vec<crate::scenario::TerrainKind> {
    crate::scenario::terrain_catalog()
        .into_iter()
        .filter(|k| k.id != "defile")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(t: UnitType) -> OneHourUnit {
        OneHourUnit::of(t)
    }

    #[test]
    fn h13_quality_hits_are_the_printed_five_to_eight() {
        let o = OneHourOptions::default();
        let hits: Vec<u32> = Quality::ALL
            .iter()
            .map(|&q| o.troops.quality_hits.of(q))
            .collect();
        assert_eq!(hits, vec![5, 6, 7, 8]);
        assert_eq!(o.hits_of(&unit(UnitType::Artillery)), 6, "good by default");
    }

    #[test]
    fn h14_move_rates_are_the_vedette_defaults_in_half_boxes() {
        let t = TroopTable::default();
        let rates: Vec<u32> = UnitType::ALL
            .iter()
            .map(|&u| *t.move_halves.get(u))
            .collect();
        // 1, 1.5, 2, 2, 1 boxes; leaders 2.
        assert_eq!(rates, vec![2, 3, 4, 4, 2]);
        assert_eq!(t.leader_move_halves, 4);
    }

    #[test]
    fn h15_shooting_dice_by_range() {
        let o = OneHourOptions::default();
        let at = |u: &OneHourUnit, r| dice_at(o.dice_table(u), r);
        let art = unit(UnitType::Artillery);
        let line = unit(UnitType::LineInfantry);
        let light = unit(UnitType::LightInfantry);
        let rifles = OneHourUnit {
            rifles: true,
            ..light.clone()
        };
        let cav = unit(UnitType::Cavalry);
        let row = |u: &OneHourUnit| (0..=9).map(|r| at(u, r)).collect::<Vec<_>>();
        let n = None;
        assert_eq!(
            row(&art),
            vec![
                n,
                Some(3),
                Some(2),
                Some(2),
                Some(2),
                Some(1),
                Some(1),
                Some(1),
                Some(1),
                n
            ]
        );
        assert_eq!(row(&line)[..4], [n, Some(3), Some(1), n]);
        assert_eq!(row(&light)[..4], [n, Some(1), Some(1), n]);
        assert_eq!(row(&rifles)[..5], [n, Some(1), Some(1), Some(1), n]);
        assert!(row(&cav).iter().all(Option::is_none), "cavalry never shoot");
    }

    #[test]
    fn h27_h33_charge_dice_and_column_bonuses() {
        let t = TroopTable::default();
        assert_eq!(*t.charge_dice.get(UnitType::Cavalry), 3);
        assert_eq!(*t.charge_dice.get(UnitType::HeavyCavalry), 3);
        assert_eq!(t.vs_heavy_cavalry_dice, 2);
        assert_eq!(*t.charge_dice.get(UnitType::LineInfantry), 0);
        // Column of route, cross-country/road totals (H33): line infantry
        // and artillery 2/3 boxes, cavalry 2/3, light infantry 1.5/2.5.
        let total = |u: UnitType| {
            let c = t.column.get(u);
            let m = *t.move_halves.get(u);
            (m + c.cross_country, m + c.road)
        };
        assert_eq!(total(UnitType::LineInfantry), (4, 6));
        assert_eq!(total(UnitType::Artillery), (4, 6));
        assert_eq!(total(UnitType::Cavalry), (4, 6));
        assert_eq!(total(UnitType::HeavyCavalry), (4, 6));
        assert_eq!(total(UnitType::LightInfantry), (3, 5));
    }

    #[test]
    fn h39_card_amounts_from_a_die() {
        let d3: Vec<u32> = (1..=6).map(|f| Amount::D3.from_face(f)).collect();
        assert_eq!(d3, vec![1, 1, 2, 2, 3, 3]);
        let d2: Vec<u32> = (1..=6).map(|f| Amount::D2.from_face(f)).collect();
        assert_eq!(d2, vec![1, 1, 1, 2, 2, 2]);
        assert_eq!(Amount::Fixed(2).from_face(5), 2);
        assert_eq!(Amount::D3.max(), 3);
        assert_eq!(
            CardEffect::Recover {
                units: Amount::D3,
                hits: Amount::D2
            }
            .words(),
            "1-3 of your units remove 1-2 hits each"
        );
        assert!(CardEffect::LowAmmo { units: Amount::D3 }.is_adverse());
        assert!(!CardEffect::EnemyPanic { hits: Amount::D3 }.is_adverse());
    }

    #[test]
    fn options_read_back_and_every_field_may_be_left_out() {
        let o: OneHourOptions = ron::from_str("()").expect("all defaults");
        assert_eq!(o, OneHourOptions::default());
        let mut o = OneHourOptions::default();
        o.leaders.push(Leader {
            name: "Wellington".into(),
            side: SideId::new("Allied"),
            commands: Commands::All,
            start: Some(Hex::new(10, 4)),
            arrives: Some(3),
            force_fire_reroll: true,
            melee_reroll_miss: false,
        });
        o.decks.push(Deck {
            side: SideId::new("French"),
            cards: vec![Card {
                title: "A quiet word".into(),
                effect: CardEffect::EnemyPanic { hits: Amount::D3 },
                text: "Flavour in our own words.".into(),
            }],
        });
        o.terrain.insert("farm".into(), Terrain::Town);
        let text = ron::to_string(&o).expect("writes");
        let back: OneHourOptions = ron::from_str(&text).expect("reads back");
        assert_eq!(back, o);
        assert!(ron::from_str::<OneHourOptions>("(no_such_option: true)").is_err());
        assert!(o.leaders[0].commands.leads("I Corps"));
        assert!(!Commands::Listed(vec!["II Corps".into()]).leads("I Corps"));
        assert_eq!(o.terrain_role("farm"), Terrain::Town);
        assert_eq!(o.terrain_role("woods"), Terrain::Woods);
        assert!(o.terrain_role("woods").cover() && !Terrain::Open.cover());
    }
}
