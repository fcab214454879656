//! `vedette sheet` and `vedette render`: setup sheets as PDF, and the map
//! alone as PNG or SVG. Reads and writes files (shell); the checks on the
//! output and the writing are `export`'s, shared with the window.

use super::Outcome;
use crate::export::{self, Format};
use crate::files::{self, LoadedScenario};
use crate::scenario::{Map, Scenario};
use crate::sheet::Paper;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

fn fail(stderr: String, code: i32) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr,
        code,
    }
}

/// The files an export of this scenario was made from: the scenario and
/// its map file.
fn inputs(doc: &LoadedScenario) -> Vec<PathBuf> {
    let mut v = vec![doc.path.clone()];
    v.extend(doc.map_path.clone());
    v
}

/// Refuses an export of something `validate` rejects, unless `force`; then
/// it goes ahead with a warning on stderr.
fn check_valid(
    what: &Path,
    scenario: Option<&Scenario>,
    map: &Map,
    force: bool,
) -> Result<String, Outcome> {
    let problems = export::problems(scenario, map);
    if problems.is_empty() {
        return Ok(String::new());
    }
    let summary = export::problems_summary(&problems);
    if force {
        Ok(format!(
            "{}: warning: exported although validate finds {summary}\n",
            what.display()
        ))
    } else {
        Err(fail(
            format!(
                "{}: error: validate finds {summary}\nnothing was written: fix them (`vedette validate` lists them all), or give --force to export it as it is\n",
                what.display()
            ),
            1,
        ))
    }
}

/// A progress bar on stderr for exports of many pages (none for small
/// ones, and none when stderr is not a terminal: indicatif hides it).
fn page_bar() -> ProgressBar {
    let bar = ProgressBar::hidden();
    bar.set_style(
        ProgressStyle::with_template("{msg} {bar:40} page {pos}/{len}  {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message("writing the PDF");
    bar
}

/// The balance note of a sensitivity study's tallies file (`vedette
/// sensitivity -o`, or `vedette merge -o` of its shards).
fn read_note(path: &Path) -> Result<crate::sheet::BalanceNote, String> {
    let shard = super::merge::read_shard(path)?;
    let crate::sim::shard::ShardTally::Sensitivity(t) = &shard.tally else {
        return Err(format!(
            "{}: error: --balance-note wants a sensitivity study's tallies (vedette sensitivity -o FILE), not a batch's",
            path.display()
        ));
    };
    if shard.shards > 1 {
        return Err(format!(
            "{}: error: --balance-note: this is shard {}/{} of a study; join the shards with `vedette merge SHARDS -o FILE` first",
            path.display(),
            shard.shard,
            shard.shards
        ));
    }
    let p = &shard.batch.players;
    Ok(t.balance_note(5, [&p[0], &p[1]]))
}

/// `vedette sheet SCENARIO -o FILE.pdf --paper a4|letter [--force]
/// [--balance-note STUDY]`.
pub fn sheet(
    scenario: &Path,
    out: &Path,
    paper: Paper,
    force: bool,
    balance_note: Option<&Path>,
) -> Outcome {
    let doc = match files::load_scenario(scenario) {
        Ok(d) => d,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    let note = match balance_note.map(read_note).transpose() {
        Ok(n) => n,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    let ins = inputs(&doc);
    let refs: Vec<&Path> = ins.iter().map(PathBuf::as_path).collect();
    if let Err(e) = export::check_output(out, &refs, &[Format::Pdf]) {
        return fail(format!("{e}\n"), 2);
    }
    let warning = match check_valid(scenario, Some(&doc.scenario), &doc.map, force) {
        Ok(w) => w,
        Err(o) => return o,
    };
    let bar = page_bar();
    let mut progress = |done: usize, of: usize| {
        if of >= 20 && bar.is_hidden() {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        bar.set_length(of as u64);
        bar.set_position(done as u64);
    };
    let made = export::sheet_pdf(&doc.scenario, &doc.map, paper, note.as_ref(), &mut progress);
    bar.finish_and_clear();
    let (bytes, pages) = match made {
        Ok(x) => x,
        Err(e) => return fail(format!("{}: error: {e}\n", scenario.display()), 1),
    };
    let written = match export::write(out, &bytes, Format::Pdf) {
        Ok(w) => w,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    Outcome {
        stdout: format!(
            "wrote {} ({}, {:?}, {} KB){}\n",
            out.display(),
            crate::words::counted(pages, "page", "pages"),
            paper,
            written.bytes.div_ceil(1024),
            kept(&written)
        ),
        stderr: warning,
        code: 0,
    }
}

fn kept(w: &export::Written) -> String {
    w.backup
        .as_ref()
        .map(|b| {
            format!(
                "; the file that was there is not one and was kept as {}",
                b.display()
            )
        })
        .unwrap_or_default()
}

/// `vedette render SCENARIO|MAP -o FILE.png|FILE.svg --scale PX [--force]`.
pub fn render(input: &Path, out: &Path, scale: f32, force: bool) -> Outcome {
    if !(4.0..=1024.0).contains(&scale) {
        return fail(
            format!("vedette: --scale {scale} is out of range: give 4 to 1024 pixels a hex\n"),
            2,
        );
    }
    let text = match files::read_text(input) {
        Ok(t) => t,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    let loaded = if files::looks_like_map(&text) {
        files::load_map(input).map(|m| (m, None, vec![input.to_path_buf()]))
    } else {
        files::load_scenario(input).map(|d| {
            let ins = inputs(&d);
            (d.map, Some(d.scenario), ins)
        })
    };
    let (map, scenario, ins) = match loaded {
        Ok(x) => x,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    let refs: Vec<&Path> = ins.iter().map(PathBuf::as_path).collect();
    let format = match export::check_output(out, &refs, &[Format::Png, Format::Svg]) {
        Ok(f) => f,
        Err(e) => return fail(format!("{e}\n"), 2),
    };
    let warning = match check_valid(input, scenario.as_ref(), &map, force) {
        Ok(w) => w,
        Err(o) => return o,
    };
    let bytes = match export::map_image(&map, scenario.as_ref(), format, scale) {
        Ok(b) => b,
        Err(e) => return fail(format!("vedette: {e}\n"), 1),
    };
    let written = match export::write(out, &bytes, format) {
        Ok(w) => w,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    Outcome {
        stdout: format!(
            "wrote {} ({} KB){}\n",
            out.display(),
            written.bytes.div_ceil(1024),
            kept(&written)
        ),
        stderr: warning,
        code: 0,
    }
}
