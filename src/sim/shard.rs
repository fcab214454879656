//! A batch split into shards: shard `I` of `N` plays its own range of
//! the batch's game numbers (with the seeds those games have in the whole
//! batch) and keeps the exact integer tallies of them; shards merged in
//! order give the tallies, and so the report, of one run of every game.
//! What runs the shards (a Slurm job array, a Kubernetes Indexed Job, a
//! shell loop) is the user's scheduler: see `deploy/`.

use super::BatchTally;
use crate::rules::pickup::PickupTally;
use serde::{Deserialize, Serialize};

/// The format a shard file declares; a merge refuses any other.
pub const FORMAT: &str = "vedette shard 1";

/// Which shard of how many, numbered from 0 as Slurm array tasks and
/// Kubernetes job completion indexes are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: u32,
    pub count: u32,
}

impl std::str::FromStr for Part {
    type Err = String;
    fn from_str(s: &str) -> Result<Part, String> {
        let bad = || format!("`{s}`: give the shard as I/N, for example 0/4 (shards 0 to 3 of 4)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 {
            return Err(format!("`{s}`: a batch has at least 1 shard"));
        }
        if index >= count {
            return Err(format!(
                "`{s}`: the shards of {count} are numbered 0 to {} (as Slurm array tasks and Kubernetes job indexes are)",
                count - 1
            ));
        }
        Ok(Part { index, count })
    }
}

impl Part {
    /// The line a shard's report starts with ("shard 1/4: games 250 to
    /// 499 of the batch's 1000"), naming what is counted (`games`,
    /// `battles`); nothing for a whole batch.
    pub fn heading(self, total: u32, what: &str) -> String {
        if self.count <= 1 {
            return String::new();
        }
        let (first, games) = self.range(total);
        format!(
            "shard {}/{}: {what} {first} to {} of the batch's {total}\n",
            self.index,
            self.count,
            (first + games).saturating_sub(1)
        )
    }

    /// The game numbers of this shard of a batch of `total` games: the
    /// first and how many. The shards' ranges are disjoint and cover the
    /// batch, and differ in size by at most one game.
    pub fn range(self, total: u32) -> (u32, u32) {
        let at = |i: u32| (u64::from(total) * u64::from(i) / u64::from(self.count)) as u32;
        let first = at(self.index);
        (first, at(self.index + 1) - first)
    }
}

/// What must be the same in every shard of one batch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchId {
    /// The line printed above the report, naming the scenario (or army
    /// lists), the players and the seed.
    pub heading: String,
    /// A hash of everything the games depend on: the scenario and its map
    /// (or the army lists), the tuning and the options.
    pub fingerprint: String,
    /// The Vedette that played: another version may play other games.
    pub version: String,
    pub seed: u64,
    /// The games of the whole batch.
    pub total: u32,
    pub players: [String; 2],
}

/// A shard's tallies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShardTally {
    Scenario(Box<BatchTally>),
    /// A sensitivity study (`vedette sensitivity`).
    Sensitivity(Box<super::sensitivity::SensitivityTally>),
    /// A pick-up batch: the lists' names and the points, for the report.
    Pickup {
        names: [String; 2],
        points: u32,
        tally: Box<PickupTally>,
    },
}

impl ShardTally {
    fn merge(&mut self, o: &ShardTally) -> Result<(), String> {
        match (self, o) {
            (ShardTally::Scenario(a), ShardTally::Scenario(b)) => a.merge(b),
            (ShardTally::Sensitivity(a), ShardTally::Sensitivity(b)) => a.merge(b),
            (ShardTally::Pickup { tally: a, .. }, ShardTally::Pickup { tally: b, .. }) => {
                a.merge(b)
            }
            _ => Err(
                "shards of a batch, a study and a pick-up batch do not merge with each other"
                    .into(),
            ),
        }
    }
}

/// One shard file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    pub format: String,
    pub batch: BatchId,
    pub shard: u32,
    pub shards: u32,
    /// The first game number of this shard's range, and the games in it.
    pub first: u32,
    pub games: u32,
    /// The games played: fewer than `games` when stopped early.
    pub played: u32,
    pub tally: ShardTally,
}

impl Shard {
    pub fn partial(&self) -> bool {
        self.played < self.games
    }
}

/// Shards merged.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    pub batch: BatchId,
    pub tally: ShardTally,
    pub played: u64,
    /// The shards stopped early, in words ("shard 2/4: 1,234 of 2,500
    /// games"); empty when the batch is whole.
    pub partial: Vec<String>,
}

/// FNV-1a (64 bits) of the parts, as hex: a fingerprint to tell batches
/// apart, not a security hash.
pub fn fingerprint(parts: &[&[u8]]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.iter().chain(&[0xff]) {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// Merges the shards of one batch, given in any order. Refuses shards of
/// different batches, a missing or repeated shard, and a shard whose range
/// is not the one its number gives.
pub fn merge(mut shards: Vec<(String, Shard)>) -> Result<Merged, String> {
    let Some((first_name, first)) = shards.first() else {
        return Err("no shard files given".into());
    };
    let (first_name, batch, count) = (first_name.clone(), first.batch.clone(), first.shards);
    for (name, s) in &shards {
        if s.format != FORMAT {
            return Err(format!(
                "{name}: `{}` is not a shard format this Vedette reads (`{FORMAT}`)",
                s.format
            ));
        }
        if s.batch.version != batch.version {
            return Err(format!(
                "{name}: played by Vedette {}, {first_name} by {}: the games may differ, so they do not merge",
                s.batch.version, batch.version
            ));
        }
        if s.batch != batch {
            return Err(format!(
                "{name} and {first_name} are shards of different batches:\n  {}\n  {}",
                describe(&s.batch),
                describe(&batch)
            ));
        }
        if s.shards != count {
            return Err(format!(
                "{name} is shard {}/{}, {first_name} one of {count}",
                s.shard, s.shards
            ));
        }
        let (start, games) = Part {
            index: s.shard,
            count,
        }
        .range(batch.total);
        if s.shard >= count || s.first != start || s.games != games || s.played > s.games {
            return Err(format!(
                "{name}: shard {}/{count} of a batch of {} should hold games {start} to {}, not {} from game {}",
                s.shard,
                crate::words::counted(batch.total, "game", "games"),
                (start + games).saturating_sub(1),
                crate::words::counted(s.games, "game", "games"),
                s.first
            ));
        }
    }
    shards.sort_by_key(|(_, s)| s.shard);
    for w in shards.windows(2) {
        if w[0].1.shard == w[1].1.shard {
            return Err(format!(
                "{} and {} are both shard {}/{count}",
                w[0].0, w[1].0, w[0].1.shard
            ));
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|i| !shards.iter().any(|(_, s)| s.shard == *i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard{} {} of this batch {} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" }
        ));
    }
    let mut it = shards.into_iter();
    let Some((_, head)) = it.next() else {
        return Err("no shard files given".into());
    };
    let mut played = u64::from(head.played);
    let mut partial = Vec::new();
    let note = |s: &Shard| {
        format!(
            "shard {}/{}: {} of {}",
            s.shard,
            s.shards,
            s.played,
            crate::words::counted(s.games, "game", "games")
        )
    };
    if head.partial() {
        partial.push(note(&head));
    }
    let mut tally = head.tally;
    for (name, s) in it {
        tally.merge(&s.tally).map_err(|e| format!("{name}: {e}"))?;
        played += u64::from(s.played);
        if s.partial() {
            partial.push(note(&s));
        }
    }
    Ok(Merged {
        batch,
        tally,
        played,
        partial,
    })
}

fn describe(b: &BatchId) -> String {
    format!(
        "{} ({}, fingerprint {})",
        b.heading,
        crate::words::counted(b.total, "game", "games"),
        b.fingerprint
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue39_shard_ranges_are_disjoint_and_cover_the_batch() {
        for total in [0u32, 1, 7, 10_000, u32::MAX] {
            for count in [1u32, 2, 3, 4, 7, 64] {
                let mut next = 0u64;
                for index in 0..count {
                    let (first, games) = Part { index, count }.range(total);
                    assert_eq!(u64::from(first), next, "{total} in {count}");
                    let even = u64::from(total) / u64::from(count);
                    assert!(u64::from(games) == even || u64::from(games) == even + 1);
                    next += u64::from(games);
                }
                assert_eq!(next, u64::from(total));
            }
        }
    }

    #[test]
    fn issue39_shard_numbers_parse_from_zero() {
        assert_eq!("0/4".parse(), Ok(Part { index: 0, count: 4 }));
        assert_eq!("3/4".parse(), Ok(Part { index: 3, count: 4 }));
        let e = "4/4".parse::<Part>().unwrap_err();
        assert!(e.contains("numbered 0 to 3"), "{e}");
        assert!("1/0".parse::<Part>().is_err());
        assert!("x".parse::<Part>().is_err());
    }

    #[test]
    fn fingerprints_tell_parts_apart() {
        assert_ne!(fingerprint(&[b"ab", b"c"]), fingerprint(&[b"a", b"bc"]));
        assert_eq!(fingerprint(&[b"x"]), fingerprint(&[b"x"]));
    }
}
