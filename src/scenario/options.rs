//! Rule options described for people: each "Option" of a rule set's
//! rulings with its ruling, a label, a sentence on what it does and the
//! values it takes. A rule set lists its options in an [`OptionDoc`]
//! table; Scenario settings, the setup sheet and the sensitivity study
//! read every rule set's table the same way, and values are read and set
//! by field name through serde, so no option needs code of its own.

use serde_json::Value;

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of these (file value, words).
    Choice(&'static [(&'static str, &'static str)]),
    Flag,
    /// A whole number in this range.
    Number {
        min: i64,
        max: i64,
    },
    /// A whole number in this range, or none (no limit).
    Limit {
        min: i64,
        max: i64,
    },
}

/// One option of the rulings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDoc {
    /// The field of the rule set's options, as written in the file.
    pub field: &'static str,
    /// The ruling that names it ("N2").
    pub ruling: &'static str,
    pub label: &'static str,
    pub explain: &'static str,
    pub kind: OptionKind,
}

pub const fn choice(
    field: &'static str,
    ruling: &'static str,
    label: &'static str,
    explain: &'static str,
    values: &'static [(&'static str, &'static str)],
) -> OptionDoc {
    OptionDoc {
        field,
        ruling,
        label,
        explain,
        kind: OptionKind::Choice(values),
    }
}

pub const fn flag(
    field: &'static str,
    ruling: &'static str,
    label: &'static str,
    explain: &'static str,
) -> OptionDoc {
    OptionDoc {
        field,
        ruling,
        label,
        explain,
        kind: OptionKind::Flag,
    }
}

pub const fn number(
    field: &'static str,
    ruling: &'static str,
    label: &'static str,
    explain: &'static str,
    min: i64,
    max: i64,
) -> OptionDoc {
    OptionDoc {
        field,
        ruling,
        label,
        explain,
        kind: OptionKind::Number { min, max },
    }
}

/// The value at a dotted path (`troops.movement.infantry`,
/// `troops.points.leader.0`) inside a serialised value.
fn at_path<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, k| match v {
        Value::Object(m) => m.get(k),
        Value::Array(a) => a.get(k.parse::<usize>().ok()?),
        _ => None,
    })
}

fn at_path_mut<'a>(v: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    path.split('.').try_fold(v, |v, k| match v {
        Value::Object(m) => Some(m.entry(k.to_string()).or_insert(Value::Null)),
        Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?),
        _ => None,
    })
}

/// Rule options described by an [`OptionDoc`] table: read and set by
/// field name or dotted path through their file form, so a value the
/// field does not take is refused and nothing changes.
pub trait DocumentedOptions: serde::Serialize + serde::de::DeserializeOwned {
    /// An option's value as the file writes it (`null`: none), by field
    /// name or dotted path.
    fn option_value(&self, field: &str) -> Value {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| at_path(&v, field).cloned())
            .unwrap_or(Value::Null)
    }

    /// Sets an option by field name or dotted path; refuses a value the
    /// field does not take, leaving the options as they were.
    fn set_option(&mut self, field: &str, value: Value) -> Result<(), String> {
        let mut all =
            serde_json::to_value(&*self).map_err(|e| format!("the options cannot be read: {e}"))?;
        if value.is_null()
            && !field.contains('.')
            && let Value::Object(m) = &mut all
        {
            m.remove(field);
        } else {
            let slot = at_path_mut(&mut all, field).ok_or_else(|| format!("no option {field}"))?;
            *slot = value;
        }
        *self = serde_json::from_value(all).map_err(|e| format!("{field}: {e}"))?;
        Ok(())
    }
}

/// Every documented number of `options` outside its documented range:
/// (field, message). The same bounds the editor's fields offer, so a file
/// can hold nothing the window could not set (issue 35 item 33: a turn
/// limit or a dice count of 4294967295 aborted or crawled).
pub fn out_of_range<O: DocumentedOptions>(
    options: &O,
    docs: &[&[OptionDoc]],
) -> Vec<(String, String)> {
    let Ok(all) = serde_json::to_value(options) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for d in docs.iter().flat_map(|d| d.iter()) {
        let (min, max) = match d.kind {
            OptionKind::Number { min, max } | OptionKind::Limit { min, max } => (min, max),
            OptionKind::Choice(_) | OptionKind::Flag => continue,
        };
        let Some(v) = at_path(&all, d.field) else {
            continue;
        };
        if v.is_null() {
            continue;
        }
        let n = v.as_i64();
        if n.is_none_or(|n| n < min || n > max) {
            out.push((
                d.field.to_string(),
                format!(
                    "{} ({}) is {v}: {min} to {max} are supported ({})",
                    d.label, d.field, d.ruling
                ),
            ));
        }
    }
    out
}
