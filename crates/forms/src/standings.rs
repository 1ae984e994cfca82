//! The 名次 list: 名次, 代号, 姓名, 单位, 积分 and the tie-break chain (portrait).

use xiangqi_event::Event;
use xiangqi_event::chain_names;
use xiangqi_scheduling::tiebreak::Standing;

use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::{event_line, shown_rank, tie_break_cells};
use crate::words::{fmt_value, score_name};

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
        rows: st.iter().map(|s| row_of(ev, s, true)).collect(),
    }
}

/// The 名次 line of standing `s` (its tie-break values when `with_chain`): the 名次 list's and
/// every group table's.
pub(crate) fn row_of(ev: &Event, s: &Standing, with_chain: bool) -> StandingsRow {
    let p = ev.player(s.no);
    StandingsRow {
        rank: shown_rank(s),
        no: s.no,
        name: p.map_or(String::new(), |p| p.name.clone()),
        club: p.map_or(String::new(), |p| p.club.clone()),
        points: fmt_value(&[s.points]),
        tie_breaks: if with_chain {
            tie_break_cells(s)
        } else {
            Vec::new()
        },
    }
}

/// The column widths (mm at 8 pt) of 名次, 代号, 姓名, 单位 and the score, before the chain's.
pub(crate) const WIDTHS_MM: [f32; 5] = [7.0, 7.0, 16.0, 35.0, 8.0];

/// The heads of a 名次 table: 名次, 代号, 姓名, 单位, the score and the chain.
pub(crate) fn head(score_name: &str, chain: &[String]) -> Vec<Head> {
    let mut head = ["名次", "代号", "姓名", "单位"].map(Head::one).to_vec();
    head.push(Head::one(score_name));
    head.extend(chain.iter().map(|c| Head::one(c.clone())));
    head
}

impl StandingsRow {
    /// The line's cells, in the order of [`head`].
    pub(crate) fn cells(&self) -> Vec<String> {
        let mut c = vec![
            self.rank.clone(),
            self.no.to_string(),
            self.name.clone(),
            self.club.clone(),
            self.points.clone(),
        ];
        c.extend(self.tie_breaks.iter().cloned());
        c
    }
}

impl Standings {
    /// The printed sheet: portrait, one line a player.
    pub fn sheet(&self) -> Sheet {
        let head = head(self.score_name, &self.chain);
        let rows: Vec<Vec<String>> = self.rows.iter().map(StandingsRow::cells).collect();
        // millimetres at 8 pt: every value on one line (倒数轮积分 too), so rows are one line
        let mut widths = WIDTHS_MM.to_vec();
        widths.extend(self.chain.iter().map(|c| {
            if c == "倒数轮积分" {
                (5.4 * self.after as f32).max(12.0)
            } else {
                7.0
            }
        }));
        let per_page = 52;
        let total: f32 = widths.iter().sum();
        // two players a line (名次 in two columns) where both fit portrait A4 (190 mm) and the
        // list is longer than a page: a page holds 2 × 52 players, read down the left half
        // first
        let (head, rows, widths) = if 2.0 * total + 4.0 <= 190.0 && rows.len() > per_page {
            let mut both = head.clone();
            both.push(Head::one(""));
            both.extend(head);
            let blank = vec![String::new(); widths.len()];
            let mut paired = Vec::new();
            for page in rows.chunks(2 * per_page) {
                let (left, right) = page.split_at(page.len().min(per_page));
                for (i, l) in left.iter().enumerate() {
                    let mut line = l.clone();
                    line.push(String::new());
                    line.extend(right.get(i).unwrap_or(&blank).iter().cloned());
                    paired.push(line);
                }
            }
            let mut w2 = widths.clone();
            w2.push(4.0);
            w2.extend(widths);
            (both, paired, w2)
        } else {
            (head, rows, widths)
        };
        Sheet {
            title: "名次".into(),
            caption: vec![self.event.clone(), after_caption(self.after)],
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
                per_page,
            },
        }
    }
}

/// A form's caption for its standing after `rounds` complete rounds: `第 N 轮后`, or 赛前
/// (before the event) when no round is complete yet.
pub(crate) fn after_caption(rounds: u32) -> String {
    if rounds == 0 {
        "赛前".to_string()
    } else {
        format!("第 {rounds} 轮后")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;

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

    #[test]
    fn a_long_short_list_prints_two_players_a_line() {
        let row = |i: usize| StandingsRow {
            rank: i.to_string(),
            no: i as u32,
            name: format!("棋手{i}"),
            club: "单位".into(),
            points: "1".into(),
            tie_breaks: vec!["0".into()],
        };
        let mut s = Standings {
            event: "赛".into(),
            after: 9,
            score_name: "积分",
            chain: vec!["小分".into()],
            rows: (1..=2000).map(row).collect(),
        };
        let sheet = s.sheet();
        let rows = &sheet.blocks[0].rows;
        // 2,000 players at 104 a page: 20 pages
        assert_eq!(sheet.pages(), 20);
        assert_eq!(rows[0][0], "1");
        assert_eq!(rows[0][7], "53", "the right half continues the page's list");
        assert_eq!(
            rows.len(),
            19 * 52 + 24,
            "the last page: 24 players on its left half"
        );
        assert_eq!(rows[0].len(), sheet.widths.len());
        // every player printed once
        let mut seen: Vec<&str> = rows
            .iter()
            .flat_map(|r| [&r[0], &r[7]])
            .map(String::as_str)
            .collect();
        seen.retain(|x| !x.is_empty());
        assert_eq!(seen.len(), 2000);
        // a wide chain (倒数轮积分 of 9 rounds) keeps one player a line
        s.chain = vec!["倒数轮积分".into(), "小分".into(), "胜局".into()];
        for r in &mut s.rows {
            r.tie_breaks = vec!["0".into(); 3];
        }
        assert_eq!(s.sheet().blocks[0].rows.len(), 2000);
    }
}
