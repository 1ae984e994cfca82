//! The `xq perft` contract (CLI.md): counts, JSON keys, exit code 2 with one line on bad input.

use std::process::Command;

fn xq(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs")
}

#[test]
fn perft_prints_the_count() {
    let out = xq(&["perft", "3"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "79666");
}

#[test]
fn perft_json_has_the_contract_keys() {
    let out = xq(&["perft", "--json", "2"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for key in ["fen", "depth", "nodes", "seconds", "nps"] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    assert_eq!(v["nodes"], 1920);
    assert_eq!(v["depth"], 2);
    let out = xq(&["perft", "--json", "--divide", "2"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let moves = v["moves"].as_object().expect("moves object");
    assert_eq!(moves.len(), 44);
    assert!(moves.contains_key("h2e2"));
    assert_eq!(
        moves.values().map(|n| n.as_u64().unwrap()).sum::<u64>(),
        1920
    );
}

#[test]
fn bad_fens_exit_2_with_one_line_naming_the_fault() {
    for (fen, needle) in [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            "rank 0",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
            "ranks",
        ),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "face each other"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 q", "side to move"),
        ("", "empty"),
    ] {
        let out = xq(&["perft", "--fen", fen, "1"]);
        assert_eq!(out.status.code(), Some(2), "{fen}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{fen}: {err}");
        assert!(out.stdout.is_empty());
    }
}
