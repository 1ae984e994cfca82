//! The live console of a board (对局记录台): the arbiter's `xq game` in a browser, for one board
//! of an event round, at `/e/{id}/round/{round}/board/{board}/live`.
//!
//! The board's game log lives at a fixed place beside the event file (see [`board_log`]):
//! `{event dir}/{event file stem}-games/r{round}b{board}.pgn`. While there is none, the page
//! offers to start the game, which creates it as `xq game new LOG --event ../EVENT --round N
//! --board B` does (names and ruleset from the event, time control from the ruleset). Then it
//! shows the position (the project's SVG board), both clocks as the log records them, the moves,
//! the game's state (pending 提和 offer, 封棋 adjournment, result and reason), every ruling of
//! the log, and a form for every `xq game` entry: move, offer/accept/decline, claim, 犯规 (kinds
//! 1–8), 违例, time penalty, resignation, flag fall (超时), seal and resume, lateness,
//! discipline and the arbiter's decision.
//!
//! Every POST passes the desk's checks ([`crate::app::writable`]: origin, token, form secret)
//! and goes through [`xiangqi::game::store`] — the very calls `xq game` makes, under the event
//! store's lock with an atomic replace; a refused entry shows the command line's message and
//! leaves the file as it was. When an entry ends the game, its result and 犯规 counts are
//! entered on the board of the event file, as `xq game` enters them.

mod entry;
mod paper;
mod said;
mod view;

use std::path::{Path, PathBuf};

use askama::Template;
use axum::Router;
use axum::extract::{Form, Path as UrlPath, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use serde::Deserialize;
use xiangqi::board::Color;
use xiangqi::diagram::Diagram;
use xiangqi::event::Event;
use xiangqi::game::store::{self, BoardOf, NewGame};
use xiangqi::game::time::format_clock;
use xiangqi::game::words;
use xiangqi::game::{Entry, Game, foul_name};
use xiangqi::movegen::Position;

use crate::app::{self, Page, Shared};
use crate::words::{Lang, LiveWords as Words};
use entry::*;
use view::*;

/// The console's routes: the page (GET) and its entries (POST).
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route(
            "/e/{id}/round/{round}/board/{board}/live",
            get(console).post(enter),
        )
        .merge(paper::routes())
}

/// Where the game log of a board lives: `{event dir}/{event file stem}-games/r{round}b{board}.pgn`
/// (for `events/open.toml`, round 2 board 5: `events/open-games/r2b5.pgn`). The log records the
/// event file as `../{event file name}` (relative to the log's folder), as `xq game new` run in
/// that folder with `--event ../{event file name}` records it.
pub(crate) fn board_log(event_file: &Path, round: u32, board: u32) -> PathBuf {
    xiangqi::game::paper::board_log(event_file, round, board)
}

/// The log's path relative to the served folder (the event file's folder), `/`-separated.
fn log_name(event_file: &Path, round: u32, board: u32) -> String {
    let stem = event_file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    format!("{stem}-games/r{round}b{board}.pgn")
}

fn words(lang: Lang) -> &'static Words {
    lang.live()
}

/// The query of the console page.
#[derive(Deserialize, Default)]
struct LiveQuery {
    lang: Option<String>,
    ok: Option<String>,
}

/// What the page says above the board.
enum Said {
    Nothing,
    /// An entry was recorded: show its ruling.
    Recorded,
    /// Refused (or saved with a complaint), with the message and the move typed.
    Refused(String, String),
}

/// The names of the board's players (red, black), or why the board is not paired (the 404
/// page's message, as `xq game new` words it).
fn paired(ev: &Event, id: &str, round: u32, board: u32) -> Result<(String, String), String> {
    let b = ev
        .paired
        .get(round.wrapping_sub(1) as usize)
        .and_then(|r| r.boards.iter().find(|b| b.board == board))
        .ok_or_else(|| format!("{id}: round {round} board {board} is not paired"))?;
    let name = |no: u32| ev.player(no).map_or(String::new(), |p| p.name.clone());
    Ok((name(b.red), name(b.black)))
}

#[allow(clippy::too_many_arguments)]
async fn show(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    round: u32,
    board: u32,
    said: Said,
    status: StatusCode,
) -> Response {
    let (event_path, ev) = match app::load(desk, lang, id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let (red, black) = match paired(&ev, id, round, board) {
        Ok(x) => x,
        Err(m) => return app::refuse(lang, StatusCode::NOT_FOUND, m),
    };
    let w = words(lang);
    let log = board_log(&event_path, round, board);
    let name = log_name(&event_path, round, board);
    if let Err(r) = app::log_inside(desk, lang, &log, &name) {
        return *r;
    }
    // the ruleset a log names is opened only if the desk may open it (before the repair below
    // replays the log)
    let root = ruleset_root(&event_path).to_path_buf();
    let (lp, rp) = (log.clone(), root.clone());
    let allowed = app::blocking(move || match std::fs::read_to_string(&lp) {
        Ok(text) => log_ruleset_allowed(&text, &rp),
        Err(_) => Ok(()),
    })
    .await
    .unwrap_or(Ok(()));
    if let Err(m) = allowed {
        let msg = format!("{name}: {m}");
        return app::refuse(lang, StatusCode::UNPROCESSABLE_ENTITY, msg);
    }
    let (lp, nm, ep) = (log.clone(), name.clone(), event_path.clone());
    // a read repairs: a finished game whose result a crash kept off the board lands now
    let landed = app::blocking(move || store::land(&lp, |_| ep).map_err(|e| e.to_string()))
        .await
        .unwrap_or(Ok(None));
    let mut ev = ev;
    if let Ok(Some(_)) = &landed {
        match app::load(desk, lang, id).await {
            Ok((_, again)) => ev = again,
            Err(r) => return r,
        }
    }
    // a read of the event may have landed it already (any page of the event lands every
    // finished log): told here once all the same
    let landed = match landed {
        Ok(None) => Ok(desk.events.take_landed(&event_path, round, board)),
        other => other,
    };
    let landed = match landed {
        // the store's line is `xq game`'s English: a Chinese page says it in its words
        Ok(Some(line)) => Some(lang.pick(w.landed.to_string(), format!("{}: {line}", w.landed))),
        Ok(None) => None,
        Err(m) => Some(m),
    }
    .map(|m| app::scrub(&app::scrub(&m, &log, &name), &event_path, id));
    let lp = log.clone();
    let loaded = app::blocking(
        move || -> Result<Option<(GameView, String, usize)>, String> {
            match std::fs::read_to_string(&lp) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(format!("{nm}: {e}")),
                Ok(text) => {
                    let (g, rulings) = replay(&text, &root).map_err(|e| format!("{nm}: {e}"))?;
                    // a Chinese page says each entry in its own words, not the engine's English
                    let rulings = match lang {
                        Lang::Zh => said::entry_lines(&g),
                        Lang::En => rulings,
                    };
                    // the last ruling; for a new log, the line `xq game new` prints
                    let last = rulings.last().cloned().unwrap_or_else(|| match lang {
                        Lang::Zh => said::new_line_zh(&nm, &g, w),
                        Lang::En => new_line(&nm, &g),
                    });
                    let seen = g.log().entries.len();
                    Ok(Some((game_view(&g, rulings, w, lang), last, seen)))
                }
            }
        },
    )
    .await
    .unwrap_or_else(|| Err("internal error".into()));
    let (game, last, seen) = match loaded {
        Ok(Some((g, last, seen))) => (Some(g), Some(last), seen),
        Ok(None) => (None, None, 0),
        Err(m) => {
            return app::refuse(
                lang,
                StatusCode::UNPROCESSABLE_ENTITY,
                app::scrub(&m, &log, &name),
            );
        }
    };
    let preview = if game.is_none() {
        let opts = new_game(&event_path, id, round, board);
        let p = app::blocking(move || store::new_header(&opts))
            .await
            .and_then(Result::ok);
        Some(match p {
            Some((h, tc)) => Preview {
                red: h.red,
                black: h.black,
                ruleset: h.ruleset,
                time_control: tc.spec(),
            },
            None => Preview {
                red,
                black,
                ruleset: ev.ruleset.clone(),
                time_control: String::new(),
            },
        })
    } else {
        None
    };
    let event_result = ev
        .paired
        .get(round.wrapping_sub(1) as usize)
        .and_then(|r| r.boards.iter().find(|b| b.board == board))
        .and_then(|b| b.result.clone())
        .unwrap_or_default();
    let action = format!("/e/{}/round/{round}/board/{board}/live", app::url(id));
    let title = format!(
        "{} · {}{board}{} · {}",
        w.title, w.board_pre, w.board_post, ev.name
    );
    let page = Page::new(desk, headers, lang, &action, title).for_event(id, &ev);
    let (flash, error, typed_move) = match said {
        Said::Nothing => (None, None, String::new()),
        Said::Recorded => (last, None, String::new()),
        Said::Refused(m, typed) => (None, Some(m), typed),
    };
    let viewer = format!(
        "/g/{}",
        name.split('/').map(app::url).collect::<Vec<_>>().join("/")
    );
    let fouls = (1..=8u8)
        .map(|k| {
            let zh = w.foul_names[usize::from(k - 1)];
            let text = lang.pick(format!("{k}. {zh}"), format!("{k}. {}", foul_name(k)));
            (k, text)
        })
        .collect();
    app::render(
        status,
        &ConsolePage {
            page,
            w,
            id: id.to_string(),
            round,
            board,
            action,
            log_name: name,
            viewer,
            game,
            preview,
            event_result,
            flash,
            error,
            landed,
            typed_move,
            fouls,
            seen,
        },
    )
}

/// `GET /e/{id}/round/{round}/board/{board}/live`.
async fn console(
    State(desk): State<Shared>,
    headers: HeaderMap,
    UrlPath((id, round, board)): UrlPath<(String, u32, u32)>,
    Query(q): Query<LiveQuery>,
) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    let said = if q.ok.is_some() {
        Said::Recorded
    } else {
        Said::Nothing
    };
    show(
        &desk,
        &headers,
        lang,
        &id,
        round,
        board,
        said,
        StatusCode::OK,
    )
    .await
}

/// `POST /e/{id}/round/{round}/board/{board}/live`: one entry.
async fn enter(
    State(desk): State<Shared>,
    headers: HeaderMap,
    UrlPath((id, round, board)): UrlPath<(String, u32, u32)>,
    Form(f): Form<EntryForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let event_path = match app::writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let log = board_log(&event_path, round, board);
    if let Err(r) = app::log_inside(&desk, lang, &log, &log_name(&event_path, round, board)) {
        return *r;
    }
    let typed = f.mv.clone();
    let seen = f.seen();
    let done = match step(&f, lang) {
        Err(m) => Err(m.into()),
        // an entry for a board whose game was never started: say so, not the file system
        Ok(Step::Change(_)) if !log.exists() => Err(lang.live().no_game_yet.to_string().into()),
        Ok(Step::Start) if lang == Lang::Zh && log.exists() => Err(format!(
            "{}：{}",
            log_name(&event_path, round, board),
            lang.live().game_exists
        )
        .into()),
        Ok(s) => {
            let (ep, idc) = (event_path.clone(), id.clone());
            app::blocking(move || run_step(&ep, &idc, (round, board), (s, seen), lang))
                .await
                .unwrap_or_else(|| Err(lang.internal_error().to_string().into()))
        }
    };
    // messages name the log and the event as the served folder names them
    let log = board_log(&event_path, round, board);
    let name = log_name(&event_path, round, board);
    let clean = |m: String| app::scrub(&app::scrub(&m, &log, &name), &event_path, &id);
    match done {
        Ok(None) => Redirect::to(&format!(
            "/e/{}/round/{round}/board/{board}/live?lang={}&ok=1",
            app::url(&id),
            lang.code()
        ))
        .into_response(),
        Ok(Some(m)) => {
            show(
                &desk,
                &headers,
                lang,
                &id,
                round,
                board,
                Said::Refused(clean(m), String::new()),
                StatusCode::CONFLICT,
            )
            .await
        }
        Err(Refused { message, stale }) => {
            show(
                &desk,
                &headers,
                lang,
                &id,
                round,
                board,
                Said::Refused(clean(message), typed),
                if stale {
                    StatusCode::CONFLICT
                } else {
                    StatusCode::BAD_REQUEST
                },
            )
            .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_lives_beside_the_event_file() {
        assert_eq!(
            board_log(Path::new("/srv/events/open.toml"), 2, 5),
            PathBuf::from("/srv/events/open-games/r2b5.pgn")
        );
        assert_eq!(
            board_log(Path::new("城市赛.toml"), 1, 12),
            PathBuf::from("城市赛-games/r1b12.pgn")
        );
        assert_eq!(
            log_name(Path::new("/srv/events/open.toml"), 2, 5),
            "open-games/r2b5.pgn"
        );
    }

    fn step_en(f: &EntryForm) -> Result<Step, String> {
        step(f, Lang::En)
    }

    #[test]
    fn form_fields_read_as_the_command_line_reads_them() {
        let f = |entry: &str, side: &str| EntryForm {
            entry: entry.into(),
            side: side.into(),
            ..EntryForm::default()
        };
        assert!(matches!(
            step_en(&f("offer", "红")),
            Ok(Step::Change(Change::Apply(Entry::Offer {
                side: Color::Red
            })))
        ));
        assert_eq!(
            step_en(&f("offer", "green")).err().unwrap(),
            "side green: expected red or black"
        );
        let mut m = f("move", "");
        m.mv = " 炮二平五 ".into();
        m.clock = "1:29:50".into();
        assert!(matches!(
            step_en(&m),
            Ok(Step::Change(Change::Apply(Entry::Move { mv, clock: Some(5390) }))) if mv == "炮二平五"
        ));
        m.clock = "90".into();
        assert_eq!(
            step_en(&m).err().unwrap(),
            "--clock 90: expected H:MM:SS (or M:SS), the time left"
        );
        let mut c = f("claim", "black");
        c.kind = "perpetual".into();
        assert_eq!(
            step_en(&c).err().unwrap(),
            "claim perpetual: expected repetition or natural-limit"
        );
        assert!(step_en(&f("dance", "red")).is_err());
        // a Chinese page says it in Chinese
        assert_eq!(
            step(&f("offer", "green"), Lang::Zh).err().unwrap(),
            "哪一方 \"green\"：应为红方或黑方"
        );
    }
}
