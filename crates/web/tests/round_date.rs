//! Issue 21 at the desk: the round's own date — a small date field on the round page, checked
//! (a bad date refused in the page's language, the file byte for byte), recorded in the
//! history, and printed in the caption of the round's forms instead of the date of printing;
//! and the 新建 form refusing, in Chinese, the ways of playing the event cannot honour yet
//! (多局制, two games per team board), writing no file.

use std::path::Path;

mod common;

use axum::Router;
use axum::http::{HeaderMap, StatusCode};
use common::{csrf_of, form, get, get_page};
use xiangqi::event::{Event, Store};

async fn post(app: &Router, uri: &str, body: &str) -> (StatusCode, HeaderMap, String) {
    common::post(app, uri, body, &[]).await
}

fn read(path: &Path) -> Event {
    Store::<Event>::new(path).read().unwrap()
}

/// A four-player Swiss created and paired at the desk.
async fn paired() -> (tempfile::TempDir, Router, String) {
    let dir = tempfile::tempdir().unwrap();
    let app = common::app(dir.path(), None);
    let (_, _, page) = get(&app, "/new").await;
    let csrf = csrf_of(&page);
    let (s, _, body) = post(
        &app,
        "/new",
        &form(&[
            ("csrf", &csrf),
            ("lang", "zh"),
            ("file", "d.toml"),
            ("players", "甲\n乙\n丙\n丁"),
            ("ruleset", "cn-1987"),
            ("system", "swiss"),
            ("rounds", "3"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let (s, _, body) = post(&app, "/e/d.toml/pair", &form(&[("csrf", &csrf)])).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    (dir, app, csrf)
}

#[tokio::test]
async fn the_round_page_sets_its_date_and_the_forms_print_it() {
    let (dir, app, csrf) = paired().await;
    let file = dir.path().join("d.toml");
    let (s, page) = get_page(&app, "/e/d.toml/round/1").await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("action=\"/e/d.toml/round/1/date\""), "{page}");
    assert!(page.contains("比赛日期"), "{page}");
    // a bad date: refused in Chinese (in English on the English page), the file untouched
    let before = std::fs::read(&file).unwrap();
    for (lang, want) in [
        ("zh", "“2026-02-30”不是日期"),
        ("en", "expected a date YYYY-MM-DD"),
    ] {
        let (s, _, body) = post(
            &app,
            "/e/d.toml/round/1/date",
            &form(&[("csrf", &csrf), ("lang", lang), ("date", "2026-02-30")]),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert!(body.contains(want), "{lang}: {body}");
        // the field shows what was typed
        assert!(body.contains("value=\"2026-02-30\""), "{body}");
        assert_eq!(std::fs::read(&file).unwrap(), before);
    }
    // a good one: saved, recorded in the history, shown in the caption and the printed forms
    let (s, headers, body) = post(
        &app,
        "/e/d.toml/round/1/date",
        &form(&[("csrf", &csrf), ("lang", "zh"), ("date", "2026-11-28")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let to = headers["location"].to_str().unwrap().to_string();
    let ev = read(&file);
    assert_eq!(ev.round_date(1).map(|d| d.as_str()), Some("2026-11-28"));
    let last = ev.changes_since(0).pop().unwrap();
    assert_eq!(last.what, "date round 1: 2026-11-28");
    let (_, page) = get_page(&app, &to).await;
    assert!(page.contains("本轮比赛日期已定为 2026-11-28"), "{page}");
    assert!(page.contains("日期: 2026-11-28"), "{page}");
    assert!(page.contains("value=\"2026-11-28\""), "{page}");
    for form in ["record", "scoresheets"] {
        let (s, printed) = get_page(&app, &format!("/e/d.toml/print/{form}?round=1")).await;
        assert_eq!(s, StatusCode::OK);
        assert!(printed.contains("日期：2026-11-28"), "{form}: {printed}");
    }
    // cleared: the round has no date any more (the history keeps the change)
    let (s, _, _) = post(
        &app,
        "/e/d.toml/round/1/date",
        &form(&[("csrf", &csrf), ("lang", "zh"), ("date", "")]),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(read(&file).round_date(1), None);
    // without the form secret: refused, nothing written
    let before = std::fs::read(&file).unwrap();
    let (s, _, _) = post(
        &app,
        "/e/d.toml/round/1/date",
        &form(&[("lang", "zh"), ("date", "2026-11-29")]),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[tokio::test]
async fn new_refuses_three_game_matches_and_two_games_per_team_board_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let app = common::app(dir.path(), None);
    let (_, _, page) = get(&app, "/new").await;
    let csrf = csrf_of(&page);
    let players = ("players", "甲\n乙\n丙\n丁");
    for (extra, want) in [
        (
            vec![players, ("games", "3")],
            "每轮局数 3：应为 1 或 2（三局以上的多局制尚不支持）",
        ),
        (
            vec![
                (
                    "teams",
                    "甲队:甲1,甲2\n乙队:乙1,乙2\n丙队:丙1,丙2\n丁队:丁1,丁2",
                ),
                ("team_boards", "2"),
                ("games", "2"),
            ],
            "每轮局数 2：团体赛每台只下一局（每台两局的分先尚不支持），请选 1 或不选",
        ),
    ] {
        let mut fields = vec![
            ("csrf", csrf.as_str()),
            ("lang", "zh"),
            ("file", "t.toml"),
            ("ruleset", "cn-1987"),
            ("system", "round-robin"),
        ];
        fields.extend(extra);
        let (s, _, body) = post(&app, "/new", &form(&fields)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
        assert!(body.contains(want), "{want}: {body}");
        assert!(!dir.path().join("t.toml").exists());
    }
    // in English, the CLI's line
    let (s, _, body) = post(
        &app,
        "/new",
        &form(&[
            ("csrf", &csrf),
            ("lang", "en"),
            ("file", "t.toml"),
            ("ruleset", "cn-1987"),
            ("system", "round-robin"),
            players,
            ("games", "5"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("--games 5: expected 1 or 2 (matches of three or more games"),
        "{body}"
    );
    assert!(!dir.path().join("t.toml").exists());
}
