//! The catalogue of CN-1987 readings (`crates/rules-cn1987/READINGS.md`) against the code and
//! the case files: every reading has at least one constructed case (`reading = "Rxx"` in
//! `cn1987-constructed.toml`) that is not a rule-book diagram, the catalogue names those cases,
//! the implementing functions carry the reading's id in a doc comment, and every constructed
//! case's expectation holds — per-ply labels, chased pieces, side labels and verdict.

use std::collections::{BTreeMap, BTreeSet};

use xiangqi::adjudication::Replay;
use xiangqi::rules::{Arbiter, ClassKind, IdleKind, PlyClass, Ruleset};
use xiangqi_conformance::cases::{self, Case};
use xiangqi_conformance::shared::repo_root;

/// The reading ids of READINGS.md: its `### Rxx — …` headings, with each section's text.
fn readings() -> BTreeMap<String, String> {
    let path = repo_root().join("crates/rules-cn1987/READINGS.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("### R") {
            if let Some((id, body)) = current.take() {
                out.insert(id, body);
            }
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            assert_eq!(
                digits.len(),
                2,
                "READINGS.md: heading `{line}` has no id Rnn"
            );
            current = Some((format!("R{digits}"), String::new()));
        } else if line.starts_with("## ") {
            if let Some((id, body)) = current.take() {
                out.insert(id, body);
            }
        } else if let Some((_, body)) = current.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    if let Some((id, body)) = current {
        out.insert(id, body);
    }
    out
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

fn targets(c: &PlyClass) -> String {
    // An idle class may keep the pieces it attacks (将帅捉子, 兵卒捉子): none is chased.
    if c.targets.is_empty() || c.kind == xiangqi::rules::ClassKind::Idle {
        "-".into()
    } else {
        let mut v: Vec<String> = c.targets.iter().map(|t| t.square.to_string()).collect();
        v.sort();
        v.join(",")
    }
}

/// Compares a per-ply expectation (`?` = not asserted; a shorter list repeats with the cycle)
/// with what the code gives.
fn per_ply_matches(expected: &str, got: &[String]) -> bool {
    let exp: Vec<&str> = expected.split_whitespace().collect();
    !exp.is_empty()
        && exp.len() <= got.len()
        && got.len().is_multiple_of(exp.len())
        && exp.iter().cycle().zip(got).all(|(e, g)| {
            if *e == "?" {
                return true;
            }
            let mut e: Vec<&str> = e.split(',').collect();
            e.sort_unstable();
            e.join(",") == *g
        })
}

/// The problems of one case under `arbiter` (empty when every expectation holds).
fn check(arbiter: &Arbiter, case: &Case) -> Vec<String> {
    let rec = case.record();
    let classes = arbiter.classify(&Replay::new(&rec, 0, rec.len()));
    let labels: Vec<String> = classes.iter().map(|c| short(c).to_string()).collect();
    let chased: Vec<String> = classes.iter().map(targets).collect();
    let mut problems = Vec::new();
    match &case.labels {
        Some(l) if !per_ply_matches(l, &labels) => {
            problems.push(format!("labels [{}] (expected [{l}])", labels.join(" ")));
        }
        Some(_) => {}
        None => problems.push("no labels".into()),
    }
    match &case.targets {
        Some(t) if !per_ply_matches(t, &chased) => {
            problems.push(format!("targets [{}] (expected [{t}])", chased.join(" ")));
        }
        Some(_) => {}
        None => problems.push("no targets".into()),
    }
    let (verdict, red, black) = match arbiter.rule_last_ply(&rec) {
        Some((r, _)) => (r.verdict.as_str().to_string(), r.red, r.black),
        None => ("none".into(), String::new(), String::new()),
    };
    match case.expect.get("cn-1987") {
        Some(v) if *v != verdict => problems.push(format!("verdict {verdict} (expected {v})")),
        Some(_) => {}
        None => problems.push("no cn-1987 expectation".into()),
    }
    if let Some(r) = &case.cn1987_red
        && *r != red
    {
        problems.push(format!("red label {red} (expected {r})"));
    }
    if let Some(b) = &case.cn1987_black
        && *b != black
    {
        problems.push(format!("black label {black} (expected {b})"));
    }
    problems
}

/// The board part of a FEN (placement and side to move).
fn board_of(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_reading_has_a_constructed_case_that_holds() {
    let readings = readings();
    assert!(
        readings.len() >= 19,
        "READINGS.md lists only {} readings",
        readings.len()
    );
    let book: BTreeSet<String> = cases::load("cn-rulebook-cases.toml")
        .iter()
        .map(|c| board_of(&c.fen))
        .collect();
    let arbiter = Arbiter::new(Ruleset::load("cn-1987").expect("cn-1987")).expect("edition");
    let mut by_reading: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in cases::load("cn1987-constructed.toml") {
        let Some(reading) = &case.reading else {
            continue;
        };
        if !readings.contains_key(reading) {
            failures.push(format!(
                "{}: reading {reading} is not in READINGS.md",
                case.id
            ));
        }
        if book.contains(&board_of(&case.fen)) {
            failures.push(format!("{}: the position is a rule-book diagram", case.id));
        }
        let problems = check(&arbiter, &case);
        if !problems.is_empty() {
            failures.push(format!("{} ({reading}): {}", case.id, problems.join("; ")));
        }
        by_reading
            .entry(reading.clone())
            .or_default()
            .push(case.id.clone());
    }
    for (id, section) in &readings {
        match by_reading.get(id) {
            None => failures.push(format!("{id}: no constructed case (reading = \"{id}\")")),
            Some(ids) => {
                for case in ids {
                    if !section.contains(case.as_str()) {
                        failures.push(format!(
                            "{id}: READINGS.md does not name its constructed case {case}"
                        ));
                    }
                }
            }
        }
    }
    eprintln!(
        "{} readings, {} constructed cases",
        readings.len(),
        by_reading.values().map(Vec::len).sum::<usize>()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every reading's id is written in a doc comment of the code that implements it
/// (`/// Reading Rxx (READINGS.md).`), and every id written there is in the catalogue.
#[test]
fn reading_ids_are_in_the_code() {
    let readings = readings();
    let src = repo_root().join("crates/rules-cn1987/src");
    let mut text = String::new();
    let mut dirs = vec![src];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                text.push_str(&std::fs::read_to_string(&path).expect("source"));
            }
        }
    }
    let mut cited = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim_start();
        if !line.starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("Reading R") {
            let tail = &rest[i + "Reading R".len()..];
            let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
            cited.insert(format!("R{digits}"));
            rest = tail;
        }
    }
    let missing: Vec<&String> = readings.keys().filter(|id| !cited.contains(*id)).collect();
    let unknown: Vec<&String> = cited
        .iter()
        .filter(|id| !readings.contains_key(*id))
        .collect();
    assert!(
        missing.is_empty(),
        "readings without a `Reading Rxx` doc comment: {missing:?}"
    );
    assert!(
        unknown.is_empty(),
        "doc comments cite readings not in READINGS.md: {unknown:?}"
    );
}

/// The two readings that are ruleset options (R04, R05) decide their constructed cases: with the
/// option turned the other way the verdict changes (so the case tests that reading).
#[test]
fn option_readings_decide_their_cases() {
    let base = std::fs::read_to_string(repo_root().join("rulesets/cn-1987.toml")).expect("ruleset");
    let with = |option: &str| {
        let text = format!("{base}\n[options]\n{option}\n");
        let rs = Ruleset::from_toml(&text, "cn-1987-variant.toml").expect("variant ruleset");
        Arbiter::new(rs).expect("edition")
    };
    let constructed = cases::load("cn1987-constructed.toml");
    let case = |id: &str| {
        constructed
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("{id}"))
            .record()
    };
    let default = Arbiter::new(Ruleset::load("cn-1987").expect("cn-1987")).expect("edition");
    for (id, option, default_verdict, other_verdict, other_label) in [
        (
            "r04-long-chase-different-pieces",
            "perpetual_chase_same_piece = true",
            "red-must-vary",
            "draw",
            "捉不同子",
        ),
        (
            "r05-joint-chase-answers",
            "joint_chase_is_counter = false",
            "red-must-vary",
            "draw",
            "长捉",
        ),
        (
            "r05-rook-cannon-joint",
            "joint_chase_is_counter = false",
            "red-must-vary",
            "draw",
            "长捉",
        ),
    ] {
        let rec = case(id);
        let (r, _) = default.rule_last_ply(&rec).expect("a ruling");
        assert_eq!(r.verdict.as_str(), default_verdict, "{id} under cn-1987");
        let (r, _) = with(option).rule_last_ply(&rec).expect("a ruling");
        assert_eq!(r.verdict.as_str(), other_verdict, "{id} with {option}");
        assert!(
            r.red == other_label || r.black == other_label,
            "{id} with {option}: red {}, black {}",
            r.red,
            r.black
        );
    }
}

/// Every case id that READINGS.md cites (`cxa-…`, `cat-…`, `seed001-…`, `rNN-…` in backticks)
/// is a case of `cn-rulebook-cases.toml` or `cn1987-constructed.toml`.
#[test]
fn cited_cases_exist() {
    let path = repo_root().join("crates/rules-cn1987/READINGS.md");
    let text = std::fs::read_to_string(&path).expect("READINGS.md");
    let known: BTreeSet<String> = ["cn-rulebook-cases.toml", "cn1987-constructed.toml"]
        .iter()
        .flat_map(|f| cases::load(f))
        .map(|c| c.id)
        .collect();
    let mut missing = Vec::new();
    let mut cited = 0;
    for (i, quoted) in text.split('`').enumerate() {
        let is_case = quoted.starts_with("cxa-")
            || quoted.starts_with("cat-")
            || quoted.starts_with("seed001-")
            || (quoted.len() > 4
                && quoted.starts_with('r')
                && quoted[1..3].chars().all(|c| c.is_ascii_digit())
                && quoted[3..].starts_with('-'));
        if i % 2 == 1 && is_case && !quoted.ends_with('…') && !quoted.ends_with("NN") {
            cited += 1;
            if !known.contains(quoted) {
                missing.push(quoted.to_string());
            }
        }
    }
    assert!(cited > 100, "only {cited} case ids cited");
    assert!(
        missing.is_empty(),
        "READINGS.md cites unknown cases: {missing:?}"
    );
}
