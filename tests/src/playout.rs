//! Random legal playouts for property tests.

use xiangqi::movegen::{Move, Position};

use crate::perft_file;

/// The start position and the positions of the perft reference file (crowded middlegames).
pub fn starts() -> Vec<Position> {
    let mut v: Vec<Position> = perft_file::reference_cases()
        .iter()
        .map(|c| Position::from_fen(&c.fen).expect("reference FEN"))
        .collect();
    v.push(Position::start());
    v
}

/// Plays a random legal game from `start`, the move of each ply chosen by the next of `choices`
/// (modulo the number of legal moves), until the choices run out or no move is left; calls `f`
/// on every position reached (the start included) and returns the moves played.
pub fn playout(start: &Position, choices: &[u16], mut f: impl FnMut(&Position)) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    f(&pos);
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        pos.play(m).expect("generated moves are legal");
        moves.push(m);
        f(&pos);
    }
    moves
}
