//! The heuristic *Napoleon* player against the random one, and its
//! choices in small positions.

use crate::ai::{PlayerKind, play_out};
use crate::engine::Game;
use crate::engine::GameEnd;
use crate::rules::napoleon::player::*;
use crate::scenario::{parse_map, parse_scenario};

fn saint_aubin() -> (crate::scenario::Scenario, crate::scenario::Map) {
    let s = parse_scenario(
        include_str!("../../../../scenarios/saint-aubin.ron"),
        "saint-aubin.ron",
    )
    .expect("parses");
    let m = parse_map(
        include_str!("../../../../maps/saint-aubin.ron"),
        "saint-aubin map",
    )
    .expect("parses");
    (s, m)
}

/// Plays `n` games heuristic against random, the heuristic on `side`;
/// returns (heuristic wins, draws, random wins).
fn match_up(n: u64, side: usize) -> (u32, u32, u32) {
    let (s, m) = saint_aubin();
    let mut tally = (0, 0, 0);
    for seed in 0..n {
        let mut game = Game::<Napoleon>::new(&s, &m, seed, ()).unwrap();
        let know = Napoleon::knowledge(game.board().clone());
        let mut h = Napoleon::computer(
            PlayerKind::Heuristic,
            &know,
            &NapoleonTuning::default(),
            seed + 1000,
        );
        let mut r = Napoleon::computer(
            PlayerKind::Random,
            &know,
            &NapoleonTuning::default(),
            seed + 2000,
        );
        let mut players: [&mut dyn Player<Napoleon>; 2] = if side == 0 {
            [h.as_mut(), r.as_mut()]
        } else {
            [r.as_mut(), h.as_mut()]
        };
        play_out(&mut game, &mut players, 200_000);
        match game.outcome() {
            Some(GameEnd::Win { side: w, .. }) if w as usize == side => tally.0 += 1,
            Some(GameEnd::Win { .. }) => tally.2 += 1,
            _ => tally.1 += 1,
        }
    }
    tally
}

#[test]
fn heuristic_beats_random_from_either_side() {
    // VEDETTE_AI_GAMES=200 plays a longer match (before resolving).
    let n: u64 = std::env::var("VEDETTE_AI_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let french = match_up(n, 0);
    let prussians = match_up(n, 1);
    eprintln!(
        "French heuristic: {french:?}; Prussian heuristic: {prussians:?} (wins, draws, losses)"
    );
    // Measured over 200 games (seeds 0-199): the French heuristic won
    // 195, drew 3, lost 2; the Prussian heuristic won 196, drew 3, lost
    // 1. The issue asks for 90 % from either side. (With the approach
    // weight at 1.0 the Prussians, who must cross the stream to an army
    // that may never come down to it, drew a fifth of their games.)
    assert!(f64::from(french.0) >= 0.9 * n as f64, "{french:?}");
    assert!(french.0 >= 4 * french.2.max(1), "{french:?}");
    assert!(f64::from(prussians.0) >= 0.9 * n as f64, "{prussians:?}");
    assert!(prussians.0 >= 4 * prussians.2.max(1), "{prussians:?}");
}

/// The batch `vedette simulate scenarios/saint-aubin.ron` plays (seed 1,
/// heuristic against heuristic): every game ends with a result. Game 1xx
/// once lost a unit to a gun in the middle of its force's move and the
/// player asked where the lost unit stood.
#[test]
fn a_heuristic_batch_of_the_shipped_scenario_finishes_every_game() {
    use crate::sim::{self, GameResult, SimConfig};
    let (s, m) = saint_aubin();
    let board =
        std::sync::Arc::new(<Napoleon as crate::engine::Rules>::board(&s, &m).expect("board"));
    let cfg = SimConfig::<Napoleon> {
        threads: 2,
        ..SimConfig::new(200, 1)
    };
    let games = sim::run(
        board,
        &cfg,
        &|_| {},
        &std::sync::atomic::AtomicBool::new(false),
    );
    assert_eq!(games.len(), 200);
    assert!(
        games.iter().all(|g| g.result != GameResult::Unfinished),
        "a game stopped at the command limit"
    );
    let decided = games
        .iter()
        .filter(|g| matches!(g.result, GameResult::Win(_)))
        .count();
    eprintln!("{decided} of 200 heuristic games decided");
    assert!(decided >= 100, "{decided}");
    // The rule set's own counts (issue 19, item 5): every game plays
    // impulses, and a side wins only when the other fails a break test
    // in the Final Step [4.1].
    let count = |g: &sim::GameSummary, name: &str, side: Option<u8>| {
        g.counters
            .iter()
            .find(|(n, s, _)| n == name && *s == side)
            .map(|c| c.2)
            .expect("the counter")
    };
    for g in &games {
        assert!(count(g, "impulses played", None) >= 1);
        if let GameResult::Win(w) = g.result {
            assert!(count(g, "break tests failed", Some(1 - w)) >= 1, "{g:?}");
        }
    }
    let report = sim::Report::new::<Napoleon>(
        &<Napoleon as crate::engine::Rules>::board(&s, &m).expect("board"),
        &games,
    );
    assert!(report.text().contains("break tests failed by Prussian"));
}

/// What the players know of Saint-Aubin's board (the French its first
/// side) and of the mirrored battle's.
fn saint_aubin_and_mirror_knowledge() -> [Arc<<Napoleon as Computer>::Knowledge>; 2] {
    let know_of = |s: &crate::scenario::Scenario, m: &crate::scenario::Map| {
        let game = Game::<Napoleon>::new(s, m, 1, ()).expect("plays");
        Napoleon::knowledge(game.board().clone())
    };
    let (s, m) = saint_aubin();
    assert_eq!(s.sides[0].name, "French");
    let mirror = crate::files::load_scenario(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mirror-napoleon.ron"),
    )
    .expect("loads");
    [know_of(&s, &m), know_of(&mirror.scenario, &mirror.map)]
}

/// Saint-Aubin's victory locations score for the Prussians only, so the
/// French have nothing for "objectives" to head for (it would be "as
/// tuned" again) and "patient" plays them worse than "as tuned": they
/// search "as tuned" against "entrenched" alone. The Prussians attack a
/// side that scores nothing, so "patient" would give the French the
/// turns they play for: they search "as tuned" against "assault" alone.
/// Both sides of the mirrored battle, where each scores a location, keep
/// the three temperaments.
#[test]
fn issue38_defender_searches_entrenched_attacker_assault_mirror_three_temperaments() {
    let t = NapoleonTuning::default();
    let names = |know: &Arc<Board>, side: u8| {
        Napoleon::portfolio(know, side, &t)
            .iter()
            .map(|p| p.name)
            .collect::<Vec<_>>()
    };
    let [know, mirror] = saint_aubin_and_mirror_knowledge();
    assert_eq!(names(&know, 0), ["as tuned", "entrenched"]);
    assert_eq!(names(&know, 1), ["as tuned", "assault"]);
    let assault = &Napoleon::portfolio(&know, 1, &t)[1].tuning;
    assert_eq!(
        assault.location_distance_factor,
        t.location_distance_factor / 6.0
    );
    let entrenched = &Napoleon::portfolio(&know, 0, &t)[1].tuning;
    assert_eq!(
        (
            entrenched.cover_weight,
            entrenched.approach_weight,
            entrenched.casualty_weight,
            entrenched.loss_weight,
            entrenched.alone_weight
        ),
        (
            t.cover_weight * 5.0,
            t.approach_weight * 0.5,
            t.casualty_weight * 3.0,
            t.loss_weight / 3.0,
            t.alone_weight / 3.0
        )
    );
    for side in 0..2 {
        assert_eq!(names(&mirror, side), ["as tuned", "patient", "objectives"]);
    }
}

/// Issue 38 (the search plays to the victory conditions): the rollout
/// improves on its base policy, so a side's playouts continue with the
/// temperament that plays it better all game. Saint-Aubin's French (no
/// location to score) continue "entrenched", its Prussians (the
/// attacker) "assault", and a turn leaves them only by a margin; on the
/// mirrored battle both continue as tuned, left on any better mean.
#[test]
fn issue38_search_playouts_continue_entrenched_or_assault_left_by_a_margin_mirror_as_tuned() {
    let t = NapoleonTuning::default();
    let base = |know: &Arc<Board>, side: u8| {
        Napoleon::portfolio(know, side, &t)[Napoleon::base_script(know, side)].name
    };
    let [know, mirror] = saint_aubin_and_mirror_knowledge();
    assert_eq!((base(&know, 0), base(&know, 1)), ("entrenched", "assault"));
    assert_eq!(
        (base(&mirror, 0), base(&mirror, 1)),
        ("as tuned", "as tuned")
    );
    // A turn leaves "entrenched" or "assault" only by a margin; "as
    // tuned" is left on any better mean.
    let margins = |know: &Arc<Board>| [0, 1].map(|side| Napoleon::base_margin(know, side));
    assert_eq!(margins(&know), [0.2, 0.2]);
    assert_eq!(margins(&mirror), [0.0, 0.0]);
}
