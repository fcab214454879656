//! The map on paper: terrain, hex numbers, place names and the at-start
//! counters, scaled to fill the page (turned to landscape when the map is
//! wider than tall), below the title block.

use super::{Align, Item, MARGIN, Page, Paper, Rgb, pt, title_block};
use crate::hex::{Layout, Point};
use crate::scenario::{Map, Scenario};

/// The map page(s). The map is scaled to the largest size that fits; when
/// its hexes would then be narrower than [`super::MIN_HEX_MM`] it still fits one
/// page for now (tiling over several pages is the next step of issue 7).
pub fn map_pages(s: &Scenario, map: &Map, paper: Paper) -> Vec<Page> {
    let unit = Layout::with_first_hex_at(map.grid(), 1.0, Point::default());
    let Some((lo, hi)) = unit.bounds(map.hexes_on_map()) else {
        let (w, h) = paper.size_mm();
        let mut page = Page::new(w, h);
        title_block(&mut page, s);
        return vec![page];
    };
    let (mw, mh) = ((hi.x - lo.x) as f32, (hi.y - lo.y) as f32);
    let (pw, ph) = paper.size_mm();
    // Landscape when the map is wider than tall.
    let (w, h) = if mw > mh { (ph, pw) } else { (pw, ph) };
    let mut page = Page::new(w, h);
    let top = MARGIN + title_block(&mut page, s);
    let (aw, ah) = (w - 2.0 * MARGIN, h - top - MARGIN);
    let size = (aw / mw).min(ah / mh);
    let x0 = MARGIN + (aw - mw * size) / 2.0 - lo.x as f32 * size;
    let y0 = top + (ah - mh * size) / 2.0 - lo.y as f32 * size;
    let layout = Layout::new(
        map.grid(),
        size as f64,
        Point::new(
            unit.origin.x * size as f64 + x0 as f64,
            unit.origin.y * size as f64 + y0 as f64,
        ),
    );
    let to_pt = |p: Point| pt(p.x as f32, p.y as f32);
    for h in map.hexes_on_map() {
        let fill = map
            .terrain_at(h)
            .map_or(Rgb::WHITE, |t| Rgb::from_colour(t.colour));
        page.items.push(Item::Polygon {
            points: layout.corners(h).iter().map(|&c| to_pt(c)).collect(),
            fill: Some(fill),
            stroke: Some((Rgb(90, 90, 90), 0.15)),
        });
    }
    let num = (size * 0.22).clamp(1.5, 3.0);
    for h in map.hexes_on_map() {
        let c = layout.center(h);
        let at = pt(c.x as f32, c.y as f32 - size * 0.6);
        page.items.push(Item::Text {
            at,
            size: num * 2.83,
            text: h.label(),
            bold: false,
            colour: Rgb(60, 60, 60),
            align: Align::Centre,
        });
    }
    for place in &map.places {
        if let Some(&h) = place.hexes.first() {
            let c = layout.center(h);
            page.items.push(Item::Text {
                at: pt(c.x as f32, c.y as f32 + size * 0.75),
                size: (size * 0.3).clamp(2.0, 4.0) * 2.83,
                text: place.name.clone(),
                bold: true,
                colour: Rgb(50, 25, 10),
                align: Align::Centre,
            });
        }
    }
    for (u, h) in s.units_at_start() {
        let c = layout.center(h);
        let half = size * 0.42;
        let (cx, cy) = (c.x as f32, c.y as f32);
        page.items.push(Item::Polygon {
            points: vec![
                pt(cx - half, cy - half),
                pt(cx + half, cy - half),
                pt(cx + half, cy + half),
                pt(cx - half, cy + half),
            ],
            fill: Some(Rgb::from_colour(s.unit_colour(u))),
            stroke: Some((Rgb::BLACK, 0.2)),
        });
        page.items.push(Item::Text {
            at: pt(cx, cy + half * 0.8),
            size: (size * 0.28) * 2.83,
            text: u.factors(),
            bold: true,
            colour: Rgb::WHITE,
            align: Align::Centre,
        });
    }
    vec![page]
}
