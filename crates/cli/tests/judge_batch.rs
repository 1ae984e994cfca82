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
fn a_bad_game_file_exits_2_naming_game_move_and_token() {
    let dir = std::env::temp_dir().join(format!("xq-batch-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.pgn");
    std::fs::write(&file, "[Event \"x\"]\n1. 炮二平五 马8进7 2. 车一进九 *\n").unwrap();
    let out = xq(&["judge", "--batch", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 1") && err.contains("车一进九"), "{err}");
    assert!(out.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}
