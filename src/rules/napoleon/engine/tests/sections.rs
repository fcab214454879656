//! One test (or more) per section of the rules, legal and illegal sides.

use super::*;
use UnitKind::{Artillery, Cavalry, Infantry};

/// Two lines facing each other 4 hexes apart (unengaged), a force a side.
fn apart() -> Game<Napoleon> {
    game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("a2", 0, 0, Infantry, 4, "0603", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0508", Dir::N),
        U("b2", 1, 0, Infantry, 4, "0608", Dir::N),
    ])
}

#[test]
fn section_3_3_initiative_and_the_end_of_the_turn() {
    // Over many seeds: the higher modified roll has initiative, the better
    // General adds 1, ties go to the better General, then the French (N34);
    // from impulse 2 on a dice total over 8 ends the turn (N3).
    let (mut s, m) = saint_aubin();
    if let Some(a) = &mut s.sides[1].army {
        a.general.command_factor = 4;
    }
    let mut seen_end = false;
    for seed in 0..60 {
        let mut g: Game<Napoleon> = Game::new(&s, &m, seed, ()).expect("starts");
        let mut events = g.setup_events.clone();
        for _ in 0..6 {
            let side = g.to_act();
            g.execute(&Command::EndSkirmish).ok();
            g.execute(&Command::EndBombardment).ok();
            if let Ok(ev) = g.execute(&Command::EndManeuver) {
                events.extend(ev.iter().cloned());
            }
            let _ = side;
        }
        for e in &events {
            if let Event::InitiativeRolled {
                impulse,
                dice,
                totals,
                winner,
                ends_turn,
            } = e
            {
                assert_eq!(totals[0], dice[0] as i32);
                assert_eq!(totals[1], dice[1] as i32 + 1, "the better General adds 1");
                if !ends_turn {
                    let expect = if totals[0] > totals[1] { 0 } else { 1 };
                    assert_eq!(*winner, expect, "ties go to the better General");
                }
                assert_eq!(*ends_turn, *impulse >= 2 && dice[0] + dice[1] > 8);
                seen_end |= *ends_turn;
            }
        }
    }
    assert!(seen_end, "some turn ended on a roll over 8");
}

#[test]
fn section_3_4_skirmish_power_targets_and_the_penalty() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("c1", 0, 1, Cavalry, 4, "0903", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
        U("b2", 1, 0, Infantry, 4, "0606", Dir::N),
        U("d1", 1, 1, Cavalry, 4, "0906", Dir::N),
    ]);
    set_phase(&mut g, Phase::Skirmish { side: 0 });
    // A force of cavalry only is no target [3.4.5]; cavalry do not skirmish.
    refused(
        &mut g,
        Command::Skirmish {
            force: "F0".into(),
            target: "P1".into(),
        },
        "3.4.5",
    );
    refused(
        &mut g,
        Command::Skirmish {
            force: "F1".into(),
            target: "P0".into(),
        },
        "3.4.1",
    );
    let ev = g
        .execute(&Command::Skirmish {
            force: "F0".into(),
            target: "P0".into(),
        })
        .expect("legal")
        .to_vec();
    assert!(matches!(ev[0], Event::SkirmishDeclared { .. }));
    // The Prussian P0 is under attack and may not attack back (N38), and
    // P1 has no skirmishers: their declarations pass by themselves and the
    // contests are resolved.
    let ev = g.execute(&Command::EndSkirmish).expect("ends").to_vec();
    let resolved = ev.iter().find_map(|e| match e {
        Event::SkirmishResolved { powers, loser, .. } => Some((*powers, *loser)),
        _ => None,
    });
    // Power 1 (one line infantry) against 2: the French force is under
    // fire and checks at -1 this impulse [3.4.3].
    assert_eq!(resolved, Some(([1, 2], Some(0))));
    assert!(
        g.state
            .check_modifiers(0)
            .contains(&("under skirmishers' fire".to_string(), -1))
    );
}

#[test]
fn section_3_5_2_n7_front_arc_corridor_and_target_priority() {
    let rows = [
        "............",
        "............",
        "............",
        ".....W......",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
    ];
    let mut g = game_on(
        &rows,
        &[
            U("a1", 0, 0, Infantry, 4, "0502", Dir::S),
            U("g1", 0, 0, Artillery, 0, "0602", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0605", Dir::N),
            U("b2", 1, 0, Infantry, 4, "0704", Dir::N),
        ],
    );
    let st = &g.state;
    let gun = piece(&g, "g1");
    let o = st.pos[gun as usize];
    // The wedge holds 3, 5 and 7 hexes at ranges 1, 2, 3 (N7).
    let mut by_range = [0; 4];
    for (i, _) in st.board.hexes.iter().enumerate() {
        let d = st.board.distance(o, i as HexIx);
        if (1..=3).contains(&d) && st.in_front_arc(o, 2, i as HexIx) {
            by_range[d as usize] += 1;
        }
    }
    assert_eq!(by_range, [0, 3, 5, 7]);
    // Option `front_arc: half_plane` (N7): every hex strictly ahead of the
    // line square to the facing through the gun's centre: the same 3 and
    // 5, and 2 more at range 3 (the ones at ±79° from the facing).
    let mut half = g.state.clone();
    std::sync::Arc::make_mut(&mut half.board).options.front_arc =
        crate::rules::napoleon::model::FrontArc::HalfPlane;
    let c = half.board.hex_ix(h("0605")).expect("on the map");
    for f in 0..6u8 {
        let mut half_range = [0; 4];
        for (i, _) in half.board.hexes.iter().enumerate() {
            let d = half.board.distance(c, i as HexIx);
            if (1..=3).contains(&d) && half.in_front_arc(c, f, i as HexIx) {
                half_range[d as usize] += 1;
                assert!(
                    st.in_front_arc(c, f, i as HexIx) || d == 3,
                    "the half plane only adds at range 3"
                );
            }
        }
        assert_eq!(half_range, [0, 3, 5, 9], "facing {f}");
    }
    // 0605 is behind the woods at 0604 (the corridor is blocked, N8);
    // b2 is the target.
    let targets: Vec<_> = g
        .state
        .gun_targets(gun)
        .iter()
        .map(|&p| g.state.board.pieces[p as usize].id.to_string())
        .collect();
    assert_eq!(targets, ["b2"]);
    set_phase(&mut g, Phase::Bombardment { side: 0 });
    refused(
        &mut g,
        Command::Bombard {
            gun: "g1".into(),
            target: "b1".into(),
        },
        "3.5.2",
    );
    // A gun with a target must fire (N40).
    refused(&mut g, Command::EndBombardment, "3.5.1");
    let t = targets[0].clone();
    g.execute(&Command::Bombard {
        gun: "g1".into(),
        target: t.as_str().into(),
    })
    .expect("legal");
}

#[test]
fn section_3_5_4_bombardment_rolls_3d6_and_hits_on_6() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0602", Dir::S),
        U("g1", 0, 0, Artillery, 0, "0603", Dir::S),
        U("b1", 1, 0, Infantry, 6, "0605", Dir::N),
    ]);
    set_phase(&mut g, Phase::Bombardment { side: 0 });
    g.execute(&Command::Bombard {
        gun: "g1".into(),
        target: "b1".into(),
    })
    .expect("nearest target");
    // The Prussians have no guns: their declarations pass, and all fire.
    let ev = g
        .execute(&Command::EndBombardment)
        .expect("declared")
        .to_vec();
    let (dice, hits) = ev
        .iter()
        .find_map(|e| match e {
            Event::Bombarded { dice, hits, .. } => Some((dice.clone(), *hits)),
            _ => None,
        })
        .expect("the gun fired");
    assert_eq!(dice.len(), 3);
    assert_eq!(hits, dice.iter().filter(|&&d| d == 6).count() as u32);
    assert_eq!(g.state.casualties[piece(&g, "b1") as usize], hits);
}

#[test]
fn section_3_6_1_special_actions_spend_adcs_within_5_hexes() {
    let mut g = apart();
    to_maneuver(&mut g, 0);
    let adcs = g.state.adcs[0];
    assert_eq!(adcs, 3, "ADCs equal the command factor (N44)");
    // The General at 0101 is within 5 hexes of F0's leader at 0503.
    g.execute(&Command::ActivateReserve { force: "F0".into() })
        .expect("in reserve");
    assert_eq!(g.state.adcs[0], adcs - 1);
    assert_eq!(
        g.state.active.as_ref().map(|a| a.result),
        Some(Activation::Forward)
    );
    g.execute(&Command::EndActivation {
        direction: Direction::LeftToRight,
    })
    .expect("ends");
    refused(
        &mut g,
        Command::ActivateReserve { force: "F0".into() },
        "3.7.1.1",
    );
    // Moving the General away puts the leader out of reach.
    let general = g.state.board.armies[0].general;
    let at = g.state.board.hex_ix(h("1210")).expect("hex");
    g.state.pos.set(general, at);
    refused(&mut g, Command::Rally { force: "F0".into() }, "3.6.1");
}

#[test]
fn section_3_7_1_activation_results_and_engaged_forces() {
    assert_eq!(Activation::of(0), Activation::Retreat);
    assert_eq!(Activation::of(-2), Activation::Retreat);
    assert_eq!(Activation::of(1), Activation::Static);
    assert_eq!(Activation::of(3), Activation::Static);
    assert_eq!(Activation::of(4), Activation::Forward);
    assert_eq!(Activation::of(6), Activation::Forward);
    assert_eq!(Activation::of(7), Activation::Charge);
    // Within 3 hexes: engaged, and must take its check before the phase
    // ends (N54).
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
    ]);
    to_maneuver_without_activating(&mut g);
    let side = g.to_act();
    let own = if side == 0 { "F0" } else { "P0" };
    refused(&mut g, Command::EndManeuver, "3.7");
    let ev = g
        .execute(&Command::Activate { force: own.into() })
        .expect("check")
        .to_vec();
    let Event::CommandChecked {
        roll,
        modifiers,
        total,
        result,
        ..
    } = &ev[0]
    else {
        panic!("{ev:?}");
    };
    assert_eq!(
        *total,
        *roll as i32 + modifiers.iter().map(|(_, m)| m).sum::<i32>()
    );
    assert_eq!(*result, Activation::of(*total));
    // A Static force moves nothing [3.7.1.1] (N58).
    if g.state.active.is_none() {
        activate_again(&mut g, own, Activation::Static);
    } else if let Some(a) = &mut g.state.active {
        a.result = Activation::Static;
    }
    let unit = if side == 0 { "a1" } else { "b1" };
    let to = if side == 0 { "0502" } else { "0507" };
    refused(
        &mut g,
        Command::Step {
            piece: unit.into(),
            to: h(to),
        },
        "3.7.1.1",
    );
}

fn activate_again(g: &mut Game<Napoleon>, force: &str, result: Activation) {
    let f = g
        .state
        .board
        .forces
        .iter()
        .position(|x| x.name == force)
        .expect("force") as u16;
    g.state.apply(&Event::ReserveActivated { force: f });
    if let Some(a) = &mut g.state.active {
        a.result = result;
    }
}

/// Ends declarations until some side's Maneuver & Combat phase.
fn to_maneuver_without_activating(g: &mut Game<Napoleon>) {
    for _ in 0..10 {
        if matches!(g.state.phase, Phase::Maneuver { .. }) {
            return;
        }
        g.execute(&Command::EndSkirmish).ok();
        g.execute(&Command::EndBombardment).ok();
    }
}

#[test]
fn section_3_7_2_7_moving_forward_costs_1_backward_is_the_whole_move() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    // Engaged (combat movement): 2 MP; front hexsides S, SE, SW.
    g.execute(&Command::Step {
        piece: "a1".into(),
        to: h("0504"),
    })
    .expect("front");
    g.execute(&Command::Step {
        piece: "a1".into(),
        to: h("0505"),
    })
    .expect("front");
    refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0605"),
        },
        "3.7.2.7",
    );
    g.execute(&Command::TakeBack).expect("take back");
    assert_eq!(hex_of(&g, "a1"), h("0503"));
    // Across a rear hexside: allowed as the whole move, then nothing more
    // (N64, N102).
    g.execute(&Command::Step {
        piece: "a1".into(),
        to: h("0502"),
    })
    .expect("backward");
    refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0501"),
        },
        "3.7.2.7",
    );
    refused(
        &mut g,
        Command::Turn {
            piece: "a1".into(),
            facing: 0,
        },
        "3.7.2.8",
    );
}

#[test]
fn section_3_7_2_8_no_turn_in_enemy_zoc() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0504", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0505", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let e = refused(
        &mut g,
        Command::Turn {
            piece: "a1".into(),
            facing: 1,
        },
        "3.7.2.8",
    );
    assert!(e.to_string().contains("in an enemy zone of control"), "{e}");
}

#[test]
fn section_3_7_2_8_infantry_turns_once_before_moving_cavalry_twice() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("c1", 0, 0, Cavalry, 4, "0603", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    g.execute(&Command::Turn {
        piece: "a1".into(),
        facing: 2,
    })
    .expect("one turn");
    refused(
        &mut g,
        Command::Turn {
            piece: "a1".into(),
            facing: 3,
        },
        "3.7.2.8",
    );
    g.execute(&Command::TakeBack).expect("back");
    g.execute(&Command::Step {
        piece: "a1".into(),
        to: h("0504"),
    })
    .expect("moves");
    refused(
        &mut g,
        Command::Turn {
            piece: "a1".into(),
            facing: 2,
        },
        "3.7.2.8",
    );
    g.execute(&Command::TakeBack).expect("back");
    // Cavalry: one turn before, one on the way.
    g.execute(&Command::Turn {
        piece: "c1".into(),
        facing: 2,
    })
    .expect("first");
    g.execute(&Command::Step {
        piece: "c1".into(),
        to: h("0703"),
    })
    .expect("moves SE");
    g.execute(&Command::Turn {
        piece: "c1".into(),
        facing: 3,
    })
    .expect("second");
    refused(
        &mut g,
        Command::Turn {
            piece: "c1".into(),
            facing: 2,
        },
        "3.7.2.8",
    );
}

#[test]
fn section_3_7_2_1_stacking_and_passing_through() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("a2", 0, 0, Infantry, 4, "0504", Dir::S),
        U("x1", 0, 1, Infantry, 4, "0404", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0508", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    // Infantry never passes through infantry (N68).
    refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0504"),
        },
        "3.7.2.7",
    );
    // Another force's leader is no door either.
    refused(
        &mut g,
        Command::Step {
            piece: "a2".into(),
            to: h("0404"),
        },
        "3.7.2.7",
    );
}

#[test]
fn section_3_7_2_4_cohesion_is_kept_at_the_end_of_movement() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("a2", 0, 0, Infantry, 4, "0603", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    g.execute(&Command::Step {
        piece: "a2".into(),
        to: h("0604"),
    })
    .expect("moves");
    g.execute(&Command::Step {
        piece: "a2".into(),
        to: h("0605"),
    })
    .expect("moves");
    refused(
        &mut g,
        Command::EndActivation {
            direction: Direction::LeftToRight,
        },
        "3.7.2.4",
    );
    g.execute(&Command::TakeBack).expect("take back");
    g.execute(&Command::EndActivation {
        direction: Direction::LeftToRight,
    })
    .expect("contiguous again");
}

#[test]
fn section_3_7_2_9_guns_stay_out_of_reach_and_face_as_their_host() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
        U("g1", 0, 0, Artillery, 0, "0504", Dir::S),
        U("g2", 0, 0, Artillery, 0, "0804", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0807", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    // 0806 is next to b1 and holds no host: barred (N73).
    g.execute(&Command::Step {
        piece: "g2".into(),
        to: h("0805"),
    })
    .expect("not yet in reach");
    refused(
        &mut g,
        Command::Step {
            piece: "g2".into(),
            to: h("0806"),
        },
        "3.7.2.9.2",
    );
    g.execute(&Command::TakeBack).expect("back");
    // Into its host's hex it attaches and takes the host's facing (N72).
    g.execute(&Command::Step {
        piece: "g1".into(),
        to: h("0505"),
    })
    .expect("joins its host");
    assert_eq!(
        g.state.facing[piece(&g, "g1") as usize],
        g.state.facing[piece(&g, "a1") as usize]
    );
}

#[test]
fn section_3_7_3_melee_results_casualties_and_moving_back() {
    // Many seeds: after Forward!, the unit facing an adjacent enemy
    // attacks; the loser takes the difference (the winner 1 unless it is
    // 1), a tie costs both 1 and the attacker moves back [3.7.3.3] (N83).
    let mut checked = 0;
    for seed in 0..40 {
        let mut g = game(&[
            U("a1", 0, 0, Infantry, 6, "0505", Dir::S),
            U("b1", 1, 0, Infantry, 6, "0506", Dir::N),
        ]);
        g = replay_with_seed(g, seed);
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        let ev = g
            .execute(&Command::EndActivation {
                direction: Direction::LeftToRight,
            })
            .expect("fights")
            .to_vec();
        let Some(Event::Melee { totals, .. }) =
            ev.iter().find(|e| matches!(e, Event::Melee { .. }))
        else {
            panic!("no melee: {ev:?}");
        };
        let pts = |id: &str| {
            let p = piece(&g, id);
            ev.iter()
                .filter_map(|e| match e {
                    Event::Casualties { piece, points, .. } if *piece == p => Some(*points),
                    _ => None,
                })
                .sum::<u32>()
        };
        let d = (totals[0] - totals[1]).unsigned_abs();
        let (a, b) = (pts("a1"), pts("b1"));
        match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Equal => assert_eq!((a, b), (1, 1)),
            std::cmp::Ordering::Greater => assert_eq!((a, b), (u32::from(d >= 2), d)),
            std::cmp::Ordering::Less => assert_eq!((a, b), (d, u32::from(d >= 2))),
        }
        let moved_back: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                Event::MovedBack { piece, .. } => Some(*piece),
                _ => None,
            })
            .collect();
        let loser = if totals[0] > totals[1] {
            piece(&g, "b1")
        } else {
            piece(&g, "a1")
        };
        if g.state.on_map(loser) {
            assert!(moved_back.contains(&loser), "the loser moves back");
        }
        checked += 1;
    }
    assert_eq!(checked, 40);
}

/// The same position with another dice seed.
fn replay_with_seed(g: Game<Napoleon>, seed: u64) -> Game<Napoleon> {
    Game::with_board(g.board().clone(), seed, (), String::new())
}

#[test]
fn section_3_7_3_2_rear_attack_and_support_modifiers() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
        U("a2", 0, 0, Infantry, 4, "0605", Dir::SW),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::S),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let ev = g
        .execute(&Command::EndActivation {
            direction: Direction::LeftToRight,
        })
        .expect("fights")
        .to_vec();
    let Some(Event::Melee { modifiers, .. }) = ev.iter().find(|e| matches!(e, Event::Melee { .. }))
    else {
        panic!("{ev:?}");
    };
    // b1 faces away: the attack across its rear hexsides gets +1, and the
    // other unit facing b1 supports (+1).
    assert!(
        modifiers[0].contains(&("rear attack".to_string(), 1)),
        "{modifiers:?}"
    );
    assert!(
        modifiers[0].contains(&("support".to_string(), 1)),
        "{modifiers:?}"
    );
}

#[test]
fn section_3_8_terrain_bars_cavalry_and_guns() {
    let rows = [
        "............",
        "............",
        "....W.......",
        "............",
        "........T...",
        "............",
        "~~~f~~~~~~~~",
        "............",
        "............",
        "............",
    ];
    let mut g = game_on(
        &rows,
        &[
            U("c1", 0, 0, Cavalry, 4, "0502", Dir::S),
            U("a1", 0, 0, Infantry, 4, "0402", Dir::S),
            U("a2", 0, 0, Infantry, 4, "0302", Dir::S),
            U("a3", 0, 0, Infantry, 4, "0406", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0510", Dir::N),
        ],
    );
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    // Woods are impassable to cavalry [3.8.6].
    refused(
        &mut g,
        Command::Step {
            piece: "c1".into(),
            to: h("0503"),
        },
        "3.8.6",
    );
    // The stream is crossed only at the ford [3.8.2], and the ford is
    // entered only in column [3.8.2.1].
    refused(
        &mut g,
        Command::Step {
            piece: "a3".into(),
            to: h("0507"),
        },
        "3.8.2",
    );
    refused(
        &mut g,
        Command::Step {
            piece: "a3".into(),
            to: h("0407"),
        },
        "3.8.2.1",
    );
    g.execute(&Command::Formation {
        piece: "a3".into(),
        column: true,
    })
    .expect("forms column");
    g.execute(&Command::Step {
        piece: "a3".into(),
        to: h("0407"),
    })
    .expect("into the ford");
    assert!(
        g.state.vulnerable(piece(&g, "a3")),
        "a unit in a ford is vulnerable (N93)"
    );
}

#[test]
fn section_4_1_break_point_and_break_test() {
    let mut g = apart();
    // The French have lost their break point (1 of 2 units: 25 % rounded
    // up is 1): at the Final Step they roll 1D6 - beyond - finished turns.
    g.state.apply(&Event::Eliminated {
        piece: piece(&g, "a2"),
    });
    assert_eq!(g.state.lost[0], 1);
    assert_eq!(g.state.board.armies[0].break_point, 1);
    let mut tests = Vec::new();
    for _ in 0..60 {
        if g.is_over() {
            break;
        }
        let side = g.to_act();
        let _ = side;
        for c in [
            Command::EndSkirmish,
            Command::EndBombardment,
            Command::EndManeuver,
        ] {
            if let Ok(ev) = g.execute(&c) {
                tests.extend(
                    ev.iter()
                        .filter(|e| matches!(e, Event::BreakTest { .. }))
                        .cloned(),
                );
            }
        }
    }
    let Some(Event::BreakTest {
        side,
        roll,
        beyond,
        finished_turns,
        locations,
        total,
    }) = tests.first()
    else {
        panic!("no break test");
    };
    assert_eq!(*side, 0);
    assert_eq!(*beyond, 0);
    assert_eq!(
        *total,
        *roll as i32 - *beyond as i32 - *finished_turns as i32 + *locations as i32
    );
}

#[test]
fn section_3_6_1_d_sauve_qui_peut_saves_the_engaged_units_at_a_cost() {
    let mut g = game(&[
        U("a2", 0, 0, Infantry, 4, "0302", Dir::S),
        U("a1", 0, 0, Infantry, 4, "0304", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0306", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    let adcs = g.state.adcs[0];
    g.execute(&Command::SauveQuiPeut { force: "F0".into() })
        .expect("ordered");
    assert_eq!(g.state.adcs[0], adcs - 1);
    // Only the units within 3 hexes of the enemy fall back (N49) ...
    refused(
        &mut g,
        Command::Step {
            piece: "a2".into(),
            to: h("0301"),
        },
        "3.6.1",
    );
    // ... each hex farther from the enemy ...
    refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0305"),
        },
        "3.6.1",
    );
    // ... and all the way.
    refused(
        &mut g,
        Command::EndActivation {
            direction: Direction::LeftToRight,
        },
        "3.6.1",
    );
    g.execute(&Command::Step {
        piece: "a1".into(),
        to: h("0303"),
    })
    .expect("falls back");
    let ev = g
        .execute(&Command::EndActivation {
            direction: Direction::LeftToRight,
        })
        .expect("ends")
        .to_vec();
    // One casualty point for the unit that fell back; no enemy caused it,
    // so no leader-loss roll; no combat.
    assert!(
        ev.contains(&Event::Casualties {
            piece: piece(&g, "a1"),
            points: 1,
            total: 1
        }),
        "{ev:?}"
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::LeaderLossRolled { .. } | Event::Melee { .. }))
    );
    // It counts as the force's activation.
    refused(&mut g, Command::Activate { force: "F0".into() }, "3.7.1.1");
}

/// The open map with woods in every hex around unit `around`'s but the
/// one `except` stands in, as `units` place them.
fn woods_around(units: &[U], around: &str, except: &str) -> Vec<String> {
    let probe = game(units);
    let at = |id: &str| probe.state.pos[piece(&probe, id) as usize];
    let (centre, open) = (at(around), at(except));
    let mut rows: Vec<String> = OPEN.iter().map(|r| r.to_string()).collect();
    for &n in &probe.state.board.neighbours[centre as usize] {
        if n != NO_HEX && n != open {
            let hex = probe.state.board.hex(n);
            let (c, r) = (hex.col as usize - 1, hex.row as usize - 1);
            rows[r].replace_range(c..c + 1, "W");
        }
    }
    rows
}

#[test]
fn n60_a_hex_a_gun_could_only_pass_through_is_no_step_away_in_a_retreat() {
    // Retreat! from b1: g1, two hexes from b1, could go farther only
    // through x1 (another French force), a hex it may not stop in (N68);
    // woods bar every other way [3.8.6]. Beyond x1 it would leave its
    // leader, who stays: contiguity wins, and g1 may stop short (N60).
    // Game 137 of the shipped batch once had no legal end here.
    let units = [
        U("g1", 0, 0, Artillery, 0, "0503", Dir::S),
        U("x1", 0, 1, Infantry, 4, "0504", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0501", Dir::S),
    ];
    let rows = woods_around(&units, "g1", "x1");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut g = game_on(&rows, &units);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Retreat);
    // Its one step away is into x1's hex, to pass through.
    g.state
        .check(&Command::Step {
            piece: "g1".into(),
            to: h("0504"),
        })
        .expect("it may pass through x1");
    g.execute(&Command::EndActivation {
        direction: Direction::LeftToRight,
    })
    .expect("g1 may stay: no hex farther that it may stop in keeps its force contiguous");
}

#[test]
fn section_3_7_2_1_a_piece_passing_through_may_not_turn_where_it_could_not_move_on() {
    // In a Retreat! from b1, g1 (a gun of F0) passes through x1 (another
    // French force). Turned about there, every step on would be nearer
    // b1 or cross its rear, which ends a move only where it starts
    // (N60, N64): it would be stranded in a stack it may not end in
    // (N68). Game 137 of the shipped batch once stuck so.
    let units = [
        U("g1", 0, 0, Artillery, 0, "0503", Dir::S),
        U("x1", 0, 1, Infantry, 4, "0504", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0501", Dir::S),
    ];
    let mut g = game(&units);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Retreat);
    g.execute(&Command::Step {
        piece: "g1".into(),
        to: h("0504"),
    })
    .expect("passes through, away from b1");
    let b = g.state.board.clone();
    let at = b.hex_ix(h("0504")).expect("on the map");
    let south = b
        .dir_to(at, b.hex_ix(h("0505")).expect("on the map"))
        .expect("adjacent");
    refused(
        &mut g,
        Command::Turn {
            piece: "g1".into(),
            facing: (south + 3) % 6,
        },
        "3.7.2.1",
    );
    // A turn that keeps a way on is allowed.
    g.execute(&Command::Turn {
        piece: "g1".into(),
        facing: (south + 1) % 6,
    })
    .expect("still faces a way on");
}

#[test]
fn section_3_7_2_1_a_move_ends_only_where_stacking_allows() {
    // g1 (a gun of F0) may pass through x1, infantry of another French
    // force, but not stop there (N67, N68).
    let units = [
        U("g1", 0, 0, Artillery, 0, "0503", Dir::S),
        U("a1", 0, 0, Infantry, 4, "0303", Dir::S),
        U("g2", 0, 0, Artillery, 0, "0505", Dir::S),
        U("x1", 0, 1, Infantry, 4, "0504", Dir::S),
        // Within 3 hexes: F0 is engaged, and moves as combat movement
        // (N53, N63).
        U("b1", 1, 0, Infantry, 4, "0508", Dir::N),
    ];
    let mut g = game(&units);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    // A step across its rear is the gun's whole move (N64): it may not
    // end in x1's hex.
    refused(
        &mut g,
        Command::Step {
            piece: "g2".into(),
            to: h("0504"),
        },
        "3.7.2.1",
    );
    // Forward, g1 may pass through x1: it can go on from there.
    g.execute(&Command::Step {
        piece: "g1".into(),
        to: h("0504"),
    })
    .expect("passes through");
    // Nobody else moves, and the activation does not end, while g1 stands
    // in x1's hex (N57).
    let e = g
        .execute(&Command::Step {
            piece: "a1".into(),
            to: h("0304"),
        })
        .expect_err("g1 moves on first");
    assert!(e.to_string().contains("N68"), "{e}");
    refused(
        &mut g,
        Command::EndActivation {
            direction: Direction::LeftToRight,
        },
        "3.7.2.1",
    );
    // Onward to g2, a gun of its own force: a legal stack of two guns.
    g.execute(&Command::Step {
        piece: "g1".into(),
        to: h("0505"),
    })
    .expect("moves on");
    g.execute(&Command::Step {
        piece: "a1".into(),
        to: h("0304"),
    })
    .expect("now a1 moves");

    // With every hex around x1 but the one it came from in woods, where
    // no gun goes [3.8.6], g1 could not move on: it may not enter.
    let rows = woods_around(&units, "x1", "g1");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut units = units;
    // g2 stays near b1, so that F0 is still engaged and a step back
    // across the rear is g1's whole move (N63, N64).
    units[2] = U("g2", 0, 0, Artillery, 0, "0706", Dir::S);
    let mut g = game_on(&rows, &units);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    refused(
        &mut g,
        Command::Step {
            piece: "g1".into(),
            to: h("0504"),
        },
        "3.7.2.1",
    );
}

#[test]
fn section_3_7_2_4_cohesion_is_owed_only_if_the_force_was_together_when_a_die_was_rolled() {
    // a1 dashes two hexes from its force and contacts a gun: the gun's die
    // fixes the moves before it (N69 take-back stops there, N76), so the
    // force, apart when the die was rolled, may end its movement apart.
    for seed in 0..6 {
        let g = game(&[
            U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
            U("a2", 0, 0, Infantry, 4, "0504", Dir::S),
            U("g1", 1, 0, Artillery, 0, "0508", Dir::N),
            U("b1", 1, 0, Infantry, 4, "0510", Dir::N),
        ]);
        let mut g = reseed(g, seed);
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        for to in ["0506", "0507"] {
            g.execute(&Command::Step {
                piece: "a1".into(),
                to: h(to),
            })
            .expect("moves");
        }
        assert!(!g.state.contiguous(0), "apart at the die roll");
        // The Prussians answer the evasion, if the gun evades.
        while g.state.pending.is_some() {
            let c = Napoleon::legal_commands(&g.state)
                .into_iter()
                .next()
                .expect("a choice");
            g.execute(&c).expect("chosen");
        }
        if g.state.active.is_some() {
            g.execute(&Command::EndActivation {
                direction: Direction::LeftToRight,
            })
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
}

#[test]
fn section_3_7_2_2_engagement_is_fixed_at_the_impulse_start_or_at_activation_by_option() {
    use crate::rules::napoleon::model::EngagementSnapshot;
    // F0 is 5 hexes from b1 when the impulse starts; b1 then stands 3
    // hexes away when F0 activates (N53).
    for snapshot in [
        EngagementSnapshot::ImpulseStart,
        EngagementSnapshot::Activation,
    ] {
        let mut g = game(&[
            U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0510", Dir::N),
        ]);
        std::sync::Arc::make_mut(&mut g.state.board)
            .options
            .engagement_snapshot = snapshot;
        to_maneuver(&mut g, 0);
        let b1 = piece(&g, "b1");
        g.state
            .pos
            .set(b1, g.state.board.hex_ix(h("0508")).expect("on the map"));
        let by_activation = snapshot == EngagementSnapshot::Activation;
        assert_eq!(g.state.engaged_for(0), by_activation);
        activate(&mut g, "F0", Activation::Forward);
        // A step across the rear: maneuver movement (unengaged) goes on,
        // combat movement (engaged) ends the move there (N63, N64).
        g.execute(&Command::Step {
            piece: "a1".into(),
            to: h("0504"),
        })
        .expect("a step back");
        let again = g.execute(&Command::Step {
            piece: "a1".into(),
            to: h("0503"),
        });
        assert_eq!(again.is_err(), by_activation, "{snapshot:?}: {again:?}");
    }
}

#[test]
fn section_3_7_3_2_n84_moving_back_the_owner_picks_a_rear_hex_the_gun_may_enter() {
    // b1 and its gun lose to a1; b1's rear-centre hex (0504) is woods,
    // where its gun may not go [3.8.6], so they move back to another rear
    // hex not next to a1, which b1's owner picks (N84, N67, N77).
    let mut rows: Vec<String> = OPEN.iter().map(|r| r.to_string()).collect();
    rows[3].replace_range(4..5, "W");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut moved_back = 0;
    for seed in 0..40 {
        let g = game_on(
            &rows,
            &[
                U("a1", 0, 0, Infantry, 7, "0506", Dir::N),
                U("b1", 1, 0, Infantry, 2, "0505", Dir::S),
                U("bg", 1, 0, Artillery, 0, "0505", Dir::S),
            ],
        );
        let mut g = reseed(g, seed);
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        let events = g
            .execute(&Command::EndActivation {
                direction: Direction::LeftToRight,
            })
            .expect("ends")
            .to_vec();
        let (b1, bg) = (piece(&g, "b1"), piece(&g, "bg"));
        let Some(options) = events.iter().find_map(|e| match e {
            Event::MoveBackDue { piece, options, .. } if *piece == b1 => Some(options.clone()),
            _ => None,
        }) else {
            continue;
        };
        moved_back += 1;
        // The two other rear hexes, neither next to a1; b1's owner acts.
        let mut sorted = options.clone();
        sorted.sort();
        assert_eq!(sorted, vec![h("0404"), h("0604")], "seed {seed}");
        assert_eq!(g.to_act(), 1, "seed {seed}: the loser's owner picks");
        assert!(
            g.state
                .legal_commands()
                .iter()
                .all(|c| matches!(c, Command::MoveBack { .. })),
            "seed {seed}: nothing else goes on first"
        );
        refused(&mut g, Command::EndManeuver, "N84");
        let e = refused(
            &mut g,
            Command::MoveBack {
                piece: "b1".into(),
                to: h("0504"),
            },
            "N84",
        );
        assert!(matches!(e, RuleError::CannotMoveBack { .. }), "{e}");
        let to = options[1];
        g.execute(&Command::MoveBack {
            piece: "b1".into(),
            to,
        })
        .expect("moves back");
        assert_eq!(g.state.board.hex(g.state.pos[b1 as usize]), to);
        assert_eq!(
            g.state.pos[bg as usize], g.state.pos[b1 as usize],
            "the gun goes with it"
        );
        assert!(g.state.pending.is_none());
    }
    assert!(moved_back > 0, "b1 never lost");
}

#[test]
fn n91_road_bonus_option_lengthens_a_move_made_entirely_along_a_road() {
    // A road runs south down column 05. With `road_bonus: 1` a unit moving
    // only along it goes one hex farther than its allowance; a step off
    // the road before or after takes the bonus away. By default (0) roads
    // change nothing (N91).
    for bonus in [0u32, 1] {
        let mut g = game(&[
            U("a1", 0, 0, Infantry, 4, "0502", Dir::S),
            U("b1", 1, 0, Infantry, 4, "1110", Dir::N),
        ]);
        {
            let b = std::sync::Arc::make_mut(&mut g.state.board);
            b.options.road_bonus = bonus;
            for r in &mut b.road {
                *r = [false; 6];
            }
            let s = b.grid.dirs().iter().position(|d| *d == Dir::S).expect("S");
            for row in 1..10i32 {
                let a = b.hex_ix(Hex { col: 5, row }).expect("on the map");
                let z = b
                    .hex_ix(Hex {
                        col: 5,
                        row: row + 1,
                    })
                    .expect("on the map");
                b.road[a as usize][s] = true;
                b.road[z as usize][(s + 3) % 6] = true;
            }
        }
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        let a1 = piece(&g, "a1");
        let ma = g.state.board.pieces[a1 as usize].movement as i32;
        for row in 3..3 + ma {
            g.execute(&Command::Step {
                piece: "a1".into(),
                to: Hex { col: 5, row },
            })
            .expect("within the allowance");
        }
        let next = Command::Step {
            piece: "a1".into(),
            to: Hex {
                col: 5,
                row: 3 + ma,
            },
        };
        if bonus == 0 {
            refused(&mut g, next, "3.7.2.7");
            continue;
        }
        // One more along the road; then nothing, on or off it.
        g.execute(&next).expect("the road bonus");
        refused(
            &mut g,
            Command::Step {
                piece: "a1".into(),
                to: Hex {
                    col: 5,
                    row: 4 + ma,
                },
            },
            "3.7.2.7",
        );
        // Off the road first: no bonus for the rest of the move.
        g.execute(&Command::TakeBack).expect("take back");
        let side_step = g
            .state
            .legal_commands()
            .into_iter()
            .find(|c| {
                matches!(c, Command::Step { piece, to } if piece.as_str() == "a1" && to.col != 5)
            })
            .expect("a step off the road");
        g.execute(&side_step).expect("off the road");
        let mut steps = 1;
        while let Some(c) = g
            .state
            .legal_commands()
            .into_iter()
            .find(|c| matches!(c, Command::Step { piece, .. } if piece.as_str() == "a1"))
        {
            g.execute(&c).expect("legal");
            steps += 1;
            assert!(steps <= ma, "no bonus once off the road");
        }
    }
}

#[test]
fn n33_village_points_occupied_or_controlled_by_the_last_side_to_hold_the_hex() {
    // 0505 is a French victory location worth 1. a1 steps in and its
    // activation ends: the French hold it. Once a1 has gone, the location
    // still scores with `village_points: controlled`, not with the default
    // `occupied`; a Prussian unit standing there at the end of an
    // activation takes it (N33).
    for controlled in [false, true] {
        let mut g = game(&[
            U("a1", 0, 0, Infantry, 4, "0504", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0909", Dir::N),
        ]);
        {
            let b = std::sync::Arc::make_mut(&mut g.state.board);
            let v = b.hex_ix(h("0505")).expect("on the map");
            b.victory = vec![(v, 0, 1)];
            if controlled {
                b.options.village_points = crate::rules::napoleon::model::VillagePoints::Controlled;
            }
            g.state.control = vec![None];
        }
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        assert_eq!(g.state.location_points(0), 0);
        g.execute(&Command::Step {
            piece: "a1".into(),
            to: h("0505"),
        })
        .expect("steps in");
        g.execute(&Command::EndActivation {
            direction: Direction::LeftToRight,
        })
        .expect("ends");
        assert_eq!(g.state.location_points(0), 1, "held");
        // a1 leaves at a later activation.
        let a1 = piece(&g, "a1");
        g.state
            .pos
            .set(a1, g.state.board.hex_ix(h("0503")).expect("on the map"));
        g.state.apply(&Event::ActivationEnded { force: 0 });
        assert_eq!(
            g.state.location_points(0),
            u32::from(controlled),
            "empty: scores only when controlled"
        );
        // A Prussian unit ends an activation there.
        let b1 = piece(&g, "b1");
        g.state
            .pos
            .set(b1, g.state.board.hex_ix(h("0505")).expect("on the map"));
        g.state.apply(&Event::ActivationEnded { force: 1 });
        assert_eq!(g.state.location_points(0), 0);
        assert_eq!(g.state.control, vec![Some(1)]);
    }
}

#[test]
fn n2_forces_alternate_under_the_alternate_forces_option() {
    // With `maneuver_order: alternate_forces` the initiative side
    // activates one force, then the other side one, and so on; a side
    // that has passed, or has no force left, is skipped; when both have
    // passed the impulse ends (N2).
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0303", Dir::S),
        U("a2", 0, 1, Infantry, 4, "0803", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0309", Dir::N),
        U("b2", 1, 1, Infantry, 4, "0809", Dir::N),
    ]);
    std::sync::Arc::make_mut(&mut g.state.board)
        .options
        .maneuver_order = crate::rules::napoleon::model::ManeuverOrder::AlternateForces;
    to_maneuver(&mut g, 0);
    let impulse = g.state.impulse;
    let end = |g: &mut Game<Napoleon>| {
        if g.state.active.is_some() {
            g.execute(&Command::EndActivation {
                direction: Direction::LeftToRight,
            })
            .expect("ends");
        }
    };
    g.execute(&Command::Activate { force: "F0".into() })
        .expect("French first");
    end(&mut g);
    assert_eq!(
        g.state.phase,
        Phase::Maneuver { side: 1 },
        "then a Prussian force"
    );
    refused(&mut g, Command::Activate { force: "F1".into() }, "3.7");
    g.execute(&Command::Activate { force: "P0".into() })
        .expect("Prussian");
    end(&mut g);
    assert_eq!(g.state.phase, Phase::Maneuver { side: 0 });
    // The French pass: the Prussians go on alone.
    g.execute(&Command::EndManeuver).expect("pass");
    assert_eq!(g.state.phase, Phase::Maneuver { side: 1 });
    g.execute(&Command::Activate { force: "P1".into() })
        .expect("Prussian again");
    end(&mut g);
    assert_eq!(
        g.state.phase,
        Phase::Maneuver { side: 1 },
        "the French have passed"
    );
    assert_eq!(g.state.impulse, impulse);
    g.execute(&Command::EndManeuver).expect("pass");
    assert!(
        g.state.impulse > impulse || g.state.turn > 1 || g.is_over(),
        "both passed: the impulse is over"
    );
}

#[test]
fn n80_a_unit_facing_two_enemies_is_planned_one_melee_the_one_it_fights() {
    // Issue 35 item 29: the table's preview listed both enemies a unit
    // faced; it fights once, against the first defender in the order
    // of the direction chosen (N78, N80).
    for direction in [Direction::LeftToRight, Direction::RightToLeft] {
        let mut g = game(&[
            U("a1", 0, 0, Infantry, 6, "0505", Dir::S),
            U("b1", 1, 0, Infantry, 2, "0506", Dir::N),
            U("b2", 1, 0, Infantry, 2, "0605", Dir::NW),
        ]);
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        let a1 = piece(&g, "a1");
        assert_eq!(g.state.contact(a1).len(), 2, "a1 faces both");
        let plan = g.state.planned_melees(direction);
        assert_eq!(
            plan.len(),
            1,
            "{direction:?}: one melee for one attacker: {plan:?}"
        );
        let ev = g
            .execute(&Command::EndActivation { direction })
            .expect("fights")
            .to_vec();
        let fought: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Fight { attacker, defender } => Some((*attacker, *defender)),
                _ => None,
            })
            .collect();
        assert_eq!(fought.first(), plan.first(), "{direction:?}: {ev:?}");
    }
}
