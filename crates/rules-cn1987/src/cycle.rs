//! Cycle labels (长将, 一将一捉, …) and the CN-1987 verdict table (棋例总纲).

use xiangqi_board::{Color, PieceKind, Square};
use xiangqi_movegen::{Move, Position};

use crate::classify::{Class, IdleKind, Params, classify_in_game};

/// One ply of a cycle with its class and the identities of the pieces it chases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyJudgment {
    /// The move.
    pub mv: Move,
    /// The side that played it.
    pub side: Color,
    /// Its CN-1987 class.
    pub class: Class,
    /// Identities (see [`Identities`]) of the chased pieces, for the "same piece" test.
    pub target_ids: Vec<u8>,
    /// Chased pieces' squares after the ply (ICCS), for display.
    pub target_squares: Vec<Square>,
}

/// Whether a side's repetition is forbidden (禁止着法) or allowed (允许着法).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standing {
    /// 禁止着法.
    Forbidden,
    /// 允许着法.
    Allowed,
}

/// One side's label over its plies in the cycle, in the rulebook's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideLabel {
    /// The label: 长将, 长杀, 长捉, 长要抽吃子, 一将一杀, 一将一捉, …, 一将一闲, 长兑, 长拦, 闲, 兵卒长捉,
    /// 将帅长捉, 捉不同子.
    pub words: String,
    /// Forbidden or allowed.
    pub standing: Standing,
    /// Whether every ply is a check (长将).
    pub perpetual_check: bool,
    /// Whether every ply is forcing (长打).
    pub all_forcing: bool,
    /// Whether every ply is a chase (捉 or 要抽吃子).
    pub all_chase: bool,
    /// Whether one of the chasing plies is a joint chase (联合捉 / 捉少根子).
    pub joint: bool,
}

/// The ruling on a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Both sides may go on; repeating is a draw.
    Draw,
    /// Red's repetition is forbidden: Red must vary or lose.
    RedMustVary,
    /// Black's repetition is forbidden: Black must vary or lose.
    BlackMustVary,
}

impl Verdict {
    /// The CLI word: `draw`, `red-must-vary`, `black-must-vary`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Draw => "draw",
            Verdict::RedMustVary => "red-must-vary",
            Verdict::BlackMustVary => "black-must-vary",
        }
    }
}

/// The full ruling on a cycle under CN-1987.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleRuling {
    /// Every ply of the cycle, in order.
    pub plies: Vec<PlyJudgment>,
    /// Red's label.
    pub red: SideLabel,
    /// Black's label.
    pub black: SideLabel,
    /// The verdict.
    pub verdict: Verdict,
    /// The clause applied, in the rulebook's words.
    pub reason: String,
}

/// Piece identities followed through a sequence of moves (so that "the same piece" can be
/// recognised after it moved).
#[derive(Clone, Debug)]
pub struct Identities {
    ids: [Option<u8>; 90],
}

impl Identities {
    /// Numbers every piece of `pos` by its square index.
    pub fn new(pos: &Position) -> Identities {
        let mut ids = [None; 90];
        for (sq, _) in pos.board().pieces() {
            ids[sq.index()] = Some(sq.index() as u8);
        }
        Identities { ids }
    }

    /// The identity of the piece on `sq`.
    pub fn at(&self, sq: Square) -> Option<u8> {
        self.ids[sq.index()]
    }

    /// Follows a move.
    pub fn play(&mut self, m: Move) {
        self.ids[m.to.index()] = self.ids[m.from.index()].take();
    }
}

/// Classifies every ply of `moves` played from `start` and rules on them as one cycle (the plies
/// between the first and the last occurrence of the repeated position). Illegal moves end the
/// list early.
pub fn rule_cycle(start: &Position, moves: &[Move], params: &Params) -> CycleRuling {
    let mut pos = start.clone();
    let mut ids = Identities::new(start);
    let mut plies = Vec::with_capacity(moves.len());
    for &m in moves {
        if !pos.is_legal(m) {
            break;
        }
        let side = pos.turn();
        let prev = plies.last().map(|p: &PlyJudgment| p.mv);
        let class = classify_in_game(&pos, m, params, prev);
        ids.play(m);
        let mut target_ids = Vec::new();
        let mut target_squares = Vec::new();
        if let Class::Chase { targets, .. } = class {
            for sq in targets {
                target_squares.push(sq);
                if let Some(id) = ids.at(sq) {
                    target_ids.push(id);
                }
            }
        }
        pos.play_unchecked(m);
        plies.push(PlyJudgment {
            mv: m,
            side,
            class,
            target_ids,
            target_squares,
        });
    }
    rule_judged(plies, params)
}

/// The shortest period of the move sequence (the cycle may span several repetitions of it).
pub fn period(moves: &[Move]) -> usize {
    let n = moves.len();
    (1..=n)
        .find(|&p| {
            n.is_multiple_of(p) && p.is_multiple_of(2) && (p..n).all(|i| moves[i] == moves[i - p])
        })
        .unwrap_or(n)
}

/// Rules on already classified plies (see [`rule_cycle`]).
///
/// Reading R05 (READINGS.md).
pub fn rule_judged(plies: Vec<PlyJudgment>, params: &Params) -> CycleRuling {
    let moves: Vec<Move> = plies.iter().map(|p| p.mv).collect();
    let p = period(&moves);
    let mut red = side_label(&plies, Color::Red, p, params.perpetual_chase_same_piece);
    let mut black = side_label(&plies, Color::Black, p, params.perpetual_chase_same_piece);
    // The joint chaser answers a perpetual chase; its other plies may be forcing too (杀): "红方
    // 长捉无根子，黑方一联合捉子一杀。红方变着，不变作负" (参考图34).
    let answers = |joint: &SideLabel, other: &SideLabel| {
        joint.joint
            && !other.joint
            && other.all_chase
            && joint.all_forcing
            && !joint.perpetual_check
    };
    if params.joint_chase_is_counter
        && (answers(&red, &black) || answers(&black, &red))
        && red.standing == Standing::Forbidden
        && black.standing == Standing::Forbidden
        && red.joint != black.joint
    {
        let side = if red.joint { &mut red } else { &mut black };
        side.standing = Standing::Allowed;
        side.words = format!("{}（联合捉反击）", side.words);
    }
    let (verdict, reason) = verdict(&red, &black);
    CycleRuling {
        plies,
        red,
        black,
        verdict,
        reason,
    }
}

fn chinese_count(n: usize) -> &'static str {
    match n {
        1 => "一",
        2 => "二",
        3 => "三",
        4 => "四",
        _ => "数",
    }
}

/// The label of `side`'s plies of a cycle whose moves repeat with period `period` (the words count
/// one period; the same-piece test looks at every ply).
///
/// Reading R03, Reading R04, Reading R26, Reading R27 (READINGS.md).
pub fn side_label(
    plies: &[PlyJudgment],
    side: Color,
    period: usize,
    same_piece: bool,
) -> SideLabel {
    let all_own: Vec<&PlyJudgment> = plies.iter().filter(|p| p.side == side).collect();
    let period = period.clamp(1, plies.len().max(1)).min(plies.len());
    let own: Vec<&PlyJudgment> = plies[..period].iter().filter(|p| p.side == side).collect();
    let n = own.len();
    let joint = own
        .iter()
        .any(|p| matches!(p.class, Class::Chase { joint: true, .. }));
    let checks = own.iter().filter(|p| p.class == Class::Check).count();
    let mates = own.iter().filter(|p| p.class == Class::MateThreat).count();
    let chases: Vec<&&PlyJudgment> = own
        .iter()
        .filter(|p| matches!(p.class, Class::Chase { .. }))
        .collect();
    let idles: Vec<IdleKind> = own
        .iter()
        .filter_map(|p| match p.class {
            Class::Idle(k) => Some(k),
            _ => None,
        })
        .collect();
    // The same piece chased by every chasing ply (decisions.md 3), when required.
    let all_chases: Vec<&&PlyJudgment> = all_own
        .iter()
        .filter(|p| matches!(p.class, Class::Chase { .. }))
        .collect();
    let common = if same_piece && all_chases.len() >= 2 {
        let mut set: Vec<u8> = all_chases[0].target_ids.clone();
        for c in &all_chases[1..] {
            set.retain(|id| c.target_ids.contains(id));
        }
        !set.is_empty()
    } else {
        true
    };
    let via_check_all = chases.iter().all(|p| {
        matches!(
            p.class,
            Class::Chase {
                via_check: true,
                ..
            }
        )
    });
    let via_check_some = chases.iter().filter(|p| {
        matches!(
            p.class,
            Class::Chase {
                via_check: true,
                ..
            }
        )
    });
    let n_drawcheck = via_check_some.count();
    let n_chase_plain = chases.len() - n_drawcheck;

    if n == 0 {
        return SideLabel {
            words: "闲".into(),
            standing: Standing::Allowed,
            perpetual_check: false,
            all_forcing: false,
            all_chase: false,
            joint,
        };
    }
    if idles.len() == n {
        let first = idles[0];
        let same = idles.iter().all(|k| *k == first);
        let words = match (same, first) {
            (true, IdleKind::Exchange) => "长兑",
            (true, IdleKind::Offer) => "长献",
            (true, IdleKind::Block) => "长拦",
            (true, IdleKind::Follow) => "长跟",
            (true, IdleKind::PawnAttack) => "兵卒长捉",
            (true, IdleKind::KingAttack) => "将帅长捉",
            _ => "闲",
        };
        return SideLabel {
            words: words.into(),
            standing: Standing::Allowed,
            perpetual_check: false,
            all_forcing: false,
            all_chase: false,
            joint,
        };
    }
    if checks == n {
        return SideLabel {
            words: "长将".into(),
            standing: Standing::Forbidden,
            perpetual_check: true,
            all_forcing: true,
            all_chase: chases.len() == n,
            joint,
        };
    }
    if mates == n {
        return SideLabel {
            words: "长杀".into(),
            standing: Standing::Forbidden,
            perpetual_check: false,
            all_forcing: true,
            all_chase: chases.len() == n,
            joint,
        };
    }
    if chases.len() == n {
        if !common {
            return SideLabel {
                words: "捉不同子".into(),
                standing: Standing::Allowed,
                perpetual_check: false,
                all_forcing: true,
                all_chase: true,
                joint,
            };
        }
        let words = if via_check_all {
            "长要抽吃子"
        } else {
            "长捉"
        };
        let words = if n_drawcheck > 0 && n_chase_plain > 0 {
            "一捉一要抽吃子"
        } else {
            words
        };
        return SideLabel {
            words: words.into(),
            standing: Standing::Forbidden,
            perpetual_check: false,
            all_forcing: true,
            all_chase: chases.len() == n,
            joint,
        };
    }
    // Mixed.
    let mut words = String::new();
    let mut kinds = 0;
    for (count, w) in [
        (checks, "将"),
        (mates, "杀"),
        (n_chase_plain, "捉"),
        (n_drawcheck, "要抽吃子"),
    ] {
        if count > 0 {
            words.push_str(chinese_count(count));
            words.push_str(w);
            kinds += 1;
        }
    }
    let _ = kinds;
    if !idles.is_empty() {
        words.push_str(chinese_count(idles.len()));
        words.push('闲');
        return SideLabel {
            words,
            standing: Standing::Allowed,
            perpetual_check: false,
            all_forcing: false,
            all_chase: false,
            joint,
        };
    }
    if !common {
        // The chasing plies hit different pieces: not a perpetual chase.
        words.push_str("（捉不同子）");
        let forbidden = checks > 0 && mates > 0;
        return SideLabel {
            words,
            standing: if forbidden {
                Standing::Forbidden
            } else {
                Standing::Allowed
            },
            perpetual_check: false,
            all_forcing: true,
            all_chase: chases.len() == n,
            joint,
        };
    }
    SideLabel {
        words,
        standing: Standing::Forbidden,
        perpetual_check: false,
        all_forcing: true,
        all_chase: chases.len() == n,
        joint,
    }
}

/// The verdict table (棋例总纲): unilateral 长将 is never allowed; both allowed → draw; both
/// forbidden (neither being the only 长将) → draw; one forbidden → it must vary.
///
/// Reading R27 (READINGS.md).
pub fn verdict(red: &SideLabel, black: &SideLabel) -> (Verdict, String) {
    let name = |c: Color| if c == Color::Red { "红方" } else { "黑方" };
    let must = |c: Color| {
        if c == Color::Red {
            Verdict::RedMustVary
        } else {
            Verdict::BlackMustVary
        }
    };
    let pair = format!("红方{}，黑方{}", red.words, black.words);
    match (red.perpetual_check, black.perpetual_check) {
        (true, false) => {
            return (
                must(Color::Red),
                format!(
                    "{pair}：在任何情况下均不允许单方面长将，{}变着，不变作负",
                    name(Color::Red)
                ),
            );
        }
        (false, true) => {
            return (
                must(Color::Black),
                format!(
                    "{pair}：在任何情况下均不允许单方面长将，{}变着，不变作负",
                    name(Color::Black)
                ),
            );
        }
        (true, true) => {
            return (
                Verdict::Draw,
                format!("{pair}：双方长将（二将二还将），双方不变作和"),
            );
        }
        _ => {}
    }
    match (red.standing, black.standing) {
        (Standing::Allowed, Standing::Allowed) => (
            Verdict::Draw,
            format!("{pair}：双方均为允许着法，双方不变作和"),
        ),
        (Standing::Forbidden, Standing::Forbidden) => (
            Verdict::Draw,
            format!("{pair}：双方均为禁止着法（长打对长打），双方不变作和"),
        ),
        (Standing::Forbidden, Standing::Allowed) => (
            must(Color::Red),
            format!(
                "{pair}：一方禁止着法、一方允许着法（{}），{}变着，不变作负",
                clause(red, black),
                name(Color::Red)
            ),
        ),
        (Standing::Allowed, Standing::Forbidden) => (
            must(Color::Black),
            format!(
                "{pair}：一方禁止着法、一方允许着法（{}），{}变着，不变作负",
                clause(black, red),
                name(Color::Black)
            ),
        ),
    }
}

/// The name of the situation from the forbidden side's point of view.
fn clause(forbidden: &SideLabel, allowed: &SideLabel) -> &'static str {
    if allowed.words.contains('闲') && allowed.words != "闲" && allowed.words.starts_with('一') {
        // the other side also attacks, but once: 二打对一打
        "二打对一打"
    } else if forbidden.all_forcing {
        "长打对非长打"
    } else {
        "禁止着法"
    }
}

/// Whether a piece kind may be the subject of 兵卒长捉 / 将帅长捉.
///
/// Reading R26 (READINGS.md).
pub fn is_free_chaser(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::King | PieceKind::Pawn)
}
