//! The piece placement: a mailbox plus bitboards by colour and kind, kept in step.

use crate::bitboard::Bitboard;
use crate::types::{ByColor, Color, Piece, PieceKind, Square};

/// Where the pieces stand. Any placement is allowed here; legality is checked by the movegen crate.
///
/// A mailbox (what stands on a point) kept in step with bitboards by colour and by kind (where
/// the pieces of a kind stand).
///
/// # Examples
///
/// ```
/// use xiangqi_board::{Board, Color, Piece, PieceKind, Square};
///
/// let mut board = Board::start();
/// assert_eq!(board.occupied().count(), 32);
/// let h2 = Square::from_name("h2").unwrap();
/// let e2 = Square::from_name("e2").unwrap();
/// board.move_piece(h2, e2); // 炮二平五
/// assert_eq!(board.piece_at(e2), Some(Piece::new(Color::Red, PieceKind::Cannon)));
/// assert_eq!(board.by_piece(Piece::new(Color::Red, PieceKind::Cannon)).count(), 2);
/// assert_eq!(board.king_of(Color::Black), Square::from_name("e9"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 90],
    by_color: ByColor<Bitboard>,
    by_kind: [Bitboard; 7],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 90],
            by_color: ByColor {
                red: Bitboard::EMPTY,
                black: Bitboard::EMPTY,
            },
            by_kind: [Bitboard::EMPTY; 7],
        }
    }

    /// The standard start position's placement.
    pub fn start() -> Board {
        use PieceKind::*;
        let back = [
            Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook,
        ];
        let mut b = Board::empty();
        for (f, kind) in back.iter().enumerate() {
            let f = f as i32;
            b.put(Square::at(f, 0).unwrap(), Piece::new(Color::Red, *kind));
            b.put(Square::at(f, 9).unwrap(), Piece::new(Color::Black, *kind));
        }
        for f in [1, 7] {
            b.put(Square::at(f, 2).unwrap(), Piece::new(Color::Red, Cannon));
            b.put(Square::at(f, 7).unwrap(), Piece::new(Color::Black, Cannon));
        }
        for f in [0, 2, 4, 6, 8] {
            b.put(Square::at(f, 3).unwrap(), Piece::new(Color::Red, Pawn));
            b.put(Square::at(f, 6).unwrap(), Piece::new(Color::Black, Pawn));
        }
        b
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts a piece on a square, replacing what stood there; returns the replaced piece.
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove(sq);
        self.squares[sq.index()] = Some(piece);
        self.by_color[piece.color].insert(sq);
        self.by_kind[piece.kind.index()].insert(sq);
        old
    }

    /// Removes and returns the piece on a square.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let old = self.squares[sq.index()].take();
        if let Some(p) = old {
            self.by_color[p.color].remove(sq);
            self.by_kind[p.kind.index()].remove(sq);
        }
        old
    }

    /// Moves the piece on `from` to `to`, returning what stood on `to` (the captured piece).
    /// Does nothing and returns `None` when `from` is empty.
    #[inline]
    pub fn move_piece(&mut self, from: Square, to: Square) -> Option<Piece> {
        let piece = self.squares[from.index()].take()?;
        let captured = self.squares[to.index()].replace(piece);
        if let Some(c) = captured {
            self.by_color[c.color].remove(to);
            self.by_kind[c.kind.index()].remove(to);
        }
        let from_to = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_color[piece.color] ^= from_to;
        self.by_kind[piece.kind.index()] ^= from_to;
        captured
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.red | self.by_color.black
    }

    /// The squares of one side's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// The squares of all pieces of a kind (both sides).
    #[inline]
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of one piece (colour and kind).
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color[piece.color] & self.by_kind[piece.kind.index()]
    }

    /// The square of `color`'s king, if there is exactly one.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, PieceKind::King)).single()
    }

    /// Iterates `(square, piece)` over occupied squares in index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().into_iter().map(move |sq| {
            (
                sq,
                self.squares[sq.index()].expect("bitboards match mailbox"),
            )
        })
    }

    /// The mailbox as an array indexed by square index.
    pub fn squares(&self) -> &[Option<Piece>; 90] {
        &self.squares
    }

    /// The board mirrored across the river with colours swapped (Red becomes Black).
    pub fn flip_colors(&self) -> Board {
        let mut b = Board::empty();
        for (sq, p) in self.pieces() {
            b.put(sq.flip_ranks(), Piece::new(!p.color, p.kind));
        }
        b
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", crate::fen::board_fen(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board_has_thirty_two_pieces() {
        let b = Board::start();
        assert_eq!(b.occupied().count(), 32);
        assert_eq!(b.king_of(Color::Red), Square::from_name("e0"));
        assert_eq!(b.king_of(Color::Black), Square::from_name("e9"));
        assert_eq!(b.by_kind(PieceKind::Pawn).count(), 10);
    }

    #[test]
    fn put_and_remove_keep_bitboards_in_step() {
        let mut b = Board::start();
        let e3 = Square::from_name("e3").unwrap();
        let pawn = b.remove(e3).unwrap();
        assert_eq!(pawn, Piece::new(Color::Red, PieceKind::Pawn));
        assert!(!b.occupied().contains(e3));
        let e4 = Square::from_name("e4").unwrap();
        assert_eq!(b.put(e4, pawn), None);
        assert!(b.by_piece(pawn).contains(e4));
        assert_eq!(b.occupied().count(), 32);
    }
}
