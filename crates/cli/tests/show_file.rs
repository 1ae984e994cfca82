//! `xq show FILE --game N --ply K` shows the same board as `--fen`/`--moves` with the game's
//! first K moves; `convert --game N` and `judge --notation` work on one game.

use std::process::Command;

const XQ: &str = env!("CARGO_BIN_EXE_xq");

fn xq(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(XQ).args(args).output().expect("xq runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

mod common;

fn national() -> Option<String> {
    common::national_games("the game-147 checks").map(|p| p.to_string_lossy().into_owned())
}

#[test]
fn show_file_game_ply_equals_fen_and_moves() {
    let Some(db) = national() else { return };
    let (c, json, e) = xq(&["convert", "--game", "147", "--json", &db]);
    assert_eq!(c, 0, "{e}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let game = &v["games"][0];
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["iccs"].as_str().unwrap())
        .collect();
    assert!(moves.len() >= 33);
    let fen = game["fen"].as_str().unwrap();
    let first33 = moves[..33].join(" ");
    let (c1, by_file, e1) = xq(&["show", &db, "--game", "147", "--ply", "33", "--json"]);
    let (c2, by_moves, e2) = xq(&["show", "--fen", fen, "--moves", &first33, "--json"]);
    assert_eq!((c1, c2), (0, 0), "{e1} {e2}");
    let a: serde_json::Value = serde_json::from_str(&by_file).unwrap();
    let b: serde_json::Value = serde_json::from_str(&by_moves).unwrap();
    assert_eq!(a, b);
    assert_eq!(a["plies"], 33);
    // Text and SVG of the same board.
    let (c, text, _) = xq(&["show", &db, "--game", "147", "--ply", "33"]);
    assert_eq!(c, 0);
    assert!(text.contains(a["fen"].as_str().unwrap()));
    assert!(
        text.contains("after 33 plies, last move 车六进二"),
        "{text}"
    );
    // Past the end: refused with the game's length.
    let (c, _, e) = xq(&["show", &db, "--game", "147", "--ply", "999"]);
    assert_eq!(c, 2);
    assert!(e.contains("game 147") && e.contains("plies"), "{e}");
    let (c, _, e) = xq(&["convert", "--game", "99999", &db]);
    assert_eq!(c, 2);
    assert!(e.contains("no game 99999"), "{e}");
}

#[test]
fn judge_tables_in_chinese_notation() {
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/mate-threat-and-chase.pgn"
    );
    let (c, out, e) = xq(&[
        "judge",
        "--ruleset",
        "cn-1987",
        "--ruleset",
        "axf",
        "--notation",
        "chinese",
        pgn,
    ]);
    assert_eq!(c, 0, "{e}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "  ply  move      side  | cn-1987   | axf");
    assert_eq!(lines[1], "    1  马八进九  red   | 杀        | 杀");
    let (c, out, _) = xq(&["judge", "--ruleset", "axf", "--notation", "wxf", pgn]);
    assert_eq!(c, 0);
    assert!(out.contains("H8+9"), "{out}");
}

/// Issue 34: an empty standard input says so, not `no game 1 (the file holds 0)`.
#[test]
fn an_empty_standard_input_says_it_is_empty() {
    for args in [
        &["judge", "-"][..],
        &["show", "-"],
        &["convert", "-", "--game", "1"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_xq"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("the file holds 0"), "{args:?}: {err}");
        assert!(err.contains("empty"), "{args:?}: {err}");
    }
}
