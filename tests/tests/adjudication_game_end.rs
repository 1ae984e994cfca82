//! Game end (checkmate, stalemate), the natural move limit (claim-based, checks capped) and bad
//! ruleset input, on positions built for them.

use xiangqi::adjudication::GameRecord;
use xiangqi::board::Color;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, JudgeOptions, Outcome, Ruleset, RulesetError};

fn record(fen: &str, moves: &str) -> GameRecord {
    let pos = Position::from_fen(fen).unwrap();
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| Move::from_iccs(m).unwrap())
        .collect();
    GameRecord::new(pos, moves).unwrap()
}

fn axf() -> Arbiter {
    Arbiter::new(Ruleset::load("axf").unwrap()).unwrap()
}

#[test]
fn checkmate_loses_for_the_side_to_move() {
    // Rook a0-a9 checks on the back rank; b8 guards rank 8; e9 would face the Red king.
    let r = record("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0a9");
    let ruling = axf().judge(&r, JudgeOptions::default());
    assert!(r.final_position().is_check());
    assert_eq!(ruling.outcome, Outcome::Win(Color::Red));
    assert_eq!(ruling.reason, "checkmate");
    assert_eq!(ruling.decided_at_ply, Some(1));
}

#[test]
fn stalemate_loses_for_the_side_to_move() {
    // Rook a1-a8 takes rank 8; e9 would face the Red king: Black has no move and no check (困毙).
    let r = record("3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1", "a1a8");
    let pos = r.final_position();
    assert!(!pos.is_check());
    assert_eq!(pos.legal_moves().len(), 0, "{}", pos.fen());
    let ruling = axf().judge(&r, JudgeOptions::default());
    assert_eq!(ruling.outcome, Outcome::Win(Color::Red));
    assert_eq!(ruling.reason, "stalemate");
    // A ruleset may say otherwise.
    let text = Ruleset::builtin("axf")
        .unwrap()
        .unwrap()
        .text()
        .replace("stalemate = \"loss\"", "stalemate = \"draw\"");
    let draw = Arbiter::new(Ruleset::from_toml(&text, "t.toml").unwrap()).unwrap();
    assert_eq!(
        draw.judge(&r, JudgeOptions::default()).outcome,
        Outcome::Draw
    );
}

/// Bare kings walking in their palaces, never capturing: a deterministic walk that prefers
/// positions seen least often.
fn long_shuffle(plies: usize) -> GameRecord {
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1").unwrap();
    let mut rec_moves = Vec::new();
    let mut p = pos.clone();
    let mut seen = std::collections::HashMap::<u64, u32>::new();
    seen.insert(p.hash(), 1);
    for _ in 0..plies {
        let moves = p.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .min_by_key(|&m| {
                let mut q = p.clone();
                q.play_unchecked(m);
                (seen.get(&q.hash()).copied().unwrap_or(0), m)
            })
            .unwrap();
        p.play_unchecked(mv);
        *seen.entry(p.hash()).or_default() += 1;
        rec_moves.push(mv);
    }
    GameRecord::new(pos, rec_moves).unwrap()
}

#[test]
fn natural_limit_is_claimable_after_the_limit_and_never_ends_the_game() {
    // A short limit and a high repetition threshold test the accounting itself.
    let text = Ruleset::builtin("axf")
        .unwrap()
        .unwrap()
        .text()
        .replace("natural_limit_moves = 50", "natural_limit_moves = 3");
    let rs = Ruleset::from_toml(
        &text.replace("repetitions = 3", "repetitions = 10"),
        "t.toml",
    )
    .unwrap();
    let arbiter = Arbiter::new(rs).unwrap();
    let r = long_shuffle(6);
    let ruling = arbiter.judge(&r, JudgeOptions::default());
    let n = ruling.natural_limit.expect("axf has a natural limit");
    // After ply 6 both sides have 3 moves: Red (who moved first) may claim from ply 6, and so
    // may Black (each side's own moves and the opponent's both reach 3 at ply 6).
    assert_eq!(n.claimable_from_ply, Some(6));
    assert_eq!(n.red.claimable_from_ply, Some(6));
    assert_eq!(n.black.claimable_from_ply, Some(6));
    assert_eq!(ruling.outcome, Outcome::Ongoing);
    assert_eq!(ruling.reason, "natural-limit-claimable");
    let short = arbiter.judge(&long_shuffle(5), JudgeOptions::default());
    assert_eq!(short.natural_limit.unwrap().claimable_from_ply, None);
}

#[test]
fn claimants_checks_beyond_the_cap_are_deducted() {
    // Limit 4 moves, at most 1 counted check of the claimant.
    let text = Ruleset::builtin("axf")
        .unwrap()
        .unwrap()
        .text()
        .replace("natural_limit_moves = 50", "natural_limit_moves = 4")
        .replace(
            "natural_limit_max_counted_checks = 10",
            "natural_limit_max_counted_checks = 1",
        )
        .replace("repetitions = 3", "repetitions = 10");
    let arbiter = Arbiter::new(Ruleset::from_toml(&text, "t.toml").unwrap()).unwrap();
    // Red: a0a9+ (check), d9d8, a9a8+ (check), d8d9, a8a9+ (check), d9d8, a9a7, d8d9,
    // a7a6, d9d8, a6a5: Red's checks: 3 (2 beyond the cap).
    let r = record(
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a7 d8d9 a7a6 d9d8 a6a5 d8d9",
    );
    assert_eq!((1..=r.len()).filter(|&p| r.gives_check(p)).count(), 3);
    let n = arbiter
        .judge(&r, JudgeOptions::default())
        .natural_limit
        .unwrap();
    // Black may claim once Black and Red both have 4 moves: ply 8.
    assert_eq!(n.black.claimable_from_ply, Some(8));
    // Red's own count loses 2 (checks beyond 1): 4 counted moves only after its 6th move,
    // ply 11.
    assert_eq!(n.red.claimable_from_ply, Some(11));
    assert_eq!(n.red.checks, 3);
    assert_eq!(n.red.moves, 6);
    assert_eq!(n.red.counted_moves, 4);
    assert_eq!(n.claimable_from_ply, Some(8));
    assert_eq!(n.claimant, Some("black"));
}

#[test]
fn a_capture_restarts_the_count() {
    let text = Ruleset::builtin("axf")
        .unwrap()
        .unwrap()
        .text()
        .replace("natural_limit_moves = 50", "natural_limit_moves = 2");
    let arbiter = Arbiter::new(Ruleset::from_toml(&text, "t.toml").unwrap()).unwrap();
    let r = record(
        "3k5/9/9/9/9/9/9/p8/9/R3K4 w - - 0 1",
        "a0a1 d9d8 a1a2 d8d9 a2a3",
    );
    let n = arbiter
        .judge(&r, JudgeOptions::default())
        .natural_limit
        .unwrap();
    assert_eq!(n.last_capture_ply, 3);
    assert_eq!(n.claimable_from_ply, None);
    assert_eq!((n.red.moves, n.black.moves), (1, 1));
}

#[test]
fn bad_rulesets_are_typed_errors_with_locations() {
    let base = "schema = 1\nid = \"x\"\nedition = \"axf\"\ntitle = \"t\"\nsource = \"s\"\n";
    let cases = [
        (
            format!("{base}colour = 1\n"),
            6,
            1,
            "unknown field `colour`",
        ),
        (
            format!("{base}[adjudication]\nrepetitions = \"3\"\n"),
            7,
            15,
            "invalid type",
        ),
        (
            format!("{base}[adjudication]\nmate_threat_plies = 99\n"),
            7,
            21,
            "out of range",
        ),
        (
            format!("{base}[adjudication]\nstalemate = \"win\"\n"),
            7,
            13,
            "unknown variant",
        ),
        (
            format!("{base}[piece_values]\nqueen = 9\n"),
            7,
            1,
            "unknown field `queen`",
        ),
        (
            base.replace("schema = 1", "schema = 2"),
            1,
            10,
            "unsupported schema",
        ),
        (
            base.replace("edition = \"axf\"", "edition = \"fide\""),
            3,
            11,
            "no linked plugin",
        ),
        (
            format!("{base}[adjudication\n"),
            6,
            14,
            "invalid table header",
        ),
    ];
    for (text, line, column, words) in cases {
        let err = Ruleset::from_toml(&text, "f.toml").and_then(|r| Arbiter::new(r).map(|_| ()));
        match err {
            Err(RulesetError::Invalid { at, message }) => {
                assert_eq!(
                    (at.file.as_str(), at.line, at.column),
                    ("f.toml", line, column),
                    "{message}\n{text}"
                );
                assert!(message.contains(words), "{message}");
            }
            other => panic!("expected a located error for\n{text}\ngot {other:?}"),
        }
    }
    assert!(matches!(
        Ruleset::load("no-such-ruleset"),
        Err(RulesetError::UnknownRuleset { .. })
    ));
}

#[test]
fn illegal_moves_are_refused_with_their_ply() {
    let pos = Position::start();
    let moves: Vec<Move> = ["h2e2", "h9g7", "e2e9"]
        .iter()
        .map(|m| Move::from_iccs(m).unwrap())
        .collect();
    let err = GameRecord::new(pos, moves).unwrap_err();
    assert_eq!(err.ply, 3);
    assert_eq!(err.mv.iccs(), "e2e9");
}
