//! Side-by-side rulings of one game under several rulesets: every ply's class under each, the
//! rows where the classes differ, and why — each edition's own reading of its class
//! ([`RuleEdition::class_reading`](crate::RuleEdition::class_reading)) and of its cycle
//! ([`RuleEdition::cycle_reading`](crate::RuleEdition::cycle_reading)), in Chinese and English.
//!
//! `xq judge` with several rulesets, `xq report` and the desk's game viewer show it; this module
//! builds it and leaves the presentation to them.

use serde::{Serialize, Serializer};

use crate::arbiter::Arbiter;
use crate::class::{ClassKind, Verdict};
use crate::edition::Reading;
use crate::ruling::{Outcome, PlyRuling, Ruling};

/// One row of the comparison: a ply and its class under each ruleset.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Ply number (1-based).
    pub ply: usize,
    /// The move, as the rulings name it (ICCS unless the caller renamed the plies' moves).
    pub mv: String,
    /// `red` or `black`.
    pub side: &'static str,
    /// The label under each ruleset, in ruleset order (`-` when the ply was not classified).
    pub labels: Vec<String>,
    /// Whether the class differs between the rulesets.
    pub differs: bool,
    /// Why, in the rulebooks' words (when it differs); serialized as its English text.
    #[serde(serialize_with = "ser_en")]
    pub reason: Option<Reading>,
}

/// The comparison of several rulings of the same game.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// Ruleset ids, in order.
    pub rulesets: Vec<String>,
    /// Every ply classified by at least one ruleset.
    pub rows: Vec<Row>,
    /// Whether the repetition verdicts (or outcomes) differ.
    pub verdicts_differ: bool,
    /// Why the verdicts differ, in the rulebooks' words; serialized as its English text.
    #[serde(serialize_with = "ser_en")]
    pub verdict_reason: Option<Reading>,
}

fn ser_en<S: Serializer>(r: &Option<Reading>, s: S) -> Result<S::Ok, S::Error> {
    r.as_ref().map(|r| r.en.as_str()).serialize(s)
}

/// A ply's class as one short cell: the edition's label (or the class), the idle kind
/// (`闲/follow`), the chased points (`捉(c8)`) and a short note; `-` when not classified.
pub fn cell(p: &PlyRuling) -> String {
    let Some(kind) = p.class else {
        return "-".into();
    };
    let mut s = p.label.clone().unwrap_or_else(|| kind.as_str().to_string());
    if let Some(k) = p.idle_kind {
        s = format!("{s}/{k}");
    }
    if !p.targets.is_empty() {
        s.push_str(&format!("({})", p.targets.join(",")));
    }
    if let Some(n) = p.note.as_deref().filter(|n| n.chars().count() <= 8) {
        s.push_str(&format!(" {n}"));
    }
    s
}

/// The rulebook's word for a class: 将, 杀, 捉, 闲 (`-` when the ply was not classified).
pub fn class_word(k: Option<ClassKind>) -> &'static str {
    match k {
        Some(ClassKind::Check) => "将",
        Some(ClassKind::MateThreat) => "杀",
        Some(ClassKind::Chase) => "捉",
        Some(ClassKind::Idle) => "闲",
        None => "-",
    }
}

/// A repetition verdict in words: 和棋 / 红方变着 / 黑方变着, and the JSON word in English.
pub fn verdict_words(v: Verdict) -> Reading {
    let zh = match v {
        Verdict::Draw => "和棋",
        Verdict::MustVary(xiangqi_board::Color::Red) => "红方变着",
        Verdict::MustVary(xiangqi_board::Color::Black) => "黑方变着",
    };
    Reading::new(zh, v.as_str())
}

/// An outcome in words: 未结束 / 红胜 / 黑胜 / 和棋, and the JSON word in English.
pub fn outcome_words(o: Outcome) -> Reading {
    let zh = match o {
        Outcome::Ongoing => "未结束",
        Outcome::Win(xiangqi_board::Color::Red) => "红胜",
        Outcome::Win(xiangqi_board::Color::Black) => "黑胜",
        Outcome::Draw => "和棋",
    };
    Reading::new(zh, o.as_str())
}

/// Why a ply's class differs: for each ruleset (`rulings[i]` made by `arbiters[i]`, `plies[i]`
/// its ruling of the ply) the class and its edition's reading of it
/// ([`RuleEdition::class_reading`](crate::RuleEdition::class_reading)), or the class alone.
pub fn ply_reason(
    arbiters: &[Arbiter],
    rulings: &[Ruling],
    plies: &[Option<&PlyRuling>],
) -> Reading {
    let mut zh = Vec::new();
    let mut en = Vec::new();
    for ((a, r), p) in arbiters.iter().zip(rulings).zip(plies) {
        let word = class_word(p.and_then(|p| p.class));
        let reading = p.and_then(|p| a.edition().class_reading(p));
        let (why_zh, why_en) = match reading {
            Some(w) => (w.zh, w.en),
            None => (word.to_string(), word.to_string()),
        };
        zh.push(format!("{}：{word} — {why_zh}", r.ruleset));
        en.push(format!("{}: {word} — {why_en}", r.ruleset));
    }
    Reading::new(zh.join("；"), en.join("; "))
}

/// Why the verdicts differ: each ruling's labels and verdict with its edition's reading of the
/// cycle ([`RuleEdition::cycle_reading`](crate::RuleEdition::cycle_reading)); `None` when no
/// ruling has a repetition.
pub fn verdict_reason(arbiters: &[Arbiter], rulings: &[Ruling]) -> Option<Reading> {
    let mut zh = Vec::new();
    let mut en = Vec::new();
    for (a, r) in arbiters.iter().zip(rulings) {
        match &r.repetition {
            Some(rep) => {
                let reading = a.edition().cycle_reading(rep);
                let v = verdict_words(rep.verdict);
                zh.push(format!(
                    "{}：红 {}，黑 {} → {}{}",
                    r.ruleset,
                    rep.red,
                    rep.black,
                    v.zh,
                    reading
                        .as_ref()
                        .map(|w| format!("（{}）", w.zh))
                        .unwrap_or_default()
                ));
                en.push(format!(
                    "{}: Red {}, Black {} → {}{}",
                    r.ruleset,
                    rep.red,
                    rep.black,
                    v.en,
                    reading
                        .as_ref()
                        .map(|w| format!(" ({})", w.en))
                        .unwrap_or_default()
                ));
            }
            None => {
                let o = outcome_words(r.outcome);
                zh.push(format!("{}：{}", r.ruleset, o.zh));
                en.push(format!("{}: {}", r.ruleset, o.en));
            }
        }
    }
    rulings
        .iter()
        .any(|r| r.repetition.is_some())
        .then(|| Reading::new(zh.join("；"), en.join("; ")))
}

/// Compares rulings of one game (same plies) under several rulesets (`rulings[i]` made by
/// `arbiters[i]`): a row for every ply classified by at least one of them.
pub fn compare(arbiters: &[Arbiter], rulings: &[Ruling]) -> Comparison {
    let n = rulings.iter().map(|r| r.plies.len()).max().unwrap_or(0);
    let mut rows = Vec::new();
    for i in 0..n {
        let plies: Vec<Option<&PlyRuling>> = rulings.iter().map(|r| r.plies.get(i)).collect();
        if plies.iter().all(|p| p.is_none_or(|p| p.class.is_none())) {
            continue;
        }
        let Some(first) = plies.iter().flatten().next() else {
            continue;
        };
        let labels: Vec<String> = plies
            .iter()
            .map(|p| p.map_or_else(|| "-".to_string(), cell))
            .collect();
        let kinds: Vec<Option<ClassKind>> = plies.iter().map(|p| p.and_then(|p| p.class)).collect();
        let differs = kinds.windows(2).any(|w| w[0] != w[1]);
        let reason = differs.then(|| ply_reason(arbiters, rulings, &plies));
        rows.push(Row {
            ply: first.ply,
            mv: first.mv.clone(),
            side: if first.side.is_red() { "red" } else { "black" },
            labels,
            differs,
            reason,
        });
    }
    let verdicts: Vec<(&str, &str)> = rulings
        .iter()
        .map(|r| {
            (
                r.repetition.as_ref().map_or("-", |x| x.verdict.as_str()),
                r.outcome.as_str(),
            )
        })
        .collect();
    let verdicts_differ = verdicts.windows(2).any(|w| w[0] != w[1]);
    let verdict_reason = verdicts_differ.then(|| {
        verdict_reason(arbiters, rulings)
            .unwrap_or_else(|| Reading::new("结局不同", "the outcomes differ"))
    });
    Comparison {
        rulesets: rulings.iter().map(|r| r.ruleset.clone()).collect(),
        rows,
        verdicts_differ,
        verdict_reason,
    }
}
