//! One test (or more) per case of the rules, named after it. Positions are
//! built on a 10x10 clear map (flat-top, even columns lower); comments give
//! the geometry where it matters.

use super::*;

fn adv(unit: &str, to: &str) -> Command {
    Command::Advance {
        unit: unit.into(),
        to: h(to),
    }
}

fn ret(unit: &str, to: &str) -> Command {
    Command::Retreat {
        unit: unit.into(),
        to: h(to),
    }
}

fn pos(units: Vec<U>) -> Position {
    Position {
        units,
        ..Position::default()
    }
}

fn events_have(ev: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    ev.iter().any(f)
}

/// Ends phases until the given Game-Turn's phase of `side` begins.
fn advance_to(g: &mut Game, turn: u32, side: u8, phase: Phase) {
    for _ in 0..100 {
        if g.state.turn == turn && g.state.phasing == side && g.state.phase == phase {
            return;
        }
        let c = if g.state.phase == Phase::Movement {
            Command::EndMovement
        } else {
            Command::EndCombat
        };
        ok(g, c);
    }
    panic!("did not reach turn {turn}");
}

#[test]
fn case_3_0_sequence_of_play() {
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0505"),
        U("a1", 'A', 'i', 4, 4, "0909"),
    ]);
    p.turns = 2;
    let mut g = p.game(1);
    assert_eq!(
        (g.state.turn, g.state.phasing, g.state.phase),
        (1, 0, Phase::Movement)
    );
    refused(&mut g, attack(&["f1"], &[], &["a1"]), "3.0");
    ok(&mut g, Command::EndMovement);
    assert_eq!(
        (g.state.turn, g.state.phasing, g.state.phase),
        (1, 0, Phase::Combat)
    );
    refused(&mut g, mv("f1", &["0504"]), "3.0");
    ok(&mut g, Command::EndCombat);
    assert_eq!(
        (g.state.turn, g.state.phasing, g.state.phase),
        (1, 1, Phase::Movement)
    );
    refused(&mut g, mv("f1", &["0504"]), "4.0");
    ok(&mut g, Command::EndMovement);
    ok(&mut g, Command::EndCombat);
    assert_eq!(
        (g.state.turn, g.state.phasing, g.state.phase),
        (2, 0, Phase::Movement)
    );
    advance_to(&mut g, 2, 1, Phase::Combat);
    let ev = ok(&mut g, Command::EndCombat);
    assert!(
        matches!(g.state.outcome, Some(Outcome::Draw { .. })),
        "{ev:?}"
    );
    refused(&mut g, Command::EndMovement, "8.0");
}

#[test]
fn case_4_1_movement_allowance() {
    let p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0505"),
        U("f2", 'F', 'i', 4, 4, "0905"),
        U("a1", 'A', 'i', 4, 4, "0109"),
    ]);
    let mut g = p.game(1);
    let e = refused(
        &mut g,
        mv("f1", &["0504", "0503", "0502", "0501", "0601"]),
        "4.1",
    );
    assert_eq!(
        e,
        RuleError::NotEnoughMovement {
            unit: "f1".into(),
            need: 5,
            left: 4
        }
    );
    let ev = ok(&mut g, mv("f1", &["0504", "0503"]));
    assert_eq!(
        ev,
        vec![Event::Moved {
            unit: "f1".into(),
            path: vec![h("0504"), h("0503")],
            cost: 2
        }]
    );
    ok(&mut g, mv("f1", &["0502", "0501"]));
    refused(&mut g, mv("f1", &["0601"]), "4.1");
    // Units move one at a time: once another unit moves, f1 is done [4.0].
    ok(&mut g, mv("f2", &["0904"]));
    refused(&mut g, mv("f1", &["0502"]), "4.0");
    // Unused points are not kept for later phases.
    advance_to(&mut g, 2, 0, Phase::Movement);
    assert_eq!(
        g.state
            .movement_left(g.state.board.unit_ix(&"f2".into()).expect("f2")),
        4
    );
    refused(
        &mut g,
        mv("f2", &["0903", "0902", "0901", "0801", "0701"]),
        "4.1",
    );
}

#[test]
fn case_4_2_woods_entered_only_along_roads() {
    // 0505 is woods with a road across its north side (from 0504).
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0504"),
        U("f2", 'F', 'i', 4, 4, "0405"),
        U("a1", 'A', 'i', 4, 4, "0109"),
    ]);
    p.rows[4] = "....W.....";
    p.roads = vec![("0505", Dir::N)];
    let mut g = p.game(1);
    let f2 = g.state.board.unit_ix(&"f2".into()).expect("f2");
    // f2 reaches the woods only round by the road, through 0504.
    let into_woods = g
        .state
        .reachable(f2)
        .into_iter()
        .find(|r| r.hex == h("0505"))
        .expect("reachable by road");
    assert_eq!(into_woods.path, vec![h("0404"), h("0504"), h("0505")]);
    refused(&mut g, mv("f2", &["0505"]), "4.2");
    ok(&mut g, mv("f1", &["0505"]));
    // Leaving across a side without a road is refused too.
    refused(&mut g, mv("f1", &["0506"]), "4.2");
    ok(&mut g, mv("f1", &["0504"]));
}

/// [4.2] also binds retreats and advances: a defender in woods retreats only
/// along its road, and the attacker cannot follow across a roadless side.
#[test]
fn case_4_2_woods_in_retreat_and_advance() {
    // a1 on woods 0502 with a road north to 0501; 0401 and 0601 are woods
    // without roads; f1 attacks from 0503 (no road between).
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0504"),
        U("a1", 'A', 'i', 2, 4, "0502"),
    ]);
    p.rows[0] = "...W.W....";
    p.rows[1] = "....W.....";
    p.roads = vec![("0502", Dir::N)];
    let mut g = p.game(seed_rolling(1));
    ok(&mut g, mv("f1", &["0503"]));
    ok(&mut g, Command::EndMovement);
    // 4 against 2 doubled in woods: 1:1; a roll of 1 is Dr.
    let ev = ok(&mut g, attack(&["f1"], &[], &["a1"]));
    assert!(
        events_have(&ev, |e| *e
            == Event::CombatResult {
                result: CombatResult::Dr
            }),
        "{ev:?}"
    );
    let a1 = g.state.board.unit_ix(&"a1".into()).expect("a1");
    let options: Vec<Hex> = g
        .state
        .retreat_options(a1)
        .iter()
        .map(|(x, _)| g.state.board.hex(*x))
        .collect();
    assert_eq!(options, vec![h("0501")]);
    let e = refused(&mut g, ret("a1", "0601"), "6.4");
    assert!(
        e.to_string()
            .contains("woods are entered only across road hexsides"),
        "{e}"
    );
    let ev = ok(&mut g, ret("a1", "0501"));
    // f1 may not follow into the woods across a roadless side: no advance.
    assert!(
        !events_have(&ev, |e| matches!(e, Event::AdvanceOffered { .. })),
        "{ev:?}"
    );
    assert!(events_have(&ev, |e| *e == Event::AttackFinished));
}

#[test]
fn case_4_3_never_into_enemy_hexes() {
    let mut g = pos(vec![
        U("f1", 'F', 'c', 3, 5, "0507"),
        U("a1", 'A', 'i', 4, 4, "0504"),
    ])
    .game(1);
    let f1 = g.state.board.unit_ix(&"f1".into()).expect("f1");
    assert!(!g.state.reachable(f1).iter().any(|r| r.hex == h("0504")));
    refused(&mut g, mv("f1", &["0506", "0505", "0504"]), "4.3");
}

#[test]
fn case_4_4_stacking_only_in_passing() {
    let p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0505"),
        U("f2", 'F', 'i', 4, 4, "0507"),
        U("f3", 'F', 'i', 4, 4, "0905"),
        U("a1", 'A', 'i', 4, 4, "0101"),
    ]);
    let mut g = p.game(1);
    // Passing through a friendly unit is fine.
    ok(&mut g, mv("f1", &["0506", "0507", "0508"]));
    let mut g = p.game(1);
    // Stopping on it is fine while one of the two can still step off...
    refused(&mut g, mv("f1", &["0504", "0503", "0506", "0507"]), "4.0");
    ok(&mut g, mv("f1", &["0506", "0507"]));
    refused(&mut g, mv("f3", &["0904"]), "4.4");
    let e = refused(&mut g, Command::EndMovement, "4.4");
    assert!(
        e.to_string().contains("f1 and f2 at 0507") || e.to_string().contains("f2 and f1 at 0507"),
        "{e}"
    );
    ok(&mut g, mv("f1", &["0508"]));
    ok(&mut g, Command::EndMovement);
    // ...but not when neither could: f2 has already moved, and f1 would
    // arrive with no points left.
    let mut g = p.game(1);
    ok(&mut g, mv("f2", &["0508"]));
    let e = refused(&mut g, mv("f1", &["0605", "0606", "0607", "0508"]), "4.4");
    assert_eq!(
        e,
        RuleError::WouldStayStacked {
            unit: "f1".into(),
            hex: h("0508")
        }
    );
    ok(&mut g, mv("f1", &["0605", "0606", "0607"]));
}

#[test]
fn case_4_5_zones_of_control_stop_and_freeze() {
    // a1 at 0503; 0504 is in its ZOC; f2 at 0403 starts in it.
    let p = pos(vec![
        U("f1", 'F', 'c', 3, 5, "0506"),
        U("f2", 'F', 'i', 4, 4, "0403"),
        U("a1", 'A', 'i', 4, 4, "0503"),
    ]);
    let mut g = p.game(1);
    let f1 = g.state.board.unit_ix(&"f1".into()).expect("f1");
    let reach = g.state.reachable(f1);
    let at = |x: &str| reach.iter().find(|r| r.hex == h(x)).cloned();
    assert!(at("0504").is_some_and(|r| r.stops && r.cost == 2));
    // Hexes only reachable through 0504 are not offered.
    assert!(at("0404").is_some_and(|r| r.path.len() <= 3 && !r.path.contains(&h("0504"))));
    refused(&mut g, mv("f1", &["0505", "0504", "0604"]), "4.5");
    let f2 = g.state.board.unit_ix(&"f2".into()).expect("f2");
    assert!(g.state.reachable(f2).is_empty());
    let e = refused(&mut g, mv("f2", &["0303"]), "4.5");
    assert_eq!(
        e.to_string(),
        "may not move: f2 is in an enemy Zone of Control [4.5]"
    );
    ok(&mut g, mv("f1", &["0505", "0504"]));
    refused(&mut g, mv("f1", &["0404"]), "4.5");
}

#[test]
fn case_4_6_units_never_leave_the_map() {
    let mut g = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0502"),
        U("a1", 'A', 'i', 1, 4, "0909"),
    ])
    .game(1);
    refused(&mut g, mv("f1", &["0501", "0500"]), "4.6");
    // A unit that must retreat and has only the map edge is eliminated.
    // a1 in the corner 0101, f1 south of it; 0201 is in f1's ZOC.
    let mut g = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0103"),
        U("a1", 'A', 'i', 4, 4, "0101"),
    ])
    .game(seed_rolling(1));
    ok(&mut g, mv("f1", &["0102"]));
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack(&["f1"], &[], &["a1"]));
    assert!(
        events_have(
            &ev,
            |e| matches!(e, Event::Eliminated { unit, case, .. } if unit.as_str() == "a1" && case == "6.4")
        ),
        "{ev:?}"
    );
    assert_eq!(pos_of(&g, "a1"), Pos::Eliminated);
}

/// Two attackers and two defenders for the combat cases: a1 on 0505, a2 on
/// 0604 (adjacent to each other); f3 on 0605 touches both; f1 on 0506
/// touches a1 only.
fn line() -> Position {
    pos(vec![
        U("f1", 'F', 'i', 4, 4, "0506"),
        U("f3", 'F', 'i', 4, 4, "0605"),
        U("a1", 'A', 'i', 4, 4, "0505"),
        U("a2", 'A', 'i', 4, 4, "0604"),
    ])
}

#[test]
fn case_5_1_attacks_are_mandatory() {
    let mut g = line().game(1);
    let ev = ok(&mut g, Command::EndMovement);
    assert_eq!(
        ev[0],
        Event::ObligationsFixed {
            must_attack: vec!["f1".into(), "f3".into()],
            must_be_attacked: vec!["a1".into(), "a2".into()],
        }
    );
    let e = refused(&mut g, Command::EndCombat, "5.1");
    assert!(e.to_string().contains("f1, f3 must still attack"), "{e}");
    // f3 alone on a1 would leave f1 with nobody to attack.
    refused(&mut g, attack(&["f3"], &[], &["a1"]), "5.1");
    // The engine can always propose a complete assignment (RULINGS R7).
    let plan = g.state.suggest_attacks(None).expect("a plan exists");
    assert_eq!(plan.len(), 2);
    for p in plan {
        let c = Command::Attack {
            attackers: p
                .attackers
                .iter()
                .map(|&u| g.state.board.unit(u).id.clone())
                .collect(),
            bombarding: vec![],
            defenders: p
                .defenders
                .iter()
                .map(|&u| g.state.board.unit(u).id.clone())
                .collect(),
            column: Some(Odds::new(1, 5)),
        };
        ok(&mut g, c);
        while g.state.pending.is_some() {
            let next = g
                .state
                .legal_commands()
                .into_iter()
                .last()
                .expect("a decision");
            ok(&mut g, next);
        }
    }
    ok(&mut g, Command::EndCombat);
}

#[test]
fn case_5_2_one_attack_per_unit() {
    let mut g = line().game(1);
    ok(&mut g, Command::EndMovement);
    refused(&mut g, attack(&["f1", "f1"], &[], &["a1"]), "5.2");
    ok(&mut g, attack_at(&["f1"], &[], &["a1"], (1, 5)));
    ok(&mut g, Command::DeclineAdvance);
    refused(&mut g, attack(&["f3"], &[], &["a1"]), "5.2");
    ok(&mut g, attack(&["f3"], &[], &["a2"]));
}

#[test]
fn case_5_3_several_units_attack_together() {
    let mut g = line().game(1);
    ok(&mut g, Command::EndMovement);
    // f1 and f3 on a1 would leave a2 unattacked; f3 must take both.
    refused(&mut g, attack(&["f1", "f3"], &[], &["a1"]), "5.1");
    let st = &g.state;
    let ix = |x: &str| st.board.unit_ix(&x.into()).expect("unit");
    let odds = st.odds(&[ix("f1"), ix("f3")], &[], &[ix("a1")], None);
    assert_eq!(
        (odds.attack, odds.defence, odds.ratio.as_str()),
        (8, 4, "2:1")
    );
}

#[test]
fn case_5_4_combined_attacks_need_every_attacker_adjacent_to_every_defender() {
    let mut g = line().game(1);
    ok(&mut g, Command::EndMovement);
    let e = refused(&mut g, attack(&["f1", "f3"], &[], &["a1", "a2"]), "5.4");
    assert_eq!(
        e,
        RuleError::NotAdjacentToDefender {
            attacker: "f1".into(),
            defender: "a2".into()
        }
    );
    // f3 alone may attack both; f1 then attacks... nobody is left: refused.
    refused(&mut g, attack(&["f3"], &[], &["a1", "a2"]), "5.1");
}

#[test]
fn case_5_5_strength_is_indivisible() {
    let mut g = line().game(1);
    ok(&mut g, Command::EndMovement);
    // A unit's whole strength counts in the one attack it makes.
    let ev = ok(&mut g, attack_at(&["f1"], &[], &["a1"], (1, 5)));
    assert!(
        events_have(&ev, |e| matches!(
            e,
            Event::AttackDeclared {
                attack: 4,
                defence: 4,
                ..
            }
        )),
        "{ev:?}"
    );
    refused(&mut g, attack(&["f1"], &[], &["a2"]), "6.6");
}

/// Artillery at range two: fa on 0503 bombards a1 on 0505 over 0504.
fn battery(rows04: &'static str) -> Position {
    let mut p = pos(vec![
        U("fa", 'F', 'a', 3, 3, "0503"),
        U("fb", 'F', 'a', 3, 3, "0708"),
        U("a1", 'A', 'i', 2, 4, "0505"),
        U("a3", 'A', 'i', 2, 4, "0709"),
    ]);
    p.rows[3] = rows04;
    p
}

#[test]
fn case_5_6_bombardment_at_two_hexes_not_from_a_zoc_with_line_of_sight() {
    let mut g = battery("..........").game(1);
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack(&[], &["fa"], &["a1"]));
    assert!(
        events_have(&ev, |e| matches!(
            e,
            Event::AttackDeclared {
                attack: 3,
                defence: 2,
                ..
            }
        )),
        "{ev:?}"
    );
}

#[test]
fn case_5_6_refusals() {
    let mut g = battery("..........").game(1);
    ok(&mut g, Command::EndMovement);
    refused(&mut g, attack(&[], &["fb"], &["a1"]), "5.6");
    let e = refused(&mut g, attack(&[], &["fb"], &["a3"]), "5.6");
    assert_eq!(e, RuleError::BombardFromZoc("fb".into()));
    // Woods on 0504 between fa and a1 block the line of sight.
    let mut g = battery("....W.....").game(1);
    ok(&mut g, Command::EndMovement);
    let e = refused(&mut g, attack(&[], &["fa"], &["a1"]), "5.6");
    assert_eq!(
        e,
        RuleError::NoLineOfSight {
            unit: "fa".into(),
            defender: "a1".into()
        }
    );
}

#[test]
fn case_5_6_line_of_sight_along_a_hexside() {
    // From 0705 to 0505 the line runs between 0604 and 0605. Woods on 0604
    // alone do not block by default (RULINGS R2), and do with the option.
    let build = |los: crate::rules::naw::model::LineOfSight| {
        let mut p = pos(vec![
            U("fa", 'F', 'a', 3, 3, "0705"),
            U("a1", 'A', 'i', 2, 4, "0505"),
        ]);
        p.rows[3] = ".....W....";
        p.options.line_of_sight = los;
        p
    };
    let mut g = build(crate::rules::naw::model::LineOfSight::BlockedIfAllBlock).game(1);
    ok(&mut g, Command::EndMovement);
    ok(&mut g, attack(&[], &["fa"], &["a1"]));
    let mut g = build(crate::rules::naw::model::LineOfSight::BlockedIfAnyBlocks).game(1);
    ok(&mut g, Command::EndMovement);
    refused(&mut g, attack(&[], &["fa"], &["a1"]), "5.6");
}

#[test]
fn case_5_7_bombardment_alone_hits_one_hex() {
    // fa on 0503 has a1 (0505) and a2 (0604) both at range two.
    let mut g = pos(vec![
        U("fa", 'F', 'a', 3, 3, "0503"),
        U("a1", 'A', 'i', 2, 4, "0505"),
        U("a2", 'A', 'i', 2, 4, "0604"),
    ])
    .game(1);
    ok(&mut g, Command::EndMovement);
    refused(&mut g, attack(&[], &["fa"], &["a1", "a2"]), "5.7");
    ok(&mut g, attack(&[], &["fa"], &["a1"]));
}

#[test]
fn case_5_8_bombardment_joins_an_adjacent_attack() {
    // f3 on 0605 touches a1 and a2; fa on 0507 has only a1 in range.
    let mut p = line();
    p.units.retain(|u| u.0 != "f1");
    p.units.push(U("fa", 'F', 'a', 3, 3, "0507"));
    let mut g = p.game(1);
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack(&["f3"], &["fa"], &["a1", "a2"]));
    assert!(
        events_have(&ev, |e| matches!(
            e,
            Event::AttackDeclared {
                attack: 7,
                defence: 8,
                ..
            }
        )),
        "{ev:?}"
    );
}

#[test]
fn case_6_1_and_6_2_printed_examples_reproduce() {
    // The rules' printed combat examples, kept with the project's test data.
    let text = include_str!("../../../../../tests/data/naw_examples.json");
    let doc: serde_json::Value = serde_json::from_str(text).expect("json");
    let examples = doc["examples"].as_array().expect("examples");
    assert!(examples.len() >= 27);
    for ex in examples {
        let id = ex["id"].as_str().unwrap_or("?");
        let Some(expected) = ex["expected_odds"].as_str() else {
            continue;
        };
        let attackers: Vec<u32> = ex["attackers"]
            .as_array()
            .expect("a")
            .iter()
            .map(|a| a["cs"].as_u64().expect("cs") as u32)
            .collect();
        let defenders: Vec<(u32, bool)> = ex["defenders"]
            .as_array()
            .expect("d")
            .iter()
            .map(|d| {
                (
                    d["cs"].as_u64().expect("cs") as u32,
                    d["terrain"].as_str() == Some("town"),
                )
            })
            .collect();
        // Attackers on row 1, defenders on row 9 (towns where the example
        // says so); odds do not depend on where they stand otherwise.
        let mut p = Position::default();
        let mut units = Vec::new();
        const A: [&str; 6] = ["0101", "0201", "0301", "0401", "0501", "0601"];
        const D: [&str; 3] = ["0109", "0309", "0509"];
        for (i, &cs) in attackers.iter().enumerate() {
            units.push(U(
                ["x0", "x1", "x2", "x3", "x4", "x5"][i],
                'F',
                'i',
                cs,
                4,
                A[i],
            ));
        }
        let mut row = "..........".to_string();
        for (i, &(cs, town)) in defenders.iter().enumerate() {
            units.push(U(["d0", "d1", "d2"][i], 'A', 'i', cs, 4, D[i]));
            if town {
                row.replace_range(i * 2..i * 2 + 1, "T");
            }
        }
        p.rows[8] = Box::leak(row.into_boxed_str());
        p.units = units;
        let g = p.game(1);
        let st = &g.state;
        let att: Vec<_> = (0..attackers.len() as u16).collect();
        let def: Vec<_> =
            (attackers.len() as u16..(attackers.len() + defenders.len()) as u16).collect();
        let odds = st.odds(&att, &[], &def, None);
        assert_eq!(
            odds.attack as u64,
            ex["attack_total"].as_u64().expect("a"),
            "{id}"
        );
        assert_eq!(
            odds.defence as u64,
            ex["defence_total_effective"].as_u64().expect("d"),
            "{id}"
        );
        assert_eq!(odds.ratio, expected, "{id}");
        assert_eq!(
            st.board.crt.columns[odds.column].to_string(),
            expected,
            "{id}"
        );
    }
}

#[test]
fn case_6_2_rounding_clamping_and_voluntary_reduction() {
    let cols = crate::rules::naw::model::crt().columns;
    let col = |a, d| cols[column_for(&cols, a, d)].to_string();
    assert_eq!(col(11, 4), "2:1");
    assert_eq!(col(5, 6), "1:2");
    assert_eq!(col(1, 6), "1:5");
    assert_eq!(col(1, 60), "1:5");
    assert_eq!(col(7, 1), "6:1");
    assert_eq!(col(70, 1), "6:1");
    let mut g = pos(vec![
        U("f1", 'F', 'i', 2, 4, "0506"),
        U("a1", 'A', 'i', 2, 4, "0505"),
    ])
    .game(1);
    ok(&mut g, Command::EndMovement);
    let e = refused(&mut g, attack_at(&["f1"], &[], &["a1"], (3, 1)), "6.2");
    assert_eq!(
        e,
        RuleError::NotLowerColumn {
            wanted: Odds::new(3, 1),
            actual: Odds::new(1, 1)
        }
    );
    refused(&mut g, attack_at(&["f1"], &[], &["a1"], (7, 1)), "6.2");
    let ev = ok(&mut g, attack_at(&["f1"], &[], &["a1"], (1, 3)));
    assert!(events_have(
        &ev,
        |e| matches!(e, Event::AttackDeclared { column, .. } if *column == Odds::new(1, 3))
    ));
}

/// f1 (4) and f2 (2) on 0506 and 0406 against a1 (2) on 0505: 3:1.
fn duel(roll: u32) -> Game {
    let mut g = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0506"),
        U("f2", 'F', 'i', 2, 4, "0405"),
        U("a1", 'A', 'i', 2, 4, "0505"),
    ])
    .game(seed_rolling(roll));
    ok(&mut g, Command::EndMovement);
    g
}

fn result_of(ev: &[Event]) -> Option<CombatResult> {
    ev.iter().find_map(|e| match e {
        Event::CombatResult { result } => Some(*result),
        _ => None,
    })
}

#[test]
fn case_6_3_attacker_eliminated() {
    let mut g = duel(1);
    let ev = ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (1, 5)));
    assert_eq!(result_of(&ev), Some(CombatResult::Ae));
    assert_eq!(
        (pos_of(&g, "f1"), pos_of(&g, "f2")),
        (Pos::Eliminated, Pos::Eliminated)
    );
    assert_eq!(g.state.losses, [6, 0]);
    // The defender may advance into a vacated hex.
    assert!(events_have(
        &ev,
        |e| matches!(e, Event::AdvanceOffered { side, .. } if side.as_str() == "Allied")
    ));
    assert_eq!(g.state.to_act(), 1);
    ok(&mut g, adv("a1", "0506"));
}

#[test]
fn case_6_3_attacker_retreats() {
    let mut g = duel(1);
    let ev = ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (1, 3)));
    assert_eq!(result_of(&ev), Some(CombatResult::Ar));
    assert_eq!(g.state.to_act(), 0, "the owner chooses the retreat [6.4]");
    refused(&mut g, Command::EndCombat, "6.4");
    ok(&mut g, ret("f1", "0507"));
    ok(&mut g, ret("f2", "0306"));
    ok(&mut g, Command::DeclineAdvance);
    assert!(g.state.pending.is_none());
}

#[test]
fn case_6_3_exchange() {
    let mut g = duel(6);
    let ev = ok(&mut g, attack(&["f1", "f2"], &[], &["a1"]));
    assert_eq!(result_of(&ev), Some(CombatResult::Ee));
    assert!(events_have(&ev, |e| matches!(
        e,
        Event::LossesRequired { at_least: 2, .. }
    )));
    let e = refused(
        &mut g,
        Command::ChooseLosses {
            units: vec!["f1".into(), "f2".into()],
        },
        "6.3",
    );
    assert!(e.to_string().contains("not needed"), "{e}");
    refused(
        &mut g,
        Command::ChooseLosses {
            units: vec!["a1".into()],
        },
        "6.3",
    );
    ok(
        &mut g,
        Command::ChooseLosses {
            units: vec!["f2".into()],
        },
    );
    assert_eq!(g.state.losses, [2, 2]);
    assert_eq!(pos_of(&g, "a1"), Pos::Eliminated);
    // The survivor may advance.
    ok(&mut g, adv("f1", "0505"));
}

#[test]
fn case_6_3_defender_retreats() {
    let mut g = duel(1);
    let ev = ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (2, 1)));
    assert_eq!(result_of(&ev), Some(CombatResult::Dr));
    assert_eq!(g.state.to_act(), 1);
    ok(&mut g, ret("a1", "0504"));
    ok(&mut g, adv("f1", "0505"));
}

#[test]
fn case_6_3_defender_eliminated() {
    let mut g = duel(1);
    let ev = ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (3, 1)));
    assert_eq!(result_of(&ev), Some(CombatResult::De));
    assert_eq!(g.state.losses, [0, 2]);
    ok(&mut g, Command::DeclineAdvance);
    ok(&mut g, Command::EndCombat);
}

#[test]
fn case_6_4_retreats_only_into_safe_hexes_chosen_by_the_owner() {
    let mut g = duel(1);
    ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (2, 1)));
    let a1 = g.state.board.unit_ix(&"a1".into()).expect("a1");
    let mut safe: Vec<String> = g
        .state
        .retreat_options(a1)
        .iter()
        .map(|(x, _)| g.state.board.hex(*x).label())
        .collect();
    safe.sort();
    // 0404 touches f2 (0405) and 0605 touches f1 (0506): not safe.
    assert_eq!(safe, ["0504", "0604"]);
    let e = refused(&mut g, ret("a1", "0404"), "6.4");
    assert!(e.to_string().contains("Zone of Control"), "{e}");
    // With the Victor option the attacker chooses.
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0506"),
        U("f2", 'F', 'i', 2, 4, "0405"),
        U("a1", 'A', 'i', 2, 4, "0505"),
    ]);
    p.options.retreat_chooser = crate::rules::naw::model::RetreatChooser::Victor;
    let mut g = p.game(seed_rolling(1));
    ok(&mut g, Command::EndMovement);
    ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (2, 1)));
    assert_eq!(g.state.to_act(), 0);
}

#[test]
fn case_6_5_displacement_chain() {
    // a1 on 0202 attacked from 0203 and 0303: its safe hexes 0201 and 0102
    // hold a2 and a3; a2 can itself retreat to 0101 or 0301.
    let p = pos(vec![
        U("f1", 'F', 'i', 6, 4, "0203"),
        U("f2", 'F', 'i', 6, 4, "0303"),
        U("a1", 'A', 'i', 2, 4, "0202"),
        U("a2", 'A', 'i', 2, 4, "0201"),
        U("a3", 'A', 'i', 2, 4, "0102"),
    ]);
    let mut g = p.game(seed_rolling(1));
    ok(&mut g, Command::EndMovement);
    // 12 against 2: 6:1 lowered to 2:1, roll 1: Dr.
    let ev = ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (2, 1)));
    assert_eq!(result_of(&ev), Some(CombatResult::Dr));
    let a1 = g.state.board.unit_ix(&"a1".into()).expect("a1");
    let options = g.state.retreat_options(a1);
    assert!(
        options.iter().all(|(_, d)| d.is_some()),
        "only displacements are possible: {options:?}"
    );
    let ev = ok(&mut g, ret("a1", "0201"));
    assert!(events_have(
        &ev,
        |e| matches!(e, Event::RetreatRequired { unit, displaced: true, .. } if unit.as_str() == "a2")
    ));
    refused(&mut g, ret("a1", "0102"), "6.4");
    ok(&mut g, ret("a2", "0101"));
    assert_eq!(hex_of(&g, "a1"), Some(h("0201")));
}

#[test]
fn case_6_5_a_displacement_chain_never_comes_back() {
    // a1 (0505) is attacked from 0506; its only safe hex is a2's 0504. From
    // there the chain can run 0504 -> 0503 (a3) -> 0603 (a4) -> 0703 (empty),
    // and 0504, 0503 and 0603 touch one another, so without a limit a3
    // could displace a1 again, a1 then a2, and so for ever (seen in batch
    // play). A unit that has retreated in this attack is not displaced
    // again, so the chain ends [6.5].
    let mut p = pos(vec![
        U("f1", 'F', 'i', 6, 4, "0506"),
        U("a1", 'A', 'i', 2, 4, "0505"),
        U("a2", 'A', 'i', 2, 4, "0504"),
        U("a3", 'A', 'i', 2, 4, "0503"),
        U("a4", 'A', 'i', 2, 4, "0603"),
    ]);
    // Woods (no roads) close every other way out.
    p.rows[1] = "...WWW....";
    p.rows[2] = "...W......";
    p.rows[3] = "...W.WW...";
    p.exits = vec!["0901"];
    let mut g = p.game(seed_rolling(1));
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack_at(&["f1"], &[], &["a1"], (2, 1)));
    assert_eq!(result_of(&ev), Some(CombatResult::Dr));
    ok(&mut g, ret("a1", "0504"));
    ok(&mut g, ret("a2", "0503"));
    let a3 = g.state.board.unit_ix(&"a3".into()).expect("a3");
    let options: Vec<Hex> = g
        .state
        .retreat_options(a3)
        .iter()
        .map(|(x, _)| g.state.board.hex(*x))
        .collect();
    assert_eq!(options, vec![h("0603")]);
    refused(&mut g, ret("a3", "0504"), "6.4");
    ok(&mut g, ret("a3", "0603"));
    ok(&mut g, ret("a4", "0703"));
    ok(&mut g, Command::DeclineAdvance);
    assert!(g.state.pending.is_none());
    assert_eq!(
        ["a1", "a2", "a3", "a4"].map(|u| hex_of(&g, u)),
        ["0504", "0503", "0603", "0703"].map(|x| Some(h(x)))
    );
}

#[test]
fn case_6_5_displacement_needs_a_hex_for_the_displaced_unit() {
    // As above, but 0101 and 0301 are woods without roads: neither a2 nor
    // a3 could make room, so a1 is eliminated instead of displacing.
    let mut p = pos(vec![
        U("f1", 'F', 'i', 6, 4, "0203"),
        U("f2", 'F', 'i', 6, 4, "0303"),
        U("a1", 'A', 'i', 2, 4, "0202"),
        U("a2", 'A', 'i', 2, 4, "0201"),
        U("a3", 'A', 'i', 2, 4, "0102"),
    ]);
    p.rows[0] = "W.W.......";
    p.exits = vec!["0901"];
    let mut g = p.game(seed_rolling(1));
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (2, 1)));
    assert_eq!(result_of(&ev), Some(CombatResult::Dr));
    assert!(
        events_have(
            &ev,
            |e| matches!(e, Event::Eliminated { unit, case, .. } if unit.as_str() == "a1" && case == "6.4")
        ),
        "{ev:?}"
    );
    assert_eq!(
        (hex_of(&g, "a2"), hex_of(&g, "a3")),
        (Some(h("0201")), Some(h("0102")))
    );
}

#[test]
fn case_6_6_advance_after_combat() {
    let mut g = duel(1);
    ok(&mut g, attack_at(&["f1", "f2"], &[], &["a1"], (3, 1)));
    let e = refused(&mut g, adv("f1", "0507"), "6.6");
    assert!(e.to_string().contains("vacated"), "{e}");
    refused(&mut g, adv("a1", "0505"), "6.6");
    ok(&mut g, adv("f2", "0505"));
    // One unit only.
    refused(&mut g, adv("f1", "0505"), "6.0");
    assert_eq!(hex_of(&g, "f2"), Some(h("0505")));
}

#[test]
fn case_6_7_combat_movement_costs_no_movement_points() {
    let mut g = pos(vec![
        U("f1", 'F', 'i', 6, 4, "0509"),
        U("a1", 'A', 'i', 1, 4, "0504"),
    ])
    .game(seed_rolling(1));
    ok(&mut g, mv("f1", &["0508", "0507", "0506", "0505"]));
    ok(&mut g, Command::EndMovement);
    ok(&mut g, attack(&["f1"], &[], &["a1"]));
    ok(&mut g, adv("f1", "0504"));
}

#[test]
fn case_6_8_bombarding_artillery_is_immune() {
    // Exchange with bombardment only: nothing lost by the guns.
    let mut g = pos(vec![
        U("fa", 'F', 'a', 3, 3, "0503"),
        U("a1", 'A', 'i', 1, 4, "0505"),
    ])
    .game(seed_rolling(6));
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack(&[], &["fa"], &["a1"]));
    assert_eq!(result_of(&ev), Some(CombatResult::Ee));
    assert_eq!(
        pos_of(&g, "fa"),
        Pos::OnMap(g.state.board.ix(h("0503")).expect("hex"))
    );
    assert_eq!(pos_of(&g, "a1"), Pos::Eliminated);
    assert_eq!(g.state.losses, [0, 1]);
    // With an adjacent attacker on Ae: the attacker dies, the guns may
    // retreat voluntarily or hold.
    let mut g = pos(vec![
        U("fa", 'F', 'a', 3, 3, "0503"),
        U("f1", 'F', 'i', 1, 4, "0506"),
        U("a1", 'A', 'i', 6, 4, "0505"),
    ])
    .game(1);
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack(&["f1"], &["fa"], &["a1"]));
    assert_eq!(result_of(&ev), Some(CombatResult::Ae));
    assert_eq!(pos_of(&g, "f1"), Pos::Eliminated);
    assert!(events_have(&ev, |e| matches!(
        e,
        Event::RetreatRequired { optional: true, .. }
    )));
    ok(&mut g, Command::HoldPosition { unit: "fa".into() });
    assert!(hex_of(&g, "fa").is_some());
}

fn prussians() -> Position {
    let mut p = pos(vec![
        U("f1", 'F', 'c', 2, 5, "0101"),
        U("p1", 'A', 'i', 4, 4, "T3"),
        U("p2", 'A', 'i', 4, 4, "T3"),
    ]);
    p.entry = vec!["1005", "1007"];
    p
}

#[test]
fn case_7_0_reinforcements_arrive_on_their_turn() {
    let mut g = prussians().game(1);
    advance_to(&mut g, 2, 1, Phase::Movement);
    refused(
        &mut g,
        Command::Enter {
            unit: "p1".into(),
            hex: h("1005"),
        },
        "7.0",
    );
    advance_to(&mut g, 3, 1, Phase::Movement);
    let avail = g.state.available_reinforcements();
    assert_eq!(avail.len(), 2);
    refused(
        &mut g,
        Command::Enter {
            unit: "p1".into(),
            hex: h("1006"),
        },
        "7.0",
    );
    ok(
        &mut g,
        Command::Enter {
            unit: "p1".into(),
            hex: h("1005"),
        },
    );
}

#[test]
fn case_7_1_entering_costs_a_movement_point() {
    let mut g = prussians().game(1);
    advance_to(&mut g, 3, 1, Phase::Movement);
    let ev = ok(
        &mut g,
        Command::Enter {
            unit: "p1".into(),
            hex: h("1005"),
        },
    );
    assert_eq!(
        ev,
        vec![Event::Entered {
            unit: "p1".into(),
            hex: h("1005"),
            cost: 1
        }]
    );
    refused(&mut g, mv("p1", &["0905", "0805", "0705", "0605"]), "4.1");
    ok(&mut g, mv("p1", &["0905", "0805", "0705"]));
    // The second unit enters at the same hex at the same cost [7.1].
    ok(
        &mut g,
        Command::Enter {
            unit: "p2".into(),
            hex: h("1005"),
        },
    );
    assert_eq!(
        g.state
            .movement_left(g.state.board.unit_ix(&"p2".into()).expect("p2")),
        3
    );
}

#[test]
fn case_7_2_entry_restrictions() {
    let mut p = prussians();
    p.units[0] = U("f1", 'F', 'c', 2, 5, "0906");
    let mut g = p.game(1);
    advance_to(&mut g, 3, 1, Phase::Movement);
    // 1005 is in f1's Zone of Control (0906 touches 1005).
    refused(
        &mut g,
        Command::Enter {
            unit: "p1".into(),
            hex: h("1005"),
        },
        "7.2",
    );
    ok(
        &mut g,
        Command::Enter {
            unit: "p1".into(),
            hex: h("1007"),
        },
    );
    // Not onto a friendly unit either.
    refused(
        &mut g,
        Command::Enter {
            unit: "p2".into(),
            hex: h("1007"),
        },
        "7.2",
    );
}

#[test]
fn case_7_3_entry_may_be_delayed() {
    let mut g = prussians().game(1);
    advance_to(&mut g, 5, 1, Phase::Movement);
    ok(
        &mut g,
        Command::Enter {
            unit: "p2".into(),
            hex: h("1007"),
        },
    );
}

#[test]
fn case_8_1_allies_win_by_destroying_forty_first() {
    let mut p = pos(vec![
        U("f1", 'F', 'i', 3, 4, "0506"),
        U("a1", 'A', 'i', 4, 4, "0505"),
    ]);
    p.thresholds = (3, 40);
    let mut g = p.game(1);
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack_at(&["f1"], &[], &["a1"], (1, 5)));
    match &g.state.outcome {
        Some(Outcome::Win { side, case, .. }) => {
            assert_eq!((side.as_str(), case.as_str()), ("Allied", "8.1"))
        }
        o => panic!("{o:?} {ev:?}"),
    }
    refused(&mut g, Command::EndCombat, "8.0");
}

#[test]
fn case_8_2_demoralization_shifts_columns() {
    let mut p = pos(vec![
        U("f1", 'F', 'i', 12, 4, "0506"),
        U("f2", 'F', 'i', 2, 4, "0909"),
        U("a1", 'A', 'i', 2, 4, "0505"),
        U("a2", 'A', 'i', 2, 4, "0908"),
    ]);
    p.thresholds = (40, 2);
    let mut g = p.game(1);
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack(&["f1"], &[], &["a1"]));
    assert!(
        events_have(
            &ev,
            |e| matches!(e, Event::Demoralized { side } if side.as_str() == "Allied")
        ),
        "{ev:?}"
    );
    assert!(g.state.demoralized[1]);
    let ix = |x: &str| g.state.board.unit_ix(&x.into()).expect("unit");
    // French attacks one column up, Allied ones one column down.
    let fr = g.state.odds(&[ix("f2")], &[], &[ix("a2")], None);
    assert_eq!((fr.column, fr.final_column), (4, 5));
    let al = g.state.odds(&[ix("a2")], &[], &[ix("f2")], None);
    assert_eq!((al.column, al.final_column), (4, 3));
    // Clamped at the ends of the table.
    let top = g.state.odds(&[ix("f1")], &[], &[ix("a2")], None);
    assert_eq!(top.final_column, 9);
}

#[test]
fn case_8_3_french_win_by_demoralizing_and_exiting() {
    let mut p = pos(vec![
        U("f1", 'F', 'c', 2, 5, "0102"),
        U("f2", 'F', 'c', 2, 5, "0302"),
        U("f3", 'F', 'i', 12, 4, "0506"),
        U("a1", 'A', 'i', 2, 4, "0505"),
        U("a9", 'A', 'i', 2, 4, "0909"),
    ]);
    p.thresholds = (40, 2);
    let mut g = p.game(1);
    refused(&mut g, Command::Exit { unit: "f1".into() }, "8.3");
    ok(&mut g, mv("f1", &["0101"]));
    ok(&mut g, Command::Exit { unit: "f1".into() });
    assert_eq!(g.state.exited, [1, 0]);
    assert!(g.state.outcome.is_none(), "exits alone do not win");
    ok(&mut g, mv("f2", &["0301"]));
    ok(&mut g, Command::Exit { unit: "f2".into() });
    assert!(g.state.outcome.is_none());
    ok(&mut g, Command::EndMovement);
    ok(&mut g, attack(&["f3"], &[], &["a1"]));
    match &g.state.outcome {
        Some(Outcome::Win { side, case, .. }) => {
            assert_eq!((side.as_str(), case.as_str()), ("French", "8.3"))
        }
        o => panic!("{o:?}"),
    }
    // Allied units never exit.
    let mut g = pos(vec![
        U("f1", 'F', 'c', 2, 5, "0909"),
        U("a9", 'A', 'i', 2, 4, "0202"),
    ])
    .game(1);
    ok(&mut g, Command::EndMovement);
    ok(&mut g, Command::EndCombat);
    ok(&mut g, mv("a9", &["0201"]));
    let e = refused(&mut g, Command::Exit { unit: "a9".into() }, "8.3");
    assert!(
        e.to_string()
            .contains("only French units may leave the map"),
        "{e}"
    );
}

/// A scenario with no exit condition (a battle made from File > New, the
/// mirrored battle of issue 38): the first side wins by demoralizing the
/// other with no units to exit [8.3], as the other wins by reaching the
/// first side's threshold first [8.1]. It could never win before.
#[test]
fn case_8_3_with_no_exit_condition_demoralizing_the_enemy_wins() {
    let p = pos(vec![
        U("f3", 'F', 'i', 12, 4, "0506"),
        U("a1", 'A', 'i', 2, 4, "0505"),
        U("a9", 'A', 'i', 2, 4, "0909"),
    ]);
    let (mut s, m) = p.build();
    s.victory.exits.clear();
    s.victory.loss_thresholds[1].points = 2;
    let mut g = Game::new(&s, &m, 1, VariantSetup::Off).expect("plays");
    ok(&mut g, Command::EndMovement);
    ok(&mut g, attack(&["f3"], &[], &["a1"]));
    match &g.state.outcome {
        Some(Outcome::Win { side, case, .. }) => {
            assert_eq!((side.as_str(), case.as_str()), ("French", "8.3"))
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn case_8_4_draw_and_simultaneous_thresholds() {
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0506"),
        U("a1", 'A', 'i', 2, 4, "0505"),
    ]);
    p.thresholds = (4, 2);
    // 4 against 2 is 2:1; a 5 is Ee: a1 (2) and f1 (4) die together.
    let mut g = p.game(seed_rolling(5));
    ok(&mut g, Command::EndMovement);
    let ev = ok(&mut g, attack(&["f1"], &[], &["a1"]));
    assert_eq!(result_of(&ev), Some(CombatResult::Ee));
    assert!(
        g.state.outcome.is_none(),
        "the exchange is one instant: nothing yet"
    );
    ok(
        &mut g,
        Command::ChooseLosses {
            units: vec!["f1".into()],
        },
    );
    match &g.state.outcome {
        Some(Outcome::Win { side, case, .. }) => {
            assert_eq!((side.as_str(), case.as_str()), ("Allied", "8.4"))
        }
        o => panic!("{o:?}"),
    }
    // Had the French already exited enough units, they would win.
    let mut p2 = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0506"),
        U("x1", 'F', 'c', 1, 5, "0101"),
        U("a1", 'A', 'i', 2, 4, "0505"),
    ]);
    p2.thresholds = (4, 2);
    p2.exits_needed = 1;
    let mut g = p2.game(seed_rolling(5));
    ok(&mut g, Command::Exit { unit: "x1".into() });
    ok(&mut g, Command::EndMovement);
    ok(&mut g, attack(&["f1"], &[], &["a1"]));
    ok(
        &mut g,
        Command::ChooseLosses {
            units: vec!["f1".into()],
        },
    );
    match &g.state.outcome {
        Some(Outcome::Win { side, case, .. }) => {
            assert_eq!((side.as_str(), case.as_str()), ("French", "8.4"))
        }
        o => panic!("{o:?}"),
    }
}

fn arrivals(variant: VariantSetup) -> Vec<(String, Option<u32>)> {
    let (s, m) = super::play::waterloo();
    let g = Game::new(&s, &m, 1, variant).expect("waterloo");
    g.state
        .board
        .units
        .iter()
        .zip(&g.state.arrival)
        .filter(|(u, _)| u.start.is_none())
        .map(|(u, a)| (u.id.to_string(), *a))
        .collect()
}

fn arrival_of(list: &[(String, Option<u32>)], id: &str) -> Option<u32> {
    list.iter().find(|(x, _)| x == id).and_then(|(_, a)| *a)
}

#[test]
fn case_9_3_french_reinforcement_codes() {
    for code in 1..=3 {
        let a = arrivals(VariantSetup::Fixed(code, 1));
        assert!(
            (401..=408).all(|i| arrival_of(&a, &i.to_string()).is_none()),
            "code {code}"
        );
    }
    for code in 4..=5 {
        let a = arrivals(VariantSetup::Fixed(code, 1));
        assert!((401..=405).all(|i| arrival_of(&a, &i.to_string()) == Some(5)));
        assert!((406..=408).all(|i| arrival_of(&a, &i.to_string()).is_none()));
    }
    let a = arrivals(VariantSetup::Fixed(6, 1));
    assert!((401..=408).all(|i| arrival_of(&a, &i.to_string()) == Some(5)));
}

#[test]
fn case_9_4_prussian_reinforcement_codes() {
    let regular = |a: &[(String, Option<u32>)], t: Option<u32>| {
        (301..=309).all(|i| arrival_of(a, &i.to_string()) == t)
    };
    let extra = |a: &[(String, Option<u32>)], ids: std::ops::RangeInclusive<u32>| {
        ids.filter(|i| arrival_of(a, &i.to_string()) == Some(5))
            .count()
    };
    let a = arrivals(VariantSetup::Fixed(1, 1));
    assert!(regular(&a, Some(3)) && extra(&a, 501..=506) == 0);
    let a = arrivals(VariantSetup::Fixed(1, 2));
    assert!(regular(&a, None) && extra(&a, 501..=506) == 0);
    let a = arrivals(VariantSetup::Fixed(1, 3));
    assert!(regular(&a, Some(5)) && extra(&a, 501..=506) == 0);
    let a = arrivals(VariantSetup::Fixed(1, 4));
    let on3: Vec<u32> = (301..=309)
        .filter(|i| arrival_of(&a, &i.to_string()) == Some(3))
        .collect();
    assert_eq!(
        on3,
        [301, 302, 306, 309],
        "one 5-4, one 4-4, one 3-5, one 3-3"
    );
    let a = arrivals(VariantSetup::Fixed(1, 5));
    assert!(regular(&a, Some(3)) && extra(&a, 501..=504) == 4 && extra(&a, 505..=506) == 0);
    let a = arrivals(VariantSetup::Fixed(1, 6));
    assert!(regular(&a, Some(3)) && extra(&a, 501..=506) == 6);
}

#[test]
fn case_9_0_chits_are_drawn_from_the_seeded_dice() {
    let (s, m) = super::play::waterloo();
    let g = Game::new(&s, &m, 77, VariantSetup::Drawn).expect("waterloo");
    let Event::ChitsDrawn { chits } = &g.setup_events[0] else {
        panic!("chits are drawn first")
    };
    assert_eq!(chits.len(), 2);
    assert!(chits.iter().all(|(_, c)| (1..=6).contains(c)));
    let again = Game::new(&s, &m, 77, VariantSetup::Drawn).expect("waterloo");
    assert_eq!(again.setup_events, g.setup_events);
    let off = Game::new(&s, &m, 77, VariantSetup::Off).expect("waterloo");
    assert!(off.state.chits.is_none());
}

#[test]
fn case_4_1_move_to_a_hex_by_the_cheapest_path() {
    let mut g = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0505"),
        U("a1", 'A', 'i', 4, 4, "0109"),
    ])
    .game(1);
    let e = refused(
        &mut g,
        Command::MoveTo {
            unit: "f1".into(),
            to: h("0510"),
        },
        "4.1",
    );
    // Out of reach: the refusal says why along the way pointed at (issue
    // 35 item 19): 5 MP to spend, 4 left.
    assert_eq!(
        e,
        RuleError::NotEnoughMovement {
            unit: "f1".into(),
            need: 5,
            left: 4
        }
    );
    let ev = ok(
        &mut g,
        Command::MoveTo {
            unit: "f1".into(),
            to: h("0508"),
        },
    );
    assert_eq!(
        ev,
        vec![Event::Moved {
            unit: "f1".into(),
            path: vec![h("0506"), h("0507"), h("0508")],
            cost: 3
        }]
    );
}

#[test]
fn case_6_5_artillery_owing_a_bombardment_is_not_displaced() {
    // f2 (0506) touches a2 (0505) and a3 (0507) and attacks a3, so a2 must
    // be bombarded by fa (0503). f1 (0403) then attacks a1 (0303) and must
    // retreat; its only safe hex is fa's (0402 and 0304 are woods, 0504 and
    // 0404 touch a2). fa still owes the bombardment of a2, so it may not be
    // displaced, and f1 is eliminated instead [6.5].
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0403"),
        U("f2", 'F', 'i', 12, 4, "0506"),
        U("fa", 'F', 'a', 3, 3, "0503"),
        U("a1", 'A', 'i', 4, 4, "0303"),
        U("a2", 'A', 'i', 2, 4, "0505"),
        U("a3", 'A', 'i', 1, 4, "0507"),
    ]);
    p.rows[1] = "...W......";
    p.rows[3] = "..W.......";
    // The second die of the game is a 1 (Ar at 1:3).
    let seed = (0..).find(|&s| {
        let mut d = Dice::new(s);
        d.d6();
        d.d6() == 1
    });
    let mut g = p.game(seed.expect("a seed"));
    ok(&mut g, Command::EndMovement);
    ok(&mut g, attack(&["f2"], &[], &["a3"]));
    ok(&mut g, Command::DeclineAdvance);
    let ev = ok(&mut g, attack_at(&["f1"], &[], &["a1"], (1, 3)));
    assert_eq!(result_of(&ev), Some(CombatResult::Ar));
    assert!(
        events_have(
            &ev,
            |e| matches!(e, Event::Eliminated { unit, case, .. } if unit.as_str() == "f1" && case == "6.4")
        ),
        "{ev:?}"
    );
    assert_eq!(hex_of(&g, "fa"), Some(h("0503")));
    // fa then makes its required bombardment.
    ok(&mut g, Command::DeclineAdvance);
    ok(&mut g, attack(&[], &["fa"], &["a2"]));
}

/// Waterloo with only two units at the start, far apart, so Game-Turns can
/// pass without combat.
fn quiet_waterloo(variant: VariantSetup) -> Game {
    let (mut s, m) = super::play::waterloo();
    s.units
        .retain(|u| u.start_hex().is_none() || u.id.as_str() == "101" || u.id.as_str() == "218");
    Game::new(&s, &m, 1, variant).expect("the reduced scenario is valid")
}

#[test]
fn case_9_2_variant_forces_enter_like_the_prussians() {
    // French chit 6: all of Grouchy's units on Game-Turn 5, through the
    // Prussian entry hexes of column 23.
    let mut g = quiet_waterloo(VariantSetup::Fixed(6, 1));
    advance_to(&mut g, 4, 0, Phase::Movement);
    refused(
        &mut g,
        Command::Enter {
            unit: "401".into(),
            hex: h("2303"),
        },
        "7.0",
    );
    advance_to(&mut g, 5, 0, Phase::Movement);
    refused(
        &mut g,
        Command::Enter {
            unit: "401".into(),
            hex: h("2304"),
        },
        "7.0",
    );
    let ev = ok(
        &mut g,
        Command::Enter {
            unit: "401".into(),
            hex: h("2303"),
        },
    );
    assert_eq!(
        ev,
        vec![Event::Entered {
            unit: "401".into(),
            hex: h("2303"),
            cost: 1
        }]
    );
    // Prussian chit 2: not even the Game-Turn 3 Prussians come.
    let mut g = quiet_waterloo(VariantSetup::Fixed(1, 2));
    advance_to(&mut g, 3, 1, Phase::Movement);
    refused(
        &mut g,
        Command::Enter {
            unit: "301".into(),
            hex: h("2303"),
        },
        "7.0",
    );
}
