//! CN-2020 conformance: the 80 rule-book diagrams (they are the 2020 book's 图2–图30 and
//! 参考图1–50) ruled as the book rules them; a constructed case for each 2020 clause that differs
//! from the 1987 reading (24.3 要抽吃子 folded into 捉, 26.9.2/26.9.3 the joint-chase ranking,
//! the nine-move rule); and the cn-1987 options a successor switches.

use xiangqi::adjudication::{GameRecord, Replay};
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, ClassKind, IdleKind, JudgeOptions, PlyClass, Ruleset};
use xiangqi_conformance::cases::{self, Case};

fn short(c: &PlyClass) -> &'static str {
    match c.kind {
        ClassKind::Check => "将",
        ClassKind::MateThreat => "杀",
        ClassKind::Chase => "捉",
        ClassKind::Idle if c.idle_kind == IdleKind::Exchange => "兑",
        ClassKind::Idle => "闲",
    }
}

fn arbiter(id: &str) -> Arbiter {
    Arbiter::new(Ruleset::load(id).expect("ruleset")).expect("edition")
}

/// (labels of every ply, verdict, red words, black words) at the last ply.
fn rule(arbiter: &Arbiter, case: &Case) -> (Vec<&'static str>, String, String, String) {
    let rec = case.record();
    let replay = Replay::new(&rec, 0, rec.len());
    let labels = arbiter.classify(&replay).iter().map(short).collect();
    match arbiter.rule_last_ply(&rec) {
        Some((r, _)) => (labels, r.verdict.as_str().to_string(), r.red, r.black),
        None => (labels, "none".into(), String::new(), String::new()),
    }
}

fn case(file: &str, id: &str) -> Case {
    cases::load(file)
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("case {id} in {file}"))
}

#[test]
fn rule_book_diagrams_under_cn2020() {
    let cn = arbiter("cn-2020");
    let mut failures = Vec::new();
    let mut n = 0;
    for case in cases::load("cn-rulebook-cases.toml") {
        // The book's verdicts are recorded under the key of the edition that first passed them.
        let Some(expected) = case.expect.get("cn-1987") else {
            continue;
        };
        n += 1;
        let (labels, verdict, red, black) = rule(&cn, &case);
        let labels_ok = case.labels.as_ref().is_none_or(|l| {
            l.split_whitespace()
                .enumerate()
                .all(|(i, x)| x == "?" || labels.get(i) == Some(&x))
        });
        if &verdict != expected || !labels_ok {
            failures.push(format!(
                "{}: {verdict} [{}] (book: {expected} [{}]) red {red} black {black}",
                case.id,
                labels.join(" "),
                case.labels.as_deref().unwrap_or("")
            ));
        }
    }
    assert_eq!(n, 80, "the 80 diagrams");
    assert!(
        failures.is_empty(),
        "{} of 80 differ from the book under cn-2020:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// 24.3: 要抽吃子 is 捉. The same cycles the 1987 reading labels 长要抽吃子, 一将一要抽吃子 and
/// 一捉一要抽吃子 are 长捉, 一将一捉 and 长捉 under cn-2020, with the same verdicts.
#[test]
fn winning_by_checks_is_a_chase_in_2020() {
    let (c87, c20) = (arbiter("cn-1987"), arbiter("cn-2020"));
    for (id, side_1987, side_2020, verdict) in [
        (
            "cat-long-discovered-capture",
            "长要抽吃子",
            "长捉",
            "red-must-vary",
        ),
        (
            "cat-check-discovered-capture",
            "一将一要抽吃子",
            "一将一捉",
            "black-must-vary",
        ),
        (
            "cat-chase-discovered-capture",
            "一捉一要抽吃子",
            "长捉",
            "red-must-vary",
        ),
    ] {
        let c = case("cn1987-constructed.toml", id);
        let (_, v87, r87, b87) = rule(&c87, &c);
        let (_, v20, r20, b20) = rule(&c20, &c);
        assert_eq!((v87.as_str(), v20.as_str()), (verdict, verdict), "{id}");
        let (w87, w20) = if verdict == "red-must-vary" {
            (r87, r20)
        } else {
            (b87, b20)
        };
        assert_eq!((w87.as_str(), w20.as_str()), (side_1987, side_2020), "{id}");
    }
}

/// 26.9.2 / 26.9.3: both sides forbidden, one 长捉 (a rook, or an unprotected piece), the other
/// chasing jointly: the single chaser must vary (图25–图28, ruled so by the book).
#[test]
fn joint_chase_ranking_when_both_are_forbidden() {
    let cn = arbiter("cn-2020");
    for (id, verdict) in [
        ("cxa-fig25", "black-must-vary"),
        ("cxa-fig26", "black-must-vary"),
        ("cxa-fig27", "red-must-vary"),
        ("cxa-fig28", "black-must-vary"),
    ] {
        let c = case("cn-rulebook-cases.toml", id);
        let (_, v, red, black) = rule(&cn, &c);
        assert_eq!(v, verdict, "{id}: red {red} black {black}");
        let (single, joint) = if verdict == "red-must-vary" {
            (red, black)
        } else {
            (black, red)
        };
        assert_eq!(single, "长捉", "{id}");
        assert!(joint.contains("联合捉反击"), "{id}: {joint}");
    }
    // Without the ranking (the option off) both sides are forbidden: a draw.
    let text = Ruleset::load("cn-2020").unwrap().text().to_string();
    let off = Ruleset::from_toml(
        &text.replace("[options]\n", "[options]\njoint_chase_is_counter = false\n"),
        "off.toml",
    )
    .unwrap();
    let off = Arbiter::new(off).unwrap();
    let (_, v, _, _) = rule(&off, &case("cn-rulebook-cases.toml", "cxa-fig25"));
    assert_eq!(v, "draw");
}

/// The nine-move rule: Red's rook checks nine moves in a row from three points or more while
/// no position occurs a third time. Nine *different* checks (the rook following the king once
/// round the palace) are an attack that goes somewhere: ruled only under
/// `nine_move_run = "any"`. Once the king starts a second round the rook's moves recur
/// (循环重复, 24.13: d8e8 again): Red must vary under cn-2020 at that ninth check; cn-1987 has
/// no such rule.
#[test]
fn nine_attacking_moves_on_three_points() {
    // The black king walks round the palace (d9 d8 d7 e7 f7 f8 f9 e9 d9 d8 d7 e7); the red
    // rook checks it along the rank or the file it must leave by. The red advisor e1 stops
    // the flying general.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1").expect("fen");
    let once = "a0a9 d9d8 a9a8 d8d7 a8d8 d7e7 d8e8 e7f7 e8e7 f7f8 e7e8 f8f9 e8f8 f9e9 f8e8 \
                e9d9 e8e9 d9d8 e9e8";
    let record = |line: &str| {
        let moves: Vec<Move> = line
            .split_whitespace()
            .map(|m| Move::from_iccs(m).expect("iccs"))
            .collect();
        GameRecord::new(start.clone(), moves).expect("legal")
    };
    let different = record(once);
    assert!(different.repetitions(3).is_empty(), "no position thrice");
    let r20 = arbiter("cn-2020").judge(&different, JudgeOptions::default());
    assert_eq!(r20.reason, "none", "{:?}", r20.explanation);
    assert!(r20.run.is_none());
    let text = Ruleset::load("cn-2020").unwrap().text().to_string();
    let any = Ruleset::from_toml(
        &text.replace("nine_move_run = \"recurring\"", "nine_move_run = \"any\""),
        "any.toml",
    )
    .unwrap();
    let r_any = Arbiter::new(any)
        .unwrap()
        .judge(&different, JudgeOptions::default());
    assert_eq!(r_any.reason, "red-must-vary", "{:?}", r_any.explanation);
    // A second round: the rook's d8e8 recurs.
    let recurring = record(&format!("{once} d8d7 e8d8 d7e7 d8e8"));
    assert!(recurring.repetitions(3).is_empty(), "no position thrice");
    let r20 = arbiter("cn-2020").judge(&recurring, JudgeOptions::default());
    assert_eq!(r20.reason, "red-must-vary", "{:?}", r20.explanation);
    let run = r20.run.as_ref().expect("the run's ruling");
    assert_eq!((run.first_ply, run.last_ply), (6, 23));
    assert!(
        r20.explanation
            .iter()
            .any(|e| e.contains("连续以禁止着法达九个回合") && e.contains("循环重复")),
        "{:?}",
        r20.explanation
    );
    let r87 = arbiter("cn-1987").judge(&recurring, JudgeOptions::default());
    assert_eq!(r87.reason, "none", "{:?}", r87.explanation);
}

/// The cn-1987 option `king_pawn_chase_idle = false` counts a pawn's own chase: the 1987
/// reading (兵卒长捉 allowed, a draw) becomes 长捉; the idle class keeps its target either way.
#[test]
fn a_pawns_chase_counted_by_option_and_kept_as_target_when_idle() {
    let c = case("cn1987-constructed.toml", "cat-pawn-chase");
    let cn = arbiter("cn-1987");
    let (_, v, red, _) = rule(&cn, &c);
    assert_eq!((v.as_str(), red.as_str()), ("draw", "兵卒长捉"));
    let rec = c.record();
    let replay = Replay::new(&rec, 0, rec.len());
    let first = cn.classify(&replay).remove(0);
    assert_eq!(first.idle_kind, IdleKind::PawnChase);
    assert_eq!(
        first
            .targets
            .iter()
            .map(|t| t.square.to_string())
            .collect::<Vec<_>>(),
        ["e6"],
        "the idle pawn chase keeps the cannon it attacks"
    );
    let text = Ruleset::load("cn-1987").unwrap().text().to_string();
    let counted = Ruleset::from_toml(
        &format!("{text}\n[options]\nking_pawn_chase_idle = false\n"),
        "counted.toml",
    )
    .unwrap();
    let counted = Arbiter::new(counted).unwrap();
    let (labels, v, red, _) = rule(&counted, &c);
    assert_eq!(labels[0], "捉");
    assert_eq!((v.as_str(), red.as_str()), ("red-must-vary", "长捉"));
}

/// 26.1.4: a 捉 made by a reply to check with a piece other than the king is 闲 when it existed
/// before the reply, 捉 when it did not (the constructed cases of `cn2020-constructed.toml`); the
/// 1987 reading (R22, 自毙: the checking piece put back) rules the first 捉. A 杀 made by such a
/// reply is 闲 when the same mate stood before the check. 26.5: an even complete exchange in the
/// structure 做根子捉子 is 捉, one that loses is 闲.
#[test]
fn a_chase_made_by_a_reply_to_check_counts_only_if_new() {
    let (c87, c20) = (arbiter("cn-1987"), arbiter("cn-2020"));
    let all = cases::load("cn2020-constructed.toml");
    let mut n = 0;
    for c in all
        .iter()
        .filter(|c| c.id.starts_with("c2020-26-1-4") || c.id.starts_with("c2020-26-5"))
    {
        n += 1;
        let (labels, v20, r20, _) = rule(&c20, c);
        let want: Vec<&str> = c.labels.as_deref().unwrap().split_whitespace().collect();
        assert_eq!(labels[..want.len()], want[..], "{}: cn-2020 labels", c.id);
        assert_eq!(Some(&v20), c.expect.get("cn-2020"), "{}", c.id);
        let (_, v87, r87, b87) = rule(&c87, c);
        assert_eq!(Some(&v87), c.expect.get("cn-1987"), "{}", c.id);
        assert_eq!(Some(&r87), c.cn1987_red.as_ref(), "{}: cn-1987 red", c.id);
        assert_eq!(
            Some(&b87),
            c.cn1987_black.as_ref(),
            "{}: cn-1987 black",
            c.id
        );
        if c.id.starts_with("c2020-26-5") {
            if c.id.ends_with("root-even-exchange") {
                assert_eq!(r20, "一捉一闲", "{}: cn-2020 red", c.id);
                // The option off, cn-2020 reads the even exchange as 1987 does: no net gain, 闲.
                let text = Ruleset::load("cn-2020").unwrap().text().to_string();
                let off = Ruleset::from_toml(
                    &text.replace("[options]\n", "[options]\neven_exchange_chase = false\n"),
                    "off.toml",
                )
                .unwrap();
                let (labels, _, red, _) = rule(&Arbiter::new(off).unwrap(), c);
                assert_eq!((labels[0], red.as_str()), ("闲", "闲"), "{}", c.id);
                // The explain line shows the even exchange: 马×炮, 车×马.
                let rec = c.record_composed();
                let mut r = c20.judge(&rec, JudgeOptions { classify_all: true });
                c20.explain(&rec, &mut r);
                let line = &r.plies[0].lines[0];
                assert_eq!(line.moves, ["e4g5", "c8c3"], "{line:?}");
                assert!(
                    line.note
                        .as_deref()
                        .is_some_and(|n| n.contains("做根子捉子")),
                    "{line:?}"
                );
            } else {
                assert_eq!(r20, "闲", "{}: cn-2020 red", c.id);
            }
            continue;
        }
        if c.id.ends_with("mate-existed-before-check") {
            assert_eq!(r20, "闲", "{}: cn-2020 red", c.id);
            // The option off, cn-2020 reads the reply as 1987 does.
            let text = Ruleset::load("cn-2020").unwrap().text().to_string();
            let off = Ruleset::from_toml(
                &text.replace(
                    "[options]\n",
                    "[options]\nmate_existed_before_reply = false\n",
                ),
                "off.toml",
            )
            .unwrap();
            let (labels, _, red, _) = rule(&Arbiter::new(off).unwrap(), c);
            assert_eq!((labels[1], red.as_str()), ("杀", "一杀一闲"), "{}", c.id);
        } else if c.id.ends_with("existed-before-reply") {
            assert_eq!(r20, "闲", "{}: cn-2020 red", c.id);
            // The option off, cn-2020 reads the reply as 1987 does.
            let text = Ruleset::load("cn-2020").unwrap().text().to_string();
            let off = Ruleset::from_toml(
                &text.replace(
                    "[options]\n",
                    "[options]\nchase_existed_before_reply = false\n",
                ),
                "off.toml",
            )
            .unwrap();
            let (labels, _, red, _) = rule(&Arbiter::new(off).unwrap(), c);
            assert_eq!((labels[1], red.as_str()), ("捉", "一捉一闲"), "{}", c.id);
        } else {
            assert_eq!(r20, "一捉一闲", "{}: cn-2020 red", c.id);
        }
    }
    assert_eq!(n, 5, "the three 26.1.4 cases and the two 26.5 cases");
}
