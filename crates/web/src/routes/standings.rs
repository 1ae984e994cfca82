//! The standings: 名次 and the 成绩表 of a one-stage event (the 循环赛成绩表 of a round robin),
//! or each group's table, each group's 循环赛成绩表 and the 总名次 of an event in stages — the
//! cells of the models in [`xiangqi::forms`], as `xq event export --format html` prints
//! them; each form's print view is that A4 document.

use axum::Router;
use axum::response::Response;
use axum::routing::get;
use xiangqi::forms::standings_forms;

use crate::app::{EventRequest, Page, Shared, Shown, blocking, sheets_page, url};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new().route("/e/{id}/standings", get(standings_page))
}

async fn standings_page(r: EventRequest) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let tr = lang.tr();
    let page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{}/standings", url(&id)),
        format!("{} · {}", tr.standings, ev.name),
    )
    .for_event(&id, &ev);
    let print = format!("/e/{}/print/", url(&id));
    let sheets = blocking(move || {
        standings_forms(&ev)
            .into_iter()
            .map(|(form, sheet)| Shown::new(form.name(), sheet, format!("{print}{form}")))
            .collect::<Vec<_>>()
    })
    .await
    .unwrap_or_default();
    sheets_page(page, sheets, tr.nothing_yet.to_string())
}
