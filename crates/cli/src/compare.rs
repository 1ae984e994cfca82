//! Side-by-side rulings as text: one table with every ply's class under each ruleset, each
//! side's cycle label, the verdicts, and the rows where the codes differ with the reason in the
//! rulebooks' words. The comparison itself is [`xiangqi::rules::compare`].

use xiangqi::rules::compare::{Row, compare};
use xiangqi::rules::{Arbiter, Ruling};

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
                row.reason
                    .as_ref()
                    .map_or("classes differ", |r| r.en.as_str())
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
