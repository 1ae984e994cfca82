//! The Chinese form of the event's refusals ([`EventError::zh`], [`NewEventError::zh`],
//! [`Choice::zh`], [`StoreError::zh`]) and of the line that names a system and its tie-break
//! chain ([`system_line_zh`]): the desk shows them on its Chinese pages, the command line keeps
//! the English of `Display`.

use xiangqi_scheduling::tiebreak::criterion;

use crate::create::Choice;
use crate::{Event, EventError, NewEventError, StageSystem, StoreError};

/// The Chinese column names of the event's tie-break chain (the id where a criterion is
/// unknown), as the system line and the printed forms head their columns.
pub fn chain_names(ev: &Event) -> Vec<String> {
    ev.config
        .chain()
        .iter()
        .map(|id| criterion(id).map_or(id.clone(), |c| c.chinese.to_string()))
        .collect()
}

/// `1–3、5、9–18`: ascending numbers as runs, joined the Chinese way.
fn runs(nos: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &n in nos {
        match runs.last_mut() {
            Some((_, end)) if n == *end + 1 => *end = n,
            _ => runs.push((n, n)),
        }
    }
    runs.iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect::<Vec<_>>()
        .join("、")
}

/// A record's name in Chinese: `player 3` → `3 号棋手`, `round 2 board 4` → `第 2 轮第 4 台`,
/// `round 2` → `第 2 轮`, `event` → `赛事`, `players` → `棋手名单`; any other as it is.
pub(crate) fn record(rec: &str) -> String {
    let words: Vec<&str> = rec.split_whitespace().collect();
    match words.as_slice() {
        ["player", n] => format!("{n} 号棋手"),
        ["round", r] => format!("第 {r} 轮"),
        ["round", r, "board", b] => format!("第 {r} 轮第 {b} 台"),
        ["round", r, "board", b, "team", t] => format!("第 {r} 轮第 {b} 台 {t} 队"),
        ["event"] => "赛事".to_string(),
        ["players"] => "棋手名单".to_string(),
        _ => rec.to_string(),
    }
}

/// A refusal's reason in Chinese, for the reasons this crate gives; any other as it is.
fn reason(why: &str) -> String {
    let fixed = match why {
        "no such player" => Some("没有这名棋手"),
        "empty name" => Some("姓名为空"),
        "has not withdrawn" => Some("未退出比赛"),
        "no round is paired" => Some("尚未编排任何一轮"),
        "an event needs at least two players" => Some("比赛至少需要两名棋手"),
        "the knockout is over" => Some("淘汰赛已结束"),
        "not a team event (team_boards = 0)" => Some("不是团体赛"),
        _ => None,
    };
    if let Some(z) = fixed {
        return z.to_string();
    }
    if let Some(r) = why.strip_prefix("already withdrew after round ") {
        return format!("已于第 {r} 轮后退出比赛");
    }
    if let Some(n) = why.strip_prefix("unknown player ") {
        return format!("没有 {n} 号棋手");
    }
    if let Some(rest) = why.strip_prefix("unknown result ") {
        let typed = rest.split(" (expected").next().unwrap_or(rest);
        return format!("{typed} 不是结果（应为 1-0、0-1、=、+-、-+ 或 --）");
    }
    why.to_string()
}

impl EventError {
    /// The refusal in Chinese, for the desk's Chinese pages: the same record and facts as the
    /// English of `Display` (which the command line prints).
    ///
    /// ```
    /// use xiangqi_event::EventError;
    /// let e = EventError::RoundIncomplete { round: 2, boards: vec![1, 2, 3, 7], next: 3 };
    /// assert_eq!(e.zh(), "第 2 轮还有 4 台没有结果（1–3、7）：录入后才能编排第 3 轮");
    /// ```
    pub fn zh(&self) -> String {
        match self {
            EventError::Toml(m) => format!("赛事文件格式有误：{}", toml_zh(m)),
            EventError::Invalid {
                record: rec,
                reason: why,
            } => format!("{}：{}", record(rec), reason(why)),
            EventError::Config(e) => format!("赛事设置有误：{e}"),
            EventError::RoundIncomplete {
                round,
                boards,
                next,
            } => format!(
                "第 {round} 轮还有 {} 台没有结果（{}）：录入后才能编排第 {next} 轮",
                boards.len(),
                runs(boards)
            ),
            EventError::RoundHasResults { round, boards } => format!(
                "第 {round} 轮已有 {} 台录入结果（{}）：撤销编排会删除这些结果，确认后才可撤销",
                boards.len(),
                runs(boards)
            ),
            EventError::AllRoundsPaired(n) => format!("全部 {n} 轮均已编排"),
            EventError::NoSuchBoard { round, board } => {
                format!("第 {round} 轮没有第 {board} 台")
            }
            EventError::ResultConflict {
                round,
                board,
                old,
                new,
            } => format!("第 {round} 轮第 {board} 台已有结果 {old}；要改为 {new}，请勾选“覆盖”"),
            EventError::Pairing(e) => format!("编排失败：{e}"),
            EventError::Lineup { record: rec, error } => {
                format!("{}：{}", record(rec), error.zh())
            }
        }
    }
}

/// What a TOML reader's message says, in Chinese: the kind of value it was reading and what it
/// expected (the reader's marks, `]` `"` `=`, as they are); any other message as 格式不对.
fn toml_what(message: &str) -> String {
    let message = message.trim();
    let quoted = |m: &str| -> Vec<String> {
        m.split('`')
            .skip(1)
            .step_by(2)
            .map(|q| format!("“{q}”"))
            .collect()
    };
    let kinds = [
        ("invalid array", "数组写得不对"),
        ("invalid inline table", "内联表写得不对"),
        ("invalid table header", "表头写得不对"),
        ("invalid string", "字符串写得不对"),
        ("invalid basic string", "字符串写得不对"),
        ("invalid literal string", "字符串写得不对"),
        ("invalid key", "键名写得不对"),
        ("invalid number", "数字写得不对"),
        ("invalid integer", "数字写得不对"),
        ("invalid float", "数字写得不对"),
        ("invalid boolean", "布尔值写得不对"),
        ("invalid date-time", "日期时间写得不对"),
        ("unclosed array", "数组没有结束"),
        ("unclosed table", "表没有结束"),
        ("duplicate key", "键名重复"),
        ("missing field", "缺少字段"),
        ("unknown field", "未知字段"),
        ("unknown variant", "未知的取值"),
        ("invalid type", "值的类型不对"),
        ("invalid value", "值不对"),
        ("invalid length", "项数不对"),
        ("string values must be quoted", "字符串须加引号"),
        ("expected newline", "此处应换行"),
    ];
    let what = kinds
        .iter()
        .find(|(en, _)| message.starts_with(en))
        .map_or("格式不对", |(_, zh)| zh);
    let marks = quoted(message);
    if marks.is_empty() {
        what.to_string()
    } else if message.contains("expected") && !message.starts_with("missing field") {
        format!("{what}，应为 {}", marks.join("、"))
    } else {
        format!("{what} {}", marks.join("、"))
    }
}

/// A TOML error line (`line L, column C: message`, as the event file reports it) in Chinese:
/// `第 L 行第 C 列：what`.
fn toml_zh(m: &str) -> String {
    let at = m
        .strip_prefix("line ")
        .and_then(|r| r.split_once(", column "))
        .and_then(|(l, r)| r.split_once(": ").map(|(c, msg)| (l, c, msg)))
        .filter(|(l, c, _)| l.parse::<u32>().is_ok() && c.parse::<u32>().is_ok());
    match at {
        Some((line, column, msg)) => format!("第 {line} 行第 {column} 列：{}", toml_what(msg)),
        None => toml_what(m),
    }
}

impl StoreError {
    /// The error in Chinese, for the desk's Chinese pages: the file as `Display` names it, and
    /// for an event file that does not read, where (line, column) and what.
    pub fn zh(&self) -> String {
        match self {
            StoreError::Invalid { path, message } => {
                let what = match message.strip_prefix("event file: ") {
                    Some(toml) => format!("格式有误：{}", toml_zh(toml)),
                    None => match message.split_once(": ") {
                        Some((rec, why)) => format!("{}：{}", record(rec), reason(why)),
                        None => reason(message),
                    },
                };
                format!("{}：{what}", path.display())
            }
            StoreError::NotUtf8 { path, at } => {
                format!("{}：不是 UTF-8 文本（第 {at} 字节）", path.display())
            }
            other => other.to_string(),
        }
    }
}

impl StageSystem {
    /// The system's Chinese name (积分编排制, 大循环, 单淘汰制, 双淘汰制, 分组循环制).
    pub fn zh(self) -> &'static str {
        match self {
            StageSystem::Swiss => "积分编排制",
            StageSystem::RoundRobin => "大循环",
            StageSystem::Knockout => "单淘汰制",
            StageSystem::DoubleKnockout => "双淘汰制",
            StageSystem::Groups => "分组循环制",
        }
    }
}

/// A system name as the command line spells it (`--system`, `--final`), in Chinese.
fn system_word(s: &str) -> Option<&'static str> {
    Some(match s {
        "swiss" => StageSystem::Swiss.zh(),
        "round-robin" => StageSystem::RoundRobin.zh(),
        "knockout" => StageSystem::Knockout.zh(),
        "double-knockout" => StageSystem::DoubleKnockout.zh(),
        "groups" => StageSystem::Groups.zh(),
        _ => return None,
    })
}

impl Choice {
    /// The refused choice in Chinese, naming the 新建 form's field (not the command line's
    /// option) and what to fill in.
    pub fn zh(&self) -> String {
        match self {
            Choice::PlayerRating { line, rating } => {
                format!("棋手 {line:?}：等级分 {rating:?} 不是整数")
            }
            Choice::TeamSyntax(team) => {
                format!("队伍 {team:?}：应写为 队名,单位:队员,队员…（单位可不填）")
            }
            Choice::TeamRating { team, rating } => {
                format!("队伍 {team:?}：等级分 {rating:?} 不是整数")
            }
            Choice::NoRounds => "轮数 0：比赛至少要有一轮".to_string(),
            Choice::Ruleset { ruleset, error } => format!("规则 {ruleset}：不能使用（{error}）"),
            Choice::System(s) => {
                format!("赛制 {s:?}：应为积分编排制、大循环、单淘汰制、双淘汰制或分组循环制")
            }
            Choice::GroupsWithoutGroups => "分组数：只有分组循环制才填".to_string(),
            Choice::RoundsFollow(s) => {
                format!("轮数：{}的轮数由参赛人数决定，请不要填写", s.zh())
            }
            Choice::Games(g) => {
                format!("每轮局数 {g}：应为 1 或 2（三局以上的多局制尚不支持）")
            }
            Choice::TeamGames(g) => {
                format!("每轮局数 {g}：团体赛每台只下一局（每台两局的分先尚不支持），请选 1 或不选")
            }
            Choice::AvoidSameUnit(n) => {
                format!("同单位回避轮数 {n}：只用于个人积分编排制；分组循环制请选“同单位回避”分组")
            }
            Choice::LineupSystem(s) => {
                format!("排阵方式 {s:?}：应为分台定人制、分台换人制或临时定台制")
            }
            Choice::TeamBoards => "团体赛：请填写每场台数".to_string(),
            Choice::TeamsAndPlayers => {
                "一项比赛的参赛者或是棋手或是队伍：棋手名单和队伍名单只能填一项".to_string()
            }
            Choice::PlayersFile(m) => format!("运动员名单文件：{m}"),
            Choice::Partial {
                rounds,
                players,
                full,
            } => format!(
                "轮数 {rounds}：{players} 人的大循环共 {full} 轮；要提前结束请勾选“允许不完整的循环”（或改用积分编排制）"
            ),
            Choice::Final(s) => match system_word(s) {
                Some(z) => format!("决赛赛制 {z}：应为大循环、单淘汰制或双淘汰制"),
                None => format!("决赛赛制 {s:?}：应为大循环、单淘汰制或双淘汰制"),
            },
            Choice::GroupsCount => "分组循环制：请填写分组数".to_string(),
        }
    }
}

impl NewEventError {
    /// The refusal in Chinese, for the desk's 新建 page: the form's words, no command-line
    /// option.
    pub fn zh(&self) -> String {
        match self {
            NewEventError::Exists(file) => format!("{file}：已经存在"),
            NewEventError::Choice(c) => c.zh(),
            NewEventError::Refused { file, error } => format!("{file}：{}", error.zh()),
            NewEventError::Store(e) => e.zh(),
        }
    }
}

/// A play-off (附加赛) in Chinese: `快棋 2 局（15+10）`.
fn playoff_zh(p: &xiangqi_scheduling::Playoff) -> String {
    let name = match p.name.as_str() {
        "rapid" => "快棋",
        "blitz" => "超快棋",
        "armageddon" => "决胜局",
        other => other,
    };
    let tc = match p
        .time_control
        .strip_prefix("red ")
        .and_then(|r| r.split_once(" min, black "))
        .and_then(|(r, b)| b.strip_suffix(" min").map(|b| (r, b)))
    {
        Some((r, b)) => format!("红方 {r} 分钟、黑方 {b} 分钟"),
        None => p.time_control.clone(),
    };
    let black = if p.draw_black_wins {
        "，和棋判黑方胜"
    } else {
        ""
    };
    format!("{name} {} 局（{tc}{black}）", p.games)
}

/// The system and its tie-break chain (or a knockout's decisions) in Chinese, as the desk's
/// 新建 page lists them — the same facts as [`crate::system_line`].
///
/// ```
/// use xiangqi_event::{NewEvent, StageSystem, system_line_zh};
/// use xiangqi_rules_axf as _; // the edition the built-in `axf` ruleset names
/// let c = NewEvent {
///     ruleset: "axf".into(),
///     system: Some("swiss".into()),
///     players: (1..=8).map(|i| format!("P{i}")).collect(),
///     ..NewEvent::default()
/// }
/// .build("", || Ok(Vec::new()))
/// .unwrap();
/// assert!(system_line_zh(&c.event, StageSystem::Swiss).starts_with("积分编排制；名次区分：积分 → "));
/// ```
pub fn system_line_zh(ev: &Event, system: StageSystem) -> String {
    let chain = chain_names(ev).join(" → ");
    let po: Vec<String> = ev.config.playoffs.iter().map(playoff_zh).collect();
    let ko = |double: bool| {
        format!(
            "{}；平局进入附加赛：{}；猜先定先后手{}",
            if ev.config.team_boards > 0 {
                format!(
                    "每场 {} 台的团体赛（先列的队在单数台执红）",
                    ev.config.team_boards
                )
            } else {
                format!("每场 {} 局", ev.config.games_per_match)
            },
            if po.is_empty() {
                "无".to_string()
            } else {
                po.join("，再")
            },
            if double {
                if ev.config.grand_final_reset {
                    "；总决赛败方若此前未负可再赛一场"
                } else {
                    "；总决赛不加赛"
                }
            } else if ev.config.third_place {
                "；设三、四名决赛"
            } else {
                ""
            }
        )
    };
    match system {
        StageSystem::Swiss | StageSystem::RoundRobin => {
            format!("{}；名次区分：积分 → {chain}", system.zh())
        }
        StageSystem::Knockout => format!("{}；{}", system.zh(), ko(false)),
        StageSystem::DoubleKnockout => format!("{}；{}", system.zh(), ko(true)),
        StageSystem::Groups => {
            let fin = ev.stages.get(1);
            format!(
                "{}：{} 组，组内循环；名次区分：积分 → {chain}；决赛：每组前 {} 名进行{}{}{}",
                system.zh(),
                ev.stages.first().map_or(0, |s| s.groups.len()),
                fin.and_then(|f| f.from.as_ref()).map_or(0, |s| s.places),
                fin.map_or("", |f| f.system.zh()),
                match fin.map(|f| f.system) {
                    Some(s) if s.is_knockout() =>
                        format!("；{}", ko(s == StageSystem::DoubleKnockout)),
                    _ => String::new(),
                },
                if ev.stages.len() > 2 {
                    "；再按小组名次进行名次赛"
                } else {
                    ""
                }
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_structured_refusal_reads_in_chinese() {
        let cases = [
            (
                EventError::NoSuchBoard { round: 1, board: 9 },
                "第 1 轮没有第 9 台",
            ),
            (
                EventError::ResultConflict {
                    round: 1,
                    board: 2,
                    old: "1-0".into(),
                    new: "0-1".into(),
                },
                "第 1 轮第 2 台已有结果 1-0；要改为 0-1，请勾选“覆盖”",
            ),
            (EventError::AllRoundsPaired(9), "全部 9 轮均已编排"),
            (
                EventError::RoundHasResults {
                    round: 3,
                    boards: vec![4],
                },
                "第 3 轮已有 1 台录入结果（4）：撤销编排会删除这些结果，确认后才可撤销",
            ),
            (
                crate::document::invalid("player 8", "already withdrew after round 1"),
                "8 号棋手：已于第 1 轮后退出比赛",
            ),
            (
                crate::document::invalid(
                    "round 2 board 3",
                    "unknown result \"2-0\" (expected 1-0, 0-1, =, +-, -+ or --)",
                ),
                "第 2 轮第 3 台：\"2-0\" 不是结果（应为 1-0、0-1、=、+-、-+ 或 --）",
            ),
        ];
        for (e, want) in cases {
            assert_eq!(e.zh(), want, "{e}");
        }
        // a reason this table does not know keeps its words, under the Chinese record name
        assert_eq!(
            crate::document::invalid("round 4", "something new").zh(),
            "第 4 轮：something new"
        );
    }
}
