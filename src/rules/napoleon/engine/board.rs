//! The static context of a *Napoleon* game, built once from a validated
//! scenario: hexes as dense indices with their neighbours, terrain roles,
//! elevation and hill features; pieces (units, leaders, Generals) with
//! their printed values; forces and armies; the options and troop table.

use crate::hex::{Dir, Grid, Hex};
use crate::rules::napoleon::model::{NapoleonOptions, NapoleonTerrain};
use crate::scenario::{Map, Placement, RuleSet, Scenario, SideId, UnitId, UnitKind};
use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasherDefault;

pub type HexIx = u16;
pub type PieceIx = u16;
pub const NO_HEX: HexIx = HexIx::MAX;

/// Why a scenario cannot be played with these rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the scenario has errors: {0}")]
    Invalid(String),
    #[error("the scenario uses the {0} rules, not Napoleon")]
    OtherRules(String),
    #[error("the map is too large for the engine ({0} hexes; at most 65,000)")]
    MapTooLarge(u64),
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    Infantry,
    Cavalry,
    FootArtillery,
    HorseArtillery,
    Leader,
    General,
}

impl PieceKind {
    /// Infantry or cavalry: the units that fight in melee and stack alone.
    pub fn is_troop(self) -> bool {
        matches!(self, PieceKind::Infantry | PieceKind::Cavalry)
    }
    pub fn is_gun(self) -> bool {
        matches!(self, PieceKind::FootArtillery | PieceKind::HorseArtillery)
    }
    /// Infantry, cavalry or artillery: an "enemy unit" of the rulings.
    pub fn is_unit(self) -> bool {
        self.is_troop() || self.is_gun()
    }
    pub fn is_officer(self) -> bool {
        matches!(self, PieceKind::Leader | PieceKind::General)
    }
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Infantry => "infantry",
            PieceKind::Cavalry => "cavalry",
            PieceKind::FootArtillery => "foot artillery",
            PieceKind::HorseArtillery => "horse artillery",
            PieceKind::Leader => "leader",
            PieceKind::General => "General",
        }
    }
}

/// A piece's printed values.
#[derive(Clone, Debug)]
pub struct PieceInfo {
    /// The unit id, or `L:force name` / `G:side` for officers.
    pub id: UnitId,
    pub name: String,
    pub kind: PieceKind,
    pub side: u8,
    /// The force (index into `Board::forces`); Generals have none.
    pub force: Option<u16>,
    /// Combat factor [1.3][1.4]; 0 for guns and officers.
    pub combat: i32,
    pub skirmish: u32,
    pub movement: u32,
    pub cossack: bool,
    pub melee_modifier: i32,
    /// Casualty points that eliminate it (N19).
    pub capacity: u32,
    pub start: Option<HexIx>,
    /// Starting facing as a direction index (0-5, clockwise from the top).
    pub facing: u8,
    /// Starts in column (N95): a mid-battle scenario's set-up.
    pub column: bool,
    /// Casualty points carried at the start (N19).
    pub casualties: u32,
}

#[derive(Clone, Debug)]
pub struct ForceInfo {
    pub name: String,
    pub side: u8,
    pub leader: PieceIx,
    pub leader_factor: i32,
    /// Infantry, cavalry and artillery of the force.
    pub units: Vec<PieceIx>,
    /// Infantry and cavalry it starts with (N56).
    pub troops_at_start: u32,
}

#[derive(Clone, Debug)]
pub struct ArmyInfo {
    pub general: PieceIx,
    pub command_factor: u32,
    pub french: bool,
    pub break_point: u32,
    pub cavalry_movement: u32,
}

/// The board: everything that does not change during a game.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    pub hexes: Vec<Hex>,
    /// Each hex's index by (row - 1) * columns + (column - 1), `NO_HEX`
    /// off the map: a lookup on every step, kept dense for speed.
    index: Vec<HexIx>,
    columns: i32,
    rows: i32,
    /// Each hex's axial coordinates (`Grid::to_axial`), for distances
    /// asked many times a move.
    axial: Vec<crate::hex::Axial>,
    /// Neighbours by direction index (`NO_HEX` off the map).
    pub neighbours: Vec<[HexIx; 6]>,
    pub terrain: Vec<NapoleonTerrain>,
    pub elevation: Vec<i32>,
    /// The hill feature a hex belongs to (connected hill hexes), if any.
    pub hill: Vec<Option<u16>>,
    pub stronghold: Vec<bool>,
    /// MP to enter (N62).
    pub cost: Vec<u32>,
    /// Whether a road crosses each hexside, by direction index (N91).
    pub road: Vec<[bool; 6]>,
    pub pieces: Vec<PieceInfo>,
    pub by_id: HashMap<UnitId, PieceIx, BuildHasherDefault<crate::engine::Fnv>>,
    pub forces: Vec<ForceInfo>,
    pub armies: [ArmyInfo; 2],
    pub sides: [SideId; 2],
    pub side_names: [String; 2],
    /// The side that wins initiative ties when neither is French (N34).
    pub tie_side: u8,
    /// Victory location points by hex: (side scoring, points) (N33).
    pub victory: Vec<(HexIx, u8, u32)>,
    /// A pick-up battle's hills and supply roads (N33), when it is one.
    pub pickup: Option<PickupScoring>,
    pub turn_limit: Option<u32>,
    pub options: NapoleonOptions,
}

/// How a pick-up battle scores beyond its village hexes (N33).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickupScoring {
    pub attacker: u8,
    /// Hill features in the defender's areas.
    pub hills: Vec<Vec<HexIx>>,
    /// Per side, its own supply road inside its reserve area.
    pub roads: [Vec<HexIx>; 2],
}

impl Board {
    pub fn new(s: &Scenario, map: &Map) -> Result<Board, SetupError> {
        if let Some(errors) = crate::engine::validation_errors(s, map) {
            return Err(SetupError::Invalid(errors));
        }
        let RuleSet::Napoleon(options) = &s.rules else {
            return Err(SetupError::OtherRules(s.rules.name().to_string()));
        };
        let options = (**options).clone();
        let n = map.columns as u64 * map.rows as u64;
        if n >= NO_HEX as u64 {
            return Err(SetupError::MapTooLarge(n));
        }
        let grid = map.grid();
        let mut hexes = Vec::new();
        let (columns, rows) = (map.columns as i32, map.rows as i32);
        let mut index = vec![NO_HEX; (columns * rows).max(0) as usize];
        for r in 1..=rows {
            for c in 1..=columns {
                let h = Hex::new(c, r);
                if map.is_on_map(h) {
                    index[((r - 1) * columns + c - 1) as usize] = hexes.len() as HexIx;
                    hexes.push(h);
                }
            }
        }
        let ix_of = |h: Hex| -> Option<HexIx> {
            if h.col < 1 || h.row < 1 || h.col > columns || h.row > rows {
                return None;
            }
            let i = index[((h.row - 1) * columns + h.col - 1) as usize];
            (i != NO_HEX).then_some(i)
        };
        let neighbours: Vec<[HexIx; 6]> = hexes
            .iter()
            .map(|&h| {
                // Napoleon plays on hexes only (validation refuses a box
                // map), so the first six neighbours are all of them.
                let n = grid.neighbours(h);
                std::array::from_fn(|i| n.get(i).and_then(|&n| ix_of(n)).unwrap_or(NO_HEX))
            })
            .collect();
        let terrain: Vec<NapoleonTerrain> = hexes
            .iter()
            .map(|&h| {
                map.terrain_at(h)
                    .map_or(NapoleonTerrain::Clear, |t| options.terrain_role(&t.id))
            })
            .collect();
        let cost = hexes
            .iter()
            .map(|&h| {
                map.terrain_at(h)
                    .and_then(|t| options.terrain_move_cost.get(&t.id).copied())
                    .unwrap_or(1)
            })
            .collect();
        let road = hexes
            .iter()
            .map(|&h| {
                let dirs = grid.dirs();
                std::array::from_fn(|i| {
                    dirs.get(i).is_some_and(|&d| {
                        map.has_feature(h, d, crate::scenario::HexsideFeature::Road)
                    })
                })
            })
            .collect();
        let elevation: Vec<i32> = hexes.iter().map(|&h| map.detail(h).elevation).collect();
        let stronghold = hexes.iter().map(|&h| map.detail(h).stronghold).collect();
        // Hill features: connected hexes marked hill (N89: one hill id per
        // feature).
        let is_hill: Vec<bool> = hexes.iter().map(|&h| map.detail(h).hill).collect();
        let mut hill = vec![None; hexes.len()];
        let mut next = 0u16;
        for start in 0..hexes.len() {
            if !is_hill[start] || hill[start].is_some() {
                continue;
            }
            let mut stack = vec![start];
            hill[start] = Some(next);
            while let Some(i) = stack.pop() {
                for &n in &neighbours[i] {
                    if n != NO_HEX && is_hill[n as usize] && hill[n as usize].is_none() {
                        hill[n as usize] = Some(next);
                        stack.push(n as usize);
                    }
                }
            }
            next += 1;
        }

        let sides = [s.sides[0].id.clone(), s.sides[1].id.clone()];
        let side_ix = |id: &SideId| u8::from(sides[1] == *id);
        let t = &options.troops;
        let mut pieces = Vec::new();
        let mut by_id: HashMap<UnitId, PieceIx, BuildHasherDefault<crate::engine::Fnv>> =
            HashMap::default();
        let mut force_of: HashMap<&UnitId, u16> = HashMap::new();
        let mut forces_raw = Vec::new();
        for (si, side) in s.sides.iter().enumerate() {
            for f in &side.forces {
                force_of.extend(f.units.iter().map(|u| (u, forces_raw.len() as u16)));
                forces_raw.push((si as u8, f));
            }
        }
        let dir_ix = |d: Option<Dir>| d.and_then(|d| grid.dir_index(d)).unwrap_or(0) as u8;
        for u in &s.units {
            let Placement::Start(h) = u.placement else {
                continue;
            };
            let kind = match u.kind {
                UnitKind::Infantry => PieceKind::Infantry,
                UnitKind::Cavalry => PieceKind::Cavalry,
                UnitKind::Artillery if u.troop.horse => PieceKind::HorseArtillery,
                UnitKind::Artillery => PieceKind::FootArtillery,
            };
            // N14: by type from the troop table; the unit's own number
            // is not read (the editor shows the table's).
            let movement = t.movement.of_unit(u);
            let skirmish = u.troop.skirmish.unwrap_or(match kind {
                PieceKind::Infantry => t.infantry_skirmish,
                PieceKind::Cavalry if u.troop.cossack => t.cossack_skirmish,
                _ => 0,
            });
            let combat = if kind.is_troop() {
                u.strength as i32
            } else {
                0
            };
            let capacity = match (kind.is_gun(), options.elimination_threshold) {
                (true, _) => options.artillery_capacity,
                (false, crate::rules::napoleon::model::EliminationThreshold::CombatFactor) => {
                    u.strength.max(1)
                }
                (false, _) => options.casualties_to_eliminate,
            };
            by_id.insert(u.id.clone(), pieces.len() as PieceIx);
            pieces.push(PieceInfo {
                id: u.id.clone(),
                name: u.designation.clone(),
                kind,
                side: side_ix(&u.side),
                force: force_of.get(&u.id).copied(),
                combat,
                skirmish,
                movement,
                cossack: u.troop.cossack,
                melee_modifier: u.troop.melee_modifier,
                capacity,
                start: ix_of(h),
                facing: dir_ix(u.facing),
                column: u.troop.column && kind.is_troop(),
                casualties: u.troop.casualties.min(capacity),
            });
        }
        let cav_ma = |si: usize| {
            s.sides[si]
                .army
                .as_ref()
                .and_then(|a| a.cavalry_movement)
                .unwrap_or(t.movement.cavalry)
        };
        let mut forces = Vec::new();
        for (fi, (si, f)) in forces_raw.iter().enumerate() {
            let leader = f.leader.as_ref();
            let lid = UnitId::from(format!("L:{}", f.name).as_str());
            let lix = pieces.len() as PieceIx;
            by_id.insert(lid.clone(), lix);
            pieces.push(PieceInfo {
                id: lid,
                name: leader.map_or_else(|| "leader".to_string(), |l| l.name.clone()),
                kind: PieceKind::Leader,
                side: *si,
                force: Some(fi as u16),
                combat: 0,
                skirmish: 0,
                movement: cav_ma(*si as usize),
                cossack: false,
                melee_modifier: 0,
                capacity: 0,
                start: leader.and_then(|l| l.hex).and_then(&ix_of),
                facing: 0,
                column: false,
                casualties: 0,
            });
            let units: Vec<PieceIx> = f
                .units
                .iter()
                .filter_map(|u| by_id.get(u).copied())
                .collect();
            let troops_at_start = units
                .iter()
                .filter(|&&p| pieces[p as usize].kind.is_troop())
                .count() as u32;
            forces.push(ForceInfo {
                name: f.name.clone(),
                side: *si,
                leader: lix,
                leader_factor: leader.map_or(0, |l| l.factor),
                units,
                troops_at_start,
            });
        }
        let mut armies = Vec::new();
        for (si, side) in s.sides.iter().enumerate() {
            let army = side.army.as_ref();
            let gid = UnitId::from(format!("G:{}", side.id).as_str());
            let gix = pieces.len() as PieceIx;
            by_id.insert(gid.clone(), gix);
            pieces.push(PieceInfo {
                id: gid,
                name: army.map_or_else(|| "General".to_string(), |a| a.general.name.clone()),
                kind: PieceKind::General,
                side: si as u8,
                force: None,
                combat: 0,
                skirmish: 0,
                movement: cav_ma(si),
                cossack: false,
                melee_modifier: 0,
                capacity: 0,
                start: army.and_then(|a| a.general.hex).and_then(&ix_of),
                facing: 0,
                column: false,
                casualties: 0,
            });
            let units = pieces
                .iter()
                .filter(|p| p.side == si as u8 && p.kind.is_unit())
                .count() as u32;
            armies.push(ArmyInfo {
                general: gix,
                command_factor: army.map_or(1, |a| a.general.command_factor),
                french: army.is_some_and(|a| {
                    let n = a.nation.trim().to_ascii_lowercase();
                    n == "france" || n == "french"
                }),
                break_point: crate::rules::napoleon::model::Army::break_point_of(army, units),
                cavalry_movement: cav_ma(si),
            });
        }
        let armies: [ArmyInfo; 2] = [armies[0].clone(), armies[1].clone()];
        let tie_side = match (
            &options.initiative_tie_side,
            armies[0].french,
            armies[1].french,
        ) {
            (_, true, false) => 0,
            (_, false, true) => 1,
            (Some(id), _, _) => side_ix(id),
            _ => 0,
        };
        let victory = s
            .victory
            .victory_hexes
            .iter()
            .filter_map(|v| Some((ix_of(v.hex)?, side_ix(&v.side), v.points)))
            .collect();
        let pickup = options.pickup_victory.as_ref().map(|pv| {
            let ixs = |hs: &[crate::hex::Hex]| hs.iter().filter_map(|&h| ix_of(h)).collect();
            let mut roads = [Vec::new(), Vec::new()];
            for (side, hexes) in &pv.roads {
                roads[side_ix(side) as usize] = ixs(hexes);
            }
            PickupScoring {
                attacker: side_ix(&pv.attacker),
                hills: pv.hills.iter().map(|h| ixs(h)).collect(),
                roads,
            }
        });
        let turn_limit = match options.turn_limit {
            Some(t) => Some(t.min(s.turns)),
            None => Some(s.turns),
        };
        Ok(Board {
            grid,
            axial: hexes.iter().map(|&h| grid.to_axial(h)).collect(),
            hexes,
            index,
            columns,
            rows,
            neighbours,
            terrain,
            elevation,
            hill,
            stronghold,
            cost,
            road,
            pieces,
            by_id,
            forces,
            armies,
            side_names: [s.sides[0].name.clone(), s.sides[1].name.clone()],
            sides,
            tie_side,
            victory,
            pickup,
            turn_limit,
            options,
        })
    }

    /// Why a piece of `kind` (in column or not) may not stand in hex `h`
    /// because of its terrain, with the section, or `None` (N92, N94,
    /// N95, N97).
    pub fn terrain_bars(
        &self,
        kind: PieceKind,
        column: bool,
        h: HexIx,
    ) -> Option<(&'static str, &'static str)> {
        let t = self.terrain[h as usize];
        match t {
            NapoleonTerrain::Impassable => return Some(("impassable terrain", "3.8.5")),
            NapoleonTerrain::River => {
                return Some(("a river is crossed only at fords and bridges", "3.8.2"));
            }
            NapoleonTerrain::Woods if matches!(kind, PieceKind::Cavalry) || kind.is_gun() => {
                return Some(("woods are impassable to cavalry and artillery", "3.8.6"));
            }
            NapoleonTerrain::Town if kind == PieceKind::Cavalry || kind.is_gun() => {
                return Some(("only infantry and officers may occupy a town", "3.8.1.1"));
            }
            NapoleonTerrain::Ford | NapoleonTerrain::Bridge | NapoleonTerrain::Defile
                if kind.is_troop() && !column =>
            {
                return Some((
                    "infantry and cavalry cross a defile only in column",
                    "3.8.2.1",
                ));
            }
            _ => {}
        }
        if kind == PieceKind::Cavalry
            && self.options.cavalry_barred_from_outskirts
            && self.neighbours[h as usize]
                .iter()
                .any(|&n| n != NO_HEX && self.terrain[n as usize] == NapoleonTerrain::Town)
        {
            return Some(("cavalry may not enter a town's outskirts", "3.8.1.1"));
        }
        None
    }

    pub fn hex(&self, h: HexIx) -> Hex {
        self.hexes[h as usize]
    }

    pub fn hex_ix(&self, h: Hex) -> Option<HexIx> {
        if h.col < 1 || h.row < 1 || h.col > self.columns || h.row > self.rows {
            return None;
        }
        let i = self.index[((h.row - 1) * self.columns + h.col - 1) as usize];
        (i != NO_HEX).then_some(i)
    }

    pub fn piece(&self, p: PieceIx) -> &PieceInfo {
        &self.pieces[p as usize]
    }

    pub fn piece_ix(&self, id: &UnitId) -> Option<PieceIx> {
        self.by_id.get(id).copied()
    }

    pub fn distance(&self, a: HexIx, b: HexIx) -> u32 {
        if self.grid.is_boxes() {
            return self.grid.distance(self.hex(a), self.hex(b));
        }
        // `Grid::distance` on hexes, from the axial coordinates kept.
        self.axial[a as usize].distance(self.axial[b as usize])
    }

    /// The direction index from `a` to the adjacent `b`.
    pub fn dir_to(&self, a: HexIx, b: HexIx) -> Option<u8> {
        self.neighbours[a as usize]
            .iter()
            .position(|&n| n == b)
            .map(|i| i as u8)
    }

    pub fn dir(&self, i: u8) -> Dir {
        self.grid.dirs()[i as usize % 6]
    }

    /// Victory location points per hex, for [`Board::victory`].
    pub fn victory_points_by_hex(&self) -> BTreeMap<HexIx, (u8, u32)> {
        self.victory.iter().map(|&(h, s, p)| (h, (s, p))).collect()
    }
}
