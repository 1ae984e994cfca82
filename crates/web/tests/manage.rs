//! HTTP tests of running a whole event at the desk (`manage.rs`): creating an event through the
//! same code as `xq event new` (the file, players, ruleset, system, 组别) and its refusals with
//! the CLI's messages (no file written); withdrawals, requested byes, late entries and team
//! line-ups landing in the file (refusals leave it byte for byte); the knockout bracket with its
//! winners; 组别 in the caption of every printed form.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::post_form as post;
use common::read_event as read;
use common::{create, desk, form, get, send};
use xiangqi::event::NewEvent;

const PASTED: &str = "姓名\t单位\t等级分\n王天一\t杭州\t2700\n郑惟桐,成都,2650\n\n# a comment\n许银川，广东\n赵鑫鑫\n孟辰,四川\n蒋川,北京,2600\n";

#[tokio::test]
async fn create_an_event_from_the_form_as_xq_event_new_does() {
    let (dir, app, csrf) = desk().await;
    // the form: every embedded ruleset with its chain per system, from the CLI's own line
    let (_, _, page) = get(&app, "/new").await;
    for id in ["axf", "cn-1987"] {
        assert!(page.contains(&format!("<option value=\"{id}\"")), "{id}");
    }
    // in Chinese: the systems and the chain by their Chinese names, no option of the CLI
    assert!(page.contains("积分编排制；名次区分：积分 → "), "{page}");
    assert!(page.contains("双淘汰制；每场 "), "{page}");
    assert!(page.contains("<option value=\"knockout\">单淘汰制</option>"));
    assert!(!page.contains("tie-breaks"), "{page}");
    // English with ?lang=en: the CLI's own line
    let (_, _, en) = get(&app, "/new?lang=en").await;
    assert!(en.contains("swiss (积分编排制); tie-breaks: 积分 → buchholz"));
    assert!(en.contains("double-knockout (双淘汰制)"));
    assert!(en.contains("<h1>New event</h1>") && en.contains("Division (组别)"));
    assert!(en.contains("name=\"lang\" value=\"en\""));
    // the events list links to it
    let (_, _, index) = get(&app, "/").await;
    assert!(index.contains("href=\"/new?lang=zh\""));

    let (s, h, body) = create(
        &app,
        &csrf,
        "men.toml",
        &[
            ("name", "市象棋个人赛"),
            ("division", "男子组"),
            ("players", PASTED),
            ("ruleset", "cn-1987"),
            ("system", "swiss"),
            ("rounds", "5"),
            ("seed", "7"),
            ("no_lot", "1"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(h[header::LOCATION], "/e/men.toml?lang=zh");
    let ev = read(&dir.path().join("men.toml"));
    assert_eq!(ev.name, "市象棋个人赛");
    assert_eq!(ev.division, "男子组");
    assert_eq!(ev.ruleset, "cn-1987");
    assert_eq!(ev.rounds, 5);
    assert_eq!(ev.seed, 7);
    // the heading line and the comment are left out; tabs and full-width commas are commas;
    // the given order is kept (no lot)
    let names: Vec<&str> = ev.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["王天一", "郑惟桐", "许银川", "赵鑫鑫", "孟辰", "蒋川"]
    );
    assert_eq!(ev.players[0].club, "杭州");
    assert_eq!(ev.players[0].rating, Some(2700));
    assert_eq!(ev.players[2].club, "广东");
    assert_eq!(ev.players[3].club, "");
    // the same event as `xq event new --no-lot --system swiss --ruleset cn-1987 …` builds
    let cli = NewEvent {
        name: "市象棋个人赛".into(),
        division: "男子组".into(),
        ruleset: "cn-1987".into(),
        system: Some("swiss".into()),
        rounds: Some(5),
        seed: 7,
        no_lot: true,
        players: [
            "王天一,杭州,2700",
            "郑惟桐,成都,2650",
            "许银川,广东",
            "赵鑫鑫",
            "孟辰,四川",
            "蒋川,北京,2600",
        ]
        .map(String::from)
        .to_vec(),
        ..NewEvent::default()
    }
    .build("men.toml", || Ok(Vec::new()))
    .unwrap();
    assert_eq!(ev, cli.event);
    // the events list and the event page show it with its division
    let (_, _, index) = get(&app, "/").await;
    assert!(index.contains(">市象棋个人赛 男子组</a>"), "{index}");
    let (s, _, page) = get(&app, "/e/men.toml").await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("男子组") && page.contains("赵鑫鑫"));

    // a knockout, seeded by lot
    let (s, _, body) = create(
        &app,
        &csrf,
        "cup.toml",
        &[
            ("name", "象棋杯"),
            ("players", "甲\n乙\n丙\n丁\n戊"),
            ("system", "knockout"),
            ("third_place", "1"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let cup = read(&dir.path().join("cup.toml"));
    assert!(cup.stages[0].system.is_knockout());
    assert!(cup.config.third_place);
    assert_eq!(cup.division, "");
}

/// A refused creation: the file, the form's other fields, the message.
type Case<'a> = (&'a str, Vec<(&'a str, &'a str)>, &'a str);

#[tokio::test]
async fn refused_creations_give_the_cli_s_message_and_write_nothing() {
    let (dir, app, csrf) = desk().await;
    let players = ("players", "甲\n乙\n丙\n丁");
    let (s, _, _) = create(&app, &csrf, "open.toml", &[players]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let before = std::fs::read(dir.path().join("open.toml")).unwrap();
    let files = || {
        let mut v: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        v.sort();
        v
    };

    let cases: [Case<'_>; 7] = [
        // the file is there already
        (
            "open.toml",
            vec![players],
            "open.toml：已经存在，请换一个文件名",
        ),
        // a bad player line
        (
            "bad.toml",
            vec![("players", "甲,北京,2千")],
            "运动员名单第 3 列（如“2千”）读不出是序号、姓名、单位还是等级分：请点“预览名单”，选定各列后再创建",
        ),
        // an unknown ruleset
        (
            "rs.toml",
            vec![players, ("ruleset", "no-such")],
            "规则 \"no-such\"：只能选内置规则",
        ),
        // an unknown system, a round robin cut short, too few players
        (
            "sys.toml",
            vec![players, ("system", "ladder")],
            "赛制 \"ladder\"：应为积分编排制、大循环、单淘汰制、双淘汰制或分组循环制",
        ),
        (
            "rr.toml",
            vec![players, ("system", "round-robin"), ("rounds", "2")],
            "轮数 2：4 人的大循环共 3 轮；要提前结束请勾选“允许不完整的循环”（或改用积分编排制）",
        ),
        // file names outside the folder or not .toml
        (
            "../up.toml",
            vec![players],
            "应为本文件夹里的文件名，如 比赛.toml",
        ),
        (
            "list.txt",
            vec![players],
            "应为本文件夹里的文件名，如 比赛.toml",
        ),
    ];
    for (file, fields, want) in cases {
        let (s, _, body) = create(&app, &csrf, file, &fields).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{file}");
        assert!(body.contains(want), "{file}: no {want:?} in {body}");
        // the form comes back with what was typed
        assert!(body.contains(&format!("value=\"{file}\"")), "{file}");
        assert_eq!(files(), ["open.toml"], "{file}");
    }
    assert!(!dir.path().parent().unwrap().join("up.toml").exists());
    assert_eq!(std::fs::read(dir.path().join("open.toml")).unwrap(), before);

    // a ruleset is an id of the catalogue: the desk opens no path it is given (issue 20), so
    // an unknown one is refused before the library could look for such a file
    let (_, _, body) = create(
        &app,
        &csrf,
        "rs.toml",
        &[("players", "甲\n乙"), ("ruleset", "no-such")],
    )
    .await;
    assert!(
        body.contains("规则 \"no-such\"：只能选内置规则（axf、cn-1987"),
        "{body}"
    );

    // without the form secret: refused before anything is read
    let (s, _, _) = post(&app, "/new", &form(&[("file", "x.toml"), players])).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(files(), ["open.toml"]);
}

/// Pairs the next round of `id` by the desk's button.
async fn pair(app: &Router, csrf: &str, id: &str) {
    let (s, _, body) = post(app, &format!("/e/{id}/pair"), &form(&[("csrf", csrf)])).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
}

#[tokio::test]
async fn withdraw_bye_and_late_entry_land_in_the_file() {
    let (_dir, app, csrf, path) = common::six_player_swiss("open.toml").await;

    let (s, _, page) = get(&app, "/e/open.toml/manage").await;
    assert_eq!(s, StatusCode::OK);
    let (_, _, en) = get(&app, "/e/open.toml/manage?lang=en").await;
    assert!(en.contains("Withdraw (退出比赛)") && en.contains("Late entry"));
    for action in ["withdraw", "bye", "add"] {
        assert!(page.contains(&format!("action=\"/e/open.toml/{action}\"")));
    }
    // no line-ups in an individual event
    assert!(!page.contains("action=\"/e/open.toml/lineup\""));

    // 退出比赛: a confirmation naming the player, then done
    let (s, _, page) = post(
        &app,
        "/e/open.toml/withdraw",
        &form(&[("csrf", &csrf), ("no", "3")]),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains("3 丙（北京） 退出比赛，此后不再编排。"),
        "{page}"
    );
    assert_eq!(read(&path).players[2].withdrawn, None);
    let (s, h, _) = post(
        &app,
        "/e/open.toml/withdraw",
        &form(&[("csrf", &csrf), ("no", "3"), ("confirm", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let (_, _, page) = get(&app, h[header::LOCATION].to_str().unwrap()).await;
    assert!(
        page.contains("open.toml：3 号运动员第 1 轮后退出比赛"),
        "{page}"
    );
    assert_eq!(read(&path).players[2].withdrawn, Some(1));
    // again: refused with the CLI's message, the file unchanged
    let before = std::fs::read(&path).unwrap();
    let want = xiangqi::event::Edit::new(&mut read(&path))
        .withdraw(3)
        .unwrap_err()
        .zh();
    let (s, _, body) = post(
        &app,
        "/e/open.toml/withdraw",
        &form(&[("csrf", &csrf), ("no", "3"), ("confirm", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains(&format!("open.toml：{want}")), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // a requested bye for round 2; for round 1 (paired) refused
    let (s, _, _) = post(
        &app,
        "/e/open.toml/bye",
        &form(&[("csrf", &csrf), ("no", "2"), ("round", "2")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).players[1].bye_requests, [2]);
    let before = std::fs::read(&path).unwrap();
    let want = xiangqi::event::Edit::new(&mut read(&path))
        .request_bye(2, 1)
        .unwrap_err()
        .zh();
    let (s, _, body) = post(
        &app,
        "/e/open.toml/bye",
        &form(&[("csrf", &csrf), ("no", "2"), ("round", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains(&format!("open.toml：{want}")), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // a late entry (pasted with a tab), first paired next round
    let (s, h, _) = post(
        &app,
        "/e/open.toml/add",
        &form(&[("csrf", &csrf), ("player", "庚\t广东\t1900")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let (_, _, page) = get(&app, h[header::LOCATION].to_str().unwrap()).await;
    assert!(page.contains("open.toml：补报名：7 号 庚"), "{page}");
    let ev = read(&path);
    assert_eq!(ev.players.len(), 7);
    assert_eq!(
        (ev.players[6].name.as_str(), ev.players[6].club.as_str()),
        ("庚", "广东")
    );
    assert_eq!(ev.players[6].rating, Some(1900));
    assert_eq!(ev.players[6].late, Some(2));
    // the manage page lists what was recorded
    let (_, _, page) = get(&app, "/e/open.toml/manage").await;
    for note in [
        "第 1 轮后退出比赛",
        "申请轮空：第 2 轮",
        "补报名，第 2 轮起参赛",
    ] {
        assert!(page.contains(note), "{note}");
    }
    // a bad rating: the CLI's message, nothing written
    let before = std::fs::read(&path).unwrap();
    let (s, _, body) = post(
        &app,
        "/e/open.toml/add",
        &form(&[("csrf", &csrf), ("player", "辛,广东,x")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("棋手 \"辛,广东,x\"：等级分 \"x\" 不是整数"),
        "{body}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // a forged write (no form secret) is refused
    let (s, _, _) = post(&app, "/e/open.toml/withdraw", &form(&[("no", "1")])).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // the unit standings (队员总分制)
    let (s, _, page) = get(&app, "/e/open.toml/units").await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("队员总分制"));
    for unit in ["北京", "上海", "天津", "广东"] {
        assert!(
            page.contains(&format!("<td class=\"name\">{unit}</td>")),
            "{unit}"
        );
    }
}

#[tokio::test]
async fn a_team_line_up_lands_in_the_file() {
    let (dir, app, csrf) = desk().await;
    let (s, _, body) = create(
        &app,
        &csrf,
        "teams.toml",
        &[
            ("name", "团体赛"),
            (
                "teams",
                "甲队,北京:甲1,甲2,甲3\n乙队,上海:乙1,乙2,乙3\n丙队,天津:丙1,丙2,丙3\n丁队,广东:丁1,丁2,丁3",
            ),
            ("system", "round-robin"),
            ("team_boards", "2"),
            ("lineup_system", "free"),
            ("no_lot", "1"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let path = dir.path().join("teams.toml");
    assert_eq!(read(&path).players[0].members.len(), 3);
    pair(&app, &csrf, "teams.toml").await;
    let (_, _, page) = get(&app, "/e/teams.toml/manage").await;
    assert!(page.contains("action=\"/e/teams.toml/lineup\""));
    let red = read(&path).paired[0].boards[0].red;
    let (s, _, body) = post(
        &app,
        "/e/teams.toml/lineup",
        &form(&[
            ("csrf", &csrf),
            ("board", "1/1"),
            ("team", &red.to_string()),
            ("members", "3,1"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(read(&path).paired[0].boards[0].red_lineup, [3, 1]);
    // a member twice: the CLI's message, nothing written
    let before = std::fs::read(&path).unwrap();
    let want = xiangqi::event::Edit::new(&mut read(&path))
        .set_lineup(1, 1, red, &[2, 2])
        .unwrap_err()
        .zh();
    let (s, _, body) = post(
        &app,
        "/e/teams.toml/lineup",
        &form(&[
            ("csrf", &csrf),
            ("board", "1/1"),
            ("team", &red.to_string()),
            ("members", "2,2"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body.contains(&format!("teams.toml：{want}")),
        "{want} in {body}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[tokio::test]
async fn the_bracket_of_a_knockout_shows_its_matches_and_winners() {
    let (dir, app, csrf) = desk().await;
    let (s, _, _) = create(
        &app,
        &csrf,
        "cup.toml",
        &[
            ("name", "象棋杯"),
            ("division", "少年组"),
            ("players", "王天一\n郑惟桐\n许银川\n赵鑫鑫\n孟辰"),
            ("system", "knockout"),
            ("no_lot", "1"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let path = dir.path().join("cup.toml");
    let (_, _, page) = get(&app, "/e/cup.toml").await;
    assert!(page.contains("href=\"/e/cup.toml/bracket?lang=zh\""));
    pair(&app, &csrf, "cup.toml").await;
    // round 1: 4 v 5, seeds 1–3 wait
    let (s, _, page) = get(&app, "/e/cup.toml/bracket").await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("<svg class=\"bracket\""));
    assert!(page.contains("少年组"));
    assert!(page.contains(">4 赵鑫鑫<") && page.contains(">5 孟辰<"));
    // (the drawing's boxes: the 对阵表 under it lists the byes again)
    let drawing = &page[..page.find("data-form=\"bracket\"").unwrap_or(page.len())];
    assert_eq!(drawing.matches(">轮空<").count(), 3, "{page}");
    // the whole bracket from the draw on: the semi-finals and the final wait for their players
    assert!(page.contains(">1/4 决赛<") && page.contains(">半决赛<") && page.contains(">决赛<"));
    // 1 v (4 or 5) and 2 v 3 in the semi-finals; the final's two places
    assert_eq!(page.matches(">待定<").count(), 3, "{page}");
    assert!(!page.contains("class=\"won\">4 赵鑫鑫<"));
    // black wins; round 2 pairs the winner with seed 1
    let r1 = read(&path).paired[0].boards[0].clone();
    let (s, _, _) = post(
        &app,
        "/e/cup.toml/round/1/board/1",
        &form(&[("csrf", &csrf), ("result", "0-1")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    pair(&app, &csrf, "cup.toml").await;
    for b in 1..=2 {
        let (s, _, _) = post(
            &app,
            &format!("/e/cup.toml/round/2/board/{b}"),
            &form(&[("csrf", &csrf), ("result", "1-0")]),
        )
        .await;
        assert_eq!(s, StatusCode::SEE_OTHER);
    }
    let ev = read(&path);
    assert_eq!(ev.paired.len(), 2);
    let (_, _, page) = get(&app, "/e/cup.toml/bracket?lang=en").await;
    // the winners in bold, the losers not; the lines joining each match to the winner's next
    let (w, l) = (ev.player(r1.black).unwrap(), ev.player(r1.red).unwrap());
    assert!(
        page.contains(&format!("class=\"won\">{} {}<", w.no, w.name)),
        "{page}"
    );
    assert!(page.contains(&format!("class=\"side\">{} {}<", l.no, l.name)));
    for b in &ev.paired[1].boards {
        let red = ev.player(b.red).unwrap();
        assert!(page.contains(&format!("class=\"won\">{} {}<", red.no, red.name)));
    }
    assert!(page.contains(">Quarter-finals<") && page.contains(">Semi-finals<"));
    assert!(page.contains(">Final<"));
    // the final's players are known now; nothing waits
    assert!(!page.contains("to be decided"), "{page}");
    // four quarter-final boxes feed two semi-finals, which feed the final
    assert_eq!(page.matches("class=\"link\"").count(), 6, "{page}");
    assert!(!page.contains("champion"), "no champion before the final");
    // the final: its winner is the champion, named over the final's column
    pair(&app, &csrf, "cup.toml").await;
    let (s, _, _) = post(
        &app,
        "/e/cup.toml/round/3/board/1",
        &form(&[("csrf", &csrf), ("result", "0-1")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let ev = read(&path);
    let champion = ev.player(ev.paired[2].boards[0].black).unwrap();
    let (_, _, page) = get(&app, "/e/cup.toml/bracket").await;
    assert!(
        page.contains(&format!(">决赛 · 冠军：{} {}<", champion.no, champion.name)),
        "{page}"
    );
    // a Swiss has no bracket
    let (_, _, _) = create(&app, &csrf, "sw.toml", &[("players", "甲\n乙\n丙\n丁")]).await;
    let (_, _, page) = get(&app, "/e/sw.toml/bracket").await;
    assert!(page.contains("本赛事没有淘汰赛阶段"));
    assert!(!page.contains("<svg"));
}

/// The caption row (first row of the first `<thead>` after `from`).
fn caption(page: &str, from: usize) -> &str {
    let at = from + page[from..].find("<thead>").expect("a thead");
    let end = at + page[at..].find("</tr>").unwrap();
    &page[at..end]
}

#[tokio::test]
async fn the_division_is_in_the_caption_of_every_printed_form() {
    let (dir, app, csrf) = desk().await;
    for (file, division) in [("men.toml", "男子组"), ("plain.toml", "")] {
        let (s, _, _) = create(
            &app,
            &csrf,
            file,
            &[
                ("name", "全市象棋赛"),
                ("division", division),
                ("players", "甲,北京\n乙,上海\n丙,北京\n丁,天津"),
                ("rounds", "3"),
            ],
        )
        .await;
        assert_eq!(s, StatusCode::SEE_OTHER);
        pair(&app, &csrf, file).await;
        for b in 1..=2 {
            post(
                &app,
                &format!("/e/{file}/round/1/board/{b}"),
                &form(&[("csrf", &csrf), ("quick", "1-0")]),
            )
            .await;
        }
    }
    for uri in [
        "/e/men.toml/round/1",
        "/e/men.toml/standings",
        "/e/men.toml/round/1/scoresheets",
        "/e/men.toml/cards",
        "/e/men.toml/units",
    ] {
        let (s, _, page) = get(&app, uri).await;
        assert_eq!(s, StatusCode::OK, "{uri}");
        let cap = caption(&page, 0);
        assert!(cap.contains("<tr class=\"cap"), "{uri}: {cap}");
        assert!(
            cap.contains("全市象棋赛") && cap.contains("男子组"),
            "{uri}: {cap}"
        );
        // the desk's own pages carry the day; the forms from the models carry the event's
        // caption (the day of printing is not the form's date)
        if uri.ends_with("round/1") || uri.ends_with("units") {
            assert!(cap.contains("日期") || cap.contains("20"), "{uri}: {cap}");
        }
        // an event without a division shows none
        let (_, _, plain) = get(&app, &uri.replace("men.toml", "plain.toml")).await;
        let cap = caption(&plain, 0);
        assert!(
            cap.contains("全市象棋赛") && !cap.contains("组"),
            "{uri}: {cap}"
        );
    }
    // the round's caption names the round; the 成绩表's caption spans its columns
    let (_, _, page) = get(&app, "/e/men.toml/round/1").await;
    assert!(caption(&page, 0).contains("第 1 轮"));
    let (_, _, page) = get(&app, "/e/men.toml/standings").await;
    let table = page.find("data-form=\"table\"").unwrap();
    let cap = caption(&page, table);
    assert!(cap.contains("积分编排成绩表") && cap.contains("男子组"));
    let ev = read(&dir.path().join("men.toml"));
    // 代号, 单位, 运动员, a column per round, the chain, 名次
    let cols = 4 + ev.complete_rounds() as usize + ev.config.chain().len();
    assert!(cap.contains(&format!("colspan=\"{cols}\"")), "{cap}");
    // the CLI's record and table headers name it too
    let st = ev.standings(None);
    let record = xiangqi::forms::Form::Record
        .text(&ev, &st, Some(1))
        .unwrap();
    assert!(record.starts_with("编排纪录公告  全市象棋赛  男子组\n"));
    let table = xiangqi::forms::Form::Table.text(&ev, &st, None).unwrap();
    assert!(table.starts_with("积分编排成绩表  全市象棋赛  男子组\n"));
    let plain = read(&dir.path().join("plain.toml"));
    let record = xiangqi::forms::Form::Record
        .text(&plain, &[], Some(1))
        .unwrap();
    assert!(record.starts_with("编排纪录公告  全市象棋赛\n"));
}

#[tokio::test]
async fn a_players_file_is_uploaded_with_the_form() {
    let (dir, app, csrf) = desk().await;
    let boundary = "xq-test-boundary";
    let mut body = String::new();
    for (k, v) in [
        ("csrf", csrf.as_str()),
        ("lang", "zh"),
        ("file", "upload.toml"),
        ("name", "上传赛"),
        ("division", "女子组"),
        ("players", "蒋川,北京"),
        ("no_lot", "1"),
    ] {
        body.push_str(&format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
        ));
    }
    // a spreadsheet's CSV: byte-order mark, heading line, quotes, CRLF
    body.push_str(&format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"players_file\"; filename=\"list.csv\"\r\nContent-Type: text/csv\r\n\r\n\u{feff}姓名,单位,等级分\r\n\"王天一\",\"杭州\",2700\r\n\"郑惟桐\",\"成都\",\r\n许银川,广东,2650\r\n\r\n--{boundary}--\r\n"
    ));
    let req = Request::post("/new")
        .header(header::HOST, "127.0.0.1:8080")
        .header(header::ORIGIN, "http://127.0.0.1:8080")
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(Body::from(body))
        .unwrap();
    let (s, h, page) = send(&app, req).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{page}");
    assert_eq!(h[header::LOCATION], "/e/upload.toml?lang=zh");
    let ev = read(&dir.path().join("upload.toml"));
    assert_eq!(ev.division, "女子组");
    let got: Vec<(&str, &str, Option<u32>)> = ev
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.club.as_str(), p.rating))
        .collect();
    assert_eq!(
        got,
        [
            ("蒋川", "北京", None),
            ("王天一", "杭州", Some(2700)),
            ("郑惟桐", "成都", None),
            ("许银川", "广东", Some(2650)),
        ]
    );
    // a bad line of the file: the CLI's message, no file
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nbad.toml\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"players_file\"; filename=\"list.csv\"\r\n\r\n甲,北京,1x\r\n乙\r\n--{boundary}--\r\n"
    );
    let req = Request::post("/new")
        .header(header::HOST, "127.0.0.1:8080")
        .header(header::ORIGIN, "http://127.0.0.1:8080")
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(Body::from(body))
        .unwrap();
    let (s, _, page) = send(&app, req).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(page.contains("运动员名单第 3 列（如“1x”）读不出"), "{page}");
    assert!(!dir.path().join("bad.toml").exists());
}

/// Issue 34: a refusal of the 新建 form never names the server's folder (a 300-character file
/// name makes the system name a temporary file in it), and a cross-site 新建 is refused in the
/// page's language.
#[tokio::test]
async fn refusals_of_the_new_event_form_keep_the_folder_out_and_speak_the_page_s_language() {
    let (dir, app, csrf) = desk().await;
    let long = format!("{}.toml", "长".repeat(100));
    let (s, _, body) = create(&app, &csrf, &long, &[("players", "甲\n乙")]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    let folder = dir.path().to_str().unwrap();
    assert!(!body.contains(folder), "the folder shown: {body}");
    if let Ok(real) = dir.path().canonicalize() {
        assert!(!body.contains(real.to_str().unwrap()), "{body}");
    }
    // from another site's page: refused before anything is read, in Chinese on a zh page
    let (s, _, body) = common::post(
        &app,
        "/new",
        &form(&[
            ("csrf", &csrf),
            ("file", "x.toml"),
            ("players", "甲\n乙"),
            ("lang", "zh"),
        ]),
        &[("sec-fetch-site", "cross-site")],
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert!(
        body.contains("其他网站") || body.contains("跨站"),
        "a Chinese refusal: {body}"
    );
    assert!(!body.contains("cross-origin request refused"), "{body}");
    assert!(!dir.path().join("x.toml").exists());
}
