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
            line.chinese = chinese_moves(&mut pos, &line.moves);
            let Some(proof) = line.proof.as_mut() else {
                continue;
            };
            // Each answer is played after the line's first move.
            let mut after_first = start.clone();
            if chinese_moves(&mut after_first, &line.moves[..line.moves.len().min(1)]).is_empty() {
                continue;
            }
            for d in &mut proof.defences {
                let mut pos = after_first.clone();
                let mut moves: Vec<String> = d.reply.iter().cloned().collect();
                moves.extend(d.refutation.iter().cloned());
                d.chinese = chinese_moves(&mut pos, &moves);
            }
        }
    }
}

/// The ICCS `moves` played from `pos` in Chinese notation (up to the first that is not legal),
/// `pos` left after them.
fn chinese_moves(pos: &mut crate::movegen::Position, moves: &[String]) -> Vec<String> {
    let mut texts = Vec::new();
    for iccs in moves {
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
            pos,
            m,
        ));
        pos.play_unchecked(m);
    }
    texts
}

/// The proof under a line (see [`crate::rules::ProofRuling`]), one text line each: the material
/// won, every answer to the first move with its refutation (`应着 车六平四 → 炮６进８ …，得士`), and
/// each bound the ruling rests on with what one bound lower rules (`以三步将军为限；限二步将军：
/// 本着 闲，判 draw`). Empty when the line has no proof.
pub fn proof_text(p: &PlyRuling, line: &LineRuling) -> Vec<String> {
    let Some(proof) = &line.proof else {
        return Vec::new();
    };
    let mate = p.class == Some(ClassKind::MateThreat);
    let mut out = Vec::new();
    if !mate {
        out.push(format!("得子：{}", proof.material.words));
    }
    let first = line.chinese.first().or(line.moves.first());
    if let Some(first) = first.filter(|_| !proof.defences.is_empty()) {
        out.push(format!(
            "{first} 后的应着（{} 种）与驳着：",
            proof.defences.len()
        ));
        for d in &proof.defences {
            let moves = if d.chinese.is_empty() {
                let mut m: Vec<String> = d.reply.iter().cloned().collect();
                m.extend(d.refutation.iter().cloned());
                m
            } else {
                d.chinese.clone()
            };
            let (reply, rest) = match &d.reply {
                Some(_) => (
                    moves.first().cloned().unwrap_or_default(),
                    moves.get(1..).unwrap_or_default().join(" "),
                ),
                None => ("不吃（其他着）".to_string(), moves.join(" ")),
            };
            let rest = if rest.is_empty() {
                "—".to_string()
            } else {
                rest
            };
            let end = if mate {
                if d.refutation.is_empty() {
                    "（未见杀）".to_string()
                } else {
                    "，杀".to_string()
                }
            } else {
                format!("，{}", d.material.words)
            };
            out.push(format!("  {reply} → {rest}{end}"));
        }
    }
    for b in &proof.bounds {
        let lower = match &b.lower {
            Some(l) => format!(
                "；{}：本着 {}，循环判 {}，结果 {}（{}）",
                crate::rules::bound_words(b.key, l.value).replacen("以", "若", 1),
                l.label.as_deref().unwrap_or("-"),
                zh_word(l.verdict.unwrap_or("none")),
                zh_word(l.outcome),
                zh_word(&l.reason)
            ),
            None => String::new(),
        };
        out.push(format!(
            "本判决依赖搜索界限：{}（{} = {}）{lower}",
            b.words, b.key, b.value
        ));
    }
    out
}

/// A verdict or outcome word in Chinese for the proof's text (`draw` 和, `red-must-vary` 红方变着,
/// `red-wins` 红胜 …); a reason word it does not know is kept as it is.
fn zh_word(word: &str) -> &str {
    match word {
        "draw" => "和",
        "red-must-vary" => "红方变着",
        "black-must-vary" => "黑方变着",
        "red-wins" => "红胜",
        "black-wins" => "黑胜",
        "ongoing" => "未结束",
        "none" => "无",
        "repetition" => "循环不变作和",
        "checkmate" => "将死",
        "stalemate" => "困毙",
        other => other,
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
