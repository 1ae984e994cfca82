//! 编排卡 (seed 002 (六)1): per player 单位, 姓名, 编号 and per round 对手, 先后, 积分, 对手分;
//! withdrawn (退出) and late (未到) rounds and byes (轮空) marked. Printed sixteen to an A4 page.

use std::collections::HashMap;

use xiangqi_event::Event;

use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::fmt_value;
use crate::words::{absence, event_line, outcome};

/// One round on a 编排卡.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardRow {
    /// 轮次.
    pub round: u32,
    /// The opponent's 编号, or 轮空 / 退出 / 未到 / 请假, or empty.
    pub opponent: String,
    /// 先 (red), 后, or empty; `+`/`-` after it for a forfeit.
    pub colour: String,
    /// 积分 after the round, once its results are all in.
    pub points: String,
    /// 对手分 after the round: the opponents' points so far.
    pub opponents: String,
}

/// One player's 编排卡.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// 编号.
    pub no: u32,
    /// 姓名.
    pub name: String,
    /// 单位.
    pub club: String,
    /// One row per round of the event (empty for rounds not yet paired).
    pub rows: Vec<CardRow>,
}

/// The 编排卡 of every player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cards {
    /// The event and its 组别.
    pub event: String,
    /// The cards, by 编号.
    pub cards: Vec<Card>,
}

/// The 编排卡 of every player. A staged event's cards leave 积分 and 对手分 to its stage tables.
pub fn cards(ev: &Event) -> Cards {
    let after: Vec<HashMap<u32, f64>> = if ev.staged() {
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
    let total = ev.rounds.max(ev.paired.len() as u32);
    let cards = ev
        .players
        .iter()
        .map(|p| {
            let mut met: Vec<u32> = Vec::new();
            let rows = (1..=total)
                .map(|round| {
                    let Some(r) = ev.paired.get(round as usize - 1) else {
                        return CardRow {
                            round,
                            opponent: absence_unpaired(ev, round, p.no),
                            colour: String::new(),
                            points: String::new(),
                            opponents: String::new(),
                        };
                    };
                    let board = r.boards.iter().find(|b| b.red == p.no || b.black == p.no);
                    let (opponent, colour) = match board {
                        Some(b) => {
                            let o = if b.red == p.no { b.black } else { b.red };
                            met.push(o);
                            let c = if b.red == p.no { "先" } else { "后" };
                            (o.to_string(), format!("{c}{}", outcome(b, p.no).mark()))
                        }
                        None => (absence(ev, round, p.no).to_string(), String::new()),
                    };
                    let complete = r.boards.iter().all(|b| b.result.is_some());
                    let (points, opponents) =
                        match after.get(round as usize - 1).filter(|_| complete) {
                            Some(pts) => (
                                pts.get(&p.no).map_or(String::new(), |x| fmt_value(&[*x])),
                                fmt_value(&[met.iter().filter_map(|o| pts.get(o)).sum::<f64>()]),
                            ),
                            None => (String::new(), String::new()),
                        };
                    CardRow {
                        round,
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
        .collect();
    Cards {
        event: event_line(ev),
        cards,
    }
}

/// A round not paired yet: 退出 after a withdrawal, 未到 before a late entry, 请假 for a
/// requested bye, else empty.
fn absence_unpaired(ev: &Event, round: u32, no: u32) -> String {
    let p = ev.player(no);
    if p.and_then(|p| p.withdrawn).is_some_and(|w| round > w) {
        "退出".into()
    } else if p.and_then(|p| p.late).is_some_and(|l| round < l) {
        "未到".into()
    } else if p.is_some_and(|p| p.bye_requests.contains(&round)) {
        "请假".into()
    } else {
        String::new()
    }
}

/// The most rounds a half-page-wide 编排卡 holds (two cards side by side, sixteen to a page).
pub const ROUNDS_PER_LINE: usize = 13;

/// The most rounds one line of a page-wide 编排卡 holds: a card of more than 13 rounds (a
/// 40-player round robin's 39) is as wide as the page, and beyond 20 rounds repeats its 轮次
/// line for every further run of rounds, so that a cell holds a 对手分 such as `414.5`.
pub const WIDE_ROUNDS_PER_LINE: usize = 20;

/// Card lines a portrait page holds (at 7 pt, with the title and the gaps between cards).
const LINES_PER_PAGE: usize = 48;

impl Cards {
    /// The printed sheet: one small table per card (rounds across, 对手 / 先后 / 积分 / 对手分
    /// down), sixteen cards to a portrait page up to 13 rounds; beyond, a card the page's width
    /// (a further 轮次 line and its four lines for every 20 rounds), as many to a page as fit.
    pub fn sheet(&self) -> Sheet {
        let rounds = self.cards.first().map_or(0, |c| c.rows.len());
        let wide = rounds > ROUNDS_PER_LINE;
        let runs = if wide {
            rounds.div_ceil(WIDE_ROUNDS_PER_LINE)
        } else {
            1
        };
        let per = rounds.div_ceil(runs).max(1);
        let blocks = self
            .cards
            .iter()
            .map(|c| {
                let mut rows = Vec::new();
                let mut head = Vec::new();
                for (k, run) in c.rows.chunks(per).enumerate() {
                    let pad = per - run.len();
                    let line = |label: &str, f: &dyn Fn(&CardRow) -> String| {
                        let mut v = vec![label.to_string()];
                        v.extend(run.iter().map(f));
                        v.extend((0..pad).map(|_| String::new()));
                        v
                    };
                    if k == 0 {
                        head = line("轮次", &|r| r.round.to_string())
                            .into_iter()
                            .map(Head::one)
                            .collect();
                    } else {
                        // a body line that repeats the head's first cell prints as a head line
                        rows.push(line("轮次", &|r| r.round.to_string()));
                    }
                    rows.extend([
                        line("对手", &|r| r.opponent.clone()),
                        line("先后", &|r| r.colour.clone()),
                        line("积分", &|r| r.points.clone()),
                        line("对手分", &|r| r.opponents.clone()),
                    ]);
                }
                if head.is_empty() {
                    head.push(Head::one("轮次"));
                }
                Block {
                    heading: format!("单位：{}　姓名：{}　编号：{}", c.club, c.name, c.no),
                    head: vec![head],
                    rows,
                    foot: Vec::new(),
                }
            })
            .collect();
        let mut widths = vec![5.0];
        widths.extend(std::iter::repeat_n(3.0, per.min(rounds)));
        Sheet {
            title: "编排卡".into(),
            caption: vec![self.event.clone()],
            widths,
            long_table: false,
            blocks,
            notes: Vec::new(),
            layout: Layout {
                landscape: false,
                font_pt: 7.0,
                // a card is its heading, 轮次 and four lines a run (one column of cards: the
                // renderer sets six or fewer to a page in one column)
                per_page: if wide {
                    (LINES_PER_PAGE / (5 * runs + 2)).clamp(1, 6)
                } else {
                    16
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;

    #[test]
    fn card_rows_for_every_round_with_forfeit_marks() {
        let ev = four();
        let c = cards(&ev);
        assert_eq!(c.cards.len(), 4);
        assert!(c.cards.iter().all(|c| c.rows.len() == 3));
        let f = &ev.paired[0].boards[1]; // -+
        let red = c.cards.iter().find(|c| c.no == f.red).unwrap();
        assert_eq!(red.rows[0].colour, "先-");
        assert_eq!(red.rows[0].opponent, f.black.to_string());
        assert_eq!(red.rows[0].points, "0");
        let black = c.cards.iter().find(|c| c.no == f.black).unwrap();
        assert_eq!(black.rows[0].colour, "后+");
        assert_eq!(black.rows[0].points, "2");
        // round 3 is paired but open: no points yet
        assert!(c.cards.iter().all(|c| c.rows[2].points.is_empty()));
        assert_eq!(c.sheet().blocks.len(), 4);
    }

    #[test]
    fn withdrawn_rounds_are_marked() {
        let mut ev = four();
        ev.rounds = 5;
        ev.players[0].withdrawn = Some(3);
        let c = cards(&ev);
        assert_eq!(c.cards[0].rows.len(), 5);
        assert_eq!(c.cards[0].rows[3].opponent, "退出");
        assert_eq!(c.cards[0].rows[4].opponent, "退出");
        assert_eq!(c.cards[1].rows[3].opponent, "");
    }

    /// 39 rounds: a page-wide card in two runs of 20 and 19 rounds, the second under its own
    /// 轮次 line; every line as many cells as the sheet has widths; four cards a page.
    #[test]
    fn a_39_round_card_prints_page_wide_in_two_runs() {
        let mut ev = four();
        ev.rounds = 39;
        let s = cards(&ev).sheet();
        assert_eq!(s.widths.len(), 21);
        let b = &s.blocks[0];
        assert_eq!(b.head[0].len(), 21);
        assert_eq!(b.head[0][20].text, "20");
        assert_eq!(b.rows.len(), 4 + 5);
        assert_eq!(b.rows[4][0], "轮次");
        assert_eq!(b.rows[4][1], "21");
        assert_eq!(b.rows[4][19], "39");
        assert_eq!(b.rows[4][20], "");
        assert!(b.rows.iter().all(|r| r.len() == 21));
        assert_eq!(s.layout.per_page, 4);
        // 14 to 20 rounds: page-wide, one run, six to a page
        ev.rounds = 20;
        let s = cards(&ev).sheet();
        assert_eq!((s.blocks[0].rows.len(), s.layout.per_page), (4, 6));
        // up to 13 rounds: one run, sixteen to a page, two cards side by side
        ev.rounds = 13;
        let s = cards(&ev).sheet();
        assert_eq!((s.blocks[0].rows.len(), s.layout.per_page), (4, 16));
    }
}
