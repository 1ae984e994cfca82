//! 循环赛成绩表: a round robin's table, every player against every other (a double round robin
//! adds both games' points in one cell), with 积分, the chain and 名次.

use std::collections::HashMap;

use xiangqi_event::Event;
use xiangqi_event::chain_names;
use xiangqi_scheduling::Points;
use xiangqi_scheduling::tiebreak::{Crosstable, CrosstableEntry, Standing};

use crate::results_table::chain_width;
use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::{event_line, outcome, shown_rank, tie_break_cells};
use crate::words::{fmt_value, score_name};

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
    let marks = forfeit_marks(ev, ct);
    let withdrawn = |no: u32| ev.player(no).is_some_and(|p| p.withdrawn.is_some());
    // pairs with a board in some round: a game paired before the withdrawal is still played
    let paired: std::collections::HashSet<(u32, u32)> = ev
        .paired
        .iter()
        .flat_map(|r| &r.boards)
        .flat_map(|b| [(b.red, b.black), (b.black, b.red)])
        .collect();
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
                        let other = ct.players[order[k]];
                        (order[k] != i).then(|| match cells[k] {
                            // `+`/`-` after a forfeit (弃权), as the Swiss forms mark them
                            Some(c) => {
                                let mark = marks.get(&(no, other)).map_or("", String::as_str);
                                format!("{c}{mark}")
                            }
                            // a game that will never be played: one side withdrew (退出比赛)
                            None if (withdrawn(no) || withdrawn(other))
                                && !paired.contains(&(no, other)) =>
                            {
                                "退出".into()
                            }
                            None => String::new(),
                        })
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

/// The forfeit marks of the complete rounds' pairings between players of `ct`: `(no, opponent)`
/// → `+` (won by forfeit), `-` (lost by forfeit), several for a double round robin's two games.
fn forfeit_marks(ev: &Event, ct: &Crosstable) -> HashMap<(u32, u32), String> {
    let mut marks: HashMap<(u32, u32), String> = HashMap::new();
    let rounds = ct.rounds().min(ev.paired.len());
    for r in &ev.paired[..rounds] {
        for b in &r.boards {
            if !(ct.players.contains(&b.red) && ct.players.contains(&b.black)) {
                continue;
            }
            for (no, other) in [(b.red, b.black), (b.black, b.red)] {
                let mark = outcome(b, no).mark();
                if !mark.is_empty() {
                    marks.entry((no, other)).or_default().push_str(mark);
                }
            }
        }
    }
    marks
}

/// The legend under a table that shows forfeit marks or 退出: what each means.
fn legend(rows: &[CrossRow]) -> Option<String> {
    let cells = || rows.iter().flat_map(|r| r.cells.iter().flatten());
    let mut said = Vec::new();
    if cells().any(|c| c.ends_with('+')) {
        said.push("+ 对方弃权判胜");
    }
    if cells().any(|c| c.ends_with('-')) {
        said.push("- 弃权判负");
    }
    if cells().any(|c| c == "退出") {
        said.push("退出 一方退出比赛，该局未赛");
    }
    (!said.is_empty()).then(|| format!("注：{}", said.join("；")))
}

/// Millimetres across an A4 landscape page inside its margins.
const PAGE_MM: f32 = 277.0;
/// 代号, 单位 (12 characters), 姓名.
const FIXED_MM: [f32; 3] = [6.0, 33.0, 15.0];
/// One opponent's (or a score's) column.
const CELL_MM: f32 = 6.5;
/// Rows to a printed page of the one-part table.
const ROWS_PER_PAGE: usize = 28;
/// Rows to a printed page of a table in parts (6.5 pt, 3.7 mm a row: 40 rows fill 150 mm).
const PART_ROWS_PER_PAGE: usize = 40;

impl CrossTable {
    /// The heads and cells right of 姓名: one column per opponent, then 积分, the chain, 名次.
    fn right(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let mut head: Vec<String> = self.rows.iter().map(|r| r.no.to_string()).collect();
        head.push(self.score_name.to_string());
        head.extend(self.chain.iter().cloned());
        head.push("名次".into());
        let cells = self
            .rows
            .iter()
            .map(|r| {
                let mut c: Vec<String> = r
                    .cells
                    .iter()
                    .map(|x| x.clone().unwrap_or_else(|| "╲".into()))
                    .collect();
                c.push(r.points.clone());
                c.extend(r.tie_breaks.iter().cloned());
                c.push(r.rank.clone());
                c
            })
            .collect();
        (head, cells)
    }

    /// The widths of the columns after the opponents' (积分, the chain, 名次) when they are
    /// repeated at the end of every part: as wide as their longest cell (a Swiss's 倒数轮积分
    /// `2.5/1.5/1/1/0.5/0.5/0/0` needs about 30 mm), at least one opponent's column.
    fn tail_widths(&self) -> Vec<f32> {
        let (_, cells) = self.right();
        let n = self.rows.len();
        (n..n + self.chain.len() + 2)
            .map(|k| {
                let longest = cells
                    .iter()
                    .map(|c| c.get(k).map_or(0, |t| t.chars().count()))
                    .max()
                    .unwrap_or(0);
                (longest as f32 * 1.3 + 1.5).max(CELL_MM)
            })
            .collect()
    }

    /// The tail repeats in every part when one of its cells is longer than an opponent's
    /// column holds even wrapped on two lines (a Swiss's 倒数轮积分 list); a round robin's
    /// tail of short numbers follows the last opponent instead.
    fn wide_tail(&self) -> bool {
        let n = self.rows.len();
        self.rows.iter().any(|r| {
            (r.points.chars().count() > 6)
                || r.tie_breaks.iter().any(|t| t.chars().count() > 6)
                || r.rank.chars().count() > 6
        }) && n > 0
    }

    /// How many parts the columns right of 姓名 need across A4 landscape (1 when they fit).
    pub fn column_parts(&self) -> usize {
        let fixed = FIXED_MM.iter().sum::<f32>();
        if self.wide_tail() {
            let n = self.rows.len();
            let one_part =
                n as f32 * 6.0 + 12.0 + self.chain.iter().map(|c| chain_width(c, n)).sum::<f32>();
            if one_part <= PAGE_MM - fixed {
                return 1;
            }
            let tail: f32 = self.tail_widths().iter().sum();
            let room = ((PAGE_MM - fixed - tail) / CELL_MM).floor().max(1.0) as usize;
            return n.div_ceil(room);
        }
        let right = self.rows.len() + self.chain.len() + 2;
        let room = ((PAGE_MM - fixed) / CELL_MM) as usize;
        right.div_ceil(room.max(1))
    }

    /// The printed sheet (landscape; the diagonal cell is `╲`). When the columns do not fit
    /// A4 (more than about 25 players), they are cut into parts of equal width, each part on
    /// its own page with 代号, 单位 and 姓名 repeated, the part's heads and the caption: the pages
    /// of one block of rows follow each other (第1—20号, then 第21—40号 with 积分 and 名次).
    pub fn sheet(&self) -> Sheet {
        let n = self.rows.len();
        let parts = self.column_parts();
        let (right_head, right_cells) = self.right();
        // the legend of the marks: under the table (text too), or in the notes of a table in parts
        let legend = legend(&self.rows);
        let mut notes = vec!["编排长：                    裁判长：".to_string()];
        let caption = vec![self.event.clone()];
        let fixed = |r: &CrossRow| vec![r.no.to_string(), r.club.clone(), r.name.clone()];
        let fixed_head = || ["代号", "单位", "姓名"].map(Head::one).to_vec();
        if parts <= 1 {
            let mut head = fixed_head();
            head.extend(right_head.iter().map(|h| Head::one(h.clone())));
            let rows = self
                .rows
                .iter()
                .zip(&right_cells)
                .map(|(r, c)| {
                    let mut v = fixed(r);
                    v.extend(c.iter().cloned());
                    v
                })
                .collect();
            let mut widths = FIXED_MM.to_vec();
            widths.extend(std::iter::repeat_n(6.0, n));
            widths.push(6.0);
            widths.extend(self.chain.iter().map(|c| chain_width(c, n)));
            widths.push(6.0);
            return Sheet {
                title: self.title.clone(),
                caption,
                widths,
                long_table: true,
                blocks: vec![Block {
                    heading: String::new(),
                    head: vec![head],
                    rows,
                    foot: legend.into_iter().collect(),
                }],
                notes,
                layout: Layout {
                    landscape: true,
                    font_pt: if n > 16 { 6.5 } else { 8.0 },
                    per_page: ROWS_PER_PAGE,
                },
            };
        }
        notes.splice(0..0, legend);
        self.sheet_in_parts(parts, caption, notes)
    }

    /// The table in `parts` of columns, of equal width so one set of widths serves all (the
    /// last part padded), 代号, 单位 and 姓名 repeated in front, the pages of one block of rows
    /// following each other (第1—40号, then 第41—80号). A narrow tail (积分, the chain, 名次)
    /// follows the last opponent; a wide one ([`Self::wide_tail`]: a Swiss's 倒数轮积分 list)
    /// ends every part at its own widths, the opponents divided between the parts.
    fn sheet_in_parts(&self, parts: usize, caption: Vec<String>, notes: Vec<String>) -> Sheet {
        let n = self.rows.len();
        let (right_head, right_cells) = self.right();
        let (spread, tail) = if self.wide_tail() {
            (n, n..right_head.len())
        } else {
            (right_head.len(), right_head.len()..right_head.len())
        };
        let per = spread.div_ceil(parts);
        let mut blocks = Vec::new();
        for chunk in (0..n).step_by(PART_ROWS_PER_PAGE) {
            let rows = chunk..(chunk + PART_ROWS_PER_PAGE).min(n);
            for p in 0..parts {
                let cols = p * per..((p + 1) * per).min(spread);
                let mut head = ["代号", "单位", "姓名"].map(Head::one).to_vec();
                head.extend(
                    right_head[cols.clone()]
                        .iter()
                        .map(|h| Head::one(h.clone())),
                );
                head.extend((cols.len()..per).map(|_| Head::one("")));
                head.extend(
                    right_head[tail.clone()]
                        .iter()
                        .map(|h| Head::one(h.clone())),
                );
                let opponents = cols.start + 1..cols.end.min(n) + 1;
                let heading = if opponents.is_empty() {
                    format!("（第 {} 部分，共 {parts} 部分）", p + 1)
                } else {
                    format!(
                        "（第 {} 部分，共 {parts} 部分）对第 {}—{} 号",
                        p + 1,
                        opponents.start,
                        opponents.end - 1
                    )
                };
                blocks.push(Block {
                    heading,
                    head: vec![head],
                    rows: rows
                        .clone()
                        .map(|i| {
                            let r = &self.rows[i];
                            let mut v = vec![r.no.to_string(), r.club.clone(), r.name.clone()];
                            v.extend(right_cells[i][cols.clone()].iter().cloned());
                            v.extend((cols.len()..per).map(|_| String::new()));
                            v.extend(right_cells[i][tail.clone()].iter().cloned());
                            v
                        })
                        .collect(),
                    foot: Vec::new(),
                });
            }
        }
        let mut widths = FIXED_MM.to_vec();
        widths.extend(std::iter::repeat_n(CELL_MM, per));
        if !tail.is_empty() {
            widths.extend(self.tail_widths());
        }
        Sheet {
            title: self.title.clone(),
            caption,
            widths,
            long_table: false,
            blocks,
            notes,
            layout: Layout {
                landscape: true,
                font_pt: 6.5,
                per_page: 1,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;

    /// A forfeit is `+`/`-` after the points (round 1 board 2 is `-+`), a game never to be
    /// played because a side withdrew is 退出, and the legend under the table says both.
    #[test]
    fn forfeits_and_withdrawals_are_marked_with_a_legend() {
        let mut ev = four();
        let r1 = ev.paired[0].boards[1].clone();
        let t = cross_table(&ev, &ev.standings(None));
        let cell = |t: &CrossTable, a: u32, b: u32| {
            let row = t.rows.iter().find(|r| r.no == a).unwrap();
            let k = t.rows.iter().position(|r| r.no == b).unwrap();
            row.cells[k].clone().unwrap()
        };
        assert!(cell(&t, r1.black, r1.red).ends_with('+'), "{t:?}");
        assert!(cell(&t, r1.red, r1.black).ends_with('-'), "{t:?}");
        assert!(
            !t.rows
                .iter()
                .flat_map(|r| r.cells.iter().flatten())
                .any(|c| c == "退出")
        );
        let sheet = t.sheet();
        assert_eq!(
            sheet.blocks[0].foot,
            vec!["注：+ 对方弃权判胜；- 弃权判负".to_string()]
        );
        assert!(sheet.text().contains("注：+ 对方弃权判胜"));
        // a player withdraws after round 2 (round 3 taken back): the opponent never paired with
        // is 退出, both ways; a game paired already stays open (it is still played)
        let gone = r1.red;
        xiangqi_event::Edit::new(&mut ev).unpair_last(true).unwrap();
        xiangqi_event::Edit::new(&mut ev).withdraw(gone).unwrap();
        let t = cross_table(&ev, &ev.standings(None));
        let row = t.rows.iter().find(|r| r.no == gone).unwrap();
        let unplayed: Vec<usize> = (0..row.cells.len())
            .filter(|&k| row.cells[k].as_deref() == Some("退出"))
            .collect();
        assert!(!unplayed.is_empty(), "{t:?}");
        for k in unplayed {
            assert_eq!(cell(&t, t.rows[k].no, gone), "退出");
        }
        assert!(t.sheet().blocks[0].foot[0].contains("退出 一方退出比赛"));
    }

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
        assert_eq!(t.column_parts(), 1);
        assert!(t.sheet().long_table);
    }

    #[test]
    fn forty_players_take_two_parts_of_columns_with_names_repeated() {
        let row = |no: u32| CrossRow {
            no,
            club: "单位".into(),
            name: format!("棋手{no}"),
            cells: (1..=40).map(|o| (o != no).then(|| "1".into())).collect(),
            points: "39".into(),
            tie_breaks: vec!["0".into(); 3],
            rank: no.to_string(),
        };
        let t = CrossTable {
            title: "循环赛成绩表".into(),
            event: "赛".into(),
            score_name: "积分",
            chain: vec!["小分".into(), "胜局".into(), "犯规".into()],
            rows: (1..=40).map(row).collect(),
        };
        assert_eq!(t.column_parts(), 2);
        let s = t.sheet();
        // one block of 40 rows in two parts: two pages
        assert_eq!(s.pages(), 2);
        assert_eq!(s.blocks.len(), 2);
        let part2 = &s.blocks[1];
        assert_eq!(part2.rows.len(), 40);
        assert_eq!(part2.rows[0][2], "棋手1");
        let heads: Vec<&str> = part2.head[0].iter().map(|h| h.text.as_str()).collect();
        assert!(heads.contains(&"名次") && heads.contains(&"40") && !heads.contains(&"1"));
        assert!(s.blocks[0].heading.contains("对第 1—23 号"));
        // every block has as many cells a row as there are widths
        for b in &s.blocks {
            assert_eq!(b.head[0].len(), s.widths.len());
            assert!(b.rows.iter().all(|r| r.len() == s.widths.len()));
        }
        // every opponent's cell printed once per row across the parts
        let ones = s.blocks[..2]
            .iter()
            .map(|b| b.rows[0][3..].iter().filter(|c| *c == "1").count())
            .sum::<usize>();
        assert_eq!(ones, 39 + 1, "39 opponents, and 名次 1");
    }

    #[test]
    fn a_wide_chain_is_repeated_at_its_width_in_every_part() {
        let row = |no: u32| CrossRow {
            no,
            club: "中国火车头体育协会象棋队".into(),
            name: format!("棋手{no}"),
            cells: (1..=40).map(|o| (o != no).then(String::new)).collect(),
            points: "5.5".into(),
            tie_breaks: vec!["41.5".into(), "2.5/1.5/1/1/0.5/0.5/0/0".into()],
            rank: no.to_string(),
        };
        let t = CrossTable {
            title: "循环赛成绩表".into(),
            event: "赛".into(),
            score_name: "积分",
            chain: vec!["对手分".into(), "倒数轮积分".into()],
            rows: (1..=40).map(row).collect(),
        };
        let s = t.sheet();
        let parts = t.column_parts();
        assert!(parts >= 2);
        assert_eq!(s.blocks.len(), parts);
        // the 倒数轮积分 column is as wide as its text, the page is not overfull
        let w = s.widths[s.widths.len() - 2];
        assert!(w >= 23.0 * 1.3, "{w}");
        assert!(s.widths.iter().sum::<f32>() <= PAGE_MM + 0.01);
        for b in &s.blocks {
            let heads: Vec<&str> = b.head[0].iter().map(|h| h.text.as_str()).collect();
            assert_eq!(
                &heads[heads.len() - 4..],
                ["积分", "对手分", "倒数轮积分", "名次"]
            );
            assert_eq!(b.rows[0].len(), s.widths.len());
            assert_eq!(b.rows[0][s.widths.len() - 2], "2.5/1.5/1/1/0.5/0.5/0/0");
        }
        // every opponent's column once across the parts
        let opponents: usize = s.blocks.iter().map(|b| b.head[0].len() - 3 - 4).sum();
        assert!(opponents >= 40);
    }
}
