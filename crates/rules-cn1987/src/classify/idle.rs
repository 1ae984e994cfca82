//! The kinds of 闲 (idle): 兑, 献, 拦, 跟, and the king's or a pawn's own attacks.

use super::*;

/// Reading R26 (READINGS.md).
pub(super) fn idle_kind(before: &Position, after: &Position, m: Move, mover: Color) -> IdleKind {
    let piece = before.piece_at(m.from).map(|p| p.kind);
    // 将帅 / 兵卒 attacking on their own.
    if let Some(kind @ (PieceKind::King | PieceKind::Pawn)) = piece {
        let attacks = after.attacks_from(m.to)
            & after.board().by_color(!mover)
            & !after.board().by_kind(PieceKind::King);
        let before_attacks = before.attacks_from(m.from) & before.board().by_color(!mover);
        let valuable = attacks.into_iter().any(|sq| {
            after
                .piece_at(sq)
                .is_some_and(|p| p.kind != PieceKind::Pawn || !sq.is_own_half(p.color))
        });
        if valuable && (attacks & !before_attacks).any() {
            return if kind == PieceKind::King {
                IdleKind::KingChase
            } else {
                IdleKind::PawnChase
            };
        }
    }
    if material::exchange_offer(before, m).is_some() || brings_exchange(before, after, mover) {
        return IdleKind::Exchange;
    }
    // 献: the moved piece can be taken.
    if after.legal_moves().iter().any(|r| r.to == m.to) {
        return IdleKind::Offer;
    }
    // 拦: the moved piece stands on a line of an enemy piece that attacked one of ours before.
    let ours_before = before.board().by_color(mover);
    let occ_after = after.board().occupied();
    for sq in before.board().by_color(!mover) {
        let Some(p) = before.piece_at(sq) else {
            continue;
        };
        if !matches!(
            p.kind,
            PieceKind::Rook | PieceKind::Cannon | PieceKind::Horse
        ) {
            continue;
        }
        let was = before.attacks_from(sq) & ours_before;
        let now = xiangqi_movegen::piece_attacks(p, sq, occ_after) & after.board().by_color(mover);
        if (was & !now & !Bitboard::from_square(m.from)).any() {
            return IdleKind::Block;
        }
    }
    // 跟: the moved piece now protects one of ours it did not protect before.
    let prot_before = protected_by(before, m.from, mover);
    let prot_after = protected_by(after, m.to, mover);
    if (prot_after & !prot_before & !Bitboard::from_square(m.from)).any() {
        return IdleKind::Follow;
    }
    IdleKind::None
}
