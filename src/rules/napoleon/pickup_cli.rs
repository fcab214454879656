//! `vedette simulate --pickup LIST_A LIST_B --points P`: army-list
//! balance from the command line. Part of the shell: reads the two army
//! lists, draws a progress bar on stderr, prints the report. The command
//! line reaches it through the registration (`crate::rules::pickup`).

use crate::cli::{Outcome, fail};
use crate::files;
use crate::rules::napoleon::model::pickup::parse_army_list;
use crate::rules::napoleon::pickup_batch::{PickupConfig, PickupTally, run};
use crate::sim::shard::{self, BatchId, Part, Shard, ShardTally};
use std::path::PathBuf;

pub struct PickupArgs<'a> {
    pub lists: &'a [PathBuf],
    pub points: Option<u32>,
    pub games: u32,
    pub seed: u64,
    pub threads: Option<usize>,
    /// The player of each list, in the order the lists are given.
    pub players: [crate::ai::PlayerKind; 2],
    /// `--variant on` (pick-up battles have none: refused).
    pub variant: bool,
    pub json: Option<&'a std::path::Path>,
    pub tuning: Option<&'a std::path::Path>,
    /// Play only this shard's range of the battles.
    pub shard: Option<Part>,
    /// Write the tallies (a shard file) here.
    pub out: Option<&'a std::path::Path>,
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
    if a.variant {
        return fail(
            "error: --variant on: pick-up battles have no variant chits (they are built by the procedure of [3.2])"
                .into(),
        );
    }
    let max = crate::scenario::limits::MAX_PICKUP_POINTS;
    if a.points.is_some_and(|p| p == 0 || p > max) {
        return fail(format!(
            "error: --points {}: 1 to {max} are supported (N18)",
            a.points.unwrap_or(0)
        ));
    }
    let tuning = match a.tuning {
        Some(p) => match crate::cli::sim::load_tuning(p) {
            Ok(t) => t,
            Err(e) => return fail(e),
        },
        None => Default::default(),
    };
    let options = crate::rules::napoleon::model::NapoleonOptions::default();
    let part = a.shard.unwrap_or(Part { index: 0, count: 1 });
    let (first, games) = part.range(a.games);
    let cfg = PickupConfig {
        players: a.players,
        tuning,
        lists,
        points: a.points.unwrap_or(options.pickup_points),
        games,
        first,
        seed: a.seed,
        threads: a.threads.unwrap_or_else(crate::sim::default_threads),
        options,
    };
    let watch = crate::cli::Watch::new(u64::from(games), "built");
    let played_games = run(&cfg, &|n| watch.progress(u64::from(n)), watch.cancel());
    let (interrupted, secs) = watch.finish();
    let mut tally = PickupTally::default();
    for g in &played_games {
        tally.add(g);
    }
    let names = [cfg.lists[0].name.as_str(), cfg.lists[1].name.as_str()];
    let mut stdout = part.heading(a.games, "battles");
    if interrupted {
        stdout.push_str(&format!(
            "PARTIAL: stopped by Ctrl+C after {} of {games}\n",
            crate::words::counted(tally.battles, "battle", "battles")
        ));
    }
    stdout.push_str(&tally.text(names, cfg.points, cfg.seed));
    let built = tally.played();
    let summary = format!(
        "{} of {} built, deployed and played in {:.2} s on {} ({} vs {})\n",
        built,
        crate::words::counted(tally.battles, "battle", "battles"),
        secs,
        crate::words::counted(cfg.threads, "thread", "threads"),
        cfg.players[0].label(),
        cfg.players[1].label()
    );
    if let Some(path) = a.json {
        let text = match serde_json::to_string_pretty(&played_games) {
            Ok(t) => t,
            Err(e) => return fail(format!("error: the summaries cannot be written: {e}")),
        };
        if let Err(e) = files::save_atomic(path, &text) {
            return fail(format!("{}: error: cannot write: {e}", path.display()));
        }
    }
    let mut stderr = summary;
    if let Some(path) = a.out {
        let list_text: Vec<String> = cfg.lists.iter().map(crate::scenario::to_ron).collect();
        let file = Shard {
            format: shard::FORMAT.to_string(),
            batch: BatchId {
                heading: String::new(),
                fingerprint: shard::fingerprint(&[
                    list_text[0].as_bytes(),
                    list_text[1].as_bytes(),
                    crate::scenario::to_ron(&cfg.options).as_bytes(),
                    crate::scenario::to_ron(&cfg.tuning).as_bytes(),
                    format!("{:?} {}", cfg.players, cfg.points).as_bytes(),
                ]),
                version: env!("CARGO_PKG_VERSION").to_string(),
                seed: a.seed,
                total: a.games,
                players: cfg.players.map(|p| p.label()),
            },
            shard: part.index,
            shards: part.count,
            first,
            games,
            played: tally.battles,
            tally: ShardTally::Pickup {
                names: names.map(str::to_string),
                points: cfg.points,
                tally: Box::new(tally),
            },
        };
        if let Err(e) = crate::cli::sim::write_shard(path, &file) {
            return fail(e);
        }
        stderr.push_str(&format!(
            "wrote the tallies of shard {}/{} to {}{}\n",
            part.index,
            part.count,
            path.display(),
            if interrupted { " (partial)" } else { "" }
        ));
    }
    if interrupted {
        return Outcome {
            stdout,
            stderr,
            code: crate::cli::INTERRUPTED,
        };
    }
    if built == 0 {
        // The reasons are in the report; the run failed.
        return Outcome {
            stdout,
            stderr: stderr + "error: no battle could be built from these lists at these points\n",
            code: 1,
        };
    }
    Outcome {
        stdout,
        stderr,
        code: 0,
    }
}
