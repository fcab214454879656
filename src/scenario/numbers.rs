//! The numbers of a scenario a balance study may vary (`vedette
//! sensitivity`): each named by its dotted path in the scenario's file
//! form (`rules.Napoleon.troops.movement.infantry`,
//! `victory.loss_thresholds.0.points`), read and set through that form,
//! so a value a field does not take is refused and nothing changes. Each
//! rule set lists the numbers worth varying ([`crate::engine::Rules::
//! sensitivity_numbers`]): its Vedette defaults, and the scenario numbers
//! it plays by; a designer may tick any other whole number by its path.

use super::Scenario;
use crate::scenario::options::{OptionDoc, OptionKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A number to vary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knob {
    /// The dotted path in the scenario's file form.
    pub path: String,
    /// What it is, in a designer's words.
    pub label: String,
    /// The ruling or section that names it ("N14", "[8.3]").
    pub source: String,
    /// Its value in the scenario.
    pub value: i64,
    /// The range it may take.
    pub min: i64,
    pub max: i64,
    /// A number the rules never printed (kept as scenario data).
    pub vedette_default: bool,
}

impl Knob {
    /// The step a study moves it by: a tenth of its value, at least 1.
    pub fn step(&self) -> i64 {
        ((self.value.abs() + 5) / 10).max(1)
    }

    /// The values one step down and one step up, each `None` past the
    /// number's range.
    pub fn neighbours(&self) -> [Option<i64>; 2] {
        let s = self.step();
        let ok = |v: i64| (self.min..=self.max).contains(&v).then_some(v);
        [ok(self.value - s), ok(self.value + s)]
    }
}

fn at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, k| match v {
        Value::Object(m) => m.get(k),
        Value::Array(a) => a.get(k.parse::<usize>().ok()?),
        _ => None,
    })
}

fn at_mut<'a>(v: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    path.split('.').try_fold(v, |v, k| match v {
        Value::Object(m) => m.get_mut(k),
        Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?),
        _ => None,
    })
}

/// The whole number at `path` in the scenario's file form.
pub fn get(s: &Scenario, path: &str) -> Result<i64, String> {
    let all = serde_json::to_value(s).map_err(|e| format!("the scenario cannot be read: {e}"))?;
    match at(&all, path) {
        Some(v) => v
            .as_i64()
            .ok_or_else(|| format!("`{path}` is {v}, not a whole number")),
        None => Err(format!("the scenario has no number at `{path}`")),
    }
}

/// The scenario with the number at `path` set to `value`; refuses a path
/// that is not a whole number and a value the field does not take.
pub fn set(s: &Scenario, path: &str, value: i64) -> Result<Scenario, String> {
    let mut all =
        serde_json::to_value(s).map_err(|e| format!("the scenario cannot be read: {e}"))?;
    let slot = at_mut(&mut all, path).ok_or_else(|| format!("the scenario has no `{path}`"))?;
    if !slot.is_i64() && !slot.is_u64() {
        return Err(format!("`{path}` is {slot}, not a whole number"));
    }
    *slot = Value::from(value);
    serde_json::from_value(all).map_err(|e| format!("`{path}` cannot be {value}: {e}"))
}

/// The path prefix of the rule options in the file form
/// (`rules.Napoleon`): the rule set's own name, read from the file form so
/// no rule set is named here.
pub fn rules_prefix(s: &Scenario) -> Option<String> {
    match serde_json::to_value(&s.rules).ok()? {
        Value::Object(m) if m.len() == 1 => m.keys().next().map(|k| format!("rules.{k}")),
        _ => None,
    }
}

/// A knob for a designer's own path, with a range of 0 to twice its
/// value (at least 10).
pub fn ticked(s: &Scenario, path: &str) -> Result<Knob, String> {
    let value = get(s, path)?;
    Ok(Knob {
        path: path.to_string(),
        label: path.to_string(),
        source: "ticked".into(),
        value,
        min: 0.min(value),
        max: (value.saturating_mul(2)).max(10),
        vedette_default: false,
    })
}

/// A documented number of the rule options: (field under the options,
/// label, ruling, min, max, Vedette default).
pub type NumberDoc<'a> = (&'a str, &'a str, &'a str, i64, i64, bool);

/// The documented numbers of an option table (`OptionDoc`s), as
/// [`NumberDoc`]s.
pub fn option_numbers(docs: &[OptionDoc], vedette_default: bool) -> Vec<NumberDoc<'_>> {
    docs.iter()
        .filter_map(|d| match d.kind {
            OptionKind::Number { min, max } | OptionKind::Limit { min, max } => {
                Some((d.field, d.label, d.ruling, min, max, vedette_default))
            }
            OptionKind::Choice(_) | OptionKind::Flag => None,
        })
        .collect()
}

/// The knobs of documented rule-option numbers: those the scenario holds a
/// whole number for.
pub fn documented(s: &Scenario, docs: &[NumberDoc]) -> Vec<Knob> {
    let Some(prefix) = rules_prefix(s) else {
        return Vec::new();
    };
    docs.iter()
        .filter_map(|&(field, label, source, min, max, vedette_default)| {
            let path = format!("{prefix}.{field}");
            let value = get(s, &path).ok()?;
            Some(Knob {
                path,
                label: label.to_string(),
                source: source.to_string(),
                value,
                min,
                max,
                vedette_default,
            })
        })
        .collect()
}

/// The knobs of the victory conditions' numbers: each side's loss
/// threshold and units to exit (the rule sets that play by them).
pub fn victory(s: &Scenario, source: &str) -> Vec<Knob> {
    let mut out = Vec::new();
    for (i, t) in s.victory.loss_thresholds.iter().enumerate() {
        out.push(Knob {
            path: format!("victory.loss_thresholds.{i}.points"),
            label: format!("{} loss threshold", t.side),
            source: source.to_string(),
            value: i64::from(t.points),
            min: 1,
            max: 1000,
            vedette_default: false,
        });
    }
    for (i, e) in s.victory.exits.iter().enumerate() {
        out.push(Knob {
            path: format!("victory.exits.{i}.units"),
            label: format!("Units to exit ({})", e.side),
            source: source.to_string(),
            value: i64::from(e.units),
            min: 0,
            max: 100,
            vedette_default: false,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::parse_scenario;

    /// Setting a number goes through the file form: every shipped
    /// scenario, and one with its map written inside (as File > New and
    /// pick-up battles make them), comes back unchanged but for it.
    #[test]
    fn issue39_setting_a_number_keeps_the_rest_of_every_scenario() {
        let shipped = [
            include_str!("../../scenarios/tutorial.ron"),
            include_str!("../../scenarios/waterloo.ron"),
            include_str!("../../scenarios/saint-aubin.ron"),
            include_str!("../../scenarios/waterloo-one-hour.ron"),
            include_str!("../../scenarios/quatre-bras.ron"),
            include_str!("../../scenarios/hits16-tutorial.ron"),
        ];
        for (i, text) in shipped.iter().enumerate() {
            let s = parse_scenario(text, "shipped.ron").expect("parses");
            let same = set(&s, "turns", i64::from(s.turns)).expect("sets");
            assert_eq!(same, s, "scenario {i}");
        }
        let mut s = parse_scenario(shipped[1], "waterloo.ron").expect("parses");
        let map = crate::scenario::parse_map(include_str!("../../maps/waterloo.ron"), "map.ron")
            .expect("map parses");
        s.map = crate::scenario::MapSource::Inline(Box::new(map));
        let same = set(&s, "turns", 9).expect("sets with an inline map");
        assert_eq!(same.turns, 9);
        assert_eq!(same.map, s.map);
    }

    #[test]
    fn issue39_numbers_are_read_and_set_by_path_and_bad_values_refused() {
        let s = parse_scenario(include_str!("../../scenarios/waterloo.ron"), "waterloo.ron")
            .expect("parses");
        let p = "victory.loss_thresholds.0.points";
        let v = get(&s, p).expect("a threshold");
        let t = set(&s, p, v + 3).expect("sets");
        assert_eq!(get(&t, p), Ok(v + 3));
        assert_eq!(s.victory.loss_thresholds[1], t.victory.loss_thresholds[1]);
        assert!(set(&s, p, -1).is_err(), "a u32 takes no -1");
        assert!(set(&s, "title", 3).is_err());
        assert!(get(&s, "victory.nothing").is_err());
        let k = ticked(&s, "turns").expect("turns");
        assert_eq!(k.value, 10);
        assert_eq!(k.neighbours(), [Some(9), Some(11)]);
    }
}
