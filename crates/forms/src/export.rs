//! Views of an event: CSV and JSON standings, the standings and a round's pairing as `xq event`
//! prints them, the text 编排记录表, 成绩表 and 循环赛成绩表 (the printed forms are [`Form`];
//! FIDE TRF is `xiangqi_event::trf`).

use std::fmt::Write as _;

use xiangqi_event::{Event, chain_names};
use xiangqi_scheduling::tiebreak::Standing;

use crate::cross_table::cross_table;
use crate::form::{Form, FormError, round_robin};
use crate::pairing_record::pairing_record;
use crate::results_table::results_table;
use crate::sheet::aligned as table;
use crate::staged::{staged_pairing_text, staged_standings_text, stages_json};
use crate::words::{division_suffix, fmt_value, player_note, score_name};

impl Form {
    /// The form as text, as `xq event export --format record|table` prints it: the 编排记录表
    /// of `round` (default: the last paired; a team event's with each match's boards), the
    /// 成绩表 (a round robin's 循环赛成绩表), the 循环赛成绩表; any other form its sheet as
    /// aligned text ([`Sheet::text`](crate::Sheet::text)).
    pub fn text(
        self,
        ev: &Event,
        st: &[Standing],
        round: Option<u32>,
    ) -> Result<String, FormError> {
        Ok(match self {
            Form::Record if ev.config.team_boards == 0 => {
                let r = round.unwrap_or(ev.paired.len() as u32);
                pairing_record_text(ev, r).ok_or(FormError::RoundNotPaired(r))?
            }
            Form::Table if !round_robin(ev) => results_table_text(ev, st),
            Form::Table | Form::Cross => cross_table_text(ev, st),
            f => f.sheet(ev, st, round)?.text(),
        })
    }
}

/// Round `round` as `xq event pair` prints it: the 编排记录表 as text, or for an event in
/// stages its stage, round, play-off, boards with their brackets and byes; empty for a round
/// that is not paired.
pub fn round_text(ev: &Event, round: u32) -> String {
    if ev.staged() {
        staged_pairing_text(ev, round)
    } else {
        pairing_record_text(ev, round).unwrap_or_default()
    }
}

/// The standings as `xq event standings` prints them: aligned text of 名次, 代号, 姓名, 单位,
/// 积分 and the chain's columns; for an event in stages the overall order (of two stages or
/// more), then each stage's (each group's) — a knockout's points are its matches won (胜场).
pub fn standings_text(ev: &Event, st: &[Standing]) -> String {
    if ev.staged() {
        staged_standings_text(ev, st)
    } else {
        plain_standings_text(ev, st)
    }
}

/// The standings as `xq event standings --json` prints them: `{"standings": […]}` as in
/// [`event_json`], and for an event in stages `"stages"`, each stage's groups' standings.
pub fn standings_json(ev: &Event, st: &[Standing]) -> serde_json::Value {
    let mut v = serde_json::json!({"standings": event_json(ev, st)["standings"]});
    if ev.staged() {
        v["stages"] = stages_json(ev);
    }
    v
}

/// The standings of a one-stage event as aligned text: 名次, 代号, 姓名, 单位, 积分, the chain's
/// columns.
fn plain_standings_text(ev: &Event, st: &[Standing]) -> String {
    let mut rows = vec![
        ["名次", "代号", "姓名", "单位", score_name(ev)]
            .iter()
            .map(|s| s.to_string())
            .chain(chain_names(ev))
            .collect::<Vec<_>>(),
    ];
    // 备注: a withdrawn or late player is marked (only when there is one)
    let notes = st.iter().any(|s| !player_note(ev, s.no).is_empty());
    if notes {
        rows[0].push("备注".into());
    }
    for s in st {
        let p = ev.player(s.no);
        let mut r = vec![
            format!("{}{}", s.rank, if s.shared { "=" } else { "" }),
            s.no.to_string(),
            p.map_or(String::new(), |p| p.name.clone()),
            p.map_or(String::new(), |p| p.club.clone()),
            fmt_value(&[s.points]),
        ];
        r.extend(s.tie_breaks.iter().map(|v| fmt_value(v)));
        if notes {
            r.push(player_note(ev, s.no));
        }
        rows.push(r);
    }
    table(&rows)
}

/// CSV standings (`rank,no,name,club,points,<criteria ids>`).
///
/// Written by the `csv` crate (RFC 4180 quoting). Text cells that a spreadsheet program would
/// run as a formula — starting with `=`, `+`, `-`, `@`, a tab or a carriage return — are
/// prefixed with `'` (the OWASP "CSV injection" advice), so `=cmd|' /C calc'!A0` as a player's
/// name is shown as text, never executed. The CSV writer's errors are returned, not dropped.
pub fn standings_csv(ev: &Event, st: &[Standing]) -> Result<String, csv::Error> {
    csv_text(ev, st, CsvHeaders::English)
}

/// The language of a CSV export's header line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CsvHeaders {
    /// `rank,shared,no,name,club,points,<criteria ids>` (the stable, machine-read header).
    #[default]
    English,
    /// `名次,并列,代号,姓名,单位,积分,<the chain's Chinese names>` (场分 for matches).
    Chinese,
}

/// The standings as a CSV file for spreadsheet programs: a UTF-8 byte-order mark first (so that
/// they read the Chinese names), headers in the chosen language, one row per standing,
/// formula-like cells neutralised as [`standings_csv`] does. The CSV writer's errors are
/// returned, not dropped.
pub fn standings_csv_file(
    ev: &Event,
    st: &[Standing],
    headers: CsvHeaders,
) -> Result<String, csv::Error> {
    Ok(format!("\u{feff}{}", csv_text(ev, st, headers)?))
}

/// The standings' CSV text (no byte-order mark) with headers in the chosen language.
fn csv_text(ev: &Event, st: &[Standing], headers: CsvHeaders) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let header: Vec<String> = match headers {
        CsvHeaders::English => ["rank", "shared", "no", "name", "club", "points"]
            .map(String::from)
            .into_iter()
            .chain(ev.config.chain())
            .collect(),
        CsvHeaders::Chinese => ["名次", "并列", "代号", "姓名", "单位", score_name(ev)]
            .map(String::from)
            .into_iter()
            .chain(chain_names(ev))
            .collect(),
    };
    w.write_record(&header)?;
    for s in st {
        let p = ev.player(s.no);
        let shared = match headers {
            CsvHeaders::English => s.shared.to_string(),
            CsvHeaders::Chinese => if s.shared { "是" } else { "" }.to_string(),
        };
        let mut row = vec![
            s.rank.to_string(),
            shared,
            s.no.to_string(),
            spreadsheet_safe(p.map_or("", |p| &p.name)),
            spreadsheet_safe(p.map_or("", |p| &p.club)),
            fmt_value(&[s.points]),
        ];
        row.extend(s.tie_breaks.iter().map(|v| fmt_value(v)));
        // a knockout's places carry no chain values: every row has every column
        row.resize(header.len(), String::new());
        w.write_record(&row)?;
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    String::from_utf8(bytes)
        .map_err(|e| csv::Error::from(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// A text cell that no spreadsheet program runs as a formula: a leading `=`, `+`, `-`, `@`, tab
/// or carriage return gets a `'` before it.
fn spreadsheet_safe(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_string()
    }
}

/// JSON: the event's rounds and the standings.
pub fn event_json(ev: &Event, st: &[Standing]) -> serde_json::Value {
    let players: Vec<_> = ev
        .players
        .iter()
        .map(|p| serde_json::json!({"no": p.no, "name": p.name, "club": p.club}))
        .collect();
    let rounds: Vec<_> = ev
        .paired
        .iter()
        .map(|r| {
            serde_json::json!({
                "round": r.round,
                "bye": r.bye,
                "boards": r.boards.iter().map(|b| serde_json::json!({
                    "board": b.board, "red": b.red, "black": b.black, "result": b.result,
                    "red_fouls": b.red_fouls, "black_fouls": b.black_fouls})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let standings: Vec<_> = st
        .iter()
        .map(|s| {
            let tb: serde_json::Map<String, serde_json::Value> = ev
                .config
                .chain()
                .into_iter()
                .zip(s.tie_breaks.iter())
                .map(|(id, v)| {
                    let val = if v.len() == 1 { serde_json::json!(v[0]) } else { serde_json::json!(v) };
                    (id, val)
                })
                .collect();
            let mut o = serde_json::json!({"rank": s.rank, "shared": s.shared, "no": s.no,
                "name": ev.player(s.no).map(|p| p.name.clone()), "points": s.points, "tie_breaks": tb});
            // a withdrawn or late player's state (the keys only when set)
            if let Some(p) = ev.player(s.no) {
                if let Some(w) = p.withdrawn {
                    o["withdrawn_after"] = serde_json::json!(w);
                }
                if let Some(l) = p.late {
                    o["late_from"] = serde_json::json!(l);
                }
            }
            o
        })
        .collect();
    serde_json::json!({
        "name": ev.name, "ruleset": ev.ruleset, "rounds": ev.rounds, "seed": ev.seed,
        "players": players, "paired_rounds": rounds, "standings": standings,
    })
}

/// 编排记录表 (编排纪录公告) of a round as text: 台次 | 红方 代号 姓名 上轮积分 | 黑方 代号 姓名
/// 上轮积分 | 比赛结果 — from the one model, the printed form's.
fn pairing_record_text(ev: &Event, round: u32) -> Option<String> {
    let rec = pairing_record(ev, round)?;
    let mut out = String::new();
    let _ = writeln!(out, "编排纪录公告  {}{}", ev.name, division_suffix(ev));
    let _ = writeln!(out, "第 {round} 轮");
    let mut rows = vec![
        [
            "台次",
            "红方代号",
            "姓名",
            "上轮积分",
            "黑方代号",
            "姓名",
            "上轮积分",
            "比赛结果",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>(),
    ];
    for r in rec.rows {
        rows.push(vec![
            r.board.to_string(),
            r.red.to_string(),
            r.red_name,
            r.red_before,
            r.black.to_string(),
            r.black_name,
            r.black_before,
            r.result,
        ]);
    }
    out.push_str(&table(&rows));
    let paired = &ev.paired[round as usize - 1];
    if let Some(b) = paired.bye {
        let name = ev.player(b).map_or(String::new(), |p| p.name.clone());
        let _ = writeln!(out, "轮空: {b} {name}");
    }
    for n in &paired.notes {
        let _ = writeln!(out, "注: {n}");
    }
    out.push_str("编排长:              裁判长:\n");
    Some(out)
}

/// 成绩表 (积分编排成绩表) as text: 代号 | 单位 | 运动员 | per round 对手, 先后 (`先+`/`后-` for a
/// forfeit), 积分 (cumulative) | the chain's columns | 名次 — from the one model,
/// the printed form's. A round robin's table is the 循环赛成绩表 ([`cross_table_text`]).
fn results_table_text(ev: &Event, st: &[Standing]) -> String {
    let t = results_table(ev, st);
    let mut out = String::new();
    let _ = writeln!(out, "{}  {}{}", t.title, ev.name, division_suffix(ev));
    let mut head = vec!["代号".to_string(), "单位".into(), "运动员".into()];
    for r in &t.rounds {
        head.push(format!("{r}对手"));
        head.push("先后".into());
        head.push(t.score_name.into());
    }
    head.extend(t.chain.iter().cloned());
    head.push("名次".into());
    let mut rows = vec![head];
    for row in t.rows {
        let mut r = vec![row.no.to_string(), row.club, row.name];
        for c in row.rounds {
            let colour = if c.colour.is_empty() {
                "-".to_string()
            } else {
                format!("{}{}", c.colour, c.mark)
            };
            r.push(c.opponent);
            r.push(colour);
            r.push(c.score);
        }
        r.extend(row.tie_breaks.iter().map(|v| v.replace('\u{200B}', "")));
        if !row.rank.is_empty() {
            r.push(row.rank);
        }
        rows.push(r);
    }
    out.push_str(&table(&rows));
    out
}

/// 循环赛成绩表 as text: 代号 | 单位 | 姓名 | the points against each opponent (`╲` on the
/// diagonal) | 积分 | the chain | 名次 — from the printed form's model.
fn cross_table_text(ev: &Event, st: &[Standing]) -> String {
    let mut sheet = cross_table(ev, st).sheet();
    sheet.title = format!("{}  {}{}", sheet.title, ev.name, division_suffix(ev));
    sheet.caption.clear();
    sheet.notes.clear();
    sheet.text().replace('\u{200B}', "")
}

#[cfg(test)]
mod csv_tests {
    use super::*;

    #[test]
    fn a_knockout_s_places_without_chain_values_keep_one_row_per_player() {
        let ev = crate::testing::four();
        let mut st = ev.standings(None);
        for s in &mut st {
            s.tie_breaks.clear();
        }
        for text in [
            standings_csv(&ev, &st).unwrap(),
            standings_csv_file(&ev, &st, CsvHeaders::Chinese).unwrap(),
        ] {
            let mut r = csv::Reader::from_reader(text.trim_start_matches('\u{feff}').as_bytes());
            let width = r.headers().unwrap().len();
            let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
            assert_eq!(rows.len(), 4, "{text}");
            assert!(rows.iter().all(|x| x.len() == width), "{text}");
        }
    }

    #[test]
    fn csv_file_has_a_bom_chinese_headers_and_a_row_per_player() {
        let ev = crate::testing::four();
        let st = ev.standings(None);
        let zh = standings_csv_file(&ev, &st, CsvHeaders::Chinese).unwrap();
        assert!(
            zh.starts_with("\u{feff}名次,并列,代号,姓名,单位,积分,"),
            "{zh}"
        );
        assert_eq!(zh.lines().count(), 1 + ev.players.len());
        let en = standings_csv_file(&ev, &st, CsvHeaders::English).unwrap();
        let body = en.strip_prefix('\u{feff}').unwrap();
        assert_eq!(body, standings_csv(&ev, &st).unwrap());
    }

    #[test]
    fn formula_cells_are_neutralised_and_quoting_is_rfc4180() {
        assert_eq!(
            spreadsheet_safe("=cmd|' /C calc'!A0"),
            "'=cmd|' /C calc'!A0"
        );
        for bad in ["+1", "-2", "@SUM(A1)", "\tx", "\rx"] {
            assert!(spreadsheet_safe(bad).starts_with('\''), "{bad:?}");
        }
        assert_eq!(spreadsheet_safe("王天一"), "王天一");
        let players = vec![
            ("=cmd|' /C calc'!A0".to_string(), "a,b".to_string()),
            ("王天一".to_string(), "\"HZ\"".to_string()),
        ];
        let ev = Event::new(
            "t",
            "axf",
            xiangqi_scheduling::EventConfig {
                points: xiangqi_scheduling::PointSystem::TwoOneZero,
                ..Default::default()
            },
            players,
            1,
            Some(1),
            false,
        )
        .unwrap();
        let csv = standings_csv(&ev, &ev.standings(None)).unwrap();
        let mut rows = csv::Reader::from_reader(csv.as_bytes());
        let names: Vec<(String, String)> = rows
            .records()
            .map(|r| {
                let r = r.unwrap();
                (r[3].to_string(), r[4].to_string())
            })
            .collect();
        assert!(
            names.contains(&("'=cmd|' /C calc'!A0".into(), "a,b".into())),
            "{csv}"
        );
        assert!(names.contains(&("王天一".into(), "\"HZ\"".into())), "{csv}");
    }
}
