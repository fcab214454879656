//! `vedette sheet` and `vedette render`: setup sheets as PDF, and the map
//! alone as PNG or SVG. Reads and writes files (shell); the layout and the
//! encoders are in `sheet`.

use crate::cli::Outcome;
use crate::files::{self, OpenError};
use crate::scenario::{Map, Scenario};
use crate::sheet::{self, Paper};
use std::path::Path;

fn fail(stderr: String, code: i32) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr,
        code,
    }
}

/// The setup sheet of a scenario as PDF bytes.
pub fn sheet_pdf(s: &Scenario, map: &Map, paper: Paper) -> Result<Vec<u8>, sheet::pdf::PdfError> {
    let pages = sheet::layout(s, map, paper);
    sheet::pdf::write(&pages, &s.title)
}

/// `vedette sheet SCENARIO -o FILE.pdf --paper a4|letter`.
pub fn sheet(scenario: &Path, out: &Path, paper: Paper) -> Outcome {
    let doc = match files::load_scenario(scenario) {
        Ok(d) => d,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    let pages = sheet::layout(&doc.scenario, &doc.map, paper);
    let bytes = match sheet::pdf::write(&pages, &doc.scenario.title) {
        Ok(b) => b,
        Err(e) => return fail(format!("vedette: {e}\n"), 1),
    };
    if let Err(e) = files::write_atomic(out, &bytes) {
        return fail(format!("{}: error: cannot write: {e}\n", out.display()), 1);
    }
    Outcome {
        stdout: format!(
            "wrote {} ({} pages, {:?}, {} KB)\n",
            out.display(),
            pages.len(),
            paper,
            bytes.len().div_ceil(1024)
        ),
        stderr: String::new(),
        code: 0,
    }
}

/// What `render` writes, from the output's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Svg,
}

impl ImageFormat {
    pub fn from_path(p: &Path) -> Option<ImageFormat> {
        match p
            .extension()?
            .to_string_lossy()
            .to_ascii_lowercase()
            .as_str()
        {
            "png" => Some(ImageFormat::Png),
            "svg" => Some(ImageFormat::Svg),
            _ => None,
        }
    }
}

/// The map image's bytes: `scale` pixels across a hex's flats.
pub fn map_image(
    map: &Map,
    scenario: Option<&Scenario>,
    format: ImageFormat,
    scale: f32,
) -> Result<Vec<u8>, String> {
    let page = sheet::map_page::map_image(map, scenario);
    let px_per_mm = scale / sheet::MIN_HEX_MM;
    match format {
        ImageFormat::Png => sheet::raster::png(&page, px_per_mm).map_err(|e| e.to_string()),
        ImageFormat::Svg => Ok(sheet::svg::write(&page, px_per_mm).into_bytes()),
    }
}

/// `vedette render SCENARIO|MAP -o FILE.png|FILE.svg --scale PX`.
pub fn render(input: &Path, out: &Path, scale: f32) -> Outcome {
    let Some(format) = ImageFormat::from_path(out) else {
        return fail(
            format!(
                "{}: error: the output must end in .png or .svg\n",
                out.display()
            ),
            2,
        );
    };
    if !(4.0..=1024.0).contains(&scale) {
        return fail(
            format!("vedette: --scale {scale} is out of range: give 4 to 1024 pixels a hex\n"),
            2,
        );
    }
    let text = std::fs::read_to_string(input).unwrap_or_default();
    let loaded: Result<(Map, Option<Scenario>), OpenError> = if files::looks_like_map(&text) {
        files::load_map(input).map(|m| (m, None))
    } else {
        files::load_scenario(input).map(|d| (d.map, Some(d.scenario)))
    };
    let (map, scenario) = match loaded {
        Ok(x) => x,
        Err(e) => return fail(format!("{e}\n"), 1),
    };
    let bytes = match map_image(&map, scenario.as_ref(), format, scale) {
        Ok(b) => b,
        Err(e) => return fail(format!("vedette: {e}\n"), 1),
    };
    if let Err(e) = files::write_atomic(out, &bytes) {
        return fail(format!("{}: error: cannot write: {e}\n", out.display()), 1);
    }
    Outcome {
        stdout: format!(
            "wrote {} ({} KB)\n",
            out.display(),
            bytes.len().div_ceil(1024)
        ),
        stderr: String::new(),
        code: 0,
    }
}
