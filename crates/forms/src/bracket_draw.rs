//! The 对阵图 of the knockout stages as a drawing: boxes in columns (a box a match: both
//! players, the winner in bold, the 场分 of the match and of its play-offs (附加赛), the games
//! on hover), the lines from each match to the one its winner plays next, byes, the champion.
//! Laid out here, once: `xq event export --form bracket` prints it above the 对阵表 and the
//! desk shows the same SVG.
//!
//! A single knockout's winners' bracket is drawn from the draw on (every column to the final,
//! 待定 where a player is not known yet); a double knockout's losers' bracket and the finals (and
//! a 第三名决赛) as their rounds are paired.

use std::collections::HashMap;
use std::fmt::Write as _;

use xiangqi_event::Event;
use xiangqi_event::StageSystem;
use xiangqi_scheduling::knockout;

use crate::bracket::match_score;
use crate::html::esc;

/// Box width (px of the drawing).
pub const BOX_W: u32 = 232;
/// Box height.
pub const BOX_H: u32 = 48;
/// Width of a box's score part (the 场分, and the play-offs' under it).
pub const SCORE_W: u32 = 64;
const GAP_X: u32 = 48;
const GAP_Y: u32 = 18;
const HEAD_H: u32 = 28;

/// The words of a drawing (the desk passes its page language's; the printed form is Chinese).
#[derive(Clone, Copy, Debug)]
pub struct DrawWords {
    /// 胜者组.
    pub winners: &'static str,
    /// 败者组.
    pub losers: &'static str,
    /// The finals of a double knockout (决赛).
    pub finals: &'static str,
    /// 第三名决赛.
    pub third_place: &'static str,
    /// 轮空.
    pub bye: &'static str,
    /// 待定 (a place whose player is not known yet).
    pub to_be_decided: &'static str,
    /// 冠军.
    pub champion: &'static str,
    /// 附加赛, before a play-off's score in a box.
    pub playoff: &'static str,
    /// The head of a column of the event's round `n` (第 n 轮).
    pub round_n: fn(u32) -> String,
    /// The head of column `k` of `of` of a seeded bracket (决赛, 半决赛, 1/4 决赛, 第 k 轮).
    pub column: fn(usize, usize) -> String,
}

/// The column heads of a seeded bracket in Chinese: 决赛, 半决赛, 1/4 决赛, else 第 k 轮.
fn column_zh(k: usize, of: usize) -> String {
    match of - k {
        1 => "决赛".into(),
        2 => "半决赛".into(),
        3 => "1/4 决赛".into(),
        _ => format!("第 {} 轮", k + 1),
    }
}

impl DrawWords {
    /// The printed form's words.
    pub const ZH: DrawWords = DrawWords {
        winners: "胜者组",
        losers: "败者组",
        finals: "决赛",
        third_place: "第三名决赛",
        bye: "轮空",
        to_be_decided: "待定",
        champion: "冠军",
        playoff: "附",
        round_n: |r| format!("第 {r} 轮"),
        column: column_zh,
    };
}

/// One side of a match box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxSide {
    /// `代号 姓名`, 轮空 or 待定.
    pub text: String,
    /// The winner of the match.
    pub won: bool,
}

/// A match (or a bye) placed in the drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchBox {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// The player listed first (red in game 1).
    pub top: BoxSide,
    /// The player listed second (or 轮空, 待定).
    pub bottom: BoxSide,
    /// The match's 场分 (`1½:½`, `+:-`), empty while open.
    pub score: String,
    /// The play-offs' 场分, in order (`1:0`), from the first-listed side.
    pub playoffs: Vec<String>,
    /// The games as entered (shown on hover): the match's, then each play-off's after a `|`.
    pub games: String,
    players: Vec<u32>,
    winner: Option<u32>,
}

/// One bracket (胜者组, 败者组, the finals): columns of boxes and the lines joining them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// The bracket's title (empty for a one-stage single knockout's main bracket).
    pub title: String,
    /// Width of the drawing.
    pub(crate) width: u32,
    /// Height of the drawing.
    pub(crate) height: u32,
    /// Column heads: left edge and words.
    pub(crate) heads: Vec<(u32, String)>,
    /// The boxes.
    pub(crate) boxes: Vec<MatchBox>,
    /// SVG path data of the lines from a match to the next.
    pub(crate) lines: Vec<String>,
    /// The word before the play-offs' scores in a box (附).
    pub(crate) playoff_word: &'static str,
}

/// Which bracket a board's label puts it in: 0 winners', 1 losers', 2 the finals (grand
/// finals; a single knockout's third-place match).
fn section(label: Option<&str>) -> usize {
    match label {
        None | Some("W") => 0,
        Some("L") => 1,
        _ => 2,
    }
}

/// The play-offs of stage `si` by the pair of players: their results in order.
fn playoffs(ev: &Event, si: usize) -> HashMap<(u32, u32), Vec<(u32, String)>> {
    let mut out: HashMap<(u32, u32), Vec<(u32, String)>> = HashMap::new();
    for r in &ev.paired {
        if r.stage.unwrap_or(1) as usize != si + 1 || r.playoff.is_none() {
            continue;
        }
        for b in &r.boards {
            out.entry((b.red.min(b.black), b.red.max(b.black)))
                .or_default()
                .push((b.red, b.result.clone().unwrap_or_default()));
        }
    }
    out
}

/// A match box: `red` on top, the play-offs' scores turned to the top player's side.
#[allow(clippy::too_many_arguments)]
fn match_box(
    top: BoxSide,
    bottom: BoxSide,
    red: Option<u32>,
    result: &str,
    extra: &[(u32, String)],
    players: Vec<u32>,
    winner: Option<u32>,
) -> MatchBox {
    let mut games = result.to_string();
    let playoffs = extra
        .iter()
        .filter(|(_, r)| !r.is_empty())
        .map(|(first, r)| {
            let _ = write!(games, " | {r}");
            let s = match_score(Some(r));
            if Some(*first) == red {
                s
            } else {
                // the play-off's red is the match's bottom player: turn the score round
                s.split_once(':')
                    .map_or(s.clone(), |(a, b)| format!("{b}:{a}"))
            }
        })
        .collect();
    MatchBox {
        x: 0,
        y: 0,
        top,
        bottom,
        score: match_score(Some(result).filter(|r| !r.is_empty())),
        playoffs,
        games: games.trim_start_matches(" | ").to_string(),
        players,
        winner,
    }
}

/// The whole seeded (winners') bracket of knockout stage `si`, drawn from the draw on.
fn seeded(
    ev: &Event,
    si: usize,
    who: &dyn Fn(u32) -> String,
    w: &DrawWords,
    extra: &HashMap<(u32, u32), Vec<(u32, String)>>,
) -> Option<Drawing> {
    let order = ev.stages.get(si)?.entrants();
    if order.len() < 2 {
        return None;
    }
    let slots: Vec<Option<u32>> = knockout::bracket_slots(order.len() as u32)
        .into_iter()
        .map(|s| s.and_then(|s| order.get(s as usize - 1).copied()))
        .collect();
    // the winners' bracket matches played so far: the pair → (red, result, winner)
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
            played.insert(
                (b.red.min(b.black), b.red.max(b.black)),
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
    let mut last_winner: Option<Option<u32>> = None;
    for c in 0..columns {
        let x = c as u32 * (BOX_W + GAP_X) + 4;
        heads.push((x, (w.column)(c, columns)));
        let mut winners = Vec::new();
        let mut here = Vec::new();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let centre = if c == 0 {
                HEAD_H + i as u32 * (BOX_H + GAP_Y) + (BOX_H + GAP_Y) / 2
            } else {
                (before[2 * i].1 + before[2 * i + 1].1) / 2
            };
            let side = |p: Option<u32>, won: bool| BoxSide {
                text: p.map_or(w.to_be_decided.to_string(), who),
                won,
            };
            let (mut a, mut b) = (a, b);
            let mut red = None;
            let (result, winner, bye) = match (a, b) {
                (Some(p), None) if c == 0 => (String::new(), Some(p), true),
                (Some(p), Some(q)) => match played.get(&(p.min(q), p.max(q))) {
                    Some((r, res, win)) => {
                        // red on top, as the result is written (1-0: red won)
                        if *r == q {
                            (a, b) = (b, a);
                        }
                        red = Some(*r);
                        (res.clone(), *win, false)
                    }
                    None => (String::new(), None, false),
                },
                _ => (String::new(), None, false),
            };
            let mut bottom = side(b, winner.is_some() && winner == b);
            if bye {
                bottom.text = w.bye.to_string();
            }
            let po = match (a, b) {
                (Some(p), Some(q)) => extra.get(&(p.min(q), p.max(q))),
                _ => None,
            };
            let mut m = match_box(
                side(a, winner.is_some() && winner == a),
                bottom,
                red,
                &result,
                po.map_or(&[][..], Vec::as_slice),
                [a, b].into_iter().flatten().collect(),
                winner,
            );
            m.x = x;
            m.y = centre - BOX_H / 2;
            boxes.push(m);
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
        last_winner = (winners.len() == 1).then(|| winners[0]);
        pairs = winners
            .chunks(2)
            .map(|c| (c[0], c.get(1).copied().flatten()))
            .collect();
    }
    // a single knockout's final decides the champion (冠军); a double knockout's winners'
    // bracket final does not
    let single = ev.stages.get(si)?.system == StageSystem::Knockout;
    if let (true, Some(Some(champion)), Some(head)) = (single, last_winner, heads.last_mut()) {
        head.1 = format!("{} · {}：{}", head.1, w.champion, who(champion));
    }
    Some(Drawing {
        title: String::new(),
        width: columns as u32 * (BOX_W + GAP_X) + 8,
        height: HEAD_H + body + 4,
        heads,
        boxes,
        lines,
        playoff_word: w.playoff,
    })
}

/// The drawings of every knockout stage of `ev` (none for an event without one).
pub fn drawings(ev: &Event, w: &DrawWords) -> Vec<Drawing> {
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
        let extra = playoffs(ev, si);
        // columns per section: (round, boxes)
        let mut cols: [Vec<(u32, Vec<MatchBox>)>; 3] = Default::default();
        for r in &ev.paired {
            if r.stage.unwrap_or(1) as usize != si + 1 || r.playoff.is_some() {
                continue;
            }
            let mut per: [Vec<MatchBox>; 3] = Default::default();
            for b in &r.boards {
                let winner = ev.knockout_winner(r.round, b.board);
                let side = |no: u32| BoxSide {
                    text: who(no),
                    won: winner == Some(no),
                };
                per[section(b.bracket.as_deref())].push(match_box(
                    side(b.red),
                    side(b.black),
                    Some(b.red),
                    b.result.as_deref().unwrap_or(""),
                    extra
                        .get(&(b.red.min(b.black), b.red.max(b.black)))
                        .map_or(&[][..], Vec::as_slice),
                    vec![b.red, b.black],
                    winner,
                ));
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
                per[sec].push(match_box(
                    BoxSide {
                        text: who(*no),
                        won: true,
                    },
                    BoxSide {
                        text: w.bye.to_string(),
                        won: false,
                    },
                    Some(*no),
                    "",
                    &[],
                    vec![*no],
                    Some(*no),
                ));
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
        let mut seeded = seeded(ev, si, &who, w, &extra);
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
                out.push(Drawing { title, ..view });
                continue;
            }
            if columns.is_empty() {
                continue;
            }
            out.push(Drawing {
                title,
                ..by_rounds(columns, w)
            });
        }
    }
    out
}

/// A bracket drawn from its paired rounds: a column a round, the matches feeding one match
/// together, a line from each decided match to the match its winner plays next.
fn by_rounds(mut columns: Vec<(u32, Vec<MatchBox>)>, w: &DrawWords) -> Drawing {
    // from the last round back: the matches feeding one match stand together, in the order
    // of the matches they feed
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
    let width = columns.len() as u32 * (BOX_W + GAP_X);
    let mut heads = Vec::new();
    let mut placed: Vec<Vec<MatchBox>> = Vec::new();
    for (c, (round, mut boxes)) in columns.into_iter().enumerate() {
        let x = c as u32 * (BOX_W + GAP_X) + 4;
        heads.push((x, (w.round_n)(round)));
        let slot = body / boxes.len().max(1) as u32;
        for (i, b) in boxes.iter_mut().enumerate() {
            b.x = x;
            b.y = HEAD_H + i as u32 * slot + (slot - BOX_H) / 2;
        }
        placed.push(boxes);
    }
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
    Drawing {
        title: String::new(),
        width: width + 8,
        height: HEAD_H + body + 4,
        heads,
        boxes: placed.into_iter().flatten().collect(),
        lines,
        playoff_word: w.playoff,
    }
}

impl Drawing {
    /// The drawing as an SVG element (`class="bracket"`, its own styles): the desk's page and
    /// the printed form show this very element. `label` names it for screen readers.
    pub fn svg(&self, label: &str) -> String {
        let (bw, bh, half, sx) = (BOX_W, BOX_H, BOX_H / 2, BOX_W - SCORE_W);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg class=\"bracket\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{label}\">\
<style>svg.bracket text {{ font-size: 13px; }} svg.bracket rect {{ fill: #fff; stroke: #222; stroke-width: 1; }} \
svg.bracket line {{ stroke: #999; stroke-width: 1; }} svg.bracket path.link {{ fill: none; stroke: #222; stroke-width: 1.5; }} \
svg.bracket text.head, svg.bracket text.won {{ font-weight: bold; }} svg.bracket text.po {{ font-size: 10px; }}</style>",
            w = self.width,
            h = self.height,
            label = esc(format!("{label} {}", self.title).trim()),
        );
        for (x, t) in &self.heads {
            let _ = write!(
                s,
                "<text x=\"{x}\" y=\"18\" class=\"head\">{}</text>",
                esc(t)
            );
        }
        for l in &self.lines {
            let _ = write!(s, "<path d=\"{l}\" class=\"link\"/>");
        }
        s.push('\n');
        for m in &self.boxes {
            let class = |won: bool| if won { "won" } else { "side" };
            let _ = write!(
                s,
                "<g class=\"match\" transform=\"translate({x} {y})\"><rect width=\"{bw}\" height=\"{bh}\" rx=\"3\"/>\
<line x1=\"0\" y1=\"{half}\" x2=\"{sx}\" y2=\"{half}\"/><line x1=\"{sx}\" y1=\"0\" x2=\"{sx}\" y2=\"{bh}\"/>\
<text x=\"6\" y=\"17\" class=\"{c1}\">{t1}</text><text x=\"6\" y=\"41\" class=\"{c2}\">{t2}</text>",
                x = m.x,
                y = m.y,
                c1 = class(m.top.won),
                t1 = esc(&m.top.text),
                c2 = class(m.bottom.won),
                t2 = esc(&m.bottom.text),
            );
            if !m.games.is_empty() {
                let _ = write!(s, "<title>{}</title>", esc(&m.games));
            }
            let mid = sx + SCORE_W / 2;
            if m.playoffs.is_empty() {
                if !m.score.is_empty() {
                    let _ = write!(
                        s,
                        "<text x=\"{mid}\" y=\"29\" class=\"res\" text-anchor=\"middle\">{}</text>",
                        esc(&m.score)
                    );
                }
            } else {
                // the match's score above, the play-offs' under it, a line each
                let _ = write!(
                    s,
                    "<text x=\"{mid}\" y=\"17\" class=\"res\" text-anchor=\"middle\">{}</text>",
                    esc(&m.score)
                );
                for (k, line) in m.playoff_lines(self.playoff_word).iter().enumerate() {
                    let _ = write!(
                        s,
                        "<text x=\"{mid}\" y=\"{}\" class=\"res po\" text-anchor=\"middle\">{}</text>",
                        31 + 12 * k,
                        esc(line)
                    );
                }
            }
            s.push_str("</g>\n");
        }
        s.push_str("</svg>");
        s
    }
}

/// The drawings packed into portrait A4 pages, in order: a drawing wider than the page (190 mm,
/// some 718 px at 96 px an inch) is scaled to its width; a page holds some 860 px of height
/// (its title and caption aside), with a heading line over each drawing.
pub fn pages(drawings: &[Drawing]) -> Vec<Vec<&Drawing>> {
    const PAGE_W: f32 = 718.0;
    const PAGE_H: f32 = 860.0;
    const HEADING: f32 = 30.0;
    let mut pages: Vec<Vec<&Drawing>> = Vec::new();
    let mut used = PAGE_H;
    for d in drawings {
        let h = d.height as f32 * (PAGE_W / d.width as f32).min(1.0) + HEADING;
        if used + h > PAGE_H || pages.is_empty() {
            pages.push(Vec::new());
            used = 0.0;
        }
        used += h;
        if let Some(p) = pages.last_mut() {
            p.push(d);
        }
    }
    pages
}

/// The width of a text in px as a box draws it: 13 px a CJK character, 7.5 px any other.
#[cfg(test)]
fn text_px(t: &str) -> f32 {
    t.chars()
        .map(|c| if c.is_ascii() { 7.5 } else { 13.0 })
        .sum()
}

impl MatchBox {
    /// The play-offs' lines of the box, at most two: `附 1:0`, `附 ½:½` (a third play-off and
    /// more on the second line).
    pub fn playoff_lines(&self, word: &str) -> Vec<String> {
        let mut lines: Vec<String> = self
            .playoffs
            .iter()
            .take(2)
            .map(|p| format!("{word} {p}"))
            .collect();
        for p in self.playoffs.iter().skip(2) {
            if let Some(l) = lines.last_mut() {
                l.push(' ');
                l.push_str(p);
            }
        }
        lines
    }

    /// `true` when every text fits its part of the box: the names left of the score part, the
    /// score and the play-offs' lines (drawn at 10 px) inside it.
    #[cfg(test)]
    fn fits(&self, playoff_word: &str) -> bool {
        let names = (BOX_W - SCORE_W - 8) as f32;
        let score = (SCORE_W - 4) as f32;
        text_px(&self.top.text) <= names
            && text_px(&self.bottom.text) <= names
            && text_px(&self.score) <= score
            && self
                .playoff_lines(playoff_word)
                .iter()
                .all(|l| text_px(l) * 10.0 / 13.0 <= score)
    }
}

#[cfg(test)]
mod tests {
    use xiangqi_scheduling::EventConfig;

    use super::*;
    use xiangqi_event::Edit;
    use xiangqi_event::{Entrant, StagePlan};

    /// A knockout of `n` players with names of four characters, two games a match (a 1:1 match
    /// goes to a play-off), played to its end.
    fn played(n: u32, system: StageSystem) -> Event {
        let plan = StagePlan {
            system,
            groups: 1,
            advance: 2,
            final_system: StageSystem::RoundRobin,
            separate_units: false,
            placement: false,
        };
        let entrants = (1..=n)
            .map(|i| Entrant {
                name: format!("棋手甲{i:02}"),
                club: "中国火车头体育协会象棋队".into(),
                rating: None,
            })
            .collect();
        let config = EventConfig {
            games_per_match: 2,
            ..Default::default()
        };
        let mut ev = Event::new_staged("赛", "cn-1987", config, entrants, 1, false, &plan).unwrap();
        while let Ok(r) = Edit::new(&mut ev).pair() {
            let r = ev.paired[r as usize - 1].clone();
            let games = ev.games_in_round(&r);
            for b in &r.boards {
                let res = match (games, b.board % 3) {
                    (1, _) => "1-0".to_string(),
                    (_, 0) => "1-0 0-1".into(),
                    (_, 1) => "1-0 =".into(),
                    _ => "0-1 0-1".into(),
                };
                Edit::new(&mut ev)
                    .enter_result(r.round, b.board, &res, (None, None), false)
                    .unwrap();
            }
        }
        ev
    }

    fn check(ev: &Event) -> Vec<Drawing> {
        let ds = drawings(ev, &DrawWords::ZH);
        assert!(!ds.is_empty());
        for d in &ds {
            for m in &d.boxes {
                assert!(m.fits(d.playoff_word), "{m:?} overflows its box");
                assert!(m.x + BOX_W <= d.width && m.y + BOX_H <= d.height, "{m:?}");
            }
            let svg = d.svg("对阵图");
            assert_eq!(svg.matches("<g class=\"match\"").count(), d.boxes.len());
            assert!(!svg.contains("3rd") && !svg.contains("GF"));
        }
        ds
    }

    #[test]
    fn single_knockouts_of_8_16_32_fit_their_boxes_with_play_offs_and_a_champion() {
        for n in [8, 16, 32] {
            let ev = played(n, StageSystem::Knockout);
            let ds = check(&ev);
            let d = &ds[0];
            // a box a match of the seeded bracket: n/2 + n/4 + … + 1
            assert_eq!(d.boxes.len() as u32, n - 1, "{n}");
            assert_eq!(d.lines.len() as u32, n - 2, "{n}");
            assert!(
                d.heads.last().unwrap().1.contains("冠军："),
                "{:?}",
                d.heads
            );
            // the drawn 1:1 matches show their play-off
            let with_playoff: Vec<&MatchBox> =
                d.boxes.iter().filter(|m| !m.playoffs.is_empty()).collect();
            assert!(!with_playoff.is_empty(), "{n}");
            for m in with_playoff {
                assert_eq!(m.score, "1:1");
                assert!(m.games.contains(" | "), "{}", m.games);
                assert!(m.top.won || m.bottom.won);
            }
            assert!(d.boxes.iter().any(|m| m.score == "1½:½"));
        }
    }

    #[test]
    fn a_double_knockout_draws_both_brackets_and_the_finals() {
        let ev = played(16, StageSystem::DoubleKnockout);
        let ds = check(&ev);
        let titles: Vec<&str> = ds.iter().map(|d| d.title.as_str()).collect();
        assert_eq!(titles, ["胜者组", "败者组", "决赛"]);
        // the losers' bracket: 4 + 4 + 2 + 2 + 1 + 1 matches; the finals one (or two) more
        assert_eq!(ds[1].boxes.len(), 14);
        assert!(!ds[2].boxes.is_empty());
        // the finals share a page with the losers' bracket
        let pages = pages(&ds);
        assert!(pages.len() < ds.len(), "{}", pages.len());
        assert_eq!(pages.iter().map(Vec::len).sum::<usize>(), ds.len());
    }
}
