//! Number fields that say what they did with what was typed. egui's
//! `DragValue` silently reverts text that is not a number and silently
//! clamps one out of range; [`Number`] does the same, and shows why under
//! the field, where the user is looking, for a few seconds.

use egui::emath::Numeric;
use egui::{Color32, Response, Ui, Widget};
use std::cell::RefCell;
use std::ops::RangeInclusive;
use std::rc::Rc;

/// How long a refusal stays under its field, in seconds.
const SHOWN_FOR: f64 = 6.0;

/// A number field (a `DragValue`) with a range, that explains a refused or
/// clamped entry.
pub struct Number<'a, T: Numeric> {
    value: &'a mut T,
    range: RangeInclusive<T>,
    speed: Option<f64>,
}

impl<'a, T: Numeric> Number<'a, T> {
    pub fn new(value: &'a mut T) -> Self {
        Number {
            value,
            range: T::MIN..=T::MAX,
            speed: None,
        }
    }

    pub fn range(mut self, range: RangeInclusive<T>) -> Self {
        self.range = range;
        self
    }

    pub fn speed(mut self, speed: impl Into<f64>) -> Self {
        self.speed = Some(speed.into());
        self
    }
}

/// What the typed text means for a field of `lo..=hi`: the value to take
/// (if any) and what to tell the user (if anything).
pub fn judge(text: &str, lo: f64, hi: f64, integral: bool) -> (Option<f64>, Option<String>) {
    let t = text.trim();
    let show = |v: f64| {
        if integral {
            format!("{}", v as i64)
        } else {
            format!("{v}")
        }
    };
    match t.parse::<f64>() {
        Err(_) => (
            None,
            Some(format!("“{t}” is not a number: the value was kept")),
        ),
        Ok(v) if !v.is_finite() => (
            None,
            Some(format!("“{t}” is not a number: the value was kept")),
        ),
        Ok(v) if integral && v.fract() != 0.0 => (
            None,
            Some(format!("“{t}” is not a whole number: the value was kept")),
        ),
        Ok(v) if v < lo => (
            Some(lo),
            Some(format!(
                "{t} is below the least allowed, {}: set to {}",
                show(lo),
                show(lo)
            )),
        ),
        Ok(v) if v > hi => (
            Some(hi),
            Some(format!(
                "{t} is above the most allowed, {}: set to {}",
                show(hi),
                show(hi)
            )),
        ),
        Ok(v) => (Some(v), None),
    }
}

impl<T: Numeric> Widget for Number<'_, T> {
    fn ui(self, ui: &mut Ui) -> Response {
        // What the parser said about the last text it read: Some(None) for
        // a good number, Some(Some(why)) for a refusal.
        let heard: Rc<RefCell<Option<Option<String>>>> = Rc::default();
        let (lo, hi) = (self.range.start().to_f64(), self.range.end().to_f64());
        let tell = heard.clone();
        let mut dv = egui::DragValue::new(self.value)
            .range(self.range)
            .custom_parser(move |text| {
                let (v, why) = judge(text, lo, hi, T::INTEGRAL);
                *tell.borrow_mut() = Some(why);
                v
            });
        if let Some(s) = self.speed {
            dv = dv.speed(s);
        }
        let response = ui.add(dv);
        let id = response.id.with("refused");
        let now = ui.input(|i| i.time);
        match heard.take() {
            Some(Some(why)) => {
                ui.data_mut(|d| d.insert_temp(id, (why, now)));
            }
            Some(None) => ui.data_mut(|d| d.remove::<(String, f64)>(id)),
            None => {}
        }
        // Shown once the field is left (while typing, "-" is on its way to
        // "-5"), for a few seconds.
        if let Some((why, at)) = ui.data(|d| d.get_temp::<(String, f64)>(id))
            && !response.has_focus()
        {
            if now - at < SHOWN_FOR {
                egui::Area::new(id.with("area"))
                    .order(egui::Order::Tooltip)
                    .fixed_pos(response.rect.left_bottom() + egui::vec2(0.0, 2.0))
                    .interactable(false)
                    .show(ui.ctx(), |ui| {
                        egui::Frame::popup(ui.style()).show(ui, |ui| {
                            ui.label(
                                egui::RichText::new(why).color(Color32::from_rgb(200, 40, 40)),
                            );
                        });
                    });
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(
                        SHOWN_FOR - (now - at),
                    ));
            } else {
                ui.data_mut(|d| d.remove::<(String, f64)>(id));
            }
        }
        response
    }
}

/// The search player's strength: a grid row "Search strength" with its
/// playouts a turn, on a logarithmic slider (2 to 256).
pub fn search_strength_row(ui: &mut egui::Ui, budget: &mut u32) {
    let l = ui.label("Search strength");
    ui.add(
        egui::Slider::new(budget, 2..=256)
            .logarithmic(true)
            .suffix(" playouts a turn"),
    )
    .on_hover_text(
        "More playouts play stronger and slower: a game costs about the playouts a turn \
         times the turns, in heuristic games; the same seed and strength give the same game",
    )
    .labelled_by(l.id);
    ui.end_row();
}

#[cfg(test)]
mod tests {
    use super::judge;

    #[test]
    fn letters_fractions_and_out_of_range_numbers_are_explained() {
        assert_eq!(judge("12", 1.0, 99.0, true), (Some(12.0), None));
        let (v, why) = judge("abc", 1.0, 99.0, true);
        assert_eq!(v, None);
        assert!(why.is_some_and(|w| w.contains("not a number")));
        let (v, why) = judge("-5", 1.0, 99.0, true);
        assert_eq!(v, Some(1.0));
        assert!(why.is_some_and(|w| w.contains("below the least allowed, 1: set to 1")));
        let (v, why) = judge("500", 1.0, 99.0, true);
        assert_eq!(v, Some(99.0));
        assert!(why.is_some_and(|w| w.contains("above")));
        let (v, why) = judge("2.5", 1.0, 99.0, true);
        assert_eq!(v, None);
        assert!(why.is_some_and(|w| w.contains("whole number")));
        assert_eq!(judge("2.5", 1.0, 99.0, false), (Some(2.5), None));
    }
}
