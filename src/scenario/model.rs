//! The scenario: sides, units, reinforcements, combat results table,
//! victory conditions and variants, plus the map (inline or by file).

use super::map::{Colour, Map};
use crate::hex::Hex;
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

pub use crate::rules::plugin::{BlankScenario, MapOfficer, RuleSupport, StartTerrain};
pub use crate::rules::{RuleSet, Side, Unit};

/// The questions every part of Vedette asks of a scenario's rule set,
/// answered by its plugin ([`crate::rules::plugin::Plugin`]).
impl RuleSet {
    pub fn name(&self) -> &'static str {
        self.support().name
    }

    /// What the rule set uses of the model and what its engine can hold.
    pub fn support(&self) -> RuleSupport {
        self.plugin().support()
    }

    /// What a new blank scenario of this rule set starts with: its terrain
    /// table, its CRT (none for rules without one), its two sides, and an
    /// army per side where the rules have Generals.
    pub fn blank(&self) -> BlankScenario {
        self.plugin().blank()
    }

    /// What the rules call a fortified town hex or farm (the map's
    /// `stronghold` flag).
    pub fn stronghold_word(&self) -> &'static str {
        self.plugin().stronghold_word()
    }

    /// Whether any hex of the map is outskirts (for the legend).
    pub fn has_outskirts(&self, map: &crate::scenario::Map) -> bool {
        let p = self.plugin();
        map.hexes_on_map().any(|h| p.is_outskirts(map, h))
    }

    /// Whether the hex is next to a town in a way the rules restrict,
    /// for the editor and the sheet to show; none in rules without them.
    pub fn is_outskirts(&self, map: &crate::scenario::Map, h: Hex) -> bool {
        self.plugin().is_outskirts(map, h)
    }

    /// The numbers printed on a unit's counter.
    pub fn counter_label(&self, u: &Unit) -> String {
        self.plugin().counter_label(u)
    }

    /// The movement allowance the rules give `u`, and whether it is the
    /// unit's own number (`true`: editable per unit) or the rule set's
    /// table (`false`); `None` where the rules print no such number.
    pub fn unit_movement(&self, u: &Unit) -> Option<(u32, bool)> {
        self.plugin().unit_movement(u)
    }

    /// What a unit is, in the rule set's words.
    pub fn unit_kind_name(&self, u: &Unit) -> String {
        self.plugin().unit_kind_name(u)
    }
}

/// Defines [`Unit`] and [`Side`]: the shared fields, then the data each
/// rule set adds to a unit or a side, from the registration's list of
/// them (`crate::rules`), where a rule set whose units need data of their
/// own names its field as the files write it. `Unit::new` and `Side::new`
/// leave every rule set's data at its default, for the rule set to fill
/// ([`crate::rules::plugin::Plugin::prepare_unit`]).
macro_rules! define_unit_and_side {
    (
        unit { $( $(#[$um:meta])* $uf:ident: $ut:ty, )* }
        side { $( $(#[$sm:meta])* $sf:ident: $st:ty, )* }
    ) => {
        /// A side in the battle.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Side {
            pub id: $crate::scenario::SideId,
            pub name: String,
            pub colour: $crate::scenario::Colour,
            /// National contingents within the side (British and Prussian
            /// in the Allied army), each with its own counter colour.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            pub contingents: Vec<$crate::scenario::Contingent>,
            /// Forces under leaders (rules with forces).
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            pub forces: Vec<$crate::scenario::Force>,
            $( $(#[$sm])* pub $sf: $st, )*
        }

        impl Side {
            /// A side with no contingents, forces or rule set's data.
            pub fn new(
                id: $crate::scenario::SideId,
                name: String,
                colour: $crate::scenario::Colour,
            ) -> Side {
                Side {
                    id,
                    name,
                    colour,
                    contingents: Vec::new(),
                    forces: Vec::new(),
                    $( $sf: Default::default(), )*
                }
            }
        }

        /// A counter.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Unit {
            pub id: $crate::scenario::UnitId,
            /// The historical identification printed on the counter
            /// (`"3/IV"`).
            pub designation: String,
            pub side: $crate::scenario::SideId,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub contingent: Option<String>,
            pub kind: $crate::scenario::UnitKind,
            /// Combat strength (the big left-hand number).
            pub strength: u32,
            /// Movement allowance (the right-hand number).
            pub movement: u32,
            pub placement: $crate::scenario::Placement,
            /// Facing, for rule sets that use it.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub facing: Option<$crate::hex::Dir>,
            $( $(#[$um])* pub $uf: $ut, )*
        }

        impl Unit {
            /// A unit of `side` and `kind` on the map at the start at
            /// `hex`, strength and movement 4, with no rule set's data.
            pub fn new(
                id: $crate::scenario::UnitId,
                side: $crate::scenario::SideId,
                kind: $crate::scenario::UnitKind,
                hex: $crate::hex::Hex,
            ) -> Unit {
                Unit {
                    id,
                    designation: String::new(),
                    side,
                    contingent: None,
                    kind,
                    strength: 4,
                    movement: 4,
                    placement: $crate::scenario::Placement::Start(hex),
                    facing: None,
                    $( $uf: Default::default(), )*
                }
            }
        }
    };
}
pub(crate) use define_unit_and_side;

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

    /// The officers placed on the map at the start, for the map to draw
    /// (the rule set says who they are).
    pub fn officers(&self) -> Vec<MapOfficer> {
        self.rules.plugin().officers(self)
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
