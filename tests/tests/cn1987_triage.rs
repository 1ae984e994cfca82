//! CN-1987 on real games against an independent implementation (issue 16): every game of the
//! shared `cn-independent-differential.toml` is triaged in `tests/data/cn-triage.toml` with the
//! verdict and per-ply labels read from the rule text, a reason and a category (`xq-wrong`,
//! `other-wrong`, `editions-differ`). This test rules each game under `cn-1987` (through the
//! public catalogue, as `xq judge` does) from the position the independent side was fed and
//! asserts the triaged verdict and labels; where the verdict hinges on an edition option, it also
//! asserts what the other setting gives.
//!
//! The positions live in `../shared`; without it the test prints a `NOTICE … skipping` line
//! (and fails when `XQ_REQUIRE_SHARED=1`).

use std::collections::BTreeMap;

use serde::Deserialize;
use xiangqi::adjudication::{GameRecord, Replay};
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, ClassKind, IdleKind, PlyClass, Ruleset};
use xiangqi_conformance::shared::{repo_root, shared_dir};

/// One game of the shared differential file.
#[derive(Deserialize)]
#[allow(dead_code)]
struct Game {
    id: String,
    moves: String,
    context_fen: String,
    context_moves: String,
    xq_verdict: String,
    xq_labels: String,
    independent_verdict: String,
    independent_labels: String,
}

#[derive(Deserialize)]
struct Differential {
    case: Vec<Game>,
}

/// One triaged game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Triage {
    id: String,
    category: String,
    verdict: String,
    labels: String,
    reason: String,
    /// An `[options]` line of the cn-1987 ruleset on which the verdict hinges.
    #[serde(default)]
    option: Option<String>,
    /// The verdict with that option.
    #[serde(default)]
    option_verdict: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TriageFile {
    case: Vec<Triage>,
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

fn record(game: &Game) -> GameRecord {
    let pos = Position::from_fen(&game.context_fen).unwrap_or_else(|e| panic!("{}: {e}", game.id));
    let moves: Vec<Move> = game
        .context_moves
        .split_whitespace()
        .map(|m| Move::from_iccs(m).unwrap_or_else(|| panic!("{}: bad move {m}", game.id)))
        .collect();
    GameRecord::new(pos, moves).unwrap_or_else(|e| panic!("{}: illegal: {e}", game.id))
}

/// The verdict of the repetition completed by the last ply, and the labels of the last `n` plies.
fn rule(arbiter: &Arbiter, rec: &GameRecord, n: usize) -> (String, Vec<&'static str>) {
    let replay = Replay::new(rec, 0, rec.len());
    let labels: Vec<&'static str> = arbiter.classify(&replay).iter().map(short).collect();
    let verdict = arbiter
        .rule_last_ply(rec)
        .map_or("none".to_string(), |(r, _)| r.verdict.as_str().to_string());
    (verdict, labels[labels.len().saturating_sub(n)..].to_vec())
}

fn load_triage() -> Vec<Triage> {
    let path = repo_root().join("tests/data/cn-triage.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str::<TriageFile>(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .case
}

#[test]
fn triage_file_is_well_formed() {
    let triage = load_triage();
    assert!(!triage.is_empty());
    let mut seen = BTreeMap::new();
    for t in &triage {
        assert!(
            ["xq-wrong", "other-wrong", "editions-differ"].contains(&t.category.as_str()),
            "{}: category {}",
            t.id,
            t.category
        );
        assert!(
            ["draw", "red-must-vary", "black-must-vary"].contains(&t.verdict.as_str()),
            "{}: verdict {}",
            t.id,
            t.verdict
        );
        assert!(!t.reason.trim().is_empty(), "{}: no reason", t.id);
        assert!(
            t.labels
                .split_whitespace()
                .all(|l| ["将", "杀", "捉", "闲", "兑"].contains(&l)),
            "{}: labels {}",
            t.id,
            t.labels
        );
        assert_eq!(
            t.option.is_some(),
            t.option_verdict.is_some(),
            "{}: option and option_verdict go together",
            t.id
        );
        assert!(seen.insert(t.id.clone(), ()).is_none(), "{}: twice", t.id);
    }
}

#[test]
fn every_differential_game_is_triaged_and_ruled_so() {
    let Some(shared) = shared_dir("the CN-1987 triage of the independent differential") else {
        return;
    };
    let path = shared.join("data/adjudication/cn-independent-differential.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let games = toml::from_str::<Differential>(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .case;
    let triage = load_triage();
    let by_id: BTreeMap<&str, &Triage> = triage.iter().map(|t| (t.id.as_str(), t)).collect();
    for g in &games {
        assert!(by_id.contains_key(g.id.as_str()), "{}: not triaged", g.id);
    }
    for t in &triage {
        assert!(
            games.iter().any(|g| g.id == t.id),
            "{}: triaged but not in the differential file",
            t.id
        );
    }

    let ruleset = Ruleset::load("cn-1987").expect("cn-1987 ruleset");
    let base_text = ruleset.text().to_string();
    let cn = Arbiter::new(ruleset).expect("cn-1987");
    let mut failures = Vec::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for g in &games {
        let t = by_id[g.id.as_str()];
        *counts.entry(t.category.as_str()).or_default() += 1;
        let n = g.moves.split_whitespace().count();
        let expected: Vec<&str> = t.labels.split_whitespace().collect();
        if expected.len() != n {
            failures.push(format!("{}: {} labels for {n} plies", g.id, expected.len()));
            continue;
        }
        let rec = record(g);
        let (verdict, labels) = rule(&cn, &rec, n);
        if verdict != t.verdict || labels != expected {
            failures.push(format!(
                "{} ({}): got {verdict} [{}], triaged {} [{}]",
                g.id,
                t.category,
                labels.join(" "),
                t.verdict,
                t.labels
            ));
        }
        // The category says who was wrong: the triaged row differs from that side's row.
        let differs = |v: &str, l: &str| v != t.verdict || l != t.labels;
        match t.category.as_str() {
            "xq-wrong" if !differs(&g.xq_verdict, &g.xq_labels) => failures.push(format!(
                "{}: xq-wrong, but the triaged row is xq's own",
                g.id
            )),
            "other-wrong" | "editions-differ"
                if !differs(&g.independent_verdict, &g.independent_labels) =>
            {
                failures.push(format!(
                    "{}: {}, but the triaged row is the independent side's",
                    g.id, t.category
                ))
            }
            _ => {}
        }
        if let (Some(opt), Some(want)) = (&t.option, &t.option_verdict) {
            let text = format!("{base_text}\n[options]\n{opt}\n");
            let variant = Ruleset::from_toml(&text, "cn-1987 + triage option")
                .unwrap_or_else(|e| panic!("{}: option `{opt}`: {e}", g.id));
            let arbiter = Arbiter::new(variant).expect("cn-1987 variant");
            let (v, _) = rule(&arbiter, &rec, n);
            if &v != want {
                failures.push(format!("{}: with `{opt}` got {v}, triaged {want}", g.id));
            }
        }
    }
    eprintln!(
        "cn-triage: {} games — {}",
        games.len(),
        counts
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
