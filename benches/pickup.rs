//! Pick-up battles (issue 20): a battle deployed by two computer players
//! [3.2] (target under 100 ms), and a pick-up battle end to end (orders of
//! battle built, deployed, played out) on one core: the target is 200 such
//! battles in under 30 s on two cores (`vedette simulate --pickup`).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vedette::engine::Dice;
use vedette::rules::napoleon::engine::deploy::DeploymentLog;
use vedette::rules::napoleon::model::NapoleonOptions;
use vedette::rules::napoleon::model::pickup::shipped_lists;
use vedette::rules::napoleon::pickup_batch::{PickupConfig, play_battle};
use vedette::rules::napoleon::player::pickup::{build_order, deploy_by_computers};
use vedette::scenario::Colour;

fn benches(c: &mut Criterion) {
    let lists = shipped_lists();
    let o = NapoleonOptions::default();
    let orders =
        [0, 1].map(|i| build_order(&lists[i], 1000, &o, &mut Dice::new(i as u64)).expect("builds"));
    let log = |seed: u64| DeploymentLog {
        version: 1,
        seed,
        names: ["French".into(), "British".into()],
        colours: [Colour(0, 0, 200), Colour(200, 0, 0)],
        lists: [lists[0].clone(), lists[1].clone()],
        orders: orders.clone(),
        options: o.clone(),
        commands: Vec::new(),
        end: None,
    };
    let mut seed = 0;
    c.bench_function(
        "pickup: a battle deployed by two computer players (1000 points)",
        |b| {
            b.iter(|| {
                seed += 1;
                black_box(deploy_by_computers(log(seed)).expect("deploys"))
            })
        },
    );
    let cfg = PickupConfig {
        lists: [lists[0].clone(), lists[1].clone()],
        points: 1000,
        games: 1,
        first: 0,
        seed: 1,
        threads: 1,
        options: o.clone(),
        players: [vedette::ai::PlayerKind::Heuristic; 2],
        tuning: Default::default(),
    };
    let mut i = 0;
    c.bench_function(
        "pickup: one battle built, deployed and played out (1000 points)",
        |b| {
            b.iter(|| {
                i += 1;
                black_box(play_battle(&cfg, i))
            })
        },
    );
}

criterion_group!(benches_group, benches);
criterion_main!(benches_group);
