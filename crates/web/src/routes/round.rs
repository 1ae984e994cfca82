//! A round's 编排记录表 with a result field per board, and its result entry: one board at a time
//! ([`entry`]: the row's form, answered with the row alone when the page's script sends it) or
//! the whole round pasted at once ([`bulk`]).
//!
//! The page is built for a 1,000-board round: a row is its cells and one small form (the result
//! field, its button, the form secret and the event's version); the fouls, the quick buttons and
//! the live console are on the board's own page (the board number links to it).

mod bulk;
mod date;
mod entry;
mod table;

use askama::Template;
use axum::Router;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use xiangqi::event::Event;
use xiangqi::forms::record_result;
use xiangqi::scheduling::Points;

use super::events::stage_name;
use crate::app::{Desk, EventRequest, Page, Q, Shared, refuse, render, url};
use crate::words::{Lang, Tr};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/e/{id}/round/{round}", get(round_page))
        .route(
            "/e/{id}/round/{round}/board/{board}",
            get(entry::board_page).post(entry::enter_result),
        )
        .route("/e/{id}/round/{round}/entry", post(table::enter_table))
        .route("/e/{id}/round/{round}/results", post(bulk::enter_results))
        .route("/e/{id}/round/{round}/date", post(date::set_date))
}

/// One board's row.
pub(crate) struct BoardRow {
    board: u32,
    bracket: String,
    red: u32,
    red_name: String,
    red_score: String,
    black: u32,
    black_name: String,
    black_score: String,
    /// The result as the form prints it (`1:0`), empty without one.
    shown: String,
    /// What the result field holds: the stored result, or what was typed and refused.
    raw: String,
    fouls: bool,
    red_fouls: u32,
    black_fouls: u32,
    /// The page's cursor is in this row's field.
    focus: bool,
    /// Why this board's result was refused (shown in the row).
    message: Option<String>,
    /// The notice of a result just saved (`data-saved`, read by the page's script).
    saved: Option<String>,
}

/// The page's parts a row needs (the row is rendered alone for a partial update).
pub(crate) struct RowContext {
    tr: &'static Tr,
    id: String,
    round: u32,
    lang: &'static str,
    can_write: bool,
    /// The event's version the page showed (every write form carries it).
    version: u64,
    open_only: bool,
}

#[derive(Template)]
#[template(path = "round.html")]
pub(crate) struct RoundPage {
    page: Page,
    cx: RowContext,
    paired: u32,
    stage: String,
    boards: Vec<BoardRow>,
    byes: Vec<String>,
    notes: Vec<String>,
    flash: Option<String>,
    error: Option<String>,
    /// How many boards have no result yet.
    open_count: usize,
    /// The bulk entry's text, preview and refusals ([`bulk`]).
    bulk: bulk::BulkView,
    /// This is the last paired round and another is planned: the page offers 编排下一轮 (shown,
    /// and given the cursor, once every board has its result), so a whole round is entered and
    /// the next one paired from the keyboard.
    pair_next: bool,
    /// The date field's text: the round's date, or what was typed and refused ([`date`]).
    date_typed: String,
    /// The table's columns (`<colgroup>`, [`columns`]).
    cols: String,
    /// Each part's width (its `style`, [`columns`]).
    part_style: String,
}

/// Rows in each part of the round table. Each part is a table of its own, in a box the browser
/// lays out and paints only when it comes near the screen (`content-visibility: auto`), all with
/// the same fixed column widths ([`columns`]) so that they read as one table: a 1,000-board
/// round is 20 parts, of which the browser lays out the first one or two at load.
const PART_ROWS: usize = 50;

impl RoundPage {
    /// The parts of the table ([`PART_ROWS`] rows each); one empty part for a round without
    /// rows to show (its column heads).
    fn parts(&self) -> Vec<&[BoardRow]> {
        if self.boards.is_empty() {
            vec![&[]]
        } else {
            self.boards.chunks(PART_ROWS).collect()
        }
    }
}

/// The width of `text` in em, roughly: a CJK (wide) character 1 em, any other `narrow` em.
fn em(text: &str, narrow: f32) -> f32 {
    use unicode_width::UnicodeWidthChar as _;
    text.chars()
        .map(|c| if c.width() == Some(2) { 1.0 } else { narrow })
        .sum()
}

/// The round table's `<colgroup>`: fixed widths for the board, number, name, score and result
/// columns, from the widest text of each (every part of the table alike, so that the parts line
/// up), the entry column the rest; and the parts' `style` (as wide as the screen, at most what
/// the columns need).
fn columns(boards: &[BoardRow], tr: &Tr, can_write: bool) -> (String, String) {
    // padding (.5 em each side) and the grid line
    const PAD: f32 = 1.1;
    let widest = |f: &dyn Fn(&BoardRow) -> f32| boards.iter().map(f).fold(0.0f32, f32::max);
    // 台次: the board number (at least 2 em, 44 px on a touch screen), the bracket, the link to
    // the live console (44 px on a touch screen)
    let board =
        2.75 + widest(&|b| {
            if b.bracket.is_empty() {
                0.0
            } else {
                0.3 + em(&b.bracket, 0.55) * 0.85
            }
        }) + 0.3
            + (em(tr.live_link, 0.55) * 0.85).max(2.75)
            + PAD;
    let no = widest(&|b| em(&b.red.max(b.black).to_string(), 0.6)).max(2.0) + PAD;
    let name =
        (widest(&|b| em(&b.red_name, 0.62).max(em(&b.black_name, 0.62))).max(2.0) + PAD).min(12.0);
    // 上轮积分 and 比赛结果: their four-character heads, or the result with fouls
    let score = 4.0 + PAD;
    let result = if boards.iter().any(|b| b.fouls) {
        7.0
    } else {
        4.0 + PAD
    };
    let total = board + 2.0 * (no + name + score) + result;
    let col = |w: f32| format!("<col style=\"width:{w:.1}em\">");
    let mut cols = String::from("<colgroup>");
    cols.push_str(&col(board));
    for _ in 0..2 {
        cols.push_str(&col(no));
        cols.push_str(&col(name));
        cols.push_str(&col(score));
    }
    cols.push_str(&col(result));
    if can_write {
        cols.push_str("<col class=\"noprint\">");
    }
    cols.push_str("</colgroup>");
    let max = if can_write { total + 17.0 } else { total };
    (cols, format!("width:100%;max-width:{max:.1}em"))
}

/// One row alone: the answer to a partial update.
#[derive(Template)]
#[template(path = "round_row.html")]
struct RowFragment<'a> {
    cx: &'a RowContext,
    b: &'a BoardRow,
}

/// What the round page says above its table.
pub(crate) enum Notice {
    /// Nothing.
    None,
    /// A notice (a result or results entered).
    Saved(String),
    /// A result for this board was refused, with this message; the result typed is shown
    /// again in its field.
    Refused(u32, String, String),
}

/// The rows of round `round`, or `None` if it is not paired. `focus`: the board whose field
/// has the cursor (by default the first without a result).
pub(crate) fn rows(ev: &Event, round: u32, focus: Option<u32>) -> Option<Vec<BoardRow>> {
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let before = ev.crosstable(round - 1);
    // by number: one look-up per player, not a search of 2,000 per board
    let scores: std::collections::HashMap<u32, Points> = before
        .players
        .iter()
        .enumerate()
        .map(|(i, &no)| (no, before.score(i)))
        .collect();
    let names: std::collections::HashMap<u32, &str> =
        ev.players.iter().map(|p| (p.no, p.name.as_str())).collect();
    let score = |no: u32| scores.get(&no).copied().unwrap_or(Points::ZERO).to_string();
    let name = |no: u32| names.get(&no).copied().unwrap_or("").to_string();
    let games = ev.games_in_round(r);
    let focus = focus.or_else(|| {
        r.boards
            .iter()
            .find(|b| b.result.is_none())
            .map(|b| b.board)
    });
    Some(
        r.boards
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
                shown: shown(ev, b, games),
                raw: b.result.clone().unwrap_or_default(),
                fouls: b.red_fouls + b.black_fouls > 0,
                red_fouls: b.red_fouls,
                black_fouls: b.black_fouls,
                focus: focus == Some(b.board),
                message: None,
                saved: None,
            })
            .collect(),
    )
}

/// A board's result as the 编排记录表 prints it (`1:0`, `0.5:0.5`), a forfeit as the form marks
/// it (`+:-`), never as a played `2:0`; empty without a result.
pub(crate) fn shown(ev: &Event, b: &xiangqi::event::Pairing, games: usize) -> String {
    record_result(ev, b, games).unwrap_or_default()
}

/// What every page of round `round` shows around its content.
pub(crate) fn frame(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    ev: &Event,
    round: u32,
) -> Page {
    let tr = lang.tr();
    let mut page = Page::new(
        desk,
        headers,
        lang,
        &format!("/e/{}/round/{round}", url(id)),
        format!("{} {round} {} · {}", tr.round_pre, tr.round_post, ev.name),
    )
    .for_event(id, ev);
    // the round's own date, where one is recorded, instead of the date of printing
    if let Some(d) = ev.round_date(round) {
        page.date = d.to_string();
    }
    page
}

/// The round page in `page`'s frame ([`frame`]), or `None` if the round is not paired.
pub(crate) fn round_view(
    page: Page,
    id: &str,
    ev: &Event,
    round: u32,
    notice: Notice,
    open_only: bool,
    conflicts: &[xiangqi::game::landing::Conflict],
) -> Option<RoundPage> {
    let (flash, refused) = match notice {
        Notice::None => (None, None),
        Notice::Saved(m) => (Some(m), None),
        Notice::Refused(b, m, typed) => (None, Some((b, m, typed))),
    };
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let mut boards = rows(ev, round, refused.as_ref().map(|(b, _, _)| *b))?;
    let mut error = None;
    if let Some((b, m, typed)) = refused {
        if let Some(row) = boards.iter_mut().find(|r| r.board == b) {
            row.raw = typed;
            row.message = Some(m.clone());
        }
        error = Some(m);
    }
    // a finished game log whose board holds another result: both shown on the board's row
    for c in conflicts.iter().filter(|c| c.log.round == round) {
        if let Some(row) = boards
            .iter_mut()
            .find(|r| r.board == c.log.board && r.message.is_none())
        {
            row.message = Some(conflict_words(page.lang, c));
        }
    }
    let open_count = boards.iter().filter(|b| b.shown.is_empty()).count();
    if open_only {
        boards.retain(|b| b.shown.is_empty() || b.message.is_some());
    }
    let names: std::collections::HashMap<u32, &str> =
        ev.players.iter().map(|p| (p.no, p.name.as_str())).collect();
    let stage = stage_name(ev, r.stage, page.tr);
    let (cols, part_style) = columns(&boards, page.tr, page.can_write);
    Some(RoundPage {
        cx: RowContext {
            tr: page.tr,
            id: id.to_string(),
            round,
            lang: page.lang,
            can_write: page.can_write,
            version: ev.version(),
            open_only,
        },
        page,
        paired: ev.paired.len() as u32,
        stage,
        boards,
        byes: r
            .bye
            .iter()
            .chain(&r.byes)
            .map(|&b| format!("{b} {}", names.get(&b).copied().unwrap_or("")))
            .collect(),
        notes: r.notes.clone(),
        flash,
        error,
        open_count,
        bulk: bulk::BulkView::default(),
        pair_next: round == ev.paired.len() as u32
            && ev.paired.len() < ev.rounds as usize
            && !ev.staged(),
        date_typed: r.date.as_ref().map_or(String::new(), |d| d.to_string()),
        cols,
        part_style,
    })
}

/// The round page's own query: `saved=N` after a paste of N results was saved.
#[derive(serde::Deserialize)]
struct Saved {
    saved: Option<usize>,
    /// `dated=YYYY-MM-DD` (or `-`, cleared) after the round's date was saved.
    dated: Option<String>,
}

/// A log's name as the desk shows it: its folder and file name (never an absolute path).
fn log_shown(log: &std::path::Path) -> String {
    let mut parts: Vec<String> = log
        .components()
        .rev()
        .take(2)
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.reverse();
    parts.join("/")
}

/// A board whose finished game log ended with another result, in the page's language.
fn conflict_words(lang: &str, c: &xiangqi::game::landing::Conflict) -> String {
    let log = log_shown(&c.log.log);
    if lang == "en" {
        format!(
            "the game log {log} ended {}, the board holds {}: check, and correct with 覆盖",
            c.log.result, c.board_result
        )
    } else {
        format!(
            "对局记录 {log} 的结果为 {}，本台记为 {}：请核对，用“覆盖”更正",
            c.log.result, c.board_result
        )
    }
}

/// The finished game logs of event `id` whose board holds another result (as the desk last
/// read the event).
pub(crate) fn conflicts_of(desk: &Desk, id: &str) -> Vec<xiangqi::game::landing::Conflict> {
    crate::app::event_path(desk, id).map_or_else(Vec::new, |p| desk.events.conflicts(&p))
}

async fn round_page(
    r: EventRequest,
    Path((_, round)): Path<(String, String)>,
    Query(q): Query<Q>,
    Query(saved): Query<Saved>,
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
            .map(lang.tr().board_saved)
            .or_else(|| saved.saved.map(lang.tr().bulk_saved))
            .or_else(|| {
                let d = saved.dated.as_deref()?;
                Some((lang.tr().round_date_saved)(if d == "-" { "" } else { d }))
            });
    let open_only = q.open.as_deref() == Some("1");
    match round.parse::<u32>().ok().and_then(|r| {
        round_view(
            frame(&desk, &headers, lang, &id, &ev, r),
            &id,
            &ev,
            r,
            flash.map_or(Notice::None, Notice::Saved),
            open_only,
            &conflicts_of(&desk, &id),
        )
    }) {
        Some(p) => render(StatusCode::OK, &p),
        None => refuse(
            lang,
            StatusCode::NOT_FOUND,
            lang.round_not_paired(&id, round),
        ),
    }
}
