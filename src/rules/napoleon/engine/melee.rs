//! Melee [3.8] for the *Napoleon* rules: attackers and modifiers,
//! defensive fire, the result and the loser's move back (N84).

use super::board::{HexIx, NO_HEX, PieceIx, PieceKind};
use super::state::State;
use super::types::Event;
use crate::engine::Dice;
use crate::rules::napoleon::model::{
    LeaderMelee, NapoleonTerrain, TownAssaultSupport, VulnerableRule,
};

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

impl State {
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
    pub(super) fn may_reroll_melee(&self, def: PieceIx) -> bool {
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
    pub(super) fn move_back(
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
}
