//! The sheet's typeface, shipped with the project: DejaVu Sans, regular and
//! bold (free licence in `fonts/LICENSE-DejaVu.txt`). The layout measures
//! text with it to size table columns and wrap paragraphs, and every
//! backend draws with the same files, so what was measured is what prints.

use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

/// DejaVu Sans.
pub static REGULAR: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub static BOLD: &[u8] = include_bytes!("fonts/DejaVuSans-Bold.ttf");

/// The family name backends that refer to fonts by name (SVG) use.
pub const FAMILY: &str = "DejaVu Sans";

/// Millimetres in a typographic point.
pub const MM_PER_PT: f32 = 25.4 / 72.0;

/// The font file for a weight.
pub fn data(bold: bool) -> &'static [u8] {
    if bold { BOLD } else { REGULAR }
}

fn face(bold: bool) -> Option<FontRef<'static>> {
    FontRef::new(data(bold)).ok()
}

/// The width of one line of text in millimetres at `size` points. Advance
/// widths only (no kerning): within a few hundredths of a millimetre of the
/// shaped width at these sizes, which is all centring and column widths
/// need. Characters the font lacks count as half an em.
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let Some(font) = face(bold) else {
        // The shipped font failed to parse: cannot happen with the files
        // compiled in, but estimate rather than panic.
        return text.chars().count() as f32 * size * 0.55 * MM_PER_PT;
    };
    let upem = font
        .metrics(Size::unscaled(), LocationRef::default())
        .units_per_em as f32;
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
    let units: f32 = text
        .chars()
        .map(|c| {
            charmap
                .map(c)
                .and_then(|g| metrics.advance_width(g))
                .unwrap_or(upem * 0.5)
        })
        .sum();
    units / upem * size * MM_PER_PT
}

/// The smallest text a sheet prints, in points: legible on A4 at arm's
/// length (issue 35 item 32: counter designations had shrunk to 2-4 pt).
pub const MIN_TEXT_PT: f32 = 6.0;

/// `text` set to fit `width` millimetres: at `size` points when it fits,
/// else at the size that fits but never under [`MIN_TEXT_PT`]; a text
/// still too wide loses a trailing part in brackets ("Reille (II)" becomes
/// "Reille"), then its last letters for an ellipsis.
pub fn fit_text(text: &str, size: f32, width: f32, bold: bool) -> (String, f32) {
    let size = size.max(MIN_TEXT_PT);
    let w = text_width(text, size, bold);
    if w <= width {
        return (text.to_string(), size);
    }
    let shrunk = size * width / w;
    if shrunk >= MIN_TEXT_PT {
        return (text.to_string(), shrunk);
    }
    let fits = |t: &str| text_width(t, MIN_TEXT_PT, bold) <= width;
    if let Some(i) = text.find(" (") {
        let short = text[..i].trim_end();
        if !short.is_empty() && fits(short) {
            return (short.to_string(), MIN_TEXT_PT);
        }
    }
    let chars: Vec<char> = text.chars().collect();
    for n in (1..chars.len()).rev() {
        let t: String = chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
        if fits(&t) {
            return (t, MIN_TEXT_PT);
        }
    }
    (String::new(), MIN_TEXT_PT)
}

/// Where a text's left end starts, in millimetres, for an anchor point and
/// alignment.
pub fn left_of(x: f32, text: &str, size: f32, bold: bool, align: super::Align) -> f32 {
    match align {
        super::Align::Left => x,
        super::Align::Centre => x - text_width(text, size, bold) / 2.0,
        super::Align::Right => x - text_width(text, size, bold),
    }
}

/// Splits text into lines no wider than `width` millimetres, breaking at
/// spaces (a single word wider than the line stays whole).
pub fn wrap(text: &str, width: f32, size: f32, bold: bool) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && text_width(&candidate, size, bold) > width {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = candidate;
            }
        }
        lines.push(line);
    }
    lines
}

/// Receives glyph outlines as a backend draws text itself (the PNG
/// renderer). Coordinates are in the output's units, y down.
pub trait GlyphSink {
    fn move_to(&mut self, x: f32, y: f32);
    fn line_to(&mut self, x: f32, y: f32);
    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32);
    fn curve_to(&mut self, c0x: f32, c0y: f32, c1x: f32, c1y: f32, x: f32, y: f32);
    fn close(&mut self);
}

/// Moves glyph outlines from font space (y up, pixels per em already
/// applied) to the output, y down, offset to the pen position.
struct Placed<'a, S: GlyphSink> {
    sink: &'a mut S,
    x: f32,
    y: f32,
}

impl<S: GlyphSink> OutlinePen for Placed<'_, S> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.sink.move_to(self.x + x, self.y - y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.sink.line_to(self.x + x, self.y - y);
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.sink
            .quad_to(self.x + cx0, self.y - cy0, self.x + x, self.y - y);
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.sink.curve_to(
            self.x + cx0,
            self.y - cy0,
            self.x + cx1,
            self.y - cy1,
            self.x + x,
            self.y - y,
        );
    }
    fn close(&mut self) {
        self.sink.close();
    }
}

/// Draws one line of text as outlines into `sink`: `x`, `y` is the left end
/// of the baseline and `em` the font size, all in the sink's units.
pub fn outline_text(sink: &mut impl GlyphSink, text: &str, x: f32, y: f32, em: f32, bold: bool) {
    let Some(font) = face(bold) else {
        return;
    };
    let upem = font
        .metrics(Size::unscaled(), LocationRef::default())
        .units_per_em as f32;
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
    let outlines = font.outline_glyphs();
    let settings = || DrawSettings::unhinted(Size::new(em), LocationRef::default());
    let mut pen_x = x;
    for c in text.chars() {
        let Some(gid) = charmap.map(c) else {
            pen_x += em * 0.5;
            continue;
        };
        if let Some(glyph) = outlines.get(gid) {
            let mut placed = Placed {
                sink: &mut *sink,
                x: pen_x,
                y,
            };
            // A glyph that fails to draw is left out; the rest still print.
            let _ = glyph.draw(settings(), &mut placed);
        }
        pen_x += metrics.advance_width(gid).unwrap_or(upem * 0.5) / upem * em;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_grow_with_text_size_and_weight() {
        let w = text_width("Napoleon at Waterloo", 10.0, false);
        // About 0.55 em a character for DejaVu Sans.
        assert!(w > 30.0 && w < 45.0, "{w}");
        assert!((text_width("Napoleon at Waterloo", 20.0, false) - 2.0 * w).abs() < 1e-3);
        assert!(text_width("Napoleon at Waterloo", 10.0, true) > w);
        assert_eq!(text_width("", 10.0, false), 0.0);
    }

    #[test]
    fn wrapping_keeps_every_word_and_each_line_fits() {
        let text = "The Allied Player wins by destroying 40 French Combat Strength Points before losing 40 of his own.";
        let lines = wrap(text, 60.0, 9.0, false);
        assert!(lines.len() >= 2);
        assert_eq!(lines.join(" "), text);
        for l in &lines {
            assert!(text_width(l, 9.0, false) <= 60.0, "{l}");
        }
    }
}
