//! One Hour Napoleonic's computer players behind the contract. Its
//! heuristic player is not written yet (issue 21): both kinds play
//! uniformly among the legal commands until it is.

use super::{Computer, Player, PlayerKind, RandomPlayer};
use crate::engine::one_hour::{Board, OneHour};
use std::sync::Arc;

impl Computer for OneHour {
    type Knowledge = Arc<Board>;
    type Tuning = ();

    fn knowledge(board: Arc<Board>) -> Arc<Arc<Board>> {
        Arc::new(board)
    }

    fn knowledge_board(know: &Arc<Board>) -> &Arc<Board> {
        know
    }

    fn computer(
        _kind: PlayerKind,
        _know: &Arc<Arc<Board>>,
        _tuning: &(),
        seed: u64,
    ) -> Box<dyn Player<OneHour> + Send> {
        Box::new(RandomPlayer::<OneHour>::new(seed))
    }
}
