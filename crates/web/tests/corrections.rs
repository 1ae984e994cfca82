//! HTTP tests of the corrections at the desk (issue 22): every write form carries the version
//! it showed and a stale one is refused (409) with what changed since and by whom, the file
//! untouched; every change lands in the history with the arbiter's name; a result changed after
//! the next round was paired asks first; unpair, manual pairing (its warnings before the
//! confirmation), swap, player edit, undo, reinstate, rename and delete, each refusal leaving
//! the file byte for byte.

use std::path::PathBuf;

mod common;

use axum::Router;
use axum::http::{HeaderMap, StatusCode, header};
use common::post_form as post;
use common::read_event as read;
use common::{csrf_of, form, get, post_as, send};

/// The corrections' event: a six-player Swiss, round 1 paired ([`common::six_player_swiss`]).
async fn event() -> (tempfile::TempDir, Router, String, PathBuf) {
    common::six_player_swiss("e.toml").await
}

/// The version the corrections page shows in its forms.
async fn shown_version(app: &Router) -> String {
    let (s, _, page) = get(app, "/e/e.toml/correct").await;
    assert_eq!(s, StatusCode::OK);
    let key = "name=\"version\" value=\"";
    let at = page.find(key).expect("a version field") + key.len();
    page[at..].split('"').next().unwrap().to_string()
}

async fn result(
    app: &Router,
    csrf: &str,
    (round, board): (u32, u32),
    fields: &[(&str, &str)],
) -> (StatusCode, HeaderMap, String) {
    let mut all = vec![("csrf", csrf)];
    all.extend_from_slice(fields);
    post(
        app,
        &format!("/e/e.toml/round/{round}/board/{board}"),
        &form(&all),
    )
    .await
}

#[tokio::test]
async fn a_stale_overwrite_is_refused_with_what_changed_and_by_whom() {
    let (_dir, app, csrf, path) = event().await;
    let v = shown_version(&app).await;
    // two arbiters show the same page; the first saves 1-0 as 王
    let (s, _, body) = post_as(
        &app,
        "王",
        "/e/e.toml/round/1/board/1",
        &form(&[("csrf", &csrf), ("result", "1-0"), ("version", &v)]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let before = std::fs::read(&path).unwrap();
    // the second ticks 覆盖 on the page of the old version: refused, nothing written
    let (s, _, body) = result(
        &app,
        &csrf,
        (1, 1),
        &[("result", "0-1"), ("force", "1"), ("version", &v)],
    )
    .await;
    assert_eq!(
        s,
        StatusCode::CONFLICT,
        "v={v} now={} {body}",
        read(&path).version()
    );
    assert!(
        body.contains("他人已修改") && body.contains("你的修改未保存"),
        "{body}"
    );
    assert!(body.contains(&format!("你看到的是第 {v} 版")), "{body}");
    assert!(body.contains("第 1 轮第 1 台成绩：无 → 1-0"), "{body}");
    assert!(body.contains("<td>王</td>"), "{body}");
    // the top bar names the event by its title, not by its file
    assert!(
        body.contains("?lang=zh\">公开赛</a>") && !body.contains("?lang=zh\">e.toml</a>"),
        "{body}"
    );
    assert!(
        body.contains("href=\"/e/e.toml/round/1?lang=zh\""),
        "{body}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // in English too
    let (s, _, body) = result(
        &app,
        &csrf,
        (1, 1),
        &[
            ("result", "0-1"),
            ("force", "1"),
            ("version", &v),
            ("lang", "en"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        body.contains("result round 1 board 1: none → 1-0"),
        "{body}"
    );
    // with the page read again, the 覆盖 goes through, recorded as 裁判 (no name set)
    let v2 = shown_version(&app).await;
    assert_ne!(v, v2);
    let (s, _, body) = result(
        &app,
        &csrf,
        (1, 1),
        &[("result", "0-1"), ("force", "1"), ("version", &v2)],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let ev = read(&path);
    assert_eq!(ev.paired[0].boards[0].result.as_deref(), Some("0-1"));
    let last = ev.history.last().unwrap();
    assert_eq!(
        (last.by.as_str(), last.what.as_str()),
        ("裁判", "result round 1 board 1: 1-0 → 0-1")
    );
    // a form without a version (an older page, a script) is not checked
    let (s, _, _) = result(&app, &csrf, (1, 2), &[("result", "=")]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    // nor is a new result on a board without one (another arbiter entering other boards of
    // the same page): it cannot overwrite anything
    let (s, _, _) = result(&app, &csrf, (1, 3), &[("result", "1-0"), ("version", &v)]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let (s, _, body) = result(&app, &csrf, (1, 3), &[("result", "0-1"), ("version", &v)]).await;
    assert_eq!(
        s,
        StatusCode::BAD_REQUEST,
        "without 覆盖 a result is never overwritten: {body}"
    );
}

#[tokio::test]
async fn a_result_changed_after_the_next_round_was_paired_asks_first() {
    let (_dir, app, csrf, path) = event().await;
    for b in 1..=3 {
        let (s, _, _) = result(&app, &csrf, (1, b), &[("result", "1-0")]).await;
        assert_eq!(s, StatusCode::SEE_OTHER);
    }
    let (s, _, _) = post(&app, "/e/e.toml/pair", &form(&[("csrf", &csrf)])).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let v = shown_version(&app).await;
    let before = std::fs::read(&path).unwrap();
    let (s, _, body) = result(
        &app,
        &csrf,
        (1, 2),
        &[("result", "0-1"), ("force", "1"), ("version", &v)],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(body.contains("请确认"), "{body}");
    assert!(body.contains("第 1 轮第 2 台成绩：1-0 → 0-1"), "{body}");
    assert!(body.contains("第 2 轮已按原成绩编排"), "{body}");
    assert!(body.contains("name=\"confirm\" value=\"1\""));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "nothing written before the confirmation"
    );
    let (s, _, body) = result(
        &app,
        &csrf,
        (1, 2),
        &[
            ("result", "0-1"),
            ("force", "1"),
            ("version", &v),
            ("confirm", "1"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(
        read(&path).paired[0].boards[1].result.as_deref(),
        Some("0-1")
    );
}

#[tokio::test]
async fn unpair_and_pair_by_hand_with_the_rematch_warning() {
    let (_dir, app, csrf, path) = event().await;
    let r1: Vec<(u32, u32)> = read(&path).paired[0]
        .boards
        .iter()
        .map(|b| (b.red, b.black))
        .collect();
    for b in 1..=3 {
        result(&app, &csrf, (1, b), &[("result", "1-0")]).await;
    }
    // nothing to unpair but round 1; with results it asks, naming how many are dropped
    let v = shown_version(&app).await;
    let before = std::fs::read(&path).unwrap();
    let (s, _, body) = post(
        &app,
        "/e/e.toml/unpair",
        &form(&[("csrf", &csrf), ("version", &v)]),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(
        body.contains("将撤销第 1 轮的编排，并删去已录入的 3 个成绩"),
        "{body}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let (s, h, body) = post(
        &app,
        "/e/e.toml/unpair",
        &form(&[("csrf", &csrf), ("version", &v), ("confirm", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert!(read(&path).paired.is_empty());
    let (_, _, page) = get(&app, h[header::LOCATION].to_str().unwrap()).await;
    assert!(page.contains("撤销第 1 轮编排（删去 3 个成绩）"), "{page}");
    // nothing left to unpair: refused in Chinese, the file as it was
    let before = std::fs::read(&path).unwrap();
    let (s, _, body) = post(&app, "/e/e.toml/unpair", &form(&[("csrf", &csrf)])).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("尚未编排任何一轮"), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // re-pair round 1 by the system, results, round 2 paired by hand as round 1 was: every
    // rematch shown before the confirmation
    post(&app, "/e/e.toml/pair", &form(&[("csrf", &csrf)])).await;
    for b in 1..=3 {
        result(&app, &csrf, (1, b), &[("result", "1-0")]).await;
    }
    let boards: Vec<String> = r1.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    let boards = boards.join(" ");
    let v = shown_version(&app).await;
    let before = std::fs::read(&path).unwrap();
    let (s, _, body) = post(
        &app,
        "/e/e.toml/pair-by-hand",
        &form(&[("csrf", &csrf), ("version", &v), ("boards", &boards)]),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(body.matches("重复对局").count(), 3, "{body}");
    assert!(body.contains("第 2 轮人工编排："), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let (s, _, body) = post(
        &app,
        "/e/e.toml/pair-by-hand",
        &form(&[
            ("csrf", &csrf),
            ("version", &v),
            ("boards", &boards),
            ("confirm", "1"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let ev = read(&path);
    let r2: Vec<(u32, u32)> = ev.paired[1]
        .boards
        .iter()
        .map(|b| (b.red, b.black))
        .collect();
    assert_eq!(r2, r1);
    assert!(
        ev.history
            .last()
            .unwrap()
            .what
            .starts_with("paired round 2 by hand: ")
    );
    // a player twice: refused with the library's message, nothing written
    let before = std::fs::read(&path).unwrap();
    let v = shown_version(&app).await;
    post(
        &app,
        "/e/e.toml/unpair",
        &form(&[("csrf", &csrf), ("version", &v), ("confirm", "1")]),
    )
    .await;
    let before_pair = std::fs::read(&path).unwrap();
    assert!(before != before_pair, "the unpair wrote");
    let (s, _, body) = post(
        &app,
        "/e/e.toml/pair-by-hand",
        &form(&[("csrf", &csrf), ("boards", "1-2 1-3")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before_pair);
    // not a pairing
    let (s, _, body) = post(
        &app,
        "/e/e.toml/pair-by-hand",
        &form(&[("csrf", &csrf), ("boards", "1 2")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("应为 红方-黑方"), "{body}");
}

#[tokio::test]
async fn swap_edit_undo_withdraw_reinstate_rename_and_delete() {
    let (dir, app, csrf, path) = event().await;
    result(&app, &csrf, (1, 1), &[("result", "1-0")]).await;
    let b = read(&path).paired[0].boards[0].clone();
    // swap: confirmed, the result turns round with the players
    let (s, _, body) = post(
        &app,
        "/e/e.toml/swap",
        &form(&[("csrf", &csrf), ("round", "1"), ("board", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("第 1 轮第 1 台交换先后手"), "{body}");
    let (s, _, _) = post(
        &app,
        "/e/e.toml/swap",
        &form(&[
            ("csrf", &csrf),
            ("round", "1"),
            ("board", "1"),
            ("confirm", "1"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let after = read(&path).paired[0].boards[0].clone();
    assert_eq!(
        (after.red, after.black, after.result.as_deref()),
        (b.black, b.red, Some("0-1"))
    );
    // no such board, said in the page's language
    let (s, _, body) = post(
        &app,
        "/e/e.toml/swap",
        &form(&[("csrf", &csrf), ("round", "1"), ("board", "9")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("第 1 轮没有第 9 台"), "{body}");

    // edit a player as 李; the history says so in Chinese; undo (asks, naming the change)
    let (s, _, body) = post_as(
        &app,
        "李",
        "/e/e.toml/edit-player",
        &form(&[
            ("csrf", &csrf),
            ("no", "3"),
            ("name", "丙丙"),
            ("club", "杭州"),
            ("rating", "2400"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let p = read(&path).players[2].clone();
    assert_eq!(
        (p.name.as_str(), p.club.as_str(), p.rating),
        ("丙丙", "杭州", Some(2400))
    );
    let (_, _, hist) = get(&app, "/e/e.toml/history").await;
    assert!(
        hist.contains("3 号运动员：姓名 丙 → 丙丙，单位 北京 → 杭州，等级分 无 → 2400"),
        "{hist}"
    );
    assert!(hist.contains("<td>李</td>"));
    let (s, _, body) = post(&app, "/e/e.toml/undo", &form(&[("csrf", &csrf)])).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        body.contains("姓名 丙 → 丙丙") && body.contains("李"),
        "{body}"
    );
    let (s, _, _) = post(
        &app,
        "/e/e.toml/undo",
        &form(&[("csrf", &csrf), ("confirm", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).players[2].name, "丙");
    let (_, _, hist) = get(&app, "/e/e.toml/history").await;
    assert!(
        hist.contains("撤销第 ") && hist.contains("已由第 "),
        "{hist}"
    );
    // nothing to change: refused, the file as it was
    let before = std::fs::read(&path).unwrap();
    let (s, _, _) = post(
        &app,
        "/e/e.toml/edit-player",
        &form(&[("csrf", &csrf), ("no", "3")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // 退出比赛: no default player; a confirmation naming the player
    let (_, _, page) = get(&app, "/e/e.toml/manage").await;
    assert!(page.contains("<select name=\"no\" required><option value=\"\">请选择</option>"));
    let (s, _, body) = post(
        &app,
        "/e/e.toml/withdraw",
        &form(&[("csrf", &csrf), ("no", "")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("运动员：请选择"), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let (s, _, body) = post(
        &app,
        "/e/e.toml/withdraw",
        &form(&[("csrf", &csrf), ("no", "4")]),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("4 丁（天津） 退出比赛"), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let (s, _, _) = post(
        &app,
        "/e/e.toml/withdraw",
        &form(&[("csrf", &csrf), ("no", "4"), ("confirm", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).players[3].withdrawn, Some(1));
    // reinstate
    let (_, _, page) = get(&app, "/e/e.toml/correct").await;
    assert!(page.contains("<option value=\"4\">4 丁（天津）</option>"));
    let (s, _, _) = post(
        &app,
        "/e/e.toml/reinstate",
        &form(&[("csrf", &csrf), ("no", "4")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).players[3].withdrawn, None);
    let (s, _, _) = post(
        &app,
        "/e/e.toml/reinstate",
        &form(&[("csrf", &csrf), ("no", "4")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    // rename; an empty name refused
    let (s, _, _) = post(
        &app,
        "/e/e.toml/rename",
        &form(&[("csrf", &csrf), ("name", "市公开赛")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).name, "市公开赛");
    let (s, _, _) = post(
        &app,
        "/e/e.toml/rename",
        &form(&[("csrf", &csrf), ("name", " ")]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    // a forged write (no form secret) is refused
    let (s, _, _) = post(&app, "/e/e.toml/rename", &form(&[("name", "x")])).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // a stale form is refused before its confirmation step
    let (s, _, _) = post(
        &app,
        "/e/e.toml/delete",
        &form(&[("csrf", &csrf), ("version", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    // delete: asks, then moves the file to .trash/
    let (s, _, body) = post(&app, "/e/e.toml/delete", &form(&[("csrf", &csrf)])).await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("删除比赛「市公开赛」（e.toml）"), "{body}");
    assert!(path.exists());
    let (s, h, _) = post(
        &app,
        "/e/e.toml/delete",
        &form(&[("csrf", &csrf), ("confirm", "1")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert!(
        h[header::LOCATION]
            .to_str()
            .unwrap()
            .starts_with("/?lang=zh&ok=")
    );
    assert!(!path.exists());
    let trash: Vec<_> = std::fs::read_dir(dir.path().join(".trash"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(trash.len(), 1);
    let (s, _, _) = get(&app, "/e/e.toml").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_arbiter_name_is_set_once_and_recorded() {
    let (_dir, app, csrf, path) = event().await;
    let (s, h, _) = post(
        &app,
        "/e/e.toml/arbiter",
        &form(&[("csrf", &csrf), ("by", "张三")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let cookie = h[header::SET_COOKIE].to_str().unwrap().to_string();
    assert!(
        cookie.starts_with("xq_arbiter=%E5%BC%A0%E4%B8%89;"),
        "{cookie}"
    );
    let pair = cookie.split(';').next().unwrap().to_string();
    let (s, _, page) = send(
        &app,
        axum::http::Request::get("/e/e.toml/correct")
            .header(header::HOST, "127.0.0.1:8080")
            .header(header::COOKIE, &pair)
            .body(axum::body::Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("修改记录为：张三"), "{page}");
    let (s, _, _) = common::post(
        &app,
        "/e/e.toml/rename",
        &form(&[("csrf", &csrf), ("name", "新名")]),
        &[("cookie", &pair)],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&path).history.last().unwrap().by, "张三");
}

/// Posts the 新建 form with `players` and `extra` fields.
async fn new_event(
    app: &Router,
    csrf: &str,
    players: &str,
    extra: &[(&str, &str)],
) -> (StatusCode, HeaderMap, String) {
    let mut fields = vec![
        ("csrf", csrf),
        ("file", "n.toml"),
        ("name", "新赛"),
        ("players", players),
    ];
    fields.extend_from_slice(extra);
    post(app, "/new", &form(&fields)).await
}

#[tokio::test]
async fn creation_previews_the_columns_and_takes_the_arbiters_mapping() {
    let dir = tempfile::tempdir().unwrap();
    let app = common::app(dir.path(), None);
    let (_, _, page) = get(&app, "/new").await;
    let csrf = csrf_of(&page);
    assert!(page.contains("name=\"step\" value=\"preview\""));
    // 单位 first, separated by spaces, no heading: the preview says how it was read
    let pasted = "北京队 王一\n上海队 李二\n北京队 张三\n";
    let (s, _, body) = new_event(&app, &csrf, pasted, &[("step", "preview")]).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(
        !dir.path().join("n.toml").exists(),
        "a preview creates nothing"
    );
    assert!(
        body.contains("名单各列的读法") && body.contains("分隔符：空格"),
        "{body}"
    );
    assert!(body.contains("名单没有标题行"), "{body}");
    assert!(body.contains("<select name=\"col0\""), "{body}");
    assert!(
        body.contains("<td class=\"name\">王一</td><td>北京队</td>"),
        "{body}"
    );
    // the arbiter maps the columns the other way round (on purpose): created as mapped
    let (s, _, body) = new_event(
        &app,
        &csrf,
        pasted,
        &[("step", "preview"), ("col0", "name"), ("col1", "club")],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        body.contains("<td class=\"name\">北京队</td><td>王一</td>"),
        "{body}"
    );
    assert!(body.contains("<option value=\"name\" selected>"), "{body}");
    let (s, _, body) = new_event(
        &app,
        &csrf,
        pasted,
        &[("col0", "club"), ("col1", "name"), ("no_lot", "1")],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let ev = read(&dir.path().join("n.toml"));
    let got: Vec<(&str, &str)> = ev
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.club.as_str()))
        .collect();
    assert_eq!(
        got,
        [("王一", "北京队"), ("李二", "上海队"), ("张三", "北京队")]
    );
}

#[tokio::test]
async fn a_numbered_list_with_a_heading_is_read_and_a_bad_line_refused_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let app = common::app(dir.path(), None);
    let (_, _, page) = get(&app, "/new").await;
    let csrf = csrf_of(&page);
    let list = "序号\t单位\t姓名\t等级分\n2\t上海\t乙\t2300\n1\t北京\t甲\t2400\n";
    let (s, _, body) = new_event(&app, &csrf, list, &[("no_lot", "1")]).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let ev = read(&dir.path().join("n.toml"));
    let got: Vec<(&str, &str, Option<u32>)> = ev
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.club.as_str(), p.rating))
        .collect();
    assert_eq!(
        got,
        [("甲", "北京", Some(2400)), ("乙", "上海", Some(2300))]
    );
    // a rating that is not a number: one line, where and what, nothing written
    let bad = "姓名,单位,等级分\n丙,天津,x\n丁,天津,y\n";
    let (s, _, body) = post(
        &app,
        "/new",
        &form(&[("csrf", &csrf), ("file", "m.toml"), ("players", bad)]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("运动员名单第 2 行第 3 列：等级分“x”不是整数（另有 1 行有误）"),
        "{body}"
    );
    assert!(!dir.path().join("m.toml").exists());
}
