//! Side-by-side rulings: one table with every ply's class under each ruleset, each side's cycle
//! label, the verdicts, and the rows where the codes differ with the reason in the rulebooks'
//! words.

use serde::Serialize;
use xiangqi::rules::{ClassKind, PlyRuling, Ruling};

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

/// Why a ply's class differs between the Chinese 1987 code and the AXF code.
fn ply_reason(cn: &PlyRuling, axf: &PlyRuling) -> String {
    use ClassKind::*;
    match (cn.class, axf.class) {
        (Some(MateThreat), _) => "CN-1987 counts a mate threat as 打 (禁止长杀, 禁止一将一杀, 禁止一杀一捉); \
             AXF lets a side threaten mate perpetually (AXF rule 9: 长杀 → draw), so the ply is idle there"
            .into(),
        (Some(Chase), Some(Idle)) => {
            if cn.note.as_deref() == Some("要抽吃子") {
                "CN-1987: a check that wins material (抽将) makes 要抽吃子, a forcing move of its own; \
                 AXF's one-move attack test sees no new attack on an unprotected piece"
                    .into()
            } else {
                "CN-1987 judges 捉 by material gain from the next move on (得子 by the 子力价值 table, \
                 joint attackers and 少根子 included); AXF's chase is a new one-move attack on an \
                 unprotected piece (or horse/cannon on a rook), which this ply is not"
                    .into()
            }
        }
        (Some(Idle), Some(Chase)) => "CN-1987: 捉有根子是闲 / 不符合得子规定是闲 / 从捉到捉 / 失去离线自由的棋子不会构成捉子 \
             — no new material gain by the 子力价值 table; AXF counts the new attack itself (AXF rules \
             15, 24, 32)"
            .into(),
        (Some(Idle), Some(MateThreat)) | (Some(Chase), Some(MateThreat)) => {
            "AXF marks a mate threat that CN-1987 does not count: not found within its bound, or not \
             new (从杀到杀: the mover could already mate by consecutive checks before the ply)"
                .into()
        }
        _ => format!(
            "classes differ: {} (CN-1987) vs {} (AXF)",
            kind_name(cn.class),
            kind_name(axf.class)
        ),
    }
}

/// Why the verdicts differ between the Chinese 1987 code and the AXF code.
fn verdict_reason(cn: &Ruling, axf: &Ruling) -> Option<String> {
    let (c, a) = (cn.repetition.as_ref()?, axf.repetition.as_ref()?);
    if c.verdict == a.verdict {
        return None;
    }
    let labels = [c.red.as_str(), c.black.as_str()];
    let has = |w: &str| labels.iter().any(|l| l.contains(w));
    let why = if has("杀") {
        "禁止长杀 / 一将一杀 / 一杀一捉 / 一杀一要抽吃子 (CN-1987 棋例: 杀 is 打) — AXF rule 9: perpetual mate threat is allowed"
    } else if has("将") && has("捉") {
        "禁止一将一捉 (CN-1987) — AXF rule 12: one check and one chase is not perpetual, draw"
    } else if has("要抽吃子") {
        "禁止长要抽吃子 (CN-1987) — AXF's chase test does not count a capture after a discovered check"
    } else if has("捉") || has("闲") {
        "The chase tests differ: CN-1987 得子 by 子力价值 (捉有根子是闲, 联合捉, 少根子) — AXF one-move attack \
         (rules 15, 24, 28, 32)"
    } else {
        "The verdict tables differ"
    };
    Some(format!(
        "CN-1987: Red {}, Black {} → {}; AXF: Red {}, Black {} → {}. {why}",
        c.red,
        c.black,
        c.verdict.as_str(),
        a.red,
        a.black,
        a.verdict.as_str()
    ))
}

/// Compares rulings of one game (same plies) under several rulesets.
pub fn compare(rulings: &[Ruling]) -> Comparison {
    let n = rulings.iter().map(|r| r.plies.len()).max().unwrap_or(0);
    let cn = rulings.iter().position(|r| r.edition == "cn-1987");
    let axf = rulings.iter().position(|r| r.edition == "axf");
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
        let reason = match (differs, cn, axf) {
            (true, Some(c), Some(a)) => match (plies[c], plies[a]) {
                (Some(pc), Some(pa)) => Some(ply_reason(pc, pa)),
                _ => None,
            },
            (true, _, _) => Some("classes differ".into()),
            _ => None,
        };
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
    let verdict_reason = match (cn, axf) {
        (Some(c), Some(a)) if verdicts_differ => {
            verdict_reason(&rulings[c], &rulings[a]).or_else(|| Some("the outcomes differ".into()))
        }
        _ if verdicts_differ => Some("the outcomes differ".into()),
        _ => None,
    };
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
pub fn render(rulings: &[Ruling]) -> String {
    let cmp = compare(rulings);
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
