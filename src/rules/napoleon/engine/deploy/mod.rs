//! The pick-up procedure of the *Napoleon* rules [3.2]-[3.2.8] as an
//! engine set-up phase: attacker and defender by the roll plus
//! aggressiveness (N22), the table and its five areas (N23), cavalry
//! superiority (N26), each placement of terrain features and forces of
//! 3.2.2-3.2.6 in order (N24, N25, N27-N31, N109), both supply roads
//! (N30), the final deployment and the Generals (N32) and the victory
//! locations (N33). Commands are checked (each refusal ends with its
//! section), executed with a seeded [`Dice`], and answered with events;
//! the same seed and commands always give the same table, so a
//! [`DeploymentLog`] re-creates a battle. The end is an ordinary
//! [`Scenario`] ([`Deployment::scenario`]).

mod check;
mod execute;

use crate::engine::Dice;
use crate::hex::{Dir, Grid, Hex, Orientation, Stagger};
use crate::rules::napoleon::model::pickup::{ArmyList, OrderOfBattle};
use crate::rules::napoleon::model::{CavalryTie, Edge, NapoleonOptions};
use crate::scenario::{Colour, Crt, Map, MapSource, RuleSet, Scenario, UnitKind, Victory};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A terrain feature of the pick-up lists [3.2.2]-[3.2.6] (N25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum FeatureKind {
    Village,
    Forest,
    Hill,
    Difficult,
}

impl FeatureKind {
    pub const ALL: [FeatureKind; 4] = [
        FeatureKind::Village,
        FeatureKind::Forest,
        FeatureKind::Hill,
        FeatureKind::Difficult,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Village => "village",
            FeatureKind::Forest => "forest",
            FeatureKind::Hill => "hill",
            FeatureKind::Difficult => "difficult ground",
        }
    }

    /// The terrain code the feature paints on the table's map (hills are
    /// elevation on clear ground).
    fn code(self) -> char {
        match self {
            FeatureKind::Village => 'T',
            FeatureKind::Forest => 'W',
            FeatureKind::Hill => '.',
            FeatureKind::Difficult => 'm',
        }
    }
}

/// The five bands of the table [3.2.1] (N23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    AttackerReserve,
    AttackerFrontline,
    Forward,
    DefenderFrontline,
    DefenderReserve,
}

impl Zone {
    pub const ALL: [Zone; 5] = [
        Zone::AttackerReserve,
        Zone::AttackerFrontline,
        Zone::Forward,
        Zone::DefenderFrontline,
        Zone::DefenderReserve,
    ];

    /// The section that places features in the zone.
    pub fn section(self) -> &'static str {
        match self {
            Zone::Forward => "3.2.2",
            Zone::DefenderFrontline => "3.2.3",
            Zone::AttackerFrontline => "3.2.4",
            Zone::DefenderReserve => "3.2.5",
            Zone::AttackerReserve => "3.2.6",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Zone::AttackerReserve => "attacker's reserve area",
            Zone::AttackerFrontline => "attacker's frontline area",
            Zone::Forward => "forward area",
            Zone::DefenderFrontline => "defender's frontline area",
            Zone::DefenderReserve => "defender's reserve area",
        }
    }
}

/// Who acts in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Attacker,
    Defender,
    /// The side with more cavalry units (the attacker on a tie, N26).
    Superior,
    /// The other one.
    Inferior,
}

/// Whether a feature placed in the step may, must or may not be occupied
/// by one of the placer's forces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupy {
    No,
    May,
    Must,
}

/// The steps of the procedure, in order [3.2.2]-[3.2.7].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// 3.2.2 (1)(2): the superior side's forward feature, which it may occupy.
    ForwardFirst,
    /// 3.2.2 (3): the other side's forward feature.
    ForwardSecond,
    /// 3.2.2 (4): the superior side may roll 4+ against it.
    ForwardRoll,
    /// After a 4+: it removes or re-places that feature.
    ForwardMove,
    DefenderFrontFirst,
    /// 3.2.3: the attacker may place one in the defender's frontline.
    DefenderFrontSecond,
    /// 3.2.3: if the attacker passed, the defender may place a second,
    /// which he must occupy.
    DefenderFrontThird,
    DefenderRoad,
    AttackerFrontFirst,
    /// 3.2.4: the defender, if he has more cavalry.
    AttackerFrontSecond,
    /// 3.2.4: the attacker again if the defender placed none.
    AttackerFrontThird,
    AttackerRoad,
    DefenderReserveFirst,
    /// 3.2.5: the attacker, if he has more cavalry.
    DefenderReserveSecond,
    DefenderReserveThird,
    AttackerReserveFirst,
    /// 3.2.6: the defender, if he has more cavalry.
    AttackerReserveSecond,
    AttackerReserveThird,
    /// 3.2.7: the defender's remaining forces, then the attacker's.
    DefenderForces,
    AttackerForces,
    DefenderGeneral,
    AttackerGeneral,
    Done,
}

/// What a step allows.
struct Spec {
    role: Role,
    zone: Zone,
    features: &'static [(FeatureKind, usize, usize)],
    occupy: Occupy,
    section: &'static str,
}

const FORWARD: &[(FeatureKind, usize, usize)] = &[
    (FeatureKind::Village, 1, 1),
    (FeatureKind::Forest, 1, 5),
    (FeatureKind::Hill, 2, 7),
    (FeatureKind::Difficult, 1, 5),
];
const DEFENDER_FRONT: &[(FeatureKind, usize, usize)] =
    &[(FeatureKind::Village, 1, 2), (FeatureKind::Hill, 2, 7)];
const ATTACKER_FRONT: &[(FeatureKind, usize, usize)] = &[
    (FeatureKind::Village, 1, 2),
    (FeatureKind::Hill, 2, 7),
    (FeatureKind::Difficult, 1, 5),
];

impl Step {
    pub const ALL: [Step; 23] = [
        Step::ForwardFirst,
        Step::ForwardSecond,
        Step::ForwardRoll,
        Step::ForwardMove,
        Step::DefenderFrontFirst,
        Step::DefenderFrontSecond,
        Step::DefenderFrontThird,
        Step::DefenderRoad,
        Step::AttackerFrontFirst,
        Step::AttackerFrontSecond,
        Step::AttackerFrontThird,
        Step::AttackerRoad,
        Step::DefenderReserveFirst,
        Step::DefenderReserveSecond,
        Step::DefenderReserveThird,
        Step::AttackerReserveFirst,
        Step::AttackerReserveSecond,
        Step::AttackerReserveThird,
        Step::DefenderForces,
        Step::AttackerForces,
        Step::DefenderGeneral,
        Step::AttackerGeneral,
        Step::Done,
    ];

    fn spec(self, superior_exists: bool) -> Spec {
        use Role::*;
        let s = |role, zone, features, occupy, section| Spec {
            role,
            zone,
            features,
            occupy,
            section,
        };
        match self {
            Step::ForwardFirst => s(Superior, Zone::Forward, FORWARD, Occupy::May, "3.2.2"),
            Step::ForwardSecond => s(
                Inferior,
                Zone::Forward,
                FORWARD,
                // On a tie nobody is inferior: the defender may occupy (N26).
                if superior_exists {
                    Occupy::No
                } else {
                    Occupy::May
                },
                "3.2.2",
            ),
            Step::ForwardRoll | Step::ForwardMove => {
                s(Superior, Zone::Forward, FORWARD, Occupy::No, "3.2.2")
            }
            Step::DefenderFrontFirst => s(
                Defender,
                Zone::DefenderFrontline,
                DEFENDER_FRONT,
                Occupy::No,
                "3.2.3",
            ),
            Step::DefenderFrontSecond => s(
                Attacker,
                Zone::DefenderFrontline,
                DEFENDER_FRONT,
                Occupy::No,
                "3.2.3",
            ),
            Step::DefenderFrontThird => s(
                Defender,
                Zone::DefenderFrontline,
                DEFENDER_FRONT,
                Occupy::Must,
                "3.2.3",
            ),
            Step::DefenderRoad => s(Defender, Zone::DefenderReserve, &[], Occupy::No, "3.2.3"),
            Step::AttackerFrontFirst | Step::AttackerFrontThird => s(
                Attacker,
                Zone::AttackerFrontline,
                ATTACKER_FRONT,
                Occupy::No,
                "3.2.4",
            ),
            Step::AttackerFrontSecond => s(
                Defender,
                Zone::AttackerFrontline,
                ATTACKER_FRONT,
                Occupy::No,
                "3.2.4",
            ),
            Step::AttackerRoad => s(Attacker, Zone::AttackerReserve, &[], Occupy::No, "3.2.4"),
            Step::DefenderReserveFirst => s(
                Defender,
                Zone::DefenderReserve,
                FORWARD,
                Occupy::No,
                "3.2.5",
            ),
            Step::DefenderReserveSecond => s(
                Attacker,
                Zone::DefenderReserve,
                FORWARD,
                Occupy::No,
                "3.2.5",
            ),
            Step::DefenderReserveThird => s(
                Defender,
                Zone::DefenderReserve,
                FORWARD,
                Occupy::May,
                "3.2.5",
            ),
            Step::AttackerReserveFirst | Step::AttackerReserveThird => s(
                Attacker,
                Zone::AttackerReserve,
                FORWARD,
                Occupy::May,
                "3.2.6",
            ),
            Step::AttackerReserveSecond => s(
                Defender,
                Zone::AttackerReserve,
                FORWARD,
                Occupy::No,
                "3.2.6",
            ),
            Step::DefenderForces | Step::DefenderGeneral => {
                s(Defender, Zone::DefenderFrontline, &[], Occupy::No, "3.2.7")
            }
            Step::AttackerForces | Step::AttackerGeneral => {
                s(Attacker, Zone::AttackerFrontline, &[], Occupy::No, "3.2.7")
            }
            Step::Done => s(Attacker, Zone::Forward, &[], Occupy::No, "3.2.8"),
        }
    }

    /// The section of the rules the step plays.
    pub fn section(self) -> &'static str {
        self.spec(true).section
    }

    /// What the step is, in a sentence for the one whose step it is.
    pub fn describe(self) -> &'static str {
        match self {
            Step::ForwardFirst => {
                "place a terrain feature in the forward area, and you may occupy it with one force"
            }
            Step::ForwardSecond => "place a terrain feature in the forward area",
            Step::ForwardRoll => {
                "you may roll 1D6: on 4+ you remove or move the other side's forward feature"
            }
            Step::ForwardMove => "remove the other side's forward feature, or place it elsewhere",
            Step::DefenderFrontFirst => "place a village or a hill in your frontline area",
            Step::DefenderFrontSecond => {
                "you may place a village or a hill in the defender's frontline area"
            }
            Step::DefenderFrontThird => {
                "you may place a second village or hill in your frontline area, occupied by one force"
            }
            Step::DefenderRoad => {
                "mark your supply road from your table edge to your frontline next to the forward area"
            }
            Step::AttackerFrontFirst => {
                "place a village, a hill or difficult ground in your frontline area"
            }
            Step::AttackerFrontSecond => {
                "you may place a village, a hill or difficult ground in the attacker's frontline area"
            }
            Step::AttackerFrontThird => {
                "you may place one more village, hill or difficult ground in your frontline area"
            }
            Step::AttackerRoad => {
                "mark your supply road from your table edge to the end of the defender's road"
            }
            Step::DefenderReserveFirst => "place a terrain feature in your reserve area",
            Step::DefenderReserveSecond => {
                "you may place a terrain feature in the defender's reserve area"
            }
            Step::DefenderReserveThird => {
                "you may place another feature in your reserve area and occupy it with one force"
            }
            Step::AttackerReserveFirst => {
                "place a terrain feature in your reserve area; you may occupy it with one force"
            }
            Step::AttackerReserveSecond => {
                "you may place a terrain feature in the attacker's reserve area"
            }
            Step::AttackerReserveThird => {
                "you may place another feature in your reserve area and occupy it with one force"
            }
            Step::DefenderForces | Step::AttackerForces => {
                "place your remaining forces in your frontline and reserve areas"
            }
            Step::DefenderGeneral | Step::AttackerGeneral => {
                "place your General alone in a hex of your frontline or reserve area"
            }
            Step::Done => "the table is set",
        }
    }
}

/// A placed terrain feature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    pub kind: FeatureKind,
    pub hexes: Vec<Hex>,
    pub zone: Zone,
    /// The side that placed it.
    pub by: u8,
}

/// Where a force's units and leader go: `units` in the order of the
/// force's units, each with its hex and facing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcePlacement {
    pub force: usize,
    pub units: Vec<(Hex, Dir)>,
    pub leader: Hex,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DeployCommand {
    /// A feature, and the force that occupies it where the step allows.
    PlaceFeature {
        kind: FeatureKind,
        hexes: Vec<Hex>,
        force: Option<ForcePlacement>,
    },
    /// Passes a placement the text says "may" [3.2.2]-[3.2.6] (N25).
    Pass,
    /// The superior side's 4+ roll against the other forward feature.
    RollForward,
    RemoveFeature,
    /// Re-places the other side's forward feature (same kind and size).
    MoveFeature {
        hexes: Vec<Hex>,
    },
    /// A supply road, from the side's edge row to its end (N30).
    MarkRoad {
        hexes: Vec<Hex>,
    },
    PlaceForce(ForcePlacement),
    PlaceGeneral {
        hex: Hex,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DeployEvent {
    /// Each side's die and aggressiveness; `attacker` None on a tie (N22).
    RolesRolled {
        rolls: [(u32, i32); 2],
        attacker: Option<u8>,
    },
    CavalryCounted {
        cavalry: [u32; 2],
        superior: Option<u8>,
    },
    StepBegan {
        step: Step,
        side: u8,
    },
    FeaturePlaced {
        side: u8,
        feature: Feature,
    },
    ForcePlaced {
        side: u8,
        placement: ForcePlacement,
    },
    Passed {
        side: u8,
        step: Step,
    },
    ForwardRolled {
        side: u8,
        roll: u32,
        success: bool,
    },
    FeatureRemoved {
        side: u8,
        index: usize,
    },
    FeatureMoved {
        side: u8,
        index: usize,
        hexes: Vec<Hex>,
    },
    RoadMarked {
        side: u8,
        hexes: Vec<Hex>,
    },
    GeneralPlaced {
        side: u8,
        hex: Hex,
    },
    Finished,
}

/// A refusal, ending with the section and ruling that forbid it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DeployError(pub String);

fn refuse<T>(s: String) -> Result<T, DeployError> {
    Err(DeployError(s))
}

/// One side at the table: its list, order of battle and what it fields.
#[derive(Clone, Debug)]
struct Army {
    name: String,
    /// Per force: the indices of its units in [`Deployment::base`]'s units.
    forces: Vec<Vec<usize>>,
    cavalry: u32,
}

/// The state of a pick-up procedure.
#[derive(Clone, Debug)]
pub struct Deployment {
    /// The scenario being built: sides, forces and units from the orders of
    /// battle, the table's map inline (features painted as placed).
    base: Scenario,
    map: Map,
    armies: [Army; 2],
    pub options: NapoleonOptions,
    /// The attacker (N22) and the side with more cavalry (N26).
    pub attacker: u8,
    pub superior: Option<u8>,
    pub step: Step,
    pub features: Vec<Feature>,
    /// Per unit of `base`: where it stands and faces.
    pub units: Vec<Option<(Hex, Dir)>>,
    /// Per side, per force: the leader's hex, once placed.
    pub leaders: [Vec<Option<Hex>>; 2],
    pub generals: [Option<Hex>; 2],
    pub roads: [Vec<Hex>; 2],
    /// Whether a feature has been placed in the current step's "first"
    /// or "second" placements, to know which later steps happen.
    placed_in: BTreeSet<Step>,
    /// The forward feature placed in `ForwardSecond`, by index.
    second_forward: Option<usize>,
}

/// The table's side names and colours for [`Deployment::new`].
pub struct Seats<'a> {
    pub names: [&'a str; 2],
    pub colours: [Colour; 2],
}

impl Deployment {
    /// Starts the procedure: the sides from the two orders of battle, the
    /// roll for attacker and defender (N22), the table (N23) and the
    /// cavalry count (N26). The orders must pass their lists' checks.
    pub fn new(
        lists: [&ArmyList; 2],
        orders: [&OrderOfBattle; 2],
        options: &NapoleonOptions,
        seats: &Seats,
        dice: &mut Dice,
    ) -> Result<(Deployment, Vec<DeployEvent>), DeployError> {
        // The options first (a deployment log carries its own): every
        // number within the range a scenario allows (issue 35 item 33).
        {
            use crate::rules::napoleon::model::options::{OPTION_DOCS, TROOP_DOCS, out_of_range};
            let bad = out_of_range(options, &[OPTION_DOCS, TROOP_DOCS]);
            if !bad.is_empty() {
                let why: Vec<String> = bad.into_iter().map(|(_, w)| w).collect();
                return refuse(format!("the options cannot be played: {}", why.join("; ")));
            }
        }
        for s in 0..2 {
            let why = lists[s].check();
            if !why.is_empty() {
                return refuse(format!(
                    "the army list of {} is not usable: {}",
                    seats.names[s],
                    why.join("; ")
                ));
            }
            let why = lists[s].check_order(orders[s], options);
            if !why.is_empty() {
                return refuse(format!(
                    "the order of battle of {} is not legal: {}",
                    seats.names[s],
                    why.join("; ")
                ));
            }
        }
        let mut events = Vec::new();
        // N22: 1D6 + aggressiveness, again on a tie.
        let attacker = loop {
            let r = [0, 1].map(|s| (dice.d6(), lists[s].aggressiveness));
            // Aggressiveness is bounded by the list check; saturating all
            // the same.
            let t = r.map(|(d, a)| (d as i32).saturating_add(a));
            let attacker = match t[0].cmp(&t[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            events.push(DeployEvent::RolesRolled { rolls: r, attacker });
            if let Some(a) = attacker {
                break a;
            }
        };
        // Bounded above (pickup_reserve_depth is at most 50).
        let rows = options
            .pickup_reserve_depth
            .saturating_mul(2)
            .saturating_add(8);
        let map = Map::filled(
            "Pick-up battle",
            options.pickup_columns,
            rows,
            Grid::new(Orientation::FlatTop, Stagger::Even),
            crate::rules::napoleon::model::terrain(),
            '.',
        );
        let mut sides = Vec::new();
        let mut units = Vec::new();
        let mut armies = Vec::new();
        for s in 0..2 {
            let (side, mut us) = lists[s].side_of(
                orders[s],
                options,
                seats.names[s],
                seats.colours[s],
                if s == 0 { "a" } else { "b" },
            );
            let start = units.len();
            let mut forces = Vec::new();
            for f in &side.forces {
                forces.push(
                    f.units
                        .iter()
                        .filter_map(|id| us.iter().position(|u| &u.id == id).map(|i| start + i))
                        .collect(),
                );
            }
            let cavalry = us.iter().filter(|u| u.kind == UnitKind::Cavalry).count() as u32;
            armies.push(Army {
                name: seats.names[s].to_string(),
                forces,
                cavalry,
            });
            units.append(&mut us);
            sides.push(side);
        }
        let [a0, a1]: [Army; 2] = armies
            .try_into()
            .map_err(|_| DeployError("two armies are needed".into()))?;
        let mut o = options.clone();
        // N34: in pick-up games initiative ties go to the attacker, unless
        // a single French army takes them.
        o.initiative_tie_side = Some(sides[attacker as usize].id.clone());
        let cavalry = [a0.cavalry, a1.cavalry];
        let superior = match cavalry[0].cmp(&cavalry[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => match options.cavalry_tie {
                CavalryTie::NoSuperior => None,
                CavalryTie::Attacker => Some(attacker),
                CavalryTie::Defender => Some(1 - attacker),
            },
        };
        events.push(DeployEvent::CavalryCounted { cavalry, superior });
        let leaders = [vec![None; a0.forces.len()], vec![None; a1.forces.len()]];
        let n = units.len();
        let mut d = Deployment {
            base: Scenario {
                version: crate::scenario::FORMAT_VERSION,
                title: format!(
                    "Pick-up battle: {} against {}",
                    seats.names[0], seats.names[1]
                ),
                author: String::new(),
                description: String::new(),
                map: MapSource::Inline(Box::new(map.clone())),
                rules: RuleSet::Napoleon(Box::new(o.clone())),
                turns: o.turn_limit.unwrap_or(12),
                sides,
                units,
                crt: Crt::default(),
                victory: Victory::default(),
                variants: Vec::new(),
                notes: String::new(),
            },
            map,
            armies: [a0, a1],
            options: o,
            attacker,
            superior,
            step: Step::ForwardFirst,
            features: Vec::new(),
            units: vec![None; n],
            leaders,
            generals: [None, None],
            roads: [Vec::new(), Vec::new()],
            placed_in: BTreeSet::new(),
            second_forward: None,
        };
        d.map.areas = Zone::ALL
            .iter()
            .map(|&z| crate::scenario::Area {
                name: d.zone_title(z),
                hexes: d.zone_hexes(z),
            })
            .collect();
        d.begin(Step::ForwardFirst, &mut events);
        Ok((d, events))
    }

    /// The scenario as it stands: the table's map, the sides and units,
    /// placed units with their hexes and facings.
    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn side_name(&self, side: u8) -> &str {
        &self.armies[side as usize].name
    }

    pub fn role_name(&self, side: u8) -> &'static str {
        if side == self.attacker {
            "attacker"
        } else {
            "defender"
        }
    }

    /// The side whose step it is.
    pub fn to_act(&self) -> u8 {
        self.actor(self.step)
    }

    pub(super) fn actor(&self, step: Step) -> u8 {
        let a = self.attacker;
        match step.spec(self.superior.is_some()).role {
            Role::Attacker => a,
            Role::Defender => 1 - a,
            Role::Superior => self.superior.unwrap_or(a),
            Role::Inferior => 1 - self.superior.unwrap_or(a),
        }
    }

    /// The rows of a zone, first to last from the attacker's edge.
    pub fn zone_rows(&self, z: Zone) -> std::ops::RangeInclusive<i32> {
        let r = self.options.pickup_reserve_depth as i32;
        let (lo, hi) = match z {
            Zone::AttackerReserve => (1, r),
            Zone::AttackerFrontline => (r + 1, r + 2),
            Zone::Forward => (r + 3, r + 6),
            Zone::DefenderFrontline => (r + 7, r + 8),
            Zone::DefenderReserve => (r + 9, 2 * r + 8),
        };
        if self.options.attacker_edge == Edge::South {
            let rows = self.map.rows as i32;
            (rows + 1 - hi)..=(rows + 1 - lo)
        } else {
            lo..=hi
        }
    }

    pub fn zone_of(&self, h: Hex) -> Option<Zone> {
        if !self.map.in_bounds(h) {
            return None;
        }
        Zone::ALL
            .into_iter()
            .find(|&z| self.zone_rows(z).contains(&h.row))
    }

    pub fn zone_hexes(&self, z: Zone) -> Vec<Hex> {
        let rows = self.zone_rows(z);
        (1..=self.map.columns as i32)
            .flat_map(|c| rows.clone().map(move |r| Hex::new(c, r)))
            .collect()
    }

    pub(super) fn zone_title(&self, z: Zone) -> String {
        let mut s = z.name().to_string();
        let side = match z {
            Zone::AttackerReserve | Zone::AttackerFrontline => Some(self.attacker),
            Zone::DefenderFrontline | Zone::DefenderReserve => Some(1 - self.attacker),
            Zone::Forward => None,
        };
        if let Some(side) = side {
            s = format!("{} ({})", s, self.side_name(side));
        }
        // Capitalised for the map's area list.
        let mut c = s.chars();
        c.next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    }

    /// A side's edge row (N23).
    pub fn edge_row(&self, side: u8) -> i32 {
        let z = if side == self.attacker {
            Zone::AttackerReserve
        } else {
            Zone::DefenderReserve
        };
        let rows = self.zone_rows(z);
        let north = (self.options.attacker_edge == Edge::North) == (side == self.attacker);
        if north { *rows.start() } else { *rows.end() }
    }

    /// The unit indices of a side's force.
    pub fn force_units(&self, side: u8, force: usize) -> &[usize] {
        self.armies[side as usize]
            .forces
            .get(force)
            .map_or(&[], |v| v.as_slice())
    }

    pub fn forces(&self, side: u8) -> usize {
        self.armies[side as usize].forces.len()
    }

    pub fn force_placed(&self, side: u8, force: usize) -> bool {
        self.leaders[side as usize]
            .get(force)
            .is_some_and(|l| l.is_some())
    }

    pub fn unit(&self, i: usize) -> Option<&crate::scenario::Unit> {
        self.base.units.get(i)
    }

    pub fn force_name(&self, side: u8, force: usize) -> &str {
        self.base.sides[side as usize]
            .forces
            .get(force)
            .map_or("", |f| f.name.as_str())
    }

    pub fn cavalry(&self) -> [u32; 2] {
        [self.armies[0].cavalry, self.armies[1].cavalry]
    }

    /// What the current step allows: the zone, the features with their
    /// sizes, whether the force occupies.
    pub fn allowed(&self) -> (Zone, &'static [(FeatureKind, usize, usize)], Occupy) {
        let sp = self.step.spec(self.superior.is_some());
        (sp.zone, sp.features, sp.occupy)
    }

    /// Whether the step may be passed.
    pub fn may_pass(&self) -> bool {
        !matches!(
            self.step,
            Step::DefenderRoad
                | Step::AttackerRoad
                | Step::ForwardMove
                | Step::DefenderForces
                | Step::AttackerForces
                | Step::DefenderGeneral
                | Step::AttackerGeneral
                | Step::Done
        )
    }

    pub fn is_done(&self) -> bool {
        self.step == Step::Done
    }
}

/// The victory locations of a pick-up battle (N33).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VictoryLocations {
    pub villages: Vec<Hex>,
    pub hills: Vec<Vec<Hex>>,
    /// Per side: its road's hexes inside its own reserve area.
    pub roads: [Vec<Hex>; 2],
}

/// A pick-up procedure as played: what it started from, its seed and
/// every command, so it can be re-created and reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeploymentLog {
    pub version: u32,
    pub seed: u64,
    pub names: [String; 2],
    pub colours: [Colour; 2],
    pub lists: [ArmyList; 2],
    pub orders: [OrderOfBattle; 2],
    pub options: NapoleonOptions,
    pub commands: Vec<(u8, DeployCommand)>,
    /// The command count and a digest of every command and event (version
    /// 2 on): a log with a command removed or edited does not replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<crate::engine::LogEnd>,
}

/// The deployment log format written now; version 1 had no `end` record
/// and still reads.
pub const DEPLOYMENT_LOG_VERSION: u32 = 2;

impl DeploymentLog {
    /// Starts the procedure the log describes, before any command.
    pub fn start(&self) -> Result<(Deployment, Dice, Vec<DeployEvent>), DeployError> {
        let mut dice = Dice::new(self.seed);
        let seats = Seats {
            names: [self.names[0].as_str(), self.names[1].as_str()],
            colours: self.colours,
        };
        let (d, ev) = Deployment::new(
            [&self.lists[0], &self.lists[1]],
            [&self.orders[0], &self.orders[1]],
            &self.options,
            &seats,
            &mut dice,
        )?;
        Ok((d, dice, ev))
    }

    /// Plays the log again: the same table, or the first command refused,
    /// or (with its `end` record) a count or digest that differs.
    pub fn replay(&self) -> Result<(Deployment, Vec<DeployEvent>), DeployError> {
        if self.version == 0 || self.version > DEPLOYMENT_LOG_VERSION {
            return Err(DeployError(format!(
                "the deployment log is version {}; this Vedette reads versions 1 to {DEPLOYMENT_LOG_VERSION}",
                self.version
            )));
        }
        if self.version >= 2 && self.end.is_none() {
            return Err(DeployError(
                "the deployment log has no `end` record (its command count and digest), which every version 2 log has: it was cut or edited".into(),
            ));
        }
        let (d, events, end) = self.played()?;
        if d.is_done()
            && let Some(why) = d.scenario_errors()
        {
            return Err(DeployError(format!(
                "the procedure ends in a battle that cannot be played: {why}"
            )));
        }
        if let Some(recorded) = &self.end {
            if recorded.commands != end.commands {
                return Err(DeployError(format!(
                    "the log's `end` record counts {} and the log holds {}: a command was removed or added",
                    crate::words::counted(recorded.commands, "command", "commands"),
                    end.commands
                )));
            }
            if recorded.digest != end.digest {
                return Err(DeployError(format!(
                    "every command replays, but the procedure ends differently from the log's record (digest {}, recorded {}): a command was removed, added or edited",
                    end.digest, recorded.digest
                )));
            }
        }
        Ok((d, events))
    }

    /// The log as written now: this version, with its `end` record (the
    /// log replayed to compute it).
    pub fn sealed(&self) -> Result<DeploymentLog, DeployError> {
        let (_, _, end) = self.played()?;
        Ok(DeploymentLog {
            version: DEPLOYMENT_LOG_VERSION,
            end: Some(end),
            ..self.clone()
        })
    }

    /// Every command executed in turn: the table, all events, and the end
    /// record the commands and their events make.
    fn played(&self) -> Result<(Deployment, Vec<DeployEvent>, crate::engine::LogEnd), DeployError> {
        let (mut d, mut dice, mut events) = self.start()?;
        let mut per_command = Vec::with_capacity(self.commands.len());
        for (i, (side, cmd)) in self.commands.iter().enumerate() {
            let ev = d
                .execute(*side, cmd, &mut dice)
                .map_err(|e| DeployError(format!("command {} refused: {e}", i + 1)))?;
            events.extend(ev.iter().cloned());
            per_command.push(ev);
        }
        let end = crate::engine::LogEnd {
            commands: self.commands.len() as u64,
            digest: crate::engine::entries_digest(
                self.commands
                    .iter()
                    .zip(&per_command)
                    .map(|(c, e)| (c, e.as_slice())),
            ),
        };
        Ok((d, events, end))
    }
}

impl Deployment {
    /// The event in a sentence with its section, using side and force
    /// names.
    pub fn sentence(&self, e: &DeployEvent) -> String {
        let name = |s: u8| self.side_name(s).to_string();
        let hexes = |hs: &[Hex]| hs.iter().map(|h| h.label()).collect::<Vec<_>>().join(" ");
        match e {
            DeployEvent::RolesRolled { rolls, attacker } => {
                let t = |s: usize| {
                    format!(
                        "{} rolls {} {:+} = {}",
                        name(s as u8),
                        rolls[s].0,
                        rolls[s].1,
                        rolls[s].0 as i32 + rolls[s].1
                    )
                };
                match attacker {
                    Some(a) => format!("[3.2] {}, {}: {} attacks", t(0), t(1), name(*a)),
                    None => format!("[3.2] {}, {}: a tie, both roll again (N22)", t(0), t(1)),
                }
            }
            DeployEvent::CavalryCounted { cavalry, superior } => match superior {
                Some(s) => format!(
                    "[3.2.2] cavalry units: {} {}, {} {}: {} has cavalry superiority (N26)",
                    name(0),
                    cavalry[0],
                    name(1),
                    cavalry[1],
                    name(*s)
                ),
                None => format!(
                    "[3.2.2] cavalry units: {} each: neither side is superior (N26)",
                    cavalry[0]
                ),
            },
            DeployEvent::StepBegan { step, side } => {
                format!("[{}] {}: {}", step.section(), name(*side), step.describe())
            }
            DeployEvent::FeaturePlaced { side, feature } => format!(
                "[{}] {} places a {} in the {}: {}",
                feature.zone.section(),
                name(*side),
                feature.kind.name(),
                feature.zone.name(),
                hexes(&feature.hexes)
            ),
            DeployEvent::ForcePlaced { side, placement } => format!(
                "{} places {} ({}, leader on {})",
                name(*side),
                self.force_name(*side, placement.force),
                crate::words::counted(placement.units.len(), "unit", "units"),
                placement.leader
            ),
            DeployEvent::Passed { side, step } => {
                format!("[{}] {} passes", step.section(), name(*side))
            }
            DeployEvent::ForwardRolled {
                side,
                roll,
                success,
            } => format!(
                "[3.2.2] {} rolls {roll} against the other forward feature: {} (N27)",
                name(*side),
                if *success {
                    "4+, it may remove or move it"
                } else {
                    "it stays"
                }
            ),
            DeployEvent::FeatureRemoved { side, .. } => {
                format!(
                    "[3.2.2] {} removes the other side's forward feature",
                    name(*side)
                )
            }
            DeployEvent::FeatureMoved { side, hexes: h, .. } => format!(
                "[3.2.2] {} moves the other side's forward feature to {}",
                name(*side),
                hexes(h)
            ),
            DeployEvent::RoadMarked { side, hexes: h } => format!(
                "[{}] {} marks its supply road: {}",
                if *side == self.attacker {
                    "3.2.4"
                } else {
                    "3.2.3"
                },
                name(*side),
                hexes(h)
            ),
            DeployEvent::GeneralPlaced { side, hex } => {
                format!("[3.2.7] {} places its General on {hex}", name(*side))
            }
            DeployEvent::Finished => {
                "[3.2.8] the table is set; the victory locations are marked".into()
            }
        }
    }
}
