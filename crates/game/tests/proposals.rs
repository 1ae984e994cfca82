//! Issue 22 item 5: the rules propose, the arbiter decides — on a board of an event. A real
//! national game (ccpd_national.pgn game 3495, 1998 “石林杯”全國象棋團體錦標賽, 黃海林 – 徐天紅,
//! recorded 1/2-1/2): under CN-1987 the rules find Red's 长捉 (must vary) at ply 44 and, Red
//! having repeated after being told, a loss at ply 45 — what the live console once wrote into
//! the event by itself. (The issue's own game, 147, is a draw under CN-1987 since the R23 fix:
//! its 车六退二 flees an unpinned advisor, 闲.) Now every step goes through the game store as `xq game` and the console do,
//! with [`store::land`] after each (as every read or write of the log calls it): nothing reaches
//! the event until the arbiter declares, and then the declared result does.

mod common;

use std::path::{Path, PathBuf};

use xiangqi_event::Store;
use xiangqi_game::store;
use xiangqi_game::words::{self, Asked, Fields};
use xiangqi_game::{Entry, Ruled};
use xiangqi_rules_cn1987 as _;

/// Game 3495's 47 plies in ICCS.
const GAME_3495: &str = "h2e2 h9g7 h0g2 i9h9 c3c4 g6g5 b0c2 b9c7 i0i1 g9e7 \
    i1f1 f9e8 b2b4 b7a7 g3g4 g5g4 b4g4 a9b9 f1f6 h7h3 \
    a0a1 b9b5 a1h1 b5h5 e2f2 h3g3 h1h5 g7h5 f6f5 e8f9 \
    g0e2 a7a8 g4h4 h5g7 f5f3 a8g8 h4g4 g7h5 g4h4 h5g7 \
    h4g4 g7h5 g4h4 h5g7 h4g4 g7h5 g4h4";

fn folder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    common::folder("1984", "team.toml", ["南方棋院 黃海林", "江蘇 徐天紅"])
}

use common::board_result;

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
    let moves: Vec<&str> = GAME_3495.split_whitespace().collect();
    assert_eq!(moves.len(), 47);
    for (i, m) in moves.iter().enumerate() {
        let ply = i + 1;
        let r = mv(&log, &event, m);
        match ply {
            44 => {
                assert!(r.contains("Red must vary"), "{r}");
                assert_eq!(proposal(&log), Some((Ruled::RedMustVary, 44)));
                let told = Fields {
                    side: "red".into(),
                    by: "裁判员".into(),
                    at: "1984-05-01T15:00:00Z".into(),
                    ..Fields::default()
                };
                let r = enter(&log, &event, "told", told).unwrap();
                assert!(r.contains("Red is told to vary by 裁判员"), "{r}");
            }
            45 => {
                // the loss the console once entered by itself
                assert!(r.contains("proposed (cn-1987): black-wins"), "{r}");
                assert_eq!(proposal(&log), Some((Ruled::BlackWins, 45)));
            }
            // every further repetition renews the proposal: still no result
            46 => assert_eq!(proposal(&log), Some((Ruled::BlackWins, 46))),
            _ => {}
        }
        assert_eq!(
            board_result(&event),
            None,
            "ply {ply}: nothing on the board"
        );
    }
    // Red repeats once more: the rules propose the loss again; the arbiter decides otherwise
    // (the game was recorded drawn): declared with its rule, and only then it lands
    assert_eq!(proposal(&log), Some((Ruled::BlackWins, 47)));
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
        text.contains("[%xq propose red-must-vary \"perpetual-chase\" \"cn-1987\" 37-44 "),
        "{text}"
    );
    assert!(
        text.contains("[%xq told red \"裁判员\" \"1984-05-01T15:00:00Z\"]"),
        "{text}"
    );
    assert!(
        text.contains("[%xq propose black-wins \"perpetual-chase\" \"cn-1987\" 38-45 "),
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
    let moves: Vec<&str> = GAME_3495.split_whitespace().collect();
    // a mistyped legal move, undone with its reason; the record keeps it, marked
    for m in &moves[..2] {
        mv(&log, &event, m);
    }
    mv(&log, &event, "b0c2");
    let undo = Fields {
        reason: "录入错误：应为 h0g2".into(),
        by: "裁判员".into(),
        ..Fields::default()
    };
    let r = enter(&log, &event, "undo", undo.clone()).unwrap();
    assert_eq!(
        r,
        "entry 3 (move b0c2) undone by 裁判员: 录入错误：应为 h0g2"
    );
    for m in &moves[2..45] {
        mv(&log, &event, m);
    }
    // not told at 44: the rules propose must-vary again, never a loss
    assert_eq!(proposal(&log), Some((Ruled::RedMustVary, 45)));
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
    assert_eq!(read[0].moves.len(), 45);
}
