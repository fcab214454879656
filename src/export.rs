//! Exports shared by the command line and the window: a scenario's setup
//! sheet as PDF and a map as PNG or SVG. Part of the shell: it checks where
//! the export goes and writes it; the layout and the encoders are the
//! core's (`sheet`).
//!
//! An export never destroys a document: the output may not be one of the
//! files it was made from, its extension must name the format written
//! (`vedette sheet S.ron -o S.ron` once wrote a PDF over the scenario), and
//! a file in the way that is not of the kind being written is kept as
//! `.bak`.

use crate::files;
use crate::scenario::{self, Issue, Map, Scenario, Severity};
use crate::sheet::{self, Paper};
use std::path::{Path, PathBuf};

/// What an export writes, named by the output's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Png,
    Svg,
}

impl Format {
    /// The format an output path asks for, from its extension in any case.
    pub fn from_path(p: &Path) -> Option<Format> {
        match p
            .extension()?
            .to_string_lossy()
            .to_ascii_lowercase()
            .as_str()
        {
            "pdf" => Some(Format::Pdf),
            "png" => Some(Format::Png),
            "svg" => Some(Format::Svg),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }

    /// Whether bytes at the start of a file are of this format.
    fn looks_like(self, head: &[u8]) -> bool {
        match self {
            Format::Pdf => head.starts_with(b"%PDF-"),
            Format::Png => head.starts_with(b"\x89PNG\r\n\x1a\n"),
            Format::Svg => {
                let text = String::from_utf8_lossy(head);
                let t = text.trim_start_matches('\u{feff}').trim_start();
                t.starts_with("<svg") || (t.starts_with("<?xml") && text.contains("<svg"))
            }
        }
    }
}

/// Why an export was not written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("{path}: error: the output must end in {expected}")]
    Extension { path: String, expected: String },
    #[error(
        "{path}: error: this is the file being exported; give another output file (nothing was written)"
    )]
    IsInput { path: String },
    #[error("{0}")]
    Sheet(#[from] sheet::SheetError),
    #[error("{0}")]
    Encode(String),
    #[error("{path}: error: cannot write: {source}")]
    Write {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// Checks an output path before anything is made: its extension names one
/// of `allowed` (case does not matter), and it is none of `inputs`.
pub fn check_output(
    out: &Path,
    inputs: &[&Path],
    allowed: &[Format],
) -> Result<Format, ExportError> {
    let format = Format::from_path(out)
        .filter(|f| allowed.contains(f))
        .ok_or_else(|| ExportError::Extension {
            path: out.display().to_string(),
            expected: allowed
                .iter()
                .map(|f| format!(".{}", f.extension()))
                .collect::<Vec<_>>()
                .join(" or "),
        })?;
    if inputs.iter().any(|i| files::same_file(out, i)) {
        return Err(ExportError::IsInput {
            path: out.display().to_string(),
        });
    }
    Ok(format)
}

/// What [`write`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub bytes: usize,
    /// Where a file of another kind that stood at the output was kept.
    pub backup: Option<PathBuf>,
}

/// Writes an export atomically. A file already there that is not of the
/// format being written (a scenario, a picture given the wrong name) is
/// kept as `<name>.bak`; an older export of the same kind is replaced.
pub fn write(out: &Path, bytes: &[u8], format: Format) -> Result<Written, ExportError> {
    let keep = files::read_head(out, 64).is_some_and(|head| !format.looks_like(&head));
    let result = if keep {
        files::save_atomic_bytes(out, bytes)
    } else {
        files::write_atomic(out, bytes)
    };
    result.map_err(|source| ExportError::Write {
        path: out.display().to_string(),
        source,
    })?;
    Ok(Written {
        bytes: bytes.len(),
        backup: keep.then(|| files::backup_path(out)),
    })
}

/// The errors `validate` finds in what is being exported: a sheet or an
/// image of a scenario the rules refuse is made only when asked to anyway.
pub fn problems(scenario: Option<&Scenario>, map: &Map) -> Vec<Issue> {
    let issues = match scenario {
        Some(s) => scenario::validate(s, map),
        None => scenario::validate_map(map),
    };
    issues
        .into_iter()
        .filter(|i| i.severity == Severity::Error)
        .collect()
}

/// "3 errors: unit 206: ...; 0914: ... (and 1 more)": problems in a line.
pub fn problems_summary(problems: &[Issue]) -> String {
    let shown: Vec<String> = problems.iter().take(3).map(|i| i.to_string()).collect();
    let more = problems.len().saturating_sub(shown.len());
    format!(
        "{} error{}: {}{}",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" },
        shown.join("; "),
        if more > 0 {
            format!(" (and {more} more)")
        } else {
            String::new()
        }
    )
}

/// The setup sheet as PDF bytes and its page count, with the balance note
/// when given; `progress(done, of)` is called as pages are written.
pub fn sheet_pdf(
    s: &Scenario,
    map: &Map,
    paper: Paper,
    note: Option<&sheet::BalanceNote>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(Vec<u8>, usize), ExportError> {
    sheet::map_sheets(s, map, paper)?;
    let pages = sheet::layout_noted(s, map, paper, note);
    let bytes = sheet::pdf::write_with_progress(&pages, &s.title, progress)
        .map_err(|e| ExportError::Encode(e.to_string()))?;
    Ok((bytes, pages.len()))
}

/// The map image's bytes: `scale` pixels across a hex's flats.
pub fn map_image(
    map: &Map,
    scenario: Option<&Scenario>,
    format: Format,
    scale: f32,
) -> Result<Vec<u8>, ExportError> {
    let page = sheet::map_page::map_image(map, scenario);
    let px_per_mm = scale / sheet::MIN_HEX_MM;
    match format {
        Format::Png => {
            sheet::raster::png(&page, px_per_mm).map_err(|e| ExportError::Encode(e.to_string()))
        }
        Format::Svg => Ok(sheet::svg::write(&page, px_per_mm).into_bytes()),
        Format::Pdf => Err(ExportError::Encode(
            "a map image is PNG or SVG; the setup sheet is the PDF".into(),
        )),
    }
}
