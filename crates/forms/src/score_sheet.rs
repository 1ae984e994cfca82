//! 象棋比赛积分编排表 (seed 002, the second table): 编号, 姓名, per round 对手号 and the round's
//! 积分, 总分, 小分, 违例次数, 名次.

use std::collections::HashMap;

use xiangqi_event::Event;
use xiangqi_scheduling::tiebreak::{CrosstableEntry, Standing, TieBreakContext, criterion};

use crate::results_table::cn_number;
use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::fmt_value;
use crate::words::{absence, event_line, outcome, shown_rank};

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

/// The most rounds one printed part of the table holds: seed 002's table has "一般为7到13轮";
/// a longer event (a 40-player round robin's 39 rounds) prints in parts of at most this many
/// rounds, each part with 编号 姓名 in front and 总分 小分 违例次数 名次 behind.
pub const ROUNDS_PER_PART: usize = 13;

/// Body rows on one printed page (two head rows, 7.5 pt, A4 landscape; at 13 rounds a 对手号
/// cell such as `12+` may take two lines, so 40 rows spill: checked by printing).
const ROWS_PER_PAGE: usize = 30;

impl ScoreSheet {
    /// How many parts of columns the printed table takes (1 up to 13 rounds).
    pub fn column_parts(&self) -> usize {
        self.rounds.len().div_ceil(ROUNDS_PER_PART).max(1)
    }

    /// The printed sheet (landscape): one long table up to 13 rounds; beyond, parts of rounds
    /// (rows of 30 a page, each part on its own page, its rounds named in the heading).
    pub fn sheet(&self) -> Sheet {
        let parts = self.column_parts();
        let n = self.rounds.len();
        let per = n.div_ceil(parts);
        // a last part of fewer rounds is padded with empty columns (one set of widths)
        let head_of = |rounds: &[u32]| {
            let pad = per.saturating_sub(rounds.len());
            let mut top = vec![Head::tall("编号", 2), Head::tall("姓名", 2)];
            top.extend(
                rounds
                    .iter()
                    .map(|r| Head::wide(format!("第{}轮", cn_number(*r)), 2)),
            );
            top.extend((0..pad).map(|_| Head::wide("", 2)));
            top.extend(["总分", "小分", "违例次数", "名次"].map(|h| Head::tall(h, 2)));
            let second: Vec<Head> = rounds
                .iter()
                .flat_map(|_| [Head::one("对手号"), Head::one("积分")])
                .chain((0..2 * pad).map(|_| Head::one("")))
                .collect();
            if rounds.is_empty() {
                vec![top]
            } else {
                vec![top, second]
            }
        };
        let row_of = |r: &ScoreSheetRow, from: usize, to: usize| {
            let mut c = vec![r.no.to_string(), r.name.clone()];
            for (o, p) in &r.rounds[from.min(r.rounds.len())..to.min(r.rounds.len())] {
                c.push(o.clone());
                c.push(p.clone());
            }
            c.extend((0..2 * per.saturating_sub(to - from)).map(|_| String::new()));
            c.extend([
                r.total.clone(),
                r.sonneborn_berger.clone(),
                r.fouls.clone(),
                r.rank.clone(),
            ]);
            c
        };
        let mut widths = vec![3.0, 6.0];
        widths.extend(std::iter::repeat_n(3.0, 2 * per));
        widths.extend([3.0, 3.5, 3.0, 3.0]);
        let (blocks, long_table, per_page) = if parts <= 1 {
            let block = Block {
                heading: String::new(),
                head: head_of(&self.rounds),
                rows: self.rows.iter().map(|r| row_of(r, 0, n)).collect(),
                foot: Vec::new(),
            };
            (vec![block], true, ROWS_PER_PAGE)
        } else {
            // the row chunks in order, each in all its parts: a page per part
            let mut blocks = Vec::new();
            for chunk in self.rows.chunks(ROWS_PER_PAGE) {
                for p in 0..parts {
                    let (from, to) = (p * per, ((p + 1) * per).min(n));
                    blocks.push(Block {
                        heading: format!(
                            "（第 {} 部分，共 {parts} 部分）第{}至{}轮",
                            p + 1,
                            cn_number(self.rounds[from]),
                            cn_number(self.rounds[to - 1])
                        ),
                        head: head_of(&self.rounds[from..to]),
                        rows: chunk.iter().map(|r| row_of(r, from, to)).collect(),
                        foot: Vec::new(),
                    });
                }
            }
            (blocks, false, 1)
        };
        Sheet {
            title: "象棋比赛积分编排表".into(),
            caption: vec![self.event.clone()],
            widths,
            long_table,
            blocks,
            notes: vec!["编排长：                    裁判长：".into()],
            layout: Layout {
                landscape: true,
                font_pt: 7.5,
                per_page,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;

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
        assert!(sheet.long_table);
        assert_eq!(t.column_parts(), 1);
    }

    /// A 40-player round robin's 39 rounds: three parts of 13 rounds, 30 rows a page, every
    /// block with as many cells as widths, every round's cells printed once a row.
    #[test]
    fn thirty_nine_rounds_print_in_three_parts_of_thirteen() {
        let row = |no: u32| ScoreSheetRow {
            no,
            name: format!("棋手{no}"),
            rounds: (1..=39).map(|r| (r.to_string(), "1".to_string())).collect(),
            total: "39".into(),
            sonneborn_berger: "0".into(),
            fouls: "0".into(),
            rank: no.to_string(),
        };
        let t = ScoreSheet {
            event: "赛".into(),
            rounds: (1..=39).collect(),
            rows: (1..=40).map(row).collect(),
        };
        assert_eq!(t.column_parts(), 3);
        let s = t.sheet();
        assert!(!s.long_table);
        // rows 1–30 in three parts, then rows 31–40 in three parts
        assert_eq!(s.blocks.len(), 6);
        assert_eq!(s.pages(), 6);
        assert_eq!(s.blocks[0].heading, "（第 1 部分，共 3 部分）第一至十三轮");
        assert_eq!(
            s.blocks[2].heading,
            "（第 3 部分，共 3 部分）第二十七至三十九轮"
        );
        assert_eq!(s.blocks[3].rows[0][1], "棋手31");
        for b in &s.blocks {
            assert!(b.rows.iter().all(|r| r.len() == s.widths.len()));
            let cols: usize = b.head[0].iter().map(|h| h.cols).sum();
            assert_eq!(cols, s.widths.len());
            assert_eq!(b.head[1].len(), 26);
        }
        // each round's opponent printed once across the parts of a row
        let opponents: Vec<&String> = s.blocks[..3]
            .iter()
            .flat_map(|b| b.rows[0][2..28].iter().step_by(2))
            .collect();
        let want: Vec<String> = (1..=39).map(|r| r.to_string()).collect();
        assert_eq!(opponents, want.iter().collect::<Vec<_>>());
    }
}
