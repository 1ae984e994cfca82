//! The words the entries share, in both languages: the sides, the results, the rules' machine
//! words, a ply and a clock. Each kind's own words are in its file ([`super::Kind::name`]).

use xiangqi_board::Color;

/// A page's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 中文.
    Zh,
    /// English.
    En,
}

/// A word in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Word {
    /// In Chinese.
    pub zh: &'static str,
    /// In English.
    pub en: &'static str,
}

impl Word {
    /// The word in `lang`.
    pub fn of(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

/// 红方 / Red.
pub const RED: Word = Word {
    zh: "红方",
    en: "Red",
};
/// 黑方 / Black.
pub const BLACK: Word = Word {
    zh: "黑方",
    en: "Black",
};
/// 红胜 / Red wins.
pub const RED_WINS: Word = Word {
    zh: "红胜",
    en: "Red wins",
};
/// 黑胜 / Black wins.
pub const BLACK_WINS: Word = Word {
    zh: "黑胜",
    en: "Black wins",
};
/// 和棋 / Draw.
pub const DRAW: Word = Word {
    zh: "和棋",
    en: "Draw",
};
/// A decision without a result.
pub const NO_RESULT: Word = Word {
    zh: "不判结果（如警告）",
    en: "no result (e.g. a warning)",
};
/// 裁判 / Arbiter.
pub const ARBITER: Word = Word {
    zh: "裁判",
    en: "Arbiter",
};
/// "clock left" after a side (钟余).
pub const CLOCK_LEFT: Word = Word {
    zh: "钟余",
    en: " clock left",
};
/// Before a ply's number (第 … 着).
pub const PLY_PRE: Word = Word {
    zh: "第",
    en: "ply ",
};
/// After a ply's number.
pub const PLY_POST: Word = Word { zh: "着", en: "" };

/// The rules' machine words (a proposal's rule, a result's reason) in both languages.
pub const RULES: [(&str, Word); 15] = [
    (
        "perpetual-check",
        Word {
            zh: "长将",
            en: "perpetual check",
        },
    ),
    (
        "perpetual-chase",
        Word {
            zh: "长捉",
            en: "perpetual chase",
        },
    ),
    (
        "perpetual-attack",
        Word {
            zh: "长杀",
            en: "perpetual attack",
        },
    ),
    (
        "checkmate",
        Word {
            zh: "将死",
            en: "checkmate",
        },
    ),
    (
        "stalemate",
        Word {
            zh: "困毙",
            en: "stalemate",
        },
    ),
    (
        "repetition",
        Word {
            zh: "不变作和",
            en: "draw by repetition",
        },
    ),
    (
        "natural-limit",
        Word {
            zh: "自然限着",
            en: "natural move limit",
        },
    ),
    (
        "third-violation",
        Word {
            zh: "第三次违例",
            en: "third violation",
        },
    ),
    (
        "flag",
        Word {
            zh: "超时",
            en: "flag fall",
        },
    ),
    (
        "late",
        Word {
            zh: "迟到超过时限",
            en: "late beyond the limit",
        },
    ),
    (
        "sealed-move",
        Word {
            zh: "封棋着法错误",
            en: "wrong sealed move",
        },
    ),
    (
        "arbiter",
        Word {
            zh: "裁判宣布",
            en: "declared by the arbiter",
        },
    ),
    (
        "agreed",
        Word {
            zh: "双方同意",
            en: "agreed",
        },
    ),
    (
        "resignation",
        Word {
            zh: "认输",
            en: "resignation",
        },
    ),
    (
        "disciplinary",
        Word {
            zh: "纪律处分",
            en: "disciplinary",
        },
    ),
];

/// A side's word.
pub fn side(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Red => RED.of(lang),
        Color::Black => BLACK.of(lang),
    }
}

/// A result's machine word (`red-wins`, `black-wins`, `draw`; anything else: no result).
pub fn outcome(o: &str, lang: Lang) -> &'static str {
    match o {
        "red-wins" => RED_WINS.of(lang),
        "black-wins" => BLACK_WINS.of(lang),
        "draw" => DRAW.of(lang),
        _ => NO_RESULT.of(lang),
    }
}

/// A rule's machine word (`perpetual-chase`) in `lang` (长捉); an unknown one as it is.
pub fn rule(rule: &str, lang: Lang) -> String {
    RULES
        .iter()
        .find(|(k, _)| *k == rule)
        .map_or_else(|| rule.to_string(), |(_, v)| v.of(lang).to_string())
}

/// `（裁判：NAME）`, or nothing when no name was given.
pub(crate) fn by(b: &str) -> String {
    if b.trim().is_empty() {
        String::new()
    } else {
        format!("（{}：{}）", ARBITER.zh, b.trim())
    }
}

/// `：WHY`, or nothing when no reason was given.
pub(crate) fn why(r: &str) -> String {
    if r.trim().is_empty() {
        String::new()
    } else {
        format!("：{}", r.trim())
    }
}
