//! The sheet layout on the real Waterloo scenario and on generated ones,
//! without a backend; then each backend on the result.

use super::map_page::{MapPlan, plan};
use super::*;
use crate::scenario::{Placement, generate::large_scenario, parse_map, parse_scenario};

const WATERLOO: &str = include_str!("../../scenarios/waterloo.ron");
const WATERLOO_MAP: &str = include_str!("../../maps/waterloo.ron");

fn waterloo() -> (Scenario, Map) {
    (
        parse_scenario(WATERLOO, "waterloo.ron").expect("parses"),
        parse_map(WATERLOO_MAP, "map.ron").expect("parses"),
    )
}

fn all_texts(pages: &[Page]) -> Vec<&str> {
    pages.iter().flat_map(|p| p.texts()).collect()
}

/// Every point of every item lies on its page, and every text's ends lie
/// between the side margins.
fn assert_inside(pages: &[Page]) {
    for (n, p) in pages.iter().enumerate() {
        for i in &p.items {
            let pts: Vec<Pt> = match i {
                Item::Polygon { points, .. } => points.clone(),
                Item::Line { from, to, .. } => vec![*from, *to],
                Item::Circle { centre, .. } => vec![*centre],
                Item::Text {
                    at,
                    size,
                    text,
                    bold,
                    align,
                    ..
                } => {
                    let l = font::left_of(at.x, text, *size, *bold, *align);
                    let r = l + font::text_width(text, *size, *bold);
                    assert!(
                        l >= MARGIN - 0.5 && r <= p.width - MARGIN + 0.5,
                        "page {}: {text:?} runs into the margin ({l:.1}..{r:.1} of {})",
                        n + 1,
                        p.width
                    );
                    vec![*at]
                }
            };
            for q in pts {
                assert!(
                    q.x >= 0.0 && q.y >= 0.0 && q.x <= p.width && q.y <= p.height,
                    "page {}: {q:?} off the page",
                    n + 1
                );
            }
        }
    }
}

fn hex_polygons(p: &Page) -> Vec<&Vec<Pt>> {
    p.items
        .iter()
        .filter_map(|i| match i {
            Item::Polygon { points, .. } if points.len() == 6 => Some(points),
            _ => None,
        })
        .collect()
}

/// Flat side to flat side of a hex polygon: twice the distance from its
/// centre to the middle of a side.
fn across_flats(pts: &[Pt]) -> f32 {
    let cx = pts.iter().map(|p| p.x).sum::<f32>() / 6.0;
    let cy = pts.iter().map(|p| p.y).sum::<f32>() / 6.0;
    let mx = (pts[0].x + pts[1].x) / 2.0;
    let my = (pts[0].y + pts[1].y) / 2.0;
    2.0 * ((mx - cx).powi(2) + (my - cy).powi(2)).sqrt()
}

#[test]
fn waterloo_is_tiled_on_two_landscape_sheets_with_hexes_over_12_mm() {
    let (s, m) = waterloo();
    for paper in [Paper::A4, Paper::Letter] {
        let (w, h) = paper.size_mm();
        let MapPlan::Tiled {
            landscape, tiles, ..
        } = plan(&m, (w, h), 31.0)
        else {
            panic!("Waterloo's 23x17 hexes do not fit one {paper:?} page at 12 mm");
        };
        assert!(landscape);
        assert_eq!(tiles.len(), 2, "{paper:?}");
        // The sheets overlap by exactly one row and cover every hex.
        assert_eq!(tiles[0].rows.1, tiles[1].rows.0);
        let mut covered: Vec<Hex> = tiles.iter().flat_map(|t| t.hexes.clone()).collect();
        covered.sort();
        covered.dedup();
        assert_eq!(covered.len(), 380);

        let pages = layout(&s, &m, paper);
        assert_inside(&pages);
        let sheets: Vec<&Page> = pages
            .iter()
            .filter(|p| p.texts().any(|t| t.starts_with("Map sheet")))
            .collect();
        assert_eq!(sheets.len(), 2);
        for sheet in &sheets {
            assert_eq!((sheet.width, sheet.height), (h, w), "landscape");
            for hex in hex_polygons(sheet) {
                assert!(across_flats(hex) >= MIN_HEX_MM - 1e-3);
            }
            assert!(
                sheet.texts().any(|t| t.starts_with("Overlap: row")),
                "the overlap is explained"
            );
        }
        // Every hex number is printed on a sheet, and every counter too.
        let sheet_texts: Vec<&str> = sheets.iter().flat_map(|p| p.texts()).collect();
        for hex in m.hexes_on_map() {
            assert!(sheet_texts.contains(&hex.label().as_str()), "{hex:?}");
        }
        for (u, _) in s.units_at_start() {
            // The counter prints its designation without the nation its
            // colour shows ("British 2nd Inf": "2nd Inf"), shortened
            // rather than under 6 pt (issue 35 item 32).
            assert!(
                sheet_texts.iter().any(|t| t.len() >= 3
                    && (u.designation.ends_with(t)
                        || (t.ends_with('…') && u.designation.contains(t.trim_end_matches('…'))))),
                "{}: {}",
                u.id,
                u.designation
            );
            assert!(sheet_texts.contains(&u.factors().as_str()));
        }
        // The first page: portrait, title, overview naming both sheets.
        let first = &pages[0];
        assert_eq!((first.width, first.height), (w, h));
        let t: Vec<&str> = first.texts().collect();
        assert!(t.contains(&"Napoleon at Waterloo"));
        assert!(
            t.iter()
                .any(|x| x.contains("printed at full size on 2 sheets (A, B)"))
        );
        assert_eq!(
            hex_polygons(first).len(),
            380,
            "the overview shows the whole map"
        );
    }
}

#[test]
fn the_sheet_lists_every_unit_reinforcement_chit_and_table() {
    let (s, m) = waterloo();
    let pages = layout(&s, &m, Paper::A4);
    let texts = all_texts(&pages);
    let has = |x: &str| texts.iter().any(|t| t.contains(x));
    for heading in [
        "Order of battle: French",
        "Order of battle: Allied",
        "Reinforcements",
        "Victory conditions",
        "Grouchy variant: chit tables",
        "Combat Results Table",
        "Terrain Effects Chart",
        "Turn track",
        "Loss tracks",
    ] {
        assert!(has(heading), "{heading}");
    }
    // Orders of battle: each at-start unit with its hex, in hex order.
    for (u, h) in s.units_at_start() {
        assert!(texts.contains(&u.designation.as_str()));
        assert!(texts.contains(&h.label().as_str()));
    }
    for u in &s.units {
        if let Placement::Reinforcement { turn, entry } = &u.placement {
            assert!(texts.contains(&format!("Game-Turn {turn}").as_str()));
            assert!(has(&entry[0].label()));
        }
    }
    for v in &s.variants {
        for t in &v.tables {
            for c in &t.chits {
                let first_words: String = c.text.split(' ').take(3).collect::<Vec<_>>().join(" ");
                assert!(has(&first_words), "chit {} of {}", c.code, t.side.as_str());
            }
        }
    }
    // The CRT: every column heading and every result of the die-1 row.
    for o in &s.crt.columns {
        assert!(texts.contains(&o.to_string().as_str()));
    }
    // Loss tracks run 1-40 for both sides, the turn track 1-10.
    assert!(texts.contains(&"40") && texts.contains(&"10"));
    assert!(has("French: loss limit 40") && has("Allied: loss limit 40"));
    // Victory in words, from the scenario's data.
    assert!(has("destroying 40 French strength points before losing 40"));
    assert!(has("French has moved at least 7 units off the map"));
    assert!(has("(0101-1001)"));
    assert!(has("after Game-Turn 10"));
    // Pages are numbered.
    let n = pages.len();
    assert!(has(&format!("page {n} of {n}")));
}

#[test]
fn the_order_of_battle_is_sorted_by_hex() {
    let (s, m) = waterloo();
    let pages = layout(&s, &m, Paper::A4);
    // The French table's hex column, in the order printed.
    let texts = all_texts(&pages);
    let start = texts
        .iter()
        .position(|t| t.starts_with("Order of battle: French"))
        .expect("heading");
    let end = texts
        .iter()
        .position(|t| t.starts_with("Order of battle: Allied"))
        .expect("heading");
    let french_hexes: Vec<&str> = texts[start..end]
        .iter()
        .copied()
        .filter(|t| t.len() == 4 && t.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(french_hexes.len(), 26);
    let mut sorted = french_hexes.clone();
    sorted.sort();
    assert_eq!(french_hexes, sorted);
}

#[test]
fn a_small_map_goes_on_the_first_page_under_the_title() {
    let (s, m) = large_scenario(10, 8, 12, 3);
    let pages = layout(&s, &m, Paper::Letter);
    assert_inside(&pages);
    let first = &pages[0];
    let hexes = hex_polygons(first);
    assert_eq!(hexes.len(), m.hexes_on_map().count());
    assert!(across_flats(hexes[0]) >= MIN_HEX_MM);
    assert!(first.texts().any(|t| t == s.title));
    assert!(!all_texts(&pages).iter().any(|t| t.starts_with("Map sheet")));
}

#[test]
fn a_big_map_is_tiled_and_long_tables_repeat_their_header() {
    let (s, m) = large_scenario(60, 40, 300, 5);
    let pages = layout(&s, &m, Paper::A4);
    assert_inside(&pages);
    let sheets = pages
        .iter()
        .filter(|p| p.texts().any(|t| t.starts_with("Map sheet")))
        .count();
    assert!(sheets >= 6, "{sheets} sheets");
    // Every hex is on some sheet.
    let texts = all_texts(&pages);
    for h in m.hexes_on_map() {
        assert!(texts.contains(&h.label().as_str()), "{h:?}");
    }
    // A table over several pages repeats its header row on each.
    let with_header = pages
        .iter()
        .filter(|p| p.texts().any(|t| t == "Strength-Move"))
        .count();
    assert!(with_header >= 3, "{with_header}");
}

/// Issue 18, item 4: a box map is tiled over sheets like a hex map, drawn
/// as squares, every box on some sheet, and the text speaks of boxes.
#[test]
fn issue18_a_big_box_map_is_tiled_in_squares_and_the_text_says_boxes() {
    let grid = crate::hex::Grid::new(crate::hex::Orientation::Boxes, crate::hex::Stagger::Even);
    let (s, m) = crate::scenario::generate::large_scenario_on(grid, 60, 40, 300, 5);
    let pages = layout(&s, &m, Paper::A4);
    assert_inside(&pages);
    let sheets: Vec<&Page> = pages
        .iter()
        .filter(|p| p.texts().any(|t| t.starts_with("Map sheet")))
        .collect();
    assert!(sheets.len() >= 4, "{} sheets", sheets.len());
    let texts = all_texts(&pages);
    for b in m.hexes_on_map() {
        assert!(texts.contains(&b.label().as_str()), "{b:?}");
    }
    // The cells are squares: four corners, sides level and upright.
    let squares = sheets[0]
        .items
        .iter()
        .filter(|i| match i {
            Item::Polygon { points, .. } if points.len() == 4 => {
                let (a, b, c) = (points[0], points[1], points[2]);
                (a.y - b.y).abs() < 1e-3 && (b.x - c.x).abs() < 1e-3
            }
            _ => false,
        })
        .count();
    assert!(squares > 100, "{squares} squares on the first map sheet");
    assert!(texts.iter().any(|t| t.contains("Box")), "a Box column");
    assert!(
        !texts.iter().any(|t| t
            .split(|c: char| !c.is_alphabetic())
            .any(|w| w == "hex" || w == "hexes")),
        "a box map's sheet speaks of hexes"
    );
}

#[test]
fn tables_do_not_leave_a_heading_alone_at_the_foot_of_a_page() {
    let (s, m) = waterloo();
    for paper in [Paper::A4, Paper::Letter] {
        let pages = layout(&s, &m, paper);
        for (n, p) in pages.iter().enumerate() {
            // The last text above the footer is never a heading.
            let body: Vec<&Item> = p
                .items
                .iter()
                .filter(|i| matches!(i, Item::Text { at, .. } if at.y < p.height - MARGIN))
                .collect();
            if let Some(Item::Text {
                text, size, bold, ..
            }) = body.last()
            {
                // Headings are bold and large; the turn track's numbers
                // are too, but are numbers.
                assert!(
                    *size < 10.0 || !*bold || text.parse::<u32>().is_ok(),
                    "page {} of {paper:?} ends with the heading {text:?}",
                    n + 1
                );
            }
        }
    }
}

#[test]
fn the_map_image_is_just_the_map() {
    let (s, m) = waterloo();
    let page = map_page::map_image(&m, Some(&s));
    assert_eq!(hex_polygons(&page).len(), 380);
    let (w, h) = (page.width, page.height);
    assert!(
        w > 250.0 && w < 300.0 && h > 200.0 && h < 240.0,
        "{w} x {h}"
    );
    let plain = map_page::map_image(&m, None);
    assert!(
        !plain.texts().any(|t| t == "4-4"),
        "no counters without a scenario"
    );
}

#[test]
fn the_backends_draw_the_waterloo_map() {
    let (s, m) = waterloo();
    let page = map_page::map_image(&m, Some(&s));
    let pix = raster::rasterize(&page, 2.0).expect("rasterizes");
    assert_eq!(pix.width(), (page.width * 2.0).ceil() as u32);
    // Not a blank image: the clear terrain's colour is everywhere, and
    // the French counters' blue is somewhere.
    let clear = m.terrain_by_id("clear").expect("clear").colour;
    let french = s.sides[0].colour;
    let near = |p: &tiny_skia::PremultipliedColorU8, c: crate::scenario::Colour| {
        (p.red() as i32 - c.0 as i32).abs() < 6
            && (p.green() as i32 - c.1 as i32).abs() < 6
            && (p.blue() as i32 - c.2 as i32).abs() < 6
    };
    let px = pix.pixels();
    assert!(px.iter().filter(|p| near(p, clear)).count() > px.len() / 4);
    assert!(px.iter().any(|p| near(p, french)));
    let png = raster::png(&page, 1.0).expect("encodes");
    assert_eq!(&png[1..4], b"PNG");

    let svg = svg::write(&page, 4.0);
    assert!(svg.starts_with("<svg"));
    assert!(svg.matches("<polygon").count() >= 380);
    assert!(svg.contains(">Hougoumont</text>"));

    let pdf = pdf::write(&layout(&s, &m, Paper::A4), &s.title).expect("writes");
    assert!(pdf.starts_with(b"%PDF-"));
}

/// Issue 19, item 6: the setup sheet of a *Napoleon* scenario prints the
/// orders of battle by army, force and unit with the leaders' factors and
/// the General's command factor, the tables a player needs, the break
/// points, the victory locations and a casualty roster; its counters show
/// their front, and the map shows leaders and Generals; no CRT, chits or
/// loss tracks, which these rules never read.
#[test]
fn a_napoleon_sheet_prints_armies_forces_tables_and_a_roster() {
    let (s, m) = saint_aubin();
    let pages = layout(&s, &m, Paper::A4);
    assert_inside(&pages);
    let texts = all_texts(&pages);
    let has = |t: &str| texts.iter().any(|x| x.contains(t));
    for t in [
        "Order of battle: French, break point 3",
        "General Marmont (command factor 3, at 0902), France",
        "Bonet's division — leader Bonet (+1), at 0604",
        "Command check [3.7.1]",
        "Melee [3.7.3]",
        "Artillery evasion [3.7.2.9.3]",
        "Troop characteristics (N13-N19)",
        "Vedette default",
        "Victory locations (N33)",
        "Casualty roster",
        "General (command factor)",
        "Front of a unit",
    ] {
        assert!(has(t), "the sheet lacks {t:?}");
    }
    for t in ["Combat Results Table", "Loss tracks", "chit tables"] {
        assert!(
            !has(t),
            "the sheet prints {t:?}, which these rules never read"
        );
    }
    // The gun evasion numbers are the engine's.
    assert!(has("5+") && has("2+"));
    // Each unit has a row of boxes: one per casualty point it can take.
    let boxes = pages
        .iter()
        .flat_map(|p| &p.items)
        .filter(|i| matches!(i, Item::Polygon { points, fill: Some(Rgb::WHITE), .. } if points.len() == 4))
        .count();
    assert!(boxes >= 60, "{boxes} roster boxes");
}

fn waterloo_one_hour() -> (Scenario, Map) {
    (
        parse_scenario(
            include_str!("../../scenarios/waterloo-one-hour.ron"),
            "waterloo-one-hour.ron",
        )
        .expect("parses"),
        parse_map(include_str!("../../maps/waterloo-boxes.ron"), "map.ron").expect("parses"),
    )
}

#[test]
fn issue21_a_one_hour_sheet_prints_its_own_tables_and_the_decks_as_cards_eight_a_page() {
    let (s, m) = waterloo_one_hour();
    for paper in [Paper::A4, Paper::Letter] {
        let pages = layout(&s, &m, paper);
        assert_inside(&pages);
        let texts = all_texts(&pages);
        let has = |t: &str| texts.iter().any(|x| x.contains(t));
        for t in [
            "Victory conditions (H9)",
            "Order of battle: French (17 units)",
            "Leaders (H23-H25)",
            "Units (H12-H15, H27, H33)",
            "Terrain (H34, H35)",
            "French chance cards (15 cards, H38-H43)",
            "Hit roster (the last box is an attached leader's)",
            "Strongpoint",
        ] {
            assert!(has(t), "{paper:?}: no {t:?}");
        }
        // Nothing of the other rule sets' sheets.
        for t in ["Combat Results Table", "strength points", "Loss tracks"] {
            assert!(!has(t), "{paper:?}: {t:?} on a One Hour sheet");
        }
        // The cards: each deck of 15 on two pages of 8 and 7, every title
        // on a card.
        let card_pages: Vec<&Page> = pages
            .iter()
            .filter(|p| p.texts().any(|t| t.ends_with("chance card")))
            .collect();
        assert_eq!(card_pages.len(), 4, "{paper:?}");
        let per_page: Vec<usize> = card_pages
            .iter()
            .map(|p| p.texts().filter(|t| t.ends_with("chance card")).count())
            .collect();
        assert_eq!(per_page, vec![8, 7, 8, 7]);
        let crate::scenario::RuleSet::OneHour(o) = &s.rules else {
            panic!("One Hour rules");
        };
        for d in &o.decks {
            for c in &d.cards {
                assert!(
                    card_pages.iter().any(|p| p.texts().any(|t| t == c.title)),
                    "{:?} is not on a card",
                    c.title
                );
            }
        }
    }
    // Counters show the hits a unit takes, with its traits' initials.
    let guard = s
        .units
        .iter()
        .find(|u| u.id.as_str() == "f-old-guard")
        .expect("the Old Guard");
    assert_eq!(s.rules.counter_label(guard), "8 S");
}

#[test]
fn issue20_a_pickup_sheet_outlines_the_table_areas_and_draws_both_supply_roads() {
    use crate::engine::Dice;
    use crate::rules::napoleon::engine::deploy::DeploymentLog;
    use crate::rules::napoleon::model::NapoleonOptions;
    use crate::rules::napoleon::model::pickup::shipped_lists;
    use crate::rules::napoleon::player::pickup::{build_order, deploy_by_computers};
    use crate::scenario::{Colour, MapSource};
    let lists = shipped_lists();
    let lists = [lists[0].clone(), lists[1].clone()];
    let options = NapoleonOptions::default();
    let mut dice = Dice::new(3);
    let orders = [0, 1].map(|i| build_order(&lists[i], 1000, &options, &mut dice).expect("builds"));
    let log = DeploymentLog {
        version: 1,
        seed: 3,
        names: ["French".into(), "British".into()],
        colours: [Colour(0x2f, 0x5a, 0xa8), Colour(0xb0, 0x30, 0x30)],
        lists,
        orders,
        options,
        commands: Vec::new(),
        end: None,
    };
    let (d, _) = deploy_by_computers(log).expect("deploys");
    let s = d.scenario();
    let MapSource::Inline(map) = &s.map else {
        panic!("a pick-up battle's map is inline");
    };
    assert_eq!(map.areas.len(), 5, "the five table areas (N23)");
    let pages = layout(&s, map, Paper::A4);
    assert_inside(&pages);
    let texts = all_texts(&pages);
    for a in &map.areas {
        assert!(texts.contains(&a.name.as_str()), "{} is named", a.name);
    }
    for side in ["French", "British"] {
        let label = format!("{side} supply road");
        assert!(texts.contains(&label.as_str()), "{label}");
    }
    // Waterloo's areas name its woods, which the map already shows: no
    // outlines or names are added there.
    let (w, wm) = waterloo();
    let wt = all_texts(&layout(&w, &wm, Paper::A4))
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>();
    assert!(!wm.areas.is_empty());
    assert!(!wt.iter().any(|t| t.ends_with("supply road")));
    for a in &wm.areas {
        assert!(
            !wt.contains(&a.name),
            "{} is not printed as an area",
            a.name
        );
    }
}

#[test]
fn issue35_item32_fitted_text_is_never_under_6_pt_but_shortened() {
    use super::font::{MIN_TEXT_PT, fit_text, text_width};
    // Room enough: the asked size.
    assert_eq!(
        fit_text("6e Ligne", 7.0, 40.0, false),
        ("6e Ligne".into(), 7.0)
    );
    // A little short: shrunk, not below 6 pt.
    let (t, size) = fit_text("Jérôme", 8.0, text_width("Jérôme", 8.0, false) * 0.8, false);
    assert_eq!(t, "Jérôme");
    assert!((MIN_TEXT_PT..8.0).contains(&size), "{size}");
    // Too narrow even at 6 pt: the bracket goes first, then letters.
    let w = text_width("Reille", MIN_TEXT_PT, false) + 0.1;
    assert_eq!(
        fit_text("Reille (II)", 7.0, w, false),
        ("Reille".into(), MIN_TEXT_PT)
    );
    let (t, size) = fit_text("1er Cuirassiers", 7.0, w, false);
    assert!(
        t.ends_with('…') && "1er Cuirassiers".starts_with(t.trim_end_matches('…')),
        "{t}"
    );
    assert!(text_width(&t, size, false) <= w && size == MIN_TEXT_PT);
}

#[test]
fn issue35_item32_a_few_spilt_lines_do_not_get_a_page_of_their_own() {
    let (s, m) = saint_aubin();
    let pages = layout(&s, &m, Paper::A4);
    // Every text page but the last holds more than a few lines (page 2
    // held a heading and a two-row table before the map sheets).
    let text_pages: Vec<&Page> = pages
        .iter()
        .filter(|p| !p.texts().any(|t| t.starts_with("Map sheet")))
        .collect();
    for (i, p) in text_pages.iter().enumerate().take(text_pages.len() - 1) {
        assert!(
            p.texts().count() > 20,
            "text page {} holds {} runs: {:?}",
            i + 1,
            p.texts().count(),
            p.texts().collect::<Vec<_>>()
        );
    }
}

fn saint_aubin() -> (Scenario, Map) {
    let s = parse_scenario(
        include_str!("../../scenarios/saint-aubin.ron"),
        "saint-aubin.ron",
    )
    .expect("parses");
    let m = parse_map(include_str!("../../maps/saint-aubin.ron"), "m.ron").expect("parses");
    (s, m)
}

/// The export dialog says what the sheet prints from the rule set's
/// `sheet_contents`: every item of it is a heading of the printed sheet,
/// for a shipped scenario of every rule set (issue 68).
#[test]
fn the_export_dialogs_words_are_the_sheets_headings() {
    let mut seen = std::collections::BTreeSet::new();
    for (scenario, map) in [
        ("scenarios/waterloo.ron", "maps/waterloo.ron"),
        ("scenarios/saint-aubin.ron", "maps/saint-aubin.ron"),
        ("scenarios/waterloo-one-hour.ron", "maps/waterloo-boxes.ron"),
        ("scenarios/hits16-tutorial.ron", "inline"),
    ] {
        let text = |p: &str| {
            crate::bundled::files()
                .iter()
                .find(|(f, _)| *f == p)
                .map(|(_, t)| *t)
                .expect("a bundled file")
        };
        let s = parse_scenario(text(scenario), scenario).expect("parses");
        let m = match &s.map {
            crate::scenario::MapSource::Inline(m) => (**m).clone(),
            _ => parse_map(text(map), map).expect("parses"),
        };
        seen.insert(s.rules.name());
        let plugin = s.rules.plugin();
        let mut pages = layout(&s, &m, Paper::A4);
        pages.extend(plugin.sheet_pages(&s, Paper::A4));
        let printed = all_texts(&pages).join(" ").to_lowercase();
        let singular = |w: &str| w.strip_suffix('s').unwrap_or(w).to_string();
        for item in plugin.sheet_contents().split(", ") {
            for word in item.to_lowercase().split(' ').filter(|w| w.len() > 3) {
                assert!(
                    printed.contains(&singular(word)),
                    "{scenario}: the dialog promises {item:?}, but the sheet has no {word:?}"
                );
            }
        }
    }
    assert_eq!(seen.len(), crate::rules::RuleSet::every().len());
}
