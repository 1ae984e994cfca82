//! 积分编排成绩表 (seed 002 (六)4): 代号, 单位, 运动员, per round the opponent with 先后 and the
//! cumulative score, the tie-break chain, 名次.

use std::collections::HashMap;

use xiangqi_event::Event;
use xiangqi_event::chain_names;
use xiangqi_scheduling::tiebreak::{CrosstableEntry, Standing};

use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::score_name;
use crate::words::{absence, event_line, outcome, shown_rank, tie_break_cells};

/// One round of one player on the 成绩表.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCell {
    /// The opponent's 代号, or 轮空 / 退出 / 未到 / 请假, or empty.
    pub opponent: String,
    /// 先 (red), 后 (black), or empty.
    pub colour: &'static str,
    /// `+` for a win by forfeit, `-` for a loss by forfeit, else empty.
    pub mark: &'static str,
    /// The cumulative score after the round.
    pub score: String,
}

impl RoundCell {
    /// The upper line of the printed cell: `12先`, `12后+`, `轮空`.
    pub fn upper(&self) -> String {
        format!("{}{}{}", self.opponent, self.colour, self.mark)
    }
}

/// One player's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsRow {
    /// 代号.
    pub no: u32,
    /// 单位.
    pub club: String,
    /// 运动员.
    pub name: String,
    /// One cell per complete round.
    pub rounds: Vec<RoundCell>,
    /// The tie-break chain's values.
    pub tie_breaks: Vec<String>,
    /// 名次 (`3=` when shared).
    pub rank: String,
}

/// The 成绩表 of a one-stage event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsTable {
    /// 积分编排成绩表.
    pub title: String,
    /// The event and its 组别.
    pub event: String,
    /// The complete rounds shown.
    pub rounds: Vec<u32>,
    /// 积分, or 场分 for matches.
    pub score_name: &'static str,
    /// The chain's Chinese column names.
    pub chain: Vec<String>,
    /// One row per player, by 代号.
    pub rows: Vec<ResultsRow>,
}

/// The 成绩表 after the complete rounds, rows by 代号.
pub fn results_table(ev: &Event, st: &[Standing]) -> ResultsTable {
    let after = ev.complete_rounds();
    let ct = ev.crosstable(after);
    let by_no: HashMap<u32, &Standing> = st.iter().map(|s| (s.no, s)).collect();
    let rows = ct
        .players
        .iter()
        .enumerate()
        .map(|(i, &no)| {
            let p = ev.player(no);
            let rounds = (0..after as usize)
                .map(|k| {
                    let score = ct.score_after(i, k + 1).to_string();
                    let board = ev
                        .paired
                        .get(k)
                        .and_then(|r| r.boards.iter().find(|b| b.red == no || b.black == no));
                    match ct.entries.get(i).and_then(|e| e.get(k)) {
                        Some(CrosstableEntry::Game(g)) => RoundCell {
                            opponent: ct
                                .players
                                .get(g.opponent)
                                .map_or(String::new(), u32::to_string),
                            colour: if g.first { "先" } else { "后" },
                            mark: board.map_or("", |b| outcome(b, no).mark()),
                            score,
                        },
                        _ => RoundCell {
                            opponent: match absence(ev, k as u32 + 1, no) {
                                "" => "-".to_string(),
                                a => a.to_string(),
                            },
                            colour: "",
                            mark: "",
                            score,
                        },
                    }
                })
                .collect();
            let s = by_no.get(&no);
            ResultsRow {
                no,
                club: p.map_or(String::new(), |p| p.club.clone()),
                name: p.map_or(String::new(), |p| p.name.clone()),
                rounds,
                tie_breaks: s.map_or(Vec::new(), |s| tie_break_cells(s)),
                rank: s.map_or(String::new(), |s| shown_rank(s)),
            }
        })
        .collect();
    ResultsTable {
        title: "积分编排成绩表".into(),
        event: event_line(ev),
        rounds: (1..=after).collect(),
        score_name: score_name(ev),
        chain: chain_names(ev),
        rows,
    }
}

impl ResultsTable {
    /// The printed sheet: each round one narrow column whose cell holds `对手先后` over the
    /// cumulative score, so that 13 rounds, 12-character 单位 names and the chain fit A4
    /// landscape; the heads repeat on every page.
    pub fn sheet(&self) -> Sheet {
        let n = self.rounds.len();
        let mut top = vec![
            Head::tall("代号", 2),
            Head::tall("单位", 2),
            Head::tall("运动员", 2),
        ];
        top.push(Head::wide(
            format!("轮次（对手 先后 / {}）", self.score_name),
            n.max(1),
        ));
        top.extend(self.chain.iter().map(|c| Head::tall(c.clone(), 2)));
        top.push(Head::tall("名次", 2));
        let second: Vec<Head> = if n == 0 {
            vec![Head::one("")]
        } else {
            self.rounds
                .iter()
                .map(|r| Head::one(cn_number(*r)))
                .collect()
        };
        let rows = self
            .rows
            .iter()
            .map(|r| {
                let mut cells = vec![r.no.to_string(), r.club.clone(), r.name.clone()];
                if n == 0 {
                    cells.push(String::new());
                }
                cells.extend(
                    r.rounds
                        .iter()
                        .map(|c| format!("{}\n{}", c.upper(), c.score)),
                );
                cells.extend(r.tie_breaks.iter().cloned());
                cells.push(r.rank.clone());
                cells
            })
            .collect();
        // widths in millimetres at 7.5 pt (a CJK character is 2.65 mm): 12-character 单位
        // names on one line, a round cell `12先+` over `10.5`, 倒数轮积分 on two lines
        let mut widths = vec![6.0, 33.0, 15.0];
        widths.extend(std::iter::repeat_n(9.0, n.max(1)));
        widths.extend(self.chain.iter().map(|c| chain_width(c, n)));
        widths.push(6.0);
        Sheet {
            title: self.title.clone(),
            caption: vec![
                self.event.clone(),
                crate::standings::after_caption(n as u32),
            ],
            widths,
            long_table: true,
            blocks: vec![Block {
                heading: String::new(),
                head: vec![top, second],
                rows,
                foot: Vec::new(),
            }],
            notes: vec![
                "注：+ 为对方弃权判胜，- 为弃权判负。".into(),
                "编排长：                    裁判长：".into(),
            ],
            layout: Layout {
                landscape: true,
                font_pt: 7.5,
                per_page: 18,
            },
        }
    }
}

/// A chain column's width in millimetres after `rounds` rounds: 倒数轮积分 holds a list of
/// `rounds - 1` values and gets room for it on two lines (it wraps as a block after each `/`).
pub(crate) fn chain_width(name: &str, rounds: usize) -> f32 {
    if name == "倒数轮积分" {
        (2.6 * rounds as f32).max(10.0)
    } else {
        7.0
    }
}

/// A round number in Chinese (一 … 九十九), as the printed heads write it.
pub fn cn_number(n: u32) -> String {
    const D: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=9 => D[n as usize].to_string(),
        10..=19 => format!("十{}", if n == 10 { "" } else { D[(n % 10) as usize] }),
        20..=99 => format!(
            "{}十{}",
            D[(n / 10) as usize],
            if n.is_multiple_of(10) {
                ""
            } else {
                D[(n % 10) as usize]
            }
        ),
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;

    #[test]
    fn cells_mark_forfeits_and_carry_cumulative_scores() {
        let ev = four();
        let t = results_table(&ev, &ev.standings(None));
        assert_eq!(t.rounds, vec![1, 2]);
        assert_eq!(t.title, "积分编排成绩表");
        let r1 = &ev.paired[0];
        let forfeit = &r1.boards[1];
        // board 2 of round 1 was -+: black won by forfeit
        let black = t.rows.iter().find(|r| r.no == forfeit.black).unwrap();
        let red = t.rows.iter().find(|r| r.no == forfeit.red).unwrap();
        assert_eq!(black.rounds[0].mark, "+");
        assert_eq!(black.rounds[0].colour, "后");
        assert_eq!(black.rounds[0].opponent, forfeit.red.to_string());
        assert_eq!(black.rounds[0].score, "2");
        assert_eq!(red.rounds[0].mark, "-");
        assert_eq!(red.rounds[0].upper(), format!("{}先-", forfeit.black));
        let won = t.rows.iter().find(|r| r.no == r1.boards[0].red).unwrap();
        assert_eq!(won.rounds[0].mark, "");
        assert_eq!(won.rounds[0].upper(), format!("{}先", r1.boards[0].black));
        // every row has a rank and one value per criterion
        for r in &t.rows {
            assert_eq!(r.tie_breaks.len(), t.chain.len());
            assert!(!r.rank.is_empty());
        }
        let sheet = t.sheet();
        assert_eq!(sheet.blocks[0].rows.len(), 4);
        assert_eq!(sheet.blocks[0].rows[0].len(), sheet.widths.len());
        assert!(sheet.text().contains("名次"));
    }

    #[test]
    fn chinese_round_numbers() {
        assert_eq!(cn_number(1), "一");
        assert_eq!(cn_number(10), "十");
        assert_eq!(cn_number(13), "十三");
        assert_eq!(cn_number(20), "二十");
        assert_eq!(cn_number(21), "二十一");
    }
}
