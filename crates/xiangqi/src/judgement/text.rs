//! The judgement as text, as `xq judge` prints it: one ruling ([`ruling`]) or several side by
//! side ([`compare`]). The renderers of the judgement live here, beside its model and its JSON
//! ([`super::judgement_json`]), so that the CLI, the desk and Python print the same words.

use crate::rules::compare::{Row, compare as compare_rulings};
use crate::rules::{Arbiter, ClassKind, Outcome, Ruling};

fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Ongoing => "no result yet",
        Outcome::Win(crate::board::Color::Red) => "Red wins",
        Outcome::Win(crate::board::Color::Black) => "Black wins",
        Outcome::Draw => "draw",
    }
}

/// The human report of one ruling under `arbiter` (`xq judge` with one ruleset): the outcome,
/// the repetition (or run) ruled on with each side's words and the rule, the plies of the
/// cycle (every ply with `all_plies`) with their capture lines, and the natural limit.
pub fn ruling(r: &Ruling, arbiter: &Arbiter, all_plies: bool) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let rs = arbiter.ruleset();
    let _ = writeln!(
        s,
        "Ruleset {} — {} (edition {})",
        rs.id, rs.title, rs.edition
    );
    let at = r
        .decided_at_ply
        .map(|p| format!(" at ply {p}"))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "Outcome: {} ({}){at}",
        outcome_words(r.outcome),
        r.reason
    );
    match &r.repetition {
        None if r.reason == crate::rules::UNDECIDED_BUDGET => {
            for e in r.explanation.iter().filter(|e| e.contains("work budget")) {
                let _ = writeln!(s, "Repetition: {e}");
            }
        }
        None => {
            let _ = writeln!(
                s,
                "Repetition: no position occurred {} times",
                arbiter.edition().repetitions()
            );
        }
        Some(rep) => {
            let _ = writeln!(
                s,
                "Repetition: plies {}–{}: {} — Red: {}, Black: {}",
                rep.first_ply,
                rep.last_ply,
                rep.verdict.as_str(),
                rep.red,
                rep.black
            );
            let _ = writeln!(s, "  rule: {}", rep.explanation);
        }
    }
    if let Some(run) = &r.run {
        let _ = writeln!(
            s,
            "Run (no repetition): plies {}–{}: {} — Red: {}, Black: {}",
            run.first_ply,
            run.last_ply,
            run.verdict.as_str(),
            run.red,
            run.black
        );
        let _ = writeln!(s, "  rule: {}", run.explanation);
    }
    for e in r
        .explanation
        .iter()
        .filter(|e| e.contains("the ruling of ply") || e.contains("was told to vary at ply"))
    {
        let _ = writeln!(s, "  {e}");
    }
    let (lo, hi) = match (&r.repetition, all_plies) {
        (_, true) => (1, r.plies.len()),
        (Some(rep), false) => (rep.first_ply, rep.last_ply),
        (None, false) => (1, 0),
    };
    if lo <= hi {
        let _ = writeln!(s, "Plies:");
        for p in &r.plies[lo - 1..hi] {
            let class = match p.class {
                None => "-".to_string(),
                Some(ClassKind::Idle) => match p.idle_kind {
                    Some(k) => format!("idle ({k})"),
                    None => "idle".to_string(),
                },
                Some(k) => k.as_str().to_string(),
            };
            let targets = if p.targets.is_empty() {
                String::new()
            } else {
                format!(" → {}", p.targets.join(", "))
            };
            let _ = writeln!(
                s,
                "  {:>4}  {:<5}  {}  {:<4} {}{}",
                p.ply,
                p.side.name(),
                p.mv,
                p.label.as_deref().unwrap_or(""),
                class,
                targets
            );
            for line in &p.lines {
                let _ = writeln!(s, "          {}", super::line_text(p, line));
                for t in super::proof_text(p, line) {
                    let _ = writeln!(s, "            {t}");
                }
            }
        }
    }
    if let Some(d) = &r.dead_position {
        let _ = writeln!(
            s,
            "Dead position from ply {}: neither side has a rook, horse, cannon or pawn — a {} is proposed ({}); the arbiter decides",
            d.from_ply, d.proposed, d.rule
        );
    }
    if let Some(n) = &r.natural_limit {
        match (n.claimable_from_ply, n.claimant) {
            (Some(p), Some(c)) => {
                let _ = writeln!(
                    s,
                    "Natural limit ({} moves without capture, at most {} checks of the claimant counted): {c} may claim a draw from ply {p}",
                    n.moves, n.max_counted_checks
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    "Natural limit ({} moves without capture, at most {} checks counted): not reached (since the last capture: Red {} counted moves, Black {})",
                    n.moves, n.max_counted_checks, n.red.counted_moves, n.black.counted_moves
                );
            }
        }
    }
    s
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

/// The side-by-side table of several rulings of one game (`xq judge` with several rulesets):
/// every ply's label under each ruleset (rows marked `*` where they differ), each ruling's
/// repetition and outcome, and why the rows and verdicts differ. With `explain` (the rulings
/// filled by [`Arbiter::explain`] and [`super::render_lines`]), the line behind every ply where
/// the editions differ and every ply that carries a forbidden label, under each ruleset.
pub fn compare(arbiters: &[Arbiter], rulings: &[Ruling], explain: bool) -> String {
    let cmp = compare_rulings(arbiters, rulings);
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
                row.reason
                    .as_ref()
                    .map_or("classes differ", |r| r.en.as_str())
            ));
        }
    }
    // The lines behind the labels (with `--explain`): every ply where the editions differ and
    // every ply that carries a forbidden label (将, 杀, 捉) under some ruleset, each ruleset's
    // line under it.
    let mut lines = String::new();
    for row in &cmp.rows {
        let plies: Vec<Option<&crate::rules::PlyRuling>> = rulings
            .iter()
            .map(|r| r.plies.iter().find(|p| p.ply == row.ply))
            .collect();
        let forbidden = plies.iter().flatten().any(|p| {
            matches!(
                p.class,
                Some(ClassKind::Check | ClassKind::Chase | ClassKind::MateThreat)
            )
        });
        if !explain || !(row.differs || forbidden) {
            continue;
        }
        lines.push_str(&format!(
            "{}{} {} {}\n",
            if row.differs { '*' } else { ' ' },
            row.ply,
            row.mv,
            row.side
        ));
        for ((r, p), label) in rulings.iter().zip(&plies).zip(&row.labels) {
            let Some(p) = p else { continue };
            if p.lines.is_empty() {
                let why = match p.class {
                    Some(ClassKind::Check) => " (将: the move gives check)",
                    Some(ClassKind::Chase | ClassKind::MateThreat) => " (no line found)",
                    _ => "",
                };
                lines.push_str(&format!("    {}: {label}{why}\n", r.ruleset));
            }
            for line in &p.lines {
                lines.push_str(&format!(
                    "    {}: {}\n",
                    r.ruleset,
                    super::line_text(p, line)
                ));
                for t in super::proof_text(p, line) {
                    lines.push_str(&format!("      {t}\n"));
                }
            }
        }
    }
    if !lines.is_empty() {
        out.push_str("\nLines (让一着: the opponent passes; * the editions differ):\n");
        out.push_str(&lines);
    }
    for r in rulings {
        for e in r
            .explanation
            .iter()
            .filter(|e| e.contains("the ruling of ply") || e.contains("was told to vary at ply"))
        {
            out.push_str(&format!("{}: {e}\n", r.ruleset));
        }
        if let Some(run) = &r.run {
            out.push_str(&format!(
                "{}: run (no repetition), plies {}–{}: Red {}, Black {} → {} ({})\n",
                r.ruleset,
                run.first_ply,
                run.last_ply,
                run.red,
                run.black,
                run.verdict.as_str(),
                run.explanation
            ));
        }
    }
    if let Some(why) = &cmp.verdict_reason {
        out.push_str(&format!("\nThe verdicts differ. {}\n", why.en));
    } else if rulings.len() > 1 {
        out.push_str("\nThe verdicts agree.\n");
    }
    out
}
