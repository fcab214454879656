//! One test or more per ruling of RULINGS-ONE-HOUR.md that the game
//! enforces, legal and illegal sides, named after the ruling. Where a
//! ruling needs a particular roll, the test looks for a seed that gives
//! it and then checks what the rules make of it.

use super::*;
use crate::scenario::HexsideFeature;
use UnitType::*;

pub(super) fn mv(unit: u16, steps: &[&str]) -> Command {
    Command::Move {
        unit,
        start: None,
        steps: steps.iter().map(|s| b(s)).collect(),
        end: None,
        column: false,
        leader: None,
    }
}

pub(super) fn shoot(unit: u16, target: u16) -> Command {
    Command::Shoot { unit, target }
}

/// A game on open ground with these units, shooting first (no decks).
pub(super) fn open(units: &[U]) -> Game<OneHour> {
    game(&OPEN, units, plain(), 1)
}

/// Step 3 of the first player turn.
pub(super) fn to_movement(g: &mut Game<OneHour>) {
    run(g, Command::EndShooting);
}

/// The first seed whose game, after `act`, satisfies `want`.
pub(super) fn seek(
    make: impl Fn(u64) -> Game<OneHour>,
    act: impl Fn(&mut Game<OneHour>) -> Vec<Event>,
    want: impl Fn(&Game<OneHour>, &[Event]) -> bool,
) -> (Game<OneHour>, Vec<Event>) {
    for seed in 0..2000 {
        let mut g = make(seed);
        let ev = act(&mut g);
        if want(&g, &ev) {
            return (g, ev);
        }
    }
    panic!("no seed in 2000 gives the roll the test needs");
}

#[test]
fn h2_units_face_a_box_side_never_a_corner() {
    let mut g = open(&[
        U("a", 0, LineInfantry, "0505", Dir::N),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ]);
    to_movement(&mut g);
    let c = Command::Move {
        unit: 0,
        start: Some(Dir::NE),
        steps: Vec::new(),
        end: None,
        column: false,
        leader: None,
    };
    assert!(refused(&g, &c).contains("(H2)"));
    // A scenario giving a corner is refused when checked.
    let (mut s, m) = scenario(&OPEN, &[U("a", 0, LineInfantry, "0505", Dir::N)], plain());
    s.units[0].facing = Some(Dir::NE);
    let issues = crate::scenario::validate(&s, &m);
    assert!(
        issues.iter().any(|i| i.to_string().contains("(H2)")),
        "{issues:?}"
    );
}

#[test]
fn h3_steps_go_straight_or_diagonally_ahead_never_sideways_or_back() {
    let mut g = open(&[
        U("line", 0, LineInfantry, "0505", Dir::N),
        U("light", 0, LightInfantry, "0805", Dir::N),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ]);
    to_movement(&mut g);
    assert!(
        refused(&g, &mv(0, &["0605"])).contains("(H3, H4)"),
        "sideways"
    );
    assert!(
        refused(&g, &mv(0, &["0506"])).contains("(H3, H4)"),
        "backward"
    );
    // Line infantry moves 1 box: a diagonal costs 1.5.
    assert!(refused(&g, &mv(0, &["0604"])).contains("costs 1.5"));
    run(&mut g, mv(0, &["0504"]));
    // Light infantry moves 1.5: one diagonal step.
    run(&mut g, mv(1, &["0904"]));
    assert_eq!(g.state.pos[1], Some(b("0904")));
}

#[test]
fn h3_min_move_one_box_lets_a_one_box_unit_step_diagonally() {
    let units = [
        U("line", 0, LineInfantry, "0505", Dir::N),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ];
    let mut g = open(&units);
    to_movement(&mut g);
    assert!(refused(&g, &mv(0, &["0604"])).contains("(H3, H14, H33)"));
    let mut o = plain();
    o.min_move_one_box = true;
    let mut g = game(&OPEN, &units, o, 1);
    to_movement(&mut g);
    assert!(
        refused(&g, &mv(0, &["0604", "0603"])).contains("(H3, H14, H33)"),
        "one step only"
    );
    assert!(
        g.state
            .reach(0, Dir::N, false)
            .iter()
            .any(|r| r.to == b("0604")),
        "listed too"
    );
    run(&mut g, mv(0, &["0604"]));
}

#[test]
fn h3_the_corner_rule_refuses_a_diagonal_between_two_enemies() {
    let mut g = open(&[
        U("light", 0, LightInfantry, "0505", Dir::N),
        U("y", 1, LineInfantry, "0504", Dir::W),
        U("z", 1, LineInfantry, "0605", Dir::W),
    ]);
    to_movement(&mut g);
    assert!(refused(&g, &mv(0, &["0604"])).contains("(H3, H44)"));
}

#[test]
fn h4_a_unit_pivots_before_and_after_its_move() {
    let mut g = open(&[
        U("line", 0, LineInfantry, "0505", Dir::N),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ]);
    to_movement(&mut g);
    let c = Command::Move {
        unit: 0,
        start: Some(Dir::E),
        steps: vec![b("0605")],
        end: Some(Dir::S),
        column: false,
        leader: None,
    };
    run(&mut g, c);
    assert_eq!(g.state.pos[0], Some(b("0605")));
    assert_eq!(g.state.facing[0], Dir::S);
}

#[test]
fn h10_a_unit_that_shot_may_not_move() {
    let mut g = open(&[
        U("guns", 0, Artillery, "0505", Dir::N),
        U("z", 1, LineInfantry, "0502", Dir::S),
    ]);
    run(&mut g, shoot(0, 1));
    assert!(
        refused(&g, &shoot(0, 1)).contains("(H10)"),
        "one shot a turn"
    );
    run(&mut g, Command::EndShooting);
    assert!(refused(&g, &mv(0, &["0504"])).contains("(H10)"));
}

#[test]
fn h6_h15_fire_needs_the_arc_the_range_and_a_line_of_sight() {
    let rows = [
        "............",
        "............",
        "....W.......",
        "............",
        "............",
        "............",
        "............",
        "............",
    ];
    let mut g = game(
        &rows,
        &[
            U("line", 0, LineInfantry, "0905", Dir::N),
            U("guns", 0, Artillery, "0505", Dir::N),
            U("behind", 1, LineInfantry, "0907", Dir::N),
            U("far", 1, LineInfantry, "0902", Dir::S),
            U("hidden", 1, LineInfantry, "0501", Dir::S),
            U("seen", 1, LineInfantry, "0701", Dir::S),
        ],
        plain(),
        1,
    );
    assert!(
        refused(&g, &shoot(0, 2)).contains("(H6)"),
        "behind the line"
    );
    assert!(refused(&g, &shoot(0, 3)).contains("(H5, H15)"), "3 boxes");
    assert!(
        refused(&g, &shoot(1, 4)).contains("(H7)"),
        "the wood between"
    );
    // Artillery at 4 boxes rolls 2 dice.
    let ev = run(&mut g, shoot(1, 5));
    let Some(Event::Shot { dice, range, .. }) = ev.iter().find(|e| matches!(e, Event::Shot { .. }))
    else {
        panic!("no shot: {ev:?}");
    };
    assert_eq!((*range, dice.len()), (4, 2));
}

#[test]
fn h6_artillery_may_not_fire_from_a_town() {
    let rows = [
        "............",
        "............",
        "....T.......",
        "............",
        "............",
        "............",
        "............",
        "............",
    ];
    let g = game(
        &rows,
        &[
            U("guns", 0, Artillery, "0503", Dir::N),
            U("z", 1, LineInfantry, "0501", Dir::S),
        ],
        plain(),
        1,
    );
    assert!(refused(&g, &shoot(0, 1)).contains("(H6)"));
}

#[test]
fn h16_artillery_rolls_double_against_a_flank() {
    let mut g = open(&[
        U("guns", 0, Artillery, "0505", Dir::N),
        U("z", 1, LineInfantry, "0503", Dir::E),
    ]);
    let ev = run(&mut g, shoot(0, 1));
    let Some(Event::Shot { dice, .. }) = ev.iter().find(|e| matches!(e, Event::Shot { .. })) else {
        panic!("no shot");
    };
    assert_eq!(dice.len(), 4, "2 dice at 2 boxes, doubled on the flank");
}

fn retreat_case(seed: u64, trait_of: fn(&mut OneHourUnit)) -> Game<OneHour> {
    let (mut s, m) = scenario(
        &OPEN,
        &[
            U("guns", 0, Artillery, "0505", Dir::N),
            U("z", 1, LineInfantry, "0504", Dir::S),
        ],
        plain(),
    );
    if let Some(x) = &mut s.units[1].one_hour {
        trait_of(x);
    }
    Game::new(&s, &m, seed, ()).expect("starts")
}

pub(super) fn hits_of(ev: &[Event]) -> u32 {
    ev.iter()
        .find_map(|e| match e {
            Event::Shot { hits, .. } => Some(*hits),
            _ => None,
        })
        .unwrap_or(0)
}

#[test]
fn h18_retreat_after_three_hits_from_one_source() {
    let (g, ev) = seek(
        |seed| retreat_case(seed, |_| {}),
        |g| run(g, shoot(0, 1)),
        |_, ev| hits_of(ev) >= 3,
    );
    assert!(
        ev.contains(&Event::Retreated {
            unit: 1,
            to: b("0503")
        }),
        "directly away from the guns: {ev:?}"
    );
    assert_eq!(g.state.facing[1], Dir::S, "it keeps its facing");
    // Two hits do not drive it back.
    let (_, ev) = seek(
        |seed| retreat_case(seed, |_| {}),
        |g| run(g, shoot(0, 1)),
        |_, ev| hits_of(ev) == 2,
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Retreated { .. })));
}

#[test]
fn h18_h37_conscripts_retreat_at_two_hits_and_steadfast_units_never() {
    let (_, ev) = seek(
        |seed| retreat_case(seed, |x| x.conscript = true),
        |g| run(g, shoot(0, 1)),
        |_, ev| hits_of(ev) == 2,
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Retreated { .. })));
    let (_, ev) = seek(
        |seed| retreat_case(seed, |x| x.steadfast = true),
        |g| run(g, shoot(0, 1)),
        |_, ev| hits_of(ev) >= 3,
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Retreated { .. })));
}

#[test]
fn h8_a_blocked_retreat_costs_an_extra_hit() {
    let (g, ev) = seek(
        |seed| {
            let (s, m) = scenario(
                &OPEN,
                &[
                    U("guns", 0, Artillery, "0505", Dir::N),
                    U("z", 1, LineInfantry, "0504", Dir::S),
                    U("y", 1, LineInfantry, "0503", Dir::S),
                    U("x", 1, LineInfantry, "0403", Dir::S),
                    U("w", 1, LineInfantry, "0603", Dir::S),
                ],
                plain(),
            );
            Game::new(&s, &m, seed, ()).expect("starts")
        },
        |g| run(g, shoot(0, 1)),
        |_, ev| (3..5).contains(&hits_of(ev)),
    );
    assert!(ev.contains(&Event::RetreatBlocked { unit: 1 }), "{ev:?}");
    assert!(ev.contains(&Event::Hits {
        unit: 1,
        hits: 1,
        cause: Cause::Blocked
    }));
    assert_eq!(g.state.pos[1], Some(b("0504")));
}

#[test]
fn h19_line_infantry_may_advance_with_the_bayonet_into_a_routed_box() {
    let (mut g, ev) = seek(
        |seed| {
            let mut g = game(
                &OPEN,
                &[
                    U("line", 0, LineInfantry, "0505", Dir::N),
                    U("z", 1, LineInfantry, "0504", Dir::S),
                ],
                plain(),
                seed,
            );
            g.state.hits[1] = 5;
            g
        },
        |g| run(g, shoot(0, 1)),
        |g, _| g.state.routed[1],
    );
    assert!(ev.contains(&Event::Routed { unit: 1 }));
    assert_eq!(
        g.state.pending.front(),
        Some(&Pending::Bayonet {
            unit: 0,
            to: b("0504")
        })
    );
    assert!(refused(&g, &Command::EndShooting).contains("bayonet"));
    run(&mut g, Command::Bayonet { advance: true });
    assert_eq!(g.state.pos[0], Some(b("0504")));
}

#[test]
fn h20_a_routed_unit_leaves_the_field_and_a_leader_holds_one_more_hit() {
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
    let g = game(
        &OPEN,
        &[
            U("guns", 0, Artillery, "0505", Dir::N),
            U("z", 1, LineInfantry, "0504", Dir::S),
        ],
        o,
        1,
    );
    assert_eq!(g.state.hits_left(1), 7, "good 6, plus the leader");
    let (g, _) = seek(
        |seed| {
            let mut g = open(&[
                U("guns", 0, Artillery, "0505", Dir::N),
                U("z", 1, LineInfantry, "0504", Dir::S),
            ]);
            g = Game::with_board(g.board().clone(), seed, (), g.scenario_id.clone());
            g.state.hits[1] = 5;
            g
        },
        |g| run(g, shoot(0, 1)),
        |_, ev| hits_of(ev) >= 1,
    );
    assert!(g.state.routed[1]);
    assert_eq!(g.state.pos[1], None);
    assert_eq!(g.state.lost, [0, 1]);
}

#[test]
fn h21_a_unit_that_has_done_nothing_rallies_out_of_contact() {
    let mut g = open(&[
        U("a", 0, LineInfantry, "0505", Dir::N),
        U("b", 0, LineInfantry, "0802", Dir::N),
        U("z", 1, LineInfantry, "0801", Dir::S),
    ]);
    g.state.hits[0] = 3;
    g.state.hits[1] = 2;
    to_movement(&mut g);
    assert!(
        refused(&g, &Command::Rally { unit: 1 }).contains("(H21)"),
        "contact"
    );
    let ev = run(&mut g, Command::Rally { unit: 0 });
    let Some(Event::Rallied { face, regained, .. }) = ev.first() else {
        panic!("{ev:?}");
    };
    let want = match face {
        1 => 0,
        2..=4 => 1,
        _ => 2,
    };
    assert_eq!(*regained, want);
    assert_eq!(g.state.hits[0], 3 - want);
    assert!(refused(&g, &mv(0, &["0504"])).contains("(H10, H21, H32)"));
}

pub(super) fn charge_position(seed: u64, target: UnitType, facing: Dir) -> Game<OneHour> {
    game(
        &OPEN,
        &[
            U("cav", 0, Cavalry, "0506", Dir::N),
            U("z", 1, target, "0504", facing),
            U("far", 1, LineInfantry, "1201", Dir::S),
        ],
        plain(),
        seed,
    )
}

#[test]
fn h26_only_cavalry_charge_a_target_ahead_within_reach() {
    let mut g = charge_position(1, LineInfantry, Dir::S);
    to_movement(&mut g);
    let charge = |steps: &[&str]| Command::Charge {
        unit: 0,
        steps: steps.iter().map(|s| b(s)).collect(),
        target: 1,
    };
    assert!(
        refused(&g, &charge(&[])).contains("(H26, H48)"),
        "not adjacent"
    );
    assert!(g.state.check(&charge(&["0505"])).is_ok());
    let mut g2 = game(
        &OPEN,
        &[
            U("line", 0, LineInfantry, "0505", Dir::N),
            U("z", 1, LineInfantry, "0504", Dir::S),
        ],
        plain(),
        1,
    );
    to_movement(&mut g2);
    let c = Command::Charge {
        unit: 0,
        steps: Vec::new(),
        target: 1,
    };
    assert!(refused(&g2, &c).contains("(H26)"));
    // Behind the charger: never (no pivot before a charge).
    let mut g3 = charge_position(1, LineInfantry, Dir::S);
    g3.state.facing[0] = Dir::S;
    to_movement(&mut g3);
    assert!(refused(&g3, &charge(&["0505"])).contains("(H26)"));
}

#[test]
fn h26_h32_a_square_may_not_be_charged() {
    let mut g = charge_position(1, LineInfantry, Dir::S);
    g.state.formation[1] = Formation::Square;
    to_movement(&mut g);
    let c = Command::Charge {
        unit: 0,
        steps: vec![b("0505")],
        target: 1,
    };
    assert!(refused(&g, &c).contains("(H26, H32)"));
}

/// Cavalry at 0305 facing east charges a unit of type `t` at 0505 facing
/// north, from its flank; the game and the charge's events.
fn flank_charge(t: UnitType) -> (Game<OneHour>, Vec<Event>) {
    let mut g = game(
        &OPEN,
        &[
            U("cav", 0, Cavalry, "0305", Dir::E),
            U("z", 1, t, "0505", Dir::N),
        ],
        plain(),
        1,
    );
    to_movement(&mut g);
    let ev = run(
        &mut g,
        Command::Charge {
            unit: 0,
            steps: vec![b("0405")],
            target: 1,
        },
    );
    (g, ev)
}

/// The dice of the charge among `ev`.
fn charge_dice(ev: &[Event]) -> Vec<u32> {
    match ev.iter().find(|e| matches!(e, Event::ChargeRolled { .. })) {
        Some(Event::ChargeRolled { dice, .. }) => dice.clone(),
        _ => panic!("no charge dice: {ev:?}"),
    }
}

#[test]
fn h28_line_infantry_charged_in_the_flank_may_turn_to_face() {
    let (mut g, ev) = flank_charge(LineInfantry);
    assert!(matches!(
        ev.last(),
        Some(Event::Asked {
            pending: Pending::Respond { .. }
        })
    ));
    assert_eq!(g.to_act(), 1, "the defender answers");
    assert!(
        refused(
            &g,
            &Command::Respond {
                facing: Some(Dir::E)
            }
        )
        .contains("(H28)")
    );
    let ev = run(
        &mut g,
        Command::Respond {
            facing: Some(Dir::W),
        },
    );
    assert!(ev.contains(&Event::Faced {
        unit: 1,
        facing: Dir::W
    }));
    let dice = charge_dice(&ev);
    assert_eq!(dice.len(), 3, "faced: no flank, 3 dice");
}

#[test]
fn h27_a_flank_charge_rolls_double() {
    let (_, ev) = flank_charge(Artillery);
    let dice = charge_dice(&ev);
    assert_eq!(
        dice.len(),
        6,
        "guns in the open, in the flank: doubled once"
    );
}

#[test]
fn h29_a_charger_follows_into_the_box_of_a_routed_target() {
    let (g, ev) = seek(
        |seed| {
            let mut g = charge_position(seed, Artillery, Dir::S);
            g.state.hits[1] = 5;
            to_movement(&mut g);
            g
        },
        |g| {
            run(
                g,
                Command::Charge {
                    unit: 0,
                    steps: vec![b("0505")],
                    target: 1,
                },
            )
        },
        |g, _| g.state.routed[1],
    );
    assert!(ev.contains(&Event::Advanced {
        unit: 0,
        to: b("0504")
    }));
    assert_eq!(g.state.pos[0], Some(b("0504")));
    assert!(
        refused(&g, &mv(0, &["0503"])).contains("(H29)"),
        "the charge ends its move"
    );
}

#[test]
fn h32_forming_square_is_the_units_move() {
    let mut g = open(&[
        U("a", 0, LineInfantry, "0505", Dir::N),
        U("cav", 0, Cavalry, "0705", Dir::N),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ]);
    to_movement(&mut g);
    let sq = Command::Square {
        unit: 1,
        form: true,
        facing: Dir::N,
    };
    assert!(refused(&g, &sq).contains("(H32)"), "cavalry");
    run(
        &mut g,
        Command::Square {
            unit: 0,
            form: true,
            facing: Dir::N,
        },
    );
    assert_eq!(g.state.formation[0], Formation::Square);
    assert!(refused(&g, &mv(0, &["0504"])).contains("(H10, H21, H32)"));
}

#[test]
fn h33_column_of_route_moves_further_along_the_road() {
    let mut m = map(&OPEN);
    let grid = m.grid();
    for c in 2..8 {
        if let Some(side) = grid.hexside(Hex::new(c, 5), Dir::E) {
            m.hexsides
                .entry(side)
                .or_default()
                .insert(HexsideFeature::Road);
        }
    }
    let (mut s, _) = scenario(
        &OPEN,
        &[
            U("a", 0, LineInfantry, "0205", Dir::E),
            U("z", 1, LineInfantry, "1201", Dir::S),
        ],
        plain(),
    );
    s.map = MapSource::Inline(Box::new(m.clone()));
    let mut g: Game<OneHour> = Game::new(&s, &m, 1, ()).expect("starts");
    to_movement(&mut g);
    let road = |n: usize, column| Command::Move {
        unit: 0,
        start: None,
        steps: (3..3 + n as i32).map(|c| Hex::new(c, 5)).collect(),
        end: None,
        column,
        leader: None,
    };
    assert!(refused(&g, &road(2, false)).contains("(H3, H14, H33)"));
    assert!(refused(&g, &road(4, true)).contains("(H3, H14, H33)"));
    run(&mut g, road(3, true));
    assert_eq!(g.state.pos[0], Some(b("0505")));
    assert_eq!(g.state.formation[0], Formation::Column);
}

/// A game on `rows` with a road across box corners through `boxes` (each
/// a diagonal neighbour of the one before), shooting done.
fn corner_road_game(
    rows: &[&str],
    boxes: &[&str],
    units: &[U],
    o: OneHourOptions,
) -> Game<OneHour> {
    let (mut s, mut m) = scenario(rows, units, o);
    for w in boxes.windows(2) {
        let side = m
            .grid()
            .hexside_between(b(w[0]), b(w[1]))
            .expect("neighbours");
        m.hexsides
            .entry(side)
            .or_default()
            .insert(HexsideFeature::Road);
    }
    s.map = MapSource::Inline(Box::new(m.clone()));
    let errors: Vec<_> = crate::scenario::validate(&s, &m)
        .into_iter()
        .filter(|i| i.severity == crate::scenario::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "test position invalid: {errors:?}");
    let mut g: Game<OneHour> = Game::new(&s, &m, 1, ()).expect("starts");
    to_movement(&mut g);
    g
}

const CORNER_ROAD: [&str; 5] = ["0206", "0305", "0404", "0503", "0602"];

fn column_move(steps: &[&str], end: Option<Dir>) -> Command {
    Command::Move {
        unit: 0,
        start: None,
        steps: steps.iter().map(|s| b(s)).collect(),
        end,
        column: true,
        leader: None,
    }
}

#[test]
fn h33_h46_a_column_follows_a_road_across_box_corners_at_the_diagonal_road_cost() {
    let units = [
        U("a", 0, LineInfantry, "0206", Dir::S),
        U("z", 1, LineInfantry, "1201", Dir::S),
    ];
    let g = corner_road_game(&OPEN, &CORNER_ROAD, &units, plain());
    // NE is not ahead of a unit facing S: deployed, no step goes there.
    assert!(refused(&g, &mv(0, &["0305"])).contains("(H3, H4)"));
    // In column along the road: two diagonal road steps at 1.5 boxes
    // each are the 3 boxes of line infantry in column on a road; a
    // third is too far.
    assert!(refused(&g, &column_move(&["0305", "0404", "0503"], None)).contains("(H3, H14, H33)"));
    let mut ok = g.clone();
    run(&mut ok, column_move(&["0305", "0404"], None));
    assert_eq!(ok.state.pos[0], Some(b("0404")));
    // H46: the facing becomes a side of the corner crossed, the one
    // nearer the facing it had (S: E rather than N).
    assert_eq!(ok.state.facing[0], Dir::E);
    // Option road_diagonal_cost: at 1 box a diagonal road step, three fit.
    let mut o = plain();
    o.road_diagonal_cost = 2;
    let mut cheap = corner_road_game(&OPEN, &CORNER_ROAD, &units, o);
    run(&mut cheap, column_move(&["0305", "0404", "0503"], None));
    assert_eq!(cheap.state.pos[0], Some(b("0503")));
}

#[test]
fn h46_ending_on_the_other_side_of_the_last_corner_is_no_pivot() {
    let units = [
        U("a", 0, Cavalry, "0206", Dir::S),
        U("z", 1, LineInfantry, "1201", Dir::S),
    ];
    let g = corner_road_game(&OPEN, &CORNER_ROAD, &units, plain());
    let mut either = g.clone();
    run(&mut either, column_move(&["0305", "0404"], Some(Dir::N)));
    assert_eq!(either.state.facing[0], Dir::N);
    assert!(
        !either.state.acts[0].end_pivoted,
        "N is a side of the corner"
    );
    let mut pivot = g.clone();
    run(&mut pivot, column_move(&["0305", "0404"], Some(Dir::W)));
    assert!(
        pivot.state.acts[0].end_pivoted,
        "W is a pivot after the move"
    );
}

#[test]
fn h34_h47_a_road_across_a_corner_opens_woods_and_water_to_a_column() {
    let mut woods = OPEN;
    woods[4] = "..W.........";
    let units = [
        U("a", 0, Cavalry, "0206", Dir::N),
        U("z", 1, LineInfantry, "1201", Dir::S),
    ];
    let g = corner_road_game(&woods, &CORNER_ROAD, &units, plain());
    // 0305 is woods: cavalry enter it only along the road in column.
    assert!(refused(&g, &mv(0, &["0305"])).contains("(H34, H47)"));
    let mut ok = g.clone();
    run(&mut ok, column_move(&["0305"], None));
    assert_eq!(ok.state.pos[0], Some(b("0305")));
}

#[test]
fn h44_a_road_step_across_a_corner_ignores_its_terrain_but_not_enemy_units() {
    // Lakes in both boxes sharing the corner between 0206 and 0305.
    let mut lakes = OPEN;
    lakes[4] = ".L..........";
    lakes[5] = "..L.........";
    let units = [
        U("a", 0, LineInfantry, "0206", Dir::N),
        U("z", 1, LineInfantry, "1201", Dir::S),
    ];
    let g = corner_road_game(&lakes, &CORNER_ROAD, &units, plain());
    assert!(refused(&g, &mv(0, &["0305"])).contains("(H3, H44)"));
    let mut ok = g.clone();
    run(&mut ok, column_move(&["0305"], None));
    assert_eq!(ok.state.pos[0], Some(b("0305")));
    // Enemy units in both boxes block even the road step.
    let units = [
        U("a", 0, LineInfantry, "0206", Dir::N),
        U("y", 1, LineInfantry, "0205", Dir::S),
        U("z", 1, LineInfantry, "0306", Dir::W),
    ];
    let g = corner_road_game(&OPEN, &CORNER_ROAD, &units, plain());
    assert!(
        refused(&g, &column_move(&["0305"], None)).contains("block even a road step (H3, H44)")
    );
}

#[test]
fn h46_the_listed_moves_follow_a_road_across_corners() {
    let units = [
        U("a", 0, LineInfantry, "0206", Dir::S),
        U("z", 1, LineInfantry, "1201", Dir::S),
    ];
    let g = corner_road_game(&OPEN, &CORNER_ROAD, &units, plain());
    let reach = g.state.reach(0, Dir::S, true);
    let end = reach
        .iter()
        .find(|r| r.to == b("0404"))
        .expect("two road steps listed");
    assert_eq!(
        (end.facing, end.path.clone()),
        (Dir::E, vec![b("0305"), b("0404")])
    );
    let listed = g.state.legal_commands();
    assert!(
        listed.contains(&column_move(&["0305", "0404"], None)),
        "{listed:?}"
    );
}

#[test]
fn h33_the_diagonal_road_cost_without_a_road_across_a_corner_is_warned_about() {
    let units = [U("a", 0, LineInfantry, "0505", Dir::N)];
    let (s, m) = scenario(&OPEN, &units, plain());
    let issues = crate::scenario::validate(&s, &m);
    assert!(
        !issues
            .iter()
            .any(|i| i.to_string().contains("road_diagonal_cost")),
        "{issues:?}"
    );
    let mut o = plain();
    o.road_diagonal_cost = 2;
    let (s, m) = scenario(&OPEN, &units, o.clone());
    let issues = crate::scenario::validate(&s, &m);
    assert!(
        issues.iter().any(|i| i
            .to_string()
            .contains("no road on this map crosses a box corner")),
        "{issues:?}"
    );
    // With a road across a corner, the number has something to apply to.
    let (mut s, mut m) = scenario(&OPEN, &units, o);
    let side = m
        .grid()
        .hexside_between(b("0206"), b("0305"))
        .expect("diagonal");
    m.hexsides
        .entry(side)
        .or_default()
        .insert(HexsideFeature::Road);
    s.map = MapSource::Inline(Box::new(m.clone()));
    let issues = crate::scenario::validate(&s, &m);
    assert!(
        !issues
            .iter()
            .any(|i| i.to_string().contains("road_diagonal_cost")),
        "{issues:?}"
    );
}

#[test]
fn h36_no_box_holds_two_units_when_step_3_ends() {
    let mut g = open(&[
        U("a", 0, LineInfantry, "0505", Dir::N),
        U("b", 0, LineInfantry, "0504", Dir::N),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ]);
    to_movement(&mut g);
    run(&mut g, mv(0, &["0504"]));
    assert!(refused(&g, &Command::EndTurn).contains("(H36)"));
    run(&mut g, mv(1, &["0503"]));
    run(&mut g, Command::EndTurn);
}

#[test]
fn h36_only_light_infantry_pass_through_friends_facing_another_way() {
    let mut g = open(&[
        U("a", 0, LineInfantry, "0506", Dir::N),
        U("b", 0, LineInfantry, "0505", Dir::E),
        U("light", 0, LightInfantry, "0706", Dir::N),
        U("c", 0, LineInfantry, "0705", Dir::E),
        U("z", 1, LineInfantry, "0501", Dir::S),
    ]);
    g.state.acts[0].moves_allowed = 2;
    to_movement(&mut g);
    let through = Command::Move {
        unit: 0,
        start: None,
        steps: vec![b("0505"), b("0504")],
        end: None,
        column: true,
        leader: None,
    };
    assert!(refused(&g, &through).contains("(H36)"));
    let light = Command::Move {
        unit: 2,
        start: None,
        steps: vec![b("0705")],
        end: None,
        column: false,
        leader: None,
    };
    assert!(
        g.state.check(&light).is_ok(),
        "light infantry may end there for now"
    );
}

#[test]
fn h9_the_game_ends_at_the_turn_limit_on_the_objectives_held() {
    let mut o = plain();
    o.turn_limit = 1;
    let (mut s, m) = scenario(
        &OPEN,
        &[
            U("a", 0, LineInfantry, "0505", Dir::N),
            U("z", 1, LineInfantry, "0501", Dir::S),
        ],
        o,
    );
    s.victory.victory_hexes = vec![crate::scenario::VictoryHex {
        hex: b("0504"),
        side: SideId::new("Allied"),
        points: 2,
    }];
    let mut g: Game<OneHour> = Game::new(&s, &m, 1, ()).expect("starts");
    to_movement(&mut g);
    run(&mut g, mv(0, &["0504"]));
    run(&mut g, Command::EndTurn);
    assert_eq!(g.state.side, 1, "the Allied player turn");
    run(&mut g, Command::EndShooting);
    let ev = run(&mut g, Command::EndTurn);
    let Some(Event::GameEnded { winner, reason }) = ev.last() else {
        panic!("{ev:?}");
    };
    assert_eq!(*winner, Some(0));
    assert!(reason.contains("worth 2 to 0"), "{reason}");
}

#[test]
fn h9_an_army_that_loses_its_breaking_point_in_units_loses() {
    let (g, ev) = seek(
        |seed| {
            let (mut s, m) = scenario(
                &OPEN,
                &[
                    U("guns", 0, Artillery, "0505", Dir::N),
                    U("z", 1, LineInfantry, "0504", Dir::S),
                    U("y", 1, LineInfantry, "0101", Dir::S),
                ],
                plain(),
            );
            s.victory.loss_thresholds = vec![crate::scenario::LossThreshold {
                side: SideId::new("Allied"),
                points: 1,
            }];
            let mut g: Game<OneHour> = Game::new(&s, &m, seed, ()).expect("starts");
            g.state.hits[1] = 5;
            g
        },
        |g| run(g, shoot(0, 1)),
        |g, _| g.state.routed[1],
    );
    assert!(matches!(
        ev.last(),
        Some(Event::GameEnded {
            winner: Some(0),
            ..
        })
    ));
    assert!(g.is_over());
}
