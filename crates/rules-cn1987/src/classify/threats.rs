//! What the mover threatens after the ply, each side's chase judged apart (a piece left en prise,
//! a standing guard or block), and 吃子再将死 (a mate threat that begins with a capture).

use super::*;

/// The pieces the mover threatens after the ply (searched as if the opponent passed), each side's
/// chase judged apart: the opponent may not answer a line by taking a piece of the mover that it
/// could already win before the ply and still can after it (a piece left en prise, not moved by
/// the ply; 图8: 车二退六（捉）).
///
/// Reading R08, Reading R10 (READINGS.md).
pub(super) fn threatened_apart(
    before: &Position,
    after: &Position,
    m: Move,
    params: &Params,
) -> material::Targets {
    let mut plain = material::threatened_after(after, &params.gain);
    let Some(passed) = after.pass() else {
        return plain;
    };
    // A standing guard does not hold the moved piece back: the opponent may not answer the moved
    // piece's capture by taking a piece of ours that the moved piece protected before and after
    // the ply ("车六平五（捉）… 车五平六（捉）… 红方两捉", 图22: the rook takes the pawn although it
    // guards the horse the black rook attacks). A guard the ply itself takes up does (车5退1（闲）,
    // 参考图26: the rook retreats to guard the cannon).
    // A standing block (the moved piece shields a piece of ours from an enemy line before and
    // after the ply: 被牵子) holds it back only when the exchange loses (得不偿失): the piece it
    // exposes is worth more than the piece it takes. "黑炮进退虽可打马、打相，但要丢车，被牵子捉子，
    // 交换结果得不偿失，判闲" (图23); the cannon that takes a rook and opens the black rook's line on a
    // red rook still chases it: "炮六平七（捉）… 炮七平六（捉）… 红方长捉" (参考图27).
    if !before.is_check() {
        let mut guarded =
            protected_by(after, m.to, !after.turn()) & protected_by(before, m.from, !after.turn());
        // A guard on the only way out of a piece we win (see [`guards_prey`]) holds the capturer
        // back: it is part of that chase ("红方车马炮联合捉车", 参考图39: the rook guards the horse
        // that pins the black rook; leaving it to take the horse or the elephant lets the rook
        // escape by taking the horse).
        for won in plain.won {
            if guards_prey(after, m.to, won, &params.gain.values) {
                for r in after.legal_moves_from(won).iter() {
                    guarded.remove(r.to);
                }
            }
        }
        let blocked = shielded_by(after, m.to) & shielded_by(before, m.from);
        let reach = after.attacks_from(m.to) & after.board().by_color(after.turn()) & !plain.won;
        if (guarded.any() || blocked.any()) && reach.any() {
            let values = &params.gain.values;
            let mut local = material::Targets::default();
            for t in reach {
                let worth = after.piece_at(t).map_or(0, |p| values.material(p, t));
                let mut exempt = guarded;
                for b in blocked {
                    if after
                        .piece_at(b)
                        .is_some_and(|p| values.material(p, b) <= worth)
                    {
                        exempt.insert(b);
                    }
                }
                if exempt.is_empty() {
                    continue;
                }
                let one = material::winnable_among_exempt(
                    &passed,
                    &params.gain,
                    Bitboard::from_square(t),
                    exempt,
                );
                local.won |= one.won;
                local.via_check |= one.via_check;
            }
            let extra = local.won & reach;
            plain.won |= extra;
            plain.via_check |= local.via_check & extra;
        }
    }
    if before.is_check() {
        // Answering a check, "could win before the ply" cannot be asked by passing; a piece of
        // ours that an enemy piece attacked before the ply and still attacks, with no root before
        // or after, is that piece's own standing threat all the same (see [`standing_prey`]).
        let exempt = standing_prey(before, after, m);
        if exempt.is_empty() {
            return plain;
        }
        let apart = material::winnable_among_exempt(&passed, &params.gain, Bitboard::FULL, exempt);
        return material::Targets {
            won: plain.won | apart.won,
            via_check: (plain.via_check & !apart.won)
                | (apart.via_check & !plain.won)
                | (plain.via_check & apart.via_check),
            truncated: plain.truncated,
        };
    }
    // A piece of ours without a root (无根子), before and after the ply, that the opponent could
    // win before the ply and still attacks is the opponent's own chase even when our new threat
    // now answers its capture: "红方进马退马均使黑方四路炮不能离线，为长捉无根子；黑方一着捉无根子，
    // 一着捉少根子" (参考图49: 车3平2 opens the horse's leg on the red horse while the red cannon still
    // attacks the rootless black cannon). A piece whose root the ply takes away is not (车5进1（闲）,
    // 参考图26), nor a rooted one (马二进三（兑）, 图9).
    let mover_pieces = after.board().by_color(!after.turn()) & !Bitboard::from_square(m.to);
    let mut still_attacked = Bitboard::EMPTY;
    for sq in mover_pieces {
        if after.attackers_to(sq, after.turn()).any()
            && after.attackers_to(sq, !after.turn()).is_empty()
            && before.attackers_to(sq, !after.turn()).is_empty()
        {
            still_attacked.insert(sq);
        }
    }
    let mut hanging_after = (material::winnable(after, &params.gain).won
        & !Bitboard::from_square(m.to))
        | still_attacked;
    // A piece the ply gives a root — its capture is won back, if only by 抽将 — is not left en
    // prise: "红方车四平二是做根子捉子，得不偿失，判闲" (参考图28: the rook's checks win back the rook
    // that takes the horse; its own 抽将 on the advisor would give the horse up).
    for sq in hanging_after {
        if material::rooted_by_checks(after, sq, &params.gain) {
            hanging_after.remove(sq);
        }
    }
    if hanging_after.is_empty() {
        return plain;
    }
    let Some(before_passed) = before.pass() else {
        return plain;
    };
    // A piece an enemy pawn or king takes is never "winnable" by the search (将帅 / 兵卒 attacking
    // alone): when that capture stands before and after the ply it is the opponent's own threat
    // too (see [`standing_pawn_or_king_prey`]).
    // A rootless piece of ours that the opponent can take (a legal capture) both before and after
    // the ply is his standing capture, whatever it would gain him before the ply: it may not
    // answer our chase — "车二进六（捉）… 红方长捉无根子" (参考图34: the elephant's standing capture
    // of the rootless cannon is Red's own; each side's chase is judged apart). Before the ply our
    // own threats might have made his capture a loss there; they are ours, judged apart too.
    let mut standing = Bitboard::EMPTY;
    for sq in still_attacked & hanging_after {
        if before_passed.legal_moves().iter().any(|c| c.to == sq)
            && after.legal_moves().iter().any(|c| c.to == sq)
        {
            standing.insert(sq);
        }
    }
    let exempt = material::winnable_among(&before_passed, &params.gain, hanging_after).won
        | (standing_pawn_or_king_prey(before, after, m) & hanging_after)
        | standing;
    if exempt.is_empty() {
        return plain;
    }
    let apart = material::winnable_among_exempt(&passed, &params.gain, Bitboard::FULL, exempt);
    material::Targets {
        won: plain.won | apart.won,
        via_check: (plain.via_check & !apart.won)
            | (apart.via_check & !plain.won)
            | (plain.via_check & apart.via_check),
        truncated: plain.truncated,
    }
}

/// Pieces of the mover (the moved piece excepted) with no root before or after the ply `m` that
/// an enemy piece attacks both before and after it: the opponent's standing threats, which the
/// ply neither made nor changed. Each side's chase is judged apart, so in the search after the
/// ply the opponent may not answer our capture by taking one of them — least of all a crossed
/// pawn, whose floating value would otherwise turn the piece we win into a "trade" for a pawn we
/// never gave (兵卒价值浮动 concerns a pawn given in the line, 图24 送兵换马, not one the opponent
/// could take anyway). Reading R08 (READINGS.md).
pub(super) fn standing_prey(before: &Position, after: &Position, m: Move) -> Bitboard {
    standing_prey_of(before, after, !after.turn()) & !Bitboard::from_square(m.to)
}

/// The pieces of `side` (on the same square before and after a ply) with no root before or after
/// it that an enemy piece, from the same square, attacks both before and after it.
pub(super) fn standing_prey_of(before: &Position, after: &Position, side: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in after.board().by_color(side) & before.board().by_color(side) {
        if (after.attackers_to(sq, !side) & before.attackers_to(sq, !side)).any()
            && after.attackers_to(sq, side).is_empty()
            && before.attackers_to(sq, side).is_empty()
        {
            out.insert(sq);
        }
    }
    out
}

/// The pieces of [`standing_prey`] that an enemy pawn or king attacks before the ply: the
/// material search never counts such a capture as winning (兵卒 / 将帅 attacking alone), so they
/// are exempted by name, in the search before the ply as after it ("红马捉黑马是早已形成的局面",
/// seed 001 图1: the red horse was chasing the black horse all along although the black pawn
/// could take the red pawn in front of it).
pub(super) fn standing_pawn_or_king_prey(before: &Position, after: &Position, m: Move) -> Bitboard {
    let takers = after.board().by_kind(PieceKind::Pawn) | after.board().by_kind(PieceKind::King);
    let mut out = Bitboard::EMPTY;
    for sq in standing_prey(before, after, m) {
        if (before.attackers_to(sq, after.turn()) & takers).any() {
            out.insert(sq);
        }
    }
    out
}

/// Pieces of the side of the piece on `sq` (kings excluded) that this piece shields from an enemy
/// piece: the enemy piece attacks them with `sq` empty and not with it occupied (a blocked line, a
/// horse's leg, a cannon's extra screen).
///
/// Reading R10 (READINGS.md).
pub(super) fn shielded_by(pos: &Position, sq: Square) -> Bitboard {
    let Some(p) = pos.piece_at(sq) else {
        return Bitboard::EMPTY;
    };
    let occ = pos.board().occupied();
    let mut open = occ;
    open.remove(sq);
    let ours = pos.board().by_color(p.color) & !pos.board().by_kind(PieceKind::King);
    let mut out = Bitboard::EMPTY;
    for e in pos.board().by_color(!p.color) {
        let Some(q) = pos.piece_at(e) else {
            continue;
        };
        out |= xiangqi_movegen::piece_attacks(q, e, open)
            & !xiangqi_movegen::piece_attacks(q, e, occ)
            & ours;
    }
    out.remove(sq);
    out
}

/// Own pieces (except the king) that the piece on `sq` defends: it attacks their square through
/// the current occupancy.
pub(super) fn protected_by(pos: &Position, sq: Square, color: Color) -> Bitboard {
    pos.attacks_from(sq) & pos.board().by_color(color) & !pos.board().by_kind(PieceKind::King)
}

/// 吃子再将死: whether every mate by consecutive checks that the mover threatens (the opponent to
/// move in `after`, passing) begins by taking a piece with a check that the opponent can still
/// answer. The threat is then first of all a capture, and the ply is 捉 when that capture wins the
/// piece (杀 otherwise): "红方后车退一，如黑方吃车则双车尽失，判“捉”" (图17: 后车退一 attacks the rook
/// c7, and 车 takes it with check before the rooks mate). A capture that mates at once is the
/// mate itself: 杀 (图18 将5平4（杀）: 车 takes the advisor, mate; 图29 车二平三 / 车三平二: 车 takes the
/// rook, mate).
///
/// Reading R20 (READINGS.md).
pub(super) fn mates_taking_first(after: &Position, params: &Params) -> bool {
    let Some(mut passed) = after.pass() else {
        return false;
    };
    let plies = params.mate_threat_plies;
    let mut budget = params.mate_threat_budget;
    for &c in passed.legal_moves().iter() {
        let takes = passed.piece_at(c.to).is_some();
        let undo = passed.play_unchecked(c);
        let mated = passed.is_check() && {
            let replies = passed.legal_moves();
            // An only reply is not counted (see [`material::mates_by_forcing_checks`]).
            let next = if replies.len() == 1 {
                plies.saturating_sub(1)
            } else {
                plies.saturating_sub(2)
            };
            replies.is_empty()
                || (!takes
                    && plies >= 3
                    && replies.iter().all(|&r| {
                        let u = passed.play_unchecked(r);
                        let ok = material::mates_by_forcing_checks(&mut passed, next, &mut budget);
                        passed.undo(u);
                        ok
                    }))
        };
        passed.undo(undo);
        if mated {
            return false;
        }
    }
    true
}

/// The pieces of `plain` (won by the mover in `passed`, the mover to move) that are no longer won
/// when the pieces on `spared` may not be taken anywhere in the line: their gain came from those
/// pieces (a piece offered in exchange, a threat established long before), not from themselves.
///
/// Reading R07, Reading R12 (READINGS.md).
pub(super) fn lost_when_sparing(
    passed: &Position,
    plain: Bitboard,
    spared: Bitboard,
    params: &Params,
) -> Bitboard {
    if plain.is_empty() {
        return Bitboard::EMPTY;
    }
    let kept =
        material::winnable_among_sparing(passed, &params.gain, plain, Bitboard::EMPTY, spared).won;
    plain & !kept
}
