//! The fixture the event-board tests share: a folder with a two-player event (one round,
//! paired) and the log of its board 1, created through the game store as `xq game new --event`
//! does.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use xiangqi_event::{Event, Store};
use xiangqi_game::store::{self, BoardOf, NewGame};
use xiangqi_scheduling::EventConfig;

/// A temporary folder holding `event_file` (an event of `players`, round 1 paired) and
/// `r1b1.pgn`, the new log of its board 1. Returns the folder and both paths.
pub fn folder(
    event_name: &str,
    event_file: &str,
    players: [&str; 2],
) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let players = players
        .iter()
        .map(|n| (n.to_string(), String::new()))
        .collect();
    let ev = Event::new(
        event_name,
        "cn-1987",
        EventConfig::default(),
        players,
        1,
        Some(1),
        false,
    )
    .unwrap();
    let event = dir.path().join(event_file);
    let es = Store::new(&event);
    es.create(&ev).unwrap();
    es.edit(&xiangqi_event::Writer::new("test"), |e| {
        e.pair().map(|_| ())
    })
    .unwrap();
    let log = dir.path().join("r1b1.pgn");
    let (header, _) = store::new_header(&NewGame {
        board: Some(BoardOf {
            event: event.clone(),
            recorded: event_file.into(),
            round: 1,
            board: 1,
        }),
        ..NewGame::default()
    })
    .unwrap();
    store::create(&log, header, false).unwrap();
    (dir, event, log)
}

/// The result on board 1 of round 1.
pub fn board_result(event: &Path) -> Option<String> {
    board(event).result
}

/// Board 1 of round 1 as the event file holds it.
pub fn board(event: &Path) -> xiangqi_event::Pairing {
    let ev: Event = Store::new(event).read().unwrap();
    ev.paired[0].boards[0].clone()
}
