//! What a rule set tells the shared core beyond its engine: the model's
//! questions (what the rules read of a scenario, what a counter shows,
//! what a new blank scenario holds), its setup checks and its setup-sheet
//! sections. The engine's half is `engine::Rules` and `ai::Computer`; the
//! window's half is `app::plugin::RuleWindow`.
//!
//! A rule set implements [`Plugin`] on its options type (the value a
//! scenario's `rules` field holds), so each answer can read the options.
//! Every method is required: a rule set that forgets one does not
//! compile, and nothing falls back to another rule set's behaviour.
//!
//! Shared code: it names no rule set.

use crate::hex::Hex;
use crate::scenario::{Crt, Issues, Map, Scenario, TerrainKind, Unit};
use crate::sheet::Page;
use crate::sheet::flow::Flow;

/// A rule set's answers to the shared model, validation and sheet.
pub trait Plugin: Send + Sync + 'static {
    /// What the rule set reads of a scenario and what its engine holds.
    fn support(&self) -> RuleSupport;

    /// What a new blank scenario of the rule set starts with.
    fn blank(&self) -> BlankScenario;

    /// Adds to a new blank scenario, made from [`Plugin::blank`], what
    /// the rule set keeps of its own (an army and General per side).
    fn prepare_blank(&self, s: &mut Scenario);

    /// The game's length in turns as the rules play it, given the
    /// scenario's `turns`.
    fn game_length(&self, turns: u32) -> u32;

    /// Sets the game's length to `n` turns in every field that holds it:
    /// the scenario's `turns` and, where the rules keep a turn limit of
    /// their own, that too, so the two never disagree.
    fn set_game_length(&mut self, turns: &mut u32, n: u32);

    /// The options' field that holds the game's length beside the
    /// scenario's `turns`, if any: the editor shows the length once, as
    /// the General tab's "Game length", and never again among the
    /// options; the sheet prints it once, in the title.
    fn game_length_field(&self) -> Option<&'static str>;

    /// Fills what a new unit of side `u.side` carries under these rules:
    /// the rules' own data for it (type, quality, formation) from its
    /// kind, and the defaults that follow its side (a nation), so a unit
    /// placed with the Unit tool plays as its side's at once.
    fn prepare_unit(&self, s: &Scenario, u: &mut Unit);

    /// Whether the unit has a facing under these rules (a square has
    /// none).
    fn unit_faces(&self, u: &Unit) -> bool;

    /// The numbers printed on a unit's counter ("4-4", "7 S", "16 L").
    fn counter_label(&self, u: &Unit) -> String;

    /// The movement allowance the rules give `u`, and whether it is the
    /// unit's own number (`true`: editable per unit) or the rule set's
    /// table (`false`); `None` where the rules print no such number.
    fn unit_movement(&self, u: &Unit) -> Option<(u32, bool)>;

    /// What a unit is, in the rule set's words ("cavalry", "Heavy
    /// Cavalry", "light infantry").
    fn unit_kind_name(&self, u: &Unit) -> String;

    /// What the rules call the map's `stronghold` flag ("stronghold",
    /// "strongpoint"); empty where the rules have none.
    fn stronghold_word(&self) -> &'static str;

    /// Whether the hex is next to a town in a way the rules restrict
    /// (outskirts), for the editor and the sheet to show.
    fn is_outskirts(&self, map: &Map, h: Hex) -> bool;

    /// The officers who start on the map, for the map to draw.
    fn officers(&self, s: &Scenario) -> Vec<MapOfficer>;

    /// The map legend's words for the two officer marks (an army's
    /// commander, a leader), where the rules have officers.
    fn officer_legend(&self) -> Option<[&'static str; 2]>;

    /// The mark a unit's symbol adds within its kind (a light infantry's
    /// dot), drawn alike on the screen and on paper.
    fn unit_mark(&self, u: &Unit) -> UnitMark;

    /// The map legend's words for each mark the rules use.
    fn unit_mark_legend(&self) -> &'static [(UnitMark, &'static str)];

    /// Roads drawn over the map with the name of the side they serve (a
    /// pick-up battle's supply roads), and the legend's words for them.
    fn drawn_roads(&self, s: &Scenario) -> (Vec<(String, Vec<Hex>)>, &'static str);

    /// Whether the map's named areas mean something to the rules (where
    /// each side deploys and scores), so the sheet draws them.
    fn draws_areas(&self, s: &Scenario) -> bool;

    /// Tiles the options' own hexes (a stress test's scenario made of
    /// copies of one): for each copy `(i, offset)`, every hex the options
    /// hold moved by `shift(hex, offset)` and every name renamed by
    /// `name(name, i)`.
    fn tile(
        &mut self,
        copies: &[(u32, Hex)],
        name: &dyn Fn(&str, u32) -> String,
        shift: &dyn Fn(Hex, Hex) -> Hex,
    );

    /// The rule set's own checks of a scenario, after the shared ones:
    /// its options, its units' data, what it forbids at set-up. `map` is
    /// `None` when the map itself has errors (checks that read the map
    /// are skipped then).
    fn check(&self, s: &Scenario, map: Option<&Map>, out: &mut Issues);

    /// The setup sheet's victory conditions, printed first after the map.
    fn sheet_victory(&self, flow: &mut Flow, s: &Scenario, map: &Map);

    /// The rest of the sheet's text: orders of battle, tables, tracks.
    fn sheet_sections(&self, flow: &mut Flow, s: &Scenario, map: &Map);

    /// Pages printed after the sheet (cards to cut out), if any.
    fn sheet_pages(&self, s: &Scenario, paper: crate::sheet::Paper) -> Vec<Page>;

    /// What the sheet prints after the title block and the map, as the
    /// export dialog says it: the headings of `sheet_victory`,
    /// `sheet_sections` and `sheet_pages`, in order, comma-separated.
    fn sheet_contents(&self) -> &'static str;
    /// A mirrored battle of this rule set with its default options, a
    /// pure function of `seed` (`scenario::mirror`): a random field, two
    /// armies each the other's reflection, and objectives, for measuring
    /// computer players on battles they were not tuned on (issue 69).
    fn mirrored_battle(&self, seed: u64) -> (Scenario, Map);
}

/// An officer placed on the map at the start, as the map draws him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapOfficer {
    /// His hex or box.
    pub hex: Hex,
    /// Whether he commands an army (a General), drawn with a star.
    pub general: bool,
    /// The text on his disc (a factor, an initial).
    pub label: String,
    pub name: String,
}

/// An officer to place on the map with the editor's next click (a
/// General, a leader), as the rule set keeps him.
pub trait PlaceOfficer: Send + Sync + std::fmt::Debug {
    /// Who he is, for messages.
    fn name(&self, s: &Scenario) -> String;
    /// The scenario with him placed at `h`, or `None` if he no longer
    /// exists.
    fn placed(&self, s: &Scenario, h: Hex) -> Option<Scenario>;
}

/// A mark a unit's symbol adds within its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitMark {
    /// The kind's symbol alone.
    Plain,
    /// A dot where the infantry cross meets (light infantry).
    Dot,
    /// A second bar beside the cavalry's (heavy cavalry).
    SecondBar,
}

/// The rule-set parts of a new blank scenario ([`Plugin::blank`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BlankScenario {
    pub terrain: Vec<TerrainKind>,
    pub crt: Crt,
    pub sides: [&'static str; 2],
    /// Each side's loss threshold, where the rules have one.
    pub loss_threshold: Option<u32>,
    /// The game's length in turns (the rules' own turn limit where they
    /// have one, so the two agree).
    pub turns: u32,
}

/// Where a unit may start, as far as terrain goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartTerrain {
    /// Wherever the terrain table lets a unit enter: the shared checks
    /// refuse prohibited terrain and road-only terrain without a road.
    TerrainTable,
    /// The rules bar terrain their own way (by unit type), in the rule
    /// set's own checks; the shared checks ask only that the hex be on
    /// the map.
    OwnRules,
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
    /// Whether the map's stronghold flag (a fortified town hex or farm)
    /// matters.
    pub strongholds: bool,
    /// Whether units' facing matters.
    pub facing: bool,
    /// Whether a unit's own strength and movement numbers are read (the
    /// counter's factors); rules that take them from a unit's type and
    /// quality leave them out of the editor.
    pub unit_factors: bool,
    /// What a side's loss threshold counts, beside its field ("strength
    /// points (0: none)"), where the rules read one.
    pub loss_threshold: Option<&'static str>,
    /// Whether forces and leaders matter.
    pub forces: bool,
    /// Most exit conditions the rule set reads (the first ones).
    pub exit_conditions: usize,
    /// Most variants the rule set plays (the first ones).
    pub variants: usize,
    /// Whether it plays on hex grids.
    pub hexes: bool,
    /// Whether it plays on grids of square boxes.
    pub boxes: bool,
    /// Whether rivers, fords and bridges affect movement (as
    /// [`crate::scenario::HexsideEffects`] says).
    pub rivers: bool,
    /// The hexside features the rules read: the editor offers these.
    pub hexside_features: &'static [crate::scenario::HexsideFeature],
    /// Whether a gun may have no combat strength (its fire is the
    /// rules', not a number of its own).
    pub guns_without_strength: bool,
    /// Where units may start, as far as terrain goes.
    pub start_terrain: StartTerrain,
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

/// Defines the scenario's `RuleSet` enum and what follows from the one
/// list of rule sets (`crate::rules::with_rule_sets`): every variant
/// holds its rule set's `Options` (boxed, which the file format does not
/// see), `every()` lists them in order, `plugin()` answers for the
/// scenario's rule set, and `dispatch` runs generic work with its engine
/// type (`Engine`, an `ai::Computer`).
macro_rules! define_rule_sets {
    (
        $(#[$doc0:meta])* $first:ident => $m0:ident,
        $( $(#[$doc:meta])* $variant:ident => $m:ident ),* $(,)?
    ) => {
        $crate::rules::plugin::define_rule_sets!(@all $first;
            $(#[$doc0])* $first => $m0, $( $(#[$doc])* $variant => $m, )*);
    };
    (@all $first:ident; $( $(#[$doc:meta])* $variant:ident => $m:ident, )*) => {
        /// The rule set a scenario is played with, and its options.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub enum RuleSet {
            $( $(#[$doc])* $variant(Box<$m::Options>), )*
        }

        impl RuleSet {
            /// Every rule set, with its default options, in the order
            /// of the registration (File > New lists them so).
            pub fn every() -> Vec<RuleSet> {
                vec![$( RuleSet::$variant(Box::default()), )*]
            }

            /// Its folder's name (`naw`, `one_hour`), as the command
            /// line takes it (`one-hour` too).
            pub fn short_name(&self) -> &'static str {
                match self {
                    $( RuleSet::$variant(_) => stringify!($m), )*
                }
            }

            /// The rule set of that short name, with its default options.
            pub fn by_short_name(name: &str) -> Option<RuleSet> {
                let name = name.replace('-', "_");
                Self::every().into_iter().find(|r| r.short_name() == name)
            }

            /// The scenario's rule set's answers.
            pub fn plugin(&self) -> &dyn $crate::rules::plugin::Plugin {
                match self {
                    $( RuleSet::$variant(o) => &**o, )*
                }
            }

            /// The same, to change the options through it.
            pub fn plugin_mut(&mut self) -> &mut dyn $crate::rules::plugin::Plugin {
                match self {
                    $( RuleSet::$variant(o) => &mut **o, )*
                }
            }
        }

        /// The first rule set registered, with its default options.
        impl Default for RuleSet {
            fn default() -> Self {
                RuleSet::$first(Box::default())
            }
        }

        /// Runs `v` with the engine of the rule set the scenario names.
        pub fn dispatch<V: Visit>(rules: &RuleSet, v: V) -> V::Output {
            match rules {
                $( RuleSet::$variant(_) => v.visit::<$m::Engine>(), )*
            }
        }
    };
}
pub(crate) use define_rule_sets;
