//! Managing an event at the desk: 退出比赛, a requested bye, a late entry, a team's line-up; and
//! creating one ([`create`]: 新建比赛, the same code and refusals as `xq event new`).
//!
//! Every write goes through the event store and the desk's POST checks
//! ([`writable`](crate::app::writable) / [`authorize`](crate::app::authorize)); a refusal is
//! the CLI's message and leaves the file as it was.

pub(crate) mod create;

use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use xiangqi::event::create::parse_player;
use xiangqi::event::{Event, EventError, Store};

use crate::app::{
    Desk, EventRequest, Page, Shared, blocking, load, refusal_in, render, url, whole_number,
    writable,
};
use crate::words::{Lang, ManageWords as Words};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/new", get(create::new_page).post(create::create))
        .route("/e/{id}/manage", get(manage_page))
        .route("/e/{id}/withdraw", post(withdraw))
        .route("/e/{id}/bye", post(bye))
        .route("/e/{id}/add", post(add))
        .route("/e/{id}/lineup", post(lineup))
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

/// A change of the manage page: what to do with the event, and the message when it is done.
type Change = Box<dyn FnOnce(&mut Event) -> Result<String, EventError> + Send>;

/// Runs a manage POST: the desk's checks, then `change` under the store's lock; back to the
/// manage page with the message, or the page again with the refusal (the file unchanged).
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
        Err(e) => Err(e),
        Ok(change) => {
            let (id2, p2) = (id.clone(), path.clone());
            blocking(move || {
                Store::<Event>::new(path)
                    .update(change)
                    .map_err(|e| refusal_in(lang, &id2, &p2, e))
            })
            .await
            .unwrap_or_else(|| Err("internal error".into()))
        }
    };
    match outcome {
        Ok(msg) => Redirect::to(&format!(
            "/e/{}/manage?lang={}&ok={}",
            url(&id),
            lang.code(),
            url(&format!("{id}: {msg}"))
        ))
        .into_response(),
        Err(msg) => match load(&desk, lang, &id).await {
            Ok((_, ev)) => render(
                StatusCode::BAD_REQUEST,
                &manage_view(&desk, &headers, lang, &id, &ev, None, Some(msg)),
            ),
            Err(r) => r,
        },
    }
}

/// A required whole number of a manage form.
fn required(field: &str, v: &str) -> Result<u32, String> {
    whole_number(field, v)
}

async fn withdraw(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let change = required("player", &f.no).map(|no| -> Change {
        Box::new(move |ev: &mut Event| {
            let after = ev.withdraw(no)?;
            Ok(format!(
                "player {no} withdraws after round {after}; never paired again"
            ))
        })
    });
    apply(desk, headers, id, &f, change).await
}

async fn bye(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let change = required("player", &f.no).and_then(|no| {
        let round = required("--round", &f.round)?;
        Ok(Box::new(move |ev: &mut Event| {
            ev.request_bye(no, round)?;
            Ok(format!("player {no} is not paired in round {round}"))
        }) as Change)
    });
    apply(desk, headers, id, &f, change).await
}

async fn add(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let line = f.player.replace(['\t', '，'], ",");
    let change = parse_player(line.trim())
        .map_err(|e| e.to_string())
        .map(|e| -> Change {
            Box::new(move |ev: &mut Event| {
                let no = ev.add_late(&e.name, &e.club, e.rating)?;
                Ok(format!("{} enters late as number {no}", e.name))
            })
        });
    apply(desk, headers, id, &f, change).await
}

async fn lineup(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let change = (|| {
        let (round, board) = match f.board.split_once('/') {
            Some((r, b)) => (required("round", r)?, required("board", b)?),
            None => (required("round", &f.round)?, required("board", &f.board)?),
        };
        let team = required("--team", &f.team)?;
        let members = f
            .members
            .replace('，', ",")
            .split([',', ' '])
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(|m| required("--members", m))
            .collect::<Result<Vec<u32>, String>>()?;
        Ok(Box::new(move |ev: &mut Event| {
            ev.set_lineup(round, board, team, &members)?;
            Ok(format!(
                "round {round} board {board}: team {team} line-up {}",
                members
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ))
        }) as Change)
    })();
    apply(desk, headers, id, &f, change).await
}
