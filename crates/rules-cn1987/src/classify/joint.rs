//! Joint chases (联合捉子 / 捉少根子): whether a chase needs a second attacker, a partner, or the
//! moved piece taking protection away; 炮卒联合捉子.

use super::*;

/// Whether a chase is joint (联合捉 / 捉少根子, see [`Class::Chase`]): every piece in `plain` (won
/// outright) is won only with a second attacker or a partner, the chaser making the last capture
/// on its square or the exchange there netting a gain ("黑方联合捉车", 参考图38: the cannon takes
/// the rook over the black rook that keeps the king off, the advisor takes the cannon back), or
/// with the moved piece on `moved` taking its protection away; and no piece in
/// `by_checks` (won only by 抽将) is won by the moved piece alone. `passed` is the position after
/// the ply with the mover to move again.
///
/// Reading R05 (READINGS.md).
pub(super) fn joint_chase(
    passed: &Position,
    moved: Square,
    plain: Bitboard,
    by_checks: Bitboard,
    params: &Params,
) -> bool {
    // 要抽吃子 alone is a joint chase: one piece checks so that another can take
    // ("黑方马炮联合捉子", 参考图40).
    // But a piece that gives the checks and takes by itself chases alone: "黑方车7平8
    // 后，可以下一着开始运用连续将军得车，判捉 … 黑方长捉车" (图3, a plain 长捉 against
    // red's 长捉无根子: a draw).
    let values = &params.gain.values;
    let solo = by_checks
        .into_iter()
        .any(|sq| material::wins_alone_by_checks(passed, &params.gain, sq, moved));
    !solo
        && plain.into_iter().all(|sq| {
            ((material::needs_second_attacker(passed, sq, values)
                || material::needs_partner(passed, sq, values))
                && (outnumbered(passed, sq, values) || exchange_gain(passed, sq, values) > 0))
                || helps_another(passed, moved, sq)
                || passed
                    .pass()
                    .is_some_and(|after| guards_prey(&after, moved, sq, values))
        })
}

/// 炮卒联合捉子 (参考图11: "黑方炮5平6为炮卒联合捉子，炮6平5卒捉仕，判闲"): the enemy pieces, besides
/// `won`, that the mover wins by a line whose first capture is made by its king or a pawn and
/// gives check, where the moved piece takes part — without it on the board the line wins nothing
/// (炮5平6 stands behind the pawn: the pawn takes the advisor and uncovers the cannon's check) —
/// and that were not so won before the ply. A pawn that takes without check is 兵卒捉子 (闲) even
/// when the moved piece pins the protector (炮6平5 pins the other advisor: "卒捉仕，判闲").
///
/// Reading R16 (READINGS.md).
pub(super) fn joint_with_king_or_pawn(
    before: &Position,
    after: &Position,
    m: Move,
    won: Bitboard,
    params: &Params,
) -> Bitboard {
    if before.is_check() {
        return Bitboard::EMPTY;
    }
    let Some(passed) = after.pass() else {
        return Bitboard::EMPTY;
    };
    let mover = passed.turn();
    let board = passed.board();
    let lone =
        (board.by_kind(PieceKind::King) | board.by_kind(PieceKind::Pawn)) & board.by_color(mover);
    let mut among = Bitboard::EMPTY;
    for sq in board.by_color(!mover) & !won {
        if (passed.attackers_to(sq, mover) & lone).any() {
            among.insert(sq);
        }
    }
    if among.is_empty() {
        return among;
    }
    let joint = material::winnable_by_king_or_pawn(&passed, &params.gain, among).won;
    if joint.is_empty() {
        return joint;
    }
    let mut setup = after.to_setup();
    setup.board.remove(m.to);
    let alone = match Position::from_setup(setup).ok().and_then(|p| p.pass()) {
        Some(without) => material::winnable_by_king_or_pawn(&without, &params.gain, joint).won,
        None => joint,
    };
    let old = material::winnable_by_king_or_pawn(before, &params.gain, joint).won;
    joint & !alone & !old
}

/// 车炮联合捉子 (图11: 炮八平九 keeps the elephant's protector pinned while the rook attacks the
/// elephant): the moved piece on `helper` does not attack `target` itself, but it takes away the
/// target's protection
/// — with it on the board no capture of the target can be taken back, without it one can (a pin,
/// a blocked line). `passed` is the position after the ply with the mover to move again.
pub(super) fn helps_another(passed: &Position, helper: Square, target: Square) -> bool {
    if passed.attacks_from(helper).contains(target) {
        return false;
    }
    let captures: Vec<Move> = passed
        .legal_moves()
        .iter()
        .copied()
        .filter(|c| c.to == target)
        .collect();
    let taken_back = |pos: &Position, c: Move| {
        pos.played(c)
            .is_ok_and(|next| next.legal_moves().iter().any(|r| r.to == target))
    };
    if captures.is_empty() || captures.iter().any(|&c| taken_back(passed, c)) {
        return false;
    }
    let mut setup = passed.to_setup();
    setup.board.remove(helper);
    let Ok(without) = Position::from_setup(setup) else {
        return false;
    };
    captures
        .iter()
        .any(|&c| without.is_legal(c) && taken_back(&without, c))
}

/// 少根子: capturing on `target` in turn, each side with its least valuable piece that can legally
/// take there (pieces behind the first ones join as the line opens), the side to move makes the
/// last capture — more attackers than protectors (图27 "车炮联合捉子": the cannon behind the rook
/// retakes). A piece attacked twice and protected twice is no 少根子 even when a line that takes it
/// wins: the gain is then another piece's (图26 "黑方长捉车": 炮8进3 sets the cannon behind the pawn
/// so that the other cannon's capture of the twice-protected elephant uncovers an attack on the
/// rook — a plain chase, not a joint one).
pub(super) fn outnumbered(pos: &Position, target: Square, values: &PieceValues) -> bool {
    let attacker = pos.turn();
    let mut board = pos.clone();
    let mut last = None;
    for _ in 0..32 {
        let capture = least_valuable_capture(&board, target, values);
        let Some(c) = capture else {
            break;
        };
        last = Some(board.turn());
        board.play_unchecked(c);
    }
    last == Some(attacker)
}

/// The net result for the side to move of capturing in turn on `target`, each side with its
/// least valuable piece that can legally take there, either side free to stop (static exchange).
pub(super) fn exchange_gain(pos: &Position, target: Square, values: &PieceValues) -> i32 {
    let mut board = pos.clone();
    let mut gains: Vec<i32> = Vec::new();
    let mut on_square = board
        .piece_at(target)
        .map_or(0, |p| values.material(p, target));
    for _ in 0..32 {
        let capture = least_valuable_capture(&board, target, values);
        let Some(c) = capture else {
            break;
        };
        let prev = gains.last().copied().unwrap_or(0);
        gains.push(on_square - prev);
        on_square = board
            .piece_at(c.from)
            .map_or(0, |p| values.material(p, target));
        board.play_unchecked(c);
    }
    while gains.len() > 1 {
        let last = gains.pop().unwrap_or(0);
        if let Some(g) = gains.last_mut() {
            *g = -(-*g).max(last);
        }
    }
    gains.first().copied().unwrap_or(0)
}

/// 捉少根子 beside a standoff (参考图49 / 参考图50): the pieces of the chased piece's own kind pair
/// off (兑); it is still chased when our other attackers outnumber its protectors. 参考图49
/// "黑方一着捉无根子，一着捉少根子": 车3平2 puts rook and cannon (through the rook) on the red
/// horse guarded by one rook, beside the horses' standoff; 参考图50, the same without the cannon,
/// "车3平2 (兑)": one rook against one rook.
///
/// Reading R09 (READINGS.md).
pub(super) fn fewer_roots(after: &Position, target: Square) -> bool {
    let Some(victim) = after.piece_at(target) else {
        return false;
    };
    let others = !after.board().by_kind(victim.kind);
    (after.attackers_to(target, !victim.color) & others).count()
        > (after.attackers_to(target, victim.color) & others).count()
}

/// Whether the piece on `attacker` is the only piece of its side attacking `target`.
pub(super) fn sole_attacker(pos: &Position, target: Square, attacker: Square) -> bool {
    let Some(victim) = pos.piece_at(target) else {
        return false;
    };
    pos.board()
        .by_color(!victim.color)
        .into_iter()
        .all(|sq| sq == attacker || !pos.attacks_from(sq).contains(target))
}

/// The legal capture on `target` by the side to move's least valuable piece (static exchange).
fn least_valuable_capture(pos: &Position, target: Square, values: &PieceValues) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|c| c.to == target)
        .min_by_key(|c| {
            pos.piece_at(c.from)
                .map_or(0, |p| values.material(p, c.from))
        })
}
