//! The computer-league rules (`computer-2007`) on constructed repetitions: nothing is ruled at the
//! third occurrence, the fourth decides and the side ruled against loses at once (RULE.TXT 4.4(2),
//! 5.2); the same repetition under `axf` is ruled at the third. The 50-move count and the draw
//! without attacking pieces are tested in the edition's crate.

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, JudgeOptions, Ruleset};

fn record(fen: &str, moves: &str, plies: usize) -> GameRecord {
    let moves: Vec<Move> = moves
        .split_whitespace()
        .take(plies)
        .map(|m| Move::from_iccs(m).expect("iccs"))
        .collect();
    GameRecord::new(Position::from_fen(fen).expect("fen"), moves).expect("legal")
}

fn arbiter(id: &str) -> Arbiter {
    Arbiter::new(Ruleset::load(id).expect("ruleset")).expect("edition")
}

/// A red horse chases the black rook between e7 and e4 (马捉车 is a chase under 5.4(1)); the
/// rook's flight is idle. The start position occurs for the third time after ply 8 and the
/// fourth after ply 12.
const FEN: &str = "5k3/9/4r4/9/9/9/2N6/9/9/3K5 w - - 0 1";
const CHASE: &str = "c3d5 e7e4 d5c3 e4e7 c3d5 e7e4 d5c3 e4e7 c3d5 e7e4 d5c3 e4e7";

#[test]
fn perpetual_chase_of_one_piece_loses_at_the_fourth_occurrence() {
    let league = arbiter("computer-2007");
    let third = league.judge(&record(FEN, CHASE, 8), JudgeOptions::default());
    assert!(third.repetitions.is_empty(), "{:?}", third.explanation);
    assert_eq!(third.outcome.as_str(), "ongoing");
    let fourth = league.judge(&record(FEN, CHASE, 12), JudgeOptions::default());
    let rep = fourth.repetition.as_ref().expect("ruled at the fourth");
    assert_eq!((rep.first_ply, rep.last_ply), (1, 12));
    assert_eq!((rep.red.as_str(), rep.black.as_str()), ("长捉", "闲"));
    assert_eq!(rep.verdict.as_str(), "red-must-vary");
    // No warning: Red loses at once.
    assert_eq!(fourth.outcome.as_str(), "black-wins");
    assert_eq!(fourth.reason, "perpetual-chase");
    assert_eq!(fourth.decided_at_ply, Some(12));
    // AXF rules the same chase at the third occurrence and only tells Red to vary.
    let axf = arbiter("axf").judge(&record(FEN, CHASE, 8), JudgeOptions::default());
    assert_eq!(
        axf.repetition.as_ref().map(|r| r.verdict.as_str()),
        Some("red-must-vary")
    );
    assert_eq!(axf.outcome.as_str(), "ongoing");
}

#[test]
fn checking_and_idle_sides_at_the_fourth_occurrence() {
    // Red checks back and forth (长将), Black's king steps aside and back: Black wins at once.
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let line = "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9";
    let league = arbiter("computer-2007");
    let r = league.judge(&record(fen, line, 13), JudgeOptions::default());
    assert_eq!(r.outcome.as_str(), "black-wins");
    assert_eq!(r.reason, "perpetual-check");
    // Both sides idle: the fourth occurrence is a draw (4.5(2)).
    let fen = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let idle = "a0a1 i9i8 a1a0 i8i9 a0a1 i9i8 a1a0 i8i9 a0a1 i9i8 a1a0 i8i9";
    let r = league.judge(&record(fen, idle, 12), JudgeOptions::default());
    assert_eq!(
        (r.outcome.as_str(), r.reason.as_str()),
        ("draw", "repetition")
    );
    assert_eq!(r.decided_at_ply, Some(12));
    let r = league.judge(&record(fen, idle, 8), JudgeOptions::default());
    assert_eq!(r.outcome.as_str(), "ongoing");
}
