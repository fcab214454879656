//! The scenario: sides, units, reinforcements, combat results table,
//! victory conditions and variants, plus the map (inline or by file).

use super::map::{Colour, Map};
use crate::hex::{Dir, Hex};
use crate::rules::hits16::model::{Hits16Options, Hits16Unit};
use crate::rules::napoleon::model::{Army, NapoleonOptions, Troop};
use crate::rules::one_hour::model::{OneHourOptions, OneHourUnit};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Current scenario and map file format.
pub const FORMAT_VERSION: u32 = 1;

macro_rules! string_id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        // CompactString keeps short ids inline: events copy ids constantly,
        // and this way a copy never allocates.
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
        #[serde(transparent)]
        pub struct $name(pub compact_str::CompactString);

        impl $name {
            pub fn new(s: impl AsRef<str>) -> Self {
                $name(compact_str::CompactString::new(s.as_ref()))
            }
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                $name::new(s)
            }
        }
    };
}

string_id!(
    /// A unit's identifier, unique within a scenario.
    UnitId
);
string_id!(
    /// A side's identifier (`"French"`).
    SideId
);

/// Where the map comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MapSource {
    /// A map file, relative to the scenario file's folder
    /// (`"../maps/waterloo.ron"`).
    File(String),
    /// The map written out inside the scenario.
    Inline(Box<Map>),
}

/// The rule set a scenario is played with, and its options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RuleSet {
    /// SPI Napoleon at Waterloo (3rd edition rules, with the Grouchy
    /// variant).
    NapoleonAtWaterloo(NawOptions),
    /// *Napoleon*, the hex-grid miniatures rules: forces, leaders,
    /// Generals, facing and impulses.
    Napoleon(Box<NapoleonOptions>),
    /// One Hour Napoleonic (Project Waterloo) on square boxes, with
    /// chance-card decks.
    OneHour(Box<OneHourOptions>),
    /// The measured Napoleonic miniatures rules (16 hits a unit) on
    /// hexes of 10 cm: formations, fields of fire, charges and
    /// hand-to-hand across turns, Generals who rally.
    Hits16(Box<Hits16Options>),
}

impl RuleSet {
    pub fn name(&self) -> &'static str {
        self.support().name
    }

    /// Every rule set, with its default options: the choices of File >
    /// New.
    pub fn every() -> Vec<RuleSet> {
        vec![
            RuleSet::NapoleonAtWaterloo(NawOptions::default()),
            RuleSet::Napoleon(Box::default()),
            RuleSet::OneHour(Box::default()),
            RuleSet::Hits16(Box::default()),
        ]
    }

    /// What a new blank scenario of this rule set starts with: its terrain
    /// table, its CRT (none for rules without one), its two sides, and an
    /// army per side where the rules have Generals.
    pub fn blank(&self) -> BlankScenario {
        match self {
            RuleSet::NapoleonAtWaterloo(_) => BlankScenario {
                terrain: crate::scenario::napoleon_at_waterloo_terrain(),
                crt: Crt::napoleon_at_waterloo(),
                sides: ["French", "Allied"],
                nations: None,
                loss_threshold: Some(40),
                turns: 10,
            },
            RuleSet::Napoleon(_) => BlankScenario {
                terrain: crate::scenario::napoleon_terrain(),
                crt: Crt::default(),
                sides: ["French", "Prussian"],
                nations: Some(["France", "Prussia"]),
                loss_threshold: None,
                turns: 10,
            },
            RuleSet::OneHour(_) => BlankScenario {
                terrain: crate::scenario::one_hour_terrain(),
                crt: Crt::default(),
                sides: ["French", "Allied"],
                nations: None,
                loss_threshold: None,
                turns: 10,
            },
            RuleSet::Hits16(o) => BlankScenario {
                terrain: crate::scenario::hits16_terrain(),
                crt: Crt::default(),
                sides: ["French", "British"],
                nations: None,
                loss_threshold: None,
                turns: o.turn_limit,
            },
        }
    }

    /// Whether the hex is next to a town in a way the rules restrict (the *Napoleon*
    /// outskirts cavalry may not enter, N92), for the editor and the
    /// sheet to show; none in rules without them.
    /// What the rules call a fortified town hex or farm (the map's
    /// `stronghold` flag): a *Napoleon* stronghold [3.8.1.3], a One Hour
    /// strongpoint (H35).
    pub fn stronghold_word(&self) -> &'static str {
        match self {
            RuleSet::OneHour(_) => "strongpoint",
            _ => "stronghold",
        }
    }

    /// Whether any hex of the map is outskirts (for the legend): false at
    /// once in rules without them.
    pub fn has_outskirts(&self, map: &crate::scenario::Map) -> bool {
        match self {
            RuleSet::NapoleonAtWaterloo(_) | RuleSet::OneHour(_) | RuleSet::Hits16(_) => false,
            RuleSet::Napoleon(o) => map.hexes_on_map().any(|h| o.is_outskirts(map, h)),
        }
    }

    pub fn is_outskirts(&self, map: &crate::scenario::Map, h: Hex) -> bool {
        match self {
            RuleSet::NapoleonAtWaterloo(_) | RuleSet::OneHour(_) | RuleSet::Hits16(_) => false,
            RuleSet::Napoleon(o) => o.is_outskirts(map, h),
        }
    }

    /// The numbers printed on a unit's counter: strength and movement
    /// ("4-4"), or under One Hour Napoleonic the hits it takes before it
    /// routs and its traits' initials (H13, H37: "7 S" for an excellent
    /// steadfast unit).
    pub fn counter_label(&self, u: &Unit) -> String {
        match self {
            RuleSet::OneHour(o) => {
                let x = OneHourUnit::read(u);
                let mut traits = String::new();
                for (on, letter) in [
                    (x.steadfast, 'S'),
                    (x.conscript, 'C'),
                    (x.reluctant, 'R'),
                    (x.impetuous, 'I'),
                    (o.has_shock(&x), 'K'),
                    (x.rifles, 'r'),
                ] {
                    if on {
                        traits.push(letter);
                    }
                }
                if traits.is_empty() {
                    o.hits_of(&x).to_string()
                } else {
                    format!("{} {traits}", o.hits_of(&x))
                }
            }
            // M5, M10: the hits a unit has left of its 16, and its
            // formation's initial; movement is the type's allowance.
            RuleSet::Hits16(_) => {
                let x = Hits16Unit::read(u);
                let left = 16u32.saturating_sub(x.hits);
                match formation_letter(x.formation()) {
                    "" => left.to_string(),
                    l => format!("{left} {l}"),
                }
            }
            // N14: these rules move a unit by its type's troop-table
            // allowance, never by its own number.
            RuleSet::Napoleon(o) => format!("{}-{}", u.strength, o.troops.movement.of_unit(u)),
            _ => u.factors(),
        }
    }

    /// The movement allowance the rules give `u`, and whether it is the
    /// unit's own number (`true`: editable per unit) or the rule set's
    /// table (`false`: *Napoleon*'s troop table, N14); `None` where the
    /// rules print no such number (One Hour: type and formation, H14).
    pub fn unit_movement(&self, u: &Unit) -> Option<(u32, bool)> {
        match self {
            RuleSet::NapoleonAtWaterloo(_) => Some((u.movement, true)),
            RuleSet::Napoleon(o) => Some((o.troops.movement.of_unit(u), false)),
            RuleSet::Hits16(o) => Some((*o.move_hexes.get(Hits16Unit::read(u).troop), false)),
            RuleSet::OneHour(_) => None,
        }
    }

    /// What a unit is, in the rule set's words ("cavalry"; under One Hour
    /// Napoleonic its type, "Heavy Cavalry").
    pub fn unit_kind_name(&self, u: &Unit) -> String {
        match self {
            RuleSet::OneHour(_) => OneHourUnit::read(u).unit_type.name().to_string(),
            RuleSet::Hits16(_) => Hits16Unit::read(u).troop.name().to_string(),
            _ => u.kind.name().to_string(),
        }
    }

    /// What the rule set uses of the model and what its engine can hold.
    pub fn support(&self) -> RuleSupport {
        match self {
            RuleSet::NapoleonAtWaterloo(_) => RuleSupport {
                name: "Napoleon at Waterloo",
                summary: "SPI's folio game: strength-point counters, zones of control, odds combat on a CRT, loss thresholds and exits, the Grouchy variant.",
                crt: true,
                rule_combat: "the Combat Results Table [7.0]",
                // Hexes and units are indexed with 16 bits in its engine.
                max_hexes: 65_000,
                max_units: 60_000,
                sides: 2,
                victory_hexes: false,
                elevation: false,
                hills: false,
                facing: false,
                forces: false,
                exit_conditions: 1,
                variants: 1,
                rivers: true,
                hexes: true,
                boxes: false,
                rule_victory: "the victory conditions of [8.0]-[8.4]: loss thresholds and exits",
                movement_table: "",
                movement_source: "",
                crossing_rule: "",
            },
            RuleSet::Napoleon(_) => RuleSupport {
                name: "Napoleon",
                summary: "Hex miniatures rules: forces under leaders, a General with ADCs, facing, initiative and impulses, one-to-one melee, the break test of the Final Step.",
                crt: false,
                rule_combat: "one-to-one melee [3.7.3]",
                max_hexes: 65_000,
                max_units: 60_000,
                sides: 2,
                victory_hexes: true,
                elevation: true,
                hills: true,
                facing: true,
                forces: true,
                exit_conditions: 0,
                variants: 0,
                rivers: false,
                hexes: true,
                boxes: false,
                rule_victory: "the break test of the Final Step [4.1]",
                movement_table: "its type's allowance in the troop table (N14)",
                movement_source: "troop table, N14",
                crossing_rule: "",
            },
            RuleSet::OneHour(_) => RuleSupport {
                name: "One Hour Napoleonic",
                summary: "Square boxes and I-go-you-go turns: a chance card, then shooting, then moves and cavalry charges; units take hits up to their quality and rout.",
                crt: false,
                rule_combat: "dice by range and charges, 3+ to hit (H15-H17, H27)",
                max_hexes: 65_000,
                max_units: 60_000,
                sides: 2,
                victory_hexes: true,
                elevation: true,
                hills: true,
                facing: true,
                forces: false,
                exit_conditions: 0,
                variants: 0,
                rivers: false,
                hexes: false,
                boxes: true,
                rule_victory: "the scenario's objectives and army morale at the turn limit (H9)",
                movement_table: "its type and formation (H14)",
                movement_source: "type and formation, H14",
                crossing_rule: "",
            },
            RuleSet::Hits16(_) => RuleSupport {
                name: "Napoleonic Wars (16 hits)",
                summary: "Measured miniatures rules on 10 cm hexes: 16 hits a unit, formations and fields of fire, charges and hand-to-hand that lasts across turns, Generals who rally.",
                crt: false,
                rule_combat: "a die and modifiers for hits, shooting and hand to hand [L77-101]",
                max_hexes: 65_000,
                max_units: 60_000,
                sides: 2,
                victory_hexes: true,
                elevation: false,
                hills: true,
                facing: true,
                forces: false,
                exit_conditions: 0,
                variants: 0,
                rivers: true,
                hexes: true,
                boxes: false,
                rule_victory: "an army breaks at half its units lost, else victory hexes at the turn limit (M38)",
                movement_table: "its type's allowance in the Tables (M10)",
                movement_source: "Tables, M10",
                crossing_rule: "a river is crossed only at a bridge or ford, and no terrain costs movement (M3, M14)",
            },
        }
    }
}

/// The letter a counter prints for a 16-hits formation.
fn formation_letter(f: crate::rules::hits16::model::Formation) -> &'static str {
    use crate::rules::hits16::model::Formation as F;
    match f {
        F::Line => "L",
        F::AttackColumn => "C",
        F::MarchColumn => "M",
        F::Square => "Sq",
        F::Skirmish => "Sk",
        F::CavalryLine => "",
        F::Limbered => "Lb",
        F::Unlimbered => "",
    }
}

/// The rule-set parts of a new blank scenario ([`RuleSet::blank`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BlankScenario {
    pub terrain: Vec<crate::scenario::TerrainKind>,
    pub crt: Crt,
    pub sides: [&'static str; 2],
    /// Each side's nation, where the rules give each side an army with a
    /// General.
    pub nations: Option<[&'static str; 2]>,
    /// Each side's loss threshold, where the rules have one.
    pub loss_threshold: Option<u32>,
    /// The game's length in turns (the rules' own turn limit where they
    /// have one, so the two agree).
    pub turns: u32,
}

/// What a rule set reads from a scenario and what its engine can hold:
/// `validate` refuses a scenario beyond the limits and warns about data the
/// rule set ignores, so nothing a designer draws is silently dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSupport {
    pub name: &'static str,
    /// One sentence on what the rules are, for File > New.
    pub summary: &'static str,
    /// Whether combat is resolved on the scenario's CRT.
    pub crt: bool,
    /// How the rules decide combat, for the warning about an unused CRT.
    pub rule_combat: &'static str,
    /// Most hexes (columns x rows) the engine can index.
    pub max_hexes: u64,
    /// Most units the engine can index.
    pub max_units: usize,
    /// How many sides a battle has.
    pub sides: usize,
    /// Whether victory hexes count for anything.
    pub victory_hexes: bool,
    /// Whether hex elevation matters.
    pub elevation: bool,
    /// Whether hills matter.
    pub hills: bool,
    /// Whether units' facing matters.
    pub facing: bool,
    /// Whether forces and leaders matter.
    pub forces: bool,
    /// Most exit conditions the rule set reads (the first ones).
    pub exit_conditions: usize,
    /// Most variants the rule set plays (the first ones).
    pub variants: usize,
    /// Whether it plays on hex grids.
    pub hexes: bool,
    /// Whether it plays on grids of square boxes (RULINGS-ONE-HOUR H1).
    pub boxes: bool,
    /// Whether rivers, fords and bridges affect movement (as
    /// [`crate::scenario::HexsideEffects`] says).
    pub rivers: bool,
    /// How games are won, for messages.
    pub rule_victory: &'static str,
    /// Where the rules take a unit's movement from, when not from the
    /// unit, for the warning about a number they ignore.
    pub movement_table: &'static str,
    /// The same, short, beside the number in the editor ("troop table,
    /// N14"); empty where units carry their own.
    pub movement_source: &'static str,
    /// How the rules cross rivers when they do not read the map's
    /// `hexside_effects` (empty when they do), for the warning about
    /// crossing costs set and ignored.
    pub crossing_rule: &'static str,
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::NapoleonAtWaterloo(NawOptions::default())
    }
}

/// Who chooses the hex a defeated unit retreats into (RULINGS R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub enum RetreatChooser {
    /// The retreating unit's owner [6.4].
    #[default]
    Owner,
    /// The victorious player (the 2nd-edition reading).
    Victor,
}

/// When an intervening hex blocks a bombardment at range 2 (RULINGS R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub enum LineOfSight {
    /// Blocked only if every candidate intervening hex blocks.
    #[default]
    BlockedIfAllBlock,
    /// Blocked if any candidate intervening hex blocks.
    BlockedIfAnyBlocks,
}

/// Options of the Napoleon at Waterloo rule set; each is a ruling a designer
/// may read another way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NawOptions {
    #[serde(default)]
    pub retreat_chooser: RetreatChooser,
    #[serde(default)]
    pub line_of_sight: LineOfSight,
    /// Whether bombarding artillery may advance after combat (R12).
    #[serde(default)]
    pub bombarding_artillery_advances: bool,
}

/// A side in the battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub id: SideId,
    pub name: String,
    pub colour: Colour,
    /// National contingents within the side (British and Prussian in the
    /// Allied army), each with its own counter colour.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contingents: Vec<Contingent>,
    /// Forces under leaders (used by the hex miniatures rules).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<Force>,
    /// The army: General, nation, army-list values (the hex miniatures
    /// rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army: Option<Army>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contingent {
    pub name: String,
    pub colour: Colour,
}

/// A force under a leader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<Leader>,
    pub units: Vec<UnitId>,
}

/// A force's leader [1.2][3.6.2].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    pub name: String,
    /// -1 (bad), 0 or +1 (good): added to the force's command checks.
    #[serde(default)]
    pub factor: i32,
    /// Where he starts (with a unit of his force, or alone); absent when
    /// a set-up phase places him.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<Hex>,
}

/// Infantry, cavalry or artillery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum UnitKind {
    Infantry,
    Cavalry,
    Artillery,
}

impl UnitKind {
    pub const ALL: [UnitKind; 3] = [UnitKind::Infantry, UnitKind::Cavalry, UnitKind::Artillery];

    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Infantry => "infantry",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Artillery => "artillery",
        }
    }
}

/// Where and when a unit enters play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Placement {
    /// On the map at the start, in this hex.
    Start(Hex),
    /// Arrives on this Game-Turn through any of these hexes.
    Reinforcement { turn: u32, entry: Vec<Hex> },
    /// Held for a variant: arrives only when a variant chit schedules it,
    /// through any of these hexes.
    Variant { entry: Vec<Hex> },
}

/// A counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    pub id: UnitId,
    /// The historical identification printed on the counter (`"3/IV"`).
    pub designation: String,
    pub side: SideId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contingent: Option<String>,
    pub kind: UnitKind,
    /// Combat strength (the big left-hand number).
    pub strength: u32,
    /// Movement allowance (the right-hand number).
    pub movement: u32,
    pub placement: Placement,
    /// Facing, for rule sets that use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Dir>,
    /// What the hex miniatures rules need beyond kind and strength (horse
    /// artillery, Cossacks, skirmish factor).
    #[serde(default, skip_serializing_if = "Troop::is_plain")]
    pub troop: Troop,
    /// What One Hour Napoleonic needs of the unit (type, quality, traits,
    /// command); absent: read from `kind` ([`OneHourUnit::from_kind`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub one_hour: Option<OneHourUnit>,
    /// What the 16-hits rules need of the unit (type, formation, rating,
    /// hits, nation); absent: read from `kind` ([`Hits16Unit::from_kind`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits16: Option<Hits16Unit>,
}

impl Unit {
    pub fn start_hex(&self) -> Option<Hex> {
        match self.placement {
            Placement::Start(h) => Some(h),
            _ => None,
        }
    }

    /// `"4-4"`: strength and movement as printed.
    pub fn factors(&self) -> String {
        format!("{}-{}", self.strength, self.movement)
    }
}

/// The odds of a CRT column, attacker to defender (`"3:1"`, `"1:2"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Odds {
    pub attack: u32,
    pub defence: u32,
}

impl Odds {
    pub const fn new(attack: u32, defence: u32) -> Self {
        Odds { attack, defence }
    }

    /// Compares odds by value (1:2 < 1:1 < 2:1).
    pub fn value_cmp(self, o: Odds) -> std::cmp::Ordering {
        (self.attack as u64 * o.defence as u64).cmp(&(o.attack as u64 * self.defence as u64))
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.attack, self.defence)
    }
}

impl Serialize for Odds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Odds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let parsed = text.split_once(':').and_then(|(a, b)| {
            Some(Odds {
                attack: a.trim().parse().ok()?,
                defence: b.trim().parse().ok()?,
            })
        });
        match parsed {
            Some(o) if o.attack > 0 && o.defence > 0 => Ok(o),
            _ => Err(serde::de::Error::custom(format!(
                "`{}` is not an odds ratio: expected \"3:1\" or \"1:2\"",
                text.chars().take(20).collect::<String>()
            ))),
        }
    }
}

/// The five results of the Napoleon at Waterloo CRT [6.3].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CombatResult {
    /// Attacker eliminated.
    Ae,
    /// Attacker retreats.
    Ar,
    /// Equal elimination (exchange).
    Ee,
    /// Defender retreats.
    Dr,
    /// Defender eliminated.
    De,
}

impl CombatResult {
    pub fn code(self) -> &'static str {
        match self {
            CombatResult::Ae => "Ae",
            CombatResult::Ar => "Ar",
            CombatResult::Ee => "Ee",
            CombatResult::Dr => "Dr",
            CombatResult::De => "De",
        }
    }

    pub fn meaning(self) -> &'static str {
        match self {
            CombatResult::Ae => "Attacker eliminated",
            CombatResult::Ar => "Attacker retreats",
            CombatResult::Ee => "Exchange",
            CombatResult::Dr => "Defender retreats",
            CombatResult::De => "Defender eliminated",
        }
    }
}

/// One die roll's row of the CRT.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrtRow {
    pub die: u32,
    /// One result per column, in the order of [`Crt::columns`].
    pub results: Vec<CombatResult>,
}

/// The Combat Results Table.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crt {
    /// Odds columns from worst to best for the attacker.
    pub columns: Vec<Odds>,
    pub rows: Vec<CrtRow>,
}

impl Crt {
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty() && self.rows.is_empty()
    }

    /// The result for a column index and a die roll.
    pub fn result(&self, column: usize, die: u32) -> Option<CombatResult> {
        self.rows
            .iter()
            .find(|r| r.die == die)?
            .results
            .get(column)
            .copied()
    }

    /// The Napoleon at Waterloo table (reference `naw_crt.json`).
    pub fn napoleon_at_waterloo() -> Crt {
        use CombatResult::*;
        let columns = [
            (1, 5),
            (1, 4),
            (1, 3),
            (1, 2),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
        ]
        .map(|(a, d)| Odds::new(a, d))
        .to_vec();
        let rows = [
            [Ae, Ar, Ar, Dr, Dr, Dr, De, De, De, De],
            [Ae, Ae, Ar, Ar, Dr, Dr, Dr, De, De, De],
            [Ae, Ae, Ae, Ar, Dr, Dr, Dr, Dr, De, De],
            [Ae, Ae, Ae, Ar, Ar, Dr, Dr, Dr, De, De],
            [Ae, Ae, Ae, Ar, Ar, Ee, Dr, Ee, Ee, De],
            [Ae, Ae, Ae, Ae, Ar, Ar, Ee, Ee, Ee, De],
        ];
        Crt {
            columns,
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, r)| CrtRow {
                    die: i as u32 + 1,
                    results: r.to_vec(),
                })
                .collect(),
        }
    }
}

/// A side's loss threshold: losing this many strength points demoralizes or
/// defeats it, as the rule set says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LossThreshold {
    pub side: SideId,
    pub points: u32,
}

/// Units of a side that must leave the map through these hexes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExitCondition {
    pub side: SideId,
    pub hexes: Vec<Hex>,
    /// How many units must exit.
    pub units: u32,
}

/// A hex worth points to the side holding it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryHex {
    pub hex: Hex,
    pub side: SideId,
    pub points: u32,
}

/// How the game is won. The game ends after [`Scenario::turns`] Game-Turns
/// at the latest (the turn limit).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    #[serde(default)]
    pub loss_thresholds: Vec<LossThreshold>,
    #[serde(default)]
    pub exits: Vec<ExitCondition>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory_hexes: Vec<VictoryHex>,
}

impl Victory {
    pub fn is_empty(&self) -> bool {
        *self == Victory::default()
    }
}

/// Units whose arrival a chit changes: they arrive on `turn`, or never when
/// `turn` is `None`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrivalChange {
    pub units: Vec<UnitId>,
    pub turn: Option<u32>,
}

/// One chit of a side's variant table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chit {
    /// 1 to 6.
    pub code: u32,
    /// What the chit means, in words.
    pub text: String,
    #[serde(default)]
    pub changes: Vec<ArrivalChange>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChitTable {
    pub side: SideId,
    pub chits: Vec<Chit>,
}

/// An optional variant with a secret chit per side (the Grouchy variant).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub tables: Vec<ChitTable>,
}

/// A scenario file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// File format version ([`FORMAT_VERSION`]).
    pub version: u32,
    pub title: String,
    #[serde(default)]
    pub author: String,
    #[serde(default)]
    pub description: String,
    pub map: MapSource,
    pub rules: RuleSet,
    /// Game length in Game-Turns.
    pub turns: u32,
    /// Sides in the order they play each Game-Turn.
    pub sides: Vec<Side>,
    pub units: Vec<Unit>,
    /// The Combat Results Table (rule sets that resolve combat by odds;
    /// the hex miniatures rules have none).
    #[serde(default, skip_serializing_if = "Crt::is_empty")]
    pub crt: Crt,
    #[serde(default, skip_serializing_if = "Victory::is_empty")]
    pub victory: Victory,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Variant>,
    /// Designer's notes, free text.
    #[serde(default)]
    pub notes: String,
}

impl Scenario {
    pub fn side(&self, id: &SideId) -> Option<&Side> {
        self.sides.iter().find(|s| &s.id == id)
    }

    pub fn unit(&self, id: &UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| &u.id == id)
    }

    /// The force a unit belongs to, if any (rules with forces).
    pub fn force_of(&self, id: &UnitId) -> Option<&Force> {
        self.sides
            .iter()
            .flat_map(|s| s.forces.iter())
            .find(|f| f.units.contains(id))
    }

    /// The officers placed on the map at the start, for the map to draw:
    /// (box or hex, whether an army's commander, the text on the disc,
    /// the name). The *Napoleon* rules' leaders (their factor) and
    /// Generals (command factor); One Hour Napoleonic's leaders (their
    /// initial; army commanders, who lead every command, as Generals);
    /// the 16-hits rules' Generals (their initial).
    pub fn officers(&self) -> Vec<(Hex, bool, String, String)> {
        let mut out = Vec::new();
        if self.rules.support().forces {
            for sd in &self.sides {
                for f in &sd.forces {
                    if let Some(l) = &f.leader
                        && let Some(h) = l.hex
                    {
                        out.push((h, false, format!("{:+}", l.factor), l.name.clone()));
                    }
                }
                if let Some(a) = &sd.army
                    && let Some(h) = a.general.hex
                {
                    out.push((
                        h,
                        true,
                        a.general.command_factor.to_string(),
                        a.general.name.clone(),
                    ));
                }
            }
        }
        if let RuleSet::Hits16(o) = &self.rules {
            for g in &o.generals {
                if let Some(h) = g.hex {
                    let initial = g
                        .name
                        .chars()
                        .next()
                        .map_or(String::new(), |c| c.to_string());
                    out.push((h, true, initial, g.name.clone()));
                }
            }
        }
        if let RuleSet::OneHour(o) = &self.rules {
            // Leaders arriving later are listed with the reinforcements.
            for l in o.leaders.iter().filter(|l| l.arrives.is_none()) {
                if let Some(h) = l.start {
                    let initial = l
                        .name
                        .chars()
                        .next()
                        .map_or(String::new(), |c| c.to_string());
                    let general = l.commands == crate::rules::one_hour::model::Commands::All;
                    out.push((h, general, initial, l.name.clone()));
                }
            }
        }
        out
    }

    /// The units that start on the map.
    pub fn units_at_start(&self) -> impl Iterator<Item = (&Unit, Hex)> {
        self.units
            .iter()
            .filter_map(|u| u.start_hex().map(|h| (u, h)))
    }

    pub fn loss_threshold(&self, side: &SideId) -> Option<u32> {
        self.victory
            .loss_thresholds
            .iter()
            .find(|t| &t.side == side)
            .map(|t| t.points)
    }

    /// The colour of a unit's counter: its contingent's, else its side's.
    pub fn unit_colour(&self, u: &Unit) -> Colour {
        let side = self.side(&u.side);
        u.contingent
            .as_ref()
            .and_then(|c| side?.contingents.iter().find(|x| &x.name == c))
            .map(|c| c.colour)
            .or(side.map(|s| s.colour))
            .unwrap_or(Colour(0x80, 0x80, 0x80))
    }
}
