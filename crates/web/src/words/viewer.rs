//! The words of the game viewer.

/// The viewer's own words.
pub(crate) struct ViewerWords {
    pub(crate) games: &'static str,
    pub(crate) game: &'static str,
    pub(crate) of: &'static str,
    pub(crate) moves: &'static str,
    pub(crate) plies: &'static str,
    pub(crate) start: &'static str,
    pub(crate) first: &'static str,
    pub(crate) prev: &'static str,
    pub(crate) next: &'static str,
    pub(crate) last: &'static str,
    pub(crate) after_ply: &'static str,
    pub(crate) notation: &'static str,
    pub(crate) chinese: &'static str,
    pub(crate) rulesets: &'static str,
    pub(crate) apply: &'static str,
    pub(crate) classes: &'static str,
    pub(crate) ply: &'static str,
    pub(crate) mv: &'static str,
    pub(crate) side: &'static str,
    pub(crate) red: &'static str,
    pub(crate) black: &'static str,
    pub(crate) reason: &'static str,
    pub(crate) repetitions: &'static str,
    pub(crate) no_repetition: &'static str,
    pub(crate) verdict: &'static str,
    pub(crate) rule: &'static str,
    pub(crate) outcome: &'static str,
    pub(crate) verdicts_differ: &'static str,
    pub(crate) verdicts_agree: &'static str,
    pub(crate) cannot_read: &'static str,
    pub(crate) not_found: &'static str,
    pub(crate) all_games: &'static str,
    pub(crate) event: &'static str,
    pub(crate) date: &'static str,
    pub(crate) result: &'static str,
    pub(crate) keys: &'static str,
    pub(crate) to_move: &'static str,
    /// The heading of the lines behind the shown ply's 捉 or 杀.
    pub(crate) lines_of_ply: &'static str,
}

pub(crate) static ZH: ViewerWords = ViewerWords {
    games: "棋局",
    game: "第",
    of: "局，共",
    moves: "着法",
    plies: "步数",
    start: "开局",
    first: "« 开局",
    prev: "‹ 上一步",
    next: "下一步 ›",
    last: "终局 »",
    after_ply: "第 {} 步后",
    notation: "记谱",
    chinese: "中文",
    rulesets: "规则",
    apply: "应用",
    classes: "逐步判定",
    ply: "步",
    mv: "着法",
    side: "方",
    red: "红",
    black: "黑",
    reason: "不同之处",
    repetitions: "循环判决",
    no_repetition: "无三次重复局面",
    verdict: "判决",
    rule: "依据",
    outcome: "结果",
    verdicts_differ: "判决不同",
    verdicts_agree: "各规则判决相同",
    cannot_read: "无法读取棋谱",
    not_found: "找不到棋谱",
    all_games: "本文件所有棋局",
    event: "赛事",
    date: "日期",
    result: "结果",
    keys: "键盘：← → 上/下一步，Home/End 开局/终局",
    to_move: "走棋",
    lines_of_ply: "本步的捉、杀线（让一着后的着法与所需搜索界限）",
};

pub(crate) static EN: ViewerWords = ViewerWords {
    games: "Games",
    game: "game",
    of: "of",
    moves: "Moves",
    plies: "plies",
    start: "start",
    first: "« Start",
    prev: "‹ Previous",
    next: "Next ›",
    last: "End »",
    after_ply: "after ply {}",
    notation: "Notation",
    chinese: "Chinese",
    rulesets: "Rulesets",
    apply: "Apply",
    classes: "Class of each ply",
    ply: "ply",
    mv: "move",
    side: "side",
    red: "Red",
    black: "Black",
    reason: "Where they differ",
    repetitions: "Repetition rulings",
    no_repetition: "no position occurred three times",
    verdict: "verdict",
    rule: "rule",
    outcome: "outcome",
    verdicts_differ: "The verdicts differ",
    verdicts_agree: "The rulesets agree",
    cannot_read: "Cannot read the game file",
    not_found: "No such game file",
    all_games: "All games of this file",
    event: "Event",
    date: "Date",
    result: "Result",
    keys: "Keys: ← → previous/next ply, Home/End start/end",
    to_move: " to move",
    lines_of_ply: "The line behind this ply's chase or mate threat (the opponent passing), with the search bounds it needed",
};

/// A ruleset's title in the page's language: on a Chinese page the Chinese part of the title
/// (`中国象棋竞赛规则 1987 (Chinese rules, 1987)` → `中国象棋竞赛规则 1987`), or the word
/// book's name of a ruleset whose title has none (AXF); on an English page the title as it is.
pub(crate) fn ruleset_title(lang: super::Lang, id: &str, title: &str) -> String {
    const NAMES: &[(&str, &str)] = &[("axf", "亚洲象棋联合会规则 (AXF)")];
    if lang == super::Lang::En {
        return title.to_string();
    }
    if let Some((_, zh)) = NAMES.iter().find(|(k, _)| *k == id) {
        return zh.to_string();
    }
    match title.split_once(" (") {
        Some((zh, _)) if !zh.is_ascii() => zh.to_string(),
        _ if !title.is_ascii() => title.to_string(),
        _ => id.to_string(),
    }
}

/// A repetition ruling's explanation on a Chinese page: an edition's own Chinese words as they
/// are; an English one (AXF's, more Latin letters than Chinese characters) said from its reason
/// word and the side that must vary.
pub(crate) fn cycle_explanation(
    lang: super::Lang,
    reason: &str,
    must_vary: Option<&str>,
    explanation: &str,
) -> String {
    // Chinese words (cn-1987's) stay; English ones, even naming a piece in Chinese, do not
    let cjk = explanation.chars().filter(|c| !c.is_ascii()).count();
    let latin = explanation
        .chars()
        .filter(char::is_ascii_alphabetic)
        .count();
    if lang == super::Lang::En || cjk >= latin {
        return explanation.to_string();
    }
    let side = must_vary.unwrap_or("");
    match reason {
        "no-violation" => "双方均未长将或长捉同一子：允许循环，判和".to_string(),
        "mutual-perpetual-check" => "双方长将：判和".to_string(),
        "mutual-perpetual-chase" => "双方长捉：判和".to_string(),
        "perpetual-check" => format!("{side}长将：禁止，{side}须变着"),
        "perpetual-chase" => format!("{side}每着捉同一子：长捉禁止，{side}须变着"),
        "perpetual-mate-threat" => format!("{side}长杀：禁止，{side}须变着"),
        "perpetual-attack" => format!("{side}长打：禁止，{side}须变着"),
        "nine-move-rule" => format!(
            "{side}在三个或三个以上点上连续以禁止着法达九个回合（循环重复，未成重复局面）：{side}须变着"
        ),
        _ => match must_vary {
            Some(s) => format!("{s}须变着"),
            None => "判和".to_string(),
        },
    }
}

/// A search bound's name (a ruleset parameter, `gain_max_plies`) on a Chinese page.
pub(crate) fn bound_name(lang: super::Lang, key: &str) -> &str {
    const NAMES: &[(&str, &str)] = &[
        ("gain_max_plies", "得子搜索着数"),
        ("gain_max_checks", "连将次数"),
        ("refutation_mate_plies", "反击杀着数"),
        ("mate_threat_plies", "杀着步数"),
    ];
    match lang {
        super::Lang::En => key,
        super::Lang::Zh => NAMES
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(key, |(_, v)| v),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Lang;
    use super::*;

    #[test]
    fn titles_and_reasons_in_chinese() {
        assert_eq!(
            ruleset_title(
                Lang::Zh,
                "cn-1987",
                "中国象棋竞赛规则 1987 (Chinese rules, 1987)"
            ),
            "中国象棋竞赛规则 1987"
        );
        assert_eq!(
            ruleset_title(Lang::Zh, "axf", "Asian Xiangqi Federation rules (AXF)"),
            "亚洲象棋联合会规则 (AXF)"
        );
        assert_eq!(ruleset_title(Lang::Zh, "my-rules", "My rules"), "my-rules");
        assert_eq!(
            ruleset_title(Lang::En, "axf", "Asian Xiangqi Federation rules (AXF)"),
            "Asian Xiangqi Federation rules (AXF)"
        );
        assert_eq!(
            cycle_explanation(
                Lang::Zh,
                "perpetual-chase",
                Some("红方"),
                "Red chases the same piece (车) on every move"
            ),
            "红方每着捉同一子：长捉禁止，红方须变着"
        );
        assert_eq!(
            cycle_explanation(Lang::Zh, "no-violation", None, "长将对长将"),
            "长将对长将"
        );
        assert_eq!(bound_name(Lang::Zh, "gain_max_plies"), "得子搜索着数");
    }
}
