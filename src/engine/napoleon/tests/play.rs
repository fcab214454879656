//! Random legal games to their end, with the invariants checked after
//! every event and every log replayed byte for byte (issue 17).

use super::*;
use crate::ai::{Player, RandomPlayer};
use crate::engine::{GameLog, replay};
use crate::scenario::napoleon::NapoleonTerrain;

/// What must hold after every event.
fn invariants(st: &State, context: &str) {
    let b = &st.board;
    let mut stacks: std::collections::BTreeMap<HexIx, Vec<PieceIx>> = Default::default();
    for (p, &h) in st.pos.iter().enumerate() {
        if h != NO_HEX {
            stacks.entry(h).or_default().push(p as PieceIx);
        }
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
    for seed in first_seed()..first_seed() + games() {
        let mut g: Game<Napoleon> = Game::new(&s, &m, seed, ()).expect("starts");
        invariants(&g.state, "start");
        let mut players = [
            RandomPlayer::<Napoleon>::new(seed * 2 + 1),
            RandomPlayer::<Napoleon>::new(seed * 2 + 2),
        ];
        for n in 0..60_000 {
            if g.is_over() {
                break;
            }
            let side = g.to_act() as usize;
            let cmd = players[side]
                .choose(&g.state)
                .unwrap_or_else(|| panic!("seed {seed}: no legal command at {:?}", g.state.phase));
            let mut shadow = g.state.clone();
            let events = g
                .execute(&cmd)
                .unwrap_or_else(|e| panic!("seed {seed}: legal {cmd:?} refused: {e}"))
                .to_vec();
            for e in &events {
                shadow.apply(e);
                invariants(
                    &shadow,
                    &format!("seed {seed}, command {n} {cmd:?}, after {e:?}"),
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
}
