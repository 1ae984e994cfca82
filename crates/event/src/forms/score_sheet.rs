//! 象棋比赛积分编排表 (seed 002, the second table): 编号, 姓名, per round 对手号 and the round's
//! 积分, 总分, 小分, 违例次数, 名次.

use std::collections::HashMap;

use xiangqi_scheduling::tiebreak::{CrosstableEntry, Standing, TieBreakContext, criterion};

use super::results_table::cn_number;
use super::{Block, Head, Layout, Sheet, absence, event_line, outcome, shown_rank};
use crate::document::Event;
use crate::export::fmt_value;

/// One player's row of the 象棋比赛积分编排表.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreSheetRow {
    /// 编号.
    pub no: u32,
    /// 姓名.
    pub name: String,
    /// Per complete round: 对手号 (with `+`/`-` for a forfeit, or 轮空 …) and that round's 积分.
    pub rounds: Vec<(String, String)>,
    /// 总分.
    pub total: String,
    /// 小分 (Sonneborn-Berger).
    pub sonneborn_berger: String,
    /// 违例次数 (fouls recorded).
    pub fouls: String,
    /// 名次.
    pub rank: String,
}

/// The 象棋比赛积分编排表.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreSheet {
    /// The event and its 组别.
    pub event: String,
    /// The complete rounds shown.
    pub rounds: Vec<u32>,
    /// Rows by 编号.
    pub rows: Vec<ScoreSheetRow>,
}

/// The 象棋比赛积分编排表 after the complete rounds.
pub fn score_sheet(ev: &Event, st: &[Standing]) -> ScoreSheet {
    let after = ev.complete_rounds();
    let ct = ev.crosstable(after);
    let by_no: HashMap<u32, &Standing> = st.iter().map(|s| (s.no, s)).collect();
    let ctx = TieBreakContext {
        bye_opponent: ev.config.bye_opponent_score,
    };
    let sb = criterion("sonneborn-berger");
    let rows = ct
        .players
        .iter()
        .enumerate()
        .map(|(i, &no)| {
            let mut fouls = 0;
            let rounds = (0..after as usize)
                .map(|k| match &ct.entries[i][k] {
                    CrosstableEntry::Game(g) => {
                        fouls += g.fouls;
                        let mark = ev
                            .paired
                            .get(k)
                            .and_then(|r| r.boards.iter().find(|b| b.red == no || b.black == no))
                            .map_or("", |b| outcome(b, no).mark());
                        (
                            format!("{}{mark}", ct.players[g.opponent]),
                            g.points.to_string(),
                        )
                    }
                    CrosstableEntry::Bye(p) => ("轮空".into(), p.to_string()),
                    CrosstableEntry::None => {
                        (absence(ev, k as u32 + 1, no).to_string(), String::new())
                    }
                })
                .collect();
            let s = by_no.get(&no);
            ScoreSheetRow {
                no,
                name: ev.player(no).map_or(String::new(), |p| p.name.clone()),
                rounds,
                total: ct.score(i).to_string(),
                sonneborn_berger: sb
                    .map_or(String::new(), |c| fmt_value(&(c.compute)(&ct, i, &ctx))),
                fouls: fouls.to_string(),
                rank: s.map_or(String::new(), |s| shown_rank(s)),
            }
        })
        .collect();
    ScoreSheet {
        event: event_line(ev),
        rounds: (1..=after).collect(),
        rows,
    }
}

impl ScoreSheet {
    /// The printed sheet (landscape).
    pub fn sheet(&self) -> Sheet {
        let n = self.rounds.len();
        let mut top = vec![Head::tall("编号", 2), Head::tall("姓名", 2)];
        top.extend(
            self.rounds
                .iter()
                .map(|r| Head::wide(format!("第{}轮", cn_number(*r)), 2)),
        );
        top.extend(["总分", "小分", "违例次数", "名次"].map(|h| Head::tall(h, 2)));
        let second: Vec<Head> = (0..n)
            .flat_map(|_| [Head::one("对手号"), Head::one("积分")])
            .collect();
        let rows = self
            .rows
            .iter()
            .map(|r| {
                let mut c = vec![r.no.to_string(), r.name.clone()];
                for (o, p) in &r.rounds {
                    c.push(o.clone());
                    c.push(p.clone());
                }
                c.extend([
                    r.total.clone(),
                    r.sonneborn_berger.clone(),
                    r.fouls.clone(),
                    r.rank.clone(),
                ]);
                c
            })
            .collect();
        let mut widths = vec![3.0, 6.0];
        widths.extend(std::iter::repeat_n(3.0, 2 * n));
        widths.extend([3.0, 3.5, 3.0, 3.0]);
        Sheet {
            title: "象棋比赛积分编排表".into(),
            caption: vec![self.event.clone()],
            widths,
            long_table: true,
            blocks: vec![Block {
                heading: String::new(),
                head: if n == 0 { vec![top] } else { vec![top, second] },
                rows,
                foot: Vec::new(),
            }],
            notes: vec!["编排长：                    裁判长：".into()],
            layout: Layout {
                landscape: true,
                font_pt: 7.5,
                per_page: 30,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_event::four;

    #[test]
    fn round_points_and_totals() {
        let ev = four();
        let t = score_sheet(&ev, &ev.standings(None));
        let f = &ev.paired[0].boards[1]; // -+
        let black = t.rows.iter().find(|r| r.no == f.black).unwrap();
        assert_eq!(black.rounds[0], (format!("{}+", f.red), "2".to_string()));
        for r in &t.rows {
            let sum: f64 = r
                .rounds
                .iter()
                .map(|(_, p)| p.parse::<f64>().unwrap())
                .sum();
            assert_eq!(fmt_value(&[sum]), r.total);
            assert_eq!(r.fouls, "0");
        }
        let sheet = t.sheet();
        assert_eq!(sheet.blocks[0].rows[0].len(), sheet.widths.len());
    }
}
