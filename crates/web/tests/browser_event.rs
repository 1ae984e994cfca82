//! A whole event run in a real browser (headless Chromium over WebDriver): a 40-player Swiss
//! created by pasting its players into the 新建比赛 form, every round paired with 编排下一轮 and
//! every board's result entered with the keyboard alone (type, Enter: the cursor moves on), to the last round; then the file, the
//! standings page and the printed standings and round (PDF). Without `chromium` and
//! `chromedriver` on the PATH the test prints a `NOTICE … skipping` line and passes.

mod common;

use std::time::Instant;

use common::{Browser, pdf_pages, wait_for};
use fantoccini::Locator;
use fantoccini::key::Key;
use fantoccini::wd::{PrintConfiguration, PrintSize};
use xiangqi::event::Event;
use xiangqi::event::Store;

const PLAYERS: usize = 40;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forty_player_swiss_run_entirely_in_the_browser() {
    let Some(browser) = Browser::start("a_forty_player_swiss_run_entirely_in_the_browser").await
    else {
        return;
    };
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("swiss40.toml");
    let base = common::serve(dir.path()).await;
    let c = browser.session().await;

    // the events list links to 新建比赛
    c.goto(&base).await.unwrap();
    c.find(Locator::Css("a.newevent"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "运动员名单").await;
    let pasted: String = (1..=PLAYERS)
        .map(|i| format!("棋手{i},单位{},{}\n", i % 8, 1800 + i))
        .collect();
    for (field, text) in [
        ("input[name=name]", "浏览器积分赛"),
        ("input[name=division]", "男子组"),
        ("input[name=file]", "swiss40.toml"),
        ("textarea[name=players]", pasted.as_str()),
    ] {
        c.find(Locator::Css(field))
            .await
            .unwrap()
            .send_keys(text)
            .await
            .unwrap();
    }
    c.find(Locator::Css("button.create"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "运动员 (40)").await;
    let ev = Store::<Event>::new(&path).read().unwrap();
    assert_eq!(ev.players.len(), PLAYERS);
    assert_eq!(ev.division, "男子组");
    assert_eq!(
        ev.players.iter().filter(|p| p.rating.is_some()).count(),
        PLAYERS
    );
    let rounds = ev.rounds;
    assert!(rounds >= 5, "{rounds} rounds");

    let results = ["1-0", "=", "0-1"];
    // keys pressed to enter every result (each result's characters and Enter)
    let mut keys = 0;
    for round in 1..=rounds {
        // 编排下一轮 on the event page
        c.goto(&format!("{base}/e/swiss40.toml")).await.unwrap();
        c.find(Locator::Css("form.pair button"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_for(&c, &format!("第 {round} 轮")).await;
        assert!(
            c.current_url()
                .await
                .unwrap()
                .path()
                .ends_with(&format!("/round/{round}"))
        );
        // the keyboard alone: the cursor is on board 1; type the result, Enter, and it is on
        // the next board (the row is saved without reloading the page)
        for board in 1..=PLAYERS / 2 {
            let r = results[(board + round as usize) % 3];
            let at = c
                .execute("return document.activeElement.closest('tr').id", vec![])
                .await
                .unwrap();
            assert_eq!(at.as_str(), Some(format!("b{board}").as_str()));
            c.active_element()
                .await
                .unwrap()
                .send_keys(&format!("{r}{}", char::from(Key::Enter)))
                .await
                .unwrap();
            keys += r.chars().count() + 1;
            wait_for(&c, &format!("第 {board} 台结果已录入")).await;
        }
    }
    // the pair button is gone after the last round
    c.goto(&format!("{base}/e/swiss40.toml")).await.unwrap();
    assert!(c.find(Locator::Css("form.pair button")).await.is_err());

    // the file: every round paired and complete, every result as entered
    let ev = Store::<Event>::new(&path).read().unwrap();
    assert_eq!(ev.paired.len() as u32, rounds);
    assert_eq!(ev.complete_rounds(), rounds);
    for r in &ev.paired {
        assert_eq!(r.boards.len(), PLAYERS / 2);
        for b in &r.boards {
            let want = results[(b.board as usize + r.round as usize) % 3];
            assert_eq!(
                b.result.as_deref(),
                Some(want),
                "round {} board {}",
                r.round,
                b.board
            );
        }
    }

    // the standings: every player ranked, the 成绩表 with every round, 组别 in the captions
    c.goto(&format!("{base}/e/swiss40.toml/standings"))
        .await
        .unwrap();
    wait_for(&c, "积分编排成绩表").await;
    let page = c.source().await.unwrap();
    for i in 1..=PLAYERS {
        assert!(page.contains(&format!(">棋手{i}<")), "棋手{i}");
    }
    // the last round's head (一 … 十三) over its cells `对手先后` / 积分
    let last = xiangqi::forms::cn_number(rounds);
    assert!(page.contains(&format!("<th>{last}</th>")));
    assert_eq!(
        page.matches("男子组").count(),
        4,
        "h1 and caption of both forms"
    );
    let a4 = || {
        PrintConfiguration::builder()
            .size(PrintSize::A4)
            .build()
            .unwrap()
    };
    let pdf = c.print(a4()).await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    // the 名次 page, then the 成绩表 on a new page
    assert!(pdf_pages(&pdf) >= 2, "{} pages", pdf_pages(&pdf));

    // the last round's 编排记录表 prints too
    c.goto(&format!("{base}/e/swiss40.toml/round/{rounds}"))
        .await
        .unwrap();
    wait_for(&c, "编排记录表").await;
    let pdf = c.print(a4()).await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    assert!(pdf_pages(&pdf) >= 1);

    c.close().await.unwrap();
    eprintln!(
        "{rounds} rounds of {} boards in {:.1} s; results entered with {keys} keys and no click",
        PLAYERS / 2,
        started.elapsed().as_secs_f64()
    );
}
