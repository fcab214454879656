//! `vedette generate` (a rule set's mirrored battle of a seed, as a
//! scenario file) and `vedette strength` (two players on many generated
//! battles, from both seats). Part of the shell: writes files atomically,
//! draws progress on stderr.

use super::{Outcome, fail};
use crate::ai::PlayerKind;
use crate::files;
use crate::rules::RuleSet;
use crate::scenario::{mirror, scenario_file};
use crate::sim::strength::{self, StrengthConfig};
use std::path::Path;

fn rule_set(name: &str) -> Result<RuleSet, Outcome> {
    RuleSet::by_short_name(name).ok_or_else(|| {
        let names: Vec<_> = RuleSet::every().iter().map(|r| r.short_name()).collect();
        fail(format!(
            "error: unknown rule set {name:?} (expected one of {})",
            names.join(", ")
        ))
    })
}

/// `vedette generate RULES --seed N [-o FILE] [--force]`.
pub fn generate(rules: &str, seed: u64, out: Option<&Path>, force: bool) -> Outcome {
    let rules = match rule_set(rules) {
        Ok(r) => r,
        Err(o) => return o,
    };
    let (s, _) = mirror::battle(&rules, seed);
    let text = scenario_file(&s);
    let Some(path) = out else {
        return Outcome {
            stdout: text,
            stderr: String::new(),
            code: 0,
        };
    };
    if path.exists() && !force {
        return fail(format!(
            "{}: error: the file exists (--force to replace it)",
            path.display()
        ));
    }
    if let Err(e) = files::save_atomic(path, &text) {
        return fail(format!("{}: error: cannot write: {e}", path.display()));
    }
    Outcome {
        stdout: String::new(),
        stderr: format!("wrote {} ({})\n", path.display(), s.title),
        code: 0,
    }
}

pub struct StrengthArgs<'a> {
    pub rules: &'a str,
    pub players: &'a [String],
    pub battles: u32,
    pub first: Option<u64>,
    pub threads: Option<usize>,
    pub json: Option<&'a Path>,
}

/// `vedette strength RULES --players A,B --battles N`.
pub fn strength(a: &StrengthArgs) -> Outcome {
    let rules = match rule_set(a.rules) {
        Ok(r) => r,
        Err(o) => return o,
    };
    let players: Result<Vec<PlayerKind>, String> = a.players.iter().map(|p| p.parse()).collect();
    let players = match players {
        Ok(p) if p.len() == 2 => [p[0], p[1]],
        Ok(_) => return fail("error: --players takes two players, as A,B".into()),
        Err(e) => return fail(format!("error: {e}")),
    };
    if a.battles == 0 {
        return fail("error: --battles must be at least 1".into());
    }
    let mut cfg = StrengthConfig::held_out(rules, players, a.battles);
    if let Some(f) = a.first {
        cfg.first = f;
    }
    if let Some(t) = a.threads {
        cfg.threads = t.max(1);
    }
    let watch = super::Watch::new(u64::from(a.battles), "battles");
    let s = strength::measure(
        &cfg,
        &|done, _| watch.progress(u64::from(done)),
        watch.cancel(),
    );
    let (interrupted, secs) = watch.finish();
    let mut stdout = String::new();
    if interrupted {
        stdout.push_str(&format!(
            "PARTIAL: stopped by Ctrl+C after {} of {}\n",
            s.battles,
            crate::words::counted(a.battles, "battle", "battles")
        ));
    }
    stdout.push_str(&s.text());
    let mut stderr = format!(
        "{} in {secs:.1} s\n",
        crate::words::counted(s.battles, "battle", "battles")
    );
    if let Some(path) = a.json {
        let json = match serde_json::to_string_pretty(&s) {
            Ok(j) => j,
            Err(e) => return fail(format!("error: {e}")),
        };
        if let Err(e) = files::write_atomic(path, json.as_bytes()) {
            return fail(format!("{}: error: cannot write: {e}", path.display()));
        }
        stderr.push_str(&format!("wrote {}\n", path.display()));
    }
    Outcome {
        stdout,
        stderr,
        code: if interrupted { super::INTERRUPTED } else { 0 },
    }
}
