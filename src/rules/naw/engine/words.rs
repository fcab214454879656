//! Events as sentences a player reads: units by their designations, sides
//! by their names, lists in words. `Display` on [`Event`] stays the terse
//! form the command line and logs use (ids, which are unique); these are
//! for the playtest table's messages and event log.

use super::board::Board;
use super::types::{Event, Outcome, Phase};
use crate::hex::Hex;
use crate::scenario::{SideId, UnitId};

/// How many names a list spells out before "and N more".
const LIST_NAMES: usize = 6;

impl Board {
    /// A unit as a player knows it: its designation, or its id when it
    /// has none.
    pub fn unit_words(&self, id: &UnitId) -> String {
        match self.unit_ix(id).map(|u| self.unit(u)) {
            Some(info) if !info.designation.trim().is_empty() => info.designation.clone(),
            _ => format!("unit {id}"),
        }
    }

    /// A side's name.
    pub fn side_words(&self, id: &SideId) -> String {
        self.sides
            .iter()
            .position(|s| s == id)
            .map_or_else(|| id.to_string(), |i| self.side_names[i].clone())
    }

    fn units_words(&self, ids: &[UnitId]) -> String {
        let names: Vec<String> = ids.iter().map(|u| self.unit_words(u)).collect();
        join_words(&names, LIST_NAMES)
    }

    /// The event as a sentence, without its case (shown beside it).
    pub fn sentence(&self, e: &Event) -> String {
        let hexes = |v: &[Hex]| {
            let l: Vec<String> = v.iter().map(|h| h.to_string()).collect();
            join_words(&l, LIST_NAMES)
        };
        match e {
            Event::ChitsDrawn { .. } => "Variant chits are drawn, kept secret until the end".into(),
            Event::PhaseBegan { turn, side, phase } => format!(
                "Game-Turn {turn}: {} {} Phase",
                self.side_words(side),
                match phase {
                    Phase::Movement => "Movement",
                    Phase::Combat => "Combat",
                }
            ),
            // The path holds the hexes entered, not the one left.
            Event::Moved { unit, path, cost } => match path.last() {
                Some(b) => format!(
                    "{} moves {} to {b} ({cost} MP)",
                    self.unit_words(unit),
                    match path.len() {
                        1 => "one hex".to_string(),
                        n => crate::words::counted(n, "hex", "hexes"),
                    }
                ),
                None => format!("{} stays where it is", self.unit_words(unit)),
            },
            Event::Entered { unit, hex, cost } => format!(
                "{} enters the map at {hex} ({cost} MP)",
                self.unit_words(unit)
            ),
            Event::Exited { unit, from } => {
                format!("{} leaves the map from {from}", self.unit_words(unit))
            }
            Event::ObligationsFixed {
                must_attack,
                must_be_attacked,
            } => match (must_attack.is_empty(), must_be_attacked.is_empty()) {
                (true, true) => "Movement ends with no units in contact: no attack is owed".into(),
                (false, true) => format!(
                    "Movement ends: {} must attack",
                    self.units_words(must_attack)
                ),
                (true, false) => format!(
                    "Movement ends: {} must be attacked",
                    self.units_words(must_be_attacked)
                ),
                (false, false) => format!(
                    "Movement ends: {} must attack, and {} must be attacked",
                    self.units_words(must_attack),
                    self.units_words(must_be_attacked)
                ),
            },
            Event::AttackDeclared {
                attackers,
                bombarding,
                defenders,
                attack,
                defence,
                column,
            } => {
                let mut s = if attackers.is_empty() {
                    format!(
                        "{} bombard{} {}",
                        self.units_words(bombarding),
                        if bombarding.len() == 1 { "s" } else { "" },
                        self.units_words(defenders)
                    )
                } else {
                    let mut s = format!(
                        "{} attack{} {}",
                        self.units_words(attackers),
                        if attackers.len() == 1 { "s" } else { "" },
                        self.units_words(defenders)
                    );
                    if !bombarding.is_empty() {
                        s.push_str(&format!(
                            ", with {} bombarding",
                            self.units_words(bombarding)
                        ));
                    }
                    s
                };
                s.push_str(&format!(
                    ": {attack} against {defence}, the {column} column"
                ));
                s
            }
            Event::DieRolled { roll } => format!("The die shows {roll}"),
            Event::CombatResult { result } => {
                format!("Result {}: {}", result.code(), result.meaning())
            }
            Event::Eliminated { unit, strength, .. } => format!(
                "{} is eliminated ({strength} point{} lost)",
                self.unit_words(unit),
                if *strength == 1 { "" } else { "s" }
            ),
            Event::RetreatRequired {
                unit,
                chooser,
                optional,
                displaced,
            } => {
                let who = self.unit_words(unit);
                let by = self.side_words(chooser);
                if *displaced {
                    format!("{who} is displaced and must retreat; {by} chooses the hex")
                } else if *optional {
                    format!("{who} may retreat or hold; {by} chooses")
                } else {
                    format!("{who} must retreat; {by} chooses the hex")
                }
            }
            Event::Retreated { unit, from, to } => {
                format!("{} retreats from {from} to {to}", self.unit_words(unit))
            }
            Event::Held { unit } => format!("{} holds its position", self.unit_words(unit)),
            Event::LossesRequired { side, at_least } => format!(
                "{} must remove attacking units worth at least {at_least} point{}",
                self.side_words(side),
                if *at_least == 1 { "" } else { "s" }
            ),
            Event::LossesTaken { units } => {
                format!("Exchange: {} removed", self.units_words(units))
            }
            Event::AdvanceOffered {
                side,
                units,
                hexes: h,
            } => format!(
                "{} may advance {} into {}",
                self.side_words(side),
                if units.len() == 1 {
                    self.units_words(units)
                } else {
                    format!("one of {}", self.units_words(units))
                },
                hexes(h)
            ),
            Event::Advanced { unit, from, to } => {
                format!("{} advances from {from} to {to}", self.unit_words(unit))
            }
            Event::AdvanceDeclined => "No advance after combat".into(),
            Event::AttackFinished => "The attack is over".into(),
            Event::Demoralized { side } => format!("{} is demoralized", self.side_words(side)),
            Event::GameEnded { outcome } => match outcome {
                Outcome::Win { side, reason, .. } => {
                    format!("Game over: {} wins ({reason})", self.side_words(side))
                }
                Outcome::Draw { reason } => format!("Game over: a draw ({reason})"),
            },
        }
    }
}

/// "A", "A and B", "A, B and C", "A, B, C and 4 more".
pub fn join_words(items: &[String], most: usize) -> String {
    match items.len() {
        0 => "no one".into(),
        1 => items[0].clone(),
        n if n <= most => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
        n => format!("{} and {} more", items[..most].join(", "), n - most),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::parse_scenario;

    fn board() -> Board {
        let s = parse_scenario(include_str!("../../../../scenarios/waterloo.ron"), "w.ron")
            .expect("parses");
        let m = crate::scenario::parse_map(include_str!("../../../../maps/waterloo.ron"), "m.ron")
            .expect("parses");
        Board::new(&s, &m).expect("sets up")
    }

    #[test]
    fn issue16_item16_events_read_as_sentences_with_designations() {
        let b = board();
        let ids: Vec<UnitId> = (0..3).map(|i| b.unit(i).id.clone()).collect();
        let names: Vec<String> = (0..3).map(|i| b.unit(i).designation.clone()).collect();
        let e = Event::ObligationsFixed {
            must_attack: vec![],
            must_be_attacked: vec![],
        };
        let s = b.sentence(&e);
        assert!(!s.contains("[]"), "{s}");
        assert!(s.contains("no attack is owed"), "{s}");
        let e = Event::AttackDeclared {
            attackers: ids[..2].to_vec(),
            bombarding: vec![],
            defenders: ids[2..].to_vec(),
            attack: 8,
            defence: 4,
            column: crate::scenario::Odds::new(2, 1),
        };
        let s = b.sentence(&e);
        assert_eq!(
            s,
            format!(
                "{} and {} attack {}: 8 against 4, the 2:1 column",
                names[0], names[1], names[2]
            )
        );
        for id in &ids {
            assert!(!s.contains(&format!("[{id}")), "no raw lists: {s}");
        }
        let e = Event::PhaseBegan {
            turn: 2,
            side: b.sides[1].clone(),
            phase: Phase::Combat,
        };
        assert_eq!(
            b.sentence(&e),
            format!("Game-Turn 2: {} Combat Phase", b.side_names[1])
        );
        // A move's path holds the hexes entered (4.1): one hex is a move.
        let moved = |path: &[&str]| Event::Moved {
            unit: ids[0].clone(),
            path: path.iter().map(|h| h.parse().expect("hex")).collect(),
            cost: path.len() as u32,
        };
        assert_eq!(
            b.sentence(&moved(&["1713"])),
            format!("{} moves one hex to 1713 (1 MP)", names[0])
        );
        assert_eq!(
            b.sentence(&moved(&["0512", "0511", "0510"])),
            format!("{} moves 3 hexes to 0510 (3 MP)", names[0])
        );
        let many: Vec<String> = (1..=9).map(|i| i.to_string()).collect();
        assert_eq!(join_words(&many, 6), "1, 2, 3, 4, 5, 6 and 3 more");
    }
}

impl super::types::RuleError {
    /// The same refusal with every unit it names passed through `name`
    /// (ids in the error, so a rule's check stays free of names; the
    /// playtest table shows designations).
    pub fn with_unit_names(&self, name: &dyn Fn(&UnitId) -> UnitId) -> Self {
        use super::types::RuleError as E;
        let n = name;
        match self.clone() {
            E::UnknownUnit(u) => E::UnknownUnit(n(&u)),
            E::NotYourUnit { unit, owner, side } => E::NotYourUnit {
                unit: n(&unit),
                owner,
                side,
            },
            E::NotOnMap(u) => E::NotOnMap(n(&u)),
            E::InEnemyZoc(u) => E::InEnemyZoc(n(&u)),
            E::AlreadyMoved(u) => E::AlreadyMoved(n(&u)),
            E::NotEnoughMovement { unit, need, left } => E::NotEnoughMovement {
                unit: n(&unit),
                need,
                left,
            },
            E::WouldStayStacked { unit, hex } => E::WouldStayStacked {
                unit: n(&unit),
                hex,
            },
            E::MustUnstack(u) => E::MustUnstack(n(&u)),
            E::OutOfReach { unit, hex } => E::OutOfReach {
                unit: n(&unit),
                hex,
            },
            E::NotAvailable(u) => E::NotAvailable(n(&u)),
            E::NotEntryHex { unit, hex } => E::NotEntryHex {
                unit: n(&unit),
                hex,
            },
            E::CannotExit { unit, reason } => E::CannotExit {
                unit: n(&unit),
                reason,
            },
            E::AlreadyInvolved(u) => E::AlreadyInvolved(n(&u)),
            E::NotEnemy(u) => E::NotEnemy(n(&u)),
            E::NotAdjacentToDefender { attacker, defender } => E::NotAdjacentToDefender {
                attacker: n(&attacker),
                defender: n(&defender),
            },
            E::NotArtillery(u) => E::NotArtillery(n(&u)),
            E::BombardFromZoc(u) => E::BombardFromZoc(n(&u)),
            E::BombardRange { unit, defender } => E::BombardRange {
                unit: n(&unit),
                defender: n(&defender),
            },
            E::NoLineOfSight { unit, defender } => E::NoLineOfSight {
                unit: n(&unit),
                defender: n(&defender),
            },
            E::StrandsAttacker(u) => E::StrandsAttacker(n(&u)),
            E::BadRetreat { unit, to, reason } => E::BadRetreat {
                unit: n(&unit),
                to,
                reason,
            },
            E::BadDisplacement {
                unit,
                other,
                reason,
            } => E::BadDisplacement {
                unit: n(&unit),
                other: n(&other),
                reason,
            },
            E::BadAdvance { unit, to, reason } => E::BadAdvance {
                unit: n(&unit),
                to,
                reason,
            },
            other => other,
        }
    }
}

impl Board {
    /// A refusal as the playtest table says it: each unit by its
    /// designation, with its id after it (designations repeat: several
    /// counters are "British Infantry").
    pub fn refusal(&self, e: &super::types::RuleError) -> String {
        e.with_unit_names(&|id| match self.unit_ix(id).map(|u| self.unit(u)) {
            Some(info) if !info.designation.trim().is_empty() => {
                UnitId::new(format!("{} ({id})", info.designation))
            }
            _ => id.clone(),
        })
        .to_string()
    }
}

#[cfg(test)]
mod refusal_tests {
    use super::*;
    use crate::rules::naw::engine::RuleError;

    #[test]
    fn issue16_item16_refusals_name_units_by_designation() {
        let s = crate::scenario::parse_scenario(
            include_str!("../../../../scenarios/waterloo.ron"),
            "w.ron",
        )
        .expect("parses");
        let m = crate::scenario::parse_map(include_str!("../../../../maps/waterloo.ron"), "m.ron")
            .expect("parses");
        let b = Board::new(&s, &m).expect("sets up");
        let info = b.unit(0).clone();
        let e = RuleError::InEnemyZoc(info.id.clone());
        assert_eq!(
            b.refusal(&e),
            format!(
                "may not move: {} ({}) is in an enemy Zone of Control [4.5]",
                info.designation, info.id
            )
        );
        // Errors without units read as before.
        assert_eq!(
            b.refusal(&RuleError::EmptyAttack),
            RuleError::EmptyAttack.to_string()
        );
    }
}
