//! The game viewer in a real browser (headless Chromium over WebDriver): the arrow keys,
//! Home and End step through the game (the URL, the marked move and the board follow), a click
//! on a move in the list opens its ply, and the page prints on A4. Without `chromium` and
//! `chromedriver` the test prints a `NOTICE … skipping` line and passes.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{Browser, pdf_pages};
use fantoccini::key::Key;
use fantoccini::wd::{PrintConfiguration, PrintSize};
use fantoccini::{Client, Locator};

/// What the page shows: the ply in its URL, the ply of the board, the marked move (its ply and
/// text, if any) and the board's SVG.
async fn shown(c: &Client) -> (Option<usize>, usize, Option<(usize, String)>, String) {
    let url = c.current_url().await.unwrap();
    let url_ply = url
        .query_pairs()
        .find(|(k, _)| k == "ply")
        .and_then(|(_, v)| v.parse().ok());
    let board = c.find(Locator::Css("#board")).await.unwrap();
    let board_ply = board
        .attr("data-ply")
        .await
        .unwrap()
        .and_then(|v| v.parse().ok())
        .unwrap();
    let svg = board.html(true).await.unwrap();
    let marked = match c
        .find_all(Locator::Css("#moves a.cur"))
        .await
        .unwrap()
        .first()
    {
        Some(a) => Some((
            a.attr("data-ply")
                .await
                .unwrap()
                .and_then(|v| v.parse().ok())
                .unwrap(),
            a.text().await.unwrap(),
        )),
        None => None,
    };
    (url_ply, board_ply, marked, svg)
}

/// Waits (up to 10 s) until the board shows `ply`.
async fn wait_ply(c: &Client, ply: usize) {
    let start = Instant::now();
    loop {
        let ok = match c.find(Locator::Css("#board")).await {
            Ok(b) => b.attr("data-ply").await.ok().flatten() == Some(ply.to_string()),
            Err(_) => false,
        };
        if ok {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the board never showed ply {ply}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn press(c: &Client, key: Key) {
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys(&String::from(char::from(key)))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_and_clicks_step_through_a_game() {
    let Some(browser) = Browser::start("keys_and_clicks_step_through_a_game").await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/mate-threat-and-chase.pgn"),
        dir.path().join("diagram20.pgn"),
    )
    .unwrap();
    let base = common::serve(dir.path()).await;
    let c = browser.session().await;

    // from the events page to the game, at its end
    c.goto(&format!("{base}/")).await.unwrap();
    c.find(Locator::Css("ul.gamefiles a"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_ply(&c, 8).await;
    let (url_ply, board_ply, marked, end_svg) = shown(&c).await;
    assert_eq!((url_ply, board_ply), (None, 8));
    assert_eq!(marked.map(|m| m.0), Some(8));

    // ← steps back: URL, marked move and board follow
    press(&c, Key::Left).await;
    wait_ply(&c, 7).await;
    let (url_ply, _, marked, svg7) = shown(&c).await;
    assert_eq!(url_ply, Some(7));
    assert_eq!(marked.as_ref().map(|m| m.0), Some(7));
    assert_ne!(svg7, end_svg, "the board did not change");
    press(&c, Key::Left).await;
    wait_ply(&c, 6).await;
    // → steps forward
    press(&c, Key::Right).await;
    wait_ply(&c, 7).await;
    assert_eq!(shown(&c).await.0, Some(7));
    // Home: the start, nothing marked; → from there is ply 1
    press(&c, Key::Home).await;
    wait_ply(&c, 0).await;
    let (url_ply, _, marked, _) = shown(&c).await;
    assert_eq!((url_ply, marked), (Some(0), None));
    press(&c, Key::Left).await; // nothing before the start
    press(&c, Key::Right).await;
    wait_ply(&c, 1).await;
    // End
    press(&c, Key::End).await;
    wait_ply(&c, 8).await;

    // a click on a move of the list opens its ply
    let third = c
        .find(Locator::Css("#moves a[data-ply='3']"))
        .await
        .unwrap();
    let text = third.text().await.unwrap();
    third.click().await.unwrap();
    wait_ply(&c, 3).await;
    let (url_ply, _, marked, _) = shown(&c).await;
    assert_eq!(url_ply, Some(3));
    assert_eq!(marked, Some((3, text)));

    // in WXF: the notation link keeps the ply
    c.find(Locator::Css("a[data-notation=wxf]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    common::wait_for(&c, "data-notation=\"wxf\">WXF</strong>").await;
    let (url_ply, _, marked, _) = shown(&c).await;
    assert_eq!(url_ply, Some(3));
    assert!(
        marked.is_some_and(|(p, t)| p == 3 && t.is_ascii()),
        "a WXF move marked"
    );

    // printed on A4: the board and the move list on the first page, the classes after
    let pdf = c
        .print(
            PrintConfiguration::builder()
                .size(PrintSize::A4)
                .build()
                .unwrap(),
        )
        .await
        .unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    assert!(
        (1..=3).contains(&pdf_pages(&pdf)),
        "{} pages",
        pdf_pages(&pdf)
    );
    c.close().await.unwrap();
}
