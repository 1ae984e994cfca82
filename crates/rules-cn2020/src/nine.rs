//! The nine-move rule of the 2020 rules: "在三个或三个以上点上，连续以禁止着法达九个回合" — a side
//! that attacks with forbidden moves for nine moves in a row, on three or more points, must vary
//! even though no position repeats.

use xiangqi_adjudication::GameRecord;
use xiangqi_board::Color;
use xiangqi_rules::{ClassKind, CycleRuling, PlyClass, RunRuling, Verdict};

/// Which runs of attacking moves the nine-move rule counts (the ruleset option
/// `nine_move_run`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NineMoveRun {
    /// Only a run whose moves recur (循环重复, 24.13's 禁止着法): at least one move of the run —
    /// the same piece from the same point to the same point — is played again within it, so
    /// that a piece goes round a cycle even when the defender's king moves and no whole
    /// position repeats. Nine different moves — an attack that goes somewhere — are not such a
    /// run (default).
    #[default]
    Recurring,
    /// Any nine attacking moves in a row (the reading before issue 32: no cycle condition).
    Any,
    /// The rule is not applied (a federation that reads the clause as advice).
    Off,
}

impl NineMoveRun {
    /// The option's value as written in a ruleset file.
    pub fn as_str(self) -> &'static str {
        match self {
            NineMoveRun::Recurring => "recurring",
            NineMoveRun::Any => "any",
            NineMoveRun::Off => "off",
        }
    }
}

/// The bounds of the nine-move rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NineMoveRule {
    /// Consecutive forbidden moves of one side (九个回合): 9.
    pub moves: usize,
    /// Distinct points its moves land on, at least (三个或三个以上点): 3.
    pub points: usize,
    /// Which runs count: recurring moves only (循环重复), or any.
    pub run: NineMoveRun,
}

impl Default for NineMoveRule {
    fn default() -> NineMoveRule {
        NineMoveRule {
            moves: 9,
            points: 3,
            run: NineMoveRun::Recurring,
        }
    }
}

/// Whether a ply attacks in the sense of 24.13 (禁止着法 are made of 将, 杀 and 捉 in any mix:
/// 长将, 长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉).
fn attacks(class: &PlyClass) -> bool {
    matches!(
        class.kind,
        ClassKind::Check | ClassKind::MateThreat | ClassKind::Chase
    )
}

/// The first ply at which one side has played `rule.moves` attacking moves in a row (each a 将,
/// 杀 or 捉 by `classify`) landing on at least `rule.points` points, with no capture by either
/// side among them and the replies between them (24.9: a run of checks counts from the move
/// after a capture, so a capturing check does not begin one), while the other side's moves of
/// the same stretch are not such a run themselves (both forbidden: no ruling, cppxq
/// `adjudicate`). That side must vary.
pub fn nine_move_rule(
    record: &GameRecord,
    classify: &mut dyn FnMut(usize) -> PlyClass,
    rule: NineMoveRule,
) -> Option<RunRuling> {
    let span = 2 * rule.moves;
    if rule.moves == 0 || rule.run == NineMoveRun::Off || record.len() < span {
        return None;
    }
    // `quiet_since[p]`: the first ply of the capture-free stretch that ends at ply p.
    let mut quiet_since = vec![1usize; record.len() + 1];
    for p in 1..=record.len() {
        quiet_since[p] = if record.captured(p).is_some() {
            p + 1
        } else if p > 1 {
            quiet_since[p - 1]
        } else {
            1
        };
    }
    // Plies known not to attack (so that no window holding one is tested again).
    let mut idle = vec![false; record.len() + 1];
    let forcing = |p: usize, classify: &mut dyn FnMut(usize) -> PlyClass, idle: &mut [bool]| {
        let f = record.gives_check(p) || attacks(&classify(p));
        if !f {
            idle[p] = true;
        }
        f
    };
    // On enough points and, under `Recurring`, every move played at least twice: facts of the
    // moves alone, tested before any ply is classified (the cost of the rule).
    // (Without allocating: the test runs on every window of every game.)
    let shape = |last: usize| {
        let ply = |i: usize| last - 2 * i;
        let points = (0..rule.moves)
            .fold(0u128, |b, i| b | 1u128 << record.mv(ply(i)).to.index())
            .count_ones() as usize;
        points >= rule.points
            && match rule.run {
                NineMoveRun::Any | NineMoveRun::Off => true,
                NineMoveRun::Recurring => (0..rule.moves)
                    .any(|i| (i + 1..rule.moves).any(|j| record.mv(ply(i)) == record.mv(ply(j)))),
            }
    };
    // Plies of the threefold repetitions: the arbiter classifies them for the cycles' rulings
    // anyway (one memo serves both), so testing them first costs nothing more.
    let mut in_cycle = vec![false; record.len() + 1];
    for c in record.repetitions(3) {
        for p in c.plies() {
            in_cycle[p] = true;
        }
    }
    // The order in which a window's plies are classified (the answer does not depend on it,
    // only the cost): the plies of a repetition first (see above); then the plies whose move
    // recurs in the window — in quiet play the shuffled move (车一平二 … 车二平一 … 车一平二) is
    // most often idle, and it breaks every window that recurs only by it; then the others,
    // newest first (a non-attacking newest ply skips the most windows).
    let order = |last: usize| {
        let plies: Vec<usize> = (0..rule.moves).map(|i| last - 2 * i).collect();
        let recurs = |p: usize| {
            plies
                .iter()
                .filter(|&&q| record.mv(q) == record.mv(p))
                .count()
                > 1
        };
        let mut ranked = plies.clone();
        ranked.sort_by_key(|&p| (!in_cycle[p], !recurs(p), std::cmp::Reverse(p)));
        ranked
    };
    let mut found: Option<usize> = None;
    for parity in 0..2 {
        let mut last = span + parity;
        while last <= record.len() && found.is_none_or(|f| last < f) {
            let first = last + 1 - span;
            if quiet_since[last] > first {
                // The first window of this parity after the capture.
                let mut next = quiet_since[last] + span - 1;
                if next % 2 != last % 2 {
                    next += 1;
                }
                last = next.max(last + 2);
                continue;
            }
            if !shape(last) {
                last += 2;
                continue;
            }
            // Every window that holds a ply known not to attack is skipped.
            let newest_idle =
                |idle: &[bool]| (0..rule.moves).map(|i| last - 2 * i).find(|&p| idle[p]);
            if newest_idle(&idle).is_none() {
                for p in order(last) {
                    if !forcing(p, classify, &mut idle) {
                        break;
                    }
                }
            }
            if let Some(p) = newest_idle(&idle) {
                last = p + span;
                continue;
            }
            // The other side's moves of the stretch being such a run too: no ruling.
            let other_runs = shape(last - 1)
                && (0..rule.moves)
                    .map(|i| last - 1 - 2 * i)
                    .all(|p| forcing(p, classify, &mut idle));
            if !other_runs {
                found = Some(last);
                break;
            }
            last += 2;
        }
    }
    let last = found?;
    let first = last + 1 - span;
    let side = record.mover(last);
    let words = format!("连续{}着禁止着法（{}个以上点）", rule.moves, rule.points);
    let (red, black) = match side {
        Color::Red => (words, "—".to_string()),
        Color::Black => ("—".to_string(), words),
    };
    Some(RunRuling {
        first_ply: first,
        last_ply: last,
        ruling: CycleRuling {
            verdict: Verdict::MustVary(side),
            red,
            black,
            reason: "nine-move-rule".into(),
            explanation: format!(
                "2020 rules: {} attacked with forbidden moves (将, 杀, 捉) for {} moves in a row on \
                     {} or more points (在三个或三个以上点上，连续以禁止着法达九个回合){} and must vary; \
                     the run: plies {first}–{last}, {}",
                match side {
                    Color::Red => "Red",
                    Color::Black => "Black",
                },
                rule.moves,
                rule.points,
                match rule.run {
                    NineMoveRun::Recurring => ", its moves recurring (循环重复)",
                    NineMoveRun::Any | NineMoveRun::Off => "",
                },
                (0..rule.moves)
                    .rev()
                    .map(|i| record.mv(last - 2 * i).iccs())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_movegen::{Move, Position};
    use xiangqi_rules::IdleKind;

    fn record(fen: &str, moves: &str) -> GameRecord {
        let pos = Position::from_fen(fen).unwrap();
        let moves = moves
            .split_whitespace()
            .map(|m| Move::from_iccs(m).unwrap())
            .collect();
        GameRecord::new(pos, moves).unwrap()
    }

    /// A rook that checks from three squares in turn, the king stepping between three squares:
    /// Red's ninth check in a capture-free stretch of eighteen plies makes Red vary; eight
    /// checks, or a rule of four points, do not.
    #[test]
    fn nine_checks_on_three_points() {
        let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
        let line = "a0a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7a8 d8d9 a8a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7a8 \
                    d8d9 a8a9 d9d8 a9a8";
        let mut idle = |_: usize| PlyClass::idle(IdleKind::None, "闲");
        let full = record(fen, line);
        assert_eq!(full.len(), 19);
        let r = nine_move_rule(&full, &mut idle, NineMoveRule::default()).expect("ruled");
        assert_eq!(r.ruling.verdict, Verdict::MustVary(Color::Red));
        assert_eq!((r.first_ply, r.last_ply), (2, 19));
        assert_eq!(r.ruling.reason, "nine-move-rule");
        // Eighteen plies: the window of eighteen holds only eight of Red's checks.
        let moves: Vec<&str> = line.split_whitespace().collect();
        let short = record(fen, &moves[..18].join(" "));
        assert!(nine_move_rule(&short, &mut idle, NineMoveRule::default()).is_none());
        // The rook uses a7, a8 and a9: three points, not four.
        let four = NineMoveRule {
            points: 4,
            ..NineMoveRule::default()
        };
        assert!(nine_move_rule(&full, &mut idle, four).is_none());
        // Both sides attacking every move: both forbidden, no ruling.
        let mut all_attack = |_: usize| PlyClass::check("将");
        assert!(nine_move_rule(&full, &mut all_attack, NineMoveRule::default()).is_none());
    }

    /// 24.13: the nine-move rule counts only forbidden moves that recur (循环重复). Nine
    /// different attacking moves (here every Red move is counted as 捉 by the classifier) are
    /// an attack that goes somewhere: ruled only under the option `nine_move_run = "any"`. The
    /// same run with a move played twice (the cannon's 炮二平三 … 炮三平二 … 炮二平三) is ruled
    /// under both.
    #[test]
    fn only_recurring_runs_count() {
        let start = xiangqi_board::START_FEN;
        let mut red_chases = |p: usize| {
            if p % 2 == 1 {
                PlyClass::chase("捉", Vec::new())
            } else {
                PlyClass::idle(IdleKind::None, "闲")
            }
        };
        let any = NineMoveRule {
            run: NineMoveRun::Any,
            ..NineMoveRule::default()
        };
        let different = record(
            start,
            "a3a4 a6a5 c3c4 c6c5 e3e4 e6e5 g3g4 g6g5 i3i4 i6i5 b0c2 b9c7 h0g2 h9g7 a0a1 a9a8 \
             i0i1 i9i8 b2b1",
        );
        assert!(nine_move_rule(&different, &mut red_chases, NineMoveRule::default()).is_none());
        let r = nine_move_rule(&different, &mut red_chases, any).expect("ruled under `any`");
        assert_eq!(r.ruling.verdict, Verdict::MustVary(Color::Red));
        let recurring = record(
            start,
            "a3a4 a6a5 h2g2 c6c5 g2h2 e6e5 h2g2 g6g5 i3i4 i6i5 b0c2 b9c7 h0i2 h9g7 a0a1 a9a8 \
             i0i1 i9i8 b2b1",
        );
        let r = nine_move_rule(&recurring, &mut red_chases, NineMoveRule::default())
            .expect("a recurring run is ruled");
        assert_eq!((r.first_ply, r.last_ply), (2, 19));
        assert!(r.ruling.explanation.contains("plies 2–19"));
        assert!(r.ruling.explanation.contains("h2g2 g2h2 h2g2"));
    }
}
