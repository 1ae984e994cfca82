//! The forms by the names `xq event export --format html --form NAME` takes and the desk's
//! print views use: one table from name to model, so that both print the same sheet.

use xiangqi_scheduling::tiebreak::Standing;

use super::Sheet;
use crate::document::Event;

/// Every form name, in the order the CLI's help lists them.
pub const FORM_NAMES: [&str; 11] = [
    "table",
    "cross",
    "record",
    "standings",
    "cards",
    "scoresheets",
    "points-table",
    "groups",
    "groups-cross",
    "overall",
    "bracket",
];

/// Why a form cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    /// No form of that name.
    #[error("--form {0}: expected {list}", list = FORM_NAMES.join(", "))]
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

/// `true` for a one-stage event paired by a predetermined schedule (a round robin): its 成绩表
/// is the 循环赛成绩表.
pub fn round_robin(ev: &Event) -> bool {
    !ev.staged() && ev.config.pairing_system().is_ok_and(|p| p.predetermined)
}

/// The sheet of form `name` (`table` is the 循环赛成绩表 of a round robin, the 积分编排成绩表
/// otherwise); `round` (default: the last paired) for the forms of one round.
pub fn form_sheet(
    ev: &Event,
    st: &[Standing],
    name: &str,
    round: Option<u32>,
) -> Result<Sheet, FormError> {
    let round = || {
        let r = round.unwrap_or(ev.paired.len() as u32);
        if r == 0 || r as usize > ev.paired.len() {
            Err(FormError::RoundNotPaired(r))
        } else {
            Ok(r)
        }
    };
    let staged = || {
        if ev.staged() {
            Ok(super::groups(ev))
        } else {
            Err(FormError::NotStaged(name.to_string()))
        }
    };
    let team = ev.config.team_boards > 0;
    // the round whose date the caption carries: the form's own round, else the last complete
    let dated_round = match name {
        "record" | "scoresheets" => round()?,
        _ => ev.complete_rounds(),
    };
    let sheet = match name {
        "table" if round_robin(ev) => super::cross_table(ev, st).sheet(),
        "table" => super::results_table(ev, st).sheet(),
        "cross" => super::cross_table(ev, st).sheet(),
        "record" if team => {
            let r = round()?;
            super::team_record(ev, r)
                .ok_or(FormError::RoundNotPaired(r))?
                .sheet()
        }
        "record" => {
            let r = round()?;
            super::pairing_record(ev, r)
                .ok_or(FormError::RoundNotPaired(r))?
                .sheet()
        }
        "standings" => super::standings(ev, st).sheet(),
        "cards" => super::cards(ev).sheet(),
        "scoresheets" if team => {
            let r = round()?;
            super::team_scoresheets(ev, r)
                .ok_or(FormError::RoundNotPaired(r))?
                .sheet()
        }
        "scoresheets" => {
            let r = round()?;
            super::scoresheets(ev, r)
                .ok_or(FormError::RoundNotPaired(r))?
                .sheet()
        }
        "points-table" => super::score_sheet(ev, st).sheet(),
        "groups" => staged()?.sheet(),
        "groups-cross" => staged()?.cross_sheet(),
        "overall" => staged()?.overall_sheet(),
        "bracket" if ev.stages.iter().any(|s| s.system.is_knockout()) => super::bracket(ev).sheet(),
        "bracket" => return Err(FormError::NoKnockout),
        o => return Err(FormError::Unknown(o.to_string())),
    };
    Ok(dated(ev, dated_round, sheet))
}

/// `sheet` with the date of round `round` (when one is recorded) as its last caption line
/// (`日期：2026-11-28`): a form of a round carries that round's date, a form after round N
/// round N's; with none recorded the caption has no date (a front end may add the day it
/// prints).
pub fn dated(ev: &Event, round: u32, mut sheet: Sheet) -> Sheet {
    if let Some(d) = ev.caption_date(round) {
        sheet.caption.push(d);
    }
    sheet
}

/// The print-ready A4 document of form `name` ([`form_sheet`] through [`super::html`]); the
/// `bracket` form draws the 对阵图 ([`super::bracket_draw`]) on its first pages, before the
/// 对阵表. The CLI's `--format html --form NAME` and the desk's print view are this document.
pub fn form_html(
    ev: &Event,
    st: &[Standing],
    name: &str,
    round: Option<u32>,
) -> Result<String, FormError> {
    let sheet = form_sheet(ev, st, name, round)?;
    if name != "bracket" {
        return Ok(super::html::render(&sheet));
    }
    let drawings = super::bracket_draw::drawings(ev, &super::bracket_draw::DrawWords::ZH);
    let figures: Vec<Vec<(String, String)>> = super::bracket_draw::pages(&drawings)
        .into_iter()
        .map(|page| {
            page.iter()
                .map(|d| (d.title.clone(), d.svg("对阵图")))
                .collect()
        })
        .collect();
    Ok(super::html::render_with(&sheet, &figures))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_event::four;

    #[test]
    fn every_name_makes_its_form_or_says_why_not() {
        let ev = four();
        let st = ev.standings(None);
        for name in FORM_NAMES {
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
        ev.set_round_date(1, Some("2026-11-27".parse().unwrap()))
            .unwrap();
        ev.set_round_date(2, Some("2026-11-28".parse().unwrap()))
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
        let ev = crate::forms::team_record::tests::teams();
        let st = ev.standings(None);
        let rec = form_sheet(&ev, &st, "record", Some(1)).unwrap();
        assert_eq!(rec.blocks.len(), 2, "one block per match");
        assert!(rec.caption.iter().any(|c| c.contains("团体赛")));
        let sheets = form_sheet(&ev, &st, "scoresheets", Some(1)).unwrap();
        assert_eq!(sheets.blocks.len(), 4, "one 计分单 per board");
    }
}
