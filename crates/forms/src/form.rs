//! The forms by the names `xq event export --format html --form NAME` takes and the desk's
//! print views use: one table from name to model, so that both print the same sheet.

use std::fmt;
use std::str::FromStr;

use xiangqi_event::Event;
use xiangqi_scheduling::tiebreak::Standing;

use crate::bracket::bracket;
use crate::bracket_draw::{DrawWords, drawings, pages};
use crate::cards::cards;
use crate::cross_table::cross_table;
use crate::groups::groups;
use crate::pairing_record::pairing_record;
use crate::results_table::results_table;
use crate::score_sheet::score_sheet;
use crate::scoresheets::scoresheets;
use crate::sheet::Sheet;
use crate::standings::standings;
use crate::team_record::team_record;
use crate::team_scoresheets::team_scoresheets;

/// A printed form of an event, by the name `--form NAME` and the desk's print pages
/// (`/e/FILE/print/NAME`) give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `table`: 成绩表 — the 积分编排成绩表 (per round 对手, 先后 and the cumulative 积分), the
    /// 循环赛成绩表 of a round robin.
    Table,
    /// `cross`: 循环赛成绩表 — every player against every other.
    Cross,
    /// `record`: 编排记录表 (编排纪录公告) of a round; a team event's with each match's boards.
    Record,
    /// `standings`: 名次.
    Standings,
    /// `cards`: the 编排卡 of every player.
    Cards,
    /// `scoresheets`: the 计分单 of every board of a round.
    Scoresheets,
    /// `points-table`: 象棋比赛积分编排表 (seed 002's second table).
    PointsTable,
    /// `groups`: an event in stages — each group's 名次 with its tie-break columns.
    Groups,
    /// `groups-cross`: an event in stages — the 循环赛成绩表 of every round-robin group.
    GroupsCross,
    /// `overall`: 总名次 of an event of two stages or more.
    Overall,
    /// `bracket`: 对阵表 of the knockout stages, after the 对阵图.
    Bracket,
}

/// Why a form cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// No form of that name.
    #[error("--form {0}: expected {list}", list = Form::ALL.map(Form::name).join(", "))]
    Unknown(String),
    /// The form is of a round that is not paired.
    #[error("round {0} is not paired")]
    RoundNotPaired(u32),
    /// The event has no knockout stage to draw.
    #[error("--form bracket: the event has no knockout stage")]
    NoKnockout,
    /// The form is of an event in stages only.
    #[error("--form {0}: the event has no stages")]
    NotStaged(String),
}

impl Form {
    /// Every form, in the order the CLI's help lists them.
    pub const ALL: [Form; 11] = [
        Form::Table,
        Form::Cross,
        Form::Record,
        Form::Standings,
        Form::Cards,
        Form::Scoresheets,
        Form::PointsTable,
        Form::Groups,
        Form::GroupsCross,
        Form::Overall,
        Form::Bracket,
    ];

    /// The name `--form` and the print pages' addresses take (`table`, `points-table`, …).
    pub fn name(self) -> &'static str {
        match self {
            Form::Table => "table",
            Form::Cross => "cross",
            Form::Record => "record",
            Form::Standings => "standings",
            Form::Cards => "cards",
            Form::Scoresheets => "scoresheets",
            Form::PointsTable => "points-table",
            Form::Groups => "groups",
            Form::GroupsCross => "groups-cross",
            Form::Overall => "overall",
            Form::Bracket => "bracket",
        }
    }

    /// The form's Chinese name (成绩表, 编排记录表, …).
    pub fn chinese(self) -> &'static str {
        match self {
            Form::Table => "成绩表",
            Form::Cross => "循环赛成绩表",
            Form::Record => "编排记录表",
            Form::Standings => "名次",
            Form::Cards => "编排卡",
            Form::Scoresheets => "计分单",
            Form::PointsTable => "象棋比赛积分编排表",
            Form::Groups => "分组成绩表",
            Form::GroupsCross => "分组循环赛成绩表",
            Form::Overall => "总名次",
            Form::Bracket => "对阵表",
        }
    }

    /// The form's sheet as it is printed: `round` (default: the last paired) for the forms of
    /// one round (`record`, `scoresheets`); `st`, the standings, for the forms that rank. The
    /// caption's last line is the date of the form's round, or of the last complete round for
    /// the forms after a round, when one is recorded ([`Sheet::dated`]).
    pub fn sheet(
        self,
        ev: &Event,
        st: &[Standing],
        round: Option<u32>,
    ) -> Result<Sheet, FormError> {
        let round = checked_round(ev, round);
        // the round whose date the caption carries: the form's own, else the last complete
        let dated_round = match self {
            Form::Record | Form::Scoresheets => round.clone()?,
            _ => ev.complete_rounds(),
        };
        Ok(self.undated_sheet(ev, st, round)?.dated(ev, dated_round))
    }

    /// The form's sheet without the date line of [`Form::sheet`]: the desk's standings and
    /// bracket pages show these.
    pub fn undated(
        self,
        ev: &Event,
        st: &[Standing],
        round: Option<u32>,
    ) -> Result<Sheet, FormError> {
        self.undated_sheet(ev, st, checked_round(ev, round))
    }

    /// The sheet of the form; `round`, when the form is of one round, checked already.
    fn undated_sheet(
        self,
        ev: &Event,
        st: &[Standing],
        round: Result<u32, FormError>,
    ) -> Result<Sheet, FormError> {
        let round = || round.clone();
        let staged = || {
            if ev.staged() {
                Ok(groups(ev))
            } else {
                Err(FormError::NotStaged(self.name().to_string()))
            }
        };
        let team = ev.config.team_boards > 0;
        Ok(match self {
            Form::Table if round_robin(ev) => cross_table(ev, st).sheet(),
            Form::Table => results_table(ev, st).sheet(),
            Form::Cross => cross_table(ev, st).sheet(),
            Form::Record if team => {
                let r = round()?;
                team_record(ev, r)
                    .ok_or(FormError::RoundNotPaired(r))?
                    .sheet()
            }
            Form::Record => {
                let r = round()?;
                pairing_record(ev, r)
                    .ok_or(FormError::RoundNotPaired(r))?
                    .sheet()
            }
            Form::Standings => standings(ev, st).sheet(),
            Form::Cards => cards(ev).sheet(),
            Form::Scoresheets if team => {
                let r = round()?;
                team_scoresheets(ev, r)
                    .ok_or(FormError::RoundNotPaired(r))?
                    .sheet()
            }
            Form::Scoresheets => {
                let r = round()?;
                scoresheets(ev, r)
                    .ok_or(FormError::RoundNotPaired(r))?
                    .sheet()
            }
            Form::PointsTable => score_sheet(ev, st).sheet(),
            Form::Groups => staged()?.sheet(),
            Form::GroupsCross => staged()?.cross_sheet(),
            Form::Overall => staged()?.overall_sheet(),
            Form::Bracket if ev.stages.iter().any(|s| s.system.is_knockout()) => {
                bracket(ev).sheet()
            }
            Form::Bracket => return Err(FormError::NoKnockout),
        })
    }

    /// The print-ready A4 document of the form ([`Form::sheet`] as [`Sheet::html`]); the
    /// `bracket` form draws the 对阵图 on its first pages, before the 对阵表. The CLI's
    /// `--format html --form NAME` and the desk's print view are this document.
    pub fn html(
        self,
        ev: &Event,
        st: &[Standing],
        round: Option<u32>,
    ) -> Result<String, FormError> {
        let sheet = self.sheet(ev, st, round)?;
        if self != Form::Bracket {
            return Ok(sheet.html());
        }
        let drawings = drawings(ev, &DrawWords::ZH);
        let figures: Vec<Vec<(String, String)>> = pages(&drawings)
            .into_iter()
            .map(|page| {
                page.iter()
                    .map(|d| (d.title.clone(), d.svg("对阵图")))
                    .collect()
            })
            .collect();
        Ok(crate::html::render_with(&sheet, &figures))
    }
}

/// Round `round` (default: the last paired) when it is paired.
fn checked_round(ev: &Event, round: Option<u32>) -> Result<u32, FormError> {
    let r = round.unwrap_or(ev.paired.len() as u32);
    if r == 0 || r as usize > ev.paired.len() {
        Err(FormError::RoundNotPaired(r))
    } else {
        Ok(r)
    }
}

impl FromStr for Form {
    type Err = FormError;

    /// A form by its name (`table`, `points-table`, …); any other name is
    /// [`FormError::Unknown`].
    fn from_str(name: &str) -> Result<Form, FormError> {
        Form::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| FormError::Unknown(name.to_string()))
    }
}

impl fmt::Display for Form {
    /// The form's name, as `--form` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The forms of the desk's standings page, without their date lines: 名次 and the 成绩表 (a round
/// robin's 循环赛成绩表) of a one-stage event once it has standings; for an event in stages the
/// 总名次 (of two stages or more), each group's table and each round-robin group's 循环赛成绩表,
/// where there are any.
pub fn standings_forms(ev: &Event) -> Vec<(Form, Sheet)> {
    if ev.staged() {
        let g = groups(ev);
        let mut v = Vec::new();
        if !g.overall.is_empty() {
            v.push((Form::Overall, g.overall_sheet()));
        }
        if !g.tables.is_empty() {
            v.push((Form::Groups, g.sheet()));
        }
        if g.tables.iter().any(|t| t.cross.is_some()) {
            v.push((Form::GroupsCross, g.cross_sheet()));
        }
        v
    } else {
        let st = ev.standings(None);
        if st.is_empty() {
            return Vec::new();
        }
        vec![
            (Form::Standings, standings(ev, &st).sheet()),
            (
                Form::Table,
                Form::Table
                    .sheet(ev, &st, None)
                    .unwrap_or_else(|_| results_table(ev, &st).sheet()),
            ),
        ]
    }
}

/// `true` for a one-stage event paired by a predetermined schedule (a round robin): its 成绩表
/// is the 循环赛成绩表.
pub(crate) fn round_robin(ev: &Event) -> bool {
    !ev.staged() && ev.config.pairing_system().is_ok_and(|p| p.predetermined)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;
    use xiangqi_event::Edit;

    /// The sheet of the form named `name`, as the CLI's `--form NAME` and the desk's print view
    /// ask for it.
    fn form_sheet(
        ev: &Event,
        st: &[Standing],
        name: &str,
        round: Option<u32>,
    ) -> Result<Sheet, FormError> {
        name.parse::<Form>()?.sheet(ev, st, round)
    }

    #[test]
    fn every_form_has_its_name_and_its_chinese_name() {
        for f in Form::ALL {
            assert_eq!(f.name().parse::<Form>(), Ok(f));
            assert_eq!(f.to_string(), f.name());
            assert!(!f.chinese().is_ascii(), "{f}");
        }
        assert_eq!(Form::Record.chinese(), "编排记录表");
    }

    #[test]
    fn every_name_makes_its_form_or_says_why_not() {
        let ev = four();
        let st = ev.standings(None);
        for name in Form::ALL.map(Form::name) {
            match form_sheet(&ev, &st, name, None) {
                Ok(s) => assert!(!s.title.is_empty(), "{name}"),
                Err(FormError::NoKnockout) => assert_eq!(name, "bracket"),
                Err(e) => assert_eq!(e, FormError::NotStaged(name.into())),
            }
        }
        assert_eq!(
            form_sheet(&ev, &st, "record", Some(4)),
            Err(FormError::RoundNotPaired(4))
        );
        let e = form_sheet(&ev, &st, "nope", None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("--form nope: expected table, cross")
        );
        assert_eq!(
            form_sheet(&ev, &st, "table", None).unwrap().title,
            "积分编排成绩表"
        );
    }

    /// A form of a round carries that round's date; a form after round N round N's; no date
    /// recorded, no date line.
    #[test]
    fn captions_carry_the_round_date() {
        let mut ev = four();
        let st = ev.standings(None);
        for name in ["record", "scoresheets", "table", "standings"] {
            let s = form_sheet(&ev, &st, name, Some(1)).unwrap();
            assert!(!s.caption.iter().any(|c| c.starts_with("日期")), "{name}");
        }
        Edit::new(&mut ev)
            .set_round_date(1, Some("2026-11-27".parse().unwrap()))
            .unwrap();
        Edit::new(&mut ev)
            .set_round_date(2, Some("2026-11-28".parse().unwrap()))
            .unwrap();
        let st = ev.standings(None);
        let last = |name: &str, round| {
            form_sheet(&ev, &st, name, round)
                .unwrap()
                .caption
                .last()
                .cloned()
                .unwrap()
        };
        assert_eq!(last("record", Some(1)), "日期：2026-11-27");
        assert_eq!(last("scoresheets", Some(2)), "日期：2026-11-28");
        // round 3 is paired but has no date
        assert!(!last("record", None).starts_with("日期"));
        // two rounds complete: the tables after round 2 carry its date
        for name in ["table", "standings", "points-table", "cards"] {
            assert_eq!(last(name, None), "日期：2026-11-28", "{name}");
        }
    }

    #[test]
    fn a_team_event_prints_its_team_record_and_a_scoresheet_per_board() {
        let ev = crate::team_record::tests::teams();
        let st = ev.standings(None);
        let rec = form_sheet(&ev, &st, "record", Some(1)).unwrap();
        assert_eq!(rec.blocks.len(), 2, "one block per match");
        assert!(rec.caption.iter().any(|c| c.contains("团体赛")));
        let sheets = form_sheet(&ev, &st, "scoresheets", Some(1)).unwrap();
        assert_eq!(sheets.blocks.len(), 4, "one 计分单 per board");
    }
}
