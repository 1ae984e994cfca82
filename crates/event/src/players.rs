//! The players reader (名单): one reader for a pasted or loaded list of players, used by
//! `xq event new --players-file` and the desk's 新建 form alike.
//!
//! Columns 序号/姓名/单位/等级分 in any order, separated by tabs, commas (`,` or `，`) or runs of
//! spaces; an optional heading line, recognised by its words (zh or en). Without a heading the
//! columns are read from their contents: whole numbers are 序号 (1, 2, 3 …) or 等级分 (larger),
//! of two text columns the one whose values repeat or end like a unit (`队`, `省`, `俱乐部` …)
//! is 单位. [`Reading`] says how each column was read (for a preview) and lists every bad line
//! as a typed [`LineError`] (line, column, what was expected) with English and Chinese words;
//! the arbiter may map the columns by hand ([`read_with`]).

use std::collections::HashSet;

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// 序号: the player's number in the list (the order of the list).
    No,
    /// 姓名.
    Name,
    /// 单位 (club, province, team).
    Club,
    /// 等级分 (rating).
    Rating,
}

impl Column {
    /// The column's name in English.
    pub fn en(self) -> &'static str {
        match self {
            Column::No => "number",
            Column::Name => "name",
            Column::Club => "unit",
            Column::Rating => "rating",
        }
    }

    /// The column's name in Chinese.
    pub fn zh(self) -> &'static str {
        match self {
            Column::No => "序号",
            Column::Name => "姓名",
            Column::Club => "单位",
            Column::Rating => "等级分",
        }
    }

    /// The column a heading word names (`姓名`, `Name`, `单位`, `club`, `等级分`, `rating` …).
    pub fn of_heading(word: &str) -> Option<Column> {
        let w = word.trim().to_lowercase();
        let w = w.trim_end_matches([':', '：', '.']);
        Some(match w {
            "序号" | "编号" | "号" | "代号" | "no" | "#" | "nr" | "number" | "num" | "序" => {
                Column::No
            }
            "姓名" | "名字" | "名称" | "运动员" | "棋手" | "选手" | "队名" | "name" | "player"
            | "players" => Column::Name,
            "单位" | "代表队" | "队" | "省市" | "地区" | "俱乐部" | "club" | "unit" | "team"
            | "province" | "federation" | "fed" => Column::Club,
            "等级分" | "等级" | "积分" | "分" | "rating" | "elo" => Column::Rating,
            _ => return None,
        })
    }
}

/// How the fields of a line are separated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    /// Tabs (a copy from a spreadsheet).
    Tab,
    /// Commas, `,` or full-width `，` (CSV).
    Comma,
    /// Runs of spaces (ASCII or full-width).
    Spaces,
}

/// A player read from a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadPlayer {
    /// The line (1-based).
    pub line: usize,
    /// 序号, when the list has the column.
    pub no: Option<u32>,
    /// 姓名.
    pub name: String,
    /// 单位 (empty for none).
    pub club: String,
    /// 等级分.
    pub rating: Option<u32>,
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// A 序号 or 等级分 field is not a whole number.
    NotANumber {
        /// Which column.
        column: Column,
        /// The text found.
        text: String,
    },
    /// The name field is empty.
    NoName,
    /// More fields than the list has columns.
    TooManyFields {
        /// Fields found.
        found: usize,
        /// Columns of the list.
        columns: usize,
    },
    /// A 序号 given twice.
    DuplicateNo {
        /// The number.
        no: u32,
        /// The line that has it first.
        first: usize,
    },
    /// A field holds a character that cannot be stored (a control character, or a comma in a
    /// name or unit).
    BadCharacter {
        /// Which column.
        column: Column,
        /// The character.
        found: char,
    },
}

/// A bad line: where and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {}", problem_en(problem))]
pub struct LineError {
    /// The line (1-based).
    pub line: usize,
    /// The field (1-based).
    pub column: usize,
    /// What is wrong.
    pub problem: LineProblem,
}

fn problem_en(p: &LineProblem) -> String {
    match p {
        LineProblem::NotANumber { column, text } => {
            format!("the {} {text:?} is not a whole number", column.en())
        }
        LineProblem::NoName => "no name".into(),
        LineProblem::TooManyFields { found, columns } => {
            format!("{found} fields, but the list has {columns} columns")
        }
        LineProblem::DuplicateNo { no, first } => format!("number {no} is also on line {first}"),
        LineProblem::BadCharacter { column, found } => {
            format!("the {} holds {found:?}", column.en())
        }
    }
}

impl LineError {
    /// The message in Chinese.
    pub fn zh(&self) -> String {
        let what = match &self.problem {
            LineProblem::NotANumber { column, text } => {
                format!("{}“{text}”不是整数", column.zh())
            }
            LineProblem::NoName => "没有姓名".into(),
            LineProblem::TooManyFields { found, columns } => {
                format!("有 {found} 项，名单只有 {columns} 列")
            }
            LineProblem::DuplicateNo { no, first } => {
                format!("序号 {no} 与第 {first} 行重复")
            }
            LineProblem::BadCharacter { column, found } => {
                format!("{}含有不能保存的字符 {found:?}", column.zh())
            }
        };
        format!("第 {} 行第 {} 列：{what}", self.line, self.column)
    }
}

/// A list as read: how, the players, the bad lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The separator found.
    pub separator: Separator,
    /// What each column (by position) was read as; `None`: left out.
    pub columns: Vec<Option<Column>>,
    /// The heading line skipped (1-based), if any.
    pub heading: Option<usize>,
    /// `true` if the columns were read from a heading or given by hand, `false` if guessed
    /// from the contents (the preview should ask).
    pub sure: bool,
    /// The players, in the list's order (by 序号 when the list has one).
    pub players: Vec<ReadPlayer>,
    /// Every bad line, one error each.
    pub errors: Vec<LineError>,
}

impl Reading {
    /// The players as `NAME,UNIT,RATING` (the form of `xq event new --player`).
    pub fn player_lines(&self) -> Vec<String> {
        self.players
            .iter()
            .map(|p| match p.rating {
                Some(r) => format!("{},{},{r}", p.name, p.club),
                None if p.club.is_empty() => p.name.clone(),
                None => format!("{},{}", p.name, p.club),
            })
            .collect()
    }
}

/// Reads a list, finding the separator and the columns.
pub fn read(text: &str) -> Reading {
    read_with(text, None)
}

/// Reads a list with the columns given by hand (`columns[i]` = what field `i` holds), or found
/// as [`read`] does when `None`. A heading line is skipped either way.
pub fn read_with(text: &str, columns: Option<&[Option<Column>]>) -> Reading {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            (
                i + 1,
                l.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}'),
            )
        })
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let separator = if lines.iter().any(|(_, l)| l.contains('\t')) {
        Separator::Tab
    } else if lines.iter().any(|(_, l)| l.contains([',', '，'])) {
        Separator::Comma
    } else {
        Separator::Spaces
    };
    let rows: Vec<(usize, Vec<&str>)> = lines
        .iter()
        .map(|&(n, l)| (n, split(l, separator)))
        .collect();
    let heading_cols: Option<Vec<Option<Column>>> = rows.first().and_then(|(_, f)| {
        let cols: Vec<Option<Column>> = f.iter().map(|w| Column::of_heading(w)).collect();
        (cols.iter().all(Option::is_some) || cols.iter().flatten().count() >= 2).then_some(cols)
    });
    let heading = heading_cols.as_ref().map(|_| rows[0].0);
    let data = &rows[usize::from(heading.is_some())..];
    let (columns, sure) = match (columns, heading_cols) {
        (Some(c), _) => (c.to_vec(), true),
        (None, Some(c)) => (c, true),
        (None, None) => (guess(data), false),
    };
    let mut players = Vec::new();
    let mut errors = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (line, fields) in data {
        match row(*line, fields, &columns) {
            Ok(p) => {
                if let Some(no) = p.no
                    && let Some(first) = seen.insert(no, *line)
                {
                    errors.push(LineError {
                        line: *line,
                        column: columns
                            .iter()
                            .position(|c| *c == Some(Column::No))
                            .unwrap_or(0)
                            + 1,
                        problem: LineProblem::DuplicateNo { no, first },
                    });
                    seen.insert(no, first);
                    continue;
                }
                players.push(p);
            }
            Err(e) => errors.push(e),
        }
    }
    if players.iter().all(|p| p.no.is_some()) {
        players.sort_by_key(|p| p.no);
    }
    Reading {
        separator,
        columns,
        heading,
        sure,
        players,
        errors,
    }
}

fn split(line: &str, sep: Separator) -> Vec<&str> {
    match sep {
        Separator::Tab => line.split('\t').map(str::trim).collect(),
        Separator::Comma => line.split([',', '，']).map(str::trim).collect(),
        Separator::Spaces => line
            .split(|c: char| c.is_whitespace())
            .filter(|f| !f.is_empty())
            .collect(),
    }
}

fn number(s: &str) -> Option<u32> {
    s.trim().parse().ok()
}

/// Reads the columns from the contents.
fn guess(rows: &[(usize, Vec<&str>)]) -> Vec<Option<Column>> {
    let width = rows.iter().map(|(_, f)| f.len()).max().unwrap_or(0);
    let col = |i: usize| -> Vec<&str> {
        rows.iter()
            .filter_map(|(_, f)| f.get(i).copied())
            .filter(|v| !v.is_empty())
            .collect()
    };
    let mut out: Vec<Option<Column>> = vec![None; width];
    let mut text_cols = Vec::new();
    for (i, slot) in out.iter_mut().enumerate() {
        let values = col(i);
        if values.is_empty() {
            continue;
        }
        let nums: Vec<u32> = values.iter().filter_map(|v| number(v)).collect();
        if nums.len() == values.len() {
            let max = nums.iter().copied().max().unwrap_or(0);
            *slot = Some(if max as usize <= rows.len().max(1) * 2 && max < 500 {
                Column::No
            } else {
                Column::Rating
            });
        } else {
            text_cols.push(i);
        }
    }
    // two numeric columns of the same kind: the first is the number, the second the rating
    let nos: Vec<usize> = (0..width).filter(|&i| out[i] == Some(Column::No)).collect();
    for &i in nos.iter().skip(1) {
        out[i] = Some(Column::Rating);
    }
    let ratings: Vec<usize> = (0..width)
        .filter(|&i| out[i] == Some(Column::Rating))
        .collect();
    for &i in ratings.iter().skip(1) {
        out[i] = None;
    }
    match text_cols.as_slice() {
        [] => {}
        [n] => out[*n] = Some(Column::Name),
        [a, b, ..] => {
            let (name, club) = if unit_like(&col(*a)) > unit_like(&col(*b)) {
                (*b, *a)
            } else {
                (*a, *b)
            };
            out[name] = Some(Column::Name);
            out[club] = Some(Column::Club);
        }
    }
    out
}

/// How much a column looks like 单位: values that end like a unit, and values repeated.
fn unit_like(values: &[&str]) -> usize {
    const ENDINGS: [&str; 14] = [
        "队",
        "省",
        "市",
        "区",
        "县",
        "俱乐部",
        "协会",
        "大学",
        "中学",
        "学校",
        "棋院",
        "体校",
        "公司",
        "集团",
    ];
    let ending = values
        .iter()
        .filter(|v| ENDINGS.iter().any(|e| v.ends_with(e)))
        .count();
    let distinct: HashSet<&&str> = values.iter().collect();
    2 * ending + (values.len() - distinct.len())
}

fn row(line: usize, fields: &[&str], columns: &[Option<Column>]) -> Result<ReadPlayer, LineError> {
    let err = |column: usize, problem| LineError {
        line,
        column: column + 1,
        problem,
    };
    if fields.len() > columns.len() {
        return Err(err(
            columns.len(),
            LineProblem::TooManyFields {
                found: fields.len(),
                columns: columns.len(),
            },
        ));
    }
    let mut p = ReadPlayer {
        line,
        no: None,
        name: String::new(),
        club: String::new(),
        rating: None,
    };
    for (i, (field, what)) in fields.iter().zip(columns).enumerate() {
        let field = field.trim();
        let Some(what) = what else { continue };
        if let Some(c) = field
            .chars()
            .find(|&c| c.is_control() || (c == ',' && matches!(what, Column::Name | Column::Club)))
        {
            return Err(err(
                i,
                LineProblem::BadCharacter {
                    column: *what,
                    found: c,
                },
            ));
        }
        match what {
            Column::No | Column::Rating if field.is_empty() => {}
            Column::No | Column::Rating => {
                let n = number(field).ok_or_else(|| {
                    err(
                        i,
                        LineProblem::NotANumber {
                            column: *what,
                            text: field.to_string(),
                        },
                    )
                })?;
                if *what == Column::No {
                    p.no = Some(n);
                } else {
                    p.rating = Some(n);
                }
            }
            Column::Name => p.name = field.to_string(),
            Column::Club => p.club = field.to_string(),
        }
    }
    if p.name.is_empty() {
        let at = columns
            .iter()
            .position(|c| *c == Some(Column::Name))
            .unwrap_or(0);
        return Err(err(at, LineProblem::NoName));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn names(r: &Reading) -> Vec<(String, String, Option<u32>)> {
        r.players
            .iter()
            .map(|p| (p.name.clone(), p.club.clone(), p.rating))
            .collect()
    }

    #[test]
    fn a_heading_in_any_order_and_any_separator() {
        let want = vec![
            ("张三".to_string(), "北京队".to_string(), Some(2100)),
            ("李四".to_string(), "上海队".to_string(), None),
        ];
        for text in [
            "姓名,单位,等级分\n张三,北京队,2100\n李四,上海队,\n",
            "单位\t姓名\t等级分\n北京队\t张三\t2100\n上海队\t李四\n",
            "序号 单位 姓名 等级分\n2 上海队 李四\n1 北京队 张三 2100\n",
            "Name，Club，Rating\n张三，北京队，2100\n李四，上海队\n",
            "\u{feff}No.\tPlayer\tFed\tElo\n1\t张三\t北京队\t2100\n2\t李四\t上海队\n",
        ] {
            let r = read(text);
            assert!(r.errors.is_empty(), "{text}: {:?}", r.errors);
            assert_eq!(r.heading, Some(1), "{text}");
            assert!(r.sure);
            assert_eq!(names(&r), want, "{text}");
        }
    }

    #[test]
    fn without_a_heading_the_columns_are_read_from_their_contents() {
        // 单位 first, space separated: the unit repeats and ends in 队
        let r = read("北京队 张三 2100\n北京队 李四 1980\n上海队 王五 2050\n");
        assert_eq!(r.separator, Separator::Spaces);
        assert_eq!(
            r.columns,
            vec![Some(Column::Club), Some(Column::Name), Some(Column::Rating)]
        );
        assert!(!r.sure);
        assert_eq!(r.players[1].name, "李四");
        // a 序号 column is read as the list's order
        let r = read("2\t李四\t上海\n1\t张三\t北京\n");
        assert_eq!(r.columns[0], Some(Column::No));
        assert_eq!(r.players[0].name, "张三");
        assert_eq!(r.player_lines(), vec!["张三,北京", "李四,上海"]);
        // the documented order, without a heading
        let r = read("张三,北京,2100\n李四,上海,1900\n");
        assert_eq!(
            r.columns,
            vec![Some(Column::Name), Some(Column::Club), Some(Column::Rating)]
        );
    }

    #[test]
    fn the_arbiter_maps_the_columns() {
        let r = read_with(
            "北京 张三\n上海 李四\n",
            Some(&[Some(Column::Club), Some(Column::Name)]),
        );
        assert_eq!(r.players[0].name, "张三");
        assert_eq!(r.players[0].club, "北京");
    }

    #[test]
    fn every_bad_line_is_named_in_english_and_chinese() {
        let r = read("姓名,单位,等级分\n张三,北京,21x0\n,上海,\n李四,上海,1900,9\n王五\n");
        assert_eq!(r.players.len(), 1);
        assert_eq!(r.errors.len(), 3);
        assert_eq!(
            r.errors[0].to_string(),
            "line 2, column 3: the rating \"21x0\" is not a whole number"
        );
        assert_eq!(r.errors[0].zh(), "第 2 行第 3 列：等级分“21x0”不是整数");
        assert_eq!(r.errors[1].problem, LineProblem::NoName);
        assert_eq!(r.errors[2].zh(), "第 4 行第 4 列：有 4 项，名单只有 3 列");
        let r = read("序号,姓名\n1,甲\n1,乙\n");
        assert_eq!(
            r.errors[0].problem,
            LineProblem::DuplicateNo { no: 1, first: 2 }
        );
    }

    proptest! {
        /// Garbage never panics; every line is either a player or exactly one error.
        #[test]
        fn garbage_never_panics_and_each_bad_line_is_one_error(text in "\\PC{0,300}") {
            let r = read(&text);
            let counted = r.players.len() + r.errors.len() + usize::from(r.heading.is_some());
            let lines = text
                .strip_prefix('\u{feff}')
                .unwrap_or(&text)
                .lines()
                .map(|l| l.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}'))
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .count();
            prop_assert_eq!(counted, lines);
            let mut bad: Vec<usize> = r.errors.iter().map(|e| e.line).collect();
            bad.dedup();
            prop_assert_eq!(bad.len(), r.errors.len());
        }

        /// A list written by the reader's own form reads back the same.
        #[test]
        fn player_lines_read_back(rows in prop::collection::vec(("[甲乙丙丁]{1,3}[a-z]{0,3}", "[北上广]{0,2}", prop::option::of(1000u32..3000)), 1..20)) {
            let text: String = rows.iter().map(|(n, c, r)| format!("{n},{c},{}\n", r.map_or(String::new(), |r| r.to_string()))).collect();
            let r = read_with(&text, Some(&[Some(Column::Name), Some(Column::Club), Some(Column::Rating)]));
            prop_assert!(r.errors.is_empty());
            let got: Vec<(String, String, Option<u32>)> = r.players.iter().map(|p| (p.name.clone(), p.club.clone(), p.rating)).collect();
            let want: Vec<(String, String, Option<u32>)> = rows.iter().map(|(n, c, r)| (n.clone(), c.clone(), *r)).collect();
            prop_assert_eq!(got, want);
        }
    }
}
