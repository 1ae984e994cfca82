//! The game's paper at the desk (issue 21), printed from the board's game log (the one the live
//! console keeps, [`super::board_log`]) through the form models of `xiangqi-forms` — the same
//! pages `xq game export` writes:
//!
//! - `/e/{id}/round/{round}/board/{board}/paper/seal`: the 封棋记录 of an adjourned game (names,
//!   封棋方, 用时, 余时, 已走着数, the 封棋图, the lines to sign) — never the sealed move;
//! - `/e/{id}/round/{round}/board/{board}/paper/record`: the signed 对局记录 (the moves in
//!   Chinese notation in two columns, the result, 用时, 红方/黑方/裁判员 signatures);
//! - `/e/{id}/round/{round}/paper/scoresheets`: the round's 计分单 with 用时 filled from the
//!   game log of every board that has one (blank, to fill by hand, where none).
//!
//! Each is a print-ready A4 document (its own `@page`, 第 N 页 共 M 页), like the CLI's.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::extract::{Path as UrlPath, Query};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use xiangqi::forms::scoresheets;
use xiangqi::game::Game;
use xiangqi::game::paper;

use super::view::{replay, ruleset_root};
use super::{board_log, log_name, paired};
use crate::app::{self, Shared};
use crate::words::Lang;

/// The paper's routes.
pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route(
            "/e/{id}/round/{round}/board/{board}/paper/{form}",
            get(board_paper),
        )
        .route("/e/{id}/round/{round}/paper/scoresheets", get(round_sheets))
}

/// The query: only `lang`, for the error page (the paper itself is Chinese).
#[derive(Deserialize, Default)]
struct PaperQuery {
    lang: Option<String>,
}

fn document(page: String) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// Why a log cannot give its paper: the status and the message (paths already named as the
/// desk names them).
type Refusal = (StatusCode, String);

/// Reads and replays the log at `log` (named `name`) with the desk's checks on the ruleset it
/// names; `Ok(None)` when the board has no log.
fn read_log(log: &Path, name: &str, root: &Path) -> Result<Option<Game>, Refusal> {
    match std::fs::read_to_string(log) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err((StatusCode::UNPROCESSABLE_ENTITY, format!("{name}: {e}"))),
        Ok(text) => replay(&text, root)
            .map(|(g, _)| Some(g))
            .map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, format!("{name}: {e}"))),
    }
}

/// `/e/{id}/round/{round}/board/{board}/paper/{seal|record}`.
async fn board_paper(
    axum::extract::State(desk): axum::extract::State<Shared>,
    UrlPath((id, round, board, form)): UrlPath<(String, u32, u32, String)>,
    Query(q): Query<PaperQuery>,
) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    if !matches!(form.as_str(), "seal" | "record") {
        let msg = format!("{form}: no such paper (seal or record)");
        return app::refuse(lang, StatusCode::NOT_FOUND, msg);
    }
    let (event_path, ev) = match app::load(&desk, lang, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    if let Err(m) = paired(&ev, &id, round, board) {
        return app::refuse(lang, StatusCode::NOT_FOUND, m);
    }
    let log = board_log(&event_path, round, board);
    let name = log_name(&event_path, round, board);
    if let Err(r) = app::log_inside(&desk, lang, &log, &name) {
        return *r;
    }
    let root = ruleset_root(&event_path).to_path_buf();
    let done = app::blocking(move || -> Result<String, Refusal> {
        let g = read_log(&log, &name, &root)?.ok_or_else(|| {
            (
                StatusCode::NOT_FOUND,
                format!("{name}: round {round} board {board} has no game log"),
            )
        })?;
        let sheet = if form == "seal" {
            paper::seal_record(&g, Some(&ev))
                .ok_or_else(|| {
                    (
                        StatusCode::NOT_FOUND,
                        format!("{name}: no move is sealed (the game is not adjourned)"),
                    )
                })?
                .sheet()
        } else {
            paper::move_record(&g, Some(&ev)).sheet()
        };
        Ok(sheet.html())
    })
    .await;
    match done {
        Some(Ok(page)) => document(page),
        Some(Err((status, m))) => app::refuse(lang, status, app::scrub(&m, &event_path, &id)),
        None => app::refuse(lang, StatusCode::INTERNAL_SERVER_ERROR, "the page failed"),
    }
}

/// `/e/{id}/round/{round}/paper/scoresheets`: the round's 计分单 with 用时 from the logs.
async fn round_sheets(
    axum::extract::State(desk): axum::extract::State<Shared>,
    UrlPath((id, round)): UrlPath<(String, u32)>,
    Query(q): Query<PaperQuery>,
) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    let (event_path, ev) = match app::load(&desk, lang, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let Some(mut sheets) = scoresheets(&ev, round) else {
        let msg = format!("{id}: round {round} is not paired");
        return app::refuse(lang, StatusCode::NOT_FOUND, msg);
    };
    // only logs inside the served folder are read
    let boards: Vec<(u32, PathBuf, String)> = sheets
        .sheets
        .iter()
        .map(|s| {
            (
                s.board,
                board_log(&event_path, round, s.board),
                log_name(&event_path, round, s.board),
            )
        })
        .filter(|(_, log, name)| app::log_inside(&desk, lang, log, name).is_ok())
        .collect();
    let root = ruleset_root(&event_path).to_path_buf();
    let page = app::blocking(move || {
        paper::fill_times(&mut sheets, |board| {
            let (_, log, name) = boards.iter().find(|(b, _, _)| *b == board)?;
            read_log(log, name, &root).ok().flatten()
        });
        sheets.sheet().html()
    })
    .await;
    match page {
        Some(page) => document(page),
        None => app::refuse(lang, StatusCode::INTERNAL_SERVER_ERROR, "the page failed"),
    }
}
