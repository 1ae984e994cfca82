//! The 计分单 of a team round: **one per board** (a team 计分单 is one per board) — the event,
//! round, match (场次) and board (台次), and for red and black the team, the player's roster
//! number and name, the result, 用时 and 犯规, with lines for both players and the arbiter to
//! sign. Printed six to an A4 page, every sheet with the same column widths.

use xiangqi_event::Event;
use xiangqi_event::RoundDate;
use xiangqi_scheduling::GameResult;

use crate::scoresheets::date_suffix;
use crate::sheet::{Block, Head, Layout, Sheet};
use crate::team_record::{BoardPlayer, team_games};
use crate::words::event_line;

/// One side of a team 计分单.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSheetSide {
    /// The player and their team.
    pub player: BoardPlayer,
    /// 成绩: 胜 / 和 / 负 / 弃权; blank while open.
    pub score: String,
}

/// The 计分单 of one board of a team match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamScoresheet {
    /// 场次 (the match's table number).
    pub table: u32,
    /// 台次 within the match.
    pub board: u32,
    /// 红方.
    pub red: TeamSheetSide,
    /// 黑方.
    pub black: TeamSheetSide,
}

/// The 计分单 of every board of every match of a team round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamScoresheets {
    /// The event and its 组别.
    pub event: String,
    /// The round.
    pub round: u32,
    /// The round's date, when recorded.
    pub date: Option<RoundDate>,
    /// One sheet per board, match by match.
    pub sheets: Vec<TeamScoresheet>,
}

/// Red's and black's words for a board's result (seen from red).
fn words(r: Option<GameResult>) -> (&'static str, &'static str) {
    match r {
        None => ("", ""),
        Some(GameResult::FirstWins) => ("胜", "负"),
        Some(GameResult::Draw) => ("和", "和"),
        Some(GameResult::SecondWins) => ("负", "胜"),
        Some(GameResult::FirstWinsByForfeit) => ("胜", "弃权"),
        Some(GameResult::SecondWinsByForfeit) => ("弃权", "胜"),
        Some(GameResult::DoubleForfeit) => ("弃权", "弃权"),
    }
}

/// The team 计分单 of `round`, or `None` when it is not paired.
pub fn team_scoresheets(ev: &Event, round: u32) -> Option<TeamScoresheets> {
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let sheets = r
        .boards
        .iter()
        .flat_map(|b| {
            team_games(ev, round, b).into_iter().map(|g| {
                let (rs, bs) = words(g.result);
                TeamScoresheet {
                    table: b.board,
                    board: g.board,
                    red: TeamSheetSide {
                        player: g.red,
                        score: rs.into(),
                    },
                    black: TeamSheetSide {
                        player: g.black,
                        score: bs.into(),
                    },
                }
            })
        })
        .collect();
    Some(TeamScoresheets {
        event: event_line(ev),
        round,
        date: ev.round_date(round).cloned(),
        sheets,
    })
}

impl TeamScoresheets {
    /// The printed sheet: one block per board, six to a portrait page.
    pub fn sheet(&self) -> Sheet {
        let blocks = self
            .sheets
            .iter()
            .map(|s| {
                let side = |label: &str, x: &TeamSheetSide| {
                    vec![
                        s.board.to_string(),
                        label.to_string(),
                        x.player.team.clone(),
                        x.player.member.to_string(),
                        x.player.name.clone(),
                        x.score.clone(),
                        String::new(),
                        String::new(),
                    ]
                };
                Block {
                    heading: format!(
                        "{}　第 {} 轮　第 {} 场　第 {} 台{}",
                        self.event,
                        self.round,
                        s.table,
                        s.board,
                        date_suffix(self.date.as_ref())
                    ),
                    head: vec![
                        [
                            "台次",
                            "先后手",
                            "队名",
                            "序号",
                            "姓名",
                            "成绩",
                            "用时",
                            "犯规",
                        ]
                        .map(Head::one)
                        .to_vec(),
                    ],
                    rows: vec![side("红方", &s.red), side("黑方", &s.black)],
                    foot: vec!["红方：　　　　　　　黑方：　　　　　　　裁判员：".into()],
                }
            })
            .collect();
        Sheet {
            title: "计分单".into(),
            caption: vec![format!("{}　第 {} 轮（团体赛）", self.event, self.round)],
            widths: vec![3.0, 4.0, 12.0, 3.0, 6.0, 4.0, 4.0, 3.0],
            long_table: false,
            blocks,
            notes: Vec::new(),
            layout: Layout {
                landscape: false,
                font_pt: 10.0,
                per_page: 6,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_record::tests::teams;
    use xiangqi_event::Edit;

    #[test]
    fn one_sheet_per_board_with_the_individual_players() {
        let mut ev = teams();
        Edit::new(&mut ev)
            .set_round_date(1, Some("2026-11-28".parse().unwrap()))
            .unwrap();
        let s = team_scoresheets(&ev, 1).unwrap();
        // two matches of two boards
        assert_eq!(s.sheets.len(), 4);
        assert_eq!(
            s.sheets
                .iter()
                .map(|x| (x.table, x.board))
                .collect::<Vec<_>>(),
            [(1, 1), (1, 2), (2, 1), (2, 2)]
        );
        let first = &s.sheets[0];
        // 甲's recorded line-up (1, 3): 甲1 on board 1, 甲3 on board 2
        let jia: Vec<(u32, &str)> = s.sheets[..2]
            .iter()
            .flat_map(|x| [&x.red.player, &x.black.player])
            .filter(|p| p.team == "甲队")
            .map(|p| (p.member, p.name.as_str()))
            .collect();
        assert_eq!(jia, [(1, "甲1"), (3, "甲3")]);
        assert_eq!(
            (first.red.score.as_str(), first.black.score.as_str()),
            ("胜", "负")
        );
        assert_eq!(
            (
                s.sheets[1].red.score.as_str(),
                s.sheets[1].black.score.as_str()
            ),
            ("和", "和")
        );
        assert!(s.sheets[2..].iter().all(|x| x.red.score.is_empty()));
        let sheet = s.sheet();
        assert_eq!(sheet.blocks.len(), 4);
        assert!(
            sheet.blocks[3]
                .heading
                .ends_with("第 1 轮　第 2 场　第 2 台　2026-11-28"),
            "{}",
            sheet.blocks[3].heading
        );
        assert_eq!(sheet.blocks[0].rows[0][1], "红方");
        assert_eq!(sheet.blocks[0].rows[0][4], first.red.player.name);
        assert_eq!(sheet.blocks[0].rows[1][2], first.black.player.team);
        assert!(
            sheet
                .blocks
                .iter()
                .all(|b| b.rows.iter().all(|r| r.len() == sheet.widths.len()))
        );
        assert!(team_scoresheets(&ev, 2).is_none());
    }
}
