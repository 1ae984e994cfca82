//! HTTP tests of the game viewer (`/g/PATH`): the board, the moves in each notation, the classes
//! of both editions side by side with the reason where they differ, the repetition rulings,
//! `?ply=`, the games of a multi-game file, refused paths (404) and unreadable files (422).

use std::path::{Path, PathBuf};

mod common;

use axum::http::StatusCode;
use common::get_page as get;

/// Rule-book diagram 20 (一杀一捉): cn-1987 makes Red vary, AXF calls it a draw.
fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/mate-threat-and-chase.pgn")
}

const TWO_GAMES: &str = "[Event \"甲级联赛\"]\n[Red \"王天一\"]\n[Black \"郑惟桐\"]\n[Result \"1-0\"]\n\n\
1. 炮二平五 马8进7 2. 马二进三 车9平8 1-0\n\n\
[Event \"甲级联赛\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]\n[Result \"1/2-1/2\"]\n\n\
1. 相三进五 炮8平4 1/2-1/2\n";

/// A folder with the example game, a two-game file, a garbage file, a game log in JSON and
/// an event-less `.toml` beside them.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(example(), dir.path().join("diagram20.pgn")).unwrap();
    std::fs::write(dir.path().join("two.pgn"), TWO_GAMES).unwrap();
    std::fs::write(
        dir.path().join("bad.pgn"),
        "1. 炮二平五 马8进7 2. 车一进九 *\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("sub/garbage.xqf"), "this is not a game").unwrap();
    std::fs::write(
        dir.path().join("live.json"),
        r#"{"format":"xq-game","version":1,"header":{"ruleset":"axf",
"fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
"time_control":"40/90,20/30*","red":"蒋川","black":"孟辰"},
"entries":[{"type":"move","move":"h2e2"},{"type":"move","move":"h9g7"},{"type":"resign","side":"red"}]}"#,
    )
    .unwrap();
    dir
}

/// The text of the element that carries `class="cur"` in the move list.
fn current_move(body: &str) -> Option<(usize, String)> {
    let at = body.find("class=\"cur\" aria-current=\"step\">")?;
    let before = &body[..at];
    let ply_at = before.rfind("data-ply=\"")? + "data-ply=\"".len();
    let ply = before[ply_at..].split('"').next()?.parse().ok()?;
    let text = body[at..].split('>').nth(1)?.split('<').next()?.to_string();
    Some((ply, text))
}

#[tokio::test]
async fn a_game_with_a_repetition_shows_board_moves_classes_and_rulings() {
    let dir = folder();
    let app = common::app(dir.path(), None);
    let (status, body) = get(&app, "/g/diagram20.pgn").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // the board: an SVG diagram with the last move marked
    assert!(body.contains("<svg"), "no board");
    assert!(body.contains("class=\"last-move\""), "last move not marked");
    // the moves in Chinese by default; the last one (ply 8, 车六进二 c8c6) is the current one
    assert_eq!(current_move(&body).map(|c| c.0), Some(8), "{body}");
    assert!(body.contains("data-ply=\"1\""));
    assert!(!body.contains(">b6a8<"), "ICCS shown by default");
    // the classes of both editions side by side, the differing rows with their reason
    assert!(body.contains("<th>cn-1987</th>") && body.contains("<th>axf</th>"));
    assert!(body.contains("杀"), "no mate threat class");
    assert!(body.contains("捉"), "no chase class");
    // the same class under both (no row marked), but cn-1987 names the idle kind: 跟
    assert!(body.contains("<td class=\"name\">闲</td><td class=\"name\">闲（跟）</td>"));
    assert!(
        !body.contains("class=\"differs"),
        "a row marked though the classes agree"
    );
    // the repetition rulings: who must vary under cn-1987, a draw under AXF, with the reasons
    assert!(body.contains("红方变着"), "no cn-1987 verdict");
    assert!(body.contains("一杀一捉"));
    assert!(body.contains("长跟"));
    // AXF's English explanation said in Chinese
    assert!(
        body.contains("双方均未长将或长捉同一子：允许循环，判和"),
        "no AXF explanation"
    );
    assert!(
        body.contains("第9条允许长杀"),
        "no AXF reading of the cycle"
    );
    assert!(
        body.contains("判决不同"),
        "the verdicts' difference not stated"
    );
    assert!(
        body.contains("“杀”属于“打”"),
        "no cn-1987 reading of the cycle"
    );
    // every plain link works without JavaScript: previous and first, no next at the end
    assert!(body.contains("rel=\"prev\" href=\"/g/diagram20.pgn?lang=zh&ply=7\""));
    assert!(!body.contains("rel=\"next\""));

    // each notation
    let (_, iccs) = get(&app, "/g/diagram20.pgn?notation=iccs&ply=3").await;
    assert_eq!(current_move(&iccs), Some((3, "a8b6".into())), "{iccs}");
    let (_, wxf) = get(&app, "/g/diagram20.pgn?notation=wxf&ply=1").await;
    let (ply, text) = current_move(&wxf).unwrap();
    assert_eq!(ply, 1);
    assert!(text.starts_with('H'), "WXF horse move: {text}");
    let (_, zh) = get(&app, "/g/diagram20.pgn?notation=zh&ply=1").await;
    let (_, text) = current_move(&zh).unwrap();
    assert_eq!(text, "马八进九");
    // links keep the notation
    assert!(wxf.contains("rel=\"next\" href=\"/g/diagram20.pgn?lang=zh&ply=2&notation=wxf\""));

    // in English, the rulesets chosen
    let (_, en) = get(&app, "/g/diagram20.pgn?lang=en&rulesets=axf").await;
    assert!(en.contains("<th>axf</th>") && !en.contains("<th>cn-1987</th>"));
    assert!(en.contains("Repetition rulings") && en.contains("draw"));
    assert!(
        en.contains("name=\"rulesets\" value=\"cn-1987\">"),
        "unchecked box"
    );
    assert!(en.contains("name=\"rulesets\" value=\"axf\" checked>"));
    // the check boxes' own form of the query (the key repeated)
    let (_, both) = get(&app, "/g/diagram20.pgn?rulesets=axf&rulesets=cn-1987").await;
    let (axf_at, cn_at) = (both.find("<th>axf</th>"), both.find("<th>cn-1987</th>"));
    assert!(
        axf_at.is_some() && cn_at.is_some() && axf_at < cn_at,
        "order kept"
    );
}

/// The line behind the shown ply's class: the capture line of a 捉 and the mate line of a 杀, in
/// Chinese notation with the search bounds, under each ruleset; none for an idle ply.
#[tokio::test]
async fn the_shown_plys_chase_or_mate_threat_comes_with_its_line() {
    let dir = folder();
    let app = common::app(dir.path(), None);
    // ply 3 (马八进七 → a8b6) chases the rook on c8
    let (status, body) = get(&app, "/g/diagram20.pgn?ply=3").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("本步的捉、杀线"), "{body}");
    assert!(
        body.contains("<li class=\"line\">捉 c8（让一着）：马八进七 将５平４  [连将次数 ≥ 0，得子搜索着数 ≥ 2]</li>"),
        "no capture line for ply 3"
    );
    // ply 1 threatens mate: its line is a mate line
    let (_, body) = get(&app, "/g/diagram20.pgn?ply=1").await;
    assert!(
        body.contains("<li class=\"line\">杀 "),
        "no mate line for ply 1"
    );
    // ply 2 is idle under both: no line
    let (_, body) = get(&app, "/g/diagram20.pgn?ply=2").await;
    assert!(!body.contains("class=\"line\""), "a line for an idle ply");
    // in English the heading is English, the line the same
    let (_, en) = get(&app, "/g/diagram20.pgn?ply=3&lang=en").await;
    assert!(en.contains("The line behind this ply"));
}

#[tokio::test]
async fn a_ply_out_of_range_shows_the_last_and_ply_0_the_start() {
    let dir = folder();
    let app = common::app(dir.path(), None);
    let (status, body) = get(&app, "/g/diagram20.pgn?ply=999").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(current_move(&body).map(|c| c.0), Some(8));
    assert!(body.contains("8/8"));
    let (_, start) = get(&app, "/g/diagram20.pgn?ply=0").await;
    assert_eq!(
        current_move(&start),
        None,
        "no move is current at the start"
    );
    assert!(start.contains("<span class=\"plyno\">0/8</span>"));
    assert!(!start.contains("class=\"last-move\""));
    assert!(!start.contains("rel=\"prev\""));
    assert!(start.contains("rel=\"next\" href=\"/g/diagram20.pgn?lang=zh&ply=1\""));
    // the boards differ
    let svg = |b: &str| b[b.find("<svg").unwrap()..b.find("</svg>").unwrap()].to_string();
    assert_ne!(svg(&body), svg(&start));
}

#[tokio::test]
async fn paths_out_of_the_folder_are_not_found() {
    let dir = folder();
    let inner = dir.path().join("sub");
    // the desk serves `sub/`; the example lies one level up
    let app = common::app(&inner, None);
    for uri in [
        "/g/../diagram20.pgn",
        "/g/%2e%2e/diagram20.pgn",
        "/g/..%2Fdiagram20.pgn",
        "/g//etc/passwd",
        "/g/%2Fetc%2Fpasswd",
        "/g/nothing.pgn",
    ] {
        let (status, _) = get(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.path().join("diagram20.pgn"), inner.join("link.pgn"))
            .unwrap();
        let (status, _) = get(&app, "/g/link.pgn").await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "a symbolic link out of the folder"
        );
        // a link inside the folder is fine
        std::os::unix::fs::symlink(inner.join("garbage.xqf"), inner.join("inside.xqf")).unwrap();
        let (status, _) = get(&app, "/g/inside.xqf").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
}

#[tokio::test]
async fn unreadable_files_give_the_readers_message() {
    let dir = folder();
    let app = common::app(dir.path(), None);
    let (status, body) = get(&app, "/g/bad.pgn").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let expected = xiangqi::notation::read_games(
        &std::fs::read(dir.path().join("bad.pgn")).unwrap(),
        "bad.pgn",
        xiangqi::notation::Mode::Tolerant,
    )
    .unwrap_err()
    .to_string();
    assert!(body.contains(&expected), "{expected:?} not in {body}");
    assert!(body.contains("车一进九"));
    assert!(
        !body.contains(&dir.path().display().to_string()),
        "server path shown"
    );
    let (status, body) = get(&app, "/g/sub/garbage.xqf").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("sub/garbage.xqf"), "{body}");
    assert!(body.contains("无法读取棋谱"));
    // a game that is not in the file
    let (status, body) = get(&app, "/g/two.pgn?game=3").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("no game 3 (the file holds 2)"), "{body}");
}

#[tokio::test]
async fn a_multi_game_file_lists_its_games() {
    let dir = folder();
    let app = common::app(dir.path(), None);
    let (status, body) = get(&app, "/g/two.pgn").await;
    assert_eq!(status, StatusCode::OK);
    for name in ["王天一", "郑惟桐", "许银川", "吕钦"] {
        assert!(body.contains(name), "{name}");
    }
    assert!(body.contains("href=\"/g/two.pgn?lang=zh&game=1\""));
    assert!(body.contains("href=\"/g/two.pgn?lang=zh&game=2\""));
    assert!(!body.contains("<svg"), "a list, not a board");
    let (status, second) = get(&app, "/g/two.pgn?game=2&notation=iccs").await;
    assert_eq!(status, StatusCode::OK);
    assert!(second.contains("许银川 – 吕钦"));
    assert_eq!(current_move(&second), Some((2, "h7d7".into())));
    assert!(second.contains("href=\"/g/two.pgn?lang=zh&game=2&ply=1&notation=iccs\""));
    assert!(second.contains("本文件所有棋局"));
}

#[tokio::test]
async fn a_game_log_in_json_is_replayed() {
    let dir = folder();
    let app = common::app(dir.path(), None);
    let (status, body) = get(&app, "/g/live.json?notation=iccs").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("蒋川 – 孟辰"));
    assert_eq!(current_move(&body), Some((2, "h9g7".into())));
    assert!(body.contains("0-1"), "the resignation's result");
    // a log the rules refuse: the game crate's message
    std::fs::write(
        dir.path().join("wrong.json"),
        r#"{"format":"xq-game","version":1,"header":{"ruleset":"axf",
"fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
"time_control":"40/90,20/30*"},"entries":[{"type":"move","move":"a0a5"}]}"#,
    )
    .unwrap();
    let (status, body) = get(&app, "/g/wrong.json").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("wrong.json: entry 1"), "{body}");
}

#[tokio::test]
async fn the_events_page_links_the_folders_games() {
    let dir = folder();
    std::fs::write(dir.path().join("export.json"), "{\"players\": []}").unwrap();
    let app = common::app(dir.path(), None);
    let (status, body) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("棋局"));
    for f in ["diagram20.pgn", "two.pgn", "bad.pgn", "live.json"] {
        assert!(body.contains(&format!("href=\"/g/{f}?lang=zh\"")), "{f}");
    }
    assert!(
        !body.contains("export.json"),
        "a JSON file that is no game log"
    );
    assert!(!body.contains("garbage.xqf"), "a subfolder's file");
}

#[tokio::test]
async fn a_single_event_file_serves_the_games_of_its_folder() {
    let dir = folder();
    let ev = xiangqi::event::Event::new(
        "公开赛",
        "axf",
        xiangqi::scheduling::EventConfig::default(),
        vec![("甲".into(), String::new()), ("乙".into(), String::new())],
        1,
        Some(1),
        false,
    )
    .unwrap();
    let path = dir.path().join("open.toml");
    xiangqi::event::Store::new(&path).create(&ev).unwrap();
    let app = common::app(&path, None);
    let (status, body) = get(&app, "/g/diagram20.pgn").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<svg"));
    let (_, index) = get(&app, "/").await;
    assert!(index.contains("href=\"/g/two.pgn?lang=zh\""));
}

/// The team's data folder `../shared` beside the checkout (read in place, never copied: some
/// fixtures are GPL), or `None` with a `NOTICE … skipping` line.
/// A skip prints past the harness's capture and fails under `XQ_REQUIRE_SHARED=1` (the
/// workspace's one helper, `tests/src/shared.rs`).
fn shared(rel: &str, test: &str) -> Option<PathBuf> {
    shared_helper::shared_file(&format!("data/{rel}"), test)
}

#[path = "../../../tests/src/shared.rs"]
mod shared_helper;

/// A national game that reaches a threefold repetition (CCPD, CC BY 4.0: game 357,
/// `ccpd_national-00356`), whose classes differ between the editions, and an XQF file.
#[tokio::test]
async fn shared_data_a_national_game_with_a_cycle_and_an_xqf_file() {
    let Some(pgn) = shared("games/ccpd-national/ccpd_national.pgn", "the national game") else {
        return;
    };
    let national = common::app(pgn.parent().unwrap(), None);
    let (status, body) = get(&national, "/g/ccpd_national.pgn?game=357&notation=iccs").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("<svg"));
    // ply 78: 要抽吃子 is a chase under cn-1987, idle under AXF; the row is marked, with the
    // readings of both editions
    let at = body.find("data-ply=\"78\"><td").expect("no row of ply 78");
    let row = &body[at..at + body[at..].find("</tr>").unwrap()];
    assert!(row.contains("e3h3"), "{row}");
    assert!(
        body[..at].ends_with("<tr class=\"differs\" "),
        "ply 78 not marked: {row}"
    );
    assert!(
        row.contains("捉 d0 要抽吃子") && row.contains(">闲<"),
        "{row}"
    );
    assert!(
        row.contains("cn-1987：捉 — ") && row.contains("axf：闲 — "),
        "{row}"
    );
    // the verdicts: Black must vary under cn-1987, a draw under AXF
    assert!(body.contains("黑方变着") && body.contains("一将一要抽吃子"));
    // in English: the readings' English text, the verdicts in words
    let (_, en) = get(
        &national,
        "/g/ccpd_national.pgn?game=357&notation=iccs&lang=en",
    )
    .await;
    let at = en.find("data-ply=\"78\"><td").expect("no row of ply 78");
    let row = &en[at..at + en[at..].find("</tr>").unwrap()];
    assert!(
        row.contains("cn-1987: 捉 — ") && row.contains("axf: 闲 — "),
        "{row}"
    );
    assert!(en.contains(">Black must vary<") && en.contains("The verdicts differ"));
    for rs in ["cn-1987", "axf"] {
        let at = body
            .find(&format!("<div class=\"ruling\" data-ruleset=\"{rs}\">"))
            .unwrap_or_else(|| panic!("no ruling of {rs}"));
        let block = &body[at..];
        let block = &block[..block.find("</div>").unwrap()];
        assert!(
            block.contains("class=\"grid cycles\""),
            "no cycle under {rs}: {block}"
        );
    }
    let Some(xqf) = shared("games/format-fixtures/test.xqf", "the XQF case") else {
        return;
    };
    let app = common::app(xqf.parent().unwrap(), None);
    let (status, body) = get(&app, "/g/test.xqf?notation=iccs").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let games = xiangqi::notation::read_games(
        &std::fs::read(&xqf).unwrap(),
        "test.xqf",
        xiangqi::notation::Mode::Tolerant,
    )
    .unwrap();
    let moves = &games[0].moves;
    assert_eq!(
        current_move(&body),
        Some((moves.len(), moves.last().unwrap().iccs())),
        "the last move of the XQF game"
    );
}

#[tokio::test]
async fn a_file_read_once_is_read_again_when_it_changes() {
    let dir = folder();
    let app = common::app(dir.path(), None);
    let (status, body) = get(&app, "/g/two.pgn?game=2").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("许银川"));
    // served again from the games read (same file): the same page
    let (_, again) = get(&app, "/g/two.pgn?game=2&ply=1").await;
    assert!(again.contains("许银川"));
    // another arbiter saves the file: the next page shows what it holds now
    std::fs::write(
        dir.path().join("two.pgn"),
        TWO_GAMES.replace("许银川", "赵国荣大师"),
    )
    .unwrap();
    let (_, body) = get(&app, "/g/two.pgn?game=2").await;
    assert!(
        body.contains("赵国荣") && !body.contains("许银川"),
        "{body}"
    );
    // and another file is read, not the one held
    let (_, body) = get(&app, "/g/diagram20.pgn").await;
    assert!(!body.contains("赵国荣"));
}

#[tokio::test]
async fn a_large_file_is_listed_in_pages() {
    let dir = folder();
    std::fs::write(dir.path().join("db.pgn"), TWO_GAMES.repeat(225)).unwrap();
    let app = common::app(dir.path(), None);
    let rows = |body: &str| body.matches("<tr><td class=\"num\"><a href=").count();
    let (status, body) = get(&app, "/g/db.pgn").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(rows(&body), 200);
    assert!(body.contains("1–200 / 450"), "{body}");
    assert!(body.contains("href=\"/g/db.pgn?lang=zh&from=201\" rel=\"next\""));
    assert!(!body.contains("rel=\"prev\""));
    let (_, body) = get(&app, "/g/db.pgn?from=401").await;
    assert_eq!(rows(&body), 50);
    assert!(body.contains("401–450 / 450") && body.contains(">401</a>"));
    assert!(body.contains("href=\"/g/db.pgn?lang=zh&from=201\" rel=\"prev\""));
    assert!(!body.contains("rel=\"next\""));
    // past the end: the last game alone; a game is still opened by its number
    let (_, body) = get(&app, "/g/db.pgn?from=9999").await;
    assert_eq!(rows(&body), 1);
    let (status, body) = get(&app, "/g/db.pgn?game=450").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("吕钦"));
}

/// Issue 34: the viewer opens game records only, by name and content, and never shows another
/// file's text; every response says `nosniff`.
#[tokio::test]
async fn a_file_that_is_no_game_record_is_not_opened_nor_echoed() {
    let dir = folder();
    std::fs::write(dir.path().join("notes.txt"), "TOPSECRET=hunter2\n").unwrap();
    std::fs::write(dir.path().join("notes.pgn"), "TOPSECRET=hunter2\n").unwrap();
    std::fs::write(
        dir.path().join("secret.json"),
        "{\"TOPSECRET\": \"hunter2\"}\n",
    )
    .unwrap();
    let app = common::app(dir.path(), None);
    for path in ["/g/notes.txt", "/g/notes.pgn", "/g/secret.json"] {
        let (status, headers, body) = common::get(&app, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
        assert!(body.contains("不是对局记录"), "{path}: {body}");
        assert!(
            !body.contains("TOPSECRET") && !body.contains("hunter2"),
            "{path}: {body}"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
    // a game record still opens
    let (status, _) = get(&app, "/g/two.pgn?game=1").await;
    assert_eq!(status, StatusCode::OK);
}

/// Issue 34: the served folder is taken out of messages as a path only: a folder named `o`
/// leaves the words of the message whole.
#[tokio::test]
async fn a_folder_named_like_a_letter_leaves_messages_whole() {
    let outer = tempfile::tempdir().unwrap();
    let o = outer.path().join("o");
    std::fs::create_dir(&o).unwrap();
    std::fs::write(o.join("bad.pgn"), "1. 炮二平五 马8进7 2. 车一进九 *\n").unwrap();
    let app = common::app(&o, None);
    let (status, body) = get(&app, "/g/bad.pgn").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("bad.pgn"), "{body}");
    assert!(
        !body.contains(".pgn: game 1") || body.contains("move"),
        "{body}"
    );
    assert!(
        !body.contains("m.ve") && !body.contains("n.t"),
        "mangled: {body}"
    );
    assert!(!body.contains(outer.path().to_str().unwrap()), "{body}");
}
