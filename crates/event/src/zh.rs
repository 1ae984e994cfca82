//! The Chinese form of the event's refusals ([`EventError::zh`]): the desk shows them on its
//! Chinese pages, the command line keeps the English of `Display`.

use crate::EventError;

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
            EventError::Toml(m) => format!("赛事文件格式有误：{m}"),
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
