//! Dead positions (死局): positions in which neither side can win by any sequence of legal moves,
//! the clear part of "理论上公认的双方均无取胜可能的局势" (a position in which, by common accord,
//! neither side can win; 000 ch.1 §4 二(一)). Mechanism only: which positions these are. Whether
//! and how a draw is proposed is the rules' policy.
//!
//! The class recognised: **no attacking piece on either side** — no rook (车), horse (马), cannon
//! (炮) or pawn (兵/卒) on the board, only the kings, advisors and elephants. Why that is dead:
//!
//! - a check can only be given by a rook, horse, cannon or pawn: the advisors and elephants never
//!   leave their own half and the enemy king never leaves its palace on the other half; the kings
//!   never check each other (a move that makes them face is illegal for the side that makes it);
//! - a side with only king, advisors and elephants always has a legal move (it cannot be
//!   困毙, which loses under the Chinese rules): its king on the palace centre has two side
//!   squares no advisor or elephant of its own can stand on, of which the enemy king's file covers
//!   at most one; on a corner, the square beside it on the middle rank (likewise); on the middle
//!   file's edge squares two advisors can fill at most two of the three neighbours and the enemy
//!   king's file covers the third only if it is not the king's own file — and then an advisor
//!   next to the king can still step to a free advisor square;
//! - so neither side can ever be checkmated or stalemated: no result on the board is possible.
//!
//! Every pawn counts as attacking, wherever it stands: a pawn on its own side can still advance
//! and cross, and a crossed pawn — even one on the last rank, which only moves sideways — can
//! still step into the enemy palace's back rank and check from there. Material never grows
//! (there is no promotion), so once dead, a game stays dead.
//!
//! Not recognised: positions that are drawn only with best play (seed 001 图7, 双卒不能取胜一士一相:
//! the two pawns can mate if the defender helps, so the position is not dead in this sense; telling
//! such endings apart needs an endgame table, and the rules' "理论上公认" is an arbiter's call).

use xiangqi_board::{Board, Color, PieceKind};

use crate::GameRecord;

/// The kinds that can give check: rook, horse, cannon, pawn.
const ATTACKERS: [PieceKind; 4] = [
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Cannon,
    PieceKind::Pawn,
];

/// Whether `side` has a piece that could ever give check (a rook, horse, cannon or pawn).
pub fn has_attacking_piece(board: &Board, side: Color) -> bool {
    ATTACKERS
        .iter()
        .any(|&k| (board.by_kind(k) & board.by_color(side)).any())
}

/// Whether neither side can ever give check, so neither can win (see the module documentation).
pub fn is_dead(board: &Board) -> bool {
    !has_attacking_piece(board, Color::Red) && !has_attacking_piece(board, Color::Black)
}

/// The first position of `record` that is dead (0 = the start position, `p` = after ply `p`),
/// or `None` when the final position is not dead.
pub fn dead_from(record: &GameRecord) -> Option<usize> {
    if !is_dead(record.final_position().board()) {
        return None;
    }
    // Material only shrinks: the position became dead at the last capture of an attacking
    // piece (or was dead from the start).
    Some(
        (1..=record.len())
            .rev()
            .find(|&p| {
                record
                    .captured(p)
                    .is_some_and(|c| ATTACKERS.contains(&c.kind))
            })
            .unwrap_or(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_movegen::{Move, Position};

    fn board(fen: &str) -> Board {
        Position::from_fen(fen).unwrap().board().clone()
    }

    #[test]
    fn bare_kings_and_defenders_only_are_dead() {
        assert!(is_dead(&board("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")));
        assert!(is_dead(&board(
            "3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1"
        )));
    }

    #[test]
    fn any_rook_horse_cannon_or_pawn_keeps_it_alive() {
        for fen in [
            "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/9/4K2c1 w - - 0 1",
            // A pawn that has not crossed can still cross.
            "3k5/9/9/9/9/9/P8/9/9/4K4 w - - 0 1",
            // A pawn on the last rank still moves sideways into the palace.
            "P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            // Seed 001 图7: 双卒 against 一士一相, drawn only with best play.
            "4k4/9/9/9/9/9/3p1p3/9/4A4/3K2B2 w - - 0 1",
        ] {
            assert!(!is_dead(&board(fen)), "{fen}");
        }
    }

    #[test]
    fn dead_from_is_the_last_capture_of_an_attacking_piece() {
        let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/r8/4K4 b - - 0 1").unwrap();
        // The rook checks from beside the king, the king takes it.
        let moves: Vec<Move> = "a1e1 e0e1 f9f8"
            .split(' ')
            .map(|m| Move::from_iccs(m).unwrap())
            .collect();
        let record = GameRecord::new(pos, moves).unwrap();
        assert_eq!(dead_from(&record), Some(2));
        let alive = GameRecord::new(
            Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap(),
            vec![Move::from_iccs("a0a1").unwrap()],
        )
        .unwrap();
        assert_eq!(dead_from(&alive), None);
        let bare = GameRecord::new(
            Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap(),
            vec![Move::from_iccs("e0f0").unwrap()],
        )
        .unwrap();
        assert_eq!(dead_from(&bare), Some(0));
    }
}
