//! The Chinese form of the entry words' refusals ([`WordError::zh`]): the desk's console shows
//! them on its Chinese pages; `xq game` keeps the English of `Display`.

use crate::words::WordError;

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
}
