//! HTTP-level tests of every route of the desk: status, key content, and that a POSTed result or
//! pairing lands in the event file (and a refused one leaves it byte for byte as it was).

use std::path::{Path, PathBuf};

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{app, csrf_of, get, post, send};
use xiangqi::event::Store;
use xiangqi::event::{Edit, Event};
use xiangqi::scheduling::{EventConfig, PointSystem};

const NAMES: [&str; 6] = ["王天一", "郑惟桐", "许银川", "吕钦", "赵鑫鑫", "蒋川"];

/// A folder with one six-player Swiss (`open.toml`) and a file that is not an event.
fn folder() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let players = NAMES
        .iter()
        .map(|n| (n.to_string(), "北京".to_string()))
        .collect();
    let ev = Event::new(
        "全市象棋公开赛",
        "axf",
        EventConfig {
            points: PointSystem::TwoOneZero,
            ..Default::default()
        },
        players,
        1,
        Some(3),
        false,
    )
    .unwrap();
    let path = dir.path().join("open.toml");
    Store::new(&path).create(&ev).unwrap();
    std::fs::write(dir.path().join("notes.toml"), "not = [an event").unwrap();
    (dir, path)
}

fn read(path: &Path) -> Event {
    Store::<Event>::new(path).read().unwrap()
}

#[tokio::test]
async fn events_list_overview_assets_and_not_found() {
    let (dir, _) = folder();
    let app = app(dir.path(), None);
    let (s, h, body) = get(&app, "/").await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        h[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(body.contains("全市象棋公开赛"), "{body}");
    assert!(body.contains("/e/open.toml"));
    // a file that is not an event is named, not linked
    assert!(body.contains("notes.toml") && body.contains("不是比赛文件"));
    assert!(!body.contains("/e/notes.toml"));
    // the server's folders are not shown: files are named by their names
    assert!(!body.contains(dir.path().to_str().unwrap()), "{body}");

    let (s, _, body) = get(&app, "/?lang=en").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("Events") && body.contains("not an event file"));

    let (s, _, body) = get(&app, "/e/open.toml").await;
    assert_eq!(s, StatusCode::OK);
    for n in NAMES {
        assert!(body.contains(n), "{n}");
    }
    assert!(body.contains("编排下一轮"));
    assert!(
        body.contains("积分 → 对手分"),
        "the tie-break chain: {body}"
    );

    let (s, h, css) = get(&app, "/assets/desk.css").await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        h[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/css")
    );
    assert!(css.contains("thead { display: table-header-group; }"));
    assert!(css.contains("size: A4"));

    for uri in [
        "/e/missing.toml",
        "/e/..%2Fopen.toml",
        "/e/notes.txt",
        "/e/.open.toml.lock",
        "/nowhere",
        "/e/open.toml/round/1",
        "/e/open.toml/round/x",
    ] {
        let (s, _, _) = get(&app, uri).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{uri}");
    }
    // a file that is not an event: its error, not a crash
    let (s, _, body) = get(&app, "/e/notes.toml").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    // in Chinese: where (line, column) and what; in English the reader's own words
    assert!(body.contains("notes.toml：格式有误：第 1 行第 "), "{body}");
    assert!(!body.contains(dir.path().to_str().unwrap()));
    let (s, _, body) = get(&app, "/e/notes.toml?lang=en").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("notes.toml: event file: line 1"), "{body}");
}

#[tokio::test]
async fn pair_enter_results_and_standings_land_in_the_file() {
    let (dir, path) = folder();
    let app = app(dir.path(), None);
    let (_, _, page) = get(&app, "/e/open.toml").await;
    let csrf = csrf_of(&page);

    // pair round 1
    let (s, h, _) = post(
        &app,
        "/e/open.toml/pair",
        &format!("csrf={csrf}&lang=zh"),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(h[header::LOCATION], "/e/open.toml/round/1?lang=zh");
    assert_eq!(read(&path).paired.len(), 1);

    // the round: 编排记录表 as one form with a result field per board (no form per row: the
    // browser's cost of a 1,000-board page), and the bulk entry's form
    let (s, _, body) = get(&app, "/e/open.toml/round/1").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("编排记录表") && body.contains("上轮积分"));
    assert_eq!(body.matches("<div class=\"rf\">").count(), 3);
    assert_eq!(body.matches("<form class=\"rf\"").count(), 0);
    assert!(body.contains(
        "<form id=\"entry\" method=\"post\" action=\"/e/open.toml/round/1/entry?lang=zh\""
    ));
    assert!(body.contains("action=\"/e/open.toml/round/1/results\""));
    assert!(body.contains("编排长") && body.contains("裁判长"));

    // pairing round 2 now is refused with the CLI's message, and nothing changes
    let before = std::fs::read(&path).unwrap();
    // (in Chinese on a Chinese page: the same refusal's Chinese form)
    let want = read(&path).next_round().unwrap_err().zh();
    let (s, _, body) = post(&app, "/e/open.toml/pair", &format!("csrf={csrf}"), &[]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains(&format!("open.toml：{want}")), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // a result by the quick button, one typed with fouls, one by keyboard
    let (s, h, _) = post(
        &app,
        "/e/open.toml/round/1/board/1",
        &format!("csrf={csrf}&lang=zh&result=&quick=1-0"),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(h[header::LOCATION], "/e/open.toml/round/1?lang=zh&ok=1#r2");
    let (s, _, _) = post(
        &app,
        "/e/open.toml/round/1/board/2",
        &format!("csrf={csrf}&result=%3D&red_fouls=1&black_fouls="),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let ev = read(&path);
    assert_eq!(ev.paired[0].boards[0].result.as_deref(), Some("1-0"));
    assert_eq!(ev.paired[0].boards[1].result.as_deref(), Some("="));
    assert_eq!(ev.paired[0].boards[1].red_fouls, 1);
    // a later entry from a page loaded before (empty fouls fields) keeps the fouls
    let (s, _, _) = post(
        &app,
        "/e/open.toml/round/1/board/2",
        &format!("csrf={csrf}&result=%3D&red_fouls=&black_fouls="),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).paired[0].boards[1].red_fouls, 1);
    let (_, _, body) = get(&app, "/e/open.toml/round/1?ok=2").await;
    assert!(body.contains("第 2 台结果已录入"));
    assert!(body.contains("2:0") && body.contains("1:1"), "{body}");

    // refused as the CLI refuses: a different result without force, no such board, not a
    // result, fouls that are not numbers; the file stays byte for byte
    let before = std::fs::read(&path).unwrap();
    let conflict = xiangqi::event::Edit::new(&mut read(&path))
        .enter_result(1, 1, "0-1", (None, None), false)
        .unwrap_err()
        .zh();
    let no_board = xiangqi::event::Edit::new(&mut read(&path))
        .enter_result(1, 9, "1-0", (None, None), false)
        .unwrap_err()
        .zh();
    let not_result = xiangqi::event::Edit::new(&mut read(&path))
        .enter_result(1, 3, "2-0", (None, None), false)
        .unwrap_err()
        .zh();
    for (uri, form, want) in [
        ("/e/open.toml/round/1/board/1", "result=0-1", conflict),
        ("/e/open.toml/round/1/board/9", "result=1-0", no_board),
        ("/e/open.toml/round/1/board/3", "result=2-0", not_result),
        (
            "/e/open.toml/round/1/board/3",
            "result=1-0&red_fouls=x",
            "--red-fouls \"x\": not a whole number".to_string(),
        ),
    ] {
        let (s, _, body) = post(&app, uri, &format!("csrf={csrf}&{form}"), &[]).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{uri} {form}");
        assert!(
            body.contains(&want),
            "{uri} {form}: want {want:?} in {body}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), before, "{uri} {form}");
    }
    // the refused result stays in its field, so ticking 覆盖原结果 and Enter replaces it
    let (_, _, body) = post(
        &app,
        "/e/open.toml/round/1/board/1",
        &format!("csrf={csrf}&result=0-1"),
        &[],
    )
    .await;
    assert!(body.contains("name=\"r1\" value=\"0-1\""), "{body}");
    assert!(body.contains("<tr id=\"b1\" class=\"bad\">"));
    // with force the different result replaces the old one
    let (s, _, _) = post(
        &app,
        "/e/open.toml/round/1/board/1",
        &format!("csrf={csrf}&result=0-1&force=1"),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(
        read(&path).paired[0].boards[0].result.as_deref(),
        Some("0-1")
    );

    // complete the round; the standings and the 成绩表 follow
    let (s, _, _) = post(
        &app,
        "/e/open.toml/round/1/board/3",
        &format!("csrf={csrf}&quick=0-1"),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).complete_rounds(), 1);
    let (s, _, body) = get(&app, "/e/open.toml/standings").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("积分编排成绩表") && body.contains("<thead>"));
    assert!(body.contains("第 1 轮后"));
    assert!(body.contains("对手分") && body.contains("名次"));
    let st = read(&path).standings(None);
    let leader = NAMES[st[0].no as usize - 1];
    assert!(body.contains(leader));
    let (s, _, body) = get(&app, "/e/open.toml/standings?lang=en").await;
    assert_eq!(s, StatusCode::OK);
    // the page speaks English; the forms on it are the printed (Chinese) forms
    assert!(body.contains("Standings") && body.contains("第 1 轮后"));

    // and round 2 may be paired
    let (s, h, _) = post(
        &app,
        "/e/open.toml/pair",
        &format!("csrf={csrf}&lang=en"),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(h[header::LOCATION], "/e/open.toml/round/2?lang=en");
    assert_eq!(read(&path).paired.len(), 2);
}

/// 22.1: the result words arbiters write are taken as typed, and after each save the cursor
/// goes to the next board without a result (the redirect's fragment is its result cell; the
/// page focuses that board's field).
#[tokio::test]
async fn result_words_and_the_cursor_on_the_next_open_board() {
    let (dir, path) = folder();
    let app = app(dir.path(), None);
    let (_, _, page) = get(&app, "/e/open.toml").await;
    let csrf = csrf_of(&page);
    let (s, _, _) = post(&app, "/e/open.toml/pair", &format!("csrf={csrf}"), &[]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let enc = |s: &str| form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    // (board, typed, stored, where the cursor goes next)
    for (board, typed, stored, next) in [
        (1, "1：0", "1-0", 2),
        (3, "和", "=", 2),
        (2, "黑胜", "0-1", 2),
    ] {
        let (s, h, body) = post(
            &app,
            &format!("/e/open.toml/round/1/board/{board}"),
            &format!("csrf={csrf}&lang=zh&result={}", enc(typed)),
            &[],
        )
        .await;
        assert_eq!(s, StatusCode::SEE_OTHER, "{typed}: {body}");
        assert_eq!(
            h[header::LOCATION],
            format!("/e/open.toml/round/1?lang=zh&ok={board}#r{next}").as_str()
        );
        let ev = read(&path);
        let got = ev.paired[0].boards[board - 1].result.as_deref();
        assert_eq!(got, Some(stored), "{typed}");
        if board == 1 {
            // the page: the fragment's target, and the field of board 2 focused
            let (_, _, body) = get(&app, "/e/open.toml/round/1?ok=1").await;
            assert!(body.contains("id=\"r2\""), "{body}");
            let focused: Vec<&str> = body
                .split("<input class=\"result\"")
                .skip(1)
                .filter(|f| f.split('>').next().unwrap_or("").contains("autofocus"))
                .collect();
            assert_eq!(focused.len(), 1, "{body}");
            assert!(focused[0].contains("比赛结果 2\""), "{}", focused[0]);
            assert!(body.contains("querySelector(\"input[autofocus]\")"));
        }
    }
    // the boards still without a result: none now; with board 3 open again, only it
    let (_, _, body) = get(&app, "/e/open.toml/round/1?open=1").await;
    assert_eq!(body.matches("<div class=\"rf\">").count(), 0, "{body}");
    assert!(body.contains("全部台次"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut ev = read(&path);
    ev.paired[0].boards[2].result = None;
    std::fs::write(&path, ev.to_toml()).unwrap();
    let (_, _, body) = get(&app, "/e/open.toml/round/1?open=1").await;
    assert_eq!(body.matches("<div class=\"rf\">").count(), 1, "{body}");
    // the table's form and the address the script sends a row to come back to this view
    assert!(
        body.contains("action=\"/e/open.toml/round/1/entry?lang=zh&open=1\"")
            && body.contains("data-board=\"/e/open.toml/round/1/board/\"")
            && body.contains("data-query=\"?lang=zh&open=1\"")
            && body.contains("name=\"r3\""),
        "{body}"
    );
    let (_, _, body) = get(&app, "/e/open.toml/round/1").await;
    assert!(body.contains("只看未录入的台次 (1)"), "{body}");
    std::fs::write(&path, text).unwrap();
    // a word that is no result is refused with the file format's message
    let (s, _, body) = post(
        &app,
        "/e/open.toml/round/1/board/1",
        &format!("csrf={csrf}&result={}&force=1", enc("赢")),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("不是结果"), "{body}");
}

#[tokio::test]
async fn forged_and_cross_origin_posts_are_refused() {
    let (_dir, path) = folder();
    let app = app(&path, None);
    // a single event file is served as the only event
    let (s, _, body) = get(&app, "/").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("/e/open.toml") && !body.contains("notes.toml"));
    let (s, _, page) = get(&app, "/e/open.toml").await;
    assert_eq!(s, StatusCode::OK);
    let csrf = csrf_of(&page);
    let before = std::fs::read(&path).unwrap();
    for (form, extra) in [
        ("lang=zh".to_string(), vec![]),
        ("csrf=00000000000000000000000000000000".to_string(), vec![]),
        (
            format!("csrf={csrf}"),
            vec![("origin", "http://evil.example")],
        ),
        (
            format!("csrf={csrf}"),
            vec![("sec-fetch-site", "cross-site")],
        ),
    ] {
        let mut req = Request::post("/e/open.toml/pair")
            .header(header::HOST, "127.0.0.1:8080")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        for (k, v) in &extra {
            req = req.header(*k, *v);
        }
        let (s, _, _) = send(&app, req.body(Body::from(form.clone())).unwrap()).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{form} {extra:?}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }
    // another server's secret is stale
    let other = xiangqi_web::router(&path, None).unwrap();
    let (s, _, _) = post(&other, "/e/open.toml/pair", &format!("csrf={csrf}"), &[]).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[tokio::test]
async fn with_a_token_every_write_needs_it() {
    let (dir, path) = folder();
    let app = app(dir.path(), Some("sesame"));
    let (s, _, page) = get(&app, "/e/open.toml").await;
    assert_eq!(s, StatusCode::OK);
    // reading is open; the page says how to write and offers no pair button
    assert!(page.contains("只读"));
    assert!(!page.contains("编排下一轮</button>"));
    assert!(!page.contains("name=\"csrf\""));
    let (s, _, body) = post(&app, "/e/open.toml/pair", "csrf=x", &[]).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert!(body.contains("访问令牌"), "{body}");
    assert_eq!(read(&path).paired.len(), 0);

    let (s, _, _) = get(&app, "/login?token=wrong").await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, h, _) = get(&app, "/login?token=sesame").await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let cookie = h[header::SET_COOKIE].to_str().unwrap().to_string();
    assert!(cookie.starts_with("xq_token=sesame;") && cookie.contains("HttpOnly"));
    let cookie = cookie.split(';').next().unwrap().to_string();

    let req = Request::get("/e/open.toml")
        .header(header::HOST, "127.0.0.1:8080")
        .header(header::COOKIE, &cookie);
    let (s, _, page) = send(&app, req.body(Body::empty()).unwrap()).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("编排下一轮</button>") && !page.contains("只读"));
    let csrf = csrf_of(&page);
    let (s, _, _) = post(
        &app,
        "/e/open.toml/pair",
        &format!("csrf={csrf}"),
        &[("cookie", &cookie)],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).paired.len(), 1);
}

#[tokio::test]
async fn an_event_in_stages_shows_its_stages() {
    use xiangqi::event::{Entrant, StagePlan, StageSystem};
    let dir = tempfile::tempdir().unwrap();
    let entrants = NAMES[..5]
        .iter()
        .map(|n| Entrant {
            name: n.to_string(),
            ..Default::default()
        })
        .collect();
    let plan = StagePlan {
        system: StageSystem::Knockout,
        groups: 1,
        advance: 2,
        final_system: StageSystem::RoundRobin,
        separate_units: false,
        placement: false,
    };
    let ev = Event::new_staged(
        "象棋杯",
        "axf",
        EventConfig::default(),
        entrants,
        1,
        false,
        &plan,
    )
    .unwrap();
    let path = dir.path().join("cup.toml");
    Store::new(&path).create(&ev).unwrap();
    let app = app(dir.path(), None);
    let (_, _, page) = get(&app, "/e/cup.toml").await;
    let csrf = csrf_of(&page);
    let (s, _, _) = post(&app, "/e/cup.toml/pair", &format!("csrf={csrf}"), &[]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let (s, _, body) = get(&app, "/e/cup.toml/round/1").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("阶段 1 (单淘汰制)"), "{body}");
    let (s, _, body) = get(&app, "/e/cup.toml/standings").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("胜场") && body.contains("王天一"));
    // one stage: no separate overall table, no 成绩表
    assert!(!body.contains("积分编排成绩表"));
}

/// The cells of each body row of the table after `title` (tags stripped).
fn table_rows(html: &str, title: &str) -> Vec<Vec<String>> {
    let at = html.find(title).expect("the table's title");
    let table = &html[at..];
    let body = &table[table.find("<tbody>").unwrap()..table.find("</tbody>").unwrap()];
    body.split("<tr")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let text = &cell[cell.find('>').unwrap() + 1..];
                    text[..text.find("</td>").unwrap_or(text.len())].to_string()
                })
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn a_round_robin_has_its_crosstable() {
    let dir = tempfile::tempdir().unwrap();
    let players = NAMES[..4]
        .iter()
        .map(|n| (n.to_string(), "北京".to_string()))
        .collect();
    let config = EventConfig {
        points: PointSystem::TwoOneZero,
        pairing: xiangqi::scheduling::PairingSystemId("berger".into()),
        ..Default::default()
    };
    let mut ev = Event::new("循环赛", "axf", config, players, 1, Some(3), false).unwrap();
    Edit::new(&mut ev).pair().unwrap();
    let round = ev.paired[0].clone();
    let (red, black) = (round.boards[0].red, round.boards[0].black);
    let others = (round.boards[1].red, round.boards[1].black);
    ev.paired[0].boards[0].result = Some("1-0".into());
    ev.paired[0].boards[1].result = Some("=".into());
    let path = dir.path().join("rr.toml");
    Store::new(&path).create(&ev).unwrap();
    let app = app(dir.path(), None);
    let (s, _, body) = get(&app, "/e/rr.toml/standings").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("循环赛成绩表") && !body.contains("积分编排成绩表"));
    let rows = table_rows(&body, "循环赛成绩表");
    assert_eq!(rows.len(), 4);
    // rows in pairing-number order: 代号, 姓名, 单位, one cell per opponent, 积分, …
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0], (i + 1).to_string());
        assert_eq!(row[3 + i], "╲", "the diagonal is struck out");
    }
    let cell = |a: u32, b: u32| rows[a as usize - 1][3 + b as usize - 1].clone();
    assert_eq!(
        (cell(red, black), cell(black, red)),
        ("2".into(), "0".into())
    );
    assert_eq!(
        (cell(others.0, others.1), cell(others.1, others.0)),
        ("1".into(), "1".into())
    );
    assert_eq!(cell(red, others.0), "", "not yet played");
    assert_eq!(rows[red as usize - 1][7], "2", "积分");
    // the print view is the A4 document of the same model
    let (s, _, print) = get(&app, "/e/rr.toml/print/table").await;
    assert_eq!(s, StatusCode::OK);
    assert!(print.contains("@page { size: A4 landscape") && print.contains("第 1 页 共 1 页"));
    assert_eq!(table_rows(&print, "循环赛成绩表"), rows);
}

#[tokio::test]
async fn exports_download_as_the_cli_writes_them() {
    let (dir, path) = folder();
    let app = app(dir.path(), None);
    // The overview links the three downloads.
    let (_, _, html) = get(&app, "/e/open.toml").await;
    for name in ["standings.csv", "event.trf", "event.json"] {
        assert!(
            html.contains(&format!("/e/open.toml/export/{name}")),
            "{name}"
        );
    }
    // CSV: a byte-order mark first (spreadsheet programs then read UTF-8), then the CLI's CSV.
    let (status, headers, body) = get(&app, "/e/open.toml/export/standings.csv").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    assert!(
        headers[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("attachment; filename=\"open-standings.csv\"")
    );
    let ev = read(&path);
    let st = ev.standings(None);
    use xiangqi::forms::{CsvHeaders, standings_csv_file};
    // a Chinese page's download has Chinese headers; ?lang=en the CLI's English ones
    let csv = standings_csv_file(&ev, &st, CsvHeaders::Chinese).unwrap();
    assert_eq!(body, csv);
    assert!(
        body.starts_with("\u{feff}名次,并列,代号,姓名,单位,"),
        "{body}"
    );
    assert!(body.contains("王天一"));
    let (_, _, en) = get(&app, "/e/open.toml/export/standings.csv?lang=en").await;
    let csv = xiangqi::forms::standings_csv(&ev, &st).unwrap();
    assert_eq!(en, format!("\u{feff}{csv}"));
    // JSON: the whole event, parseable, with the players.
    let (status, headers, body) = get(&app, "/e/open.toml/export/event.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v, xiangqi::forms::event_json(&ev, &st));
    // TRF as the CLI writes it.
    let (status, _, body) = get(&app, "/e/open.toml/export/event.trf").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, xiangqi::event::trf::export(&ev, &st).unwrap());
    // Anything else is not found, and no path escapes the folder.
    assert_eq!(
        get(&app, "/e/open.toml/export/secret.txt").await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&app, "/e/..%2Fopen.toml/export/event.json").await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn scoresheets_and_cards_are_the_seed_s_forms() {
    let (dir, path) = folder();
    let app = app(dir.path(), None);
    let (_, _, html) = get(&app, "/e/open.toml").await;
    let csrf = csrf_of(&html);
    post(&app, "/e/open.toml/pair", &format!("csrf={csrf}"), &[]).await;
    let ev = read(&path);
    let b1 = ev.paired[0].boards[0].clone();
    post(
        &app,
        "/e/open.toml/round/1/board/1",
        &format!("csrf={csrf}&result=1-0"),
        &[],
    )
    .await;
    // 计分单: one per board, 台次/先后手/序号/姓名/成绩/用时/犯规, the result as 胜/负, signatures.
    let (status, _, html) = get(&app, "/e/open.toml/round/1/scoresheets").await;
    assert_eq!(status, StatusCode::OK);
    let sheets = blocks_of(&html, "scoresheets");
    assert_eq!(sheets.len(), 3);
    for head in [
        "台次",
        "先后手",
        "序号",
        "姓名",
        "成绩",
        "用时",
        "犯规",
        "裁判员：",
    ] {
        assert!(html.contains(head), "{head}");
    }
    let red = ev.player(b1.red).unwrap().name.clone();
    assert_eq!(
        sheets[0][0][1..5],
        ["红方", &b1.red.to_string(), &red, "胜"]
    );
    assert_eq!(sheets[0][1][4], "负");
    assert_eq!(
        get(&app, "/e/open.toml/round/9/scoresheets").await.0,
        StatusCode::NOT_FOUND
    );
    // The round page links its score sheets; the sheets link their A4 print view.
    let (_, _, round) = get(&app, "/e/open.toml/round/1").await;
    assert!(round.contains("/e/open.toml/round/1/scoresheets"));
    assert!(html.contains("/e/open.toml/print/scoresheets?round=1"));
    let (status, _, print) = get(&app, "/e/open.toml/print/scoresheets?round=1").await;
    assert_eq!(status, StatusCode::OK);
    assert!(print.contains("第 1 页 共 1 页") && print.contains("size: A4 portrait"));
    // 编排卡: one per player; 积分 and 对手分 only once the round's results are all in.
    let (status, _, cards) = get(&app, "/e/open.toml/cards").await;
    assert_eq!(status, StatusCode::OK);
    let card = |cards: &str| -> Vec<Vec<String>> {
        let all = blocks_of(cards, "cards");
        assert_eq!(all.len(), 6);
        all[b1.red as usize - 1].clone()
    };
    assert!(cards.contains("对手分") && cards.contains("先后"));
    // rows 对手, 先后, 积分, 对手分; a column per round
    let c = card(&cards);
    assert_eq!(
        (c[0][1].as_str(), c[1][1].as_str(), c[2][1].as_str()),
        (b1.black.to_string().as_str(), "先", "")
    );
    for b in 2..=3 {
        post(
            &app,
            &format!("/e/open.toml/round/1/board/{b}"),
            &format!("csrf={csrf}&result=="),
            &[],
        )
        .await;
    }
    let (_, _, cards) = get(&app, "/e/open.toml/cards").await;
    // the winner on board 1: 2 points (2/1/0 scoring), 对手分 0 (the loser has none)
    let c = card(&cards);
    assert_eq!((c[2][1].as_str(), c[3][1].as_str()), ("2", "0"), "{cards}");
}

/// The cells of a desk form (`data-form="NAME"`): per block its rows of cells, unescaped.
fn blocks_of(html: &str, form: &str) -> Vec<Vec<Vec<String>>> {
    let at = html
        .find(&format!("data-form=\"{form}\""))
        .expect("the form");
    let end = html[at..].find("</section>").map_or(html.len(), |e| at + e);
    html[at..end]
        .split("<tbody>")
        .skip(1)
        .map(|b| {
            let body = &b[..b.find("</tbody>").unwrap()];
            body.split("<tr")
                .skip(1)
                .map(|row| {
                    row.split("<td")
                        .skip(1)
                        .map(|cell| {
                            let text = &cell[cell.find('>').unwrap() + 1..];
                            let text = &text[..text.find("</td>").unwrap_or(text.len())];
                            text.replace("&#x2F;", "/")
                                .replace("&lt;", "<")
                                .replace("&gt;", ">")
                                .replace("&quot;", "\"")
                                .replace("&#39;", "'")
                                .replace("&amp;", "&")
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// A forfeit shows on the round page as the 编排记录表 marks it (`+:-`), not as a played `1:0`.
#[tokio::test]
async fn a_forfeit_shows_as_a_forfeit_on_the_round_page() {
    let (dir, _path) = folder();
    let app = app(dir.path(), None);
    let (_, _, page) = get(&app, "/e/open.toml").await;
    let csrf = csrf_of(&page);
    let (s, _, _) = post(&app, "/e/open.toml/pair", &format!("csrf={csrf}"), &[]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    for (board, typed) in [(1, "%2B-"), (2, "-%2B"), (3, "1-0")] {
        let (s, _, body) = post(
            &app,
            &format!("/e/open.toml/round/1/board/{board}"),
            &format!("csrf={csrf}&result={typed}"),
            &[],
        )
        .await;
        assert_eq!(s, StatusCode::SEE_OTHER, "{typed}: {body}");
    }
    let (_, _, body) = get(&app, "/e/open.toml/round/1").await;
    for (board, shown) in [(1, "+:-"), (2, "-:+"), (3, "2:0")] {
        let cell = body
            .split(&format!("id=\"r{board}\">"))
            .nth(1)
            .and_then(|c| c.split('<').next())
            .unwrap_or_default();
        assert_eq!(cell.trim(), shown, "board {board}");
    }
}
