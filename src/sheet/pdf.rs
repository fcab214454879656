//! The PDF backend, with krilla: vector paths, real text (selectable and
//! searchable) in the shipped DejaVu Sans, embedded as a subset. Returns
//! the file's bytes; writing it is the shell's job.

use super::font::{self, MM_PER_PT};
use super::{Item, Page, Pt, Rgb};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, LineJoin, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("the shipped font could not be read")]
    Font,
    #[error("a page of {0} x {1} mm is not a valid PDF page")]
    PageSize(f32, f32),
    #[error("the PDF could not be written: {0}")]
    Write(String),
}

fn p(q: Pt) -> (f32, f32) {
    (q.x / MM_PER_PT, q.y / MM_PER_PT)
}

fn paint(c: Rgb) -> krilla::paint::Paint {
    rgb::Color::new(c.0, c.1, c.2).into()
}

fn fill(c: Rgb) -> Fill {
    Fill {
        paint: paint(c),
        ..Fill::default()
    }
}

fn stroke(c: Rgb, width_mm: f32) -> Stroke {
    Stroke {
        paint: paint(c),
        width: width_mm / MM_PER_PT,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

fn polygon(points: &[Pt]) -> Option<Path> {
    let mut b = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    let (x, y) = p(*first);
    b.move_to(x, y);
    for q in rest {
        let (x, y) = p(*q);
        b.line_to(x, y);
    }
    b.close();
    b.finish()
}

/// A circle from four cubic arcs.
fn circle(c: Pt, r: f32) -> Option<Path> {
    let (cx, cy) = p(c);
    let r = r / MM_PER_PT;
    let k = 0.552_284_8 * r;
    let mut b = PathBuilder::new();
    b.move_to(cx + r, cy);
    b.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    b.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    b.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    b.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    b.close();
    b.finish()
}

fn shape(surface: &mut Surface, path: Option<Path>, f: Option<Rgb>, s: Option<(Rgb, f32)>) {
    let Some(path) = path else { return };
    surface.set_fill(f.map(fill));
    surface.set_stroke(s.map(|(c, w)| stroke(c, w)));
    surface.draw_path(&path);
}

fn draw_item(surface: &mut Surface, item: &Item, fonts: &[Font; 2]) {
    match item {
        Item::Polygon {
            points,
            fill,
            stroke,
        } => shape(surface, polygon(points), *fill, *stroke),
        Item::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => shape(surface, circle(*centre, *radius), *fill, *stroke),
        Item::Line {
            from,
            to,
            colour,
            width,
        } => {
            let mut b = PathBuilder::new();
            let (x0, y0) = p(*from);
            let (x1, y1) = p(*to);
            b.move_to(x0, y0);
            b.line_to(x1, y1);
            shape(surface, b.finish(), None, Some((*colour, *width)));
        }
        Item::Text {
            at,
            size,
            text,
            bold,
            colour,
            align,
        } => {
            if text.is_empty() {
                return;
            }
            let left = font::left_of(at.x, text, *size, *bold, *align);
            let (x, y) = p(super::pt(left, at.y));
            // The current stroke would also outline the text.
            surface.set_stroke(None);
            surface.set_fill(Some(fill(*colour)));
            surface.draw_text(
                Point::from_xy(x, y),
                fonts[*bold as usize].clone(),
                *size,
                text,
                false,
                TextDirection::Auto,
            );
        }
    }
}

/// The pages as a PDF document titled `title`.
pub fn write(pages: &[Page], title: &str) -> Result<Vec<u8>, PdfError> {
    write_with_progress(pages, title, &mut |_, _| {})
}

/// [`write`], calling `progress(pages done, pages)` after each page.
pub fn write_with_progress(
    pages: &[Page],
    title: &str,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<u8>, PdfError> {
    let load = |data: &'static [u8]| Font::new(data.into(), 0).ok_or(PdfError::Font);
    let fonts = [load(font::REGULAR)?, load(font::BOLD)?];
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator(format!("Vedette {}", env!("CARGO_PKG_VERSION"))),
    );
    for (i, page) in pages.iter().enumerate() {
        progress(i, pages.len());
        let settings = PageSettings::from_wh(page.width / MM_PER_PT, page.height / MM_PER_PT)
            .ok_or(PdfError::PageSize(page.width, page.height))?;
        let mut pdf_page = doc.start_page_with(settings);
        let mut surface = pdf_page.surface();
        for item in &page.items {
            draw_item(&mut surface, item, &fonts);
        }
        surface.finish();
        pdf_page.finish();
    }
    doc.finish().map_err(|e| PdfError::Write(format!("{e:?}")))
}
