//! What a One Hour Napoleonic game is played on, built once from a
//! validated scenario: the boxes with their terrain roles, strongpoints,
//! fortifications, ground levels and roads; the units with their type,
//! quality and traits; the leaders; the two decks; the objectives and the
//! army morale the scenario wins by.

use super::fire::Cover;
use super::geometry::BOXES;
use crate::hex::{Dir, Hex};
use crate::rules::one_hour::model::{
    Card, Commands, OneHourOptions, OneHourUnit, Terrain, UnitType,
};
use crate::scenario::{HexsideFeature, Map, Placement, RuleSet, Scenario, UnitId};

/// Why a scenario cannot be played with these rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the scenario has errors: {0}")]
    Invalid(String),
    #[error("the scenario uses the {0} rules, not One Hour Napoleonic")]
    OtherRules(String),
    #[error("the map is too large for the engine ({0} boxes; at most 65,000)")]
    MapTooLarge(u64),
}

/// One box of the map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoxInfo {
    pub on_map: bool,
    pub terrain: Terrain,
    /// A farm complex (H35): a town for every rule.
    pub strongpoint: bool,
    /// Marked by the scenario (H17): cover artillery does not ignore.
    pub fortified: bool,
    /// Ground level (H7), 0 = low ground.
    pub level: i32,
    /// A road leaves the box in each of its 8 directions, in the order of
    /// the box grid's directions (N, NE, E, ... NW): across a side, or
    /// across a corner to a diagonal neighbour (H33, H34, H46).
    pub road: [bool; 8],
}

impl BoxInfo {
    /// A town or a strongpoint (H35).
    pub fn is_town(&self) -> bool {
        self.terrain == Terrain::Town || self.strongpoint
    }

    /// The cover the box gives whoever is in it, before H35 (H17).
    pub fn cover(&self) -> Cover {
        if self.fortified {
            Cover::Fortification
        } else if self.terrain.cover() || self.strongpoint {
            Cover::Cover
        } else {
            Cover::None
        }
    }

    /// Whether the box stops line of sight through it (H7 (a)).
    pub fn blocks_sight(&self) -> bool {
        self.terrain.blocks_sight() || self.strongpoint
    }
}

/// One unit as the scenario sets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    pub id: UnitId,
    pub name: String,
    pub side: u8,
    pub spec: OneHourUnit,
    /// Where it starts; `None` for a reinforcement.
    pub start: Option<Hex>,
    /// A reinforcement: the turn it arrives and its entry boxes.
    pub arrival: Option<(u32, Vec<Hex>)>,
    /// Facing at set-up or on arrival (H2).
    pub facing: Dir,
}

/// One leader (H23-H25).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderInfo {
    pub name: String,
    pub side: u8,
    pub commands: Commands,
    pub start: Option<Hex>,
    /// The turn he arrives on at `start` (a reinforcement).
    pub arrives: Option<u32>,
    pub force_fire_reroll: bool,
    pub melee_reroll_miss: bool,
}

/// An objective (H9: victory is scenario data): a box, who holds it at
/// the start, and what it is worth at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Objective {
    pub hex: Hex,
    pub held_by: u8,
    pub points: u32,
}

/// The static context of a game.
#[derive(Debug)]
pub struct Board {
    pub columns: i32,
    pub rows: i32,
    boxes: Vec<BoxInfo>,
    pub units: Vec<UnitInfo>,
    pub leaders: Vec<LeaderInfo>,
    pub decks: [Vec<Card>; 2],
    /// Whether the scenario gives the side a deck, empty or not: a side
    /// with a deck of no cards is told it has none to draw (H38).
    pub has_deck: [bool; 2],
    pub options: OneHourOptions,
    pub side_names: [String; 2],
    /// The side whose player turn comes first in each game turn (H9).
    pub first_side: u8,
    pub objectives: Vec<Objective>,
    /// Units routed at which a side's army breaks and it loses (the
    /// scenario's loss thresholds, counted in units); `None`: never.
    pub morale: [Option<u32>; 2],
    pub turn_limit: u32,
}

/// The four sides a unit may face, in the order of `BoxInfo::road`.
pub const FACINGS: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

fn side_slot(d: Dir) -> Option<usize> {
    FACINGS.iter().position(|&f| f == d)
}

impl Board {
    pub fn new(s: &Scenario, map: &Map) -> Result<Board, SetupError> {
        if let Some(errors) = crate::engine::validation_errors(s, map) {
            return Err(SetupError::Invalid(errors));
        }
        let RuleSet::OneHour(options) = &s.rules else {
            return Err(SetupError::OtherRules(s.rules.name().to_string()));
        };
        let options = (**options).clone();
        let n = map.columns as u64 * map.rows as u64;
        if n > 65_000 {
            return Err(SetupError::MapTooLarge(n));
        }
        let (columns, rows) = (map.columns as i32, map.rows as i32);
        let mut boxes = vec![BoxInfo::default(); (columns * rows).max(0) as usize];
        for r in 1..=rows {
            for c in 1..=columns {
                let h = Hex::new(c, r);
                if !map.is_on_map(h) {
                    continue;
                }
                let detail = map.detail(h);
                let road = std::array::from_fn(|i| {
                    map.has_feature(h, BOXES.dirs()[i], HexsideFeature::Road)
                });
                boxes[((r - 1) * columns + c - 1) as usize] = BoxInfo {
                    on_map: true,
                    terrain: map
                        .terrain_at(h)
                        .map_or(Terrain::Open, |t| options.terrain_role(&t.id)),
                    strongpoint: detail.stronghold,
                    fortified: options.fortified.contains(&h),
                    level: detail.elevation,
                    road,
                };
            }
        }
        let side_ix = |id: &crate::scenario::SideId| -> u8 {
            u8::from(s.sides.get(1).is_some_and(|x| &x.id == id))
        };
        // Where each side's units start, for the default facing: toward
        // the other side's centre.
        let centre = |side: u8| -> Option<(f64, f64)> {
            let pts: Vec<Hex> = s
                .units
                .iter()
                .filter(|u| side_ix(&u.side) == side)
                .filter_map(|u| match &u.placement {
                    Placement::Start(h) => Some(*h),
                    Placement::Reinforcement { entry, .. } | Placement::Variant { entry } => {
                        entry.first().copied()
                    }
                })
                .collect();
            (!pts.is_empty()).then(|| {
                let n = pts.len() as f64;
                (
                    pts.iter().map(|h| h.col as f64).sum::<f64>() / n,
                    pts.iter().map(|h| h.row as f64).sum::<f64>() / n,
                )
            })
        };
        let centres = [centre(0), centre(1)];
        let toward = |from: Hex, side: u8| -> Dir {
            let Some((x, y)) = centres[usize::from(1 - side)] else {
                return if side == 0 { Dir::N } else { Dir::S };
            };
            let (dx, dy) = (x - from.col as f64, y - from.row as f64);
            if dx.abs() > dy.abs() {
                if dx > 0.0 { Dir::E } else { Dir::W }
            } else if dy > 0.0 {
                Dir::S
            } else {
                Dir::N
            }
        };
        let units = s
            .units
            .iter()
            .filter(|u| !matches!(u.placement, Placement::Variant { .. }))
            .map(|u| {
                let side = side_ix(&u.side);
                let (start, arrival) = match &u.placement {
                    Placement::Start(h) => (Some(*h), None),
                    Placement::Reinforcement { turn, entry } => {
                        (None, Some((*turn, entry.clone())))
                    }
                    Placement::Variant { .. } => (None, None),
                };
                let at = start
                    .or_else(|| arrival.as_ref().and_then(|(_, e)| e.first().copied()))
                    .unwrap_or(Hex::new(1, 1));
                let facing = u
                    .facing
                    .filter(|d| side_slot(*d).is_some())
                    .unwrap_or_else(|| toward(at, side));
                UnitInfo {
                    id: u.id.clone(),
                    name: u.designation.clone(),
                    side,
                    spec: OneHourUnit::read(u),
                    start,
                    arrival,
                    facing,
                }
            })
            .collect();
        let leaders = options
            .leaders
            .iter()
            .map(|l| LeaderInfo {
                name: l.name.clone(),
                side: side_ix(&l.side),
                commands: l.commands.clone(),
                start: l.start,
                arrives: l.arrives,
                force_fire_reroll: l.force_fire_reroll,
                melee_reroll_miss: l.melee_reroll_miss,
            })
            .collect();
        let mut decks: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
        let mut has_deck = [false; 2];
        for d in &options.decks {
            decks[usize::from(side_ix(&d.side))] = d.cards.clone();
            has_deck[usize::from(side_ix(&d.side))] = true;
        }
        let first_side = options.first_side.as_ref().map_or(0, side_ix);
        let objectives = s
            .victory
            .victory_hexes
            .iter()
            .map(|v| Objective {
                hex: v.hex,
                held_by: side_ix(&v.side),
                points: v.points,
            })
            .collect();
        let mut morale = [None, None];
        for t in &s.victory.loss_thresholds {
            morale[usize::from(side_ix(&t.side))] = Some(t.points);
        }
        let side_names = [0, 1].map(|i| s.sides.get(i).map_or(String::new(), |x| x.name.clone()));
        // The shorter of the option (H9) and the scenario's own length.
        let turn_limit = options.turn_limit.min(s.turns.max(1));
        Ok(Board {
            columns,
            rows,
            boxes,
            units,
            leaders,
            decks,
            has_deck,
            options,
            side_names,
            first_side,
            objectives,
            morale,
            turn_limit,
        })
    }

    /// The box at `h`; an off-map box for anything outside the map.
    pub fn at(&self, h: Hex) -> BoxInfo {
        if h.col < 1 || h.row < 1 || h.col > self.columns || h.row > self.rows {
            return BoxInfo::default();
        }
        self.boxes[((h.row - 1) * self.columns + h.col - 1) as usize]
    }

    pub fn on_map(&self, h: Hex) -> bool {
        self.at(h).on_map
    }

    /// Whether a road runs from `a` straight into its neighbour `b`,
    /// across their shared side or, for diagonal neighbours, across the
    /// corner they share (H33, H46).
    pub fn road_between(&self, a: Hex, b: Hex) -> bool {
        BOXES
            .direction_to(a, b)
            .and_then(|d| BOXES.dir_index(d))
            .is_some_and(|k| self.at(a).road[k])
    }

    /// Whether any road crosses a box corner on this map (H33's diagonal
    /// road cost has something to apply to).
    pub fn has_diagonal_road(&self) -> bool {
        self.boxes
            .iter()
            .any(|b| b.road.iter().enumerate().any(|(i, &r)| r && i % 2 == 1))
    }

    /// Whether a unit of type `t` may enter the box (H34, H47): `road` when
    /// the step is along a road with the road's benefit (a unit in column,
    /// or a charge).
    pub fn passable(&self, h: Hex, t: UnitType, road: bool) -> bool {
        let b = self.at(h);
        if !b.on_map {
            return false;
        }
        match b.terrain {
            Terrain::Open | Terrain::Town | Terrain::Bridge | Terrain::Ford => true,
            Terrain::Woods => t.is_infantry() || road,
            Terrain::River | Terrain::Marsh | Terrain::Lake => road,
            Terrain::Impassable => false,
        }
    }

    /// Whether a leader may enter the box (H23): woods yes; water, marsh
    /// and impassable ground no.
    pub fn leader_passable(&self, h: Hex) -> bool {
        self.passable(h, UnitType::LightInfantry, false)
    }

    /// The side's units' command names, in the order units list them.
    pub fn commands_of(&self, side: u8) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for u in self.units.iter().filter(|u| u.side == side) {
            if !out.contains(&u.spec.command) {
                out.push(u.spec.command.clone());
            }
        }
        out
    }
}
