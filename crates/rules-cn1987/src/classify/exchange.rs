//! 兑 (exchange offers): pieces of the same kind facing each other, trades that dissolve a threat
//! (第一反击), and 从捉到捉 in a standoff of pieces of the same kind.

use super::*;

/// Whether the piece on `target` and a piece of the other side of its own kind attack each other
/// (相同兵种对峙): a threat on it that existed before the ply stays old (从捉到捉).
///
/// Reading R18 (READINGS.md).
pub(super) fn faces_own_kind(after: &Position, target: Square) -> bool {
    let Some(p) = after.piece_at(target) else {
        return false;
    };
    after.attacks_from(target).into_iter().any(|sq| {
        after
            .piece_at(sq)
            .is_some_and(|q| q.color != p.color && q.kind == p.kind)
            && after.attacks_from(sq).contains(target)
    })
}

/// Whether the moved piece on `from` wins the piece on `target` by itself: it takes it and the
/// trade nets material even if the opponent takes back (searched as if the opponent passed).
pub(super) fn wins_alone(after: &Position, from: Square, target: Square, params: &Params) -> bool {
    let Some(passed) = after.pass() else {
        return false;
    };
    let (Some(mover), Some(victim)) = (passed.piece_at(from), passed.piece_at(target)) else {
        return false;
    };
    let take = Move::new(from, target);
    if !passed.is_legal(take) {
        return false;
    }
    let Ok(taken) = passed.played(take) else {
        return false;
    };
    let values = &params.gain.values;
    let recaptured = taken.legal_moves().iter().any(|r| r.to == target);
    let net = values.material(victim, target)
        - if recaptured {
            values.material(mover, target)
        } else {
            0
        };
    net > 0
}

/// 兑 brought about by the ply without moving the offered piece (参考图50: 车3平2（兑）, the rook
/// steps off the horse's leg and the two horses face each other): an enemy piece now faces a piece
/// of its own kind of ours (see [`facing_equal`]) and did not before.
///
/// Reading R06 (READINGS.md).
pub(super) fn brings_exchange(before: &Position, after: &Position, mover: Color) -> bool {
    let Some(before_passed) = before.pass() else {
        return false;
    };
    after.board().by_color(!mover).into_iter().any(|sq| {
        facing_equal(after, sq)
            && !(before.piece_at(sq) == after.piece_at(sq) && facing_equal(&before_passed, sq))
    })
}

/// Whether the enemy piece on `target` (the opponent to move in `after`) and a piece of ours of
/// the same kind face each other — each can take the other, and either capture would be taken
/// back — so that an exchange of equals (兑) is offered rather than a piece chased. When our piece
/// of its kind is its only attacker, our capture need not be taken back: the opponent is offered
/// the trade (马二进三（兑）, 图9: the horse guards the rook whose file it opens, the rooks face
/// each other); a second attacker makes it 捉 (马６退７（捉）, 图25: the horse also opens the
/// cannon's line on the rook). Any two equal pieces attacking each other count: two cannons
/// through a screen (红车平中路，判“兑”, 图13: the rook becomes the screen; 马1进3（兑）, 参考图4), two
/// horses (图30: 车6退4（兑） while the horses face each other, "如黑方3路马改为7路对称位置，则黑方
/// 车6退4，判捉").
///
/// Reading R06 (READINGS.md).
pub(super) fn facing_equal(after: &Position, target: Square) -> bool {
    let Some(victim) = after.piece_at(target) else {
        return false;
    };
    after.legal_moves_from(target).iter().any(|r| {
        after
            .piece_at(r.to)
            .is_some_and(|q| q.kind == victim.kind && q.color != victim.color)
            && after.attacks_from(r.to).contains(target)
            && after
                .played(*r)
                .is_ok_and(|taken| taken.legal_moves().iter().any(|back| back.to == r.to))
            && after.pass().is_some_and(|ours| {
                ours.is_legal(Move::new(r.to, target))
                    && (sole_attacker(after, target, r.to)
                        || ours.played(Move::new(r.to, target)).is_ok_and(|taken| {
                            taken.legal_moves().iter().any(|back| back.to == target)
                        }))
            })
    })
}

/// The targets in `targets` that the mover still wins after the offered trade is accepted (第一反击):
/// the opponent's piece on `taker` takes the moved piece on `offered`, the mover takes back on
/// `offered` (each legal recapture tried) and still threatens the target (searched as if the
/// opponent passed; after a recapture with check, searched from the trade with the mover to move,
/// the recapture one of its 抽将). With no recapture there is no trade (献, not 兑) and every target
/// stands.
///
/// Reading R21 (READINGS.md).
pub(super) fn survives_trade(
    after: &Position,
    offered: Square,
    taker: Square,
    targets: Bitboard,
    gain: &GainConfig,
) -> Bitboard {
    if targets.is_empty() {
        return targets;
    }
    let take = Move::new(taker, offered);
    let Ok(traded) = after.played(take) else {
        return targets;
    };
    let recaptures: Vec<Move> = traded
        .legal_moves()
        .iter()
        .copied()
        .filter(|r| r.to == offered)
        .collect();
    // No recapture: not a trade but an offer (献兼捉按捉), every threat stands.
    if recaptures.is_empty() {
        return targets;
    }
    let mut out = Bitboard::EMPTY;
    for back in recaptures {
        if out == targets {
            break;
        }
        let Ok(settled) = traded.played(back) else {
            continue;
        };
        if settled.is_check() {
            // A recapture that gives check goes on (抽将): the target stands if the mover still
            // wins it from the trade — "如黑方吃车则双车尽失" (图17: 车3平2 would be taken back
            // with check, and the rook h7 falls to the 抽将).
            out |= material::winnable_among(&traded, gain, targets).won & targets;
        } else {
            out |= material::threatened_after(&settled, gain).won & targets;
        }
    }
    out
}
