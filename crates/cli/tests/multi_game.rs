//! Issue 21 (rules the forms depend on): a flag the event cannot honour is refused, never
//! silently dropped — two games per board of a team match (分先) and matches of three or more
//! games (多局制) — exit 2, one line, and no event file written.

use std::path::Path;
use std::process::Command;

/// `xq event new t.toml` of a cn-1987 round robin with `extra`, run in `dir`.
fn new(dir: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args([
            "event",
            "new",
            "t.toml",
            "--ruleset",
            "cn-1987",
            "--system",
            "round-robin",
        ])
        .args(extra)
        .current_dir(dir)
        .output()
        .expect("xq runs")
}

fn refused(dir: &Path, extra: &[&str]) -> String {
    let o = new(dir, extra);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{extra:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        !dir.join("t.toml").exists(),
        "{extra:?} wrote the event file"
    );
    err
}

#[test]
fn two_games_per_team_board_and_three_game_matches_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let teams = [
        "--team",
        "甲队:甲1,甲2",
        "--team",
        "乙队:乙1,乙2",
        "--team",
        "丙队:丙1,丙2",
        "--team",
        "丁队:丁1,丁2",
        "--team-boards",
        "2",
    ];
    let err = refused(d, &[&teams[..], &["--games", "2"]].concat());
    assert!(
        err.contains("--games 2 with --team-boards: two games per board (分先) are not supported"),
        "{err}"
    );
    let players = [
        "--player", "甲", "--player", "乙", "--player", "丙", "--player", "丁",
    ];
    for g in ["3", "5"] {
        let err = refused(d, &[&players[..], &["--games", g]].concat());
        assert!(
            err.contains(&format!("--games {g}: expected 1 or 2 (matches of three or more games, 多局制, are not supported yet)")),
            "{err}"
        );
    }
    // what is supported is taken: a two-game round robin of players
    let o = new(d, &[&players[..], &["--games", "2"]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ev = std::fs::read_to_string(d.join("t.toml")).unwrap();
    assert!(ev.contains("games_per_match = 2"), "{ev}");
}
