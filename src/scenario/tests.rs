//! Tests of the scenario model: the shipped files, RON reading and writing,
//! and one test per `validate` check.

use super::*;
use crate::hex::{Dir, Hex};
use crate::rules::napoleon::model::NapoleonOptions;
use proptest::prelude::*;

const WATERLOO: &str = include_str!("../../scenarios/waterloo.ron");
const WATERLOO_MAP: &str = include_str!("../../maps/waterloo.ron");
const TUTORIAL: &str = include_str!("../../scenarios/tutorial.ron");
const BLANK: &str = include_str!("../../maps/blank-23x17.ron");
const BLANK_BOXES: &str = include_str!("../../maps/blank-boxes-12x8.ron");

fn h(s: &str) -> Hex {
    s.parse().expect("test hex")
}

fn waterloo() -> (Scenario, Map) {
    let s = parse_scenario(WATERLOO, "waterloo.ron").expect("waterloo parses");
    let m = parse_map(WATERLOO_MAP, "waterloo-map.ron").expect("map parses");
    (s, m)
}

fn errors(issues: &[Issue]) -> Vec<&Issue> {
    issues
        .iter()
        .filter(|i| i.severity == Severity::Error)
        .collect()
}

/// Asserts that some issue of the severity at the location mentions `text`.
#[track_caller]
fn assert_issue(issues: &[Issue], sev: Severity, loc: Location, text: &str) {
    assert!(
        issues
            .iter()
            .any(|i| i.severity == sev && i.location == loc && i.message.contains(text)),
        "no {sev} at {loc} mentioning {text:?} in:\n{}",
        issues
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn unit_mut<'a>(s: &'a mut Scenario, id: &str) -> &'a mut Unit {
    s.units
        .iter_mut()
        .find(|u| u.id.as_str() == id)
        .expect("unit exists")
}

#[test]
fn waterloo_map_has_380_hexes_and_the_ruled_terrain() {
    let (_, m) = waterloo();
    assert_eq!(m.hexes_on_map().count(), 380);
    for l in ["0217", "0417", "1617", "2217"] {
        assert!(!m.is_on_map(h(l)), "{l} should be off the map (RULINGS R1)");
    }
    assert!(m.is_on_map(h("1717")) && m.is_on_map(h("1716")));
    assert_eq!(m.terrain_at(h("1716")).map(|t| t.id.as_str()), Some("town"));
    let woods = m.terrain_by_id("woods").expect("woods");
    assert_eq!(woods.movement, MovementRule::RoadOnly(1));
    assert_eq!(woods.defence_multiplier, 2);
    assert!(woods.blocks_line_of_sight);
    assert_eq!(
        m.terrain_by_id("town").map(|t| t.defence_multiplier),
        Some(2)
    );
    // The Hougoumont wood is entered only from 0813 (its road side NW).
    assert!(m.has_feature(h("0914"), Dir::NW, HexsideFeature::Road));
    assert!(!m.has_feature(h("0914"), Dir::N, HexsideFeature::Road));
    assert!(is_enterable(&m, h("0914")));
    assert!(!is_enterable(&m, h("2301")));
    let counts = m.hexes_on_map().fold([0; 3], |mut c, x| {
        match m.terrain_at(x).map(|t| t.id.as_str()) {
            Some("clear") => c[0] += 1,
            Some("town") => c[1] += 1,
            _ => c[2] += 1,
        }
        c
    });
    // Reference: 328 clear, 24 town, 23 woods + 5 woods with a road.
    assert_eq!(counts, [328, 24, 28]);
}

#[test]
fn waterloo_scenario_matches_the_reference() {
    let (s, m) = waterloo();
    assert_eq!(s.turns, 10);
    assert_eq!(s.units_at_start().count(), 44);
    let strength = |side: &str| -> u32 {
        s.units_at_start()
            .filter(|(u, _)| u.side.as_str() == side)
            .map(|(u, _)| u.strength)
            .sum()
    };
    assert_eq!((strength("French"), strength("Allied")), (89, 73));
    assert_eq!(
        s.unit(&"116".into()).and_then(|u| u.start_hex()),
        Some(h("1517"))
    );
    // The nine Prussians arrive on Game-Turn 3 on the non-woods hexes of
    // column 23 [7.0].
    let column23: Vec<Hex> = (1..=17)
        .map(|r| Hex::new(23, r))
        .filter(|&x| m.terrain_at(x).is_some_and(|t| t.id != "woods"))
        .collect();
    let prussians: Vec<&Unit> = s
        .units
        .iter()
        .filter(|u| matches!(u.placement, Placement::Reinforcement { .. }))
        .collect();
    assert_eq!(prussians.len(), 9);
    for u in &prussians {
        assert_eq!(
            u.placement,
            Placement::Reinforcement {
                turn: 3,
                entry: column23.clone()
            }
        );
        assert_eq!(u.contingent.as_deref(), Some("Prussian"));
    }
    assert_eq!(prussians.iter().map(|u| u.strength).sum::<u32>(), 34);
    assert_eq!(s.loss_threshold(&"French".into()), Some(40));
    assert_eq!(s.loss_threshold(&"Allied".into()), Some(40));
    let exits = &s.victory.exits[0];
    assert_eq!((exits.side.as_str(), exits.units), ("French", 7));
    assert!(exits.hexes.iter().all(|x| x.row == 1));
    assert_eq!(exits.hexes.len(), 10);
    assert_eq!(s.crt, crate::rules::naw::model::crt());
    // Grouchy pool (RULINGS R15): French 8 units, Prussian 6.
    let pool = |side: &str| -> Vec<String> {
        s.units
            .iter()
            .filter(|u| u.side.as_str() == side && matches!(u.placement, Placement::Variant { .. }))
            .map(|u| u.factors())
            .collect()
    };
    assert_eq!(
        pool("French"),
        ["5-4", "4-4", "4-4", "2-5", "3-3", "4-4", "2-5", "3-3"]
    );
    assert_eq!(pool("Allied"), ["5-4", "4-4", "3-5", "3-3", "4-4", "3-5"]);
    let v = &s.variants[0];
    assert_eq!(v.tables.len(), 2);
    assert!(
        v.tables
            .iter()
            .all(|t| t.chits.iter().map(|c| c.code).eq(1..=6))
    );
}

#[test]
fn shipped_files_have_no_errors() {
    let (s, m) = waterloo();
    let issues = validate(&s, &m);
    assert!(issues.is_empty(), "{issues:?}");
    let t = parse_scenario(TUTORIAL, "tutorial.ron").expect("tutorial parses");
    let MapSource::Inline(tm) = &t.map else {
        panic!("the tutorial carries its map inline")
    };
    assert!(validate(&t, tm).is_empty(), "{:?}", validate(&t, tm));
    let b = parse_map(BLANK, "blank.ron").expect("blank parses");
    assert!(validate_map(&b).is_empty());
    assert_eq!(b.hexes_on_map().count(), 23 * 17);
}

#[test]
fn saving_is_stable_and_round_trips() {
    for text in [WATERLOO, TUTORIAL] {
        let s = parse_scenario(text, "x.ron").expect("parses");
        let once = scenario_file(&s);
        assert_eq!(once, text, "shipped files are in canonical form");
        let again = parse_scenario(&once, "x.ron").expect("re-parses");
        assert_eq!(again, s);
        assert_eq!(scenario_file(&again), once);
    }
    let m = parse_map(WATERLOO_MAP, "m.ron").expect("parses");
    assert_eq!(map_file(&m), WATERLOO_MAP);
}

#[test]
fn hexsides_written_from_either_side_are_merged() {
    let text = WATERLOO_MAP.replace(
        "\"0813/SE\": [Road]",
        "\"0914/NW\": [Road], \"0813/SE\": [River]",
    );
    let m = parse_map(&text, "m.ron").expect("parses");
    let key = m.grid().hexside(h("0914"), Dir::NW).expect("side");
    assert_eq!(m.hexsides[&key].len(), 2);
    assert!(map_to_ron(&m).contains("\"0813/SE\": [Road, River]"));
}

#[test]
fn syntax_errors_have_line_and_column() {
    let truncated = &WATERLOO[..WATERLOO.len() / 2];
    let e = parse_scenario(truncated, "w.ron").expect_err("truncated");
    assert_eq!(e.origin, "w.ron");
    assert!(e.line > 300, "{e}");
    assert!(
        e.to_string()
            .starts_with(&format!("w.ron:{}:{}: error:", e.line, e.column))
    );
}

#[test]
fn unknown_fields_are_errors_that_name_them() {
    let text = WATERLOO.replacen("strength: 7,", "strenght: 7,", 1);
    let e = parse_scenario(&text, "w.ron").expect_err("misspelt");
    let line = text.lines().position(|l| l.contains("strenght")).unwrap() + 1;
    assert_eq!(e.line, line, "{e}");
    assert!(e.message.contains("strenght"), "{e}");
    assert!(
        e.field.as_deref().is_some_and(|f| f.starts_with("units[")),
        "{e}"
    );
}

#[test]
fn type_errors_name_the_field() {
    let text = WATERLOO.replacen("movement: 4,", "movement: \"four\",", 1);
    let e = parse_scenario(&text, "w.ron").expect_err("wrong type");
    assert_eq!(e.field.as_deref(), Some("units[1].movement"), "{e}");
    let text = WATERLOO.replacen("Start(\"0514\")", "Start(\"05x4\")", 1);
    let e = parse_scenario(&text, "w.ron").expect_err("bad hex");
    assert!(e.message.contains("not a hex label"), "{e}");
    assert_eq!(e.field.as_deref(), Some("units[0].placement.Start"), "{e}");
}

#[test]
fn newer_versions_are_refused_clearly() {
    let text = WATERLOO.replacen("version: 1,", "version: 7,", 1);
    let Err(e) = parse_scenario(&text, "w.ron") else {
        panic!("newer versions are refused")
    };
    assert!(e.message.contains("version 7"), "{e}");
}

// ---- validate: one test per check ----

#[test]
fn validate_unit_off_the_map() {
    let (mut s, m) = waterloo();
    unit_mut(&mut s, "101").placement = Placement::Start(h("0217"));
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Unit("101".into()),
        "0217 is not part of the map",
    );
    unit_mut(&mut s, "101").placement = Placement::Start(h("3001"));
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Unit("101".into()),
        "outside the 23x17 map",
    );
}

#[test]
fn validate_unit_on_prohibited_terrain() {
    let (mut s, m) = waterloo();
    unit_mut(&mut s, "101").placement = Placement::Start(h("2301"));
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Unit("101".into()),
        "only across a road hexside [4.2]",
    );
    let mut m2 = m.clone();
    m2.terrain_kinds[2].movement = MovementRule::Prohibited;
    assert_issue(
        &validate(&s, &m2),
        Severity::Error,
        Location::Unit("101".into()),
        "may not enter",
    );
}

#[test]
fn validate_two_units_in_one_hex() {
    let (mut s, m) = waterloo();
    unit_mut(&mut s, "102").placement = Placement::Start(h("0514"));
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Hex(h("0514")),
        "may not stack",
    );
}

#[test]
fn validate_duplicate_unit_ids() {
    let (mut s, m) = waterloo();
    unit_mut(&mut s, "102").id = "101".into();
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Unit("101".into()),
        "more than one unit",
    );
}

#[test]
fn validate_unknown_side_and_contingent() {
    let (mut s, m) = waterloo();
    unit_mut(&mut s, "101").side = "Austrian".into();
    unit_mut(&mut s, "201").contingent = Some("Dutch".into());
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("101".into()),
        "\"Austrian\", which the scenario does not define",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("201".into()),
        "contingent \"Dutch\"",
    );
}

#[test]
fn validate_strength_and_movement() {
    let (mut s, m) = waterloo();
    unit_mut(&mut s, "101").strength = 0;
    unit_mut(&mut s, "102").strength = 500;
    unit_mut(&mut s, "103").movement = 0;
    unit_mut(&mut s, "104").movement = 400;
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("101".into()),
        "combat strength of 0",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("102".into()),
        "combat strength of 500",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("103".into()),
        "movement allowance of 0",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("104".into()),
        "movement allowance of 400",
    );
}

#[test]
fn validate_reinforcement_turn_outside_the_game() {
    let (mut s, m) = waterloo();
    for (id, turn) in [("301", 0), ("302", 11)] {
        if let Placement::Reinforcement { turn: t, .. } = &mut unit_mut(&mut s, id).placement {
            *t = turn;
        }
    }
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("301".into()),
        "Game-Turn 0, outside the game's 10 turns",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("302".into()),
        "Game-Turn 11",
    );
}

#[test]
fn validate_entry_hexes() {
    let (mut s, m) = waterloo();
    let set = |s: &mut Scenario, id: &str, e: Vec<Hex>| {
        if let Placement::Reinforcement { entry, .. } = &mut unit_mut(s, id).placement {
            *entry = e;
        }
    };
    set(&mut s, "301", vec![h("2317"), h("2417")]);
    set(&mut s, "302", vec![h("2310")]);
    set(&mut s, "303", vec![h("1317")]);
    set(&mut s, "304", vec![]);
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("301".into()),
        "enters through 2417: 2417 is outside",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("301".into()),
        "enters through 2317",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("302".into()),
        "enters through 2310",
    );
    assert_issue(
        &issues,
        Severity::Warning,
        Location::Hex(h("1317")),
        "an enemy unit occupies at the start",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit("304".into()),
        "no entry hexes",
    );
}

#[test]
fn validate_exit_hexes_on_the_edge() {
    let (mut s, m) = waterloo();
    s.victory.exits[0].hexes.push(h("1010"));
    s.victory.exits[0].hexes.push(h("0217"));
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Hex(h("1010")),
        "not on an edge",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Hex(h("0217")),
        "not on the map",
    );
    assert_eq!(errors(&issues).len(), 2);
}

#[test]
fn validate_victory_hexes_on_the_map() {
    let (mut s, m) = waterloo();
    s.victory.victory_hexes.push(VictoryHex {
        hex: h("2417"),
        side: "French".into(),
        points: 5,
    });
    s.victory.victory_hexes.push(VictoryHex {
        hex: h("1310"),
        side: "Prussia".into(),
        points: 5,
    });
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Hex(h("2417")),
        "victory hex 2417 is not on the map",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("victory.victory_hexes[1]".into()),
        "\"Prussia\"",
    );
}

#[test]
fn validate_woods_road_leading_off_the_map() {
    let (s, mut m) = waterloo();
    // 2301 is woods on the north edge; a road out through its north side
    // goes nowhere. The Brussels road out of 1001 is fine: 1001 is an exit.
    let side = m.grid().hexside(h("2301"), Dir::N).expect("side");
    m.hexsides
        .entry(side)
        .or_default()
        .insert(HexsideFeature::Road);
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Warning,
        Location::Hexside(side),
        "leads off the map",
    );
    assert_eq!(issues.len(), 1, "{issues:?}");
}

#[test]
fn validate_crt_missing_cells() {
    let (mut s, m) = waterloo();
    s.crt.rows[2].results.pop();
    s.crt.rows.remove(5);
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("crt.rows[2]".into()),
        "die roll 3 has 9 results for 10",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("crt.rows".into()),
        "no row for die roll 6",
    );
    let (mut s, m) = waterloo();
    s.crt.columns.swap(0, 1);
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Field("crt.columns[1]".into()),
        "worst to best",
    );
}

#[test]
fn validate_variant_codes_and_units() {
    let (mut s, m) = waterloo();
    s.variants[0].tables[0].chits[0].code = 7;
    s.variants[0].tables[1].chits[4].changes[0]
        .units
        .push("999".into());
    let issues = validate(&s, &m);
    let t0 = Location::Field("variants[0].tables[0]".into());
    let t1 = Location::Field("variants[0].tables[1]".into());
    assert_issue(&issues, Severity::Error, t0.clone(), "chit code 7");
    assert_issue(&issues, Severity::Warning, t0, "has no chit 1");
    assert_issue(
        &issues,
        Severity::Error,
        t1,
        "names unit 999, which does not exist",
    );
}

#[test]
fn validate_map_size() {
    let (s, mut m) = waterloo();
    m.columns = 0;
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Field("map.columns".into()),
        "at least one column",
    );
    m.columns = 5000;
    m.rows = 5000;
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("map.columns".into()),
        "largest supported map",
    );
}

#[test]
fn validate_terrain_rows_and_codes() {
    let (s, mut m) = waterloo();
    m.terrain[3].push('.');
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Field("map.terrain[3]".into()),
        "row 04 has 24 hexes",
    );
    let (s, mut m) = waterloo();
    m.set_code(h("0505"), 'X');
    m.set_code(h("0606"), 'X');
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Hex(h("0505")),
        "code 'X', which no terrain kind defines (and 1 more",
    );
    let (s, mut m) = waterloo();
    m.terrain_kinds[1].code = '.';
    assert_issue(
        &validate(&s, &m),
        Severity::Error,
        Location::Field("map.terrain_kinds[1]".into()),
        "used by two",
    );
}

#[test]
fn validate_sides_turns_and_thresholds() {
    let (mut s, m) = waterloo();
    s.turns = 0;
    s.sides.truncate(1);
    s.victory.loss_thresholds[0].points = 0;
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("turns".into()),
        "0 Game-Turns",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("sides".into()),
        "needs two sides",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("victory.loss_thresholds[0]".into()),
        "is 0 points",
    );
}

#[test]
fn issue_lines_read_well() {
    let (mut s, m) = waterloo();
    unit_mut(&mut s, "206").placement = Placement::Start(h("1013"));
    let issues = validate(&s, &m);
    let line = issues[0].to_string();
    assert_eq!(
        line,
        "unit 206: error: British Infantry (206) starts on 1013: 1013 is woods without a road: units may enter it only across a road hexside [4.2]"
    );
}

/// Edits applied to the Waterloo text by the fuzz test.
#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
    Truncate(usize),
    Swap(usize, usize),
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut b: Vec<char> = text.chars().collect();
    let n = b.len();
    match m {
        Mutation::Delete(at, len) => {
            let at = at % n;
            let end = (at + len).min(n);
            b.drain(at..end);
        }
        Mutation::Insert(at, s) => {
            let at = at % n;
            for (i, c) in s.chars().enumerate() {
                b.insert(at + i, c);
            }
        }
        Mutation::Replace(at, c) => b[at % n] = *c,
        Mutation::Truncate(at) => b.truncate(at % n),
        Mutation::Swap(x, y) => b.swap(x % n, y % n),
    }
    b.into_iter().collect()
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let tokens = prop::sample::select(vec![
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "\"",
        "'",
        "0",
        "-1",
        "99999999999",
        "\"0914\"",
        "Start(\"0101\")",
        "Some(",
        "None",
        "true",
        "1e99",
        "\u{fffd}",
        "//",
        "/*",
        "r#\"",
        "\\",
        "Variant(entry: [])",
        "Inline(",
        "File(\"x\")",
        "version: 2,",
        "-",
    ]);
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(a, l)| Mutation::Delete(a, l)),
        (any::<usize>(), tokens).prop_map(|(a, t)| Mutation::Insert(a, t.to_string())),
        (any::<usize>(), any::<char>()).prop_map(|(a, c)| Mutation::Replace(a, c)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Loading never panics, whatever the damage; what loads validates
    /// without panicking too.
    #[test]
    fn mutated_waterloo_never_panics(muts in prop::collection::vec(mutation(), 1..4)) {
        let mut text = WATERLOO.to_string();
        for m in &muts {
            if !text.is_empty() {
                text = apply(&text, m);
            }
        }
        let map = parse_map(WATERLOO_MAP, "m.ron").expect("map parses");
        if let Ok(s) = parse_scenario(&text, "w.ron") {
            let m = match &s.map { MapSource::Inline(m) => (**m).clone(), MapSource::File(_) => map };
            let _ = validate(&s, &m);
            // What Vedette writes always loads again (issue 16, item 5).
            let written = scenario_to_ron(&s);
            let again = parse_scenario(&written, "again.ron");
            prop_assert!(again.is_ok(), "{:?}\n{written}", again.err());
            prop_assert_eq!(again.ok(), Some(s));
        }
    }

    #[test]
    fn mutated_map_never_panics(muts in prop::collection::vec(mutation(), 1..4)) {
        let mut text = WATERLOO_MAP.to_string();
        for m in &muts {
            if !text.is_empty() {
                text = apply(&text, m);
            }
        }
        if let Ok(m) = parse_map(&text, "m.ron") {
            let _ = validate_map(&m);
            let written = map_to_ron(&m);
            let again = parse_map(&written, "again.ron");
            prop_assert!(again.is_ok(), "{:?}\n{written}", again.err());
            prop_assert_eq!(again.ok(), Some(m));
        }
    }
}

#[test]
fn generated_large_scenarios_are_valid() {
    let (s, m) = generate::large_scenario(200, 200, 2000, 7);
    let issues = validate(&s, &m);
    assert!(
        errors(&issues).is_empty(),
        "{:?}",
        &issues[..issues.len().min(5)]
    );
    assert_eq!(s.units.len(), 2000);
    let text = scenario_to_ron(&s);
    assert_eq!(parse_scenario(&text, "big.ron").expect("round trip"), s);
}

#[test]
fn issue18_a_generated_box_scenario_has_only_the_grid_error() {
    let grid = crate::hex::Grid::new(crate::hex::Orientation::Boxes, crate::hex::Stagger::Even);
    let (s, m) = generate::large_scenario_on(grid, 60, 40, 200, 3);
    let issues = validate(&s, &m);
    let errs = errors(&issues);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].message.contains("played on hexes"), "{errs:?}");
}

/// Issue 16, item 2: every number the model accepts is bounded to what the
/// engine can use, with the limit in a located message.
#[test]
fn issue16_item2_numbers_are_bounded_with_located_messages() {
    let (mut s, mut m) = waterloo();
    m.terrain_kinds[0].movement = MovementRule::Cost(4_294_967_295);
    m.terrain_kinds[1].defence_multiplier = 1_000;
    m.hexside_effects.ford = Crossing::Extra(500);
    s.victory.loss_thresholds[0].points = u32::MAX;
    s.crt.columns[9] = Odds::new(1_000, 1);
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("map.terrain_kinds[0]".into()),
        "costs 4294967295 movement points to enter: at most 99",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("map.terrain_kinds[1]".into()),
        "at most 10",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("map.hexside_effects.ford".into()),
        "at most 99",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("victory.loss_thresholds[0]".into()),
        "at most 9999999",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Field("crt.columns[9]".into()),
        "up to 99:1",
    );
}

/// Issue 16, item 15: a force may list only its own side's units, once.
#[test]
fn issue16_item15_a_force_listing_another_sides_unit_is_an_error() {
    let (mut s, m) = waterloo();
    let french = s.units[0].id.clone();
    let allied = s
        .units
        .iter()
        .find(|u| u.side.as_str() == "Allied")
        .map(|u| u.id.clone())
        .expect("an allied unit");
    s.sides[0].forces.push(Force {
        name: "I Corps".into(),
        leader: None,
        units: vec![french.clone(), allied.clone()],
    });
    s.sides[0].forces.push(Force {
        name: "II Corps".into(),
        leader: None,
        units: vec![french.clone()],
    });
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit(allied),
        "belongs to side \"Allied\"",
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Unit(french),
        "listed in two forces",
    );
}

/// Issue 16, item 15: a loss threshold above a side's whole strength can
/// never be reached (the default 40 on a small new scenario).
#[test]
fn issue16_item15_an_unreachable_loss_threshold_is_reported() {
    let s = parse_scenario(TUTORIAL, "t.ron").expect("tutorial");
    let m = match &s.map {
        MapSource::Inline(m) => (**m).clone(),
        MapSource::File(_) => unreachable!("inline"),
    };
    let mut s2 = s.clone();
    s2.victory.loss_thresholds[0].points = 40;
    let total: u32 = s
        .units
        .iter()
        .filter(|u| u.side.as_str() == "French")
        .map(|u| u.strength)
        .sum();
    assert!(total < 40);
    let issues = validate(&s2, &m);
    assert_issue(
        &issues,
        Severity::Warning,
        Location::Field("victory.loss_thresholds[0]".into()),
        &format!("has only {total} in all: the threshold can never be reached"),
    );
    assert!(
        validate(&s, &m)
            .iter()
            .all(|i| !i.message.contains("never be reached"))
    );
}

/// Issue 16, item 15: what Napoleon at Waterloo ignores is named in a
/// warning: victory hexes, hills and elevation, facing, forces, a second
/// exit condition; bridges and fords with no river have no effect.
#[test]
fn issue16_item15_data_the_rule_set_ignores_is_warned_about() {
    let (mut s, mut m) = waterloo();
    s.victory.victory_hexes.push(VictoryHex {
        hex: h("1010"),
        side: "French".into(),
        points: 5,
    });
    s.units[0].facing = Some(Dir::N);
    m.hexes.insert(
        h("1010"),
        HexDetail {
            elevation: 2,
            stronghold: false,
            hill: true,
        },
    );
    let side = m.grid().hexside(h("1010"), Dir::N).expect("side");
    m.hexsides.insert(side, [HexsideFeature::Bridge].into());
    let issues = validate(&s, &m);
    let warn = |loc: &str, text: &str| {
        assert_issue(
            &issues,
            Severity::Warning,
            Location::Field(loc.into()),
            text,
        )
    };
    warn(
        "victory.victory_hexes",
        "1 victory hex is drawn and printed, but the Napoleon at Waterloo rules ignore it",
    );
    warn(
        "units",
        "1 unit has a facing, but the Napoleon at Waterloo rules ignore it",
    );
    warn("map.hexes", "1 hex has hills");
    warn("map.hexes", "1 hex has an elevation");
    assert_issue(
        &issues,
        Severity::Warning,
        Location::Hexside(side),
        "crosses no river",
    );
    assert!(errors(&issues).is_empty());
}

// The Napoleon hex miniatures rules (issue 17, item 2).

const SAINT_AUBIN: &str = include_str!("../../scenarios/saint-aubin.ron");
const SAINT_AUBIN_MAP: &str = include_str!("../../maps/saint-aubin.ron");

fn saint_aubin() -> (Scenario, Map) {
    let s = parse_scenario(SAINT_AUBIN, "saint-aubin.ron").expect("parses");
    let m = parse_map(SAINT_AUBIN_MAP, "saint-aubin-map.ron").expect("map parses");
    (s, m)
}

#[test]
fn napoleon_scenario_validates_and_keeps_every_option_default() {
    let (s, m) = saint_aubin();
    let issues = validate(&s, &m);
    assert!(issues.is_empty(), "{issues:?}");
    let RuleSet::Napoleon(o) = &s.rules else {
        panic!("Saint-Aubin is a Napoleon scenario");
    };
    let mut expected = NapoleonOptions {
        turn_limit: Some(12),
        ..NapoleonOptions::default()
    };
    assert_eq!(**o, expected);
    // Every option and Vedette default is written out for the designer to
    // see, and reads back the same.
    let text = scenario_to_ron(&s);
    for field in [
        "final_step_each_impulse: false",
        "zoc_hexes: all_adjacent",
        "cossack: 5",
    ] {
        assert!(text.contains(field), "{field}");
    }
    expected.troops.movement.infantry = 3;
    assert_ne!(**o, expected);
    assert_eq!(parse_scenario(&text, "again.ron").expect("reads back"), s);
}

#[test]
fn napoleon_set_up_errors_are_located_and_cite_their_section() {
    let (base, m) = saint_aubin();
    let err = Severity::Error;
    let unit = |id: &str| Location::Unit(id.into());

    // No General [0.5] (N12).
    let mut s = base.clone();
    s.sides[0].army = None;
    assert_issue(
        &validate(&s, &m),
        err,
        field_loc("sides[0].army"),
        "no army: each army has one General [0.5]",
    );
    // A General rated 5 [1.1]; a leader rated +2 [1.2].
    let mut s = base.clone();
    if let Some(a) = &mut s.sides[1].army {
        a.general.command_factor = 5;
    }
    s.sides[1].forces[0].leader.as_mut().expect("leader").factor = 2;
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        err,
        field_loc("sides[1].army"),
        "rated 1 to 4 [1.1]",
    );
    assert_issue(
        &issues,
        err,
        field_loc("sides[1].forces[0]"),
        "-1, 0 or +1 [1.2]",
    );
    // A force without a leader; a unit in no force; in two; another side's.
    let mut s = base.clone();
    s.sides[0].forces[1].leader = None;
    s.sides[0].forces[0].units.retain(|u| u.as_str() != "f3");
    s.sides[0].forces[2].units.push("f1".into());
    s.sides[1].forces[2].units.push("f2".into());
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        err,
        field_loc("sides[0].forces[1]"),
        "has no leader: each force is one leader and its units [0.5]",
    );
    assert_issue(&issues, err, unit("f3"), "belongs to no force");
    assert_issue(&issues, err, unit("f1"), "listed in two forces");
    assert_issue(&issues, err, unit("f2"), "belongs to side \"French\"");
    // Factors out of the printed ranges [1.3][1.4].
    let mut s = base.clone();
    unit_mut(&mut s, "f1").strength = 8;
    unit_mut(&mut s, "f8").strength = 2;
    let issues = validate(&s, &m);
    assert_issue(&issues, err, unit("f1"), "infantry is rated 2 to 7 [1.3]");
    assert_issue(&issues, err, unit("f8"), "cavalry is rated 3 to 7 [1.4]");
    // Facing: missing, or a direction a flat-top map does not have [3.7.2.6].
    let mut s = base.clone();
    unit_mut(&mut s, "f1").facing = None;
    unit_mut(&mut s, "f2").facing = Some(Dir::E);
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        err,
        unit("f1"),
        "has no facing: every unit faces one hexside [3.7.2.6]",
    );
    assert_issue(
        &issues,
        err,
        unit("f2"),
        "faces E, which a FlatTop map does not have",
    );
    // Cavalry and artillery in woods [3.8.6]; cavalry in a town and on its
    // outskirts [3.8.1.1]; anyone in the stream [3.8.2].
    let mut s = base.clone();
    unit_mut(&mut s, "f8").placement = Placement::Start(h("1403"));
    unit_mut(&mut s, "f10").placement = Placement::Start(h("1503"));
    unit_mut(&mut s, "f9").placement = Placement::Start(h("1106"));
    unit_mut(&mut s, "f7").placement = Placement::Start(h("1206"));
    unit_mut(&mut s, "f3").placement = Placement::Start(h("0308"));
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        err,
        unit("f8"),
        "woods, impassable to cavalry and artillery [3.8.6]",
    );
    assert_issue(
        &issues,
        err,
        unit("f10"),
        "woods, impassable to cavalry and artillery [3.8.6]",
    );
    assert_issue(
        &issues,
        err,
        unit("f9"),
        "a town, which only infantry and officers may occupy [3.8.1.1]",
    );
    assert_issue(&issues, err, unit("f7"), "outskirts of the town at 1107");
    assert_issue(
        &issues,
        err,
        unit("f3"),
        "a river, crossed only at fords and bridges [3.8.2]",
    );
    // Stacking [3.7.2.1]: two infantry; two forces; a General with troops;
    // an attached gun facing away from its host [3.7.2.9.1].
    let mut s = base.clone();
    unit_mut(&mut s, "f3").placement = Placement::Start(h("0604"));
    unit_mut(&mut s, "f6").placement = Placement::Start(h("0403"));
    if let Some(a) = &mut s.sides[1].army {
        a.general.hex = Some(h("0711"));
    }
    unit_mut(&mut s, "f4").facing = Some(Dir::N);
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        err,
        Location::Hex(h("0604")),
        "2 infantry and cavalry units: one at most [3.7.2.1]",
    );
    assert_issue(
        &issues,
        err,
        Location::Hex(h("0403")),
        "2 infantry and cavalry units",
    );
    assert_issue(
        &issues,
        err,
        Location::Hex(h("0711")),
        "a General stands alone in his hex [3.7.2.1]",
    );
    assert_issue(&issues, err, unit("f4"), "must face as it does [3.7.2.9.1]");
    // Initiative ties need a side when no army is French [3.3] (N34).
    let mut s = base.clone();
    if let Some(a) = &mut s.sides[0].army {
        a.nation = "Austria".into();
    }
    assert_issue(
        &validate(&s, &m),
        err,
        field_loc("rules.initiative_tie_side"),
        "no single French army",
    );
    // Napoleon at Waterloo warns about what it ignores of all this.
    let mut s = base.clone();
    s.rules = RuleSet::default();
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Warning,
        field_loc("units"),
        "units have a facing, but the Napoleon at Waterloo rules ignore them",
    );
}

fn field_loc(p: &str) -> Location {
    Location::Field(p.to_string())
}

/// Options the Napoleon engine does not play yet are warned about, not
/// silently ignored (issue 17).
#[test]
fn napoleon_options_are_all_played_and_none_is_warned_about() {
    // Every option of RULINGS-NAPOLEON is played by the engine, so setting
    // one is never "silently ignored" (N2, N7, N33, N77, N87, N91, N93).
    let (mut s, m) = saint_aubin();
    use crate::rules::napoleon::model as napoleon;
    assert!(validate(&s, &m).is_empty());
    if let RuleSet::Napoleon(o) = &mut s.rules {
        o.front_arc = napoleon::FrontArc::HalfPlane;
        o.road_bonus = 1;
        o.village_points = napoleon::VillagePoints::Controlled;
        o.max_pursuits = 2;
        o.maneuver_order = napoleon::ManeuverOrder::AlternateForces;
        o.vulnerable_rule = napoleon::VulnerableRule::Both;
        o.gun_when_host_eliminated = napoleon::GunWhenHostEliminated::EvasionRoll;
    }
    let issues = validate(&s, &m);
    assert!(issues.is_empty(), "{issues:?}");
}

#[test]
fn issue19_a_crt_on_a_napoleon_scenario_is_warned_about() {
    // The Napoleon rules fight one-to-one melees [3.7.3]: a CRT is never
    // read, so it is not silently accepted.
    let (mut s, m) = saint_aubin();
    s.crt = crate::rules::naw::model::crt();
    let issues = validate(&s, &m);
    assert_issue(
        &issues,
        Severity::Warning,
        field_loc("crt"),
        "the scenario has a Combat Results Table, but the Napoleon rules ignore it: one-to-one melee [3.7.3] decides combat",
    );
    assert!(errors(&issues).is_empty());
}

// Issue 18: box grids.

fn blank_boxes() -> Map {
    parse_map(BLANK_BOXES, "blank-boxes-12x8.ron").expect("the blank box map parses")
}

#[test]
fn issue18_the_shipped_box_map_is_valid_and_round_trips() {
    let m = blank_boxes();
    assert!(m.grid().is_boxes());
    assert!(validate_map(&m).is_empty(), "{:?}", validate_map(&m));
    assert_eq!(m.hexes_on_map().count(), 12 * 8);
    assert_eq!(map_file(&m), BLANK_BOXES);
    // Files written before box grids still read as hex maps.
    let old = parse_map(BLANK, "blank.ron").expect("blank parses");
    assert!(!old.grid().is_boxes());
}

#[test]
fn issue18_item5_hex_rules_refuse_a_box_map_naming_the_rule_set() {
    let m = blank_boxes();
    for rules in [
        RuleSet::NapoleonAtWaterloo(Default::default()),
        RuleSet::Napoleon(Default::default()),
    ] {
        let name = rules.support().name;
        let mut s = waterloo().0;
        s.rules = rules;
        s.units.clear();
        s.map = MapSource::Inline(Box::new(m.clone()));
        let issues = validate(&s, &m);
        assert_issue(
            &issues,
            Severity::Error,
            field_loc("map.orientation"),
            &format!("the {name} rules are played on hexes"),
        );
        assert!(
            crate::engine::validation_errors(&s, &m).is_some(),
            "the engine would build a {name} board on boxes"
        );
    }
}

#[test]
fn issue18_item2_validation_speaks_of_boxes_on_a_box_map() {
    let mut m = blank_boxes();
    m.places.push(Place {
        name: "Nowhere".into(),
        hexes: vec![h("2020")],
    });
    m.hexsides
        .entry("0303/NE".parse().expect("key"))
        .or_default()
        .insert(HexsideFeature::Road);
    m.hexsides
        .entry("0304/SE".parse().expect("key"))
        .or_default()
        .insert(HexsideFeature::River);
    let issues = validate_map(&m);
    assert_issue(
        &issues,
        Severity::Warning,
        Location::Hex(h("2020")),
        "place \"Nowhere\" is labelled at 2020, which is not on the map",
    );
    // H33: a road may cross a box corner; a river may not.
    assert!(
        !issues
            .iter()
            .any(|i| i.location == Location::Hexside("0303/NE".parse().expect("key"))),
        "{issues:?}"
    );
    assert_issue(
        &issues,
        Severity::Error,
        Location::Hexside("0304/SE".parse().expect("key")),
        "0304/SE is a box corner: only a road crosses a corner; a river lies along a box side (N, E, S or W) (H33)",
    );
    m.terrain[0].push('.');
    let text: Vec<String> = validate_map(&m).iter().map(|i| i.message.clone()).collect();
    assert!(
        text.iter().all(|t| !t.contains("hex")),
        "a box map's issues speak of hexes: {text:?}"
    );
    assert!(text.iter().any(|t| t.contains("box")), "{text:?}");
}

#[test]
fn issue18_box_words_keep_backticked_text_and_whole_words() {
    assert_eq!(
        validate::box_words("Hexes and hexsides at `hexes` near a hexagon; hex 0101"),
        "Boxes and box sides at `hexes` near a hexagon; box 0101"
    );
}

/// Issue 19, item 2: the town outskirts the editor draws are the hexes
/// N92 keeps cavalry out of, and none when the option is off.
#[test]
fn n92_the_outskirts_shown_are_the_hexes_cavalry_may_not_stand_on() {
    let (mut s, m) = saint_aubin();
    let out = match &s.rules {
        RuleSet::Napoleon(o) => o.outskirts(&m),
        _ => panic!("Saint-Aubin is a Napoleon scenario"),
    };
    let town = m
        .hexes_on_map()
        .find(|&h| m.code_at(h) == Some('T'))
        .expect("a town");
    assert!(!out.contains(&town));
    let grid = m.grid();
    for n in grid.neighbours(town) {
        if m.is_on_map(n) && m.code_at(n) != Some('T') {
            assert!(out.contains(&n), "{n} next to the town at {town}");
            assert!(s.rules.is_outskirts(&m, n));
        }
    }
    assert!(s.rules.has_outskirts(&m));
    // Every outskirts hex is refused to a cavalry unit set up there, with
    // N92 cited.
    let cav = s
        .units
        .iter()
        .position(|u| u.kind == UnitKind::Cavalry)
        .expect("a cavalry unit");
    let spot = *out.iter().next().expect("outskirts");
    s.units[cav].placement = Placement::Start(spot);
    let issues = validate(&s, &m);
    assert!(
        issues
            .iter()
            .any(|i| i.message.contains("outskirts") && i.message.contains("N92")),
        "{issues:?}"
    );
    if let RuleSet::Napoleon(o) = &mut s.rules {
        o.cavalry_barred_from_outskirts = false;
    }
    assert!(!s.rules.has_outskirts(&m));
    assert!(!RuleSet::NapoleonAtWaterloo(Default::default()).has_outskirts(&m));
}

#[test]
fn issue35_item21_n14_napoleon_shows_and_warns_about_the_movement_it_uses() {
    let (mut s, m) = saint_aubin();
    let inf = s
        .units
        .iter()
        .position(|u| u.kind == UnitKind::Infantry)
        .expect("an infantry unit");
    let strength = s.units[inf].strength;
    assert_eq!(s.rules.unit_movement(&s.units[inf]), Some((2, false)));
    assert!(
        !validate(&s, &m)
            .iter()
            .any(|i| i.message.contains("troop table (N14)")),
        "the shipped units carry the table's numbers"
    );
    // A unit given 6 still moves 2 (the troop table): the counter says 2,
    // and the check says its own number is ignored.
    s.units[inf].movement = 6;
    assert_eq!(
        s.rules.counter_label(&s.units[inf]),
        format!("{strength}-2")
    );
    let id = s.units[inf].id.clone();
    assert_issue(
        &validate(&s, &m),
        Severity::Warning,
        Location::Unit(id),
        "rules ignore: a unit moves by its type's allowance in the troop table (N14), 2 for infantry",
    );
    // Napoleon at Waterloo reads the unit's own number.
    let w = parse_scenario(include_str!("../../scenarios/waterloo.ron"), "w.ron").expect("parses");
    let u = &w.units[0];
    assert_eq!(w.rules.unit_movement(u), Some((u.movement, true)));
    assert_eq!(w.rules.counter_label(u), u.factors());
}
