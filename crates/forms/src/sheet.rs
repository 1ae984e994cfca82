//! The sheet: a form as the renderers see it (caption, blocks of tables, lines under them,
//! layout), and its text rendering (aligned columns, CJK characters two wide).

use xiangqi_event::Event;

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

pub(crate) fn aligned(rows: &[Vec<String>]) -> String {
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

/// Display width of a string in terminal columns (CJK characters count two), by Unicode
/// Standard Annex #11 (`unicode-width`).
pub(crate) fn display_width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// How the 封棋图's block heading starts: the renderers draw that block as a board of square
/// cells.
pub(crate) const DIAGRAM: &str = "封棋图";

impl Sheet {
    /// The sheet with the date of round `round` (when one is recorded) as its last caption line
    /// (`日期：2026-11-28`): a form of a round carries that round's date, a form after round N
    /// round N's; with none recorded the caption has no date (a front end may add the day it
    /// prints).
    pub fn dated(mut self, ev: &Event, round: u32) -> Sheet {
        if let Some(d) = ev.caption_date(round) {
            self.caption.push(d);
        }
        self
    }
}
