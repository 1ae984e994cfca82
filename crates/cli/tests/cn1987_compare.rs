//! Snapshots of the side-by-side table (`xq judge --ruleset cn-1987 --ruleset axf …`, rendered by
//! `compare.rs`) for a handful of cycles where the two codes agree and where they differ. The
//! snapshots are assertions: each was read against the rule book and the AXF rules (the reading is
//! given beside each case).

use std::process::Command;

fn side_by_side(fen: &str, moves: &str) -> String {
    side_by_side_with(fen, moves, &[])
}

fn side_by_side_with(fen: &str, moves: &str, more: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args([
            "judge",
            "--ruleset",
            "cn-1987",
            "--ruleset",
            "axf",
            "--fen",
            fen,
            "--moves",
            moves,
        ])
        .args(more)
        .output()
        .expect("xq runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Rule book 图30b: Red 一捉一闲, Black 长捉 → Black must vary under CN-1987 (二打对一打); AXF
/// sees no chase in Black's 车6退4 (the target is protected), so both sides are 一捉一闲: draw.
#[test]
fn fig30b_two_attacks_against_one() {
    insta::assert_snapshot!(side_by_side(
        "2bakab2/9/4c1n1c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w - - 0 1",
        "b6b2 f2f6 b2b6 f6f2 b6b2 f2f6 b2b6 f6f2",
    ));
}

/// Rule book 图7: 长杀 (forbidden in CN-1987, Red must vary) against 长拦; AXF rule 9 allows a
/// perpetual mate threat, and Black's rook "chases" the cannon it cannot leave its line to take.
#[test]
fn fig07_perpetual_mate_threat() {
    insta::assert_snapshot!(side_by_side(
        "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w - - 0 1",
        "i0h0 i8h8 h0i0 h8i8 i0h0 i8h8 h0i0 h8i8",
    ));
}

/// Rule book 图6: 长将 loses under both codes, even when the checking rook is the only piece that
/// can move.
#[test]
fn fig06_perpetual_check_both_codes() {
    insta::assert_snapshot!(side_by_side(
        "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1",
        "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8",
    ));
}

/// repetition-cases pf-2: one check and one quiet rook move that threatens 车九平六 mate. CN-1987:
/// 一将一杀, Red must vary; AXF: 一将一闲, draw.
#[test]
fn one_check_one_mate_threat() {
    insta::assert_snapshot!(side_by_side(
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "a0a9 d9d8 a9a0 d8d9 a0a9 d9d8 a9a0 d8d9",
    ));
}

/// cn1987-constructed cat-long-discovered-capture: every rook step sets up a discovered check
/// that wins a black piece (长要抽吃子, forbidden in 1987); AXF's one-move chase test sees no chase:
/// Red 闲 there, draw.
#[test]
fn perpetual_discovered_capture_threat() {
    insta::assert_snapshot!(side_by_side(
        "2b1k1b2/2r6/9/9/3NN4/9/9/9/3R5/5K3 w - - 0 1",
        "d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9",
    ));
}

/// `--explain` with two rulesets (issue 32): after the table, the line of every ply where the
/// codes differ (`*`) and of every ply that carries a forbidden label under either, each code's
/// line under it — here 图30b, where Black's 车6退4 is 捉 under CN-1987 (the capture line shown)
/// and idle under AXF (the target is protected).
#[test]
fn fig30b_explained_under_two_rulesets() {
    let text = side_by_side_with(
        "2bakab2/9/4c1n1c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w - - 0 1",
        "b6b2 f2f6 b2b6 f6f2 b6b2 f2f6 b2b6 f6f2",
        &["--explain"],
    );
    assert!(text.contains("Lines ("), "{text}");
    insta::assert_snapshot!(text);
}
