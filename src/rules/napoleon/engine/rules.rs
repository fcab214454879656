//! `check` (pure), `execute` (check, then events applied as produced) and
//! `apply` (the only mutation) for the *Napoleon* rules, with the turn's
//! flow: initiative and the end of the turn [3.3], skirmish [3.4],
//! bombardment [3.5], Maneuver & Combat [3.7], the Final Step [4.1].

use super::board::{HexIx, NO_HEX, PieceIx, PieceKind};
use super::state::{Active, Moved, Outcome, Pending, State};
use super::types::{Activation, Command, Direction, Event, Phase, RuleError};
use crate::engine::Dice;
use crate::hex::{Hex, Layout, LineStep, Point};
use crate::rules::napoleon::model::{
    EngagementSnapshot, FinishedTurns, LeaderMelee, ManeuverMovement, NapoleonTerrain,
    TownAssaultSupport, TurnEndRoll, VulnerableRule,
};
use crate::scenario::UnitId;

type R<T> = Result<T, RuleError>;

/// How a unit that lost a melee moves back (N84), from
/// [`State::move_back_plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveBackPlan {
    /// Its facing as it moves back.
    pub facing: u8,
    /// Its attached gun and leader, who go with it.
    pub with: Vec<PieceIx>,
    /// The hexes it may enter: one, or the owner's choice of several.
    pub open: Vec<HexIx>,
    /// With no hex open: barred by friends only (1 more casualty point)
    /// rather than eliminated [3.8.5].
    pub only_friends: bool,
}

/// Why a piece of the active force may not act, before it is named in
/// a [`RuleError`].
#[derive(Clone, Copy)]
enum NotActing {
    NoActivation,
    NotInForce,
    Static(u16),
    Moved(&'static str),
}

/// Why a step is refused, before the piece is named in a [`RuleError`].
#[derive(Clone, Copy)]
enum StepRefused {
    NotAdjacent,
    Move(&'static str),
    Enter(&'static str, &'static str),
    NoMovementLeft,
}

/// What a search of one piece's moves learns of each hex it looks into,
/// kept for the rest of the search: the rules of entering it
/// ([`State::entry_refusal`]), whether the piece may end its move in its
/// stack ([`State::stack_legal_with`]), and whether it is in an enemy
/// zone of control (for turns, N66). None looks at where the piece
/// stands, and in a search nothing else moves.
pub(super) struct HexFacts {
    entry: Vec<Option<Result<(), StepRefused>>>,
    stack: Vec<Option<bool>>,
    /// Whether the hex is in an enemy zone of control (N66).
    zoc: Vec<Option<bool>>,
}

impl HexFacts {
    /// Facts of a search over a map of `hexes` hexes.
    pub(super) fn new(hexes: usize) -> Self {
        HexFacts {
            entry: vec![None; hexes],
            stack: vec![None; hexes],
            zoc: vec![None; hexes],
        }
    }

    /// No facts kept: every question is worked out (single checks).
    fn none() -> Self {
        HexFacts {
            entry: Vec::new(),
            stack: Vec::new(),
            zoc: Vec::new(),
        }
    }

    fn entry(
        &mut self,
        h: HexIx,
        work_out: impl FnOnce() -> Result<(), StepRefused>,
    ) -> Result<(), StepRefused> {
        Self::known(&mut self.entry, h, work_out)
    }

    fn stack(&mut self, h: HexIx, work_out: impl FnOnce() -> bool) -> bool {
        Self::known(&mut self.stack, h, work_out)
    }

    fn zoc(&mut self, h: HexIx, work_out: impl FnOnce() -> bool) -> bool {
        Self::known(&mut self.zoc, h, work_out)
    }

    /// The fact for hex `h`, worked out the first time it is asked (every
    /// time when no facts are kept).
    fn known<T: Copy>(facts: &mut [Option<T>], h: HexIx, work_out: impl FnOnce() -> T) -> T {
        match facts.get_mut(h as usize) {
            None => work_out(),
            Some(Some(known)) => *known,
            Some(slot) => *slot.insert(work_out()),
        }
    }
}

impl State {
    /// The side that must act now.
    pub fn to_act(&self) -> u8 {
        if let Some(p) = self.pending {
            return self.board.pieces[p.piece() as usize].side;
        }
        match self.phase {
            Phase::Skirmish { side } | Phase::Bombardment { side } | Phase::Maneuver { side } => {
                side
            }
            Phase::Over => 0,
        }
    }

    fn piece(&self, id: &UnitId) -> R<PieceIx> {
        self.board
            .piece_ix(id)
            .ok_or_else(|| RuleError::UnknownPiece(id.clone()))
    }

    fn force(&self, name: &str) -> R<u16> {
        self.board
            .forces
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as u16)
            .ok_or_else(|| RuleError::UnknownForce(name.to_string()))
    }

    fn force_name(&self, f: u16) -> String {
        self.board.forces[f as usize].name.clone()
    }

    fn side_of(&self, p: PieceIx) -> u8 {
        self.board.pieces[p as usize].side
    }

    fn kind_of(&self, p: PieceIx) -> PieceKind {
        self.board.pieces[p as usize].kind
    }

    // ---------------------------------------------------------------
    // Skirmish [3.4]

    /// A force's skirmish power (N36).
    pub fn skirmish_power(&self, f: u16) -> u32 {
        self.board.forces[f as usize]
            .units
            .iter()
            .filter(|&&u| self.on_map(u))
            .map(|&u| self.board.pieces[u as usize].skirmish)
            .sum()
    }

    /// Whether `f` may make a skirmish attack on `t` (N37).
    pub fn may_skirmish(&self, f: u16, t: u16) -> R<()> {
        let fi = &self.board.forces[f as usize];
        let ti = &self.board.forces[t as usize];
        if fi.side == ti.side {
            return Err(RuleError::NotYours(ti.name.clone()));
        }
        let has_infantry = ti
            .units
            .iter()
            .any(|&u| self.on_map(u) && self.kind_of(u) == PieceKind::Infantry);
        if !has_infantry {
            return Err(RuleError::NotASkirmishTarget(ti.name.clone()));
        }
        let range = self.board.options.skirmish_range;
        let in_range = fi.units.iter().any(|&u| {
            self.on_map(u)
                && self.board.pieces[u as usize].skirmish > 0
                && ti.units.iter().any(|&v| {
                    self.on_map(v)
                        && self
                            .board
                            .distance(self.pos[u as usize], self.pos[v as usize])
                            <= range
                })
        });
        if self.skirmish_power(f) == 0 || !in_range {
            return Err(RuleError::NoSkirmishers(fi.name.clone()));
        }
        let declared = self.skirmishes.iter().any(|&(a, _)| a == f);
        // The second side attacks only with forces not under attack (N38).
        let targeted = fi.side != self.initiative && self.skirmishes.iter().any(|&(_, b)| b == f);
        if declared || targeted {
            return Err(RuleError::SkirmishTaken(fi.name.clone()));
        }
        Ok(())
    }

    pub fn skirmish_options(&self, side: u8) -> Vec<(u16, u16)> {
        let n = self.board.forces.len() as u16;
        let mut out = Vec::new();
        for f in 0..n {
            if self.board.forces[f as usize].side != side {
                continue;
            }
            for t in 0..n {
                if self.may_skirmish(f, t).is_ok() {
                    out.push((f, t));
                }
            }
        }
        out
    }

    // ---------------------------------------------------------------
    // Bombardment [3.5]

    fn centre(&self, h: HexIx) -> Point {
        Layout {
            grid: self.board.grid,
            size: 1.0,
            origin: Point { x: 0.0, y: 0.0 },
        }
        .center(self.board.hex(h))
    }

    /// Whether `h` is in the front arc of a gun at `o` facing `f` (N7):
    /// the 120° wedge, or with the option `front_arc: half_plane` every
    /// hex whose centre lies strictly ahead of the line through the two
    /// vertices where the front and rear hexsides meet (that line passes
    /// through the centre of `o`, square to the facing).
    pub fn in_front_arc(&self, o: HexIx, f: u8, h: HexIx) -> bool {
        let d = self.board.distance(o, h);
        if d == 0 {
            return false;
        }
        if self.board.options.front_arc == crate::rules::napoleon::model::FrontArc::HalfPlane {
            let Some(ahead) = self
                .board
                .grid
                .neighbour(self.board.hex(o), self.board.dir(f))
            else {
                // Facing off the table edge: the axis is still defined by
                // the hexside, so take it from the opposite neighbour.
                let back = self.board.neighbours[o as usize][(f as usize + 3) % 6];
                if back == NO_HEX {
                    return false;
                }
                let (c, b, t) = (self.centre(o), self.centre(back), self.centre(h));
                let (ax, ay) = (c.x - b.x, c.y - b.y);
                return (t.x - c.x) * ax + (t.y - c.y) * ay > 1e-9;
            };
            let (c, a, t) = (
                self.centre(o),
                Layout {
                    grid: self.board.grid,
                    size: 1.0,
                    origin: Point { x: 0.0, y: 0.0 },
                }
                .center(ahead),
                self.centre(h),
            );
            let (ax, ay) = (a.x - c.x, a.y - c.y);
            return (t.x - c.x) * ax + (t.y - c.y) * ay > 1e-9;
        }
        let dir = self.board.dir(f);
        let mut c: Hex = self.board.hex(o);
        for _ in 0..d {
            match self.board.grid.neighbour(c, dir) {
                Some(n) => c = n,
                None => return false,
            }
        }
        self.board.grid.distance(c, self.board.hex(h)) <= d
    }

    /// Whether the corridor from gun to target is clear (N8, N101): with
    /// the option `fire_over_units_from_hill`, units in a corridor hex
    /// lower than the gun's hex do not block (N101); woods, towns and
    /// higher ground still do.
    pub fn corridor_clear(&self, gun: PieceIx, target: PieceIx) -> bool {
        let (a, b) = (self.pos[gun as usize], self.pos[target as usize]);
        let hi = self.board.elevation[a as usize].max(self.board.elevation[b as usize]);
        let gun_height = self.board.elevation[a as usize];
        let over = self.board.options.fire_over_units_from_hill;
        let blocks = |h: Hex| -> bool {
            let Some(i) = self.board.hex_ix(h) else {
                return true;
            };
            if i == a || i == b {
                return false;
            }
            let t = self.board.terrain[i as usize];
            matches!(t, NapoleonTerrain::Woods | NapoleonTerrain::Town)
                || self.board.elevation[i as usize] > hi
                || (!(over && self.board.elevation[i as usize] < gun_height)
                    && self.at(i).any(|q| self.kind_of(q).is_unit()))
        };
        let line = self.board.grid.line(self.board.hex(a), self.board.hex(b));
        // Both nudged rows: clear if either is (N8).
        let row = |pick: bool| {
            line.iter().all(|s| match *s {
                LineStep::One(h) => !blocks(h),
                LineStep::Either(x, y) => !blocks(if pick { x } else { y }),
            })
        };
        row(true) || row(false)
    }

    /// The targets a gun may take now: the nearest eligible enemy units
    /// (N41, N42); the infantry or cavalry of a hex, not its attached gun.
    pub fn gun_targets(&self, gun: PieceIx) -> Vec<PieceIx> {
        let o = self.pos[gun as usize];
        if o == NO_HEX || !self.kind_of(gun).is_gun() {
            return Vec::new();
        }
        let side = self.side_of(gun);
        let range = self.board.options.troops.artillery_range;
        let f = self.facing[gun as usize];
        let mut best = u32::MAX;
        let mut out = Vec::new();
        for e in self.units_of(1 - side).collect::<Vec<_>>() {
            let h = self.pos[e as usize];
            let d = self.board.distance(o, h);
            if d > range || d > best || !self.in_front_arc(o, f, h) {
                continue;
            }
            // A gun with a host is not the target: the host is (N42).
            if self.kind_of(e).is_gun() && self.at(h).any(|q| self.kind_of(q).is_troop()) {
                continue;
            }
            if !self.corridor_clear(gun, e) {
                continue;
            }
            if d < best {
                best = d;
                out.clear();
            }
            out.push(e);
        }
        out
    }

    /// Whether a side's General may pass through a hex on his move: no
    /// enemy there, and neither impassable nor river [3.7.2.10.1].
    pub fn general_may_cross(&self, n: HexIx, side: u8) -> bool {
        !self.enemy_in(n, side)
            && !matches!(
                self.board.terrain[n as usize],
                NapoleonTerrain::Impassable | NapoleonTerrain::River
            )
    }

    pub fn undeclared_guns(&self, side: u8) -> Vec<PieceIx> {
        self.units_of(side)
            .filter(|&g| self.kind_of(g).is_gun())
            .filter(|g| !self.targets.iter().any(|(x, _)| x == g))
            .filter(|&g| !self.gun_targets(g).is_empty())
            .collect()
    }

    // ---------------------------------------------------------------
    // Activation [3.7.1]

    /// The command check's modifiers (N55).
    pub fn check_modifiers(&self, f: u16) -> Vec<(String, i32)> {
        let mut m = vec![("leader".to_string(), self.leader_factor[f as usize])];
        if self.under_fire[f as usize] {
            m.push(("under skirmishers' fire".into(), -1));
        }
        if self.exhausted(f) {
            m.push(("exhausted".into(), -1));
        }
        let info = &self.board.forces[f as usize];
        let g = self.board.armies[info.side as usize].general;
        let (l, gh) = (self.pos[info.leader as usize], self.pos[g as usize]);
        if l != NO_HEX && gh != NO_HEX && self.board.distance(l, gh) == 1 {
            m.push((
                "leader next to the General".into(),
                self.board.options.general_adjacent_bonus,
            ));
        }
        m
    }

    fn leader_in_reach(&self, f: u16) -> bool {
        let info = &self.board.forces[f as usize];
        let g = self.board.armies[info.side as usize].general;
        let (l, gh) = (self.pos[info.leader as usize], self.pos[g as usize]);
        l != NO_HEX && gh != NO_HEX && self.board.distance(l, gh) <= 5
    }

    fn maneuver_side(&self) -> R<u8> {
        match self.phase {
            Phase::Maneuver { side } => Ok(side),
            Phase::Over => Err(RuleError::GameOver),
            _ => Err(RuleError::WrongPhase(
                "only in the Maneuver & Combat phase [3.7]",
            )),
        }
    }

    fn own_force(&self, name: &str, side: u8) -> R<u16> {
        let f = self.force(name)?;
        if self.board.forces[f as usize].side != side {
            return Err(RuleError::NotYours(name.to_string()));
        }
        Ok(f)
    }

    fn between_activations(&self) -> R<u8> {
        let side = self.maneuver_side()?;
        if let Some(a) = &self.active {
            return Err(RuleError::ActivationOpen(self.force_name(a.force)));
        }
        Ok(side)
    }

    fn special_action(&self, side: u8, f: u16) -> R<()> {
        if self.adcs[side as usize] == 0 {
            return Err(RuleError::NoAdc);
        }
        if !self.leader_in_reach(f) {
            return Err(RuleError::LeaderOutOfReach(self.force_name(f)));
        }
        Ok(())
    }

    // ---------------------------------------------------------------
    // Movement [3.7.2]

    pub fn moved_of(&self, p: PieceIx) -> Option<&Moved> {
        self.active
            .as_ref()?
            .moved
            .iter()
            .find(|(q, _)| *q == p)
            .map(|(_, m)| m)
    }

    /// The active piece `id` and its record, if it may still act.
    fn active_piece(&self, id: &UnitId) -> R<(PieceIx, &Active, &Moved)> {
        self.maneuver_side()?;
        let p = self.piece(id)?;
        match self.active_ix(p) {
            Ok((a, m)) => {
                // Moving another piece ends the last one's move (N57):
                // under Charge! it must have met its duty (N61).
                if let Some(l) = a.last
                    && l != p
                    && let Some(why) = self.charge_unmet(l)
                {
                    return Err(RuleError::ChargeOwed {
                        piece: self.board.pieces[l as usize].id.clone(),
                        why,
                    });
                }
                Ok((p, a, m))
            }
            Err(no) => Err(match no {
                NotActing::NoActivation => RuleError::NoActivation,
                NotActing::NotInForce => RuleError::NotActive(id.clone()),
                NotActing::Static(f) => RuleError::Static(self.force_name(f)),
                NotActing::Moved(why) => RuleError::CannotMove {
                    piece: id.clone(),
                    why,
                },
            }),
        }
    }

    /// [`State::active_piece`] by index, in the Maneuver phase, without
    /// naming the piece (the searches ask this thousands of times).
    fn active_ix(&self, p: PieceIx) -> Result<(&Active, &Moved), NotActing> {
        let a = self.active.as_ref().ok_or(NotActing::NoActivation)?;
        let Some(m) = self.moved_of(p) else {
            return Err(NotActing::NotInForce);
        };
        if !self.on_map(p) {
            return Err(NotActing::NotInForce);
        }
        if a.result == Activation::Static {
            return Err(NotActing::Static(a.force));
        }
        if m.done {
            return Err(NotActing::Moved(
                "another unit has moved since: each unit's move is finished before the next begins (N57)",
            ));
        }
        // Moving another piece ends the last one's move (N57), which must
        // then stand where stacking allows (N67, N68).
        if let Some(l) = a.last
            && l != p
            && self.on_map(l)
            && !self.stack_legal_with(l, self.pos[l as usize])
        {
            return Err(NotActing::Moved(
                "the piece that moved last is passing through a stack 3.7.2.1 forbids; it moves on first (N57, N68)",
            ));
        }
        Ok((a, m))
    }

    /// Whether force `f` counts as engaged now: as fixed at the start of
    /// the impulse, or, under the N53 option `activation`, as it stands
    /// until it activates.
    pub fn engaged_for(&self, f: u16) -> bool {
        if self.board.options.engagement_snapshot == EngagementSnapshot::Activation
            && !self.activated[f as usize]
        {
            self.is_engaged_now(f)
        } else {
            self.engaged[f as usize]
        }
    }

    /// Whether the active force moves freely (unengaged, N63).
    pub(super) fn free_facing(&self, a: &Active) -> bool {
        !self.engaged[a.force as usize]
            && self.board.options.maneuver_movement == ManeuverMovement::FreeFacing
    }

    /// Whether a step in `dir` crosses a rear hexside of a unit moving
    /// under combat movement (N64).
    pub(super) fn is_backward(&self, p: PieceIx, dir: u8) -> bool {
        self.kind_of(p).is_unit()
            && !self.in_town(p)
            && !self.is_front(p, dir)
            && !self.active.as_ref().is_some_and(|a| self.free_facing(a))
    }

    /// Checks one step of a piece of the active force into `to`.
    pub fn check_step(&self, id: &UnitId, to: Hex) -> R<()> {
        self.check_step_from(id, to, 4)
    }

    /// [`State::check_step`]; a step into a stack the piece may only pass
    /// through also asks whether it can step on from there, looking
    /// `look_ahead` crowded hexes ahead (past that, it is refused).
    fn check_step_from(&self, id: &UnitId, to: Hex, look_ahead: u32) -> R<()> {
        let (p, a, m) = self.active_piece(id)?;
        let to_ix = self.board.hex_ix(to).ok_or(RuleError::OffMap(to))?;
        self.step_refusal(p, a, m, to_ix, look_ahead, &mut HexFacts::none())
            .map_err(|no| match no {
                StepRefused::NotAdjacent => RuleError::NotAdjacent(to),
                StepRefused::Move(why) => RuleError::CannotMove {
                    piece: id.clone(),
                    why,
                },
                StepRefused::Enter(why, section) => RuleError::CannotEnter {
                    piece: id.clone(),
                    hex: to,
                    why,
                    section,
                },
                StepRefused::NoMovementLeft => RuleError::NoMovementLeft(id.clone()),
            })?;
        self.charge_keeps_open(p, |st| st.move_piece(p, to_ix))
    }

    /// Under Charge!, a step, turn or formation change of unit `p` (`make`
    /// applies it to a copy) that leaves no move meeting its duty is
    /// refused (N61): so every move it may make can still end.
    fn charge_keeps_open(&self, p: PieceIx, make: impl FnOnce(&mut State)) -> R<()> {
        let charge = self
            .active
            .as_ref()
            .is_some_and(|a| a.result == Activation::Charge);
        if !charge || !self.kind_of(p).is_troop() || self.combat.is_some() {
            return Ok(());
        }
        let mut after = self.clone();
        make(&mut after);
        match self.charge_forecloses(p, &after) {
            Some(why) => Err(RuleError::ChargeOwed {
                piece: self.board.pieces[p as usize].id.clone(),
                why,
            }),
            None => Ok(()),
        }
    }

    /// Whether piece `p` of the active force may step into the adjacent
    /// hex `n` now: [`State::check_step`] by index, with nothing
    /// allocated, for the searches ([`State::reach`]).
    pub(super) fn step_ok(&self, p: PieceIx, n: HexIx, look_ahead: u32) -> bool {
        self.step_ok_knowing(p, n, look_ahead, &mut HexFacts::none())
    }

    /// [`State::step_ok`] with what a search already knows of the hexes
    /// around ([`HexFacts`] of the same piece, in a position that differs
    /// from this one only in that piece's place, facing and record).
    pub(super) fn step_ok_knowing(
        &self,
        p: PieceIx,
        n: HexIx,
        look_ahead: u32,
        facts: &mut HexFacts,
    ) -> bool {
        self.maneuver_side().is_ok()
            && self
                .active_ix(p)
                .is_ok_and(|(a, m)| self.step_refusal(p, a, m, n, look_ahead, facts).is_ok())
    }

    /// The rules of a step of `p` into `to_ix` that look only at that hex
    /// and what stands in and around it, never at where `p` comes from
    /// (3.7.2.7, 3.7.2.9.2, N68, N73, N92-N97): the same for every
    /// position of `p` as long as nothing else moves.
    fn entry_refusal(&self, p: PieceIx, to_ix: HexIx) -> Result<(), StepRefused> {
        let kind = self.kind_of(p);
        let side = self.side_of(p);
        let info = &self.board.pieces[p as usize];
        let enter = StepRefused::Enter;
        if self.enemy_in(to_ix, side) {
            return Err(enter("it holds an enemy unit", "3.7.2.7"));
        }
        if let Some((why, section)) = self.terrain_bars(p, to_ix) {
            return Err(enter(why, section));
        }
        // Passing through (N68).
        if !self.may_pass(p, to_ix) {
            return Err(enter(
                "only artillery passes through friends; other units only through their own force's guns and leader",
                "3.7.2.7",
            ));
        }
        // An unattached gun stays out of enemy troops' reach (N73, N104).
        if kind.is_gun() && self.has_adjacent_enemy_troop(to_ix, side) {
            let host = self.at(to_ix).any(|q| {
                self.kind_of(q).is_troop() && self.board.pieces[q as usize].force == info.force
            });
            if !host {
                return Err(enter(
                    "an unattached gun may not move next to enemy infantry or cavalry",
                    "3.7.2.9.2",
                ));
            }
        }
        Ok(())
    }

    /// The rules of one step of `p` (record `m` in activation `a`) into
    /// hex `to_ix` (3.7.2, N57-N70), with what is known of that hex.
    fn step_refusal(
        &self,
        p: PieceIx,
        a: &Active,
        m: &Moved,
        to_ix: HexIx,
        look_ahead: u32,
        facts: &mut HexFacts,
    ) -> Result<(), StepRefused> {
        let from = self.pos[p as usize];
        let dir = self
            .board
            .dir_to(from, to_ix)
            .ok_or(StepRefused::NotAdjacent)?;
        let kind = self.kind_of(p);
        let side = self.side_of(p);
        let info = &self.board.pieces[p as usize];
        if m.backward {
            return Err(StepRefused::Move(
                "it moved backward, which ends its move (N64)",
            ));
        }
        let enter = StepRefused::Enter;
        facts.entry(to_ix, || self.entry_refusal(p, to_ix))?;
        // Leaving a town towards the enemy [3.8.1.2] (N92, N103): any
        // enemy unit, artillery included.
        if kind == PieceKind::Infantry
            && self.in_town(p)
            && self.has_adjacent_enemy_unit(to_ix, side)
        {
            return Err(enter(
                "an infantry unit may not move from a town to a hex next to an enemy unit",
                "3.8.1.2",
            ));
        }
        // Retreat!: every hex farther from the reference enemy (N60).
        if a.result == Activation::Retreat
            && let Some(e) = a.reference_enemy
            && self.on_map(e)
        {
            let eh = self.pos[e as usize];
            if self.board.distance(to_ix, eh) <= self.board.distance(from, eh) {
                return Err(enter(
                    "in Retreat! each hex entered is farther from the enemy",
                    "3.7.1.1",
                ));
            }
        }
        // Sauve qui peut!: only the units ordered away move, each hex
        // farther from the nearest enemy unit (N49, as N60).
        if a.result == Activation::SauveQuiPeut && kind.is_unit() {
            if !a.ordered.contains(&p) {
                return Err(enter(
                    "under Sauve qui peut! only units within 3 hexes of the enemy move",
                    "3.6.1",
                ));
            }
            let nearest = |h: HexIx| {
                self.units_of(1 - side)
                    .map(|e| self.board.distance(h, self.pos[e as usize]))
                    .min()
                    .unwrap_or(u32::MAX)
            };
            if nearest(to_ix) <= nearest(from) {
                return Err(enter(
                    "under Sauve qui peut! each hex entered is farther from the enemy",
                    "3.6.1",
                ));
            }
        }
        let cost = self.board.cost[to_ix as usize];
        let facing_piece = kind.is_unit() && !self.in_town(p);
        let front = !facing_piece || self.is_front(p, dir) || self.free_facing(a);
        if front {
            // A move made entirely along a road goes `road_bonus` hexes
            // farther (N91 option; 0 by default).
            let along_road = !m.off_road && self.board.road[from as usize][dir as usize];
            let allowance = info.movement
                + if along_road {
                    self.board.options.road_bonus
                } else {
                    0
                };
            if m.mp + cost > allowance {
                return Err(StepRefused::NoMovementLeft);
            }
        } else if m.entered > 0 {
            return Err(StepRefused::Move(
                "a backward move across a rear hexside is the unit's whole move (N64)",
            ));
        }
        // Isolated units, guns included, never move to face the enemy
        // (N70, N105).
        if self.isolated[p as usize] && kind.is_unit() {
            let faces_enemy = self.would_face_enemy(to_ix, side, self.facing[p as usize]);
            if faces_enemy {
                return Err(enter(
                    "an isolated unit may not move to face the enemy",
                    "3.7.2.5",
                ));
            }
        }
        // A piece ends its move only where stacking allows (N68): a step
        // that ends the move (backward, N64) may not stop in a crowded
        // hex, and a piece passing through must be able to step on.
        if !facts.stack(to_ix, || self.stack_legal_with(p, to_ix)) {
            let backward = self.is_backward(p, dir);
            if backward {
                return Err(enter(
                    "a backward move ends the unit's move, and it may not end in this stack",
                    "3.7.2.1",
                ));
            }
            let mut onward = false;
            if look_ahead > 0 {
                let mut st = self.clone();
                st.apply(&Event::Stepped {
                    piece: p,
                    from: self.board.hex(from),
                    to: self.board.hex(to_ix),
                    backward: false,
                });
                onward = st.board.neighbours[to_ix as usize]
                    .iter()
                    .any(|&n| n != NO_HEX && st.step_ok(p, n, look_ahead - 1));
            }
            if !onward {
                return Err(enter(
                    "it could not move on from there, and may not end its move in this stack",
                    "3.7.2.1",
                ));
            }
        }
        Ok(())
    }

    /// Checks a turn to hexside `facing` (N65).
    pub fn check_turn(&self, id: &UnitId, facing: u8) -> R<()> {
        let (p, a, m) = self.active_piece(id)?;
        self.turn_refusal(p, a, m, facing)
            .map_err(|why| RuleError::CannotTurn {
                piece: id.clone(),
                why,
            })?;
        self.charge_keeps_open(p, |st| {
            st.apply(&Event::Turned { piece: p, facing });
        })
    }

    /// The hexsides piece `p` of the active force may turn to now, by
    /// facing: [`State::check_turn`] for all six at once, by index and
    /// with nothing allocated, for the searches ([`State::reach`]).
    pub(super) fn turns_ok(&self, p: PieceIx, facts: &mut HexFacts) -> [bool; 6] {
        let mut open = [false; 6];
        if self.maneuver_side().is_err() {
            return open;
        }
        let Ok((a, m)) = self.active_ix(p) else {
            return open;
        };
        if !self.kind_of(p).is_unit() || self.turning_refusal(p, a, m, facts).is_err() {
            return open;
        }
        // Its stack does not change with its facing: asked once.
        let h = self.pos[p as usize];
        let stack_ok = facts.stack(h, || self.stack_legal_with(p, h));
        for (f, o) in open.iter_mut().enumerate() {
            let f = f as u8;
            *o = f != self.facing[p as usize] && self.facing_refusal_in(p, f, stack_ok).is_ok();
        }
        open
    }

    /// The rules of a turn of `p` to `facing` (N65), or why not.
    fn turn_refusal(
        &self,
        p: PieceIx,
        a: &Active,
        m: &Moved,
        facing: u8,
    ) -> Result<(), &'static str> {
        if !self.kind_of(p).is_unit() {
            return Err("officers have no facing (N6)");
        }
        if facing > 5 || facing == self.facing[p as usize] {
            return Err("that is its facing already, or not a hexside");
        }
        self.turning_refusal(p, a, m, &mut HexFacts::none())?;
        self.facing_refusal(p, facing)
    }

    /// What forbids unit `p` any turn now, whatever the hexside (N65,
    /// N102, 3.8.1.2, 3.7.2.9.1).
    fn turning_refusal(
        &self,
        p: PieceIx,
        a: &Active,
        m: &Moved,
        facts: &mut HexFacts,
    ) -> Result<(), &'static str> {
        let kind = self.kind_of(p);
        if self.in_town(p) {
            // On leaving a town an infantry unit takes any facing: its
            // one turn before moving, made in the town, and no turn in
            // the enemy's zone of control's sense, so allowed there too
            // (N92, N103). Once it has entered a hex, a unit passing
            // through a town keeps its facing.
            let first = m.entered == 0 && (m.turns_before == 0 || self.free_facing(a));
            return if kind == PieceKind::Infantry && first && !m.backward {
                Ok(())
            } else {
                Err(
                    "a unit in a town has no facing; it takes one as it leaves, before its first step [3.8.1.2]",
                )
            };
        }
        if m.backward {
            return Err("it moved backward, which ends its move (N102)");
        }
        let h = self.pos[p as usize];
        if facts.zoc(h, || self.in_enemy_zoc(h, self.side_of(p))) {
            return Err("in an enemy zone of control");
        }
        let h = self.pos[p as usize];
        if kind.is_gun()
            && self.at(h).any(|q| {
                self.kind_of(q).is_troop()
                    && self.board.pieces[q as usize].force == self.board.pieces[p as usize].force
            })
        {
            return Err("an attached gun faces as its host [3.7.2.9.1]");
        }
        if !kind.is_gun() && !self.free_facing(a) {
            let may = match kind {
                PieceKind::Infantry => m.entered == 0 && m.turns_before == 0,
                _ => {
                    (m.entered == 0 && m.turns_before == 0) || (m.entered > 0 && m.turns_after == 0)
                }
            };
            if !may {
                return Err(if kind == PieceKind::Infantry {
                    "infantry makes one turn, before moving"
                } else {
                    "cavalry makes one turn before moving and one more on its way"
                });
            }
        }
        Ok(())
    }

    /// What of piece `p`'s record of its move the rules of its later
    /// steps and turns still ask, as bits: whether it has entered a hex
    /// (N64), moved backward (N64, N102), and the turns that still limit
    /// it (N65: infantry one turn before moving; cavalry one before and
    /// one on its way; guns and a force moving freely, none). Positions
    /// with the same bits are the same to the rest of the move, which
    /// lets a search take each once ([`State::reach`]).
    pub(super) fn move_key(&self, p: PieceIx, free: bool, m: &Moved) -> usize {
        let kind = self.kind_of(p);
        let counted = kind.is_troop() && !free;
        let turns = if !counted {
            0
        } else if m.entered == 0 {
            usize::from(m.turns_before > 0)
        } else if kind == PieceKind::Cavalry {
            usize::from(m.turns_after > 0) << 1
        } else {
            0
        };
        turns | usize::from(m.backward) << 2 | usize::from(m.entered > 0) << 3
    }

    /// What forbids unit `p` a turn to this hexside: an isolated unit
    /// never turns to face the enemy (N105).
    fn facing_refusal(&self, p: PieceIx, facing: u8) -> Result<(), &'static str> {
        let h = self.pos[p as usize];
        self.facing_refusal_in(p, facing, self.stack_legal_with(p, h))
    }

    /// [`State::facing_refusal`], knowing whether `p` may end its move in
    /// its stack ([`State::stack_legal_with`] of its hex).
    fn facing_refusal_in(
        &self,
        p: PieceIx,
        facing: u8,
        stack_ok: bool,
    ) -> Result<(), &'static str> {
        let h = self.pos[p as usize];
        if self.isolated[p as usize]
            && self.kind_of(p).is_unit()
            && self.would_face_enemy(h, self.side_of(p), facing)
        {
            return Err("an isolated unit may not turn to face the enemy (N105)");
        }
        // A piece passing through a stack it may not end in keeps a way
        // on (N68): no turn that leaves every step on across its rear,
        // which ends a move only where it starts (N64).
        if !stack_ok {
            let mut st = self.clone();
            st.apply(&Event::Turned { piece: p, facing });
            let onward = self.board.neighbours[h as usize]
                .iter()
                .any(|&n| n != NO_HEX && st.step_ok(p, n, 3));
            if !onward {
                return Err(
                    "it is passing through a stack it may not end in, and could not move on facing that way [3.7.2.1]",
                );
            }
        }
        Ok(())
    }

    pub(super) fn check_formation(&self, id: &UnitId, column: bool) -> R<()> {
        let (p, _, m) = self.active_piece(id)?;
        let no = |why: &'static str| RuleError::CannotChangeFormation {
            piece: id.clone(),
            why,
        };
        if !self.kind_of(p).is_troop() {
            return Err(no("only infantry and cavalry have formations (N95)"));
        }
        if self.column[p as usize] == column {
            return Err(no("it is in that formation already"));
        }
        if m.entered > 0 || m.turns_before > 0 || m.formation_changed {
            return Err(no("formation changes only at the start of a unit's move"));
        }
        if self.has_adjacent_enemy_troop(self.pos[p as usize], self.side_of(p))
            || self.units_of(1 - self.side_of(p)).any(|e| {
                self.board
                    .distance(self.pos[e as usize], self.pos[p as usize])
                    == 1
            })
        {
            return Err(no("not next to an enemy unit"));
        }
        if matches!(
            self.board.terrain[self.pos[p as usize] as usize],
            NapoleonTerrain::Ford | NapoleonTerrain::Bridge | NapoleonTerrain::Defile
        ) {
            return Err(no("a unit in a defile stays in column (N93)"));
        }
        self.charge_keeps_open(p, |st| {
            st.apply(&Event::FormationChanged { piece: p, column });
        })
    }

    /// Why piece `p` of the active force may not end its move where it
    /// stands now, or `None`: what another piece's move, or the end of
    /// the movement, asks of it (N57): a stack 3.7.2.1 allows (N67,
    /// N68), and under Charge! its duty met (N61).
    pub fn move_end_refusal(&self, p: PieceIx) -> Option<String> {
        if self.on_map(p) && !self.stack_legal_with(p, self.pos[p as usize]) {
            return Some(format!(
                "{} may not end its move in this stack [3.7.2.1] (N67, N68)",
                self.board.pieces[p as usize].id
            ));
        }
        self.charge_unmet(p)
    }

    /// The guns that take a host's facing when piece `p` ends its move
    /// where it stands (N72, N74): `p` itself, a gun with a host of its
    /// force there, or the guns of its force in the hex `p`, a host,
    /// ends in; each with the host's facing, where it differs.
    pub fn attachments(&self, p: PieceIx) -> Vec<(PieceIx, u8)> {
        let h = self.pos[p as usize];
        if h == NO_HEX || self.in_town(p) {
            return Vec::new();
        }
        let force = self.board.pieces[p as usize].force;
        let own = |q: PieceIx| q != p && self.board.pieces[q as usize].force == force;
        let kind = self.kind_of(p);
        if kind.is_gun() {
            self.at(h)
                .find(|&q| own(q) && self.kind_of(q).is_troop())
                .map(|host| self.facing[host as usize])
                .filter(|&f| f != self.facing[p as usize])
                .map(|f| vec![(p, f)])
                .unwrap_or_default()
        } else if kind.is_troop() {
            let f = self.facing[p as usize];
            self.at(h)
                .filter(|&q| own(q) && self.kind_of(q).is_gun() && self.facing[q as usize] != f)
                .map(|q| (q, f))
                .collect()
        } else {
            Vec::new()
        }
    }

    /// Why the active force may not end its movement now, or `None`.
    fn end_movement_problem(&self) -> Option<(String, &'static str)> {
        let a = self.active.as_ref()?;
        let f = a.force;
        for &p in &self.force_pieces(f) {
            let h = self.pos[p as usize];
            let stack: Vec<PieceIx> = self.at(h).collect();
            if !self.state_stack_ok(&stack) {
                return Some((
                    format!(
                        "{} would end in an illegal stack on {}",
                        self.board.pieces[p as usize].id,
                        self.board.hex(h)
                    ),
                    "3.7.2.1",
                ));
            }
        }
        let cohesion_needed = match a.result {
            Activation::Charge => self.board.options.charge_keeps_cohesion,
            Activation::Static => false,
            _ => true,
        };
        if cohesion_needed && a.was_contiguous && !self.contiguous(f) {
            return Some((
                "its units and leader must end in contiguous hexes".into(),
                "3.7.2.4",
            ));
        }
        if a.result == Activation::Retreat {
            let min = self.board.options.retreat_min_distance;
            for &p in &self.force_pieces(f) {
                if !self.kind_of(p).is_unit() {
                    continue;
                }
                let m = self.moved_of(p).cloned().unwrap_or_default();
                let spent = m.mp >= self.board.pieces[p as usize].movement;
                if self.enemy_distance(p) < min && !spent && !m.backward && self.has_step_away(p) {
                    return Some((
                        format!(
                            "in Retreat! {} must end at least {} from the enemy",
                            self.board.pieces[p as usize].id,
                            crate::words::counted(min, "hex", "hexes")
                        ),
                        "3.7.1.1",
                    ));
                }
            }
        }
        if a.result == Activation::SauveQuiPeut {
            for &p in &a.ordered {
                if !self.on_map(p) {
                    continue;
                }
                let m = self.moved_of(p).cloned().unwrap_or_default();
                let spent = m.mp >= self.board.pieces[p as usize].movement;
                if !spent && !m.backward && self.has_step_away(p) {
                    return Some((
                        format!(
                            "under Sauve qui peut! {} makes a full move away",
                            self.board.pieces[p as usize].id
                        ),
                        "3.6.1",
                    ));
                }
            }
        }
        // Charge! (N61): each unit whose move is not over yet owes its
        // duty now; a unit whose move is over met it when the next piece
        // moved (`State::active_piece`).
        if a.result == Activation::Charge {
            for &p in &self.force_pieces(f) {
                if self.moved_of(p).is_some_and(|m| m.done) {
                    continue;
                }
                if let Some(why) = self.charge_unmet(p) {
                    return Some((why, "3.7.1.1"));
                }
            }
        }
        None
    }

    pub(super) fn state_stack_ok(&self, stack: &[PieceIx]) -> bool {
        if !self.stack_legal(stack) {
            return false;
        }
        // A town holds one infantry unit and its leader (N67).
        match stack.first() {
            Some(&p) if self.in_town(p) => stack.iter().all(|&q| !self.kind_of(q).is_gun()),
            _ => true,
        }
    }

    /// Whether the unit has a legal step away that keeps its force
    /// contiguous, into a hex it may stop in: where contiguity and
    /// distance conflict, contiguity wins (N60, N49), and a hex it could
    /// only pass through (N68) is no place to end farther away.
    fn has_step_away(&self, p: PieceIx) -> bool {
        let id = &self.board.pieces[p as usize].id;
        let Some(f) = self.board.pieces[p as usize].force else {
            return false;
        };
        let keep = self.active.as_ref().is_some_and(|a| a.was_contiguous);
        self.board.neighbours[self.pos[p as usize] as usize]
            .iter()
            .any(|&n| {
                n != NO_HEX
                    && self.check_step(id, self.board.hex(n)).is_ok()
                    && self.stack_legal_with(p, n)
                    && (!keep || {
                        let mut st = self.clone();
                        st.pos.set(p, n);
                        st.contiguous(f)
                    })
            })
    }

    /// Whether a unit faces an enemy infantry or cavalry unit in contact
    /// ([`State::contact`] is not empty), with nothing allocated.
    pub fn in_contact(&self, p: PieceIx) -> bool {
        self.contacts_of(p).next().is_some()
    }

    /// Enemy infantry and cavalry a unit faces in contact.
    pub fn contact(&self, p: PieceIx) -> Vec<PieceIx> {
        self.contacts_of(p).collect()
    }

    /// [`State::contact`] as it is found, in the order of the hexsides,
    /// then of the pieces.
    fn contacts_of(&self, p: PieceIx) -> impl Iterator<Item = PieceIx> + '_ {
        let h = self.pos[p as usize];
        (h != NO_HEX)
            .then(|| self.enemy_troops_around(h, self.side_of(p)))
            .into_iter()
            .flatten()
            .map(|(_, e)| e)
            .filter(move |&e| self.faces(p, e))
    }

    // ---------------------------------------------------------------
    // check

    pub fn check(&self, cmd: &Command) -> R<()> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        let choice = matches!(
            cmd,
            Command::Evade { .. }
                | Command::StandFast
                | Command::Pursue
                | Command::NoPursuit
                | Command::EndPursuit
                | Command::MoveBack { .. }
                | Command::RerollMelee
                | Command::KeepMelee
                | Command::Flee { .. }
                | Command::PlaceGeneral { .. }
        );
        match self.pending {
            Some(Pending::Pursuing { .. })
                if matches!(cmd, Command::Step { .. } | Command::Turn { .. }) => {}
            Some(Pending::Pursuing { .. }) if matches!(cmd, Command::TakeBack) => {
                return self.check_take_back();
            }
            Some(_) => return self.check_choice(cmd),
            None if choice => return self.check_choice(cmd),
            None => {}
        }
        match cmd {
            Command::Skirmish { force, target } => {
                let Phase::Skirmish { side } = self.phase else {
                    return Err(RuleError::WrongPhase("only in the skirmish phase [3.4.2]"));
                };
                let f = self.own_force(force, side)?;
                let t = self.force(target)?;
                self.may_skirmish(f, t)
            }
            Command::EndSkirmish => match self.phase {
                Phase::Skirmish { .. } => Ok(()),
                _ => Err(RuleError::WrongPhase("only in the skirmish phase [3.4.2]")),
            },
            Command::Bombard { gun, target } => {
                let Phase::Bombardment { side } = self.phase else {
                    return Err(RuleError::WrongPhase("only in the bombardment phase [3.5]"));
                };
                let g = self.piece(gun)?;
                let t = self.piece(target)?;
                if self.side_of(g) != side || !self.kind_of(g).is_gun() || !self.on_map(g) {
                    return Err(RuleError::NotYours(gun.to_string()));
                }
                if self.targets.iter().any(|(x, _)| *x == g) {
                    return Err(RuleError::NotATarget {
                        gun: gun.clone(),
                        target: target.clone(),
                        why: "it has chosen its target already",
                    });
                }
                if !self.gun_targets(g).contains(&t) {
                    return Err(RuleError::NotATarget {
                        gun: gun.clone(),
                        target: target.clone(),
                        why: "a gun fires at the nearest enemy unit in its front arc with a clear corridor, at most 3 hexes away",
                    });
                }
                Ok(())
            }
            Command::EndBombardment => {
                let Phase::Bombardment { side } = self.phase else {
                    return Err(RuleError::WrongPhase("only in the bombardment phase [3.5]"));
                };
                match self.undeclared_guns(side).first() {
                    Some(&g) => Err(RuleError::GunMustFire(
                        self.board.pieces[g as usize].id.clone(),
                    )),
                    None => Ok(()),
                }
            }
            Command::Activate { force } => {
                let side = self.between_activations()?;
                let f = self.own_force(force, side)?;
                if self.activated[f as usize] {
                    return Err(RuleError::AlreadyActivated(force.clone()));
                }
                Ok(())
            }
            Command::Reroll => {
                let side = self.maneuver_side()?;
                let a = self.active.as_ref().ok_or(RuleError::NoActivation)?;
                if a.rerolls_left == 0
                    || a.moved
                        .iter()
                        .any(|(_, m)| m.entered > 0 || m.turns_before > 0 || m.formation_changed)
                {
                    return Err(RuleError::NoReroll);
                }
                self.special_action(side, a.force)
            }
            Command::ActivateReserve { force } => {
                let side = self.between_activations()?;
                let f = self.own_force(force, side)?;
                if self.activated[f as usize] {
                    return Err(RuleError::AlreadyActivated(force.clone()));
                }
                if self.is_engaged_now(f) {
                    return Err(RuleError::NotInReserve(force.clone()));
                }
                self.special_action(side, f)
            }
            Command::Rally { force } => {
                let side = self.between_activations()?;
                let f = self.own_force(force, side)?;
                if self.rallied[f as usize] {
                    return Err(RuleError::AlreadyRallied(force.clone()));
                }
                self.special_action(side, f)
            }
            Command::SauveQuiPeut { force } => {
                let side = self.between_activations()?;
                let f = self.own_force(force, side)?;
                if self.activated[f as usize] {
                    return Err(RuleError::AlreadyActivated(force.clone()));
                }
                if !self.is_engaged_now(f) {
                    return Err(RuleError::NothingToSave(force.clone()));
                }
                self.special_action(side, f)
            }
            Command::MoveGeneral { path } => {
                let side = self.between_activations()?;
                if self.adcs[side as usize] == 0 {
                    return Err(RuleError::NoAdc);
                }
                let g = self.board.armies[side as usize].general;
                if path.is_empty() || path.len() as u32 > self.board.pieces[g as usize].movement {
                    return Err(RuleError::GeneralCannotMove(
                        "he moves 1 to his nation's cavalry allowance of hexes",
                    ));
                }
                let mut at = self.pos[g as usize];
                for (i, h) in path.iter().enumerate() {
                    let n = self.board.hex_ix(*h).ok_or(RuleError::OffMap(*h))?;
                    if self.board.dir_to(at, n).is_none() {
                        return Err(RuleError::NotAdjacent(*h));
                    }
                    if !self.general_may_cross(n, side) {
                        return Err(RuleError::GeneralCannotMove(
                            "an enemy or impassable hex is in the way",
                        ));
                    }
                    if i + 1 == path.len() && self.at(n).next().is_some() {
                        return Err(RuleError::GeneralCannotMove("he ends alone in a hex"));
                    }
                    at = n;
                }
                Ok(())
            }
            Command::Step { piece, to } => self.check_step(piece, *to),
            Command::Turn { piece, facing } => self.check_turn(piece, *facing),
            Command::Formation { piece, column } => self.check_formation(piece, *column),
            Command::TakeBack => self.check_take_back(),
            Command::EndActivation { .. } => {
                self.maneuver_side()?;
                let a = self.active.as_ref().ok_or(RuleError::NoActivation)?;
                match self.end_movement_problem() {
                    Some((why, section)) => Err(RuleError::CannotEndMovement {
                        force: self.force_name(a.force),
                        why,
                        section,
                    }),
                    None => Ok(()),
                }
            }
            Command::Evade { .. }
            | Command::StandFast
            | Command::Pursue
            | Command::NoPursuit
            | Command::EndPursuit
            | Command::MoveBack { .. }
            | Command::RerollMelee
            | Command::KeepMelee => self.check_choice(cmd),
            Command::Flee { .. } | Command::PlaceGeneral { .. } => self.check_officer_choice(cmd),
            Command::EndManeuver => {
                let side = self.between_activations()?;
                if self.board.options.engaged_check_mandatory {
                    for (f, info) in self.board.forces.iter().enumerate() {
                        if info.side == side
                            && self.engaged_for(f as u16)
                            && !self.activated[f]
                            && !self.force_pieces(f as u16).is_empty()
                        {
                            return Err(RuleError::EngagedNotActivated(info.name.clone()));
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// Moves may be taken back to where the activation began, or to
    /// where they stood when a die was last rolled in it (N69).
    pub(super) fn check_take_back(&self) -> R<()> {
        self.maneuver_side()?;
        let a = self.active.as_ref().ok_or(RuleError::NoActivation)?;
        let unchanged = match &a.checkpoint {
            Some(cp) => cp.iter().all(|(p, h, f, c, m)| {
                !self.on_map(*p)
                    || self.pos[*p as usize] == *h
                        && self.facing[*p as usize] == *f
                        && self.column[*p as usize] == *c
                        && self.moved_of(*p) == Some(m)
            }),
            None => a.moved.iter().all(|(_, m)| {
                m.entered == 0 && m.turns_before + m.turns_after == 0 && !m.formation_changed
            }),
        };
        if unchanged {
            return Err(if a.checkpoint.is_some() {
                RuleError::DiceRolledSince
            } else {
                RuleError::NothingToTakeBack
            });
        }
        Ok(())
    }

    /// Whether a step would contact an enemy gun, which rolls a die (N75).
    pub fn step_contacts_gun(&self, id: &UnitId, to: Hex) -> bool {
        let (Some(p), Some(n)) = (self.board.piece_ix(id), self.board.hex_ix(to)) else {
            return false;
        };
        if !self.contacts_guns() {
            return false;
        }
        let mut st = self.clone();
        st.pos.set(p, n);
        !st.guns_contacted(p).is_empty()
    }

    // ---------------------------------------------------------------
    // execute

    pub(super) fn emit(&mut self, out: &mut Vec<Event>, e: Event) {
        self.apply(&e);
        out.push(e);
    }

    /// The first events of a game: turn 1, impulse 1.
    pub fn start(&mut self, dice: &mut Dice) -> Vec<Event> {
        let mut out = Vec::new();
        self.emit(&mut out, Event::TurnBegan { turn: 1 });
        self.begin_impulse(dice, &mut out);
        out
    }

    pub fn execute(&mut self, cmd: &Command, dice: &mut Dice) -> R<Vec<Event>> {
        let mut out = self.execute_command(cmd, dice)?;
        // Forces alternate (N2 option): an activation over, the other side
        // activates one, unless it has passed or has none left.
        if self.alternate_forces()
            && self.active.is_none()
            && self.pending.is_none()
            && self.outcome.is_none()
            && out
                .iter()
                .any(|e| matches!(e, Event::ActivationEnded { .. }))
            && let Phase::Maneuver { side } = self.phase
        {
            let other = 1 - side;
            if !self.passed[other as usize] && self.has_forces_to_activate(other) {
                self.emit(
                    &mut out,
                    Event::PhaseBegan {
                        phase: Phase::Maneuver { side: other },
                    },
                );
            }
        }
        Ok(out)
    }

    fn execute_command(&mut self, cmd: &Command, dice: &mut Dice) -> R<Vec<Event>> {
        self.check(cmd)?;
        let mut out = Vec::new();
        // Another piece moving, or the movement ending, ends the last
        // piece's move (N57): where it ends with a host, the gun takes
        // the host's facing then, not on passing through (N72, N74).
        let next = match cmd {
            Command::Step { piece, .. }
            | Command::Turn { piece, .. }
            | Command::Formation { piece, .. } => self.board.piece_ix(piece),
            Command::EndActivation { .. } => Some(PieceIx::MAX),
            _ => None,
        };
        if let Some(next) = next
            && self.combat.is_none()
            && let Some(last) = self.active.as_ref().and_then(|a| a.last)
            && last != next
        {
            for (gun, facing) in self.attachments(last) {
                self.emit(&mut out, Event::Turned { piece: gun, facing });
            }
        }
        match cmd {
            Command::Evade { .. }
            | Command::StandFast
            | Command::Pursue
            | Command::NoPursuit
            | Command::EndPursuit
            | Command::MoveBack { .. }
            | Command::RerollMelee
            | Command::KeepMelee => self.execute_choice(cmd, dice, &mut out)?,
            Command::Flee { .. } | Command::PlaceGeneral { .. } => {
                self.execute_officer_choice(cmd, dice, &mut out)?
            }
            Command::Skirmish { force, target } => {
                let (f, t) = (self.force(force)?, self.force(target)?);
                self.emit(
                    &mut out,
                    Event::SkirmishDeclared {
                        force: f,
                        target: t,
                    },
                );
            }
            Command::EndSkirmish => self.next_phase(dice, &mut out),
            Command::Bombard { gun, target } => {
                let (g, t) = (self.piece(gun)?, self.piece(target)?);
                self.emit(&mut out, Event::BombardDeclared { gun: g, target: t });
            }
            Command::EndBombardment => self.next_phase(dice, &mut out),
            Command::Activate { force } => {
                let f = self.force(force)?;
                self.command_check(f, dice, &mut out);
            }
            Command::Reroll => {
                let (f, side) = match &self.active {
                    Some(a) => (a.force, self.board.forces[a.force as usize].side),
                    None => return Err(RuleError::NoActivation),
                };
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                self.command_check(f, dice, &mut out);
            }
            Command::ActivateReserve { force } => {
                let f = self.force(force)?;
                let side = self.board.forces[f as usize].side;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                self.emit(&mut out, Event::ReserveActivated { force: f });
            }
            Command::Rally { force } => {
                let f = self.force(force)?;
                let side = self.board.forces[f as usize].side;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                // Units 4 or more hexes from every enemy unit lose one point
                // each (N47).
                let pieces = self.board.forces[f as usize]
                    .units
                    .iter()
                    .copied()
                    .filter(|&u| {
                        self.on_map(u)
                            && self.casualties[u as usize] > 0
                            && self.enemy_distance(u) >= 4
                    })
                    .collect();
                self.emit(&mut out, Event::Rallied { force: f, pieces });
            }
            Command::SauveQuiPeut { force } => {
                let f = self.force(force)?;
                let side = self.board.forces[f as usize].side;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                let units = self.board.forces[f as usize]
                    .units
                    .iter()
                    .copied()
                    .filter(|&u| self.on_map(u) && self.enemy_distance(u) <= 3)
                    .collect();
                self.emit(&mut out, Event::SauveQuiPeutOrdered { force: f, units });
            }
            Command::MoveGeneral { path } => {
                let side = self.maneuver_side()?;
                let left = self.adcs[side as usize] - 1;
                self.emit(&mut out, Event::AdcSpent { side, left });
                self.emit(
                    &mut out,
                    Event::GeneralMoved {
                        side,
                        path: path.clone(),
                    },
                );
            }
            Command::Step { piece, to } => {
                let p = self.piece(piece)?;
                let from = self.board.hex(self.pos[p as usize]);
                let to_ix = self.board.hex_ix(*to).ok_or(RuleError::OffMap(*to))?;
                let dir = self.board.dir_to(self.pos[p as usize], to_ix).unwrap_or(0);
                let backward = self.is_backward(p, dir);
                self.emit(
                    &mut out,
                    Event::Stepped {
                        piece: p,
                        from,
                        to: *to,
                        backward,
                    },
                );
                // Officers alone next to the mover move away (N52).
                self.contact_officers(p, &mut out);
                // Guns met on the way are contacted (N75); moving
                // backward never contacts.
                if !backward
                    && self.contacts_guns()
                    && !matches!(self.pending, Some(Pending::GeneralPlacement { .. }))
                {
                    let pursuing = matches!(self.pending, Some(Pending::Pursuing { .. }));
                    self.contact_guns(p, dice, &mut out);
                    // Pursuing cavalry destroyed by a gun it met: the
                    // combats of the activation go on (N87).
                    if pursuing && self.pending.is_none() {
                        self.run_combats(dice, &mut out);
                    }
                }
            }
            Command::Turn { piece, facing } => {
                let p = self.piece(piece)?;
                self.emit(
                    &mut out,
                    Event::Turned {
                        piece: p,
                        facing: *facing,
                    },
                );
                // Attached guns turn with their host (N72).
                let h = self.pos[p as usize];
                let guns: Vec<PieceIx> = self
                    .at(h)
                    .filter(|&q| q != p && self.kind_of(q).is_gun())
                    .collect();
                for g in guns {
                    self.emit(
                        &mut out,
                        Event::Turned {
                            piece: g,
                            facing: *facing,
                        },
                    );
                }
            }
            Command::Formation { piece, column } => {
                let p = self.piece(piece)?;
                self.emit(
                    &mut out,
                    Event::FormationChanged {
                        piece: p,
                        column: *column,
                    },
                );
            }
            Command::TakeBack => {
                let pieces = match &self.active {
                    Some(a) => match &a.checkpoint {
                        // A piece eliminated since stays eliminated.
                        Some(cp) => cp
                            .iter()
                            .filter(|(p, ..)| self.on_map(*p))
                            .map(|(p, h, f, c, _)| (*p, self.board.hex(*h), *f, *c))
                            .collect(),
                        None => a
                            .moved
                            .iter()
                            .filter(|(p, _)| self.on_map(*p))
                            .map(|(p, m)| {
                                (*p, self.board.hex(m.start), m.start_facing, m.start_column)
                            })
                            .collect(),
                    },
                    None => return Err(RuleError::NoActivation),
                };
                self.emit(&mut out, Event::MovesTakenBack { pieces });
            }
            Command::EndActivation { direction } => {
                let (f, result) = match &self.active {
                    Some(a) => (a.force, a.result),
                    None => return Err(RuleError::NoActivation),
                };
                self.emit(&mut out, Event::MovementEnded { force: f });
                if matches!(result, Activation::Forward | Activation::Charge) {
                    let reference = self.reference_facing(f);
                    self.emit(
                        &mut out,
                        Event::CombatsBegan {
                            force: f,
                            direction: *direction,
                            reference,
                        },
                    );
                    self.run_combats(dice, &mut out);
                    return Ok(out);
                }
                // Each infantry and cavalry unit that fell back takes a
                // point; no enemy caused it, so no leader-loss roll (N49).
                if result == Activation::SauveQuiPeut {
                    let fled: Vec<PieceIx> = self
                        .active
                        .as_ref()
                        .map(|a| {
                            a.moved
                                .iter()
                                .filter(|(p, m)| m.entered > 0 && self.kind_of(*p).is_troop())
                                .map(|(p, _)| *p)
                                .collect()
                        })
                        .unwrap_or_default();
                    for p in fled {
                        self.casualties_on(p, 1, false, dice, &mut out);
                    }
                }
                self.emit(&mut out, Event::ActivationEnded { force: f });
            }
            Command::EndManeuver => self.end_maneuver(dice, &mut out),
        }
        Ok(out)
    }

    fn alternate_forces(&self) -> bool {
        self.board.options.maneuver_order
            == crate::rules::napoleon::model::ManeuverOrder::AlternateForces
    }

    /// Whether the side has a force on the map not yet activated this
    /// impulse.
    fn has_forces_to_activate(&self, side: u8) -> bool {
        self.board.forces.iter().enumerate().any(|(f, info)| {
            info.side == side && !self.activated[f] && !self.force_pieces(f as u16).is_empty()
        })
    }

    /// The side's Maneuver & Combat is over: by side, the next phase; with
    /// forces alternating (N2), the side passes and the other goes on
    /// alone, and once both have passed the impulse ends.
    fn end_maneuver(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let Phase::Maneuver { side } = self.phase else {
            return;
        };
        if !self.alternate_forces() {
            self.next_phase(dice, out);
            return;
        }
        self.emit(out, Event::ManeuverPassed { side });
        let other = 1 - side;
        if !self.passed[other as usize] {
            self.emit(
                out,
                Event::PhaseBegan {
                    phase: Phase::Maneuver { side: other },
                },
            );
            return;
        }
        if self.board.options.final_step_each_impulse {
            self.final_step(dice, out);
            if self.outcome.is_some() {
                return;
            }
        }
        self.begin_impulse(dice, out);
    }

    fn command_check(&mut self, f: u16, dice: &mut Dice, out: &mut Vec<Event>) {
        let roll = dice.d6();
        let modifiers = self.check_modifiers(f);
        let total = roll as i32 + modifiers.iter().map(|(_, m)| m).sum::<i32>();
        let result = Activation::of(total);
        self.emit(
            out,
            Event::CommandChecked {
                force: f,
                roll,
                modifiers,
                total,
                result,
            },
        );
        // A Static force's activation ends at once (N58).
        if result == Activation::Static
            && self.active.as_ref().is_some_and(|a| {
                a.rerolls_left == 0
                    || self.adcs[self.board.forces[f as usize].side as usize] == 0
                    || !self.leader_in_reach(f)
            })
        {
            self.emit(out, Event::ActivationEnded { force: f });
        }
    }

    /// The next phase, impulse or turn, skipping steps with nothing to do.
    fn next_phase(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let other = 1 - self.initiative;
        match self.phase {
            Phase::Skirmish { side } if side == self.initiative => {
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Skirmish { side: other },
                    },
                );
            }
            Phase::Skirmish { .. } => {
                self.resolve_skirmish(out);
                let side = self.initiative;
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Bombardment { side },
                    },
                );
            }
            Phase::Bombardment { side } if side == self.initiative => {
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Bombardment { side: other },
                    },
                );
            }
            Phase::Bombardment { .. } => {
                self.resolve_bombardment(dice, out);
                if self.outcome.is_some() {
                    return;
                }
                let side = self.initiative;
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Maneuver { side },
                    },
                );
                return;
            }
            Phase::Maneuver { side } if side == self.initiative => {
                self.emit(
                    out,
                    Event::PhaseBegan {
                        phase: Phase::Maneuver { side: other },
                    },
                );
                return;
            }
            Phase::Maneuver { .. } => {
                if self.board.options.final_step_each_impulse {
                    self.final_step(dice, out);
                    if self.outcome.is_some() {
                        return;
                    }
                }
                self.begin_impulse(dice, out);
                return;
            }
            Phase::Over => return,
        }
        self.skip_empty(dice, out);
    }

    /// Skirmish and bombardment steps in which the side has nothing to
    /// declare pass by themselves.
    fn skip_empty(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        match self.phase {
            Phase::Skirmish { side } if self.skirmish_options(side).is_empty() => {
                self.next_phase(dice, out)
            }
            Phase::Bombardment { side } if self.undeclared_guns(side).is_empty() => {
                self.next_phase(dice, out)
            }
            _ => {}
        }
    }

    fn begin_impulse(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let impulse = self.impulse + 1;
        let dice2 = [dice.d6(), dice.d6()];
        let ends = impulse >= 2 && dice2[0] + dice2[1] > 8;
        let cf = self.command_factor;
        let bonus = |s: usize| i32::from(cf[s] > cf[1 - s]);
        let totals = [dice2[0] as i32 + bonus(0), dice2[1] as i32 + bonus(1)];
        let winner = if totals[0] != totals[1] {
            u8::from(totals[1] > totals[0])
        } else if cf[0] != cf[1] {
            u8::from(cf[1] > cf[0])
        } else {
            self.board.tie_side
        };
        let capped = self
            .board
            .options
            .max_impulses_per_turn
            .is_some_and(|m| impulse > m);
        self.emit(
            out,
            Event::InitiativeRolled {
                impulse,
                dice: dice2,
                totals,
                winner,
                ends_turn: ends || capped,
            },
        );
        let play_last = ends && self.board.options.turn_end_roll == TurnEndRoll::PlayThenEnd;
        if (ends || capped) && !play_last {
            self.end_turn(dice, out);
            return;
        }
        let engaged = (0..self.board.forces.len() as u16)
            .filter(|&f| self.is_engaged_now(f))
            .collect();
        let isolated = (0..self.board.forces.len() as u16)
            .flat_map(|f| self.isolated_now(f))
            .collect();
        self.emit(
            out,
            Event::ImpulseBegan {
                impulse,
                initiative: winner,
                engaged,
                isolated,
            },
        );
        self.emit(
            out,
            Event::PhaseBegan {
                phase: Phase::Skirmish { side: winner },
            },
        );
        self.skip_empty(dice, out);
    }

    fn end_turn(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        self.final_step(dice, out);
        if self.outcome.is_some() {
            return;
        }
        if self.board.turn_limit.is_some_and(|t| self.turn >= t) {
            self.emit(
                out,
                Event::GameOver {
                    winner: None,
                    reason: format!(
                        "neither army broke in {} (N4)",
                        crate::words::counted(self.turn, "turn", "turns")
                    ),
                },
            );
            return;
        }
        let turn = self.turn + 1;
        self.emit(out, Event::TurnBegan { turn });
        self.begin_impulse(dice, out);
    }

    /// Victory location points of a side now (N33, historical scenarios'
    /// victory hexes): hexes it holds alone with a unit.
    pub fn location_points(&self, side: u8) -> u32 {
        let controlled = self.board.options.village_points
            == crate::rules::napoleon::model::VillagePoints::Controlled;
        let pickup = self.board.pickup.as_ref();
        let villages: u32 = self
            .board
            .victory
            .iter()
            .enumerate()
            .filter(|&(i, &(h, s, _))| {
                s == side
                    && if controlled {
                        self.control.get(i).copied().flatten() == Some(side)
                    } else if pickup.is_some() {
                        // N33: occupied by one of the attacker's infantry.
                        self.at(h).any(|q| {
                            self.side_of(q) == side
                                && self.board.pieces[q as usize].kind == super::PieceKind::Infantry
                        })
                    } else {
                        self.occupier(h) == Some(side)
                    }
            })
            .map(|(_, &(_, _, p))| p)
            .sum();
        let Some(p) = pickup else {
            return villages;
        };
        // N33: a hill of the defender's areas whose only occupants are the
        // attacker's units; a unit on the enemy's road in his reserve.
        let hills = if side == p.attacker {
            p.hills
                .iter()
                .filter(|hill| {
                    let sides: Vec<u8> = hill.iter().filter_map(|&h| self.occupier(h)).collect();
                    sides.contains(&side) && !sides.contains(&(1 - side))
                })
                .count() as u32
        } else {
            0
        };
        let road = u32::from(
            p.roads[1 - side as usize]
                .iter()
                .any(|&h| self.occupier(h) == Some(side)),
        );
        villages + hills + road
    }

    /// The side with an infantry, cavalry or artillery unit in `h`.
    fn occupier(&self, h: HexIx) -> Option<u8> {
        self.at(h)
            .find(|&q| self.kind_of(q).is_unit())
            .map(|q| self.side_of(q))
    }

    /// Each victory location passes to the side with a unit in it when
    /// the game starts and when an activation ends; an empty hex stays
    /// with the last side that held it (N33 option `controlled`; moves
    /// become final when the activation ends, so passing through does not
    /// take it).
    fn update_control(&mut self) {
        for i in 0..self.board.victory.len() {
            let h = self.board.victory[i].0;
            if let Some(s) = self.occupier(h) {
                self.control[i] = Some(s);
            }
        }
    }

    /// The Final Step [4.1] (N98-N100).
    fn final_step(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        let mut totals: [Option<i32>; 2] = [None, None];
        for side in 0..2u8 {
            let bp = self.board.armies[side as usize].break_point;
            if self.lost[side as usize] < bp {
                continue;
            }
            let roll = dice.d6();
            let beyond = self.lost[side as usize] - bp;
            let finished_turns = match self.board.options.finished_turns {
                FinishedTurns::BeforeCurrent => self.turn.saturating_sub(1),
                FinishedTurns::IncludingCurrent => self.turn,
            };
            let locations = self.location_points(side);
            let total = roll as i32 - beyond as i32 - finished_turns as i32 + locations as i32;
            self.emit(
                out,
                Event::BreakTest {
                    side,
                    roll,
                    beyond,
                    finished_turns,
                    locations,
                    total,
                },
            );
            totals[side as usize] = Some(total);
        }
        let broken = [
            totals[0].is_some_and(|t| t <= 0),
            totals[1].is_some_and(|t| t <= 0),
        ];
        let (winner, reason) = match broken {
            [false, false] => return,
            [true, false] => (
                Some(1),
                format!(
                    "the {} army leaves the field [4.1]",
                    self.board.side_names[0]
                ),
            ),
            [false, true] => (
                Some(0),
                format!(
                    "the {} army leaves the field [4.1]",
                    self.board.side_names[1]
                ),
            ),
            [true, true] => {
                let (a, b) = (totals[0].unwrap_or(0), totals[1].unwrap_or(0));
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => (
                        Some(0),
                        "both armies break; the higher score is the marginal winner [4.1]"
                            .to_string(),
                    ),
                    std::cmp::Ordering::Less => (
                        Some(1),
                        "both armies break; the higher score is the marginal winner [4.1]"
                            .to_string(),
                    ),
                    std::cmp::Ordering::Equal => (
                        None,
                        "both armies break with equal scores [4.1]".to_string(),
                    ),
                }
            }
        };
        self.emit(out, Event::GameOver { winner, reason });
    }

    fn resolve_skirmish(&mut self, out: &mut Vec<Event>) {
        for (f, t) in self.skirmishes.clone() {
            let powers = [self.skirmish_power(f), self.skirmish_power(t)];
            let loser = match powers[0].cmp(&powers[1]) {
                std::cmp::Ordering::Less => Some(f),
                std::cmp::Ordering::Greater => Some(t),
                std::cmp::Ordering::Equal => None,
            };
            self.emit(
                out,
                Event::SkirmishResolved {
                    force: f,
                    target: t,
                    powers,
                    loser,
                },
            );
        }
    }

    fn resolve_bombardment(&mut self, dice: &mut Dice, out: &mut Vec<Event>) {
        // Group guns by target; the initiative side's targets first (N9).
        let mut groups: Vec<(PieceIx, Vec<PieceIx>)> = Vec::new();
        let mut declared = self.targets.clone();
        declared.sort_by_key(|&(g, t)| (self.side_of(g) != self.initiative, t, g));
        for (g, t) in declared {
            match groups.iter_mut().find(|(x, _)| *x == t) {
                Some((_, gs)) => gs.push(g),
                None => groups.push((t, vec![g])),
            }
        }
        let mut hits_on: Vec<(PieceIx, u32)> = Vec::new();
        for (t, guns) in &groups {
            let vulnerable = self.vulnerable(*t);
            let mut rolls = Vec::new();
            let mut hits = 0;
            for &g in guns {
                let carried = if self.board.options.artillery_damage_reduces_dice {
                    self.casualties[g as usize]
                } else {
                    0
                };
                let n = self
                    .board
                    .options
                    .troops
                    .bombardment_dice
                    .saturating_sub(carried);
                for _ in 0..n {
                    let mut r = dice.d6();
                    // Missed dice against a vulnerable target are re-rolled
                    // once [3.8.2.2] (N43).
                    if r != 6 && vulnerable {
                        rolls.push(r);
                        r = dice.d6();
                    }
                    rolls.push(r);
                    hits += u32::from(r == 6);
                }
            }
            self.emit(
                out,
                Event::Bombarded {
                    target: *t,
                    guns: guns.clone(),
                    dice: rolls,
                    hits,
                },
            );
            hits_on.push((*t, hits));
        }
        // All points together, after every gun has rolled (N43).
        for (t, hits) in hits_on {
            let hits = if self.board.options.town_save_vs_bombardment {
                self.town_saves(t, hits, dice, out)
            } else {
                hits
            };
            if hits > 0 {
                self.casualties_on(t, hits, true, dice, out);
            }
        }
    }

    /// Town saves: 4+ (3+ in a stronghold) per point (N88).
    fn town_saves(
        &mut self,
        p: PieceIx,
        points: u32,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) -> u32 {
        if !self.in_town(p) || points == 0 {
            return points;
        }
        let need = if self.board.stronghold[self.pos[p as usize] as usize] {
            3
        } else {
            4
        };
        let rolls: Vec<u32> = (0..points).map(|_| dice.d6()).collect();
        let saved = rolls.iter().filter(|&&r| r >= need).count() as u32;
        self.emit(
            out,
            Event::Saves {
                piece: p,
                dice: rolls,
                saved,
            },
        );
        points - saved
    }

    /// Casualty points on a unit, its elimination, and (when the enemy
    /// caused them) the leader-loss roll (N19, N51).
    pub(super) fn casualties_on(
        &mut self,
        p: PieceIx,
        points: u32,
        by_enemy: bool,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        self.casualties_with(p, points, by_enemy, true, dice, out);
    }

    /// As [`State::casualties_on`]; `guns_fall`: an attached gun is
    /// eliminated with its host (N77), else it stays, alone.
    fn casualties_with(
        &mut self,
        p: PieceIx,
        points: u32,
        by_enemy: bool,
        guns_fall: bool,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        if !self.on_map(p) || points == 0 {
            return;
        }
        let h = self.pos[p as usize];
        let cap = self.board.pieces[p as usize].capacity;
        let total = (self.casualties[p as usize] + points).min(cap);
        self.emit(
            out,
            Event::Casualties {
                piece: p,
                points,
                total,
            },
        );
        if total >= cap {
            if guns_fall {
                self.eliminate(p, out);
            } else {
                self.emit(out, Event::Eliminated { piece: p });
            }
        }
        if by_enemy
            && let Some(f) = self.board.pieces[p as usize].force
            && self.pos[self.board.forces[f as usize].leader as usize] == h
        {
            let roll = dice.d6();
            self.emit(
                out,
                Event::LeaderLossRolled {
                    force: f,
                    roll,
                    lost: roll == 6,
                },
            );
            // The replacement joins the nearest unit of the force when his
            // host is gone (N51).
            let leader = self.board.forces[f as usize].leader;
            if roll == 6 && !self.on_map(p) && self.on_map(leader) {
                self.place_new_leader(f, out);
            }
        }
    }

    /// A force's new leader joins the unit of the force nearest where the
    /// old one stood (N51; among equals, the first in the order of
    /// battle); with no unit left he is not placed.
    pub(super) fn place_new_leader(&mut self, f: u16, out: &mut Vec<Event>) {
        let leader = self.board.forces[f as usize].leader;
        let lh = self.pos[leader as usize];
        let to = self.board.forces[f as usize]
            .units
            .iter()
            .filter(|&&u| self.on_map(u) && self.kind_of(u).is_troop())
            .filter(|&&u| {
                let mut stack: Vec<PieceIx> = self
                    .at(self.pos[u as usize])
                    .filter(|&q| q != leader)
                    .collect();
                stack.push(leader);
                self.state_stack_ok(&stack)
            })
            .min_by_key(|&&u| {
                if lh == NO_HEX {
                    0
                } else {
                    self.board.distance(lh, self.pos[u as usize])
                }
            })
            .map(|&u| self.pos[u as usize]);
        if let Some(to) = to {
            let to = self.board.hex(to);
            self.emit(out, Event::LeaderPlaced { force: f, to });
        }
    }

    pub(super) fn eliminate(&mut self, p: PieceIx, out: &mut Vec<Event>) {
        let h = self.pos[p as usize];
        self.emit(out, Event::Eliminated { piece: p });
        // An attached gun shares its host's fate (N77).
        if self.kind_of(p).is_troop() {
            let guns: Vec<PieceIx> = self.at(h).filter(|&q| self.kind_of(q).is_gun()).collect();
            for g in guns {
                self.emit(out, Event::Eliminated { piece: g });
            }
        }
    }

    // ---------------------------------------------------------------
    // Combat [3.7.3]

    /// The lateral coordinate of a hex for the combat order (N80).
    pub(super) fn lateral(&self, h: HexIx, facing: u8) -> f64 {
        let o = self.centre(h);
        // The reference facing's vector, from any hex with that neighbour.
        let (dx, dy) = self
            .board
            .neighbours
            .iter()
            .enumerate()
            .find_map(|(i, n)| {
                let n = n[facing as usize % 6];
                (n != NO_HEX).then(|| {
                    let a = self.centre(i as HexIx);
                    let b = self.centre(n);
                    (b.x - a.x, b.y - a.y)
                })
            })
            .unwrap_or((0.0, -1.0));
        // 90° clockwise on the screen (y down) is the unit's right.
        let (rx, ry) = (-dy, dx);
        o.x * rx + o.y * ry
    }

    /// The attacking units of an activation: troops of the force, not
    /// isolated, not garrisons, facing an adjacent enemy troop (N78, N79).
    pub(super) fn attackers(&self, f: u16) -> Vec<PieceIx> {
        self.board.forces[f as usize]
            .units
            .iter()
            .copied()
            .filter(|&u| {
                self.on_map(u)
                    && self.kind_of(u).is_troop()
                    && !self.isolated[u as usize]
                    && (!self.in_town(u) || self.board.options.town_units_may_attack)
                    && !self.contact(u).is_empty()
            })
            .collect()
    }

    /// The reference facing of the combat order: the one most attackers
    /// hold (N80; ties: the lowest hexside).
    pub(super) fn reference_facing(&self, f: u16) -> u8 {
        let mut count = [0u32; 6];
        for u in self.attackers(f) {
            count[self.facing[u as usize] as usize] += 1;
        }
        (0..6u8)
            .max_by_key(|&i| (count[i as usize], 6 - i))
            .unwrap_or(0)
    }

    /// The modifiers of one side of a melee (N82).
    pub(super) fn melee_modifiers(
        &self,
        me: PieceIx,
        foe: PieceIx,
        attacking: bool,
        active: u16,
        start: HexIx,
    ) -> Vec<(String, i32)> {
        let info = &self.board.pieces[me as usize];
        let mut m = vec![
            ("combat factor".to_string(), info.combat),
            (
                "casualties".to_string(),
                -(self.casualties[me as usize] as i32),
            ),
        ];
        let (mh, fh) = (self.pos[me as usize], self.pos[foe as usize]);
        let town_assault = attacking && self.in_town(foe);
        if attacking {
            if !self.in_town(foe)
                && let Some(d) = self.board.dir_to(fh, mh)
                && !self.is_front(foe, d)
            {
                m.push(("rear attack".into(), 1));
            }
        } else {
            // Height [3.8.4] (N90, N107).
            let (e, hill) = self.height_of(mh);
            let (se, shill) = self.height_of(start);
            if hill.is_some()
                && self
                    .board
                    .dir_to(mh, fh)
                    .is_some_and(|d| self.is_front(me, d))
                && (se < e || shill != hill)
            {
                m.push(("height".into(), 1));
            }
            if self.board.terrain[mh as usize] == NapoleonTerrain::Woods {
                let w = self.board.options.woods_defence_modifier;
                if w != 0 {
                    m.push(("woods".into(), w));
                }
            }
        }
        // Support (N81; none for a town's attacker, N88).
        let no_support = (attacking && town_assault)
            || (self.board.options.town_assault_support == TownAssaultSupport::NoneEitherSide
                && (self.in_town(me) || self.in_town(foe)));
        if !no_support {
            let around = self.board.neighbours[fh as usize];
            let supporters = around
                .iter()
                .filter(|&&n| n != NO_HEX)
                .flat_map(|&n| self.at(n).collect::<Vec<_>>())
                .filter(|&q| {
                    q != me
                        && self.kind_of(q).is_troop()
                        && self.side_of(q) == info.side
                        && (!attacking || self.board.pieces[q as usize].force == Some(active))
                        && self.faces(q, foe)
                })
                .count() as i32;
            if supporters > 0 {
                m.push(("support".into(), supporters));
            }
        }
        // The leader (N51).
        if let Some(f) = info.force {
            let factor = self.leader_factor[f as usize];
            let attached = self.pos[self.board.forces[f as usize].leader as usize] == mh;
            let add = match self.board.options.leader_melee {
                LeaderMelee::AttachedPlusOnly => i32::from(attached && factor == 1),
                LeaderMelee::AttachedFull => {
                    if attached {
                        factor
                    } else {
                        0
                    }
                }
                LeaderMelee::WholeForceFull => factor,
            };
            if add != 0 {
                m.push(("leader".into(), add));
            }
        }
        if self.vulnerable(foe)
            && matches!(
                self.board.options.vulnerable_rule,
                VulnerableRule::PlusTwo | VulnerableRule::Both
            )
        {
            m.push(("vulnerable opponent".into(), 2));
        }
        if self.vulnerable(me)
            && matches!(
                self.board.options.vulnerable_rule,
                VulnerableRule::MinusOneAndReroll | VulnerableRule::Both
            )
        {
            m.push(("vulnerable".into(), -1));
        }
        if info.melee_modifier != 0 {
            m.push(("national rule".into(), info.melee_modifier));
        }
        m
    }

    /// Each side's melee modifiers, `att` attacking `def`: the active force
    /// (or `att`'s own) and where `att` began its move decide support and
    /// height (N82, N90).
    pub(super) fn melee_sides(&self, att: PieceIx, def: PieceIx) -> [Vec<(String, i32)>; 2] {
        let active = self
            .active
            .as_ref()
            .map(|a| a.force)
            .or(self.board.pieces[att as usize].force)
            .unwrap_or(0);
        let start = self
            .moved_of(att)
            .map_or(self.pos[att as usize], |m| m.start);
        [
            self.melee_modifiers(att, def, true, active, start),
            self.melee_modifiers(def, att, false, active, start),
        ]
    }

    /// Defensive fire of a host's attached guns when it is attacked from
    /// the front (N77).
    pub(super) fn defensive_fire(
        &mut self,
        att: PieceIx,
        def: PieceIx,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let (ah, dh) = (self.pos[att as usize], self.pos[def as usize]);
        if let Some(d) = self.board.dir_to(dh, ah)
            && self.is_front(def, d)
        {
            let guns: Vec<PieceIx> = self.at(dh).filter(|&q| self.kind_of(q).is_gun()).collect();
            for g in guns {
                if !self.on_map(att) {
                    break;
                }
                let roll = dice.d6();
                let hit = roll >= 3;
                self.emit(
                    out,
                    Event::DefensiveFire {
                        gun: g,
                        at: att,
                        roll,
                        hit,
                    },
                );
                if hit {
                    self.casualties_on(att, 1, true, dice, out);
                }
            }
        }
    }

    /// The dice and results of a melee, after defensive fire and evasion
    /// (N82-N85).
    pub(super) fn melee(
        &mut self,
        att: PieceIx,
        def: PieceIx,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let mods = self.melee_sides(att, def);
        let rolls = [dice.d6(), dice.d6()];
        let totals = [
            rolls[0] as i32 + mods[0].iter().map(|(_, v)| v).sum::<i32>(),
            rolls[1] as i32 + mods[1].iter().map(|(_, v)| v).sum::<i32>(),
        ];
        self.emit(
            out,
            Event::Melee {
                attacker: att,
                defender: def,
                rolls,
                modifiers: mods,
                totals,
            },
        );
        // An attack on a vulnerable unit that failed may be re-rolled, at
        // the attacker's choice (N93 option, N108).
        if totals[0] <= totals[1] && self.may_reroll_melee(def) {
            self.emit(
                out,
                Event::MeleeRerollOffered {
                    attacker: att,
                    defender: def,
                    rolls,
                },
            );
            return;
        }
        self.melee_result(att, def, totals, dice, out);
    }

    /// Whether a failed attack on `def` may be re-rolled: it is vulnerable
    /// and the option `vulnerable_rule` gives the re-roll (N93, N108).
    fn may_reroll_melee(&self, def: PieceIx) -> bool {
        matches!(
            self.board.options.vulnerable_rule,
            VulnerableRule::MinusOneAndReroll | VulnerableRule::Both
        ) && self.vulnerable(def)
    }

    /// The totals of a melee from its two dice (modifiers as they stand).
    pub(super) fn melee_totals(&self, att: PieceIx, def: PieceIx, rolls: [u32; 2]) -> [i32; 2] {
        let mods = self.melee_sides(att, def);
        [
            rolls[0] as i32 + mods[0].iter().map(|(_, v)| v).sum::<i32>(),
            rolls[1] as i32 + mods[1].iter().map(|(_, v)| v).sum::<i32>(),
        ]
    }

    /// A melee's results from its totals: casualties, squares, moving
    /// back (N82-N85).
    pub(super) fn melee_result(
        &mut self,
        att: PieceIx,
        def: PieceIx,
        totals: [i32; 2],
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let d = (totals[0] - totals[1]).unsigned_abs();
        let (a_pts, mut d_pts) = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Equal => (1, 1),
            std::cmp::Ordering::Greater => (u32::from(d >= 2), d),
            std::cmp::Ordering::Less => (d, u32::from(d >= 2)),
        };
        let mut attacker_lost = totals[0] <= totals[1];
        // Town saves (N88).
        d_pts = self.town_saves(def, d_pts, dice, out);
        let square =
            self.kind_of(att) == PieceKind::Cavalry && self.kind_of(def) == PieceKind::Infantry;
        // With `gun_when_host_eliminated: evasion_roll` a gun outlives its
        // host to roll against the winner (N77 option).
        let evasion_roll = self.board.options.gun_when_host_eliminated
            == crate::rules::napoleon::model::GunWhenHostEliminated::EvasionRoll;
        let guns_with = |st: &State, p: PieceIx| -> Vec<PieceIx> {
            let h = st.pos[p as usize];
            st.at(h)
                .filter(|&q| {
                    st.kind_of(q).is_gun()
                        && st.board.pieces[q as usize].force == st.board.pieces[p as usize].force
                })
                .collect()
        };
        let (def_guns, att_guns) = if evasion_roll {
            (guns_with(self, def), guns_with(self, att))
        } else {
            (Vec::new(), Vec::new())
        };
        // Both sides' points at once, then eliminations, then the
        // leader-loss rolls, the defender's first (N83).
        self.casualties_with(def, d_pts, true, !evasion_roll, dice, out);
        self.casualties_with(att, a_pts, true, !evasion_roll, dice, out);
        // A square holds: surviving infantry wins against cavalry (N85).
        // Eliminated, it loses, even on a tie (N85).
        if square {
            attacker_lost = self.on_map(def);
        }
        let defender_lost = !attacker_lost;
        if defender_lost && self.on_map(def) && !self.in_town(def) {
            self.move_back(def, att, true, dice, out);
        }
        if attacker_lost && self.on_map(att) {
            self.move_back(att, def, false, dice, out);
        }
        // A gun whose host fell rolls as an unattached gun contacted by
        // the winner; with no winner left it stands alone (N77 option).
        for (guns, host, winner) in [(def_guns, def, att), (att_guns, att, def)] {
            if self.on_map(host) || !self.on_map(winner) {
                continue;
            }
            for g in guns {
                if self.pending.is_some() || !self.on_map(g) || !self.on_map(winner) {
                    break;
                }
                let pursuit_of = (winner == att).then_some(host);
                self.gun_contact_roll(g, winner, pursuit_of, dice, out);
            }
        }
    }

    /// Where a unit that lost a melee may move back (N84): its facing
    /// (turned to the enemy it fought if that one is behind it), the
    /// pieces that go with it, and the open hexes: the rear-centre hex
    /// alone when it is open, else the other rear hexes not adjacent to
    /// the enemy fought that are open (the owner picks among them).
    pub fn move_back_plan(&self, p: PieceIx, enemy: PieceIx) -> MoveBackPlan {
        let h = self.pos[p as usize];
        let eh = self.pos[enemy as usize];
        let mut facing = self.facing[p as usize];
        if eh != NO_HEX
            && let Some(d) = self.board.dir_to(h, eh)
            && !self.is_front(p, d)
        {
            facing = d;
        }
        let side = self.side_of(p);
        // Its attached gun and leader go with it (N71, N77), so the hex
        // must take them too.
        let with: Vec<PieceIx> = self
            .at(h)
            .filter(|&q| {
                q != p && self.board.pieces[q as usize].force == self.board.pieces[p as usize].force
            })
            .collect();
        let barred = |n: HexIx| -> Option<bool> {
            // Some(true): barred by friends only; Some(false): otherwise.
            if n == NO_HEX {
                return Some(false);
            }
            if self.enemy_in(n, side)
                || self.terrain_bars(p, n).is_some()
                || with.iter().any(|&q| self.terrain_bars(q, n).is_some())
            {
                return Some(false);
            }
            let mut stack: Vec<PieceIx> = self.at(n).collect();
            stack.push(p);
            stack.extend(&with);
            if !self.state_stack_ok(&stack) {
                return Some(true);
            }
            None
        };
        let rear = [3u8, 2, 4].map(|k| (facing + k) % 6);
        let mut only_friends = true;
        let mut open = Vec::new();
        for (i, d) in rear.iter().enumerate() {
            let n = self.board.neighbours[h as usize][*d as usize];
            // Other rear hexes may not touch the enemy fought (N84).
            if i > 0 && n != NO_HEX && eh != NO_HEX && self.board.distance(n, eh) <= 1 {
                continue;
            }
            match barred(n) {
                None => {
                    open.push(n);
                    if i == 0 {
                        break;
                    }
                }
                Some(false) => only_friends = false,
                Some(true) => {}
            }
        }
        MoveBackPlan {
            facing,
            with,
            open,
            only_friends,
        }
    }

    /// Moves a unit one hex back after losing (N84); where the rear-centre
    /// hex is barred and two others are open, its owner picks.
    fn move_back(
        &mut self,
        p: PieceIx,
        enemy: PieceIx,
        defender: bool,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let plan = self.move_back_plan(p, enemy);
        match plan.open.as_slice() {
            [n] => self.moved_back(p, *n, &plan, out),
            [] if plan.only_friends
                && self.board.options.blocked_retreat
                    == crate::rules::napoleon::model::BlockedRetreat::ExtraCasualtyIfFriends =>
            {
                self.casualties_on(p, 1, false, dice, out);
            }
            [] => self.eliminate(p, out),
            many => {
                let options = many.iter().map(|&n| self.board.hex(n)).collect();
                self.emit(
                    out,
                    Event::MoveBackDue {
                        piece: p,
                        fought: enemy,
                        defender,
                        options,
                    },
                );
            }
        }
    }

    /// The unit, with its attached gun and leader, enters `n` (N84).
    pub(super) fn moved_back(
        &mut self,
        p: PieceIx,
        n: HexIx,
        plan: &MoveBackPlan,
        out: &mut Vec<Event>,
    ) {
        let (from, to) = (self.board.hex(self.pos[p as usize]), self.board.hex(n));
        for &q in std::iter::once(&p).chain(&plan.with) {
            self.emit(
                out,
                Event::MovedBack {
                    piece: q,
                    from,
                    to,
                    facing: plan.facing,
                },
            );
        }
    }

    // ---------------------------------------------------------------
    // apply: the only place state changes.

    pub fn apply(&mut self, e: &Event) {
        self.apply_event(e);
        if matches!(e, Event::TurnBegan { .. } | Event::ActivationEnded { .. }) {
            self.update_control();
        }
    }

    /// A step of piece `p` into hex `to_ix` ([`Event::Stepped`], by
    /// index): along a road or not (N91), backward or not (N64).
    pub(super) fn stepped(&mut self, p: PieceIx, to_ix: HexIx, on_road: bool, backward: bool) {
        let cost = self.board.cost[to_ix as usize];
        let ma = self.board.pieces[p as usize].movement;
        self.pos.set(p, to_ix);
        if let Some(a) = &mut self.active
            && let Some(m) = a.moving(p)
        {
            m.step(cost, ma, on_road, backward);
        }
    }

    fn apply_event(&mut self, e: &Event) {
        match e {
            Event::TurnBegan { turn } => {
                self.turn = *turn;
                self.impulse = 0;
                self.adcs = self.command_factor;
            }
            Event::InitiativeRolled { winner, .. } => self.initiative = *winner,
            Event::ImpulseBegan {
                impulse,
                initiative,
                engaged,
                isolated,
            } => {
                self.impulse = *impulse;
                self.impulses_played += 1;
                self.initiative = *initiative;
                self.engaged.iter_mut().for_each(|x| *x = false);
                for &f in engaged {
                    self.engaged[f as usize] = true;
                }
                self.isolated.iter_mut().for_each(|x| *x = false);
                for &p in isolated {
                    self.isolated[p as usize] = true;
                }
                self.activated.iter_mut().for_each(|x| *x = false);
                self.passed = [false; 2];
                self.rallied.iter_mut().for_each(|x| *x = false);
                self.under_fire.iter_mut().for_each(|x| *x = false);
                self.skirmishes.clear();
                self.targets.clear();
                self.active = None;
                self.combat = None;
                self.pending = None;
            }
            Event::PhaseBegan { phase } => self.phase = *phase,
            Event::ManeuverPassed { side } => self.passed[*side as usize] = true,
            Event::SkirmishDeclared { force, target } => self.skirmishes.push((*force, *target)),
            Event::SkirmishResolved { loser, .. } => {
                if let Some(l) = loser {
                    self.under_fire[*l as usize] = true;
                }
            }
            Event::BombardDeclared { gun, target } => self.targets.push((*gun, *target)),
            Event::Bombarded { .. } | Event::Saves { .. } | Event::DefensiveFire { .. } => {}
            Event::Melee { .. } => {}
            Event::BreakTest { side, total, .. } => {
                let s = *side as usize & 1;
                self.break_tests[s] += 1;
                if *total <= 0 {
                    self.breaks_failed[s] += 1;
                }
            }
            Event::Casualties {
                piece,
                total,
                points,
            } => {
                self.casualties[*piece as usize] = *total;
                self.casualty_points[self.board.pieces[*piece as usize].side as usize & 1] +=
                    *points;
            }
            Event::Eliminated { piece } => {
                let p = *piece as usize;
                if self.pos[p] != NO_HEX {
                    self.pos.set(p as PieceIx, NO_HEX);
                    self.lost[self.board.pieces[p].side as usize] += 1;
                }
                // A choice waiting on a piece that is gone is over.
                if self.pending.is_some_and(|x| x.piece() == *piece) {
                    self.pending = None;
                }
            }
            Event::LeaderLossRolled { force, lost, .. } => {
                if *lost {
                    self.leader_factor[*force as usize] = -1;
                }
            }
            Event::CommandChecked { force, result, .. } => {
                let f = *force;
                // A re-roll keeps the activation's remaining re-rolls (N46).
                let rerolls = match &self.active {
                    Some(a) if a.force == f => a.rerolls_left.saturating_sub(1),
                    _ => self.board.options.rerolls_per_check,
                };
                let reference_enemy = self.reference_enemy(f);
                self.open_activation(f, *result, rerolls, reference_enemy, Vec::new());
            }
            Event::AdcSpent { side, left } => self.adcs[*side as usize] = *left,
            Event::ReserveActivated { force } => {
                self.open_activation(*force, Activation::Forward, 0, None, Vec::new());
            }
            Event::SauveQuiPeutOrdered { force, units } => {
                self.open_activation(*force, Activation::SauveQuiPeut, 0, None, units.clone());
            }
            Event::Rallied { force, pieces } => {
                self.rallied[*force as usize] = true;
                for &p in pieces {
                    let c = &mut self.casualties[p as usize];
                    *c = c.saturating_sub(1);
                }
            }
            Event::GeneralMoved { side, path } => {
                let g = self.board.armies[*side as usize].general;
                if let Some(h) = path.last().and_then(|h| self.board.hex_ix(*h)) {
                    self.pos.set(g, h);
                }
            }
            Event::Stepped {
                piece,
                from,
                to,
                backward,
            } => {
                let Some(to_ix) = self.board.hex_ix(*to) else {
                    return;
                };
                let on_road = self.board.hex_ix(*from).is_some_and(|f| {
                    self.board
                        .dir_to(f, to_ix)
                        .is_some_and(|d| self.board.road[f as usize][d as usize])
                });
                self.stepped(*piece, to_ix, on_road, *backward);
            }
            Event::Turned { piece, facing } => {
                let p = *piece;
                self.facing[p as usize] = *facing;
                if let Some(a) = &mut self.active {
                    let is_last_other = a.last.is_some_and(|l| l != p);
                    let moving_piece = a.moved.iter().any(|(q, _)| *q == p);
                    // A gun turned with its host is not its own turn.
                    if moving_piece
                        && !(is_last_other && self.board.pieces[p as usize].kind.is_gun())
                        && let Some(m) = a.moving(p)
                    {
                        m.turn();
                    }
                }
            }
            Event::FormationChanged { piece, column } => {
                self.column[*piece as usize] = *column;
                if let Some(a) = &mut self.active
                    && let Some((_, m)) = a.moved.iter_mut().find(|(q, _)| *q == *piece)
                {
                    m.formation_changed = true;
                    a.rerolls_left = 0;
                }
            }
            Event::MovementEnded { .. } => {}
            Event::MovesTakenBack { pieces } => {
                for &(p, h, f, c) in pieces {
                    if let Some(i) = self.board.hex_ix(h) {
                        self.pos.set(p, i);
                    }
                    self.facing[p as usize] = f;
                    self.column[p as usize] = c;
                }
                if let Some(a) = &mut self.active {
                    match &a.checkpoint {
                        // Back to where a die was last rolled (N69).
                        Some(cp) => {
                            for (p, _, _, _, m0) in cp {
                                if let Some((_, m)) = a.moved.iter_mut().find(|(q, _)| q == p) {
                                    *m = *m0;
                                }
                            }
                            if !matches!(self.pending, Some(Pending::Pursuing { .. })) {
                                a.last = None;
                            }
                        }
                        None => {
                            for (_, m) in a.moved.iter_mut() {
                                *m = Moved {
                                    start: m.start,
                                    start_facing: m.start_facing,
                                    start_column: m.start_column,
                                    ..Moved::default()
                                };
                            }
                            a.last = None;
                        }
                    }
                }
            }
            Event::MovedBack {
                piece, to, facing, ..
            } => {
                if let Some(n) = self.board.hex_ix(*to) {
                    self.pos.set(*piece, n);
                }
                if self.board.pieces[*piece as usize].kind.is_unit() {
                    self.facing[*piece as usize] = *facing;
                }
                if matches!(self.pending, Some(Pending::MoveBack { piece: p, .. }) if p == *piece) {
                    self.pending = None;
                }
            }
            Event::ActivationEnded { .. } => {
                self.active = None;
                self.combat = None;
                self.pending = None;
            }
            Event::GunContacted { .. }
            | Event::EvasionDue { .. }
            | Event::EvasionOffered { .. }
            | Event::Evaded { .. }
            | Event::StoodFast { .. }
            | Event::CombatsBegan { .. }
            | Event::Fight { .. }
            | Event::PursuitOffered { .. }
            | Event::PursuitBegan { .. }
            | Event::PursuitDeclined { .. }
            | Event::MoveBackDue { .. }
            | Event::MeleeRerollOffered { .. }
            | Event::MeleeRerolled { .. }
            | Event::MeleeRerollDeclined { .. }
            | Event::LeaderPlaced { .. } => self.apply_combat(e),
            Event::OfficerContacted { .. }
            | Event::OfficerFled { .. }
            | Event::OfficerCaptured { .. }
            | Event::GeneralPlacementDue { .. }
            | Event::GeneralPlaced { .. } => self.apply_officers(e),
            Event::GameOver { winner, reason } => {
                self.phase = Phase::Over;
                self.active = None;
                self.pending = None;
                self.outcome = Some(Outcome {
                    winner: *winner,
                    reason: reason.clone(),
                });
            }
        }
    }

    /// Opens a force's activation: it counts as activated this impulse
    /// (N57), and each of its pieces starts its record where it stands.
    fn open_activation(
        &mut self,
        f: u16,
        result: Activation,
        rerolls_left: u32,
        reference_enemy: Option<PieceIx>,
        ordered: Vec<PieceIx>,
    ) {
        self.activated[f as usize] = true;
        // N53 option `activation`: a force's engagement is taken when it
        // activates, not at the start of the impulse.
        if self.board.options.engagement_snapshot == EngagementSnapshot::Activation {
            self.engaged[f as usize] = self.is_engaged_now(f);
        }
        let moved = self
            .force_pieces(f)
            .into_iter()
            .map(|p| {
                let m = Moved {
                    start: self.pos[p as usize],
                    start_facing: self.facing[p as usize],
                    start_column: self.column[p as usize],
                    ..Moved::default()
                };
                (p, m)
            })
            .collect();
        let was_contiguous = self.contiguous(f);
        self.active = Some(Active {
            force: f,
            result,
            rerolls_left,
            moved,
            last: None,
            was_contiguous,
            reference_enemy,
            ordered,
            contacted: Vec::new(),
            checkpoint: None,
        });
    }

    /// The enemy unit nearest to any unit of the force (N60).
    fn reference_enemy(&self, f: u16) -> Option<PieceIx> {
        let side = self.board.forces[f as usize].side;
        let mine: Vec<HexIx> = self.board.forces[f as usize]
            .units
            .iter()
            .filter(|&&u| self.on_map(u))
            .map(|&u| self.pos[u as usize])
            .collect();
        self.units_of(1 - side)
            .map(|e| {
                let d = mine
                    .iter()
                    .map(|&h| self.board.distance(h, self.pos[e as usize]))
                    .min()
                    .unwrap_or(u32::MAX);
                (d, e)
            })
            .min()
            .map(|(_, e)| e)
    }

    // ---------------------------------------------------------------
    // Legal commands (for computer players and tests).

    pub fn legal_commands(&self) -> Vec<Command> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        let force_name = |f: u16| self.board.forces[f as usize].name.clone();
        if let Some(pending) = self.pending {
            let id = self.board.pieces[pending.piece() as usize].id.clone();
            match pending {
                Pending::GunEvasion { gun: p, from, .. }
                | Pending::CavalryEvasion {
                    cavalry: p,
                    attacker: from,
                } => {
                    for e in self.evasion_moves(p, from) {
                        out.push(Command::Evade {
                            piece: id.clone(),
                            to: e.to,
                            facing: e.facing,
                        });
                    }
                    if matches!(pending, Pending::CavalryEvasion { .. }) {
                        out.push(Command::StandFast);
                    }
                }
                Pending::Pursuit { .. } => {
                    out.push(Command::Pursue);
                    out.push(Command::NoPursuit);
                }
                Pending::MeleeReroll { .. } => {
                    out.push(Command::RerollMelee);
                    out.push(Command::KeepMelee);
                }
                Pending::OfficerFlight { officer, .. } => {
                    for to in self.officer_escapes(officer) {
                        out.push(Command::Flee {
                            piece: id.clone(),
                            to,
                        });
                    }
                }
                Pending::GeneralPlacement { side, .. } => {
                    for to in self.general_placements(side) {
                        out.push(Command::PlaceGeneral { to });
                    }
                }
                Pending::MoveBack { piece, fought, .. } => {
                    for n in self.move_back_plan(piece, fought).open {
                        out.push(Command::MoveBack {
                            piece: id.clone(),
                            to: self.board.hex(n),
                        });
                    }
                }
                Pending::Pursuing { cavalry, .. } => {
                    let h = self.pos[cavalry as usize];
                    for &n in &self.board.neighbours[h as usize] {
                        if n != NO_HEX && self.check_step(&id, self.board.hex(n)).is_ok() {
                            out.push(Command::Step {
                                piece: id.clone(),
                                to: self.board.hex(n),
                            });
                        }
                    }
                    for facing in 0..6u8 {
                        if self.check_turn(&id, facing).is_ok() {
                            out.push(Command::Turn {
                                piece: id.clone(),
                                facing,
                            });
                        }
                    }
                    for c in [Command::EndPursuit, Command::NoPursuit] {
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                    if self.check(&Command::EndPursuit).is_err()
                        && self.check(&Command::TakeBack).is_ok()
                    {
                        out.push(Command::TakeBack);
                    }
                }
            }
            return out;
        }
        match self.phase {
            Phase::Skirmish { side } => {
                for (f, t) in self.skirmish_options(side) {
                    out.push(Command::Skirmish {
                        force: force_name(f),
                        target: force_name(t),
                    });
                }
                out.push(Command::EndSkirmish);
            }
            Phase::Bombardment { side } => {
                let guns = self.undeclared_guns(side);
                for &g in &guns {
                    for t in self.gun_targets(g) {
                        out.push(Command::Bombard {
                            gun: self.board.pieces[g as usize].id.clone(),
                            target: self.board.pieces[t as usize].id.clone(),
                        });
                    }
                }
                if guns.is_empty() {
                    out.push(Command::EndBombardment);
                }
            }
            Phase::Maneuver { side } => match &self.active {
                None => {
                    for (f, info) in self.board.forces.iter().enumerate() {
                        let f = f as u16;
                        if info.side != side || self.force_pieces(f).is_empty() {
                            continue;
                        }
                        for c in [
                            Command::Activate {
                                force: info.name.clone(),
                            },
                            Command::ActivateReserve {
                                force: info.name.clone(),
                            },
                            Command::Rally {
                                force: info.name.clone(),
                            },
                            Command::SauveQuiPeut {
                                force: info.name.clone(),
                            },
                        ] {
                            if self.check(&c).is_ok() {
                                out.push(c);
                            }
                        }
                    }
                    if self.check(&Command::EndManeuver).is_ok() {
                        out.push(Command::EndManeuver);
                    }
                }
                Some(a) => {
                    if self.check(&Command::Reroll).is_ok() {
                        out.push(Command::Reroll);
                    }
                    // While the last piece owes its Charge!, nothing else
                    // moves (N61): asked once, not for every command.
                    let held = a.last.filter(|&l| self.charge_unmet(l).is_some());
                    for (p, m) in &a.moved {
                        if m.done || !self.on_map(*p) || held.is_some_and(|l| l != *p) {
                            continue;
                        }
                        let id = &self.board.pieces[*p as usize].id;
                        for &n in &self.board.neighbours[self.pos[*p as usize] as usize] {
                            if n != NO_HEX && self.check_step(id, self.board.hex(n)).is_ok() {
                                out.push(Command::Step {
                                    piece: id.clone(),
                                    to: self.board.hex(n),
                                });
                            }
                        }
                        // Guns turn freely; offer it once between steps so
                        // random play ends.
                        let gun_turned = self.kind_of(*p).is_gun()
                            && (m.turns_before + m.turns_after) > m.entered;
                        if !gun_turned {
                            for f in 0..6u8 {
                                if self.check_turn(id, f).is_ok() {
                                    out.push(Command::Turn {
                                        piece: id.clone(),
                                        facing: f,
                                    });
                                }
                            }
                        }
                        let col = !self.column[*p as usize];
                        if self.check_formation(id, col).is_ok() {
                            out.push(Command::Formation {
                                piece: id.clone(),
                                column: col,
                            });
                        }
                    }
                    let before = out.len();
                    for direction in [Direction::LeftToRight, Direction::RightToLeft] {
                        let c = Command::EndActivation { direction };
                        if self.check(&c).is_ok() {
                            out.push(c);
                        }
                    }
                    // Taking back is offered when the activation cannot end
                    // as it stands (a computer player then starts again).
                    if out.len() == before && self.check(&Command::TakeBack).is_ok() {
                        out.push(Command::TakeBack);
                    }
                }
            },
            Phase::Over => {}
        }
        out
    }
}
