//! `execute` for the pick-up procedure: placements carried out as events,
//! the steps of [3.2.2]-[3.2.8] in order, and the finished battle as a
//! `Scenario` with its victory locations (N33).

use super::*;
use crate::engine::Dice;
use crate::hex::Hex;
use crate::scenario::{HexDetail, MapSource, Placement, RuleSet, Scenario, VictoryHex};

impl Deployment {
    /// A side's frontline and reserve areas.
    pub fn home_zones(&self, side: u8) -> [Zone; 2] {
        if side == self.attacker {
            [Zone::AttackerFrontline, Zone::AttackerReserve]
        } else {
            [Zone::DefenderFrontline, Zone::DefenderReserve]
        }
    }

    pub(super) fn paint(&mut self, kind: FeatureKind, hexes: &[Hex]) {
        for &h in hexes {
            self.map.set_code(h, kind.code());
            if kind == FeatureKind::Hill {
                self.map.hexes.insert(
                    h,
                    HexDetail {
                        elevation: 1,
                        hill: true,
                        ..HexDetail::default()
                    },
                );
            }
        }
    }

    pub(super) fn unpaint(&mut self, hexes: &[Hex]) {
        for &h in hexes {
            self.map.set_code(h, '.');
            self.map.hexes.remove(&h);
        }
    }

    pub(super) fn place_force(&mut self, side: u8, p: &ForcePlacement) {
        let units: Vec<usize> = self.force_units(side, p.force).to_vec();
        for (k, &i) in units.iter().enumerate() {
            if let (Some(slot), Some(&place)) = (self.units.get_mut(i), p.units.get(k)) {
                *slot = Some(place);
            }
        }
        if let Some(l) = self.leaders[side as usize].get_mut(p.force) {
            *l = Some(p.leader);
        }
    }

    /// Checks and plays a command; the events it gave.
    pub fn execute(
        &mut self,
        side: u8,
        cmd: &DeployCommand,
        dice: &mut Dice,
    ) -> Result<Vec<DeployEvent>, DeployError> {
        self.check(side, cmd)?;
        let mut ev = Vec::new();
        let step = self.step;
        let sp = step.spec(self.superior.is_some());
        match cmd {
            DeployCommand::Pass => {
                ev.push(DeployEvent::Passed { side, step });
                self.advance(&mut ev);
            }
            DeployCommand::PlaceFeature { kind, hexes, force } => {
                self.paint(*kind, hexes);
                let feature = Feature {
                    kind: *kind,
                    hexes: hexes.clone(),
                    zone: sp.zone,
                    by: side,
                };
                self.features.push(feature.clone());
                if step == Step::ForwardSecond {
                    self.second_forward = Some(self.features.len() - 1);
                }
                self.placed_in.insert(step);
                ev.push(DeployEvent::FeaturePlaced { side, feature });
                if let Some(p) = force {
                    self.place_force(side, p);
                    ev.push(DeployEvent::ForcePlaced {
                        side,
                        placement: p.clone(),
                    });
                }
                self.advance(&mut ev);
            }
            DeployCommand::RollForward => {
                let roll = dice.d6();
                let success = roll >= 4;
                ev.push(DeployEvent::ForwardRolled {
                    side,
                    roll,
                    success,
                });
                if success {
                    self.begin(Step::ForwardMove, &mut ev);
                } else {
                    self.advance_from(Step::ForwardMove, &mut ev);
                }
            }
            DeployCommand::RemoveFeature => {
                if let Some(i) = self.second_forward.take() {
                    let f = self.features.remove(i);
                    self.unpaint(&f.hexes);
                    ev.push(DeployEvent::FeatureRemoved { side, index: i });
                }
                self.advance(&mut ev);
            }
            DeployCommand::MoveFeature { hexes } => {
                if let Some(i) = self.second_forward {
                    let old = self.features[i].hexes.clone();
                    self.unpaint(&old);
                    let kind = self.features[i].kind;
                    self.paint(kind, hexes);
                    self.features[i].hexes = hexes.clone();
                    ev.push(DeployEvent::FeatureMoved {
                        side,
                        index: i,
                        hexes: hexes.clone(),
                    });
                }
                self.advance(&mut ev);
            }
            DeployCommand::MarkRoad { hexes } => {
                self.roads[side as usize] = hexes.clone();
                ev.push(DeployEvent::RoadMarked {
                    side,
                    hexes: hexes.clone(),
                });
                self.advance(&mut ev);
            }
            DeployCommand::PlaceForce(p) => {
                self.place_force(side, p);
                ev.push(DeployEvent::ForcePlaced {
                    side,
                    placement: p.clone(),
                });
                if (0..self.forces(side)).all(|f| self.force_placed(side, f)) {
                    self.advance(&mut ev);
                }
            }
            DeployCommand::PlaceGeneral { hex } => {
                self.generals[side as usize] = Some(*hex);
                ev.push(DeployEvent::GeneralPlaced { side, hex: *hex });
                self.advance(&mut ev);
            }
        }
        Ok(ev)
    }

    pub(super) fn advance(&mut self, ev: &mut Vec<DeployEvent>) {
        let i = Step::ALL.iter().position(|&s| s == self.step).unwrap_or(0);
        let next = Step::ALL.get(i + 1).copied().unwrap_or(Step::Done);
        self.advance_from(next, ev);
    }

    /// Begins the first step from `from` on that happens.
    pub(super) fn advance_from(&mut self, from: Step, ev: &mut Vec<DeployEvent>) {
        let start = Step::ALL.iter().position(|&s| s == from).unwrap_or(0);
        for &s in &Step::ALL[start..] {
            if self.happens(s) {
                self.begin(s, ev);
                return;
            }
        }
    }

    /// Whether a step is played, given what went before (N26-N32).
    pub(super) fn happens(&self, s: Step) -> bool {
        let sup = self.superior;
        let att = self.attacker;
        let forces_left = |side: u8| (0..self.forces(side)).any(|f| !self.force_placed(side, f));
        match s {
            Step::ForwardRoll => sup.is_some() && self.second_forward.is_some(),
            Step::ForwardMove => false,
            Step::DefenderFrontThird => {
                !self.placed_in.contains(&Step::DefenderFrontSecond) && forces_left(1 - att)
            }
            Step::AttackerFrontSecond => sup == Some(1 - att),
            Step::AttackerFrontThird => !self.placed_in.contains(&Step::AttackerFrontSecond),
            Step::DefenderReserveSecond => sup == Some(att),
            Step::AttackerReserveSecond => sup == Some(1 - att),
            Step::DefenderForces => forces_left(1 - att),
            Step::AttackerForces => forces_left(att),
            _ => true,
        }
    }

    pub(super) fn begin(&mut self, s: Step, ev: &mut Vec<DeployEvent>) {
        self.step = s;
        if s == Step::Done {
            ev.push(DeployEvent::Finished);
        } else {
            ev.push(DeployEvent::StepBegan {
                step: s,
                side: self.actor(s),
            });
        }
    }

    // ----- the result -----------------------------------------------------

    /// The victory locations of 3.2.8 (N33): village hexes in the
    /// defender's frontline and reserve areas, hill features lying in
    /// them, and each side's supply road inside its reserve area.
    pub fn victory_locations(&self) -> VictoryLocations {
        let def = [Zone::DefenderFrontline, Zone::DefenderReserve];
        let in_def = |h: &Hex| self.zone_of(*h).is_some_and(|z| def.contains(&z));
        let villages = self
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Village)
            .flat_map(|f| f.hexes.iter().copied())
            .filter(in_def)
            .collect();
        let hills = self
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Hill && f.hexes.iter().all(in_def))
            .map(|f| f.hexes.clone())
            .collect();
        let roads = [0u8, 1].map(|s| {
            let reserve = if s == self.attacker {
                Zone::AttackerReserve
            } else {
                Zone::DefenderReserve
            };
            self.roads[s as usize]
                .iter()
                .copied()
                .filter(|&h| self.zone_of(h) == Some(reserve))
                .collect()
        });
        VictoryLocations {
            villages,
            hills,
            roads,
        }
    }

    /// The battle as an ordinary scenario: the table's map inline, every
    /// unit, leader and General where it was placed, the attacker's
    /// initiative ties (N34), and the victory locations (N33).
    /// The validation errors of the finished battle in one line, or
    /// `None` when it can be played: the end of the procedure is always a
    /// scenario `validate` accepts, or the log is refused.
    pub fn scenario_errors(&self) -> Option<String> {
        let s = self.scenario();
        let MapSource::Inline(map) = &s.map else {
            return Some("the battle has no map".into());
        };
        crate::engine::validation_errors(&s, map)
    }

    pub fn scenario(&self) -> Scenario {
        let mut s = self.base.clone();
        for (i, u) in s.units.iter_mut().enumerate() {
            if let Some(Some((h, f))) = self.units.get(i) {
                u.placement = Placement::Start(*h);
                u.facing = Some(*f);
            }
        }
        for side in 0..2 {
            for (f, force) in s.sides[side].forces.iter_mut().enumerate() {
                if let Some(l) = &mut force.leader {
                    l.hex = self.leaders[side].get(f).copied().flatten();
                }
            }
            if let Some(a) = &mut s.sides[side].army {
                a.general.hex = self.generals[side];
            }
        }
        let mut map = self.map.clone();
        map.places = self
            .features
            .iter()
            .enumerate()
            .map(|(i, f)| crate::scenario::Place {
                name: format!("{} {}", crate::words::capitalised(f.kind.name()), i + 1),
                hexes: f.hexes.clone(),
            })
            .collect();
        s.map = MapSource::Inline(Box::new(map));
        let v = self.victory_locations();
        let attacker = s.sides[self.attacker as usize].id.clone();
        s.victory.victory_hexes = v
            .villages
            .iter()
            .map(|&h| VictoryHex {
                hex: h,
                side: attacker.clone(),
                points: 1,
            })
            .collect();
        if let RuleSet::Napoleon(o) = &mut s.rules {
            o.pickup_victory = Some(crate::rules::napoleon::model::PickupVictory {
                attacker: attacker.clone(),
                hills: v.hills.clone(),
                roads: [0, 1]
                    .map(|i| (s.sides[i].id.clone(), v.roads[i].clone()))
                    .into(),
            });
        }
        s.description = format!(
            "A pick-up battle [3.2]: {} ({}) attacks {} ({}).",
            self.side_name(self.attacker),
            self.base.sides[self.attacker as usize]
                .army
                .as_ref()
                .map_or("", |a| a.nation.as_str()),
            self.side_name(1 - self.attacker),
            self.base.sides[1 - self.attacker as usize]
                .army
                .as_ref()
                .map_or("", |a| a.nation.as_str()),
        );
        s
    }
}
