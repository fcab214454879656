//! The choices either side makes in the middle of an activation: a gun
//! contacted evades or is overrun [3.7.2.9.3] (N75, N76), cavalry evades
//! infantry [3.7.3.4] (N86), victorious cavalry pursues (N87); and the
//! queries the table and computer players ask (issue 17, item 4).

use super::*;
use crate::scenario::UnitKind::{Artillery, Cavalry, Infantry};

fn events_of(g: &mut Game<Napoleon>, c: Command) -> Vec<Event> {
    g.execute(&c)
        .unwrap_or_else(|e| panic!("{c:?} refused: {e}"))
        .to_vec()
}

fn end_activation() -> Command {
    Command::EndActivation {
        direction: Direction::LeftToRight,
    }
}

#[test]
fn section_3_7_2_9_3_a_contacted_gun_evades_or_is_overrun() {
    // a1 steps next to an unattached Prussian gun facing it: the gun rolls;
    // 3+ hits the mover (it is in the gun's front arc); 4+ (foot artillery
    // against infantry) evades, and its owner picks where; less is
    // overrun (N75, N76).
    let (mut evaded, mut overrun) = (0, 0);
    for seed in 0..30 {
        let g = game(&[
            U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
            U("g1", 1, 0, Artillery, 0, "0507", Dir::N),
        ]);
        let mut g = reseed(g, seed);
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        let ev = events_of(
            &mut g,
            Command::Step {
                piece: "a1".into(),
                to: h("0506"),
            },
        );
        let Some(&Event::GunContacted {
            roll, hit, evades, ..
        }) = ev.iter().find(|e| matches!(e, Event::GunContacted { .. }))
        else {
            panic!("no contact: {ev:?}");
        };
        assert_eq!(hit, roll >= 3, "3+ hits a mover in the front arc");
        assert_eq!(evades, roll >= 4, "foot artillery evades infantry on 4+");
        let a1 = piece(&g, "a1");
        assert_eq!(
            g.state.casualties[a1 as usize],
            u32::from(hit),
            "the mover's casualty"
        );
        // The step rolled a die: it is not undone, nor taken back.
        assert!(!Napoleon::undoable(
            &g.state,
            &Command::Step {
                piece: "a1".into(),
                to: h("0506")
            }
        ));
        let g1 = piece(&g, "g1");
        if evades {
            evaded += 1;
            assert_eq!(g.state.to_act(), 1, "the gun's owner chooses");
            let legal = g.state.legal_commands();
            assert!(!legal.is_empty());
            assert!(
                legal.iter().all(|c| matches!(c, Command::Evade { .. })),
                "{legal:?}"
            );
            // Nothing else may happen first, and a hex nearer the mover is
            // refused.
            refused(&mut g, end_activation(), "3.7.2.9.3");
            refused(
                &mut g,
                Command::Evade {
                    piece: "g1".into(),
                    to: h("0506"),
                    facing: 0,
                },
                "3.7.2.9.3",
            );
            let ev = events_of(
                &mut g,
                Command::Evade {
                    piece: "g1".into(),
                    to: h("0508"),
                    facing: 3,
                },
            );
            assert!(
                ev.iter()
                    .any(|e| matches!(e, Event::Evaded { gun: true, .. }))
            );
            assert_eq!(hex_of(&g, "g1"), h("0508"));
            assert_eq!(g.state.facing[g1 as usize], 3);
            assert_eq!(g.state.to_act(), 0, "the mover goes on");
            refused(&mut g, Command::TakeBack, "N69");
        } else {
            overrun += 1;
            assert!(!g.state.on_map(g1), "overrun guns are removed");
            assert_eq!(g.state.lost[1], 1, "and count for the break point");
            assert_eq!(g.state.to_act(), 0);
        }
        // The mover may go on with its remaining MP (N75).
        if g.state.on_map(a1) {
            assert!(
                g.state
                    .legal_commands()
                    .iter()
                    .any(|c| matches!(c, Command::Step { piece, .. } if piece.as_str() == "a1")),
                "a1 may go on"
            );
        }
    }
    assert!(
        evaded > 0 && overrun > 0,
        "{evaded} evaded, {overrun} overrun"
    );
}

#[test]
fn section_3_7_2_9_3_evasion_numbers_and_contact_only_across_the_front() {
    use super::super::board::PieceKind::{
        Cavalry as C, FootArtillery, HorseArtillery, Infantry as I,
    };
    assert_eq!(gun_evasion_number(FootArtillery, I), 4);
    assert_eq!(gun_evasion_number(FootArtillery, C), 5);
    assert_eq!(gun_evasion_number(HorseArtillery, I), 2);
    assert_eq!(gun_evasion_number(HorseArtillery, C), 4);
    // Entering a hex with the gun across a rear hexside is no contact;
    // a gun attached to a host is never contacted (N72, N75).
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0505", Dir::N),
        U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
        U("g1", 1, 0, Artillery, 0, "0507", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    // a1 turns about is its one turn; facing N, 0507 lies behind it.
    let a1 = piece(&g, "a1");
    g.state.facing[a1 as usize] = 0;
    assert!(g.state.guns_contacted(a1).is_empty());
    assert!(!g.state.step_contacts_gun(&"a1".into(), h("0506")));
}

#[test]
fn section_3_7_2_9_3_a_unit_ending_next_to_a_gun_without_moving_contacts_it() {
    // A unit that starts its activation facing an unattached gun and
    // stays contacts it when the force's movement ends (N75).
    for seed in 0..10 {
        let g = game(&[
            U("a1", 0, 0, Infantry, 4, "0506", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
            U("g1", 1, 0, Artillery, 0, "0507", Dir::N),
        ]);
        let mut g = reseed(g, seed);
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        let ev = events_of(&mut g, end_activation());
        assert!(
            ev.iter().any(|e| matches!(e, Event::GunContacted { .. })),
            "{ev:?}"
        );
        // Either the gun is gone and the activation over, or its owner
        // evades it and then the activation ends.
        if g.state.pending.is_some() {
            let c = g.state.legal_commands()[0].clone();
            let ev = events_of(&mut g, c);
            assert!(
                ev.iter()
                    .any(|e| matches!(e, Event::ActivationEnded { .. }))
            );
        }
        assert!(g.state.active.is_none());
    }
}

#[test]
fn section_3_7_3_4_cavalry_may_evade_infantry() {
    // French infantry attacks Prussian cavalry: before the dice, the
    // cavalry's owner may evade (a full move away, ending with its force)
    // or stand (N86). Evading, no melee takes place and the infantry has
    // had its combat.
    let setup = || {
        game(&[
            U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0607", Dir::N),
            U("c1", 1, 0, Cavalry, 4, "0506", Dir::N),
        ])
    };
    let mut g = setup();
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let ev = events_of(&mut g, end_activation());
    assert!(
        ev.iter().any(|e| matches!(e, Event::EvasionOffered { .. })),
        "{ev:?}"
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Melee { .. })));
    assert_eq!(g.state.to_act(), 1, "the cavalry's owner decides");
    refused(&mut g, Command::EndManeuver, "3.7.3.4");
    let legal = g.state.legal_commands();
    assert!(legal.contains(&Command::StandFast));
    let c1 = piece(&g, "c1");
    let a1 = piece(&g, "a1");
    let moves = g.state.evasion_moves(c1, a1);
    assert!(!moves.is_empty());
    for e in &moves {
        let to = g.state.board.hex_ix(e.to).expect("on map");
        let mut at = g.state.pos[c1 as usize];
        for step in &e.path {
            let n = g.state.board.hex_ix(*step).expect("on map");
            assert!(
                g.state.board.distance(n, g.state.pos[a1 as usize])
                    > g.state.board.distance(at, g.state.pos[a1 as usize]),
                "each hex farther from the infantry"
            );
            at = n;
        }
        assert_eq!(at, to);
        assert!(e.cost <= g.state.board.pieces[c1 as usize].movement);
    }
    let first = moves[0].clone();
    let ev = events_of(
        &mut g,
        Command::Evade {
            piece: "c1".into(),
            to: first.to,
            facing: first.facing,
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Evaded { gun: false, .. }))
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Melee { .. })));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ActivationEnded { .. }))
    );
    assert_eq!(hex_of(&g, "c1"), first.to);
    let f = g.state.board.pieces[c1 as usize].force.expect("force");
    assert!(g.state.contiguous(f), "it ends with its force");

    // Standing, the melee is fought.
    let mut g = setup();
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    events_of(&mut g, end_activation());
    let ev = events_of(&mut g, Command::StandFast);
    assert!(ev.iter().any(|e| matches!(e, Event::Melee { .. })));
    assert!(g.state.active.is_none());

    // With a gun attached it may not evade.
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
        U("c1", 1, 0, Cavalry, 4, "0506", Dir::N),
        U("g1", 1, 0, Artillery, 0, "0506", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let ev = events_of(&mut g, end_activation());
    assert!(!ev.iter().any(|e| matches!(e, Event::EvasionOffered { .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::Melee { .. })));
}

#[test]
fn section_3_7_3_4_victorious_cavalry_pursues_another_enemy() {
    // French cavalry k1 destroys b1; it may then make a new full move and
    // charge b2, a different enemy unit, at once (N87). A pursuit that
    // does not end facing another enemy unit is refused.
    let mut offered = 0;
    for seed in 0..60 {
        let g = game(&[
            U("k1", 0, 0, Cavalry, 7, "0505", Dir::S),
            U("b1", 1, 0, Infantry, 2, "0506", Dir::N),
            U("b2", 1, 1, Infantry, 2, "0508", Dir::N),
        ]);
        let mut g = reseed(g, seed);
        let b1 = piece(&g, "b1");
        g.state.casualties[b1 as usize] = g.state.board.pieces[b1 as usize].capacity - 1;
        to_maneuver(&mut g, 0);
        activate(&mut g, "F0", Activation::Forward);
        let ev = events_of(&mut g, end_activation());
        if !ev.iter().any(|e| matches!(e, Event::PursuitOffered { .. })) {
            // The square held, or the cavalry lost: no pursuit.
            assert!(g.state.active.is_none() || g.state.on_map(b1));
            continue;
        }
        offered += 1;
        assert!(!g.state.on_map(b1));
        assert_eq!(g.state.to_act(), 0);
        let legal = g.state.legal_commands();
        assert_eq!(legal, vec![Command::Pursue, Command::NoPursuit]);
        if offered % 2 == 0 {
            let ev = events_of(&mut g, Command::NoPursuit);
            assert!(
                ev.iter()
                    .any(|e| matches!(e, Event::ActivationEnded { .. }))
            );
            continue;
        }
        events_of(&mut g, Command::Pursue);
        refused(&mut g, Command::EndPursuit, "3.7.3.4");
        let b2 = piece(&g, "b2");
        let to_b2 = g
            .state
            .reach(&"k1".into())
            .into_iter()
            .find(|r| r.contacts.contains(&b2))
            .expect("b2 within a full move");
        for c in to_b2.path {
            events_of(&mut g, c);
            // b1's leader, alone once b1 is gone, moves out of the way
            // when the cavalry comes next to him (N52).
            while matches!(g.state.pending, Some(Pending::OfficerFlight { .. })) {
                let flee = g.state.legal_commands()[0].clone();
                events_of(&mut g, flee);
            }
        }
        let ev = events_of(&mut g, Command::EndPursuit);
        let k1 = piece(&g, "k1");
        assert!(
            ev.iter().any(|e| matches!(e, Event::Fight { attacker, defender } if *attacker == k1 && *defender == b2)),
            "{ev:?}"
        );
        assert!(ev.iter().any(|e| matches!(e, Event::Melee { .. })));
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ActivationEnded { .. }))
        );
    }
    assert!(offered >= 2, "{offered} pursuits offered");
}

#[test]
fn section_3_6_2_a_new_leader_joins_the_nearest_unit_when_his_host_is_gone() {
    // N51: a leader who falls is replaced by a -1 leader, placed with the
    // nearest unit of the force if his unit was eliminated.
    let mut placed = false;
    for seed in 0..60 {
        let mut g = game(&[
            U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
            U("a2", 0, 0, Infantry, 4, "0605", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
        ]);
        let a1 = piece(&g, "a1");
        let cap = g.state.board.pieces[a1 as usize].capacity;
        let mut dice = Dice::new(seed);
        let mut out = Vec::new();
        g.state.casualties_on(a1, cap, true, &mut dice, &mut out);
        let lost = out
            .iter()
            .any(|e| matches!(e, Event::LeaderLossRolled { lost: true, .. }));
        let leader = g.state.board.forces[0].leader;
        if lost {
            assert!(
                out.iter()
                    .any(|e| matches!(e, Event::LeaderPlaced { to, .. } if *to == h("0605")))
            );
            assert_eq!(g.state.board.hex(g.state.pos[leader as usize]), h("0605"));
            assert_eq!(g.state.leader_factor[0], -1);
            placed = true;
        } else {
            assert_eq!(g.state.board.hex(g.state.pos[leader as usize]), h("0505"));
        }
    }
    assert!(placed, "some seed rolls a 6");
}

#[test]
fn item_4_reach_paths_lead_where_they_say() {
    // Every answer of `reach` is the end of its path when played (steps
    // and turns), at the cost it gives, within the allowance.
    let mut g = game_on(
        &[
            "............",
            "............",
            "....W.......",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
        ],
        &[
            U("k1", 0, 0, Cavalry, 4, "0505", Dir::N),
            U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
        ],
    );
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let k1 = piece(&g, "k1");
    let reach = g.state.reach(&"k1".into());
    assert!(reach.len() > 20, "{} ends", reach.len());
    let ma = g.state.board.pieces[k1 as usize].movement;
    for r in &reach {
        assert!(r.cost <= ma);
        let mut st = g.state.clone();
        let mut dice = Dice::new(0);
        for c in &r.path {
            st.execute(c, &mut dice)
                .unwrap_or_else(|e| panic!("{c:?}: {e}"));
        }
        assert_eq!(st.board.hex(st.pos[k1 as usize]), r.hex);
        assert_eq!(st.facing[k1 as usize], r.facing);
        // Cavalry never enters woods [3.8.6].
        assert_ne!(r.hex, h("0503"));
    }
    assert!(g.state.legal_turns(&"k1".into()).len() == 5);
}

#[test]
fn item_4_activation_and_melee_odds() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    // Leader factor 0, nothing else: 1-3 Static, 4-6 Forward! (N55).
    let odds = g.state.activation_odds(0);
    assert_eq!(odds.modifiers, vec![("leader".to_string(), 0)]);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(close(odds.chances[0], 0.0));
    assert!(close(odds.chances[1], 0.5));
    assert!(close(odds.chances[2], 0.5));
    assert!(close(odds.chances[3], 0.0));
    // Equal units: the attacker wins on a higher die, 15 of 36 (N83).
    let (a1, b1) = (piece(&g, "a1"), piece(&g, "b1"));
    let m = g.state.melee_odds(a1, b1);
    assert_eq!(m.base, [4, 4]);
    assert!(close(m.attacker_wins, 15.0 / 36.0));
    assert!(close(m.outcomes.iter().map(|o| o.chance).sum::<f64>(), 1.0));
    assert!(close(m.defensive_fire, 0.0));
    // The tie: both take 1 and the attacker moves back.
    let tie = m
        .outcomes
        .iter()
        .find(|o| o.attacker_points == 1 && o.defender_points == 1 && o.loser == 0)
        .expect("a tie");
    assert!(close(tie.chance, 6.0 / 36.0));
    assert_eq!(
        g.state.break_points()[0],
        (0, g.state.board.armies[0].break_point)
    );
}

/// The hexes at distance `d` from `at` on the test map.
fn ring(g: &Game<Napoleon>, at: &str, d: u32) -> Vec<Hex> {
    let b = &g.state.board;
    let a = b.hex_ix(h(at)).expect("on the map");
    (0..b.neighbours.len() as HexIx)
        .filter(|&n| b.distance(a, n) == d)
        .map(|n| b.hex(n))
        .collect()
}

#[test]
fn n52_a_general_alone_moves_away_when_enemy_infantry_steps_next_to_him() {
    // The Prussian General stands alone at 1210. French a1 steps next to
    // him: his owner moves him at once to a hex not next to any enemy unit
    // (N52); nothing else goes on first, and the moves before stand.
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "1008", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0303", Dir::N),
    ]);
    let general = g.state.board.armies[1].general;
    assert_eq!(g.state.board.hex(g.state.pos[general as usize]), h("1210"));
    assert!(g.state.lone_officer(general));
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let a1 = piece(&g, "a1");
    // A step of a1 that ends next to the General.
    let near = ring(&g, "1210", 1);
    let step = g
        .state
        .legal_commands()
        .into_iter()
        .find(|c| matches!(c, Command::Step { to, .. } if near.contains(to)));
    let step = match step {
        Some(s) => s,
        None => {
            // Two steps: first towards him.
            let first = g
                .state
                .legal_commands()
                .into_iter()
                .find(|c| matches!(c, Command::Step { to, .. } if ring(&g, "1210", 2).contains(to)))
                .expect("a step towards the General");
            events_of(&mut g, first);
            g.state
                .legal_commands()
                .into_iter()
                .find(|c| matches!(c, Command::Step { to, .. } if near.contains(to)))
                .expect("a step next to the General")
        }
    };
    let ev = events_of(&mut g, step);
    assert!(
        ev.iter().any(|e| matches!(e, Event::OfficerContacted { officer, by } if *officer == general && *by == a1)),
        "{ev:?}"
    );
    assert_eq!(g.to_act(), 1, "his owner moves him");
    let legal = g.state.legal_commands();
    assert!(!legal.is_empty());
    let a1_at = g.state.pos[a1 as usize];
    for c in &legal {
        let Command::Flee { to, .. } = c else {
            panic!("only flights wait: {c:?}");
        };
        let n = g.state.board.hex_ix(*to).expect("on the map");
        assert!(g.state.board.distance(n, a1_at) >= 2, "{to} is next to a1");
        assert!(
            g.state.board.distance(g.state.pos[general as usize], n)
                <= g.state.board.pieces[general as usize].movement
        );
    }
    // Staying next to a1, or moving beside it, is refused.
    let beside = ring(&g, "1210", 1)
        .into_iter()
        .find(|x| g.state.board.hex_ix(*x).is_some_and(|n| n != a1_at))
        .expect("a hex beside");
    let id = g.state.board.pieces[general as usize].id.clone();
    refused(
        &mut g,
        Command::Flee {
            piece: id.clone(),
            to: beside,
        },
        "N52",
    );
    refused(&mut g, Command::EndManeuver, "N52");
    let Command::Flee { to, .. } = legal[0].clone() else {
        unreachable!()
    };
    events_of(&mut g, legal[0].clone());
    assert_eq!(g.state.board.hex(g.state.pos[general as usize]), to);
    assert!(g.state.pending.is_none());
    assert_eq!(g.to_act(), 0, "the activation goes on");
    // The enemy's answer fixes the moves before it (N69).
    assert!(g.execute(&Command::TakeBack).is_err());
}

#[test]
fn n52_an_officer_alone_is_never_entered_nor_attacked() {
    // The Prussian leader stands alone next to a1's front: a1 may not
    // enter his hex, and has no one to fight there (N52).
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0909", Dir::N),
    ]);
    let leader = g.state.board.forces[1].leader;
    let at = g.state.board.hex_ix(h("0506")).expect("on the map");
    g.state.pos.set(leader, at);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0506"),
        },
        "3.7.2.7",
    );
    let a1 = piece(&g, "a1");
    assert!(
        g.state.contact(a1).is_empty(),
        "officers are never attacked"
    );
}

#[test]
fn n52_a_leader_alone_joins_a_unit_of_his_force_when_one_is_in_reach() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0504", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0307", Dir::N),
        U("b2", 1, 0, Infantry, 4, "0807", Dir::N),
    ]);
    let leader = g.state.board.forces[1].leader;
    g.state
        .pos
        .set(leader, g.state.board.hex_ix(h("0506")).expect("on the map"));
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let ev = events_of(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0505"),
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OfficerContacted { officer, .. } if *officer == leader)),
        "{ev:?}"
    );
    let escapes = g.state.officer_escapes(leader);
    let hosts: Vec<Hex> = ["b1", "b2"].iter().map(|u| hex_of(&g, u)).collect();
    assert!(!escapes.is_empty());
    assert!(
        escapes.iter().all(|x| hosts.contains(x)),
        "only hexes of b1 and b2 in reach: {escapes:?}"
    );
    let id = g.state.board.pieces[leader as usize].id.clone();
    let empty = h("0509");
    refused(
        &mut g,
        Command::Flee {
            piece: id.clone(),
            to: empty,
        },
        "N52",
    );
    events_of(
        &mut g,
        Command::Flee {
            piece: id,
            to: escapes[0],
        },
    );
    assert_eq!(g.state.board.hex(g.state.pos[leader as usize]), escapes[0]);
}

#[test]
fn n52_a_general_with_nowhere_to_go_is_captured_and_replaced_by_a_factor_1_general() {
    // A stream walls the corner where the Prussian General stands; a1,
    // already beside him, steps to the other hex beside him. He cannot get
    // away: captured, he is replaced by a General of command factor 1
    // whom his owner places within 5 hexes of a friendly leader, not next
    // to the enemy (N52).
    let probe = game(&[
        U("a1", 0, 0, Infantry, 4, "0505", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0303", Dir::N),
    ]);
    let ring1 = ring(&probe, "1210", 1);
    let ring2 = ring(&probe, "1210", 2);
    assert!(ring1.len() >= 2);
    let (start, target) = (ring1[0], ring1[1]);
    let mut rows: Vec<String> = OPEN.iter().map(|r| r.to_string()).collect();
    for x in ring1.iter().skip(2).chain(&ring2) {
        let (c, r) = (x.col as usize - 1, x.row as usize - 1);
        rows[r].replace_range(c..c + 1, "~");
    }
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let start_s = format!("{:02}{:02}", start.col, start.row);
    let units = [
        U(
            "a1",
            0,
            0,
            Infantry,
            4,
            Box::leak(start_s.into_boxed_str()),
            Dir::S,
        ),
        U("b1", 1, 0, Infantry, 4, "0303", Dir::N),
    ];
    let mut g = game_on(&rows, &units);
    let general = g.state.board.armies[1].general;
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    g.state.adcs[1] = 3;
    let step = Command::Step {
        piece: "a1".into(),
        to: target,
    };
    let ev = match g.execute(&step) {
        Ok(ev) => ev.to_vec(),
        Err(e) => panic!("step to {target} refused: {e}"),
    };
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OfficerCaptured { officer } if *officer == general)),
        "{ev:?}"
    );
    assert!(!g.state.on_map(general));
    assert_eq!(g.state.command_factor[1], 1, "a command factor 1 General");
    assert!(g.state.adcs[1] <= 1);
    assert_eq!(g.to_act(), 1, "his owner places him");
    let places = g.state.general_placements(1);
    assert!(!places.is_empty());
    let b = &g.state.board;
    let leader_at = g.state.pos[b.forces[1].leader as usize];
    let a1_at = g.state.pos[piece(&g, "a1") as usize];
    for x in &places {
        let n = b.hex_ix(*x).expect("on the map");
        assert!(b.distance(n, leader_at) <= 5);
        assert!(b.distance(n, a1_at) >= 2);
        assert!(g.state.at(n).next().is_none());
    }
    refused(&mut g, Command::PlaceGeneral { to: h("0101") }, "N52");
    events_of(&mut g, Command::PlaceGeneral { to: places[0] });
    assert_eq!(g.state.board.hex(g.state.pos[general as usize]), places[0]);
    assert!(g.state.pending.is_none());
    assert_eq!(g.to_act(), 0);
}

#[test]
fn n108_a_failed_attack_on_a_vulnerable_unit_may_be_re_rolled_once() {
    // b1 stands in column, vulnerable (N93). With `vulnerable_rule:
    // minus_one_and_reroll` it takes -1 and a failed attack on it may be
    // re-rolled once at the attacker's choice (N108); by default
    // (`plus_two`) the attacker adds 2 and nothing is offered.
    use crate::rules::napoleon::model::VulnerableRule;
    for rule in [VulnerableRule::PlusTwo, VulnerableRule::MinusOneAndReroll] {
        let (mut offered, mut rerolled, mut kept) = (0, 0, 0);
        for seed in 0..80 {
            let g = game(&[
                U("a1", 0, 0, Infantry, 3, "0505", Dir::S),
                U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
            ]);
            let mut g = reseed(g, seed);
            std::sync::Arc::make_mut(&mut g.state.board)
                .options
                .vulnerable_rule = rule;
            let b1 = piece(&g, "b1");
            g.state.column[b1 as usize] = true;
            to_maneuver(&mut g, 0);
            activate(&mut g, "F0", Activation::Forward);
            let ev = events_of(&mut g, end_activation());
            let Some(Event::Melee {
                modifiers, totals, ..
            }) = ev.iter().find(|e| matches!(e, Event::Melee { .. }))
            else {
                continue;
            };
            let has =
                |m: &[(String, i32)], k: &str, v: i32| m.iter().any(|(n, x)| n == k && *x == v);
            let offer = ev
                .iter()
                .any(|e| matches!(e, Event::MeleeRerollOffered { .. }));
            if rule == VulnerableRule::PlusTwo {
                assert!(has(&modifiers[0], "vulnerable opponent", 2));
                assert!(!offer, "no re-roll by default");
                continue;
            }
            assert!(has(&modifiers[1], "vulnerable", -1));
            assert_eq!(
                offer,
                totals[0] <= totals[1],
                "offered exactly when it failed"
            );
            if !offer {
                continue;
            }
            offered += 1;
            assert_eq!(g.to_act(), 0, "the attacker decides");
            assert_eq!(
                g.state.legal_commands(),
                vec![Command::RerollMelee, Command::KeepMelee]
            );
            refused(&mut g, Command::EndManeuver, "N108");
            if seed % 2 == 0 {
                let ev = events_of(&mut g, Command::RerollMelee);
                let Some(Event::MeleeRerolled {
                    roll, totals: t, ..
                }) = ev.iter().find(|e| matches!(e, Event::MeleeRerolled { .. }))
                else {
                    panic!("no re-roll: {ev:?}");
                };
                assert_eq!(t[1], totals[1], "the defender's die stands");
                assert!((1..=6).contains(roll));
                assert!(
                    !ev.iter()
                        .any(|e| matches!(e, Event::MeleeRerollOffered { .. })),
                    "once per attack"
                );
                rerolled += 1;
            } else {
                events_of(&mut g, Command::KeepMelee);
                kept += 1;
            }
            assert!(g.state.pending.is_none() || g.to_act() == 1);
        }
        if rule == VulnerableRule::MinusOneAndReroll {
            assert!(
                offered > 0 && rerolled > 0 && kept > 0,
                "{offered} {rerolled} {kept}"
            );
        }
    }
}

#[test]
fn n77_option_a_gun_outlives_its_host_to_roll_against_the_winner() {
    // b1, one point from elimination, holds its gun bg; French cavalry k1
    // attacks it. By default the gun falls with its host (N77). With
    // `gun_when_host_eliminated: evasion_roll` it rolls as an unattached
    // gun contacted by k1 (N75, N76): it evades, its owner picking the hex,
    // or is overrun; once it has gone k1 may still pursue (N87).
    use crate::rules::napoleon::model::GunWhenHostEliminated;
    for rule in [
        GunWhenHostEliminated::Eliminated,
        GunWhenHostEliminated::EvasionRoll,
    ] {
        let (mut rolled, mut evaded) = (0, 0);
        for seed in 0..120 {
            let g = game(&[
                U("k1", 0, 0, Cavalry, 7, "0505", Dir::S),
                U("b1", 1, 0, Infantry, 2, "0506", Dir::S),
                U("bg", 1, 0, Artillery, 0, "0506", Dir::S),
                U("b2", 1, 1, Infantry, 2, "0808", Dir::N),
            ]);
            let mut g = reseed(g, seed);
            std::sync::Arc::make_mut(&mut g.state.board)
                .options
                .gun_when_host_eliminated = rule;
            let (b1, bg, k1) = (piece(&g, "b1"), piece(&g, "bg"), piece(&g, "k1"));
            g.state.casualties[b1 as usize] = g.state.board.pieces[b1 as usize].capacity - 1;
            to_maneuver(&mut g, 0);
            activate(&mut g, "F0", Activation::Forward);
            let ev = events_of(&mut g, end_activation());
            if g.state.on_map(b1) || !g.state.on_map(k1) {
                continue;
            }
            let contacted = ev.iter().any(
                |e| matches!(e, Event::GunContacted { gun, by, .. } if *gun == bg && *by == k1),
            );
            if rule == GunWhenHostEliminated::Eliminated {
                assert!(!g.state.on_map(bg), "seed {seed}: the gun falls with b1");
                assert!(!contacted);
                continue;
            }
            assert!(contacted, "seed {seed}: the gun rolls against k1: {ev:?}");
            rolled += 1;
            let Some(Pending::GunEvasion { gun, .. }) = g.state.pending else {
                assert!(
                    !g.state.on_map(bg) || !g.state.on_map(k1),
                    "seed {seed}: overrun unless its fire destroyed k1"
                );
                continue;
            };
            assert_eq!(gun, bg);
            assert_eq!(g.to_act(), 1, "its owner picks where it goes");
            let evade = g.state.legal_commands()[0].clone();
            let Command::Evade { to, .. } = evade.clone() else {
                panic!("{evade:?}")
            };
            let ev = events_of(&mut g, evade);
            assert_eq!(g.state.board.hex(g.state.pos[bg as usize]), to);
            evaded += 1;
            assert!(
                g.state.pending.is_some()
                    || ev
                        .iter()
                        .any(|e| matches!(e, Event::ActivationEnded { .. })),
                "seed {seed}: the combats go on: {ev:?}"
            );
        }
        if rule == GunWhenHostEliminated::EvasionRoll {
            assert!(rolled > 0 && evaded > 0, "{rolled} rolled, {evaded} evaded");
        }
    }
}
