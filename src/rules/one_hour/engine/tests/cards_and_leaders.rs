//! The rulings of RULINGS-ONE-HOUR.md on chance cards, leaders,
//! reluctance, impetuous units and simultaneous fire, as in `rulings`:
//! one test or more per ruling, named after it.

use super::rulings::{charge_position, hits_of, mv, open, seek, shoot, to_movement};
use super::*;
use crate::scenario::HexsideFeature;
use UnitType::*;

fn card_game(effect: CardEffect, seed: u64) -> Game<OneHour> {
    let mut o = plain();
    o.decks = vec![Deck {
        side: SideId::new("French"),
        cards: vec![Card {
            title: "The card".into(),
            effect,
            text: String::new(),
        }],
    }];
    game(
        &OPEN,
        &[
            U("a", 0, LineInfantry, "0505", Dir::N),
            U("b", 0, LineInfantry, "0705", Dir::N),
            U("z", 1, LineInfantry, "0501", Dir::S),
        ],
        o,
        seed,
    )
}

#[test]
fn h41_enemy_panic_the_drawer_picks_an_enemy_unit_and_it_takes_1d3_hits() {
    let mut g = card_game(CardEffect::EnemyPanic { hits: Amount::D3 }, 1);
    let ev = run(&mut g, Command::Draw);
    let Some(Event::AmountRolled { face, amount }) = ev
        .iter()
        .find(|e| matches!(e, Event::AmountRolled { .. }))
        .cloned()
    else {
        panic!("{ev:?}");
    };
    assert_eq!(amount, face.div_ceil(2));
    assert_eq!(g.to_act(), 0, "the drawer chooses for a good card (H40)");
    let own = Command::ChooseCard {
        units: vec![0],
        mode: None,
        amount: None,
    };
    assert!(refused(&g, &own).contains("(H41)"));
    run(
        &mut g,
        Command::ChooseCard {
            units: vec![2],
            mode: None,
            amount: None,
        },
    );
    assert_eq!(g.state.hits[2], amount);
    assert_eq!(g.state.phase, Phase::Shoot);
}

#[test]
fn h40_h41_the_opponent_picks_which_units_may_not_move() {
    let mut g = card_game(
        CardEffect::MayNotMove {
            units: Amount::Fixed(1),
        },
        1,
    );
    run(&mut g, Command::Draw);
    assert_eq!(g.to_act(), 1, "the opponent chooses for a bad card (H40)");
    run(
        &mut g,
        Command::ChooseCard {
            units: vec![1],
            mode: None,
            amount: None,
        },
    );
    run(&mut g, Command::EndShooting);
    assert!(refused(&g, &mv(1, &["0704"])).contains("(H41)"));
    run(&mut g, mv(0, &["0504"]));
}

#[test]
fn h41_low_ammo_stops_fire_but_not_movement() {
    let mut g = card_game(
        CardEffect::LowAmmo {
            units: Amount::Fixed(2),
        },
        1,
    );
    g.state.set_pos(2, Some(b("0504")));
    run(&mut g, Command::Draw);
    run(
        &mut g,
        Command::ChooseCard {
            units: vec![0, 1],
            mode: None,
            amount: None,
        },
    );
    assert!(refused(&g, &shoot(0, 2)).contains("(H41)"));
}

#[test]
fn h41_double_action_shoot_twice() {
    let mut g = card_game(CardEffect::DoubleAction, 1);
    g.state.set_pos(2, Some(b("0503")));
    run(&mut g, Command::Draw);
    run(
        &mut g,
        Command::ChooseCard {
            units: vec![0],
            mode: Some(super::super::actions::DoubleMode::ShootTwice),
            amount: None,
        },
    );
    run(&mut g, shoot(0, 2));
    if g.state.pos[2].is_some() && g.state.pending.is_empty() {
        run(&mut g, shoot(0, 2));
        assert!(refused(&g, &shoot(0, 2)).contains("(H10)"));
    }
}

#[test]
fn h41_recover_removes_hits_from_the_drawers_units() {
    let mut g = card_game(
        CardEffect::Recover {
            units: Amount::Fixed(2),
            hits: Amount::D2,
        },
        1,
    );
    g.state.hits[0] = 2;
    run(&mut g, Command::Draw);
    assert!(
        refused(
            &g,
            &Command::ChooseCard {
                units: vec![1],
                mode: None,
                amount: None
            }
        )
        .contains("(H41)"),
        "no hits to remove"
    );
    let ev = run(
        &mut g,
        Command::ChooseCard {
            units: vec![0],
            mode: None,
            amount: None,
        },
    );
    let Some(Event::Recovered { face, hits, .. }) = ev.first() else {
        panic!("{ev:?}");
    };
    assert_eq!(*hits, face.div_ceil(3));
    assert_eq!(g.state.hits[0], 2 - hits);
}

#[test]
fn h43_an_empty_deck_is_reshuffled() {
    let mut g = card_game(CardEffect::NoEffect, 1);
    run(&mut g, Command::Draw);
    run(&mut g, Command::EndShooting);
    run(&mut g, Command::EndTurn);
    run(&mut g, Command::EndShooting);
    run(&mut g, Command::EndTurn);
    let ev = run(&mut g, Command::Draw);
    assert!(matches!(ev.first(), Some(Event::Shuffled { side: 0, .. })));
    assert_eq!(g.state.decks[0].len(), 1);
}

#[test]
fn h22_a_reluctant_unit_that_fails_may_not_advance() {
    let (g, ev) = seek(
        |seed| {
            let (mut s, m) = scenario(
                &OPEN,
                &[
                    U("a", 0, LineInfantry, "0505", Dir::N),
                    U("z", 1, LineInfantry, "0501", Dir::S),
                ],
                plain(),
            );
            if let Some(x) = &mut s.units[0].one_hour {
                x.reluctant = true;
            }
            let mut g: Game<OneHour> = Game::new(&s, &m, seed, ()).expect("starts");
            to_movement(&mut g);
            g
        },
        |g| run(g, mv(0, &["0504"])),
        |_, ev| matches!(ev.first(), Some(Event::Reluctant { passed: false, .. })),
    );
    assert_eq!(ev.len(), 1, "the move is not made: {ev:?}");
    assert_eq!(g.state.pos[0], Some(b("0505")));
    assert!(refused(&g, &mv(0, &["0504"])).contains("(H22)"));
    // It may still turn about.
    let turn = Command::Move {
        unit: 0,
        start: None,
        steps: Vec::new(),
        end: Some(Dir::S),
        column: false,
        leader: None,
    };
    assert!(g.state.check(&turn).is_ok());
}

#[test]
fn h24_a_leader_in_a_box_that_is_hit_is_lost_on_a_2() {
    let (g, ev) = seek(
        |seed| {
            let mut o = plain();
            o.leaders = vec![Leader {
                name: "Picton".into(),
                side: SideId::new("Allied"),
                commands: Commands::All,
                start: Some(b("0504")),
                arrives: None,
                force_fire_reroll: false,
                melee_reroll_miss: false,
            }];
            game(
                &OPEN,
                &[
                    U("guns", 0, Artillery, "0505", Dir::N),
                    U("z", 1, LineInfantry, "0504", Dir::S),
                ],
                o,
                seed,
            )
        },
        |g| run(g, shoot(0, 1)),
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::LeaderRisk { lost: true, .. }))
        },
    );
    let Some(Event::LeaderRisk { faces, .. }) = ev
        .iter()
        .find(|e| matches!(e, Event::LeaderRisk { lost: true, .. }))
    else {
        panic!();
    };
    assert_eq!(faces, &vec![1, 1]);
    assert!(g.state.leader_lost[0]);
}

#[test]
fn h30_an_impetuous_unit_that_charged_must_charge_again() {
    let mut g = charge_position(1, LineInfantry, Dir::S);
    g.state.obliged[0] = true;
    to_movement(&mut g);
    assert!(refused(&g, &mv(0, &["0505"])).contains("(H30)"));
    assert!(refused(&g, &Command::EndTurn).contains("(H30)"));
    // With no target it is released when step 3 begins.
    let mut g2 = game(
        &OPEN,
        &[
            U("cav", 0, Cavalry, "0506", Dir::N),
            U("z", 1, LineInfantry, "1201", Dir::S),
        ],
        plain(),
        1,
    );
    g2.state.obliged[0] = true;
    let ev = run(&mut g2, Command::EndShooting);
    assert!(ev.contains(&Event::Impetuous {
        unit: 0,
        obliged: false
    }));
}

/// H41: a Double action's two moves may end in a charge only with no
/// pivot between them; a pivot before the first move is allowed.
#[test]
fn h41_double_action_no_pivot_between_a_move_and_a_charge() {
    let deck = |o: &mut OneHourOptions| {
        o.decks = vec![Deck {
            side: SideId::new("French"),
            cards: vec![Card {
                title: "Twice".into(),
                effect: CardEffect::DoubleAction,
                text: String::new(),
            }],
        }];
    };
    let start = |start: &'static str| {
        let mut o = plain();
        deck(&mut o);
        let mut g = game(
            &OPEN,
            &[
                U("c", 0, Cavalry, start, Dir::E),
                U("z", 1, LineInfantry, "0606", Dir::S),
            ],
            o,
            1,
        );
        run(&mut g, Command::Draw);
        run(
            &mut g,
            Command::ChooseCard {
                units: vec![0],
                mode: Some(super::super::actions::DoubleMode::MoveTwice),
                amount: None,
            },
        );
        run(&mut g, Command::EndShooting);
        g
    };
    // Illegal: the first move ends with a pivot to the north.
    let mut g = start("0508");
    run(
        &mut g,
        Command::Move {
            unit: 0,
            start: None,
            steps: vec![b("0608")],
            end: Some(Dir::N),
            column: false,
            leader: None,
        },
    );
    let charge = Command::Charge {
        unit: 0,
        steps: vec![b("0607")],
        target: 1,
    };
    assert!(refused(&g, &charge).contains("(H41, H26)"));
    // Legal: the pivot comes before the first move's steps.
    let mut g = start("0508");
    run(
        &mut g,
        Command::Move {
            unit: 0,
            start: Some(Dir::N),
            steps: vec![b("0507")],
            end: None,
            column: false,
            leader: None,
        },
    );
    let charge = Command::Charge {
        unit: 0,
        steps: Vec::new(),
        target: 1,
    };
    assert_eq!(g.check(&charge), Ok(()));
    run(&mut g, charge);
}

/// A leader may arrive as a reinforcement (scenario data): off the map
/// until his side's player turn of his arrival turn, then in his entry
/// box; an enemy in that box keeps him waiting.
#[test]
fn h23_a_leader_arrives_as_a_reinforcement_unless_the_enemy_holds_his_box() {
    let with_leader = |enemy_in_box: bool| {
        let mut o = plain();
        o.leaders = vec![Leader {
            name: "Bulow".into(),
            side: SideId::new("French"),
            commands: Commands::All,
            start: Some(b("0708")),
            arrives: Some(2),
            force_fire_reroll: false,
            melee_reroll_miss: false,
        }];
        game(
            &OPEN,
            &[
                U("a", 0, LineInfantry, "0505", Dir::N),
                U(
                    "z",
                    1,
                    LineInfantry,
                    if enemy_in_box { "0708" } else { "0501" },
                    Dir::S,
                ),
            ],
            o,
            1,
        )
    };
    let mut g = with_leader(false);
    assert_eq!(g.state.leader_pos[0], None, "not on the map on turn 1");
    run(&mut g, Command::EndShooting);
    run(&mut g, Command::EndTurn);
    run(&mut g, Command::EndShooting);
    assert_eq!(
        g.state.leader_pos[0], None,
        "the Allied turn does not bring him"
    );
    let ev = run(&mut g, Command::EndTurn);
    assert!(ev.contains(&Event::LeaderArrived {
        leader: 0,
        at: b("0708")
    }));
    assert_eq!(g.state.leader_pos[0], Some(b("0708")));
    let mut g = with_leader(true);
    run(&mut g, Command::EndShooting);
    run(&mut g, Command::EndTurn);
    run(&mut g, Command::EndShooting);
    let ev = run(&mut g, Command::EndTurn);
    assert!(ev.contains(&Event::LeaderDelayed { leader: 0 }));
    assert_eq!(g.state.leader_pos[0], None);
    // A leader arriving with no box to enter by is refused by validation.
    let mut o = plain();
    o.leaders = vec![Leader {
        name: "Nowhere".into(),
        side: SideId::new("French"),
        commands: Commands::All,
        start: None,
        arrives: Some(2),
        force_fire_reroll: false,
        melee_reroll_miss: false,
    }];
    let (s, m) = super::scenario(&OPEN, &[U("a", 0, LineInfantry, "0505", Dir::N)], o);
    assert!(
        crate::scenario::validate(&s, &m)
            .iter()
            .any(|i| i.message.contains("no box to enter by (H23)")),
        "validation names the missing entry box"
    );
}

/// H9 option `simultaneous_fire`: both sides draw, then both shoot with
/// the hits held until all have fired (a unit the first side's fire will
/// rout still fires back), then the first side moves, then the second.
#[test]
fn h9_simultaneous_fire_holds_the_hits_until_both_sides_have_fired() {
    let start = |seed: u64| {
        let mut o = plain();
        o.turn_structure = crate::rules::one_hour::model::TurnStructure::SimultaneousFire;
        let mut g = game(
            &OPEN,
            &[
                U("a", 0, LineInfantry, "0505", Dir::N),
                U("z", 1, LineInfantry, "0504", Dir::S),
                // Far off, so the Allied army outlives z.
                U("y", 1, LineInfantry, "0101", Dir::S),
            ],
            o,
            seed,
        );
        // One more hit routs z.
        g.state.hits[1] = 5;
        g
    };
    // A seed whose first shot hits.
    let seed = (0..50)
        .find(|&seed| {
            let mut g = start(seed);
            let ev = run(&mut g, shoot(0, 1));
            ev.iter()
                .any(|e| matches!(e, Event::Shot { hits, .. } if *hits > 0))
        })
        .expect("a seed that hits");
    let mut g = start(seed);
    // Neither side has a deck: both card steps pass; the French fire.
    assert_eq!((g.state.phase.clone(), g.state.side), (Phase::Shoot, 0));
    run(&mut g, shoot(0, 1));
    assert_eq!(g.state.hits[1], 5, "the hits are held (H9)");
    assert_eq!(g.state.volley.len(), 1);
    // The legal side: French movement is not yet.
    assert!(refused(&g, &mv(0, &["0506"])).contains("(H9)"));
    run(&mut g, Command::EndShooting);
    assert_eq!((g.state.phase.clone(), g.state.side), (Phase::Shoot, 1));
    // z fires back though the French hits will rout it.
    run(&mut g, shoot(1, 0));
    let mut ev = run(&mut g, Command::EndShooting);
    // The choices the hits ask for (a bayonet advance, a retreat box)
    // are answered; the held hits go on taking effect after each.
    while !g.state.pending.is_empty() {
        let c = g
            .state
            .legal_commands()
            .into_iter()
            .next()
            .expect("an answer");
        ev.extend(run(&mut g, c));
    }
    assert!(
        ev.iter().any(|e| matches!(e, Event::Routed { unit: 1 })),
        "{ev:?}"
    );
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::VolleyHits { .. }))
            .count(),
        2,
        "{ev:?}"
    );
    assert!(g.state.volley.is_empty());
    // Then the French move, then the Allied, then turn 2.
    assert_eq!((g.state.phase.clone(), g.state.side), (Phase::Move, 0));
    run(&mut g, Command::EndTurn);
    assert_eq!((g.state.phase.clone(), g.state.side), (Phase::Move, 1));
    let ev = run(&mut g, Command::EndTurn);
    assert!(
        ev.contains(&Event::TurnBegan { turn: 2, side: 0 }),
        "{ev:?}"
    );
}

#[test]
fn h36_a_move_may_not_end_in_the_box_of_a_friend_that_faced_another_way() {
    // Issue 35 item 12: line infantry at 0506 facing N may not end in
    // 0505, held by a friend facing E ([L34-36], H36).
    let mut g = open(&[
        U("a", 0, LineInfantry, "0506", Dir::N),
        U("b", 0, LineInfantry, "0505", Dir::E),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ]);
    to_movement(&mut g);
    assert!(refused(&g, &mv(0, &["0505"])).contains("(H36)"));
    // A friend facing the same way may be swapped with.
    g.state.turn_facing[1] = Dir::N;
    g.state.facing[1] = Dir::N;
    assert!(g.state.check(&mv(0, &["0505"])).is_ok());
}

/// Every box and facing that a Move `check` accepts ends in, with no
/// other unit there, from unit `u`'s start pivot `start`: paths walked
/// step by step over the boxes ahead (and, in column, along roads).
fn accepted_ends(g: &Game<OneHour>, u: u16, start: Dir, column: bool) -> Vec<(Hex, Dir)> {
    let from = g.state.pos[u as usize].expect("on the map");
    let mut ends = Vec::new();
    let mut todo: Vec<(Vec<Hex>, Hex, Dir)> = vec![(Vec::new(), from, start)];
    while let Some((path, at, facing)) = todo.pop() {
        let cmd = Command::Move {
            unit: u,
            start: Some(start),
            steps: path.clone(),
            end: None,
            column,
            leader: None,
        };
        if g.state.check(&cmd).is_ok() && g.state.units_at(at).all(|o| o == u) {
            let plan = g.state.plan_move(&cmd).expect("checked");
            ends.push((at, plan.facing));
        }
        if path.len() >= 6 {
            continue;
        }
        let mut next: Vec<(Hex, Dir)> = super::geometry::steps_ahead(at, facing)
            .into_iter()
            .map(|s| (s.to, facing))
            .collect();
        if column {
            for d in crate::rules::one_hour::engine::board::FACINGS {
                if let Some(n) = super::geometry::BOXES.neighbour(at, d)
                    && g.state.board.road_between(at, n)
                {
                    next.push((n, d));
                }
            }
        }
        for (n, f) in next {
            if n != from && !path.contains(&n) {
                let mut p = path.clone();
                p.push(n);
                todo.push((p, n, f));
            }
        }
    }
    ends.sort_by_key(|&(h, d)| (h, d as u8));
    ends.dedup();
    ends
}

#[test]
fn h3_h36_reach_and_check_agree_on_random_positions() {
    // Issue 35 item 2 for One Hour: every box `reach` lists is a Move
    // `check` accepts, and every accepted move that ends in a box with
    // no other unit in it is listed, for each start pivot, deployed and
    // in column. (A move that ends for a moment in a friend's box, a
    // swap, is legal but never listed: the box is not a place to stay,
    // H36.) VEDETTE_REACH_POSITIONS=500 runs a longer sweep.
    let rows = [
        "............",
        "..T....W....",
        "...W........",
        "......T.....",
        "..m.........",
        "........W...",
        "............",
        "............",
    ];
    let want: u64 = std::env::var("VEDETTE_REACH_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(12, |n: u64| n / 4);
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let types = [
        LineInfantry,
        LightInfantry,
        Cavalry,
        HeavyCavalry,
        Artillery,
    ];
    let (mut tried, mut positions, mut compared) = (0u64, 0u64, 0u64);
    while positions < want && tried < want * 40 {
        tried += 1;
        let mut d = crate::engine::Dice::new(tried);
        let n = 3 + d.roll(5) as usize;
        let mut units = Vec::new();
        let mut taken = Vec::new();
        for i in 0..n {
            let at = format!("{:02}{:02}", d.roll(10) + 1, d.roll(8));
            if taken.contains(&at) {
                continue;
            }
            taken.push(at.clone());
            let facing = [Dir::N, Dir::E, Dir::S, Dir::W][d.roll(4) as usize - 1];
            let side = u8::from(i % 3 == 2);
            units.push(U(
                leak(format!("u{i}")),
                side,
                types[d.roll(5) as usize - 1],
                leak(at),
                facing,
            ));
        }
        if !units.iter().any(|u| u.1 == 1) || !units.iter().any(|u| u.1 == 0) {
            continue;
        }
        let (mut s, m) = scenario(&rows, &units, plain());
        // A road along row 7, and one diagonally across box corners
        // from 0308 to 0803 through the woods at 0404 and 0806 (H46), for
        // column-of-route moves.
        let mut m = m;
        let grid = m.grid();
        for c in 1..12 {
            if let Some(side) = grid.hexside(Hex::new(c, 7), Dir::E) {
                m.hexsides
                    .entry(side)
                    .or_default()
                    .insert(HexsideFeature::Road);
            }
        }
        for c in 3..8 {
            if let Some(side) = grid.hexside(Hex::new(c, 11 - c), Dir::NE) {
                m.hexsides
                    .entry(side)
                    .or_default()
                    .insert(HexsideFeature::Road);
            }
        }
        s.map = crate::scenario::MapSource::Inline(Box::new(m.clone()));
        if crate::scenario::validate(&s, &m)
            .iter()
            .any(|i| i.severity == crate::scenario::Severity::Error)
        {
            continue;
        }
        let Ok(mut g) = Game::<OneHour>::new(&s, &m, tried, ()) else {
            continue;
        };
        positions += 1;
        to_movement(&mut g);
        let side = g.state.side;
        for u in 0..g.state.pos.len() as u16 {
            if g.state.side_of(u) != side || g.state.pos[u as usize].is_none() {
                continue;
            }
            for start in [Dir::N, Dir::E, Dir::S, Dir::W] {
                for column in [false, true] {
                    let mut listed: Vec<(Hex, Dir)> = Vec::new();
                    for r in g.state.reach(u, start, column) {
                        let cmd = Command::Move {
                            unit: u,
                            start: Some(start),
                            steps: r.path.clone(),
                            end: None,
                            column,
                            leader: None,
                        };
                        if let Err(e) = g.state.check(&cmd) {
                            panic!("seed {tried}: unit {u} listed {} but: {e}", r.to);
                        }
                        compared += 1;
                        listed.push((r.to, r.facing));
                    }
                    if listed.is_empty() {
                        // A unit that may not move at all lists nothing.
                        continue;
                    }
                    for e in accepted_ends(&g, u, start, column) {
                        assert!(
                            e.0 == g.state.pos[u as usize].expect("on map") || listed.contains(&e),
                            "seed {tried}: unit {u} (start {start:?}, column {column}) can end at {} facing {:?}, not listed",
                            e.0,
                            e.1
                        );
                    }
                }
            }
        }
    }
    assert!(
        positions >= want.min(5),
        "only {positions} valid positions in {tried}"
    );
    assert!(compared > positions, "{compared} listed moves checked");
}

#[test]
fn h25_a_rerolled_shot_is_logged_in_the_order_it_happens() {
    // Issue 35 item 14: the roll (with the hits it gave), then the
    // reroll (with the hits it leaves), then the hits taking effect.
    let with_wellington = |seed: u64| {
        let mut o = plain();
        o.leaders = vec![Leader {
            name: "Wellington".into(),
            side: SideId::new("Allied"),
            commands: Commands::All,
            start: Some(b("0503")),
            arrives: None,
            force_fire_reroll: true,
            melee_reroll_miss: false,
        }];
        game(
            &OPEN,
            &[
                U("guns", 0, Artillery, "0505", Dir::N),
                U("z", 1, LineInfantry, "0504", Dir::S),
            ],
            o,
            seed,
        )
    };
    let (_, ev) = seek(
        with_wellington,
        |g| run(g, shoot(0, 1)),
        |_, ev| ev.iter().any(|e| matches!(e, Event::Rerolled { .. })),
    );
    let shot = ev
        .iter()
        .position(|e| matches!(e, Event::Shot { .. }))
        .expect("a shot");
    let reroll = ev
        .iter()
        .position(|e| matches!(e, Event::Rerolled { .. }))
        .expect("a reroll");
    assert_eq!(reroll, shot + 1, "the reroll follows the roll: {ev:?}");
    let (
        Event::Shot { dice, hits, .. },
        Event::Rerolled {
            from,
            to,
            hits: after,
            ..
        },
    ) = (&ev[shot], &ev[reroll])
    else {
        unreachable!()
    };
    assert!(
        dice.contains(from),
        "the roll shows the die as first rolled"
    );
    assert!(*from >= 3 && *to <= 6);
    let taken = hits_of(&ev);
    assert_eq!(Some(taken), *after, "the hits taken are the reroll's");
    if let Some(h) = ev.iter().position(|e| matches!(e, Event::Hits { .. })) {
        assert!(h > reroll, "the hits come after the reroll");
    }
    assert!(*hits >= taken, "a reroll only takes a hit away");
}

#[test]
fn h38_a_deck_of_no_cards_is_warned_of_and_the_log_says_there_is_none_to_draw() {
    // Issue 35 item 15.
    let mut o = plain();
    o.decks = vec![Deck {
        side: SideId::new("French"),
        cards: Vec::new(),
    }];
    let units = [
        U("a", 0, LineInfantry, "0505", Dir::N),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ];
    let (s, m) = super::scenario(&OPEN, &units, o.clone());
    let warned = crate::scenario::validate(&s, &m)
        .into_iter()
        .find(|i| i.message.contains("no cards"))
        .expect("a warning");
    assert_eq!(warned.severity, crate::scenario::Severity::Warning);
    assert!(warned.message.contains("(H38)"), "{}", warned.message);
    let g = game(&OPEN, &units, o, 1);
    let said: Vec<String> = g
        .history
        .iter()
        .flat_map(|(_, ev)| ev.iter())
        .chain(g.setup_events.iter())
        .map(|e| OneHour::event_sentence(g.board(), e))
        .collect();
    assert!(
        said.iter().any(|s| s.contains("no card to draw")),
        "{said:?}"
    );
}
