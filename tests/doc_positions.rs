//! Writes game logs at the positions the README's Napoleon screenshots
//! show (issue 19): run by hand, then open each with
//! `vedette --game LOG` under `../shared/tools/screenshot`:
//!
//!     VEDETTE_DOC_POSITIONS=/tmp cargo test --release --test doc_positions
//!
//! Without the variable the test only checks that such positions occur.

use vedette::ai::PlayerKind;
use vedette::play::{ComputerMove, Computers, Seat, Session, Setup};
use vedette::rules::napoleon::engine::{Activation, Event, Napoleon};

#[test]
fn heuristic_games_reach_a_checked_activation_and_a_melee_in_prospect() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("scenarios/saint-aubin.ron");
    let doc = vedette::app::document::OpenDoc::load(&path).expect("the scenario");
    let out = std::env::var_os("VEDETTE_DOC_POSITIONS").map(std::path::PathBuf::from);
    let mut found = [false; 2];
    for seed in 1..20 {
        let setup = Setup::<Napoleon> {
            seats: [Seat::Computer(PlayerKind::Heuristic); 2],
            seed,
            rules: (),
        };
        let mut session =
            Session::<Napoleon>::start(&doc.scenario, &doc.map, setup).expect("starts");
        let mut computers = Computers::new(&session);
        for _ in 0..3000 {
            let ComputerMove::Played(_, events) = computers.step(&mut session) else {
                break;
            };
            let st = &session.game.state;
            // A Forward! check just rolled, nothing moved yet.
            let checked = events.iter().any(|e| {
                matches!(
                    e,
                    Event::CommandChecked {
                        result: Activation::Forward,
                        ..
                    }
                )
            });
            // A force in contact, its melees not yet fought.
            let contact = st.pending().is_none()
                && st.active().as_ref().is_some_and(|a| {
                    a.moved.iter().filter(|(_, m)| m.entered > 0).count() >= 2
                        && a.moved.iter().any(|(p, _)| !st.contact(*p).is_empty())
                });
            for (k, hit, name) in [(0, checked, "activation"), (1, contact, "melee")] {
                if hit && !found[k] {
                    found[k] = true;
                    if let Some(dir) = &out {
                        let mut log = session.log();
                        log.scenario_file = Some(path.display().to_string());
                        let text =
                            ron::ser::to_string_pretty(&log, Default::default()).expect("writes");
                        std::fs::write(dir.join(format!("napoleon-{name}.ron")), text)
                            .expect("saved");
                    }
                }
            }
            if found.iter().all(|f| *f) {
                return;
            }
        }
    }
    panic!("positions not found: {found:?}");
}
