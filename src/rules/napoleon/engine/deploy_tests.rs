//! The pick-up procedure [3.2]-[3.2.8], legal and illegal sides, named
//! after the sections and rulings.

use super::deploy::*;
use crate::engine::Dice;
use crate::hex::{Dir, Hex};
use crate::rules::napoleon::model::pickup::{ArmyList, ForcePick, OrderOfBattle, shipped_lists};
use crate::rules::napoleon::model::{Edge, NapoleonOptions};
use crate::rules::napoleon::player::pickup::{deploy_by_computers, deploy_command};
use crate::scenario::{Colour, Severity, validate};

fn lists() -> [ArmyList; 2] {
    let l = shipped_lists();
    [l[0].clone(), l[1].clone()]
}

/// France with `fc` cavalry units, Britain with `bc`, three forces each.
fn orders(fc: usize, bc: usize) -> [OrderOfBattle; 2] {
    let force = |leader: &str, inf: &str, cav: Option<&str>, n_cav: usize, gun: &str| ForcePick {
        name: format!("{leader}'s division"),
        leader: leader.into(),
        units: [inf, inf, inf]
            .iter()
            .map(|s| s.to_string())
            .chain(
                cav.into_iter()
                    .flat_map(|c| std::iter::repeat_n(c.to_string(), n_cav)),
            )
            .chain(std::iter::once(gun.to_string()))
            .collect(),
    };
    [
        OrderOfBattle {
            version: 1,
            list: "France 1813-1815".into(),
            points: 1000,
            general: "Soult".into(),
            forces: vec![
                force("Foy", "ligne", Some("chasseurs"), fc, "foot_battery"),
                force("Compans", "ligne", None, 0, "foot_battery"),
                force("Girard", "conscript", None, 0, "foot_battery"),
            ],
        },
        OrderOfBattle {
            version: 1,
            list: "Britain 1815".into(),
            points: 1000,
            general: "Hill".into(),
            forces: vec![
                force("Picton", "line", Some("light_dragoons"), bc, "foot_battery"),
                force("Alten", "line", None, 0, "foot_battery"),
                force("Clinton", "allied", None, 0, "foot_battery"),
            ],
        },
    ]
}

fn log(seed: u64, fc: usize, bc: usize, options: NapoleonOptions) -> DeploymentLog {
    DeploymentLog {
        version: 1,
        seed,
        names: ["French".into(), "British".into()],
        colours: [Colour(0x2f, 0x5a, 0xa8), Colour(0xb0, 0x30, 0x30)],
        lists: lists(),
        orders: orders(fc, bc),
        options,
        commands: Vec::new(),
        end: None,
    }
}

fn start(seed: u64, fc: usize, bc: usize) -> (Deployment, Dice) {
    let (d, dice, _) = log(seed, fc, bc, NapoleonOptions::default())
        .start()
        .expect("starts");
    (d, dice)
}

/// A seed whose roll makes side 0 (France) the attacker, or the defender.
fn start_with_attacker(attacker: u8, fc: usize, bc: usize) -> (Deployment, Dice) {
    (0..200)
        .map(|s| start(s, fc, bc))
        .find(|(d, _)| d.attacker == attacker)
        .expect("some seed")
}

/// Lets the computer play until `step` (or the end).
fn play_until(d: &mut Deployment, dice: &mut Dice, step: Step) {
    let mut mind = Dice::new(99);
    while d.step != step && !d.is_done() {
        let side = d.to_act();
        let cmd = deploy_command(d, &mut mind);
        d.execute(side, &cmd, dice)
            .unwrap_or_else(|e| panic!("{:?}: {e}", d.step));
    }
}

fn refused(d: &Deployment, cmd: &DeployCommand) -> String {
    d.check(d.to_act(), cmd).expect_err("refused").0
}

fn feature(kind: FeatureKind, hexes: &[(i32, i32)]) -> DeployCommand {
    DeployCommand::PlaceFeature {
        kind,
        hexes: hexes.iter().map(|&(c, r)| Hex::new(c, r)).collect(),
        force: None,
    }
}

#[test]
fn s3_2_n22_the_attacker_is_the_higher_roll_plus_aggressiveness_and_ties_roll_again() {
    let mut saw_tie = false;
    for seed in 0..60 {
        let (_, _, ev) = log(seed, 1, 1, NapoleonOptions::default())
            .start()
            .expect("starts");
        let rolls: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                DeployEvent::RolesRolled { rolls, attacker } => Some((*rolls, *attacker)),
                _ => None,
            })
            .collect();
        for (i, (r, a)) in rolls.iter().enumerate() {
            let t = [0, 1].map(|s| r[s].0 as i32 + r[s].1);
            assert_eq!(r[0].1, 1, "France's aggressiveness (N17)");
            match a {
                None => {
                    assert_eq!(t[0], t[1]);
                    assert!(i + 1 < rolls.len(), "a tie is rolled again");
                    saw_tie = true;
                }
                Some(a) => assert!(t[*a as usize] > t[1 - *a as usize]),
            }
        }
    }
    assert!(saw_tie, "60 seeds give at least one tie");
}

#[test]
fn s3_2_1_n23_the_table_has_five_bands_from_the_attackers_edge() {
    let (d, _) = start(1, 1, 1);
    assert_eq!((d.map().columns, d.map().rows), (18, 14));
    assert_eq!(d.zone_rows(Zone::AttackerReserve), 1..=3);
    assert_eq!(d.zone_rows(Zone::AttackerFrontline), 4..=5);
    assert_eq!(d.zone_rows(Zone::Forward), 6..=9);
    assert_eq!(d.zone_rows(Zone::DefenderFrontline), 10..=11);
    assert_eq!(d.zone_rows(Zone::DefenderReserve), 12..=14);
    assert_eq!(d.map().areas.len(), 5, "the areas are drawn on the map");
    let mut o = NapoleonOptions {
        attacker_edge: Edge::South,
        pickup_reserve_depth: 4,
        ..NapoleonOptions::default()
    };
    o.pickup_columns = 20;
    let (d, _, _) = log(1, 1, 1, o).start().expect("starts");
    assert_eq!((d.map().columns, d.map().rows), (20, 16));
    assert_eq!(d.zone_rows(Zone::AttackerReserve), 13..=16);
    assert_eq!(d.zone_rows(Zone::DefenderReserve), 1..=4);
    assert_eq!(d.edge_row(d.attacker), 16);
}

#[test]
fn s3_2_2_n26_the_side_with_more_cavalry_places_first_and_may_occupy() {
    // France has 2 cavalry units, Britain 1: France is superior.
    let (d, _) = start_with_attacker(1, 2, 1);
    assert_eq!(d.superior, Some(0));
    assert_eq!(d.step, Step::ForwardFirst);
    assert_eq!(
        d.to_act(),
        0,
        "the superior side places first, though it defends"
    );
    // On a tie nobody is superior and the attacker places first.
    let (d, _) = start_with_attacker(1, 1, 1);
    assert_eq!(d.superior, None);
    assert_eq!(d.to_act(), 1);
}

#[test]
fn s3_2_2_n24_n25_forward_features_too_big_too_near_the_edge_outside_or_apart_are_refused() {
    let (d, _) = start_with_attacker(0, 2, 1);
    let why = refused(
        &d,
        &feature(
            FeatureKind::Forest,
            &[(5, 6), (5, 7), (5, 8), (5, 9), (6, 7), (6, 8)],
        ),
    );
    assert!(why.contains("1 to 5 hexes, not 6 [3.2.2] (N25)"), "{why}");
    let why = refused(&d, &feature(FeatureKind::Village, &[(1, 7)]));
    assert!(
        why.contains("too near the table edge") && why.ends_with("[3.2.2] (N24)"),
        "{why}"
    );
    let why = refused(&d, &feature(FeatureKind::Hill, &[(8, 5), (8, 6)]));
    assert!(
        why.contains("0805 is outside the forward area") && why.ends_with("(N24)"),
        "{why}"
    );
    let why = refused(&d, &feature(FeatureKind::Hill, &[(8, 6), (8, 8)]));
    assert!(why.contains("contiguous [3.2.2] (N25)"), "{why}");
    let why = refused(&d, &feature(FeatureKind::Hill, &[(8, 6)]));
    assert!(why.contains("2 to 7 hexes, not 1"), "{why}");
    // A legal hill.
    assert_eq!(
        d.check(0, &feature(FeatureKind::Hill, &[(8, 6), (8, 7)])),
        Ok(())
    );
    // Not the other side's step.
    let why = d
        .check(1, &feature(FeatureKind::Hill, &[(8, 6), (8, 7)]))
        .expect_err("not his step")
        .0;
    assert!(why.starts_with("it is French's step"), "{why}");
}

#[test]
fn s3_2_2_n27_the_occupying_force_stays_in_the_forward_area_and_on_the_feature() {
    let (d, _) = start_with_attacker(0, 2, 1);
    let hill = [(8, 7), (9, 7)];
    let units = d.force_units(0, 0).len();
    let at = |cols: &[(i32, i32)]| ForcePlacement {
        force: 0,
        units: cols
            .iter()
            .map(|&(c, r)| (Hex::new(c, r), Dir::S))
            .collect(),
        leader: Hex::new(cols[0].0, cols[0].1),
    };
    assert_eq!(units, 6, "3 infantry, 2 cavalry, a gun");
    // Legal: infantry on the hill, the gun attached, cavalry beside.
    let good = at(&[(8, 7), (9, 7), (10, 7), (7, 7), (11, 7), (8, 7)]);
    let cmd = DeployCommand::PlaceFeature {
        kind: FeatureKind::Hill,
        hexes: hill.iter().map(|&(c, r)| Hex::new(c, r)).collect(),
        force: Some(good),
    };
    assert_eq!(d.check(0, &cmd), Ok(()));
    // One unit in the attacker's frontline.
    let out = at(&[(8, 7), (9, 7), (10, 7), (7, 7), (11, 5), (8, 7)]);
    let why = refused(
        &d,
        &DeployCommand::PlaceFeature {
            kind: FeatureKind::Hill,
            hexes: hill.iter().map(|&(c, r)| Hex::new(c, r)).collect(),
            force: Some(out),
        },
    );
    assert!(
        why.contains("outside the forward area") && why.contains("[3.2.2]"),
        "{why}"
    );
    // Not on the feature.
    let off = at(&[(3, 8), (4, 8), (5, 8), (6, 8), (2, 8), (3, 8)]);
    let why = refused(
        &d,
        &DeployCommand::PlaceFeature {
            kind: FeatureKind::Hill,
            hexes: hill.iter().map(|&(c, r)| Hex::new(c, r)).collect(),
            force: Some(off),
        },
    );
    assert!(
        why.contains("does not occupy the feature") && why.ends_with("[3.2.2] (N27)"),
        "{why}"
    );
    // Split in two.
    let apart = at(&[(8, 7), (9, 7), (14, 7), (7, 7), (11, 7), (8, 7)]);
    let why = refused(
        &d,
        &DeployCommand::PlaceFeature {
            kind: FeatureKind::Hill,
            hexes: hill.iter().map(|&(c, r)| Hex::new(c, r)).collect(),
            force: Some(apart),
        },
    );
    assert!(why.ends_with("[3.7.2.4] (N69)"), "{why}");
}

#[test]
fn s3_2_2_n27_the_inferior_side_may_not_occupy_its_forward_feature() {
    let (mut d, mut dice) = start_with_attacker(0, 2, 1);
    d.execute(0, &feature(FeatureKind::Hill, &[(8, 7), (9, 7)]), &mut dice)
        .expect("placed");
    assert_eq!(d.step, Step::ForwardSecond);
    assert_eq!(d.to_act(), 1);
    let p = ForcePlacement {
        force: 1,
        units: (0..4).map(|i| (Hex::new(4 + i, 8), Dir::N)).collect(),
        leader: Hex::new(4, 8),
    };
    let why = refused(
        &d,
        &DeployCommand::PlaceFeature {
            kind: FeatureKind::Village,
            hexes: vec![Hex::new(4, 8)],
            force: Some(p),
        },
    );
    assert!(
        why.contains("fewer cavalry units may not occupy") && why.ends_with("[3.2.2]"),
        "{why}"
    );
    // Features in the forward area may touch (option 1) but not overlap.
    let why = refused(&d, &feature(FeatureKind::Village, &[(9, 7)]));
    assert!(why.contains("overlaps"), "{why}");
    assert_eq!(
        d.check(1, &feature(FeatureKind::Village, &[(10, 7)])),
        Ok(())
    );
    let why = refused(&d, &feature(FeatureKind::Hill, &[(10, 7), (11, 7)]));
    assert!(why.contains("make one hill of both"), "{why}");
}

#[test]
fn s3_2_2_n27_a_failed_and_a_successful_4_plus_roll() {
    let mut saw = [false, false];
    for seed in 0..40 {
        let (mut d, mut dice) = start(seed, 2, 1);
        d.execute(0, &feature(FeatureKind::Hill, &[(8, 7), (9, 7)]), &mut dice)
            .expect("first");
        d.execute(
            1,
            &feature(FeatureKind::Forest, &[(4, 8), (5, 8)]),
            &mut dice,
        )
        .expect("second");
        assert_eq!(d.step, Step::ForwardRoll);
        assert_eq!(d.to_act(), 0, "the superior side rolls");
        let why = d
            .check(1, &DeployCommand::RollForward)
            .expect_err("not his")
            .0;
        assert!(why.contains("French's step"), "{why}");
        let ev = d
            .execute(0, &DeployCommand::RollForward, &mut dice)
            .expect("rolls");
        let Some(DeployEvent::ForwardRolled { roll, success, .. }) = ev.first().cloned() else {
            panic!("{ev:?}")
        };
        assert_eq!(success, roll >= 4);
        if success {
            saw[1] = true;
            assert_eq!(d.step, Step::ForwardMove);
            assert!(!d.may_pass());
            // Moved whole, somewhere legal.
            let why = refused(
                &d,
                &DeployCommand::MoveFeature {
                    hexes: vec![Hex::new(14, 8)],
                },
            );
            assert!(why.contains("moved whole"), "{why}");
            d.execute(
                0,
                &DeployCommand::MoveFeature {
                    hexes: vec![Hex::new(14, 8), Hex::new(15, 8)],
                },
                &mut dice,
            )
            .expect("moved");
            assert_eq!(d.features[1].hexes, vec![Hex::new(14, 8), Hex::new(15, 8)]);
            assert_eq!(
                d.map().terrain_at(Hex::new(14, 8)).map(|t| t.id.as_str()),
                Some("woods")
            );
            assert_eq!(
                d.map().terrain_at(Hex::new(4, 8)).map(|t| t.id.as_str()),
                Some("clear")
            );
        } else {
            saw[0] = true;
            assert_eq!(d.step, Step::DefenderFrontFirst, "the feature stays");
            assert_eq!(d.features.len(), 2);
        }
    }
    assert_eq!(saw, [true, true]);
}

/// Plays the forward area by passing its placements: the defender's
/// frontline comes next.
fn at_defender_front(attacker: u8, fc: usize, bc: usize) -> (Deployment, Dice) {
    let (mut d, mut dice) = start_with_attacker(attacker, fc, bc);
    while d.step < Step::DefenderFrontFirst {
        let s = d.to_act();
        d.execute(s, &DeployCommand::Pass, &mut dice).expect("pass");
    }
    (d, dice)
}

#[test]
fn s3_2_3_n28_the_defenders_frontline_features_spacing_and_the_occupied_second() {
    let (mut d, mut dice) = at_defender_front(0, 1, 1);
    assert_eq!(d.to_act(), 1, "the defender places first");
    let why = refused(&d, &feature(FeatureKind::Forest, &[(8, 10)]));
    assert!(
        why.contains("the features allowed are village, hill [3.2.3] (N25)"),
        "{why}"
    );
    let why = refused(
        &d,
        &feature(FeatureKind::Village, &[(8, 10), (8, 11), (9, 11)]),
    );
    assert!(why.contains("1 to 2 hexes, not 3"), "{why}");
    d.execute(
        1,
        &feature(FeatureKind::Village, &[(8, 10), (8, 11)]),
        &mut dice,
    )
    .expect("village");
    // The attacker passes; the defender's second must be occupied and
    // keep 2 hexes from the village.
    assert_eq!((d.step, d.to_act()), (Step::DefenderFrontSecond, 0));
    d.execute(0, &DeployCommand::Pass, &mut dice).expect("pass");
    assert_eq!((d.step, d.to_act()), (Step::DefenderFrontThird, 1));
    let why = refused(&d, &feature(FeatureKind::Hill, &[(13, 10), (14, 10)]));
    assert!(
        why.contains("must be occupied") && why.ends_with("[3.2.3] (N28)"),
        "{why}"
    );
    let near = DeployCommand::PlaceFeature {
        kind: FeatureKind::Hill,
        hexes: vec![Hex::new(9, 10), Hex::new(10, 10)],
        force: None,
    };
    let why = refused(&d, &near);
    assert!(
        why.contains("features stay at least 2 hexes apart [3.2.3] (N24)"),
        "{why}"
    );
    let units = d.force_units(1, 1).len();
    let p = ForcePlacement {
        force: 1,
        units: (0..units)
            .map(|i| (Hex::new(12 + i as i32, 10), Dir::N))
            .collect(),
        leader: Hex::new(12, 10),
    };
    // The gun gets its own hex here: four hexes in a row.
    let cmd = DeployCommand::PlaceFeature {
        kind: FeatureKind::Hill,
        hexes: vec![Hex::new(12, 10), Hex::new(13, 10)],
        force: Some(p),
    };
    d.execute(1, &cmd, &mut dice).expect("occupied hill");
    assert!(d.force_placed(1, 1));
    assert_eq!(d.step, Step::DefenderRoad);
    // A third frontline feature is never offered.
    let why = refused(&d, &feature(FeatureKind::Hill, &[(4, 10), (5, 10)]));
    assert!(
        why.contains("roads are marked") || why.contains("no feature"),
        "{why}"
    );
}

#[test]
fn s3_2_3_n28_when_the_attacker_places_the_second_the_defender_places_no_third() {
    let (mut d, mut dice) = at_defender_front(0, 1, 1);
    d.execute(1, &feature(FeatureKind::Village, &[(8, 10)]), &mut dice)
        .expect("village");
    d.execute(
        0,
        &feature(FeatureKind::Hill, &[(12, 10), (13, 10)]),
        &mut dice,
    )
    .expect("the attacker's feature in the defender's frontline");
    assert_eq!(d.step, Step::DefenderRoad, "no second defender feature");
}

#[test]
fn s3_2_3_s3_2_4_n30_supply_roads_run_from_the_edge_and_connect() {
    let (mut d, mut dice) = at_defender_front(0, 1, 1);
    play_until(&mut d, &mut dice, Step::DefenderRoad);
    let road = |c: i32, rows: std::ops::RangeInclusive<i32>| DeployCommand::MarkRoad {
        hexes: rows.rev().map(|r| Hex::new(c, r)).collect(),
    };
    assert!(!d.may_pass());
    let why = refused(&d, &DeployCommand::Pass);
    assert!(why.contains("may not be passed"), "{why}");
    // Not from the edge (row 14).
    let why = refused(&d, &road(6, 10..=13));
    assert!(
        why.contains("start on your table edge, row 14") && why.ends_with("(N30)"),
        "{why}"
    );
    // Into the forward area is too far for the defender.
    let why = refused(&d, &road(6, 9..=14));
    assert!(
        why.contains("must end in your frontline row next to the forward area (row 10)"),
        "{why}"
    );
    // A jump.
    let mut hexes: Vec<Hex> = (10..=14).rev().map(|r| Hex::new(6, r)).collect();
    hexes[2] = Hex::new(8, 12);
    let why = refused(&d, &DeployCommand::MarkRoad { hexes });
    assert!(why.contains("adjacent hex one row nearer"), "{why}");
    d.execute(1, &road(6, 10..=14), &mut dice)
        .expect("defender's road");
    play_until(&mut d, &mut dice, Step::AttackerRoad);
    let aroad = |c: i32| DeployCommand::MarkRoad {
        hexes: (1..=9).map(|r| Hex::new(c, r)).collect(),
    };
    let why = refused(&d, &aroad(12));
    assert!(
        why.contains("next to the end of the defender's road at 0610 [3.2.4] (N30)"),
        "{why}"
    );
    d.execute(0, &aroad(6), &mut dice).expect("connected road");
}

#[test]
fn s3_2_4_n29_the_defender_with_more_cavalry_places_in_the_attackers_frontline() {
    let (mut d, mut dice) = at_defender_front(0, 1, 2);
    assert_eq!(d.superior, Some(1));
    play_until(&mut d, &mut dice, Step::AttackerFrontFirst);
    d.execute(0, &DeployCommand::Pass, &mut dice).expect("pass");
    assert_eq!((d.step, d.to_act()), (Step::AttackerFrontSecond, 1));
    d.execute(
        1,
        &feature(FeatureKind::Difficult, &[(8, 4), (8, 5)]),
        &mut dice,
    )
    .expect("the defender's difficult ground");
    assert_eq!(
        d.step,
        Step::AttackerRoad,
        "no third: the defender placed one"
    );
    // Without cavalry superiority the defender gets no placement there.
    let (mut d, mut dice) = at_defender_front(0, 1, 1);
    play_until(&mut d, &mut dice, Step::AttackerFrontFirst);
    d.execute(0, &DeployCommand::Pass, &mut dice).expect("pass");
    assert_eq!((d.step, d.to_act()), (Step::AttackerFrontThird, 0));
}

#[test]
fn s3_2_5_s3_2_6_n31_n109_reserve_features_their_capacity_and_occupation() {
    let (mut d, mut dice) = at_defender_front(0, 2, 1);
    play_until(&mut d, &mut dice, Step::DefenderReserveFirst);
    assert_eq!(d.to_act(), 1);
    let why = refused(&d, &feature(FeatureKind::Village, &[(8, 14)]));
    assert!(
        why.contains("too near the table edge") && why.contains("[3.2.5]"),
        "{why}"
    );
    d.execute(
        1,
        &feature(FeatureKind::Forest, &[(4, 12), (4, 13)]),
        &mut dice,
    )
    .expect("forest");
    // France (attacking) has more cavalry: it may place in the defender's
    // reserve.
    assert_eq!((d.step, d.to_act()), (Step::DefenderReserveSecond, 0));
    d.execute(0, &feature(FeatureKind::Difficult, &[(8, 12)]), &mut dice)
        .expect("difficult");
    assert_eq!((d.step, d.to_act()), (Step::DefenderReserveThird, 1));
    let why = refused(&d, &feature(FeatureKind::Hill, &[(9, 12), (9, 13)]));
    assert!(why.contains("1 hex from"), "{why}");
    play_until(&mut d, &mut dice, Step::AttackerReserveFirst);
    assert_eq!(d.to_act(), 0);
    let why = refused(&d, &feature(FeatureKind::Hill, &[(8, 4), (8, 3)]));
    assert!(
        why.contains("outside the attacker's reserve area") && why.contains("[3.2.6]"),
        "{why}"
    );
}

#[test]
fn s3_2_7_n32_final_deployment_in_the_home_areas_and_the_generals_alone() {
    let (mut d, mut dice) = start(3, 1, 1);
    // Pass every placement: all forces are left for the final deployment.
    let mut mind = Dice::new(1);
    while d.step != Step::DefenderForces {
        let s = d.to_act();
        let cmd = if d.may_pass() {
            DeployCommand::Pass
        } else {
            deploy_command(&d, &mut mind)
        };
        d.execute(s, &cmd, &mut dice).expect("plays");
    }
    let def = 1 - d.attacker;
    assert_eq!(d.to_act(), def);
    let f = (0..d.forces(def))
        .find(|&f| !d.force_placed(def, f))
        .expect("a force left");
    let n = d.force_units(def, f).len() as i32;
    let fwd = *d.zone_rows(Zone::Forward).start() + 1;
    let p = ForcePlacement {
        force: f,
        units: (0..n).map(|i| (Hex::new(2 + i, fwd), Dir::N)).collect(),
        leader: Hex::new(2, fwd),
    };
    let why = refused(&d, &DeployCommand::PlaceForce(p));
    assert!(
        why.contains("outside the defender's frontline area or defender's reserve area")
            && why.contains("[3.2.7]"),
        "{why}"
    );
    play_until(&mut d, &mut dice, Step::DefenderGeneral);
    let taken = d
        .units
        .iter()
        .flatten()
        .find(|(h, _)| {
            d.zone_of(*h)
                .is_some_and(|z| d.home_zones(def).contains(&z))
        })
        .map(|p| p.0)
        .expect("a unit at home");
    let why = refused(&d, &DeployCommand::PlaceGeneral { hex: taken });
    assert!(
        why.contains("a General stands alone in his hex [3.2.7]"),
        "{why}"
    );
    let enemy = d.zone_hexes(d.home_zones(d.attacker)[1])[20];
    let why = refused(&d, &DeployCommand::PlaceGeneral { hex: enemy });
    assert!(
        why.contains("not in your frontline or reserve area [3.2.7] (N32)"),
        "{why}"
    );
    play_until(&mut d, &mut dice, Step::Done);
    assert!(d.generals.iter().all(Option::is_some));
}

#[test]
fn s3_2_8_n33_computer_deployments_end_in_a_scenario_that_validates_and_plays() {
    for seed in 0..12 {
        let l = log(seed, 1 + seed as usize % 3, 2, NapoleonOptions::default());
        let (d, played) = deploy_by_computers(l).expect("deploys");
        assert!(d.is_done());
        let s = d.scenario();
        let map = match &s.map {
            crate::scenario::MapSource::Inline(m) => (**m).clone(),
            _ => panic!("inline map"),
        };
        let errors: Vec<_> = validate(&s, &map)
            .into_iter()
            .filter(|i| i.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "seed {seed}: {errors:#?}");
        // The log re-creates the same table.
        let (again, _) = played.replay().expect("replays");
        assert_eq!(again.scenario(), s);
        // The scenario reads back equal and builds a board the engine
        // plays.
        let text = crate::scenario::scenario_to_ron(&s);
        let back = crate::scenario::parse_scenario(&text, "pickup.ron").expect("reads");
        assert_eq!(back, s);
        let board = super::Board::new(&s, &map).expect("a board");
        assert!(board.pickup.is_some());
        // Every village in the defender's areas is an attacker victory hex.
        let v = d.victory_locations();
        assert_eq!(s.victory.victory_hexes.len(), v.villages.len());
        assert!(!v.roads[0].is_empty() && !v.roads[1].is_empty());
    }
}

#[test]
fn s3_2_8_n33_the_attacker_scores_villages_with_infantry_hills_alone_and_the_enemy_road() {
    use crate::engine::Rules;
    let (d, _) = deploy_by_computers(log(5, 1, 1, NapoleonOptions::default())).expect("deploys");
    let s = d.scenario();
    let map = match &s.map {
        crate::scenario::MapSource::Inline(m) => (**m).clone(),
        _ => panic!("inline map"),
    };
    let board = std::sync::Arc::new(super::Board::new(&s, &map).expect("board"));
    let mut dice = Dice::new(1);
    let (mut st, _) = <super::Napoleon as Rules>::start(&board, &(), &mut dice);
    let a = d.attacker;
    let base = [st.location_points(0), st.location_points(1)];
    assert_eq!(base, [0, 0], "nobody scores at the start");
    // Move an attacker infantry unit onto the defender's road in his
    // reserve: one point, once.
    let road = board.pickup.as_ref().expect("pickup").roads[1 - a as usize].clone();
    let inf = (0..board.pieces.len())
        .find(|&q| board.pieces[q].side == a && board.pieces[q].kind == super::PieceKind::Infantry)
        .expect("infantry");
    st.pos.set(inf as super::PieceIx, road[0]);
    assert_eq!(st.location_points(a), 1);
    assert_eq!(
        st.location_points(1 - a),
        0,
        "the defender scores only roads"
    );
}
