//! The printed forms and downloads of an event: the score sheets of a round (计分单), the
//! players' cards (编排卡), the 象棋比赛积分编排表, every form's A4 print view (the models of
//! [`xiangqi::forms`], as the CLI prints them), the 队员总分制 unit standings, and the
//! exports (`standings.csv`, `event.json`, `event.trf`).

use askama::Template;
use axum::Router;
use axum::extract::{Path, Query};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use xiangqi::event::trf;
use xiangqi::forms::{self, Form};

use super::manage::create::number;
use crate::app::{
    EventRequest, Page, Shared, Shown, blocking, print_view, refuse, render, sheets_page, url,
};
use crate::words::{Lang, ManageWords as Words};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/e/{id}/export/{name}", get(export_file))
        .route("/e/{id}/round/{round}/scoresheets", get(scoresheets_page))
        .route("/e/{id}/cards", get(cards_page))
        .route("/e/{id}/points-table", get(points_table_page))
        .route("/e/{id}/print/{form}", get(print_form))
        .route("/e/{id}/units", get(units_page))
}

fn words(lang: Lang) -> &'static Words {
    lang.manage()
}

/// `/e/{id}/export/{name}`: the event's exports as `xq event export` writes them —
/// `standings.csv` (UTF-8 with a byte-order mark, so that spreadsheet programs read the Chinese
/// names), `event.json` (the whole event), `event.trf` (FIDE's tournament report format) —
/// as downloads.
async fn export_file(r: EventRequest, Path((_, name)): Path<(String, String)>) -> Response {
    let EventRequest { lang, id, ev, .. } = r;
    let file = name.clone();
    let made = blocking(move || {
        let st = ev.standings(None);
        match file.as_str() {
            "standings.csv" => Some((
                forms::standings_csv_file(
                    &ev,
                    &st,
                    lang.pick(forms::CsvHeaders::Chinese, forms::CsvHeaders::English),
                )
                .unwrap_or_else(|e| format!("{e}\n")),
                "text/csv; charset=utf-8",
            )),
            "event.json" => Some((
                format!("{:#}\n", forms::event_json(&ev, &st)),
                "application/json",
            )),
            // an event too large for TRF's columns: the download says why
            "event.trf" => Some((
                trf::export(&ev, &st).unwrap_or_else(|e| format!("{e}\n")),
                "text/plain; charset=utf-8",
            )),
            _ => None,
        }
    })
    .await
    .flatten();
    let Some((body, content_type)) = made else {
        return refuse(
            lang,
            StatusCode::NOT_FOUND,
            format!("{id}: no export {name:?} (standings.csv, event.json, event.trf)"),
        );
    };
    let stem: String = id
        .trim_end_matches(".toml")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let disposition = format!("attachment; filename=\"{stem}-{name}\"");
    let mut r = (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        body,
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

/// The query of a print view: the round of the forms of one round (default: the last paired).
#[derive(Deserialize, Default)]
struct PrintQ {
    round: Option<u32>,
}

/// `/e/{id}/print/{form}`: a form's A4 print view — the document `xq event export --format html
/// --form NAME` writes (page numbers, heads repeated on every page), from the same model.
async fn print_form(
    r: EventRequest,
    Path((_, form)): Path<(String, String)>,
    Query(q): Query<PrintQ>,
) -> Response {
    let EventRequest { lang, id, ev, .. } = r;
    let made = blocking(move || {
        let st = ev.standings(None);
        form.parse::<Form>()?.html(&ev, &st, q.round)
    })
    .await;
    match made {
        Some(Ok(document)) => print_view(document),
        Some(Err(e)) => refuse(lang, StatusCode::NOT_FOUND, format!("{id}: {e}")),
        None => refuse(lang, StatusCode::INTERNAL_SERVER_ERROR, "internal error"),
    }
}

/// A desk page of one form of the event (`round` for the forms of one round).
async fn form_page(r: EventRequest, form: Form, round: Option<u32>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let path = match round {
        Some(n) => format!("/e/{}/round/{n}/{form}", url(&id)),
        None => format!("/e/{}/{form}", url(&id)),
    };
    let print = match round {
        Some(n) => format!("/e/{}/print/{form}?round={n}", url(&id)),
        None => format!("/e/{}/print/{form}", url(&id)),
    };
    let title = ev.name.clone();
    let page = Page::new(&desk, &headers, lang, &path, title).for_event(&id, &ev);
    let made = blocking(move || {
        let st = ev.standings(None);
        form.sheet(&ev, &st, round)
    })
    .await;
    match made {
        Some(Ok(sheet)) => {
            let mut page = page;
            page.title = format!("{} · {}", sheet.title, page.title);
            sheets_page(
                page,
                vec![Shown::new(form.name(), sheet, print)],
                String::new(),
            )
        }
        Some(Err(e)) => refuse(lang, StatusCode::NOT_FOUND, format!("{id}: {e}")),
        None => refuse(lang, StatusCode::INTERNAL_SERVER_ERROR, "internal error"),
    }
}

/// `/e/{id}/round/{round}/scoresheets`: the 计分单 (个人记分表, seed 002 (六)2) of every board of a
/// round ([`Form::Scoresheets`]).
async fn scoresheets_page(r: EventRequest, Path((_, round)): Path<(String, u32)>) -> Response {
    form_page(r, Form::Scoresheets, Some(round)).await
}

/// `/e/{id}/cards`: the 编排卡 of every player (seed 002 (六)1, [`Form::Cards`]).
async fn cards_page(r: EventRequest) -> Response {
    form_page(r, Form::Cards, None).await
}

/// `/e/{id}/points-table`: the 象棋比赛积分编排表 (seed 002's second table,
/// [`Form::PointsTable`]).
async fn points_table_page(r: EventRequest) -> Response {
    form_page(r, Form::PointsTable, None).await
}

// ---------------------------------------------------------------------------------------------
// 队员总分制

/// The query of the units page (besides `lang`): count each unit's best N.
#[derive(Deserialize, Default)]
struct UQ {
    best: Option<String>,
}

struct UnitRow {
    rank: usize,
    unit: String,
    points: String,
    counted: usize,
}

#[derive(Template)]
#[template(path = "units.html")]
struct UnitsPage {
    page: Page,
    w: &'static Words,
    id: String,
    best: String,
    rows: Vec<UnitRow>,
    after: u32,
}

async fn units_page(r: EventRequest, Query(q): Query<UQ>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let best = match number::<usize>(lang, "best", q.best.as_deref().unwrap_or("")) {
        Ok(b) => b,
        Err(e) => return refuse(lang, StatusCode::BAD_REQUEST, e),
    };
    let w = words(lang);
    // as `xq event units`: the standings, each member's points to the unit
    let st = ev.standings(None);
    let members: Vec<(String, f64)> = st
        .iter()
        .filter_map(|s| ev.player(s.no).map(|p| (p.club.clone(), s.points)))
        .collect();
    let rows = xiangqi::scheduling::team::member_totals(&members, best)
        .into_iter()
        .enumerate()
        .map(|(i, (unit, pts, k))| UnitRow {
            rank: i + 1,
            unit,
            points: format!("{pts}"),
            counted: k,
        })
        .collect();
    let page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{}/units", url(&id)),
        format!("{} · {}", w.units, ev.name),
    )
    .for_event(&id, &ev);
    render(
        StatusCode::OK,
        &UnitsPage {
            page,
            w,
            id,
            best: best.map_or(String::new(), |b| b.to_string()),
            rows,
            after: ev.complete_rounds(),
        },
    )
}
