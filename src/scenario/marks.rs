//! What the scenario marks on a hex, in words: exit hexes, reinforcement
//! entry hexes and victory hexes. The editor says it when such a hex is
//! hovered and lists the marks in its legend; a mark the rule set ignores
//! says so.

use super::{Placement, Scenario};
use crate::hex::Hex;

/// One kind of mark, for the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Exit,
    Entry,
    Victory,
}

impl MarkKind {
    /// The legend's words for the mark.
    pub fn legend(self) -> &'static str {
        match self {
            MarkKind::Exit => "exit hex",
            MarkKind::Entry => "reinforcement entry",
            MarkKind::Victory => "victory hex",
        }
    }
}

/// The kinds of mark the scenario uses, in legend order.
pub fn mark_kinds(s: &Scenario) -> Vec<MarkKind> {
    let mut kinds = Vec::new();
    if s.victory.exits.iter().any(|e| !e.hexes.is_empty()) {
        kinds.push(MarkKind::Exit);
    }
    if s.units.iter().any(|u| {
        matches!(&u.placement, Placement::Reinforcement { entry, .. } | Placement::Variant { entry } if !entry.is_empty())
    }) {
        kinds.push(MarkKind::Entry);
    }
    if !s.victory.victory_hexes.is_empty() {
        kinds.push(MarkKind::Victory);
    }
    kinds
}

/// Sentences for what the scenario marks on `h`, one per mark.
pub fn marks_at(s: &Scenario, h: Hex) -> Vec<String> {
    let support = s.rules.support();
    let side_name = |id: &super::SideId| {
        s.side(id)
            .map_or_else(|| id.to_string(), |x| x.name.clone())
    };
    let mut out = Vec::new();
    for (i, e) in s.victory.exits.iter().enumerate() {
        if e.hexes.contains(&h) {
            let mut t = format!(
                "Exit hex for {}: units leave the map here; {} must exit to win [8.3]",
                side_name(&e.side),
                e.units
            );
            if i >= support.exit_conditions {
                t.push_str(&format!(
                    " (ignored: the {} rules read only the first exit condition)",
                    support.name
                ));
            }
            out.push(t);
        }
    }
    let mut turns: Vec<(Option<u32>, &str)> = Vec::new();
    let mut sides: Vec<String> = Vec::new();
    let mut count = 0;
    for u in &s.units {
        let (turn, entry) = match &u.placement {
            Placement::Reinforcement { turn, entry } => (Some(*turn), entry),
            Placement::Variant { entry } => (None, entry),
            Placement::Start(_) => continue,
        };
        if !entry.contains(&h) {
            continue;
        }
        count += 1;
        let side = side_name(&u.side);
        if !sides.contains(&side) {
            sides.push(side);
        }
        if turns.len() < 4 {
            turns.push((turn, u.designation.as_str()));
        }
    }
    if count > 0 {
        let list: Vec<String> = turns
            .iter()
            .map(|(t, d)| match t {
                Some(t) => format!("{d} (Game-Turn {t})"),
                None => format!("{d} (with a variant)"),
            })
            .collect();
        out.push(format!(
            "Entry hex for {} reinforcement{}: {}{}",
            sides.join(" and "),
            if count == 1 { "" } else { "s" },
            list.join(", "),
            if count > list.len() {
                format!(" and {} more", count - list.len())
            } else {
                String::new()
            }
        ));
    }
    for v in &s.victory.victory_hexes {
        if v.hex == h {
            let mut t = format!(
                "Victory hex: {} point{} to {} holding it",
                v.points,
                if v.points == 1 { "" } else { "s" },
                side_name(&v.side)
            );
            if !support.victory_hexes {
                t.push_str(&format!(
                    " (ignored: the {} rules do not score victory hexes)",
                    support.name
                ));
            }
            out.push(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{VictoryHex, parse_scenario};

    fn waterloo() -> Scenario {
        parse_scenario(include_str!("../../scenarios/waterloo.ron"), "waterloo.ron")
            .expect("parses")
    }

    #[test]
    fn an_exit_hex_an_entry_hex_and_a_victory_hex_are_named() {
        let mut s = waterloo();
        let exit = s.victory.exits[0].hexes[0];
        let said = marks_at(&s, exit);
        assert!(
            said.iter()
                .any(|t| t.starts_with("Exit hex for") && t.contains("[8.3]")),
            "{said:?}"
        );
        let (entry, who) = s
            .units
            .iter()
            .find_map(|u| match &u.placement {
                Placement::Reinforcement { entry, .. } => Some((entry[0], u.designation.clone())),
                _ => None,
            })
            .expect("a reinforcement");
        let said = marks_at(&s, entry);
        assert!(
            said.iter()
                .any(|t| t.starts_with("Entry hex") && t.contains(&who)),
            "{said:?}"
        );
        let side = s.sides[0].id.clone();
        s.victory.victory_hexes.push(VictoryHex {
            hex: "1010".parse().expect("hex"),
            side,
            points: 3,
        });
        let said = marks_at(&s, "1010".parse().expect("hex"));
        assert_eq!(said.len(), 1);
        assert!(
            said[0].starts_with("Victory hex: 3 points") && said[0].contains("ignored"),
            "{said:?}"
        );
        assert_eq!(
            mark_kinds(&s),
            vec![MarkKind::Exit, MarkKind::Entry, MarkKind::Victory]
        );
        let plain = s
            .units
            .iter()
            .find_map(|u| u.start_hex())
            .expect("a start hex");
        let marked = s.victory.exits.iter().any(|e| e.hexes.contains(&plain));
        assert_eq!(marks_at(&s, plain).is_empty(), !marked);
    }
}
