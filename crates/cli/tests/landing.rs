//! Results that never go missing (issue 34, R8): a crash between a game log's write and its
//! event board's leaves a finished log and an open board; every `xq event` read lands it, and
//! a result against a finished log needs `--force` and says so.

mod common;

use std::path::Path;

use common::club::{club_board, ok, xq};
use xiangqi::board::Color;
use xiangqi::game::Entry;
use xiangqi::game::store;

/// The club event with its board 1 played to a finish that never reached the board: the
/// log's write (Black resigns) happened, the event's did not.
fn finished_off_the_board(d: &Path) {
    club_board(d, "Club", "g.pgn");
    ok(d, &["game", "move", "g.pgn", "h2e2"]);
    store::update(&d.join("g.pgn"), |g| {
        g.apply(Entry::Resign { side: Color::Black })
    })
    .unwrap();
}

/// [`finished_off_the_board`], then an export, which lands it.
fn crashed(d: &Path) {
    finished_off_the_board(d);
    let json = ok(d, &["event", "export", "club.toml", "--format", "json"]);
    // (the export itself is a read: it lands the result)
    assert!(json.contains("\"1-0\""), "{json}");
}

#[test]
fn every_event_read_lands_a_finished_log_first() {
    for read in [
        &["event", "standings", "club.toml"][..],
        &["event", "export", "club.toml", "--format", "csv"],
        &["event", "check", "club.toml"],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        finished_off_the_board(d);
        let (code, _, err) = xq(d, read);
        assert_eq!(code, 0, "{read:?}: {err}");
        assert!(
            err.contains("xq: landed on the event board: club.toml: round 1 board 1: 1-0"),
            "{read:?}: {err}"
        );
        // once: the next read lands nothing more
        let (_, _, err) = xq(d, read);
        assert!(!err.contains("landed"), "{err}");
    }
}

#[test]
fn a_result_against_a_finished_log_needs_force_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crashed(d);
    let before = std::fs::read(d.join("club.toml")).unwrap();
    let (code, _, err) = xq(d, &["event", "result", "club.toml", "1", "1", "0-1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("round 1 board 1: the game log")
            && err.contains("g.pgn ended 1-0; entering 0-1 against it needs --force"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(d.join("club.toml")).unwrap(),
        before,
        "untouched"
    );
    // the same result in other words is no contradiction (it is already there)
    let (_, _, err) = xq(d, &["event", "result", "club.toml", "1", "1", "1:0"]);
    assert!(!err.contains("needs --force"), "{err}");
    let (code, _, err) = xq(
        d,
        &["event", "result", "club.toml", "1", "1", "0-1", "--force"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("0-1 entered against it (--force)"), "{err}");
    // from now on every read names both results
    let (_, _, err) = xq(d, &["event", "standings", "club.toml"]);
    assert!(
        err.contains("round 1 board 1: the game log")
            && err.contains("ended 1-0, the board holds 0-1"),
        "{err}"
    );
}

/// The one door (issue 33): a result the arbiter declares at the board reaches the event
/// through the event's history — who declared it, the board, the version it made — so the
/// desk's versions and the audit trail see it like any other change.
#[test]
fn a_declared_result_is_in_the_events_history_with_its_version() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club_board(d, "Club", "g.pgn");
    let before = ok(d, &["event", "history", "club.toml"]);
    ok(d, &["game", "move", "g.pgn", "h2e2"]);
    ok(
        d,
        &[
            "game",
            "declare",
            "g.pgn",
            "red-wins",
            "--rule",
            "黑方超时",
            "--by",
            "王裁判",
        ],
    );
    let after = ok(d, &["event", "history", "club.toml"]);
    let new: Vec<&str> = after
        .lines()
        .filter(|l| l.starts_with("version ") && !before.contains(l))
        .collect();
    assert_eq!(new.len(), 1, "{before}\n---\n{after}");
    assert!(after.ends_with("club.toml: version 2\n"), "{after}");
    assert!(
        new[0].contains("version 2 by 王裁判")
            && new[0].contains("live board 1: result round 1 board 1: none → 1-0"),
        "{}",
        new[0]
    );
}

/// A result typed at the board with no arbiter's name (a resignation) is recorded as the board.
#[test]
fn a_typed_result_is_recorded_as_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    club_board(d, "Club", "g.pgn");
    ok(d, &["game", "move", "g.pgn", "h2e2"]);
    ok(d, &["game", "resign", "g.pgn", "black"]);
    let after = ok(d, &["event", "history", "club.toml"]);
    assert!(
        after.contains("version 2 by live board 1 at ")
            && after.contains(": live board 1: result round 1 board 1: none → 1-0"),
        "{after}"
    );
}
