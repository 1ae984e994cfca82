//! The desk's write path: who writes (the arbiter's name, [`arbiter`]), the event version the
//! page showed (the hidden field `version`, [`opt_version`]), the change recorded in the event's
//! history ([`edit`]), and the two pages a write may need: a confirmation step
//! ([`ConfirmPage`]) and the refusal of a stale write ([`Refused::Stale`], 409).
//!
//! A form that carries `version` is checked: if the event changed since the page showed it
//! (another arbiter, another tab, the CLI), the write is refused with the changes made since
//! and by whom. A form without it (an older page, a script) writes whatever the version.

use std::path::PathBuf;

use askama::Template;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use xiangqi::event::{Change, Edit, EditError, Event, EventError, Store, UpdateError, Writer};

use super::{Desk, Page, blocking, one_line, render};
use crate::security;
use crate::words::corrections::what;
use crate::words::{CorrectionWords, Lang};

/// The cookie holding the desk's arbiter name (set on the corrections page).
pub(crate) const ARBITER_COOKIE: &str = "xq_arbiter";

/// The arbiter name the history records for this request: its cookie, or 裁判.
pub(crate) fn arbiter(headers: &HeaderMap) -> String {
    security::cookie(headers, ARBITER_COOKIE)
        .map(|c| {
            percent_encoding::percent_decode_str(c)
                .decode_utf8_lossy()
                .trim()
                .to_string()
        })
        .filter(|s| !s.is_empty())
        .map_or_else(
            || CorrectionWords::of(Lang::Zh).default_arbiter.to_string(),
            |s| one_line(&s, 40),
        )
}

/// Reads the hidden field `version`: absent or empty is "not checked"; anything else must be
/// a whole number.
pub(crate) fn opt_version<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let s: Option<String> = Option::deserialize(d)?;
    match s.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| serde::de::Error::custom(format!("version {v:?}: not a whole number"))),
    }
}

/// The writer of a request: the arbiter's name, and the version the form showed (if any).
pub(crate) fn writer(headers: &HeaderMap, seen: Option<u64>) -> Writer {
    Writer {
        by: arbiter(headers),
        seen,
    }
}

/// A change written.
pub(crate) struct Wrote<T> {
    /// The operation's value.
    pub(crate) value: T,
    /// What was done (the history's line, in the library's words).
    pub(crate) what: String,
}

/// A write refused; the file is as it was.
pub(crate) enum Refused {
    /// The event changed since the form's version.
    Stale {
        /// The version the form showed.
        seen: u64,
        /// The version now.
        now: u64,
        /// The changes since, oldest first.
        since: Vec<Change>,
    },
    /// Any other refusal, one line.
    Message(String),
}

/// Applies `change` to event `id` (file `path`) under the store's lock as `who`, recorded in
/// its history.
pub(crate) async fn edit<T: Send + 'static>(
    lang: Lang,
    path: PathBuf,
    id: &str,
    who: Writer,
    change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError> + Send + 'static,
) -> Result<Wrote<T>, Refused> {
    let id = id.to_string();
    blocking(move || {
        let store = Store::<Event>::new(&path);
        let done = store.edit(&who, |e| {
            let value = change(e)?;
            Ok((value, e.what()))
        });
        match done {
            Ok(e) => Ok(Wrote {
                value: e.value.0,
                what: e.value.1,
            }),
            Err(e) => Err(refused(lang, &id, &path, e)),
        }
    })
    .await
    .unwrap_or_else(|| Err(Refused::Message(lang.internal_error().into())))
}

/// A refusal of [`Store::edit`] (and undo, trash) as the desk shows it.
pub(crate) fn refused(
    lang: Lang,
    id: &str,
    path: &std::path::Path,
    e: UpdateError<EditError>,
) -> Refused {
    match e {
        UpdateError::Rejected(EditError::Stale { seen, now, since }) => {
            Refused::Stale { seen, now, since }
        }
        UpdateError::Rejected(EditError::Rejected(e)) if lang == Lang::Zh => {
            Refused::Message(format!("{id}：{}", e.zh()))
        }
        UpdateError::Rejected(e) => Refused::Message(format!("{id}: {e}")),
        UpdateError::Store(e) => Refused::Message(
            lang.pick(e.zh(), e.to_string())
                .replace(&path.display().to_string(), id),
        ),
    }
}

/// One recorded change as the pages show it.
pub(crate) struct ChangeRow {
    pub(crate) version: u64,
    pub(crate) at: String,
    pub(crate) by: String,
    pub(crate) what: String,
    /// "已由第 N 版撤销", or empty.
    pub(crate) undone: String,
}

impl ChangeRow {
    pub(crate) fn new(c: &Change, lang: Lang) -> ChangeRow {
        let w = CorrectionWords::of(lang);
        ChangeRow {
            version: c.version,
            // 2026-11-27T16:41:02Z → 2026-11-27 16:41:02 (UTC)
            at: c.at.replace('T', " ").replace('Z', " UTC"),
            by: c.by.clone(),
            what: what(lang, &c.what),
            undone: c.undone_by.map_or(String::new(), w.undone_by),
        }
    }
}

#[derive(Template)]
#[template(path = "stale.html")]
struct StalePage {
    page: Page,
    w: &'static CorrectionWords,
    intro: String,
    changes: Vec<ChangeRow>,
    back: String,
}

/// The refusal of a stale write (409): what changed since the form's version and by whom, and
/// a link back to the page (`back`) to read it again.
pub(crate) fn stale_page(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    (seen, now, since): (u64, u64, &[Change]),
    back: &str,
) -> Response {
    let w = CorrectionWords::of(lang);
    let page = Page::new(desk, headers, lang, back, w.stale_heading.to_string());
    // the top bar names the event by its title, as every event page does (the file as it is
    // now: the stale page is about its newer version)
    let page = match super::event_path(desk, id).and_then(|p| desk.events.read(&p).ok()) {
        Some(now) => page.for_event(id, &now.doc),
        None => Page {
            event_id: Some(id.to_string()),
            event_name: id.to_string(),
            ..page
        },
    };
    render(
        StatusCode::CONFLICT,
        &StalePage {
            page,
            w,
            intro: (w.stale)(seen, now),
            changes: since.iter().map(|c| ChangeRow::new(c, lang)).collect(),
            back: back.to_string(),
        },
    )
}

/// A confirmation step (no script needed): what the change will do, the warnings, and a form
/// that posts the same fields again with `confirm=1`.
#[derive(Template)]
#[template(path = "confirm.html")]
pub(crate) struct ConfirmPage {
    pub(crate) page: Page,
    pub(crate) w: &'static CorrectionWords,
    /// What the change does, one line each.
    pub(crate) lines: Vec<String>,
    /// What the arbiter should know (rules broken, rounds affected).
    pub(crate) warnings: Vec<String>,
    /// Show "breaks no rule" when there is no warning (a pairing).
    pub(crate) say_no_warning: bool,
    /// Where the form posts.
    pub(crate) action: String,
    /// The fields posted again (besides `csrf` and `confirm`).
    pub(crate) fields: Vec<(String, String)>,
    /// Where 取消 goes.
    pub(crate) back: String,
}

impl ConfirmPage {
    /// The step's page (200).
    pub(crate) fn respond(self) -> Response {
        render(StatusCode::OK, &self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_arbiter_is_the_cookie_or_the_default() {
        let mut h = HeaderMap::new();
        assert_eq!(arbiter(&h), "裁判");
        h.insert(
            axum::http::header::COOKIE,
            HeaderValue::from_static("a=1; xq_arbiter=%E7%8E%8B%E8%A3%81%E5%88%A4"),
        );
        assert_eq!(arbiter(&h), "王裁判");
        h.insert(
            axum::http::header::COOKIE,
            HeaderValue::from_static("xq_arbiter=%20"),
        );
        assert_eq!(arbiter(&h), "裁判");
    }

    #[test]
    fn the_version_field_is_a_number_or_absent() {
        #[derive(Deserialize)]
        struct F {
            #[serde(default, deserialize_with = "opt_version")]
            version: Option<u64>,
        }
        let read = |s: &str| serde_json::from_str::<F>(s).map(|f| f.version);
        assert_eq!(read("{}").unwrap(), None);
        assert_eq!(read(r#"{"version":""}"#).unwrap(), None);
        assert_eq!(read(r#"{"version":"7"}"#).unwrap(), Some(7));
        assert!(read(r#"{"version":"x"}"#).is_err());
    }
}
