//! The history of an event at the desk (修改记录): the page (who, when, what, in the
//! request's language), the undo of the last change (a confirmation showing the entry it
//! undoes), the deletion of the event (to the trash folder, confirmed), and the arbiter's name
//! the history records for this browser.

use askama::Template;
use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use xiangqi::event::{Event, Store};

use super::corrections::{CorrectForm, Correction, back, confirm_page, finish, refusal_page};
use crate::app::{
    ARBITER_COOKIE, ChangeRow, EventRequest, Page, Refused, Shared, blocking, refused, render, url,
    writable, writer,
};
use crate::words::corrections::what;
use crate::words::{CorrectionWords as Words, Lang};

#[derive(Template)]
#[template(path = "history.html")]
struct HistoryPage {
    page: Page,
    w: &'static Words,
    id: String,
    version: u64,
    changes: Vec<ChangeRow>,
}

/// The change [`Event::undo`] would undo.
pub(super) fn undoable(ev: &Event) -> Option<&xiangqi::event::Change> {
    ev.history
        .iter()
        .rev()
        .find(|c| c.undoes.is_none() && c.undone_by.is_none())
}

pub(crate) async fn history_page(r: EventRequest) -> Response {
    let w = Words::of(r.lang);
    let page = Page::new(
        &r.desk,
        &r.headers,
        r.lang,
        &format!("/e/{}/history", url(&r.id)),
        format!("{} · {}", w.history, r.ev.name),
    )
    .for_event(&r.id, &r.ev);
    render(
        StatusCode::OK,
        &HistoryPage {
            page,
            w,
            id: r.id.clone(),
            version: r.ev.version(),
            changes: r
                .ev
                .history
                .iter()
                .rev()
                .map(|c| ChangeRow::new(c, r.lang))
                .collect(),
        },
    )
}

pub(crate) async fn undo(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = r;
    let w = Words::of(c.lang);
    if f.confirm.is_none() {
        let Some(last) = undoable(&c.ev) else {
            return refusal_page(&desk, &headers, c.lang, &id, w.nothing_to_undo.into()).await;
        };
        let row = ChangeRow::new(last, c.lang);
        let mut p = confirm_page(&desk, &headers, &c, &id, "undo", &f, &[]);
        p.lines.push((w.undo_will)(row.version));
        p.lines
            .push(format!("{} · {} · {}", row.what, row.by, row.at));
        return p.respond();
    }
    let who = writer(&headers, f.version);
    let (id2, p2, lang2) = (id.clone(), c.path.clone(), c.lang);
    let out = blocking(move || {
        Store::<Event>::new(&p2)
            .undo(&who)
            .map_err(|e| refused(lang2, &id2, &p2, e))
    })
    .await
    .unwrap_or_else(|| Err(Refused::Message(lang2.internal_error().into())));
    let lang = c.lang;
    let out = out.map(|e| {
        what(
            lang,
            &format!("undo version {}: {}", e.value.version, e.value.what),
        )
    });
    finish(&desk, &headers, lang, &id, out).await
}

pub(crate) async fn delete(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = r;
    let w = Words::of(c.lang);
    if f.confirm.is_none() {
        let mut p = confirm_page(&desk, &headers, &c, &id, "delete", &f, &[]);
        p.lines.push((w.delete_will)(&c.ev.name, &id));
        return p.respond();
    }
    let who = writer(&headers, f.version);
    let (id2, p2, lang2) = (id.clone(), c.path.clone(), c.lang);
    let out = blocking(move || {
        Store::<Event>::new(&p2)
            .trash(&who)
            .map_err(|e| refused(lang2, &id2, &p2, e))
    })
    .await
    .unwrap_or_else(|| Err(Refused::Message(lang2.internal_error().into())));
    match out {
        Ok(dest) => {
            let shown = dest
                .strip_prefix(crate::app::files::folder(&desk))
                .map_or_else(|_| dest.display().to_string(), |p| p.display().to_string());
            Redirect::to(&format!(
                "/?lang={}&ok={}",
                c.lang.code(),
                url(&(w.deleted)(&shown))
            ))
            .into_response()
        }
        Err(e) => finish(&desk, &headers, c.lang, &id, Err(e)).await,
    }
}

/// Sets the desk's arbiter name (the history's 裁判) for this browser, and goes back.
pub(crate) async fn set_arbiter(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<CorrectForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    if let Err(r) = writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        return *r;
    }
    let mut r = Redirect::to(&back(&id, lang)).into_response();
    let cookie = format!(
        "{ARBITER_COOKIE}={}; Path=/; SameSite=Strict; Max-Age=31536000",
        url(f.by.trim())
    );
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}
