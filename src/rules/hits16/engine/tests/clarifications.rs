//! Tests of the 16-hits engine for the rule options and the later
//! clarifications of the rulings (M39-M55) and the bases and ratings
//! (M5, M6), as in the parent module: named after the rulings they show.

use super::*;

fn opts(f: impl FnOnce(&mut Hits16Options)) -> Hits16Options {
    let mut o = Hits16Options::default();
    f(&mut o);
    o
}

#[test]
fn m9_a_formation_change_is_not_a_move_so_guns_unlimber_and_fire() {
    let mut g = game(
        &OPEN,
        &[
            U("g", 0, Artillery, "0508", Some(Dir::N), Limbered),
            U("b", 1, Infantry, "0505", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    g.execute(&Command::Form {
        unit: "g".into(),
        formation: Unlimbered,
        facing: None,
    })
    .expect("unlimbers");
    assert_eq!(
        g.state.units[ix(&g, "g") as usize].facing,
        0,
        "keeps F (M9)"
    );
    to_phase(&mut g, Phase::Shooting);
    g.state
        .check(&Command::Shoot {
            unit: "g".into(),
            target: "b".into(),
        })
        .expect("fires the turn it unlimbered (M9)");
}

#[test]
fn m44_unlimbered_artillery_may_not_pivot() {
    let mut g = game(
        &OPEN,
        &[
            U("g", 0, Artillery, "0508", Some(Dir::N), Unlimbered),
            U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    let c = Command::Move {
        unit: "g".into(),
        start: None,
        path: Vec::new(),
        end: Some(Dir::NE),
    };
    assert_eq!(refusal(&g, &c).ruling, "M44");
}

#[test]
fn m13_a_general_alone_is_placed_by_his_owner_when_an_enemy_comes_next_to_him() {
    let o = opts(|o| {
        o.first_side = Some(SideId::new("British"));
        o.generals.push(Hits16General {
            id: "ney".into(),
            name: "Ney".into(),
            side: SideId::new("French"),
            hex: Some(h("0505")),
        });
    });
    let mut g = game(
        &OPEN,
        &[
            U("f", 0, Infantry, "0509", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0502", Some(Dir::S), AttackColumn),
        ],
        o,
    );
    to_phase(&mut g, Phase::Movement);
    let c = Command::Move {
        unit: "b".into(),
        start: None,
        path: vec![h("0503"), h("0504")],
        end: None,
    };
    let ev = g.execute(&c).expect("moves next to Ney").to_vec();
    assert!(
        ev.iter().any(|e| matches!(e, Event::Asked { .. })),
        "{ev:?}"
    );
    assert_eq!(g.state.to_act(), 0, "Ney's owner places him");
    let e = refusal(&g, &mv("b", &["0503"]));
    assert_eq!(e.ruling, "M11", "the choice comes first: {e}");
    g.execute(&Command::PlaceGeneral {
        general: "ney".into(),
        at: h("0509"),
    })
    .expect("with the nearest friendly unit");
    assert_eq!(g.state.board.hex(g.state.generals[0]), h("0509"));
}

#[test]
fn m29_no_charge_into_woods_and_only_infantry_into_a_town() {
    let mut rows = OPEN;
    rows[3] = ".....T.W....";
    let mut g = game(
        &rows,
        &[
            U("c", 0, HeavyCavalry, "0606", Some(Dir::N), CavalryLine),
            U("i", 0, Infantry, "0806", Some(Dir::N), AttackColumn),
            U("t", 1, Infantry, "0604", Some(Dir::S), AttackColumn),
            U("w", 1, Skirmishers, "0804", Some(Dir::S), Skirmish),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    let charge = |u: &str, t: &str, p: &str| Command::Charge {
        unit: u.into(),
        target: t.into(),
        path: vec![h(p)],
        facing: None,
    };
    let e = refusal(&g, &charge("c", "t", "0605"));
    assert_eq!(e.ruling, "M29", "{e}");
    assert!(e.text.contains("[L50]"), "{e}");
    let e = refusal(&g, &charge("i", "w", "0805"));
    assert_eq!(e.ruling, "M29", "{e}");
    assert!(e.text.contains("[L49]"), "{e}");
}

#[test]
fn m34_m54_a_unit_charged_in_the_rear_turns_to_face_but_a_square_never_does() {
    for square in [false, true] {
        let mut g = game(
            &OPEN,
            &[
                U("a", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
                U(
                    "b",
                    1,
                    Infantry,
                    "0505",
                    (!square).then_some(Dir::N),
                    if square { Square } else { AttackColumn },
                ),
            ],
            Hits16Options::default(),
        );
        to_phase(&mut g, Phase::Movement);
        g.execute(&Command::Charge {
            unit: "a".into(),
            target: "b".into(),
            path: Vec::new(),
            facing: None,
        })
        .expect("already in contact across its front (M51)");
        // The British Movement phase, the combat not yet fought.
        g.state.apply(&Event::TurnBegan { turn: 1, side: 1 });
        g.state.apply(&Event::PhaseBegan {
            phase: Phase::Movement,
        });
        let c = Command::TurnToFace {
            unit: "b".into(),
            toward: "a".into(),
        };
        if square {
            assert_eq!(refusal(&g, &c).ruling, "M54");
        } else {
            g.execute(&c).expect("turns to face [L105]");
            assert_eq!(g.state.units[ix(&g, "b") as usize].facing, 3, "faces S");
        }
    }
}

#[test]
fn m39_gap_counting_widens_the_march_ban() {
    let units = [
        U("a", 0, Infantry, "0508", Some(Dir::N), MarchColumn),
        U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
    ];
    let march = mv("a", &["0507", "0506", "0505", "0504"]);
    let mut g = game(&OPEN, &units, Hits16Options::default());
    to_phase(&mut g, Phase::Movement);
    g.state
        .check(&march)
        .expect("0504 is 3 from the enemy: clear");
    let mut g = game(
        &OPEN,
        &units,
        opts(|o| o.distance_count = crate::rules::hits16::model::DistanceCount::Gap),
    );
    to_phase(&mut g, Phase::Movement);
    let e = refusal(&g, &march);
    assert_eq!(
        e.ruling, "M17",
        "within 20 cm = distance 3 counting the gap: {e}"
    );
}

#[test]
fn m46_a_rally_with_nothing_to_recover_still_rolls() {
    let o = opts(|o| {
        o.generals.push(Hits16General {
            id: "ney".into(),
            name: "Ney".into(),
            side: SideId::new("French"),
            hex: Some(h("0506")),
        })
    });
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0505", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
        ],
        o,
    );
    let ev = g
        .execute(&Command::Rally {
            general: "ney".into(),
            unit: "a".into(),
        })
        .expect("rolls")
        .to_vec();
    assert!(
        matches!(ev[0], Event::Rallied { recovered: 0, .. }),
        "{ev:?}"
    );
    let e = refusal(
        &g,
        &Command::Rally {
            general: "ney".into(),
            unit: "a".into(),
        },
    );
    assert_eq!(e.ruling, "M12", "one roll a unit a phase: {e}");
}

#[test]
fn m47_a_general_rides_through_friends_but_never_shares_a_hex_with_another_general() {
    let o = opts(|o| {
        for (id, hex) in [("ney", "0508"), ("reille", "0505")] {
            o.generals.push(Hits16General {
                id: id.into(),
                name: id.into(),
                side: SideId::new("French"),
                hex: Some(h(hex)),
            });
        }
    });
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0507", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0101", Some(Dir::S), AttackColumn),
        ],
        o,
    );
    to_phase(&mut g, Phase::Movement);
    let ride = |p: &[&str]| Command::MoveGeneral {
        general: "ney".into(),
        path: p.iter().map(|x| h(x)).collect(),
    };
    assert_eq!(refusal(&g, &ride(&["0507", "0506", "0505"])).ruling, "M47");
    g.execute(&ride(&["0507", "0506"]))
        .expect("through his own infantry");
}

#[test]
fn m48_a_march_column_not_marching_may_charge() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0506", Some(Dir::N), MarchColumn),
            U("b", 1, Infantry, "0504", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    to_phase(&mut g, Phase::Movement);
    g.execute(&Command::Charge {
        unit: "a".into(),
        target: "b".into(),
        path: vec![h("0505")],
        facing: None,
    })
    .expect("a march column charges at its normal allowance");
}

#[test]
fn m52_with_hill_needs_higher_ground_a_roller_on_a_hill_takes_no_halving() {
    let (s, mut m) = scenario(
        &OPEN,
        &[
            U("a", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0505", Some(Dir::S), AttackColumn),
        ],
        opts(|o| o.hill_needs_higher_ground = true),
    );
    for x in ["0505", "0506"] {
        m.hexes.entry(h(x)).or_default().hill = true;
    }
    let mut s = s;
    s.map = MapSource::Inline(Box::new(m.clone()));
    let g = game_of(&s, &m, 1);
    assert!(!g.state.melee_odds(ix(&g, "a"), ix(&g, "b")).factors.half);
}

#[test]
fn m53_with_skirmishers_eliminated_a_charged_skirmisher_unit_goes_without_dice() {
    let mut g = game(
        &OPEN,
        &[
            U("a", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
            U("s", 1, Skirmishers, "0505", Some(Dir::S), Skirmish),
        ],
        opts(|o| {
            o.skirmishers_when_charged =
                crate::rules::hits16::model::SkirmishersWhenCharged::Eliminated;
            o.outnumbered_counts = crate::rules::hits16::model::OutnumberedCounts::Steps;
        }),
    );
    to_phase(&mut g, Phase::Movement);
    g.execute(&Command::Charge {
        unit: "a".into(),
        target: "s".into(),
        path: Vec::new(),
        facing: None,
    })
    .expect("charges (M28 by steps)");
    to_phase(&mut g, Phase::HandToHand);
    let ev = g
        .execute(&Command::Fight {
            unit: "a".into(),
            against: "s".into(),
        })
        .expect("fights")
        .to_vec();
    assert!(matches!(ev[0], Event::Overrun { .. }), "{ev:?}");
    assert!(!g.state.on_table(ix(&g, "s")));
}

#[test]
fn m55_a_unit_withdrawing_onto_a_friend_reforms_behind_it_and_both_take_1d3() {
    let mut seen = false;
    for seed in 0..30 {
        let (s, m) = scenario(
            &OPEN,
            &[
                U("c", 0, HeavyCavalry, "0504", Some(Dir::S), CavalryLine),
                U("b", 1, Infantry, "0505", Some(Dir::N), AttackColumn),
                U("f", 1, Infantry, "0506", Some(Dir::N), AttackColumn),
            ],
            Hits16Options::default(),
        );
        let mut g = game_of(&s, &m, seed);
        to_phase(&mut g, Phase::Movement);
        g.execute(&Command::Charge {
            unit: "c".into(),
            target: "b".into(),
            path: Vec::new(),
            facing: None,
        })
        .expect("charges");
        to_phase(&mut g, Phase::HandToHand);
        let ev = g
            .execute(&Command::Fight {
                unit: "c".into(),
                against: "b".into(),
            })
            .expect("fights")
            .to_vec();
        let (b, f) = (ix(&g, "b"), ix(&g, "f"));
        if let Some(Event::Withdrew { to, behind, .. }) = ev
            .iter()
            .find(|e| matches!(e, Event::Withdrew { unit, .. } if *unit == b))
        {
            seen = true;
            assert_eq!(*behind, Some(f));
            assert_eq!(
                g.state.board.hex(*to),
                h("0507"),
                "the hex beyond the friend"
            );
            let disrupted: Vec<u16> = ev
                .iter()
                .filter_map(|e| match e {
                    Event::Hit {
                        unit,
                        cause: super::types::Cause::Disruption,
                        hits,
                        ..
                    } => {
                        assert!((1..=3).contains(hits));
                        Some(*unit)
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(disrupted, vec![b, f], "both take 1D3 [L103]");
        }
    }
    assert!(seen, "a base lost within 30 seeds");
}

#[test]
fn m5_bases_left_are_4_less_bases_lost_skirmishers_8_less_two_a_step_artillery_one() {
    let (mut s, m) = scenario(
        &OPEN,
        &[
            U("i", 0, Infantry, "0508", Some(Dir::N), AttackColumn),
            U("s", 0, Skirmishers, "0608", Some(Dir::N), Skirmish),
            U("g", 0, Artillery, "0708", Some(Dir::N), Limbered),
            U("b", 1, Infantry, "0501", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    for (i, hits) in [(0, 9), (1, 5), (2, 13)] {
        if let Some(x) = s.units[i].hits16.as_mut() {
            x.hits = hits;
        }
    }
    let g = game_of(&s, &m, 1);
    let bases = |id: &str| g.state.bases(ix(&g, id));
    assert_eq!(
        (bases("i"), bases("s"), bases("g"), bases("b")),
        (2, 6, 1, 4)
    );
}

#[test]
fn m6_ratings_change_only_the_dice_modifiers() {
    let (mut s, m) = scenario(
        &OPEN,
        &[
            U("r", 0, Infantry, "0506", Some(Dir::N), AttackColumn),
            U("e", 0, Infantry, "0606", Some(Dir::N), AttackColumn),
            U("b", 1, Infantry, "0505", Some(Dir::S), AttackColumn),
        ],
        Hits16Options::default(),
    );
    if let Some(x) = s.units[0].hits16.as_mut() {
        x.rating = Rating::Raw;
    }
    if let Some(x) = s.units[1].hits16.as_mut() {
        x.rating = Rating::Elite;
    }
    let g = game_of(&s, &m, 1);
    let (r, e, b) = (ix(&g, "r"), ix(&g, "e"), ix(&g, "b"));
    // Attack column +1; Raw -1, Elite +1 (M32).
    assert_eq!(g.state.melee_odds(r, b).modifier(), 0);
    assert_eq!(g.state.melee_odds(e, b).modifier(), 2);
    assert_eq!(
        g.state.board.allowance(r),
        g.state.board.allowance(e),
        "no other effect"
    );
}
