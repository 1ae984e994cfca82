//! # xiangqi-forms — the printed forms of an event
//!
//! Every form an arbiter prints (seed 002 (六): 编排卡, 计分单, 编排记录表, 成绩表, and the
//! 象棋比赛积分编排表; the 循环赛成绩表, the 名次 list, the tables of an event in stages and the
//! 对阵表 of a knockout) is computed **once** here from the event document
//! ([`xiangqi_event::Event`]), as a plain data value whose cells already carry what the form
//! prints (forfeits marked `+`/`-`, byes as 轮空, withdrawn and late rounds as 退出/未到), and
//! rendered as a [`Sheet`]: caption, blocks of tables, the lines under them, its A4 layout.
//! Front ends print these: the CLI's `xq event export --format html --form NAME`, its text, CSV
//! and JSON exports, `xq event pair` and `xq event standings`, and the desk's pages.
//!
//! - [`Form`]: each printed form by the name `--form` and the desk's print pages give it, with
//!   its Chinese name; [`Form::sheet`] makes its sheet, [`Form::html`] the print-ready A4
//!   document (the 对阵图 before the 对阵表), [`Form::text`] the text of `--format record|table`.
//! - [`Sheet::html`], [`Sheet::text`]: any sheet as A4 HTML (pages counted here, heads repeated
//!   on every page) or as aligned text; [`Sheet::dated`] adds a round's date to its caption.
//! - [`standings_forms`]: the forms of the desk's standings page; [`drawings`]: the 对阵图 of
//!   the knockout stages as SVG, in the words of a page ([`DrawWords`]).
//! - The game's paper, filled from a game log by `xiangqi-game`: [`SealRecord`] (封棋记录),
//!   [`MoveRecord`] (对局记录) and the 用时 of a round's [`scoresheets`] (计分单).
//! - Exports: [`standings_csv`] and [`standings_csv_file`] (CSV, formula-like cells
//!   neutralised), [`event_json`], and the text of `xq event pair` ([`round_text`]) and `xq
//!   event standings` ([`standings_text`], [`standings_json`]).
//! - Cells the front ends show beside the forms: [`record_result`] (a board's result as the
//!   编排记录表 prints it), [`ranking_names`] (the score and the tie-break chain), [`cn_number`].
//!
//! ```
//! use xiangqi_event::Edit;
//! use xiangqi_forms::Form;
//! # use xiangqi_rules_axf as _;
//!
//! let players = ["甲", "乙", "丙", "丁"].map(|n| (n.to_string(), String::new())).to_vec();
//! let mut ev = xiangqi_event::Event::new("club", "axf", Default::default(), players, 1, Some(3), false)?;
//! Edit::new(&mut ev).pair()?;
//! let st = ev.standings(None);
//! let record = "record".parse::<Form>()?.sheet(&ev, &st, None)?;
//! assert_eq!(record.title, "编排纪录公告");
//! assert!(Form::Table.html(&ev, &st, None)?.contains("第 1 页 共 1 页"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bracket;
mod bracket_draw;
mod cards;
mod cross_table;
mod export;
mod form;
mod groups;
mod html;
mod move_record;
mod pairing_record;
mod results_table;
mod score_sheet;
mod scoresheets;
mod seal_record;
mod sheet;
mod staged;
mod standings;
mod team_record;
mod team_scoresheets;
#[cfg(test)]
mod testing;
mod words;

pub use bracket_draw::{DrawWords, Drawing, drawings};
pub use export::{
    CsvHeaders, event_json, round_text, standings_csv, standings_csv_file, standings_json,
    standings_text,
};
pub use form::{Form, FormError, standings_forms};
pub use move_record::MoveRecord;
pub use results_table::cn_number;
pub use scoresheets::{Scoresheet, Scoresheets, SheetSide, scoresheets};
pub use seal_record::{SealRecord, event_caption};
pub use sheet::{Block, Head, Layout, Sheet};
pub use words::{ranking_names, record_result};
/// The event crate whose events the forms print, re-exported.
pub use xiangqi_event as event;

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
