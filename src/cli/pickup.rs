//! `vedette simulate --pickup LIST_A LIST_B --points P`: army-list
//! balance from the command line. Part of the shell: reads the two army
//! lists, draws a progress bar on stderr, prints the report.

use super::Outcome;
use crate::files;
use crate::pickup_batch::{PickupConfig, report, run};
use crate::scenario::pickup::parse_army_list;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub struct PickupArgs<'a> {
    pub lists: &'a [PathBuf],
    pub points: Option<u32>,
    pub games: u32,
    pub seed: u64,
    pub threads: Option<usize>,
}

fn fail(msg: String) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr: format!("{msg}\n"),
        code: 1,
    }
}

pub fn simulate(a: &PickupArgs) -> Outcome {
    let mut lists = Vec::new();
    for path in a.lists {
        let text = match files::read_text(path) {
            Ok(t) => t,
            Err(e) => return fail(e.to_string()),
        };
        let origin = path.display().to_string();
        let list = match parse_army_list(&text, &origin) {
            Ok(l) => l,
            Err(e) => return fail(e.to_string()),
        };
        let why = list.check();
        if !why.is_empty() {
            return fail(format!("{origin}: error: {}", why.join("; ")));
        }
        lists.push(list);
    }
    let Ok(lists) = <[_; 2]>::try_from(lists) else {
        return fail("error: --pickup takes two army lists".into());
    };
    if a.games == 0 {
        return fail("error: --games must be at least 1".into());
    }
    let options = crate::scenario::NapoleonOptions::default();
    let cfg = PickupConfig {
        lists,
        points: a.points.unwrap_or(options.pickup_points),
        games: a.games,
        seed: a.seed,
        threads: a
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        options,
    };
    let bar = ProgressBar::new(a.games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} battles  {per_sec}  {elapsed} elapsed, {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let games = run(
        &cfg,
        &|n| bar.set_position(n as u64),
        &AtomicBool::new(false),
    );
    bar.finish_and_clear();
    let mut stdout = report(&cfg, &games);
    stdout.push_str(&format!(
        "\n{} battles built, deployed and played in {:.2} s on {} threads\n",
        games.len(),
        start.elapsed().as_secs_f64(),
        cfg.threads
    ));
    Outcome {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}
