//! `xq game …`: every subcommand, the `state --json` keys of the contract (`../shared/CLI.md`),
//! refusals (exit 2, file unchanged) and a finished game's result entered on its event board.

use std::path::Path;

mod common;
use common::club::{club_board, xq};

/// Runs `xq ARGS`, expecting success; returns standard output.
fn ok(dir: &Path, args: &[&str]) -> String {
    let (c, out, err) = xq(dir, args);
    assert_eq!(c, 0, "xq {args:?}: {err}");
    assert!(err.is_empty(), "xq {args:?}: {err}");
    out
}

/// Runs `xq ARGS`, expecting a refusal (exit 2, one line, the file unchanged).
fn refused(dir: &Path, file: &str, args: &[&str]) -> String {
    let before = std::fs::read(dir.join(file)).unwrap();
    let (c, out, err) = xq(dir, args);
    assert_eq!(c, 2, "xq {args:?}: {out} {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read(dir.join(file)).unwrap(), before, "{args:?}");
    err
}

fn state(dir: &Path, file: &str) -> serde_json::Value {
    serde_json::from_str(&ok(dir, &["game", "state", file, "--json"])).unwrap()
}

#[test]
fn state_json_has_the_contract_keys() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["game", "new", "g.pgn"]);
    let s = state(d, "g.pgn");
    for key in [
        "side_to_move",
        "clocks",
        "violations",
        "fouls",
        "offer",
        "result",
    ] {
        assert!(s.get(key).is_some(), "{key}: {s}");
    }
    assert_eq!(s["side_to_move"], "red");
    assert_eq!(s["clocks"]["red"], 5400);
    assert_eq!(s["clocks"]["black"], 5400);
    assert_eq!(s["violations"]["red"], 0);
    assert_eq!(s["fouls"]["black"], 0);
    assert!(s["offer"].is_null());
    assert!(s["result"].is_null());
    ok(d, &["game", "move", "g.pgn", "h2e2", "--clock", "1:28:00"]);
    ok(d, &["game", "offer", "g.pgn", "red"]);
    let s = state(d, "g.pgn");
    assert_eq!(s["offer"], "red");
    assert_eq!(s["clocks"]["red"], 5280);
    ok(d, &["game", "resign", "g.pgn", "black"]);
    let s = state(d, "g.pgn");
    assert_eq!(s["result"]["outcome"], "red-wins");
    assert_eq!(s["result"]["reason"], "resignation");
    // the text form
    let text = ok(d, &["game", "state", "g.pgn"]);
    assert!(text.contains("result: red-wins (resignation)"), "{text}");
}

#[test]
fn every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let f = "live.pgn";
    let out = ok(
        d,
        &[
            "game",
            "new",
            f,
            "--ruleset",
            "cn-1987",
            "--time-control",
            "blitz",
        ],
    );
    assert!(out.contains("time control 5+3"), "{out}");
    refused(d, f, &["game", "new", f]);
    // move in any notation, with and without a clock reading
    ok(d, &["game", "move", f, "炮二平五", "--clock", "0:04:55"]);
    ok(d, &["game", "move", f, "H8+7"]);
    assert_eq!(state(d, f)["clocks"]["black"], 303);
    refused(d, f, &["game", "move", f, "h2h9x"]);
    refused(d, f, &["game", "move", f, "h2e2", "--clock", "1:5:00"]);
    // offer, decline, offer again: 犯规 3
    ok(d, &["game", "move", f, "h0g2"]);
    ok(d, &["game", "offer", f, "red"]);
    refused(d, f, &["game", "accept", f, "red"]);
    ok(d, &["game", "decline", f, "black"]);
    ok(d, &["game", "move", f, "i9h9"]);
    ok(d, &["game", "move", f, "i0h0"]);
    let out = ok(d, &["game", "offer", f, "red"]);
    assert!(out.contains("犯规 3"), "{out}");
    // Black may not offer on its own turn
    refused(d, f, &["game", "offer", f, "black"]);
    let s = state(d, f);
    assert_eq!(
        (s["fouls"]["red"].as_u64(), s["offer"].as_str()),
        (Some(1), None)
    );
    // claims
    let out = ok(d, &["game", "claim", f, "red", "repetition"]);
    assert!(out.contains("dismissed"), "{out}");
    let out = ok(d, &["game", "claim", f, "black", "natural-limit"]);
    assert!(out.contains("false"), "{out}");
    refused(d, f, &["game", "claim", f, "black", "perpetual"]);
    // fouls, violations, penalties
    ok(
        d,
        &[
            "game",
            "foul",
            f,
            "black",
            "5",
            "--note",
            "touched the rook",
        ],
    );
    refused(d, f, &["game", "foul", f, "black", "9"]);
    let s = state(d, f);
    assert_eq!(s["violations"]["black"], 2);
    assert_eq!(s["fouls"]["black"], 2);
    ok(d, &["game", "violation", f, "red", "talked to a spectator"]);
    ok(d, &["game", "penalty", f, "red", "10", "arbiter's penalty"]);
    // seal and resume
    // a sealed move's reading cannot rise either: Black has 0:00:06 after the false claim
    let err = refused(d, f, &["game", "seal", f, "马2进3", "--clock", "0:03:00"]);
    assert!(
        err.contains("clock 0:03:00 for Black: more than the 0:00:06 it had"),
        "{err}"
    );
    ok(d, &["game", "seal", f, "马2进3", "--clock", "0:00:05"]);
    refused(d, f, &["game", "move", f, "b9c7"]);
    let out = ok(d, &["game", "resume", f]);
    assert!(out.contains("is right"), "{out}");
    assert_eq!(state(d, f)["ply"], 6);
    // late arrival is refused after the side has moved
    refused(d, f, &["game", "late", f, "red", "3"]);
    // an arbiter's ruling without a result, then a decision
    ok(
        d,
        &[
            "game",
            "decide",
            f,
            "none",
            "warned both players about noise",
        ],
    );
    refused(d, f, &["game", "decide", f, "maybe", "x"]);
    // Chinese moves in the mover's own numerals; readings only fall; a logged correction
    let err = refused(d, f, &["game", "move", f, "马8进7"]);
    assert!(
        err.contains("written in Black's numerals, but Red is to move and writes 一…九"),
        "{err}"
    );
    let err = refused(d, f, &["game", "move", f, "b0c2", "--clock", "9:29:30"]);
    assert!(err.contains("a clock only runs down"), "{err}");
    refused(d, f, &["game", "correct", f, "red", "0:04:00", ""]);
    let out = ok(
        d,
        &[
            "game",
            "correct",
            f,
            "red",
            "0:04:00",
            "the clock was misread",
        ],
    );
    assert!(out.contains("Red's clock corrected from"), "{out}");
    // the flag: only the running clock's, showing no time, or the arbiter's override
    let err = refused(d, f, &["game", "flag", f, "black"]);
    assert!(
        err.contains("Black's clock is stopped (Red to move)"),
        "{err}"
    );
    let err = refused(d, f, &["game", "flag", f, "red"]);
    assert!(err.contains("Red's clock showed 0:04:00"), "{err}");
    refused(d, f, &["game", "flag", f, "red", "--clock", "0:00:04"]);
    ok(d, &["game", "flag", f, "red", "--clock", "0:00:00"]);
    let s = state(d, f);
    assert_eq!(s["result"]["outcome"], "black-wins");
    assert_eq!(s["result"]["reason"], "flag");
    refused(d, f, &["game", "move", f, "b0c2"]);
    // the file is PGN any reader reads
    let (c, out, _) = xq(d, &["convert", f, "--to", "wxf"]);
    assert_eq!(c, 0, "{out}");
    let text = std::fs::read_to_string(d.join(f)).unwrap();
    assert!(text.contains("[%clk 0:04:55]"), "{text}");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
}

#[test]
fn other_endings_and_json_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // JSON storage, late beyond the limit
    ok(
        d,
        &[
            "game",
            "new",
            "a.json",
            "--time-control",
            "40/90,20/30*;late=10",
        ],
    );
    ok(d, &["game", "late", "a.json", "black", "11"]);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("a.json")).unwrap()).unwrap();
    assert_eq!(v["entries"][0]["type"], "late");
    // the rules propose the loss; the arbiter declares it
    assert_eq!(state(d, "a.json")["proposal"]["rule"], "late");
    ok(d, &["game", "declare", "a.json", "--by", "裁判长"]);
    assert_eq!(state(d, "a.json")["result"]["reason"], "late");
    // disciplinary loss
    ok(d, &["game", "new", "b.pgn"]);
    ok(
        d,
        &[
            "game",
            "discipline",
            "b.pgn",
            "red",
            "refused to sign the score sheet",
        ],
    );
    assert_eq!(state(d, "b.pgn")["result"]["outcome"], "black-wins");
    // an agreed draw
    ok(
        d,
        &[
            "game",
            "new",
            "c.pgn",
            "--fen",
            "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
        ],
    );
    ok(d, &["game", "move", "c.pgn", "a0a1"]);
    ok(d, &["game", "offer", "c.pgn", "red"]);
    ok(d, &["game", "accept", "c.pgn", "black"]);
    let s = state(d, "c.pgn");
    assert_eq!(
        (
            s["result"]["outcome"].as_str(),
            s["result"]["reason"].as_str()
        ),
        (Some("draw"), Some("agreed"))
    );
    // a wrong sealed move
    ok(d, &["game", "new", "e.pgn"]);
    ok(d, &["game", "seal", "e.pgn", "i0i9"]);
    let out = ok(d, &["game", "resume", "e.pgn"]);
    assert!(out.contains("wrong"), "{out}");
    ok(d, &["game", "declare", "e.pgn"]);
    assert_eq!(state(d, "e.pgn")["result"]["reason"], "sealed-move");
    // the ruleset's [time_control] table is the default time control
    std::fs::write(
        d.join("club.toml"),
        "schema = 1\nid = \"club\"\nedition = \"cn-1987\"\ntitle = \"club\"\nsource = \"club\"\n\n[time_control]\nspec = \"30+5\"\n",
    )
    .unwrap();
    let out = ok(d, &["game", "new", "f.pgn", "--ruleset", "club.toml"]);
    assert!(out.contains("time control 30+5"), "{out}");
    assert_eq!(state(d, "f.pgn")["clocks"]["red"], 1800);
    // bad input
    refused(d, "e.pgn", &["game", "resign", "e.pgn", "green"]);
    let (c, _, err) = xq(d, &["game", "state", "nope.pgn"]);
    assert_eq!(c, 2, "{err}");
    let (c, _, err) = xq(d, &["game", "new", "x.pgn", "--time-control", "40/"]);
    assert_eq!(c, 2, "{err}");
    assert!(!d.join("x.pgn").exists());
    std::fs::write(d.join("bad.pgn"), "1. h2e2 h2e2 *\n").unwrap();
    let (c, _, err) = xq(d, &["game", "state", "bad.pgn"]);
    assert_eq!(c, 2, "{err}");
}

#[test]
fn a_finished_game_goes_to_its_event_board() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = club_board(d, "event", "r1b1.pgn");
    assert!(out.contains("round 1 board 1"), "{out}");
    let text = std::fs::read_to_string(d.join("r1b1.pgn")).unwrap();
    assert!(
        text.contains("[Red \"甲\"]") && text.contains("[Black \"乙\"]"),
        "{text}"
    );
    let (c, _, err) = xq(
        d,
        &[
            "game",
            "new",
            "x.pgn",
            "--event",
            "club.toml",
            "--round",
            "2",
            "--board",
            "1",
        ],
    );
    assert_eq!(c, 2, "{err}");
    ok(d, &["game", "move", "r1b1.pgn", "h2e2"]);
    ok(d, &["game", "foul", "r1b1.pgn", "black", "1"]);
    // run from elsewhere: the event file recorded as `club.toml` is found beside the game file
    let game = d.join("r1b1.pgn");
    let out = ok(
        d.parent().unwrap(),
        &["game", "resign", game.to_str().unwrap(), "black"],
    );
    assert!(out.contains("round 1 board 1: 1-0"), "{out}");
    let (c, json, err) = xq(d, &["event", "export", "club.toml", "--format", "json"]);
    assert_eq!(c, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let b = &v["paired_rounds"][0]["boards"][0];
    assert_eq!(b["result"], "1-0", "{b}");
    let event = std::fs::read_to_string(d.join("club.toml")).unwrap();
    assert!(event.contains("black_fouls = 1"), "{event}");
}

/// Item 5: `judge` reports the recorded result beside the board ruling and flags conflicts.
#[test]
fn judge_reports_the_recorded_result_and_conflicts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // a recorded draw where the board says Red (长将) had to vary
    std::fs::write(
        d.join("d.pgn"),
        "[Result \"1/2-1/2\"]\n[FEN \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1\"]\n\n1. f0e0 e8f8 2. e0f0 f8e8 3. f0e0 e8f8 4. e0f0 f8e8 1/2-1/2\n",
    )
    .unwrap();
    let out = ok(d, &["judge", "d.pgn", "--ruleset", "cn-1987"]);
    assert!(
        out.contains("Recorded result: 1/2-1/2 (Result tag)"),
        "{out}"
    );
    assert!(
        out.contains("Conflict: cn-1987: a recorded draw, but red had to vary"),
        "{out}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(d, &["judge", "d.pgn", "--ruleset", "axf", "--json"])).unwrap();
    assert_eq!(v["recorded"]["result"], "1/2-1/2");
    assert_eq!(v["conflicts"].as_array().unwrap().len(), 1);
    // a resignation in an xq game log is the recorded result; no conflict with an ongoing board
    ok(d, &["game", "new", "g.pgn"]);
    ok(d, &["game", "move", "g.pgn", "h2e2"]);
    ok(d, &["game", "resign", "g.pgn", "black"]);
    let out = ok(d, &["judge", "g.pgn", "--ruleset", "cn-1987"]);
    assert!(
        out.contains("Recorded result: 1-0 (resignation in the log)"),
        "{out}"
    );
    assert!(!out.contains("Conflict"), "{out}");
    // --moves records nothing
    let v: serde_json::Value = serde_json::from_str(&ok(
        d,
        &["judge", "--moves", "h2e2", "--ruleset", "cn-1987", "--json"],
    ))
    .unwrap();
    assert!(v.get("recorded").is_none());
}

/// Issue 20 item 8: `kill -9` of `xq game resign` at every moment of its run (delays swept from
/// the start to past its end), then `xq game state` — the next read: a finished log's result
/// is always on its event board afterwards, and an unfinished log's board is empty. The counts
/// of what the kills left before the repair are printed (`--nocapture`).
#[test]
fn a_kill_at_any_moment_loses_no_result() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club_board(d, "event", "r1b1.pgn");
    ok(d, &["game", "move", "r1b1.pgn", "h2e2"]);
    let (log, event) = (d.join("r1b1.pgn"), d.join("club.toml"));
    let (log0, event0) = (std::fs::read(&log).unwrap(), std::fs::read(&event).unwrap());
    let finished = || {
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("[Result \"1-0\"]")
    };
    let on_board = || {
        std::fs::read_to_string(&event)
            .unwrap()
            .contains("result = \"1-0\"")
    };
    // how long an uninterrupted run takes (the shortest of three, so that most kills fall
    // inside a run)
    let mut full = std::time::Duration::MAX;
    for _ in 0..3 {
        std::fs::write(&log, &log0).unwrap();
        std::fs::write(&event, &event0).unwrap();
        let t = std::time::Instant::now();
        ok(d, &["game", "resign", "r1b1.pgn", "black"]);
        full = full.min(t.elapsed());
        assert!(finished() && on_board());
    }
    const TRIALS: u32 = 100;
    // (killed before the log was written, between log and board, after both, not killed)
    let mut seen = [0u32; 4];
    for i in 0..TRIALS {
        std::fs::write(&log, &log0).unwrap();
        std::fs::write(&event, &event0).unwrap();
        let delay = full.mul_f64(f64::from(i) / f64::from(TRIALS));
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xq"))
            .args(["game", "resign", "r1b1.pgn", "black"])
            .current_dir(d)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let killed = child.try_wait().unwrap().is_none();
        let _ = child.kill();
        child.wait().unwrap();
        let k = match (killed, finished(), on_board()) {
            (false, _, _) => 3,
            (true, false, false) => 0,
            (true, true, false) => 1,
            (true, true, true) => 2,
            (true, false, true) => panic!("trial {i}: the board holds a result the log lacks"),
        };
        seen[k] += 1;
        // the next read repairs
        let (c, _, err) = xq(d, &["game", "state", "r1b1.pgn"]);
        assert_eq!(c, 0, "trial {i}: {err}");
        assert_eq!(finished(), on_board(), "trial {i} (delay {delay:?}): {err}");
        if k == 1 {
            assert!(err.contains("landed on the event board"), "{err}");
        }
    }
    println!(
        "{TRIALS} kills over 0–{:?}: {} before the log was written, {} between log and board (all landed by the next read), {} after both, {} finished before the kill; 0 lost",
        full, seen[0], seen[1], seen[2], seen[3]
    );
}
