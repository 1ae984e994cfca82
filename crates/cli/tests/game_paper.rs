//! Issue 21: `xq game export --form seal|record` — the game's paper from its log — and the
//! sealed move, which no `xq game` output shows before `resume`. The printed pages are printed
//! to PDF by headless Chromium and read back (without `chromium` on the PATH that part prints
//! `NOTICE … skipping`).

use std::path::Path;

/// Game 3495 of the national collection (黃海林 – 徐天紅), 47 plies in ICCS.
const GAME_3495: &str = "h2e2 h9g7 h0g2 i9h9 c3c4 g6g5 b0c2 b9c7 i0i1 g9e7 \
    i1f1 f9e8 b2b4 b7a7 g3g4 g5g4 b4g4 a9b9 f1f6 h7h3 \
    a0a1 b9b5 a1h1 b5h5 e2f2 h3g3 h1h5 g7h5 f6f5 e8f9 \
    g0e2 a7a8 g4h4 h5g7 f5f3 a8g8 h4g4 g7h5 g4h4 h5g7 \
    h4g4 g7h5 g4h4 h5g7 h4g4 g7h5 g4h4";

/// The sealed move in every notation the log takes.
const SEALED: [&str; 3] = ["马二进三", "h0g2", "H2+3"];

mod common;
use common::club::{club_board, ok, xq};
use common::print::{chromium_or_skip, pdf_pages};

/// An event `club.toml` (甲 v 乙, one round, paired) and the log `g.pgn` of its board 1.
fn board(d: &Path) {
    club_board(d, "封棋测试赛", "g.pgn");
}

#[test]
fn no_output_shows_the_sealed_move_until_resume_and_resume_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    board(d);
    ok(
        d,
        &["game", "move", "g.pgn", "炮二平五", "--clock", "1:29:50"],
    );
    ok(
        d,
        &["game", "move", "g.pgn", "马8进7", "--clock", "1:29:30"],
    );
    let mut seen = vec![ok(
        d,
        &["game", "seal", "g.pgn", SEALED[0], "--clock", "1:28:20"],
    )];
    seen.push(ok(d, &["game", "state", "g.pgn"]));
    seen.push(ok(d, &["game", "state", "g.pgn", "--json"]));
    seen.push(std::fs::read_to_string(d.join("g.pgn")).unwrap());
    for form in ["seal", "record"] {
        for format in ["html", "text"] {
            seen.push(ok(
                d,
                &[
                    "game", "export", "g.pgn", "--form", form, "--format", format,
                ],
            ));
        }
    }
    for out in &seen {
        for s in SEALED {
            assert!(!out.contains(s), "{s} shown before resume:\n{out}");
        }
    }
    assert!(
        seen[1].contains("adjourned: Red has sealed a move"),
        "{}",
        seen[1]
    );
    let seal = &seen[4];
    for cell in [
        "封棋记录",
        "封棋测试赛",
        "第 1 轮　第 1 台",
        "甲",
        "乙",
        "封棋方",
        "0:01:40",
        "1:28:20",
    ] {
        assert!(seal.contains(cell), "{cell} not in\n{seal}");
    }
    // 续赛: the envelope is opened and the move played with the sealing's reading
    let out = ok(d, &["game", "resume", "g.pgn"]);
    assert!(out.contains(SEALED[0]), "{out}");
    let s: serde_json::Value =
        serde_json::from_str(&ok(d, &["game", "state", "g.pgn", "--json"])).unwrap();
    assert_eq!(s["ply"], 3);
    assert_eq!(s["sealed_by"], serde_json::Value::Null);
    assert_eq!(s["clocks"]["red"], 5300);
    let record = ok(
        d,
        &[
            "game", "export", "g.pgn", "--form", "record", "--format", "text",
        ],
    );
    assert!(record.contains("马二进三"), "{record}");
    // a game that is not adjourned has no 封棋 record: exit 2, one line
    let (c, _, err) = xq(d, &["game", "export", "g.pgn", "--form", "seal"]);
    assert_eq!(c, 2);
    assert!(err.contains("no move is sealed"), "{err}");
    let (c, _, err) = xq(d, &["game", "export", "g.pgn", "--form", "card"]);
    assert_eq!(
        (c, err.trim()),
        (2, "xq: --form card: expected seal or record")
    );
}

#[test]
fn the_seal_record_and_the_move_record_print_on_one_a4_page() {
    if !chromium_or_skip("game paper") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    board(d);
    for (i, m) in GAME_3495.split_whitespace().enumerate() {
        let clock = format!("1:{:02}:00", 29 - i / 2);
        ok(d, &["game", "move", "g.pgn", m, "--clock", &clock]);
    }
    // Black to move after 47 plies: Black seals
    ok(d, &["game", "seal", "g.pgn", "马3进5"]);
    let paper = |form: &str| {
        let html = d.join(format!("{form}.html"));
        ok(
            d,
            &[
                "game",
                "export",
                "g.pgn",
                "--form",
                form,
                "-o",
                html.to_str().unwrap(),
            ],
        );
        // the text without spaces
        pdf_pages(d, &html)
            .into_iter()
            .map(|p| p.chars().filter(|c| !c.is_whitespace()).collect::<String>())
            .collect::<Vec<_>>()
    };
    let seal = paper("seal");
    assert_eq!(seal.len(), 1, "{seal:?}");
    for text in [
        "封棋记录",
        "封棋测试赛",
        "第1轮第1台",
        "姓名",
        "封棋方",
        "已走着数",
        "24",
        "23",
        "用时",
        "余时",
        "封棋图",
        "楚河",
        "汉界",
        "九八七六五四三二一",
        "红方签名",
        "黑方签名",
        "裁判员签名",
        "第1页共1页",
    ] {
        assert!(seal[0].contains(text), "封棋记录: no {text}:\n{}", seal[0]);
    }
    let record = paper("record");
    assert_eq!(record.len(), 1, "{record:?}");
    for text in [
        "对局记录",
        "红方:甲黑方:乙",
        "回合",
        "炮二平五",
        "马8进7",
        "24",
        "结果:(对局未结束)",
        "用时:红方",
        "红方签名",
        "裁判员签名",
        "第1页共1页",
    ] {
        assert!(
            record[0].contains(text),
            "对局记录: no {text}:\n{}",
            record[0]
        );
    }
    // the 封棋 record's sealed move is nowhere on the paper
    for page in seal.iter().chain(&record) {
        assert!(!page.contains("马3进5"), "{page}");
    }
}
