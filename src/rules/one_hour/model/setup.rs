//! What One Hour Napoleonic forbids at set-up, reported in a designer's
//! words with the ruling that forbids it: facing to a box side (H2), one
//! unit a box (H36), at most one of steadfast and conscript (H37), leaders
//! and decks of the scenario's sides (H23, H38), the side that goes first
//! (H9), fortified boxes on the map (H17), the options' own bounds, and an
//! option the map cannot use (H33's diagonal road cost).

use crate::hex::{Dir, Hex};
use crate::rules::one_hour::model::OneHourOptions;
use crate::scenario::{Issues, field};
use crate::scenario::{Location, Map, Placement, Scenario, SideId};
use std::collections::BTreeMap;

pub(crate) fn check(s: &Scenario, map: &Map, o: &OneHourOptions, out: &mut Issues) {
    check_numbers(o, out);
    let sides: Vec<&SideId> = s.sides.iter().map(|x| &x.id).collect();
    let mut at: BTreeMap<Hex, &str> = BTreeMap::new();
    for u in &s.units {
        let loc = || Location::Unit(u.id.clone());
        if let Some(f) = u.facing
            && !matches!(f, Dir::N | Dir::E | Dir::S | Dir::W)
        {
            out.error(
                loc(),
                format!(
                    "unit \"{}\" faces {}, a corner: units face a box side, N, E, S or W [L31] (H2)",
                    u.id,
                    f.name()
                ),
            );
        }
        if let Some(x) = &u.one_hour
            && x.steadfast
            && x.conscript
        {
            out.error(
                loc(),
                format!(
                    "unit \"{}\" is both steadfast and conscript: a unit has at most one of them (H37)",
                    u.id
                ),
            );
        }
        if let Placement::Start(h) = u.placement
            && let Some(other) = at.insert(h, u.id.as_str())
        {
            out.error(
                Location::Hex(h),
                format!(
                    "units \"{other}\" and \"{}\" both start in {h}: a box holds one unit (H36)",
                    u.id
                ),
            );
        }
    }
    for (i, l) in o.leaders.iter().enumerate() {
        let loc = || field(&format!("rules.leaders[{i}]"));
        if l.name.trim().is_empty() {
            out.error(loc(), "a leader has no name (H23)".to_string());
        }
        if !sides.contains(&&l.side) {
            out.error(
                loc(),
                format!(
                    "leader {} is of side \"{}\", which the scenario does not define (H23)",
                    l.name, l.side
                ),
            );
        }
        if l.arrives.is_some() && l.start.is_none() {
            out.error(
                loc(),
                format!(
                    "leader {} arrives as a reinforcement but has no box to enter by (H23)",
                    l.name
                ),
            );
        }
        if l.arrives == Some(0) {
            out.error(
                loc(),
                format!("leader {} arrives on turn 0: turns start at 1", l.name),
            );
        }
        if let Some(h) = l.start
            && !map.is_on_map(h)
        {
            out.error(
                loc(),
                format!(
                    "leader {} starts in {h}, which is not on the map (H23)",
                    l.name
                ),
            );
        }
    }
    let mut decks: Vec<&SideId> = Vec::new();
    for (i, d) in o.decks.iter().enumerate() {
        let loc = || field(&format!("rules.decks[{i}]"));
        if !sides.contains(&&d.side) {
            out.error(
                loc(),
                format!(
                    "a deck is for side \"{}\", which the scenario does not define (H38)",
                    d.side
                ),
            );
        }
        if decks.contains(&&d.side) {
            out.error(
                loc(),
                format!("side \"{}\" has two decks: each side has one (H38)", d.side),
            );
        }
        decks.push(&d.side);
        if d.cards.len() > u16::MAX as usize {
            out.error(loc(), format!("a deck holds at most {} cards", u16::MAX));
        }
        if d.cards.is_empty() {
            out.warning(
                loc(),
                format!(
                    "side \"{}\"'s deck has no cards: it draws none, and its chance-card step is empty every turn (H38)",
                    d.side
                ),
            );
        }
    }
    if let Some(f) = &o.first_side
        && !sides.contains(&f)
    {
        out.error(
            field("rules.first_side"),
            format!("the side to go first, \"{f}\", is not a side of the scenario (H9)"),
        );
    }
    if o.turn_limit == 0 {
        out.error(
            field("rules.turn_limit"),
            "the game lasts at least one turn (H9)".to_string(),
        );
    }
    // H33's diagonal road cost applies to roads across box corners; on a
    // map with none, a value set here silently changes nothing.
    let corner_road = map.has_corner_road();
    if o.road_diagonal_cost != OneHourOptions::default().road_diagonal_cost && !corner_road {
        out.warning(
            field("rules.road_diagonal_cost"),
            format!(
                "a diagonal road step is set to cost {} half boxes, but no road on this map crosses a box corner: this has no effect until one does (paint a road across a corner with the Hexside tool) (H33)",
                o.road_diagonal_cost
            ),
        );
    }
    for h in &o.fortified {
        if !map.is_on_map(*h) {
            out.error(
                Location::Hex(*h),
                format!("fortified box {h} is not on the map (H17)"),
            );
        }
    }
}

/// Every number of the options and the troop table within its stated
/// bound (issue 35 item 33: a shot band of 4294967295 dice aborted
/// allocating, `move_halves` 60,000 made a game take 58 s): the options'
/// documented ranges, the shooting bands and the cards' amounts.
fn check_numbers(o: &OneHourOptions, out: &mut Issues) {
    use crate::rules::one_hour::model::options::{OPTION_DOCS, TROOP_DOCS};
    use crate::rules::one_hour::model::{Amount, CardEffect};
    use crate::scenario::limits::MAX_TROOP_VALUE;
    for (path, why) in crate::scenario::options::out_of_range(o, &[OPTION_DOCS, TROOP_DOCS]) {
        out.error(field(&format!("rules.{path}")), why);
    }
    let t = &o.troops;
    let tables = [
        ("line_infantry", &t.dice.line_infantry),
        ("light_infantry", &t.dice.light_infantry),
        ("cavalry", &t.dice.cavalry),
        ("heavy_cavalry", &t.dice.heavy_cavalry),
        ("artillery", &t.dice.artillery),
    ]
    .map(|(k, d)| (format!("rules.troops.dice.{k}"), d))
    .into_iter()
    .chain(std::iter::once((
        "rules.troops.rifles_dice".to_string(),
        &t.rifles_dice,
    )));
    for (path, bands) in tables {
        if bands.len() > MAX_TROOP_VALUE as usize {
            out.error(
                field(&path),
                format!(
                    "{} range bands: at most {MAX_TROOP_VALUE} are supported (H15)",
                    bands.len()
                ),
            );
        }
        let mut last = 0;
        for (i, b) in bands.iter().enumerate() {
            let at = field(&format!("{path}[{i}]"));
            if b.dice > MAX_TROOP_VALUE || b.to > MAX_TROOP_VALUE {
                out.error(
                    at,
                    format!(
                        "a shot band to {} with {}: ranges and dice of 0 to {MAX_TROOP_VALUE} are supported (H15)",
                        crate::words::counted(b.to, "box", "boxes"),
                        crate::words::counted(b.dice, "die", "dice")
                    ),
                );
            } else if b.to <= last {
                out.error(
                    at,
                    format!(
                        "the band to {} follows one to {last}: bands go in increasing range (H15)",
                        crate::words::counted(b.to, "box", "boxes")
                    ),
                );
            }
            last = last.max(b.to);
        }
    }
    for (i, d) in o.decks.iter().enumerate() {
        for (j, c) in d.cards.iter().enumerate() {
            let amounts: &[Amount] = match &c.effect {
                CardEffect::EnemyPanic { hits } | CardEffect::OwnUnitHit { hits } => &[*hits],
                CardEffect::MayNotMove { units } | CardEffect::LowAmmo { units } => &[*units],
                CardEffect::Recover { units, hits } => &[*units, *hits],
                CardEffect::NoEffect | CardEffect::DoubleAction => &[],
            };
            for a in amounts {
                if let Amount::Fixed(n) = a
                    && *n > MAX_TROOP_VALUE
                {
                    out.error(
                        field(&format!("rules.decks[{i}].cards[{j}].effect")),
                        format!(
                            "card \"{}\" names {n} units or hits: at most {MAX_TROOP_VALUE} are supported (H38)",
                            c.title
                        ),
                    );
                }
            }
        }
    }
}
