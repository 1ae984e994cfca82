//! Per-ply facts: attacks, legality of captures, protection (根), exchange balance, identities.

use xiangqi_board::{Bitboard, Color, Piece, PieceKind, Square};
use xiangqi_movegen::{Move, Position};

use crate::mate::{MateSearch, mate_threat};
use crate::record::{Cycle, GameRecord};
use crate::values::{PieceValues, static_exchange};

/// The identity of a piece followed through a stretch of play: the index of the square it stood
/// on at the start of the stretch ([`Replay`]). Equal ids on two plies mean the same piece, however
/// it moved in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId(pub u8);

impl PieceId {
    /// The square the piece stood on at the start of the stretch.
    pub fn origin(self) -> Square {
        Square::new_unchecked(self.0)
    }
}

/// For every square, the id of the piece on it ([`IdBoard::EMPTY`] for none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdBoard(pub [u8; 90]);

impl IdBoard {
    /// The marker of an empty square.
    pub const EMPTY: u8 = u8::MAX;

    /// Ids equal to the squares of `pos`'s pieces.
    pub fn initial(pos: &Position) -> IdBoard {
        let mut ids = [Self::EMPTY; 90];
        for (sq, _) in pos.board().pieces() {
            ids[sq.index()] = sq.index() as u8;
        }
        IdBoard(ids)
    }

    /// The id of the piece on `sq`, if any.
    pub fn get(&self, sq: Square) -> Option<PieceId> {
        let v = self.0[sq.index()];
        (v != Self::EMPTY).then_some(PieceId(v))
    }

    /// The ids after `mv` is played.
    pub fn after(&self, mv: Move) -> IdBoard {
        let mut ids = self.0;
        ids[mv.to.index()] = ids[mv.from.index()];
        ids[mv.from.index()] = Self::EMPTY;
        IdBoard(ids)
    }

    /// Where the piece with id `id` stands, if it is still on the board.
    pub fn square_of(&self, id: PieceId) -> Option<Square> {
        self.0
            .iter()
            .position(|&v| v == id.0)
            .map(|i| Square::new_unchecked(i as u8))
    }
}

/// The positions and piece identities of a stretch of a game (position indices `first..=last`),
/// from which [`PlyContext`]s are made. Built for the plies of a cycle, or for a whole game when
/// every ply is to be classified.
#[derive(Debug, Clone)]
pub struct Replay<'a> {
    record: &'a GameRecord,
    first: usize,
    positions: Vec<Position>,
    ids: Vec<IdBoard>,
}

impl<'a> Replay<'a> {
    /// Replays position indices `first..=last` of `record` (`last` is clamped to the record).
    pub fn new(record: &'a GameRecord, first: usize, last: usize) -> Replay<'a> {
        let last = last.min(record.len());
        let first = first.min(last);
        let mut pos = record.position_at(first);
        let mut positions = Vec::with_capacity(last - first + 1);
        let mut ids = Vec::with_capacity(last - first + 1);
        ids.push(IdBoard::initial(&pos));
        positions.push(pos.clone());
        for ply in first + 1..=last {
            let mv = record.mv(ply);
            pos.play_unchecked(mv);
            positions.push(pos.clone());
            let next = ids[ids.len() - 1].after(mv);
            ids.push(next);
        }
        Replay {
            record,
            first,
            positions,
            ids,
        }
    }

    /// The replay of a cycle (ids start at the cycle's first occurrence).
    pub fn of_cycle(record: &'a GameRecord, cycle: Cycle) -> Replay<'a> {
        Replay::new(record, cycle.start, cycle.end)
    }

    /// The record.
    pub fn record(&self) -> &'a GameRecord {
        self.record
    }

    /// The first ply covered (`first` position index + 1).
    pub fn first_ply(&self) -> usize {
        self.first + 1
    }

    /// The last ply covered.
    pub fn last_ply(&self) -> usize {
        self.first + self.positions.len() - 1
    }

    /// The position at index `index` (must lie in the replayed stretch).
    pub fn position(&self, index: usize) -> &Position {
        &self.positions[index - self.first]
    }

    /// The ids at position index `index`.
    pub fn ids(&self, index: usize) -> &IdBoard {
        &self.ids[index - self.first]
    }

    /// The facts of ply `ply` (must lie in `first_ply()..=last_ply()`).
    pub fn ply(&self, ply: usize) -> PlyContext<'_> {
        let i = ply - 1 - self.first;
        PlyContext {
            record: self.record,
            ply,
            before: &self.positions[i],
            after: &self.positions[i + 1],
            ids_before: &self.ids[i],
            ids_after: &self.ids[i + 1],
        }
    }
}

/// One ply and everything an edition may ask about it. Cheap to make; every fact beyond the
/// record's flags is computed when asked.
#[derive(Debug, Clone, Copy)]
pub struct PlyContext<'a> {
    record: &'a GameRecord,
    ply: usize,
    before: &'a Position,
    after: &'a Position,
    ids_before: &'a IdBoard,
    ids_after: &'a IdBoard,
}

impl<'a> PlyContext<'a> {
    /// The game record.
    pub fn record(&self) -> &'a GameRecord {
        self.record
    }

    /// The ply number (1-based).
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The move.
    pub fn mv(&self) -> Move {
        self.record.mv(self.ply)
    }

    /// The side that played it.
    pub fn mover(&self) -> Color {
        self.before.turn()
    }

    /// The piece that moved.
    pub fn piece(&self) -> Piece {
        self.after
            .piece_at(self.mv().to)
            .expect("the moved piece stands on its destination")
    }

    /// The piece it captured.
    pub fn captured(&self) -> Option<Piece> {
        self.record.captured(self.ply)
    }

    /// Whether it gives check (将).
    pub fn gives_check(&self) -> bool {
        self.record.gives_check(self.ply)
    }

    /// The position before the ply (the mover to move).
    pub fn before(&self) -> &'a Position {
        self.before
    }

    /// The position after the ply (the opponent to move).
    pub fn after(&self) -> &'a Position {
        self.after
    }

    /// Piece ids before the ply.
    pub fn ids_before(&self) -> &'a IdBoard {
        self.ids_before
    }

    /// Piece ids after the ply.
    pub fn ids_after(&self) -> &'a IdBoard {
        self.ids_after
    }

    /// Every attack of the mover's pieces on enemy pieces (the king excepted) after the ply, with
    /// [`AttackFact::existed_before`] telling whether the same attacker attacked the same target
    /// (both followed by identity) before the ply.
    pub fn attacks_after(&self, values: &PieceValues) -> Vec<AttackFact> {
        let mut after = attacks_by(self.after, self.mover(), values, Some(self.ids_after));
        let before = attacks_by(self.before, self.mover(), values, Some(self.ids_before));
        for a in &mut after {
            a.existed_before = before
                .iter()
                .any(|b| b.attacker_id == a.attacker_id && b.target_id == a.target_id);
        }
        after
    }

    /// Every attack of the mover's pieces on enemy pieces before the ply (what the mover already
    /// threatened), ids as before the ply.
    pub fn attacks_before(&self, values: &PieceValues) -> Vec<AttackFact> {
        attacks_by(self.before, self.mover(), values, Some(self.ids_before))
    }

    /// Every attack of the *opponent's* pieces on the mover's pieces after the ply (what the ply
    /// exposed or offered), ids as after the ply.
    pub fn attacks_against_mover(&self, values: &PieceValues) -> Vec<AttackFact> {
        attacks_by(self.after, !self.mover(), values, Some(self.ids_after))
    }

    /// Whether the ply threatens mate (杀) by consecutive checks within `plies` plies if the
    /// opponent passed.
    pub fn mate_threat(&self, plies: u32) -> MateSearch {
        if self.gives_check() {
            return MateSearch::NotApplicable;
        }
        mate_threat(self.after, plies)
    }
}

/// One attack of a piece on an enemy piece, and what would follow the capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackFact {
    /// Where the attacker stands.
    pub attacker: Square,
    /// The attacking piece.
    pub attacker_piece: Piece,
    /// Its identity.
    pub attacker_id: PieceId,
    /// Where the attacked piece stands.
    pub target: Square,
    /// The attacked piece (never a king: attacking the king is check).
    pub target_piece: Piece,
    /// Its identity.
    pub target_id: PieceId,
    /// Whether the capture would be legal for the attacker's side (a pinned attacker, or one
    /// whose capture would open the flying-general line, cannot capture).
    pub capture_legal: bool,
    /// The target side's pieces that could legally recapture after the capture (真根; includes
    /// protection that only appears after the capture, 暗根, and the king when recapturing is
    /// safe). Empty when the capture is not legal.
    pub protectors: Bitboard,
    /// The target side's pieces that attack the square after the capture but could not legally
    /// recapture (假根: pinned, or the recapture would expose their king).
    pub fake_protectors: Bitboard,
    /// Whether the target could legally capture the attacker (mutual attack, as in an offer to
    /// exchange 兑).
    pub target_can_capture_back: bool,
    /// Static exchange balance of the capture for the attacker's side by the value table
    /// (0 when the capture is not legal).
    pub exchange: i32,
    /// Whether this attacker already attacked this target before the ply (set by
    /// [`PlyContext::attacks_after`]; `false` elsewhere).
    pub existed_before: bool,
}

impl AttackFact {
    /// Whether the target has a real protector (有根).
    pub fn is_protected(&self) -> bool {
        self.protectors.any()
    }

    /// Whether the target is a pawn that has not crossed the river (未过河兵/卒).
    pub fn target_is_uncrossed_pawn(&self) -> bool {
        self.target_piece.kind == PieceKind::Pawn
            && self.target.is_own_half(self.target_piece.color)
    }
}

/// Every attack of `side`'s pieces on the other side's pieces (kings excluded as targets) in
/// `pos`, whoever is to move there. Ids from `ids` (square indices when `None`).
pub fn attacks_by(
    pos: &Position,
    side: Color,
    values: &PieceValues,
    ids: Option<&IdBoard>,
) -> Vec<AttackFact> {
    let id = |sq: Square| match ids {
        Some(b) => b.get(sq).unwrap_or(PieceId(sq.index() as u8)),
        None => PieceId(sq.index() as u8),
    };
    let board = pos.board();
    let enemies = board.by_color(!side) - board.by_piece(Piece::new(!side, PieceKind::King));
    let as_side = if pos.turn() == side {
        pos.clone()
    } else {
        pos.swap_turn()
    };
    let as_enemy = if pos.turn() == side {
        pos.swap_turn()
    } else {
        pos.clone()
    };
    // When `side` has just given check, the other side's answers are judged as if that check
    // were not there: the question is whether the target is protected, not whether the check
    // must be answered first. (A check that the capture itself would give still counts.)
    let checkers = if pos.turn() != side {
        pos.checkers()
    } else {
        Bitboard::EMPTY
    };
    let mut out = Vec::new();
    for from in board.by_color(side) {
        let targets = pos.attacks_from(from) & enemies;
        if targets.is_empty() {
            continue;
        }
        let attacker_piece = board.piece_at(from).expect("occupied");
        for to in targets {
            let target_piece = board.piece_at(to).expect("occupied");
            let mv = Move::new(from, to);
            let capture_legal = as_side.is_legal(mv);
            let mut protectors = Bitboard::EMPTY;
            let mut fake_protectors = Bitboard::EMPTY;
            let mut exchange = 0;
            if capture_legal {
                let mut next = as_side.clone();
                next.play_unchecked(mv);
                for p in next.attackers_to(to, !side) {
                    let legal = if checkers.is_empty() {
                        next.is_legal(Move::new(p, to))
                    } else {
                        legal_ignoring(&next, Move::new(p, to), checkers)
                    };
                    if legal {
                        protectors.insert(p);
                    } else {
                        fake_protectors.insert(p);
                    }
                }
                exchange = static_exchange(&as_side, mv, values);
            } else {
                fake_protectors = pos.attackers_to(to, !side);
            }
            let target_can_capture_back = if checkers.is_empty() {
                as_enemy.is_legal(Move::new(to, from))
            } else {
                legal_ignoring(&as_enemy, Move::new(to, from), checkers)
            };
            out.push(AttackFact {
                attacker: from,
                attacker_piece,
                attacker_id: id(from),
                target: to,
                target_piece,
                target_id: id(to),
                capture_legal,
                protectors,
                fake_protectors,
                target_can_capture_back,
                exchange,
                existed_before: false,
            });
        }
    }
    out
}

/// Whether `mv` (a pseudo-legal move of the side to move of `pos`) would leave its own king safe
/// from every enemy piece except those in `ignore` (checks already on the board that a question
/// sets aside). The flying-general rule always counts.
fn legal_ignoring(pos: &Position, mv: Move, ignore: Bitboard) -> bool {
    let us = pos.turn();
    let mut board = pos.board().clone();
    let Some(p) = board.piece_at(mv.from) else {
        return false;
    };
    if p.color != us {
        return false;
    }
    if board.piece_at(mv.to).is_some_and(|q| q.color == us) {
        return false;
    }
    board.move_piece(mv.from, mv.to);
    let king = if p.kind == PieceKind::King {
        mv.to
    } else {
        pos.king(us)
    };
    let occ = board.occupied();
    for (sq, q) in board.pieces() {
        if q.color == us || ignore.contains(sq) {
            continue;
        }
        if q.kind == PieceKind::King {
            if sq.file() == king.file() {
                let (lo, hi) = if sq.index() < king.index() {
                    (sq, king)
                } else {
                    (king, sq)
                };
                let open = (lo.index() + 9..hi.index())
                    .step_by(9)
                    .all(|i| !occ.contains(Square::new_unchecked(i as u8)));
                if open {
                    return false;
                }
            }
            continue;
        }
        if xiangqi_movegen::piece_attacks(q, sq, occ).contains(king) {
            return false;
        }
    }
    true
}
