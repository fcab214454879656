//! `check` for the *Napoleon* rules (pure): whether a command is legal,
//! and the queries it is made of (movement, facing, formation, contact),
//! which the table and `legal_commands` ask too.

use super::board::{HexIx, NO_HEX, PieceIx, PieceKind};
use super::state::{Active, Moved, Pending, State};
use super::types::{Activation, Command, Event, Phase, RuleError};
use crate::hex::{Hex, Layout, LineStep, Point};
use crate::rules::napoleon::model::{EngagementSnapshot, ManeuverMovement, NapoleonTerrain};
use crate::scenario::UnitId;

type R<T> = Result<T, RuleError>;

/// Why a piece of the active force may not act, before it is named in
/// a [`RuleError`].
#[derive(Clone, Copy)]
pub(super) enum NotActing {
    NoActivation,
    NotInForce,
    Static(u16),
    Moved(&'static str),
}

/// Why a step is refused, before the piece is named in a [`RuleError`].
#[derive(Clone, Copy)]
pub(super) enum StepRefused {
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

    pub(super) fn piece(&self, id: &UnitId) -> R<PieceIx> {
        self.board
            .piece_ix(id)
            .ok_or_else(|| RuleError::UnknownPiece(id.clone()))
    }

    pub(super) fn force(&self, name: &str) -> R<u16> {
        self.board
            .forces
            .iter()
            .position(|f| f.name == name)
            .map(|i| i as u16)
            .ok_or_else(|| RuleError::UnknownForce(name.to_string()))
    }

    pub(super) fn force_name(&self, f: u16) -> String {
        self.board.forces[f as usize].name.clone()
    }

    pub(super) fn side_of(&self, p: PieceIx) -> u8 {
        self.board.pieces[p as usize].side
    }

    pub(super) fn kind_of(&self, p: PieceIx) -> PieceKind {
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

    pub(super) fn centre(&self, h: HexIx) -> Point {
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

    pub(super) fn leader_in_reach(&self, f: u16) -> bool {
        let info = &self.board.forces[f as usize];
        let g = self.board.armies[info.side as usize].general;
        let (l, gh) = (self.pos[info.leader as usize], self.pos[g as usize]);
        l != NO_HEX && gh != NO_HEX && self.board.distance(l, gh) <= 5
    }

    pub(super) fn maneuver_side(&self) -> R<u8> {
        match self.phase {
            Phase::Maneuver { side } => Ok(side),
            Phase::Over => Err(RuleError::GameOver),
            _ => Err(RuleError::WrongPhase(
                "only in the Maneuver & Combat phase [3.7]",
            )),
        }
    }

    pub(super) fn own_force(&self, name: &str, side: u8) -> R<u16> {
        let f = self.force(name)?;
        if self.board.forces[f as usize].side != side {
            return Err(RuleError::NotYours(name.to_string()));
        }
        Ok(f)
    }

    pub(super) fn between_activations(&self) -> R<u8> {
        let side = self.maneuver_side()?;
        if let Some(a) = &self.active {
            return Err(RuleError::ActivationOpen(self.force_name(a.force)));
        }
        Ok(side)
    }

    pub(super) fn special_action(&self, side: u8, f: u16) -> R<()> {
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
    pub(super) fn active_piece(&self, id: &UnitId) -> R<(PieceIx, &Active, &Moved)> {
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
    pub(super) fn active_ix(&self, p: PieceIx) -> Result<(&Active, &Moved), NotActing> {
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
    pub(super) fn check_step_from(&self, id: &UnitId, to: Hex, look_ahead: u32) -> R<()> {
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
    pub(super) fn charge_keeps_open(&self, p: PieceIx, make: impl FnOnce(&mut State)) -> R<()> {
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
    pub(super) fn entry_refusal(&self, p: PieceIx, to_ix: HexIx) -> Result<(), StepRefused> {
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
    pub(super) fn step_refusal(
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
    pub(super) fn turn_refusal(
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
    pub(super) fn turning_refusal(
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
    pub(super) fn facing_refusal(&self, p: PieceIx, facing: u8) -> Result<(), &'static str> {
        let h = self.pos[p as usize];
        self.facing_refusal_in(p, facing, self.stack_legal_with(p, h))
    }

    /// [`State::facing_refusal`], knowing whether `p` may end its move in
    /// its stack ([`State::stack_legal_with`] of its hex).
    pub(super) fn facing_refusal_in(
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
    pub(super) fn end_movement_problem(&self) -> Option<(String, &'static str)> {
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
    pub(super) fn has_step_away(&self, p: PieceIx) -> bool {
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
    pub(super) fn contacts_of(&self, p: PieceIx) -> impl Iterator<Item = PieceIx> + '_ {
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
}
