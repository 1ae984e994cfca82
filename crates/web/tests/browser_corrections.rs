//! The corrections in a real browser (headless Chromium over WebDriver): a stale 覆盖 refused
//! across two browser sessions; unpairing round 1 and pairing it again; a manual pairing that
//! repeats round 1, its rematch warnings shown before the confirmation; a player edited and
//! the edit undone; the 新建 preview remapping a paste whose 单位 comes first. Without
//! `chromium` and `chromedriver` on the PATH the test prints a `NOTICE … skipping` line and
//! passes.

mod common;

use std::path::Path;

use common::{Browser, click, wait_for};
use fantoccini::{Client, Locator};
use xiangqi::event::{Event, NewEvent, Store, Writer};

fn read(path: &Path) -> Event {
    Store::<Event>::new(path).read().unwrap()
}

/// Waits (up to 10 s) until the event file satisfies `ok`: a click that submits a form returns
/// before the write.
async fn until(path: &Path, what: &str, ok: impl Fn(&Event) -> bool) {
    let start = std::time::Instant::now();
    while !ok(&read(path)) {
        assert!(start.elapsed().as_secs() < 10, "never: {what}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

async fn type_in(c: &Client, css: &str, text: &str) {
    let e = c
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    e.clear().await.unwrap();
    e.send_keys(text).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_correction_in_the_browser() {
    let Some(browser) = Browser::start("every_correction_in_the_browser").await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.toml");
    NewEvent {
        name: "公开赛".into(),
        ruleset: "axf".into(),
        rounds: Some(3),
        players: [
            "甲,北京",
            "乙,上海",
            "丙,北京",
            "丁,天津",
            "戊,上海",
            "己,天津",
        ]
        .map(String::from)
        .to_vec(),
        no_lot: true,
        ..NewEvent::default()
    }
    .create(&path, || Ok(Vec::new()))
    .unwrap();
    Store::<Event>::new(&path)
        .edit(&Writer::new("test"), |e| e.pair())
        .unwrap();
    let base = common::serve(dir.path()).await;
    let round1 = format!("{base}/e/e.toml/round/1");
    let correct = format!("{base}/e/e.toml/correct");

    // --- two arbiters on the same round page; the second's 覆盖 comes from a stale page
    let a = browser.session().await;
    let b = browser.session().await;
    let board1 = "#b1";
    a.goto(&round1).await.unwrap();
    type_in(&a, &format!("{board1} input.result"), "1-0").await;
    click(&a, &format!("{board1} button")).await;
    until(&path, "board 1 is 1-0", |e| {
        e.paired[0].boards[0].result.as_deref() == Some("1-0")
    })
    .await;
    // both pages now show board 1 with its result (and 覆盖)
    a.goto(&round1).await.unwrap();
    b.goto(&round1).await.unwrap();
    type_in(&a, &format!("{board1} input.result"), "=").await;
    click(&a, &format!("{board1} input.force")).await;
    click(&a, &format!("{board1} button")).await;
    until(&path, "board 1 is a draw", |e| {
        e.paired[0].boards[0]
            .result
            .as_deref()
            .is_some_and(|r| r != "1-0")
    })
    .await;
    let draw = read(&path).paired[0].boards[0].result.clone();
    type_in(&b, &format!("{board1} input.result"), "0-1").await;
    click(&b, &format!("{board1} input.force")).await;
    click(&b, &format!("{board1} button")).await;
    wait_for(&b, "他人已修改").await;
    let page = b.source().await.unwrap();
    assert!(page.contains("第 1 轮第 1 台成绩：1-0 → "), "{page}");
    assert!(page.contains("你的修改未保存"));
    assert_eq!(
        read(&path).paired[0].boards[0].result,
        draw,
        "the stale 覆盖 wrote nothing"
    );
    // 重新载入: the page of the new version; the 覆盖 goes through
    click(&b, "a.button").await;
    wait_for(&b, "编排记录表").await;
    type_in(&b, &format!("{board1} input.result"), "0-1").await;
    click(&b, &format!("{board1} input.force")).await;
    click(&b, &format!("{board1} button")).await;
    until(&path, "board 1 is 0-1", |e| {
        e.paired[0].boards[0].result.as_deref() == Some("0-1")
    })
    .await;
    b.close().await.unwrap();

    // --- unpair round 1 (it has a result: the confirmation says so), pair it again
    a.goto(&correct).await.unwrap();
    click(&a, "form.unpair button").await;
    wait_for(&a, "请确认").await;
    assert!(a.source().await.unwrap().contains("删去已录入的 1 个成绩"));
    assert_eq!(
        read(&path).paired.len(),
        1,
        "nothing before the confirmation"
    );
    click(&a, "form.confirm button").await;
    wait_for(&a, "撤销第 1 轮编排（删去 1 个成绩）").await;
    assert!(read(&path).paired.is_empty());
    a.goto(&format!("{base}/e/e.toml")).await.unwrap();
    click(&a, "form.pair button").await;
    until(&path, "round 1 paired again", |e| e.paired.len() == 1).await;
    let ev = read(&path);
    let r1: Vec<String> = ev.paired[0]
        .boards
        .iter()
        .map(|b| format!("{}-{}", b.red, b.black))
        .collect();

    // --- round 1's results, then round 2 paired by hand as round 1 was: three rematches
    Store::<Event>::new(&path)
        .edit(&Writer::new("test"), |ev| {
            ev.enter_results("1 1 1-0\n1 2 =\n1 3 0-1", false)
        })
        .unwrap();
    a.goto(&correct).await.unwrap();
    type_in(&a, "form.pair-by-hand textarea", &r1.join(" ")).await;
    click(&a, "form.pair-by-hand button").await;
    wait_for(&a, "请确认").await;
    let page = a.source().await.unwrap();
    assert_eq!(page.matches("重复对局").count(), 3, "{page}");
    assert_eq!(
        read(&path).paired.len(),
        1,
        "nothing before the confirmation"
    );
    click(&a, "form.confirm button").await;
    // the confirmation page itself says 第 2 轮人工编排: wait for the file, not the text
    let mut ev = read(&path);
    for _ in 0..200 {
        if ev.paired.len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        ev = read(&path);
    }
    assert_eq!(ev.paired.len(), 2, "round 2 saved after the confirmation");
    let r2: Vec<String> = ev.paired[1]
        .boards
        .iter()
        .map(|b| format!("{}-{}", b.red, b.black))
        .collect();
    assert_eq!(r2, r1);

    // --- a player edited, then the edit undone (the confirmation names it)
    a.goto(&correct).await.unwrap();
    a.find(Locator::Css("form.edit-player select[name=no]"))
        .await
        .unwrap()
        .select_by_value("3")
        .await
        .unwrap();
    type_in(&a, "form.edit-player input[name=name]", "丙丙").await;
    type_in(&a, "form.edit-player input[name=club]", "杭州").await;
    click(&a, "form.edit-player button").await;
    wait_for(&a, "3 号运动员：姓名 丙 → 丙丙").await;
    assert_eq!(read(&path).players[2].name, "丙丙");
    click(&a, "form.undo button").await;
    wait_for(&a, "请确认").await;
    assert!(a.source().await.unwrap().contains("姓名 丙 → 丙丙"));
    click(&a, "form.confirm button").await;
    wait_for(&a, "：撤销第 ").await;
    let p = read(&path).players[2].clone();
    assert_eq!((p.name.as_str(), p.club.as_str()), ("丙", "北京"));

    // --- 新建: a paste with 单位 first, read as the arbiter maps it on the preview
    a.goto(&format!("{base}/new")).await.unwrap();
    type_in(&a, "input[name=file]", "n.toml").await;
    type_in(&a, "input[name=name]", "预览赛").await;
    type_in(
        &a,
        "textarea[name=players]",
        "北京 王一\n上海 李二\n天津 张三",
    )
    .await;
    click(&a, "button.preview").await;
    wait_for(&a, "名单各列的读法").await;
    a.find(Locator::Css("select[name=col0]"))
        .await
        .unwrap()
        .select_by_value("club")
        .await
        .unwrap();
    a.find(Locator::Css("select[name=col1]"))
        .await
        .unwrap()
        .select_by_value("name")
        .await
        .unwrap();
    click(&a, "button.preview").await;
    wait_for(&a, "<td class=\"name\">王一</td><td>北京</td>").await;
    click(&a, "button.create").await;
    wait_for(&a, "运动员 (3)").await;
    let ev = read(&dir.path().join("n.toml"));
    let mut got: Vec<(String, String)> = ev
        .players
        .iter()
        .map(|p| (p.name.clone(), p.club.clone()))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [("张三", "天津"), ("李二", "上海"), ("王一", "北京")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    a.close().await.unwrap();
}
