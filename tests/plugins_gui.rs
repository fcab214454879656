//! Issue 68: each rule set is first class in the editor. For every rule
//! set, on a scenario made with File > New and driven like a designer:
//! every brush and hexside feature the tools offer is painted and
//! `validate` warns about nothing the rules ignore; the Unit tool's
//! template offers the rule set's own unit types; no control of another
//! rule set shows (settings tabs, unit rows, the Balance panel's sections,
//! the sheet dialog's words); the game length is one field.

mod common;

use common::{click_at, ctrl, harness, root};
use egui::{Key, Pos2, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::collections::BTreeSet;
use vedette::app::VedetteApp;
use vedette::app::plugin::window;
use vedette::app::tools::detail_brushes;
use vedette::edit::DetailPaint;
use vedette::hex::Hex;
use vedette::rules::RuleSet;
use vedette::scenario::validate;

/// Every label and value the window shows now.
fn labels(h: &Harness<'_, VedetteApp>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut stack = vec![h.root()];
    while let Some(n) = stack.pop() {
        let a = n.accesskit_node();
        out.extend(a.label().map(|l| l.to_string()));
        out.extend(a.value().map(|v| v.to_string()));
        stack.extend(n.children());
    }
    out
}

fn key(h: &mut Harness<'_, VedetteApp>, k: Key) {
    h.key_press(k);
    h.run();
}

fn centre(h: &Harness<'_, VedetteApp>, x: Hex) -> Pos2 {
    let app = h.state();
    let doc = app.doc.as_ref().expect("a document");
    let c = app
        .view
        .layout(&doc.map, app.map_rect.expect("drawn"))
        .center(x);
    pos2(c.x as f32, c.y as f32)
}

/// A new scenario of `rules` made with File > New.
fn new_scenario(rules: &RuleSet) -> Harness<'static, VedetteApp> {
    let mut h = harness(VedetteApp::open(root().join("scenarios/waterloo.ron")));
    ctrl(&mut h, Key::N);
    h.query_all_by_label(rules.name())
        .last()
        .expect("the rule set in File > New")
        .click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert_eq!(
        h.state().doc.as_ref().expect("new").scenario.rules.name(),
        rules.name()
    );
    h
}

/// The labels no other rule set's window parts show: each rule set's
/// own settings tabs and unit rows.
fn own_marks(rules: &RuleSet) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = window(rules)
        .settings_tabs()
        .iter()
        .map(|t| t.name)
        .collect();
    out.extend(match rules {
        RuleSet::NapoleonAtWaterloo(_) => vec!["Combat results", "Variants"],
        RuleSet::Napoleon(_) => vec!["Casualties", "Force"],
        RuleSet::OneHour(_) => vec!["Unit type", "Quality", "Traits"],
        RuleSet::Hits16(_) => vec!["Troop type", "Rating", "Hits taken", "Nation"],
    });
    out.extend(window(rules).balance_section().map(|s| s.title()));
    out
}

#[test]
fn every_rule_set_is_first_class_in_the_editor() {
    for rules in RuleSet::every() {
        let name = rules.name();
        let mut h = new_scenario(&rules);
        let support = rules.plugin().support();
        // File > New's defaults draw no warning of their own: what is left
        // is the title to write.
        {
            let doc = h.state().doc.as_ref().expect("doc");
            let warnings: Vec<_> = validate(&doc.scenario, &doc.map)
                .into_iter()
                .filter(|i| i.severity == vedette::scenario::Severity::Warning)
                .filter(|i| !i.message.contains("no title"))
                .collect();
            assert!(warnings.is_empty(), "{name}: {warnings:?}");
        }
        let grid = h.state().doc.as_ref().expect("doc").map.grid();

        // Every detail brush and every terrain the brush offers, each on
        // a hex of its own.
        key(&mut h, Key::T);
        let mut at = Hex::new(3, 3);
        let next = |at: &mut Hex| {
            *at = Hex::new(at.col + 1, at.row);
            *at
        };
        let word = vedette::words::capitalised(rules.plugin().stronghold_word());
        for d in detail_brushes(&support, 1) {
            let label = match d {
                DetailPaint::Stronghold => word.clone(),
                DetailPaint::NoStronghold => format!("Remove {}", rules.plugin().stronghold_word()),
                d => d.name().to_string(),
            };
            h.get_by_label(&label).click();
            h.run();
            let p = centre(&h, next(&mut at));
            click_at(&mut h, p);
        }
        h.state_mut().tools.detail = None;
        h.run();
        let kinds: Vec<_> = h
            .state()
            .doc
            .as_ref()
            .expect("doc")
            .map
            .terrain_kinds
            .clone();
        for t in &kinds {
            h.get_by_label(&format!("{} ({})", t.name, t.code)).click();
            h.run();
            let p = centre(&h, Hex::new(5 + (at.col % 7), 6));
            at = Hex::new(at.col + 1, at.row);
            click_at(&mut h, p);
        }
        // Every hexside feature the tool offers, on a side of its own.
        key(&mut h, Key::H);
        for (i, f) in support.hexside_features.iter().enumerate() {
            h.get_by_label(f.name()).click();
            h.run();
            let a = Hex::new(3 + 2 * i as i32, 9);
            let b = grid.neighbour(a, grid.sides()[0]).expect("a neighbour");
            let (pa, pb) = (centre(&h, a), centre(&h, b));
            click_at(&mut h, pa + (pb - pa) * 0.42);
        }
        {
            let doc = h.state().doc.as_ref().expect("doc");
            if support.hills {
                assert!(
                    doc.map.hexes.values().any(|d| d.hill),
                    "{name}: the hill brush painted a hill"
                );
            }
            assert_eq!(
                doc.map.hexsides.values().map(|f| f.len()).sum::<usize>(),
                support.hexside_features.len(),
                "{name}: one of each feature"
            );
            let ignored: Vec<_> = validate(&doc.scenario, &doc.map)
                .into_iter()
                .filter(|i| i.message.contains("ignore"))
                .collect();
            assert!(ignored.is_empty(), "{name}: {ignored:?}");
        }

        // The Unit tool's template: the rule set's own rows, no other's.
        key(&mut h, Key::U);
        let shown = labels(&h);
        let mine = own_marks(&rules);
        for other in RuleSet::every().iter().filter(|o| o.name() != name) {
            for mark in own_marks(other) {
                if !mine.contains(&mark) && mark != "Rule options" {
                    assert!(
                        !shown.contains(mark),
                        "{name}: the Unit tool shows {mark:?}"
                    );
                }
            }
        }
        match &rules {
            RuleSet::NapoleonAtWaterloo(_) => assert!(shown.contains("infantry")),
            RuleSet::Napoleon(_) => assert!(shown.contains("Casualties")),
            RuleSet::OneHour(_) => assert!(shown.contains("Line Infantry")),
            RuleSet::Hits16(_) => assert!(shown.contains("Troop type")),
        }

        // Scenario settings: the rule set's tabs, no other's, and one
        // game-length field across all of them.
        h.get_by_label("Edit").click();
        h.run();
        h.get_by_label("Scenario settings…").click();
        h.run();
        let mut every_tab = labels(&h);
        let mut lengths = h.query_all_by_label("Game length").count();
        for tab in window(&rules).settings_tabs() {
            h.query_all_by_label(tab.name)
                .last()
                .expect("the tab")
                .click();
            h.run();
            every_tab.extend(labels(&h));
            lengths += h.query_all_by_label("Game length").count();
        }
        assert_eq!(lengths, 1, "{name}: one game-length field");
        assert!(!every_tab.contains("Turn limit"), "{name}");
        for other in RuleSet::every().iter().filter(|o| o.name() != name) {
            for t in window(other).settings_tabs() {
                if !mine.contains(&t.name) {
                    assert!(!every_tab.contains(t.name), "{name}: a tab {:?}", t.name);
                }
            }
        }
        assert_eq!(every_tab.contains("Combat results"), support.crt, "{name}");
        h.get_by_label("Cancel").click();
        h.run();

        // The sheet dialog says what this rule set's sheet prints.
        ctrl(&mut h, Key::P);
        let text = labels(&h)
            .into_iter()
            .filter(|l| l.starts_with("Title block"))
            .max_by_key(|l| l.len())
            .expect("the sheet's contents");
        assert!(text.contains(rules.plugin().sheet_contents()), "{text}");
        assert_eq!(
            text.contains("Combat Results Table"),
            support.crt,
            "{name}: {text}"
        );
        assert_eq!(text.contains("chit"), support.crt, "{name}: {text}");
        key(&mut h, Key::Escape);

        // The Balance panel: the rule set's own section only.
        h.get_by_label("Balance").click();
        h.run();
        let shown = labels(&h);
        for w in vedette::app::plugin::every_window() {
            if let Some(s) = w.balance_section() {
                let ours = window(&rules)
                    .balance_section()
                    .is_some_and(|m| m.title() == s.title());
                assert_eq!(shown.contains(s.title()), ours, "{name}: {}", s.title());
            }
        }
    }
}

/// A 16-hit unit placed with the Unit tool for the British side has the
/// side's nation, so it may form line (M41's historical rule) without a
/// nation typed; the French one may not.
#[test]
fn a_16_hit_british_unit_from_the_unit_tool_may_form_line() {
    let rules = RuleSet::every()
        .into_iter()
        .find(|r| matches!(r, RuleSet::Hits16(_)))
        .expect("the 16-hit rules");
    let mut h = new_scenario(&rules);
    let sides: Vec<_> = h.state().doc.as_ref().expect("doc").scenario.sides.clone();
    for (side, may) in [(&sides[1], true), (&sides[0], false)] {
        // Nothing selected: the inspector shows no Side row of its own.
        h.state_mut().tools.selected = None;
        key(&mut h, Key::U);
        // The template's Side combo: the template starts again for the
        // side, with the side's nation.
        h.query_all_by_label("Side")
            .last()
            .expect("the side")
            .click();
        h.run();
        h.query_all_by_label(&side.name)
            .last()
            .expect("the side's name")
            .click();
        h.run();
        let at = if may { Hex::new(4, 4) } else { Hex::new(8, 8) };
        let p = centre(&h, at);
        click_at(&mut h, p);
        let app = h.state();
        let doc = app.doc.as_ref().expect("doc");
        let id = app.tools.selected.clone().expect("the new unit");
        let u = doc.scenario.unit(&id).expect("placed");
        let unit = vedette::rules::hits16::model::Hits16Unit::read(u);
        let RuleSet::Hits16(o) = &doc.scenario.rules else {
            panic!("16 hits")
        };
        assert_eq!(unit.nation, side.name, "the side's nation");
        assert_eq!(o.line_allowed(&unit), may, "{}", side.name);
    }
}
