//! Cycle labels (长将, 一将一捉, …) and the CN-1987 verdict table (棋例总纲), read from the classes
//! the edition gave the cycle's plies ([`CycleContext::classes`](xiangqi_rules::CycleContext)).

use xiangqi_board::Color;
use xiangqi_movegen::Move;
use xiangqi_rules::{ClassKind, IdleKind, PlyClass, Verdict};

/// One ply of a cycle: its move, its side and its class (the chased pieces' identities through
/// the cycle are in the class's targets, for the "same piece" test).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlyJudgment<'a> {
    /// The move.
    pub mv: Move,
    /// The side that played it.
    pub side: Color,
    /// Its class.
    pub class: &'a PlyClass,
}

impl PlyJudgment<'_> {
    fn is(&self, kind: ClassKind) -> bool {
        self.class.kind == kind
    }

    /// 要抽吃子: a chase whose targets are won only by checks.
    fn by_checks(&self) -> bool {
        self.is(ClassKind::Chase) && self.class.via_check
    }
}

/// Whether a side's repetition is forbidden (禁止着法) or allowed (允许着法).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Standing {
    /// 禁止着法.
    Forbidden,
    /// 允许着法.
    Allowed,
}

/// One side's label over its plies in the cycle, in the rulebook's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SideLabel {
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

/// The ruling on a cycle under CN-1987: both sides' labels, the verdict and the clause applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Judged {
    /// Red's label.
    pub red: SideLabel,
    /// Black's label.
    pub black: SideLabel,
    /// The verdict.
    pub verdict: Verdict,
    /// The clause applied, in the rulebook's words.
    pub reason: String,
}

/// The shortest period of the move sequence (the cycle may span several repetitions of it).
pub(crate) fn period(moves: &[Move]) -> usize {
    let n = moves.len();
    (1..=n)
        .find(|&p| {
            n.is_multiple_of(p) && p.is_multiple_of(2) && (p..n).all(|i| moves[i] == moves[i - p])
        })
        .unwrap_or(n)
}

/// Rules on the classified plies of a cycle (the plies between the first and the last occurrence
/// of the repeated position). `same_piece` and `joint_counter` are the options
/// [`Params::perpetual_chase_same_piece`](crate::Params::perpetual_chase_same_piece) and
/// [`Params::joint_chase_is_counter`](crate::Params::joint_chase_is_counter).
///
/// Reading R05 (READINGS.md).
pub(crate) fn rule_judged(
    plies: &[PlyJudgment<'_>],
    same_piece: bool,
    joint_counter: bool,
) -> Judged {
    let moves: Vec<Move> = plies.iter().map(|p| p.mv).collect();
    let p = period(&moves);
    let mut red = side_label(plies, Color::Red, p, same_piece);
    let mut black = side_label(plies, Color::Black, p, same_piece);
    // The joint chaser answers a perpetual chase; its other plies may be forcing too (杀): "红方
    // 长捉无根子，黑方一联合捉子一杀。红方变着，不变作负" (参考图34).
    let answers = |joint: &SideLabel, other: &SideLabel| {
        joint.joint
            && !other.joint
            && other.all_chase
            && joint.all_forcing
            && !joint.perpetual_check
    };
    if joint_counter
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
    Judged {
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
pub(crate) fn side_label(
    plies: &[PlyJudgment<'_>],
    side: Color,
    period: usize,
    same_piece: bool,
) -> SideLabel {
    let all_own: Vec<&PlyJudgment<'_>> = plies.iter().filter(|p| p.side == side).collect();
    let period = period.clamp(1, plies.len().max(1)).min(plies.len());
    let own: Vec<&PlyJudgment<'_>> = plies[..period].iter().filter(|p| p.side == side).collect();
    let n = own.len();
    let joint = own.iter().any(|p| p.is(ClassKind::Chase) && p.class.joint);
    let checks = own.iter().filter(|p| p.is(ClassKind::Check)).count();
    let mates = own.iter().filter(|p| p.is(ClassKind::MateThreat)).count();
    let chases: Vec<&&PlyJudgment<'_>> = own.iter().filter(|p| p.is(ClassKind::Chase)).collect();
    let idles: Vec<IdleKind> = own
        .iter()
        .filter(|p| p.is(ClassKind::Idle))
        .map(|p| p.class.idle_kind)
        .collect();
    // The same piece chased by every chasing ply (decisions.md 3), when required.
    let all_chases: Vec<&&PlyJudgment<'_>> =
        all_own.iter().filter(|p| p.is(ClassKind::Chase)).collect();
    let ids = |p: &PlyJudgment<'_>| p.class.targets.iter().map(|t| t.id).collect::<Vec<_>>();
    let common = if same_piece && all_chases.len() >= 2 {
        let mut set = ids(all_chases[0]);
        for c in &all_chases[1..] {
            let theirs = ids(c);
            set.retain(|id| theirs.contains(id));
        }
        !set.is_empty()
    } else {
        true
    };
    let via_check_all = chases.iter().all(|p| p.by_checks());
    let n_drawcheck = chases.iter().filter(|p| p.by_checks()).count();
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
            (true, IdleKind::PawnChase) => "兵卒长捉",
            (true, IdleKind::KingChase) => "将帅长捉",
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
pub(crate) fn verdict(red: &SideLabel, black: &SideLabel) -> (Verdict, String) {
    let name = |c: Color| if c == Color::Red { "红方" } else { "黑方" };
    let must = Verdict::MustVary;
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
