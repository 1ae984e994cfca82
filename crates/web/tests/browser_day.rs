//! The arbiter's whole day in a real browser (headless Chromium over WebDriver), counted: a
//! 40-player, 9-round cn-1987 Swiss created through 新建 (a pasted list with real 单位), every
//! round paired and every result entered with the keyboard alone, in the words arbiters write
//! (`1-0 1:0 1：0 红胜 胜 = 和 ½ 0-1 黑胜 负` and a forfeit `+-`), and on the way each kind of
//! mistake made and corrected in the browser:
//!
//! | round | correction |
//! |---|---|
//! | 1 | a wrong result corrected (覆盖) from the keyboard; a stale 覆盖 from a second session refused |
//! | 2 | a manual pairing (rematch, colour and score-group warnings, confirmed), unpaired, paired again; a round-1 result changed after round 2 was paired (the warning, confirmed) |
//! | 3 | the colours of a game played reversed swapped |
//! | 4 | a player edited (姓名, 单位, 等级分); a player withdrawn (confirmed) |
//! | 5 | the player reinstated; a late entry |
//! | 9 | the event renamed; another event deleted to the trash |
//!
//! Each effect is checked in the event file and in its history (who, when, what); the final
//! standings are checked complete. Every key and every click the test sends is counted and
//! printed per round; the test asserts that no result needed a click and bounds the keys.
//! `XQ_SHOTS=FOLDER` keeps screenshots of the pages an arbiter looks at. Without `chromium` and
//! `chromedriver` on the PATH the test prints a `NOTICE … skipping` line and passes.

mod common;
mod day;

use std::time::{Duration, Instant};

use common::Browser;
use day::{Count, Desk, back_tab, enter, last_change_says, overwrite, pairs, read, until};
use fantoccini::key::Key;
use xiangqi::event::NewEvent;

const PLAYERS: usize = 40;
const ROUNDS: u32 = 9;

/// The result words, in turn (`+-`: Black forfeits).
const WORDS: [&str; 12] = [
    "1-0", "1:0", "1：0", "红胜", "胜", "=", "和", "½", "0-1", "黑胜", "负", "+-",
];

/// What the file keeps for a word.
fn stored(word: &str) -> &'static str {
    match word {
        "1-0" | "1:0" | "1：0" | "红胜" | "胜" => "1-0",
        "=" | "和" | "½" => "=",
        "0-1" | "黑胜" | "负" => "0-1",
        "+-" => "+-",
        other => panic!("no word {other}"),
    }
}

const SURNAMES: [&str; 10] = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"];
const GIVEN: [&str; 4] = ["天一", "嘉明", "志强", "晓东"];
const UNITS: [&str; 8] = [
    "北京",
    "上海",
    "广东",
    "四川",
    "江苏",
    "浙江",
    "黑龙江",
    "湖北",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiters_day_forty_players_nine_rounds_keyboard_and_every_correction() {
    let Some(browser) = Browser::start("the_arbiters_day").await else {
        return;
    };
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("day.toml");
    // another event, deleted at the end of the day
    let spare = dir.path().join("spare.toml");
    NewEvent {
        name: "试赛".into(),
        ruleset: "cn-1987".into(),
        rounds: Some(1),
        players: ["甲,北京", "乙,上海"].map(String::from).to_vec(),
        ..NewEvent::default()
    }
    .create(&spare, || Ok(Vec::new()))
    .unwrap();
    let base = common::serve(dir.path()).await;
    let ev_url = format!("{base}/e/day.toml");
    let round_url = |r: u32| format!("{ev_url}/round/{r}");
    let mut a = Desk {
        c: browser.session().await,
        keys: 0,
        clicks: 0,
        opened: 0,
    };
    let mut table: Vec<String> = Vec::new();

    // --- 新建: the list pasted (a heading line, tab-separated), previewed, created
    let t0 = a.count();
    a.open(&format!("{base}/new")).await;
    a.wait("运动员名单").await;
    let mut list = String::from("姓名\t单位\t等级分\n");
    for i in 0..PLAYERS {
        list += &format!(
            "{}{}\t{}\t{}\n",
            SURNAMES[i % 10],
            GIVEN[i / 10],
            UNITS[i % 8],
            2200 - 10 * i
        );
    }
    a.fill("input[name=name]", "城市象棋公开赛").await;
    a.fill("input[name=file]", "day.toml").await;
    a.choose("select[name=ruleset]", "cn-1987").await;
    a.fill("input[name=rounds]", &ROUNDS.to_string()).await;
    a.paste("textarea[name=players]", &list).await;
    a.click("button.preview").await;
    a.wait("名单各列的读法").await;
    a.wait("<td class=\"name\">王天一</td><td>北京</td>").await;
    a.click("button.create").await;
    a.wait("运动员 (40)").await;
    let ev = read(&path);
    assert_eq!(ev.players.len(), PLAYERS);
    assert_eq!(ev.rounds, ROUNDS);
    assert_eq!(ev.ruleset, "cn-1987");
    assert!(ev.players.iter().all(|p| p.rating.is_some()));
    assert_eq!(
        ev.players.iter().filter(|p| p.club == "黑龙江").count(),
        5,
        "单位 read as given"
    );
    // the arbiter's name, recorded with every change from now on
    a.open(&format!("{ev_url}/correct")).await;
    a.fill("form.arbiter input[name=by]", "王裁判").await;
    a.click("form.arbiter button").await;
    a.wait("王裁判").await;
    let c = a.since(t0);
    table.push(format!(
        "setup (新建 + arbiter): {} keys, {} clicks, {} pages opened",
        c.keys, c.clicks, c.opened
    ));

    // the second arbiter's session (the stale 覆盖)
    let mut b = Desk {
        c: browser.session().await,
        keys: 0,
        clicks: 0,
        opened: 0,
    };

    let mut entry_total = Count::default();
    for round in 1..=ROUNDS {
        let before = a.count();
        // --- pairing
        if round == 1 {
            // the event page: 编排下一轮 has the cursor
            a.open(&ev_url).await;
            assert_eq!(a.at().await, "noprint pair");
            a.press_and_load(&enter()).await;
        } else if round == 2 {
            // a manual pairing that repeats round 1: every rule it breaks, before confirming
            let ev = read(&path);
            let r1: Vec<String> = pairs(&ev, 1)
                .iter()
                .map(|(r, b)| format!("{r}-{b}"))
                .collect();
            a.open(&format!("{ev_url}/correct")).await;
            a.fill("form.pair-by-hand textarea", &r1.join(" ")).await;
            a.click("form.pair-by-hand button").await;
            a.wait("请确认").await;
            let page = a.source().await;
            assert_eq!(page.matches("重复对局").count(), 20, "20 rematches");
            assert!(page.contains("先后手规则"), "a colour rule broken");
            assert!(page.contains("越过分数组"), "a score-group jump");
            assert_eq!(read(&path).paired.len(), 1, "nothing before confirming");
            a.shot("manual-pairing-warnings").await;
            // the confirmation has the cursor
            a.press_and_load(&enter()).await;
            until(&path, "round 2 paired by hand", |e| e.paired.len() == 2).await;
            assert_eq!(pairs(&read(&path), 2), pairs(&read(&path), 1));
            last_change_says(&path, "王裁判", "paired round 2 by hand");
            // unpaired (confirmed), then paired again by the system from round 1's page
            a.open(&format!("{ev_url}/correct")).await;
            a.click("form.unpair button").await;
            a.wait("请确认").await;
            a.press_and_load(&enter()).await;
            until(&path, "round 2 unpaired", |e| e.paired.len() == 1).await;
            last_change_says(&path, "王裁判", "unpaired round 2");
            a.open(&round_url(1)).await;
            a.wait("编排记录表").await;
            assert_eq!(a.at().await, "pairnext", "编排下一轮 has the cursor");
            a.press_and_load(&enter()).await;
        } else {
            // the previous round's page, its last result just saved: 编排下一轮 has the cursor
            assert_eq!(a.at().await, "pairnext", "round {round}: 编排下一轮");
            a.press_and_load(&enter()).await;
        }
        until(&path, "the round paired", |e| {
            e.paired.len() == round as usize
        })
        .await;
        a.wait(&format!("第 {round} 轮")).await;
        a.wait("编排记录表").await;
        assert!(
            a.c.current_url()
                .await
                .unwrap()
                .path()
                .ends_with(&format!("/round/{round}"))
        );
        let ev = read(&path);
        last_change_says(&path, "王裁判", &format!("paired round {round}"));
        if round == 2 {
            // no rematch of round 1 in the system's pairing
            let r1 = pairs(&ev, 1);
            for (r, b) in pairs(&ev, 2) {
                assert!(!r1.contains(&(r, b)) && !r1.contains(&(b, r)), "{r}-{b}");
            }
            // a round-1 result changed now: the desk says round 2 was paired on the old one
            a.open(&round_url(1)).await;
            a.wait("编排记录表").await;
            assert_eq!(
                a.at().await,
                "b1",
                "a complete round: the cursor on board 1"
            );
            let old = read(&path).paired[0].boards[4].result.clone().unwrap();
            let new = if old == "=" { "1-0" } else { "=" };
            a.press(&format!(
                "{}{}{}{}",
                char::from(Key::Down),
                char::from(Key::Down),
                char::from(Key::Down),
                char::from(Key::Down)
            ))
            .await;
            assert_eq!(a.at().await, "b5");
            a.press_and_load(&overwrite(new)).await;
            a.wait("请确认").await;
            let page = a.source().await;
            assert!(
                page.contains("第 1 轮第 5 台：第 2 轮已按原成绩编排"),
                "{page}"
            );
            assert_eq!(
                read(&path).paired[0].boards[4].result.as_deref(),
                Some(old.as_str())
            );
            a.shot("paired-on-old-score").await;
            a.press_and_load(&enter()).await;
            until(&path, "round 1 board 5 changed", |e| {
                e.paired[0].boards[4].result.as_deref() == Some(new)
            })
            .await;
            last_change_says(
                &path,
                "王裁判",
                &format!("result round 1 board 5: {old} → {new}"),
            );
            a.open(&round_url(2)).await;
            a.wait("编排记录表").await;
        }
        let paired = a.since(before);

        // --- entry: the keyboard alone, the cursor on board 1 and on by itself
        let ev = read(&path);
        let boards: Vec<u32> = ev.paired[round as usize - 1]
            .boards
            .iter()
            .map(|b| b.board)
            .collect();
        let start = a.count();
        let mut typed = Vec::new();
        for &board in &boards {
            assert_eq!(
                a.at().await,
                format!("b{board}"),
                "round {round}: the cursor"
            );
            let mut word = WORDS[(board + round) as usize % WORDS.len()];
            // the slip misread: board 19 of round 1 entered as a Red win
            if round == 1 && board == 19 {
                word = "1-0";
            }
            a.press(&format!("{word}{}", enter())).await;
            a.wait(&format!("第 {board} 台结果已录入")).await;
            typed.push(word);
        }
        let entry = a.since(start);
        assert_eq!(entry.clicks, 0, "round {round}: a click in the entry");
        assert_eq!(entry.opened, 0, "round {round}: a page loaded in the entry");
        assert!(
            entry.keys <= boards.len() * 4,
            "round {round}: {} keys for {} boards",
            entry.keys,
            boards.len()
        );
        entry_total.keys += entry.keys;
        let ev = read(&path);
        for (b, word) in ev.paired[round as usize - 1].boards.iter().zip(&typed) {
            assert_eq!(
                b.result.as_deref(),
                Some(stored(word)),
                "round {round} board {}: typed {word}",
                b.board
            );
        }
        if round < ROUNDS {
            assert_eq!(a.at().await, "pairnext", "round {round}: all in");
        }
        if round == 1 || round == 5 {
            for w in [1280u32, 820, 390] {
                a.c.set_window_size(w, 900).await.unwrap();
                a.shot(&format!("round{round}-{w}")).await;
            }
            a.c.set_window_size(1200, 900).await.unwrap();
        }

        // --- the corrections of the day
        let fix = a.count();
        match round {
            1 => {
                // the second arbiter opens round 1 (complete) before the correction
                b.open(&format!("{ev_url}/correct")).await;
                b.fill("form.arbiter input[name=by]", "李裁判").await;
                b.click("form.arbiter button").await;
                b.wait("李裁判").await;
                b.open(&round_url(1)).await;
                b.wait("编排记录表").await;
                // board 19 was 0-1 on the slip: from 编排下一轮 back to board 20's field, up
                // one, 覆盖
                a.press(&format!("{}{}{}", back_tab(), back_tab(), back_tab()))
                    .await;
                assert_eq!(a.at().await, "b20");
                a.press(&char::from(Key::Up).to_string()).await;
                assert_eq!(a.at().await, "b19");
                a.press_and_load(&overwrite("0-1")).await;
                until(&path, "board 19 corrected", |e| {
                    e.paired[0].boards[18].result.as_deref() == Some("0-1")
                })
                .await;
                last_change_says(&path, "王裁判", "result round 1 board 19: 1-0 → 0-1");
                a.wait("编排记录表").await;
                // the page is back: 编排下一轮 has the cursor again
                assert_eq!(a.at().await, "pairnext");
                // the second arbiter's 覆盖 of the same board, from the page before it: refused
                let board19 = "#b19";
                b.fill(&format!("{board19} input.result"), "=").await;
                b.click(&format!("{board19} input.force")).await;
                b.click(&format!("{board19} button")).await;
                b.wait("他人已修改").await;
                let page = common::unescape(&b.source().await);
                assert!(page.contains("你的修改未保存"), "{page}");
                assert!(page.contains("王裁判"), "who changed it: {page}");
                assert!(page.contains("第 1 轮第 19 台成绩：1-0 → 0-1"), "{page}");
                b.shot("stale-refusal").await;
                assert_eq!(
                    read(&path).paired[0].boards[18].result.as_deref(),
                    Some("0-1"),
                    "the stale 覆盖 wrote nothing"
                );
                assert_eq!(read(&path).history.last().unwrap().by, "王裁判");
                a.open(&round_url(1)).await;
                a.wait("编排记录表").await;
            }
            3 => {
                // board 7 was played with the colours reversed
                let ev = read(&path);
                let b7 = ev.paired[2].boards[6].clone();
                a.open(&format!("{ev_url}/correct")).await;
                a.fill("form.swap input[name=board]", "7").await;
                a.click("form.swap button").await;
                a.wait("请确认").await;
                a.press_and_load(&enter()).await;
                until(&path, "board 7 swapped", |e| {
                    e.paired[2].boards[6].red == b7.black
                })
                .await;
                let now = read(&path).paired[2].boards[6].clone();
                assert_eq!((now.red, now.black), (b7.black, b7.red));
                let flipped = match b7.result.as_deref() {
                    Some("1-0") => "0-1",
                    Some("0-1") => "1-0",
                    Some("+-") => "-+",
                    Some(other) => other,
                    None => unreachable!(),
                };
                assert_eq!(now.result.as_deref(), Some(flipped));
                last_change_says(&path, "王裁判", "round 3 board 7");
                a.open(&round_url(3)).await;
                a.wait("编排记录表").await;
            }
            4 => {
                // player 12 edited: 姓名, 单位, 等级分
                a.open(&format!("{ev_url}/correct")).await;
                a.choose("form.edit-player select[name=no]", "12").await;
                a.fill("form.edit-player input[name=name]", "张强").await;
                a.fill("form.edit-player input[name=club]", "深圳").await;
                a.fill("form.edit-player input[name=rating]", "2105").await;
                a.click("form.edit-player button").await;
                until(&path, "player 12 edited", |e| e.players[11].name == "张强").await;
                let p = read(&path).players[11].clone();
                assert_eq!((p.club.as_str(), p.rating), ("深圳", Some(2105)), "{p:?}");
                last_change_says(&path, "王裁判", "player 12");
                a.shot("corrections").await;
                // player 33 withdraws: confirmed first
                a.open(&format!("{ev_url}/manage")).await;
                a.choose("form.withdraw select[name=no]", "33").await;
                a.click("form.withdraw button").await;
                a.wait("请确认").await;
                assert!(read(&path).players[32].withdrawn.is_none());
                a.press_and_load(&enter()).await;
                until(&path, "33 withdrawn", |e| {
                    e.players[32].withdrawn == Some(4)
                })
                .await;
                last_change_says(&path, "王裁判", "player 33 withdrew after round 4");
                a.open(&round_url(4)).await;
                a.wait("编排记录表").await;
            }
            5 => {
                assert!(
                    read(&path).paired[4]
                        .boards
                        .iter()
                        .all(|b| b.red != 33 && b.black != 33),
                    "33 not paired after withdrawing"
                );
                // 33 comes back
                a.open(&format!("{ev_url}/correct")).await;
                a.choose("form.reinstate select[name=no]", "33").await;
                a.click("form.reinstate button").await;
                until(&path, "33 reinstated", |e| {
                    e.players[32].withdrawn.is_none()
                })
                .await;
                last_change_says(&path, "王裁判", "33");
                // a late entry
                a.open(&format!("{ev_url}/manage")).await;
                a.fill("form.add input[name=player]", "孙立新, 福建, 1950")
                    .await;
                a.click("form.add button").await;
                until(&path, "a late entry", |e| e.players.len() == PLAYERS + 1).await;
                let p = read(&path).players[PLAYERS].clone();
                assert_eq!(
                    (p.name.as_str(), p.club.as_str(), p.rating),
                    ("孙立新", "福建", Some(1950))
                );
                last_change_says(&path, "王裁判", "孙立新");
                a.open(&round_url(5)).await;
                a.wait("编排记录表").await;
            }
            _ => {}
        }
        let fixed = a.since(fix);
        table.push(format!(
            "round {round}: {} boards; pairing {} keys, {} clicks, {} pages opened; entry {} keys, \
             {} clicks; corrections {} keys, {} clicks, {} pages opened",
            boards.len(),
            paired.keys,
            paired.clicks,
            paired.opened,
            entry.keys,
            entry.clicks,
            fixed.keys,
            fixed.clicks,
            fixed.opened
        ));
    }
    b.c.close().await.unwrap();

    // --- the end of the day: the event renamed, the spare one deleted to the trash
    let end = a.count();
    a.open(&format!("{ev_url}/correct")).await;
    a.fill("form.rename input[name=name]", "城市象棋公开赛（正式）")
        .await;
    a.click("form.rename button").await;
    until(&path, "renamed", |e| e.name == "城市象棋公开赛（正式）").await;
    last_change_says(&path, "王裁判", "城市象棋公开赛（正式）");
    a.open(&format!("{base}/e/spare.toml/correct")).await;
    a.click("form.delete button").await;
    a.wait("请确认").await;
    assert!(spare.exists(), "nothing before confirming");
    a.press_and_load(&enter()).await;
    let start = Instant::now();
    while spare.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "spare not deleted"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let trashed: Vec<_> = std::fs::read_dir(dir.path().join(".trash"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        trashed.iter().any(|f| f.starts_with("spare.toml")),
        "{trashed:?}"
    );
    // the history page: every change with who and when
    a.open(&format!("{ev_url}/history")).await;
    a.wait("修改记录").await;
    let page = common::unescape(&a.source().await);
    let ev = read(&path);
    assert!(
        ev.history.len() > ROUNDS as usize * 20,
        "{}",
        ev.history.len()
    );
    assert!(
        page.matches("王裁判").count() >= ev.history.len() - 2,
        "who"
    );
    a.shot("history").await;
    let c = a.since(end);
    table.push(format!(
        "end (rename, delete, history): {} keys, {} clicks, {} pages opened",
        c.keys, c.clicks, c.opened
    ));

    // --- the standings: complete, every player ranked
    assert_eq!(ev.complete_rounds(), ROUNDS);
    a.open(&format!("{ev_url}/standings")).await;
    a.wait("积分编排成绩表").await;
    let page = a.source().await;
    for p in &ev.players {
        assert!(page.contains(&format!(">{}<", p.name)), "{}", p.name);
    }
    let last = xiangqi::forms::cn_number(ROUNDS);
    assert!(page.contains(&format!("<th>{last}</th>")));
    a.c.close().await.unwrap();

    for line in &table {
        eprintln!("{line}");
    }
    eprintln!(
        "the day: {} keys, {} clicks, {} pages opened in all ({} keys for the results, no \
         click); the second arbiter {} keys, {} clicks; {:.1} s",
        a.keys,
        a.clicks,
        a.opened,
        entry_total.keys,
        b.keys,
        b.clicks,
        started.elapsed().as_secs_f64()
    );
    // sane bounds: the results are at most 4 keys a board; the rest a few per correction
    assert!(entry_total.keys <= ROUNDS as usize * 21 * 4);
    assert!(a.clicks <= 60, "{} clicks", a.clicks);
}
