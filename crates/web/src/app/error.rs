//! The desk's one error type: a request it refuses or cannot answer, rendered as the error page
//! (in the request's language, with the read-only notice and navigation of every page).

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{Desk, Page, Shared, render};
use crate::words::Lang;

/// A request the desk refuses (403, 404, 400, 422) or cannot answer (500): its status, the
/// language to say it in and the message (one line, the CLI's words where the CLI refuses the
/// same). As a response it is the status alone, carrying itself; [`error_pages`] renders it.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{status}: {message}")]
pub(crate) struct Error {
    /// The status of the answer.
    pub(crate) status: StatusCode,
    /// The language of the page.
    pub(crate) lang: Lang,
    /// What went wrong.
    pub(crate) message: String,
    /// The page's heading, if not the status's own ("找不到", "400 未录入").
    pub(crate) heading: Option<String>,
}

impl Error {
    /// An error with the status's own heading.
    pub(crate) fn new(lang: Lang, status: StatusCode, message: impl Into<String>) -> Error {
        Error {
            status,
            lang,
            message: message.into(),
            heading: None,
        }
    }

    /// 404 with `message`.
    pub(crate) fn not_found(lang: Lang, message: impl Into<String>) -> Error {
        Error::new(lang, StatusCode::NOT_FOUND, message)
    }

    /// The same error under another heading.
    pub(crate) fn heading(mut self, heading: impl Into<String>) -> Error {
        self.heading = Some(heading.into());
        self
    }

    /// The error page, for a request with these headers.
    pub(crate) fn render(self, desk: &Desk, headers: &HeaderMap) -> Response {
        let tr = self.lang.tr();
        let heading = self.heading.unwrap_or_else(|| {
            if self.status == StatusCode::NOT_FOUND {
                tr.not_found.to_string()
            } else {
                format!("{} {}", self.status.as_u16(), tr.refused)
            }
        });
        let page = Page::new(desk, headers, self.lang, "/", heading.clone());
        render(
            self.status,
            &ErrorPage {
                page,
                heading,
                message: self.message,
            },
        )
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let mut res = self.status.into_response();
        res.extensions_mut().insert(self);
        res
    }
}

/// [`Error::new`] as a response.
pub(crate) fn refuse(lang: Lang, status: StatusCode, message: impl Into<String>) -> Response {
    Error::new(lang, status, message).into_response()
}

#[derive(askama::Template)]
#[template(path = "error.html")]
struct ErrorPage {
    page: Page,
    heading: String,
    message: String,
}

/// The layer that renders every [`Error`] a handler or extractor answers with as the error page.
pub(crate) async fn error_pages(State(desk): State<Shared>, req: Request, next: Next) -> Response {
    let headers = req.headers().clone();
    let mut res = next.run(req).await;
    match res.extensions_mut().remove::<Error>() {
        Some(e) => e.render(&desk, &headers),
        None => res,
    }
}

/// Any address the desk has no route for.
pub(crate) async fn not_found() -> Error {
    Error::not_found(Lang::Zh, "404")
}
