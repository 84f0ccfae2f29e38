//! Perft: the number of move sequences of a given length, the standard test of a move
//! generator against published tables.

use crate::rules::movegen::{Paths, count_moves, legal_moves};
use crate::rules::moves::Move;
use crate::rules::position::Position;

/// Counts the leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32, paths: Paths) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
    perft_with(pos, depth, paths, &mut buffers)
}

/// Perft split by first move: each legal move with the count below it.
pub fn divide(pos: &Position, depth: u32, paths: Paths) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    legal_moves(pos, paths, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let nodes = if depth <= 1 {
                1
            } else {
                perft(&pos.play(&mv), depth - 1, paths)
            };
            (mv, nodes)
        })
        .collect()
}

/// Recursion with one reusable move buffer per ply, so that nothing is allocated per node.
fn perft_with(pos: &Position, depth: u32, paths: Paths, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(pos, paths, &mut buffers[0]),
        _ => {
            let (mine, rest) = buffers.split_first_mut().expect("one buffer per ply");
            mine.clear();
            legal_moves(pos, paths, mine);
            let mut nodes = 0;
            for mv in mine.iter() {
                nodes += perft_with(&pos.play(mv), depth - 1, paths, rest);
            }
            nodes
        }
    }
}
