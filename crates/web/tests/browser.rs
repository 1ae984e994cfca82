//! The desk in a real browser: headless Chromium driven over WebDriver (`chromedriver`), two
//! sessions at once. Without `chromium` and `chromedriver` on the PATH the test prints a
//! `NOTICE … skipping` line and passes.
//!
//! It pairs round 1 from one session, enters results from both (the second session's page was
//! loaded before the first one's write: nothing is lost), types a result with the keyboard, and
//! prints the 编排记录表 of a 100-player round to PDF: more than one A4 page, the header rows on
//! every page with the caption row (form, event, round) — read back from the PDF's text.

mod common;

use std::path::Path;

use common::{Browser, pdf_pages, wait_for};
use fantoccini::Locator;
use fantoccini::key::Key;
use fantoccini::wd::{PrintConfiguration, PrintSize};
use xiangqi::event::Event;
use xiangqi::event::Store;
use xiangqi::scheduling::{EventConfig, PointSystem};

fn new_event(path: &Path, players: usize) {
    let players = (1..=players)
        .map(|i| (format!("棋手{i}"), format!("单位{}", i % 7)))
        .collect();
    let ev = Event::new(
        "浏览器测试赛",
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
    Store::new(path).create(&ev).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browser_sessions_pair_enter_and_print() {
    let Some(browser) = Browser::start("two_browser_sessions_pair_enter_and_print").await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.toml");
    new_event(&path, 8);
    new_event(&dir.path().join("big.toml"), 100);

    let base = common::serve(dir.path()).await;

    let a = browser.session().await;
    let b = browser.session().await;

    // A pairs round 1 with the button
    a.goto(&format!("{base}/e/open.toml")).await.unwrap();
    a.find(Locator::Css("form.pair button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&a, "编排记录表").await;
    assert!(a.current_url().await.unwrap().path().ends_with("/round/1"));
    assert_eq!(Store::<Event>::new(&path).read().unwrap().paired.len(), 1);

    // both open round 1; then A types board 1 and presses Enter, B types "=" on board 2
    b.goto(&format!("{base}/e/open.toml/round/1"))
        .await
        .unwrap();
    let field = a.find(Locator::Css("#b1 input.result")).await.unwrap();
    field.send_keys("1-0").await.unwrap();
    field
        .send_keys(&String::from(char::from(Key::Enter)))
        .await
        .unwrap();
    wait_for(&a, "第 1 台结果已录入").await;
    b.find(Locator::Css("#b2 input.result"))
        .await
        .unwrap()
        .send_keys(&format!("={}", char::from(Key::Enter)))
        .await
        .unwrap();
    wait_for(&b, "第 2 台结果已录入").await;
    let ev = Store::<Event>::new(&path).read().unwrap();
    assert_eq!(ev.paired[0].boards[0].result.as_deref(), Some("1-0"));
    assert_eq!(ev.paired[0].boards[1].result.as_deref(), Some("="));
    // B's page, loaded again, shows A's result too (the save updated only B's row)
    b.refresh().await.unwrap();
    wait_for(&b, "编排记录表").await;
    assert!(b.source().await.unwrap().contains("2:0"));

    // the 编排记录表 of 50 boards prints on more than one A4 page
    let big = dir.path().join("big.toml");
    Store::<Event>::new(&big)
        .edit(&xiangqi::event::Writer::new("test"), |e| {
            e.pair().map(|_| ())
        })
        .unwrap();
    a.goto(&format!("{base}/e/big.toml/round/1")).await.unwrap();
    wait_for(&a, "棋手100").await;
    let pdf = a
        .print(
            PrintConfiguration::builder()
                .size(PrintSize::A4)
                .build()
                .unwrap(),
        )
        .await
        .unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    assert!(pdf_pages(&pdf) >= 2, "{} pages", pdf_pages(&pdf));
    // the header rows repeat on every page: each page has the column heads and its boards
    let pages = common::pdf_page_texts(&pdf);
    assert_eq!(pages.len(), pdf_pages(&pdf));
    for (i, text) in pages.iter().enumerate() {
        assert!(
            text.contains("台次") && text.contains("上轮积分") && text.contains("比赛结果")
                // the caption row: form, event and round
                && text.contains("编排记录表") && text.contains("浏览器测试赛")
                && text.contains("第 1 轮"),
            "page {}: no header rows in {text:?}",
            i + 1
        );
    }
    assert!(pages[0].contains("棋手") && pages.last().unwrap().contains("棋手"));

    a.close().await.unwrap();
    b.close().await.unwrap();
}
