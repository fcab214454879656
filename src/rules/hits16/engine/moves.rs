//! Movement and charges as one computation for the table, the computer
//! players and `check` (M14-M19, M25-M30, M47, M51): the rule of one step
//! (`step_block`), the rule of the end hex (`end_block`), and the reach
//! of a unit, a charger and a General found by breadth-first search over
//! those same rules.

use super::board::{HexIx, NO_HEX, UnitIx};
use super::geometry;
use super::state::State;
use super::types::{RuleError, Witness};
use crate::rules::hits16::model::{Formation, Terrain, TroopType};

/// Why a step or an end hex is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// Not across a front hexside of the facing held [L41] (M14).
    NotFront,
    OffMap,
    /// A river hexside without bridge or ford [L52].
    River,
    /// Marsh or lake [L51].
    Impassable,
    /// Woods, for all but skirmishers [L49].
    Woods,
    /// An enemy unit's hex [L57] (M15).
    Enemy,
    /// A friendly unit's hex it may not pass through [L57] (M15).
    Friend,
    /// Next to an enemy unit without charging [L60] (M16).
    Contact,
    /// Outside the charger's 45° field [L61] (M27).
    OutOfField,
    /// Next to an enemy unit before the charge's last hex (M27).
    ChargeContact,
    /// Ends in another unit's hex (M4).
    EndOnUnit,
    /// Ends in a town, which only infantry and skirmishers may [L50].
    TownEnd,
    /// Ends in a hex holding another friendly General (M47).
    GeneralThere,
}

impl Block {
    /// The refusal, naming the hex.
    pub fn error(self, st: &State, who: &str, at: HexIx) -> RuleError {
        let h = if at == NO_HEX {
            "off the map".to_string()
        } else {
            st.board.hex(at).to_string()
        };
        let (ruling, why) = match self {
            Block::NotFront => (
                "M14",
                format!(
                    "{h} is not across a front hexside of the facing held during the move: units turn only at the start and end of a move [L41] (M14)"
                ),
            ),
            Block::OffMap => ("M14", "the step leaves the map (M14)".to_string()),
            Block::River => (
                "M14",
                format!("the step into {h} crosses a river without bridge or ford [L52] (M14)"),
            ),
            Block::Impassable => (
                "M14",
                format!("{h} is marsh or lake, impassable to all units [L51] (M14)"),
            ),
            Block::Woods => (
                "M14",
                format!("{h} is woods: only skirmishers can enter [L49] (M14)"),
            ),
            Block::Enemy => (
                "M15",
                format!("{h} holds an enemy unit: nobody passes through enemy units [L57] (M15)"),
            ),
            Block::Friend => (
                "M15",
                format!(
                    "{h} holds a friendly unit: only skirmishers pass through other units, and any unit through skirmishers [L57] (M15)"
                ),
            ),
            Block::Contact => (
                "M16",
                format!(
                    "{h} is next to an enemy unit: contact is made only by charging [L60] (M16)"
                ),
            ),
            Block::OutOfField => (
                "M27",
                format!("{h} is more than 45° off the charger's facing [L61] (M27) (M51)"),
            ),
            Block::ChargeContact => (
                "M27",
                format!("{h} is next to an enemy unit before the charge's last hex (M27)"),
            ),
            Block::EndOnUnit => (
                "M4",
                format!("{h} holds another unit: a hex holds one unit at the end of a move (M4)"),
            ),
            Block::TownEnd => (
                "M14",
                format!(
                    "{h} is a town: only infantry and skirmishers may end their move there [L50] (M14)"
                ),
            ),
            Block::GeneralThere => ("M47", format!("{h} holds another friendly General (M47)")),
        };
        RuleError::new(ruling, format!("{who} may not go there: {why}")).with(Witness::Hexes(
            if at == NO_HEX {
                Vec::new()
            } else {
                vec![st.board.hex(at)]
            },
        ))
    }
}

/// How a move is made (M17, M18).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// Every step across a road hexside (M18).
    pub road: bool,
    /// A march (M17).
    pub march: bool,
}

/// One place a unit can end a move: the hex, the path there (hexes
/// entered), and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub hex: HexIx,
    pub path: Vec<HexIx>,
    pub mode: Mode,
}

impl State {
    /// The hex a step of `u` from `from` across its hexside `dir` enters,
    /// or why it may not (M14, M15; facing and contact are the caller's).
    pub fn step_block(&self, u: UnitIx, from: HexIx, dir: u8) -> Result<HexIx, Block> {
        let to = self.board.neighbours[from as usize][usize::from(dir % 6)];
        if to == NO_HEX {
            return Err(Block::OffMap);
        }
        if !self.board.info(from).crossable[usize::from(dir % 6)] {
            return Err(Block::River);
        }
        let troop = self.troop(u);
        match self.terrain(to) {
            t if t.impassable() => return Err(Block::Impassable),
            Terrain::Woods if troop != TroopType::Skirmishers => return Err(Block::Woods),
            _ => {}
        }
        if let Some(o) = self.unit_at(to)
            && o != u
        {
            if self.side_of(o) != self.side_of(u) {
                return Err(Block::Enemy);
            }
            if troop != TroopType::Skirmishers && self.troop(o) != TroopType::Skirmishers {
                return Err(Block::Friend);
            }
        }
        Ok(to)
    }

    /// Why `u` may not end a move or charge in `at` (M4, M14).
    pub fn end_block(&self, u: UnitIx, at: HexIx) -> Option<Block> {
        if self.unit_at(at).is_some_and(|o| o != u) {
            return Some(Block::EndOnUnit);
        }
        if self.terrain(at) == Terrain::Town && !self.troop(u).is_foot() {
            return Some(Block::TownEnd);
        }
        None
    }

    /// Whether `u` may march (M17): a march column of infantry or
    /// cavalry.
    pub fn may_march(&self, u: UnitIx) -> bool {
        self.units[u as usize].formation == Formation::MarchColumn
            && matches!(
                self.troop(u),
                TroopType::Infantry | TroopType::HeavyCavalry | TroopType::LightCavalry
            )
    }

    /// Whether a marching unit may stand in `h`: no enemy unit within
    /// 20 cm [L43] (M17, M39).
    pub fn march_clear(&self, side: u8, h: HexIx) -> bool {
        self.nearest_enemy(side, h) > self.board.march_ban
    }

    /// Enemy units within the march ban of `h`, for the refusal's
    /// witness.
    pub fn march_witness(&self, side: u8, h: HexIx) -> Vec<crate::hex::Hex> {
        self.units_of(1 - side)
            .map(|e| self.units[e as usize].hex)
            .filter(|&e| self.board.distance(h, e) <= self.board.march_ban)
            .map(|e| self.board.hex(e))
            .collect()
    }

    /// Every place `u` can end a move facing `f` during it (M14-M19),
    /// each once, by the plainest way there: on foot, by road, marching,
    /// marching by road. The start hex is not a place.
    pub fn move_reach(&self, u: UnitIx, f: u8) -> Vec<Place> {
        let o = &self.board.options;
        let start = self.units[u as usize].hex;
        let side = self.side_of(u);
        let base = self.board.allowance(u);
        let mut modes = vec![(Mode::default(), base)];
        if o.road_bonus_hexes > 0 {
            modes.push((
                Mode {
                    road: true,
                    march: false,
                },
                base + o.road_bonus_hexes,
            ));
        }
        if self.may_march(u) && self.march_clear(side, start) {
            modes.push((
                Mode {
                    road: false,
                    march: true,
                },
                base * o.march_multiplier,
            ));
            if o.road_bonus_hexes > 0 {
                modes.push((
                    Mode {
                        road: true,
                        march: true,
                    },
                    base * o.march_multiplier + o.road_bonus_hexes,
                ));
            }
        }
        let n = self.board.hexes.len();
        let mut best: Vec<Option<Place>> = vec![None; n];
        let mut dist = vec![u32::MAX; n];
        let mut parent = vec![NO_HEX; n];
        // What a hex's enemies forbid, asked once per hex: whether a march
        // may stand there (M17) and whether it is next to an enemy (M16).
        // 0 = not yet asked, then 1 + the two bits.
        let mut facts = vec![0u8; n];
        let mut fact = |to: HexIx| -> u8 {
            let x = &mut facts[to as usize];
            if *x == 0 {
                *x = 1
                    | (u8::from(!self.march_clear(side, to)) << 1)
                    | (u8::from(self.enemy_adjacent(side, to)) << 2);
            }
            *x
        };
        for (mode, max) in modes {
            dist.iter_mut().for_each(|d| *d = u32::MAX);
            dist[start as usize] = 0;
            let mut queue = std::collections::VecDeque::from([start]);
            while let Some(h) = queue.pop_front() {
                let d = dist[h as usize];
                if d >= max {
                    continue;
                }
                for dir in [f, (f + 1) % 6, (f + 5) % 6] {
                    let Ok(to) = self.step_block(u, h, dir) else {
                        continue;
                    };
                    if dist[to as usize] != u32::MAX
                        || (mode.road && !self.board.info(h).road[usize::from(dir)])
                    {
                        continue;
                    }
                    let x = fact(to);
                    if (mode.march && x & 2 != 0) || (o.no_contact_without_charge && x & 4 != 0) {
                        continue;
                    }
                    dist[to as usize] = d + 1;
                    parent[to as usize] = h;
                    queue.push_back(to);
                    if best[to as usize].is_none() && self.end_block(u, to).is_none() {
                        let mut path = vec![to];
                        let mut c = h;
                        while c != start {
                            path.push(c);
                            c = parent[c as usize];
                        }
                        path.reverse();
                        best[to as usize] = Some(Place {
                            hex: to,
                            path,
                            mode,
                        });
                    }
                }
            }
        }
        best.into_iter().flatten().collect()
    }

    /// Every hex `u` may make its last hex of a charge with the facing `f`
    /// held, with the path there (M27, M51): steps across front hexsides,
    /// inside the field from the start hex, entering no hex next to an
    /// enemy unit before the last, within the allowance. The start hex is
    /// included (M51: a charger already in contact).
    pub fn charge_reach(&self, u: UnitIx, f: u8) -> Vec<Place> {
        let o = &self.board.options;
        let start = self.units[u as usize].hex;
        let side = self.side_of(u);
        let max = self.board.allowance(u);
        let n = self.board.hexes.len();
        let mut dist = vec![u32::MAX; n];
        let mut parent = vec![NO_HEX; n];
        dist[start as usize] = 0;
        let mut out = vec![Place {
            hex: start,
            path: Vec::new(),
            mode: Mode::default(),
        }];
        let mut queue = std::collections::VecDeque::from([start]);
        let grid = self.board.grid;
        let from = self.board.hex(start);
        while let Some(h) = queue.pop_front() {
            let d = dist[h as usize];
            if d >= max || (h != start && self.enemy_adjacent(side, h)) {
                continue;
            }
            for dir in [f, (f + 1) % 6, (f + 5) % 6] {
                let Ok(to) = self.step_block(u, h, dir) else {
                    continue;
                };
                if dist[to as usize] != u32::MAX
                    || !geometry::in_field(grid, o.fire_arc, from, f, self.board.hex(to))
                {
                    continue;
                }
                dist[to as usize] = d + 1;
                parent[to as usize] = h;
                queue.push_back(to);
                if self.end_block(u, to).is_none() {
                    let mut path = vec![to];
                    let mut c = h;
                    while c != start {
                        path.push(c);
                        c = parent[c as usize];
                    }
                    path.reverse();
                    out.push(Place {
                        hex: to,
                        path,
                        mode: Mode::default(),
                    });
                }
            }
        }
        out
    }

    /// The step rule of a General (M13, M47): any direction, cavalry's
    /// terrain limits, through friendly units, never enemy units.
    pub fn general_step(&self, side: u8, from: HexIx, dir: u8) -> Result<HexIx, Block> {
        let to = self.board.neighbours[from as usize][usize::from(dir % 6)];
        if to == NO_HEX {
            return Err(Block::OffMap);
        }
        if !self.board.info(from).crossable[usize::from(dir % 6)] {
            return Err(Block::River);
        }
        match self.terrain(to) {
            t if t.impassable() => return Err(Block::Impassable),
            Terrain::Woods => return Err(Block::Woods),
            _ => {}
        }
        if self.unit_at(to).is_some_and(|o| self.side_of(o) != side) {
            return Err(Block::Enemy);
        }
        Ok(to)
    }

    /// Whether General `g` may end in `at` (M47): not with another
    /// friendly General.
    pub fn general_end_block(&self, g: u16, at: HexIx) -> Option<Block> {
        let side = self.board.generals[g as usize].side;
        self.generals_at(at)
            .any(|o| o != g && self.board.generals[o as usize].side == side)
            .then_some(Block::GeneralThere)
    }

    /// Every hex General `g` can end his move in (M47), with the path.
    pub fn general_reach(&self, g: u16) -> Vec<Place> {
        let o = &self.board.options;
        let side = self.board.generals[g as usize].side;
        let start = self.generals[g as usize];
        if start == NO_HEX {
            return Vec::new();
        }
        let base = o.general_move_hexes();
        let mut modes = vec![(Mode::default(), base)];
        if o.road_bonus_hexes > 0 {
            modes.push((
                Mode {
                    road: true,
                    march: false,
                },
                base + o.road_bonus_hexes,
            ));
        }
        let n = self.board.hexes.len();
        let mut best: Vec<Option<Place>> = vec![None; n];
        let mut dist = vec![u32::MAX; n];
        let mut parent = vec![NO_HEX; n];
        for (mode, max) in modes {
            dist.iter_mut().for_each(|d| *d = u32::MAX);
            dist[start as usize] = 0;
            let mut queue = std::collections::VecDeque::from([start]);
            while let Some(h) = queue.pop_front() {
                let d = dist[h as usize];
                if d >= max {
                    continue;
                }
                for dir in 0..6u8 {
                    let Ok(to) = self.general_step(side, h, dir) else {
                        continue;
                    };
                    if dist[to as usize] != u32::MAX
                        || (mode.road && !self.board.info(h).road[usize::from(dir)])
                    {
                        continue;
                    }
                    dist[to as usize] = d + 1;
                    parent[to as usize] = h;
                    queue.push_back(to);
                    if best[to as usize].is_none() && self.general_end_block(g, to).is_none() {
                        let mut path = vec![to];
                        let mut c = h;
                        while c != start {
                            path.push(c);
                            c = parent[c as usize];
                        }
                        path.reverse();
                        best[to as usize] = Some(Place {
                            hex: to,
                            path,
                            mode,
                        });
                    }
                }
            }
        }
        best.into_iter().flatten().collect()
    }
}
