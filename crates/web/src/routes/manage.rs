//! Managing an event at the desk: 退出比赛, a requested bye, a late entry, a team's line-up; and
//! creating one ([`create`]: 新建比赛, the same code and refusals as `xq event new`).
//!
//! Every write goes through the event store and the desk's POST checks
//! ([`writable`](crate::app::writable) / [`authorize`](crate::app::authorize)); a refusal is
//! the CLI's message and leaves the file as it was.

pub(crate) mod corrections;
pub(crate) mod create;
mod history;
pub(crate) mod result_step;

use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use xiangqi::event::create::parse_player;
use xiangqi::event::{Edit, Event, EventError};

use crate::app::{
    Desk, EventRequest, Page, Refused, Shared, edit, opt_version, refused_again, render,
    stale_page, url, whole_number, writable, writer,
};
use crate::words::CorrectionWords;
use crate::words::corrections::what;
use crate::words::{Lang, ManageWords as Words};
use corrections::{Correction, confirm_page, finish_at, label, said};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/new", get(create::new_page).post(create::create))
        .route("/e/{id}/manage", get(manage_page))
        .route("/e/{id}/withdraw", post(withdraw))
        .route("/e/{id}/bye", post(bye))
        .route("/e/{id}/add", post(add))
        .route("/e/{id}/lineup", post(lineup))
        .route("/e/{id}/correct", get(corrections::corrections_page))
        .route("/e/{id}/history", get(history::history_page))
        .route("/e/{id}/arbiter", post(history::set_arbiter))
        .route("/e/{id}/unpair", post(corrections::unpair))
        .route("/e/{id}/pair-by-hand", post(corrections::pair_by_hand))
        .route("/e/{id}/swap", post(corrections::swap))
        .route("/e/{id}/edit-player", post(corrections::edit_player))
        .route("/e/{id}/reinstate", post(corrections::reinstate))
        .route("/e/{id}/rename", post(corrections::rename))
        .route("/e/{id}/undo", post(history::undo))
        .route("/e/{id}/delete", post(history::delete))
}

fn words(lang: Lang) -> &'static Words {
    lang.manage()
}
// ---------------------------------------------------------------------------------------------
// 管理

/// The query of the manage page (besides `lang`): the change just made.
#[derive(Deserialize, Default)]
struct MQ {
    ok: Option<String>,
}

/// The fields of the manage forms.
#[derive(Deserialize, Default)]
struct ManageForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    /// The event version the page showed.
    #[serde(default, deserialize_with = "opt_version")]
    version: Option<u64>,
    #[serde(default)]
    no: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    team: String,
    #[serde(default)]
    members: String,
    #[serde(default)]
    player: String,
}

struct PlayerOpt {
    no: u32,
    label: String,
    withdrawn: bool,
    /// What the arbiter recorded: 退出, requested byes, a late entry.
    notes: String,
}

struct MatchOpt {
    round: u32,
    board: u32,
    label: String,
}

#[derive(Template)]
#[template(path = "manage.html")]
struct ManagePage {
    page: Page,
    w: &'static Words,
    id: String,
    /// The event's version (the forms' hidden `version`).
    version: u64,
    players: Vec<PlayerOpt>,
    next_round: u32,
    team_event: bool,
    late_entries: bool,
    matches: Vec<MatchOpt>,
    teams: Vec<PlayerOpt>,
    lineups: String,
    /// Some player has a note (the notes table is shown).
    any_notes: bool,
    flash: Option<String>,
    error: Option<String>,
}

fn manage_view(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    ev: &Event,
    flash: Option<String>,
    error: Option<String>,
) -> ManagePage {
    let w = words(lang);
    let page = Page::new(
        desk,
        headers,
        lang,
        &format!("/e/{}/manage", url(id)),
        format!("{} · {}", w.manage, ev.name),
    )
    .for_event(id, ev);
    let opt = |p: &xiangqi::event::Player| PlayerOpt {
        no: p.no,
        label: if p.club.is_empty() {
            format!("{} {}", p.no, p.name)
        } else {
            format!("{} {} ({})", p.no, p.name, p.club)
        },
        withdrawn: p.withdrawn.is_some(),
        notes: {
            let mut n = Vec::new();
            if let Some(r) = p.withdrawn {
                n.push((w.withdrew_after)(r));
            }
            if !p.bye_requests.is_empty() {
                n.push((w.requested_byes)(&p.bye_requests));
            }
            if let Some(r) = p.late {
                n.push((w.late_from)(r));
            }
            n.join("；")
        },
    };
    let team_event = ev.config.team_boards > 0;
    let name = |no: u32| ev.player(no).map_or(no.to_string(), |p| p.name.clone());
    let matches = if team_event {
        ev.paired
            .iter()
            .flat_map(|r| {
                r.boards
                    .iter()
                    .filter(|b| b.result.is_none())
                    .map(|b| MatchOpt {
                        round: r.round,
                        board: b.board,
                        label: format!(
                            "{} {} · {} {} · {} – {}",
                            w.round,
                            r.round,
                            w.board,
                            b.board,
                            name(b.red),
                            name(b.black)
                        ),
                    })
            })
            .collect()
    } else {
        Vec::new()
    };
    let lineups = if team_event {
        ev.paired
            .last()
            .and_then(|r| ev.lineup_form(r.round))
            .unwrap_or_default()
    } else {
        String::new()
    };
    let players: Vec<PlayerOpt> = ev.players.iter().map(opt).collect();
    ManagePage {
        page,
        w,
        id: id.to_string(),
        version: ev.version(),
        any_notes: players.iter().any(|p| !p.notes.is_empty()),
        players,
        next_round: ev.paired.len() as u32 + 1,
        team_event,
        late_entries: !ev.staged() && ev.config.pairing_system().is_ok_and(|s| !s.predetermined),
        matches,
        teams: if team_event {
            ev.players.iter().map(opt).collect()
        } else {
            Vec::new()
        },
        lineups,
        flash,
        error,
    }
}

async fn manage_page(r: EventRequest, Query(q): Query<MQ>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    render(
        StatusCode::OK,
        &manage_view(&desk, &headers, lang, &id, &ev, q.ok, None),
    )
}

/// A change of the manage page: what to do with the event, as the history records it.
type Change = Box<dyn FnOnce(&mut Edit<'_>) -> Result<(), EventError> + Send>;

/// The manage page again with a refusal (400); the file is as it was.
pub(crate) async fn refused_page(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    msg: String,
) -> Response {
    refused_again(desk, lang, id, |ev| {
        manage_view(desk, headers, lang, id, ev, None, Some(msg))
    })
    .await
}

/// Runs a manage POST: the desk's checks, then `change` under the store's lock, recorded in the
/// history as the desk's arbiter (refused if the event changed since the form's version); back
/// to the manage page with what was done, or the page again with the refusal (the file
/// unchanged).
async fn apply(
    desk: Shared,
    headers: HeaderMap,
    id: String,
    f: &ManageForm,
    change: Result<Change, String>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let path = match writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let outcome = match change {
        Err(e) => Err(Refused::Message(e)),
        Ok(change) => edit(lang, path, &id, writer(&headers, f.version), change).await,
    };
    let back = format!("/e/{}/manage?lang={}", url(&id), lang.code());
    match outcome {
        Ok(done) => Redirect::to(&format!(
            "{back}&ok={}",
            url(&format!("{id}：{}", what(lang, &done.what)))
        ))
        .into_response(),
        Err(Refused::Stale { seen, now, since }) => {
            stale_page(&desk, &headers, lang, &id, (seen, now, &since), &back)
        }
        Err(Refused::Message(msg)) => refused_page(&desk, &headers, lang, &id, msg).await,
    }
}

/// A required whole number of a manage form.
fn required(lang: Lang, field: &str, v: &str) -> Result<u32, String> {
    whole_number(lang, field, v)
}

async fn bye(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let change = required(lang, "player", &f.no).and_then(|no| {
        let round = required(lang, "--round", &f.round)?;
        Ok(Box::new(move |e: &mut Edit<'_>| e.request_bye(no, round)) as Change)
    });
    apply(desk, headers, id, &f, change).await
}

async fn add(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let line = f.player.replace(['\t', '，'], ",");
    let change = parse_player(line.trim())
        .map_err(|e| lang.pick(e.zh(), e.to_string()))
        .map(|e| -> Change {
            Box::new(move |ed: &mut Edit<'_>| ed.add_late(&e.name, &e.club, e.rating).map(|_| ()))
        });
    apply(desk, headers, id, &f, change).await
}

async fn lineup(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let change = (|| {
        let (round, board) = match f.board.split_once('/') {
            Some((r, b)) => (required(lang, "round", r)?, required(lang, "board", b)?),
            None => (
                required(lang, "round", &f.round)?,
                required(lang, "board", &f.board)?,
            ),
        };
        let team = required(lang, "--team", &f.team)?;
        let members = f
            .members
            .replace('，', ",")
            .split([',', ' '])
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(|m| required(lang, "--members", m))
            .collect::<Result<Vec<u32>, String>>()?;
        Ok(Box::new(move |e: &mut Edit<'_>| e.set_lineup(round, board, team, &members)) as Change)
    })();
    apply(desk, headers, id, &f, change).await
}

/// 退出比赛: no default player (an empty choice is refused), and a confirmation naming the
/// player; back to the manage page.
pub(crate) async fn withdraw(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = &r;
    let w = CorrectionWords::of(c.lang);
    let no = match f.no.trim() {
        "" => Err(format!("{}：{}", w.player, w.choose)),
        s => whole_number::<u32>(c.lang, "player", s),
    };
    let no = match no {
        Ok(n) => n,
        Err(e) => return refused_page(desk, headers, c.lang, id, e).await,
    };
    if f.confirm.is_none() {
        let Some(p) = c.ev.player(no) else {
            let msg = match c.lang {
                Lang::Zh => format!("{id}：{no} 号棋手：没有这名棋手"),
                Lang::En => format!("{id}: player {no}: no such player"),
            };
            return refused_page(desk, headers, c.lang, id, msg).await;
        };
        let mut page = confirm_page(desk, headers, c, id, "withdraw", f, &[("no", &f.no)]);
        page.lines.push((w.withdraw_will)(&label(p)));
        page.back = format!("/e/{}/manage?lang={}", url(id), c.lang.code());
        return page.respond();
    }
    let out = r.edit(move |ev| ev.withdraw(no)).await;
    let to = format!("/e/{}/manage?lang={}", url(id), c.lang.code());
    match out {
        Err(Refused::Message(msg)) => refused_page(desk, headers, c.lang, id, msg).await,
        out => finish_at(desk, headers, c.lang, id, out.map(said(c.lang)), &to).await,
    }
}
