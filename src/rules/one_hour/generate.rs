//! Mirrored One Hour Napoleonic battles (issue 69): a random field of
//! boxes with villages, woods and marsh, two equal armies of the rules'
//! five unit types at random qualities and traits, an army commander
//! each (H23), the same chance-card deck each (H38), objectives each side
//! starts holding (H9) and a morale threshold in units lost.

use super::model::{
    Amount, Card, CardEffect, Commands, Deck, Leader, OneHourOptions, OneHourUnit, Quality,
    UnitType,
};
use crate::hex::Hex;
use crate::scenario::mirror::{self, Patches, Rng};
use crate::scenario::{
    Colour, LossThreshold, Map, Placement, RuleSet, Scenario, SideId, Unit, UnitId, VictoryHex,
};

/// The battle of `seed` (see the module's comment).
pub fn mirrored_battle(seed: u64) -> (Scenario, Map) {
    let mut rng = Rng::new(seed);
    let columns = rng.between(10, 14);
    let rows = rng.between(4, 5) * 2;
    let patches = [
        Patches {
            code: 'T',
            count: (1, 3),
            size: 2,
        },
        Patches {
            code: 'W',
            count: (0, 3),
            size: 3,
        },
        Patches {
            code: 'm',
            count: (0, 2),
            size: 2,
        },
    ];
    let map = mirror::field(
        &mut rng,
        "Mirrored field",
        (columns, rows),
        true,
        super::model::terrain(),
        &patches,
        2,
    );
    let (red, blue) = (SideId::new("Red"), SideId::new("Blue"));
    let turn_limit = rng.between(10, 15);
    let mut options = OneHourOptions {
        first_side: Some(red.clone()),
        turn_limit,
        ..OneHourOptions::default()
    };
    let mut hexes = mirror::deployment(&mut rng, &map, 2, &['.', 'T']).into_iter();
    let types = [
        (UnitType::LineInfantry, rng.between(2, 4)),
        (UnitType::LightInfantry, rng.between(0, 2)),
        (UnitType::Cavalry, rng.between(0, 2)),
        (UnitType::HeavyCavalry, rng.between(0, 1)),
        (UnitType::Artillery, rng.between(0, 2)),
    ];
    let mut army = Vec::new();
    for (t, n) in types {
        for _ in 0..n {
            let Some(h) = hexes.next() else { break };
            let i = army.len() + 1;
            let mut data = OneHourUnit::of(t);
            data.quality = match rng.between(1, 6) {
                1 => Quality::Poor,
                6 => Quality::Excellent,
                _ => Quality::Good,
            };
            match rng.between(1, 12) {
                1 => data.steadfast = true,
                2 => data.conscript = true,
                3 => data.impetuous = t.kind() == crate::scenario::UnitKind::Cavalry,
                _ => {}
            }
            data.command = "Army".into();
            let mut u = Unit::new(UnitId::new(format!("r{i}")), red.clone(), t.kind(), h);
            u.designation = format!("{} {i} (R)", t.name());
            (u.strength, u.movement) = (1, 1);
            u.placement = Placement::Start(h);
            u.facing = Some(crate::hex::Dir::N);
            u.one_hour = Some(data);
            army.push(u);
        }
    }
    // The commander behind the middle of his line.
    let back = Hex::new(columns.div_ceil(2) as i32, rows as i32);
    for (side, hex) in [(&red, back), (&blue, mirror::reflect(&map, back))] {
        options.leaders.push(Leader {
            name: format!("{} General", side.as_str()),
            side: side.clone(),
            commands: Commands::All,
            start: Some(hex),
            arrives: None,
            force_fire_reroll: false,
            melee_reroll_miss: false,
        });
    }
    let deck = deck(&mut rng);
    for side in [&red, &blue] {
        options.decks.push(Deck {
            side: side.clone(),
            cards: deck.clone(),
        });
    }
    let mut s = mirror::blank(
        RuleSet::OneHour(Box::new(options)),
        map.clone(),
        ["Red", "Blue"],
        [Colour(0xb0, 0x30, 0x2a), Colour(0x2f, 0x5a, 0xa8)],
    );
    s.title = format!("Mirrored battle {seed} (One Hour Napoleonic rules)");
    s.turns = turn_limit;
    let units = army.len() as u32;
    let second = mirror::reflect_army(&map, &army, &blue, |x| {
        x.replacen('r', "b", 1).replacen("(R)", "(B)", 1)
    });
    s.units = army.into_iter().chain(second).collect();
    let morale = (units * rng.between(40, 60) / 100).max(1);
    s.victory.loss_thresholds = vec![
        LossThreshold {
            side: red.clone(),
            points: morale,
        },
        LossThreshold {
            side: blue.clone(),
            points: morale,
        },
    ];
    // Objectives in the middle rows, each side holding the one nearer it.
    let middle: Vec<Hex> = map
        .hexes_on_map()
        .filter(|h| h.row == rows as i32 / 2 + 1)
        .collect();
    let mut taken = Vec::new();
    for _ in 0..rng.between(1, 2) {
        let Some(&h) = rng.pick(&middle) else { break };
        if taken.contains(&h) {
            continue;
        }
        taken.push(h);
        let points = rng.between(1, 2);
        s.victory.victory_hexes.push(VictoryHex {
            hex: h,
            side: red.clone(),
            points,
        });
        s.victory.victory_hexes.push(VictoryHex {
            hex: mirror::reflect(&map, h),
            side: blue.clone(),
            points,
        });
    }
    s.description = format!(
        "Two equal armies of {} on a field of boxes symmetric top to bottom, \
         each with a commander and the same deck of {} chance cards, each holding {} \
         objective(s) nearer to it; an army that loses {} breaks.",
        crate::words::counted(units, "unit", "units"),
        deck.len(),
        taken.len(),
        crate::words::counted(morale, "unit", "units")
    );
    (s, map)
}

/// A deck of 12 to 18 cards of the rules' effects (H38), drawn at random.
fn deck(rng: &mut Rng) -> Vec<Card> {
    let amounts = [Amount::Fixed(1), Amount::D2, Amount::D3];
    (0..rng.between(12, 18))
        .map(|i| {
            let mut a = || *rng.pick(&amounts).unwrap_or(&Amount::Fixed(1));
            let effect = match i % 8 {
                0 | 1 => CardEffect::NoEffect,
                7 => CardEffect::OwnUnitHit { hits: a() },
                2 => CardEffect::EnemyPanic { hits: a() },
                3 => CardEffect::MayNotMove { units: a() },
                4 => CardEffect::LowAmmo { units: a() },
                5 => CardEffect::DoubleAction,
                _ => CardEffect::Recover {
                    units: a(),
                    hits: a(),
                },
            };
            Card {
                title: format!("Card {}", i + 1),
                text: effect.words(),
                effect,
            }
        })
        .collect()
}
