//! Commands as a person writes them for `vedette play`: units by their
//! scenario id (`Shoot(unit: "f-jerome", target: "a-cooke")`) and
//! leaders by name, as the other rule sets take them, while the indexes
//! the engine and its logs use (`Shoot(unit: 0, target: 21)`) still read.
//! [`parse_commands`] turns such a file into engine commands; an unknown
//! id is refused with the line and column where it is written.

use super::actions::DoubleMode;
use super::board::Board;
use super::types::{Command, LeaderIx, UnitIx};
use crate::hex::{Dir, Hex};
use crate::scenario::{LoadError, from_ron, locate};
use serde::Deserialize;

/// A unit: its index, or its id in the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
enum UnitRef {
    Ix(u64),
    Id(String),
}

/// A leader: his index, or his name.
type LeaderRef = UnitRef;

impl<'de> Deserialize<'de> for UnitRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = UnitRef;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a unit's id (a string) or index (a number)")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<UnitRef, E> {
                Ok(UnitRef::Ix(v))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<UnitRef, E> {
                u64::try_from(v)
                    .map(UnitRef::Ix)
                    .map_err(|_| E::custom("an index is not negative"))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<UnitRef, E> {
                Ok(UnitRef::Id(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// [`Command`] with units and leaders as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
enum CommandIn {
    Draw,
    ChooseCard {
        units: Vec<UnitRef>,
        mode: Option<DoubleMode>,
        amount: Option<u32>,
    },
    Shoot {
        unit: UnitRef,
        target: UnitRef,
    },
    EndShooting,
    Move {
        unit: UnitRef,
        #[serde(default)]
        start: Option<Dir>,
        #[serde(default)]
        steps: Vec<Hex>,
        #[serde(default)]
        end: Option<Dir>,
        #[serde(default)]
        column: bool,
        #[serde(default)]
        leader: Option<LeaderRef>,
    },
    Charge {
        unit: UnitRef,
        steps: Vec<Hex>,
        target: UnitRef,
    },
    Square {
        unit: UnitRef,
        form: bool,
        facing: Dir,
    },
    Rally {
        unit: UnitRef,
    },
    MoveLeader {
        leader: LeaderRef,
        steps: Vec<Hex>,
    },
    EndTurn,
    Retreat {
        to: Hex,
    },
    Bayonet {
        advance: bool,
    },
    Respond {
        facing: Option<Dir>,
    },
    Retire {
        to: Hex,
    },
}

/// Why a written unit or leader names nobody: the reference as written
/// (for finding it in the text) and the sentence.
struct Unknown {
    written: String,
    message: String,
}

fn unit(b: &Board, r: &UnitRef) -> Result<UnitIx, Unknown> {
    match r {
        UnitRef::Ix(i) => UnitIx::try_from(*i)
            .ok()
            .filter(|&i| (i as usize) < b.units.len())
            .ok_or_else(|| Unknown {
                written: i.to_string(),
                message: format!(
                    "there is no unit {i}: the scenario has {} (indexes 0 to {})",
                    crate::words::counted(b.units.len(), "unit", "units"),
                    b.units.len().saturating_sub(1)
                ),
            }),
        UnitRef::Id(id) => b
            .units
            .iter()
            .position(|u| u.id.as_str() == id)
            .and_then(|i| UnitIx::try_from(i).ok())
            .ok_or_else(|| Unknown {
                written: format!("{id:?}"),
                message: format!("the scenario has no unit with the id \"{id}\""),
            }),
    }
}

fn leader(b: &Board, r: &LeaderRef) -> Result<LeaderIx, Unknown> {
    match r {
        UnitRef::Ix(i) => LeaderIx::try_from(*i)
            .ok()
            .filter(|&i| (i as usize) < b.leaders.len())
            .ok_or_else(|| Unknown {
                written: i.to_string(),
                message: format!("there is no leader {i}"),
            }),
        UnitRef::Id(name) => b
            .leaders
            .iter()
            .position(|l| &l.name == name)
            .and_then(|i| LeaderIx::try_from(i).ok())
            .ok_or_else(|| Unknown {
                written: format!("{name:?}"),
                message: format!("the scenario has no leader named \"{name}\""),
            }),
    }
}

impl CommandIn {
    fn resolve(self, b: &Board) -> Result<Command, Unknown> {
        Ok(match self {
            CommandIn::Draw => Command::Draw,
            CommandIn::ChooseCard {
                units,
                mode,
                amount,
            } => Command::ChooseCard {
                units: units.iter().map(|u| unit(b, u)).collect::<Result<_, _>>()?,
                mode,
                amount,
            },
            CommandIn::Shoot { unit: u, target } => Command::Shoot {
                unit: unit(b, &u)?,
                target: unit(b, &target)?,
            },
            CommandIn::EndShooting => Command::EndShooting,
            CommandIn::Move {
                unit: u,
                start,
                steps,
                end,
                column,
                leader: l,
            } => Command::Move {
                unit: unit(b, &u)?,
                start,
                steps,
                end,
                column,
                leader: l.map(|l| leader(b, &l)).transpose()?,
            },
            CommandIn::Charge {
                unit: u,
                steps,
                target,
            } => Command::Charge {
                unit: unit(b, &u)?,
                steps,
                target: unit(b, &target)?,
            },
            CommandIn::Square {
                unit: u,
                form,
                facing,
            } => Command::Square {
                unit: unit(b, &u)?,
                form,
                facing,
            },
            CommandIn::Rally { unit: u } => Command::Rally { unit: unit(b, &u)? },
            CommandIn::MoveLeader { leader: l, steps } => Command::MoveLeader {
                leader: leader(b, &l)?,
                steps,
            },
            CommandIn::EndTurn => Command::EndTurn,
            CommandIn::Retreat { to } => Command::Retreat { to },
            CommandIn::Bayonet { advance } => Command::Bayonet { advance },
            CommandIn::Respond { facing } => Command::Respond { facing },
            CommandIn::Retire { to } => Command::Retire { to },
        })
    }
}

/// Reads a RON list of commands, units by id or index and leaders by name
/// or index; an unknown one is refused with where it is written.
pub fn parse_commands(b: &Board, text: &str, origin: &str) -> Result<Vec<Command>, LoadError> {
    let written: Vec<CommandIn> = from_ron(text, origin)?;
    written
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            c.resolve(b).map_err(|u| {
                // Where the reference is written inside command `i` (or
                // the command itself).
                let start = locate::locate(text, &format!("[{i}]"));
                let at = start
                    .and_then(|p| {
                        let offset = locate::offset_of(text, p)?;
                        let rel = text[offset..].find(&u.written)?;
                        Some(locate::position(text, offset + rel))
                    })
                    .or(start);
                LoadError {
                    origin: origin.to_string(),
                    line: at.map_or(0, |p| p.line),
                    column: at.map_or(0, |p| p.column),
                    field: Some(format!("[{i}]")),
                    message: u.message,
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{parse_map, parse_scenario};

    fn board() -> Board {
        let s = parse_scenario(
            include_str!("../../../../scenarios/waterloo-one-hour.ron"),
            "s.ron",
        )
        .expect("parses");
        let m = parse_map(include_str!("../../../../maps/waterloo-boxes.ron"), "m.ron")
            .expect("parses");
        Board::new(&s, &m).expect("board")
    }

    #[test]
    fn units_by_id_and_by_index_read_alike() {
        let b = board();
        let by_id = parse_commands(
            &b,
            r#"[Draw, Shoot(unit: "f-jerome", target: "a-cooke"), MoveLeader(leader: "Ney", steps: ["0806"])]"#,
            "c.ron",
        )
        .expect("reads");
        let f = b
            .units
            .iter()
            .position(|u| u.id.as_str() == "f-jerome")
            .expect("unit") as UnitIx;
        let a = b
            .units
            .iter()
            .position(|u| u.id.as_str() == "a-cooke")
            .expect("unit") as UnitIx;
        let ney = b.leaders.iter().position(|l| l.name == "Ney").expect("Ney") as LeaderIx;
        let by_ix = parse_commands(
            &b,
            &format!("[Draw, Shoot(unit: {f}, target: {a}), MoveLeader(leader: {ney}, steps: [\"0806\"])]"),
            "c.ron",
        )
        .expect("reads");
        assert_eq!(by_id, by_ix);
        assert_eq!(by_id[1], Command::Shoot { unit: f, target: a });
    }

    #[test]
    fn an_unknown_id_is_refused_where_it_is_written() {
        let b = board();
        let e = parse_commands(&b, "[\n  Draw,\n  Rally(unit: \"nobody\"),\n]", "c.ron")
            .expect_err("refused");
        assert_eq!((e.line, e.column), (3, 15), "{e}");
        assert!(e.message.contains("no unit with the id \"nobody\""), "{e}");
        let e = parse_commands(&b, "[Rally(unit: 9999)]", "c.ron").expect_err("refused");
        assert!(e.message.contains("there is no unit 9999"), "{e}");
        // Fields the command does not have are refused, not dropped.
        let e = parse_commands(&b, "[Rally(unit: 1, facing_typo: Some(N))]", "c.ron")
            .expect_err("refused");
        assert!(e.to_string().contains("facing_typo"), "{e}");
    }
}
