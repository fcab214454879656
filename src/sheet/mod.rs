//! Setup sheets, as a pure layout step: a scenario becomes pages of boxes,
//! lines, polygons and text in millimetres (origin top left, y down), which
//! a backend (PDF, PNG) then draws. Nothing here knows about a file format,
//! so the layout is tested on its own.
//!
//! Status (issue 7, first step): the page model, paper sizes and
//! orientation choice, the title block and the map page. The order of
//! battle, reinforcements, victory conditions, tables, tracks and the PDF
//! backend are still to come.

mod map_page;

pub use map_page::map_pages;

use crate::scenario::{Colour, Map, Scenario};

/// A colour as red, green, blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    pub fn from_colour(c: Colour) -> Rgb {
        Rgb(c.0, c.1, c.2)
    }
}

/// A point on a page, in millimetres from the top left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f32,
    pub y: f32,
}

pub const fn pt(x: f32, y: f32) -> Pt {
    Pt { x, y }
}

/// Where a text's anchor point is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// One thing drawn on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Polygon {
        points: Vec<Pt>,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    },
    Line {
        from: Pt,
        to: Pt,
        colour: Rgb,
        width: f32,
    },
    Circle {
        centre: Pt,
        radius: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
    },
    /// Text on one line; `at` is the baseline point given by `align`.
    Text {
        at: Pt,
        size: f32,
        text: String,
        bold: bool,
        colour: Rgb,
        align: Align,
    },
}

/// Paper sizes, in millimetres, portrait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// One page: its size and what is on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

impl Page {
    pub fn new(width: f32, height: f32) -> Page {
        Page {
            width,
            height,
            items: Vec::new(),
        }
    }

    pub fn text(&mut self, at: Pt, size: f32, text: impl Into<String>, bold: bool, align: Align) {
        self.items.push(Item::Text {
            at,
            size,
            text: text.into(),
            bold,
            colour: Rgb::BLACK,
            align,
        });
    }

    /// Every text on the page, in order (for tests and search).
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.items.iter().filter_map(|i| match i {
            Item::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
    }
}

/// Page margins, in millimetres.
pub const MARGIN: f32 = 12.0;

/// The smallest hex (flat side to flat side) a map is printed at before it
/// is tiled over several pages.
pub const MIN_HEX_MM: f32 = 12.0;

/// The title block at the top of the first page; returns the height used.
pub fn title_block(page: &mut Page, s: &Scenario) -> f32 {
    let x = MARGIN;
    let mut y = MARGIN + 7.0;
    page.text(pt(x, y), 16.0, s.title.clone(), true, Align::Left);
    y += 6.0;
    let mut line = Vec::new();
    if !s.author.is_empty() {
        line.push(format!("by {}", s.author));
    }
    line.push(format!("rules: {}", s.rules.name()));
    line.push(format!("{} Game-Turns", s.turns));
    page.text(pt(x, y), 9.0, line.join("  ·  "), false, Align::Left);
    y += 3.0;
    page.items.push(Item::Line {
        from: pt(x, y),
        to: pt(page.width - MARGIN, y),
        colour: Rgb::BLACK,
        width: 0.4,
    });
    y + 3.0 - MARGIN
}

/// The whole sheet: so far the title block and the map, on pages of the
/// given paper (each page turned to suit what is on it).
pub fn layout(s: &Scenario, map: &Map, paper: Paper) -> Vec<Page> {
    map_pages(s, map, paper)
}

#[cfg(test)]
mod tests;
