//! What the Napoleon at Waterloo table draws on the map: reachable, entry,
//! retreat and attack hexes, the planned path, and the counters with
//! their marks.

use super::*;

impl Table<NawTableRules> {
    /// Hex highlights: reachable hexes, entry hexes, retreat and advance
    /// hexes, and the last move's path.
    pub(super) fn overlay_shapes(&mut self, layout: &crate::hex::Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        let poly = |h, fill, stroke| marks::cell(layout, h, fill, stroke);
        let size = layout.size as f32;
        let live = self.session.is_live();
        let st = self.state().clone();
        // The last command's path, so computer moves can be followed.
        let g = self.session.shown();
        if let Some((_, events)) = g.history[..self.session.cursor().min(g.history.len())].last() {
            for e in events {
                let pts: Vec<Hex> = match e {
                    Event::Moved { path, .. } => path.clone(),
                    Event::Retreated { from, to, .. } | Event::Advanced { from, to, .. } => {
                        vec![*from, *to]
                    }
                    Event::Entered { hex, .. } => vec![*hex],
                    _ => continue,
                };
                let line: Vec<Pos2> = pts
                    .iter()
                    .map(|&h| {
                        let c = layout.center(h);
                        pos2(c.x as f32, c.y as f32)
                    })
                    .collect();
                for &p in &line {
                    shapes.push(Shape::circle_filled(
                        p,
                        size * 0.12,
                        Color32::from_rgba_unmultiplied(20, 40, 160, 160),
                    ));
                }
                if line.len() > 1 {
                    shapes.push(Shape::line(
                        line,
                        Stroke::new(
                            (size * 0.1).max(1.5),
                            Color32::from_rgba_unmultiplied(20, 40, 160, 160),
                        ),
                    ));
                }
            }
        }
        if !live {
            return shapes;
        }
        let human = self.human_to_act();
        if let Some(step) = st.pending().as_ref().and_then(|p| p.steps.front()) {
            match step {
                Step::Retreat { unit, .. } if human => {
                    for (h, displaced) in st.retreat_options(*unit) {
                        let fill = if displaced.is_some() { ORANGE } else { GOLD };
                        shapes.push(poly(
                            st.board().hex(h),
                            fill.gamma_multiply(0.55),
                            Stroke::new(2.0, fill),
                        ));
                    }
                }
                Step::Advance { hexes, .. } if human => {
                    for &h in hexes {
                        shapes.push(poly(
                            st.board().hex(h),
                            GREEN.gamma_multiply(0.45),
                            Stroke::new(2.0, GREEN),
                        ));
                    }
                }
                _ => {}
            }
            return shapes;
        }
        if let Some(u) = self.own.entering {
            let legal: Vec<HexIx> = st
                .available_reinforcements()
                .into_iter()
                .find(|(x, _)| *x == u)
                .map(|(_, h)| h)
                .unwrap_or_default();
            for &h in &st.board().unit(u).entry {
                if legal.contains(&h) {
                    shapes.push(poly(
                        st.board().hex(h),
                        BLUE.gamma_multiply(0.45),
                        Stroke::new(2.0, BLUE),
                    ));
                } else {
                    shapes.push(poly(
                        st.board().hex(h),
                        Color32::TRANSPARENT,
                        Stroke::new(2.0, RED),
                    ));
                }
            }
        }
        let reach: Vec<(Hex, bool, bool)> = self
            .reach()
            .iter()
            .map(|r| (r.hex, r.stops, r.friendly))
            .collect();
        for (h, stops, friendly) in reach {
            let (fill, st) = if stops {
                (ORANGE.gamma_multiply(0.45), Stroke::new(1.5, ORANGE))
            } else if friendly {
                (GREEN.gamma_multiply(0.15), Stroke::new(1.0, GREEN))
            } else {
                (GREEN.gamma_multiply(0.35), Stroke::NONE)
            };
            shapes.push(poly(h, fill, st));
        }
        shapes
    }

    pub(super) fn draw_path_preview(
        &mut self,
        painter: &egui::Painter,
        layout: &crate::hex::Layout,
    ) {
        let Some(h) = self.hovered else {
            return;
        };
        let Some(u) = self.own.selected else {
            return;
        };
        let st = self.state();
        let Some(start) = st.unit_hex(u).map(|x| st.board().hex(x)) else {
            return;
        };
        let left = st.movement_left(u);
        let Some(r) = self.reach().iter().find(|r| r.hex == h).cloned() else {
            return;
        };
        let pts: Vec<Pos2> = std::iter::once(start)
            .chain(r.path.iter().copied())
            .map(|h| {
                let c = layout.center(h);
                pos2(c.x as f32, c.y as f32)
            })
            .collect();
        let size = layout.size as f32;
        painter.add(Shape::line(
            pts.clone(),
            Stroke::new(
                (size * 0.12).max(2.0),
                Color32::from_rgba_unmultiplied(255, 255, 255, 220),
            ),
        ));
        if let Some(&end) = pts.last() {
            let mut text = format!("{} MP ({} left)", r.cost, left - r.cost.min(left));
            if r.stops {
                text.push_str(", stops: enemy ZOC");
            }
            if r.friendly {
                text.push_str(", friendly unit");
            }
            let font = FontId::proportional(13.0);
            let galley = painter.layout_no_wrap(text, font, Color32::WHITE);
            let at = end + vec2(size * 0.5, -size * 0.9);
            let bg = Rect::from_min_size(at, galley.size()).expand(3.0);
            painter.rect_filled(bg, 3.0, Color32::from_black_alpha(190));
            painter.galley(at, galley, Color32::WHITE);
        }
    }

    pub(super) fn draw_counters(
        &mut self,
        painter: &egui::Painter,
        layout: &crate::hex::Layout,
        clip: Rect,
    ) {
        let size = layout.size as f32;
        let side = size * 1.05;
        let st = self.state().clone();
        let mut stacks: BTreeMap<HexIx, Vec<UnitIx>> = BTreeMap::new();
        for (i, p) in st.pos().iter().enumerate() {
            if let Pos::OnMap(h) = p {
                stacks.entry(*h).or_default().push(i as UnitIx);
            }
        }
        let combat = st.phase() == Phase::Combat && st.pending().is_none();
        let (ra, rd) = if combat {
            (st.required_attackers(), st.required_defenders())
        } else {
            (vec![], vec![])
        };
        let pending_units: Vec<UnitIx> = st
            .pending()
            .as_ref()
            .map(|p| {
                p.attackers
                    .iter()
                    .chain(&p.bombarding)
                    .chain(&p.defenders)
                    .copied()
                    .collect()
            })
            .unwrap_or_default();
        let visible = clip.expand(side);
        for (h, units) in stacks {
            let c = layout.center(st.board().hex(h));
            let centre = pos2(c.x as f32, c.y as f32);
            if !visible.contains(centre) {
                continue;
            }
            for (k, &u) in units.iter().enumerate() {
                let off = vec2(k as f32 * side * 0.14, -(k as f32) * side * 0.14);
                let at = centre + off;
                let id = &st.board().unit(u).id;
                let Some(unit) = self.session.scenario.unit(id) else {
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
                let r = marks::counter_rect(at, side);
                let spent = match st.phase() {
                    Phase::Movement => {
                        st.moved()[u as usize]
                            && st.last_moved() != Some(u)
                            && st.side_of(u) == st.phasing()
                    }
                    Phase::Combat => st.involved()[u as usize] && !pending_units.contains(&u),
                };
                if spent {
                    marks::shade(painter, r, side, 80);
                }
                let ring = |col: Color32, w: f32| marks::ring(painter, r, side, col, w);
                let w = (side * 0.08).max(2.0);
                if self.own.selected == Some(u) || self.own.entering == Some(u) {
                    ring(GOLD, w);
                }
                if self.own.draft.attackers.contains(&u) {
                    ring(GREEN, w);
                } else if self.own.draft.bombarding.contains(&u) {
                    ring(BLUE, w);
                } else if self.own.draft.defenders.contains(&u) {
                    ring(RED, w);
                } else if self.own.losses.contains(&u) {
                    ring(Color32::BLACK, w);
                }
                if pending_units.contains(&u) {
                    ring(Color32::from_rgb(160, 0, 160), w * 0.6);
                }
                if rd.contains(&u) {
                    painter.circle_stroke(
                        at,
                        side * 0.75,
                        Stroke::new((side * 0.06).max(1.5), RED),
                    );
                }
                if ra.contains(&u) {
                    let b = r.right_top();
                    painter.circle_filled(b, side * 0.18, RED);
                    painter.text(
                        b,
                        Align2::CENTER_CENTER,
                        "!",
                        FontId::proportional((side * 0.28).max(8.0)),
                        Color32::WHITE,
                    );
                }
            }
        }
    }
}
