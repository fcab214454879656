//! Napoleon at Waterloo's computer players behind the contract.

use super::{Computer, HeuristicPlayer, Knowledge, Player, PlayerKind, RandomPlayer, Tuning};
use crate::engine::naw::{Board, Naw};
use std::sync::Arc;

impl Computer for Naw {
    type Knowledge = Knowledge;
    type Tuning = Tuning;

    fn knowledge(board: Arc<Board>) -> Arc<Knowledge> {
        Knowledge::new(board)
    }

    fn knowledge_board(know: &Knowledge) -> &Arc<Board> {
        know.board()
    }

    fn computer(
        kind: PlayerKind,
        know: &Arc<Knowledge>,
        tuning: &Tuning,
        seed: u64,
    ) -> Box<dyn Player<Naw> + Send> {
        match kind {
            PlayerKind::Random => Box::new(RandomPlayer::<Naw>::new(seed)),
            PlayerKind::Heuristic => {
                Box::new(HeuristicPlayer::new(know.clone(), tuning.clone(), seed))
            }
        }
    }
}
