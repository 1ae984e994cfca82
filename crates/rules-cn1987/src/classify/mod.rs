//! Per-ply classification under the 1987 Chinese rules: 将 (check), 杀 (mate threat), 捉 (chase,
//! including 要抽吃子), and 闲 (idle) with its kinds 兑 / 献 / 拦 / 跟.

use crate::material::{self, GainConfig};
use crate::memo::{Memo, PositionKey};
use xiangqi_adjudication::PieceValues;
use xiangqi_board::{Bitboard, Color, PieceKind, Square};
use xiangqi_movegen::{Move, Position};
pub(crate) use xiangqi_rules::IdleKind;

mod escape;
mod even;
mod exchange;
mod idle;
mod in_game;
mod joint;
mod line;
mod threats;

use escape::*;
pub(crate) use even::{even_exchange_targets, even_structure};
use exchange::*;
use idle::*;
use in_game::*;
use joint::*;
pub(crate) use line::{capture_lines, mate_line};
use threats::*;

/// Parameters of the CN-1987 classification (every bound is stated in a ruling's explanation).
///
/// They carry the memos of the classification and of its searches ([`GainConfig::memo`]): made anew by [`Params::default`], shared by clones, not part of the
/// value (see [`crate::memo`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// 杀: the mover mates by consecutive checks within this many plies if the opponent passed
    /// (decisions.md 6; default 9), a reply that is the defender's only legal move not counted
    /// ([`material::mates_by_forcing_checks`]; 图17 将4退1（杀）: a mate in 13 plies, 9 counted).
    ///
    /// Reading R01 (READINGS.md).
    pub mate_threat_plies: u32,
    /// Node budget of one mate-threat search.
    pub mate_threat_budget: u32,
    /// The material-gain (得子) search for 捉.
    ///
    /// Reading R02, Reading R11, Reading R14, Reading R15, Reading R17 (READINGS.md).
    pub gain: GainConfig,
    /// 长捉 only if one and the same enemy piece is chased by every chasing ply (decisions.md 3).
    /// Default `false`: the rule book's diagrams (图4, 参考图1, 参考图3, 参考图45) rule 长捉 on a side
    /// whose plies chase different pieces.
    ///
    /// Reading R04 (READINGS.md).
    pub perpetual_chase_same_piece: bool,
    /// In a mutual perpetual chase (长打对长打 with 捉 on both sides), a side one of whose plies is
    /// a joint chase (联合捉 / 捉少根子) is not the side that must vary (rule-book 图10, 图11,
    /// 图25–28, 参考图14/36/38–41). Default `true`.
    ///
    /// Reading R05 (READINGS.md).
    pub joint_chase_is_counter: bool,
    /// How a 捉 made by a reply to check with a piece other than the king is judged. `false`
    /// (the 1987 reading, 自毙): it is 闲 when the chased pieces would not be winnable with the
    /// checking piece back where it came from. `true` (2020 26.1.4, "走动其他子应将产生的“捉”…如应将前
    /// 不存在，按“捉”…处理；如应将前已经存在，则为“闲”"): it is 闲 when the chase existed before the
    /// reply — the reply takes no part in it: the moved piece neither attacks the target, nor
    /// backs one of its attackers, nor takes its protection away, nor opens a line onto it —
    /// and 捉 otherwise, even when the check brought it about.
    ///
    /// Reading R22 (READINGS.md); cn-2020 26.1.4.
    pub chase_existed_before_reply: bool,
    /// Whether an even complete exchange (完整互吃后价值相当) makes a 捉 in the three structures
    /// the 2020 rules' 26.5 is read to cover — 做根子捉子, 被牵子捉子, 各吃各子 (see
    /// `classify::even`). `false` (the 1987 reading R02): a chase needs a net gain, an
    /// even exchange is 闲. `true` (2020 rules 26.5, "完整互吃后价值相当或得子者，按捉，得不偿失者，
    /// 按闲"): a ply that is otherwise 闲 is 捉 of a piece it newly offers such an exchange on.
    ///
    /// Reading R02 (READINGS.md); cn-2020 26.5.
    pub even_exchange_chase: bool,
    /// How a 杀 made by a reply to check with a piece other than the king is judged. `false` (the
    /// 1987 reading): a mate threat that is new after the reply is 杀. `true` (2020 26.1.4,
    /// "走动其他子应将产生的“捉”或“杀”…如应将前已经存在，则为“闲”"): it is 闲 when the mover already
    /// threatened that mate before the check he answers — the position before the opponent's
    /// checking move, the mover's threat read there as after any ply of his
    /// (`classify::in_game::mate_existed_before_check`).
    ///
    /// Reading R22 (READINGS.md); cn-2020 26.1.4.
    pub mate_existed_before_reply: bool,
    /// Classes already computed under these parameters (not part of the value).
    pub(crate) memo: Memo<ClassKey, Class>,
}

impl Params {
    /// Every parameter but the memos, as part of a memo key.
    fn key(&self) -> ParamsKey {
        (
            self.mate_threat_plies,
            self.mate_threat_budget,
            self.gain.bounds(),
            self.perpetual_chase_same_piece,
            self.joint_chase_is_counter,
            self.chase_existed_before_reply,
            self.even_exchange_chase,
            self.mate_existed_before_reply,
        )
    }

    /// The parameters that make classifying costly, each with its value and why (for
    /// `xq rulesets check`): deeper searches than the defaults multiply the lines searched on
    /// every ply. Such a ruleset is accepted; the work budgets of a ply and of a game bound it
    /// (`xiangqi_adjudication::budget`), and a cycle whose searches they cut is left undecided.
    pub fn cost_warnings(&self) -> Vec<String> {
        let d = Params::default();
        let mut out = Vec::new();
        let mut warn = |key: &str, value: u32, default: u32, why: &str| {
            if value > default {
                out.push(format!(
                    "{key} = {value} (default {default}) is costly: {why}; plies may reach the search budget and a game's cycle may be left undecided"
                ));
            }
        };
        warn(
            "gain_max_plies",
            self.gain.max_plies.into(),
            d.gain.max_plies.into(),
            "each further ply of the material-gain (得子) search multiplies the capture and check lines searched for every piece on every ply",
        );
        warn(
            "gain_max_checks",
            self.gain.max_checks.into(),
            d.gain.max_checks.into(),
            "each further quiet check (抽将) allowed before a capture lets the search try every checking move again, for every piece on every ply",
        );
        warn(
            "refutation_mate_plies",
            self.gain.refutation_mate_plies.into(),
            d.gain.refutation_mate_plies.into(),
            "a mate search by the defender follows every first capture of the material-gain search",
        );
        warn(
            "mate_threat_plies",
            self.mate_threat_plies,
            d.mate_threat_plies,
            "the mate-threat (杀) search by consecutive checks runs on every ply and grows with every further ply",
        );
        out
    }

    /// Forgets every remembered class and search answer (on every thread), for benchmarks that
    /// must not reuse earlier answers; the answers themselves never change.
    pub fn clear_memo(&self) {
        self.memo.clear();
        self.gain.clear_memo();
    }
}

/// Every parameter of a classification (see [`Params`]) but the memos.
type ParamsKey = (
    u32,
    u32,
    (PieceValues, u8, u8, u8, u32),
    bool,
    bool,
    bool,
    bool,
    bool,
);

/// The memo key of a class: the whole position before the ply, the move, the opponent's previous
/// move (`None` for [`classify`], `Some(None)` for [`classify_in_game`] without one), whether the
/// half-move clock is 0, and the parameters.
pub(crate) type ClassKey = (
    PositionKey,
    (u8, u8),
    Option<Option<(u8, u8)>>,
    bool,
    ParamsKey,
);

impl Default for Params {
    fn default() -> Params {
        Params {
            mate_threat_plies: 9,
            mate_threat_budget: 200_000,
            gain: GainConfig::default(),
            perpetual_chase_same_piece: false,
            joint_chase_is_counter: true,
            chase_existed_before_reply: false,
            even_exchange_chase: false,
            mate_existed_before_reply: false,
            memo: Memo::new(MEMO_CAPACITY),
        }
    }
}

/// The class of one ply under CN-1987, heaviest effect first (将 > 杀 > 捉 > 闲; 兑兼捉按捉,
/// 献兼捉按捉).
///
/// Reading R03 (READINGS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// 将: the ply gives check.
    Check,
    /// 杀: a new threat to mate by consecutive checks.
    MateThreat,
    /// 捉: a new threat to win material (得子) from the next move on.
    Chase {
        /// The enemy pieces threatened (squares after the ply).
        targets: Bitboard,
        /// Every target is won only by a line that starts with a check: 要抽吃子 (1987 names it
        /// apart from 捉).
        via_check: bool,
        /// Every target won outright (not by 抽将) is won jointly: only with a second attacker or
        /// a partner (捉少根子, 车炮联合捉子; the chaser makes the last capture on its square, or
        /// the exchange there nets a gain, 参考图38), or
        /// with the moved piece taking its protection away (图11). A chase
        /// made only by 抽将 (要抽吃子) is joint: the check and the capture work together
        /// ("黑方马炮联合捉子", 参考图40) — unless the moved piece checks and takes by itself
        /// ("黑方长捉车", 图3).
        joint: bool,
        /// The targets are offered an even complete exchange (完整互吃后价值相当), not won: a 捉
        /// only by the 2020 rules' 26.5 ([`Params::even_exchange_chase`]).
        even: bool,
    },
    /// 闲: none of the above.
    Idle(IdleKind),
}

impl Class {
    /// The single-character label used in the rule book's diagrams: 将 杀 捉 兑 闲 (献/拦/跟 and the
    /// other idle kinds are 闲; 要抽吃子 is 捉).
    pub fn label(self) -> &'static str {
        match self {
            Class::Check => "将",
            Class::MateThreat => "杀",
            Class::Chase { .. } => "捉",
            Class::Idle(IdleKind::Exchange) => "兑",
            Class::Idle(_) => "闲",
        }
    }
}

/// Entries kept by the per-thread memo of [`classify`] before it is emptied.
const MEMO_CAPACITY: usize = 1 << 14;

/// Classifies the legal move `m` played in `before` under CN-1987.
///
/// The answer depends only on the position (placement and side to move), the move and the
/// parameters; it is remembered in the parameters' memo.
///
/// Reading R01, Reading R02, Reading R07, Reading R12, Reading R18, Reading R22, Reading R25,
/// Reading R29 (READINGS.md).
pub fn classify(before: &Position, m: Move, params: &Params) -> Class {
    let key = (
        PositionKey::of(before),
        squares(m),
        None,
        false,
        params.key(),
    );
    params
        .memo
        .get_or_compute(key, || classify_uncached(before, m, params))
}

fn squares(m: Move) -> (u8, u8) {
    (m.from.index() as u8, m.to.index() as u8)
}

/// [`classify`] with the opponent's last move known (`prev`). When that move gave check and this
/// ply answers it with a piece other than the king, a 捉 of pieces that would not be winnable had
/// the checking piece stayed where it came from was brought about by the checker himself (自毙,
/// "是自己造成的被捉状态", rule-book 参考图22, 参考图19): it is idle. Chasing the checking piece
/// itself still counts, and so does a chase the reply makes itself (a line it opens itself,
/// 参考图47). (A king's reply to a check is always so judged by [`classify`]:
/// "走动帅（将）应将后产生的捉、杀为闲", 图17.) The opponent's last move also decides 守和要点 (图18)
/// and whether a threat was long established (早已形成的局面, 参考图6) or formed by parrying a
/// mate (解杀, 参考图35); see the `in_game` module.
///
/// Reading R22 (READINGS.md).
pub fn classify_in_game(before: &Position, m: Move, params: &Params, prev: Option<Move>) -> Class {
    // The answer depends on the position, the move, the previous move, the parameters and
    // whether the half-move clock is 0 (see [`drop_established`]).
    let key = (
        PositionKey::of(before),
        squares(m),
        Some(prev.map(squares)),
        before.halfmove_clock() == 0,
        params.key(),
    );
    params
        .memo
        .get_or_compute(key, || classify_in_game_uncached(before, m, params, prev))
}

fn classify_in_game_uncached(
    before: &Position,
    m: Move,
    params: &Params,
    prev: Option<Move>,
) -> Class {
    let class = classify(before, m, params);
    // 2020 26.1.4 for 杀: a mate threat that existed before the check is 闲.
    if class == Class::MateThreat
        && params.mate_existed_before_reply
        && let Some(prev_move) = prev
        && before
            .piece_at(m.from)
            .is_some_and(|p| p.kind != PieceKind::King)
        && mate_existed_before_check(before, m, prev_move, params)
        && let Ok(after) = before.played(m)
    {
        return Class::Idle(idle_kind(before, &after, m, before.turn()));
    }
    let (Some(prev_move), Class::Chase { targets, .. }) = (prev, class) else {
        return class;
    };
    if holds_the_draw(before, m, prev_move, targets, params) {
        return Class::Idle(IdleKind::Follow);
    }
    if !before.is_check() {
        return drop_established(before, m, params, prev_move, class);
    }
    // 2020 26.1.4: a chase that existed before the reply is 闲, one that did not is 捉.
    if params.chase_existed_before_reply
        && before
            .piece_at(m.from)
            .is_some_and(|p| p.kind != PieceKind::King)
    {
        return match before.played(m) {
            Ok(after) if existed_before_reply(&after, m, targets) => {
                Class::Idle(idle_kind(before, &after, m, before.turn()))
            }
            _ => class,
        };
    }
    // A reply that takes the checking piece leaves nothing to put back.
    if m.to == prev_move.to
        || targets.contains(prev_move.to)
        || before
            .piece_at(m.from)
            .is_none_or(|p| p.kind == PieceKind::King)
    {
        return class;
    }
    // The position after the reply with the checking piece put back where it came from.
    let Ok(after) = before.played(m) else {
        return class;
    };
    let mut setup = after.to_setup();
    if setup.board.piece_at(prev_move.to).is_none()
        || setup.board.piece_at(prev_move.from).is_some()
    {
        return class;
    }
    setup.board.move_piece(prev_move.to, prev_move.from);
    let Ok(unchecked) = Position::from_setup(setup) else {
        return class;
    };
    let mut without = material::threatened_after(&unchecked, &params.gain).won;
    // A root the checker's piece gives there, if only by 抽将, counts: "士5进6（闲）" (参考图28: with
    // the rook back, its checks win back the rook that takes the horse).
    if let Some(passed) = unchecked.pass() {
        for sq in targets & without {
            if material::rooted_by_checks(&passed, sq, &params.gain) {
                without.remove(sq);
            }
        }
    }
    if (targets & without).is_empty() && !attacks_opened_by(&after, m, targets) {
        Class::Idle(IdleKind::SelfInflicted)
    } else {
        class
    }
}

fn classify_uncached(before: &Position, m: Move, params: &Params) -> Class {
    let Some(mover_piece) = before.piece_at(m.from) else {
        return Class::Idle(IdleKind::None);
    };
    let mover = mover_piece.color;
    let Ok(after) = before.played(m) else {
        return Class::Idle(IdleKind::None);
    };
    // 将
    if after.is_check() {
        return Class::Check;
    }
    // 自毙: the mover answered a check with its king; what that creates is idle.
    let self_inflicted = before.is_check() && mover_piece.kind == PieceKind::King;

    // 杀: a new mate threat (not one that already existed before the ply).
    let mut takes_first = false;
    if material::threatens_forcing_mate(&after, params.mate_threat_plies, params.mate_threat_budget)
    {
        let mut b0 = before.clone();
        let mut budget = params.mate_threat_budget;
        let existed = !before.is_check()
            && material::mates_by_forcing_checks(&mut b0, params.mate_threat_plies, &mut budget);
        if !existed {
            if self_inflicted {
                return Class::Idle(IdleKind::SelfInflicted);
            }
            if !mates_taking_first(&after, params) {
                return Class::MateThreat;
            }
            takes_first = true;
        }
    }

    // 捉: pieces newly winnable (从捉到捉 — a threat that existed before and is unchanged is
    // not new).
    let now = threatened_apart(before, &after, m, params);
    // Only the pieces won now can be new; the search before the ply is limited to them.
    let was = if before.is_check() || now.won.is_empty() {
        material::Targets::default()
    } else {
        // The opponent's standing pawn or king captures are barred before the ply as after it
        // (see [`standing_pawn_or_king_prey`]), so that both searches ask the same question.
        material::winnable_among_exempt(
            before,
            &params.gain,
            now.won,
            standing_pawn_or_king_prey(before, &after, m),
        )
    };
    // A threat counts as pre-existing only in the same form: a direct threat before, or a
    // threat by 抽将 both before and after (形式上和本质上都没有发生变化).
    let mut was_direct = was.won & !was.via_check;
    // 从捉到捉 read narrowly: the book's old threat is 马六进七 on a horse (车三平四 is 闲, seed
    // 001 图1) — a standoff of pieces of the same kind (相同兵种对峙). A piece otherwise left en
    // prise stays chased by every ply of the side that can take it: "将６退１（捉）… 避抽后，车可以吃兵，
    // 判“捉”" (图16), "车二进六 （捉）… 红方长捉无根子" (参考图34: the elephant's threat on the
    // cannon existed before the rook moved).
    // The standoff's threat stays old only when the moved piece takes no part in it: a piece
    // that moves and still attacks the chased piece renews the threat — "黑方联合捉车" (参考图38:
    // 车8平7 / 车7平8, the black rook that faces the red rook moves along the rank and, with the
    // cannon behind it, still attacks the rook guarded by the king).
    let reach = after.attacks_from(m.to);
    for sq in was_direct {
        if !faces_own_kind(&after, sq) || reach.contains(sq) {
            was_direct.remove(sq);
        }
    }
    let mut new = now.won & !was_direct & !(was.via_check & now.via_check);
    // 抽将根 (捉暗根子是闲): a piece with no recapture whose every direct capture the opponent
    // wins back by checks (a discovered check, then the capturer taken; the capturer worth at
    // least the piece) has a root the search does not see — the defender's checks are not searched. Attacking it is
    // 闲, as a root by the checks of a piece we guard is a root ("红方车四平二是做根子捉子，得不偿失，
    // 判闲", 参考图28). A piece won only after checks of our own is left to the search.
    if let Some(passed) = after.pass() {
        for sq in new & !now.via_check {
            if material::rooted_only_by_checks(&passed, sq, &params.gain) {
                new.remove(sq);
            }
        }
    }
    // 兑, not 捉: an enemy piece of the moved piece's own kind that can take it back is not chased
    // (mutual attack of equals); 兑兼捉按捉 still applies to every other target.
    new &= !escape_only(before, &after, m, new & !now.via_check, params);
    let offered = material::exchange_offer(before, m);
    if let Some(sq) = offered {
        new.remove(sq);
        // 第一反击: the opponent may answer by taking the offered piece first. A threat on another
        // piece that the trade dissolves (the opponent takes, the mover takes back, and the
        // piece can no longer be won) is not 捉: the move is 兑.
        new = survives_trade(&after, m.to, sq, new, &params.gain);
    }
    // 兑 made by the ply without moving the offered piece: a chased piece that faces a piece of
    // its own kind of ours (each can take the other, each capture is taken back) is offered an
    // exchange of equals ("兑", same type facing each other), not chased — unless the moved piece
    // wins it by itself (兑兼捉按捉).
    // 捉少根子 is not 兑: the pieces of its kind pair off, and a piece our other attackers outnumber
    // its other protectors on is chased ("黑方一着捉无根子，一着捉少根子", 参考图49 车3平2; see
    // [`fewer_roots`]).
    let mut mutual = false;
    let mut paired = Bitboard::EMPTY;
    for sq in new & !now.via_check {
        if !fewer_roots(&after, sq)
            && facing_equal(&after, sq)
            && !wins_alone(&after, m.to, sq, params)
        {
            new.remove(sq);
            paired.insert(sq);
            mutual = true;
        }
    }
    // A piece offered in exchange (兑) is not chased, and it cannot pay for another target either:
    // a line that takes another piece at a loss and gains only by then winning the paired piece is
    // no chase of that piece ("车四退二（兑）", 图21: the rook steps back beside the horses'
    // standoff, and 炮 takes 象 with check only to win the horse after 象 takes back). Only
    // targets of the plain search are re-searched (those found by judging each side's chase apart
    // keep their own reading).
    if paired.any()
        && new.any()
        && let Some(passed) = after.pass()
    {
        let plain = new & material::winnable_among(&passed, &params.gain, new).won;
        new &= !lost_when_sparing(&passed, plain, paired, params);
    }
    // Each target is chased for its own sake: of several targets, one that is won only by a line
    // that also takes another target (which is won without it) is that other target's chase, not
    // its own (图30b 车6退4（捉）: the rook chases the horse g2 it attacks; the line that trades the
    // horses on e6 gains only by the rook then taking g2).
    if new.count() >= 2
        && let Some(passed) = after.pass()
    {
        let plain = new & material::winnable_among(&passed, &params.gain, new).won;
        if plain.count() >= 2 {
            for sq in plain {
                let others = plain & !Bitboard::from_square(sq);
                if !lost_when_sparing(&passed, Bitboard::from_square(sq), others, params).is_empty()
                    && lost_when_sparing(&passed, others, Bitboard::from_square(sq), params)
                        .is_empty()
                {
                    new.remove(sq);
                }
            }
        }
    }
    // 炮卒联合捉子: a capture by the king or a pawn that the moved piece makes profitable.
    let lone_joint = if matches!(mover_piece.kind, PieceKind::King | PieceKind::Pawn) {
        Bitboard::EMPTY
    } else {
        joint_with_king_or_pawn(before, &after, m, now.won, params)
    };
    new |= lone_joint;
    if new.any() {
        if self_inflicted {
            return Class::Idle(IdleKind::SelfInflicted);
        }
        let via_check = (new & !now.via_check).is_empty();
        let joint = after.pass().is_some_and(|passed| {
            joint_chase(
                &passed,
                m.to,
                new & !now.via_check & !lone_joint,
                new & now.via_check,
                params,
            )
        });
        return Class::Chase {
            targets: new,
            via_check,
            joint,
            even: false,
        };
    }

    if takes_first {
        return Class::MateThreat;
    }
    // 闲 and its kinds.
    if mutual {
        return Class::Idle(IdleKind::Exchange);
    }
    // 2020 26.5: an even complete exchange newly offered in one of the clause's structures is 捉
    // (兑 — a piece offered to a piece of its own kind — stays 闲: 图9, 图13, 图30).
    if params.even_exchange_chase && !self_inflicted && offered.is_none() {
        let even = even_exchange_targets(before, &after, m, params);
        if even.any() {
            return Class::Chase {
                targets: even,
                via_check: false,
                joint: false,
                even: true,
            };
        }
    }
    Class::Idle(idle_kind(before, &after, m, mover))
}
