//! Per-ply classification under the 1987 Chinese rules: 将 (check), 杀 (mate threat), 捉 (chase,
//! including 要抽吃子), and 闲 (idle) with its kinds 兑 / 献 / 拦 / 跟.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use xiangqi_adjudication::material::{self, GainConfig};
use xiangqi_board::{Bitboard, Color, PieceKind, Square};
use xiangqi_movegen::{Move, Position};

/// Parameters of the CN-1987 classification (every bound is stated in a ruling's explanation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// 杀: the mover mates by consecutive checks within this many plies if the opponent passed
    /// (decisions.md 6; default 9), a reply that is the defender's only legal move not counted
    /// ([`material::mates_by_forcing_checks`]; 图17 将4退1（杀）: a mate in 13 plies, 9 counted).
    pub mate_threat_plies: u32,
    /// Node budget of one mate-threat search.
    pub mate_threat_budget: u32,
    /// The material-gain (得子) search for 捉.
    pub gain: GainConfig,
    /// 长捉 only if one and the same enemy piece is chased by every chasing ply (decisions.md 3).
    /// Default `false`: the rule book's diagrams (图4, 参考图1, 参考图3, 参考图45) rule 长捉 on a side
    /// whose plies chase different pieces.
    pub perpetual_chase_same_piece: bool,
    /// In a mutual perpetual chase (长打对长打 with 捉 on both sides), a side one of whose plies is
    /// a joint chase (联合捉 / 捉少根子) is not the side that must vary (rule-book 图10, 图11,
    /// 图25–28, 参考图14/36/38–41). Default `true`.
    pub joint_chase_is_counter: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            mate_threat_plies: 9,
            mate_threat_budget: 200_000,
            gain: GainConfig::default(),
            perpetual_chase_same_piece: false,
            joint_chase_is_counter: true,
        }
    }
}

/// The kind of an idle move (闲).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdleKind {
    /// 闲 with no particular kind.
    Plain,
    /// 兑: offers an exchange of equal pieces.
    Exchange,
    /// 献: offers the moved piece.
    Offer,
    /// 拦: blocks an enemy line.
    Block,
    /// 跟: follows to keep protecting.
    Follow,
    /// 兵卒长捉: a pawn attacking on its own (allowed, idle).
    PawnAttack,
    /// 将帅长捉: the king attacking on its own (allowed, idle).
    KingAttack,
    /// 自毙: a 杀 or 捉 that exists only because the opponent's check forced the king to move.
    SelfInflicted,
}

impl IdleKind {
    /// The rulebook word for the kind (闲 for plain).
    pub fn word(self) -> &'static str {
        match self {
            IdleKind::Plain => "闲",
            IdleKind::Exchange => "兑",
            IdleKind::Offer => "献",
            IdleKind::Block => "拦",
            IdleKind::Follow => "跟",
            IdleKind::PawnAttack => "兵卒捉子（闲）",
            IdleKind::KingAttack => "将帅捉子（闲）",
            IdleKind::SelfInflicted => "自毙（闲）",
        }
    }

    /// The CLI `idle_kind` key (`exchange`, `offer`, `block`, `follow`), if any.
    pub fn key(self) -> Option<&'static str> {
        match self {
            IdleKind::Exchange => Some("exchange"),
            IdleKind::Offer => Some("offer"),
            IdleKind::Block => Some("block"),
            IdleKind::Follow => Some("follow"),
            _ => None,
        }
    }
}

/// The class of one ply under CN-1987, heaviest effect first (将 > 杀 > 捉 > 闲; 兑兼捉按捉,
/// 献兼捉按捉).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
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

    /// The rulebook word, with 要抽吃子 and the idle kinds spelled out.
    pub fn word(self) -> &'static str {
        match self {
            Class::Check => "将",
            Class::MateThreat => "杀",
            Class::Chase {
                via_check: true, ..
            } => "要抽吃子",
            Class::Chase { .. } => "捉",
            Class::Idle(k) => k.word(),
        }
    }

    /// Whether the ply is forcing (打: 将, 杀, 捉, 要抽吃子).
    pub fn is_forcing(self) -> bool {
        !matches!(self, Class::Idle(_))
    }
}

/// Entries kept by the per-thread memo of [`classify`] before it is emptied.
const MEMO_CAPACITY: usize = 1 << 14;

thread_local! {
    /// Classes already computed on this thread, by (position hash, move, parameters). A
    /// repetition cycle repeats its positions, and one game may hold several overlapping cycles,
    /// so the same (position, move) is asked many times.
    static MEMO: RefCell<HashMap<(u64, u8, u8, u64), Class>> = RefCell::new(HashMap::new());
}

/// Empties this thread's memo of [`classify`] (for benchmarks that must not reuse earlier
/// answers; the answers themselves never change).
pub fn clear_memo() {
    MEMO.with(|memo| memo.borrow_mut().clear());
    material::clear_search_memo();
}

fn params_key(params: &Params) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    params.hash(&mut h);
    h.finish()
}

/// Classifies the legal move `m` played in `before` under CN-1987.
///
/// The answer depends only on the position (placement and side to move), the move and the
/// parameters; it is memoized per thread by the position's Zobrist hash.
pub fn classify(before: &Position, m: Move, params: &Params) -> Class {
    let key = (
        before.hash(),
        m.from.index() as u8,
        m.to.index() as u8,
        params_key(params),
    );
    if let Some(c) = MEMO.with(|memo| memo.borrow().get(&key).copied()) {
        return c;
    }
    let class = classify_uncached(before, m, params);
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= MEMO_CAPACITY {
            memo.clear();
        }
        memo.insert(key, class);
    });
    class
}

/// [`classify`] with the opponent's last move known (`prev`). When that move gave check and this
/// ply answers it with a piece other than the king, a 捉 of pieces that would not be winnable had
/// the checking piece stayed where it came from was brought about by the checker himself (自毙,
/// "是自己造成的被捉状态", rule-book 参考图22, 参考图19): it is idle. Chasing the checking piece
/// itself still counts, and so does a chase the reply makes itself (see [`attacks_opened_by`],
/// 参考图47). (A king's reply to a check is always so judged by [`classify`]:
/// "走动帅（将）应将后产生的捉、杀为闲", 图17.)
pub fn classify_in_game(before: &Position, m: Move, params: &Params, prev: Option<Move>) -> Class {
    // The answer depends on the position, the move, the previous move, the parameters and
    // whether the half-move clock is 0 (see [`drop_established`]): memoized per thread.
    let key = (
        before.hash()
            ^ prev.map_or(0, |p| {
                (u64::from(p.from.index() as u8) << 8 | u64::from(p.to.index() as u8) | 1 << 16)
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            })
            ^ u64::from(before.halfmove_clock() == 0) << 63,
        m.from.index() as u8,
        m.to.index() as u8,
        params_key(params) ^ IN_GAME_SALT,
    );
    if let Some(c) = MEMO.with(|memo| memo.borrow().get(&key).copied()) {
        return c;
    }
    let class = classify_in_game_uncached(before, m, params, prev);
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= MEMO_CAPACITY {
            memo.clear();
        }
        memo.insert(key, class);
    });
    class
}

/// Keeps the memo entries of [`classify_in_game`] apart from those of [`classify`].
const IN_GAME_SALT: u64 = 0x5bd1_e995_c0ff_ee11;

fn classify_in_game_uncached(
    before: &Position,
    m: Move,
    params: &Params,
    prev: Option<Move>,
) -> Class {
    let class = classify(before, m, params);
    let (Some(prev_move), Class::Chase { targets, .. }) = (prev, class) else {
        return class;
    };
    if holds_the_draw(before, m, prev_move, targets, params) {
        return Class::Idle(IdleKind::Follow);
    }
    if !before.is_check() {
        return drop_established(before, m, params, prev_move, class);
    }
    if targets.contains(prev_move.to)
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

/// 守和要点 (图18): the opponent's last move `prev` was his king's reply to our check, and that
/// reply threatens mate (a 杀 we brought about ourselves, 自毙); the ply `m` parries the threat, and
/// every piece it chases is attacked by the moved piece itself — the piece has come back to the
/// point that holds the draw, and its attack from there is incidental: "红方一将一跟，占据守和要点，
/// 附带产生的捉象按“闲”着处理" (车六平五 returns in front of the black horse and attacks the elephant
/// behind it). A chase that the parry makes real for another piece counts: "车3退8解杀后才形成了实际的
/// 捉" (参考图20: the rook's return blocks the horse's mate and the cannon's capture of the rook
/// stands).
fn holds_the_draw(
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
        || !material::threatens_forcing_mate(
            before,
            params.mate_threat_plies,
            params.mate_threat_budget,
        )
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
    let mut next = after.clone();
    let mut budget = params.mate_threat_budget;
    !material::mates_by_forcing_checks(&mut next, params.mate_threat_plies, &mut budget)
        && targets
            .into_iter()
            .all(|sq| after.attacks_from(m.to).contains(sq))
}

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
fn escape_only(
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
    if !material::winnable_among(&before_passed, &params.gain, from)
        .won
        .contains(m.from)
    {
        return Bitboard::EMPTY;
    }
    if cuts_a_root_by_check(before, m) {
        return Bitboard::EMPTY;
    }
    let ours = passed.board().by_color(passed.turn());
    let backs = after.attacks_from(m.to) & ours;
    let mut out = Bitboard::EMPTY;
    for sq in targets {
        let target = Bitboard::from_square(sq);
        if !attacks_opened_by(after, m, target)
            && !helps_another(&passed, m.to, sq)
            && !guards_prey(after, m.to, sq, &params.gain.values)
            && (passed.attackers_to(sq, passed.turn()) & backs).is_empty()
            && !ties_to_its_line(after, m.to, sq, params)
            && material::winnable_among_exempt(before, &params.gain, target, from)
                .won
                .contains(sq)
        {
            out.insert(sq);
        }
    }
    out
}

/// 断根 by escaping a capture with check: before the ply `m` (legal in `before`) the opponent could
/// take the moved piece with check, a root by 抽将 of the opponent's pieces (the capture and the
/// checks after it answered ours); moving the piece away cuts that root, so what the ply makes
/// winnable is chased by it — "红方进相、退相为断根捉马 … 红方长捉无根子" (图3: 相三进五 leaves the
/// rook's reach; 车7进1 taking the elephant with check, then the advisors, no longer answers the
/// rook's capture of the horse). Unlike 避吃促成得子 (参考图37, 参考图21: a plain capture of the
/// escaping piece answered ours), such an escape chases.
fn cuts_a_root_by_check(before: &Position, m: Move) -> bool {
    let Some(opp) = before.pass() else {
        return false;
    };
    opp.legal_moves()
        .iter()
        .any(|c| c.to == m.from && opp.played(*c).is_ok_and(|next| next.is_check()))
}

/// Whether every way out of the opponent's piece on `target` (the opponent to move in `after`)
/// is a capture of a piece of ours that the moved piece on `moved` guards: the chased piece
/// cannot leave its line (不能离线) but by a capture the moved piece answers, and the moved piece
/// takes part in the chase — "红方车马炮联合捉车" (参考图39: the horse pins the black rook and
/// screens the cannon, and the red rook, stepping back and forth out of the horse's reach, keeps
/// guarding the horse, the pinned rook's only move). Such a chase is joint, and the step is no
/// 避吃促成得子 (see [`escape_only`]).
fn guards_prey(after: &Position, moved: Square, target: Square, values: &material::Values) -> bool {
    let guarded = protected_by(after, moved, !after.turn());
    let ways = after.legal_moves_from(target);
    !ways.is_empty()
        && ways.iter().all(|r| {
            guarded.contains(r.to) && after.piece_at(r.to).is_some_and(|p| values.of(p, r.to) > 0)
        })
}

/// Whether the moved piece on `moved` ties the opponent's piece on `target` to its line (see
/// [`tied_to_its_line`]): it is tied, and would not be without the moved piece.
fn ties_to_its_line(after: &Position, moved: Square, target: Square, params: &Params) -> bool {
    if !tied_to_its_line(after, target, params) {
        return false;
    }
    let mut setup = after.to_setup();
    setup.board.remove(moved);
    Position::from_setup(setup).is_ok_and(|without| !tied_to_its_line(&without, target, params))
}

/// 不能离线 (参考图49: "红方进马退马均使黑方四路炮不能离线，为长捉无根子"): the opponent's piece on
/// `target` (the opponent to move in `after`) holds a line — some move of it would let us win
/// another piece that we cannot win now, or mate by consecutive checks. A piece that can only be
/// lost itself (参考图37: the horse's one flight is taken too) holds nothing.
fn tied_to_its_line(after: &Position, target: Square, params: &Params) -> bool {
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
                let mut budget = params.mate_threat_budget;
                (material::winnable(&next, &params.gain).won & !now & !Bitboard::from_square(r.to))
                    .any()
                    || material::mates_by_forcing_checks(
                        &mut next,
                        params.mate_threat_plies,
                        &mut budget,
                    )
            })
        })
}

/// Whether the reply `m` itself makes an attack on one of `targets` (the moved piece takes it, or
/// a piece of ours takes it through the square `m` left): then the chase is the reply's own doing,
/// not a state the checker brought about, even if the check was needed for it ("红方长捉无根子",
/// 参考图47: 炮三平五 blocks 后炮平5's check and opens the rook's file on the cannon behind). Only
/// legal captures count: a pinned piece does not attack (参考图22: 炮2平6 blocks the check and
/// stands pinned on the advisor it would take through the rook).
fn attacks_opened_by(after: &Position, m: Move, targets: Bitboard) -> bool {
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
fn drop_established(
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
    } = class
    else {
        return class;
    };
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
    let Ok(earlier) = Position::from_setup(setup) else {
        return class;
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
    // 解杀后形成的捉: while the opponent threatened mate, no capture of ours stood — taking would
    // have let him mate — so the threats left by the ply that parries the mate are formed by it:
    // "车4平6解杀后形成炮捉车，判捉" (参考图35: 马六进四 threatens mate, 车4平6 parries, and the
    // cannon that attacked the rook throughout chases it only now).
    if parries_mate(before, &after, params) {
        return class;
    }
    // The moved piece takes no part: it neither attacks the piece, nor takes its protection away
    // (see [`helps_another`]), nor guards a square the piece could flee to (不能离线). Tested
    // first: it is cheap, and the searches below need only the pieces that pass it.
    let mut old = targets;
    if let Some(passed) = after.pass() {
        let reach = after.attacks_from(m.to);
        for t in old {
            let flights = after
                .legal_moves_from(t)
                .iter()
                .fold(Bitboard::EMPTY, |b, r| b | Bitboard::from_square(r.to));
            if reach.contains(t) || (reach & flights).any() || helps_another(&passed, m.to, t) {
                old.remove(t);
            }
        }
    }
    // A threat that stood only while the opponent's mate threat went unanswered is not
    // established: the ply that parries the mate makes it real — "车4平6解杀后形成炮捉车，判捉"
    // (参考图35: the horse threatens mate, and the rook's return lets the cannon take the rook).
    if old.any()
        && let Some(mut opp) = before.pass()
    {
        let mut budget = params.mate_threat_budget;
        if material::mates_by_checks(&mut opp, params.mate_threat_plies, &mut budget) {
            return class;
        }
    }
    if old.any() {
        old &= established(before, old, &params.gain);
    }
    if old.any() {
        old &= established(&earlier, old, &params.gain);
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
        if plain.any() {
            let kept = material::winnable_among_sparing(
                &passed,
                &params.gain,
                plain,
                Bitboard::EMPTY,
                old,
            )
            .won;
            rest &= !(plain & !kept);
        }
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
        };
    }
    Class::Idle(idle_kind(before, &after, m, before.turn()))
}

/// Whether the ply from `before` to `after` parries a mate threat: before it the opponent, had
/// the mover passed, mated by consecutive checks (within `mate_threat_plies`), and after it he no
/// longer does.
fn parries_mate(before: &Position, after: &Position, params: &Params) -> bool {
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
fn established(pos: &Position, among: Bitboard, gain: &GainConfig) -> Bitboard {
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

fn classify_uncached(before: &Position, m: Move, params: &Params) -> Class {
    let Some(mover_piece) = before.piece_at(m.from) else {
        return Class::Idle(IdleKind::Plain);
    };
    let mover = mover_piece.color;
    let Ok(after) = before.played(m) else {
        return Class::Idle(IdleKind::Plain);
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
        material::winnable_among(before, &params.gain, now.won)
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
    if new.any() {
        for sq in new & !now.via_check {
            if (facing_equal(&after, sq, Some(m.to)) || facing_equal(&after, sq, None))
                && !wins_alone(&after, m.to, sq, params)
                && !fewer_roots(&after, sq)
            {
                new.remove(sq);
                paired.insert(sq);
                mutual = true;
            }
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
        if plain.any() {
            let kept = material::winnable_among_sparing(
                &passed,
                &params.gain,
                plain,
                Bitboard::EMPTY,
                paired,
            )
            .won;
            new &= !(plain & !kept);
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
        };
    }

    if takes_first {
        return Class::MateThreat;
    }
    // 闲 and its kinds.
    if mutual {
        return Class::Idle(IdleKind::Exchange);
    }
    Class::Idle(idle_kind(before, &after, m, mover))
}

/// Whether a chase is joint (联合捉 / 捉少根子, see [`Class::Chase`]): every piece in `plain` (won
/// outright) is won only with a second attacker or a partner, the chaser making the last capture
/// on its square or the exchange there netting a gain ("黑方联合捉车", 参考图38: the cannon takes
/// the rook over the black rook that keeps the king off, the advisor takes the cannon back), or
/// with the moved piece on `moved` taking its protection away; and no piece in
/// `by_checks` (won only by 抽将) is won by the moved piece alone. `passed` is the position after
/// the ply with the mover to move again.
fn joint_chase(
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

/// 吃子再将死: whether every mate by consecutive checks that the mover threatens (the opponent to
/// move in `after`, passing) begins by taking a piece with a check that the opponent can still
/// answer. The threat is then first of all a capture, and the ply is 捉 when that capture wins the
/// piece (杀 otherwise): "红方后车退一，如黑方吃车则双车尽失，判“捉”" (图17: 后车退一 attacks the rook
/// c7, and 车 takes it with check before the rooks mate). A capture that mates at once is the
/// mate itself: 杀 (图18 将5平4（杀）: 车 takes the advisor, mate; 图29 车二平三 / 车三平二: 车 takes the
/// rook, mate).
fn mates_taking_first(after: &Position, params: &Params) -> bool {
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

/// 炮卒联合捉子 (参考图11: "黑方炮5平6为炮卒联合捉子，炮6平5卒捉仕，判闲"): the enemy pieces, besides
/// `won`, that the mover wins by a line whose first capture is made by its king or a pawn and
/// gives check, where the moved piece takes part — without it on the board the line wins nothing
/// (炮5平6 stands behind the pawn: the pawn takes the advisor and uncovers the cannon's check) —
/// and that were not so won before the ply. A pawn that takes without check is 兵卒捉子 (闲) even
/// when the moved piece pins the protector (炮6平5 pins the other advisor: "卒捉仕，判闲").
fn joint_with_king_or_pawn(
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

/// Whether the piece on `target` and a piece of the other side of its own kind attack each other
/// (相同兵种对峙): a threat on it that existed before the ply stays old (从捉到捉).
fn faces_own_kind(after: &Position, target: Square) -> bool {
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
fn wins_alone(after: &Position, from: Square, target: Square, params: &Params) -> bool {
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
    let net = values.of(victim, target)
        - if recaptured {
            values.of(mover, target)
        } else {
            0
        };
    net > 0
}

/// 兑 brought about by the ply without moving the offered piece (参考图50: 车3平2（兑）, the rook
/// steps off the horse's leg and the two horses face each other): an enemy piece now faces a piece
/// of its own kind of ours (see [`facing_equal`]) and did not before.
fn brings_exchange(before: &Position, after: &Position, mover: Color) -> bool {
    let Some(before_passed) = before.pass() else {
        return false;
    };
    after.board().by_color(!mover).into_iter().any(|sq| {
        facing_equal(after, sq, None)
            && !(before.piece_at(sq) == after.piece_at(sq)
                && facing_equal(&before_passed, sq, None))
    })
}

/// 车炮联合捉子 (图11: 炮八平九 keeps the elephant pinned while the rook attacks it): the moved
/// piece on `helper` does not attack `target` itself, but it takes away the target's protection
/// — with it on the board no capture of the target can be taken back, without it one can (a pin,
/// a blocked line). `passed` is the position after the ply with the mover to move again.
fn helps_another(passed: &Position, helper: Square, target: Square) -> bool {
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

/// The pieces the mover threatens after the ply (searched as if the opponent passed), each side's
/// chase judged apart: the opponent may not answer a line by taking a piece of the mover that it
/// could already win before the ply and still can after it (a piece left en prise, not moved by
/// the ply; 图8: 车二退六（捉）).
fn threatened_apart(
    before: &Position,
    after: &Position,
    m: Move,
    params: &Params,
) -> material::Targets {
    let plain = material::threatened_after(after, &params.gain);
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
        let reach = after.attacks_from(m.to) & !plain.won;
        if (guarded.any() || blocked.any()) && reach.any() {
            let values = &params.gain.values;
            let mut local = material::Targets::default();
            for t in reach {
                let worth = after.piece_at(t).map_or(0, |p| values.of(p, t));
                let mut exempt = guarded;
                for b in blocked {
                    if after.piece_at(b).is_some_and(|p| values.of(p, b) <= worth) {
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
            if extra.any() {
                let mut out = plain;
                out.won |= extra;
                out.via_check |= local.via_check & extra;
                return out;
            }
        }
    }
    if before.is_check() {
        return plain;
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
    let exempt = material::winnable_among(&before_passed, &params.gain, hanging_after).won;
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

/// Pieces of the side of the piece on `sq` (kings excluded) that this piece shields from an enemy
/// piece: the enemy piece attacks them with `sq` empty and not with it occupied (a blocked line, a
/// horse's leg, a cannon's extra screen).
fn shielded_by(pos: &Position, sq: Square) -> Bitboard {
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

/// Whether `mid` lies strictly between `a` and `b` on one file or rank.
fn between(a: Square, b: Square, mid: Square) -> bool {
    let (af, ar, bf, br, mf, mr) = (
        a.file(),
        a.rank(),
        b.file(),
        b.rank(),
        mid.file(),
        mid.rank(),
    );
    (af == bf && mf == af && mr > ar.min(br) && mr < ar.max(br))
        || (ar == br && mr == ar && mf > af.min(bf) && mf < af.max(bf))
}

/// Whether the enemy piece on `target` (the opponent to move in `after`) and a piece of ours of
/// the same kind face each other — each can take the other, and either capture would be taken
/// back — so that an exchange of equals (兑) is offered rather than a piece chased. When our piece
/// of its kind is its only attacker, our capture need not be taken back: the opponent is offered
/// the trade (马二进三（兑）, 图9: the horse guards the rook whose file it opens, the rooks face
/// each other); a second attacker makes it 捉 (马６退７（捉）, 图25: the horse also opens the
/// cannon's line on the rook). With `screen`,
/// only two cannons facing each other through the moved piece count (红车平中路，判“兑”, 图13;
/// 马1进3（兑）, 参考图4); without, any two equal pieces attacking each other (图30: 车6退4（兑）
/// while the horses face each other, "如黑方3路马改为7路对称位置，则黑方车6退4，判捉").
fn facing_equal(after: &Position, target: Square, screen: Option<Square>) -> bool {
    let Some(victim) = after.piece_at(target) else {
        return false;
    };
    if screen.is_some() && victim.kind != PieceKind::Cannon {
        return false;
    }
    after.legal_moves().iter().any(|r| {
        r.from == target
            && screen.is_none_or(|s| between(target, r.to, s))
            && after
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

/// 捉少根子 beside a standoff (参考图49 / 参考图50): the pieces of the chased piece's own kind pair
/// off (兑); it is still chased when our other attackers outnumber its protectors. 参考图49
/// "黑方一着捉无根子，一着捉少根子": 车3平2 puts rook and cannon (through the rook) on the red
/// horse guarded by one rook, beside the horses' standoff; 参考图50, the same without the cannon,
/// "车3平2 (兑)": one rook against one rook.
fn fewer_roots(after: &Position, target: Square) -> bool {
    let Some(victim) = after.piece_at(target) else {
        return false;
    };
    let others = !after.board().by_kind(victim.kind);
    (after.attackers_to(target, !victim.color) & others).count()
        > (after.attackers_to(target, victim.color) & others).count()
}

/// 少根子: capturing on `target` in turn, each side with its least valuable piece that can legally
/// take there (pieces behind the first ones join as the line opens), the side to move makes the
/// last capture — more attackers than protectors (图27 "车炮联合捉子": the cannon behind the rook
/// retakes). A piece attacked twice and protected twice is no 少根子 even when a line that takes it
/// wins: the gain is then another piece's (图26 "黑方长捉车": 炮8进3 sets the cannon behind the pawn
/// so that the other cannon's capture of the twice-protected elephant uncovers an attack on the
/// rook — a plain chase, not a joint one).
fn outnumbered(pos: &Position, target: Square, values: &material::Values) -> bool {
    let attacker = pos.turn();
    let mut board = pos.clone();
    let mut last = None;
    for _ in 0..32 {
        let capture = board
            .legal_moves()
            .iter()
            .copied()
            .filter(|c| c.to == target)
            .min_by_key(|c| board.piece_at(c.from).map_or(0, |p| values.of(p, c.from)));
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
fn exchange_gain(pos: &Position, target: Square, values: &material::Values) -> i32 {
    let mut board = pos.clone();
    let mut gains: Vec<i32> = Vec::new();
    let mut on_square = board.piece_at(target).map_or(0, |p| values.of(p, target));
    for _ in 0..32 {
        let capture = board
            .legal_moves()
            .iter()
            .copied()
            .filter(|c| c.to == target)
            .min_by_key(|c| board.piece_at(c.from).map_or(0, |p| values.of(p, c.from)));
        let Some(c) = capture else {
            break;
        };
        let prev = gains.last().copied().unwrap_or(0);
        gains.push(on_square - prev);
        on_square = board.piece_at(c.from).map_or(0, |p| values.of(p, target));
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

/// Whether the piece on `attacker` is the only piece of its side attacking `target`.
fn sole_attacker(pos: &Position, target: Square, attacker: Square) -> bool {
    let Some(victim) = pos.piece_at(target) else {
        return false;
    };
    pos.board()
        .by_color(!victim.color)
        .into_iter()
        .all(|sq| sq == attacker || !pos.attacks_from(sq).contains(target))
}

/// The targets in `targets` that the mover still wins after the offered trade is accepted (第一反击):
/// the opponent's piece on `taker` takes the moved piece on `offered`, the mover takes back on
/// `offered` (each legal recapture tried) and still threatens the target (searched as if the
/// opponent passed; after a recapture with check, searched from the trade with the mover to move,
/// the recapture one of its 抽将). With no recapture there is no trade (献, not 兑) and every target
/// stands.
fn survives_trade(
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

fn idle_kind(before: &Position, after: &Position, m: Move, mover: Color) -> IdleKind {
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
                IdleKind::KingAttack
            } else {
                IdleKind::PawnAttack
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
    IdleKind::Plain
}

/// Own pieces (except the king) that the piece on `sq` defends: it attacks their square through
/// the current occupancy.
fn protected_by(pos: &Position, sq: Square, color: Color) -> Bitboard {
    let Some(p) = pos.piece_at(sq) else {
        return Bitboard::EMPTY;
    };
    let mut occ = pos.board().occupied();
    occ.remove(sq);
    let reach = xiangqi_movegen::piece_attacks(p, sq, pos.board().occupied());
    reach & pos.board().by_color(color) & !pos.board().by_kind(PieceKind::King)
}
