//! The SVG backend: the page as an SVG document in millimetres, text as
//! `<text>` in DejaVu Sans (the viewer's copy of the font, or its fallback).

use super::font::FAMILY;
use super::{Align, Item, Page, Pt, Rgb};
use std::fmt::Write;

fn colour(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn paint(fill: Option<Rgb>, stroke: Option<(Rgb, f32)>) -> String {
    let mut s = match fill {
        Some(c) => format!("fill=\"{}\"", colour(c)),
        None => "fill=\"none\"".to_string(),
    };
    if let Some((c, w)) = stroke {
        let _ = write!(
            s,
            " stroke=\"{}\" stroke-width=\"{w:.3}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"",
            colour(c)
        );
    }
    s
}

fn points(pts: &[Pt]) -> String {
    pts.iter()
        .map(|p| format!("{:.2},{:.2}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The page as SVG text, `px_per_mm` pixels a millimetre for its nominal
/// size (the drawing itself is vector).
pub fn write(page: &Page, px_per_mm: f32) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0}\" height=\"{:.0}\" viewBox=\"0 0 {:.2} {:.2}\" font-family=\"{FAMILY}, sans-serif\">",
        page.width * px_per_mm,
        page.height * px_per_mm,
        page.width,
        page.height
    );
    let _ = writeln!(
        out,
        "<rect width=\"{:.2}\" height=\"{:.2}\" fill=\"#ffffff\"/>",
        page.width, page.height
    );
    for item in &page.items {
        let _ = match item {
            Item::Polygon {
                points: pts,
                fill,
                stroke,
            } => writeln!(
                out,
                "<polygon points=\"{}\" {}/>",
                points(pts),
                paint(*fill, *stroke)
            ),
            Item::Circle {
                centre,
                radius,
                fill,
                stroke,
            } => writeln!(
                out,
                "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{radius:.2}\" {}/>",
                centre.x,
                centre.y,
                paint(*fill, *stroke)
            ),
            Item::Line {
                from,
                to,
                colour: c,
                width,
            } => writeln!(
                out,
                "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" {}/>",
                from.x,
                from.y,
                to.x,
                to.y,
                paint(None, Some((*c, *width)))
            ),
            Item::Text {
                at,
                size,
                text,
                bold,
                colour: c,
                align,
            } => {
                let anchor = match align {
                    Align::Left => "start",
                    Align::Centre => "middle",
                    Align::Right => "end",
                };
                writeln!(
                    out,
                    "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.3}\" text-anchor=\"{anchor}\"{} fill=\"{}\">{}</text>",
                    at.x,
                    at.y,
                    size * super::font::MM_PER_PT,
                    if *bold { " font-weight=\"bold\"" } else { "" },
                    colour(*c),
                    escape(text)
                )
            }
        };
    }
    out.push_str("</svg>\n");
    out
}
