//! Game end → event board is crash-consistent (issue 20 item 8). A console entry or `xq game`
//! command that ends a game writes the log first, then the board. A crash at any write step
//! leaves one of a few states on disk; whichever it is, the next read or write of the log
//! ([`store::land`], as `xq game state`, any `xq game` entry — even a refused one — and the
//! desk's console call it) lands a finished game's result on its board, once.
//!
//! The write steps of a game-ending entry, and what a crash right after each leaves:
//! 0. nothing written; 1. the log's temporary file written, not renamed; 2. the log replaced
//!    (finished); 3. the event's temporary file written, not renamed; 4. both replaced.

mod common;

use std::path::{Path, PathBuf};

use xiangqi_board::Color;
use xiangqi_event::{Document, Store};
use xiangqi_event::{Edit, Event};
use xiangqi_game::store;
use xiangqi_game::{Entry, Game};
use xiangqi_rules_cn1987 as _;

/// A folder with a two-player event (round 1 paired) and the log of its board 1 with one
/// move played.
fn folder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let (dir, event, log) = common::folder("t", "club.toml", ["甲", "乙"]);
    store::update(&log, |g| {
        g.apply(Entry::Move {
            mv: "h2e2".into(),
            clock: Some(5390),
        })
    })
    .unwrap();
    (dir, event, log)
}

use common::board_result;

fn resign() -> Entry {
    Entry::Resign { side: Color::Black }
}

/// The invariant: a finished log's result is on its board; an unfinished log's board is empty;
/// the game was ended once.
fn check(event: &Path, log: &Path, what: &str) {
    let g: Game = Store::new(log).read().unwrap();
    let on_board = board_result(event);
    match &g.state().result {
        Some(r) => assert_eq!(on_board.as_deref(), Some(r.event_result()), "{what}"),
        None => assert_eq!(on_board, None, "{what}"),
    }
    let resigns = g
        .log()
        .entries
        .iter()
        .filter(|e| matches!(e, Entry::Resign { .. }))
        .count();
    assert!(resigns <= 1, "{what}: {resigns} resignations");
}

/// As `xq game` and the console do an entry: the log under its lock, then the board — landed
/// also after a refusal (the game is over).
fn enter(log: &Path, event: &Path, e: Entry) -> Result<(), String> {
    let written = store::update(log, |g| g.apply(e)).map_err(|e| e.to_string());
    store::land(log, |_| event.to_path_buf()).map_err(|e| e.to_string())?;
    written.map(|_| ())
}

/// Leaves the files as a crash right after write step `step` would.
fn crash_after(step: usize, event: &Path, log: &Path) {
    let mut g: Game = Store::new(log).read().unwrap();
    g.apply(resign()).unwrap();
    let new_log = Document::render(&g).unwrap();
    let mut ev: Event = Store::new(event).read().unwrap();
    let res = g.state().result.as_ref().unwrap().event_result();
    Edit::new(&mut ev)
        .enter_result(1, 1, res, (Some(0), Some(0)), false)
        .unwrap();
    let new_event = Document::render(&ev).unwrap();
    let temp = |target: &Path, text: &str| {
        let name = target.file_name().unwrap().to_string_lossy();
        let at = target.with_file_name(format!(".{name}{}crash", xiangqi_event::file::TEMP_MARKER));
        // a temporary file cut short, as a kill while writing it leaves it
        std::fs::write(at, &text.as_bytes()[..text.len() / 2]).unwrap();
    };
    if step >= 1 {
        temp(log, &new_log);
    }
    if step >= 2 {
        std::fs::write(log, &new_log).unwrap();
    }
    if step >= 3 {
        temp(event, &new_event);
    }
    if step >= 4 {
        std::fs::write(event, &new_event).unwrap();
    }
}

#[test]
fn a_crash_at_every_write_step_is_repaired_by_the_next_read_or_entry() {
    let mut trials = 0;
    for step in 0..=4 {
        // the next touch of the log: a read (xq game state, the console's page), the arbiter
        // entering the resignation again, or another entry
        for next in ["read", "again", "other"] {
            let (_dir, event, log) = folder();
            crash_after(step, &event, &log);
            let finished = step >= 2;
            let lost = finished && board_result(&event).is_none();
            assert_eq!(lost, (2..4).contains(&step), "step {step}");
            match next {
                "read" => {
                    let line = store::land(&log, |_| event.clone()).unwrap();
                    assert_eq!(line.is_some(), lost, "step {step}: {line:?}");
                }
                "again" => {
                    let r = enter(&log, &event, resign());
                    // before the log was replaced the resignation is entered now; after, it is
                    // refused (the game is over) but the result lands all the same
                    assert_eq!(r.is_ok(), !finished, "step {step}: {r:?}");
                }
                _ => {
                    let r = enter(&log, &event, Entry::Offer { side: Color::Red });
                    assert_eq!(r.is_ok(), !finished, "step {step}: {r:?}");
                    if !finished {
                        enter(&log, &event, resign()).unwrap();
                    }
                }
            }
            check(&event, &log, &format!("step {step}, then {next}"));
            // idempotent: landing again changes nothing
            let before = std::fs::read(&event).unwrap();
            assert_eq!(store::land(&log, |_| event.clone()).unwrap(), None);
            assert_eq!(std::fs::read(&event).unwrap(), before);
            trials += 1;
        }
    }
    assert_eq!(trials, 15);
}

#[test]
fn a_failed_board_write_is_landed_when_the_event_is_back() {
    let (dir, event, log) = folder();
    // the event file is away (a failing disk, a folder being synced …) when the game ends
    let away = dir.path().join("away.toml");
    std::fs::rename(&event, &away).unwrap();
    let e = enter(&log, &event, resign()).unwrap_err();
    assert!(
        e.contains("r1b1.pgn: the game is saved, but its result was not entered"),
        "{e}"
    );
    let g: Game = Store::new(&log).read().unwrap();
    assert!(g.state().result.is_some(), "the log is written first");
    // every later touch tries again; once the event is back, the result lands, once
    assert!(store::land(&log, |_| event.clone()).is_err());
    std::fs::rename(&away, &event).unwrap();
    let line = store::land(&log, |_| event.clone()).unwrap().unwrap();
    assert_eq!(line, "club.toml: round 1 board 1: 1-0 (违例 0–0)");
    check(&event, &log, "after the event came back");
    assert_eq!(store::land(&log, |_| event.clone()).unwrap(), None);
}

#[test]
fn a_different_result_on_the_board_is_not_overwritten() {
    let (_dir, event, log) = folder();
    crash_after(2, &event, &log);
    Store::new(&event)
        .edit(&xiangqi_event::Writer::new("test"), |e| {
            e.enter_result(1, 1, "0-1", (None, None), false)
        })
        .unwrap();
    let e = store::land(&log, |_| event.clone())
        .unwrap_err()
        .to_string();
    assert!(e.contains("result was not entered"), "{e}");
    assert_eq!(board_result(&event).as_deref(), Some("0-1"));
}
