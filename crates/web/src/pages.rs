//! The routes and their pages.

use std::path::PathBuf;
use std::sync::Arc;

use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use xiangqi::event::export::{self, chain_names, fmt_value, result_colon, score_name};
use xiangqi::event::{Event, EventError, trf};
use xiangqi::event::{Store, UpdateError};
use xiangqi::scheduling::tiebreak::CrosstableEntry;
use xiangqi::scheduling::{GameResult, Points, Standing};

use crate::i18n::{Lang, Tr};
use crate::security::{self, Forbidden};
use crate::{Desk, Root};

pub(crate) type Shared = Arc<Desk>;

/// The routes.
pub(crate) fn routes(desk: Shared) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/login", get(login))
        .route("/assets/desk.css", get(css))
        .route("/e/{id}", get(event_page))
        .route("/e/{id}/standings", get(standings_page))
        .route("/e/{id}/export/{name}", get(export_file))
        .route("/e/{id}/round/{round}/scoresheets", get(scoresheets_page))
        .route("/e/{id}/cards", get(cards_page))
        .route("/e/{id}/round/{round}", get(round_page))
        .route("/e/{id}/pair", post(pair))
        .route("/e/{id}/round/{round}/board/{board}", post(enter_result))
        .merge(crate::manage::routes())
        .merge(crate::live::routes())
        .merge(crate::viewer::routes())
        .fallback(not_found)
        .with_state(desk)
}

/// The query every page takes.
#[derive(Deserialize, Default)]
pub(crate) struct Q {
    pub(crate) lang: Option<String>,
    pub(crate) ok: Option<String>,
    pub(crate) token: Option<String>,
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
        let other = match lang {
            Lang::Zh => "en",
            Lang::En => "zh",
        };
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

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    page: Page,
    heading: String,
    message: String,
}

pub(crate) fn error_page(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    status: StatusCode,
    msg: String,
) -> Response {
    let heading = if status == StatusCode::NOT_FOUND {
        lang.tr().not_found.to_string()
    } else {
        format!("{} {}", status.as_u16(), lang.tr().refused)
    };
    let page = Page::new(desk, headers, lang, "/", heading.clone());
    render(
        status,
        &ErrorPage {
            page,
            heading,
            message: msg,
        },
    )
}

async fn not_found(State(desk): State<Shared>, headers: HeaderMap) -> Response {
    error_page(
        &desk,
        &headers,
        Lang::Zh,
        StatusCode::NOT_FOUND,
        "404".into(),
    )
}

async fn css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("../assets/desk.css"),
    )
        .into_response()
}

/// `/login?token=T`: sets the token cookie and goes on to the events.
async fn login(State(desk): State<Shared>, headers: HeaderMap, Query(q): Query<Q>) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    match (&desk.token, q.token.as_deref()) {
        (None, _) => Redirect::to("/").into_response(),
        (Some(t), Some(given)) if security::same_secret(t, given) => {
            let mut r = Redirect::to("/").into_response();
            let cookie = format!(
                "{}={t}; Path=/; HttpOnly; SameSite=Strict",
                security::TOKEN_COOKIE
            );
            if let Ok(v) = HeaderValue::from_str(&cookie) {
                r.headers_mut().insert(header::SET_COOKIE, v);
            }
            r
        }
        _ => error_page(
            &desk,
            &headers,
            lang,
            StatusCode::FORBIDDEN,
            "wrong token".into(),
        ),
    }
}

/// The event files served: `(id, path)`, sorted by id.
fn event_files(desk: &Desk) -> Vec<(String, PathBuf)> {
    match &desk.root {
        Root::File(p) => vec![(file_id(p), p.clone())],
        Root::Folder(dir) => {
            let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml") && inside(dir, p))
                .map(|p| (file_id(&p), p))
                .filter(|(id, _)| !id.starts_with('.'))
                .collect();
            out.sort();
            out
        }
    }
}

pub(crate) fn file_id(p: &std::path::Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// The path of event `id`, if it is one of the files served.
pub(crate) fn event_path(desk: &Desk, id: &str) -> Option<PathBuf> {
    match &desk.root {
        Root::File(p) => (file_id(p) == id).then(|| p.clone()),
        Root::Folder(dir) => {
            if id.is_empty()
                || id.starts_with('.')
                || id.contains(['/', '\\'])
                || !id.ends_with(".toml")
            {
                return None;
            }
            let p = dir.join(id);
            inside(dir, &p).then_some(p)
        }
    }
}

/// Whether `path` is a file inside folder `dir` once every symbolic link is followed: an event
/// file that is a link to a file elsewhere is not served.
pub(crate) fn inside(dir: &std::path::Path, path: &std::path::Path) -> bool {
    let (Ok(dir), Ok(real)) = (dir.canonicalize(), path.canonicalize()) else {
        return false;
    };
    real.starts_with(&dir) && real.is_file()
}

/// The folder the desk serves: the folder given, or the event file's folder.
pub(crate) fn folder(desk: &Desk) -> PathBuf {
    match &desk.root {
        Root::Folder(d) => d.clone(),
        Root::File(f) => match f.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    }
}

/// Refuses (404) a game log that is, or would be, outside the served folder (its folder a
/// symbolic link to elsewhere): the desk opens nothing there.
pub(crate) fn log_inside(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    log: &std::path::Path,
    name: &str,
) -> Result<(), Box<Response>> {
    if would_be_inside(&folder(desk), log) {
        return Ok(());
    }
    Err(Box::new(error_page(
        desk,
        headers,
        lang,
        StatusCode::NOT_FOUND,
        format!("{}: outside the served folder", one_line(name, 80)),
    )))
}

/// Whether a path that may not exist yet (a game log, its folder) would be inside folder `dir`:
/// if it exists (a link: wherever it leads, which must exist), it is there once links are
/// followed; if not, its parent would be.
pub(crate) fn would_be_inside(dir: &std::path::Path, path: &std::path::Path) -> bool {
    if path.symlink_metadata().is_ok() {
        return match (dir.canonicalize(), path.canonicalize()) {
            (Ok(dir), Ok(real)) => real.starts_with(&dir),
            _ => false,
        };
    }
    match path.parent() {
        Some(parent) if parent.as_os_str().is_empty() => {
            would_be_inside(dir, std::path::Path::new("."))
        }
        Some(parent) => would_be_inside(dir, parent),
        None => false,
    }
}

/// Runs blocking file work off the async workers.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

/// Loads event `id`, or the page saying why not.
pub(crate) async fn load(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
) -> Result<(PathBuf, Event), Response> {
    let Some(path) = event_path(desk, id) else {
        return Err(error_page(
            desk,
            headers,
            lang,
            StatusCode::NOT_FOUND,
            format!("{id}: no such event file"),
        ));
    };
    let p = path.clone();
    match blocking(move || Store::<Event>::new(p).read()).await {
        Some(Ok(ev)) => Ok((path, ev)),
        Some(Err(e)) => Err(error_page(
            desk,
            headers,
            lang,
            StatusCode::UNPROCESSABLE_ENTITY,
            scrub(&e.to_string(), &path, id),
        )),
        None => Err(error_page(
            desk,
            headers,
            lang,
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error".into(),
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
        let (_, ev) = load(desk, &headers, lang, &id).await?;
        Ok(EventRequest {
            desk: Arc::clone(desk),
            headers,
            lang,
            id,
            ev,
        })
    }
}

struct EventRow {
    id: String,
    name: String,
    error: Option<String>,
    players: usize,
    paired: usize,
    rounds: u32,
    complete: u32,
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage {
    page: Page,
    events: Vec<EventRow>,
    /// The 新建比赛 link (a folder is served and writes are allowed).
    can_create: bool,
    mw: &'static crate::manage::Words,
    games: Vec<crate::viewer::GameFile>,
}

async fn index(State(desk): State<Shared>, headers: HeaderMap, Query(q): Query<Q>) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    let files = event_files(&desk);
    let desk2 = desk.clone();
    let games = blocking(move || crate::viewer::game_files(&desk2))
        .await
        .unwrap_or_default();
    let events = blocking(move || {
        files
            .into_iter()
            .map(|(id, path)| match Store::<Event>::new(&path).read() {
                Ok(ev) => EventRow {
                    id,
                    name: if ev.division.is_empty() {
                        ev.name.clone()
                    } else {
                        format!("{} {}", ev.name, ev.division)
                    },
                    error: None,
                    players: ev.players.len(),
                    paired: ev.paired.len(),
                    rounds: ev.rounds,
                    complete: ev.complete_rounds(),
                },
                Err(e) => EventRow {
                    error: Some(first_line(&scrub(&e.to_string(), &path, &id))),
                    id,
                    name: String::new(),
                    players: 0,
                    paired: 0,
                    rounds: 0,
                    complete: 0,
                },
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap_or_default();
    let page = Page::new(&desk, &headers, lang, "/", lang.tr().events.to_string());
    let can_create = page.can_write && matches!(desk.root, Root::Folder(_));
    render(
        StatusCode::OK,
        &IndexPage {
            page,
            events,
            can_create,
            mw: crate::manage::words(lang),
            games,
        },
    )
}

/// A message of the store with the file's full path (the server's folders, not for the LAN to
/// see) replaced by its name, as the pages name it.
/// The name itself is shown as one clean line (a file name may hold a line break).
pub(crate) fn scrub(msg: &str, path: &std::path::Path, id: &str) -> String {
    msg.replace(&path.display().to_string(), &one_line(id, 80))
}

fn first_line(s: &str) -> String {
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

struct PlayerRow {
    no: u32,
    name: String,
    club: String,
    rating: String,
    status: String,
}

struct RoundRow {
    round: u32,
    stage: String,
    boards: usize,
    done: usize,
}

#[derive(Template)]
#[template(path = "event.html")]
struct EventPage {
    page: Page,
    id: String,
    ruleset: String,
    system: String,
    chain: String,
    players: Vec<PlayerRow>,
    rounds: Vec<RoundRow>,
    can_pair: bool,
    pair_blocked: Option<String>,
    error: Option<String>,
    staged: bool,
    any_status: bool,
    /// A knockout stage: the 对阵图 link.
    bracket: bool,
    mw: &'static crate::manage::Words,
}

fn system_name(ev: &Event, lang: Lang) -> String {
    if ev.staged() {
        ev.stages
            .iter()
            .map(|s| format!("{} ({})", s.name, s.system.name()))
            .collect::<Vec<_>>()
            .join(" → ")
    } else {
        match lang {
            Lang::Zh => format!("{}，共 {} 轮", ev.config.pairing.0, ev.rounds),
            Lang::En => format!("{}, {} rounds", ev.config.pairing.0, ev.rounds),
        }
    }
}

fn stage_name(ev: &Event, stage: Option<u32>, tr: &Tr) -> String {
    if !ev.staged() {
        return String::new();
    }
    let s = stage.unwrap_or(1);
    ev.stages
        .get((s as usize).wrapping_sub(1))
        .map_or(format!("{} {s}", tr.stage), |st| {
            format!("{} {s} ({})", tr.stage, st.name)
        })
}

fn event_view(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    ev: &Event,
    error: Option<String>,
) -> EventPage {
    let tr = lang.tr();
    let page = Page::new(
        desk,
        headers,
        lang,
        &format!("/e/{}", url(id)),
        ev.name.clone(),
    )
    .for_event(id, ev);
    let players: Vec<PlayerRow> = ev
        .players
        .iter()
        .map(|p| PlayerRow {
            no: p.no,
            name: p.name.clone(),
            club: p.club.clone(),
            rating: p.rating.map_or(String::new(), |r| r.to_string()),
            status: p
                .withdrawn
                .map_or(String::new(), |w| format!("{} {w}", tr.withdrawn)),
        })
        .collect();
    let rounds = ev
        .paired
        .iter()
        .map(|r| RoundRow {
            round: r.round,
            stage: stage_name(ev, r.stage, lang.tr()),
            boards: r.boards.len(),
            done: r.boards.iter().filter(|b| b.result.is_some()).count(),
        })
        .collect();
    // a staged event knows whether it can go on only by trying
    let pair_blocked = if ev.staged() {
        None
    } else {
        ev.next_round().err().map(|e| e.to_string())
    };
    let can_pair = page.can_write && pair_blocked.is_none();
    let any_status = players.iter().any(|p| !p.status.is_empty());
    EventPage {
        page,
        id: id.to_string(),
        ruleset: ev.ruleset.clone(),
        system: system_name(ev, lang),
        chain: std::iter::once(score_name(ev).to_string())
            .chain(chain_names(ev))
            .collect::<Vec<_>>()
            .join(" → "),
        players,
        rounds,
        can_pair,
        pair_blocked,
        error,
        staged: ev.staged(),
        any_status,
        bracket: ev.stages.iter().any(|s| s.system.is_knockout()),
        mw: crate::manage::words(lang),
    }
}

/// A form field that must hold a whole number: `FIELD "TEXT": not a whole number` otherwise.
pub(crate) fn whole_number<T: std::str::FromStr>(field: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{field} {:?}: not a whole number", text.trim()))
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

async fn event_page(r: EventRequest) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    render(
        StatusCode::OK,
        &event_view(&desk, &headers, lang, &id, &ev, None),
    )
}

/// `/e/{id}/export/{name}`: the event's exports as `xq event export` writes them —
/// `standings.csv` (UTF-8 with a byte-order mark, so that spreadsheet programs read the Chinese
/// names), `event.json` (the whole event), `event.trf` (FIDE's tournament report format) —
/// as downloads.
async fn export_file(r: EventRequest, Path((_, name)): Path<(String, String)>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let file = name.clone();
    let made = blocking(move || {
        let st = ev.standings(None);
        match file.as_str() {
            "standings.csv" => Some((
                format!("\u{feff}{}", export::standings_csv(&ev, &st)),
                "text/csv; charset=utf-8",
            )),
            "event.json" => Some((
                format!("{:#}\n", export::event_json(&ev, &st)),
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
        return error_page(
            &desk,
            &headers,
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

/// One 计分单 (个人记分表) of a board.
struct Sheet {
    board: u32,
    red: u32,
    red_name: String,
    red_score: &'static str,
    red_fouls: String,
    black: u32,
    black_name: String,
    black_score: &'static str,
    black_fouls: String,
}

#[derive(Template)]
#[template(path = "scoresheets.html")]
struct ScoresheetsPage {
    page: Page,
    round: u32,
    sheets: Vec<Sheet>,
}

/// Each side's word for a single game's result on its 计分单: 胜, 和, 负 (and 弃权 for a
/// forfeit); blank while no result is in, or for a result that is not one game.
fn sheet_scores(result: Option<&str>) -> (&'static str, &'static str) {
    match result.map(str::parse::<GameResult>) {
        Some(Ok(GameResult::FirstWins)) => ("胜", "负"),
        Some(Ok(GameResult::SecondWins)) => ("负", "胜"),
        Some(Ok(GameResult::Draw)) => ("和", "和"),
        Some(Ok(GameResult::FirstWinsByForfeit)) => ("胜", "弃权"),
        Some(Ok(GameResult::SecondWinsByForfeit)) => ("弃权", "胜"),
        Some(Ok(GameResult::DoubleForfeit)) => ("弃权", "弃权"),
        _ => ("", ""),
    }
}

/// `/e/{id}/round/{round}/scoresheets`: the 计分单 (个人记分表, seed 002 (六)2) of every board of a
/// round, several to a printed page: 台次, 红方 and 黑方 with 序号 and 姓名, 成绩 once the result is
/// in, 用时 for the arbiter to fill, 犯规 as recorded, and the lines for both players and the
/// arbiter to sign.
async fn scoresheets_page(r: EventRequest, Path((_, round)): Path<(String, u32)>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let Some(r) = round.checked_sub(1).and_then(|i| ev.paired.get(i as usize)) else {
        return error_page(
            &desk,
            &headers,
            lang,
            StatusCode::NOT_FOUND,
            format!("{id}: round {round} is not paired"),
        );
    };
    let name = |no: u32| {
        ev.player(no)
            .map_or_else(|| no.to_string(), |p| p.name.clone())
    };
    let fouls = |n: u32| if n > 0 { n.to_string() } else { String::new() };
    let sheets = r
        .boards
        .iter()
        .map(|b| {
            let (red_score, black_score) = sheet_scores(b.result.as_deref());
            Sheet {
                board: b.board,
                red: b.red,
                red_name: name(b.red),
                red_score,
                red_fouls: fouls(b.red_fouls),
                black: b.black,
                black_name: name(b.black),
                black_score,
                black_fouls: fouls(b.black_fouls),
            }
        })
        .collect();
    let path = format!("/e/{id}/round/{round}/scoresheets");
    let page =
        Page::new(&desk, &headers, lang, &path, format!("计分单 {}", ev.name)).for_event(&id, &ev);
    render(
        StatusCode::OK,
        &ScoresheetsPage {
            page,
            round,
            sheets,
        },
    )
}

/// One round on a 编排卡.
struct CardRow {
    round: u32,
    opponent: String,
    colour: &'static str,
    points: String,
    opponents: String,
}

/// One player's 编排卡.
struct Card {
    no: u32,
    name: String,
    club: String,
    rows: Vec<CardRow>,
}

#[derive(Template)]
#[template(path = "cards.html")]
struct CardsPage {
    page: Page,
    cards: Vec<Card>,
}

/// `/e/{id}/cards`: the 编排卡 of every player (seed 002 (六)1), several to a printed page:
/// 单位, 姓名, 编号, and for every paired round the opponent (轮空 for a bye), 先后 (先 = red), and
/// the 积分 and 对手分 after that round once its results are all in (对手分: the sum of the
/// points, after that round, of the opponents met so far). A staged event's cards leave 积分 and
/// 对手分 to its stage tables.
async fn cards_page(r: EventRequest) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{id}/cards"),
        format!("编排卡 {}", ev.name),
    )
    .for_event(&id, &ev);
    let cards = blocking(move || cards_of(&ev)).await.unwrap_or_default();
    render(StatusCode::OK, &CardsPage { page, cards })
}

fn cards_of(ev: &Event) -> Vec<Card> {
    // points of every player after each round (none for a staged event)
    let after: Vec<std::collections::HashMap<u32, f64>> = if ev.staged() {
        Vec::new()
    } else {
        (1..=ev.paired.len() as u32)
            .map(|r| {
                ev.standings(Some(r))
                    .iter()
                    .map(|s| (s.no, s.points))
                    .collect()
            })
            .collect()
    };
    ev.players
        .iter()
        .map(|p| {
            let mut met: Vec<u32> = Vec::new();
            let rows = ev
                .paired
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let board = r.boards.iter().find(|b| b.red == p.no || b.black == p.no);
                    let (opponent, colour) = match board {
                        Some(b) if b.red == p.no => (b.black.to_string(), "先"),
                        Some(b) => (b.red.to_string(), "后"),
                        None if r.bye == Some(p.no) => ("轮空".to_string(), ""),
                        None => (String::new(), ""),
                    };
                    if let Some(b) = board {
                        met.push(if b.red == p.no { b.black } else { b.red });
                    }
                    let complete = r.boards.iter().all(|b| b.result.is_some());
                    let (points, opponents) = match after.get(i).filter(|_| complete) {
                        Some(pts) => (
                            pts.get(&p.no).map_or(String::new(), |x| fmt_value(&[*x])),
                            fmt_value(&[met.iter().filter_map(|o| pts.get(o)).sum::<f64>()]),
                        ),
                        None => (String::new(), String::new()),
                    };
                    CardRow {
                        round: r.round,
                        opponent,
                        colour,
                        points,
                        opponents,
                    }
                })
                .collect();
            Card {
                no: p.no,
                name: p.name.clone(),
                club: p.club.clone(),
                rows,
            }
        })
        .collect()
}

struct RankRow {
    rank: String,
    no: u32,
    name: String,
    club: String,
    points: String,
    tie_breaks: Vec<String>,
}

struct GroupBlock {
    title: String,
    score_name: &'static str,
    rows: Vec<RankRow>,
}

struct TableRow {
    no: u32,
    club: String,
    name: String,
    cells: Vec<(String, &'static str, String)>,
    tie_breaks: Vec<String>,
    rank: String,
}

struct ResultsTable {
    rounds: Vec<u32>,
    rows: Vec<TableRow>,
}

/// One row of the 循环赛成绩表: a player's points against each opponent, in pairing-number order.
struct GridRow {
    no: u32,
    club: String,
    name: String,
    /// Per opponent (same order as the rows): the points scored against them, `None` on the
    /// diagonal, empty while unplayed.
    cells: Vec<Option<String>>,
    points: String,
    tie_breaks: Vec<String>,
    rank: String,
}

/// The 循环赛成绩表 of a round robin: every player against every other.
struct CrossGrid {
    rows: Vec<GridRow>,
}

/// The 循环赛成绩表 of a one-stage round robin, from the complete rounds (a double round robin
/// adds both games' points in one cell).
fn cross_grid(ev: &Event, st: &[Standing]) -> CrossGrid {
    let ct = ev.crosstable(ev.complete_rounds());
    let mut order: Vec<usize> = (0..ct.players.len()).collect();
    order.sort_by_key(|&i| ct.players[i]);
    let at: std::collections::HashMap<usize, usize> =
        order.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let by_no: std::collections::HashMap<u32, &Standing> = st.iter().map(|s| (s.no, s)).collect();
    let rows = order
        .iter()
        .map(|&i| {
            let no = ct.players[i];
            let mut cells: Vec<Option<Points>> = vec![None; order.len()];
            for e in ct.entries.get(i).into_iter().flatten() {
                if let CrosstableEntry::Game(g) = e
                    && let Some(&k) = at.get(&g.opponent)
                {
                    let c = cells[k].get_or_insert(Points(0));
                    *c += g.points;
                }
            }
            let p = ev.player(no);
            let s = by_no.get(&no);
            GridRow {
                no,
                club: p.map_or(String::new(), |p| p.club.clone()),
                name: p.map_or(String::new(), |p| p.name.clone()),
                cells: (0..order.len())
                    .map(|k| {
                        if order[k] == i {
                            None
                        } else {
                            Some(cells[k].map_or(String::new(), |c| c.to_string()))
                        }
                    })
                    .collect(),
                points: s.map_or(String::new(), |s| fmt_value(&[s.points])),
                tie_breaks: s.map_or(Vec::new(), |s| tie_break_cells(s)),
                rank: s.map_or(String::new(), |s| shown_rank(s)),
            }
        })
        .collect();
    CrossGrid { rows }
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    page: Page,
    /// The heading of the first table: 名次, or 总名次 for an event in stages.
    ranking_title: String,
    after_text: String,
    score_name: &'static str,
    chain: Vec<String>,
    ranking: Vec<RankRow>,
    groups: Vec<GroupBlock>,
    table: Option<ResultsTable>,
    /// The 循环赛成绩表 of a round robin (instead of the Swiss 成绩表).
    grid: Option<CrossGrid>,
}

fn rank_row(ev: &Event, s: &Standing, with_tb: bool) -> RankRow {
    let p = ev.player(s.no);
    RankRow {
        rank: shown_rank(s),
        no: s.no,
        name: p.map_or(String::new(), |p| p.name.clone()),
        club: p.map_or(String::new(), |p| p.club.clone()),
        points: fmt_value(&[s.points]),
        tie_breaks: if with_tb {
            tie_break_cells(s)
        } else {
            Vec::new()
        },
    }
}

/// A standing's tie-break values, as cells.
fn tie_break_cells(s: &Standing) -> Vec<String> {
    s.tie_breaks
        .iter()
        .map(|v| breakable(fmt_value(v)))
        .collect()
}

/// A rank as the forms show it: `3`, or `3=` when shared.
fn shown_rank(s: &Standing) -> String {
    format!("{}{}", s.rank, if s.shared { "=" } else { "" })
}

/// A tie-break value as a cell shows it: a list (倒数轮积分 `7.5/6.5/6/…`) may break after
/// each `/` (a zero-width space), never inside a number, so that a printed table fits the page.
fn breakable(value: String) -> String {
    value.replace('/', "/\u{200B}")
}

/// The 成绩表 of a one-stage event: per round 对手, 先后 and the cumulative score.
fn results_table(ev: &Event, st: &[Standing]) -> ResultsTable {
    let after = ev.complete_rounds();
    let ct = ev.crosstable(after);
    let by_no: std::collections::HashMap<u32, &Standing> = st.iter().map(|s| (s.no, s)).collect();
    let rows = ct
        .players
        .iter()
        .enumerate()
        .map(|(i, &no)| {
            let p = ev.player(no);
            let cells = (0..after as usize)
                .map(|k| {
                    let cum = ct.score_after(i, k + 1).to_string();
                    match ct.entries.get(i).and_then(|e| e.get(k)) {
                        Some(CrosstableEntry::Game(g)) => (
                            ct.players
                                .get(g.opponent)
                                .map_or(String::new(), u32::to_string),
                            if g.first { "先" } else { "后" },
                            cum,
                        ),
                        Some(CrosstableEntry::Bye(_)) => ("轮空".to_string(), "-", cum),
                        _ => ("-".to_string(), "-", cum),
                    }
                })
                .collect();
            let s = by_no.get(&no);
            TableRow {
                no,
                club: p.map_or(String::new(), |p| p.club.clone()),
                name: p.map_or(String::new(), |p| p.name.clone()),
                cells,
                tie_breaks: s.map_or(Vec::new(), |s| tie_break_cells(s)),
                rank: s.map_or(String::new(), |s| shown_rank(s)),
            }
        })
        .collect();
    ResultsTable {
        rounds: (1..=after).collect(),
        rows,
    }
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
    let view = blocking(move || {
        let st = ev.standings(None);
        let staged = ev.staged();
        // a staged event ranks overall only across several stages (as `xq event standings`)
        let ranking = if staged && ev.stages.len() < 2 {
            Vec::new()
        } else {
            st.iter().map(|s| rank_row(&ev, s, !staged)).collect()
        };
        let mut groups = Vec::new();
        if staged {
            for (i, stage) in ev.stages.iter().enumerate() {
                if stage.groups.is_empty() {
                    continue;
                }
                let score = if stage.system.is_knockout() {
                    "胜场"
                } else {
                    "积分"
                };
                for (g, rows) in ev.stage_standings(i).iter().enumerate() {
                    let title = if stage.groups.len() > 1 {
                        format!(
                            "{} {} ({}) {} {}",
                            tr.stage,
                            i + 1,
                            stage.name,
                            char::from_u32('A' as u32 + g as u32).unwrap_or('?'),
                            tr.group
                        )
                    } else {
                        format!("{} {} ({})", tr.stage, i + 1, stage.name)
                    };
                    groups.push(GroupBlock {
                        title,
                        score_name: score,
                        rows: rows.iter().map(|s| rank_row(&ev, s, false)).collect(),
                    });
                }
            }
        }
        let round_robin = !staged && ev.config.pairing_system().is_ok_and(|p| p.predetermined);
        let table = (!staged && !round_robin).then(|| results_table(&ev, &st));
        let grid = round_robin.then(|| cross_grid(&ev, &st));
        let after = ev.complete_rounds();
        (ev, ranking, groups, table, grid, after)
    })
    .await;
    let Some((ev, ranking, groups, table, grid, after)) = view else {
        return error_page(
            &desk,
            &headers,
            lang,
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error".into(),
        );
    };
    let mut page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{}/standings", url(&id)),
        format!("{} · {}", tr.standings, ev.name),
    )
    .for_event(&id, &ev);
    page.landscape = table.as_ref().is_some_and(|t| t.rounds.len() > 4)
        || grid.as_ref().is_some_and(|g| g.rows.len() > 10);
    let after_text = match lang {
        Lang::Zh => format!("第 {after} 轮后"),
        Lang::En => format!("after round {after}"),
    };
    render(
        StatusCode::OK,
        &StandingsPage {
            ranking_title: if ev.staged() {
                tr.overall.to_string()
            } else {
                tr.standings.to_string()
            },
            page,
            after_text,
            score_name: score_name(&ev),
            chain: if ev.staged() {
                Vec::new()
            } else {
                chain_names(&ev)
            },
            ranking,
            groups,
            table,
            grid,
        },
    )
}

struct BoardRow {
    board: u32,
    bracket: String,
    red: u32,
    red_name: String,
    red_score: String,
    black: u32,
    black_name: String,
    black_score: String,
    shown: String,
    raw: String,
    fouls: bool,
    red_fouls: u32,
    black_fouls: u32,
    focus: bool,
}

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage {
    page: Page,
    id: String,
    round: u32,
    paired: u32,
    stage: String,
    boards: Vec<BoardRow>,
    byes: Vec<String>,
    notes: Vec<String>,
    single_game: bool,
    flash: Option<String>,
    error: Option<String>,
    error_board: u32,
}

/// What the round page says above its table.
enum Notice {
    /// Nothing.
    None,
    /// A result was entered.
    Saved(String),
    /// A result for this board was refused, with this message; the result typed is shown
    /// again in its field.
    Refused(u32, String, String),
}

/// The round page, or `None` if the round is not paired.
fn round_view(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    ev: &Event,
    round: u32,
    notice: Notice,
) -> Option<RoundPage> {
    let (flash, error) = match notice {
        Notice::None => (None, None),
        Notice::Saved(m) => (Some(m), None),
        Notice::Refused(b, m, typed) => (None, Some((b, m, typed))),
    };
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let before = ev.crosstable(round - 1);
    let score = |no: u32| {
        before
            .players
            .iter()
            .position(|&n| n == no)
            .map_or(Points::ZERO, |i| before.score(i))
            .to_string()
    };
    let name = |no: u32| ev.player(no).map_or(String::new(), |p| p.name.clone());
    let games = ev.games_in_round(r);
    let focus = error.as_ref().map(|(b, _, _)| *b).or_else(|| {
        r.boards
            .iter()
            .find(|b| b.result.is_none())
            .map(|b| b.board)
    });
    let boards = r
        .boards
        .iter()
        .map(|b| BoardRow {
            board: b.board,
            bracket: b.bracket.clone().unwrap_or_default(),
            red: b.red,
            red_name: name(b.red),
            red_score: score(b.red),
            black: b.black,
            black_name: name(b.black),
            black_score: score(b.black),
            shown: b
                .result
                .as_deref()
                .map_or(String::new(), |s| result_colon(s, ev.config.points, games)),
            raw: match &error {
                Some((eb, _, typed)) if *eb == b.board => typed.clone(),
                _ => b.result.clone().unwrap_or_default(),
            },
            fouls: b.red_fouls + b.black_fouls > 0,
            red_fouls: b.red_fouls,
            black_fouls: b.black_fouls,
            focus: focus == Some(b.board),
        })
        .collect();
    let tr = lang.tr();
    let page = Page::new(
        desk,
        headers,
        lang,
        &format!("/e/{}/round/{round}", url(id)),
        format!("{} {round} {} · {}", tr.round_pre, tr.round_post, ev.name),
    )
    .for_event(id, ev);
    let (error_board, error) = match error {
        Some((b, e, _)) => (b, Some(e)),
        None => (0, None),
    };
    Some(RoundPage {
        page,
        id: id.to_string(),
        round,
        paired: ev.paired.len() as u32,
        stage: stage_name(ev, r.stage, lang.tr()),
        boards,
        byes: r
            .bye
            .iter()
            .chain(&r.byes)
            .map(|&b| format!("{b} {}", name(b)))
            .collect(),
        notes: r.notes.clone(),
        single_game: games == 1,
        flash,
        error,
        error_board,
    })
}

async fn round_page(
    r: EventRequest,
    Path((_, round)): Path<(String, String)>,
    Query(q): Query<Q>,
) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let flash =
        q.ok.as_deref()
            .and_then(|b| b.parse::<u32>().ok())
            .map(|b| match lang {
                Lang::Zh => format!("第 {b} 台结果{}", lang.tr().saved),
                Lang::En => format!("board {b}: result {}", lang.tr().saved),
            });
    match round.parse::<u32>().ok().and_then(|r| {
        round_view(
            &desk,
            &headers,
            lang,
            &id,
            &ev,
            r,
            flash.map_or(Notice::None, Notice::Saved),
        )
    }) {
        Some(p) => render(StatusCode::OK, &p),
        None => error_page(
            &desk,
            &headers,
            lang,
            StatusCode::NOT_FOUND,
            format!("{id}: round {round} is not paired"),
        ),
    }
}

/// The fields of a result form.
#[derive(Deserialize)]
struct ResultForm {
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
}

/// The fields of the pair form.
#[derive(Deserialize)]
struct PairForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
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

/// A refusal of the store, worded as the CLI words it: `FILE: message`.
pub(crate) fn refusal(id: &str, path: &std::path::Path, e: UpdateError<EventError>) -> String {
    match e {
        UpdateError::Store(e) => e.to_string().replace(&path.display().to_string(), id),
        UpdateError::Rejected(e) => format!("{id}: {e}"),
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
        return Err(Box::new(error_page(
            desk,
            headers,
            lang,
            StatusCode::FORBIDDEN,
            e.to_string(),
        )));
    }
    event_path(desk, id).ok_or_else(|| {
        Box::new(error_page(
            desk,
            headers,
            lang,
            StatusCode::NOT_FOUND,
            format!("{id}: no such event file"),
        ))
    })
}

async fn enter_result(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path((id, round, board)): Path<(String, u32, u32)>,
    Form(f): Form<ResultForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
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
        Err(e) => Err(e),
        Ok(fouls) => {
            let force = f.force.is_some();
            let id2 = id.clone();
            let p2 = path.clone();
            blocking(move || {
                Store::<Event>::new(path)
                    .update(|ev| ev.set_result(round, board, &result, fouls, force))
                    .map_err(|e| refusal(&id2, &p2, e))
            })
            .await
            .unwrap_or_else(|| Err("internal error".into()))
            .map(|_| ())
        }
    };
    match outcome {
        Ok(()) => Redirect::to(&format!(
            "/e/{}/round/{round}?lang={}&ok={board}#b{board}",
            url(&id),
            lang.code()
        ))
        .into_response(),
        Err(msg) => {
            // show the round again with the message beside the board
            let (_, ev) = match load(&desk, &headers, lang, &id).await {
                Ok(x) => x,
                Err(r) => return r,
            };
            match round_view(
                &desk,
                &headers,
                lang,
                &id,
                &ev,
                round,
                Notice::Refused(board, msg.clone(), typed),
            ) {
                Some(p) => render(StatusCode::BAD_REQUEST, &p),
                None => error_page(&desk, &headers, lang, StatusCode::BAD_REQUEST, msg),
            }
        }
    }
}

async fn pair(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<PairForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let path = match writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let id2 = id.clone();
    let p2 = path.clone();
    let outcome = blocking(move || {
        Store::<Event>::new(path)
            .update(|ev| ev.pair_next().map(|r| r.round))
            .map_err(|e| refusal(&id2, &p2, e))
    })
    .await
    .unwrap_or_else(|| Err("internal error".into()));
    match outcome {
        Ok(round) => Redirect::to(&format!(
            "/e/{}/round/{round}?lang={}",
            url(&id),
            lang.code()
        ))
        .into_response(),
        Err(msg) => match load(&desk, &headers, lang, &id).await {
            Ok((_, ev)) => render(
                StatusCode::BAD_REQUEST,
                &event_view(&desk, &headers, lang, &id, &ev, Some(msg)),
            ),
            Err(r) => r,
        },
    }
}
