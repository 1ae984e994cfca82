//! 新建's players preview: how the pasted list was read (the separator, what each column
//! holds, the players), the arbiter's column mapping, and the one-line refusals of a list
//! (`xiangqi_event::players`, the reader of `xq event new --players-file`).

use xiangqi::event::players::{self, Column, Reading, Separator};

use super::{MAX_COLUMNS, NewForm, words};
use crate::words::Lang;

/// A column's form value.
pub(super) fn column_value(c: Option<Column>) -> &'static str {
    match c {
        Some(Column::No) => "no",
        Some(Column::Name) => "name",
        Some(Column::Club) => "club",
        Some(Column::Rating) => "rating",
        None => "",
    }
}

pub(super) fn column_of(v: &str) -> Option<Column> {
    [Column::No, Column::Name, Column::Club, Column::Rating]
        .into_iter()
        .find(|&c| column_value(Some(c)) == v)
}

/// A pasted list with one separator: when its lines mix tabs and commas (a spreadsheet's lines
/// and typed ones), tabs and full-width commas are read as commas; a CSV's quotes dropped.
pub(super) fn normalized(text: &str) -> String {
    let mixed = text.contains('\t') && text.contains([',', '，']);
    let t = text.replace('"', "");
    if mixed {
        t.replace(['\t', '，'], ",")
    } else {
        t
    }
}

/// One column of the preview: its number, what it was read as, and the first line's value.
pub(super) struct PreviewColumn {
    pub(super) index: usize,
    pub(super) chosen: &'static str,
    pub(super) sample: String,
}

/// How the pasted players were read (新建's preview).
pub(super) struct Preview {
    pub(super) separator: &'static str,
    /// The columns were guessed from the values (no heading): the arbiter should look.
    pub(super) guessed: bool,
    pub(super) columns: Vec<PreviewColumn>,
    pub(super) players: Vec<players::ReadPlayer>,
    /// Players read but not shown.
    pub(super) more: usize,
    pub(super) errors: Vec<String>,
}

/// The most players the preview shows.
const PREVIEW_ROWS: usize = 20;

pub(super) fn preview(f: &NewForm, lang: Lang) -> Preview {
    let w = words(lang);
    let r = f.reading();
    let text = normalized(&f.players);
    let first = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .nth(r.heading.map_or(0, |_| 1))
        .unwrap_or("");
    let fields = fields(first, r.separator);
    let n = r.columns.len().clamp(1, MAX_COLUMNS);
    Preview {
        separator: match r.separator {
            Separator::Tab => w.sep_tab,
            Separator::Comma => w.sep_comma,
            Separator::Spaces => w.sep_spaces,
        },
        guessed: !r.sure,
        columns: (0..n)
            .map(|i| PreviewColumn {
                index: i,
                chosen: column_value(r.columns.get(i).copied().flatten()),
                sample: fields.get(i).map_or(String::new(), |s| s.to_string()),
            })
            .collect(),
        more: r.players.len().saturating_sub(PREVIEW_ROWS),
        players: r.players.iter().take(PREVIEW_ROWS).cloned().collect(),
        errors: r
            .errors
            .iter()
            .map(|e| match lang {
                Lang::Zh => e.zh(),
                Lang::En => e.to_string(),
            })
            .collect(),
    }
}

/// The players of the form, as the reader reads them (the arbiter's mapping, if any): a bad
/// line refused in one line, the first of them and how many more.
pub(super) fn read_players(f: &NewForm, lang: Lang) -> Result<Vec<String>, String> {
    let r = f.reading();
    if !r.sure
        && let Some((i, sample)) = unread_column(&normalized(&f.players), &r)
    {
        return Err(match lang {
            Lang::Zh => format!(
                "运动员名单第 {} 列（如“{sample}”）读不出是序号、姓名、单位还是等级分：请点“预览名单”，选定各列后再创建",
                i + 1
            ),
            Lang::En => format!(
                "players: column {} (e.g. {sample:?}) reads as none of number, name, unit, rating: preview the list and choose its columns",
                i + 1
            ),
        });
    }
    match r.errors.first() {
        None => Ok(r.player_lines()),
        Some(e) => {
            let more = r.errors.len() - 1;
            Err(match lang {
                Lang::Zh if more > 0 => format!("运动员名单{}（另有 {more} 行有误）", e.zh()),
                Lang::Zh => format!("运动员名单{}", e.zh()),
                Lang::En if more > 0 => format!("players: {e} ({more} more bad lines)"),
                Lang::En => format!("players: {e}"),
            })
        }
    }
}

/// The fields of a list's line.
fn fields(line: &str, sep: Separator) -> Vec<&str> {
    match sep {
        Separator::Tab => line.split('\t').map(str::trim).collect(),
        Separator::Comma => line.split([',', '，']).map(str::trim).collect(),
        Separator::Spaces => line.split_whitespace().collect(),
    }
}

/// A column the reader's guess left unread although it holds values (a third text column):
/// its index and its first value. A list read from its heading or mapped by hand has none.
fn unread_column(text: &str, r: &Reading) -> Option<(usize, String)> {
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| fields(l, r.separator))
        .collect();
    r.columns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .find_map(|(i, _)| {
            rows.iter()
                .find_map(|f| f.get(i).filter(|v| !v.is_empty()))
                .map(|v| (i, v.to_string()))
        })
}
