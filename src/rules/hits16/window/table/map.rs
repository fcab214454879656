//! What the 16-hits table draws on the map: the selected unit's moves and
//! field of fire, its charges with their 45° path, its targets with the
//! line of fire and any blocker, the choices the rules wait for, the
//! witness of the last refusal, the ruler, the victory hexes, and the
//! counters with their front, formation and combat marks.

use super::*;

const FIELD: Color32 = Color32::from_rgba_premultiplied(70, 60, 10, 40);

impl Table<Hits16TableRules> {
    pub(super) fn facing_at(&self, h: Hex, pos: Pos2) -> Option<u8> {
        let layout = self.last_layout.as_ref()?;
        marks::nearest_hexside(layout, h, pos)
    }

    /// The hexes of a field (M21) from `from` facing `f` within `range`.
    fn field_hexes(&self, from: HexIx, f: u8, range: u32) -> Vec<Hex> {
        let st = self.state();
        let b = &st.board();
        let o = b.hex(from);
        b.grid
            .range(o, range)
            .into_iter()
            .filter(|&h| {
                b.ix(h).is_some()
                    && crate::rules::hits16::engine::geometry::in_field(
                        b.grid,
                        b.options.fire_arc,
                        o,
                        f,
                        h,
                    )
            })
            .collect()
    }

    /// The hexes the map marks red for the last refusal's witness: those
    /// counted or blocking strongly (`true`), a field of fire shaded
    /// (`false`). The line of a refused shot is drawn by `draw_aim`.
    pub fn witness_cells(&self) -> Vec<(Hex, bool)> {
        let b = &self.state().board();
        match self.own.witness.clone() {
            Some(Witness::Hexes(hs)) => hs.into_iter().map(|h| (h, true)).collect(),
            Some(Witness::Field { from, facing }) => match (b.ix(from), b.dir_index(facing)) {
                (Some(o), Some(f)) => self
                    .field_hexes(o, f, 6)
                    .into_iter()
                    .map(|h| (h, false))
                    .collect(),
                _ => Vec::new(),
            },
            Some(Witness::Line { blockers, .. }) => {
                blockers.into_iter().map(|h| (h, true)).collect()
            }
            Some(Witness::Count { .. }) | None => Vec::new(),
        }
    }

    pub(super) fn overlay_shapes(&mut self, layout: &Layout) -> Vec<Shape> {
        let mut shapes = Vec::new();
        let st = self.state().clone();
        let b = st.board().clone();
        // The selected unit's field of fire within its long range.
        if let Some(u) = self.selected_unit() {
            let s = st.units()[u as usize];
            if let Some(row) = b.options.fire_table.row(st.troop(u))
                && s.formation != Formation::Square
            {
                for h in self.field_hexes(s.hex, s.facing, row.long_range) {
                    shapes.push(marks::cell(layout, h, FIELD, Stroke::NONE));
                }
            }
        }
        if self.session.is_live() {
            for p in self.moves() {
                shapes.push(marks::reach(layout, b.hex(p.hex), GREEN));
            }
            if let Some(Pick::General(g)) = self.own.selected
                && st.phase() == Phase::Movement
                && self.human_to_act()
                && b.generals[g as usize].side == st.side()
            {
                for p in st.general_reach(g) {
                    shapes.push(marks::cell(
                        layout,
                        b.hex(p.hex),
                        BLUE.gamma_multiply(0.3),
                        Stroke::new(1.5, BLUE),
                    ));
                }
            }
            for (h, _) in self.hex_choices() {
                shapes.push(marks::choice(layout, h, PURPLE));
            }
        }
        // Why the last command was refused.
        for (h, strong) in self.witness_cells() {
            shapes.push(if strong {
                marks::cell(layout, h, RED.gamma_multiply(0.3), Stroke::new(2.5, RED))
            } else {
                marks::cell(
                    layout,
                    h,
                    RED.gamma_multiply(0.15),
                    Stroke::new(1.0, RED.gamma_multiply(0.6)),
                )
            });
        }
        shapes
    }

    /// The victory hexes: a gold ring, with a flag in the holder's colour.
    pub(super) fn draw_victory_hexes(&self, painter: &egui::Painter, layout: &Layout) {
        let st = self.state();
        let size = layout.size as f32;
        for (i, &v) in st.board().victory_hexes.iter().enumerate() {
            let c = layout.center(st.board().hex(v));
            let centre = pos2(c.x as f32, c.y as f32);
            painter.circle_stroke(centre, size * 0.82, Stroke::new(2.0, GOLD));
            let Some(holder) = st.held().get(i).copied().flatten() else {
                continue;
            };
            let Some(side) = self.session.scenario.sides.get(usize::from(holder)) else {
                continue;
            };
            marks::flag(painter, centre, size, map_view::color(side.colour));
        }
    }

    pub(super) fn draw_counters(&mut self, painter: &egui::Painter, layout: &Layout, clip: Rect) {
        let size = layout.size as f32;
        let side = size * 1.15;
        let st = self.state().clone();
        let b = &st.board();
        let visible = clip.expand(side);
        let scenario = self.session.scenario.clone();
        let charges: Vec<UnitIx> = if self.session.is_live() {
            self.charges().into_iter().map(|(t, _)| t).collect()
        } else {
            Vec::new()
        };
        let shots = if self.session.is_live() {
            self.shots()
        } else {
            Vec::new()
        };
        for u in 0..st.units().len() as UnitIx {
            if !st.on_table(u) {
                continue;
            }
            let s = st.units()[u as usize];
            let c = layout.center(b.hex(s.hex));
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
            // The counter prints the hits it has left and its formation.
            let mut shown = unit.clone();
            if let Some(x) = shown.hits16.as_mut() {
                x.hits = u32::from(s.hits);
                x.formation = Some(s.formation);
            } else {
                let mut x = crate::rules::hits16::model::Hits16Unit::read(unit);
                x.hits = u32::from(s.hits);
                x.formation = Some(s.formation);
                shown.hits16 = Some(x);
            }
            let fill = map_view::color(scenario.unit_colour(unit));
            let label = scenario.rules.counter_label(&shown);
            let mark = scenario.rules.plugin().unit_mark(unit);
            map_view::draw_counter(painter, centre, side, unit, &label, mark, fill);
            let r = marks::counter_rect(centre, side);
            if st.side_of(u) == st.side()
                && st.acts()[u as usize].acted
                && st.phase() == Phase::Movement
            {
                marks::shade(painter, r, side, 90);
            }
            if s.formation != Formation::Square {
                map_view::draw_front_mark(
                    painter,
                    centre,
                    side,
                    marks::hexside_vector(layout, b.hex(s.hex), s.facing),
                );
            } else {
                painter.rect_stroke(
                    r.shrink(side * 0.04),
                    0.0,
                    Stroke::new((side * 0.05).max(1.5), marks::CREAM),
                    egui::StrokeKind::Inside,
                );
            }
            if st.in_combat(u) {
                painter.circle_filled(
                    r.left_top() + vec2(side * 0.14, side * 0.14),
                    side * 0.1,
                    RED,
                );
            }
            if charges.contains(&u) {
                marks::ring(painter, r, side, RED, 3.0);
            } else if shots.contains(&u) {
                marks::ring(painter, r, side, ORANGE, 3.0);
            }
            if self.own.selected == Some(Pick::Unit(u)) {
                marks::selected(painter, r, side);
            }
        }
        for g in 0..st.generals().len() as u16 {
            let h = st.generals()[g as usize];
            if h == NO_HEX {
                continue;
            }
            let c = layout.center(b.hex(h));
            let at = pos2(c.x as f32 + size * 0.45, c.y as f32 + size * 0.45);
            let name = &b.generals[g as usize].name;
            let initial = name.chars().next().map_or(String::new(), |c| c.to_string());
            map_view::draw_officer(
                painter,
                at,
                size * 0.28,
                true,
                &initial,
                self.own.selected == Some(Pick::General(g)),
            );
        }
    }

    /// Over everything: the line of fire to the hovered target (blockers
    /// crossed), the charge path to it, the ruler.
    pub(super) fn draw_aim(&mut self, painter: &egui::Painter, layout: &Layout) {
        let st = self.state().clone();
        let b = st.board().clone();
        let at = |h: Hex| {
            let c = layout.center(h);
            pos2(c.x as f32, c.y as f32)
        };
        let size = layout.size as f32;
        let cross = |p: Pos2| {
            let d = size * 0.35;
            for (a, c) in [(vec2(-d, -d), vec2(d, d)), (vec2(-d, d), vec2(d, -d))] {
                painter.line_segment([p + a, p + c], Stroke::new(3.0, RED));
            }
        };
        let line = |from: Hex, to: Hex, colour: Color32| {
            painter.line_segment([at(from), at(to)], Stroke::new(2.5, colour));
            if let (Some(a), Some(t)) = (b.ix(from), b.ix(to)) {
                for h in st.fire_blockers(a, t).unwrap_or_default() {
                    cross(at(h));
                }
            }
        };
        if let (Some(u), Some(hov)) = (self.selected_unit(), self.hovered)
            && let Some(hi) = b.ix(hov)
            && let Some(t) = st.unit_at(hi)
            && st.side_of(t) != st.side_of(u)
        {
            let from = b.hex(st.units()[u as usize].hex);
            match st.phase() {
                Phase::Movement if self.session.is_live() => {
                    let id = b.units[t as usize].id.clone();
                    if let Some(Command::Charge { path, .. }) = self
                        .charges()
                        .into_iter()
                        .map(|(_, c)| c)
                        .find(|c| matches!(c, Command::Charge { target, .. } if *target == id))
                    {
                        let mut pts = vec![at(from)];
                        pts.extend(path.iter().map(|&h| at(h)));
                        pts.push(at(hov));
                        painter.add(Shape::line(pts, Stroke::new(3.0, RED)));
                    }
                }
                _ if b.options.fire_table.row(st.troop(u)).is_some() => line(from, hov, ORANGE),
                _ => {}
            }
        }
        if let Some(Witness::Line { from, to, .. }) = &self.own.witness {
            line(*from, *to, RED);
        }
        if let Some((Some(a), end)) = self.own.ruler {
            let to = end.or(self.hovered).unwrap_or(a);
            line(a, to, BLUE);
            let d = b.grid.distance(a, to);
            painter.text(
                at(to) + vec2(0.0, -size),
                egui::Align2::CENTER_BOTTOM,
                format!("{d} ({} cm)", d * b.options.cm_per_hex),
                egui::FontId::proportional(14.0),
                BLUE,
            );
        }
    }

    /// The status bar: terrain, the unit, and with the ruler the distance,
    /// line of fire and field.
    pub(super) fn hover_words(&self, h: Hex) -> Option<String> {
        let st = self.state();
        let b = &st.board();
        let i = b.ix(h)?;
        let info = b.info(i);
        let mut text = format!("{h}  {}", info.terrain.name());
        if info.hill {
            text.push_str(", hill");
        }
        if let Some(u) = st.unit_at(i) {
            let s = st.units()[u as usize];
            text.push_str(&format!(
                "  |  {} ({}, {}) {}, {}",
                b.units[u as usize].name,
                st.troop(u).name(),
                b.units[u as usize].rating.name(),
                formation_words(s.formation),
                crate::words::counted(s.hits, "hit", "hits")
            ));
        }
        for g in st.generals_at(i) {
            text.push_str(&format!("  |  General {}", b.generals[g as usize].name));
        }
        if let Some((Some(a), _)) = self.own.ruler
            && let Some(ai) = b.ix(a)
        {
            let d = b.grid.distance(a, h);
            text.push_str(&format!(
                "  |  ruler {a} to {h}: {} ({} cm), line of fire {}",
                crate::words::counted(d, "hex", "hexes"),
                d * b.options.cm_per_hex,
                match st.fire_blockers(ai, i) {
                    None => "clear".to_string(),
                    Some(bl) => format!(
                        "blocked at {}",
                        bl.iter()
                            .map(|h| h.to_string())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                }
            ));
            if let Some(u) = self.selected_unit() {
                let s = st.units()[u as usize];
                let inside = crate::rules::hits16::engine::geometry::in_field(
                    b.grid,
                    b.options.fire_arc,
                    b.hex(s.hex),
                    s.facing,
                    h,
                );
                text.push_str(&format!(
                    ", {} {} field of fire",
                    if inside { "in" } else { "outside" },
                    b.units[u as usize].name
                ));
            }
        }
        Some(text)
    }
}
