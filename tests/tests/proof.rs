//! The proof behind a chase (issue 32, item 6): for each 捉 or 杀 that rests on a search, the
//! chased side's answers to the line's first move with the refutation of each, the material won,
//! the bound the ruling rests on and what the ruleset rules one bound lower — checked on national
//! game 6538 (a fork by a discovered check, `捉 f0 / e2 / d3（让一着）：马６进８ 帅四平五 炮６进８`)
//! and on constructed positions.
//!
//! The national game needs `../shared` (a `NOTICE … skipping` line without it; a failure under
//! `XQ_REQUIRE_SHARED=1`).

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::{Move, Position};
use xiangqi::notation::{Mode, parse_move_list};
use xiangqi::rules::{Arbiter, ClassKind, JudgeOptions, Ruleset, Ruling};
use xiangqi_conformance::shared::shared_dir;

fn cn1987() -> Arbiter {
    Arbiter::new(Ruleset::load("cn-1987").unwrap()).unwrap()
}

fn explained(arbiter: &Arbiter, record: &GameRecord) -> Ruling {
    let mut r = arbiter.judge(record, JudgeOptions { classify_all: true });
    arbiter.explain(record, &mut r);
    xiangqi::judgement::render_lines(record, &mut r);
    r
}

fn national_game(n: usize) -> Option<GameRecord> {
    let dir = shared_dir("the proof of national game 6538")?;
    let games =
        std::fs::read_to_string(dir.join("data/games/ccpd-national/ccpd_national.iccs.tsv"))
            .expect("national games");
    let line = games.lines().filter(|l| !l.starts_with('#')).nth(n - 1)?;
    let moves: Vec<Move> = line
        .rsplit('\t')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(Move::from_iccs)
        .collect();
    Some(GameRecord::new(Position::start(), moves).expect("legal game"))
}

/// The lines and proofs of one ply as `xq judge --explain` prints them.
fn proof_of(r: &Ruling, ply: usize) -> String {
    let p = r.plies.iter().find(|p| p.ply == ply).unwrap();
    let mut out = String::new();
    for line in &p.lines {
        out.push_str(&xiangqi::judgement::line_text(p, line));
        out.push('\n');
        for t in xiangqi::judgement::proof_text(p, line) {
            out.push_str("  ");
            out.push_str(&t);
            out.push('\n');
        }
    }
    out
}

#[test]
fn game_6538_shows_every_answer_to_the_discovered_check() {
    let Some(rec) = national_game(6538) else {
        return;
    };
    let r = explained(&cn1987(), &rec);
    let p = &r.plies[83];
    assert_eq!(p.ply, 84);
    assert_eq!(p.class, Some(ClassKind::Chase));
    assert_eq!(p.targets, ["f0", "e2", "d3"]);
    // The fork's lines: only the pieces some answer loses (e2 is never won).
    let targets: Vec<&str> = p.lines.iter().map(|l| l.target.as_str()).collect();
    assert_eq!(targets, ["f0", "d3"]);
    let proof = p.lines[0].proof.as_ref().expect("a proof");
    let answers: Vec<&str> = proof
        .defences
        .iter()
        .map(|d| d.chinese[0].as_str())
        .collect();
    // 车六平四 interposes, the f4 screen horse moves: each answer is refuted.
    assert!(answers.contains(&"车六平四"), "{answers:?}");
    assert!(answers.contains(&"帅四平五"), "{answers:?}");
    assert!(answers.iter().any(|a| a.starts_with("马四")), "{answers:?}");
    assert!(proof.defences.iter().all(|d| d.material.net > 0));
    assert_eq!(proof.material.words, "得仕（净得 2）");
    // The ruling rests on three checks; with two the ply is idle.
    let bound = &proof.bounds[0];
    assert_eq!((bound.key, bound.value), ("gain_max_checks", 3));
    assert_eq!(bound.words, "以三步将军为限");
    let lower = bound.lower.as_ref().expect("judged one bound lower");
    assert_eq!(lower.value, 2);
    assert_eq!(lower.label.as_deref(), Some("闲"));
    insta::assert_snapshot!("game_6538_ply_84", proof_of(&r, 84));
}

#[test]
fn a_capture_shows_the_recapture_and_what_is_left() {
    // 马七进六 attacks the rook guarded by the king (R02): the horse takes, the king takes back —
    // a rook for a horse; any answer that takes nothing leaves the rook won.
    let start = Position::from_fen("4k4/4r4/9/9/9/2N6/9/9/9/3K5 w - - 0 1").unwrap();
    let moves = parse_move_list(&start, "c4d6", Mode::Strict).unwrap();
    let rec = GameRecord::new(start, moves).unwrap();
    let r = explained(&cn1987(), &rec);
    let p = &r.plies[0];
    assert_eq!(p.class, Some(ClassKind::Chase), "{p:?}");
    let proof = p.lines[0].proof.as_ref().unwrap();
    assert_eq!(proof.material.taken, ["车"]);
    let words: Vec<&str> = proof
        .defences
        .iter()
        .map(|d| d.material.words.as_str())
        .collect();
    assert!(words.contains(&"得车失马（净得 5）"), "{words:?}");
    assert!(proof.defences.iter().any(|d| d.reply.is_none()));
    // No check needed: the ruling rests on no bound.
    assert!(proof.bounds.is_empty(), "{:?}", proof.bounds);
}
