//! Perft: the number of leaf nodes of the legal move tree, the standard test of a move generator.

use crate::{Move, Position};

/// Counts the leaf nodes `depth` plies deep. The last ply is counted, not played (bulk counting).
///
/// # Examples
///
/// ```
/// use xiangqi_movegen::{Position, perft};
///
/// let start = Position::start();
/// assert_eq!(perft(&start, 1), 44);
/// assert_eq!(perft(&start, 3), 79_666);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut p = pos.clone();
            perft_inner(&mut p, depth)
        }
    }
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let moves = pos.legal_moves();
    let mut n = 0;
    for &m in moves.iter() {
        let undo = pos.play_unchecked(m);
        n += perft_inner(pos, depth - 1);
        pos.undo(undo);
    }
    n
}

/// Perft split by first move, in ICCS order of the moves.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    let mut p = pos.clone();
    for &m in pos.legal_moves().iter() {
        let undo = p.play_unchecked(m);
        out.push((
            m,
            if depth == 1 {
                1
            } else {
                perft_inner(&mut p, depth - 1)
            },
        ));
        p.undo(undo);
    }
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
