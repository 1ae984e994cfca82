//! Judging one game under several rulesets, and the `xq judge --json` document of the rulings:
//! the library code behind `xq judge`, the desk and the Python wheel, so that every front end
//! prints the same bytes.

pub mod text;

use crate::adjudication::GameRecord;
use crate::game::declared::Declared;
use crate::rules::{Arbiter, ClassKind, JudgeOptions, LineRuling, PlyRuling, Ruling};

/// Rules a game under every arbiter, every ply classified (the per-ply list is complete).
pub fn judge_all(arbiters: &[Arbiter], record: &GameRecord) -> Vec<Ruling> {
    arbiters
        .iter()
        .map(|a| a.judge(record, JudgeOptions { classify_all: true }))
        .collect()
}

/// The conflicts between a recorded result and each ruling, one sentence each.
pub fn conflicts(declared: &Declared, rulings: &[Ruling]) -> Vec<String> {
    rulings
        .iter()
        .filter_map(|r| crate::game::declared::conflict(declared, r))
        .collect()
}

/// The `xq judge --json` document: `{"rulings":[…]}`, with `recorded` and `conflicts` when the
/// game file records a result, and `comparison` (the editions' readings) when there are several
/// rulings. `arbiters` and `rulings` are in the same order.
pub fn judgement_value(
    arbiters: &[Arbiter],
    rulings: &[Ruling],
    declared: Option<&Declared>,
) -> Result<serde_json::Value, serde_json::Error> {
    let mut v = serde_json::json!({ "rulings": rulings });
    if let Some(d) = declared {
        v["recorded"] = serde_json::to_value(d)?;
        v["conflicts"] = serde_json::json!(conflicts(d, rulings));
    }
    if rulings.len() > 1 {
        v["comparison"] = serde_json::to_value(crate::rules::compare::compare(arbiters, rulings))?;
    }
    Ok(v)
}

/// [`judgement_value`] as the text `xq judge --json` prints (pretty, ending with a line break).
pub fn judgement_json(
    arbiters: &[Arbiter],
    rulings: &[Ruling],
    declared: Option<&Declared>,
) -> Result<String, serde_json::Error> {
    let v = judgement_value(arbiters, rulings, declared)?;
    let mut text = serde_json::to_string_pretty(&v)?;
    text.push('\n');
    Ok(text)
}

/// Renders the capture lines of `ruling`'s chases (and the mate lines of its mate threats) in
/// Chinese notation ([`LineRuling::chinese`]): each line is played from the position after its
/// ply with the opponent passing (让一着). Lines come from [`Arbiter::explain`].
pub fn render_lines(record: &GameRecord, ruling: &mut Ruling) {
    for p in &mut ruling.plies {
        if p.lines.is_empty() || p.ply > record.len() {
            continue;
        }
        let Some(start) = record.position_at(p.ply).pass() else {
            continue;
        };
        for line in &mut p.lines {
            let mut pos = start.clone();
            let mut texts = Vec::new();
            for iccs in &line.moves {
                let Some(m) = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|m| m.iccs() == *iccs)
                else {
                    break;
                };
                texts.push(crate::notation::render(
                    crate::notation::Notation::Chinese,
                    &pos,
                    m,
                ));
                pos.play_unchecked(m);
            }
            line.chinese = texts;
        }
    }
}

/// One explain line of a ply in words: `捉 c5（让一着）：<moves>  [bounds] (note)`, `杀 e9…` for
/// a mate line, or `将兼捉 d3（应将后）：…` for a check that also chases; the moves in Chinese
/// notation when rendered (see [`render_lines`]).
pub fn line_text(p: &PlyRuling, line: &LineRuling) -> String {
    let moves = if line.chinese.is_empty() {
        line.moves.join(" ")
    } else {
        line.chinese.join(" ")
    };
    let bounds: Vec<String> = line
        .bounds
        .iter()
        .map(|(k, v)| format!("{k} ≥ {v}"))
        .collect();
    // A check that also chases (将兼捉): the capture follows once the check is answered (应将后),
    // not with the opponent passing.
    let (word, when) = match p.class {
        Some(ClassKind::MateThreat) => ("杀", "让一着"),
        Some(ClassKind::Check) => ("将兼捉", "应将后"),
        _ => ("捉", "让一着"),
    };
    // An edition whose line rests on no search (AXF's one-move attack) states no bounds.
    let bounds = if bounds.is_empty() {
        String::new()
    } else {
        format!("  [{}]", bounds.join(", "))
    };
    format!(
        "{word} {}（{when}）：{moves}{bounds}{}",
        line.target,
        line.note
            .as_deref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::Position;
    use crate::notation::{Mode, parse_move_list};
    use crate::rules::Ruleset;

    fn arbiters(ids: &[&str]) -> Vec<Arbiter> {
        ids.iter()
            .map(|id| Arbiter::new(Ruleset::load(id).unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn the_document_has_a_ruling_per_ruleset_and_compares_several() {
        let start = Position::start();
        let moves = parse_move_list(&start, "h2e2 h9g7 h0g2", Mode::Tolerant).unwrap();
        let record = GameRecord::new(start, moves).unwrap();
        let two = arbiters(&["cn-1987", "axf"]);
        let rulings = judge_all(&two, &record);
        let text = judgement_json(&two, &rulings, None).unwrap();
        assert!(text.ends_with("}\n"));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["rulings"][0]["ruleset"], "cn-1987");
        assert_eq!(v["rulings"][1]["ruleset"], "axf");
        assert_eq!(v["rulings"][0]["plies"].as_array().unwrap().len(), 3);
        assert_eq!(v["rulings"][0]["outcome"], "ongoing");
        assert!(v.get("comparison").is_some());
        let one = arbiters(&["axf"]);
        let rulings = judge_all(&one, &record);
        let v = judgement_value(&one, &rulings, None).unwrap();
        assert!(v.get("comparison").is_none());
        assert!(v.get("recorded").is_none());
    }
}
