//! The standings: 名次 (with the tie-break chain), the 成绩表 of a Swiss, the cross table of a
//! round robin, and each group's table of a staged event.

use askama::Template;
use axum::Router;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use xiangqi::event::Event;
use xiangqi::event::export::{chain_names, fmt_value, score_name};
use xiangqi::scheduling::tiebreak::CrosstableEntry;
use xiangqi::scheduling::{Points, Standing};

use super::events::stage_label;
use crate::app::{EventRequest, Page, Shared, blocking, refuse, render, url};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new().route("/e/{id}/standings", get(standings_page))
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
                            stage_label(stage, tr),
                            char::from_u32('A' as u32 + g as u32).unwrap_or('?'),
                            tr.group
                        )
                    } else {
                        format!("{} {} ({})", tr.stage, i + 1, stage_label(stage, tr))
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
        return refuse(lang, StatusCode::INTERNAL_SERVER_ERROR, "internal error");
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
    let after_text = (tr.after_round)(after);
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
