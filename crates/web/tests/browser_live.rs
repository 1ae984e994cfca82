//! The live console in a real browser (headless Chromium over WebDriver): from the round page
//! to a board's console, start the game, type two moves with the keyboard, offer a draw and
//! accept it; the event file shows the draw. Without `chromium` and `chromedriver` on the PATH
//! the test prints a `NOTICE … skipping` line and passes.

mod common;

use common::{Browser, wait_for};
use fantoccini::Locator;
use fantoccini::key::Key;
use xiangqi::event::Event;
use xiangqi::event::Store;
use xiangqi::scheduling::EventConfig;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_played_to_an_agreed_draw_in_the_browser() {
    let Some(browser) = Browser::start("a_board_played_to_an_agreed_draw_in_the_browser").await
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.toml");
    let players = ["王天一", "郑惟桐", "许银川", "赵鑫鑫"]
        .iter()
        .map(|n| (n.to_string(), String::new()))
        .collect();
    let ev = Event::new(
        "浏览器对局",
        "cn-1987",
        EventConfig::default(),
        players,
        1,
        Some(3),
        false,
    )
    .unwrap();
    let store = Store::new(&path);
    store.create(&ev).unwrap();
    store
        .edit(&xiangqi::event::Writer::new("test"), |e| {
            e.pair().map(|_| ())
        })
        .unwrap();

    let base = common::serve(dir.path()).await;
    let c = browser.session().await;

    // from the round page, board 2's console
    c.goto(&format!("{base}/e/open.toml/round/1"))
        .await
        .unwrap();
    c.find(Locator::Css("#b2 a.live-link"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "开始对局").await;
    assert!(
        c.current_url()
            .await
            .unwrap()
            .path()
            .ends_with("/round/1/board/2/live")
    );
    c.find(Locator::Css("button[value=start]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "记录着法").await;
    assert!(dir.path().join("open-games/r1b2.pgn").is_file());

    // two moves typed into the focused field, Enter to record each
    for (mv, ruling) in [("炮二平五", "第1着 炮二平五"), ("马8进7", "第2着 ")] {
        let field = c.find(Locator::Css("input[name=mv]")).await.unwrap();
        field.send_keys(mv).await.unwrap();
        field
            .send_keys(&String::from(char::from(Key::Enter)))
            .await
            .unwrap();
        wait_for(&c, ruling).await;
    }
    let text = std::fs::read_to_string(dir.path().join("open-games/r1b2.pgn")).unwrap();
    assert!(text.contains("1. h2e2") && text.contains("h9g7"), "{text}");

    // Black offers (it has just moved), Red accepts
    c.find(Locator::Css("form.live-sideform.black button[value=offer]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "黑方提和").await;
    c.find(Locator::Css("form.live-sideform.red button[value=accept]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "红方同意和棋").await;

    let ev = Store::<Event>::new(&path).read().unwrap();
    assert_eq!(ev.paired[0].boards[1].result.as_deref(), Some("="));
    assert_eq!(ev.paired[0].boards[0].result, None);
    // the round page shows it too
    c.goto(&format!("{base}/e/open.toml/round/1"))
        .await
        .unwrap();
    let row = c
        .find(Locator::Css("#b2 td.res"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!row.trim().is_empty(), "board 2's result shown: {row:?}");
    c.close().await.unwrap();
}
