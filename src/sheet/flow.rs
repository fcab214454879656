//! Text flowing down pages: headings, wrapped paragraphs and tables that
//! continue on a new page (repeating their header) when a page fills.

use super::font::{MM_PER_PT, text_width, wrap};
use super::map_page::counter;
use super::{Align, Item, MARGIN, Page, Rgb, pt};
use crate::scenario::Unit;

/// Space kept free at the bottom of each page for the footer.
pub const FOOTER: f32 = 6.0;

/// Pages being filled from top to bottom.
pub struct Flow {
    width: f32,
    height: f32,
    pub pages: Vec<Page>,
    /// Where the next thing goes, in millimetres from the top.
    pub y: f32,
    /// The last heading: its page, first item, top, and where the flow
    /// stood after it, so a table that moves to a new page takes it along.
    last_heading: Option<(usize, usize, f32, f32)>,
    /// The map's grid: on boxes, text that says hexes says boxes (issue
    /// 18), rewritten before it is measured.
    pub grid: crate::hex::Grid,
}

/// A small picture at the start of a table cell.
#[derive(Clone, Debug)]
pub enum Art {
    /// The unit's counter as the scenario's rules print it.
    Counter(Box<Unit>, crate::sheet::map_page::CounterFace),
    /// A colour swatch (terrain).
    Swatch(Rgb),
}

/// One cell of a table.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    pub text: String,
    pub bold: bool,
    pub art: Option<Art>,
    pub background: Option<Rgb>,
}

impl Cell {
    pub fn new(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            ..Cell::default()
        }
    }
    pub fn bold(mut self) -> Cell {
        self.bold = true;
        self
    }
    pub fn art(mut self, art: Art) -> Cell {
        self.art = Some(art);
        self
    }
    pub fn background(mut self, c: Rgb) -> Cell {
        self.background = Some(c);
        self
    }
}

/// A table column.
#[derive(Clone, Debug)]
pub struct Column {
    pub title: String,
    pub align: Align,
    /// Whether long text wraps (else the column is as wide as its text).
    pub wraps: bool,
}

impl Column {
    pub fn new(title: &str) -> Column {
        Column {
            title: title.to_string(),
            align: Align::Left,
            wraps: false,
        }
    }
    pub fn centred(mut self) -> Column {
        self.align = Align::Centre;
        self
    }
    pub fn wrapping(mut self) -> Column {
        self.wraps = true;
        self
    }
}

/// Body text size, points.
pub const BODY: f32 = 8.5;
const HEADING: f32 = 12.0;
const PAD: f32 = 1.4;
const ART: f32 = 4.6;

fn line_height(size: f32) -> f32 {
    size * MM_PER_PT * 1.3
}

impl Flow {
    pub fn new(width: f32, height: f32) -> Flow {
        Flow {
            width,
            height,
            pages: Vec::new(),
            y: MARGIN,
            last_heading: None,
            grid: crate::hex::Grid::default(),
        }
    }

    /// The text in the map's words: boxes and box sides on a box map.
    fn words<'a>(&self, text: &'a str) -> std::borrow::Cow<'a, str> {
        crate::scenario::grid_words(self.grid, text)
    }

    /// The width between the margins.
    pub fn text_width(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    /// The page being filled (a new one if there is none yet).
    pub fn page(&mut self) -> &mut Page {
        if self.pages.is_empty() {
            self.new_page();
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    pub fn new_page(&mut self) {
        self.pages.push(Page::new(self.width, self.height));
        self.y = MARGIN;
    }

    /// Room left on the current page.
    pub fn room(&self) -> f32 {
        if self.pages.is_empty() {
            return 0.0;
        }
        self.height - MARGIN - FOOTER - self.y
    }

    /// Starts a new page unless `h` millimetres still fit.
    pub fn need(&mut self, h: f32) {
        if self.room() < h {
            self.new_page();
        }
    }

    /// Starts a new page; a heading with nothing under it yet moves along.
    fn break_page(&mut self) {
        let carried = match self.last_heading {
            Some((page, first, top, after))
                if page + 1 == self.pages.len() && (after - self.y).abs() < 1e-3 =>
            {
                let items = self.pages[page].items.split_off(first);
                Some((items, top, after))
            }
            _ => None,
        };
        self.new_page();
        if let Some((items, top, after)) = carried {
            let dy = MARGIN - top;
            let page = self.page();
            page.items
                .extend(items.into_iter().map(|i| super::shifted(i, dy)));
            self.y = after + dy;
        }
    }

    /// A section heading with a rule under it, kept with at least `keep`
    /// millimetres of what follows.
    pub fn heading(&mut self, text: &str, keep: f32) {
        let text = &*self.words(text).into_owned();
        self.need(14.0 + keep);
        if self.y > MARGIN + 1.0 {
            self.y += 4.0;
        }
        let top = self.y;
        let first = self.page().items.len();
        let y = self.y + HEADING * MM_PER_PT;
        let right = self.width - MARGIN;
        let page = self.page();
        page.text(pt(MARGIN, y), HEADING, text, true, Align::Left);
        page.items.push(Item::Line {
            from: pt(MARGIN, y + 1.5),
            to: pt(right, y + 1.5),
            colour: Rgb(120, 120, 120),
            width: 0.25,
        });
        self.y = y + 4.0;
        self.last_heading = Some((self.pages.len() - 1, first, top, self.y));
    }

    /// A smaller heading inside a section.
    pub fn subheading(&mut self, text: &str, keep: f32) {
        let text = &*self.words(text).into_owned();
        self.need(8.0 + keep);
        let top = self.y;
        let first = self.page().items.len();
        let y = self.y + 10.0 * MM_PER_PT + 1.0;
        self.page()
            .text(pt(MARGIN, y), 10.0, text, true, Align::Left);
        self.y = y + 2.0;
        self.last_heading = Some((self.pages.len() - 1, first, top, self.y));
    }

    /// A wrapped paragraph across the text width.
    pub fn paragraph(&mut self, text: &str, size: f32) {
        let lines = wrap(&self.words(text), self.text_width(), size, false);
        let lh = line_height(size);
        for line in lines {
            self.need(lh);
            let y = self.y + size * MM_PER_PT;
            self.page()
                .text(pt(MARGIN, y), size, line, false, Align::Left);
            self.y += lh;
        }
        self.y += 1.5;
    }

    /// A table across the text width (or narrower when its text is). Rows
    /// that do not fit go on to the next page under a repeated header.
    pub fn table(&mut self, columns: &[Column], rows: &[Vec<Cell>]) {
        if self.grid.is_boxes() {
            let columns: Vec<Column> = columns
                .iter()
                .map(|c| Column {
                    title: self.words(&c.title).into_owned(),
                    ..c.clone()
                })
                .collect();
            let rows: Vec<Vec<Cell>> = rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|c| Cell {
                            text: self.words(&c.text).into_owned(),
                            ..c.clone()
                        })
                        .collect()
                })
                .collect();
            let grid = std::mem::take(&mut self.grid);
            self.table(&columns, &rows);
            self.grid = grid;
            return;
        }
        // Columns with nothing in them are left out.
        let keep: Vec<usize> = (0..columns.len())
            .filter(|&i| {
                rows.iter().any(|r| {
                    r.get(i)
                        .is_some_and(|c| !c.text.is_empty() || c.art.is_some())
                })
            })
            .collect();
        if keep.len() < columns.len() {
            let columns: Vec<Column> = keep.iter().map(|&i| columns[i].clone()).collect();
            let rows: Vec<Vec<Cell>> = rows
                .iter()
                .map(|r| keep.iter().filter_map(|&i| r.get(i).cloned()).collect())
                .collect();
            return self.table(&columns, &rows);
        }
        let size = BODY;
        let width = self.text_width();
        // Natural widths: the widest text (and picture) in each column.
        let mut natural: Vec<f32> = columns
            .iter()
            .map(|c| text_width(&c.title, size, true) + 2.0 * PAD)
            .collect();
        for row in rows {
            for (i, cell) in row.iter().enumerate().take(columns.len()) {
                let art = if cell.art.is_some() { ART + PAD } else { 0.0 };
                let w = text_width(&cell.text, size, cell.bold) + 2.0 * PAD + art;
                natural[i] = natural[i].max(w);
            }
        }
        let total: f32 = natural.iter().sum();
        let mut widths = natural.clone();
        if total > width {
            // Wrapping columns give up what is needed, in proportion.
            let fixed: f32 = columns
                .iter()
                .zip(&natural)
                .filter(|(c, _)| !c.wraps)
                .map(|(_, w)| w)
                .sum();
            let flexible: f32 = total - fixed;
            let left = (width - fixed).max(20.0);
            for (i, c) in columns.iter().enumerate() {
                if c.wraps && flexible > 0.0 {
                    widths[i] = natural[i] / flexible * left;
                }
            }
        } else if columns.iter().any(|c| c.wraps) {
            // Wrapping columns take the spare width.
            let spare = width - total;
            let n = columns.iter().filter(|c| c.wraps).count() as f32;
            for (i, c) in columns.iter().enumerate() {
                if c.wraps {
                    widths[i] += spare / n;
                }
            }
        }
        let lh = line_height(size);
        let header_h = lh + PAD;
        let draw_header = |flow: &mut Flow| {
            let y = flow.y;
            let mut x = MARGIN;
            let right = MARGIN + widths.iter().sum::<f32>();
            let page = flow.page();
            page.items.push(rect(
                MARGIN,
                y,
                right,
                y + header_h,
                Some(Rgb(225, 225, 220)),
                None,
            ));
            for (c, w) in columns.iter().zip(&widths) {
                let tx = match c.align {
                    Align::Left => x + PAD,
                    Align::Centre => x + w / 2.0,
                    Align::Right => x + w - PAD,
                };
                page.items.push(Item::Text {
                    at: pt(tx, y + PAD / 2.0 + size * MM_PER_PT),
                    size,
                    text: c.title.clone(),
                    bold: true,
                    colour: Rgb::BLACK,
                    align: c.align,
                });
                x += w;
            }
            flow.y += header_h;
        };
        // Each cell's lines, and each row's height.
        let laid: Vec<(Vec<Vec<String>>, f32)> = rows
            .iter()
            .map(|row| {
                let lines: Vec<Vec<String>> = row
                    .iter()
                    .zip(columns.iter().zip(&widths))
                    .map(|(cell, (c, w))| {
                        let art = if cell.art.is_some() { ART + PAD } else { 0.0 };
                        if c.wraps {
                            wrap(&cell.text, w - 2.0 * PAD - art, size, cell.bold)
                        } else {
                            vec![cell.text.clone()]
                        }
                    })
                    .collect();
                let n = lines.iter().map(Vec::len).max().unwrap_or(1).max(1);
                let has_art = row.iter().any(|c| c.art.is_some());
                let h = (n as f32 * lh).max(if has_art { ART + 0.6 } else { 0.0 }) + PAD;
                (lines, h)
            })
            .collect();
        // A table that would leave a few rows alone on the next page starts
        // on that page instead, if it fits there whole.
        let total = header_h + laid.iter().map(|(_, h)| h).sum::<f32>();
        let page_room = self.height - 2.0 * MARGIN - FOOTER;
        if total > self.room() && total <= page_room {
            let mut used = header_h;
            let fitting = laid
                .iter()
                .take_while(|(_, h)| {
                    used += h;
                    used <= self.room()
                })
                .count();
            if laid.len() - fitting < 4 {
                self.break_page();
            }
        }
        if self.room() < header_h + lh + PAD {
            self.break_page();
        }
        draw_header(self);
        for (ri, (row, (lines, h))) in rows.iter().zip(&laid).enumerate() {
            let h = *h;
            if self.room() < h {
                self.new_page();
                draw_header(self);
            }
            let y = self.y;
            let right = MARGIN + widths.iter().sum::<f32>();
            let page = self.page();
            if ri % 2 == 1 {
                page.items.push(rect(
                    MARGIN,
                    y,
                    right,
                    y + h,
                    Some(Rgb(246, 246, 242)),
                    None,
                ));
            }
            let mut x = MARGIN;
            for ((cell, cell_lines), (c, w)) in
                row.iter().zip(lines).zip(columns.iter().zip(&widths))
            {
                if let Some(bg) = cell.background {
                    page.items.push(rect(x, y, x + w, y + h, Some(bg), None));
                }
                let mut tx = x + PAD;
                if let Some(art) = &cell.art {
                    let c = pt(tx + ART / 2.0, y + h / 2.0);
                    match art {
                        Art::Counter(u, face) => counter(page, c, ART, u, face),
                        Art::Swatch(fill) => page.items.push(rect(
                            c.x - ART / 2.0,
                            c.y - ART / 2.0 + 0.4,
                            c.x + ART / 2.0,
                            c.y + ART / 2.0 - 0.4,
                            Some(*fill),
                            Some((Rgb(100, 100, 100), 0.15)),
                        )),
                    }
                    tx += ART + PAD;
                }
                let tx = match c.align {
                    Align::Left => tx,
                    Align::Centre => x + w / 2.0,
                    Align::Right => x + w - PAD,
                };
                // Single lines sit in the middle of a taller row.
                let top = if cell_lines.len() == 1 {
                    y + (h - lh) / 2.0
                } else {
                    y + PAD / 2.0
                };
                for (li, line) in cell_lines.iter().enumerate() {
                    page.items.push(Item::Text {
                        at: pt(tx, top + li as f32 * lh + size * MM_PER_PT),
                        size,
                        text: line.clone(),
                        bold: cell.bold,
                        colour: Rgb::BLACK,
                        align: c.align,
                    });
                }
                x += w;
            }
            page.items.push(Item::Line {
                from: pt(MARGIN, y + h),
                to: pt(right, y + h),
                colour: Rgb(200, 200, 195),
                width: 0.15,
            });
            self.y += h;
        }
        self.y += 3.0;
    }

    /// Writes "title — page n of N" at the foot of every page.
    pub fn footers(pages: &mut [Page], title: &str) {
        let n = pages.len();
        for (i, p) in pages.iter_mut().enumerate() {
            let y = p.height - MARGIN + 4.0;
            let right = p.width - MARGIN;
            p.items.push(Item::Text {
                at: pt(MARGIN, y),
                size: 7.0,
                text: if title.trim().is_empty() {
                    "Setup sheet".to_string()
                } else {
                    format!("{title} — setup sheet")
                },
                bold: false,
                colour: Rgb(90, 90, 90),
                align: Align::Left,
            });
            p.items.push(Item::Text {
                at: pt(right, y),
                size: 7.0,
                text: format!("page {} of {n}", i + 1),
                bold: false,
                colour: Rgb(90, 90, 90),
                align: Align::Right,
            });
        }
    }
}

/// A rectangle from its left, top, right and bottom edges.
pub fn rect(l: f32, t: f32, r: f32, b: f32, fill: Option<Rgb>, stroke: Option<(Rgb, f32)>) -> Item {
    Item::Polygon {
        points: vec![pt(l, t), pt(r, t), pt(r, b), pt(l, b)],
        fill,
        stroke,
    }
}
