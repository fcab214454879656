//! What the 16-hits rules forbid at set-up, in a designer's words with
//! the line and ruling that forbid it: one unit a hex (M4), hits of 0-15
//! (M5, M36), formations of the unit's type (M7), line only with
//! permission (M41), a facing for every unit but a square (M8), terrain a
//! unit may stand in (M14), Generals of the scenario's sides in hexes
//! they may hold (M13, M47), no reinforcements (the rules have none), the
//! side that goes first (M11) and the Tables' and options' own bounds.

use crate::hex::Hex;
use crate::rules::hits16::model::{
    Formation, Hits16Options, Hits16Unit, TABLE_DOCS, Terrain, TroopType,
};
use crate::scenario::{Issues, field};
use crate::scenario::{Location, Map, Placement, Scenario, SideId};
use std::collections::BTreeMap;

fn terrain_at(map: &Map, o: &Hits16Options, h: Hex) -> Terrain {
    map.terrain_at(h)
        .map_or(Terrain::Clear, |t| o.terrain_role(&t.id))
}

pub(crate) fn check(s: &Scenario, map: &Map, o: &Hits16Options, out: &mut Issues) {
    check_numbers(o, out);
    let sides: Vec<&SideId> = s.sides.iter().map(|x| &x.id).collect();
    let grid = map.grid();
    let mut at: BTreeMap<Hex, &str> = BTreeMap::new();
    for u in &s.units {
        let loc = || Location::Unit(u.id.clone());
        let x = Hits16Unit::read(u);
        let f = x.formation();
        if x.hits >= 16 {
            out.error(
                loc(),
                format!(
                    "unit \"{}\" starts with {}: a unit is eliminated at 16 [L107] (M36)",
                    u.id,
                    crate::words::counted(x.hits, "hit", "hits")
                ),
            );
        }
        if !x.troop.formations().contains(&f) {
            let names: Vec<&str> = x.troop.formations().iter().map(|f| f.name()).collect();
            out.error(
                loc(),
                format!(
                    "unit \"{}\" is {} in {}: {} form only {} [L9-16] (M7)",
                    u.id,
                    x.troop.name(),
                    f.name(),
                    x.troop.name(),
                    crate::words::list_or(&names)
                ),
            );
        }
        if f == Formation::Line && x.troop == TroopType::Infantry && !o.line_allowed(&x) {
            out.error(
                loc(),
                format!(
                    "unit \"{}\" is in line, which the line rule forbids it: {} [L9] (M41)",
                    u.id,
                    match o.line_rule {
                        crate::rules::hits16::model::LineRule::PerUnit =>
                            "its line_allowed is not set".to_string(),
                        _ => format!(
                            "only British units, French Elite units and every army before 1807 form line{}",
                            o.year.map_or(String::new(), |y| format!(" (the scenario's year is {y})"))
                        ),
                    }
                ),
            );
        }
        if x.line_allowed.is_some() && o.line_rule != crate::rules::hits16::model::LineRule::PerUnit
        {
            out.warning(
                loc(),
                format!(
                    "unit \"{}\" sets line_allowed, which only the per_unit line rule reads (M41)",
                    u.id
                ),
            );
        }
        match (f == Formation::Square, u.facing) {
            (true, Some(d)) => out.error(
                loc(),
                format!(
                    "unit \"{}\" is in square and faces {}: a square has no facing [L12] (M8)",
                    u.id,
                    d.name()
                ),
            ),
            (false, Some(d)) if !grid.is_side(d) => out.error(
                loc(),
                format!(
                    "unit \"{}\" faces {}, which is not a hexside of this map's hexes (M8)",
                    u.id,
                    d.name()
                ),
            ),
            _ => {}
        }
        match &u.placement {
            Placement::Start(h) => {
                if let Some(other) = at.insert(*h, u.id.as_str()) {
                    out.error(
                        Location::Hex(*h),
                        format!(
                            "units \"{other}\" and \"{}\" both start in {h}: a hex holds one unit (M4)",
                            u.id
                        ),
                    );
                }
                if map.is_on_map(*h) {
                    let t = terrain_at(map, o, *h);
                    let why = match t {
                        Terrain::Woods if x.troop != TroopType::Skirmishers => {
                            Some("only skirmishers enter woods [L49] (M14)")
                        }
                        Terrain::Marsh | Terrain::Lake => {
                            Some("marsh and lakes are impassable [L51] (M14)")
                        }
                        Terrain::Town if !x.troop.is_foot() => {
                            Some("only infantry and skirmishers may end in a town [L50] (M14)")
                        }
                        _ => None,
                    };
                    if let Some(why) = why {
                        out.error(
                            loc(),
                            format!(
                                "unit \"{}\" ({}) starts in {h}, {}: {why}",
                                u.id,
                                x.troop.name(),
                                t.name()
                            ),
                        );
                    }
                }
            }
            _ => out.error(
                loc(),
                format!(
                    "unit \"{}\" arrives later, but these rules have no reinforcements: every unit starts on the table (M11)",
                    u.id
                ),
            ),
        }
    }
    let mut general_at: BTreeMap<Hex, &str> = BTreeMap::new();
    let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, g) in o.generals.iter().enumerate() {
        let loc = || field(&format!("rules.generals[{i}]"));
        if g.id.trim().is_empty() {
            out.error(loc(), "a General has no id: commands name him by it (M13)");
        } else if let Some(j) = ids.insert(g.id.as_str(), i) {
            out.error(
                loc(),
                format!(
                    "Generals {j} and {i} share the id \"{}\": each needs his own (M13)",
                    g.id
                ),
            );
        } else if s.units.iter().any(|u| u.id.as_str() == g.id) {
            out.error(
                loc(),
                format!(
                    "General \"{}\" has the id of a unit: commands could not tell them apart (M13)",
                    g.id
                ),
            );
        }
        if !sides.contains(&&g.side) {
            out.error(
                loc(),
                format!(
                    "General {} is of side \"{}\", which the scenario does not define (M13)",
                    g.name, g.side
                ),
            );
        }
        let Some(h) = g.hex else {
            out.warning(
                loc(),
                format!(
                    "General {} has no hex: he is not on the table and rallies nobody (M12)",
                    g.name
                ),
            );
            continue;
        };
        if !map.is_on_map(h) {
            out.error(
                loc(),
                format!("General {} starts in {h}, off the map", g.name),
            );
            continue;
        }
        if let Some(other) = general_at.insert(h, g.id.as_str()) {
            out.error(
                Location::Hex(h),
                format!(
                    "Generals \"{other}\" and \"{}\" both start in {h}: a hex holds one friendly General (M47)",
                    g.id
                ),
            );
        }
        match terrain_at(map, o, h) {
            Terrain::Woods => out.error(
                loc(),
                format!(
                    "General {} starts in woods, {h}: Generals move as cavalry, and only skirmishers enter woods [L35][L49] (M13)",
                    g.name
                ),
            ),
            t if t.impassable() => out.error(
                loc(),
                format!(
                    "General {} starts in {}, {h}: it is impassable [L51] (M13)",
                    g.name,
                    t.name()
                ),
            ),
            _ => {}
        }
        if let Some(uid) = at.get(&h)
            && let Some(u) = s.units.iter().find(|u| u.id.as_str() == *uid)
            && u.side != g.side
        {
            out.error(
                loc(),
                format!(
                    "General {} starts in {h} with the enemy unit \"{}\" (M13)",
                    g.name, u.id
                ),
            );
        }
    }
    if let Some(first) = &o.first_side
        && !sides.contains(&first)
    {
        out.error(
            field("rules.first_side"),
            format!("the first side \"{first}\" is not a side of the scenario (M11)"),
        );
    }
    for kind in o.terrain.keys() {
        if map.terrain_by_id(kind).is_none() {
            out.warning(
                field("rules.terrain"),
                format!(
                    "the rules give a role to terrain \"{kind}\", which the map does not have (M3)"
                ),
            );
        }
    }
    for (i, v) in s.victory.victory_hexes.iter().enumerate() {
        if v.points != 1 {
            out.warning(
                field(&format!("victory.victory_hexes[{i}]")),
                format!(
                    "victory hex {} is worth {}, but these rules count victory hexes held, not points (M38)",
                    v.hex,
                    crate::words::counted(v.points, "point", "points")
                ),
            );
        }
    }
    if s.turns != o.turn_limit {
        out.warning(
            field("turns"),
            format!(
                "the scenario lasts {} and the rules' turn limit is {}: games end after {} (M38)",
                crate::words::counted(s.turns, "turn", "turns"),
                o.turn_limit,
                s.turns.min(o.turn_limit).max(1)
            ),
        );
    }
}

fn check_numbers(o: &Hits16Options, out: &mut Issues) {
    for d in TABLE_DOCS {
        if let Some(v) = o.table_value(d.field)
            && !(d.min..=d.max).contains(&v)
        {
            out.error(
                field(&format!("rules.{}", d.field)),
                format!(
                    "{} is {v}: {} to {} is supported {}",
                    d.label, d.min, d.max, d.source
                ),
            );
        }
    }
    let f = o.army_break_fraction;
    if !(f > 0.0 && f <= 1.0) {
        out.error(
            field("rules.army_break_fraction"),
            format!("the army break fraction is {f}: it is a share of the army, above 0 and at most 1 (M38)"),
        );
    }
    for (path, v, lo, hi, why) in [
        ("cm_per_hex", o.cm_per_hex, 1, 100, "(M1)"),
        ("artillery_bases", o.artillery_bases, 1, 8, "(M5)"),
        ("rally_reach", o.rally_reach, 0, 3, "(M12)"),
        (
            "charge_pivot_hexsides",
            o.charge_pivot_hexsides,
            0,
            3,
            "(M27)",
        ),
    ] {
        if !(lo..=hi).contains(&v) {
            out.error(
                field(&format!("rules.{path}")),
                format!("{path} is {v}: {lo} to {hi} is supported {why}"),
            );
        }
    }
    if o.max_rallies_per_general == Some(0) {
        out.warning(
            field("rules.max_rallies_per_general"),
            "Generals may make no rally at all (max_rallies_per_general is 0) (M12)",
        );
    }
    for (name, r) in [
        ("infantry", &o.fire_table.infantry),
        ("skirmishers", &o.fire_table.skirmishers),
        ("artillery", &o.fire_table.artillery),
    ] {
        if r.close_range > r.long_range {
            out.error(
                field(&format!("rules.fire_table.{name}")),
                format!(
                    "{name}'s close range ({}) is beyond its long range ({}) (M23)",
                    r.close_range, r.long_range
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario::{MapSource, Placement, parse_scenario, validate};

    /// Two units in one hex are reported once, under M4, and never under
    /// another rule set's stacking case (issue 68).
    #[test]
    fn m4_two_units_in_a_hex_are_reported_once() {
        let text = include_str!("../../../../scenarios/hits16-tutorial.ron");
        let mut s = parse_scenario(text, "hits16-tutorial.ron").expect("parses");
        let MapSource::Inline(map) = s.map.clone() else {
            panic!("the tutorial's map is inline");
        };
        assert!(
            validate(&s, &map)
                .iter()
                .all(|i| !i.message.contains("both start"))
        );
        let h = s.units[0]
            .start_hex()
            .expect("the first unit starts on the map");
        s.units[1].placement = Placement::Start(h);
        let stacking: Vec<_> = validate(&s, &map)
            .into_iter()
            .filter(|i| i.message.contains("both start") || i.message.contains("[4.4]"))
            .collect();
        assert_eq!(stacking.len(), 1, "{stacking:?}");
        assert!(stacking[0].message.ends_with("(M4)"), "{stacking:?}");
    }
}
