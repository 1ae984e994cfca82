//! The round table's own form. The whole table is one `<form>` (a form per row costs the
//! browser about a millisecond each to load, a second on a 1,000-board round), and the page's
//! script sends a row alone to its board's address ([`super::entry`]). Without script the table
//! is sent whole: a row's 录入 names its board and saves that row, as the board's own form
//! would; Enter in a result field (the table's hidden first button) saves every result typed —
//! one board through the board's own path, several at once as a pasted round ([`super::bulk`]).
//! A field that shows a board's stored result is not a new result: it is saved only with its
//! row's 覆盖 ticked.

use std::collections::HashMap;

use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};

use super::bulk::{BulkForm, enter_results};
use super::entry::{ResultForm, enter_result};
use crate::app::{Q, Shared, load_shared, refuse, url, writable};
use crate::words::Lang;

/// A result typed into the table: its board, the words typed, and whether its row's 覆盖 was
/// ticked.
#[derive(Debug, Clone, PartialEq)]
struct Typed {
    board: u32,
    result: String,
    force: bool,
}

/// The results typed into the table's fields (`rN`, and `fN` for a ticked 覆盖), against the
/// round's boards and their stored results: a field left empty, or showing the stored result, or
/// changed without 覆盖, is not a result to save.
fn typed(boards: &[xiangqi::event::Pairing], fields: &HashMap<String, String>) -> Vec<Typed> {
    boards
        .iter()
        .filter_map(|b| {
            let v = fields.get(&format!("r{}", b.board))?.trim();
            if v.is_empty() {
                return None;
            }
            let ticked = fields.contains_key(&format!("f{}", b.board));
            // an open board: any result; a board with one: a different result with 覆盖
            let new = b
                .result
                .as_deref()
                .is_none_or(|stored| ticked && v != stored);
            new.then(|| Typed {
                board: b.board,
                result: v.to_string(),
                force: b.result.is_some(),
            })
        })
        .collect()
}

/// A field the table cannot save: its board holds a result the field does not show and its
/// row's 覆盖 was not ticked (the page was older than the result, or the arbiter changed a shown
/// result without 覆盖).
#[derive(Debug, Clone, PartialEq)]
struct Dropped {
    board: u32,
    typed: String,
    stored: String,
}

/// The fields of [`typed`]'s boards that hold a result the field does not show, without 覆盖.
fn dropped(boards: &[xiangqi::event::Pairing], fields: &HashMap<String, String>) -> Vec<Dropped> {
    boards
        .iter()
        .filter_map(|b| {
            let v = fields.get(&format!("r{}", b.board))?.trim();
            let stored = b.result.as_deref()?;
            let ticked = fields.contains_key(&format!("f{}", b.board));
            // the same result in other words (`1:0` for `1-0`) is no conflict
            let words = xiangqi::event::result_words::match_result;
            let same = v == stored || matches!((words(v), words(stored)), (Ok(a), Ok(b)) if a == b);
            (!v.is_empty() && !same && !ticked).then(|| Dropped {
                board: b.board,
                typed: v.to_string(),
                stored: stored.to_string(),
            })
        })
        .collect()
}

/// The refusal of a table with dropped fields: each board, what was typed, what it holds, and
/// who entered that (the last change to the board in the history); nothing is saved.
fn dropped_message(
    lang: Lang,
    ev: &xiangqi::event::Event,
    round: u32,
    dropped: &[Dropped],
) -> String {
    let lines: Vec<String> = dropped
        .iter()
        .map(|d| {
            let mark = format!("round {round} board {}:", d.board);
            let who = ev.history.iter().rev().find(|c| c.what.contains(&mark));
            let by = match who {
                Some(c) => lang.pick(
                    format!("（{} 于 {} 录入，第 {} 版）", c.by, c.at, c.version),
                    format!(" (entered by {} at {}, version {})", c.by, c.at, c.version),
                ),
                None => String::new(),
            };
            lang.pick(
                format!(
                    "第 {} 台填的 {} 未保存：该台已有结果 {}{by}，要改请勾选“覆盖”",
                    d.board, d.typed, d.stored
                ),
                format!(
                    "board {}: {} not saved: the board holds {}{by}; tick 覆盖 to replace it",
                    d.board, d.typed, d.stored
                ),
            )
        })
        .collect();
    lang.pick(
        format!("{}。本次没有保存任何结果。", lines.join("；")),
        format!("{}. Nothing was saved.", lines.join("; ")),
    )
}

/// `POST /e/{id}/round/{round}/entry`: the table sent without script.
pub(crate) async fn enter_table(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path((id, round)): Path<(String, u32)>,
    Query(q): Query<Q>,
    Form(fields): Form<HashMap<String, String>>,
) -> Response {
    let field = |k: &str| fields.get(k).cloned();
    let lang = Lang::from_param(q.lang.as_deref().or(fields.get("lang").map(String::as_str)));
    let version = match fields.get("version").map(|v| v.trim()) {
        None | Some("") => None,
        Some(v) => match v.parse::<u64>() {
            Ok(v) => Some(v),
            Err(_) => {
                return refuse(lang, StatusCode::BAD_REQUEST, lang.bad_version(v));
            }
        },
    };
    let csrf = field("csrf").unwrap_or_default();
    // a row's 录入: that row alone, as its board's own form
    if let Some(board) = fields
        .get("board")
        .and_then(|b| b.trim().parse::<u32>().ok())
    {
        let form = ResultForm::row(
            (csrf, field("token"), version),
            field(&format!("r{board}")).unwrap_or_default(),
            fields.contains_key(&format!("f{board}")),
        );
        return enter_result(
            State(desk),
            headers,
            Path((id, round, board)),
            Query(q),
            Form(form),
        )
        .await;
    }
    if let Err(r) = writable(&desk, &headers, lang, &id, &csrf, field("token").as_deref()) {
        return *r;
    }
    // the event as the desk holds it, not copied (only its boards' results are read)
    let (_, snap) = match load_shared(&desk, lang, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let boards = snap
        .doc
        .paired
        .get(round.wrapping_sub(1) as usize)
        .map_or(&[][..], |r| &r.boards[..]);
    // a field whose board got a result since the page was served (or whose shown result was
    // changed without 覆盖) is never dropped silently: the table is refused, naming each
    let dropped = dropped(boards, &fields);
    if !dropped.is_empty() {
        let msg = dropped_message(lang, &snap.doc, round, &dropped);
        return refuse(lang, StatusCode::CONFLICT, msg);
    }
    let mut typed = typed(boards, &fields);
    match typed.len() {
        // nothing new: the page again
        0 => Redirect::to(&format!(
            "/e/{}/round/{round}?lang={}{}",
            url(&id),
            lang.code(),
            if q.open.as_deref() == Some("1") {
                "&open=1"
            } else {
                ""
            }
        ))
        .into_response(),
        1 => {
            let t = typed.remove(0);
            let form = ResultForm::row((csrf, field("token"), version), t.result, t.force);
            enter_result(
                State(desk),
                headers,
                Path((id, round, t.board)),
                Query(q),
                Form(form),
            )
            .await
        }
        // several: one write, as a pasted round; with a 覆盖 among them, shown first as the
        // paste's preview (the arbiter saves it from there)
        _ => {
            let force = typed.iter().any(|t| t.force);
            let text: String = typed
                .iter()
                .map(|t| format!("{} {}\n", t.board, t.result))
                .collect();
            let form = BulkForm::typed((csrf, field("token"), version), lang, text, force);
            enter_results(State(desk), headers, Path((id, round)), Form(form)).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(no: u32, result: Option<&str>) -> xiangqi::event::Pairing {
        let mut p = xiangqi::event::Pairing::new(no, 2 * no - 1, 2 * no);
        p.result = result.map(String::from);
        p
    }

    #[test]
    fn only_new_results_and_ticked_corrections_are_typed() {
        let boards = [
            board(1, None),
            board(2, None),
            board(3, Some("1-0")),
            board(4, Some("=")),
            board(5, Some("0-1")),
        ];
        let fields: HashMap<String, String> = [
            ("r1", " 1：0 "),
            ("r2", ""),
            ("r3", "1-0"),
            ("f3", "1"),
            ("r4", "0-1"),
            ("r5", "1-0"),
            ("f5", "1"),
            ("csrf", "x"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(
            dropped(&boards, &fields),
            [Dropped {
                board: 4,
                typed: "0-1".into(),
                stored: "=".into()
            }],
            "a shown result changed without 覆盖 is reported, not dropped silently"
        );
        let mut same = fields.clone();
        same.insert("r4".into(), "和".into());
        assert!(
            dropped(&boards, &same).is_empty(),
            "the same result in other words"
        );
        let got = typed(&boards, &fields);
        assert_eq!(
            got,
            [
                // an open board: what was typed, trimmed
                Typed {
                    board: 1,
                    result: "1：0".into(),
                    force: false
                },
                // board 3 shows its stored result (覆盖 or not); board 4 was changed without
                // 覆盖: neither is saved
                Typed {
                    board: 5,
                    result: "1-0".into(),
                    force: true
                },
            ]
        );
    }
}
