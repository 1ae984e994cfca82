//! The round's own date (比赛日期): a small form on the round page sets or clears it; the change
//! is recorded in the event's history, and the round's forms print it in their caption
//! instead of the date of printing.

use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use xiangqi::event::{EditError, RoundDate, UpdateError};

use super::{Notice, frame, round_view};
use crate::app::{Shared, blocking, load, refuse, render, stale_page, url, writable};
use crate::words::Lang;

/// The fields of the date form.
#[derive(Deserialize)]
pub(crate) struct DateForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    /// `YYYY-MM-DD`, or empty to clear.
    #[serde(default)]
    date: String,
    /// The event's version the form showed.
    #[serde(default, deserialize_with = "crate::app::opt_version")]
    version: Option<u64>,
}

/// `POST /e/{id}/round/{round}/date`: sets (or, empty, clears) the round's date; a text that is
/// not a date is refused on the round page, the file untouched.
pub(crate) async fn set_date(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path((id, round)): Path<(String, u32)>,
    Form(f): Form<DateForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let path = match writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let text = f.date.trim().to_string();
    let date = if text.is_empty() {
        Ok(None)
    } else {
        text.parse::<RoundDate>().map(Some)
    };
    let back = format!("/e/{}/round/{round}?lang={}", url(&id), lang.code());
    let refusal = match date {
        Ok(date) => {
            let who = crate::app::writer(&headers, f.version);
            let d2 = desk.clone();
            let outcome = blocking(move || {
                d2.events
                    .edit(&path, &who, |e| e.set_round_date(round, date).map(|_| ()))
            })
            .await;
            match outcome {
                Some(Ok(_)) => {
                    return Redirect::to(&format!(
                        "{back}&dated={}",
                        if text.is_empty() { "-" } else { &text }
                    ))
                    .into_response();
                }
                Some(Err(UpdateError::Rejected(EditError::Stale { seen, now, since }))) => {
                    return stale_page(&desk, &headers, lang, &id, (seen, now, &since), &back);
                }
                Some(Err(e)) => e.to_string(),
                None => "internal error".to_string(),
            }
        }
        Err(e) => lang.pick(e.zh(), e.to_string()),
    };
    let (_, ev) = match load(&desk, lang, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    match round_view(
        frame(&desk, &headers, lang, &id, &ev, round),
        &id,
        &ev,
        round,
        Notice::None,
        false,
        &super::conflicts_of(&desk, &id),
    ) {
        Some(mut p) => {
            p.date_typed = f.date;
            p.error = Some(refusal);
            render(StatusCode::BAD_REQUEST, &p)
        }
        None => refuse(
            lang,
            StatusCode::NOT_FOUND,
            lang.round_not_paired(&id, round),
        ),
    }
}
