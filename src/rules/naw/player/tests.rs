//! The heuristic player on a scenario made as File > New makes one (a
//! clear map, two sides, the Napoleon at Waterloo rules), not Waterloo:
//! it must play to the scenario's victory conditions, not to one map's
//! positions (issue 16, item 17).

use super::heuristic::{NawKnowledge, NawPlayer};
use super::tuning::NawTuning;
use crate::ai::Player;
use crate::rules::naw::engine::{Naw, Phase, VariantSetup};
type Game = crate::engine::Game<Naw>;
use crate::hex::{Grid, Hex, Orientation, Stagger};
use crate::scenario::{
    self, Colour, ExitCondition, LossThreshold, Map, MapSource, Placement, RuleSet, Scenario, Side,
    SideId, Unit, UnitId, UnitKind, Victory,
};
use std::sync::Arc;

fn side(id: &str, c: Colour) -> Side {
    Side {
        id: SideId::new(id),
        name: id.to_string(),
        colour: c,
        contingents: Vec::new(),
        forces: Vec::new(),
        army: None,
    }
}

fn unit(id: &str, side: &str, hex: Hex) -> Unit {
    Unit {
        id: UnitId::from(id),
        designation: format!("{id} Brigade"),
        side: SideId::new(side),
        contingent: None,
        kind: UnitKind::Infantry,
        strength: 4,
        movement: 4,
        placement: Placement::Start(hex),
        facing: None,
        troop: Default::default(),
        one_hour: None,
        hits16: None,
    }
}

/// A 24x16 clear map; the French in the west, the Allies in the north
/// centre (not between the French and their exits), the French to exit
/// three units off the east edge.
fn pickup() -> (Scenario, Map, Vec<Hex>) {
    let map = Map::filled(
        "pick-up",
        24,
        16,
        Grid::new(Orientation::FlatTop, Stagger::Even),
        crate::rules::naw::model::terrain(),
        '.',
    );
    let exits: Vec<Hex> = (6..=11).map(|r| Hex::new(24, r)).collect();
    let mut units = Vec::new();
    for (i, r) in (5..=10).enumerate() {
        units.push(unit(
            &format!("f{i}"),
            "French",
            Hex::new(2 + (i as i32 % 2), r),
        ));
    }
    for i in 0..6 {
        units.push(unit(
            &format!("a{i}"),
            "Allied",
            Hex::new(11 + i, 1 + (i % 2)),
        ));
    }
    let s = Scenario {
        version: scenario::FORMAT_VERSION,
        title: "Pick-up".into(),
        author: String::new(),
        description: String::new(),
        map: MapSource::Inline(Box::new(map.clone())),
        rules: RuleSet::default(),
        turns: 10,
        sides: vec![
            side("French", Colour(0x3a, 0x5f, 0xb0)),
            side("Allied", Colour(0xc0, 0x39, 0x2b)),
        ],
        units,
        crt: crate::rules::naw::model::crt(),
        victory: Victory {
            loss_thresholds: vec![
                LossThreshold {
                    side: SideId::new("French"),
                    points: 12,
                },
                LossThreshold {
                    side: SideId::new("Allied"),
                    points: 12,
                },
            ],
            exits: vec![ExitCondition {
                side: SideId::new("French"),
                hexes: exits.clone(),
                units: 3,
            }],
            victory_hexes: Vec::new(),
        },
        variants: Vec::new(),
        notes: String::new(),
    };
    (s, map, exits)
}

/// Distance from `h` to the straight way from the French start to the
/// exits (rows 5-11, west to east): how far off the French path a unit is.
fn off_the_way(h: Hex) -> i32 {
    if h.row < 5 {
        5 - h.row
    } else if h.row > 11 {
        h.row - 11
    } else {
        0
    }
}

#[test]
fn issue16_item17_the_side_the_exits_are_against_screens_them_on_a_new_scenario() {
    let (s, map, exits) = pickup();
    assert!(
        scenario::validate(&s, &map)
            .iter()
            .all(|i| i.severity != scenario::Severity::Error),
        "{:?}",
        scenario::validate(&s, &map)
    );
    let mut game = Game::new(&s, &map, 3, VariantSetup::Off).expect("starts");
    let know = NawKnowledge::new(Arc::clone(game.state.board()));
    let mut players = [
        NawPlayer::new(know.clone(), NawTuning::default(), 1),
        NawPlayer::new(know, NawTuning::default(), 2),
    ];
    let allied = |g: &Game| -> Vec<Hex> {
        (0..g.state.pos().len() as u16)
            .filter(|&u| g.state.side_of(u) == 1)
            .filter_map(|u| g.state.unit_hex(u).map(|h| g.state.board().hex(h)))
            .collect()
    };
    let start = allied(&game);
    let before: i32 = start.iter().map(|&h| off_the_way(h)).sum();
    // Two Game-Turns: both sides' Movement and Combat Phases.
    while !game.is_over() && game.state.turn() <= 2 {
        let who = game.state.to_act() as usize;
        let c = players[who].choose(&game.state).expect("a command");
        game.execute(&c).expect("legal");
        if game.state.turn() == 3 && game.state.phase() == Phase::Movement {
            break;
        }
    }
    let now = allied(&game);
    let after: i32 = now.iter().map(|&h| off_the_way(h)).sum();
    let moved = start.iter().zip(&now).filter(|(a, b)| a != b).count();
    assert!(
        moved >= 4,
        "the Allies move: {moved} of 6 did ({start:?} -> {now:?})"
    );
    assert!(
        after * 2 <= before,
        "the Allies close the French way to the exits: {before} -> {after} hexes off it ({now:?})"
    );
    assert!(
        !now.iter().any(|h| exits.contains(h)),
        "no Allied unit sits on the French exit hexes while the French are far: {now:?}"
    );
}

#[test]
fn issue16_item17_a_side_that_cannot_win_is_known_to_defend() {
    let (mut s, map, _) = pickup();
    // The Allies cannot demoralize a French army whose threshold is above
    // its whole strength [8.1].
    s.victory.loss_thresholds[0].points = 25;
    let game = Game::new(&s, &map, 3, VariantSetup::Off).expect("starts");
    let know = NawKnowledge::new(Arc::clone(game.state.board()));
    assert_eq!(know.can_win(), [true, false]);
    let (s, map, _) = pickup();
    let game = Game::new(&s, &map, 3, VariantSetup::Off).expect("starts");
    assert_eq!(
        NawKnowledge::new(Arc::clone(game.state.board())).can_win(),
        [true, true]
    );
}
