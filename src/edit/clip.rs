//! Copy and paste between documents (issue 40 item 3): a unit, or a
//! region of the map with the units that start in it, copied from one
//! document and pasted into another (or the same) as one undoable edit.
//! Positions are kept as axial offsets from the region's first hex, so a
//! region keeps its shape wherever it lands on a hex grid of the same
//! orientation; terrain goes by its id, so a map whose codes differ
//! takes it as long as it has that terrain.

use super::{DetailChange, Document, Edit, TerrainChange, fresh_unit_id};
use crate::hex::{Axial, Dir, Grid, Hex, Hexside};
use crate::scenario::{HexDetail, HexsideFeature, Placement, SideId, Unit};
use std::collections::{BTreeMap, BTreeSet};

/// What was copied.
#[derive(Clone, Debug, PartialEq)]
pub struct Clip {
    /// The rule set of the scenario it came from (units only fit that).
    pub rules: String,
    /// The source map's grid (a region only fits a grid of its kind).
    pub grid: Grid,
    /// The source scenario's sides, in order: a unit goes to the side of
    /// the same place in the target.
    pub sides: Vec<SideId>,
    /// Copied hexes: offset from the first, terrain id, details.
    pub hexes: Vec<(Axial, String, HexDetail)>,
    /// Features of the hexsides between copied hexes: the offset of the
    /// side's hex, its direction, its features.
    pub hexsides: Vec<(Axial, Dir, BTreeSet<HexsideFeature>)>,
    /// Units, with the offset of their start hex (none: not on the map at
    /// the start, pasted at the paste hex).
    pub units: Vec<(Option<Axial>, Unit)>,
}

impl Clip {
    fn empty(doc: &Document) -> Clip {
        Clip {
            rules: doc.scenario.rules.name().to_string(),
            grid: doc.map.grid(),
            sides: doc.scenario.sides.iter().map(|s| s.id.clone()).collect(),
            hexes: Vec::new(),
            hexsides: Vec::new(),
            units: Vec::new(),
        }
    }

    /// One unit.
    pub fn of_unit(doc: &Document, unit: &Unit) -> Clip {
        let mut c = Clip::empty(doc);
        c.units.push((None, unit.clone()));
        c
    }

    /// The hexes of the map among `hexes`, with their terrain, details,
    /// the hexsides between them and the units starting in them. `None`
    /// when none of them is on the map.
    pub fn of_region(doc: &Document, hexes: &[Hex]) -> Option<Clip> {
        let map = &doc.map;
        let grid = map.grid();
        let inside: BTreeSet<Hex> = hexes
            .iter()
            .copied()
            .filter(|&h| map.is_on_map(h))
            .collect();
        let first = *inside.iter().next()?;
        let origin = grid.to_axial(first);
        let offset = |h: Hex| {
            let a = grid.to_axial(h);
            Axial {
                q: a.q - origin.q,
                r: a.r - origin.r,
            }
        };
        let mut c = Clip::empty(doc);
        for &h in &inside {
            let terrain = map.terrain_at(h)?.id.clone();
            let detail = map.hexes.get(&h).cloned().unwrap_or_default();
            c.hexes.push((offset(h), terrain, detail));
        }
        for (side, features) in &map.hexsides {
            if let Some((a, b)) = grid.hexside_hexes(*side)
                && inside.contains(&a)
                && inside.contains(&b)
            {
                c.hexsides
                    .push((offset(side.hex), side.dir, features.clone()));
            }
        }
        for u in &doc.scenario.units {
            if let Placement::Start(h) = u.placement
                && inside.contains(&h)
            {
                c.units.push((Some(offset(h)), u.clone()));
            }
        }
        Some(c)
    }

    /// "3 hexes and 1 unit".
    pub fn describe(&self) -> String {
        let hexes = crate::words::counted(self.hexes.len(), "hex", "hexes");
        let units = crate::words::counted(self.units.len(), "unit", "units");
        match (self.hexes.is_empty(), self.units.is_empty()) {
            (true, _) => units,
            (false, true) => hexes,
            (false, false) => format!("{hexes} and {units}"),
        }
    }
}

/// The edit that pastes `clip` into `doc` with its first hex at `at`, or
/// why it cannot: a region on a grid of another kind, a terrain the map
/// lacks, units from another rule set, or nothing of it on this map.
pub fn paste(doc: &Document, clip: &Clip, at: Hex) -> Result<Edit, String> {
    let map = &doc.map;
    let grid = map.grid();
    if !clip.hexes.is_empty() && clip.grid.orientation != grid.orientation {
        return Err(format!(
            "the region was copied from a map of {}, and this one is of {}: a region only pastes on the same grid",
            grid_name(clip.grid),
            grid_name(grid)
        ));
    }
    let rules = doc.scenario.rules.name();
    if !clip.units.is_empty() && clip.rules != rules {
        return Err(format!(
            "the units were copied from a {} scenario and this one plays {}: their numbers mean other things there",
            clip.rules, rules
        ));
    }
    let base = grid.to_axial(at);
    let place = |o: Axial| {
        grid.from_axial(Axial {
            q: base.q + o.q,
            r: base.r + o.r,
        })
    };
    let codes: BTreeMap<&str, char> = map
        .terrain_kinds
        .iter()
        .map(|k| (k.id.as_str(), k.code))
        .collect();
    let mut terrain = Vec::new();
    let mut details = Vec::new();
    let mut landed = 0;
    for (o, id, detail) in &clip.hexes {
        let h = place(*o);
        if !map.is_on_map(h) {
            continue;
        }
        landed += 1;
        let Some(&code) = codes.get(id.as_str()) else {
            return Err(format!(
                "this map has no terrain \"{id}\": add it in Map settings first"
            ));
        };
        let before = map.code_at(h).unwrap_or(code);
        if before != code {
            terrain.push(TerrainChange {
                hex: h,
                before,
                after: code,
            });
        }
        let was = map.hexes.get(&h).cloned().unwrap_or_default();
        if was != *detail {
            details.push(DetailChange {
                hex: h,
                before: was,
                after: detail.clone(),
            });
        }
    }
    if !clip.hexes.is_empty() && landed == 0 {
        return Err(format!("no hex of the region falls on the map from {at}"));
    }
    let mut edits = Vec::new();
    if !terrain.is_empty() {
        edits.push(Edit::Terrain(terrain));
    }
    if !details.is_empty() {
        edits.push(Edit::Details(details));
    }
    for (o, dir, features) in &clip.hexsides {
        let Some(side) = grid.canonical(Hexside {
            hex: place(*o),
            dir: *dir,
        }) else {
            continue;
        };
        let Some((a, b)) = grid.hexside_hexes(side) else {
            continue;
        };
        if !map.is_on_map(a) || !map.is_on_map(b) {
            continue;
        }
        let before = map.hexsides.get(&side).cloned().unwrap_or_default();
        if before != *features {
            edits.push(Edit::Hexside {
                side,
                before,
                after: features.clone(),
            });
        }
    }
    // Units: fresh ids, the side of the same place, on the map.
    let mut scenario = doc.scenario.clone();
    let mut units = 0;
    for (o, u) in &clip.units {
        let h = o.map_or(at, place);
        if !map.is_on_map(h) {
            continue;
        }
        let side_index = clip.sides.iter().position(|s| *s == u.side).unwrap_or(0);
        let Some(side) = scenario
            .sides
            .get(side_index)
            .or(scenario.sides.first())
            .cloned()
        else {
            return Err("this scenario has no sides to give the units to".into());
        };
        let mut unit = u.clone();
        unit.id = fresh_unit_id(&scenario, &side.id);
        if unit.side != side.id
            || unit
                .contingent
                .as_ref()
                .is_some_and(|c| !side.contingents.iter().any(|k| k.name == *c))
        {
            unit.contingent = None;
        }
        unit.side = side.id.clone();
        unit.placement = Placement::Start(h);
        edits.push(Edit::InsertUnit {
            index: scenario.units.len(),
            unit: Box::new(unit.clone()),
        });
        scenario.units.push(unit);
        units += 1;
    }
    if clip.hexes.is_empty() && units == 0 {
        return Err(format!("{at} is not on the map"));
    }
    Ok(Edit::Group {
        label: format!("paste {}", clip.describe()),
        edits,
    })
}

fn grid_name(g: Grid) -> &'static str {
    match g.orientation {
        crate::hex::Orientation::Boxes => "square boxes",
        crate::hex::Orientation::FlatTop => "flat-topped hexes",
        crate::hex::Orientation::PointyTop => "pointy-topped hexes",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{MapSource, parse_map, parse_scenario};

    fn waterloo() -> Document {
        let scenario = parse_scenario(include_str!("../../scenarios/waterloo.ron"), "waterloo.ron")
            .expect("parses");
        let map = parse_map(include_str!("../../maps/waterloo.ron"), "map.ron").expect("map");
        Document { scenario, map }
    }

    fn blank() -> Document {
        let mut d = waterloo();
        d.map = parse_map(include_str!("../../maps/blank-23x17.ron"), "blank.ron").expect("map");
        d.scenario.map = MapSource::File("blank.ron".into());
        d.scenario.units.clear();
        d
    }

    fn h(s: &str) -> Hex {
        s.parse().expect("a hex")
    }

    #[test]
    fn issue40_item3_a_region_pastes_with_its_shape_terrain_hexsides_and_units() {
        let from = waterloo();
        let region: Vec<Hex> = (10..=13)
            .flat_map(|c| (5..=8).map(move |r| Hex::new(c, r)))
            .collect();
        let clip = Clip::of_region(&from, &region).expect("a region");
        assert_eq!(clip.hexes.len(), 16);
        let mut to = blank();
        // One column over: the region keeps its shape (axial offsets), so
        // hex (c, r) lands where the same neighbours surround it.
        let e = paste(&to, &clip, h("1105")).expect("pastes");
        let before = to.clone();
        e.apply(&mut to).expect("applies");
        let g = to.map.grid();
        for (i, &src) in region.iter().enumerate() {
            let _ = i;
            let a = g.to_axial(src);
            let o = g.to_axial(Hex::new(10, 5));
            let b = g.to_axial(h("1105"));
            let dst = g.from_axial(Axial {
                q: b.q + a.q - o.q,
                r: b.r + a.r - o.r,
            });
            assert_eq!(
                to.map.terrain_at(dst).map(|k| k.id.clone()),
                from.map.terrain_at(src).map(|k| k.id.clone()),
                "{src} -> {dst}"
            );
        }
        let units_in = from
            .scenario
            .units
            .iter()
            .filter(|u| matches!(u.placement, Placement::Start(x) if region.contains(&x)))
            .count();
        assert_eq!(to.scenario.units.len(), units_in);
        // One undo step takes it all back.
        e.inverse().apply(&mut to).expect("undoes");
        assert_eq!(to, before);
    }

    #[test]
    fn issue40_item3_a_unit_pastes_with_a_fresh_id_and_refuses_other_rules() {
        let from = waterloo();
        let u = &from.scenario.units[0];
        let clip = Clip::of_unit(&from, u);
        let mut to = from.clone();
        let e = paste(&to, &clip, h("0101")).expect("pastes");
        e.apply(&mut to).expect("applies");
        let pasted = to.scenario.units.last().expect("a unit");
        assert_ne!(pasted.id, u.id, "a fresh id");
        assert_eq!(pasted.placement, Placement::Start(h("0101")));
        assert_eq!(pasted.strength, u.strength);
        let mut other = to.clone();
        other.scenario.rules = crate::scenario::RuleSet::every()
            .into_iter()
            .find(|r| r.name() != from.scenario.rules.name())
            .expect("another rule set");
        let why = paste(&other, &clip, h("0101")).expect_err("refused");
        assert!(why.contains("their numbers mean other things"), "{why}");
        let why = paste(&to, &clip, h("9999")).expect_err("off the map");
        assert!(why.contains("not on the map"), "{why}");
    }
}
