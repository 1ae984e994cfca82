//! 计分单 (个人记分表, seed 002 (六)2): per board 台次, 红方 and 黑方 with 序号, 姓名, 成绩,
//! 用时 (left for the arbiter), 犯规, and the lines for both players and the arbiter to sign.
//! Printed six to an A4 page, every sheet with the same column widths.

use xiangqi_event::Event;
use xiangqi_event::RoundDate;
use xiangqi_scheduling::{GameResult, Points};

use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::event_line;

/// One side of a 计分单.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetSide {
    /// 序号.
    pub no: u32,
    /// 姓名.
    pub name: String,
    /// 成绩: 胜 / 和 / 负 / 弃权 for one game, the side's game points for a match, blank while open.
    pub score: String,
    /// 用时 (blank: filled by hand or from the game log).
    pub time: String,
    /// 犯规 as recorded (blank for none).
    pub fouls: String,
}

/// The 计分单 of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoresheet {
    /// 台次.
    pub board: u32,
    /// 红方.
    pub red: SheetSide,
    /// 黑方.
    pub black: SheetSide,
}

/// The 计分单 of every board of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoresheets {
    /// The event and its 组别.
    pub event: String,
    /// The round.
    pub round: u32,
    /// The round's date, when recorded: on every sheet's heading (a 计分单 is cut apart).
    pub date: Option<RoundDate>,
    /// One sheet per board.
    pub sheets: Vec<Scoresheet>,
}

/// Each side's word for a result on its 计分单: 胜, 和, 负, 弃权 for a single game; game points
/// (`1.5`) for a match; blank while open.
pub fn sheet_scores(result: Option<&str>) -> (String, String) {
    let Some(r) = result else {
        return (String::new(), String::new());
    };
    let words = |a: &str, b: &str| (a.to_string(), b.to_string());
    match r.parse::<GameResult>() {
        Ok(GameResult::FirstWins) => words("胜", "负"),
        Ok(GameResult::SecondWins) => words("负", "胜"),
        Ok(GameResult::Draw) => words("和", "和"),
        Ok(GameResult::FirstWinsByForfeit) => words("胜", "弃权"),
        Ok(GameResult::SecondWinsByForfeit) => words("弃权", "胜"),
        Ok(GameResult::DoubleForfeit) => words("弃权", "弃权"),
        Err(_) => match xiangqi_scheduling::MatchResult::parse(r) {
            Ok(m) => {
                use xiangqi_scheduling::Side;
                let p = |s| Points(m.game_points(s).0).to_string();
                (p(Side::First), p(Side::Second))
            }
            Err(_) => (String::new(), String::new()),
        },
    }
}

/// The 计分单 of `round`, or `None` when it is not paired.
pub fn scoresheets(ev: &Event, round: u32) -> Option<Scoresheets> {
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let name = |no: u32| {
        ev.player(no)
            .map_or_else(|| no.to_string(), |p| p.name.clone())
    };
    let fouls = |n: u32| if n > 0 { n.to_string() } else { String::new() };
    let sheets = r
        .boards
        .iter()
        .map(|b| {
            let (rs, bs) = sheet_scores(b.result.as_deref());
            Scoresheet {
                board: b.board,
                red: SheetSide {
                    no: b.red,
                    name: name(b.red),
                    score: rs,
                    time: String::new(),
                    fouls: fouls(b.red_fouls),
                },
                black: SheetSide {
                    no: b.black,
                    name: name(b.black),
                    score: bs,
                    time: String::new(),
                    fouls: fouls(b.black_fouls),
                },
            }
        })
        .collect();
    Some(Scoresheets {
        event: event_line(ev),
        round,
        date: ev.round_date(round).cloned(),
        sheets,
    })
}

impl Scoresheets {
    /// The printed sheet: one block per board, six to a portrait page, all with one set of
    /// column widths.
    pub fn sheet(&self) -> Sheet {
        let blocks = self
            .sheets
            .iter()
            .map(|s| {
                let side = |label: &str, x: &SheetSide| {
                    vec![
                        s.board.to_string(),
                        label.to_string(),
                        x.no.to_string(),
                        x.name.clone(),
                        x.score.clone(),
                        x.time.clone(),
                        x.fouls.clone(),
                    ]
                };
                Block {
                    heading: format!(
                        "{}　第 {} 轮　第 {} 台{}",
                        self.event,
                        self.round,
                        s.board,
                        date_suffix(self.date.as_ref())
                    ),
                    head: vec![
                        ["台次", "先后手", "序号", "姓名", "成绩", "用时", "犯规"]
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
            caption: vec![format!("{}　第 {} 轮", self.event, self.round)],
            widths: vec![3.0, 4.0, 3.0, 10.0, 4.0, 5.0, 3.0],
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

/// `　2026-11-28` after a sheet's heading, or nothing.
pub(crate) fn date_suffix(date: Option<&RoundDate>) -> String {
    date.map_or(String::new(), |d| format!("　{d}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;

    #[test]
    fn words_for_results_and_forfeits() {
        let ev = four();
        let s = scoresheets(&ev, 1).unwrap();
        assert_eq!(s.sheets.len(), 2);
        assert_eq!(
            (
                s.sheets[0].red.score.as_str(),
                s.sheets[0].black.score.as_str()
            ),
            ("胜", "负")
        );
        assert_eq!(
            (
                s.sheets[1].red.score.as_str(),
                s.sheets[1].black.score.as_str()
            ),
            ("弃权", "胜")
        );
        let open = scoresheets(&ev, 3).unwrap();
        assert!(open.sheets.iter().all(|s| s.red.score.is_empty()));
        assert_eq!(sheet_scores(Some("1-0 =")), ("1.5".into(), "0.5".into()));
        assert!(scoresheets(&ev, 9).is_none());
        let sheet = s.sheet();
        assert!(
            sheet
                .blocks
                .iter()
                .all(|b| b.rows.iter().all(|r| r.len() == sheet.widths.len()))
        );
    }
}
