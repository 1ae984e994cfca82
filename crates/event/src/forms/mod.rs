//! # Forms — one model per printed form
//!
//! Every form an arbiter prints (seed 002 (六): 编排卡, 计分单, 编排记录表, 成绩表, and the
//! 象棋比赛积分编排表; the 循环赛成绩表 and the 名次 list) is computed **once** here from an
//! [`Event`], as a plain data value whose cells already carry what the form prints
//! (forfeits marked `+`/`-`, byes as 轮空, withdrawn and late rounds as 退出/未到). Front ends
//! render these values: the CLI's `xq event export --format html --form NAME`, its text and CSV
//! exports, and the desk's pages.
//!
//! - [`results_table()`]: 积分编排成绩表 (Swiss) — per round 对手 先后 and the cumulative 积分.
//! - [`cross_table()`]: 循环赛成绩表 (round robin) — every player against every other.
//! - [`pairing_record()`]: 编排记录表 (编排纪录公告) of a round, with the score before the round.
//! - [`standings()`]: the 名次 list.
//! - [`bracket()`]: the 对阵表 of the knockout stages (场分, 各局, 附加赛, 第三名决赛, 冠军).
//! - [`groups()`]: an event in stages: each group's 名次 with its tie-break columns and the line
//!   saying how equal scores were separated, a 循环赛成绩表 per group, the overall 名次.
//! - [`cards()`]: the 编排卡 of every player.
//! - [`scoresheets()`]: the 计分单 (个人记分表) of every board of a round.
//! - [`team_record()`], [`team_scoresheets()`]: a team event's 编排记录表 (each match with its
//!   boards, the line-ups' players, 局分 and 场分) and its 计分单, one per board.
//! - [`score_sheet()`]: the seed's second table, 象棋比赛积分编排表 (编号, 姓名, per round 对手号 and
//!   积分, 总分, 小分, 违例次数, 名次).
//!
//! Each model turns into a [`Sheet`] (caption, column heads, rows of cells, the lines under the
//! table, its page layout); [`html`] renders any sheet as a print-ready A4 document and
//! [`Sheet::text`] as aligned text.

pub mod bracket;
pub mod bracket_draw;
pub mod by_name;
pub mod cards;
pub mod cross_table;
pub mod groups;
pub mod html;
pub mod move_record;
pub mod pairing_record;
pub mod results_table;
pub mod score_sheet;
pub mod scoresheets;
pub mod seal_record;
pub mod standings;
pub mod team_record;
pub mod team_scoresheets;

pub use bracket::{BracketForm, BracketMatch, StageBracket, bracket};
pub use by_name::{FORM_NAMES, FormError, dated, form_html, form_sheet, round_robin};
pub use cards::{Card, CardRow, Cards, cards};
pub use cross_table::{CrossRow, CrossTable, cross_table, cross_table_of};
pub use groups::{GroupTable, Groups, OverallRow, groups};
pub use move_record::MoveRecord;
pub use pairing_record::{PairingRecord, RecordRow, pairing_record};
pub use results_table::{ResultsRow, ResultsTable, RoundCell, results_table};
pub use score_sheet::{ScoreSheet, ScoreSheetRow, score_sheet};
pub use scoresheets::{Scoresheet, Scoresheets, SheetSide, scoresheets};
pub use seal_record::SealRecord;
pub use standings::{Standings, StandingsRow, standings};
pub use team_record::{BoardPlayer, TeamGame, TeamMatch, TeamRecord, team_games, team_record};
pub use team_scoresheets::{TeamScoresheet, TeamScoresheets, TeamSheetSide, team_scoresheets};

use xiangqi_scheduling::tiebreak::Standing;
use xiangqi_scheduling::{GameResult, MatchResult, Side};

use crate::document::{Event, Pairing};
use crate::export::display_width;

/// How a printed sheet is laid out on A4.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Landscape (横向) rather than portrait.
    pub landscape: bool,
    /// Body font size in points.
    pub font_pt: f32,
    /// Table rows (or blocks, for cards and score sheets) on one printed page.
    pub per_page: usize,
}

/// One column head: its text and how many columns and head rows it spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    /// The words of the head.
    pub text: String,
    /// Columns spanned (at least 1).
    pub cols: usize,
    /// Head rows spanned (at least 1).
    pub rows: usize,
}

impl Head {
    /// A head over one column and one head row.
    pub fn one(text: impl Into<String>) -> Head {
        Head {
            text: text.into(),
            cols: 1,
            rows: 1,
        }
    }

    /// A head over `cols` columns.
    pub fn wide(text: impl Into<String>, cols: usize) -> Head {
        Head {
            text: text.into(),
            cols,
            rows: 1,
        }
    }

    /// A head over `rows` head rows.
    pub fn tall(text: impl Into<String>, rows: usize) -> Head {
        Head {
            text: text.into(),
            cols: 1,
            rows,
        }
    }
}

/// One block of a sheet: a table with its own heading line (a player's 编排卡, a board's 计分单),
/// or the sheet's one big table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// A line above the block's table (`单位：… 姓名：… 编号：…`); empty for none.
    pub heading: String,
    /// Column heads, row by row.
    pub head: Vec<Vec<Head>>,
    /// The body: rows of cells; a cell may hold several lines (`\n`).
    pub rows: Vec<Vec<String>>,
    /// Lines under the block's table (signature lines of a 计分单).
    pub foot: Vec<String>,
}

/// A form as the renderers see it: caption, blocks of tables, lines under them, layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// The form's title (积分编排成绩表, 编排纪录公告, …).
    pub title: String,
    /// The caption lines under the title: the event, its 组别, the round.
    pub caption: Vec<String>,
    /// Relative column widths (one per body column; empty = let the browser choose).
    pub widths: Vec<f32>,
    /// `true` when the sheet is one long table split over pages (its heads repeated); `false`
    /// when it is a run of small blocks, `layout.per_page` to a page.
    pub long_table: bool,
    /// The tables.
    pub blocks: Vec<Block>,
    /// Lines after the last table (轮空, 注, 编排长/裁判长 signature lines).
    pub notes: Vec<String>,
    /// The page layout.
    pub layout: Layout,
}

impl Sheet {
    /// The number of printed pages: rows (of a long table) or blocks, `layout.per_page` to a page.
    pub fn pages(&self) -> usize {
        let n = if self.long_table {
            self.blocks.first().map_or(0, |b| b.rows.len())
        } else {
            self.blocks.len()
        };
        n.div_ceil(self.layout.per_page.max(1)).max(1)
    }

    /// The sheet as aligned text (CJK characters count two columns; multi-line cells joined by
    /// a space; spanning heads written once over their first column).
    pub fn text(&self) -> String {
        let mut out = String::new();
        out.push_str(&self.title);
        out.push('\n');
        for c in &self.caption {
            out.push_str(c);
            out.push('\n');
        }
        for b in &self.blocks {
            if !b.heading.is_empty() {
                out.push_str(&b.heading);
                out.push('\n');
            }
            let ncols = b.rows.iter().map(Vec::len).max().unwrap_or(0);
            let mut rows: Vec<Vec<String>> = flat_head(&b.head, ncols);
            rows.extend(
                b.rows
                    .iter()
                    .map(|r| r.iter().map(|c| c.replace('\n', " ")).collect()),
            );
            out.push_str(&aligned(&rows));
            for f in &b.foot {
                out.push_str(f);
                out.push('\n');
            }
        }
        for n in &self.notes {
            out.push_str(n);
            out.push('\n');
        }
        out
    }
}

/// The heads as one text row per column: the last head row's text, or the spanning head above.
fn flat_head(head: &[Vec<Head>], ncols: usize) -> Vec<Vec<String>> {
    if head.is_empty() {
        return Vec::new();
    }
    // grid[row][col] = text placed there (the first column of each head)
    let mut grid = vec![vec![None::<String>; ncols]; head.len()];
    let mut taken = vec![vec![false; ncols]; head.len()];
    for (r, line) in head.iter().enumerate() {
        let mut c = 0;
        for h in line {
            while c < ncols && taken[r][c] {
                c += 1;
            }
            if c >= ncols {
                break;
            }
            grid[r][c] = Some(h.text.clone());
            for row in taken.iter_mut().skip(r).take(h.rows) {
                for cell in row.iter_mut().skip(c).take(h.cols) {
                    *cell = true;
                }
            }
            c += h.cols;
        }
    }
    if head.len() == 1 {
        return vec![
            grid[0]
                .iter()
                .map(|t| t.clone().unwrap_or_default())
                .collect(),
        ];
    }
    // two or more head rows: print them all
    grid.into_iter()
        .map(|r| r.into_iter().map(Option::unwrap_or_default).collect())
        .collect()
}

fn aligned(rows: &[Vec<String>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; cols];
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(display_width(c));
        }
    }
    let mut out = String::new();
    for r in rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c}{}", " ".repeat(widths[i] - display_width(c))))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// The event's first caption line: its name and 组别.
pub(crate) fn event_line(ev: &Event) -> String {
    if ev.division.is_empty() {
        ev.name.clone()
    } else {
        format!("{}  组别：{}", ev.name, ev.division)
    }
}

/// A rank as the forms show it: `3`, or `3=` when shared.
pub fn shown_rank(s: &Standing) -> String {
    format!("{}{}", s.rank, if s.shared { "=" } else { "" })
}

/// A standing's tie-break values as cells: a list (倒数轮积分 `7.5/6.5/6/…`) may wrap after each
/// `/` (a zero-width space after it), never inside a number.
pub fn tie_break_cells(s: &Standing) -> Vec<String> {
    s.tie_breaks
        .iter()
        .map(|v| crate::export::fmt_value(v).replace('/', "/\u{200B}"))
        .collect()
}

/// How a pairing went for one of its players, as the forms mark it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No result yet.
    Pending,
    /// Played over the board.
    Played,
    /// Won by forfeit (printed `+`).
    ForfeitWin,
    /// Lost by forfeit (printed `-`).
    ForfeitLoss,
    /// Both forfeited (printed `-`).
    DoubleForfeit,
}

impl Outcome {
    /// The mark printed after the cell: `+`, `-` or nothing.
    pub fn mark(self) -> &'static str {
        match self {
            Outcome::ForfeitWin => "+",
            Outcome::ForfeitLoss | Outcome::DoubleForfeit => "-",
            Outcome::Pending | Outcome::Played => "",
        }
    }
}

/// The outcome of `b` for player `no`: a single-game forfeit is `+`/`-`; a match counts as a
/// forfeit when every game of it was.
pub fn outcome(b: &Pairing, no: u32) -> Outcome {
    let Some(m) = b.result.as_deref().and_then(|r| MatchResult::parse(r).ok()) else {
        return Outcome::Pending;
    };
    let side = if b.red == no {
        Side::First
    } else {
        Side::Second
    };
    if m.games.iter().any(|g| g.played()) {
        return Outcome::Played;
    }
    let first_won = m.games.iter().all(|g| *g == GameResult::FirstWinsByForfeit);
    let second_won = m
        .games
        .iter()
        .all(|g| *g == GameResult::SecondWinsByForfeit);
    match (side, first_won, second_won) {
        (Side::First, true, _) | (Side::Second, _, true) => Outcome::ForfeitWin,
        (Side::First, _, true) | (Side::Second, true, _) => Outcome::ForfeitLoss,
        _ => Outcome::DoubleForfeit,
    }
}

/// What a player did in a round where they have no board: 轮空 (the bye), 退出 (withdrawn before
/// it), 未到 (entered later), 请假 (a requested bye), or nothing.
pub fn absence(ev: &Event, round: u32, no: u32) -> &'static str {
    let Some(r) = round.checked_sub(1).and_then(|i| ev.paired.get(i as usize)) else {
        return "";
    };
    let p = ev.player(no);
    if r.bye == Some(no) || r.byes.contains(&no) {
        "轮空"
    } else if p.and_then(|p| p.withdrawn).is_some_and(|w| round > w) {
        "退出"
    } else if p.and_then(|p| p.late).is_some_and(|l| round < l) {
        "未到"
    } else if p.is_some_and(|p| p.bye_requests.contains(&round)) {
        "请假"
    } else {
        ""
    }
}

#[cfg(test)]
pub(crate) mod test_event {
    use xiangqi_scheduling::{EventConfig, PointSystem};

    use crate::Event;

    /// A hand-made 4-player, 3-round Swiss event: round 1 `1-0` and a forfeit `-+`; round 2
    /// a draw and `1-0`; round 3 paired, no results. Players are 甲 乙 丙 丁 of 单位 A B C D.
    pub(crate) fn four() -> Event {
        let players = [
            ("甲", "中国火车头体育协会"),
            ("乙", "B"),
            ("丙", "C"),
            ("丁", "D"),
        ]
        .map(|(n, c)| (n.to_string(), c.to_string()))
        .to_vec();
        let mut ev = Event::new(
            "测试赛",
            "cn-1987",
            EventConfig {
                points: PointSystem::TwoOneZero,
                ..Default::default()
            },
            players,
            7,
            Some(3),
            false,
        )
        .unwrap();
        let r = ev.pair_next().unwrap().round;
        ev.set_result(r, 1, "1-0", (None, None), false).unwrap();
        ev.set_result(r, 2, "-+", (None, None), false).unwrap();
        let r = ev.pair_next().unwrap().round;
        ev.set_result(r, 1, "=", (None, None), false).unwrap();
        ev.set_result(r, 2, "1-0", (None, None), false).unwrap();
        ev.pair_next().unwrap();
        ev
    }
}
