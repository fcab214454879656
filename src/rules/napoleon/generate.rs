//! Mirrored *Napoleon* battles (issue 69): a random field of villages,
//! woods and marsh, two equal armies each of one to three forces under
//! leaders (infantry divisions with their foot batteries, cavalry brigades
//! with horse batteries) and a General, village objectives each side
//! starts nearer to, and the rules' own break point (N98).

use super::model::{Army, General, NapoleonOptions, Troop};
use crate::hex::Dir;
use crate::hex::Hex;
use crate::scenario::mirror::{self, Patches, Rng};
use crate::scenario::{
    Colour, Force, Leader, Map, Placement, RuleSet, Scenario, SideId, Unit, UnitId, UnitKind,
};

/// The battle of `seed` (see the module's comment).
pub fn mirrored_battle(seed: u64) -> (Scenario, Map) {
    let mut rng = Rng::new(seed);
    let columns = rng.between(6, 8) * 2 + 1;
    let rows = rng.between(6, 8) * 2;
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
        false,
        super::model::terrain(),
        &patches,
        3,
    );
    let (red, blue) = (SideId::new("Red"), SideId::new("Blue"));
    let turns = rng.between(10, 14);
    let options = NapoleonOptions {
        turn_limit: Some(turns),
        initiative_tie_side: Some(blue.clone()),
        ..NapoleonOptions::default()
    };
    let mut s = mirror::blank(
        RuleSet::Napoleon(Box::new(options.clone())),
        map.clone(),
        ["Red", "Blue"],
        [Colour(0xb0, 0x30, 0x2a), Colour(0x2f, 0x5a, 0xa8)],
    );
    s.title = format!("Mirrored battle {seed} (Napoleon rules)");
    s.turns = turns;
    let mut hexes = mirror::deployment(&mut rng, &map, 3, &['.', 'T']).into_iter();
    let mut army: Vec<Unit> = Vec::new();
    let mut forces = Vec::new();
    let divisions = rng.between(1, 2);
    let brigades = rng.between(0, 1);
    for f in 0..divisions + brigades {
        let cavalry = f >= divisions;
        let Some(centre) = hexes.next() else { break };
        let mut members = Vec::new();
        let mut add =
            |army: &mut Vec<Unit>, kind: UnitKind, h: Hex, strength: u32, troop: Troop| {
                let i = army.len() + 1;
                let mut u = Unit::new(UnitId::new(format!("r{i}")), red.clone(), kind, h);
                u.designation = format!("{} {i} (R)", kind.name());
                u.strength = strength;
                u.troop = troop;
                u.placement = Placement::Start(h);
                u.facing = Some(Dir::N);
                u.movement = options.troops.movement.of_unit(&u);
                members.push(u.id.clone());
                army.push(u);
            };
        let kind = if cavalry {
            UnitKind::Cavalry
        } else {
            UnitKind::Infantry
        };
        let n = if cavalry {
            rng.between(2, 3)
        } else {
            rng.between(3, 4)
        };
        let mut first = None;
        for k in 0..n {
            let h = if k == 0 { Some(centre) } else { hexes.next() };
            let Some(h) = h else { break };
            first.get_or_insert(h);
            let troop = Troop {
                skirmish: (kind == UnitKind::Infantry && rng.chance(1, 3)).then_some(2),
                ..Troop::default()
            };
            let strength = rng.between(3, 6);
            add(&mut army, kind, h, strength, troop);
        }
        // A battery with the force's first unit, half the time.
        if rng.chance(1, 2) {
            let troop = Troop {
                horse: cavalry,
                ..Troop::default()
            };
            add(&mut army, UnitKind::Artillery, centre, 0, troop);
        }
        let word = if cavalry { "Cavalry" } else { "Division" };
        forces.push(Force {
            name: format!("{word} {} (R)", f + 1),
            leader: Some(Leader {
                name: format!("Red {word} {} leader", f + 1),
                factor: rng.between(0, 2) as i32 - 1,
                hex: first,
            }),
            units: members,
        });
    }
    let general_hex = hexes.next();
    let command = rng.between(2, 4);
    let rename = |x: &str| x.replacen('r', "b", 1).replacen("(R)", "(B)", 1);
    let second = mirror::reflect_army(&map, &army, &blue, rename);
    let reflected_forces: Vec<Force> = forces
        .iter()
        .map(|f| Force {
            name: f.name.replace("(R)", "(B)"),
            leader: f.leader.as_ref().map(|l| Leader {
                name: l.name.replacen("Red", "Blue", 1),
                factor: l.factor,
                hex: l.hex.map(|h| mirror::reflect(&map, h)),
            }),
            units: f
                .units
                .iter()
                .map(|u| UnitId::new(rename(u.as_str())))
                .collect(),
        })
        .collect();
    for (i, (side, f)) in [(&red, forces), (&blue, reflected_forces)]
        .into_iter()
        .enumerate()
    {
        let x = &mut s.sides[i];
        x.forces = f;
        x.army = Some(Army {
            general: General {
                name: format!("{} General", side.as_str()),
                command_factor: command,
                hex: general_hex.map(|h| if i == 0 { h } else { mirror::reflect(&map, h) }),
            },
            nation: "Generic".into(),
            aggressiveness: 0,
            cavalry_movement: None,
            break_point: None,
        });
    }
    let units = army.len();
    s.units = army.into_iter().chain(second).collect();
    // Village objectives: the village hex of the lower half nearest the
    // middle, and its reflection, each side starting nearer its own.
    let count = rng.between(1, 2) as usize;
    s.victory.victory_hexes = mirror::village_objectives(&map, [&red, &blue], count);
    s.description = format!(
        "Two equal armies of {} in {} force(s) each, with a General of \
         command factor {command}, on a field symmetric top to bottom with {} village \
         objective(s) a side. Ties for the initiative go to Blue, the side that moves second.",
        crate::words::counted(units, "unit", "units"),
        divisions + brigades,
        s.victory.victory_hexes.len() / 2
    );
    (s, map)
}
