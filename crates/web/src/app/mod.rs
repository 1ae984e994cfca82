//! The desk's plumbing, shared by every resource's routes: the state ([`Desk`]), what every page
//! shows around its content ([`Page`]), the request extractors for reads ([`EventRequest`]) and
//! for authorised writes ([`writable`], [`authorize`]), the one error type that renders the
//! error page ([`Error`]), and where event files and game logs may be ([`files`]).

mod error;
mod extract;
pub(crate) mod files;
mod qr;
mod sheet;
mod state;
mod write;

use std::path::PathBuf;
use std::sync::Arc;

use askama::Template;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;
use xiangqi::event::Event;

use crate::security::{self, Forbidden, GuessLimit, HostAllowList};
use crate::words::{Lang, Tr};

pub(crate) use error::{Error, error_pages, not_found, refuse};
pub(crate) use extract::{EventRequest, load, load_shared, writable};
pub(crate) use files::{event_path, log_inside};
pub(crate) use qr::{LoginQr, login_qr};
pub(crate) use sheet::{Shown, print_view, sheets_page};
pub(crate) use state::EventCache;
pub(crate) use write::{
    ARBITER_COOKIE, ChangeRow, ConfirmPage, Refused, Wrote, arbiter, edit, opt_version, refused,
    stale_page, writer,
};

/// What the pages are served from.
#[derive(Clone, Debug)]
pub(crate) enum Root {
    /// One event file.
    File(PathBuf),
    /// A folder of event files.
    Folder(PathBuf),
}

impl Root {
    /// The served folder: the folder, or the event file's folder (`.` for a bare file name).
    pub(crate) fn folder(&self) -> PathBuf {
        match self {
            Root::Folder(d) => d.clone(),
            Root::File(f) => match f.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            },
        }
    }
}

/// The shared state of the handlers.
#[derive(Debug)]
pub(crate) struct Desk {
    pub(crate) root: Root,
    /// The per-process form secret (CSRF).
    pub(crate) csrf: String,
    /// The access token, if writes need one.
    pub(crate) token: Option<String>,
    /// The game viewer's last file read.
    pub(crate) games: crate::routes::viewer::GameCache,
    /// The names requests may give as their `Host`.
    pub(crate) hosts: HostAllowList,
    /// Wrong tokens per client address.
    pub(crate) guesses: GuessLimit,
    /// The largest request body ([`Limits::max_body`]).
    pub(crate) max_body: usize,
    /// The event files last read or written, parsed ([`EventCache`]).
    pub(crate) events: EventCache,
    /// The address a phone or tablet on the LAN opens to log in (the start page's QR code),
    /// when the desk listens on the LAN.
    pub(crate) lan_login: Option<String>,
}

pub(crate) type Shared = Arc<Desk>;

/// The query every page takes.
#[derive(Deserialize, Default)]
pub(crate) struct Q {
    pub(crate) lang: Option<String>,
    pub(crate) ok: Option<String>,
    pub(crate) token: Option<String>,
    /// `open=1`: a round page shows only the boards still without a result.
    pub(crate) open: Option<String>,
}

/// What every page shows around its content.
pub(crate) struct Page {
    pub(crate) title: String,
    pub(crate) lang: &'static str,
    pub(crate) tr: &'static Tr,
    pub(crate) other_href: String,
    pub(crate) csrf: String,
    pub(crate) can_write: bool,
    pub(crate) read_only: bool,
    pub(crate) date: String,
    pub(crate) event_id: Option<String>,
    pub(crate) event_name: String,
    /// The event's division (组别), shown after its name in every form's caption.
    pub(crate) division: String,
    pub(crate) landscape: bool,
}

impl Page {
    pub(crate) fn new(
        desk: &Desk,
        headers: &HeaderMap,
        lang: Lang,
        path: &str,
        title: String,
    ) -> Page {
        let can_write = may_write(desk, headers);
        let other = lang.other().code();
        Page {
            title,
            lang: lang.code(),
            tr: lang.tr(),
            other_href: format!("{path}?lang={other}"),
            // a read-only page carries no form and so no secret
            csrf: if can_write {
                desk.csrf.clone()
            } else {
                String::new()
            },
            can_write,
            read_only: !can_write,
            date: today(),
            event_id: None,
            event_name: String::new(),
            division: String::new(),
            landscape: false,
        }
    }

    pub(crate) fn for_event(mut self, id: &str, ev: &Event) -> Page {
        self.event_id = Some(id.to_string());
        self.event_name = ev.name.clone();
        self.division = ev.division.clone();
        self
    }
}

/// `true` if the request may write: no token is set, or it carries the token's cookie (set by
/// `/login`, whose guesses the front door rate-limits).
fn may_write(desk: &Desk, headers: &HeaderMap) -> bool {
    match &desk.token {
        None => true,
        Some(t) => security::cookie(headers, security::TOKEN_COOKIE)
            .is_some_and(|c| security::same_secret(c, t)),
    }
}

/// Every check a POST passes before it is read: same origin, the token, the form secret. The
/// token is taken from its cookie only: a `token` form field is not looked at (no rate limit
/// could count guesses hidden in a body).
pub(crate) fn authorize(
    desk: &Desk,
    headers: &HeaderMap,
    csrf: &str,
    _form_token: Option<&str>,
) -> Result<(), Forbidden> {
    security::check_origin(headers)?;
    if !may_write(desk, headers) {
        return Err(Forbidden::Token);
    }
    if !security::same_secret(csrf, &desk.csrf) {
        return Err(Forbidden::Csrf);
    }
    Ok(())
}

/// Today's date (UTC) as `YYYY-MM-DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Howard Hinnant's civil_from_days
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A form page shown again with a refusal (400) over the event as it is on disk (the refused
/// change wrote nothing): `view` builds the page from the event.
pub(crate) async fn refused_again<T: Template>(
    desk: &Shared,
    lang: Lang,
    id: &str,
    view: impl FnOnce(&xiangqi::event::Event) -> T,
) -> Response {
    match load(desk, lang, id).await {
        Ok((_, ev)) => render(StatusCode::BAD_REQUEST, &view(&ev)),
        Err(r) => r,
    }
}

pub(crate) fn render(status: StatusCode, t: &impl Template) -> Response {
    match t.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("template error: {e}"),
        )
            .into_response(),
    }
}

/// Runs blocking file work off the async workers.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

/// A message of the store with the file's full path (the server's folders, not for the LAN to
/// see) replaced by its name, as the pages name it.
/// The name itself is shown as one clean line (a file name may hold a line break).
pub(crate) fn scrub(msg: &str, path: &std::path::Path, id: &str) -> String {
    let mut out = msg.replace(&path.display().to_string(), &one_line(id, 80));
    // the folder, where the message names another file in it (a lock or temporary file): an
    // absolute folder is the server's business, never the page's
    if let Some(dir) = path.parent() {
        for d in [Some(dir.to_path_buf()), dir.canonicalize().ok()]
            .into_iter()
            .flatten()
            .filter(|d| d.is_absolute())
        {
            out = out.replace(&format!("{}/", d.display()), "");
            out = out.replace(&d.display().to_string(), ".");
        }
    }
    out
}

pub(crate) fn first_line(s: &str) -> String {
    one_line(s.lines().next().unwrap_or(""), 160)
}

/// A message as one clean line of at most `max` characters: line breaks and other control
/// characters (a folder name may hold any) shown as `\n`, `\u{1b}` …, and a long message cut in
/// its middle (`…`), so that its start (which file) and its end (what is wrong) both stay.
pub(crate) fn one_line(s: &str, max: usize) -> String {
    let clean: Vec<char> = s
        .trim_end()
        .chars()
        .flat_map(|c| {
            let shown: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            shown
        })
        .collect();
    if clean.len() <= max {
        return clean.into_iter().collect();
    }
    let head = max / 2;
    let tail = max - head - 1;
    clean[..head]
        .iter()
        .chain(std::iter::once(&'…'))
        .chain(&clean[clean.len() - tail..])
        .collect()
}

/// A form field that must hold a whole number: `FIELD "TEXT": not a whole number` otherwise,
/// in the page's language (a Chinese page names the form's field, not a command-line option).
pub(crate) fn whole_number<T: std::str::FromStr>(
    lang: Lang,
    field: &str,
    text: &str,
) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| lang.not_whole_number(field, text.trim()))
}

/// A path segment, percent-encoded.
pub(crate) fn url(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, COMPONENT).to_string()
}

/// What a URL component keeps as it is: the unreserved characters of RFC 3986
/// (`A–Z a–z 0–9 - . _ ~`); everything else is percent-encoded.
const COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// As [`COMPONENT`], keeping `/` (a path of several segments).
pub(crate) const PATH: &percent_encoding::AsciiSet = &COMPONENT.remove(b'/');
