//! `check` for the pick-up procedure: whether a placement of terrain
//! features, forces or roads is legal (N24, N25, N27-N31, N109), each
//! refusal ending with its section.

use super::*;
use crate::hex::{Grid, Hex};
use crate::rules::napoleon::model::NapoleonTerrain;
use crate::scenario::UnitKind;

impl Deployment {
    pub(super) fn grid(&self) -> Grid {
        self.map.grid()
    }

    pub(super) fn role(&self, h: Hex) -> NapoleonTerrain {
        self.map
            .terrain_at(h)
            .map_or(NapoleonTerrain::Clear, |t| self.options.terrain_role(&t.id))
    }

    /// Whether a hex keeps the edge margin (N24).
    pub(super) fn keeps_margin(&self, h: Hex) -> bool {
        let m = self.options.edge_margin as i32;
        h.col >= m
            && h.row >= m
            && h.col <= self.map.columns as i32 + 1 - m
            && h.row <= self.map.rows as i32 + 1 - m
    }

    /// The table as it would be with a feature painted (for a force that
    /// occupies it in the same command).
    pub fn with_feature(&self, kind: FeatureKind, hexes: &[Hex]) -> Deployment {
        let mut t = self.clone();
        t.paint(kind, hexes);
        t
    }

    /// Why force placement `p` may not stand in `zones` (on the feature
    /// `on` when given), as the current step would check it.
    pub fn check_placement(
        &self,
        side: u8,
        p: &ForcePlacement,
        zones: &[Zone],
        on: Option<&[Hex]>,
    ) -> Result<(), DeployError> {
        self.check_force(side, p, zones, on, self.step.section())
    }

    /// Whether a unit, leader or General stands on `h`.
    pub fn holds_piece(&self, h: Hex) -> bool {
        self.occupied(h)
    }

    /// Whether a unit of `kind` may stand on `h` by its terrain
    /// [3.8.1.1][3.8.5][3.8.6] (N92).
    pub fn may_stand(&self, kind: UnitKind, h: Hex) -> bool {
        crate::rules::napoleon::model::setup::barred(kind, self.role(h)).is_none()
            && !(kind == UnitKind::Cavalry && self.options.is_outskirts(&self.map, h))
    }

    pub(super) fn occupied(&self, h: Hex) -> bool {
        self.units.iter().any(|u| u.is_some_and(|(x, _)| x == h))
            || self.leaders.iter().flatten().any(|l| *l == Some(h))
            || self.generals.contains(&Some(h))
    }

    pub(super) fn contiguous(&self, hexes: &[Hex], linked: impl Fn(Hex) -> bool) -> bool {
        // Connected groups under adjacency; a `linked` hex (a town, N69,
        // N106) links its neighbours and counts as connected wherever it
        // stands, so only groups holding another hex must be one.
        let g = self.grid();
        let mut group = vec![usize::MAX; hexes.len()];
        let mut apart = 0;
        for start in 0..hexes.len() {
            if group[start] != usize::MAX {
                continue;
            }
            group[start] = start;
            let mut todo = vec![start];
            let mut unlinked = false;
            while let Some(i) = todo.pop() {
                unlinked |= !linked(hexes[i]);
                for j in 0..hexes.len() {
                    if group[j] == usize::MAX && g.distance(hexes[i], hexes[j]) <= 1 {
                        group[j] = start;
                        todo.push(j);
                    }
                }
            }
            apart += usize::from(unlinked);
        }
        apart <= 1
    }

    /// Why a feature may not be placed in the current step, or Ok; `moving`
    /// is a forward feature being re-placed (it is left out of spacing).
    pub fn check_feature(
        &self,
        kind: FeatureKind,
        hexes: &[Hex],
        moving: Option<usize>,
    ) -> Result<(), DeployError> {
        self.check_feature_sized(kind, hexes, moving, true)
    }

    /// The hexes a feature of `kind` may take a part in now (its area, the
    /// edge margin, the spacing, no units): what the wizard shows.
    pub fn feature_hexes(&self, kind: FeatureKind) -> Vec<Hex> {
        let moving = (self.step == Step::ForwardMove)
            .then_some(self.second_forward)
            .flatten();
        self.map
            .hexes_on_map()
            .filter(|&h| self.check_feature_sized(kind, &[h], moving, false).is_ok())
            .collect()
    }

    pub(super) fn check_feature_sized(
        &self,
        kind: FeatureKind,
        hexes: &[Hex],
        moving: Option<usize>,
        sized: bool,
    ) -> Result<(), DeployError> {
        let sp = self.step.spec(self.superior.is_some());
        let sec = sp.section;
        let Some(&(_, lo, hi)) = sp.features.iter().find(|(k, _, _)| *k == kind) else {
            let list: Vec<_> = sp.features.iter().map(|(k, _, _)| k.name()).collect();
            return refuse(format!(
                "a {} may not be placed in the {}: the features allowed are {} [{sec}] (N25)",
                kind.name(),
                sp.zone.name(),
                list.join(", ")
            ));
        };
        let mut set: Vec<Hex> = hexes.to_vec();
        set.sort();
        set.dedup();
        if set.len() != hexes.len() {
            return refuse(format!("a hex is given twice [{sec}] (N25)"));
        }
        if sized && (hexes.len() < lo || hexes.len() > hi) {
            return refuse(format!(
                "a {} here is {lo} to {hi} hex{}, not {} [{sec}] (N25)",
                kind.name(),
                if hi == 1 { "" } else { "es" },
                hexes.len()
            ));
        }
        for &h in hexes {
            if self.zone_of(h) != Some(sp.zone) {
                return refuse(format!(
                    "{h} is outside the {}: the feature must lie entirely within it [{sec}] (N24)",
                    sp.zone.name()
                ));
            }
            if !self.keeps_margin(h) {
                return refuse(format!(
                    "{h} is too near the table edge: a feature stays at least {} from it [{sec}] (N24)",
                    crate::words::counted(self.options.edge_margin, "hex", "hexes")
                ));
            }
            if self.occupied(h) {
                return refuse(format!(
                    "{h} holds a unit: features are never placed under units [{sec}] (N24)"
                ));
            }
        }
        if kind == FeatureKind::Village
            && self.options.cavalry_barred_from_outskirts
            && let Some((h, _)) = self.units.iter().enumerate().find_map(|(i, u)| {
                let (h, _) = (*u)?;
                (self.base.units[i].kind == UnitKind::Cavalry
                    && hexes.iter().any(|&v| self.grid().are_adjacent(v, h)))
                .then_some((h, i))
            })
        {
            return refuse(format!(
                "a village here would put the cavalry on {h} on its outskirts, which cavalry may not enter [3.8.1.1] (N27, N92)"
            ));
        }
        if !self.contiguous(hexes, |_| false) {
            return refuse(format!(
                "the hexes of a {} must be contiguous [{sec}] (N25)",
                kind.name()
            ));
        }
        let g = self.grid();
        let forward = sp.zone == Zone::Forward;
        let in_zone = self
            .features
            .iter()
            .enumerate()
            .filter(|&(i, f)| f.zone == sp.zone && Some(i) != moving)
            .count();
        let cap = match sp.zone {
            Zone::Forward => 2,
            Zone::AttackerReserve | Zone::DefenderReserve => 3,
            _ => 2,
        };
        if in_zone >= cap {
            return refuse(format!(
                "the {} already holds {cap} features, as many as it may [{sec}] (N109)",
                sp.zone.name()
            ));
        }
        for (i, f) in self.features.iter().enumerate() {
            if Some(i) == moving {
                continue;
            }
            let d = hexes
                .iter()
                .flat_map(|&a| f.hexes.iter().map(move |&b| g.distance(a, b)))
                .min()
                .unwrap_or(u32::MAX);
            let need = if forward {
                if f.zone == Zone::Forward {
                    self.options.forward_feature_spacing.max(1)
                } else {
                    1
                }
            } else {
                self.options.feature_spacing.max(1)
            };
            if d == 0 {
                return refuse(format!(
                    "the {} overlaps the {} at {}: features never overlap [{sec}] (N24)",
                    kind.name(),
                    f.kind.name(),
                    f.hexes[0]
                ));
            }
            if d < need {
                return refuse(format!(
                    "the {} is {} from the {} at {}: features stay at least {} apart [{sec}] (N24)",
                    kind.name(),
                    crate::words::counted(d, "hex", "hexes"),
                    f.kind.name(),
                    f.hexes[0],
                    crate::words::counted(need, "hex", "hexes")
                ));
            }
            if kind == FeatureKind::Hill && f.kind == FeatureKind::Hill && d == 1 {
                return refuse(format!(
                    "the hill would touch the hill at {} and make one hill of both [{sec}] (N25)",
                    f.hexes[0]
                ));
            }
        }
        Ok(())
    }

    /// Why a force may not be placed as given: `zones` are where its units
    /// and leader may stand; `on` a feature at least one unit must stand on.
    pub(super) fn check_force(
        &self,
        side: u8,
        p: &ForcePlacement,
        zones: &[Zone],
        on: Option<&[Hex]>,
        sec: &str,
    ) -> Result<(), DeployError> {
        let units = self.force_units(side, p.force);
        let name = self.force_name(side, p.force);
        if units.is_empty() {
            return refuse(format!(
                "{} has no force {} [{sec}]",
                self.side_name(side),
                // The number is the log's: it may be any usize.
                p.force.saturating_add(1)
            ));
        }
        if self.force_placed(side, p.force) {
            return refuse(format!("{name} is already on the table [{sec}]"));
        }
        if p.units.len() != units.len() {
            return refuse(format!(
                "{name} has {} and {} given: the entire force is placed [{sec}]",
                crate::words::counted(units.len(), "unit", "units"),
                crate::words::counted(p.units.len(), "place was", "places were")
            ));
        }
        let g = self.grid();
        let zone_list: Vec<_> = zones.iter().map(|z| z.name()).collect();
        let inside = |h: Hex| self.zone_of(h).is_some_and(|z| zones.contains(&z));
        // Stacks as they would be: (troops, guns, leader, other force).
        let mut here: Vec<(Hex, usize)> = Vec::new();
        for (k, &(h, facing)) in p.units.iter().enumerate() {
            let Some(u) = self.base.units.get(units[k]) else {
                continue;
            };
            let what = format!("{} ({})", u.designation, u.kind.name());
            if !inside(h) {
                return refuse(format!(
                    "{what} on {h} is outside the {}: no unit of the force may be placed elsewhere [{sec}] (N27, N32)",
                    zone_list.join(" or ")
                ));
            }
            if !g.dirs().contains(&facing) {
                return refuse(format!(
                    "{what} faces {facing}, which is not a hexside [3.7.2.6] (N6)"
                ));
            }
            if let Some(why) = crate::rules::napoleon::model::setup::barred(u.kind, self.role(h)) {
                return refuse(format!("{what} may not stand on {h}: {why}"));
            }
            if u.kind == UnitKind::Cavalry && self.options.is_outskirts(&self.map, h) {
                return refuse(format!(
                    "{what} may not stand on {h}: cavalry may not enter a town's outskirts [3.8.1.1] (N92)"
                ));
            }
            here.push((h, units[k]));
        }
        // Stacking with what is already placed and within the force (N67).
        let placed = self
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| u.map(|(h, _)| (i, h)));
        for &(h, _) in &here {
            let mut troops = 0;
            let mut guns = 0;
            let mut facings = Vec::new();
            if let Some((j, _)) = placed.clone().find(|&(_, hj)| hj == h) {
                return refuse(format!(
                    "{h} already holds {}: units of different forces never stack [3.7.2.1] (N67)",
                    self.base.units[j].designation
                ));
            }
            for (k, &(hk, jk)) in here.iter().enumerate() {
                if hk != h {
                    continue;
                }
                match self.base.units[jk].kind {
                    UnitKind::Artillery => guns += 1,
                    _ => troops += 1,
                }
                facings.push(p.units[k].1);
            }
            let role = self.role(h);
            let why = if troops > 1 {
                Some("two infantry or cavalry units: one at most")
            } else if troops == 1 && guns > 1 {
                Some("an infantry or cavalry unit with more than one gun attached")
            } else if guns > 2 {
                Some("more than two guns")
            } else if guns > 0 && role == NapoleonTerrain::Town {
                Some("a gun in a town")
            } else if troops == 1 && guns == 1 && facings.windows(2).any(|w| w[0] != w[1]) {
                Some("an attached gun that does not face as its host [3.7.2.9.1] (N72)")
            } else {
                None
            };
            if let Some(why) = why {
                return refuse(format!("{h} would hold {why} [3.7.2.1] (N67)"));
            }
            if self.leaders.iter().flatten().any(|l| *l == Some(h))
                || self.generals.contains(&Some(h))
            {
                return refuse(format!(
                    "{h} holds an officer of another force: units of different forces never stack [3.7.2.1] (N67)"
                ));
            }
        }
        // The leader: in the areas, alone or with a unit of his force.
        if !inside(p.leader) {
            return refuse(format!(
                "the leader of {name} on {} is outside the {} [{sec}] (N32)",
                p.leader,
                zone_list.join(" or ")
            ));
        }
        if self.occupied(p.leader) {
            return refuse(format!(
                "{} already holds a piece of another force: a leader stands alone or with his own force [3.7.2.1] (N67)",
                p.leader
            ));
        }
        let r = self.role(p.leader);
        if r == NapoleonTerrain::Impassable || r == NapoleonTerrain::River {
            return refuse(format!(
                "the leader may not stand on {}, which nobody may enter [3.8.5]",
                p.leader
            ));
        }
        // Contiguous (N69): units and the leader, town units always linked.
        let mut hexes: Vec<Hex> = here.iter().map(|&(h, _)| h).collect();
        hexes.push(p.leader);
        hexes.sort();
        hexes.dedup();
        if !self.contiguous(&hexes, |h| self.role(h) == NapoleonTerrain::Town) {
            return refuse(format!(
                "{name} is not contiguous: its units and leader must form one connected group [3.7.2.4] (N69)"
            ));
        }
        if let Some(feature) = on
            && !here.iter().any(|(h, _)| feature.contains(h))
        {
            return refuse(format!(
                "{name} does not occupy the feature: at least one of its units must stand on it [{sec}] (N27)"
            ));
        }
        Ok(())
    }

    /// Why the road is not a legal supply road for `side` (N30).
    pub(super) fn check_road(&self, side: u8, hexes: &[Hex]) -> Result<(), DeployError> {
        let sec = if side == self.attacker {
            "3.2.4"
        } else {
            "3.2.3"
        };
        let g = self.grid();
        let (Some(&first), Some(&last)) = (hexes.first(), hexes.last()) else {
            return refuse(format!("a supply road needs hexes [{sec}] (N30)"));
        };
        let edge = self.edge_row(side);
        if first.row != edge {
            return refuse(format!(
                "the road must start on your table edge, row {edge}, not at {first} [{sec}] (N30)"
            ));
        }
        let toward = if self.edge_row(1 - side) > edge {
            1
        } else {
            -1
        };
        let mut per_row: std::collections::BTreeMap<i32, u32> = Default::default();
        for (i, &h) in hexes.iter().enumerate() {
            if !self.map.is_on_map(h) {
                return refuse(format!("{h} is off the table [{sec}] (N30)"));
            }
            if hexes[..i].contains(&h) {
                return refuse(format!("the road passes {h} twice [{sec}] (N30)"));
            }
            let r = self.role(h);
            if r == NapoleonTerrain::Impassable || r == NapoleonTerrain::River {
                return refuse(format!(
                    "the road may not cross impassable {h} [{sec}] (N30)"
                ));
            }
            let n = per_row.entry(h.row).or_default();
            *n += 1;
            if *n > 2 {
                return refuse(format!(
                    "the road has more than two hexes in row {} [{sec}] (N30)",
                    h.row
                ));
            }
            if i > 0 {
                let p = hexes[i - 1];
                if !g.are_adjacent(p, h) || !(h.row == p.row || h.row == p.row + toward) {
                    return refuse(format!(
                        "from {p} the road may only go on to an adjacent hex one row nearer the enemy or beside it in the row, not to {h} [{sec}] (N30)"
                    ));
                }
            }
        }
        if side == self.attacker {
            let fwd = self.zone_rows(Zone::Forward);
            let end_row = if toward > 0 { *fwd.end() } else { *fwd.start() };
            let Some(&theirs) = self.roads[1 - side as usize].last() else {
                return refuse(format!(
                    "the defender's road is not marked yet [{sec}] (N30)"
                ));
            };
            if last.row != end_row || !g.are_adjacent(last, theirs) {
                return refuse(format!(
                    "the road must end in the forward area's last row ({end_row}) next to the end of the defender's road at {theirs} [{sec}] (N30)"
                ));
            }
        } else {
            let front = self.zone_rows(Zone::DefenderFrontline);
            let end_row = if toward > 0 {
                *front.end()
            } else {
                *front.start()
            };
            if last.row != end_row {
                return refuse(format!(
                    "the road must end in your frontline row next to the forward area (row {end_row}), not at {last} [{sec}] (N30)"
                ));
            }
        }
        Ok(())
    }

    /// Whether `cmd` is legal now, and if not why, citing its section.
    pub fn check(&self, side: u8, cmd: &DeployCommand) -> Result<(), DeployError> {
        let sec = self.step.section();
        if self.is_done() {
            return refuse("the deployment is over [3.2.8]".into());
        }
        let actor = self.to_act();
        if side != actor {
            return refuse(format!(
                "it is {}'s step: {} [{sec}]",
                self.side_name(actor),
                self.step.describe()
            ));
        }
        let sp = self.step.spec(self.superior.is_some());
        match cmd {
            DeployCommand::Pass => {
                if !self.may_pass() {
                    return refuse(format!(
                        "this step may not be passed: {} [{sec}]",
                        self.step.describe()
                    ));
                }
                Ok(())
            }
            DeployCommand::PlaceFeature { kind, hexes, force } => {
                if sp.features.is_empty()
                    || matches!(self.step, Step::ForwardRoll | Step::ForwardMove)
                {
                    return refuse(format!(
                        "no feature is placed in this step: {} [{sec}]",
                        self.step.describe()
                    ));
                }
                self.check_feature(*kind, hexes, None)?;
                match (sp.occupy, force) {
                    (Occupy::No, Some(_)) => {
                        let why = if sp.zone == Zone::Forward {
                            "the side with fewer cavalry units may not occupy its forward feature (N26, N27)"
                        } else {
                            "this feature may not be occupied (N28, N29, N31)"
                        };
                        refuse(format!("{why} [{sec}]"))
                    }
                    (Occupy::Must, None) => refuse(format!(
                        "the defender's second frontline feature must be occupied by one of his forces [{sec}] (N28)"
                    )),
                    // The force sees the feature as painted (a village bars
                    // guns, a forest cavalry).
                    (_, Some(p)) => self.with_feature(*kind, hexes).check_force(
                        side,
                        p,
                        &[sp.zone],
                        Some(hexes),
                        sec,
                    ),
                    (_, None) => Ok(()),
                }
            }
            DeployCommand::RollForward => {
                if self.step != Step::ForwardRoll {
                    return refuse(
                        "the 4+ roll is made only after the second forward feature [3.2.2] (N27)"
                            .into(),
                    );
                }
                Ok(())
            }
            DeployCommand::RemoveFeature | DeployCommand::MoveFeature { .. } => {
                if self.step != Step::ForwardMove {
                    return refuse(
                        "a feature is removed or moved only after a 4+ roll [3.2.2] (N27)".into(),
                    );
                }
                let Some(i) = self.second_forward else {
                    return refuse("there is no feature to remove [3.2.2] (N27)".into());
                };
                if let DeployCommand::MoveFeature { hexes } = cmd {
                    let f = &self.features[i];
                    if hexes.len() != f.hexes.len() {
                        return refuse(format!(
                            "the {} is moved whole: {}, not {} [3.2.2] (N27)",
                            f.kind.name(),
                            crate::words::counted(f.hexes.len(), "hex", "hexes"),
                            hexes.len()
                        ));
                    }
                    self.check_feature(f.kind, hexes, Some(i))?;
                }
                Ok(())
            }
            DeployCommand::MarkRoad { hexes } => {
                if !matches!(self.step, Step::DefenderRoad | Step::AttackerRoad) {
                    return refuse(format!(
                        "roads are marked after the frontline features [3.2.3][3.2.4] (N30); now: {}",
                        self.step.describe()
                    ));
                }
                self.check_road(side, hexes)
            }
            DeployCommand::PlaceForce(p) => {
                if !matches!(self.step, Step::DefenderForces | Step::AttackerForces) {
                    return refuse(format!(
                        "forces are placed with a feature or in the final deployment [3.2.7] (N32); now: {}",
                        self.step.describe()
                    ));
                }
                let zones = self.home_zones(side);
                self.check_force(side, p, &zones, None, "3.2.7")
            }
            DeployCommand::PlaceGeneral { hex } => {
                if !matches!(self.step, Step::DefenderGeneral | Step::AttackerGeneral) {
                    return refuse(format!(
                        "the Generals are placed last [3.2.7] (N32); now: {}",
                        self.step.describe()
                    ));
                }
                if !self
                    .home_zones(side)
                    .iter()
                    .any(|&z| self.zone_of(*hex) == Some(z))
                {
                    return refuse(format!(
                        "{hex} is not in your frontline or reserve area [3.2.7] (N32)"
                    ));
                }
                if self.occupied(*hex) {
                    return refuse(format!(
                        "{hex} is occupied: a General stands alone in his hex [3.2.7] (N32, N67)"
                    ));
                }
                let r = self.role(*hex);
                if r == NapoleonTerrain::Impassable || r == NapoleonTerrain::River {
                    return refuse(format!("nobody may enter {hex} [3.8.5]"));
                }
                Ok(())
            }
        }
    }
}
