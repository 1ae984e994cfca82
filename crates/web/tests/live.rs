//! HTTP tests of the live console (`/e/{id}/round/{r}/board/{b}/live`): starting a game creates
//! its log beside the event file as `xq game new --event` does; moves, offers, fouls and claims
//! land in the log through the same library calls as `xq game` (the same bytes); a refused entry
//! shows the command line's message and leaves the log as it was; a game that ends in the
//! console has its result and 犯规 counts in the event file.

use std::path::{Path, PathBuf};

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use common::{csrf_of, enc, get_page as get, send};
use xiangqi::board::Color;
use xiangqi::event::Event;
use xiangqi::event::Store;
use xiangqi::game::store::{self, BoardOf, NewGame};
use xiangqi::game::{ClaimKind, Entry, Game};
use xiangqi::scheduling::EventConfig;

const LIVE: &str = "/e/open.toml/round/1/board/1/live";

/// A folder with a four-player event under cn-1987 (`open.toml`), round 1 paired.
fn folder() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let players = ["王天一", "郑惟桐", "许银川", "赵鑫鑫"]
        .iter()
        .map(|n| (n.to_string(), "北京".to_string()))
        .collect();
    let ev = Event::new(
        "全市象棋公开赛",
        "cn-1987",
        EventConfig::default(),
        players,
        1,
        Some(3),
        false,
    )
    .unwrap();
    let path = dir.path().join("open.toml");
    let store = Store::new(&path);
    store.create(&ev).unwrap();
    store
        .edit(&xiangqi::event::Writer::new("test"), |e| {
            e.pair().map(|_| ())
        })
        .unwrap();
    (dir, path)
}

/// Posts the console's form `fields` (with the page's secret).
async fn post(
    app: &Router,
    csrf: &str,
    fields: &[(&str, &str)],
    origin: &str,
) -> (StatusCode, HeaderMap, String) {
    let mut body = format!("csrf={csrf}");
    for (k, v) in fields {
        body.push_str(&format!("&{k}={}", enc(v)));
    }
    send(
        app,
        Request::post(LIVE)
            .header(header::HOST, "127.0.0.1:8080")
            .header(header::ORIGIN, origin)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

/// Posts an entry that must be recorded (303 back to the console).
async fn ok(app: &Router, csrf: &str, fields: &[(&str, &str)]) {
    let (s, h, body) = post(app, csrf, fields, "http://127.0.0.1:8080").await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{fields:?}: {body}");
    assert!(
        h[header::LOCATION]
            .to_str()
            .unwrap()
            .starts_with(&format!("{LIVE}?lang=")),
        "{h:?}"
    );
}

fn log_of(dir: &Path) -> PathBuf {
    dir.join("open-games").join("r1b1.pgn")
}

fn game(log: &Path) -> Game {
    Store::<Game>::new(log).read().unwrap()
}

#[tokio::test]
async fn a_game_from_start_to_agreed_draw_in_the_console() {
    let (dir, event) = folder();
    let app = common::app(dir.path(), None);
    let log = log_of(dir.path());

    // the round page links every board to its console
    let (s, body) = get(&app, "/e/open.toml/round/1").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains(&format!("href=\"{LIVE}?lang=zh\"")), "{body}");
    assert!(body.contains("/e/open.toml/round/1/board/2/live"));

    // no log yet: the start button, with the names, ruleset and time control it will use
    let (s, body) = get(&app, LIVE).await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("开始对局"), "{body}");
    assert!(body.contains("40/90,20/30*"), "{body}");
    let (_, en) = get(&app, &format!("{LIVE}?lang=en")).await;
    assert!(en.contains("Start the game"), "{en}");
    let csrf = csrf_of(&body);

    ok(&app, &csrf, &[("entry", "start")]).await;
    let (_, body) = get(&app, &format!("{LIVE}?ok=1&lang=en")).await;
    assert!(
        body.contains("open-games/r1b1.pgn: new game under cn-1987 (cn-1987), time control 40/90,20/30*; Red to move, clocks 1:30:00 / 1:30:00"),
        "as `xq game new` says it: {body}"
    );
    // the Chinese page says the same in its words
    let (_, body) = get(&app, &format!("{LIVE}?ok=1")).await;
    assert!(
        body.contains("open-games/r1b1.pgn：新对局，规则 cn-1987，时限 40/90,20/30*；红方走棋，棋钟 1:30:00 / 1:30:00"),
        "{body}"
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("[XqEventFile \"../open.toml\"]"), "{text}");
    let ev = Store::<Event>::new(&event).read().unwrap();
    let name = |no: u32| ev.player(no).unwrap().name.clone();
    let b = &ev.paired[0].boards[0];
    let (red, black) = (name(b.red), name(b.black));
    assert_ne!(red, black);
    assert!(
        text.contains(&format!("[Red \"{red}\"]"))
            && text.contains(&format!("[Black \"{black}\"]")),
        "{text}"
    );
    // a second start is refused (the file exists) and changes nothing
    let (s, _, body) = post(&app, &csrf, &[("entry", "start")], "http://127.0.0.1:8080").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("open-games/r1b1.pgn"), "{body}");
    assert!(!body.contains(dir.path().to_str().unwrap()), "{body}");
    assert_eq!(std::fs::read_to_string(&log).unwrap(), text);

    // moves in Chinese, ICCS and WXF, with the mover's clock
    ok(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "炮二平五"), ("clock", "1:29:50")],
    )
    .await;
    ok(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "h9g7"), ("clock", "1:29:40")],
    )
    .await;
    let (s, body) = get(&app, &format!("{LIVE}?ok=1")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        body.contains("炮二平五") && body.contains("1:29:50"),
        "{body}"
    );
    assert!(
        body.contains("第2着 马８进７，黑方钟余 1:29:40"),
        "the last entry is shown: {body}"
    );
    let (_, en) = get(&app, &format!("{LIVE}?ok=1&lang=en")).await;
    assert!(
        en.contains("ply 2: 马８进７ h9g7 (Black's move 1), 1:29:40 left"),
        "the last ruling is shown as `xq game` says it: {en}"
    );
    assert!(body.contains("<svg"), "the board");
    assert!(
        body.contains("href=\"/g/open-games/r1b1.pgn\""),
        "the viewer link"
    );

    // a refused move: the CLI's message, the log byte for byte as it was
    let before = std::fs::read(&log).unwrap();
    let want = store::update(&log, |g| {
        g.apply(Entry::Move {
            mv: "h2h9".into(),
            clock: None,
        })
    })
    .unwrap_err()
    .zh()
    .replace(&log.display().to_string(), "open-games/r1b1.pgn");
    // a Chinese page says it in Chinese (the game crate's words)
    assert_eq!(want, "open-games/r1b1.pgn：着法 \"h2h9\"：没有这个棋子");
    let (s, _, body) = post(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "h2h9")],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains(&want), "{want} in {body}");
    assert!(body.contains("value=\"h2h9\""), "the move typed is kept");
    assert_eq!(std::fs::read(&log).unwrap(), before);
    // so is an offer out of turn (Red is to move)
    let (s, _, body) = post(
        &app,
        &csrf,
        &[("entry", "offer"), ("side", "red")],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("红方只能在本方走棋后、按钟前提和"), "{body}");
    assert_eq!(std::fs::read(&log).unwrap(), before);

    // a 犯规 by Black, named
    ok(
        &app,
        &csrf,
        &[
            ("entry", "foul"),
            ("side", "black"),
            ("kind", "1"),
            ("note", "敲桌子"),
        ],
    )
    .await;
    assert_eq!(game(&log).state().fouls.black, 1);
    let (_, body) = get(&app, &format!("{LIVE}?ok=1&lang=en")).await;
    assert!(
        body.contains("Black: 犯规 1 (disturbing the opponent): 敲桌子 (Black 违例: 1)"),
        "{body}"
    );
    let (_, body) = get(&app, &format!("{LIVE}?ok=1")).await;
    assert!(
        body.contains("黑方犯规 1. 对方走棋时无故提问或干扰：敲桌子"),
        "{body}"
    );
    // a claim, and its ruling
    ok(
        &app,
        &csrf,
        &[("entry", "claim-repetition"), ("side", "red")],
    )
    .await;
    let (_, body) = get(&app, &format!("{LIVE}?ok=1&lang=en")).await;
    assert!(
        body.contains("Red's repetition claim is dismissed: the last move completes no repetition"),
        "{body}"
    );
    let (_, body) = get(&app, &format!("{LIVE}?ok=1")).await;
    assert!(
        body.contains("红方要求判和：不变作和（重复局面），未判和，对局继续"),
        "{body}"
    );

    // Red moves (WXF) and offers; Black accepts: a draw, in the event file with the 犯规
    ok(&app, &csrf, &[("entry", "move"), ("mv", "H2+3")]).await;
    ok(&app, &csrf, &[("entry", "offer"), ("side", "red")]).await;
    let (_, body) = get(&app, LIVE).await;
    assert!(body.contains("提和待答复"), "{body}");
    ok(&app, &csrf, &[("entry", "accept"), ("side", "black")]).await;
    let g = game(&log);
    let r = g.state().result.as_ref().expect("a result");
    assert_eq!((r.outcome.as_str(), r.reason.as_str()), ("draw", "agreed"));
    let ev = Store::<Event>::new(&event).read().unwrap();
    let b = &ev.paired[0].boards[0];
    assert_eq!(b.result.as_deref(), Some("="));
    assert_eq!((b.red_fouls, b.black_fouls), (0, 1));
    // the one door: the result reached the event through its history, with a version of its own
    let last = ev.history.last().expect("the result recorded");
    assert_eq!(
        (last.version, last.by.as_str()),
        (ev.version(), "live board 1")
    );
    assert!(ev.version() >= 2, "{}", ev.version());
    assert_eq!(last.what, "live board 1: result round 1 board 1: none → =");
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("[Result \"1/2-1/2\"]")
    );

    // the page shows the result and no more forms; a late entry is refused
    let (_, body) = get(&app, &format!("{LIVE}?lang=en")).await;
    assert!(
        body.contains("Draw (agreed): Black accepts Red's draw offer"),
        "{body}"
    );
    let (_, body) = get(&app, LIVE).await;
    assert!(body.contains("和棋（双方同意）"), "{body}");
    assert!(!body.contains("value=\"move\""), "{body}");
    let before = std::fs::read(&log).unwrap();
    let (s, _, body) = post(
        &app,
        &csrf,
        &[("entry", "resign"), ("side", "red")],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("open-games/r1b1.pgn：对局已结束（和棋）"),
        "{body}"
    );
    assert_eq!(std::fs::read(&log).unwrap(), before);
}

#[tokio::test]
async fn the_console_writes_what_xq_game_writes() {
    let (dir, event) = folder();
    let app = common::app(dir.path(), None);
    let (_, page) = get(&app, LIVE).await;
    let csrf = csrf_of(&page);

    // the console …
    let entries: &[&[(&str, &str)]] = &[
        &[("entry", "start")],
        &[("entry", "late"), ("side", "black"), ("minutes", "4")],
        &[("entry", "move"), ("mv", "炮二平五"), ("clock", "1:29:50")],
        &[("entry", "move"), ("mv", "马8进7"), ("clock", "1:25:10")],
        &[("entry", "offer"), ("side", "black")],
        &[("entry", "decline"), ("side", "red")],
        &[("entry", "move"), ("mv", "h0g2"), ("clock", "1:28:00")],
        &[
            ("entry", "violation"),
            ("side", "red"),
            ("reason", "手机响铃"),
        ],
        &[
            ("entry", "penalty"),
            ("side", "black"),
            ("seconds", "60"),
            ("reason", "离开赛场"),
        ],
        &[
            ("entry", "claim"),
            ("side", "black"),
            ("kind", "natural-limit"),
        ],
        &[
            ("entry", "foul"),
            ("side", "red"),
            ("kind", "5"),
            ("note", ""),
        ],
        &[("entry", "seal"), ("mv", "车9平8"), ("clock", "1:10:00")],
        &[("entry", "resume")],
        &[
            ("entry", "decide"),
            ("outcome", "none"),
            ("reason", "警告红方"),
        ],
        &[("entry", "move"), ("mv", "R1.2")],
        &[("entry", "resign"), ("side", "black")],
    ];
    for fields in entries {
        ok(&app, &csrf, fields).await;
    }

    // … and `xq game` through its library, on another file
    let other = dir.path().join("cli").join("r1b1.pgn");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    let (header, _) = store::new_header(&NewGame {
        board: Some(BoardOf {
            event: event.clone(),
            recorded: "../open.toml".into(),
            round: 1,
            board: 1,
        }),
        ..NewGame::default()
    })
    .unwrap();
    store::create(&other, header, false).unwrap();
    let apply = |e: Entry| {
        store::update(&other, |g| g.apply(e)).unwrap();
    };
    use Color::{Black, Red};
    apply(Entry::Late {
        side: Black,
        minutes: 4,
    });
    apply(Entry::Move {
        mv: "炮二平五".into(),
        clock: Some(5390),
    });
    apply(Entry::Move {
        mv: "马8进7".into(),
        clock: Some(5110),
    });
    apply(Entry::Offer { side: Black });
    apply(Entry::Decline { side: Red });
    apply(Entry::Move {
        mv: "h0g2".into(),
        clock: Some(5280),
    });
    apply(Entry::Violation {
        side: Red,
        reason: "手机响铃".into(),
    });
    apply(Entry::Penalty {
        side: Black,
        seconds: 60,
        reason: "离开赛场".into(),
    });
    apply(Entry::Claim {
        side: Black,
        kind: ClaimKind::NaturalLimit,
        ruling: String::new(),
    });
    apply(Entry::Foul {
        side: Red,
        kind: 5,
        note: String::new(),
    });
    apply(Entry::Seal {
        side: Black,
        text: "车9平8".into(),
        clock: Some(4200),
    });
    store::update(&other, |g| g.resume()).unwrap();
    apply(Entry::Decision {
        outcome: xiangqi::game::Decision::None,
        reason: "警告红方".into(),
    });
    apply(Entry::Move {
        mv: "R1.2".into(),
        clock: None,
    });
    apply(Entry::Resign { side: Black });

    let console = std::fs::read_to_string(log_of(dir.path())).unwrap();
    let cli = std::fs::read_to_string(&other).unwrap();
    assert_eq!(console, cli);
    // the entries are all there (not two empty logs)
    for token in [
        "[%xq late black 4]",
        "[%xq seal black",
        "[%xq resume]",
        "[%xq claim black natural-limit",
        "[%xq foul red 5",
        "[Result \"1-0\"]",
    ] {
        assert!(console.contains(token), "{token} in {console}");
    }
    let ev = Store::<Event>::new(&event).read().unwrap();
    let b = &ev.paired[0].boards[0];
    assert_eq!(b.result.as_deref(), Some("1-0"));
    // the board counts 违例 (issue 21): Red's 违例 (手机响铃) and foul 5; Black's false
    // 60-move claim, a 犯规 (4)
    assert_eq!((b.red_fouls, b.black_fouls), (2, 1));
}

#[tokio::test]
async fn every_post_passes_the_desks_checks() {
    let (dir, _) = folder();
    let app = common::app(dir.path(), None);
    let (_, page) = get(&app, LIVE).await;
    let csrf = csrf_of(&page);
    let log = log_of(dir.path());
    // another site's page, a stale secret: refused, nothing created
    let (s, _, _) = post(&app, &csrf, &[("entry", "start")], "http://evil.example").await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let stale = "0".repeat(32);
    let (s, _, _) = post(&app, &stale, &[("entry", "start")], "http://127.0.0.1:8080").await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert!(!log.exists());
    // with a token, a request without it may read but not write
    let locked = xiangqi_web::router(dir.path(), Some("s3cret".into())).unwrap();
    let (s, body) = get(&locked, LIVE).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        !body.contains("value=\"start\""),
        "no forms without the token"
    );
    let (s, _, _) = post(
        &locked,
        &csrf_of_any(&body, &csrf),
        &[("entry", "start")],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert!(!log.exists());
    // a board that is not paired, an unknown entry
    let (s, _) = get(&app, "/e/open.toml/round/1/board/9/live").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = get(&app, "/e/open.toml/round/2/board/1/live").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    ok(&app, &csrf, &[("entry", "start")]).await;
    let before = std::fs::read(&log).unwrap();
    let (s, _, body) = post(&app, &csrf, &[("entry", "dance")], "http://127.0.0.1:8080").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("没有这种记录"), "{body}");
    let (s, _, body) = post(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "h2e2"), ("clock", "90")],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("棋钟 \"90\"：应为 时:分:秒（或 分:秒），即剩余时间"),
        "{body}"
    );
    assert_eq!(std::fs::read(&log).unwrap(), before);
}

/// The page's secret if it shows a form, else `fallback` (a read-only page has none).
fn csrf_of_any(html: &str, fallback: &str) -> String {
    if html.contains("name=\"csrf\"") {
        csrf_of(html)
    } else {
        fallback.to_string()
    }
}

#[tokio::test]
async fn a_different_result_on_the_board_is_not_overwritten() {
    let (dir, event) = folder();
    let app = common::app(dir.path(), None);
    let (_, page) = get(&app, LIVE).await;
    let csrf = csrf_of(&page);
    ok(&app, &csrf, &[("entry", "start")]).await;
    // meanwhile the desk's round page entered 0-1 for the board
    Store::<Event>::new(&event)
        .edit(&xiangqi::event::Writer::new("test"), |e| {
            e.enter_result(1, 1, "0-1", (None, None), false)
        })
        .unwrap();
    let (s, _, body) = post(
        &app,
        &csrf,
        &[("entry", "resign"), ("side", "black")],
        "http://127.0.0.1:8080",
    )
    .await;
    // the game is saved with its result; the board keeps 0-1, and the page says why
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        body.contains("open-games/r1b1.pgn: the game is saved, but its result was not entered: ../open.toml: round 1 board 1 already has the result 0-1"),
        "{body}"
    );
    assert!(!body.contains(dir.path().to_str().unwrap()), "{body}");
    let g = game(&log_of(dir.path()));
    assert_eq!(g.state().result.as_ref().unwrap().pgn(), "1-0");
    let ev = Store::<Event>::new(&event).read().unwrap();
    assert_eq!(ev.paired[0].boards[0].result.as_deref(), Some("0-1"));
}

/// Issue 22: every console form carries how many entries its page showed (`version`); an entry
/// made from an older page (another arbiter entered a move since) is refused with 409, as a
/// stale 覆盖 is, and the log is left as it was.
#[tokio::test]
async fn a_console_entry_from_a_stale_page_is_refused() {
    let (dir, _event) = folder();
    let app = common::app(dir.path(), None);
    let (_, page) = get(&app, LIVE).await;
    let csrf = csrf_of(&page);
    ok(&app, &csrf, &[("entry", "start")]).await;
    // two arbiters show the console of the new game: every form carries its count
    let (_, page) = get(&app, LIVE).await;
    let shown = game(&log_of(dir.path())).log().entries.len().to_string();
    let field = format!("name=\"version\" value=\"{shown}\"");
    // the console's fifteen forms (start, move, offer … declare, undo)
    assert!(page.matches(&field).count() >= 10, "{page}");
    // the first enters a move from it
    ok(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "h2e2"), ("version", &shown)],
    )
    .await;
    let before = std::fs::read(log_of(dir.path())).unwrap();
    // the second, on the older page, enters another: refused, nothing written, in Chinese
    let (s, _, body) = post(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "h9g7"), ("version", &shown)],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("其间已有人录入，请刷新后再录入"), "{body}");
    assert_eq!(std::fs::read(log_of(dir.path())).unwrap(), before);
    // in English with ?lang=en, and the page's own count is taken
    let (s, _, body) = post(
        &app,
        &csrf,
        &[
            ("entry", "move"),
            ("mv", "h9g7"),
            ("version", &shown),
            ("lang", "en"),
        ],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("another entry was made since"), "{body}");
    let now = game(&log_of(dir.path())).log().entries.len().to_string();
    ok(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "h9g7"), ("version", &now)],
    )
    .await;
}

/// Issue 20 item 8: a game ended in the log whose result a crash kept off the board (the log is
/// written first) is landed by the console's next page view — once; item 11: the flag only on
/// the running clock (the button sends its 0:00:00), else by the arbiter's override with a
/// reason; a clock correction is logged.
#[tokio::test]
async fn a_result_kept_off_the_board_lands_on_the_next_view() {
    let (dir, event) = folder();
    let app = common::app(dir.path(), None);
    let log = log_of(dir.path());
    let (_, page) = get(&app, LIVE).await;
    let csrf = csrf_of(&page);
    ok(&app, &csrf, &[("entry", "start")]).await;
    ok(
        &app,
        &csrf,
        &[("entry", "move"), ("mv", "炮二平五"), ("clock", "1:29:50")],
    )
    .await;
    // the flag of the stopped clock (Red has pressed it) is refused, the log as it was
    let before = std::fs::read(&log).unwrap();
    let (s, _, body) = post(
        &app,
        &csrf,
        &[("entry", "flag"), ("side", "red"), ("clock", "0:00:00")],
        "http://127.0.0.1:8080",
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.contains("红方的棋钟没有走（轮到黑方走）"), "{body}");
    assert_eq!(std::fs::read(&log).unwrap(), before);
    // only the running side's form has the 超时 button
    let (_, page) = get(&app, LIVE).await;
    assert_eq!(
        page.matches("value=\"flag\" class=\"grave\" title=")
            .count(),
        1,
        "{page}"
    );
    ok(
        &app,
        &csrf,
        &[
            ("entry", "correct"),
            ("side", "black"),
            ("clock", "1:31:00"),
            ("reason", "开赛时棋钟少设一分钟"),
        ],
    )
    .await;
    assert_eq!(game(&log).state().clocks.black, 5460);

    // a crash between the log and the board: the log is finished, the board empty
    store::update(&log, |g| g.apply(Entry::Resign { side: Color::Black })).unwrap();
    let board = || {
        Store::<Event>::new(&event).read().unwrap().paired[0].boards[0]
            .result
            .clone()
    };
    assert_eq!(board(), None);
    let (s, page) = get(&app, LIVE).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("已补记到赛事文件"), "{page}");
    assert_eq!(board().as_deref(), Some("1-0"));
    // once: the next view lands nothing more
    let (_, page) = get(&app, LIVE).await;
    assert!(!page.contains("已补记到赛事文件"), "{page}");
}

/// Issue 34 (R8): a finished game's result that a crash kept off its board is landed by any
/// read of the event, not only by the console: the round page never shows the board open; a
/// board that holds another result than its finished log shows both.
#[tokio::test]
async fn a_finished_log_is_landed_by_the_round_page_and_a_contradiction_shown() {
    let (dir, event) = folder();
    let app = common::app(dir.path(), None);
    let log = log_of(dir.path());
    let (_, page) = get(&app, LIVE).await;
    let csrf = csrf_of(&page);
    ok(&app, &csrf, &[("entry", "start")]).await;
    // the crash: the log is finished, the board never written
    store::update(&log, |g| g.apply(Entry::Resign { side: Color::Black })).unwrap();
    let board = || {
        Store::<Event>::new(&event).read().unwrap().paired[0].boards[0]
            .result
            .clone()
    };
    assert_eq!(board(), None);
    // the round page (not the console) is read: the board holds the log's result
    let (s, page) = get(&app, "/e/open.toml/round/1").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(board().as_deref(), Some("1-0"));
    assert!(page.contains("value=\"1-0\""), "{page}");
    // the console still tells once that it was landed
    let (_, page) = get(&app, LIVE).await;
    assert!(page.contains("已补记到赛事文件"), "{page}");
    // another result put on the board behind the desk's back (a hand edit, a forced entry):
    // the round page names both, and changes neither
    Store::<Event>::new(&event)
        .edit(&xiangqi::event::Writer::new("test"), |e| {
            e.enter_result(1, 1, "0-1", (None, None), true)
        })
        .unwrap();
    let (_, page) = get(&app, "/e/open.toml/round/1").await;
    assert!(
        page.contains("对局记录 open-games/r1b1.pgn 的结果为 1-0，本台记为 0-1"),
        "{page}"
    );
    assert!(
        !page.contains(dir.path().to_str().unwrap()),
        "no absolute path"
    );
    assert_eq!(board().as_deref(), Some("0-1"));
    assert_eq!(game(&log).state().result.as_ref().unwrap().pgn(), "1-0");
}
