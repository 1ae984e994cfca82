//! The bracket (对阵图) of a knockout stage: winners' and losers' brackets, the finals, byes and
//! the champion, drawn as SVG boxes (each box's score is the match's 场分 from
//! [`forms::bracket`], its games on hover), then the model's 对阵表 with every match, its games,
//! the play-offs and the 第三名决赛 — the form `xq event export --form bracket` prints.

use askama::Template;
use axum::Router;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use std::collections::HashMap;

use xiangqi::event::forms;
use xiangqi::event::forms::bracket::match_score;
use xiangqi::event::{Event, StageSystem};
use xiangqi::scheduling::knockout;

use crate::app::{EventRequest, Page, Shared, Shown, render, url};
use crate::words::{Lang, ManageWords as Words};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new().route("/e/{id}/bracket", get(bracket_page))
}

fn words(lang: Lang) -> &'static Words {
    lang.manage()
}
// ---------------------------------------------------------------------------------------------
// 对阵图

/// One side of a match box.
struct Side {
    text: String,
    won: bool,
}

/// A match (or a bye) drawn in the bracket.
struct MatchBox {
    x: u32,
    y: u32,
    top: Side,
    bottom: Side,
    result: String,
    /// The games of the match (shown on hover).
    games: String,
    /// The players in it (to join it with the match its winner plays next).
    players: Vec<u32>,
    winner: Option<u32>,
}

/// One bracket (胜者组, 败者组, 决赛): columns of matches and the lines joining them.
struct BracketView {
    title: String,
    width: u32,
    height: u32,
    heads: Vec<(u32, String)>,
    boxes: Vec<MatchBox>,
    lines: Vec<String>,
}

#[derive(Template)]
#[template(path = "bracket.html")]
struct BracketPage {
    page: Page,
    w: &'static Words,
    brackets: Vec<BracketView>,
    message: Option<String>,
    box_w: u32,
    box_h: u32,
    half_h: u32,
    /// The 对阵表 of the same matches.
    table: Option<Shown>,
}

const BOX_W: u32 = 200;
const BOX_H: u32 = 48;
const GAP_X: u32 = 56;
const GAP_Y: u32 = 18;
const HEAD_H: u32 = 28;

/// Which bracket a board's label puts it in: 0 winners', 1 losers', 2 the finals (grand
/// finals; a single knockout's third-place match).
fn section(label: Option<&str>) -> usize {
    match label {
        None | Some("W") => 0,
        Some("L") => 1,
        _ => 2,
    }
}

/// The name of a column of a seeded bracket: 决赛, 半决赛, 1/4 决赛, else 第 k 轮 (the bracket's
/// own rounds, which a double knockout's losers' rounds do not count).
fn bracket_round_name(k: usize, of: usize, lang: Lang) -> String {
    match (of - k, lang) {
        (1, Lang::Zh) => "决赛".into(),
        (2, Lang::Zh) => "半决赛".into(),
        (3, Lang::Zh) => "1/4 决赛".into(),
        (_, Lang::Zh) => format!("第 {} 轮", k + 1),
        (1, Lang::En) => "Final".into(),
        (2, Lang::En) => "Semi-finals".into(),
        (3, Lang::En) => "Quarter-finals".into(),
        (_, Lang::En) => format!("Round {}", k + 1),
    }
}

/// The whole seeded (winners') bracket of knockout stage `si`, drawn from the draw on: every
/// column to the final, each match between the winners of the two it is fed by (待定 until they
/// are known), byes in the first column, results and winners as they come in.
fn seeded_bracket(
    ev: &Event,
    si: usize,
    who: &dyn Fn(u32) -> String,
    w: &Words,
    lang: Lang,
) -> Option<BracketView> {
    let order = ev.stages.get(si)?.entrants();
    if order.len() < 2 {
        return None;
    }
    let slots: Vec<Option<u32>> = knockout::bracket_slots(order.len() as u32)
        .into_iter()
        .map(|s| s.and_then(|s| order.get(s as usize - 1).copied()))
        .collect();
    // the winners' bracket games played so far: the pair → (red, result, winner)
    let mut played: HashMap<(u32, u32), (u32, String, Option<u32>)> = HashMap::new();
    for r in &ev.paired {
        if r.stage.unwrap_or(1) as usize != si + 1 || r.playoff.is_some() {
            continue;
        }
        for b in r
            .boards
            .iter()
            .filter(|b| section(b.bracket.as_deref()) == 0)
        {
            let key = (b.red.min(b.black), b.red.max(b.black));
            played.insert(
                key,
                (
                    b.red,
                    b.result.clone().unwrap_or_default(),
                    ev.knockout_winner(r.round, b.board),
                ),
            );
        }
    }
    let mut pairs: Vec<(Option<u32>, Option<u32>)> = slots
        .chunks(2)
        .map(|c| (c[0], c.get(1).copied().flatten()))
        .collect();
    let columns = pairs.len().trailing_zeros() as usize + 1;
    let body = pairs.len() as u32 * (BOX_H + GAP_Y);
    let mut heads = Vec::new();
    let mut boxes: Vec<MatchBox> = Vec::new();
    let mut lines = Vec::new();
    let mut before: Vec<(u32, u32)> = Vec::new(); // the previous column's boxes: (x, centre y)
    let mut pairs_winner: Option<Option<u32>> = None; // the last column's one winner
    for c in 0..columns {
        let x = c as u32 * (BOX_W + GAP_X) + 4;
        heads.push((x, bracket_round_name(c, columns, lang)));
        let mut winners = Vec::new();
        let mut here = Vec::new();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let centre = if c == 0 {
                HEAD_H + i as u32 * (BOX_H + GAP_Y) + (BOX_H + GAP_Y) / 2
            } else {
                (before[2 * i].1 + before[2 * i + 1].1) / 2
            };
            let side = |p: Option<u32>, won: bool| Side {
                text: p.map_or(w.to_be_decided.to_string(), who),
                won,
            };
            let (mut a, mut b) = (a, b);
            let (result, winner, bottom_text) = match (a, b) {
                (Some(p), None) if c == 0 => (String::new(), Some(p), Some(w.bye_mark)),
                (Some(p), Some(q)) => match played.get(&(p.min(q), p.max(q))) {
                    Some((red, res, win)) => {
                        // red on top, as the result is written (1-0: red won)
                        if *red == q {
                            (a, b) = (b, a);
                        }
                        (res.clone(), *win, None)
                    }
                    None => (String::new(), None, None),
                },
                _ => (String::new(), None, None),
            };
            let mut bottom = side(b, winner.is_some() && winner == b);
            if let Some(t) = bottom_text {
                bottom.text = t.to_string();
            }
            boxes.push(MatchBox {
                x,
                y: centre - BOX_H / 2,
                top: side(a, winner.is_some() && winner == a),
                bottom,
                games: result.clone(),
                result: match_score(Some(&result).filter(|r| !r.is_empty()).map(|r| r.as_str())),
                players: [a, b].into_iter().flatten().collect(),
                winner,
            });
            if c > 0 {
                for &(fx, fy) in &before[2 * i..2 * i + 2] {
                    let (x1, xm) = (fx + BOX_W, fx + BOX_W + GAP_X / 2);
                    lines.push(format!("M{x1} {fy}H{xm}V{centre}H{x}"));
                }
            }
            here.push((x, centre));
            winners.push(winner);
        }
        before = here;
        pairs_winner = (winners.len() == 1).then(|| winners[0]);
        pairs = winners
            .chunks(2)
            .map(|c| (c[0], c.get(1).copied().flatten()))
            .collect();
    }
    // a single knockout's final decides the champion (冠军); a double knockout's winners'
    // bracket final does not
    let single = ev.stages.get(si)?.system == StageSystem::Knockout;
    if let (true, Some(Some(champion)), Some(head)) = (single, pairs_winner, heads.last_mut()) {
        head.1 = format!("{} · {}：{}", head.1, w.champion, who(champion));
    }
    let width = columns as u32 * (BOX_W + GAP_X);
    Some(BracketView {
        title: String::new(),
        width: width + 8,
        height: HEAD_H + body + 4,
        heads,
        boxes,
        lines,
    })
}

/// The brackets of every knockout stage of `ev`.
fn brackets(ev: &Event, w: &Words, lang: Lang) -> Vec<BracketView> {
    let who = |no: u32| {
        ev.player(no)
            .map_or(no.to_string(), |p| format!("{no} {}", p.name))
    };
    let mut out = Vec::new();
    for (si, stage) in ev.stages.iter().enumerate() {
        if !stage.system.is_knockout() {
            continue;
        }
        let double = stage.system == StageSystem::DoubleKnockout;
        // columns per section: (round, boxes)
        let mut cols: [Vec<(u32, Vec<MatchBox>)>; 3] = Default::default();
        for r in &ev.paired {
            if r.stage.unwrap_or(1) as usize != si + 1 || r.playoff.is_some() {
                continue;
            }
            let mut per: [Vec<MatchBox>; 3] = Default::default();
            for b in &r.boards {
                let winner = ev.knockout_winner(r.round, b.board);
                let sec = section(b.bracket.as_deref());
                per[sec].push(MatchBox {
                    x: 0,
                    y: 0,
                    top: Side {
                        text: who(b.red),
                        won: winner == Some(b.red),
                    },
                    bottom: Side {
                        text: who(b.black),
                        won: winner == Some(b.black),
                    },
                    result: match_score(b.result.as_deref()),
                    games: b.result.clone().unwrap_or_default(),
                    players: vec![b.red, b.black],
                    winner,
                });
            }
            for no in r.bye.iter().chain(&r.byes) {
                // a double knockout's bye is in the bracket the player last played in
                let sec = if cols[1]
                    .iter()
                    .any(|(_, bx)| bx.iter().any(|m| m.players.contains(no)))
                {
                    1
                } else {
                    0
                };
                per[sec].push(MatchBox {
                    x: 0,
                    y: 0,
                    top: Side {
                        text: who(*no),
                        won: true,
                    },
                    bottom: Side {
                        text: w.bye_mark.to_string(),
                        won: false,
                    },
                    result: String::new(),
                    games: String::new(),
                    players: vec![*no],
                    winner: Some(*no),
                });
            }
            for (sec, boxes) in per.into_iter().enumerate() {
                if !boxes.is_empty() {
                    cols[sec].push((r.round, boxes));
                }
            }
        }
        let titles = [
            w.winners,
            w.losers,
            if double { w.finals } else { w.third_place },
        ];
        let mut seeded = seeded_bracket(ev, si, &who, w, lang);
        for (sec, columns) in cols.into_iter().enumerate() {
            let title = if ev.stages.len() > 1 && (double || sec > 0) {
                format!("{} · {}", stage.name, titles[sec])
            } else if ev.stages.len() > 1 {
                stage.name.clone()
            } else if double || sec == 2 {
                titles[sec].to_string()
            } else {
                String::new()
            };
            if sec == 0
                && let Some(view) = seeded.take()
            {
                out.push(BracketView { title, ..view });
                continue;
            }
            if columns.is_empty() {
                continue;
            }
            let mut columns = columns;
            // from the last round back: the matches feeding one match stand together, in the
            // order of the matches they feed
            for c in (1..columns.len()).rev() {
                let (before, after) = columns.split_at_mut(c);
                let next = &after[0].1;
                let feeds = |m: &MatchBox| {
                    m.winner
                        .and_then(|w| next.iter().position(|n| n.players.contains(&w)))
                        .or_else(|| {
                            next.iter()
                                .position(|n| n.players.iter().any(|p| m.players.contains(p)))
                        })
                        .unwrap_or(usize::MAX)
                };
                before[c - 1].1.sort_by_key(|m| feeds(m));
            }
            let tallest = columns.iter().map(|(_, b)| b.len()).max().unwrap_or(1) as u32;
            let body = tallest * (BOX_H + GAP_Y);
            let height = HEAD_H + body;
            let width = columns.len() as u32 * (BOX_W + GAP_X);
            let mut heads = Vec::new();
            let mut placed: Vec<Vec<MatchBox>> = Vec::new();
            for (c, (round, mut boxes)) in columns.into_iter().enumerate() {
                let x = c as u32 * (BOX_W + GAP_X) + 4;
                heads.push((x, (w.round_n)(round)));
                let k = boxes.len() as u32;
                let slot = body / k;
                for (i, b) in boxes.iter_mut().enumerate() {
                    b.x = x;
                    b.y = HEAD_H + i as u32 * slot + (slot - BOX_H) / 2;
                }
                placed.push(boxes);
            }
            // a line from each decided match to the match its winner plays next
            let mut lines = Vec::new();
            for c in 1..placed.len() {
                for b in &placed[c - 1] {
                    let Some(win) = b.winner else { continue };
                    if let Some(n) = placed[c].iter().find(|n| n.players.contains(&win)) {
                        let (x1, y1) = (b.x + BOX_W, b.y + BOX_H / 2);
                        let (x2, y2) = (n.x, n.y + BOX_H / 2);
                        let xm = x1 + GAP_X / 2;
                        lines.push(format!("M{x1} {y1}H{xm}V{y2}H{x2}"));
                    }
                }
            }
            out.push(BracketView {
                title,
                width: width + 8,
                height: height + 4,
                heads,
                boxes: placed.into_iter().flatten().collect(),
                lines,
            });
        }
    }
    out
}

async fn bracket_page(r: EventRequest) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let w = words(lang);
    let mut page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{}/bracket", url(&id)),
        format!("{} · {}", w.bracket, ev.name),
    )
    .for_event(&id, &ev);
    page.landscape = true;
    let brackets = brackets(&ev, w, lang);
    let table = (!brackets.is_empty()).then(|| {
        let mut s = Shown::new(
            "bracket",
            forms::bracket(&ev).sheet(),
            format!("/e/{}/print/bracket", url(&id)),
        );
        s.newpage = true;
        s
    });
    let message = if !ev.stages.iter().any(|s| s.system.is_knockout()) {
        Some(w.no_bracket.to_string())
    } else if brackets.is_empty() {
        Some(w.nothing_yet.to_string())
    } else {
        None
    };
    render(
        StatusCode::OK,
        &BracketPage {
            page,
            w,
            brackets,
            message,
            box_w: BOX_W,
            box_h: BOX_H,
            half_h: BOX_H / 2,
            table,
        },
    )
}
