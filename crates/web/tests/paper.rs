//! HTTP tests of the game's paper at the desk (issue 21): the 封棋记录 and the 对局记录 of a
//! board's game log, and the round's 计分单 with 用时 from the logs — the pages `xq game export`
//! writes, and no sealed move on any page (the console's too) before the game resumes.

mod common;

use axum::http::StatusCode;
use common::get_page as get;
use xiangqi::board::Color;
use xiangqi::event::{Event, Store};
use xiangqi::game::Entry;
use xiangqi::game::store::{self, BoardOf, NewGame};
use xiangqi::scheduling::EventConfig;

const BOARD: &str = "/e/club.toml/round/1/board/1";

/// `club.toml` (two players, one round, paired) and the log of board 1 where the console keeps
/// it, with two moves played and Red's move sealed (马二进三).
fn adjourned() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("club.toml");
    let two = vec![
        ("甲".to_string(), "中国火车头体育协会".to_string()),
        ("乙".to_string(), String::new()),
    ];
    let ev = Event::new(
        "俱乐部赛",
        "cn-1987",
        EventConfig::default(),
        two,
        1,
        Some(1),
        false,
    );
    Store::new(&event).create(&ev.unwrap()).unwrap();
    Store::new(&event)
        .edit(&xiangqi::event::Writer::new("test"), |e| {
            e.pair().map(|_| ())
        })
        .unwrap();
    let log = dir.path().join("club-games").join("r1b1.pgn");
    std::fs::create_dir(log.parent().unwrap()).unwrap();
    let of = BoardOf {
        event,
        recorded: "../club.toml".into(),
        round: 1,
        board: 1,
    };
    let header = store::new_header(&NewGame {
        board: Some(of),
        ..NewGame::default()
    });
    store::create(&log, header.unwrap().0, false).unwrap();
    let seal = Entry::Seal {
        side: Color::Red,
        text: "马二进三".into(),
        clock: Some(5300),
    };
    let moves = [("炮二平五", 5390), ("马8进7", 5370)].map(|(m, c)| Entry::Move {
        mv: m.into(),
        clock: Some(c),
    });
    for e in moves.into_iter().chain([seal]) {
        store::update(&log, |g| g.apply(e)).unwrap();
    }
    dir
}

#[tokio::test]
async fn the_seal_record_the_move_record_and_the_timed_sheets() {
    let dir = adjourned();
    let app = common::app(dir.path(), None);

    let (s, seal) = get(&app, &format!("{BOARD}/paper/seal")).await;
    assert_eq!(s, StatusCode::OK, "{seal}");
    for text in [
        "<h1>封棋记录</h1>",
        "俱乐部赛",
        "第 1 轮　第 1 台",
        "封棋图",
        "0:01:40",
        "1:28:20",
        "裁判员签名：",
        "第 1 页 共 1 页",
    ] {
        assert!(seal.contains(text), "{text} not in {seal}");
    }
    let (s, record) = get(&app, &format!("{BOARD}/paper/record")).await;
    assert_eq!(s, StatusCode::OK, "{record}");
    assert!(
        record.contains("<h1>对局记录</h1>") && record.contains("炮二平五"),
        "{record}"
    );
    let (s, sheets) = get(&app, "/e/club.toml/round/1/paper/scoresheets").await;
    assert_eq!(s, StatusCode::OK, "{sheets}");
    assert!(
        sheets.contains("<td>0:01:40</td>") && sheets.contains("<td>0:00:30</td>"),
        "{sheets}"
    );
    // neither the paper nor the console shows the sealed move
    let (_, console) = get(&app, &format!("{BOARD}/live")).await;
    for page in [&seal, &record, &sheets, &console] {
        for m in ["马二进三", "h0g2", "H2+3"] {
            assert!(!page.contains(m), "{m} shown before resume: {page}");
        }
    }

    // a form that is not paper, a board with no log: 404 pages
    let (s, _) = get(&app, &format!("{BOARD}/paper/card")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    std::fs::remove_file(dir.path().join("club-games").join("r1b1.pgn")).unwrap();
    let (s, body) = get(&app, &format!("{BOARD}/paper/record")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(body.contains("has no game log"), "{body}");
    // without logs the sheets print with 用时 blank
    let (s, sheets) = get(&app, "/e/club.toml/round/1/paper/scoresheets").await;
    assert_eq!(s, StatusCode::OK);
    assert!(!sheets.contains("0:01:40"));
    let (s, _) = get(&app, "/e/club.toml/round/2/paper/scoresheets").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}
