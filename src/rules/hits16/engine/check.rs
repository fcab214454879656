//! `check` for the 16-hits rules, pure: every command's rules, each
//! refusal ending with its line and ruling and, where geometric, carrying
//! its witness, and the odds the table shows (shots, hand to hand).
//! `execute` carries out what `check` accepts.

use super::board::{HexIx, NO_HEX, UnitIx};
use super::geometry;
use super::moves::{Block, Mode};
use super::state::State;
use super::types::{Command, Factors, Pending, Phase, RuleError, Witness};
use crate::hex::{Dir, Hex};
use crate::rules::hits16::model::{
    ColumnBonus, Formation, LineOfFire, OutnumberedCounts, Terrain, TroopType,
};
use crate::scenario::UnitId;

/// A checked move: where it goes and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePlan {
    pub path: Vec<HexIx>,
    pub facing: u8,
    pub mode: Mode,
}

/// A checked charge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargePlan {
    pub path: Vec<HexIx>,
    pub facing: u8,
}

/// The named numbers added to a die (M23, M24, M32): at most six, kept
/// in a fixed array so the odds stay `Copy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    items: [(&'static str, i32); 6],
    len: u8,
}

impl Terms {
    fn add(&mut self, what: &'static str, value: i32) {
        // Six is the most any roll names (damage or rating, line or
        // column, cavalry, heavy cavalry, deterioration); a seventh would
        // be a rules change and is still counted in the sum below.
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = (what, value);
            self.len += 1;
        } else if let Some(last) = self.items.last_mut() {
            last.1 += value;
        }
    }

    /// Each term with its name: `("Elite", 1)`.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, i32)> + '_ {
        self.items[..usize::from(self.len)].iter().copied()
    }

    pub fn sum(&self) -> i32 {
        self.iter().map(|(_, v)| v).sum()
    }
}

/// The numbers of a shot before its die (M23, M24).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShotOdds {
    pub distance: u32,
    /// Damage (M23) and modifiers (M24 or M32) added to the die, named.
    pub terms: Terms,
    pub factors: Factors,
}

impl ShotOdds {
    /// What is added to the die.
    pub fn modifier(&self) -> i32 {
        self.terms.sum()
    }

    /// Hits for a die face.
    pub fn hits(self, face: u32) -> u32 {
        self.factors
            .apply((face as i32 + self.modifier()).max(0) as u32)
    }

    /// The hits of the roll with how many of the six faces give each,
    /// fewest hits first.
    pub fn distribution(self) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = Vec::new();
        for face in 1..=6 {
            let h = self.hits(face);
            match out.iter_mut().find(|(x, _)| *x == h) {
                Some((_, n)) => *n += 1,
                None => out.push((h, 1)),
            }
        }
        out.sort_unstable();
        out
    }
}

/// What a hand-to-hand roll leads to (M33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FightOutcome {
    /// The unit hit is eliminated (16 hits, or guns or skirmishers
    /// overrun, M33, M53).
    Eliminated,
    /// The unit hit lost a base: it withdraws and the combat ends (M35).
    HitWithdraws,
    /// No base lost and the roller is cavalry: it withdraws (M33).
    RollerWithdraws,
    /// No base lost and the roller is foot: the combat goes on (M31).
    Continues,
}

impl FightOutcome {
    pub fn words(self) -> &'static str {
        match self {
            Self::Eliminated => "eliminated",
            Self::HitWithdraws => "loses a base and withdraws",
            Self::RollerWithdraws => "no base lost, the cavalry withdraws",
            Self::Continues => "no base lost, the combat goes on",
        }
    }
}

/// The numbers of a hand-to-hand roll before its die (M32).
pub type MeleeOdds = ShotOdds;

pub(super) fn err(ruling: &'static str, text: String) -> RuleError {
    RuleError::new(ruling, text)
}

impl State {
    pub fn name(&self, u: UnitIx) -> &str {
        &self.board.units[u as usize].name
    }

    pub fn general_name(&self, g: u16) -> &str {
        &self.board.generals[g as usize].name
    }

    pub(super) fn unit_of(&self, id: &UnitId) -> Result<UnitIx, RuleError> {
        self.board
            .unit_ix(id)
            .ok_or_else(|| err("M4", format!("there is no unit \"{id}\" in this scenario")))
    }

    pub(super) fn general_of(&self, id: &UnitId) -> Result<u16, RuleError> {
        self.board.general_ix(id).ok_or_else(|| {
            err(
                "M13",
                format!("there is no General \"{id}\" in this scenario"),
            )
        })
    }

    pub(super) fn hex_of(&self, h: Hex) -> Result<HexIx, RuleError> {
        self.board
            .ix(h)
            .ok_or_else(|| err("M14", format!("{h} is not on the map")))
    }

    pub(super) fn dir_of(&self, d: Dir) -> Result<u8, RuleError> {
        self.board.dir_index(d).ok_or_else(|| {
            err(
                "M8",
                format!("{} is not a hexside of this map's hexes (M8)", d.name()),
            )
        })
    }

    pub(super) fn in_phase(&self, p: Phase, what: &str) -> Result<(), RuleError> {
        if self.phase == Phase::Over {
            return Err(err("M38", "the game is over (M38)".into()));
        }
        if let Some(p) = self.pending.first() {
            let who = match p {
                Pending::Withdraw { unit, .. } => {
                    format!("{} must first withdraw", self.name(*unit))
                }
                Pending::PlaceGeneral { general, .. } => {
                    format!("{} must first be placed", self.general_name(*general))
                }
            };
            return Err(err("M11", format!("{who} [L103] (M35) (M13)")));
        }
        if self.phase != p {
            return Err(err(
                "M11",
                format!(
                    "{what} is for the {} phase; this is the {} phase [L26-32] (M11)",
                    p.name(),
                    self.phase.name()
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn own(&self, u: UnitIx) -> Result<(), RuleError> {
        if !self.on_table(u) {
            return Err(err(
                "M36",
                format!("{} has been eliminated (M36)", self.name(u)),
            ));
        }
        if self.side_of(u) != self.side {
            return Err(err(
                "M11",
                format!(
                    "{} is not a unit of the side whose turn it is (M11)",
                    self.name(u)
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn free_to_act(&self, u: UnitIx) -> Result<(), RuleError> {
        if self.acts[u as usize].acted {
            return Err(err(
                "M43",
                format!(
                    "{} has already moved, charged or changed formation this phase: one action a Movement phase [L45] (M43)",
                    self.name(u)
                ),
            ));
        }
        if self.in_combat(u) {
            return Err(err(
                "M31",
                format!(
                    "{} is in hand-to-hand combat: it may not move or change formation [L104] (M31)",
                    self.name(u)
                ),
            ));
        }
        Ok(())
    }

    /// Whether the command is legal now.
    pub fn check(&self, cmd: &Command) -> Result<(), RuleError> {
        match cmd {
            Command::Rally { general, unit } => {
                let (g, u) = (self.general_of(general)?, self.unit_of(unit)?);
                self.check_rally(g, u)
            }
            Command::Move {
                unit,
                start,
                path,
                end,
            } => {
                let u = self.unit_of(unit)?;
                self.check_move(u, *start, path, *end).map(|_| ())
            }
            Command::MoveGeneral { general, path } => {
                let g = self.general_of(general)?;
                self.check_general_move(g, path).map(|_| ())
            }
            Command::Form {
                unit,
                formation,
                facing,
            } => {
                let u = self.unit_of(unit)?;
                self.check_form(u, *formation, *facing).map(|_| ())
            }
            Command::Charge {
                unit,
                target,
                path,
                facing,
            } => {
                let (u, t) = (self.unit_of(unit)?, self.unit_of(target)?);
                self.check_charge(u, t, path, *facing).map(|_| ())
            }
            Command::TurnToFace { unit, toward } => {
                let (u, t) = (self.unit_of(unit)?, self.unit_of(toward)?);
                self.check_turn_to_face(u, t).map(|_| ())
            }
            Command::Shoot { unit, target } => {
                let (u, t) = (self.unit_of(unit)?, self.unit_of(target)?);
                self.check_shot(u, t).map(|_| ())
            }
            Command::Fight { unit, against } => {
                let (u, t) = (self.unit_of(unit)?, self.unit_of(against)?);
                self.check_fight(u, t)
            }
            Command::Withdraw { unit, to } => {
                let u = self.unit_of(unit)?;
                self.check_withdraw(u, *to).map(|_| ())
            }
            Command::PlaceGeneral { general, at } => {
                let g = self.general_of(general)?;
                self.check_place(g, *at).map(|_| ())
            }
            Command::EndPhase => self.check_end_phase(),
        }
    }

    pub fn check_rally(&self, g: u16, u: UnitIx) -> Result<(), RuleError> {
        self.in_phase(Phase::Command, "rallying")?;
        let gi = &self.board.generals[g as usize];
        let at = self.generals[g as usize];
        if at == NO_HEX {
            return Err(err(
                "M12",
                format!("{} is out of the game [L34] (M12)", gi.name),
            ));
        }
        if gi.side != self.side {
            return Err(err(
                "M11",
                format!(
                    "{} is not a General of the side whose turn it is (M11)",
                    gi.name
                ),
            ));
        }
        self.own(u)?;
        let o = &self.board.options;
        let d = self.board.distance(at, self.units[u as usize].hex);
        if d > o.rally_reach {
            return Err(err(
                "M12",
                format!(
                    "{} is {} from {}: a General rallies units in base to base contact, within {} [L33] (M12)",
                    self.name(u),
                    crate::words::counted(d, "hex", "hexes"),
                    gi.name,
                    crate::words::counted(o.rally_reach, "hex", "hexes")
                ),
            )
            .with(Witness::Count {
                from: self.board.hex(at),
                to: self.board.hex(self.units[u as usize].hex),
                distance: d,
            }));
        }
        if self.acts[u as usize].rallied {
            return Err(err(
                "M12",
                format!(
                    "{} has already been rallied this phase: one roll per unit (M12)",
                    self.name(u)
                ),
            ));
        }
        if let Some(max) = o.max_rallies_per_general
            && u32::from(self.rallies[g as usize]) >= max
        {
            return Err(err(
                "M12",
                format!(
                    "{} has made his {} this phase (max_rallies_per_general) (M12)",
                    gi.name,
                    crate::words::counted(max, "rally", "rallies")
                ),
            ));
        }
        Ok(())
    }

    pub fn check_move(
        &self,
        u: UnitIx,
        start: Option<Dir>,
        path: &[Hex],
        end: Option<Dir>,
    ) -> Result<MovePlan, RuleError> {
        self.in_phase(Phase::Movement, "moving")?;
        self.own(u)?;
        self.free_to_act(u)?;
        let s = self.units[u as usize];
        let name = self.name(u);
        match s.formation {
            Formation::Square => {
                return Err(err(
                    "M37",
                    format!(
                        "{name} is in square: units in square may not move or turn [L20] (M37)"
                    ),
                ));
            }
            Formation::Unlimbered => {
                return Err(err(
                    "M44",
                    format!(
                        "{name} is unlimbered: artillery must limber before it moves or turns [L16] (M7) (M44)"
                    ),
                ));
            }
            _ => {}
        }
        let f = match start {
            Some(d) => self.dir_of(d)?,
            None => s.facing,
        };
        let end_f = match end {
            Some(d) => self.dir_of(d)?,
            None => f,
        };
        if path.is_empty() && end_f == s.facing {
            return Err(err(
                "M14",
                format!(
                    "{name} neither moves nor turns: a move enters a hex or pivots (M14) (M43)"
                ),
            ));
        }
        let o = &self.board.options;
        let side = self.side;
        let mut at = s.hex;
        let mut hexes = Vec::with_capacity(path.len());
        let mut road = true;
        for &h in path {
            let to = self.hex_of(h)?;
            let Some(dir) = self.board.dir_between(at, to) else {
                return Err(err(
                    "M14",
                    format!(
                        "{h} is not next to {}: a move enters adjacent hexes (M14)",
                        self.board.hex(at)
                    ),
                ));
            };
            if !geometry::is_front(f, dir) {
                return Err(Block::NotFront.error(self, name, to));
            }
            self.step_block(u, at, dir)
                .map_err(|b| b.error(self, name, to))?;
            if o.no_contact_without_charge && self.enemy_adjacent(side, to) {
                return Err(Block::Contact.error(self, name, to));
            }
            road &= self.board.info(at).road[usize::from(dir)];
            hexes.push(to);
            at = to;
        }
        if let Some(b) = (!hexes.is_empty()).then(|| self.end_block(u, at)).flatten() {
            return Err(b.error(self, name, at));
        }
        let len = hexes.len() as u32;
        let base = self.board.allowance(u);
        let bonus = if road && len > 0 {
            o.road_bonus_hexes
        } else {
            0
        };
        let mut mode = Mode {
            road: road && len > 0 && bonus > 0,
            march: false,
        };
        if len > base + bonus {
            let march_allow = base * o.march_multiplier + bonus;
            if !self.may_march(u) || len > march_allow {
                return Err(err(
                    "M10",
                    format!(
                        "{name} may move {}{}; this move enters {len} [L37-39] (M10) (M17) (M18)",
                        crate::words::counted(base + bonus, "hex", "hexes"),
                        if self.may_march(u) {
                            format!(", or march {march_allow}")
                        } else {
                            String::new()
                        }
                    ),
                ));
            }
            for &h in std::iter::once(&s.hex).chain(hexes.iter()) {
                if !self.march_clear(side, h) {
                    return Err(err(
                        "M17",
                        format!(
                            "{name} may not march: enemy within {} ({} cm) of {} [L43] (M17)",
                            crate::words::counted(self.board.march_ban, "hex", "hexes"),
                            20,
                            self.board.hex(h)
                        ),
                    )
                    .with(Witness::Hexes(self.march_witness(side, h))));
                }
            }
            mode.march = true;
        }
        Ok(MovePlan {
            path: hexes,
            facing: end_f,
            mode,
        })
    }

    pub fn check_general_move(&self, g: u16, path: &[Hex]) -> Result<Vec<HexIx>, RuleError> {
        self.in_phase(Phase::Movement, "a General's move")?;
        let gi = &self.board.generals[g as usize];
        let mut at = self.generals[g as usize];
        if at == NO_HEX {
            return Err(err(
                "M12",
                format!("{} is out of the game [L34] (M12)", gi.name),
            ));
        }
        if gi.side != self.side {
            return Err(err(
                "M11",
                format!(
                    "{} is not a General of the side whose turn it is (M11)",
                    gi.name
                ),
            ));
        }
        if self.general_moved[g as usize] {
            return Err(err(
                "M43",
                format!("{} has already moved this phase (M43) (M47)", gi.name),
            ));
        }
        if path.is_empty() {
            return Err(err("M47", format!("{} enters no hex (M47)", gi.name)));
        }
        let o = &self.board.options;
        let mut hexes = Vec::new();
        let mut road = true;
        for &h in path {
            let to = self.hex_of(h)?;
            let Some(dir) = self.board.dir_between(at, to) else {
                return Err(err(
                    "M47",
                    format!("{h} is not next to {} (M47)", self.board.hex(at)),
                ));
            };
            self.general_step(gi.side, at, dir)
                .map_err(|b| b.error(self, &gi.name, to))?;
            road &= self.board.info(at).road[usize::from(dir)];
            hexes.push(to);
            at = to;
        }
        if let Some(b) = self.general_end_block(g, at) {
            return Err(b.error(self, &gi.name, at));
        }
        let allow = o.general_move_hexes() + if road { o.road_bonus_hexes } else { 0 };
        if hexes.len() as u32 > allow {
            return Err(err(
                "M47",
                format!(
                    "{} may move {}; this move enters {} [L35] (M10) (M47)",
                    gi.name,
                    crate::words::counted(allow, "hex", "hexes"),
                    hexes.len()
                ),
            ));
        }
        Ok(hexes)
    }

    pub fn check_form(
        &self,
        u: UnitIx,
        formation: Formation,
        facing: Option<Dir>,
    ) -> Result<u8, RuleError> {
        self.in_phase(Phase::Movement, "a formation change")?;
        self.own(u)?;
        self.free_to_act(u)?;
        let s = self.units[u as usize];
        let troop = self.troop(u);
        let name = self.name(u);
        if troop == TroopType::Skirmishers {
            return Err(err(
                "M42",
                format!(
                    "{name} are skirmishers, who have one formation and never change [L15] (M42)"
                ),
            ));
        }
        if !troop.formations().contains(&formation) {
            let names: Vec<&str> = troop.formations().iter().map(|f| f.name()).collect();
            return Err(err(
                "M7",
                format!(
                    "{} form only {} [L9-16] (M7)",
                    troop.name(),
                    crate::words::list_or(&names)
                ),
            ));
        }
        if formation == s.formation {
            return Err(err(
                "M42",
                format!("{name} is already in {} (M42)", formation.name()),
            ));
        }
        if formation == Formation::Line && !self.board.units[u as usize].line_ok {
            return Err(err(
                "M41",
                format!(
                    "{name} may not form line: British and elite French only, or all armies before 1807 [L9] (M41)"
                ),
            ));
        }
        let leaving_square = s.formation == Formation::Square;
        match (leaving_square, facing) {
            (true, Some(d)) => self.dir_of(d),
            (true, None) => Err(err(
                "M42",
                format!("{name} leaves square and must choose a facing (M42)"),
            )),
            (false, Some(_)) => Err(err(
                "M42",
                format!(
                    "{name} keeps its facing when it changes formation; only a square re-forming takes a new one (M9) (M42)"
                ),
            )),
            (false, None) => Ok(s.facing),
        }
    }

    /// The bases the charge compares (M28).
    pub(super) fn charge_strength(&self, u: UnitIx) -> u32 {
        match self.board.options.outnumbered_counts {
            OutnumberedCounts::Bases => self.bases(u),
            OutnumberedCounts::Steps => {
                4u32.saturating_sub(u32::from(self.units[u as usize].bases_lost))
            }
        }
    }

    /// Why `u` may not charge `t` at all, whatever the path (M25, M26,
    /// M28, M29).
    pub fn charge_target_refusal(&self, u: UnitIx, t: UnitIx) -> Option<RuleError> {
        let name = self.name(u);
        let tn = self.name(t);
        let troop = self.troop(u);
        if !self.on_table(t) || self.side_of(t) == self.side_of(u) {
            return Some(err(
                "M26",
                format!("{tn} is not an enemy unit on the table (M26)"),
            ));
        }
        let ts = self.units[t as usize];
        let tt = self.troop(t);
        if troop == TroopType::Infantry && tt.is_cavalry() {
            return Some(err(
                "M26",
                format!("{name} is infantry, which may not charge cavalry [L60] (M26)"),
            ));
        }
        if troop.is_cavalry() && ts.formation == Formation::Square {
            return Some(err(
                "M37",
                format!("{tn} is in square: enemy cavalry may not charge it [L22] (M37)"),
            ));
        }
        if self.is_defender(t) {
            return Some(err(
                "M26",
                format!(
                    "{tn} is already engaged: only one attacking unit may engage a defending unit [L62] (M26)"
                ),
            ));
        }
        match self.terrain(ts.hex) {
            Terrain::Woods => {
                return Some(err(
                    "M29",
                    format!("{tn} is in woods, where no charger may enter [L49] (M29)"),
                ));
            }
            Terrain::Town
                if troop != TroopType::Infantry && !self.board.options.cavalry_may_charge_town =>
            {
                return Some(err(
                    "M29",
                    format!("{tn} is in a town: only infantry may charge it [L50] (M29)"),
                ));
            }
            _ => {}
        }
        let (a, b) = (self.charge_strength(u), self.charge_strength(t));
        if a < b {
            return Some(err(
                "M28",
                format!(
                    "{name} has {a} bases and {tn} {b}: units may not charge an enemy with more bases remaining [L64] (M28)"
                ),
            ));
        }
        None
    }

    /// Why a charge of `u` on `t` may not end in `last` with the facing
    /// `f` held (M27, M29, M30, M51).
    pub fn charge_contact_refusal(
        &self,
        u: UnitIx,
        t: UnitIx,
        last: HexIx,
        f: u8,
    ) -> Option<RuleError> {
        let name = self.name(u);
        let tn = self.name(t);
        let th = self.units[t as usize].hex;
        let Some(dir) = self.board.dir_between(last, th) else {
            return Some(
                err(
                    "M27",
                    format!(
                        "{name}'s charge ends in {}, not next to {tn} (M27)",
                        self.board.hex(last)
                    ),
                )
                .with(Witness::Hexes(vec![
                    self.board.hex(last),
                    self.board.hex(th),
                ])),
            );
        };
        if !geometry::is_front(f, dir) {
            return Some(
                err(
                    "M27",
                    format!("{tn} is not across a front hexside of {name} at the end of its charge (M27)"),
                )
                .with(Witness::Field {
                    from: self.board.hex(last),
                    facing: self.board.dir(f),
                }),
            );
        }
        if !self.board.info(last).crossable[usize::from(dir)] {
            return Some(err(
                "M29",
                format!("{tn} is across a river without bridge or ford [L52] (M29)"),
            ));
        }
        if self.troop(t) == TroopType::Artillery && self.is_front_of(t, last) {
            let side = self.side_of(t);
            let guards: Vec<Hex> = self
                .units_of(side)
                .filter(|&o| o != t)
                .map(|o| self.units[o as usize].hex)
                .filter(|&h| self.board.distance(h, th) <= self.board.guard_reach)
                .map(|h| self.board.hex(h))
                .collect();
            if !guards.is_empty() {
                return Some(
                    err(
                        "M30",
                        format!("{tn} is artillery with a friendly unit within 10 cm: it may not be charged in front [L65] (M30)"),
                    )
                    .with(Witness::Hexes(guards)),
                );
            }
        }
        None
    }

    pub fn check_charge(
        &self,
        u: UnitIx,
        t: UnitIx,
        path: &[Hex],
        facing: Option<Dir>,
    ) -> Result<ChargePlan, RuleError> {
        self.in_phase(Phase::Movement, "charging")?;
        self.own(u)?;
        self.free_to_act(u)?;
        let s = self.units[u as usize];
        let name = self.name(u);
        let troop = self.troop(u);
        if !matches!(
            troop,
            TroopType::Infantry | TroopType::HeavyCavalry | TroopType::LightCavalry
        ) {
            return Err(err(
                "M25",
                format!(
                    "{name} are {}: only cavalry and infantry charge [L60] (M25)",
                    troop.name()
                ),
            ));
        }
        if s.formation == Formation::Square {
            return Err(err(
                "M37",
                format!("{name} is in square and may not move [L20] (M37)"),
            ));
        }
        if let Some(e) = self.charge_target_refusal(u, t) {
            return Err(e);
        }
        let f = match facing {
            Some(d) => {
                let f = self.dir_of(d)?;
                let turn = u32::from(
                    geometry::side_from_facing(s.facing, f)
                        .min(geometry::side_from_facing(f, s.facing)),
                );
                if turn > self.board.options.charge_pivot_hexsides {
                    return Err(err(
                        "M27",
                        format!(
                            "{name} may turn at most 45° when charging, less than a hexside: it keeps its facing [L61] (M27)"
                        ),
                    ));
                }
                f
            }
            None => s.facing,
        };
        let grid = self.board.grid;
        let arc = self.board.options.fire_arc;
        let from = self.board.hex(s.hex);
        let side = self.side;
        let mut at = s.hex;
        let mut hexes = Vec::new();
        if path.len() as u32 > self.board.allowance(u) {
            return Err(err(
                "M25",
                format!(
                    "{name} charges at most {}, with no march and no road bonus [L53] (M25)",
                    crate::words::counted(self.board.allowance(u), "hex", "hexes")
                ),
            ));
        }
        for (i, &h) in path.iter().enumerate() {
            let to = self.hex_of(h)?;
            if i > 0 && self.enemy_adjacent(side, at) {
                return Err(Block::ChargeContact.error(self, name, at));
            }
            let Some(dir) = self.board.dir_between(at, to) else {
                return Err(err(
                    "M27",
                    format!("{h} is not next to {} (M27)", self.board.hex(at)),
                ));
            };
            if !geometry::is_front(f, dir) {
                return Err(Block::NotFront.error(self, name, to));
            }
            if !geometry::in_field(grid, arc, from, f, h) {
                return Err(Block::OutOfField
                    .error(self, name, to)
                    .with(Witness::Field {
                        from,
                        facing: self.board.dir(f),
                    }));
            }
            self.step_block(u, at, dir)
                .map_err(|b| b.error(self, name, to))?;
            hexes.push(to);
            at = to;
        }
        if let Some(b) = self.end_block(u, at) {
            return Err(b.error(self, name, at));
        }
        if let Some(e) = self.charge_contact_refusal(u, t, at, f) {
            return Err(e);
        }
        let th = self.units[t as usize].hex;
        let facing = if self.board.options.charge_conform {
            self.board.dir_between(at, th).unwrap_or(f)
        } else {
            f
        };
        Ok(ChargePlan {
            path: hexes,
            facing,
        })
    }

    pub fn check_turn_to_face(&self, u: UnitIx, t: UnitIx) -> Result<u8, RuleError> {
        self.in_phase(Phase::Movement, "turning to face")?;
        self.own(u)?;
        let name = self.name(u);
        if self.acts[u as usize].acted {
            return Err(err(
                "M43",
                format!("{name} has already acted this phase (M43)"),
            ));
        }
        if !self.opponents(u).any(|o| o == t) {
            return Err(err(
                "M34",
                format!("{name} is not in combat with {} (M34)", self.name(t)),
            ));
        }
        if self.all_front(u) {
            return Err(err(
                "M54",
                format!("{name} has no flank or rear to turn from (M8) (M54)"),
            ));
        }
        let here = self.units[u as usize].hex;
        let th = self.units[t as usize].hex;
        let Some(dir) = self.board.dir_between(here, th) else {
            return Err(err(
                "M34",
                format!("{} is not next to {name} (M34)", self.name(t)),
            ));
        };
        if geometry::is_front(self.units[u as usize].facing, dir) {
            return Err(err(
                "M34",
                format!(
                    "{} is already across {name}'s front [L105] (M34)",
                    self.name(t)
                ),
            ));
        }
        let engaged_in_front = self
            .opponents(u)
            .any(|o| self.is_front_of(u, self.units[o as usize].hex));
        if engaged_in_front {
            return Err(err(
                "M34",
                format!("{name} is also engaged frontally and may not turn [L105] (M34)"),
            ));
        }
        Ok(dir)
    }

    /// The numbers of a shot (M21-M24), or why it may not be taken.
    pub fn check_shot(&self, u: UnitIx, t: UnitIx) -> Result<ShotOdds, RuleError> {
        self.in_phase(Phase::Shooting, "shooting")?;
        self.own(u)?;
        let o = &self.board.options;
        let s = self.units[u as usize];
        let troop = self.troop(u);
        let name = self.name(u);
        let Some(row) = o.fire_table.row(troop) else {
            return Err(err(
                "M20",
                format!("{name} are cavalry, who do not shoot [L67] (M20)"),
            ));
        };
        let why = match s.formation {
            Formation::Square => Some(("M37", "units in square may not shoot [L21] (M37)")),
            Formation::Limbered => Some(("M20", "limbered artillery may not shoot [L16] (M20)")),
            Formation::MarchColumn if !o.march_column_may_shoot => Some((
                "M20",
                "march columns may not shoot (march_column_may_shoot) (M20)",
            )),
            _ => None,
        };
        if let Some((r, why)) = why {
            return Err(err(r, format!("{name} may not shoot: {why}")));
        }
        let a = self.acts[u as usize];
        if a.shot {
            return Err(err(
                "M20",
                format!("{name} has already shot this turn (M20)"),
            ));
        }
        if a.moved && troop != TroopType::Skirmishers {
            return Err(err(
                "M19",
                format!(
                    "{name} has moved this turn: only skirmishers may shoot after moving [L55] (M19)"
                ),
            ));
        }
        if self.in_combat(u) {
            return Err(err(
                "M31",
                format!("{name} is in hand-to-hand combat [L104] (M31)"),
            ));
        }
        let tn = self.name(t);
        if !self.on_table(t) || self.side_of(t) == self.side {
            return Err(err(
                "M22",
                format!("{tn} is not an enemy unit on the table (M22)"),
            ));
        }
        if self.in_combat(t) {
            return Err(err(
                "M22",
                format!("{tn} is in hand-to-hand combat: units may not fire into it [L69] (M22)"),
            ));
        }
        let (a_hex, t_hex) = (s.hex, self.units[t as usize].hex);
        let (ah, th) = (self.board.hex(a_hex), self.board.hex(t_hex));
        let d = self.board.distance(a_hex, t_hex);
        if d > row.long_range {
            return Err(err(
                "M23",
                format!(
                    "{tn} is {} away; {name}'s long range is {} [L72-75] (M23)",
                    crate::words::counted(d, "hex", "hexes"),
                    row.long_range
                ),
            )
            .with(Witness::Count {
                from: ah,
                to: th,
                distance: d,
            }));
        }
        let all_round = o.town_all_front && self.terrain(a_hex) == Terrain::Town;
        if !all_round && !geometry::in_field(self.board.grid, o.fire_arc, ah, s.facing, th) {
            return Err(err(
                "M21",
                format!("{tn} is not within 45° of {name}'s frontal facing [L69] (M21)"),
            )
            .with(Witness::Field {
                from: ah,
                facing: self.board.dir(s.facing),
            }));
        }
        if let Some(blockers) = self.fire_blockers(a_hex, t_hex) {
            return Err(err(
                "M22",
                format!(
                    "the line of fire to {tn} is blocked at {} (M22) (M50)",
                    blockers
                        .iter()
                        .map(|h| h.to_string())
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
            )
            .with(Witness::Line {
                from: ah,
                to: th,
                blockers,
            }));
        }
        let fm = &o.fire_modifiers;
        let info = &self.board.units[u as usize];
        let mut m = Terms::default();
        if d <= row.close_range {
            m.add("close range", row.close_damage);
        } else {
            m.add("long range", row.long_damage);
        }
        match info.rating {
            crate::rules::hits16::model::Rating::Elite => m.add("Elite", fm.elite),
            crate::rules::hits16::model::Rating::Raw => m.add("Raw", fm.raw),
            crate::rules::hits16::model::Rating::Trained => {}
        }
        if troop == TroopType::Infantry && s.formation == Formation::Line {
            m.add("line", fm.line);
        }
        if s.hits >= 8 {
            m.add("8 or more hits", fm.deteriorated);
        }
        let factors = Factors {
            half: self.terrain(t_hex).cover(),
            double: troop == TroopType::Artillery
                && self.units[t as usize].formation == Formation::MarchColumn,
            march: false,
        };
        Ok(ShotOdds {
            distance: d,
            terms: m,
            factors,
        })
    }

    /// The first blocking hex of each row when both rows of the line of
    /// fire are blocked (M22, M50); `None` when the line is clear.
    pub fn fire_blockers(&self, a: HexIx, b: HexIx) -> Option<Vec<Hex>> {
        if self.board.options.line_of_fire == LineOfFire::None {
            return None;
        }
        let rows = geometry::fire_rows(self.board.grid, self.board.hex(a), self.board.hex(b));
        let blocker = |row: &Vec<Hex>| {
            row.iter().copied().find(|&h| match self.board.ix(h) {
                None => true,
                Some(i) => self.terrain(i).blocks_fire() || self.unit_at(i).is_some(),
            })
        };
        let found: Vec<Option<Hex>> = rows.iter().map(blocker).collect();
        if found.iter().any(Option::is_none) {
            return None;
        }
        let mut out: Vec<Hex> = found.into_iter().flatten().collect();
        out.dedup();
        Some(out)
    }

    /// The numbers of `u`'s roll against `t` in hand to hand (M32).
    pub fn melee_odds(&self, u: UnitIx, t: UnitIx) -> MeleeOdds {
        self.melee_odds_at(u, self.units[u as usize].hex, t)
    }

    /// The same with `u` in contact from `at` (the last hex of a charge
    /// not yet made): the flank and the hill are judged from there.
    pub fn melee_odds_at(&self, u: UnitIx, at: HexIx, t: UnitIx) -> MeleeOdds {
        let o = &self.board.options;
        let mm = &o.melee_modifiers;
        let s = self.units[u as usize];
        let ts = self.units[t as usize];
        let troop = self.troop(u);
        let mut m = Terms::default();
        match self.board.units[u as usize].rating {
            crate::rules::hits16::model::Rating::Elite => m.add("Elite", mm.elite),
            crate::rules::hits16::model::Rating::Raw => m.add("Raw", mm.raw),
            crate::rules::hits16::model::Rating::Trained => {}
        }
        if troop.is_cavalry() && self.troop(t).is_foot() {
            m.add("cavalry against foot", mm.cavalry_vs_foot);
        }
        if troop == TroopType::HeavyCavalry {
            m.add("heavy cavalry", mm.heavy_cavalry);
        }
        let column = match o.column_bonus {
            ColumnBonus::AttackColumn => s.formation == Formation::AttackColumn,
            ColumnBonus::AnyColumn => {
                matches!(
                    s.formation,
                    Formation::AttackColumn | Formation::MarchColumn
                )
            }
        };
        if troop == TroopType::Infantry && column {
            let name = if s.formation == Formation::AttackColumn {
                "attack column"
            } else {
                "column"
            };
            m.add(name, mm.column);
        }
        if s.hits >= 8 {
            m.add("8 or more hits", mm.deteriorated);
        }
        let hill = self.board.info(ts.hex).hill
            && !(o.hill_needs_higher_ground && self.board.info(at).hill);
        let flank = !self.is_front_of(t, at);
        ShotOdds {
            distance: 1,
            terms: m,
            factors: Factors {
                half: hill,
                double: flank,
                march: ts.formation == Formation::MarchColumn,
            },
        }
    }

    pub fn check_fight(&self, u: UnitIx, t: UnitIx) -> Result<(), RuleError> {
        self.in_phase(Phase::HandToHand, "hand-to-hand combat")?;
        self.own(u)?;
        let c = self
            .combats
            .iter()
            .find(|c| (c.attacker == u && c.defender == t) || (c.attacker == t && c.defender == u));
        match c {
            None => Err(err(
                "M31",
                format!(
                    "{} is not in combat with {} (M31)",
                    self.name(u),
                    self.name(t)
                ),
            )),
            Some(c) if c.fought => Err(err(
                "M31",
                "this combat has been fought this phase: each combat once a phase (M31)"
                    .to_string(),
            )),
            Some(_) => Ok(()),
        }
    }

    pub(super) fn check_withdraw(
        &self,
        u: UnitIx,
        to: Hex,
    ) -> Result<(HexIx, Option<UnitIx>), RuleError> {
        let Some(Pending::Withdraw { unit, options, .. }) = self.pending.first() else {
            return Err(err("M35", "no unit is withdrawing (M35)".into()));
        };
        if *unit != u {
            return Err(err(
                "M35",
                format!("{} withdraws first (M35)", self.name(*unit)),
            ));
        }
        let at = self.hex_of(to)?;
        options
            .iter()
            .find(|(h, _)| *h == at)
            .copied()
            .ok_or_else(|| {
                err(
                    "M35",
                    format!(
                        "{} may withdraw to {}, not {to} [L103] (M35) (M55)",
                        self.name(u),
                        crate::words::list_or(
                            &options
                                .iter()
                                .map(|(h, _)| self.board.hex(*h).to_string())
                                .collect::<Vec<_>>()
                                .iter()
                                .map(String::as_str)
                                .collect::<Vec<_>>()
                        )
                    ),
                )
                .with(Witness::Hexes(
                    options.iter().map(|(h, _)| self.board.hex(*h)).collect(),
                ))
            })
    }

    pub(super) fn check_place(&self, g: u16, at: Hex) -> Result<HexIx, RuleError> {
        let Some(Pending::PlaceGeneral { general, options }) = self.pending.first() else {
            return Err(err("M13", "no General is to be placed (M13)".into()));
        };
        if *general != g {
            return Err(err(
                "M13",
                format!("{} is placed first (M13)", self.general_name(*general)),
            ));
        }
        let h = self.hex_of(at)?;
        if options.contains(&h) {
            Ok(h)
        } else {
            Err(err(
                "M13",
                format!(
                    "{} goes in or next to the nearest friendly unit [L35] (M13)",
                    self.general_name(g)
                ),
            )
            .with(Witness::Hexes(
                options.iter().map(|&h| self.board.hex(h)).collect(),
            )))
        }
    }

    pub(super) fn check_end_phase(&self) -> Result<(), RuleError> {
        if self.phase == Phase::Over {
            return Err(err("M38", "the game is over (M38)".into()));
        }
        self.in_phase(self.phase, "ending the phase")?;
        if self.phase == Phase::HandToHand
            && let Some(c) = self.combats.iter().find(|c| !c.fought)
        {
            let mine = if self.side_of(c.attacker) == self.side {
                c.attacker
            } else {
                c.defender
            };
            return Err(err(
                "M31",
                format!(
                    "{}'s combat with {} is still to be fought: every combat is fought once a Hand-to-Hand phase [L89] (M31)",
                    self.name(mine),
                    self.name(if mine == c.attacker {
                        c.defender
                    } else {
                        c.attacker
                    })
                ),
            ));
        }
        Ok(())
    }
}
