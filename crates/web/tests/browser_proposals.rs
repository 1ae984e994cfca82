//! Issue 22: the live console proposes, the arbiter decides — in a real browser (headless
//! Chromium over WebDriver), on national game 3495 (ccpd_national.pgn, 黃海林 – 徐天紅; see
//! `crates/game/tests/proposals.rs`). Red's 长捉 at ply 44 shows as a proposal with its rule and
//! its line and nothing reaches the event; the arbiter confirms 已告知变着 (logged, by name);
//! Red repeats and the loss is proposed, still nothing in the event; a mistyped entry is undone
//! with its reason (the undo asks for one and is logged); only the declared result lands.
//! Without `chromium` and `chromedriver` on the PATH the test prints a `NOTICE … skipping`
//! line and passes.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{Browser, wait_for};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use xiangqi::event::{Event, Store};
use xiangqi::game::Entry;
use xiangqi::game::store;
use xiangqi::scheduling::EventConfig;

/// Game 3495's 47 plies in ICCS.
const GAME_3495: &str = "h2e2 h9g7 h0g2 i9h9 c3c4 g6g5 b0c2 b9c7 i0i1 g9e7 \
    i1f1 f9e8 b2b4 b7a7 g3g4 g5g4 b4g4 a9b9 f1f6 h7h3 \
    a0a1 b9b5 a1h1 b5h5 e2f2 h3g3 h1h5 g7h5 f6f5 e8f9 \
    g0e2 a7a8 g4h4 h5g7 f5f3 a8g8 h4g4 g7h5 g4h4 h5g7 \
    h4g4 g7h5 g4h4 h5g7 h4g4 g7h5 g4h4";

fn board_result(event: &Path) -> Option<String> {
    let ev: Event = Store::new(event).read().unwrap();
    ev.paired[0].boards[0].result.clone()
}

/// Waits (up to 10 s) until the page's source passes `test`.
async fn wait_until(c: &Client, what: &str, test: impl Fn(&str) -> bool) {
    let start = Instant::now();
    loop {
        let src = c.source().await.unwrap_or_default();
        if test(&src) {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{what}: {src}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Types a move into the focused move field and records it with Enter.
async fn type_move(c: &Client, mv: &str) {
    let field = c.find(Locator::Css("input[name=mv]")).await.unwrap();
    field.send_keys(mv).await.unwrap();
    field
        .send_keys(&String::from(char::from(Key::Enter)))
        .await
        .unwrap();
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// With `XQ_SCREENSHOT_DIR` set, the page as a PNG in that folder (for a person to look at).
async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("XQ_SCREENSHOT_DIR") {
        let png = c.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join(name), png).unwrap();
    }
}

async fn proposal_text(c: &Client) -> String {
    c.find(Locator::Css("section.live-proposal"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ruling_is_proposed_confirmed_undone_and_declared_in_the_browser() {
    let Some(browser) =
        Browser::start("a_ruling_is_proposed_confirmed_undone_and_declared_in_the_browser").await
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("team.toml");
    let players = ["黃海林", "徐天紅"]
        .iter()
        .map(|n| (n.to_string(), String::new()))
        .collect();
    let ev = Event::new(
        "全国象棋团体锦标赛",
        "cn-1987",
        EventConfig::default(),
        players,
        1,
        Some(1),
        false,
    )
    .unwrap();
    let es = Store::new(&event);
    es.create(&ev).unwrap();
    es.edit(&xiangqi::event::Writer::new("test"), |e| {
        e.pair().map(|_| ())
    })
    .unwrap();

    let base = common::serve(dir.path()).await;
    let live = format!("{base}/e/team.toml/round/1/board/1/live");
    let c = browser.session().await;
    c.goto(&live).await.unwrap();
    click(&c, "button[value=start]").await;
    wait_for(&c, "记录着法").await;
    let log = dir.path().join("team-games/r1b1.pgn");
    let moves: Vec<&str> = GAME_3495.split_whitespace().collect();
    // the first 43 plies as `xq game move` enters them (the same store calls)
    for m in &moves[..43] {
        store::update(&log, |g| {
            g.apply(Entry::Move {
                mv: (*m).to_string(),
                clock: None,
            })
        })
        .unwrap();
    }
    c.goto(&live).await.unwrap();

    // ply 44 typed at the console: Red's 长捉 is proposed with its rule and line; no result
    type_move(&c, moves[43]).await;
    wait_until(&c, "the must-vary proposal", |s| {
        s.contains("live-proposal") && s.contains("红方须变着")
    })
    .await;
    let p = proposal_text(&c).await;
    assert!(p.contains("长捉"), "the rule: {p}");
    assert!(p.contains("cn-1987"), "the edition: {p}");
    assert!(p.contains("仅为提议：由裁判决定"), "{p}");
    let line = c
        .find(Locator::Css("section.live-proposal .live-line"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        line.split_whitespace().count() >= 4,
        "the cycle's moves: {line}"
    );
    assert_eq!(board_result(&event), None, "a proposal reaches nothing");

    // the arbiter confirms 已告知变着, by name: logged
    c.find(Locator::Css("section.live-proposal input[name=by]"))
        .await
        .unwrap()
        .send_keys("李裁判")
        .await
        .unwrap();
    click(&c, "section.live-proposal button[value=told]").await;
    wait_until(&c, "told logged", |s| {
        s.contains("红方已告知变着（裁判：李裁判）") && !s.contains("live-proposal\"")
    })
    .await;
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("[%xq told red \"李裁判\" "), "{text}");

    // Red repeats: the loss is proposed, and still nothing reaches the event
    type_move(&c, moves[44]).await;
    wait_until(&c, "the loss proposed", |s| {
        s.contains("<h2>规则提议：黑胜</h2>")
    })
    .await;
    assert_eq!(
        board_result(&event),
        None,
        "a proposed loss reaches nothing"
    );
    screenshot(&c, "live-zh.png").await;
    // the viewer of the same log, at the ply of the proposal
    c.goto(&format!("{base}/g/team-games/r1b1.pgn?lang=zh&ply=45"))
        .await
        .unwrap();
    wait_for(&c, "长捉").await;
    screenshot(&c, "viewer-zh.png").await;
    c.goto(&live).await.unwrap();

    // the undo asks for a reason: without one the browser does not send it
    let before = std::fs::read_to_string(&log).unwrap();
    click(&c, "form.live-undo button[value=undo]").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(std::fs::read_to_string(&log).unwrap(), before);
    // with a reason it is logged, and the undone move takes its proposal along
    c.find(Locator::Css("form.live-undo input[name=reason]"))
        .await
        .unwrap()
        .send_keys("录入错误：核对记录纸")
        .await
        .unwrap();
    c.find(Locator::Css("form.live-undo input[name=by]"))
        .await
        .unwrap()
        .send_keys("李裁判")
        .await
        .unwrap();
    click(&c, "form.live-undo button[value=undo]").await;
    wait_until(&c, "the undo logged", |s| {
        s.contains("撤销记录") && s.contains("录入错误：核对记录纸") && !s.contains("<h2>规则提议")
    })
    .await;
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("录入错误：核对记录纸"), "{text}");
    assert_eq!(board_result(&event), None);

    // the move again: the loss is proposed again; the arbiter declares it, and only now it lands
    type_move(&c, moves[44]).await;
    wait_until(&c, "the loss proposed again", |s| {
        s.contains("<h2>规则提议：黑胜</h2>")
    })
    .await;
    c.find(Locator::Css("section.live-proposal input[name=by]"))
        .await
        .unwrap()
        .send_keys("裁判长")
        .await
        .unwrap();
    click(&c, "section.live-proposal button[value=declare]").await;
    wait_until(&c, "the result declared", |s| {
        s.contains("宣布结果：黑胜") && s.contains("live-result")
    })
    .await;
    assert_eq!(board_result(&event).as_deref(), Some("0-1"));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("[%xq declare black-wins "), "{text}");
    assert!(text.contains("\"裁判长\""), "{text}");
    c.close().await.unwrap();
}
