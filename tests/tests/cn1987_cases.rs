//! CN-1987 conformance: the Chinese rule book's diagrams (verdicts and per-ply labels), the
//! `cn-1987` expectations of `repetition-cases.toml`, and the constructed category cases of
//! `cn1987-constructed.toml` (each with its `axf` ruling, to document where the codes differ).
//!
//! Every case is ruled through the public catalogue (`Ruleset::load("cn-1987")` → `Arbiter`),
//! so the registration, the ruleset file and the plugin are all exercised.

use serde::Deserialize;
use xiangqi::rules::{Arbiter, ClassKind, IdleKind, PlyClass, Ruleset};
use xiangqi_conformance::cases::{self, Case};

/// The worked examples of a source that could not be rebuilt as cases, with the reason.
#[derive(Deserialize)]
struct SeedFile {
    #[serde(default)]
    seed_example: Vec<SeedExample>,
}

#[derive(Deserialize)]
#[allow(dead_code)]
struct SeedExample {
    id: String,
    moves: String,
    reading: String,
    why_not: String,
}

/// The one-character label of the rule book's diagrams.
fn short(c: &PlyClass) -> &'static str {
    match c.kind {
        ClassKind::Check => "将",
        ClassKind::MateThreat => "杀",
        ClassKind::Chase => "捉",
        ClassKind::Idle if c.idle_kind == IdleKind::Exchange => "兑",
        ClassKind::Idle => "闲",
    }
}

struct Outcome {
    labels: Vec<&'static str>,
    verdict: String,
    red: String,
    black: String,
}

fn rule(arbiter: &Arbiter, case: &Case) -> Outcome {
    let rec = case.record();
    // Labels of every ply, from ply 1 (classify_all), re-derived with the catalogue's classes.
    let replay = xiangqi::adjudication::Replay::new(&rec, 0, rec.len());
    let labels = arbiter.classify(&replay).iter().map(short).collect();
    let (verdict, red, black) = match arbiter.rule_last_ply(&rec) {
        Some((r, _)) => (r.verdict.as_str().to_string(), r.red, r.black),
        None => ("none".into(), String::new(), String::new()),
    };
    Outcome {
        labels,
        verdict,
        red,
        black,
    }
}

fn labels_match(expected: &str, got: &[&str]) -> bool {
    expected
        .split_whitespace()
        .enumerate()
        .all(|(i, l)| l == "?" || got.get(i) == Some(&l))
}

/// Checks every case of `file` that has a `cn-1987` expectation; also the `axf` one when
/// `with_axf`. Returns (checked, failures, divergences still diverging).
fn check_file(file: &str, with_axf: bool) -> (usize, Vec<String>, usize) {
    let cn = Arbiter::new(Ruleset::load("cn-1987").expect("cn-1987 ruleset")).expect("cn-1987");
    let axf = Arbiter::new(Ruleset::load("axf").expect("axf ruleset")).expect("axf");
    let mut failures = Vec::new();
    let mut n = 0;
    let mut diverging = 0;
    for case in cases::load(file) {
        let Some(expected) = case.expect.get("cn-1987") else {
            continue;
        };
        n += 1;
        let got = rule(&cn, &case);
        let mut problems = Vec::new();
        if &got.verdict != expected {
            problems.push(format!("verdict {} (expected {expected})", got.verdict));
        }
        if let Some(l) = &case.labels
            && !labels_match(l, &got.labels)
        {
            problems.push(format!(
                "labels [{}] (expected [{l}])",
                got.labels.join(" ")
            ));
        }
        if let Some(r) = &case.cn1987_red
            && r != &got.red
        {
            problems.push(format!("red label {} (expected {r})", got.red));
        }
        if let Some(b) = &case.cn1987_black
            && b != &got.black
        {
            problems.push(format!("black label {} (expected {b})", got.black));
        }
        if with_axf && let Some(a) = case.expect.get("axf") {
            let ga = rule(&axf, &case);
            if &ga.verdict != a {
                problems.push(format!("axf verdict {} (expected {a})", ga.verdict));
            }
        }
        match (&case.cn1987_divergence, problems.is_empty()) {
            (None, true) => {}
            (None, false) => failures.push(format!(
                "{}: {} — red {}, black {}",
                case.id,
                problems.join("; "),
                got.red,
                got.black
            )),
            (Some(_), false) => diverging += 1,
            (Some(why), true) => failures.push(format!(
                "{}: marked as a divergence ({why}) but now matches the book: remove the mark",
                case.id
            )),
        }
    }
    (n, failures, diverging)
}

/// The worked examples 图1, 图3, 图5, 图6 of seed 001 are either cases or recorded as not
/// reconstructible, with the reason (never dropped silently).
#[test]
fn seed_worked_examples_are_accounted_for() {
    let path = cases::path("cn1987-constructed.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: SeedFile = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let constructed = cases::load("cn1987-constructed.toml");
    for fig in ["fig1", "fig3", "fig5", "fig6"] {
        let id = format!("seed001-{fig}");
        let as_case = constructed.iter().any(|c| c.id == id);
        let noted = file
            .seed_example
            .iter()
            .find(|e| e.id == id)
            .is_some_and(|e| !e.why_not.trim().is_empty() && !e.moves.trim().is_empty());
        assert!(as_case || noted, "{id}: neither a case nor a reasoned note");
    }
}

#[test]
fn rule_book_diagrams_under_cn1987() {
    let (n, failures, diverging) = check_file("cn-rulebook-cases.toml", false);
    assert_eq!(n, 80, "all 80 diagrams of the rule book are checked");
    eprintln!(
        "cn-rulebook-cases: {} of {n} match the book (verdict and every label); {diverging} recorded divergences",
        n - diverging - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn repetition_cases_with_a_cn1987_expectation() {
    let (n, failures, _) = check_file("repetition-cases.toml", false);
    assert!(n >= 10, "only {n} cases with a cn-1987 expectation");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn constructed_category_cases_under_both_codes() {
    let (n, failures, diverging) = check_file("cn1987-constructed.toml", true);
    assert!(n >= 20, "only {n} constructed cases");
    assert_eq!(
        diverging, 0,
        "constructed cases have no recorded divergence"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
