//! The tables of an event in stages (阶段): per group its 名次 with the tie-break columns (小分 …)
//! and a line wherever equal points were separated (并列 … 按小分决出, or by 代号 when nothing
//! else did), a 循环赛成绩表 per round-robin group, and the overall ranking that names the stage
//! which placed each player and that stage's own score (a knockout's 胜场 never added to a
//! group's 积分).

use xiangqi_event::Event;
use xiangqi_event::chain_names;
use xiangqi_event::{EventStage, StageSystem};
use xiangqi_scheduling::tiebreak::Standing;

use crate::cross_table::{CrossTable, cross_table_of};
use crate::sheet::{Block, Head, Layout, Sheet};
use crate::standings::StandingsRow;
use crate::standings::row_of;
use crate::words::{event_line, shown_rank};
use crate::words::{fmt_value, score_name};

/// One group's table (a stage without groups is one table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupTable {
    /// Which stage and group: `第1阶段（分组循环）A组`.
    pub title: String,
    /// `true` for a knockout stage (its score is 胜场, it has no tie-break chain).
    pub knockout: bool,
    /// 积分, 场分 or 胜场.
    pub score_name: &'static str,
    /// The chain's Chinese names (empty for a knockout).
    pub chain: Vec<String>,
    /// In rank order.
    pub rows: Vec<StandingsRow>,
    /// One line per run of equal scores separated by the chain or by 代号.
    pub ties: Vec<String>,
    /// The group's 循环赛成绩表 (round-robin groups only).
    pub cross: Option<CrossTable>,
}

/// One line of the overall ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverallRow {
    /// 名次.
    pub rank: String,
    /// 代号.
    pub no: u32,
    /// 姓名.
    pub name: String,
    /// 单位.
    pub club: String,
    /// The stage (and group) that placed the player.
    pub stage: String,
    /// That stage's score with its unit: `积分 5`, `胜场 2`.
    pub result: String,
}

/// Every table of an event in stages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Groups {
    /// The event and its 组别.
    pub event: String,
    /// Every group of every stage that has entrants, stage by stage.
    pub tables: Vec<GroupTable>,
    /// The overall ranking (总名次), once there are two stages or more.
    pub overall: Vec<OverallRow>,
}

/// The system's Chinese name as a stage heading says it.
pub fn system_name(s: StageSystem) -> &'static str {
    match s {
        StageSystem::RoundRobin => "大循环",
        StageSystem::Swiss => "积分编排",
        StageSystem::Knockout => "单淘汰",
        StageSystem::DoubleKnockout => "双淘汰",
        StageSystem::Groups => "分组循环",
    }
}

fn stage_title(si: usize, stage: &EventStage, g: usize) -> String {
    let mut t = format!("第{}阶段（{}）", si + 1, system_name(stage.system));
    if stage.groups.len() > 1 {
        t.push(char::from_u32('A' as u32 + g as u32).unwrap_or('?'));
        t.push('组');
    }
    t
}

/// The lines saying how runs of equal scores were separated: `第2—4名积分相同（3人）：按小分决出`.
/// A shared place needs no line, unless the qualification cut (`advance`: the first `advance`
/// places go on) runs through it: the standings list shared places by 代号 and the next stage
/// takes them in that order, so the line says the 代号 decided (`第1名并列（3人），前2名出线：按
/// 代号（编排号）决出`).
pub fn tie_lines(
    rows: &[Standing],
    chain: &[String],
    score_name: &str,
    advance: Option<usize>,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let mut j = i + 1;
        while j < rows.len() && rows[j].points == rows[i].points {
            j += 1;
        }
        if j - i >= 2 {
            let mut rules: Vec<String> = Vec::new();
            for w in rows[i..j].windows(2) {
                let (a, b) = (&w[0], &w[1]);
                if a.rank == b.rank {
                    continue;
                }
                let rule = a
                    .tie_breaks
                    .iter()
                    .zip(&b.tie_breaks)
                    .position(|(x, y)| x != y)
                    .and_then(|k| chain.get(k).cloned())
                    .unwrap_or_else(|| "代号（编排号）".to_string());
                if !rules.contains(&rule) {
                    rules.push(rule);
                }
            }
            if !rules.is_empty() {
                out.push(format!(
                    "第{}—{}名{score_name}相同（{}人）：按{}决出",
                    rows[i].rank,
                    rows[j - 1].rank,
                    j - i,
                    rules.join("、")
                ));
            }
        }
        i = j;
    }
    if let Some(a) = advance
        && a >= 1
        && a < rows.len()
        && rows[a - 1].rank == rows[a].rank
    {
        let rank = rows[a].rank;
        let n = rows.iter().filter(|r| r.rank == rank).count();
        let nos: Vec<String> = rows
            .iter()
            .filter(|r| r.rank == rank)
            .map(|r| r.no.to_string())
            .collect();
        out.push(format!(
            "第{rank}名并列（{n}人：{}号），前{a}名出线：按代号（编排号）决出",
            nos.join("、")
        ));
    }
    out
}

/// The tables of an event in stages (empty for a one-stage event).
pub fn groups(ev: &Event) -> Groups {
    let mut tables = Vec::new();
    // the stage (index, title, score name) and standing that placed each player: the latest
    // stage holding them
    let mut placed: std::collections::HashMap<u32, (String, String)> = Default::default();
    for (si, stage) in ev.stages.iter().enumerate() {
        if stage.groups.is_empty() {
            continue;
        }
        let knockout = stage.system.is_knockout();
        let score = if knockout { "胜场" } else { score_name(ev) };
        let chain = if knockout {
            Vec::new()
        } else {
            chain_names(ev)
        };
        let round_robin = matches!(stage.system, StageSystem::Groups | StageSystem::RoundRobin);
        // the places a later stage takes from each group of this one
        let advance = ev
            .stages
            .iter()
            .filter_map(|s| s.from.as_ref())
            .filter(|f| f.stage as usize == si + 1 && f.skip == 0)
            .map(|f| f.places as usize)
            .max();
        for (g, st) in ev.stage_standings(si).iter().enumerate() {
            let title = stage_title(si, stage, g);
            for s in st {
                placed.insert(
                    s.no,
                    (title.clone(), format!("{score} {}", fmt_value(&[s.points]))),
                );
            }
            let cross = round_robin.then(|| {
                let players: Vec<u32> = st.iter().map(|s| s.no).collect();
                let ct = ev.crosstable_of(u32::MAX, Some(si as u32 + 1), &players);
                let mut t = cross_table_of(ev, &ct, st);
                t.title = format!("循环赛成绩表 {title}");
                t
            });
            tables.push(GroupTable {
                ties: if knockout {
                    Vec::new()
                } else {
                    tie_lines(st, &chain, score, advance)
                },
                rows: st.iter().map(|s| row_of(ev, s, !knockout)).collect(),
                title,
                knockout,
                score_name: score,
                chain: chain.clone(),
                cross,
            });
        }
    }
    let overall = if ev.staged() && ev.stages.len() >= 2 {
        ev.standings(None)
            .iter()
            .map(|s| {
                let p = ev.player(s.no);
                let (stage, result) = placed.get(&s.no).cloned().unwrap_or_default();
                OverallRow {
                    rank: shown_rank(s),
                    no: s.no,
                    name: p.map_or(String::new(), |p| p.name.clone()),
                    club: p.map_or(String::new(), |p| p.club.clone()),
                    stage,
                    result,
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    Groups {
        event: event_line(ev),
        tables,
        overall,
    }
}

impl GroupTable {
    /// The group's 名次 as a block: 名次, 代号, 姓名, 单位, the score, the chain; its tie lines under it.
    pub fn block(&self) -> Block {
        Block {
            heading: self.title.clone(),
            head: vec![crate::standings::head(self.score_name, &self.chain)],
            rows: self.rows.iter().map(StandingsRow::cells).collect(),
            foot: self.ties.clone(),
        }
    }
}

impl Groups {
    /// The group tables as one printed sheet (portrait), as many groups to a page as fit; a
    /// knockout stage's table has no chain columns, so its cells stop at 胜场.
    pub fn sheet(&self) -> Sheet {
        let chain = self.tables.iter().map(|t| t.chain.len()).max().unwrap_or(0);
        let blocks: Vec<Block> = self.tables.iter().map(GroupTable::block).collect();
        let most = blocks.iter().map(|b| b.rows.len()).max().unwrap_or(1);
        let mut widths = crate::standings::WIDTHS_MM.to_vec();
        widths.extend(std::iter::repeat_n(9.0, chain));
        Sheet {
            title: "分组成绩表".into(),
            caption: vec![self.event.clone()],
            widths,
            long_table: false,
            blocks,
            notes: vec!["编排长：                    裁判长：".into()],
            layout: Layout {
                landscape: false,
                font_pt: 8.0,
                // a block is its rows, two head lines, its heading and its tie lines
                per_page: (52 / (most + 5)).clamp(1, 6),
            },
        }
    }

    /// Each round-robin group's 循环赛成绩表, one block a group (landscape, a group to a page
    /// when it is large).
    pub fn cross_sheet(&self) -> Sheet {
        let crosses: Vec<Sheet> = self
            .tables
            .iter()
            .filter_map(|t| t.cross.as_ref().map(CrossTable::sheet))
            .collect();
        let most = crosses
            .iter()
            .map(|s| s.blocks.first().map_or(0, |b| b.rows.len()))
            .max()
            .unwrap_or(1);
        let blocks = crosses
            .into_iter()
            .filter_map(|s| {
                s.blocks.into_iter().next().map(|b| Block {
                    heading: s.title.clone(),
                    ..b
                })
            })
            .collect();
        Sheet {
            title: "循环赛成绩表".into(),
            caption: vec![self.event.clone()],
            widths: Vec::new(),
            long_table: false,
            blocks,
            notes: vec!["编排长：                    裁判长：".into()],
            layout: Layout {
                landscape: true,
                font_pt: 8.0,
                per_page: (30 / (most + 3)).max(1),
            },
        }
    }

    /// The overall ranking (总名次) as a printed sheet.
    pub fn overall_sheet(&self) -> Sheet {
        let head = [
            "名次",
            "代号",
            "姓名",
            "单位",
            "决定名次的阶段",
            "该阶段成绩",
        ]
        .map(Head::one)
        .to_vec();
        Sheet {
            title: "总名次".into(),
            caption: vec![self.event.clone()],
            widths: vec![7.0, 7.0, 16.0, 35.0, 30.0, 14.0],
            long_table: true,
            blocks: vec![Block {
                heading: String::new(),
                head: vec![head],
                rows: self
                    .overall
                    .iter()
                    .map(|r| {
                        vec![
                            r.rank.clone(),
                            r.no.to_string(),
                            r.name.clone(),
                            r.club.clone(),
                            r.stage.clone(),
                            r.result.clone(),
                        ]
                    })
                    .collect(),
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

    fn st(rank: u32, no: u32, points: f64, tb: &[f64]) -> Standing {
        Standing {
            rank,
            shared: false,
            no,
            points,
            tie_breaks: tb.iter().map(|v| vec![*v]).collect(),
        }
    }

    #[test]
    fn a_three_way_tie_says_which_rule_broke_it() {
        let chain = vec!["小分".to_string(), "胜局".to_string()];
        let rows = [
            st(1, 4, 6.0, &[0.0, 3.0]),
            st(2, 2, 4.0, &[3.0, 2.0]),
            st(3, 1, 4.0, &[2.0, 2.0]),
            st(4, 3, 4.0, &[2.0, 2.0]),
        ];
        assert_eq!(
            tie_lines(&rows, &chain, "积分", None),
            vec!["第2—4名积分相同（3人）：按小分、代号（编排号）决出".to_string()]
        );
        // a shared place needs no line
        let mut shared = rows.clone();
        shared[3].rank = 3;
        shared[2].shared = true;
        shared[3].shared = true;
        assert_eq!(
            tie_lines(&shared, &chain, "积分", None),
            vec!["第2—3名积分相同（3人）：按小分决出".to_string()]
        );
        assert!(tie_lines(&rows[..2], &chain, "积分", None).is_empty());
        // three share first place and two go on: the pairing number decided
        let three: Vec<Standing> = [(1, 5), (1, 2), (1, 9), (4, 1)]
            .map(|(rank, no)| Standing {
                rank,
                shared: rank == 1,
                no,
                points: if rank == 1 { 4.0 } else { 0.0 },
                tie_breaks: vec![vec![1.0]],
            })
            .to_vec();
        assert_eq!(
            tie_lines(&three, &chain, "积分", Some(2)),
            vec!["第1名并列（3人：5、2、9号），前2名出线：按代号（编排号）决出".to_string()]
        );
        assert!(tie_lines(&three, &chain, "积分", Some(3)).is_empty());
    }
}
