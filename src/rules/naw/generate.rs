//! Mirrored Napoleon at Waterloo battles (issue 69): a random field of
//! towns and woods, two equal armies of infantry, cavalry and artillery
//! counters (strengths and mixes as on the Waterloo counter sheet), equal
//! loss thresholds and no exits, so a side wins only by breaking the
//! other [8.1][8.3].

use crate::scenario::mirror::{self, Patches, Rng};
use crate::scenario::{
    Colour, LossThreshold, Map, Placement, RuleSet, Scenario, SideId, Unit, UnitId, UnitKind,
};

/// The battle of `seed` (see the module's comment).
pub fn mirrored_battle(seed: u64) -> (Scenario, Map) {
    let mut rng = Rng::new(seed);
    // An odd number of columns, so that the field has a middle column.
    let columns = rng.between(6, 9) * 2 + 1;
    let rows = rng.between(10, 14);
    let patches = [
        Patches {
            code: 'T',
            count: (1, 4),
            size: 3,
        },
        Patches {
            code: 'W',
            count: (0, 3),
            size: 4,
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
    let mut s = mirror::blank(
        RuleSet::NapoleonAtWaterloo(Box::default()),
        map.clone(),
        ["French", "Allied"],
        [Colour(0x2f, 0x5a, 0xa8), Colour(0xb0, 0x30, 0x2a)],
    );
    s.title = format!("Mirrored battle {seed} (Napoleon at Waterloo rules)");
    s.turns = rng.between(8, 12);
    let first = SideId::new("French");
    // Woods are road-only [5.4]: units start in the open or in towns.
    let mut hexes = mirror::deployment(&mut rng, &map, 3, &['.', 'T']).into_iter();
    let mut army = Vec::new();
    let counts = [
        (UnitKind::Infantry, rng.between(3, 6)),
        (UnitKind::Cavalry, rng.between(1, 3)),
        (UnitKind::Artillery, rng.between(0, 2)),
    ];
    for (kind, n) in counts {
        for _ in 0..n {
            let Some(h) = hexes.next() else { break };
            let i = army.len() + 1;
            let mut u = Unit::new(UnitId::new(format!("f{i}")), first.clone(), kind, h);
            (u.strength, u.movement) = match kind {
                UnitKind::Infantry => (rng.between(3, 7), 4),
                UnitKind::Cavalry => (rng.between(2, 4), 5),
                UnitKind::Artillery => (rng.between(2, 4), 3),
            };
            u.designation = format!("{i}/F");
            u.placement = Placement::Start(h);
            army.push(u);
        }
    }
    let total: u32 = army.iter().map(|u| u.strength).sum();
    let threshold = (total * rng.between(35, 55) / 100).max(1);
    let second = mirror::reflect_army(&map, &army, &SideId::new("Allied"), |x| {
        x.replacen('f', "a", 1).replacen("/F", "/A", 1)
    });
    s.units = army.into_iter().chain(second).collect();
    s.victory.loss_thresholds = ["French", "Allied"]
        .map(|side| LossThreshold {
            side: SideId::new(side),
            points: threshold,
        })
        .into();
    s.description = format!(
        "Two equal forces of {} counters ({total} strength points) on a field symmetric \
         top to bottom; the first army to lose {threshold} strength points loses.",
        s.units.len() / 2
    );
    (s, map)
}
