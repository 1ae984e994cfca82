//! 避吃促成得子 (a piece that escapes a capture and so lets another piece's capture pay, without
//! adding to the attack, chases nothing) and 不能离线 (a piece tied to its line).

use super::*;

/// 避吃促成得子: the targets among `targets` that the ply threatens only because the moved piece
/// escaped a capture — the opponent could win it before the ply, so its capture answered ours —
/// without adding to the attack: the moved piece does not take the target, no capture of it
/// passes through the square the ply left, the ply takes none of its protection away (see
/// [`helps_another`]), the moved piece does not back a piece of ours that attacks it (车９平８（捉）,
/// 图9: the rook lines up behind the cannon), it does not tie the target to its line (see
/// [`ties_to_its_line`]; 参考图49 马七退八（捉）), and the target was already winnable before the ply
/// had the opponent been barred from taking the moved piece. Such a chase is 闲:
/// "黑避吃促成得子，但没有加强进攻子力，判闲" (参考图37: 炮9退1 steps out of the rook's reach, and the
/// rook behind it can now take the horse); "红马被黑车捉的状态，其因果关系，是红方自己造成的，判闲"
/// (参考图21: 车4进1 leaves the horse's reach, and the rook that never moved can take the horse red
/// left en prise).
///
/// Reading R23 (READINGS.md).
pub(super) fn escape_only(
    before: &Position,
    after: &Position,
    m: Move,
    targets: Bitboard,
    params: &Params,
) -> Bitboard {
    if targets.is_empty() || before.is_check() {
        return Bitboard::EMPTY;
    }
    let (Some(before_passed), Some(passed)) = (before.pass(), after.pass()) else {
        return Bitboard::EMPTY;
    };
    let from = Bitboard::from_square(m.from);
    // Could the opponent win the moved piece? Our answer may not be to take one of his rootless
    // crossed pawns that we attack before and after the ply anyway (see [`standing_prey_of`]):
    // that pawn is not given for the piece (兵卒价值浮动 is for a pawn given in the line).
    let his_standing =
        standing_prey_of(before, after, after.turn()) & after.board().by_kind(PieceKind::Pawn);
    if !material::winnable_among_exempt(&before_passed, &params.gain, from, his_standing)
        .won
        .contains(m.from)
    {
        return Bitboard::EMPTY;
    }
    if cuts_a_root_by_check(before, m) {
        return Bitboard::EMPTY;
    }
    // The opponent's standing pawn or king captures are barred as in the search after the ply
    // (see [`standing_pawn_or_king_prey`]).
    let spared = from | standing_pawn_or_king_prey(before, after, m);
    let ours = passed.board().by_color(passed.turn());
    let backs = after.attacks_from(m.to) & ours;
    let mut out = Bitboard::EMPTY;
    for sq in targets {
        let target = Bitboard::from_square(sq);
        if !attacks_opened_by(after, m, target)
            && !helps_another(&passed, m.to, sq)
            && !guards_prey(after, m.to, sq, &params.gain.values)
            && (passed.attackers_to(sq, passed.turn()) & backs).is_empty()
            && material::winnable_among_exempt(before, &params.gain, target, spared)
                .won
                .contains(sq)
            && !ties_to_its_line(after, m.to, sq, params)
        {
            out.insert(sq);
        }
    }
    out
}

/// Whether every way out of the opponent's piece on `target` (the opponent to move in `after`)
/// is a capture of a piece of ours that the moved piece on `moved` guards: the chased piece
/// cannot leave its line (不能离线) but by a capture the moved piece answers, and the moved piece
/// takes part in the chase — "红方车马炮联合捉车" (参考图39: the horse pins the black rook and
/// screens the cannon, and the red rook, stepping back and forth out of the horse's reach, keeps
/// guarding the horse, the pinned rook's only move). Such a chase is joint, and the step is no
/// 避吃促成得子 (see [`escape_only`]).
pub(super) fn guards_prey(
    after: &Position,
    moved: Square,
    target: Square,
    values: &PieceValues,
) -> bool {
    let guarded = protected_by(after, moved, !after.turn());
    let ways = after.legal_moves_from(target);
    !ways.is_empty()
        && ways.iter().all(|r| {
            guarded.contains(r.to)
                && after
                    .piece_at(r.to)
                    .is_some_and(|p| values.material(p, r.to) > 0)
        })
}

/// Whether the moved piece on `moved` ties the opponent's piece on `target` to its line (see
/// [`tied_to_its_line`]): it is tied, and would not be without the moved piece. A piece is tied
/// only when leaving its line costs at least what it is worth: a piece that can flee at a smaller
/// loss is not kept on its line, and a capture of it that the ply makes real by escaping is
/// 避吃促成得子 still (issue 23 (3): 车六退二 flees the advisor 马７进５ unpinned; the horse e6 it
/// "ties" would give up only an advisor by leaving, and the cannon's capture of it is 闲 for the
/// rook, as in 参考图37).
///
/// Reading R23 (READINGS.md).
pub(super) fn ties_to_its_line(
    after: &Position,
    moved: Square,
    target: Square,
    params: &Params,
) -> bool {
    let Some(worth) = after
        .piece_at(target)
        .map(|p| params.gain.values.material(p, target))
    else {
        return false;
    };
    if !tied_to_its_line(after, target, params, worth) {
        return false;
    }
    let mut setup = after.to_setup();
    setup.board.remove(moved);
    Position::from_setup(setup)
        .is_ok_and(|without| !tied_to_its_line(&without, target, params, worth))
}

/// 不能离线 (参考图49: "红方进马退马均使黑方四路炮不能离线，为长捉无根子"): the opponent's piece on
/// `target` (the opponent to move in `after`) holds a line — some move of it would let us win
/// other pieces worth `worth` or more together that we cannot win now, or mate by consecutive
/// checks. A piece that can only be lost itself (参考图37: the horse's one flight is taken too)
/// holds nothing.
pub(super) fn tied_to_its_line(
    after: &Position,
    target: Square,
    params: &Params,
    worth: i32,
) -> bool {
    let Some(passed) = after.pass() else {
        return false;
    };
    let now = material::winnable(&passed, &params.gain).won;
    after
        .legal_moves()
        .iter()
        .filter(|r| r.from == target)
        .any(|&r| {
            after.played(r).is_ok_and(|mut next| {
                let newly = material::winnable(&next, &params.gain).won
                    & !now
                    & !Bitboard::from_square(r.to);
                let lost: i32 = newly
                    .into_iter()
                    .filter_map(|sq| {
                        next.piece_at(sq)
                            .map(|p| params.gain.values.material(p, sq))
                    })
                    .sum();
                let mut budget = params.mate_threat_budget;
                (newly.any() && lost >= worth)
                    || material::mates_by_forcing_checks(
                        &mut next,
                        params.mate_threat_plies,
                        &mut budget,
                    )
            })
        })
}
