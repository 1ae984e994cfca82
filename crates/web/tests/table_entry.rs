//! The round table sent whole, as a browser without script sends it (issue 22: the table is one
//! form, not a form per row): a row's 录入 saves that row; Enter saves every result typed (one
//! through the board's own path, several in one write); a field showing a stored result is no
//! new result unless its row's 覆盖 is ticked; several with a 覆盖 are previewed, not saved.

mod common;

use axum::http::{StatusCode, header};
use common::{form, post_form, read_event, six_player_swiss};

const ENTRY: &str = "/e/open.toml/round/1/entry?lang=zh";

/// Sends the round table with `fields`, as a browser without script does.
async fn send(app: &axum::Router, fields: &[(&str, &str)]) -> (StatusCode, String, String) {
    let (s, h, body) = post_form(app, ENTRY, &form(fields)).await;
    let location = h
        .get(header::LOCATION)
        .map_or(String::new(), |l| l.to_str().unwrap().to_string());
    (s, location, body)
}

/// The round's stored results, board by board.
fn results(path: &std::path::Path) -> Vec<Option<String>> {
    read_event(path).paired[0]
        .boards
        .iter()
        .map(|b| b.result.clone())
        .collect()
}

#[tokio::test]
async fn a_row_s_button_saves_that_row_alone() {
    let (_dir, app, csrf, path) = six_player_swiss("open.toml").await;
    // board 3's field is typed too, but board 2's 录入 was pressed: as with a form per row, only
    // board 2 is saved, and the page comes back at the next open board
    let (s, to, body) = send(
        &app,
        &[
            ("csrf", &csrf),
            ("version", "1"),
            ("r1", ""),
            ("r2", "和"),
            ("r3", "1-0"),
            ("board", "2"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(to, "/e/open.toml/round/1?lang=zh&ok=2#r3");
    assert_eq!(results(&path), [None, Some("=".into()), None]);
}

#[tokio::test]
async fn enter_saves_every_result_typed_in_one_write() {
    let (_dir, app, csrf, path) = six_player_swiss("open.toml").await;
    let history = read_event(&path).history.len();
    // Enter: the table's hidden first button, whose board is empty
    let (s, to, body) = send(
        &app,
        &[
            ("csrf", &csrf),
            ("version", "1"),
            ("board", ""),
            ("r1", "1：0"),
            ("r2", ""),
            ("r3", "黑胜"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(to, "/e/open.toml/round/1?lang=zh&saved=2");
    assert_eq!(
        results(&path),
        [Some("1-0".into()), None, Some("0-1".into())]
    );
    let ev = read_event(&path);
    assert_eq!(ev.history.len(), history + 1, "one write, one entry");
    // one result typed: through the board's own path, the cursor to the next open board
    let fields = [
        ("csrf", csrf.as_str()),
        ("board", ""),
        ("r1", "1-0"),
        ("r2", "="),
        ("r3", "0-1"),
    ];
    let (s, to, _) = send(&app, &fields).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(to, "/e/open.toml/round/1?lang=zh&ok=2#r2");
    assert_eq!(results(&path)[1].as_deref(), Some("="));
}

#[tokio::test]
async fn a_shown_result_is_changed_only_with_its_cover_ticked() {
    let (_dir, app, csrf, path) = six_player_swiss("open.toml").await;
    let c = ("csrf", csrf.as_str());
    let (s, _, _) = send(&app, &[c, ("r1", "1-0"), ("r2", "="), ("r3", "0-1")]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    let before = std::fs::read(&path).unwrap();
    let version = read_event(&path).version().to_string();
    let v = ("version", version.as_str());
    // nothing new: the fields show the stored results
    let (s, to, _) = send(&app, &[c, v, ("r1", "1-0"), ("r2", "="), ("r3", "0-1")]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(to, "/e/open.toml/round/1?lang=zh");
    // one was changed without 覆盖: refused, named with what the board holds, nothing written
    let (s, _, body) = send(&app, &[c, v, ("r1", "1-0"), ("r2", "1-0"), ("r3", "0-1")]).await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert!(
        body.contains("第 2 台填的 1-0 未保存：该台已有结果 =")
            && body.contains("本次没有保存任何结果"),
        "{body}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
    // two corrections at once: the paste's preview, with 覆盖 ticked, nothing written yet
    let fields = [
        c,
        v,
        ("r1", "0-1"),
        ("f1", "1"),
        ("r2", "1-0"),
        ("f2", "1"),
        ("r3", "0-1"),
    ];
    let (s, _, body) = send(&app, &fields).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(body.contains("1 0-1\n2 1-0\n"), "{body}");
    assert!(body.contains("将保存的结果 (2)"), "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
    // one correction, from a page older than the last change: refused with what changed
    let correction = [("r2", "1-0"), ("f2", "1")];
    let (s, _, body) = send(&app, &[&[c, ("version", "1")][..], &correction].concat()).await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
    // from the current page: saved
    let (s, _, body) = send(&app, &[&[c, v][..], &correction].concat()).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(results(&path)[1].as_deref(), Some("1-0"));
}

#[tokio::test]
async fn a_bad_version_or_secret_is_refused_in_chinese() {
    let (_dir, app, csrf, path) = six_player_swiss("open.toml").await;
    let before = std::fs::read(&path).unwrap();
    let (s, _, body) = send(&app, &[("csrf", &csrf), ("version", "x"), ("r1", "1-0")]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("版本号 \"x\"：不是整数"), "{body}");
    for board in ["", "1"] {
        let fields = [("csrf", "forged"), ("r1", "1-0"), ("board", board)];
        let (s, _, _) = send(&app, &fields).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "board {board:?}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
}

/// A pasted forfeit is previewed as the 编排记录表 marks it (`+:-`), not as a played `2:0`.
#[tokio::test]
async fn a_pasted_forfeit_is_previewed_as_a_forfeit() {
    let (_dir, app, csrf, path) = six_player_swiss("open.toml").await;
    let before = std::fs::read(&path).unwrap();
    let (s, _, body) = post_form(
        &app,
        "/e/open.toml/round/1/results",
        &form(&[
            ("csrf", &csrf),
            ("lang", "zh"),
            ("text", "1 +-\n2 -+\n3 1-0"),
            ("action", "preview"),
        ]),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let preview = &body[body.find("将保存的结果").expect("the preview")..];
    let cells: Vec<&str> = preview
        .split("<td class=\"res\">")
        .skip(1)
        .map(|c| &c[..c.find("</td>").unwrap()])
        .collect();
    // (a played win: 2:0 in the 2-1-0 points of this event)
    assert_eq!(cells, ["+:-", "-:+", "2:0"], "{preview}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "a preview writes nothing"
    );
}
