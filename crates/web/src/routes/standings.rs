//! The standings: 名次 and the 成绩表 of a one-stage event (the 循环赛成绩表 of a round robin),
//! or each group's table, each group's 循环赛成绩表 and the 总名次 of an event in stages — the
//! cells of the models in [`xiangqi::event::forms`], as `xq event export --format html` prints
//! them; each form's print view is that A4 document.

use axum::Router;
use axum::response::Response;
use axum::routing::get;
use xiangqi::event::forms;

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
        let shown = |form: &'static str, sheet: forms::Sheet| {
            Shown::new(form, sheet, format!("{print}{form}"))
        };
        if ev.staged() {
            let g = forms::groups(&ev);
            let mut v = Vec::new();
            if !g.overall.is_empty() {
                v.push(shown("overall", g.overall_sheet()));
            }
            if !g.tables.is_empty() {
                v.push(shown("groups", g.sheet()));
            }
            if g.tables.iter().any(|t| t.cross.is_some()) {
                v.push(shown("groups-cross", g.cross_sheet()));
            }
            v
        } else {
            let st = ev.standings(None);
            if st.is_empty() {
                return Vec::new();
            }
            vec![
                shown("standings", forms::standings(&ev, &st).sheet()),
                shown(
                    "table",
                    forms::form_sheet(&ev, &st, "table", None)
                        .unwrap_or_else(|_| forms::results_table(&ev, &st).sheet()),
                ),
            ]
        }
    })
    .await
    .unwrap_or_default();
    sheets_page(page, sheets, tr.nothing_yet.to_string())
}
