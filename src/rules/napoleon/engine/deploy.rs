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

use crate::engine::Dice;
use crate::hex::{Dir, Grid, Hex, Orientation, Stagger};
use crate::rules::napoleon::model::pickup::{ArmyList, OrderOfBattle};
use crate::rules::napoleon::model::{CavalryTie, Edge, NapoleonOptions, NapoleonTerrain};
use crate::scenario::{
    Colour, Crt, HexDetail, Map, MapSource, Placement, RuleSet, Scenario, UnitKind, Victory,
    VictoryHex,
};
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

    fn actor(&self, step: Step) -> u8 {
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

    fn zone_title(&self, z: Zone) -> String {
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

    // ----- checks ---------------------------------------------------------

    fn grid(&self) -> Grid {
        self.map.grid()
    }

    fn role(&self, h: Hex) -> NapoleonTerrain {
        self.map
            .terrain_at(h)
            .map_or(NapoleonTerrain::Clear, |t| self.options.terrain_role(&t.id))
    }

    /// Whether a hex keeps the edge margin (N24).
    fn keeps_margin(&self, h: Hex) -> bool {
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

    fn occupied(&self, h: Hex) -> bool {
        self.units.iter().any(|u| u.is_some_and(|(x, _)| x == h))
            || self.leaders.iter().flatten().any(|l| *l == Some(h))
            || self.generals.contains(&Some(h))
    }

    fn contiguous(&self, hexes: &[Hex], linked: impl Fn(Hex) -> bool) -> bool {
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

    fn check_feature_sized(
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
    fn check_force(
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
    fn check_road(&self, side: u8, hexes: &[Hex]) -> Result<(), DeployError> {
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

    /// A side's frontline and reserve areas.
    pub fn home_zones(&self, side: u8) -> [Zone; 2] {
        if side == self.attacker {
            [Zone::AttackerFrontline, Zone::AttackerReserve]
        } else {
            [Zone::DefenderFrontline, Zone::DefenderReserve]
        }
    }

    fn paint(&mut self, kind: FeatureKind, hexes: &[Hex]) {
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

    fn unpaint(&mut self, hexes: &[Hex]) {
        for &h in hexes {
            self.map.set_code(h, '.');
            self.map.hexes.remove(&h);
        }
    }

    fn place_force(&mut self, side: u8, p: &ForcePlacement) {
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

    fn advance(&mut self, ev: &mut Vec<DeployEvent>) {
        let i = Step::ALL.iter().position(|&s| s == self.step).unwrap_or(0);
        let next = Step::ALL.get(i + 1).copied().unwrap_or(Step::Done);
        self.advance_from(next, ev);
    }

    /// Begins the first step from `from` on that happens.
    fn advance_from(&mut self, from: Step, ev: &mut Vec<DeployEvent>) {
        let start = Step::ALL.iter().position(|&s| s == from).unwrap_or(0);
        for &s in &Step::ALL[start..] {
            if self.happens(s) {
                self.begin(s, ev);
                return;
            }
        }
    }

    /// Whether a step is played, given what went before (N26-N32).
    fn happens(&self, s: Step) -> bool {
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

    fn begin(&mut self, s: Step, ev: &mut Vec<DeployEvent>) {
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
                name: format!("{} {}", capital(f.kind.name()), i + 1),
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

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
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
