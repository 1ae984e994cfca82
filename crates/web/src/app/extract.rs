//! The request extractors: an event page's request ([`EventRequest`], for reads) and the event
//! file a POST may write ([`writable`], for authorised writes).

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use xiangqi::event::{Event, Snapshot};

use super::Desk;
use super::{Shared, authorize, blocking, event_path, refuse, scrub};
use crate::words::Lang;

/// Loads event `id`, or the page saying why not.
pub(crate) async fn load(
    desk: &Shared,
    lang: Lang,
    id: &str,
) -> Result<(PathBuf, Event), Response> {
    load_shared(desk, lang, id)
        .await
        .map(|(path, snap)| (path, snap.doc.clone()))
}

/// Loads event `id` as the desk holds it in memory ([`super::EventCache`]): shared, not
/// copied (a 2,000-player event is thousands of allocations to copy); or the page saying why
/// not.
pub(crate) async fn load_shared(
    desk: &Shared,
    lang: Lang,
    id: &str,
) -> Result<(PathBuf, Arc<Snapshot<Event>>), Response> {
    let Some(path) = event_path(desk, id) else {
        return Err(refuse(lang, StatusCode::NOT_FOUND, lang.no_such_event(id)));
    };
    let (p, d) = (path.clone(), Arc::clone(desk));
    match blocking(move || d.events.read(&p)).await {
        Some(Ok(ev)) => Ok((path, ev)),
        Some(Err(e)) => Err(refuse(
            lang,
            StatusCode::UNPROCESSABLE_ENTITY,
            scrub(&lang.pick(e.zh(), e.to_string()), &path, id),
        )),
        None => Err(refuse(
            lang,
            StatusCode::INTERNAL_SERVER_ERROR,
            lang.internal_error(),
        )),
    }
}

/// What every event page starts from: the desk, the request's headers and language (`?lang=`),
/// the event's id (the route's `{id}`) and the event as the store reads it. A missing or
/// unreadable event file is answered with the error page (404, 422) before the handler runs.
pub(crate) struct EventRequest {
    pub(crate) desk: Shared,
    pub(crate) headers: HeaderMap,
    pub(crate) lang: Lang,
    pub(crate) id: String,
    pub(crate) ev: Event,
}

impl axum::extract::FromRequestParts<Shared> for EventRequest {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        desk: &Shared,
    ) -> Result<Self, Response> {
        let lang = Lang::from_param(
            form_urlencoded::parse(parts.uri.query().unwrap_or("").as_bytes())
                .find(|(k, _)| k == "lang")
                .map(|(_, v)| v)
                .as_deref(),
        );
        let Path(params) =
            Path::<std::collections::HashMap<String, String>>::from_request_parts(parts, desk)
                .await
                .map_err(IntoResponse::into_response)?;
        let id = params.get("id").cloned().unwrap_or_default();
        let headers = parts.headers.clone();
        let (_, ev) = load(desk, lang, &id).await?;
        Ok(EventRequest {
            desk: Arc::clone(desk),
            headers,
            lang,
            id,
            ev,
        })
    }
}

/// The event file a POST writes, once the request passes every check ([`authorize`]): the
/// refusal page otherwise (403, or 404 for a file that is not one of the desk's events).
pub(crate) fn writable(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    csrf: &str,
    token: Option<&str>,
) -> Result<PathBuf, Box<Response>> {
    if let Err(e) = authorize(desk, headers, csrf, token) {
        return Err(Box::new(refuse(
            lang,
            StatusCode::FORBIDDEN,
            lang.forbidden(&e),
        )));
    }
    event_path(desk, id)
        .ok_or_else(|| Box::new(refuse(lang, StatusCode::NOT_FOUND, lang.no_such_event(id))))
}
