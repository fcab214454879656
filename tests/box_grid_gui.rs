//! Issue 18: a map of square boxes made and edited in the real window
//! (egui_kittest), as a designer would: File > New with a box grid,
//! terrain, a road on box sides, units, save, reopen, undo.

mod common;

use common::{click_at, ctrl, drag, harness, hx, root};
use egui::{Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::app::document::OpenDoc;
use vedette::hex::{Dir, Hex, Point};
use vedette::scenario::HexsideFeature;

fn screen(p: Point) -> Pos2 {
    pos2(p.x as f32, p.y as f32)
}

fn layout(h: &Harness<'_, VedetteApp>) -> vedette::hex::Layout {
    let app = h.state();
    let doc = app.doc.as_ref().expect("a document");
    app.view.layout(&doc.map, app.map_rect.expect("drawn"))
}

fn click_box(h: &mut Harness<'_, VedetteApp>, b: Hex) {
    let p = screen(layout(h).center(b));
    click_at(h, p);
}

/// Clicks a box side a little inside `b`, where the side tool finds it.
fn click_side(h: &mut Harness<'_, VedetteApp>, b: Hex, dir: Dir) {
    let l = layout(h);
    let grid = l.grid;
    let mid = l
        .hexside_midpoint(grid.hexside(b, dir).expect("a box side"))
        .expect("drawn");
    let c = l.center(b);
    let p = Point::new(mid.x + (c.x - mid.x) * 0.1, mid.y + (c.y - mid.y) * 0.1);
    let p = screen(p);
    click_at(h, p);
}

/// The keys of the map's road hexsides (and corners), in order.
fn road_keys(doc: &OpenDoc) -> Vec<String> {
    doc.map
        .hexsides
        .iter()
        .filter(|(_, f)| f.contains(&HexsideFeature::Road))
        .map(|(s, _)| s.to_string())
        .collect()
}

/// Clicks just inside `b`'s north-east corner, where the side tool finds
/// the corner crossing to the diagonal neighbour (roads only, H33).
fn click_corner(h: &mut Harness<'_, VedetteApp>, b: Hex) {
    let l = layout(h);
    let corner = l
        .hexside_midpoint(l.grid.hexside(b, Dir::NE).expect("a corner"))
        .expect("drawn");
    let c = l.center(b);
    let p = Point::new(
        corner.x + (c.x - corner.x) * 0.08,
        corner.y + (c.y - corner.y) * 0.08,
    );
    click_at(h, screen(p));
}

#[test]
fn issue18_a_new_box_map_is_painted_roaded_peopled_marked_saved_reopened_and_undone() {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    ctrl(&mut h, egui::Key::N);
    h.get_by_label("New scenario");
    h.get_by_label("square boxes").click();
    h.run();
    // The hex rules say they cannot play it, before anything is made.
    h.get_by_label_contains("are played on hexes: this map can be drawn");
    assert!(
        h.query_by_label("Shifted half a hex").is_none(),
        "no stagger for boxes"
    );
    h.get_by_label("Columns").set_value_accesskit(12.0);
    h.get_by_label("Rows").set_value_accesskit(8.0);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    let empty = {
        let doc = h.state().doc.as_ref().expect("a new document");
        assert!(doc.map.grid().is_boxes());
        assert_eq!((doc.map.columns, doc.map.rows), (12, 8));
        doc.data.clone()
    };
    let n = |h: &Harness<'_, VedetteApp>| h.state().doc.as_ref().expect("open").history.len();

    // A town of one box.
    h.key_press(egui::Key::T);
    h.run();
    h.get_by_label("1 box").click();
    h.get_by_label("Town (T)").click();
    h.run();
    click_box(&mut h, hx("0303"));
    // A wood of nine boxes around 0806.
    h.get_by_label("9 boxes").click();
    h.get_by_label("Woods (W)").click();
    h.run();
    click_box(&mut h, hx("0806"));
    {
        let doc = h.state().doc.as_ref().expect("open");
        assert_eq!(doc.map.code_at(hx("0303")), Some('T'));
        assert_eq!(doc.map.code_at(hx("0304")), Some('.'));
        let woods = doc
            .map
            .hexes_on_map()
            .filter(|&b| doc.map.code_at(b) == Some('W'))
            .count();
        assert_eq!(woods, 9, "a brush of 9 boxes, diagonals included");
        assert_eq!(
            doc.map.code_at(hx("0705")),
            Some('W'),
            "a diagonal neighbour"
        );
    }
    assert_eq!(n(&h), 2);

    // A road across two box sides: 0505 east to 0605, and 0605 south to
    // 0606. The tool names box sides, not hexsides.
    h.key_press(egui::Key::H);
    h.run();
    h.get_by_label("Box side");
    h.get_by_label_contains("Click near a box side");
    assert_eq!(
        h.state().tools.feature,
        HexsideFeature::Road,
        "the side tool starts on roads"
    );
    click_side(&mut h, hx("0505"), Dir::E);
    click_side(&mut h, hx("0605"), Dir::S);
    {
        let doc = h.state().doc.as_ref().expect("open");
        let roads = road_keys(doc);
        assert_eq!(roads, vec!["0505/E", "0606/N"], "keyed on N or E");
    }
    assert_eq!(n(&h), 4);
    // H33, H46: a road on across the corner from 0606 to 0705, clicked
    // near 0606's north-east corner.
    h.get_by_label_contains("A road may also cross a box's corner");
    click_corner(&mut h, hx("0606"));
    {
        let doc = h.state().doc.as_ref().expect("open");
        let roads = road_keys(doc);
        assert_eq!(roads, vec!["0505/E", "0606/N", "0606/NE"]);
        assert!(
            doc.map
                .has_feature(hx("0705"), Dir::SW, HexsideFeature::Road)
        );
    }
    assert_eq!(n(&h), 5);

    // Two units: one a side (the template's side changes between them).
    h.key_press(egui::Key::U);
    h.run();
    click_box(&mut h, hx("0202"));
    click_box(&mut h, hx("1007"));
    {
        let doc = h.state().doc.as_ref().expect("open");
        assert_eq!(doc.scenario.units.len(), 2);
        let starts: Vec<String> = doc
            .scenario
            .units
            .iter()
            .filter_map(|u| match u.placement {
                vedette::scenario::Placement::Start(b) => Some(b.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(starts, vec!["0202", "1007"]);
        // Validation speaks of boxes and names the rule set's refusal.
        let issues = vedette::scenario::validate(&doc.scenario, &doc.map);
        assert!(
            issues
                .iter()
                .any(|i| i.message.contains("rules are played on hexes")),
            "{issues:?}"
        );
    }
    assert_eq!(n(&h), 7);

    // A unit dragged with the select tool from 0202 to its diagonal
    // neighbour 0303 (a town).
    h.key_press(egui::Key::S);
    h.run();
    let (from, to) = {
        let l = layout(&h);
        (screen(l.center(hx("0202"))), screen(l.center(hx("0303"))))
    };
    drag(&mut h, from, to);
    assert!(
        h.state()
            .doc
            .as_ref()
            .expect("open")
            .scenario
            .units
            .iter()
            .any(|u| u.start_hex() == Some(hx("0303"))),
        "moved onto 0303"
    );
    // An exit box and a victory box, with the marker tool in box words.
    h.key_press(egui::Key::X);
    h.run();
    h.get_by_label("Exit box");
    click_box(&mut h, hx("1201"));
    h.get_by_label("Victory box").click();
    h.run();
    click_box(&mut h, hx("0606"));
    // A place name.
    h.key_press(egui::Key::N);
    h.run();
    h.get_by_label("Name").focus();
    h.run();
    h.get_by_label("Name").type_text("Hameau");
    h.run();
    click_box(&mut h, hx("0303"));
    {
        let doc = h.state().doc.as_ref().expect("open");
        let v = &doc.scenario.victory;
        assert!(v.exits.iter().any(|e| e.hexes.contains(&hx("1201"))));
        assert!(v.victory_hexes.iter().any(|x| x.hex == hx("0606")));
        assert_eq!(
            doc.map.place_at(hx("0303")).map(|p| p.name.as_str()),
            Some("Hameau")
        );
    }
    assert_eq!(n(&h), 11);

    // Saved and reopened equal.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("boxes.ron");
    assert!(h.state_mut().save_as(&path));
    let reopened = OpenDoc::load(&path).expect("reopens");
    assert_eq!(reopened.data, h.state().doc.as_ref().expect("open").data);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(
        text.contains("orientation: Boxes"),
        "the file names its grid"
    );

    // Undo, step by step, back to the empty map. (Saving refreshed the
    // copy of the map kept inline in the scenario; undo is about the map
    // and the units.)
    for _ in 0..11 {
        ctrl(&mut h, egui::Key::Z);
    }
    let doc = h.state().doc.as_ref().expect("open");
    assert_eq!(doc.map, empty.map);
    assert_eq!(doc.scenario.units, empty.scenario.units);
    assert_eq!(doc.scenario.victory, empty.scenario.victory);
    assert_eq!(doc.history.len(), 0);
}
