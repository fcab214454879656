//! Mirrored 16-hit battles (issue 69): a random field of villages, woods,
//! marsh and lakes on 10 cm hexes, two equal forces of the rules' five
//! troop types at random ratings, a General each, and village objectives
//! each side starts holding the nearer of (M38: the side holding more
//! objectives at the turn limit wins, unless an army loses half its units
//! first).

use super::model::{Hits16General, Hits16Options, Hits16Unit, Rating, TroopType};
use crate::hex::Dir;
use crate::scenario::mirror::{self, Patches, Rng};
use crate::scenario::{Colour, Map, Placement, RuleSet, Scenario, SideId, Unit, UnitId, UnitKind};

/// The battle of `seed` (see the module's comment).
pub fn mirrored_battle(seed: u64) -> (Scenario, Map) {
    let mut rng = Rng::new(seed);
    let columns = rng.between(5, 7) * 2 + 1;
    let rows = rng.between(5, 7) * 2;
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
        Patches {
            code: 'L',
            count: (0, 1),
            size: 2,
        },
    ];
    let map = mirror::field(
        &mut rng,
        "Mirrored field",
        (columns, rows),
        false,
        super::model::terrain(),
        &patches,
        3,
    );
    let (red, blue) = (SideId::new("Red"), SideId::new("Blue"));
    let turn_limit = rng.between(6, 10);
    let mut options = Hits16Options {
        turn_limit,
        year: Some(1815),
        ..Hits16Options::default()
    };
    let mut hexes = mirror::deployment(&mut rng, &map, 3, &['.', 'T']).into_iter();
    let types = [
        (TroopType::Infantry, rng.between(2, 4)),
        (TroopType::Skirmishers, rng.between(0, 2)),
        (TroopType::LightCavalry, rng.between(0, 2)),
        (TroopType::HeavyCavalry, rng.between(0, 1)),
        (TroopType::Artillery, rng.between(0, 2)),
    ];
    let mut army = Vec::new();
    for (t, n) in types {
        for _ in 0..n {
            let Some(h) = hexes.next() else { break };
            let i = army.len() + 1;
            let kind = t.kind();
            let mut u = Unit::new(UnitId::new(format!("r{i}")), red.clone(), kind, h);
            u.designation = format!("{} {i} (R)", t.name());
            u.strength = 1;
            u.movement = if kind == UnitKind::Cavalry { 4 } else { 2 };
            u.placement = Placement::Start(h);
            u.facing = Some(Dir::N);
            u.hits16 = Some(Hits16Unit {
                formation: Some(t.formations()[0]),
                rating: match rng.between(1, 6) {
                    1 => Rating::Raw,
                    6 => Rating::Elite,
                    _ => Rating::Trained,
                },
                nation: "Generic".into(),
                ..Hits16Unit::of(t)
            });
            army.push(u);
        }
    }
    let general = hexes.next();
    for (side, hex) in [
        (&red, general),
        (&blue, general.map(|h| mirror::reflect(&map, h))),
    ] {
        options.generals.push(Hits16General {
            id: format!("{}-general", side.as_str().to_lowercase()),
            name: format!("{} General", side.as_str()),
            side: side.clone(),
            hex,
        });
    }
    let mut s = mirror::blank(
        RuleSet::Hits16(Box::new(options)),
        map.clone(),
        ["Red", "Blue"],
        [Colour(0xb0, 0x30, 0x2a), Colour(0x2f, 0x5a, 0xa8)],
    );
    s.title = format!("Mirrored battle {seed} (16 hits rules)");
    s.turns = turn_limit;
    let units = army.len();
    let second = mirror::reflect_army(&map, &army, &blue, |x| {
        x.replacen('r', "b", 1).replacen("(R)", "(B)", 1)
    });
    s.units = army.into_iter().chain(second).collect();
    // The village hexes of the lower half nearest the middle, and their
    // reflections, each held by the side nearer to it.
    let count = rng.between(1, 2) as usize;
    s.victory.victory_hexes = mirror::village_objectives(&map, [&red, &blue], count);
    s.description = format!(
        "Two equal forces of {} and a General each on a field symmetric top \
         to bottom, each holding {} village objective(s) nearer to it. The side holding \
         more objectives after {turn_limit} turns wins, unless an army loses half its \
         units first (M38).",
        crate::words::counted(units, "unit", "units"),
        s.victory.victory_hexes.len() / 2
    );
    (s, map)
}
