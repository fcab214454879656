//! Issue 35 item 34 (and item 37 for One Hour and pick-up battles): a game
//! log with one entry removed never replays as if nothing happened. Replay
//! checks each entry's events, the log's command count and the digest of
//! every command and event (the final position), so every one-entry
//! removal is refused, for every rule set, and a log of the older version
//! 2 (no end record) still replays.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use vedette::ai::{Computer, PlayerKind};
use vedette::engine::{self, Game, GameLog};
use vedette::files;
use vedette::rules::{self, Visit};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Plays `commands` commands of a computer-against-computer game, writes
/// its log, then replays the log with each entry removed in turn.
struct Tamper<'a> {
    loaded: &'a files::LoadedScenario,
    commands: usize,
}

/// (entries, removals refused, refused at the end record)
type Counts = (usize, usize, usize);

impl Visit for Tamper<'_> {
    type Output = Counts;
    fn visit<R: Computer>(self) -> Counts {
        let (s, m) = (&self.loaded.scenario, &self.loaded.map);
        let mut game: Game<R> = Game::new(s, m, 7, R::batch_setup(false)).expect("playable");
        let know = R::knowledge(Arc::clone(game.board()));
        let tuning = R::Tuning::default();
        let mut players = [
            R::computer(PlayerKind::Heuristic, &know, &tuning, 1),
            R::computer(PlayerKind::Heuristic, &know, &tuning, 2),
        ];
        while game.log().entries.len() < self.commands && !game.is_over() {
            let side = game.to_act() as usize;
            let Some(cmd) = players[side].choose(&game.state) else {
                break;
            };
            game.execute(&cmd).expect("the computer's command is legal");
        }
        let log = game.log();
        assert!(log.end.is_some(), "a log is written with its end record");
        // Through RON, as a file would be.
        let text = ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default())
            .expect("a log serialises");
        let back: GameLog<R> = ron::from_str(&text).expect("and reads back");
        engine::replay(s, m, &back).expect("the whole log replays");
        let mut refused = 0;
        let mut at_end = 0;
        for i in 0..log.entries.len() {
            let mut cut = log.clone();
            cut.entries.remove(i);
            match engine::replay(s, m, &cut) {
                Ok(_) => {}
                Err(e) => {
                    refused += 1;
                    if e.field().as_deref() == Some("end") {
                        at_end += 1;
                    }
                }
            }
        }
        // A version 2 log (no end record) still replays; a version 3 log
        // without one is refused as cut.
        let mut old = log.clone();
        old.end = None;
        assert!(matches!(
            engine::replay(s, m, &old),
            Err(engine::ReplayError::NoEnd(3))
        ));
        old.version = 2;
        engine::replay(s, m, &old).expect("a version 2 log replays");
        // The count edited to match is still caught by the digest.
        if log.entries.len() > 1 {
            let mut cut = log.clone();
            cut.entries.remove(0);
            if let Some(end) = cut.end.as_mut() {
                end.commands -= 1;
            }
            assert!(engine::replay(s, m, &cut).is_err());
        }
        (log.entries.len(), refused, at_end)
    }
}

fn tamper(path: &Path, commands: usize) -> Counts {
    let loaded = files::load_scenario(path).expect("scenario loads");
    rules::dispatch(
        &loaded.scenario.rules.clone(),
        Tamper {
            loaded: &loaded,
            commands,
        },
    )
}

fn check(scenario: &str, commands: usize) {
    let (entries, refused, at_end) = tamper(&root().join(scenario), commands);
    assert!(entries > 10, "{scenario}: only {entries} commands played");
    assert_eq!(
        refused,
        entries,
        "{scenario}: {} of {entries} one-entry removals replayed as if nothing happened",
        entries - refused
    );
    eprintln!("{scenario}: {entries} removals refused, {at_end} of them only at the end record");
}

#[test]
fn issue35_item34_naw_log_with_an_entry_removed_is_refused() {
    check("scenarios/waterloo.ron", 80);
}

#[test]
fn issue35_item34_napoleon_log_with_an_entry_removed_is_refused() {
    check("scenarios/saint-aubin.ron", 80);
}

#[test]
fn issue35_item37_one_hour_log_with_an_entry_removed_is_refused() {
    check("scenarios/waterloo-one-hour.ron", 80);
}

#[test]
fn issue35_item37_pickup_battle_log_with_an_entry_removed_is_refused() {
    use vedette::engine::Dice;
    use vedette::rules::napoleon::engine::deploy::DeploymentLog;
    use vedette::rules::napoleon::model::NapoleonOptions;
    use vedette::rules::napoleon::model::pickup::parse_army_list;
    use vedette::rules::napoleon::player::pickup::{build_order, deploy_by_computers};
    use vedette::scenario::Colour;
    // A pick-up battle as the procedure builds and deploys it (seeded).
    let lists = ["britain-1815", "france-1813"].map(|n| {
        let p = root().join(format!("scenarios/armies/{n}.ron"));
        let text = std::fs::read_to_string(&p).expect("list");
        parse_army_list(&text, n).expect("list parses")
    });
    let options = NapoleonOptions::default();
    let mut dice = Dice::new(5);
    let orders = lists
        .clone()
        .map(|l| build_order(&l, 300, &options, &mut dice).expect("an order"));
    let log = DeploymentLog {
        version: 1,
        seed: 5,
        names: lists.clone().map(|l| l.name),
        colours: [Colour(0x2f, 0x5a, 0xa8), Colour(0xb0, 0x30, 0x30)],
        lists,
        orders,
        options,
        commands: Vec::new(),
        end: None,
    };
    let (d, played) = deploy_by_computers(log).expect("deployed");
    // The deployment log itself: sealed, it replays whole and refuses
    // every one-command removal (and a version 2 log cut of its end).
    let sealed = played.sealed().expect("seals");
    let text =
        ron::ser::to_string_pretty(&sealed, ron::ser::PrettyConfig::default()).expect("serialises");
    let sealed: DeploymentLog = ron::from_str(&text).expect("reads back");
    sealed.replay().expect("replays");
    assert!(sealed.commands.len() > 10);
    for i in 0..sealed.commands.len() {
        let mut cut = sealed.clone();
        cut.commands.remove(i);
        assert!(
            cut.replay().is_err(),
            "deployment command {i} removed replays"
        );
    }
    let mut cut = sealed.clone();
    cut.end = None;
    assert!(
        cut.replay().is_err(),
        "a version 2 log without its end record"
    );
    cut.version = 1;
    cut.replay().expect("a version 1 log replays");
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("pickup.ron");
    let text = vedette::scenario::scenario_to_ron(&d.scenario());
    std::fs::write(&out, text).expect("write");
    let (entries, refused, _) = tamper(&out, 80);
    assert!(entries > 10, "{entries}");
    assert_eq!(refused, entries);
}
