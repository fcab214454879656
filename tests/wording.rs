//! Issue 35 item 28: the sentences a player reads (events, refusals, the
//! game summary) give a count of one its noun in the singular: no "1
//! units", "1 hits", "1 dice", "(1 boxes)", "deck of 1 cards", for every
//! rule set. Games of every shipped scenario are played by the computers
//! and every event's sentence, the refusal of commands that were legal a
//! moment before, and the summary are read.

use std::path::PathBuf;
use std::sync::Arc;
use vedette::ai::{Computer, PlayerKind};
use vedette::engine::Game;
use vedette::files;
use vedette::rulesets::{self, Visit};

/// A count of exactly one with a plural noun after it.
fn one_with_a_plural(text: &str) -> Option<String> {
    const PLURALS: [&str; 12] = [
        "units",
        "hits",
        "dice",
        "boxes",
        "cards",
        "hexes",
        "casualty points",
        "points",
        "shots",
        "charges",
        "strength points",
        "places were",
    ];
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        if *w != "1" {
            continue;
        }
        let rest = words[i + 1..].join(" ");
        if let Some(p) = PLURALS.iter().find(|p| {
            rest.strip_prefix(**p)
                .is_some_and(|r| r.is_empty() || !r.starts_with(char::is_alphanumeric))
        }) {
            return Some(format!("\"1 {p}\" in: {text}"));
        }
    }
    None
}

struct Read<'a> {
    loaded: &'a files::LoadedScenario,
}

impl Visit for Read<'_> {
    type Output = (usize, Vec<String>);
    fn visit<R: Computer>(self) -> (usize, Vec<String>) {
        let (s, m) = (&self.loaded.scenario, &self.loaded.map);
        let mut read = 0;
        let mut wrong = Vec::new();
        let mut look = |text: String| {
            if let Some(w) = one_with_a_plural(&text) {
                wrong.push(w);
            }
        };
        for seed in 0..3u64 {
            let mut game: Game<R> = Game::new(s, m, seed, R::batch_setup(false)).expect("playable");
            let board = Arc::clone(game.board());
            let know = R::knowledge(Arc::clone(&board));
            let tuning = R::Tuning::default();
            let mut players = [
                R::computer(PlayerKind::Heuristic, &know, &tuning, seed),
                R::computer(PlayerKind::Random, &know, &tuning, seed + 7),
            ];
            for _ in 0..400 {
                if game.is_over() {
                    break;
                }
                let before = R::legal_commands(&game.state);
                let side = game.to_act() as usize & 1;
                let Some(cmd) = players[side].choose(&game.state) else {
                    break;
                };
                let events = game.execute(&cmd).expect("legal").to_vec();
                for e in &events {
                    look(R::event_sentence(&board, e));
                    read += 1;
                }
                // What was legal a moment ago and is not now: refused in
                // words.
                for c in before.iter().take(6) {
                    if let Err(r) = game.check(c) {
                        look(R::refusal_sentence(&board, &r));
                        read += 1;
                    }
                }
            }
            look(R::summary(&game.state));
        }
        (read, wrong)
    }
}

#[test]
fn issue35_item28_a_count_of_one_takes_the_singular_in_every_rule_set() {
    assert!(
        one_with_a_plural("takes 1 hits").is_some(),
        "the test finds one"
    );
    assert!(one_with_a_plural("takes 1 hit, 2 hits").is_none());
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for name in ["waterloo", "saint-aubin", "waterloo-one-hour", "tutorial"] {
        let loaded =
            files::load_scenario(&root.join(format!("scenarios/{name}.ron"))).expect("loads");
        let (read, wrong) =
            rulesets::dispatch(&loaded.scenario.rules.clone(), Read { loaded: &loaded });
        eprintln!("{name}: {read} sentences read, {} wrong", wrong.len());
        assert!(read > 100, "{name}: only {read} sentences");
        all.extend(wrong.into_iter().map(|w| format!("{name}: {w}")));
    }
    all.sort();
    all.dedup();
    assert!(all.is_empty(), "{}", all.join("\n"));
}
