//! Drawing the map and its counters with egui's painter, and the pan/zoom
//! state of a map view. Drawing is a pure function of the scenario, the map
//! and the view, so it can be benchmarked headless.

use crate::hex::{Hex, Layout, Point};
use crate::rules::plugin::UnitMark;
use crate::scenario::{Colour, HexsideFeature, Map, Scenario, Unit, UnitKind};
use egui::{
    Align2, Color32, FontId, Painter, Pos2, Rect, RichText, Sense, Shape, Stroke, Vec2, pos2, vec2,
};
use std::collections::BTreeMap;

/// Hex size (centre to corner) at zoom 1, in points.
pub const BASE_HEX_SIZE: f32 = 28.0;

pub fn color(c: Colour) -> Color32 {
    Color32::from_rgb(c.0, c.1, c.2)
}

/// Pan and zoom of a map view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapView {
    pub zoom: f32,
    /// Screen offset of hex 0101's centre from the view's top-left corner.
    pub pan: Vec2,
    /// Whether the view has been fitted to a map yet.
    pub fitted: bool,
}

impl Default for MapView {
    fn default() -> Self {
        MapView {
            zoom: 1.0,
            pan: vec2(BASE_HEX_SIZE * 1.2, BASE_HEX_SIZE * 1.2),
            fitted: false,
        }
    }
}

impl MapView {
    pub const MIN_ZOOM: f32 = 0.05;
    pub const MAX_ZOOM: f32 = 8.0;

    pub fn layout(&self, map: &Map, rect: Rect) -> Layout {
        let first = rect.min + self.pan;
        Layout::with_first_hex_at(
            map.grid(),
            (BASE_HEX_SIZE * self.zoom) as f64,
            Point::new(first.x as f64, first.y as f64),
        )
    }

    /// Keeps the map where it is on the screen when the rectangle it is
    /// drawn in moves or changes size (a side panel growing, a dialog
    /// closing): the view is anchored to the rectangle's corner, so the
    /// corner's move is taken back. A point aimed at stays under the
    /// pointer.
    pub fn follow_rect(&mut self, old: Rect, new: Rect) {
        self.pan -= new.min - old.min;
    }

    /// Zooms by `factor`, keeping the map point under `anchor` still.
    pub fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let new_zoom = (self.zoom * factor).clamp(Self::MIN_ZOOM, Self::MAX_ZOOM);
        let f = new_zoom / self.zoom;
        let first = rect.min + self.pan;
        let new_first = anchor + (first - anchor) * f;
        self.pan = new_first - rect.min;
        self.zoom = new_zoom;
    }

    /// Pans so that `hex` is at the centre of the rectangle, keeping the
    /// zoom.
    pub fn centre_on(&mut self, map: &Map, rect: Rect, hex: Hex) {
        let here = self.layout(map, rect).center(hex);
        let target = rect.center();
        self.pan += vec2(target.x - here.x as f32, target.y - here.y as f32);
        self.fitted = true;
    }

    /// Fits the whole map into the rectangle.
    pub fn fit(&mut self, map: &Map, rect: Rect) {
        let unit = Layout::with_first_hex_at(map.grid(), 1.0, Point::default());
        let Some((lo, hi)) = unit.bounds(map.hexes_on_map()) else {
            return;
        };
        let (w, h) = ((hi.x - lo.x) as f32, (hi.y - lo.y) as f32);
        let margin = 16.0;
        let size = ((rect.width() - 2.0 * margin) / w)
            .min((rect.height() - 2.0 * margin) / h)
            .max(0.1);
        self.zoom = (size / BASE_HEX_SIZE).clamp(Self::MIN_ZOOM, Self::MAX_ZOOM);
        let size = BASE_HEX_SIZE * self.zoom;
        // Centre the map's bounds in the rectangle.
        let map_w = w * size;
        let map_h = h * size;
        let top_left = rect.center() - vec2(map_w, map_h) / 2.0;
        self.pan = top_left - rect.min + vec2(-lo.x as f32 * size, -lo.y as f32 * size);
        self.fitted = true;
    }
}

/// What to draw besides terrain.
#[derive(Clone, Copy, Debug)]
pub struct DrawOptions {
    pub hex_numbers: bool,
    pub counters: bool,
    /// Place names, drawn last (over the counters). A table that draws
    /// its own counters turns this off and calls [`draw_place_names`]
    /// after them.
    pub names: bool,
}

impl Default for DrawOptions {
    fn default() -> Self {
        DrawOptions {
            hex_numbers: true,
            counters: true,
            names: true,
        }
    }
}

fn p(pt: Point) -> Pos2 {
    pos2(pt.x as f32, pt.y as f32)
}

/// Draws the map (terrain, hexsides, markers, names) and, when given, the
/// scenario's counters at their start hexes, clipped to `clip`.
pub fn draw_map(
    painter: &Painter,
    clip: Rect,
    layout: &Layout,
    map: &Map,
    scenario: Option<&Scenario>,
    opts: DrawOptions,
) {
    draw_map_with(painter, clip, layout, map, scenario, opts, &|_| {});
}

/// [`draw_map`] with an overlay painted over the terrain and labels but
/// under the counters (the Balance panel's losses).
pub fn draw_map_with(
    painter: &Painter,
    clip: Rect,
    layout: &Layout,
    map: &Map,
    scenario: Option<&Scenario>,
    opts: DrawOptions,
    overlay: &dyn Fn(&Painter),
) {
    let size = layout.size as f32;
    let visible = clip.expand(size * 2.0);
    let grid = map.grid();
    let outline = Stroke::new((size * 0.04).clamp(0.3, 1.2), Color32::from_black_alpha(70));
    let mut shapes: Vec<Shape> = Vec::new();

    let on_screen = |h: Hex| visible.contains(p(layout.center(h)));
    // Only the rows and columns the view can show (zoomed in on a big map
    // that is a small part of it).
    let corners = [
        visible.left_top(),
        visible.right_top(),
        visible.left_bottom(),
        visible.right_bottom(),
    ]
    .map(|c| layout.hex_at(Point::new(c.x as f64, c.y as f64)));
    let span = |f: fn(&Hex) -> i32, max: u32| {
        let lo = corners.iter().map(f).min().unwrap_or(1) - 1;
        let hi = corners.iter().map(f).max().unwrap_or(0) + 1;
        (
            lo.max(1),
            hi.min(max.min(crate::scenario::MAX_MAP_SIDE) as i32),
        )
    };
    let (c0, c1) = span(|h| h.col, map.columns);
    let (r0, r1) = span(|h| h.row, map.rows);
    // Zoomed far out, the terrain is one texture and single hexes are not
    // drawn (nor listed: there can be tens of thousands).
    let textured = size < super::terrain_image::TEXTURE_BELOW
        && super::terrain_image::paint(painter, map, layout);
    let mut hexes: Vec<Hex> = Vec::new();
    for c in c0..=c1 {
        if textured {
            break;
        }
        for r in r0..=r1 {
            let h = Hex::new(c, r);
            if map.is_on_map(h) && on_screen(h) {
                hexes.push(h);
            }
        }
    }

    // Terrain: one mesh of hexagons (six vertices, four triangles each)
    // or boxes (four and two), built directly: tessellating tens of
    // thousands of anti-aliased polygons would cost far more than drawing
    // them.
    let c0 = layout.center(Hex::new(1, 1));
    let n_corners = layout.corner_count();
    let offsets: Vec<Vec2> = layout
        .corners(Hex::new(1, 1))
        .iter()
        .map(|k| vec2((k.x - c0.x) as f32, (k.y - c0.y) as f32))
        .collect();
    let mut mesh = egui::Mesh::default();
    mesh.reserve_vertices(hexes.len() * n_corners);
    mesh.reserve_triangles(hexes.len() * (n_corners - 2));
    let mut symbols: Vec<Shape> = Vec::new();
    let mut hill_levels: Vec<(Pos2, i32)> = Vec::new();
    for &h in &hexes {
        let terrain = map.terrain_at(h);
        let fill = terrain
            .map(|t| color(t.colour))
            .unwrap_or(Color32::from_rgb(255, 0, 255));
        let c = p(layout.center(h));
        let base = mesh.vertices.len() as u32;
        for &o in &offsets {
            mesh.colored_vertex(c + o, fill);
        }
        for k in 1..n_corners as u32 - 1 {
            mesh.add_triangle(base, base + k, base + k + 1);
        }
        if size >= 8.0 {
            let detail = map.detail(h);
            if detail.hill {
                // One contour a level, up to three; the level written in
                // the middle above that.
                let contour = Stroke::new(size * 0.06, Color32::from_rgb(140, 100, 60));
                for k in 0..detail.elevation.clamp(1, 3) {
                    symbols.push(Shape::circle_stroke(
                        c,
                        size * (0.7 - 0.2 * k as f32),
                        contour,
                    ));
                }
                if detail.elevation > 3 && size >= 14.0 {
                    hill_levels.push((c, detail.elevation));
                }
            }
            if detail.stronghold {
                // A walled enclosure: a dark square frame.
                symbols.push(Shape::rect_stroke(
                    Rect::from_center_size(c, vec2(size * 0.9, size * 0.9)),
                    0.0,
                    Stroke::new(size * 0.09, Color32::from_rgb(70, 50, 40)),
                    egui::StrokeKind::Middle,
                ));
            }
            if let Some(t) = terrain {
                terrain_symbol(&mut symbols, layout, h, &t.id, size);
            }
            // Town outskirts the rules restrict (N92): a dashed inner
            // outline in the town colour.
            if let Some(s) = scenario
                && s.rules.is_outskirts(map, h)
            {
                let mut ring: Vec<Pos2> = offsets.iter().map(|&o| c + o * 0.8).collect();
                ring.push(ring[0]);
                symbols.extend(Shape::dashed_line(
                    &ring,
                    Stroke::new((size * 0.05).max(1.0), Color32::from_rgb(150, 70, 50)),
                    size * 0.16,
                    size * 0.1,
                ));
            }
        }
    }
    if !textured {
        shapes.push(Shape::mesh(mesh));
    }
    // Outlines: anti-aliased lines while there are few enough, plain
    // quads (half the sides of each hex or box, each side drawn once) when
    // zoomed out over many; none once cells are a few pixels wide.
    if size >= 4.0 {
        if hexes.len() <= 3000 {
            for &h in &hexes {
                let c = p(layout.center(h));
                let pts: Vec<Pos2> = offsets.iter().map(|&o| c + o).collect();
                shapes.push(Shape::closed_line(pts, outline));
            }
        } else {
            let mut lines = egui::Mesh::default();
            lines.reserve_vertices(hexes.len() * 2 * n_corners);
            lines.reserve_triangles(hexes.len() * n_corners);
            let w = outline.width.max(0.6) / 2.0;
            for &h in &hexes {
                let c = p(layout.center(h));
                for i in 0..n_corners / 2 {
                    let (a, b) = (c + offsets[i], c + offsets[i + 1]);
                    let n = (b - a).normalized().rot90() * w;
                    let base = lines.vertices.len() as u32;
                    for v in [a + n, b + n, b - n, a - n] {
                        lines.colored_vertex(v, outline.color);
                    }
                    lines.add_triangle(base, base + 1, base + 2);
                    lines.add_triangle(base, base + 2, base + 3);
                }
            }
            shapes.push(Shape::mesh(lines));
        }
    }
    shapes.extend(symbols);

    // Hexside features: roads run centre to centre across the side; rivers
    // lie along it.
    let road = Stroke::new((size * 0.12).max(1.0), Color32::from_rgb(120, 80, 40));
    let river = Stroke::new((size * 0.16).max(1.5), Color32::from_rgb(60, 110, 200));
    // Zoomed out over many hexes, segments go into one plain mesh.
    let mut features_mesh = (textured || hexes.len() > 3000).then(egui::Mesh::default);
    for (side, features) in &map.hexsides {
        let Some((a, b)) = grid.hexside_hexes(*side) else {
            continue;
        };
        if !on_screen(a) && !on_screen(b) {
            continue;
        }
        let Some(mid) = layout.hexside_midpoint(*side).map(p) else {
            continue;
        };
        if features.contains(&HexsideFeature::River)
            && let Some((x, y)) = layout.hexside_segment(*side)
        {
            segment(&mut shapes, &mut features_mesh, [p(x), p(y)], river);
        }
        if features.contains(&HexsideFeature::Road) {
            for h in [a, b] {
                if map.is_on_map(h) {
                    segment(
                        &mut shapes,
                        &mut features_mesh,
                        [p(layout.center(h)), mid],
                        road,
                    );
                } else {
                    // A road leaving the map: an arrow out of the edge.
                    let c = p(layout.center(if h == a { b } else { a }));
                    let out = mid + (mid - c) * 0.5;
                    segment(&mut shapes, &mut features_mesh, [mid, out], road);
                }
            }
        }
        if features.contains(&HexsideFeature::Bridge) {
            shapes.push(Shape::rect_filled(
                Rect::from_center_size(mid, vec2(size * 0.3, size * 0.3)),
                2.0,
                Color32::from_rgb(90, 60, 30),
            ));
        }
        if features.contains(&HexsideFeature::Ford) {
            shapes.push(Shape::circle_stroke(
                mid,
                size * 0.15,
                Stroke::new(size * 0.06, Color32::from_rgb(200, 230, 255)),
            ));
        }
    }

    if let Some(m) = features_mesh {
        shapes.push(Shape::mesh(m));
    }

    // Markers from the scenario: exits and entries.
    if let Some(s) = scenario {
        let exit = Color32::from_rgb(30, 30, 30);
        for e in &s.victory.exits {
            let side = s.side(&e.side).map(|x| color(x.colour)).unwrap_or(exit);
            for &h in &e.hexes {
                if on_screen(h) {
                    edge_arrow(&mut shapes, layout, map, h, side, size);
                }
            }
        }
        let mut entries: Vec<(Hex, Color32)> = Vec::new();
        for u in &s.units {
            if let crate::scenario::Placement::Reinforcement { entry, .. }
            | crate::scenario::Placement::Variant { entry } = &u.placement
            {
                for &h in entry {
                    if !entries.iter().any(|(x, _)| *x == h) {
                        entries.push((h, color(s.unit_colour(u))));
                    }
                }
            }
        }
        for (h, c) in entries {
            if on_screen(h) {
                let ctr = p(layout.center(h));
                shapes.push(Shape::circle_stroke(
                    ctr,
                    size * 0.75,
                    Stroke::new(size * 0.08, c),
                ));
            }
        }
        for v in &s.victory.victory_hexes {
            if on_screen(v.hex) {
                let ctr = p(layout.center(v.hex));
                shapes.push(Shape::circle_filled(
                    ctr + vec2(0.0, -size * 0.5),
                    size * 0.15,
                    Color32::GOLD,
                ));
            }
        }
    }
    painter.extend(shapes);
    let level_font = FontId::proportional((size * 0.3).clamp(7.0, 16.0));
    for (c, level) in hill_levels {
        painter.text(
            c + vec2(0.0, size * 0.45),
            Align2::CENTER_CENTER,
            level.to_string(),
            level_font.clone(),
            Color32::from_rgb(110, 75, 40),
        );
    }

    // Text: hex numbers and place names.
    if opts.hex_numbers && size >= 14.0 {
        let font = FontId::proportional((size * 0.26).clamp(6.0, 14.0));
        let col = Color32::from_black_alpha(150);
        for &h in &hexes {
            let c = layout.center(h);
            let top = pos2(c.x as f32, c.y as f32 - size * 0.82);
            painter.text(top, Align2::CENTER_TOP, h.label(), font.clone(), col);
        }
    }
    // Roads the rules name (a pick-up battle's supply roads, N30, N33),
    // as the wizard drew them and the sheet prints them (issue 35 item
    // 27: the editor did not).
    if let Some(s) = scenario {
        let road = Stroke::new((size * 0.14).max(2.0), Color32::from_rgb(150, 70, 20));
        for (name, hexes) in s.rules.plugin().drawn_roads(s).0 {
            let pts: Vec<Pos2> = hexes.iter().map(|&h| p(layout.center(h))).collect();
            for w in pts.windows(2) {
                if visible.contains(w[0]) || visible.contains(w[1]) {
                    painter.extend(Shape::dashed_line(w, road, size * 0.3, size * 0.15));
                }
            }
            if let Some(&first) = pts.iter().find(|q| visible.contains(**q))
                && size >= 8.0
            {
                painter.text(
                    first + vec2(size * 0.3, size * 0.5),
                    Align2::LEFT_TOP,
                    format!("{name} supply road"),
                    FontId::proportional((size * 0.3).clamp(9.0, 14.0)),
                    Color32::from_rgb(110, 50, 10),
                );
            }
        }
    }

    overlay(painter);

    if opts.counters
        && let Some(s) = scenario
    {
        let side = size * 1.05;
        if side < 10.0 {
            // Too small for a symbol or numbers: a coloured square each,
            // in one mesh.
            let mut mesh = egui::Mesh::default();
            for (u, h) in s.units_at_start() {
                if on_screen(h) {
                    let r = Rect::from_center_size(p(layout.center(h)), vec2(side, side));
                    mesh.add_colored_rect(r, color(s.unit_colour(u)));
                }
            }
            painter.add(Shape::mesh(mesh));
        } else {
            let facing = s.rules.support().facing;
            let forces = s.rules.support().forces;
            for (u, h) in s.units_at_start() {
                if on_screen(h) {
                    let at = p(layout.center(h));
                    draw_counter(
                        painter,
                        at,
                        side,
                        u,
                        &s.rules.counter_label(u),
                        s.rules.plugin().unit_mark(u),
                        color(s.unit_colour(u)),
                    );
                    // Rules with facing: a mark on the front of the
                    // counter, towards the hexside it faces.
                    if facing
                        && let Some(d) = u.facing
                        && let Some(n) = layout.grid.neighbour(h, d)
                    {
                        let toward = (p(layout.center(n)) - at).normalized();
                        draw_front_mark(painter, at, side, toward);
                    }
                    // Rules with forces: the force's name under the
                    // counter, once it can be read.
                    if forces
                        && side >= 44.0
                        && let Some(f) = s.force_of(&u.id)
                    {
                        painter.text(
                            at + vec2(0.0, side * 0.6),
                            Align2::CENTER_TOP,
                            &f.name,
                            FontId::proportional((side * 0.16).max(7.0)),
                            Color32::from_gray(20),
                        );
                    }
                }
            }
            // Leaders and Generals where they start.
            let mut k_at: BTreeMap<Hex, usize> = BTreeMap::new();
            for crate::scenario::MapOfficer {
                hex: h,
                general,
                label: text,
                ..
            } in s.officers()
            {
                if !on_screen(h) {
                    continue;
                }
                let k = k_at.entry(h).or_default();
                let at =
                    p(layout.center(h)) + vec2(-side * 0.5 + *k as f32 * side * 0.36, -side * 0.5);
                *k += 1;
                draw_officer(painter, at, (side * 0.2).max(5.0), general, &text, false);
            }
        }
    }
    // Names last, over the counters, so no counter hides one.
    if opts.names {
        draw_place_names(painter, clip, layout, map);
    }
}

/// The map's place names, each under its first cell's counter (below the
/// counter's square, so the cell's own counter never covers it), with a
/// light backing so it reads over terrain and neighbouring counters.
/// Drawn after the counters: [`draw_map`] does it when it draws them, and
/// a table calls it after its own counters (issue 35 item 29).
pub fn draw_place_names(painter: &Painter, clip: Rect, layout: &Layout, map: &Map) {
    let size = layout.size as f32;
    if size < 6.0 {
        return;
    }
    let visible = clip.expand(size * 2.0);
    let font = FontId::proportional((size * 0.34).clamp(8.0, 18.0));
    for place in &map.places {
        let Some(&h) = place.hexes.first() else {
            continue;
        };
        let c = p(layout.center(h));
        if !visible.contains(c) {
            continue;
        }
        let at = c + vec2(0.0, size * 0.56);
        let galley = painter.layout_no_wrap(
            place.name.clone(),
            font.clone(),
            Color32::from_rgb(40, 20, 10),
        );
        let r = Align2::CENTER_TOP
            .anchor_size(at, galley.size())
            .expand2(vec2(3.0, 0.5));
        painter.rect_filled(r, 3.0, Color32::from_white_alpha(170));
        painter.galley(
            r.min + vec2(3.0, 0.5),
            galley,
            Color32::from_rgb(40, 20, 10),
        );
    }
}

/// A line segment: an anti-aliased shape, or a plain quad in `mesh` when
/// batching.
fn segment(shapes: &mut Vec<Shape>, mesh: &mut Option<egui::Mesh>, [a, b]: [Pos2; 2], st: Stroke) {
    match mesh {
        Some(m) => {
            let n = (b - a).normalized().rot90() * (st.width / 2.0);
            let base = m.vertices.len() as u32;
            for v in [a + n, b + n, b - n, a - n] {
                m.colored_vertex(v, st.color);
            }
            m.add_triangle(base, base + 1, base + 2);
            m.add_triangle(base, base + 2, base + 3);
        }
        None => shapes.push(Shape::line_segment([a, b], st)),
    }
}

/// A small symbol for well-known terrain ids: trees for woods, houses for
/// towns. Unknown terrains are drawn by colour alone.
fn terrain_symbol(shapes: &mut Vec<Shape>, layout: &Layout, h: Hex, id: &str, size: f32) {
    if size < 8.0 {
        return;
    }
    let c = p(layout.center(h));
    match id {
        "woods" => {
            let tree = Color32::from_rgb(40, 80, 30);
            for (dx, dy) in [(-0.35, 0.1), (0.0, -0.2), (0.35, 0.1), (0.0, 0.4)] {
                let t = c + vec2(dx * size, dy * size);
                shapes.push(Shape::convex_polygon(
                    vec![
                        t + vec2(0.0, -0.22 * size),
                        t + vec2(0.16 * size, 0.12 * size),
                        t + vec2(-0.16 * size, 0.12 * size),
                    ],
                    tree,
                    Stroke::NONE,
                ));
            }
        }
        "town" => {
            let house = Color32::from_rgb(110, 50, 40);
            for (dx, dy) in [(-0.25, -0.1), (0.2, -0.15), (0.0, 0.25)] {
                let t = c + vec2(dx * size, dy * size);
                shapes.push(Shape::rect_filled(
                    Rect::from_center_size(t, vec2(0.22 * size, 0.18 * size)),
                    1.0,
                    house,
                ));
            }
        }
        _ => {}
    }
}

/// An arrow pointing off the map from an exit hex, across its off-map side.
fn edge_arrow(
    shapes: &mut Vec<Shape>,
    layout: &Layout,
    map: &Map,
    h: Hex,
    col: Color32,
    size: f32,
) {
    let grid = map.grid();
    let c = p(layout.center(h));
    for &dir in grid.sides() {
        let Some(n) = grid.neighbour(h, dir) else {
            continue;
        };
        if map.is_on_map(n) {
            continue;
        }
        let Some(mid) = grid
            .hexside(h, dir)
            .and_then(|s| layout.hexside_midpoint(s))
            .map(p)
        else {
            continue;
        };
        let d = (mid - c).normalized();
        let tip = mid - d * size * 0.05;
        let base = mid - d * size * 0.45;
        let side = vec2(-d.y, d.x) * size * 0.22;
        shapes.push(Shape::convex_polygon(
            vec![tip, base + side, base - side],
            col,
            Stroke::new(1.0, Color32::WHITE),
        ));
        // One arrow per hex is enough: prefer the first off-map side in
        // clockwise order from the top.
        break;
    }
}

/// Draws a counter: side colour, NATO-style type symbol, strength-movement.
pub fn draw_counter(
    painter: &Painter,
    center: Pos2,
    side: f32,
    unit: &Unit,
    label: &str,
    mark: UnitMark,
    fill: Color32,
) {
    let rect = Rect::from_center_size(center, vec2(side, side));
    let ink = if fill.r() as u32 + fill.g() as u32 + fill.b() as u32 > 450 {
        Color32::BLACK
    } else {
        Color32::WHITE
    };
    painter.rect_filled(
        rect.translate(vec2(side * 0.06, side * 0.06)),
        side * 0.08,
        Color32::from_black_alpha(90),
    );
    painter.rect(
        rect,
        side * 0.08,
        fill,
        Stroke::new((side * 0.03).max(0.5), Color32::from_black_alpha(200)),
        egui::StrokeKind::Inside,
    );
    if side < 10.0 {
        return;
    }
    // Type symbol box in the upper half.
    let sym = Rect::from_center_size(
        center + vec2(0.0, -side * 0.14),
        vec2(side * 0.56, side * 0.34),
    );
    let st = Stroke::new((side * 0.035).max(0.6), ink);
    painter.rect_stroke(sym, 0.0, st, egui::StrokeKind::Middle);
    match unit.kind {
        UnitKind::Infantry => {
            painter.line_segment([sym.left_top(), sym.right_bottom()], st);
            painter.line_segment([sym.left_bottom(), sym.right_top()], st);
        }
        UnitKind::Cavalry => {
            painter.line_segment([sym.left_bottom(), sym.right_top()], st);
        }
        UnitKind::Artillery => {
            painter.circle_filled(sym.center(), side * 0.07, ink);
        }
    }
    // The rule set's mark within a kind: a dot where the cross meets, a
    // second bar.
    match mark {
        UnitMark::Dot => {
            painter.circle_filled(sym.center(), side * 0.06, ink);
        }
        UnitMark::SecondBar => {
            // A parallel bar above the cavalry's, inside the box.
            let (w, h) = (sym.width() * 0.3, sym.height() * 0.3);
            painter.line_segment(
                [
                    sym.left_bottom() - vec2(0.0, h),
                    sym.right_top() - vec2(w, 0.0),
                ],
                st,
            );
        }
        UnitMark::Plain => {}
    }
    // The designation across the top, once the counter is big enough to
    // read it.
    if side >= 56.0 && !unit.designation.is_empty() {
        let n = unit.designation.chars().count().max(1) as f32;
        let size = (side * 0.14).min(side * 0.9 / (n * 0.52));
        painter.text(
            center + vec2(0.0, -side * 0.405),
            Align2::CENTER_CENTER,
            &unit.designation,
            FontId::proportional(size.max(5.0)),
            ink,
        );
    }
    let font = FontId::proportional((side * 0.28).max(5.0));
    painter.text(
        center + vec2(0.0, side * 0.28),
        Align2::CENTER_CENTER,
        label,
        font,
        ink,
    );
}

/// A leader (a gold disc with his factor) or a General (a gold star with
/// his command factor) of radius `r` at `at`; `selected` rings it.
pub fn draw_officer(
    painter: &Painter,
    at: Pos2,
    r: f32,
    general: bool,
    text: &str,
    selected: bool,
) {
    let ring = if selected {
        Stroke::new(2.5, Color32::from_rgb(250, 210, 40))
    } else {
        Stroke::new(1.0, Color32::BLACK)
    };
    let gold = Color32::from_rgb(235, 190, 40);
    if general {
        let pts: Vec<Pos2> = (0..10)
            .map(|i| {
                let a = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
                let rad = if i % 2 == 0 { r * 1.35 } else { r * 0.6 };
                at + vec2(a.cos(), a.sin()) * rad
            })
            .collect();
        // A star is not convex: a fan of triangles from its centre.
        let mut mesh = egui::Mesh::default();
        mesh.colored_vertex(at, gold);
        for q in &pts {
            mesh.colored_vertex(*q, gold);
        }
        for i in 0..10u32 {
            mesh.add_triangle(0, 1 + i, 1 + (i + 1) % 10);
        }
        painter.add(Shape::mesh(mesh));
        painter.add(Shape::closed_line(pts, ring));
    } else {
        painter.circle(at, r, gold, ring);
    }
    painter.text(
        at,
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(if general { r * 0.9 } else { r * 0.95 }),
        Color32::BLACK,
    );
}

/// A unit's front: a dark wedge with a light rim on the counter's edge
/// towards `toward` (a unit vector), pointing out, so facing reads at a
/// glance on any side colour.
pub fn draw_front_mark(painter: &Painter, center: Pos2, side: f32, toward: Vec2) {
    let half = side * 0.5;
    // Where the ray from the centre leaves the square counter.
    let reach = half / toward.x.abs().max(toward.y.abs()).max(1e-3);
    let edge = center + toward * reach;
    let across = toward.rot90();
    let w = (side * 0.2).max(3.0);
    let tip = edge + toward * (side * 0.2).max(3.0);
    painter.add(Shape::convex_polygon(
        vec![edge + across * w, tip, edge - across * w],
        Color32::from_rgb(30, 30, 30),
        Stroke::new((side * 0.03).max(1.0), Color32::from_rgb(250, 240, 200)),
    ));
}

/// The editor's map legend: what each mark and hexside feature the
/// scenario uses looks like, and what it is (the playtest and the sheet
/// have their own), under a heading the caller draws.
pub fn legend_ui(ui: &mut egui::Ui, map: &Map, s: &Scenario) {
    use crate::scenario::marks::{MarkKind, mark_kinds};
    let support = s.rules.support();
    let icon = |ui: &mut egui::Ui, draw: &dyn Fn(&egui::Painter, Pos2)| {
        let (r, _) = ui.allocate_exact_size(vec2(18.0, 14.0), Sense::hover());
        draw(ui.painter(), r.center());
    };
    let side_name = |id: &crate::scenario::SideId| {
        s.side(id)
            .map_or_else(|| id.to_string(), |x| x.name.clone())
    };
    for kind in mark_kinds(s) {
        match kind {
            MarkKind::Exit => {
                for (i, e) in s.victory.exits.iter().enumerate() {
                    let c = s.side(&e.side).map_or(Color32::BLACK, |x| color(x.colour));
                    ui.horizontal(|ui| {
                        icon(ui, &|p, c0| {
                            p.add(Shape::convex_polygon(
                                vec![
                                    c0 + vec2(-4.0, -6.0),
                                    c0 + vec2(6.0, 0.0),
                                    c0 + vec2(-4.0, 6.0),
                                ],
                                c,
                                Stroke::NONE,
                            ));
                        });
                        let mut t = format!("{} {}", side_name(&e.side), kind.legend());
                        if i >= support.exit_conditions {
                            t.push_str(" (ignored)");
                        }
                        ui.label(crate::scenario::grid_words(map.grid(), &t));
                    });
                }
            }
            MarkKind::Entry => {
                let c = s
                    .units
                    .iter()
                    .find(|u| !matches!(u.placement, crate::scenario::Placement::Start(_)))
                    .map_or(Color32::BLACK, |u| color(s.unit_colour(u)));
                ui.horizontal(|ui| {
                    icon(ui, &|p, c0| {
                        p.circle_stroke(c0, 5.5, Stroke::new(1.8, c));
                    });
                    ui.label(crate::scenario::grid_words(map.grid(), kind.legend()))
                        .on_hover_text("A ring in the arriving side's colour");
                });
            }
            MarkKind::Victory => {
                ui.horizontal(|ui| {
                    icon(ui, &|p, c0| {
                        p.circle_filled(c0, 3.5, Color32::GOLD);
                    });
                    let mut t = kind.legend().to_string();
                    if !support.victory_hexes {
                        t.push_str(" (ignored)");
                    }
                    let r = ui.label(crate::scenario::grid_words(map.grid(), &t));
                    if !support.victory_hexes {
                        r.on_hover_text(format!(
                            "The {} rules do not score victory hexes",
                            support.name
                        ));
                    }
                });
            }
        }
    }
    if s.rules.has_outskirts(map) {
        ui.horizontal(|ui| {
            icon(ui, &|p, c0| {
                p.add(Shape::dashed_line(
                    &[
                        c0 + vec2(-7.0, -5.0),
                        c0 + vec2(7.0, -5.0),
                        c0 + vec2(7.0, 5.0),
                        c0 + vec2(-7.0, 5.0),
                        c0 + vec2(-7.0, -5.0),
                    ],
                    Stroke::new(1.2, Color32::from_rgb(150, 70, 50)),
                    3.0,
                    2.0,
                ));
            });
            ui.label("town outskirts")
                .on_hover_text("Hexes next to a town: cavalry may not enter them [3.8.1.1] (N92)");
        });
    }
    if map.hexes.values().any(|d| d.hill) {
        ui.horizontal(|ui| {
            icon(ui, &|p, c0| {
                p.circle_stroke(c0, 5.5, Stroke::new(1.5, Color32::from_rgb(140, 100, 60)));
            });
            let r = ui.label("hill (a ring a level)");
            if !support.hills && !support.elevation {
                r.on_hover_text(format!("The {} rules ignore hills", support.name));
            }
        });
    }
    if map.hexes.values().any(|d| d.stronghold) {
        ui.horizontal(|ui| {
            icon(ui, &|p, c0| {
                p.rect_stroke(
                    Rect::from_center_size(c0, vec2(11.0, 11.0)),
                    0.0,
                    Stroke::new(1.5, Color32::from_rgb(70, 50, 40)),
                    egui::StrokeKind::Middle,
                );
            });
            ui.label(s.rules.stronghold_word());
        });
    }
    let plugin = s.rules.plugin();
    for &(mark, words) in plugin.unit_mark_legend() {
        if s.units.iter().any(|u| plugin.unit_mark(u) == mark) {
            ui.horizontal(|ui| {
                icon(ui, &|p, c0| {
                    let r = Rect::from_center_size(c0, vec2(14.0, 9.0));
                    let st = Stroke::new(1.2, Color32::WHITE);
                    p.rect_stroke(r, 0.0, st, egui::StrokeKind::Middle);
                    match mark {
                        UnitMark::SecondBar => {
                            p.line_segment([r.left_bottom(), r.right_top()], st);
                            p.line_segment(
                                [
                                    r.left_bottom() - vec2(0.0, 2.7),
                                    r.right_top() - vec2(4.2, 0.0),
                                ],
                                st,
                            );
                        }
                        UnitMark::Dot | UnitMark::Plain => {
                            p.line_segment([r.left_top(), r.right_bottom()], st);
                            p.line_segment([r.left_bottom(), r.right_top()], st);
                            if mark == UnitMark::Dot {
                                p.circle_filled(c0, 1.8, Color32::WHITE);
                            }
                        }
                    }
                });
                ui.label(words);
            });
        }
    }
    let (roads, road_words) = plugin.drawn_roads(s);
    if !roads.is_empty() {
        ui.horizontal(|ui| {
            icon(ui, &|p, c0| {
                let st = Stroke::new(3.0, Color32::from_rgb(150, 70, 20));
                p.extend(Shape::dashed_line(
                    &[c0 - vec2(7.0, 0.0), c0 + vec2(7.0, 0.0)],
                    st,
                    4.0,
                    2.0,
                ));
            });
            ui.label(road_words);
        });
    }
    if !s.officers().is_empty() {
        ui.horizontal(|ui| {
            icon(ui, &|p, c0| {
                p.circle_filled(c0, 5.0, Color32::from_rgb(235, 190, 40));
                p.circle_stroke(c0, 5.0, Stroke::new(1.0, Color32::BLACK));
            });
            ui.label("leader (a star: army commander or General)");
        });
    }
    for f in HexsideFeature::ALL {
        if map.hexsides.values().any(|fs| fs.contains(&f)) {
            ui.horizontal(|ui| {
                ui.add(
                    super::icons::image(super::icons::hexside(f))
                        .fit_to_exact_size(vec2(18.0, 14.0)),
                );
                // A road across a box corner (H33, H46) is no side.
                let corner = f == HexsideFeature::Road && map.has_corner_road();
                let on = if corner {
                    format!("{} or corner", map.grid().side_word())
                } else {
                    map.grid().side_word().to_string()
                };
                ui.label(format!("{} ({on})", f.name()));
            });
        }
    }
    ui.label(
        RichText::new(format!(
            "Hover a {} for what is marked there.",
            map.grid().cell_word()
        ))
        .weak()
        .small(),
    );
}
