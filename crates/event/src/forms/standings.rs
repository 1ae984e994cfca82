//! The 名次 list: 名次, 代号, 姓名, 单位, 积分 and the tie-break chain (portrait).

use xiangqi_scheduling::tiebreak::Standing;

use super::{Block, Head, Layout, Sheet, event_line, shown_rank, tie_break_cells};
use crate::document::Event;
use crate::export::{chain_names, fmt_value, score_name};

/// One line of the 名次 list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsRow {
    /// 名次 (`3=` when shared).
    pub rank: String,
    /// 代号.
    pub no: u32,
    /// 姓名.
    pub name: String,
    /// 单位.
    pub club: String,
    /// 积分 / 场分.
    pub points: String,
    /// The chain's values.
    pub tie_breaks: Vec<String>,
}

/// The 名次 list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The event and its 组别.
    pub event: String,
    /// Rounds counted.
    pub after: u32,
    /// 积分 or 场分.
    pub score_name: &'static str,
    /// The chain's Chinese names.
    pub chain: Vec<String>,
    /// In rank order.
    pub rows: Vec<StandingsRow>,
}

/// The 名次 list of `st` (standings after the event's complete rounds).
pub fn standings(ev: &Event, st: &[Standing]) -> Standings {
    Standings {
        event: event_line(ev),
        after: ev.complete_rounds(),
        score_name: score_name(ev),
        chain: chain_names(ev),
        rows: st
            .iter()
            .map(|s| {
                let p = ev.player(s.no);
                StandingsRow {
                    rank: shown_rank(s),
                    no: s.no,
                    name: p.map_or(String::new(), |p| p.name.clone()),
                    club: p.map_or(String::new(), |p| p.club.clone()),
                    points: fmt_value(&[s.points]),
                    tie_breaks: tie_break_cells(s),
                }
            })
            .collect(),
    }
}

impl Standings {
    /// The printed sheet: portrait, one line a player.
    pub fn sheet(&self) -> Sheet {
        let mut head = ["名次", "代号", "姓名", "单位"].map(Head::one).to_vec();
        head.push(Head::one(self.score_name));
        head.extend(self.chain.iter().map(|c| Head::one(c.clone())));
        let rows = self
            .rows
            .iter()
            .map(|r| {
                let mut c = vec![
                    r.rank.clone(),
                    r.no.to_string(),
                    r.name.clone(),
                    r.club.clone(),
                    r.points.clone(),
                ];
                c.extend(r.tie_breaks.iter().cloned());
                c
            })
            .collect();
        // millimetres at 8 pt: every value on one line (倒数轮积分 too), so rows are one line
        let mut widths = vec![7.0, 7.0, 16.0, 35.0, 8.0];
        widths.extend(self.chain.iter().map(|c| {
            if c == "倒数轮积分" {
                (5.4 * self.after as f32).max(12.0)
            } else {
                7.0
            }
        }));
        Sheet {
            title: "名次".into(),
            caption: vec![self.event.clone(), format!("第 {} 轮后", self.after)],
            widths,
            long_table: true,
            blocks: vec![Block {
                heading: String::new(),
                head: vec![head],
                rows,
                foot: Vec::new(),
            }],
            notes: vec!["裁判长：".into()],
            layout: Layout {
                landscape: false,
                font_pt: 8.0,
                per_page: 48,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_event::four;

    #[test]
    fn rank_order_and_portrait() {
        let ev = four();
        let s = standings(&ev, &ev.standings(None));
        assert_eq!(s.rows.len(), 4);
        assert!(s.rows[0].rank.starts_with('1'));
        let sheet = s.sheet();
        assert!(!sheet.layout.landscape);
        assert_eq!(sheet.blocks[0].rows[0].len(), sheet.widths.len());
    }
}
