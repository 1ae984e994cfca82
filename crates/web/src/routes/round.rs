//! A round's 编排记录表 with a result form per board, and the result entry.

use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use xiangqi::event::Event;
use xiangqi::event::export::result_colon;
use xiangqi::scheduling::Points;

use super::events::stage_name;
use crate::app::{Desk, EventRequest, Page, Q, Shared, load, refuse, render, url, writable};
use crate::words::Lang;

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/e/{id}/round/{round}", get(round_page))
        .route("/e/{id}/round/{round}/board/{board}", post(enter_result))
}

struct BoardRow {
    board: u32,
    bracket: String,
    red: u32,
    red_name: String,
    red_score: String,
    black: u32,
    black_name: String,
    black_score: String,
    shown: String,
    raw: String,
    fouls: bool,
    red_fouls: u32,
    black_fouls: u32,
    focus: bool,
}

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage {
    page: Page,
    id: String,
    /// The event's version (each form's hidden `version`).
    version: u64,
    round: u32,
    paired: u32,
    stage: String,
    boards: Vec<BoardRow>,
    byes: Vec<String>,
    notes: Vec<String>,
    single_game: bool,
    flash: Option<String>,
    error: Option<String>,
    error_board: u32,
    /// Only the boards without a result are shown (`?open=1`).
    open_only: bool,
    /// How many boards have no result yet.
    open_count: usize,
}

/// What the round page says above its table.
enum Notice {
    /// Nothing.
    None,
    /// A result was entered.
    Saved(String),
    /// A result for this board was refused, with this message; the result typed is shown
    /// again in its field.
    Refused(u32, String, String),
}

/// The round page, or `None` if the round is not paired.
fn round_view(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    ev: &Event,
    round: u32,
    notice: Notice,
) -> Option<RoundPage> {
    let (flash, error) = match notice {
        Notice::None => (None, None),
        Notice::Saved(m) => (Some(m), None),
        Notice::Refused(b, m, typed) => (None, Some((b, m, typed))),
    };
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let before = ev.crosstable(round - 1);
    let score = |no: u32| {
        before
            .players
            .iter()
            .position(|&n| n == no)
            .map_or(Points::ZERO, |i| before.score(i))
            .to_string()
    };
    let name = |no: u32| ev.player(no).map_or(String::new(), |p| p.name.clone());
    let games = ev.games_in_round(r);
    let focus = error.as_ref().map(|(b, _, _)| *b).or_else(|| {
        r.boards
            .iter()
            .find(|b| b.result.is_none())
            .map(|b| b.board)
    });
    let boards = r
        .boards
        .iter()
        .map(|b| BoardRow {
            board: b.board,
            bracket: b.bracket.clone().unwrap_or_default(),
            red: b.red,
            red_name: name(b.red),
            red_score: score(b.red),
            black: b.black,
            black_name: name(b.black),
            black_score: score(b.black),
            shown: b
                .result
                .as_deref()
                .map_or(String::new(), |s| result_colon(s, ev.config.points, games)),
            raw: match &error {
                Some((eb, _, typed)) if *eb == b.board => typed.clone(),
                _ => b.result.clone().unwrap_or_default(),
            },
            fouls: b.red_fouls + b.black_fouls > 0,
            red_fouls: b.red_fouls,
            black_fouls: b.black_fouls,
            focus: focus == Some(b.board),
        })
        .collect();
    let tr = lang.tr();
    let page = Page::new(
        desk,
        headers,
        lang,
        &format!("/e/{}/round/{round}", url(id)),
        format!("{} {round} {} · {}", tr.round_pre, tr.round_post, ev.name),
    )
    .for_event(id, ev);
    let (error_board, error) = match error {
        Some((b, e, _)) => (b, Some(e)),
        None => (0, None),
    };
    Some(RoundPage {
        page,
        id: id.to_string(),
        version: ev.version(),
        round,
        paired: ev.paired.len() as u32,
        stage: stage_name(ev, r.stage, lang.tr()),
        boards,
        byes: r
            .bye
            .iter()
            .chain(&r.byes)
            .map(|&b| format!("{b} {}", name(b)))
            .collect(),
        notes: r.notes.clone(),
        single_game: games == 1,
        flash,
        error,
        error_board,
        open_only: false,
        open_count: 0,
    })
}

async fn round_page(
    r: EventRequest,
    Path((_, round)): Path<(String, String)>,
    Query(q): Query<Q>,
) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let flash =
        q.ok.as_deref()
            .and_then(|b| b.parse::<u32>().ok())
            .map(lang.tr().board_saved);
    match round.parse::<u32>().ok().and_then(|r| {
        round_view(
            &desk,
            &headers,
            lang,
            &id,
            &ev,
            r,
            flash.map_or(Notice::None, Notice::Saved),
        )
    }) {
        Some(mut p) => {
            p.open_count = p.boards.iter().filter(|b| b.shown.is_empty()).count();
            if q.open.as_deref() == Some("1") {
                p.open_only = true;
                p.boards.retain(|b| b.shown.is_empty());
            }
            render(StatusCode::OK, &p)
        }
        None => refuse(
            lang,
            StatusCode::NOT_FOUND,
            format!("{id}: round {round} is not paired"),
        ),
    }
}

/// The fields of a result form.
#[derive(Deserialize)]
struct ResultForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    #[serde(default)]
    result: String,
    quick: Option<String>,
    red_fouls: Option<String>,
    black_fouls: Option<String>,
    force: Option<String>,
    /// The event version the page showed (unchecked when absent).
    #[serde(default, deserialize_with = "crate::app::opt_version")]
    version: Option<u64>,
    /// `1`: the arbiter confirmed a change that affects a later round.
    confirm: Option<String>,
    /// `1` from the page of the boards without a result: back to it after the save.
    open: Option<String>,
}

/// The board the cursor goes to after a result on `board`: the next board of the round without a
/// result (after `board`, then from the first), or `board` itself when every board has one.
fn next_open(ev: &Event, round: u32, board: u32) -> u32 {
    let Some(r) = ev.paired.get(round.wrapping_sub(1) as usize) else {
        return board;
    };
    let open = |b: &&xiangqi::event::Pairing| b.result.is_none();
    r.boards
        .iter()
        .filter(|b| b.board > board)
        .find(open)
        .or_else(|| r.boards.iter().find(open))
        .map_or(board, |b| b.board)
}

/// Reads a fouls field: empty is "not given", as a missing `--red-fouls`.
fn fouls(field: &str, v: Option<&str>) -> Result<Option<u32>, String> {
    match v.map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => s
            .parse::<u32>()
            .map(Some)
            .map_err(|_| format!("--{field} {s:?}: not a whole number")),
    }
}

async fn enter_result(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, u32, u32)>,
    Form(f): Form<ResultForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let path = match writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let result = f
        .quick
        .clone()
        .filter(|q| !q.is_empty())
        .unwrap_or_else(|| f.result.trim().to_string());
    let typed = result.clone();
    let parsed = fouls("red-fouls", f.red_fouls.as_deref())
        .and_then(|r| Ok((r, fouls("black-fouls", f.black_fouls.as_deref())?)));
    let outcome = match parsed {
        Err(e) => Err(crate::app::Refused::Message(e)),
        Ok(fouls) => {
            let force = f.force.is_some();
            // only a 覆盖 can undo another's write: a new result on a board without one is
            // refused anyway if the board has one by now, so parallel entry is not refused
            let seen = f.version.filter(|_| force);
            let entry = crate::routes::manage::result_step::ResultEntry {
                version: seen,
                at: (round, board),
                result: &result,
                fouls,
                force,
                fields: [
                    ("result", Some(result.clone())),
                    ("red_fouls", f.red_fouls.clone()),
                    ("black_fouls", f.black_fouls.clone()),
                    ("force", f.force.clone()),
                    ("open", f.open.clone()),
                    ("version", f.version.map(|v| v.to_string())),
                ]
                .into_iter()
                .filter_map(|(k, v)| Some((k.to_string(), v?)))
                .collect(),
            };
            if f.confirm.is_none()
                && let Some(step) = crate::routes::manage::result_step::result_step(
                    &desk, &headers, lang, &id, entry,
                )
                .await
            {
                return step;
            }
            let who = crate::app::writer(&headers, seen);
            crate::app::edit(path, &id, who, move |ev| {
                let d = ev.enter_result(round, board, &result, fouls, force)?;
                Ok(xiangqi::event::Done {
                    value: next_open(ev, round, board),
                    what: d.what,
                    warnings: d.warnings,
                })
            })
            .await
            .map(|w| w.value)
        }
    };
    match outcome {
        // to the next board without a result: its result cell is the fragment's target, so
        // that without script one Tab reaches its field (the page's script focuses it at once)
        Ok(next) => Redirect::to(&format!(
            "/e/{}/round/{round}?lang={}&ok={board}{}#r{next}",
            url(&id),
            lang.code(),
            if f.open.as_deref() == Some("1") {
                "&open=1"
            } else {
                ""
            }
        ))
        .into_response(),
        Err(crate::app::Refused::Stale { seen, now, since }) => crate::app::stale_page(
            &desk,
            &headers,
            lang,
            &id,
            (seen, now, &since),
            &format!("/e/{}/round/{round}?lang={}", url(&id), lang.code()),
        ),
        Err(crate::app::Refused::Message(msg)) => {
            // show the round again with the message beside the board
            let (_, ev) = match load(&desk, lang, &id).await {
                Ok(x) => x,
                Err(r) => return r,
            };
            match round_view(
                &desk,
                &headers,
                lang,
                &id,
                &ev,
                round,
                Notice::Refused(board, msg.clone(), typed),
            ) {
                Some(p) => render(StatusCode::BAD_REQUEST, &p),
                None => refuse(lang, StatusCode::BAD_REQUEST, msg),
            }
        }
    }
}
