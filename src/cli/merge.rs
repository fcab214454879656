//! `vedette merge SHARDS...`: the report of a batch played in shards
//! (`simulate --shard I/N -o FILE`), from their tallies: the same report,
//! to the byte, as one run of all the games prints.

use super::{Outcome, fail};
use crate::files;
use crate::sim::shard::{self, BatchId, Merged, Shard, ShardTally};
use crate::sim::{PairedReport, Report};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Reads one shard file.
pub fn read_shard(path: &Path) -> Result<Shard, String> {
    let text = files::read_text(path).map_err(|e| e.to_string())?;
    let mut de = serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let inner = e.inner();
        format!(
            "{}:{}:{}: error: not a Vedette shard file (from `simulate --shard I/N -o FILE`): in `{}`: {inner}",
            path.display(),
            inner.line(),
            inner.column(),
            e.path()
        )
    })
}

/// What `merge --json` writes.
#[derive(Serialize)]
struct MergedJson<'a> {
    batch: &'a BatchId,
    /// The games whose tallies were merged.
    played: u64,
    /// The shards stopped early; empty when the batch is whole.
    partial: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    swapped: Option<Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired: Option<PairedReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pickup: Option<&'a crate::rules::pickup::PickupTally>,
    /// A study's numbers, ranked.
    #[serde(skip_serializing_if = "Option::is_none")]
    sensitivity: Option<Vec<crate::sim::sensitivity::Row>>,
}

pub fn merge(paths: &[PathBuf], json: Option<&Path>, out: Option<&Path>) -> Outcome {
    let mut shards = Vec::new();
    for p in paths {
        match read_shard(p) {
            Ok(s) => shards.push((p.display().to_string(), s)),
            Err(e) => return fail(e),
        }
    }
    let merged = match shard::merge(shards) {
        Ok(m) => m,
        Err(e) => return fail(format!("error: {e}")),
    };
    let stdout = text(&merged);
    let mut stderr = format!(
        "merged {} ({})\n",
        crate::words::counted(paths.len(), "shard", "shards"),
        crate::words::counted(merged.played, "game", "games")
    );
    if let Some(path) = json {
        let mut out = MergedJson {
            batch: &merged.batch,
            played: merged.played,
            partial: &merged.partial,
            report: None,
            swapped: None,
            paired: None,
            pickup: None,
            sensitivity: None,
        };
        match &merged.tally {
            ShardTally::Scenario(t) => {
                out.report = Some(t.straight.clone().finish());
                out.swapped = t.swapped.clone().map(|s| s.finish());
                out.paired = t.paired.as_ref().map(|p| p.report());
            }
            ShardTally::Sensitivity(t) => {
                out.report = Some(t.base.clone().finish());
                out.sensitivity = Some(t.ranking());
            }
            ShardTally::Pickup { tally, .. } => out.pickup = Some(&**tally),
        }
        let text = match serde_json::to_string_pretty(&out) {
            Ok(t) => t + "\n",
            Err(e) => return fail(format!("error: the report cannot be written: {e}")),
        };
        if let Err(e) = files::save_atomic(path, &text) {
            return fail(format!("{}: error: cannot write: {e}", path.display()));
        }
        stderr.push_str(&format!("wrote the report to {}\n", path.display()));
    }
    if let Some(path) = out {
        let games = merged.batch.total;
        let whole = Shard {
            format: shard::FORMAT.to_string(),
            batch: merged.batch.clone(),
            shard: 0,
            shards: 1,
            first: 0,
            games,
            // A partial merge stays partial: fewer played than the batch.
            played: u32::try_from(merged.played).unwrap_or(u32::MAX).min(games),
            tally: merged.tally.clone(),
        };
        if let Err(e) = super::sim::write_shard(path, &whole) {
            return fail(e);
        }
        stderr.push_str(&format!("wrote the merged tallies to {}\n", path.display()));
    }
    Outcome {
        stdout,
        stderr,
        code: if merged.partial.is_empty() {
            0
        } else {
            super::INTERRUPTED
        },
    }
}

/// The merged report as one run of all the games prints it.
fn text(m: &Merged) -> String {
    let partial: String = m
        .partial
        .iter()
        .map(|p| format!("PARTIAL: {p} were played\n"))
        .collect();
    match &m.tally {
        ShardTally::Scenario(t) => {
            let players = [m.batch.players[0].as_str(), m.batch.players[1].as_str()];
            format!(
                "{}\n{partial}{}",
                m.batch.heading,
                super::sim::batch_text(t, t.straight.sides(), players)
            )
        }
        ShardTally::Sensitivity(t) => format!("{}\n{partial}{}", m.batch.heading, t.text()),
        ShardTally::Pickup {
            names,
            points,
            tally,
        } => partial + &tally.text([&names[0], &names[1]], *points, m.batch.seed),
    }
}
