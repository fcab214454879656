//! What the One Hour table draws on the map: moves, leader moves and
//! choices, objectives, the aim of a shot or charge, the counters with
//! their marks, and the facing a click asks for.

use super::*;

impl Table<OneHourTableRules> {
    pub(super) fn facing_at(&self, h: Hex, pos: Pos2) -> Option<Dir> {
        let layout = self.last_layout.as_ref()?;
        nearest_side(layout, h, pos)
    }

    /// Box highlights: the drafted move's end boxes, a leader's moves,
    /// the boxes the rules wait for.
    pub(super) fn overlay_shapes(&mut self, layout: &Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        if !self.session.is_live() {
            return shapes;
        }
        let poly = |h, fill, stroke| marks::cell(layout, h, fill, stroke);
        let mut seen: Vec<Hex> = Vec::new();
        for m in self.moves() {
            if !seen.contains(&m.to) {
                seen.push(m.to);
                shapes.push(marks::reach(layout, m.to, GREEN));
            }
        }
        for (h, _) in self.leader_moves() {
            shapes.push(poly(h, BLUE.gamma_multiply(0.3), Stroke::new(1.5, BLUE)));
        }
        for (h, _) in self.box_choices() {
            shapes.push(marks::choice(layout, h, PURPLE));
        }
        shapes
    }

    /// Who holds each objective: a small flag in the holder's colour.
    pub(super) fn draw_objectives(&self, painter: &egui::Painter, layout: &Layout) {
        let st = self.state();
        let size = layout.size as f32;
        for (i, o) in st.board().objectives.iter().enumerate() {
            let Some(&holder) = st.held().get(i) else {
                continue;
            };
            let Some(side) = self.session.scenario.sides.get(holder as usize) else {
                continue;
            };
            let c = layout.center(o.hex);
            marks::flag(
                painter,
                pos2(c.x as f32, c.y as f32),
                size,
                map_view::color(side.colour),
            );
        }
    }

    /// The selected unit's targets: orange rings to shoot, red to charge.
    pub(super) fn draw_aim(&mut self, painter: &egui::Painter, layout: &Layout) {
        if !self.session.is_live() {
            return;
        }
        let st = self.live().clone();
        let size = layout.size as f32;
        let at = |u: UnitIx| {
            st.pos()[u as usize].map(|h| {
                let c = layout.center(h);
                pos2(c.x as f32, c.y as f32)
            })
        };
        let Some(from) = self.own_selected().and_then(at) else {
            return;
        };
        for (t, o) in self.shots() {
            if let Some(p) = at(t) {
                painter.line_segment(
                    [from, p],
                    Stroke::new((size * 0.04).max(1.5), ORANGE.gamma_multiply(0.8)),
                );
                painter.circle_stroke(p, size * 0.75, Stroke::new((size * 0.07).max(2.0), ORANGE));
                painter.text(
                    p + vec2(0.0, -size * 0.75),
                    Align2::CENTER_BOTTOM,
                    odds_short(o),
                    FontId::proportional((size * 0.3).max(10.0)),
                    ORANGE,
                );
            }
        }
        for (t, _, o) in self.charges() {
            if let Some(p) = at(t) {
                painter.circle_stroke(p, size * 0.85, Stroke::new((size * 0.08).max(2.0), RED));
                painter.text(
                    p + vec2(0.0, size * 0.85),
                    Align2::CENTER_TOP,
                    format!("charge {}", odds_short(o)),
                    FontId::proportional((size * 0.28).max(10.0)),
                    RED,
                );
            }
        }
    }

    pub(super) fn draw_counters(&self, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        let size = layout.size as f32;
        let side = size * 1.15;
        let st = self.state();
        let b = &st.board();
        let visible = clip.expand(side);
        let scenario = &self.session.scenario;
        for u in st.live() {
            let Some(h) = st.pos()[u as usize] else {
                continue;
            };
            let c = layout.center(h);
            let centre = pos2(c.x as f32, c.y as f32);
            if !visible.contains(centre) {
                continue;
            }
            let Some(unit) = self
                .own
                .scenario_ix
                .get(u as usize)
                .copied()
                .flatten()
                .and_then(|i| scenario.units.get(i))
            else {
                continue;
            };
            let fill = map_view::color(scenario.unit_colour(unit));
            let label = scenario.rules.counter_label(unit);
            let mark = scenario.rules.plugin().unit_mark(unit);
            map_view::draw_counter(painter, centre, side, unit, &label, mark, fill);
            let r = marks::counter_rect(centre, side);
            if st.side_of(u) == st.side()
                && st.acts()[u as usize].acted()
                && matches!(st.phase(), Phase::Shoot | Phase::Move)
            {
                marks::shade(painter, r, side, 90);
            }
            map_view::draw_front_mark(painter, centre, side, dir_vector(st.facing()[u as usize]));
            match st.formation()[u as usize] {
                Formation::Column => marks::corner(painter, r, side, "C"),
                Formation::Square => {
                    marks::corner(painter, r, side, "SQ");
                    painter.rect_stroke(
                        r.shrink(side * 0.04),
                        0.0,
                        Stroke::new((side * 0.05).max(1.5), marks::CREAM),
                        egui::StrokeKind::Inside,
                    );
                }
                Formation::Deployed => {}
            }
            // What the card did to it this player turn (H41).
            if st.side_of(u) == st.side() && !matches!(st.phase(), Phase::Card | Phase::Over) {
                let a = &st.acts()[u as usize];
                let mut marks = Vec::new();
                if a.shots_allowed == 0 {
                    marks.push("no fire");
                }
                if a.no_move {
                    marks.push("no move");
                }
                if a.shots_allowed > 1 || a.moves_allowed > 1 {
                    marks.push("x2");
                }
                if !marks.is_empty() && side >= 24.0 {
                    let text = marks.join(" ");
                    let at = r.center_bottom() + vec2(0.0, side * 0.02);
                    let font = FontId::proportional((side * 0.18).max(8.0));
                    let g = painter.layout_no_wrap(text, font, Color32::WHITE);
                    let bg = Rect::from_center_size(
                        at + vec2(0.0, g.size().y / 2.0),
                        g.size() + vec2(6.0, 2.0),
                    );
                    painter.rect_filled(bg, 3.0, PURPLE);
                    painter.galley(bg.min + vec2(3.0, 1.0), g, Color32::WHITE);
                }
            }
            let hits = st.hits()[u as usize];
            if hits > 0 {
                let m = r.right_top() + vec2(-side * 0.1, side * 0.12);
                marks::disc(painter, m, side * 0.2, RED, &hits.to_string(), side);
            }
            if self.own.card_pick.contains(&u) {
                marks::ring(painter, r, side, PURPLE, 3.0);
            }
            if self.own.selected == Some(Pick::Unit(u)) {
                marks::selected(painter, r, side);
                // The drafted pivot, if it differs.
                if let Some(d) = self.own.draft.filter(|d| d.unit == u)
                    && d.start != st.facing()[u as usize]
                    && self.session.is_live()
                {
                    let v = dir_vector(d.start);
                    let tip = centre + v * side * 0.85;
                    painter.arrow(
                        centre,
                        tip - centre,
                        Stroke::new((side * 0.06).max(2.0), GOLD),
                    );
                }
            }
        }
        // Leaders at the box's upper left.
        let mut count: Vec<(Hex, usize)> = Vec::new();
        for (l, info) in b.leaders.iter().enumerate() {
            let Some(h) = st.leader_pos()[l] else {
                continue;
            };
            let k = match count.iter_mut().find(|(x, _)| *x == h) {
                Some((_, n)) => {
                    *n += 1;
                    *n - 1
                }
                None => {
                    count.push((h, 1));
                    0
                }
            };
            let c = layout.center(h);
            let at = pos2(c.x as f32, c.y as f32)
                + vec2(-side * 0.55 + k as f32 * side * 0.4, -side * 0.55);
            let initial = info
                .name
                .chars()
                .next()
                .map_or(String::new(), |c| c.to_string());
            map_view::draw_officer(
                painter,
                at,
                (side * 0.18).max(5.0),
                info.commands == Commands::All,
                &initial,
                self.own.selected == Some(Pick::Leader(l as LeaderIx)),
            );
        }
    }
}

/// A facing as a unit vector on the screen.
pub(super) fn dir_vector(f: Dir) -> Vec2 {
    match f {
        Dir::N => vec2(0.0, -1.0),
        Dir::E => vec2(1.0, 0.0),
        Dir::S => vec2(0.0, 1.0),
        Dir::W => vec2(-1.0, 0.0),
        Dir::NE => vec2(1.0, -1.0).normalized(),
        Dir::SE => vec2(1.0, 1.0).normalized(),
        Dir::SW => vec2(-1.0, 1.0).normalized(),
        Dir::NW => vec2(-1.0, -1.0).normalized(),
    }
}

/// The side of box `h` nearest `pos`, or none near the centre.
pub(super) fn nearest_side(layout: &Layout, h: Hex, pos: Pos2) -> Option<Dir> {
    let c = layout.center(h);
    let v = vec2(pos.x - c.x as f32, pos.y - c.y as f32);
    if v.length() < layout.size as f32 * 0.3 {
        return None;
    }
    FACINGS
        .iter()
        .copied()
        .max_by(|&a, &b| dir_vector(a).dot(v).total_cmp(&dir_vector(b).dot(v)))
}
