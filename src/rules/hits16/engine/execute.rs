//! `execute` for the 16-hits rules: the turn of M11 carried out as events,
//! each applied as it is produced (the dice of rallies, shooting and hand to
//! hand, withdrawals, Generals placed), and the end of each player turn
//! with the victory check (M38, M56).

use super::board::{HexIx, NO_HEX, UnitIx};
use super::check::FightOutcome;
use super::state::{Outcome, State};
use super::types::{Cause, Command, Event, Pending, Phase, RuleError};
use crate::engine::Dice;
use crate::rules::hits16::model::{Formation, SkirmishersWhenCharged, Terrain, TroopType};
use crate::scenario::UnitId;

impl State {
    /// Who must act now: the owner of the first pending choice, else the
    /// active side.
    pub fn to_act(&self) -> u8 {
        match self.pending.first() {
            Some(Pending::Withdraw { unit, .. }) => self.side_of(*unit),
            Some(Pending::PlaceGeneral { general, .. }) => {
                self.board.generals[*general as usize].side
            }
            None => self.side,
        }
    }

    // -----------------------------------------------------------------
    // Execution

    pub(super) fn emit(&mut self, out: &mut Vec<Event>, e: Event) {
        self.apply(&e);
        out.push(e);
    }

    /// The events of the first turn.
    pub fn start(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        let side = self.board.first_side;
        self.emit(&mut out, Event::TurnBegan { turn: 1, side });
        self.emit(
            &mut out,
            Event::PhaseBegan {
                phase: Phase::Command,
            },
        );
        out
    }

    /// Checks, then produces the command's events, applying each.
    pub fn execute(&mut self, cmd: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
        // Each arm checks its command once, with the check that also
        // gives what executing it needs (the path, the odds).
        let mut out = Vec::new();
        let ix = |id: &UnitId| self.unit_of(id);
        let gx = |id: &UnitId| self.general_of(id);
        match cmd {
            Command::Rally { general, unit } => {
                let (g, u) = (gx(general)?, ix(unit)?);
                self.check_rally(g, u)?;
                let face = dice.roll(6);
                let s = self.units[u as usize];
                let floor = 4 * u32::from(s.bases_lost);
                let room = u32::from(s.hits).saturating_sub(floor);
                let heal = if face == 1 && !self.board.options.rally_one_heals {
                    0
                } else {
                    face
                };
                let recovered = heal.min(room);
                self.emit(
                    &mut out,
                    Event::Rallied {
                        general: g,
                        unit: u,
                        face,
                        recovered,
                    },
                );
                if face == 1 {
                    self.emit(&mut out, Event::GeneralLost { general: g });
                }
            }
            Command::Move {
                unit,
                start,
                path,
                end,
            } => {
                let u = ix(unit)?;
                let plan = self.check_move(u, *start, path, *end)?;
                let entered = plan.path.clone();
                self.emit(
                    &mut out,
                    Event::Moved {
                        unit: u,
                        path: plan.path,
                        facing: plan.facing,
                        march: plan.mode.march,
                        road: plan.mode.road,
                    },
                );
                self.enemy_generals_met(u, &entered, &mut out);
            }
            Command::MoveGeneral { general, path } => {
                let g = gx(general)?;
                let hexes = self.check_general_move(g, path)?;
                self.emit(
                    &mut out,
                    Event::GeneralMoved {
                        general: g,
                        path: hexes,
                    },
                );
            }
            Command::Form {
                unit,
                formation,
                facing,
            } => {
                let u = ix(unit)?;
                let f = self.check_form(u, *formation, *facing)?;
                self.emit(
                    &mut out,
                    Event::Formed {
                        unit: u,
                        formation: *formation,
                        facing: f,
                    },
                );
            }
            Command::Charge {
                unit,
                target,
                path,
                facing,
            } => {
                let (u, t) = (ix(unit)?, ix(target)?);
                let plan = self.check_charge(u, t, path, *facing)?;
                let entered = plan.path.clone();
                self.emit(
                    &mut out,
                    Event::Charged {
                        unit: u,
                        target: t,
                        path: plan.path,
                        facing: plan.facing,
                    },
                );
                self.enemy_generals_met(u, &entered, &mut out);
            }
            Command::TurnToFace { unit, toward } => {
                let u = ix(unit)?;
                let f = self.check_turn_to_face(u, ix(toward)?)?;
                self.emit(&mut out, Event::TurnedToFace { unit: u, facing: f });
            }
            Command::Shoot { unit, target } => {
                let (u, t) = (ix(unit)?, ix(target)?);
                let odds = self.check_shot(u, t)?;
                let face = dice.roll(6);
                let hits = odds.hits(face);
                self.emit(
                    &mut out,
                    Event::Shot {
                        unit: u,
                        target: t,
                        distance: odds.distance,
                        face,
                        modifier: odds.modifier(),
                        factors: odds.factors,
                        hits,
                    },
                );
                self.take_hits(t, hits, Cause::Shooting, face, &mut out);
            }
            Command::Fight { unit, against } => {
                let (u, t) = (ix(unit)?, ix(against)?);
                self.check_fight(u, t)?;
                self.fight(u, t, dice, &mut out);
            }
            Command::Withdraw { unit, to } => {
                let u = ix(unit)?;
                let (at, behind) = self.check_withdraw(u, *to)?;
                let Some(Pending::Withdraw { enemy, .. }) = self.pending.first().cloned() else {
                    return Ok(out);
                };
                self.withdraw_to(u, enemy, at, behind, dice, &mut out);
            }
            Command::PlaceGeneral { general, at } => {
                let g = gx(general)?;
                let h = self.check_place(g, *at)?;
                self.emit(&mut out, Event::GeneralPlaced { general: g, at: h });
            }
            Command::EndPhase => {
                self.check_end_phase()?;
                self.end_phase(&mut out);
            }
        }
        Ok(out)
    }

    /// Hits on a unit (M36): capped at 16, elimination at 16 with any
    /// General there placed (M13).
    pub(super) fn take_hits(
        &mut self,
        u: UnitIx,
        hits: u32,
        cause: Cause,
        face: u32,
        out: &mut Vec<Event>,
    ) {
        let room = 16 - u32::from(self.units[u as usize].hits);
        let hits = hits.min(room);
        if hits > 0 {
            self.emit(
                out,
                Event::Hit {
                    unit: u,
                    hits,
                    cause,
                    face,
                },
            );
        }
        if self.units[u as usize].hits >= 16 {
            self.eliminate(u, out);
        }
    }

    pub(super) fn eliminate(&mut self, u: UnitIx, out: &mut Vec<Event>) {
        let at = self.units[u as usize].hex;
        if at == NO_HEX {
            return;
        }
        self.emit(out, Event::Eliminated { unit: u });
        let side = self.side_of(u);
        let generals: Vec<u16> = self
            .generals_at(at)
            .filter(|&g| self.board.generals[g as usize].side == side)
            .collect();
        for g in generals {
            self.place_general(g, out);
        }
    }

    /// M13: enemy Generals alone in a hex the unit entered or passed next
    /// to are placed by their owner.
    pub(super) fn enemy_generals_met(
        &mut self,
        u: UnitIx,
        entered: &[HexIx],
        out: &mut Vec<Event>,
    ) {
        let side = self.side_of(u);
        let mut met = Vec::new();
        for g in 0..self.generals.len() as u16 {
            let h = self.generals[g as usize];
            if h == NO_HEX || self.board.generals[g as usize].side == side {
                continue;
            }
            let alone = self.unit_at(h).is_none_or(|o| self.side_of(o) == side);
            let near = entered
                .iter()
                .any(|&x| x == h || self.board.dir_between(x, h).is_some());
            if alone && near {
                met.push(g);
            }
        }
        for g in met {
            self.place_general(g, out);
        }
    }

    /// Where General `g` may be placed (M13): in or next to the nearest
    /// friendly unit, in a hex he may stand in, with no enemy unit and no
    /// other friendly General.
    pub fn placements(&self, g: u16) -> Vec<HexIx> {
        let side = self.board.generals[g as usize].side;
        let from = self.generals[g as usize];
        let friends: Vec<UnitIx> = self.units_of(side).collect();
        let Some(nearest) = friends
            .iter()
            .map(|&f| self.board.distance(from, self.units[f as usize].hex))
            .min()
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for f in friends {
            let h = self.units[f as usize].hex;
            if self.board.distance(from, h) != nearest {
                continue;
            }
            let around = std::iter::once(h).chain(
                self.board.neighbours[h as usize]
                    .iter()
                    .copied()
                    .filter(|&n| n != NO_HEX),
            );
            for x in around {
                let ok = !self.terrain(x).impassable()
                    && self.terrain(x) != Terrain::Woods
                    && self.unit_at(x).is_none_or(|o| self.side_of(o) == side)
                    && self.general_end_block(g, x).is_none();
                if ok && !out.contains(&x) {
                    out.push(x);
                }
            }
        }
        out.sort_unstable();
        out
    }

    pub(super) fn place_general(&mut self, g: u16, out: &mut Vec<Event>) {
        if self
            .pending
            .iter()
            .any(|p| matches!(p, Pending::PlaceGeneral { general, .. } if *general == g))
        {
            return;
        }
        let options = self.placements(g);
        match options.len() {
            0 => self.emit(out, Event::GeneralLeft { general: g }),
            1 => self.emit(
                out,
                Event::GeneralPlaced {
                    general: g,
                    at: options[0],
                },
            ),
            _ => self.emit(
                out,
                Event::Asked {
                    pending: Pending::PlaceGeneral {
                        general: g,
                        options,
                    },
                },
            ),
        }
    }

    /// M31-M33: one combat fought, the active player's unit rolling.
    /// Whether `u`'s roll against `t` is no roll: guns contacted, or
    /// skirmishers charged under `skirmishers_when_charged: eliminated`,
    /// are eliminated (M33, M53).
    pub(super) fn overrun(&self, u: UnitIx, t: UnitIx) -> bool {
        let attacker_rolls = self
            .combats
            .iter()
            .any(|c| c.attacker == u && c.defender == t);
        self.troop(t) == TroopType::Artillery
            || (attacker_rolls
                && self.troop(t) == TroopType::Skirmishers
                && self.board.options.skirmishers_when_charged
                    == SkirmishersWhenCharged::Eliminated)
    }

    /// What `hits` from `u` on `t` in hand to hand lead to (M33): the one
    /// reading the fight itself and the table's chances both use.
    pub fn fight_outcome(&self, u: UnitIx, t: UnitIx, hits: u32) -> FightOutcome {
        let ts = self.units[t as usize];
        let after = (u32::from(ts.hits) + hits).min(16);
        if after >= 16 {
            FightOutcome::Eliminated
        } else if after / 4 > u32::from(ts.bases_lost) {
            FightOutcome::HitWithdraws
        } else if self.troop(u).is_cavalry() {
            FightOutcome::RollerWithdraws
        } else {
            FightOutcome::Continues
        }
    }

    /// Each outcome of `u`'s roll against `t` with how many of the six
    /// faces lead to it (M32, M33); `from` is the hex `u` rolls from (the
    /// last hex of a charge not yet made).
    pub fn fight_chances(&self, u: UnitIx, from: HexIx, t: UnitIx) -> Vec<(FightOutcome, u32)> {
        if self.overrun(u, t) {
            return vec![(FightOutcome::Eliminated, 6)];
        }
        let odds = self.melee_odds_at(u, from, t);
        let mut out: Vec<(FightOutcome, u32)> = Vec::new();
        for face in 1..=6 {
            let o = self.fight_outcome(u, t, odds.hits(face));
            match out.iter_mut().find(|(x, _)| *x == o) {
                Some((_, n)) => *n += 1,
                None => out.push((o, 1)),
            }
        }
        out.sort_unstable();
        out
    }

    pub(super) fn fight(&mut self, u: UnitIx, t: UnitIx, dice: &mut Dice, out: &mut Vec<Event>) {
        let attacker_rolls = self
            .combats
            .iter()
            .any(|c| c.attacker == u && c.defender == t);
        let (attacker, defender) = if attacker_rolls { (u, t) } else { (t, u) };
        if self.overrun(u, t) {
            self.emit(out, Event::Overrun { unit: t, by: u });
            self.eliminate(t, out);
            return;
        }
        let odds = self.melee_odds(u, t);
        let face = dice.roll(6);
        let hits = odds.hits(face);
        let outcome = self.fight_outcome(u, t, hits);
        self.emit(
            out,
            Event::Fought {
                unit: u,
                against: t,
                face,
                modifier: odds.modifier(),
                factors: odds.factors,
                hits,
            },
        );
        self.take_hits(t, hits, Cause::HandToHand, face, out);
        match outcome {
            FightOutcome::Eliminated | FightOutcome::Continues => {}
            FightOutcome::HitWithdraws => self.withdraw(t, u, (attacker, defender), dice, out),
            FightOutcome::RollerWithdraws => self.withdraw(u, t, (attacker, defender), dice, out),
        }
    }

    /// Whether `u` may end in `x`, entered from `from` across `dir`
    /// (M55): terrain, river, no unit, a town only for foot.
    pub(super) fn may_enter_and_end(&self, u: UnitIx, from: HexIx, dir: u8, x: HexIx) -> bool {
        let troop = self.troop(u);
        self.board.info(from).crossable[usize::from(dir)]
            && !self.terrain(x).impassable()
            && (self.terrain(x) != Terrain::Woods || troop == TroopType::Skirmishers)
            && self.unit_at(x).is_none()
            && (self.terrain(x) != Terrain::Town || troop.is_foot())
    }

    /// The places `u` may withdraw to from `enemy` (M35, M55), each with
    /// the friend it reforms behind; and the facing it takes.
    pub fn withdrawal_options(
        &self,
        u: UnitIx,
        enemy: UnitIx,
    ) -> (u8, Vec<(HexIx, Option<UnitIx>)>) {
        let here = self.units[u as usize].hex;
        let eh = self.units[enemy as usize].hex;
        let toward = self
            .board
            .dir_between(here, eh)
            .unwrap_or(self.units[u as usize].facing);
        let side = self.side_of(u);
        let troop = self.troop(u);
        let through = |d: u8| -> Vec<(HexIx, Option<UnitIx>)> {
            let x = self.board.neighbours[here as usize][usize::from(d)];
            if x == NO_HEX {
                return Vec::new();
            }
            match self.unit_at(x) {
                Some(o) if self.side_of(o) != side => Vec::new(),
                Some(friend) => {
                    // Reform behind the friend (M55): enter its hex first.
                    let enter = self.board.info(here).crossable[usize::from(d)]
                        && !self.terrain(x).impassable()
                        && (self.terrain(x) != Terrain::Woods || troop == TroopType::Skirmishers);
                    if !enter {
                        return Vec::new();
                    }
                    let beyond = self.board.neighbours[x as usize][usize::from(d)];
                    if beyond != NO_HEX && self.may_enter_and_end(u, x, d, beyond) {
                        return vec![(beyond, Some(friend))];
                    }
                    let fd = self.board.distance(x, eh);
                    (0..6u8)
                        .filter_map(|dd| {
                            let z = self.board.neighbours[x as usize][usize::from(dd)];
                            (z != NO_HEX
                                && z != here
                                && self.board.distance(z, eh) > fd
                                && self.may_enter_and_end(u, x, dd, z))
                            .then_some((z, Some(friend)))
                        })
                        .collect()
                }
                None => {
                    if self.may_enter_and_end(u, here, d, x) {
                        vec![(x, None)]
                    } else {
                        Vec::new()
                    }
                }
            }
        };
        let rear = through((toward + 3) % 6);
        let options = if !rear.is_empty() {
            rear
        } else {
            let mut v = through((toward + 2) % 6);
            v.extend(through((toward + 4) % 6));
            v
        };
        (toward, options)
    }

    /// M35: `u` withdraws from `enemy`, at once where there is one place,
    /// on its owner's choice where there are several.
    pub(super) fn withdraw(
        &mut self,
        u: UnitIx,
        enemy: UnitIx,
        (attacker, defender): (UnitIx, UnitIx),
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let (_, options) = self.withdrawal_options(u, enemy);
        if options.is_empty() {
            self.emit(out, Event::WithdrawalBlocked { unit: u });
            match self.board.options.blocked_withdrawal {
                crate::rules::hits16::model::BlockedWithdrawal::Eliminated => {
                    self.eliminate(u, out)
                }
                crate::rules::hits16::model::BlockedWithdrawal::StayD3 => {
                    // It stays in the combat it could not leave.
                    let face = dice.roll(3);
                    self.take_hits(u, face, Cause::Blocked, face, out);
                }
            }
            return;
        }
        self.emit(out, Event::CombatEnded { attacker, defender });
        match options.len() {
            1 => {
                let (at, behind) = options[0];
                self.withdraw_to(u, enemy, at, behind, dice, out);
            }
            _ => self.emit(
                out,
                Event::Asked {
                    pending: Pending::Withdraw {
                        unit: u,
                        enemy,
                        options,
                    },
                },
            ),
        }
    }

    pub(super) fn withdraw_to(
        &mut self,
        u: UnitIx,
        enemy: UnitIx,
        at: HexIx,
        behind: Option<UnitIx>,
        dice: &mut Dice,
        out: &mut Vec<Event>,
    ) {
        let (facing, _) = self.withdrawal_options(u, enemy);
        let facing = if self.units[u as usize].formation == Formation::Square {
            self.units[u as usize].facing
        } else {
            facing
        };
        self.emit(
            out,
            Event::Withdrew {
                unit: u,
                to: at,
                facing,
                behind,
            },
        );
        self.enemy_generals_met(u, &[at], out);
        if let Some(f) = behind {
            for x in [u, f] {
                let face = dice.roll(3);
                self.take_hits(x, face, Cause::Disruption, face, out);
            }
        }
    }

    pub(super) fn end_phase(&mut self, out: &mut Vec<Event>) {
        let next = match self.phase {
            Phase::Command => Some(Phase::Movement),
            Phase::Movement => Some(Phase::Shooting),
            Phase::Shooting => Some(Phase::HandToHand),
            Phase::HandToHand | Phase::Over => None,
        };
        if let Some(p) = next {
            self.emit(out, Event::PhaseBegan { phase: p });
            return;
        }
        let side = self.side;
        self.emit(out, Event::PlayerTurnEnded { side });
        if let Some(o) = self.victory(side) {
            self.emit(
                out,
                Event::GameEnded {
                    winner: o.winner,
                    reason: o.reason,
                },
            );
            return;
        }
        let first = self.board.first_side;
        let (turn, next) = if side == first {
            (self.turn, 1 - first)
        } else {
            (self.turn + 1, first)
        };
        self.emit(out, Event::TurnBegan { turn, side: next });
        self.emit(
            out,
            Event::PhaseBegan {
                phase: Phase::Command,
            },
        );
    }

    /// The check at the end of `side`'s player turn (M38, M56).
    pub fn victory(&self, side: u8) -> Option<Outcome> {
        let b = &self.board;
        let broken = [0, 1].map(|s| self.lost[s] >= b.break_at[s]);
        let words = |s: usize| {
            format!(
                "{} has lost {} of {} ({} breaks it)",
                b.side_names[s], self.lost[s], b.army[s], b.break_at[s]
            )
        };
        match broken {
            [true, true] => {
                return Some(Outcome {
                    winner: None,
                    reason: format!("both armies break: {}; {} (M38)", words(0), words(1)),
                });
            }
            [true, false] | [false, true] => {
                let s = usize::from(broken[1]);
                return Some(Outcome {
                    winner: Some(1 - s as u8),
                    reason: format!("{}'s army breaks: {} (M38)", b.side_names[s], words(s)),
                });
            }
            [false, false] => {}
        }
        if self.turn >= b.turn_limit && side != b.first_side {
            let held = [0u8, 1].map(|s| self.held.iter().filter(|h| **h == Some(s)).count());
            let score = format!(
                "{} holds {}, {} {} (M38) (M56)",
                b.side_names[0],
                crate::words::counted(held[0], "victory hex", "victory hexes"),
                b.side_names[1],
                held[1]
            );
            let winner = match held[0].cmp(&held[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            return Some(Outcome {
                winner,
                reason: format!("turn {} is over: {score}", b.turn_limit),
            });
        }
        None
    }
}
