use super::*;
use crate::scenario::{self, UnitKind};
use proptest::prelude::*;

fn waterloo() -> Document {
    let scenario = scenario::parse_scenario(include_str!("../../scenarios/waterloo.ron"), "w.ron")
        .expect("the shipped scenario parses");
    let map = scenario::parse_map(include_str!("../../maps/waterloo.ron"), "m.ron")
        .expect("the shipped map parses");
    Document { scenario, map }
}

fn h(label: &str) -> Hex {
    label.parse().expect("a hex label")
}

#[test]
fn painting_and_undo_restore_the_map_exactly() {
    let mut doc = waterloo();
    let orig = doc.clone();
    let mut hist = History::default();
    let hexes = brush(&doc.map, h("1108"), 1);
    assert_eq!(hexes.len(), 7);
    let edit = paint(&doc, &hexes, 'W').expect("changes something");
    hist.apply(&mut doc, edit).expect("applies");
    assert!(hexes.iter().all(|&x| doc.map.code_at(x) == Some('W')));
    assert!(hist.is_modified());
    assert_eq!(
        hist.undo(&mut doc).expect("undoes"),
        Some("paint 7 hexes".into())
    );
    assert_eq!(doc, orig);
    assert!(!hist.is_modified());
    hist.redo(&mut doc).expect("redoes");
    assert!(hexes.iter().all(|&x| doc.map.code_at(x) == Some('W')));
}

#[test]
fn brush_sizes_are_1_7_and_19_hexes_and_clip_at_the_edge() {
    let doc = waterloo();
    assert_eq!(brush(&doc.map, h("1108"), 0), vec![h("1108")]);
    assert_eq!(brush(&doc.map, h("1108"), 1).len(), 7);
    assert_eq!(brush(&doc.map, h("1108"), 2).len(), 19);
    let corner = brush(&doc.map, h("0101"), 2);
    assert!(corner.len() < 19 && corner.iter().all(|&x| doc.map.in_bounds(x)));
}

#[test]
fn a_brush_drag_is_one_undo_step() {
    let mut doc = waterloo();
    let orig = doc.clone();
    let mut hist = History::default();
    // The drag passes over 1108 twice and overlaps itself.
    for c in ["1108", "1109", "1209", "1108", "1310"] {
        if let Some(e) = paint(&doc, &brush(&doc.map, h(c), 1), 'W') {
            hist.apply_in_stroke(&mut doc, e).expect("applies");
        }
    }
    hist.end_stroke();
    assert_eq!(hist.len(), 1);
    hist.undo(&mut doc).expect("undoes");
    assert_eq!(doc, orig);
    // A new stroke after end_stroke is a new step.
    let e = paint(&doc, &[h("0505")], 'W').expect("changes");
    hist.apply_in_stroke(&mut doc, e).expect("applies");
    hist.end_stroke();
    let e = paint(&doc, &[h("0506")], 'W').expect("changes");
    hist.apply_in_stroke(&mut doc, e).expect("applies");
    assert_eq!(hist.len(), 2);
}

#[test]
fn flood_fill_stops_at_other_terrain() {
    let mut doc = waterloo();
    // A 3-hex patch of town inside a field of clear: fill it with woods.
    let field = doc.map.grid().range(h("0508"), 3);
    paint(&doc, &field, '.')
        .expect("paints")
        .apply(&mut doc)
        .expect("applies");
    let patch = [h("0508"), h("0509"), h("0608")];
    let e = paint(&doc, &patch, 'T').expect("paints");
    e.apply(&mut doc).expect("applies");
    let fill = flood_fill(&doc, h("0508"), 'W').expect("fills");
    let mut after = doc.clone();
    fill.apply(&mut after).expect("applies");
    let changed: Vec<Hex> = after
        .map
        .all_hexes()
        .filter(|&x| after.map.code_at(x) != doc.map.code_at(x))
        .collect();
    assert_eq!(changed.len(), 3, "only the connected patch: {changed:?}");
    assert!(fill.label().starts_with("fill 3 hexes"));
}

#[test]
fn hexside_features_toggle_from_either_side() {
    let mut doc = waterloo();
    let grid = doc.map.grid();
    let a = h("1005");
    let b = grid.neighbours(a)[0];
    let side = grid.hexside_between(a, b).expect("adjacent");
    let from_b = grid.hexside_between(b, a).expect("adjacent");
    let had = doc.map.has_feature_between(a, b, HexsideFeature::River);
    let e = toggle_feature(&doc, from_b, HexsideFeature::River).expect("on the map");
    e.apply(&mut doc).expect("applies");
    assert_eq!(
        doc.map.has_feature_between(a, b, HexsideFeature::River),
        !had
    );
    let e = toggle_feature(&doc, side, HexsideFeature::River).expect("on the map");
    e.apply(&mut doc).expect("applies");
    assert_eq!(
        doc.map.has_feature_between(a, b, HexsideFeature::River),
        had
    );
    assert_eq!(
        doc.map,
        waterloo().map,
        "an emptied hexside leaves no entry"
    );
}

#[test]
fn units_are_added_edited_moved_deleted_and_undone_back() {
    let mut doc = waterloo();
    let orig = doc.clone();
    let mut hist = History::default();
    let french = SideId::new("French");
    let id = fresh_unit_id(&doc.scenario, &french);
    assert!(doc.scenario.unit(&id).is_none());
    let unit = Unit {
        id: id.clone(),
        designation: "Test Bde".into(),
        side: french.clone(),
        contingent: None,
        kind: UnitKind::Infantry,
        strength: 4,
        movement: 4,
        placement: Placement::Start(h("0505")),
        facing: None,
        troop: Default::default(),
        one_hour: None,
        hits16: None,
    };
    let e = add_unit(&doc, unit).expect("on the map");
    hist.apply(&mut doc, e).expect("adds");
    let mut u = doc.scenario.unit(&id).expect("added").clone();
    u.strength = 6;
    let e = update_unit(&doc, &id, u).expect("changed");
    hist.apply(&mut doc, e).expect("edits");
    // Units are set up only in the playing area.
    let off = crate::hex::Hex::new(doc.map.columns as i32 + 1, 1);
    assert_eq!(move_unit(&doc, &id, off), Err(EditError::OffMap(off)));
    let e = move_unit(&doc, &id, h("0606"))
        .expect("on the map")
        .expect("moved");
    assert_eq!(e.label(), format!("move unit {id} to 0606"));
    hist.apply(&mut doc, e).expect("moves");
    let u = doc.scenario.unit(&id).expect("there");
    assert_eq!((u.strength, u.start_hex()), (6, Some(h("0606"))));
    assert_eq!(units_at(&doc, h("0606")).len(), 1);
    let e = remove_unit(&doc, &id).expect("exists");
    hist.apply(&mut doc, e).expect("deletes");
    assert!(doc.scenario.unit(&id).is_none());
    assert_eq!(hist.undo_label(), Some(format!("delete unit {id}")));
    for _ in 0..4 {
        hist.undo(&mut doc).expect("undoes");
    }
    assert_eq!(doc, orig);
    assert!(!hist.can_undo());
    for _ in 0..4 {
        hist.redo(&mut doc).expect("redoes");
    }
    assert!(doc.scenario.unit(&id).is_none());
}

#[test]
fn fresh_ids_follow_the_sides_numbering() {
    let doc = waterloo();
    let id = fresh_unit_id(&doc.scenario, &SideId::new("French"));
    assert!(id.as_str().parse::<u32>().is_ok());
    assert!(doc.scenario.unit(&id).is_none());
}

#[test]
fn exit_and_victory_hexes_toggle() {
    let mut doc = waterloo();
    let french = SideId::new("French");
    let before = doc.scenario.victory.exits[0].hexes.len();
    toggle_exit_hex(&doc, &french, h("1101"))
        .apply(&mut doc)
        .expect("applies");
    assert!(doc.scenario.victory.exits[0].hexes.contains(&h("1101")));
    assert_eq!(doc.scenario.victory.exits[0].hexes.len(), before + 1);
    toggle_exit_hex(&doc, &french, h("1101"))
        .apply(&mut doc)
        .expect("applies");
    assert_eq!(doc.scenario.victory.exits[0].hexes.len(), before);
    // A side without an exit condition gets one.
    let allied = SideId::new("Allied");
    toggle_exit_hex(&doc, &allied, h("2217"))
        .apply(&mut doc)
        .expect("applies");
    let cond = doc.scenario.victory.exits.iter().find(|e| e.side == allied);
    assert_eq!(
        cond.map(|c| (c.hexes.clone(), c.units)),
        Some((vec![h("2217")], 1))
    );
    toggle_victory_hex(&doc, &allied, h("1108"), 5)
        .apply(&mut doc)
        .expect("applies");
    assert_eq!(doc.scenario.victory.victory_hexes.len(), 1);
    toggle_victory_hex(&doc, &allied, h("1108"), 5)
        .apply(&mut doc)
        .expect("applies");
    assert!(doc.scenario.victory.victory_hexes.is_empty());
}

#[test]
fn place_names_are_set_joined_and_cleared() {
    let mut doc = waterloo();
    let e = set_place_name(&doc, h("0303"), "Test Farm").expect("new");
    e.apply(&mut doc).expect("applies");
    assert_eq!(
        doc.map.place_at(h("0303")).map(|p| p.name.as_str()),
        Some("Test Farm")
    );
    set_place_name(&doc, h("0304"), "Test Farm")
        .expect("joins")
        .apply(&mut doc)
        .expect("applies");
    let farm = doc.map.places.iter().find(|p| p.name == "Test Farm");
    assert_eq!(farm.map(|p| p.hexes.len()), Some(2));
    for x in ["0303", "0304"] {
        set_place_name(&doc, h(x), "")
            .expect("clears")
            .apply(&mut doc)
            .expect("applies");
    }
    assert_eq!(doc.map.places, waterloo().map.places);
}

#[test]
fn a_stale_edit_is_refused_and_changes_nothing() {
    let mut doc = waterloo();
    let e = paint(&doc, &[h("0505"), h("0506")], 'W').expect("changes");
    e.apply(&mut doc).expect("applies");
    let snapshot = doc.clone();
    // The same edit again expects the old terrain, which is gone.
    assert!(matches!(
        e.apply(&mut doc),
        Err(EditError::TerrainMismatch { .. })
    ));
    assert_eq!(doc, snapshot);
    let gone = RemoveUnitCase::make(&doc);
    assert_eq!(gone.apply(&mut doc), Err(EditError::NoUnit(999)));
    assert_eq!(doc, snapshot);
}

struct RemoveUnitCase;
impl RemoveUnitCase {
    fn make(doc: &Document) -> Edit {
        Edit::RemoveUnit {
            index: 999,
            unit: Box::new(doc.scenario.units[0].clone()),
        }
    }
}

#[test]
fn the_saved_state_is_tracked_through_undo_redo_and_trimming() {
    let mut doc = waterloo();
    let mut hist = History::new(3);
    assert!(!hist.is_modified());
    for c in ["0505", "0506", "0507", "0508"] {
        let e = paint(&doc, &[h(c)], 'W').expect("changes");
        hist.apply(&mut doc, e).expect("applies");
    }
    assert_eq!(hist.len(), 3, "bounded");
    hist.mark_saved();
    assert!(!hist.is_modified());
    hist.undo(&mut doc).expect("undoes");
    assert!(hist.is_modified());
    hist.redo(&mut doc).expect("redoes");
    assert!(!hist.is_modified());
    // Undo everything kept: the first paint was forgotten, so this is not
    // the state before any edit, and not the saved one either.
    while hist.can_undo() {
        hist.undo(&mut doc).expect("undoes");
    }
    assert!(hist.is_modified());
    assert_eq!(doc.map.code_at(h("0505")), Some('W'));
    // A new edit after undo drops the redo stack.
    let e = paint(&doc, &[h("0909")], 'W').expect("changes");
    hist.apply(&mut doc, e).expect("applies");
    assert!(!hist.can_redo());
    hist.mark_unsaved();
    assert!(hist.is_modified());
}

#[test]
fn resizing_keeps_what_fits() {
    let doc = waterloo();
    let small = resized_map(&doc.map, 10, 8, '.');
    assert_eq!((small.columns, small.rows, small.terrain.len()), (10, 8, 8));
    assert!(small.terrain.iter().all(|r| r.len() == 10));
    assert_eq!(small.code_at(h("0505")), doc.map.code_at(h("0505")));
    let big = resized_map(&doc.map, 30, 20, '.');
    assert_eq!(big.code_at(h("3020")), Some('.'));
    assert_eq!(big.code_at(h("1108")), doc.map.code_at(h("1108")));
    assert_eq!(big.hexsides, doc.map.hexsides);
}

/// A random edit built from the document as it is, the way the editor
/// builds them.
fn random_edit(doc: &Document, pick: (u8, u32, u32, u32)) -> Option<Edit> {
    let (kind, a, b, c) = pick;
    let hex = Hex::new(
        1 + (a % doc.map.columns) as i32,
        1 + (b % doc.map.rows) as i32,
    );
    let codes = ['.', 'W', 'T'];
    match kind % 7 {
        0 => paint(doc, &brush(&doc.map, hex, c % 3), codes[c as usize % 3]),
        1 => flood_fill(doc, hex, codes[c as usize % 3]),
        2 => {
            let dir = doc.map.grid().dirs()[c as usize % 6];
            let side = doc.map.grid().hexside(hex, dir)?;
            toggle_feature(doc, side, HexsideFeature::ALL[c as usize % 4])
        }
        3 => {
            let u = &doc
                .scenario
                .units
                .get(c as usize % doc.scenario.units.len().max(1))?;
            move_unit(doc, &u.id.clone(), hex).ok().flatten()
        }
        4 => {
            let u = &doc
                .scenario
                .units
                .get(c as usize % doc.scenario.units.len().max(1))?;
            remove_unit(doc, &u.id.clone())
        }
        5 => Some(toggle_exit_hex(doc, &SideId::new("French"), hex)),
        _ => set_place_name(doc, hex, ["", "A", "B"][c as usize % 3]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of edits undoes back to the original exactly, and
    /// redoes to the same final document.
    #[test]
    fn undo_all_restores_and_redo_all_replays(
        picks in prop::collection::vec((any::<u8>(), any::<u32>(), any::<u32>(), any::<u32>()), 1..25),
        strokes in any::<u32>(),
    ) {
        let mut doc = waterloo();
        let orig = doc.clone();
        let mut hist = History::default();
        for (i, p) in picks.iter().enumerate() {
            if let Some(e) = random_edit(&doc, *p) {
                if strokes >> (i % 32) & 1 == 1 {
                    hist.apply_in_stroke(&mut doc, e).expect("applies");
                } else {
                    hist.apply(&mut doc, e).expect("applies");
                }
            }
        }
        hist.end_stroke();
        let fin = doc.clone();
        while hist.can_undo() {
            hist.undo(&mut doc).expect("undoes");
        }
        prop_assert_eq!(&doc, &orig);
        while hist.can_redo() {
            hist.redo(&mut doc).expect("redoes");
        }
        prop_assert_eq!(&doc, &fin);
    }
}

/// Hills are painted on top of the terrain (a wooded hill keeps its
/// woods) and a stroke of several dabs undoes as one step (issue 19).
#[test]
fn hills_paint_over_terrain_and_a_stroke_undoes_as_one_step() {
    let mut doc = waterloo();
    let orig = doc.clone();
    let mut hist = History::default();
    let wood = h("1108");
    let e = paint(&doc, &[wood], 'W').expect("woods");
    hist.apply(&mut doc, e).expect("applies");
    let after_woods = doc.clone();
    let first = paint_details(&doc, &[wood], DetailPaint::Hill(1)).expect("a hill");
    hist.apply_in_stroke(&mut doc, first).expect("applies");
    let second = paint_details(&doc, &brush(&doc.map, h("1208"), 1), DetailPaint::Hill(1))
        .expect("more hill");
    hist.apply_in_stroke(&mut doc, second).expect("applies");
    hist.end_stroke();
    assert_eq!(
        doc.map.code_at(wood),
        Some('W'),
        "the woods stay under the hill"
    );
    assert!(doc.map.detail(wood).hill && doc.map.detail(wood).elevation >= 1);
    assert!(paint_details(&doc, &[wood], DetailPaint::Hill(1)).is_none());
    // A second level on top of the first: the hex now stands at 2, and
    // painting level 2 again changes nothing.
    let e = paint_details(&doc, &[wood], DetailPaint::Hill(2)).expect("level 2");
    hist.apply(&mut doc, e).expect("applies");
    assert_eq!(doc.map.detail(wood).elevation, 2);
    assert!(paint_details(&doc, &[wood], DetailPaint::Hill(2)).is_none());
    hist.undo(&mut doc).expect("undoes level 2");
    assert_eq!(doc.map.detail(wood).elevation, 1);
    hist.undo(&mut doc).expect("undoes the stroke");
    assert_eq!(doc, after_woods);
    hist.undo(&mut doc).expect("undoes the woods");
    assert_eq!(doc, orig);
    // A stronghold and its removal leave no detail behind.
    let e = paint_details(&doc, &[wood], DetailPaint::Stronghold).expect("a stronghold");
    hist.apply(&mut doc, e).expect("applies");
    assert!(doc.map.detail(wood).stronghold);
    let e = paint_details(&doc, &[wood], DetailPaint::NoStronghold).expect("removed");
    hist.apply(&mut doc, e).expect("applies");
    assert_eq!(doc, orig);
}

/// Issue 18: on boxes the fill crosses box sides, not corners: a diagonal
/// line of woods closes off the corner behind it.
#[test]
fn issue18_a_box_fill_does_not_leak_through_a_diagonal_line() {
    let mut doc = waterloo();
    doc.map = scenario::parse_map(include_str!("../../maps/blank-boxes-12x8.ron"), "b.ron")
        .expect("the blank box map parses");
    // Woods on the diagonal 0401, 0302, 0203, 0104: the corner 0101-0301,
    // 0102-0202 and 0103 is cut off from the rest.
    let diagonal = [h("0401"), h("0302"), h("0203"), h("0104")];
    paint(&doc, &diagonal, 'W')
        .expect("paints")
        .apply(&mut doc)
        .expect("applies");
    let fill = flood_fill(&doc, h("0101"), 'T').expect("fills");
    fill.apply(&mut doc).expect("applies");
    let towns: BTreeSet<Hex> = doc
        .map
        .hexes_on_map()
        .filter(|&b| doc.map.code_at(b) == Some('T'))
        .collect();
    let corner: BTreeSet<Hex> = ["0101", "0201", "0301", "0102", "0202", "0103"]
        .map(h)
        .into_iter()
        .collect();
    assert_eq!(towns, corner);
    // The brush reaches diagonals: 9 boxes.
    assert_eq!(brush(&doc.map, h("0505"), 1).len(), 9);
    assert_eq!(brush(&doc.map, h("0505"), 2).len(), 25);
}

#[test]
fn h33_only_a_road_is_toggled_across_a_box_corner() {
    let mut doc = waterloo();
    doc.map = scenario::parse_map(include_str!("../../maps/blank-boxes-12x8.ron"), "b.ron")
        .expect("the blank box map parses");
    let grid = doc.map.grid();
    let corner = grid
        .hexside(h("0505"), crate::hex::Dir::NW)
        .expect("a corner crossing");
    for f in [
        HexsideFeature::River,
        HexsideFeature::Bridge,
        HexsideFeature::Ford,
    ] {
        assert!(toggle_feature(&doc, corner, f).is_none(), "{f:?}");
    }
    let e = toggle_feature(&doc, corner, HexsideFeature::Road).expect("a road crosses it");
    e.apply(&mut doc).expect("applies");
    assert!(
        doc.map
            .has_feature_between(h("0404"), h("0505"), HexsideFeature::Road)
    );
    assert_eq!(
        doc.map.hexsides.keys().next().map(|k| k.to_string()),
        Some("0404/SE".into())
    );
    assert!(scenario::validate_map(&doc.map).is_empty());
}
