//! Setup sheets, as a pure layout step: a scenario becomes pages of boxes,
//! lines, polygons and text in millimetres (origin top left, y down; text
//! sizes in points), which a backend then draws: [`pdf`] (krilla, vector,
//! with the shipped font embedded), [`raster`] (PNG through tiny-skia) and
//! [`svg`]. Nothing in the layout knows about a file format, so it is
//! tested on its own.
//!
//! The sheet: a title block; the map (on the first page when it fits with
//! hexes at least [`MIN_HEX_MM`] across, else an overview there and the map
//! tiled over sheets that overlap by one hex row or column); the victory
//! conditions, turn track and loss tracks; per side the order of battle by
//! hex; the reinforcements by Game-Turn with entry hexes; the variant's
//! chit tables; the CRT and the terrain effects chart.

pub mod flow;
pub mod font;
pub mod map_page;
pub mod pdf;
pub mod raster;
pub mod sections;
pub mod svg;

use crate::hex::Hex;
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

/// An item moved down by `dy` millimetres.
pub fn shifted(item: Item, dy: f32) -> Item {
    let d = |p: Pt| pt(p.x, p.y + dy);
    match item {
        Item::Polygon {
            points,
            fill,
            stroke,
        } => Item::Polygon {
            points: points.into_iter().map(d).collect(),
            fill,
            stroke,
        },
        Item::Line {
            from,
            to,
            colour,
            width,
        } => Item::Line {
            from: d(from),
            to: d(to),
            colour,
            width,
        },
        Item::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => Item::Circle {
            centre: d(centre),
            radius,
            fill,
            stroke,
        },
        Item::Text {
            at,
            size,
            text,
            bold,
            colour,
            align,
        } => Item::Text {
            at: d(at),
            size,
            text,
            bold,
            colour,
            align,
        },
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
    line.push(format!(
        "{} Game-Turns",
        s.rules.plugin().game_length(s.turns)
    ));
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

/// Most map sheets a setup sheet prints. A map that needs more (a 999x999
/// map needs thousands at [`MIN_HEX_MM`]) is refused: no one prints that
/// at a table, and it took minutes; `vedette render` draws it as one image.
pub const MAX_MAP_SHEETS: usize = 250;

/// Why a scenario's setup sheet is not made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error(
        "the {columns}x{rows} map would print on {sheets} map sheets at {MIN_HEX_MM} mm a hex; a setup sheet prints at most {MAX_MAP_SHEETS} (draw the map as an image with `vedette render` instead)"
    )]
    TooManySheets {
        columns: u32,
        rows: u32,
        sheets: usize,
    },
}

/// How many map sheets the setup sheet of this map needs (0 when the map
/// fits on the first page), refused past [`MAX_MAP_SHEETS`]. Cheap: it
/// counts the sheets without laying them out.
pub fn map_sheets(s: &Scenario, map: &Map, paper: Paper) -> Result<usize, SheetError> {
    let (pw, ph) = paper.size_mm();
    let title_h = title_block(&mut Page::new(pw, ph), s);
    let sheets = map_page::plan_count(map, (pw, ph), title_h).unwrap_or(0);
    if sheets > MAX_MAP_SHEETS {
        return Err(SheetError::TooManySheets {
            columns: map.columns,
            rows: map.rows,
            sheets,
        });
    }
    Ok(sheets)
}

/// The whole sheet on pages of the given paper.
/// A balance note the designer asks to print on the sheet: what a
/// sensitivity study found (its few lines, and the numbers that decide the
/// balance most with what a step each way does).
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceNote {
    pub summary: String,
    /// Number (ruling), value, one step down, one step up.
    pub rows: Vec<[String; 4]>,
    pub footnote: String,
}

/// The sheet's pages.
pub fn layout(s: &Scenario, map: &Map, paper: Paper) -> Vec<Page> {
    layout_noted(s, map, paper, None)
}

/// The balance note, last in the text.
fn balance_note(flow: &mut flow::Flow, note: &BalanceNote) {
    use flow::{Cell, Column};
    flow.heading("Balance note", 30.0);
    flow.paragraph(&note.summary, flow::BODY);
    let columns = [
        Column::new("Number").wrapping(),
        Column::new("Value").centred(),
        Column::new("One step down").wrapping(),
        Column::new("One step up").wrapping(),
    ];
    let rows: Vec<Vec<Cell>> = note
        .rows
        .iter()
        .map(|r| r.iter().map(Cell::new).collect())
        .collect();
    flow.table(&columns, &rows);
    if !note.footnote.is_empty() {
        flow.paragraph(&note.footnote, 7.5);
    }
}

/// The sheet's pages, with a balance note when one is given.
pub fn layout_noted(
    s: &Scenario,
    map: &Map,
    paper: Paper,
    note: Option<&BalanceNote>,
) -> Vec<Page> {
    // The rule set's own sections, from its plugin.
    let plugin = s.rules.plugin();
    let victory = |flow: &mut flow::Flow| plugin.sheet_victory(flow, s, map);
    // The rest of the sheet, after the map.
    let rest_of = |flow: &mut flow::Flow| plugin.sheet_sections(flow, s, map);
    // And the balance note, when asked for.
    let rest = |flow: &mut flow::Flow| {
        rest_of(flow);
        if let Some(n) = note {
            balance_note(flow, n);
        }
    };
    let (pw, ph) = paper.size_mm();
    let mut probe = Page::new(pw, ph);
    let title_h = title_block(&mut probe, s);
    let mut pages = Vec::new();
    let mut flow = flow::Flow::new(pw, ph);
    flow.grid = map.grid();
    match map_page::plan(map, (pw, ph), title_h) {
        map_page::MapPlan::OnePage { landscape, size } => {
            pages.push(map_on_first_page(s, map, paper, landscape, size));
            flow.new_page();
            victory(&mut flow);
            rest(&mut flow);
        }
        map_page::MapPlan::Tiled {
            landscape,
            size,
            tiles,
        } => {
            flow.new_page();
            let top = title_block(flow.page(), s);
            flow.y = MARGIN + top;
            if !s.description.is_empty() {
                flow.paragraph(&s.description, 8.5);
            }
            overview(&mut flow, s, map, &tiles);
            victory(&mut flow);
            // A victory section that spilt a few lines onto a page of
            // their own (issue 35 item 32: Saint-Aubin's page 2 held three
            // lines) is followed by the rest of the text, and the map
            // sheets come after it; otherwise the map sheets come next.
            let short = flow.pages.len() > 1 && flow.y < MARGIN + (ph - 2.0 * MARGIN) * 0.5;
            if short {
                rest(&mut flow);
            }
            pages.append(&mut flow.pages);
            for t in &tiles {
                pages.push(map_sheet(s, map, paper, landscape, size, t, &tiles));
            }
            if !short {
                flow.new_page();
                rest(&mut flow);
            }
        }
    }
    pages.append(&mut flow.pages);
    // The rule set's own pages (cards to cut out), after the sheet.
    pages.extend(plugin.sheet_pages(s, paper));
    flow::Flow::footers(&mut pages, &s.title);
    pages
}

fn oriented(paper: Paper, landscape: bool) -> (f32, f32) {
    let (w, h) = paper.size_mm();
    if landscape { (h, w) } else { (w, h) }
}

/// The first page when the whole map fits on it under the title block.
fn map_on_first_page(s: &Scenario, map: &Map, paper: Paper, landscape: bool, size: f32) -> Page {
    let (w, h) = oriented(paper, landscape);
    let mut page = Page::new(w, h);
    let top = MARGIN + title_block(&mut page, s);
    let hexes: Vec<Hex> = map.hexes_on_map().collect();
    let (mw, mh) = map_page::extent(map, &hexes, size);
    let (aw, ah) = (w - 2.0 * MARGIN, h - top - MARGIN - map_page::SHEET_FOOT);
    let at = pt(MARGIN + (aw - mw) / 2.0, top + (ah - mh) / 2.0);
    if let Some(l) = map_page::layout_for(map, &hexes, size, at) {
        map_page::draw_map(&mut page, map, Some(s), &l, &hexes, map_page::Detail::FULL);
    }
    map_page::legend(
        &mut page,
        Some(s),
        map,
        MARGIN,
        h - MARGIN - map_page::SHEET_FOOT + 6.0,
    );
    page
}

/// The whole map small, with the map sheets outlined and lettered.
fn overview(flow: &mut flow::Flow, s: &Scenario, map: &Map, tiles: &[map_page::Tile]) {
    let hexes: Vec<Hex> = map.hexes_on_map().collect();
    let (uw, uh) = map_page::extent(map, &hexes, 1.0);
    let width = flow.text_width();
    let max_h = (flow.room() - 90.0).max(60.0);
    let size = (width / uw).min(max_h / uh);
    let (mw, mh) = (uw * size, uh * size);
    flow.heading(
        &format!(
            "Map overview: the map is printed at full size on {} sheets ({})",
            tiles.len(),
            match tiles {
                [a, .., b] if tiles.len() > 3 => format!("{} to {}", a.name, b.name),
                _ => tiles
                    .iter()
                    .map(|t| t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            }
        ),
        mh,
    );
    let at = pt(MARGIN + (width - mw) / 2.0, flow.y + 1.0);
    let Some(l) = map_page::layout_for(map, &hexes, size, at) else {
        return;
    };
    let detail = map_page::Detail {
        hex_numbers: false,
        counters: true,
        names: true,
    };
    let page = flow.page();
    map_page::draw_map(page, map, Some(s), &l, &hexes, detail);
    let colours = [
        Rgb(200, 30, 30),
        Rgb(30, 60, 200),
        Rgb(20, 140, 40),
        Rgb(160, 40, 160),
    ];
    for (i, t) in tiles.iter().enumerate() {
        let Some((lo, hi)) = l.bounds(t.hexes.iter().copied()) else {
            continue;
        };
        let c = colours[i % colours.len()];
        let inset = 0.6 * (i % 2) as f32;
        page.items.push(flow::rect(
            lo.x as f32 + inset,
            lo.y as f32 + inset,
            hi.x as f32 - inset,
            hi.y as f32 - inset,
            None,
            Some((c, 0.6)),
        ));
        page.items.push(Item::Text {
            at: pt(lo.x as f32 + 2.0 + inset, lo.y as f32 + 7.0 + inset),
            size: 16.0,
            text: t.name.clone(),
            bold: true,
            colour: c,
            align: Align::Left,
        });
    }
    flow.y += mh + 3.0;
    let y = flow.y;
    let extra = map_page::legend(flow.page(), Some(s), map, MARGIN, y + 2.0);
    flow.y += 6.0 + extra;
}

/// One sheet of the tiled map, with its heading, alignment marks where it
/// overlaps its neighbours, and the legend.
fn map_sheet(
    s: &Scenario,
    map: &Map,
    paper: Paper,
    landscape: bool,
    size: f32,
    tile: &map_page::Tile,
    tiles: &[map_page::Tile],
) -> Page {
    let (w, h) = oriented(paper, landscape);
    let mut page = Page::new(w, h);
    let heading = format!(
        "Map sheet {} of {}: columns {:02}-{:02}, rows {:02}-{:02}",
        tile.name,
        tiles.len(),
        tile.columns.0,
        tile.columns.1,
        tile.rows.0,
        tile.rows.1
    );
    page.text(pt(MARGIN, MARGIN + 5.0), 12.0, heading, true, Align::Left);
    // Which neighbours share a row or column with this sheet.
    let mut notes = Vec::new();
    for o in tiles.iter().filter(|o| o.name != tile.name) {
        if o.columns == tile.columns && o.rows.0 == tile.rows.1 {
            notes.push(format!(
                "row {:02} repeats at the top of sheet {}",
                o.rows.0, o.name
            ));
        }
        if o.columns == tile.columns && o.rows.1 == tile.rows.0 {
            notes.push(format!(
                "row {:02} repeats at the bottom of sheet {}",
                o.rows.1, o.name
            ));
        }
        if o.rows == tile.rows && o.columns.0 == tile.columns.1 {
            notes.push(format!(
                "column {:02} repeats at the left of sheet {}",
                o.columns.0, o.name
            ));
        }
        if o.rows == tile.rows && o.columns.1 == tile.columns.0 {
            notes.push(format!(
                "column {:02} repeats at the right of sheet {}",
                o.columns.1, o.name
            ));
        }
    }
    if !notes.is_empty() {
        let text = format!(
            "Overlap: {}; lay the repeated {} over each other (marks ▶◀).",
            notes.join("; "),
            if map.grid().is_boxes() {
                "boxes"
            } else {
                "hexes"
            }
        );
        for (i, line) in font::wrap(&text, w - 2.0 * MARGIN, 7.0, false)
            .into_iter()
            .take(2)
            .enumerate()
        {
            page.items.push(Item::Text {
                at: pt(MARGIN, MARGIN + 9.5 + i as f32 * 3.0),
                size: 7.0,
                text: line,
                bold: false,
                colour: Rgb(70, 70, 70),
                align: Align::Left,
            });
        }
    }
    let top = MARGIN + map_page::SHEET_HEADING;
    let (mw, mh) = map_page::extent(map, &tile.hexes, size);
    let (aw, ah) = (w - 2.0 * MARGIN, h - top - MARGIN - map_page::SHEET_FOOT);
    let at = pt(MARGIN + (aw - mw) / 2.0, top + (ah - mh) / 2.0);
    let Some(l) = map_page::layout_for(map, &tile.hexes, size, at) else {
        return page;
    };
    map_page::draw_map(
        &mut page,
        map,
        Some(s),
        &l,
        &tile.hexes,
        map_page::Detail::FULL,
    );
    // Alignment marks beside the overlapping row or column: triangles in
    // the margin pointing at the repeated hexes' centres.
    let mark = |page: &mut Page, tip: Pt, dx: f32, dy: f32| {
        let (px, py) = (-dy, dx);
        page.items.push(Item::Polygon {
            points: vec![
                tip,
                pt(tip.x - dx * 3.0 + px * 1.6, tip.y - dy * 3.0 + py * 1.6),
                pt(tip.x - dx * 3.0 - px * 1.6, tip.y - dy * 3.0 - py * 1.6),
            ],
            fill: Some(Rgb::BLACK),
            stroke: None,
        });
    };
    let (left, right) = (at.x, at.x + mw);
    let (topy, bottom) = (at.y, at.y + mh);
    let shares_row = |r: u32| {
        tiles.iter().any(|o| {
            o.name != tile.name && o.columns == tile.columns && (o.rows.0 == r || o.rows.1 == r)
        })
    };
    let shares_col = |c: u32| {
        tiles.iter().any(|o| {
            o.name != tile.name && o.rows == tile.rows && (o.columns.0 == c || o.columns.1 == c)
        })
    };
    for r in [tile.rows.0, tile.rows.1] {
        if !shares_row(r) {
            continue;
        }
        let ys: Vec<f32> = tile
            .hexes
            .iter()
            .filter(|h| h.row as u32 == r)
            .map(|&h| l.center(h).y as f32)
            .collect();
        if let Some(y) = ys.iter().copied().reduce(f32::min) {
            mark(&mut page, pt(left - 0.8, y), 1.0, 0.0);
            mark(&mut page, pt(right + 0.8, y), -1.0, 0.0);
        }
    }
    for c in [tile.columns.0, tile.columns.1] {
        if !shares_col(c) {
            continue;
        }
        if let Some(&h) = tile.hexes.iter().find(|h| h.col as u32 == c) {
            let x = l.center(h).x as f32;
            mark(&mut page, pt(x, topy - 0.8), 0.0, 1.0);
            mark(&mut page, pt(x, bottom + 0.8), 0.0, -1.0);
        }
    }
    map_page::legend(
        &mut page,
        Some(s),
        map,
        MARGIN,
        h - MARGIN - map_page::SHEET_FOOT + 6.0,
    );
    page
}

#[cfg(test)]
mod tests;
