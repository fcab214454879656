//! Checks a scenario and its map for mistakes a designer can make, and says
//! what is wrong in a sentence that points at a hex, a unit or a field.

use super::issues::{Issue, Issues, Location, check_text, field};
use super::limits::*;
use super::map::{Crossing, HexsideFeature, Map, MovementRule, OFF_MAP};
use super::model::{Placement, Scenario, SideId, UnitId, UnitKind};
use crate::hex::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// Whether a unit could ever stand in the hex: on the map, with terrain
/// that is not prohibited, and (for road-only terrain) with a road to use.
pub fn is_enterable(map: &Map, h: Hex) -> bool {
    let Some(t) = map.terrain_at(h) else {
        return false;
    };
    match t.movement {
        MovementRule::Cost(_) => true,
        MovementRule::Prohibited => false,
        MovementRule::RoadOnly(_) => map
            .grid()
            .dirs()
            .iter()
            .any(|&d| map.has_feature(h, d, super::map::HexsideFeature::Road)),
    }
}

/// Explains why a hex cannot hold a unit, or `None` if it can.
pub fn why_not_enterable(map: &Map, h: Hex) -> Option<String> {
    if !map.in_bounds(h) {
        return Some(format!(
            "{h} is outside the {}x{} map",
            map.columns, map.rows
        ));
    }
    if !map.is_on_map(h) {
        return Some(format!("{h} is not part of the map"));
    }
    let t = map.terrain_at(h)?;
    match t.movement {
        MovementRule::Cost(_) => None,
        MovementRule::Prohibited => Some(format!(
            "{h} is {}, which units may not enter",
            t.name.to_lowercase()
        )),
        MovementRule::RoadOnly(_) => (!is_enterable(map, h)).then(|| {
            format!(
                "{h} is {} without a road: units may enter it only across a road hexside [4.2]",
                t.name.to_lowercase()
            )
        }),
    }
}

/// Checks a map on its own: size, terrain rows and codes, hexsides, places.
/// Returns early (after reporting) when the size makes other checks
/// meaningless.
pub fn validate_map(map: &Map) -> Vec<Issue> {
    let mut out = Issues::default();
    check_map(map, &mut out);
    in_the_grids_words(map, out.0)
}

/// On a box map, the sentences speak of boxes and box sides where they
/// say hexes and hexsides (issue 18): every check is written once, for
/// either grid. Words in backticks (field names, file text) are kept.
fn in_the_grids_words(map: &Map, mut issues: Vec<Issue>) -> Vec<Issue> {
    let grid = map.grid();
    for i in &mut issues {
        if let std::borrow::Cow::Owned(m) = grid_words(grid, &i.message) {
            i.message = m;
        }
    }
    issues
}

/// A sentence about hexes in the words of `grid`: boxes and box sides on
/// a box grid (issue 18), unchanged (and not copied) on a hex grid. The
/// one place validation, the editor and the setup sheet turn their words.
pub fn grid_words(grid: crate::hex::Grid, text: &str) -> std::borrow::Cow<'_, str> {
    if grid.is_boxes() {
        box_words(text).into()
    } else {
        text.into()
    }
}

/// The sentence with hex words turned into box words, outside backticks.
pub fn box_words(text: &str) -> String {
    const WORDS: [(&str, &str); 8] = [
        ("hexsides", "box sides"),
        ("Hexsides", "Box sides"),
        ("hexside", "box side"),
        ("Hexside", "Box side"),
        ("hexes", "boxes"),
        ("Hexes", "Boxes"),
        ("hex", "box"),
        ("Hex", "Box"),
    ];
    let mut out = String::with_capacity(text.len() + 8);
    for (k, part) in text.split('`').enumerate() {
        if k > 0 {
            out.push('`');
        }
        if k % 2 == 1 {
            out.push_str(part);
            continue;
        }
        let mut rest = part;
        while !rest.is_empty() {
            let start = rest.find(|c: char| c.is_alphabetic()).unwrap_or(rest.len());
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let word = &rest[..end];
            match WORDS.iter().find(|(from, _)| *from == word) {
                Some((_, to)) => out.push_str(to),
                None => out.push_str(word),
            }
            rest = &rest[end..];
        }
    }
    out
}

/// Every name and text of a map.
fn check_map_text(map: &Map, out: &mut Issues) {
    check_text(out, "map.name", "the map's name", &map.name, false);
    for (i, t) in map.terrain_kinds.iter().enumerate() {
        let p = format!("map.terrain_kinds[{i}]");
        check_text(out, &format!("{p}.id"), "a terrain id", &t.id, false);
        check_text(out, &format!("{p}.name"), "a terrain name", &t.name, false);
    }
    for (i, pl) in map.places.iter().enumerate() {
        let p = format!("map.places[{i}].name");
        check_text(out, &p, "a place name", &pl.name, false);
    }
    for (i, a) in map.areas.iter().enumerate() {
        let p = format!("map.areas[{i}].name");
        check_text(out, &p, "an area name", &a.name, false);
    }
}

/// Every name and text of a scenario (its map's are checked with the map).
fn check_scenario_text(s: &Scenario, out: &mut Issues) {
    check_text(out, "title", "the title", &s.title, false);
    check_text(out, "author", "the author", &s.author, false);
    check_text(out, "description", "the description", &s.description, true);
    check_text(out, "notes", "the notes", &s.notes, true);
    for (i, side) in s.sides.iter().enumerate() {
        let p = format!("sides[{i}]");
        check_text(
            out,
            &format!("{p}.id"),
            "a side id",
            side.id.as_str(),
            false,
        );
        check_text(out, &format!("{p}.name"), "a side name", &side.name, false);
        for (j, c) in side.contingents.iter().enumerate() {
            let q = format!("{p}.contingents[{j}].name");
            check_text(out, &q, "a contingent name", &c.name, false);
        }
        for (j, f) in side.forces.iter().enumerate() {
            let q = format!("{p}.forces[{j}]");
            check_text(out, &format!("{q}.name"), "a force name", &f.name, false);
            if let Some(l) = &f.leader {
                check_text(
                    out,
                    &format!("{q}.leader.name"),
                    "a leader name",
                    &l.name,
                    false,
                );
            }
        }
    }
    for (i, u) in s.units.iter().enumerate() {
        let p = format!("units[{i}]");
        check_text(out, &format!("{p}.id"), "a unit id", u.id.as_str(), false);
        let d = &u.designation;
        check_text(out, &format!("{p}.designation"), "a designation", d, false);
        if let Some(c) = &u.contingent {
            check_text(out, &format!("{p}.contingent"), "a contingent", c, false);
        }
    }
    for (i, v) in s.variants.iter().enumerate() {
        let p = format!("variants[{i}]");
        check_text(out, &format!("{p}.name"), "a variant name", &v.name, false);
        check_text(
            out,
            &format!("{p}.description"),
            "a variant description",
            &v.description,
            true,
        );
        for (j, t) in v.tables.iter().enumerate() {
            for (k, c) in t.chits.iter().enumerate() {
                let q = format!("{p}.tables[{j}].chits[{k}].text");
                check_text(out, &q, "a chit's text", &c.text, false);
            }
        }
    }
}

fn check_map(map: &Map, out: &mut Issues) -> bool {
    check_map_text(map, out);
    if map.columns == 0 || map.rows == 0 {
        out.error(
            field("map.columns"),
            format!(
                "the map is {}x{} hexes: it needs at least one column and one row",
                map.columns, map.rows
            ),
        );
        return false;
    }
    if map.columns > MAX_MAP_SIDE || map.rows > MAX_MAP_SIDE {
        out.error(
            field("map.columns"),
            format!(
                "the map is {}x{} hexes: the largest supported map is {MAX_MAP_SIDE}x{MAX_MAP_SIDE}",
                map.columns, map.rows
            ),
        );
        return false;
    }
    // Terrain table.
    let mut codes = BTreeSet::new();
    let mut ids = BTreeSet::new();
    for (i, t) in map.terrain_kinds.iter().enumerate() {
        let loc = field(&format!("map.terrain_kinds[{i}]"));
        if t.code == OFF_MAP {
            out.error(
                loc.clone(),
                format!(
                    "terrain \"{}\" uses code '-', which is reserved for hexes not on the map",
                    t.name
                ),
            );
        } else if !super::map::is_terrain_code(t.code) {
            out.error(
                loc.clone(),
                format!(
                    "terrain \"{}\" needs a printable ASCII code character, not {:?}",
                    t.name, t.code
                ),
            );
        }
        if !codes.insert(t.code) {
            out.error(
                loc.clone(),
                format!("terrain code '{}' is used by two terrain kinds", t.code),
            );
        }
        if !ids.insert(t.id.as_str()) {
            out.error(
                loc.clone(),
                format!("terrain id \"{}\" is defined twice", t.id),
            );
        }
        if t.defence_multiplier == 0 {
            out.error(
                loc.clone(),
                format!(
                    "terrain \"{}\" multiplies the defender by 0: use 1 for no effect",
                    t.name
                ),
            );
        } else if t.defence_multiplier > MAX_DEFENCE_MULTIPLIER {
            out.error(
                loc.clone(),
                format!(
                    "terrain \"{}\" multiplies the defender by {}: at most {MAX_DEFENCE_MULTIPLIER} is supported",
                    t.name, t.defence_multiplier
                ),
            );
        }
        match t.movement {
            MovementRule::Cost(0) | MovementRule::RoadOnly(0) => out.error(
                loc,
                format!("terrain \"{}\" costs 0 movement points to enter", t.name),
            ),
            MovementRule::Cost(c) | MovementRule::RoadOnly(c) if c > MAX_TERRAIN_COST => out.error(
                loc,
                format!(
                    "terrain \"{}\" costs {c} movement points to enter: at most {MAX_TERRAIN_COST} is supported (use Prohibited for terrain never entered)",
                    t.name
                ),
            ),
            _ => {}
        }
    }
    // Terrain rows.
    let mut rows_ok = true;
    if map.terrain.len() != map.rows as usize {
        out.error(
            field("map.terrain"),
            format!(
                "the map has {} rows but {} terrain rows are given",
                map.rows,
                map.terrain.len()
            ),
        );
        rows_ok = false;
    }
    for (i, row) in map.terrain.iter().enumerate().take(MAX_MAP_SIDE as usize) {
        let n = row.chars().count();
        if n != map.columns as usize {
            out.error(
                field(&format!("map.terrain[{i}]")),
                format!(
                    "terrain row {:02} has {}, but the map is {} wide",
                    i + 1,
                    crate::words::counted(n, "hex", "hexes"),
                    crate::words::counted(map.columns, "column", "columns")
                ),
            );
            rows_ok = false;
        }
    }
    if rows_ok {
        let mut unknown: BTreeMap<char, (Hex, usize)> = BTreeMap::new();
        for h in map.all_hexes() {
            if let Some(c) = map.code_at(h)
                && c != OFF_MAP
                && !codes.contains(&c)
            {
                unknown.entry(c).or_insert((h, 0)).1 += 1;
            }
        }
        for (c, (h, n)) in unknown {
            let more = if n > 1 {
                format!(" (and {} more hexes)", n - 1)
            } else {
                String::new()
            };
            out.error(
                Location::Hex(h),
                format!("{h} uses terrain code '{c}', which no terrain kind defines{more}"),
            );
        }
    }
    // Hexsides.
    let grid = map.grid();
    for (side, features) in &map.hexsides {
        if grid.is_boxes() && !grid.is_side(side.dir) {
            // A corner crossing between diagonal neighbours: roads only
            // (RULINGS-ONE-HOUR H33, H46).
            let other: Vec<&str> = features
                .iter()
                .filter(|f| **f != HexsideFeature::Road)
                .map(|f| f.name())
                .collect();
            if !other.is_empty() {
                out.error(
                    Location::Hexside(*side),
                    format!(
                        "{side} is a box corner: only a road crosses a corner; a {} lies along a box side (N, E, S or W) (H33)",
                        other.join(" and a ")
                    ),
                );
                continue;
            }
        }
        match grid.hexside_hexes(*side) {
            None => out.error(
                Location::Hexside(*side),
                format!(
                    "hexside {side} names direction {}, which a {:?} map does not have",
                    side.dir, map.orientation
                ),
            ),
            Some((a, b)) => {
                if !map.is_on_map(a) && !map.is_on_map(b) {
                    out.warning(
                        Location::Hexside(*side),
                        format!("hexside {side} lies between two hexes that are not on the map"),
                    );
                }
            }
        }
    }
    let effects = &map.hexside_effects;
    for (name, c) in [
        ("river", effects.river),
        ("ford", effects.ford),
        ("bridge", effects.bridge),
    ] {
        if let Crossing::Extra(extra) = c
            && extra > MAX_TERRAIN_COST
        {
            out.error(
                field(&format!("map.hexside_effects.{name}")),
                format!(
                    "crossing a {name} costs {extra} extra movement points: at most {MAX_TERRAIN_COST} is supported (use Prohibited for a hexside never crossed)"
                ),
            );
        }
    }
    for (side, features) in &map.hexsides {
        let crossing = [HexsideFeature::Bridge, HexsideFeature::Ford]
            .into_iter()
            .find(|f| features.contains(f));
        if let Some(f) = crossing
            && !features.contains(&HexsideFeature::River)
        {
            out.warning(
                Location::Hexside(*side),
                format!(
                    "the {} at {side} crosses no river: it has no effect until a river runs along that hexside",
                    f.name()
                ),
            );
        }
    }
    for (h, d) in &map.hexes {
        if d.elevation.unsigned_abs() > MAX_ELEVATION.unsigned_abs() {
            out.error(
                Location::Hex(*h),
                format!(
                    "{h} has elevation {}: at most {MAX_ELEVATION} steps up or down are supported",
                    d.elevation
                ),
            );
        }
    }
    for (i, p) in map.places.iter().enumerate() {
        if p.hexes.is_empty() {
            out.warning(
                field(&format!("map.places[{i}]")),
                format!("place \"{}\" has no hex", p.name),
            );
        }
        for h in &p.hexes {
            if !map.is_on_map(*h) {
                out.warning(
                    Location::Hex(*h),
                    format!(
                        "place \"{}\" is labelled at {h}, which is not on the map",
                        p.name
                    ),
                );
            }
        }
    }
    for a in &map.areas {
        for h in &a.hexes {
            if !map.is_on_map(*h) {
                out.warning(
                    Location::Hex(*h),
                    format!("area \"{}\" includes {h}, which is not on the map", a.name),
                );
            }
        }
    }
    for h in map.hexes.keys() {
        if !map.is_on_map(*h) {
            out.warning(
                Location::Hex(*h),
                format!("elevation or hill recorded for {h}, which is not on the map"),
            );
        }
    }
    true
}

/// Roads that leave a road-only hex (woods) towards a hex off the map: the
/// woods hex can only be reached from the other way, and units can use the
/// road only to exit. Fine on an exit hex; a likely mistake elsewhere.
fn check_roads_off_map(map: &Map, exits: &BTreeSet<Hex>, out: &mut Issues) {
    let grid = map.grid();
    for (side, features) in &map.hexsides {
        if !features.contains(&super::map::HexsideFeature::Road) {
            continue;
        }
        let Some((a, b)) = grid.hexside_hexes(*side) else {
            continue;
        };
        for (inside, outside) in [(a, b), (b, a)] {
            let road_only = map
                .terrain_at(inside)
                .is_some_and(|t| matches!(t.movement, MovementRule::RoadOnly(_)));
            if road_only && !map.is_on_map(outside) && !exits.contains(&inside) {
                out.warning(
                    Location::Hexside(*side),
                    format!(
                        "the road through {inside} leads off the map at {side}: that way can only be used to leave the map, and {inside} is not an exit hex"
                    ),
                );
            }
        }
    }
}

/// Checks a scenario against its map. Every issue names where it is and
/// what is wrong; errors make the scenario unplayable, warnings are
/// probably mistakes.
pub fn validate(s: &Scenario, map: &Map) -> Vec<Issue> {
    let mut out = Issues::default();
    let map_ok = check_map(map, &mut out);
    let grid = map.grid();

    if s.version != super::model::FORMAT_VERSION {
        out.error(
            field("version"),
            format!(
                "format version {} is not {}",
                s.version,
                super::model::FORMAT_VERSION
            ),
        );
    }
    if s.title.trim().is_empty() {
        out.warning(field("title"), "the scenario has no title");
    }
    check_scenario_text(s, &mut out);
    if s.turns == 0 {
        out.error(
            field("turns"),
            "the game lasts 0 Game-Turns: it needs at least one",
        );
    } else if s.turns > MAX_TURNS {
        out.error(
            field("turns"),
            format!(
                "the game lasts {} Game-Turns: at most {MAX_TURNS} are supported",
                s.turns
            ),
        );
    }
    let support = s.rules.support();
    let max_units = support.max_units.min(MAX_UNITS);
    if s.units.len() > max_units {
        out.error(
            field("units"),
            format!(
                "the scenario has {} units: the {} rules hold at most {max_units}",
                s.units.len(),
                support.name
            ),
        );
    }
    let hexes = map.columns as u64 * map.rows as u64;
    if hexes > support.max_hexes {
        out.error(
            field("map.columns"),
            format!(
                "the map has {hexes} hexes ({}x{}): the {} rules play on at most {} hexes",
                map.columns, map.rows, support.name, support.max_hexes
            ),
        );
    }

    // Sides.
    let mut side_ids = BTreeSet::new();
    for (i, side) in s.sides.iter().enumerate() {
        if !side_ids.insert(side.id.clone()) {
            out.error(
                field(&format!("sides[{i}]")),
                format!("side \"{}\" is defined twice", side.id),
            );
        }
        let mut names = BTreeSet::new();
        for c in &side.contingents {
            if !names.insert(c.name.as_str()) {
                out.error(
                    field(&format!("sides[{i}].contingents")),
                    format!(
                        "contingent \"{}\" of side \"{}\" is defined twice",
                        c.name, side.id
                    ),
                );
            }
        }
    }
    if s.sides.len() < 2 {
        out.error(
            field("sides"),
            format!(
                "a battle needs two sides; this scenario has {}",
                s.sides.len()
            ),
        );
    } else if s.sides.len() != support.sides {
        out.error(
            field("sides"),
            format!(
                "the {} rules are played by {} sides; this scenario has {}", // count: two
                support.name,
                support.sides,
                s.sides.len()
            ),
        );
    }
    let known_side = |id: &SideId| side_ids.contains(id);

    let own_terrain = support.start_terrain == super::StartTerrain::OwnRules;

    // Units.
    let mut unit_ids = BTreeSet::new();
    let mut start_side: BTreeMap<Hex, &SideId> = BTreeMap::new();
    for u in &s.units {
        if !unit_ids.insert(u.id.clone()) {
            out.error(
                Location::Unit(u.id.clone()),
                format!("unit id \"{}\" is used by more than one unit", u.id),
            );
        }
        if let Placement::Start(h) = u.placement {
            start_side.entry(h).or_insert(&u.side);
        }
    }
    for u in &s.units {
        let loc = || Location::Unit(u.id.clone());
        let name = if u.designation.is_empty() {
            u.id.to_string()
        } else {
            format!("{} ({})", u.designation, u.id)
        };
        if !known_side(&u.side) {
            out.error(
                loc(),
                format!(
                    "{name} belongs to side \"{}\", which the scenario does not define",
                    u.side
                ),
            );
        } else if let Some(c) = &u.contingent
            && let Some(side) = s.side(&u.side)
            && !side.contingents.iter().any(|x| &x.name == c)
        {
            out.error(
                loc(),
                format!(
                    "{name} belongs to contingent \"{c}\", which side \"{}\" does not define",
                    u.side
                ),
            );
        }
        // Guns of some rules have no combat factor (*Napoleon* [1.5]).
        let gun_without_factor = support.guns_without_strength && u.kind == UnitKind::Artillery;
        if u.strength == 0 && !gun_without_factor {
            out.error(loc(), format!("{name} has a combat strength of 0"));
        } else if u.strength > MAX_STRENGTH {
            out.error(
                loc(),
                format!(
                    "{name} has a combat strength of {}: at most {MAX_STRENGTH} is plausible",
                    u.strength
                ),
            );
        }
        if u.movement == 0 {
            out.error(
                loc(),
                format!("{name} has a movement allowance of 0 and could never move"),
            );
        } else if u.movement > MAX_MOVEMENT {
            out.error(
                loc(),
                format!(
                    "{name} has a movement allowance of {}: at most {MAX_MOVEMENT} is plausible",
                    u.movement
                ),
            );
        }
        if let Some(f) = u.facing
            && grid.dir_index(f).is_none()
        {
            out.error(
                loc(),
                format!(
                    "{name} faces {f}, which a {:?} map does not have",
                    map.orientation
                ),
            );
        }
        if !map_ok {
            continue;
        }
        match &u.placement {
            // Rules that bar terrain their own way check it (and
            // stacking) in their own checks.
            Placement::Start(h) if own_terrain => {
                if !map.is_on_map(*h) {
                    out.error(
                        loc(),
                        format!("{name} starts on {h}, which is not on the map"),
                    );
                }
            }
            // Stacking is each rule set's to check.
            Placement::Start(h) => {
                if let Some(why) = why_not_enterable(map, *h) {
                    out.error(loc(), format!("{name} starts on {h}: {why}"));
                }
            }
            Placement::Reinforcement { turn, entry } => {
                if *turn == 0 || *turn > s.turns {
                    out.error(
                        loc(),
                        format!(
                            "{name} arrives on Game-Turn {turn}, outside the game's {}",
                            crate::words::counted(s.turns, "turn", "turns")
                        ),
                    );
                }
                check_entry(
                    map,
                    &name,
                    entry,
                    u.side.clone(),
                    &start_side,
                    loc(),
                    &mut out,
                );
            }
            Placement::Variant { entry } => {
                check_entry(
                    map,
                    &name,
                    entry,
                    u.side.clone(),
                    &start_side,
                    loc(),
                    &mut out,
                );
                let scheduled = s.variants.iter().any(|v| {
                    v.tables.iter().any(|t| {
                        t.chits.iter().any(|c| {
                            c.changes
                                .iter()
                                .any(|ch| ch.turn.is_some() && ch.units.contains(&u.id))
                        })
                    })
                });
                if !scheduled {
                    out.warning(
                        loc(),
                        format!(
                            "{name} is held for a variant, but no variant chit ever brings it in"
                        ),
                    );
                }
            }
        }
    }

    // Forces.
    let mut in_force: BTreeMap<&UnitId, &str> = BTreeMap::new();
    for (si, side) in s.sides.iter().enumerate() {
        for (fi, force) in side.forces.iter().enumerate() {
            let loc = || field(&format!("sides[{si}].forces[{fi}]"));
            if let Some(l) = &force.leader
                && !(-1..=1).contains(&l.factor)
            {
                out.error(
                    loc(),
                    format!(
                        "leader {} of force \"{}\" has a factor of {}: leaders are -1, 0 or +1 [1.2]",
                        l.name, force.name, l.factor
                    ),
                );
            }
            for id in &force.units {
                match s.unit(id) {
                    None => out.error(
                        loc(),
                        format!(
                            "force \"{}\" lists unit {id}, which does not exist",
                            force.name
                        ),
                    ),
                    Some(u) if u.side != side.id => out.error(
                        Location::Unit(id.clone()),
                        format!(
                            "force \"{}\" of side \"{}\" lists unit {id}, which belongs to side \"{}\"",
                            force.name, side.id, u.side
                        ),
                    ),
                    Some(_) => {
                        if let Some(other) = in_force.insert(id, &force.name) {
                            out.error(
                                Location::Unit(id.clone()),
                                format!(
                                    "unit {id} is listed in two forces, \"{other}\" and \"{}\"",
                                    force.name
                                ),
                            );
                        }
                    }
                }
            }
        }
    }

    // Victory conditions.
    let mut exit_hexes = BTreeSet::new();
    for (i, t) in s.victory.loss_thresholds.iter().enumerate() {
        let loc = field(&format!("victory.loss_thresholds[{i}]"));
        if !known_side(&t.side) {
            out.error(
                loc.clone(),
                format!(
                    "loss threshold for side \"{}\", which the scenario does not define",
                    t.side
                ),
            );
        }
        if t.points == 0 {
            out.error(
                loc,
                format!("the loss threshold of side \"{}\" is 0 points", t.side),
            );
        } else if t.points > MAX_LOSS_THRESHOLD {
            out.error(
                loc,
                format!(
                    "the loss threshold of side \"{}\" is {} points: at most {MAX_LOSS_THRESHOLD} is supported",
                    t.side, t.points
                ),
            );
        } else if known_side(&t.side) {
            if s.victory.loss_thresholds[..i]
                .iter()
                .any(|o| o.side == t.side)
            {
                out.error(loc, format!("side \"{}\" has two loss thresholds", t.side));
                continue;
            }
            // Every strength point the side could ever field: at-start
            // units, reinforcements and units held for a variant.
            let total: u64 = s
                .units
                .iter()
                .filter(|u| u.side == t.side)
                .map(|u| u.strength as u64)
                .sum();
            // A side with no units yet is being built: its threshold
            // cannot be judged (File > New gives both sides one).
            let any = s.units.iter().any(|u| u.side == t.side);
            if any && t.points as u64 > total {
                out.warning(
                    loc,
                    format!(
                        "side \"{}\" loses at {} strength points but has only {total} in all: the threshold can never be reached",
                        t.side, t.points
                    ),
                );
            }
        }
    }
    for (i, e) in s.victory.exits.iter().enumerate() {
        let loc = field(&format!("victory.exits[{i}]"));
        if !known_side(&e.side) {
            out.error(
                loc.clone(),
                format!(
                    "exit condition for side \"{}\", which the scenario does not define",
                    e.side
                ),
            );
        }
        if e.units == 0 {
            out.error(loc.clone(), "the exit condition asks for 0 units");
        } else if e.units as usize > MAX_UNITS {
            out.error(
                loc.clone(),
                format!(
                    "the exit condition asks for {} units: a scenario holds at most {MAX_UNITS}",
                    e.units
                ),
            );
        }
        let side_units = s.units.iter().filter(|u| u.side == e.side).count();
        if e.units as usize > side_units && known_side(&e.side) {
            out.warning(
                loc.clone(),
                format!(
                    "side \"{}\" must exit {} but has only {side_units}",
                    e.side,
                    crate::words::counted(e.units, "unit", "units")
                ),
            );
        }
        if e.hexes.is_empty() {
            out.error(loc, "the exit condition has no exit hexes");
        }
        for h in &e.hexes {
            exit_hexes.insert(*h);
            if !map_ok {
                continue;
            }
            if !map.is_on_map(*h) {
                out.error(Location::Hex(*h), format!("exit hex {h} is not on the map"));
            } else if !map.is_edge_hex(*h) {
                out.error(Location::Hex(*h), format!("exit hex {h} is not on an edge of the map: units leave the map only from edge hexes"));
            } else if !is_enterable(map, *h) {
                out.error(
                    Location::Hex(*h),
                    format!("exit hex {h} can never be entered"),
                );
            }
        }
    }
    for (i, v) in s.victory.victory_hexes.iter().enumerate() {
        if !known_side(&v.side) {
            out.error(
                field(&format!("victory.victory_hexes[{i}]")),
                format!(
                    "victory hex {} is for side \"{}\", which the scenario does not define",
                    v.hex, v.side
                ),
            );
        }
        if v.points > MAX_VICTORY_POINTS {
            out.error(
                field(&format!("victory.victory_hexes[{i}]")),
                format!(
                    "victory hex {} is worth {} points: at most {MAX_VICTORY_POINTS} is supported",
                    v.hex, v.points
                ),
            );
        }
        if map_ok && !map.is_on_map(v.hex) {
            out.error(
                Location::Hex(v.hex),
                format!("victory hex {} is not on the map", v.hex),
            );
        }
    }
    if map_ok {
        check_roads_off_map(map, &exit_hexes, &mut out);
    }

    s.rules.plugin().check(s, map_ok.then_some(map), &mut out);
    check_variants(s, &mut out);
    check_rule_support(s, map, &mut out);
    let mut out = Issues(in_the_grids_words(map, out.0));
    check_grid(s, map, &mut out);
    out.0
}

/// Whether the rules are played on the map's kind of grid (issue 18, item
/// 5). Added after the box words, as it names both kinds.
fn check_grid(s: &Scenario, map: &Map, out: &mut Issues) {
    let support = s.rules.support();
    let name = support.name;
    if map.grid().is_boxes() && !support.boxes {
        out.error(
            field("map.orientation"),
            format!(
                "the map is a grid of square boxes, but the {name} rules are played on hexes: choose a hex map (File > New) or rules played on boxes"
            ),
        );
    } else if !map.grid().is_boxes() && !support.hexes {
        out.error(
            field("map.orientation"),
            format!(
                "the map is a hex grid, but the {name} rules are played on square boxes: choose a box map (File > New) or rules played on hexes"
            ),
        );
    }
}

/// Warnings about data the scenario's rule set ignores: what is drawn and
/// printed but never played must not pass silently.
fn check_rule_support(s: &Scenario, map: &Map, out: &mut Issues) {
    let support = s.rules.support();
    let name = support.name;
    // What is ignored, `n` of it: the rules ignore "it" or "them".
    let ignored = |n: usize, what: &str| {
        let them = if n == 1 { "it" } else { "them" };
        format!("{what}, but the {name} rules ignore {them}")
    };

    if !support.victory_hexes && !s.victory.victory_hexes.is_empty() {
        out.warning(
            field("victory.victory_hexes"),
            format!(
                "{}: games are decided by {}",
                ignored(
                    s.victory.victory_hexes.len(),
                    &crate::words::counted(
                        s.victory.victory_hexes.len(),
                        "victory hex is drawn and printed",
                        "victory hexes are drawn and printed"
                    )
                ),
                support.rule_victory
            ),
        );
    }
    if s.victory.exits.len() > support.exit_conditions {
        out.warning(
            field(&format!("victory.exits[{}]", support.exit_conditions)),
            format!(
                "the {name} rules read only the first {} exit condition{}; the other {} are ignored",
                support.exit_conditions,
                if support.exit_conditions == 1 { "" } else { "s" },
                s.victory.exits.len() - support.exit_conditions
            ),
        );
    }
    if s.variants.len() > support.variants {
        out.warning(
            field(&format!("variants[{}]", support.variants)),
            format!(
                "the {name} rules play only the first {} variant{}; the other {} are ignored",
                support.variants,
                if support.variants == 1 { "" } else { "s" },
                s.variants.len() - support.variants
            ),
        );
    }
    if !support.crt && !s.crt.is_empty() {
        out.warning(
            field("crt"),
            format!(
                "the scenario has a Combat Results Table, but the {name} rules ignore it: {} decides combat",
                support.rule_combat
            ),
        );
    }
    let elevated = map.hexes.values().filter(|d| d.elevation != 0).count();
    if !support.elevation && elevated > 0 {
        out.warning(
            field("map.hexes"),
            ignored(
                elevated,
                &format!(
                    "{} an elevation",
                    crate::words::counted(elevated, "hex has", "hexes have")
                ),
            ),
        );
    }
    let hills = map.hexes.values().filter(|d| d.hill).count();
    if !support.hills && hills > 0 {
        out.warning(
            field("map.hexes"),
            ignored(
                hills,
                &format!(
                    "{} hills",
                    crate::words::counted(hills, "hex has", "hexes have")
                ),
            ),
        );
    }
    let thresholds = s.victory.loss_thresholds.len();
    if support.loss_threshold.is_none() && thresholds > 0 {
        out.warning(
            field("victory.loss_thresholds"),
            ignored(
                thresholds,
                &format!(
                    "the scenario sets {}",
                    crate::words::counted(thresholds, "loss threshold", "loss thresholds")
                ),
            ),
        );
    }
    let strongholds = map.hexes.values().filter(|d| d.stronghold).count();
    if !support.strongholds && strongholds > 0 {
        out.warning(
            field("map.hexes"),
            ignored(
                strongholds,
                &format!(
                    "{} fortified as strongholds",
                    crate::words::counted(strongholds, "hex is", "hexes are")
                ),
            ),
        );
    }
    let facing = s.units.iter().filter(|u| u.facing.is_some()).count();
    if !support.facing && facing > 0 {
        out.warning(
            field("units"),
            ignored(
                facing,
                &format!(
                    "{} a facing",
                    crate::words::counted(facing, "unit has", "units have")
                ),
            ),
        );
    }
    let forces: usize = s.sides.iter().map(|x| x.forces.len()).sum();
    if !support.forces && forces > 0 {
        out.warning(
            field("sides"),
            ignored(
                forces,
                &format!(
                    "the sides have {} with leaders",
                    crate::words::counted(forces, "force", "forces")
                ),
            ),
        );
    }
    // A movement number the rules do not read (issue 35 item 21):
    // *Napoleon* moves a unit by its type's troop-table allowance (N14).
    let own_movement: Vec<&super::model::Unit> = s
        .units
        .iter()
        .filter(|u| matches!(s.rules.unit_movement(u), Some((m, false)) if m != u.movement))
        .collect();
    if let Some(first) = own_movement.first() {
        out.warning(
            Location::Unit(first.id.clone()),
            format!(
                "{} a movement number of {} that the {name} rules ignore: a unit moves by {}, {} for {}",
                if own_movement.len() == 1 {
                    format!("{} has", first.id)
                } else {
                    format!("{} units have (first {})", own_movement.len(), first.id) // count: two or more
                },
                if own_movement.len() == 1 { "its own" } else { "their own" },
                support.movement_table,
                s.rules
                    .unit_movement(first)
                    .map_or(0, |(m, _)| m),
                s.rules.unit_kind_name(first).to_lowercase()
            ),
        );
    }
    if !support.crossing_rule.is_empty() && !map.hexside_effects.is_default() {
        out.warning(
            field("map.hexside_effects"),
            format!(
                "the map sets what crossing a river, ford or bridge costs, but the {name} rules ignore it: {}",
                support.crossing_rule
            ),
        );
    }
    let rivers = map
        .hexsides
        .values()
        .filter(|f| f.contains(&HexsideFeature::River))
        .count();
    if !support.rivers && rivers > 0 {
        out.warning(
            field("map.hexsides"),
            ignored(
                rivers,
                &crate::words::counted(rivers, "hexside has a river", "hexsides have rivers"),
            ),
        );
    }
    // Other hexside features the rules do not read (a river has its
    // own warning above).
    for f in HexsideFeature::ALL {
        if f == HexsideFeature::River || support.hexside_features.contains(&f) {
            continue;
        }
        let n = map.hexsides.values().filter(|x| x.contains(&f)).count();
        if n > 0 {
            out.warning(
                field("map.hexsides"),
                ignored(
                    n,
                    &crate::words::counted(
                        n,
                        &format!("hexside has a {}", f.name()),
                        &format!("hexsides have {}s", f.name()),
                    ),
                ),
            );
        }
    }
}

fn check_entry(
    map: &Map,
    name: &str,
    entry: &[Hex],
    side: SideId,
    start_side: &BTreeMap<Hex, &SideId>,
    loc: Location,
    out: &mut Issues,
) {
    if entry.is_empty() {
        out.error(loc.clone(), format!("{name} has no entry hexes"));
    }
    for h in entry {
        if let Some(why) = why_not_enterable(map, *h) {
            out.error(loc.clone(), format!("{name} enters through {h}: {why}"));
        } else if start_side.get(h).is_some_and(|s| **s != side) {
            out.warning(
                Location::Hex(*h),
                format!(
                    "{name} enters through {h}, which an enemy unit occupies at the start [7.2]"
                ),
            );
        }
    }
}

fn check_variants(s: &Scenario, out: &mut Issues) {
    for (vi, v) in s.variants.iter().enumerate() {
        for (ti, table) in v.tables.iter().enumerate() {
            let loc = || field(&format!("variants[{vi}].tables[{ti}]"));
            if s.side(&table.side).is_none() {
                out.error(loc(), format!("variant \"{}\" has a chit table for side \"{}\", which the scenario does not define", v.name, table.side));
            }
            let mut codes = BTreeSet::new();
            for chit in &table.chits {
                if !(1..=6).contains(&chit.code) {
                    out.error(
                        loc(),
                        format!(
                            "variant \"{}\": chit code {} for side \"{}\" is outside 1-6",
                            v.name, chit.code, table.side
                        ),
                    );
                }
                if !codes.insert(chit.code) {
                    out.error(
                        loc(),
                        format!(
                            "variant \"{}\": chit code {} appears twice for side \"{}\"",
                            v.name, chit.code, table.side
                        ),
                    );
                }
                for ch in &chit.changes {
                    for id in &ch.units {
                        match s.unit(id) {
                            None => out.error(
                                loc(),
                                format!("variant \"{}\": chit {} of side \"{}\" names unit {id}, which does not exist", v.name, chit.code, table.side),
                            ),
                            Some(u) if u.start_hex().is_some() => out.error(
                                Location::Unit(id.clone()),
                                format!("variant \"{}\": chit {} schedules unit {id}, which starts on the map", v.name, chit.code),
                            ),
                            Some(u) if u.side != table.side => out.warning(
                                Location::Unit(id.clone()),
                                format!("variant \"{}\": chit {} of side \"{}\" schedules unit {id} of side \"{}\"", v.name, chit.code, table.side, u.side),
                            ),
                            Some(_) => {}
                        }
                    }
                    if let Some(t) = ch.turn
                        && (t == 0 || t > s.turns)
                    {
                        out.error(
                            loc(),
                            format!(
                                "variant \"{}\": chit {} brings units in on Game-Turn {t}, outside the game's {}",
                                v.name,
                                chit.code,
                                crate::words::counted(s.turns, "turn", "turns")
                            ),
                        );
                    }
                }
            }
            let missing: Vec<String> = (1..=6)
                .filter(|c| !codes.contains(c))
                .map(|c| c.to_string())
                .collect();
            if !missing.is_empty() {
                out.warning(
                    loc(),
                    format!(
                        "variant \"{}\": side \"{}\" has no chit {}",
                        v.name,
                        table.side,
                        missing.join(", ")
                    ),
                );
            }
        }
    }
}
