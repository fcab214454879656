//! Random legal games to their end, with the invariants checked after
//! every event and every log replayed byte for byte (issue 17).

use super::*;
use crate::ai::{Player, RandomPlayer};
use crate::engine::{GameLog, replay};
use crate::rules::napoleon::model::NapoleonTerrain;

/// What must hold after every event.
fn invariants(st: &State, context: &str) {
    let b = &st.board;
    let mut stacks: std::collections::BTreeMap<HexIx, Vec<PieceIx>> = Default::default();
    for (p, &h) in st.pos.iter().enumerate() {
        if h != NO_HEX {
            stacks.entry(h).or_default().push(p as PieceIx);
        }
    }
    // What each hex holds, as the index keeps it, is what the positions
    // say, in the order of the pieces.
    for h in 0..b.hexes.len() as HexIx {
        let held: Vec<PieceIx> = st.at(h).collect();
        let want = stacks.get(&h).cloned().unwrap_or_default();
        assert_eq!(held, want, "{context}: the pieces in hex {h}");
    }
    for (p, info) in b.pieces.iter().enumerate() {
        // Casualties within capacity (N19).
        if info.kind.is_unit() {
            assert!(
                st.casualties[p] <= info.capacity,
                "{context}: {} over capacity",
                info.id
            );
        }
        let h = st.pos[p];
        if h == NO_HEX {
            continue;
        }
        // No unit where its kind may not stand (N97, N92, N94).
        let t = b.terrain[h as usize];
        assert!(
            !matches!(t, NapoleonTerrain::Impassable | NapoleonTerrain::River),
            "{context}: {} in {t:?}",
            info.id
        );
        if info.kind == PieceKind::Cavalry || info.kind.is_gun() {
            assert!(
                t != NapoleonTerrain::Woods && t != NapoleonTerrain::Town,
                "{context}: {} in {t:?}",
                info.id
            );
        }
    }
    // Stacking as 3.7.2.1 allows, once no activation is moving pieces
    // through friends (N67, N68).
    if st.active.is_none() {
        for (h, pieces) in &stacks {
            assert!(
                st.stack_legal(pieces),
                "{context}: illegal stack on {}: {pieces:?}",
                b.hex(*h)
            );
        }
    }
    // ADCs within the command factor (N44).
    for s in 0..2 {
        assert!(st.adcs[s] <= b.armies[s].command_factor, "{context}: ADCs");
    }
    // Eliminated units counted once, as the break point counts them (N98).
    for s in 0..2u8 {
        let gone = b
            .pieces
            .iter()
            .enumerate()
            .filter(|(p, i)| i.side == s && i.kind.is_unit() && st.pos[*p] == NO_HEX)
            .count() as u32;
        assert_eq!(st.lost[s as usize], gone, "{context}: losses of side {s}");
    }
}

/// A random player that closes with the enemy: it mostly steps towards
/// the nearest enemy unit and seldom takes moves back, so that the sweep
/// reaches melees, evasions and pursuits, which uniform random play almost
/// never does. Test-only: it knows nothing of winning.
struct Closing {
    dice: Dice,
}

impl Player<Napoleon> for Closing {
    fn choose(&mut self, st: &State) -> Option<Command> {
        let cmds = Napoleon::legal_commands(st);
        let b = &st.board;
        let nearest = |p: PieceIx, from: HexIx| {
            (0..b.pieces.len())
                .filter(|&q| {
                    b.pieces[q].side != b.pieces[p as usize].side
                        && b.pieces[q].kind.is_troop()
                        && st.pos[q] != NO_HEX
                })
                .map(|q| b.distance(from, st.pos[q]))
                .min()
                .unwrap_or(0)
        };
        let closer: Vec<&Command> = cmds
            .iter()
            .filter(|c| match c {
                Command::Step { piece, to } => {
                    let (Some(p), Some(t)) = (b.piece_ix(piece), b.hex_ix(*to)) else {
                        return false;
                    };
                    nearest(p, t) < nearest(p, st.pos[p as usize])
                }
                _ => false,
            })
            .collect();
        // Steps that keep the force together, which Retreat! and cohesion
        // ask of it (N60, N69), and never a take-back.
        let together = |c: &Command| match c {
            Command::Step { piece, to } => {
                let (Some(p), Some(t)) = (b.piece_ix(piece), b.hex_ix(*to)) else {
                    return false;
                };
                let Some(f) = b.pieces[p as usize].force else {
                    return true;
                };
                let mut after = st.clone();
                after.pos.set(p, t);
                !st.contiguous(f) || after.contiguous(f)
            }
            Command::TakeBack => false,
            _ => true,
        };
        let others: Vec<&Command> = cmds.iter().filter(|c| together(c)).collect();
        let pick = |dice: &mut Dice, from: &[&Command]| {
            from.get((dice.roll(from.len() as u32) - 1) as usize)
                .map(|c| (*c).clone())
        };
        if !closer.is_empty() && self.dice.roll(4) > 1 {
            return pick(&mut self.dice, &closer);
        }
        if !others.is_empty() && self.dice.roll(10) > 1 {
            return pick(&mut self.dice, &others);
        }
        pick(&mut self.dice, &cmds.iter().collect::<Vec<_>>())
    }
}

/// `VEDETTE_NAPOLEON_FIRST_SEED` starts a sweep at a given seed.
fn first_seed() -> u64 {
    std::env::var("VEDETTE_NAPOLEON_FIRST_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn games() -> u64 {
    std::env::var("VEDETTE_NAPOLEON_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

#[test]
fn random_legal_games_keep_the_invariants_and_replay_byte_for_byte() {
    let (s, m) = saint_aubin();
    let mut ended = 0;
    // How often each kind of event happened over the sweep, so the sweep
    // shows it reached combat; the rarer choices (N76, N86, N87) have
    // their own tests in `choices`.
    let mut seen: std::collections::BTreeMap<String, u32> = Default::default();
    for seed in first_seed()..first_seed() + games() {
        // Every fourth game alternates forces (N2 option), re-rolls failed
        // attacks on vulnerable units (N108 option) and lets a gun outlive
        // its host (N77 option).
        let mut s = s.clone();
        if seed % 4 == 3
            && let crate::scenario::RuleSet::Napoleon(o) = &mut s.rules
        {
            o.maneuver_order = crate::rules::napoleon::model::ManeuverOrder::AlternateForces;
            o.vulnerable_rule = crate::rules::napoleon::model::VulnerableRule::Both;
            o.gun_when_host_eliminated =
                crate::rules::napoleon::model::GunWhenHostEliminated::EvasionRoll;
        }
        let mut g: Game<Napoleon> = Game::new(&s, &m, seed, ()).expect("starts");
        invariants(&g.state, "start");
        // Even seeds play uniformly at random, odd seeds close with the
        // enemy.
        let mut uniform = [
            RandomPlayer::<Napoleon>::new(seed * 2 + 1),
            RandomPlayer::<Napoleon>::new(seed * 2 + 2),
        ];
        let mut closing = [
            Closing {
                dice: Dice::new(seed * 2 + 1),
            },
            Closing {
                dice: Dice::new(seed * 2 + 2),
            },
        ];
        for n in 0..60_000 {
            if g.is_over() {
                break;
            }
            let side = g.to_act() as usize;
            let player: &mut dyn Player<Napoleon> = if seed % 2 == 0 {
                &mut uniform[side]
            } else {
                &mut closing[side]
            };
            let cmd = player
                .choose(&g.state)
                .unwrap_or_else(|| panic!("seed {seed}: no legal command at {:?}", g.state.phase));
            let mut shadow = g.state.clone();
            let events = g
                .execute(&cmd)
                .unwrap_or_else(|e| panic!("seed {seed}: legal {cmd:?} refused: {e}"))
                .to_vec();
            for e in &events {
                let kind = format!("{e:?}");
                let kind = kind.split([' ', '{', '(']).next().unwrap_or("").to_string();
                *seen.entry(kind).or_default() += 1;
                // The log's sentence names things as the table does: no
                // raw lists, no internal indices (issue 19's log).
                let said = crate::rules::napoleon::engine::sentence(&g.state.board, e);
                let index = ["piece ", "force ", "side "].iter().any(|w| {
                    said.match_indices(w)
                        .any(|(i, _)| said[i + w.len()..].starts_with(|c: char| c.is_ascii_digit()))
                });
                assert!(
                    !said.is_empty()
                        && !index
                        && !said.contains(['{', '"'])
                        && !said.contains("Some("),
                    "seed {seed}: {said:?} for {e:?}"
                );
                shadow.apply(e);
                invariants(
                    &shadow,
                    &format!("seed {seed}, command {n} {cmd:?}, after {e:?}"),
                );
            }
        }
        if !g.is_over() {
            let log = g.log();
            let n = log.entries.len();
            for c in &log.entries[n.saturating_sub(30)..] {
                eprintln!("{c:?}");
            }
            eprintln!(
                "{:?} {:?} {:?}",
                g.state.phase, g.state.pending, g.state.combat
            );
            eprintln!("{:?}", g.state.active);
            if let Some(a) = &g.state.active {
                for (q, m) in &a.moved {
                    let q = *q;
                    eprintln!(
                        "{} {:?} at {} from {} facing {} column {} enemy at {}",
                        g.state.board.pieces[q as usize].id,
                        g.state.board.pieces[q as usize].kind,
                        g.state.board.hex(g.state.pos[q as usize]),
                        g.state.board.hex(m.start),
                        g.state.facing[q as usize],
                        g.state.column[q as usize],
                        g.state.enemy_distance(q)
                    );
                }
            }
            eprintln!("{:?}", Napoleon::legal_commands(&g.state));
            for d in [Direction::LeftToRight, Direction::RightToLeft] {
                eprintln!(
                    "{:?}",
                    g.state.check(&Command::EndActivation { direction: d })
                );
            }
        }
        assert!(
            g.is_over(),
            "seed {seed}: the game ends (turn limit {:?})",
            g.state.board.turn_limit
        );
        ended += 1;
        let text = crate::scenario::to_ron(&g.log());
        let log: GameLog<Napoleon> = ron::from_str(&text).expect("the log reads");
        let again = replay(&s, &m, &log).expect("replays");
        assert_eq!(
            crate::scenario::to_ron(&again.log()),
            text,
            "seed {seed}: byte for byte"
        );
    }
    assert_eq!(ended, games());
    eprintln!("events over the sweep: {seen:?}");
    // The default sweep reaches them; a sweep of other seeds may not.
    let default_sweep = first_seed() == 0 && games() >= 12;
    for kind in ["Fight", "Melee", "MovesTakenBack"] {
        if !default_sweep {
            break;
        }
        assert!(seen.contains_key(kind), "no {kind} in the sweep: {seen:?}");
    }
}
