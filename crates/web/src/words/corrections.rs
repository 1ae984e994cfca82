//! The words of the corrections (更正), the history (修改记录), the confirmation steps and the
//! refusal of a stale write (他人已修改).

use xiangqi::event::check::{Deviation, DeviationKind};

use super::Lang;

/// The words of these pages (Chinese first; English with `?lang=en`).
#[derive(Debug)]
pub(crate) struct CorrectionWords {
    /// 更正.
    pub(crate) corrections: &'static str,
    /// 修改记录.
    pub(crate) history: &'static str,
    /// 管理.
    pub(crate) manage: &'static str,
    /// 撤销上一步修改.
    pub(crate) undo: &'static str,
    /// "nothing to undo".
    pub(crate) nothing_to_undo: &'static str,
    /// 版本.
    pub(crate) version: &'static str,
    /// 时间.
    pub(crate) at: &'static str,
    /// 裁判 (who made a change).
    pub(crate) by: &'static str,
    /// 修改内容.
    pub(crate) what: &'static str,
    /// "no change recorded yet".
    pub(crate) no_history: &'static str,
    /// 裁判姓名 (the desk's arbiter name field).
    pub(crate) arbiter: &'static str,
    /// The name recorded when none is given: 裁判.
    pub(crate) default_arbiter: &'static str,
    /// 保存.
    pub(crate) save: &'static str,
    /// 撤销最后一轮编排.
    pub(crate) unpair: &'static str,
    /// 人工编排.
    pub(crate) manual: &'static str,
    /// The manual pairing field's hint.
    pub(crate) manual_help: &'static str,
    /// 对局 (the boards field).
    pub(crate) boards: &'static str,
    /// 轮空.
    pub(crate) bye: &'static str,
    /// 交换先后手.
    pub(crate) swap: &'static str,
    /// 修改运动员.
    pub(crate) edit_player: &'static str,
    /// The player edit's hint.
    pub(crate) edit_help: &'static str,
    /// 姓名.
    pub(crate) name: &'static str,
    /// 比赛名称.
    pub(crate) event_name: &'static str,
    /// 单位.
    pub(crate) club: &'static str,
    /// 等级分.
    pub(crate) rating: &'static str,
    /// 恢复参赛.
    pub(crate) reinstate: &'static str,
    /// 比赛更名.
    pub(crate) rename: &'static str,
    /// 删除比赛.
    pub(crate) delete: &'static str,
    /// 运动员.
    pub(crate) player: &'static str,
    /// 请选择 (an empty choice).
    pub(crate) choose: &'static str,
    /// 轮次.
    pub(crate) round: &'static str,
    /// 台次.
    pub(crate) board: &'static str,
    /// 请确认.
    pub(crate) confirm_heading: &'static str,
    /// 确认.
    pub(crate) confirm: &'static str,
    /// 取消.
    pub(crate) cancel: &'static str,
    /// 注意 (the warnings' heading).
    pub(crate) warnings: &'static str,
    /// "breaks no pairing rule".
    pub(crate) no_warnings: &'static str,
    /// The heading of a stale write's refusal.
    pub(crate) stale_heading: &'static str,
    /// 重新载入.
    pub(crate) reload: &'static str,
    /// "your change was not saved".
    pub(crate) not_saved: &'static str,
    /// No round is paired (nothing to unpair, swap).
    pub(crate) no_round: &'static str,
    /// No player has withdrawn.
    pub(crate) none_withdrawn: &'static str,
    /// A stale write: the version seen and the version now.
    pub(crate) stale: fn(u64, u64) -> String,
    /// A change undone by change N.
    pub(crate) undone_by: fn(u64) -> String,
    /// Who the desk records, now.
    pub(crate) recorded_as: fn(&str) -> String,
    /// The undo step: the change it undoes.
    pub(crate) undo_will: fn(u64) -> String,
    /// The unpair step: the round, the results it drops.
    pub(crate) unpair_will: fn(u32, usize) -> String,
    /// The unpair form's label: the last round.
    pub(crate) unpair_round: fn(u32) -> String,
    /// The manual pairing step: the round.
    pub(crate) manual_will: fn(u32) -> String,
    /// The swap step: round, board, the new red and black.
    pub(crate) swap_will: fn(u32, u32, &str, &str) -> String,
    /// The 退出比赛 step: the player.
    pub(crate) withdraw_will: fn(&str) -> String,
    /// The delete step: the event's name and file.
    pub(crate) delete_will: fn(&str, &str) -> String,
    /// The 覆盖 of a result after the next round was paired: round, board, next round.
    pub(crate) paired_on_old: fn(u32, u32, u32) -> String,
    /// After a delete: where the file went.
    pub(crate) deleted: fn(&str) -> String,
}

impl CorrectionWords {
    /// The words in `lang`.
    pub(crate) fn of(lang: Lang) -> &'static CorrectionWords {
        match lang {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }

    /// A rule a manual pairing breaks, one line.
    pub(crate) fn deviation(&self, d: &Deviation) -> String {
        if std::ptr::eq(self, &EN) {
            return d.to_string();
        }
        let kind = match d.kind {
            DeviationKind::Rematch => "重复对局：相遇过的对手不再编对",
            DeviationKind::Colour => "先后手规则 ⑴–⑺ 未遵守",
            DeviationKind::ScoreGroup => "越过分数组：同分者编对，无同分者以近分者编对",
            DeviationKind::Bye => "轮空不合规定",
            DeviationKind::Manual => "人工编排",
            DeviationKind::System => "与赛制规定的编排不同",
            DeviationKind::SameUnit => "同单位回避：可以回避的同单位棋手相遇",
        };
        match d.board {
            Some(b) => format!("第 {} 轮第 {b} 台：{kind}", d.round),
            None => format!("第 {} 轮：{kind}", d.round),
        }
    }
}

pub(crate) static ZH: CorrectionWords = CorrectionWords {
    corrections: "更正",
    history: "修改记录",
    manage: "管理",
    undo: "撤销上一步修改",
    nothing_to_undo: "没有可撤销的修改",
    version: "版本",
    at: "时间",
    by: "裁判",
    what: "修改内容",
    no_history: "尚无修改记录",
    arbiter: "裁判姓名",
    default_arbiter: "裁判",
    save: "保存",
    unpair: "撤销最后一轮编排",
    manual: "人工编排",
    manual_help: "每行或以空格分开一台：红方代号-黑方代号，如 1-2 3-4",
    boards: "对局",
    bye: "轮空",
    swap: "交换先后手",
    edit_player: "修改运动员",
    edit_help: "留空的项不变",
    name: "姓名",
    event_name: "比赛名称",
    club: "单位",
    rating: "等级分",
    reinstate: "恢复参赛",
    rename: "比赛更名",
    delete: "删除比赛",
    player: "运动员",
    choose: "请选择",
    round: "轮次",
    board: "台次",
    confirm_heading: "请确认",
    confirm: "确认",
    cancel: "取消",
    warnings: "注意",
    no_warnings: "未违反编排规则",
    stale_heading: "409 他人已修改",
    reload: "重新载入",
    not_saved: "你的修改未保存。请重新载入页面，核对后再改。",
    no_round: "尚未编排任何一轮",
    none_withdrawn: "没有退出比赛的运动员",
    stale: |seen, now| format!("你看到的是第 {seen} 版，现在已是第 {now} 版。此后的修改："),
    undone_by: |v| format!("已由第 {v} 版撤销"),
    recorded_as: |by| format!("修改记录为：{by}"),
    undo_will: |v| format!("将撤销第 {v} 版的修改："),
    unpair_will: |round, results| {
        if results == 0 {
            format!("将撤销第 {round} 轮的编排（尚无成绩）。")
        } else {
            format!(
                "将撤销第 {round} 轮的编排，并删去已录入的 {results} 个成绩（修改记录中保留，可撤销）。"
            )
        }
    },
    unpair_round: |r| format!("第 {r} 轮"),
    manual_will: |r| format!("第 {r} 轮人工编排："),
    swap_will: |r, b, red, black| {
        format!("第 {r} 轮第 {b} 台交换先后手：{red} 执红，{black} 执黑；成绩随之互换。")
    },
    withdraw_will: |p| format!("{p} 退出比赛，此后不再编排。"),
    delete_will: |name, file| {
        format!("删除比赛「{name}」（{file}），文件移入本文件夹的回收站，可以找回。")
    },
    paired_on_old: |round, board, next| {
        format!(
            "第 {round} 轮第 {board} 台：第 {next} 轮已按原成绩编排，改动后其编排不变（可在更正页撤销最后一轮编排后重新编排）。"
        )
    },
    deleted: |f| format!("已删除，文件移至 {f}"),
};

pub(crate) static EN: CorrectionWords = CorrectionWords {
    corrections: "Corrections",
    history: "History",
    manage: "Manage",
    undo: "Undo the last change",
    nothing_to_undo: "nothing to undo",
    version: "Version",
    at: "When",
    by: "Arbiter",
    what: "Change",
    no_history: "no change recorded yet",
    arbiter: "Arbiter's name",
    default_arbiter: "裁判",
    save: "Save",
    unpair: "Unpair the last round",
    manual: "Pair by hand",
    manual_help: "one board per line or space: red-black, e.g. 1-2 3-4",
    boards: "Boards",
    bye: "Bye",
    swap: "Swap colours",
    edit_player: "Edit a player",
    edit_help: "fields left empty stay as they are",
    name: "Name",
    event_name: "Event name",
    club: "Unit (单位)",
    rating: "Rating",
    reinstate: "Reinstate",
    rename: "Rename the event",
    delete: "Delete the event",
    player: "Player",
    choose: "choose",
    round: "Round",
    board: "Board",
    confirm_heading: "Please confirm",
    confirm: "Confirm",
    cancel: "Cancel",
    warnings: "Warnings",
    no_warnings: "breaks no pairing rule",
    stale_heading: "409 Changed by someone else",
    reload: "Reload",
    not_saved: "Your change was not saved. Reload the page, check, and make it again.",
    no_round: "no round is paired yet",
    none_withdrawn: "no player has withdrawn",
    stale: |seen, now| format!("You saw version {seen}; it is now version {now}. Changes since:"),
    undone_by: |v| format!("undone by version {v}"),
    recorded_as: |by| format!("changes are recorded as: {by}"),
    undo_will: |v| format!("This undoes the change of version {v}:"),
    unpair_will: |round, results| {
        if results == 0 {
            format!("Round {round}'s pairing is taken back (no result yet).")
        } else {
            format!(
                "Round {round}'s pairing is taken back with its {results} results (kept in the history; undoable)."
            )
        }
    },
    unpair_round: |r| format!("round {r}"),
    manual_will: |r| format!("Round {r} paired by hand:"),
    swap_will: |r, b, red, black| {
        format!("Round {r} board {b}: {red} red, {black} black; the result turns with them.")
    },
    withdraw_will: |p| format!("{p} withdraws and is never paired again."),
    delete_will: |name, file| {
        format!("Delete the event “{name}” ({file}): the file moves to the trash folder .trash/.")
    },
    paired_on_old: |round, board, next| {
        format!(
            "round {round} board {board}: round {next} was paired on the old result; its pairing stays as it was (unpair the last round on the corrections page to re-pair)."
        )
    },
    deleted: |f| format!("deleted; the file moved to {f}"),
};

/// A recorded change's one line (`what` of the history, in the library's words) in `lang`:
/// Chinese for the changes the desk and the CLI record; any other line as it is.
pub(crate) fn what(lang: Lang, what: &str) -> String {
    if lang == Lang::En {
        return what.to_string();
    }
    what_zh(what).unwrap_or_else(|| what.to_string())
}

fn num(s: &str) -> Option<u32> {
    s.trim().parse().ok()
}

/// `round R board B` → (R, B).
fn round_board(s: &str) -> Option<(u32, u32)> {
    let (r, b) = s.strip_prefix("round ")?.split_once(" board ")?;
    Some((num(r)?, num(b)?))
}

fn none_zh(s: &str) -> &str {
    if s == "none" { "无" } else { s }
}

fn what_zh(w: &str) -> Option<String> {
    // several operations in one change, as the history joins them
    if w.contains("; ") {
        let parts: Option<Vec<String>> = w.split("; ").map(what_zh).collect();
        return parts.map(|p| p.join("；"));
    }
    // a result the live console declared (宣布结果), entered from the game log
    if let Some(rest) = w.strip_prefix("live board ") {
        let (b, inner) = rest.split_once(": ")?;
        return Some(format!(
            "现场记录第 {} 台：{}",
            num(b)?,
            what_zh(inner).unwrap_or_else(|| inner.to_string())
        ));
    }
    if let Some(rest) = w.strip_prefix("date round ") {
        let (r, d) = rest.split_once(": ")?;
        return Some(format!("第 {} 轮日期：{}", num(r)?, none_zh(d)));
    }
    if let Some(rest) = w.strip_prefix("results round ") {
        let (r, n) = rest.split_once(": ")?;
        let n = n.strip_suffix(" boards pasted")?;
        return Some(format!("第 {} 轮粘贴录入 {} 台成绩", num(r)?, num(n)?));
    }
    if let Some(rest) = w.strip_prefix("paired round ")
        && let Some((r, d)) = rest.split_once(" (date ")
    {
        let d = d.strip_suffix(')')?;
        return Some(format!(
            "{}（日期 {d}）",
            what_zh(&format!("paired round {r}"))?
        ));
    }
    if let Some(rest) = w.strip_prefix("undo version ") {
        let (v, inner) = rest.split_once(": ")?;
        return Some(format!(
            "撤销第 {} 版：{}",
            num(v)?,
            what_zh(inner).unwrap_or_else(|| inner.to_string())
        ));
    }
    if let Some(rest) = w.strip_prefix("result ") {
        let (rb, change) = rest.split_once(": ")?;
        let (r, b) = round_board(rb)?;
        let (old, new) = change.split_once(" → ")?;
        return Some(format!(
            "第 {r} 轮第 {b} 台成绩：{} → {}",
            none_zh(old),
            none_zh(new)
        ));
    }
    if let Some(rest) = w.strip_prefix("unpaired round ") {
        return Some(match rest.split_once(" (") {
            Some((r, dropped)) => {
                let n = dropped.split_whitespace().next().and_then(num)?;
                format!("撤销第 {} 轮编排（删去 {n} 个成绩）", num(r)?)
            }
            None => format!("撤销第 {} 轮编排", num(rest)?),
        });
    }
    if let Some(rest) = w.strip_prefix("paired round ") {
        return Some(match rest.split_once(" by hand: ") {
            Some((r, list)) => format!(
                "第 {} 轮人工编排：{}",
                num(r)?,
                list.replace("bye ", "轮空 ")
            ),
            None => format!("编排第 {} 轮", num(rest)?),
        });
    }
    if let Some(n) = w.strip_suffix(" results entered") {
        return Some(format!("录入 {} 个成绩", num(n)?));
    }
    if let Some(rest) = w.strip_prefix("swapped colours of ") {
        let (rb, now) = rest.split_once(": now ")?;
        let (r, b) = round_board(rb)?;
        let (red, black) = now.split_once(" red, ")?;
        let black = black.strip_suffix(" black")?;
        return Some(format!(
            "第 {r} 轮第 {b} 台交换先后手：{} 号执红，{} 号执黑",
            num(red)?,
            num(black)?
        ));
    }
    if let Some(rest) = w.strip_prefix("renamed ") {
        let (old, new) = rest.split_once(" → ")?;
        return Some(format!(
            "比赛更名：{} → {}",
            old.trim_matches('"'),
            new.trim_matches('"')
        ));
    }
    if let Some(rest) = w.strip_prefix("late entry ") {
        let (n, name) = rest.split_once(": ")?;
        return Some(format!("补报名：{} 号 {name}", num(n)?));
    }
    if let Some(rest) = w.strip_prefix("line-up of team ") {
        let (t, rest) = rest.split_once(", ")?;
        let (rb, list) = rest.split_once(": ")?;
        let (r, b) = round_board(rb)?;
        return Some(format!("第 {r} 轮第 {b} 台 {} 号队排阵：{list}", num(t)?));
    }
    if w.starts_with("deleted to ") {
        return Some("删除比赛（移入回收站）".to_string());
    }
    let rest = w.strip_prefix("player ")?;
    if let Some((n, after)) = rest.split_once(" withdrew after round ") {
        return Some(format!(
            "{} 号运动员第 {} 轮后退出比赛",
            num(n)?,
            num(after)?
        ));
    }
    if let Some((n, r)) = rest.split_once(" not paired in round ") {
        return Some(format!("{} 号运动员申请第 {} 轮轮空", num(n)?, num(r)?));
    }
    if let Some((n, after)) = rest.split_once(" reinstated (had withdrawn after round ") {
        return Some(format!(
            "{} 号运动员恢复参赛（曾于第 {} 轮后退出）",
            num(n)?,
            num(after.trim_end_matches(')'))?
        ));
    }
    let (n, edits) = rest.split_once(": ")?;
    let parts: Option<Vec<String>> = edits
        .split(", ")
        .map(|e| {
            if let Some(x) = e.strip_prefix("name ") {
                Some(format!("姓名 {x}"))
            } else if let Some(x) = e.strip_prefix("unit ") {
                Some(format!("单位 {}", x.replace('"', "")))
            } else {
                e.strip_prefix("rating ")
                    .map(|x| format!("等级分 {}", x.replace("none", "无")))
            }
        })
        .collect();
    Some(format!("{} 号运动员：{}", num(n)?, parts?.join("，")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_the_library_records_reads_in_chinese() {
        let cases = [
            (
                "result round 1 board 3: 1-0 → 0-1",
                "第 1 轮第 3 台成绩：1-0 → 0-1",
            ),
            (
                "result round 2 board 1: none → =",
                "第 2 轮第 1 台成绩：无 → =",
            ),
            (
                "live board 4: result round 1 board 4: none → 1-0",
                "现场记录第 4 台：第 1 轮第 4 台成绩：无 → 1-0",
            ),
            ("date round 2: 2026-11-28", "第 2 轮日期：2026-11-28"),
            ("date round 2: none", "第 2 轮日期：无"),
            (
                "results round 3: 12 boards pasted",
                "第 3 轮粘贴录入 12 台成绩",
            ),
            (
                "paired round 2 (date 2026-11-29)",
                "编排第 2 轮（日期 2026-11-29）",
            ),
            (
                "paired round 1; result round 1 board 1: none → 1-0",
                "编排第 1 轮；第 1 轮第 1 台成绩：无 → 1-0",
            ),
            ("unpaired round 2", "撤销第 2 轮编排"),
            (
                "unpaired round 2 (3 results dropped)",
                "撤销第 2 轮编排（删去 3 个成绩）",
            ),
            ("paired round 3", "编排第 3 轮"),
            (
                "paired round 2 by hand: 1-2 3-4 bye 5",
                "第 2 轮人工编排：1-2 3-4 轮空 5",
            ),
            ("4 results entered", "录入 4 个成绩"),
            (
                "swapped colours of round 1 board 2: now 4 red, 3 black",
                "第 1 轮第 2 台交换先后手：4 号执红，3 号执黑",
            ),
            (
                "player 3: name 甲 → 乙, unit \"\" → \"杭州\", rating none → 2400",
                "3 号运动员：姓名 甲 → 乙，单位  → 杭州，等级分 无 → 2400",
            ),
            (
                "player 5 reinstated (had withdrawn after round 2)",
                "5 号运动员恢复参赛（曾于第 2 轮后退出）",
            ),
            (
                "player 5 withdrew after round 2",
                "5 号运动员第 2 轮后退出比赛",
            ),
            (
                "player 5 not paired in round 4",
                "5 号运动员申请第 4 轮轮空",
            ),
            ("renamed \"甲\" → \"乙\"", "比赛更名：甲 → 乙"),
            ("late entry 9: 王五", "补报名：9 号 王五"),
            (
                "line-up of team 2, round 1 board 1: 5,6",
                "第 1 轮第 1 台 2 号队排阵：5,6",
            ),
            ("deleted to /x/.trash/e.toml.1", "删除比赛（移入回收站）"),
            ("undo version 4: paired round 3", "撤销第 4 版：编排第 3 轮"),
        ];
        for (line, zh) in cases {
            assert_eq!(what(Lang::Zh, line), zh, "{line}");
            assert_eq!(what(Lang::En, line), line);
        }
        // a line it does not know stays as it is
        assert_eq!(what(Lang::Zh, "created"), "created");
    }
}
