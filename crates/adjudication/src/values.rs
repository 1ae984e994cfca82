//! Piece values (子力价值) and the static exchange balance on one square.

use xiangqi_board::{Piece, PieceKind, Square};
use xiangqi_movegen::{Move, Position};

/// A piece-value table (子力价值), in whole units. The king is never captured and has no value
/// here; a king that recaptures is treated as worth [`PieceValues::KING`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceValues {
    /// Rook 车.
    pub rook: i32,
    /// Horse 马.
    pub horse: i32,
    /// Cannon 炮.
    pub cannon: i32,
    /// Advisor 士/仕.
    pub advisor: i32,
    /// Elephant 象/相.
    pub elephant: i32,
    /// Pawn 兵/卒 still on its own side of the river (未过河).
    pub pawn: i32,
    /// Pawn 兵/卒 across the river (过河).
    pub crossed_pawn: i32,
}

impl Default for PieceValues {
    /// Rook 10, horse 5, cannon 5, advisor 2, elephant 2, pawn 1, crossed pawn 1 (decisions.md 5).
    fn default() -> PieceValues {
        PieceValues {
            rook: 10,
            horse: 5,
            cannon: 5,
            advisor: 2,
            elephant: 2,
            pawn: 1,
            crossed_pawn: 1,
        }
    }
}

impl PieceValues {
    /// The value used for a king taking part in an exchange (it can never be lost legally).
    pub const KING: i32 = 1000;

    /// The value of `piece` standing on `sq` (a pawn's value depends on the river).
    pub fn of(&self, piece: Piece, sq: Square) -> i32 {
        match piece.kind {
            PieceKind::King => Self::KING,
            PieceKind::Advisor => self.advisor,
            PieceKind::Elephant => self.elephant,
            PieceKind::Horse => self.horse,
            PieceKind::Rook => self.rook,
            PieceKind::Cannon => self.cannon,
            PieceKind::Pawn => {
                if sq.is_own_half(piece.color) {
                    self.pawn
                } else {
                    self.crossed_pawn
                }
            }
        }
    }
}

impl PieceValues {
    /// The value of `piece` on `sq` as material to be won (得子): the table's value, and 0 for a
    /// king (it is never won; compare [`PieceValues::of`], which prices a recapturing king high).
    ///
    /// ```
    /// use xiangqi_adjudication::PieceValues;
    /// use xiangqi_board::{Color, Piece, PieceKind, Square};
    /// let v = PieceValues::default();
    /// let king = Piece::new(Color::Red, PieceKind::King);
    /// assert_eq!(v.material(king, Square::from_name("e0").unwrap()), 0);
    /// assert_eq!(v.material(Piece::new(Color::Red, PieceKind::Rook), Square::from_name("a0").unwrap()), 10);
    /// ```
    pub fn material(&self, piece: Piece, sq: Square) -> i32 {
        match piece.kind {
            PieceKind::King => 0,
            _ => self.of(piece, sq),
        }
    }
}

/// The static exchange balance (for the side to move of `pos`) of playing the capture `mv` and
/// then letting both sides recapture on that square, each time with the least valuable piece
/// that can *legally* do so, each side free to stop. `mv` must be legal in `pos`. Positive means
/// the capturing side wins material by the table.
pub fn static_exchange(pos: &Position, mv: Move, values: &PieceValues) -> i32 {
    let Some(victim) = pos.capture_of(mv) else {
        return 0;
    };
    let gain = values.of(victim, mv.to);
    let mut next = pos.clone();
    next.play_unchecked(mv);
    gain - best_recapture(&next, mv.to, values, 0).max(0)
}

fn best_recapture(pos: &Position, sq: Square, values: &PieceValues, depth: u32) -> i32 {
    if depth > 32 {
        return 0;
    }
    let us = pos.turn();
    let mut best: Option<(i32, Move)> = None;
    for from in pos.attackers_to(sq, us) {
        let mv = Move::new(from, sq);
        if !pos.is_legal(mv) {
            continue;
        }
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        let v = values.of(p, from);
        if best.is_none_or(|(bv, _)| v < bv) {
            best = Some((v, mv));
        }
    }
    let Some((_, mv)) = best else { return 0 };
    let victim = pos.capture_of(mv).map_or(0, |p| values.of(p, sq));
    let mut next = pos.clone();
    next.play_unchecked(mv);
    victim - best_recapture(&next, sq, values, depth + 1).max(0)
}
