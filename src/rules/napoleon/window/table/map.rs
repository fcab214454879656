//! What the *Napoleon* table draws on the map: reach and choices, a
//! gun's aim, the counters with their front, formation and casualties,
//! and the facing a click asks for.

use super::*;

impl Table<NapoleonTableRules> {
    /// The hexside the pointer is nearest in the hovered hex.
    pub(super) fn hover_facing(&self) -> Option<u8> {
        self.facing_at(self.hovered?, self.hover_pos?)
    }

    pub(super) fn facing_at(&self, h: Hex, pos: Pos2) -> Option<u8> {
        let layout = self.last_layout.as_ref()?;
        marks::nearest_hexside(layout, h, pos)
    }

    /// Hex highlights: the selected piece's reach, the General's moves,
    /// the choices the rules wait for, a selected gun's front arc.
    pub(super) fn overlay_shapes(&mut self, layout: &Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        let poly = |h, fill, stroke| marks::cell(layout, h, fill, stroke);
        let live = self.session.is_live();
        let st = self.state().clone();
        if live {
            // Reach, each hex once: orange where it would be in contact.
            let reach = self.reach().to_vec();
            let mut by_hex: BTreeMap<(i32, i32), (Hex, bool)> = BTreeMap::new();
            for r in &reach {
                let e = by_hex
                    .entry((r.hex.col, r.hex.row))
                    .or_insert((r.hex, false));
                e.1 |= !r.contacts.is_empty();
            }
            for (h, contact) in by_hex.values() {
                let c = if *contact { ORANGE } else { GREEN };
                shapes.push(marks::reach(layout, *h, c));
            }
            for (h, _) in self.hex_choices() {
                shapes.push(marks::choice(layout, h, PURPLE));
            }
            if let Phase::Maneuver { side } = st.phase()
                && st.active().is_none()
                && self.human_to_act()
                && self.own.selected == Some(st.board().armies[side as usize].general)
            {
                for (h, _) in st.general_moves(side) {
                    shapes.push(poly(h, BLUE.gamma_multiply(0.3), Stroke::new(1.5, BLUE)));
                }
            }
        }
        // A selected gun's front arc within range [3.5.3] (N7).
        if let Some(g) = self.own.selected
            && st.on_map(g)
            && st.board().pieces[g as usize].kind.is_gun()
        {
            let o = st.pos()[g as usize];
            let f = st.facing()[g as usize];
            let range = st.board().options.troops.artillery_range;
            for (i, _) in st.board().hexes.iter().enumerate() {
                let h = i as HexIx;
                if st.board().distance(o, h) <= range && st.in_front_arc(o, f, h) {
                    shapes.push(poly(
                        st.board().hex(h),
                        Color32::from_rgba_unmultiplied(255, 80, 40, 40),
                        Stroke::NONE,
                    ));
                }
            }
        }
        shapes
    }

    /// A selected gun's targets with their corridors, and the targets
    /// declared this impulse.
    pub(super) fn draw_aim(&self, painter: &egui::Painter, layout: &Layout) {
        let st = self.state();
        let at = |p: PieceIx| {
            let c = layout.center(st.board().hex(st.pos()[p as usize]));
            pos2(c.x as f32, c.y as f32)
        };
        let size = layout.size as f32;
        for (g, t) in st.targets() {
            if st.on_map(*g) && st.on_map(*t) {
                painter.arrow(
                    at(*g),
                    at(*t) - at(*g),
                    Stroke::new((size * 0.06).max(1.5), RED.gamma_multiply(0.8)),
                );
            }
        }
        if let Some(g) = self.own.selected
            && st.on_map(g)
            && st.board().pieces[g as usize].kind.is_gun()
        {
            for t in st.gun_targets(g) {
                let clear = st.corridor_clear(g, t);
                painter.line_segment(
                    [at(g), at(t)],
                    Stroke::new(
                        (size * 0.05).max(1.5),
                        if clear { GREEN } else { Color32::GRAY },
                    ),
                );
                painter.circle_stroke(at(t), size * 0.8, Stroke::new((size * 0.08).max(2.0), RED));
            }
        }
    }

    pub(super) fn draw_counters(&self, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        let size = layout.size as f32;
        let side = size * 1.0;
        let st = self.state();
        let b = &st.board();
        let visible = clip.expand(side);
        let mut stacks: BTreeMap<HexIx, Vec<PieceIx>> = BTreeMap::new();
        for (i, &h) in st.pos().iter().enumerate() {
            if h != NO_HEX {
                stacks.entry(h).or_default().push(i as PieceIx);
            }
        }
        let active_force = st.active().as_ref().map(|a| a.force);
        for (h, pieces) in stacks {
            let hex = b.hex(h);
            let c = layout.center(hex);
            let centre = pos2(c.x as f32, c.y as f32);
            if !visible.contains(centre) {
                continue;
            }
            let units: Vec<PieceIx> = pieces
                .iter()
                .copied()
                .filter(|&p| b.pieces[p as usize].kind.is_unit())
                .collect();
            let officers: Vec<PieceIx> = pieces
                .iter()
                .copied()
                .filter(|&p| b.pieces[p as usize].kind.is_officer())
                .collect();
            for (k, &p) in units.iter().enumerate() {
                let info = &b.pieces[p as usize];
                let off = vec2(k as f32 * side * 0.18, -(k as f32) * side * 0.18);
                let at = centre + off;
                let Some(unit) = self.session.scenario.unit(&info.id) else {
                    continue;
                };
                let fill = map_view::color(self.session.scenario.unit_colour(unit));
                map_view::draw_counter(
                    painter,
                    at,
                    side,
                    unit,
                    &unit.factors(),
                    crate::rules::plugin::UnitMark::Plain,
                    fill,
                );
                let toward = marks::hexside_vector(layout, hex, st.facing()[p as usize]);
                map_view::draw_front_mark(painter, at, side, toward);
                let r = marks::counter_rect(at, side);
                if st.column()[p as usize] {
                    marks::corner(painter, r, side, "C");
                }
                if st.casualties()[p as usize] > 0 {
                    let m = r.right_bottom() - vec2(side * 0.1, side * 0.1);
                    let n = st.casualties()[p as usize].to_string();
                    marks::disc(painter, m, side * 0.17, RED, &n, side);
                }
                // The force it belongs to, once the counter is big enough.
                if side >= 44.0
                    && let Some(f) = info.force
                {
                    painter.text(
                        r.center_bottom() + vec2(0.0, side * 0.1),
                        Align2::CENTER_TOP,
                        &b.forces[f as usize].name,
                        FontId::proportional((side * 0.16).max(7.0)),
                        Color32::from_gray(20),
                    );
                }
                let dim = st
                    .active()
                    .as_ref()
                    .is_some_and(|a| a.moved.iter().any(|(q, m)| *q == p && m.done));
                if dim {
                    marks::shade(painter, r, side, 80);
                }
                if active_force.is_some() && info.force == active_force {
                    marks::ring(painter, r, side, GREEN, 1.5);
                }
                if self.own.selected == Some(p) {
                    marks::selected(painter, r, side);
                }
            }
            // Leaders and Generals: a disc (leader, with his factor) or a
            // star (General) at the hex's upper left.
            for (k, &o) in officers.iter().enumerate() {
                let info = &b.pieces[o as usize];
                let at = centre + vec2(-side * 0.5 + k as f32 * side * 0.36, -side * 0.5);
                let r = (side * 0.2).max(5.0);
                let text = if info.kind == PieceKind::General {
                    st.command_factor()[info.side as usize].to_string()
                } else {
                    format!(
                        "{:+}",
                        info.force.map_or(0, |f| st.leader_factor()[f as usize])
                    )
                };
                map_view::draw_officer(
                    painter,
                    at,
                    r,
                    info.kind == PieceKind::General,
                    &text,
                    self.own.selected == Some(o),
                );
            }
        }
    }
}
