//! Developer diagnostics: prints the CN-1987 class of every ply of the cases of a case file
//! (`cargo run -p xiangqi-rules-cn1987 --example diag -- FILE [ID…]`).

use serde::Deserialize;
use xiangqi_adjudication::GameRecord;
use xiangqi_movegen::{Move, Position};
use xiangqi_rules::{Arbiter, JudgeOptions, PlyRuling, Ruleset};
use xiangqi_rules_cn1987::Params;
use xiangqi_rules_cn1987::material;

#[derive(Deserialize)]
struct File {
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    #[serde(default)]
    title: Option<String>,
    fen: String,
    moves: String,
    #[serde(default)]
    labels: Option<String>,
    #[serde(default)]
    expect: std::collections::BTreeMap<String, String>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: diag FILE [ID…]");
        return;
    };
    if path == "--mate" {
        let fen = args.get(1).cloned().unwrap_or_default();
        let Ok(pos) = Position::from_fen(&fen) else {
            eprintln!("bad fen");
            return;
        };
        for plies in [1u32, 3, 5, 7, 9] {
            let mut p = pos.clone();
            let mut budget = 10_000_000;
            let m = material::mates_by_checks(&mut p, plies, &mut budget);
            let m2 = xiangqi_adjudication::mate_by_checks(&pos, plies, 10_000_000);
            println!("plies {plies}: {m} {m2:?} (nodes {})", 10_000_000 - budget);
        }
        return;
    }
    if path == "--fen" {
        let fen = args.get(1).cloned().unwrap_or_default();
        let Ok(pos) = Position::from_fen(&fen) else {
            eprintln!("bad fen");
            return;
        };
        {
            for plies in [2u8, 4, 6, 8, 10, 12] {
                let cfg = material::GainConfig {
                    max_plies: plies,
                    ..Default::default()
                };
                let w = material::winnable(&pos, &cfg);
                println!(
                    "plies {plies}: won {:?} via {:?} truncated {:?}",
                    w.won.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                    w.via_check
                        .into_iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>(),
                    w.truncated
                        .into_iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                );
            }
        }
        return;
    }
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let file: File = match toml::from_str(&text) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            return;
        }
    };
    let params = Params::default();
    let arbiter = match Ruleset::load("cn-1987").map(Arbiter::new) {
        Ok(Ok(a)) => a,
        _ => {
            eprintln!("the cn-1987 ruleset does not load");
            return;
        }
    };
    for case in file.case {
        if args.len() > 1 && !args[1..].iter().any(|a| case.id.contains(a.as_str())) {
            continue;
        }
        let Ok(start) = Position::from_fen(&case.fen) else {
            continue;
        };
        let moves: Vec<Move> = case
            .moves
            .split_whitespace()
            .filter_map(Move::from_iccs)
            .collect();
        println!(
            "== {} {} expect {:?} labels {:?}",
            case.id,
            case.title.unwrap_or_default(),
            case.expect.get("cn-1987"),
            case.labels
        );
        let record = match GameRecord::new(start.clone(), moves.clone()) {
            Ok(r) => r,
            Err(e) => {
                println!("  {e}");
                continue;
            }
        };
        let ruling = arbiter.judge(&record, JudgeOptions { classify_all: true });
        let mut pos = start.clone();
        for (&m, ply) in moves.iter().zip(&ruling.plies).take(5) {
            let Ok(after) = pos.played(m) else {
                break;
            };
            let now = material::threatened_after(&after, &params.gain);
            let was = material::winnable(&pos, &params.gain);
            println!(
                "  {} {} now {:?} via {:?} | was {:?} via {:?} | offer {:?}",
                m.iccs(),
                show(ply),
                now.won
                    .into_iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>(),
                now.via_check
                    .into_iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>(),
                was.won
                    .into_iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>(),
                was.via_check
                    .into_iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>(),
                material::exchange_offer(&pos, m).map(|s| s.to_string()),
            );
            pos = after;
        }
        for r in &ruling.repetitions {
            println!(
                "  -> {} red {} black {}",
                r.verdict.as_str(),
                r.red,
                r.black
            );
        }
    }
}

fn show(p: &PlyRuling) -> String {
    format!(
        "{}{:?}{}",
        p.label.as_deref().unwrap_or("?"),
        p.targets,
        p.note
            .as_deref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default()
    )
}
