//! Judgments that need the opponent's last move: 自毙 (a chase the checker brought about himself),
//! 守和要点 (holding the drawing point after our check), 从捉到捉 of a long-established threat
//! (早已形成的局面), 解杀后形成的捉 (threats formed by parrying a mate), and 断根 by escaping a capture
//! with check.

use super::*;

/// 守和要点 (图18): the opponent's last move `prev` was his king's reply to our check, and that
/// reply threatens mate (a 杀 we brought about ourselves, 自毙); the ply `m` parries the threat, and
/// every piece it chases is attacked by the moved piece itself — the piece has come back to the
/// point that holds the draw, and its attack from there is incidental: "红方一将一跟，占据守和要点，
/// 附带产生的捉象按“闲”着处理" (车六平五 returns in front of the black horse and attacks the elephant
/// behind it). A chase that the parry makes real for another piece counts: "车3退8解杀后才形成了实际的
/// 捉" (参考图20: the rook's return blocks the horse's mate and the cannon's capture of the rook
/// stands).
///
/// Reading R24 (READINGS.md).
pub(super) fn holds_the_draw(
    before: &Position,
    m: Move,
    prev: Move,
    targets: Bitboard,
    params: &Params,
) -> bool {
    if before.is_check()
        || before
            .piece_at(prev.to)
            .is_none_or(|p| p.kind != PieceKind::King)
    {
        return false;
    }
    // The king's move was a reply to a check: with the king back, its side was in check.
    let mut setup = before.to_setup();
    if setup.board.piece_at(prev.from).is_some() {
        return false;
    }
    setup.board.move_piece(prev.to, prev.from);
    setup.turn = !setup.turn;
    if !Position::from_setup(setup).is_ok_and(|p| p.is_check()) {
        return false;
    }
    let Ok(after) = before.played(m) else {
        return false;
    };
    // The cheap tests first, the two mate searches last.
    if !targets
        .into_iter()
        .all(|sq| after.attacks_from(m.to).contains(sq))
        || !material::threatens_forcing_mate(
            before,
            params.mate_threat_plies,
            params.mate_threat_budget,
        )
    {
        return false;
    }
    let mut next = after.clone();
    let mut budget = params.mate_threat_budget;
    !material::mates_by_forcing_checks(&mut next, params.mate_threat_plies, &mut budget)
}

/// 从捉到捉 of a long-established threat (早已形成的局面): a piece the mover already won directly
/// before this ply, and before the opponent's last move too, with the moved piece taking no part
/// (not attacking it, nor taking its protection away, nor guarding its flight), is not chased by
/// this ply — "红马捉黑马
/// 是早已形成的局面 … 不是因为红方车三平四造成的 … 所以车三平四是一闲" (seed 001 图1). Each side's
/// chase is judged apart there: the opponent's answer by taking a piece of ours it could win anyway
/// (its own chase) does not count. "士4进5（闲）" (参考图6: the black rook attacks the rootless
/// elephant throughout; the advisor move only parries Red's own threat on the advisors). A piece
/// the opponent's last move put en prise (or whose protection it removed) is chased again:
/// "车二进六（捉）… 红方长捉无根子" (参考图34, the cannon stepped in front of the elephant). A moved
/// piece that keeps its part in the chase chases again: "红方车炮联合捉子" (图11, the cannon keeps the
/// elephant's protector pinned from either square); "红方进马退马均使黑方四路炮不能离线，为长捉无根子"
/// (参考图49, the horse guards the cannon's flight squares from either square).
///
/// Reading R19, Reading R13 (READINGS.md).
pub(super) fn drop_established(
    before: &Position,
    m: Move,
    params: &Params,
    prev_move: Move,
    class: Class,
) -> Class {
    let Class::Chase {
        targets,
        via_check: false,
        joint,
        even,
    } = class
    else {
        return class;
    };
    // An even-exchange chase (2020 26.5) is asked whether it is new against the position before
    // the ply by its own search (see [`super::even_exchange_targets`]).
    if even {
        return class;
    }
    // The position before the opponent's last move (not when it may have captured: the clock
    // was reset, and the captured piece is not known).
    let mut setup = before.to_setup();
    if before.halfmove_clock() == 0
        || setup.board.piece_at(prev_move.to).is_none()
        || setup.board.piece_at(prev_move.from).is_some()
    {
        return class;
    }
    setup.board.move_piece(prev_move.to, prev_move.from);
    // When the opponent's last move answered our check, the position before it (his side in
    // check, ours to move) is no position: the threat is then judged before the ply alone, and
    // the reply stands for "before the opponent's last move" unless it moved the chased piece or
    // took a root away from it ("红马捉黑马是早已形成的局面", seed 001 图1: an attack that existed
    // before the check and its answer is still old — 一将一闲, not 一将一捉).
    let earlier = match Position::from_setup(setup.clone()) {
        Ok(earlier) => Some(earlier),
        Err(_) => {
            let mut flipped = setup.clone();
            flipped.turn = !flipped.turn;
            if !Position::from_setup(flipped).is_ok_and(|p| p.is_check()) {
                return class;
            }
            None
        }
    };
    let Ok(after) = before.played(m) else {
        return class;
    };
    // A moved piece the opponent could take with check before the ply takes part by moving: that
    // capture was a root by 抽将 of the opponent's pieces, and the move cuts it — "红方进相、退相为
    // 断根捉马 … 红方长捉无根子" (图3: 相三进五 leaves the rook's reach).
    if cuts_a_root_by_check(before, m) {
        return class;
    }
    // The moved piece takes no part: it neither attacks the piece, nor takes its protection away
    // (see [`helps_another`]), nor opens a line of ours onto it (see [`attacks_opened_by`]: 车４退２
    // leaving the rank lets the rook behind take the advisor), nor keeps it on its line (不能离线): it guards a square the piece
    // could flee to, and the piece cannot leave its line but at a cost of its own worth or more,
    // as it could without the moved piece (see [`ties_to_its_line`]), or its every way out is a
    // capture the moved piece answers (see [`guards_prey`], 参考图39). One newly guarded flight
    // square among many does not renew an old threat (issue 23 (2): 参考图49's cannon keeps open
    // flights; what keeps it on its line is what leaving would lose). Tested first: it is cheap,
    // and the searches below need only the pieces that pass it.
    let mut old = targets;
    if let Some(passed) = after.pass() {
        let reach = after.attacks_from(m.to);
        for t in old {
            let flights = after
                .legal_moves_from(t)
                .iter()
                .fold(Bitboard::EMPTY, |b, r| b | Bitboard::from_square(r.to));
            if reach.contains(t)
                || helps_another(&passed, m.to, t)
                || attacks_opened_by(&after, m, Bitboard::from_square(t))
                || ((reach & flights).any()
                    && (guards_prey(&after, m.to, t, &params.gain.values)
                        || ties_to_its_line(&after, m.to, t, params)))
            {
                old.remove(t);
            }
        }
    }
    // 解杀后形成的捉: while the opponent threatened mate, no capture of ours stood — taking would
    // have let him mate — so the threats left by the ply that parries the mate are formed by it:
    // "车4平6解杀后形成炮捉车，判捉" (参考图35: 马六进四 threatens mate, 车4平6 parries, and the
    // cannon that attacked the rook throughout chases it only now).
    if old.any() && parries_mate(before, &after, params) {
        return class;
    }
    if old.any() {
        old &= established(before, old, &params.gain);
    }
    if old.any() {
        match &earlier {
            Some(earlier) => old &= established(earlier, old, &params.gain),
            None => old &= !touched_by_reply(&setup.board, before, prev_move),
        }
    }
    let mut rest = targets & !old;
    if rest == targets {
        return class;
    }
    let mut joint = joint;
    if rest.any()
        && let Some(passed) = after.pass()
    {
        // An old threat cannot pay for a new one: a line that takes a newly chased piece at no
        // gain and wins only by then taking a piece left en prise long before chases nothing new
        // (参考图38 车8平7: the rook that takes the horse on 三路 is answered by the red rook
        // taking the cannon it unpins, and the gain is the horse and the pawn hanging since the
        // start). What is left is judged joint or not by itself: "黑方联合捉车" (the rook and the
        // cannon behind it on the rook guarded by the king).
        let found = material::winnable_among(&passed, &params.gain, rest);
        let plain = rest & found.won;
        rest &= !lost_when_sparing(&passed, plain, old, params);
        joint = joint
            || joint_chase(
                &passed,
                m.to,
                rest & !found.via_check,
                rest & found.via_check,
                params,
            );
    }
    if rest.any() {
        return Class::Chase {
            targets: rest,
            via_check: false,
            joint,
            even,
        };
    }
    Class::Idle(idle_kind(before, &after, m, before.turn()))
}

/// The pieces of the side to move in `before` (kings excluded) whose standing the opponent's last
/// move `prev` changed, when that move answered a check and the position before it cannot be
/// rebuilt (see [`drop_established`]): the piece it moved, the pieces it attacked (guarded) from
/// where it came from, and the pieces one of ours attacks now through the square it left but did
/// not attack on `earlier` (the board before `prev`).
///
/// Reading R19 (READINGS.md).
pub(super) fn touched_by_reply(
    earlier: &xiangqi_board::Board,
    before: &Position,
    prev: Move,
) -> Bitboard {
    let mut out = Bitboard::from_square(prev.to);
    if let Some(p) = earlier.piece_at(prev.from) {
        out |= xiangqi_movegen::piece_attacks(p, prev.from, earlier.occupied());
    }
    let us = before.turn();
    for (sq, p) in before.board().pieces() {
        if p.color == us {
            out |= xiangqi_movegen::piece_attacks(p, sq, before.board().occupied())
                & !xiangqi_movegen::piece_attacks(p, sq, earlier.occupied());
        }
    }
    out & before.board().by_color(!us) & !before.board().by_kind(PieceKind::King)
}

/// Whether the ply from `before` to `after` parries a mate threat: before it the opponent, had
/// the mover passed, mated by consecutive checks (within `mate_threat_plies`), and after it he no
/// longer does.
///
/// Reading R13 (READINGS.md).
pub(super) fn parries_mate(before: &Position, after: &Position, params: &Params) -> bool {
    let Some(mut threatened) = before.pass() else {
        return false;
    };
    let mut budget = params.mate_threat_budget;
    if !material::mates_by_forcing_checks(&mut threatened, params.mate_threat_plies, &mut budget) {
        return false;
    }
    let mut next = after.clone();
    let mut budget = params.mate_threat_budget;
    !material::mates_by_forcing_checks(&mut next, params.mate_threat_plies, &mut budget)
}

/// The pieces of `among` the side to move in `pos` wins directly (no check first), judged apart
/// from the opponent's own chase (the opponent may not answer by taking a piece of ours it can win
/// anyway), and not rooted by 抽将 (see [`material::rooted_by_checks`]).
///
/// Reading R19 (READINGS.md).
pub(super) fn established(pos: &Position, among: Bitboard, gain: &GainConfig) -> Bitboard {
    if pos.is_check() {
        return Bitboard::EMPTY;
    }
    let Some(opp) = pos.pass() else {
        return Bitboard::EMPTY;
    };
    let ours = pos.board().by_color(pos.turn());
    // Barring every answer that takes a piece of ours wins at least as much as barring only
    // some: when even that wins nothing, the costly search for the opponent's own chases is
    // not needed.
    if material::winnable_among_exempt(pos, gain, among, ours)
        .won
        .is_empty()
    {
        return Bitboard::EMPTY;
    }
    let exempt = material::winnable(&opp, gain).won
        | material::winnable_by_king_or_pawn(&opp, gain, ours).won;
    let found = material::winnable_among_exempt(pos, gain, among, exempt);
    let mut won = found.won & !found.via_check;
    for sq in won {
        if material::rooted_by_checks(pos, sq, gain) {
            won.remove(sq);
        }
    }
    won
}

/// Whether the reply `m` itself makes an attack on one of `targets` (the moved piece takes it, or
/// a piece of ours takes it through the square `m` left): then the chase is the reply's own doing,
/// not a state the checker brought about, even if the check was needed for it ("红方长捉无根子",
/// 参考图47: 炮三平五 blocks 后炮平5's check and opens the rook's file on the cannon behind). Only
/// legal captures count: a pinned piece does not attack (参考图22: 炮2平6 blocks the check and
/// stands pinned on the advisor it would take through the rook).
pub(super) fn attacks_opened_by(after: &Position, m: Move, targets: Bitboard) -> bool {
    let Some(passed) = after.pass() else {
        return false;
    };
    let mut closed = passed.board().occupied();
    closed.insert(m.from);
    passed.legal_moves().iter().any(|c| {
        targets.contains(c.to)
            && (c.from == m.to
                || passed.piece_at(c.from).is_some_and(|p| {
                    !xiangqi_movegen::piece_attacks(p, c.from, closed).contains(c.to)
                }))
    })
}

/// 断根 by escaping a capture with check: before the ply `m` (legal in `before`) the opponent could
/// take the moved piece with check, a root by 抽将 of the opponent's pieces (the capture and the
/// checks after it answered ours); moving the piece away cuts that root, so what the ply makes
/// winnable is chased by it — "红方进相、退相为断根捉马 … 红方长捉无根子" (图3: 相三进五 leaves the
/// rook's reach; 车7进1 taking the elephant with check, then the advisors, no longer answers the
/// rook's capture of the horse). Unlike 避吃促成得子 (参考图37, 参考图21: a plain capture of the
/// escaping piece answered ours), such an escape chases.
///
/// Reading R28 (READINGS.md).
pub(super) fn cuts_a_root_by_check(before: &Position, m: Move) -> bool {
    let Some(opp) = before.pass() else {
        return false;
    };
    opp.legal_moves()
        .iter()
        .any(|c| c.to == m.from && opp.played(*c).is_ok_and(|next| next.is_check()))
}

/// 2020 26.1.4 ("走动其他子应将产生的“捉”或“杀”，如应将前不存在，按“捉”或“杀”处理；如应将前已经存在，
/// 则为“闲”"): whether every piece of `targets` that the reply `m` (a move other than the king's,
/// answering a check) chases was chased already before the reply — the reply takes no part in it.
/// Before the reply the mover was in check, so no capture of his stood as a legal move; the
/// clause asks whether the threat existed, not whether it could be carried out then. The reply
/// is the only change between the two positions, so the threat existed unless the moved piece
/// attacks the target, backs a piece of ours that attacks it (做根子), takes its protection away
/// (a pin, a blocked line: see [`helps_another`]) or opens a line of ours onto it (see
/// [`attacks_opened_by`]). A threat the check itself brought about (the checking piece left the
/// target's protection, 参考图22) existed before the reply: 闲.
///
/// cn-2020 26.1.4 (crates/rules-cn2020/READINGS.md).
pub(super) fn existed_before_reply(after: &Position, m: Move, targets: Bitboard) -> bool {
    let Some(passed) = after.pass() else {
        return false;
    };
    let reach = after.attacks_from(m.to);
    let ours = after.board().by_color(passed.turn());
    targets.into_iter().all(|t| {
        let attackers = passed.attackers_to(t, passed.turn());
        !reach.contains(t)
            && (attackers & reach & ours).is_empty()
            && !helps_another(&passed, m.to, t)
            && !attacks_opened_by(after, m, Bitboard::from_square(t))
    })
}

/// Whether the mover, who answers a check in `before`, threatened mate by consecutive checks
/// (杀, as [`classify`] reads it after a ply of his) before the opponent's checking move
/// `prev_move`, by the same mate: the position before that move, the opponent to move, where the
/// mover threatens mate and the mate line found after the reply `m` mates as well. `false` when
/// that position cannot be rebuilt (the check captured, or `before` is no check by `prev_move`).
///
/// 2020 rules 26.1.4: "走动其他子应将产生的“捉”或“杀”，如应将前不存在，按“捉”或“杀”处理；如应将前已经
/// 存在，则为“闲”". While in check the mover threatens nothing (his moves must answer the check),
/// so "before the reply" is read as the last position in which he was not in check.
pub(super) fn mate_existed_before_check(
    before: &Position,
    m: Move,
    prev_move: Move,
    params: &Params,
) -> bool {
    if !before.is_check() || before.halfmove_clock() == 0 {
        return false;
    }
    let mut setup = before.to_setup();
    if setup.board.piece_at(prev_move.to).is_none()
        || setup.board.piece_at(prev_move.from).is_some()
    {
        return false;
    }
    setup.board.move_piece(prev_move.to, prev_move.from);
    setup.turn = !setup.turn;
    let Ok(earlier) = Position::from_setup(setup) else {
        return false;
    };
    if earlier.is_check()
        || !material::threatens_forcing_mate(
            &earlier,
            params.mate_threat_plies,
            params.mate_threat_budget,
        )
    {
        return false;
    }
    // The same mate: the line found after the reply mates there too. A reply that adds a mate of
    // its own is 杀 — "平4应将后增加了黑马退6的杀着 … 黑方长杀" (图19: the cannon's reply to check
    // makes the horse's mate, though a mate by the cannon's move before stood already).
    let (Ok(after), Some(earlier_passed)) = (before.played(m), earlier.pass()) else {
        return false;
    };
    let Some(passed) = after.pass() else {
        return false;
    };
    let Some((line, _)) = xiangqi_adjudication::mate_line(
        &passed,
        params.mate_threat_plies,
        true,
        u64::from(params.mate_threat_budget),
    ) else {
        return false;
    };
    let mut pos = earlier_passed;
    for mv in line {
        match pos.played(mv) {
            Ok(next) => pos = next,
            Err(_) => return false,
        }
    }
    pos.is_check() && !pos.has_legal_move()
}
