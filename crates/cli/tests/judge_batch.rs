//! `xq judge --batch`: one JSON object per game, the same with any `--jobs`, exit 2 on bad input.

use std::path::PathBuf;
use std::process::Command;

fn xq(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs")
}

fn sample() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/mate-threat-and-chase.pgn")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn batch_lines_have_the_game_keys_and_one_ruling_per_ruleset() {
    let file = sample();
    let out = xq(&[
        "judge",
        "--batch",
        &file,
        "--ruleset",
        "cn-1987",
        "--ruleset",
        "axf",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    for key in ["game", "tags", "result", "plies", "rulings"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["game"], 1);
    assert_eq!(v["plies"], 8);
    assert_eq!(
        v["tags"]["Event"],
        "xq sample: one code forbids, the other allows"
    );
    let rulings = v["rulings"].as_array().unwrap();
    let ids: Vec<&str> = rulings
        .iter()
        .map(|r| r["ruleset"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["cn-1987", "axf"]);
    // Rule-book 图20: 一杀一捉 is forbidden under 1987 and allowed under AXF.
    assert_eq!(rulings[0]["repetition"]["verdict"], "red-must-vary");
    assert_eq!(rulings[1]["repetition"]["verdict"], "draw");
    assert_eq!(rulings[1]["outcome"], "draw");
    assert_eq!(v["disagree"], true);
}

#[test]
fn jobs_do_not_change_the_output() {
    let file = sample();
    let one = xq(&["judge", "--batch", &file, "--jobs", "1"]);
    let two = xq(&["judge", "--batch", &file, "--jobs", "2"]);
    assert!(one.status.success() && two.status.success());
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn a_bad_game_gets_its_line_and_the_exit_code_says_so() {
    let dir = std::env::temp_dir().join(format!("xq-batch-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.pgn");
    let bad = "[Event \"x\"]\n1. 炮二平五 马8进7 2. 车一进九 *\n";
    // Nothing readable: unusable as a whole (exit 2), the game's line names game, move, token.
    std::fs::write(&file, bad).unwrap();
    let out = xq(&["judge", "--batch", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = line["error"].as_str().unwrap();
    assert!(e.contains("game 1") && e.contains("车一进九"), "{e}");
    assert_eq!(line["unreadable"], true);
    // A good game after it: judged, and the run ends with exit 3 (some records bad).
    std::fs::write(
        &file,
        format!("{bad}\n[Event \"y\"]\n1. 炮二平五 马8进7 *\n"),
    )
    .unwrap();
    let out = xq(&["judge", "--batch", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["plies"], 2);
    assert!(lines[1]["error"].is_null());
    std::fs::remove_dir_all(&dir).ok();
}

/// `--quiet`: the same JSON lines, nothing on standard error (no progress, no closing line);
/// without it the closing line counts the games.
#[test]
fn quiet_batch_says_nothing_on_stderr() {
    let s = sample();
    let loud = xq(&["judge", "--batch", &s, "--ruleset", "axf"]);
    let quiet = xq(&["judge", "--batch", &s, "--ruleset", "axf", "--quiet"]);
    assert_eq!(loud.status.code(), Some(0));
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(loud.stdout, quiet.stdout);
    assert!(String::from_utf8_lossy(&loud.stderr).contains("judged 1 games in"));
    assert!(
        quiet.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
}
