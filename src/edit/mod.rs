//! Editing a scenario as values: every change a designer makes is an
//! [`Edit`] that records what it replaces, so it can be applied, inverted
//! and kept in a bounded [`History`] for undo and redo. The editor window
//! only builds edits (with the constructors here) and hands them to the
//! history; it never mutates the document itself.
//!
//! Pure: no file system, no UI, no randomness.

use crate::hex::{Hex, Hexside};
use crate::scenario::HexDetail;
use crate::scenario::{
    ExitCondition, HexsideFeature, Map, MapSource, OFF_MAP, Place, Placement, Scenario, SideId,
    Unit, UnitId, Victory, VictoryHex,
};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// What the editor edits: a scenario and its map (which may live in its
/// own file; the scenario's `map` field says where it is saved).
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub scenario: Scenario,
    pub map: Map,
}

/// One hex's terrain before and after an edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainChange {
    pub hex: Hex,
    pub before: char,
    pub after: char,
}

/// One hex's details (elevation, hill, stronghold) before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetailChange {
    pub hex: Hex,
    pub before: HexDetail,
    pub after: HexDetail,
}

/// What the detail brush does to each hex it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DetailPaint {
    /// A hill on top of the hex's terrain (a wooded hill is woods with a
    /// hill), its top at this elevation in contour steps (1 or more; N89,
    /// N90: a hill of level 2 above one of level 1 gives height), or 0
    /// under rules that read hills but no elevation (a hill, level ground
    /// otherwise).
    Hill(i32),
    /// No hill, back to the base level.
    NoHill,
    /// A town hex fortified as a stronghold [3.8.1.3].
    Stronghold,
    NoStronghold,
}

impl DetailPaint {
    pub const ALL: [DetailPaint; 4] = [
        DetailPaint::Hill(1),
        DetailPaint::NoHill,
        DetailPaint::Stronghold,
        DetailPaint::NoStronghold,
    ];
    pub fn name(self) -> &'static str {
        match self {
            DetailPaint::Hill(_) => "Hill",
            DetailPaint::NoHill => "Remove hill",
            DetailPaint::Stronghold => "Stronghold",
            DetailPaint::NoStronghold => "Remove stronghold",
        }
    }
    fn paint(self, d: &HexDetail) -> HexDetail {
        let mut d = d.clone();
        match self {
            DetailPaint::Hill(level) => {
                d.hill = true;
                d.elevation = level.clamp(0, crate::scenario::limits::MAX_ELEVATION);
            }
            DetailPaint::NoHill => {
                d.hill = false;
                d.elevation = 0;
            }
            DetailPaint::Stronghold => d.stronghold = true,
            DetailPaint::NoStronghold => d.stronghold = false,
        }
        d
    }
}

/// A change to a document that knows what it replaces.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Terrain codes of some hexes (a brush stroke or a fill).
    Terrain(Vec<TerrainChange>),
    /// Hex details of some hexes (a hill or stronghold brush stroke).
    Details(Vec<DetailChange>),
    /// The features along one hexside (canonical form).
    Hexside {
        side: Hexside,
        before: BTreeSet<HexsideFeature>,
        after: BTreeSet<HexsideFeature>,
    },
    /// A unit inserted at `index` of the unit list.
    InsertUnit { index: usize, unit: Box<Unit> },
    /// The unit at `index` removed.
    RemoveUnit { index: usize, unit: Box<Unit> },
    /// The unit at `index` changed (moved, renamed, re-scheduled...).
    UpdateUnit {
        index: usize,
        before: Box<Unit>,
        after: Box<Unit>,
    },
    /// The map's place names.
    Places {
        before: Vec<Place>,
        after: Vec<Place>,
    },
    /// Victory conditions (exit hexes, victory hexes, loss thresholds).
    Victory {
        before: Box<Victory>,
        after: Box<Victory>,
    },
    /// The whole scenario (settings dialogs: title, sides, rules, CRT,
    /// variants...). The map is not part of it.
    Scenario {
        before: Box<Scenario>,
        after: Box<Scenario>,
    },
    /// The whole map (New Map, resize, the terrain table).
    Map { before: Box<Map>, after: Box<Map> },
    /// Several edits as one step, applied in order.
    Group { label: String, edits: Vec<Edit> },
}

/// Why an edit could not be applied: the document is not the one the edit
/// was made for. Nothing is changed when this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("hex {0} is not on the map")]
    OffMap(Hex),
    #[error("hex {hex} holds `{found}`, not `{expected}` as the edit expected")]
    TerrainMismatch {
        hex: Hex,
        expected: char,
        found: char,
    },
    #[error("there is no unit number {0} in the scenario")]
    NoUnit(usize),
    #[error("the document has changed since the edit was made ({0})")]
    Stale(&'static str),
}

impl Edit {
    /// Words for menus: "Undo paint 7 hexes".
    pub fn label(&self) -> String {
        match self {
            Edit::Terrain(c) if c.len() == 1 => format!("paint {}", c[0].hex),
            Edit::Terrain(c) => format!("paint {}", crate::words::counted(c.len(), "hex", "hexes")),
            Edit::Details(c) => format!(
                "paint details of {}",
                crate::words::counted(c.len(), "hex", "hexes")
            ),
            Edit::Hexside {
                side,
                before,
                after,
            } => {
                match (
                    after.difference(before).next(),
                    before.difference(after).next(),
                ) {
                    (Some(f), _) => format!("add {} at {side}", f.name()),
                    (None, Some(f)) => format!("remove {} at {side}", f.name()),
                    (None, None) => format!("hexside {side}"),
                }
            }
            Edit::InsertUnit { unit, .. } => format!("add unit {}", unit.id),
            Edit::RemoveUnit { unit, .. } => format!("delete unit {}", unit.id),
            Edit::UpdateUnit { before, after, .. } => {
                if before.placement != after.placement
                    && let (Some(_), Some(to)) = (before.start_hex(), after.start_hex())
                {
                    format!("move unit {} to {to}", after.id)
                } else {
                    format!("edit unit {}", after.id)
                }
            }
            Edit::Places { .. } => "edit place names".into(),
            Edit::Victory { .. } => "edit victory hexes".into(),
            Edit::Scenario { .. } => "edit scenario settings".into(),
            Edit::Map { .. } => "edit map settings".into(),
            Edit::Group { label, .. } => label.clone(),
        }
    }

    /// The edit that undoes this one.
    pub fn inverse(&self) -> Edit {
        match self {
            Edit::Details(c) => Edit::Details(
                c.iter()
                    .rev()
                    .map(|t| DetailChange {
                        hex: t.hex,
                        before: t.after.clone(),
                        after: t.before.clone(),
                    })
                    .collect(),
            ),
            Edit::Terrain(c) => Edit::Terrain(
                c.iter()
                    .rev()
                    .map(|t| TerrainChange {
                        hex: t.hex,
                        before: t.after,
                        after: t.before,
                    })
                    .collect(),
            ),
            Edit::Hexside {
                side,
                before,
                after,
            } => Edit::Hexside {
                side: *side,
                before: after.clone(),
                after: before.clone(),
            },
            Edit::InsertUnit { index, unit } => Edit::RemoveUnit {
                index: *index,
                unit: unit.clone(),
            },
            Edit::RemoveUnit { index, unit } => Edit::InsertUnit {
                index: *index,
                unit: unit.clone(),
            },
            Edit::UpdateUnit {
                index,
                before,
                after,
            } => Edit::UpdateUnit {
                index: *index,
                before: after.clone(),
                after: before.clone(),
            },
            Edit::Places { before, after } => Edit::Places {
                before: after.clone(),
                after: before.clone(),
            },
            Edit::Victory { before, after } => Edit::Victory {
                before: after.clone(),
                after: before.clone(),
            },
            Edit::Scenario { before, after } => Edit::Scenario {
                before: after.clone(),
                after: before.clone(),
            },
            Edit::Map { before, after } => Edit::Map {
                before: after.clone(),
                after: before.clone(),
            },
            Edit::Group { label, edits } => Edit::Group {
                label: label.clone(),
                edits: edits.iter().rev().map(Edit::inverse).collect(),
            },
        }
    }

    /// Applies the edit. It is checked first against what it expects to
    /// replace; on error the document is unchanged.
    pub fn apply(&self, doc: &mut Document) -> Result<(), EditError> {
        self.check(doc)?;
        self.apply_unchecked(doc);
        Ok(())
    }

    fn check(&self, doc: &Document) -> Result<(), EditError> {
        match self {
            Edit::Details(changes) => {
                let mut seen: BTreeMap<Hex, HexDetail> = BTreeMap::new();
                for c in changes {
                    if !doc.map.in_bounds(c.hex) {
                        return Err(EditError::OffMap(c.hex));
                    }
                    let found = seen
                        .get(&c.hex)
                        .cloned()
                        .unwrap_or_else(|| doc.map.detail(c.hex));
                    if found != c.before {
                        return Err(EditError::Stale("hex details"));
                    }
                    seen.insert(c.hex, c.after.clone());
                }
                Ok(())
            }
            Edit::Terrain(changes) => {
                // Later changes of the same hex see earlier ones.
                let mut seen: BTreeMap<Hex, char> = BTreeMap::new();
                for c in changes {
                    let found = match seen.get(&c.hex) {
                        Some(&x) => x,
                        None => doc.map.code_at(c.hex).ok_or(EditError::OffMap(c.hex))?,
                    };
                    if found != c.before {
                        return Err(EditError::TerrainMismatch {
                            hex: c.hex,
                            expected: c.before,
                            found,
                        });
                    }
                    if !c.after.is_ascii() {
                        return Err(EditError::Stale("terrain codes are ASCII"));
                    }
                    seen.insert(c.hex, c.after);
                }
                Ok(())
            }
            Edit::Hexside { side, before, .. } => {
                let empty = BTreeSet::new();
                let now = doc.map.hexsides.get(side).unwrap_or(&empty);
                if now != before {
                    return Err(EditError::Stale("hexside features"));
                }
                Ok(())
            }
            Edit::InsertUnit { index, .. } => {
                if *index > doc.scenario.units.len() {
                    return Err(EditError::NoUnit(*index));
                }
                Ok(())
            }
            Edit::RemoveUnit { index, unit }
            | Edit::UpdateUnit {
                index,
                before: unit,
                ..
            } => match doc.scenario.units.get(*index) {
                None => Err(EditError::NoUnit(*index)),
                Some(u) if u != &**unit => Err(EditError::Stale("unit")),
                Some(_) => Ok(()),
            },
            Edit::Places { before, .. } => {
                if &doc.map.places != before {
                    return Err(EditError::Stale("place names"));
                }
                Ok(())
            }
            Edit::Victory { before, .. } => {
                if doc.scenario.victory != **before {
                    return Err(EditError::Stale("victory conditions"));
                }
                Ok(())
            }
            Edit::Scenario { before, .. } => {
                if !same_but_map_source(&doc.scenario, before) {
                    return Err(EditError::Stale("scenario"));
                }
                Ok(())
            }
            Edit::Map { before, .. } => {
                if doc.map != **before {
                    return Err(EditError::Stale("map"));
                }
                Ok(())
            }
            Edit::Group { edits, .. } => {
                // A group is checked step by step on a scratch copy only
                // when it has more than one edit (the common case of one
                // needs no copy).
                if edits.len() <= 1 {
                    return edits.first().map_or(Ok(()), |e| e.check(doc));
                }
                let mut scratch = doc.clone();
                for e in edits {
                    e.check(&scratch)?;
                    e.apply_unchecked(&mut scratch);
                }
                Ok(())
            }
        }
    }

    fn apply_unchecked(&self, doc: &mut Document) {
        match self {
            Edit::Details(changes) => {
                for c in changes {
                    if c.after.is_default() {
                        doc.map.hexes.remove(&c.hex);
                    } else {
                        doc.map.hexes.insert(c.hex, c.after.clone());
                    }
                }
            }
            Edit::Terrain(changes) => {
                for c in changes {
                    doc.map.set_code(c.hex, c.after);
                }
            }
            Edit::Hexside { side, after, .. } => {
                if after.is_empty() {
                    doc.map.hexsides.remove(side);
                } else {
                    doc.map.hexsides.insert(*side, after.clone());
                }
            }
            Edit::InsertUnit { index, unit } => {
                let i = (*index).min(doc.scenario.units.len());
                doc.scenario.units.insert(i, (**unit).clone());
            }
            Edit::RemoveUnit { index, .. } => {
                if *index < doc.scenario.units.len() {
                    doc.scenario.units.remove(*index);
                }
            }
            Edit::UpdateUnit { index, after, .. } => {
                if let Some(u) = doc.scenario.units.get_mut(*index) {
                    *u = (**after).clone();
                }
            }
            Edit::Places { after, .. } => doc.map.places = after.clone(),
            Edit::Victory { after, .. } => doc.scenario.victory = (**after).clone(),
            Edit::Scenario { after, .. } => {
                // Where the map is saved is the document's business, not
                // a setting: keep it.
                let source =
                    std::mem::replace(&mut doc.scenario.map, MapSource::File(String::new()));
                doc.scenario = (**after).clone();
                doc.scenario.map = source;
            }
            Edit::Map { after, .. } => doc.map = (**after).clone(),
            Edit::Group { edits, .. } => {
                for e in edits {
                    e.apply_unchecked(doc);
                }
            }
        }
    }

    /// Folds a later edit of the same stroke into this one, if both paint
    /// terrain (each hex keeps its first `before` and its last `after`) or
    /// both change the same unit (typing a designation).
    fn merge(&mut self, later: Edit) -> Result<(), Edit> {
        match (self, later) {
            (Edit::Details(mine), Edit::Details(theirs)) => {
                for t in theirs {
                    match mine.iter_mut().find(|m| m.hex == t.hex) {
                        Some(m) => m.after = t.after,
                        None => mine.push(t),
                    }
                }
                Ok(())
            }
            (Edit::Terrain(mine), Edit::Terrain(theirs)) => {
                for t in theirs {
                    match mine.iter_mut().find(|m| m.hex == t.hex) {
                        Some(m) => m.after = t.after,
                        None => mine.push(t),
                    }
                }
                Ok(())
            }
            (
                Edit::UpdateUnit { index, after, .. },
                Edit::UpdateUnit {
                    index: i2,
                    after: a2,
                    ..
                },
            ) if *index == i2 => {
                *after = a2;
                Ok(())
            }
            (_, later) => Err(later),
        }
    }

    /// Whether applying the edit would change nothing.
    pub fn is_noop(&self) -> bool {
        match self {
            Edit::Terrain(c) => c.iter().all(|t| t.before == t.after),
            Edit::Details(c) => c.iter().all(|t| t.before == t.after),
            Edit::Hexside { before, after, .. } => before == after,
            Edit::InsertUnit { .. } | Edit::RemoveUnit { .. } => false,
            Edit::UpdateUnit { before, after, .. } => before == after,
            Edit::Places { before, after } => before == after,
            Edit::Victory { before, after } => before == after,
            Edit::Scenario { before, after } => same_but_map_source(before, after),
            Edit::Map { before, after } => before == after,
            Edit::Group { edits, .. } => edits.iter().all(Edit::is_noop),
        }
    }
}

/// Whether two scenarios are equal apart from where their map is saved
/// (an inline copy of the map is refreshed on save).
pub fn same_but_map_source(a: &Scenario, b: &Scenario) -> bool {
    let Scenario {
        version,
        title,
        author,
        description,
        map: _,
        rules,
        turns,
        sides,
        units,
        crt,
        victory,
        variants,
        notes,
    } = a;
    *version == b.version
        && *title == b.title
        && *author == b.author
        && *description == b.description
        && *rules == b.rules
        && *turns == b.turns
        && *sides == b.sides
        && *units == b.units
        && *crt == b.crt
        && *victory == b.victory
        && *variants == b.variants
        && *notes == b.notes
}

// ---------------------------------------------------------------------------
// Building edits from what the designer did.

/// Paints `code` on the hexes (those outside the map's rectangle are
/// skipped). `None` when nothing would change.
pub fn paint(doc: &Document, hexes: &[Hex], code: char) -> Option<Edit> {
    let mut seen = BTreeSet::new();
    let changes: Vec<TerrainChange> = hexes
        .iter()
        .filter(|h| seen.insert(**h))
        .filter_map(|&hex| {
            let before = doc.map.code_at(hex)?;
            (before != code).then_some(TerrainChange {
                hex,
                before,
                after: code,
            })
        })
        .collect();
    (!changes.is_empty()).then_some(Edit::Terrain(changes))
}

/// The detail brush over `hexes`: hills or strongholds added or taken
/// away, the terrain under them kept. `None` if nothing changes.
pub fn paint_details(doc: &Document, hexes: &[Hex], what: DetailPaint) -> Option<Edit> {
    let mut seen = BTreeSet::new();
    let changes: Vec<DetailChange> = hexes
        .iter()
        .filter(|h| seen.insert(**h) && doc.map.in_bounds(**h))
        .filter_map(|&hex| {
            let before = doc.map.detail(hex);
            let after = what.paint(&before);
            (before != after).then_some(DetailChange { hex, before, after })
        })
        .collect();
    (!changes.is_empty()).then_some(Edit::Details(changes))
}

/// The largest brush radius: 19 hexes or 25 boxes.
pub const MAX_BRUSH_RADIUS: u32 = 2;

/// The cells a brush of `radius` 0, 1 or 2 covers around `center` (the
/// cell and its one or two rings: 1, 7 or 19 hexes, 1, 9 or 25 boxes),
/// clipped to the map's rectangle.
pub fn brush(map: &Map, center: Hex, radius: u32) -> Vec<Hex> {
    map.grid()
        .range(center, radius.min(MAX_BRUSH_RADIUS))
        .into_iter()
        .filter(|&h| map.in_bounds(h))
        .collect()
}

/// Flood fill: every hex connected to `start` through hexes of the same
/// terrain becomes `code`. Off-map hexes are never filled or crossed. On
/// a box grid the fill crosses box sides, not corners, so a diagonal line
/// of woods holds it as a painter expects.
pub fn flood_fill(doc: &Document, start: Hex, code: char) -> Option<Edit> {
    let from = doc.map.code_at(start)?;
    if from == code || from == OFF_MAP {
        return None;
    }
    let grid = doc.map.grid();
    let mut seen = BTreeSet::from([start]);
    let mut todo = VecDeque::from([start]);
    let mut hexes = Vec::new();
    while let Some(h) = todo.pop_front() {
        hexes.push(h);
        for &d in grid.sides() {
            let Some(n) = grid.neighbour(h, d) else {
                continue;
            };
            if doc.map.code_at(n) == Some(from) && seen.insert(n) {
                todo.push_back(n);
            }
        }
    }
    paint(doc, &hexes, code).map(|e| match e {
        Edit::Terrain(c) => Edit::Group {
            label: format!(
                "fill {} from {start}",
                crate::words::counted(c.len(), "hex", "hexes")
            ),
            edits: vec![Edit::Terrain(c)],
        },
        other => other,
    })
}

/// Adds the feature to the hexside, or removes it if present.
/// On a box grid only a road crosses a corner (H33): any other feature
/// there gives `None`.
pub fn toggle_feature(doc: &Document, side: Hexside, feature: HexsideFeature) -> Option<Edit> {
    let side = doc.map.grid().canonical(side)?;
    if !doc.map.grid().is_side(side.dir) && feature != HexsideFeature::Road {
        return None;
    }
    let (a, b) = doc.map.grid().hexside_hexes(side)?;
    if !doc.map.in_bounds(a) && !doc.map.in_bounds(b) {
        return None;
    }
    let before = doc.map.hexsides.get(&side).cloned().unwrap_or_default();
    let mut after = before.clone();
    if !after.remove(&feature) {
        after.insert(feature);
    }
    Some(Edit::Hexside {
        side,
        before,
        after,
    })
}

/// The index of a unit in the scenario's list.
pub fn unit_index(doc: &Document, id: &UnitId) -> Option<usize> {
    doc.scenario.units.iter().position(|u| &u.id == id)
}

/// The units starting at a hex, in list order (the last is drawn on top).
pub fn units_at(doc: &Document, hex: Hex) -> Vec<&Unit> {
    doc.scenario
        .units
        .iter()
        .filter(|u| u.start_hex() == Some(hex))
        .collect()
}

/// An id no unit has yet: the next number after the side's highest numeric
/// id (Waterloo numbers French units 1xx and Allied 2xx), else `u1`, `u2`...
pub fn fresh_unit_id(scenario: &Scenario, side: &SideId) -> UnitId {
    let taken: BTreeSet<&str> = scenario.units.iter().map(|u| u.id.as_str()).collect();
    let highest = scenario
        .units
        .iter()
        .filter(|u| &u.side == side)
        .filter_map(|u| u.id.as_str().parse::<u64>().ok())
        .max();
    if let Some(n) = highest {
        for k in n + 1..n + 10_000 {
            let s = k.to_string();
            if !taken.contains(s.as_str()) {
                return UnitId::new(s);
            }
        }
    }
    (1..)
        .map(|k| format!("u{k}"))
        .find(|s| !taken.contains(s.as_str()))
        .map(UnitId::new)
        .unwrap_or_default()
}

/// Adds a unit at the end of the list. A unit can only be set up in a hex
/// of the playing area.
pub fn add_unit(doc: &Document, unit: Unit) -> Result<Edit, EditError> {
    if let Placement::Start(h) = unit.placement {
        on_map(doc, h)?;
    }
    Ok(Edit::InsertUnit {
        index: doc.scenario.units.len(),
        unit: Box::new(unit),
    })
}

/// Refuses a hex outside the playing area (off the grid or marked `-`).
fn on_map(doc: &Document, h: Hex) -> Result<(), EditError> {
    if doc.map.is_on_map(h) {
        Ok(())
    } else {
        Err(EditError::OffMap(h))
    }
}

/// Deletes a unit.
pub fn remove_unit(doc: &Document, id: &UnitId) -> Option<Edit> {
    let index = unit_index(doc, id)?;
    Some(Edit::RemoveUnit {
        index,
        unit: Box::new(doc.scenario.units[index].clone()),
    })
}

/// Replaces a unit with a changed copy (the inspector). `None` if unchanged.
pub fn update_unit(doc: &Document, id: &UnitId, after: Unit) -> Option<Edit> {
    let index = unit_index(doc, id)?;
    let before = &doc.scenario.units[index];
    (before != &after).then(|| Edit::UpdateUnit {
        index,
        before: Box::new(before.clone()),
        after: Box::new(after),
    })
}

/// Places a unit on the map at `hex` at the start (moving it if it was
/// there already, or taking it off the reinforcement schedule).
pub fn move_unit(doc: &Document, id: &UnitId, hex: Hex) -> Result<Option<Edit>, EditError> {
    on_map(doc, hex)?;
    let Some(index) = unit_index(doc, id) else {
        return Ok(None);
    };
    let mut after = doc.scenario.units[index].clone();
    after.placement = Placement::Start(hex);
    Ok(update_unit(doc, id, after))
}

/// Marks or unmarks `hex` as an exit hex of `side`. A side with no exit
/// condition yet gets one requiring a single unit to exit.
pub fn toggle_exit_hex(doc: &Document, side: &SideId, hex: Hex) -> Edit {
    let before = doc.scenario.victory.clone();
    let mut after = before.clone();
    match after.exits.iter_mut().find(|e| &e.side == side) {
        Some(cond) => {
            if let Some(i) = cond.hexes.iter().position(|&h| h == hex) {
                cond.hexes.remove(i);
            } else {
                cond.hexes.push(hex);
                cond.hexes.sort();
            }
        }
        None => after.exits.push(ExitCondition {
            side: side.clone(),
            hexes: vec![hex],
            units: 1,
        }),
    }
    after.exits.retain(|e| !e.hexes.is_empty());
    Edit::Victory {
        before: Box::new(before),
        after: Box::new(after),
    }
}

/// Marks `hex` as a victory hex worth `points` to `side`, or clears it when
/// it already is one (for any side).
pub fn toggle_victory_hex(doc: &Document, side: &SideId, hex: Hex, points: u32) -> Edit {
    let before = doc.scenario.victory.clone();
    let mut after = before.clone();
    if let Some(i) = after.victory_hexes.iter().position(|v| v.hex == hex) {
        after.victory_hexes.remove(i);
    } else {
        after.victory_hexes.push(VictoryHex {
            hex,
            side: side.clone(),
            points,
        });
        after.victory_hexes.sort_by_key(|v| v.hex);
    }
    Edit::Victory {
        before: Box::new(before),
        after: Box::new(after),
    }
}

/// Names the place at `hex`: an empty name removes the hex from its place;
/// a name already used elsewhere adds the hex to that place.
pub fn set_place_name(doc: &Document, hex: Hex, name: &str) -> Option<Edit> {
    let before = doc.map.places.clone();
    let mut after = before.clone();
    for p in &mut after {
        p.hexes.retain(|&h| h != hex);
    }
    let name = name.trim();
    if !name.is_empty() {
        match after.iter_mut().find(|p| p.name == name) {
            Some(p) => p.hexes.push(hex),
            None => after.push(Place {
                name: name.to_string(),
                hexes: vec![hex],
            }),
        }
    }
    after.retain(|p| !p.hexes.is_empty());
    (before != after).then(|| Edit::Places { before, after })
}

/// Replaces the scenario's settings (everything but the units) with those
/// of `after`. `None` if unchanged.
pub fn set_scenario(doc: &Document, after: Scenario) -> Option<Edit> {
    (!same_but_map_source(&doc.scenario, &after)).then(|| Edit::Scenario {
        before: Box::new(doc.scenario.clone()),
        after: Box::new(after),
    })
}

/// Replaces the map (New Map, resize, the terrain table).
pub fn set_map(doc: &Document, after: Map) -> Option<Edit> {
    (doc.map != after).then(|| Edit::Map {
        before: Box::new(doc.map.clone()),
        after: Box::new(after),
    })
}

/// A copy of the map resized to `columns` x `rows`: new hexes get `fill`,
/// hexes cut off lose their terrain, details, hexsides and place names.
pub fn resized_map(map: &Map, columns: u32, rows: u32, fill: char) -> Map {
    let mut m = map.clone();
    m.columns = columns;
    m.rows = rows;
    m.terrain = (1..=rows as i32)
        .map(|r| {
            (1..=columns as i32)
                .map(|c| map.code_at(Hex::new(c, r)).unwrap_or(fill))
                .collect()
        })
        .collect();
    m.hexes
        .retain(|h, _| h.col >= 1 && h.row >= 1 && h.col <= columns as i32 && h.row <= rows as i32);
    let grid = m.grid();
    let keep = |s: &Hexside| {
        grid.hexside_hexes(*s)
            .is_some_and(|(a, b)| m.in_bounds(a) || m.in_bounds(b))
    };
    m.hexsides = m
        .hexsides
        .iter()
        .filter(|(s, _)| keep(s))
        .map(|(s, f)| (*s, f.clone()))
        .collect();
    for p in &mut m.places {
        p.hexes
            .retain(|&h| h.col <= columns as i32 && h.row <= rows as i32);
    }
    m.places.retain(|p| !p.hexes.is_empty());
    for a in &mut m.areas {
        a.hexes
            .retain(|&h| h.col <= columns as i32 && h.row <= rows as i32);
    }
    m
}

// ---------------------------------------------------------------------------
// History.

#[derive(Clone, Debug)]
struct Entry {
    serial: u64,
    edit: Edit,
}

/// Undo and redo stacks over a document, bounded to `limit` steps. Tracks
/// whether the document differs from its last saved state.
#[derive(Clone, Debug)]
pub struct History {
    undo: Vec<Entry>,
    redo: Vec<Entry>,
    limit: usize,
    next_serial: u64,
    /// The serial of the undo stack's top when last saved (0 = the state
    /// before any edit).
    saved: Option<u64>,
    /// The serial of an open stroke (a brush drag) that later edits join.
    stroke: Option<u64>,
    /// The serial of the state below the oldest kept step (steps beyond
    /// the limit are forgotten, and with them the way back to 0).
    base: u64,
}

impl Default for History {
    fn default() -> Self {
        History::new(500)
    }
}

impl History {
    /// A history keeping at most `limit` undo steps.
    pub fn new(limit: usize) -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            limit: limit.max(1),
            next_serial: 1,
            saved: Some(0),
            stroke: None,
            base: 0,
        }
    }

    fn top(&self) -> u64 {
        self.undo.last().map_or(self.base, |e| e.serial)
    }

    /// Applies an edit as one undo step (ending any open stroke).
    pub fn apply(&mut self, doc: &mut Document, edit: Edit) -> Result<(), EditError> {
        self.stroke = None;
        if edit.is_noop() {
            return Ok(());
        }
        edit.apply(doc)?;
        self.push(edit);
        Ok(())
    }

    /// Applies an edit as part of the open stroke (a brush drag): all the
    /// edits until [`History::end_stroke`] undo as one step.
    pub fn apply_in_stroke(&mut self, doc: &mut Document, edit: Edit) -> Result<(), EditError> {
        if edit.is_noop() {
            return Ok(());
        }
        edit.apply(doc)?;
        if let Some(s) = self.stroke
            && let Some(top) = self.undo.last_mut()
            && top.serial == s
        {
            match top.edit.merge(edit) {
                Ok(()) => return Ok(()),
                Err(edit) => {
                    let label = top.edit.label();
                    let first = std::mem::replace(
                        &mut top.edit,
                        Edit::Group {
                            label: label.clone(),
                            edits: Vec::new(),
                        },
                    );
                    top.edit = Edit::Group {
                        label,
                        edits: vec![first, edit],
                    };
                    return Ok(());
                }
            }
        }
        self.push(edit);
        self.stroke = Some(self.top());
        Ok(())
    }

    /// Whether a stroke is open (a brush drag in progress).
    pub fn in_stroke(&self) -> bool {
        self.stroke.is_some()
    }

    /// Closes the open stroke, if any.
    pub fn end_stroke(&mut self) {
        self.stroke = None;
    }

    fn push(&mut self, edit: Edit) {
        let serial = self.next_serial;
        self.next_serial += 1;
        self.undo.push(Entry { serial, edit });
        self.redo.clear();
        if self.undo.len() > self.limit {
            let gone = self.undo.remove(0);
            self.base = gone.serial;
        }
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self, doc: &mut Document) -> Result<Option<String>, EditError> {
        self.stroke = None;
        let Some(entry) = self.undo.pop() else {
            return Ok(None);
        };
        if let Err(e) = entry.edit.inverse().apply(doc) {
            self.undo.push(entry);
            return Err(e);
        }
        let label = entry.edit.label();
        self.redo.push(entry);
        Ok(Some(label))
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self, doc: &mut Document) -> Result<Option<String>, EditError> {
        self.stroke = None;
        let Some(entry) = self.redo.pop() else {
            return Ok(None);
        };
        if let Err(e) = entry.edit.apply(doc) {
            self.redo.push(entry);
            return Err(e);
        }
        let label = entry.edit.label();
        self.undo.push(entry);
        Ok(Some(label))
    }

    /// What Undo would undo.
    pub fn undo_label(&self) -> Option<String> {
        self.undo.last().map(|e| e.edit.label())
    }

    /// What Redo would redo.
    pub fn redo_label(&self) -> Option<String> {
        self.redo.last().map(|e| e.edit.label())
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Number of undo steps kept.
    pub fn len(&self) -> usize {
        self.undo.len()
    }

    pub fn is_empty(&self) -> bool {
        self.undo.is_empty()
    }

    /// Records that the document as it is now has been saved.
    pub fn mark_saved(&mut self) {
        self.stroke = None;
        self.saved = Some(self.top());
    }

    /// Records that the document differs from anything saved (a new
    /// document, or one recovered from an autosave).
    pub fn mark_unsaved(&mut self) {
        self.saved = None;
    }

    /// An id of the document's current state: equal ids, equal documents
    /// (for one document's history). Lets the editor re-validate only after
    /// a change.
    pub fn state(&self) -> u64 {
        self.top()
    }

    /// Whether the document differs from its last saved state.
    pub fn is_modified(&self) -> bool {
        self.saved != Some(self.top())
    }
}

pub mod clip;

#[cfg(test)]
mod tests;
