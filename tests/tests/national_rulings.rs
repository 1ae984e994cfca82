//! The rulings on the 7,000 national games (`../shared/data/games/ccpd-national`) under every
//! edition (issue 32):
//!
//! - one ruling per repetition: a game's outcome names the side of its last ruling (the last
//!   repetition's, or the nine-move run's when that came later) — a win for the other side, or,
//!   while the game goes on, the reason `…-must-vary` of the same side; a draw by repetition
//!   only after a drawn repetition;
//! - cn-2020's nine-move rule counts only runs whose moves recur (循环重复): no run of nine
//!   different moves is ruled; game 2356's attack (nine different checks) is not, game 114's
//!   cycle (马3退4/马4进3, 炮1进1/炮1退1 around a moving king) is.
//!
//! Without `../shared` the test prints a `NOTICE … skipping` line (and fails when
//! `XQ_REQUIRE_SHARED=1`).

use std::collections::BTreeSet;

use xiangqi::adjudication::GameRecord;
use xiangqi::board::Color;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, JudgeOptions, Outcome, Ruleset, Ruling, Verdict};
use xiangqi_conformance::shared::shared_dir;

fn national() -> Option<Vec<Vec<Move>>> {
    let dir = shared_dir("rulings on the national games")?;
    let games =
        std::fs::read_to_string(dir.join("data/games/ccpd-national/ccpd_national.iccs.tsv"))
            .expect("national games");
    Some(
        games
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                l.rsplit('\t')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .filter_map(Move::from_iccs)
                    .collect()
            })
            .collect(),
    )
}

fn judge(arbiter: &Arbiter, moves: &[Move]) -> Ruling {
    let record = GameRecord::new(Position::start(), moves.to_vec()).expect("legal game");
    arbiter.judge(&record, JudgeOptions::default())
}

/// Whether the outcome agrees with the last ruling (`None` when it does).
fn disagreement(r: &Ruling) -> Option<String> {
    let last = r.last_ruling()?;
    let ok = match (r.outcome, last.verdict) {
        (Outcome::Ongoing, v) => !r.reason.ends_with("-must-vary") || r.reason == v.as_str(),
        (Outcome::Draw, v) => r.reason != "repetition" || v == Verdict::Draw,
        (Outcome::Win(_), _) if r.reason == "checkmate" || r.reason == "stalemate" => true,
        (Outcome::Win(w), v) => v == Verdict::MustVary(!w),
    };
    (!ok).then(|| {
        format!(
            "{} ({}) but the last ruling, plies {}–{}, is {}",
            r.outcome.as_str(),
            r.reason,
            last.first_ply,
            last.last_ply,
            last.verdict.as_str()
        )
    })
}

#[test]
fn the_outcome_names_the_side_of_the_last_ruling_under_every_edition() {
    let Some(games) = national() else {
        return;
    };
    assert_eq!(games.len(), 7000);
    for id in ["cn-1987", "cn-2020", "axf", "computer-2007"] {
        let arbiter = Arbiter::new(Ruleset::load(id).unwrap()).unwrap();
        let bad: Vec<String> = games
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                disagreement(&judge(&arbiter, g)).map(|d| format!("game {}: {d}", i + 1))
            })
            .collect();
        assert!(bad.is_empty(), "{id}: {bad:#?}");
    }
}

#[test]
fn cn2020_rules_only_recurring_nine_move_runs() {
    let Some(games) = national() else {
        return;
    };
    let arbiter = Arbiter::new(Ruleset::load("cn-2020").unwrap()).unwrap();
    let mut ruled = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let Some(run) = judge(&arbiter, g).run else {
            continue;
        };
        // The ruled side's nine moves: plies last, last − 2, …
        let moves: BTreeSet<Move> = (0..9).map(|k| g[run.last_ply - 1 - 2 * k]).collect();
        assert!(
            moves.len() < 9,
            "game {}: a run of nine different moves ruled (plies {}–{})",
            i + 1,
            run.first_ply,
            run.last_ply
        );
        ruled.push(i + 1);
    }
    // Game 2356: Black's nine checks with two horses and a cannon, nine different moves.
    assert!(!ruled.contains(&2356));
    // Game 114: the horse and the cannon go round a cycle while the red king moves.
    let r = judge(&arbiter, &games[113]);
    let run = r.run.expect("game 114's cycle is ruled");
    assert_eq!(run.verdict, Verdict::MustVary(Color::Black));
    assert_eq!((run.first_ply, run.last_ply), (59, 76));
    assert!(run.explanation.contains("循环重复"));
    // Under `nine_move_run = "any"` (the reading before issue 32) 2356 is ruled.
    let text = Ruleset::builtin("cn-2020")
        .unwrap()
        .unwrap()
        .text()
        .replace("nine_move_run = \"recurring\"", "nine_move_run = \"any\"");
    let any = Arbiter::new(Ruleset::from_toml(&text, "any.toml").unwrap()).unwrap();
    assert!(judge(&any, &games[2355]).run.is_some());
    // 44: game 2349's run (plies 86–103) is no longer ruled since 马二进四 (ply 99) is 闲 — the
    // advisor e8 is rooted by Black's checks (抽将根, cn-1987 reading R29).
    assert!(!ruled.contains(&2349));
    assert_eq!(ruled.len(), 44, "{ruled:?}");
}
