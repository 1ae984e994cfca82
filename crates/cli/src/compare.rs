//! Side-by-side rulings: one table with every ply's class under each ruleset, each side's cycle
//! label, the verdicts, and the rows where the codes differ with the reason in the rulebooks'
//! words.

use serde::Serialize;
use xiangqi::rules::{Arbiter, ClassKind, PlyRuling, Ruling};

/// One row of the comparison: a ply and its class under each ruleset.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Ply number (1-based).
    pub ply: usize,
    /// The move (ICCS).
    pub mv: String,
    /// `red` or `black`.
    pub side: &'static str,
    /// The label under each ruleset, in ruleset order (`-` when the ply was not classified).
    pub labels: Vec<String>,
    /// Whether the class differs between the rulesets.
    pub differs: bool,
    /// Why, in the rulebooks' words (when it differs).
    pub reason: Option<String>,
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
    /// Why the verdicts differ, in the rulebooks' words.
    pub verdict_reason: Option<String>,
}

fn cell(p: &PlyRuling) -> String {
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

fn kind_name(k: Option<ClassKind>) -> &'static str {
    match k {
        Some(ClassKind::Check) => "将",
        Some(ClassKind::MateThreat) => "杀",
        Some(ClassKind::Chase) => "捉",
        Some(ClassKind::Idle) => "闲",
        None => "-",
    }
}

/// Why a ply's class differs: each edition's own reading of the class it gave
/// ([`RuleEdition::class_reading`](xiangqi::rules::RuleEdition::class_reading)), or the class.
fn ply_reason(arbiters: &[Arbiter], rulings: &[Ruling], plies: &[Option<&PlyRuling>]) -> String {
    arbiters
        .iter()
        .zip(rulings)
        .zip(plies)
        .map(|((a, r), p)| {
            let why = p
                .and_then(|p| a.edition().class_reading(p))
                .map(|w| w.en)
                .unwrap_or_else(|| kind_name(p.and_then(|p| p.class)).to_string());
            format!(
                "{}: {} — {why}",
                r.ruleset,
                kind_name(p.and_then(|p| p.class))
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why the verdicts differ: each ruling's labels and verdict with its edition's reading of the
/// cycle ([`RuleEdition::cycle_reading`](xiangqi::rules::RuleEdition::cycle_reading)).
fn verdict_reason(arbiters: &[Arbiter], rulings: &[Ruling]) -> Option<String> {
    let parts: Vec<String> = arbiters
        .iter()
        .zip(rulings)
        .map(|(a, r)| match &r.repetition {
            Some(rep) => {
                let why = a
                    .edition()
                    .cycle_reading(rep)
                    .map(|w| format!(" ({})", w.en))
                    .unwrap_or_default();
                format!(
                    "{}: Red {}, Black {} → {}{why}",
                    r.ruleset,
                    rep.red,
                    rep.black,
                    rep.verdict.as_str()
                )
            }
            None => format!("{}: {}", r.ruleset, r.outcome.as_str()),
        })
        .collect();
    rulings
        .iter()
        .any(|r| r.repetition.is_some())
        .then(|| parts.join("; "))
}

/// Compares rulings of one game (same plies) under several rulesets (`rulings[i]` made by
/// `arbiters[i]`).
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
        let kinds: Vec<(Option<ClassKind>, Option<&str>)> = plies
            .iter()
            .map(|p| p.map_or((None, None), |p| (p.class, p.idle_kind)))
            .collect();
        let differs = kinds.windows(2).any(|w| w[0].0 != w[1].0);
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
    let verdict_reason = verdicts_differ
        .then(|| verdict_reason(arbiters, rulings).unwrap_or_else(|| "the outcomes differ".into()));
    Comparison {
        rulesets: rulings.iter().map(|r| r.ruleset.clone()).collect(),
        rows,
        verdicts_differ,
        verdict_reason,
    }
}

fn width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

fn pad(s: &str, w: usize) -> String {
    let mut out = s.to_string();
    for _ in width(s)..w {
        out.push(' ');
    }
    out
}

/// The human-readable side-by-side table.
pub fn render(arbiters: &[Arbiter], rulings: &[Ruling]) -> String {
    let cmp = compare(arbiters, rulings);
    let mut out = String::new();
    let mut widths: Vec<usize> = cmp.rulesets.iter().map(|r| width(r)).collect();
    for row in &cmp.rows {
        for (i, l) in row.labels.iter().enumerate() {
            widths[i] = widths[i].max(width(l));
        }
    }
    // The move column fits its widest entry (a Chinese move is 8 columns, ICCS 4).
    let mv_width = cmp
        .rows
        .iter()
        .map(|r| width(&r.mv))
        .max()
        .unwrap_or(4)
        .max(4);
    out.push_str(&format!("  ply  {}  side  ", pad("move", mv_width)));
    for (i, r) in cmp.rulesets.iter().enumerate() {
        out.push_str("| ");
        out.push_str(&pad(r, widths[i]));
        out.push(' ');
    }
    out.truncate(out.trim_end_matches(' ').len());
    out.push('\n');
    for row in &cmp.rows {
        let mark = if row.differs { '*' } else { ' ' };
        out.push_str(&format!(
            "{mark}{:>4}  {}  {:<5} ",
            row.ply,
            pad(&row.mv, mv_width),
            row.side
        ));
        for (i, l) in row.labels.iter().enumerate() {
            out.push_str("| ");
            out.push_str(&pad(l, widths[i]));
            out.push(' ');
        }
        // No trailing blanks after the last column.
        out.truncate(out.trim_end_matches(' ').len());
        out.push('\n');
    }
    out.push('\n');
    for r in rulings {
        match &r.repetition {
            Some(rep) => out.push_str(&format!(
                "{}: plies {}–{}: Red {}, Black {} → {}; outcome {} ({})\n",
                r.ruleset,
                rep.first_ply,
                rep.last_ply,
                rep.red,
                rep.black,
                rep.verdict.as_str(),
                r.outcome.as_str(),
                r.reason
            )),
            None => out.push_str(&format!(
                "{}: no repetition; outcome {} ({})\n",
                r.ruleset,
                r.outcome.as_str(),
                r.reason
            )),
        }
    }
    let marked: Vec<&Row> = cmp.rows.iter().filter(|r| r.differs).collect();
    if !marked.is_empty() {
        out.push_str("\nRows marked * differ:\n");
        for row in marked {
            out.push_str(&format!(
                "  ply {} {}: {}\n",
                row.ply,
                row.mv,
                row.reason.as_deref().unwrap_or("classes differ")
            ));
        }
    }
    if let Some(why) = &cmp.verdict_reason {
        out.push_str(&format!("\nThe verdicts differ. {why}\n"));
    } else if rulings.len() > 1 {
        out.push_str("\nThe verdicts agree.\n");
    }
    out
}
