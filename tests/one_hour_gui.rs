//! Issue 21: a One Hour Napoleonic unit edited in the real window
//! (egui_kittest): its type, quality and traits in the inspector, each
//! change one undo step, the counter's label following.

mod common;

use common::{click_at, ctrl, harness, hx, root};
use egui::pos2;
use egui_kittest::kittest::Queryable;
use vedette::app::VedetteApp;
use vedette::rules::one_hour::model::{OneHourUnit, Quality};

fn copy(dir: &std::path::Path) -> std::path::PathBuf {
    for sub in ["scenarios", "maps"] {
        std::fs::create_dir_all(dir.join(sub)).expect("mkdir");
    }
    std::fs::copy(
        root().join("maps/waterloo-boxes.ron"),
        dir.join("maps/waterloo-boxes.ron"),
    )
    .expect("copy");
    let s = dir.join("scenarios/waterloo-one-hour.ron");
    std::fs::copy(root().join("scenarios/waterloo-one-hour.ron"), &s).expect("copy");
    s
}

#[test]
fn issue21_the_inspector_edits_a_units_quality_and_traits_one_undo_step_each() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut h = harness(VedetteApp::open(copy(dir.path())));
    // Select Picton's division at 0904.
    let at = {
        let app = h.state();
        let doc = app.doc.as_ref().expect("a document");
        let l = app.view.layout(&doc.map, app.map_rect.expect("drawn"));
        let c = l.center(hx("0904"));
        pos2(c.x as f32, c.y as f32)
    };
    click_at(&mut h, at);
    h.get_by_label("Unit type");
    assert!(
        h.query_by_label("Strength").is_none(),
        "One Hour units have no strength factor"
    );
    let unit = |h: &egui_kittest::Harness<'_, VedetteApp>| {
        let doc = h.state().doc.as_ref().expect("a document");
        let u = doc
            .scenario
            .unit(&"a-picton".into())
            .expect("Picton")
            .clone();
        (OneHourUnit::read(&u), doc.scenario.rules.counter_label(&u))
    };
    assert_eq!(unit(&h).0.quality, Quality::Excellent);
    assert_eq!(unit(&h).1, "7");
    h.get_by_label_contains("Steadfast").click();
    h.run();
    assert!(unit(&h).0.steadfast);
    assert_eq!(unit(&h).1, "7 S");
    // Conscript excludes steadfast (H37).
    h.get_by_label_contains("Conscript").click();
    h.run();
    let (x, label) = unit(&h);
    assert!(x.conscript && !x.steadfast, "{x:?}");
    assert_eq!(label, "7 C");
    ctrl(&mut h, egui::Key::Z);
    let (x, _) = unit(&h);
    assert!(x.steadfast && !x.conscript, "one undo: back to steadfast");
    ctrl(&mut h, egui::Key::Z);
    assert!(!unit(&h).0.steadfast, "two undos: as shipped");
}
