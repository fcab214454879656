//! Rules the engine got wrong (issue 35, "Hardening 2"), each test named
//! after the ruling it shows, and the property that a unit's reachable
//! places and the moves `check` accepts are one computation (N67, N68).

use super::*;
use UnitKind::{Artillery, Infantry};

/// A flat-top facing as the engine numbers it (N6).
fn fc(d: Dir) -> u8 {
    match d {
        Dir::N => 0,
        Dir::NE => 1,
        Dir::SE => 2,
        Dir::S => 3,
        Dir::SW => 4,
        _ => 5,
    }
}

fn step(g: &mut Game<Napoleon>, id: &str, to: &str) {
    g.execute(&Command::Step {
        piece: id.into(),
        to: h(to),
    })
    .unwrap_or_else(|e| panic!("{id} to {to}: {e}"));
}

fn end(g: &mut Game<Napoleon>) -> Result<(), RuleError> {
    g.execute(&Command::EndActivation {
        direction: Direction::LeftToRight,
    })
    .map(|_| ())
}

fn places(g: &Game<Napoleon>, id: &str) -> Vec<(Hex, u8)> {
    g.state
        .reach(&id.into())
        .into_iter()
        .map(|r| (r.hex, r.facing))
        .collect()
}

#[test]
fn n61_charge_the_issue_position_refuses_an_activation_that_moves_nobody() {
    // `vedette play scenarios/saint-aubin.ron --seed 936237`: Bonet's
    // division rolls 7, Charge!, and may not end with no unit moved.
    let (s, m) = saint_aubin();
    let mut g: Game<Napoleon> = Game::new(&s, &m, 936237, ()).expect("starts");
    g.execute(&Command::Activate {
        force: "Bonet's division".into(),
    })
    .expect("activates");
    assert_eq!(
        g.state.active.as_ref().map(|a| a.result),
        Some(Activation::Charge)
    );
    let e = refused(
        &mut g,
        Command::EndActivation {
            direction: Direction::LeftToRight,
        },
        "3.7.1.1",
    );
    assert!(e.to_string().contains("N61"), "{e}");
}

#[test]
fn n61_charge_a_unit_that_cannot_reach_contact_ends_nearest_its_nearest_enemy() {
    // a1 moves 2 hexes; b1 is 7 away: no contact, so a1 ends 5 away.
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0502", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Charge);
    let e = refused(
        &mut g,
        Command::EndActivation {
            direction: Direction::LeftToRight,
        },
        "3.7.1.1",
    );
    assert!(e.to_string().contains("nearest"), "{e}");
    // Only the places 5 hexes from b1 are listed (N61).
    let listed = places(&g, "a1");
    assert!(!listed.is_empty());
    assert!(
        listed
            .iter()
            .all(|&(x, _)| g.state.board.grid.distance(x, h("0509")) == 5)
    );
    // A step back across its rear (its whole move, N64) would leave it
    // unable to meet the duty: refused at once.
    let e = refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0501"),
        },
        "3.7.1.1",
    );
    assert!(e.to_string().contains("N61"), "{e}");
    step(&mut g, "a1", "0503");
    step(&mut g, "a1", "0504");
    end(&mut g).expect("5 hexes from b1: the duty is met");
}

#[test]
fn n61_charge_contact_is_owed_when_a_legal_move_reaches_it() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Charge);
    refused(
        &mut g,
        Command::EndActivation {
            direction: Direction::LeftToRight,
        },
        "3.7.1.1",
    );
    step(&mut g, "a1", "0504");
    let e = refused(
        &mut g,
        Command::EndActivation {
            direction: Direction::LeftToRight,
        },
        "3.7.1.1",
    );
    assert!(e.to_string().contains("contact"), "{e}");
    step(&mut g, "a1", "0505");
    end(&mut g).expect("in contact");
}

#[test]
fn n61_charge_the_next_unit_moves_only_once_the_last_met_its_duty() {
    // a1 could contact b1; a2 may not move while a1 has not (N57, N61).
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("a2", 0, 0, Infantry, 4, "0603", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Charge);
    step(&mut g, "a1", "0504");
    let e = refused(
        &mut g,
        Command::Step {
            piece: "a2".into(),
            to: h("0604"),
        },
        "3.7.1.1",
    );
    assert!(e.to_string().contains("a1"), "{e}");
    step(&mut g, "a1", "0505");
    step(&mut g, "a2", "0604");
}

#[test]
fn n61_charge_the_force_contacts_as_many_different_enemy_units_as_it_can() {
    // a2 faces b1 already; a1 faces b2 where it stands. Stepping on to
    // 0605 it would face b1 only: the force would contact one enemy unit
    // where it can contact two (N61 (2)), so the step is refused.
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0604", Dir::S),
        U("a2", 0, 0, Infantry, 4, "0505", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
        U("b2", 1, 0, Infantry, 4, "0705", Dir::NW),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Charge);
    let (a1, b2) = (piece(&g, "a1"), piece(&g, "b2"));
    assert!(g.state.contact(a1).contains(&b2));
    let e = refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0605"),
        },
        "3.7.1.1",
    );
    assert!(e.to_string().contains("N61"), "{e}");
    let listed = places(&g, "a1");
    assert!(!listed.is_empty());
    for (x, f) in &listed {
        let mut st = g.state.clone();
        st.pos.set(a1, g.state.board.hex_ix(*x).expect("on map"));
        st.facing[a1 as usize] = *f;
        assert!(
            st.contact(a1).contains(&b2),
            "{x} facing {f} does not contact b2"
        );
    }
    end(&mut g).expect("both enemy units contacted");
}

#[test]
fn n67_n68_reach_lists_no_hex_a_unit_may_only_pass_through() {
    // a1 may pass through x9, a gun of another French force, but not end
    // in its hex (a stack holds one force).
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0503", Dir::S),
        U("x1", 0, 1, Infantry, 4, "0903", Dir::S),
        U("x9", 0, 1, Artillery, 0, "0504", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let listed = places(&g, "a1");
    assert!(listed.iter().all(|&(x, _)| x != h("0504")), "{listed:?}");
    assert!(listed.iter().any(|&(x, _)| x == h("0505")), "beyond it");
}

#[test]
fn n74_a_gun_passing_its_hosts_hex_keeps_its_facing_and_takes_the_hosts_where_it_ends() {
    // The host a1 faces north, the gun g1 south; g1 passes through a1.
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0504", Dir::N),
        U("g1", 0, 0, Artillery, 0, "0503", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let listed = places(&g, "g1");
    // Through 0504 to 0505, still facing south (N74).
    assert!(listed.contains(&(h("0505"), fc(Dir::S))), "{listed:?}");
    // Ending in a1's hex it faces as a1 does, and only so (N72).
    let at_host: Vec<_> = listed.iter().filter(|&&(x, _)| x == h("0504")).collect();
    assert_eq!(at_host, vec![&(h("0504"), fc(Dir::N))]);
    step(&mut g, "g1", "0504");
    step(&mut g, "g1", "0505");
    assert_eq!(g.state.facing[piece(&g, "g1") as usize], fc(Dir::S));
    g.execute(&Command::TakeBack).expect("back");
    step(&mut g, "g1", "0504");
    end(&mut g).expect("ends attached");
    assert_eq!(g.state.facing[piece(&g, "g1") as usize], fc(Dir::N));
}

#[test]
fn n70_n105_an_isolated_gun_may_neither_step_nor_turn_to_face_an_enemy_unit() {
    // g1 and g2 stand apart from their force; c1 and c2 are enemy guns
    // (N73 keeps guns from enemy infantry, not from enemy guns).
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0202", Dir::S),
        U("g1", 0, 0, Artillery, 0, "0805", Dir::N),
        U("g2", 0, 0, Artillery, 0, "1004", Dir::S),
        U("c1", 1, 0, Artillery, 0, "0806", Dir::N),
        U("c2", 1, 0, Artillery, 0, "1006", Dir::N),
        U("b1", 1, 0, Infantry, 4, "0210", Dir::N),
    ]);
    to_maneuver(&mut g, 0);
    assert!(g.state.isolated[piece(&g, "g1") as usize], "g1 is isolated");
    activate(&mut g, "F0", Activation::Forward);
    refused(
        &mut g,
        Command::Turn {
            piece: "g1".into(),
            facing: fc(Dir::S),
        },
        "N105",
    );
    g.execute(&Command::Turn {
        piece: "g1".into(),
        facing: fc(Dir::NE),
    })
    .expect("a turn that keeps c1 out of its front");
    // 1005 is next to c2, across g2's front (N105).
    refused(
        &mut g,
        Command::Step {
            piece: "g2".into(),
            to: h("1005"),
        },
        "3.7.2.5",
    );
}

#[test]
fn n92_n103_infantry_leaving_a_town_keeps_clear_of_enemy_guns_and_takes_any_facing() {
    let rows = [
        "............",
        "............",
        "............",
        "....T.......",
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
            U("a1", 0, 0, Infantry, 4, "0504", Dir::S),
            U("c1", 1, 0, Artillery, 0, "0705", Dir::N),
            U("b1", 1, 0, Infantry, 4, "0507", Dir::N),
        ],
    );
    to_maneuver(&mut g, 0);
    assert!(g.state.engaged[0], "F0 is engaged: combat movement");
    activate(&mut g, "F0", Activation::Forward);
    // 0604 is next to the enemy gun c1 (N103: any enemy unit).
    refused(
        &mut g,
        Command::Step {
            piece: "a1".into(),
            to: h("0604"),
        },
        "3.8.1.2",
    );
    // On leaving it takes any facing: its turn before moving (N92).
    g.execute(&Command::Turn {
        piece: "a1".into(),
        facing: fc(Dir::N),
    })
    .expect("takes a facing as it leaves");
    step(&mut g, "a1", "0503");
    assert_eq!(g.state.facing[piece(&g, "a1") as usize], fc(Dir::N));
    // A town hex is one place, whatever the facing (N92).
    g.execute(&Command::TakeBack).expect("back");
    let in_town = places(&g, "a1")
        .into_iter()
        .filter(|&(x, _)| x == h("0504"))
        .count();
    assert_eq!(in_town, 1);
}

#[test]
fn n68_a_gun_passes_through_its_own_general() {
    let mut g = game(&[
        U("a1", 0, 0, Infantry, 4, "0303", Dir::S),
        U("g1", 0, 0, Artillery, 0, "0504", Dir::N),
        U("b1", 1, 0, Infantry, 4, "0310", Dir::N),
    ]);
    let general = g.state.board.armies[0].general;
    let at = g.state.board.hex_ix(h("0503")).expect("on map");
    g.state.pos.set(general, at);
    to_maneuver(&mut g, 0);
    activate(&mut g, "F0", Activation::Forward);
    let listed = places(&g, "g1");
    assert!(
        listed.iter().all(|&(x, _)| x != h("0503")),
        "never ends on him"
    );
    assert!(listed.iter().any(|&(x, _)| x == h("0502")), "{listed:?}");
    step(&mut g, "g1", "0503");
    step(&mut g, "g1", "0502");
}

#[test]
fn n69_n106_a_lone_garrison_first_in_its_force_breaks_no_cohesion_and_the_largest_group_is_the_main_body()
 {
    let rows = [
        "............",
        ".T..........",
        "............",
        "............",
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
            U("a1", 0, 0, Infantry, 4, "0202", Dir::S),
            U("a2", 0, 0, Infantry, 4, "0707", Dir::S),
            U("a3", 0, 0, Infantry, 4, "0708", Dir::S),
            U("b1", 1, 0, Infantry, 4, "0210", Dir::N),
        ],
    );
    // The leader joins a2, so the garrison a1 is the force's first unit,
    // alone in its town.
    let leader = g.state.board.forces[0].leader;
    g.state
        .pos
        .set(leader, g.state.board.hex_ix(h("0707")).expect("on map"));
    assert!(
        g.state.contiguous(0),
        "a town unit counts as connected (N69)"
    );
    assert!(g.state.isolated_now(0).is_empty());
    // Without a leader the main body is the largest group (N106): a1's
    // town group has one piece, a2 and a3 two; a1 is in a town, so no
    // one is isolated; out of its town it would be.
    g.state.pos.set(leader, NO_HEX);
    assert!(g.state.main_body(0).contains(&piece(&g, "a2")));
    let a1 = piece(&g, "a1");
    g.state
        .pos
        .set(a1, g.state.board.hex_ix(h("0203")).expect("on map"));
    assert_eq!(g.state.isolated_now(0), vec![a1]);
    assert!(!g.state.contiguous(0));
}

#[test]
fn n8_n101_fire_over_units_from_hill_lets_a_gun_above_fire_over_lower_units() {
    let mut g = game(&[
        U("g1", 0, 0, Artillery, 0, "0503", Dir::S),
        U("a1", 0, 0, Infantry, 4, "0504", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0506", Dir::N),
    ]);
    let (gun, target) = (piece(&g, "g1"), piece(&g, "b1"));
    assert!(!g.state.corridor_clear(gun, target), "a1 blocks (N8)");
    let mut board = (**g.board()).clone();
    let high = board.hex_ix(h("0503")).expect("on map");
    board.elevation[high as usize] = 1;
    g.state.board = std::sync::Arc::new(board.clone());
    assert!(!g.state.corridor_clear(gun, target), "the option is off");
    board.options.fire_over_units_from_hill = true;
    g.state.board = std::sync::Arc::new(board.clone());
    assert!(
        g.state.corridor_clear(gun, target),
        "over lower units (N101)"
    );
    // Woods still block, and units on ground as high as the gun's.
    let mid = board.hex_ix(h("0504")).expect("on map");
    board.elevation[mid as usize] = 1;
    g.state.board = std::sync::Arc::new(board);
    assert!(!g.state.corridor_clear(gun, target));
}

/// Where a piece's move ends as the rules see it: a hex, and the facing
/// it ends with (a gun with a host takes the host's, N72; a unit in a
/// town has none, N92).
fn end_of(st: &State, p: PieceIx) -> (Hex, u8) {
    let h = st.pos[p as usize];
    let facing = if st.in_town(p) {
        u8::MAX
    } else {
        st.attachments(p)
            .into_iter()
            .find(|&(g, _)| g == p)
            .map_or(st.facing[p as usize], |(_, f)| f)
    };
    (st.board.hex(h), facing)
}

/// Whether a command's events are only the move itself (no die rolled
/// for a gun contacted, no officer made to flee): past such events the
/// search's position and the game's part, and neither side is compared.
fn plain_move(events: &[Event]) -> bool {
    events
        .iter()
        .all(|e| matches!(e, Event::Stepped { .. } | Event::Turned { .. }))
}

/// Every end the commands `check` accepts reach, by a breadth-first walk
/// over steps and turns of piece `p` executed on copies of the game.
fn executable_ends(g: &Game<Napoleon>, p: PieceIx) -> Vec<(Hex, u8)> {
    let id = g.state.board.pieces[p as usize].id.clone();
    let mut seen = std::collections::HashSet::new();
    let mut ends = Vec::new();
    let mut todo = vec![g.clone()];
    while let Some(g) = todo.pop() {
        // What the rules still ask of the move's record (a gun's turns
        // are not counted, so a count would never repeat).
        let free = g
            .state
            .active
            .as_ref()
            .is_some_and(|a| g.state.free_facing(a));
        let m = g.state.moved_of(p).copied().unwrap_or_default();
        let key = (
            g.state.pos[p as usize],
            g.state.facing[p as usize],
            g.state.move_key(p, free, &m),
            m.mp,
        );
        if !seen.insert(key) {
            continue;
        }
        if g.state.move_end_refusal(p).is_none() {
            ends.push(end_of(&g.state, p));
        }
        let here = g.state.pos[p as usize];
        let steps = g.state.board.neighbours[here as usize]
            .iter()
            .filter(|&&n| n != NO_HEX)
            .map(|&n| Command::Step {
                piece: id.clone(),
                to: g.state.board.hex(n),
            });
        let turns = (0..6u8).map(|facing| Command::Turn {
            piece: id.clone(),
            facing,
        });
        for c in steps.chain(turns) {
            if g.state.check(&c).is_err() {
                continue;
            }
            let mut next = g.clone();
            let plain = plain_move(next.execute(&c).expect("check accepted it"));
            if plain {
                todo.push(next);
            }
        }
    }
    ends.sort();
    ends.dedup();
    ends
}

#[test]
fn n67_n68_reach_and_check_agree_on_random_positions() {
    // Every place `reach` lists is reached by its path, each command of
    // it accepted, and may end the move there; every end the accepted
    // commands reach is listed (issue 35, item 2). Positions: random
    // units of both sides on a map with towns, woods and a ford, with the
    // first French force moving under Forward!, Charge! or Retreat!.
    // VEDETTE_REACH_POSITIONS=2000 runs a longer sweep.
    let rows = [
        "............",
        "..T.....W...",
        "....W.......",
        ".......T....",
        "...........~",
        "..W.......f.",
        "............",
        "......T.....",
        "............",
        "............",
    ];
    let want: u64 = std::env::var("VEDETTE_REACH_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let (mut tried, mut positions, mut pieces, mut compared) = (0u64, 0u64, 0u64, 0u64);
    while positions < want && tried < want * 40 {
        tried += 1;
        let mut d = Dice::new(tried);
        let n = 4 + d.roll(6) as usize;
        let mut units = Vec::new();
        for i in 0..n {
            let side = usize::from(i % 3 == 2);
            let force = d.roll(2) as usize - 1;
            let kind = match d.roll(10) {
                1..=5 => UnitKind::Infantry,
                6..=7 => UnitKind::Cavalry,
                _ => UnitKind::Artillery,
            };
            let cf = if kind == UnitKind::Artillery { 0 } else { 4 };
            let hex = leak(format!("{:02}{:02}", d.roll(8) + 2, d.roll(8) + 1));
            let facing =
                [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW][d.roll(6) as usize - 1];
            units.push(U(leak(format!("u{i}")), side, force, kind, cf, hex, facing));
        }
        // (A position with an empty force fails validation: skipped.)
        if units.iter().filter(|u| u.1 == 1).count() == 0 {
            continue;
        }
        let Ok(mut g) = try_game_on(&rows, &units) else {
            continue;
        };
        if g.state.board.forces.iter().filter(|f| f.side == 0).count() == 0 {
            continue;
        }
        positions += 1;
        to_maneuver(&mut g, 0);
        let result =
            [Activation::Forward, Activation::Charge, Activation::Retreat][(tried % 3) as usize];
        activate(&mut g, "F0", result);
        let reference = g.state.units_of(1).next();
        if let Some(a) = &mut g.state.active
            && result == Activation::Retreat
        {
            a.reference_enemy = reference;
        }
        let movers: Vec<PieceIx> = g
            .state
            .active
            .as_ref()
            .map(|a| a.moved.iter().map(|(p, _)| *p).collect())
            .unwrap_or_default();
        for p in movers {
            pieces += 1;
            let id = g.state.board.pieces[p as usize].id.clone();
            let listed = g.state.reach(&id);
            let mut listed_ends: Vec<(Hex, u8)> = Vec::new();
            for r in &listed {
                let mut h2 = g.clone();
                let mut plain = true;
                for c in &r.path {
                    let ev = h2.execute(c).unwrap_or_else(|e| {
                        panic!("seed {tried}: {id}'s path to {} refused: {e}", r.hex)
                    });
                    if !plain_move(ev) {
                        plain = false;
                        break;
                    }
                }
                let facing = if g.state.board.terrain
                    [g.state.board.hex_ix(r.hex).expect("on map") as usize]
                    == crate::rules::napoleon::model::NapoleonTerrain::Town
                {
                    u8::MAX
                } else {
                    r.facing
                };
                listed_ends.push((r.hex, facing));
                if plain {
                    compared += 1;
                    assert_eq!(
                        h2.state.move_end_refusal(p),
                        None,
                        "seed {tried}: {id} may not end at {} though listed",
                        r.hex
                    );
                    assert_eq!(
                        end_of(&h2.state, p),
                        (r.hex, facing),
                        "seed {tried}: {id}'s path ends elsewhere"
                    );
                }
            }
            for e in executable_ends(&g, p) {
                assert!(
                    listed_ends.contains(&e),
                    "seed {tried} ({result:?}): {id} can end at {} facing {} but reach does not list it",
                    e.0,
                    e.1
                );
            }
        }
    }
    assert!(
        positions >= want.min(10),
        "only {positions} valid positions in {tried}"
    );
    assert!(
        compared > pieces,
        "{compared} ends compared over {pieces} pieces"
    );
}

#[test]
fn n95_n19_a_scenario_starts_units_in_column_and_with_casualties_and_validation_holds_the_line() {
    // Issue 35 items 10 and 11: a ford holds infantry only in column; a
    // mid-battle scenario starts units in column and worn.
    let rows = [
        "............",
        "............",
        "............",
        "....f.......",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
    ];
    let units = [
        U("a1", 0, 0, Infantry, 4, "0504", Dir::S),
        U("g1", 0, 0, Artillery, 0, "0503", Dir::S),
        U("b1", 1, 0, Infantry, 4, "0509", Dir::N),
    ];
    let errors = |s: &Scenario, m: &Map| -> Vec<String> {
        crate::scenario::validate(s, m)
            .into_iter()
            .filter(|i| i.severity == crate::scenario::Severity::Error)
            .map(|i| i.message)
            .collect()
    };
    let (mut s, m) = scenario_on(&rows, &units);
    let e = errors(&s, &m);
    assert!(
        e.iter().any(|x| x.contains("a1") && x.contains("(N95)")),
        "{e:?}"
    );
    let unit = |s: &mut Scenario, id: &str| -> usize {
        s.units
            .iter()
            .position(|u| u.id.as_str() == id)
            .expect("unit")
    };
    let a1 = unit(&mut s, "a1");
    s.units[a1].troop.column = true;
    s.units[a1].troop.casualties = 3;
    assert!(errors(&s, &m).is_empty(), "{:?}", errors(&s, &m));
    // Four points eliminate a combat factor 4 unit (N19).
    s.units[a1].troop.casualties = 4;
    assert!(errors(&s, &m).iter().any(|x| x.contains("(N19)")));
    s.units[a1].troop.casualties = 3;
    let g1 = unit(&mut s, "g1");
    s.units[g1].troop.column = true;
    assert!(
        errors(&s, &m)
            .iter()
            .any(|x| x.contains("g1") && x.contains("no formation"))
    );
    s.units[g1].troop.column = false;
    let g: Game<Napoleon> = Game::new(&s, &m, 1, ()).expect("starts");
    let p = piece(&g, "a1");
    assert!(g.state.column[p as usize], "in column");
    assert_eq!(g.state.casualties[p as usize], 3);
    assert!(g.state.vulnerable(p), "a column is vulnerable (N93)");
    // The scenario writes and reads back both.
    let text = crate::scenario::scenario_to_ron(&s);
    assert!(
        text.contains("column: true") && text.contains("casualties: 3"),
        "{text}"
    );
    let back = crate::scenario::parse_scenario(&text, "x.ron").expect("reads back");
    assert_eq!(back.units[a1].troop, s.units[a1].troop);
}
