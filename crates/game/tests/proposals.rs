//! Issue 22 item 5: the rules propose, the arbiter decides — on a board of an event. The real
//! national game of the issue (ccpd_national.pgn game 147, 1984年全國象棋團體賽, recorded
//! 1/2-1/2): under CN-1987 the rules find Red must vary at ply 41 and, Red having repeated
//! after being told, a loss at ply 44. The live console once wrote 0-1 into the event by
//! itself there. Now every step goes through the game store as `xq game` and the console do,
//! with [`store::land`] after each (as every read or write of the log calls it): nothing reaches
//! the event until the arbiter declares, and then the declared result does.

use std::path::{Path, PathBuf};

use xiangqi_event::Event;
use xiangqi_event::Store;
use xiangqi_game::store::{self, BoardOf, NewGame};
use xiangqi_game::words::{self, Asked, Fields};
use xiangqi_game::{Entry, Ruled};
use xiangqi_rules_cn1987 as _;
use xiangqi_scheduling::EventConfig;

/// Game 147's 56 plies in ICCS.
const GAME_147: &str = "h2e2 h9g7 i0i1 b9c7 h0g2 i9h9 i1d1 g6g5 b0c2 c9e7 \
    e3e4 h7h5 c2e3 d9e8 g3g4 c6c5 g4g5 e7g5 c3c4 c7d5 \
    c4c5 d5e3 g2e3 h5c5 e4e5 b7e7 e3g4 e7e5 g4e5 e6e5 \
    d1d5 c5c7 d5d7 g7e6 d7d5 e6g7 d5d7 g7e6 d7d6 e6g7 \
    d6d7 g7e6 d7d5 e6g7 d5e5 c7e7 a0a1 e7e2 g0e2 g5e7 \
    a1g1 h9h5 e5e4 h5g5 g1g5 e7g5";

fn folder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let players = ["火車頭 梁文彬", "吉林 鄭會斌"]
        .iter()
        .map(|n| (n.to_string(), String::new()))
        .collect();
    let ev = Event::new(
        "1984",
        "cn-1987",
        EventConfig::default(),
        players,
        1,
        Some(1),
        false,
    )
    .unwrap();
    let event = dir.path().join("team.toml");
    let es = Store::new(&event);
    es.create(&ev).unwrap();
    es.update(|ev: &mut Event| ev.pair_next().map(|_| ()))
        .unwrap();
    let log = dir.path().join("r1b1.pgn");
    let (header, _) = store::new_header(&NewGame {
        board: Some(BoardOf {
            event: event.clone(),
            recorded: "team.toml".into(),
            round: 1,
            board: 1,
        }),
        ..NewGame::default()
    })
    .unwrap();
    store::create(&log, header, false).unwrap();
    (dir, event, log)
}

fn board_result(event: &Path) -> Option<String> {
    let ev: Event = Store::new(event).read().unwrap();
    ev.paired[0].boards[0].result.clone()
}

/// One entry as a front end makes it: the words read by [`words::entry`], applied under the
/// store's lock, then the landing every touch of the log does.
fn enter(log: &Path, event: &Path, word: &str, f: Fields) -> Result<String, String> {
    let Asked::Apply(e) = words::entry(word, &f).map_err(|e| e.to_string())? else {
        panic!("{word}: an entry");
    };
    let r = store::update(log, |g| g.apply(e)).map_err(|e| e.to_string());
    store::land(log, |_| event.to_path_buf()).unwrap();
    r
}

fn mv(log: &Path, event: &Path, m: &str) -> String {
    let f = Fields {
        mv: m.into(),
        ..Fields::default()
    };
    enter(log, event, "move", f).unwrap()
}

fn proposal(log: &Path) -> Option<(Ruled, usize)> {
    let g: xiangqi_game::Game = Store::new(log).read().unwrap();
    g.state().proposal.as_ref().map(|p| (p.ruling, p.ply))
}

#[test]
fn the_national_game_reaches_the_event_only_when_declared() {
    let (_dir, event, log) = folder();
    let moves: Vec<&str> = GAME_147.split_whitespace().collect();
    assert_eq!(moves.len(), 56);
    for (i, m) in moves.iter().enumerate() {
        let ply = i + 1;
        let r = mv(&log, &event, m);
        match ply {
            41 => {
                assert!(r.contains("Red must vary"), "{r}");
                assert_eq!(proposal(&log), Some((Ruled::RedMustVary, 41)));
                let told = Fields {
                    side: "red".into(),
                    by: "裁判员".into(),
                    at: "1984-05-01T15:00:00Z".into(),
                    ..Fields::default()
                };
                let r = enter(&log, &event, "told", told).unwrap();
                assert!(r.contains("Red is told to vary by 裁判员"), "{r}");
            }
            44 => {
                // the loss the console once entered as 0-1 by itself
                assert!(r.contains("proposed (cn-1987): black-wins"), "{r}");
                assert_eq!(proposal(&log), Some((Ruled::BlackWins, 44)));
            }
            _ => {}
        }
        assert_eq!(
            board_result(&event),
            None,
            "ply {ply}: nothing on the board"
        );
    }
    // the game was drawn: the arbiter declares it, with its rule, and only then it lands
    assert_eq!(
        proposal(&log),
        None,
        "the loss proposal lapsed at Red's change of move"
    );
    let declare = Fields {
        outcome: "draw".into(),
        reason: "双方同意作和".into(),
        by: "裁判长".into(),
        at: "1984-05-01T16:00:00Z".into(),
        ..Fields::default()
    };
    enter(&log, &event, "declare", declare).unwrap();
    assert_eq!(board_result(&event).as_deref(), Some("="));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("[XqLog \"3\"]"), "{text}");
    assert!(
        text.contains("[%xq propose red-must-vary \"perpetual-chase\" \"cn-1987\" 34-41 "),
        "{text}"
    );
    assert!(
        text.contains("[%xq told red \"裁判员\" \"1984-05-01T15:00:00Z\"]"),
        "{text}"
    );
    assert!(
        text.contains("[%xq propose black-wins \"perpetual-chase\" \"cn-1987\" 33-44 "),
        "{text}"
    );
    assert!(
        text.contains("[%xq declare draw \"双方同意作和\" \"裁判长\" \"1984-05-01T16:00:00Z\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
}

#[test]
fn an_undone_move_stays_in_the_log_and_no_loss_is_proposed_untold() {
    let (_dir, event, log) = folder();
    let moves: Vec<&str> = GAME_147.split_whitespace().collect();
    // a mistyped legal move, undone with its reason; the record keeps it, marked
    for m in &moves[..2] {
        mv(&log, &event, m);
    }
    mv(&log, &event, "b0c2");
    let undo = Fields {
        reason: "录入错误：应为 i0i1".into(),
        by: "裁判员".into(),
        ..Fields::default()
    };
    let r = enter(&log, &event, "undo", undo.clone()).unwrap();
    assert_eq!(
        r,
        "entry 3 (move b0c2) undone by 裁判员: 录入错误：应为 i0i1"
    );
    for m in &moves[2..44] {
        mv(&log, &event, m);
    }
    // not told at 41: the rules propose must-vary again, never a loss
    assert_eq!(proposal(&log), Some((Ruled::RedMustVary, 44)));
    let told = Fields {
        side: "red".into(),
        ..Fields::default()
    };
    enter(&log, &event, "told", told).unwrap();
    // the proposal is declared as proposed (no result named)
    assert_eq!(
        enter(&log, &event, "declare", Fields::default()).unwrap_err(),
        format!(
            "{}: declare: the rules propose no result here: name it (red-wins, black-wins or draw) and its rule",
            log.display()
        )
    );
    assert_eq!(board_result(&event), None);
    let text = std::fs::read_to_string(&log).unwrap();
    let g = xiangqi_game::Game::from_text(&text).unwrap().0;
    assert_eq!(g.undone(), &[2]);
    assert!(matches!(g.log().entries[3], Entry::Undo { entry: 3, .. }));
    // in the PGN the undone move is off the game's line, so any reader reads the moves in force
    assert!(text.contains("[%xq move b0c2 -]"), "{text}");
    let read = xiangqi_notation::read_games(text.as_bytes(), "log", Default::default()).unwrap();
    assert_eq!(read[0].moves.len(), 44);
}
