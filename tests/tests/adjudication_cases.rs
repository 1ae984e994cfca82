//! Data-driven repetition rulings: every case of `tests/data/adjudication/*.toml` is ruled under
//! every ruleset that has an expectation for it. Every `axf` expectation must hold; the full
//! rulings (per-ply classes included) are snapshotted.

use std::fmt::Write as _;

use xiangqi::rules::{Arbiter, PlyClass, Ruleset};
use xiangqi_conformance::cases::load;

fn class_text(c: &PlyClass) -> String {
    if c.targets.is_empty() {
        c.label.clone()
    } else {
        let t: Vec<String> = c.targets.iter().map(|t| t.square.to_string()).collect();
        format!("{}[{}]", c.label, t.join(","))
    }
}

/// Rules every case of `file` under `ruleset`; returns (failures, snapshot text).
fn rule_file(file: &str, ruleset: &str) -> (Vec<String>, String, usize) {
    let arbiter = Arbiter::new(Ruleset::load(ruleset).expect("ruleset")).expect("edition");
    let mut failures = Vec::new();
    let mut snap = String::new();
    let mut n = 0;
    for case in load(file) {
        let Some(expected) = case.expect.get(ruleset) else {
            continue;
        };
        n += 1;
        let rec = case.record_composed();
        let got = arbiter.rule_last_ply(&rec);
        let (verdict, line) = match &got {
            None => (
                "none".to_string(),
                "no repetition at the last ply".to_string(),
            ),
            Some((r, classes)) => {
                let plies: Vec<String> = classes
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("{}:{}", r.first_ply + i, class_text(c)))
                    .collect();
                (
                    r.verdict.as_str().to_string(),
                    format!(
                        "red={} black={} plies {}-{} ({}) | {}",
                        r.red,
                        r.black,
                        r.first_ply,
                        r.last_ply,
                        r.reason,
                        plies.join(" ")
                    ),
                )
            }
        };
        let ok = &verdict == expected;
        if !ok {
            failures.push(format!(
                "{}: expected {expected}, got {verdict}: {line}",
                case.id
            ));
        }
        writeln!(
            snap,
            "{} {} {}: {line}",
            if ok { "ok " } else { "BAD" },
            case.id,
            verdict
        )
        .unwrap();
    }
    (failures, snap, n)
}

/// Every case of `file` has an `axf` expectation (`expected` of them) and matches it; the full
/// rulings are the snapshot `snapshot`.
fn assert_axf_file(file: &str, expected: usize, snapshot: &str) {
    let (failures, snap, n) = rule_file(file, "axf");
    assert_eq!(n, expected, "every case of {file} has an axf expectation");
    insta::assert_snapshot!(snapshot, snap);
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn repetition_cases_axf() {
    assert_axf_file("repetition-cases.toml", 40, "repetition_cases_axf");
}

#[test]
fn axf_manual_cases_axf() {
    assert_axf_file("axf-manual-cases.toml", 170, "axf_manual_cases_axf");
}

/// Every other ruleset named in an expectation is a loadable, linked ruleset and rules every case
/// that names it (its own verdicts are asserted by its owner's tests, e.g. `cn1987_cases.rs`;
/// the agreement count is printed here).
#[test]
fn other_rulesets_named_in_the_case_files_rule_every_case() {
    for file in ["repetition-cases.toml", "axf-manual-cases.toml"] {
        let cases = load(file);
        let mut ids: Vec<String> = cases
            .iter()
            .flat_map(|c| c.expect.keys().cloned())
            .filter(|k| k != "axf")
            .collect();
        ids.sort();
        ids.dedup();
        for id in ids {
            let rs = Ruleset::load(&id)
                .unwrap_or_else(|e| panic!("{file}: expectation under unknown ruleset {id}: {e}"));
            assert!(
                rs.registration().is_ok(),
                "{file}: ruleset {id} names an edition that is not linked"
            );
            let (failures, _, n) = rule_file(file, &id);
            eprintln!(
                "{file} under {id}: {} of {n} as expected",
                n - failures.len()
            );
        }
    }
}
