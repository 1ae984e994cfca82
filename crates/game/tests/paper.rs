//! Issue 21: the game's paper from its log — the 封棋 record, the move record, the 计分单's
//! 用时 — and no sealed move on any of it before 续赛.

mod common;

use xiangqi_board::Color;
use xiangqi_event::{Event, Store};
use xiangqi_forms::scoresheets;
use xiangqi_game::paper::{self, fill_times, move_record, seal_record};
use xiangqi_game::{Entry, Game, store};
use xiangqi_rules_cn1987 as _;

fn mv(m: &str, clock: u32) -> Entry {
    Entry::Move {
        mv: m.into(),
        clock: Some(clock),
    }
}

/// Board 1 of a two-player event: 炮二平五 马8进7 with clock readings, then Red seals 马二进三.
fn adjourned() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let (dir, event, log) = common::folder("封棋赛", "s.toml", ["甲", "乙"]);
    for e in [
        mv("炮二平五", 5390),
        mv("马8进7", 5370),
        Entry::Seal {
            side: Color::Red,
            text: "马二进三".into(),
            clock: Some(5300),
        },
    ] {
        store::update(&log, |g| g.apply(e)).unwrap();
    }
    (dir, event, log)
}

#[test]
fn the_seal_record_has_names_sealer_times_moves_and_diagram_but_not_the_move() {
    let (_dir, event, log) = adjourned();
    let g: Game = Store::new(&log).read().unwrap();
    let ev: Event = Store::new(&event).read().unwrap();
    let r = seal_record(&g, Some(&ev)).unwrap();
    assert_eq!(r.event, "封棋赛");
    assert_eq!(r.board, Some((1, 1)));
    assert_eq!((r.names.red.as_str(), r.names.black.as_str()), ("甲", "乙"));
    assert_eq!(r.sealer, Color::Red);
    assert_eq!((r.moves_made.red, r.moves_made.black), (1, 1));
    // classical: 1:30:00 each; Red's clock read 1:28:20 when it sealed, Black's 1:29:30
    // after its move
    assert_eq!(
        (r.used.red.as_str(), r.used.black.as_str()),
        ("0:01:40", "0:00:30")
    );
    assert_eq!(
        (r.clocks.red.as_str(), r.clocks.black.as_str()),
        ("1:28:20", "1:29:30")
    );
    assert_eq!(r.fen, g.position().fen());
    let sheet = r.sheet();
    for text in [sheet.text(), sheet.html()] {
        for sealed in ["马二进三", "h0g2", "H2+3"] {
            assert!(!text.contains(sealed), "{sealed} in {text}");
        }
    }
    // the move record of the adjourned game stops before the seal
    let rec = move_record(&g, Some(&ev));
    assert_eq!(rec.moves, ["炮二平五", "马８进７"]);
    assert_eq!(rec.result, "");
    assert!(!rec.sheet().html().contains("马二进三"));
}

#[test]
fn the_move_record_after_resumption_and_the_result() {
    let (_dir, event, log) = adjourned();
    store::update(&log, |g| g.resume()).unwrap();
    store::update(&log, |g| g.apply(mv("马２进３", 5200))).unwrap();
    store::update(&log, |g| g.apply(Entry::Resign { side: Color::Black })).unwrap();
    let g: Game = Store::new(&log).read().unwrap();
    assert!(seal_record(&g, None).is_none());
    let rec = move_record(&g, None);
    assert_eq!(rec.moves, ["炮二平五", "马８进７", "马二进三", "马２进３"]);
    assert_eq!(rec.result, "红胜（认输）");
    assert_eq!(rec.board, Some((1, 1)));
    assert_eq!(rec.start_fen, None);
    assert_eq!(
        (rec.used.red.as_str(), rec.used.black.as_str()),
        ("0:01:40", "0:03:20")
    );
    let text = rec.sheet().text();
    assert!(
        text.contains("1     炮二平五  马８进７\n2     马二进三  马２进３"),
        "{text}"
    );
    assert!(text.contains("结果：红胜（认输）"), "{text}");

    // the round's 计分单 takes its 用时 from the log
    let ev: Event = Store::new(&event).read().unwrap();
    let mut sheets = scoresheets(&ev, 1).unwrap();
    assert_eq!(sheets.sheets[0].red.time, "");
    let read = || Store::<Game>::new(&log).read().ok();
    fill_times(&mut sheets, |b| if b == 1 { read() } else { None });
    assert_eq!(sheets.sheets[0].red.time, "0:01:40");
    assert_eq!(sheets.sheets[0].black.time, "0:03:20");
    // a log of another board fills nothing
    let mut other = scoresheets(&ev, 1).unwrap();
    other.round = 2;
    fill_times(&mut other, |_| read());
    assert_eq!(other.sheets[0].red.time, "");
}

#[test]
fn the_desks_log_place_fills_the_sheets() {
    let (dir, event, log) = adjourned();
    let at = paper::board_log(&event, 1, 1);
    assert_eq!(at, dir.path().join("s-games").join("r1b1.pgn"));
    std::fs::create_dir_all(at.parent().unwrap()).unwrap();
    std::fs::copy(&log, &at).unwrap();
    let ev: Event = Store::new(&event).read().unwrap();
    let mut sheets = scoresheets(&ev, 1).unwrap();
    paper::fill_times_from_folder(&mut sheets, &event);
    assert_eq!(
        (
            sheets.sheets[0].red.time.as_str(),
            sheets.sheets[0].black.time.as_str()
        ),
        ("0:01:40", "0:00:30")
    );
}
