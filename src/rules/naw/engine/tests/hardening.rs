//! Regression tests for issue 16 (hardening): rules the engine got wrong
//! and inputs that once crashed it. Each names the item it covers.

use super::*;

fn pos(units: Vec<U>) -> Position {
    Position {
        units,
        ..Position::default()
    }
}

/// Item 18: leaving the map through an exit hex [8.3] is a way off the
/// hex, so a unit may stop on a friend standing on an exit hex when every
/// other hex it could step off to holds a friend too; [4.4] forbids only
/// ending the Movement Phase stacked.
#[test]
fn case_4_4_and_8_3_a_unit_may_stop_on_a_friend_on_an_exit_hex_and_exit() {
    // 0101 is an exit hex in the corner: its only neighbours on the map
    // are 0102 (S) and 0201 (SE), both held by friends.
    let p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0101"),
        U("f2", 'F', 'i', 4, 4, "0201"),
        U("f3", 'F', 'i', 4, 4, "0102"),
        U("f4", 'F', 'i', 4, 4, "0103"),
        U("a1", 'A', 'i', 4, 4, "0909"),
    ]);
    let mut g = p.game(1);
    ok(&mut g, mv("f4", &["0102", "0101"]));
    refused(&mut g, mv("f2", &["0202"]), "4.4");
    let ev = ok(&mut g, Command::Exit { unit: "f4".into() });
    assert!(
        matches!(ev.as_slice(), [Event::Exited { .. }, ..]),
        "{ev:?}"
    );
    ok(&mut g, Command::EndMovement);
}

/// Item 18, the other way round: a unit of the side without the exit
/// objective gains nothing from an exit hex [8.3], so the stack is still
/// refused there [4.4].
#[test]
fn case_4_4_an_exit_hex_is_no_way_off_for_the_other_side() {
    let mut p = pos(vec![
        U("a1", 'A', 'i', 4, 4, "0101"),
        U("a2", 'A', 'i', 4, 4, "0201"),
        U("a3", 'A', 'i', 4, 4, "0102"),
        U("a4", 'A', 'i', 4, 4, "0103"),
        U("f1", 'F', 'i', 4, 4, "0909"),
    ]);
    p.turns = 2;
    let mut g = p.game(1);
    ok(&mut g, Command::EndMovement);
    ok(&mut g, Command::EndCombat);
    let e = refused(&mut g, mv("a4", &["0102", "0101"]), "4.4");
    assert!(matches!(e, RuleError::WouldStayStacked { .. }), "{e}");
}

/// Item 15: a river is crossed only at a bridge or ford by default, a ford
/// costs one extra movement point, and the costs are map data [4.2].
#[test]
fn case_4_2_rivers_are_crossed_only_at_bridges_and_fords_by_default() {
    let river = vec![HexsideFeature::River];
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0505"),
        U("a1", 'A', 'i', 4, 4, "0909"),
    ]);
    p.hexsides = vec![("0505", Dir::N, river.clone())];
    let mut g = p.game(1);
    let e = refused(&mut g, mv("f1", &["0504"]), "4.2");
    assert!(matches!(e, RuleError::RiverWithoutCrossing { .. }), "{e}");
    let u = g.state.board.unit_ix(&"f1".into()).expect("f1");
    let reach = g.state.reachable(u);
    // 0504 is still reachable round the river, at 3 MP (0604, 0503... or
    // 0404, 0504 - two steps round plus the last one).
    let to = reach.iter().find(|r| r.hex == h("0504")).expect("round");
    assert!(to.cost >= 2, "{to:?}");
    assert!(to.path.len() >= 2, "not straight across: {to:?}");

    // A ford: one extra movement point.
    p.hexsides = vec![(
        "0505",
        Dir::N,
        vec![HexsideFeature::River, HexsideFeature::Ford],
    )];
    let mut g = p.game(1);
    let ev = ok(&mut g, mv("f1", &["0504"]));
    assert_eq!(
        ev,
        vec![Event::Moved {
            unit: "f1".into(),
            path: vec![h("0504")],
            cost: 2
        }]
    );

    // A bridge: no extra cost; and a designer's own river rule: crossable
    // anywhere for 2 extra points.
    p.hexsides = vec![(
        "0505",
        Dir::N,
        vec![HexsideFeature::River, HexsideFeature::Bridge],
    )];
    let mut g = p.game(1);
    let ev = ok(&mut g, mv("f1", &["0504"]));
    assert!(matches!(&ev[0], Event::Moved { cost: 1, .. }), "{ev:?}");
    p.hexsides = vec![("0505", Dir::N, river)];
    p.hexside_effects.river = Crossing::Extra(2);
    let mut g = p.game(1);
    let ev = ok(&mut g, mv("f1", &["0504"]));
    assert!(matches!(&ev[0], Event::Moved { cost: 3, .. }), "{ev:?}");
}

/// Item 15: a river also bounds retreats: a unit whose only way back is
/// across a river is destroyed instead [6.4].
#[test]
fn case_6_4_no_retreat_across_a_river() {
    let river = vec![HexsideFeature::River];
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0505"),
        U("a1", 'A', 'i', 1, 4, "0504"),
    ]);
    // Every side of 0504 but the one towards f1 is a river.
    p.hexsides = [Dir::N, Dir::NE, Dir::SE, Dir::SW, Dir::NW]
        .into_iter()
        .map(|d| ("0504", d, river.clone()))
        .collect();
    let g = p.game(1);
    let a1 = g.state.board.unit_ix(&"a1".into()).expect("a1");
    assert!(g.state.retreat_options(a1).is_empty());
}

/// Item 2: a movement cost the engine cannot use is refused before any
/// game starts, with the limit in the message.
#[test]
fn issue16_item2_absurd_movement_costs_never_reach_the_engine() {
    let p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0505"),
        U("a1", 'A', 'i', 4, 4, "0909"),
    ]);
    let (s, mut m) = p.build();
    m.terrain_kinds[0].movement = MovementRule::Cost(u32::MAX);
    let e = Game::new(&s, &m, 1, VariantSetup::Off).expect_err("refused");
    assert!(e.to_string().contains("at most 99"), "{e}");
    // The largest accepted cost plays: the unit simply cannot move.
    m.terrain_kinds[0].movement = MovementRule::Cost(crate::scenario::limits::MAX_TERRAIN_COST);
    let mut g = Game::new(&s, &m, 1, VariantSetup::Off).expect("valid");
    let u = g.state.board.unit_ix(&"f1".into()).expect("f1");
    assert!(g.state.reachable(u).is_empty());
    refused(&mut g, mv("f1", &["0504"]), "4.1");
}

/// Item 3: 10,000 units in contact on a 200x200 map: the combat
/// obligations search runs on a worker thread with a small stack (it once
/// recursed once per attack and overflowed it) and finds an assignment.
#[test]
fn issue16_item3_obligations_search_of_ten_thousand_units_on_a_small_stack() {
    let (mut s, mut m) = crate::scenario::generate::large_scenario(200, 200, 0, 1);
    for row in m.terrain.iter_mut() {
        *row = ".".repeat(200);
    }
    s.map = MapSource::Inline(Box::new(m.clone()));
    // Pairs in odd columns (never adjacent to the next odd column), rows
    // 3k+1 (French) and 3k+2 (Allied); row 3k+3 left empty.
    let mut units = Vec::new();
    'outer: for col in (1..=199).step_by(2) {
        for k in 0..66 {
            for (side, row) in [("French", 3 * k + 1), ("Allied", 3 * k + 2)] {
                units.push(Unit {
                    id: UnitId::new(format!("{side}{col}-{row}")),
                    designation: format!("{col}/{row}"),
                    side: SideId::new(side),
                    contingent: None,
                    kind: UnitKind::Infantry,
                    strength: 2,
                    movement: 4,
                    placement: Placement::Start(Hex::new(col, row)),
                    facing: None,
                    troop: Default::default(),
                    one_hour: None,
                    hits16: None,
                });
            }
            if units.len() >= 10_000 {
                break 'outer;
            }
        }
    }
    assert_eq!(units.len(), 10_000);
    s.units = units;
    s.victory.exits.clear();
    let mut g = Game::new(&s, &m, 1, VariantSetup::Off).expect("valid");
    ok(&mut g, Command::EndMovement);
    let st = g.state.clone();
    let found = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || st.suggest_attacks(None).map(|p| p.len()))
        .expect("thread")
        .join()
        .expect("no stack overflow");
    assert_eq!(found, Some(5_000));
}

/// Item 3: more units than the engine can index are refused by `validate`,
/// with the limit in the message.
#[test]
fn issue16_item3_too_many_units_are_refused_with_the_limit() {
    let (s, m) = crate::scenario::generate::large_scenario(100, 100, 60_001, 3);
    let issues = crate::scenario::validate(&s, &m);
    assert!(
        issues
            .iter()
            .any(|i| i.severity == Severity::Error && i.message.contains("at most 60000")),
        "{:?}",
        issues.first()
    );
    assert!(Game::new(&s, &m, 1, VariantSetup::Off).is_err());
}

/// Issue 35 item 19: a move to a hex the unit cannot reach names the first
/// rule that blocks the way the user pointed at, not the generic [4.1]:
/// an adjacent woods hex across a side with no road is [4.2].
#[test]
fn case_4_2_moving_to_an_adjacent_woods_hex_off_the_road_names_4_2() {
    let mut p = pos(vec![
        U("f1", 'F', 'i', 4, 4, "0405"),
        U("a1", 'A', 'i', 4, 4, "0109"),
    ]);
    p.rows[4] = "....W.....";
    let mut g = p.game(1);
    let e = refused(
        &mut g,
        Command::MoveTo {
            unit: "f1".into(),
            to: h("0505"),
        },
        "4.2",
    );
    assert!(matches!(e, RuleError::WoodsWithoutRoad { .. }), "{e}");
    // Too far along the line: the Movement Points it lacks [4.1].
    let e = refused(
        &mut g,
        Command::MoveTo {
            unit: "f1".into(),
            to: h("0410"),
        },
        "4.1",
    );
    assert!(matches!(e, RuleError::NotEnoughMovement { .. }), "{e}");
}
