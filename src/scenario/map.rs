//! The map: grid geometry, per-hex terrain, hexside features, place names
//! and named areas, plus the terrain table that says what each terrain does.

use crate::hex::{Dir, Grid, Hex, Hexside, Orientation, Stagger};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The terrain code reserved for hexes that are not part of the map (the
/// half hexes along a staggered edge, or any cut-out).
pub const OFF_MAP: char = '-';

/// Whether `c` may stand for a terrain kind in the terrain rows: one
/// printable ASCII character other than [`OFF_MAP`].
pub fn is_terrain_code(c: char) -> bool {
    c != OFF_MAP && c.is_ascii_graphic()
}

pub use super::limits::MAX_MAP_SIDE;

/// An RGB colour, written `"#rrggbb"` in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Colour(pub u8, pub u8, pub u8);

impl Colour {
    pub fn hex_string(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    pub fn parse(s: &str) -> Option<Colour> {
        let t = s.strip_prefix('#')?;
        if t.len() != 6 || !t.is_ascii() {
            return None;
        }
        let p = |i: usize| u8::from_str_radix(&t[i..i + 2], 16).ok();
        Some(Colour(p(0)?, p(2)?, p(4)?))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.hex_string())
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex_string())
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Colour::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{}` is not a colour: expected \"#rrggbb\"",
                text.chars().take(20).collect::<String>()
            ))
        })
    }
}

/// How units enter a terrain kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MovementRule {
    /// Entering costs this many movement points.
    Cost(u32),
    /// The hex may be entered or left only across hexsides crossed by a road
    /// (Napoleon at Waterloo woods [4.2]); entering costs this many points.
    RoadOnly(u32),
    /// Never entered.
    Prohibited,
}

/// One row of the terrain effects chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainKind {
    /// Stable identifier used by rules and files (`"woods"`).
    pub id: String,
    /// Name shown to people (`"Woods"`).
    pub name: String,
    /// One printable ASCII character standing for this terrain in the map's
    /// terrain rows. `-` is reserved for "not on the map".
    pub code: char,
    pub colour: Colour,
    pub movement: MovementRule,
    /// The defender's strength is multiplied by this in combat (1 = no
    /// effect, 2 = doubled).
    pub defence_multiplier: u32,
    /// Whether the hex blocks a line of sight (artillery bombardment).
    pub blocks_line_of_sight: bool,
}

/// Features that lie along a hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum HexsideFeature {
    Road,
    River,
    Bridge,
    Ford,
}

impl HexsideFeature {
    pub const ALL: [HexsideFeature; 4] = [
        HexsideFeature::Road,
        HexsideFeature::River,
        HexsideFeature::Bridge,
        HexsideFeature::Ford,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HexsideFeature::Road => "road",
            HexsideFeature::River => "river",
            HexsideFeature::Bridge => "bridge",
            HexsideFeature::Ford => "ford",
        }
    }
}

/// What crossing a hexside does to a moving unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Crossing {
    /// Crossing costs this many movement points on top of the hex entered
    /// (0: no effect).
    Extra(u32),
    /// Never crossed.
    Prohibited,
}

impl Crossing {
    /// The extra cost, or `None` when the hexside may not be crossed.
    pub fn extra(self) -> Option<u32> {
        match self {
            Crossing::Extra(c) => Some(c),
            Crossing::Prohibited => None,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Crossing::Extra(0) => "no effect".into(),
            Crossing::Extra(c) => format!("+{c} MP"),
            Crossing::Prohibited => "may not be crossed".into(),
        }
    }
}

/// The hexside rows of the terrain effects chart: what rivers, fords and
/// bridges do to movement, as map data. Roads have no movement effect of
/// their own (they matter to road-only terrain, [`MovementRule::RoadOnly`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideEffects {
    /// A river hexside with neither bridge nor ford.
    #[serde(default = "HexsideEffects::default_river")]
    pub river: Crossing,
    /// A river hexside with a ford (and no bridge).
    #[serde(default = "HexsideEffects::default_ford")]
    pub ford: Crossing,
    /// A river hexside with a bridge.
    #[serde(default = "HexsideEffects::default_bridge")]
    pub bridge: Crossing,
}

impl HexsideEffects {
    fn default_river() -> Crossing {
        Crossing::Prohibited
    }
    fn default_ford() -> Crossing {
        Crossing::Extra(1)
    }
    fn default_bridge() -> Crossing {
        Crossing::Extra(0)
    }

    pub fn is_default(&self) -> bool {
        *self == HexsideEffects::default()
    }

    /// What crossing a hexside with these features does. A bridge or ford
    /// matters only where a river is (`validate` warns about one without).
    pub fn crossing(&self, features: &BTreeSet<HexsideFeature>) -> Crossing {
        if !features.contains(&HexsideFeature::River) {
            Crossing::Extra(0)
        } else if features.contains(&HexsideFeature::Bridge) {
            self.bridge
        } else if features.contains(&HexsideFeature::Ford) {
            self.ford
        } else {
            self.river
        }
    }
}

/// By default a river may be crossed only at a bridge (no extra cost) or a
/// ford (1 extra movement point); both numbers are Vedette defaults, kept
/// as map data.
impl Default for HexsideEffects {
    fn default() -> Self {
        HexsideEffects {
            river: HexsideEffects::default_river(),
            ford: HexsideEffects::default_ford(),
            bridge: HexsideEffects::default_bridge(),
        }
    }
}

/// What a hex has besides its terrain. Kept sparse: only hexes that differ
/// from the defaults are written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexDetail {
    /// Height above the map's base level, in contour steps.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub elevation: i32,
    /// A hill on top of the hex's own terrain (the hex miniatures rules
    /// combine hills with woods or towns).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hill: bool,
    /// A town hex fortified as a stronghold (Hougoumont): its defenders
    /// save casualties on 3+ rather than 4+ [3.8.1.3].
    #[serde(default, skip_serializing_if = "is_false")]
    pub stronghold: bool,
}

impl HexDetail {
    pub fn is_default(&self) -> bool {
        *self == HexDetail::default()
    }
}

fn is_zero_i32(v: &i32) -> bool {
    *v == 0
}

fn is_false(v: &bool) -> bool {
    !*v
}

/// A named place, labelled on the map at its first hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    pub name: String,
    pub hexes: Vec<Hex>,
}

/// A named group of hexes (a forest, a ridge) that rules, sheets and
/// designers can refer to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub name: String,
    pub hexes: Vec<Hex>,
}

/// A hex map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    pub name: String,
    /// Number of columns; hexes are numbered from column 01.
    pub columns: u32,
    /// Number of rows; hexes are numbered from row 01.
    pub rows: u32,
    pub orientation: Orientation,
    /// Which columns (flat-top) or rows (pointy-top) are shifted half a hex.
    pub stagger: Stagger,
    /// The terrain effects chart: every terrain kind the map uses.
    pub terrain_kinds: Vec<TerrainKind>,
    /// One string per row (row 01 first), one terrain code per column.
    pub terrain: Vec<String>,
    /// Elevation and hills, for the hexes that have them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hexes: BTreeMap<Hex, HexDetail>,
    /// Roads, rivers, bridges and fords, keyed by canonical hexside.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hexsides: BTreeMap<Hexside, BTreeSet<HexsideFeature>>,
    /// What rivers, fords and bridges do to movement.
    #[serde(default, skip_serializing_if = "HexsideEffects::is_default")]
    pub hexside_effects: HexsideEffects,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<Place>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
}

impl Map {
    pub fn grid(&self) -> Grid {
        Grid::new(self.orientation, self.stagger)
    }

    /// A map of the given size filled with one terrain code. Sizes are not
    /// checked here; `validate` reports absurd ones.
    pub fn filled(
        name: &str,
        columns: u32,
        rows: u32,
        grid: Grid,
        terrain_kinds: Vec<TerrainKind>,
        code: char,
    ) -> Map {
        let row: String = std::iter::repeat_n(code, columns as usize).collect();
        Map {
            name: name.to_string(),
            columns,
            rows,
            orientation: grid.orientation,
            stagger: grid.stagger,
            terrain_kinds,
            terrain: vec![row; rows as usize],
            hexes: BTreeMap::new(),
            hexsides: BTreeMap::new(),
            hexside_effects: HexsideEffects::default(),
            places: Vec::new(),
            areas: Vec::new(),
        }
    }

    /// Whether the hex lies inside the map's rectangle (it may still be
    /// marked off the map).
    pub fn in_bounds(&self, h: Hex) -> bool {
        h.col >= 1
            && h.row >= 1
            && h.col as i64 <= self.columns as i64
            && h.row as i64 <= self.rows as i64
    }

    /// The terrain code at a hex, or `None` outside the rectangle or when
    /// the terrain rows are malformed there.
    pub fn code_at(&self, h: Hex) -> Option<char> {
        if !self.in_bounds(h) {
            return None;
        }
        let row = self.terrain.get(h.row as usize - 1)?;
        let i = h.col as usize - 1;
        // Codes are ASCII (validated), so a well-formed row has one byte
        // per column: index it directly (this is the map view's hottest
        // call). Anything else falls back to counting characters.
        if row.len() == self.columns as usize
            && row.is_ascii()
            && let Some(&b) = row.as_bytes().get(i)
        {
            return Some(b as char);
        }
        row.chars().nth(i)
    }

    /// Whether the hex is part of the playing area.
    pub fn is_on_map(&self, h: Hex) -> bool {
        matches!(self.code_at(h), Some(c) if c != OFF_MAP)
    }

    pub fn terrain_by_code(&self, code: char) -> Option<&TerrainKind> {
        self.terrain_kinds.iter().find(|t| t.code == code)
    }

    pub fn terrain_by_id(&self, id: &str) -> Option<&TerrainKind> {
        self.terrain_kinds.iter().find(|t| t.id == id)
    }

    /// The terrain at a hex on the map.
    pub fn terrain_at(&self, h: Hex) -> Option<&TerrainKind> {
        let c = self.code_at(h)?;
        if c == OFF_MAP {
            return None;
        }
        self.terrain_by_code(c)
    }

    /// Sets the terrain code of a hex inside the rectangle; returns the old
    /// code. Keeps rows ASCII-only (codes are validated to be ASCII).
    pub fn set_code(&mut self, h: Hex, code: char) -> Option<char> {
        if !self.in_bounds(h) || !code.is_ascii() {
            return None;
        }
        let row = self.terrain.get_mut(h.row as usize - 1)?;
        let i = h.col as usize - 1;
        let mut chars: Vec<char> = row.chars().collect();
        let old = *chars.get(i)?;
        chars[i] = code;
        *row = chars.into_iter().collect();
        Some(old)
    }

    /// Every hex of the rectangle, column by column.
    pub fn all_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        let rows = self.rows.min(MAX_MAP_SIDE) as i32;
        let cols = self.columns.min(MAX_MAP_SIDE) as i32;
        (1..=cols).flat_map(move |c| (1..=rows).map(move |r| Hex::new(c, r)))
    }

    /// Every hex that is part of the playing area.
    pub fn hexes_on_map(&self) -> impl Iterator<Item = Hex> + '_ {
        self.all_hexes().filter(|&h| self.is_on_map(h))
    }

    /// Whether the hex is on the map and at least one neighbour is not.
    pub fn is_edge_hex(&self, h: Hex) -> bool {
        self.is_on_map(h)
            && self
                .grid()
                .neighbours(h)
                .iter()
                .any(|&n| !self.is_on_map(n))
    }

    pub fn features(&self, side: Hexside) -> Option<&BTreeSet<HexsideFeature>> {
        let side = self.grid().canonical(side)?;
        self.hexsides.get(&side)
    }

    /// Whether the side of `h` facing `dir` carries the feature.
    pub fn has_feature(&self, h: Hex, dir: Dir, f: HexsideFeature) -> bool {
        self.grid()
            .hexside(h, dir)
            .and_then(|s| self.hexsides.get(&s))
            .is_some_and(|set| set.contains(&f))
    }

    /// What crossing the side of `h` facing `dir` does to a moving unit.
    pub fn crossing(&self, h: Hex, dir: Dir) -> Crossing {
        self.grid()
            .hexside(h, dir)
            .and_then(|s| self.hexsides.get(&s))
            .map_or(Crossing::Extra(0), |f| self.hexside_effects.crossing(f))
    }

    /// Whether a road crosses a box corner anywhere on the map (a box
    /// grid's diagonal key, RULINGS-ONE-HOUR H33, H46).
    pub fn has_corner_road(&self) -> bool {
        let grid = self.grid();
        self.hexsides
            .iter()
            .any(|(k, f)| !grid.is_side(k.dir) && f.contains(&HexsideFeature::Road))
    }

    /// Whether the hexside between two adjacent hexes carries the feature.
    pub fn has_feature_between(&self, a: Hex, b: Hex, f: HexsideFeature) -> bool {
        self.grid()
            .hexside_between(a, b)
            .and_then(|s| self.hexsides.get(&s))
            .is_some_and(|set| set.contains(&f))
    }

    /// Rewrites hexside keys to their canonical form, merging features
    /// written from both sides. Called after loading a file that may have
    /// named a hexside from the "wrong" hex.
    pub fn normalize(&mut self) {
        let grid = self.grid();
        if self.hexsides.keys().all(|k| grid.canonical(*k) == Some(*k)) {
            return;
        }
        let old = std::mem::take(&mut self.hexsides);
        for (k, v) in old {
            let key = grid.canonical(k).unwrap_or(k);
            self.hexsides.entry(key).or_default().extend(v);
        }
    }

    /// The place name labelled at a hex, if any.
    pub fn place_at(&self, h: Hex) -> Option<&Place> {
        self.places.iter().find(|p| p.hexes.contains(&h))
    }

    /// Elevation and hill of a hex (defaults when not recorded).
    pub fn detail(&self, h: Hex) -> HexDetail {
        self.hexes.get(&h).cloned().unwrap_or_default()
    }
}

/// The terrain kinds the miniatures rule sets' new maps choose from, by
/// id: clear, town (a village), woods, difficult (marsh), river (a
/// stream), ford, bridge, defile, impassable ground and lake. Movement
/// costs and defence live in each rule set's options, not here.
pub fn terrain_catalog() -> Vec<TerrainKind> {
    let kind = |id: &str, name: &str, code: char, c: (u8, u8, u8), movement, los| TerrainKind {
        id: id.into(),
        name: name.into(),
        code,
        colour: Colour(c.0, c.1, c.2),
        movement,
        defence_multiplier: 1,
        blocks_line_of_sight: los,
    };
    vec![
        kind(
            "clear",
            "Clear",
            '.',
            (0xd9, 0xd4, 0xa0),
            MovementRule::Cost(1),
            false,
        ),
        kind(
            "town",
            "Village",
            'T',
            (0xc0, 0x8a, 0x6a),
            MovementRule::Cost(1),
            true,
        ),
        kind(
            "woods",
            "Woods",
            'W',
            (0x5b, 0x8a, 0x45),
            MovementRule::Cost(1),
            true,
        ),
        kind(
            "difficult",
            "Marsh",
            'm',
            (0x9f, 0xb5, 0x9a),
            MovementRule::Cost(1),
            false,
        ),
        kind(
            "river",
            "Stream",
            '~',
            (0x6f, 0x9f, 0xcf),
            MovementRule::Prohibited,
            false,
        ),
        kind(
            "ford",
            "Ford",
            'f',
            (0xa9, 0xc7, 0xe3),
            MovementRule::Cost(1),
            false,
        ),
        kind(
            "bridge",
            "Bridge",
            'b',
            (0xb5, 0xa5, 0x8a),
            MovementRule::Cost(1),
            false,
        ),
        kind(
            "defile",
            "Defile",
            'd',
            (0xa8, 0x9a, 0x7a),
            MovementRule::Cost(1),
            false,
        ),
        kind(
            "impassable",
            "Impassable",
            'X',
            (0x55, 0x55, 0x55),
            MovementRule::Prohibited,
            true,
        ),
        kind(
            "lake",
            "Lake",
            'L',
            (0x4f, 0x7f, 0xb8),
            MovementRule::Prohibited,
            false,
        ),
    ]
}
