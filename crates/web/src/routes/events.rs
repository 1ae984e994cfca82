//! The start page (the events of the folder and the game files), login, the style sheet, an
//! event's overview and "pair the next round".

use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use xiangqi::event::{Edit, Event};
use xiangqi::forms::ranking_names;

use crate::app::Desk;
use crate::app::files::event_files;
use crate::app::{
    EventRequest, Page, Q, Root, Shared, blocking, first_line, load, refuse, render, scrub, url,
    writable,
};
use crate::security;
use crate::words::{Lang, Tr};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/", get(index))
        .route("/login", get(login))
        .route("/assets/desk.css", get(css))
        .route("/e/{id}", get(event_page))
        .route("/e/{id}/pair", post(pair))
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
    mw: &'static crate::words::ManageWords,
    games: Vec<crate::routes::viewer::GameFile>,
    /// The LAN login address as a QR code (for a phone or tablet).
    qr: Option<crate::app::LoginQr>,
}

async fn index(State(desk): State<Shared>, headers: HeaderMap, Query(q): Query<Q>) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    let files = event_files(&desk);
    let desk2 = desk.clone();
    let games = blocking(move || crate::routes::viewer::game_files(&desk2))
        .await
        .unwrap_or_default();
    let d = desk.clone();
    let events = blocking(move || {
        files
            .into_iter()
            // through the desk's memory: a finished game's result is landed first, and an
            // unchanged file is not parsed again
            .map(|(id, path)| match d.events.read(&path) {
                Ok(snap) => {
                    let ev = &snap.doc;
                    EventRow {
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
                    }
                }
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
    let can_write_page = page.can_write;
    render(
        StatusCode::OK,
        &IndexPage {
            page,
            events,
            can_create,
            mw: lang.manage(),
            games,
            qr: crate::app::login_qr(&desk, can_write_page),
        },
    )
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
    mw: &'static crate::words::ManageWords,
    /// The event's version (the pair form's hidden `version`).
    version: u64,
}

fn system_name(ev: &Event, lang: Lang) -> String {
    if ev.staged() {
        ev.stages
            .iter()
            .map(|s| stage_label(s, lang.tr()))
            .collect::<Vec<_>>()
            .join(" → ")
    } else {
        let tr = lang.tr();
        (tr.system_rounds)(&(tr.pairing_system)(&ev.config.pairing.0), ev.rounds)
    }
}

/// A stage as the pages name it: its system in the page's words, after the stage's own name
/// when the arbiter gave it one (the default name is the system's command-line name).
pub(crate) fn stage_label(st: &xiangqi::event::EventStage, tr: &Tr) -> String {
    let system = (tr.stage_system)(st.system);
    if st.name.is_empty() || st.name == st.system.name() {
        system.to_string()
    } else {
        format!(
            "{} ({system})",
            crate::words::default_stage_name(tr, &st.name).unwrap_or(&st.name)
        )
    }
}

pub(crate) fn stage_name(ev: &Event, stage: Option<u32>, tr: &Tr) -> String {
    if !ev.staged() {
        return String::new();
    }
    let s = stage.unwrap_or(1);
    ev.stages
        .get((s as usize).wrapping_sub(1))
        .map_or(format!("{} {s}", tr.stage), |st| {
            format!("{} {s} ({})", tr.stage, stage_label(st, tr))
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
        ev.next_round()
            .err()
            .map(|e| lang.pick(e.zh(), e.to_string()))
    };
    let can_pair = page.can_write && pair_blocked.is_none();
    let any_status = players.iter().any(|p| !p.status.is_empty());
    EventPage {
        page,
        id: id.to_string(),
        ruleset: ev.ruleset.clone(),
        system: system_name(ev, lang),
        chain: ranking_names(ev).join(" → "),
        players,
        rounds,
        can_pair,
        pair_blocked,
        error,
        staged: ev.staged(),
        any_status,
        bracket: ev.stages.iter().any(|s| s.system.is_knockout()),
        mw: lang.manage(),
        version: ev.version(),
    }
}

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

/// The fields of the pair form.
#[derive(Deserialize)]
struct PairForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    /// The event version the page showed.
    #[serde(default, deserialize_with = "crate::app::opt_version")]
    version: Option<u64>,
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
    let outcome = crate::app::edit(
        lang,
        path,
        &id,
        crate::app::writer(&headers, f.version),
        |e: &mut Edit<'_>| e.pair(),
    )
    .await
    .map(|w| w.value);
    match outcome {
        Ok(round) => Redirect::to(&format!(
            "/e/{}/round/{round}?lang={}",
            url(&id),
            lang.code()
        ))
        .into_response(),
        Err(crate::app::Refused::Stale { seen, now, since }) => crate::app::stale_page(
            &desk,
            &headers,
            lang,
            &id,
            (seen, now, &since),
            &format!("/e/{}?lang={}", url(&id), lang.code()),
        ),
        Err(crate::app::Refused::Message(msg)) => match load(&desk, lang, &id).await {
            Ok((_, ev)) => render(
                StatusCode::BAD_REQUEST,
                &event_view(&desk, &headers, lang, &id, &ev, Some(msg)),
            ),
            Err(r) => r,
        },
    }
}

async fn css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("../../assets/desk.css"),
    )
        .into_response()
}

/// `/login?token=T`: sets the token cookie and goes on to the events.
async fn login(State(desk): State<Shared>, Query(q): Query<Q>) -> Response {
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
        _ => refuse(lang, StatusCode::FORBIDDEN, lang.wrong_token()),
    }
}
