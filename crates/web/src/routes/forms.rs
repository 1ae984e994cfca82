//! The printed forms and downloads of an event: the score sheets of a round (记录纸), the
//! players' cards, the 队员总分制 unit standings, and the exports (`standings.csv`,
//! `event.json`, `event.trf`).

use askama::Template;
use axum::Router;
use axum::extract::{Path, Query};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use xiangqi::event::export;
use xiangqi::event::export::fmt_value;
use xiangqi::event::{Event, trf};
use xiangqi::scheduling::GameResult;

use super::manage::create::number;
use crate::app::{EventRequest, Page, Shared, blocking, refuse, render, url};
use crate::words::{Lang, ManageWords as Words};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/e/{id}/export/{name}", get(export_file))
        .route("/e/{id}/round/{round}/scoresheets", get(scoresheets_page))
        .route("/e/{id}/cards", get(cards_page))
        .route("/e/{id}/units", get(units_page))
}

fn words(lang: Lang) -> &'static Words {
    lang.manage()
}

/// `/e/{id}/export/{name}`: the event's exports as `xq event export` writes them —
/// `standings.csv` (UTF-8 with a byte-order mark, so that spreadsheet programs read the Chinese
/// names), `event.json` (the whole event), `event.trf` (FIDE's tournament report format) —
/// as downloads.
async fn export_file(r: EventRequest, Path((_, name)): Path<(String, String)>) -> Response {
    let EventRequest { lang, id, ev, .. } = r;
    let file = name.clone();
    let made = blocking(move || {
        let st = ev.standings(None);
        match file.as_str() {
            "standings.csv" => Some((
                export::standings_csv_file(
                    &ev,
                    &st,
                    lang.pick(export::CsvHeaders::Chinese, export::CsvHeaders::English),
                )
                .unwrap_or_else(|e| format!("{e}\n")),
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
        return refuse(
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
        return refuse(
            lang,
            StatusCode::NOT_FOUND,
            lang.round_not_paired(&id, round),
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
// ---------------------------------------------------------------------------------------------
// 队员总分制

/// The query of the units page (besides `lang`): count each unit's best N.
#[derive(Deserialize, Default)]
struct UQ {
    best: Option<String>,
}

struct UnitRow {
    rank: usize,
    unit: String,
    points: String,
    counted: usize,
}

#[derive(Template)]
#[template(path = "units.html")]
struct UnitsPage {
    page: Page,
    w: &'static Words,
    id: String,
    best: String,
    rows: Vec<UnitRow>,
    after: u32,
}

async fn units_page(r: EventRequest, Query(q): Query<UQ>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let best = match number::<usize>("best", q.best.as_deref().unwrap_or("")) {
        Ok(b) => b,
        Err(e) => return refuse(lang, StatusCode::BAD_REQUEST, e),
    };
    let w = words(lang);
    // as `xq event units`: the standings, each member's points to the unit
    let st = ev.standings(None);
    let members: Vec<(String, f64)> = st
        .iter()
        .filter_map(|s| ev.player(s.no).map(|p| (p.club.clone(), s.points)))
        .collect();
    let rows = xiangqi::scheduling::team::member_totals(&members, best)
        .into_iter()
        .enumerate()
        .map(|(i, (unit, pts, k))| UnitRow {
            rank: i + 1,
            unit,
            points: format!("{pts}"),
            counted: k,
        })
        .collect();
    let page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{}/units", url(&id)),
        format!("{} · {}", w.units, ev.name),
    )
    .for_event(&id, &ev);
    render(
        StatusCode::OK,
        &UnitsPage {
            page,
            w,
            id,
            best: best.map_or(String::new(), |b| b.to_string()),
            rows,
            after: ev.complete_rounds(),
        },
    )
}
