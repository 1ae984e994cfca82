//! One board's result: the row's form (answered with a redirect to the round page at the next
//! board without a result, or — sent by the page's script — with the row alone), and the board's
//! own page with every field (quick buttons, fouls, 覆盖, the live console).

use askama::Template;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use xiangqi::event::{Edit, Event};

use super::{BoardRow, Notice, RowContext, RowFragment, frame, round_view, rows};
use crate::app::{
    EventRequest, Page, Q, Refused, Shared, blocking, load, refuse, refused, render, stale_page,
    url, writable, writer,
};
use crate::routes::manage::result_step::{ResultEntry, result_step};
use crate::words::Lang;

/// The request header the round page's script sends with a result: answer with the row alone.
pub(crate) const PARTIAL: &str = "x-desk-partial";

/// The fields of a result form.
#[derive(Deserialize)]
pub(crate) struct ResultForm {
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
    /// `1` from the page of the boards without a result: back to it after the save.
    open: Option<String>,
    /// The event's version the form showed: checked when the result overwrites one (覆盖).
    #[serde(default, deserialize_with = "crate::app::opt_version")]
    version: Option<u64>,
    /// `1`: the arbiter confirmed a change that affects a later round.
    confirm: Option<String>,
}

impl ResultForm {
    /// One row of the round table sent without script ([`super::table`]): the form's secret,
    /// access token and version, the result typed and whether its 覆盖 was ticked.
    pub(crate) fn row(
        (csrf, token, version): (String, Option<String>, Option<u64>),
        result: String,
        force: bool,
    ) -> ResultForm {
        ResultForm {
            csrf,
            lang: None,
            token,
            result,
            quick: None,
            red_fouls: None,
            black_fouls: None,
            force: force.then(|| "1".to_string()),
            open: None,
            version,
            confirm: None,
        }
    }
}

/// The board the cursor goes to after a result on `board`: the next board of the round without a
/// result (after `board`, then from the first), or `board` itself when every board has one.
pub(crate) fn next_open(ev: &Event, round: u32, board: u32) -> u32 {
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

/// What a saved result answers: the next open board, the event's version after the save, and
/// (for the page's script) the board's new row.
type Saved = (u32, u64, Option<BoardRow>);

/// Writes one result through the event in memory ([`crate::app::EventCache`]), recorded in the
/// history as the desk's arbiter (who/when, undoable); checked against version `seen` when given
/// (a 覆盖 from the page of that version).
async fn save(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    (id, path): (&str, std::path::PathBuf),
    (round, board, partial): (u32, u32, bool),
    enter: impl FnOnce(&mut Edit<'_>) -> Result<bool, xiangqi::event::EventError> + Send + 'static,
    seen: Option<u64>,
) -> Result<Saved, Refused> {
    let who = writer(headers, seen);
    let (id2, d2) = (id.to_string(), desk.clone());
    blocking(move || {
        d2.events
            .edit(&path, &who, |e| {
                enter(e)?;
                let ev = e.event();
                let row = partial
                    .then(|| rows(ev, round, None))
                    .flatten()
                    .and_then(|rs| rs.into_iter().find(|r| r.board == board));
                Ok((next_open(ev, round, board), row))
            })
            .map(|e| (e.value.0, e.version, e.value.1))
            .map_err(|e| refused(lang, &id2, &path, e))
    })
    .await
    .unwrap_or_else(|| Err(Refused::Message("internal error".into())))
}

pub(crate) async fn enter_result(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, u32, u32)>,
    Query(q): Query<Q>,
    Form(f): Form<ResultForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref().or(q.lang.as_deref()));
    let partial = headers.contains_key(PARTIAL);
    let open_only = f.open.as_deref().or(q.open.as_deref()) == Some("1");
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
        Err(e) => Err(Refused::Message(e)),
        // 覆盖 is a correction: checked against the version the page showed, confirmed when a
        // later round was paired on the old result, recorded in the history with who and when
        Ok(fouls) if f.force.is_some() => {
            let entry = ResultEntry {
                version: f.version,
                at: (round, board),
                result: &result,
                fouls,
                force: true,
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
                && let Some(step) = result_step(&desk, &headers, lang, &id, entry).await
            {
                return step;
            }
            save(
                &desk,
                &headers,
                lang,
                (&id, path),
                (round, board, partial),
                move |ev| ev.enter_result(round, board, &result, fouls, true),
                f.version,
            )
            .await
        }
        Ok(fouls) => {
            save(
                &desk,
                &headers,
                lang,
                (&id, path),
                (round, board, partial),
                move |ev| ev.enter_result(round, board, &result, fouls, false),
                None,
            )
            .await
        }
    };
    match outcome {
        Ok((next, version, Some(mut row))) if partial => {
            row.saved = Some((lang.tr().board_saved)(board));
            row.focus = false;
            let page = Page::new(&desk, &headers, lang, "", String::new());
            let cx = RowContext {
                tr: lang.tr(),
                id: id.clone(),
                round,
                lang: lang.code(),
                can_write: page.can_write,
                version,
                open_only,
            };
            let mut res = render(StatusCode::OK, &RowFragment { cx: &cx, b: &row });
            let h = res.headers_mut();
            h.insert("x-next", HeaderValue::from(next));
            h.insert("x-version", HeaderValue::from(version));
            res
        }
        // to the next board without a result: its result cell is the fragment's target, so
        // that without script one Tab reaches its field (the page's script focuses it at once)
        Ok((next, _, _)) => Redirect::to(&format!(
            "/e/{}/round/{round}?lang={}&ok={board}{}#r{next}",
            url(&id),
            lang.code(),
            if open_only { "&open=1" } else { "" }
        ))
        .into_response(),
        // the row's script shows the message in the row
        Err(Refused::Message(msg)) if partial => (StatusCode::BAD_REQUEST, msg).into_response(),
        Err(Refused::Stale { seen, now, since }) => stale_page(
            &desk,
            &headers,
            lang,
            &id,
            (seen, now, &since),
            &format!("/e/{}/round/{round}?lang={}", url(&id), lang.code()),
        ),
        Err(Refused::Message(msg)) => {
            // show the round again with the message beside the board
            let (_, ev) = match load(&desk, lang, &id).await {
                Ok(x) => x,
                Err(r) => return r,
            };
            match round_view(
                frame(&desk, &headers, lang, &id, &ev, round),
                &id,
                &ev,
                round,
                Notice::Refused(board, msg.clone(), typed),
                open_only,
                &super::conflicts_of(&desk, &id),
            ) {
                Some(p) => render(StatusCode::BAD_REQUEST, &p),
                None => refuse(lang, StatusCode::BAD_REQUEST, msg),
            }
        }
    }
}

/// One board with every field of its result: quick buttons, fouls, 覆盖, the live console.
#[derive(Template)]
#[template(path = "board.html")]
struct BoardPage {
    page: Page,
    cx: RowContext,
    b: BoardRow,
    single_game: bool,
}

pub(crate) async fn board_page(
    r: EventRequest,
    Path((_, round, board)): Path<(String, u32, u32)>,
) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let Some(b) =
        rows(&ev, round, Some(board)).and_then(|rs| rs.into_iter().find(|r| r.board == board))
    else {
        return refuse(
            lang,
            StatusCode::NOT_FOUND,
            lang.no_such_board(&id, round, board),
        );
    };
    let single_game = ev
        .paired
        .get(round as usize - 1)
        .is_some_and(|r| ev.games_in_round(r) == 1);
    let page = frame(&desk, &headers, lang, &id, &ev, round);
    let cx = RowContext {
        tr: page.tr,
        id: id.clone(),
        round,
        lang: page.lang,
        can_write: page.can_write,
        version: ev.version(),
        open_only: false,
    };
    render(
        StatusCode::OK,
        &BoardPage {
            page,
            cx,
            b,
            single_game,
        },
    )
}
