//! The marks every table draws the same way, whatever its rule set: the
//! highlight colours, a hex or box tinted as a choice, the rings, shade
//! and corner marks on a counter, a number on a disc, and a row of dice
//! with what they decided. The rule sets say what to mark; these say how
//! it looks, so the three tables look alike.

use crate::hex::{Hex, Layout};
use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Shape, Stroke, pos2, vec2};

/// Where a unit can go; an attacker.
pub const GREEN: Color32 = Color32::from_rgb(40, 150, 60);
/// An enemy, a defender, a loss.
pub const RED: Color32 = Color32::from_rgb(200, 40, 40);
/// A leader's move; a bombarding unit.
pub const BLUE: Color32 = Color32::from_rgb(40, 90, 200);
/// A move that ends in contact; a warning.
pub const ORANGE: Color32 = Color32::from_rgb(230, 130, 20);
/// The selection.
pub const GOLD: Color32 = Color32::from_rgb(250, 210, 40);
/// A choice the rules wait for.
pub const PURPLE: Color32 = Color32::from_rgb(150, 40, 170);
/// The ink of a formation mark on a counter.
pub const CREAM: Color32 = Color32::from_rgb(250, 240, 200);

/// The hex (or box) `h` filled and outlined.
pub fn cell(layout: &Layout, h: Hex, fill: Color32, stroke: Stroke) -> Shape {
    let pts: Vec<Pos2> = layout
        .corners(h)
        .iter()
        .map(|c| pos2(c.x as f32, c.y as f32))
        .collect();
    Shape::convex_polygon(pts, fill, stroke)
}

/// A hex a unit can reach, tinted in `c`.
pub fn reach(layout: &Layout, h: Hex, c: Color32) -> Shape {
    cell(
        layout,
        h,
        c.gamma_multiply(0.35),
        Stroke::new(1.5, c.gamma_multiply(0.9)),
    )
}

/// A hex the rules ask to choose, in `c` with a firmer outline.
pub fn choice(layout: &Layout, h: Hex, c: Color32) -> Shape {
    cell(layout, h, c.gamma_multiply(0.35), Stroke::new(2.0, c))
}

/// The square of a counter of side `side` centred at `at`.
pub fn counter_rect(at: Pos2, side: f32) -> Rect {
    Rect::from_center_size(at, vec2(side, side))
}

/// A counter that has done what it may this phase, shaded.
pub fn shade(painter: &egui::Painter, r: Rect, side: f32, alpha: u8) {
    painter.rect_filled(r, side * 0.08, Color32::from_black_alpha(alpha));
}

/// A ring of width `w` around a counter.
pub fn ring(painter: &egui::Painter, r: Rect, side: f32, c: Color32, w: f32) {
    painter.rect_stroke(
        r.expand(w * 0.5),
        side * 0.1,
        Stroke::new(w, c),
        egui::StrokeKind::Outside,
    );
}

/// The selected counter's gold ring.
pub fn selected(painter: &egui::Painter, r: Rect, side: f32) {
    ring(painter, r, side, GOLD, (side * 0.08).max(2.0));
}

/// The small font of a counter's marks.
pub fn small_font(side: f32) -> FontId {
    FontId::proportional((side * 0.22).max(8.0))
}

/// A formation mark ("C", "SQ") in the counter's upper left corner.
pub fn corner(painter: &egui::Painter, r: Rect, side: f32, text: &str) {
    painter.text(
        r.left_top() + vec2(side * 0.06, side * 0.04),
        Align2::LEFT_TOP,
        text,
        small_font(side),
        CREAM,
    );
}

/// A number (hits, casualties) on a disc of colour `c` at `at`.
pub fn disc(painter: &egui::Painter, at: Pos2, radius: f32, c: Color32, text: &str, side: f32) {
    painter.circle(at, radius, c, Stroke::new(1.0, Color32::WHITE));
    painter.text(
        at,
        Align2::CENTER_CENTER,
        text,
        small_font(side),
        Color32::WHITE,
    );
}

/// A row of dice as thrown, with what they decided (`title`, strong)
/// and how (`detail`, small: the roll, its modifiers and the rule).
pub fn dice_row(ui: &mut egui::Ui, rolls: &[u32], title: String, detail: String) {
    ui.horizontal(|ui| {
        for &r in rolls {
            let (rect, _) = ui.allocate_exact_size(vec2(30.0, 30.0), Sense::hover());
            super::draw_die(ui.painter(), rect, r);
        }
        ui.vertical(|ui| {
            ui.label(RichText::new(title).strong());
            ui.label(RichText::new(detail).small());
        });
    });
}

/// The unit vector from a hex's centre toward the middle of its hexside
/// `f` (an index into the grid's directions).
pub fn hexside_vector(layout: &Layout, h: Hex, f: u8) -> egui::Vec2 {
    let c = layout.center(h);
    let dirs = layout.grid.dirs();
    match layout.edge(h, dirs[usize::from(f) % dirs.len()]) {
        Some((p, q)) => egui::vec2(
            ((p.x + q.x) / 2.0 - c.x) as f32,
            ((p.y + q.y) / 2.0 - c.y) as f32,
        )
        .normalized(),
        None => egui::vec2(0.0, -1.0),
    }
}

/// The hexside of `h` nearest `pos`, or none near the centre (a click
/// there keeps the facing): the facing a click on a hex table asks for.
pub fn nearest_hexside(layout: &Layout, h: Hex, pos: Pos2) -> Option<u8> {
    let c = layout.center(h);
    let v = egui::vec2(pos.x - c.x as f32, pos.y - c.y as f32);
    if v.length() < layout.size as f32 * 0.3 {
        return None;
    }
    (0..layout.grid.dirs().len() as u8).max_by(|&a, &b| {
        hexside_vector(layout, h, a)
            .dot(v)
            .total_cmp(&hexside_vector(layout, h, b).dot(v))
    })
}

/// A small flag in `c` at the top right of the hex centred at `at`: who
/// holds an objective or victory hex.
pub fn flag(painter: &egui::Painter, at: Pos2, size: f32, c: Color32) {
    let pole = pos2(at.x + size * 0.62, at.y - size * 0.85);
    painter.line_segment(
        [pole, pole + vec2(0.0, size * 0.45)],
        Stroke::new(1.5, Color32::BLACK),
    );
    painter.add(Shape::convex_polygon(
        vec![
            pole,
            pole + vec2(size * 0.3, size * 0.1),
            pole + vec2(0.0, size * 0.2),
        ],
        c,
        Stroke::new(1.0, Color32::BLACK),
    ));
}
