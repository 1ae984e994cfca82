//! The Chinese form of the entry words' refusals ([`WordError::zh`]) and of the rules' refusals
//! of an entry ([`Refusal::zh`], [`GameError::zh`], [`EntryError::zh`]): the desk's console shows
//! them on its Chinese pages; `xq game` keeps the English of `Display`.

use xiangqi_board::Color;
use xiangqi_notation::MoveTextError;
use xiangqi_rules::Outcome;

use crate::error::GameError;
use crate::fields::WordError;
use crate::refusal::Refusal;
use crate::store::EntryError;
use crate::time::format_clock;
use crate::verdicts::Decision;

/// 红方 / 黑方.
fn side(c: Color) -> &'static str {
    match c {
        Color::Red => "红方",
        Color::Black => "黑方",
    }
}

/// A result in Chinese: 红胜, 黑胜, 和棋 (未完 while the game goes on).
fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(Color::Red) => "红胜",
        Outcome::Win(Color::Black) => "黑胜",
        Outcome::Draw => "和棋",
        Outcome::Ongoing => "未完",
    }
}

/// A declared result in Chinese.
fn decision(d: Decision) -> &'static str {
    match d {
        Decision::RedWins => "红胜",
        Decision::BlackWins => "黑胜",
        Decision::Draw => "和棋",
        Decision::None => "不判结果",
    }
}

/// Why a move cannot be read or played, in Chinese (the move itself is named by the caller).
fn move_reason(e: &MoveTextError) -> String {
    match e {
        MoveTextError::Syntax { .. } => "不是着法".to_string(),
        MoveTextError::NoSuchPiece { .. } => "没有这个棋子".to_string(),
        MoveTextError::Illegal { .. } => "此局面下不能这样走".to_string(),
        MoveTextError::Ambiguous { candidates, .. } => format!(
            "有歧义，可能是 {}",
            candidates
                .iter()
                .map(|m| m.iccs().to_string())
                .collect::<Vec<_>>()
                .join("、")
        ),
        MoveTextError::NonStandard { standard, .. } => format!("写法不规范（标准写法 {standard}）"),
    }
}

/// The arbiter's override a flag claim may take instead.
const OVERRIDE: &str = "（或由裁判写明原因后判定）";

impl Refusal {
    /// The refusal in Chinese, naming what was typed (in quotes) as `Display` does.
    ///
    /// ```
    /// use xiangqi_game::Refusal;
    /// assert_eq!(Refusal::NothingToUndo.zh(), "没有可撤销的记录");
    /// ```
    pub fn zh(&self) -> String {
        let own = |c: Color| match c {
            Color::Red => "一…九",
            Color::Black => "1…9",
        };
        match self {
            Refusal::MixedNumerals { mv, mover } => format!(
                "着法 {mv:?}：混用了红方的数字（一…九）和黑方的数字（1…9）；轮到{}走，应写 {}",
                side(*mover),
                own(*mover)
            ),
            Refusal::OtherNumerals { mv, mover, would } => format!(
                "着法 {mv:?}：用的是{}的数字，但轮到{}走，应写 {}；{}",
                side(!*mover),
                side(*mover),
                own(*mover),
                match would {
                    Some((chinese, iccs)) => format!("按{}读是 {chinese}（{iccs}）", side(!*mover)),
                    None => format!("按{}读也不是此处的着法", side(!*mover)),
                }
            ),
            Refusal::ProposalEntered => "提议由规则给出，不能录入".to_string(),
            Refusal::OldLog { version } => format!(
                "此记录为第 {version} 版（早于裁判答复提议的功能）：告知变着、宣布结果和撤销须用本程序新开的记录"
            ),
            Refusal::GameOver { outcome: o, .. } => format!("对局已结束（{}）", outcome(*o)),
            Refusal::Adjourned { sealer } => {
                format!("对局已封棋（{}封棋）：请先续赛", side(*sealer))
            }
            Refusal::SealedFirst { sealed } => format!("须先走封存的着法 {sealed}"),
            Refusal::NotTheSealed { sealed, mv } => {
                format!("须先走封存的着法 {sealed}，而不是 {mv:?}")
            }
            Refusal::Move { mv, error } => format!("着法 {mv:?}：{}", move_reason(error)),
            Refusal::OwnOfferPending { side: s } => format!(
                "{}的提和尚待答复：不能撤回，也不能再次提出（第一章第 4 条二(二)）",
                side(*s)
            ),
            Refusal::AnswerFirst { offerer } => {
                format!("{}已提和：请先接受或拒绝", side(*offerer))
            }
            Refusal::OfferOutOfTurn { side: s } => format!(
                "{}只能在本方走棋后、按钟前提和（第一章第 4 条二(二)）",
                side(*s)
            ),
            Refusal::NoOffer { side: s } => format!("{}没有要答复的提和", side(*s)),
            Refusal::FoulKind { kind } => format!("犯规 {kind}：犯规类别应为 1 至 8"),
            Refusal::CorrectionReason => "校正棋钟须写明原因（棋钟哪里不对）".to_string(),
            Refusal::SealOutOfTurn { to_move } => {
                format!("只有轮到走棋的一方（{}）才能封棋", side(*to_move))
            }
            Refusal::SealEmpty => "封棋须写下封存的着法".to_string(),
            Refusal::NotAdjourned => "对局没有封棋：无须续赛".to_string(),
            Refusal::NotLate { side: s } => format!("{}已经走过棋：不算迟到", side(*s)),
            other => other.zh_answers(),
        }
    }

    /// [`Refusal::zh`] of the arbiter's answers, undo, the 60-move rule and the clocks.
    fn zh_answers(&self) -> String {
        match self {
            Refusal::NoMustVary { side: s, proposed } => format!(
                "没有“{}须变着”的提议可确认{}",
                side(*s),
                match proposed {
                    Some(o) => format!("（规则提议的是{}须变着）", side(*o)),
                    None => String::new(),
                }
            ),
            Refusal::DeclareUnnamed => {
                "宣布结果：规则此处没有提议结果，请写明结果（红胜、黑胜或和棋）及所依据的条款"
                    .to_string()
            }
            Refusal::DeclareNoRule { outcome: d } => format!(
                "宣布{}：规则此处没有这一提议，请写明所依据的条款",
                decision(*d)
            ),
            Refusal::UndoOver { outcome: o, .. } => format!(
                "对局已结束（{}）：已登记到赛事的结果请在该台次更正，不能撤销",
                outcome(*o)
            ),
            Refusal::UndoReason => "撤销须写明原因（哪条记录有误）".to_string(),
            Refusal::NothingToUndo => "没有可撤销的记录".to_string(),
            Refusal::UndoNotLast { n, last } => {
                format!("撤销第 {n} 条：只能撤销最后一条有效记录（第 {last} 条）")
            }
            Refusal::NoNaturalLimit { edition } => {
                format!("规则版本 {edition} 没有自然限着")
            }
            Refusal::ClockRises {
                side: s,
                reading,
                before,
                added,
            } => format!(
                "{}棋钟 {}：多于原有的 {}{}——棋钟只会减少（加秒和新阶段的时间除外）；之前读错的时间请用“校正棋钟”更正",
                side(*s),
                format_clock(*reading),
                format_clock(*before),
                if *added > 0 {
                    format!("加本着增加的 {}", format_clock(*added))
                } else {
                    String::new()
                }
            ),
            Refusal::ClockStopped { side: s, to_move } => format!(
                "{}的棋钟没有走（轮到{}走）：只有走着的棋钟才会超时{OVERRIDE}",
                side(*s),
                side(*to_move)
            ),
            Refusal::FlagUp { side: s, shows } => format!(
                "{}的棋钟还剩 {}：尚未超时{OVERRIDE}",
                side(*s),
                format_clock(i64::from(*shows))
            ),
            Refusal::Stale { seen, now } => format!(
                "对局记录已有 {now} 条，你的页面显示的是 {seen} 条：其间已有人录入，请刷新后再录入"
            ),
            Refusal::FlagReadingNeeded { side: s, showed } => format!(
                "{}的棋钟上次读数为 {}：请给出时间已用完的读数（0:00:00）{OVERRIDE}",
                side(*s),
                format_clock(*showed)
            ),
            // the others are said by `zh` itself
            _ => self.to_string(),
        }
    }
}

impl GameError {
    /// The error in Chinese: a refusal of the rules in its own words, a file or ruleset
    /// problem with where and what (the reader's text, as `Display` gives it).
    pub fn zh(&self) -> String {
        match self {
            GameError::Refused(r) => r.zh(),
            GameError::File(m) => format!("对局记录有误：{m}"),
            GameError::Ruleset(m) => format!("规则不能使用：{m}"),
        }
    }
}

impl EntryError {
    /// The error in Chinese: `FILE：why` for a refusal, as `Display` names the file.
    pub fn zh(&self) -> String {
        match self {
            EntryError::Store(e) => e.to_string(),
            EntryError::Refused { file, source } => format!("{file}：{}", source.zh()),
        }
    }
}

impl WordError {
    /// The refusal in Chinese, naming what was typed as `Display` does.
    ///
    /// ```
    /// use xiangqi_game::words::{self, Fields};
    /// let e = words::entry("dance", &Fields::default()).unwrap_err();
    /// assert_eq!(e.zh(), "没有这种记录：\"dance\"");
    /// ```
    pub fn zh(&self) -> String {
        match self {
            WordError::Side(s) => format!("哪一方 {s:?}：应为红方或黑方"),
            WordError::Clock(s) => format!("棋钟 {s:?}：应为 时:分:秒（或 分:秒），即剩余时间"),
            WordError::Claim(s) => format!("要求 {s:?}：应为不变作和或六十回合"),
            WordError::Decision(s) => format!("裁决 {s:?}：应为红胜、黑胜、和棋或不判结果"),
            WordError::Declare(s) => {
                format!("宣布结果 {s:?}：应为红胜、黑胜或和棋（不填则为规则提议的结果）")
            }
            WordError::Number { field, text } => {
                let field = match *field {
                    "seconds" => "秒数",
                    "minutes" => "分钟数",
                    "foul kind" => "犯规类别",
                    "entry" => "记录序号",
                    other => other,
                };
                format!("{field} {text:?}：不是整数")
            }
            WordError::CorrectionClock => "棋钟：应为 时:分:秒，即校正后棋钟显示的时间".to_string(),
            WordError::Entry(s) => format!("没有这种记录：{s:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_error_reads_in_chinese() {
        let all = [
            WordError::Side("green".into()),
            WordError::Clock("90".into()),
            WordError::Claim("x".into()),
            WordError::Decision("x".into()),
            WordError::Declare("x".into()),
            WordError::Number {
                field: "seconds",
                text: "x".into(),
            },
            WordError::CorrectionClock,
            WordError::Entry("dance".into()),
        ];
        for e in all {
            let zh = e.zh();
            // no English word but what was typed
            let rest = zh.replace("\"green\"", "").replace("\"dance\"", "");
            assert!(
                !rest.chars().any(|c| c.is_ascii_alphabetic() && c != 'x'),
                "{e}: {zh}"
            );
        }
        assert_eq!(
            WordError::Number {
                field: "seconds",
                text: "x".into()
            }
            .zh(),
            "秒数 \"x\"：不是整数"
        );
    }

    /// One of every refusal of the rules.
    fn every_refusal() -> Vec<Refusal> {
        let (red, black) = (Color::Red, Color::Black);
        vec![
            Refusal::MixedNumerals {
                mv: "炮2平五".into(),
                mover: red,
            },
            Refusal::OtherNumerals {
                mv: "炮8平5".into(),
                mover: red,
                would: Some(("炮８平５".into(), "h7e7".into())),
            },
            Refusal::OtherNumerals {
                mv: "炮8平5".into(),
                mover: black,
                would: None,
            },
            Refusal::ProposalEntered,
            Refusal::OldLog { version: 1 },
            Refusal::GameOver {
                outcome: Outcome::Win(red),
                reason: "checkmate".into(),
            },
            Refusal::Adjourned { sealer: black },
            Refusal::SealedFirst {
                sealed: "h7e7".into(),
            },
            Refusal::NotTheSealed {
                sealed: "h7e7".into(),
                mv: "dance".into(),
            },
            Refusal::Move {
                mv: "dance".into(),
                error: MoveTextError::Illegal {
                    token: "dance".into(),
                },
            },
            Refusal::Move {
                mv: "dance".into(),
                error: MoveTextError::Syntax {
                    token: "dance".into(),
                    notation: None,
                    reason: "not a move".into(),
                },
            },
            Refusal::OwnOfferPending { side: red },
            Refusal::AnswerFirst { offerer: black },
            Refusal::OfferOutOfTurn { side: red },
            Refusal::NoOffer { side: red },
            Refusal::FoulKind { kind: 9 },
            Refusal::CorrectionReason,
            Refusal::SealOutOfTurn { to_move: red },
            Refusal::SealEmpty,
            Refusal::NotAdjourned,
            Refusal::NotLate { side: black },
            Refusal::NoMustVary {
                side: red,
                proposed: Some(black),
            },
            Refusal::DeclareUnnamed,
            Refusal::DeclareNoRule {
                outcome: Decision::Draw,
            },
            Refusal::UndoOver {
                outcome: Outcome::Draw,
                reason: "agreement".into(),
            },
            Refusal::UndoReason,
            Refusal::NothingToUndo,
            Refusal::UndoNotLast { n: 3, last: 5 },
            Refusal::NoNaturalLimit {
                edition: "cn-1987".into(),
            },
            Refusal::ClockRises {
                side: red,
                reading: 5400,
                before: 5000,
                added: 30,
            },
            Refusal::ClockStopped {
                side: red,
                to_move: black,
            },
            Refusal::FlagUp {
                side: red,
                shows: 60,
            },
            Refusal::FlagReadingNeeded {
                side: black,
                showed: 60,
            },
            Refusal::Stale { seen: 3, now: 4 },
        ]
    }

    /// Every refusal of the rules reads in Chinese: no English word but what was typed
    /// (quoted) and the ids (an edition, a move in ICCS).
    #[test]
    fn every_refusal_reads_in_chinese() {
        let (red, black) = (Color::Red, Color::Black);
        let all = every_refusal();
        for r in all {
            let zh = r.zh();
            let rest = zh
                .replace("\"dance\"", "")
                .replace("h7e7", "")
                .replace("cn-1987", "");
            assert!(!rest.chars().any(|c| c.is_ascii_alphabetic()), "{r}: {zh}");
            // the English stays what `xq game` printed before the refusals were typed
            assert!(!r.to_string().is_empty());
        }
        assert_eq!(
            Refusal::UndoNotLast { n: 3, last: 5 }.to_string(),
            "undo entry 3: only the last entry in force can be undone (entry 5)"
        );
        assert_eq!(
            Refusal::ClockRises {
                side: red,
                reading: 5400,
                before: 5000,
                added: 30,
            }
            .to_string(),
            "clock 1:30:00 for Red: more than the 1:23:20 it had plus the 0:00:30 this move adds — a clock only runs down (increment and a new stage's time excepted); a wrong earlier reading is put right by a correction (xq game correct)"
        );
        assert_eq!(
            GameError::Refused(Refusal::NotLate { side: black }).zh(),
            "黑方已经走过棋：不算迟到"
        );
    }
}
