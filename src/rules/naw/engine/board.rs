//! The static part of a Napoleon at Waterloo game, precomputed from the
//! scenario for speed: hexes as dense indices with their neighbours, terrain
//! effects and road hexsides; units with their printed values; the CRT,
//! thresholds, exit and entry hexes.

use crate::engine::Fnv;
use crate::hex::{Grid, Hex, LineStep};
use crate::rules::naw::model::{LineOfSight, NawOptions};
use crate::scenario::{
    Crt, HexsideFeature, Map, MovementRule, Placement, RuleSet, Scenario, SideId, UnitId, UnitKind,
};
use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasherDefault;

/// Index of a hex in the board's dense arrays.
pub type HexIx = u16;
/// Index of a unit in the scenario's unit list.
pub type UnitIx = u16;
/// No hex: a neighbour outside the rectangle.
pub const NO_HEX: HexIx = HexIx::MAX;
/// `HexInfo::crossing` of a hexside that may not be crossed.
pub const NO_CROSSING: u32 = u32::MAX;

/// What a hex is, for the rules.
#[derive(Clone, Debug)]
pub struct HexInfo {
    pub hex: Hex,
    /// Part of the playing area.
    pub on_map: bool,
    /// MP to enter, or `None` if never entered.
    pub cost: Option<u32>,
    /// Entered or left only across road hexsides [4.2].
    pub road_only: bool,
    pub defence_multiplier: u32,
    pub blocks_los: bool,
    /// Neighbour index per grid direction, `NO_HEX` outside the rectangle.
    pub neighbours: [HexIx; 6],
    /// Whether the side in each direction carries a road.
    pub road: [bool; 6],
    /// Extra movement points to cross the side in each direction (a ford),
    /// or [`NO_CROSSING`] where it may not be crossed (a river without a
    /// bridge or ford), from the map's hexside effects.
    pub crossing: [u32; 6],
    pub terrain_name: String,
}

/// A unit's printed values.
#[derive(Clone, Debug)]
pub struct UnitInfo {
    pub id: UnitId,
    pub designation: String,
    /// 0 for the first side in the scenario (the French), 1 for the other.
    pub side: u8,
    pub kind: UnitKind,
    pub strength: u32,
    pub movement: u32,
    pub start: Option<HexIx>,
    /// Entry hexes for reinforcements and variant units.
    pub entry: Vec<HexIx>,
    /// Scheduled Game-Turn of arrival before variants are applied.
    pub arrival: Option<u32>,
}

/// The static game context.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    pub columns: u32,
    pub rows: u32,
    pub hexes: Vec<HexInfo>,
    pub units: Vec<UnitInfo>,
    pub unit_index: HashMap<UnitId, UnitIx, BuildHasherDefault<Fnv>>,
    pub sides: [SideId; 2],
    pub side_names: [String; 2],
    pub turns: u32,
    pub crt: Crt,
    pub options: NawOptions,
    /// Loss threshold per side, in strength points [8.0].
    pub thresholds: [u32; 2],
    /// The side with an exit objective (the French [8.3]) and its hexes.
    pub exit_side: u8,
    pub exit_hexes: Vec<HexIx>,
    pub exits_needed: u32,
    /// Artillery units of each side (for bombardment searches).
    pub artillery: [Vec<UnitIx>; 2],
    /// The variant's arrival changes per side and chit code [9.3]-[9.4]:
    /// units and their new Game-Turn (`None`: they never arrive).
    pub chit_changes: Option<[VariantTable; 2]>,
}

/// One side's chit table: code -> (units, turn) changes.
pub type VariantTable = BTreeMap<u32, Vec<(Vec<UnitIx>, Option<u32>)>>;

/// Why a scenario cannot be played with these rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(
        "Napoleon at Waterloo is a two-sided game; this scenario has {}",
        crate::words::counted(.0, "side", "sides")
    )]
    Sides(usize),
    #[error("the map is too large for the engine ({0} hexes; at most 65,000)")]
    MapTooLarge(u64),
    #[error("the scenario has too many units for the engine ({0}; at most 60,000)")]
    TooManyUnits(usize),
    #[error("the scenario has errors: {0}")]
    Invalid(String),
    #[error("the scenario uses the {0} rules, not Napoleon at Waterloo")]
    OtherRules(String),
}

impl Board {
    pub fn new(s: &Scenario, map: &Map) -> Result<Board, SetupError> {
        if let Some(errors) = crate::engine::validation_errors(s, map) {
            return Err(SetupError::Invalid(errors));
        }
        let RuleSet::NapoleonAtWaterloo(options) = &s.rules else {
            return Err(SetupError::OtherRules(s.rules.name().to_string()));
        };
        if s.sides.len() != 2 {
            return Err(SetupError::Sides(s.sides.len()));
        }
        // `validate` refuses what the rule set cannot hold; these guard the
        // 16-bit indices should a caller skip it.
        let n = map.columns as u64 * map.rows as u64;
        if n >= NO_HEX as u64 {
            return Err(SetupError::MapTooLarge(n));
        }
        if s.units.len() >= UnitIx::MAX as usize {
            return Err(SetupError::TooManyUnits(s.units.len()));
        }
        let grid = map.grid();
        let ix_of = |h: Hex| -> HexIx {
            if map.in_bounds(h) {
                ((h.row as u32 - 1) * map.columns + (h.col as u32 - 1)) as HexIx
            } else {
                NO_HEX
            }
        };
        let mut hexes = Vec::with_capacity(n as usize);
        for row in 1..=map.rows as i32 {
            for col in 1..=map.columns as i32 {
                let h = Hex::new(col, row);
                let t = map.terrain_at(h);
                let (cost, road_only) = match t.map(|t| t.movement) {
                    Some(MovementRule::Cost(c)) => (Some(c), false),
                    Some(MovementRule::RoadOnly(c)) => (Some(c), true),
                    _ => (None, false),
                };
                let dirs = grid.dirs();
                hexes.push(HexInfo {
                    hex: h,
                    on_map: map.is_on_map(h),
                    cost,
                    road_only,
                    defence_multiplier: t.map_or(1, |t| t.defence_multiplier),
                    blocks_los: t.is_some_and(|t| t.blocks_line_of_sight),
                    neighbours: std::array::from_fn(|i| ix_of(grid.neighbour_by_index(h, i))),
                    road: std::array::from_fn(|i| {
                        map.has_feature(h, dirs[i], HexsideFeature::Road)
                    }),
                    crossing: std::array::from_fn(|i| {
                        map.crossing(h, dirs[i]).extra().unwrap_or(NO_CROSSING)
                    }),
                    terrain_name: t.map_or_else(|| "off the map".to_string(), |t| t.name.clone()),
                });
            }
        }
        let side_of = |id: &SideId| -> u8 { if *id == s.sides[0].id { 0 } else { 1 } };
        let mut units = Vec::with_capacity(s.units.len());
        let mut unit_index: HashMap<UnitId, UnitIx, BuildHasherDefault<Fnv>> = HashMap::default();
        for (i, u) in s.units.iter().enumerate() {
            let (start, entry, arrival) = match &u.placement {
                Placement::Start(h) => (Some(ix_of(*h)), vec![], None),
                Placement::Reinforcement { turn, entry } => {
                    (None, entry.iter().map(|&h| ix_of(h)).collect(), Some(*turn))
                }
                Placement::Variant { entry } => {
                    (None, entry.iter().map(|&h| ix_of(h)).collect(), None)
                }
            };
            unit_index.insert(u.id.clone(), i as UnitIx);
            units.push(UnitInfo {
                id: u.id.clone(),
                designation: u.designation.clone(),
                side: side_of(&u.side),
                kind: u.kind,
                strength: u.strength,
                movement: u.movement,
                start,
                entry,
                arrival,
            });
        }
        let threshold = |side: usize| s.loss_threshold(&s.sides[side].id).unwrap_or(u32::MAX);
        let (exit_side, exit_hexes, exits_needed) = match s.victory.exits.first() {
            Some(e) => (
                side_of(&e.side),
                e.hexes.iter().map(|&h| ix_of(h)).collect(),
                e.units,
            ),
            // No exit condition: the first side wins by demoralizing the
            // other alone (8.3 with no units to exit).
            None => (0, vec![], 0),
        };
        let chit_changes = s.variants.first().map(|v| {
            let mut tables: [VariantTable; 2] = [BTreeMap::new(), BTreeMap::new()];
            for t in &v.tables {
                let side = side_of(&t.side) as usize;
                for chit in &t.chits {
                    let changes = chit
                        .changes
                        .iter()
                        .map(|c| {
                            let units = c
                                .units
                                .iter()
                                .filter_map(|id| unit_index.get(id).copied())
                                .collect();
                            (units, c.turn)
                        })
                        .collect();
                    tables[side].insert(chit.code, changes);
                }
            }
            tables
        });
        let artillery = [0u8, 1].map(|side| {
            (0..units.len() as UnitIx)
                .filter(|&u| {
                    units[u as usize].side == side && units[u as usize].kind == UnitKind::Artillery
                })
                .collect()
        });
        Ok(Board {
            artillery,
            chit_changes,
            grid,
            columns: map.columns,
            rows: map.rows,
            hexes,
            units,
            unit_index,
            sides: [s.sides[0].id.clone(), s.sides[1].id.clone()],
            side_names: [s.sides[0].name.clone(), s.sides[1].name.clone()],
            turns: s.turns,
            crt: s.crt.clone(),
            options: (**options).clone(),
            thresholds: [threshold(0), threshold(1)],
            exit_side,
            exit_hexes,
            exits_needed,
        })
    }

    pub fn ix(&self, h: Hex) -> Option<HexIx> {
        if h.col < 1 || h.row < 1 || h.col as u32 > self.columns || h.row as u32 > self.rows {
            return None;
        }
        Some(((h.row as u32 - 1) * self.columns + (h.col as u32 - 1)) as HexIx)
    }

    pub fn hex(&self, ix: HexIx) -> Hex {
        self.hexes[ix as usize].hex
    }

    pub fn info(&self, ix: HexIx) -> &HexInfo {
        &self.hexes[ix as usize]
    }

    pub fn unit(&self, u: UnitIx) -> &UnitInfo {
        &self.units[u as usize]
    }

    pub fn unit_ix(&self, id: &UnitId) -> Option<UnitIx> {
        self.unit_index.get(id).copied()
    }

    /// Direction index from `a` to its neighbour `b`.
    pub fn dir_between(&self, a: HexIx, b: HexIx) -> Option<usize> {
        self.info(a).neighbours.iter().position(|&n| n == b)
    }

    /// Whether a unit may cross from `a` into the adjacent `b` as far as
    /// terrain goes: `b` on the map and enterable, and road-only terrain on
    /// either side crossed along a road [4.2].
    pub fn can_cross(&self, a: HexIx, b: HexIx) -> bool {
        self.dir_between(a, b)
            .is_some_and(|d| self.can_cross_dir(a, d))
    }

    /// [`Board::can_cross`] towards the neighbour in direction `d`.
    #[inline]
    pub fn can_cross_dir(&self, a: HexIx, d: usize) -> bool {
        let ia = self.info(a);
        let b = ia.neighbours[d];
        if b == NO_HEX {
            return false;
        }
        let ib = self.info(b);
        ib.on_map
            && ib.cost.is_some()
            && ia.crossing[d] != NO_CROSSING
            && (!(ia.road_only || ib.road_only) || ia.road[d])
    }

    /// Movement points to enter the neighbour in direction `d`: its terrain
    /// cost plus the hexside's crossing cost (never overflowing; the caller
    /// has checked [`Board::can_cross_dir`]).
    #[inline]
    pub fn step_cost(&self, a: HexIx, d: usize) -> u32 {
        let ia = self.info(a);
        let b = ia.neighbours[d];
        if b == NO_HEX {
            return NO_CROSSING;
        }
        self.info(b)
            .cost
            .unwrap_or(NO_CROSSING)
            .saturating_add(ia.crossing[d])
    }

    /// Whether a unit in `a` could leave the map across the side in
    /// direction `d` (the neighbour is off the map, and road-only terrain is
    /// left along a road).
    pub fn can_leave_map(&self, a: HexIx, d: usize) -> bool {
        let ia = self.info(a);
        let n = ia.neighbours[d];
        let off = n == NO_HEX || !self.info(n).on_map;
        off && ia.crossing[d] != NO_CROSSING && (!ia.road_only || ia.road[d])
    }

    pub fn distance(&self, a: HexIx, b: HexIx) -> u32 {
        self.grid.distance(self.hex(a), self.hex(b))
    }

    /// Whether a bombardment from `from` to `to` (range 2) is blocked by an
    /// intervening hex, per the scenario's line-of-sight option (RULINGS R2).
    pub fn line_of_sight_blocked(&self, from: HexIx, to: HexIx) -> bool {
        let line = self.grid.line(self.hex(from), self.hex(to));
        let blocks = |h: Hex| self.ix(h).is_some_and(|i| self.info(i).blocks_los);
        line.iter()
            .skip(1)
            .take(line.len().saturating_sub(2))
            .any(|step| match *step {
                LineStep::One(h) => blocks(h),
                LineStep::Either(a, b) => match self.options.line_of_sight {
                    LineOfSight::BlockedIfAllBlock => blocks(a) && blocks(b),
                    LineOfSight::BlockedIfAnyBlocks => blocks(a) || blocks(b),
                },
            })
    }

    /// The index (0 or 1) of a side named in an event.
    pub fn side_index(&self, id: &SideId) -> u8 {
        if *id == self.sides[0] { 0 } else { 1 }
    }

    pub fn other(side: u8) -> u8 {
        1 - side
    }
}
