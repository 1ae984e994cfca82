//! `cargo xtask <task>`: developer tasks that are too slow or too broad for `cargo test`.
//!
//! - `cargo xtask ci`: the CI gates, by running `.ci/run` (their one definition).
//! - `cargo xtask conformance [--deep]`: every perft count of `tests/data/perft/` (with `--deep`,
//!   all of them, start position depth 6 included; without, those up to 200 M nodes).
//! - `cargo xtask bench [--runs N]`: perft 5 from the start position, N runs (default 5), median
//!   time and nodes/s; asserts the node count.
//! - `cargo xtask perft DEPTH [FEN]`: one perft count.
//! - `cargo xtask batch-memory [--times N]`: peak RSS and time of `xq judge --batch` (release)
//!   on the 7,000 national games and on them repeated N times (default 20) in one file.
//! - `cargo xtask worst-game`: the slowest of the 7,000 national games to judge (every ply
//!   classified, memos emptied per game) under each shipped ruleset.
//! - `cargo xtask pyffish-diff [--cases N] [--seed S]`: random repetition cycles ruled by our
//!   `axf` edition and by pyffish; agreement rate and disagreement classes.

mod pyffish_diff;
mod reliability;

use std::process::{Command, ExitCode};
use std::time::Instant;

use xiangqi::movegen::{Position, perft};
use xiangqi_conformance::perft_file;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("conformance") => conformance(args.iter().any(|a| a == "--deep")),
        Some("bench") => bench(runs_arg(&args)),
        Some("perft") => perft_cmd(&args[1..]),
        Some("pyffish-diff") => pyffish_diff::run(&args[1..]),
        Some("batch-memory") => reliability::batch_memory(times_arg(&args)),
        Some("worst-game") => reliability::worst_game(),
        _ => Err(usage()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::from(2)
        }
    }
}

fn usage() -> String {
    "usage: cargo xtask ci | conformance [--deep] | bench [--runs N] | perft DEPTH [FEN] | batch-memory [--times N] | worst-game | pyffish-diff".into()
}

fn times_arg(args: &[String]) -> usize {
    args.iter()
        .position(|a| a == "--times")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(20)
}

fn runs_arg(args: &[String]) -> usize {
    args.iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(5)
}

pub(crate) fn run(cmd: &str, args: &[&str]) -> Result<(), String> {
    eprintln!("$ {cmd} {}", args.join(" "));
    let status = Command::new(cmd)
        .args(args)
        .status()
        .map_err(|e| format!("{cmd}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{cmd} {}` failed: {status}", args.join(" ")))
    }
}

fn ci() -> Result<(), String> {
    // One definition of the CI steps: the script CI itself runs.
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/run");
    run("bash", &[&script.to_string_lossy()])
}

fn conformance(deep: bool) -> Result<(), String> {
    let limit = if deep { u64::MAX } else { 200_000_000 };
    let mut failures = 0;
    let mut checked = 0;
    for case in perft_file::reference_cases() {
        let pos = Position::from_fen(&case.fen).map_err(|e| format!("{}: {e}", case.id))?;
        for &(depth, nodes) in &case.counts {
            if nodes > limit {
                println!(
                    "{:<45} perft {depth}: skipped ({nodes} nodes; use --deep)",
                    case.id
                );
                continue;
            }
            let start = Instant::now();
            let got = perft(&pos, depth);
            let ok = got == nodes;
            checked += 1;
            if !ok {
                failures += 1;
            }
            println!(
                "{:<45} perft {depth}: {got:>12} {} ({:.2} s)",
                case.id,
                if ok {
                    "ok".to_string()
                } else {
                    format!("EXPECTED {nodes}")
                },
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!("{checked} counts checked, {failures} failed");
    if failures == 0 {
        Ok(())
    } else {
        Err(format!("{failures} perft counts differ"))
    }
}

fn bench(runs: usize) -> Result<(), String> {
    let pos = Position::start();
    let mut times = Vec::with_capacity(runs);
    for i in 0..runs.max(1) {
        let start = Instant::now();
        let nodes = perft(&pos, 5);
        let secs = start.elapsed().as_secs_f64();
        if nodes != 133_312_995 {
            return Err(format!("perft 5 gave {nodes}, expected 133312995"));
        }
        println!(
            "run {}: {secs:.3} s, {:.1} M nodes/s",
            i + 1,
            nodes as f64 / secs / 1e6
        );
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!(
        "perft 5 (startpos, 133312995 nodes, single thread): median {median:.3} s, {:.1} M nodes/s",
        133_312_995.0 / median / 1e6
    );
    Ok(())
}

fn perft_cmd(args: &[String]) -> Result<(), String> {
    let depth: u32 = args
        .first()
        .and_then(|d| d.parse().ok())
        .ok_or_else(usage)?;
    let pos = match args.get(1) {
        Some(fen) => Position::from_fen(fen).map_err(|e| e.to_string())?,
        None => Position::start(),
    };
    println!("{}", perft(&pos, depth));
    Ok(())
}
