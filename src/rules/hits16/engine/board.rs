//! What a 16-hits game is played on, built once from a validated
//! scenario: hexes as dense indices with neighbours, terrain roles (M3),
//! hills, roads and river crossings by hexside; the units with their
//! type, rating and line permission; the Generals; the victory hexes and
//! the break point of each army (M38).

use crate::hex::{Dir, Grid, Hex};
use crate::rules::hits16::model::{
    Formation, Hits16Options, Hits16Unit, Rating, Terrain, TroopType,
};
use crate::scenario::{HexsideFeature, Map, Placement, RuleSet, Scenario, UnitId};
use std::collections::HashMap;

pub type HexIx = u16;
pub type UnitIx = u16;
pub const NO_HEX: HexIx = HexIx::MAX;

/// Why a scenario cannot be played with these rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the scenario has errors: {0}")]
    Invalid(String),
    #[error("the scenario uses the {0} rules, not Napoleonic Wars (16 hits)")]
    OtherRules(String),
    #[error("the map is too large for the engine ({0} hexes; at most 65,000)")]
    MapTooLarge(u64),
    #[error("these rules play on hexes; the map is of square boxes")]
    Boxes,
}

/// One hex of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexInfo {
    pub hex: Hex,
    pub terrain: Terrain,
    pub hill: bool,
    /// A road crosses the hexside in each direction (M18).
    pub road: [bool; 6],
    /// The hexside may be crossed: no river, or a bridge or ford [L52].
    pub crossable: [bool; 6],
}

/// One unit as the scenario sets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    pub id: UnitId,
    pub name: String,
    pub side: u8,
    pub troop: TroopType,
    pub rating: Rating,
    /// May form line (M41).
    pub line_ok: bool,
    pub start: HexIx,
    pub facing: u8,
    pub formation: Formation,
    pub hits: u8,
}

/// One General (M13).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneralInfo {
    pub id: UnitId,
    pub name: String,
    pub side: u8,
    pub start: HexIx,
}

/// The static context of a game.
#[derive(Debug)]
pub struct Board {
    pub grid: Grid,
    columns: i32,
    rows: i32,
    /// Each hex's index by (row - 1) * columns + (column - 1); `NO_HEX`
    /// off the map.
    index: Vec<HexIx>,
    pub hexes: Vec<HexInfo>,
    /// Neighbours by direction, `NO_HEX` off the map.
    pub neighbours: Vec<[HexIx; 6]>,
    pub units: Vec<UnitInfo>,
    pub generals: Vec<GeneralInfo>,
    unit_ids: HashMap<UnitId, UnitIx>,
    general_ids: HashMap<UnitId, u16>,
    pub options: Hits16Options,
    pub side_names: [String; 2],
    /// The side whose player turn comes first (M11).
    pub first_side: u8,
    pub turn_limit: u32,
    /// Units each side starts with, and the losses that break it (M38,
    /// M56).
    pub army: [u32; 2],
    pub break_at: [u32; 2],
    pub victory_hexes: Vec<HexIx>,
    /// "Within 20 cm" and "within 10 cm" in hexes (M1, M39).
    pub march_ban: u32,
    pub guard_reach: u32,
}

impl Board {
    pub fn new(s: &Scenario, map: &Map) -> Result<Board, SetupError> {
        if let Some(errors) = crate::engine::validation_errors(s, map) {
            return Err(SetupError::Invalid(errors));
        }
        let RuleSet::Hits16(options) = &s.rules else {
            return Err(SetupError::OtherRules(s.rules.name().to_string()));
        };
        let options = (**options).clone();
        let grid = map.grid();
        if grid.is_boxes() {
            return Err(SetupError::Boxes);
        }
        let n = map.columns as u64 * map.rows as u64;
        if n > 65_000 {
            return Err(SetupError::MapTooLarge(n));
        }
        let (columns, rows) = (map.columns as i32, map.rows as i32);
        let mut index = vec![NO_HEX; (columns * rows).max(0) as usize];
        let mut hexes = Vec::new();
        for r in 1..=rows {
            for c in 1..=columns {
                let h = Hex::new(c, r);
                if !map.is_on_map(h) {
                    continue;
                }
                index[((r - 1) * columns + c - 1) as usize] = hexes.len() as HexIx;
                let dirs = grid.dirs();
                let feature = |i: usize, f| map.has_feature(h, dirs[i], f);
                hexes.push(HexInfo {
                    hex: h,
                    terrain: map
                        .terrain_at(h)
                        .map_or(Terrain::Clear, |t| options.terrain_role(&t.id)),
                    hill: map.detail(h).hill,
                    road: std::array::from_fn(|i| feature(i, HexsideFeature::Road)),
                    crossable: std::array::from_fn(|i| {
                        !feature(i, HexsideFeature::River)
                            || feature(i, HexsideFeature::Bridge)
                            || feature(i, HexsideFeature::Ford)
                    }),
                });
            }
        }
        let mut board = Board {
            grid,
            columns,
            rows,
            index,
            neighbours: Vec::new(),
            hexes,
            units: Vec::new(),
            generals: Vec::new(),
            unit_ids: HashMap::new(),
            general_ids: HashMap::new(),
            side_names: [0, 1].map(|i| {
                s.sides
                    .get(i)
                    .map_or_else(|| format!("Side {}", i + 1), |x| x.name.clone())
            }),
            first_side: 0,
            turn_limit: options.turn_limit.min(s.turns).max(1),
            army: [0, 0],
            break_at: [1, 1],
            victory_hexes: Vec::new(),
            march_ban: options.within(20),
            guard_reach: options.within(10),
            options,
        };
        board.neighbours = board
            .hexes
            .iter()
            .map(|x| {
                std::array::from_fn(|i| {
                    board
                        .ix(board.grid.neighbour_by_index(x.hex, i))
                        .unwrap_or(NO_HEX)
                })
            })
            .collect();
        let side_ix = |id: &crate::scenario::SideId| -> u8 {
            u8::from(s.sides.get(1).is_some_and(|x| &x.id == id))
        };
        board.first_side = board.options.first_side.as_ref().map_or(0, &side_ix);
        // The default facing: toward the other side's centre.
        let centre = |side: u8| -> Option<Hex> {
            let pts: Vec<Hex> = s
                .units_at_start()
                .filter(|(u, _)| side_ix(&u.side) == side)
                .map(|(_, h)| h)
                .collect();
            (!pts.is_empty()).then(|| {
                let n = pts.len() as i32;
                Hex::new(
                    pts.iter().map(|h| h.col).sum::<i32>() / n,
                    pts.iter().map(|h| h.row).sum::<i32>() / n,
                )
            })
        };
        let centres = [centre(0), centre(1)];
        for u in &s.units {
            let Placement::Start(h) = u.placement else {
                continue;
            };
            let Some(start) = board.ix(h) else {
                continue;
            };
            let x = Hits16Unit::read(u);
            let side = side_ix(&u.side);
            let facing = match u.facing.and_then(|d| grid.dir_index(d)) {
                Some(i) => i as u8,
                None => match centres[usize::from(1 - side)] {
                    Some(c) if c != h => (0..6u8)
                        .max_by_key(|&f| (super::geometry::frame(grid, h, f, c).1, -i64::from(f)))
                        .unwrap_or(0),
                    _ => 3 * side,
                },
            };
            board
                .unit_ids
                .insert(u.id.clone(), board.units.len() as UnitIx);
            board.army[usize::from(side)] += 1;
            board.units.push(UnitInfo {
                id: u.id.clone(),
                name: if u.designation.trim().is_empty() {
                    u.id.to_string()
                } else {
                    u.designation.clone()
                },
                side,
                troop: x.troop,
                rating: x.rating,
                line_ok: board.options.line_allowed(&x),
                start,
                facing,
                formation: x.formation(),
                hits: x.hits.min(15) as u8,
            });
        }
        for g in &board.options.generals.clone() {
            let start = g.hex.and_then(|h| board.ix(h)).unwrap_or(NO_HEX);
            board
                .general_ids
                .insert(UnitId::new(&g.id), board.generals.len() as u16);
            board.generals.push(GeneralInfo {
                id: UnitId::new(&g.id),
                name: if g.name.trim().is_empty() {
                    g.id.clone()
                } else {
                    g.name.clone()
                },
                side: side_ix(&g.side),
                start,
            });
        }
        board.break_at = [0, 1].map(|i| board.options.break_at(board.army[i]));
        let mut seen = std::collections::BTreeSet::new();
        for v in &s.victory.victory_hexes {
            if let Some(i) = board.ix(v.hex)
                && seen.insert(i)
            {
                board.victory_hexes.push(i);
            }
        }
        Ok(board)
    }

    pub fn ix(&self, h: Hex) -> Option<HexIx> {
        if h.col < 1 || h.row < 1 || h.col > self.columns || h.row > self.rows {
            return None;
        }
        let i = self.index[((h.row - 1) * self.columns + h.col - 1) as usize];
        (i != NO_HEX).then_some(i)
    }

    pub fn hex(&self, i: HexIx) -> Hex {
        self.hexes[i as usize].hex
    }

    pub fn info(&self, i: HexIx) -> &HexInfo {
        &self.hexes[i as usize]
    }

    pub fn distance(&self, a: HexIx, b: HexIx) -> u32 {
        self.grid.distance(self.hex(a), self.hex(b))
    }

    /// The direction index from `a` to its neighbour `b`.
    pub fn dir_between(&self, a: HexIx, b: HexIx) -> Option<u8> {
        self.neighbours[a as usize]
            .iter()
            .position(|&n| n == b)
            .map(|i| i as u8)
    }

    pub fn dir(&self, i: u8) -> Dir {
        self.grid.dirs()[usize::from(i % 6)]
    }

    pub fn dir_index(&self, d: Dir) -> Option<u8> {
        self.grid.dir_index(d).map(|i| i as u8)
    }

    pub fn unit_ix(&self, id: &UnitId) -> Option<UnitIx> {
        self.unit_ids.get(id).copied()
    }

    pub fn general_ix(&self, id: &UnitId) -> Option<u16> {
        self.general_ids.get(id).copied()
    }

    /// A unit's allowance in hexes (M10).
    pub fn allowance(&self, u: UnitIx) -> u32 {
        *self.options.move_hexes.get(self.units[u as usize].troop)
    }
}
