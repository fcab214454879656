//! Mutation fuzzing of every file kind (issue 35, "Files from elsewhere"):
//! scenarios of every rule set, maps, army lists, orders of battle,
//! deployment logs and game logs of every rule set are damaged as text
//! (hostile numbers in place of real ones, lines dropped, doubled or
//! swapped, tokens inserted, bytes cut) and sent through what Vedette does
//! with them: load, validate, play, print, replay, deploy. No case may
//! panic, abort or allocate absurdly (the allocator of `common/fuzz.rs`
//! refuses absurd sizes); whatever is written reads back; a deployment
//! that ends gives a scenario `validate` accepts.
//!
//! Cases come from a fixed seed, so a failure names a case that can be
//! replayed. `cargo test` runs 5,000 (sized for CI);
//! `VEDETTE_FUZZ_FILES=200000` (or any count) is the longer sweep.

#[path = "common/fuzz.rs"]
mod fuzz;

use fuzz::{Rng, mutate_text, play};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use vedette::ai::{Computer, PlayerKind};
use vedette::engine::{self, Dice, Game, GameLog};
use vedette::rules::napoleon::engine::deploy::DeploymentLog;
use vedette::rules::napoleon::model::NapoleonOptions;
use vedette::rules::napoleon::model::pickup::{
    ArmyList, OrderOfBattle, parse_army_list, parse_order,
};
use vedette::rules::napoleon::player::pickup::{build_order, deploy_by_computers};
use vedette::rules::{self, Visit};
use vedette::scenario::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scenario with its map inline, as text and parsed.
struct Seed {
    name: &'static str,
    text: String,
    scenario: Scenario,
    map: Map,
    /// The map on its own, as a map file.
    map_text: String,
    /// A game of a few dozen commands on it, as a game log.
    log_text: String,
}

/// The undamaged files every case starts from, made once.
struct Seeds {
    scenarios: Vec<Seed>,
    lists: [(String, ArmyList); 2],
    orders: [(String, OrderOfBattle); 2],
    deployment: String,
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).expect("a shipped file")
}

fn pretty<T: serde::Serialize>(v: &T) -> String {
    ron::ser::to_string_pretty(v, ron::ser::PrettyConfig::default()).expect("serialises")
}

/// A computer-against-computer game's log.
struct LogOf<'a> {
    s: &'a Scenario,
    m: &'a Map,
}

impl Visit for LogOf<'_> {
    type Output = String;
    fn visit<R: Computer>(self) -> String {
        let mut game: Game<R> =
            Game::new(self.s, self.m, 11, R::batch_setup(false)).expect("playable");
        let know = R::knowledge(Arc::clone(game.board()));
        let tuning = R::Tuning::default();
        let mut players = [
            R::computer(PlayerKind::Heuristic, &know, &tuning, 1),
            R::computer(PlayerKind::Random, &know, &tuning, 2),
        ];
        while game.log().entries.len() < 30 && !game.is_over() {
            let side = game.to_act() as usize & 1;
            let Some(cmd) = players[side].choose(&game.state) else {
                break;
            };
            game.execute(&cmd).expect("legal");
        }
        pretty(&game.log())
    }
}

fn seed(name: &'static str, scenario_text: &str, map_text: Option<String>) -> Seed {
    let mut scenario = parse_scenario(scenario_text, name).expect("a shipped scenario");
    let map = match (&scenario.map, map_text) {
        (MapSource::Inline(m), _) => (**m).clone(),
        (MapSource::File(_), Some(t)) => parse_map(&t, name).expect("its map"),
        (MapSource::File(_), None) => panic!("{name}: no map"),
    };
    scenario.map = MapSource::Inline(Box::new(map.clone()));
    let log_text = rules::dispatch(
        &scenario.rules.clone(),
        LogOf {
            s: &scenario,
            m: &map,
        },
    );
    Seed {
        name,
        text: scenario_to_ron(&scenario),
        map_text: map_to_ron(&map),
        scenario,
        map,
        log_text,
    }
}

fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let lists = ["britain-1815", "france-1813"].map(|n| {
            let text = read(&format!("scenarios/armies/{n}.ron"));
            let list = parse_army_list(&text, n).expect("a shipped list");
            (text, list)
        });
        let options = NapoleonOptions::default();
        let mut dice = Dice::new(3);
        let orders = [0, 1].map(|i| {
            let o = build_order(&lists[i].1, 300, &options, &mut dice).expect("an order");
            (pretty(&o), o)
        });
        let log = DeploymentLog {
            version: 1,
            seed: 3,
            names: [lists[0].1.name.clone(), lists[1].1.name.clone()],
            colours: [Colour(0x2f, 0x5a, 0xa8), Colour(0xb0, 0x30, 0x30)],
            lists: [lists[0].1.clone(), lists[1].1.clone()],
            orders: [orders[0].1.clone(), orders[1].1.clone()],
            options,
            commands: Vec::new(),
            end: None,
        };
        let (d, played) = deploy_by_computers(log).expect("deploys");
        let deployment = pretty(&played.sealed().expect("seals"));
        let pickup = scenario_to_ron(&d.scenario());
        let scenarios = vec![
            seed(
                "waterloo.ron",
                &read("scenarios/waterloo.ron"),
                Some(read("maps/waterloo.ron")),
            ),
            seed(
                "saint-aubin.ron",
                &read("scenarios/saint-aubin.ron"),
                Some(read("maps/saint-aubin.ron")),
            ),
            seed(
                "waterloo-one-hour.ron",
                &read("scenarios/waterloo-one-hour.ron"),
                Some(read("maps/waterloo-boxes.ron")),
            ),
            seed("tutorial.ron", &read("scenarios/tutorial.ron"), None),
            seed("quatre-bras.ron", &read("scenarios/quatre-bras.ron"), None),
            seed(
                "hits16-tutorial.ron",
                &read("scenarios/hits16-tutorial.ron"),
                None,
            ),
            seed("pickup.ron", &pickup, None),
        ];
        Seeds {
            scenarios,
            lists,
            orders,
            deployment,
        }
    })
}

/// Numbers a file from elsewhere may hold where a small one belongs.
const HOSTILE: [&str; 16] = [
    "0",
    "-1",
    "1",
    "255",
    "60000",
    "65536",
    "2147483647",
    "-2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999",
    "1e308",
    "NaN",
    "inf",
    "-0.5",
];

/// One of the text's numbers replaced by a hostile one, or (`small`) by
/// an ordinary one that may well pass every check.
fn mutate_number(rng: &mut Rng, text: &str, small: bool) -> String {
    let b = text.as_bytes();
    let mut starts = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let s = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            let mut e = i;
            while e < b.len() && (b[e].is_ascii_digit() || b[e] == b'.') {
                e += 1;
            }
            starts.push((s, e));
            i = e;
        } else {
            i += 1;
        }
    }
    if starts.is_empty() {
        return text.to_string();
    }
    let (s, e) = starts[rng.below(starts.len())];
    let number = if small {
        rng.below(13).to_string()
    } else {
        HOSTILE[rng.below(HOSTILE.len())].to_string()
    };
    format!("{}{number}{}", &text[..s], &text[e..])
}

/// A line dropped, doubled, or two lines swapped.
fn mutate_lines(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.len() < 2 {
        return text.to_string();
    }
    let a = rng.below(lines.len());
    match rng.below(3) {
        0 => {
            lines.remove(a);
        }
        1 => lines.insert(a, lines[a]),
        _ => {
            let b = rng.below(lines.len());
            lines.swap(a, b);
        }
    }
    lines.join("\n")
}

/// One damage, now and then two or three; numbers changed the likeliest
/// (they go furthest: the text still reads).
fn damage(rng: &mut Rng, text: &str) -> String {
    let mut t = text.to_string();
    let count = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3][rng.below(10)];
    for _ in 0..count {
        t = match rng.below(8) {
            0 => mutate_text(rng, &t),
            1 => mutate_lines(rng, &t),
            2..=4 => mutate_number(rng, &t, false),
            _ => mutate_number(rng, &t, true),
        };
    }
    t
}

/// Prints a scenario's setup sheet (now and then: a sheet costs more than
/// a few commands).
fn print(rng: &mut Rng, s: &Scenario, m: &Map) {
    if rng.chance(12) {
        let _ = vedette::export::sheet_pdf(s, m, vedette::sheet::Paper::A4, None, &mut |_, _| {});
    }
}

/// A scenario that `validate` accepts is played and printed.
fn use_scenario(rng: &mut Rng, s: &Scenario, m: &Map) -> bool {
    let again = parse_scenario(&scenario_to_ron(s), "again.ron");
    assert!(again.is_ok(), "written scenario does not load: {again:?}");
    if engine::validation_errors(s, m).is_some() {
        return false;
    }
    let heuristic = rng.chance(16);
    play(rng, s, m, heuristic);
    print(rng, s, m);
    true
}

/// A damaged game log replayed on its scenario: as it is (the end record
/// catches most damage), and without its end record (so the damaged
/// commands reach the engine).
struct Replay<'a> {
    s: &'a Scenario,
    m: &'a Map,
    text: &'a str,
}

impl Visit for Replay<'_> {
    type Output = bool;
    fn visit<R: Computer>(self) -> bool {
        let Ok(mut log) = from_ron::<GameLog<R>>(self.text, "game.ron") else {
            return false;
        };
        let whole = engine::replay(self.s, self.m, &log).is_ok();
        log.end = None;
        log.version = log.version.min(2);
        let played = engine::replay(self.s, self.m, &log).is_ok();
        whole || played
    }
}

/// A damaged deployment log: replayed as it is, and sealed afresh (so the
/// damage reaches the procedure). A procedure that ends gives a scenario
/// `validate` accepts, whose file reads back.
fn use_deployment(text: &str) -> bool {
    let Ok(log) = from_ron::<DeploymentLog>(text, "deployment.ron") else {
        return false;
    };
    let _ = log.replay();
    let Ok(sealed) = log.sealed() else {
        return false;
    };
    let Ok((d, _)) = sealed.replay() else {
        return false;
    };
    if d.is_done() {
        let s = d.scenario();
        assert_eq!(
            d.scenario_errors(),
            None,
            "a finished deployment is playable"
        );
        let again = parse_scenario(&scenario_to_ron(&s), "again.ron");
        assert!(again.is_ok(), "the battle does not read back: {again:?}");
    }
    true
}

/// A damaged army list or order of battle: checked, and when it passes,
/// built into an order and now and then deployed by the computers.
fn use_pickup(rng: &mut Rng, lists: [ArmyList; 2], orders: Option<[OrderOfBattle; 2]>) -> bool {
    let options = NapoleonOptions::default();
    if lists.iter().any(|l| !l.check().is_empty()) {
        return false;
    }
    let mut dice = Dice::new(rng.next());
    let orders = match orders {
        Some(o) => {
            if (0..2).any(|i| !lists[i].check_order(&o[i], &options).is_empty()) {
                return false;
            }
            o
        }
        None => {
            let points = [50, 300, 1000, 10_000][rng.below(4)];
            let built = [0, 1].map(|i| build_order(&lists[i], points, &options, &mut dice));
            let [Ok(a), Ok(b)] = built else {
                return false;
            };
            [a, b]
        }
    };
    let again = parse_order(&pretty(&orders[0]), "again.ron");
    assert!(again.is_ok(), "an order does not read back: {again:?}");
    if rng.chance(4) {
        let log = DeploymentLog {
            version: 1,
            seed: rng.next(),
            names: ["A".into(), "B".into()],
            colours: [Colour(0, 0, 200), Colour(200, 0, 0)],
            lists,
            orders,
            options,
            commands: Vec::new(),
            end: None,
        };
        if let Ok((d, played)) = deploy_by_computers(log) {
            assert_eq!(
                d.scenario_errors(),
                None,
                "a finished deployment is playable"
            );
            let sealed = played.sealed().expect("a played log seals");
            sealed.replay().expect("and replays");
        }
    }
    true
}

/// Case `case`: which file kind, damaged how, used how. Returns whether
/// the damaged file got past its checks into use.
fn run_case(case: u64) -> (usize, bool) {
    let mut rng = Rng(0xF11E_0035 ^ case.wrapping_mul(0x2545_f491_4f6c_dd1d));
    let kind = rng.below(8);
    (kind, run_kind(kind, &mut rng, true))
}

/// The file kinds, by the number `run_kind` takes.
const KINDS: [&str; 8] = [
    "scenario",
    "scenario",
    "map",
    "game log",
    "game log",
    "deployment log",
    "army list",
    "order of battle",
];

/// One case of file kind `kind`, its file damaged or (to check the
/// test itself) not.
fn run_kind(kind: usize, rng: &mut Rng, damaged: bool) -> bool {
    let seeds = seeds();
    let n = seeds.scenarios.len();
    let damage = |rng: &mut Rng, text: &str| {
        if damaged {
            damage(rng, text)
        } else {
            text.to_string()
        }
    };
    match kind {
        // A scenario of any rule set, its map inside.
        0 | 1 => {
            let seed = &seeds.scenarios[rng.below(n)];
            let text = damage(rng, &seed.text);
            let Ok(s) = parse_scenario(&text, seed.name) else {
                return false;
            };
            let MapSource::Inline(m) = s.map.clone() else {
                return false;
            };
            use_scenario(rng, &s, &m)
        }
        // A map file, under the scenario it belongs to.
        2 => {
            let seed = &seeds.scenarios[rng.below(n)];
            let text = damage(rng, &seed.map_text);
            let Ok(m) = parse_map(&text, "map.ron") else {
                return false;
            };
            assert!(
                parse_map(&map_to_ron(&m), "again.ron").is_ok(),
                "written map does not load"
            );
            use_scenario(rng, &seed.scenario, &m)
        }
        // A game log of any rule set.
        3 | 4 => {
            let seed = &seeds.scenarios[rng.below(n)];
            let text = damage(rng, &seed.log_text);
            rules::dispatch(
                &seed.scenario.rules.clone(),
                Replay {
                    s: &seed.scenario,
                    m: &seed.map,
                    text: &text,
                },
            )
        }
        // A deployment log.
        5 => {
            let text = damage(rng, &seeds.deployment);
            use_deployment(&text)
        }
        // An army list.
        6 => {
            let k = rng.below(2);
            let text = damage(rng, &seeds.lists[k].0);
            let Ok(list) = parse_army_list(&text, "list.ron") else {
                return false;
            };
            let mut lists = [seeds.lists[0].1.clone(), seeds.lists[1].1.clone()];
            lists[k] = list;
            use_pickup(rng, lists, None)
        }
        // An order of battle.
        _ => {
            let k = rng.below(2);
            let text = damage(rng, &seeds.orders[k].0);
            let Ok(order) = parse_order(&text, "order.ron") else {
                return false;
            };
            let mut orders = [seeds.orders[0].1.clone(), seeds.orders[1].1.clone()];
            orders[k] = order;
            let lists = [seeds.lists[0].1.clone(), seeds.lists[1].1.clone()];
            use_pickup(rng, lists, Some(orders))
        }
    }
}

/// Every kind of undamaged file gets into use: the test exercises more
/// than the readers.
#[test]
fn undamaged_files_of_every_kind_get_past_their_checks() {
    for kind in 0..8 {
        for k in 0..6 {
            let mut rng = Rng(k);
            assert!(run_kind(kind, &mut rng, false), "kind {kind}, seed {k}");
        }
    }
}

/// Cases the longer sweep once failed, kept in every run: a deployment
/// log naming force 18,446,744,073,709,551,615 overflowed the force's
/// number in its refusal (66867, 69981, 87569 of 100,000).
#[test]
fn cases_the_sweep_found_stay_fixed() {
    for case in [66_867, 69_981, 87_569] {
        run_case(case);
    }
}

fn cases() -> u64 {
    std::env::var("VEDETTE_FUZZ_FILES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000)
}

/// Cases `k`/4 of the sequence, so the test threads share them.
fn part(k: u64) {
    let n = cases();
    let (from, to) = (n * k / 4, n * (k + 1) / 4);
    let mut failures = Vec::new();
    let mut used = 0u64;
    let mut by_kind = std::collections::BTreeMap::<&str, (u64, u64)>::new();
    for case in from..to {
        match catch_unwind(AssertUnwindSafe(|| run_case(case))) {
            Ok((kind, got_in)) => {
                let e = by_kind.entry(KINDS[kind]).or_default();
                e.0 += 1;
                if got_in {
                    e.1 += 1;
                    used += 1;
                }
            }
            Err(p) => {
                failures.push(format!("case {case}: {}", fuzz::panic_message(&*p)));
            }
        }
    }
    eprintln!(
        "cases {from}..{to}: {used} got past their checks, {} failed; by kind (cases, in use): {by_kind:?}",
        failures.len()
    );
    fuzz::assert_no_failures(&failures, from, to);
    // A good share of damaged files must still get into use, or the
    // fuzzing says little past the readers and checks.
    // (Most damage is refused, as it should be: a changed number in a
    // game log's command or event stops the replay, and `validate`
    // refuses most hostile numbers.)
    assert!(
        used * 12 >= to - from,
        "only {used} of {} cases got past their checks",
        to - from
    );
    for (kind, (cases, in_use)) in &by_kind {
        assert!(
            *cases < 40 || *in_use > 0,
            "no damaged {kind} of {cases} got past its checks"
        );
    }
}

#[test]
fn issue35_fuzz_every_file_kind_part_1_of_4() {
    part(0);
}

#[test]
fn issue35_fuzz_every_file_kind_part_2_of_4() {
    part(1);
}

#[test]
fn issue35_fuzz_every_file_kind_part_3_of_4() {
    part(2);
}

#[test]
fn issue35_fuzz_every_file_kind_part_4_of_4() {
    part(3);
}
