//! 循环赛成绩表: a round robin's table, every player against every other (a double round robin
//! adds both games' points in one cell), with 积分, the chain and 名次.

use std::collections::HashMap;

use xiangqi_scheduling::Points;
use xiangqi_scheduling::tiebreak::{Crosstable, CrosstableEntry, Standing};

use super::results_table::chain_width;
use super::{Block, Head, Layout, Sheet, event_line, shown_rank, tie_break_cells};
use crate::document::Event;
use crate::export::{chain_names, fmt_value, score_name};

/// One player's row of the 循环赛成绩表.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossRow {
    /// 代号.
    pub no: u32,
    /// 单位.
    pub club: String,
    /// 姓名.
    pub name: String,
    /// Per opponent (same order as the rows): the points scored against them; `None` on the
    /// diagonal, empty while unplayed.
    pub cells: Vec<Option<String>>,
    /// 积分.
    pub points: String,
    /// The chain's values.
    pub tie_breaks: Vec<String>,
    /// 名次.
    pub rank: String,
}

/// The 循环赛成绩表.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossTable {
    /// 循环赛成绩表, or with its group: 循环赛成绩表（第1阶段 A组）.
    pub title: String,
    /// The event and its 组别.
    pub event: String,
    /// 积分 or 场分.
    pub score_name: &'static str,
    /// The chain's Chinese names.
    pub chain: Vec<String>,
    /// Rows by 代号.
    pub rows: Vec<CrossRow>,
}

/// The 循环赛成绩表 from the complete rounds.
pub fn cross_table(ev: &Event, st: &[Standing]) -> CrossTable {
    cross_table_of(ev, &ev.crosstable(ev.complete_rounds()), st)
}

/// The 循环赛成绩表 of the players of `ct` (a group's crosstable: games against others left
/// out), ranked by `st`.
pub fn cross_table_of(ev: &Event, ct: &Crosstable, st: &[Standing]) -> CrossTable {
    let mut order: Vec<usize> = (0..ct.players.len()).collect();
    order.sort_by_key(|&i| ct.players[i]);
    let at: HashMap<usize, usize> = order.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let by_no: HashMap<u32, &Standing> = st.iter().map(|s| (s.no, s)).collect();
    let rows = order
        .iter()
        .map(|&i| {
            let no = ct.players[i];
            let mut cells: Vec<Option<Points>> = vec![None; order.len()];
            for e in ct.entries.get(i).into_iter().flatten() {
                if let CrosstableEntry::Game(g) = e
                    && let Some(&k) = at.get(&g.opponent)
                {
                    *cells[k].get_or_insert(Points::ZERO) += g.points;
                }
            }
            let p = ev.player(no);
            let s = by_no.get(&no);
            CrossRow {
                no,
                club: p.map_or(String::new(), |p| p.club.clone()),
                name: p.map_or(String::new(), |p| p.name.clone()),
                cells: (0..order.len())
                    .map(|k| {
                        (order[k] != i).then(|| cells[k].map_or(String::new(), |c| c.to_string()))
                    })
                    .collect(),
                points: s.map_or(String::new(), |s| fmt_value(&[s.points])),
                tie_breaks: s.map_or(Vec::new(), |s| tie_break_cells(s)),
                rank: s.map_or(String::new(), |s| shown_rank(s)),
            }
        })
        .collect();
    CrossTable {
        title: "循环赛成绩表".into(),
        event: event_line(ev),
        score_name: score_name(ev),
        chain: chain_names(ev),
        rows,
    }
}

impl CrossTable {
    /// The printed sheet (landscape; the diagonal cell is `╲`).
    pub fn sheet(&self) -> Sheet {
        let n = self.rows.len();
        let mut head = vec![Head::one("代号"), Head::one("单位"), Head::one("姓名")];
        head.extend(self.rows.iter().map(|r| Head::one(r.no.to_string())));
        head.push(Head::one(self.score_name));
        head.extend(self.chain.iter().map(|c| Head::one(c.clone())));
        head.push(Head::one("名次"));
        let rows = self
            .rows
            .iter()
            .map(|r| {
                let mut c = vec![r.no.to_string(), r.club.clone(), r.name.clone()];
                c.extend(
                    r.cells
                        .iter()
                        .map(|x| x.clone().unwrap_or_else(|| "╲".into())),
                );
                c.push(r.points.clone());
                c.extend(r.tie_breaks.iter().cloned());
                c.push(r.rank.clone());
                c
            })
            .collect();
        let mut widths = vec![6.0, 33.0, 15.0];
        widths.extend(std::iter::repeat_n(6.0, n));
        widths.push(6.0);
        widths.extend(self.chain.iter().map(|c| chain_width(c, n)));
        widths.push(6.0);
        Sheet {
            title: self.title.clone(),
            caption: vec![self.event.clone()],
            widths,
            long_table: true,
            blocks: vec![Block {
                heading: String::new(),
                head: vec![head],
                rows,
                foot: Vec::new(),
            }],
            notes: vec!["编排长：                    裁判长：".into()],
            layout: Layout {
                landscape: true,
                font_pt: if n > 16 { 6.5 } else { 8.0 },
                per_page: 28,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_event::four;

    #[test]
    fn diagonal_empty_and_points_against_each_opponent() {
        let ev = four();
        let t = cross_table(&ev, &ev.standings(None));
        assert_eq!(t.rows.len(), 4);
        for (k, r) in t.rows.iter().enumerate() {
            assert_eq!(r.cells[k], None);
            assert_eq!(r.no, k as u32 + 1);
        }
        let b = &ev.paired[0].boards[0]; // 1-0, 2 points to red
        let red = &t.rows[b.red as usize - 1];
        assert_eq!(red.cells[b.black as usize - 1].as_deref(), Some("2"));
        let black = &t.rows[b.black as usize - 1];
        assert_eq!(black.cells[b.red as usize - 1].as_deref(), Some("0"));
        assert_eq!(t.sheet().title, "循环赛成绩表");
    }
}
