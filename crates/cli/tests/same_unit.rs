//! Issue 25, 同单位回避 for the Swiss: `xq event new --avoid-same-unit N` keeps players of one
//! unit apart in rounds 1..=N (round 1's table included), `xq event check` reports an avoidable
//! same-unit pairing (exit 3), and the flag is refused where it does not apply (exit 2, no file).

use std::path::Path;
use std::process::{Command, Output};

fn xq(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("xq runs")
}

/// Six players in their given order (no lot): 1 and 2 are both 北京.
fn new(dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "event",
        "new",
        "t.toml",
        "--ruleset",
        "axf",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--no-lot",
    ];
    for p in [
        "甲,北京",
        "乙,北京",
        "丙,上海",
        "丁,广东",
        "戊,湖北",
        "己,四川",
    ] {
        args.extend(["--player", p]);
    }
    args.extend(extra);
    xq(dir, &args)
}

/// The boards of round `r` of `t.toml` (from `xq event export --format json`), as
/// `(red, black)`.
fn boards(dir: &Path, r: usize) -> Vec<(u64, u64)> {
    let o = xq(dir, &["event", "export", "t.toml", "--format", "json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    doc["paired_rounds"][r - 1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap()))
        .collect()
}

#[test]
fn two_of_one_unit_meet_in_round_one_without_the_flag_and_not_with_it() {
    let dir = tempfile::tempdir().unwrap();
    assert!(new(dir.path(), &[]).status.success());
    assert!(
        xq(dir.path(), &["event", "pair", "t.toml"])
            .status
            .success()
    );
    assert_eq!(boards(dir.path(), 1), [(1, 2), (3, 4), (5, 6)]);
    std::fs::remove_file(dir.path().join("t.toml")).unwrap();

    let o = new(dir.path(), &["--avoid-same-unit", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(dir.path().join("t.toml")).unwrap();
    assert!(text.contains("\navoid_same_unit_rounds = 2\n"), "{text}");
    let o = xq(dir.path(), &["event", "pair", "t.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(boards(dir.path(), 1), [(1, 3), (2, 4), (5, 6)]);
    let o = xq(dir.path(), &["event", "check", "t.toml"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

#[test]
fn an_avoidable_same_unit_pairing_is_reported_by_check() {
    let dir = tempfile::tempdir().unwrap();
    assert!(
        new(dir.path(), &["--avoid-same-unit", "1"])
            .status
            .success()
    );
    let o = xq(
        dir.path(),
        &[
            "event", "pair", "t.toml", "--board", "1-2", "--board", "3-4", "--board", "5-6",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = xq(dir.path(), &["event", "check", "t.toml", "--json"]);
    assert_eq!(o.status.code(), Some(3));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let same: Vec<&serde_json::Value> = json["deviations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["kind"] == "same-unit")
        .collect();
    assert_eq!(same.len(), 1, "{json:#}");
    assert_eq!(same[0]["board"], 1);
    assert!(
        same[0]["rule"].as_str().unwrap().starts_with("同单位回避"),
        "{json:#}"
    );
}

#[test]
fn a_unit_of_more_than_half_the_field_still_pairs_everyone() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec![
        "event",
        "new",
        "t.toml",
        "--ruleset",
        "axf",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--avoid-same-unit",
        "3",
    ];
    let players: Vec<String> = (1..=9)
        .map(|i| format!("P{i},{}", if i <= 6 { "北京" } else { "上海" }))
        .collect();
    for p in &players {
        args.extend(["--player", p.as_str()]);
    }
    assert!(xq(dir.path(), &args).status.success());
    for r in 1..=3 {
        let o = xq(dir.path(), &["event", "pair", "t.toml"]);
        assert!(
            o.status.success(),
            "round {r}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let b = boards(dir.path(), r);
        assert_eq!(b.len(), 4, "round {r}: {b:?}");
        let lines: String = (1..=4).map(|k| format!("{r} {k} =\n")).collect();
        std::fs::write(dir.path().join("r.txt"), lines).unwrap();
        let o = xq(dir.path(), &["event", "results", "t.toml", "r.txt"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let o = xq(dir.path(), &["event", "check", "t.toml"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

#[test]
fn the_flag_is_refused_outside_the_individual_swiss() {
    let dir = tempfile::tempdir().unwrap();
    for extra in [
        &["--system", "round-robin", "--avoid-same-unit", "2"][..],
        &["--system", "knockout", "--avoid-same-unit", "1"][..],
    ] {
        let mut args = vec!["event", "new", "t.toml", "--ruleset", "axf"];
        args.extend(extra);
        args.extend([
            "--player", "A,北京", "--player", "B,北京", "--player", "C,上海",
        ]);
        let o = xq(dir.path(), &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains("--avoid-same-unit"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!dir.path().join("t.toml").exists());
    }
}
