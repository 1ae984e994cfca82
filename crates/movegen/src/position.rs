//! `Position`: a validated setup with legal move generation, check detection, play/undo and an
//! incrementally maintained Zobrist hash.

use xiangqi_board::{Bitboard, Board, ByColor, Color, Piece, PieceKind, Setup, Square};

use crate::moves::{Move, MoveList};
use crate::tables::{
    ADVISOR_STEPS, DIAG_OFFSETS, ELEPHANT_MOVES, HORSE_ATTACKERS, HORSE_ATTACKS_TO, HORSE_MOVES,
    KING_STEPS, ORTHO_OFFSETS, PAWN_ATTACKERS, PAWN_STEPS, TRANSPOSED, ci, lines, pattern, place,
};
use crate::validate::{PositionError, validate};
use crate::zobrist::{BLACK_TO_MOVE, piece_key};

/// A legal xiangqi position: placement, side to move, counters and Zobrist hash.
///
/// Built only from a [`Setup`] that passes every placement rule (see [`PositionError`]), so that
/// every method can rely on one king per side in its palace. Only legal moves are ever produced.
///
/// # Examples
///
/// ```
/// use xiangqi_movegen::{GameStatus, Move, Position};
///
/// let mut pos = Position::start();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let m = Move::from_iccs("h2e2").unwrap(); // 炮二平五
/// pos.play(m)?;
/// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// // An illegal move is refused and changes nothing.
/// assert!(pos.play(Move::from_iccs("a0a5").unwrap()).is_err());
///
/// // Mate: the side to move has no legal move and is in check.
/// let mated = Position::from_fen("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
/// assert_eq!(mated.status(), GameStatus::Checkmate { loser: xiangqi_board::Color::Black });
///
/// // A broken placement is refused with every problem listed.
/// assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1").is_err());
/// # Ok::<(), xiangqi_movegen::IllegalMove>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    board: Board,
    /// File-major occupancy (`file * 10 + rank`), kept in step with `board` for file lookups.
    occ_t: u128,
    turn: Color,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
    kings: ByColor<Square>,
}

/// What `play` changed, so that `undo` can restore the position exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The move played.
    pub mv: Move,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    halfmove_clock: u32,
    hash: u64,
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in position {fen}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// The position, as FEN.
    pub fen: String,
}

/// Whether the game goes on, and if not, why it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move (将死): it loses.
    Checkmate {
        /// The side that is mated (the side to move).
        loser: Color,
    },
    /// The side to move is not in check but has no legal move (困毙): it loses too.
    Stalemate {
        /// The side that is stalemated (the side to move).
        loser: Color,
    },
}

impl GameStatus {
    /// The winner, if the game is over.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate { loser } | GameStatus::Stalemate { loser } => Some(!loser),
        }
    }
}

/// Which moves need a full king-safety test. When the mover is not in check, a non-king move is
/// legal unless it lifts a piece in `danger_from` (a piece whose removal exposes the king: a
/// blocker before a rook or the other king, one of the two screens before a cannon, a horse's
/// leg) or lands on a point of `danger_to` (between the king and an enemy cannon with nothing
/// in between, where it would become the cannon's screen; such a move is always illegal).
struct Safety {
    in_check: bool,
    danger_from: u128,
    danger_to: u128,
}

#[inline(always)]
fn tbit(sq: Square) -> u128 {
    1u128 << TRANSPOSED[sq.index()]
}

/// The file-major occupancy word of a set of squares.
fn transpose(bb: Bitboard) -> u128 {
    bb.into_iter().fold(0u128, |acc, sq| acc | tbit(sq))
}

/// The squares a piece on `sq` attacks given the occupied squares: where it could capture an enemy
/// piece (for a cannon: the first piece beyond a screen), ignoring whether that capture would leave
/// its own king in check. Palace, river and pawn-direction rules apply by the piece's colour.
pub fn piece_attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    attacks_with(piece, sq, occupied.0, transpose(occupied))
}

#[inline(always)]
fn attacks_with(piece: Piece, sq: Square, occ: u128, occ_t: u128) -> Bitboard {
    match piece.kind {
        PieceKind::King => KING_STEPS[sq.index()],
        PieceKind::Advisor => ADVISOR_STEPS[sq.index()],
        PieceKind::Elephant => {
            Bitboard(ELEPHANT_MOVES[sq.index()][pattern(occ, sq, &DIAG_OFFSETS)])
        }
        PieceKind::Horse => Bitboard(HORSE_MOVES[sq.index()][pattern(occ, sq, &ORTHO_OFFSETS)]),
        PieceKind::Rook => {
            let (re, fe) = lines(sq, occ, occ_t);
            place(sq, re.slide | re.first, fe.slide | fe.first)
        }
        PieceKind::Cannon => {
            let (re, fe) = lines(sq, occ, occ_t);
            place(sq, re.second, fe.second)
        }
        PieceKind::Pawn => PAWN_STEPS[ci(piece.color)][sq.index()],
    }
}

/// Every square a piece on `sq` may move to (captures of own pieces included; the caller masks).
#[inline(always)]
fn reach_with(piece: Piece, sq: Square, occ: u128, occ_t: u128) -> Bitboard {
    match piece.kind {
        PieceKind::Cannon => {
            let (re, fe) = lines(sq, occ, occ_t);
            place(sq, re.slide | re.second, fe.slide | fe.second)
        }
        _ => attacks_with(piece, sq, occ, occ_t),
    }
}

impl Position {
    /// The standard start position.
    pub fn start() -> Position {
        Position::from_setup(Setup::start()).expect("the start position is legal")
    }

    /// Validates a setup. The error lists every placement rule it breaks.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        validate(&setup)?;
        Ok(Position::from_valid_setup(setup))
    }

    /// Validates a *composed* setup (a rule-book diagram): like [`Position::from_setup`], except
    /// that a pawn standing where no pawn can ever go (behind its start rank, or on an odd file
    /// before the river) is accepted; every other rule still holds. Such a pawn moves by the
    /// ordinary rules (forward, and sideways once across the river).
    pub fn from_setup_composed(setup: Setup) -> Result<Position, PositionError> {
        match validate(&setup) {
            Ok(()) => Ok(Position::from_valid_setup(setup)),
            Err(e) => {
                let rest: Vec<_> = e
                    .problems
                    .into_iter()
                    .filter(|p| !matches!(p, crate::PositionProblem::PawnOffPoint(..)))
                    .collect();
                if rest.is_empty() {
                    Ok(Position::from_valid_setup(setup))
                } else {
                    Err(PositionError { problems: rest })
                }
            }
        }
    }

    /// Parses and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, crate::FenOrPositionError> {
        let setup = Setup::from_fen(fen)?;
        Ok(Position::from_setup(setup)?)
    }

    /// Builds the position from a setup already known to have one king per side.
    pub(crate) fn from_valid_setup(setup: Setup) -> Position {
        let kings = ByColor::new_with(|c| setup.board.king_of(c).expect("validated: one king"));
        let mut hash = 0;
        for (sq, p) in setup.board.pieces() {
            hash ^= piece_key(p, sq);
        }
        if setup.turn == Color::Black {
            hash ^= BLACK_TO_MOVE;
        }
        Position {
            occ_t: transpose(setup.board.occupied()),
            board: setup.board,
            turn: setup.turn,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            hash,
            kings,
        }
    }

    /// The placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (starts at 1, incremented after Black's move).
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Zobrist hash of placement and side to move (counters excluded), so equal hashes mean
    /// the same position for repetition purposes.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch (for tests of the incremental update).
    pub fn hash_from_scratch(&self) -> u64 {
        Position::from_valid_setup(self.to_setup()).hash
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color]
    }

    /// Back to a plain `Setup`.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        self.to_setup().fen()
    }

    /// The squares a piece on `sq` attacks (see [`piece_attacks`]); empty for an empty square.
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        match self.board.piece_at(sq) {
            Some(p) => attacks_with(p, sq, self.board.occupied().0, self.occ_t),
            None => Bitboard::EMPTY,
        }
    }

    /// Pieces of `by` that attack `sq` in the current placement (pseudo-legally: pins ignored).
    /// A king attacks only by its palace steps here; the flying-general rule is part of check.
    pub fn attackers_to(&self, sq: Square, by: Color) -> Bitboard {
        let occ = self.board.occupied().0;
        let them = self.board.by_color(by);
        let mut out = Bitboard::EMPTY;
        for from in them {
            let p = self.board.piece_at(from).expect("bitboards match mailbox");
            if attacks_with(p, from, occ, self.occ_t).contains(sq) {
                out.insert(from);
            }
        }
        out
    }

    /// The enemy pieces giving check to the side to move (flying general included).
    pub fn checkers(&self) -> Bitboard {
        self.checkers_of(self.turn)
    }

    /// The pieces giving check to `color`'s king.
    pub(crate) fn checkers_of(&self, color: Color) -> Bitboard {
        let ksq = self.kings[color];
        let by = !color;
        let occ = self.board.occupied().0;
        let mut out = self.attackers_to(ksq, by);
        // The flying general: kings facing on an open file.
        let (_, fe) = lines(ksq, occ, self.occ_t);
        let facing = place(ksq, 0, fe.first) & self.board.by_piece(Piece::new(by, PieceKind::King));
        out |= facing;
        out
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        let ksq = self.kings[self.turn];
        self.king_attacked(ksq, !self.turn, self.board.occupied().0, self.occ_t, 0)
    }

    /// Whether the king standing on `ksq` would be attacked by `by` with occupancy (`occ`,
    /// `occ_t`), the pieces in `removed` (a captured piece) no longer counting.
    #[inline(always)]
    fn king_attacked(&self, ksq: Square, by: Color, occ: u128, occ_t: u128, removed: u128) -> bool {
        let b = &self.board;
        let them = b.by_color(by).0 & !removed;
        let (re, fe) = lines(ksq, occ, occ_t);
        let rook_like = place(ksq, re.first, fe.first).0;
        let rooks = b.by_kind(PieceKind::Rook).0;
        // Rooks on rank or file; the enemy king on the file (flying general).
        let king_file = place(ksq, 0, fe.first).0 & b.by_kind(PieceKind::King).0;
        if rook_like & rooks & them != 0 || king_file & them != 0 {
            return true;
        }
        let cannons = b.by_kind(PieceKind::Cannon).0 & them;
        if cannons != 0 && place(ksq, re.second, fe.second).0 & cannons != 0 {
            return true;
        }
        let pawns = b.by_kind(PieceKind::Pawn).0 & them;
        if PAWN_ATTACKERS[ci(by)][ksq.index()].0 & pawns != 0 {
            return true;
        }
        let horses = b.by_kind(PieceKind::Horse).0 & them;
        horses != 0 && HORSE_ATTACKS_TO[ksq.index()][pattern(occ, ksq, &DIAG_OFFSETS)] & horses != 0
    }

    /// Whether moving the own piece `from`→`to` leaves the own king safe.
    #[inline(always)]
    fn safe_after(&self, from: Square, to: Square, is_king: bool) -> bool {
        let us = self.turn;
        let occ = self.board.occupied().0;
        let from_b = 1u128 << from.index();
        let to_b = 1u128 << to.index();
        let occ2 = (occ & !from_b) | to_b;
        let occ_t2 = (self.occ_t & !tbit(from)) | tbit(to);
        let ksq = if is_king { to } else { self.kings[us] };
        !self.king_attacked(ksq, !us, occ2, occ_t2, to_b)
    }

    /// Which moves of the side to move need a full king-safety test (see [`Safety`]).
    #[inline(always)]
    fn safety(&self) -> Safety {
        let us = self.turn;
        let them = !us;
        let ksq = self.kings[us];
        let occ = self.board.occupied().0;
        if self.king_attacked(ksq, them, occ, self.occ_t, 0) {
            return Safety {
                in_check: true,
                danger_from: 0,
                danger_to: 0,
            };
        }
        let b = &self.board;
        let their = b.by_color(them).0;
        let rooks = b.by_kind(PieceKind::Rook).0 & their;
        let cannons = b.by_kind(PieceKind::Cannon).0 & their;
        let king = b.by_kind(PieceKind::King).0 & their;
        let (f, r) = (ksq.file().index() as u32, ksq.rank().index() as u32);
        let (re, fe) = lines(ksq, occ, self.occ_t);
        // The third piece on each ray: the second piece once the first ones are lifted.
        let first_bb = place(ksq, re.first, fe.first).0;
        let (re3, fe3) = lines(
            ksq,
            occ & !first_bb,
            self.occ_t & !transpose(Bitboard(first_bb)),
        );
        let mut danger_from = 0u128;
        let mut danger_to = 0u128;
        // Rank rays (the enemy king never shares the rank) then file rays.
        for (is_file, pos, e, third) in [(false, f, re, re3.second), (true, r, fe, fe3.second)] {
            let above = !0u16 << (pos + 1);
            let below = (1u16 << pos) - 1;
            for dir in [above, below] {
                let p1 = e.first & dir;
                if p1 == 0 {
                    continue;
                }
                let (p2, p3) = (e.second & dir, third & dir);
                let bb = |m: u16| {
                    if is_file {
                        place(ksq, 0, m).0
                    } else {
                        place(ksq, m, 0).0
                    }
                };
                let (b1, b2, b3) = (bb(p1), bb(p2), bb(p3));
                let sliders_at_2 = if is_file { rooks | king } else { rooks };
                // A screen dropped between the king and an enemy cannon gives check.
                if b1 & cannons != 0 {
                    danger_to |= bb(e.slide & dir);
                }
                // Lifting the first piece exposes a rook (king) behind it or a cannon two behind.
                if b2 & sliders_at_2 != 0 || b3 & cannons != 0 {
                    danger_from |= b1;
                }
                // Lifting the second piece puts an enemy cannon behind a single screen.
                if b3 & cannons != 0 {
                    danger_from |= b2;
                }
            }
        }
        // Lifting a horse's leg next to the king.
        let horses = b.by_kind(PieceKind::Horse).0 & their;
        if horses != 0 {
            let ha = &HORSE_ATTACKERS[ksq.index()];
            for j in &ha.list[..ha.len as usize] {
                if horses >> j.to & 1 != 0 {
                    danger_from |= 1u128 << j.block;
                }
            }
        }
        Safety {
            in_check: false,
            danger_from: danger_from & occ,
            danger_to,
        }
    }

    /// Calls `f(from, is_king, targets, needs_test)` for each own piece with its pseudo-legal
    /// destinations; when `needs_test` is false every destination is legal.
    #[inline(always)]
    fn for_each_piece_moves(&self, mut f: impl FnMut(Square, bool, Bitboard, bool)) {
        let safety = self.safety();
        let us = self.turn;
        let own = self.board.by_color(us);
        let occ = self.board.occupied().0;
        let occ_t = self.occ_t;
        let danger_to = Bitboard(safety.danger_to);
        for kind in PieceKind::ALL {
            let piece = Piece::new(us, kind);
            for from in self.board.by_piece(piece) {
                let targets = reach_with(piece, from, occ, occ_t) - own;
                if targets.is_empty() {
                    continue;
                }
                let is_king = kind == PieceKind::King;
                if safety.in_check || is_king || safety.danger_from >> from.index() & 1 != 0 {
                    f(from, is_king, targets, true);
                } else {
                    f(from, false, targets - danger_to, false);
                }
            }
        }
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_where(|_, _| true)
    }

    /// The legal moves `from`→`to` for which `keep(from, to)` holds; `keep` is asked before the
    /// (costlier) legality test, so a search that wants only some moves (captures, moves near
    /// the enemy king) pays only for those.
    pub fn legal_moves_where(&self, keep: impl FnMut(Square, Square) -> bool) -> MoveList {
        self.legal_moves_onto(Bitboard::FULL, keep)
    }

    /// The legal moves onto a square of `onto` for which `keep(from, to)` holds.
    #[inline(always)]
    fn legal_moves_onto(
        &self,
        onto: Bitboard,
        mut keep: impl FnMut(Square, Square) -> bool,
    ) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_piece_moves(|from, is_king, targets, needs_test| {
            for to in targets & onto {
                if keep(from, to) && (!needs_test || self.safe_after(from, to, is_king)) {
                    list.push(Move::new(from, to));
                }
            }
        });
        list
    }

    /// The legal captures (moves onto an enemy piece): what a capture search needs at its quiet
    /// nodes, without listing the other moves.
    pub fn legal_captures(&self) -> MoveList {
        self.legal_moves_onto(self.board.by_color(!self.turn), |_, _| true)
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut n = 0u64;
        self.for_each_piece_moves(|from, is_king, targets, needs_test| {
            if needs_test {
                for to in targets {
                    n += self.safe_after(from, to, is_king) as u64;
                }
            } else {
                n += targets.count() as u64;
            }
        });
        n
    }

    /// The legal moves of the piece on `from` (empty if it is not the side to move's piece).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let Some(p) = self.board.piece_at(from) else {
            return list;
        };
        if p.color != self.turn {
            return list;
        }
        let targets = reach_with(p, from, self.board.occupied().0, self.occ_t)
            - self.board.by_color(self.turn);
        let is_king = p.kind == PieceKind::King;
        for to in targets {
            if self.safe_after(from, to, is_king) {
                list.push(Move::new(from, to));
            }
        }
        list
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let Some(p) = self.board.piece_at(m.from) else {
            return false;
        };
        if p.color != self.turn {
            return false;
        }
        let targets = reach_with(p, m.from, self.board.occupied().0, self.occ_t)
            - self.board.by_color(self.turn);
        targets.contains(m.to) && self.safe_after(m.from, m.to, p.kind == PieceKind::King)
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        let us = self.turn;
        let own = self.board.by_color(us);
        let occ = self.board.occupied().0;
        for from in own {
            let p = self.board.piece_at(from).expect("bitboards match mailbox");
            let targets = reach_with(p, from, occ, self.occ_t) - own;
            let is_king = p.kind == PieceKind::King;
            if targets
                .into_iter()
                .any(|to| self.safe_after(from, to, is_king))
            {
                any = true;
                break;
            }
        }
        any
    }

    /// Whether the game goes on; with no legal move the side to move loses (checkmate or 困毙).
    pub fn status(&self) -> GameStatus {
        if self.has_legal_move() {
            GameStatus::Ongoing
        } else if self.is_check() {
            GameStatus::Checkmate { loser: self.turn }
        } else {
            GameStatus::Stalemate { loser: self.turn }
        }
    }

    /// The captured piece if `m` were played (no legality check).
    #[inline]
    pub fn capture_of(&self, m: Move) -> Option<Piece> {
        self.board.piece_at(m.to)
    }

    /// Plays a legal move, or refuses an illegal one with an error (the position is unchanged).
    pub fn play(&mut self, m: Move) -> Result<Undo, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove {
                mv: m,
                fen: self.fen(),
            });
        }
        Ok(self.play_unchecked(m))
    }

    /// The position after a legal move (copy-make), or an error for an illegal one.
    pub fn played(&self, m: Move) -> Result<Position, IllegalMove> {
        let mut p = self.clone();
        p.play(m)?;
        Ok(p)
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]). Playing any other move
    /// leaves the position in an unspecified but memory-safe state; use [`Position::play`] for
    /// moves from outside.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let undo = Undo {
            mv: m,
            captured: self.board.piece_at(m.to),
            halfmove_clock: self.halfmove_clock,
            hash: self.hash,
        };
        let Some(piece) = self.board.piece_at(m.from) else {
            return undo;
        };
        let captured = self.board.move_piece(m.from, m.to);
        self.occ_t = (self.occ_t & !tbit(m.from)) | tbit(m.to);
        let mut h = self.hash ^ piece_key(piece, m.from) ^ piece_key(piece, m.to) ^ BLACK_TO_MOVE;
        if let Some(c) = captured {
            h ^= piece_key(c, m.to);
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock += 1;
        }
        self.hash = h;
        if piece.kind == PieceKind::King {
            self.kings[piece.color] = m.to;
        }
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = !self.turn;
        undo
    }

    /// Takes back the move recorded in `undo` (which must be the last move played).
    #[inline]
    pub fn undo(&mut self, undo: Undo) {
        let m = undo.mv;
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmove_number -= 1;
        }
        self.board.move_piece(m.to, m.from);
        if let Some(c) = undo.captured {
            self.board.put(m.to, c);
        } else {
            self.occ_t &= !tbit(m.to);
        }
        self.occ_t |= tbit(m.from);
        if let Some(p) = self.board.piece_at(m.from)
            && p.kind == PieceKind::King
        {
            self.kings[p.color] = m.from;
        }
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
    }

    /// Whether `m` (legal) gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = self.clone();
        p.play_unchecked(m);
        p.is_check()
    }

    /// The same placement with the other side to move, whether or not that leaves the side now
    /// not to move in check. For questions such as "could the side that just moved capture this
    /// piece now?" asked by adjudication; the result is not a position that can occur in a game
    /// when the side to move was in check (moves that capture the king may then be listed).
    pub fn swap_turn(&self) -> Position {
        let mut p = self.clone();
        p.turn = !p.turn;
        p.hash ^= BLACK_TO_MOVE;
        p
    }

    /// The position with the same placement and the other side to move (a "pass", used to ask
    /// what the mover threatens). `None` when the side to move is in check, where passing would
    /// leave a king en prise.
    pub fn pass(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut p = self.clone();
        p.turn = !p.turn;
        p.hash ^= BLACK_TO_MOVE;
        Some(p)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen())
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}
