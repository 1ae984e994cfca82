//! The report's words in the reader's language: the books' names (书名) for the rulesets, the
//! rulings (和棋（循环）, 红方须变着（长捉）, 红胜（长捉）, 未终局), the chased pieces by name (捉车,
//! 捉七路马) and a search line's bounds in words (以三步将军为限…). English pages keep the JSON
//! words and the ruleset ids.

use xiangqi::board::{Color, PieceKind, Square};
use xiangqi::movegen::Position;
use xiangqi::rules::{
    ClassKind, LineRuling, Outcome, PlyRuling, RepetitionRuling, Ruling, Verdict,
};

use super::Lang;

/// A ruleset's book: the short name used in tables and the full title (书名).
pub(crate) struct Book {
    /// The short name for table heads and cells (`1987年规则`; the id on English pages).
    pub short: String,
    /// The book's title (`中国象棋竞赛规则（1987）`).
    pub title: String,
}

/// The book a ruleset applies, by its edition; a ruleset whose id is not its edition's own (a
/// federation's variant read from a TOML file) keeps its id beside the book's short name.
pub(crate) fn book(ruleset: &str, edition: &str, lang: Lang) -> Book {
    let (short_zh, title_zh, title_en) = match edition {
        "cn-1987" => (
            "1987年规则",
            "中国象棋竞赛规则（1987）",
            "Chinese competition rules (1987)",
        ),
        "cn-2020" => (
            "2020年规则",
            "中国象棋竞赛规则（2020）",
            "Chinese competition rules (2020)",
        ),
        "axf" => (
            "亚洲象联规则",
            "亚洲象棋联合会规则",
            "Asian Xiangqi Federation rules",
        ),
        "computer-2007" => (
            "电脑联赛规则",
            "电脑象棋联赛规则（2007）",
            "Computer-league rules (电脑象棋联赛规则, 2007)",
        ),
        _ => ("", "", ""),
    };
    match lang {
        Lang::En => Book {
            short: ruleset.to_string(),
            title: if title_en.is_empty() {
                ruleset.to_string()
            } else {
                title_en.to_string()
            },
        },
        Lang::Zh if short_zh.is_empty() => Book {
            short: ruleset.to_string(),
            title: ruleset.to_string(),
        },
        Lang::Zh if ruleset == edition => Book {
            short: short_zh.to_string(),
            title: title_zh.to_string(),
        },
        Lang::Zh => Book {
            short: format!("{short_zh}（{ruleset}）"),
            title: format!("{title_zh}之变体 {ruleset}"),
        },
    }
}

/// The side in Chinese: 红方 / 黑方.
fn side_zh(c: Color) -> &'static str {
    if c.is_red() { "红方" } else { "黑方" }
}

/// A repetition verdict: 和棋 / 红方须变着 / 黑方须变着 (English: the JSON word).
pub(crate) fn verdict(v: Verdict, lang: Lang) -> String {
    match (v, lang) {
        (_, Lang::En) => v.as_str().to_string(),
        (Verdict::Draw, Lang::Zh) => "和棋".into(),
        (Verdict::MustVary(c), Lang::Zh) => format!("{}须变着", side_zh(c)),
    }
}

/// A rule word of the rulings (`perpetual-chase`, `natural-limit`, …) in Chinese; `None` for
/// `none` (nothing to say) — an unknown word is kept as it is.
pub(crate) fn rule_zh(word: &str) -> Option<String> {
    Some(
        match word {
            "none" | "" => return None,
            "perpetual-check" => "长将",
            "perpetual-chase" => "长捉",
            "perpetual-mate-threat" => "长杀",
            "perpetual-attack" => "长打",
            "no-violation" => "双方不违例",
            "nine-move-rule" => "连续九着禁止着法",
            "repetition" => "循环",
            "natural-limit" => "自然限着",
            "natural-limit-claimable" => "可按自然限着求和",
            "no-attacking-pieces" => "双方无进攻子力",
            "checkmate" => "将死",
            "stalemate" => "困毙",
            "red-must-vary" => "红方须变着",
            "black-must-vary" => "黑方须变着",
            "undecided-search-budget" => "搜索超出限度，待裁判裁决",
            other => return Some(other.to_string()),
        }
        .to_string(),
    )
}

/// A repetition's ruling in one phrase: the verdict and the offender's label (红方须变着（长捉）,
/// 和棋（双方不违例）).
pub(crate) fn repetition(rep: &RepetitionRuling, lang: Lang) -> String {
    if lang == Lang::En {
        return format!("{} ({})", rep.verdict.as_str(), rep.reason);
    }
    let label = match rep.verdict {
        Verdict::MustVary(Color::Red) => Some(rep.red.as_str()),
        Verdict::MustVary(Color::Black) => Some(rep.black.as_str()),
        Verdict::Draw => None,
    }
    .filter(|l| !l.is_empty() && *l != "—" && !l.is_ascii())
    .map(str::to_string)
    .or_else(|| rule_zh(&rep.reason));
    match label {
        Some(l) => format!("{}（{l}）", verdict(rep.verdict, lang)),
        None => verdict(rep.verdict, lang),
    }
}

/// A game's outcome with its reason: 红胜（长捉）/ 和棋（循环）/ 未终局 (English: `red-wins
/// (perpetual-chase)`).
pub(crate) fn outcome(r: &Ruling, lang: Lang) -> String {
    if lang == Lang::En {
        return format!("{} ({})", r.outcome.as_str(), r.reason);
    }
    let word = match r.outcome {
        Outcome::Ongoing => "未终局".to_string(),
        Outcome::Win(c) => format!("{}胜", if c.is_red() { "红" } else { "黑" }),
        Outcome::Draw => "和棋".to_string(),
    };
    // The reason of a win after a second ruling is the repetition's: its offender's label.
    let why = match (&r.repetition, r.outcome) {
        (Some(rep), Outcome::Win(c)) if r.reason == rep.reason => {
            let label = if c.is_red() { &rep.black } else { &rep.red };
            Some(label.clone())
                .filter(|l| !l.is_empty() && l != "—")
                .or_else(|| rule_zh(&r.reason))
        }
        _ => rule_zh(&r.reason),
    };
    match why {
        Some(w) => format!("{word}（{w}）"),
        None => word,
    }
}

/// What a ruling rests on, for telling two rulings apart: the repetition's ruling and the
/// game's outcome (`红方须变着（长捉）→ 未终局`), or, with no repetition, the outcome and that no
/// position occurred as often as the edition rules at (`未终局（局面未重复四次）`).
pub(crate) fn ruling(r: &Ruling, occurrences: u32, lang: Lang) -> String {
    match (&r.repetition, lang) {
        // The side told to vary is named once: 红方须变着（长捉）→ 未终局.
        (Some(rep), Lang::Zh)
            if r.outcome == Outcome::Ongoing && r.reason.ends_with("-must-vary") =>
        {
            format!("{} → 未终局", repetition(rep, lang))
        }
        (Some(rep), _) => format!("{} → {}", repetition(rep, lang), outcome(r, lang)),
        (None, Lang::Zh) if r.outcome == Outcome::Ongoing && r.reason == "none" => {
            format!("未终局（局面未重复{}次）", number_zh(occurrences))
        }
        (None, _) => outcome(r, lang),
    }
}

/// A ruling with no repetition in one phrase: the edition's number of occurrences not reached
/// (`局面未重复四次；未终局`), so that an edition that rules only at the 4th occurrence says so.
pub(crate) fn no_repetition(r: &Ruling, occurrences: u32, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "no position occurs {occurrences} times; {}",
            outcome(r, lang)
        ),
        Lang::Zh => format!(
            "局面未重复{}次；{}",
            number_zh(occurrences),
            outcome(r, lang)
        ),
    }
}

/// A small number in Chinese numerals (一 … 九十九); larger ones in digits — the forms' own
/// (`xiangqi::forms::cn_number`), so that the report and the printed heads count alike.
pub(crate) fn number_zh(n: u32) -> String {
    xiangqi::forms::cn_number(n)
}

/// The piece on `sq` by name as the rule books name a chased piece: its kind (车, 马, 炮, 兵 …),
/// with its file when its side has another piece of that kind (七路马 for Red, 7路马 for Black),
/// 前 / 后 when both stand on one file. `None` on an empty square.
pub(crate) fn piece_name(pos: &Position, sq: Square) -> Option<String> {
    let piece = pos.piece_at(sq)?;
    let kind = piece.chinese();
    let same: Vec<Square> = pos
        .board()
        .pieces()
        .filter(|(s, p)| *p == piece && *s != sq)
        .map(|(s, _)| s)
        .collect();
    if same.is_empty() || matches!(piece.kind, PieceKind::King) {
        return Some(kind.to_string());
    }
    if let Some(other) = same.iter().find(|s| s.file() == sq.file()) {
        let ahead = sq.rank().relative_to(piece.color) > other.rank().relative_to(piece.color);
        return Some(format!("{}{kind}", if ahead { "前" } else { "后" }));
    }
    let n = sq.file().number_for(piece.color);
    Some(if piece.color.is_red() {
        format!("{}路{kind}", number_zh(u32::from(n)))
    } else {
        format!("{n}路{kind}")
    })
}

/// A ply's class as a table cell: the edition's label and, on Chinese pages, the chased pieces
/// by name (`捉车、七路马`; English pages: the squares) — `pos` is the position after the ply.
pub(crate) fn class_cell(p: Option<&PlyRuling>, after: &Position, lang: Lang) -> String {
    let Some(p) = p else {
        return "–".into();
    };
    let Some(kind) = p.class else {
        return "–".into();
    };
    let mut s = p.label.clone().unwrap_or_else(|| {
        match kind {
            ClassKind::Check => "将",
            ClassKind::MateThreat => "杀",
            ClassKind::Chase => "捉",
            ClassKind::Idle => "闲",
        }
        .to_string()
    });
    if !p.targets.is_empty() {
        let names: Vec<String> = p.targets.iter().map(|t| target(t, after, lang)).collect();
        s.push_str(&format!("（{}）", names.join("、")));
    }
    s
}

/// A chased square by the piece on it (Chinese pages), else the square.
fn target(t: &str, after: &Position, lang: Lang) -> String {
    match lang {
        Lang::Zh => t
            .parse::<Square>()
            .ok()
            .and_then(|sq| piece_name(after, sq))
            .unwrap_or_else(|| t.to_string()),
        Lang::En => t.to_string(),
    }
}

/// The line behind a 捉 or 杀 in one sentence: what it wins (the piece by name), the moves in
/// Chinese notation and, on Chinese pages, the search bounds it needs in words
/// (以三步将军、七着为限); `after` is the position after the ply.
pub(crate) fn line(p: &PlyRuling, l: &LineRuling, after: &Position, lang: Lang) -> String {
    let moves = if l.chinese.is_empty() {
        l.moves.join(" ")
    } else {
        l.chinese.join(" ")
    };
    let (word, when) = match (p.class, lang) {
        (Some(ClassKind::MateThreat), Lang::Zh) => ("杀", "让一着"),
        (Some(ClassKind::Check), Lang::Zh) => ("将兼捉", "应将后"),
        (_, Lang::Zh) => ("捉", "让一着"),
        (Some(ClassKind::MateThreat), Lang::En) => ("杀", "the opponent passing"),
        (Some(ClassKind::Check), Lang::En) => ("将兼捉", "once the check is answered"),
        (_, Lang::En) => ("捉", "the opponent passing"),
    };
    let what = target(&l.target, after, lang);
    let bounds = bounds(l, lang);
    let note = l.note.as_deref().map(|n| note(n, lang)).unwrap_or_default();
    match lang {
        Lang::Zh => format!("{word}{what}（{when}）：{moves}{bounds}{note}"),
        Lang::En => format!("{word} {what} ({when}): {moves}{bounds}{note}"),
    }
}

/// The least search bounds a line needs, in words.
fn bounds(l: &LineRuling, lang: Lang) -> String {
    if l.bounds.is_empty() {
        return String::new();
    }
    if lang == Lang::En {
        let b: Vec<String> = l.bounds.iter().map(|(k, v)| format!("{k} ≥ {v}")).collect();
        return format!("  [{}]", b.join(", "));
    }
    let mut parts = Vec::new();
    if let Some(&c) = l.bounds.get("gain_max_checks") {
        parts.push(if c == 0 {
            "不用将军".to_string()
        } else {
            format!("{}步将军", number_zh(c))
        });
    }
    if let Some(&n) = l.bounds.get("gain_max_plies") {
        parts.push(format!("{}着", number_zh(n)));
    }
    if let Some(&n) = l.bounds.get("mate_threat_plies") {
        parts.push(format!("连将{}着", number_zh(n)));
    }
    for (k, v) in &l.bounds {
        if !matches!(
            *k,
            "gain_max_checks" | "gain_max_plies" | "mate_threat_plies"
        ) {
            parts.push(format!("{k} {v}"));
        }
    }
    format!("（以{}为限可得）", parts.join("、"))
}

/// How a line was found, when not by the plain search, or (AXF) which rule makes the attack a
/// chase. On Chinese pages the editions' English notes are said in Chinese; a note with English
/// words this page does not know is left out.
fn note(n: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return format!(" ({n})");
    }
    let zh = if n.starts_with("联合捉子") {
        "联合捉子：一将所捉多子之一"
    } else if n.starts_with("each side's chase judged apart") {
        "双方之捉分别判断：对方不得以本着前后皆可吃之子反吃"
    } else if n.starts_with("no real protector") {
        "捉无根子，亚洲象联规则第15、24条"
    } else if n.starts_with("a horse or cannon attacks a rook") {
        "马、炮捉车，有根无根均算捉，亚洲象联规则第15条"
    } else if n.starts_with("an advisor or elephant attacks") {
        "士、象捉车马炮，亚洲象联规则第15条"
    } else if n.starts_with("protected: the exchange") {
        "有根子：吃后兑换得子"
    } else if n
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w.len() >= 3)
    {
        return String::new();
    } else {
        n
    };
    format!("（{zh}）")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chased_pieces_are_named_as_the_books_name_them() {
        // Red's horses on b0 (八路) and h0 (二路); Black's rooks on a9 and i9 (1路 and 9路), one
        // Black cannon; two Red pawns on the e-file's neighbour files and two on one file.
        let pos = Position::from_fen("r3k3r/9/1c7/9/4P4/4P4/9/9/9/1N1K3N1 w - - 0 1").unwrap();
        let at = |s: &str| piece_name(&pos, s.parse().unwrap()).unwrap();
        assert_eq!(at("b0"), "八路马");
        assert_eq!(at("h0"), "二路马");
        assert_eq!(at("a9"), "1路车");
        assert_eq!(at("i9"), "9路车");
        assert_eq!(at("b7"), "炮");
        assert_eq!(at("e5"), "前兵");
        assert_eq!(at("e4"), "后兵");
        assert!(piece_name(&pos, "e0".parse().unwrap()).is_none());
    }

    #[test]
    fn numbers_in_chinese() {
        assert_eq!(number_zh(3), "三");
        assert_eq!(number_zh(10), "十");
        assert_eq!(number_zh(14), "十四");
        assert_eq!(number_zh(40), "四十");
        assert_eq!(number_zh(92), "九十二");
    }
}
