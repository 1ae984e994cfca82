//! The natural move limit and the end of the game under the embedded `cn-1987` ruleset (1987
//! ch.1 §4; decisions.md 7–8): 60 moves (回合) per side without a capture, only captures reset
//! the count (pawn moves do not), the claimant's checks count for at most 10 of his moves, the
//! limit is claim-based (never ends the game by itself); checkmate and stalemate (困毙) lose.
//!
//! The records are built for the test: from a small position, each ply is the first legal move
//! (in generation order) that captures nothing, reaches a position not seen before, and gives
//! check or not as the test asks, so the stretch is long, capture-free and free of repetitions.

use std::collections::HashSet;

use xiangqi::adjudication::GameRecord;
use xiangqi::board::Color;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, JudgeOptions, NaturalLimitReport, Outcome, Ruleset, Ruling};

fn cn1987() -> Arbiter {
    Arbiter::new(Ruleset::load("cn-1987").expect("embedded cn-1987")).expect("cn-1987 edition")
}

/// Red king d0, rook a0, pawns a3 c3 g3; Black king f9, rook i9, pawns a6 c6 g6 (no piece can
/// reach another early; the kings never face).
const QUIET: &str = "5k2r/9/9/p1p3p2/9/9/P1P3P2/9/9/R2K5 w - - 0 1";

/// Plays `plies` moves from `start` after the `prefix`, each the first legal non-capturing move
/// to an unseen position; a side gives check while its `checks` budget lasts (and avoids check
/// otherwise). Panics if no such move exists (the position was badly chosen).
fn walk(
    start: &str,
    prefix: &[&str],
    plies: usize,
    mut checks: [usize; 2],
) -> (Position, Vec<Move>) {
    let start = Position::from_fen(start).expect("valid FEN");
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut seen = HashSet::new();
    seen.insert(pos.hash());
    for m in prefix {
        let m = Move::from_iccs(m).expect("ICCS");
        pos.play(m).expect("legal prefix");
        seen.insert(pos.hash());
        moves.push(m);
    }
    for _ in 0..plies {
        let side = pos.turn() as usize;
        let want_check = checks[side] > 0;
        let pick = |want: bool, fresh: bool| {
            pos.legal_moves().iter().copied().find(|&m| {
                if pos.capture_of(m).is_some() {
                    return false;
                }
                let after = pos.played(m).expect("legal");
                after.is_check() == want
                    && (!fresh || !seen.contains(&after.hash()))
                    && after
                        .legal_moves()
                        .iter()
                        .any(|&r| after.capture_of(r).is_none())
            })
        };
        let m = pick(want_check, true)
            .or_else(|| if want_check { pick(false, true) } else { None })
            .or_else(|| pick(false, false))
            .unwrap_or_else(|| panic!("no quiet move after {} plies: {}", moves.len(), pos.fen()));
        pos.play(m).expect("legal");
        if pos.is_check() {
            checks[side] = checks[side].saturating_sub(1);
        }
        seen.insert(pos.hash());
        moves.push(m);
    }
    (start, moves)
}

fn judge(start: Position, moves: Vec<Move>) -> (GameRecord, Ruling) {
    let record = GameRecord::new(start, moves).expect("legal record");
    let ruling = cn1987().judge(&record, JudgeOptions::default());
    (record, ruling)
}

fn limit(r: &Ruling) -> NaturalLimitReport {
    r.natural_limit
        .clone()
        .expect("cn-1987 has a natural limit")
}

#[test]
fn sixty_moves_each_without_capture_may_be_claimed_and_no_sooner() {
    // Two pawn moves open the stretch.
    let (start, moves) = walk(QUIET, &["c3c4", "g6g5"], 118, [0, 0]);
    let (record, r) = judge(start.clone(), moves.clone());
    let pawn_moves = (1..=record.len())
        .filter(|&p| {
            record
                .position_at(p - 1)
                .piece_at(record.mv(p).from)
                .is_some_and(|pc| pc.kind == xiangqi::board::PieceKind::Pawn)
        })
        .count();
    assert!(
        pawn_moves > 0,
        "the stretch includes pawn moves, which do not reset the count"
    );
    let n = limit(&r);
    assert_eq!((n.moves, n.max_counted_checks), (60, 10));
    assert_eq!(n.last_capture_ply, 0);
    assert_eq!(n.claimable_from_ply, Some(120));
    assert_eq!((n.red.moves, n.black.moves), (60, 60));
    // Claim-based: the game is not over.
    assert_eq!(r.outcome, Outcome::Ongoing);
    assert_eq!(r.reason, "natural-limit-claimable");

    let (_, short) = judge(start, moves[..119].to_vec());
    assert_eq!(
        limit(&short).claimable_from_ply,
        None,
        "59 moves and a half are not enough"
    );
}

#[test]
fn only_a_capture_resets_the_count() {
    // 1. 车九平八 takes the pawn b0: the count starts after it.
    let (start, moves) = walk(
        "5k2r/9/9/p1p3p2/9/9/P1P3P2/9/9/Rp1K5 w - - 0 1",
        &["a0b0"],
        120,
        [0, 0],
    );
    let (_, r) = judge(start.clone(), moves.clone());
    let n = limit(&r);
    assert_eq!(n.last_capture_ply, 1);
    assert_eq!(n.claimable_from_ply, Some(121));
    let (_, short) = judge(start, moves[..120].to_vec());
    assert_eq!(limit(&short).claimable_from_ply, None);
}

#[test]
fn the_claimants_checks_count_for_at_most_ten_moves() {
    // Red gives 15 checks in the stretch, Black none: Red's 5 checks beyond the 10 are deducted
    // from Red's count (无效着数), so Black may claim after ply 120 and Red only 5 moves later.
    let (start, moves) = walk(QUIET, &[], 130, [15, 0]);
    let (record, r) = judge(start, moves);
    let red_checks = (1..=record.len())
        .filter(|&p| record.mover(p) == Color::Red && record.gives_check(p))
        .count();
    assert_eq!(red_checks, 15, "the walk gives exactly 15 red checks");
    let n = limit(&r);
    assert_eq!(n.red.checks, 15);
    assert_eq!(n.black.claimable_from_ply, Some(120));
    assert_eq!(n.red.claimable_from_ply, Some(129));
    assert_eq!(n.claimable_from_ply, Some(120));
    assert_eq!(n.claimant, Some("black"));
    assert_eq!((n.red.counted_moves, n.red.moves), (60, 65));
}

#[test]
fn checkmate_and_stalemate_lose_for_the_side_to_move() {
    // 车九平六 mates (the e-file is closed by the red king: flying general).
    let (start, moves) = (
        Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap(),
        vec![Move::from_iccs("a0d0").unwrap()],
    );
    let (_, r) = judge(start, moves);
    assert_eq!(
        (r.outcome, r.reason.as_str()),
        (Outcome::Win(Color::Red), "checkmate")
    );
    // 困毙: Black's king on d9 has no move (d8 covered by the rook, e9 faces the red king) and
    // Black has nothing else, though not in check.
    let (start, moves) = (
        Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap(),
        vec![Move::from_iccs("a1a8").unwrap()],
    );
    let (_, r) = judge(start, moves);
    assert_eq!(
        (r.outcome, r.reason.as_str()),
        (Outcome::Win(Color::Red), "stalemate")
    );
}
