//! Judging one game under several rulesets, and the `xq judge --json` document of the rulings:
//! the library code behind `xq judge`, the desk and the Python wheel, so that every front end
//! prints the same bytes.

use crate::adjudication::GameRecord;
use crate::game::declared::Declared;
use crate::rules::{Arbiter, JudgeOptions, Ruling};

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
