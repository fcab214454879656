//! `check` for Napoleon at Waterloo: whether a command is legal, and the
//! queries it is made of (paths, retreats, losses, attacks). `check` never
//! changes anything; `execute` produces events and applies each one as it
//! goes, so the state changes only through `apply`.

use super::board::{Board, HexIx, NO_CROSSING, NO_HEX, UnitIx};
use super::state::{Occupancy, Pos, State, Step};
use super::types::{Command, Phase, RuleError};
use crate::hex::Hex;
use crate::rules::naw::model::RetreatChooser;
use crate::scenario::{Odds, UnitId, UnitKind};
use std::sync::Arc;

impl State {
    /// The state before the first phase: units at their start hexes, arrival
    /// turns with the variant chits applied [9.3]-[9.4].
    pub fn new(board: Arc<Board>, chits: Option<[u32; 2]>) -> State {
        let n = board.units.len();
        let mut arrival: Vec<Option<u32>> = board.units.iter().map(|u| u.arrival).collect();
        if let (Some(chits), Some(tables)) = (chits, &board.chit_changes) {
            for side in 0..2 {
                for (units, turn) in tables[side].get(&chits[side]).into_iter().flatten() {
                    for &u in units {
                        arrival[u as usize] = *turn;
                    }
                }
            }
        }
        let pos: Vec<Pos> = board
            .units
            .iter()
            .map(|u| u.start.map_or(Pos::Waiting, Pos::OnMap))
            .collect();
        State {
            occ: State::build_occupancy(&board, &pos),
            pos,
            arrival,
            mp_spent: vec![0; n],
            moved: vec![false; n],
            last_moved: None,
            losses: [0; 2],
            exited: [0; 2],
            demoralized: [false; 2],
            chits,
            must_attack: Vec::new(),
            must_be_attacked: Vec::new(),
            involved: vec![false; n],
            pending: None,
            outcome: None,
            turn: 0,
            phasing: 0,
            phase: Phase::Movement,
            board,
        }
    }

    pub(super) fn uid(&self, u: UnitIx) -> UnitId {
        self.board.unit(u).id.clone()
    }

    pub(super) fn unit_ix(&self, id: &UnitId) -> Result<UnitIx, RuleError> {
        self.board
            .unit_ix(id)
            .ok_or_else(|| RuleError::UnknownUnit(id.clone()))
    }

    pub(super) fn hex_ix(&self, h: Hex) -> Result<HexIx, RuleError> {
        match self.board.ix(h) {
            Some(i) if self.board.info(i).on_map => Ok(i),
            _ => Err(RuleError::OffMap(h)),
        }
    }

    pub(super) fn side_id(&self, s: u8) -> crate::scenario::SideId {
        self.board.sides[s as usize].clone()
    }

    pub(super) fn wrong_phase(&self) -> RuleError {
        RuleError::WrongPhase {
            side: self.side_id(self.phasing),
            phase: self.phase,
        }
    }

    pub(super) fn require_phase(&self, phase: Phase) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if let Some(step) = self.pending.as_ref().and_then(|p| p.steps.front()) {
            return Err(RuleError::Pending(self.describe_step(step)));
        }
        if self.phase != phase {
            return Err(self.wrong_phase());
        }
        Ok(())
    }

    pub fn describe_step(&self, step: &Step) -> String {
        match step {
            Step::Retreat {
                unit,
                optional: false,
                ..
            } => format!("{} must retreat [6.4]", self.uid(*unit)),
            Step::Retreat { unit, .. } => format!("{} may retreat or hold [6.8]", self.uid(*unit)),
            Step::Losses { at_least } => format!(
                "the attacker must choose exchange losses of at least {} [6.3]",
                crate::words::counted(at_least, "point", "points")
            ),
            Step::Advance { .. } => "the victor may advance [6.6]".to_string(),
        }
    }

    /// The side that must act next: the chooser of a pending decision, else
    /// the phasing side.
    pub fn to_act(&self) -> u8 {
        match self.pending.as_ref().and_then(|p| p.steps.front()) {
            Some(Step::Retreat { chooser, .. }) => *chooser,
            Some(Step::Losses { .. }) => self
                .pending
                .as_ref()
                .map_or(self.phasing, |p| p.attacker_side),
            Some(Step::Advance { side, .. }) => *side,
            None => self.phasing,
        }
    }

    pub(super) fn own_phasing_unit(&self, id: &UnitId) -> Result<UnitIx, RuleError> {
        let u = self.unit_ix(id)?;
        if self.side_of(u) != self.phasing {
            return Err(RuleError::NotYourUnit {
                unit: id.clone(),
                owner: self.side_id(self.side_of(u)),
                side: self.side_id(self.phasing),
            });
        }
        Ok(u)
    }

    pub(crate) fn can_start_moving(&self, occ: &Occupancy, u: UnitIx) -> Result<HexIx, RuleError> {
        let Some(h) = self.unit_hex(u) else {
            return Err(RuleError::NotOnMap(self.uid(u)));
        };
        if self.moved[u as usize] && self.last_moved != Some(u) {
            return Err(RuleError::AlreadyMoved(self.uid(u)));
        }
        if self.in_enemy_zoc(occ, h, self.side_of(u)) {
            return Err(RuleError::InEnemyZoc(self.uid(u)));
        }
        Ok(h)
    }

    /// Checks a path step by step; returns its cost [4.1]-[4.5].
    pub(super) fn check_path(&self, u: UnitIx, path: &[Hex]) -> Result<u32, RuleError> {
        let occ = self.occupancy();
        let mut cur = self.can_start_moving(occ, u)?;
        if path.is_empty() {
            return Err(RuleError::EmptyPath);
        }
        let side = self.side_of(u);
        let left = self.movement_left(u);
        let mut cost: u32 = 0;
        for (i, &h) in path.iter().enumerate() {
            let from = self.board.hex(cur);
            let next = match self.board.ix(h) {
                Some(n) => n,
                None if self.board.grid.are_adjacent(from, h) => {
                    return Err(RuleError::LeavesMap(h));
                }
                None => return Err(RuleError::NotAdjacent { from, to: h }),
            };
            if self.board.dir_between(cur, next).is_none() {
                return Err(RuleError::NotAdjacent { from, to: h });
            }
            let info = self.board.info(next);
            if !info.on_map {
                return Err(RuleError::LeavesMap(h));
            }
            if info.cost.is_none() {
                return Err(RuleError::Impassable(h));
            }
            let Some(d) = self.board.dir_between(cur, next) else {
                return Err(RuleError::NotAdjacent { from, to: h });
            };
            if self.board.info(cur).crossing[d] == NO_CROSSING {
                return Err(RuleError::RiverWithoutCrossing { from, to: h });
            }
            if !self.board.can_cross(cur, next) {
                return Err(RuleError::WoodsWithoutRoad { from, to: h });
            }
            let c = self.board.step_cost(cur, d);
            if self.enemy_at(occ, next, side) {
                return Err(RuleError::EnemyOccupied(h));
            }
            if i > 0 && self.in_enemy_zoc(occ, cur, side) {
                return Err(RuleError::StoppedByZoc(self.board.hex(cur)));
            }
            cost = cost.saturating_add(c);
            if cost > left {
                return Err(RuleError::NotEnoughMovement {
                    unit: self.uid(u),
                    need: cost,
                    left,
                });
            }
            cur = next;
        }
        // Stopping on a friend is fine only if one of the two can still
        // step off into an empty hex, or off the map through an exit hex
        // [8.3], so the stack can always be undone: [4.4] forbids only
        // ending the Movement Phase stacked.
        if let Some(f) = occ.unit(cur).filter(|&f| f != u) {
            let free = !self.in_enemy_zoc(occ, cur, side);
            let mover_mp = left - cost;
            let mate_mp = self.board.unit(f).movement;
            let mover_can = free
                && (self.can_step_off(u, cur, mover_mp) || self.can_exit_from(u, cur, mover_mp));
            let mate_can = free
                && !self.moved[f as usize]
                && (self.can_step_off(u, cur, mate_mp) || self.can_exit_from(f, cur, mate_mp));
            if !mover_can && !mate_can {
                return Err(RuleError::WouldStayStacked {
                    unit: self.uid(u),
                    hex: self.board.hex(cur),
                });
            }
        }
        Ok(cost)
    }

    /// Whether unit `u`, standing in `at` with `mp` points left, could
    /// leave the map there [8.3]: its side has the exit objective, `at` is
    /// one of its exit hexes and a hexside of it leads off the map.
    pub(super) fn can_exit_from(&self, u: UnitIx, at: HexIx, mp: u32) -> bool {
        mp >= 1
            && self.side_of(u) == self.board.exit_side
            && self.board.exit_hexes.contains(&at)
            && (0..6).any(|d| self.board.can_leave_map(at, d))
    }

    /// Whether a unit in `at` with `mp` points could step into an empty
    /// adjacent hex (`mover`'s own start hex counts as empty: it leaves it).
    pub(super) fn can_step_off(&self, mover: UnitIx, at: HexIx, mp: u32) -> bool {
        let side = self.side_of(mover);
        self.board
            .info(at)
            .neighbours
            .iter()
            .enumerate()
            .any(|(d, &n)| {
                n != NO_HEX
                    && self.board.can_cross_dir(at, d)
                    && self.board.step_cost(at, d) <= mp
                    && self
                        .occ
                        .unit(n)
                        .is_none_or(|x| x == mover && self.occ.count[n as usize] == 1)
                    && !self.enemy_at(&self.occ, n, side)
            })
    }

    /// Checks a `Move` or `MoveTo` and returns the path and its cost.
    pub(super) fn prepare_move(&self, cmd: &Command) -> Result<Option<(Vec<Hex>, u32)>, RuleError> {
        let (unit, path, to) = match cmd {
            Command::Move { unit, path } => (unit, Some(path), None),
            Command::MoveTo { unit, to } => (unit, None, Some(*to)),
            _ => return Ok(None),
        };
        self.require_phase(Phase::Movement)?;
        let u = self.own_phasing_unit(unit)?;
        self.check_unstacked(Some(u))?;
        let path = match (path, to) {
            (Some(p), _) => p.clone(),
            (None, Some(to)) => self.path_to(u, to)?,
            (None, None) => return Ok(None),
        };
        let cost = self.check_path(u, &path)?;
        Ok(Some((path, cost)))
    }

    /// The cheapest legal path to a hex this phase.
    pub(super) fn path_to(&self, u: UnitIx, to: Hex) -> Result<Vec<Hex>, RuleError> {
        self.can_start_moving(&self.occ, u)?;
        if let Some(r) = self.reachable(u).into_iter().find(|r| r.hex == to) {
            return Ok(r.path);
        }
        // Out of reach: name the first rule that blocks the way the user
        // pointed (the straight line from the unit to the hex: woods off
        // the roads [4.2], an enemy [4.3], a Zone of Control [4.5], too
        // few Movement Points [4.1]), and only failing that the generic
        // refusal.
        if let Some(from) = self.unit_hex(u) {
            let line: Vec<Hex> = self
                .board
                .grid
                .line_hexes(self.board.hex(from), to)
                .into_iter()
                .skip(1)
                .collect();
            self.check_path(u, &line)?;
        }
        Err(RuleError::OutOfReach {
            unit: self.uid(u),
            hex: to,
        })
    }

    /// A unit left sharing a hex must move on (or its hex-mate must move
    /// away) before any other unit moves [4.4].
    pub(super) fn check_unstacked(&self, u: Option<UnitIx>) -> Result<(), RuleError> {
        let Some(l) = self.last_moved else {
            return Ok(());
        };
        let Some(h) = self.unit_hex(l) else {
            return Ok(());
        };
        if self.occ.count[h as usize] <= 1
            || u.is_some_and(|u| u == l || self.unit_hex(u) == Some(h))
        {
            return Ok(());
        }
        Err(RuleError::MustUnstack(self.uid(l)))
    }

    /// The attackers of the attack being resolved that are still on the
    /// map: the units exchange losses are chosen from [6.3].
    pub fn loss_candidates(&self) -> Vec<UnitIx> {
        self.pending
            .as_ref()
            .map(|p| {
                p.attackers
                    .iter()
                    .copied()
                    .filter(|&a| self.unit_hex(a).is_some())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Hexes a unit may retreat into now, each with the friendly unit it
    /// would displace [6.4]-[6.5].
    pub fn retreat_options(&self, u: UnitIx) -> Vec<(HexIx, Option<UnitIx>)> {
        let Some(h) = self.unit_hex(u) else {
            return vec![];
        };
        let occ = self.occupancy();
        let side = self.side_of(u);
        let safe: Vec<HexIx> = self
            .board
            .info(h)
            .neighbours
            .iter()
            .copied()
            .filter(|&n| self.is_safe_hex(occ, h, n, side))
            .collect();
        let empty: Vec<(HexIx, Option<UnitIx>)> = safe
            .iter()
            .filter(|&&n| occ.unit(n).is_none())
            .map(|&n| (n, None))
            .collect();
        if !empty.is_empty() {
            return empty;
        }
        safe.iter()
            .filter_map(|&n| {
                let v = occ.unit(n)?;
                (self.can_be_displaced(v) && self.has_retreat(occ, v, n, h, 6))
                    .then_some((n, Some(v)))
            })
            .collect()
    }

    /// Whether `n`, next to `from`, is a safe hex for a unit of `side`: one
    /// it could enter, not enemy-held and not in an enemy Zone of Control
    /// [6.4]. Friendly units there are not considered.
    pub fn is_safe_hex(&self, occ: &Occupancy, from: HexIx, n: HexIx, side: u8) -> bool {
        n != NO_HEX
            && self.board.can_cross(from, n)
            && !self.enemy_at(occ, n, side)
            && !self.in_enemy_zoc(occ, n, side)
    }

    /// Whether a unit standing in `at` could retreat somewhere, with the
    /// hex `from` (where its displacer comes from) taken.
    pub(super) fn has_retreat(
        &self,
        occ: &Occupancy,
        v: UnitIx,
        at: HexIx,
        from: HexIx,
        depth: u32,
    ) -> bool {
        if depth == 0 {
            return false;
        }
        let side = self.side_of(v);
        self.board.info(at).neighbours.iter().any(|&m| {
            m != NO_HEX
                && m != from
                && self.board.can_cross(at, m)
                && !self.enemy_at(occ, m, side)
                && !self.in_enemy_zoc(occ, m, side)
                && match occ.unit(m) {
                    None => true,
                    Some(w) => {
                        self.can_be_displaced(w) && self.has_retreat(occ, w, m, at, depth - 1)
                    }
                }
        })
    }

    /// Artillery that still owes a required bombardment may not be
    /// displaced [6.5].
    pub(super) fn can_be_displaced(&self, v: UnitIx) -> bool {
        // A unit retreats at most once per attack: otherwise two hexes and
        // three units can displace one another for ever (RULINGS R11 allows
        // chains, not cycles).
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.retreated.contains(&v))
        {
            return false;
        }
        if self.board.unit(v).kind != UnitKind::Artillery
            || self.side_of(v) != self.phasing
            || self.involved[v as usize]
            || self.phase != Phase::Combat
        {
            return true;
        }
        !(self.suggest_attacks(None).is_some() && self.suggest_attacks(Some(v)).is_none())
    }

    pub(super) fn chooser_for_retreat(&self, u: UnitIx) -> u8 {
        match self.board.options.retreat_chooser {
            RetreatChooser::Owner => self.side_of(u),
            RetreatChooser::Victor => Board::other(self.side_of(u)),
        }
    }

    /// Whether a command is legal now, and if not, why.
    pub fn check(&self, cmd: &Command) -> Result<(), RuleError> {
        match cmd {
            Command::Move { .. } | Command::MoveTo { .. } => self.prepare_move(cmd).map(|_| ()),
            Command::Enter { unit, hex } => {
                self.require_phase(Phase::Movement)?;
                let u = self.own_phasing_unit(unit)?;
                self.check_unstacked(Some(u))?;
                if self.pos[u as usize] != Pos::Waiting
                    || self.arrival[u as usize].is_none_or(|t| t > self.turn)
                {
                    return Err(RuleError::NotAvailable(unit.clone()));
                }
                let h = self.hex_ix(*hex)?;
                if !self.board.unit(u).entry.contains(&h) {
                    return Err(RuleError::NotEntryHex {
                        unit: unit.clone(),
                        hex: *hex,
                    });
                }
                match self.entry_problem(self.occupancy(), u, h) {
                    None => Ok(()),
                    Some("stack") => Err(RuleError::EntryWouldStack(*hex)),
                    Some("impassable") => Err(RuleError::Impassable(*hex)),
                    Some("cost") => Err(RuleError::NotEnoughMovement {
                        unit: unit.clone(),
                        need: self.board.info(h).cost.unwrap_or(0),
                        left: self.board.unit(u).movement,
                    }),
                    Some(_) => Err(RuleError::EntryBlocked(*hex)),
                }
            }
            Command::Exit { unit } => {
                self.require_phase(Phase::Movement)?;
                let u = self.own_phasing_unit(unit)?;
                self.check_unstacked(Some(u))?;
                let cannot = |reason: String| RuleError::CannotExit {
                    unit: unit.clone(),
                    reason,
                };
                if self.side_of(u) != self.board.exit_side || self.board.exit_hexes.is_empty() {
                    return Err(cannot(format!(
                        "only {} units may leave the map", // count: a side's name
                        self.board.side_names[self.board.exit_side as usize]
                    )));
                }
                let h = self.can_start_moving(self.occupancy(), u)?;
                if !self.board.exit_hexes.contains(&h) {
                    return Err(cannot(format!("{} is not an exit hex", self.board.hex(h))));
                }
                if self.movement_left(u) < 1 {
                    return Err(RuleError::NotEnoughMovement {
                        unit: unit.clone(),
                        need: 1,
                        left: 0,
                    });
                }
                if !(0..6).any(|d| self.board.can_leave_map(h, d)) {
                    return Err(cannot(format!(
                        "no hexside of {} leads off the map",
                        self.board.hex(h)
                    )));
                }
                Ok(())
            }
            Command::EndMovement => {
                self.require_phase(Phase::Movement)?;
                let occ = self.occupancy();
                for (h, &c) in occ.count.iter().enumerate() {
                    if c > 1 {
                        let here: Vec<String> = (0..self.pos.len())
                            .filter(|&u| self.pos[u] == Pos::OnMap(h as HexIx))
                            .map(|u| self.board.units[u].id.to_string())
                            .collect();
                        return Err(RuleError::Stacked(format!(
                            "{} at {}",
                            here.join(" and "),
                            self.board.hex(h as HexIx)
                        )));
                    }
                }
                Ok(())
            }
            Command::Attack {
                attackers,
                bombarding,
                defenders,
                column,
            } => {
                self.require_phase(Phase::Combat)?;
                self.check_attack(attackers, bombarding, defenders, *column)
                    .map(|_| ())
            }
            Command::Retreat { unit, to } => {
                let u = self.unit_ix(unit)?;
                self.front_retreat(u)?;
                let h = self.board.ix(*to).ok_or_else(|| RuleError::BadRetreat {
                    unit: unit.clone(),
                    to: *to,
                    reason: "units forced off the map are eliminated, not retreated [4.6]".into(),
                })?;
                if self.retreat_options(u).iter().any(|(x, _)| *x == h) {
                    Ok(())
                } else {
                    Err(RuleError::BadRetreat {
                        unit: unit.clone(),
                        to: *to,
                        reason: self.why_not_retreat(u, h),
                    })
                }
            }
            Command::HoldPosition { unit } => {
                let u = self.unit_ix(unit)?;
                match self.front_retreat(u)? {
                    true => Ok(()),
                    false => Err(RuleError::BadRetreat {
                        unit: unit.clone(),
                        to: self
                            .unit_hex(u)
                            .map_or(Hex::new(0, 0), |h| self.board.hex(h)),
                        reason: "only bombarding artillery may choose not to retreat".into(),
                    }),
                }
            }
            Command::ChooseLosses { units } => {
                let Some(Step::Losses { at_least }) = self.front_step() else {
                    return Err(RuleError::NothingPending);
                };
                self.check_losses(units, *at_least)
            }
            Command::Advance { unit, to } => {
                let Some(Step::Advance { units, hexes, .. }) = self.front_step() else {
                    return Err(RuleError::NothingPending);
                };
                let u = self.unit_ix(unit)?;
                let bad = |reason: &str| RuleError::BadAdvance {
                    unit: unit.clone(),
                    to: *to,
                    reason: reason.into(),
                };
                if !units.contains(&u) {
                    return Err(bad("only a victorious unit that took part may advance"));
                }
                let h = self
                    .board
                    .ix(*to)
                    .ok_or_else(|| bad("it is not on the map"))?;
                if !hexes.contains(&h) {
                    return Err(bad("units advance only into a hex vacated by the combat"));
                }
                let from = self
                    .unit_hex(u)
                    .ok_or_else(|| bad("the unit is not on the map"))?;
                if !self.board.info(from).neighbours.contains(&h) {
                    return Err(bad("the hex is not adjacent"));
                }
                if !self.board.can_cross(from, h) {
                    return Err(bad(
                        "woods are entered only across road hexsides, also when advancing [4.2]",
                    ));
                }
                if self.occupancy().unit(h).is_some() {
                    return Err(bad("the hex is occupied"));
                }
                Ok(())
            }
            Command::DeclineAdvance => match self.front_step() {
                Some(Step::Advance { .. }) => Ok(()),
                _ => Err(RuleError::NothingPending),
            },
            Command::EndCombat => {
                self.require_phase(Phase::Combat)?;
                let ra = self.required_attackers();
                let rd = self.required_defenders();
                if ra.is_empty() && rd.is_empty() {
                    return Ok(());
                }
                // Attacks are refused when they would make the rest
                // impossible, so only a combat result (a defender advancing
                // next to the guns meant to bombard) can; then the remaining
                // obligations lapse, like those whose contact a result
                // removed (RULINGS R7).
                if self.suggest_attacks(None).is_none() {
                    return Ok(());
                }
                let mut parts = Vec::new();
                if !ra.is_empty() {
                    parts.push(format!("{} must still attack", self.names(&ra)));
                }
                if !rd.is_empty() {
                    parts.push(format!("{} must still be attacked", self.names(&rd)));
                }
                Err(RuleError::ObligationsUnmet(parts.join("; ")))
            }
        }
    }

    pub(super) fn names(&self, us: &[UnitIx]) -> String {
        us.iter()
            .map(|&u| self.uid(u).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(super) fn front_step(&self) -> Option<&Step> {
        if self.outcome.is_some() {
            return None;
        }
        self.pending.as_ref()?.steps.front()
    }

    /// The pending retreat must be this unit's; returns whether it is
    /// optional.
    pub(super) fn front_retreat(&self, u: UnitIx) -> Result<bool, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        match self.front_step() {
            Some(Step::Retreat { unit, optional, .. }) if *unit == u => Ok(*optional),
            Some(step) => Err(RuleError::Pending(self.describe_step(step))),
            None => Err(RuleError::NothingPending),
        }
    }

    pub(super) fn why_not_retreat(&self, u: UnitIx, h: HexIx) -> String {
        let Some(from) = self.unit_hex(u) else {
            return "the unit is not on the map".into();
        };
        let occ = self.occupancy();
        let side = self.side_of(u);
        if !self.board.info(from).neighbours.contains(&h) {
            "a retreat is one hex into an adjacent hex".into()
        } else if !self.board.info(h).on_map {
            "units forced off the map are eliminated, not retreated [4.6]".into()
        } else if !self.board.can_cross(from, h) {
            "woods are entered only across road hexsides, also in retreat [4.2]".into()
        } else if self.enemy_at(occ, h, side) {
            "it holds an enemy unit".into()
        } else if self.in_enemy_zoc(occ, h, side) {
            "it is in an enemy Zone of Control, so it is not a safe hex".into()
        } else if occ.unit(h).is_some() {
            "a friendly unit may be displaced only when no empty safe hex exists and it can itself retreat (artillery owing a required bombardment may not be displaced) [6.5]".into()
        } else {
            "it is not a safe hex".into()
        }
    }

    pub(super) fn check_losses(&self, units: &[UnitId], at_least: u32) -> Result<(), RuleError> {
        let Some(p) = &self.pending else {
            return Err(RuleError::NothingPending);
        };
        let mut chosen = Vec::new();
        for id in units {
            let u = self.unit_ix(id)?;
            if !p.attackers.contains(&u) || self.unit_hex(u).is_none() {
                return Err(RuleError::BadLosses(format!(
                    "{id} is not an adjacent attacker of this attack (bombarding artillery never suffers an exchange [6.8])"
                )));
            }
            if chosen.contains(&u) {
                return Err(RuleError::BadLosses(format!("{id} is named twice")));
            }
            chosen.push(u);
        }
        let total: u32 = chosen.iter().map(|&u| self.board.unit(u).strength).sum();
        if total < at_least {
            return Err(RuleError::BadLosses(format!(
                "they total {}, and at least {at_least} must be lost",
                crate::words::counted(total, "point", "points")
            )));
        }
        if let Some(&spare) = chosen
            .iter()
            .find(|&&u| total - self.board.unit(u).strength >= at_least)
        {
            return Err(RuleError::BadLosses(format!(
                "{} is not needed to reach {}",
                self.uid(spare),
                crate::words::counted(at_least, "point", "points")
            )));
        }
        Ok(())
    }

    /// Checks an attack and returns its participants as indices [5.0]-[6.2].
    #[allow(clippy::type_complexity)]
    pub fn check_attack(
        &self,
        attackers: &[UnitId],
        bombarding: &[UnitId],
        defenders: &[UnitId],
        column: Option<Odds>,
    ) -> Result<(Vec<UnitIx>, Vec<UnitIx>, Vec<UnitIx>, Option<usize>), RuleError> {
        if (attackers.is_empty() && bombarding.is_empty()) || defenders.is_empty() {
            return Err(RuleError::EmptyAttack);
        }
        let occ = self.occupancy();
        let mut seen = Vec::new();
        let mut own = |ids: &[UnitId]| -> Result<Vec<UnitIx>, RuleError> {
            let mut v = Vec::new();
            for id in ids {
                let u = self.own_phasing_unit(id)?;
                if self.unit_hex(u).is_none() {
                    return Err(RuleError::NotOnMap(id.clone()));
                }
                if self.involved[u as usize] || seen.contains(&u) {
                    return Err(RuleError::AlreadyInvolved(id.clone()));
                }
                seen.push(u);
                v.push(u);
            }
            Ok(v)
        };
        let att = own(attackers)?;
        let bom = own(bombarding)?;
        let mut def = Vec::new();
        for id in defenders {
            let d = self.unit_ix(id)?;
            if self.side_of(d) == self.phasing {
                return Err(RuleError::NotEnemy(id.clone()));
            }
            if self.unit_hex(d).is_none() {
                return Err(RuleError::NotOnMap(id.clone()));
            }
            if self.involved[d as usize] || def.contains(&d) {
                return Err(RuleError::AlreadyInvolved(id.clone()));
            }
            def.push(d);
        }
        for &a in &att {
            for &d in &def {
                if !self.adjacent(a, d) {
                    return Err(RuleError::NotAdjacentToDefender {
                        attacker: self.uid(a),
                        defender: self.uid(d),
                    });
                }
            }
        }
        if att.is_empty() && def.len() > 1 {
            return Err(RuleError::BombardOneHex);
        }
        for &b in &bom {
            let id = self.uid(b);
            if self.board.unit(b).kind != UnitKind::Artillery {
                return Err(RuleError::NotArtillery(id));
            }
            let hb = self.unit_hex(b).unwrap_or(NO_HEX);
            if self.in_enemy_zoc(occ, hb, self.phasing) {
                return Err(RuleError::BombardFromZoc(id));
            }
            // In a combined attack the guns need only one defender in range
            // [5.8]; on their own they fire at their single target [5.7].
            let in_range: Vec<UnitIx> = def
                .iter()
                .copied()
                .filter(|&d| {
                    self.unit_hex(d)
                        .is_some_and(|hd| self.board.distance(hb, hd) == 2)
                })
                .collect();
            if in_range.is_empty() {
                return Err(RuleError::BombardRange {
                    unit: id,
                    defender: self.uid(def[0]),
                });
            }
            if !in_range.iter().any(|&d| self.can_bombard(occ, b, d)) {
                return Err(RuleError::NoLineOfSight {
                    unit: id,
                    defender: self.uid(in_range[0]),
                });
            }
        }
        let lower = match column {
            None => None,
            Some(c) => {
                let cols = &self.board.crt.columns;
                let Some(i) = cols.iter().position(|x| *x == c) else {
                    return Err(RuleError::NoSuchColumn { wanted: c });
                };
                let actual = self.odds(&att, &bom, &def, None).column;
                if i > actual {
                    return Err(RuleError::NotLowerColumn {
                        wanted: c,
                        actual: cols[actual],
                    });
                }
                Some(i)
            }
        };
        // The attack must leave the remaining obligations possible [5.1].
        let mut involved = self.involved.clone();
        for &x in att.iter().chain(&bom).chain(&def) {
            involved[x as usize] = true;
        }
        for u in self.required_attackers() {
            if !att.contains(&u)
                && self
                    .adjacent_enemies(occ, u)
                    .iter()
                    .all(|&e| involved[e as usize])
            {
                return Err(RuleError::StrandsAttacker(self.uid(u)));
            }
        }
        if self.solve(involved).is_none() {
            return Err(RuleError::ObligationsUnmeetable);
        }
        Ok((att, bom, def, lower))
    }
}
